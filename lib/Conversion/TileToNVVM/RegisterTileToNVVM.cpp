//===- RegisterTileToNVVM.cpp - Distributed register tiles ----------------===//
//
// Register tiles in the distributed layouts #tile.blocked, #tile.slice and
// #tile.linear become one vector of the thread's elements. The linear
// layout of the tile type (lib/Analysis) is the single source of truth:
// element r of the vector is register r of the layout, whose tensor
// coordinates are
//
//   L(register = r, lane, warp) = L(r, 0, 0) XOR L(0, lane, 0)
//                                 XOR L(0, 0, warp)
//
// The register part is a constant; the thread part is the XOR of the lane
// and warp bases selected by the bits of the lane and warp ids.
//
// Elementwise arith/math, splats and splat constants share the patterns of
// WgmmaToNVVM.cpp (any vector-lowered tile). This file adds tile.range,
// tile.expand_dims, tile.broadcast, tile.convert_layout (a register shuffle
// when every thread keeps its elements, shfl.sync idx rounds when data
// stays within each warp, else through swizzled shared scratch that
// tile-allocate-shared-memory reserves),
// tile.load / tile.store (masked gathers and scatters, vectorized where the
// offsets are provably contiguous), whole-tile tile.smem_load /
// tile.smem_store and tile.reduce within a warp (registers, then butterfly
// shuffles).
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "TileMLIR/Analysis/LayoutConversions.h"
#include "TileMLIR/Analysis/LayoutQueries.h"
#include "TileMLIR/Analysis/LinearLayout.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

namespace {

constexpr llvm::StringLiteral kThreadDims[] = {kLane, kWarp, kBlock};

/// wgmma A operands (#tile.dot_operand) are ordinary distributed tiles here:
/// their register order is their linear layout's, which the wgmma lowering
/// reads back when it packs the A fragment.
bool isDistributedLayout(Attribute layout) {
  return isa_and_nonnull<BlockedLayoutAttr, SliceLayoutAttr, LinearLayoutAttr,
                         DotOperandLayoutAttr>(layout);
}

/// Whole bytes, or i1 (masks; a byte each in memory).
bool isSupportedElementType(Type type) {
  if (isa<IndexType>(type))
    return true;
  if (!type.isIntOrFloat())
    return false;
  unsigned bits = type.getIntOrFloatBitWidth();
  return bits == 1 || bits % 8 == 0;
}

/// wgmma accumulators that WgmmaToNVVM.cpp lowers: their fragment order
/// (see there) is the register order of their linear layout, so the
/// patterns here apply to them as well (conversions, reductions, global
/// loads and stores).
bool isWgmmaVectorTile(RankedTensorType tensor) {
  auto layout = dyn_cast_or_null<WgmmaLayoutAttr>(tensor.getEncoding());
  if (!layout || tensor.getRank() != 2)
    return false;
  int64_t w0 = layout.getWarpsPerCTA()[0];
  return layout.getWarpsPerCTA()[1] == 1 &&
         int64_t(layout.getInstrShape()[1]) == tensor.getShape()[1] &&
         tensor.getShape()[0] % (16 * w0) == 0;
}

bool isWgmmaVectorTile(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isWgmmaVectorTile(tensor);
}

/// The linear layout of a register tile of rank 1 to 4 in a distributed
/// layout, or nullopt when this lowering does not handle the type.
std::optional<LinearLayout> getRegisterLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.getRank() < 1 || tensor.getRank() > 4 ||
      !(isDistributedLayout(tensor.getEncoding()) ||
        isWgmmaVectorTile(tensor)) ||
      !isSupportedElementType(tensor.getElementType()))
    return std::nullopt;
  for (int64_t size : tensor.getShape())
    if (size <= 0 || !llvm::isPowerOf2_64(size))
      return std::nullopt;
  FailureOr<LinearLayout> layout = toLinearLayout(tensor);
  if (failed(layout))
    return std::nullopt;
  return *layout;
}

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

Value createI32Vector(OpBuilder &b, Location loc, ArrayRef<int32_t> values) {
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

using Projection = function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)>;

/// For each register of `dst`, the register of `src` that holds the same
/// element in the same thread, where `project` maps dst coordinates to src
/// coordinates (linearly). Fails, saying why, when some thread would need
/// another thread's data.
FailureOr<SmallVector<int32_t>> getRegisterMap(const LinearLayout &src,
                                               const LinearLayout &dst,
                                               Projection project,
                                               std::string &why) {
  unsigned srcRank = src.getOutDims().size();
  for (StringRef dim : kThreadDims) {
    ArrayRef<LinearLayout::Basis> s = src.getBases(dim), d = dst.getBases(dim);
    for (size_t i = 0, e = std::max(s.size(), d.size()); i < e; ++i) {
      SmallVector<int32_t> sb(srcRank, 0);
      if (i < s.size())
        sb.assign(s[i].begin(), s[i].end());
      SmallVector<int32_t> db(srcRank, 0);
      if (i < d.size())
        db = project(d[i]);
      if (sb != db) {
        why = ("threads would exchange data (" + dim + " bit " + Twine(i) +
               " differs)")
                  .str();
        return failure();
      }
    }
  }
  SmallVector<int32_t> map;
  for (int64_t r = 0, e = dst.getNumRegisters(); r < e; ++r) {
    SmallVector<int32_t> target = project(getRegisterCoords(dst, r));
    int64_t found = -1;
    for (int64_t s = 0, se = src.getNumRegisters(); s < se && found < 0; ++s)
      if (getRegisterCoords(src, s) == ArrayRef<int32_t>(target))
        found = s;
    if (found < 0) {
      why = "a register of the result is held by no register of the source";
      return failure();
    }
    map.push_back(found);
  }
  return map;
}

/// Register map of a shape-changing op from `srcType` to `dstType` (see
/// getRegisterMap): expand_dims drops `axis`, broadcast zeroes the
/// coordinates along the source's size-1 dimensions.
FailureOr<SmallVector<int32_t>> getOpRegisterMap(Operation *op,
                                                 std::string &why) {
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  std::optional<LinearLayout> src = getRegisterLayout(srcType);
  std::optional<LinearLayout> dst = getRegisterLayout(dstType);
  if (!src || !dst) {
    why = "source and result must both be distributed register tiles";
    return failure();
  }
  ArrayRef<int64_t> srcShape = srcType.getShape();
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
  return getRegisterMap(*src, *dst, project, why);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

struct RangeLowering : public ConvertOpToLLVMPattern<RangeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(RangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> layout = getRegisterLayout(op.getType());
    if (!layout)
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> thread = getThreadCoords(rewriter, loc, *layout);
    Value coords = getCoordVector(rewriter, loc, *layout, 0, thread[0]);
    if (op.getStart() != 0) {
      auto type = cast<VectorType>(coords.getType());
      Value start = createSplat(
          rewriter, loc, type, createI32Constant(rewriter, loc, op.getStart()));
      coords = LLVM::AddOp::create(rewriter, loc, coords, start);
    }
    rewriter.replaceOp(op, coords);
    return success();
  }
};

