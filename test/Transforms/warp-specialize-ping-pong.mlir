// RUN: tile-opt --tile-warp-specialize %s | FileCheck %s
//
// Ping-pong: a persistent kernel written for one consumer warpgroup
// (tile.num_warps = 4) whose tile loop is marked tile.ping_pong. Its
// iterations alternate between two consumer warpgroups: the default
// region (warpgroup 0) runs iterations lb, lb + 2 step, ... and partition
// 1 (warpgroup 1, warps 8-11) lb + step, lb + 3 step, ...; both count the
// ring's iterations from the loop's original bounds ((iv - lb) / step *
// trip count), as the producer (partition 0) does, so slots and phases
// agree. One warpgroup consumes each slot: the empty barriers take 128
// arrivals. Two "turn" barriers (128 arrivals each) order the MMA phases:
// warpgroup g waits on turns[g] (warpgroup 0 at the flipped parity, so
// its first wait passes) and hands the turn to the other after its K loop.
// The consumers' own buffer (%c_shared) is copied for warpgroup 1. 384
// threads start with 168 registers: 232 for each consumer warpgroup, 40
// for the producer. The launch grows from 128 to 384 threads.
// CHECK-LABEL: gpu.func @ping_pong
// CHECK: %[[C:.*]] = tile.alloc_smem : !tile.smem<128x128xf16
// CHECK-NEXT: %[[C1:.*]] = tile.alloc_smem : !tile.smem<128x128xf16
// CHECK: %[[EMPTY:.*]] = mbarrier.alloc : !mbarrier.group<3>
// CHECK: mbarrier.init %{{.*}}, arrivals = 128
// CHECK: %[[TURNS:.*]] = mbarrier.alloc : !mbarrier.group<2>
// CHECK: scf.if
// CHECK-COUNT-2: mbarrier.init %{{.*}}, arrivals = 128
// CHECK: tile.barrier
// CHECK: tile.warp_specialize({{.*}}%[[C1]], %[[TURNS]])
// CHECK-NEXT: default num_regs(232) {
// CHECK: %[[OFF0:.*]] = arith.muli %[[STEP:.*]], %c0
// CHECK: %[[LB0:.*]] = arith.addi %[[LB:.*]], %[[OFF0]] : index
// CHECK: %[[STEP2:.*]] = arith.muli %[[STEP]], %c2
// CHECK: scf.for %[[IV:.*]] = %[[LB0]] to %{{.*}} step %[[STEP2]] {
// CHECK: %[[T0:.*]] = mbarrier.index %[[TURNS]][%c0
// CHECK-NEXT: mbarrier.wait %[[T0]], phase
// CHECK: %[[DONE:.*]] = arith.subi %[[IV]], %[[LB]] : index
// CHECK-NEXT: arith.divui %[[DONE]], %[[STEP]] : index
// CHECK: scf.for
// CHECK: tile.dot {{.*}} async
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK: %[[T1:.*]] = mbarrier.index %[[TURNS]][%c1
// CHECK-NEXT: mbarrier.arrive %[[T1]]
// CHECK-NEXT: tile.dot_wait %{{.*}} {pending = 0 : i32}
// CHECK: tile.smem_store %{{.*}}, %[[C]] :
// CHECK: tile.warp_yield
// CHECK: partition0({{.*}}) num_warps(4) num_regs(40) {
// CHECK: tma.async_load
// CHECK: tile.warp_return
// CHECK: partition1(%[[PLB:[^:]*]]: index, %[[PSTEP:[^:]*]]: index, {{.*}}, %[[PC:[^:]*]]: !tile.smem<128x128xf16, #nvmma, mutable>, %[[PTURNS:[^:]*]]: !mbarrier.group<2>) num_warps(4) num_regs(232) {
// CHECK: %[[OFF1:.*]] = arith.muli %[[PSTEP]], %c1
// CHECK: %[[LB1:.*]] = arith.addi %[[PLB]], %[[OFF1]] : index
// CHECK: scf.for %{{.*}} = %[[LB1]] to
// CHECK: %[[W1:.*]] = mbarrier.index %[[PTURNS]][%c1
// CHECK-NEXT: mbarrier.wait %[[W1]], phase
// CHECK: tile.dot {{.*}} async
// CHECK: %[[H0:.*]] = mbarrier.index %[[PTURNS]][%c0
// CHECK-NEXT: mbarrier.arrive %[[H0]]
// CHECK: tile.smem_store %{{.*}}, %[[PC]] :
// CHECK: tile.warp_return
// CHECK: func.func @launch
// CHECK: %[[ALL:.*]] = arith.constant 384 : index
// CHECK: gpu.launch_func @kernels::@ping_pong {{.*}} threads in (%[[ALL]], %{{.*}}, %{{.*}})

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ping_pong(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %first = arith.index_cast %bid : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %last = arith.addi %tiles, %c0 : index
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %c_view = tile.smem_subslice %c_shared[0, 0] : !tileC -> !tileC
      %bars = mbarrier.alloc : !mbarrier.group<3>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<3>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<3>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      scf.for %t = %first to %last step %stride {
        %t_i32 = arith.index_cast %t : index to i32
        %off_m = arith.muli %t_i32, %c64_i32 : i32
        %off_n = arith.muli %t_i32, %c64_i32 : i32
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
          tma.async_load %descB[%off_k, %off_n], %b0, %mbar_b : !descB, !boxB
          tma.async_load %descB[%off_k, %off_n], %b1, %mbar_b : !descB, !boxB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc4>
        } {tile.num_stages = 3 : i32, tile.warp_specialize}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.barrier
        tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
      } {tile.ping_pong}
      gpu.return
    }
  }
  func.func @launch(%a: !descA, %b: !descB, %k: i32, %t: index) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@ping_pong blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%a : !descA, %b : !descB, %k : i32, %t : index)
    return
  }
}
