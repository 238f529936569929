// A kernel marked tile.dependent_launch, for --emit=c-header.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_one(%in: !tile.ptr<i32>, %out: !tile.ptr<i32>) kernel
        attributes {tile.num_warps = 1 : i32, tile.dependent_launch} {
      %tid = tile.thread_id
      %i = arith.extui %tid : i32 to i64
      %v = tile.load %in[%i] : !tile.ptr<i32>, i64 -> i32
      %one = arith.constant 1 : i32
      %w = arith.addi %v, %one : i32
      tile.store %out[%i], %w : !tile.ptr<i32>, i64, i32
      gpu.return
    }
    gpu.func @plain(%out: !tile.ptr<i32>) kernel attributes {tile.num_warps = 1 : i32} {
      gpu.return
    }
  }
}

// Not a test: input of test/Tools/tile-run-dependent-launch.test, which
// holds the RUN and CHECK lines (test/lit.cfg.py excludes Inputs/).
