//===- AttachTarget.cpp - Default #nvvm.target for gpu.modules ------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "TMA/TMADialect.h"
#include "TileMLIR/Target/TargetInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/Support/Regex.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEATTACHTARGET
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {
struct AttachTarget
    : public tilemlir::impl::TileAttachTargetBase<AttachTarget> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // NVPTX only warns about a processor it does not know, and the PTX
    // then names it as its target. Chips outside the table pass (NVPTX
    // knows them), names that are not a chip's do not.
    if (!llvm::Regex("^sm_[0-9]+[af]?$").match(chip)) {
      getOperation().emitError()
          << "tile-attach-target: '" << chip
          << "' is not a chip name (sm_<version>, optionally with a or f: "
          << tilemlir::getSupportedChipList() << " are supported)";
      return signalPassFailure();
    }
    getOperation().walk([&](gpu::GPUModuleOp module) -> WalkResult {
      // Tensor maps written in kernels use tensormap.replace (PTX ISA 8.3).
      bool writesTensorMaps = false;
      module.walk([&](Operation *op) {
        writesTensorMaps |=
            isa<tma::CreateDescriptorOp, tma::AcquireDescriptorOp>(op);
      });
      auto compiledFeatures = [&](StringRef features) {
        return writesTensorMaps
                   ? tilemlir::withMinimumPtxVersion(features, 83)
                   : features.str();
      };
      ArrayAttr targets = module.getTargetsAttr();
      if (!targets || targets.empty()) {
        auto target = NVVM::NVVMTargetAttr::get(
            context, optLevel, "nvptx64-nvidia-cuda", chip,
            compiledFeatures(tilemlir::getPtxFeaturesForChip(chip)));
        module.setTargetsAttr(ArrayAttr::get(context, {target}));
        return WalkResult::advance();
      }
      // A module's own target keeps its chip, but not a PTX ISA version
      // older than the chip has: NVPTX would stop at it with an LLVM ERROR.
      SmallVector<Attribute> compiled;
      for (Attribute attr : targets) {
        auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(attr);
        if (!nvvm) {
          compiled.push_back(attr);
          continue;
        }
        llvm::Expected<std::string> features =
            tilemlir::getCompileFeatures(nvvm.getChip(), nvvm.getFeatures());
        if (!features) {
          module.emitError() << "gpu.module @" << module.getName() << ": "
                             << llvm::toString(features.takeError());
          signalPassFailure();
          return WalkResult::interrupt();
        }
        std::string wanted = compiledFeatures(*features);
        if (wanted == nvvm.getFeatures()) {
          compiled.push_back(attr);
          continue;
        }
        compiled.push_back(NVVM::NVVMTargetAttr::get(
            context, nvvm.getO(), nvvm.getTriple(), nvvm.getChip(), wanted,
            nvvm.getFlags(), nvvm.getLink(), nvvm.getVerifyTarget()));
      }
      module.setTargetsAttr(ArrayAttr::get(context, compiled));
      return WalkResult::advance();
    });
  }
};
} // namespace
