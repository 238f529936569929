// RUN: tile-opt %s -split-input-file --tile-legalize-layouts -verify-diagnostics

// What tile-legalize-layouts refuses, each with the rule and its numbers.

gpu.module @m {
  // expected-error @+1 {{'gpu.func' op has register tiles without layouts but no tile.num_warps: tile-legalize-layouts needs the kernel's warp count to choose their layouts}}
  gpu.func @no_warps(%x: f32) kernel {
    %t = tile.splat %x : tensor<64xf32>
    gpu.return
  }
}

// -----

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m {
  gpu.func @rows(%n: index) kernel attributes {tile.num_warps = 8 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #swt, mutable>
    %z = arith.constant dense<0.0> : tensor<64x128xf32>
    // expected-error @+1 {{'tile.dot' op has a 64x128 accumulator, but the kernel runs 8 warps (tile.num_warps) and each takes 16 rows: M must be a multiple of 128 (4 or fewer warps in whole warpgroups fit M = 64)}}
    %d = tile.dot %a, %b, %z : !tile.smem<64x64xf16, #sw, mutable>, !tile.smem<64x128xf16, #swt, mutable>, tensor<64x128xf32> -> tensor<64x128xf32>
    gpu.return
  }
}

// -----

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m {
  gpu.func @warpgroups(%n: index) kernel attributes {tile.num_warps = 2 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #swt, mutable>
    %z = arith.constant dense<0.0> : tensor<64x128xf32>
    // expected-error @+1 {{'tile.dot' op needs whole warpgroups for its wgmma accumulator, but the kernel runs 2 warps (tile.num_warps): use a multiple of 4}}
    %d = tile.dot %a, %b, %z : !tile.smem<64x64xf16, #sw, mutable>, !tile.smem<64x128xf16, #swt, mutable>, tensor<64x128xf32> -> tensor<64x128xf32>
    gpu.return
  }
}

// -----

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m {
  gpu.func @wide(%n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<64x512xf16, #swt, mutable>
    %z = arith.constant dense<0.0> : tensor<64x512xf32>
    // expected-error @+1 {{'tile.dot' op has N = 512: tile-legalize-layouts gives a tile.dot one wgmma instruction per row of warps, whose N is a power of two from 8 to 256; split the tile along N}}
    %d = tile.dot %a, %b, %z : !tile.smem<64x64xf16, #sw, mutable>, !tile.smem<64x512xf16, #swt, mutable>, tensor<64x512xf32> -> tensor<64x512xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @partition_capture(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<32xf32>
    // expected-error @+1 {{'tile.warp_specialize' op captures a register tile without a layout into partition0 (argument #0): tile-legalize-layouts lays out each region's tiles over its own warps, so a tile passed between them needs the layout written}}
    tile.warp_specialize(%t) default {
      tile.warp_yield
    }
    partition0(%a: tensor<32xf32>) num_warps(1) {
      tile.warp_return
    } : (tensor<32xf32>) -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @partition_dot(%x: f32) kernel attributes {tile.num_warps = 8 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    tile.warp_specialize(%a, %b) default {
      tile.warp_yield
    }
    partition0(%pa: !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, %pb: !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) num_warps(2) {
      %z = arith.constant dense<0.0> : tensor<64x64xf32>
      // expected-error @+1 {{'tile.dot' op needs whole warpgroups for its wgmma accumulator, but partition0 runs 2 warps (num_warps): use a multiple of 4}}
      %d = tile.dot %pa, %pb, %z : !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
      tile.warp_return
    } : (!tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) -> ()
    gpu.return
  }
}

// -----

#b = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
gpu.module @m {
  gpu.func @to_nothing(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<128xf32, #b>
    // expected-error @+1 {{'tile.convert_layout' op converts to no layout: tile.convert_layout names the layout it converts to}}
    %u = tile.convert_layout %t : tensor<128xf32, #b> -> tensor<128xf32>
    gpu.return
  }
}

// -----

#tl = #tmem.layout<block = [64, 64], col_stride = 1>
gpu.module @m {
  gpu.func @tmem_rows() kernel attributes {tile.num_warps = 4 : i32} {
    %t = tmem.alloc : !tmem.buffer<64x64xf32, #tl>
    // expected-error @+1 {{'tmem.load' op moves a 64x64 tile: tile-legalize-layouts lays out 128-row tiles over whole warpgroups (tcgen05.ld/st 32x32b, a row per thread), and the kernel runs 4 warps (tile.num_warps); write the tile's layout}}
    %o = tmem.load %t : !tmem.buffer<64x64xf32, #tl> -> tensor<64x64xf32>
    tmem.dealloc %t : !tmem.buffer<64x64xf32, #tl>
    gpu.return
  }
}

// -----

// One shared buffer copied through descriptors of two swizzles has no
// single layout.
gpu.module @m {
  gpu.func @two_swizzles(%d64: !tma.descriptor<tensor<64x32xf16>, swizzle = 64>, %d128: !tma.descriptor<tensor<32x64xf16>, swizzle = 128>, %bar: !mbarrier.barrier) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !tile.smem<64x64xf16, mutable>
    %left = tile.smem_subslice %buf[0, 0] : !tile.smem<64x64xf16, mutable> -> !tile.smem<64x32xf16, mutable>
    %top = tile.smem_subslice %buf[0, 0] : !tile.smem<64x64xf16, mutable> -> !tile.smem<32x64xf16, mutable>
    // expected-note @+1 {{the other copy}}
    tma.async_load %d64[%c0, %c0], %left, %bar : !tma.descriptor<tensor<64x32xf16>, swizzle = 64>, !tile.smem<64x32xf16, mutable>
    // expected-error @+1 {{'tma.async_store' op copies a shared buffer without a layout through a descriptor that swizzles 128 bytes, but another copy of it swizzles 64 bytes: tile-legalize-layouts cannot give it one layout (use one swizzle, or two buffers)}}
    tma.async_store %top, %d128[%c0, %c0] : !tile.smem<32x64xf16, mutable>, !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
    gpu.return
  }
}

