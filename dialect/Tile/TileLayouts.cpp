//===- TileLayouts.cpp - tile layouts as linear layouts -------------------===//
//
// Register layouts are built from unit bases (each basis moves along one
// tensor dimension by a power of two), in hardware order: the bits a
// layout's parameters describe first, then extra register bits that repeat
// the pattern over a larger tensor. A basis that points past the tensor's
// extent is zeroed: those threads (or registers) broadcast. Because the
// parameters' bits are laid out registers < lanes < warps along each
// dimension, zeroing "everything at or past the extent" is exactly
// Triton's rule of broadcasting warps first, then lanes, then registers.
//
// Shared layouts are built by evaluating the scalar addressing formula on
// every unit coordinate; the result is then checked against the formula on
// all (or, for large buffers, many) elements, so the linear map provably
// agrees with what the lowering emits.
//
//===----------------------------------------------------------------------===//

#include "Tile/TileLayouts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilemlir;

namespace {

LogicalResult checkPowerOfTwoShape(ArrayRef<int64_t> shape, StringRef what,
                                   EmitErrorFn emitError) {
  if (shape.empty())
    return emitFailure(emitError, what + " has rank 0; layouts need rank "
                                         "at least 1");
  int64_t bits = 0;
  for (int64_t d : shape) {
    if (d <= 0 || !llvm::isPowerOf2_64(d))
      return emitFailure(emitError,
                         what + " shape " + shapeToString(shape) +
                             " has a dimension of " + llvm::Twine(d) +
                             ", not a power of two: linear layouts need "
                             "power-of-two dimensions");
    bits += llvm::Log2_64(d);
  }
  if (bits > 30)
    return emitFailure(emitError, what + " shape " + shapeToString(shape) +
                                      " has more than 2^30 elements");
  return success();
}

int32_t log2Int(int64_t v) { return llvm::Log2_64(v); }

/// Unit bases of a register layout under construction.
struct DistributedBuilder {
  explicit DistributedBuilder(unsigned rank) : rank(rank) {}

  void add(SmallVector<LinearLayout::Basis> &list, unsigned dim,
           int64_t value) {
    LinearLayout::Basis b(rank, 0);
    b[dim] = value;
    list.push_back(std::move(b));
  }
  void addZero(SmallVector<LinearLayout::Basis> &list) {
    list.push_back(LinearLayout::Basis(rank, 0));
  }

  /// Zeroes coordinates at or past the extent (broadcast) and builds the
  /// layout onto `shape`.
  FailureOr<LinearLayout> finish(ArrayRef<int64_t> shape,
                                 EmitErrorFn emitError) {
    SmallVector<LinearLayout::InDim> ins = {{kRegister.str(), reg},
                                            {kLane.str(), lane},
                                            {kWarp.str(), warp},
                                            {kBlock.str(), block}};
    for (LinearLayout::InDim &in : ins)
      for (LinearLayout::Basis &b : in.bases)
        for (unsigned d = 0; d < rank; ++d)
          if (b[d] >= shape[d])
            b[d] = 0;
    SmallVector<LinearLayout::OutDim> outs;
    for (unsigned d = 0; d < rank; ++d)
      outs.push_back({getTensorDimName(d), int32_t(shape[d])});
    std::string why;
    FailureOr<LinearLayout> layout = LinearLayout::get(ins, outs, &why);
    if (failed(layout))
      return emitFailure(emitError, "internal error: " + why);
    return layout;
  }

  unsigned rank;
  SmallVector<LinearLayout::Basis> reg, lane, warp, block;
};

} // namespace

//===----------------------------------------------------------------------===//
// The interface: checks common to every distributed layout
//===----------------------------------------------------------------------===//

static FailureOr<LinearLayout> convert(DistributedLayoutAttr layout,
                                       ArrayRef<int64_t> shape, bool relaxed,
                                       EmitErrorFn emitError) {
  if (failed(checkPowerOfTwoShape(shape, "tensor", emitError)))
    return failure();
  if (layout.getRank() != shape.size())
    return emitFailure(emitError,
                       "layout has rank " + llvm::Twine(layout.getRank()) +
                           " but the tensor shape " + shapeToString(shape) +
                           " has rank " + llvm::Twine(shape.size()));
  return layout.buildLinearLayout(shape, relaxed, emitError);
}

