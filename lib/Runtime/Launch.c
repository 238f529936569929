/*===- Launch.c - Launches for ahead-of-time kernel headers ---------------===*\
|*                                                                            *|
|* What the headers of `tile-translate --emit=c-header` call: load a kernel's *|
|* embedded cubin once, set its shared memory, launch it. Unlike the mgpu*    *|
|* ABI, nothing here exits: every failure is a return code and a message.     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "RuntimeInternal.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

static pthread_mutex_t loadLock = PTHREAD_MUTEX_INITIALIZER;

__attribute__((format(printf, 3, 4))) static int
fail(int code, TileRtError *error, const char *fmt, ...) {
  if (error) {
    va_list args;
    va_start(args, fmt);
    vsnprintf(error->message, sizeof(error->message), fmt, args);
    va_end(args);
    error->code = code;
  }
  return code;
}

static int failCu(int code, TileRtError *error, const TileRtKernel *kernel,
                  const char *call, CUresult result) {
  const char *name, *text;
  tileRtDescribeCu(result, &name, &text);
  return fail(code, error, "kernel %s: %s failed: %s: %s", kernel->name, call,
              name, text);
}

// Loads the image and sets the kernel's dynamic shared memory, once.
static int load(TileRtKernel *kernel, TileRtError *error) {
  pthread_mutex_lock(&loadLock);
  int code = 0;
  if (!kernel->function) {
    CUmodule module;
    CUfunction function;
    CUresult result = tileRtDrv.moduleLoadData(&module, kernel->image);
    if (result != CUDA_SUCCESS)
      code = failCu(TILE_RT_LAUNCH_LOAD_FAILED, error, kernel,
                    "cuModuleLoadData", result);
    else if ((result = tileRtDrv.moduleGetFunction(
                  &function, module, kernel->name)) != CUDA_SUCCESS)
      code = failCu(TILE_RT_LAUNCH_LOAD_FAILED, error, kernel,
                    "cuModuleGetFunction", result);
    else if (kernel->sharedBytes > 48 * 1024 &&
             (result = tileRtDrv.funcSetAttribute(
                  function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                  (int)kernel->sharedBytes)) != CUDA_SUCCESS)
      code = failCu(TILE_RT_LAUNCH_LOAD_FAILED, error, kernel,
                    "cuFuncSetAttribute (dynamic shared memory)", result);

    else
      kernel->function = function;
  }
  pthread_mutex_unlock(&loadLock);
  return code;
}

int tileRtLaunchReady(TileRtError *error) {
  if (!tileRtHasGpu())
    return fail(TILE_RT_LAUNCH_NO_GPU, error,
                "no CUDA GPU available (no driver, cuInit failed or no "
                "device)");
  tileRtEnsureContext();
  return 0;
}

int tileRtLaunchKernel(TileRtKernel *kernel, unsigned gridX, unsigned gridY,
                       unsigned gridZ, void *stream, void **params,
                       TileRtError *error) {
  // The launch shape first: its errors need no GPU to be found.
  if (gridX == 0 || gridY == 0 || gridZ == 0)
    return fail(TILE_RT_LAUNCH_BAD_ARGUMENT, error,
                "kernel %s: grid (%u, %u, %u) has an empty dimension",
                kernel->name, gridX, gridY, gridZ);
  unsigned grid[3] = {gridX, gridY, gridZ};
  for (int d = 0; d < 3; ++d)
    if (kernel->cluster[d] > 1 && grid[d] % kernel->cluster[d] != 0)
      return fail(TILE_RT_LAUNCH_BAD_ARGUMENT, error,
                  "kernel %s: grid (%u, %u, %u) is not a multiple of its "
                  "clusters (%u, %u, %u)",
                  kernel->name, gridX, gridY, gridZ, kernel->cluster[0],
                  kernel->cluster[1], kernel->cluster[2]);
  int code = tileRtLaunchReady(error);
  if (code)
    return code;
  if ((code = load(kernel, error)))
    return code;
  TileRtLaunchShape shape = {
      .grid = {grid[0], grid[1], grid[2]},
      .block = {kernel->block[0], kernel->block[1], kernel->block[2]},
      .smem = kernel->sharedBytes,
      .dependent = (kernel->flags & TILE_RT_KERNEL_DEPENDENT_LAUNCH) != 0};
  for (int d = 0; d < 3; ++d)
    shape.cluster[d] = kernel->cluster[d] ? kernel->cluster[d] : 1;
  const char *call;
  CUresult result = tileRtLaunchEx((CUfunction)kernel->function, &shape,
                                   (CUstream)stream, params, NULL, &call);
  if (result != CUDA_SUCCESS)
    return failCu(TILE_RT_LAUNCH_FAILED, error, kernel, call, result);
  tileRtNoteLaunch((CUfunction)kernel->function);
  return 0;
}
