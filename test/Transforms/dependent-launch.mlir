// RUN: tile-opt %s --tile-dependent-launch | FileCheck %s

// A kernel marked tile.dependent_launch gets its wait (and the trigger
// after it) before the first top-level op that may touch global memory:
// shared-memory allocation, barrier setup, CTA barriers and prefetches of
// tensor maps passed as arguments stay above it, so they run under the
// previous kernel's tail. Its launches are marked for the host lowering;
// unmarked kernels and their launches are left alone.

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #sw, mutable>
!m = memref<?x?xf16>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: gpu.func @tma
    // CHECK:        tile.alloc_smem
    // CHECK:        scf.if
    // CHECK-NEXT:     tma.prefetch_descriptor
    // CHECK-NEXT:     mbarrier.init
    // CHECK:        tile.barrier
    // CHECK-NEXT:   tile.grid_dependency_wait
    // CHECK-NEXT:   tile.launch_dependents
    // CHECK-NEXT:   tma.async_load
    gpu.func @tma(%in: !d, %out: !d) kernel
        attributes {tile.num_warps = 4 : i32, tile.dependent_launch} {
      %c0 = arith.constant 0 : i32
      %c0i = arith.constant 0 : index
      %buf = tile.alloc_smem : !b
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0i] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        tma.prefetch_descriptor %in : !d
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      tma.async_load %in[%c0, %c0], %buf, %bar : !d, !b
      tma.async_store %buf, %out[%c0, %c0] : !b, !d
      gpu.return
    }

    // A loop that holds a global store counts as a whole; special
    // registers (a clock) are not memory.
    // CHECK-LABEL: gpu.func @nested
    // CHECK:        nvvm.read.ptx.sreg.globaltimer
    // CHECK:        arith.constant
    // CHECK:        tile.grid_dependency_wait
    // CHECK-NEXT:   tile.launch_dependents
    // CHECK-NEXT:   scf.for
    gpu.func @nested(%p: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 1 : i32, tile.dependent_launch} {
      %t = nvvm.read.ptx.sreg.globaltimer : i64
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      scf.for %i = %c0 to %c4 step %c1 {
        %v = arith.constant 1.0 : f32
      %i0 = arith.constant 0 : i64
        tile.store %p[%i0], %v : !tile.ptr<f32>, i64, f32
      }
      gpu.return
    }

    // Nothing touches global memory: the wait goes before the end.
    // CHECK-LABEL: gpu.func @idle
    // CHECK:        tile.barrier
    // CHECK-NEXT:   tile.grid_dependency_wait
    // CHECK-NEXT:   tile.launch_dependents
    // CHECK-NEXT:   gpu.return
    gpu.func @idle() kernel attributes {tile.num_warps = 1 : i32, tile.dependent_launch} {
      tile.barrier
      gpu.return
    }

    // The user's wait is kept, with no trigger added.
    // CHECK-LABEL: gpu.func @own_wait
    // CHECK:        tile.grid_dependency_wait
    // CHECK-NOT:    tile.grid_dependency_wait
    // CHECK-NOT:    tile.launch_dependents
    // CHECK:        gpu.return
    gpu.func @own_wait(%p: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 1 : i32, tile.dependent_launch} {
      %v = arith.constant 1.0 : f32
      %i0 = arith.constant 0 : i64
      tile.grid_dependency_wait
      tile.store %p[%i0], %v : !tile.ptr<f32>, i64, f32
      gpu.return
    }

    // CHECK-LABEL: gpu.func @plain
    // CHECK-NOT:    tile.grid_dependency_wait
    // CHECK:        gpu.return
    gpu.func @plain(%p: !tile.ptr<f32>) kernel attributes {tile.num_warps = 1 : i32} {
      %v = arith.constant 1.0 : f32
      %i0 = arith.constant 0 : i64
      tile.store %p[%i0], %v : !tile.ptr<f32>, i64, f32
      gpu.return
    }
  }

  // CHECK-LABEL: func.func @host
  // CHECK:       gpu.launch_func @kernels::@nested
  // CHECK-SAME:    {tile.dependent_launch}
  // CHECK:       gpu.launch_func @kernels::@plain
  // CHECK-NOT:     tile.dependent_launch
  // CHECK:       return
  func.func @host(%p: !tile.ptr<f32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@nested blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%p : !tile.ptr<f32>)
    gpu.launch_func @kernels::@plain blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%p : !tile.ptr<f32>)
    return
  }
}
