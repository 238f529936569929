//===- CHeader.h - Ahead-of-time C launchers for compiled kernels -*- C++ -*-=//
//
// tile-translate --emit=c-header (CHeader.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TOOLS_TILETRANSLATE_CHEADER_H
#define TILEMLIR_TOOLS_TILETRANSLATE_CHEADER_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Types.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::tilemlir {

/// One kernel as the header presents it: its argument types as written
/// (before lowering), and the block size and dynamic shared memory its
/// lowered form launches with.
struct HeaderKernel {
  std::string name;
  SmallVector<Type> argTypes;
  std::array<int64_t, 3> block = {1, 1, 1};
  int64_t sharedBytes = 0;
  /// Where the kernel is defined, for diagnostics.
  std::optional<Location> loc;
  /// Its `tile.grid` maps and `tile.grid_symbols` (null when it has none):
  /// the header then also computes the grid (`_grid`, `_auto`).
  ArrayAttr grid, gridSymbols;
  /// The descriptor arguments that TMA stores or reductions write through
  /// (their tensor maps get the runtime's rule for written maps).
  SmallVector<bool> writtenArgs;
  /// Its `known_cluster_size` ({1, 1, 1} without one): the header launches
  /// it in clusters of that shape.
  std::array<int64_t, 3> cluster = {1, 1, 1};
  /// Marked `tile.dependent_launch`: the header launches it as a
  /// programmatic dependent launch.
  bool dependentLaunch = false;

  bool isWritten(unsigned i) const {
    return i < writtenArgs.size() && writtenArgs[i];
  }
};

/// The header for gpu.module `moduleName` (its cubin, compiled for `chip`
/// from the file `source`); reports arguments a C launcher cannot take, at
/// the kernel.
FailureOr<std::string> emitCHeader(StringRef moduleName, StringRef chip,
                                   StringRef source,
                                   ArrayRef<HeaderKernel> kernels,
                                   StringRef cubin);

} // namespace mlir::tilemlir

#endif // TILEMLIR_TOOLS_TILETRANSLATE_CHEADER_H
