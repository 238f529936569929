// RUN: tile-opt %s -split-input-file -verify-diagnostics

// A thread holds at most 256 32-bit registers of one register tile (this
// one used to take minutes and a gigabyte to lower).

// expected-error @+1 {{a tile of shape [1, 65536] holds 65536 32-bit elements (65536 32-bit registers) in every thread, but a thread can hold at most 256 registers of a tile}}
func.func private @f(%x: tensor<1x65536xf32, #tile.blocked<sizePerThread = [1, 65536], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>)

// -----

// 64-bit elements take two registers each.
// expected-error @+1 {{a tile of shape [128, 256] holds 256 64-bit elements (512 32-bit registers) in every thread}}
func.func private @f(%x: tensor<128x256xf64, #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>)

// -----

// The largest accumulator of one warpgroup, 128x256 f32 (256 a thread),
// and the same count in a blocked layout, are accepted.
func.func private @f(%x: tensor<128x256xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>>)
func.func private @g(%x: tensor<128x256xf32, #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>)
