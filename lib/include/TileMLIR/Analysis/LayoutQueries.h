//===- LayoutQueries.h - Questions the lowering asks of layouts -*- C++ -*-===//
//
// Answers computed from linear layouts (LayoutConversions.h), never special
// cased per pair of layouts: registers per thread, vector widths, bank
// conflicts and ldmatrix/stmatrix eligibility of a register tile against a
// shared buffer, and how to carry out a layout conversion.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_ANALYSIS_LAYOUTQUERIES_H
#define TILEMLIR_ANALYSIS_LAYOUTQUERIES_H

#include "TileMLIR/Analysis/LayoutConversions.h"

#include <optional>

namespace mlir::tilemlir {

//===----------------------------------------------------------------------===//
// Registers and vectorization
//===----------------------------------------------------------------------===//

/// Elements each thread holds (its registers, repeats included) for a
/// register tile.
FailureOr<int64_t> getElementsPerThread(RankedTensorType type,
                                        EmitErrorFn emitError = {});

/// Consecutive elements along tensor dimension `dim` that a thread holds in
/// consecutive registers, as an aligned run.
FailureOr<int64_t> getContiguityPerThread(RankedTensorType type, unsigned dim,
                                          EmitErrorFn emitError = {});

/// Elements per thread one vector load/store of the tile can move when
/// memory is contiguous along `contigDim` (default: the last dimension, as
/// in row-major global memory): the contiguity along it, capped at 16
/// bytes. 1 when the element width is unknown.
FailureOr<int64_t>
getVectorWidth(RankedTensorType type,
               std::optional<unsigned> contigDim = std::nullopt,
               EmitErrorFn emitError = {});

/// The first lane, warp or block bit along which `src` and `dst` place an
/// element in different threads ("lane bit 3"), where `project` maps
/// `dst`'s coordinates to `src`'s; none when every thread of `dst` holds
/// only elements the same thread holds in `src`, so that a selection of
/// each thread's registers carries `src` over to `dst`.
std::optional<std::string> findThreadExchange(
    const LinearLayout &src, const LinearLayout &dst,
    function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> project);

/// Whether a window at `offsets` of shape `shape` starts at multiples of
/// its sizes: its coordinates and its offsets then have disjoint bits, so
/// that in any layout it is a selection of registers or of nothing, never a
/// part of a register block.
bool isAlignedWindow(ArrayRef<int64_t> offsets, ArrayRef<int64_t> shape);

/// Whether the window `window` of the register tile `source` (a
/// tile.extract_slice at offsets that are multiples of the window's sizes)
/// is held by the threads that hold its elements in `source`: false when
/// the window needs data from other threads, or either type has no linear
/// layout.
bool isThreadLocalWindow(RankedTensorType source, RankedTensorType window);

/// Whether tile.extract_slice of `window` from `source` at `offsets` reads
/// the window through shared scratch: an offset that is not a multiple of
/// the window's size there, or a window that is no selection of each
/// thread's registers (!isThreadLocalWindow). Types the engine cannot
/// convert need none (the lowering reports them).
bool windowNeedsSharedScratch(RankedTensorType source, RankedTensorType window,
                              ArrayRef<int64_t> offsets);

//===----------------------------------------------------------------------===//
// Register tile <-> shared buffer
//===----------------------------------------------------------------------===//

/// How a warp's shared-memory accesses for a register tile hit the banks.
struct BankConflictInfo {
  /// Elements per thread per access (consecutive registers that are
  /// contiguous and aligned in shared memory, at most 16 bytes).
  int64_t vectorElements = 1;
  /// Bits per thread per access.
  int64_t accessBits = 0;
  /// Lanes served together: 32 for accesses up to 4 bytes, 16 for 8, 8 for
  /// 16.
  int64_t lanesPerPhase = 32;
  /// Memory wavefronts each phase needs; 1 means conflict-free.
  int64_t wavefronts = 1;

