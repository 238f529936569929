// RUN: tile-opt %s -split-input-file --tile-legalize-layouts | FileCheck %s
// RUN: tile-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(tile-legalize-layouts),tile-allocate-shared-memory,gpu.module(convert-tile-kernels-to-nvvm))' | FileCheck %s --check-prefix=LOWERED --implicit-check-not=tile.extract_slice --implicit-check-not=tile.convert_layout

// Windows (tile.extract_slice) lower to a selection of each thread's
// registers only when every element of the window stays in the thread
// that holds it in the source: the layout's tile of threads must fit in
// the window. The pass lays the tiles windows are cut from out for their
// smallest window, converts a source whose layout it cannot choose, and
// computes a window of a recomputed tile (offsets, masks, constants) over
// the window alone. A window of fewer elements than threads is cut from a
// #tile.linear copy of its source that the threads its own layout
// broadcasts over share. Windows no layout keeps in their threads (at
// offsets that are not multiples of their sizes, or too small for a copy
// in every thread) keep the source's layout and are read through shared
// memory by the lowering.

// Each kernel lowers: every window is a register selection, but those of
// @odd_f16 and @speck, read through shared memory.
// LOWERED: llvm.func @halves
// LOWERED: llvm.func @scaled
// LOWERED: llvm.func @written
// LOWERED: llvm.func @recomputed
// LOWERED: llvm.func @tiny
// LOWERED: llvm.func @unaligned
// LOWERED: llvm.func @tiny_f16
// LOWERED: llvm.func @odd_f16
// LOWERED: nvvm.barrier0
// LOWERED: llvm.func @speck
// LOWERED: nvvm.barrier0

// The load's coalesced layout is the 64x32 window's (8 lanes of 16 bytes
// along a row, not 16), for the load, both windows and the store: one
// layout, no conversion. The offsets' window is computed as such (columns
// 0 to 32), so the store writes 16-byte vectors as the load reads them.

// CHECK: #[[W:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @halves
// CHECK: tile.load %{{.*}} -> tensor<64x64xf32, #[[W]]>
// CHECK: tile.extract_slice %{{.*}}[0, 32] : tensor<64x64xf32, #[[W]]> -> tensor<64x32xf32, #[[W]]>
// CHECK: tile.extract_slice %{{.*}}[0, 0] : tensor<64x64xf32, #[[W]]> -> tensor<64x32xf32, #[[W]]>
// CHECK-NOT: tile.extract_slice
// CHECK: tile.range 0 to 32 : tensor<32xi32
// CHECK: tile.store {{.*}} tensor<64x32xi32, #[[W]]>, tensor<64x32xf32, #[[W]]>
// CHECK-NOT: tile.convert_layout
gpu.module @m {
  gpu.func @halves(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
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
    %hi = tile.extract_slice %x[0, 32] : tensor<64x64xf32> -> tensor<64x32xf32>
    %lo = tile.extract_slice %x[0, 0] : tensor<64x64xf32> -> tensor<64x32xf32>
    %s = arith.addf %hi, %lo : tensor<64x32xf32>
    %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<64x32xi32>
    tile.store %out[%o], %s : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32>
    gpu.return
  }
}

// -----

// The window is cut from an elementwise result of the load, not the load:
// the layout the load takes is still the window's.

// CHECK: #[[W:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @scaled
// CHECK: tile.load %{{.*}} -> tensor<64x64xf32, #[[W]]>
// CHECK: arith.mulf %{{.*}} : tensor<64x64xf32, #[[W]]>
// CHECK: tile.extract_slice %{{.*}}[0, 32] : tensor<64x64xf32, #[[W]]> -> tensor<64x32xf32, #[[W]]>
// CHECK-NOT: tile.convert_layout
gpu.module @m {
  gpu.func @scaled(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>, %k: f32) kernel attributes {tile.num_warps = 4 : i32} {
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
    %ks = tile.splat %k : tensor<64x64xf32>
    %y = arith.mulf %x, %ks : tensor<64x64xf32>
    %hi = tile.extract_slice %y[0, 32] : tensor<64x64xf32> -> tensor<64x32xf32>
    %o = tile.extract_slice %off[0, 32] : tensor<64x64xi32> -> tensor<64x32xi32>
    tile.store %out[%o], %hi : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32>
    gpu.return
  }
}

