//===- ConvertLayoutToNVVM.cpp - tile.convert_layout ----------------------===//
//
// A layout change of a register tile, in the cheapest of three ways
// (getConvertLayoutPlan): a shuffle of the thread's registers when every
// thread keeps its elements; shfl.sync idx rounds when data stays within
// each warp (planWarpShuffles); else through the swizzled shared scratch
// that tile-allocate-shared-memory reserves.
//
//===----------------------------------------------------------------------===//

#include "RegisterTiles.h"

#include "TileMLIR/Analysis/LayoutQueries.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

#include <map>

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

namespace {

/// How a tile.convert_layout runs.
struct ConvertLayoutPlan {
  enum class Kind { Registers, WarpShuffles, SharedMemory };
  Kind kind = Kind::Registers;
  /// Kind::Registers: for each result register, the source register.
  SmallVector<int32_t> registerMap;
  /// The other kinds: the source and result layouts.
  std::optional<LinearLayout> src, dst;
  /// Kind::WarpShuffles.
  std::optional<WarpShufflePlan> shuffles;
};

FailureOr<ConvertLayoutPlan> getConvertLayoutPlan(ConvertLayoutOp op,
                                                  EmitErrorFn emitError) {
  ConvertLayoutPlan plan;
  if (FailureOr<SmallVector<int32_t>> map = getOpRegisterMap(op);
      succeeded(map)) {
    plan.registerMap = std::move(*map);
    return plan;
  }
  FailureOr<LinearLayout> src = getRegisterLayout(op.getSrc().getType());
  FailureOr<LinearLayout> dst = getRegisterLayout(op.getResult().getType());
  if (failed(src) || failed(dst))
    return emitRule(emitError,
                    "source and result must both be distributed register "
                    "tiles");
  plan.src = std::move(*src);
  plan.dst = std::move(*dst);
  // tile-allocate-shared-memory reserves no scratch exactly when this plan
  // exists (conversionNeedsSharedScratch).
  if (FailureOr<WarpShufflePlan> shuffles =
          planWarpShuffles(*plan.src, *plan.dst);
      succeeded(shuffles)) {
    plan.kind = ConvertLayoutPlan::Kind::WarpShuffles;
    plan.shuffles = std::move(*shuffles);
    return plan;
  }
  if (op->getParentOfType<WarpSpecializeOp>())
    return emitRule(emitError,
                    "a layout change through shared memory (it synchronizes "
                    "the whole CTA) inside a warp-specialized partition");
  if (!op->hasAttr(TileDialect::kOffsetAttrName))
    return emitRule(emitError,
                    "a layout change that moves data between threads has no "
                    "shared-memory scratch (tile-allocate-shared-memory "
                    "reserves it, in kernels only)");
  plan.kind = ConvertLayoutPlan::Kind::SharedMemory;
  return plan;
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
    Value laneBit = ib.andI(lane, 1 << bit);
    Value isSet =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, laneBit, ib.c(0));
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

/// The values `sent` (one per round, picked by the sending lane) as the
/// lane `srcLane` sent them: one shfl.sync per 32-bit word, 8- and 16-bit
/// elements packed four or two to a word (a pack of fewer, the last of a
/// source lane's rounds, leaves the rest of its word undefined).
SmallVector<Value> shufflePacked(OpBuilder &b, Location loc,
                                 ArrayRef<Value> sent, Value srcLane) {
  if (sent.size() == 1)
    return {shuffleSync(b, loc, sent.front(), srcLane, NVVM::ShflKind::idx)};
  I32Builder ib{b, loc};
  Type elementType = sent.front().getType();
  int64_t perWord = 32 / elementType.getIntOrFloatBitWidth();
  assert(int64_t(sent.size()) <= perWord && "a pack is one 32-bit word");
  auto packed = VectorType::get({perWord}, elementType);
  Value word = LLVM::PoisonOp::create(b, loc, packed);
  for (auto [k, value] : llvm::enumerate(sent))
    word = LLVM::InsertElementOp::create(b, loc, word, value, ib.c(k));
  word = LLVM::BitcastOp::create(b, loc, b.getI32Type(), word);
  word = shuffleSync(b, loc, word, srcLane, NVVM::ShflKind::idx);
  word = LLVM::BitcastOp::create(b, loc, packed, word);
  SmallVector<Value> received;
  for (int64_t k = 0, e = sent.size(); k < e; ++k)
    received.push_back(LLVM::ExtractElementOp::create(b, loc, word, ib.c(k)));
  return received;
}

/// Which rounds of `plan` emit code and when they shuffle: equal rounds
/// (e.g. of repeated registers) are emitted once, and rounds of 8- or
/// 16-bit elements that read the same lane share 32-bit shuffles (an fp8
/// accumulator's change to the 8-bit A-operand layout needs a quarter of
/// the shuffles it would one element at a time).
struct RoundSchedule {
  /// Per round, the first round equal to it (itself when it is emitted).
  SmallVector<size_t> equalTo;
  /// The rounds shuffled together, by the last of them (where the shuffle
  /// is emitted); rounds in no pack are the lane's own.
  DenseMap<size_t, SmallVector<size_t>> packEndingAt;
};

RoundSchedule scheduleRounds(const WarpShufflePlan &plan, unsigned bits) {
  using RoundKey =
      std::tuple<int32_t, SmallVector<int32_t>, SmallVector<int64_t>, bool>;
  std::map<RoundKey, size_t> firstEqual;
  RoundSchedule schedule;
  DenseMap<int32_t, SmallVector<size_t>> bySourceLane;
  for (auto [i, s] : llvm::enumerate(plan.shuffles)) {
    auto [it, inserted] = firstEqual.try_emplace(
        RoundKey{s.srcLaneXor, s.selectBits, s.registers, s.ownLane}, i);
    schedule.equalTo.push_back(it->second);
    if (inserted && !s.ownLane)
      bySourceLane[s.srcLaneXor].push_back(i);
  }
  size_t perWord = (bits == 8 || bits == 16) ? 32 / bits : 1;
  for (auto &[laneXor, group] : bySourceLane)
    for (size_t first = 0; first < group.size(); first += perWord) {
      size_t last = std::min(first + perWord, group.size()) - 1;
      schedule.packEndingAt[group[last]].assign(group.begin() + first,
                                                group.begin() + last + 1);
    }
  return schedule;
}

/// Each round's value in the receiving lane: the register the supplying
/// lane picks by its own bits, shuffled from it (RoundSchedule).
SmallVector<Value> emitRounds(OpBuilder &b, Location loc,
                              const WarpShufflePlan &plan, Value src,
                              Value lane, Value laneBase, unsigned bits) {
  I32Builder ib{b, loc};
  DenseMap<int64_t, Value> elements;
  auto element = [&](int64_t r) {
    Value &e = elements[r];
    if (!e)
      e = LLVM::ExtractElementOp::create(b, loc, src, ib.c(r));
    return e;
  };
  RoundSchedule schedule = scheduleRounds(plan, bits);
  SmallVector<Value> rounds(plan.shuffles.size());
  for (auto [i, s] : llvm::enumerate(plan.shuffles)) {
    if (schedule.equalTo[i] != i)
      continue;
    SmallVector<Value> candidates;
    for (int64_t r : s.registers)
      candidates.push_back(element(r));
    rounds[i] = selectByLane(b, loc, lane, s.selectBits, candidates);
    auto pack = schedule.packEndingAt.find(i);
    if (s.ownLane || pack == schedule.packEndingAt.end())
      continue;
    Value srcLane = s.srcLaneXor == 0 ? laneBase
                                      : ib.xorI(laneBase, ib.c(s.srcLaneXor));
    SmallVector<Value> sent;
    for (size_t k : pack->second)
      sent.push_back(rounds[k]);
    for (auto [k, value] :
         llvm::zip(pack->second, shufflePacked(b, loc, sent, srcLane)))
      rounds[k] = value;
  }
  // Copies last: the round a copy repeats may be shuffled in a pack that
  // ends after the copy's own position.
  for (auto [i, first] : llvm::enumerate(schedule.equalTo))
    rounds[i] = rounds[first];
  return rounds;
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
  Type elementType = resultType.getElementType();
  unsigned bits =
      elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 0;
  SmallVector<Value> rounds =
      emitRounds(rewriter, loc, plan, src, lane, laneBase, bits);
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
    Value word = selectByLane(rewriter, loc, lane, rotateBits, candidates);
    result =
        LLVM::InsertElementOp::create(rewriter, loc, result, word, ib.c(d));
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
    Value laneOffset = applyBits(ib, lane, offsetsOf(map, kLane));
    return ib.xorI(laneOffset, applyBits(ib, warp, offsetsOf(map, kWarp)));
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
    Value value = extractRegisterRun(rewriter, loc, src, r, storeVec);
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
    result = insertRegisterRun(rewriter, loc, result, loaded, r);
  }
  createScratchBarrier(rewriter, loc, op);
  rewriter.replaceOp(op, result);
  return success();
}

