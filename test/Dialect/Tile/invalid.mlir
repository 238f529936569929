// RUN: tile-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{sizePerThread, threadsPerWarp and warpsPerCTA must have the same rank}}
func.func private @f(%x: tensor<128x64xf32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>)

// -----

// expected-error @+1 {{sizePerThread entries must be powers of two, got 3}}
func.func private @f(%x: tensor<128x64xf32, #tile.blocked<sizePerThread = [1, 3], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>)

// -----

// expected-error @+1 {{threadsPerWarp must multiply to 32 (lanes of a warp), got 64}}
func.func private @f(%x: tensor<128x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [2, 32], warpsPerCTA = [4, 1], order = [1, 0]>>)

// -----

// expected-error @+1 {{order must be a permutation of [0, 2)}}
func.func private @f(%x: tensor<128x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 1]>>)

// -----

// expected-error @+1 {{order has 1 entries but the layout has rank 2}}
func.func private @f(%x: tensor<128x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0]>>)

// -----

// expected-error @+1 {{slice dimension 2 is out of range for a parent of rank 2}}
func.func private @f(%x: tensor<128xf32, #tile.slice<dim = 2, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>)

// -----

// expected-error @+1 {{warpsPerCTA[0] must be a positive multiple of 4 (a warpgroup spans 64 rows), got [2, 2]}}
func.func private @f(%x: tensor<128x64xf32, #tile.wgmma<warpsPerCTA = [2, 2], instrShape = [16, 128]>>)

// -----

// expected-error @+1 {{instrShape[0] must be 16 (rows per warp of a wgmma), got 8}}
func.func private @f(%x: tensor<128x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [8, 128]>>)

// -----

// expected-error @+1 {{instrShape[1] (wgmma N) must be a multiple of 8 in [8, 256], got 264}}
func.func private @f(%x: tensor<128x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 264]>>)

// -----

// expected-error @+1 {{wgmma layouts are 2-D: warpsPerCTA and instrShape need 2 entries}}
func.func private @f(%x: tensor<128x64xf32, #tile.wgmma<warpsPerCTA = [4], instrShape = [16, 128]>>)

// -----

// expected-error @+1 {{opIdx must be 0 (A) or 1 (B), got 2}}
func.func private @f(%x: tensor<128x64xf32, #tile.dot_operand<opIdx = 2, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>, kWidth = 2>>)

// -----

// expected-error @+1 {{warpgroup MMA reads only operand A (opIdx = 0) from registers}}
func.func private @f(%x: tensor<128x64xf32, #tile.dot_operand<opIdx = 1, parent = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>, kWidth = 2>>)

// -----

// expected-error @+1 {{kWidth must be a power of two, got 3}}
func.func private @f(%x: tensor<128x64xf32, #tile.dot_operand<opIdx = 0, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>, kWidth = 3>>)

// -----

// expected-error @+1 {{lane needs exactly 5 bases (32 lanes), got 1}}
func.func private @f(%x: tensor<128x64xf32, #tile.linear<register = [], lane = [[0, 1]], warp = [], block = []>>)

// -----

// expected-error @+1 {{every basis must be a list of coordinates of the same length}}
func.func private @f(%x: tensor<128x64xf32, #tile.linear<register = [[0, 1], [1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []>>)

// -----

// expected-error @+1 {{bases must all have the tensor's rank}}
func.func private @f(%x: tensor<128x64xf32, #tile.linear<register = [[1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []>>)

// -----

// expected-error @+1 {{basis coordinates must be non-negative}}
func.func private @f(%x: tensor<128x64xf32, #tile.linear<register = [[0, -1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [], block = []>>)

// -----

// expected-error @+1 {{swizzle must be 0, 32, 64 or 128 bytes (the NVMMA swizzle modes), got 48}}
func.func private @f(%x: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 48, element_bits = 16>>)

// -----

// expected-error @+1 {{element_bits must be 4, 8, 16, 32 or 64, got 12}}
func.func private @f(%x: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 12>>)

// -----

// expected-error @+1 {{fp4_padded applies only to 4-bit elements}}
func.func private @f(%x: !tile.smem<128x128xi8, #tile.nvmma_shared<swizzle = 128, element_bits = 8, fp4_padded = true>>)

// -----

// expected-error @+1 {{unknown NVMMA layout parameter 'swizled' (expected transposed or fp4_padded)}}
func.func private @f(%x: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16, swizled = true>>)

// -----

// expected-error @+1 {{vec, perPhase and maxPhase must be positive}}
func.func private @f(%x: !tile.smem<128x64xf16, #tile.swizzled_shared<vec = 0, perPhase = 1, maxPhase = 1, order = [1, 0]>>)

// -----

// expected-error @+1 {{order must be a permutation of [0, 2)}}
func.func private @f(%x: !tile.smem<128x64xf16, #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [0, 0]>>)

// -----

// expected-error @+1 {{a shared buffer needs rank at least 1}}
func.func private @f(%x: !tile.smem<f16>)

// -----

// expected-error @+1 {{shared buffer dimensions must be positive, got 0}}
func.func private @f(%x: !tile.smem<0x64xf16>)

// -----

// expected-error @+1 {{shared buffer elements must be integers or floats, got 'index'}}
func.func private @f(%x: !tile.smem<4xindex>)

// -----

// expected-error @+1 {{the layout of a shared buffer must be a shared layout (#tile.nvmma_shared, #tile.swizzled_shared)}}
func.func private @f(%x: !tile.smem<128x64xf16, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>)

// -----

// expected-error @+1 {{NVMMA layout is for 16-bit elements but the buffer holds 32-bit 'f32'}}
func.func private @f(%x: !tile.smem<128x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>)

// -----

// expected-error @+1 {{a transposed NVMMA layout needs rank at least 2}}
func.func private @f(%x: !tile.smem<64xf16, #tile.nvmma_shared<swizzle = 0, element_bits = 16, transposed = true>>)

// -----

// expected-error @+1 {{the contiguous dimension spans 64 bytes, which is not a multiple of the 128-byte swizzle: use a smaller swizzle or a wider block}}
func.func private @f(%x: !tile.smem<128x32xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>)

// -----

// expected-error @+1 {{the contiguous dimension spans 32 bytes, which is not a multiple of the 128-byte swizzle}}
func.func private @f(%x: !tile.smem<16x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>>)

// -----

// expected-error @+1 {{swizzled shared layout has rank 2 but the buffer has rank 3}}
func.func private @f(%x: !tile.smem<2x128x64xf16, #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>)

// -----

// expected-error @+1 {{expected 'mutable' after the layout}}
func.func private @f(%x: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>)

// -----

// expected-error @+1 {{pointers point to integers, floats or pointers, got 'tensor<4xf32>'}}
func.func private @f(%x: !tile.ptr<tensor<4xf32>>)

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.num_warps' must be an integer in [1, 32] (at most 1024 threads per CTA)}}
  gpu.func @k() kernel attributes {tile.num_warps = 64 : i32} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.num_warps' must be an integer in [1, 32] (at most 1024 threads per CTA)}}
  gpu.func @k() kernel attributes {tile.num_warps = 0 : i32} {
    gpu.return
  }
}

// -----

// expected-error @+1 {{'tile.num_warps' belongs on a gpu.func}}
func.func private @f() attributes {tile.num_warps = 4 : i32}

// -----

gpu.module @m {
  // expected-error @+1 {{needs 300000 bytes of shared memory, but a CTA can use at most 232448 bytes}}
  gpu.func @k() kernel attributes {tile.shared_memory_bytes = 300000 : i64} {
    gpu.return
  }
}

// -----

#b = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @sync_group_on_splat(%x: f32) {
  // expected-error @+1 {{'tile.sync_group' belongs on an operation with shared scratch (tile.convert_layout, tile.extract_slice, tile.reduce)}}
  %t = tile.splat %x {tile.sync_group = array<i32: 1, 128>} : tensor<128xf32, #b>
  return
}

// -----

#b = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#c = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
func.func @sync_group_id(%t: tensor<128xf32, #b>) {
  // expected-error @+1 {{'tile.sync_group' barrier id 16 is outside [0, 15] (16 named barriers)}}
  %u = tile.convert_layout %t {tile.sync_group = array<i32: 16, 128>} : tensor<128xf32, #b> -> tensor<128xf32, #c>
  return
}

// -----

#b = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#c = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
func.func @sync_group_threads(%t: tensor<128xf32, #b>) {
  // expected-error @+1 {{'tile.sync_group' thread count 100 must be a multiple of 32 in [32, 1024]}}
  %u = tile.convert_layout %t {tile.sync_group = array<i32: 1, 100>} : tensor<128xf32, #b> -> tensor<128xf32, #c>
  return
}

// -----

#b = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#c = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
func.func @sync_group_shape(%t: tensor<128xf32, #b>) {
  // expected-error @+1 {{'tile.sync_group' must be array<i32: barrier id, threads>}}
  %u = tile.convert_layout %t {tile.sync_group = 1 : i32} : tensor<128xf32, #b> -> tensor<128xf32, #c>
  return
}

// -----

// expected-error @+1 {{unknown tile dialect attribute 'tile.unroll'}}
func.func private @f() attributes {tile.unroll = 4 : i32}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'tile.num_stages' must be a positive integer}}
    scf.for %i = %c0 to %c1 step %c1 {
    } {tile.num_stages = 0 : i32}
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tile.num_stages' belongs on an scf.for}}
    tile.barrier {tile.num_stages = 2 : i32}
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tile.ping_pong' belongs on an scf.for}}
    tile.barrier {tile.ping_pong}
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'tile.ping_pong' is a unit attribute}}
    scf.for %i = %c0 to %n step %c1 {
    } {tile.ping_pong = 2 : i32}
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'tile.warp_specialize' is a unit attribute}}
    scf.for %i = %c0 to %n step %c1 {
    } {tile.warp_specialize = true}
    gpu.return
  }
}

// -----

func.func @host() {
    // expected-error @+1 {{'tile.alloc_smem' op must be inside device code (a gpu.module or gpu.func)}}
    %a = tile.alloc_smem : !tile.smem<4xf32, mutable>
  return
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{buffer needs 262144 bytes of shared memory, but a CTA can use at most 232448 bytes}}
    %a = tile.alloc_smem : !tile.smem<2x256x256xf16, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{an immutable shared buffer needs an initial value; mark the type 'mutable' or pass one}}
    %a = tile.alloc_smem : !tile.smem<4xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%v: tensor<64xf32>) kernel {
    // expected-error @+1 {{register tile shape [64] differs from shared buffer shape [32]}}
    %a = tile.alloc_smem(%v : tensor<64xf32>) : !tile.smem<32xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%v: tensor<32xf16>) kernel {
    // expected-error @+1 {{register tile elements ('f16') differ from shared buffer elements ('f32')}}
    %a = tile.alloc_smem(%v : tensor<32xf16>) : !tile.smem<32xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<4xf32, mutable>, %i: index) kernel {
    // expected-error @+1 {{indexing needs a buffer of rank at least 2 (a leading stage dimension), got rank 1}}
    %s = tile.smem_index %a[%i] : !tile.smem<4xf32, mutable> -> !tile.smem<4xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<3x128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, %i: index) kernel {
    // expected-error @+1 {{result must be '!tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>' (the source without its leading dimension)}}
    %s = tile.smem_index %a[%i] : !tile.smem<3x128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> !tile.smem<128x64xf16, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<3x128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) kernel {
    %c3 = arith.constant 3 : index
    // expected-error @+1 {{stage index 3 is out of range for 3 stages}}
    %s = tile.smem_index %a[%c3] : !tile.smem<3x128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) kernel {
    // expected-error @+1 {{source, result and offsets must have the same rank}}
    %s = tile.smem_subslice %a[0] : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) kernel {
    // expected-error @+1 {{a subslice keeps the element type, layout and mutability of its source}}
    %s = tile.smem_subslice %a[0, 0] : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> !tile.smem<64x64xf16, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) kernel {
    // expected-error @+1 {{dimension 0: window [96, 160) is outside the source extent 128}}
    %s = tile.smem_subslice %a[96, 0] : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) kernel {
    // expected-error @+1 {{order has 1 entries for a buffer of rank 2}}
    %t = tile.smem_trans %a, order = [0] : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) kernel {
    // expected-error @+1 {{order must be a permutation of [0, 2)}}
    %t = tile.smem_trans %a, order = [1, 1] : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) kernel {
    // expected-error @+1 {{result must be '!tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>, mutable>'}}
    %t = tile.smem_trans %a, order = [1, 0] : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> !tile.smem<64x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) kernel {
    // expected-error @+1 {{register tile shape [64, 64] differs from shared buffer shape [128, 64]}}
    %v = tile.smem_load %a : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> tensor<64x64xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) kernel {
    // expected-error @+1 {{result encoding #tile.nvmma_shared<swizzle = 128, element_bits = 16> is not a distributed layout}}
    %v = tile.smem_load %a : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> tensor<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) kernel {
    // expected-error @+1 {{result layout has rank 1 but the tile has rank 2}}
    %v = tile.smem_load %a : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> tensor<128x64xf16, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>, %v: tensor<128x64xf16>) kernel {
    // expected-error @+1 {{cannot store into an immutable shared buffer}}
    tile.smem_store %v, %a : tensor<128x64xf16>, !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, %v: tensor<128x64xf32>) kernel {
    // expected-error @+1 {{register tile elements ('f32') differ from shared buffer elements ('f16')}}
    tile.smem_store %v, %a : tensor<128x64xf32>, !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %o: tensor<128xi32>) kernel {
    // expected-error @+1 {{data elements ('f32') differ from the pointee type ('f16')}}
    %v = tile.load %p[%o] : !tile.ptr<f16>, tensor<128xi32> -> tensor<128xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %o: tensor<128xi32>, %m: tensor<64xi1>) kernel {
    // expected-error @+1 {{mask must have the shape and layout of the offsets}}
    %v = tile.load %p[%o] mask %m : !tile.ptr<f16>, tensor<128xi32>, tensor<64xi1> -> tensor<128xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %o: tensor<128xi32>, %v: tensor<64xf16>) kernel {
    // expected-error @+1 {{data must have the shape and layout of the offsets}}
    tile.store %p[%o], %v : !tile.ptr<f16>, tensor<128xi32>, tensor<64xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %o: tensor<128xi32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>>, %v: tensor<128xf16>) kernel {
    // expected-error @+1 {{offsets encoding #tile.nvmma_shared<swizzle = 0, element_bits = 32> is not a distributed layout}}
    tile.store %p[%o], %v : !tile.ptr<f16>, tensor<128xi32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>>, tensor<128xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %o: tensor<128xf32>) kernel {
    // expected-error @+1 {{'tile.load' op operand #1 must be 32-bit signless integer or 64-bit signless integer or ranked tensor of 32-bit signless integer or 64-bit signless integer values, but got 'tensor<128xf32>'}}
    %v = tile.load %p[%o] : !tile.ptr<f16>, tensor<128xf32> -> tensor<128xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<2x64x64xf16, mutable>, %b: !tile.smem<64x64xf16, mutable>, %c: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{operands and accumulator must be 2-D}}
    %d = tile.dot %a, %b, %c : !tile.smem<2x64x64xf16, mutable>, !tile.smem<64x64xf16, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xf16, mutable>, %b: !tile.smem<32x64xf16, mutable>, %c: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{K of A (64) differs from K of B (32)}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xf16, mutable>, !tile.smem<32x64xf16, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xf16, mutable>, %b: !tile.smem<64x64xf16, mutable>, %c: tensor<64x128xf32>) kernel {
    // expected-error @+1 {{accumulator must be 64x64 for A 64x64 and B 64x64}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xf16, mutable>, !tile.smem<64x64xf16, mutable>, tensor<64x128xf32> -> tensor<64x128xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xf16, mutable>, %b: !tile.smem<64x64xbf16, mutable>, %c: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{A and B element types differ ('f16' vs 'bf16')}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xf16, mutable>, !tile.smem<64x64xbf16, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xf64, mutable>, %b: !tile.smem<64x64xf64, mutable>, %c: tensor<64x64xf64>) kernel {
    // expected-error @+1 {{wgmma does not take 'f64' operands (f16, bf16, tf32, f8E4M3FN, f8E5M2, i8)}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xf64, mutable>, !tile.smem<64x64xf64, mutable>, tensor<64x64xf64> -> tensor<64x64xf64>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xbf16, mutable>, %b: !tile.smem<64x64xbf16, mutable>, %c: tensor<64x64xf16>) kernel {
    // expected-error @+1 {{accumulator type 'f16' is not valid for 'bf16' operands}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xbf16, mutable>, !tile.smem<64x64xbf16, mutable>, tensor<64x64xf16> -> tensor<64x64xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xi8, mutable>, %b: !tile.smem<64x64xi8, mutable>, %c: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{accumulator type 'f32' is not valid for 'i8' operands}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xi8, mutable>, !tile.smem<64x64xi8, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    gpu.return
  }
}

