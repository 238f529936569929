// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file | FileCheck %s

// tile.extract_slice picks the thread's registers that hold the window.

// A wgmma fragment holds, per 64-row block of the tile (m-rep), N / 2
// registers in column order of 8-column groups (RegisterTiles.h): columns
// 64-127 of a 128x256 accumulator of one warpgroup are registers 32-63 of
// m-rep 0 and 160-191 of m-rep 1, which are the 128x64 accumulator's
// 0-31 and 32-63.
#acc256 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>
#acc64 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @wgmma_window
  gpu.func @wgmma_window(%x: f32, %buf: !tile.smem<128x64xf32, mutable>) kernel attributes {tile.num_warps = 4 : i32} {
    %acc = tile.splat %x : tensor<128x256xf32, #acc256>
    // CHECK: llvm.shufflevector %{{.*}}, %{{.*}} [32, 33, {{.*}}, 62, 63, 160, 161, {{.*}}, 190, 191] : vector<256xf32>
    %w = tile.extract_slice %acc[0, 64] : tensor<128x256xf32, #acc256> -> tensor<128x64xf32, #acc64>
    tile.smem_store %w, %buf : tensor<128x64xf32, #acc64>, !tile.smem<128x64xf32, mutable>
    gpu.return
  }
}

// -----

// Rows 32-63 of a blocked tile that repeats its 32-row CTA tile twice
// along the rows: the second half of each thread's registers.
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @blocked_window
  gpu.func @blocked_window(%x: f32, %buf: !tile.smem<32x64xf32, mutable>) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<64x64xf32, #blocked>
    // CHECK: llvm.shufflevector %{{.*}}, %{{.*}} [16, 17, {{.*}}, 31] : vector<32xf32>
    %w = tile.extract_slice %t[32, 0] : tensor<64x64xf32, #blocked> -> tensor<32x64xf32, #blocked>
    tile.smem_store %w, %buf : tensor<32x64xf32, #blocked>, !tile.smem<32x64xf32, mutable>
    gpu.return
  }
}