/// expand_dims, broadcast and convert_layout whose threads keep their
/// elements: a shuffle of the thread's registers.
template <typename OpT>
struct RegisterShuffleLowering : public ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpT::Adaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<SmallVector<int32_t>> map = getOpRegisterMap(op, why);
    if (failed(map))
      return rewriter.notifyMatchFailure(op, why);
    Value src = adaptor.getSrc();
    auto srcType = cast<VectorType>(src.getType());
    if (srcType.getNumElements() == int64_t(map->size()) &&
        llvm::equal(*map, llvm::seq<int32_t>(0, map->size()))) {
      rewriter.replaceOp(op, src);
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::ShuffleVectorOp>(op, src, src, *map);
    return success();
  }
};

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

/// The XOR of `words[i]` over the set bits i of `id` (i32).
Value applyBits(I32Builder &ib, Value id, ArrayRef<int64_t> words) {
  Value result = ib.c(0);
  for (auto [bit, word] : llvm::enumerate(words))
    if (word)
      result = ib.xorI(result, ib.mul(ib.andI(ib.lshr(id, bit), 1), word));
  return result;
}

/// One of `values`, picked by bits of `lane` (i32): values[k], where bit
/// j of k is bit bits[j] of the lane id. A select tree, most significant
/// bit first; equal halves need no select.
Value selectByLane(OpBuilder &b, Location loc, Value lane,
                   ArrayRef<int32_t> bits, SmallVector<Value> values) {
  I32Builder ib{b, loc};
  for (int32_t bit : llvm::reverse(bits)) {
    Value isSet = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne,
                                       ib.andI(lane, 1 << bit), ib.c(0));
    SmallVector<Value> next;
    size_t half = values.size() / 2;
    for (size_t k = 0; k < half; ++k)
      next.push_back(values[k] == values[k + half]
                         ? values[k]
                         : Value(LLVM::SelectOp::create(
                               b, loc, isSet, values[k + half], values[k])));
    values = std::move(next);
  }
  return values.front();
}

/// A layout change within each warp (WarpShufflePlan): in round k, the
/// lane to read from is a constant XOR a linear function of the lane id,
/// the register the other lane supplies is chosen with selects on that
/// lane's own bits, and (when the plan rotates registers) the value lands
/// in destination register k ^ h(lane), chosen with selects afterwards. No
/// barrier and no warp id: every warp exchanges its own data, so this is
/// also correct in warp-specialized partitions.
void convertWithinWarps(ConvertLayoutOp op, Value src,
                        const WarpShufflePlan &plan, VectorType resultType,
                        ConversionPatternRewriter &rewriter) {
  Location loc = op.getLoc();
  I32Builder ib{rewriter, loc};
  Value lane = createLaneId(rewriter, loc);
  Value laneBase = applyBits(
      ib, lane, SmallVector<int64_t>(plan.laneMap.begin(), plan.laneMap.end()));
  DenseMap<int64_t, Value> elements;
  auto element = [&](int64_t r) {
    Value &e = elements[r];
    if (!e)
      e = LLVM::ExtractElementOp::create(rewriter, loc, src, ib.c(r));
    return e;
  };
  // Equal rounds (e.g. of repeated registers) are emitted once.
  std::map<
      std::tuple<int32_t, SmallVector<int32_t>, SmallVector<int64_t>, bool>,
      Value>
      done;
  SmallVector<Value> rounds;
  for (const WarpShufflePlan::Shuffle &s : plan.shuffles) {
    Value &value = done[{s.srcLaneXor, s.selectBits, s.registers, s.ownLane}];
    if (!value) {
      SmallVector<Value> candidates;
      for (int64_t r : s.registers)
        candidates.push_back(element(r));
      value = selectByLane(rewriter, loc, lane, s.selectBits, candidates);
      if (!s.ownLane) {
        Value srcLane = s.srcLaneXor == 0
                            ? laneBase
                            : ib.xorI(laneBase, ib.c(s.srcLaneXor));
        value = shuffleSync(rewriter, loc, value, srcLane, NVVM::ShflKind::idx);
      }
    }
    rounds.push_back(value);
  }
  // Destination register d of lane t arrived in round d ^ h(t).
  SmallVector<int32_t> rotateBits;
  SmallVector<int64_t> rotateWords;
  for (auto [bit, h] : llvm::enumerate(plan.dstRegisterMap))
    if (h != 0) {
      rotateBits.push_back(bit);
      rotateWords.push_back(h);
    }
  Value result = LLVM::PoisonOp::create(rewriter, loc, resultType);
  for (int64_t d = 0, e = rounds.size(); d < e; ++d) {
    SmallVector<Value> candidates;
    for (int64_t k = 0, ke = int64_t(1) << rotateBits.size(); k < ke; ++k) {
      int64_t round = d;
      for (auto [j, h] : llvm::enumerate(rotateWords))
        if (k >> j & 1)
          round ^= h;
      candidates.push_back(rounds[round]);
    }
    result = LLVM::InsertElementOp::create(
        rewriter, loc, result,
        selectByLane(rewriter, loc, lane, rotateBits, candidates), ib.c(d));
  }
  rewriter.replaceOp(op, result);
}

