// RUN: tile-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Descriptor types (rules of cuTensorMapEncodeTiled)
//===----------------------------------------------------------------------===//

func.func @box_dim_too_large(%m: memref<16x300xf16>) {
  // expected-error @+1 {{TMA box dimension 1 is 300; a box dimension must be in [1, 256]}}
  %d = tma.make_descriptor %m : memref<16x300xf16> -> !tma.descriptor<tensor<16x300xf16>>
  return
}

// -----

func.func @box_dim_zero(%m: memref<16x64xf16>) {
  // expected-error @+1 {{TMA box dimension 0 is 0; a box dimension must be in [1, 256]}}
  %d = tma.make_descriptor %m : memref<16x64xf16> -> !tma.descriptor<tensor<0x64xf16>>
  return
}

// -----

func.func @box_dim_dynamic(%m: memref<16x64xf16>) {
  // expected-error @+1 {{TMA box dimension 0 is dynamic; box dimensions are static}}
  %d = tma.make_descriptor %m : memref<16x64xf16> -> !tma.descriptor<tensor<?x64xf16>>
  return
}

// -----

func.func @box_rank_6(%m: memref<2x2x2x2x2x16xf16>) {
  // expected-error @+1 {{a TMA box has rank 1 to 5, got 6}}
  %d = tma.make_descriptor %m : memref<2x2x2x2x2x16xf16> -> !tma.descriptor<tensor<2x2x2x2x2x16xf16>>
  return
}

// -----

func.func @box_rank_0(%m: memref<16xf16>) {
  // expected-error @+1 {{a TMA box has rank 1 to 5, got 0}}
  %d = tma.make_descriptor %m : memref<16xf16> -> !tma.descriptor<tensor<f16>>
  return
}

// -----

func.func @box_not_a_tensor(%m: memref<16xf16>) {
  // expected-error @+1 {{the box of a TMA descriptor is a ranked tensor type such as tensor<128x64xf16>, got 'memref<16xf16>'}}
  %d = tma.make_descriptor %m : memref<16xf16> -> !tma.descriptor<memref<16xf16>>
  return
}

// -----

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
func.func @box_with_encoding(%m: memref<64x64xf16>) {
  // expected-error @+1 {{the box of a TMA descriptor is a plain tensor type; drop its encoding}}
  %d = tma.make_descriptor %m : memref<64x64xf16> -> !tma.descriptor<tensor<64x64xf16, #blocked>>
  return
}

// -----

func.func @bad_swizzle(%m: memref<64x64xf16>) {
  // expected-error @+1 {{TMA swizzle must be 0, 32, 64 or 128 bytes, got 48}}
  %d = tma.make_descriptor %m : memref<64x64xf16> -> !tma.descriptor<tensor<64x16xf16>, swizzle = 48>
  return
}

// -----

// Rows wider than the swizzle span are split into copies one span wide
// (ops.mlir), so they must be a multiple of it.
func.func @inner_over_swizzle_span(%m: memref<256x256xf16>) {
  // expected-error @+1 {{the inner box dimension spans 192 bytes of shared memory (96 x 'f16'), more than swizzle = 128 covers and not a multiple of it, so it cannot be split into copies 128 bytes wide: use a multiple of 64 elements, a larger swizzle or a narrower box}}
  %d = tma.make_descriptor %m : memref<256x256xf16> -> !tma.descriptor<tensor<64x96xf16>, swizzle = 128>
  return
}

// -----

// Each piece of a split box must start a whole swizzle atom (8 rows of the
// span) into the buffer: with 1 row, the second piece would start 128
// bytes in, inside the first atom's XOR pattern.
func.func @split_box_short_rows(%m: memref<256x256xf16>) {
  // expected-error @+1 {{the inner box dimension spans 256 bytes of shared memory, more than swizzle = 128 covers, so it is copied as pieces 128 bytes wide of 1 row each; a piece must start a whole swizzle atom (8 rows, 1024 bytes) into the buffer, so the box needs a multiple of 8 rows (dimension 0)}}
  %d = tma.make_descriptor %m : memref<256x256xf16> -> !tma.descriptor<tensor<1x128xf16>, swizzle = 128>
  return
}

// -----

func.func @split_box_rank3(%m: memref<4x64x256xf16>) {
  // expected-error @+1 {{so it is copied as pieces 64 bytes wide of 12 rows each; a piece must start a whole swizzle atom (8 rows, 512 bytes) into the buffer, so the box needs a multiple of 8 rows (dimension 1)}}
  %d = tma.make_descriptor %m : memref<4x64x256xf16> -> !tma.descriptor<tensor<2x12x64xf16>, swizzle = 64>
  return
}

