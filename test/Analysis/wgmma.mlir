// RUN: tile-opt %s -tile-test-print-layouts -verify-diagnostics -o /dev/null

// The wgmma m64nNk16 accumulator: lane l of warp w holds rows
// w*16 + l/4 + 8*i and columns (l%4)*2 + j + 8*k in register k*4 + i*2 + j.
// warpsPerCTA[0] stacks warps (warpgroups) along M, warpsPerCTA[1] along
// N; the instruction tile repeats along N first, then M.

#acc64 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#acc128 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc64x8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 64]>
#acc128x8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
#acc4x2 = #tile.wgmma<warpsPerCTA = [4, 2], instrShape = [16, 64]>
#dot64 = #tile.dot_operand<opIdx = 0, parent = #acc64, kWidth = 2>

gpu.module @m {
gpu.func @accumulators(%x: f32) kernel {
  // One instruction per warpgroup. Probes:
  //   register 5 = (k 1, i 0, j 1), lane 9 (l/4 = 2, l%4 = 1), warp 1:
  //     row 16 + 2 = 18, column 2 + 1 + 8 = 11;
  //   register 2 = (k 0, i 1, j 0), lane 0, warp 3: row 48 + 8 = 56, col 0;
  //   register 31 = (k 7, i 1, j 1), lane 31, warp 3: (63, 63).
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 32; vector width 2; probes (register, lane, warp): (5, 9, 1) -> (18, 11), (2, 0, 3) -> (56, 0), (31, 31, 3) -> (63, 63)}}
  %0 = tile.splat %x {test.print_layout, test.probe_threads = [[5, 9, 1], [2, 0, 3], [31, 31, 3]]} : tensor<64x64xf32, #acc64>

  // 128x128 with [16, 64]: repeats once along N (register bit 5 = column
  // 64), then along M (bit 6 = row 64). Register 37 = 32 + 5: the probe of
  // above, 64 columns to the right; register 64 + 37 also 64 rows down.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 128; vector width 2; probes (register, lane, warp): (37, 9, 1) -> (18, 75), (101, 9, 1) -> (82, 75)}}
  %1 = tile.splat %x {test.print_layout, test.probe_threads = [[37, 9, 1], [101, 9, 1]]} : tensor<128x128xf32, #acc64>

  // [16, 128]: k runs over 16 column groups of 8 (register bits 2-5).
  // Register 62 = (k 15, i 1, j 0), lane 22 (l/4 = 5, l%4 = 2), warp 2:
  // row 32 + 5 + 8 = 45, column 4 + 120 = 124.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 64; vector width 2; probes (register, lane, warp): (62, 22, 2) -> (45, 124)}}
  %2 = tile.splat %x {test.print_layout, test.probe_threads = [[62, 22, 2]]} : tensor<64x128xf32, #acc128>

  // Eight warps = two warpgroups along M: warp 5 is warp 1 of the second
  // warpgroup, rows 80-95. Register 13 = (k 3, i 1, j 1), lane 6 (1, 2):
  // row 80 + 1 + 8 = 89, column 4 + 1 + 24 = 29.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [64, 0]], block = []; elements per thread 32; vector width 2; probes (register, lane, warp): (13, 6, 5) -> (81, 29)}}
  %3 = tile.splat %x {test.print_layout, test.probe_threads = [[13, 6, 5]]} : tensor<128x64xf32, #acc64x8>

  // [16, 128] over eight warps, 128x128.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [64, 0]], block = []; elements per thread 64; vector width 2; probes (register, lane, warp): (63, 31, 7) -> (127, 127), (0, 4, 4) -> (65, 0)}}
  %4 = tile.splat %x {test.print_layout, test.probe_threads = [[63, 31, 7], [0, 4, 4]]} : tensor<128x128xf32, #acc128x8>

  // Eight warps on a 64-row tile: the second warpgroup broadcasts (holds
  // the same elements as the first); 256 columns repeat the instruction
  // along N.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [0, 128]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [0, 0]], block = []; elements per thread 128; vector width 2; broadcast: warp [2]}}
  %5 = tile.splat %x {test.print_layout} : tensor<64x256xf32, #acc128x8>

  // Two warpgroups side by side along N: warp 4 starts at column 64.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0], [0, 64]], block = []; elements per thread 32; vector width 2; probes (register, lane, warp): (0, 0, 4) -> (0, 64), (0, 0, 5) -> (16, 64)}}
  %6 = tile.splat %x {test.print_layout, test.probe_threads = [[0, 0, 4], [0, 0, 5]]} : tensor<64x128xf32, #acc4x2>
  gpu.return
}

// Shapes smaller than the warpgroups' tile broadcast, as #tile.blocked
// does: a 1 x N row (a bias) lives in the threads of its accumulator
// columns, an M x 1 column (a row statistic) in those of its rows, so
// tile.expand_dims of a slice and tile.broadcast stay in registers.
gpu.func @broadcast(%x: f32, %h: f16) kernel {
  // expected-remark @below {{layout: register = [[0, 1], [0, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [0, 0], [0, 0], [0, 0]], warp = [[0, 0], [0, 0]], block = []; elements per thread 32; vector width 2; broadcast: register [1], lane [2, 3, 4], warp [0, 1]}}
  %0 = tile.splat %x {test.print_layout} : tensor<1x64xf32, #acc64>
  // expected-remark @below {{layout: register = [[0, 0], [8, 0], [0, 0], [0, 0], [0, 0]], lane = [[0, 0], [0, 0], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 32; vector width 1; broadcast: register [0, 2, 3, 4], lane [0, 1]}}
  %1 = tile.splat %x {test.print_layout} : tensor<64x1xf32, #acc64>
  // Half a warpgroup's rows: warp bit 1 (rows 32-63) repeats warp bit 0's.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [0, 0]], block = []; elements per thread 32; vector width 2; broadcast: warp [1]}}
  %2 = tile.splat %x {test.print_layout} : tensor<32x64xf32, #acc64>
  // An A operand with K below the instruction's 16: register bit 2 (K 8)
  // repeats.
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 8; vector width 2; broadcast: register [2]}}
  %3 = tile.splat %h {test.print_layout} : tensor<64x8xf16, #dot64>
  gpu.return
}
}
