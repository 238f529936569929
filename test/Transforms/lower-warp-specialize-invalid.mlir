// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-lower-warp-specialize))' -split-input-file -verify-diagnostics

gpu.module @m {
  gpu.func @nested(%c: i1) kernel attributes {tile.num_warps = 4 : i32} {
    scf.if %c {
      // expected-error @+1 {{not supported yet: tile.warp_specialize must be in the entry block of a kernel (not nested in control flow or a device function)}}
      tile.warp_specialize() default {
        tile.warp_yield
      }
      partition0() num_warps(1) {
        tile.warp_return
      } : () -> ()
    }
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @no_warps() kernel {
    // expected-error @+1 {{needs the kernel's 'tile.num_warps' to place partitions on warps}}
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(1) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @partial_group() kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{register budgets need whole warpgroups: the default partition has 4 warps and the kernel 6; setmaxnreg applies to all 4 warps of a warpgroup}}
    tile.warp_specialize() default num_regs(240) {
      tile.warp_yield
    }
    partition0() num_warps(1) num_regs(24) {
      tile.warp_return
    }
    partition1() num_warps(1) num_regs(24) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @mixed_group() kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{partitions sharing warpgroup 1 ask for different register budgets (24 vs 40); setmaxnreg applies to a whole warpgroup}}
    tile.warp_specialize() default num_regs(240) {
      tile.warp_yield
    }
    partition0() num_warps(2) num_regs(24) {
      tile.warp_return
    }
    partition1() num_warps(2) num_regs(40) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @one_sided() kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{setmaxnreg needs a budget for the default partition and every partition (it reallocates registers between them)}}
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(4) num_regs(24) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}
