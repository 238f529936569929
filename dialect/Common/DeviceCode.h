//===- DeviceCode.h - Verification helpers shared by the dialects -*- C++ -*-===//
//
// Shared by the four TileMLIR dialects: allocation and hardware operations are
// only meaningful inside GPU code (a gpu.module), while host-side operations
// such as descriptor creation must stay out of it; stage and barrier indices
// are range-checked the same way everywhere.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_DIALECT_COMMON_DEVICECODE_H
#define TILEMLIR_DIALECT_COMMON_DEVICECODE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Operation.h"

namespace mlir::tilemlir {

/// True when `op` is nested in device code: a gpu.module or a gpu.func.
inline bool isInDeviceCode(Operation *op) {
  return op->getParentOfType<gpu::GPUModuleOp>() ||
         op->getParentOfType<gpu::GPUFuncOp>();
}

/// Emits "'<op>' must be inside device code (a gpu.module or gpu.func)".
inline LogicalResult verifyInDeviceCode(Operation *op) {
  if (isInDeviceCode(op))
    return success();
  return op->emitOpError(
      "must be inside device code (a gpu.module or gpu.func)");
}

/// A constant `index` selecting one of `count` stages (or barriers) must be
/// in range; a dynamic one is the program's responsibility.
/// Reports "<what> index I is out of range for N <what>s".
inline LogicalResult verifyConstantIndex(Operation *op, Value index,
                                         int64_t count, StringRef what) {
  APInt value;
  if (!matchPattern(index, m_ConstantInt(&value)))
    return success();
  if (!value.isNegative() && value.getSExtValue() < count)
    return success();
  return op->emitOpError() << what << " index " << value.getSExtValue()
                           << " is out of range for " << count << " " << what
                           << "s";
}

} // namespace mlir::tilemlir

#endif // TILEMLIR_DIALECT_COMMON_DEVICECODE_H