  bool isConflictFree() const { return wavefronts == 1; }
};

/// Bank conflicts of accessing a shared buffer, whose offset map (tensor
/// dims -> offset, see getSharedOffsetMap) is `offsetMap` and whose
/// elements are `storageBits` wide, with register layout `regLayout`
/// (register, lane, warp, block -> tensor dims). The buffer is assumed
/// 128-byte aligned. Lanes whose addresses differ only outside the bank
/// bits conflict; lanes reading the same address broadcast.
FailureOr<BankConflictInfo> analyzeBankConflicts(const LinearLayout &regLayout,
                                                 const LinearLayout &offsetMap,
                                                 unsigned storageBits,
                                                 std::string *why = nullptr);
/// The same for a distributed layout attribute used on the whole buffer.
FailureOr<BankConflictInfo> analyzeBankConflicts(Attribute regLayout,
                                                 tile::SharedMemoryType smem,
                                                 EmitErrorFn emitError = {});

/// Whether `ldmatrix` / `stmatrix` (8x8 matrices of b16, each row 16
/// contiguous bytes whose address one lane supplies) can move a register
/// tile to or from a shared buffer.
struct LdStMatrixInfo {
  bool supported = false;
  /// The `.trans` form (registers hold columns of the stored rows).
  bool transposed = false;
  /// Matrices per instruction: 1, 2 or 4 (.x1/.x2/.x4).
  int64_t numMatrices = 0;
  /// Why not, when unsupported.
  std::string reason;
};

/// ldmatrix/stmatrix eligibility from the composed map (register, lane,
/// warp, block) -> offset: register bit 0 and lane bits 0-1 must step
/// through the 8 elements of a 16-byte row (lane bits 2-4 and register bit
/// 0, lane bits 0-1 for `.trans`), and every other basis must keep rows
/// 16-byte aligned.
LdStMatrixInfo analyzeLdStMatrix(const LinearLayout &regLayout,
                                 const LinearLayout &offsetMap,
                                 unsigned storageBits);
FailureOr<LdStMatrixInfo> analyzeLdStMatrix(Attribute regLayout,
                                            tile::SharedMemoryType smem,
                                            EmitErrorFn emitError = {});

//===----------------------------------------------------------------------===//
// Layout conversion
//===----------------------------------------------------------------------===//

enum class LayoutConversionKind {
  /// The layouts are the same map.
  NoOp,
  /// Every thread already holds what it needs: reorder its registers.
  RegisterPermutation,
  /// Data moves between lanes of the same warp only: warp shuffles.
  WarpShuffle,
  /// Data moves between warps: a round trip through shared memory.
  SharedMemory,
};

StringRef stringifyLayoutConversionKind(LayoutConversionKind kind);

struct LayoutConversionPlan {
  LayoutConversionKind kind;
  /// dst (register, lane, warp, block) -> src (register, lane, warp,
  /// block): which source slot holds what each destination slot needs
  /// (src.invertAndCompose of dst).
  LinearLayout dstToSrc;
};

/// How to convert a register tile from layout `src` to layout `dst` (both
/// register, lane, warp, block -> the same tensor dims). Data must cross a
/// hardware level (warp, lane, register) unless the map from destination
/// to source slots is the identity on that level and mixes it with no
/// other. Fails when the layouts use different numbers of lanes, warps or
/// CTAs, or when data would cross CTAs.
FailureOr<LayoutConversionPlan>
planLayoutConversion(const LinearLayout &src, const LinearLayout &dst,
                     std::string *why = nullptr);
FailureOr<LayoutConversionPlan>
planLayoutConversion(RankedTensorType src, RankedTensorType dst,
                     EmitErrorFn emitError = {});

//===----------------------------------------------------------------------===//
// Conversions within a warp: shfl.sync idx
//===----------------------------------------------------------------------===//

/// How a conversion whose data stays within each warp (plan kind no-op,
/// register permutation or warp shuffle) moves with `shfl.sync.idx`, in
/// one round per destination register: in round k, lane t receives its
/// destination register k ^ h(t), reading from lane
/// `srcLaneXor ^ laneMap(t)` (h and laneMap: the XOR of the words of
/// `dstRegisterMap` / `laneMap` over the set bits of t), and the lane it
/// reads from supplies one of its source registers, chosen by its own lane
/// bits. h is 0 (no selects on the receiving side) unless several lanes
/// would read one source lane in a round; then it rotates the registers so
/// that every round reads each source lane once. The lowering never reads
/// the warp id: warps are untouched, so every warp runs the same exchange.
struct WarpShufflePlan {
  struct Shuffle {
    int64_t round = 0;
    int32_t srcLaneXor = 0;
    /// The supplying lane's register is registers[k], where bit j of k is
    /// bit selectBits[j] of the supplying lane's id (one register, no
    /// selects, when selectBits is empty).
    SmallVector<int32_t> selectBits;
    SmallVector<int64_t> registers;
    /// Every lane reads its own registers: no shuffle instruction.
    bool ownLane = false;
  };
  /// Per lane bit, its part of the source lane.
  SmallVector<int32_t> laneMap;
  /// Per lane bit, its part of h (a destination register index).
  SmallVector<int64_t> dstRegisterMap;
  /// One per round, in order.
  SmallVector<Shuffle> shuffles;

