//===- Pipelines.cpp - TileMLIR's named pass pipelines --------------------===//

#include "TileMLIR/Pipelines.h"

#include "TileMLIR/Conversion/Passes.h"
#include "TileMLIR/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

StringRef tilemlir::getChipOptionDescription() {
  // Static: the option keeps a reference to its description.
  static const std::string text =
      "Target chip for kernels without an #nvvm.target (" +
      getSupportedChipList().str() + ")";
  return text;
}

void tilemlir::buildTileToNVVMPipeline(OpPassManager &pm,
                                       const TilePipelineOptions &options) {
  // Warp specialization and software pipelining first: they create the
  // ring buffers and barriers that shared-memory allocation and the
  // barrier checks see. Loops warp specialization refuses are left to the
  // pipeliner.
  // Proxy fences on the kernel as written, so that pipelining and warp
  // specialization carry each fence along with its write.
  // tile.copy first: it creates TMA copies, barriers and register tiles
  // (synchronous copies) that everything below treats as written by hand,
  // and descriptor arguments with their host tensor maps.
  pm.addPass(createTileLowerCopies());
  // Layouts next: every later pass and the lowering see typed tiles.
  pm.addNestedPass<gpu::GPUModuleOp>(createTileLegalizeLayouts());
  pm.addNestedPass<gpu::GPUModuleOp>(createTileInsertFences());
  // Byte counts left out of expect_tx ops, before anything reads them.
  pm.addNestedPass<gpu::GPUModuleOp>(createTileInferTransactionBytes());
  // The barrier protocol is checked on the kernel as written (where a
  // mistake is reported against the user's ops) and again after the
  // transformations that rewrite barriers (see the second run below).
  pm.addNestedPass<gpu::GPUModuleOp>(createTileVerifyBarriers());
  if (options.warpSpecialize)
    pm.addPass(createTileWarpSpecialize());
  std::unique_ptr<Pass> pipeline = createTilePipeline();
  if (options.asyncDot)
    (void)pipeline->initializeOptions("async-dot=true",
                                      [](const Twine &) { return failure(); });
  pm.addNestedPass<gpu::GPUModuleOp>(std::move(pipeline));
  // After the passes that create loads (the pipeline's prologue hoists
  // some to the kernel's top level), while launches are still visible.
  pm.addPass(createTileDependentLaunch());

  // Then tensor-memory columns: the pass adds the shared-memory word that
  // tcgen05.alloc writes its base address to.
  pm.addPass(createTileAllocateTensorMemory());
  // Shared-memory offsets (and the launches' dynamic shared-memory size)
  // while kernels and launches are still visible side by side.
  pm.addPass(createTileAllocateSharedMemory());
  // The tensor maps that kernels write through, for their rules: the last
  // point where launches and kernels are both visible.
  pm.addPass(createTileMarkWrittenDescriptors());

  TileAttachTargetOptions target;
  target.chip = options.chip;
  target.optLevel = options.optLevel;
  pm.addPass(createTileAttachTarget(target));

  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  device.addPass(createTileVerifyBarriers());
  TileExpandSynchronizationOptions synchronization;
  synchronization.waitTimeout = options.waitTimeout;
  device.addPass(createTileExpandSynchronization(synchronization));
  device.addPass(createTileLowerWarpSpecialize());
  // Views of memrefs bound in kernels (memref.subview, whose sizes and
  // strides a device-side tensor map reads) as strided metadata the LLVM
  // lowering knows.
  device.addPass(createTileExpandStridedMetadata());
  device.addPass(createLowerAffinePass());
  device.addPass(createSCFToControlFlowPass());
  ConvertTileKernelsToNVVMOptions kernels;
  // The wait-timeout debug mode checks on the device; so do the copies.
  kernels.deviceChecks = options.deviceChecks || options.waitTimeout > 0;
  device.addPass(createConvertTileKernelsToNVVM(kernels));
  // NVVM ops without an LLVM intrinsic (wgmma.mma_async, ...) become PTX
  // inline assembly.
  device.addPass(createConvertNVVMToLLVMPass());
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());
}

void tilemlir::buildTileToLLVMPipeline(OpPassManager &pm,
                                       const TilePipelineOptions &options) {
  buildTileToNVVMPipeline(pm, options);

  // Host code.
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createTileExpandStridedMetadata());
  // Upstream's view patterns build affine.apply.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertTileHostToLLVM());
  // Cubins are assembled (ptxas, or nvJitLink in process) and cached
  // (tile-module-to-binary).
  TileModuleToBinaryOptions binary;
  binary.cudaPath = options.cudaPath;
  binary.format = options.format;
  binary.assembler = options.assembler;
  binary.cache = options.cache;
  pm.addPass(createTileModuleToBinary(binary));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

bool tilemlir::isLoweredToNVVM(gpu::GPUModuleOp module) {
  WalkResult result = module.getBody()->walk([](Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    return ns == "llvm" || ns == "nvvm" ? WalkResult::advance()
                                        : WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

/// Registers a pipeline of TileMLIR's: as PassPipelineRegistration does,
/// but refusing a pass manager not anchored on builtin.module (the
/// pipelines hold module passes, which a nested one, say
/// `gpu.module(tile-to-nvvm)`, would reject with an LLVM ERROR).
static void registerModulePipeline(
    StringRef arg, StringRef description,
    void (*build)(OpPassManager &, const tilemlir::TilePipelineOptions &)) {
  std::string name = arg.str();
  registerPassPipeline(
      arg, description,
      [build, name](OpPassManager &pm, StringRef optionsText,
                    function_ref<LogicalResult(const Twine &)> errorHandler) {
        tilemlir::TilePipelineOptions options;
        if (failed(options.parseFromString(optionsText)))
          return failure();
        StringRef anchor = pm.getOpAnchorName();
        if (anchor != ModuleOp::getOperationName())
          return errorHandler(name +
                              " runs on builtin.module (it lowers "
                              "kernels and their launches together), "
                              "not nested on '" +
                              anchor + "'");
        build(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optionsHandler) {
        optionsHandler(tilemlir::TilePipelineOptions());
      });
}

void tilemlir::registerTilePipelines() {
  registerModulePipeline(
      "tile-to-nvvm",
      "Lower TileMLIR kernels (gpu.modules) to the NVVM and LLVM dialects",
      buildTileToNVVMPipeline);
  registerModulePipeline(
      "tile-to-llvm",
      "Lower kernels to an embedded cubin and host code to the LLVM "
      "dialect, ready for mlir-translate / tile-run",
      buildTileToLLVMPipeline);
}
