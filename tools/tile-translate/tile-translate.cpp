//===- tile-translate.cpp - Device code to LLVM IR, PTX or cubin ----------===//
//
// Turns the gpu.modules of a TileMLIR file into LLVM IR, PTX or a cubin.
// Modules not yet lowered go through the tile-to-nvvm pipeline first; then
// upstream gpu-module-to-binary serializes each module, and the bytes of the
// resulting #gpu.object are written out.
//
//===----------------------------------------------------------------------===//

#include "CHeader.h"

#include "TMA/TMADialect.h"
#include "Tile/TileDialect.h"
#include "TileMLIR/InitAll.h"
#include "TileMLIR/Pipelines.h"
#include "TileMLIR/Target/CompileCache.h"
#include "TileMLIR/Target/PtxCompiler.h"
#include "TileMLIR/Target/TargetInfo.h"
#include "TileMLIR/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InterleavedRange.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace cl = llvm::cl;

namespace {
enum class EmitKind { LLVM, Bitcode, PTX, Cubin, CHeader };
} // namespace

static cl::OptionCategory toolCategory("tile-translate options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input .mlir file>"),
                                          cl::init("-"),
                                          cl::cat(toolCategory));

static cl::opt<std::string>
    outputFilename("o",
                   cl::desc("Output file; with several gpu.modules, each "
                            "goes to <output>.<module>.<ext>"),
                   cl::value_desc("path"), cl::init("-"),
                   cl::cat(toolCategory));

static cl::opt<EmitKind> emitKind(
    "emit", cl::desc("What to produce for each gpu.module"),
    cl::values(clEnumValN(EmitKind::LLVM, "llvm",
                          "LLVM IR (text), linked and "
                          "optimized as NVPTX sees it"),
               clEnumValN(EmitKind::Bitcode, "bc", "LLVM bitcode"),
               clEnumValN(EmitKind::PTX, "ptx", "PTX assembly"),
               clEnumValN(EmitKind::Cubin, "cubin",
                          "cubin (ELF) assembled by ptxas"),
               clEnumValN(EmitKind::CHeader, "c-header",
                          "a C header: the cubin embedded and one launch "
                          "function per kernel (tile-runtime/Runtime.h)")),
    cl::init(EmitKind::PTX), cl::cat(toolCategory));

/// --chip's help text; cl::desc keeps a reference to it.
static const std::string chipDescription =
    "Target chip, " + tilemlir::getSupportedChipList().str() + " (default " +
    tilemlir::getDefaultChip().name +
    "). When given, it also retargets modules that carry an #nvvm.target "
    "already";

static cl::opt<std::string> chip("chip", cl::desc(chipDescription),
                                 cl::init(tilemlir::getDefaultChip().name),
                                 cl::cat(toolCategory));

static cl::opt<int> optLevel("opt-level",
                             cl::desc("NVPTX optimization level (default 3; "
                                      "when given, overrides #nvvm.target)"),
                             cl::init(3), cl::cat(toolCategory));

static cl::opt<std::string>
    cudaPath("cuda-path", cl::desc("CUDA toolkit holding bin/ptxas"),
             cl::init("/usr/local/cuda"), cl::cat(toolCategory));

static cl::opt<std::string>
    moduleName("module", cl::desc("Only translate the gpu.module of this name"),
               cl::value_desc("name"), cl::cat(toolCategory));

static cl::opt<std::string>
    ptxasOptions("ptxas-options",
                 cl::desc("Extra options for ptxas (--emit=cubin)"),
                 cl::init(""), cl::cat(toolCategory));

static cl::opt<std::string> assembler(
    "assembler",
    cl::desc("PTX to cubin with: auto (ptxas when the toolkit has it, else "
             "nvJitLink), ptxas, or nvjitlink (in process; it ignores "
             "setmaxnreg and serializes wgmma)"),
    cl::init("auto"), cl::cat(toolCategory));

static cl::opt<bool> noCache(
    "no-cache",
    cl::desc("Neither read nor fill the on-disk compile cache (also: "
             "TILE_CACHE=0; its directory: TILE_CACHE_DIR, else "
             "$XDG_CACHE_HOME/tilemlir or ~/.cache/tilemlir)"),
    cl::init(false), cl::cat(toolCategory));