// -----

// The user laid the source out with 16 lanes along 64 columns, more than
// the 32-column window holds: the source is converted to the window's
// layout before the window is cut (the other threads' half of each row
// would otherwise be needed).

// CHECK-DAG: #[[W:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[WIDE:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @written
// CHECK: %[[X:.*]] = tile.load %{{.*}} -> tensor<64x64xf32, #[[WIDE]]>
// CHECK: %[[XW:.*]] = tile.convert_layout %[[X]] : tensor<64x64xf32, #[[WIDE]]> -> tensor<64x64xf32, #[[W]]>
// CHECK: tile.extract_slice %[[XW]][0, 32] : tensor<64x64xf32, #[[W]]> -> tensor<64x32xf32, #[[W]]>
#wide = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @written(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32>
    %c = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %n = arith.constant dense<64> : tensor<64x64xi32>
    %ro = arith.muli %rb, %n : tensor<64x64xi32>
    %off = arith.addi %ro, %cb : tensor<64x64xi32>
    %x = tile.load %a[%off] : !tile.ptr<f32>, tensor<64x64xi32> -> tensor<64x64xf32, #wide>
    %hi = tile.extract_slice %x[0, 32] : tensor<64x64xf32, #wide> -> tensor<64x32xf32>
    %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<64x32xi32>
    tile.store %out[%o], %hi : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32>
    gpu.return
  }
}

// -----

// The offsets' window is recomputed for the load and the store, which take
// the layout the user wrote on the loaded tile (16 lanes along a row of 32,
// in which a window of a 64x64 tile would need other threads' elements).
// The window is computed as such (columns 32 to 64), in the written
// layout: no window, no conversion.

// CHECK-DAG: #[[WIDE:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @recomputed
// CHECK-NOT: tile.extract_slice
// CHECK-NOT: tile.convert_layout
// CHECK: tile.range 32 to 64 : tensor<32xi32
// CHECK: %[[O:.*]] = arith.addi %{{.*}} : tensor<64x32xi32, #[[WIDE]]>
// CHECK: tile.load %{{.*}}[%[[O]]] : !tile.ptr<f32>, tensor<64x32xi32, #[[WIDE]]> -> tensor<64x32xf32, #[[WIDE]]>
// CHECK: tile.store %{{.*}}[%[[O]]], %{{.*}} : !tile.ptr<f32>, tensor<64x32xi32, #[[WIDE]]>, tensor<64x32xf32, #[[WIDE]]>
#wide = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @recomputed(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32>
    %c = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %n = arith.constant dense<64> : tensor<64x64xi32>
    %ro = arith.muli %rb, %n : tensor<64x64xi32>
    %off = arith.addi %ro, %cb : tensor<64x64xi32>
    %o = tile.extract_slice %off[0, 32] : tensor<64x64xi32> -> tensor<64x32xi32>
    %x = tile.load %a[%o] : !tile.ptr<f32>, tensor<64x32xi32> -> tensor<64x32xf32, #wide>
    tile.store %out[%o], %x : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32, #wide>
    gpu.return
  }
}

// -----

// An 8x8 window of a 4-warp tile: fewer elements than threads, so every
// layout of the window broadcasts over some threads, and no layout of the
// 64x64 tile over distinct threads keeps it in the threads that hold it.
// The loaded tile is converted to the window's layout of one element per
// thread extended by one register bit for each bit of the tile above the
// window: 64 registers, the two warps the window broadcasts over (warp
// bit 1) holding copies of the tile. The window is cut from it, and the
// store's offsets are computed over the window (rows 0 to 8, columns 0 to
// 8) in its layout, the ranges in the layout restricted to their shapes.