// -----

// 8-bit integer wgmma has no N = 40 or 56 (nor any N above 32 that is not
// a multiple of 16); f16 has (the same shapes, N = 40: accepted).
#acc40 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 40]>
gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x32xi8, #tile.nvmma_shared<swizzle = 32, element_bits = 8>, mutable>,
              %b: !tile.smem<32x40xi8, #tile.nvmma_shared<swizzle = 32, element_bits = 8, transposed = true>, mutable>,
              %c: tensor<64x40xi32, #acc40>,
              %h: !tile.smem<64x32xf16, #tile.nvmma_shared<swizzle = 64, element_bits = 16>, mutable>,
              %g: !tile.smem<32x40xf16, #tile.nvmma_shared<swizzle = 64, element_bits = 16, transposed = true>, mutable>,
              %f: tensor<64x40xf32, #acc40>) kernel {
    %ok = tile.dot %h, %g, %f : !tile.smem<64x32xf16, #tile.nvmma_shared<swizzle = 64, element_bits = 16>, mutable>, !tile.smem<32x40xf16, #tile.nvmma_shared<swizzle = 64, element_bits = 16, transposed = true>, mutable>, tensor<64x40xf32, #acc40> -> tensor<64x40xf32, #acc40>
    // expected-error @+1 {{the layout's instruction N (40) is not one wgmma takes with 8-bit integer operands: 8, 16, 24, 32, then multiples of 16 up to 256}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x32xi8, #tile.nvmma_shared<swizzle = 32, element_bits = 8>, mutable>, !tile.smem<32x40xi8, #tile.nvmma_shared<swizzle = 32, element_bits = 8, transposed = true>, mutable>, tensor<64x40xi32, #acc40> -> tensor<64x40xi32, #acc40>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<32x64xf16, mutable>, %b: !tile.smem<64x64xf16, mutable>, %c: tensor<32x64xf32>) kernel {
    // expected-error @+1 {{M = 32 must be a multiple of 64 (rows of one warpgroup MMA)}}
    %d = tile.dot %a, %b, %c : !tile.smem<32x64xf16, mutable>, !tile.smem<64x64xf16, mutable>, tensor<32x64xf32> -> tensor<32x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xf16, mutable>, %b: !tile.smem<64x12xf16, mutable>, %c: tensor<64x12xf32>) kernel {
    // expected-error @+1 {{N = 12 must be a multiple of 8}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xf16, mutable>, !tile.smem<64x12xf16, mutable>, tensor<64x12xf32> -> tensor<64x12xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x24xf16, mutable>, %b: !tile.smem<24x64xf16, mutable>, %c: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{K = 24 must be a multiple of the instruction K (16 for 'f16')}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x24xf16, mutable>, !tile.smem<24x64xf16, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x16xf8E4M3FN, mutable>, %b: !tile.smem<16x64xf8E4M3FN, mutable>, %c: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{K = 16 must be a multiple of the instruction K (32 for 'f8E4M3FN')}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x16xf8E4M3FN, mutable>, !tile.smem<16x64xf8E4M3FN, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xf16, mutable>, %b: !tile.smem<64x64xf16, mutable>, %c: tensor<64x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>) kernel {
    // expected-error @+1 {{accumulator must have a #tile.wgmma layout, got}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xf16, mutable>, !tile.smem<64x64xf16, mutable>, tensor<64x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xf16, mutable>, %b: !tile.smem<64x64xf16, mutable>, %c: tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>>) kernel {
    // expected-error @+1 {{N = 64 is not a multiple of the layout's instruction N (128)}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xf16, mutable>, !tile.smem<64x64xf16, mutable>, tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>> -> tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xf16, mutable>, %b: !tile.smem<64x64xf16, mutable>, %c: tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 64]>>) kernel {
    // expected-error @+1 {{M = 64 is not a multiple of the 128 rows the layout's 8 warps cover}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xf16, mutable>, !tile.smem<64x64xf16, mutable>, tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 64]>> -> tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 64]>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xf16, #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>, mutable>, %b: !tile.smem<64x64xf16, mutable>, %c: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{operand A must have an NVMMA shared layout: wgmma reads only NVMMA layouts}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xf16, #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>, mutable>, !tile.smem<64x64xf16, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xf8E5M2, mutable>, %b: !tile.smem<64x64xf8E5M2, #tile.nvmma_shared<swizzle = 64, element_bits = 8>, mutable>, %c: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{operand B holds 8-bit elements, which wgmma reads only K-major}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xf8E5M2, mutable>, !tile.smem<64x64xf8E5M2, #tile.nvmma_shared<swizzle = 64, element_bits = 8>, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<64x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32, transposed = true>, mutable>, %b: !tile.smem<64x64xf32, mutable>, %c: tensor<64x64xf32>) kernel {
    // expected-error @+1 {{operand A holds 32-bit elements, which wgmma reads only K-major}}
    %d = tile.dot %a, %b, %c : !tile.smem<64x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32, transposed = true>, mutable>, !tile.smem<64x64xf32, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: tensor<64x64xf16, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>, %b: !tile.smem<64x64xf16, mutable>, %c: tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>>) kernel {
    // expected-error @+1 {{A in registers must have a #tile.dot_operand<opIdx = 0> layout}}
    %d = tile.dot %a, %b, %c : tensor<64x64xf16, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>, !tile.smem<64x64xf16, mutable>, tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>> -> tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: tensor<64x64xf16, #tile.dot_operand<opIdx = 0, parent = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 32]>, kWidth = 2>>, %b: !tile.smem<64x64xf16, mutable>, %c: tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>>) kernel {
    // expected-error @+1 {{A's dot_operand parent must be the accumulator's layout}}
    %d = tile.dot %a, %b, %c : tensor<64x64xf16, #tile.dot_operand<opIdx = 0, parent = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 32]>, kWidth = 2>>, !tile.smem<64x64xf16, mutable>, tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>> -> tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tile.dot_wait' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
    tile.dot_wait {pending = -1 : i32}
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<128x64xf32>) kernel {
    // expected-error @+1 {{source and result must differ only in layout}}
    %r = tile.convert_layout %x : tensor<128x64xf32> -> tensor<64x128xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<128x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>) kernel {
    // expected-error @+1 {{axis 2 is out of range for rank 2}}
    %r = tile.reduce add %x, axis = 2 : tensor<128x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<128xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<128x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>) kernel {
    // expected-error @+1 {{result must be the source without dimension 1}}
    %r = tile.reduce add %x, axis = 1 : tensor<128x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<128xf32>) kernel {
    // expected-error @+1 {{'xor' needs integer elements}}
    %r = tile.reduce xor %x, axis = 0 : tensor<128xf32> -> tensor<f32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<128x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>) kernel {
    // expected-error @+1 {{result layout must be #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>}}
    %r = tile.reduce max %x, axis = 1 : tensor<128x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<128xf32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<64xf32>) kernel {
    // expected-error @+1 {{broadcast keeps rank, element type and layout}}
    %r = tile.broadcast %x : tensor<64xf32> -> tensor<128x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<2x64xf32>) kernel {
    // expected-error @+1 {{dimension 0 of size 2 can only broadcast if it is 1}}
    %r = tile.broadcast %x : tensor<2x64xf32> -> tensor<128x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<64xf32>) kernel {
    // expected-error @+1 {{axis 3 is out of range for rank 1}}
    %r = tile.expand_dims %x, axis = 3 : tensor<64xf32> -> tensor<1x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<64xf32>) kernel {
    // expected-error @+1 {{result must be the source with a unit dimension at 1}}
    %r = tile.expand_dims %x, axis = 1 : tensor<64xf32> -> tensor<1x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<64xf32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>>) kernel {
    // expected-error @+1 {{expands at dimension 0 into its parent layout}}
    %r = tile.expand_dims %x, axis = 1 : tensor<64xf32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<64x1xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: tensor<64xf32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>) kernel {
    // expected-error @+1 {{source layout must be a #tile.slice of the result layout}}
    %r = tile.expand_dims %x, axis = 0 : tensor<64xf32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>> -> tensor<1x64xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{range produces a 1-D tile}}
    %r = tile.range 0 to 64 : tensor<8x8xi32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{end (0) must exceed start (0)}}
    %r = tile.range 0 to 0 : tensor<1xi32>
    gpu.return
  }
}

