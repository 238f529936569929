// RUN: tile-opt %s --tile-lower-copies -split-input-file -verify-diagnostics
// What tile-lower-copies refuses, each naming the rule.

// test_device_bound_descriptor_tma_is_rejected_when_ws_disabled: a 16x16
// tile of a tensor of row pitch 32 behind a pointer loaded on the device
// (src_ptrs[0]) needs a descriptor, and a descriptor the tensor's sizes,
// which a pointer does not carry.
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @device_bound(%src_ptrs: !tile.ptr<!tile.ptr<f16>>) kernel attributes {tile.num_warps = 4 : i32} {
    %c0_i64 = arith.constant 0 : i64
    %src = tile.load %src_ptrs[%c0_i64] : !tile.ptr<!tile.ptr<f16>>, i64 -> !tile.ptr<f16>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %s = tile.alloc_smem : !tile.smem<16x16xf16, mutable>
    // expected-error @+1 {{prefers TMA, but neither TMA form can copy the region: a 1-D bulk copy needs one contiguous run of global memory, but dimension 0 has stride 32 where a contiguous region has 16; and a TMA tensor copy needs a descriptor, and a descriptor the tensor's sizes and strides: a !tile.ptr has none (copy from a memref, or a view of one, whose tensor map is built on the host or written by the kernel)}}
    tile.copy %src[%c0] strides [%c32, %c1], %s prefer tma : !tile.ptr<f16>, !tile.smem<16x16xf16, mutable>
    gpu.return
  }
}

// -----

// A view bound inside a loop: its tensor map would be rewritten while
// copies through the last one may be in flight.
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @view_in_loop(%A: memref<64x64xf16>, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %s = tile.alloc_smem : !tile.smem<16x16xf16, mutable>
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.subview %A[%i, 0] [32, 32] [1, 1] : memref<64x64xf16> to memref<32x32xf16, strided<[64, 1], offset: ?>>
      // expected-error @+1 {{prefers TMA, but neither TMA form can copy the region: a 1-D bulk copy needs one contiguous run of global memory, but dimension 0 has stride 64 where a contiguous region has 16; and a TMA tensor copy of a memref bound inside the kernel needs a tensor map the kernel writes where the memref is bound, which is inside a loop here (not supported yet: a map rewritten while copies through it may be in flight); bind the memref outside the loop}}
      tile.copy %v[%c0, %c0], %s prefer tma : memref<32x32xf16, strided<[64, 1], offset: ?>>, !tile.smem<16x16xf16, mutable>
    }
    gpu.return
  }
}

// -----

// test_fp4_unpacksmem_tma_store_is_rejected: TMA unpacks FP4 on loads only.
#padded = #tile.nvmma_shared<swizzle = 128, element_bits = 4, fp4_padded = true>
gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {
  gpu.func @fp4_store(%B: memref<128x256xf4E2M1FN>, %i: index) kernel attributes {tile.num_warps = 4 : i32} {
    %s = tile.alloc_smem : !tile.smem<64x128xf4E2M1FN, #padded, mutable>
    // expected-error @+1 {{prefers TMA, but neither TMA form can copy the region: a 1-D bulk copy needs one contiguous run of global memory, but dimension 0 has stride 256 where a contiguous region has 128; and TMA unpacks FP4 on loads only: a store from an fp4_padded (unpacked) buffer cannot use a descriptor}}
    tile.copy %s, %B[%i, %i] prefer tma : !tile.smem<64x128xf4E2M1FN, #padded, mutable>, memref<128x256xf4E2M1FN>
    gpu.return
  }
}

// -----

// `async` needs a TMA store.
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @async_store(%B: memref<64x64xf16, strided<[?, ?]>>, %i: index) kernel attributes {tile.num_warps = 4 : i32} {
    %s = tile.alloc_smem : !tile.smem<16x16xf16, mutable>
    // expected-error @+1 {{is `async`, which needs a TMA store, but neither TMA form can copy the region: a 1-D bulk copy needs one contiguous run of global memory, but the stride of dimension 1 is not known statically; and a TMA tensor copy needs the memref's innermost stride to be 1 statically}}
    tile.copy %s, %B[%i, %i] async : !tile.smem<16x16xf16, mutable>, memref<64x64xf16, strided<[?, ?]>>
    gpu.return
  }
}

// -----

// A buffer of lower rank than the memref, not contiguous.
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @rank(%A: memref<4x64x64xf16>, %i: index) kernel attributes {tile.num_warps = 4 : i32} {
    %s = tile.alloc_smem : !tile.smem<16x16xf16, mutable>
    // expected-error @+1 {{prefers TMA, but neither TMA form can copy the region: a 1-D bulk copy needs one contiguous run of global memory, but dimension 1 has stride 64 where a contiguous region has 16; and a TMA tensor copy needs a buffer of the memref's rank (3), not 2 (not supported yet)}}
    tile.copy %A[%i, %i, %i], %s prefer tma : memref<4x64x64xf16>, !tile.smem<16x16xf16, mutable>
    gpu.return
  }
}

// -----

// A box the tensor-map rules refuse (more than 256 rows).
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @box(%A: memref<1024x1024xf16>, %i: index) kernel attributes {tile.num_warps = 4 : i32} {
    %s = tile.alloc_smem : !tile.smem<512x8xf16, mutable>
    // expected-error @+1 {{prefers TMA, but neither TMA form can copy the region: a 1-D bulk copy needs one contiguous run of global memory, but dimension 0 has stride 1024 where a contiguous region has 8; and the box tensor<512x8xf16> with swizzle 0 breaks a tensor-map rule: TMA box dimension 0 is 512; a box dimension must be in [1, 256]}}
    tile.copy %A[%i, %i], %s prefer tma : memref<1024x1024xf16>, !tile.smem<512x8xf16, mutable>
    gpu.return
  }
}

