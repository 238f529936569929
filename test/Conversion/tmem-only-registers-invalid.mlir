// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-tensor-memory, tile-allocate-shared-memory, gpu.module(convert-tmem-to-nvvm))' -verify-diagnostics

// The tmem-only lowering leaves register tiles to the full one.
#rows = #tile.blocked<sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @tmem_only() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    // expected-error @+1 {{'tmem.load' op moves a register tile, which convert-tmem-to-nvvm does not lower: use convert-tile-kernels-to-nvvm}}
    %v = tmem.load %a : !tmem.buffer<128x32xf32, #l32> -> tensor<128x32xf32, #rows>
    tmem.dealloc %a : !tmem.buffer<128x32xf32, #l32>
    gpu.return
  }
}
