// RUN: tile-opt %s -tile-test-print-layouts -verify-diagnostics -o /dev/null

// Tensor-memory maps (dim0, dim1) -> (row, column, slot) of #tmem.layout
// buffers, and the tcgen05.ld/st 32x32b plan of a register tile in the
// layout given as the value of print_layout: instructions x .num, elements
// per 32-bit column, each instruction's column, the column each warp bit
// adds. Blocks of blockM x blockN follow each other along M, then N.

#rows64 = #tile.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#rows8 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#eight_warps = #tile.blocked<sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#columns_first = #tile.blocked<sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [1, 0]>
#coalesced = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#halves = #tile.blocked<sizePerThread = [1, 32], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [0, 1]>
#l64 = #tmem.layout<block = [128, 64], col_stride = 1>
#b4 = #tmem.layout<block = [128, 4], col_stride = 1>
#b1 = #tmem.layout<block = [128, 1], col_stride = 1>

// Layouts that break one rule each of the tcgen05.ld/st plan.
#reg_row = #tile.linear<register = [[1, 1], [0, 2], [0, 4]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []>
#slot_order = #tile.linear<register = [[0, 2], [0, 1], [0, 4], [0, 8]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []>
#warp_row = #tile.linear<register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0], [1, 4]], block = []>
#half_overlap = #tile.linear<register = [[0, 1], [0, 2], [0, 4], [0, 16]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 24]], warp = [[16, 0], [32, 0]], block = []>
#pair_overlap = #tile.linear<register = [[0, 1]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0], [0, 3]], block = []>

