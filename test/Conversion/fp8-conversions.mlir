// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-tile-kernels-to-nvvm, canonicalize))' | FileCheck %s

// arith.truncf to f8E4M3FN / f8E5M2 and arith.extf from them, on scalars
// and register tiles: pairs of elements through the GPU's paired cvt
// (nvvm.convert.f32x2.to.f8x2, rounding to nearest even and saturating;
// nvvm.convert.f8x2.to.f16x2, exact). Register tiles of 8-bit floats are
// vectors of i8. The first operand of the f32x2 conversion lands in the
// upper byte, so element i + 1 goes first. 16-bit sources widen to f32
// first; f32 and bf16 results widen from f16 (bf16 through f32).

#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 8]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @tile_to_e4m3
  // CHECK-SAME: (%[[X:.*]]: vector<4xf32>)
  // CHECK: %[[X0:.*]] = llvm.extractelement %[[X]][%{{.*}} : i32] : vector<4xf32>
  // CHECK: %[[X1:.*]] = llvm.extractelement %[[X]][%{{.*}} : i32] : vector<4xf32>
  // CHECK: %[[X2:.*]] = llvm.extractelement %[[X]][%{{.*}} : i32] : vector<4xf32>
  // CHECK: %[[X3:.*]] = llvm.extractelement %[[X]][%{{.*}} : i32] : vector<4xf32>
  // CHECK: nvvm.convert.f32x2.to.f8x2 %[[X1]], %[[X0]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E4M3FN)
  // CHECK: nvvm.convert.f32x2.to.f8x2 %[[X3]], %[[X2]] {rnd = #nvvm.fp_rnd_mode<rn>, sat = #nvvm.sat_mode<satfinite>} : vector<2xi8>(f8E4M3FN)
  // CHECK: llvm.return %{{.*}} : vector<4xi8>
  gpu.func @tile_to_e4m3(%x: tensor<64x8xf32, #acc>) -> tensor<64x8xf8E4M3FN, #acc> {
    %q = arith.truncf %x : tensor<64x8xf32, #acc> to tensor<64x8xf8E4M3FN, #acc>
    gpu.return %q : tensor<64x8xf8E4M3FN, #acc>
  }

  // CHECK-LABEL: llvm.func @tile_from_e4m3
  // CHECK: nvvm.convert.f8x2.to.f16x2 %{{.*}} : vector<2xi8>(f8E4M3FN) -> vector<2xf16>
  // CHECK-COUNT-2: llvm.fpext %{{.*}} : f16 to f32
  // CHECK: nvvm.convert.f8x2.to.f16x2 %{{.*}} : vector<2xi8>(f8E4M3FN) -> vector<2xf16>
  // CHECK-COUNT-2: llvm.fpext %{{.*}} : f16 to f32
  // CHECK: llvm.return %{{.*}} : vector<4xf32>
  gpu.func @tile_from_e4m3(%q: tensor<64x8xf8E4M3FN, #acc>) -> tensor<64x8xf32, #acc> {
    %x = arith.extf %q : tensor<64x8xf8E4M3FN, #acc> to tensor<64x8xf32, #acc>
    gpu.return %x : tensor<64x8xf32, #acc>
  }

  // A scalar is paired with 0; f16 widens to f32 first.
  // CHECK-LABEL: llvm.func @scalar_to_e5m2
  // CHECK: %[[Z:.*]] = llvm.mlir.constant(0.000000e+00 : f32) : f32
  // CHECK: %[[W:.*]] = llvm.fpext %{{.*}} : f16 to f32
  // CHECK: %[[P:.*]] = nvvm.convert.f32x2.to.f8x2 %[[Z]], %[[W]] {{.*}} : vector<2xi8>(f8E5M2)
  // CHECK: %[[E:.*]] = llvm.extractelement %[[P]][%{{.*}} : i32] : vector<2xi8>
  // CHECK: llvm.return %[[E]] : i8
  gpu.func @scalar_to_e5m2(%x: f16) -> f8E5M2 {
    %q = arith.truncf %x : f16 to f8E5M2
    gpu.return %q : f8E5M2
  }

  // CHECK-LABEL: llvm.func @scalar_from_e5m2_to_bf16
  // CHECK: nvvm.convert.f8x2.to.f16x2 %{{.*}} : vector<2xi8>(f8E5M2) -> vector<2xf16>
  // CHECK: llvm.fpext %{{.*}} : f16 to f32
  // CHECK: llvm.fptrunc %{{.*}} : f32 to bf16
  gpu.func @scalar_from_e5m2_to_bf16(%q: f8E5M2) -> bf16 {
    %x = arith.extf %q : f8E5M2 to bf16
    gpu.return %x : bf16
  }
}