// -----

// A tensor-core operand that is also read one element at a time (as plain
// row-major) cannot take the NVMMA layout the MMA needs.
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
gpu.module @m {
  gpu.func @mma_and_scalar(%out: !tile.ptr<f32>, %i: index) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{'tile.alloc_smem' op has no layout, and tile-legalize-layouts cannot choose one: tile.dot needs an NVMMA layout but tile.smem_load reads it as plain row-major}}
    %a = tile.alloc_smem : !tile.smem<64x64xf16, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    %z = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    // expected-note @+1 {{needs the NVMMA layout}}
    %d = tile.dot %a, %b, %z : !tile.smem<64x64xf16, mutable>, !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    // expected-note @+1 {{needs row-major}}
    %e = tile.smem_load %a[%i, %i] : !tile.smem<64x64xf16, mutable> -> f16
    %off = arith.constant dense<0> : tensor<64x64xi32, #acc>
    tile.store %out[%off], %d : !tile.ptr<f32>, tensor<64x64xi32, #acc>, tensor<64x64xf32, #acc>
    gpu.return
  }
}

// -----

// A tile laid out over 4 warps in an 8-warp kernel: warps 4-7 would repeat
// warps 0-3's work (here: store every element twice).
#blocked4 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @fewer_warps(%p: !tile.ptr<f32>) kernel attributes {tile.num_warps = 8 : i32} {
    // expected-error @+1 {{'arith.constant' op has a register tile 'tensor<64x32xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>' laid out over 4 warps, but the kernel runs 8 (tile.num_warps): the other warps would repeat the same work; lay it out over 8 warps}}
    %off = arith.constant dense<0> : tensor<64x32xi32, #blocked4>
    %x = tile.load %p[%off] : !tile.ptr<f32>, tensor<64x32xi32, #blocked4> -> tensor<64x32xf32, #blocked4>
    tile.store %p[%off], %x : !tile.ptr<f32>, tensor<64x32xi32, #blocked4>, tensor<64x32xf32, #blocked4>
    gpu.return
  }
}

// -----

