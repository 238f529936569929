//===- SharedLayouts.h - Layouts for shared buffers -------------*- C++ -*-===//
//
// The shared-buffer half of tile-legalize-layouts (LegalizeSharedLayouts.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TRANSFORMS_SHAREDLAYOUTS_H
#define TILEMLIR_TRANSFORMS_SHAREDLAYOUTS_H

#include "mlir/Support/LLVM.h"

namespace mlir::gpu {
class GPUFuncOp;
} // namespace mlir::gpu

namespace mlir::tilemlir {

/// Gives every tile.alloc_smem of `func` without a layout the one its users
/// need (TMA swizzle, tensor-core operand, or the cheapest swizzle for
/// register accesses), through its views; reports buffers whose users
/// disagree. Register tiles must have their layouts already.
LogicalResult legalizeSharedLayouts(gpu::GPUFuncOp func);

} // namespace mlir::tilemlir

#endif // TILEMLIR_TRANSFORMS_SHAREDLAYOUTS_H