static cl::opt<bool> deviceChecks(
    "device-checks",
    cl::desc("Debug mode: TMA copies check the coordinates the compiler "
             "cannot prove legal on the device and print the rule, the kernel "
             "and the op's location before they trap"),
    cl::init(false), cl::cat(toolCategory));

static cl::opt<bool> resourceUsage(
    "resource-usage",
    cl::desc("Also print each kernel's registers, spills and shared memory "
             "(ptxas -v on the module's PTX) to stderr"),
    cl::init(false), cl::cat(toolCategory));

/// Error diagnostics seen so far, and diagnostics of any kind (see main).
static unsigned numErrors = 0;
static unsigned numDiagnostics = 0;

/// What one run writes: the bytes for each translated gpu.module.
struct Output {
  std::string module;
  std::string bytes;
};

static StringRef extensionFor(EmitKind kind) {
  switch (kind) {
  case EmitKind::LLVM:
    return "ll";
  case EmitKind::Bitcode:
    return "bc";
  case EmitKind::PTX:
    return "ptx";
  case EmitKind::Cubin:
    return "cubin";
  case EmitKind::CHeader:
    return "h";
  }
  llvm_unreachable("unknown emit kind");
}

static StringRef compilationTargetFor(EmitKind kind) {
  switch (kind) {
  case EmitKind::LLVM:
  case EmitKind::Bitcode:
    return "llvm";
  case EmitKind::PTX:
    return "isa";
  case EmitKind::Cubin:
  case EmitKind::CHeader:
    return "bin";
  }
  llvm_unreachable("unknown emit kind");
}

/// Leaves exactly one #nvvm.target on `module`: its own when it had one
/// (retargeted to --chip / --opt-level when those were given), otherwise
/// one for --chip. gpu-module-to-binary makes one object per target, and we
/// write one file per module.
static LogicalResult selectTarget(gpu::GPUModuleOp module) {
  MLIRContext *ctx = module.getContext();
  // Nothing in an empty module without a target loads NVVM, and its
  // attributes cannot be built before.
  ctx->getOrLoadDialect<NVVM::NVVMDialect>();
  NVVM::NVVMTargetAttr target;
  if (ArrayAttr targets = module.getTargetsAttr()) {
    for (Attribute attr : targets) {
      auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(attr);
      if (!nvvm)
        continue;
      // Prefer a target that already matches an explicit --chip.
      if (!target || (chip.getNumOccurrences() && nvvm.getChip() == chip &&
                      target.getChip() != chip))
        target = nvvm;
    }
    if (!target && !targets.empty())
      return module.emitError()
             << "gpu.module @" << module.getName()
             << " has no #nvvm.target among its targets; tile-translate "
                "only emits NVIDIA code";
  }

  std::string wantChip = chip;
  int wantOpt = optLevel;
  if (target) {
    if (!chip.getNumOccurrences())
      wantChip = target.getChip().str();
    if (!optLevel.getNumOccurrences())
      wantOpt = target.getO();
  }
  llvm::Expected<std::string> features = tilemlir::getCompileFeatures(
      wantChip, target ? target.getFeatures() : StringRef());
  if (!features)
    return module.emitError() << "gpu.module @" << module.getName() << ": "
                              << llvm::toString(features.takeError());

  auto newTarget = NVVM::NVVMTargetAttr::getChecked(
      [&] { return module.emitError(); }, ctx, wantOpt,
      target ? target.getTriple() : StringRef("nvptx64-nvidia-cuda"),
      StringRef(wantChip), StringRef(*features),
      target ? target.getFlags() : DictionaryAttr(),
      target ? target.getLink() : ArrayAttr(),
      target ? target.getVerifyTarget() : true);
  if (!newTarget)
    return failure();
  module.setTargetsAttr(ArrayAttr::get(ctx, {newTarget}));
  return success();
}

