// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-pipeline))' | FileCheck %s

// A pipelined loop that also stores through TMA every iteration: the store,
// its commit and its wait stay in the compute stage, after the wait on the
// iteration's versioned barrier; only the loads move ahead.

// CHECK-LABEL: gpu.func @stores(
// CHECK: tile.alloc_smem : !tile.smem<3x128x32xf16
// CHECK: scf.if
// CHECK: tma.async_load
// CHECK: scf.if
// CHECK: tma.async_load
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tma.async_load
// CHECK: mbarrier.wait
// CHECK: tile.smem_load
// CHECK: tma.async_store
// CHECK-NEXT: tma.store_commit
// CHECK-NEXT: tma.store_wait pending = 0 read_only
// CHECK-NOT: tile.num_stages
#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

gpu.module @m {
  gpu.func @stores(%desc: !d, %out: !tile.smem<128x32xf16, #nv, mutable>, %descO: !d) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ub = arith.constant 8 : index
    %c0_i32 = arith.constant 0 : i32
    %c2_i32 = arith.constant 2 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    %r = scf.for %k = %c0 to %ub step %c1 iter_args(%x = %init) -> (!t) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      %k_i32 = arith.index_cast %k : index to i32
      %p = arith.remui %k_i32, %c2_i32 : i32
      mbarrier.wait %bar, phase %p : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      tile.smem_store %y, %out : !t, !tile.smem<128x32xf16, #nv, mutable>
      tile.fence_async_shared
      tile.barrier
      tma.async_store %out, %descO[%k_i32, %c0_i32] : !tile.smem<128x32xf16, #nv, mutable>, !d
      tma.store_commit
      tma.store_wait pending = 0 read_only
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    tile.smem_store %r, %out : !t, !tile.smem<128x32xf16, #nv, mutable>
    gpu.return
  }
}
