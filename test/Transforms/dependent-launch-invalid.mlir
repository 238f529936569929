// RUN: tile-opt %s --tile-dependent-launch -split-input-file -verify-diagnostics

// A kernel marked tile.dependent_launch that places its own wait must run
// it in every thread before anything touches global memory: a store above
// it could overwrite what the previous kernel in the stream still reads.

gpu.module @kernels {
  gpu.func @late_wait(%p: !tile.ptr<f32>) kernel
      attributes {tile.num_warps = 1 : i32, tile.dependent_launch} {
    %v = arith.constant 1.0 : f32
    %i = arith.constant 0 : i64
    // expected-error @+1 {{'tile.store' op may read or write global memory before the kernel's tile.grid_dependency_wait; kernel @late_wait is marked 'tile.dependent_launch', so it may run while the previous kernel in its stream still writes}}
    tile.store %p[%i], %v : !tile.ptr<f32>, i64, f32
    // expected-note @+1 {{the wait is here}}
    tile.grid_dependency_wait
    gpu.return
  }
}

// -----

// Inside a branch only some threads would wait.

gpu.module @kernels {
  gpu.func @branch_wait(%p: !tile.ptr<f32>, %c: i1) kernel
      attributes {tile.num_warps = 1 : i32, tile.dependent_launch} {
    scf.if %c {
      // expected-error @+1 {{'tile.grid_dependency_wait' op in a kernel marked 'tile.dependent_launch' must be at the top level of the kernel's body, where every thread runs it}}
      tile.grid_dependency_wait
    }
    gpu.return
  }
}

// -----

// An access nested in a branch counts: the error names it.

gpu.module @kernels {
  gpu.func @nested_access(%p: !tile.ptr<f32>, %c: i1) kernel
      attributes {tile.num_warps = 1 : i32, tile.dependent_launch} {
    scf.if %c {
      %i = arith.constant 0 : i64
      // expected-error @+1 {{'tile.load' op may read or write global memory before the kernel's tile.grid_dependency_wait}}
      %v = tile.load %p[%i] : !tile.ptr<f32>, i64 -> f32
    }
    // expected-note @+1 {{the wait is here}}
    tile.grid_dependency_wait
    gpu.return
  }
}

// -----

// A launch marked by hand whose kernel is not: the kernel has no wait, so
// launched dependently it could read what the previous grid still writes.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%p: !tile.ptr<f32>) kernel attributes {tile.num_warps = 1 : i32} {
      gpu.return
    }
  }
  func.func @host(%p: !tile.ptr<f32>) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    // expected-error @+1 {{'gpu.launch_func' op is marked 'tile.dependent_launch' but its kernel @kernels::@k is not: the kernel would not wait for the previous grid before its first global access (mark the kernel; its launches are marked with it)}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%p : !tile.ptr<f32>) {tile.dependent_launch}
    return
  }
}