/// The bytes to write for one serialized module.
static FailureOr<std::string> getOutputBytes(gpu::BinaryOp binary) {
  ArrayAttr objects = binary.getObjectsAttr();
  if (objects.size() != 1)
    return binary.emitError() << "expected one object, got "
                              << objects.size();
  auto object = cast<gpu::ObjectAttr>(objects[0]);
  StringRef bytes = object.getObject().getValue();

  switch (emitKind) {
  case EmitKind::Bitcode:
  case EmitKind::Cubin:
  case EmitKind::CHeader:
    return bytes.str();
  case EmitKind::PTX:
    // PTX carries a NUL for cuModuleLoadData; a text file does not want it.
    return bytes.rtrim('\0').str();
  case EmitKind::LLVM: {
    llvm::LLVMContext llvmContext;
    llvm::Expected<std::unique_ptr<llvm::Module>> llvmModule =
        llvm::parseBitcodeFile(llvm::MemoryBufferRef(bytes, binary.getName()),
                               llvmContext);
    if (!llvmModule)
      return binary.emitError()
             << "cannot read back the device bitcode: "
             << llvm::toString(llvmModule.takeError());
    std::string text;
    llvm::raw_string_ostream os(text);
    (*llvmModule)->print(os, nullptr);
    return text;
  }
  }
  llvm_unreachable("unknown emit kind");
}

static LogicalResult writeOutput(StringRef path, StringRef bytes) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(path, &error);
  if (!file) {
    llvm::errs() << "tile-translate: " << error << "\n";
    return failure();
  }
  file->os() << bytes;
  file->os().flush();
  if (file->os().has_error()) {
    llvm::errs() << "tile-translate: cannot write '" << path
                 << "': " << file->os().error().message() << "\n";
    file->os().clear_error();
    return failure();
  }
  file->keep();
  return success();
}

/// The kernels of `modules` with their arguments as written.
static LogicalResult collectHeaderKernels(
    ArrayRef<gpu::GPUModuleOp> modules,
    llvm::StringMap<SmallVector<tilemlir::HeaderKernel>> &kernels) {
  for (gpu::GPUModuleOp module : modules) {
    // (An empty module has nothing lowered: its header declares no kernel.)
    if (!module.getOps<LLVM::LLVMFuncOp>().empty() &&
        tilemlir::isLoweredToNVVM(module))
      return module.emitError()
             << "--emit=c-header needs gpu.module @" << module.getName()
             << " before lowering: a lowered kernel's arguments no longer "
                "say which are TMA descriptors";
    for (auto func : module.getOps<gpu::GPUFuncOp>()) {
      if (!func.isKernel())
        continue;
      tilemlir::HeaderKernel kernel;
      kernel.name = func.getName().str();
      kernel.argTypes = llvm::to_vector(func.getArgumentTypes());
      kernel.loc = func.getLoc();
      kernel.grid =
          func->getAttrOfType<ArrayAttr>(tile::TileDialect::kGridAttrName);
      kernel.gridSymbols = func->getAttrOfType<ArrayAttr>(
          tile::TileDialect::kGridSymbolsAttrName);
      for (BlockArgument arg : func.getArguments())
        kernel.writtenArgs.push_back(tma::findWriteThrough(arg) != nullptr);
      kernel.dependentLaunch =
          func->hasAttr(tile::TileDialect::kDependentLaunchAttrName);
      if (std::optional<ArrayRef<int32_t>> cluster =
              func.getKnownClusterSize()) {
        int64_t blocks = 1;
        for (auto [d, extent] : llvm::enumerate(*cluster)) {
          kernel.cluster[d] = extent;
          blocks *= std::max<int64_t>(extent, 0);
        }
        if (llvm::any_of(*cluster, [](int32_t e) { return e < 1; }) ||
            blocks > tma::kMaxClusterSize)
          return func.emitError()
                 << "kernel @" << func.getName() << " has known_cluster_size "
                 << llvm::interleaved_array(*cluster)
                 << ": a cluster has 1 to " << tma::kMaxClusterSize
                 << " blocks, each extent at least 1";
      }
      kernels[module.getName()].push_back(std::move(kernel));
    }
  }
  return success();
}

