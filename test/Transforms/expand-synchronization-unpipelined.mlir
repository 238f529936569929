// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-expand-synchronization))' -verify-diagnostics

// A loop that still carries tile.num_stages > 1 was not pipelined: it runs
// correctly with one stage, and the user is told. One stage is no request.
gpu.module @m {
  gpu.func @f(%n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-warning @+1 {{this loop was not software-pipelined (tile-pipeline did not run on it or refused it): it runs with one stage instead of 3}}
    scf.for %k = %c0 to %n step %c1 {
      tile.barrier
    } {tile.num_stages = 3 : i32}
    scf.for %k = %c0 to %n step %c1 {
      tile.barrier
    } {tile.num_stages = 1 : i32}
    gpu.return
  }
}
