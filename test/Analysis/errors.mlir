// RUN: tile-opt %s -split-input-file -tile-test-print-layouts -verify-diagnostics -o /dev/null

// What the layout engine refuses, and why.

#acc24 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 24]>
func.func @wgmma_n_not_power_of_two(%x: f32) {
  // expected-error @below {{wgmma instrShape N = 24 is not a power of two: linear layouts need power-of-two instruction tiles}}
  %0 = tile.splat %x {test.print_layout} : tensor<64x64xf32, #acc24>
  return
}

// -----

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @not_power_of_two(%x: f32) {
  // expected-error @below {{tensor shape [48, 64] has a dimension of 48, not a power of two: linear layouts need power-of-two dimensions}}
  %0 = tile.splat %x {test.print_layout} : tensor<48x64xf32, #b>
  return
}

// -----

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @dot_operand_of_blocked(%h: f16) {
  // expected-error @below {{dot_operand layouts are supported only with a #tile.wgmma parent (the A operand of warpgroup MMA)}}
  %0 = tile.splat %h {test.print_layout} : tensor<64x16xf16, #tile.dot_operand<opIdx = 0, parent = #b, kWidth = 2>>
  return
}

// -----

#l = #tile.linear<register = [[0, 16]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []>
func.func @linear_outside(%x: f32) {
  // expected-error @below {{#tile.linear basis 0 of 'register' has coordinate 16 along dimension 1, outside the tensor shape [4, 8]}}
  %0 = tile.splat %x {test.print_layout} : tensor<4x8xf32, #l>
  return
}

// -----

#l = #tile.linear<register = [], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [], block = []>
func.func @linear_not_surjective(%x: f32) {
  // expected-error @below {{#tile.linear layout reaches only 2^5 of the 2^6 elements of tensor shape [8, 8]; every element needs an owner}}
  %0 = tile.splat %x {test.print_layout} : tensor<8x8xf32, #l>
  return
}

// -----

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @rank_mismatch(%x: f32) {
  // expected-error @below {{layout has rank 2 but the tensor shape [64] has rank 1}}
  %0 = tile.splat %x {test.print_layout} : tensor<64xf32, #b>
  return
}

// -----

func.func @no_layout(%x: f32) {
  // expected-error @below {{the tensor has no layout}}
  %0 = tile.splat %x {test.print_layout} : tensor<64xf32>
  return
}

// -----

// expected-error @below {{print_layout needs a ranked tensor, !tile.smem or !tmem.buffer result}}
func.func @no_result() attributes {test.print_layout} {
  return
}

// -----

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#b8 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
func.func @warp_count_mismatch(%x: f32) {
  %v = tile.splat %x : tensor<64x64xf32, #b>
  // expected-error @below {{cannot convert layouts: the source layout uses 4 warps but the result 8}}
  %0 = tile.convert_layout %v {test.print_layout} : tensor<64x64xf32, #b> -> tensor<64x64xf32, #b8>
  return
}

// -----

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @probe_outside(%x: f32) {
  // expected-error @below {{probe (0, 40, 0): value 40 of 'lane' is outside [0, 32)}}
  %0 = tile.splat %x {test.print_layout, test.probe_threads = [[0, 40, 0]]} : tensor<64x64xf32, #b>
  return
}

// -----

#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @ring() kernel {
    // expected-error @below {{shared buffer shape [3, 64, 64] has a dimension of 3, not a power of two: linear layouts need power-of-two dimensions}}
    %0 = tile.alloc_smem {test.print_layout} : !tile.smem<3x64x64xf16, #sw128, mutable>
    gpu.return
  }
}

// -----

// The XOR pattern (up to 7 groups of 8) is wider than the 16-element row,
// so the scalar formula carries into the row bits.
#wide = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
gpu.module @m {
  gpu.func @swizzle_wider_than_row() kernel {
    // expected-error @below {{#tile.swizzled_shared layout is not linear over GF(2) for buffer shape [8, 16]: element (3, 0) is at offset 72 but its bits predict 40 (a swizzle wider than the row?)}}
    %0 = tile.alloc_smem {test.print_layout} : !tile.smem<8x16xf32, #wide, mutable>
    gpu.return
  }
}

// -----

#vec3 = #tile.swizzled_shared<vec = 3, perPhase = 1, maxPhase = 2, order = [1, 0]>
gpu.module @m {
  gpu.func @vec_not_power_of_two() kernel {
    // expected-error @below {{swizzled_shared layout with vec = 3, perPhase = 1, maxPhase = 2 is not linear over GF(2): all three must be powers of two}}
    %0 = tile.alloc_smem {test.print_layout} : !tile.smem<8x64xf32, #vec3, mutable>
    gpu.return
  }
}

// -----

#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @probe_outside_buffer() kernel {
    // expected-error @below {{element (64, 0) is outside the buffer shape [64, 64]}}
    %0 = tile.alloc_smem {test.print_layout, test.probe_elements = [[64, 0]]} : !tile.smem<64x64xf16, #sw128, mutable>
    gpu.return
  }
}

// -----

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @bank_layout_rank() kernel {
    // expected-error @below {{layout has rank 2 but the tensor shape [2, 64, 64] has rank 3}}
    %0 = tile.alloc_smem {test.print_layout = #b} : !tile.smem<2x64x64xf16, #sw128, mutable>
    gpu.return
  }
}
