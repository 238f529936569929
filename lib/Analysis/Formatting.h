//===- Formatting.h - Shared message helpers of lib/Analysis ----*- C++ -*-===//
//
// Internal to lib/Analysis: how the layout code reports failures and prints
// shapes and coordinates in its messages.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_ANALYSIS_FORMATTING_H
#define TILEMLIR_ANALYSIS_FORMATTING_H

#include "TileMLIR/Analysis/LayoutConversions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::tilemlir {

/// Emits `msg` through `emitError` when there is one; always fails.
inline LogicalResult emitFailure(EmitErrorFn emitError,
                                 const llvm::Twine &msg) {
  if (emitError)
    emitError() << msg;
  return failure();
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

#endif // TILEMLIR_ANALYSIS_FORMATTING_H
