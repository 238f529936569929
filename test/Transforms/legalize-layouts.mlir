// RUN: tile-opt %s -split-input-file --tile-legalize-layouts | FileCheck %s

// Loads anchor the coalesced layout of their offsets: 16-byte vectors
// along the contiguous last dimension, lanes along it, warps down the rows
// (the layout integration_test/Tiles/vector-add.mlir writes by hand). The
// offsets, computed from tile.range and constants, are recomputed in it,
// their 1-D ranges in its slices; the reduction's result is a slice of its
// source's layout, and its store converts it to a coalesced 1-D layout (a
// slice layout would use a quarter of each 32-byte sector).

// CHECK-DAG: #[[V1:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[B:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[ROWS:.*]] = #tile.slice<dim = 1, parent = #[[B]]>
// CHECK-DAG: #[[COLS:.*]] = #tile.slice<dim = 0, parent = #[[B]]>
// CHECK-LABEL: gpu.func @axpy
// CHECK-DAG: tile.range 0 to 64 : tensor<64xi32, #[[ROWS]]>
// CHECK-DAG: tile.range 0 to 64 : tensor<64xi32, #[[COLS]]>
// CHECK: tile.load %{{.*}} -> tensor<64x64xf32, #[[B]]>
// CHECK: tile.load %{{.*}} -> tensor<64x64xf32, #[[B]]>
// CHECK: arith.addf %{{.*}} : tensor<64x64xf32, #[[B]]>
// CHECK: tile.store {{.*}} tensor<64x64xi32, #[[B]]>, tensor<64x64xf32, #[[B]]>
// CHECK: %[[SUM:.*]] = tile.reduce add {{.*}} -> tensor<64xf32, #[[ROWS]]>
// CHECK: %[[SUMC:.*]] = tile.convert_layout %[[SUM]] : tensor<64xf32, #[[ROWS]]> -> tensor<64xf32, #[[V1]]>
// CHECK: tile.store %{{.*}}[%{{.*}}], %[[SUMC]] : !tile.ptr<f32>, tensor<64xi32, #[[V1]]>, tensor<64xf32, #[[V1]]>
// CHECK-NOT: tile.convert_layout
gpu.module @m {
  gpu.func @axpy(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %out: !tile.ptr<f32>, %s: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32>
    %c = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %n = arith.constant dense<64> : tensor<64x64xi32>
    %ro = arith.muli %rb, %n : tensor<64x64xi32>
    %off = arith.addi %ro, %cb : tensor<64x64xi32>
    %x = tile.load %a[%off] : !tile.ptr<f32>, tensor<64x64xi32> -> tensor<64x64xf32>
    %y = tile.load %b[%off] : !tile.ptr<f32>, tensor<64x64xi32> -> tensor<64x64xf32>
    %ss = tile.splat %s : tensor<64x64xf32>
    %xs = arith.mulf %x, %ss : tensor<64x64xf32>
    %z = arith.addf %xs, %y : tensor<64x64xf32>
    tile.store %out[%off], %z : !tile.ptr<f32>, tensor<64x64xi32>, tensor<64x64xf32>
    %sum = tile.reduce add %z, axis = 1 : tensor<64x64xf32> -> tensor<64xf32>
    tile.store %out[%r], %sum : !tile.ptr<f32>, tensor<64xi32>, tensor<64xf32>
    gpu.return
  }
}

// -----

// The accumulator of a tile.dot anchors the wgmma layout for the kernel's
// warps; the scf.for carrying it, the zero fill (recomputed in it) and
// the epilogue follow. C, read with tile.load to be added, is loaded
// straight in the accumulator layout: converting a coalesced tile would go
// through shared memory, and the accumulator's 8-byte pairs, four lanes to
// a row, still fill whole 32-byte sectors. The bias row (a slice of the
// accumulator layout, expanded and broadcast) and ReLU stay in it too:
// no conversion anywhere.

