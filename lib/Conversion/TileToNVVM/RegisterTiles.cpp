//===- RegisterTiles.cpp - Register tiles as vectors of registers ---------===//
//
// Which register tiles the lowering converts, their type conversion, and
// the register-order helpers of the op families (see RegisterTiles.h).
//
//===----------------------------------------------------------------------===//

#include "RegisterTiles.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

namespace {

std::string shapeString(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(shape, os, "x");
  return text;
}

/// Whole bytes, or i1 (masks; a byte each in memory), or index.
bool isSupportedElementType(Type type) {
  if (isa<IndexType>(type))
    return true;
  if (!type.isIntOrFloat())
    return false;
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits == 1 || bits % 8 == 0;
}

} // namespace

/// wgmma A operands (#tile.dot_operand) are ordinary distributed tiles here:
/// their register order is their linear layout's, which the wgmma lowering
/// reads back when it packs the A fragment.
bool tilemlir::isDistributedLayout(Attribute layout) {
  return isa_and_nonnull<BlockedLayoutAttr, SliceLayoutAttr, LinearLayoutAttr,
                         DotOperandLayoutAttr>(layout);
}

FailureOr<WgmmaLayoutAttr> tilemlir::getSupportedWgmma(Type type,
                                                       EmitErrorFn emitError) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto layout = tensor ? dyn_cast_or_null<WgmmaLayoutAttr>(tensor.getEncoding())
                       : WgmmaLayoutAttr();
  if (!layout)
    return emitRule(emitError, "the tile is not in a #tile.wgmma layout");
  ArrayRef<int64_t> shape = tensor.getShape();
  if (tensor.getRank() != 2)
    return emitRule(emitError, "tile is " + shapeString(shape) + ", of rank " +
                                   Twine(tensor.getRank()) +
                                   "; a wgmma accumulator tile is 2-D");
  ArrayRef<unsigned> warps = layout.getWarpsPerCTA();
  if (warps[1] != 1)
    return emitRule(emitError,
                    "the layout has warpsPerCTA = [" + Twine(warps[0]) + ", " +
                        Twine(warps[1]) +
                        "]; a wgmma accumulator tile has warpsPerCTA = [W, 1]");
  int64_t n = layout.getInstrShape()[1];
  int64_t rows = 16 * int64_t(warps[0]);
  if (n != shape[1] || shape[0] % rows != 0)
    return emitRule(emitError, "tile is " + shapeString(shape) +
                                   "; a wgmma accumulator tile is M x "
                                   "instrShape[1] (here M x " +
                                   Twine(n) + ") with M a multiple of " +
                                   Twine(rows) + " (16 x warpsPerCTA[0])");
  return layout;
}

WgmmaLayoutAttr tilemlir::getSupportedWgmma(Type type) {
  FailureOr<WgmmaLayoutAttr> layout = getSupportedWgmma(type, EmitErrorFn());
  return succeeded(layout) ? *layout : WgmmaLayoutAttr();
}

FailureOr<LinearLayout> tilemlir::getRegisterLayout(Type type,
                                                    EmitErrorFn emitError) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return emitRule(emitError, "not a register tile");
  ArrayRef<int64_t> shape = tensor.getShape();
  if (tensor.getRank() < 1 || tensor.getRank() > kMaxRegisterTileRank)
    return emitRule(emitError, "tile is " + shapeString(shape) + ", of rank " +
                                   Twine(tensor.getRank()) +
                                   "; distributed register tiles have rank 1 "
                                   "to " + Twine(kMaxRegisterTileRank));
  if (!tensor.getEncoding())
    return emitRule(emitError,
                    "the tile has no layout (run tile-legalize-layouts, "
                    "which chooses one (the default pipeline does), or "
                    "write it)");
  if (!isDistributedLayout(tensor.getEncoding()) &&
      !isa_and_nonnull<WgmmaLayoutAttr>(tensor.getEncoding()))
    return emitRule(emitError,
                    "the tile has no distributed layout (#tile.blocked, "
                    "#tile.slice, #tile.linear, #tile.wgmma or "
                    "#tile.dot_operand)");
  Type element = tensor.getElementType();
  if (!isSupportedElementType(element)) {
    std::string name;
    llvm::raw_string_ostream os(name);
    os << element;
    return emitRule(emitError, "element type " + name +
                                   " is not an integer or float of whole "
                                   "bytes, i1 or index");
  }
  for (auto [d, size] : llvm::enumerate(shape))
    if (size <= 0 || !llvm::isPowerOf2_64(size))
      return emitRule(emitError, "tile is " + shapeString(shape) +
                                     "; distributed register tiles have "
                                     "power-of-two dimensions (dimension " +
                                     Twine(d) + " is " + Twine(size) + ")");
  return toLinearLayout(tensor, emitError);
}

