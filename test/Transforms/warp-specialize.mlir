// RUN: tile-opt --tile-warp-specialize --split-input-file %s | FileCheck %s
//
// tile-warp-specialize on the seed's GEMM loop (single-buffered TMA loads
// completing on mbarriers, waits, a synchronous tile.dot, a CTA barrier):
// for 1, 2 and 3 consumer warpgroups, in a persistent kernel, with two
// loops per kernel, without stages. The refusals are in
// warp-specialize-invalid.mlir; the kernels run on the H200 in
// integration_test/GEMM/gemm-warp-specialized.mlir.
// One consumer warpgroup (tile.num_warps = 4): the loop's buffers get 3
// slots, its two barriers 3 "full" versions armed once by the producer
// (arrivals = 1) and the ring 3 "empty" barriers, one arrival per consumer
// thread (128). The consumers wait for full, keep one MMA in flight and
// release the previous slot once it completed, and the last one after the
// loop; the producer (one thread of an added warpgroup) waits for empty at
// the flipped parity, arms each full barrier with the bytes of its
// expect_tx and issues the loads itself. 256 threads start with 248
// registers each, more than a consumer may ask for: no setmaxnreg. The
// constant launch grows by the producer's 128 threads.
// CHECK-LABEL: gpu.func @one_group
// CHECK: %[[A:.*]] = tile.alloc_smem : !tile.smem<3x128x64xf16
// CHECK: %[[B:.*]] = tile.alloc_smem : !tile.smem<3x64x128xf16
// CHECK: %[[FULL_A:.*]] = mbarrier.alloc : !mbarrier.group<3>
// CHECK: %[[EMPTY:.*]] = mbarrier.alloc : !mbarrier.group<3>
// CHECK: %[[FULL_B:.*]] = mbarrier.alloc : !mbarrier.group<3>
// CHECK: scf.if
// CHECK-COUNT-3: mbarrier.init %{{.*}}, arrivals = 1{{$}}
// CHECK-COUNT-3: mbarrier.init %{{.*}}, arrivals = 128{{$}}
// CHECK-COUNT-3: mbarrier.init %{{.*}}, arrivals = 1{{$}}
// CHECK: tile.barrier
// CHECK: tile.barrier
// CHECK-NEXT: tile.warp_specialize(%[[A]], %[[B]], %[[FULL_A]], %[[FULL_B]], %[[EMPTY]],
// CHECK-NEXT: default {
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args
// CHECK: %[[SLOT:.*]] = arith.remui %[[I]], %c3
// CHECK: mbarrier.wait
// CHECK: mbarrier.wait
// CHECK: tile.dot {{.*}} async
// CHECK-NEXT: tile.dot_wait %{{.*}} {pending = 1 : i32}
// CHECK: arith.cmpi ne, %[[I]], %c0
// CHECK: scf.if
// CHECK: %[[PREV:.*]] = arith.subi %[[I]], %c1
// CHECK: arith.remui %[[PREV]], %c3
// CHECK: mbarrier.arrive
// CHECK-NOT: tile.barrier
// CHECK: scf.yield
// CHECK: tile.dot_wait %{{.*}} {pending = 0 : i32}
// CHECK: scf.if
// CHECK: mbarrier.arrive
// CHECK: tile.smem_store
// CHECK: tile.warp_yield
// CHECK: partition0({{.*}}) num_warps(4) {
// CHECK-NEXT: %[[LEADER:.*]] = tile.elect cta
// CHECK-NEXT: scf.if %[[LEADER]] {
// CHECK-NEXT: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NOT: iter_args
// CHECK: arith.xori
// CHECK: mbarrier.wait
// CHECK: mbarrier.arrive_expect_tx %{{.*}}, bytes = 16384
// CHECK-NEXT: tma.async_load {{.*}} scope = thread
// CHECK: mbarrier.arrive_expect_tx %{{.*}}, bytes = 16384
// CHECK-COUNT-2: tma.async_load {{.*}} scope = thread
// CHECK-NOT: tile.dot
// CHECK-NOT: tile.smem_store
// CHECK: tile.warp_return
// CHECK: func.func @launch
// CHECK: %[[ALL:.*]] = arith.constant 256 : index
// CHECK: gpu.launch_func @kernels::@one_group {{.*}} threads in (%[[ALL]], %{{.*}}, %{{.*}})

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @one_group(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
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
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      gpu.return
    }
  }
  func.func @launch(%a: !descA, %b: !descB, %k: i32, %t: index) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@one_group blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%a : !descA, %b : !descB, %k : i32, %t : index)
    return
  }
}

