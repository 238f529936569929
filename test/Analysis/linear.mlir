// RUN: tile-opt %s -tile-test-print-layouts -verify-diagnostics -o /dev/null

// #tile.linear gives the bases directly; every other layout prints in the
// same form, and printing a layout's bases back as #tile.linear gives the
// same map (the pass also checks this round trip for every layout).

#l = #tile.linear<register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0]], block = []>
// Non-unit bases: lane bit 2 moves two rows down and XORs column 1.
#xl = #tile.linear<register = [[0, 1], [0, 2]], lane = [[0, 4], [1, 0], [2, 1], [4, 2], [8, 0]], warp = [[16, 0], [0, 0]], block = []>
// Lane bit 4 repeats lane bits 1 and 2 combined: lanes 16-31 hold what
// lanes 0-15 hold, permuted (a free variable that is not a zero basis).
#dep = #tile.linear<register = [], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [1, 2]], warp = [], block = []>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#accl = #tile.linear<register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []>

gpu.module @m {
gpu.func @linear(%x: f32) kernel {
  // expected-remark @below {{layout: register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0]], block = []; elements per thread 2; vector width 2}}
  %0 = tile.splat %x {test.print_layout} : tensor<16x8xf32, #l>
  // Lane 4 (bit 2) holds row 2 with columns XOR 1: its registers 0-3 are
  // columns 1, 0, 3, 2 -- contiguous but not in order, so the vector
  // width along the row drops to 1. Warp bit 1 broadcasts.
  // expected-remark @below {{layout: register = [[0, 1], [0, 2]], lane = [[0, 4], [1, 0], [2, 1], [4, 2], [8, 0]], warp = [[16, 0], [0, 0]], block = []; elements per thread 4; vector width 1; broadcast: warp [1]; probes (register, lane, warp): (0, 4, 0) -> (2, 1), (3, 4, 3) -> (18, 2)}}
  %1 = tile.splat %x {test.print_layout, test.probe_threads = [[0, 4, 0], [3, 4, 3]]} : tensor<32x8xf32, #xl>
  // expected-remark @below {{layout: register = [], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [1, 2]], warp = [], block = []; elements per thread 1; vector width 1; dependent: lane [4]; probes (register, lane, warp): (0, 22, 0) -> (0, 0)}}
  %3 = tile.splat %x {test.print_layout, test.probe_threads = [[0, 22, 0]]} : tensor<4x4xf32, #dep>
  // The wgmma accumulator written out is the same layout.
  %a = tile.splat %x : tensor<64x64xf32, #acc>
  // expected-remark @below {{layout: register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []; elements per thread 32; vector width 2; conversion: no-op}}
  %2 = tile.convert_layout %a {test.print_layout} : tensor<64x64xf32, #acc> -> tensor<64x64xf32, #accl>
  gpu.return
}
}
