// RUN: tile-opt --tile-warp-specialize --split-input-file --verify-diagnostics %s | FileCheck %s
//
// tile-warp-specialize in a cluster kernel (known_cluster_size) whose loop
// loads B multicast, split between the two CTAs of a cluster
// (multicast = 2): each CTA's producer writes into both CTAs' rings, so a
// slot may be refilled only once the consumers of both have released it.
// Each empty barrier takes the arrivals of 2 x 128 consumer threads: every
// consumer thread arrives on its own CTA's barrier, and one elected lane of
// each consumer warp on the other CTA's for its 32 threads. Every thread of
// the cluster meets at a cluster barrier once the barriers are initialized
// (the peers' copies and arrivals reach them) and once its part is done
// (no CTA leaves while a peer may still reach its shared memory). The
// producer issues the multicast load as written; the lowering picks its
// piece. The kernel runs on the H200 in
// integration_test/GEMM/gemm-warp-specialized.mlir (w128x256s4g8c2x1).
// CHECK-LABEL: gpu.func @cluster_pair
// CHECK: %[[EMPTY:.*]] = mbarrier.alloc : !mbarrier.group<3>
// CHECK: scf.if
// CHECK-COUNT-3: mbarrier.init %{{.*}}, arrivals = 1{{$}}
// CHECK-COUNT-3: mbarrier.init %{{.*}}, arrivals = 256{{$}}
// CHECK-COUNT-3: mbarrier.init %{{.*}}, arrivals = 1{{$}}
// CHECK: tile.cluster_barrier
// CHECK-NEXT: tile.warp_specialize
// CHECK-NEXT: default {
// CHECK: tile.dot {{.*}} async
// CHECK-NEXT: tile.dot_wait %{{.*}} {pending = 1 : i32}
// CHECK: scf.if
// CHECK: %[[BAR:.*]] = mbarrier.index %{{.*}}[%{{.*}}] : !mbarrier.group<3>
// CHECK-NEXT: mbarrier.arrive %[[BAR]]{{$}}
// CHECK-NEXT: %[[LANE:.*]] = tile.elect warp
// CHECK-NEXT: %[[RANK:.*]] = tile.cluster_rank
// CHECK: %[[NOT0:.*]] = arith.cmpi ne, %[[RANK]], %[[R0:.*]] : i32
// CHECK-NEXT: %[[P0:.*]] = arith.andi %[[LANE]], %[[NOT0]] : i1
// CHECK-NEXT: mbarrier.arrive %[[BAR]], count = 32 if %[[P0]] remote %[[R0]]
// CHECK: %[[NOT1:.*]] = arith.cmpi ne, %[[RANK]], %[[R1:.*]] : i32
// CHECK-NEXT: %[[P1:.*]] = arith.andi %[[LANE]], %[[NOT1]] : i1
// CHECK-NEXT: mbarrier.arrive %[[BAR]], count = 32 if %[[P1]] remote %[[R1]]
// The last slot, after the loop, is released the same way.
// CHECK: tile.dot_wait %{{.*}} {pending = 0 : i32}
// CHECK: scf.if
// CHECK: mbarrier.arrive
// CHECK: tile.elect warp
// CHECK-COUNT-2: remote
// CHECK: tile.smem_store
// CHECK: tile.cluster_barrier
// CHECK-NEXT: tile.warp_yield
// CHECK: partition0({{.*}}) num_warps(4) {
// CHECK: mbarrier.arrive_expect_tx %{{.*}}, bytes = 16384
// CHECK-NEXT: tma.async_load {{.*}} scope = thread
// CHECK: mbarrier.arrive_expect_tx %{{.*}}, bytes = 16384
// CHECK-NEXT: tma.async_load {{.*}} multicast %{{.*}} scope = thread : !tma.descriptor<tensor<64x128xf16>, swizzle = 128, multicast = 2>
// CHECK: tile.cluster_barrier
// CHECK-NEXT: tile.warp_return

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x128xf16>, swizzle = 128, multicast = 2>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cluster_pair(%descA: !descA, %descB: !descB, %K: i32) kernel
        attributes {tile.num_warps = 4 : i32, known_cluster_size = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c128_i32 : i32
      %off_n = arith.constant 0 : i32
      %mask = arith.constant 3 : i16
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %c_shared = tile.alloc_smem : !tileC
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
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c64_i32 : i32
        mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
        tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !boxA
        mbarrier.arrive %mbar_a
        mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
        tma.async_load %descB[%off_k, %off_n], %b_shared, %mbar_b multicast %mask : !descB, !tileB
        mbarrier.arrive %mbar_b
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %mbar_a, phase %parity : i32
        mbarrier.wait %mbar_b, phase %parity : i32
        %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc4>
      } {tile.num_stages = 3 : i32, tile.warp_specialize}
      %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      gpu.return
    }
  }
}

// -----

// Without known_cluster_size the pass cannot count the CTAs whose
// producers write into a slot: the loop stays as written (tile-pipeline
// refuses multicast loads too).
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x128xf16>, swizzle = 128, multicast = 2>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: gpu.func @no_cluster_shape
    // CHECK-NOT: tile.warp_specialize
    gpu.func @no_cluster_shape(%descA: !descA, %descB: !descB, %K: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %off = arith.constant 0 : i32
      %mask = arith.constant 3 : i16
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
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
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      // expected-warning @+1 {{tile-warp-specialize: not supported yet: a multicast TMA load in a kernel without known_cluster_size (each slot must wait for the consumers of every CTA the loads write into)}}
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c64_i32 : i32
        mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
        tma.async_load %descA[%off, %off_k], %a_shared, %mbar_a : !descA, !boxA
        mbarrier.arrive %mbar_a
        mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
        tma.async_load %descB[%off_k, %off], %b_shared, %mbar_b multicast %mask : !descB, !tileB
        mbarrier.arrive %mbar_b
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %mbar_a, phase %parity : i32
        mbarrier.wait %mbar_b, phase %parity : i32
        %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc4>
      } {tile.num_stages = 3 : i32, tile.warp_specialize}
      gpu.return
    }
  }
}
