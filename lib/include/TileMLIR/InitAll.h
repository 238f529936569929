//===- InitAll.h - Register TileMLIR's dialects and passes ------*- C++ -*-===//

#ifndef TILEMLIR_INITALL_H
#define TILEMLIR_INITALL_H

namespace mlir {
class DialectRegistry;

namespace tilemlir {

/// Registers the four TileMLIR dialects (tile, tmem, mbarrier, tma) and the
/// upstream dialects kernels and host code are written with (func, gpu, scf,
/// arith, math, cf, memref, llvm, nvvm, ...), with their interface models.
void registerAllDialects(DialectRegistry &registry);

/// Registers TileMLIR's passes and pipelines and the upstream passes that
/// the pipelines use, so that tile-opt can run each one on its own.
void registerAllPasses();

} // namespace tilemlir
} // namespace mlir

#endif // TILEMLIR_INITALL_H
