//===- LayoutQueries.cpp - Questions the lowering asks of layouts ---------===//

#include "Formatting.h"
#include "TileMLIR/Analysis/LayoutQueries.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilemlir;

namespace {

LogicalResult fail(std::string *why, const llvm::Twine &msg) {
  if (why)
    *why = msg.str();
  return failure();
}

/// Rank over GF(2) of a set of words.
int64_t rankOf(ArrayRef<uint64_t> words) {
  SmallVector<uint64_t> basis;
  for (uint64_t w : words) {
    for (uint64_t b : basis)
      w = std::min(w, w ^ b);
    if (w) {
      basis.push_back(w);
      // Keep the basis sorted by leading bit, largest first, so the
      // min-reduction above eliminates leading bits in order.
      llvm::sort(basis, std::greater<uint64_t>());
    }
  }
  return basis.size();
}

/// The composed map (register, lane, warp, block) -> offset.
FailureOr<LinearLayout> composeWithOffsets(const LinearLayout &regLayout,
                                           const LinearLayout &offsetMap,
                                           std::string *why) {
  if (offsetMap.getOutDims().size() != 1 ||
      offsetMap.getOutDims()[0].name != kOffset)
    return fail(why, "expected a shared offset map (tensor dims -> offset)");
  for (const LinearLayout::OutDim &o : regLayout.getOutDims())
    if (offsetMap.getInDimSize(o.name) != o.size)
      return fail(why, "the register layout and the shared buffer have "
                       "different shapes along '" +
                           o.name + "'");
  return regLayout.compose(offsetMap, why);
}

/// Flat offset images of every basis of `inDim`.
SmallVector<int64_t> offsets(const LinearLayout &composed, StringRef inDim) {
  SmallVector<int64_t> result;
  for (const LinearLayout::Basis &b : composed.getBases(inDim))
    result.push_back(b[0]);
  return result;
}

} // namespace

//===----------------------------------------------------------------------===//
// Registers and vectorization
//===----------------------------------------------------------------------===//

FailureOr<int64_t> tilemlir::getElementsPerThread(RankedTensorType type,
                                                  EmitErrorFn emitError) {
  FailureOr<LinearLayout> layout = toLinearLayout(type, emitError);
  if (failed(layout))
    return failure();
  return layout->getNumRegisters();
}

FailureOr<int64_t> tilemlir::getContiguityPerThread(RankedTensorType type,
                                                    unsigned dim,
                                                    EmitErrorFn emitError) {
  if (dim >= type.getRank())
    return emitFailure(emitError, "dimension " + llvm::Twine(dim) +
                                      " is out of range for rank " +
                                      llvm::Twine(type.getRank()));
  FailureOr<LinearLayout> layout = toLinearLayout(type, emitError);
  if (failed(layout))
    return failure();
  return layout->getNumConsecutiveInOut(getTensorDimName(dim));
}

FailureOr<int64_t> tilemlir::getVectorWidth(RankedTensorType type,
                                            std::optional<unsigned> contigDim,
                                            EmitErrorFn emitError) {
  unsigned dim = contigDim.value_or(type.getRank() - 1);
  FailureOr<int64_t> contiguity = getContiguityPerThread(type, dim, emitError);
  if (failed(contiguity))
    return failure();
  unsigned bits = getTileElementBits(type.getElementType());
  if (bits == 0)
    return 1;
  return std::max<int64_t>(1, std::min<int64_t>(*contiguity, 128 / bits));
}

std::optional<std::string> tilemlir::findThreadExchange(
    const LinearLayout &src, const LinearLayout &dst,
    function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> project) {
  unsigned srcRank = src.getOutDims().size();
  for (StringRef dim : {kLane, kWarp, kBlock}) {
    ArrayRef<LinearLayout::Basis> s = src.getBases(dim), d = dst.getBases(dim);
    for (size_t i = 0, e = std::max(s.size(), d.size()); i < e; ++i) {
      SmallVector<int32_t> sb(srcRank, 0);
      if (i < s.size())
        sb.assign(s[i].begin(), s[i].end());
      SmallVector<int32_t> db(srcRank, 0);
      if (i < d.size())
        db = project(d[i]);
      if (sb != db)
        return (dim + " bit " + llvm::Twine(i)).str();
    }
  }
  return std::nullopt;
}

