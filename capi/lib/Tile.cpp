//===- Tile.cpp - C API: tile dialect types and layouts -------------------===//

#include "tile-c/Tile.h"

#include "Diagnostics.h"

#include "Tile/TileDialect.h"

#include "mlir/CAPI/IR.h"

using namespace mlir;
using namespace mlir::tile;
using mlir::tilemlir::capi::ErrorAtUnknownLoc;
using mlir::tilemlir::capi::loadDialect;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

MlirType tileSharedMemoryTypeGet(MlirContext ctx, intptr_t rank,
                                 const int64_t *shape, MlirType elementType,
                                 MlirAttribute encoding, bool isMutable) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  return wrap(SharedMemoryType::getChecked(
      ErrorAtUnknownLoc{context}, context, ArrayRef<int64_t>(shape, rank),
      unwrap(elementType), unwrap(encoding), isMutable));
}

bool tileTypeIsASharedMemory(MlirType type) {
  return isa<SharedMemoryType>(unwrap(type));
}

intptr_t tileSharedMemoryTypeGetRank(MlirType type) {
  return cast<SharedMemoryType>(unwrap(type)).getRank();
}

int64_t tileSharedMemoryTypeGetDimSize(MlirType type, intptr_t dim) {
  return cast<SharedMemoryType>(unwrap(type)).getShape()[dim];
}

MlirType tileSharedMemoryTypeGetElementType(MlirType type) {
  return wrap(cast<SharedMemoryType>(unwrap(type)).getElementType());
}

MlirAttribute tileSharedMemoryTypeGetEncoding(MlirType type) {
  return wrap(cast<SharedMemoryType>(unwrap(type)).getEncoding());
}

bool tileSharedMemoryTypeIsMutable(MlirType type) {
  return cast<SharedMemoryType>(unwrap(type)).getIsMutable();
}

int64_t tileSharedMemoryTypeGetSizeInBytes(MlirType type) {
  return cast<SharedMemoryType>(unwrap(type)).getSizeInBytes();
}

MlirType tilePointerTypeGet(MlirType pointeeType) {
  Type pointee = unwrap(pointeeType);
  // A null pointee carries no context to report the error through.
  if (!pointee)
    return {nullptr};
  MLIRContext *context = loadDialect<TileDialect>(pointee.getContext());
  return wrap(
      PointerType::getChecked(ErrorAtUnknownLoc{context}, context, pointee));
}

bool tileTypeIsAPointer(MlirType type) {
  return isa<PointerType>(unwrap(type));
}

MlirType tilePointerTypeGetPointeeType(MlirType type) {
  return wrap(cast<PointerType>(unwrap(type)).getPointeeType());
}

//===----------------------------------------------------------------------===//
// Distributed layouts
//===----------------------------------------------------------------------===//

MlirAttribute tileBlockedLayoutAttrGet(MlirContext ctx, intptr_t rank,
                                       const unsigned *sizePerThread,
                                       const unsigned *threadsPerWarp,
                                       const unsigned *warpsPerCTA,
                                       const unsigned *order) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  return wrap(BlockedLayoutAttr::getChecked(
      ErrorAtUnknownLoc{context}, context,
      ArrayRef<unsigned>(sizePerThread, rank),
      ArrayRef<unsigned>(threadsPerWarp, rank),
      ArrayRef<unsigned>(warpsPerCTA, rank), ArrayRef<unsigned>(order, rank)));
}

bool tileAttributeIsABlockedLayout(MlirAttribute attr) {
  return isa<BlockedLayoutAttr>(unwrap(attr));
}

MlirAttribute tileSliceLayoutAttrGet(MlirContext ctx, unsigned dim,
                                     MlirAttribute parent) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  auto parentLayout = dyn_cast_or_null<DistributedLayoutAttr>(unwrap(parent));
  if (!parentLayout) {
    ErrorAtUnknownLoc{context}() << "slice parent must be a distributed layout";
    return {nullptr};
  }
  return wrap(SliceLayoutAttr::getChecked(ErrorAtUnknownLoc{context}, context,
                                          dim, parentLayout));
}

bool tileAttributeIsASliceLayout(MlirAttribute attr) {
  return isa<SliceLayoutAttr>(unwrap(attr));
}

MlirAttribute tileWgmmaLayoutAttrGet(MlirContext ctx,
                                     const unsigned warpsPerCTA[2],
                                     const unsigned instrShape[2]) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  return wrap(WgmmaLayoutAttr::getChecked(
      ErrorAtUnknownLoc{context}, context, ArrayRef<unsigned>(warpsPerCTA, 2),
      ArrayRef<unsigned>(instrShape, 2)));
}

bool tileAttributeIsAWgmmaLayout(MlirAttribute attr) {
  return isa<WgmmaLayoutAttr>(unwrap(attr));
}

MlirAttribute tileDotOperandLayoutAttrGet(MlirContext ctx, unsigned opIdx,
                                          MlirAttribute parent,
                                          unsigned kWidth) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  auto parentLayout = dyn_cast_or_null<DistributedLayoutAttr>(unwrap(parent));
  if (!parentLayout) {
    ErrorAtUnknownLoc{context}()
        << "dot operand parent must be a distributed layout";
    return {nullptr};
  }
  return wrap(DotOperandLayoutAttr::getChecked(
      ErrorAtUnknownLoc{context}, context, opIdx, parentLayout, kWidth));
}

bool tileAttributeIsADotOperandLayout(MlirAttribute attr) {
  return isa<DotOperandLayoutAttr>(unwrap(attr));
}

bool tileAttributeIsADistributedLayout(MlirAttribute attr) {
  return isa<DistributedLayoutAttr>(unwrap(attr));
}

//===----------------------------------------------------------------------===//
// Shared layouts
//===----------------------------------------------------------------------===//

MlirAttribute tileNVMMASharedLayoutAttrGet(MlirContext ctx, unsigned swizzle,
                                           unsigned elementBits,
                                           bool transposed, bool fp4Padded) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  return wrap(NVMMASharedLayoutAttr::getChecked(ErrorAtUnknownLoc{context},
                                                context, swizzle, elementBits,
                                                transposed, fp4Padded));
}

bool tileAttributeIsANVMMASharedLayout(MlirAttribute attr) {
  return isa<NVMMASharedLayoutAttr>(unwrap(attr));
}

unsigned tileNVMMASharedLayoutAttrGetSwizzle(MlirAttribute attr) {
  return cast<NVMMASharedLayoutAttr>(unwrap(attr)).getSwizzle();
}

unsigned tileNVMMASharedLayoutAttrGetElementBits(MlirAttribute attr) {
  return cast<NVMMASharedLayoutAttr>(unwrap(attr)).getElementBits();
}

bool tileNVMMASharedLayoutAttrGetTransposed(MlirAttribute attr) {
  return cast<NVMMASharedLayoutAttr>(unwrap(attr)).getTransposed();
}

MlirAttribute tileSwizzledSharedLayoutAttrGet(MlirContext ctx, unsigned vec,
                                              unsigned perPhase,
                                              unsigned maxPhase, intptr_t rank,
                                              const unsigned *order) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  return wrap(SwizzledSharedLayoutAttr::getChecked(
      ErrorAtUnknownLoc{context}, context, vec, perPhase, maxPhase,
      ArrayRef<unsigned>(order, rank)));
}

bool tileAttributeIsASwizzledSharedLayout(MlirAttribute attr) {
  return isa<SwizzledSharedLayoutAttr>(unwrap(attr));
}
