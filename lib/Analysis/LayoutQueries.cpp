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
