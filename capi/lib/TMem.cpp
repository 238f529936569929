//===- TMem.cpp - C API: tmem types and layouts ---------------------------===//

#include "tile-c/TMem.h"

#include "Diagnostics.h"

#include "TMem/TMemDialect.h"

#include "mlir/CAPI/IR.h"

using namespace mlir;
using namespace mlir::tmem;
using mlir::tilemlir::capi::ErrorAtUnknownLoc;
using mlir::tilemlir::capi::loadDialect;

MlirAttribute tmemLayoutAttrGet(MlirContext ctx, unsigned blockM,
                                unsigned blockN, unsigned colStride) {
  MLIRContext *context = loadDialect<TMemDialect>(unwrap(ctx));
  return wrap(TensorMemoryLayoutAttr::getChecked(
      ErrorAtUnknownLoc{context}, context, blockM, blockN, colStride));
}

bool tmemAttributeIsALayout(MlirAttribute attr) {
  return isa<TensorMemoryLayoutAttr>(unwrap(attr));
}

MlirAttribute tmemScalesLayoutAttrGet(MlirContext ctx) {
  return wrap(
      TensorMemoryScalesLayoutAttr::get(loadDialect<TMemDialect>(unwrap(ctx))));
}

MlirType tmemBufferTypeGet(MlirContext ctx, intptr_t rank, const int64_t *shape,
                           MlirType elementType, MlirAttribute layout) {
  MLIRContext *context = loadDialect<TMemDialect>(unwrap(ctx));
  return wrap(BufferType::getChecked(ErrorAtUnknownLoc{context}, context,
                                     ArrayRef<int64_t>(shape, rank),
                                     unwrap(elementType), unwrap(layout)));
}

bool tmemTypeIsABuffer(MlirType type) { return isa<BufferType>(unwrap(type)); }

int64_t tmemBufferTypeGetNumColumns(MlirType type) {
  return cast<BufferType>(unwrap(type)).getNumColumns();
}

int64_t tmemBufferTypeGetAllocColumns(MlirType type) {
  return cast<BufferType>(unwrap(type)).getAllocColumns();
}