bool tilemlir::isAlignedWindow(ArrayRef<int64_t> offsets,
                               ArrayRef<int64_t> shape) {
  return llvm::all_of(llvm::zip(offsets, shape), [](auto pair) {
    return std::get<0>(pair) % std::get<1>(pair) == 0;
  });
}

bool tilemlir::isThreadLocalWindow(RankedTensorType source,
                                   RankedTensorType window) {
  FailureOr<LinearLayout> src = toLinearLayout(source);
  FailureOr<LinearLayout> dst = toLinearLayout(window);
  // Offsets are multiples of the window's sizes: their bits lie above every
  // coordinate of the window, so they leave the thread bits alone.
  auto identity = [](ArrayRef<int32_t> coords) {
    return SmallVector<int32_t>(coords);
  };
  return succeeded(src) && succeeded(dst) &&
         !findThreadExchange(*src, *dst, identity);
}

bool tilemlir::windowNeedsSharedScratch(RankedTensorType source,
                                        RankedTensorType window,
                                        ArrayRef<int64_t> offsets) {
  if (failed(toLinearLayout(source)) || failed(toLinearLayout(window)))
    return false;
  return !isAlignedWindow(offsets, window.getShape()) ||
         !isThreadLocalWindow(source, window);
}

//===----------------------------------------------------------------------===//
// Bank conflicts
//===----------------------------------------------------------------------===//

FailureOr<BankConflictInfo>
tilemlir::analyzeBankConflicts(const LinearLayout &regLayout,
                               const LinearLayout &offsetMap,
                               unsigned storageBits, std::string *why) {
  if (storageBits == 0 || storageBits > 64 || !llvm::isPowerOf2_32(storageBits))
    return fail(why, "elements must be 1 to 64 bits, a power of two");
  FailureOr<LinearLayout> composed =
      composeWithOffsets(regLayout, offsetMap, why);
  if (failed(composed))
    return failure();

  BankConflictInfo info;
  info.vectorElements = std::min<int64_t>(composed->getNumConsecutiveInOut(),
                                          std::max(1u, 128 / storageBits));
  info.accessBits = info.vectorElements * storageBits;
  // Requests of 8 and 16 bytes are served a half and a quarter warp at a
  // time; anything up to a 4-byte word a whole warp at a time.
  int64_t unitBytes = std::max<int64_t>(4, info.accessBits / 8);
  info.lanesPerPhase = 32 * 4 / unitBytes;
  int32_t unitLog2 = llvm::Log2_64(unitBytes);
  // 32 banks x 4 bytes: address bits [unitLog2, 7) pick the bank (group).
  uint64_t bankMask = (uint64_t(1) << (7 - unitLog2)) - 1;

  SmallVector<uint64_t> units, banks;
  SmallVector<int64_t> laneOffsets = offsets(*composed, kLane);
  for (auto [bit, off] : llvm::enumerate(laneOffsets)) {
    if ((int64_t(1) << bit) >= info.lanesPerPhase)
      break;
    uint64_t byteAddr = (uint64_t(off) * storageBits) >> 3;
    uint64_t unit = byteAddr >> unitLog2;
    units.push_back(unit);
    banks.push_back(unit & bankMask);
  }
  // The lanes of a phase reach 2^rank(units) distinct units spread over
  // 2^rank(banks) bank groups, evenly (it is a linear map): each group is
  // hit by 2^(difference) distinct units, one wavefront each.
  info.wavefronts = int64_t(1) << (rankOf(units) - rankOf(banks));
  return info;
}

