// RUN: tile-opt --tile-lower-copies --tile-warp-specialize --verify-diagnostics %s
//
// tile-warp-specialize on a stage count whose rings pass 2^63 bytes: the
// size check (shared with tile-pipeline) names the stages and the bytes a
// stage (the product once wrapped to a size that fit, and the pass then
// built rings until it was killed).

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!acc = tensor<128x128xf32, #acc>
!T = memref<?x?xf16>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @gemm(%A: !T, %B: !T, %C: !T) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %K = memref.dim %A, %c1 : !T
      %k_tiles = arith.ceildivui %K, %c32 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m = arith.muli %by, %c128 : index
      %n = arith.muli %bx, %c128 : index
      %a_shared = tile.alloc_smem : !smemA
      %b_shared = tile.alloc_smem : !smemB
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : !acc
      // expected-error @+1 {{tile-warp-specialize: 1125899906842624 stages need more than 9223372036854775807 bytes of shared memory for the pipelined buffers alone (16384 a stage), but a CTA can use at most 232448 bytes}}
      %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%c_local = %init) -> (!acc) {
        %off_k = arith.muli %k, %c32 : index
        tile.copy %A[%m, %off_k], %a_shared : !T, !smemA
        tile.copy %B[%off_k, %n], %b_shared : !T, !smemB
        %d = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, !acc -> !acc
        scf.yield %d : !acc
      } {tile.num_stages = 1125899906842624 : i64, tile.warp_specialize}
      %c_f16 = arith.truncf %acc : !acc to tensor<128x128xf16, #acc>
      tile.copy %c_f16, %C[%m, %n] : tensor<128x128xf16, #acc>, !T
      gpu.return
    }
  }
}
