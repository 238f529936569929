//===- TestPasses.h - TileMLIR analysis test passes -------------*- C++ -*-===//
//
// registerTileTestPasses() registers tile-test-print-layouts (tile-opt only).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TEST_ANALYSIS_TESTPASSES_H
#define TILEMLIR_TEST_ANALYSIS_TESTPASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::tilemlir {

#define GEN_PASS_DECL
#include "TestPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "TestPasses.h.inc"

} // namespace mlir::tilemlir

#endif // TILEMLIR_TEST_ANALYSIS_TESTPASSES_H
