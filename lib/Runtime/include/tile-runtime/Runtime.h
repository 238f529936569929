/*===- tile-runtime/Runtime.h - TileMLIR's host runtime ABI -------*- C -*-===*\
|*                                                                            *|
|* The C11 runtime that compiled TileMLIR host programs link against: what    *|
|* the compiler's output calls, and nothing else. It provides:                *|
|*   1. upstream MLIR's GPU runtime ABI (the mgpu* functions `gpu-to-llvm`    *|
|*      lowered code calls), implemented over the CUDA driver API;            *|
|*   2. TMA tensor maps (tileRtMakeTensorMap, which tma.make_descriptor       *|
|*      lowers to), validated rule by rule before the driver sees them;       *|
|*   3. tileRtHasGpu, a probe that never exits;                               *|
|*   4. launches for ahead-of-time headers (tile-translate --emit=c-header), *|
|*      which return error codes instead of exiting.                          *|
|* Seeded fills, checks, reference GEMMs and timing for tests and benchmarks  *|
|* are a separate library on top of this one: tile-runtime/TestSupport.h      *|
|* (TileMLIRTestSupport).                                                     *|
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
|*   TILE_DEPENDENT_LAUNCH=0   launch kernels marked tile.dependent_launch    *|
|*                             as ordinary launches (to compare, or debug).   *|
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
/// Makes this thread's next mgpuLaunchKernel or mgpuLaunchClusterKernel a
/// programmatic dependent launch (CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_
/// SERIALIZATION): the kernel may start before the previous kernel in its
/// stream has completed, and waits for it (griddepcontrol.wait) before it
/// touches global memory. What the host lowering calls before a launch of a
/// kernel marked tile.dependent_launch; without cuLaunchKernelEx in the
/// driver the launch is an ordinary one, which the wait makes equivalent.
void tileRtNextLaunchDependent(void);

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
|* 2. TMA tensor maps                                                         *|
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
/// device: rank 1..5 (>= 3 when interleaved); enumerations in range; no empty
/// dimension (checked before the others, since an empty tensor's storage is
/// usually a NULL allocation; the message gives the tensor's shape and
/// type); 16U6 only
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
/// Flags of the `uses` argument below: how kernels use a tensor map, for
/// the rules that depend on it. TILE_RT_TENSOR_MAP_WRITTEN: TMA stores or
/// reductions write through it (tma.make_descriptor's `written`).
#define TILE_RT_TENSOR_MAP_WRITTEN 1
/// The rules that depend on `uses` (0 for maps that are only read).
/// Written maps: TMA stores write whole 16-byte units, so a row of the
/// tensor (the innermost dimension) must be a whole number of them, or a
/// store reaching a row's end writes past it (measured on the H200). Same
/// return and message conventions as tileRtValidateTensorMap.
int tileRtValidateTensorMapUses(int32_t dataType, int32_t rank,
                                const int64_t *globalDims, int32_t uses,
                                char *errorBuf, size_t errorBufSize);
/// Validates (the three functions above, the device rules for the current
/// device), then encodes a tiled tensor map into `out` (128 bytes; any
/// alignment: it is encoded into an aligned buffer and copied). Returns 0 on
/// success, 1 when validation fails, 2 when the driver rejects the map; the
/// message goes to errorBuf. Exits 77 when there is no GPU.
int tileRtMakeTensorMapChecked(
    void *out, int32_t dataType, int32_t rank, const void *globalAddress,
    const int64_t *globalDims, const int64_t *globalStridesBytes,
    const int32_t *boxDims, const int32_t *elementStrides, int32_t interleave,
    int32_t swizzle, int32_t l2Promotion, int32_t oobFill, int32_t uses,
    char *errorBuf, size_t errorBufSize);
/// tileRtMakeTensorMapChecked that prints
/// "tile-runtime: tensor map rejected: <message>" and exits 3 on error.
void tileRtMakeTensorMap(void *out, int32_t dataType, int32_t rank,
                         const void *globalAddress, const int64_t *globalDims,
                         const int64_t *globalStridesBytes,
                         const int32_t *boxDims, const int32_t *elementStrides,
                         int32_t interleave, int32_t swizzle,
                         int32_t l2Promotion, int32_t oobFill, int32_t uses);

/*===----------------------------------------------------------------------===*\
|* 3. GPU probe                                                               *|
\*===----------------------------------------------------------------------===*/

/// 1 when the driver loads, cuInit succeeds and there is at least one device;
/// 0 otherwise. Never exits.
int tileRtHasGpu(void);

/// The number of streaming multiprocessors of the current device (what a
/// persistent kernel's grid is sized by). Exits like every runtime call when
/// there is no device.
int32_t tileRtMultiprocessorCount(void);

/*===----------------------------------------------------------------------===*\
|* 4. Ahead-of-time launches                                                  *|
|*                                                                            *|
|* What the headers `tile-translate --emit=c-header` writes call. These never *|
|* exit: a failure returns one of the codes below, with a message in the      *|
|* caller's TileRtError.                                                      *|
\*===----------------------------------------------------------------------===*/

#define TILE_RT_LAUNCH_NO_GPU 1       ///< no driver, cuInit failure, no device
#define TILE_RT_LAUNCH_BAD_ARGUMENT 2 ///< a tensor (map) or grid is invalid
#define TILE_RT_LAUNCH_LOAD_FAILED 3  ///< the driver rejected the cubin
#define TILE_RT_LAUNCH_FAILED 4       ///< cuLaunchKernel failed

/// Why a launch failed: the code it returned and a one-line message.
typedef struct TileRtError {
  int code;
  char message[512];
} TileRtError;

/// TileRtKernel.flags: the kernel is marked tile.dependent_launch; its
/// launches are programmatic dependent launches (tileRtNextLaunchDependent).
#define TILE_RT_KERNEL_DEPENDENT_LAUNCH 1u

/// One kernel of a header: its cubin, name and launch shape; `function`
/// is filled by the first launch (under a lock). `cluster` is the shape of
/// its thread-block clusters ({0, 0, 0} or {1, 1, 1}: none); `flags` a set
/// of TILE_RT_KERNEL_* bits.
typedef struct TileRtKernel {
  const void *image;
  const char *name;
  unsigned block[3];
  unsigned sharedBytes;
  void *function;
  unsigned cluster[3];
  unsigned flags;
} TileRtKernel;

/// 0 when a GPU can be used (its primary context made current), else
/// TILE_RT_LAUNCH_NO_GPU with the reason in `error` (may be NULL).
int tileRtLaunchReady(TileRtError *error);

/// Loads `kernel` (once) and launches it on `stream` (NULL: the legacy
/// default stream) with cuLaunchKernel's `params` (one pointer per kernel
/// parameter: to the 128-byte tensor map, the device pointer, the scalar),
/// in clusters (cuLaunchKernelEx) when the kernel has them; a grid that is
/// not a multiple of the cluster shape is TILE_RT_LAUNCH_BAD_ARGUMENT.
/// Returns 0 or a TILE_RT_LAUNCH_* code, with the message in `error`.
int tileRtLaunchKernel(TileRtKernel *kernel, unsigned gridX, unsigned gridY,
                       unsigned gridZ, void *stream, void **params,
                       TileRtError *error);

#ifdef __cplusplus
}
#endif

#endif // TILE_RUNTIME_RUNTIME_H
