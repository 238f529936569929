// The TileLang seed's GEMM (shared/seeds/002: matmul_tma_copy_store) with
// tile.copy: the kernel names regions of the global tensors and the
// compiler does the rest (examples/tilelang_gemm_tma_copy.mlir is the same
// kernel with every instruction chosen by hand):
// - tile-lower-copies turns each copy into TMA tensor copies through
//   descriptors it adds as kernel arguments and builds on the host at the
//   launch from the memrefs passed; the 128-wide B and C tiles move as two
//   64-wide boxes (a 128-byte swizzle caps a box row at 128 bytes), and the
//   barrier expects the bytes of both loads (16384);
// - tile-insert-fences orders the epilogue's shared stores before the TMA
//   store (fence.proxy.async);
// - tile-pipeline multi-buffers the loop marked `tile.num_stages`.
// C[M, N] = A[M, K] * B[K, N], f16 in and out, f32 accumulation; blocks of
// 128 x 128 x 32, one warpgroup. The host code runs 1024^3 and 1000^3
// (not a multiple of the block: TMA zero-fills loads and clips stores) with
// 2 and 3 stages (@matmul2 runs the same kernel compiled for 2), each
// checked against a cuBLAS reference on fresh random inputs.

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!smemC = !tile.smem<128x128xf16, #nvmma128, mutable>
!acc = tensor<128x128xf32, #acc>
!T = memref<?x?xf16>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @gemm(%A: !T, %B: !T, %C: !T) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c31 = arith.constant 31 : index
      %c32 = arith.constant 32 : index
      %K = memref.dim %A, %c1 : !T
      %K_up = arith.addi %K, %c31 : index
      %k_tiles = arith.divui %K_up, %c32 : index
      %c128 = arith.constant 128 : i32
      %bx = tile.program_id x
      %by = tile.program_id y
      %m_i32 = arith.muli %by, %c128 : i32
      %n_i32 = arith.muli %bx, %c128 : i32
      %m = arith.index_cast %m_i32 : i32 to index
      %n = arith.index_cast %n_i32 : i32 to index
      %a_shared = tile.alloc_smem : !smemA
      %b_shared = tile.alloc_smem : !smemB
      %c_shared = tile.alloc_smem : !smemC
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader { mbarrier.init %bar, arrivals = 128 }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : !acc
      %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%c_local = %init) -> (!acc) {
        %off_k = arith.muli %k, %c32 : index
        tile.copy %A[%m, %off_k], %a_shared barrier %bar : !T, !smemA
        tile.copy %B[%off_k, %n], %b_shared barrier %bar : !T, !smemB
        mbarrier.arrive %bar
        %k_i32 = arith.index_cast %k : index to i32
        mbarrier.wait %bar, phase %k_i32 : i32
        %d = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, !acc -> !acc
        tile.barrier
        scf.yield %d : !acc
      } {tile.num_stages = 3 : i32}
      %c_f16 = arith.truncf %acc : !acc to tensor<128x128xf16, #acc>
      tile.smem_store %c_f16, %c_shared : tensor<128x128xf16, #acc>, !smemC
      tile.copy %c_shared, %C[%m, %n] : !smemC, !T
      gpu.return
    }
  }
}
