// RUN: tile-opt %s -split-input-file --tile-legalize-layouts | FileCheck %s

// A window of a tile computed from nothing but ranges, splats and
// constants is that computation over the window: each op of the
// computation is rebuilt on its operands' windows, and the tiles the
// window no longer uses are erased.

// A window of a window is cut at once (offsets added); elementwise ops
// with scalar operands keep them; a splat takes the window's shape; a
// constant keeps the window's elements; a broadcast keeps its size-1
// dimensions (their offset 0).

// CHECK-LABEL: gpu.func @chain
// CHECK-NOT: tile.extract_slice
// CHECK-DAG: tile.range 6 to 10 : tensor<4xi32
// CHECK-DAG: arith.constant dense<[6, 7, 8, 9]> : tensor<4xi32
// CHECK-DAG: tile.splat %{{.*}} : tensor<4xi32
// CHECK: tile.store
// CHECK-NOT: tile.range 0 to 16
gpu.module @m {
  gpu.func @chain(%a: !tile.ptr<f32>, %k: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %r = tile.range 0 to 16 : tensor<16xi32>
    %c = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi32>
    %ks = tile.splat %k : tensor<16xi32>
    %s = arith.addi %r, %c : tensor<16xi32>
    %t = arith.muli %s, %ks : tensor<16xi32>
    %w = tile.extract_slice %t[4] : tensor<16xi32> -> tensor<8xi32>
    %v = tile.extract_slice %w[2] : tensor<8xi32> -> tensor<4xi32>
    %x = tile.load %a[%v] : !tile.ptr<f32>, tensor<4xi32> -> tensor<4xf32>
    tile.store %a[%v], %x : !tile.ptr<f32>, tensor<4xi32>, tensor<4xf32>
    gpu.return
  }
}

// -----

// Through tile.expand_dims and tile.broadcast: rows 8 to 16 of the row
// index, and column 0 of the broadcast column (its size-1 dimension), for
// a 2-D window at [8, 32].

// CHECK-LABEL: gpu.func @grid
// CHECK-NOT: tile.extract_slice
// CHECK: tile.range 8 to 16 : tensor<8xi32
// CHECK: tile.expand_dims %{{.*}}, axis = 1 : tensor<8xi32, {{.*}}> -> tensor<8x1xi32
// CHECK: tile.broadcast %{{.*}} : tensor<8x1xi32, {{.*}}> -> tensor<8x32xi32
// CHECK: tile.range 32 to 64 : tensor<32xi32
gpu.module @m {
  gpu.func @grid(%a: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32>
    %c = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %n = arith.constant dense<64> : tensor<64x64xi32>
    %ro = arith.muli %rb, %n : tensor<64x64xi32>
    %off = arith.addi %ro, %cb : tensor<64x64xi32>
    %o = tile.extract_slice %off[8, 32] : tensor<64x64xi32> -> tensor<8x32xi32>
    %x = tile.load %a[%o] : !tile.ptr<f32>, tensor<8x32xi32> -> tensor<8x32xf32>
    tile.store %a[%o], %x : !tile.ptr<f32>, tensor<8x32xi32>, tensor<8x32xf32>
    gpu.return
  }
}

// -----

// A recomputed tile the user laid out stays as written: its window is cut
// from it.

// CHECK-LABEL: gpu.func @written
// CHECK: tile.extract_slice %{{.*}}[32] : tensor<64xi32, #{{.*}}> -> tensor<32xi32
#l = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
gpu.module @m {
  gpu.func @written(%a: !tile.ptr<f32>) kernel attributes {tile.num_warps = 1 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32, #l>
    %o = tile.extract_slice %r[32] : tensor<64xi32, #l> -> tensor<32xi32>
    %x = tile.load %a[%o] : !tile.ptr<f32>, tensor<32xi32> -> tensor<32xf32>
    tile.store %a[%o], %x : !tile.ptr<f32>, tensor<32xi32>, tensor<32xf32>
    gpu.return
  }
}

// -----

// A tile reached along many paths (each level uses the one before twice,
// as hash-like masks do) is cut once per window, not once per path: 20
// additions, not 2^20.

// CHECK-LABEL: gpu.func @shared
// CHECK-NOT: tile.extract_slice
// CHECK: tile.range 32 to 64
// CHECK-COUNT-20: arith.addi
// CHECK-NOT: arith.addi
// CHECK: tile.load
gpu.module @m {
  gpu.func @shared(%a: !tile.ptr<f32>) kernel attributes {tile.num_warps = 1 : i32} {
    %t0 = tile.range 0 to 64 : tensor<64xi32>
    %t1 = arith.addi %t0, %t0 : tensor<64xi32>
    %t2 = arith.addi %t1, %t1 : tensor<64xi32>
    %t3 = arith.addi %t2, %t2 : tensor<64xi32>
    %t4 = arith.addi %t3, %t3 : tensor<64xi32>
    %t5 = arith.addi %t4, %t4 : tensor<64xi32>
    %t6 = arith.addi %t5, %t5 : tensor<64xi32>
    %t7 = arith.addi %t6, %t6 : tensor<64xi32>
    %t8 = arith.addi %t7, %t7 : tensor<64xi32>
    %t9 = arith.addi %t8, %t8 : tensor<64xi32>
    %t10 = arith.addi %t9, %t9 : tensor<64xi32>
    %t11 = arith.addi %t10, %t10 : tensor<64xi32>
    %t12 = arith.addi %t11, %t11 : tensor<64xi32>
    %t13 = arith.addi %t12, %t12 : tensor<64xi32>
    %t14 = arith.addi %t13, %t13 : tensor<64xi32>
    %t15 = arith.addi %t14, %t14 : tensor<64xi32>
    %t16 = arith.addi %t15, %t15 : tensor<64xi32>
    %t17 = arith.addi %t16, %t16 : tensor<64xi32>
    %t18 = arith.addi %t17, %t17 : tensor<64xi32>
    %t19 = arith.addi %t18, %t18 : tensor<64xi32>
    %t20 = arith.addi %t19, %t19 : tensor<64xi32>
    %w = tile.extract_slice %t20[32] : tensor<64xi32> -> tensor<32xi32>
    %x = tile.load %a[%w] : !tile.ptr<f32>, tensor<32xi32> -> tensor<32xf32>
    tile.store %a[%w], %x : !tile.ptr<f32>, tensor<32xi32>, tensor<32xf32>
    gpu.return
  }
}
