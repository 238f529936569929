//===- PtxCompiler.cpp - PTX to cubin by ptxas or nvJitLink ---------------===//

#include "TileMLIR/Target/PtxCompiler.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>
#include <map>
#include <mutex>

using namespace mlir::tilemlir;
using llvm::StringRef;

namespace {

/// The nvJitLink entry points, as CUDA 13's nvJitLink.h binds them: its
/// inline wrappers call these versioned symbols. Declared here so that the
/// build needs no CUDA header; the types are the header's (an opaque
/// handle, results and input kinds as ints; NVJITLINK_INPUT_PTX is 2).
struct NvJitLink {
  using Handle = struct NvJitLinkOpaque *;
  static constexpr int kInputPtx = 2;
  int (*create)(Handle *, uint32_t, const char **);
  int (*destroy)(Handle *);
  int (*addData)(Handle, int, const void *, size_t, const char *);
  int (*complete)(Handle);
  int (*getCubinSize)(Handle, size_t *);
  int (*getCubin)(Handle, void *);
  int (*getErrorLogSize)(Handle, size_t *);
  int (*getErrorLog)(Handle, char *);
  /// "nvJitLink <major>.<minor> <library identity>".
  std::string identity;
};

template <typename Fn> bool bind(void *library, const char *name, Fn &fn) {
  fn = reinterpret_cast<Fn>(dlsym(library, name));
  return fn != nullptr;
}

std::optional<NvJitLink> bindNvJitLink(void *library, StringRef path) {
  NvJitLink api;
  int (*version)(unsigned *, unsigned *) = nullptr;
  if (!bind(library, "__nvJitLinkCreate_13_0", api.create) ||
      !bind(library, "__nvJitLinkDestroy_13_0", api.destroy) ||
      !bind(library, "__nvJitLinkAddData_13_0", api.addData) ||
      !bind(library, "__nvJitLinkComplete_13_0", api.complete) ||
      !bind(library, "__nvJitLinkGetLinkedCubinSize_13_0", api.getCubinSize) ||
      !bind(library, "__nvJitLinkGetLinkedCubin_13_0", api.getCubin) ||
      !bind(library, "__nvJitLinkGetErrorLogSize_13_0", api.getErrorLogSize) ||
      !bind(library, "__nvJitLinkGetErrorLog_13_0", api.getErrorLog) ||
      !bind(library, "nvJitLinkVersion", version))
    return std::nullopt;
  unsigned major = 0, minor = 0;
  if (version(&major, &minor) != 0)
    return std::nullopt;
  api.identity = ("nvJitLink " + llvm::Twine(major) + "." + llvm::Twine(minor) +
                  " " + getFileIdentity(path))
                     .str();
  return api;
}

/// nvJitLink from `cudaPath`, loaded once per toolkit path; null when the
/// toolkit has none (or one without the CUDA 13 entry points).
const NvJitLink *loadNvJitLink(StringRef cudaPath) {
  static std::mutex mutex;
  static std::map<std::string, std::optional<NvJitLink>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = loaded.try_emplace(cudaPath.str());
  if (inserted) {
    llvm::SmallString<256> path(cudaPath);
    llvm::sys::path::append(path, "lib64", "libnvJitLink.so.13");
    // Never unloaded: the process may compile again.
    if (void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL))
      it->second = bindNvJitLink(library, path);
  }
  return it->second ? &*it->second : nullptr;
}

std::string ptxasPath(const PtxCompileOptions &options) {
  llvm::SmallString<256> path(options.cudaPath);
  llvm::sys::path::append(path, "bin", "ptxas");
  return std::string(path);
}

