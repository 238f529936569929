//===- MBarrierDialect.h - The mbarrier dialect -----------------*- C++ -*-===//

#ifndef TILEMLIR_DIALECT_MBARRIER_MBARRIERDIALECT_H
#define TILEMLIR_DIALECT_MBARRIER_MBARRIERDIALECT_H

#include "Common/DeviceCode.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::mbarrier {

/// The shared-memory words of the barriers.
struct BarrierResource
    : public SideEffects::Resource::Base<BarrierResource> {
  StringRef getName() final { return "mbarrier"; }
};

/// Largest arrival count and transaction byte count a barrier phase can
/// track: the hardware counters are 20 bits wide.
constexpr int64_t kMaxPendingCount = (1 << 20) - 1;

} // namespace mlir::mbarrier

#include "MBarrier/MBarrierDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "MBarrier/MBarrierTypes.h.inc"

#define GET_OP_CLASSES
#include "MBarrier/MBarrierOps.h.inc"

#endif // TILEMLIR_DIALECT_MBARRIER_MBARRIERDIALECT_H
