//===- DeviceCode.h - Where device-only operations may appear ---*- C++ -*-===//
//
// Shared by the four TileMLIR dialects: allocation and hardware operations are
// only meaningful inside GPU code (a gpu.module), while host-side operations
// such as descriptor creation must stay out of it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_DIALECT_COMMON_DEVICECODE_H
#define TILEMLIR_DIALECT_COMMON_DEVICECODE_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
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

} // namespace mlir::tilemlir

#endif // TILEMLIR_DIALECT_COMMON_DEVICECODE_H
