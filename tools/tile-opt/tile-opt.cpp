//===- tile-opt.cpp - TileMLIR's opt-style driver -------------------------===//
//
// Parses, verifies, transforms and prints IR in the TileMLIR dialects and the
// upstream dialects kernels are written with.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/InitAll.h"
#include "TestPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

/// TileMLIR's pipelines, then its passes in the default pipeline's order:
/// --help lists them first, with their registered descriptions, before
/// MLIR's driver options and the upstream passes (whose alphabetical list
/// buries them). test/Tools/help.test checks that every TileMLIR pass the
/// driver registers is named here.
static constexpr llvm::StringLiteral kPipelines[] = {"tile-to-llvm",
                                                     "tile-to-nvvm"};
static constexpr llvm::StringLiteral kPasses[] = {
    "tile-lower-copies",
    "tile-legalize-layouts",
    "tile-insert-fences",
    "tile-infer-transaction-bytes",
    "tile-verify-barriers",
    "tile-warp-specialize",
    "tile-pipeline",
    "tile-dependent-launch",
    "tile-allocate-tensor-memory",
    "tile-allocate-shared-memory",
    "tile-mark-written-descriptors",
    "tile-attach-target",
    "tile-expand-synchronization",
    "tile-lower-warp-specialize",
    "tile-expand-strided-metadata",
    "convert-tile-kernels-to-nvvm",
    "convert-tile-to-nvvm",
    "convert-tma-to-nvvm",
    "convert-tmem-to-nvvm",
    "convert-mbarrier-to-nvvm",
    "convert-tile-host-to-llvm",
    "tile-module-to-binary",
};

static void listEntry(llvm::raw_ostream &os, llvm::StringRef name,
                      llvm::StringRef description) {
  os << "  --" << name;
  os.indent(name.size() < 34 ? 34 - name.size() : 1);
  os << "- " << description << "\n";
}

/// The --help overview: TileMLIR's own pipelines and passes.
static std::string getOverview() {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "TileMLIR optimizer driver\n\nTileMLIR pipelines (with options: "
        "--tile-to-llvm='format=isa chip=sm_100a'):\n";
  for (llvm::StringRef name : kPipelines)
    if (const mlir::PassPipelineInfo *info =
            mlir::PassPipelineInfo::lookup(name))
      listEntry(os, name, info->getPassDescription());
  os << "\nTileMLIR passes, in pipeline order (their options are listed "
        "under OPTIONS below):\n";
  for (llvm::StringRef name : kPasses)
    if (const mlir::PassInfo *info = mlir::PassInfo::lookup(name))
      listEntry(os, name, info->getPassDescription());
  os << "\nOPTIONS below: MLIR's driver options and every registered pass, "
        "upstream's included; --help-hidden adds LLVM's backend flags.\n";
  return text;
}

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
  std::string overview = getOverview();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, overview, registry));
}
