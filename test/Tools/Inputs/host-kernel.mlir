// A host @main launching one kernel, in upstream ops only.
module attributes {gpu.container_module} {
  gpu.module @kernels {
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
    %buf, %t1 = gpu.alloc async [%t0] () : memref<256xi32>
    %t2 = gpu.launch_func async [%t1] @kernels::@store_tid
        blocks in (%c1, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%buf : memref<256xi32>)
    gpu.wait [%t2]
    return
  }
}

// Not a test: input of test/Tools/tile-run*.test and tile-translate-*, which holds the RUN and CHECK lines
// (test/lit.cfg.py excludes Inputs/).