FailureOr<LinearLayout>
DistributedLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                      EmitErrorFn emitError) const {
  return convert(*this, shape, /*relaxed=*/false, emitError);
}

FailureOr<LinearLayout>
DistributedLayoutAttr::toRelaxedLinearLayout(ArrayRef<int64_t> shape,
                                             EmitErrorFn emitError) const {
  return convert(*this, shape, /*relaxed=*/true, emitError);
}

FailureOr<LinearLayout> tilemlir::toLinearLayout(ArrayRef<int64_t> shape,
                                                 Attribute layout,
                                                 EmitErrorFn emitError) {
  if (!layout)
    return emitFailure(emitError, "the tensor has no layout");
  auto dist = dyn_cast<DistributedLayoutAttr>(layout);
  if (!dist)
    return emitFailure(emitError, "not a distributed layout");
  return dist.toLinearLayout(shape, emitError);
}

/// A register tile type is checked where it is built: every element of
/// the tile must have an owner. Blocked, wgmma and dot-operand layouts own
/// every element by construction (they repeat registers over larger tiles
/// and broadcast over smaller ones); an explicit #tile.linear layout (or a
/// slice of one) must reach every element with bases inside the shape.
/// Ranks that disagree, and shapes linear layouts cannot describe (not
/// powers of two), are left to the operations that use the tile, which
/// name the operation in their message.
/// Every thread also holds a bounded number of elements:
/// kMaxTileRegistersPerThread 32-bit words (elements of less than 32 bits
/// count as whole words, as the lowering keeps one per LLVM value). A
/// thread has at most 255 registers; the bound leaves room for the largest
/// tile the hardware feeds from registers, a 128x256 f32 wgmma accumulator
/// of one warpgroup (256 words per thread), which ptxas spills a little.
/// Larger tiles would not fit anywhere, and their lowering grows with the
/// register count (minutes and gigabytes at 65536 elements a thread).
static LogicalResult verifyTileEncoding(DistributedLayoutAttr layout,
                                        ArrayRef<int64_t> shape,
                                        Type elementType,
                                        EmitErrorFn emitError) {
  if (layout.getRank() != shape.size())
    return success();
  for (int64_t d : shape)
    if (ShapedType::isDynamic(d) || d <= 0 || !llvm::isPowerOf2_64(d))
      return success();
  Attribute root = layout;
  while (auto slice = dyn_cast<SliceLayoutAttr>(root))
    root = slice.getParent();
  if (isa<LinearLayoutAttr>(root) &&
      failed(layout.toLinearLayout(shape, emitError)))
    return failure();
  // Layouts that do not fit the shape are the using operations' to report.
  FailureOr<LinearLayout> linear =
      layout.toLinearLayout(shape, [] { return InFlightDiagnostic(); });
  if (failed(linear))
    return success();
  int64_t elements = linear->getNumRegisters();
  int64_t bits = elementType && elementType.isIntOrFloat()
                     ? elementType.getIntOrFloatBitWidth()
                     : 64;
  int64_t words = elements * llvm::divideCeil(bits, 32);
  if (words <= kMaxTileRegistersPerThread)
    return success();
  return emitError() << "a tile of shape " << shapeToString(shape)
                     << " holds " << elements << " " << bits
                     << "-bit elements (" << words
                     << " 32-bit registers) in every thread, but a thread "
                        "can hold at most "
                     << kMaxTileRegistersPerThread
                     << " registers of a tile: spread it over more threads "
                        "or split it";
}

#define TILE_VERIFY_ENCODING(Attr)                                             \
  LogicalResult Attr::verifyEncoding(ArrayRef<int64_t> shape,                 \
                                     Type elementType,                        \
                                     EmitErrorFn emitError) const {           \
    return verifyTileEncoding(*this, shape, elementType, emitError);          \
  }
TILE_VERIFY_ENCODING(BlockedLayoutAttr)
TILE_VERIFY_ENCODING(SliceLayoutAttr)
TILE_VERIFY_ENCODING(WgmmaLayoutAttr)
TILE_VERIFY_ENCODING(DotOperandLayoutAttr)
TILE_VERIFY_ENCODING(LinearLayoutAttr)
#undef TILE_VERIFY_ENCODING

