//===- TensorMemoryLayouts.cpp - Tensor-memory layouts --------------------===//
//
// See TensorMemoryLayouts.h. The addressing formula and the linear map of
// a #tmem.layout buffer are the layout attribute's own
// (dialect/TMem/TMemLayouts.cpp); this file composes them with register
// layouts into tcgen05.ld / tcgen05.st plans.
//
//===----------------------------------------------------------------------===//

#include "Formatting.h"
#include "TileMLIR/Analysis/TensorMemoryLayouts.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilemlir;
using tmem::BufferType;
using tmem::TensorMemoryLayoutAttr;

TensorMemoryLocation tilemlir::getTensorMemoryLocation(BufferType type,
                                                       int64_t m, int64_t n) {
  return type.getLayout().getLocation(
      type.getShape().take_back(2), type.getElementTypeBitWidth(), m, n);
}

bool tilemlir::isUnpacked16(BufferType type) {
  TensorMemoryLayoutAttr layout = type.getLayout();
  return layout && type.getElementTypeBitWidth() == 16 &&
         layout.getColStride() == 2;
}

FailureOr<LinearLayout> tilemlir::getTensorMemoryMap(BufferType type,
                                                     EmitErrorFn emitError) {
  TensorMemoryLayoutAttr layout = type.getLayout();
  if (!type.getEncoding())
    return emitFailure(emitError, "the tensor-memory buffer has no layout "
                                  "(run tile-legalize-layouts, which chooses "
                                  "one, or write it)");
  if (!layout)
    return emitFailure(emitError, "block-scale factor buffers (#tmem.scales) "
                                  "have no element map");
  if (type.getRank() != 2)
    return emitFailure(emitError, "a tensor-memory map is for one 2-D "
                                  "buffer: select a stage with tmem.index");
  return layout.toLinearLayout(type.getShape(), type.getElementTypeBitWidth(),
                               emitError);
}

namespace {

/// Builds a TensorMemoryAccessPlan from the composed map (register, lane,
/// warp, block) -> (row, column, slot), one rule at a time; each step fails
/// with the rule it checks in `why`.
class AccessPlanner {
public:
  AccessPlanner(const LinearLayout &map, const LinearLayout &tmemMap,
                bool packPairs, std::string &why)
      : map(map), tmemMap(tmemMap), packPairs(packPairs), why(why) {}

  FailureOr<TensorMemoryAccessPlan> run() {
    if (failed(checkExtents()) || failed(planThreads()) ||
        failed(planWarps()) || failed(checkRegisters()) ||
        failed(planColumnsPerAccess()) || failed(checkHalfColumn()))
      return failure();
    listAccesses();
    return plan;
  }

private:
  int32_t row(StringRef dim, int32_t bit) const {
    return map.getBasis(dim, bit, kTMemRow);
  }
  int32_t column(StringRef dim, int32_t bit) const {
    return map.getBasis(dim, bit, kTMemColumn);
  }
  int32_t slot(StringRef dim, int32_t bit) const {
    return map.getBasis(dim, bit, kTMemSlot);
  }
  std::string describe(StringRef dim, int32_t bit) const {
    return (dim + " bit " + Twine(bit) + " goes to row " +
            Twine(row(dim, bit)) + ", column " + Twine(column(dim, bit)) +
            ", slot " + Twine(slot(dim, bit)))
        .str();
  }
  LogicalResult fail(const Twine &message) {
    why = message.str();
    return failure();
  }
  bool halves() const {
    return plan.shape == TensorMemoryAccessPlan::Shape::k16x32bx2;
  }

  LogicalResult checkExtents() {
    if (map.getOutDimSize(kTMemRow) != 128)
      return fail("tcgen05.ld/st moves all 128 rows of tensor memory; the "
                  "buffer has " +
                  Twine(map.getOutDimSize(kTMemRow)));
    if (map.getInDimSizeLog2(kLane) != 5 || map.getInDimSizeLog2(kWarp) < 2)
      return fail("tcgen05.ld/st needs at least 4 warps of 32 lanes");
    return success();
  }

