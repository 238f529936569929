// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// A #tile.linear attribute describes one shape: the source of a broadcast
// to an 8x8 tile in one takes it restricted to its own shape (coordinates
// cut to it, the register bases along the broadcast dimension dropped, the
// lane bases that no longer select anything broadcasting). A result in
// the layout the source's grows to (growTo: the new coordinate bits on
// lanes, then warps, that broadcast, then on new registers) is accepted
// the same way.

// CHECK-DAG: #[[TILE:.*]] = #tile.linear<register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}0, 4], [0, 0], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}0, 0], [0, 0]], block = []>
// CHECK-DAG: #[[COLUMN:.*]] = #tile.linear<register = [], lane = {{\[\[}}0, 0], [0, 0], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}0, 0], [0, 0]], block = []>
// CHECK-DAG: #[[ROW:.*]] = #tile.linear<register = {{\[\[}}0, 1], [0, 2]], lane = {{\[\[}}0, 4], [0, 0], [0, 0], [0, 0], [0, 0]], warp = {{\[\[}}0, 0], [0, 0]], block = []>
// CHECK-DAG: #[[GROWN:.*]] = #tile.linear<register = [], lane = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}0, 4], [0, 8]], block = []>
// CHECK-LABEL: gpu.func @restricted
// CHECK: tile.broadcast %{{.*}} : tensor<8x1xi32, #[[COLUMN]]> -> tensor<8x8xi32, #[[TILE]]>
// CHECK: tile.broadcast %{{.*}} : tensor<1x8xi32, #[[ROW]]> -> tensor<8x8xi32, #[[TILE]]>
#tile = #tile.linear<register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 0], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []>
#column = #tile.linear<register = [], lane = [[0, 0], [0, 0], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []>
#row = #tile.linear<register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 0], [0, 0], [0, 0], [0, 0]], warp = [[0, 0], [0, 0]], block = []>
gpu.module @m {
  gpu.func @restricted(%c: tensor<8x1xi32, #column>, %r: tensor<1x8xi32, #row>) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.broadcast %c : tensor<8x1xi32, #column> -> tensor<8x8xi32, #tile>
    %b = tile.broadcast %r : tensor<1x8xi32, #row> -> tensor<8x8xi32, #tile>
    gpu.return
  }
}


// CHECK-LABEL: gpu.func @grown
// CHECK: tile.broadcast %{{.*}} : tensor<8x1xi32, #[[COLUMN]]> -> tensor<8x16xi32, #[[GROWN]]>
#grown = #tile.linear<register = [], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[0, 4], [0, 8]], block = []>
gpu.module @g {
  gpu.func @grown(%c: tensor<8x1xi32, #column>) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.broadcast %c : tensor<8x1xi32, #column> -> tensor<8x16xi32, #grown>
    gpu.return
  }
}
