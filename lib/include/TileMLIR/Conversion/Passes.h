//===- Passes.h - TileMLIR conversion passes --------------------*- C++ -*-===//

#ifndef TILEMLIR_CONVERSION_PASSES_H
#define TILEMLIR_CONVERSION_PASSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class LLVMTypeConverter;
class RewritePatternSet;

namespace tilemlir {

#define GEN_PASS_DECL
#include "TileMLIR/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "TileMLIR/Conversion/Passes.h.inc"

/// Device-side type conversions: !tile.smem and !mbarrier.* to
/// !llvm.ptr<3>, !tile.ptr to !llvm.ptr<1>, !tma.descriptor to !llvm.ptr
/// (the address of the grid-constant kernel parameter).
void populateTileDeviceTypeConversions(LLVMTypeConverter &converter);

/// Host-side type conversions: !tma.descriptor to !llvm.array<16 x i64>
/// (the 128-byte CUtensorMap, passed by value), !tile.ptr to !llvm.ptr.
void populateTileHostTypeConversions(LLVMTypeConverter &converter);

void populateMBarrierToNVVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
void populateTMAToNVVMPatterns(LLVMTypeConverter &converter,
                               RewritePatternSet &patterns);
void populateTileToNVVMPatterns(LLVMTypeConverter &converter,
                                RewritePatternSet &patterns);

/// tmem to tcgen05: !tmem.buffer becomes !llvm.ptr<6> (a tensor-memory
/// address), and the base-address slot of tile-allocate-tensor-memory the
/// kernel's tcgen05.alloc protocol.
void populateTMemToNVVMPatterns(LLVMTypeConverter &converter,
                                RewritePatternSet &patterns);

/// Reports, with a "not supported yet" diagnostic, the tmem operations under
/// `root` that the tcgen05 lowering cannot express, and allocations that
/// tile-allocate-tensor-memory / tile-allocate-shared-memory have not
/// placed. Both the full and the tmem-only lowering run it first; the
/// tmem-only one (`withRegisterTiles` false) cannot lower tmem.load /
/// tmem.store, whose register tiles only the full lowering converts.
LogicalResult checkTensorMemoryLowering(Operation *root,
                                        bool withRegisterTiles = true);
void populateTileHostToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);

} // namespace tilemlir
} // namespace mlir

#endif // TILEMLIR_CONVERSION_PASSES_H
