/*===- Driver.c - Loading the CUDA driver and reporting errors ------------===*\
|*                                                                            *|
|* libcuda is opened with dlopen on first use so that programs linked with    *|
|* the runtime start (and report "no GPU" cleanly) on machines without one.   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "RuntimeInternal.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

_Static_assert(sizeof(void *) == sizeof(void (*)(void)),
               "dlsym results are stored into function pointers");

TileRtDriver tileRtDrv;

static struct {
  void *library;
  int available;    // Driver loaded, cuInit succeeded, >= 1 device.
  char reason[512]; // Why not, when !available.
  int deviceCount;
  int requestedDevice; // Ordinal to open; -1 = $TILE_DEVICE or 0.
  CUdevice device;
  int deviceOrdinal;
  int optinSharedMemory;
  int launchBlocking;
  int noDependentLaunch; // TILE_DEPENDENT_LAUNCH=0
  double syncTimeoutS;
} state = {.requestedDevice = -1};

// The context every thread should have current; threads compare it with
// their own to know when to call cuCtxSetCurrent.
static _Atomic(CUcontext) sharedContext;
static _Thread_local CUcontext threadContext;
static _Atomic(CUfunction) lastLaunched;
// Its name, copied at launch: after a fault the context can no longer be
// asked, and the module may be gone.
static char lastLaunchedName[256];

static pthread_once_t probeOnce = PTHREAD_ONCE_INIT;
static pthread_mutex_t deviceMutex = PTHREAD_MUTEX_INITIALIZER;

/*===----------------------------------------------------------------------===*\
|* Exiting                                                                    *|
\*===----------------------------------------------------------------------===*/

// _Exit rather than exit: destructors emitted by gpu-to-llvm would call back
// into a runtime that just failed.
static _Noreturn void exitWith(int code) {
  fflush(NULL);
  _Exit(code);
}

_Noreturn void tileRtFatal(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fflush(stdout);
  fputs("tile-runtime: ", stderr);
  vfprintf(stderr, fmt, args);
  fputc('\n', stderr);
  va_end(args);
  exitWith(TILE_RT_EXIT_ERROR);
}

static _Noreturn void exitNoGpu(void) {
  fflush(stdout);
  fprintf(stderr, "tile-runtime: no CUDA GPU available (%s)\n", state.reason);
  exitWith(TILE_RT_EXIT_NO_GPU);
}

_Noreturn void tileRtMissingEntryPoint(const char *name) {
  tileRtFatal("the CUDA driver does not export %s (driver too old?)", name);
}

// Errors cuGetErrorName cannot name: those of cuInit with the toolkit's stub
// driver, and any error once the driver has shut down at exit.
static const struct {
  CUresult result;
  const char *name, *text;
} kFallbackErrors[] = {
    {CUDA_ERROR_DEINITIALIZED, "CUDA_ERROR_DEINITIALIZED",
     "driver shutting down"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED",
     "initialization error"},
    {CUDA_ERROR_STUB_LIBRARY, "CUDA_ERROR_STUB_LIBRARY",
     "CUDA driver is a stub library"},
    {CUDA_ERROR_SYSTEM_NOT_READY, "CUDA_ERROR_SYSTEM_NOT_READY",
     "system not yet initialized"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE",
     "no CUDA-capable device is detected"},
    {CUDA_ERROR_SYSTEM_DRIVER_MISMATCH, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
     "system has unsupported display driver / cuda driver combination"},
};

void tileRtDescribeCu(CUresult result, const char **name, const char **text) {
  static _Thread_local char number[32];
  *name = NULL;
  *text = NULL;
  if (tileRtDrv.getErrorName && tileRtDrv.getErrorName(result, name))
    *name = NULL;
  if (tileRtDrv.getErrorString && tileRtDrv.getErrorString(result, text))
    *text = NULL;
  for (size_t i = 0; i < sizeof(kFallbackErrors) / sizeof(kFallbackErrors[0]);
       ++i) {
    if (kFallbackErrors[i].result != result)
      continue;
    if (!*name)
      *name = kFallbackErrors[i].name;
    if (!*text)
      *text = kFallbackErrors[i].text;
  }
  if (!*name) {
    snprintf(number, sizeof(number), "CUresult %d", (int)result);
    *name = number;
  }
  if (!*text)
    *text = "unknown error";
}

