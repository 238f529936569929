// RUN: tile-opt %s -tile-test-print-layouts -verify-diagnostics -o /dev/null

// #tile.blocked: registers take sizePerThread's bits, lanes threadsPerWarp's,
// warps warpsPerCTA's, each fastest dimension (order[0]) first; extra
// register bits repeat the pattern over larger tiles (order[0] first), and
// bits past a smaller tile's extent broadcast (zero bases).

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#col = #tile.blocked<sizePerThread = [2, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
#wide = #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [16, 2], warpsPerCTA = [2, 2], order = [1, 0]>
#row = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#b3 = #tile.blocked<sizePerThread = [1, 1, 2], threadsPerWarp = [1, 4, 8], warpsPerCTA = [2, 1, 1], order = [2, 1, 0]>

func.func @blocked(%x: f32, %h: f16, %i: i32) {
  // The CTA tile is 16x32: the 64x64 tile repeats twice along dim1, then
  // four times along dim0.
  // expected-remark @below {{layout: register = [[0, 1], [0, 2], [0, 32], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []; elements per thread 32; vector width 4; probes (register, lane, warp): (0, 0, 0) -> (0, 0), (3, 9, 2) -> (9, 7), (31, 31, 3) -> (63, 63)}}
  %0 = tile.splat %x {test.print_layout, test.probe_threads = [[0, 0, 0], [3, 9, 2], [31, 31, 3]]} : tensor<64x64xf32, #b>
  // An exact fit: no repetition.
  // expected-remark @below {{layout: register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []; elements per thread 4; vector width 4}}
  %1 = tile.splat %x {test.print_layout} : tensor<16x32xf32, #b>
  // Smaller than the CTA tile: lane bit 2 (column 16) and warp bit 1 (row
  // 8) broadcast.
  // expected-remark @below {{layout: register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 0], [1, 0], [2, 0]], warp = [[4, 0], [0, 0]], block = []; elements per thread 4; vector width 4; broadcast: lane [2], warp [1]}}
  %2 = tile.splat %x {test.print_layout} : tensor<8x16xf32, #b>
  // Much smaller: registers broadcast too (elements are repeated in
  // registers, so each thread still has 4).
  // expected-remark @below {{layout: register = [[0, 1], [0, 0]], lane = [[0, 0], [0, 0], [0, 0], [1, 0], [0, 0]], warp = [[0, 0], [0, 0]], block = []; elements per thread 4; vector width 2; broadcast: register [1], lane [0, 1, 2, 4], warp [0, 1]}}
  %3 = tile.splat %x {test.print_layout} : tensor<2x2xf32, #b>
  // Column-major order: registers and lanes run down dim0 first; the
  // contiguous run is along dim0, so row-major vectors have width 1.
  // expected-remark @below {{layout: register = [[1, 0], [16, 0], [32, 0], [0, 16], [0, 32]], lane = [[2, 0], [4, 0], [8, 0], [0, 1], [0, 2]], warp = [[0, 4], [0, 8]], block = []; elements per thread 32; vector width 1}}
  %4 = tile.splat %x {test.print_layout} : tensor<64x64xf32, #col>
  // 16 f16 per thread in a row: 16-byte vectors hold 8.
  // expected-remark @below {{layout: register = [[0, 1], [0, 2], [0, 4], [0, 8]], lane = [[0, 16], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[0, 32], [16, 0]], block = []; elements per thread 16; vector width 8}}
  %5 = tile.splat %h {test.print_layout} : tensor<32x64xf16, #wide>
  // 1-D.
  // expected-remark @below {{layout: register = [[1], [2], [512]], lane = [[4], [8], [16], [32], [64]], warp = [[128], [256]], block = []; elements per thread 8; vector width 4}}
  %6 = tile.splat %i {test.print_layout} : tensor<1024xi32, #row>
  // 3-D.
  // expected-remark @below {{layout: register = [[0, 0, 1], [0, 0, 16], [2, 0, 0]], lane = [[0, 0, 2], [0, 0, 4], [0, 0, 8], [0, 1, 0], [0, 2, 0]], warp = [[1, 0, 0]], block = []; elements per thread 8; vector width 2}}
  %7 = tile.splat %x {test.print_layout} : tensor<4x4x32xf32, #b3>
  return
}