bool tilemlir::isDistributedRegisterTile(Type type) {
  return succeeded(getRegisterLayout(type));
}

LogicalResult tilemlir::checkRegisterTileType(Type type,
                                              EmitErrorFn emitError) {
  // Accumulator tiles of any whole number of warpgroup tiles (M = 192
  // too) have the wgmma fragment lowering; other power-of-two tiles in a
  // wgmma layout (a broadcast row or column) are ordinary distributed
  // tiles.
  if (getSupportedWgmma(type))
    return success();
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !isa_and_nonnull<WgmmaLayoutAttr>(tensor.getEncoding()) ||
      tensor.getRank() != 2 ||
      llvm::all_of(tensor.getShape(), llvm::isPowerOf2_64))
    return getRegisterLayout(type, emitError);
  // Neither kind: both rules, the accumulator's with its numbers.
  if (!emitError)
    return failure();
  return getSupportedWgmma(type, [&]() -> InFlightDiagnostic {
    InFlightDiagnostic diag = emitError();
    diag << "other tiles in a wgmma layout need power-of-two dimensions; ";
    return diag;
  });
}

int64_t tilemlir::getWgmmaElementsPerThread(RankedTensorType type) {
  int64_t w0 = cast<WgmmaLayoutAttr>(type.getEncoding()).getWarpsPerCTA()[0];
  return type.getNumElements() / (32 * w0);
}

std::pair<Value, Value> tilemlir::getWgmmaFragmentCoords(I32Builder &ib,
                                                         RankedTensorType type,
                                                         int64_t r, Value warp,
                                                         Value lane) {
  int64_t n = type.getShape()[1];
  int64_t w0 = cast<WgmmaLayoutAttr>(type.getEncoding()).getWarpsPerCTA()[0];
  int64_t perRep = n / 2;
  int64_t mrep = r / perRep, q = r % perRep;
  int64_t k = q / 4, i = (q / 2) % 2, j = q % 2;
  // Layouts index warps by the low bits of the warp id (a partition's
  // warps start at a multiple of the layout's).
  // One op per statement: argument evaluation order is unspecified, and
  // the emitted IR must not depend on the host compiler.
  Value rowBase = ib.c(mrep * 16 * w0 + 8 * i);
  Value warpRow = ib.mul(ib.urem(warp, w0), 16);
  Value threadRow = ib.add(warpRow, ib.udiv(lane, 4));
  Value row = ib.add(rowBase, threadRow);
  Value colBase = ib.c(k * 8 + j);
  Value col = ib.add(colBase, ib.mul(ib.urem(lane, 4), 2));
  return {row, col};
}

namespace mlir::tilemlir {

SmallVector<int32_t> getRegisterCoords(const LinearLayout &layout, int64_t r) {
  return *layout.apply({{kRegister, int32_t(r)}});
}

/// Per tensor dimension, the thread part of the coordinates of the
/// executing thread's elements (i32).
SmallVector<Value> getThreadCoords(OpBuilder &b, Location loc,
                                   const LinearLayout &layout) {
  I32Builder ib{b, loc};
  Value lane = createLaneId(b, loc);
  Value warp = createWarpId(b, loc);
  unsigned rank = layout.getOutDims().size();
  SmallVector<Value> coords(rank, ib.c(0));
  for (auto [dim, id] : {std::pair{kLane, lane}, std::pair{kWarp, warp}}) {
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(dim))) {
      for (unsigned d = 0; d < rank; ++d) {
        if (basis[d] == 0)
          continue;
        Value term = ib.mul(ib.andI(ib.lshr(id, bit), 1), basis[d]);
        coords[d] = I32Builder::constant(coords[d]) == 0
                        ? term
                        : ib.xorI(coords[d], term);
      }
    }
  }
  return coords;
}