/// A layout change through the scratch buffer tile-allocate-shared-memory
/// reserved for it, laid out by chooseConversionScratchLayout (row-major or
/// an XOR swizzle of 16-byte chunks that spreads both access patterns over
/// the banks): every thread stores its distinct registers, the CTA
/// synchronizes, every thread loads its new registers. Runs of registers
/// that are contiguous and aligned in the scratch move as one vector access
/// (up to 16 bytes; i1 is stored a byte at a time). Barriers before and
/// after keep the scratch apart from buffers that share its bytes at other
/// times.
LogicalResult convertThroughSharedMemory(ConvertLayoutOp op, Value src,
                                         const LinearLayout &srcLayout,
                                         const LinearLayout &dstLayout,
                                         VectorType resultType,
                                         ConversionPatternRewriter &rewriter) {
  FailureOr<int64_t> scratch = getAllocatedOffset(op);
  if (failed(scratch))
    return failure();
  Location loc = op.getLoc();
  I32Builder ib{rewriter, loc};
  Type elementType = resultType.getElementType();
  unsigned bits = elementType.getIntOrFloatBitWidth();
  int64_t bytes = llvm::divideCeil(bits, 8);
  std::string why;
  FailureOr<ConversionScratchLayout> layout =
      chooseConversionScratchLayout(srcLayout, dstLayout, 8 * bytes, &why);
  FailureOr<LinearLayout> srcOffsets = failure(), dstOffsets = failure();
  if (succeeded(layout)) {
    srcOffsets = srcLayout.compose(layout->offsetMap, &why);
    dstOffsets = dstLayout.compose(layout->offsetMap, &why);
  }
  if (failed(srcOffsets) || failed(dstOffsets))
    return op.emitOpError() << "internal error: no scratch layout: " << why;
  Value base = createByteOffset(
      rewriter, loc, getSharedMemoryBase(rewriter, loc, op), *scratch);
  Value lane = createLaneId(rewriter, loc);
  Value warp = createWarpId(rewriter, loc);
  auto offsetsOf = [](const LinearLayout &map, StringRef dim) {
    SmallVector<int64_t> words;
    for (const LinearLayout::Basis &b : map.getBases(dim))
      words.push_back(b[0]);
    return words;
  };
  // The thread part of a layout's offsets, and the register part of one
  // register; they combine by XOR (the map is linear).
  auto threadOffset = [&](const LinearLayout &map) {
    return ib.xorI(applyBits(ib, lane, offsetsOf(map, kLane)),
                   applyBits(ib, warp, offsetsOf(map, kWarp)));
  };
  auto address = [&](Value thread, const LinearLayout &map, int64_t r) {
    int64_t regOffset = (*map.apply({{kRegister, int32_t(r)}}))[0];
    Value offset = regOffset == 0 ? thread : ib.xorI(thread, ib.c(regOffset));
    return LLVM::GEPOp::create(rewriter, loc, base.getType(), elementType, base,
                               ValueRange{offset});
  };
  // i1 vectors would be bit-packed in memory: one byte at a time.
  int64_t storeVec = bits == 1 ? 1 : layout->store.vectorElements;
  int64_t loadVec = bits == 1 ? 1 : layout->load.vectorElements;

  createScratchBarrier(rewriter, loc, op);
  Value srcThread = threadOffset(*srcOffsets);
  uint64_t repeats = srcLayout.getZeroBasesMask(kRegister);
  for (int64_t r = 0, e = srcLayout.getNumRegisters(); r < e; r += storeVec) {
    if (uint64_t(r) & repeats)
      continue; // Another register holds the same element.
    Value value;
    if (storeVec == 1) {
      value = LLVM::ExtractElementOp::create(rewriter, loc, src, ib.c(r));
    } else {
      SmallVector<int32_t> lanes =
          llvm::to_vector(llvm::seq<int32_t>(r, r + storeVec));
      value = LLVM::ShuffleVectorOp::create(rewriter, loc, src, src, lanes);
    }
    LLVM::StoreOp::create(rewriter, loc, value,
                          address(srcThread, *srcOffsets, r), storeVec * bytes);
  }
  createScratchBarrier(rewriter, loc, op);
  Value dstThread = threadOffset(*dstOffsets);
  Value result = LLVM::PoisonOp::create(rewriter, loc, resultType);
  Type loadType = loadVec == 1 ? elementType
                               : Type(VectorType::get({loadVec}, elementType));
  for (int64_t r = 0, e = dstLayout.getNumRegisters(); r < e; r += loadVec) {
    Value loaded = LLVM::LoadOp::create(rewriter, loc, loadType,
                                        address(dstThread, *dstOffsets, r),
                                        loadVec * bytes);
    for (int64_t i = 0; i < loadVec; ++i) {
      Value element = loadVec == 1 ? loaded
                                   : Value(LLVM::ExtractElementOp::create(
                                         rewriter, loc, loaded, ib.c(i)));
      result = LLVM::InsertElementOp::create(rewriter, loc, result, element,
                                             ib.c(r + i));
    }
  }
  createScratchBarrier(rewriter, loc, op);
  rewriter.replaceOp(op, result);
  return success();
}

/// Conversions that move data between threads: within each warp by
/// shfl.sync when planWarpShuffles covers them, else through shared
/// scratch. (Threads that keep their data: RegisterShuffleLowering.)
struct ConvertLayoutLowering : public ConvertOpToLLVMPattern<ConvertLayoutOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> src = getRegisterLayout(op.getSrc().getType());
    std::optional<LinearLayout> dst =
        getRegisterLayout(op.getResult().getType());
    if (!src || !dst)
      return failure();
    std::string why;
    if (succeeded(getOpRegisterMap(op, why)))
      return failure(); // A register shuffle (RegisterShuffleLowering).
    auto resultType = cast<VectorType>(
        getTypeConverter()->convertType(op.getResult().getType()));
    // tile-allocate-shared-memory reserves no scratch exactly when this
    // plan exists (conversionNeedsSharedScratch).
    if (FailureOr<WarpShufflePlan> plan = planWarpShuffles(*src, *dst);
        succeeded(plan)) {
      convertWithinWarps(op, adaptor.getSrc(), *plan, resultType, rewriter);
      return success();
    }
    return convertThroughSharedMemory(op, adaptor.getSrc(), *src, *dst,
                                      resultType, rewriter);
  }
};

/// The mask of a gather/scatter as vector<R x i1> (all true without one).
Value getVectorMask(OpBuilder &b, Location loc, Value mask, int64_t numRegs) {
  auto type = VectorType::get({numRegs}, b.getI1Type());
  if (!mask)
    return LLVM::ConstantOp::create(
        b, loc, type, DenseElementsAttr::get(type, b.getBoolAttr(true)));
  if (isa<VectorType>(mask.getType()))
    return mask;
  return createSplat(b, loc, type, mask);
}

//===----------------------------------------------------------------------===//
// Contiguity of offsets along the last dimension
//===----------------------------------------------------------------------===//

/// What is provable about an integer tile along its last dimension, split
/// into aligned groups of `contiguity` elements: within a group the values
/// increase by one, and the first value of every group is a multiple of
/// `divisibility`; `constancy`: aligned groups of that many elements are
/// equal. All powers of two; 1 is "nothing known".
struct AxisInfo {
  int64_t contiguity = 1;
  int64_t divisibility = 1;
  int64_t constancy = 1;
};

constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

int64_t getPowerOfTwoFactor(int64_t value) {
  if (value == 0)
    return kMaxDivisibility;
  return std::min(kMaxDivisibility, value & -value);
}

int64_t gcd2(int64_t a, int64_t b) { return std::min(a, b); }

/// Divisibility of every element (not only of group starts).
int64_t getElementDivisibility(const AxisInfo &info) {
  return info.contiguity > 1 ? 1 : info.divisibility;
}

std::optional<int64_t> getScalarConstant(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

/// Largest power of two provably dividing an integer scalar.
int64_t getScalarDivisibility(Value v, int depth = 0) {
  if (std::optional<int64_t> c = getScalarConstant(v))
    return getPowerOfTwoFactor(*c);
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16)
    return 1;
  if (isa<arith::MulIOp, arith::AddIOp, arith::ShLIOp>(def)) {
    int64_t a = getScalarDivisibility(def->getOperand(0), depth + 1);
    if (auto shift = dyn_cast<arith::ShLIOp>(def)) {
      std::optional<int64_t> c = getScalarConstant(shift.getRhs());
      return c && *c >= 0 && *c < 30 ? std::min(kMaxDivisibility, a << *c) : a;
    }
    int64_t b = getScalarDivisibility(def->getOperand(1), depth + 1);
    return isa<arith::MulIOp>(def) ? std::min(kMaxDivisibility, a * b)
                                   : std::min(a, b);
  }
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp>(def))
    return getScalarDivisibility(def->getOperand(0), depth + 1);
  return 1;
}

