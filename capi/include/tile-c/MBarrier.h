/*===-- tile-c/MBarrier.h - mbarrier types ----------------------*- C -*-===*\
|*                                                                            *|
|* Types of the mbarrier dialect. Constructors return a null type (check with *|
|* mlirTypeIsNull) and emit a diagnostic when a parameter is invalid; a null  *|
|* context gives a null type. Predicates are false for null types;            *|
|* mbarrierGroupTypeGetSize returns 0 for anything but a group type.          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_MBARRIER_H
#define TILE_C_MBARRIER_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// `!mbarrier.group<size>`: `size` barriers in shared memory (size >= 1).
MLIR_CAPI_EXPORTED MlirType mbarrierGroupTypeGet(MlirContext ctx,
                                                 unsigned size);
MLIR_CAPI_EXPORTED bool mbarrierTypeIsAGroup(MlirType type);
MLIR_CAPI_EXPORTED unsigned mbarrierGroupTypeGetSize(MlirType type);

/// `!mbarrier.barrier`: one barrier of a group.
MLIR_CAPI_EXPORTED MlirType mbarrierBarrierTypeGet(MlirContext ctx);
MLIR_CAPI_EXPORTED bool mbarrierTypeIsABarrier(MlirType type);

#ifdef __cplusplus
}
#endif

#endif // TILE_C_MBARRIER_H
