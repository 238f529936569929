//===- Passes.h - TileMLIR analysis test passes -----------------*- C++ -*-===//

#ifndef TILEMLIR_ANALYSIS_PASSES_H
#define TILEMLIR_ANALYSIS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::tilemlir {

#define GEN_PASS_DECL
#include "TileMLIR/Analysis/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "TileMLIR/Analysis/Passes.h.inc"

} // namespace mlir::tilemlir

#endif // TILEMLIR_ANALYSIS_PASSES_H