  bool rotatesRegisters() const {
    return llvm::any_of(dstRegisterMap, [](int64_t h) { return h != 0; });
  }
  /// Selects on both sides: 2^|selectBits| - 1 per round to supply, and
  /// per destination register 2^|bits of h| - 1 to receive.
  int64_t getNumSelects() const;
  /// Rounds that are not ownLane.
  int64_t getNumShuffles() const;
};

/// The shuffle plan of a conversion from `src` to `dst`, or failure (with
/// `why`) when data crosses warps, the layouts do not have 32 lanes, or no
/// round structure lets every source lane supply one register per round
/// (possible only with broadcasting layouts; not supported yet: the
/// conversion goes through shared memory then).
FailureOr<WarpShufflePlan> planWarpShuffles(const LinearLayout &src,
                                            const LinearLayout &dst,
                                            std::string *why = nullptr);

//===----------------------------------------------------------------------===//
// Conversions through shared scratch: the swizzle
//===----------------------------------------------------------------------===//

/// Where a conversion through shared scratch keeps each element: the
/// row-major index of the tile, read as rows of `rowElements` elements (128
/// bytes, or the whole tile when smaller), with the `vec`-element column
/// chunk XORed by (row / perPhase) % maxPhase, as #tile.swizzled_shared
/// does (maxPhase = 1: plain row-major). A bijection onto the tile's
/// elements, so the scratch is exactly the tile's size.
struct ConversionScratchLayout {
  int64_t rowElements = 1;
  int64_t vec = 1;
  int64_t perPhase = 1;
  int64_t maxPhase = 1;
  /// Tensor dims -> offset (in elements).
  LinearLayout offsetMap;
  /// The source layout's stores and the destination layout's loads with
  /// this layout, and with plain row-major offsets.
  BankConflictInfo store, load, rowMajorStore, rowMajorLoad;
  /// Memory wavefronts per thread, summed over all accesses of the
  /// conversion (stores of distinct registers, then loads).
  int64_t cost = 0, rowMajorCost = 0;

  bool isSwizzled() const { return maxPhase > 1; }
};

/// Picks the scratch layout with the fewest wavefronts for storing `src`
/// and loading `dst` (both register, lane, warp, block -> the same tensor
/// dims), then the fewest (widest) accesses, then the simplest swizzle,
/// among row-major and every power-of-two swizzle of 128-byte rows.
/// `storageBits` is the width of an element in the scratch.
/// `rowMajorOnly`: row-major alone, for accesses whose offsets are
/// computed from coordinates (a window at any offset).
FailureOr<ConversionScratchLayout>
chooseConversionScratchLayout(const LinearLayout &src, const LinearLayout &dst,
                              unsigned storageBits, std::string *why = nullptr,
                              bool rowMajorOnly = false);

/// Whether a tile.convert_layout from `src` to `dst` goes through shared
/// scratch (false when it is lowered within each warp, by a register
/// permutation or shfl.sync: planWarpShuffles succeeds). Types the
/// engine cannot convert need scratch (the lowering reports them).
bool conversionNeedsSharedScratch(RankedTensorType src, RankedTensorType dst);

} // namespace mlir::tilemlir

#endif // TILEMLIR_ANALYSIS_LAYOUTQUERIES_H
