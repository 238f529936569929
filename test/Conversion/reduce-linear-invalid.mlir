// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file -verify-diagnostics

// A #tile.linear reduction the lowering cannot run is a diagnostic naming
// the rule (the allocator reserves its scratch and does not crash).

#bad = #tile.linear<register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 1], [8, 0]], block = []>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<16x32xf32, #bad>
    // expected-error @+1 {{'tile.reduce' op not supported yet: tile.reduce of this layout: a warp bit moves along the axis and another dimension}}
    %r = tile.reduce add %t, axis = 0 : tensor<16x32xf32, #bad> -> tensor<32xf32, #tile.slice<dim = 0, parent = #bad>>
    gpu.return
  }
}
