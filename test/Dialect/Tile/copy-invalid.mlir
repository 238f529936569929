// RUN: tile-opt %s -split-input-file -verify-diagnostics
// Every rule tile.copy's verifier checks, each with the numbers it names.

gpu.module @m {
  gpu.func @k(%A: memref<8x8xf32, 3>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{copies global memory: the memref is in 3}}
    tile.copy %A[%c0, %c0], %s : memref<8x8xf32, 3>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: memref<8x8xf16>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{memref elements ('f16') differ from the shared buffer's ('f32')}}
    tile.copy %A[%c0, %c0], %s : memref<8x8xf16>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: memref<8x8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{indexes the memref with 1 indices; it has rank 2}}
    tile.copy %A[%c0], %s : memref<8x8xf32>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: memref<8x8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{takes the memref's strides from its type: `strides` are for a !tile.ptr}}
    tile.copy %A[%c0, %c0] strides [%c1, %c1], %s : memref<8x8xf32>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: memref<8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{copies a buffer of rank 2 into a memref of rank 1: the buffer covers the memref's trailing dimensions}}
    tile.copy %A[%c0], %s : memref<8xf32>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: memref<8x4xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{copies 8 elements along memref dimension 1, which has 4}}
    tile.copy %A[%c0, %c0], %s : memref<8x4xf32>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: !tile.ptr<f16>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{pointee type ('f16') differs from the shared buffer's elements ('f32')}}
    tile.copy %A[%c0], %s : !tile.ptr<f16>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: !tile.ptr<f32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{indexes a !tile.ptr with one element offset; got 2}}
    tile.copy %A[%c0, %c0], %s : !tile.ptr<f32>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: !tile.ptr<f32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{has 1 strides for a buffer of rank 2}}
    tile.copy %A[%c0] strides [%c1], %s : !tile.ptr<f32>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: memref<8x8xf32>, %s: !tile.smem<8x8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{writes the shared buffer, which is not mutable}}
    tile.copy %A[%c0, %c0], %s : memref<8x8xf32>, !tile.smem<8x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: memref<8x8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{`async` is for copies to global memory; a copy into shared memory is asynchronous with a `barrier`}}
    tile.copy %A[%c0, %c0], %s async : memref<8x8xf32>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: memref<8x8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    %t = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{copies between global memory (a memref or !tile.ptr) and a shared buffer; got '!tile.smem<8x8xf32, mutable>' and '!tile.smem<8x8xf32, mutable>'}}
    tile.copy %s, %t : !tile.smem<8x8xf32, mutable>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: memref<8x8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{copies the shared buffer whole: take a view (tile.smem_index, tile.smem_subslice) for part of one}}
    tile.copy %A[%c0, %c0], %s[%c0] : memref<8x8xf32>, !tile.smem<8x8xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: memref<8x8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    %g = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %g[%c0] : !mbarrier.group<1>
    // expected-error @+1 {{copies to global memory, which completes through bulk groups (tma.store_wait), not a barrier}}
    tile.copy %s, %A[%c0, %c0] barrier %bar : !tile.smem<8x8xf32, mutable>, memref<8x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%A: memref<8x8xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{`async` needs a TMA store: a synchronous copy is done when it returns}}
    tile.copy %s, %A[%c0, %c0] prefer sync async : !tile.smem<8x8xf32, mutable>, memref<8x8xf32>
    gpu.return
  }
}

// -----

func.func @host(%A: memref<8x8xf32>, %s: !tile.smem<8x8xf32, mutable>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{is a kernel operation (in a gpu.func)}}
  tile.copy %A[%c0, %c0], %s : memref<8x8xf32>, !tile.smem<8x8xf32, mutable>
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%A: memref<8x8xf32>, %v: tensor<8x8xf32, #blocked>) kernel {
    %c0 = arith.constant 0 : index
    %g = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %g[%c0] : !mbarrier.group<1>
    // expected-error @+1 {{copies a register tile, which is done when the copy returns: it takes no barrier}}
    tile.copy %v, %A[%c0, %c0] barrier %bar : tensor<8x8xf32, #blocked>, memref<8x8xf32>
    gpu.return
  }
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%A: memref<8x8xf32>, %v: tensor<8x8xf32, #blocked>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{`async` of a register tile is not supported yet}}
    tile.copy %v, %A[%c0, %c0] async : tensor<8x8xf32, #blocked>, memref<8x8xf32>
    gpu.return
  }
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%v: tensor<8x8xf32, #blocked>) kernel {
    %s = tile.alloc_smem : !tile.smem<8x16xf32, mutable>
    // expected-error @+1 {{copies a register tile ('tensor<8x8xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>>') into a shared buffer of another shape or element type ('!tile.smem<8x16xf32, mutable>')}}
    tile.copy %v, %s : tensor<8x8xf32, #blocked>, !tile.smem<8x16xf32, mutable>
    gpu.return
  }
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
gpu.module @m {
  gpu.func @k(%A: memref<8x4xf32>, %v: tensor<8x8xf32, #blocked>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{copies 8 elements along memref dimension 1, which has 4}}
    tile.copy %v, %A[%c0, %c0] : tensor<8x8xf32, #blocked>, memref<8x4xf32>
    gpu.return
  }
}

