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

// The default partition's warps are no whole warpgroup. (Partitions that
// leave their last warpgroup incomplete get idle warps instead.)
gpu.module @m {
  gpu.func @partial_group() kernel attributes {tile.num_warps = 2 : i32} {
    // expected-error @+1 {{register budgets need whole warpgroups: the default partition has 2 warps and the kernel 4; setmaxnreg applies to all 4 warps of a warpgroup}}
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

// A default budget alone: the partitions' warps would keep what they start
// with, which the default's budget assumes they give up. (Partition budgets
// alone are requests: the default gets what they leave.)
gpu.module @m {
  gpu.func @one_sided() kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{setmaxnreg needs a budget for the default partition and every partition (it reallocates registers between them)}}
    tile.warp_specialize() default num_regs(232) {
      tile.warp_yield
    }
    partition0() num_warps(4) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Layouts index warps by the low bits of the warp id: a 4-warp layout
// cannot run on a one-warp partition.
#four_warps = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
gpu.module @m {
  gpu.func @too_few_warps() kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(1) {
      // expected-error @+1 {{not supported yet: a register tile whose layout spans 4 warps in partition 0 (warps 4 to 4): layouts index warps by the low bits of the warp id, so the region must have at least that many warps and start at a multiple of them}}
      %r = tile.range 0 to 128 : tensor<128xi32, #four_warps>
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Warps 5 and 6 are not warps 0 and 1 of a two-warp layout (their low
// bits are 1 and 0).
#two_warps = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]>
gpu.module @m {
  gpu.func @misaligned() kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(1) {
      tile.warp_return
    }
    partition1() num_warps(2) {
      // expected-error @+1 {{not supported yet: a register tile whose layout spans 2 warps in partition 1 (warps 5 to 6)}}
      %r = tile.range 0 to 64 : tensor<64xi32, #two_warps>
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Partition 0 runs on warp 4 only, partition 1 on warps 5 to 8: neither is
// a whole warpgroup.
gpu.module @m {
  gpu.func @warpgroup_barrier_misaligned() kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(1) {
      tile.warp_return
    }
    partition1() num_warps(4) {
      // expected-error @+1 {{'tile.barrier' op synchronizes a warpgroup, but partition 1 runs warps 5 to 8, not whole warpgroups (4 warps from a multiple of 4)}}
      tile.barrier warpgroup
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Seven partitions synchronize on named barriers 2 to 8; warpgroup 0's
// barrier is 8 too.
gpu.module @m {
  // expected-error @+1 {{'gpu.func' op has 7 warp-specialized partitions, whose named barriers (1 to 8) reach the warpgroup barriers' (from 8): at most 6 partitions with a warpgroup barrier}}
  gpu.func @too_many_partitions() kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize() default {
      tile.barrier warpgroup
      tile.warp_yield
    }
    partition0() num_warps(1) {
      tile.warp_return
    }
    partition1() num_warps(1) {
      tile.warp_return
    }
    partition2() num_warps(1) {
      tile.warp_return
    }
    partition3() num_warps(1) {
      tile.warp_return
    }
    partition4() num_warps(1) {
      tile.warp_return
    }
    partition5() num_warps(1) {
      tile.warp_return
    }
    partition6() num_warps(1) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Partition 0 starts a warpgroup (warp 4) but has only 2 warps.
gpu.module @m {
  gpu.func @warpgroup_barrier_short() kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(2) {
      // expected-error @+1 {{'tile.barrier' op synchronizes a warpgroup, but partition 0 runs warps 4 to 5, not whole warpgroups (4 warps from a multiple of 4)}}
      tile.barrier warpgroup
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Code before tile.warp_specialize runs on all 5 warps: warp 4 would wait
// alone on its warpgroup's barrier.
gpu.module @m {
  gpu.func @warpgroup_barrier_before() kernel attributes {tile.num_warps = 4 : i32} {
    // expected-error @+1 {{'tile.barrier' op synchronizes a warpgroup before tile.warp_specialize, where all 5 warps of the kernel (its partitions' included) run it, not whole warpgroups of 4}}
    tile.barrier warpgroup
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

// Fifteen partitions would synchronize on named barriers 2 to 16; a CTA
// has 0 to 15.
gpu.module @m {
  // expected-error @+1 {{'gpu.func' op has 15 warp-specialized partitions, whose named barriers (1 to 16) exceed the CTA's 16 (0 to 15): at most 14 partitions}}
  gpu.func @too_many_barriers() kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(1) {
      tile.warp_return
    }
    partition1() num_warps(1) {
      tile.warp_return
    }
    partition2() num_warps(1) {
      tile.warp_return
    }
    partition3() num_warps(1) {
      tile.warp_return
    }
    partition4() num_warps(1) {
      tile.warp_return
    }
    partition5() num_warps(1) {
      tile.warp_return
    }
    partition6() num_warps(1) {
      tile.warp_return
    }
    partition7() num_warps(1) {
      tile.warp_return
    }
    partition8() num_warps(1) {
      tile.warp_return
    }
    partition9() num_warps(1) {
      tile.warp_return
    }
    partition10() num_warps(1) {
      tile.warp_return
    }
    partition11() num_warps(1) {
      tile.warp_return
    }
    partition12() num_warps(1) {
      tile.warp_return
    }
    partition13() num_warps(1) {
      tile.warp_return
    }
    partition14() num_warps(1) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// -----

// Two splits of one kernel's warps: the second is named as such (lowering
// the first moved it under a branch, and it was reported as nested in
// control flow).
gpu.module @m {
  gpu.func @twice(%p: !tile.ptr<i32>) kernel attributes {tile.num_warps = 4 : i32} {
    // expected-note @+1 {{the first is here}}
    tile.warp_specialize(%p) default {
      tile.warp_yield
    }
    partition0(%q: !tile.ptr<i32>) num_warps(4) {
      tile.warp_return
    } : (!tile.ptr<i32>) -> ()
    // expected-error @+1 {{not supported yet: a second tile.warp_specialize in kernel @twice (one op splits the kernel's warps: give it all the partitions)}}
    tile.warp_specialize(%p) default {
      tile.warp_yield
    }
    partition0(%q: !tile.ptr<i32>) num_warps(4) {
      tile.warp_return
    } : (!tile.ptr<i32>) -> ()
    gpu.return
  }
}
