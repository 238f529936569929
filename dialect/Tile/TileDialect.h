//===- TileDialect.h - The tile dialect -------------------------*- C++ -*-===//

#ifndef TILEMLIR_DIALECT_TILE_TILEDIALECT_H
#define TILEMLIR_DIALECT_TILE_TILEDIALECT_H

#include "Common/DeviceCode.h"
#include "Common/Formatting.h"
#include "MBarrier/MBarrierDialect.h"
#include "TileMLIR/Analysis/LinearLayout.h"
#include "TileMLIR/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tile {

struct SharedMemoryResource
    : public SideEffects::Resource::Base<SharedMemoryResource> {
  StringRef getName() final { return "tile.shared_memory"; }
};

struct GlobalMemoryResource
    : public SideEffects::Resource::Base<GlobalMemoryResource> {
  StringRef getName() final { return "tile.global_memory"; }
};

/// Largest dynamic shared memory one CTA may use (227 KiB on every chip of
/// the target table).
constexpr int64_t kMaxSharedMemoryBytes =
    tilemlir::kCommonMaxSharedMemoryPerBlock;

/// Named barriers of a CTA (bar.sync IDs 0 .. 15).
constexpr int kNumNamedBarriers = 16;

/// Highest rank of a register tile the lowering distributes over threads.
constexpr int64_t kMaxRegisterTileRank = 4;

/// 32-bit registers one thread may hold of one register tile (see
/// verifyTileEncoding in TileLayouts.cpp): the 255 registers of a thread,
/// rounded up to the 256 words of a 128x256 f32 wgmma accumulator.
constexpr int64_t kMaxTileRegistersPerThread = 256;

} // namespace mlir::tile

#include "Tile/TileDialect.h.inc"
#include "Tile/TileEnums.h.inc"

#include "Tile/TileAttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Tile/TileAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "Tile/TileTypes.h.inc"

#define GET_OP_CLASSES
#include "Tile/TileOps.h.inc"

namespace mlir::tile {

/// The shared layout that `smem_trans` with permutation `order` produces
/// from `layout` (null when no layout is attached).
Attribute getTransposedSharedLayout(Attribute layout, ArrayRef<int32_t> order);

/// One symbol of a kernel's `tile.grid` maps (`tile.grid_symbols`).
struct GridSymbol {
  enum class Kind { Scalar, Shape, MultiprocessorCount };
  Kind kind;
  unsigned arg = 0; // Scalar, Shape: the kernel argument.
  unsigned dim = 0; // Shape: the tensor dimension, outermost first.
};

/// Parses "argN", "argN.shape[D]" or "sms"; failure for anything else.
FailureOr<GridSymbol> parseGridSymbol(StringRef text);

/// Number of warps of the kernel that contains `op` (its `tile.num_warps`),
/// or std::nullopt when the enclosing gpu.func does not say.
std::optional<int64_t> getKernelNumWarps(Operation *op);

/// The registers setmaxnreg can redistribute in the kernel that contains
/// `op` when it runs `threads` threads per CTA: each thread starts with
/// tilemlir::getRegistersAtEntry, for the CTAs per SM its `nvvm.minctasm`
/// asks (1 without one).
struct RegisterPool {
  int64_t threads = 0;
  int64_t ctasPerSM = 1;
  int64_t perThread = 0;
  int64_t total() const { return threads * perThread; }
};
RegisterPool getRegisterPool(Operation *op, int64_t threads);

} // namespace mlir::tile

#endif // TILEMLIR_DIALECT_TILE_TILEDIALECT_H