/// Each kernel's block size and dynamic shared memory, from its lowered
/// form (tile-warp-specialize may have grown the block).
static LogicalResult readLaunchShapes(
    ModuleOp input,
    llvm::StringMap<SmallVector<tilemlir::HeaderKernel>> &kernels) {
  for (auto module : input.getOps<gpu::GPUModuleOp>()) {
    auto it = kernels.find(module.getName());
    if (it == kernels.end())
      continue;
    for (tilemlir::HeaderKernel &kernel : it->second) {
      auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(kernel.name);
      auto block =
          func ? func->getAttrOfType<DenseI32ArrayAttr>("gpu.known_block_size")
               : DenseI32ArrayAttr();
      if (!block || block.size() != 3)
        return module.emitError()
               << "kernel @" << kernel.name
               << " has no known block size after lowering (tile.num_warps "
                  "sets it)";
      for (int d = 0; d < 3; ++d)
        kernel.block[d] = block[d];
      if (auto bytes =
              func->getAttrOfType<IntegerAttr>("tile.shared_memory_bytes"))
        kernel.sharedBytes = bytes.getInt();
    }
  }
  return success();
}

/// ptxas -v on `module`'s PTX (serialized again, as "isa"; at the target's
/// optimization level and with --ptxas-options, as the cubin is built), its
/// report printed to stderr: one "Compiling entry function" block per kernel.
static LogicalResult printResourceUsage(MLIRContext &context,
                                        gpu::GPUModuleOp module) {
  OwningOpRef<ModuleOp> holder = ModuleOp::create(module.getLoc());
  OpBuilder builder = OpBuilder::atBlockEnd(holder->getBody());
  builder.clone(*module);
  PassManager pm(&context);
  GpuModuleToBinaryPassOptions toPtx;
  toPtx.toolkitPath = cudaPath;
  toPtx.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(toPtx));
  if (failed(pm.run(*holder)) || numErrors)
    return failure();
  auto binary = *holder->getOps<gpu::BinaryOp>().begin();
  auto object = cast<gpu::ObjectAttr>(binary.getObjectsAttr()[0]);
  StringRef chipName = cast<NVVM::NVVMTargetAttr>(object.getTarget()).getChip();

  tilemlir::PtxCompileOptions options;
  options.chip = chipName.str();
  options.optLevel = cast<NVVM::NVVMTargetAttr>(object.getTarget()).getO();
  options.cudaPath = cudaPath;
  options.ptxasOptions = ptxasOptions;
  llvm::Expected<std::string> report = tilemlir::getPtxasResourceUsage(
      object.getObject().getValue(), options);
  if (!report)
    return module.emitError() << "ptxas -v failed: "
                              << llvm::toString(report.takeError());
  llvm::errs() << "tile-translate: resource usage of gpu.module @"
               << module.getName() << " (" << chipName << "):\n"
               << *report << "\n";
  // ptxas cannot see the dynamic shared memory the kernels launch with.
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    auto bytes = func->getAttrOfType<IntegerAttr>("tile.shared_memory_bytes");
    auto block = func->getAttrOfType<DenseI32ArrayAttr>("gpu.known_block_size");
    if (!bytes || !block || block.size() != 3)
      continue;
    llvm::errs() << "tile-translate: " << func.getName() << ": "
                 << bytes.getInt() << " bytes of dynamic shared memory, "
                 << block[0] << " x " << block[1] << " x " << block[2]
                 << " threads\n";
  }
  return success();
}

