//===- TMADialect.h - The tma dialect --------------------------*- C++ -*-===//

#ifndef TILEMLIR_DIALECT_TMA_TMADIALECT_H
#define TILEMLIR_DIALECT_TMA_TMADIALECT_H

#include "MBarrier/MBarrierDialect.h"
#include "Tile/TileDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tma {

/// The cache that tma.prefetch_descriptor fills.
struct DescriptorCacheResource
    : public SideEffects::Resource::Base<DescriptorCacheResource> {
  StringRef getName() final { return "tma.descriptor_cache"; }
};

/// CUtensorMapDataType of cuda.h, which this code does not include: the host
/// lowering passes these values to cuTensorMapEncodeTiled.
namespace cuda {
enum DataType : unsigned {
  kUInt8 = 0,
  kUInt16 = 1,
  kUInt32 = 2,
  kInt32 = 3,
  kUInt64 = 4,
  kInt64 = 5,
  kFloat16 = 6,
  kFloat32 = 7,
  kFloat64 = 8,
  kBFloat16 = 9,
  kFloat32FTZ = 10,
  kTFloat32 = 11,
  kTFloat32FTZ = 12,
  k16U4Align8B = 13,
  k16U4Align16B = 14,
  k16U6Align16B = 15,
};
} // namespace cuda

/// Largest box dimension and rank of a tensor map.
constexpr int64_t kMaxBoxDim = 256;
/// Largest inner box dimension that copies split by the swizzle span may
/// have (far above what fits in shared memory; bounds the size arithmetic).
constexpr int64_t kMaxSplitInnerDim = int64_t(1) << 20;
constexpr int64_t kMaxRank = 5;
/// CTAs a multicast copy can reach: the width of its i16 CTA mask (the
/// largest, non-portable cluster).
constexpr unsigned kMaxClusterSize = 16;
/// Discardable unit attribute of TMA copies: the hardware sees the copy
/// unchecked (no start-alignment or sign checks, and a store does not make
/// its tensor map `written`). For hardware probes only
/// (integration_test/TMA/edge-cases.mlir).
constexpr llvm::StringLiteral kUncheckedAttrName = "tma.unchecked_alignment";

} // namespace mlir::tma

#include "TMA/TMADialect.h.inc"
#include "TMA/TMAEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "TMA/TMATypes.h.inc"

#define GET_OP_CLASSES
#include "TMA/TMAOps.h.inc"

namespace mlir::tma {
/// The first tma.async_store or tma.async_reduce that writes through
/// `descriptor` (a kernel argument or any other descriptor value in device
/// code), following it into the partitions of tile.warp_specialize; null
/// when nothing does. Copies marked kUncheckedAttrName do not count.
Operation *findWriteThrough(Value descriptor);

/// The rules of a tensor map over `mem` with the box of `desc` that the
/// types show (ranks, element types, static sizes, a contiguous innermost
/// dimension, 16-byte strides and offset); the diagnostic goes to `op`.
/// Dynamic values are the map builder's to check.
LogicalResult verifyTensorMapSource(Operation *op, MemRefType mem,
                                    DescriptorType desc);

/// The element-type code of a tensor map as `tensormap.replace` takes it,
/// for a descriptor's driver code (getCUDADataType): PTX numbers f64,
/// bf16 and f32.ftz differently from CUtensorMapDataType.
unsigned getTensorMapReplaceElementType(unsigned driverCode);
} // namespace mlir::tma

#endif // TILEMLIR_DIALECT_TMA_TMADIALECT_H