// CHECK-DAG: #[[ACC:.*]] = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
// CHECK-DAG: #[[COLS:.*]] = #tile.slice<dim = 0, parent = #[[ACC]]>
// CHECK-LABEL: gpu.func @gemm_bias_relu
// CHECK: tile.splat %{{.*}} : tensor<128x128xf32, #[[ACC]]>
// CHECK: scf.for {{.*}} -> (tensor<128x128xf32, #[[ACC]]>)
// CHECK: tile.dot {{.*}} -> tensor<128x128xf32, #[[ACC]]>
// CHECK: tile.load %{{.*}} -> tensor<128x128xf32, #[[ACC]]>
// CHECK: tile.load %{{.*}} -> tensor<128xf32, #[[COLS]]>
// CHECK: tile.expand_dims %{{.*}} : tensor<128xf32, #[[COLS]]> -> tensor<1x128xf32, #[[ACC]]>
// CHECK: arith.maxnumf %{{.*}} : tensor<128x128xf32, #[[ACC]]>
// CHECK: tile.store {{.*}} tensor<128x128xf32, #[[ACC]]>
// CHECK-NOT: tile.convert_layout
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m {
  gpu.func @gemm_bias_relu(%cp: !tile.ptr<f32>, %bias: !tile.ptr<f32>, %n: index) kernel attributes {tile.num_warps = 8 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = tile.alloc_smem : !tile.smem<128x64xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #swt, mutable>
    %zero = arith.constant 0.0 : f32
    %init = tile.splat %zero : tensor<128x128xf32>
    %acc = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (tensor<128x128xf32>) {
      %d = tile.dot %a, %b, %x : !tile.smem<128x64xf16, #sw, mutable>, !tile.smem<64x128xf16, #swt, mutable>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %r = tile.range 0 to 128 : tensor<128xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %c2 = tile.expand_dims %r, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %rb = tile.broadcast %r2 : tensor<128x1xi32> -> tensor<128x128xi32>
    %cb = tile.broadcast %c2 : tensor<1x128xi32> -> tensor<128x128xi32>
    %ld = arith.constant dense<128> : tensor<128x128xi32>
    %ro = arith.muli %rb, %ld : tensor<128x128xi32>
    %off = arith.addi %ro, %cb : tensor<128x128xi32>
    %cv = tile.load %cp[%off] : !tile.ptr<f32>, tensor<128x128xi32> -> tensor<128x128xf32>
    %sum = arith.addf %acc, %cv : tensor<128x128xf32>
    %bv = tile.load %bias[%r] : !tile.ptr<f32>, tensor<128xi32> -> tensor<128xf32>
    %b1 = tile.expand_dims %bv, axis = 0 : tensor<128xf32> -> tensor<1x128xf32>
    %bb = tile.broadcast %b1 : tensor<1x128xf32> -> tensor<128x128xf32>
    %biased = arith.addf %sum, %bb : tensor<128x128xf32>
    %zeros = tile.splat %zero : tensor<128x128xf32>
    %relu = arith.maxnumf %biased, %zeros : tensor<128x128xf32>
    tile.store %cp[%off], %relu : !tile.ptr<f32>, tensor<128x128xi32>, tensor<128x128xf32>
    gpu.return
  }
}

// -----

// The cheaper side of a conflict: the user converts the loaded tile to a
// column-major layout, which would have each thread read 4 rows of one
// column, a quarter of every sector it touches; so the load keeps the
// coalesced layout (8 f16 per thread) and the user's conversion stays.
// The layouts the user wrote are kept.

// CHECK-DAG: #[[B:.*]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[T:.*]] = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: gpu.func @transposed_user
// CHECK: %[[X:.*]] = tile.load %{{.*}} -> tensor<128x128xf16, #[[B]]>
// CHECK: %[[XT:.*]] = tile.convert_layout %[[X]] : tensor<128x128xf16, #[[B]]> -> tensor<128x128xf16, #[[T]]>
// CHECK: arith.addf %[[XT]], %{{.*}} : tensor<128x128xf16, #[[T]]>
// CHECK-NOT: tile.convert_layout
#t = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]>
gpu.module @m {
  gpu.func @transposed_user(%p: !tile.ptr<f16>, %h: f16) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 128 : tensor<128xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %c2 = tile.expand_dims %r, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %rb = tile.broadcast %r2 : tensor<128x1xi32> -> tensor<128x128xi32>
    %cb = tile.broadcast %c2 : tensor<1x128xi32> -> tensor<128x128xi32>
    %ld = arith.constant dense<128> : tensor<128x128xi32>
    %ro = arith.muli %rb, %ld : tensor<128x128xi32>
    %off = arith.addi %ro, %cb : tensor<128x128xi32>
    %x = tile.load %p[%off] : !tile.ptr<f16>, tensor<128x128xi32> -> tensor<128x128xf16>
    %xt = tile.convert_layout %x : tensor<128x128xf16> -> tensor<128x128xf16, #t>
    %v = tile.splat %h : tensor<128x128xf16, #t>
    %y = arith.addf %xt, %v : tensor<128x128xf16, #t>
    %mask = arith.constant dense<true> : tensor<128x128xi1>
    %y2 = tile.convert_layout %y : tensor<128x128xf16, #t> -> tensor<128x128xf16, #t>
    gpu.return
  }
}

