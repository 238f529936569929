// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-lower-warp-specialize))' -split-input-file | FileCheck %s

// Code before the op runs on every warp; the default region and the rest of
// the kernel on warps [0, 4); partition0 on warp 4, partition1 on warps
// [5, 8). Partition warps exit at the end of their partition.
// CHECK-LABEL: gpu.func @partitions
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>
// CHECK: %[[BEFORE:.*]] = arith.addi
// CHECK: %[[WID:.*]] = tile.warp_id
// CHECK: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: %[[DEFAULT:.*]] = arith.cmpi ult, %[[WID]], %[[C4]]
// CHECK: scf.if %[[DEFAULT]] {
// CHECK-NEXT: %[[D:.*]] = arith.muli %[[BEFORE]]
// CHECK-NEXT: arith.subi %[[D]]
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NEXT: %[[IN0:.*]] = arith.cmpi ult, %[[WID]], %[[C5]]
// CHECK-NEXT: scf.if %[[IN0]] {
// CHECK-NEXT: arith.addi %[[BEFORE]], %[[BEFORE]]
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %[[IN1:.*]] = arith.cmpi ult, %[[WID]], %[[C8]]
// CHECK-NEXT: scf.if %[[IN1]] {
// CHECK-NEXT: arith.muli %[[BEFORE]], %[[BEFORE]]
// CHECK: gpu.return
// CHECK-NOT: tile.warp_specialize
gpu.module @m {
  gpu.func @partitions(%x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %before = arith.addi %x, %x : i32
    %r = tile.warp_specialize(%before) default {
      %d = arith.muli %before, %before : i32
      tile.warp_yield %d : i32
    }
    partition0(%a: i32) num_warps(1) {
      %e = arith.addi %a, %a : i32
      tile.warp_return
    }
    partition1(%b: i32) num_warps(3) {
      %f = arith.muli %b, %b : i32
      tile.warp_return
    } : (i32) -> i32
    %after = arith.subi %r, %x : i32
    gpu.return
  }
}

// -----

