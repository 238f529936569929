//===- MBarrier.cpp - C API: mbarrier types -------------------------------===//

#include "tile-c/MBarrier.h"

#include "MBarrier/MBarrierDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::mbarrier;

MlirType mbarrierGroupTypeGet(MlirContext ctx, unsigned size) {
  MLIRContext *context = unwrap(ctx);
  return wrap(GroupType::getChecked(
      [&] { return emitError(UnknownLoc::get(context)); }, context, size));
}

bool mbarrierTypeIsAGroup(MlirType type) {
  return isa<GroupType>(unwrap(type));
}

unsigned mbarrierGroupTypeGetSize(MlirType type) {
  return cast<GroupType>(unwrap(type)).getSize();
}

MlirType mbarrierBarrierTypeGet(MlirContext ctx) {
  return wrap(BarrierType::get(unwrap(ctx)));
}

bool mbarrierTypeIsABarrier(MlirType type) {
  return isa<BarrierType>(unwrap(type));
}