llvm::SmallVector<StringRef> splitOptions(StringRef options) {
  llvm::SmallVector<StringRef> parts;
  options.split(parts, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  return parts;
}

std::string errorLog(const NvJitLink &api, NvJitLink::Handle handle) {
  size_t size = 0;
  if (api.getErrorLogSize(handle, &size) != 0 || size == 0)
    return "";
  std::string log(size, '\0');
  if (api.getErrorLog(handle, log.data()) != 0)
    return "";
  return StringRef(log.c_str()).rtrim().str();
}

llvm::Expected<std::string> assembleWithNvJitLink(const NvJitLink &api,
                                                  StringRef ptx,
                                                  const PtxCompileOptions &o) {
  std::vector<std::string> args = {"-arch=" + o.chip};
  // nvJitLink takes -O0 and -O3 itself; other levels go to its ptxas.
  if (o.optLevel == 0 || o.optLevel == 3)
    args.push_back("-O" + std::to_string(o.optLevel));
  else
    args.push_back("-Xptxas=--opt-level=" + std::to_string(o.optLevel));
  for (StringRef option : splitOptions(o.ptxasOptions))
    args.push_back(("-Xptxas=" + option).str());
  std::vector<const char *> argv;
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());

  NvJitLink::Handle handle = nullptr;
  if (api.create(&handle, uint32_t(argv.size()), argv.data()) != 0)
    return llvm::createStringError(
        "nvJitLink rejected the options '" + llvm::join(args, " ") + "'" +
        (handle ? ": " + errorLog(api, handle) : std::string()));
  llvm::scope_exit destroy([&] { api.destroy(&handle); });
  std::string text = ptx.rtrim('\0').str();
  size_t size = 0;
  if (api.addData(handle, NvJitLink::kInputPtx, text.c_str(), text.size() + 1,
                  "kernel.ptx") != 0 ||
      api.complete(handle) != 0 || api.getCubinSize(handle, &size) != 0)
    return llvm::createStringError("nvJitLink could not assemble the PTX for " +
                                   o.chip + ":\n" + errorLog(api, handle));
  std::string cubin(size, '\0');
  if (api.getCubin(handle, cubin.data()) != 0)
    return llvm::createStringError("nvJitLink did not return the cubin");
  return cubin;
}

/// What a ptxas run gives: the cubin and what ptxas printed.
struct PtxasResult {
  std::string cubin;
  std::string log;
};

llvm::Expected<PtxasResult> runPtxas(StringRef ptx,
                                     const PtxCompileOptions &o) {
  std::string ptxas = ptxasPath(o);
  if (!llvm::sys::fs::can_execute(ptxas))
    return llvm::createStringError("no ptxas at '" + ptxas +
                                   "' (the CUDA toolkit's path is '" +
                                   o.cudaPath + "')");
  llvm::SmallString<128> ptxFile, cubinFile, logFile;
  if (llvm::sys::fs::createTemporaryFile("tile-ptx", "ptx", ptxFile) ||
      llvm::sys::fs::createTemporaryFile("tile-ptx", "cubin", cubinFile) ||
      llvm::sys::fs::createTemporaryFile("tile-ptx", "log", logFile))
    return llvm::createStringError("cannot create temporary files for ptxas");
  llvm::FileRemover removePtx(ptxFile), removeCubin(cubinFile),
      removeLog(logFile);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(ptxFile, ec);
    if (ec)
      return llvm::createStringError("cannot write '" + ptxFile + "'");
    os << ptx.rtrim('\0');
  }
  std::string arch = "-arch=" + o.chip;
  std::string level = "--opt-level=" + std::to_string(o.optLevel);
  llvm::SmallVector<StringRef> args = {ptxas, arch, level};
  llvm::append_range(args, splitOptions(o.ptxasOptions));
  args.append({ptxFile, "-o", cubinFile});
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(logFile),
                                          StringRef(logFile)};
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, 0, 0,
                                     &error);
  auto log = llvm::MemoryBuffer::getFile(logFile);
  std::string logText = log ? (*log)->getBuffer().rtrim().str() : "";
  if (rc != 0)
    return llvm::createStringError(
        "ptxas failed (" + ptxas + ", exit " + std::to_string(rc) +
        (error.empty() ? "" : ": " + error) + "):\n" + logText);
  auto cubin = llvm::MemoryBuffer::getFile(cubinFile, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
  if (!cubin)
    return llvm::createStringError("ptxas wrote no cubin");
  return PtxasResult{(*cubin)->getBuffer().str(), logText};
}

