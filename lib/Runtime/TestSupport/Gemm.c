/*===- Gemm.c - Reference GEMM and cuBLAS timing --------------------------===*\
|*                                                                            *|
|* cuBLAS is dlopen-ed like the driver: it is optional. Without it the        *|
|* reference GEMM runs on the host and the timing helper returns -1.          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "TestSupportInternal.h"

#include <library_types.h>

#include <dlfcn.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// From cublas_api.h (not included: it pulls in the CUDA runtime headers).
enum {
  kCublasSuccess = 0,
  kCublasOpN = 0,
  kCublasOpT = 1,
  kCublasCompute32F = 68,
  kCublasGemmDefault = -1,
};

typedef struct CublasContext *CublasHandle;

static struct {
  int available;
  char reason[512];
  CublasHandle handle;
  int (*create)(CublasHandle *);
  int (*setStream)(CublasHandle, CUstream);
  int (*gemmEx)(CublasHandle, int, int, int, int, int, const void *,
                const void *, int, int, const void *, int, int, const void *,
                void *, int, int, int, int);
  const char *(*statusString)(int);
} blas;

static pthread_once_t blasOnce = PTHREAD_ONCE_INIT;

#define RESOLVE(lib, field, name)                                              \
  do {                                                                         \
    void *symbol = dlsym(lib, name);                                           \
    memcpy(&blas.field, &symbol, sizeof(symbol));                              \
  } while (0)

// Needs the context current (cuBLAS's runtime adopts it).
static void loadCublas(void) {
  static const char *const names[] = {"libcublas.so.13", "libcublas.so"};
  void *lib = NULL;
  for (size_t i = 0; i < 2 && !lib; ++i)
    lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *error = dlerror();
    snprintf(blas.reason, sizeof(blas.reason), "%s",
             error ? error : "libcublas.so.13 not found");
    return;
  }
  RESOLVE(lib, create, "cublasCreate_v2");
  RESOLVE(lib, setStream, "cublasSetStream_v2");
  RESOLVE(lib, gemmEx, "cublasGemmEx");
  RESOLVE(lib, statusString, "cublasGetStatusString");
  if (!blas.create || !blas.setStream || !blas.gemmEx) {
    snprintf(blas.reason, sizeof(blas.reason),
             "libcublas lacks cublasCreate_v2, cublasSetStream_v2 or "
             "cublasGemmEx");
    return;
  }
  int status = blas.create(&blas.handle);
  if (status != kCublasSuccess) {
    snprintf(blas.reason, sizeof(blas.reason), "cublasCreate failed: %s",
             blas.statusString ? blas.statusString(status) : "error");
    return;
  }
  // The legacy default stream: ordered with the helpers' copies.
  blas.setStream(blas.handle, NULL);
  blas.available = 1;
}

static int haveCublas(void) {
  tileRtEnsureContext();
  pthread_once(&blasOnce, loadCublas);
  return blas.available;
}

int tileRtHasCublas(void) { return tileRtHasGpu() && haveCublas(); }

static void checkCublas(int status, const char *call) {
  if (status == kCublasSuccess)
    return;
  tileRtFatal("%s failed: %s", call,
              blas.statusString ? blas.statusString(status) : "error");
}

static int cudaTypeOf(int32_t dtype) {
  switch (dtype) {
  case TILE_RT_F32:
    return CUDA_R_32F;
  case TILE_RT_F16:
    return CUDA_R_16F;
  case TILE_RT_BF16:
    return CUDA_R_16BF;
  default:
    return -1;
  }
}

// Row-major C[M,N] = A[M,K] B is column-major C^T = B^T A^T: cuBLAS gets B
// first, with m = N and n = M. A row-major [N,K] B (bTransposed) viewed
// column-major is B itself ([K,N], ld K), hence op T.
static void gemmRowMajor(const void *a, const void *b, void *c, int m, int n,
                         int k, int cudaIn, int cudaOut, int bTransposed,
                         float beta) {
  float alpha = 1.0f;
  checkCublas(blas.gemmEx(blas.handle, bTransposed ? kCublasOpT : kCublasOpN,
                          kCublasOpN, n, m, k, &alpha, b, cudaIn,
                          bTransposed ? k : n, a, cudaIn, k, &beta, c, cudaOut,
                          n, kCublasCompute32F, kCublasGemmDefault),
              "cublasGemmEx");
}

typedef struct {
  const float *a, *b, *bias;
  float *c;
  int64_t M, N, K, firstRow, lastRow;
  int32_t bTransposed;
} HostGemmRows;

// Rows [firstRow, lastRow) of the host reference.
static void *hostGemmRows(void *arg) {
  const HostGemmRows *w = arg;
  int64_t N = w->N, K = w->K;
  double *row = tileRtHostAlloc(sizeof(double) * (size_t)(N > 0 ? N : 1));
  for (int64_t i = w->firstRow; i < w->lastRow; ++i) {
    const float *ai = w->a + i * K;
    if (w->bTransposed) {
      // B is [N, K]: each element is a dot product of two contiguous rows.
      for (int64_t j = 0; j < N; ++j) {
        const float *bj = w->b + j * K;
        double sum = 0.0;
        for (int64_t kk = 0; kk < K; ++kk)
          sum += (double)ai[kk] * (double)bj[kk];
        row[j] = sum;
      }
    } else {
      // i-k-j order walks B's rows contiguously.
      for (int64_t j = 0; j < N; ++j)
        row[j] = 0.0;
      for (int64_t kk = 0; kk < K; ++kk) {
        double aik = ai[kk];
        const float *bk = w->b + kk * N;
        for (int64_t j = 0; j < N; ++j)
          row[j] += aik * (double)bk[j];
      }
    }
    for (int64_t j = 0; j < N; ++j)
      w->c[i * N + j] =
          (float)(row[j] + (w->bias ? (double)w->bias[i * N + j] : 0.0));
  }
  free(row);
  return NULL;
}

// Rows are split among the host's processors: the sanitizer pass computes
// its references here (TILE_REFERENCE=host), 4096^3 included, and one
// thread takes minutes at that size.
void tileRtReferenceGemmHost(const float *a, const float *b, float *c,
                             int64_t M, int64_t N, int64_t K,
                             int32_t bTransposed, const float *bias) {
  enum { kMaxThreads = 64 };
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  int64_t threads = cpus < 1 ? 1 : cpus > kMaxThreads ? kMaxThreads : cpus;
  // Below about 2^24 multiply-adds a thread costs more than it saves (in
  // double: M * N * K can pass 2^63).
  double perThread = (double)M * (double)N * (double)(K > 0 ? K : 1) /
                     (double)((int64_t)1 << 24);
  if (perThread < (double)threads)
    threads = perThread > 1.0 ? (int64_t)perThread : 1;
  if (threads > M)
    threads = M > 0 ? M : 1;
  HostGemmRows parts[kMaxThreads];
  pthread_t ids[kMaxThreads];
  int started[kMaxThreads] = {0};
  for (int64_t t = 0; t < threads; ++t) {
    parts[t] = (HostGemmRows){a, b, bias, c, M, N, K,
                              M * t / threads, M * (t + 1) / threads,
                              bTransposed};
    // The first part runs on this thread; a part whose thread cannot be
    // started runs here too.
    if (t > 0 && pthread_create(&ids[t], NULL, hostGemmRows, &parts[t]) == 0)
      started[t] = 1;
  }
  hostGemmRows(&parts[0]);
  for (int64_t t = 1; t < threads; ++t) {
    if (started[t])
      pthread_join(ids[t], NULL);
    else
      hostGemmRows(&parts[t]);
  }
}

static void uploadFromF32(void *dev, const float *values, int64_t count,
                          int32_t dtype) {
  int64_t bytes = tileRtDTypeSizeBytes(dtype, count);
  void *raw = tileRtHostAlloc((size_t)bytes);
  tileRtConvertFromF32(raw, values, count, dtype);
  tileRtCopyToDevice(dev, raw, bytes);
  free(raw);
}

// Device f32 copy of a buffer of another type (exact for fp8/fp4/small
// integers), so that cuBLAS can take it.
static void *widenToF32(const void *dev, int64_t count, int32_t dtype) {
  float *host = tileRtDownloadAsF32(dev, count, dtype);
  void *wide = tileRtAlloc(count * 4);
  tileRtCopyToDevice(wide, host, count * 4);
  free(host);
  return wide;
}

static void hostGemm(const void *devA, const void *devB, void *devC, int64_t M,
                     int64_t N, int64_t K, int32_t inDtype, int32_t outDtype,
                     int32_t bTransposed, const void *devBias) {
  static int noted;
  if (!noted) {
    fflush(stdout);
    fprintf(stderr,
            "tile-runtime: note: cuBLAS unavailable (%s); using the host "
            "reference GEMM\n",
            blas.reason);
    noted = 1;
  }
  float *a = tileRtDownloadAsF32(devA, M * K, inDtype);
  float *b = tileRtDownloadAsF32(devB, K * N, inDtype);
  float *bias =
      devBias ? tileRtDownloadAsF32(devBias, M * N, TILE_RT_F32) : NULL;
  float *c = tileRtHostAlloc(sizeof(float) * (size_t)(M * N));
  tileRtReferenceGemmHost(a, b, c, M, N, K, bTransposed, bias);
  uploadFromF32(devC, c, M * N, outDtype);
  free(a);
  free(b);
  free(bias);
  free(c);
}

void tileRtReferenceGemm(const void *devA, const void *devB, void *devC,
                         int64_t M, int64_t N, int64_t K, int32_t inDtype,
                         int32_t outDtype, int32_t bTransposed,
                         const void *devBias) {
  if (M < 1 || N < 1 || K < 1 || M > INT_MAX || N > INT_MAX || K > INT_MAX)
    tileRtFatal("tileRtReferenceGemm: M=%" PRId64 " N=%" PRId64 " K=%" PRId64
                " must each be in [1, INT_MAX]",
                M, N, K);
  if (tileRtDTypeSizeBytes(inDtype, 1) < 0 ||
      tileRtDTypeSizeBytes(outDtype, 1) < 0)
    tileRtFatal("tileRtReferenceGemm: unknown element type (in %" PRId32
                ", out %" PRId32 ")",
                inDtype, outDtype);
  tileRtEnsureContext();
  // TILE_REFERENCE=host: no cuBLAS kernel runs. compute-sanitizer's
  // racecheck fails internally ("failed to handle a hardware exception") on
  // programs that run cuBLAS's 16-bit Hopper GEMMs, even unchecked.
  const char *reference = getenv("TILE_REFERENCE");
  if (!haveCublas() || (reference && strcmp(reference, "host") == 0)) {
    hostGemm(devA, devB, devC, M, N, K, inDtype, outDtype, bTransposed,
             devBias);
    return;
  }
  int cudaIn = cudaTypeOf(inDtype);
  const void *a = devA, *b = devB;
  void *wideA = NULL, *wideB = NULL;
  if (cudaIn < 0) {
    a = wideA = widenToF32(devA, M * K, inDtype);
    b = wideB = widenToF32(devB, K * N, inDtype);
    cudaIn = CUDA_R_32F;
  }
  // Accumulate into f32 (holding the bias when there is one), then round
  // once to the output type.
  void *c = outDtype == TILE_RT_F32 ? devC : tileRtAlloc(M * N * 4);
  if (devBias) {
    tileRtSynchronize();
    tileRtCheckCu(tileRtDrv.memcpyDtoD(tileRtDevPtr(c), tileRtDevPtr(devBias),
                                       (size_t)(M * N * 4)),
                  "cuMemcpyDtoD");
  }
  gemmRowMajor(a, b, c, (int)M, (int)N, (int)K, cudaIn, CUDA_R_32F, bTransposed,
               devBias ? 1.0f : 0.0f);
  if (c != devC) {
    float *host = tileRtDownloadAsF32(c, M * N, TILE_RT_F32);
    uploadFromF32(devC, host, M * N, outDtype);
    free(host);
    tileRtFree(c);
  }
  tileRtFree(wideA);
  tileRtFree(wideB);
  tileRtSynchronize();
}

TileRtGemmBaseline *tileRtNewBaseline(void (*call)(TileRtGemmBaseline *),
                                      void (*release)(TileRtGemmBaseline *),
                                      void *state, int64_t M, int64_t N,
                                      int64_t K, int32_t inDtype,
                                      int32_t outDtype) {
  TileRtGemmBaseline *baseline = tileRtHostAlloc(sizeof *baseline);
  *baseline =
      (TileRtGemmBaseline){call,
                           release,
                           tileRtAlloc(tileRtDTypeSizeBytes(inDtype, M * K)),
                           tileRtAlloc(tileRtDTypeSizeBytes(inDtype, K * N)),
                           tileRtAlloc(tileRtDTypeSizeBytes(outDtype, M * N)),
                           M,
                           N,
                           K,
                           state};
  tileRtFillRandom(baseline->a, M * K, inDtype, 1);
  tileRtFillRandom(baseline->b, K * N, inDtype, 2);
  for (int i = 0; i < 3; ++i)
    baseline->call(baseline);
  return baseline;
}

double tileRtGemmBaselineSampleMs(TileRtGemmBaseline *baseline) {
  if (!baseline)
    return -1;
  int launches = tileRtLaunchesPerSample();
  void *timer = tileRtTimerStart();
  for (int j = 0; j < launches; ++j)
    baseline->call(baseline);
  return tileRtTimerStopMs(timer) / launches;
}

void tileRtGemmBaselineFree(TileRtGemmBaseline *baseline) {
  if (!baseline)
    return;
  baseline->release(baseline);
  tileRtFree(baseline->a);
  tileRtFree(baseline->b);
  tileRtFree(baseline->c);
  free(baseline);
}

double tileRtBaselineMedianMs(TileRtGemmBaseline *baseline, int iters) {
  if (!baseline)
    return -1;
  if (iters < 1)
    iters = 1;
  double *times = tileRtHostAlloc(sizeof(double) * (size_t)iters);
  for (int i = 0; i < iters; ++i)
    times[i] = tileRtGemmBaselineSampleMs(baseline);
  double median = tileRtMedian(times, iters);
  free(times);
  tileRtGemmBaselineFree(baseline);
  return median;
}

/// cuBLAS's side of a baseline: the types and B's layout.
typedef struct {
  int cudaIn, cudaOut, bTransposed;
} BlasGemm;

static void callCublas(TileRtGemmBaseline *baseline) {
  const BlasGemm *gemm = baseline->state;
  gemmRowMajor(baseline->a, baseline->b, baseline->c, (int)baseline->m,
               (int)baseline->n, (int)baseline->k, gemm->cudaIn, gemm->cudaOut,
               gemm->bTransposed, 0.0f);
}

static void releaseCublas(TileRtGemmBaseline *baseline) {
  free(baseline->state);
}

TileRtGemmBaseline *tileRtCublasGemmBaseline(int64_t M, int64_t N, int64_t K,
                                             int32_t inDtype, int32_t outDtype,
                                             int32_t bTransposed) {
  if (M < 1 || N < 1 || K < 1 || M > INT_MAX || N > INT_MAX || K > INT_MAX)
    tileRtFatal("tileRtCublasGemmBaseline: M=%" PRId64 " N=%" PRId64
                " K=%" PRId64 " must each be in [1, INT_MAX]",
                M, N, K);
  int cudaIn = cudaTypeOf(inDtype), cudaOut = cudaTypeOf(outDtype);
  // cublasGemmEx takes 16-bit inputs into the same type or f32, f32 into f32.
  if (cudaIn < 0 || cudaOut < 0 ||
      (outDtype != TILE_RT_F32 && outDtype != inDtype))
    return NULL;
  if (!haveCublas())
    return NULL;
  BlasGemm *gemm = tileRtHostAlloc(sizeof *gemm);
  *gemm = (BlasGemm){cudaIn, cudaOut, bTransposed};
  return tileRtNewBaseline(callCublas, releaseCublas, gemm, M, N, K, inDtype,
                           outDtype);
}

double tileRtCublasGemmTimeMsEx(int64_t M, int64_t N, int64_t K,
                                int32_t inDtype, int32_t outDtype,
                                int32_t bTransposed, int iters) {
  return tileRtBaselineMedianMs(
      tileRtCublasGemmBaseline(M, N, K, inDtype, outDtype, bTransposed), iters);
}

double tileRtCublasGemmTimeMs(int64_t M, int64_t N, int64_t K, int32_t dtype,
                              int iters) {
  int32_t outDtype = dtype == TILE_RT_F32 ? TILE_RT_F32 : dtype;
  return tileRtCublasGemmTimeMsEx(M, N, K, dtype, outDtype, /*bTransposed=*/1,
                                  iters);
}

void tileRtReferenceBiasRelu(void *devC, int64_t M, int64_t N,
                             const void *devBias, int32_t biasDtype,
                             int32_t relu) {
  if (M < 0 || N < 0)
    tileRtFatal("tileRtReferenceBiasRelu: M=%" PRId64 " N=%" PRId64
                " must not be negative",
                M, N);
  tileRtSynchronize();
  float *c = tileRtDownloadAsF32(devC, M * N, TILE_RT_F32);
  float *bias = devBias ? tileRtDownloadAsF32(devBias, N, biasDtype) : NULL;
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      float value = c[i * N + j] + (bias ? bias[j] : 0.0f);
      c[i * N + j] = relu && !(value > 0.0f) ? 0.0f : value;
    }
  uploadFromF32(devC, c, M * N, TILE_RT_F32);
  free(c);
  free(bias);
}
