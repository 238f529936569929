//===- TensorMemoryLayouts.cpp - Tensor-memory layouts --------------------===//
//
// See TensorMemoryLayouts.h. getTensorMemoryLocation is the addressing
// formula: row bits of m below blockM walk the lanes; the rest places
// elements along the buffer's columns,
//
//   position = ((n / blockN) * blocksM + m / blockM) * blockN + n % blockN
//
// (blocks along M first, then N), a position p living in column
// p / elementsPerColumn, slot p % elementsPerColumn. The linear map is that
// formula on unit coordinates.
//
//===----------------------------------------------------------------------===//

#include "Formatting.h"
#include "TileMLIR/Analysis/TensorMemoryLayouts.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilemlir;
using tmem::BufferType;
using tmem::TensorMemoryLayoutAttr;

namespace {

/// getTensorMemoryMap, failing with a message in `why`.
FailureOr<LinearLayout> buildTensorMemoryMap(BufferType type,
                                             std::string &why) {
  auto fail = [&](const Twine &message) {
    why = message.str();
    return failure();
  };
  TensorMemoryLayoutAttr layout = type.getLayout();
  if (!layout)
    return fail("block-scale factor buffers (#tmem.scales) have no element "
                "map");
  if (type.getRank() != 2)
    return fail("a tensor-memory map is for one 2-D buffer: select a stage "
                "with tmem.index");
  int64_t m = type.getM(), n = type.getN();
  if (layout.getBlockM() == 64 && m != 64)
    return fail("no tensor-memory map yet for blockM = 64 buffers of more "
                "than one row block (" +
                Twine(m) + " rows)");
  if (!llvm::isPowerOf2_64(m) || !llvm::isPowerOf2_64(n))
    return fail("tensor-memory buffer shape " + shapeToString(type.getShape()) +
                " is not a power of two in both dimensions: linear layouts "
                "need power-of-two dimensions");
  int64_t elementBits =
      int64_t(type.getElementTypeBitWidth()) * layout.getColStride();
  if (elementBits > 32 || 32 % elementBits != 0)
    return fail("elements of " + Twine(elementBits) +
                " bits (with col_stride) do not tile a 32-bit column");
  int64_t perColumn = 32 / elementBits;
  int64_t blockM = layout.getBlockM();
  // Unit coordinates through the one addressing formula.
  auto basis = [&](int64_t row, int64_t col) -> LinearLayout::Basis {
    TensorMemoryLocation at = getTensorMemoryLocation(type, row, col);
    return {int32_t(at.lane), int32_t(at.column), int32_t(at.slot)};
  };
  LinearLayout::InDim dim0{getTensorDimName(0), {}};
  LinearLayout::InDim dim1{getTensorDimName(1), {}};
  for (int64_t bit = 1; bit < m; bit <<= 1)
    dim0.bases.push_back(basis(bit, 0));
  for (int64_t bit = 1; bit < n; bit <<= 1)
    dim1.bases.push_back(basis(0, bit));
  int64_t blocksM = m / blockM;
  int64_t positions = blocksM * n;
  std::string error;
  FailureOr<LinearLayout> map = LinearLayout::get(
      {dim0, dim1},
      {{std::string(kTMemRow), int32_t(blockM == 64 ? 128 : std::min<int64_t>(m, blockM))},
       {std::string(kTMemColumn),
        int32_t(std::max<int64_t>(1, positions / perColumn))},
       {std::string(kTMemSlot), int32_t(perColumn)}},
      &error);
  if (failed(map))
    return fail("tensor-memory map: " + error);
  return map;
}

} // namespace

TensorMemoryLocation tilemlir::getTensorMemoryLocation(BufferType type,
                                                       int64_t m, int64_t n) {
  TensorMemoryLayoutAttr layout = type.getLayout();
  int64_t elementBits =
      int64_t(type.getElementTypeBitWidth()) * layout.getColStride();
  int64_t perColumn = std::max<int64_t>(1, 32 / elementBits);
  int64_t blockM = layout.getBlockM(), blockN = layout.getBlockN();
  int64_t blocksM = std::max<int64_t>(1, type.getM() / blockM);
  int64_t row = m % blockM;
  // blockM = 64: each lane quarter holds 16 rows in its first 16 lanes
  // (the PTX ISA's data-path layout F of M = 64 MMAs).
  int64_t lane = blockM == 64 ? (row / 16) * 32 + row % 16 : row;
  int64_t position =
      ((n / blockN) * blocksM + m / blockM) * blockN + n % blockN;
  return {lane, position / perColumn, position % perColumn};
}

bool tilemlir::isUnpacked16(BufferType type) {
  TensorMemoryLayoutAttr layout = type.getLayout();
  return layout && type.getElementTypeBitWidth() == 16 &&
         layout.getColStride() == 2;
}