// -----

// The bounds are signed i32: a negative start is named as such.
gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{end (-8) must exceed start (-4)}}
    %r = tile.range -4 to -8 : tensor<4xi32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{result has 64 elements but the range has 128}}
    %r = tile.range 0 to 128 : tensor<64xi32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tile.range' op result #0 must be ranked tensor of 32-bit signless integer values, but got 'tensor<128xi64>'}}
    %r = tile.range 0 to 128 : tensor<128xi64>
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-note @+1 {{prior use here}}
  gpu.func @k(%x: f32) kernel {
    // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'f16' vs 'f32'}}
    %r = tile.splat %x : tensor<128xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{electing within one thread is meaningless; use warp, warpgroup or cta}}
    %e = tile.elect thread
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tile.barrier' op synchronizes the CTA or a warpgroup, not a warp}}
    tile.barrier warp
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tile.barrier' op synchronizes the CTA or a warpgroup, not a thread}}
    tile.barrier thread
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 6 : i32} {
    // expected-error @+1 {{'tile.barrier' op synchronizes a warpgroup, but the kernel runs 6 warps (tile.num_warps), not whole warpgroups of 4: the last one would never reach 128 threads}}
    tile.barrier warpgroup
    gpu.return
  }
}

// -----

// In a partition, the partition's warps count (checked where
// tile.warp_specialize is lowered), not the kernel's: partition1 runs on
// warps 8 to 11, a whole warpgroup, in a kernel of 6 default warps.
gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 6 : i32} {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(2) {
      tile.warp_return
    }
    partition1() num_warps(4) {
      tile.barrier warpgroup
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Once the launch block is fixed (tile-lower-warp-specialize sets it), its
// threads count.
gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 160, 1, 1>, tile.num_warps = 4 : i32} {
    // expected-error @+1 {{'tile.barrier' op synchronizes a warpgroup, but the kernel's block has 160 threads, not whole warpgroups of 128}}
    tile.barrier warpgroup
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {known_block_size = array<i32: 128, 2, 1>} {
    // expected-error @+1 {{'tile.barrier' op synchronizes a warpgroup, which it finds by the x thread index, but the kernel's block is array<i32: 128, 2, 1>, not one-dimensional}}
    tile.barrier warpgroup
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'dim' [x, y, z]}}
    %p = tile.program_id w
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{partition0 has 0 warps; a partition needs 1 to 32 warps}}
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(0) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{partition0 has 33 warps; a partition needs 1 to 32 warps}}
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(33) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{needs at least one partition besides the default region}}
    tile.warp_specialize() default {
      tile.warp_yield
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{partition0 register budget 20 must be a multiple of 8 in [24, 256] (setmaxnreg)}}
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(1) num_regs(20) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{default partition register budget 100 must be a multiple of 8 in [24, 256] (setmaxnreg)}}
    tile.warp_specialize() default num_regs(100) {
      tile.warp_yield
    }
    partition0() num_warps(1) num_regs(24) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 8 : i32} {
    // expected-error @+1 {{register budgets need 98304 registers, but the 384 threads of a CTA start with 168 each (64512 in all, 1 CTA(s) per SM) and setmaxnreg can only redistribute those}}
    tile.warp_specialize() default num_regs(256) {
      tile.warp_yield
    }
    partition0() num_warps(4) num_regs(256) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Three warpgroups at 240 / 240 / 32 fill the SM's 65536 registers, but a
// CTA of 384 threads starts with only 168 each: the second setmaxnreg.inc
// would wait forever for registers nobody releases (it hung on the H200).
gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{register budgets need 65536 registers, but the 384 threads of a CTA start with 168 each (64512 in all, 1 CTA(s) per SM) and setmaxnreg can only redistribute those}}
    tile.warp_specialize() default num_regs(240) {
      tile.warp_yield
    }
    partition0() num_warps(4) num_regs(240) {
      tile.warp_return
    }
    partition1() num_warps(4) num_regs(32) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Two CTAs per SM halve what each CTA starts with: 256 threads get 128
