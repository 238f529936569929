// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file -verify-diagnostics

// Operations on distributed register tiles that are not lowered yet are
// refused before the conversion, with the reason.

// Warps along the axis combine through shared scratch, which only kernels
// get.
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @f(%x: f32) {
    %t = tile.splat %x : tensor<16x32xf32, #b>
    // expected-error @+1 {{'tile.reduce' op not supported yet: tile.reduce of this layout: the reduction crosses warps and has no shared-memory scratch (tile-allocate-shared-memory reserves it, in kernels only)}}
    %r = tile.reduce add %t, axis = 0 : tensor<16x32xf32, #b> -> tensor<32xf32, #tile.slice<dim = 0, parent = #b>>
    gpu.return
  }
}

// -----

// A layout change that moves data between threads needs shared scratch,
// which only kernels get.
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#t = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
gpu.module @m {
  gpu.func @f(%x: f32) {
    %t = tile.splat %x : tensor<16x32xf32, #b>
    // expected-error @+1 {{'tile.convert_layout' op not supported yet: a layout change that moves data between threads has no shared-memory scratch (tile-allocate-shared-memory reserves it, in kernels only)}}
    %c = tile.convert_layout %t : tensor<16x32xf32, #b> -> tensor<16x32xf32, #t>
    gpu.return
  }
}

// -----

// Rank 5 is beyond the register-tile lowering.
#b5 = #tile.blocked<sizePerThread = [1, 1, 1, 1, 4], threadsPerWarp = [1, 1, 2, 4, 4], warpsPerCTA = [4, 1, 1, 1, 1], order = [4, 3, 2, 1, 0]>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{'tile.splat' op not supported yet: register tiles (tensor values) other than the wgmma accumulator layout (#tile.wgmma with warpsPerCTA = [W, 1] and instrShape = [16, N]) and power-of-two tiles of rank 1 to 4 in #tile.blocked, #tile.slice, #tile.linear, #tile.wgmma or #tile.dot_operand layouts are not lowered to NVVM yet}}
    %t = tile.splat %x : tensor<4x2x2x4x16xf32, #b5>
    gpu.return
  }
}

// -----

// Non-power-of-two shapes have no linear layout.
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{'tile.splat' op not supported yet: register tiles (tensor values) other than the wgmma accumulator layout}}
    %t = tile.splat %x : tensor<24x32xf32, #b>
    gpu.return
  }
}

// -----

// Constants other than splats.
#l = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 1 : i32} {
    // expected-error @+1 {{'arith.constant' op not supported yet: non-splat constant register tiles}}
    %c = arith.constant dense<[0, 1]> : tensor<2xi32, #l>
    gpu.return
  }
}


// -----

// The layout needs 4 warps; the kernel runs 2.
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 2 : i32} {
    // expected-error @+1 {{'tile.splat' op layout of 'tensor<16x32xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>' spans 4 warps, but the kernel runs 2 (tile.num_warps)}}
    %t = tile.splat %x : tensor<16x32xf32, #b>
    gpu.return
  }
}

// -----

// Sub-byte elements have no byte address in shared memory.
#l = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
gpu.module @m {
  gpu.func @k(%x: i1) kernel attributes {tile.num_warps = 1 : i32} {
    %buf = tile.alloc_smem : !tile.smem<32xi1, mutable>
    %t = tile.splat %x : tensor<32xi1, #l>
    // expected-error @+1 {{'tile.smem_store' op not supported yet: whole-tile shared-memory access to sub-byte elements}}
    tile.smem_store %t, %buf : tensor<32xi1, #l>, !tile.smem<32xi1, mutable>
    gpu.return
  }
}

// -----

// Inside a warp-specialized partition, a layout change across warps would
// synchronize the whole CTA: refused.
#b = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#t = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
gpu.module @m {
  gpu.func @cvt_in_partition(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<16x32xf32, #b>
    tile.warp_specialize(%t) default {
      tile.warp_yield
    }
    partition0(%a: tensor<16x32xf32, #b>) num_warps(4) {
      // expected-error @below {{not supported yet: a layout change through shared memory (it synchronizes the whole CTA) inside a warp-specialized partition}}
      %c = tile.convert_layout %a : tensor<16x32xf32, #b> -> tensor<16x32xf32, #t>
      tile.warp_return
    } : (tensor<16x32xf32, #b>) -> ()
    gpu.return
  }
}

// -----

// A layout change within each warp (shfl.sync, no warp id) passes its own
// check inside a partition; passing the tile into the partition is what is
// refused.
#rowmajor = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
#colmajor = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>
gpu.module @m {
  gpu.func @shuffle_in_partition(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<4x8xf32, #rowmajor>
    // expected-error @below {{'tile.warp_specialize' op not supported yet: this operation on register tiles in distributed layouts}}
    tile.warp_specialize(%t) default {
      tile.warp_yield
    }
    partition0(%a: tensor<4x8xf32, #rowmajor>) num_warps(1) {
      %c = tile.convert_layout %a : tensor<4x8xf32, #rowmajor> -> tensor<4x8xf32, #colmajor>
      tile.warp_return
    } : (tensor<4x8xf32, #rowmajor>) -> ()
    gpu.return
  }
}

// -----

// An element type LLVM has no type for, read and written one at a time.
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @tf32_scalar(%p: !tile.ptr<tf32>, %i: i64) kernel attributes {tile.num_warps = 1 : i32} {
    // expected-error @+1 {{'tile.load' op not supported yet: 'tf32' in global memory (no LLVM type)}}
    %x = tile.load %p[%i] : !tile.ptr<tf32>, i64 -> tf32
    gpu.return
  }
}
