//===- Passes.h - TileMLIR transformation passes ----------------*- C++ -*-===//

#ifndef TILEMLIR_TRANSFORMS_PASSES_H
#define TILEMLIR_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tilemlir {

#define GEN_PASS_DECL
#include "TileMLIR/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "TileMLIR/Transforms/Passes.h.inc"

} // namespace mlir::tilemlir

#endif // TILEMLIR_TRANSFORMS_PASSES_H
