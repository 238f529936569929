// RUN: tile-opt --tile-warp-specialize %s | FileCheck %s
//
// Everything before the point where tile-warp-specialize splits the kernel
// runs on every warp, the added producer warpgroup's included. A barrier
// every thread arrives on there (here the TMA load of an attention
// kernel's Q, waited for before the K/V loop) was initialized for the
// kernel's 128 threads; it now expects all 256, or the producer's extra
// arrivals would overrun its phase (a hardware exception on the H200).
// Barriers one thread arrives on, or that are also arrived on after the
// split, keep the count the user wrote.

// CHECK-LABEL: gpu.func @q_once
// CHECK: mbarrier.init %[[Q:.*]], arrivals = 256
// CHECK-NEXT: mbarrier.init %[[ONE:.*]], arrivals = 1
// CHECK-NEXT: mbarrier.init %[[LATE:.*]], arrivals = 128
// CHECK: mbarrier.arrive %[[Q]]
// CHECK: mbarrier.arrive %[[ONE]] if
// CHECK: tile.warp_specialize
// CHECK: mbarrier.arrive %[[LATE]]

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @q_once(%descA: !descA, %descB: !descB, %K: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c0_i32 = arith.constant 0 : i32
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %q_shared = tile.alloc_smem : !boxA
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %bars = mbarrier.alloc : !mbarrier.group<5>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<5>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<5>
      %mbar_q = mbarrier.index %bars[%c2] : !mbarrier.group<5>
      %mbar_one = mbarrier.index %bars[%c3] : !mbarrier.group<5>
      %mbar_late = mbarrier.index %bars[%c4] : !mbarrier.group<5>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
        mbarrier.init %mbar_q, arrivals = 128
        mbarrier.init %mbar_one, arrivals = 1
        mbarrier.init %mbar_late, arrivals = 128
      }
      tile.barrier
      mbarrier.expect_tx %mbar_q, bytes = 16384 if %leader
      tma.async_load %descA[%c0_i32, %c0_i32], %q_shared, %mbar_q : !descA, !boxA
      mbarrier.arrive %mbar_q
      mbarrier.wait %mbar_q, phase %c0_i32 : i32
      mbarrier.arrive %mbar_one if %leader
      mbarrier.arrive %mbar_late
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c64_i32 : i32
        mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
        tma.async_load %descA[%c0_i32, %off_k], %a_shared, %mbar_a : !descA, !boxA
        mbarrier.arrive %mbar_a
        mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
        tma.async_load %descB[%off_k, %c0_i32], %b0, %mbar_b : !descB, !boxB
        tma.async_load %descB[%off_k, %c64_i32], %b1, %mbar_b : !descB, !boxB
        mbarrier.arrive %mbar_b
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %mbar_a, phase %parity : i32
        mbarrier.wait %mbar_b, phase %parity : i32
        %d = tile.dot %q_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc4>
      } {tile.num_stages = 3 : i32, tile.warp_specialize}
      mbarrier.arrive %mbar_late
      gpu.return
    }
  }
}
