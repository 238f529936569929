//===- LayoutConversions.h - tile layouts as linear layouts -----*- C++ -*-===//
//
// Conversions of the tile dialect's layout attributes to LinearLayout, for
// a given tensor shape. Every dimension of the shape must be a power of two.
//
// Register (distributed) layouts map
//   (register, lane, warp, block) -> (dim0, ..., dimN-1)
// with all four input dimensions present (block has no bits: TileMLIR
// kernels are single-CTA) and one output dimension per tensor dimension,
// of the tensor's size. Where the layout covers more than the shape, the
// extra input bits get zero bases (broadcast: those threads or registers
// repeat elements); where it covers less, extra register bits repeat the
// pattern. Zero register bases are kept (except for slices, which drop
// the duplicates), so `getNumRegisters()` is what each thread stores.
//
// Shared layouts are described two ways:
//   - the offset map (dim0, ..., dimN-1) -> (offset): where each element
//     lives, `offset` counted in elements of the buffer's storage width
//     (bytes = offset * storage bits / 8; 4-bit elements count in nibbles,
//     fp4-padded ones in bytes);
//   - the shared layout (offset) -> (dim0, ..., dimN-1): its inverse.
// Both agree, element for element, with the scalar addressing the lowering
// emits (TileToNVVM's emitElementOffset), which `getSharedElementOffset`
// reproduces.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_ANALYSIS_LAYOUTCONVERSIONS_H
#define TILEMLIR_ANALYSIS_LAYOUTCONVERSIONS_H

#include "TileMLIR/Analysis/LinearLayout.h"

#include "Tile/TileDialect.h"

namespace mlir::tilemlir {

/// Where conversions report why they fail; may be null (silent).
using EmitErrorFn = llvm::function_ref<InFlightDiagnostic()>;

/// The linear layout of a distributed layout attribute (#tile.blocked,
/// #tile.slice, #tile.wgmma, #tile.dot_operand, #tile.linear) for a tensor
/// of the given shape.
FailureOr<LinearLayout> toLinearLayout(ArrayRef<int64_t> shape,
                                       Attribute layout,
                                       EmitErrorFn emitError = {});
/// The same for a register tile type (its encoding is the layout).
FailureOr<LinearLayout> toLinearLayout(RankedTensorType type,
                                       EmitErrorFn emitError = {});

/// The `#tile.linear` attribute for a distributed linear layout (inputs
/// register, lane (5 bits), warp, block; outputs dim0..); null when the
/// layout does not have that form.
tile::LinearLayoutAttr toLinearLayoutAttr(MLIRContext *context,
                                          const LinearLayout &layout);

/// Bits of storage per element of a shared buffer: 8 for fp4-padded NVMMA
/// buffers, the element width otherwise.
unsigned getSharedStorageBits(unsigned elementBits, Attribute layout);

/// Element offset of `coords` in a shared buffer of the given shape and
/// layout (null = plain row-major), computed exactly as the scalar lowering
/// does. Works for any shape, power of two or not.
FailureOr<int64_t> getSharedElementOffset(ArrayRef<int64_t> shape,
                                          unsigned elementBits,
                                          Attribute layout,
                                          ArrayRef<int64_t> coords,
                                          EmitErrorFn emitError = {});

/// The offset map (dim0, ..., dimN-1) -> (offset) of a shared buffer.
FailureOr<LinearLayout> getSharedOffsetMap(ArrayRef<int64_t> shape,
                                           unsigned elementBits,
                                           Attribute layout,
                                           EmitErrorFn emitError = {});
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
