//===- TMemLayouts.cpp - #tmem.layout as an addressing formula and a map --===//
//
// getLocation is the addressing formula: row bits of m below blockM walk
// the lanes; the rest places elements along the buffer's columns,
//
//   position = ((n / blockN) * blocksM + m / blockM) * blockN + n % blockN
//
// (blocks along M first, then N), a position p living in column
// p / elementsPerColumn, slot p % elementsPerColumn. The linear map is that
// formula on unit coordinates, so the two cannot disagree.
//
//===----------------------------------------------------------------------===//

#include "TMem/TMemDialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tmem;
using mlir::tilemlir::EmitErrorFn;
using mlir::tilemlir::emitFailure;
using mlir::tilemlir::getTensorDimName;
using mlir::tilemlir::LinearLayout;
using mlir::tilemlir::shapeToString;

TensorMemoryLocation TensorMemoryLayoutAttr::getLocation(
    ArrayRef<int64_t> shape, unsigned elementBits, int64_t m, int64_t n) const {
  int64_t bits = int64_t(elementBits) * getColStride();
  int64_t perColumn = std::max<int64_t>(1, 32 / bits);
  int64_t blockM = getBlockM(), blockN = getBlockN();
  int64_t blocksM = std::max<int64_t>(1, shape[0] / blockM);
  int64_t row = m % blockM;
  // blockM = 64: each lane quarter holds 16 rows in its first 16 lanes
  // (the PTX ISA's data-path layout F of M = 64 MMAs).
  int64_t lane = blockM == 64 ? (row / 16) * 32 + row % 16 : row;
  int64_t position =
      ((n / blockN) * blocksM + m / blockM) * blockN + n % blockN;
  return {lane, position / perColumn, position % perColumn};
}

FailureOr<LinearLayout>
TensorMemoryLayoutAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                       unsigned elementBits,
                                       EmitErrorFn emitError) const {
  int64_t m = shape[0], n = shape[1];
  if (getBlockM() == 64 && m != 64)
    return emitFailure(emitError,
                       "no tensor-memory map yet for blockM = 64 buffers of "
                       "more than one row block (" +
                           Twine(m) + " rows)");
  if (!llvm::isPowerOf2_64(m) || !llvm::isPowerOf2_64(n))
    return emitFailure(emitError,
                       "tensor-memory buffer shape " + shapeToString(shape) +
                           " is not a power of two in both dimensions: linear "
                           "layouts need power-of-two dimensions");
  int64_t bits = int64_t(elementBits) * getColStride();
  if (bits > 32 || 32 % bits != 0)
    return emitFailure(emitError, "elements of " + Twine(bits) +
                                      " bits (with col_stride) do not tile a "
                                      "32-bit column");
  int64_t perColumn = 32 / bits;
  int64_t blockM = getBlockM();
  auto basis = [&](int64_t row, int64_t col) -> LinearLayout::Basis {
    TensorMemoryLocation at = getLocation(shape, elementBits, row, col);
    return {int32_t(at.lane), int32_t(at.column), int32_t(at.slot)};
  };
  LinearLayout::InDim dim0{getTensorDimName(0), {}};
  LinearLayout::InDim dim1{getTensorDimName(1), {}};
  for (int64_t bit = 1; bit < m; bit <<= 1)
    dim0.bases.push_back(basis(bit, 0));
  for (int64_t bit = 1; bit < n; bit <<= 1)
    dim1.bases.push_back(basis(0, bit));
  int64_t positions = m / blockM * n;
  int32_t rows = blockM == 64 ? 128 : std::min<int64_t>(m, blockM);
  std::string error;
  FailureOr<LinearLayout> map =
      LinearLayout::get({dim0, dim1},
                        {{std::string(kTMemRow), rows},
                         {std::string(kTMemColumn),
                          int32_t(std::max<int64_t>(1, positions / perColumn))},
                         {std::string(kTMemSlot), int32_t(perColumn)}},
                        &error);
  if (failed(map))
    return emitFailure(emitError, "tensor-memory map: " + error);
  return map;
}
