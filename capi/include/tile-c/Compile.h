/*===-- tile-c/Compile.h - Compile kernels to PTX or a cubin ----*- C -*-===*\
|*                                                                            *|
|* One call from a parsed module to the bytes of each of its gpu.modules:    *|
|* LLVM bitcode, PTX or a cubin. Kernels not lowered yet go through          *|
|* tile-to-nvvm first (in place: the module is changed); the cubin is        *|
|* assembled by ptxas (or nvJitLink, in process, on request) and kept in    *|
|* the on-disk compile cache.                                                *|
|*                                                                            *|
|* Diagnostics (the lowering's errors and warnings, the assembler's log)    *|
|* are emitted to the module's context: attach a handler with               *|
|* mlirContextAttachDiagnosticHandler to receive them.                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_COMPILE_H
#define TILE_C_COMPILE_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  TileCompileFormatLLVM = 0, /* LLVM bitcode, as NVPTX sees it */
  TileCompileFormatPTX = 1,  /* PTX text (no terminating NUL) */
  TileCompileFormatCubin = 2 /* an ELF cubin for the module's chip */
} TileCompileFormat;

typedef struct {
  /* Chip for gpu.modules without an #nvvm.target; NULL: the default chip
   * (tile-c/Chips.h). Modules with a target keep it. */
  const char *chip;
  /* NVPTX and ptxas optimization level, 0 to 3. */
  int optLevel;
  /* The CUDA toolkit (bin/ptxas, lib64/libnvJitLink.so.13); NULL:
   * /usr/local/cuda. */
  const char *cudaPath;
  /* Extra ptxas options separated by spaces; NULL: none. */
  const char *ptxasOptions;
  /* "auto" (ptxas when the toolkit has it, else nvJitLink), "ptxas" or
   * "nvjitlink" (in process; it ignores setmaxnreg and serializes wgmma:
   * TileMLIR/Target/PtxCompiler.h); NULL: "auto". */
  const char *assembler;
  /* The pipeline's options (tile-to-nvvm's async-dot, warp-specialize). */
  bool asyncDot;
  bool warpSpecialize;
  /* Debug mode: TMA copies check the coordinates the compiler cannot prove
   * legal on the device and print the rule before they trap (tile-to-nvvm's
   * device-checks). */
  bool deviceChecks;
  /* Use the on-disk compile cache; TILE_CACHE=0 in the environment turns
   * it off as well. */
  bool useCache;
  /* The cache's directory; NULL: $TILE_CACHE_DIR, else
   * $XDG_CACHE_HOME/tilemlir, else ~/.cache/tilemlir. */
  const char *cacheDir;
} TileCompileOptions;

/// The defaults: the default chip, -O3, /usr/local/cuda, assembler "auto",
/// warp specialization on, async-dot off, device checks off, the cache on.
MLIR_CAPI_EXPORTED TileCompileOptions tileCompileOptionsGetDefault(void);

/// Called once per gpu.module, in order, with its name and bytes; both are
/// valid only during the call.
typedef void (*TileCompileCallback)(MlirStringRef moduleName,
                                    MlirStringRef bytes, void *userData);

/// Compiles every gpu.module of `module` to `format` and hands each result
/// to `callback`. `options` may be NULL (the defaults). Fails, after
/// emitting a diagnostic, on a bad option, a lowering or assembler error,
/// or a module without gpu.modules (and, with no context to report to, on
/// a null module or callback); `callback` is then called for none of them.
MLIR_CAPI_EXPORTED MlirLogicalResult
tileCompileModule(MlirModule module, TileCompileFormat format,
                  const TileCompileOptions *options,
                  TileCompileCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* TILE_C_COMPILE_H */