  /// 32x32b: lanes and the low two warp bits walk the 128 rows, one row a
  /// thread. 16x32bx2: a warp's 16 lanes of data are read twice, by lanes
  /// 0-15 and (at a column offset) by lanes 16-31. The buffer decides:
  /// blockM = 64 data never reaches lane 16 of a quarter.
  LogicalResult planThreads() {
    int32_t rowBits = 0;
    for (const LinearLayout::InDim &in : tmemMap.getInDims())
      for (const LinearLayout::Basis &basis : in.bases)
        rowBits |= basis[0];
    plan.shape = (rowBits & 16) ? TensorMemoryAccessPlan::Shape::k32x32b
                                : TensorMemoryAccessPlan::Shape::k16x32bx2;
    for (int32_t bit = 0; bit < 7; ++bit) {
      StringRef dim = bit < 5 ? kLane : kWarp;
      int32_t b = bit < 5 ? bit : bit - 5;
      if (halves() && bit == 4) {
        if (row(kLane, 4) || slot(kLane, 4) || !column(kLane, 4))
          return fail("with tcgen05.ld/st 16x32bx2, lanes 16-31 read the "
                      "rows of lanes 0-15 at other columns, but " +
                      describe(kLane, 4));
        continue;
      }
      if (row(dim, b) != (1 << bit) || column(dim, b) != 0 || slot(dim, b))
        return fail(halves() ? "with tcgen05.ld/st 16x32bx2, thread (warp w, "
                               "lane l) holds row 32 * (w % 4) + l % 16, but " +
                                   describe(dim, b)
                             : "with tcgen05.ld/st 32x32b, thread (warp w, "
                               "lane l) holds row 32 * (w % 4) + l, but " +
                                   describe(dim, b));
    }
    if (halves())
      plan.halfColumn = column(kLane, 4);
    if (map.getInDimSizeLog2(kBlock) != 0)
      return fail("register tiles spread over several CTAs");
    return success();
  }

  LogicalResult planWarps() {
    int32_t numWarpBits = map.getInDimSizeLog2(kWarp);
    for (int32_t b = 0; b < numWarpBits; ++b) {
      if (b >= 2 && (row(kWarp, b) || slot(kWarp, b)))
        return fail("warps beyond the first four must keep their rows (they "
                    "reach the same lane quarters): " +
                    describe(kWarp, b));
      plan.warpColumns.push_back(b < 2 ? 0 : column(kWarp, b));
    }
    return success();
  }

  /// Registers: first the slots of one column, then as many consecutive
  /// columns as one instruction can take, then anything (in the same row).
  LogicalResult checkRegisters() {
    numRegBits = map.getInDimSizeLog2(kRegister);
    slotBits = map.getOutDimSizeLog2(kTMemSlot);
    // Instructions move whole 32-bit columns: a thread with fewer elements
    // than a column holds would read or write its neighbours' halves.
    if (numRegBits < slotBits)
      return fail("each thread must hold whole 32-bit columns (" +
                  Twine(1 << slotBits) + " elements), but holds " +
                  Twine(1 << numRegBits));
    for (int32_t b = 0; b < numRegBits; ++b) {
      if (row(kRegister, b))
        return fail("each thread holds one row of tensor memory, but " +
                    describe(kRegister, b));
      if (!column(kRegister, b) && !slot(kRegister, b))
        return fail("register bit " + Twine(b) +
                    " repeats elements (a zero basis): not supported yet");
      bool isSlotBit = b < slotBits;
      if (isSlotBit != (column(kRegister, b) == 0) ||
          (isSlotBit && slot(kRegister, b) != (1 << b)) ||
          (!isSlotBit && slot(kRegister, b)))
        return fail("registers must fill each 32-bit column's " +
                    Twine(1 << slotBits) +
                    " elements in order before the next column, but " +
                    describe(kRegister, b));
    }
    plan.elementsPerColumn = int64_t(1) << slotBits;
    plan.registersPerWord = plan.elementsPerColumn;
    // .pack::16b: each 32-bit register holds the 16-bit elements of two
    // adjacent columns (low half first), so register bit 0 must move one
    // column.
    if (packPairs && (numRegBits < 1 || column(kRegister, 0) != 1))
      return fail("with unpacked 16-bit elements (one a column), "
                  "tcgen05.ld/st pack two adjacent columns into each 32-bit "
                  "register, so register bit 0 must move one column, but " +
                  (numRegBits < 1 ? std::string("each thread holds one element")
                                  : describe(kRegister, 0)));
    return success();
  }

