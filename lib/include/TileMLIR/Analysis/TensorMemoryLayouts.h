//===- TensorMemoryLayouts.h - Tensor-memory layouts ------------*- C++ -*-===//
//
// Tensor memory (sm_100a) is 128 lanes ("rows") of 32-bit columns. A 2-D
// `#tmem.layout` buffer is the linear map
//
//   (dim0, dim1) -> (row, column, slot)
//
// row: the tensor-memory lane, column: the 32-bit column counted from the
// buffer's first, slot: the element's place inside its column when
// `col_stride = 1` packs several narrower elements into one (0 otherwise).
// Blocks of blockM x blockN elements follow each other along M first, then
// N (TMemToNVVM.cpp addresses tcgen05.cp and tcgen05.mma the same way).
//
// Composed with a register layout it says how tcgen05.ld / tcgen05.st move
// a register tile: warp w reaches lanes 32 * (w % 4) .. + 31. With the
// 32x32b shape each thread moves one lane, so lane and the two low warp bits
// must walk the rows, and every register and any higher warp bit must stay
// in the thread's row. blockM = 64 data fills only the first 16 lanes of
// each quarter (rows 16 q .. 16 q + 15 in lanes 32 q ..): the 16x32bx2 shape
// lets lanes 16-31 of the warp read those lanes again at a column offset,
// so lane bit 4 must move along the columns.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_ANALYSIS_TENSORMEMORYLAYOUTS_H
#define TILEMLIR_ANALYSIS_TENSORMEMORYLAYOUTS_H

#include "TileMLIR/Analysis/LayoutConversions.h"

#include "TMem/TMemDialect.h"

namespace mlir::tilemlir {

using tmem::kTMemColumn;
using tmem::kTMemRow;
using tmem::kTMemSlot;
using tmem::TensorMemoryLocation;

/// Where element (m, n) of a 2-D `#tmem.layout` buffer lives: its lane, its
/// 32-bit column counted from the buffer's first, and its place in a packed
/// column (the layout's getLocation). Any shape; the tcgen05 lowering
/// addresses copies and windows with it, and the linear map below is it on
/// unit coordinates.
TensorMemoryLocation getTensorMemoryLocation(tmem::BufferType type, int64_t m,
                                             int64_t n);

/// The map (dim0, dim1) -> (row, column, slot) of a 2-D buffer in a
/// `#tmem.layout` with power-of-two dimensions: blockM = 128, or blockM = 64
/// with a single row block.
FailureOr<LinearLayout> getTensorMemoryMap(tmem::BufferType type,
                                           EmitErrorFn emitError = {});

/// How a register tile moves to or from tensor memory with tcgen05.ld /
/// tcgen05.st of shape 32x32b. Each instruction moves `columnsPerAccess`
/// consecutive 32-bit columns per thread; each column holds
/// `elementsPerColumn` consecutive registers (low slot in the low bits).
struct TensorMemoryAccessPlan {
  /// 32x32b: thread l of warp w moves lane 32 * (w % 4) + l. 16x32bx2
  /// (blockM = 64 data): lanes 0-15 and 16-31 of a warp both move lanes
  /// 32 * (w % 4) + l % 16, the upper half `halfColumn` columns further.
  enum class Shape { k32x32b, k16x32bx2 };
  Shape shape = Shape::k32x32b;
  int32_t halfColumn = 0;
  int64_t elementsPerColumn = 1;
  int64_t columnsPerAccess = 1;
  /// Unpacked 16-bit data (`.pack::16b` / `.unpack::16b`): each 32-bit
  /// register holds the elements of two adjacent columns.
  bool pack = false;
  /// Registers of the tile per 32-bit word, and words per instruction (its
  /// `.num`).
  int64_t registersPerWord = 1;
  int64_t wordsPerAccess = 1;
  /// One entry per instruction: its first register and its column, before
  /// the thread's own column offset is XORed in.
  struct Access {
    int64_t firstRegister;
    int32_t column;
  };
  SmallVector<Access> accesses;
  /// Column offset of each warp bit (0 for warp bits 0 and 1, which pick
  /// the lane quarter); the thread's offset XORs those of its set bits.
  SmallVector<int32_t> warpColumns;
};

/// The 32x32b or 16x32bx2 plan for a register tile of layout `regLayout` (register,
/// lane, warp, block -> dim0, dim1) and a buffer whose map is `tmemMap`, or
/// failure saying why in `why`.
FailureOr<TensorMemoryAccessPlan>
planTensorMemoryAccess(const LinearLayout &regLayout,
                       const LinearLayout &tmemMap, std::string &why,
                       bool packPairs = false);

/// 16-bit elements one a column (`col_stride = 2`): moved in pairs of
/// columns per register.
bool isUnpacked16(tmem::BufferType type);

/// The same for a register tile type and a buffer type.
FailureOr<TensorMemoryAccessPlan>
planTensorMemoryAccess(RankedTensorType tile, tmem::BufferType buffer,
                       std::string &why);

} // namespace mlir::tilemlir

#endif // TILEMLIR_ANALYSIS_TENSORMEMORYLAYOUTS_H
