// The 8-bit float conversions in PTX for sm_90a and sm_100a, and ptxas
// accepting them: arith.truncf to e4m3 / e5m2 is one
// cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 per pair of elements, arith.extf
// from them one cvt.rn.f16x2.{e4m3x2,e5m2x2} per pair (then to f32).
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck %s --input-file=%t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin
// RUN: tile-translate --emit=ptx --chip=sm_100a --no-cache %s -o %t.sm100.ptx
// RUN: FileCheck %s --input-file=%t.sm100.ptx --check-prefix=SM100
// RUN: %ptxas -arch=sm_100a %t.sm100.ptx -o %t.sm100.cubin

// CHECK-LABEL: .entry to_e4m3(
// CHECK-COUNT-2: cvt.rn.satfinite.e4m3x2.f32
// CHECK-COUNT-2: cvt.rn.f16x2.e4m3x2
// CHECK-LABEL: .entry scalar_e5m2(
// CHECK: cvt.rn.satfinite.e5m2x2.f32
// CHECK: cvt.rn.f16x2.e5m2x2
// SM100-LABEL: .entry to_e4m3(
// SM100: cvt.rn.satfinite.e4m3x2.f32

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @to_e4m3(%x: !tile.ptr<f32>, %y: !tile.ptr<f8E4M3FN>, %z: !tile.ptr<f32>, %scale: f32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 512 : tensor<512xi32>
      %v = tile.load %x[%r] : !tile.ptr<f32>, tensor<512xi32> -> tensor<512xf32>
      %s = tile.splat %scale : tensor<512xf32>
      %w = arith.mulf %v, %s : tensor<512xf32>
      %q = arith.truncf %w : tensor<512xf32> to tensor<512xf8E4M3FN>
      tile.store %y[%r], %q : !tile.ptr<f8E4M3FN>, tensor<512xi32>, tensor<512xf8E4M3FN>
      %back = arith.extf %q : tensor<512xf8E4M3FN> to tensor<512xf32>
      tile.store %z[%r], %back : !tile.ptr<f32>, tensor<512xi32>, tensor<512xf32>
      gpu.return
    }
    gpu.func @scalar_e5m2(%x: !tile.ptr<f16>, %y: !tile.ptr<f8E5M2>, %z: !tile.ptr<bf16>) kernel
        attributes {tile.num_warps = 1 : i32} {
      %tid = tile.thread_id
      %v = tile.load %x[%tid] : !tile.ptr<f16>, i32 -> f16
      %q = arith.truncf %v : f16 to f8E5M2
      tile.store %y[%tid], %q : !tile.ptr<f8E5M2>, i32, f8E5M2
      %back = arith.extf %q : f8E5M2 to bf16
      tile.store %z[%tid], %back : !tile.ptr<bf16>, i32, bf16
      gpu.return
    }
  }
}
