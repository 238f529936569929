// RUN: tile-opt %s --tile-allocate-tensor-memory --split-input-file --verify-diagnostics

#full = #tmem.layout<block = [128, 256], col_stride = 1>
#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m {
  // expected-error @+1 {{needs 544 tensor-memory columns, but an SM has 512 available}}
  gpu.func @too_many() kernel {
    // expected-note @+1 {{512 columns allocated here}}
    %a = tmem.alloc : !tmem.buffer<2x128x256xf32, #full>
    // expected-note @+1 {{32 columns allocated here}}
    %b = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    tmem.dealloc %b : !tmem.buffer<128x32xf32, #l32>
    tmem.dealloc %a : !tmem.buffer<2x128x256xf32, #full>
    gpu.return
  }
}

// -----

#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m {
  gpu.func @nested(%c: i1) kernel {
    scf.if %c {
      // expected-error @+1 {{not supported yet: tmem.alloc nested in a region; allocate tensor memory at the kernel's top level}}
      %a = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
      tmem.dealloc %a : !tmem.buffer<128x32xf32, #l32>
    }
    gpu.return
  }
}

// -----

#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m {
  gpu.func @never_freed() kernel {
    // expected-error @+1 {{is never freed: the kernel needs a tmem.dealloc at its top level after its last use of tensor memory}}
    %a = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    gpu.return
  }
}

// -----

#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m {
  gpu.func @after_release() kernel {
    %a = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    tmem.dealloc %a : !tmem.buffer<128x32xf32, #l32>
    // expected-error @+1 {{uses tensor memory after the kernel's last tmem.dealloc, which frees all of it}}
    tmem.wait load
    gpu.return
  }
}

// -----

#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m {
  gpu.func @release_argument(%b: !tmem.buffer<128x32xf32, #l32>) kernel {
    %a = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    tmem.dealloc %a : !tmem.buffer<128x32xf32, #l32>
    // expected-error @+1 {{frees the kernel's tensor memory and must free a buffer that tmem.alloc returned at the kernel's top level}}
    tmem.dealloc %b : !tmem.buffer<128x32xf32, #l32>
    gpu.return
  }
}

// -----

#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

gpu.module @m {
  gpu.func @helper() {
    // expected-error @+1 {{tensor memory can only be allocated in a kernel}}
    %a = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    tmem.dealloc %a : !tmem.buffer<128x32xf32, #l32>
    gpu.return
  }
}

// -----

#nvmma = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
#l32 = #tmem.layout<block = [128, 32], col_stride = 1>

// tcgen05.cp / mma / commit run on every thread that reaches them.
gpu.module @m {
  gpu.func @unelected(%bar: !mbarrier.barrier, %c: i1) kernel {
    %s = tile.alloc_smem : !tile.smem<128x32xf32, #nvmma, mutable>
    %a = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
    // expected-warning @+1 {{is issued by every thread that executes it (tcgen05 operations are single-thread instructions): put it under an scf.if on tile.elect}}
    tmem.copy %s, %a : !tile.smem<128x32xf32, #nvmma, mutable>, !tmem.buffer<128x32xf32, #l32>
    scf.if %c {
      // expected-warning @+1 {{is issued by every thread that executes it}}
      tmem.commit %bar
    }
    %e = tile.elect warp
    %both = arith.andi %e, %c : i1
    scf.if %both {
      tmem.commit %bar
    }
    tmem.dealloc %a : !tmem.buffer<128x32xf32, #l32>
    gpu.return
  }
}