const char *tileRtKernelName(CUfunction function) {
  const char *name = NULL;
  if (function && tileRtDrv.funcGetName &&
      tileRtDrv.funcGetName(&name, function) == CUDA_SUCCESS && name)
    return name;
  return "<unknown>";
}

void tileRtPrintCuError(CUresult result, const char *call) {
  const char *name, *text;
  tileRtDescribeCu(result, &name, &text);
  fflush(stdout);
  fprintf(stderr, "tile-runtime: %s failed: %s: %s\n", call, name, text);
  // Faults surface at the next synchronizing call, not at the launch that
  // caused them: name the kernel that most likely did.
  if ((int)result >= 700 && (int)result <= 720 && atomic_load(&lastLaunched))
    fprintf(stderr,
            "tile-runtime: last kernel launched: '%s' (TILE_LAUNCH_BLOCKING=1 "
            "synchronizes after every launch)\n",
            lastLaunchedName);
  // TMA copies with an unaligned start or a negative store coordinate
  // fault this way; the compiler checks them on the device only on request.
  if (result == CUDA_ERROR_ILLEGAL_INSTRUCTION)
    fprintf(stderr,
            "tile-runtime: a TMA copy whose box starts unaligned (16 bytes) "
            "or a TMA store at a negative coordinate faults so; built with "
            "tile-run --tile-device-checks (tile-to-nvvm device-checks=true) "
            "each such copy names itself\n");
}

_Noreturn void tileRtExitError(void) { exitWith(TILE_RT_EXIT_ERROR); }

void tileRtCheckCu(CUresult result, const char *call) {
  if (result == CUDA_SUCCESS)
    return;
  tileRtPrintCuError(result, call);
  tileRtExitError();
}

void tileRtCheckCuRelease(CUresult result, const char *call) {
  // gpu-to-llvm unloads modules from a global destructor, which can run
  // after libcuda's own exit handlers: everything is released already.
  if (result == CUDA_ERROR_DEINITIALIZED)
    return;
  tileRtCheckCu(result, call);
}

/*===----------------------------------------------------------------------===*\
|* Loading the driver                                                         *|
\*===----------------------------------------------------------------------===*/

// Tries each name in turn: versioned symbols first (cuda.h maps cuMemAlloc
// to cuMemAlloc_v2, ...), the unversioned one for older drivers.
static void *lookup(const char *const *names) {
  for (; *names; ++names) {
    void *symbol = dlsym(state.library, *names);
    if (symbol)
      return symbol;
  }
  return NULL;
}

#define RESOLVE(field, ...)                                                    \
  do {                                                                         \
    void *symbol = lookup((const char *const[]){__VA_ARGS__, NULL});           \
    memcpy(&tileRtDrv.field, &symbol, sizeof(symbol));                         \
  } while (0)

static void resolveAll(void) {
  RESOLVE(init, "cuInit");
  RESOLVE(getErrorName, "cuGetErrorName");
  RESOLVE(getErrorString, "cuGetErrorString");
  RESOLVE(deviceGetCount, "cuDeviceGetCount");
  RESOLVE(deviceGet, "cuDeviceGet");
  RESOLVE(deviceGetAttribute, "cuDeviceGetAttribute");
  RESOLVE(deviceGetName, "cuDeviceGetName");
  RESOLVE(primaryCtxRetain, "cuDevicePrimaryCtxRetain");
  RESOLVE(ctxSetCurrent, "cuCtxSetCurrent");
  RESOLVE(ctxSynchronize, "cuCtxSynchronize");
  RESOLVE(moduleLoadData, "cuModuleLoadData");
  RESOLVE(moduleLoadDataEx, "cuModuleLoadDataEx");
  RESOLVE(moduleUnload, "cuModuleUnload");
  RESOLVE(moduleGetFunction, "cuModuleGetFunction");
  RESOLVE(funcGetAttribute, "cuFuncGetAttribute");
  RESOLVE(funcSetAttribute, "cuFuncSetAttribute");
  RESOLVE(funcGetName, "cuFuncGetName");
  RESOLVE(launchKernel, "cuLaunchKernel");
  RESOLVE(launchKernelEx, "cuLaunchKernelEx");
  RESOLVE(streamCreate, "cuStreamCreate");
  RESOLVE(streamDestroy, "cuStreamDestroy_v2", "cuStreamDestroy");
  RESOLVE(streamSynchronize, "cuStreamSynchronize");
  RESOLVE(streamQuery, "cuStreamQuery");
  RESOLVE(streamWaitEvent, "cuStreamWaitEvent");
  RESOLVE(eventCreate, "cuEventCreate");
  RESOLVE(eventDestroy, "cuEventDestroy_v2", "cuEventDestroy");
  RESOLVE(eventSynchronize, "cuEventSynchronize");
  RESOLVE(eventQuery, "cuEventQuery");
  RESOLVE(eventRecord, "cuEventRecord");
  RESOLVE(eventElapsedTime, "cuEventElapsedTime_v2", "cuEventElapsedTime");
  RESOLVE(memAlloc, "cuMemAlloc_v2");
  RESOLVE(memFree, "cuMemFree_v2");
  RESOLVE(memcpyHtoD, "cuMemcpyHtoD_v2");
  RESOLVE(memcpyDtoH, "cuMemcpyDtoH_v2");
  RESOLVE(memcpyDtoD, "cuMemcpyDtoD_v2");
  RESOLVE(memcpyAsync, "cuMemcpyAsync");
  RESOLVE(memsetD8, "cuMemsetD8_v2");
  RESOLVE(memsetD16Async, "cuMemsetD16Async");
  RESOLVE(memsetD32Async, "cuMemsetD32Async");
  RESOLVE(tensorMapEncodeTiled, "cuTensorMapEncodeTiled");
}