//===----------------------------------------------------------------------===//
// #tile.blocked
//===----------------------------------------------------------------------===//

FailureOr<LinearLayout>
BlockedLayoutAttr::buildLinearLayout(ArrayRef<int64_t> shape, bool,
                                     EmitErrorFn emitError) const {
  unsigned rank = shape.size();
  ArrayRef<unsigned> spt = getSizePerThread(), tpw = getThreadsPerWarp(),
                     wpc = getWarpsPerCTA(), order = getOrder();
  for (ArrayRef<unsigned> values : {spt, tpw, wpc})
    for (unsigned v : values)
      if (v == 0 || !llvm::isPowerOf2_32(v))
        return emitFailure(emitError, "blocked layout parameters must be "
                                      "powers of two");
  DistributedBuilder builder(rank);
  // Each parameter's bits, fastest dimension (order[0]) first.
  for (unsigned d : order)
    for (int32_t b = 0; b < log2Int(spt[d]); ++b)
      builder.add(builder.reg, d, int64_t(1) << b);
  for (unsigned d : order)
    for (int32_t b = 0; b < log2Int(tpw[d]); ++b)
      builder.add(builder.lane, d, int64_t(1) << (log2Int(spt[d]) + b));
  for (unsigned d : order)
    for (int32_t b = 0; b < log2Int(wpc[d]); ++b)
      builder.add(builder.warp, d,
                  int64_t(1) << (log2Int(spt[d]) + log2Int(tpw[d]) + b));
  // Repetitions over a larger tensor: more registers, fastest dim first.
  for (unsigned d : order) {
    int32_t covered = log2Int(spt[d]) + log2Int(tpw[d]) + log2Int(wpc[d]);
    for (int32_t p = covered; p < log2Int(shape[d]); ++p)
      builder.add(builder.reg, d, int64_t(1) << p);
  }
  return builder.finish(shape, emitError);
}

//===----------------------------------------------------------------------===//
// #tile.wgmma and its A operand
//===----------------------------------------------------------------------===//

namespace {

LogicalResult checkWgmmaParams(WgmmaLayoutAttr wgmma, EmitErrorFn emitError) {
  ArrayRef<unsigned> warps = wgmma.getWarpsPerCTA(),
                     instr = wgmma.getInstrShape();
  if (warps.size() != 2 || instr.size() != 2)
    return emitFailure(emitError, "wgmma layouts are 2-D");
  if (!llvm::isPowerOf2_32(instr[1]))
    return emitFailure(emitError,
                       "wgmma instrShape N = " + llvm::Twine(instr[1]) +
                           " is not a power of two: linear layouts need "
                           "power-of-two instruction tiles");
  if (!llvm::isPowerOf2_32(warps[0]) || !llvm::isPowerOf2_32(warps[1]))
    return emitFailure(emitError,
                       "wgmma warpsPerCTA [" + llvm::Twine(warps[0]) + ", " +
                           llvm::Twine(warps[1]) + "] must be powers of two");
  if (warps[0] % 4 != 0)
    return emitFailure(emitError, "wgmma warpsPerCTA[0] must be a multiple "
                                  "of 4 (whole warpgroups along M)");
  return success();
}

} // namespace

