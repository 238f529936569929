// An fp8 GEMM on Hopper: D[M, N] (f32) = A[M, K] * B[N, K]^T with A and B in
// e4m3 or e5m2, both K-major as wgmma requires for 8-bit operands (B is
// loaded [N, K] by TMA and viewed as K x N through tile.smem_trans).
// 128 x 128 x 64 blocks, wgmma m64n128k32, f32 TMA-store epilogue through an
// unswizzled buffer. Checked against cuBLAS on the exactly widened inputs
// (fresh random data, D poisoned) for 1024^3 and 1000 x 1000 x 1008 (rows
// of an fp8 tensor must be a multiple of 16 bytes for TMA, so K is 1008,
// which still leaves a partial last K block).
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: fp8 e4m3 gemm: rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: fp8 e4m3 gemm: rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: fp8 e5m2 gemm: rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: fp8 e5m2 gemm: rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 8>
#nvmma64t = #tile.nvmma_shared<swizzle = 64, element_bits = 8, transposed = true>
#plain32 = #tile.nvmma_shared<swizzle = 0, element_bits = 32>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>

!descD = !tma.descriptor<tensor<128x128xf32>, swizzle = 0>
!smemD = !tile.smem<128x128xf32, #plain32, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @gemm_e4m3fn(%descA: !tma.descriptor<tensor<128x64xf8E4M3FN>, swizzle = 64>,
                      %descB: !tma.descriptor<tensor<128x64xf8E4M3FN>, swizzle = 64>,
                      %descD: !descD, %K: i32)
        kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c63_i32 = arith.constant 63 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %k_padded = arith.addi %K, %c63_i32 : i32
      %k_tiles_i32 = arith.divui %k_padded, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %c128_i32 : i32
      %off_n = arith.muli %bx, %c128_i32 : i32

      %a_shared = tile.alloc_smem : !tile.smem<128x64xf8E4M3FN, #nvmma64, mutable>
      %b_shared = tile.alloc_smem : !tile.smem<128x64xf8E4M3FN, #nvmma64, mutable>
      %b_kn = tile.smem_trans %b_shared, order = [1, 0] : !tile.smem<128x64xf8E4M3FN, #nvmma64, mutable> -> !tile.smem<64x128xf8E4M3FN, #nvmma64t, mutable>
      %d_shared = tile.alloc_smem : !smemD
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier

      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c64_i32 : i32
        mbarrier.expect_tx %bar, bytes = 16384 if %leader
        tma.async_load %descA[%off_m, %off_k], %a_shared, %bar : !tma.descriptor<tensor<128x64xf8E4M3FN>, swizzle = 64>, !tile.smem<128x64xf8E4M3FN, #nvmma64, mutable>
        tma.async_load %descB[%off_n, %off_k], %b_shared, %bar : !tma.descriptor<tensor<128x64xf8E4M3FN>, swizzle = 64>, !tile.smem<128x64xf8E4M3FN, #nvmma64, mutable>
        scf.if %leader {
          mbarrier.arrive %bar
        }
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %bar, phase %parity : i32
        %d = tile.dot %a_shared, %b_kn, %c_local : !tile.smem<128x64xf8E4M3FN, #nvmma64, mutable>, !tile.smem<64x128xf8E4M3FN, #nvmma64t, mutable>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc>
      }
      tile.smem_store %acc, %d_shared : tensor<128x128xf32, #acc>, !smemD
      tile.fence_async_shared
      tile.barrier
      tma.async_store %d_shared, %descD[%off_m, %off_n] : !smemD, !descD
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }
    gpu.func @gemm_e5m2(%descA: !tma.descriptor<tensor<128x64xf8E5M2>, swizzle = 64>,
                      %descB: !tma.descriptor<tensor<128x64xf8E5M2>, swizzle = 64>,
                      %descD: !descD, %K: i32)
        kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c63_i32 = arith.constant 63 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %k_padded = arith.addi %K, %c63_i32 : i32
      %k_tiles_i32 = arith.divui %k_padded, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %c128_i32 : i32
      %off_n = arith.muli %bx, %c128_i32 : i32

      %a_shared = tile.alloc_smem : !tile.smem<128x64xf8E5M2, #nvmma64, mutable>
      %b_shared = tile.alloc_smem : !tile.smem<128x64xf8E5M2, #nvmma64, mutable>
      %b_kn = tile.smem_trans %b_shared, order = [1, 0] : !tile.smem<128x64xf8E5M2, #nvmma64, mutable> -> !tile.smem<64x128xf8E5M2, #nvmma64t, mutable>
      %d_shared = tile.alloc_smem : !smemD
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier

      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c64_i32 : i32
        mbarrier.expect_tx %bar, bytes = 16384 if %leader
        tma.async_load %descA[%off_m, %off_k], %a_shared, %bar : !tma.descriptor<tensor<128x64xf8E5M2>, swizzle = 64>, !tile.smem<128x64xf8E5M2, #nvmma64, mutable>
        tma.async_load %descB[%off_n, %off_k], %b_shared, %bar : !tma.descriptor<tensor<128x64xf8E5M2>, swizzle = 64>, !tile.smem<128x64xf8E5M2, #nvmma64, mutable>
        scf.if %leader {
          mbarrier.arrive %bar
        }
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %bar, phase %parity : i32
        %d = tile.dot %a_shared, %b_kn, %c_local : !tile.smem<128x64xf8E5M2, #nvmma64, mutable>, !tile.smem<64x128xf8E5M2, #nvmma64t, mutable>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc>
      }
      tile.smem_store %acc, %d_shared : tensor<128x128xf32, #acc>, !smemD
      tile.fence_async_shared
      tile.barrier
      tma.async_store %d_shared, %descD[%off_m, %off_n] : !smemD, !descD
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name_e4m3("fp8 e4m3 gemm\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_e5m2("fp8 e5m2 gemm\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

  func.func @run_e4m3fn(%m: index, %n: index, %k: index, %seed: i64) -> i32 {
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?xf8E4M3FN>
    %b, %t2 = gpu.alloc async [%t1] (%n, %k) : memref<?x?xf8E4M3FN>
    %d, %t3 = gpu.alloc async [%t2] (%m, %n) : memref<?x?xf32>
    %ref, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : memref<?x?xf8E4M3FN> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?xf8E4M3FN> -> !llvm.ptr
    %pd = tile.ptr_from_memref %d : memref<?x?xf32> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %nk = arith.muli %n64, %k64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %four = arith.constant 4 : i64
    %mn_bytes = arith.muli %mn, %four : i64
    %dtype = arith.constant 3 : i32
    %f32 = arith.constant 0 : i32
    %transposed = arith.constant 1 : i32
    %one = arith.constant 1 : i64
    %seed_b = arith.addi %seed, %one : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %dtype, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %nk, %dtype, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pd, %mn_bytes) : (!llvm.ptr, i64) -> ()
    %da = tma.make_descriptor %a : memref<?x?xf8E4M3FN> -> !tma.descriptor<tensor<128x64xf8E4M3FN>, swizzle = 64>
    %db = tma.make_descriptor %b : memref<?x?xf8E4M3FN> -> !tma.descriptor<tensor<128x64xf8E4M3FN>, swizzle = 64>
    %dd = tma.make_descriptor %d : memref<?x?xf32> -> !descD
    %c1 = arith.constant 1 : index
    %c127 = arith.constant 127 : index
    %c128 = arith.constant 128 : index
    %np = arith.addi %n, %c127 : index
    %mp = arith.addi %m, %c127 : index
    %gx = arith.divui %np, %c128 : index
    %gy = arith.divui %mp, %c128 : index
    %k32 = arith.index_cast %k : index to i32
    gpu.launch_func @kernels::@gemm_e4m3fn
        blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%da : !tma.descriptor<tensor<128x64xf8E4M3FN>, swizzle = 64>,
             %db : !tma.descriptor<tensor<128x64xf8E4M3FN>, swizzle = 64>,
             %dd : !descD, %k32 : i32)
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %dtype, %f32, %transposed, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name_e4m3 : !llvm.ptr
    %tol = arith.constant 3.0e-3 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pd, %n64, %f32, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %a : memref<?x?xf8E4M3FN>
    %t7 = gpu.dealloc async [%t6] %b : memref<?x?xf8E4M3FN>
    %t8 = gpu.dealloc async [%t7] %d : memref<?x?xf32>
    %t9 = gpu.dealloc async [%t8] %ref : memref<?x?xf32>
    gpu.wait [%t9]
    return %fail : i32
  }

  func.func @run_e5m2(%m: index, %n: index, %k: index, %seed: i64) -> i32 {
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?xf8E5M2>
    %b, %t2 = gpu.alloc async [%t1] (%n, %k) : memref<?x?xf8E5M2>
    %d, %t3 = gpu.alloc async [%t2] (%m, %n) : memref<?x?xf32>
    %ref, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : memref<?x?xf8E5M2> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?xf8E5M2> -> !llvm.ptr
    %pd = tile.ptr_from_memref %d : memref<?x?xf32> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %nk = arith.muli %n64, %k64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %four = arith.constant 4 : i64
    %mn_bytes = arith.muli %mn, %four : i64
    %dtype = arith.constant 4 : i32
    %f32 = arith.constant 0 : i32
    %transposed = arith.constant 1 : i32
    %one = arith.constant 1 : i64
    %seed_b = arith.addi %seed, %one : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %dtype, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %nk, %dtype, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pd, %mn_bytes) : (!llvm.ptr, i64) -> ()
    %da = tma.make_descriptor %a : memref<?x?xf8E5M2> -> !tma.descriptor<tensor<128x64xf8E5M2>, swizzle = 64>
    %db = tma.make_descriptor %b : memref<?x?xf8E5M2> -> !tma.descriptor<tensor<128x64xf8E5M2>, swizzle = 64>
    %dd = tma.make_descriptor %d : memref<?x?xf32> -> !descD
    %c1 = arith.constant 1 : index
    %c127 = arith.constant 127 : index
    %c128 = arith.constant 128 : index
    %np = arith.addi %n, %c127 : index
    %mp = arith.addi %m, %c127 : index
    %gx = arith.divui %np, %c128 : index
    %gy = arith.divui %mp, %c128 : index
    %k32 = arith.index_cast %k : index to i32
    gpu.launch_func @kernels::@gemm_e5m2
        blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%da : !tma.descriptor<tensor<128x64xf8E5M2>, swizzle = 64>,
             %db : !tma.descriptor<tensor<128x64xf8E5M2>, swizzle = 64>,
             %dd : !descD, %k32 : i32)
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %dtype, %f32, %transposed, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name_e5m2 : !llvm.ptr
    %tol = arith.constant 3.0e-3 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pd, %n64, %f32, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %a : memref<?x?xf8E5M2>
    %t7 = gpu.dealloc async [%t6] %b : memref<?x?xf8E5M2>
    %t8 = gpu.dealloc async [%t7] %d : memref<?x?xf32>
    %t9 = gpu.dealloc async [%t8] %ref : memref<?x?xf32>
    gpu.wait [%t9]
    return %fail : i32
  }

  func.func @main() -> i32 {
    %c1000 = arith.constant 1000 : index
    %c1024 = arith.constant 1024 : index
    %c1008 = arith.constant 1008 : index
    %s1 = arith.constant 31 : i64
    %s2 = arith.constant 47 : i64
    %f1 = func.call @run_e4m3fn(%c1024, %c1024, %c1024, %s1) : (index, index, index, i64) -> i32
    %f2 = func.call @run_e4m3fn(%c1000, %c1000, %c1008, %s2) : (index, index, index, i64) -> i32
    %f3 = func.call @run_e5m2(%c1024, %c1024, %c1024, %s1) : (index, index, index, i64) -> i32
    %f4 = func.call @run_e5m2(%c1000, %c1000, %c1008, %s2) : (index, index, index, i64) -> i32
    %a = arith.addi %f1, %f2 : i32
    %b = arith.addi %f3, %f4 : i32
    %f = arith.addi %a, %b : i32
    return %f : i32
  }
}
