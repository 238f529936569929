//===- LayoutConversions.h - tile layouts as linear layouts -----*- C++ -*-===//
//
// Linear layouts of register tile types and shared buffer types. Each
// layout attribute answers for itself (Tile/TileLayouts.h, through the
// layout interfaces of TileAttrs.td); these are the type-level entry
// points the analyses and the lowering use, plus the way back from a
// linear layout to a `#tile.linear` attribute.
//
// Shared layouts are described two ways:
//   - the offset map (dim0, ..., dimN-1) -> (offset) (Tile/TileLayouts.h);
//   - the shared layout (offset) -> (dim0, ..., dimN-1): its inverse.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_ANALYSIS_LAYOUTCONVERSIONS_H
#define TILEMLIR_ANALYSIS_LAYOUTCONVERSIONS_H

#include "TileMLIR/Analysis/LinearLayout.h"

#include "Tile/TileLayouts.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::tilemlir {

/// The linear layout of a register tile type (its encoding is the layout).
FailureOr<LinearLayout> toLinearLayout(RankedTensorType type,
                                       EmitErrorFn emitError = {});

/// The `#tile.linear` attribute for a distributed linear layout (inputs
/// register, lane (5 bits), warp, block; outputs dim0..); null when the
/// layout does not have that form.
tile::LinearLayoutAttr toLinearLayoutAttr(MLIRContext *context,
                                          const LinearLayout &layout);

/// The offset map (dim0, ..., dimN-1) -> (offset) of a shared buffer type.
FailureOr<LinearLayout> getSharedOffsetMap(tile::SharedMemoryType type,
                                           EmitErrorFn emitError = {});

/// The shared layout (offset) -> (dim0, ..., dimN-1), the inverse of the
/// offset map.
FailureOr<LinearLayout> toLinearLayout(tile::SharedMemoryType type,
                                       EmitErrorFn emitError = {});

/// Bit width of the elements a register tile of `type` moves to or from
/// memory: integers and floats their width, index 64, `!tile.ptr<T>` the
/// width of T (a tile of pointers loads T). 0 when unknown.
unsigned getTileElementBits(Type elementType);

} // namespace mlir::tilemlir

#endif // TILEMLIR_ANALYSIS_LAYOUTCONVERSIONS_H
