// RUN: tile-opt %s -tile-test-print-layouts -verify-diagnostics -o /dev/null

// How tile.convert_layout is lowered: within each warp, the count of
// shfl.sync idx rounds and selects (planWarpShuffles); across warps, the
// scratch layout chooseConversionScratchLayout picks from the bank-conflict
// analysis of the source's stores and the destination's loads, next to
// what row-major offsets would cost.

// Transposes across warps: #b stores 16-byte runs along rows, #t reads
// single elements down columns. Row-major scratch serializes the loads
// (lanes of a column hit one bank: 4-way for 16 x 32, 8-way for 64 x 64);
// XORing the row into the 4-element chunk makes both sides conflict-free.
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#t = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
// A wgmma accumulator to #tile.blocked: 8-byte stores were 4-way.
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#b2 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
// Within one warp.
#s = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>
#d = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>
#rowmajor = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#colmajor = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>
#v = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#e = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
// 1-D across warps, bytes.
#v4 = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#e4 = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>

gpu.module @m {
gpu.func @scratch(%x: f32, %h: f16, %i: i8) kernel {
  %w = tile.splat %x : tensor<16x32xf32, #b>
  // expected-remark @below {{conversion: shared memory; scratch: swizzled rows of 32 elements, vec = 4, perPhase = 4, maxPhase = 4; stores: no conflicts (16-byte accesses), loads: no conflicts (4-byte accesses); wavefronts per thread 12 (row-major 36: stores no conflicts (16-byte accesses), loads 4-way conflicts (4-byte accesses))}}
  %0 = tile.convert_layout %w {test.print_layout} : tensor<16x32xf32, #b> -> tensor<16x32xf32, #t>
  %w2 = tile.splat %x : tensor<64x64xf32, #b>
  // expected-remark @below {{conversion: shared memory; scratch: swizzled rows of 32 elements, vec = 4, perPhase = 8, maxPhase = 8; stores: no conflicts (16-byte accesses), loads: no conflicts (4-byte accesses); wavefronts per thread 64 (row-major 288: stores no conflicts (16-byte accesses), loads 8-way conflicts (4-byte accesses))}}
  %1 = tile.convert_layout %w2 {test.print_layout} : tensor<64x64xf32, #b> -> tensor<64x64xf32, #t>
  // The way back: the conflicts were on the stores.
  // expected-remark @below {{scratch: swizzled rows of 32 elements, vec = 4, perPhase = 8, maxPhase = 8; stores: no conflicts (4-byte accesses), loads: no conflicts (16-byte accesses); wavefronts per thread 64 (row-major 288: stores 8-way conflicts (4-byte accesses), loads no conflicts (16-byte accesses))}}
  %2 = tile.convert_layout %1 {test.print_layout} : tensor<64x64xf32, #t> -> tensor<64x64xf32, #b>
  %a = tile.splat %x : tensor<64x64xf32, #acc>
  // expected-remark @below {{scratch: swizzled rows of 32 elements, vec = 4, perPhase = 1, maxPhase = 8; stores: no conflicts (8-byte accesses), loads: no conflicts (16-byte accesses); wavefronts per thread 64 (row-major 160: stores 4-way conflicts (8-byte accesses), loads no conflicts (16-byte accesses))}}
  %3 = tile.convert_layout %a {test.print_layout} : tensor<64x64xf32, #acc> -> tensor<64x64xf32, #b2>
  // Conflict-free either way: row-major stays.
  %o = tile.splat %i : tensor<512xi8, #v4>
  // expected-remark @below {{conversion: shared memory; scratch: row-major; stores: no conflicts (4-byte accesses), loads: no conflicts (1-byte accesses); wavefronts per thread 5 (row-major 5}}
  %4 = tile.convert_layout %o {test.print_layout} : tensor<512xi8, #v4> -> tensor<512xi8, #e4>
  %hh = tile.splat %h : tensor<64x64xf16, #b>
  // expected-remark @below {{conversion: shared memory; scratch: swizzled rows of 64 elements}}
  %5 = tile.convert_layout %hh {test.print_layout} : tensor<64x64xf16, #b> -> tensor<64x64xf16, #t>

  // Within a warp: one shuffle for a transpose of the lanes; a transpose
  // of 4 x 4 register blocks needs a round per register, with selects on
  // both sides.
  %r = tile.splat %x : tensor<16x8xf32, #rowmajor>
  // expected-remark @below {{conversion: warp shuffle; within warps: 1 shfl.sync idx, 0 selects}}
  %6 = tile.convert_layout %r {test.print_layout} : tensor<16x8xf32, #rowmajor> -> tensor<16x8xf32, #colmajor>
  %sv = tile.splat %x : tensor<16x16xf32, #s>
  // expected-remark @below {{conversion: warp shuffle; within warps: 8 shfl.sync idx, 112 selects}}
  %7 = tile.convert_layout %sv {test.print_layout} : tensor<16x16xf32, #s> -> tensor<16x16xf32, #d>
  %vv = tile.splat %x : tensor<128xf32, #v>
  // expected-remark @below {{conversion: warp shuffle; within warps: 4 shfl.sync idx, 24 selects}}
  %8 = tile.convert_layout %vv {test.print_layout} : tensor<128xf32, #v> -> tensor<128xf32, #e>
  gpu.return
}
}
