//===- SharedLayouts.h - Layouts for shared buffers -------------*- C++ -*-===//
//
// The shared-buffer half of tile-legalize-layouts (LegalizeSharedLayouts.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TRANSFORMS_SHAREDLAYOUTS_H
#define TILEMLIR_TRANSFORMS_SHAREDLAYOUTS_H

#include "mlir/IR/Attributes.h"
#include "mlir/Support/LLVM.h"

namespace mlir::gpu {
class GPUFuncOp;
} // namespace mlir::gpu

namespace mlir::tile {
class SharedMemoryType;
} // namespace mlir::tile

namespace mlir::tilemlir {
/// The NVMMA layout with the widest swizzle dividing `type`'s rows (no
/// swizzle when none does): what TMA and the tensor cores read.
Attribute getWidestNVMMALayout(tile::SharedMemoryType type);


/// Gives every tile.alloc_smem of `func` without a layout the one its users
/// need (TMA swizzle, tensor-core operand, or the cheapest swizzle for
/// register accesses), through its views; reports buffers whose users
/// disagree. Register tiles must have their layouts already.
LogicalResult legalizeSharedLayouts(gpu::GPUFuncOp func);

/// Gives every tmem.alloc of `func` without a layout the one its users need
/// (#tmem.scales for scale factors, else the #tmem.layout of tcgen05.cp
/// and tcgen05.mma), through tmem.index and partition captures; reports
/// buffers whose users disagree and buffers it cannot trace to an alloc.
/// Runs before register tiles get their layouts.
LogicalResult legalizeTensorMemoryLayouts(gpu::GPUFuncOp func);

} // namespace mlir::tilemlir

#endif // TILEMLIR_TRANSFORMS_SHAREDLAYOUTS_H
