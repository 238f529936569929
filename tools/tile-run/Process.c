/*===- Process.c - Files, timings, child processes ------------------------===*\
|* Temporary files, the stage timings of --print-stage-times, spawning the    *|
|* linker and the program, and the GPU probe (libcuda through dlopen).        *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "TileRun.h"

#include "tile-c/Dialects.h"
#include "tile-c/Chips.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"
#include "mlir-c/Target/LLVMIR.h"

#include "llvm-c/Analysis.h"
#include "llvm-c/Core.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"

#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/*===----------------------------------------------------------------------===*
 * Small utilities
 *===----------------------------------------------------------------------===*/

double nowMs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

char *concat(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  char *s = malloc(la + lb + 1);
  memcpy(s, a, la);
  memcpy(s + la, b, lb + 1);
  return s;
}


void bufferAppend(Buffer *b, const char *s, size_t n) {
  if (b->size + n + 1 > b->capacity) {
    size_t cap = b->capacity ? b->capacity * 2 : 256;
    while (cap < b->size + n + 1)
      cap *= 2;
    b->data = realloc(b->data, cap);
    b->capacity = cap;
  }
  memcpy(b->data + b->size, s, n);
  b->size += n;
  b->data[b->size] = '\0';
}

void appendToBuffer(MlirStringRef s, void *userData) {
  bufferAppend((Buffer *)userData, s.data, s.length);
}

void writeToFile(MlirStringRef s, void *userData) {
  fwrite(s.data, 1, s.length, (FILE *)userData);
}

/* 0 if `path` is a readable file, else the errno that says why not. */
int checkReadableFile(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0)
    return errno;
  if (S_ISDIR(st.st_mode))
    return EISDIR;
  if (access(path, R_OK) != 0)
    return errno;
  return 0;
}

/* Looks `prog` up in PATH unless it names a path itself. */
bool isInPath(const char *prog) {
  if (strchr(prog, '/'))
    return access(prog, X_OK) == 0;
  const char *path = getenv("PATH");
  if (!path)
    return false;
  size_t plen = strlen(prog);
  while (*path) {
    const char *end = strchr(path, ':');
    size_t dlen = end ? (size_t)(end - path) : strlen(path);
    char *candidate = malloc(dlen + plen + 2);
    memcpy(candidate, dlen ? path : ".", dlen ? dlen : 1);
    size_t at = dlen ? dlen : 1;
    candidate[at] = '/';
    memcpy(candidate + at + 1, prog, plen + 1);
    bool found = access(candidate, X_OK) == 0;
    free(candidate);
    if (found)
      return true;
    if (!end)
      break;
    path = end + 1;
  }
  return false;
}

/* Files created under the temporary directory, removed on exit. */
typedef struct {
  char *dir;
  char *files[8];
  int numFiles;
  bool keep;
} TempDir;

static TempDir gTemps;

char *tempPath(const char *name) {
  if (!gTemps.dir) {
    const char *base = getenv("TMPDIR");
    if (!base || !*base)
      base = "/tmp";
    char *tmpl = concat(base, "/tile-run-XXXXXX");
    if (!mkdtemp(tmpl)) {
      fprintf(stderr, "tile-run: cannot create a temporary directory in '%s': %s\n",
              base, strerror(errno));
      exit(1);
    }
    gTemps.dir = tmpl;
  }
  char *dirSlash = concat(gTemps.dir, "/");
  char *path = concat(dirSlash, name);
  free(dirSlash);
  if (gTemps.numFiles < (int)(sizeof(gTemps.files) / sizeof(gTemps.files[0])))
    gTemps.files[gTemps.numFiles++] = path;
  return path;
}

void cleanupTemps(void) {
  if (!gTemps.dir)
    return;
  if (gTemps.keep) {
    fprintf(stderr, "tile-run: kept temporary files in %s\n", gTemps.dir);
    return;
  }
  for (int i = 0; i < gTemps.numFiles; ++i)
    unlink(gTemps.files[i]);
  rmdir(gTemps.dir);
}

/* Stage timing for --print-stage-times (compile-time benchmarks). */
typedef struct {
  const char *name;
  double ms;
} Stage;

