//===- RegisterTiles.h - Register tiles as vectors of registers -*- C++ -*-===//
//
// Register tiles (tensor values) become one vector of the executing
// thread's elements. Which tiles, and in which order:
//
// - wgmma accumulator tiles (#tile.wgmma with warpsPerCTA = [W, 1] and
//   instrShape[1] = N, shape M x N with M a multiple of 16 W): the order of
//   the wgmma fragment, which for power-of-two shapes is the register order
//   of the layout's linear layout (lib/Analysis), and for the others (N =
//   24, 48, ...; no linear layout exists) getWgmmaFragmentCoords;
// - distributed tiles (#tile.blocked, #tile.slice, #tile.linear,
//   #tile.dot_operand, and wgmma accumulator tiles with a linear layout) of
//   rank 1 to 4, power-of-two shapes and whole-byte, i1 or index elements:
//   the register order of their linear layout. Element r of the vector is
//   register r of the layout, whose tensor coordinates are
//
//     L(register = r, lane, warp) = L(r, 0, 0) XOR L(0, lane, 0)
//                                   XOR L(0, 0, warp)
//
//   The register part is a constant; the thread part is the XOR of the
//   lane and warp bases selected by the bits of the lane and warp ids.
//
// The op families (ElementwiseToNVVM.cpp, ConvertLayoutToNVVM.cpp, ...)
// build on the helpers here.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_LIB_CONVERSION_TILETONVVM_REGISTERTILES_H
#define TILEMLIR_LIB_CONVERSION_TILETONVVM_REGISTERTILES_H

#include "Common.h"

#include "TileMLIR/Analysis/LayoutConversions.h"
#include "TileMLIR/Analysis/LayoutQueries.h"

namespace mlir::tilemlir {

/// The linear layout of a distributed register tile (see above), or
/// failure, emitting through `emitError` the rule the type breaks.
FailureOr<LinearLayout> getRegisterLayout(Type type,
                                          EmitErrorFn emitError = {});

/// Success for the register tiles the lowering converts to vectors (wgmma
/// accumulator tiles and distributed tiles, see above); otherwise emits
/// through `emitError` the rule the type breaks, with its numbers.
LogicalResult checkRegisterTileType(Type type, EmitErrorFn emitError = {});

/// #tile.blocked, #tile.slice, #tile.linear or #tile.dot_operand.
bool isDistributedLayout(Attribute layout);

/// Elements per thread of a wgmma accumulator tile (getSupportedWgmma).
int64_t getWgmmaElementsPerThread(RankedTensorType type);

/// (row, col) of register `r` of the executing thread in a wgmma
/// accumulator tile: the fragment order of the wgmma instruction,
///
///   register r:  m-rep = r / (N/2), q = r % (N/2), k = q / 4,
///                i = (q / 2) % 2, j = q % 2
///   row = m-rep * 16 * W + warp * 16 + lane / 4 + 8 * i
///   col = k * 8 + (lane % 4) * 2 + j
///
/// which is the register order of the #tile.wgmma linear layout wherever
/// one exists; this formula serves the shapes without one.
std::pair<Value, Value> getWgmmaFragmentCoords(I32Builder &ib,
                                               RankedTensorType type, int64_t r,
                                               Value warp, Value lane);

/// Tensor coordinates of register `r` (the constant part).
SmallVector<int32_t> getRegisterCoords(const LinearLayout &layout, int64_t r);

/// Per tensor dimension, the thread part of the coordinates of the
/// executing thread's elements (i32).
SmallVector<Value> getThreadCoords(OpBuilder &b, Location loc,
                                   const LinearLayout &layout);

/// Row-major element offset of the executing thread's part of `layout`'s
/// coordinates.
Value getFlatThreadOffset(OpBuilder &b, Location loc,
                          const LinearLayout &layout);

/// `scalar` in every element of a vector of `type`.
Value createSplat(OpBuilder &b, Location loc, VectorType type, Value scalar);

/// Registers [first, first + count) of the register vector `tile`: the
/// element itself when count is 1, else a vector of them (one vector
/// access moves a run of registers).
Value extractRegisterRun(OpBuilder &b, Location loc, Value tile, int64_t first,
                         int64_t count);
/// `tile` with registers from `first` on replaced by `run` (a scalar, or a
/// vector of consecutive registers).
Value insertRegisterRun(OpBuilder &b, Location loc, Value tile, Value run,
                        int64_t first);

/// Coordinates along `dim` of all the thread's elements, as vector<R x i32>.
Value getCoordVector(OpBuilder &b, Location loc, const LinearLayout &layout,
                     unsigned dim, Value threadCoord);

using Projection = function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)>;

/// For each register of `dst`, the register of `src` that holds the same
/// element in the same thread, where `project` maps dst coordinates to src
/// coordinates (linearly), then `offset` (if given; each a multiple of dst's
/// size along its dimension) is added. Fails, emitting why, when some
/// thread would need another thread's data.
FailureOr<SmallVector<int32_t>> getRegisterMap(const LinearLayout &src,
                                               const LinearLayout &dst,
                                               Projection project,
                                               EmitErrorFn emitError = {},
                                               ArrayRef<int32_t> offset = {});

/// Register map of tile.expand_dims, tile.broadcast, tile.extract_slice or
/// tile.convert_layout (see getRegisterMap): expand_dims drops `axis`,
/// broadcast zeroes the coordinates along the source's size-1 dimensions,
/// extract_slice adds its offsets (multiples of the result's sizes).
FailureOr<SmallVector<int32_t>> getOpRegisterMap(Operation *op,
                                                 EmitErrorFn emitError = {});

/// Replaces `op` by the registers `map` picks from `src` (getOpRegisterMap):
/// `src` itself where that is all of them in order.
void replaceWithRegisterShuffle(Operation *op, Value src, ArrayRef<int32_t> map,
                                ConversionPatternRewriter &rewriter);

/// `value` of another lane through 32-bit `shfl.sync` (all lanes take
/// part): `laneOrMask` is the source lane (idx) or the XOR mask (bfly).
Value shuffleSync(OpBuilder &b, Location loc, Value value, Value laneOrMask,
                  NVVM::ShflKind kind);

} // namespace mlir::tilemlir

#endif // TILEMLIR_LIB_CONVERSION_TILETONVVM_REGISTERTILES_H
