//===- Tile.cpp - C API: tile dialect types and layouts -------------------===//

#include "tile-c/Tile.h"

#include "Diagnostics.h"

#include "Tile/TileDialect.h"

#include "mlir/CAPI/IR.h"

using namespace mlir;
using namespace mlir::tile;
using mlir::tilemlir::capi::checkArray;
using mlir::tilemlir::capi::checkNotNull;
using mlir::tilemlir::capi::ErrorAtUnknownLoc;
using mlir::tilemlir::capi::getIfA;
using mlir::tilemlir::capi::loadDialect;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

MlirType tileSharedMemoryTypeGet(MlirContext ctx, intptr_t rank,
                                 const int64_t *shape, MlirType elementType,
                                 MlirAttribute encoding, bool isMutable) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  if (!context || failed(checkArray(context, "shape", rank, shape)) ||
      failed(checkNotNull(context, "elementType", unwrap(elementType))))
    return {nullptr};
  return wrap(SharedMemoryType::getChecked(
      ErrorAtUnknownLoc{context}, context, ArrayRef<int64_t>(shape, rank),
      unwrap(elementType), unwrap(encoding), isMutable));
}

bool tileTypeIsASharedMemory(MlirType type) {
  return isa_and_nonnull<SharedMemoryType>(unwrap(type));
}

intptr_t tileSharedMemoryTypeGetRank(MlirType type) {
  return getIfA<SharedMemoryType>(type, intptr_t(-1), [](SharedMemoryType t) {
    return intptr_t(t.getRank());
  });
}

int64_t tileSharedMemoryTypeGetDimSize(MlirType type, intptr_t dim) {
  return getIfA<SharedMemoryType>(type, int64_t(-1), [&](SharedMemoryType t) {
    ArrayRef<int64_t> shape = t.getShape();
    return dim >= 0 && dim < intptr_t(shape.size()) ? shape[dim] : -1;
  });
}

MlirType tileSharedMemoryTypeGetElementType(MlirType type) {
  return getIfA<SharedMemoryType>(type, MlirType{nullptr},
                                  [](SharedMemoryType t) {
                                    return wrap(t.getElementType());
                                  });
}

MlirAttribute tileSharedMemoryTypeGetEncoding(MlirType type) {
  return getIfA<SharedMemoryType>(type, MlirAttribute{nullptr},
                                  [](SharedMemoryType t) {
                                    return wrap(t.getEncoding());
                                  });
}

bool tileSharedMemoryTypeIsMutable(MlirType type) {
  return getIfA<SharedMemoryType>(
      type, false, [](SharedMemoryType t) { return t.getIsMutable(); });
}

int64_t tileSharedMemoryTypeGetSizeInBytes(MlirType type) {
  return getIfA<SharedMemoryType>(type, int64_t(0), [](SharedMemoryType t) {
    return t.getSizeInBytes();
  });
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
  return isa_and_nonnull<PointerType>(unwrap(type));
}

MlirType tilePointerTypeGetPointeeType(MlirType type) {
  return getIfA<PointerType>(type, MlirType{nullptr}, [](PointerType t) {
    return wrap(t.getPointeeType());
  });
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
  if (!context ||
      failed(checkArray(context, "sizePerThread", rank, sizePerThread)) ||
      failed(checkArray(context, "threadsPerWarp", rank, threadsPerWarp)) ||
      failed(checkArray(context, "warpsPerCTA", rank, warpsPerCTA)) ||
      failed(checkArray(context, "order", rank, order)))
    return {nullptr};
  return wrap(BlockedLayoutAttr::getChecked(
      ErrorAtUnknownLoc{context}, context,
      ArrayRef<unsigned>(sizePerThread, rank),
      ArrayRef<unsigned>(threadsPerWarp, rank),
      ArrayRef<unsigned>(warpsPerCTA, rank), ArrayRef<unsigned>(order, rank)));
}

bool tileAttributeIsABlockedLayout(MlirAttribute attr) {
  return isa_and_nonnull<BlockedLayoutAttr>(unwrap(attr));
}

