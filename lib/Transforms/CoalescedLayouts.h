//===- CoalescedLayouts.h - The layouts loads and stores anchor -*- C++ -*-===//
//
// The #tile.blocked layouts tile-legalize-layouts gives tiles that global
// memory is read into or written from (and every tile nothing else lays
// out): each warp's accesses coalesced into whole 32-byte sectors, and
// windows cut from the tile (tile.extract_slice) kept within the threads
// that hold them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TRANSFORMS_COALESCEDLAYOUTS_H
#define TILEMLIR_TRANSFORMS_COALESCEDLAYOUTS_H

#include "Tile/TileDialect.h"

namespace mlir::tilemlir {

/// The coalesced #tile.blocked layout of a `shape` tile of `bits`-bit
/// elements over `numWarps` warps: `contiguity` consecutive elements of the
/// last dimension per thread (at most 16 bytes), lanes along the last
/// dimension first, warps along the first.
tile::BlockedLayoutAttr getCoalescedLayout(MLIRContext *context,
                                           ArrayRef<int64_t> shape,
                                           unsigned bits, int64_t numWarps,
                                           int64_t contiguity);

/// The coalesced layout of a `type` tile from which `windows` are cut: the
/// one for the smallest of them along each dimension (its elements over
/// every thread once, with narrower vectors where that takes them) where
/// the whole tile's would make some window need other threads' data (a
/// window is a selection of each thread's registers only when the
/// layout's tile of threads fits in it), else the whole tile's; the whole
/// tile's too when that smallest window has fewer elements than threads.
tile::BlockedLayoutAttr getCoalescedLayout(RankedTensorType type,
                                           ArrayRef<RankedTensorType> windows,
                                           int64_t numWarps,
                                           int64_t contiguity);

/// A layout of the source of `window` in which the window stays in the
/// threads that hold it: the coalesced one laid out for the window where
/// there is one; else (a window of fewer elements than threads) the
/// window's layout of one element per thread, with a register bit for
/// each bit of the source above the window (the threads the window's
/// layout broadcasts over hold copies of the source). Null when the copy
/// would exceed a thread's register bound, or for offsets that are not
/// multiples of the window's sizes (no layout makes such a window a
/// selection of registers): the lowering reads those windows through
/// shared memory.
Attribute getThreadLocalSourceLayout(tile::ExtractSliceOp window,
                                     int64_t numWarps);

/// The share of each 32-byte sector that one warp access of `type` (in
/// its layout, memory contiguous along the last dimension in runs of
/// `contiguity`) uses; 0 when the layout is not understood.
double getSectorEfficiency(RankedTensorType type, int64_t contiguity);

} // namespace mlir::tilemlir

#endif // TILEMLIR_TRANSFORMS_COALESCEDLAYOUTS_H
