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

#include "llvm/Support/CommandLine.h"

int main(int argc, char **argv) {
  // The options registered before main are LLVM's own (every linked
  // target's backend flags, hundreds of lines): --help-hidden lists them,
  // --help keeps to MLIR's driver options and the passes.
  for (auto &option : llvm::cl::getRegisteredOptions())
    if (option.second->getOptionHiddenFlag() == llvm::cl::NotHidden)
      option.second->setHiddenFlag(llvm::cl::Hidden);
  mlir::DialectRegistry registry;
  mlir::tilemlir::registerAllDialects(registry);
  mlir::tilemlir::registerAllPasses();
  // Passes for lit tests only (test/lib), not part of the libraries.
  mlir::tilemlir::registerTileTestPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "TileMLIR optimizer driver\n", registry));
}