FailureOr<LinearLayout>
WgmmaLayoutAttr::buildLinearLayout(ArrayRef<int64_t> shape, bool,
                                   EmitErrorFn emitError) const {
  WgmmaLayoutAttr wgmma = *this;
  if (failed(checkWgmmaParams(wgmma, emitError)))
    return failure();
  // A shape smaller than the warpgroups' tile along a dimension broadcasts
  // along it, as #tile.blocked does: the 1 x N row of a bias or the M x 1
  // column of a row statistic sits in the accumulator's threads, each
  // holding the elements of its accumulator rows or columns (what
  // tile.expand_dims of a slice and tile.broadcast need). The accumulator
  // of a tile.dot itself is a whole number of tiles (its verifier).
  int64_t n = wgmma.getInstrShape()[1];
  int64_t w0 = wgmma.getWarpsPerCTA()[0], w1 = wgmma.getWarpsPerCTA()[1];
  int64_t m = shape[0], nTotal = shape[1];
  DistributedBuilder builder(2);
  // d[k*4 + i*2 + j] holds (row l/4 + 8i, col (l%4)*2 + j + 8k).
  builder.add(builder.reg, 1, 1);
  builder.add(builder.reg, 0, 8);
  for (int64_t v = 8; v < n; v *= 2)
    builder.add(builder.reg, 1, v);
  builder.add(builder.lane, 1, 2);
  builder.add(builder.lane, 1, 4);
  builder.add(builder.lane, 0, 1);
  builder.add(builder.lane, 0, 2);
  builder.add(builder.lane, 0, 4);
  // Warps: 16 rows each along M (four make a warpgroup), then along N.
  for (int64_t v = 16; v < 16 * w0; v *= 2)
    builder.add(builder.warp, 0, v);
  for (int64_t v = n; v < n * w1; v *= 2)
    builder.add(builder.warp, 1, v);
  // Repetitions: along N first, then M.
  for (int64_t v = n * w1; v < nTotal; v *= 2)
    builder.add(builder.reg, 1, v);
  for (int64_t v = 16 * w0; v < m; v *= 2)
    builder.add(builder.reg, 0, v);
  return builder.finish(shape, emitError);
}

FailureOr<LinearLayout>
DotOperandLayoutAttr::buildLinearLayout(ArrayRef<int64_t> shape, bool,
                                        EmitErrorFn emitError) const {
  DotOperandLayoutAttr dot = *this;
  auto wgmma = dyn_cast<WgmmaLayoutAttr>(dot.getParent());
  if (!wgmma)
    return emitFailure(emitError,
                       "dot_operand layouts are supported only with a "
                       "#tile.wgmma parent (the A operand of warpgroup MMA)");
  if (dot.getOpIdx() != 0)
    return emitFailure(emitError, "warpgroup MMA reads only operand A "
                                  "(opIdx = 0) from registers");
  if (failed(checkWgmmaParams(wgmma, emitError)))
    return failure();
  int64_t kw = dot.getKWidth();
  if (kw == 0 || !llvm::isPowerOf2_64(kw))
    return emitFailure(emitError, "kWidth must be a power of two");
  // Smaller shapes broadcast, as for the accumulator layout.
  int64_t w0 = wgmma.getWarpsPerCTA()[0], w1 = wgmma.getWarpsPerCTA()[1];
  int64_t m = shape[0], k = shape[1], kInstr = 8 * kw;
  DistributedBuilder builder(2);
  // Like the accumulator with K as columns: kWidth consecutive K elements
  // per 32-bit register, lanes l%4 along K, l/4 along rows.
  for (int64_t v = 1; v < kw; v *= 2)
    builder.add(builder.reg, 1, v);
  builder.add(builder.reg, 0, 8);
  builder.add(builder.reg, 1, 4 * kw);
  builder.add(builder.lane, 1, kw);
  builder.add(builder.lane, 1, 2 * kw);
  builder.add(builder.lane, 0, 1);
  builder.add(builder.lane, 0, 2);
  builder.add(builder.lane, 0, 4);
  for (int64_t v = 16; v < 16 * w0; v *= 2)
    builder.add(builder.warp, 0, v);
  // Warps along N all need the same A.
  for (int64_t v = 1; v < w1; v *= 2)
    builder.addZero(builder.warp);
  for (int64_t v = kInstr; v < k; v *= 2)
    builder.add(builder.reg, 1, v);
  for (int64_t v = 16 * w0; v < m; v *= 2)
    builder.add(builder.reg, 0, v);
  return builder.finish(shape, emitError);
}

//===----------------------------------------------------------------------===//
// #tile.linear
//===----------------------------------------------------------------------===//