FailureOr<BankConflictInfo>
tilemlir::analyzeBankConflicts(Attribute regLayout, SharedMemoryType smem,
                               EmitErrorFn emitError) {
  FailureOr<LinearLayout> reg =
      toLinearLayout(smem.getShape(), regLayout, emitError);
  if (failed(reg))
    return failure();
  FailureOr<LinearLayout> map = getSharedOffsetMap(smem, emitError);
  if (failed(map))
    return failure();
  std::string why;
  FailureOr<BankConflictInfo> info = analyzeBankConflicts(
      *reg, *map,
      getSharedStorageBits(smem.getElementTypeBitWidth(), smem.getEncoding()),
      &why);
  if (failed(info))
    return emitFailure(emitError, why);
  return info;
}

//===----------------------------------------------------------------------===//
// ldmatrix / stmatrix
//===----------------------------------------------------------------------===//

LdStMatrixInfo tilemlir::analyzeLdStMatrix(const LinearLayout &regLayout,
                                           const LinearLayout &offsetMap,
                                           unsigned storageBits) {
  LdStMatrixInfo info;
  if (storageBits != 16) {
    info.reason = "elements are " + std::to_string(storageBits) +
                  " bits, ldmatrix/stmatrix move b16";
    return info;
  }
  std::string why;
  FailureOr<LinearLayout> composed =
      composeWithOffsets(regLayout, offsetMap, &why);
  if (failed(composed)) {
    info.reason = why;
    return info;
  }
  SmallVector<int64_t> regs = offsets(*composed, kRegister);
  SmallVector<int64_t> lanes = offsets(*composed, kLane);
  if (regs.empty() || lanes.size() != 5) {
    info.reason = "each thread needs at least 2 elements and the warp 32 "
                  "lanes";
    return info;
  }
  // Which input bits step through a 16-byte row (elements 1, 2, 4), in
  // the plain and the transposed fragment.
  struct Form {
    bool transposed;
    SmallVector<std::pair<StringRef, unsigned>> rowBits;
  };
  Form forms[] = {
      {false, {{kRegister, 0}, {kLane, 0}, {kLane, 1}}},
      {true, {{kLane, 2}, {kLane, 3}, {kLane, 4}}},
  };
  std::string firstReason;
  for (const Form &form : forms) {
    bool ok = true;
    std::string reason;
    for (auto [i, rb] : llvm::enumerate(form.rowBits)) {
      auto [dim, bit] = rb;
      int64_t off = dim == kRegister ? regs[bit] : lanes[bit];
      if (off != (int64_t(1) << i)) {
        ok = false;
        reason = (dim + " bit " + llvm::Twine(bit) + " moves by " +
                  llvm::Twine(off) + " elements in shared memory, not " +
                  llvm::Twine(int64_t(1) << i))
                     .str();
        break;
      }
    }
    // Every other basis must land on a 16-byte boundary (row start).
    for (const LinearLayout::InDim &in : composed->getInDims()) {
      if (!ok)
        break;
      for (auto [idx, b] : llvm::enumerate(in.bases)) {
        unsigned bit = idx;
        bool isRowBit = llvm::any_of(form.rowBits, [&](auto rb) {
          return rb.first == in.name && rb.second == bit;
        });
        if (!isRowBit && (b[0] & 7) != 0) {
          ok = false;
          reason = in.name + " bit " + std::to_string(bit) + " moves by " +
                   std::to_string(b[0]) +
                   " elements, breaking 16-byte row alignment";
          break;
        }
      }
    }
    if (ok) {
      info.supported = true;
      info.transposed = form.transposed;
      info.numMatrices = std::min<int64_t>(
          4, regs.size() >= 1 ? int64_t(1) << (regs.size() - 1) : 1);
      return info;
    }
    if (firstReason.empty())
      firstReason = reason;
  }
  info.reason = firstReason;
  return info;
}

