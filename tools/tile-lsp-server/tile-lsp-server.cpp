//===- tile-lsp-server.cpp - Language server for TileMLIR IR --------------===//
//
// MLIR's LSP server (diagnostics, go-to-definition, hover, document
// symbols) with the TileMLIR dialects and the upstream dialects kernels are
// written with, so editors understand .mlir files that use them.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tilemlir::registerAllDialects(registry);
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
