/*===- CublasLt.c - cuBLASLt fp8 GEMM timing ------------------------------===*\
|*                                                                            *|
|* cublasGemmEx has no fp8 inputs; cuBLASLt does (cublasLtMatmul with e4m3    *|
|* operands in the "TN" layout it requires: both K-major). dlopen-ed like     *|
|* cuBLAS: without it the timing helper returns -1 and the benchmark row      *|
|* prints "n/a".                                                              *|
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

// From cublasLt.h and cublas_api.h (not included: they pull in the CUDA
// runtime headers).
enum {
  kLtSuccess = 0,
  kLtOpN = 0,
  kLtOpT = 1,
  kLtCompute32F = 68,
  kLtDescTransA = 3,
  kLtDescTransB = 4,
  kLtDescFastAccum = 25,
  kLtPrefMaxWorkspaceBytes = 1,
};

typedef struct LtContext *LtHandle;
typedef struct LtMatmulDesc *LtMatmulDesc;
typedef struct LtLayout *LtLayout;
typedef struct LtPreference *LtPreference;
/// cublasLtMatmulHeuristicResult_t: the algorithm (64 bytes), its
/// workspace size, state, waves count and reserved words.
typedef struct {
  uint64_t algo[8];
  size_t workspaceSize;
  int state;
  float wavesCount;
  int reserved[4];
} LtHeuristic;

static struct {
  int available;
  LtHandle handle;
  int (*create)(LtHandle *);
  int (*descCreate)(LtMatmulDesc *, int, int);
  int (*descDestroy)(LtMatmulDesc);
  int (*descSet)(LtMatmulDesc, int, const void *, size_t);
  int (*layoutCreate)(LtLayout *, int, uint64_t, uint64_t, int64_t);
  int (*layoutDestroy)(LtLayout);
  int (*prefCreate)(LtPreference *);
  int (*prefDestroy)(LtPreference);
  int (*prefSet)(LtPreference, int, const void *, size_t);
  int (*heuristic)(LtHandle, LtMatmulDesc, LtLayout, LtLayout, LtLayout,
                   LtLayout, LtPreference, int, LtHeuristic *, int *);
  int (*matmul)(LtHandle, LtMatmulDesc, const void *, const void *, LtLayout,
                const void *, LtLayout, const void *, const void *, LtLayout,
                void *, LtLayout, const void *, void *, size_t, CUstream);
} lt;

static pthread_once_t ltOnce = PTHREAD_ONCE_INIT;

#define RESOLVE(lib, field, name)                                              \
  do {                                                                         \
    void *symbol = dlsym(lib, name);                                           \
    memcpy(&lt.field, &symbol, sizeof(symbol));                                \
  } while (0)

static void loadCublasLt(void) {
  static const char *const names[] = {"libcublasLt.so.13", "libcublasLt.so"};
  void *lib = NULL;
  for (size_t i = 0; i < 2 && !lib; ++i)
    lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return;
  RESOLVE(lib, create, "cublasLtCreate");
  RESOLVE(lib, descCreate, "cublasLtMatmulDescCreate");
  RESOLVE(lib, descDestroy, "cublasLtMatmulDescDestroy");
  RESOLVE(lib, descSet, "cublasLtMatmulDescSetAttribute");
  RESOLVE(lib, layoutCreate, "cublasLtMatrixLayoutCreate");
  RESOLVE(lib, layoutDestroy, "cublasLtMatrixLayoutDestroy");
  RESOLVE(lib, prefCreate, "cublasLtMatmulPreferenceCreate");
  RESOLVE(lib, prefDestroy, "cublasLtMatmulPreferenceDestroy");
  RESOLVE(lib, prefSet, "cublasLtMatmulPreferenceSetAttribute");
  RESOLVE(lib, heuristic, "cublasLtMatmulAlgoGetHeuristic");
  RESOLVE(lib, matmul, "cublasLtMatmul");
  if (!lt.create || !lt.descCreate || !lt.descDestroy || !lt.descSet ||
      !lt.layoutCreate || !lt.layoutDestroy || !lt.prefCreate ||
      !lt.prefDestroy || !lt.prefSet || !lt.heuristic || !lt.matmul)
    return;
  lt.available = lt.create(&lt.handle) == kLtSuccess;
}

static void checkLt(int status, const char *call) {
  if (status != kLtSuccess)
    tileRtFatal("%s failed with cuBLAS status %d", call, status);
}

/// One row-major D[M, N] = A[M, K] * B[N, K]^T: column-major that is
/// D^T = op_T(B as K x N) * (A as K x M), cuBLASLt's TN form.
typedef struct {
  LtMatmulDesc desc;
  LtLayout a, b, d;
  LtHeuristic algo;
  void *workspace;
  size_t workspaceBytes;
} LtPlan;

static int planFp8(LtPlan *plan, int64_t M, int64_t N, int64_t K,
                   int cudaOut) {
  int opT = kLtOpT, opN = kLtOpN;
  int8_t fastAccum = 1;
  checkLt(lt.descCreate(&plan->desc, kLtCompute32F, CUDA_R_32F),
          "cublasLtMatmulDescCreate");
  checkLt(lt.descSet(plan->desc, kLtDescTransA, &opT, sizeof(opT)),
          "cublasLtMatmulDescSetAttribute");
  checkLt(lt.descSet(plan->desc, kLtDescTransB, &opN, sizeof(opN)),
          "cublasLtMatmulDescSetAttribute");
  // wgmma accumulates fp8 products in its own f32 accumulator, as
  // TileMLIR's kernels do: compare with the same (fast) accumulation.
  checkLt(lt.descSet(plan->desc, kLtDescFastAccum, &fastAccum,
                     sizeof(fastAccum)),
          "cublasLtMatmulDescSetAttribute");
  checkLt(lt.layoutCreate(&plan->a, CUDA_R_8F_E4M3, (uint64_t)K, (uint64_t)N,
                          K),
          "cublasLtMatrixLayoutCreate");
  checkLt(lt.layoutCreate(&plan->b, CUDA_R_8F_E4M3, (uint64_t)K, (uint64_t)M,
                          K),
          "cublasLtMatrixLayoutCreate");
  checkLt(lt.layoutCreate(&plan->d, cudaOut, (uint64_t)N, (uint64_t)M, N),
          "cublasLtMatrixLayoutCreate");
  LtPreference pref;
  plan->workspaceBytes = 32u << 20;
  checkLt(lt.prefCreate(&pref), "cublasLtMatmulPreferenceCreate");
  checkLt(lt.prefSet(pref, kLtPrefMaxWorkspaceBytes, &plan->workspaceBytes,
                     sizeof(plan->workspaceBytes)),
          "cublasLtMatmulPreferenceSetAttribute");
  int found = 0;
  int status = lt.heuristic(lt.handle, plan->desc, plan->a, plan->b, plan->d,
                            plan->d, pref, 1, &plan->algo, &found);
  lt.prefDestroy(pref);
  if (status != kLtSuccess || found < 1)
    return 0;
  plan->workspace = tileRtAlloc((int64_t)plan->workspaceBytes);
  return 1;
}

static void callCublasLt(TileRtGemmBaseline *baseline) {
  const LtPlan *plan = baseline->state;
  float alpha = 1.0f, beta = 0.0f;
  checkLt(lt.matmul(lt.handle, plan->desc, &alpha, baseline->b, plan->a,
                    baseline->a, plan->b, &beta, baseline->c, plan->d,
                    baseline->c, plan->d, plan->algo.algo, plan->workspace,
                    plan->workspaceBytes, NULL),
          "cublasLtMatmul");
}

/// Frees what planFp8 made, however far it got (the plan starts zeroed).
static void destroyPlan(LtPlan *plan) {
  LtLayout layouts[] = {plan->a, plan->b, plan->d};
  for (size_t i = 0; i < 3; ++i)
    if (layouts[i])
      lt.layoutDestroy(layouts[i]);
  if (plan->desc)
    lt.descDestroy(plan->desc);
  if (plan->workspace)
    tileRtFree(plan->workspace);
  free(plan);
}

static void releaseCublasLt(TileRtGemmBaseline *baseline) {
  destroyPlan(baseline->state);
}

TileRtGemmBaseline *tileRtCublasLtFp8GemmBaseline(int64_t M, int64_t N,
                                                  int64_t K, int32_t outDtype) {
  if (M < 1 || N < 1 || K < 1 || M > INT_MAX || N > INT_MAX || K > INT_MAX)
    tileRtFatal("tileRtCublasLtFp8GemmBaseline: M=%" PRId64 " N=%" PRId64
                " K=%" PRId64 " must each be in [1, INT_MAX]",
                M, N, K);
  int cudaOut = outDtype == TILE_RT_BF16  ? CUDA_R_16BF
                : outDtype == TILE_RT_F16 ? CUDA_R_16F
                : outDtype == TILE_RT_F32 ? CUDA_R_32F
                                          : -1;
  if (cudaOut < 0)
    tileRtFatal("tileRtCublasLtFp8GemmBaseline: output type %s is not bf16, "
                "f16 or f32",
                tileRtDTypeName(outDtype));
  tileRtEnsureContext();
  pthread_once(&ltOnce, loadCublasLt);
  if (!lt.available)
    return NULL;
  LtPlan *plan = tileRtHostAlloc(sizeof *plan);
  memset(plan, 0, sizeof *plan);
  if (!planFp8(plan, M, N, K, cudaOut)) {
    destroyPlan(plan);
    return NULL;
  }
  return tileRtNewBaseline(callCublasLt, releaseCublasLt, plan, M, N, K,
                           TILE_RT_F8E4M3, outDtype);
}

double tileRtCublasLtFp8GemmTimeMs(int64_t M, int64_t N, int64_t K,
                                   int32_t outDtype, int iters) {
  return tileRtBaselineMedianMs(
      tileRtCublasLtFp8GemmBaseline(M, N, K, outDtype), iters);
}
