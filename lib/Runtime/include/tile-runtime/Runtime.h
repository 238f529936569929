/*===- tile-runtime/Runtime.h - TileMLIR's host runtime -----------*- C -*-===*\
|*                                                                            *|
|* The C11 runtime that compiled TileMLIR host programs link against. It      *|
|* provides:                                                                  *|
|*   1. upstream MLIR's GPU runtime ABI (the mgpu* functions `gpu-to-llvm`    *|
|*      lowered code calls), implemented over the CUDA driver API;            *|
|*   2. host helpers for tests and benchmarks (tileRt*): number formats,      *|
|*      seeded random fills, poisoning, comparison with a one-line verdict,   *|
|*      reference GEMM (cuBLAS when present), event timing;                   *|
|*   3. TMA tensor maps, validated rule by rule before the driver sees them.  *|
|*                                                                            *|
|* The CUDA driver is loaded at run time with dlopen("libcuda.so.1"), so      *|
|* programs have no link-time dependency on it and run on machines without a  *|
|* GPU. Link with the TileMLIRRuntime archive plus -ldl -lm (and -lpthread    *|
|* before glibc 2.34). CMake consumers: target_link_libraries(... PRIVATE     *|
|* TileMLIRRuntime), or $<TARGET_FILE:TileMLIRRuntime> where a path is needed.*|
|*                                                                            *|
|* Errors never return to the caller (except where documented):               *|
|*   - no driver, cuInit failure or no device: prints                         *|
|*     "tile-runtime: no CUDA GPU available (<reason>)" and exits with 77,    *|
|*     the code lit maps to UNSUPPORTED;                                      *|
|*   - any other CUDA failure: prints                                         *|
|*     "tile-runtime: <call> failed: <error name>: <error string>" and exits  *|
|*     with 3.                                                                *|
|* Both paths flush stdio and call _Exit, so module destructors emitted by    *|
|* gpu-to-llvm do not run against a broken context.                           *|
|*                                                                            *|
|* Environment:                                                               *|
|*   TILE_DEVICE=<n>           device ordinal to use (default 0).             *|
|*   TILE_CUDA_DRIVER=<path>   library to dlopen instead of libcuda.so.1.     *|
|*   TILE_LAUNCH_BLOCKING=1    synchronize after every launch, so a faulting  *|
|*                             kernel is named in the error.                  *|
|*   TILE_SYNC_TIMEOUT_S=<s>   synchronizations (streams, events, helpers)    *|
|*                             give up after s seconds: a hung kernel exits   *|
|*                             with 3 instead of hanging the test run.        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_RUNTIME_RUNTIME_H
#define TILE_RUNTIME_RUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Exit code when no GPU can be used (lit reports the test UNSUPPORTED).
#define TILE_RT_EXIT_NO_GPU 77
/// Exit code for every other CUDA or runtime failure.
#define TILE_RT_EXIT_ERROR 3
/// Size of a CUtensorMap in bytes; buffers for tensor maps must hold this.
#define TILE_RT_TENSOR_MAP_BYTES 128

/*===----------------------------------------------------------------------===*\
|* 1. Upstream MLIR GPU runtime ABI                                           *|
|*                                                                            *|
|* Signatures match what MLIR 22's gpu-to-llvm and SelectObjectAttr emit.     *|
|* Handles (CUmodule, CUfunction, CUstream, CUevent) are opaque pointers.     *|
\*===----------------------------------------------------------------------===*/

/// Loads a cubin or fatbin image; gpuBlobSize is informational.
void *mgpuModuleLoad(void *data, size_t gpuBlobSize);
/// JIT-compiles null-terminated PTX text at the given optimization level
/// (0-4). The JIT error log is printed when compilation fails.
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
/// Returns the kernel `name` of `module`; a missing kernel is an error.
void *mgpuModuleGetFunction(void *module, const char *name);

/// Launches `function`. Dynamic shared memory above 48 KiB is opted into
/// first; a kernel whose static plus dynamic shared memory exceeds the
/// device's opt-in limit fails with "tile-runtime: kernel needs N bytes of
/// shared memory; the device allows M" (exit 3). paramsCount is unused.
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
/// Launches `function` with thread-block clusters (cuLaunchKernelEx). The
/// grid is given in blocks and must be a multiple of the cluster shape.
void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t smem, void *stream, void **params,
                             void **extra, size_t paramsCount);

/// Streams are created blocking with respect to the legacy default stream,
/// so the tileRt helpers (which use that stream) are ordered after them.
void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);

/// Allocates device memory (NULL for 0 bytes). isHostShared is treated as
/// plain device memory: managed memory would hide missing copies in tests.
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
/// Asynchronous copy in any direction (unified addressing).
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);
/// Selects the device later calls use; switches the current context when the
/// runtime is already initialized.
void mgpuSetDefaultDevice(int32_t device);

/*===----------------------------------------------------------------------===*\
|* 2. TileMLIR host helpers                                                   *|
\*===----------------------------------------------------------------------===*/

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
/// result is rounded once. Without cuBLAS a host loop (double accumulation)
/// is used and a one-line note is printed to stderr.
void tileRtReferenceGemm(const void *devA, const void *devB, void *devC,
                         int64_t M, int64_t N, int64_t K, int32_t inDtype,
                         int32_t outDtype, int32_t bTransposed,
                         const void *devBias);
/// Host reference GEMM on f32 arrays with double accumulation (same layout
/// rules as tileRtReferenceGemm; bias may be NULL).
void tileRtReferenceGemmHost(const float *a, const float *b, float *c,
                             int64_t M, int64_t N, int64_t K,
                             int32_t bTransposed, const float *bias);
