// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-expand-synchronization))' | FileCheck %s

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

gpu.module @m {
  // CHECK-LABEL: gpu.func @copies
  gpu.func @copies(%d: !d, %buf: !b, %bar: !mbarrier.barrier, %x: i32, %p: !tile.ptr<f32>, %o: i64) kernel {
    // Each scoped copy is issued by one elected thread of its scope.
    // CHECK: %[[E0:.*]] = tile.elect cta
    // CHECK-NEXT: scf.if %[[E0]] {
    // CHECK-NEXT: tma.async_load {{.*}} scope = thread
    tma.async_load %d[%x, %x], %buf, %bar : !d, !b
    // CHECK: %[[E1:.*]] = tile.elect warp
    // CHECK-NEXT: scf.if %[[E1]] {
    // CHECK-NEXT: tma.async_store {{.*}} scope = thread
    tma.async_store %buf, %d[%x, %x] scope = warp : !b, !d
    // CHECK: %[[E2:.*]] = tile.elect warpgroup
    // CHECK-NEXT: scf.if %[[E2]] {
    // CHECK-NEXT: tma.bulk_store {{.*}} scope = thread
    %s = tile.alloc_smem : !tile.smem<64xf32, mutable>
    tma.bulk_store %s, %p[%o] scope = warpgroup : !tile.smem<64xf32, mutable>, !tile.ptr<f32>, i64
    // Already single-thread copies stay as they are.
    // CHECK-NOT: tile.elect
    // CHECK: tma.async_load {{.*}} scope = thread
    tma.async_load %d[%x, %x], %buf, %bar scope = thread : !d, !b
    gpu.return
  }

  // CHECK-LABEL: gpu.func @barriers
  gpu.func @barriers(%bar: !mbarrier.barrier, %pred: i1, %phase: i32) kernel {
    // CHECK: scf.if %{{.*}} {
    // CHECK-NEXT: mbarrier.arrive %{{.*}}, count = 2{{$}}
    mbarrier.arrive %bar, count = 2 if %pred
    // CHECK: scf.if %{{.*}} {
    // CHECK-NEXT: mbarrier.expect_tx %{{.*}}, bytes = 64{{$}}
    mbarrier.expect_tx %bar, bytes = 64 if %pred
    // CHECK: scf.if %{{.*}} {
    // CHECK-NEXT: mbarrier.arrive_expect_tx %{{.*}}, bytes = 64{{$}}
    mbarrier.arrive_expect_tx %bar, bytes = 64 if %pred
    // The blocking wait is a loop around try_wait.
    // CHECK: scf.while : () -> () {
    // CHECK-NEXT: %[[DONE:.*]] = mbarrier.try_wait %{{.*}}, phase %{{.*}} : i32
    // CHECK-NEXT: %[[PENDING:.*]] = arith.xori %[[DONE]], %true
    // CHECK-NEXT: scf.condition(%[[PENDING]])
    // CHECK-NOT: mbarrier.wait
    mbarrier.wait %bar, phase %phase : i32
    gpu.return
  }

  // CHECK-LABEL: gpu.func @masked
  // Without `other` the masked-off value is poison.
  // CHECK: %[[POISON:.*]] = ub.poison : f32
  gpu.func @masked(%p: !tile.ptr<f32>, %i: i64, %m: i1, %v: f32) kernel {
    // CHECK: %[[L:.*]] = scf.if %{{.*}} -> (f32) {
    // CHECK-NEXT: %[[X:.*]] = tile.load %{{.*}}[%{{.*}}] : !tile.ptr<f32>, i64 -> f32
    // CHECK-NEXT: scf.yield %[[X]]
    // CHECK-NEXT: } else {
    // CHECK-NEXT: scf.yield %{{.*}} : f32
    %x = tile.load %p[%i] mask %m other %v : !tile.ptr<f32>, i64, i1 -> f32
    // CHECK: scf.if %{{.*}} -> (f32) {
    // CHECK: } else {
    // CHECK-NEXT: scf.yield %[[POISON]] : f32
    %y = tile.load %p[%i] mask %m : !tile.ptr<f32>, i64, i1 -> f32
    // CHECK: scf.if %{{.*}} {
    // CHECK-NEXT: tile.store %{{.*}}[%{{.*}}], %[[L]] : !tile.ptr<f32>, i64, f32
    tile.store %p[%i], %x mask %m : !tile.ptr<f32>, i64, f32, i1
    tile.store %p[%i], %y : !tile.ptr<f32>, i64, f32
    gpu.return
  }
}