FailureOr<LinearLayout> tilemlir::getTensorMemoryMap(BufferType type,
                                                     EmitErrorFn emitError) {
  std::string why;
  FailureOr<LinearLayout> map = buildTensorMemoryMap(type, why);
  if (failed(map))
    return emitFailure(emitError, why);
  return map;
}

FailureOr<TensorMemoryAccessPlan>
tilemlir::planTensorMemoryAccess(const LinearLayout &regLayout,
                                 const LinearLayout &tmemMap, std::string &why,
                                 bool packPairs) {
  FailureOr<LinearLayout> composed = regLayout.compose(tmemMap, &why);
  if (failed(composed))
    return failure();
  const LinearLayout &map = *composed;
  auto row = [&](StringRef dim, int32_t bit) {
    return map.getBasis(dim, bit, kTMemRow);
  };
  auto column = [&](StringRef dim, int32_t bit) {
    return map.getBasis(dim, bit, kTMemColumn);
  };
  auto slot = [&](StringRef dim, int32_t bit) {
    return map.getBasis(dim, bit, kTMemSlot);
  };
  auto describe = [&](StringRef dim, int32_t bit) {
    return (dim + " bit " + Twine(bit) + " goes to row " +
            Twine(row(dim, bit)) + ", column " + Twine(column(dim, bit)) +
            ", slot " + Twine(slot(dim, bit)))
        .str();
  };
  if (map.getOutDimSize(kTMemRow) != 128) {
    why = "tcgen05.ld/st moves all 128 rows of tensor memory; the buffer "
          "has " +
          std::to_string(map.getOutDimSize(kTMemRow));
    return failure();
  }
  if (map.getInDimSizeLog2(kLane) != 5 || map.getInDimSizeLog2(kWarp) < 2) {
    why = "tcgen05.ld/st needs at least 4 warps of 32 lanes";
    return failure();
  }
  TensorMemoryAccessPlan plan;
  // 32x32b: lanes and the low two warp bits walk the 128 rows, one row a
  // thread. 16x32bx2: a warp's 16 lanes of data are read twice, by lanes
  // 0-15 and (at a column offset) by lanes 16-31.
  // The buffer decides: blockM = 64 data never reaches lane 16 of a
  // quarter.
  int32_t rowBits = 0;
  for (const LinearLayout::InDim &in : tmemMap.getInDims())
    for (const LinearLayout::Basis &basis : in.bases)
      rowBits |= basis[0];
  plan.shape = (rowBits & 16) ? TensorMemoryAccessPlan::Shape::k32x32b
                              : TensorMemoryAccessPlan::Shape::k16x32bx2;
  bool halves = plan.shape == TensorMemoryAccessPlan::Shape::k16x32bx2;
  for (int32_t bit = 0; bit < 7; ++bit) {
    StringRef dim = bit < 5 ? kLane : kWarp;
    int32_t b = bit < 5 ? bit : bit - 5;
    if (halves && bit == 4) {
      if (row(kLane, 4) || slot(kLane, 4) || !column(kLane, 4)) {
        why = "with tcgen05.ld/st 16x32bx2, lanes 16-31 read the rows of "
              "lanes 0-15 at other columns, but " +
              describe(kLane, 4);
        return failure();
      }
      continue;
    }
    if (row(dim, b) != (1 << bit) || column(dim, b) != 0 || slot(dim, b)) {
      why = halves ? "with tcgen05.ld/st 16x32bx2, thread (warp w, lane l) "
                     "holds row 32 * (w % 4) + l % 16, but " +
                         describe(dim, b)
                   : "with tcgen05.ld/st 32x32b, thread (warp w, lane l) "
                     "holds row 32 * (w % 4) + l, but " +
                         describe(dim, b);
      return failure();
    }
  }
  if (halves)
    plan.halfColumn = column(kLane, 4);
  if (map.getInDimSizeLog2(kBlock) != 0) {
    why = "register tiles spread over several CTAs";
    return failure();
  }
  int32_t numWarpBits = map.getInDimSizeLog2(kWarp);
  for (int32_t b = 0; b < numWarpBits; ++b) {
    if (b >= 2 && (row(kWarp, b) || slot(kWarp, b))) {
      why = "warps beyond the first four must keep their rows (they reach "
            "the same lane quarters): " +
            describe(kWarp, b);
      return failure();
    }
    plan.warpColumns.push_back(b < 2 ? 0 : column(kWarp, b));
  }
  // Registers: first the slots of one column, then as many consecutive
  // columns as one instruction can take, then anything (in the same row).
  int32_t numRegBits = map.getInDimSizeLog2(kRegister);
  int32_t slotBits = map.getOutDimSizeLog2(kTMemSlot);
  // Instructions move whole 32-bit columns: a thread with fewer elements
  // than a column holds would read or write its neighbours' halves.
  if (numRegBits < slotBits) {
    why = "each thread must hold whole 32-bit columns (" +
          std::to_string(1 << slotBits) + " elements), but holds " +
          std::to_string(1 << numRegBits);
    return failure();
  }
  for (int32_t b = 0; b < numRegBits; ++b) {
    if (row(kRegister, b)) {
      why = "each thread holds one row of tensor memory, but " +
            describe(kRegister, b);
      return failure();
    }
    if (!column(kRegister, b) && !slot(kRegister, b)) {
      why = "register bit " + std::to_string(b) +
            " repeats elements (a zero basis): not supported yet";
      return failure();
    }
    bool isSlotBit = b < slotBits;
    if (isSlotBit != (column(kRegister, b) == 0) ||
        (isSlotBit && slot(kRegister, b) != (1 << b)) ||
        (!isSlotBit && slot(kRegister, b))) {
      why = "registers must fill each 32-bit column's " +
            std::to_string(1 << slotBits) +
            " elements in order before the next column, but " +
            describe(kRegister, b);
      return failure();
    }
  }
  plan.elementsPerColumn = int64_t(1) << slotBits;
  plan.registersPerWord = plan.elementsPerColumn;
  // .pack::16b: each 32-bit register holds the 16-bit elements of two
  // adjacent columns (low half first), so register bit 0 must move one
  // column.
  if (packPairs && (numRegBits < 1 || column(kRegister, 0) != 1)) {
    why = "with unpacked 16-bit elements (one a column), tcgen05.ld/st "
          "pack two adjacent columns into each 32-bit register, so register "
          "bit 0 must move one column, but " +
          (numRegBits < 1 ? std::string("each thread holds one element")
                          : describe(kRegister, 0));
    return failure();
  }
  // Columns per instruction: register bits slotBits + j walking columns
  // 1 << j, and no other offset touching those low column bits (so that
  // XORing offsets keeps each instruction's columns consecutive). At most
  // .x128.
  int32_t maxBits = 0;
  while (slotBits + maxBits < numRegBits && maxBits < 7 &&
         column(kRegister, slotBits + maxBits) == (1 << maxBits))
    ++maxBits;
  auto lowBitsClear = [&](int32_t bits) {
    int32_t mask = (1 << bits) - 1;
    for (int32_t b = slotBits + bits; b < numRegBits; ++b)
      if (column(kRegister, b) & mask)
        return false;
    return llvm::none_of(plan.warpColumns,
                         [&](int32_t c) { return c & mask; }) &&
           (plan.halfColumn & mask) == 0;
  };
  while (maxBits > 0 && !lowBitsClear(maxBits))
    --maxBits;
  if (packPairs && maxBits < 1) {
    why = "with unpacked 16-bit elements, another column offset overlaps "
          "the column pairs that share a register";
    return failure();
  }
  plan.columnsPerAccess = int64_t(1) << maxBits;
  plan.pack = packPairs;
  if (packPairs)
    plan.registersPerWord = 2;
  plan.wordsPerAccess = packPairs ? plan.columnsPerAccess / 2
                                  : plan.columnsPerAccess;
  int32_t groupBits = slotBits + maxBits;
  // The upper half's columns are the lower half's plus an immediate: its
  // offset must not share bits with any other column offset.
  if (halves) {
    int32_t others = (1 << maxBits) - 1;
    for (int32_t b = groupBits; b < numRegBits; ++b)
      others |= column(kRegister, b);
    for (int32_t c : plan.warpColumns)
      others |= c;
    if (plan.halfColumn & others) {
      why = "lanes 16-31 read their columns at an offset (" +
            std::to_string(plan.halfColumn) +
            ") that overlaps the columns of registers or warps";
      return failure();
    }
  }
  for (int64_t first = 0, e = map.getNumRegisters(); first < e;
       first += int64_t(1) << groupBits) {
    int32_t c = 0;
    for (int32_t b = groupBits; b < numRegBits; ++b)
      if (first & (int64_t(1) << b))
        c ^= column(kRegister, b);
    plan.accesses.push_back({first, c});
  }
  return plan;
}

FailureOr<TensorMemoryAccessPlan>
tilemlir::planTensorMemoryAccess(RankedTensorType tile, BufferType buffer,
                                 std::string &why) {
  FailureOr<LinearLayout> regLayout = toLinearLayout(tile);
  if (failed(regLayout)) {
    why = "the register tile's layout has no linear form";
    return failure();
  }
  FailureOr<LinearLayout> tmemMap = buildTensorMemoryMap(buffer, why);
  if (failed(tmemMap))
    return failure();
  return planTensorMemoryAccess(*regLayout, *tmemMap, why,
                                isUnpacked16(buffer));
}
