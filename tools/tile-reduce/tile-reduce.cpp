//===- tile-reduce.cpp - Test-case reduction for TileMLIR IR --------------===//
//
// mlir-reduce with TileMLIR's dialects and passes: shrinks an input while a
// user-given test (a script exiting 1 on "still interesting", e.g. "tile-opt
// still crashes" or "this diagnostic still appears") keeps holding.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tilemlir::registerAllDialects(registry);
  // The opt-reduction pass runs TileMLIR pipelines as reduction steps.
  mlir::tilemlir::registerAllPasses();
  mlir::MLIRContext context(registry);
  return mlir::failed(mlir::mlirReduceMain(argc, argv, context));
}
