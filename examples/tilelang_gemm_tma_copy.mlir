// The TileLang reference GEMM with user-managed synchronization
// (shared/seeds/002: matmul_tma_copy_store), written in TileMLIR.
//
// C[M, N] = A[M, K] * B[K, N], f16 inputs and output, f32 accumulation;
// blocks 128 x 128 x 32, 128 threads (one warpgroup). The host code runs the
// seed's 1024^3 problem and a 1000^3 one that is not a multiple of the
// block (TMA zero-fills the loads and clips the stores at the edges), each
// checked against a cuBLAS reference on fresh random inputs.
//
// As in the seed, the loop is written single-buffered with one barrier per
// operand and marked `tile.num_stages = 3`: tile-pipeline multi-buffers the
// shared tiles, versions the barriers three ways (slot k mod 3, parity
// (k / 3) mod 2) and issues loads ahead. The TMA copy only adds the
// transaction bytes and starts the copy; every thread then arrives and waits
// explicitly, exactly like T.tma_copy + T.barrier_arrive +
// T.mbarrier_wait_parity. The epilogue goes registers -> shared -> global
// through TMA stores followed by a store wait (T.tma_store_wait).
//
// TMA rule that shapes the IR: with a 128-byte swizzle a box row is at most
// 128 bytes (64 f16), so the 128-wide B and C tiles move as two 64-wide
// boxes into the two halves of their NVMMA buffers.

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>

