/*===- RuntimeInternal.h - Shared state of the runtime ------------*- C -*-===*\
|*                                                                            *|
|* The driver entry points resolved with dlsym, the lazily created context,   *|
|* and the error paths every source file of the runtime uses, and of the     *|
|* test-support library built on it (TestSupport/). cuda.h is included for    *|
|* types and enums only: no libcuda symbol is referenced.                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_RUNTIME_RUNTIMEINTERNAL_H
#define TILE_RUNTIME_RUNTIMEINTERNAL_H

#include "tile-runtime/Runtime.h"

#include <cuda.h>

#include <stdint.h>

/// Driver entry points. Fields are named without the `cu` prefix because
/// cuda.h #defines many cu* names to their versioned symbols.
typedef struct TileRtDriver {
  CUresult (*init)(unsigned);
  CUresult (*getErrorName)(CUresult, const char **);
  CUresult (*getErrorString)(CUresult, const char **);
  CUresult (*deviceGetCount)(int *);
  CUresult (*deviceGet)(CUdevice *, int);
  CUresult (*deviceGetAttribute)(int *, CUdevice_attribute, CUdevice);
  CUresult (*deviceGetName)(char *, int, CUdevice);
  CUresult (*primaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*ctxSetCurrent)(CUcontext);
  CUresult (*ctxSynchronize)(void);
  CUresult (*moduleLoadData)(CUmodule *, const void *);
  CUresult (*moduleLoadDataEx)(CUmodule *, const void *, unsigned,
                               CUjit_option *, void **);
  CUresult (*moduleUnload)(CUmodule);
  CUresult (*moduleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*funcGetAttribute)(int *, CUfunction_attribute, CUfunction);
  CUresult (*funcSetAttribute)(CUfunction, CUfunction_attribute, int);
  CUresult (*funcGetName)(const char **, CUfunction); // optional (12.3+)
  CUresult (*launchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, CUstream, void **,
                           void **);
  CUresult (*launchKernelEx)(const CUlaunchConfig *, CUfunction, void **,
                             void **); // optional (12.0+)
  CUresult (*streamCreate)(CUstream *, unsigned);
  CUresult (*streamDestroy)(CUstream);
  CUresult (*streamSynchronize)(CUstream);
  CUresult (*streamQuery)(CUstream);
  CUresult (*streamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*eventCreate)(CUevent *, unsigned);
  CUresult (*eventDestroy)(CUevent);
  CUresult (*eventSynchronize)(CUevent);
  CUresult (*eventQuery)(CUevent);
  CUresult (*eventRecord)(CUevent, CUstream);
  CUresult (*eventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*memAlloc)(CUdeviceptr *, size_t);
  CUresult (*memFree)(CUdeviceptr);
  CUresult (*memcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*memcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*memcpyDtoD)(CUdeviceptr, CUdeviceptr, size_t);
  CUresult (*memcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*memsetD8)(CUdeviceptr, unsigned char, size_t);
  CUresult (*memsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
  CUresult (*memsetD32Async)(CUdeviceptr, unsigned int, size_t, CUstream);
  CUresult (*tensorMapEncodeTiled)(CUtensorMap *, CUtensorMapDataType,
                                   cuuint32_t, void *, const cuuint64_t *,
                                   const cuuint64_t *, const cuuint32_t *,
                                   const cuuint32_t *, CUtensorMapInterleave,
                                   CUtensorMapSwizzle, CUtensorMapL2promotion,
                                   CUtensorMapFloatOOBfill); // optional (12.0+)
} TileRtDriver;

/// The resolved driver; valid after tileRtEnsureContext().
extern TileRtDriver tileRtDrv;

/// Loads the driver, initializes it and makes the device's primary context
/// current on the calling thread. Exits 77 when there is no usable GPU.
void tileRtEnsureContext(void);

/// Device attribute of the current device (cached for the common ones).
int tileRtDeviceAttribute(CUdevice_attribute attr);

/// Exits 3 with "tile-runtime: <call> failed: <name>: <string>" unless
/// result is CUDA_SUCCESS.
void tileRtCheckCu(CUresult result, const char *call);

/// tileRtCheckCu for calls that release resources (unload, free, destroy):
/// CUDA_ERROR_DEINITIALIZED is not an error there (the process is exiting).
void tileRtCheckCuRelease(CUresult result, const char *call);

/// Prints the "<call> failed" line (and, for faults, the last kernel) without
/// exiting, so callers can add context before tileRtExitError().
void tileRtPrintCuError(CUresult result, const char *call);
_Noreturn void tileRtExitError(void);

/// Name and description of a CUresult (never NULL, even with the stub).
void tileRtDescribeCu(CUresult result, const char **name, const char **text);

/// The kernel's name, or "<unknown>" when the driver cannot tell.
const char *tileRtKernelName(CUfunction function);

/// mgpuSetDefaultDevice: opens `ordinal` now if a context already exists.
void tileRtSelectDevice(int32_t ordinal);

/// Whether TILE_LAUNCH_BLOCKING asks for a synchronization after launches.
int tileRtLaunchBlocking(void);

/// 0 when TILE_DEPENDENT_LAUNCH=0 turns programmatic dependent launches
/// into ordinary ones.
int tileRtDependentLaunchAllowed(void);

/// Prints "tile-runtime: <message>" and exits 3.
_Noreturn void tileRtFatal(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/// Exits 3 naming a driver entry point this libcuda does not export.
_Noreturn void tileRtMissingEntryPoint(const char *name);

/// Waits for a stream or event, honouring TILE_SYNC_TIMEOUT_S.
void tileRtWaitStream(CUstream stream, const char *call);
void tileRtWaitEvent(CUevent event, const char *call);
/// Waits for all work in the context (cuCtxSynchronize), with the timeout.
void tileRtWaitAll(const char *call);

/// Remembers the last kernel launched, for the hang message.
void tileRtNoteLaunch(CUfunction function);

/// How tileRtLaunchEx launches: in clusters of `cluster` blocks ({1, 1, 1}:
/// none), and as a programmatic dependent launch when `dependent`.
typedef struct TileRtLaunchShape {
  unsigned grid[3];
  unsigned block[3];
  unsigned cluster[3];
  unsigned smem;
  int dependent;
} TileRtLaunchShape;

/// Launches `function`: cuLaunchKernel, or cuLaunchKernelEx for clusters
/// (spread over the GPU; more than 8 blocks opted into first, non-portable
/// sizes) and dependent launches. A dependent launch without
/// cuLaunchKernelEx is an ordinary one; clusters without it are
/// CUDA_ERROR_NOT_FOUND. Returns the driver's result and, in `*call`, the
/// entry point it used (for messages).
CUresult tileRtLaunchEx(CUfunction function, const TileRtLaunchShape *shape,
                        CUstream stream, void **params, void **extra,
                        const char **call);

/// Converts a pointer-typed device address of the ABI to a CUdeviceptr.
static inline CUdeviceptr tileRtDevPtr(const void *p) {
  return (CUdeviceptr)(uintptr_t)p;
}

/// Host memory that exits 3 when it cannot be allocated.
void *tileRtHostAlloc(size_t bytes);

#endif // TILE_RUNTIME_RUNTIMEINTERNAL_H