AxisInfo getAxisInfo(Value v, int depth = 0) {
  AxisInfo unknown;
  auto type = dyn_cast<RankedTensorType>(v.getType());
  Operation *def = v.getDefiningOp();
  if (!type || !def || depth > 32)
    return unknown;
  int64_t size = type.getShape().back();
  if (auto range = dyn_cast<RangeOp>(def))
    return {size, getPowerOfTwoFactor(range.getStart()), 1};
  if (auto splat = dyn_cast<SplatOp>(def))
    return {1, getScalarDivisibility(splat.getSrc()), size};
  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
      if (splat.getElementType().isIntOrIndex())
        return {
            1, getPowerOfTwoFactor(splat.getSplatValue<APInt>().getSExtValue()),
            size};
    return unknown;
  }
  if (auto expand = dyn_cast<ExpandDimsOp>(def)) {
    AxisInfo src = getAxisInfo(expand.getSrc(), depth + 1);
    if (int64_t(expand.getAxis()) == type.getRank() - 1)
      return {1, getElementDivisibility(src), 1};
    return src;
  }
  if (auto broadcast = dyn_cast<BroadcastOp>(def)) {
    AxisInfo src = getAxisInfo(broadcast.getSrc(), depth + 1);
    auto srcType = cast<RankedTensorType>(broadcast.getSrc().getType());
    if (srcType.getShape().back() == 1 && size != 1)
      return {1, src.divisibility, size};
    return src;
  }
  if (isa<arith::AddIOp, arith::MulIOp, arith::AndIOp, arith::CmpIOp>(def)) {
    AxisInfo a = getAxisInfo(def->getOperand(0), depth + 1);
    AxisInfo b = getAxisInfo(def->getOperand(1), depth + 1);
    if (isa<arith::AddIOp>(def)) {
      int64_t run = std::max(gcd2(a.contiguity, b.constancy),
                             gcd2(a.constancy, b.contiguity));
      // Each operand at the start of a run of `run` elements.
      auto divisibilityAt = [&](const AxisInfo &x) {
        return x.contiguity == 1 ? x.divisibility : gcd2(x.divisibility, run);
      };
      return {run, gcd2(divisibilityAt(a), divisibilityAt(b)),
              gcd2(a.constancy, b.constancy)};
    }
    if (isa<arith::MulIOp>(def))
      return {1,
              std::min(kMaxDivisibility,
                       getElementDivisibility(a) * getElementDivisibility(b)),
              gcd2(a.constancy, b.constancy)};
    if (isa<arith::AndIOp>(def))
      return {1, 1, gcd2(a.constancy, b.constancy)};
    // Comparisons are constant where both operands are, and over an aligned
    // run of g consecutive values (starting at a multiple of g) compared
    // with a multiple of g: `x < b` and `x >= b` cannot switch inside it,
    // nor can `a <= x` and `a > x`.
    auto cmp = cast<arith::CmpIOp>(def);
    using P = arith::CmpIPredicate;
    P pred = cmp.getPredicate();
    int64_t constancy = gcd2(a.constancy, b.constancy);
    auto runAgainst = [](const AxisInfo &run, const AxisInfo &bound) {
      return gcd2(gcd2(run.contiguity, run.divisibility),
                  gcd2(bound.constancy, getElementDivisibility(bound)));
    };
    if (pred == P::slt || pred == P::sge || pred == P::ult || pred == P::uge)
      constancy = std::max(constancy, runAgainst(a, b));
    if (pred == P::sle || pred == P::sgt || pred == P::ule || pred == P::ugt)
      constancy = std::max(constancy, runAgainst(b, a));
    return {1, 1, constancy};
  }
  return unknown;
}

/// Registers per vector access for a load or store of a tile of `layout`
/// with these offsets and mask: runs of consecutive registers that are
/// consecutive, aligned offsets under one mask bit, up to 16 bytes, at
/// least 4 bytes (1 when nothing can be proven).
int64_t getAccessWidth(const LinearLayout &layout, unsigned elementBits,
                       Value offsets, Value mask) {
  if (elementBits < 8 || !isa<RankedTensorType>(offsets.getType()))
    return 1;
  unsigned rank = layout.getOutDims().size();
  int64_t width = layout.getNumConsecutiveInOut(getTensorDimName(rank - 1));
  width = std::min<int64_t>(width, 128 / elementBits);
  AxisInfo info = getAxisInfo(offsets);
  width = std::min({width, info.contiguity, info.divisibility});
  if (mask && isa<RankedTensorType>(mask.getType()))
    width = std::min(width, getAxisInfo(mask).constancy);
  if (width * elementBits < 32)
    return 1;
  return width;
}

/// Pointers to `base[offsets[r]]` for every register r.
Value getElementPointers(OpBuilder &b, Location loc, Value base,
                         Type elementType, Value offsets) {
  auto offsetType = cast<VectorType>(offsets.getType());
  auto ptrsType = VectorType::get(offsetType.getShape(), base.getType());
  return LLVM::GEPOp::create(b, loc, ptrsType, elementType, base,
                             ValueRange{offsets});
}

unsigned getAlignment(Type elementType) {
  return std::max<unsigned>(1, elementType.getIntOrFloatBitWidth() / 8);
}

/// Registers [first, first + width) of `vector`.
Value extractGroup(OpBuilder &b, Location loc, Value vector, int64_t first,
                   int64_t width) {
  auto indices = llvm::to_vector(
      llvm::seq<int32_t>(int32_t(first), int32_t(first + width)));
  return LLVM::ShuffleVectorOp::create(b, loc, vector, vector, indices);
}

/// PTX for a predicated global access of `words` 32-bit words:
/// "@$p ld.global.v4.b32 {$0, $1, $2, $3}, [$4];" and the like.
std::string getPredicatedAccessAsm(bool isLoad, int64_t words) {
  std::string list;
  int64_t firstWord = isLoad ? 0 : 2;
  for (int64_t i = 0; i < words; ++i)
    list += (i ? ", $" : "$") + std::to_string(firstWord + i);
  if (words > 1)
    list = "{" + list + "}";
  std::string vec = words > 1 ? ".v" + std::to_string(words) : "";
  if (isLoad)
    return "@$" + std::to_string(words + 1) + " ld.global" + vec + ".b32 " +
           list + ", [$" + std::to_string(words) + "];";
  return "@$0 st.global" + vec + ".b32 [$1], " + list + ";";
}

