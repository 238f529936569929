// RUN: tile-opt %s -split-input-file --tile-legalize-layouts | FileCheck %s
// RUN: tile-opt %s -split-input-file --tile-legalize-layouts --tile-to-nvvm | FileCheck %s --check-prefix=NVVM

// A kernel may lay out some tiles and leave the rest to the pass, within
// one op too: the layouts written are kept, and the pass converts where
// they do not fit what the op needs.
// NVVM: llvm.func @reduce_written
// NVVM: llvm.func @reduce_slice_written
// NVVM: llvm.func @partly_written
// NVVM: llvm.func @linear_broadcast

// A reduction the user wrote in a layout that is not a slice of its
// source's: the reduction produces the slice, converted to the layout
// written for every user.
// CHECK-DAG: #[[BL:.*]] = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[SRC:.*]] = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[ROWS:.*]] = #tile.slice<dim = 1, parent = #[[SRC]]>
// CHECK-LABEL: gpu.func @reduce_written
// CHECK: %[[SUM:.*]] = tile.reduce add %{{.*}}, axis = 1 : tensor<64x64xf32, #[[SRC]]> -> tensor<64xf32, #[[ROWS]]>
// CHECK: %[[KEPT:.*]] = tile.convert_layout %[[SUM]] : tensor<64xf32, #[[ROWS]]> -> tensor<64xf32, #[[BL]]>
// CHECK: tile.store %{{.*}}[%{{.*}}], %[[KEPT]] : !tile.ptr<f32>, tensor<64xi32, #[[BL]]>, tensor<64xf32, #[[BL]]>
#bl = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @reduce_written(%a: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32>
    %x = tile.load %a[%r] : !tile.ptr<f32>, tensor<64xi32> -> tensor<64xf32>
    %e = tile.expand_dims %x, axis = 1 : tensor<64xf32> -> tensor<64x1xf32>
    %b = tile.broadcast %e : tensor<64x1xf32> -> tensor<64x64xf32>
    %s = tile.reduce add %b, axis = 1 : tensor<64x64xf32> -> tensor<64xf32, #bl>
    tile.store %a[%r], %s : !tile.ptr<f32>, tensor<64xi32>, tensor<64xf32, #bl>
    gpu.return
  }
}

// -----

// A reduction written in a slice layout: its source takes the parent, no
// conversion.
// CHECK-DAG: #[[P:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[S:.*]] = #tile.slice<dim = 1, parent = #[[P]]>
// CHECK-LABEL: gpu.func @reduce_slice_written
// CHECK: tile.load %{{.*}} -> tensor<64x64xf32, #[[P]]>
// CHECK: tile.reduce max %{{.*}}, axis = 1 : tensor<64x64xf32, #[[P]]> -> tensor<64xf32, #[[S]]>
// CHECK-NOT: tile.convert_layout
#p = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#s = #tile.slice<dim = 1, parent = #p>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @reduce_slice_written(%a: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
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
    %m = tile.reduce max %x, axis = 1 : tensor<64x64xf32> -> tensor<64xf32, #s>
    %rs = tile.range 0 to 64 : tensor<64xi32, #s>
    tile.store %a[%rs], %m : !tile.ptr<f32>, tensor<64xi32, #s>, tensor<64xf32, #s>
    gpu.return
  }
}

// -----

// Written layouts on parts of ops: a load written in a 1-D layout that is
// no slice feeds tile.expand_dims (converted to the slice of the written
// broadcast's layout); the store's value, left out, is stored in the
// layout of its written offsets.
// CHECK-DAG: #[[V:.*]] = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[B2:.*]] = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[R2:.*]] = #tile.slice<dim = 1, parent = #[[B2]]>
// CHECK-LABEL: gpu.func @partly_written
// CHECK: %[[X:.*]] = tile.load %{{.*}} -> tensor<64xf32, #[[V]]>
// CHECK: %[[XS:.*]] = tile.convert_layout %[[X]] : tensor<64xf32, #[[V]]> -> tensor<64xf32, #[[R2]]>
// CHECK: tile.expand_dims %[[XS]], axis = 1 : tensor<64xf32, #[[R2]]> -> tensor<64x1xf32, #[[B2]]>
// CHECK: tile.broadcast %{{.*}} : tensor<64x1xf32, #[[B2]]> -> tensor<64x64xf32, #[[B2]]>
// CHECK: tile.reduce add %{{.*}} -> tensor<64xf32, #[[R2]]>
// CHECK: tile.store %{{.*}} : !tile.ptr<f32>, tensor<64xi32, #[[V]]>, tensor<64xf32, #[[V]]>
#v = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b2 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @partly_written(%a: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32, #v>
    %x = tile.load %a[%r] : !tile.ptr<f32>, tensor<64xi32, #v> -> tensor<64xf32, #v>
    %e = tile.expand_dims %x, axis = 1 : tensor<64xf32, #v> -> tensor<64x1xf32>
    %b = tile.broadcast %e : tensor<64x1xf32> -> tensor<64x64xf32, #b2>
    %s = tile.reduce add %b, axis = 1 : tensor<64x64xf32, #b2> -> tensor<64xf32>
    tile.store %a[%r], %s : !tile.ptr<f32>, tensor<64xi32, #v>, tensor<64xf32>
    gpu.return
  }
}

// -----

// A #tile.linear layout written on a broadcast's source (a column of 64
// rows over 32 lanes and one warp bit, warp bit 1 and one register
// repeating) grows to the result's shape: the 6 column bits go to the warp
// basis that broadcast, then to new register bases; restricted back to the
// source's shape it is the source's, so the broadcast selects registers.
// The store converts to its coalesced layout.
// CHECK-DAG: #[[COL:.*]] = #tile.linear<register = {{\[\[}}0, 0]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [0, 0]], block = []>
// CHECK-DAG: #[[GROWN:.*]] = #tile.linear<register = {{\[\[}}0, 0], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [0, 1]], block = []>
// CHECK-LABEL: gpu.func @linear_broadcast
// CHECK: %[[B:.*]] = tile.broadcast %{{.*}} : tensor<64x1xf32, #[[COL]]> -> tensor<64x64xf32, #[[GROWN]]>
// CHECK: tile.convert_layout %[[B]] : tensor<64x64xf32, #[[GROWN]]> -> tensor<64x64xf32, #{{.*}}>
#col = #tile.linear<register = [[0, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [0, 0]], block = []>
gpu.module @m {
  gpu.func @linear_broadcast(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %x = tile.load %a[%r2] : !tile.ptr<f32>, tensor<64x1xi32> -> tensor<64x1xf32, #col>
    %b = tile.broadcast %x : tensor<64x1xf32, #col> -> tensor<64x64xf32>
    %c = tile.range 0 to 64 : tensor<64xi32>
    %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %n = arith.constant dense<64> : tensor<64x64xi32>
    %ro = arith.muli %rb, %n : tensor<64x64xi32>
    %off = arith.addi %ro, %cb : tensor<64x64xi32>
    tile.store %out[%off], %b : !tile.ptr<f32>, tensor<64x64xi32>, tensor<64x64xf32>
    gpu.return
  }
}
