/*===- TestSupportInternal.h - Shared by the test-support sources -*- C -*-===*\
|*                                                                            *|
|* Element access by TileRtDType, used by the fills and checks (Helpers.c)    *|
|* and defined with the conversions (NumberFormats.c). The runtime's own      *|
|* internals (driver, context, error paths) come from RuntimeInternal.h.      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_RUNTIME_TESTSUPPORTINTERNAL_H
#define TILE_RUNTIME_TESTSUPPORTINTERNAL_H

#include "RuntimeInternal.h"
#include "tile-runtime/TestSupport.h"

#include <stdint.h>

/// Reads element `index` of a buffer of `dtype` as a double (fp4 aware).
double tileRtLoadElement(const void *base, int64_t index, int32_t dtype);

/// Encodes `value` into element `index` of a buffer of `dtype`.
void tileRtStoreElement(void *base, int64_t index, int32_t dtype, double value);

/// Counts a check's verdict for tileRtExitStatus.
void tileRtRecordCheck(int pass);
/// Copies `count` elements of `dtype` from the device into a new host array
/// of floats (free it).
float *tileRtDownloadAsF32(const void *dev, int64_t count, int32_t dtype);

/// A library GEMM on its own operands (TileRtGemmBaseline in TestSupport.h):
/// `call` enqueues one GEMM, `release` frees what the library side set up.
struct TileRtGemmBaseline {
  void (*call)(TileRtGemmBaseline *);
  void (*release)(TileRtGemmBaseline *);
  void *a, *b, *c;
  int64_t m, n, k;
  void *state; // The library's plan.
};

/// A new baseline on fresh random A [M, K] and B (K x N elements) in
/// `inDtype` and a C [M, N] in `outDtype`, warmed up (3 calls).
TileRtGemmBaseline *tileRtNewBaseline(void (*call)(TileRtGemmBaseline *),
                                      void (*release)(TileRtGemmBaseline *),
                                      void *state, int64_t M, int64_t N,
                                      int64_t K, int32_t inDtype,
                                      int32_t outDtype);

/// The median of `iters` samples of a new baseline, which it frees (-1 for
/// NULL): the one-shot timings.
double tileRtBaselineMedianMs(TileRtGemmBaseline *baseline, int iters);

#endif // TILE_RUNTIME_TESTSUPPORTINTERNAL_H