// Entry points without which nothing works; the optional ones (launchKernelEx,
// funcGetName, tensorMapEncodeTiled) are checked where they are used.
static const char *firstMissingRequired(void) {
  struct {
    int present;
    const char *name;
  } required[] = {
#define REQUIRED(field, name) {tileRtDrv.field != NULL, name}
      REQUIRED(deviceGetAttribute, "cuDeviceGetAttribute"),
      REQUIRED(primaryCtxRetain, "cuDevicePrimaryCtxRetain"),
      REQUIRED(ctxSetCurrent, "cuCtxSetCurrent"),
      REQUIRED(ctxSynchronize, "cuCtxSynchronize"),
      REQUIRED(moduleLoadDataEx, "cuModuleLoadDataEx"),
      REQUIRED(moduleUnload, "cuModuleUnload"),
      REQUIRED(moduleGetFunction, "cuModuleGetFunction"),
      REQUIRED(funcGetAttribute, "cuFuncGetAttribute"),
      REQUIRED(funcSetAttribute, "cuFuncSetAttribute"),
      REQUIRED(launchKernel, "cuLaunchKernel"),
      REQUIRED(streamCreate, "cuStreamCreate"),
      REQUIRED(streamDestroy, "cuStreamDestroy_v2"),
      REQUIRED(streamSynchronize, "cuStreamSynchronize"),
      REQUIRED(streamQuery, "cuStreamQuery"),
      REQUIRED(streamWaitEvent, "cuStreamWaitEvent"),
      REQUIRED(eventCreate, "cuEventCreate"),
      REQUIRED(eventDestroy, "cuEventDestroy_v2"),
      REQUIRED(eventSynchronize, "cuEventSynchronize"),
      REQUIRED(eventQuery, "cuEventQuery"),
      REQUIRED(eventRecord, "cuEventRecord"),
      REQUIRED(eventElapsedTime, "cuEventElapsedTime_v2"),
      REQUIRED(memAlloc, "cuMemAlloc_v2"),
      REQUIRED(memFree, "cuMemFree_v2"),
      REQUIRED(memcpyHtoD, "cuMemcpyHtoD_v2"),
      REQUIRED(memcpyDtoH, "cuMemcpyDtoH_v2"),
      REQUIRED(memcpyDtoD, "cuMemcpyDtoD_v2"),
      REQUIRED(memcpyAsync, "cuMemcpyAsync"),
      REQUIRED(memsetD8, "cuMemsetD8_v2"),
      REQUIRED(memsetD16Async, "cuMemsetD16Async"),
      REQUIRED(memsetD32Async, "cuMemsetD32Async"),
#undef REQUIRED
  };
  for (size_t i = 0; i < sizeof(required) / sizeof(required[0]); ++i)
    if (!required[i].present)
      return required[i].name;
  return NULL;
}

