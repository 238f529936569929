// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-tensor-memory, tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file -verify-diagnostics

// Register tiles that tcgen05.ld / tcgen05.st (32x32b) cannot move, each
// reported with the rule it breaks before the conversion starts.

#coalesced = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @lanes_along_columns() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    // expected-error @+1 {{'tmem.load' op not supported yet: with tcgen05.ld/st 32x32b, thread (warp w, lane l) holds row 32 * (w % 4) + l, but lane bit 0 goes to row 0, column 1, slot 0}}
    %v = tmem.load %a : !tmem.buffer<128x32xf32, #l32> -> tensor<128x32xf32, #coalesced>
    tmem.dealloc %a : !tmem.buffer<128x32xf32, #l32>
    gpu.return
  }
}

// -----

#two_warps = #tile.blocked<sizePerThread = [2, 32], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]>
#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @two_warps(%v: tensor<128x32xf32, #two_warps>) kernel attributes {tile.num_warps = 2 : i32} {
    %a = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    // expected-error @+1 {{'tmem.store' op not supported yet: tcgen05.ld/st needs at least 4 warps of 32 lanes}}
    tmem.store %v, %a : tensor<128x32xf32, #two_warps>, !tmem.buffer<128x32xf32, #l32>
    tmem.dealloc %a : !tmem.buffer<128x32xf32, #l32>
    gpu.return
  }
}

// -----

// Eight warps must put warp bits 0-1 on the rows (order [0, 1]); with
// order [1, 0] warp bit 0 splits the columns.
#split_columns_first = #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [1, 0]>
#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @warp_order() kernel attributes {tile.num_warps = 8 : i32} {
    %a = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    // expected-error @+1 {{'tmem.load' op not supported yet: with tcgen05.ld/st 32x32b, thread (warp w, lane l) holds row 32 * (w % 4) + l, but warp bit 0 goes to row 0, column 16, slot 0}}
    %v = tmem.load %a : !tmem.buffer<128x32xf32, #l32> -> tensor<128x32xf32, #split_columns_first>
    tmem.dealloc %a : !tmem.buffer<128x32xf32, #l32>
    gpu.return
  }
}

// -----

// 256 rows need a second row block, not two rows per thread from one.
#two_rows = #tile.blocked<sizePerThread = [2, 8], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#b8 = #tmem.layout<block = [128, 8], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @rows_in_registers() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tmem.alloc : !tmem.buffer<256x8xf32, #b8>
    // expected-error @+1 {{'tmem.load' op not supported yet: with tcgen05.ld/st 32x32b, thread (warp w, lane l) holds row 32 * (w % 4) + l, but lane bit 0 goes to row 2, column 0, slot 0}}
    %v = tmem.load %a : !tmem.buffer<256x8xf32, #b8> -> tensor<256x8xf32, #two_rows>
    tmem.dealloc %a : !tmem.buffer<256x8xf32, #b8>
    gpu.return
  }
}

// -----

// A layout wider than the tile repeats registers.
#wide = #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#l8 = #tmem.layout<block = [128, 8], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @repeats() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tmem.alloc : !tmem.buffer<128x8xf32, #l8>
    // expected-error @+1 {{'tmem.load' op not supported yet: register bit 3 repeats elements (a zero basis): not supported yet}}
    %v = tmem.load %a : !tmem.buffer<128x8xf32, #l8> -> tensor<128x8xf32, #wide>
    tmem.dealloc %a : !tmem.buffer<128x8xf32, #l8>
    gpu.return
  }
}

// -----

#rows = #tile.blocked<sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#unpacked = #tmem.layout<block = [128, 32], col_stride = 2>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @unpacked_bytes() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tmem.alloc : !tmem.buffer<128x32xi8, #unpacked>
    // expected-error @+1 {{'tmem.load' op not supported yet: tcgen05.ld/st of unpacked (col_stride > 1) 8-bit elements}}
    %v = tmem.load %a : !tmem.buffer<128x32xi8, #unpacked> -> tensor<128x32xi8, #rows>
    tmem.dealloc %a : !tmem.buffer<128x32xi8, #unpacked>
    gpu.return
  }
}

// -----

// Unpacked 16-bit elements travel two columns a register: a thread needs
// a pair of adjacent columns.
#pairs_split = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#unpacked = #tmem.layout<block = [128, 2], col_stride = 2>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @unpacked_split_pair() kernel attributes {tile.num_warps = 8 : i32} {
    %a = tmem.alloc : !tmem.buffer<128x2xf16, #unpacked>
    // expected-error @+1 {{'tmem.load' op not supported yet: with unpacked 16-bit elements (one a column), tcgen05.ld/st pack two adjacent columns into each 32-bit register, so register bit 0 must move one column, but each thread holds one element}}
    %v = tmem.load %a : !tmem.buffer<128x2xf16, #unpacked> -> tensor<128x2xf16, #pairs_split>
    tmem.dealloc %a : !tmem.buffer<128x2xf16, #unpacked>
    gpu.return
  }
}

// -----

#rows = #tile.blocked<sizePerThread = [1, 32], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [0, 1]>
#m64 = #tmem.layout<block = [64, 32], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @two_row_blocks_of_64() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tmem.alloc : !tmem.buffer<128x32xf32, #m64>
    // expected-error @+1 {{'tmem.load' op not supported yet: no tensor-memory map yet for blockM = 64 buffers of more than one row block (128 rows)}}
    %v = tmem.load %a : !tmem.buffer<128x32xf32, #m64> -> tensor<128x32xf32, #rows>
    tmem.dealloc %a : !tmem.buffer<128x32xf32, #m64>
    gpu.return
  }
}

// -----

// blockM = 64 data: lanes 16-31 must read other columns of the same rows.
#rows = #tile.blocked<sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [2, 1], order = [0, 1]>
#m64 = #tmem.layout<block = [64, 32], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @block_m64() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tmem.alloc : !tmem.buffer<64x32xf32, #m64>
    // expected-error @+1 {{'tmem.load' op not supported yet: tcgen05.ld/st needs at least 4 warps of 32 lanes}}
    %v = tmem.load %a : !tmem.buffer<64x32xf32, #m64> -> tensor<64x32xf32, #rows>
    tmem.dealloc %a : !tmem.buffer<64x32xf32, #m64>
    gpu.return
  }
}

// -----

// One f16 per thread of a column that packs two: a 32-bit access would
// touch the neighbouring element.
#r1 = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#l1 = #tmem.layout<block = [128, 1], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @half_column(%x: f16) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tmem.alloc : !tmem.buffer<128x1xf16, #l1>
    %v = tile.splat %x : tensor<128x1xf16, #r1>
    // expected-error @+1 {{'tmem.store' op not supported yet: each thread must hold whole 32-bit columns (2 elements), but holds 1}}
    tmem.store %v, %a : tensor<128x1xf16, #r1>, !tmem.buffer<128x1xf16, #l1>
    tmem.dealloc %a : !tmem.buffer<128x1xf16, #l1>
    gpu.return
  }
}
