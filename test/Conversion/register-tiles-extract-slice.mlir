// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file | FileCheck %s

// tile.extract_slice picks the thread's registers that hold the window,
// or reads the window through shared memory where no thread holds all of
// its elements (the last three).

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

// -----

// Windows that are no selection of each thread's registers are read
// through shared scratch the size of the source (16 KiB here): barrier,
// the source's distinct registers stored, barrier, the window's elements
// loaded, barrier. A 2 x 2 window at [6, 34] of a 64 x 64 tile: the
// offset's element offset in the row-major scratch, 6 * 64 + 34 = 418,
// XORs into every thread's (the window's coordinates have no bit in
// common with it); the two columns of a row load as one vector and the
// registers the layout repeats are copied, not loaded again.
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @speck
  // CHECK-SAME: tile.shared_memory_bytes = 16384
  gpu.func @speck(%x: f32, %buf: !tile.smem<2x2xf32, mutable>) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<64x64xf32, #blocked>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-8: llvm.store {{.*}} : vector<4xf32>, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.mlir.constant(418 : i32)
    // CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> vector<2xf32>
    // CHECK-NOT: llvm.load
    // CHECK: nvvm.barrier0
    %w = tile.extract_slice %t[6, 34] : tensor<64x64xf32, #blocked> -> tensor<2x2xf32, #blocked>
    tile.smem_store %w, %buf : tensor<2x2xf32, #blocked>, !tile.smem<2x2xf32, mutable>
    gpu.return
  }
}

// -----

// At column 32, a 64-column window of a wgmma accumulator straddles its
// 8-column register groups: each register's element offset in the
// row-major scratch is computed from its coordinates (row * 256 + column +
// 32), the wgmma fragment's pairs of columns one 8-byte load each.
#acc256 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>
#acc64 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @wgmma_straddling
  // CHECK-SAME: tile.shared_memory_bytes = 65536
  gpu.func @wgmma_straddling(%x: f32, %buf: !tile.smem<64x64xf32, mutable>) kernel attributes {tile.num_warps = 4 : i32} {
    %acc = tile.splat %x : tensor<64x256xf32, #acc256>
    // CHECK: nvvm.barrier0
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-16: llvm.load {{.*}} : !llvm.ptr<3> -> vector<2xf32>
    // CHECK-NOT: llvm.load
    // CHECK: nvvm.barrier0
    %w = tile.extract_slice %acc[0, 32] : tensor<64x256xf32, #acc256> -> tensor<64x64xf32, #acc64>
    tile.smem_store %w, %buf : tensor<64x64xf32, #acc64>, !tile.smem<64x64xf32, mutable>
    gpu.return
  }
}

// -----

// A window in a layout that puts its elements in other threads than the
// source's: 16-byte loads of the blocked layout's 4-column runs.
#acc256 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @wgmma_to_blocked
  gpu.func @wgmma_to_blocked(%x: f32, %buf: !tile.smem<64x64xf32, mutable>) kernel attributes {tile.num_warps = 4 : i32} {
    %acc = tile.splat %x : tensor<64x256xf32, #acc256>
    // CHECK: nvvm.barrier0
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-8: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xf32>
    // CHECK-NOT: llvm.load
    // CHECK: nvvm.barrier0
    %w = tile.extract_slice %acc[0, 64] : tensor<64x256xf32, #acc256> -> tensor<64x64xf32, #blocked>
    tile.smem_store %w, %buf : tensor<64x64xf32, #blocked>, !tile.smem<64x64xf32, mutable>
    gpu.return
  }
}

// -----

// Run by a subset of the CTA's warps (tile.sync_group, which
// tile-lower-warp-specialize sets in a warp-specialized region), the read
// synchronizes on that region's named barrier, never the CTA's.
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @in_region
  gpu.func @in_region(%x: f32, %buf: !tile.smem<2x2xf32, mutable>) kernel attributes {tile.num_warps = 8 : i32} {
    %t = tile.splat %x : tensor<64x64xf32, #blocked>
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-3: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
    // CHECK-NOT: nvvm.barrier0
    %w = tile.extract_slice %t[6, 34] {tile.sync_group = array<i32: 2, 128>} : tensor<64x64xf32, #blocked> -> tensor<2x2xf32, #blocked>
    tile.smem_store %w, %buf : tensor<2x2xf32, #blocked>, !tile.smem<2x2xf32, mutable>
    gpu.return
  }
}

// -----

// A window spanning whole rows of a 4-column f16 tile: each thread's 8
// registers are two rows, contiguous in the row-major scratch, but the
// window starts at row 3, element 12: 8-byte loads (its start's alignment),
// not 16-byte ones.
#b = #tile.blocked<sizePerThread = [2, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @rows_window
  gpu.func @rows_window(%x: f16, %buf: !tile.smem<8x4xf16, mutable>) kernel attributes {tile.num_warps = 1 : i32} {
    %t = tile.splat %x : tensor<64x4xf16, #b>
    // CHECK: nvvm.barrier0
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-2: llvm.load {{.*}} : !llvm.ptr<3> -> vector<4xf16>
    // CHECK-NOT: llvm.load
    // CHECK: nvvm.barrier0
    %w = tile.extract_slice %t[3, 0] : tensor<64x4xf16, #b> -> tensor<8x4xf16, #b>
    tile.smem_store %w, %buf : tensor<8x4xf16, #b>, !tile.smem<8x4xf16, mutable>
    gpu.return
  }
}
