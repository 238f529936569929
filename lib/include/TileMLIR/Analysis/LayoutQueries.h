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

} // namespace mlir::tilemlir

#endif // TILEMLIR_ANALYSIS_LAYOUTQUERIES_H