static double envDouble(const char *name) {
  const char *value = getenv(name);
  return value && *value ? strtod(value, NULL) : 0.0;
}

// Runs once: opens the driver, cuInit, counts devices. Never exits, so
// tileRtHasGpu can use it.
static void probe(void) {
  state.launchBlocking = envDouble("TILE_LAUNCH_BLOCKING") != 0.0;
  const char *dependent = getenv("TILE_DEPENDENT_LAUNCH");
  state.noDependentLaunch =
      dependent && *dependent && envDouble("TILE_DEPENDENT_LAUNCH") == 0.0;
  state.syncTimeoutS = envDouble("TILE_SYNC_TIMEOUT_S");

  const char *path = getenv("TILE_CUDA_DRIVER");
  if (!path || !*path)
    path = "libcuda.so.1";
  state.library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!state.library) {
    const char *error = dlerror();
    snprintf(state.reason, sizeof(state.reason), "%s",
             error ? error : "dlopen failed");
    return;
  }
  resolveAll();
  if (!tileRtDrv.init || !tileRtDrv.deviceGetCount || !tileRtDrv.deviceGet) {
    snprintf(state.reason, sizeof(state.reason),
             "%s does not export cuInit, cuDeviceGetCount and cuDeviceGet",
             path);
    return;
  }
  CUresult result = tileRtDrv.init(0);
  if (result != CUDA_SUCCESS) {
    const char *name, *text;
    tileRtDescribeCu(result, &name, &text);
    snprintf(state.reason, sizeof(state.reason), "cuInit failed: %s: %s", name,
             text);
    return;
  }
  result = tileRtDrv.deviceGetCount(&state.deviceCount);
  if (result != CUDA_SUCCESS || state.deviceCount <= 0) {
    snprintf(state.reason, sizeof(state.reason), "the driver reports %s",
             result == CUDA_SUCCESS ? "no devices"
                                    : "an error counting devices");
    return;
  }
  const char *missing = firstMissingRequired();
  if (missing) {
    snprintf(state.reason, sizeof(state.reason),
             "%s does not export %s (driver too old?)", path, missing);
    return;
  }
  state.available = 1;
}

int tileRtHasGpu(void) {
  pthread_once(&probeOnce, probe);
  return state.available;
}

static int defaultOrdinal(void) {
  const char *value = getenv("TILE_DEVICE");
  if (!value || !*value)
    return 0;
  char *end;
  long ordinal = strtol(value, &end, 10);
  if (*end || ordinal < 0 || ordinal > 1024)
    tileRtFatal("TILE_DEVICE=%s is not a device ordinal", value);
  return (int)ordinal;
}

// Retains the primary context of `ordinal` and publishes it. Called with
// deviceMutex held.
static void openDevice(int ordinal) {
  if (ordinal < 0 || ordinal >= state.deviceCount)
    tileRtFatal("device %d does not exist; this machine has %d CUDA "
                "device(s)",
                ordinal, state.deviceCount);
  CUdevice device;
  tileRtCheckCu(tileRtDrv.deviceGet(&device, ordinal), "cuDeviceGet");
  CUcontext context;
  tileRtCheckCu(tileRtDrv.primaryCtxRetain(&context, device),
                "cuDevicePrimaryCtxRetain");
  int optin = 0;
  tileRtCheckCu(tileRtDrv.deviceGetAttribute(
                    &optin,
                    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                    device),
                "cuDeviceGetAttribute");
  state.device = device;
  state.deviceOrdinal = ordinal;
  state.optinSharedMemory = optin;
  atomic_store(&sharedContext, context);
}

void tileRtEnsureContext(void) {
  pthread_once(&probeOnce, probe);
  if (!state.available)
    exitNoGpu();
  CUcontext context = atomic_load(&sharedContext);
  if (context && context == threadContext)
    return;
  if (!context) {
    pthread_mutex_lock(&deviceMutex);
    if (!atomic_load(&sharedContext))
      openDevice(state.requestedDevice >= 0 ? state.requestedDevice
                                            : defaultOrdinal());
    pthread_mutex_unlock(&deviceMutex);
    context = atomic_load(&sharedContext);
  }
  tileRtCheckCu(tileRtDrv.ctxSetCurrent(context), "cuCtxSetCurrent");
  threadContext = context;
}

