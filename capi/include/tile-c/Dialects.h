/*===-- tile-c/Dialects.h - TileMLIR dialect registration -------*- C -*-===*\
|*                                                                            *|
|* C API of TileMLIR: dialect handles for tile, tmem, mbarrier and tma, and   *|
|* one call that registers everything tile-opt knows.                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_DIALECTS_H
#define TILE_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Tile, tile);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TMem, tmem);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(MBarrier, mbarrier);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TMA, tma);

/// Inserts TileMLIR's four dialects and the upstream dialects that kernels
/// and host code use (func, gpu, scf, arith, math, cf, memref, llvm, nvvm,
/// vector) with their extensions into `registry`; a null registry is left
/// alone.
MLIR_CAPI_EXPORTED void tileRegisterAllDialects(MlirDialectRegistry registry);

/// Registers TileMLIR's passes and pipelines (and the upstream passes they
/// build on) with the global pass registry, so that textual pipelines can
/// name them. Safe to call more than once.
MLIR_CAPI_EXPORTED void tileRegisterAllPasses(void);

/// Convenience: a context with everything from tileRegisterAllDialects
/// registered (dialects load lazily as IR uses them).
MLIR_CAPI_EXPORTED MlirContext tileContextCreate(void);

#ifdef __cplusplus
}
#endif

#endif // TILE_C_DIALECTS_H