Value createInlineAsm(OpBuilder &b, Location loc, Type resultType,
                      ValueRange operands, StringRef asmString,
                      StringRef constraints, bool sideEffects) {
  auto op = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, b.getStringAttr(asmString),
      b.getStringAttr(constraints), sideEffects ? b.getUnitAttr() : UnitAttr(),
      UnitAttr(),
      LLVM::TailCallKindAttr::get(b.getContext(), LLVM::TailCallKind::None),
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  return resultType ? op.getResult(0) : Value();
}

/// The element of a mask (vector or scalar i1) for register r.
Value getMaskElement(OpBuilder &b, Location loc, Value mask, int64_t r) {
  if (!isa<VectorType>(mask.getType()))
    return mask;
  return LLVM::ExtractElementOp::create(b, loc, mask,
                                        createI32Constant(b, loc, r));
}

/// Loads runs of `width` registers with one access each (their offsets are
/// consecutive and aligned, their mask bits equal); masked runs use a
/// predicated ld.global so masked-off addresses are never touched.
Value emitVectorLoad(OpBuilder &b, Location loc, VectorType vectorType,
                     Value base, Value offsets, Value mask, Value other,
                     int64_t width) {
  Type elementType = vectorType.getElementType();
  int64_t bits = elementType.getIntOrFloatBitWidth();
  int64_t words = width * bits / 32;
  auto groupType = VectorType::get({width}, elementType);
  auto wordsType = VectorType::get({words}, b.getI32Type());
  Value result = LLVM::PoisonOp::create(b, loc, vectorType);
  for (int64_t first = 0, e = vectorType.getNumElements(); first < e;
       first += width) {
    Value offset = LLVM::ExtractElementOp::create(
        b, loc, offsets, createI32Constant(b, loc, first));
    Value addr = LLVM::GEPOp::create(b, loc, base.getType(), elementType, base,
                                     ValueRange{offset});
    Value group;
    if (!mask) {
      group = LLVM::LoadOp::create(b, loc, groupType, addr, width * bits / 8);
    } else {
      Value pred = getMaskElement(b, loc, mask, first);
      Type asmType = words == 1 ? Type(b.getI32Type())
                                : LLVM::LLVMStructType::getLiteral(
                                      b.getContext(),
                                      SmallVector<Type>(words, b.getI32Type()));
      std::string constraints;
      for (int64_t i = 0; i < words; ++i)
        constraints += "=r,";
      constraints += "l,b";
      Value loaded = createInlineAsm(b, loc, asmType, {addr, pred},
                                     getPredicatedAccessAsm(true, words),
                                     constraints, /*sideEffects=*/true);
      Value packed = LLVM::PoisonOp::create(b, loc, wordsType);
      for (int64_t i = 0; i < words; ++i) {
        Value word = words == 1
                         ? loaded
                         : LLVM::ExtractValueOp::create(b, loc, loaded, i);
        packed = LLVM::InsertElementOp::create(b, loc, packed, word,
                                               createI32Constant(b, loc, i));
      }
      group = LLVM::BitcastOp::create(b, loc, groupType, packed);
      if (other) {
        Value otherGroup = isa<VectorType>(other.getType())
                               ? extractGroup(b, loc, other, first, width)
                               : createSplat(b, loc, groupType, other);
        group = LLVM::SelectOp::create(b, loc, pred, group, otherGroup);
      }
    }
    for (int64_t i = 0; i < width; ++i) {
      Value element = LLVM::ExtractElementOp::create(
          b, loc, group, createI32Constant(b, loc, i));
      result = LLVM::InsertElementOp::create(
          b, loc, result, element, createI32Constant(b, loc, first + i));
    }
  }
  return result;
}

/// Stores runs of `width` registers with one access each (see
/// emitVectorLoad).
void emitVectorStore(OpBuilder &b, Location loc, Value value, Value base,
                     Value offsets, Value mask, int64_t width) {
  auto vectorType = cast<VectorType>(value.getType());
  Type elementType = vectorType.getElementType();
  int64_t bits = elementType.getIntOrFloatBitWidth();
  int64_t words = width * bits / 32;
  auto wordsType = VectorType::get({words}, b.getI32Type());
  for (int64_t first = 0, e = vectorType.getNumElements(); first < e;
       first += width) {
    Value offset = LLVM::ExtractElementOp::create(
        b, loc, offsets, createI32Constant(b, loc, first));
    Value addr = LLVM::GEPOp::create(b, loc, base.getType(), elementType, base,
                                     ValueRange{offset});
    Value group = extractGroup(b, loc, value, first, width);
    if (!mask) {
      LLVM::StoreOp::create(b, loc, group, addr, width * bits / 8);
      continue;
    }
    Value packed = LLVM::BitcastOp::create(b, loc, wordsType, group);
    SmallVector<Value> operands = {getMaskElement(b, loc, mask, first), addr};
    std::string constraints = "b,l";
    for (int64_t i = 0; i < words; ++i) {
      operands.push_back(LLVM::ExtractElementOp::create(
          b, loc, packed, createI32Constant(b, loc, i)));
      constraints += ",r";
    }
    createInlineAsm(b, loc, Type(), operands,
                    getPredicatedAccessAsm(false, words), constraints,
                    /*sideEffects=*/true);
  }
}

/// A masked gather: LLVM scalarizes it into one predicated load per
/// element (branches around masked-off lanes).
struct TileLoadLowering : public ConvertOpToLLVMPattern<LoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> layout =
        getRegisterLayout(op.getResult().getType());
    if (!layout || !isa<RankedTensorType>(op.getOffsets().getType()))
      return failure();
    Location loc = op.getLoc();
    auto vectorType = cast<VectorType>(
        getTypeConverter()->convertType(op.getResult().getType()));
    Type elementType = vectorType.getElementType();
    int64_t width = getAccessWidth(*layout, elementType.getIntOrFloatBitWidth(),
                                   op.getOffsets(), op.getMask());
    if (width > 1) {
      rewriter.replaceOp(
          op, emitVectorLoad(rewriter, loc, vectorType, adaptor.getPtr(),
                             adaptor.getOffsets(), adaptor.getMask(),
                             adaptor.getOther(), width));
      return success();
    }
    Value ptrs = getElementPointers(rewriter, loc, adaptor.getPtr(),
                                    elementType, adaptor.getOffsets());
    Value mask = getVectorMask(rewriter, loc, adaptor.getMask(),
                               vectorType.getNumElements());
    SmallVector<Value> passThru;
    if (Value other = adaptor.getOther())
      passThru.push_back(isa<VectorType>(other.getType())
                             ? other
                             : createSplat(rewriter, loc, vectorType, other));
    rewriter.replaceOpWithNewOp<LLVM::masked_gather>(
        op, vectorType, ptrs, mask, passThru, getAlignment(elementType));
    return success();
  }
};

