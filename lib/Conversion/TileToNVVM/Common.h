//===- Common.h - Shared helpers of TileMLIR's NVVM lowering ----*- C++ -*-===//

#ifndef TILEMLIR_LIB_CONVERSION_TILETONVVM_COMMON_H
#define TILEMLIR_LIB_CONVERSION_TILETONVVM_COMMON_H

#include "Tile/TileDialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::tilemlir {

/// NVPTX address spaces.
constexpr unsigned kGlobalAddressSpace = 1;
constexpr unsigned kSharedAddressSpace = 3;

/// Name of the dynamic shared-memory array every shared buffer lives in.
constexpr llvm::StringLiteral kSharedMemoryBaseName = "__tile_smem";

Type getSharedPointerType(MLIRContext *context);

Value createI32Constant(OpBuilder &b, Location loc, int64_t value);

/// Address of the kernel's dynamic shared memory (declared once per
/// gpu.module, 1024-byte aligned so 128-byte swizzle atoms line up).
Value getSharedMemoryBase(OpBuilder &b, Location loc, Operation *anchor);

/// `base + byteOffset` as an i8 GEP in base's address space.
Value createByteOffset(OpBuilder &b, Location loc, Value base,
                       Value byteOffset);
Value createByteOffset(OpBuilder &b, Location loc, Value base,
                       int64_t byteOffset);

/// Index of the executing warp in the CTA, made warp-uniform by a shuffle
/// from lane 0 so branches on it do not diverge.
Value createWarpId(OpBuilder &b, Location loc);

/// The `tile.offset` the shared-memory allocator gave `op`, or failure with
/// a diagnostic saying the allocator has not run.
FailureOr<int64_t> getAllocatedOffset(Operation *op);

/// Replaces a shared-memory allocation (tile.alloc_smem, mbarrier.alloc) by
/// its address: the dynamic shared-memory base plus its `tile.offset`.
LogicalResult replaceWithAllocatedAddress(Operation *op,
                                          ConversionPatternRewriter &rewriter);

/// Reports shared-memory views and accesses the lowering cannot express
/// yet (windows that are not themselves buffers of the same layout,
/// sub-byte element access), with a "not supported yet" diagnostic.
LogicalResult checkSharedMemoryLowering(Operation *root);

} // namespace mlir::tilemlir

#endif // TILEMLIR_LIB_CONVERSION_TILETONVVM_COMMON_H
