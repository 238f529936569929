//===- TMem.cpp - C API: tmem types and layouts ---------------------------===//

#include "tile-c/TMem.h"

#include "Diagnostics.h"

#include "TMem/TMemDialect.h"

#include "mlir/CAPI/IR.h"

using namespace mlir;
using namespace mlir::tmem;
using mlir::tilemlir::capi::checkArray;
using mlir::tilemlir::capi::checkNotNull;
using mlir::tilemlir::capi::ErrorAtUnknownLoc;
using mlir::tilemlir::capi::getIfA;
using mlir::tilemlir::capi::loadDialect;

MlirAttribute tmemLayoutAttrGet(MlirContext ctx, unsigned blockM,
                                unsigned blockN, unsigned colStride) {
  MLIRContext *context = loadDialect<TMemDialect>(unwrap(ctx));
  if (!context)
    return {nullptr};
  return wrap(TensorMemoryLayoutAttr::getChecked(
      ErrorAtUnknownLoc{context}, context, blockM, blockN, colStride));
}

bool tmemAttributeIsALayout(MlirAttribute attr) {
  return isa_and_nonnull<TensorMemoryLayoutAttr>(unwrap(attr));
}

MlirAttribute tmemScalesLayoutAttrGet(MlirContext ctx) {
  MLIRContext *context = loadDialect<TMemDialect>(unwrap(ctx));
  if (!context)
    return {nullptr};
  return wrap(TensorMemoryScalesLayoutAttr::get(context));
}

MlirType tmemBufferTypeGet(MlirContext ctx, intptr_t rank, const int64_t *shape,
                           MlirType elementType, MlirAttribute layout) {
  MLIRContext *context = loadDialect<TMemDialect>(unwrap(ctx));
  if (!context || failed(checkArray(context, "shape", rank, shape)) ||
      failed(checkNotNull(context, "elementType", unwrap(elementType))))
    return {nullptr};
  return wrap(BufferType::getChecked(ErrorAtUnknownLoc{context}, context,
                                     ArrayRef<int64_t>(shape, rank),
                                     unwrap(elementType), unwrap(layout)));
}

bool tmemTypeIsABuffer(MlirType type) {
  return isa_and_nonnull<BufferType>(unwrap(type));
}

int64_t tmemBufferTypeGetNumColumns(MlirType type) {
  return getIfA<BufferType>(type, int64_t(0),
                            [](BufferType t) { return t.getNumColumns(); });
}

int64_t tmemBufferTypeGetAllocColumns(MlirType type) {
  return getIfA<BufferType>(type, int64_t(0),
                            [](BufferType t) { return t.getAllocColumns(); });
}
