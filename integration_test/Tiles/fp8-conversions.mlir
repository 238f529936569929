// 8-bit float conversions on the GPU against the host's (tile-runtime's
// tileRtConvertFromF32 / tileRtConvertToF32: round to nearest even,
// saturating to the largest finite value), bit for bit (rel_err 0):
// - e4m3: f32 inputs in [-1, 1) scaled by 600 in the kernel (so a third
//   of them lie past e4m3's largest finite value, 448, and saturate),
//   rounded to e4m3 (cvt.rn.satfinite.e4m3x2.f32, pairs of a register
//   tile) and widened back to f32 (cvt.rn.f16x2.e4m3x2);
// - e5m2: f16 inputs scaled by 60000 in f16 (past e5m2's 57344) through
//   scalars (each element paired with 0) and widened back to bf16.
// Outputs are poisoned first, inputs fresh random.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: e4m3_from_f32: rows=1 cols=4096 rel_err=0.000e+00 {{.*}} nonfinite=0 -> PASS
// CHECK: e4m3_back_to_f32: rows=1 cols=4096 rel_err=0.000e+00 {{.*}} nonfinite=0 -> PASS
// CHECK: e5m2_from_f16: rows=1 cols=4096 rel_err=0.000e+00 {{.*}} nonfinite=0 -> PASS
// CHECK: e5m2_back_to_bf16: rows=1 cols=4096 rel_err=0.000e+00 {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // 512 elements per CTA, as a register tile (layouts inferred).
    gpu.func @e4m3_roundtrip(%x: !tile.ptr<f32>, %y: !tile.ptr<f8E4M3FN>, %z: !tile.ptr<f32>, %scale: f32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %cta = tile.program_id x
      %c512 = arith.constant 512 : i32
      %base = arith.muli %cta, %c512 : i32
      %r = tile.range 0 to 512 : tensor<512xi32>
      %b = tile.splat %base : tensor<512xi32>
      %offs = arith.addi %r, %b : tensor<512xi32>
      %v = tile.load %x[%offs] : !tile.ptr<f32>, tensor<512xi32> -> tensor<512xf32>
      %s = tile.splat %scale : tensor<512xf32>
      %w = arith.mulf %v, %s : tensor<512xf32>
      %q = arith.truncf %w : tensor<512xf32> to tensor<512xf8E4M3FN>
      tile.store %y[%offs], %q : !tile.ptr<f8E4M3FN>, tensor<512xi32>, tensor<512xf8E4M3FN>
      %back = arith.extf %q : tensor<512xf8E4M3FN> to tensor<512xf32>
      tile.store %z[%offs], %back : !tile.ptr<f32>, tensor<512xi32>, tensor<512xf32>
      gpu.return
    }

    // One element per thread, as scalars.
    gpu.func @e5m2_roundtrip(%x: !tile.ptr<f16>, %y: !tile.ptr<f8E5M2>, %z: !tile.ptr<bf16>, %scale: f16) kernel
        attributes {tile.num_warps = 4 : i32} {
      %cta = tile.program_id x
      %c128 = arith.constant 128 : i32
      %base = arith.muli %cta, %c128 : i32
      %tid = tile.thread_id
      %i = arith.addi %base, %tid : i32
      %v = tile.load %x[%i] : !tile.ptr<f16>, i32 -> f16
      %w = arith.mulf %v, %scale : f16
      %q = arith.truncf %w : f16 to f8E5M2
      tile.store %y[%i], %q : !tile.ptr<f8E5M2>, i32, f8E5M2
      %back = arith.extf %q : f8E5M2 to bf16
      tile.store %z[%i], %back : !tile.ptr<bf16>, i32, bf16
      gpu.return
    }
  }

  llvm.mlir.global internal constant @e4m3_name("e4m3_from_f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @e4m3_back_name("e4m3_back_to_f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @e5m2_name("e5m2_from_f16\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @e5m2_back_name("e5m2_back_to_bf16\00") {addr_space = 0 : i32}
  llvm.func @malloc(i64) -> !llvm.ptr
  llvm.func @free(!llvm.ptr)
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCopyToHost(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @tileRtCopyToDevice(!llvm.ptr, !llvm.ptr, i64)
  llvm.func @tileRtConvertFromF32(!llvm.ptr, !llvm.ptr, i64, i32)
  llvm.func @tileRtConvertToF32(!llvm.ptr, !llvm.ptr, i64, i32)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

  // The host's expected values of `count` elements of the device buffer
  // `x` (dtype `xType`, `xBytes` bytes each) times `scale`, the product rounded to `xType` (as
  // the kernel computes it), then to `qType` and back to f32: written to
  // the device buffer `expected` (f32).
  func.func @expected(%x: !llvm.ptr, %xType: i32, %xBytes: i64, %scale: f32,
                      %qType: i32, %expected: !llvm.ptr, %count: i64) {
    %c4 = arith.constant 4 : i64
    %bytes = arith.muli %count, %c4 : i64
    %raw = llvm.call @malloc(%bytes) : (i64) -> !llvm.ptr
    %vals = llvm.call @malloc(%bytes) : (i64) -> !llvm.ptr
    %tmp = llvm.call @malloc(%bytes) : (i64) -> !llvm.ptr
    // xType elements are at most 4 bytes: `raw` holds them.
    %xBufBytes = arith.muli %count, %xBytes : i64
    llvm.call @tileRtCopyToHost(%raw, %x, %xBufBytes) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.call @tileRtConvertToF32(%vals, %raw, %count, %xType) : (!llvm.ptr, !llvm.ptr, i64, i32) -> ()
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = arith.index_cast %count : i64 to index
    scf.for %i = %c0 to %n step %c1 {
      %i64 = arith.index_cast %i : index to i64
      %p = llvm.getelementptr %vals[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %v = llvm.load %p : !llvm.ptr -> f32
      %w = arith.mulf %v, %scale : f32
      llvm.store %w, %p : f32, !llvm.ptr
    }
    // The product rounded to the kernel's arithmetic type, then to qType.
    llvm.call @tileRtConvertFromF32(%tmp, %vals, %count, %xType) : (!llvm.ptr, !llvm.ptr, i64, i32) -> ()
    llvm.call @tileRtConvertToF32(%vals, %tmp, %count, %xType) : (!llvm.ptr, !llvm.ptr, i64, i32) -> ()
    llvm.call @tileRtConvertFromF32(%tmp, %vals, %count, %qType) : (!llvm.ptr, !llvm.ptr, i64, i32) -> ()
    llvm.call @tileRtConvertToF32(%vals, %tmp, %count, %qType) : (!llvm.ptr, !llvm.ptr, i64, i32) -> ()
    llvm.call @tileRtCopyToDevice(%expected, %vals, %bytes) : (!llvm.ptr, !llvm.ptr, i64) -> ()
    llvm.call @free(%raw) : (!llvm.ptr) -> ()
    llvm.call @free(%vals) : (!llvm.ptr) -> ()
    llvm.call @free(%tmp) : (!llvm.ptr) -> ()
    return
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %f32 = arith.constant 0 : i32
    %f16 = arith.constant 1 : i32
    %bf16 = arith.constant 2 : i32
    %e4m3 = arith.constant 3 : i32
    %e5m2 = arith.constant 4 : i32
    %zero = arith.constant 0.0 : f64
    %n = arith.constant 4096 : i64
    %one = arith.constant 1 : i64
    %t0 = gpu.wait async
    %x32, %t1 = gpu.alloc async [%t0] () : memref<4096xf32>
    %x16, %t2 = gpu.alloc async [%t1] () : memref<4096xf16>
    %y8a, %t3 = gpu.alloc async [%t2] () : memref<4096xf8E4M3FN>
    %y8b, %t4 = gpu.alloc async [%t3] () : memref<4096xf8E5M2>
    %z32, %t5 = gpu.alloc async [%t4] () : memref<4096xf32>
    %z16, %t6 = gpu.alloc async [%t5] () : memref<4096xbf16>
    %ref, %t7 = gpu.alloc async [%t6] () : memref<4096xf32>
    gpu.wait [%t7]
    %px32 = tile.ptr_from_memref %x32 : memref<4096xf32> -> !llvm.ptr
    %px16 = tile.ptr_from_memref %x16 : memref<4096xf16> -> !llvm.ptr
    %py8a = tile.ptr_from_memref %y8a : memref<4096xf8E4M3FN> -> !llvm.ptr
    %py8b = tile.ptr_from_memref %y8b : memref<4096xf8E5M2> -> !llvm.ptr
    %pz32 = tile.ptr_from_memref %z32 : memref<4096xf32> -> !llvm.ptr
    %pz16 = tile.ptr_from_memref %z16 : memref<4096xbf16> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<4096xf32> -> !llvm.ptr
    %kx32 = tile.ptr_from_memref %x32 : memref<4096xf32> -> !tile.ptr<f32>
    %kx16 = tile.ptr_from_memref %x16 : memref<4096xf16> -> !tile.ptr<f16>
    %ky8a = tile.ptr_from_memref %y8a : memref<4096xf8E4M3FN> -> !tile.ptr<f8E4M3FN>
    %ky8b = tile.ptr_from_memref %y8b : memref<4096xf8E5M2> -> !tile.ptr<f8E5M2>
    %kz32 = tile.ptr_from_memref %z32 : memref<4096xf32> -> !tile.ptr<f32>
    %kz16 = tile.ptr_from_memref %z16 : memref<4096xbf16> -> !tile.ptr<bf16>
    %seed32 = arith.constant 71 : i64
    %seed16 = arith.constant 72 : i64
    llvm.call @tileRtFillRandom(%px32, %n, %f32, %seed32) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%px16, %n, %f16, %seed16) : (!llvm.ptr, i64, i32, i64) -> ()
    %b8 = arith.constant 4096 : i64
    %b16 = arith.constant 8192 : i64
    %b32 = arith.constant 16384 : i64
    llvm.call @tileRtPoison(%py8a, %b8) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%py8b, %b8) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pz32, %b32) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pz16, %b16) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pref, %b32) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %s32 = arith.constant 600.0 : f32
    %s16 = arith.constant 60000.0 : f16
    gpu.launch_func @kernels::@e4m3_roundtrip blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%kx32 : !tile.ptr<f32>, %ky8a : !tile.ptr<f8E4M3FN>, %kz32 : !tile.ptr<f32>, %s32 : f32)
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@e5m2_roundtrip blocks in (%c32, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%kx16 : !tile.ptr<f16>, %ky8b : !tile.ptr<f8E5M2>, %kz16 : !tile.ptr<bf16>, %s16 : f16)
    llvm.call @tileRtSynchronize() : () -> ()

    %four = arith.constant 4 : i64
    %two = arith.constant 2 : i64
    func.call @expected(%px32, %f32, %four, %s32, %e4m3, %pref, %n) : (!llvm.ptr, i32, i64, f32, i32, !llvm.ptr, i64) -> ()
    %ea = llvm.mlir.addressof @e4m3_name : !llvm.ptr
    %eb = llvm.mlir.addressof @e4m3_back_name : !llvm.ptr
    %r1 = llvm.call @tileRtCheck2DMixed(%ea, %py8a, %n, %e4m3, %pref, %n, %f32, %one, %n, %zero) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
    %r2 = llvm.call @tileRtCheck2DMixed(%eb, %pz32, %n, %f32, %pref, %n, %f32, %one, %n, %zero) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

    %s16f = arith.extf %s16 : f16 to f32
    func.call @expected(%px16, %f16, %two, %s16f, %e5m2, %pref, %n) : (!llvm.ptr, i32, i64, f32, i32, !llvm.ptr, i64) -> ()
    %ec = llvm.mlir.addressof @e5m2_name : !llvm.ptr
    %ed = llvm.mlir.addressof @e5m2_back_name : !llvm.ptr
    %r3 = llvm.call @tileRtCheck2DMixed(%ec, %py8b, %n, %e5m2, %pref, %n, %f32, %one, %n, %zero) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
    %r4 = llvm.call @tileRtCheck2DMixed(%ed, %pz16, %n, %bf16, %pref, %n, %f32, %one, %n, %zero) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
    return
  }
}