gpu.module @m {
gpu.func @k() kernel {
  // One block: row i in lane i, column n in column n; one .x64 per thread.
  // expected-remark @below {{tensor-memory map: dim0 = [[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0], [16, 0, 0], [32, 0, 0], [64, 0, 0]], dim1 = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0], [0, 32, 0]]; tcgen05.ld/st 32x32b: 1 x .x64, 1 element per column, columns [0], warp columns [0, 0]}}
  %0 = tmem.alloc {test.print_layout = #rows64} : !tmem.buffer<128x64xf32, #l64>
  // Two row blocks of 128 x 4: block (mb, nb) at column (2 * nb + mb) * 4.
  // Registers walk n (columns 1, 2, then 8), then row 128 (column 4).
  // expected-remark @below {{tensor-memory map: dim0 = [[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0], [16, 0, 0], [32, 0, 0], [64, 0, 0], [0, 4, 0]], dim1 = [[0, 1, 0], [0, 2, 0], [0, 8, 0]]; tcgen05.ld/st 32x32b: 4 x .x4, 1 element per column, columns [0, 8, 4, 12], warp columns [0, 0]}}
  %1 = tmem.alloc {test.print_layout = #rows8} : !tmem.buffer<256x8xf32, #b4>
  // blockN = 1 with two row blocks: columns alternate between them.
  // expected-remark @below {{tensor-memory map: dim0 = [[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0], [16, 0, 0], [32, 0, 0], [64, 0, 0], [0, 1, 0]], dim1 = [[0, 2, 0], [0, 4, 0], [0, 8, 0]]; tcgen05.ld/st 32x32b: 16 x .x1, 1 element per column, columns [0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15], warp columns [0, 0]}}
  %2 = tmem.alloc {test.print_layout = #rows8} : !tmem.buffer<256x8xf32, #b1>
  // f16 packs two elements per column (slot): each .x32 word is two
  // consecutive registers.
  // expected-remark @below {{tensor-memory map: dim0 = [[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0], [16, 0, 0], [32, 0, 0], [64, 0, 0]], dim1 = [[0, 0, 1], [0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0]]; tcgen05.ld/st 32x32b: 1 x .x32, 2 elements per column, columns [0], warp columns [0, 0]}}
  %3 = tmem.alloc {test.print_layout = #rows64} : !tmem.buffer<128x64xf16, #l64>
  // f16 with col_stride = 2 (one element a column): .pack::16b, two
  // columns a register, 32 registers for the 64 columns.
  // expected-remark @below {{tcgen05.ld/st 32x32b: 1 x .x32.pack::16b (two columns a register), 1 element per column, columns [0], warp columns [0, 0]}}
  %10 = tmem.alloc {test.print_layout = #rows64} : !tmem.buffer<128x64xf16, #tmem.layout<block = [128, 64], col_stride = 2>>
  // Eight warps: warps 4-7 reach the lane quarters of warps 0-3 and take
  // columns 32-63 (warp bit 2).
  // expected-remark @below {{tcgen05.ld/st 32x32b: 1 x .x32, 1 element per column, columns [0], warp columns [0, 0, 32]}}
  %4 = tmem.alloc {test.print_layout = #eight_warps} : !tmem.buffer<128x64xf32, #l64>
  // expected-remark @below {{tcgen05.ld/st 32x32b: no (with tcgen05.ld/st 32x32b, thread (warp w, lane l) holds row 32 * (w % 4) + l, but warp bit 0 goes to row 0, column 32, slot 0)}}
  %5 = tmem.alloc {test.print_layout = #columns_first} : !tmem.buffer<128x64xf32, #l64>
  // expected-remark @below {{tcgen05.ld/st 32x32b: no (with tcgen05.ld/st 32x32b, thread (warp w, lane l) holds row 32 * (w % 4) + l, but lane bit 0 goes to row 0, column 1, slot 0)}}
  %6 = tmem.alloc {test.print_layout = #coalesced} : !tmem.buffer<128x64xf32, #l64>
  // blockM = 64: rows 16 q .. 16 q + 15 in lanes 32 q .. 32 q + 15. Lanes
  // 16-31 of each warp read the same lanes at a column offset (16x32bx2):
  // here lane bit 4 takes columns 32-63, the registers columns 0-31.
  // expected-remark @below {{tensor-memory map: dim0 = [[1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0], [32, 0, 0], [64, 0, 0]], dim1 = [[0, 1, 0], [0, 2, 0], [0, 4, 0], [0, 8, 0], [0, 16, 0], [0, 32, 0]]; tcgen05.ld/st 16x32bx2: 1 x .x32, 1 element per column, columns [0], warp columns [0, 0], upper lanes +32}}
  %7 = tmem.alloc {test.print_layout = #halves} : !tmem.buffer<64x64xf32, #tmem.layout<block = [64, 64], col_stride = 1>>
  // A one-row-per-lane layout does not fit blockM = 64 data.
  // expected-remark @below {{tcgen05.ld/st 16x32bx2: no (with tcgen05.ld/st 16x32bx2, lanes 16-31 read the rows of lanes 0-15 at other columns, but lane bit 4 goes to row 32, column 0, slot 0)}}
  %8 = tmem.alloc {test.print_layout = #rows64} : !tmem.buffer<64x64xf32, #tmem.layout<block = [64, 64], col_stride = 1>>
  // expected-error @below {{no tensor-memory map yet for blockM = 64 buffers of more than one row block (128 rows)}}
  %9 = tmem.alloc {test.print_layout = #rows64} : !tmem.buffer<128x64xf32, #tmem.layout<block = [64, 64], col_stride = 1>>
  // A register bit that also moves the row.
  // expected-remark @below {{tcgen05.ld/st 32x32b: no (each thread holds one row of tensor memory, but register bit 0 goes to row 1, column 1, slot 0)}}
  %11 = tmem.alloc {test.print_layout = #reg_row} : !tmem.buffer<128x8xf32, #tmem.layout<block = [128, 8], col_stride = 1>>
  // Packed f16: register bit 0 must pick the element within a column.
  // expected-remark @below {{tcgen05.ld/st 32x32b: no (registers must fill each 32-bit column's 2 elements in order before the next column, but register bit 0 goes to row 0, column 1, slot 0)}}
  %12 = tmem.alloc {test.print_layout = #slot_order} : !tmem.buffer<128x16xf16, #tmem.layout<block = [128, 16], col_stride = 1>>
  // expected-remark @below {{tcgen05.ld/st 32x32b: no (warps beyond the first four must keep their rows (they reach the same lane quarters): warp bit 2 goes to row 1, column 4, slot 0)}}
  %13 = tmem.alloc {test.print_layout = #warp_row} : !tmem.buffer<128x8xf32, #tmem.layout<block = [128, 8], col_stride = 1>>
  // The upper lanes' immediate column offset must not share bits with the
  // registers' columns (the hardware adds it; the layout XORs).
  // expected-remark @below {{tcgen05.ld/st 16x32bx2: no (lanes 16-31 read their columns at an offset (24) that overlaps the columns of registers or warps)}}
  %14 = tmem.alloc {test.print_layout = #half_overlap} : !tmem.buffer<64x32xf32, #tmem.layout<block = [64, 32], col_stride = 1>>
  // expected-remark @below {{tcgen05.ld/st 32x32b: no (with unpacked 16-bit elements, another column offset overlaps the column pairs that share a register)}}
  %15 = tmem.alloc {test.print_layout = #pair_overlap} : !tmem.buffer<128x4xf16, #tmem.layout<block = [128, 4], col_stride = 2>>
  gpu.return
}
}
