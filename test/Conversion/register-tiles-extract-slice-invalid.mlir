// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file -verify-diagnostics

// Windows (tile.extract_slice) that are no selection of each thread's
// registers are read through shared scratch: refused, naming the rule,
// where there is none or it cannot be used.

// Outside a kernel, no scratch is reserved: an offset that is not a
// multiple of the window.
#acc256 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>
#acc64 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
gpu.module @m {
  gpu.func @f(%x: f32, %buf: !tile.smem<64x64xf32, mutable>) attributes {tile.num_warps = 4 : i32} {
    %acc = tile.splat %x : tensor<64x256xf32, #acc256>
    // expected-error @+1 {{'tile.extract_slice' op not supported yet: a window that other threads hold, or at an offset that is not a multiple of its size, is read through shared memory, and it has no shared-memory scratch (tile-allocate-shared-memory reserves it, in kernels only)}}
    %w = tile.extract_slice %acc[0, 32] : tensor<64x256xf32, #acc256> -> tensor<64x64xf32, #acc64>
    tile.smem_store %w, %buf : tensor<64x64xf32, #acc64>, !tile.smem<64x64xf32, mutable>
    gpu.return
  }
}

// -----

// Outside a kernel: a result layout that puts elements in other threads
// than the source's.
#acc256 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @f(%x: f32, %buf: !tile.smem<64x64xf32, mutable>) attributes {tile.num_warps = 4 : i32} {
    %acc = tile.splat %x : tensor<64x256xf32, #acc256>
    // expected-error @+1 {{'tile.extract_slice' op not supported yet: a window that other threads hold, or at an offset that is not a multiple of its size, is read through shared memory, and it has no shared-memory scratch}}
    %w = tile.extract_slice %acc[0, 64] : tensor<64x256xf32, #acc256> -> tensor<64x64xf32, #blocked>
    tile.smem_store %w, %buf : tensor<64x64xf32, #blocked>, !tile.smem<64x64xf32, mutable>
    gpu.return
  }
}

// -----

// Inside a warp-specialized partition the read would synchronize the whole
// CTA.
#acc256 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>
#acc64 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
gpu.module @m {
  gpu.func @k(%x: f32, %buf: !tile.smem<64x64xf32, mutable>) kernel attributes {tile.num_warps = 8 : i32} {
    tile.warp_specialize(%x, %buf) default {
      tile.warp_yield
    }
    partition0(%y: f32, %b: !tile.smem<64x64xf32, mutable>) num_warps(4) {
      %acc = tile.splat %y : tensor<64x256xf32, #acc256>
      // expected-error @+1 {{'tile.extract_slice' op not supported yet: a window that other threads hold, or at an offset that is not a multiple of its size, is read through shared memory (it synchronizes the whole CTA), not inside a warp-specialized partition}}
      %w = tile.extract_slice %acc[0, 32] : tensor<64x256xf32, #acc256> -> tensor<64x64xf32, #acc64>
      tile.smem_store %w, %b : tensor<64x64xf32, #acc64>, !tile.smem<64x64xf32, mutable>
      tile.warp_return
    } : (f32, !tile.smem<64x64xf32, mutable>) -> ()
    gpu.return
  }
}

// -----

// Index elements have no size in shared memory: such a window is refused.
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%x: index) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<64x64xindex, #blocked>
    // expected-error @+1 {{'tile.extract_slice' op not supported yet: a window that other threads hold, or at an offset that is not a multiple of its size, is read through shared memory: of integer or float elements only}}
    %w = tile.extract_slice %t[6, 34] : tensor<64x64xindex, #blocked> -> tensor<2x2xindex, #blocked>
    gpu.return
  }
}
