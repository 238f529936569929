/*===-- tile-c/TMA.h - tma descriptor types ---------------------*- C -*-===*\
|*                                                                            *|
|* The tensor-map descriptor type of the tma dialect,                        *|
|* `!tma.descriptor<box, swizzle = ..., interleave = ..., l2_promotion = ..., *|
|* oob_fill = ..., fp4 = ...>`. The constructor returns a null type (check   *|
|* with mlirTypeIsNull) and emits a diagnostic through the context's         *|
|* handlers when a parameter breaks a rule of cuTensorMapEncodeTiled.        *|
|*                                                                            *|
|* The values of the option enums are those of the matching cuda.h enums     *|
|* (CUtensorMapInterleave, CUtensorMapL2promotion, CUtensorMapFloatOOBfill),  *|
|* so they can be passed to cuTensorMapEncodeTiled as they are.              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_TMA_H
#define TILE_C_TMA_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Descriptor options
//===----------------------------------------------------------------------===//

/// Interleaved layout of the global tensor (CUtensorMapInterleave).
typedef enum TmaInterleave {
  /// No interleave (CU_TENSOR_MAP_INTERLEAVE_NONE); prints as nothing.
  TMA_INTERLEAVE_NONE = 0,
  /// 16-byte interleave (CU_TENSOR_MAP_INTERLEAVE_16B), `interleave = i16b`;
  /// needs a box of rank 3 to 5.
  TMA_INTERLEAVE_16B = 1,
  /// 32-byte interleave (CU_TENSOR_MAP_INTERLEAVE_32B), `interleave = i32b`;
  /// needs a box of rank 3 to 5 and swizzle 32.
  TMA_INTERLEAVE_32B = 2,
} TmaInterleave;

/// L2 promotion size of the copies (CUtensorMapL2promotion).
typedef enum TmaL2Promotion {
  /// No promotion (CU_TENSOR_MAP_L2_PROMOTION_NONE).
  TMA_L2_PROMOTION_NONE = 0,
  /// 64 bytes (CU_TENSOR_MAP_L2_PROMOTION_L2_64B), `l2_promotion = l2_64b`.
  TMA_L2_PROMOTION_64B = 1,
  /// 128 bytes (CU_TENSOR_MAP_L2_PROMOTION_L2_128B), `l2_promotion = l2_128b`.
  TMA_L2_PROMOTION_128B = 2,
  /// 256 bytes (CU_TENSOR_MAP_L2_PROMOTION_L2_256B), `l2_promotion = l2_256b`.
  TMA_L2_PROMOTION_256B = 3,
} TmaL2Promotion;

/// What loads read for elements outside the global tensor
/// (CUtensorMapFloatOOBfill).
typedef enum TmaOOBFill {
  /// Zeros (CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE).
  TMA_OOB_FILL_ZERO = 0,
  /// NaN (CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA),
  /// `oob_fill = nan`; only for 16-, 32- and 64-bit floating-point boxes.
  TMA_OOB_FILL_NAN = 1,
} TmaOOBFill;

/// Packing of 4-bit (f4E2M1FN) boxes; not a cuda.h enum, it selects the
/// CUtensorMapDataType of FP4 data.
typedef enum TmaFP4Mode {
  /// Not FP4: the box element type is anything but f4E2M1FN.
  TMA_FP4_NONE = 0,
  /// Two values a byte in shared memory (CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B),
  /// `fp4 = packed`.
  TMA_FP4_PACKED = 1,
  /// One value a byte in shared memory
  /// (CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B), `fp4 = unpacked`; needs an inner
  /// box dimension of 128 and swizzle 0 or 128.
  TMA_FP4_UNPACKED = 2,
} TmaFP4Mode;

//===----------------------------------------------------------------------===//
// Descriptor type
//===----------------------------------------------------------------------===//

/// `!tma.descriptor<box, ...>`. `box` is a ranked tensor type without
/// encoding: the shape of one copy (rank 1 to 5, each dimension in [1, 256],
/// outermost first) and its element type (i8, i16, i32, i64, f16, bf16, f32,
/// f64, f8E4M3FN, f8E5M2, or f4E2M1FN with an `fp4` mode other than
/// TMA_FP4_NONE). `swizzle` is the shared-memory swizzle span in bytes: 0,
/// 32, 64 or 128; with a swizzle, one row of the box spans at most `swizzle`
/// bytes of shared memory. Without interleave a row must be a multiple of 16
/// bytes. Any violation (or an enum value outside those declared above, or a
/// `box` that is null or not a ranked tensor type) is a diagnostic on `ctx`
/// and a null type; a null `ctx` gives a null type.
MLIR_CAPI_EXPORTED MlirType tmaDescriptorTypeGet(
    MlirContext ctx, MlirType box, unsigned swizzle, TmaInterleave interleave,
    TmaL2Promotion l2Promotion, TmaOOBFill oobFill, TmaFP4Mode fp4);
MLIR_CAPI_EXPORTED bool tmaTypeIsADescriptor(MlirType type);
/// `type` (a descriptor) with its box split among `multicast` CTAs of a
/// cluster (`multicast = N`: 1 to 16, dividing the rows of a rank-2 box
/// into pieces that each start a whole swizzle atom); a diagnostic on the
/// type's context and a null type when the split breaks a rule, a null
/// type when `type` is not a descriptor.
MLIR_CAPI_EXPORTED MlirType tmaDescriptorTypeGetWithMulticast(
    MlirType type, unsigned multicast);

// The accessors below take a `!tma.descriptor` type (tmaTypeIsADescriptor);
// given a null type or another type they return a null type, 0 or the
// enum's 0 value, and ~0u for the two CUDA encodings (no CUDA value).

/// The box: a ranked tensor type (see mlir-c/BuiltinTypes.h).
MLIR_CAPI_EXPORTED MlirType tmaDescriptorTypeGetBox(MlirType type);
/// Swizzle span in bytes: 0, 32, 64 or 128.
MLIR_CAPI_EXPORTED unsigned tmaDescriptorTypeGetSwizzle(MlirType type);
MLIR_CAPI_EXPORTED TmaInterleave tmaDescriptorTypeGetInterleave(MlirType type);
MLIR_CAPI_EXPORTED TmaL2Promotion
tmaDescriptorTypeGetL2Promotion(MlirType type);
MLIR_CAPI_EXPORTED TmaOOBFill tmaDescriptorTypeGetOOBFill(MlirType type);
MLIR_CAPI_EXPORTED TmaFP4Mode tmaDescriptorTypeGetFP4Mode(MlirType type);
/// The number of CTAs a multicast load of the box splits it among (1 when
/// not split).
MLIR_CAPI_EXPORTED unsigned tmaDescriptorTypeGetMulticast(MlirType type);

/// Transaction bytes of one box: what a tma.async_load counts down on its
/// mbarrier (the `bytes` of mbarrier.arrive_expect_tx). FP4 counts 4 bits a
/// value, packed or not.
MLIR_CAPI_EXPORTED int64_t tmaDescriptorTypeGetBoxBytes(MlirType type);
/// Shared-memory bytes one box occupies (one byte a value for unpacked FP4).
MLIR_CAPI_EXPORTED int64_t tmaDescriptorTypeGetSmemBytes(MlirType type);

/// CUtensorMapDataType of the box elements: 0 UINT8 (i8, f8E4M3FN, f8E5M2),
/// 1 UINT16 (i16), 3 INT32 (i32), 5 INT64 (i64), 6 FLOAT16 (f16), 7 FLOAT32
/// (f32), 8 FLOAT64 (f64), 9 BFLOAT16 (bf16), 13 16U4_ALIGN8B (packed FP4),
/// 14 16U4_ALIGN16B (unpacked FP4).
MLIR_CAPI_EXPORTED unsigned tmaDescriptorTypeGetCUDADataType(MlirType type);
/// CUtensorMapSwizzle: 0 NONE, 1 32B, 2 64B, 3 128B.
MLIR_CAPI_EXPORTED unsigned tmaDescriptorTypeGetCUDASwizzle(MlirType type);

#ifdef __cplusplus
}
#endif

#endif // TILE_C_TMA_H