// -----

func.func @split_box_rank1(%m: memref<256xf16>) {
  // expected-error @+1 {{so it is copied as pieces 32 bytes wide of 1 row each; a piece must start a whole swizzle atom (8 rows, 256 bytes) into the buffer, so a rank-1 box (one row) must fit the span}}
  %d = tma.make_descriptor %m : memref<256xf16> -> !tma.descriptor<tensor<64xf16>, swizzle = 32>
  return
}

// -----

func.func @inner_over_swizzle_span_32(%m: memref<256x256xf32>) {
  // expected-error @+1 {{the inner box dimension spans 48 bytes of shared memory (12 x 'f32'), more than swizzle = 32 covers and not a multiple of it}}
  %d = tma.make_descriptor %m : memref<256x256xf32> -> !tma.descriptor<tensor<64x12xf32>, swizzle = 32>
  return
}

// -----

func.func @inner_not_multiple_of_16(%m: memref<256x256xf16>) {
  // expected-error @+1 {{the inner box dimension spans 24 bytes (12 x 'f16'); with interleave = none it must be a multiple of 16 bytes}}
  %d = tma.make_descriptor %m : memref<256x256xf16> -> !tma.descriptor<tensor<64x12xf16>>
  return
}

// -----

func.func @packed_fp4_inner_not_multiple_of_16(%m: memref<256x256xi8>) {
  // expected-error @+1 {{the inner box dimension spans 8 bytes (16 x 'f4E2M1FN'); with interleave = none it must be a multiple of 16 bytes}}
  %d = tma.make_descriptor %m : memref<256x256xi8> -> !tma.descriptor<tensor<64x16xf4E2M1FN>, fp4 = packed>
  return
}

// -----

func.func @fp4_without_mode(%m: memref<256x256xi8>) {
  // expected-error @+1 {{f4E2M1FN elements need fp4 = packed (16U4_ALIGN8B) or fp4 = unpacked (16U4_ALIGN16B)}}
  %d = tma.make_descriptor %m : memref<256x256xi8> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64>
  return
}

// -----

func.func @fp4_mode_without_fp4(%m: memref<256x256xf16>) {
  // expected-error @+1 {{fp4 = packed needs f4E2M1FN elements, got 'f16'}}
  %d = tma.make_descriptor %m : memref<256x256xf16> -> !tma.descriptor<tensor<64x64xf16>, swizzle = 128, fp4 = packed>
  return
}

// -----

func.func @unsupported_element(%m: memref<256x256xi1>) {
  // expected-error @+1 {{TMA cannot copy 'i1' elements; supported: i8, i16, i32, i64, f16, bf16, f32, f64, f8E4M3FN, f8E5M2 and f4E2M1FN (with fp4 = packed or unpacked)}}
  %d = tma.make_descriptor %m : memref<256x256xi1> -> !tma.descriptor<tensor<64x128xi1>>
  return
}

// -----

func.func @unsupported_index(%m: memref<256x256xindex>) {
  // expected-error @+1 {{TMA cannot copy 'index' elements}}
  %d = tma.make_descriptor %m : memref<256x256xindex> -> !tma.descriptor<tensor<64x16xindex>>
  return
}

// -----

func.func @unpacked_fp4_inner_128(%m: memref<256x256xi8>) {
  // expected-error @+1 {{an unpacked FP4 (16U4_ALIGN16B) box must have an inner dimension of 128 elements, got 64}}
  %d = tma.make_descriptor %m : memref<256x256xi8> -> !tma.descriptor<tensor<64x64xf4E2M1FN>, fp4 = unpacked>
  return
}

// -----

func.func @unpacked_fp4_swizzle(%m: memref<256x256xi8>) {
  // expected-error @+1 {{unpacked FP4 (16U4_ALIGN16B) supports only swizzle 0 or 128, got 64}}
  %d = tma.make_descriptor %m : memref<256x256xi8> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = unpacked>
  return
}

// -----

func.func @interleave_rank(%m: memref<256x256xf16>) {
  // expected-error @+1 {{interleave = i16b needs a box of rank 3 to 5, got rank 2}}
  %d = tma.make_descriptor %m : memref<256x256xf16> -> !tma.descriptor<tensor<64x64xf16>, interleave = i16b>
  return
}

// -----

func.func @interleave_32_swizzle(%m: memref<4x256x256xf16>) {
  // expected-error @+1 {{interleave = i32b requires swizzle = 32, got 128}}
  %d = tma.make_descriptor %m : memref<4x256x256xf16> -> !tma.descriptor<tensor<4x64x16xf16>, interleave = i32b, swizzle = 128>
  return
}