/// Row-major element offset of the executing thread's part of `layout`'s
/// coordinates: coordinates combine by XOR and occupy disjoint bits of the
/// flat offset, so the offset is the XOR of the set bits' flat bases.
Value getFlatThreadOffset(OpBuilder &b, Location loc,
                          const LinearLayout &layout) {
  I32Builder ib{b, loc};
  Value flat = ib.c(0);
  for (auto [dim, id] : {std::pair{kLane, createLaneId(b, loc)},
                         std::pair{kWarp, createWarpId(b, loc)}})
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(dim)))
      if (int64_t word = layout.flattenOut(basis))
        flat = ib.xorI(flat, ib.mul(ib.andI(ib.lshr(id, bit), 1), word));
  return flat;
}

/// `scalar` in every element of a vector of `type`.
Value createSplat(OpBuilder &b, Location loc, VectorType type, Value scalar) {
  Value poison = LLVM::PoisonOp::create(b, loc, type);
  Value one = LLVM::InsertElementOp::create(b, loc, poison, scalar,
                                            createI32Constant(b, loc, 0));
  SmallVector<int32_t> mask(type.getNumElements(), 0);
  return LLVM::ShuffleVectorOp::create(b, loc, one, poison, mask);
}

Value extractRegisterRun(OpBuilder &b, Location loc, Value tile, int64_t first,
                         int64_t count) {
  if (count == 1)
    return LLVM::ExtractElementOp::create(b, loc, tile,
                                          createI32Constant(b, loc, first));
  auto lanes =
      llvm::to_vector(llvm::seq<int32_t>(int32_t(first), int32_t(first + count)));
  return LLVM::ShuffleVectorOp::create(b, loc, tile, tile, lanes);
}

Value insertRegisterRun(OpBuilder &b, Location loc, Value tile, Value run,
                        int64_t first) {
  auto vector = dyn_cast<VectorType>(run.getType());
  if (!vector)
    return LLVM::InsertElementOp::create(b, loc, tile, run,
                                         createI32Constant(b, loc, first));
  for (int64_t i = 0, e = vector.getNumElements(); i < e; ++i) {
    Value element = LLVM::ExtractElementOp::create(
        b, loc, run, createI32Constant(b, loc, i));
    tile = LLVM::InsertElementOp::create(b, loc, tile, element,
                                         createI32Constant(b, loc, first + i));
  }
  return tile;
}

static Value createI32Vector(OpBuilder &b, Location loc,
                             ArrayRef<int32_t> values) {
  auto type = VectorType::get({int64_t(values.size())}, b.getI32Type());
  return LLVM::ConstantOp::create(b, loc, type,
                                  DenseElementsAttr::get(type, values));
}

/// Coordinates along `dim` of all the thread's elements, as vector<R x i32>.
Value getCoordVector(OpBuilder &b, Location loc, const LinearLayout &layout,
                     unsigned dim, Value threadCoord) {
  int64_t numRegs = layout.getNumRegisters();
  SmallVector<int32_t> regCoords;
  for (int64_t r = 0; r < numRegs; ++r)
    regCoords.push_back(getRegisterCoords(layout, r)[dim]);
  Value constant = createI32Vector(b, loc, regCoords);
  if (I32Builder::constant(threadCoord) == 0)
    return constant;
  auto type = VectorType::get({numRegs}, b.getI32Type());
  return LLVM::XOrOp::create(b, loc, createSplat(b, loc, type, threadCoord),
                             constant);
}

