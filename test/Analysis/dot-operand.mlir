// RUN: tile-opt %s -tile-test-print-layouts -verify-diagnostics -o /dev/null

// The A operand of wgmma from registers (m64k16 for 16-bit elements): the
// accumulator's thread-to-row mapping with K as the columns. kWidth
// consecutive K elements share a 32-bit register; lanes l%4 step K by
// kWidth, register bits then pick row + 8 and K + 4*kWidth; the tile
// repeats along K first, then M. Warps along N all hold the same A.

#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#acc4x2 = #tile.wgmma<warpsPerCTA = [4, 2], instrShape = [16, 64]>
#a16 = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 2>
#a8 = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 4>
#a32 = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 1>
#a16x2 = #tile.dot_operand<opIdx = 0, parent = #acc4x2, kWidth = 2>

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
  // expected-remark @below {{layout: register = [[0, 1], [0, 2], [8, 0], [0, 16]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 16; vector width 4}}
  %2 = tile.splat %b {test.print_layout} : tensor<64x32xi8, #a8>
  // 32-bit elements, kWidth 1 (tf32 m64k8).
  // expected-remark @below {{layout: register = [[8, 0], [0, 4]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 4; vector width 1}}
  %3 = tile.splat %x {test.print_layout} : tensor<64x8xf32, #a32>
  // Two warpgroups along N need the same rows of A: warp bit 2 broadcasts.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [0, 0]], block = []; elements per thread 8; vector width 2; broadcast: warp [2]}}
  %4 = tile.splat %h {test.print_layout} : tensor<64x16xf16, #a16x2>
  gpu.return
}
}