/// Median time in ms of `iters` cuBLAS GEMMs (after 3 warm-ups, CUDA events)
/// on fresh random inputs: A[M, K], B[N, K] (K-major, as TMA kernels read
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

/// Records a start event on the legacy default stream; returns a timer.
void *tileRtTimerStart(void);
/// Records a stop event, waits for it and returns the elapsed milliseconds.
/// Frees the timer.
double tileRtTimerStopMs(void *timer);
/// Median of `n` values (the array is not modified); NaN when n <= 0.
double tileRtMedian(double *values, int n);

/// One row of a GEMM benchmark table, from median times in milliseconds:
/// "<name> MxNxK  tilemlir <T> TFLOP/s  cublas <T> TFLOP/s  ratio <r>"
/// (cuBLAS columns read "n/a" when cublasMs < 0).
void tileRtReportGemm(const char *name, int64_t M, int64_t N, int64_t K,
                      double ms, double cublasMs);

/// Print "<label>: <v>" on stdout and flush (for FileCheck).
void tileRtPrintI64(const char *label, int64_t v);
void tileRtPrintF64(const char *label, double v);

/// 1 when the driver loads, cuInit succeeds and there is at least one device;
/// 0 otherwise. Never exits.
int tileRtHasGpu(void);

/*===----------------------------------------------------------------------===*\
|* 3. TMA tensor maps                                                         *|
|*                                                                            *|
|* Arguments follow the IR: dimensions are outermost first, and               *|
|* globalStridesBytes has rank - 1 entries, the byte strides of the outer     *|
|* dimensions (outermost first; the innermost dimension is contiguous).       *|
|* dataType, interleave, swizzle, l2Promotion and oobFill take the values of  *|
|* CUtensorMapDataType, CUtensorMapInterleave, CUtensorMapSwizzle,            *|
|* CUtensorMapL2promotion and CUtensorMapFloatOOBfill. elementStrides may be  *|
|* NULL (all 1). Messages number dimensions in the same outermost-first       *|
|* order.                                                                     *|
\*===----------------------------------------------------------------------===*/

/// Checks the cuTensorMapEncodeTiled rules (cuda.h, CUDA 13.0) that need no
/// device: rank 1..5 (>= 3 when interleaved); enumerations in range; 16U6 only
/// without interleave; 32B interleave only with 32B swizzle; the swizzles the
/// packed types allow; NaN fill only for unpacked float types; address
/// non-null and 16-byte aligned (32 with 32B interleave or 16U4/16U6
/// ALIGN16B); dims in [1, 2^32] (innermost a multiple of 128 for ALIGN16B, of
/// 2 for 16U4_ALIGN8B); strides positive, multiples of 16 (32 with 32B
/// interleave or ALIGN16B) and < 2^40; box dims in [1, 256] (innermost 128
/// for ALIGN16B); inner box bytes a multiple of 16 and, when swizzled, within
/// the swizzle span; element strides in [1, 8]. One rule is TileMLIR's own,
/// stricter than the driver: an outer dimension with more than one element
/// must have a stride of at least one innermost row (catches strides in
/// elements and strides of a different tensor). Returns 0 when the map is
/// valid; otherwise writes a message naming the rule to errorBuf (when not
/// NULL) and returns 1. Does not touch CUDA.
int tileRtValidateTensorMap(
    int32_t dataType, int32_t rank, const void *globalAddress,
    const int64_t *globalDims, const int64_t *globalStridesBytes,
    const int32_t *boxDims, const int32_t *elementStrides, int32_t interleave,
    int32_t swizzle, int32_t l2Promotion, int32_t oobFill, char *errorBuf,
    size_t errorBufSize);
/// The rules that depend on the device, separately so that they can be
/// tested anywhere: compute capability >= 9.0 (computeCapability is
/// 10 * major + minor); the 128B_ATOM_* swizzles and the packed 16U4/16U6
/// data types need 10.0 (the driver rejects them on Hopper); the box, as
/// landed in shared memory (ceil(box / elementStride) per dimension), must fit
/// in maxSharedBytes (a block's opt-in shared memory). Same return and
/// message conventions as tileRtValidateTensorMap.
int tileRtValidateTensorMapForDevice(int32_t dataType, int32_t rank,
                                     const int32_t *boxDims,
                                     const int32_t *elementStrides,
                                     int32_t interleave, int32_t swizzle,
                                     int32_t computeCapability,
                                     int64_t maxSharedBytes, char *errorBuf,
                                     size_t errorBufSize);
/// Validates (both functions above, the device rules for the current
/// device), then encodes a tiled tensor map into `out` (128 bytes; any
/// alignment: it is encoded into an aligned buffer and copied). Returns 0 on
/// success, 1 when validation fails, 2 when the driver rejects the map; the
/// message goes to errorBuf. Exits 77 when there is no GPU.
int tileRtMakeTensorMapChecked(
    void *out, int32_t dataType, int32_t rank, const void *globalAddress,
    const int64_t *globalDims, const int64_t *globalStridesBytes,
    const int32_t *boxDims, const int32_t *elementStrides, int32_t interleave,
    int32_t swizzle, int32_t l2Promotion, int32_t oobFill, char *errorBuf,
    size_t errorBufSize);
/// tileRtMakeTensorMapChecked that prints
/// "tile-runtime: tensor map rejected: <message>" and exits 3 on error.
void tileRtMakeTensorMap(void *out, int32_t dataType, int32_t rank,
                         const void *globalAddress, const int64_t *globalDims,
                         const int64_t *globalStridesBytes,
                         const int32_t *boxDims, const int32_t *elementStrides,
                         int32_t interleave, int32_t swizzle,
                         int32_t l2Promotion, int32_t oobFill);

#ifdef __cplusplus
}
#endif

#endif // TILE_RUNTIME_RUNTIME_H