static Stage gStages[8];
static int gNumStages;
static bool gPrintStageTimes;

void recordStage(const char *name, double startMs) {
  if (gNumStages < (int)(sizeof(gStages) / sizeof(gStages[0])))
    gStages[gNumStages++] = (Stage){name, nowMs() - startMs};
}

void printStageTimes(void) {
  int count = gNumStages;
  gNumStages = 0; /* Printed once: the stages after this start afresh. */
  if (!gPrintStageTimes || count == 0)
    return;
  double total = 0;
  fprintf(stderr, "tile-run: stage times\n");
  for (int i = 0; i < count; ++i) {
    fprintf(stderr, "  %-10s %10.3f ms\n", gStages[i].name, gStages[i].ms);
    total += gStages[i].ms;
  }
  fprintf(stderr, "  %-10s %10.3f ms\n", "total", total);
}

/* Waits for `pid`; returns its exit status, 128+N for signal N, or -1. */
static int waitForChild(pid_t pid, const char *name, bool reportSignal) {
  int status;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      fprintf(stderr, "tile-run: waiting for '%s' failed: %s\n", name,
              strerror(errno));
      return -1;
    }
  }
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    if (reportSignal)
      fprintf(stderr, "tile-run: '%s' was killed by signal %d (%s)\n", name,
              sig, strsignal(sig));
    return 128 + sig;
  }
  return -1;
}

/* Runs args[0] (looked up in PATH) with inherited stdin/stdout/stderr, so
 * its output streams straight through, and waits for it. Returns the exit
 * status, 128+N for signal N, or -1 if it could not run. */
int spawnAndWait(const char *const *args, bool reportSignal) {
  /* posix_spawnp wants mutable strings. */
  int n = 0;
  while (args[n])
    ++n;
  char **argv = calloc((size_t)n + 1, sizeof(char *));
  for (int i = 0; i < n; ++i)
    argv[i] = strdup(args[i]);

  /* The child writes to the same descriptors: flush what we buffered. */
  fflush(stdout);
  fflush(stderr);
  pid_t pid;
  int status = -1;
  int err = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
  if (err != 0)
    fprintf(stderr, "tile-run: cannot run '%s': %s\n", argv[0], strerror(err));
  else
    status = waitForChild(pid, argv[0], reportSignal);
  for (int i = 0; i < n; ++i)
    free(argv[i]);
  free(argv);
  return status;
}

/*===----------------------------------------------------------------------===*
 * GPU probe: dlopen libcuda so that tile-run itself never links it
 *===----------------------------------------------------------------------===*/

typedef int (*CuInitFn)(unsigned);
typedef int (*CuDeviceGetCountFn)(int *);

/* Returns the number of usable devices; on 0, *why says why. */
int probeGpu(char *why, size_t whySize) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    snprintf(why, whySize, "cannot load libcuda.so.1: %s", dlerror());
    return 0;
  }
  CuInitFn cuInit = (CuInitFn)(uintptr_t)dlsym(lib, "cuInit");
  CuDeviceGetCountFn cuDeviceGetCount =
      (CuDeviceGetCountFn)(uintptr_t)dlsym(lib, "cuDeviceGetCount");
  if (!cuInit || !cuDeviceGetCount) {
    snprintf(why, whySize, "libcuda.so.1 lacks cuInit/cuDeviceGetCount");
    return 0;
  }
  int rc = cuInit(0);
  if (rc != 0) {
    snprintf(why, whySize, "cuInit failed with CUresult %d", rc);
    return 0;
  }
  int count = 0;
  rc = cuDeviceGetCount(&count);
  if (rc != 0 || count <= 0) {
    snprintf(why, whySize, "no CUDA device (cuDeviceGetCount: CUresult %d, %d devices)",
             rc, count);
    return 0;
  }
  /* libcuda stays loaded: unloading an initialized driver is not safe. */
  return count;
}


void configureSupport(bool keepTemps, bool printStageTimesToo) {
  gTemps.keep = keepTemps;
  gPrintStageTimes = printStageTimesToo;
}
