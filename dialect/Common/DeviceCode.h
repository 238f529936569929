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
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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

/// Every operation of the four dialects stands for code that runs: it must
/// be in a function body (a gpu.func, or a func.func / llvm.func on either
/// side), never directly in a gpu.module or builtin.module, which the
/// lowering cannot place it in.
/// Reports "must be inside a function (gpu.func, func.func or llvm.func),
/// not directly in '<parent>'".
inline LogicalResult verifyInFunctionBody(Operation *op) {
  if (op->getParentOfType<FunctionOpInterface>())
    return success();
  Operation *parent = op->getParentOp();
  return op->emitOpError()
         << "must be inside a function (gpu.func, func.func or llvm.func), "
            "not directly in '"
         << (parent ? parent->getName().getStringRef() : StringRef("nothing"))
         << "'";
}

/// The op trait of every TileMLIR operation (Common/DeviceCode.td).
template <typename ConcreteType>
class InFunctionBody : public OpTrait::TraitBase<ConcreteType, InFunctionBody> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return verifyInFunctionBody(op);
  }
};

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
