/* A C program that calls the benchmark's fastest large-problem GEMM
 * (bench/gemm_bench.mlir, @gemm_f16_w128x256s4g8: persistent, warp
 * specialized, two cooperative consumer warpgroups, 4 stages, grouped tile
 * order) through its ahead-of-time header, with no MLIR at run time:
 *
 *   tile-translate --emit=c-header bench/gemm_bench.mlir -o gemm_bench.h
 *   cc -std=c11 -O2 -I<runtime include dirs> -I. examples/c_launcher/bench_gemm.c \
 *      libTileMLIRTestSupport.a libTileMLIRRuntime.a -ldl -lm -lpthread
 *
 * Each problem is checked against cuBLAS (f32 reference) on fresh random
 * inputs, C poisoned first, then timed exactly as the benchmark times the
 * same kernel when tile-run builds it (3 warm-ups, median of 10 samples of
 * tileRtLaunchesPerSample() back-to-back launches, CUDA events; cuBLAS in
 * the same process), so that the two programs' rows compare the launch
 * paths. The launch shape is the benchmark's: one CTA
 * per SM at most, the tile counts as arguments. Exit status: 0 when every
 * check passed, 1 when one failed, 77 without a GPU, 2 on a launch error.
 */
#include "gemm_bench.h"

#include "tile-runtime/TestSupport.h"

#include <stdio.h>

static int launch(void *a, void *b, void *c, int64_t m, int64_t n, int64_t k,
                  TileRtError *error) {
  int64_t aShape[2] = {m, k}, aStrides[2] = {k, 1};
  int64_t bShape[2] = {k, n}, bStrides[2] = {n, 1};
  int64_t cShape[2] = {m, n}, cStrides[2] = {n, 1};
  int64_t tilesM = (m + 127) / 128, tilesN = (n + 255) / 256;
  int64_t grid = tilesM * tilesN;
  int64_t sms = tileRtMultiprocessorCount();
  if (grid > sms)
    grid = sms;
  return tile_kernels_gemm_f16_w128x256s4g8(
      (unsigned)grid, 1, 1, NULL, a, aShape, aStrides, b, bShape, bStrides, c,
      cShape, cStrides, (int32_t)k, (int32_t)tilesM, (int32_t)tilesN, error);
}

static double timeLaunches(void *a, void *b, void *c, int64_t m, int64_t n,
                           int64_t k, TileRtError *error) {
  double times[10];
  for (int i = 0; i < 3; ++i)
    if (launch(a, b, c, m, n, k, error))
      return -1;
  int launches = tileRtLaunchesPerSample();
  for (int i = 0; i < 10; ++i) {
    void *timer = tileRtTimerStart();
    for (int j = 0; j < launches; ++j)
      if (launch(a, b, c, m, n, k, error))
        return -1;
    times[i] = tileRtTimerStopMs(timer) / launches;
  }
  return tileRtMedian(times, 10);
}

static int run(int64_t m, int64_t n, int64_t k, uint64_t seed) {
  const char *name = "c-header gemm f16 w128x256s4g8";
  if (!tileRtProblemEnabled(name, m, n, k))
    return 0;
  void *a = tileRtAlloc(m * k * 2), *b = tileRtAlloc(k * n * 2);
  void *c = tileRtAlloc(m * n * 2), *ref = tileRtAlloc(m * n * 4);
  tileRtFillRandom(a, m * k, TILE_RT_F16, seed);
  tileRtFillRandom(b, k * n, TILE_RT_F16, seed + 1);
  tileRtPoison(c, m * n * 2);
  TileRtError error;
  int failed = 2;
  if (launch(a, b, c, m, n, k, &error)) {
    printf("launch failed (code %d): %s\n", error.code, error.message);
    goto done;
  }
  tileRtReferenceGemm(a, b, ref, m, n, k, TILE_RT_F16, TILE_RT_F32, 0, NULL);
  tileRtSynchronize();
  failed = tileRtCheck2DMixed(name, c, n, TILE_RT_F16, ref, n, TILE_RT_F32, m,
                              n, 1e-2);
  if (tileRtTimingEnabled()) {
    double ms = timeLaunches(a, b, c, m, n, k, &error);
    if (ms < 0) {
      printf("launch failed (code %d): %s\n", error.code, error.message);
      failed = 2;
      goto done;
    }
    double cublas = tileRtCublasGemmTimeMs(m, n, k, TILE_RT_F16, 10);
    tileRtReportGemm(name, m, n, k, ms, cublas);
  }
done:
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
  int failed = 0;
  int rc;
  if ((rc = run(8192, 8192, 8192, 11)) > failed)
    failed = rc;
  if ((rc = run(4096, 4096, 4096, 21)) > failed)
    failed = rc;
  if ((rc = run(1000, 1000, 1000, 31)) > failed)
    failed = rc;
  return failed;
}