MlirAttribute tileSliceLayoutAttrGet(MlirContext ctx, unsigned dim,
                                     MlirAttribute parent) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  if (!context)
    return {nullptr};
  auto parentLayout = dyn_cast_or_null<DistributedLayoutAttr>(unwrap(parent));
  if (!parentLayout) {
    ErrorAtUnknownLoc{context}() << "slice parent must be a distributed layout";
    return {nullptr};
  }
  return wrap(SliceLayoutAttr::getChecked(ErrorAtUnknownLoc{context}, context,
                                          dim, parentLayout));
}

bool tileAttributeIsASliceLayout(MlirAttribute attr) {
  return isa_and_nonnull<SliceLayoutAttr>(unwrap(attr));
}

MlirAttribute tileWgmmaLayoutAttrGet(MlirContext ctx,
                                     const unsigned warpsPerCTA[2],
                                     const unsigned instrShape[2]) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  if (!context || failed(checkArray(context, "warpsPerCTA", 2, warpsPerCTA)) ||
      failed(checkArray(context, "instrShape", 2, instrShape)))
    return {nullptr};
  return wrap(WgmmaLayoutAttr::getChecked(
      ErrorAtUnknownLoc{context}, context, ArrayRef<unsigned>(warpsPerCTA, 2),
      ArrayRef<unsigned>(instrShape, 2)));
}

bool tileAttributeIsAWgmmaLayout(MlirAttribute attr) {
  return isa_and_nonnull<WgmmaLayoutAttr>(unwrap(attr));
}

MlirAttribute tileDotOperandLayoutAttrGet(MlirContext ctx, unsigned opIdx,
                                          MlirAttribute parent,
                                          unsigned kWidth) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  if (!context)
    return {nullptr};
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
  return isa_and_nonnull<DotOperandLayoutAttr>(unwrap(attr));
}

bool tileAttributeIsADistributedLayout(MlirAttribute attr) {
  return isa_and_nonnull<DistributedLayoutAttr>(unwrap(attr));
}

//===----------------------------------------------------------------------===//
// Shared layouts
//===----------------------------------------------------------------------===//

MlirAttribute tileNVMMASharedLayoutAttrGet(MlirContext ctx, unsigned swizzle,
                                           unsigned elementBits,
                                           bool transposed, bool fp4Padded) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  if (!context)
    return {nullptr};
  return wrap(NVMMASharedLayoutAttr::getChecked(ErrorAtUnknownLoc{context},
                                                context, swizzle, elementBits,
                                                transposed, fp4Padded));
}

bool tileAttributeIsANVMMASharedLayout(MlirAttribute attr) {
  return isa_and_nonnull<NVMMASharedLayoutAttr>(unwrap(attr));
}

unsigned tileNVMMASharedLayoutAttrGetSwizzle(MlirAttribute attr) {
  return getIfA<NVMMASharedLayoutAttr>(
      attr, 0u, [](NVMMASharedLayoutAttr a) { return a.getSwizzle(); });
}

unsigned tileNVMMASharedLayoutAttrGetElementBits(MlirAttribute attr) {
  return getIfA<NVMMASharedLayoutAttr>(
      attr, 0u, [](NVMMASharedLayoutAttr a) { return a.getElementBits(); });
}

bool tileNVMMASharedLayoutAttrGetTransposed(MlirAttribute attr) {
  return getIfA<NVMMASharedLayoutAttr>(
      attr, false, [](NVMMASharedLayoutAttr a) { return a.getTransposed(); });
}

MlirAttribute tileSwizzledSharedLayoutAttrGet(MlirContext ctx, unsigned vec,
                                              unsigned perPhase,
                                              unsigned maxPhase, intptr_t rank,
                                              const unsigned *order) {
  MLIRContext *context = loadDialect<TileDialect>(unwrap(ctx));
  if (!context || failed(checkArray(context, "order", rank, order)))
    return {nullptr};
  return wrap(SwizzledSharedLayoutAttr::getChecked(
      ErrorAtUnknownLoc{context}, context, vec, perPhase, maxPhase,
      ArrayRef<unsigned>(order, rank)));
}

bool tileAttributeIsASwizzledSharedLayout(MlirAttribute attr) {
  return isa_and_nonnull<SwizzledSharedLayoutAttr>(unwrap(attr));
}