// -----

// A register A operand of tile.dot takes the dot_operand layout of the
// accumulator's (kWidth 2 for f16): the f32 tile it is truncated from
// (an attention score, say) is computed in it too, from its own load.

// CHECK-DAG: #[[ACC:.*]] = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
// CHECK-DAG: #[[A:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[ACC]], kWidth = 2>
// CHECK-LABEL: gpu.func @register_a
// CHECK: tile.load %{{.*}} -> tensor<64x64xf32, #[[A]]>
// CHECK: arith.truncf %{{.*}} : tensor<64x64xf32, #[[A]]> to tensor<64x64xf16, #[[A]]>
// CHECK: tile.dot %{{.*}} : tensor<64x64xf16, #[[A]]>, {{.*}} -> tensor<64x64xf32, #[[ACC]]>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m {
  gpu.func @register_a(%p: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c2 = tile.expand_dims %r, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %ld = arith.constant dense<64> : tensor<64x64xi32>
    %ro = arith.muli %rb, %ld : tensor<64x64xi32>
    %off = arith.addi %ro, %cb : tensor<64x64xi32>
    %s = tile.load %p[%off] : !tile.ptr<f32>, tensor<64x64xi32> -> tensor<64x64xf32>
    %a = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
    %b = tile.alloc_smem : !tile.smem<64x64xf16, #swt, mutable>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = tile.dot %a, %b, %zero : tensor<64x64xf16>, !tile.smem<64x64xf16, #swt, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    tile.store %p[%off], %d : !tile.ptr<f32>, tensor<64x64xi32>, tensor<64x64xf32>
    gpu.return
  }
}

// -----

// Branches: an scf.if's results and yields share a layout; the loaded
// branch decides, the other recomputes its fill value in it. A tile.load
// of tensor memory anchors the tcgen05.ld 32x32b layout (a row per
// thread).

// CHECK-DAG: #[[B:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[R:.*]] = #tile.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
// CHECK-LABEL: gpu.func @branch_and_tmem
// CHECK: scf.if %{{.*}} -> (tensor<128x128xf32, #[[B]]>)
// CHECK: tile.load {{.*}} -> tensor<128x128xf32, #[[B]]>
// CHECK: } else {
// CHECK: tile.splat %{{.*}} : tensor<128x128xf32, #[[B]]>
// CHECK: tmem.load %{{.*}} -> tensor<128x64xf32, #[[R]]>
#tl = #tmem.layout<block = [128, 64], col_stride = 1>
gpu.module @m {
  gpu.func @branch_and_tmem(%p: !tile.ptr<f32>, %c: i1, %x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 128 : tensor<128xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %c2 = tile.expand_dims %r, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
    %rb = tile.broadcast %r2 : tensor<128x1xi32> -> tensor<128x128xi32>
    %cb = tile.broadcast %c2 : tensor<1x128xi32> -> tensor<128x128xi32>
    %ld = arith.constant dense<128> : tensor<128x128xi32>
    %ro = arith.muli %rb, %ld : tensor<128x128xi32>
    %off = arith.addi %ro, %cb : tensor<128x128xi32>
    %v = scf.if %c -> (tensor<128x128xf32>) {
      %l = tile.load %p[%off] : !tile.ptr<f32>, tensor<128x128xi32> -> tensor<128x128xf32>
      scf.yield %l : tensor<128x128xf32>
    } else {
      %s = tile.splat %x : tensor<128x128xf32>
      scf.yield %s : tensor<128x128xf32>
    }
    tile.store %p[%off], %v : !tile.ptr<f32>, tensor<128x128xi32>, tensor<128x128xf32>
    %t = tmem.alloc : !tmem.buffer<128x64xf32, #tl>
    %o = tmem.load %t : !tmem.buffer<128x64xf32, #tl> -> tensor<128x64xf32>
    tmem.store %o, %t : tensor<128x64xf32>, !tmem.buffer<128x64xf32, #tl>
    tmem.dealloc %t : !tmem.buffer<128x64xf32, #tl>
    gpu.return
  }
}

