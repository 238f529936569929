//===- ConvertLayoutToNVVM.cpp - tile.convert_layout ----------------------===//
//
// A layout change of a register tile, in the cheapest of three ways
// (getConvertLayoutPlan): a shuffle of the thread's registers when every
// thread keeps its elements; shfl.sync idx rounds when data stays within
// each warp (planWarpShuffles); else through the swizzled shared scratch
// that tile-allocate-shared-memory reserves. A window (tile.extract_slice)
// that is no selection of each thread's registers goes through the same
// scratch.
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

/// The shared scratch tile-allocate-shared-memory reserved for an op (a
/// layout change or a window), addressed in elements.
struct Scratch {
  Value base;
  Type elementType;
  /// Bytes per element in the scratch (i1: one).
  int64_t bytes;
};

FailureOr<Scratch> getScratch(Operation *op, Type elementType, OpBuilder &b,
                              Location loc) {
  FailureOr<int64_t> offset = getAllocatedOffset(op);
  if (failed(offset))
    return failure();
  Value base =
      createByteOffset(b, loc, getSharedMemoryBase(b, loc, op), *offset);
  return Scratch{base, elementType,
                 llvm::divideCeil(elementType.getIntOrFloatBitWidth(), 8)};
}

/// Register `r`'s element offset in a layout's offsets (the layout composed
/// with the scratch map): the thread part XOR the register's (the map is
/// linear).
Value getLinearOffset(I32Builder &ib, Value thread, const LinearLayout &offsets,
                      int64_t r) {
  int64_t regOffset = (*offsets.apply({{kRegister, int32_t(r)}}))[0];
  return regOffset == 0 ? thread : ib.xorI(thread, ib.c(regOffset));
}

/// Every thread stores its distinct registers of `src` (in `layout`, at
/// `offsets`), `vec` at a time. i1 vectors would be bit-packed in memory:
/// one byte at a time.
void storeToScratch(OpBuilder &b, Location loc, const Scratch &scratch,
                    Value src, const LinearLayout &layout,
                    const LinearLayout &offsets, int64_t vec) {
  I32Builder ib{b, loc};
  Value thread = getFlatThreadOffset(b, loc, offsets);
  uint64_t repeats = layout.getZeroBasesMask(kRegister);
  for (int64_t r = 0, e = layout.getNumRegisters(); r < e; r += vec) {
    if (uint64_t(r) & repeats)
      continue; // Another register holds the same element.
    Value address = LLVM::GEPOp::create(
        b, loc, scratch.base.getType(), scratch.elementType, scratch.base,
        ValueRange{getLinearOffset(ib, thread, offsets, r)});
    LLVM::StoreOp::create(b, loc, extractRegisterRun(b, loc, src, r, vec),
                          address, vec * scratch.bytes);
  }
}

/// The registers of `layout` (as `resultType`) loaded `vec` at a time,
/// register r (the first of a run) from element offset `offsetOf(r)`;
/// registers that repeat another's element (a zero basis) are copied.
Value loadFromScratch(OpBuilder &b, Location loc, const Scratch &scratch,
                      VectorType resultType, const LinearLayout &layout,
                      int64_t vec, function_ref<Value(int64_t)> offsetOf) {
  Type loadType = vec == 1 ? scratch.elementType
                           : Type(VectorType::get({vec}, scratch.elementType));
  uint64_t repeats = layout.getZeroBasesMask(kRegister);
  Value result = LLVM::PoisonOp::create(b, loc, resultType);
  for (int64_t r = 0, e = resultType.getNumElements(); r < e; r += vec) {
    Value run;
    if (uint64_t(r) & repeats) {
      run = extractRegisterRun(b, loc, result, r & ~repeats, vec);
    } else {
      Value address =
          LLVM::GEPOp::create(b, loc, scratch.base.getType(),
                              scratch.elementType, scratch.base, offsetOf(r));
      run =
          LLVM::LoadOp::create(b, loc, loadType, address, vec * scratch.bytes);
    }
    result = insertRegisterRun(b, loc, result, run, r);
  }
  return result;
}

