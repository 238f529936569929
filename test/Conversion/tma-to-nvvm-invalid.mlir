// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(tile-expand-synchronization, convert-tma-to-nvvm))' -o /dev/null
// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(tile-expand-synchronization, convert-scf-to-cf, convert-tile-kernels-to-nvvm))' -o /dev/null

// A TMA store or reduction must start its box 16-byte aligned in global
// memory: a constant innermost coordinate that does not is rejected with
// the rule and the numbers (the copy would fault on the GPU). The outer
// coordinates do not matter (rows are 16-byte multiples).

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<8x64xf16>, swizzle = 128>, %row: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %buf = tile.alloc_smem : !tile.smem<8x64xf16, #sw, mutable>
    %c197 = arith.constant 197 : i32
    // expected-error @+1 {{'tma.async_store' op innermost coordinate 197 starts the box 10 bytes past a 16-byte boundary; tma.async_store needs its box to start 16-byte aligned in global memory: the innermost coordinate must be a multiple of 8 (f16 elements of 16 bits) (it would fault with CUDA_ERROR_ILLEGAL_INSTRUCTION)}}
    tma.async_store %buf, %d[%row, %c197] : !tile.smem<8x64xf16, #sw, mutable>, !tma.descriptor<tensor<8x64xf16>, swizzle = 128>
    gpu.return
  }
}

// -----

// Negative coordinates count the same way: -3 f32 elements is 4 bytes past
// the boundary at -16 bytes.
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<8x32xf32>>, %row: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %buf = tile.alloc_smem : !tile.smem<8x32xf32, mutable>
    %cm3 = arith.constant -3 : i32
    // expected-error @+1 {{'tma.async_reduce' op innermost coordinate -3 starts the box 4 bytes past a 16-byte boundary; tma.async_reduce needs its box to start 16-byte aligned in global memory: the innermost coordinate must be a multiple of 4 (f32 elements of 32 bits)}}
    tma.async_reduce add %buf, %d[%row, %cm3] : !tile.smem<8x32xf32, mutable>, !tma.descriptor<tensor<8x32xf32>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<8x64xf16>, swizzle = 128>, %bar: !mbarrier.barrier) kernel attributes {tile.num_warps = 1 : i32} {
    %buf = tile.alloc_smem : !tile.smem<8x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    %c3 = arith.constant 3 : i32
    // expected-error @+1 {{'tma.async_load' op innermost coordinate 3 starts the box 6 bytes past a 16-byte boundary; tma.async_load needs its box to start 16-byte aligned in global memory: the innermost coordinate must be a multiple of 8 (f16 elements of 16 bits)}}
    tma.async_load %d[%c3, %c3], %buf, %bar : !tma.descriptor<tensor<8x64xf16>, swizzle = 128>, !tile.smem<8x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

// Aligned constants (negative ones for loads), any outer coordinate and the
// probes' tma.unchecked_alignment are accepted; a load needs the aligned
// start too (the H200 probe: unaligned loads fault like stores).
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<8x64xf16>, swizzle = 128>, %bar: !mbarrier.barrier) kernel attributes {tile.num_warps = 1 : i32} {
    %buf = tile.alloc_smem : !tile.smem<8x64xf16, #sw, mutable>
    %c3 = arith.constant 3 : i32
    %c192 = arith.constant 192 : i32
    %cm8 = arith.constant -8 : i32
    tma.async_store %buf, %d[%c3, %c192] : !tile.smem<8x64xf16, #sw, mutable>, !tma.descriptor<tensor<8x64xf16>, swizzle = 128>
    tma.async_load %d[%cm8, %cm8], %buf, %bar : !tma.descriptor<tensor<8x64xf16>, swizzle = 128>, !tile.smem<8x64xf16, #sw, mutable>
    tma.async_store %buf, %d[%c3, %c3] {tma.unchecked_alignment} : !tile.smem<8x64xf16, #sw, mutable>, !tma.descriptor<tensor<8x64xf16>, swizzle = 128>
    tma.async_load %d[%c3, %c192], %buf, %bar : !tma.descriptor<tensor<8x64xf16>, swizzle = 128>, !tile.smem<8x64xf16, #sw, mutable>
    tma.async_load %d[%c3, %c3], %buf, %bar {tma.unchecked_alignment} : !tma.descriptor<tensor<8x64xf16>, swizzle = 128>, !tile.smem<8x64xf16, #sw, mutable>
    tma.store_commit
    tma.store_wait pending = 0
    gpu.return
  }
}

// -----

// A swizzling copy into a buffer without a layout verifies (the buffer's
// layout is for tile-legalize-layouts to choose), but cannot be lowered
// as it is: read row-major, the swizzled box would be garbage.
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, %buf: !tile.smem<128x64xf16, mutable>, %bar: !mbarrier.barrier, %x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : i32
    // expected-error @+1 {{'tma.async_load' op copies through a descriptor that swizzles 128 bytes into a shared buffer without a layout: run tile-legalize-layouts (the default pipeline does) or give it #tile.nvmma_shared<swizzle = 128, element_bits = 16>}}
    tma.async_load %d[%x, %c0], %buf, %bar : !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, !tile.smem<128x64xf16, mutable>
    gpu.return
  }
}

// -----

// A store at a negative coordinate faults even when aligned (the H200 probe:
// every store-side copy with a negative coordinate did).
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<8x64xf16>, swizzle = 128>) kernel attributes {tile.num_warps = 1 : i32} {
    %buf = tile.alloc_smem : !tile.smem<8x64xf16, #sw, mutable>
    %c0 = arith.constant 0 : i32
    %cm8 = arith.constant -8 : i32
    // expected-error @+1 {{'tma.async_store' op coordinate 0 is -8; TMA stores and reductions need every coordinate to be at least 0 (the hardware faults with CUDA_ERROR_ILLEGAL_INSTRUCTION otherwise)}}
    tma.async_store %buf, %d[%cm8, %c0] : !tile.smem<8x64xf16, #sw, mutable>, !tma.descriptor<tensor<8x64xf16>, swizzle = 128>
    tma.store_commit
    tma.store_wait pending = 0
    gpu.return
  }
}