/// The cubin from nvJitLink (`api`), or from ptxas when it is null.
llvm::Expected<std::string> assemble(const NvJitLink *api, StringRef ptx,
                                     const PtxCompileOptions &o) {
  if (api)
    return assembleWithNvJitLink(*api, ptx, o);
  llvm::Expected<PtxasResult> result = runPtxas(ptx, o);
  if (!result)
    return result.takeError();
  return std::move(result->cubin);
}

/// The nvJitLink to use, or null for ptxas; an error when nvJitLink was
/// asked for and is not there. `auto` takes ptxas whenever the toolkit has
/// it (see PtxCompiler.h for why), nvJitLink only without it.
llvm::Expected<const NvJitLink *> chooseAssembler(const PtxCompileOptions &o) {
  if (o.assembler == PtxAssembler::Ptxas ||
      (o.assembler == PtxAssembler::Auto &&
       llvm::sys::fs::can_execute(ptxasPath(o))))
    return nullptr;
  const NvJitLink *api = loadNvJitLink(o.cudaPath);
  if (!api && o.assembler == PtxAssembler::NvJitLink)
    return llvm::createStringError(
        "cannot load nvJitLink from '" + o.cudaPath +
        "/lib64/libnvJitLink.so.13' (a CUDA 13 toolkit's); use the ptxas "
        "assembler instead");
  return api;
}

} // namespace

std::optional<PtxAssembler> mlir::tilemlir::parsePtxAssembler(StringRef name) {
  return llvm::StringSwitch<std::optional<PtxAssembler>>(name)
      .Case("auto", PtxAssembler::Auto)
      .Case("nvjitlink", PtxAssembler::NvJitLink)
      .Case("ptxas", PtxAssembler::Ptxas)
      .Default(std::nullopt);
}

bool mlir::tilemlir::assemblesWithNvJitLink(const PtxCompileOptions &options) {
  llvm::Expected<const NvJitLink *> api = chooseAssembler(options);
  if (!api) {
    llvm::consumeError(api.takeError());
    return false;
  }
  return *api != nullptr;
}

std::string
mlir::tilemlir::getPtxAssemblerIdentity(const PtxCompileOptions &options) {
  llvm::Expected<const NvJitLink *> api = chooseAssembler(options);
  if (!api) {
    llvm::consumeError(api.takeError());
    return "";
  }
  if (*api)
    return (*api)->identity;
  std::string ptxas = getFileIdentity(ptxasPath(options));
  return ptxas.empty() ? "" : "ptxas " + ptxas;
}

llvm::Expected<std::string>
mlir::tilemlir::compilePtxToCubin(StringRef ptx,
                                  const PtxCompileOptions &options,
                                  const CompileCache &cache) {
  llvm::Expected<const NvJitLink *> api = chooseAssembler(options);
  if (!api)
    return api.takeError();
  std::string identity = getPtxAssemblerIdentity(options);
  std::string key;
  if (cache.isEnabled() && !identity.empty()) {
    key = CompileCache::makeKey({"ptx-to-cubin-1", identity, options.chip,
                                 std::to_string(options.optLevel),
                                 options.ptxasOptions, ptx.rtrim('\0')});
    if (std::optional<std::string> hit = cache.lookup(key))
      return std::move(*hit);
  }
  llvm::Expected<std::string> cubin = assemble(*api, ptx, options);
  if (cubin && !key.empty())
    cache.store(key, *cubin);
  return cubin;
}

llvm::Expected<std::string>
mlir::tilemlir::getPtxasResourceUsage(StringRef ptx,
                                      const PtxCompileOptions &options) {
  PtxCompileOptions verbose = options;
  verbose.ptxasOptions += " -v";
  llvm::Expected<PtxasResult> result = runPtxas(ptx, verbose);
  if (!result)
    return result.takeError();
  return std::move(result->log);
}