!descA = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!descC = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!halfB = !tile.smem<32x64xf16, #nvmma128, mutable>
!smemC = !tile.smem<128x128xf16, #nvmma128, mutable>
!halfC = !tile.smem<128x64xf16, #nvmma128, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @matmul_tma_copy_store(%descA: !descA, %descB: !descB,
                                    %descC: !descC, %K: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c31_i32 = arith.constant 31 : i32
      %c32_i32 = arith.constant 32 : i32
      // T.ceildiv(K, block_K)
      %k_padded = arith.addi %K, %c31_i32 : i32
      %k_tiles_i32 = arith.divui %k_padded, %c32_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32

      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %c128_i32 : i32
      %off_n = arith.muli %bx, %c128_i32 : i32
      %off_n_hi = arith.addi %off_n, %c64_i32 : i32

      %a_shared = tile.alloc_smem : !smemA
      %b_shared = tile.alloc_smem : !smemB
      %b_lo = tile.smem_subslice %b_shared[0, 0] : !smemB -> !halfB
      %b_hi = tile.smem_subslice %b_shared[0, 64] : !smemB -> !halfB
      %c_shared = tile.alloc_smem : !smemC

      // T.alloc_barrier(128) twice: every thread arrives once per phase.
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier

      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c32_i32 : i32
        // T.tma_copy(A[by * 128, k * 32], A_shared, barrier=mbar_A)
        mbarrier.expect_tx %mbar_a, bytes = 8192 if %leader
        tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !smemA
        mbarrier.arrive %mbar_a
        // T.tma_copy(B[k * 32, bx * 128], B_shared, barrier=mbar_B)
        mbarrier.expect_tx %mbar_b, bytes = 8192 if %leader
        tma.async_load %descB[%off_k, %off_n], %b_lo, %mbar_b : !descB, !halfB
        tma.async_load %descB[%off_k, %off_n_hi], %b_hi, %mbar_b : !descB, !halfB
        mbarrier.arrive %mbar_b
        // T.mbarrier_wait_parity(mbar, k % 2)
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %mbar_a, phase %parity : i32
        mbarrier.wait %mbar_b, phase %parity : i32
        // T.gemm(A_shared, B_shared, C_local)
        %d = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
        // Nobody may overwrite the operands while a warp still reads them.
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc>
      } {tile.num_stages = 3 : i32}

      // T.copy(C_local, C_shared); T.tma_copy(C_shared, C[...])
      %c_f16 = arith.truncf %acc : tensor<128x128xf32, #acc> to tensor<128x128xf16, #acc>
      tile.smem_store %c_f16, %c_shared : tensor<128x128xf16, #acc>, !smemC
      tile.fence_async_shared
      tile.barrier
      %c_lo = tile.smem_subslice %c_shared[0, 0] : !smemC -> !halfC
      %c_hi = tile.smem_subslice %c_shared[0, 64] : !smemC -> !halfC
      tma.async_store %c_lo, %descC[%off_m, %off_n] : !halfC, !descC
      tma.async_store %c_hi, %descC[%off_m, %off_n_hi] : !halfC, !descC
      tma.store_commit
      // T.tma_store_wait(read=False)
      tma.store_wait pending = 0
      gpu.return
    }
  }

  // Host side: descriptors are built on the host from the global tensors
  // and passed by value to the kernel.
  func.func @matmul(%a: memref<?x?xf16>, %b: memref<?x?xf16>,
                    %c: memref<?x?xf16>, %m: index, %n: index, %k: index) {
    %c1 = arith.constant 1 : index
    %c127 = arith.constant 127 : index
    %c128 = arith.constant 128 : index
    %da = tma.make_descriptor %a : memref<?x?xf16> -> !descA
    %db = tma.make_descriptor %b : memref<?x?xf16> -> !descB
    %dc = tma.make_descriptor %c : memref<?x?xf16> -> !descC
    %np = arith.addi %n, %c127 : index
    %mp = arith.addi %m, %c127 : index
    %gx = arith.divui %np, %c128 : index
    %gy = arith.divui %mp, %c128 : index
    %k32 = arith.index_cast %k : index to i32
    gpu.launch_func @kernels::@matmul_tma_copy_store
        blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%da : !descA, %db : !descB, %dc : !descC, %k32 : i32)
    return
  }

  llvm.mlir.global internal constant @name("tilelang_gemm f16 (f32 reference)\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtPrintI64(!llvm.ptr, i64)
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

  // One problem: random A and B, poisoned C, the kernel, a cuBLAS
  // reference, relative error under 1e-2.
  func.func @run(%m: index, %n: index, %k: index, %seed: i64) -> i32 {
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?xf16>
    %b, %t2 = gpu.alloc async [%t1] (%k, %n) : memref<?x?xf16>
    %c, %t3 = gpu.alloc async [%t2] (%m, %n) : memref<?x?xf16>
    %ref, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : memref<?x?xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?xf16> -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : memref<?x?xf16> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %kn = arith.muli %k64, %n64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %two = arith.constant 2 : i64
    %mn_bytes = arith.muli %mn, %two : i64
    %f16 = arith.constant 1 : i32
    %f32 = arith.constant 0 : i32
    %no = arith.constant 0 : i32
    %seed2 = arith.addi %seed, %two : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %f16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %kn, %f16, %seed2) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pc, %mn_bytes) : (!llvm.ptr, i64) -> ()
    func.call @matmul(%a, %b, %c, %m, %n, %k) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>, index, index, index) -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    // The reference keeps f32 results, so the check sees the f16 rounding.
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %f16, %f32, %no, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pc, %n64, %f16, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %a : memref<?x?xf16>
    %t7 = gpu.dealloc async [%t6] %b : memref<?x?xf16>
    %t8 = gpu.dealloc async [%t7] %c : memref<?x?xf16>
    %t9 = gpu.dealloc async [%t8] %ref : memref<?x?xf32>
    gpu.wait [%t9]
    return %fail : i32
  }

  func.func @main() -> i32 {
    %c1000 = arith.constant 1000 : index
    %c1024 = arith.constant 1024 : index
    %s1 = arith.constant 1 : i64
    %s2 = arith.constant 2 : i64
    %f1 = func.call @run(%c1024, %c1024, %c1024, %s1) : (index, index, index, i64) -> i32
    %f2 = func.call @run(%c1000, %c1000, %c1000, %s2) : (index, index, index, i64) -> i32
    %f = arith.addi %f1, %f2 : i32
    return %f : i32
  }
}
