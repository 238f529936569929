//===- RecomputedWindows.h - Windows of recomputed tiles --------*- C++ -*-===//
//
// A window (tile.extract_slice) of a tile that tile-legalize-layouts
// recomputes in each layout its uses need (a tile computed from nothing but
// tile.range, tile.splat and constants: offsets, masks, fill values) is
// that computation over the window alone.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TRANSFORMS_RECOMPUTEDWINDOWS_H
#define TILEMLIR_TRANSFORMS_RECOMPUTEDWINDOWS_H

#include "mlir/IR/Operation.h"

namespace mlir::tilemlir {

/// Replaces each window under `root` cut from a tile without a layout that
/// is computed from nothing (isCheapProducer all the way up) by the same
/// computation over the window: tile.range shifted to the window, splats
/// and constants of the window's shape, tile.broadcast, tile.expand_dims
/// and elementwise ops of their operands' windows, and a window of a
/// window cut at once. The window then costs its own elements, and leaves
/// nothing to keep in the threads that hold it (a window of fewer elements
/// than a layout's threads, or at offsets that are not multiples of its
/// sizes, would need other threads' registers). Computations left unused
/// are erased.
void cutRecomputedWindows(Operation *root);

} // namespace mlir::tilemlir

#endif // TILEMLIR_TRANSFORMS_RECOMPUTEDWINDOWS_H