// One tensor-memory buffer read as scale factors and loaded as data.
#n8 = #tile.nvmma_shared<swizzle = 128, element_bits = 8>
#n8t = #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @scales_and_data(%use: i1) kernel attributes {tile.num_warps = 4 : i32} {
    %a8 = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #n8, mutable>
    %b8 = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #n8t, mutable>
    %acc = tmem.alloc : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    %as = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU>
    %bs = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    // expected-error @+1 {{'tmem.mma_scaled' op uses a tensor-memory buffer without a layout as scale factors (#tmem.scales), but another user needs a data layout: tile-legalize-layouts cannot give it one layout (use two buffers)}}
    tmem.mma_scaled %a8, %b8, %acc, %as, %bs, %use : !tile.smem<128x128xf8E4M3FN, #n8, mutable>, !tile.smem<128x128xf8E4M3FN, #n8t, mutable>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x4xf8E8M0FNU>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    // expected-note @+1 {{the other user}}
    %v = tmem.load %as : !tmem.buffer<128x4xf8E8M0FNU> -> tensor<128x4xf8E8M0FNU>
    gpu.return
  }
}

// -----

// A buffer without a layout that comes from outside the kernel.
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @outside(%t: !tmem.buffer<128x64xf32>) attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{'tmem.load' op uses a tensor-memory buffer without a layout that tile-legalize-layouts does not trace to a tmem.alloc of the kernel; write its layout}}
    %v = tmem.load %t : !tmem.buffer<128x64xf32> -> tensor<128x64xf32>
    gpu.return
  }
}

// -----

// A conflict no conversion resolves: the stored value is the wgmma
// accumulator over the region's 8 warps, the offsets the user laid out
// over 4 (a warp-specialized kernel, where that is legal), and the store
// takes the offsets' layout. The error names both ops, both layouts with
// their linear maps, the op the layout comes from, and the conversion it
// would need.
#b4 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @no_conversion(%out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 8 : i32} {
    %a = tile.alloc_smem : !tile.smem<128x64xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #swt, mutable>
    tile.warp_specialize(%out, %a, %b) default {
      %cst = arith.constant 0.0 : f32
      %c = tile.splat %cst : tensor<128x128xf32>
      // expected-note @+1 {{the result of 'tile.dot' has #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>, as a linear map register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [64, 0]], block = [] -> (dim0: 128, dim1: 128)}}
      %d = tile.dot %a, %b, %c : !tile.smem<128x64xf16, #sw, mutable>, !tile.smem<64x128xf16, #swt, mutable>, tensor<128x128xf32> -> tensor<128x128xf32>
      // expected-note @+1 {{'tile.store' takes that layout from the result of 'arith.constant', laid out as #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>}}
      %o = arith.constant dense<0> : tensor<128x128xi32, #b4>
      // expected-error @+2 {{'tile.store' op needs operand #2 (the result of 'tile.dot', laid out as #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>) as #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>, and tile-legalize-layouts cannot resolve the conflict: the conversion it would need, tile.convert_layout from #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]> to #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>, does not exist (the source layout uses 8 warps but the result 4)}}
      // expected-note @+1 {{'tile.store' needs #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>, as a linear map register = [[0, 1], [0, 2], [0, 64], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [1, 0]], warp = [[2, 0], [4, 0]], block = [] -> (dim0: 128, dim1: 128)}}
      tile.store %out[%o], %d : !tile.ptr<f32>, tensor<128x128xi32, #b4>, tensor<128x128xf32>
      tile.warp_yield
    }
    partition0(%o0: !tile.ptr<f32>, %a0: !tile.smem<128x64xf16, #sw, mutable>, %b0: !tile.smem<64x128xf16, #swt, mutable>) num_warps(1) {
      tile.warp_return
    } : (!tile.ptr<f32>, !tile.smem<128x64xf16, #sw, mutable>, !tile.smem<64x128xf16, #swt, mutable>) -> ()
    gpu.return
  }
}

// -----

// A layout the user wrote over fewer warps than the kernel runs is refused
// where it is written, before it spreads to the tiles left without one.
#b4 = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
gpu.module @m {
  gpu.func @written_warps(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 8 : i32} {
    %i = tile.range 0 to 1024 : tensor<1024xi32>
    %x = tile.load %in[%i] : !tile.ptr<f32>, tensor<1024xi32> -> tensor<1024xf32>
    // expected-error @+1 {{'tile.range' op has a register tile 'tensor<1024xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>' laid out over 4 warps, but the kernel runs 8 (tile.num_warps): the other warps would repeat the same work; lay it out over 8 warps}}
    %o = tile.range 0 to 1024 : tensor<1024xi32, #b4>
    tile.store %out[%o], %x : !tile.ptr<f32>, tensor<1024xi32, #b4>, tensor<1024xf32>
    gpu.return
  }
}