/// The gpu.modules to translate (the one --module names, or all), and
/// whether there are several; an error if the input has none, names none
/// of them, or has several to write to stdout.
static FailureOr<SmallVector<gpu::GPUModuleOp>> selectModules(ModuleOp input,
                                                              bool &several) {
  SmallVector<gpu::GPUModuleOp> modules =
      llvm::to_vector(input.getOps<gpu::GPUModuleOp>());
  if (modules.empty()) {
    llvm::errs() << "tile-translate: '" << inputFilename
                 << "' has no gpu.module at the top level\n";
    return failure();
  }
  auto names = [&] {
    return llvm::join(
        llvm::map_range(modules,
                        [](gpu::GPUModuleOp m) { return m.getName(); }),
        ", ");
  };
  if (!moduleName.empty()) {
    auto *it = llvm::find_if(
        modules, [](gpu::GPUModuleOp m) { return m.getName() == moduleName; });
    if (it == modules.end()) {
      llvm::errs() << "tile-translate: no gpu.module named '" << moduleName
                   << "' (modules: " << names() << ")\n";
      return failure();
    }
    modules = {*it};
  }
  several = modules.size() > 1;
  if (several && outputFilename == "-") {
    llvm::errs() << "tile-translate: '" << inputFilename << "' has "
                 << modules.size() << " gpu.modules (" << names()
                 << "); pick one with --module=NAME, or give -o PATH to "
                    "write PATH.<module>."
                 << extensionFor(emitKind) << " for each\n";
    return failure();
  }

  return modules;
}

/// Serializes `modules` (lowered to NVVM) into `outputs`: PTX, a cubin or
/// a C header with `headerKernels`.
static LogicalResult
serialize(MLIRContext &context, ModuleOp input,
          ArrayRef<gpu::GPUModuleOp> modules,
          llvm::StringMap<SmallVector<tilemlir::HeaderKernel>> &headerKernels,
          SmallVector<Output> &outputs) {
  // Serialize only the selected modules, in a module of their own so that
  // host code referring to the others does not matter.
  OwningOpRef<ModuleOp> device = ModuleOp::create(input.getLoc());
  OpBuilder builder = OpBuilder::atBlockEnd(device->getBody());
  for (gpu::GPUModuleOp module : modules) {
    auto copy = cast<gpu::GPUModuleOp>(builder.clone(*module));
    if (failed(selectTarget(copy)))
      return failure();
  }
  // NVVM operations check their chip against the target (input that was
  // lowered already for another one); NVPTX would fail to select them.
  if (failed(verify(*device)))
    return failure();

  PassManager pm(&context);
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  if (resourceUsage)
    for (auto module : device->getOps<gpu::GPUModuleOp>())
      if (failed(printResourceUsage(context, module)))
        return failure();

  tilemlir::TileModuleToBinaryOptions binaryOptions;
  binaryOptions.cudaPath = cudaPath;
  binaryOptions.format = compilationTargetFor(emitKind).str();
  binaryOptions.ptxasOptions = ptxasOptions;
  binaryOptions.assembler = assembler;
  binaryOptions.cache = !noCache;
  pm.addPass(tilemlir::createTileModuleToBinary(binaryOptions));
  if (failed(pm.run(*device)) || numErrors)
    return failure();

  for (auto binary : device->getOps<gpu::BinaryOp>()) {
    FailureOr<std::string> bytes = getOutputBytes(binary);
    if (failed(bytes))
      return failure();
    if (emitKind == EmitKind::CHeader) {
      auto target = cast<NVVM::NVVMTargetAttr>(
          cast<gpu::ObjectAttr>(binary.getObjectsAttr()[0]).getTarget());
      bytes = tilemlir::emitCHeader(binary.getName(), target.getChip(),
                                    inputFilename,
                                    headerKernels[binary.getName()], *bytes);
      if (failed(bytes))
        return failure();
    }
    outputs.push_back({binary.getName().str(), std::move(*bytes)});
  }
  return success();
}

