// A host @main launching a kernel marked tile.dependent_launch twice, the
// second launch reading what the first wrote, and an unmarked kernel.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_one(%in: memref<256xi32>, %out: memref<256xi32>) kernel
        attributes {tile.dependent_launch} {
      %tid = gpu.thread_id x
      %v = memref.load %in[%tid] : memref<256xi32>
      %one = arith.constant 1 : i32
      %w = arith.addi %v, %one : i32
      memref.store %w, %out[%tid] : memref<256xi32>
      gpu.return
    }
    gpu.func @store_tid(%out: memref<256xi32>) kernel {
      %tid = gpu.thread_id x
      %v = arith.index_cast %tid : index to i32
      memref.store %v, %out[%tid] : memref<256xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] () : memref<256xi32>
    %b, %t2 = gpu.alloc async [%t1] () : memref<256xi32>
    %t3 = gpu.launch_func async [%t2] @kernels::@store_tid
        blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%a : memref<256xi32>)
    %t4 = gpu.launch_func async [%t3] @kernels::@add_one
        blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%a : memref<256xi32>, %b : memref<256xi32>)
    %t5 = gpu.launch_func async [%t4] @kernels::@add_one
        blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%b : memref<256xi32>, %a : memref<256xi32>)
    gpu.wait [%t5]
    return
  }
}

// Not a test: input of test/Tools/tile-run-dependent-launch.test, which
// holds the RUN and CHECK lines (test/lit.cfg.py excludes Inputs/).
