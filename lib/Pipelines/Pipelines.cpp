//===- Pipelines.cpp - TileMLIR's named pass pipelines --------------------===//

#include "TileMLIR/Pipelines.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

std::string tilemlir::getPtxFeaturesForChip(StringRef chip) {
  // sm_100a needs PTX ISA 8.6; sm_90a 8.0. Both are within what CUDA 13's
  // ptxas and LLVM 22's NVPTX backend accept.
  if (chip.starts_with("sm_10") || chip.starts_with("sm_12"))
    return "+ptx86";
  return "+ptx80";
}

void tilemlir::buildTileToNVVMPipeline(OpPassManager &pm,
                                       const TilePipelineOptions &options) {
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = getPtxFeaturesForChip(options.chip);
  target.optLevel = options.optLevel;
  // Only modules without a target of their own get the default one.
  target.moduleMatcher = "";
  pm.addPass(createGpuNVVMAttachTarget(target));

  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  device.addPass(createSCFToControlFlowPass());
  ConvertGpuOpsToNVVMOpsOptions gpuToNVVM;
  gpuToNVVM.indexBitwidth = 64;
  device.addPass(createConvertGpuOpsToNVVMOps(gpuToNVVM));
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());
}

void tilemlir::buildTileToLLVMPipeline(OpPassManager &pm,
                                       const TilePipelineOptions &options) {
  buildTileToNVVMPipeline(pm, options);

  // Host code.
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createGpuToLLVMConversionPass());
  GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath = options.cudaPath;
  binary.compilationTarget = options.format;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void tilemlir::registerTilePipelines() {
  PassPipelineRegistration<TilePipelineOptions>(
      "tile-to-nvvm",
      "Lower TileMLIR kernels (gpu.modules) to the NVVM and LLVM dialects",
      buildTileToNVVMPipeline);
  PassPipelineRegistration<TilePipelineOptions>(
      "tile-to-llvm",
      "Lower kernels to an embedded cubin and host code to the LLVM "
      "dialect, ready for mlir-translate / tile-run",
      buildTileToLLVMPipeline);
}
