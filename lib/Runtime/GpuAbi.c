/*===- GpuAbi.c - Upstream MLIR's GPU runtime ABI over the driver API -----===*\
|*                                                                            *|
|* The mgpu* entry points that `gpu-to-llvm` (and SelectObjectAttr's module   *|
|* load/unload constructors) emit calls to. Every failure exits with a        *|
|* message instead of returning a null handle the generated code would use.   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "RuntimeInternal.h"

#include <inttypes.h>
#include <pthread.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

/*===----------------------------------------------------------------------===*\
|* Modules                                                                    *|
\*===----------------------------------------------------------------------===*/

// Loads through cuModuleLoadDataEx so that a PTX (or fatbin with PTX) that
// fails to JIT prints the JIT's own diagnostics.
static void *loadModule(const void *data, int optLevel, const char *call) {
  tileRtEnsureContext();
  if (!data)
    tileRtFatal("%s: the module image is NULL", call);
  char log[8192];
  log[0] = '\0';
  CUjit_option options[3] = {CU_JIT_ERROR_LOG_BUFFER,
                             CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                             CU_JIT_OPTIMIZATION_LEVEL};
  void *values[3] = {log, (void *)(uintptr_t)sizeof(log),
                     (void *)(uintptr_t)optLevel};
  unsigned numOptions = optLevel >= 0 ? 3 : 2;
  CUmodule module = NULL;
  CUresult result =
      tileRtDrv.moduleLoadDataEx(&module, data, numOptions, options, values);
  if (result != CUDA_SUCCESS) {
    tileRtPrintCuError(result, call);
    if (log[0])
      fprintf(stderr, "tile-runtime: JIT log:\n%s\n", log);
    tileRtExitError();
  }
  return module;
}

void *mgpuModuleLoad(void *data, size_t gpuBlobSize) {
  (void)gpuBlobSize; // cubin and fatbin images carry their own size.
  return loadModule(data, -1, "cuModuleLoadData");
}

void *mgpuModuleLoadJIT(void *data, int optLevel) {
  if (optLevel < 0)
    optLevel = 0;
  if (optLevel > 4)
    optLevel = 4;
  return loadModule(data, optLevel, "cuModuleLoadDataEx");
}

void mgpuModuleUnload(void *module) {
  if (!module)
    return;
  tileRtEnsureContext();
  tileRtCheckCuRelease(tileRtDrv.moduleUnload((CUmodule)module),
                       "cuModuleUnload");
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  tileRtEnsureContext();
  CUfunction function = NULL;
  CUresult result =
      tileRtDrv.moduleGetFunction(&function, (CUmodule)module, name);
  if (result != CUDA_SUCCESS) {
    tileRtPrintCuError(result, "cuModuleGetFunction");
    fprintf(stderr, "tile-runtime: looking up kernel '%s'\n",
            name ? name : "(null)");
    tileRtExitError();
  }
  return function;
}

/*===----------------------------------------------------------------------===*\
|* Launches                                                                   *|
\*===----------------------------------------------------------------------===*/

static unsigned launchDim(intptr_t value, const char *what, int axis,
                          CUfunction function) {
  if (value < 1 || (uintmax_t)value > UINT_MAX)
    tileRtFatal("launch of kernel '%s': %s dimension %c is %" PRIdPTR
                "; it must be in [1, %u]",
                tileRtKernelName(function), what, "xyz"[axis], value, UINT_MAX);
  return (unsigned)value;
}

// The dynamic shared memory the last functions launched were checked and
// opted into: back-to-back launches of a kernel skip the three driver
// calls (a 1000^3 GEMM runs about 10 us, and its launches' host work is
// timed whenever it exceeds the kernel's). Replaced round-robin.
enum { kPreparedSlots = 16 };
static struct {
  CUfunction function;
  int32_t smem;
} prepared[kPreparedSlots];
static unsigned preparedNext;
static pthread_mutex_t preparedLock = PTHREAD_MUTEX_INITIALIZER;

