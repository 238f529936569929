// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Register tiles are checked where their type is built: every element must
// have an owner, and a layout may not spread over more warps than the
// kernel runs.

// A #tile.linear layout that reaches only part of its tile.
#l = #tile.linear<register = [], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @below {{#tile.linear layout reaches only 2^7 of the 2^10 elements of tensor shape [128, 8]; every element needs an owner}}
    %t = tile.splat %x : tensor<128x8xf32, #l>
    gpu.return
  }
}

// -----

// The same through a slice: the parent, seen at the slice's shape with
// extent 1 along the sliced dimension, owns 8 of the 64 elements.
#l = #tile.linear<register = [], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []>
#s = #tile.slice<dim = 0, parent = #l>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 1 : i32} {
    // expected-error @below {{#tile.linear layout reaches only 2^3 of the 2^6 elements of tensor shape [1, 64]; every element needs an owner}}
    %t = tile.splat %x : tensor<64xf32, #s>
    gpu.return
  }
}

// -----

// A basis that points outside the tile.
#l = #tile.linear<register = [[0, 32]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 1 : i32} {
    // expected-error @below {{#tile.linear basis 0 of 'register' has coordinate 32 along dimension 1, outside the tensor shape [4, 16]}}
    %t = tile.splat %x : tensor<4x16xf32, #l>
    gpu.return
  }
}

// -----

// An 8-warp accumulator in a 4-warp kernel.
#acc = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 64]>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @below {{'tile.splat' op layout of 'tensor<128x64xf32, #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 64]>>' spans 8 warps, but the kernel runs 4 (tile.num_warps): a tile's layout may not spread over more warps than the kernel has}}
    %t = tile.splat %x : tensor<128x64xf32, #acc>
    gpu.return
  }
}

// -----

// Inside scf.for and the default region of tile.warp_specialize, the
// kernel's warps are the limit too.
#b = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
gpu.module @m {
  gpu.func @k(%x: f32, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    tile.warp_specialize() default {
      scf.for %i = %c0 to %n step %c1 {
        // expected-error @below {{spans 8 warps, but the kernel runs 4 (tile.num_warps)}}
        %t = tile.splat %x : tensor<256xf32, #b>
      }
      tile.warp_yield
    } : () -> ()
    gpu.return
  }
}
