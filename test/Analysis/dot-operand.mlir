// RUN: tile-opt %s -tile-test-print-layouts -verify-diagnostics -o /dev/null

// The A operand of wgmma from registers (m64k16 for 16-bit elements): the
// accumulator's thread-to-row mapping with K as the columns. kWidth
// consecutive K elements share a 32-bit register; lanes l%4 step K by
// kWidth, register bits then pick row + 8 and K + 4*kWidth; the tile
// repeats along K first, then M. Warps along N all hold the same A.
//
// This is the PTX ISA's register fragment of A for wgmma ("Register
// Fragments: Matrix A"): with per = 32 / element bits = kWidth elements per
// 32-bit register, fragment element a_i (q = i / per, e = i % per) of thread
// (warp w, lane l) is at
//   row = 16 * (w % 4) + l / 4 + 8 * (q % 2)
//   col = (l % 4) * per + e + 4 * per * (q / 2)
// of its warpgroup's 64 x 8*per block, and register i of one instruction
// tile is exactly a_i. The wgmma lowering reads this order back from the
// layout (tile.dot with A in registers). The probes below check the formula.

#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#acc4x2 = #tile.wgmma<warpsPerCTA = [4, 2], instrShape = [16, 64]>
#a16 = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 2>
#a8 = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 4>
#a32 = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 1>
#a16x2 = #tile.dot_operand<opIdx = 0, parent = #acc4x2, kWidth = 2>
#acc8w = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 64]>
#a16w8 = #tile.dot_operand<opIdx = 0, parent = #acc8w, kWidth = 2>

gpu.module @m {
gpu.func @operands(%h: f16, %b: i8, %x: f32) kernel {
  // One m64k16 fragment: a0..a7 = (row l/4 + 8i, col (l%4)*2 + j + 8k),
  // register k*4 + i*2 + j. Register 6 = (k 1, i 1, j 0), lane 13 (3, 1),
  // warp 2: row 32 + 3 + 8 = 43, column 2 + 8 = 10.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 8; vector width 2; probes (register, lane, warp): (6, 13, 2) -> (43, 10)}}
  %0 = tile.splat %h {test.print_layout, test.probe_threads = [[6, 13, 2]]} : tensor<64x16xf16, #a16>
  // K = 64: four k16 steps (register bits 3-4), then M repeats (bit 5).
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 64; vector width 2; probes (register, lane, warp): (63, 31, 3) -> (127, 63)}}
  %1 = tile.splat %h {test.print_layout, test.probe_threads = [[63, 31, 3]]} : tensor<128x64xf16, #a16>
  // 8-bit elements, kWidth 4 (m64k32): four consecutive K per register.
  // a9 (q 2, e 1) of lane 13, warp 1: row 16 + 3 = 19, col 4 + 1 + 16 = 21.
  // expected-remark @below {{layout: register = [[0, 1], [0, 2], [8, 0], [0, 16]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 16; vector width 4; probes (register, lane, warp): (9, 13, 1) -> (19, 21)}}
  %2 = tile.splat %b {test.print_layout, test.probe_threads = [[9, 13, 1]]} : tensor<64x32xi8, #a8>
  // 32-bit elements, kWidth 1 (tf32 m64k8).
  // a3 (q 3) of lane 6, warp 3: row 48 + 1 + 8 = 57, col 2 + 4 = 6.
  // expected-remark @below {{layout: register = [[8, 0], [0, 4]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 4; vector width 1; probes (register, lane, warp): (3, 6, 3) -> (57, 6)}}
  %3 = tile.splat %x {test.print_layout, test.probe_threads = [[3, 6, 3]]} : tensor<64x8xf32, #a32>
  // Two warpgroups along N need the same rows of A: warp bit 2 broadcasts.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [0, 0]], block = []; elements per thread 8; vector width 2; broadcast: warp [2]}}
  %4 = tile.splat %h {test.print_layout} : tensor<64x16xf16, #a16x2>
  // Two warpgroups along M: warp 7 is warp 3 of the second, rows 64 + 48;
  // a5 (q 2, e 1) of lane 31: row 112 + 7 = 119, col 6 + 1 + 8 = 15.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [64, 0]], block = []; elements per thread 8; vector width 2; probes (register, lane, warp): (5, 31, 7) -> (119, 15)}}
  %5 = tile.splat %h {test.print_layout, test.probe_threads = [[5, 31, 7]]} : tensor<128x16xf16, #a16w8>
  gpu.return
}
}