// -----

// The innermost stride must be 1.
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @inner(%A: memref<64x64xf16, strided<[128, 2]>>, %i: index) kernel attributes {tile.num_warps = 4 : i32} {
    %s = tile.alloc_smem : !tile.smem<16x16xf16, mutable>
    // expected-error @+1 {{prefers TMA, but neither TMA form can copy the region: a 1-D bulk copy needs one contiguous run of global memory, but dimension 1 has stride 2 where a contiguous region has 1; and a TMA tensor copy needs the memref's innermost stride to be 1 statically}}
    tile.copy %A[%i, %i], %s prefer tma : memref<64x64xf16, strided<[128, 2]>>, !tile.smem<16x16xf16, mutable>
    gpu.return
  }
}

// -----

// A view whose map would break a static rule (an offset of 3 f16
// elements: a base that is not 16-byte aligned).
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @misaligned_view(%A: memref<64x64xf16>) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %v = memref.subview %A[0, 3] [32, 32] [1, 1] : memref<64x64xf16> to memref<32x32xf16, strided<[64, 1], offset: 3>>
    %s = tile.alloc_smem : !tile.smem<16x16xf16, mutable>
    // expected-error @+1 {{prefers TMA, but neither TMA form can copy the region: a 1-D bulk copy needs one contiguous run of global memory, but dimension 0 has stride 64 where a contiguous region has 16; and the tensor map the kernel would write for this memref breaks a rule: 'tile.copy' op the memref's offset of 3 elements (6 bytes) misaligns the global address: TMA needs a 16-byte aligned base}}
    tile.copy %v[%c0, %c0], %s prefer tma : memref<32x32xf16, strided<[64, 1], offset: 3>>, !tile.smem<16x16xf16, mutable>
    gpu.return
  }
}

// -----

// A view captured into a partition of a tile.warp_specialize that is in a
// loop: its map would be written at every iteration.
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @partition_in_loop(%A: memref<64x64xf16>, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = memref.subview %A[0, 0] [32, 32] [1, 1] : memref<64x64xf16> to memref<32x32xf16, strided<[64, 1]>>
    %s = tile.alloc_smem : !tile.smem<16x16xf16, mutable>
    scf.for %i = %c0 to %n step %c1 {
      tile.warp_specialize(%v, %s) default {
        tile.warp_yield
      }
      partition0(%pv: memref<32x32xf16, strided<[64, 1]>>, %ps: !tile.smem<16x16xf16, mutable>) num_warps(1) {
        %z = arith.constant 0 : index
        // expected-error @+1 {{which is inside a loop here (not supported yet: a map rewritten while copies through it may be in flight); bind the memref outside the loop}}
        tile.copy %pv[%z, %z], %ps prefer tma : memref<32x32xf16, strided<[64, 1]>>, !tile.smem<16x16xf16, mutable>
        tile.warp_return
      } : (memref<32x32xf16, strided<[64, 1]>>, !tile.smem<16x16xf16, mutable>) -> ()
    }
    gpu.return
  }
}

// -----

// Rows wider than the swizzle span move as column windows [rows x span];
// with 4 rows (half a swizzle atom) the second window would start inside
// the first atom's XOR pattern, so no descriptor copies the buffer (without
// `prefer tma` the copy falls back to every thread's loads).
#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @short_split(%A: memref<64x256xf16>) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %s = tile.alloc_smem : !tile.smem<4x128xf16, #sw128, mutable>
    // expected-error @+1 {{and the buffer's rows are wider than the swizzle span (128 bytes), so a TMA copy would move them in column windows of 64 elements, and such a window is a buffer of the layout only in a rank-2 buffer with a multiple of 8 rows (whole swizzle atoms), not 4 rows of rank 2 (not supported yet)}}
    tile.copy %A[%c0, %c0], %s prefer tma : memref<64x256xf16>, !tile.smem<4x128xf16, #sw128, mutable>
    gpu.return
  }
}

// -----

// Neither TMA form, and the fallback through one register tile of the
// buffer's shape needs power-of-two dimensions: refused at the copy, with
// all three reasons.
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @seven(%A: memref<?xf32>) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %s = tile.alloc_smem : !tile.smem<7xf32, mutable>
    // expected-error @+1 {{'tile.copy' op not supported yet: no TMA form can copy the region (a 1-D bulk copy moves a multiple of 16 bytes below 1 MiB, not 28; and the box tensor<7xf32> with swizzle 0 breaks a tensor-map rule: the inner box dimension spans 28 bytes (7 x 'f32'); with interleave = none it must be a multiple of 16 bytes), and a copy through registers moves the buffer's 'tensor<7xf32>' as one register tile, and register tiles have power-of-two dimensions and rank 1 to 4}}
    tile.copy %s, %A[%c0] : !tile.smem<7xf32, mutable>, memref<?xf32>
    gpu.return
  }
}

// -----

// A copy into a 24 x 40 register tile: refused at the copy, by name (its
// loads, built by the pass, once carried the error as 'arith.constant').
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @odd_tile(%a: memref<?x?xf32>, %c: memref<?x?xf32>) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      // expected-error @+1 {{not supported yet: a copy into the register tile 'tensor<24x40xf32>': register tiles have rank 1 to 4 and power-of-two dimensions (dimension 0 is 24)}}
      %t = tile.copy %a[%c0, %c0] : memref<?x?xf32> -> tensor<24x40xf32>
      tile.copy %t, %c[%c0, %c0] : tensor<24x40xf32>, memref<?x?xf32>
      gpu.return
    }
  }
}
