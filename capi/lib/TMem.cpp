//===- TMem.cpp - C API: tmem types and layouts ---------------------------===//

#include "tile-c/TMem.h"

#include "TMem/TMemDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::tmem;

static auto errorAtUnknownLoc(MLIRContext *context) {
  return [context] { return emitError(UnknownLoc::get(context)); };
}

MlirAttribute tmemLayoutAttrGet(MlirContext ctx, unsigned blockM,
                                unsigned blockN, unsigned colStride) {
  MLIRContext *context = unwrap(ctx);
  return wrap(TensorMemoryLayoutAttr::getChecked(
      errorAtUnknownLoc(context), context, blockM, blockN, colStride));
}

bool tmemAttributeIsALayout(MlirAttribute attr) {
  return isa<TensorMemoryLayoutAttr>(unwrap(attr));
}

MlirAttribute tmemScalesLayoutAttrGet(MlirContext ctx) {
  return wrap(TensorMemoryScalesLayoutAttr::get(unwrap(ctx)));
}

MlirType tmemBufferTypeGet(MlirContext ctx, intptr_t rank, const int64_t *shape,
                           MlirType elementType, MlirAttribute layout) {
  MLIRContext *context = unwrap(ctx);
  return wrap(BufferType::getChecked(errorAtUnknownLoc(context), context,
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
