//===- Diagnostics.h - C API: constructors that never crash -----*- C++ -*-===//
//
// Private to the C API shim. Constructors of the C API never assert or crash
// on invalid parameters: they call `X::getChecked` with an ErrorAtUnknownLoc,
// so that the verifier's message goes to the context's diagnostic handlers
// and the C caller gets a null object back. They also load their dialect
// first (loadDialect), since a context from tileContextCreate only registers
// the dialects.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_CAPI_LIB_DIAGNOSTICS_H
#define TILEMLIR_CAPI_LIB_DIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

namespace mlir::tilemlir::capi {

/// Emits an error at an unknown location of `context`. Usable wherever a
/// `function_ref<InFlightDiagnostic()>` is expected (getChecked, verify), and
/// directly for the shim's own checks: `ErrorAtUnknownLoc{ctx}() << "..."`.
struct ErrorAtUnknownLoc {
  MLIRContext *context;
  InFlightDiagnostic operator()() const {
    return emitError(UnknownLoc::get(context));
  }
};

/// Loads `DialectT` into `context` (a no-op once loaded) and returns
/// `context`. Types and attributes of a dialect that is registered but not
/// yet loaded have no storage in the context: creating one crashes. Parsing
/// loads dialects on first use; C API constructors must do the same.
template <typename DialectT> MLIRContext *loadDialect(MLIRContext *context) {
  context->getOrLoadDialect<DialectT>();
  return context;
}

} // namespace mlir::tilemlir::capi

#endif // TILEMLIR_CAPI_LIB_DIAGNOSTICS_H
