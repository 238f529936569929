//===- Compile.cpp - C API: a module to PTX or a cubin --------------------===//
//
// The steps are tile-translate's: tile-to-nvvm where kernels are not
// lowered yet, tile-attach-target for modules without a target, then
// tile-module-to-binary (nvJitLink in process, the compile cache) on a
// copy of the gpu.modules.
//
//===----------------------------------------------------------------------===//

#include "tile-c/Compile.h"

#include "Diagnostics.h"

#include "TileMLIR/Pipelines.h"
#include "TileMLIR/Target/PtxCompiler.h"
#include "TileMLIR/Target/TargetInfo.h"
#include "TileMLIR/Transforms/Passes.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;

namespace {

/// Counts the errors emitted while it lives, passing every diagnostic on
/// to the handlers the caller attached: some upstream code emits an error
/// and carries on.
class ErrorCounter {
public:
  explicit ErrorCounter(MLIRContext *ctx) : engine(ctx->getDiagEngine()) {
    id = engine.registerHandler([this](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        ++errors;
      return failure();
    });
  }
  ~ErrorCounter() { engine.eraseHandler(id); }
  unsigned getErrors() const { return errors; }

private:
  DiagnosticEngine &engine;
  DiagnosticEngine::HandlerID id;
  unsigned errors = 0;
};

StringRef orDefault(const char *value, StringRef fallback) {
  return value ? StringRef(value) : fallback;
}

/// The options' errors, emitted at `loc`. `format` is the raw value: a C
/// enum may hold any int, and reading one out of range as a C++ enum is UB.
LogicalResult checkOptions(const TileCompileOptions &o, int format,
                           Location loc) {
  if (format < TileCompileFormatLLVM || format > TileCompileFormatCubin)
    return emitError(loc) << "tileCompileModule: unknown format " << format
                          << " (expected TileCompileFormatLLVM, "
                          << "TileCompileFormatPTX or TileCompileFormatCubin)";
  if (o.chip && !tilemlir::isSupportedChip(o.chip))
    return emitError(loc) << "tileCompileModule: unsupported chip '" << o.chip
                          << "' (expected " << tilemlir::getSupportedChipList()
                          << ")";
  if (o.optLevel < 0 || o.optLevel > 3)
    return emitError(loc) << "tileCompileModule: optLevel is " << o.optLevel
                          << ", expected 0 to 3";
  if (o.assembler && !tilemlir::parsePtxAssembler(o.assembler))
    return emitError(loc) << "tileCompileModule: unknown assembler '"
                          << o.assembler
                          << "' (expected auto, nvjitlink or ptxas)";
  return success();
}

/// tile-to-nvvm on `module` when any of its kernels is not lowered yet.
LogicalResult lower(ModuleOp module, const TileCompileOptions &o) {
  auto gpuModules = module.getOps<gpu::GPUModuleOp>();
  if (llvm::all_of(gpuModules, tilemlir::isLoweredToNVVM))
    return success();
  tilemlir::TilePipelineOptions options;
  options.chip = orDefault(o.chip, tilemlir::getDefaultChip().name).str();
  options.optLevel = o.optLevel;
  options.cudaPath = orDefault(o.cudaPath, "/usr/local/cuda").str();
  options.asyncDot = o.asyncDot;
  options.warpSpecialize = o.warpSpecialize;
  options.deviceChecks = o.deviceChecks;
  PassManager pm(module.getContext());
  tilemlir::buildTileToNVVMPipeline(pm, options);
  return pm.run(module);
}

/// The serialized copies of `module`'s gpu.modules.
FailureOr<OwningOpRef<ModuleOp>> serialize(ModuleOp module, int format,
                                           const TileCompileOptions &o) {
  OwningOpRef<ModuleOp> device = ModuleOp::create(module.getLoc());
  OpBuilder builder = OpBuilder::atBlockEnd(device->getBody());
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
    builder.clone(*gpuModule);

  PassManager pm(module.getContext());
  tilemlir::TileAttachTargetOptions target;
  target.chip = orDefault(o.chip, tilemlir::getDefaultChip().name).str();
  target.optLevel = o.optLevel;
  pm.addPass(tilemlir::createTileAttachTarget(target));
  static constexpr const char *kFormats[] = {"llvm", "isa", "bin"};
  tilemlir::TileModuleToBinaryOptions binary;
  binary.format = kFormats[format];
  binary.cudaPath = orDefault(o.cudaPath, "/usr/local/cuda").str();
  binary.ptxasOptions = orDefault(o.ptxasOptions, "").str();
  binary.assembler = orDefault(o.assembler, "auto").str();
  binary.cache = o.useCache;
  binary.cacheDir = orDefault(o.cacheDir, "").str();
  pm.addPass(tilemlir::createTileModuleToBinary(binary));
  if (failed(pm.run(*device)))
    return failure();
  return device;
}

} // namespace

TileCompileOptions tileCompileOptionsGetDefault(void) {
  TileCompileOptions options;
  options.chip = nullptr;
  options.optLevel = 3;
  options.cudaPath = nullptr;
  options.ptxasOptions = nullptr;
  options.assembler = nullptr;
  options.asyncDot = false;
  options.warpSpecialize = true;
  options.deviceChecks = false;
  options.useCache = true;
  options.cacheDir = nullptr;
  return options;
}

MlirLogicalResult tileCompileModule(MlirModule cModule,
                                    TileCompileFormat format,
                                    const TileCompileOptions *cOptions,
                                    TileCompileCallback callback,
                                    void *userData) {
  if (mlirModuleIsNull(cModule) || !callback)
    return mlirLogicalResultFailure();
  ModuleOp module = unwrap(cModule);
  TileCompileOptions options =
      cOptions ? *cOptions : tileCompileOptionsGetDefault();
  ErrorCounter errors(module.getContext());
  int rawFormat = tilemlir::capi::getRawEnumValue(format);
  if (failed(checkOptions(options, rawFormat, module.getLoc())))
    return mlirLogicalResultFailure();
  if (module.getOps<gpu::GPUModuleOp>().empty()) {
    emitError(module.getLoc())
        << "tileCompileModule: the module has no gpu.module at the top level";
    return mlirLogicalResultFailure();
  }
  if (failed(lower(module, options)) || errors.getErrors())
    return mlirLogicalResultFailure();
  FailureOr<OwningOpRef<ModuleOp>> device =
      serialize(module, rawFormat, options);
  if (failed(device) || errors.getErrors())
    return mlirLogicalResultFailure();
  for (auto binary : (**device).getOps<gpu::BinaryOp>()) {
    auto object = cast<gpu::ObjectAttr>(binary.getObjectsAttr()[0]);
    StringRef bytes = object.getObject().getValue();
    // PTX carries a NUL for cuModuleLoadData; the text does not want it.
    if (rawFormat == TileCompileFormatPTX)
      bytes = bytes.rtrim('\0');
    callback(wrap(binary.getName()), wrap(bytes), userData);
  }
  return mlirLogicalResultSuccess();
}