static int isPrepared(CUfunction function, int32_t smem) {
  int found = 0;
  pthread_mutex_lock(&preparedLock);
  for (int i = 0; i < kPreparedSlots && !found; ++i)
    found = prepared[i].function == function && prepared[i].smem >= smem;
  pthread_mutex_unlock(&preparedLock);
  return found;
}

static void notePrepared(CUfunction function, int32_t smem) {
  pthread_mutex_lock(&preparedLock);
  prepared[preparedNext % kPreparedSlots].function = function;
  prepared[preparedNext % kPreparedSlots].smem = smem;
  ++preparedNext;
  pthread_mutex_unlock(&preparedLock);
}

// Dynamic shared memory beyond 48 KiB (minus the kernel's static shared
// memory) must be opted into per function; beyond the device's opt-in limit
// the launch would fail with an unhelpful "invalid argument".
static void prepareSharedMemory(CUfunction function, int32_t smem) {
  if (smem < 0)
    tileRtFatal("launch of kernel '%s': dynamic shared memory is %" PRId32
                " bytes",
                tileRtKernelName(function), smem);
  if (smem == 0 || isPrepared(function, smem))
    return;
  int staticBytes = 0;
  tileRtCheckCu(tileRtDrv.funcGetAttribute(&staticBytes,
                                           CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                                           function),
                "cuFuncGetAttribute");
  int64_t needed = (int64_t)staticBytes + smem;
  if (needed <= 48 * 1024) {
    notePrepared(function, smem);
    return;
  }
  int allowed = tileRtDeviceAttribute(
      CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
  if (needed > allowed) {
    fflush(stdout);
    fprintf(stderr,
            "tile-runtime: kernel needs %" PRId64
            " bytes of shared memory; the device allows %d\n",
            needed, allowed);
    fprintf(stderr,
            "tile-runtime: (kernel '%s': %d static + %" PRId32
            " dynamic bytes)\n",
            tileRtKernelName(function), staticBytes, smem);
    tileRtExitError();
  }
  tileRtCheckCu(
      tileRtDrv.funcSetAttribute(
          function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem),
      "cuFuncSetAttribute");
  notePrepared(function, smem);
}

static void checkLaunch(CUresult result, const char *call, CUfunction function,
                        const TileRtLaunchShape *shape) {
  if (result == CUDA_SUCCESS)
    return;
  tileRtPrintCuError(result, call);
  fprintf(stderr,
          "tile-runtime: launching kernel '%s' with grid %ux%ux%u, block "
          "%ux%ux%u, %u bytes of dynamic shared memory\n",
          tileRtKernelName(function), shape->grid[0], shape->grid[1],
          shape->grid[2], shape->block[0], shape->block[1], shape->block[2],
          shape->smem);
  tileRtExitError();
}

static void afterLaunch(CUfunction function, CUstream stream) {
  tileRtNoteLaunch(function);
  if (tileRtLaunchBlocking())
    tileRtWaitStream(stream, "cuStreamSynchronize (TILE_LAUNCH_BLOCKING)");
}

static _Thread_local int nextLaunchDependent;

void tileRtNextLaunchDependent(void) { nextLaunchDependent = 1; }

// Whether this thread asked for its next launch to be a dependent one
// (tileRtNextLaunchDependent); clears the request.
static int takeDependentLaunch(void) {
  int dependent = nextLaunchDependent;
  nextLaunchDependent = 0;
  return dependent;
}

// The launch both entry points share: the shape checked and converted, the
// shared memory opted into, the request of tileRtNextLaunchDependent taken.
static void launch(CUfunction f, const intptr_t grid[3],
                   const intptr_t block[3], const intptr_t cluster[3],
                   int32_t smem, void *stream, void **params, void **extra) {
  tileRtEnsureContext();
  TileRtLaunchShape shape;
  for (int i = 0; i < 3; ++i) {
    shape.grid[i] = launchDim(grid[i], "grid", i, f);
    shape.block[i] = launchDim(block[i], "block", i, f);
    shape.cluster[i] = launchDim(cluster[i], "cluster", i, f);
  }
  for (int i = 0; i < 3; ++i)
    if (shape.grid[i] % shape.cluster[i])
      tileRtFatal("launch of kernel '%s': grid %ux%ux%u is not a multiple "
                  "of cluster %ux%ux%u",
                  tileRtKernelName(f), shape.grid[0], shape.grid[1],
                  shape.grid[2], shape.cluster[0], shape.cluster[1],
                  shape.cluster[2]);
  shape.dependent = takeDependentLaunch();
  prepareSharedMemory(f, smem);
  shape.smem = (unsigned)smem;
  const char *call;
  CUresult result =
      tileRtLaunchEx(f, &shape, (CUstream)stream, params, extra, &call);
  if (result == CUDA_ERROR_NOT_FOUND && !tileRtDrv.launchKernelEx)
    tileRtMissingEntryPoint("cuLaunchKernelEx");
  checkLaunch(result, call, f, &shape);
  afterLaunch(f, (CUstream)stream);
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount) {
  (void)paramsCount; // The driver reads the parameter layout from the cubin.
  intptr_t grid[3] = {gridX, gridY, gridZ}, block[3] = {blockX, blockY, blockZ};
  intptr_t noCluster[3] = {1, 1, 1};
  launch((CUfunction)function, grid, block, noCluster, smem, stream, params,
         extra);
}

void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t smem, void *stream, void **params,
                             void **extra, size_t paramsCount) {
  (void)paramsCount;
  intptr_t grid[3] = {gridX, gridY, gridZ}, block[3] = {blockX, blockY, blockZ};
  intptr_t cluster[3] = {clusterX, clusterY, clusterZ};
  launch((CUfunction)function, grid, block, cluster, smem, stream, params,
         extra);
}

