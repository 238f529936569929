// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{tensor-memory blockM must be 64 or 128, got 96}}
#bad = #tmem.layout<block = [96, 128], col_stride = 1>

// -----

// expected-error @+1 {{tensor-memory blockN must be a power of two in [1, 256], got 48}}
#bad = #tmem.layout<block = [128, 48], col_stride = 1>

// -----

// expected-error @+1 {{tensor-memory blockN must be a power of two in [1, 256], got 512}}
#bad = #tmem.layout<block = [128, 512], col_stride = 1>

// -----

// expected-error @+1 {{tensor-memory col_stride must be 1, 2 or 4, got 3}}
#bad = #tmem.layout<block = [128, 128], col_stride = 3>

// -----

gpu.module @m {
  // expected-error @+1 {{a tensor-memory buffer has rank 2 (M x N) or 3 (stages x M x N), got rank 1}}
  gpu.func @k(%b: !tmem.buffer<128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{tensor-memory buffer dimensions must be positive, got 0}}
  gpu.func @k(%b: !tmem.buffer<0x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{tensor-memory elements must be integers or floats of 4, 8, 16 or 32 bits (cells are 32 bits wide), got 'f64'}}
  gpu.func @k(%b: !tmem.buffer<128x128xf64, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    gpu.return
  }
}

// -----