// CHECK-DAG: #[[LOAD:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[SRC:.*]] = #tile.linear<register = {{\[\[}}8, 0], [16, 0], [32, 0], [0, 8], [0, 16], [0, 32]], lane = {{\[\[}}0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = {{\[\[}}4, 0], [0, 0]], block = []>
// CHECK-DAG: #[[WIN:.*]] = #tile.linear<register = [], lane = {{\[\[}}0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = {{\[\[}}4, 0], [0, 0]], block = []>
// CHECK-LABEL: gpu.func @tiny
// CHECK: %[[X:.*]] = tile.load %{{.*}} -> tensor<64x64xf32, #[[LOAD]]>
// CHECK: %[[XS:.*]] = tile.convert_layout %[[X]] : tensor<64x64xf32, #[[LOAD]]> -> tensor<64x64xf32, #[[SRC]]>
// CHECK: %[[W:.*]] = tile.extract_slice %[[XS]][8, 16] : tensor<64x64xf32, #[[SRC]]> -> tensor<8x8xf32, #[[WIN]]>
// CHECK-NOT: tile.extract_slice
// CHECK: tile.range 0 to 8
// CHECK: tile.range 0 to 8
// CHECK: tile.store %{{.*}}, %[[W]] : !tile.ptr<f32>, tensor<8x8xi32, #[[WIN]]>, tensor<8x8xf32, #[[WIN]]>
gpu.module @m {
  gpu.func @tiny(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
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
    %w = tile.extract_slice %x[8, 16] : tensor<64x64xf32> -> tensor<8x8xf32>
    %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<8x8xi32>
    tile.store %out[%o], %w : !tile.ptr<f32>, tensor<8x8xi32>, tensor<8x8xf32>
    gpu.return
  }
}

// -----

// A window of a recomputed tile at an offset that is not a multiple of
// its size (a window of a laid-out tile there would straddle its register
// blocks): computed over the window.

// CHECK-LABEL: gpu.func @unaligned
// CHECK-NOT: tile.extract_slice
// CHECK: tile.range 16 to 48
gpu.module @m {
  gpu.func @unaligned(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %c = tile.range 0 to 64 : tensor<64xi32>
    %o = tile.extract_slice %c[16] : tensor<64xi32> -> tensor<32xi32>
    %x = tile.load %a[%o] : !tile.ptr<f32>, tensor<32xi32> -> tensor<32xf32>
    tile.store %out[%o], %x : !tile.ptr<f32>, tensor<32xi32>, tensor<32xf32>
    gpu.return
  }
}

// -----

// The same window of a 16-bit tile: one element per thread again (the
// tile's 8-element vectors would give each thread 8 x 64 elements, past
// the register bound), and a 1 x 64 window of the rows: the load's layout
// is the window's with 2-element vectors (32 lanes along its 64 columns),
// not 8 (which would repeat the tile over 4 lanes).