// -----

// Two cooperative consumer warpgroups: 384 threads start with 168
// registers (65536 / 384, rounded down to 8); the producer gives back all
// but 40 and the consumers share the rest, (384 * 168 - 128 * 40) / 256 =
// 232 each. Each empty barrier takes 256 arrivals.
// CHECK-LABEL: gpu.func @two_groups
// CHECK-COUNT-3: mbarrier.init %{{.*}}, arrivals = 256{{$}}
// CHECK: default num_regs(232) {
// CHECK: partition0({{.*}}) num_warps(4) num_regs(40) {

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_groups(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 8 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 256
        mbarrier.init %mbar_b, arrivals = 256
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc8>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc8>) {
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
        %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc8> -> tensor<128x128xf32, #acc8>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc8>
      } {tile.num_stages = 3 : i32, tile.warp_specialize}
      %c_out = arith.truncf %acc : tensor<128x128xf32, #acc8> to tensor<128x128xf16, #acc8>
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc8>, !tileC
      gpu.return
    }
  }
}

// -----

// Three consumer warpgroups: 512 threads start with 128 registers;
// (512 * 128 - 128 * 40) / 384 = 157, rounded down to 152.
// CHECK-LABEL: gpu.func @three_groups
// CHECK-COUNT-3: mbarrier.init %{{.*}}, arrivals = 384{{$}}
// CHECK: default num_regs(152) {
// CHECK: partition0({{.*}}) num_warps(4) num_regs(40) {

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @three_groups(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 12 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 384
        mbarrier.init %mbar_b, arrivals = 384
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
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      gpu.return
    }
  }
}

// -----

// Two CTAs per SM (nvvm.minctasm = 2): 384 threads start with 80
// registers (65536 / 768), so the consumers get (384 * 80 - 128 * 40) /
// 256 = 100, rounded down to 96.
// CHECK-LABEL: gpu.func @two_ctas
// CHECK: default num_regs(96) {
// CHECK: partition0({{.*}}) num_warps(4) num_regs(40) {

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_ctas(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 8 : i32, nvvm.minctasm = 2 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 256
        mbarrier.init %mbar_b, arrivals = 256
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc8>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc8>) {
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
        %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc8> -> tensor<128x128xf32, #acc8>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc8>
      } {tile.num_stages = 3 : i32, tile.warp_specialize}
      %c_out = arith.truncf %acc : tensor<128x128xf32, #acc8> to tensor<128x128xf16, #acc8>
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc8>, !tileC
      gpu.return
    }
  }
}

// -----

// A persistent kernel: the K loop inside an scf.for over tiles. Both sides
// carry the count of K iterations across the tiles (an iter_arg of the
// outer loop, from 0, plus the trip count), so slots and parities go on
// from one tile to the next; the producer's outer loop carries only that.
// CHECK-LABEL: gpu.func @persistent
// CHECK: default {
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[BASE:.*]] = %c0{{.*}}) -> (tensor<128x128xf32, {{.*}}>, index)
// CHECK: scf.for %[[K:.*]] = {{.*}} iter_args
// CHECK: arith.addi %[[BASE]], %[[K]]
// CHECK: partition0(
// CHECK: scf.for {{.*}} iter_args(%[[PBASE:.*]] = %c0{{.*}}) -> (index)
// CHECK: scf.for %[[PK:[^ ]*]] = {{.*}} {
// CHECK: arith.addi %[[PBASE]], %[[PK]]
// CHECK: mbarrier.wait
// CHECK: tma.async_load
// CHECK: scf.yield %{{.*}} : index

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @persistent(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
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
      %acc_last = scf.for %t = %c0 to %tiles step %c1 iter_args(%prev = %init) -> (tensor<128x128xf32, #acc4>) {
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
        %acc_h = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.smem_store %acc_h, %c_shared : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
        scf.yield %acc : tensor<128x128xf32, #acc4>
      }
      %acc = arith.addf %acc_last, %init : tensor<128x128xf32, #acc4>
      %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      gpu.return
    }
  }
}

