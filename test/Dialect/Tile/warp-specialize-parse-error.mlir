// RUN: env MALLOC_CHECK_=3 MALLOC_PERTURB_=165 tile-opt %s -split-input-file -verify-diagnostics

// A parse error after a region of tile.warp_specialize used a value of
// another of its regions: the regions are destroyed one after the other, and
// the value must not be freed while a use of it is left in a later region
// (valgrind reported invalid writes in Operation::dropAllReferences).

// A forward reference from the default region, resolved by partition0.
gpu.module @m {
  gpu.func @k() kernel {
    tile.warp_specialize() default {
      %u = arith.addi %x, %x : i32
      tile.warp_yield
    }
    partition0() num_warps(1) {
      %x = arith.constant 1 : i32
      tile.warp_return
    }
    partition1() num_warps(1) num_regs(24) {
      tile.warp_return
    // expected-error @+1 {{either every partition or none gives num_regs}}
    } : () -> ()
    gpu.return
  }
}

// -----

// A use in partition0 of a value of the default region, then a bad type.
gpu.module @m {
  gpu.func @k() kernel {
    tile.warp_specialize() default {
      %x = arith.constant 1 : i32
      tile.warp_yield
    }
    partition0() num_warps(1) {
      %u = arith.addi %x, %x : i32
      tile.warp_return
    // expected-error @+1 {{invalid kind of type specified: expected builtin.function}}
    } : i32
    gpu.return
  }
}

// -----

// A forward reference from partition0 resolved by partition1, then an error
// in a later partition.
gpu.module @m {
  gpu.func @k() kernel {
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(1) {
      %u = arith.addi %x, %x : i32
      tile.warp_return
    }
    partition1() num_warps(1) {
      %x = arith.constant 1 : i32
      tile.warp_return
    }
    // expected-error @+1 {{expected 'partition2', got 'partition3'}}
    partition3() num_warps(1) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}
