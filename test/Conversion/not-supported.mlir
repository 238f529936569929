// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file -verify-diagnostics

// What the device lowering does not handle yet: it says so instead of
// failing to legalize.
gpu.module @m {
  gpu.func @k(%x: f32) kernel {
    // expected-error @+1 {{'tile.splat' op not supported yet: register tiles (tensor values) other than the wgmma accumulator layout (#tile.wgmma with warpsPerCTA = [W, 1] and instrShape = [16, N]) and power-of-two tiles of rank 1 to 4 in #tile.blocked, #tile.slice, #tile.linear, #tile.wgmma or #tile.dot_operand layouts are not lowered to NVVM yet}}
    %t = tile.splat %x : tensor<128xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: f32) kernel {
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    // expected-error @+1 {{not supported yet: this window of a 128-byte swizzled buffer is not itself a swizzled buffer (it must start at a multiple of 8 rows and of 64 contiguous elements, and keep every row or stay within one swizzle chunk)}}
    %s = tile.smem_subslice %b[4, 0] : !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> !tile.smem<8x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    %h = arith.truncf %x : f32 to f16
    %c0 = arith.constant 0 : index
    tile.smem_store %h, %s[%c0, %c0] : f16, !tile.smem<8x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xf16, mutable>
    %z = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    // expected-error @+1 {{not supported yet: wgmma operands in shared memory need a #tile.nvmma_shared layout}}
    %d = tile.dot %a, %b, %z : !tile.smem<64x64xf16, mutable>, !tile.smem<64x64xf16, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    gpu.return
  }
}

// -----

// A wgmma accumulator split across warp columns is not lowered yet (as a
// tile of its own it is an ordinary distributed tile).
#acc2 = #tile.wgmma<warpsPerCTA = [4, 2], instrShape = [16, 64]>
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 8 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>, mutable>
    %t = tile.splat %x : tensor<64x128xf32, #acc2>
    // expected-error @+1 {{not supported yet: wgmma lowering needs a #tile.wgmma accumulator with warpsPerCTA = [W, 1] and instrShape = [16, N]}}
    %d = tile.dot %a, %b, %t : !tile.smem<64x64xf16, #sw, mutable>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>, mutable>, tensor<64x128xf32, #acc2> -> tensor<64x128xf32, #acc2>
    gpu.return
  }
}

// -----

// Windows must be buffers of their own layout; each window is checked
// element by element against its source. A transposed (column-major)
// unswizzled buffer cut along its rows is not:
#t0 = #tile.nvmma_shared<swizzle = 0, element_bits = 16, transposed = true>
gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x32xf16, #t0, mutable>
    // expected-error @+1 {{'tile.smem_subslice' op not supported yet: this window is not itself a buffer of its layout: its element (0, 1) is element 96 of the source, but the window's layout puts it at 64}}
    %w = tile.smem_subslice %a[32, 0] : !tile.smem<64x32xf16, #t0, mutable> -> !tile.smem<32x32xf16, #t0, mutable>
    gpu.return
  }
}

// -----

// A window keeping a leading dimension but not the rows under it.
#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<2x64x64xf16, #sw128, mutable>
    // expected-error @+1 {{'tile.smem_subslice' op not supported yet: this window is not itself a buffer of its layout: its element (1, 0, 0) is element 6144 of the source, but the window's layout puts it at 4096}}
    %w = tile.smem_subslice %a[0, 32, 0] : !tile.smem<2x64x64xf16, #sw128, mutable> -> !tile.smem<2x32x64xf16, #sw128, mutable>
    gpu.return
  }
}

// -----

// Fewer rows than a swizzle atom (8): the chunk stride is not a whole
// number of atoms, so the second chunk is not a swizzled buffer.
#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<4x128xf16, #sw128, mutable>
    // expected-error @+1 {{'tile.smem_subslice' op not supported yet: this window is not itself a buffer of its layout: its element (0, 32) is element 256 of the source, but the window's layout puts it at 320}}
    %w = tile.smem_subslice %a[0, 64] : !tile.smem<4x128xf16, #sw128, mutable> -> !tile.smem<4x64xf16, #sw128, mutable>
    gpu.return
  }
}