// -----

func.func @nan_fill_integer(%m: memref<256x256xi32>) {
  // expected-error @+1 {{oob_fill = nan needs 16-, 32- or 64-bit floating point elements, got 'i32'}}
  %d = tma.make_descriptor %m : memref<256x256xi32> -> !tma.descriptor<tensor<64x16xi32>, oob_fill = nan>
  return
}

// -----

func.func @nan_fill_fp4(%m: memref<256x256xi8>) {
  // expected-error @+1 {{oob_fill = nan needs 16-, 32- or 64-bit floating point elements, got 'f4E2M1FN' as packed FP4 (16U4_ALIGN8B)}}
  %d = tma.make_descriptor %m : memref<256x256xi8> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed, oob_fill = nan>
  return
}

// -----

func.func @box_over_shared_memory(%m: memref<4x256x256xf32>) {
  // expected-error @+1 {{a TMA box of 1048576 bytes does not fit in shared memory (at most 232448 bytes per CTA)}}
  %d = tma.make_descriptor %m : memref<4x256x256xf32> -> !tma.descriptor<tensor<4x256x256xf32>>
  return
}

// -----

func.func @unknown_parameter(%m: memref<256x256xf16>) {
  // expected-error @+1 {{unknown TMA descriptor parameter 'swizzel'; expected swizzle, interleave, l2_promotion, oob_fill, fp4 or multicast}}
  %d = tma.make_descriptor %m : memref<256x256xf16> -> !tma.descriptor<tensor<64x64xf16>, swizzel = 128>
  return
}

// -----

func.func @unknown_l2(%m: memref<256x256xf16>) {
  // expected-error @+1 {{unknown l2_promotion 'l2_512b'; expected none, l2_64b, l2_128b or l2_256b}}
  %d = tma.make_descriptor %m : memref<256x256xf16> -> !tma.descriptor<tensor<64x64xf16>, l2_promotion = l2_512b>
  return
}

// -----

func.func @duplicate_parameter(%m: memref<256x256xf16>) {
  // expected-error @+1 {{TMA descriptor parameter 'swizzle' is given twice}}
  %d = tma.make_descriptor %m : memref<256x256xf16> -> !tma.descriptor<tensor<64x64xf16>, swizzle = 128, swizzle = 128>
  return
}

//===----------------------------------------------------------------------===//
// tma.make_descriptor
//===----------------------------------------------------------------------===//

// -----

gpu.module @m {
  gpu.func @k(%m: memref<1024x1024xf16>) kernel {
    // expected-error @+1 {{'tma.make_descriptor' op a TMA descriptor bound inside the device function body is not supported: create it on the host with tma.make_descriptor and pass it as a kernel argument, or on the device with tma.create_descriptor}}
    %d = tma.make_descriptor %m : memref<1024x1024xf16> -> !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    gpu.return
  }
}

// -----

func.func @rank_mismatch(%m: memref<4x1024x1024xf16>) {
  // expected-error @+1 {{memref rank 3 differs from the box rank 2: the descriptor needs one box dimension per tensor dimension}}
  %d = tma.make_descriptor %m : memref<4x1024x1024xf16> -> !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
  return
}

// -----

func.func @element_mismatch(%m: memref<1024x1024xf32>) {
  // expected-error @+1 {{memref elements ('f32') differ from the box elements ('f16')}}
  %d = tma.make_descriptor %m : memref<1024x1024xf32> -> !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
  return
}

// -----

func.func @fp4_from_f16(%m: memref<1024x1024xf16>) {
  // expected-error @+1 {{an FP4 descriptor reads a memref of f4E2M1FN or of i8 (two values per byte), got 'f16'}}
  %d = tma.make_descriptor %m : memref<1024x1024xf16> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>
  return
}

// -----

func.func @stride_not_multiple_of_16(%m: memref<64x100xf16>) {
  // expected-error @+1 {{global stride of dimension 0 is 200 bytes (100 x 'f16'); TMA global strides must be a multiple of 16 bytes}}
  %d = tma.make_descriptor %m : memref<64x100xf16> -> !tma.descriptor<tensor<64x32xf16>>
  return
}

// -----

func.func @padded_stride_not_multiple_of_16(%m: memref<64x64xf32, strided<[66, 1]>>) {
  // expected-error @+1 {{global stride of dimension 0 is 264 bytes (66 x 'f32'); TMA global strides must be a multiple of 16 bytes}}
  %d = tma.make_descriptor %m : memref<64x64xf32, strided<[66, 1]>> -> !tma.descriptor<tensor<64x32xf32>>
  return
}