// -----

// A tile captured into a partition with a layout over more warps than the
// partition runs.
#b8 = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
gpu.module @m {
  gpu.func @capture_warps(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>, %idx: !tile.ptr<i32>) kernel attributes {tile.num_warps = 8 : i32} {
    %i = tile.range 0 to 1024 : tensor<1024xi32, #b8>
    %x = tile.load %in[%i] : !tile.ptr<f32>, tensor<1024xi32, #b8> -> tensor<1024xf32, #b8>
    // expected-error @+1 {{'tile.warp_specialize' op captures a register tile 'tensor<1024xf32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>>' (argument #1) laid out over 8 warps in partition0, which runs 4 warps (num_warps): a partition's layouts index its own warps; lay it out over 4 warps}}
    tile.warp_specialize(%out, %x, %idx) default {
      tile.warp_yield
    }
    partition0(%o: !tile.ptr<f32>, %x0: tensor<1024xf32, #b8>, %ip: !tile.ptr<i32>) num_warps(4) {
      %j = tile.range 0 to 1024 : tensor<1024xi32>
      %k = tile.load %ip[%j] : !tile.ptr<i32>, tensor<1024xi32> -> tensor<1024xi32>
      tile.store %o[%k], %x0 : !tile.ptr<f32>, tensor<1024xi32>, tensor<1024xf32, #b8>
      tile.warp_return
    } : (!tile.ptr<f32>, tensor<1024xf32, #b8>, !tile.ptr<i32>) -> ()
    gpu.return
  }
}

// -----

// A window of a buffer another user reads as scale factors.
#n8 = #tile.nvmma_shared<swizzle = 128, element_bits = 8>
#n8t = #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @window_of_scales(%use: i1) kernel attributes {tile.num_warps = 4 : i32} {
    %a8 = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #n8, mutable>
    %b8 = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #n8t, mutable>
    %acc = tmem.alloc : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    %as = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU>
    %bs = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    // expected-note @+1 {{the scale-factor user}}
    tmem.mma_scaled %a8, %b8, %acc, %as, %bs, %use : !tile.smem<128x128xf8E4M3FN, #n8, mutable>, !tile.smem<128x128xf8E4M3FN, #n8t, mutable>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x4xf8E8M0FNU>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    // expected-error @+1 {{'tmem.subslice' op takes a window of a tensor-memory buffer without a layout that another user reads as scale factors (#tmem.scales): windows are of #tmem.layout buffers; use two buffers}}
    %w = tmem.subslice %as, column = 0 : !tmem.buffer<128x4xf8E8M0FNU> -> !tmem.buffer<128x4xf8E8M0FNU>
    gpu.return
  }
}

// -----

// A window written as scale factors of a buffer left without a layout.
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @scales_window() kernel attributes {tile.num_warps = 4 : i32} {
    %s = tmem.alloc : !tmem.buffer<128x8xf8E8M0FNU>
    // expected-error @+1 {{'tmem.subslice' op takes a window laid out as #tmem.scales of a tensor-memory buffer without a layout: windows are of #tmem.layout buffers}}
    %w = tmem.subslice %s, column = 4 : !tmem.buffer<128x8xf8E8M0FNU> -> !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

// Interleaved blocks (256 rows): the blockN written on one window is every
// window's, and a window 16 columns wide at column 16 cannot keep 32.
#w32 = #tmem.layout<block = [128, 32], col_stride = 1>
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @interleaved_windows() kernel attributes {tile.num_warps = 4 : i32} {
    %acc = tmem.alloc : !tmem.buffer<256x128xf32>
    // expected-note @+1 {{blockN 32 is the one written on this window}}
    %w = tmem.subslice %acc, column = 0 : !tmem.buffer<256x128xf32> -> !tmem.buffer<256x64xf32, #w32>
    // expected-error @+1 {{'tmem.subslice' op takes a window of a tensor-memory buffer without a layout whose 2 blocks along M interleave along the columns, so every window keeps one blockN and starts on a block: this one (16 columns from column 16) cannot keep blockN 32}}
    %x = tmem.subslice %acc, column = 16 : !tmem.buffer<256x128xf32> -> !tmem.buffer<256x16xf32>
    tmem.dealloc %acc : !tmem.buffer<256x128xf32>
    gpu.return
  }
}

