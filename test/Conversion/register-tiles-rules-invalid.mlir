// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file -verify-diagnostics

// Register tiles no op family lowers: the diagnostic names the rule the
// type breaks, with its numbers.

// A tile in a wgmma layout is an accumulator tile (any whole number of
// warpgroup tiles: M a multiple of 16 x warpsPerCTA[0], N = instrShape[1])
// or a power-of-two tile (a broadcast row or column: register-tiles-wgmma-
// broadcast.mlir); 96 rows are neither.
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{'tile.splat' op not supported yet: register tiles (tensor values) other than the wgmma accumulator layout (#tile.wgmma with warpsPerCTA = [W, 1] and instrShape = [16, N]) and power-of-two tiles of rank 1 to 4 in #tile.blocked, #tile.slice, #tile.linear, #tile.wgmma or #tile.dot_operand layouts are not lowered to NVVM yet: other tiles in a wgmma layout need power-of-two dimensions; tile is 96x128; a wgmma accumulator tile is M x instrShape[1] (here M x 128) with M a multiple of 64 (16 x warpsPerCTA[0])}}
    %t = tile.splat %x : tensor<96x128xf32, #acc>
    gpu.return
  }
}

// -----

// ... N = instrShape[1] columns ...
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{are not lowered to NVVM yet: other tiles in a wgmma layout need power-of-two dimensions; tile is 192x128; a wgmma accumulator tile is M x instrShape[1] (here M x 64) with M a multiple of 64 (16 x warpsPerCTA[0])}}
    %t = tile.splat %x : tensor<192x128xf32, #acc>
    gpu.return
  }
}

// -----

// ... and its warps along M only.
#acc = #tile.wgmma<warpsPerCTA = [4, 2], instrShape = [16, 64]>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 8 : i32} {
    // expected-error @+1 {{are not lowered to NVVM yet: other tiles in a wgmma layout need power-of-two dimensions; the layout has warpsPerCTA = [4, 2]; a wgmma accumulator tile has warpsPerCTA = [W, 1]}}
    %t = tile.splat %x : tensor<192x64xf32, #acc>
    gpu.return
  }
}

// -----

// Distributed tiles have rank 1 to 4 ...
#b5 = #tile.blocked<sizePerThread = [1, 1, 1, 1, 4], threadsPerWarp = [1, 1, 2, 4, 4], warpsPerCTA = [4, 1, 1, 1, 1], order = [4, 3, 2, 1, 0]>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{are not lowered to NVVM yet: tile is 4x2x2x4x16, of rank 5; distributed register tiles have rank 1 to 4}}
    %t = tile.splat %x : tensor<4x2x2x4x16xf32, #b5>
    gpu.return
  }
}

// -----

// ... power-of-two dimensions ...
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{are not lowered to NVVM yet: tile is 24x32; distributed register tiles have power-of-two dimensions (dimension 0 is 24)}}
    %t = tile.splat %x : tensor<24x32xf32, #b>
    gpu.return
  }
}

// -----

// ... elements of whole bytes, i1 or index ...
#l = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
gpu.module @m {
  gpu.func @k(%x: i4) kernel attributes {tile.num_warps = 1 : i32} {
    // expected-error @+1 {{are not lowered to NVVM yet: element type i4 is not an integer or float of whole bytes, i1 or index}}
    %t = tile.splat %x : tensor<32xi4, #l>
    gpu.return
  }
}

// -----

// ... a layout (lowering without tile-legalize-layouts) ...
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 1 : i32} {
    // expected-error @+1 {{are not lowered to NVVM yet: the tile has no layout (run tile-legalize-layouts, which chooses one (the default pipeline does), or write it)}}
    %t = tile.splat %x : tensor<32xf32>
    gpu.return
  }
}

// -----

// ... and a distributed layout.
#shared = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0]>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 1 : i32} {
    // expected-error @+1 {{are not lowered to NVVM yet: the tile has no distributed layout (#tile.blocked, #tile.slice, #tile.linear, #tile.wgmma or #tile.dot_operand)}}
    %t = tile.splat %x : tensor<32xf32, #shared>
    gpu.return
  }
}

// -----

// Warp-specialized partitions renumber their warps: distributed tiles,
// whose layouts index the CTA's warps, are not lowered inside them.
#b = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize(%x) default {
      tile.warp_yield
    }
    partition0(%a: f32) num_warps(1) {
      // expected-error @+1 {{'tile.splat' op not supported yet: register tiles in distributed layouts inside warp-specialized partitions}}
      %t = tile.splat %a : tensor<4x8xf32, #b>
      tile.warp_return
    } : (f32) -> ()
    gpu.return
  }
}
