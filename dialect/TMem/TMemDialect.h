//===- TMemDialect.h - The tmem dialect --------------------------*- C++ -*-===//

#ifndef TILEMLIR_DIALECT_TMEM_TMEMDIALECT_H
#define TILEMLIR_DIALECT_TMEM_TMEMDIALECT_H

#include "MBarrier/MBarrierDialect.h"
#include "Tile/TileDialect.h"
#include "mlir/IR/Dialect.h"

#include "TMem/TMemDialect.h.inc"

#endif // TILEMLIR_DIALECT_TMEM_TMEMDIALECT_H