/// A masked scatter: one predicated store per element.
struct TileStoreLowering : public ConvertOpToLLVMPattern<StoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> layout =
        getRegisterLayout(op.getValue().getType());
    if (!layout || !isa<RankedTensorType>(op.getOffsets().getType()))
      return failure();
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    auto vectorType = cast<VectorType>(value.getType());
    Type elementType = vectorType.getElementType();
    int64_t width = getAccessWidth(*layout, elementType.getIntOrFloatBitWidth(),
                                   op.getOffsets(), op.getMask());
    if (width > 1) {
      emitVectorStore(rewriter, loc, value, adaptor.getPtr(),
                      adaptor.getOffsets(), adaptor.getMask(), width);
      rewriter.eraseOp(op);
      return success();
    }
    Value ptrs = getElementPointers(rewriter, loc, adaptor.getPtr(),
                                    elementType, adaptor.getOffsets());
    Value mask = getVectorMask(rewriter, loc, adaptor.getMask(),
                               vectorType.getNumElements());
    rewriter.replaceOpWithNewOp<LLVM::masked_scatter>(
        op, value, ptrs, mask, getAlignment(elementType));
    return success();
  }
};

} // namespace

LogicalResult tilemlir::forEachRegisterAddress(
    Operation *op, OpBuilder &b, const LinearLayout &layout,
    SharedMemoryType buffer, Value base,
    function_ref<void(I32Builder &, int64_t, Value)> visit) {
  Location loc = op->getLoc();
  I32Builder ib{b, loc};
  FailureOr<SharedAddressing> addressing = SharedAddressing::get(op, buffer);
  if (failed(addressing))
    return failure();
  int64_t elementBytes = addressing->getElementBytes();
  FailureOr<LinearLayout> offsets = failure();
  if (const LinearLayout *map = addressing->getOffsetMap())
    offsets = layout.compose(*map);
  if (succeeded(offsets)) {
    auto words = [&](StringRef dim) {
      SmallVector<int64_t> result;
      for (const LinearLayout::Basis &basis : offsets->getBases(dim))
        result.push_back(basis[0]);
      return result;
    };
    // Warp ids past the layout's warps (warp-specialized regions) keep only
    // the layout's bits.
    Value thread = emitLinearMap(
        ib, {LinearInput{createLaneId(b, loc), words(kLane), /*inRange=*/true},
             LinearInput{createWarpId(b, loc), words(kWarp)}});
    for (int64_t r = 0, e = layout.getNumRegisters(); r < e; ++r) {
      int64_t regOffset = (*offsets->apply({{kRegister, int32_t(r)}}))[0];
      Value offset = regOffset == 0 ? thread : ib.xorI(thread, ib.c(regOffset));
      visit(ib, r,
            createByteOffset(b, loc, base, ib.mul(offset, elementBytes)));
    }
    return success();
  }
  // No offset map: the formula on each register's coordinates.
  SmallVector<Value> thread = getThreadCoords(b, loc, layout);
  for (int64_t r = 0, e = layout.getNumRegisters(); r < e; ++r) {
    SmallVector<int32_t> regCoords = getRegisterCoords(layout, r);
    SmallVector<Value> indices;
    for (auto [t, c] : llvm::zip(thread, regCoords))
      indices.push_back(c == 0 ? t : ib.xorI(t, ib.c(c)));
    visit(ib, r,
          createByteOffset(b, loc, base,
                           addressing->emitByteOffset(ib, indices)));
  }
  return success();
}