CUresult tileRtLaunchEx(CUfunction function, const TileRtLaunchShape *shape,
                        CUstream stream, void **params, void **extra,
                        const char **call) {
  const unsigned *grid = shape->grid, *block = shape->block,
                 *cluster = shape->cluster;
  int clustered = cluster[0] * cluster[1] * cluster[2] > 1;
  int dependent = shape->dependent && tileRtDependentLaunchAllowed();
  *call = "cuLaunchKernelEx";
  if (!tileRtDrv.launchKernelEx && clustered)
    return CUDA_ERROR_NOT_FOUND;
  if (!tileRtDrv.launchKernelEx || (!clustered && !dependent)) {
    *call = "cuLaunchKernel";
    return tileRtDrv.launchKernel(function, grid[0], grid[1], grid[2],
                                  block[0], block[1], block[2], shape->smem,
                                  stream, params, extra);
  }
  // Clusters of more than 8 blocks are "non-portable" and need an opt-in.
  if ((uint64_t)cluster[0] * cluster[1] * cluster[2] > 8) {
    CUresult result = tileRtDrv.funcSetAttribute(
        function, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1);
    if (result != CUDA_SUCCESS)
      return result;
  }
  CUlaunchAttribute attrs[3];
  memset(attrs, 0, sizeof(attrs));
  unsigned numAttrs = 0;
  if (clustered) {
    attrs[numAttrs].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attrs[numAttrs].value.clusterDim.x = cluster[0];
    attrs[numAttrs].value.clusterDim.y = cluster[1];
    attrs[numAttrs].value.clusterDim.z = cluster[2];
    ++numAttrs;
    attrs[numAttrs].id =
        CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
    attrs[numAttrs].value.clusterSchedulingPolicyPreference =
        CU_CLUSTER_SCHEDULING_POLICY_SPREAD;
    ++numAttrs;
  }
  if (dependent) {
    attrs[numAttrs].id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
    attrs[numAttrs].value.programmaticStreamSerializationAllowed = 1;
    ++numAttrs;
  }
  CUlaunchConfig config;
  memset(&config, 0, sizeof(config));
  config.gridDimX = grid[0];
  config.gridDimY = grid[1];
  config.gridDimZ = grid[2];
  config.blockDimX = block[0];
  config.blockDimY = block[1];
  config.blockDimZ = block[2];
  config.sharedMemBytes = shape->smem;
  config.hStream = stream;
  config.attrs = attrs;
  config.numAttrs = numAttrs;
  return tileRtDrv.launchKernelEx(&config, function, params, extra);
}