/// `src` (in `srcLayout`) through the scratch tile-allocate-shared-memory
/// reserved for `op`, into the registers of `dstLayout`, whose coordinates
/// are the source's from `offsets` on: zeros for a layout change, a
/// window's offsets. The scratch is laid out by chooseConversionScratchLayout
/// (row-major or an XOR swizzle of 16-byte chunks that spreads both access
/// patterns over the banks): every thread stores its distinct registers,
/// the CTA synchronizes, every thread loads its new registers. Runs of
/// registers that are contiguous and aligned in the scratch move as one
/// vector access (up to 16 bytes; i1 is stored a byte at a time). Barriers
/// before and after keep the scratch apart from buffers that share its
/// bytes at other times.
///
/// At offsets that are multiples of the window's sizes, its coordinates and
/// the offsets have disjoint bits: the offsets XOR into the scratch map
/// like a register's coordinates. At others the scratch is row-major and
/// each register's offset is computed from its coordinates (vectors only as
/// wide as the window start's alignment in the scratch).
LogicalResult moveThroughSharedMemory(Operation *op, Value src,
                                      const LinearLayout &srcLayout,
                                      const LinearLayout &dstLayout,
                                      ArrayRef<int64_t> offsets,
                                      VectorType resultType,
                                      ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  FailureOr<Scratch> scratch =
      getScratch(op, resultType.getElementType(), rewriter, loc);
  if (failed(scratch))
    return failure();
  SmallVector<int64_t> shape;
  for (const LinearLayout::OutDim &out : dstLayout.getOutDims())
    shape.push_back(out.size);
  bool aligned = isAlignedWindow(offsets, shape);
  std::string why;
  // The result's layout over the source's coordinates.
  FailureOr<LinearLayout> embedded =
      LinearLayout::get(dstLayout.getInDims(), srcLayout.getOutDims(), &why);
  FailureOr<ConversionScratchLayout> layout = failure();
  FailureOr<LinearLayout> srcOffsets = failure(), dstOffsets = failure();
  if (succeeded(embedded))
    layout = chooseConversionScratchLayout(srcLayout, *embedded,
                                           8 * scratch->bytes, &why, !aligned);
  if (succeeded(layout)) {
    srcOffsets = srcLayout.compose(layout->offsetMap, &why);
    dstOffsets = embedded->compose(layout->offsetMap, &why);
  }
  if (failed(srcOffsets) || failed(dstOffsets))
    return op->emitOpError() << "internal error: no scratch layout: " << why;
  bool isI1 = resultType.getElementType().getIntOrFloatBitWidth() == 1;
  createScratchBarrier(rewriter, loc, op);
  storeToScratch(rewriter, loc, *scratch, src, srcLayout, *srcOffsets,
                 isI1 ? 1 : layout->store.vectorElements);
  createScratchBarrier(rewriter, loc, op);
  I32Builder ib{rewriter, loc};
  int64_t vec = isI1 ? 1 : layout->load.vectorElements;
  Value result;
  if (aligned) {
    SmallVector<std::pair<StringRef, int32_t>> start;
    for (auto [out, offset] : llvm::zip(srcLayout.getOutDims(), offsets))
      start.push_back({out.name, int32_t(offset)});
    int64_t shift = (*layout->offsetMap.apply(start))[0];
    Value thread = getFlatThreadOffset(rewriter, loc, *dstOffsets);
    if (shift != 0)
      thread = ib.xorI(thread, ib.c(shift));
    result = loadFromScratch(
        rewriter, loc, *scratch, resultType, dstLayout, vec,
        [&](int64_t r) { return getLinearOffset(ib, thread, *dstOffsets, r); });
  } else {
    // A run's first element sits at a multiple of `vec` from the window's
    // start: the start's element offset must be one too.
    int64_t start = 0;
    for (auto [out, offset] : llvm::zip(srcLayout.getOutDims(), offsets))
      start = start * out.size + offset;
    while (start % vec != 0)
      vec /= 2;
    SmallVector<Value> thread = getThreadCoords(rewriter, loc, dstLayout);
    result = loadFromScratch(
        rewriter, loc, *scratch, resultType, dstLayout, vec, [&](int64_t r) {
          Value flat = ib.c(0);
          for (auto [d, coord] :
               llvm::enumerate(getRegisterCoords(dstLayout, r))) {
            Value c = coord == 0 ? thread[d] : ib.xorI(thread[d], ib.c(coord));
            Value shifted = ib.add(c, ib.c(offsets[d]));
            flat =
                ib.add(ib.mul(flat, srcLayout.getOutDims()[d].size), shifted);
          }
          return flat;
        });
  }
  createScratchBarrier(rewriter, loc, op);
  rewriter.replaceOp(op, result);
  return success();
}