// registers each, so 40 + 232 (which would fit one CTA per SM) do not.
gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 4 : i32, nvvm.minctasm = 2 : i32} {
    // expected-error @+1 {{register budgets need 34816 registers, but the 256 threads of a CTA start with 128 each (32768 in all, 2 CTA(s) per SM) and setmaxnreg can only redistribute those}}
    tile.warp_specialize() default num_regs(232) {
      tile.warp_yield
    }
    partition0() num_warps(4) num_regs(40) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 32 : i32} {
    // expected-error @+1 {{uses 40 warps in all; a CTA has at most 32}}
    tile.warp_specialize() default num_regs(24) {
      tile.warp_yield
    }
    partition0() num_warps(8) num_regs(24) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: i32) kernel {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(1) {
      // expected-error @+1 {{uses a value defined outside partition0; partition regions are isolated from above, pass it as an explicit capture}}
      %y = arith.addi %x, %x : i32
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: i32) kernel {
    // expected-error @+1 {{partition0 arguments must match the explicit captures' types}}
    tile.warp_specialize(%x) default {
      tile.warp_yield
    }
    partition0(%y: i64) num_warps(1) {
      tile.warp_return
    } : (i32) -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%x: i32) kernel {
    tile.warp_specialize() default {
      // expected-error @+1 {{yields types that differ from the results of tile.warp_specialize}}
      tile.warp_yield %x : i32
    }
    partition0() num_warps(1) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    // expected-error @+1 {{expected 'partition0', got 'partition1'}}
    partition1() num_warps(1) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(1) num_regs(24) {
      tile.warp_return
    }
    partition1() num_warps(1) {
      tile.warp_return
    // expected-error @+1 {{either every partition or none gives num_regs}}
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(1) {
      // expected-error @+2 {{'tile.warp_yield' op expects parent op 'tile.warp_specialize'}}
      scf.execute_region {
        tile.warp_yield
      }
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, %i: index) kernel {
    // expected-error @+1 {{needs 2 indices for a buffer of rank 2, got 1}}
    %x = tile.smem_load %a[%i] : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> f16
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, %i: index) kernel {
    // expected-error @+1 {{element access moves 'f16', not 'f32'}}
    %x = tile.smem_load %a[%i, %i] : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> f32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>) kernel {
    // expected-error @+1 {{without indices the result must be a register tile (a ranked tensor)}}
    %x = tile.smem_load %a : !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> f16
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, %i: index, %x: f32) kernel {
    // expected-error @+1 {{element access moves 'f16', not 'f32'}}
    tile.smem_store %x, %a[%i, %i] : f32, !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%a: !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, %x: f16) kernel {
    // expected-error @+1 {{without indices the value must be a register tile (a ranked tensor)}}
    tile.smem_store %x, %a : f16, !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %i: i64) kernel {
    // expected-error @+1 {{a scalar access moves one 'f16', not 'f32'}}
    %x = tile.load %p[%i] : !tile.ptr<f16>, i64 -> f32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %i: i32, %x: tensor<4xf16>) kernel {
    // expected-error @+1 {{a scalar access moves one 'f16', not 'tensor<4xf16>'}}
    tile.store %p[%i], %x : !tile.ptr<f16>, i32, tensor<4xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %i: i64, %m: tensor<4xi1>) kernel {
    // expected-error @+1 {{a scalar access takes an i1 mask}}
    %x = tile.load %p[%i] mask %m : !tile.ptr<f16>, i64, tensor<4xi1> -> f16
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %o: tensor<4xi32>) kernel {
    // expected-error @+1 {{tile offsets need tile data, got 'f16'}}
    %x = tile.load %p[%o] : !tile.ptr<f16>, tensor<4xi32> -> f16
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%m: memref<4xf32>) kernel {
    // expected-error @+1 {{yields a !tile.ptr in a kernel: an !llvm.ptr is for calls into the host runtime}}
    %p = tile.ptr_from_memref %m : memref<4xf32> -> !llvm.ptr
    gpu.return
  }
}

// -----

func.func @host(%m: memref<4xf32>) {
    // expected-error @+1 {{memref elements ('f32') differ from the pointee type ('f16')}}
    %p = tile.ptr_from_memref %m : memref<4xf32> -> !tile.ptr<f16>
  return
}

// -----

func.func @host(%m: memref<4xi32>) {
    // expected-error @+1 {{a table of pointers is a memref of i64 device addresses, got elements of type 'i32'}}
    %p = tile.ptr_from_memref %m : memref<4xi32> -> !tile.ptr<!tile.ptr<f16>>
  return
}

// -----

gpu.module @m {
  gpu.func @k(%table: !tile.ptr<!tile.ptr<f16>>, %o: tensor<128xi32>) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{not supported yet: a register tile of pointers ('!tile.ptr<f16>'); read or write one pointer at a time with a scalar offset}}
    %p = tile.load %table[%o] : !tile.ptr<!tile.ptr<f16>>, tensor<128xi32> -> tensor<128xi32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%table: !tile.ptr<!tile.ptr<f16>>, %i: i64) kernel {
    // expected-error @+1 {{a scalar access moves one '!tile.ptr<f16>', not 'i64'}}
    %p = tile.load %table[%i] : !tile.ptr<!tile.ptr<f16>>, i64 -> i64
    gpu.return
  }
}