struct ConvertLayoutLowering : public ConvertOpToLLVMPattern<ConvertLayoutOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<ConvertLayoutPlan> plan = getConvertLayoutPlan(op, {});
    if (failed(plan))
      return failure();
    if (plan->kind == ConvertLayoutPlan::Kind::Registers) {
      replaceWithRegisterShuffle(op, adaptor.getSrc(), plan->registerMap,
                                 rewriter);
      return success();
    }
    auto resultType = cast<VectorType>(
        getTypeConverter()->convertType(op.getResult().getType()));
    if (plan->kind == ConvertLayoutPlan::Kind::WarpShuffles) {
      convertWithinWarps(op, adaptor.getSrc(), *plan->shuffles, resultType,
                         rewriter);
      return success();
    }
    return convertThroughSharedMemory(op, adaptor.getSrc(), *plan->src,
                                      *plan->dst, resultType, rewriter);
  }
};

} // namespace

LogicalResult tilemlir::verifyConvertLayoutLowering(Operation *op) {
  auto convert = dyn_cast<ConvertLayoutOp>(op);
  if (!convert)
    return success();
  auto emitError = [&]() -> InFlightDiagnostic {
    return op->emitOpError() << "not supported yet: ";
  };
  return getConvertLayoutPlan(convert, emitError);
}

void tilemlir::populateConvertLayoutToNVVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutLowering>(converter, /*benefit=*/2);
}
