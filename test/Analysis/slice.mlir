// RUN: tile-opt %s -tile-test-print-layouts -verify-diagnostics -o /dev/null

// #tile.slice: the parent layout on the tensor with the sliced dimension
// reinserted with extent 1, that dimension then dropped. Lanes and warps
// that only moved along it broadcast (zero bases); registers that only
// moved along it are dropped (each thread keeps one copy).

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#b3 = #tile.blocked<sizePerThread = [1, 1, 2], threadsPerWarp = [1, 4, 8], warpsPerCTA = [2, 1, 1], order = [2, 1, 0]>

gpu.module @m {
gpu.func @slices(%x: f32) kernel {
  // Row vector of #b (dim 1 kept): lanes 8 and 16 (the row bits of the
  // parent) and both warps broadcast.
  // expected-remark @below {{layout: register = [[1], [2], [32]], lane = [[4], [8], [16], [0], [0]], warp = [[0], [0]], block = []; elements per thread 8; vector width 4; broadcast: lane [3, 4], warp [0, 1]}}
  %0 = tile.splat %x {test.print_layout} : tensor<64xf32, #tile.slice<dim = 0, parent = #b>>
  // Column vector of #b (dim 0 kept): the four registers along dim 1 and
  // the three lanes along it collapse.
  // expected-remark @below {{layout: register = [[16], [32]], lane = [[0], [0], [0], [1], [2]], warp = [[4], [8]], block = []; elements per thread 4; vector width 1; broadcast: lane [0, 1, 2]}}
  %1 = tile.splat %x {test.print_layout} : tensor<64xf32, #tile.slice<dim = 1, parent = #b>>
  // Row sums of a wgmma accumulator: each thread keeps rows l/4 and
  // l/4 + 8; the four lanes of a row broadcast.
  // expected-remark @below {{layout: register = [[8]], lane = [[0], [0], [1], [2], [4]], warp = [[16], [32]], block = []; elements per thread 2; vector width 1; broadcast: lane [0, 1]; probes (register, lane, warp): (1, 7, 3) -> (57)}}
  %2 = tile.splat %x {test.print_layout, test.probe_threads = [[1, 7, 3]]} : tensor<64xf32, #tile.slice<dim = 1, parent = #acc>>
  // Column slice of a wgmma accumulator: rows collapse into broadcast lanes
  // and warps.
  // expected-remark @below {{layout: register = [[1], [8], [16], [32]], lane = [[2], [4], [0], [0], [0]], warp = [[0], [0]], block = []; elements per thread 16; vector width 2; broadcast: lane [2, 3, 4], warp [0, 1]}}
  %3 = tile.splat %x {test.print_layout} : tensor<64xf32, #tile.slice<dim = 0, parent = #acc>>
  // Middle dimension of a 3-D layout; the result is 2-D (dims renumbered).
  // expected-remark @below {{layout: register = [[0, 1], [0, 16], [2, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 0], [0, 0]], warp = [[1, 0]], block = []; elements per thread 8; vector width 2; broadcast: lane [3, 4]}}
  %4 = tile.splat %x {test.print_layout} : tensor<4x32xf32, #tile.slice<dim = 1, parent = #b3>>
  // A slice of a slice.
  // expected-remark @below {{layout: register = [[1], [16]], lane = [[2], [4], [8], [0], [0]], warp = [[0]], block = []; elements per thread 4; vector width 2; broadcast: lane [3, 4], warp [0]}}
  %5 = tile.splat %x {test.print_layout} : tensor<32xf32, #tile.slice<dim = 0, parent = #tile.slice<dim = 1, parent = #b3>>>
  gpu.return
}
}
