//===- MarkWrittenDescriptors.cpp - Tensor maps that kernels write --------===//
//
// tile-mark-written-descriptors: a host tensor map's rules depend on what
// the kernels do with it (TMA stores write whole 16-byte units), and only
// here, before kernels are lowered, are launches and kernel bodies visible
// side by side.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "TMA/TMADialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEMARKWRITTENDESCRIPTORS
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {

/// What writes through the map `desc` builds: the first store or reduction
/// of a kernel it is launched with, `desc`'s own op when some use cannot be
/// followed (it counts as written), or null.
Operation *findWriter(tma::MakeDescriptorOp desc,
                      SymbolTableCollection &symbols) {
  for (OpOperand &use : desc.getResult().getUses()) {
    auto launch = dyn_cast<gpu::LaunchFuncOp>(use.getOwner());
    if (!launch)
      return desc;
    auto kernel = symbols.lookupNearestSymbolFrom<gpu::GPUFuncOp>(
        launch, launch.getKernel());
    unsigned first = launch.getKernelOperands().getBeginOperandIndex();
    if (!kernel || use.getOperandNumber() < first ||
        use.getOperandNumber() - first >= kernel.getNumArguments())
      return desc;
    unsigned index = use.getOperandNumber() - first;
    if (Operation *writer = tma::findWriteThrough(kernel.getArgument(index)))
      return writer;
  }
  return nullptr;
}

struct MarkWrittenDescriptors
    : public tilemlir::impl::TileMarkWrittenDescriptorsBase<
          MarkWrittenDescriptors> {
  void runOnOperation() override {
    SymbolTableCollection symbols;
    bool anyFailed = false;
    getOperation().walk([&](tma::MakeDescriptorOp desc) {
      Operation *writer = findWriter(desc, symbols);
      if (!writer)
        return;
      desc.setWritten(true);
      if (failed(desc.verifyWrittenRows(
              writer == desc.getOperation() ? nullptr : writer)))
        anyFailed = true;
    });
    if (anyFailed)
      signalPassFailure();
  }
};

} // namespace
