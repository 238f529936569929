/*===-- tile-c/Tile.h - tile dialect types and layouts ----------*- C -*-===*\
|*                                                                            *|
|* Types and layout attributes of the tile dialect. Constructors return a     *|
|* null type/attribute (mlirTypeIsNull / mlirAttributeIsNull) and emit a      *|
|* diagnostic through the context's handlers when a parameter is invalid     *|
|* (a null element type, a negative length, a null array with entries); a    *|
|* null context gives a null object and no diagnostic. Predicates are false  *|
|* for null objects; accessors given null or another kind of object return   *|
|* -1 (rank, dimension size), 0 / false, or a null object.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_TILE_H
#define TILE_C_TILE_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// `!tile.smem<shape x element, encoding[, mutable]>`; `encoding` may be a
/// null attribute for a plain row-major buffer.
MLIR_CAPI_EXPORTED MlirType
tileSharedMemoryTypeGet(MlirContext ctx, intptr_t rank, const int64_t *shape,
                        MlirType elementType, MlirAttribute encoding,
                        bool isMutable);
MLIR_CAPI_EXPORTED bool tileTypeIsASharedMemory(MlirType type);
MLIR_CAPI_EXPORTED intptr_t tileSharedMemoryTypeGetRank(MlirType type);
/// The size of dimension `dim`; -1 when `dim` is not in [0, rank).
MLIR_CAPI_EXPORTED int64_t tileSharedMemoryTypeGetDimSize(MlirType type,
                                                          intptr_t dim);
MLIR_CAPI_EXPORTED MlirType tileSharedMemoryTypeGetElementType(MlirType type);
MLIR_CAPI_EXPORTED MlirAttribute tileSharedMemoryTypeGetEncoding(MlirType type);
MLIR_CAPI_EXPORTED bool tileSharedMemoryTypeIsMutable(MlirType type);
/// Bytes of shared memory the buffer occupies.
MLIR_CAPI_EXPORTED int64_t tileSharedMemoryTypeGetSizeInBytes(MlirType type);

/// `!tile.ptr<pointee>`: a pointer to global memory. A null pointee gives a
/// null type (there is no context to report it through).
MLIR_CAPI_EXPORTED MlirType tilePointerTypeGet(MlirType pointeeType);
MLIR_CAPI_EXPORTED bool tileTypeIsAPointer(MlirType type);
MLIR_CAPI_EXPORTED MlirType tilePointerTypeGetPointeeType(MlirType type);

//===----------------------------------------------------------------------===//
// Distributed layouts
//===----------------------------------------------------------------------===//

/// `#tile.blocked<...>`; each array has `rank` entries.
MLIR_CAPI_EXPORTED MlirAttribute tileBlockedLayoutAttrGet(
    MlirContext ctx, intptr_t rank, const unsigned *sizePerThread,
    const unsigned *threadsPerWarp, const unsigned *warpsPerCTA,
    const unsigned *order);
MLIR_CAPI_EXPORTED bool tileAttributeIsABlockedLayout(MlirAttribute attr);

/// `#tile.slice<dim = dim, parent = parent>`.
MLIR_CAPI_EXPORTED MlirAttribute tileSliceLayoutAttrGet(MlirContext ctx,
                                                        unsigned dim,
                                                        MlirAttribute parent);
MLIR_CAPI_EXPORTED bool tileAttributeIsASliceLayout(MlirAttribute attr);

/// `#tile.wgmma<warpsPerCTA = [w0, w1], instrShape = [16, n]>`.
MLIR_CAPI_EXPORTED MlirAttribute tileWgmmaLayoutAttrGet(
    MlirContext ctx, const unsigned warpsPerCTA[2],
    const unsigned instrShape[2]);
MLIR_CAPI_EXPORTED bool tileAttributeIsAWgmmaLayout(MlirAttribute attr);

/// `#tile.dot_operand<opIdx = opIdx, parent = parent, kWidth = kWidth>`.
MLIR_CAPI_EXPORTED MlirAttribute tileDotOperandLayoutAttrGet(
    MlirContext ctx, unsigned opIdx, MlirAttribute parent, unsigned kWidth);
MLIR_CAPI_EXPORTED bool tileAttributeIsADotOperandLayout(MlirAttribute attr);

/// True for any distributed (register-tile) layout.
MLIR_CAPI_EXPORTED bool tileAttributeIsADistributedLayout(MlirAttribute attr);

//===----------------------------------------------------------------------===//
// Shared layouts
//===----------------------------------------------------------------------===//

/// `#tile.nvmma_shared<swizzle = ..., element_bits = ...>`; swizzle is 0, 32,
/// 64 or 128 bytes.
MLIR_CAPI_EXPORTED MlirAttribute
tileNVMMASharedLayoutAttrGet(MlirContext ctx, unsigned swizzle,
                             unsigned elementBits, bool transposed,
                             bool fp4Padded);
MLIR_CAPI_EXPORTED bool tileAttributeIsANVMMASharedLayout(MlirAttribute attr);
MLIR_CAPI_EXPORTED unsigned
tileNVMMASharedLayoutAttrGetSwizzle(MlirAttribute attr);
MLIR_CAPI_EXPORTED unsigned
tileNVMMASharedLayoutAttrGetElementBits(MlirAttribute attr);
MLIR_CAPI_EXPORTED bool
tileNVMMASharedLayoutAttrGetTransposed(MlirAttribute attr);

/// `#tile.swizzled_shared<vec, perPhase, maxPhase, order>`.
MLIR_CAPI_EXPORTED MlirAttribute tileSwizzledSharedLayoutAttrGet(
    MlirContext ctx, unsigned vec, unsigned perPhase, unsigned maxPhase,
    intptr_t rank, const unsigned *order);
MLIR_CAPI_EXPORTED bool
tileAttributeIsASwizzledSharedLayout(MlirAttribute attr);

#ifdef __cplusplus
}
#endif

#endif // TILE_C_TILE_H