// -----

func.func @dtype_unknown() -> i32 {
  // expected-error @+1 {{'tile.dtype_code' op the runtime has no code for 'f8E4M3FNUZ'; it has f32, f16, bf16, f8E4M3FN, f8E5M2, f4E2M1FN, i8, i16, i32, i64 and f64}}
  %c = tile.dtype_code f8E4M3FNUZ : i32
  return %c : i32
}

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tile.dtype_code' op is a host operation: it names an element type for the runtime's host helpers}}
    %c = tile.dtype_code f16 : i32
    gpu.return
  }
}

// -----

// The workspace of tensor maps a kernel writes is its last argument.
gpu.module @m {
  // expected-error @+1 {{'tile.tensor_map_workspace' needs the workspace as the kernel's last argument, a !tile.ptr<i8>}}
  gpu.func @k(%ws: !tile.ptr<i8>, %n: index) kernel attributes {tile.tensor_map_workspace = 128 : i64} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.tensor_map_workspace' must be a positive multiple of 128 (bytes of tensor maps per CTA)}}
  gpu.func @k(%ws: !tile.ptr<i8>) kernel attributes {tile.tensor_map_workspace = 100 : i64} {
    gpu.return
  }
}

// -----

// expected-error @+1 {{'tile.dependent_launch' belongs on a kernel (gpu.func) or a gpu.launch_func}}
func.func private @f() attributes {tile.dependent_launch}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.dependent_launch' belongs on a kernel, and @helper is not one}}
  gpu.func @helper() attributes {tile.dependent_launch} {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.dependent_launch' is a unit attribute}}
  gpu.func @k() kernel attributes {tile.dependent_launch = 1 : i32} {
    gpu.return
  }
}

