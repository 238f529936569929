// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file -verify-diagnostics

// Windows tile.extract_slice cannot lower to a register selection: the
// diagnostic names the rule.

// An offset that is not a multiple of the window.
#acc256 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>
#acc64 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
gpu.module @m {
  gpu.func @k(%x: f32, %buf: !tile.smem<64x64xf32, mutable>) kernel attributes {tile.num_warps = 4 : i32} {
    %acc = tile.splat %x : tensor<64x256xf32, #acc256>
    // expected-error @+1 {{'tile.extract_slice' op not supported yet: only register permutations within each thread are lowered for this op: offset 32 of dimension 1 is not a multiple of the result's size 64 there (a window at such an offset would straddle the source's register blocks)}}
    %w = tile.extract_slice %acc[0, 32] : tensor<64x256xf32, #acc256> -> tensor<64x64xf32, #acc64>
    tile.smem_store %w, %buf : tensor<64x64xf32, #acc64>, !tile.smem<64x64xf32, mutable>
    gpu.return
  }
}

// -----

// A result layout that puts elements in other threads than the source's.
#acc256 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%x: f32, %buf: !tile.smem<64x64xf32, mutable>) kernel attributes {tile.num_warps = 4 : i32} {
    %acc = tile.splat %x : tensor<64x256xf32, #acc256>
    // expected-error @+1 {{'tile.extract_slice' op not supported yet: only register permutations within each thread are lowered for this op: threads would exchange data (lane bit 0 differs): the window must be cut from a layout whose threads hold it}}
    %w = tile.extract_slice %acc[0, 64] : tensor<64x256xf32, #acc256> -> tensor<64x64xf32, #blocked>
    tile.smem_store %w, %buf : tensor<64x64xf32, #blocked>, !tile.smem<64x64xf32, mutable>
    gpu.return
  }
}
