/*===- Helpers.c - Fills, copies, checks and timers for host programs -----===*\
|*                                                                            *|
|* What Python harnesses give TileLang and Gluon tests, for compiled host     *|
|* code: device buffers filled with seeded random values or poison, copies,   *|
|* a one-line relative-error verdict for FileCheck, and event timing. All     *|
|* device work goes through the legacy default stream and is synchronous.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L // clock_gettime

#include "TestSupportInternal.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/*===----------------------------------------------------------------------===*\
|* Memory                                                                     *|
\*===----------------------------------------------------------------------===*/

static void requireNonNegative(int64_t value, const char *what,
                               const char *fn) {
  if (value < 0)
    tileRtFatal("%s: %s is %" PRId64 "; it must not be negative", fn, what,
                value);
}

static int64_t bytesOf(int32_t dtype, int64_t count, const char *fn) {
  requireNonNegative(count, "the element count", fn);
  int64_t bytes = tileRtDTypeSizeBytes(dtype, count);
  if (bytes < 0)
    tileRtFatal("%s: unknown element type %" PRId32, fn, dtype);
  return bytes;
}

void *tileRtAlloc(int64_t bytes) {
  requireNonNegative(bytes, "the size", "tileRtAlloc");
  return mgpuMemAlloc((uint64_t)bytes, NULL, false);
}

void tileRtFree(void *devPtr) { mgpuMemFree(devPtr, NULL); }

void tileRtSynchronize(void) {
  tileRtEnsureContext();
  tileRtWaitAll("cuCtxSynchronize");
}

void tileRtCopyToHost(void *host, const void *dev, int64_t bytes) {
  requireNonNegative(bytes, "the size", "tileRtCopyToHost");
  // Synchronize the whole context first: kernels on other streams must have
  // finished writing, and a fault is reported here rather than as a copy
  // error.
  tileRtSynchronize();
  if (bytes)
    tileRtCheckCu(tileRtDrv.memcpyDtoH(host, tileRtDevPtr(dev), (size_t)bytes),
                  "cuMemcpyDtoH");
}

void tileRtCopyToDevice(void *dev, const void *host, int64_t bytes) {
  requireNonNegative(bytes, "the size", "tileRtCopyToDevice");
  tileRtSynchronize();
  if (bytes)
    tileRtCheckCu(tileRtDrv.memcpyHtoD(tileRtDevPtr(dev), host, (size_t)bytes),
                  "cuMemcpyHtoD");
}

void tileRtPoison(void *devPtr, int64_t bytes) {
  requireNonNegative(bytes, "the size", "tileRtPoison");
  tileRtEnsureContext();
  if (bytes)
    tileRtCheckCu(tileRtDrv.memsetD8(tileRtDevPtr(devPtr), 0xFF, (size_t)bytes),
                  "cuMemsetD8");
  tileRtSynchronize();
}

void tileRtFill(void *devPtr, int64_t count, int32_t dtype, double value) {
  int64_t bytes = bytesOf(dtype, count, "tileRtFill");
  tileRtEnsureContext();
  if (!bytes)
    return;
  // Encode one element (two for packed fp4, which fills whole bytes) and
  // replicate it with the memset of matching width.
  unsigned char pattern[8] = {0};
  tileRtStoreElement(pattern, 0, dtype, value);
  if (dtype == TILE_RT_FP4E2M1)
    tileRtStoreElement(pattern, 1, dtype, value);
  int64_t width = dtype == TILE_RT_FP4E2M1 ? 1 : tileRtDTypeSizeBytes(dtype, 1);
  CUdeviceptr dst = tileRtDevPtr(devPtr);
  if (width == 1) {
    tileRtCheckCu(tileRtDrv.memsetD8(dst, pattern[0], (size_t)bytes),
                  "cuMemsetD8");
  } else if (width == 2) {
    uint16_t v;
    memcpy(&v, pattern, 2);
    tileRtCheckCu(tileRtDrv.memsetD16Async(dst, v, (size_t)count, NULL),
                  "cuMemsetD16Async");
  } else if (width == 4) {
    uint32_t v;
    memcpy(&v, pattern, 4);
    tileRtCheckCu(tileRtDrv.memsetD32Async(dst, v, (size_t)count, NULL),
                  "cuMemsetD32Async");
  } else {
    unsigned char *host = tileRtHostAlloc((size_t)bytes);
    for (int64_t i = 0; i < count; ++i)
      memcpy(host + i * 8, pattern, 8);
    tileRtCopyToDevice(devPtr, host, bytes);
    free(host);
  }
  tileRtSynchronize();
}

