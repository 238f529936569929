//===- TensorMemory.h - Helpers of the tcgen05 lowering ---------*- C++ -*-===//
//
// Shared by TensorMemoryToNVVM.cpp and DotTcgen05ToNVVM.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_LIB_CONVERSION_TILETONVVM_TENSORMEMORY_H
#define TILEMLIR_LIB_CONVERSION_TILETONVVM_TENSORMEMORY_H

#include "TileMLIR/Analysis/LayoutConversions.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tilemlir {

/// The NVPTX address space of tensor memory.
constexpr unsigned kTensorAddressSpace = 6;

Type getTensorPointerType(MLIRContext *context);

/// `taddr + columns`: columns are the low 16 bits of the address.
Value addColumns(OpBuilder &b, Location loc, Value taddr, Value columns);
Value addColumns(OpBuilder &b, Location loc, Value taddr, int64_t columns);

/// Fails, saying "not supported yet: " and `why` through `emitError` when
/// there is one.
inline LogicalResult reportUnsupported(EmitErrorFn emitError,
                                       const Twine &why) {
  if (emitError)
    emitError() << "not supported yet: " << why;
  return failure();
}

/// The #nvvm.target of the gpu.module around `op`, or null.
NVVM::NVVMTargetAttr getModuleTarget(Operation *op);

} // namespace mlir::tilemlir

#endif // TILEMLIR_LIB_CONVERSION_TILETONVVM_TENSORMEMORY_H
