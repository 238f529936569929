// RUN: tile-opt %s -split-input-file --tile-legalize-layouts | FileCheck %s
// RUN: tile-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(tile-legalize-layouts),tile-allocate-shared-memory,gpu.module(convert-tile-kernels-to-nvvm))' | FileCheck %s --check-prefix=LOWERED --implicit-check-not=tile.extract_slice --implicit-check-not=tile.convert_layout

// Windows (tile.extract_slice) lower to a selection of each thread's
// registers only when every element of the window stays in the thread
// that holds it in the source: the layout's tile of threads must fit in
// the window. The pass lays the tiles windows are cut from out for their
// smallest window, converts a source whose layout it cannot choose, and
// cuts a recomputed window (offsets) in such a layout before converting it.

// Each kernel lowers: every window is a register selection.
// LOWERED: llvm.func @halves
// LOWERED: llvm.func @scaled
// LOWERED: llvm.func @written
// LOWERED: llvm.func @recomputed

// The load's coalesced layout is the 64x32 window's (8 lanes of 16 bytes
// along a row, not 16), for the load, both windows and the store: one
// layout, no conversion. The offsets' window keeps their contiguity along
// the row, so the store writes 16-byte vectors as the load reads them.

// CHECK: #[[W:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @halves
// CHECK: tile.load %{{.*}} -> tensor<64x64xf32, #[[W]]>
// CHECK: tile.extract_slice %{{.*}}[0, 32] : tensor<64x64xf32, #[[W]]> -> tensor<64x32xf32, #[[W]]>
// CHECK: tile.extract_slice %{{.*}}[0, 0] : tensor<64x64xf32, #[[W]]> -> tensor<64x32xf32, #[[W]]>
// CHECK: tile.extract_slice %{{.*}}[0, 0] : tensor<64x64xi32, #[[W]]> -> tensor<64x32xi32, #[[W]]>
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
// the layout the user wrote on the loaded tile (16 lanes along a row of 32:
// two threads would hold each element). The window is cut in the
// window's own layout and converted to the written one.

// CHECK-DAG: #[[W:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[WIDE:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @recomputed
// CHECK: %[[CUT:.*]] = tile.extract_slice %{{.*}}[0, 32] : tensor<64x64xi32, #[[W]]> -> tensor<64x32xi32, #[[W]]>
// CHECK: %[[O:.*]] = tile.convert_layout %[[CUT]] : tensor<64x32xi32, #[[W]]> -> tensor<64x32xi32, #[[WIDE]]>
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