FailureOr<LinearLayout>
LinearLayoutAttr::buildLinearLayout(ArrayRef<int64_t> shape, bool relaxed,
                                    EmitErrorFn emitError) const {
  LinearLayoutAttr attr = *this;
  unsigned rank = shape.size();
  SmallVector<LinearLayout::InDim> ins;
  std::pair<StringRef, ArrayAttr> dims[] = {
      {kRegister, attr.getRegisterBases()},
      {kLane, attr.getLaneBases()},
      {kWarp, attr.getWarpBases()},
      {kBlock, attr.getBlockBases()}};
  for (auto [name, bases] : dims) {
    LinearLayout::InDim in{name.str(), {}};
    for (auto [i, basisAttr] : llvm::enumerate(bases)) {
      auto basis = dyn_cast<DenseI32ArrayAttr>(basisAttr);
      if (!basis || basis.size() != int64_t(rank))
        return emitFailure(emitError, "#tile.linear basis " + llvm::Twine(i) +
                                          " of '" + name +
                                          "' does not have the tensor's rank " +
                                          llvm::Twine(rank));
      LinearLayout::Basis b;
      for (auto [d, coord] : llvm::enumerate(basis.asArrayRef())) {
        int32_t c = coord;
        if (c < 0 || c >= shape[d]) {
          if (!relaxed || c < 0)
            return emitFailure(
                emitError, "#tile.linear basis " + llvm::Twine(i) + " of '" +
                               name + "' has coordinate " + llvm::Twine(c) +
                               " along dimension " + llvm::Twine(d) +
                               ", outside the tensor shape " +
                               shapeToString(shape));
          // Inside a slice the sliced dimension has extent 1.
          c &= int32_t(shape[d] - 1);
        }
        b.push_back(c);
      }
      in.bases.push_back(std::move(b));
    }
    ins.push_back(std::move(in));
  }
  SmallVector<LinearLayout::OutDim> outs;
  for (unsigned d = 0; d < rank; ++d)
    outs.push_back({getTensorDimName(d), int32_t(shape[d])});
  std::string why;
  FailureOr<LinearLayout> layout = LinearLayout::get(ins, outs, &why);
  if (failed(layout))
    return emitFailure(emitError, "#tile.linear: " + why);
  if (!layout->isSurjective())
    return emitFailure(emitError,
                       "#tile.linear layout reaches only 2^" +
                           llvm::Twine(layout->getRank()) + " of the 2^" +
                           llvm::Twine(layout->getTotalOutDimSizeLog2()) +
                           " elements of tensor shape " + shapeToString(shape) +
                           "; every element needs an owner");
  return layout;
}

LinearLayoutAttr LinearLayoutAttr::restrictTo(ArrayRef<int64_t> shape) const {
  MLIRContext *context = getContext();
  auto cut = [&](ArrayAttr bases, bool dropCut) {
    SmallVector<Attribute> kept;
    for (Attribute attr : bases) {
      auto basis = dyn_cast<DenseI32ArrayAttr>(attr);
      if (!basis || basis.size() != int64_t(shape.size()))
        return ArrayAttr();
      SmallVector<int32_t> inside(basis.asArrayRef());
      for (auto [coord, size] : llvm::zip(inside, shape))
        coord &= int32_t(size - 1);
      bool selects = llvm::any_of(inside, [](int32_t c) { return c != 0; });
      if (!dropCut || selects ||
          ArrayRef<int32_t>(inside) == basis.asArrayRef())
        kept.push_back(DenseI32ArrayAttr::get(context, inside));
    }
    return ArrayAttr::get(context, kept);
  };
  ArrayAttr registers = cut(getRegisterBases(), true);
  ArrayAttr lanes = cut(getLaneBases(), false);
  ArrayAttr warps = cut(getWarpBases(), false);
  ArrayAttr blocks = cut(getBlockBases(), false);
  if (!registers || !lanes || !warps || !blocks)
    return *this;
  return LinearLayoutAttr::get(context, registers, lanes, warps, blocks);
}

