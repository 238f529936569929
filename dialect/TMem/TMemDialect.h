//===- TMemDialect.h - The tmem dialect -------------------------*- C++ -*-===//

#ifndef TILEMLIR_DIALECT_TMEM_TMEMDIALECT_H
#define TILEMLIR_DIALECT_TMEM_TMEMDIALECT_H

#include "MBarrier/MBarrierDialect.h"
#include "Tile/TileDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tmem {

/// The SM's tensor memory (128 lanes x 512 columns of 32 bits).
struct TensorMemoryResource
    : public SideEffects::Resource::Base<TensorMemoryResource> {
  StringRef getName() final { return "tmem.tensor_memory"; }
};

/// Where one element of a tensor-memory buffer lives.
struct TensorMemoryLocation {
  int64_t lane;
  int64_t column;
  int64_t slot;
};

/// Output dimension names of tensor-memory maps.
inline constexpr llvm::StringLiteral kTMemRow = "row";
inline constexpr llvm::StringLiteral kTMemColumn = "column";
inline constexpr llvm::StringLiteral kTMemSlot = "slot";

} // namespace mlir::tmem

#include "TMem/TMemDialect.h.inc"
#include "TMem/TMemEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TMem/TMemAttrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "TMem/TMemTypes.h.inc"

#define GET_OP_CLASSES
#include "TMem/TMemOps.h.inc"

#endif // TILEMLIR_DIALECT_TMEM_TMEMDIALECT_H