/// `value` of another lane through 32-bit `shfl.sync` (all lanes take
/// part): `laneOrMask` is the source lane (idx) or the XOR mask (bfly).
/// 64-bit values move as two words, narrower ones widened to one.
Value shuffleSync(OpBuilder &b, Location loc, Value value, Value laneOrMask,
                  NVVM::ShflKind kind) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  Value all = createI32Constant(b, loc, -1);
  Value clamp = createI32Constant(b, loc, 31);
  auto shuffle = [&](Value word) {
    return NVVM::ShflOp::create(b, loc, i32, all, word, laneOrMask, clamp, kind,
                                UnitAttr())
        .getResult();
  };
  if (bits == 64) {
    auto pair = VectorType::get({2}, i32);
    Value words = LLVM::BitcastOp::create(b, loc, pair, value);
    for (int64_t i = 0; i < 2; ++i) {
      Value index = createI32Constant(b, loc, i);
      Value word = LLVM::ExtractElementOp::create(b, loc, words, index);
      words =
          LLVM::InsertElementOp::create(b, loc, words, shuffle(word), index);
    }
    return LLVM::BitcastOp::create(b, loc, type, words);
  }
  Type intType = b.getIntegerType(bits);
  Value word = type == intType
                   ? value
                   : Value(LLVM::BitcastOp::create(b, loc, intType, value));
  if (bits < 32)
    word = LLVM::ZExtOp::create(b, loc, i32, word);
  word = shuffle(word);
  if (bits < 32)
    word = LLVM::TruncOp::create(b, loc, intType, word);
  return type == intType ? word
                         : Value(LLVM::BitcastOp::create(b, loc, type, word));
}

FailureOr<SmallVector<int32_t>> getRegisterMap(const LinearLayout &src,
                                               const LinearLayout &dst,
                                               Projection project,
                                               EmitErrorFn emitError,
                                               ArrayRef<int32_t> offset) {
  if (std::optional<std::string> bit = findThreadExchange(src, dst, project))
    return emitRule(emitError, Twine("threads would exchange data (") + *bit +
                                   " differs)");
  SmallVector<int32_t> map;
  for (int64_t r = 0, e = dst.getNumRegisters(); r < e; ++r) {
    SmallVector<int32_t> target = project(getRegisterCoords(dst, r));
    // The offsets' bits are above every coordinate of dst: adding them is
    // XOR-ing them, so the thread parts stay equal.
    for (auto [coord, shift] : llvm::zip(target, offset))
      coord += shift;
    int64_t found = -1;
    for (int64_t s = 0, se = src.getNumRegisters(); s < se && found < 0; ++s)
      if (getRegisterCoords(src, s) == ArrayRef<int32_t>(target))
        found = s;
    if (found < 0)
      return emitRule(emitError, "a register of the result is held by no "
                                 "register of the source");
    map.push_back(found);
  }
  return map;
}

FailureOr<SmallVector<int32_t>> getOpRegisterMap(Operation *op,
                                                 EmitErrorFn emitError) {
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  FailureOr<LinearLayout> src = getRegisterLayout(srcType);
  FailureOr<LinearLayout> dst = getRegisterLayout(dstType);
  if (failed(src) || failed(dst))
    return emitRule(emitError,
                    "source and result must both be distributed register "
                    "tiles");
  ArrayRef<int64_t> srcShape = srcType.getShape();
  SmallVector<int32_t> offset;
  if (auto slice = dyn_cast<ExtractSliceOp>(op)) {
    for (auto [i, start] : llvm::enumerate(slice.getOffsets())) {
      // Such windows are read through shared memory
      // (windowNeedsSharedScratch).
      if (start % dstType.getDimSize(i) != 0)
        return emitRule(emitError, "offset " + Twine(start) + " of dimension " +
                                       Twine(i) +
                                       " is not a multiple of the result's "
                                       "size " +
                                       Twine(dstType.getDimSize(i)));
      offset.push_back(int32_t(start));
    }
  }
  auto project = [&](ArrayRef<int32_t> coords) {
    SmallVector<int32_t> out(coords);
    if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
      out.erase(out.begin() + expand.getAxis());
    } else if (isa<BroadcastOp>(op)) {
      for (auto [i, size] : llvm::enumerate(srcShape))
        if (size == 1)
          out[i] = 0;
    }
    return out;
  };
  return getRegisterMap(*src, *dst, project, emitError, offset);
}

void replaceWithRegisterShuffle(Operation *op, Value src, ArrayRef<int32_t> map,
                                ConversionPatternRewriter &rewriter) {
  auto srcType = cast<VectorType>(src.getType());
  if (srcType.getNumElements() == int64_t(map.size()) &&
      llvm::equal(map, llvm::seq<int32_t>(0, map.size()))) {
    rewriter.replaceOp(op, src);
    return;
  }
  rewriter.replaceOpWithNewOp<LLVM::ShuffleVectorOp>(op, src, src, map);
}

} // namespace mlir::tilemlir

