//===- MBarrierDialect.cpp - The mbarrier dialect -------------------------===//

#include "MBarrier/MBarrierDialect.h"

#include "Common/DeviceCode.h"
#include "TileMLIR/Target/TargetInfo.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mbarrier;

#include "MBarrier/MBarrierDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "MBarrier/MBarrierTypes.cpp.inc"

#define GET_OP_CLASSES
#include "MBarrier/MBarrierOps.cpp.inc"

void MBarrierDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "MBarrier/MBarrierTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "MBarrier/MBarrierOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

LogicalResult GroupType::verify(function_ref<InFlightDiagnostic()> emitError,
                                unsigned size) {
  if (size == 0)
    return emitError() << "a barrier group holds at least one barrier";
  // In 64 bits: 8 * size overflows the unsigned size itself.
  int64_t bytes = int64_t(size) * 8;
  if (bytes > tilemlir::kCommonMaxSharedMemoryPerBlock)
    return emitError() << "a group of " << size << " barriers needs " << bytes
                       << " bytes of shared memory, but a CTA can use at most "
                       << tilemlir::kCommonMaxSharedMemoryPerBlock << " bytes";
  return success();
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

/// Checks a count against the 20-bit pending counter of a barrier phase.
static LogicalResult verifyPendingCount(Operation *op, StringRef what,
                                        int64_t value) {
  if (value >= 1 && value <= kMaxPendingCount)
    return success();
  return op->emitOpError() << what << " must be in [1, " << kMaxPendingCount
                           << "] (the 20-bit mbarrier phase counter), got "
                           << value;
}

LogicalResult AllocOp::verify() {
  return tilemlir::verifyInDeviceCode(getOperation());
}

LogicalResult IndexOp::verify() {
  return tilemlir::verifyConstantIndex(*this, getIndex(),
                                      getGroup().getType().getSize(),
                                      "barrier");
}

LogicalResult InitOp::verify() {
  return verifyPendingCount(*this, "arrival count", getArrivalsAttr().getInt());
}

LogicalResult ArriveOp::verify() {
  return verifyPendingCount(*this, "arrival count", getCountAttr().getInt());
}

// A left-out byte count is inferred later (tile-infer-transaction-bytes).
LogicalResult ExpectTxOp::verify() {
  if (!getBytesAttr())
    return success();
  return verifyPendingCount(*this, "transaction byte count", getBytesAttr().getInt());
}

LogicalResult ArriveExpectTxOp::verify() {
  if (!getBytesAttr())
    return success();
  return verifyPendingCount(*this, "transaction byte count", getBytesAttr().getInt());
}