static LogicalResult translate(MLIRContext &context, ModuleOp input,
                               SmallVector<Output> &outputs, bool &several) {
  FailureOr<SmallVector<gpu::GPUModuleOp>> selected =
      selectModules(input, several);
  if (failed(selected))
    return failure();
  SmallVector<gpu::GPUModuleOp> &modules = *selected;

  // An explicit --chip retargets the modules that carry their own target
  // before they are lowered, so that the lowering checks every
  // chip-dependent operation against the chip the module is compiled for.
  if (chip.getNumOccurrences())
    for (gpu::GPUModuleOp module : modules)
      if (module.getTargetsAttr() && failed(selectTarget(module)))
        return failure();

  // A header shows the kernels' arguments as written, so they are read
  // before lowering; the launch shape comes from the lowered kernels.
  llvm::StringMap<SmallVector<tilemlir::HeaderKernel>> headerKernels;
  if (emitKind == EmitKind::CHeader &&
      failed(collectHeaderKernels(modules, headerKernels)))
    return failure();

  // Lower kernels that are not in NVVM/LLVM yet. The pipeline runs on the
  // whole input because its passes may look at the host side too.
  if (!llvm::all_of(modules, tilemlir::isLoweredToNVVM)) {
    tilemlir::TilePipelineOptions options;
    options.chip = chip;
    options.optLevel = optLevel;
    options.cudaPath = cudaPath;
    options.deviceChecks = deviceChecks;
    PassManager pm(&context);
    if (failed(applyPassManagerCLOptions(pm)))
      return failure();
    tilemlir::buildTileToNVVMPipeline(pm, options);
    if (failed(pm.run(input)) || numErrors)
      return failure();
  }

  if (emitKind == EmitKind::CHeader &&
      failed(readLaunchShapes(input, headerKernels)))
    return failure();

  return serialize(context, input, modules, headerKernels, outputs);
}

/// Writes each output: to -o, or with several modules to
/// <output>.<module>.<ext>.
static LogicalResult writeOutputs(ArrayRef<Output> outputs, bool several) {
  // A module's name becomes part of a file name: not a path of its own (a
  // module @"a/../../x" would be written outside -o's directory). Checked
  // for all before any is written.
  for (const Output &output : outputs)
    if (several && (StringRef(output.module).contains('/') ||
                    StringRef(output.module).contains('\\'))) {
      llvm::errs() << "tile-translate: gpu.module @\"" << output.module
                   << "\" names its output file " << outputFilename
                   << ".<module>." << extensionFor(emitKind)
                   << ", and a module name may not hold '/' or '\\'; "
                      "rename it or pick it with --module\n";
      return failure();
    }
  for (const Output &output : outputs) {
    std::string path = outputFilename;
    if (several)
      path =
          (outputFilename + "." + output.module + "." + extensionFor(emitKind))
              .str();
    if (failed(writeOutput(path, output.bytes)))
      return failure();
  }
  return success();
}

/// The cache key of a whole run: this tool's build, the assemblers it may
/// run, every option that changes the output, and the input.
static std::string getOutputCacheKey(StringRef input) {
  std::string libraryPath = cudaPath + "/lib64/libnvJitLink.so.13";
  std::string ptxasPath = cudaPath + "/bin/ptxas";
  std::string options;
  llvm::raw_string_ostream os(options);
  os << "emit=" << extensionFor(emitKind) << " chip=" << chip << "/"
     << chip.getNumOccurrences() << " O=" << optLevel << "/"
     << optLevel.getNumOccurrences() << " cuda=" << cudaPath
     << " module=" << moduleName << " ptxas=" << ptxasOptions
     << " assembler=" << assembler << " input=" << inputFilename;
  return tilemlir::CompileCache::makeKey(
      {"tile-translate-1", tilemlir::getOwnBinaryIdentity(),
       tilemlir::getFileIdentity(libraryPath),
       tilemlir::getFileIdentity(ptxasPath), options, input});
}

/// A cache entry of a run: "several" as one byte, then each output as
/// "<size>:<module><size>:<bytes>".
static std::string writeCachedOutputs(ArrayRef<Output> outputs, bool several) {
  std::string entry(1, several ? '1' : '0');
  for (const Output &output : outputs)
    for (StringRef part : {StringRef(output.module), StringRef(output.bytes)})
      entry += std::to_string(part.size()) + ":" + part.str();
  return entry;
}

static bool readCachedOutputs(StringRef entry, SmallVector<Output> &outputs,
                              bool &several) {
  if (entry.empty())
    return false;
  several = entry.front() == '1';
  entry = entry.drop_front();
  auto takePart = [&](std::string &part) {
    auto [size, rest] = entry.split(':');
    uint64_t n;
    if (size.getAsInteger(10, n) || rest.size() < n)
      return false;
    part = rest.take_front(n).str();
    entry = rest.drop_front(n);
    return true;
  };
  while (!entry.empty()) {
    Output output;
    if (!takePart(output.module) || !takePart(output.bytes))
      return false;
    outputs.push_back(std::move(output));
  }
  return !outputs.empty();
}