// -----

func.func @outer_stride_3d(%m: memref<3x64x64xf16, strided<[4100, 64, 1]>>) {
  // expected-error @+1 {{global stride of dimension 0 is 8200 bytes (4100 x 'f16'); TMA global strides must be a multiple of 16 bytes}}
  %d = tma.make_descriptor %m : memref<3x64x64xf16, strided<[4100, 64, 1]>> -> !tma.descriptor<tensor<1x64x64xf16>>
  return
}

// -----

func.func @unpacked_fp4_stride_32(%m: memref<256x128xf4E2M1FN, strided<[416, 1]>>) {
  // expected-error @+1 {{global stride of dimension 0 is 208 bytes (416 x 'f4E2M1FN'); TMA global strides must be a multiple of 32 bytes (unpacked FP4, 16U4_ALIGN16B)}}
  %d = tma.make_descriptor %m : memref<256x128xf4E2M1FN, strided<[416, 1]>> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, fp4 = unpacked>
  return
}

// -----

func.func @unpacked_fp4_global_inner(%m: memref<256x80xi8>) {
  // expected-error @+1 {{the innermost global dimension is 160 values; unpacked FP4 (16U4_ALIGN16B) needs a multiple of 128}}
  %d = tma.make_descriptor %m : memref<256x80xi8> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, fp4 = unpacked>
  return
}

// -----

func.func @unpacked_fp4_global_inner_odd(%m: memref<256x200xf4E2M1FN>) {
  // expected-error @+1 {{the innermost global dimension is 200 values; unpacked FP4 (16U4_ALIGN16B) needs a multiple of 128}}
  %d = tma.make_descriptor %m : memref<256x200xf4E2M1FN> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, fp4 = unpacked>
  return
}

// -----

func.func @non_unit_inner_stride(%m: memref<64x64xf16, strided<[128, 2]>>) {
  // expected-error @+1 {{the innermost dimension must be contiguous (stride 1), got stride 2: TMA has no element stride in global memory}}
  %d = tma.make_descriptor %m : memref<64x64xf16, strided<[128, 2]>> -> !tma.descriptor<tensor<64x32xf16>>
  return
}

// -----

func.func @stride_too_large(%m: memref<4x64xf16, strided<[1099511627776, 1]>>) {
  // expected-error @+1 {{global stride of dimension 0 is 1099511627776 elements of 'f16'; TMA global strides must be positive and less than 2^40 bytes}}
  %d = tma.make_descriptor %m : memref<4x64xf16, strided<[1099511627776, 1]>> -> !tma.descriptor<tensor<4x64xf16>>
  return
}

// -----

func.func @misaligned_offset(%m: memref<64x64xf16, strided<[64, 1], offset: 3>>) {
  // expected-error @+1 {{the memref's offset of 3 elements (6 bytes) misaligns the global address: TMA needs a 16-byte aligned base}}
  %d = tma.make_descriptor %m : memref<64x64xf16, strided<[64, 1], offset: 3>> -> !tma.descriptor<tensor<64x32xf16>>
  return
}

// -----

func.func @empty_dimension(%m: memref<0x64xf16>) {
  // expected-error @+1 {{global dimension 0 is 0; TMA global dimensions must be in [1, 2^32]}}
  %d = tma.make_descriptor %m : memref<0x64xf16> -> !tma.descriptor<tensor<64x32xf16>>
  return
}

// -----

func.func @not_strided(%m: memref<64x64xf16, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>>) {
  // expected-error @+1 {{a TMA descriptor needs a strided memref (identity or strided<[...]> layout)}}
  %d = tma.make_descriptor %m : memref<64x64xf16, affine_map<(d0, d1) -> (d0 floordiv 2, d1)>> -> !tma.descriptor<tensor<64x32xf16>>
  return
}

// -----

func.func @shared_memref(%m: memref<64x64xf16, #gpu.address_space<workgroup>>) {
  // expected-error @+1 {{TMA descriptors address global memory, not #gpu.address_space<workgroup>}}
  %d = tma.make_descriptor %m : memref<64x64xf16, #gpu.address_space<workgroup>> -> !tma.descriptor<tensor<64x32xf16>>
  return
}

//===----------------------------------------------------------------------===//
// tma.async_load
//===----------------------------------------------------------------------===//

// -----

func.func @load_on_host(%d: !tma.descriptor<tensor<128x64xf16>>, %buf: !tile.smem<128x64xf16, mutable>, %bar: !mbarrier.barrier, %x: i32) {
  // expected-error @+1 {{'tma.async_load' op must be inside device code (a gpu.module or gpu.func)}}
  tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<128x64xf16>>, !tile.smem<128x64xf16, mutable>
  return
}

