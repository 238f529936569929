//===- TargetInfo.h - The chips TileMLIR knows ------------------*- C++ -*-===//
//
// One row per chip: its SM version, the PTX ISA version the NVPTX backend
// must emit for it, which instructions it has and its resource limits. The
// tools (--chip), the pipeline options, tile-attach-target, the lowering and
// the dialects' verifiers all read their chip facts from here. Plain C++ on
// LLVM's ADT only, so that anything (a dialect, the C API) may use it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TARGET_TARGETINFO_H
#define TILEMLIR_TARGET_TARGETINFO_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tilemlir {

struct ChipInfo {
  /// The name NVVM and ptxas use ("sm_90a").
  const char *name;
  /// 90 for sm_90a, 100 for sm_100a.
  unsigned smVersion;
  /// The NVPTX features that select the PTX ISA version the chip needs
  /// ("+ptx80" is PTX ISA 8.0).
  const char *ptxFeatures;
  /// Whether --chip offers it (tile-run, tile-translate, the pipelines).
  /// The other rows are chips whose modules may name them in their own
  /// #nvvm.target and that the lowering then accepts.
  bool supported;
  /// wgmma.mma_async (warpgroup MMA, sm_90a only).
  bool hasWgmma;
  /// setmaxnreg (per-warpgroup register budgets).
  bool hasSetMaxNReg;
  /// Tensor memory and the tcgen05 instructions.
  bool hasTensorMemory;
  /// Thread-block clusters (distributed shared memory, multicast TMA).
  bool hasClusters;
  /// Dynamic shared memory one CTA may use, in bytes.
  int64_t maxSharedMemoryPerBlock;
  /// 32-bit registers in an SM's register file.
  int64_t registersPerSM;
  /// Registers one thread may use.
  int64_t maxRegistersPerThread;
  /// 32-bit columns of tensor memory per SM (0 without tensor memory).
  int64_t tensorMemoryColumns;
};

namespace detail {
/// The table, oldest chip first. The PTX ISA versions are the oldest that
/// have each chip (8.0 brought sm_90a, 8.6 sm_100a and sm_101a); CUDA 13's
/// ptxas and LLVM 22's NVPTX backend accept them. The first supported row is
/// the default chip. Constexpr so that the dialects can take compile-time
/// constants from it without linking anything.
inline constexpr ChipInfo kChips[] = {
    // Hopper (H100, H200).
    {"sm_90a", 90, "+ptx80", /*supported=*/true, /*hasWgmma=*/true,
     /*hasSetMaxNReg=*/true, /*hasTensorMemory=*/false, /*hasClusters=*/true,
     /*maxSharedMemoryPerBlock=*/232448, /*registersPerSM=*/65536,
     /*maxRegistersPerThread=*/255, /*tensorMemoryColumns=*/0},
    // Blackwell datacenter (B200, GB200).
    {"sm_100a", 100, "+ptx86", /*supported=*/true, /*hasWgmma=*/false,
     /*hasSetMaxNReg=*/true, /*hasTensorMemory=*/true, /*hasClusters=*/true,
     /*maxSharedMemoryPerBlock=*/232448, /*registersPerSM=*/65536,
     /*maxRegistersPerThread=*/255, /*tensorMemoryColumns=*/512},
    // Jetson Thor: the NVVM tcgen05 operations accept it, so modules that
    // target it themselves are lowered, but no TileMLIR tool offers it
    // (nothing has been run on one).
    {"sm_101a", 101, "+ptx86", /*supported=*/false, /*hasWgmma=*/false,
     /*hasSetMaxNReg=*/true, /*hasTensorMemory=*/true, /*hasClusters=*/true,
     /*maxSharedMemoryPerBlock=*/232448, /*registersPerSM=*/65536,
     /*maxRegistersPerThread=*/255, /*tensorMemoryColumns=*/512},
};

/// Whether every row has the same value of `field`.
template <typename T> constexpr bool isCommonToAllChips(T ChipInfo::*field) {
  for (const ChipInfo &chip : kChips)
    if (chip.*field != kChips[0].*field)
      return false;
  return true;
}
} // namespace detail

/// Limits that code without a chip at hand checks (the dialects' verifiers
/// run before a module has a target). They are the same on every chip of
/// the table; a chip with a different one does not compile until those
/// checks learn to ask for the module's chip.
static_assert(detail::isCommonToAllChips(&ChipInfo::maxSharedMemoryPerBlock),
              "the chips differ in shared memory per CTA");
