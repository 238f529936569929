// RUN: tile-opt %s -tile-test-print-layouts -verify-diagnostics -o /dev/null

// Conversion plans from invertAndCompose: the map from destination
// (register, lane, warp) to the source slot holding the same element. If
// it keeps warps and lanes, only registers move; if it keeps warps, lanes
// exchange data by shuffles; otherwise data goes through shared memory.

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// #b on 16x32 written out as a linear layout.
#bl = #tile.linear<register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []>
// The same threads own the same elements, registers swapped.
#bswap = #tile.linear<register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []>
#rowmajor = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#colmajor = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#a = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 2>
#rows = #tile.slice<dim = 1, parent = #acc>
// The rows of #rows, spread over lanes 0-2 instead of 2-4.
#rowslin = #tile.linear<register = [[8]], lane = [[1], [2], [4], [0], [0]], warp = [[16], [32]], block = []>
#rowsdup = #tile.linear<register = [[8], [0]], lane = [[0], [0], [1], [2], [4]], warp = [[16], [32]], block = []>

gpu.module @m {
gpu.func @plans(%x: f32, %h: f16) kernel {
  %v = tile.splat %x : tensor<16x32xf32, #b>
  // expected-remark @below {{layout: register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []; elements per thread 4; vector width 4; conversion: no-op}}
  %0 = tile.convert_layout %v {test.print_layout} : tensor<16x32xf32, #b> -> tensor<16x32xf32, #b>
  // #tile.linear round trip: the written-out bases are the same map.
  // expected-remark @below {{layout: register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []; elements per thread 4; vector width 4; conversion: no-op}}
  %1 = tile.convert_layout %v {test.print_layout} : tensor<16x32xf32, #b> -> tensor<16x32xf32, #bl>
  // expected-remark @below {{layout: register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []; elements per thread 4; vector width 1; conversion: register permutation}}
  %2 = tile.convert_layout %v {test.print_layout} : tensor<16x32xf32, #b> -> tensor<16x32xf32, #bswap>
  // Same warps (rows 4 and 8), lanes transposed within each warp.
  %r = tile.splat %x : tensor<16x8xf32, #rowmajor>
  // expected-remark @below {{layout: register = [], lane = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], warp = [[4, 0], [8, 0]], block = []; elements per thread 1; vector width 1; conversion: warp shuffle}}
  %3 = tile.convert_layout %r {test.print_layout} : tensor<16x8xf32, #rowmajor> -> tensor<16x8xf32, #colmajor>
  // The wgmma accumulator in the A-operand layout: nothing moves (the
  // attention kernel's P = softmax(S) reuse).
  %acc = tile.splat %h : tensor<64x64xf16, #acc>
  // expected-remark @below {{conversion: no-op}}
  %4 = tile.convert_layout %acc {test.print_layout} : tensor<64x64xf16, #acc> -> tensor<64x64xf16, #a>
  // Accumulator rows belong to other warps in #b: shared memory.
  // expected-remark @below {{conversion: shared memory}}
  %5 = tile.convert_layout %acc {test.print_layout} : tensor<64x64xf16, #acc> -> tensor<64x64xf16, #b>
  // Broadcast sources: lanes 0-1 of #rows repeat each row; converting to
  // itself must still pick the thread's own copy.
  %s = tile.splat %x : tensor<64xf32, #rows>
  // expected-remark @below {{conversion: no-op}}
  %6 = tile.convert_layout %s {test.print_layout} : tensor<64xf32, #rows> -> tensor<64xf32, #rows>
  // expected-remark @below {{conversion: warp shuffle}}
  %7 = tile.convert_layout %s {test.print_layout} : tensor<64xf32, #rows> -> tensor<64xf32, #rowslin>
  // The row slice of #b puts rows on other warps than the accumulator's.
  // expected-remark @below {{conversion: shared memory}}
  %8 = tile.convert_layout %s {test.print_layout} : tensor<64xf32, #rows> -> tensor<64xf32, #tile.slice<dim = 1, parent = #b>>
  // Keeping two register copies of each row: the lanes still hold their
  // own rows, so only registers move.
  // expected-remark @below {{layout: register = [[8], [0]], lane = [[0], [0], [1], [2], [4]], warp = [[16], [32]], block = []; elements per thread 4; vector width 1; broadcast: register [1], lane [0, 1]; conversion: register permutation}}
  %9 = tile.convert_layout %s {test.print_layout} : tensor<64xf32, #rows> -> tensor<64xf32, #rowsdup>
  gpu.return
}
}