// The host values of the last few tileRtFillRandom calls. A benchmark
// fills the same inputs for every kernel it compares on a shape (and
// cuBLAS's timing its own pair), and drawing them is the slow part of a
// large problem (64M f16 elements: about 2 s, against 20 ms to copy them),
// so they are drawn once. The values depend only on (count, dtype, seed).
enum { kRandomCacheSlots = 6 };
static const int64_t kRandomCacheBytes = (int64_t)1536 << 20;
static struct {
  int64_t count, bytes;
  int32_t dtype;
  uint64_t seed, lastUse;
  void *host;
} randomCache[kRandomCacheSlots];
static uint64_t randomCacheClock;

// The cached host values for (count, dtype, seed), drawing them (and
// evicting the least recently used slots to stay within the budget) when
// absent; NULL when they are too large to keep.
static const void *cachedRandom(int64_t count, int32_t dtype, uint64_t seed,
                                int64_t bytes) {
  if (bytes <= 0 || bytes > kRandomCacheBytes / 4)
    return NULL;
  int64_t held = 0;
  for (int i = 0; i < kRandomCacheSlots; ++i) {
    if (randomCache[i].host && randomCache[i].count == count &&
        randomCache[i].dtype == dtype && randomCache[i].seed == seed) {
      randomCache[i].lastUse = ++randomCacheClock;
      return randomCache[i].host;
    }
    held += randomCache[i].bytes;
  }
  // Free least recently used slots until one is empty and the new values
  // fit.
  for (;;) {
    int victim = -1, empty = -1;
    for (int i = 0; i < kRandomCacheSlots; ++i) {
      if (!randomCache[i].host)
        empty = i;
      else if (victim < 0 ||
               randomCache[i].lastUse < randomCache[victim].lastUse)
        victim = i;
    }
    if (empty >= 0 && held + bytes <= kRandomCacheBytes) {
      void *host = tileRtHostAlloc((size_t)bytes);
      tileRtRandomHost(host, count, dtype, seed);
      randomCache[empty].count = count;
      randomCache[empty].bytes = bytes;
      randomCache[empty].dtype = dtype;
      randomCache[empty].seed = seed;
      randomCache[empty].lastUse = ++randomCacheClock;
      randomCache[empty].host = host;
      return host;
    }
    held -= randomCache[victim].bytes;
    free(randomCache[victim].host);
    memset(&randomCache[victim], 0, sizeof(randomCache[victim]));
  }
}

void tileRtFillRandom(void *devPtr, int64_t count, int32_t dtype,
                      uint64_t seed) {
  int64_t bytes = bytesOf(dtype, count, "tileRtFillRandom");
  tileRtEnsureContext();
  const void *cached = cachedRandom(count, dtype, seed, bytes);
  if (cached) {
    tileRtCopyToDevice(devPtr, cached, bytes);
    return;
  }
  void *host = tileRtHostAlloc((size_t)bytes);
  tileRtRandomHost(host, count, dtype, seed);
  tileRtCopyToDevice(devPtr, host, bytes);
  free(host);
}

/*===----------------------------------------------------------------------===*\
|* Checks                                                                     *|
\*===----------------------------------------------------------------------===*/

// Failed checks so far: the exit status of host programs whose @main
// returns nothing (tile-run calls tileRtExitStatus after it).
static int failedChecks;

int tileRtExitStatus(void) { return failedChecks ? 1 : 0; }

void tileRtRecordCheck(int pass) { failedChecks += !pass; }

float *tileRtDownloadAsF32(const void *dev, int64_t count, int32_t dtype) {
  int64_t bytes = tileRtDTypeSizeBytes(dtype, count);
  void *raw = tileRtHostAlloc((size_t)bytes);
  tileRtCopyToHost(raw, dev, bytes);
  float *values = tileRtHostAlloc(sizeof(float) * (size_t)count);
  tileRtConvertToF32(values, raw, count, dtype);
  free(raw);
  return values;
}

static void checkShape(int64_t rows, int64_t cols, int64_t stride,
                       const char *what, const char *fn) {
  requireNonNegative(rows, "rows", fn);
  requireNonNegative(cols, "cols", fn);
  if (rows > 1 && stride < cols)
    tileRtFatal("%s: the %s row stride is %" PRId64
                " elements, less than cols=%" PRId64,
                fn, what, stride, cols);
}

// Elements a strided [rows, cols] view spans from its first element.
static int64_t spanElements(int64_t rows, int64_t cols, int64_t stride) {
  return rows && cols ? (rows - 1) * stride + cols : 0;
}