// CHECK-DAG: #[[ROWS:.*]] = #tile.blocked<sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]>
// CHECK-DAG: #[[SRC:.*]] = #tile.linear<register = {{\[\[}}8, 0], [16, 0], [32, 0], [0, 8], [0, 16], [0, 32]], lane = {{\[\[}}0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = {{\[\[}}4, 0], [0, 0]], block = []>
// CHECK-LABEL: gpu.func @tiny_f16
// CHECK: tile.convert_layout %{{.*}} : tensor<64x64xf16, #{{.*}}> -> tensor<64x64xf16, #[[SRC]]>
// CHECK: tile.extract_slice %{{.*}}[8, 16] : tensor<64x64xf16, #[[SRC]]> -> tensor<8x8xf16
// CHECK-LABEL: gpu.func @rows_f16
// CHECK: tile.load %{{.*}} -> tensor<64x64xf16, #[[ROWS]]>
// CHECK: tile.extract_slice %{{.*}}[63, 0] : tensor<64x64xf16, #[[ROWS]]> -> tensor<1x64xf16, #[[ROWS]]>
gpu.module @m {
  gpu.func @tiny_f16(%a: !tile.ptr<f16>, %out: !tile.ptr<f16>) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32>
    %c = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %n = arith.constant dense<64> : tensor<64x64xi32>
    %ro = arith.muli %rb, %n : tensor<64x64xi32>
    %off = arith.addi %ro, %cb : tensor<64x64xi32>
    %x = tile.load %a[%off] : !tile.ptr<f16>, tensor<64x64xi32> -> tensor<64x64xf16>
    %w = tile.extract_slice %x[8, 16] : tensor<64x64xf16> -> tensor<8x8xf16>
    %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<8x8xi32>
    tile.store %out[%o], %w : !tile.ptr<f16>, tensor<8x8xi32>, tensor<8x8xf16>
    gpu.return
  }
  gpu.func @rows_f16(%a: !tile.ptr<f16>, %out: !tile.ptr<f16>) kernel attributes {tile.num_warps = 1 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32>
    %c = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %n = arith.constant dense<64> : tensor<64x64xi32>
    %ro = arith.muli %rb, %n : tensor<64x64xi32>
    %off = arith.addi %ro, %cb : tensor<64x64xi32>
    %x = tile.load %a[%off] : !tile.ptr<f16>, tensor<64x64xi32> -> tensor<64x64xf16>
    %w = tile.extract_slice %x[63, 0] : tensor<64x64xf16> -> tensor<1x64xf16>
    %o = tile.extract_slice %off[63, 0] : tensor<64x64xi32> -> tensor<1x64xi32>
    tile.store %out[%o], %w : !tile.ptr<f16>, tensor<1x64xi32>, tensor<1x64xf16>
    gpu.return
  }
}

// -----

// An 8 x 16 window at [3, 5] and a 2 x 2 window at [6, 34] of 64 x 64
// tiles: no layout makes them a selection of registers, and a copy of the
// 2 x 2 window's source in every thread would take 1024 registers. The
// loads keep their coalesced layouts (16-byte vectors, not laid out for
// these windows) and no conversion is added: the windows are read through
// shared memory.

// CHECK-DAG: #[[F16:.*]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @odd_f16
// CHECK: tile.load %{{.*}} -> tensor<64x64xf16, #[[F16]]>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.extract_slice %{{.*}}[3, 5] : tensor<64x64xf16, #[[F16]]> -> tensor<8x16xf16, #[[F16]]>
// CHECK: #[[F32:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @speck
// CHECK: tile.load %{{.*}} -> tensor<64x64xf32, #[[F32]]>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.extract_slice %{{.*}}[6, 34] : tensor<64x64xf32, #[[F32]]> -> tensor<2x2xf32, #[[F32]]>
gpu.module @m {
  gpu.func @odd_f16(%a: !tile.ptr<f16>, %out: !tile.ptr<f16>) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32>
    %c = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %n = arith.constant dense<64> : tensor<64x64xi32>
    %ro = arith.muli %rb, %n : tensor<64x64xi32>
    %off = arith.addi %ro, %cb : tensor<64x64xi32>
    %x = tile.load %a[%off] : !tile.ptr<f16>, tensor<64x64xi32> -> tensor<64x64xf16>
    %w = tile.extract_slice %x[3, 5] : tensor<64x64xf16> -> tensor<8x16xf16>
    %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<8x16xi32>
    tile.store %out[%o], %w : !tile.ptr<f16>, tensor<8x16xi32>, tensor<8x16xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @speck(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
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
    %w = tile.extract_slice %x[6, 34] : tensor<64x64xf32> -> tensor<2x2xf32>
    %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<2x2xi32>
    tile.store %out[%o], %w : !tile.ptr<f32>, tensor<2x2xi32>, tensor<2x2xf32>
    gpu.return
  }
}
