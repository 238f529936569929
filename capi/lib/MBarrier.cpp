//===- MBarrier.cpp - C API: mbarrier types -------------------------------===//

#include "tile-c/MBarrier.h"

#include "Diagnostics.h"

#include "MBarrier/MBarrierDialect.h"

#include "mlir/CAPI/IR.h"

using namespace mlir;
using namespace mlir::mbarrier;
using mlir::tilemlir::capi::ErrorAtUnknownLoc;
using mlir::tilemlir::capi::getIfA;
using mlir::tilemlir::capi::loadDialect;

MlirType mbarrierGroupTypeGet(MlirContext ctx, unsigned size) {
  MLIRContext *context = loadDialect<MBarrierDialect>(unwrap(ctx));
  if (!context)
    return {nullptr};
  return wrap(GroupType::getChecked(ErrorAtUnknownLoc{context}, context, size));
}

bool mbarrierTypeIsAGroup(MlirType type) {
  return isa_and_nonnull<GroupType>(unwrap(type));
}

unsigned mbarrierGroupTypeGetSize(MlirType type) {
  return getIfA<GroupType>(type, 0u, [](GroupType t) { return t.getSize(); });
}

MlirType mbarrierBarrierTypeGet(MlirContext ctx) {
  MLIRContext *context = loadDialect<MBarrierDialect>(unwrap(ctx));
  if (!context)
    return {nullptr};
  return wrap(BarrierType::get(context));
}

bool mbarrierTypeIsABarrier(MlirType type) {
  return isa_and_nonnull<BarrierType>(unwrap(type));
}