/// Whether a window (tile.extract_slice) is read through shared scratch
/// (windowNeedsSharedScratch: other threads hold its elements, or an
/// offset is not a multiple of its size), failing with the rule it breaks
/// where it must be and cannot. Other windows select registers
/// (ElementwiseToNVVM.cpp).
FailureOr<bool> isWindowThroughSharedMemory(ExtractSliceOp op,
                                            EmitErrorFn emitError) {
  auto src = cast<RankedTensorType>(op.getSrc().getType());
  if (!windowNeedsSharedScratch(src, op.getType(), op.getOffsets()))
    return false;
  constexpr llvm::StringLiteral what =
      "a window that other threads hold, or at an offset that is not a "
      "multiple of its size, is read through shared memory";
  if (!src.getElementType().isIntOrFloat())
    return emitRule(emitError, Twine(what) + ": of integer or float "
                                             "elements only");
  if (op->getParentOfType<WarpSpecializeOp>())
    return emitRule(emitError, Twine(what) +
                                   " (it synchronizes the whole CTA), not "
                                   "inside a warp-specialized partition");
  if (!op->hasAttr(TileDialect::kOffsetAttrName))
    return emitRule(emitError, Twine(what) +
                                   ", and it has no shared-memory scratch "
                                   "(tile-allocate-shared-memory reserves it, "
                                   "in kernels only)");
  return true;
}

struct WindowLowering : public ConvertOpToLLVMPattern<ExtractSliceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ExtractSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<bool> throughScratch = isWindowThroughSharedMemory(op, {});
    FailureOr<LinearLayout> src = getRegisterLayout(op.getSrc().getType());
    FailureOr<LinearLayout> dst = getRegisterLayout(op.getType());
    if (failed(throughScratch) || !*throughScratch || failed(src) ||
        failed(dst))
      return failure();
    auto resultType =
        cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    return moveThroughSharedMemory(op, adaptor.getSrc(), *src, *dst,
                                   op.getOffsets(), resultType, rewriter);
  }
};

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
    SmallVector<int64_t> origin(plan->src->getOutDims().size(), 0);
    return moveThroughSharedMemory(op, adaptor.getSrc(), *plan->src, *plan->dst,
                                   origin, resultType, rewriter);
  }
};

} // namespace

LogicalResult tilemlir::verifyConvertLayoutLowering(Operation *op) {
  auto emitError = [&]() -> InFlightDiagnostic {
    return op->emitOpError() << "not supported yet: ";
  };
  if (auto window = dyn_cast<ExtractSliceOp>(op))
    return isWindowThroughSharedMemory(window, emitError);
  auto convert = dyn_cast<ConvertLayoutOp>(op);
  if (!convert)
    return success();
  return getConvertLayoutPlan(convert, emitError);
}

void tilemlir::populateConvertLayoutToNVVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutLowering>(converter, /*benefit=*/2);
  // Before the register selection of windows (benefit 2), which does not
  // match the windows this one reads.
  patterns.add<WindowLowering>(converter, /*benefit=*/3);
}
