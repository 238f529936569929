//===- tile-opt.cpp - TileMLIR's opt-style driver -------------------------===//
//
// Parses, verifies, transforms and prints IR in the TileMLIR dialects and the
// upstream dialects kernels are written with.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/InitAll.h"
#include "TestPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tilemlir::registerAllDialects(registry);
  mlir::tilemlir::registerAllPasses();
  // Passes for lit tests only (test/lib), not part of the libraries.
  mlir::tilemlir::registerTileTestPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "TileMLIR optimizer driver\n", registry));
}
