// RUN: tile-opt %s --tile-mark-written-descriptors -split-input-file -verify-diagnostics

// A kernel stores through a map whose 45 x f32 rows end inside a 16-byte
// unit: the error is at the map, with a note at the store.

!d = !tma.descriptor<tensor<16x16xf32>>
!b = !tile.smem<16x16xf32, mutable>
!m = memref<37x45xf32, strided<[48, 1]>>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @store(%out: !d) kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : i32
      %buf = tile.alloc_smem : !b
      // expected-note @+1 {{written through by this tma.async_store}}
      tma.async_store %buf, %out[%c0, %c0] : !b, !d
      gpu.return
    }
  }
  func.func @host(%o: !m) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    // expected-error @+1 {{a kernel writes through this tensor map (TMA store or reduction), but a row of the tensor is 45 x 'f32' = 180 bytes, not a multiple of 16: TMA stores write whole 16-byte units, so a store reaching the end of a row would also write the 12 bytes after it}}
    %d = tma.make_descriptor %o : !m -> !d
    gpu.launch_func @kernels::@store blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%d : !d)
    return
  }
}

// -----

// The same rows, only loaded from: allowed (loads fill out-of-bounds
// elements and write nothing to global memory).

!d = !tma.descriptor<tensor<16x16xf32>>
!b = !tile.smem<16x16xf32, mutable>
!m = memref<37x45xf32, strided<[48, 1]>>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @load(%in: !d, %bar: !mbarrier.barrier) kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : i32
      %buf = tile.alloc_smem : !b
      tma.async_load %in[%c0, %c0], %buf, %bar : !d, !b
      gpu.return
    }
  }
  func.func @host(%o: !m, %bar: !mbarrier.barrier) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %d = tma.make_descriptor %o : !m -> !d
    gpu.launch_func @kernels::@load blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%d : !d, %bar : !mbarrier.barrier)
    return
  }
}