// A window outside its source is refused with or without layouts.
gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<128x128xf32>) kernel {
    // expected-error @+1 {{a window of 64 columns starting at column 96 is outside the source's N = 128}}
    %s = tmem.subslice %b, column = 96 : !tmem.buffer<128x128xf32> -> !tmem.buffer<128x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{the layout of a tensor-memory buffer must be #tmem.layout or #tmem.scales}}
  gpu.func @k(%b: !tmem.buffer<128x128xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{M (64) must be a multiple of the layout's blockM (128)}}
  gpu.func @k(%b: !tmem.buffer<64x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{N (96) must be a multiple of the layout's blockN (64)}}
  gpu.func @k(%b: !tmem.buffer<128x96xf32, #tmem.layout<block = [128, 64], col_stride = 1>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{col_stride 2 with 32-bit 'f32' elements exceeds a 32-bit column: col_stride * element bits must be at most 32}}
  gpu.func @k(%b: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 2>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{col_stride 4 with 16-bit 'f16' elements exceeds a 32-bit column}}
  gpu.func @k(%b: !tmem.buffer<128x128xf16, #tmem.layout<block = [128, 128], col_stride = 4>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{a #tmem.scales buffer holds 8-bit scale factors (f8E8M0FNU, f8E4M3FN or i8), got 'f16'}}
  gpu.func @k(%b: !tmem.buffer<128x4xf16, #tmem.scales>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{buffer needs 768 tensor-memory columns; an SM has 512}}
  gpu.func @k(%b: !tmem.buffer<3x128x256xf32, #tmem.layout<block = [128, 256], col_stride = 1>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{buffer needs 1024 tensor-memory columns; an SM has 512}}
  gpu.func @k(%b: !tmem.buffer<128x1024xf16, #tmem.layout<block = [128, 256], col_stride = 2>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{buffer needs 1024 tensor-memory columns; an SM has 512}}
  gpu.func @k(%b: !tmem.buffer<1024x128xf8E8M0FNU, #tmem.scales>) kernel {
    gpu.return
  }
}

// -----

func.func @host() {
  // expected-error @+1 {{'tmem.alloc' op must be inside device code (a gpu.module or gpu.func)}}
  %a = tmem.alloc : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
  return
}

// -----

gpu.module @m {
  gpu.func @k(%v: tensor<128x64xf32>) kernel {
    // expected-error @+1 {{initial value shape 128x64 differs from buffer shape 128x128}}
    %a = tmem.alloc(%v : tensor<128x64xf32>) : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%v: tensor<128x128xf16>) kernel {
    // expected-error @+1 {{initial value elements ('f16') differ from buffer elements ('f32')}}
    %a = tmem.alloc(%v : tensor<128x128xf16>) : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%v: tensor<128x128xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>>) kernel {
    // expected-error @+1 {{initial value encoding #tile.nvmma_shared<swizzle = 0, element_bits = 32> is not a distributed layout}}
    %a = tmem.alloc(%v : tensor<128x128xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>>) : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

func.func @host(%b: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) {
  // expected-error @+1 {{'tmem.dealloc' op must be inside device code (a gpu.module or gpu.func)}}
  tmem.dealloc %b : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
  return
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %i: index) kernel {
    %s = tmem.index %b[%i] : !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>> -> !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    // expected-error @+1 {{frees the buffer tmem.alloc returned, not a view of it made by 'tmem.index'}}
    tmem.dealloc %s : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

func.func @host() {
  // expected-error @+1 {{'tmem.relinquish' op must be inside device code (a gpu.module or gpu.func)}}
  tmem.relinquish
  return
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %i: index) kernel {
    // expected-error @+1 {{tmem.index needs a buffer with a leading stage dimension (rank 3), got 128x128}}
    %s = tmem.index %b[%i] : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>> -> !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %i: index) kernel {
    // expected-error @+1 {{result must be '!tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>' (the source without its stage dimension)}}
    %s = tmem.index %b[%i] : !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>> -> !tmem.buffer<128x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    %c2 = arith.constant 2 : index
    // expected-error @+1 {{stage index 2 is out of range for 2 stages}}
    %s = tmem.index %b[%c2] : !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>> -> !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{subslices are taken of one 2-D stage: select a stage with tmem.index first}}
    %s = tmem.subslice %b, column = 0 : !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>> -> !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<128x8xi8, #tmem.scales>) kernel {
    // expected-error @+1 {{subslices apply to #tmem.layout buffers, not #tmem.scales}}
    %s = tmem.subslice %b, column = 4 : !tmem.buffer<128x8xi8, #tmem.scales> -> !tmem.buffer<128x4xi8, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{a subslice keeps M, the element type, blockM and col_stride of its source}}
    %s = tmem.subslice %b, column = 0 : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>> -> !tmem.buffer<128x64xi32, #tmem.layout<block = [128, 64], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{a window of 64 columns starting at column 96 is outside the source's N = 128}}
    %s = tmem.subslice %b, column = 96 : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>> -> !tmem.buffer<128x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<128x128xf16, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{column 1 does not start on a 32-bit tensor-memory column (16-bit elements, col_stride 1)}}
    %s = tmem.subslice %b, column = 1 : !tmem.buffer<128x128xf16, #tmem.layout<block = [128, 128], col_stride = 1>> -> !tmem.buffer<128x64xf16, #tmem.layout<block = [128, 64], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<256x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{the source has 2 blocks along M, interleaved along the columns: the window must keep blockN (128) and start at a multiple of it}}
    %s = tmem.subslice %b, column = 0 : !tmem.buffer<256x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>> -> !tmem.buffer<256x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{tcgen05.ld accesses a 2-D buffer: select a stage of 2x128x128 with tmem.index first}}
    %v = tmem.load %b : !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>> -> tensor<2x128x128xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{register tile shape 128x64 differs from tensor-memory buffer shape 128x128}}
    %v = tmem.load %b : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>> -> tensor<128x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %v: tensor<128x128xf16>) kernel {
    // expected-error @+1 {{register tile elements ('f16') differ from tensor-memory buffer elements ('f32')}}
    tmem.store %v, %b : tensor<128x128xf16>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %v: tensor<128x128xf32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>) kernel {
    // expected-error @+1 {{register tile layout has rank 1 but the tile has rank 2}}
    tmem.store %v, %b : tensor<128x128xf32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<2x128x128xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{tcgen05.copy copies one 2-D tile: select a stage of a multi-buffered source or destination first}}
    tmem.copy %s, %d : !tile.smem<2x128x128xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<128x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{source shape 128x64 differs from destination shape 128x128}}
    tmem.copy %s, %d : !tile.smem<128x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<128x128xi32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{source elements ('i32') differ from destination elements ('f32')}}
    tmem.copy %s, %d : !tile.smem<128x128xi32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<128x128xf32, #tile.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{tcgen05.copy source must have an NVMMA shared layout (#tile.nvmma_shared), got #tile.swizzled_shared}}
    tmem.copy %s, %d : !tile.smem<128x128xf32, #tile.swizzled_shared<vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<128x128xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{tcgen05.copy source must be swizzled (NVMMA swizzle 32, 64 or 128): no copy atom reads an unswizzled layout}}
    tmem.copy %s, %d : !tile.smem<128x128xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<128x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xf16, #tmem.layout<block = [128, 128], col_stride = 2>>) kernel {
    // expected-error @+1 {{tcgen05.copy into a #tmem.layout buffer needs 32-bit elements, got 16-bit 'f16'}}
    tmem.copy %s, %d : !tile.smem<128x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xf16, #tmem.layout<block = [128, 128], col_stride = 2>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<128x128xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [64, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{tcgen05.copy destination blockM must be 128, got 64}}
    tmem.copy %s, %d : !tile.smem<128x128xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [64, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<128x128xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32, transposed = true>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{tcgen05.copy source must not be transposed}}
    tmem.copy %s, %d : !tile.smem<128x128xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32, transposed = true>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<384x32xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, %d: !tmem.buffer<384x32xf32, #tmem.layout<block = [128, 32], col_stride = 1>>) kernel {
    // expected-error @+1 {{tcgen05.copy needs M = 128 or 256, got 384}}
    tmem.copy %s, %d : !tile.smem<384x32xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, !tmem.buffer<384x32xf32, #tmem.layout<block = [128, 32], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<256x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, %d: !tmem.buffer<256x64xf32, #tmem.layout<block = [128, 8], col_stride = 1>>) kernel {
    // expected-error @+1 {{no tcgen05.copy atom exists for M = 256 with swizzle 128 and blockN 8 (swizzle / blockN must be below 8)}}
    tmem.copy %s, %d : !tile.smem<256x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>>, !tmem.buffer<256x64xf32, #tmem.layout<block = [128, 8], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<256x64xf32, #tile.nvmma_shared<swizzle = 32, element_bits = 32>>, %d: !tmem.buffer<256x64xf32, #tmem.layout<block = [128, 4], col_stride = 1>>) kernel {
    // expected-error @+1 {{no tcgen05.copy atom exists for M = 256 with swizzle 32 and blockN 4 (swizzle / blockN must be below 8)}}
    tmem.copy %s, %d : !tile.smem<256x64xf32, #tile.nvmma_shared<swizzle = 32, element_bits = 32>>, !tmem.buffer<256x64xf32, #tmem.layout<block = [128, 4], col_stride = 1>>
    gpu.return
  }
}

// -----

// A [rows, factors] buffer is not the scale-factor atoms tcgen05.cp reads.
gpu.module @m {
  gpu.func @k(%s: !tile.smem<128x4xi8, #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>>, %d: !tmem.buffer<128x4xi8, #tmem.scales>) kernel {
    // expected-error @+1 {{a scale-factor copy reads whole 512-byte scale-factor atoms: the source must be row-major (no layout, or unswizzled and not transposed) and 32x16, factor k of row r in row 32 * c + r % 32, byte 4 * ((r / 32) % 4) + k % 4, of atom c = (r / 128) * 1 + k / 4; got '!tile.smem<128x4xi8, #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>>'}}
    tmem.copy %s, %d : !tile.smem<128x4xi8, #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>>, !tmem.buffer<128x4xi8, #tmem.scales>
    gpu.return
  }
}

// -----

// Swizzled atoms: the descriptor of tcgen05.cp.32x128b reads 16-byte rows.
gpu.module @m {
  gpu.func @k(%s: !tile.smem<256x128xi8, #tile.nvmma_shared<swizzle = 32, element_bits = 8>>, %d: !tmem.buffer<128x256xi8, #tmem.scales>) kernel {
    // expected-error @+1 {{a scale-factor copy reads whole 512-byte scale-factor atoms: the source must be row-major (no layout, or unswizzled and not transposed) and 2048x16}}
    tmem.copy %s, %d : !tile.smem<256x128xi8, #tile.nvmma_shared<swizzle = 32, element_bits = 8>>, !tmem.buffer<128x256xi8, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<32x16xi8, #tile.nvmma_shared<swizzle = 0, element_bits = 8, transposed = true>>, %d: !tmem.buffer<128x4xi8, #tmem.scales>) kernel {
    // expected-error @+1 {{a scale-factor copy reads whole 512-byte scale-factor atoms: the source must be row-major (no layout, or unswizzled and not transposed) and 32x16}}
    tmem.copy %s, %d : !tile.smem<32x16xi8, #tile.nvmma_shared<swizzle = 0, element_bits = 8, transposed = true>>, !tmem.buffer<128x4xi8, #tmem.scales>
    gpu.return
  }
}

// -----

// Column-major 32x16 holds the right bytes in the wrong order.
gpu.module @m {
  gpu.func @k(%s: !tile.smem<32x16xi8, #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]>>, %d: !tmem.buffer<128x4xi8, #tmem.scales>) kernel {
    // expected-error @+1 {{the source must be row-major}}
    tmem.copy %s, %d : !tile.smem<32x16xi8, #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]>>, !tmem.buffer<128x4xi8, #tmem.scales>
    gpu.return
  }
}

// -----

// 256 x 8 factors are four atoms: 128 rows of 16 bytes.
gpu.module @m {
  gpu.func @k(%s: !tile.smem<64x32xi8>, %d: !tmem.buffer<256x8xi8, #tmem.scales>) kernel {
    // expected-error @+1 {{the source must be row-major (no layout, or unswizzled and not transposed) and 128x16, factor k of row r in row 32 * c + r % 32, byte 4 * ((r / 32) % 4) + k % 4, of atom c = (r / 128) * 2 + k / 4; got '!tile.smem<64x32xi8>'}}
    tmem.copy %s, %d : !tile.smem<64x32xi8>, !tmem.buffer<256x8xi8, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%s: !tile.smem<4x16xf8E8M0FNU>, %d: !tmem.buffer<16x4xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{a scale-factor copy moves whole tcgen05.cp.32x128b.warpx4 atoms of 128 rows x 4 factors: rows must be a multiple of 128 and scale factors per row a multiple of 4, got 16x4}}
    tmem.copy %s, %d : !tile.smem<4x16xf8E8M0FNU>, !tmem.buffer<16x4xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

// 64 rows would take 2 columns a group, but an atom writes 4.
gpu.module @m {
  gpu.func @k(%s: !tile.smem<16x16xi8>, %d: !tmem.buffer<64x4xi8, #tmem.scales>) kernel {
    // expected-error @+1 {{rows must be a multiple of 128 and scale factors per row a multiple of 4, got 64x4}}
    tmem.copy %s, %d : !tile.smem<16x16xi8>, !tmem.buffer<64x4xi8, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xi8, #tmem.scales>) kernel {
    // expected-error @+1 {{accumulator D must have a #tmem.layout, not #tmem.scales}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xi8, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{accumulator D must be a 2-D buffer: select a stage of 2x128x128 with tmem.index first}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<2x128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{operand A must be 2-D: select a stage of 2x128x64 first}}
    tmem.mma %a, %b, %d, %u : !tile.smem<2x128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<2x64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{operand B must be 2-D: select a stage of 2x64x128 first}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<2x64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<128x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{K of A (64) differs from K of B (128)}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<128x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{accumulator D is 128x128 but A (128x64) x B (64x64) is 128x64}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<256x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<256x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{M = 256 is the 2-CTA tcgen05.mma (cta_group::2), which is not supported yet}}
    tmem.mma %a, %b, %d, %u : !tile.smem<256x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<256x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<384x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<384x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{M must be 64 or 128 (single-CTA tcgen05.mma), got 384}}
    tmem.mma %a, %b, %d, %u : !tile.smem<384x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<384x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x8xf16, #tile.nvmma_shared<swizzle = 0, element_bits = 16>>, %d: !tmem.buffer<128x8xf32, #tmem.layout<block = [128, 8], col_stride = 1>>) kernel {
    // expected-error @+1 {{N = 8 must be a multiple of 16 in [16, 256] for M = 128}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x8xf16, #tile.nvmma_shared<swizzle = 0, element_bits = 16>>, !tmem.buffer<128x8xf32, #tmem.layout<block = [128, 8], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xi16>, %b: !tile.smem<64x128xi16>, %d: !tmem.buffer<128x128xi32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{tcgen05.mma does not take 'i16' operands (f16, bf16, f32 as tf32, f8E4M3FN, f8E5M2, i8)}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xi16>, !tile.smem<64x128xi16>, !tmem.buffer<128x128xi32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x128xbf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{A and B element types ('f16', 'bf16') cannot be combined in one tcgen05.mma}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x128xbf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xi32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{accumulator element type 'i32' is not legal for 'f16' operands (f16 -> f16/f32, bf16 -> f32, tf32 -> f32, f8 -> f16/f32, i8 -> i32)}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xi32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xbf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x128xbf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xbf16, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{accumulator element type 'bf16' is not legal for 'bf16' operands}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xbf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x128xbf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xbf16, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x8xf16>, %b: !tile.smem<8x128xf16>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{K = 8 must be a multiple of the instruction K (16 for 'f16')}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x8xf16>, !tile.smem<8x128xf16>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x16xi8>, %b: !tile.smem<16x128xi8>, %d: !tmem.buffer<128x128xi32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{K = 16 must be a multiple of the instruction K (32 for 'i8')}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x16xi8>, !tile.smem<16x128xi8>, !tmem.buffer<128x128xi32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [64, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{accumulator layout blockM (64) must equal the MMA's M (128)}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [64, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tmem.buffer<128x64xi8, #tmem.scales>, %b: !tile.smem<64x128xi8, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, %d: !tmem.buffer<128x128xi32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{operand A in tensor memory must have a #tmem.layout, not #tmem.scales}}
    tmem.mma %a, %b, %d, %u : !tmem.buffer<128x64xi8, #tmem.scales>, !tile.smem<64x128xi8, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, !tmem.buffer<128x128xi32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tmem.buffer<128x64xf16, #tmem.layout<block = [64, 64], col_stride = 1>>, %b: !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{operand A's layout blockM (64) must equal the MMA's M (128)}}
    tmem.mma %a, %b, %d, %u : !tmem.buffer<128x64xf16, #tmem.layout<block = [64, 64], col_stride = 1>>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tmem.buffer<128x64xf16, #tmem.layout<block = [128, 64], col_stride = 2>>, %b: !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{operand A in tensor memory must be packed (col_stride = 1), got col_stride = 2}}
    tmem.mma %a, %b, %d, %u : !tmem.buffer<128x64xf16, #tmem.layout<block = [128, 64], col_stride = 2>>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16, #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>, %b: !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{operand A must have an NVMMA shared layout (#tile.nvmma_shared): tcgen05.mma reads only NVMMA layouts, got #tile.swizzled_shared}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x128xf16, #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{operand B must have an NVMMA shared layout (#tile.nvmma_shared)}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x128xf16, #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-note @+1 {{prior use here}}
  gpu.func @k(%u: i32, %a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %b: !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>) kernel {
    // expected-error @+1 {{use of value '%u' expects different type than prior uses: 'i1' vs 'i32'}}
    tmem.mma %a, %b, %d, %u : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<64x64xf8E4M3FN>, %b: !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, %d: !tmem.buffer<64x128xf32, #tmem.layout<block = [64, 128], col_stride = 1>>, %sa: !tmem.buffer<64x2xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{block-scaled tcgen05.mma needs M = 128 (single CTA), got 64}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<64x64xf8E4M3FN>, !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, !tmem.buffer<64x128xf32, #tmem.layout<block = [64, 128], col_stride = 1>>, !tmem.buffer<64x2xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<256x64xf8E4M3FN>, %b: !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, %d: !tmem.buffer<256x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<256x2xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{M = 256 is the 2-CTA tcgen05.mma.block_scale (cta_group::2), which is not supported yet}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<256x64xf8E4M3FN>, !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, !tmem.buffer<256x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<256x2xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, %b: !tile.smem<64x8xf8E4M3FN>, %d: !tmem.buffer<128x8xf32, #tmem.layout<block = [128, 8], col_stride = 1>>, %sa: !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<8x2xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{N = 8 must be a multiple of 16 in [16, 256] for M = 128}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, !tile.smem<64x8xf8E4M3FN>, !tmem.buffer<128x8xf32, #tmem.layout<block = [128, 8], col_stride = 1>>, !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>, !tmem.buffer<8x2xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, %b: !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, %d: !tmem.buffer<128x128xf16, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{block-scaled MMA accumulates in f32, got 'f16'}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, !tmem.buffer<128x128xf16, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf16>, %b: !tile.smem<64x128xf16>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{block-scaled operand A must be f4E2M1FN, f8E4M3FN or f8E5M2, got 'f16'}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x64xf16>, !tile.smem<64x128xf16>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, %b: !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x2xi8, #tmem.layout<block = [128, 2], col_stride = 4>>, %sb: !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{scale factors of A must be in a #tmem.scales buffer}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x2xi8, #tmem.layout<block = [128, 2], col_stride = 4>>, !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, %b: !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<2x128x2xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{scale factors of B must be a 2-D buffer: select a stage first}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>, !tmem.buffer<2x128x2xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, %b: !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x2xi8, #tmem.scales>) kernel {
    // expected-error @+1 {{A and B scale factors differ in type ('f8E8M0FNU', 'i8')}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x2xi8, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, %b: !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x4xf8E4M3FN, #tmem.scales>, %sb: !tmem.buffer<128x4xf8E4M3FN, #tmem.scales>) kernel {
    // expected-error @+1 {{f8E4M3FN (UE4M3) scale factors are for NVFP4 (kind::mxf4nvf4): both operands must be packed f4E2M1FN}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x4xf8E4M3FN, #tmem.scales>, !tmem.buffer<128x4xf8E4M3FN, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, %b: !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x2xf8E5M2, #tmem.scales>, %sb: !tmem.buffer<128x2xf8E5M2, #tmem.scales>) kernel {
    // expected-error @+1 {{scale factors must be f8E8M0FNU (or i8 holding UE8M0) or f8E4M3FN (UE4M3), got 'f8E5M2'}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x2xf8E5M2, #tmem.scales>, !tmem.buffer<128x2xf8E5M2, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x32xf4E2M1FN>, %b: !tile.smem<32x128xf4E2M1FN>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x1xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x1xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{K = 32 must be a multiple of the instruction K (64 for packed 4-bit operands)}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x32xf4E2M1FN>, !tile.smem<32x128xf4E2M1FN>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x1xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x1xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x16xf8E4M3FN>, %b: !tile.smem<16x128xf8E4M3FN>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x1xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x1xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{K = 16 must be a multiple of the instruction K (32 for kind::mxf8f6f4)}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x16xf8E4M3FN>, !tile.smem<16x128xf8E4M3FN>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x1xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x1xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, %b: !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{scale factors of A must be 128x2 (M x K/32), got 128x4}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>>, !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x2xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>>, %b: !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4, transposed = true>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>, %sb: !tmem.buffer<128x4xf8E4M3FN, #tmem.scales>) kernel {
    // expected-error @+1 {{scale factors of B must be 128x8 (N x K/16), got 128x4}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>>, !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4, transposed = true>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>, !tmem.buffer<128x4xf8E4M3FN, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4, transposed = true>>, %b: !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4, transposed = true>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{4-bit operand A must be K-major in shared memory (a non-transposed NVMMA layout for A)}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4, transposed = true>>, !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4, transposed = true>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>>, %b: !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{4-bit operand B must be K-major in shared memory (a transposed NVMMA layout for B)}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>>, !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>>, %b: !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{4-bit operand A mixed with 8-bit operands (kind::mxf8f6f4) must be stored one element a byte (fp4_padded)}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>>, !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !mbarrier.barrier, %mask: i32) kernel {
    // expected-error @+1 {{'tmem.commit' op operand #1 must be 16-bit signless integer, but got 'i32'}}
    "tmem.commit"(%b, %mask) : (!mbarrier.barrier, i32) -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%b: !tile.smem<128xf32>) kernel {
    // expected-error @+1 {{'tmem.commit' op operand #0 must be barrier (!mbarrier.barrier), but got '!tile.smem<128xf32>'}}
    "tmem.commit"(%b) : (!tile.smem<128xf32>) -> ()
    gpu.return
  }
}

// -----

// One instruction reads both fp4 operands packed (kind::mxf4) or both
// padded (kind::mxf8f6f4).
gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>>, %b: !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true, fp4_padded = true>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, %sb: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>) kernel {
    // expected-error @+1 {{two f4E2M1FN operands must both be packed (kind::mxf4 / mxf4nvf4) or both fp4_padded (kind::mxf8f6f4), got A packed and B padded}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>>, !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true, fp4_padded = true>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}

// -----

// Padded fp4 pairs are kind::mxf8f6f4, which takes UE8M0 factors only.
gpu.module @m {
  gpu.func @k(%u: i1, %a: !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, fp4_padded = true>>, %b: !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true, fp4_padded = true>>, %d: !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, %sa: !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>, %sb: !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>) kernel {
    // expected-error @+1 {{f8E4M3FN (UE4M3) scale factors are for NVFP4 (kind::mxf4nvf4): both operands must be packed f4E2M1FN}}
    tmem.mma_scaled %a, %b, %d, %sa, %sb, %u : !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, fp4_padded = true>>, !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true, fp4_padded = true>>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>, !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>
    gpu.return
  }
}