FailureOr<LdStMatrixInfo> tilemlir::analyzeLdStMatrix(Attribute regLayout,
                                                      SharedMemoryType smem,
                                                      EmitErrorFn emitError) {
  FailureOr<LinearLayout> reg =
      toLinearLayout(smem.getShape(), regLayout, emitError);
  if (failed(reg))
    return failure();
  FailureOr<LinearLayout> map = getSharedOffsetMap(smem, emitError);
  if (failed(map))
    return failure();
  return analyzeLdStMatrix(
      *reg, *map,
      getSharedStorageBits(smem.getElementTypeBitWidth(), smem.getEncoding()));
}

//===----------------------------------------------------------------------===//
// Layout conversion
//===----------------------------------------------------------------------===//

StringRef tilemlir::stringifyLayoutConversionKind(LayoutConversionKind kind) {
  switch (kind) {
  case LayoutConversionKind::NoOp:
    return "no-op";
  case LayoutConversionKind::RegisterPermutation:
    return "register permutation";
  case LayoutConversionKind::WarpShuffle:
    return "warp shuffle";
  case LayoutConversionKind::SharedMemory:
    return "shared memory";
  }
  return "unknown";
}

FailureOr<LayoutConversionPlan>
tilemlir::planLayoutConversion(const LinearLayout &src, const LinearLayout &dst,
                               std::string *why) {
  for (StringRef level : {kLane, kWarp, kBlock})
    if (src.getInDimSize(level) != dst.getInDimSize(level))
      return fail(why, "the source layout uses " +
                           llvm::Twine(src.getInDimSize(level)) + " " + level +
                           "s but the result " +
                           llvm::Twine(dst.getInDimSize(level)));
  FailureOr<LinearLayout> map = dst.invertAndCompose(src, why);
  if (failed(map))
    return failure();

  // Level X is untouched when every destination bit keeps its X part
  // (X bits map to themselves, other bits to no X bit) and X bits map
  // nowhere else.
  auto isTrivial = [&](StringRef level) {
    if (level == kRegister &&
        src.getInDimSize(kRegister) != dst.getInDimSize(kRegister))
      return false;
    SmallVector<std::string> outNames = map->getOutDimNames();
    for (const LinearLayout::InDim &in : map->getInDims())
      for (auto [bit, image] : llvm::enumerate(in.bases))
        for (auto [o, name] : llvm::enumerate(outNames)) {
          int64_t expected =
              (in.name == name && in.name == level) ? (int64_t(1) << bit) : 0;
          if (in.name == level || name == level)
            if (image[o] != expected)
              return false;
        }
    return true;
  };

  LayoutConversionKind kind;
  if (!isTrivial(kBlock))
    return fail(why, "the conversion moves data between CTAs, which is not "
                     "supported");
  if (!isTrivial(kWarp))
    kind = LayoutConversionKind::SharedMemory;
  else if (!isTrivial(kLane))
    kind = LayoutConversionKind::WarpShuffle;
  else if (!isTrivial(kRegister))
    kind = LayoutConversionKind::RegisterPermutation;
  else
    kind = LayoutConversionKind::NoOp;
  return LayoutConversionPlan{kind, *map};
}

FailureOr<LayoutConversionPlan>
tilemlir::planLayoutConversion(RankedTensorType src, RankedTensorType dst,
                               EmitErrorFn emitError) {
  if (src.getShape() != dst.getShape())
    return emitFailure(emitError, "layout conversion needs tensors of the "
                                  "same shape");
  FailureOr<LinearLayout> srcLayout = toLinearLayout(src, emitError);
  if (failed(srcLayout))
    return failure();
  FailureOr<LinearLayout> dstLayout = toLinearLayout(dst, emitError);
  if (failed(dstLayout))
    return failure();
  std::string why;
  FailureOr<LayoutConversionPlan> plan =
      planLayoutConversion(*srcLayout, *dstLayout, &why);
  if (failed(plan))
    return emitFailure(emitError, "cannot convert layouts: " + why);
  return plan;
}

