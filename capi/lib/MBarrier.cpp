//===- MBarrier.cpp - C API: mbarrier types -------------------------------===//

#include "tile-c/MBarrier.h"

#include "Diagnostics.h"

#include "MBarrier/MBarrierDialect.h"

#include "mlir/CAPI/IR.h"

using namespace mlir;
using namespace mlir::mbarrier;
using mlir::tilemlir::capi::ErrorAtUnknownLoc;
using mlir::tilemlir::capi::loadDialect;

MlirType mbarrierGroupTypeGet(MlirContext ctx, unsigned size) {
  MLIRContext *context = loadDialect<MBarrierDialect>(unwrap(ctx));
  return wrap(GroupType::getChecked(ErrorAtUnknownLoc{context}, context, size));
}

bool mbarrierTypeIsAGroup(MlirType type) {
  return isa<GroupType>(unwrap(type));
}

unsigned mbarrierGroupTypeGetSize(MlirType type) {
  return cast<GroupType>(unwrap(type)).getSize();
}

MlirType mbarrierBarrierTypeGet(MlirContext ctx) {
  return wrap(BarrierType::get(loadDialect<MBarrierDialect>(unwrap(ctx))));
}

bool mbarrierTypeIsABarrier(MlirType type) {
  return isa<BarrierType>(unwrap(type));
}
