// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-pipeline,canonicalize))' | FileCheck %s

// Trip counts 0, 1, 2 and many with 3 stages, on constant bounds so that
// canonicalization folds the guards the pass emits: the prologue issues
// min(trips, N - 1) loads, and a loop that has no iteration N - 1 ahead of
// another issues none inside.

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// Zero trips: no load at all, the loop is gone.
// CHECK-LABEL: gpu.func @trips0(
// CHECK: tile.alloc_smem : !tile.smem<3x128x32xf16
// CHECK-COUNT-3: mbarrier.init
// CHECK-NOT: tma.async_load
// CHECK-NOT: scf.for
// CHECK: gpu.return

// One trip: one prologue load into slot 0, waited with phase 0, no refill.
// CHECK-LABEL: gpu.func @trips1(
// CHECK: %[[S0:.*]] = tile.smem_index %{{.*}}[%c0]
// CHECK: tma.async_load %{{.*}}, %[[S0]],
// CHECK-NOT: tma.async_load
// CHECK: mbarrier.wait %{{.*}}, phase %c0_i32
// CHECK-NOT: tma.async_load
// CHECK: gpu.return

// Two trips: prologue loads into slots 0 and 1; the in-loop refill stays
// guarded by iv + 2 < 2.
// CHECK-LABEL: gpu.func @trips2(
// CHECK: tile.smem_index %{{.*}}[%c0]
// CHECK: tma.async_load
// CHECK: tile.smem_index %{{.*}}[%c1]
// CHECK: tma.async_load
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1
// CHECK: %[[AHEAD:.*]] = arith.cmpi slt, %{{.*}}, %c2 : index
// CHECK: scf.if %[[AHEAD]] {
// CHECK: tma.async_load
// CHECK: mbarrier.wait

// Many trips: the same structure over 8 iterations.
// CHECK-LABEL: gpu.func @trips8(
// CHECK-COUNT-2: tma.async_load
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c1
// CHECK: arith.cmpi slt, %{{.*}}, %c8 : index
// CHECK: tma.async_load
// CHECK: mbarrier.wait

gpu.module @m {
  gpu.func @trips0(%desc: !d, %out: !tile.smem<128x32xf16, #nv, mutable>) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ub = arith.constant 0 : index
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
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    tile.smem_store %r, %out : !t, !tile.smem<128x32xf16, #nv, mutable>
    gpu.return
  }

  gpu.func @trips1(%desc: !d, %out: !tile.smem<128x32xf16, #nv, mutable>) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ub = arith.constant 1 : index
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
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    tile.smem_store %r, %out : !t, !tile.smem<128x32xf16, #nv, mutable>
    gpu.return
  }

  gpu.func @trips2(%desc: !d, %out: !tile.smem<128x32xf16, #nv, mutable>) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ub = arith.constant 2 : index
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
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    tile.smem_store %r, %out : !t, !tile.smem<128x32xf16, #nv, mutable>
    gpu.return
  }

  gpu.func @trips8(%desc: !d, %out: !tile.smem<128x32xf16, #nv, mutable>) kernel attributes {tile.num_warps = 4 : i32} {
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
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    tile.smem_store %r, %out : !t, !tile.smem<128x32xf16, #nv, mutable>
    gpu.return
  }

}