// -----

gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<128x64xf16>>, %buf: !tile.smem<128x64xf16, mutable>, %bar: !mbarrier.barrier, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_load' op expects 2 coordinates (one per box dimension), got 1}}
    tma.async_load %d[%x], %buf, %bar : !tma.descriptor<tensor<128x64xf16>>, !tile.smem<128x64xf16, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-note @+1 {{prior use here}}
  gpu.func @k(%d: !tma.descriptor<tensor<128x64xf16>>, %buf: !tile.smem<128x64xf16, mutable>, %bar: !mbarrier.barrier, %x: i64) kernel {
    // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i32' vs 'i64'}}
    tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<128x64xf16>>, !tile.smem<128x64xf16, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<128x64xf16>>, %buf: !tile.smem<128x64xf16>, %bar: !mbarrier.barrier, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_load' op destination shared buffer must be mutable}}
    tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<128x64xf16>>, !tile.smem<128x64xf16>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<128x64xf16>>, %buf: !tile.smem<128x64xbf16, mutable>, %bar: !mbarrier.barrier, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_load' op destination shared buffer holds 'bf16' but the descriptor's box holds 'f16'}}
    tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<128x64xf16>>, !tile.smem<128x64xbf16, mutable>
    gpu.return
  }
}

// -----

#nvmma = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, %buf: !tile.smem<64x64xf16, #nvmma, mutable>, %bar: !mbarrier.barrier, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_load' op destination shared buffer of 8192 bytes is too small for the 16384-byte box}}
    tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, !tile.smem<64x64xf16, #nvmma, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x32xf32>>, %buf: !tile.smem<128x16xf32, mutable>, %bar: !mbarrier.barrier, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_load' op destination shared buffer [128, 16] and box [64, 32] differ in their innermost dimension: TMA writes the box row by row, so rows must have the same length}}
    tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<64x32xf32>>, !tile.smem<128x16xf32, mutable>
    gpu.return
  }
}

// -----

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, %buf: !tile.smem<128x64xf16, #nvmma64, mutable>, %bar: !mbarrier.barrier, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_load' op destination layout swizzles 64 bytes but the descriptor swizzles 128 bytes}}
    tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, !tile.smem<128x64xf16, #nvmma64, mutable>
    gpu.return
  }
}


// -----

#nvmmat = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x128xf16>>, %buf: !tile.smem<64x128xf16, #nvmmat, mutable>, %bar: !mbarrier.barrier, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_load' op TMA lays boxes out row-major (last dimension contiguous), NVMMA-swizzled or not; the destination layout #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true> is neither}}
    tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<64x128xf16>>, !tile.smem<64x128xf16, #nvmmat, mutable>
    gpu.return
  }
}

// -----

#sw = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x64xf16>>, %buf: !tile.smem<64x64xf16, #sw, mutable>, %bar: !mbarrier.barrier, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_load' op TMA lays boxes out row-major (last dimension contiguous), NVMMA-swizzled or not; the destination layout #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]> is neither}}
    tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<64x64xf16>>, !tile.smem<64x64xf16, #sw, mutable>
    gpu.return
  }
}

// -----

#packed = #tile.nvmma_shared<swizzle = 64, element_bits = 4>
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>, %buf: !tile.smem<64x128xf4E2M1FN, #packed, mutable>, %bar: !mbarrier.barrier, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_load' op an unpacked FP4 descriptor (16U4_ALIGN16B) keeps one element per byte in shared memory: the destination needs an NVMMA layout with fp4_padded = true}}
    tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>, !tile.smem<64x128xf4E2M1FN, #packed, mutable>
    gpu.return
  }
}

// -----

#padded = #tile.nvmma_shared<swizzle = 128, element_bits = 4, fp4_padded = true>
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>, %buf: !tile.smem<64x128xf4E2M1FN, #padded, mutable>, %bar: !mbarrier.barrier, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_load' op a packed FP4 descriptor (16U4_ALIGN8B) keeps two elements per byte in shared memory: the destination must not be fp4_padded}}
    tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>, !tile.smem<64x128xf4E2M1FN, #padded, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x64xf16>>, %buf: !tile.smem<64x64xf16, mutable>, %bar: !mbarrier.barrier, %x: i32) kernel {
    // expected-error @+1 {{unknown scope 'block'; expected thread, warp, warpgroup or cta}}
    tma.async_load %d[%x, %x], %buf, %bar scope = block : !tma.descriptor<tensor<64x64xf16>>, !tile.smem<64x64xf16, mutable>
    gpu.return
  }
}