LinearLayoutAttr LinearLayoutAttr::growTo(ArrayRef<int64_t> shape) const {
  MLIRContext *context = getContext();
  auto toBases = [&](ArrayAttr attr) {
    SmallVector<SmallVector<int32_t>> bases;
    for (Attribute a : attr) {
      auto basis = dyn_cast<DenseI32ArrayAttr>(a);
      if (!basis || basis.size() != int64_t(shape.size()))
        return std::optional<SmallVector<SmallVector<int32_t>>>();
      bases.emplace_back(basis.asArrayRef());
    }
    return std::optional(bases);
  };
  auto registers = toBases(getRegisterBases());
  auto lanes = toBases(getLaneBases());
  auto warps = toBases(getWarpBases());
  if (!registers || !lanes || !warps)
    return *this;
  // Per dimension, the size the layout covers: past its highest coordinate
  // bit.
  SmallVector<int64_t> covered(shape.size(), 1);
  for (auto *bases : {&*registers, &*lanes, &*warps})
    for (ArrayRef<int32_t> basis : *bases)
      for (auto [size, coord] : llvm::zip(covered, basis))
        size = std::max<int64_t>(size, llvm::PowerOf2Ceil(coord + 1));
  // Each missing coordinate bit goes to the first lane, then warp, basis
  // that broadcasts, else to a new register basis. Restricted back to the
  // covered shape, the zero thread bases come back and the new register
  // bases go: restrictTo undoes this.
  auto isZero = [](ArrayRef<int32_t> b) {
    return llvm::all_of(b, [](int32_t c) { return c == 0; });
  };
  for (unsigned d = 0; d < shape.size(); ++d) {
    for (int64_t bit = covered[d]; bit < shape[d]; bit *= 2) {
      SmallVector<int32_t> *free = nullptr;
      for (auto *bases : {&*lanes, &*warps})
        for (SmallVector<int32_t> &basis : *bases)
          if (!free && isZero(basis))
            free = &basis;
      if (!free)
        free = &registers->emplace_back(shape.size(), 0);
      (*free)[d] = int32_t(bit);
    }
  }
  auto toAttr = [&](ArrayRef<SmallVector<int32_t>> bases) {
    SmallVector<Attribute> attrs;
    for (ArrayRef<int32_t> basis : bases)
      attrs.push_back(DenseI32ArrayAttr::get(context, basis));
    return ArrayAttr::get(context, attrs);
  };
  return LinearLayoutAttr::get(context, toAttr(*registers), toAttr(*lanes),
                               toAttr(*warps), getBlockBases());
}

//===----------------------------------------------------------------------===//
// #tile.slice
//===----------------------------------------------------------------------===//

FailureOr<LinearLayout>
SliceLayoutAttr::buildLinearLayout(ArrayRef<int64_t> shape, bool,
                                   EmitErrorFn emitError) const {
  unsigned dim = getDim();
  if (dim > shape.size())
    return emitFailure(emitError, "slice dimension out of range");
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + dim, 1);
  FailureOr<LinearLayout> parent =
      getParent().toRelaxedLinearLayout(parentShape, emitError);
  if (failed(parent))
    return failure();
  // The sliced dimension has extent 1: its coordinates are all zero. Drop
  // it, renumber the dimensions after it, and drop registers that now
  // repeat an element (each thread keeps one copy).
  LinearLayout result = parent->dropOutDim(getTensorDimName(dim));
  for (unsigned d = dim + 1; d < parentShape.size(); ++d)
    result = result.renameOutDim(getTensorDimName(d), getTensorDimName(d - 1));
  return result.removeZeroBases(kRegister);
}

//===----------------------------------------------------------------------===//
// Shared layouts
//===----------------------------------------------------------------------===//

namespace {

/// evalSharedElementOffset's arithmetic on constants (coordinates are in
/// range, so nothing wraps).
struct ConstantArith {
  using Value = int64_t;
  int64_t c(int64_t v) { return v; }
  int64_t add(int64_t x, int64_t y) { return x + y; }
  int64_t xorI(int64_t x, int64_t y) { return x ^ y; }
  int64_t mul(int64_t x, int64_t y) { return x * y; }
  int64_t udiv(int64_t x, int64_t y) { return x / y; }
  int64_t urem(int64_t x, int64_t y) { return x % y; }
  int64_t lshr(int64_t x, int64_t y) { return x >> y; }
  int64_t shl(int64_t x, int64_t y) { return x << y; }
  int64_t andI(int64_t x, int64_t y) { return x & y; }
};

std::string layoutName(Attribute layout) {
  if (!layout)
    return "plain row-major";
  if (isa<NVMMASharedLayoutAttr>(layout))
    return "#tile.nvmma_shared";
  if (isa<SwizzledSharedLayoutAttr>(layout))
    return "#tile.swizzled_shared";
  return "shared";
}

} // namespace

unsigned tilemlir::getSharedStorageBits(unsigned elementBits,
                                        Attribute layout) {
  if (auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(layout))
    if (nvmma.getFp4Padded())
      return 8;
  return elementBits;
}