int tileRtCheckHost2D(const char *name, const void *actual,
                      int64_t actualRowStride, int32_t actualDtype,
                      const void *expected, int64_t expectedRowStride,
                      int32_t expectedDtype, int64_t rows, int64_t cols,
                      double tolerance) {
  const char *fn = "tileRtCheck";
  checkShape(rows, cols, actualRowStride, "actual", fn);
  checkShape(rows, cols, expectedRowStride, "expected", fn);
  bytesOf(actualDtype, 0, fn);
  bytesOf(expectedDtype, 0, fn);
  double diffSq = 0, refSq = 0, maxAbs = 0;
  int64_t nonfinite = 0;
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      double a =
          tileRtLoadElement(actual, r * actualRowStride + c, actualDtype);
      double e =
          tileRtLoadElement(expected, r * expectedRowStride + c, expectedDtype);
      if (!isfinite(a)) {
        ++nonfinite;
        continue;
      }
      double d = a - e; // NaN when the reference is broken: then it fails.
      diffSq += d * d;
      refSq += e * e;
      if (fabs(d) > maxAbs || isnan(d))
        maxAbs = fabs(d);
    }
  }
  double relErr = refSq > 0     ? sqrt(diffSq) / sqrt(refSq)
                  : diffSq == 0 ? 0.0
                                : INFINITY;
  int pass = nonfinite == 0 && relErr <= tolerance;
  printf("%s: rows=%" PRId64 " cols=%" PRId64
         " rel_err=%.3e max_abs_err=%.3e nonfinite=%" PRId64 " -> %s\n",
         name, rows, cols, relErr, maxAbs, nonfinite, pass ? "PASS" : "FAIL");
  fflush(stdout);
  tileRtRecordCheck(pass);
  return pass ? 0 : 1;
}

// Copies a strided view's span to a new host buffer.
static void *downloadView(const void *dev, int64_t rows, int64_t cols,
                          int64_t stride, int32_t dtype) {
  int64_t bytes = tileRtDTypeSizeBytes(dtype, spanElements(rows, cols, stride));
  void *host = tileRtHostAlloc((size_t)bytes);
  tileRtCopyToHost(host, dev, bytes);
  return host;
}

int tileRtCheck2DMixed(const char *name, const void *devActual,
                       int64_t actualRowStride, int32_t actualDtype,
                       const void *devExpected, int64_t expectedRowStride,
                       int32_t expectedDtype, int64_t rows, int64_t cols,
                       double tolerance) {
  const char *fn = "tileRtCheck";
  checkShape(rows, cols, actualRowStride, "actual", fn);
  checkShape(rows, cols, expectedRowStride, "expected", fn);
  bytesOf(actualDtype, 0, fn);
  bytesOf(expectedDtype, 0, fn);
  void *actual =
      downloadView(devActual, rows, cols, actualRowStride, actualDtype);
  void *expected =
      downloadView(devExpected, rows, cols, expectedRowStride, expectedDtype);
  int result = tileRtCheckHost2D(name, actual, actualRowStride, actualDtype,
                                 expected, expectedRowStride, expectedDtype,
                                 rows, cols, tolerance);
  free(actual);
  free(expected);
  return result;
}

int tileRtCheck2D(const char *name, const void *devActual,
                  int64_t actualRowStride, const void *devExpected,
                  int64_t expectedRowStride, int64_t rows, int64_t cols,
                  int32_t dtype, double tolerance) {
  return tileRtCheck2DMixed(name, devActual, actualRowStride, dtype,
                            devExpected, expectedRowStride, dtype, rows, cols,
                            tolerance);
}

int tileRtCheck(const char *name, const void *devActual,
                const void *devExpected, int64_t count, int32_t dtype,
                double tolerance) {
  return tileRtCheck2D(name, devActual, count, devExpected, count, 1, count,
                       dtype, tolerance);
}

int tileRtCheckFillHost(const char *name, const void *host, int64_t rowStride,
                        int64_t rows, int64_t cols, int32_t dtype,
                        double value) {
  const char *fn = "tileRtCheckFill";
  checkShape(rows, cols, rowStride, "", fn);
  bytesOf(dtype, 0, fn);
  // Compare with the value as stored in the type, so fills that round (0.1
  // in f16) still match.
  unsigned char encoded[8] = {0};
  tileRtStoreElement(encoded, 0, dtype, value);
  double want = tileRtLoadElement(encoded, 0, dtype);
  int64_t untouched = 0;
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      double v = tileRtLoadElement(host, r * rowStride + c, dtype);
      if (v == want || (isnan(v) && isnan(want)))
        ++untouched;
    }
  }
  int64_t total = rows * cols;
  printf("%s: untouched=%" PRId64 "/%" PRId64 " -> %s\n", name, untouched,
         total, untouched == total ? "PASS" : "FAIL");
  fflush(stdout);
  tileRtRecordCheck(untouched == total);
  return untouched == total ? 0 : 1;
}