//===----------------------------------------------------------------------===//
// Conversions within a warp
//===----------------------------------------------------------------------===//

int64_t WarpShufflePlan::getNumSelects() const {
  int64_t n = 0;
  for (const Shuffle &s : shuffles)
    n += (int64_t(1) << s.selectBits.size()) - 1;
  int64_t rotating =
      llvm::count_if(dstRegisterMap, [](int64_t h) { return h != 0; });
  return n + int64_t(shuffles.size()) * ((int64_t(1) << rotating) - 1);
}

int64_t WarpShufflePlan::getNumShuffles() const {
  return llvm::count_if(shuffles, [](const Shuffle &s) { return !s.ownLane; });
}

namespace {

/// One round of a shuffle plan: lane t receives destination register
/// `round ^ h(t)` (h: per lane bit, `dstRegisterMap`). Fails when two
/// lanes need different registers of one source lane.
template <typename SourceFn>
LogicalResult planRound(SourceFn source, int64_t round,
                        ArrayRef<int64_t> dstRegisterMap,
                        WarpShufflePlan::Shuffle &shuffle, std::string *why) {
  constexpr int32_t kLanes = 32;
  auto dstRegister = [&](int32_t t) {
    int64_t d = round;
    for (auto [bit, h] : llvm::enumerate(dstRegisterMap))
      if (t >> bit & 1)
        d ^= h;
    return d;
  };
  // What each source lane must supply (-1: nobody reads from it).
  SmallVector<int64_t> supply(kLanes, -1);
  bool ownLane = true;
  for (int32_t t = 0; t < kLanes; ++t) {
    auto [reg, lane] = source(dstRegister(t), t);
    ownLane &= lane == t;
    if (supply[lane] >= 0 && supply[lane] != reg)
      return fail(why, "lane " + llvm::Twine(lane) +
                           " would have to supply registers " +
                           llvm::Twine(supply[lane]) + " and " +
                           llvm::Twine(reg) + " in one shuffle");
    supply[lane] = reg;
  }
  // The fewest supplying-lane bits that determine the register: drop a
  // bit whenever lanes differing only in dropped bits agree.
  uint32_t keep = kLanes - 1;
  for (int32_t bit = 4; bit >= 0; --bit) {
    uint32_t trial = keep & ~(1u << bit);
    bool agrees = true;
    for (int32_t a = 0; a < kLanes && agrees; ++a)
      for (int32_t b = a + 1; b < kLanes && agrees; ++b)
        if (((a ^ b) & trial) == 0 && supply[a] >= 0 && supply[b] >= 0 &&
            supply[a] != supply[b])
          agrees = false;
    if (agrees)
      keep = trial;
  }
  shuffle.round = round;
  shuffle.srcLaneXor = source(round, 0).second;
  shuffle.ownLane = ownLane;
  for (int32_t bit = 0; bit < 5; ++bit)
    if (keep >> bit & 1)
      shuffle.selectBits.push_back(bit);
  int64_t any = *llvm::find_if(supply, [](int64_t s) { return s >= 0; });
  for (int64_t k = 0, ke = int64_t(1) << shuffle.selectBits.size(); k < ke;
       ++k) {
    uint32_t lanes = 0;
    for (auto [j, bit] : llvm::enumerate(shuffle.selectBits))
      if (k >> j & 1)
        lanes |= 1u << bit;
    // Any lane with these select bits that somebody reads from.
    int64_t reg = any;
    for (int32_t s = 0; s < kLanes; ++s)
      if ((uint32_t(s) & keep) == lanes && supply[s] >= 0) {
        reg = supply[s];
        break;
      }
    shuffle.registers.push_back(reg);
  }
  return success();
}

/// Rank over GF(2) of small words.
bool isIndependent(ArrayRef<int32_t> words) {
  return rankOf(SmallVector<uint64_t>(words.begin(), words.end())) ==
         int64_t(words.size());
}

/// h (per lane bit, a destination register word) such that the source
/// lanes of a round, laneMap(t) = C h(t) ^ E t, are a permutation of the
/// lanes: then no source lane is read twice in a round. Depth-first over
/// the lane bits, fewest register bits first.
bool findDstRegisterMap(ArrayRef<int32_t> regToLane,
                        ArrayRef<int32_t> laneToLane, SmallVector<int64_t> &h,
                        SmallVector<int32_t> &chosen, int64_t &budget) {
  unsigned i = chosen.size();
  if (i == laneToLane.size())
    return true;
  int64_t numRegs = int64_t(1) << regToLane.size();
  SmallVector<int64_t> candidates =
      llvm::to_vector(llvm::seq<int64_t>(0, numRegs));
  llvm::stable_sort(candidates, [](int64_t a, int64_t b) {
    return llvm::popcount(uint64_t(a)) < llvm::popcount(uint64_t(b));
  });
  for (int64_t cand : candidates) {
    if (--budget < 0)
      return false;
    int32_t word = laneToLane[i];
    for (auto [j, c] : llvm::enumerate(regToLane))
      if (cand >> j & 1)
        word ^= c;
    chosen.push_back(word);
    h.push_back(cand);
    if (isIndependent(chosen) &&
        findDstRegisterMap(regToLane, laneToLane, h, chosen, budget))
      return true;
    chosen.pop_back();
    h.pop_back();
  }
  return false;
}

} // namespace