FailureOr<int64_t> tilemlir::getSharedElementOffset(ArrayRef<int64_t> shape,
                                                    unsigned elementBits,
                                                    Attribute layout,
                                                    ArrayRef<int64_t> coords,
                                                    EmitErrorFn emitError) {
  int64_t rank = shape.size();
  if (rank == 0 || int64_t(coords.size()) != rank)
    return emitFailure(emitError, "element " + coordsToString(coords) +
                                      " does not have the buffer's rank " +
                                      llvm::Twine(rank));
  for (auto [c, d] : llvm::zip_equal(coords, shape))
    if (c < 0 || c >= d)
      return emitFailure(emitError, "element " + coordsToString(coords) +
                                        " is outside the buffer shape " +
                                        shapeToString(shape));
  unsigned bits = getSharedStorageBits(elementBits, layout);
  if (bits == 0 || bits > 64 || !llvm::isPowerOf2_32(bits))
    return emitFailure(emitError, "shared buffers need elements of 1 to 64 "
                                  "bits, a power of two");

  if (layout && !isa<SharedLayoutAttr>(layout))
    return emitFailure(emitError, "not a shared layout");
  if (auto swizzled = dyn_cast_or_null<SwizzledSharedLayoutAttr>(layout))
    if (int64_t(swizzled.getOrder().size()) != rank)
      return emitFailure(emitError,
                         "swizzled_shared layout has rank " +
                             llvm::Twine(swizzled.getOrder().size()) +
                             " but the buffer has rank " + llvm::Twine(rank));
  ConstantArith arith;
  return evalSharedElementOffset(arith, shape, bits, layout, coords);
}

LogicalResult
NVMMASharedLayoutAttr::verifyLinearOffsetMap(ArrayRef<int64_t> shape,
                                             unsigned elementBits,
                                             EmitErrorFn emitError) const {
  if (getElementBits() != elementBits)
    return emitFailure(emitError, "NVMMA layout is for " +
                                      llvm::Twine(getElementBits()) +
                                      "-bit elements, the buffer holds " +
                                      llvm::Twine(elementBits) + "-bit ones");
  unsigned rank = shape.size();
  if (getSwizzle() == 0 || rank < 2)
    return success();
  int64_t contig = getTransposed() ? shape[rank - 2] : shape.back();
  int64_t rowBits = contig * getSharedStorageBits(elementBits, *this);
  if (rowBits % (8 * getSwizzle()) != 0)
    return emitFailure(emitError, "the contiguous dimension spans " +
                                      llvm::Twine(rowBits / 8) +
                                      " bytes, not a multiple of the " +
                                      llvm::Twine(getSwizzle()) +
                                      "-byte swizzle");
  return success();
}

LogicalResult
SwizzledSharedLayoutAttr::verifyLinearOffsetMap(ArrayRef<int64_t>, unsigned,
                                                EmitErrorFn emitError) const {
  for (unsigned v : {getVec(), getPerPhase(), getMaxPhase()})
    if (v == 0 || !llvm::isPowerOf2_32(v))
      return emitFailure(
          emitError,
          "swizzled_shared layout with vec = " + llvm::Twine(getVec()) +
              ", perPhase = " + llvm::Twine(getPerPhase()) +
              ", maxPhase = " + llvm::Twine(getMaxPhase()) +
              " is not linear over GF(2): all three must be "
              "powers of two");
  return success();
}

FailureOr<LinearLayout>
SharedLayoutAttr::getOffsetMap(ArrayRef<int64_t> shape, unsigned elementBits,
                               EmitErrorFn emitError) const {
  return getSharedOffsetMap(shape, elementBits, *this, emitError);
}