/// The target options' values, checked before any input is read.
static LogicalResult checkTargetOptions() {
  if (optLevel < 0 || optLevel > 3) {
    llvm::errs() << "tile-translate: --opt-level=" << optLevel
                 << " is out of range: NVPTX's optimization levels are 0 to "
                    "3\n";
    return failure();
  }
  if (!tilemlir::isSupportedChip(chip)) {
    llvm::errs() << "tile-translate: unsupported chip '" << chip
                 << "' (expected " << tilemlir::getSupportedChipList() << ")\n";
    return failure();
  }
  return success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  // --help shows tile-translate's own options; --help-hidden every LLVM
  // and MLIR option as well.
  cl::HideUnrelatedOptions(toolCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "TileMLIR translator: the gpu.modules of a file to LLVM IR, PTX, "
      "cubin or a C header\n\n"
      "  tile-translate --emit=ptx --chip=sm_90a kernel.mlir -o kernel.ptx\n"
      "  (--help-hidden also lists LLVM's and MLIR's options)\n");

  if (failed(checkTargetOptions()))
    return 1;

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(inputFilename,
                                                           &error);
  if (!file) {
    llvm::errs() << "tile-translate: " << error << "\n";
    return 1;
  }

  // A translation seen before comes out of the cache before any MLIR is
  // set up. The front end (FrontEnd.c, the `tile-translate` users run)
  // looks first, without loading MLIR at all; on a miss it passes its key.
  tilemlir::CompileCache cache = tilemlir::CompileCache::open(
      noCache || resourceUsage ? tilemlir::CacheMode::Off
                               : tilemlir::CacheMode::Environment);
  std::string key;
  std::optional<std::string> frontEndKey =
      llvm::sys::Process::GetEnv("TILE_TRANSLATE_CACHE_KEY");
  bool looked = frontEndKey && frontEndKey->size() == 64 &&
                llvm::all_of(*frontEndKey, llvm::isHexDigit);
  if (cache.isEnabled())
    key = looked ? *frontEndKey : getOutputCacheKey(file->getBuffer());
  if (!key.empty() && !looked)
    if (std::optional<std::string> hit = cache.lookup(key)) {
      SmallVector<Output> outputs;
      bool several = false;
      if (readCachedOutputs(*hit, outputs, several))
        return failed(writeOutputs(outputs, several)) ? 1 : 0;
    }

  DialectRegistry registry;
  tilemlir::registerAllDialects(registry);
  tilemlir::registerAllPasses();
  MLIRContext context(registry);
  // The op dump MLIR attaches to every error is noise for a translator
  // (a whole gpu.module); keep it only when asked for.
  if (!cl::getRegisteredOptions()["mlir-print-op-on-diagnostic"]
           ->getNumOccurrences())
    context.printOpOnDiagnostic(false);

  auto sourceMgr = std::make_shared<llvm::SourceMgr>();
  sourceMgr->AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(*sourceMgr, &context);
  // Some upstream code emits an error and carries on (gpu-module-to-binary
  // with a missing CUDA path falls back to PATH): any error fails the run.
  // Registered last, this handler sees diagnostics first and passes them on.
  context.getDiagEngine().registerHandler([&](Diagnostic &diag) {
    ++numDiagnostics;
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      ++numErrors;
    return failure();
  });

  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module || numErrors)
    return 1;
  SmallVector<Output> outputs;
  bool several = false;
  if (failed(translate(context, *module, outputs, several)) ||
      failed(writeOutputs(outputs, several)))
    return 1;
  // A run that printed warnings or remarks is not cached: a cached run
  // would not print them again.
  if (!key.empty() && numDiagnostics == 0)
    cache.store(key, writeCachedOutputs(outputs, several));
  return 0;
}