// -----

// A wgmma accumulator is laid out over all of its region's warps, which
// must then start at a multiple of them: 8 warps from warp 4 do not.
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @misaligned_partition(%a: !tile.smem<128x64xf16, #sw, mutable>, %b: !tile.smem<64x64xf16, #swt, mutable>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize(%a, %b) default {
      tile.warp_yield
    }
    partition0(%a0: !tile.smem<128x64xf16, #sw, mutable>, %b0: !tile.smem<64x64xf16, #swt, mutable>) num_warps(8) {
      %z = arith.constant dense<0.0> : tensor<128x64xf32>
      // expected-error @+1 {{'tile.dot' op is laid out over all 8 warps of its region, but partition0 runs 8 warps (num_warps) from warp 4, not a multiple of 8: layouts read the low bits of the CTA's warp id (give the earlier partitions a multiple of 8 warps, or place this one first)}}
      %d = tile.dot %a0, %b0, %z : !tile.smem<128x64xf16, #sw, mutable>, !tile.smem<64x64xf16, #swt, mutable>, tensor<128x64xf32> -> tensor<128x64xf32>
      tile.warp_return
    } : (!tile.smem<128x64xf16, #sw, mutable>, !tile.smem<64x64xf16, #swt, mutable>) -> ()
    gpu.return
  }
}

// -----

// A tile with a dimension that is not a power of two has one layout and no
// conversion to another: the rule, not a conflict between two layouts.
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @seven(%q: !tile.ptr<f32>, %stride: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %s = tile.alloc_smem : !tile.smem<7xf32, mutable>
    %v = tile.smem_load %s : !tile.smem<7xf32, mutable> -> tensor<7xf32>
    %r = tile.range 0 to 7 : tensor<7xi32>
    %st = tile.splat %stride : tensor<7xi32>
    %i = arith.muli %r, %st : tensor<7xi32>
    // expected-error @+1 {{'tile.store' op not supported yet: operand #2 (the result of 'tile.smem_load', 'tensor<7xf32>') is needed in another layout than it has, and register tiles change layouts only with power-of-two dimensions (dimension 0 is 7)}}
    tile.store %q[%i], %v : !tile.ptr<f32>, tensor<7xi32>, tensor<7xf32>
    gpu.return
  }
}

// -----

// A tile no layout can hold: 2^20 f32 over 128 threads is 8192 registers a
// thread however it is spread (the bound is 256). The layout the pass
// chose is checked as a written one is (it once left IR that did not parse
// back, and a 2^30-element tile made the lowering run for minutes).
gpu.module @m {
  gpu.func @too_large(%p: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{'tile.range' op tile-legalize-layouts: a tile of shape [1048576] holds 8192 32-bit elements (8192 32-bit registers) in every thread, but a thread can hold at most 256 registers of a tile: spread it over more threads or split it}}
    %r = tile.range 0 to 1048576 : tensor<1048576xi32>
    %f = arith.sitofp %r : tensor<1048576xi32> to tensor<1048576xf32>
    tile.store %p[%r], %f : !tile.ptr<f32>, tensor<1048576xi32>, tensor<1048576xf32>
    gpu.return
  }
}

// -----

// Three warps: a layout's warp dimension is a power of two, so no layout
// covers the kernel's warps (the error once asked for a layout over 3).
gpu.module @m {
  gpu.func @three_warps(%p: !tile.ptr<f32>) kernel attributes {tile.num_warps = 3 : i32} {
    // expected-error @+1 {{laid out over 2 warps, but the kernel runs 3 (tile.num_warps), and a layout spans a power-of-two number of warps: a kernel with register tiles runs 1, 2, 4, 8, 16 or 32 warps (or splits them with tile.warp_specialize)}}
    %r = tile.range 0 to 256 : tensor<256xi32>
    %v = tile.load %p[%r] : !tile.ptr<f32>, tensor<256xi32> -> tensor<256xf32>
    tile.store %p[%r], %v : !tile.ptr<f32>, tensor<256xi32>, tensor<256xf32>
    gpu.return
  }
}
