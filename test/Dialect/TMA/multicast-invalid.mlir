// RUN: tile-opt %s -split-input-file -verify-diagnostics

// The rules of boxes split among the CTAs of a cluster (multicast = N) and
// of the multicast masks that load them.

// expected-error @+1 {{TMA multicast splits a box among the CTAs of a cluster: 1 to 16 pieces, got 32}}
func.func private @too_many(!tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 32>)

// -----

// expected-error @+1 {{TMA multicast splits a box among the CTAs of a cluster: 1 to 16 pieces, got 0}}
func.func private @zero(!tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 0>)

// -----

// expected-error @+1 {{multicast = 2 splits the rows of a rank-2, non-interleaved box; other boxes are not supported yet}}
func.func private @rank3(!tma.descriptor<tensor<2x64x64xf16>, swizzle = 128, multicast = 2>)

// -----

// expected-error @+1 {{multicast = 3 splits the box's 128 rows into equal pieces; 128 is not a multiple of 3}}
func.func private @uneven(!tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 3>)

// -----

// 16 rows of 128 bytes are 2048 bytes, but 4 rows only half a swizzle atom.
// expected-error @+1 {{multicast = 4 gives pieces of 4 rows, which start 512 bytes apart in shared memory; a swizzled piece must start a whole swizzle atom (1024 bytes) into the buffer}}
func.func private @half_atom(!tma.descriptor<tensor<16x64xf16>, swizzle = 128, multicast = 4>)

// -----

// expected-error @+1 {{multicast = 2 gives pieces of 1 rows, which start 64 bytes apart in shared memory; a piece must start 128-byte aligned (128 bytes) into the buffer}}
func.func private @unswizzled(!tma.descriptor<tensor<2x16xf32>, multicast = 2>)

// -----

// expected-error @+1 {{unknown TMA descriptor parameter 'multicasts'; expected swizzle, interleave, l2_promotion, oob_fill, fp4 or multicast}}
func.func private @misspelt(!tma.descriptor<tensor<128x64xf16>, multicasts = 2>)

// -----

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 2>
!b = !tile.smem<128x64xf16, #nvmma128, mutable>
gpu.module @m {
  gpu.func @mask_count(%d: !d, %bar: !mbarrier.barrier, %x: i32) kernel attributes {known_cluster_size = array<i32: 4, 1, 1>} {
    %buf = tile.alloc_smem : !b
    %mask = arith.constant 7 : i16
    // expected-error @+1 {{the descriptor splits its box among 2 CTAs (multicast = 2), but the multicast mask 0x7 names 3: every CTA of the mask issues one piece and receives all}}
    tma.async_load %d[%x, %x], %buf, %bar multicast %mask : !d, !b
    gpu.return
  }
}

// -----

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<128x64xf16, #nvmma128, mutable>
gpu.module @m {
  gpu.func @mask_outside_cluster(%d: !d, %bar: !mbarrier.barrier, %x: i32) kernel attributes {known_cluster_size = array<i32: 2, 1, 1>} {
    %buf = tile.alloc_smem : !b
    %mask = arith.constant 5 : i16
    // expected-error @+1 {{multicast mask 0x5 names CTA rank 2, but the kernel's clusters have 2 CTAs (known_cluster_size)}}
    tma.async_load %d[%x, %x], %buf, %bar multicast %mask : !d, !b
    gpu.return
  }
}

// -----

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<128x64xf16, #nvmma128, mutable>
gpu.module @m {
  gpu.func @empty_mask(%d: !d, %bar: !mbarrier.barrier, %x: i32) kernel {
    %buf = tile.alloc_smem : !b
    %mask = arith.constant 0 : i16
    // expected-error @+1 {{multicast mask 0 names no CTA}}
    tma.async_load %d[%x, %x], %buf, %bar multicast %mask : !d, !b
    gpu.return
  }
}

// -----

// A split box still lands in a buffer of its own shape.
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 2>
gpu.module @m {
  gpu.func @other_shape(%d: !d, %bar: !mbarrier.barrier, %x: i32) kernel {
    %buf = tile.alloc_smem : !tile.smem<256x64xf16, #nvmma128, mutable>
    // expected-error @+1 {{destination shared buffer [256, 64] differs from the box [128, 64], which is copied in 2 pieces (split among the CTAs of a cluster): a split box into a buffer of another shape is not supported yet}}
    tma.async_load %d[%x, %x], %buf, %bar : !d, !tile.smem<256x64xf16, #nvmma128, mutable>
    gpu.return
  }
}