namespace {

/// The one message for register tiles no family lowers; the rule the type
/// breaks follows it.
constexpr llvm::StringLiteral kUnsupportedTileMessage =
    "not supported yet: register tiles (tensor values) other than the wgmma "
    "accumulator layout (#tile.wgmma with warpsPerCTA = [W, 1] and "
    "instrShape = [16, N]) and power-of-two tiles of rank 1 to 4 in "
    "#tile.blocked, #tile.slice, #tile.linear, #tile.wgmma or "
    "#tile.dot_operand layouts are not lowered to NVVM yet: ";

/// The operations the op families lower on distributed register tiles.
/// (tile.dot with A in registers: checked by the wgmma lowering.)
bool isRegisterTileOp(Operation *op) {
  return isa<SplatOp, RangeOp, LoadOp, StoreOp, DotOp, SmemLoadOp, SmemStoreOp,
             ConvertLayoutOp, ExpandDimsOp, ExtractSliceOp, BroadcastOp,
             arith::ConstantOp, ReduceOp>(op) ||
         (op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1);
}

/// Operations on wgmma accumulator tiles alone keep the checks of the
/// wgmma lowering.
bool hasDistributedTile(Operation *op) {
  auto isTile = [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && !getSupportedWgmma(t) && succeeded(getRegisterLayout(t));
  };
  return llvm::any_of(op->getOperandTypes(), isTile) ||
         llvm::any_of(op->getResultTypes(), isTile);
}

/// Warp ids index the layout's warps: every warp of the layout must run,
/// and warp-specialized partitions renumber theirs. (Layout changes check
/// this themselves: those within each warp never read the warp id.)
LogicalResult verifyWarpContext(Operation *op) {
  if (op->getParentOfType<WarpSpecializeOp>() && !isa<ConvertLayoutOp>(op))
    return op->emitOpError()
           << "not supported yet: register tiles in distributed layouts "
              "inside warp-specialized partitions";
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  auto numWarps =
      func ? func->getAttrOfType<IntegerAttr>(TileDialect::kNumWarpsAttrName)
           : IntegerAttr();
  if (!numWarps)
    return success();
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  for (Type type : types)
    if (FailureOr<LinearLayout> layout = getRegisterLayout(type);
        succeeded(layout) && layout->getInDimSize(kWarp) > numWarps.getInt())
      return op->emitOpError()
             << "layout of " << type << " spans " << layout->getInDimSize(kWarp)
             << " warps, but the kernel "
             << "runs " << numWarps.getInt() << " (tile.num_warps)";
  return success();
}

} // namespace

LogicalResult tilemlir::verifyRegisterTileLowering(Operation *op) {
  // Tensor-memory operations have their own check.
  Dialect *dialect = op->getDialect();
  if (dialect && dialect->getNamespace() == "tmem")
    return success();
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  auto emitError = [&]() -> InFlightDiagnostic {
    return op->emitOpError() << kUnsupportedTileMessage;
  };
  for (Type type : types)
    if (isa<RankedTensorType>(type) &&
        failed(checkRegisterTileType(type, emitError)))
      return failure();
  // Branches only forward values.
  if ((dialect && isa<cf::ControlFlowDialect>(dialect)) ||
      !hasDistributedTile(op))
    return success();
  if (failed(verifyWarpContext(op)))
    return failure();
  if (!isRegisterTileOp(op))
    return op->emitOpError() << "not supported yet: this operation on "
                                "register tiles in distributed layouts";
  return success();
}

void tilemlir::populateRegisterTileTypeConversions(
    LLVMTypeConverter &converter) {
  converter.addConversion(
      [&converter](RankedTensorType type) -> std::optional<Type> {
        // Elements as LLVM types (8-bit floats become i8).
        Type element = converter.convertType(type.getElementType());
        if (!element)
          return std::nullopt;
        if (getSupportedWgmma(type))
          return VectorType::get({getWgmmaElementsPerThread(type)}, element);
        FailureOr<LinearLayout> layout = getRegisterLayout(type);
        if (failed(layout))
          return std::nullopt;
        return VectorType::get({layout->getNumRegisters()}, element);
      });
}
