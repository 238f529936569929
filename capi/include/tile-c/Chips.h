/*===-- tile-c/Chips.h - The chips TileMLIR targets -------------*- C -*-===*\
|*                                                                            *|
|* Queries of TileMLIR's target table (TileMLIR/Target/TargetInfo.h), so that *|
|* C tools check and describe --chip the way the C++ ones do. Strings are    *|
|* static and NUL-terminated; nothing needs freeing.                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_CHIPS_H
#define TILE_C_CHIPS_H

#include "mlir-c/Support.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

// A null `name` is no chip: false, or NULL for tileChipGetPtxFeatures.

/// Whether the tools and pipelines accept `name` as their chip.
MLIR_CAPI_EXPORTED bool tileChipIsSupported(const char *name);

/// The chip used when none is given ("sm_90a").
MLIR_CAPI_EXPORTED const char *tileChipGetDefault(void);

/// The supported chips for messages: "sm_90a or sm_100a".
MLIR_CAPI_EXPORTED const char *tileChipListSupported(void);

/// The same with the default marked: "sm_90a (default) or sm_100a".
MLIR_CAPI_EXPORTED const char *tileChipListSupportedWithDefault(void);

/// The NVPTX features (PTX ISA version) that code for `name` is built with:
/// "+ptx80" for sm_90a. Chips outside the table get "" (NVPTX then takes
/// the chip's own PTX ISA version).
MLIR_CAPI_EXPORTED const char *tileChipGetPtxFeatures(const char *name);

/// Whether `name` has tensor memory and the tcgen05 instructions.
MLIR_CAPI_EXPORTED bool tileChipHasTensorMemory(const char *name);

#ifdef __cplusplus
}
#endif

#endif // TILE_C_CHIPS_H