namespace {

/// The image of each unit coordinate under the addressing formula: the
/// bases of the offset map, one input dimension per buffer dimension.
FailureOr<SmallVector<LinearLayout::InDim>>
getUnitOffsets(ArrayRef<int64_t> shape, unsigned elementBits, Attribute layout,
               int64_t numElements, EmitErrorFn emitError) {
  SmallVector<LinearLayout::InDim> ins;
  for (unsigned d = 0; d < shape.size(); ++d) {
    LinearLayout::InDim in{getTensorDimName(d), {}};
    for (int32_t b = 0; b < log2Int(shape[d]); ++b) {
      SmallVector<int64_t> coords(shape.size(), 0);
      coords[d] = int64_t(1) << b;
      FailureOr<int64_t> off =
          getSharedElementOffset(shape, elementBits, layout, coords, emitError);
      if (failed(off))
        return failure();
      if (*off >= numElements)
        return emitFailure(
            emitError, layoutName(layout) + " layout puts element " +
                           coordsToString(coords) + " at offset " +
                           llvm::Twine(*off) + ", past the " +
                           llvm::Twine(numElements) +
                           " elements of buffer shape " + shapeToString(shape));
      in.bases.push_back(LinearLayout::Basis{int32_t(*off)});
    }
    ins.push_back(std::move(in));
  }
  return ins;
}

/// The formula is linear for these parameters only if it agrees with the
/// map everywhere: checks every element of small buffers and a spread of
/// elements of large ones.
LogicalResult checkOffsetsAgree(ArrayRef<int64_t> shape, unsigned elementBits,
                                Attribute layout,
                                ArrayRef<LinearLayout::InDim> ins,
                                int64_t numElements, EmitErrorFn emitError) {
  unsigned rank = shape.size();
  int64_t step = numElements <= (int64_t(1) << 14) ? 1 : 0;
  uint64_t state = 0x9E3779B97F4A7C15ull;
  int64_t probes = step ? numElements : 4096;
  for (int64_t p = 0; p < probes; ++p) {
    int64_t flat;
    if (step) {
      flat = p;
    } else {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      flat = int64_t(state >> 17) & (numElements - 1);
    }
    SmallVector<int64_t> coords(rank);
    int64_t rest = flat;
    for (int d = rank - 1; d >= 0; --d) {
      coords[d] = rest % shape[d];
      rest /= shape[d];
    }
    int64_t predicted = 0;
    for (unsigned d = 0; d < rank; ++d)
      for (auto [b, basis] : llvm::enumerate(ins[d].bases))
        if (coords[d] >> b & 1)
          predicted ^= basis[0];
    FailureOr<int64_t> expected =
        getSharedElementOffset(shape, elementBits, layout, coords, emitError);
    if (failed(expected))
      return failure();
    if (predicted != *expected)
      return emitFailure(emitError,
                         layoutName(layout) +
                             " layout is not linear over GF(2) "
                             "for buffer shape " +
                             shapeToString(shape) + ": element " +
                             coordsToString(coords) + " is at offset " +
                             llvm::Twine(*expected) + " but its bits predict " +
                             llvm::Twine(predicted) +
                             " (a swizzle wider than the row?)");
  }
  return success();
}

} // namespace

FailureOr<LinearLayout> tilemlir::getSharedOffsetMap(ArrayRef<int64_t> shape,
                                                     unsigned elementBits,
                                                     Attribute layout,
                                                     EmitErrorFn emitError) {
  if (failed(checkPowerOfTwoShape(shape, "shared buffer", emitError)))
    return failure();
  if (layout && !isa<SharedLayoutAttr>(layout))
    return emitFailure(emitError, "not a shared layout");
  if (auto shared = dyn_cast_or_null<SharedLayoutAttr>(layout))
    if (failed(shared.verifyLinearOffsetMap(shape, elementBits, emitError)))
      return failure();

  int64_t numElements = 1;
  for (int64_t d : shape)
    numElements *= d;
  FailureOr<SmallVector<LinearLayout::InDim>> ins =
      getUnitOffsets(shape, elementBits, layout, numElements, emitError);
  if (failed(ins))
    return failure();
  std::string why;
  FailureOr<LinearLayout> map =
      LinearLayout::get(*ins, {{kOffset.str(), int32_t(numElements)}}, &why);
  if (failed(map))
    return emitFailure(emitError, "internal error: " + why);
  if (failed(checkOffsetsAgree(shape, elementBits, layout, *ins, numElements,
                               emitError)))
    return failure();
  if (!map->isInjective())
    return emitFailure(emitError, layoutName(layout) +
                                      " layout puts two elements of buffer "
                                      "shape " +
                                      shapeToString(shape) +
                                      " at the same offset");
  return map;
}