// -----

// Into a register tile: the rules of the result form.
gpu.module @m {
  gpu.func @neither(%A: memref<64x64xf32>, %i: index) kernel {
    // expected-error @+1 {{copies into a destination (a shared buffer or global memory) or into its result (a register tile); it has neither}}
    tile.copy %A[%i, %i] : memref<64x64xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @both(%A: memref<64x64xf32>, %i: index) kernel {
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{copies into a destination or into its result (a register tile), not both}}
    %t = tile.copy %A[%i, %i], %s : memref<64x64xf32>, !tile.smem<8x8xf32, mutable> -> tensor<8x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @tma(%A: memref<64x64xf32>, %i: index) kernel {
    // expected-error @+1 {{copies into a register tile, which every thread loads itself: TMA writes shared memory only (copy to a shared buffer first)}}
    %t = tile.copy %A[%i, %i] prefer tma : memref<64x64xf32> -> tensor<8x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @barrier(%A: memref<64x64xf32>, %i: index, %b: !mbarrier.barrier) kernel {
    // expected-error @+1 {{copies into a register tile, which is done when the copy returns: it takes no barrier}}
    %t = tile.copy %A[%i, %i] barrier %b : memref<64x64xf32> -> tensor<8x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @async(%A: memref<64x64xf32>, %i: index) kernel {
    // expected-error @+1 {{copies into a register tile, which is done when the copy returns: it cannot be `async`}}
    %t = tile.copy %A[%i, %i] async : memref<64x64xf32> -> tensor<8x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @shape(%i: index) kernel {
    %s = tile.alloc_smem : !tile.smem<8x16xf32, mutable>
    // expected-error @+1 {{copies a shared buffer ('!tile.smem<8x16xf32, mutable>') into a register tile of another shape or element type ('tensor<8x8xf32>')}}
    %t = tile.copy %s : !tile.smem<8x16xf32, mutable> -> tensor<8x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @view(%i: index) kernel {
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // expected-error @+1 {{copies the shared buffer whole: take a view (tile.smem_index, tile.smem_subslice) for part of one}}
    %t = tile.copy %s[%i, %i] : !tile.smem<8x8xf32, mutable> -> tensor<8x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @tile(%v: tensor<8x8xf32>) kernel {
    // expected-error @+1 {{copies a register tile into a register tile: use the value}}
    %t = tile.copy %v : tensor<8x8xf32> -> tensor<8x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @elements(%A: memref<64x64xf16>, %i: index) kernel {
    // expected-error @+1 {{memref elements ('f16') differ from the register tile's ('f32')}}
    %t = tile.copy %A[%i, %i] : memref<64x64xf16> -> tensor<8x8xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @extent(%A: memref<64x4xf32>, %i: index) kernel {
    // expected-error @+1 {{copies 8 elements along memref dimension 1, which has 4}}
    %t = tile.copy %A[%i, %i] : memref<64x4xf32> -> tensor<8x8xf32>
    gpu.return
  }
}

// -----

func.func @host(%A: memref<64x64xf32>, %i: index) {
  // expected-error @+1 {{is a kernel operation (in a gpu.func)}}
  %t = tile.copy %A[%i, %i] : memref<64x64xf32> -> tensor<8x8xf32>
  return
}

// -----

gpu.module @m {
  gpu.func @k(%table: !tile.ptr<!tile.ptr<f16>>) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %s = tile.alloc_smem : !tile.smem<128xi64, mutable>
    // expected-error @+1 {{not supported yet: copying a table of pointers ('!tile.ptr<f16>' elements); read one pointer at a time with the scalar tile.load}}
    tile.copy %table[%c0], %s : !tile.ptr<!tile.ptr<f16>>, !tile.smem<128xi64, mutable>
    gpu.return
  }
}