// Register budgets become setmaxnreg per warpgroup. 12 warps start with
// 168 registers (65536 / 384, rounded down to a multiple of 8): the two
// default warpgroups grow to 232, the producer warpgroup shrinks to 40.
// The kernel declares those 168 (.maxnreg) and one CTA per SM, so that
// ptxas compiles it with exactly the pool the budgets were checked against.
// CHECK-LABEL: gpu.func @budgets
// CHECK-SAME: known_block_size = array<i32: 384, 1, 1>, nvvm.maxnreg = 168 : i32, nvvm.minctasm = 1 : i32
// CHECK: scf.if
// CHECK-NEXT: nvvm.setmaxregister increase 232
// CHECK: } else {
// CHECK: scf.if
// CHECK-NEXT: nvvm.setmaxregister decrease 40
gpu.module @m {
  gpu.func @budgets() kernel attributes {tile.num_warps = 8 : i32} {
    tile.warp_specialize() default num_regs(232) {
      tile.warp_yield
    }
    partition0() num_warps(4) num_regs(40) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Gluon's budgets (its tutorial's matmul): two one-warp partitions at 24
// registers and none for the default. setmaxnreg acts on whole warpgroups,
// so warps 6 and 7 idle in the partitions' warpgroup (the kernel runs 8
// warps, with a warning that its launches must give them), taking its
// budget; the default gets what is left: 8 warps start with 248 registers
// (65536 / 256, capped at 255, rounded down to 8), 248 x 256 - 24 x 128
// leaves 472 a thread for the default's 128, capped at setmaxnreg's 256.
// CHECK-LABEL: gpu.func @gluon_budgets
// CHECK-SAME: known_block_size = array<i32: 256, 1, 1>, nvvm.maxnreg = 248 : i32, nvvm.minctasm = 1 : i32
// CHECK: scf.if
// CHECK-NEXT: nvvm.setmaxregister increase 256
// CHECK: } else {
// CHECK: scf.if
// CHECK-NEXT: nvvm.setmaxregister decrease 24
// CHECK: } else {
// CHECK: scf.if
// CHECK-NEXT: nvvm.setmaxregister decrease 24
// CHECK: } else {
// CHECK-NEXT: nvvm.setmaxregister decrease 24
// CHECK-NEXT: }
gpu.module @m {
  gpu.func @gluon_budgets() kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(1) num_regs(24) {
      tile.warp_return
    }
    partition1() num_warps(1) num_regs(24) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Barriers and leader election inside a branch involve only its warps: the
// default warps use named barrier 1 (128 threads), partition0 barrier 2 (64
// threads); `elect cta` in partition0 elects in its first warp (warp 4).
// CHECK-LABEL: gpu.func @rebased
// CHECK: tile.barrier
// CHECK: scf.if
// CHECK: %[[ID1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[N128:.*]] = arith.constant 128 : i32
// CHECK-NEXT: nvvm.barrier id = %[[ID1]] number_of_threads = %[[N128]]
// CHECK: } else {
// CHECK: %[[ID2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[N64:.*]] = arith.constant 64 : i32
// CHECK-NEXT: nvvm.barrier id = %[[ID2]] number_of_threads = %[[N64]]
// CHECK: %[[W:.*]] = tile.warp_id
// CHECK-NEXT: %[[BASE:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[REL:.*]] = arith.subi %[[W]], %[[BASE]]
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[REL]]
// CHECK-NEXT: %[[LANE:.*]] = tile.elect warp
// CHECK-NEXT: arith.andi %[[FIRST]], %[[LANE]]
gpu.module @m {
  gpu.func @rebased() kernel attributes {tile.num_warps = 4 : i32} {
    tile.barrier
    tile.warp_specialize() default {
      tile.barrier
      tile.warp_yield
    }
    partition0() num_warps(2) {
      tile.barrier
      %e = tile.elect cta
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Warpgroup barriers are not rebased: each keeps its own named barrier
// (8 + the warpgroup's index in the CTA) wherever it runs.
// CHECK-LABEL: gpu.func @warpgroup_barriers
// CHECK: scf.if
// CHECK: nvvm.barrier id
// CHECK-NEXT: tile.barrier warpgroup
// CHECK: } else {
// CHECK: tile.barrier warpgroup
gpu.module @m {
  gpu.func @warpgroup_barriers() kernel attributes {tile.num_warps = 8 : i32} {
    tile.warp_specialize() default {
      tile.barrier
      tile.barrier warpgroup
      tile.warp_yield
    }
    partition0() num_warps(4) {
      tile.barrier warpgroup
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Register tiles in regions: warps 4-7 run partition0's 4-warp layout
// (warp ids 4-7 have the low bits 0-3), and its layout change through
// shared scratch synchronizes on the partition's named barrier 2 for 128
// threads; the default region's on barrier 1. So do windows, which may read
// through the same scratch.
#rows = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: gpu.func @register_tiles
// CHECK: tile.convert_layout %{{.*}} {tile.sync_group = array<i32: 1, 128>}
// CHECK: tile.extract_slice %{{.*}}[3, 5] {tile.sync_group = array<i32: 1, 128>}
// CHECK: tile.convert_layout %{{.*}} {tile.sync_group = array<i32: 2, 128>}
// CHECK: tile.extract_slice %{{.*}}[3, 5] {tile.sync_group = array<i32: 2, 128>}
gpu.module @m {
  gpu.func @register_tiles(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize(%x) default {
      %t = tile.splat %x : tensor<64x64xf32, #rows>
      %u = tile.convert_layout %t : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
      %w = tile.extract_slice %t[3, 5] : tensor<64x64xf32, #rows> -> tensor<8x16xf32, #rows>
      tile.warp_yield
    }
    partition0(%y: f32) num_warps(4) {
      %t = tile.splat %y : tensor<64x64xf32, #rows>
      %u = tile.convert_layout %t : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
      %w = tile.extract_slice %t[3, 5] : tensor<64x64xf32, #rows> -> tensor<8x16xf32, #rows>
      tile.warp_return
    } : (f32) -> ()
    gpu.return
  }
}
