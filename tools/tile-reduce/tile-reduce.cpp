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
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

/// The test script of each -reduction-tree / -opt-reduction-pass option:
/// upstream's tester stops with an LLVM ERROR when it cannot run it (none
/// given, a missing file, one that is not executable), after a crash
/// report; here that is a plain error before anything runs.
static bool checkTestScripts(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = llvm::StringRef(argv[i]).ltrim('-');
    if (!arg.consume_front("reduction-tree=") &&
        !arg.consume_front("opt-reduction-pass="))
      continue;
    std::string test;
    llvm::SmallVector<llvm::StringRef> options;
    arg.trim("'\"{} ").split(options, ' ', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef option : options)
      if (option.consume_front("test="))
        test = option.str();
    if (test.empty()) {
      llvm::errs() << "tile-reduce: " << argv[i]
                   << " names no test script (test=PATH: an executable "
                      "that exits 1 while the input is still interesting)\n";
      return false;
    }
    if (!llvm::sys::fs::can_execute(test) ||
        llvm::sys::fs::is_directory(test)) {
      llvm::errs() << "tile-reduce: the test script '" << test
                   << "' is not an executable file\n";
      return false;
    }
  }
  return true;
}

int main(int argc, char **argv) {
  if (!checkTestScripts(argc, argv))
    return 1;
  mlir::DialectRegistry registry;
  mlir::tilemlir::registerAllDialects(registry);
  // The opt-reduction pass runs TileMLIR pipelines as reduction steps.
  mlir::tilemlir::registerAllPasses();
  mlir::MLIRContext context(registry);
  return mlir::failed(mlir::mlirReduceMain(argc, argv, context));
}
