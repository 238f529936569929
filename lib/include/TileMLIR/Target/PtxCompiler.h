//===- PtxCompiler.h - PTX to cubin by ptxas or nvJitLink -------*- C++ -*-===//
//
// The last step of every compile: PTX to a cubin for one chip, by the
// toolkit's ptxas (spawned) or by nvJitLink (the toolkit's linker library,
// dlopen-ed, so nothing links against it), inside the process. Results go
// through the CompileCache, keyed on the PTX, the chip, the options and the
// identity of the assembler.
//
// ptxas is the default wherever the toolkit has it. nvJitLink assembles PTX
// as a relocatable unit (its cubins' SASS is byte-identical to
// `ptxas -c`'s, checked on the benchmark's 11 GEMM kernels): ptxas then
// ignores setmaxnreg (C7504: "ignored to maintain compatibility across
// compilation units") and serializes wgmma (C7509/C7510), which undoes
// warp specialization and wgmma pipelining. It is not faster either (the
// seed GEMM: 0.45 s against 0.43 s for the whole compile, measured on two
// loaded cores). It stays available (`nvjitlink`, and `auto` on a toolkit
// without ptxas); tile-module-to-binary warns when it is given PTX that
// uses either instruction. The PTX compiler library, which would assemble
// whole programs in process, is not part of the toolkit's shared libraries.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TARGET_PTXCOMPILER_H
#define TILEMLIR_TARGET_PTXCOMPILER_H

#include "TileMLIR/Target/CompileCache.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::tilemlir {

/// Which assembler turns PTX into a cubin.
enum class PtxAssembler {
  /// ptxas when the toolkit has it, nvJitLink otherwise.
  Auto,
  /// nvJitLink in process; an error when it cannot be loaded.
  NvJitLink,
  /// The toolkit's ptxas, spawned.
  Ptxas,
};

/// Parses "auto", "nvjitlink" or "ptxas".
std::optional<PtxAssembler> parsePtxAssembler(llvm::StringRef name);

struct PtxCompileOptions {
  /// The chip the cubin is for ("sm_90a").
  std::string chip;
  /// ptxas's optimization level, 0 to 3.
  int optLevel = 3;
  /// The toolkit holding bin/ptxas and lib64/libnvJitLink.so.
  std::string cudaPath = "/usr/local/cuda";
  /// Extra ptxas options, separated by spaces ("-v --maxrregcount=128").
  std::string ptxasOptions;
  PtxAssembler assembler = PtxAssembler::Auto;
};

/// The cubin for `ptx`: from `cache` when it holds one, else assembled
/// and stored there. The error carries the assembler's log.
llvm::Expected<std::string> compilePtxToCubin(llvm::StringRef ptx,
                                              const PtxCompileOptions &options,
                                              const CompileCache &cache);

/// What `ptxas -v` reports for `ptx` (registers, spills, stack and shared
/// memory per kernel), from a ptxas run whatever `options.assembler` says
/// (nvJitLink's cubins are not the ones that run) and never from the cache.
llvm::Expected<std::string>
getPtxasResourceUsage(llvm::StringRef ptx, const PtxCompileOptions &options);

/// Whether `options` assemble with nvJitLink (see above).
bool assemblesWithNvJitLink(const PtxCompileOptions &options);

/// What `options` would assemble with, as it goes into cache keys:
/// "nvJitLink 13.0 <library file identity>" or "ptxas <file identity>".
/// Empty when neither is there.
std::string getPtxAssemblerIdentity(const PtxCompileOptions &options);

} // namespace mlir::tilemlir

#endif // TILEMLIR_TARGET_PTXCOMPILER_H