/*===----------------------------------------------------------------------===*\
|* Streams and events                                                         *|
\*===----------------------------------------------------------------------===*/

void *mgpuStreamCreate(void) {
  tileRtEnsureContext();
  CUstream stream = NULL;
  // Blocking (not CU_STREAM_NON_BLOCKING as upstream): the tileRt helpers and
  // timers work on the legacy default stream and must be ordered after the
  // kernels compiled code launches.
  tileRtCheckCu(tileRtDrv.streamCreate(&stream, CU_STREAM_DEFAULT),
                "cuStreamCreate");
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  tileRtEnsureContext();
  tileRtCheckCuRelease(tileRtDrv.streamDestroy((CUstream)stream),
                       "cuStreamDestroy");
}

void mgpuStreamSynchronize(void *stream) {
  tileRtEnsureContext();
  tileRtWaitStream((CUstream)stream, "cuStreamSynchronize");
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  tileRtEnsureContext();
  tileRtCheckCu(tileRtDrv.streamWaitEvent((CUstream)stream, (CUevent)event, 0),
                "cuStreamWaitEvent");
}

void *mgpuEventCreate(void) {
  tileRtEnsureContext();
  CUevent event = NULL;
  tileRtCheckCu(tileRtDrv.eventCreate(&event, CU_EVENT_DISABLE_TIMING),
                "cuEventCreate");
  return event;
}

void mgpuEventDestroy(void *event) {
  tileRtEnsureContext();
  tileRtCheckCuRelease(tileRtDrv.eventDestroy((CUevent)event),
                       "cuEventDestroy");
}

void mgpuEventSynchronize(void *event) {
  tileRtEnsureContext();
  tileRtWaitEvent((CUevent)event, "cuEventSynchronize");
}

void mgpuEventRecord(void *event, void *stream) {
  tileRtEnsureContext();
  tileRtCheckCu(tileRtDrv.eventRecord((CUevent)event, (CUstream)stream),
                "cuEventRecord");
}

/*===----------------------------------------------------------------------===*\
|* Memory                                                                     *|
\*===----------------------------------------------------------------------===*/

void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared) {
  // Host-shared (managed) memory is not used: a test must not pass because
  // the host happened to read device results without a copy.
  (void)stream;
  (void)isHostShared;
  tileRtEnsureContext();
  if (sizeBytes == 0)
    return NULL;
  CUdeviceptr ptr = 0;
  CUresult result = tileRtDrv.memAlloc(&ptr, (size_t)sizeBytes);
  if (result != CUDA_SUCCESS) {
    tileRtPrintCuError(result, "cuMemAlloc");
    fprintf(stderr, "tile-runtime: allocating %" PRIu64 " bytes\n", sizeBytes);
    tileRtExitError();
  }
  return (void *)(uintptr_t)ptr;
}

void mgpuMemFree(void *ptr, void *stream) {
  (void)stream; // cuMemFree is synchronous; nothing to order on the stream.
  if (!ptr)
    return;
  tileRtEnsureContext();
  tileRtCheckCuRelease(tileRtDrv.memFree(tileRtDevPtr(ptr)), "cuMemFree");
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (sizeBytes == 0)
    return;
  tileRtEnsureContext();
  tileRtCheckCu(tileRtDrv.memcpyAsync(tileRtDevPtr(dst), tileRtDevPtr(src),
                                      sizeBytes, (CUstream)stream),
                "cuMemcpyAsync");
}

void mgpuMemset32(void *dst, unsigned int value, size_t count, void *stream) {
  if (count == 0)
    return;
  tileRtEnsureContext();
  tileRtCheckCu(tileRtDrv.memsetD32Async(tileRtDevPtr(dst), value, count,
                                         (CUstream)stream),
                "cuMemsetD32Async");
}

void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream) {
  if (count == 0)
    return;
  tileRtEnsureContext();
  tileRtCheckCu(tileRtDrv.memsetD16Async(tileRtDevPtr(dst), value, count,
                                         (CUstream)stream),
                "cuMemsetD16Async");
}

void mgpuSetDefaultDevice(int32_t device) { tileRtSelectDevice(device); }