//===----------------------------------------------------------------------===//
// tma.async_store / tma.async_reduce
//===----------------------------------------------------------------------===//

// -----

#padded = #tile.nvmma_shared<swizzle = 128, element_bits = 4, fp4_padded = true>
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>, %buf: !tile.smem<64x128xf4E2M1FN, #padded>, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_store' op TMA stores support only packed FP4: an unpacked (16U4_ALIGN16B) FP4 buffer can only be loaded}}
    tma.async_store %buf, %d[%x, %x] : !tile.smem<64x128xf4E2M1FN, #padded>, !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x32xf32>>, %buf: !tile.smem<64x32xf32>, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_store' op expects 2 coordinates (one per box dimension), got 3}}
    tma.async_store %buf, %d[%x, %x, %x] : !tile.smem<64x32xf32>, !tma.descriptor<tensor<64x32xf32>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x32xf32>>, %buf: !tile.smem<32x32xf32>, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_store' op source shared buffer of 4096 bytes is too small for the 8192-byte box}}
    tma.async_store %buf, %d[%x, %x] : !tile.smem<32x32xf32>, !tma.descriptor<tensor<64x32xf32>>
    gpu.return
  }
}

// -----

func.func @store_on_host(%d: !tma.descriptor<tensor<64x32xf32>>, %buf: !tile.smem<64x32xf32>, %x: i32) {
  // expected-error @+1 {{'tma.async_store' op must be inside device code (a gpu.module or gpu.func)}}
  tma.async_store %buf, %d[%x, %x] : !tile.smem<64x32xf32>, !tma.descriptor<tensor<64x32xf32>>
  return
}

// -----

gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x32xf32>>, %buf: !tile.smem<64x32xf32>, %x: i32) kernel {
    // expected-error @+1 {{'tma.async_reduce' op TMA reduction 'min' does not support 'f32' elements; add takes i32, i64, f16, bf16 or f32, min and max take i32, i64, f16 or bf16}}
    tma.async_reduce min %buf, %d[%x, %x] : !tile.smem<64x32xf32>, !tma.descriptor<tensor<64x32xf32>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x32xf32>>, %buf: !tile.smem<64x32xf32>, %x: i32) kernel {
    // expected-error @+1 {{custom op 'tma.async_reduce' expected string or keyword containing one of the following enum values for attribute 'kind' [add, min, max]}}
    tma.async_reduce mul %buf, %d[%x, %x] : !tile.smem<64x32xf32>, !tma.descriptor<tensor<64x32xf32>>
    gpu.return
  }
}

//===----------------------------------------------------------------------===//
// Bulk groups, prefetch
//===----------------------------------------------------------------------===//

// -----

gpu.module @m {
  gpu.func @k() kernel {
    // expected-error @+1 {{'tma.store_wait' op pending must be >= 0 (the number of bulk groups left in flight), got -1}}
    tma.store_wait pending = -1
    gpu.return
  }
}

// -----

func.func @commit_on_host() {
  // expected-error @+1 {{'tma.store_commit' op must be inside device code (a gpu.module or gpu.func)}}
  tma.store_commit
  return
}

// -----

func.func @prefetch_on_host(%d: !tma.descriptor<tensor<64x32xf32>>) {
  // expected-error @+1 {{'tma.prefetch_descriptor' op must be inside device code (a gpu.module or gpu.func)}}
  tma.prefetch_descriptor %d : !tma.descriptor<tensor<64x32xf32>>
  return
}

//===----------------------------------------------------------------------===//
// tma.bulk_load / tma.bulk_store
//===----------------------------------------------------------------------===//

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f32>, %buf: !tile.smem<3xf32, mutable>, %bar: !mbarrier.barrier, %o: i32) kernel {
    // expected-error @+1 {{'tma.bulk_load' op bulk copies move a multiple of 16 bytes; the shared buffer holds 12 bytes}}
    tma.bulk_load %p[%o], %buf, %bar : !tile.ptr<f32>, i32, !tile.smem<3xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %buf: !tile.smem<3x5xf16>, %o: i64) kernel {
    // expected-error @+1 {{'tma.bulk_store' op bulk copies move a multiple of 16 bytes; the shared buffer holds 30 bytes}}
    tma.bulk_store %buf, %p[%o] : !tile.smem<3x5xf16>, !tile.ptr<f16>, i64
    gpu.return
  }
}

// -----