int tileRtCheckFill(const char *name, const void *devPtr, int64_t rowStride,
                    int64_t rows, int64_t cols, int32_t dtype, double value) {
  const char *fn = "tileRtCheckFill";
  checkShape(rows, cols, rowStride, "", fn);
  bytesOf(dtype, 0, fn);
  void *host = downloadView(devPtr, rows, cols, rowStride, dtype);
  int result =
      tileRtCheckFillHost(name, host, rowStride, rows, cols, dtype, value);
  free(host);
  return result;
}

/*===----------------------------------------------------------------------===*\
|* What a run does: all problems and timings, or a quick pass                 *|
\*===----------------------------------------------------------------------===*/

int32_t tileRtTimingEnabled(void) {
  const char *value = getenv("TILE_TIMING");
  return !(value && strcmp(value, "0") == 0);
}

int32_t tileRtLaunchesPerSample(void) {
  const char *value = getenv("TILE_LAUNCHES_PER_SAMPLE");
  if (!value || !*value)
    return 10;
  char *end;
  long count = strtol(value, &end, 10);
  if (*end || count < 1 || count > 1000)
    tileRtFatal("TILE_LAUNCHES_PER_SAMPLE=%s: expected a whole number of "
                "launches in [1, 1000]",
                value);
  return (int32_t)count;
}

int32_t tileRtSelected(const char *label) {
  const char *only = getenv("TILE_ONLY");
  if (!only || !*only)
    return 1;
  for (const char *p = only; *p;) {
    size_t len = strcspn(p, ",");
    char pattern[256];
    if (len > 0 && len < sizeof pattern) {
      memcpy(pattern, p, len);
      pattern[len] = 0;
      if (strstr(label, pattern))
        return 1;
    }
    p += len + (p[len] == ',');
  }
  return 0;
}

/// Whether TILE_ONLY selects "<name> MxNxK".
static int problemSelected(const char *name, int64_t m, int64_t n, int64_t k) {
  char label[512];
  snprintf(label, sizeof label, "%s %" PRId64 "x%" PRId64 "x%" PRId64, name, m,
           n, k);
  return tileRtSelected(label);
}

int32_t tileRtProblemEnabled(const char *name, int64_t m, int64_t n,
                             int64_t k) {
  if (!problemSelected(name, m, n, k))
    return 0;
  const char *value = getenv("TILE_MAX_PROBLEM");
  if (!value || !*value)
    return 1;
  char *end;
  double limit = strtod(value, &end);
  if (*end || limit <= 0)
    tileRtFatal("TILE_MAX_PROBLEM=%s: expected a positive number of "
                "multiply-adds",
                value);
  // K = 0 problems still write their output: count them as K = 1.
  double macs = (double)m * (double)n * (double)(k > 0 ? k : 1);
  if (macs <= limit)
    return 1;
  printf("%s %" PRId64 "x%" PRId64 "x%" PRId64
         ": skipped (%.3g multiply-adds > TILE_MAX_PROBLEM=%s)\n",
         name, m, n, k, macs, value);
  fflush(stdout);
  return 0;
}

/*===----------------------------------------------------------------------===*\
|* Timing and printing                                                        *|
\*===----------------------------------------------------------------------===*/

typedef struct TileRtTimer {
  CUevent start, stop;
  struct timespec hostStart;
} TileRtTimer;

static double msSince(const struct timespec *start) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return 1e3 * (double)(now.tv_sec - start->tv_sec) +
         1e-6 * (double)(now.tv_nsec - start->tv_nsec);
}

void *tileRtTimerStart(void) {
  tileRtEnsureContext();
  TileRtTimer *timer = tileRtHostAlloc(sizeof(TileRtTimer));
  tileRtCheckCu(tileRtDrv.eventCreate(&timer->start, CU_EVENT_DEFAULT),
                "cuEventCreate");
  tileRtCheckCu(tileRtDrv.eventCreate(&timer->stop, CU_EVENT_DEFAULT),
                "cuEventCreate");
  tileRtCheckCu(tileRtDrv.eventRecord(timer->start, NULL), "cuEventRecord");
  clock_gettime(CLOCK_MONOTONIC, &timer->hostStart);
  return timer;
}