FailureOr<WarpShufflePlan> tilemlir::planWarpShuffles(const LinearLayout &src,
                                                      const LinearLayout &dst,
                                                      std::string *why) {
  FailureOr<LayoutConversionPlan> plan = planLayoutConversion(src, dst, why);
  if (failed(plan))
    return failure();
  if (plan->kind == LayoutConversionKind::SharedMemory)
    return fail(why, "data moves between warps");
  constexpr int32_t kLanes = 32;
  if (src.getInDimSize(kLane) != kLanes || dst.getInDimSize(kLane) != kLanes)
    return fail(why, "shuffles need layouts over the 32 lanes of a warp");
  const LinearLayout &map = plan->dstToSrc;
  SmallVector<std::string> outs = map.getOutDimNames();
  auto outIndex = [&](StringRef name) -> int {
    auto it = llvm::find(outs, name);
    return it == outs.end() ? -1 : int(it - outs.begin());
  };
  int regOut = outIndex(kRegister), laneOut = outIndex(kLane);
  // (source register, source lane) holding what destination register `r`
  // of lane `t` needs; warps map to themselves (the plan said so).
  auto source = [&](int64_t r, int32_t t) {
    SmallVector<int32_t> c = *map.apply({{kRegister, int32_t(r)}, {kLane, t}});
    return std::pair<int64_t, int32_t>(regOut < 0 ? 0 : c[regOut],
                                       laneOut < 0 ? 0 : c[laneOut]);
  };
  int64_t numRegs = dst.getNumRegisters();

  auto build = [&](ArrayRef<int64_t> h,
                   std::string *reason) -> FailureOr<WarpShufflePlan> {
    WarpShufflePlan result;
    result.dstRegisterMap.assign(h.begin(), h.end());
    for (int32_t bit = 0; bit < 5; ++bit)
      result.laneMap.push_back(source(h[bit], 1 << bit).second);
    for (int64_t k = 0; k < numRegs; ++k) {
      WarpShufflePlan::Shuffle shuffle;
      if (failed(planRound(source, k, h, shuffle, reason)))
        return failure();
      result.shuffles.push_back(std::move(shuffle));
    }
    // Run the plan as the lowering will, on every lane of warp 0: each
    // destination register must receive the element the layout puts
    // there.
    auto xorBits = [](auto words, int32_t t) {
      int64_t x = 0;
      for (auto [bit, w] : llvm::enumerate(words))
        if (t >> bit & 1)
          x ^= w;
      return x;
    };
    for (const WarpShufflePlan::Shuffle &s : result.shuffles)
      for (int32_t t = 0; t < kLanes; ++t) {
        int32_t from = s.srcLaneXor ^ xorBits(result.laneMap, t);
        if (s.ownLane)
          from = t;
        int64_t k = 0;
        for (auto [j, bit] : llvm::enumerate(s.selectBits))
          if (from >> bit & 1)
            k |= int64_t(1) << j;
        int64_t d = s.round ^ xorBits(result.dstRegisterMap, t);
        if (*src.apply({{kRegister, int32_t(s.registers[k])}, {kLane, from}}) !=
            *dst.apply({{kRegister, int32_t(d)}, {kLane, t}}))
          return fail(reason, "internal error: the shuffle plan delivers "
                              "the wrong element to lane " +
                                  llvm::Twine(t) + ", register " +
                                  llvm::Twine(d));
      }
    return result;
  };
  // Lane t receives register k in round k when that works (no selects on
  // the receiving side); otherwise rotate the registers by lane so that
  // each round reads every source lane once.
  std::string first;
  SmallVector<int64_t> zero(5, 0);
  if (FailureOr<WarpShufflePlan> simple = build(zero, &first);
      succeeded(simple))
    return simple;
  SmallVector<int32_t> regToLane, laneToLane;
  for (int32_t bit = 0; (int64_t(1) << bit) < numRegs; ++bit)
    regToLane.push_back(source(int64_t(1) << bit, 0).second);
  for (int32_t bit = 0; bit < 5; ++bit)
    laneToLane.push_back(source(0, 1 << bit).second);
  SmallVector<int64_t> h;
  SmallVector<int32_t> chosen;
  int64_t budget = 1 << 16;
  if (!findDstRegisterMap(regToLane, laneToLane, h, chosen, budget))
    return fail(why, "not supported yet: no round structure reads every "
                     "source lane once per shuffle (" +
                         first + ")");
  return build(h, why);
}