  /// No offset other than the instruction's own columns may touch the low
  /// `bits` column bits (so that XORing offsets keeps each instruction's
  /// columns consecutive).
  bool lowBitsClear(int32_t bits) const {
    int32_t mask = (1 << bits) - 1;
    for (int32_t b = slotBits + bits; b < numRegBits; ++b)
      if (column(kRegister, b) & mask)
        return false;
    return llvm::none_of(plan.warpColumns,
                         [&](int32_t c) { return c & mask; }) &&
           (plan.halfColumn & mask) == 0;
  }

  /// Columns per instruction: register bits slotBits + j walking columns
  /// 1 << j, at most .x128.
  LogicalResult planColumnsPerAccess() {
    int32_t maxBits = 0;
    while (slotBits + maxBits < numRegBits && maxBits < 7 &&
           column(kRegister, slotBits + maxBits) == (1 << maxBits))
      ++maxBits;
    while (maxBits > 0 && !lowBitsClear(maxBits))
      --maxBits;
    if (packPairs && maxBits < 1)
      return fail("with unpacked 16-bit elements, another column offset "
                  "overlaps the column pairs that share a register");
    plan.columnsPerAccess = int64_t(1) << maxBits;
    plan.pack = packPairs;
    if (packPairs)
      plan.registersPerWord = 2;
    plan.wordsPerAccess =
        packPairs ? plan.columnsPerAccess / 2 : plan.columnsPerAccess;
    groupBits = slotBits + maxBits;
    columnBits = maxBits;
    return success();
  }

  /// The upper half's columns are the lower half's plus an immediate: its
  /// offset must not share bits with any other column offset.
  LogicalResult checkHalfColumn() {
    if (!halves())
      return success();
    int32_t others = (1 << columnBits) - 1;
    for (int32_t b = groupBits; b < numRegBits; ++b)
      others |= column(kRegister, b);
    for (int32_t c : plan.warpColumns)
      others |= c;
    if (plan.halfColumn & others)
      return fail("lanes 16-31 read their columns at an offset (" +
                  Twine(plan.halfColumn) +
                  ") that overlaps the columns of registers or warps");
    return success();
  }

  void listAccesses() {
    for (int64_t first = 0, e = map.getNumRegisters(); first < e;
         first += int64_t(1) << groupBits) {
      int32_t c = 0;
      for (int32_t b = groupBits; b < numRegBits; ++b)
        if (first & (int64_t(1) << b))
          c ^= column(kRegister, b);
      plan.accesses.push_back({first, c});
    }
  }

  const LinearLayout &map;
  const LinearLayout &tmemMap;
  bool packPairs;
  std::string &why;
  TensorMemoryAccessPlan plan;
  int32_t numRegBits = 0, slotBits = 0, columnBits = 0, groupBits = 0;
};

} // namespace

FailureOr<TensorMemoryAccessPlan>
tilemlir::planTensorMemoryAccess(const LinearLayout &regLayout,
                                 const LinearLayout &tmemMap, std::string &why,
                                 bool packPairs) {
  FailureOr<LinearLayout> composed = regLayout.compose(tmemMap, &why);
  if (failed(composed))
    return failure();
  return AccessPlanner(*composed, tmemMap, packPairs, why).run();
}

FailureOr<TensorMemoryAccessPlan>
tilemlir::planTensorMemoryAccess(RankedTensorType tile, BufferType buffer,
                                 std::string &why) {
  FailureOr<LinearLayout> regLayout = toLinearLayout(tile);
  if (failed(regLayout)) {
    why = "the register tile's layout has no linear form";
    return failure();
  }
  FailureOr<LinearLayout> tmemMap =
      captureFailure(buffer.getContext(), why, [&](EmitErrorFn emitError) {
        return getTensorMemoryMap(buffer, emitError);
      });
  if (failed(tmemMap))
    return failure();
  return planTensorMemoryAccess(*regLayout, *tmemMap, why,
                                isUnpacked16(buffer));
}