// -----

// An asynchronous tile.dot's result passes through tile.dot_wait in its
// accumulator layout, and the f16 epilogue stores straight from it (4-byte
// pairs, four lanes to a row: half of each 32-byte sector, the cost
// model's bound), with nothing between the MMA and its wait.

// CHECK-DAG: #[[ACC:.*]] = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
// CHECK-LABEL: gpu.func @async_dot
// CHECK: %[[D:.*]] = tile.dot {{.*}} async {{.*}} -> tensor<64x64xf32, #[[ACC]]>
// CHECK-NEXT: %[[W:.*]] = tile.dot_wait %[[D]] {pending = 0 : i32} : tensor<64x64xf32, #[[ACC]]>
// CHECK: arith.truncf %[[W]] : tensor<64x64xf32, #[[ACC]]> to tensor<64x64xf16, #[[ACC]]>
// CHECK-NOT: tile.convert_layout
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m {
  gpu.func @async_dot(%p: !tile.ptr<f16>) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xf16, #swt, mutable>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = tile.dot %a, %b, %zero async : !tile.smem<64x64xf16, #sw, mutable>, !tile.smem<64x64xf16, #swt, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    %w = tile.dot_wait %d {pending = 0 : i32} : tensor<64x64xf32>
    %h = arith.truncf %w : tensor<64x64xf32> to tensor<64x64xf16>
    %r = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c2 = tile.expand_dims %r, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %ld = arith.constant dense<64> : tensor<64x64xi32>
    %ro = arith.muli %rb, %ld : tensor<64x64xi32>
    %off = arith.addi %ro, %cb : tensor<64x64xi32>
    tile.store %p[%off], %h : !tile.ptr<f16>, tensor<64x64xi32>, tensor<64x64xf16>
    gpu.return
  }
}

// -----

// A window of an accumulator (tile.extract_slice) is an accumulator of the
// window's width: the epilogue of a 128x256 tile works on 128x128 halves.

// CHECK-DAG: #[[ACC:.*]] = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>
// CHECK-DAG: #[[HALF:.*]] = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
// CHECK-LABEL: gpu.func @halves
// CHECK: tile.extract_slice %{{.*}}[0, 128] : tensor<128x256xf32, #[[ACC]]> -> tensor<128x128xf32, #[[HALF]]>
// CHECK: arith.truncf %{{.*}} : tensor<128x128xf32, #[[HALF]]> to tensor<128x128xf16, #[[HALF]]>
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m {
  gpu.func @halves() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<128x64xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<64x256xf16, #swt, mutable>
    %c = tile.alloc_smem : !tile.smem<128x128xf16, #sw, mutable>
    %zero = arith.constant dense<0.0> : tensor<128x256xf32>
    %d = tile.dot %a, %b, %zero : !tile.smem<128x64xf16, #sw, mutable>, !tile.smem<64x256xf16, #swt, mutable>, tensor<128x256xf32> -> tensor<128x256xf32>
    %hi = tile.extract_slice %d[0, 128] : tensor<128x256xf32> -> tensor<128x128xf32>
    %h = arith.truncf %hi : tensor<128x128xf32> to tensor<128x128xf16>
    tile.smem_store %h, %c : tensor<128x128xf16>, !tile.smem<128x128xf16, #sw, mutable>
    gpu.return
  }
}
