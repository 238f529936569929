// RUN: tile-opt --tile-warp-specialize --split-input-file --verify-diagnostics %s | FileCheck %s
//
// The producer warp runs the kernel's code pruned to what its loads need:
// an op that writes memory runs on the consumers only. When such an op
// decides what the producer loads (here a dynamic tile counter: the next
// tile from a tile.atomic_rmw), the producer would get poison in its
// place, so the pass rejects the kernel, naming the op and the load. An
// atomic whose result only the consumers use is fine.

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
!desc = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tile_counter(%descA: !desc, %descB: !descB, %counter: !tile.ptr<i32>,
                           %tiles: index, %k_tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c0_i32 = arith.constant 0 : i32
      %c1_i32 = arith.constant 1 : i32
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !boxB
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
      %init = tile.splat %zero : tensor<128x64xf32, #acc>
      scf.for %round = %c0 to %tiles step %c1 {
        // expected-error @+1 {{'tile.atomic_rmw' op computes a value that decides the producer warp's loads, but the producer does not run it (it writes memory or holds a register tile, so only the consumer warps do)}}
        %tile = tile.atomic_rmw add %counter[%c0_i32], %c1_i32 relaxed gpu : !tile.ptr<i32>, i32, i32
        %off_m = arith.muli %tile, %c128_i32 : i32
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x64xf32, #acc>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          // expected-note @+1 {{a load it decides}}
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !desc, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 8192 if %leader
          tma.async_load %descB[%off_k, %c0_i32], %b_shared, %mbar_b : !descB, !boxB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !boxB, tensor<128x64xf32, #acc> -> tensor<128x64xf32, #acc>
          tile.barrier
          scf.yield %d : tensor<128x64xf32, #acc>
        } {tile.num_stages = 2 : i32, tile.warp_specialize}
      }
      gpu.return
    }
  }
}

// -----

// The consumers count finished tiles with an atomic the producer never
// needs: specialized, the atomic only on the consumers' side.

// CHECK-LABEL: gpu.func @consumer_counter
// CHECK: tile.warp_specialize
// CHECK: tile.atomic_rmw add
// CHECK: partition0
// CHECK-NOT: tile.atomic_rmw
// CHECK: gpu.return

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
!desc = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @consumer_counter(%descA: !desc, %descB: !descB, %counter: !tile.ptr<i32>,
                               %tiles: index, %k_tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c0_i32 = arith.constant 0 : i32
      %c1_i32 = arith.constant 1 : i32
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !boxB
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
      %init = tile.splat %zero : tensor<128x64xf32, #acc>
      scf.for %round = %c0 to %tiles step %c1 {
        %tile = arith.index_cast %round : index to i32
        %off_m = arith.muli %tile, %c128_i32 : i32
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x64xf32, #acc>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !desc, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 8192 if %leader
          tma.async_load %descB[%off_k, %c0_i32], %b_shared, %mbar_b : !descB, !boxB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !boxB, tensor<128x64xf32, #acc> -> tensor<128x64xf32, #acc>
          tile.barrier
          scf.yield %d : tensor<128x64xf32, #acc>
        } {tile.num_stages = 2 : i32, tile.warp_specialize}
        %done = tile.atomic_rmw add %counter[%c0_i32], %c1_i32 relaxed gpu : !tile.ptr<i32>, i32, i32
      }
      gpu.return
    }
  }
}
