/*===-- tile-c/TMem.h - tmem types and layouts ------------------*- C -*-===*\
|*                                                                            *|
|* Blackwell tensor memory (sm_100a). Constructors return a null object and   *|
|* emit a diagnostic when a parameter breaks a hardware rule or is invalid    *|
|* (a null element type or layout, a null shape with entries); a null context *|
|* gives a null object and no diagnostic. Predicates are false for null       *|
|* objects; the column accessors return 0 for anything but a buffer type.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_C_TMEM_H
#define TILE_C_TMEM_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// `#tmem.layout<block = [blockM, blockN], col_stride = colStride>`; blockM
/// is 64 or 128, blockN a power of two in [1, 256], colStride 1, 2 or 4.
MLIR_CAPI_EXPORTED MlirAttribute tmemLayoutAttrGet(MlirContext ctx,
                                                   unsigned blockM,
                                                   unsigned blockN,
                                                   unsigned colStride);
MLIR_CAPI_EXPORTED bool tmemAttributeIsALayout(MlirAttribute attr);

/// `#tmem.scales`: the layout of block-scale factors.
MLIR_CAPI_EXPORTED MlirAttribute tmemScalesLayoutAttrGet(MlirContext ctx);

/// `!tmem.buffer<shape x element, layout>`; rank 2, or 3 with a leading
/// stage dimension. A null layout leaves it to tile-legalize-layouts.
MLIR_CAPI_EXPORTED MlirType tmemBufferTypeGet(MlirContext ctx, intptr_t rank,
                                              const int64_t *shape,
                                              MlirType elementType,
                                              MlirAttribute layout);
MLIR_CAPI_EXPORTED bool tmemTypeIsABuffer(MlirType type);
/// 32-bit tensor-memory columns the buffer occupies, and the (power of two,
/// at least 32) number tcgen05.alloc reserves for it.
MLIR_CAPI_EXPORTED int64_t tmemBufferTypeGetNumColumns(MlirType type);
MLIR_CAPI_EXPORTED int64_t tmemBufferTypeGetAllocColumns(MlirType type);

#ifdef __cplusplus
}
#endif

#endif // TILE_C_TMEM_H