namespace {

struct SmemStoreRegisterTileLowering
    : public ConvertOpToLLVMPattern<SmemStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> layout =
        getRegisterLayout(op.getValue().getType());
    if (!op.getIndices().empty() || !layout ||
        isWgmmaVectorTile(op.getValue().getType()))
      return failure();
    Location loc = op.getLoc();
    auto store = [&](I32Builder &ib, int64_t r, Value addr) {
      Value element = LLVM::ExtractElementOp::create(
          rewriter, loc, adaptor.getValue(), ib.c(r));
      LLVM::StoreOp::create(rewriter, loc, element, addr);
    };
    if (failed(forEachRegisterAddress(op, rewriter, *layout,
                                      op.getDst().getType(), adaptor.getDst(),
                                      store)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct SmemLoadRegisterTileLowering
    : public ConvertOpToLLVMPattern<SmemLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> layout =
        getRegisterLayout(op.getResult().getType());
    if (!op.getIndices().empty() || !layout ||
        isWgmmaVectorTile(op.getResult().getType()))
      return failure();
    Location loc = op.getLoc();
    auto vectorType = cast<VectorType>(
        getTypeConverter()->convertType(op.getResult().getType()));
    Value result = LLVM::PoisonOp::create(rewriter, loc, vectorType);
    auto load = [&](I32Builder &ib, int64_t r, Value addr) {
      Value element = LLVM::LoadOp::create(rewriter, loc,
                                           vectorType.getElementType(), addr);
      result = LLVM::InsertElementOp::create(rewriter, loc, result, element,
                                             ib.c(r));
    };
    if (failed(forEachRegisterAddress(op, rewriter, *layout,
                                      op.getSrc().getType(), adaptor.getSrc(),
                                      load)))
      return failure();
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// tile.reduce
//===----------------------------------------------------------------------===//

/// How a reduction runs: registers of the thread combine by their
/// coordinate off the axis (`key`), then the lanes of `laneBits` combine by
/// butterfly shuffles, then the warps of `warpBits` through shared scratch;
/// `resultKeys[r]` is the key of result register r.
struct ReducePlan {
  /// Source registers that are not duplicates, with their key.
  SmallVector<std::pair<int64_t, int32_t>> registers;
  SmallVector<int32_t> laneBits;
  SmallVector<int32_t> warpBits;
  SmallVector<int32_t> resultKeys;
  /// The source layout without the axis: its thread part completes a key.
  LinearLayout offAxis;
  int64_t resultSize = 0;
};

FailureOr<ReducePlan> planReduce(ReduceOp op, std::string &why) {
  std::optional<LinearLayout> src = getRegisterLayout(op.getSrc().getType());
  std::optional<LinearLayout> dst = getRegisterLayout(op.getResult().getType());
  if (!src || !dst || src->getOutDims().size() < 2) {
    why = "the source must be a distributed register tile of rank 2 or "
          "more (a 1-D reduction to a scalar is not supported yet)";
    return failure();
  }
  unsigned axis = op.getAxis();
  std::string axisName = getTensorDimName(axis);
  LinearLayout dedup =
      src->removeZeroBases(kRegister).removeZeroBases(kLane).removeZeroBases(
          kWarp);
  if (!dedup.isInjective()) {
    why = "the source layout holds an element twice in a way other than "
          "broadcast registers or threads";
    return failure();
  }
  ReducePlan plan;
  // Thread bits along the axis must move along the axis only.
  auto alongAxisOnly = [&](const LinearLayout::Basis &basis) {
    for (auto [d, c] : llvm::enumerate(basis))
      if (d != axis && c != 0)
        return false;
    return true;
  };
  for (auto [bit, basis] : llvm::enumerate(src->getBases(kLane))) {
    if (basis[axis] == 0)
      continue;
    if (!alongAxisOnly(basis)) {
      why = "a lane bit moves along the axis and another dimension";
      return failure();
    }
    plan.laneBits.push_back(bit);
  }
  for (auto [bit, basis] : llvm::enumerate(src->getBases(kWarp))) {
    if (basis[axis] == 0)
      continue;
    if (!alongAxisOnly(basis)) {
      why = "a warp bit moves along the axis and another dimension";
      return failure();
    }
    plan.warpBits.push_back(bit);
  }
  if (!plan.warpBits.empty() && !op->hasAttr(TileDialect::kOffsetAttrName)) {
    why = "the reduction crosses warps and has no shared-memory scratch "
          "(tile-allocate-shared-memory reserves it, in kernels only)";
    return failure();
  }
  // Off-axis coordinates: the result's thread parts must match. Keys are
  // the result's row-major element offsets.
  LinearLayout offAxis = src->dropOutDim(axisName);
  auto identity = [](ArrayRef<int32_t> c) { return SmallVector<int32_t>(c); };
  if (failed(getRegisterMap(offAxis, *dst, identity, why)))
    return failure();
  uint64_t zeroRegs = src->getZeroBasesMask(kRegister);
  for (int64_t r = 0, e = src->getNumRegisters(); r < e; ++r)
    if ((uint64_t(r) & zeroRegs) == 0)
      plan.registers.push_back(
          {r, int32_t(offAxis.flattenOut(getRegisterCoords(offAxis, r)))});
  for (int64_t r = 0, e = dst->getNumRegisters(); r < e; ++r)
    plan.resultKeys.push_back(
        int32_t(dst->flattenOut(getRegisterCoords(*dst, r))));
  plan.offAxis = offAxis;
  plan.resultSize = int64_t(1) << offAxis.getTotalOutDimSizeLog2();
  return plan;
}

Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value x, Value y) {
  bool isFloat = isa<FloatType>(x.getType());
  switch (kind) {
  case ReduceKind::Add:
    return isFloat ? Value(LLVM::FAddOp::create(b, loc, x, y))
                   : Value(LLVM::AddOp::create(b, loc, x, y));
  case ReduceKind::Mul:
    return isFloat ? Value(LLVM::FMulOp::create(b, loc, x, y))
                   : Value(LLVM::MulOp::create(b, loc, x, y));
  case ReduceKind::Max:
    return isFloat ? Value(LLVM::MaxNumOp::create(b, loc, x, y))
                   : Value(LLVM::SMaxOp::create(b, loc, x, y));
  case ReduceKind::Min:
    return isFloat ? Value(LLVM::MinNumOp::create(b, loc, x, y))
                   : Value(LLVM::SMinOp::create(b, loc, x, y));
  case ReduceKind::And:
    return LLVM::AndOp::create(b, loc, x, y);
  case ReduceKind::Or:
    return LLVM::OrOp::create(b, loc, x, y);
  case ReduceKind::Xor:
    return LLVM::XOrOp::create(b, loc, x, y);
  }
  llvm_unreachable("unknown reduce kind");
}

/// `value` of lane (lane XOR mask), through 32-bit butterfly shuffles.
Value shuffleXor(OpBuilder &b, Location loc, Value value, int32_t mask) {
  return shuffleSync(b, loc, value, createI32Constant(b, loc, mask),
                     NVVM::ShflKind::bfly);
}

/// Warps along the axis combine through the scratch that
/// tile-allocate-shared-memory reserved on the reduction: slot
/// [w][coordinate] holds warp group w's partial (w = the reduced warp bits
/// of the warp id); after a barrier every thread combines the slots of its
/// coordinates in the same order. Barriers around keep the scratch apart
/// from buffers sharing its bytes at other times.
LogicalResult reduceAcrossWarps(ReduceOp op, const ReducePlan &plan,
                                llvm::MapVector<int32_t, Value> &partials,
                                ConversionPatternRewriter &rewriter) {
  FailureOr<int64_t> scratch = getAllocatedOffset(op);
  if (failed(scratch))
    return failure();
  Location loc = op.getLoc();
  I32Builder ib{rewriter, loc};
  Value base = createByteOffset(
      rewriter, loc, getSharedMemoryBase(rewriter, loc, op), *scratch);
  Value thread = getFlatThreadOffset(rewriter, loc, plan.offAxis);
  Value warp = createWarpId(rewriter, loc);
  Value group = ib.c(0);
  for (auto [j, bit] : llvm::enumerate(plan.warpBits))
    group = ib.add(group, ib.shl(ib.andI(ib.lshr(warp, bit), 1), j));
  auto slot = [&](Value warpGroup, int32_t key, Type type) {
    Value coord = key == 0 ? thread : ib.xorI(thread, ib.c(key));
    Value index = ib.add(ib.mul(warpGroup, plan.resultSize), coord);
    return LLVM::GEPOp::create(rewriter, loc, base.getType(), type, base,
                               ValueRange{index});
  };
  createScratchBarrier(rewriter, loc, op);
  for (auto &[key, value] : partials)
    LLVM::StoreOp::create(rewriter, loc, value,
                          slot(group, key, value.getType()));
  createScratchBarrier(rewriter, loc, op);
  for (auto &[key, value] : partials) {
    Type type = value.getType();
    Value acc;
    for (int64_t w = 0, e = int64_t(1) << plan.warpBits.size(); w < e; ++w) {
      Value v =
          LLVM::LoadOp::create(rewriter, loc, type, slot(ib.c(w), key, type));
      acc = acc ? combine(rewriter, loc, op.getKind(), acc, v) : v;
    }
    value = acc;
  }
  createScratchBarrier(rewriter, loc, op);
  return success();
}

struct ReduceLowering : public ConvertOpToLLVMPattern<ReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::string why;
    FailureOr<ReducePlan> plan = planReduce(op, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
    Location loc = op.getLoc();
    ReduceKind kind = op.getKind();
    // Within the thread, in register order.
    llvm::MapVector<int32_t, Value> partials;
    for (auto [r, key] : plan->registers) {
      Value element = LLVM::ExtractElementOp::create(
          rewriter, loc, adaptor.getSrc(), createI32Constant(rewriter, loc, r));
      auto [it, inserted] = partials.insert({key, element});
      if (!inserted)
        it->second = combine(rewriter, loc, kind, it->second, element);
    }
    // Across the lanes that hold other elements along the axis.
    for (auto &entry : partials)
      for (int32_t bit : plan->laneBits)
        entry.second =
            combine(rewriter, loc, kind, entry.second,
                    shuffleXor(rewriter, loc, entry.second, 1 << bit));
    if (!plan->warpBits.empty() &&
        failed(reduceAcrossWarps(op, *plan, partials, rewriter)))
      return failure();
    auto vectorType = cast<VectorType>(
        getTypeConverter()->convertType(op.getResult().getType()));
    Value result = LLVM::PoisonOp::create(rewriter, loc, vectorType);
    for (auto [r, key] : llvm::enumerate(plan->resultKeys)) {
      auto it = partials.find(key);
      if (it == partials.end())
        return rewriter.notifyMatchFailure(op, "result element not reduced");
      result =
          LLVM::InsertElementOp::create(rewriter, loc, result, it->second,
                                        createI32Constant(rewriter, loc, r));
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pre-check
//===----------------------------------------------------------------------===//

/// Operations on wgmma tiles alone keep the checks of the wgmma lowering.
bool hasRegisterTile(Operation *op) {
  auto isTile = [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && isDistributedLayout(tensor.getEncoding()) &&
           getRegisterLayout(t).has_value();
  };
  return llvm::any_of(op->getOperandTypes(), isTile) ||
         llvm::any_of(op->getResultTypes(), isTile);
}

/// Distributed-layout tensors this lowering cannot represent at all.
bool isUnsupportedDistributedTile(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isDistributedLayout(tensor.getEncoding()) &&
         !getRegisterLayout(type);
}

LogicalResult checkOp(Operation *op) {
  // Tensor-memory operations have their own check; branches only forward
  // values.
  Dialect *dialect = op->getDialect();
  if (dialect && (isa<cf::ControlFlowDialect>(dialect) ||
                  dialect->getNamespace() == "tmem"))
    return success();
  auto isBad = [](Type t) { return isUnsupportedDistributedTile(t); };
  if (llvm::any_of(op->getOperandTypes(), isBad) ||
      llvm::any_of(op->getResultTypes(), isBad))
    return op->emitOpError()
           << "not supported yet: register tiles in distributed layouts "
              "must have rank 1 to 4, power-of-two dimensions and integer "
              "or float elements of whole bytes (or i1)";
  if (!hasRegisterTile(op))
    return success();
  // Warp ids index the layout's warps: every warp of the layout must run,
  // and warp-specialized partitions renumber theirs.
  // (Layout changes check this themselves: those within each warp never
  // read the warp id.)
  if (op->getParentOfType<WarpSpecializeOp>() && !isa<ConvertLayoutOp>(op))
    return op->emitOpError()
           << "not supported yet: register tiles in distributed layouts "
              "inside warp-specialized partitions";
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (auto numWarps = func ? func->getAttrOfType<IntegerAttr>(
                                 TileDialect::kNumWarpsAttrName)
                           : IntegerAttr()) {
    SmallVector<Type> types(op->getOperandTypes());
    llvm::append_range(types, op->getResultTypes());
    for (Type type : types)
      if (std::optional<LinearLayout> layout = getRegisterLayout(type))
        if (layout->getInDimSize(kWarp) > numWarps.getInt())
          return op->emitOpError()
                 << "layout of " << type << " spans "
                 << layout->getInDimSize(kWarp) << " warps, but the kernel "
                 << "runs " << numWarps.getInt() << " (tile.num_warps)";
  }
  // tile.dot with A in registers: checked by the wgmma lowering.
  if (isa<SplatOp, RangeOp, LoadOp, StoreOp, DotOp>(op))
    return success();
  if (isa<SmemLoadOp, SmemStoreOp>(op)) {
    auto tile = cast<RankedTensorType>(isa<SmemLoadOp>(op)
                                           ? op->getResult(0).getType()
                                           : op->getOperand(0).getType());
    if (!isa<IndexType>(tile.getElementType()) &&
        tile.getElementTypeBitWidth() < 8)
      return op->emitOpError()
             << "not supported yet: whole-tile shared-memory access to "
                "sub-byte elements";
    return success();
  }
  if (isa<ConvertLayoutOp>(op)) {
    std::string why;
    if (succeeded(getOpRegisterMap(op, why)))
      return success();
    std::optional<LinearLayout> src =
        getRegisterLayout(op->getOperand(0).getType());
    std::optional<LinearLayout> dst =
        getRegisterLayout(op->getResult(0).getType());
    if (!src || !dst)
      return op->emitOpError() << "not supported yet: " << why;
    if (succeeded(planWarpShuffles(*src, *dst)))
      return success();
    if (op->getParentOfType<WarpSpecializeOp>())
      return op->emitOpError()
             << "not supported yet: a layout change through shared memory "
                "(it synchronizes the whole CTA) inside a warp-specialized "
                "partition";
    if (!op->hasAttr(TileDialect::kOffsetAttrName))
      return op->emitOpError()
             << "not supported yet: a layout change that moves data between "
                "threads has no shared-memory scratch "
                "(tile-allocate-shared-memory reserves it, in kernels only)";
    return success();
  }
  if (isa<ExpandDimsOp, BroadcastOp>(op)) {
    std::string why;
    if (failed(getOpRegisterMap(op, why)))
      return op->emitOpError()
             << "not supported yet: only register permutations within each "
                "thread are lowered for this op: "
             << why;
    return success();
  }
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    if (!isa<SplatElementsAttr>(constant.getValue()))
      return op->emitOpError()
             << "not supported yet: non-splat constant register tiles";
    return success();
  }
  if (op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1)
    return success();
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    std::string why;
    if (failed(planReduce(reduce, why)))
      return op->emitOpError() << "not supported yet: tile.reduce of this "
                                  "layout: "
                               << why;
    return success();
  }
  return op->emitOpError() << "not supported yet: this operation on register "
                              "tiles in distributed layouts";
}

} // namespace

bool tilemlir::isDistributedRegisterTile(Type type) {
  return getRegisterLayout(type).has_value();
}

LogicalResult tilemlir::checkRegisterTileLowering(Operation *root) {
  WalkResult result = root->walk([](Operation *op) {
    return failed(checkOp(op)) ? WalkResult::interrupt()
                               : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

void tilemlir::populateRegisterTileTypeConversions(
    LLVMTypeConverter &converter) {
  converter.addConversion(
      [&converter](RankedTensorType type) -> std::optional<Type> {
        // wgmma tiles: the same vector, from populateWgmmaTileTypeConversions.
        std::optional<LinearLayout> layout = getRegisterLayout(type);
        if (!layout || isWgmmaVectorTile(type))
          return std::nullopt;
        Type element = converter.convertType(type.getElementType());
        if (!element)
          return std::nullopt;
        return VectorType::get({layout->getNumRegisters()}, element);
      });
}

void tilemlir::populateRegisterTileToNVVMPatterns(LLVMTypeConverter &converter,
                                                  RewritePatternSet &patterns) {
  // Above the wgmma and scalar shared-memory patterns, which reject these
  // types anyway.
  patterns.add<RangeLowering, RegisterShuffleLowering<ExpandDimsOp>,
               RegisterShuffleLowering<BroadcastOp>,
               RegisterShuffleLowering<ConvertLayoutOp>, TileLoadLowering,
               TileStoreLowering, ReduceLowering, ConvertLayoutLowering,
               SmemLoadRegisterTileLowering, SmemStoreRegisterTileLowering>(
      converter, /*benefit=*/2);
}