//===----------------------------------------------------------------------===//
// Conversions through shared scratch
//===----------------------------------------------------------------------===//

namespace {

/// Tensor dims (those of `layout`) -> offset: the row-major flat index with
/// bit (log2 rowElements + log2 perPhase + j) of it also XORed into bit
/// (log2 vec + j), j < log2 maxPhase.
FailureOr<LinearLayout> getSwizzledScratchMap(const LinearLayout &layout,
                                              int64_t rowElements, int64_t vec,
                                              int64_t perPhase,
                                              int64_t maxPhase,
                                              std::string *why) {
  int32_t rowLog2 = llvm::Log2_64(rowElements), vecLog2 = llvm::Log2_64(vec),
          phaseLog2 = llvm::Log2_64(perPhase),
          maxLog2 = llvm::Log2_64(maxPhase);
  SmallVector<LinearLayout::InDim> ins;
  int64_t total = 1;
  for (auto [i, out] : llvm::enumerate(layout.getOutDims())) {
    LinearLayout::InDim in{out.name, {}};
    int32_t base = layout.getOutBitOffset(i);
    for (int32_t b = 0; (int64_t(1) << b) < out.size; ++b) {
      int32_t flatBit = base + b;
      int64_t off = int64_t(1) << flatBit;
      int32_t phaseBit = flatBit - rowLog2 - phaseLog2;
      if (phaseBit >= 0 && phaseBit < maxLog2)
        off ^= int64_t(1) << (vecLog2 + phaseBit);
      in.bases.push_back(LinearLayout::Basis{int32_t(off)});
    }
    total *= out.size;
    ins.push_back(std::move(in));
  }
  return LinearLayout::get(ins, {{kOffset.str(), int32_t(total)}}, why);
}

/// Wavefronts per thread of all accesses of `layout` through `map`:
/// accesses x phases x wavefronts per phase. Registers with a zero basis
/// repeat another's element and are not stored when `skipRepeats`.
int64_t getAccessCost(const LinearLayout &layout, const BankConflictInfo &info,
                      bool skipRepeats) {
  int64_t registers = layout.getNumRegisters();
  if (skipRepeats)
    registers >>= llvm::popcount(layout.getZeroBasesMask(kRegister));
  int64_t accesses = std::max<int64_t>(1, registers / info.vectorElements);
  return accesses * (32 / info.lanesPerPhase) * info.wavefronts;
}

} // namespace