static_assert(detail::isCommonToAllChips(&ChipInfo::registersPerSM),
              "the chips differ in registers per SM");
inline constexpr int64_t kCommonMaxSharedMemoryPerBlock =
    detail::kChips[0].maxSharedMemoryPerBlock;
inline constexpr int64_t kCommonRegistersPerSM =
    detail::kChips[0].registersPerSM;

static_assert(detail::isCommonToAllChips(&ChipInfo::maxRegistersPerThread),
              "the chips differ in registers per thread");
inline constexpr int64_t kCommonMaxRegistersPerThread =
    detail::kChips[0].maxRegistersPerThread;

/// setmaxnreg counts registers in multiples of 8.
inline constexpr int64_t kRegisterAllocationGranule = 8;

/// The registers per thread a kernel of `threads` threads is compiled with
/// when `ctasPerSM` of its CTAs must fit one SM: the register file divided
/// evenly, capped at what one thread may use, rounded down to setmaxnreg's
/// granule. Kernels that use setmaxnreg declare it (.maxnreg): it is the
/// pool of `threads` times this many registers that setmaxnreg can
/// redistribute between warpgroups, not the SM's register file.
constexpr int64_t getRegistersAtEntry(int64_t threads, int64_t ctasPerSM) {
  int64_t even = kCommonRegistersPerSM / (threads * ctasPerSM);
  int64_t capped =
      even < kCommonMaxRegistersPerThread ? even : kCommonMaxRegistersPerThread;
  return capped / kRegisterAllocationGranule * kRegisterAllocationGranule;
}

/// Every chip of the table, supported or not.
llvm::ArrayRef<ChipInfo> getKnownChips();

/// The row of `name`; null when the table does not have it.
const ChipInfo *lookupChip(llvm::StringRef name);

/// Whether --chip accepts `name`.
bool isSupportedChip(llvm::StringRef name);

/// The chip tools and passes use when none is given (sm_90a).
const ChipInfo &getDefaultChip();

/// The names --chip accepts, for messages: "sm_90a or sm_100a".
llvm::StringRef getSupportedChipList();

/// The same for help texts, with the default marked: "sm_90a (default) or
/// sm_100a".
llvm::StringRef getSupportedChipListWithDefault();

/// The PTX ISA version features `chip` needs ("+ptx86" for sm_100a); empty
/// for a chip outside the table. NVPTX stops with an LLVM ERROR on a PTX ISA
/// version older than its chip has, and a neighbour's version is no bound
/// (sm_120a needs 8.7, sm_103a 8.8, where sm_101a has 8.6), but with none
/// named NVPTX takes the chip's own.
llvm::StringRef getPtxFeaturesForChip(llvm::StringRef chip);

/// The NVPTX features to compile for `chip` when a module's #nvvm.target
/// asks for `features`: those, less every PTX ISA version older than the
/// chip's (getPtxFeaturesForChip), which is added when no version is left;
/// the other features stay. NVPTX stops with an LLVM ERROR at a version
/// older than its chip's, so an error (a message for the module) where
/// TileMLIR cannot tell: a chip outside the table with features naming a
/// PTX ISA version (without one NVPTX takes the chip's own), and features
/// naming a chip ("+sm_120a": NVPTX takes that chip's version floor, and
/// the lowering only knows `chip`).
llvm::Expected<std::string> getCompileFeatures(llvm::StringRef chip,
                                               llvm::StringRef features);

/// `features` with a PTX ISA version of at least `version` (83 for 8.3):
/// older versions are dropped, and `+ptx<version>` is added when no newer
/// one is left; unchanged when nothing is dropped. getCompileFeatures
/// applies it with the chip's floor; instructions newer than that floor
/// need it too (tensormap.replace needs 8.3 on sm_90a, whose floor is 8.0).
std::string withMinimumPtxVersion(llvm::StringRef features, unsigned version);

/// The PTX ISA version NVPTX features ask for ("+ptx80,+foo" is 80), or
/// nothing when they do not say. Like NVPTX, the newest of several
/// ("+ptx86,+ptx88" is 88), and only from "+ptx<N>" exactly (NVPTX ignores
/// " +ptx88" and takes "ptx88" as "-ptx88").
std::optional<unsigned> parsePtxVersion(llvm::StringRef features);

/// Whether `chip` has tensor memory (and so the tcgen05 instructions).
bool chipHasTensorMemory(llvm::StringRef chip);

} // namespace mlir::tilemlir

#endif // TILEMLIR_TARGET_TARGETINFO_H
