//===- TMADialect.h - The tma dialect --------------------------*- C++ -*-===//

#ifndef TILEMLIR_DIALECT_TMA_TMADIALECT_H
#define TILEMLIR_DIALECT_TMA_TMADIALECT_H

#include "MBarrier/MBarrierDialect.h"
#include "Tile/TileDialect.h"
#include "mlir/IR/Dialect.h"

#include "TMA/TMADialect.h.inc"

#endif // TILEMLIR_DIALECT_TMA_TMADIALECT_H
