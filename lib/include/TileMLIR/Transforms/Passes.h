//===- Passes.h - TileMLIR transformation passes ----------------*- C++ -*-===//

#ifndef TILEMLIR_TRANSFORMS_PASSES_H
#define TILEMLIR_TRANSFORMS_PASSES_H

#include "TileMLIR/Target/TargetInfo.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tilemlir {

#define GEN_PASS_DECL
#include "TileMLIR/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "TileMLIR/Transforms/Passes.h.inc"

} // namespace mlir::tilemlir

#endif // TILEMLIR_TRANSFORMS_PASSES_H
