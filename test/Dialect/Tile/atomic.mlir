// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Every operation, ordering and scope of tile.atomic_rmw round-trips.

// CHECK-LABEL: gpu.func @atomics
// CHECK: tile.atomic_rmw add %{{.*}}[%{{.*}}], %{{.*}} relaxed cta : !tile.ptr<i32>, i32, i32
// CHECK: tile.atomic_rmw exch %{{.*}}[%{{.*}}], %{{.*}} acquire gpu : !tile.ptr<i32>, i32, i32
// CHECK: tile.atomic_rmw exch %{{.*}}[%{{.*}}], %{{.*}} release gpu : !tile.ptr<f32>, i64, f32
// CHECK: tile.atomic_rmw max %{{.*}}[%{{.*}}], %{{.*}} acq_rel cluster : !tile.ptr<i64>, i32, i64
// CHECK: tile.atomic_rmw min %{{.*}}[%{{.*}}], %{{.*}} relaxed sys : !tile.ptr<i32>, i32, i32
// CHECK: tile.atomic_rmw umax %{{.*}}[%{{.*}}], %{{.*}} relaxed gpu : !tile.ptr<i32>, i32, i32
// CHECK: tile.atomic_rmw umin %{{.*}}[%{{.*}}], %{{.*}} relaxed gpu : !tile.ptr<i64>, i32, i64
// CHECK: tile.atomic_rmw and %{{.*}}[%{{.*}}], %{{.*}} relaxed gpu : !tile.ptr<i32>, i32, i32
// CHECK: tile.atomic_rmw or %{{.*}}[%{{.*}}], %{{.*}} relaxed gpu : !tile.ptr<i64>, i32, i64
// CHECK: tile.atomic_rmw xor %{{.*}}[%{{.*}}], %{{.*}} relaxed gpu : !tile.ptr<i32>, i32, i32
// CHECK: tile.atomic_rmw add %{{.*}}[%{{.*}}], %{{.*}} relaxed gpu : !tile.ptr<f64>, i32, f64
gpu.module @kernels {
  gpu.func @atomics(%f: !tile.ptr<i32>, %l: !tile.ptr<i64>, %x: !tile.ptr<f32>,
                    %y: !tile.ptr<f64>, %i: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %one = arith.constant 1 : i32
    %l1 = arith.constant 1 : i64
    %x1 = arith.constant 1.0 : f32
    %y1 = arith.constant 1.0 : f64
    %i64 = arith.extui %i : i32 to i64
    %a = tile.atomic_rmw add %f[%i], %one relaxed cta : !tile.ptr<i32>, i32, i32
    %b = tile.atomic_rmw exch %f[%i], %a acquire gpu : !tile.ptr<i32>, i32, i32
    %c = tile.atomic_rmw exch %x[%i64], %x1 release gpu : !tile.ptr<f32>, i64, f32
    %d = tile.atomic_rmw max %l[%i], %l1 acq_rel cluster : !tile.ptr<i64>, i32, i64
    %e = tile.atomic_rmw min %f[%i], %b relaxed sys : !tile.ptr<i32>, i32, i32
    %g = tile.atomic_rmw umax %f[%i], %e relaxed gpu : !tile.ptr<i32>, i32, i32
    %h = tile.atomic_rmw umin %l[%i], %d relaxed gpu : !tile.ptr<i64>, i32, i64
    %j = tile.atomic_rmw and %f[%i], %g relaxed gpu : !tile.ptr<i32>, i32, i32
    %k = tile.atomic_rmw or %l[%i], %h relaxed gpu : !tile.ptr<i64>, i32, i64
    %m = tile.atomic_rmw xor %f[%i], %j relaxed gpu : !tile.ptr<i32>, i32, i32
    %n = tile.atomic_rmw add %y[%i], %y1 relaxed gpu : !tile.ptr<f64>, i32, f64
    gpu.return
  }
}