#nvmma = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %buf: !tile.smem<64x64xf16, #nvmma, mutable>, %bar: !mbarrier.barrier, %o: i32) kernel {
    // expected-error @+1 {{'tma.bulk_load' op bulk copies move bytes linearly: the shared buffer cannot have a swizzled layout, got #tile.nvmma_shared<swizzle = 128, element_bits = 16>}}
    tma.bulk_load %p[%o], %buf, %bar : !tile.ptr<f16>, i32, !tile.smem<64x64xf16, #nvmma, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f16>, %buf: !tile.smem<256xf32, mutable>, %bar: !mbarrier.barrier, %o: i32) kernel {
    // expected-error @+1 {{'tma.bulk_load' op the global pointer points to 'f16' but the shared buffer holds 'f32'}}
    tma.bulk_load %p[%o], %buf, %bar : !tile.ptr<f16>, i32, !tile.smem<256xf32, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f32>, %buf: !tile.smem<256xf32>, %bar: !mbarrier.barrier, %o: i32) kernel {
    // expected-error @+1 {{'tma.bulk_load' op destination shared buffer must be mutable}}
    tma.bulk_load %p[%o], %buf, %bar : !tile.ptr<f32>, i32, !tile.smem<256xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f32>, %buf: !tile.smem<256xf32>) kernel {
    %c3 = arith.constant 3 : i64
    // expected-error @+1 {{'tma.bulk_store' op element offset 3 of 'f32' leaves the global address misaligned: bulk copies need 16-byte aligned addresses}}
    tma.bulk_store %buf, %p[%c3] : !tile.smem<256xf32>, !tile.ptr<f32>, i64
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f32>, %buf: !tile.smem<256xf32>, %o: i16) kernel {
    // expected-error @+1 {{'tma.bulk_store' op operand #2 must be 32-bit signless integer or 64-bit signless integer, but got 'i16'}}
    tma.bulk_store %buf, %p[%o] : !tile.smem<256xf32>, !tile.ptr<f32>, i16
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f32>, %buf: !tile.smem<262144xf32>, %o: i64) kernel {
    // expected-error @+1 {{'tma.bulk_store' op bulk copies move fewer than 2^20 bytes (the mbarrier transaction counter); the shared buffer holds 1048576 bytes}}
    tma.bulk_store %buf, %p[%o] : !tile.smem<262144xf32>, !tile.ptr<f32>, i64
    gpu.return
  }
}

// -----

#padded = #tile.nvmma_shared<swizzle = 0, element_bits = 4, fp4_padded = true>
gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f4E2M1FN>, %buf: !tile.smem<64x128xf4E2M1FN, #padded, mutable>, %bar: !mbarrier.barrier, %o: i64) kernel {
    // expected-error @+1 {{'tma.bulk_load' op bulk copies move bytes unchanged: an fp4_padded buffer (one 4-bit value per byte) has no packed global counterpart}}
    tma.bulk_load %p[%o], %buf, %bar : !tile.ptr<f4E2M1FN>, i64, !tile.smem<64x128xf4E2M1FN, #padded, mutable>
    gpu.return
  }
}

// -----

func.func @bulk_on_host(%p: !tile.ptr<f32>, %buf: !tile.smem<256xf32, mutable>, %bar: !mbarrier.barrier, %o: i64) {
  // expected-error @+1 {{'tma.bulk_load' op must be inside device code (a gpu.module or gpu.func)}}
  tma.bulk_load %p[%o], %buf, %bar : !tile.ptr<f32>, i64, !tile.smem<256xf32, mutable>
  return
}

// -----

// A box wider than its swizzle span is copied in pieces placed by the
// buffer's layout; only a buffer of the box's own shape is supported yet.
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @k(%d: !tma.descriptor<tensor<64x256xf16>, swizzle = 128>, %buf: !tile.smem<128x256xf16, #sw, mutable>, %bar: !mbarrier.barrier, %r: i32) kernel {
    // expected-error @+1 {{'tma.async_load' op destination shared buffer [128, 256] differs from the box [64, 256], which is copied in 4 pieces (rows wider than the 128-byte swizzle): a split box into a buffer of another shape is not supported yet}}
    tma.async_load %d[%r, %r], %buf, %bar : !tma.descriptor<tensor<64x256xf16>, swizzle = 128>, !tile.smem<128x256xf16, #sw, mutable>
    gpu.return
  }
}

// -----

func.func @split_inner_too_wide(%m: memref<64x2097152xf16>) {
  // expected-error @+1 {{TMA box dimension 1 is 2097152; a swizzled inner dimension split into copies has at most 1048576 elements}}
  %d = tma.make_descriptor %m : memref<64x2097152xf16> -> !tma.descriptor<tensor<64x2097152xf16>, swizzle = 128>
  return
}

