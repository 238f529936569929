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
/// `deviceChecks` (a debug mode): TMA copies whose coordinates cannot be
/// proven legal check them on the device and print the rule before they
/// trap; off, they have no device-side code (the hardware faults instead).
void populateTMAToNVVMPatterns(LLVMTypeConverter &converter,
                               RewritePatternSet &patterns,
                               bool deviceChecks = false);
/// Tensor maps written in kernels (tma.create_descriptor,
/// tma.acquire_descriptor); part of populateTMAToNVVMPatterns.
void populateDeviceTensorMapPatterns(LLVMTypeConverter &converter,
                                     RewritePatternSet &patterns);
void populateTileToNVVMPatterns(LLVMTypeConverter &converter,
                                RewritePatternSet &patterns);
void populateTileHostToLLVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);

} // namespace tilemlir
} // namespace mlir

#endif // TILEMLIR_CONVERSION_PASSES_H