void tileRtSelectDevice(int32_t ordinal) {
  pthread_mutex_lock(&deviceMutex);
  state.requestedDevice = ordinal;
  int switchNow = atomic_load(&sharedContext) && ordinal != state.deviceOrdinal;
  pthread_mutex_unlock(&deviceMutex);
  if (!switchNow)
    return; // Opened lazily on first use.
  pthread_once(&probeOnce, probe);
  if (!state.available)
    exitNoGpu();
  pthread_mutex_lock(&deviceMutex);
  openDevice(ordinal);
  pthread_mutex_unlock(&deviceMutex);
  tileRtEnsureContext();
}

int tileRtDeviceAttribute(CUdevice_attribute attr) {
  tileRtEnsureContext();
  if (attr == CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
    return state.optinSharedMemory;
  int value = 0;
  tileRtCheckCu(tileRtDrv.deviceGetAttribute(&value, attr, state.device),
                "cuDeviceGetAttribute");
  return value;
}

int32_t tileRtMultiprocessorCount(void) {
  return tileRtDeviceAttribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
}

int tileRtLaunchBlocking(void) { return state.launchBlocking; }

int tileRtDependentLaunchAllowed(void) { return !state.noDependentLaunch; }

/*===----------------------------------------------------------------------===*\
|* Waiting                                                                    *|
\*===----------------------------------------------------------------------===*/

void tileRtNoteLaunch(CUfunction function) {
  if (atomic_exchange(&lastLaunched, function) != function)
    snprintf(lastLaunchedName, sizeof(lastLaunchedName), "%s",
             tileRtKernelName(function));
}

static double nowSeconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// Polls `query` until done; a kernel that never finishes (a barrier phase
// that never completes) becomes an error instead of a hung test run.
static void waitPolling(CUresult (*query)(void *), void *handle,
                        const char *call) {
  double deadline = nowSeconds() + state.syncTimeoutS;
  struct timespec pause = {0, 100000};
  for (;;) {
    CUresult result = query(handle);
    if (result == CUDA_SUCCESS)
      return;
    if (result != CUDA_ERROR_NOT_READY)
      tileRtCheckCu(result, call);
    if (nowSeconds() > deadline) {
      fflush(stdout);
      fprintf(stderr,
              "tile-runtime: %s: the GPU did not finish within "
              "TILE_SYNC_TIMEOUT_S=%g s; last kernel launched: '%s' (hung?)\n",
              call, state.syncTimeoutS,
              atomic_load(&lastLaunched) ? lastLaunchedName : "<none>");
      exitWith(TILE_RT_EXIT_ERROR);
    }
    nanosleep(&pause, NULL);
  }
}

static CUresult queryStream(void *handle) {
  return tileRtDrv.streamQuery((CUstream)handle);
}

static CUresult queryEvent(void *handle) {
  return tileRtDrv.eventQuery((CUevent)handle);
}

void tileRtWaitStream(CUstream stream, const char *call) {
  if (state.syncTimeoutS > 0)
    waitPolling(queryStream, stream, call);
  else
    tileRtCheckCu(tileRtDrv.streamSynchronize(stream), call);
}

void tileRtWaitEvent(CUevent event, const char *call) {
  if (state.syncTimeoutS > 0)
    waitPolling(queryEvent, event, call);
  else
    tileRtCheckCu(tileRtDrv.eventSynchronize(event), call);
}

void tileRtWaitAll(const char *call) {
  if (state.syncTimeoutS > 0) {
    // The legacy stream waits for every blocking stream, which includes all
    // those mgpuStreamCreate makes: poll an event recorded there.
    CUevent event;
    tileRtCheckCu(tileRtDrv.eventCreate(&event, CU_EVENT_DISABLE_TIMING),
                  "cuEventCreate");
    tileRtCheckCu(tileRtDrv.eventRecord(event, NULL), "cuEventRecord");
    waitPolling(queryEvent, event, call);
    tileRtCheckCuRelease(tileRtDrv.eventDestroy(event), "cuEventDestroy");
  }
  tileRtCheckCu(tileRtDrv.ctxSynchronize(), call);
}

void *tileRtHostAlloc(size_t bytes) {
  void *p = malloc(bytes ? bytes : 1);
  if (!p)
    tileRtFatal("out of host memory (%zu bytes)", bytes);
  return p;
}
