// RUN: tile-opt --tile-warp-specialize %s | FileCheck %s
//
// Ping-pong with an i32 tile loop (warp-specialize-ping-pong.mlir has the
// index one): the ring's iteration count (index, the K loop's type) comes
// from the i32 loop's (iv - lb) / step, the turn parity from the copy's own
// i32 iteration count, with no cast where the types agree.
// CHECK-LABEL: gpu.func @ping_pong_i32
// CHECK: tile.warp_specialize
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %[[STEP2:.*]] : i32 {
// CHECK: %[[K:.*]] = arith.divui %{{.*}}, %[[STEP2]] : i32
// CHECK-NOT: arith.trunci
// CHECK: arith.andi %[[K]], %{{.*}} : i32
// CHECK: mbarrier.wait
// CHECK: %[[DONE:.*]] = arith.divui %{{.*}} : i32
// CHECK-NEXT: %[[DONEX:.*]] = arith.index_castui %[[DONE]] : i32 to index
// CHECK: arith.muli %[[DONEX]], %{{.*}} : index
// CHECK: partition1(
// CHECK: scf.for %{{.*}} : i32 {
// CHECK: tile.warp_return

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
    gpu.func @ping_pong_i32(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %last = arith.index_cast %tiles : index to i32
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
      scf.for %t_i32 = %bid to %last step %grid : i32 {
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
    gpu.launch_func @kernels::@ping_pong_i32 blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%a : !descA, %b : !descB, %k : i32, %t : index)
    return
  }
}
