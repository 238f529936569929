//===- ModuleToBinary.cpp - gpu.module to gpu.binary, cubins in process ---===//
//
// Upstream gpu-module-to-binary makes the PTX; the cubin is assembled here
// (TileMLIR/Target/PtxCompiler.h), so that no ptxas process is spawned when
// the toolkit has nvJitLink, and a kernel compiled before comes out of the
// compile cache.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Target/PtxCompiler.h"
#include "TileMLIR/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringExtras.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEMODULETOBINARY
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;
using namespace mlir::tilemlir;

namespace {

/// The pass's ptxas options and the target's `ptxas-cmd-options` flag.
std::string collectPtxasOptions(NVVM::NVVMTargetAttr target,
                                StringRef passOptions) {
  SmallVector<std::string> options;
  if (!passOptions.trim().empty())
    options.push_back(passOptions.trim().str());
  if (target.hasCmdOptions())
    if (auto list = dyn_cast<ArrayAttr>(target.getCmdOptions()->getValue()))
      for (Attribute option : list)
        if (auto text = dyn_cast<StringAttr>(option))
          options.push_back(text.str());
  return llvm::join(options, " ");
}

struct ModuleToBinary
    : public tilemlir::impl::TileModuleToBinaryBase<ModuleToBinary> {
  using Base::Base;

  void runOnOperation() override {
    static constexpr StringLiteral kFormats[] = {"llvm", "isa", "bin",
                                                 "fatbin"};
    if (!llvm::is_contained(kFormats, StringRef(format))) {
      getOperation().emitError()
          << "tile-module-to-binary: unknown format '" << format
          << "' (expected llvm, isa, bin or fatbin)";
      return signalPassFailure();
    }
    std::optional<PtxAssembler> kind = parsePtxAssembler(assembler);
    if (!kind) {
      getOperation().emitError()
          << "tile-module-to-binary: unknown assembler '" << assembler
          << "' (expected auto, nvjitlink or ptxas)";
      return signalPassFailure();
    }

    bool toCubin = format == "bin";
    GpuModuleToBinaryPassOptions upstream;
    upstream.toolkitPath = cudaPath;
    upstream.compilationTarget =
        toCubin ? std::string("isa") : format.getValue();
    // Upstream spawns ptxas itself for fatbin only.
    if (!toCubin)
      upstream.cmdOptions = ptxasOptions.getValue();
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createGpuModuleToBinaryPass(upstream));
    if (failed(runPipeline(pm, getOperation())))
      return signalPassFailure();
    if (!toCubin)
      return;

    CompileCache compileCache = CompileCache::open(
        cache ? CacheMode::Environment : CacheMode::Off, cacheDir);
    for (auto binary : getOperation().getOps<gpu::BinaryOp>())
      if (failed(assemble(binary, *kind, compileCache)))
        return signalPassFailure();
  }

  /// Replaces each PTX object of `binary` by its cubin.
  LogicalResult assemble(gpu::BinaryOp binary, PtxAssembler kind,
                         const CompileCache &compileCache) {
    MLIRContext *ctx = &getContext();
    SmallVector<Attribute> objects;
    for (Attribute attr : binary.getObjectsAttr()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
      if (!target)
        return binary.emitError()
               << "tile-module-to-binary assembles NVIDIA targets only; "
                  "gpu.binary @"
               << binary.getName() << " has " << object.getTarget();
      PtxCompileOptions options;
      options.chip = target.getChip().str();
      options.optLevel = target.getO();
      options.cudaPath = cudaPath;
      options.ptxasOptions = collectPtxasOptions(target, ptxasOptions);
      options.assembler = kind;
      StringRef ptx = object.getObject().getValue();
      if (assemblesWithNvJitLink(options) &&
          (ptx.contains("setmaxnreg") || ptx.contains("wgmma.mma_async")))
        binary.emitWarning()
            << "gpu.module @" << binary.getName()
            << " uses setmaxnreg or wgmma, and nvJitLink assembles PTX as a "
               "relocatable unit: setmaxnreg is ignored and wgmma serialized "
               "(ptxas C7504, C7509); assembler=ptxas keeps both";
      llvm::Expected<std::string> cubin =
          compilePtxToCubin(ptx, options, compileCache);
      if (!cubin)
        return binary.emitError()
               << "cannot assemble gpu.module @" << binary.getName() << " for "
               << options.chip << ": " << llvm::toString(cubin.takeError());
      objects.push_back(
          gpu::ObjectAttr::get(ctx, target, gpu::CompilationTarget::Binary,
                               StringAttr::get(ctx, *cubin),
                               object.getProperties(), object.getKernels()));
    }
    binary.setObjectsAttr(ArrayAttr::get(ctx, objects));
    return success();
  }
};

} // namespace