double tileRtTimerHostMs(void *opaque) {
  if (!opaque)
    tileRtFatal("tileRtTimerHostMs: the timer is NULL");
  return msSince(&((TileRtTimer *)opaque)->hostStart);
}

double tileRtTimerStopMs(void *opaque) {
  if (!opaque)
    tileRtFatal("tileRtTimerStopMs: the timer is NULL");
  tileRtEnsureContext();
  TileRtTimer *timer = opaque;
  tileRtCheckCu(tileRtDrv.eventRecord(timer->stop, NULL), "cuEventRecord");
  tileRtWaitEvent(timer->stop, "cuEventSynchronize");
  float ms = 0;
  tileRtCheckCu(tileRtDrv.eventElapsedTime(&ms, timer->start, timer->stop),
                "cuEventElapsedTime");
  tileRtCheckCu(tileRtDrv.eventDestroy(timer->start), "cuEventDestroy");
  tileRtCheckCu(tileRtDrv.eventDestroy(timer->stop), "cuEventDestroy");
  free(timer);
  return ms;
}

static int compareDoubles(const void *lhs, const void *rhs) {
  double a = *(const double *)lhs, b = *(const double *)rhs;
  return (a > b) - (a < b);
}

double tileRtMedian(double *values, int n) {
  if (n <= 0 || !values)
    return NAN;
  double *sorted = tileRtHostAlloc(sizeof(double) * (size_t)n);
  memcpy(sorted, values, sizeof(double) * (size_t)n);
  qsort(sorted, (size_t)n, sizeof(double), compareDoubles);
  double median =
      n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
  free(sorted);
  return median;
}

int32_t tileRtListSchedule(const int32_t *costs, int32_t tasks, int32_t workers,
                           int32_t *table) {
  if (tasks < 0 || workers < 1)
    tileRtFatal("tileRtListSchedule: %" PRId32 " tasks over %" PRId32
                " workers: expected tasks >= 0 and workers >= 1",
                tasks, workers);
  if (!table || (tasks > 0 && !costs))
    tileRtFatal("tileRtListSchedule: the %s is NULL",
                table ? "costs" : "table");
  int64_t entries = (int64_t)workers * ((int64_t)tasks + 2);
  for (int64_t i = 0; i < entries; ++i)
    table[i] = i < workers ? 0 : -1;
  int64_t *load = tileRtHostAlloc(sizeof(int64_t) * (size_t)workers);
  memset(load, 0, sizeof(int64_t) * (size_t)workers);
  int32_t rounds = 0;
  for (int32_t task = 0; task < tasks; ++task) {
    if (costs[task] < 1)
      tileRtFatal("tileRtListSchedule: task %" PRId32 " costs %" PRId32
                  "; costs must be positive",
                  task, costs[task]);
    // The scan is O(tasks x workers): a few hundred thousand steps for the
    // largest grids, once per problem.
    int32_t best = 0;
    for (int32_t w = 1; w < workers; ++w)
      if (load[w] < load[best])
        best = w;
    int32_t k = table[best]++;
    table[workers + (int64_t)k * workers + best] = task;
    load[best] += costs[task];
    if (k + 1 > rounds)
      rounds = k + 1;
  }
  free(load);
  return rounds;
}

void tileRtPrintI64(const char *label, int64_t v) {
  printf("%s: %" PRId64 "\n", label, v);
  fflush(stdout);
}

void tileRtReportGemm(const char *name, int64_t M, int64_t N, int64_t K,
                      double ms, double cublasMs) {
  double flops = 2.0 * (double)M * (double)N * (double)K;
  double tflops = flops / (ms * 1e-3) / 1e12;
  if (cublasMs > 0) {
    double cublasTflops = flops / (cublasMs * 1e-3) / 1e12;
    printf("%-6s %5lldx%5lldx%5lld  tilemlir %7.1f TFLOP/s (%8.3f ms)  "
           "cublas %7.1f TFLOP/s (%8.3f ms)  ratio %.2f\n",
           name, (long long)M, (long long)N, (long long)K, tflops, ms,
           cublasTflops, cublasMs, tflops / cublasTflops);
  } else {
    printf("%-6s %5lldx%5lldx%5lld  tilemlir %7.1f TFLOP/s (%8.3f ms)  "
           "cublas n/a\n",
           name, (long long)M, (long long)N, (long long)K, tflops, ms);
  }
  fflush(stdout);
}

void tileRtPrintF64(const char *label, double v) {
  printf("%s: %.6g\n", label, v);
  fflush(stdout);
}
