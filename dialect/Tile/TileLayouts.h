//===- TileLayouts.h - Layouts of the tile dialect as linear maps -*- C++ -*-===//
//
// What every layout attribute of the tile dialect answers, reached through
// its interface (TileAttrs.td):
//
// - a distributed layout (#tile.blocked, #tile.slice, #tile.wgmma,
//   #tile.dot_operand, #tile.linear) gives, for a tensor shape, the linear
//   layout (register, lane, warp, block) -> (dim0, ..., dimN-1) with all
//   four input dimensions present (block has no bits: TileMLIR kernels are
//   single-CTA) and one output dimension per tensor dimension, of the
//   tensor's size. Where the layout covers more than the shape, the extra
//   input bits get zero bases (broadcast: those threads or registers repeat
//   elements); where it covers less, extra register bits repeat the
//   pattern. Zero register bases are kept (except for slices, which drop
//   the duplicates), so `getNumRegisters()` is what each thread stores.
//   Every dimension of the shape must be a power of two.
//
// - a shared layout (#tile.nvmma_shared, #tile.swizzled_shared; or none:
//   plain row-major) gives the offset map (dim0, ..., dimN-1) -> (offset):
//   where each element lives, `offset` counted in elements of the buffer's
//   storage width (bytes = offset * storage bits / 8; 4-bit elements count
//   in nibbles, fp4-padded ones in bytes). It comes from one addressing
//   formula, `evalSharedElementOffset`, written once over an abstract
//   arithmetic: `getSharedElementOffset` evaluates it on constants, the
//   offset map takes its image of each unit coordinate (and checks it
//   against the formula), and the NVVM lowering emits the offset map as
//   XORs of bases where it exists, the formula as IR where it does not.
//
// Verifiers use these answers: a tensor whose layout cannot describe its
// shape is rejected where the type is built (VerifiableTensorEncoding).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_DIALECT_TILE_TILELAYOUTS_H
#define TILEMLIR_DIALECT_TILE_TILELAYOUTS_H

#include "Tile/TileDialect.h"

#include "llvm/Support/MathExtras.h"

namespace mlir::tilemlir {

/// The linear layout of a distributed layout attribute (#tile.blocked,
/// #tile.slice, #tile.wgmma, #tile.dot_operand, #tile.linear) for a tensor
/// of the given shape.
FailureOr<LinearLayout> toLinearLayout(ArrayRef<int64_t> shape,
                                       Attribute layout,
                                       EmitErrorFn emitError = {});
/// Bits of storage per element of a shared buffer: 8 for fp4-padded NVMMA
/// buffers, the element width otherwise.
unsigned getSharedStorageBits(unsigned elementBits, Attribute layout);

/// The addressing formula of shared buffers: the element offset (in
/// elements of `storageBits`, see getSharedStorageBits) of `coords`, for a
/// buffer of `shape` in `layout` (null = plain row-major):
/// - unswizzled: row-major in memory order (a transposed NVMMA buffer is
///   column major over its last two dimensions);
/// - NVMMA with swizzle S bytes: the contiguous dimension splits into
///   chunks of S bytes, each a [rows x S] block; within each 8-row atom the
///   16-byte unit XORs with the 128-byte row; leading dimensions are whole
///   tiles;
/// - swizzled_shared: vec-element groups of order[0] XOR (coordinate of
///   order[1] / perPhase) mod maxPhase.
/// `A` is the arithmetic, so the formula is written once for constants and
/// for IR: it provides `Value` and c(int64_t), add(V, V), xorI(V, V), and
/// mul, udiv, urem, lshr, shl, andI of a V by an int64_t. The caller checks
/// that storageBits is a power of two in [1, 64] and that a swizzled_shared
/// order has the buffer's rank.
template <typename A>
typename A::Value
evalSharedElementOffset(A &a, ArrayRef<int64_t> shape, unsigned storageBits,
                        Attribute layout, ArrayRef<typename A::Value> coords) {
  using V = typename A::Value;
  int64_t rank = shape.size();
  auto rowMajor = [&](ArrayRef<V> idx, ArrayRef<int64_t> dims) {
    V linear = a.c(0);
    for (auto [i, d] : llvm::zip_equal(idx, dims))
      linear = a.add(a.mul(linear, d), i);
    return linear;
  };

  auto nvmma = dyn_cast_or_null<tile::NVMMASharedLayoutAttr>(layout);
  if (!layout || (nvmma && nvmma.getSwizzle() == 0)) {
    if (!nvmma || !nvmma.getTransposed() || rank < 2)
      return rowMajor(coords, shape);
    SmallVector<V> memCoords(coords);
    SmallVector<int64_t> memShape(shape);
    std::swap(memCoords[rank - 1], memCoords[rank - 2]);
    std::swap(memShape[rank - 1], memShape[rank - 2]);
    return rowMajor(memCoords, memShape);
  }

  if (nvmma) {
    // A single row: only the swizzle within the row would apply, and a row
    // of S bytes has none.
    if (rank < 2)
      return coords[0];
    int64_t swizzle = nvmma.getSwizzle();
    bool transposed = nvmma.getTransposed();
    int64_t contigDim = transposed ? rank - 2 : rank - 1;
    int64_t rowDim = transposed ? rank - 1 : rank - 2;
    int64_t perRow = swizzle * 8 / storageBits;
    V contig = coords[contigDim], row = coords[rowDim];
    V off = a.add(a.mul(a.udiv(contig, perRow), shape[rowDim] * perRow),
                  a.add(a.mul(row, perRow), a.urem(contig, perRow)));
    // Shifts, not divisions: 128 and 16 bytes are powers of two elements.
    V unit = a.andI(a.lshr(off, llvm::Log2_64(1024 / storageBits)),
                    swizzle / 16 - 1);
    off = a.xorI(off, a.shl(unit, llvm::Log2_64(128 / storageBits)));
    if (rank > 2)
      off = a.add(off, a.mul(rowMajor(coords.drop_back(2), shape.drop_back(2)),
                             shape[rank - 1] * shape[rank - 2]));
    return off;
  }

  auto swizzled = cast<tile::SwizzledSharedLayoutAttr>(layout);
  if (rank < 2)
    return rowMajor(coords, shape);
  ArrayRef<unsigned> order = swizzled.getOrder();
  unsigned inner = order[0], outer = order[1];
  int64_t vec = swizzled.getVec();
  V phase = a.urem(a.udiv(coords[outer], swizzled.getPerPhase()),
                   swizzled.getMaxPhase());
  V col = coords[inner];
  V swizzledCol =
      a.add(a.mul(a.xorI(a.udiv(col, vec), phase), vec), a.urem(col, vec));
  // Linearized from the fastest dimension (order[0]) outwards.
  V linear = a.c(0);
  int64_t stride = 1;
  for (unsigned d : order) {
    linear = a.add(linear, a.mul(d == inner ? swizzledCol : coords[d], stride));
    stride *= shape[d];
  }
  return linear;
}

/// Element offset of `coords` in a shared buffer of the given shape and
/// layout (null = plain row-major): the formula above on constants, after
/// checking the coordinates and parameters. Works for any shape, power of
/// two or not.
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
} // namespace mlir::tilemlir

#endif // TILEMLIR_DIALECT_TILE_TILELAYOUTS_H