// -----

// Two specialized loops in one kernel: each gets its own rings and
// barriers; the producer runs both loops, one after the other.
// CHECK-LABEL: gpu.func @two_loops
// CHECK-COUNT-6: mbarrier.alloc : !mbarrier.group<3>
// CHECK: tile.warp_specialize
// CHECK-COUNT-2: tile.dot {{.*}} async
// CHECK: partition0(
// CHECK: scf.for
// CHECK: tma.async_load
// CHECK: scf.for
// CHECK: tma.async_load

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_loops(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %a2_shared = tile.alloc_smem : !boxA
      %b2_shared = tile.alloc_smem : !tileB
      %b20 = tile.smem_subslice %b2_shared[0, 0] : !tileB -> !boxB
      %b21 = tile.smem_subslice %b2_shared[0, 64] : !tileB -> !boxB
      %bars2 = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a2 = mbarrier.index %bars2[%c0] : !mbarrier.group<2>
      %mbar_b2 = mbarrier.index %bars2[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
        mbarrier.init %mbar_a2, arrivals = 128
        mbarrier.init %mbar_b2, arrivals = 128
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
      %acc2 = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %acc) -> (tensor<128x128xf32, #acc4>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c64_i32 : i32
        mbarrier.expect_tx %mbar_a2, bytes = 16384 if %leader
        tma.async_load %descA[%off_m, %off_k], %a2_shared, %mbar_a2 : !descA, !boxA
        mbarrier.arrive %mbar_a2
        mbarrier.expect_tx %mbar_b2, bytes = 16384 if %leader
        tma.async_load %descB[%off_k, %off_n], %b20, %mbar_b2 : !descB, !boxB
        tma.async_load %descB[%off_k, %off_n], %b21, %mbar_b2 : !descB, !boxB
        mbarrier.arrive %mbar_b2
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %mbar_a2, phase %parity : i32
        mbarrier.wait %mbar_b2, phase %parity : i32
        %d = tile.dot %a2_shared, %b2_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc4>
      } {tile.num_stages = 3 : i32, tile.warp_specialize}
      %sum = arith.addf %acc, %acc2 : tensor<128x128xf32, #acc4>
      %c_out = arith.truncf %sum : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      gpu.return
    }
  }
}

// -----

// Without tile.num_stages the ring has one slot: the producer refills it
// once the consumers released it. The MMA stays synchronous and each
// iteration releases its own slot where the CTA barrier was (an MMA in
// flight would hold the only slot while the next iteration waits for its
// refill: that deadlocked on the H200 with two K steps).
// CHECK-LABEL: gpu.func @no_stages
// CHECK: tile.alloc_smem : !tile.smem<1x128x64xf16
// CHECK: mbarrier.alloc : !mbarrier.group<1>
// CHECK: tile.warp_specialize
// CHECK: scf.for
// CHECK: mbarrier.wait
// CHECK: mbarrier.wait
// CHECK-NOT: async
// CHECK: tile.dot
// CHECK-NOT: tile.dot_wait
// CHECK-NOT: tile.barrier
// CHECK: mbarrier.arrive
// CHECK-NEXT: scf.yield

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @no_stages(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
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
        tma.async_load %descB[%off_k, %off_n], %b0, %mbar_b : !descB, !boxB
        tma.async_load %descB[%off_k, %off_n], %b1, %mbar_b : !descB, !boxB
        mbarrier.arrive %mbar_b
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %mbar_a, phase %parity : i32
        mbarrier.wait %mbar_b, phase %parity : i32
        %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc4>
      } {tile.warp_specialize}
      %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      gpu.return
    }
  }
}