// -----

// Synchronization and grid-dependency control run on the GPU only.
func.func @host_sync() {
  // expected-error @+1 {{'tile.grid_dependency_wait' op must be inside device code (a gpu.module or gpu.func)}}
  tile.grid_dependency_wait
  return
}

// -----

func.func @host_sync() {
  // expected-error @+1 {{'tile.launch_dependents' op must be inside device code (a gpu.module or gpu.func)}}
  tile.launch_dependents
  return
}

// -----

func.func @host_sync() {
  // expected-error @+1 {{'tile.barrier' op must be inside device code (a gpu.module or gpu.func)}}
  tile.barrier
  return
}

// -----

func.func @host_sync() {
  // expected-error @+1 {{'tile.fence_async_shared' op must be inside device code (a gpu.module or gpu.func)}}
  tile.fence_async_shared
  return
}

// -----

func.func @host_sync() {
  // expected-error @+1 {{'tile.cluster_barrier' op must be inside device code (a gpu.module or gpu.func)}}
  tile.cluster_barrier
  return
}

// -----

func.func @host_sync() -> i1 {
  // expected-error @+1 {{'tile.elect' op must be inside device code (a gpu.module or gpu.func)}}
  %e = tile.elect cta
  return %e : i1
}

// -----

// A #tile.linear result's source must hold its layout restricted to the
// source's shape (#tile.linear<register = [], lane = [[0, 0], [0, 0],
// [1, 0], [2, 0], [4, 0]], ...>), not another layout of the same threads.
#tile = #tile.linear<register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 0], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0]], block = []>
#column = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%c: tensor<8x1xi32, #column>) kernel {
    // expected-error @+1 {{broadcast keeps rank, element type and layout (a #tile.linear result's, restricted to the source's shape)}}
    %a = tile.broadcast %c : tensor<8x1xi32, #column> -> tensor<8x8xi32, #tile>
    gpu.return
  }
}
