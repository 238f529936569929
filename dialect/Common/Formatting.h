//===- Formatting.h - How layout code reports failures ----------*- C++ -*-===//
//
// Shared by the dialects' layout code and lib/Analysis: failures go through
// an optional diagnostic callback, and messages print shapes and
// coordinates one way.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_DIALECT_COMMON_FORMATTING_H
#define TILEMLIR_DIALECT_COMMON_FORMATTING_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::tilemlir {

/// Where layout code reports why it fails; may be null (silent).
using EmitErrorFn = llvm::function_ref<InFlightDiagnostic()>;

/// Emits `msg` through `emitError` when there is one; always fails.
inline LogicalResult emitFailure(EmitErrorFn emitError,
                                 const llvm::Twine &msg) {
  if (emitError)
    emitError() << msg;
  return failure();
}

/// Calls `fn(emitError)` with an emitter whose message is kept in `why`
/// instead of being reported: for callers that report a failure in their
/// own words (or not at all).
template <typename Fn>
auto captureFailure(MLIRContext *context, std::string &why, Fn fn) {
  ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
    why = diag.str();
    return success();
  });
  return fn([&] { return mlir::emitError(UnknownLoc::get(context)); });
}

/// `values` joined by commas between `open` and `close`.
inline std::string joinInts(ArrayRef<int64_t> values, StringRef open,
                            StringRef close) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << open;
  llvm::interleaveComma(values, os);
  os << close;
  return s;
}

/// A shape as "[64, 128]".
inline std::string shapeToString(ArrayRef<int64_t> shape) {
  return joinInts(shape, "[", "]");
}

/// Element coordinates as "(3, 10)".
inline std::string coordsToString(ArrayRef<int64_t> coords) {
  return joinInts(coords, "(", ")");
}

} // namespace mlir::tilemlir

#endif // TILEMLIR_DIALECT_COMMON_FORMATTING_H