FailureOr<ConversionScratchLayout> tilemlir::chooseConversionScratchLayout(
    const LinearLayout &src, const LinearLayout &dst, unsigned storageBits,
    std::string *why, bool rowMajorOnly) {
  if (storageBits == 0 || storageBits > 64 || !llvm::isPowerOf2_32(storageBits))
    return fail(why, "elements must be 1 to 64 bits, a power of two");
  int64_t numElements = int64_t(1) << src.getTotalOutDimSizeLog2();
  int64_t rowElements =
      std::min<int64_t>(numElements, std::max(1u, 1024 / storageBits));
  int64_t rows = numElements / rowElements;
  int64_t maxVec = std::max(1u, 128 / storageBits);

  std::optional<ConversionScratchLayout> best;
  auto consider = [&](int64_t vec, int64_t perPhase,
                      int64_t maxPhase) -> LogicalResult {
    FailureOr<LinearLayout> map =
        getSwizzledScratchMap(src, rowElements, vec, perPhase, maxPhase, why);
    if (failed(map))
      return failure();
    FailureOr<BankConflictInfo> store =
        analyzeBankConflicts(src, *map, storageBits, why);
    FailureOr<BankConflictInfo> load =
        analyzeBankConflicts(dst, *map, storageBits, why);
    if (failed(store) || failed(load))
      return failure();
    ConversionScratchLayout c;
    c.rowElements = rowElements;
    c.vec = vec;
    c.perPhase = perPhase;
    c.maxPhase = maxPhase;
    c.offsetMap = *map;
    c.store = *store;
    c.load = *load;
    c.cost = getAccessCost(src, *store, /*skipRepeats=*/true) +
             getAccessCost(dst, *load, /*skipRepeats=*/false);
    if (!best) {
      c.rowMajorStore = *store;
      c.rowMajorLoad = *load;
      c.rowMajorCost = c.cost;
      best = c;
      return success();
    }
    int64_t accesses = src.getNumRegisters() / store->vectorElements +
                       dst.getNumRegisters() / load->vectorElements;
    int64_t bestAccesses = src.getNumRegisters() / best->store.vectorElements +
                           dst.getNumRegisters() / best->load.vectorElements;
    if (c.cost < best->cost ||
        (c.cost == best->cost && accesses < bestAccesses)) {
      c.rowMajorStore = best->rowMajorStore;
      c.rowMajorLoad = best->rowMajorLoad;
      c.rowMajorCost = best->rowMajorCost;
      best = c;
    }
    return success();
  };
  // Row-major first: a swizzle must be strictly better to be chosen.
  if (failed(consider(1, 1, 1)))
    return failure();
  if (rowMajorOnly)
    return *best;
  for (int64_t maxPhase = 2; maxPhase <= rows && maxPhase <= rowElements;
       maxPhase *= 2)
    for (int64_t vec = maxVec; vec >= 1; vec /= 2)
      for (int64_t perPhase = 1; perPhase * maxPhase <= rows; perPhase *= 2)
        if (vec * maxPhase <= rowElements &&
            failed(consider(vec, perPhase, maxPhase)))
          return failure();
  return *best;
}

bool tilemlir::conversionNeedsSharedScratch(RankedTensorType src,
                                            RankedTensorType dst) {
  FailureOr<LinearLayout> s = toLinearLayout(src);
  FailureOr<LinearLayout> d = toLinearLayout(dst);
  if (failed(s) || failed(d))
    return true;
  return failed(planWarpShuffles(*s, *d));
}
