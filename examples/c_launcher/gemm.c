/* A C program that runs the TileLang seed GEMM
 * (examples/tilelang_gemm_tma_copy.mlir) through its ahead-of-time header, with
 * no MLIR at run time:
 *
 *   tile-translate --emit=c-header examples/tilelang_gemm_tma_copy.mlir -o
 * tilelang_gemm.h
 *   cc -std=c11 -I<build>/include -I. examples/c_launcher/gemm.c \
 *      libTileMLIRTestSupport.a libTileMLIRRuntime.a -ldl -lm -lpthread
 *
 * The kernel reads A [M, K] and B [K, N] and writes C [M, N] (f16, row-major)
 * through TMA descriptors that the launch function builds from each
 * tensor's base, shape and strides. Each problem is checked against cuBLAS
 * (f32) on fresh random inputs, C poisoned first. Before that, a tensor whose
 * base is not 16-byte aligned shows the error path: the launch returns
 * TILE_RT_LAUNCH_BAD_ARGUMENT with the rule, nothing is launched. Exit
 * status: 0 when every check passed, 1 when one failed, 77 without a GPU
 * (the launcher says why), 2 on any other launch error.
 */
#include "tilelang_gemm.h"

#include "tile-runtime/TestSupport.h"

#include <stdio.h>

static int run(int64_t m, int64_t n, int64_t k, uint64_t seed) {
  void *a = tileRtAlloc(m * k * 2), *b = tileRtAlloc(k * n * 2);
  void *c = tileRtAlloc(m * n * 2), *ref = tileRtAlloc(m * n * 4);
  tileRtFillRandom(a, m * k, TILE_RT_F16, seed);
  tileRtFillRandom(b, k * n, TILE_RT_F16, seed + 1);
  tileRtPoison(c, m * n * 2);
  int64_t aShape[2] = {m, k}, aStrides[2] = {k, 1};
  int64_t bShape[2] = {k, n}, bStrides[2] = {n, 1};
  int64_t cShape[2] = {m, n}, cStrides[2] = {n, 1};
  TileRtError error;
  int code = tile_kernels_matmul_tma_copy_store(
      (unsigned)((n + 127) / 128), (unsigned)((m + 127) / 128), 1, NULL, a,
      aShape, aStrides, b, bShape, bStrides, c, cShape, cStrides, (int32_t)k,
      &error);
  if (code) {
    printf("launch failed (code %d): %s\n", code, error.message);
    return 2;
  }
  tileRtReferenceGemm(a, b, ref, m, n, k, TILE_RT_F16, TILE_RT_F32, 0, NULL);
  tileRtSynchronize();
  int failed = tileRtCheck2DMixed("c-header gemm f16 (f32 reference)", c, n,
                                  TILE_RT_F16, ref, n, TILE_RT_F32, m, n, 1e-2);
  tileRtFree(a);
  tileRtFree(b);
  tileRtFree(c);
  tileRtFree(ref);
  return failed;
}

int main(void) {
  TileRtError error;
  if (tileRtLaunchReady(&error)) {
    printf("no GPU (code %d): %s\n", error.code, error.message);
    return 77;
  }
  int64_t shape[2] = {1024, 1024}, strides[2] = {1024, 1};
  char *base = tileRtAlloc(1024 * 1024 * 2 + 16);
  int code = tile_kernels_matmul_tma_copy_store(
      8, 8, 1, NULL, base + 2, shape, strides, base, shape, strides, base,
      shape, strides, 1024, &error);
  printf("misaligned A: code %d: %s\n", code, error.message);
  tileRtFree(base);
  if (code != TILE_RT_LAUNCH_BAD_ARGUMENT)
    return 1;
  int status = run(1024, 1024, 1024, 1) | run(1000, 1000, 1000, 2);
  return status;
}
