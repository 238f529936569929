//===- AttachTarget.cpp - Default #nvvm.target for gpu.modules ------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

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
    getOperation().walk([&](gpu::GPUModuleOp module) {
      if (module.getTargetsAttr() && !module.getTargetsAttr().empty())
        return;
      auto target = NVVM::NVVMTargetAttr::get(
          context, optLevel, "nvptx64-nvidia-cuda", chip,
          tilemlir::getPtxFeaturesForChip(chip));
      module.setTargetsAttr(ArrayAttr::get(context, {target}));
    });
  }
};
} // namespace
