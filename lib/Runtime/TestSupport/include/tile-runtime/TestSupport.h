/*===- tile-runtime/TestSupport.h - Helpers for test programs ----*- C -*-===*\
|*                                                                            *|
|* What Python harnesses give TileLang and Gluon tests, for compiled host     *|
|* programs (integration tests and benchmarks call these through llvm.call):  *|
|* number formats, seeded random fills, poisoning, comparison with a one-line *|
|* verdict, reference GEMM (cuBLAS when present), event timing. Compiled code *|
|* never needs them: they are a separate library, TileMLIRTestSupport, built  *|
|* on the runtime ABI of tile-runtime/Runtime.h (same error conventions and   *|
|* environment variables). Link it before TileMLIRRuntime; CMake consumers:   *|
|* target_link_libraries(... PRIVATE TileMLIRTestSupport), which brings the   *|
|* runtime with it. libcublas is dlopen-ed like libcuda.                      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_RUNTIME_TESTSUPPORT_H
#define TILE_RUNTIME_TESTSUPPORT_H

#include "tile-runtime/Runtime.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif


/// Element types of the helpers. The values are fixed: compiled host code
/// passes them as i32 constants.
typedef enum TileRtDType {
  TILE_RT_F32 = 0,
  TILE_RT_F16 = 1,
  TILE_RT_BF16 = 2,
  TILE_RT_F8E4M3 = 3,  ///< e4m3fn: no infinities, NaN = 0x7F/0xFF, max 448.
  TILE_RT_F8E5M2 = 4,  ///< max finite 57344.
  TILE_RT_FP4E2M1 = 5, ///< packed two per byte, element 2i in the low nibble.
  TILE_RT_I8 = 6,
  TILE_RT_I32 = 7,
  TILE_RT_F64 = 8,
  TILE_RT_I16 = 9,
  TILE_RT_I64 = 10,
} TileRtDType;

/// Bytes occupied by `count` elements of `dtype` (rounded up for packed fp4);
/// -1 for an unknown dtype.
int64_t tileRtDTypeSizeBytes(int32_t dtype, int64_t count);
/// Short name ("f16", "fp4e2m1", ...) or "unknown".
const char *tileRtDTypeName(int32_t dtype);

/// Converts `count` floats to `dtype` on the host. Floating formats round to
/// nearest, ties to even. f16/bf16 overflow to infinity; e4m3fn, e5m2 and
/// e2m1 saturate to their largest finite value (as PTX cvt .satfinite does),
/// NaN becomes 0x7F (e4m3fn, e5m2) or +6 (e2m1, which has no NaN). Integer
/// types round to nearest even and saturate; NaN becomes 0.
void tileRtConvertFromF32(void *dst, const float *src, int64_t count,
                          int32_t dtype);
/// Converts `count` elements of `dtype` to floats on the host (f64 and wide
/// integers are rounded to float).
void tileRtConvertToF32(float *dst, const void *src, int64_t count,
                        int32_t dtype);

/// Fills a host buffer with the values tileRtFillRandom would put on the
/// device: deterministic in `seed` (xoshiro256** seeded by splitmix64), never
/// zero. Floats are uniform in [-1, 1) rounded to the type (fp8 redraws
/// values that round to 0 or 1); fp4 picks one of its 14 nonzero values
/// uniformly; integers are uniform in [-8, 8) without 0.
void tileRtRandomHost(void *host, int64_t count, int32_t dtype, uint64_t seed);
/// Same values as tileRtRandomHost, copied to device memory.
void tileRtFillRandom(void *devPtr, int64_t count, int32_t dtype,
                      uint64_t seed);
/// Fills `bytes` bytes with 0xFF (NaN in f32, f16 and bf16), so that outputs
/// a kernel failed to write are caught by tileRtCheck*.
void tileRtPoison(void *devPtr, int64_t bytes);
/// Fills `count` elements with `value` converted to `dtype`.
void tileRtFill(void *devPtr, int64_t count, int32_t dtype, double value);

/// Device allocation for host programs (freed with tileRtFree).
void *tileRtAlloc(int64_t bytes);
void tileRtFree(void *devPtr);
/// Synchronous copies; both wait for all work queued on the device first.
void tileRtCopyToHost(void *host, const void *dev, int64_t bytes);
void tileRtCopyToDevice(void *dev, const void *host, int64_t bytes);
/// Waits for all work on the device (cuCtxSynchronize).
void tileRtSynchronize(void);

/// Compares device buffers actual[rows, cols] and expected[rows, cols]
/// (row strides in elements) and prints exactly one line:
///   <name>: rows=R cols=C rel_err=%.3e max_abs_err=%.3e nonfinite=N -> PASS
/// (or -> FAIL). rel_err = ||a - e||_2 / ||e||_2 in double (0 when both are
/// all zero), nonfinite counts NaN/Inf in `actual`. Passes when rel_err <=
/// tolerance and nonfinite == 0. Returns 0 on pass, 1 on fail.
int tileRtCheck2D(const char *name, const void *devActual,
                  int64_t actualRowStride, const void *devExpected,
                  int64_t expectedRowStride, int64_t rows, int64_t cols,
                  int32_t dtype, double tolerance);
/// tileRtCheck2D with separate element types for actual and expected (e.g.
/// an f16 kernel output against an f32 reference).
int tileRtCheck2DMixed(const char *name, const void *devActual,
                       int64_t actualRowStride, int32_t actualDtype,
                       const void *devExpected, int64_t expectedRowStride,
                       int32_t expectedDtype, int64_t rows, int64_t cols,
                       double tolerance);
/// 1-D form: prints rows=1 cols=count.
int tileRtCheck(const char *name, const void *devActual,
                const void *devExpected, int64_t count, int32_t dtype,
                double tolerance);
/// Host form of tileRtCheck2DMixed (both buffers in host memory).
int tileRtCheckHost2D(const char *name, const void *actual,
                      int64_t actualRowStride, int32_t actualDtype,
                      const void *expected, int64_t expectedRowStride,
                      int32_t expectedDtype, int64_t rows, int64_t cols,
                      double tolerance);
/// Checks that a device region still holds `value` (converted to dtype; any
/// NaN matches a NaN fill such as tileRtPoison's), e.g. padding a kernel must
/// not write. Prints "<name>: untouched=K/N -> PASS|FAIL"; returns 0 when all
/// N elements are untouched, 1 otherwise.
int tileRtCheckFill(const char *name, const void *devPtr, int64_t rowStride,
                    int64_t rows, int64_t cols, int32_t dtype, double value);
/// Host form of tileRtCheckFill.
int tileRtCheckFillHost(const char *name, const void *host, int64_t rowStride,
                        int64_t rows, int64_t cols, int32_t dtype,
                        double value);

/// 1 when any tileRtCheck* call has failed so far, else 0. tile-run makes it
/// the exit status of programs whose @main returns nothing.
int tileRtExitStatus(void);

/// Reference C[M, N] = A[M, K] * B (+ bias) on device buffers, row-major.
/// B is [K, N], or [N, K] when bTransposed. devBias, when not NULL, is an
/// f32 [M, N] matrix added to the product. Uses cuBLAS (dlopen of
/// libcublas.so.13, then libcublas.so; cublasGemmEx, CUBLAS_COMPUTE_32F,
/// f32 accumulation); inputs cuBLAS cannot take (fp8, fp4, integers) are
/// widened to f32 first, which is exact. outDtype may be any type; the f32
/// result is rounded once. Without cuBLAS, or with TILE_REFERENCE=host in
/// the environment, a host loop (double accumulation) is used (without
/// cuBLAS, with a one-line note on stderr).
void tileRtReferenceGemm(const void *devA, const void *devB, void *devC,
                         int64_t M, int64_t N, int64_t K, int32_t inDtype,
                         int32_t outDtype, int32_t bTransposed,
                         const void *devBias);
/// Host reference GEMM on f32 arrays with double accumulation (same layout
/// rules as tileRtReferenceGemm; bias may be NULL).
void tileRtReferenceGemmHost(const float *a, const float *b, float *c,
                             int64_t M, int64_t N, int64_t K,
                             int32_t bTransposed, const float *bias);
/// The epilogue of a fused GEMM applied to a reference: C[i, j] += bias[j]
/// (devBias: N elements of biasDtype, or NULL), then max(C, 0) when relu,
/// in place on an f32 [M, N] device matrix (on the host).
void tileRtReferenceBiasRelu(void *devC, int64_t M, int64_t N,
                             const void *devBias, int32_t biasDtype,
                             int32_t relu);
/// Checks an attention forward against a host reference (double):
/// O = softmax(scale * Q K^T) V per (batch, head), Q, K, V and O [B, H, S, D]
/// row-major (inDtype, outDtype), query i seeing keys 0..i when causal.
/// devLse, when not NULL, is the f32 [B, H, S] natural-log log-sum-exp of
/// the scaled scores. Problems of more than 768 query rows in all are
/// checked on an evenly spread sample of about 768 (an odd stride over the
/// flattened rows). Prints "<name>: B= H= S= D= causal= rows_checked=
/// rel_err= max_abs_err= lse_max_abs_err= nonfinite= -> PASS|FAIL"; passes
/// when nothing is non-finite, the relative error of O and the largest
/// absolute log-sum-exp error are both within tolerance. Returns 0 on PASS.
int tileRtCheckAttention(const char *name, const void *devQ, const void *devK,
                         const void *devV, const void *devO, const void *devLse,
                         int64_t batch, int64_t heads, int64_t seq,
                         int64_t headDim, int32_t inDtype, int32_t outDtype,
                         int32_t causal, double scale, double tolerance);
/// Writes softmax(X[r, :]) of each row of the f32 [rows, cols] device
/// matrix X into the f32 device matrix Y (computed in double on the host).
void tileRtReferenceRowSoftmax(const void *devX, void *devY, int64_t rows,
                               int64_t cols);
/// One row of an attention benchmark table from a median time in ms:
/// "<name> B= H= S= D= causal=  tilemlir <T> TFLOP/s (<ms> ms)", counting
/// 4 B H S^2 D floating-point operations, half of them when causal.
void tileRtReportAttention(const char *name, int64_t batch, int64_t heads,
                           int64_t seq, int64_t headDim, int32_t causal,
                           double ms);
/// Median time in ms of one cuBLAS GEMM over `iters` samples (after 3
/// warm-ups; each sample is tileRtLaunchesPerSample() back-to-back calls
/// between two CUDA events, divided by their number) on fresh random inputs: A[M, K], B[N, K] (K-major, as TMA kernels read
/// it), C in `dtype` (f32 for f32, else the 16-bit input type). Returns -1
/// when cuBLAS is unavailable or cannot run `dtype` (fp8, fp4, integers).
double tileRtCublasGemmTimeMs(int64_t M, int64_t N, int64_t K, int32_t dtype,
                              int iters);
/// tileRtCublasGemmTimeMs with explicit output type and B layout.
double tileRtCublasGemmTimeMsEx(int64_t M, int64_t N, int64_t K,
                                int32_t inDtype, int32_t outDtype,
                                int32_t bTransposed, int iters);
/// 1 when cuBLAS could be loaded (never exits for lack of cuBLAS).
int tileRtHasCublas(void);

/// A library GEMM set up once on fresh random operands and warmed up (3
/// calls), for benchmarks that time it in samples interleaved with their
/// own kernel's, so that both sides see the same clocks, temperature and
/// power state (a card at its power limit drifts by several percent
/// between back-to-back blocks of samples).
typedef struct TileRtGemmBaseline TileRtGemmBaseline;
/// cuBLAS's GEMM as tileRtCublasGemmTimeMsEx times it; NULL when cuBLAS is
/// unavailable or cannot run the types.
TileRtGemmBaseline *tileRtCublasGemmBaseline(int64_t M, int64_t N, int64_t K,
                                             int32_t inDtype, int32_t outDtype,
                                             int32_t bTransposed);
/// cuBLASLt's e4m3 GEMM as tileRtCublasLtFp8GemmTimeMs times it; NULL
/// without cuBLASLt or an algorithm for it.
TileRtGemmBaseline *tileRtCublasLtFp8GemmBaseline(int64_t M, int64_t N,
                                                  int64_t K, int32_t outDtype);
/// One sample: tileRtLaunchesPerSample() calls enqueued back to back between
/// two CUDA events, in ms per call; -1 for NULL.
double tileRtGemmBaselineSampleMs(TileRtGemmBaseline *baseline);
/// Frees the baseline's operands and plan (NULL: nothing).
void tileRtGemmBaselineFree(TileRtGemmBaseline *baseline);
/// Median milliseconds of cuBLASLt's e4m3 GEMM D[M, N] = A[M, K] * B[N, K]^T
/// (both K-major, f32 accumulation without cuBLAS's extra promotion, like
/// wgmma's; D in bf16, f16 or f32) over `iters` samples as above, after 3
/// warm-ups, on fresh random operands; -1 without cuBLASLt or an algorithm for it.
double tileRtCublasLtFp8GemmTimeMs(int64_t M, int64_t N, int64_t K,
                                   int32_t outDtype, int iters);

/// Quick runs (the GPU bundle's compute-sanitizer pass sets both): 0 when
/// the environment has TILE_TIMING=0, so that host programs skip their
/// timed launches, else 1.
int32_t tileRtTimingEnabled(void);
/// 0 when TILE_MAX_PROBLEM is set and the GEMM problem M x N x K (K = 0
/// counted as 1) has more multiply-adds than it says, after printing
/// "<name> MxNxK: skipped (...)"; 0 (silently) when TILE_ONLY is set and
/// "<name> MxNxK" contains none of its comma-separated substrings (focused
/// benchmark runs); else 1. Host programs skip such problems.
int32_t tileRtProblemEnabled(const char *name, int64_t m, int64_t n,
                             int64_t k);
/// 1 when TILE_ONLY is unset or empty or `label` contains one of its
/// comma-separated substrings, else 0: how focused benchmark runs pick their
/// problems (tileRtProblemEnabled's GEMM labels, the attention bench's rows).
int32_t tileRtSelected(const char *label);

/// Records a start event on the legacy default stream; returns a timer.
void *tileRtTimerStart(void);
/// Host milliseconds since tileRtTimerStart, without waiting for the GPU:
/// called after a batch of launches is enqueued, it tells whether the host
/// (tensor maps, driver calls) or the GPU bounds back-to-back launches.
double tileRtTimerHostMs(void *timer);
/// Records a stop event, waits for it and returns the elapsed milliseconds.
/// Frees the timer.
double tileRtTimerStopMs(void *timer);
/// How many launches one timed sample holds: benchmarks enqueue that many
/// back to back (asynchronously, on one stream) between a timer's start and
/// stop and divide, for TileMLIR's kernels and their baselines alike, so
/// that neither side's host overhead (argument set-up, a tensor map, a
/// stream synchronization) is counted while the GPU waits for it. 10, or
/// TILE_LAUNCHES_PER_SAMPLE (1 to 1000) from the environment.
int32_t tileRtLaunchesPerSample(void);
/// Median of `n` values (the array is not modified); NaN when n <= 0.
double tileRtMedian(double *values, int n);

/// A static list schedule of a persistent grid: `tasks` tasks taken in
/// order, each by the worker (CTA) whose work so far (the sum of its tasks'
/// `costs`) is least, the lower-numbered on a tie -- the order a dynamic
/// tile counter would produce if task i took costs[i]. Writes
/// table[w] = worker w's task count and table[workers + k * workers + w] =
/// its k-th task (-1 past its count); `table` holds workers * (tasks + 2)
/// entries: the counts, `tasks` rounds (the most one worker can take) and
/// a round of -1, so that a kernel reading one round past any worker's
/// last stays in the table. Returns the largest count. Costs must be
/// positive.
int32_t tileRtListSchedule(const int32_t *costs, int32_t tasks, int32_t workers,
                           int32_t *table);

/// One row of a GEMM benchmark table, from median times in milliseconds:
/// "<name> MxNxK  tilemlir <T> TFLOP/s  cublas <T> TFLOP/s  ratio <r>"
/// (cuBLAS columns read "n/a" when cublasMs < 0).
void tileRtReportGemm(const char *name, int64_t M, int64_t N, int64_t K,
                      double ms, double cublasMs);

/// Runs each of `numCases` cases of a program in a process of its own, so
/// that a case whose kernel faults (the CUDA context is then lost) cannot
/// stop the others. Called first thing by @main: in the parent it starts the
/// program again per case (/proc/self/exe with TILE_CASE=k), prints
///   case <k> <label>: start
///   | <each line the case printed, stdout and stderr>
///   case <k> <label>: <verdict>
/// per case and returns -1 (main then returns 0). With TILE_CASE=k set it
/// returns k, and main runs case k only, returning 0 when it passed, 1 when
/// its check failed. `labels` has one line per case ('\n'-separated).
/// Verdicts: PASS, WRONG (exit 1), FAULT <CUDA error> (a CUDA error, exit
/// 3), REJECTED (TileMLIR's device-side check of the copy, "tile: tma..."),
/// HANG (an mbarrier wait timed out under --tile-wait-timeout, or the case
/// ran past TILE_CASE_TIMEOUT_S seconds, default 60, and was killed),
/// CRASH (a signal), NO-GPU (exit 77) or EXIT <status>.
int32_t tileRtIsolatedCase(int32_t numCases, const char *labels);

/// Checks everything one TMA copy of a boxRows x boxCols box at [row, col]
/// of a rows x cols tensor may touch, and prints one line ending in
/// "-> PASS" or "-> FAIL"; returns 0 or 1. mode 0 (load: devSrc -> box ->
/// devBoxOut, dense boxRows x boxCols): box elements inside the tensor equal
/// the source, the others are zero. Modes 1 (store: devBoxIn -> tensor),
/// 2 (round trip: the source's box -> tensor) and 3 (reduce-add: devBoxIn
/// added to the tensor): the destination is devDst, dstRows x dstStride
/// elements filled with `sentinel`, whose tensor window starts at [padRows,
/// padCols]; elements inside both box and tensor hold the written value (the
/// sentinel plus the box's value for reduce-add, rounded to dtype), every
/// other element of devDst still holds the sentinel. The source tensor has
/// row stride srcStride. Device buffers; negative and out-of-range
/// coordinates allowed.
int32_t tileRtCheckTmaBox(const char *name, int32_t mode, const void *devSrc,
                          int64_t srcStride, const void *devDst,
                          int64_t dstRows, int64_t dstStride, int64_t padRows,
                          int64_t padCols, const void *devBoxIn,
                          const void *devBoxOut, int64_t rows, int64_t cols,
                          int64_t boxRows, int64_t boxCols, int64_t row,
                          int64_t col, int32_t dtype, double sentinel);

/// Print "<label>: <v>" on stdout and flush (for FileCheck).
void tileRtPrintI64(const char *label, int64_t v);
void tileRtPrintF64(const char *label, double v);

#ifdef __cplusplus
}
#endif

#endif // TILE_RUNTIME_TESTSUPPORT_H