// -----

func.func @split_box_too_big(%m: memref<64x4096xf16>) {
  // expected-error @+1 {{a TMA box of 524288 bytes does not fit in shared memory (at most 232448 bytes per CTA)}}
  %d = tma.make_descriptor %m : memref<64x4096xf16> -> !tma.descriptor<tensor<64x4096xf16>, swizzle = 128>
  return
}

// -----

// A written map's rows must be whole 16-byte units: TMA stores write whole
// units, past the end of a 45 x f32 row.
func.func @written_ragged_rows(%m: memref<37x45xf32, strided<[48, 1]>>) {
  // expected-error @+1 {{a kernel writes through this tensor map (TMA store or reduction), but a row of the tensor is 45 x 'f32' = 180 bytes, not a multiple of 16: TMA stores write whole 16-byte units, so a store reaching the end of a row would also write the 12 bytes after it; make the innermost dimension a whole number of 16-byte units, or store the tile another way}}
  %d = tma.make_descriptor %m written : memref<37x45xf32, strided<[48, 1]>> -> !tma.descriptor<tensor<16x16xf32>>
  return
}

// -----

// Packed FP4 in an i8 memref: the innermost size counts bytes (9 = 72 bits).
func.func @written_ragged_fp4(%m: memref<64x9xi8, strided<[16, 1]>>) {
  // expected-error @+1 {{a row of the tensor is 9 x 'i8' = 9 bytes, not a multiple of 16: TMA stores write whole 16-byte units, so a store reaching the end of a row would also write the 7 bytes after it}}
  %d = tma.make_descriptor %m written : memref<64x9xi8, strided<[16, 1]>> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, fp4 = packed>
  return
}

//===----------------------------------------------------------------------===//
// tma.create_descriptor / tma.acquire_descriptor
//===----------------------------------------------------------------------===//

// -----

func.func @create_on_host(%ws: !tile.ptr<i8>, %m: memref<64x64xf16>, %i: index) {
  // expected-error @+1 {{'tma.create_descriptor' op}}
  %d = tma.create_descriptor %ws[%i], %m : !tile.ptr<i8>, memref<64x64xf16> -> !tma.descriptor<tensor<64x64xf16>>
  return
}

// -----

gpu.module @m {
  gpu.func @l2(%ws: !tile.ptr<i8>, %m: memref<64x64xf16>, %i: index) kernel {
    // expected-error @+1 {{'tma.create_descriptor' op sets L2 promotion, which a tensor map written on the device cannot (tensormap.replace has no such field): leave it out}}
    %d = tma.create_descriptor %ws[%i], %m : !tile.ptr<i8>, memref<64x64xf16> -> !tma.descriptor<tensor<64x64xf16>, l2_promotion = l2_128b>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @storage(%ws: !tile.ptr<f32>, %m: memref<64x64xf16>, %i: index) kernel {
    // expected-error @+1 {{'tma.create_descriptor' op writes the 128-byte map through a !tile.ptr<i8>, not '!tile.ptr<f32>'}}
    %d = tma.create_descriptor %ws[%i], %m : !tile.ptr<f32>, memref<64x64xf16> -> !tma.descriptor<tensor<64x64xf16>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @rank(%ws: !tile.ptr<i8>, %m: memref<4x64x64xf16>, %i: index) kernel {
    // expected-error @+1 {{'tma.create_descriptor' op memref rank 3 differs from the box rank 2: the descriptor needs one box dimension per tensor dimension}}
    %d = tma.create_descriptor %ws[%i], %m : !tile.ptr<i8>, memref<4x64x64xf16> -> !tma.descriptor<tensor<64x64xf16>>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @inner_stride(%ws: !tile.ptr<i8>, %m: memref<64x64xf16, strided<[128, 2]>>, %i: index) kernel {
    // expected-error @+1 {{'tma.create_descriptor' op the innermost dimension must be contiguous (stride 1), got stride 2: TMA has no element stride in global memory}}
    %d = tma.create_descriptor %ws[%i], %m : !tile.ptr<i8>, memref<64x64xf16, strided<[128, 2]>> -> !tma.descriptor<tensor<64x64xf16>>
    gpu.return
  }
}

// -----

func.func @acquire_on_host(%d: !tma.descriptor<tensor<64x64xf16>>) {
  // expected-error @+1 {{'tma.acquire_descriptor' op}}
  tma.acquire_descriptor %d : !tma.descriptor<tensor<64x64xf16>>
  return
}
