/*===- Cases.c - One process per test case; TMA box checks ----------------===*\
|*                                                                            *|
|* A probe of hardware behaviour must survive its cases: a kernel fault       *|
|* (CUDA_ERROR_ILLEGAL_INSTRUCTION) poisons the CUDA context for good, so     *|
|* cases that may fault run in child processes of their own (the program      *|
|* itself, started again with TILE_CASE=k), and the parent prints one         *|
|* verdict per case. tileRtCheckTmaBox compares every element a TMA copy of   *|
|* one box may touch.                                                         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "TestSupportInternal.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/*===----------------------------------------------------------------------===*\
|* Isolated cases                                                             *|
\*===----------------------------------------------------------------------===*/

// Line `index` of `labels` ('\n'-separated) into out.
static void caseLabel(const char *labels, int32_t index, char *out,
                      size_t size) {
  const char *line = labels ? labels : "";
  for (int32_t i = 0; i < index && line; ++i) {
    line = strchr(line, '\n');
    if (line)
      ++line;
  }
  size_t length = 0;
  if (line) {
    const char *end = strchr(line, '\n');
    length = end ? (size_t)(end - line) : strlen(line);
  }
  if (length >= size)
    length = size - 1;
  memcpy(out, line ? line : "", length);
  out[length] = '\0';
}

static double nowSeconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

// The child's environment: ours, with TILE_CASE=k.
static char **childEnvironment(int32_t index, char *entry, size_t size) {
  size_t count = 0;
  while (environ[count])
    ++count;
  char **env = tileRtHostAlloc((count + 2) * sizeof(char *));
  size_t used = 0;
  for (size_t i = 0; i < count; ++i)
    if (strncmp(environ[i], "TILE_CASE=", 10) != 0)
      env[used++] = environ[i];
  snprintf(entry, size, "TILE_CASE=%" PRId32, index);
  env[used++] = entry;
  env[used] = NULL;
  return env;
}

typedef struct Output {
  char *text;
  size_t length, capacity;
} Output;

static void appendOutput(Output *out, const char *data, size_t n) {
  if (out->length + n + 1 > out->capacity) {
    size_t capacity = out->capacity ? out->capacity : 4096;
    while (capacity < out->length + n + 1)
      capacity *= 2;
    char *grown = realloc(out->text, capacity);
    if (!grown)
      tileRtFatal("tileRtIsolatedCase: out of memory");
    out->text = grown;
    out->capacity = capacity;
  }
  memcpy(out->text + out->length, data, n);
  out->length += n;
  out->text[out->length] = '\0';
}

// Runs case `index` in a child; its output goes to `out`. Returns the wait
// status, or -1 when the child was killed after `timeout` seconds.
static int runChild(int32_t index, double timeout, Output *out) {
  int fds[2];
  if (pipe(fds) != 0)
    tileRtFatal("tileRtIsolatedCase: pipe: %s", strerror(errno));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  char entry[32];
  char **env = childEnvironment(index, entry, sizeof(entry));
  char self[] = "/proc/self/exe";
  char *argv[] = {self, NULL};
  pid_t pid;
  int rc = posix_spawn(&pid, self, &actions, NULL, argv, env);
  posix_spawn_file_actions_destroy(&actions);
  free(env);
  close(fds[1]);
  if (rc != 0)
    tileRtFatal("tileRtIsolatedCase: posix_spawn: %s", strerror(rc));
  double deadline = nowSeconds() + timeout;
  int killed = 0;
  char buffer[4096];
  for (;;) {
    double left = deadline - nowSeconds();
    if (left <= 0 && !killed) {
      kill(pid, SIGKILL);
      killed = 1;
    }
    struct pollfd p = {.fd = fds[0], .events = POLLIN};
    int ready = poll(&p, 1, killed ? 1000 : (int)(left * 1000) + 1);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0) {
      if (killed)
        break; // Output of a killed child's own children: give up on it.
      continue;
    }
    ssize_t n = read(fds[0], buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    appendOutput(out, buffer, (size_t)n);
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return killed ? -1 : status;
}

// The verdict of a child from its status and output.
static void describeVerdict(int status, const char *output, char *out,
                            size_t size) {
  const char *cudaError = output ? strstr(output, "CUDA_ERROR_") : NULL;
  char errorName[64] = "";
  if (cudaError) {
    size_t n = strspn(cudaError, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
    if (n >= sizeof(errorName))
      n = sizeof(errorName) - 1;
    memcpy(errorName, cudaError, n);
    errorName[n] = '\0';
  }
  if (status < 0) {
    snprintf(out, size, "HANG (killed after the timeout)");
  } else if (WIFSIGNALED(status)) {
    snprintf(out, size, "CRASH (signal %d)", WTERMSIG(status));
  } else if (output && strstr(output, "mbarrier.wait timed out")) {
    snprintf(out, size, "HANG (mbarrier.wait timed out)");
  } else if (output && strstr(output, "tile: tma.")) {
    // TMAToNVVM.cpp's run-time check caught the copy before the hardware.
    snprintf(out, size, "REJECTED");
  } else if (output && strstr(output, "tensor map rejected: ")) {
    // The runtime refused the map (tileRtMakeTensorMap) before any launch.
    snprintf(out, size, "REJECTED (tensor map)");
  } else if (WEXITSTATUS(status) == 0) {
    snprintf(out, size, "PASS");
  } else if (WEXITSTATUS(status) == 1) {
    snprintf(out, size, "WRONG");
  } else if (WEXITSTATUS(status) == TILE_RT_EXIT_NO_GPU) {
    snprintf(out, size, "NO-GPU");
  } else if (errorName[0]) {
    snprintf(out, size, "FAULT %s", errorName);
  } else {
    snprintf(out, size, "EXIT %d", WEXITSTATUS(status));
  }
}

int32_t tileRtIsolatedCase(int32_t numCases, const char *labels) {
  const char *selected = getenv("TILE_CASE");
  if (selected && *selected) {
    char *end;
    long index = strtol(selected, &end, 10);
    if (*end || index < 0 || index >= numCases)
      tileRtFatal("TILE_CASE=%s: this program has cases 0 to %" PRId32,
                  selected, numCases - 1);
    // Line-buffered, so that what the case printed survives a fault and
    // keeps its place among the runtime's messages on stderr.
    setvbuf(stdout, NULL, _IOLBF, 0);
    return (int32_t)index;
  }
  double timeout = 60;
  const char *limit = getenv("TILE_CASE_TIMEOUT_S");
  if (limit && atof(limit) > 0)
    timeout = atof(limit);
  fflush(stdout);
  fflush(stderr);
  int passed = 0;
  for (int32_t k = 0; k < numCases; ++k) {
    char label[256], verdict[128];
    caseLabel(labels, k, label, sizeof(label));
    printf("case %" PRId32 " %s: start\n", k, label);
    fflush(stdout);
    Output out = {0};
    int status = runChild(k, timeout, &out);
    describeVerdict(status, out.text, verdict, sizeof(verdict));
    // The child's output, indented, then the verdict.
    for (const char *line = out.text; line && *line;) {
      const char *end = strchr(line, '\n');
      size_t n = end ? (size_t)(end - line) : strlen(line);
      printf("  | %.*s\n", (int)n, line);
      line = end ? end + 1 : line + n;
    }
    printf("case %" PRId32 " %s: %s\n", k, label, verdict);
    fflush(stdout);
    passed += strcmp(verdict, "PASS") == 0;
    free(out.text);
  }
  printf("isolated cases: %" PRId32 " run, %d PASS, %" PRId32 " other\n",
         numCases, passed, numCases - passed);
  fflush(stdout);
  return -1;
}

/*===----------------------------------------------------------------------===*\
|* TMA box checks                                                             *|
\*===----------------------------------------------------------------------===*/

static const char *const kBoxModes[] = {"load", "store", "roundtrip",
                                        "reduce-add"};

static void *download(const void *dev, int64_t count, int32_t dtype) {
  int64_t bytes = tileRtDTypeSizeBytes(dtype, count);
  void *host = tileRtHostAlloc((size_t)(bytes > 0 ? bytes : 1));
  tileRtCopyToHost(host, dev, bytes);
  return host;
}

// `value` as stored in `dtype` (so that sums round like the hardware's).
static double rounded(double value, int32_t dtype) {
  unsigned char encoded[8] = {0};
  tileRtStoreElement(encoded, 0, dtype, value);
  return tileRtLoadElement(encoded, 0, dtype);
}

int32_t tileRtCheckTmaBox(const char *name, int32_t mode, const void *devSrc,
                          int64_t srcStride, const void *devDst,
                          int64_t dstRows, int64_t dstStride, int64_t padRows,
                          int64_t padCols, const void *devBoxIn,
                          const void *devBoxOut, int64_t rows, int64_t cols,
                          int64_t boxRows, int64_t boxCols, int64_t row,
                          int64_t col, int32_t dtype, double sentinel) {
  if (mode < 0 || mode > 3)
    tileRtFatal("tileRtCheckTmaBox: mode %" PRId32 " is not 0..3", mode);
  if (rows < 1 || cols < 1 || boxRows < 1 || boxCols < 1 ||
      srcStride < cols || padRows < 0 || padCols < 0 ||
      dstStride < padCols + cols || dstRows < padRows + rows)
    tileRtFatal("tileRtCheckTmaBox: inconsistent shapes");
  int64_t boxCount = boxRows * boxCols;
  void *src = download(devSrc, rows * srcStride, dtype);
  void *boxIn = mode == 1 || mode == 3
                    ? download(devBoxIn, boxCount, dtype)
                    : NULL;
  // The box's part inside the tensor: [r0, r1) x [c0, c1).
  int64_t r0 = row > 0 ? row : 0, c0 = col > 0 ? col : 0;
  int64_t r1 = row + boxRows < rows ? row + boxRows : rows;
  int64_t c1 = col + boxCols < cols ? col + boxCols : cols;
  int64_t insideRows = r1 > r0 ? r1 - r0 : 0;
  int64_t insideCols = c1 > c0 ? c1 - c0 : 0;
  double want0 = rounded(sentinel, dtype);
  int64_t wrongIn = 0, checkedIn = 0, wrongOut = 0, checkedOut = 0;
  if (mode == 0) {
    // Every box element: the tensor's inside, zero outside.
    void *box = download(devBoxOut, boxCount, dtype);
    for (int64_t i = 0; i < boxRows; ++i)
      for (int64_t j = 0; j < boxCols; ++j) {
        int64_t r = row + i, c = col + j;
        int inside = r >= 0 && r < rows && c >= 0 && c < cols;
        double got = tileRtLoadElement(box, i * boxCols + j, dtype);
        double want =
            inside ? tileRtLoadElement(src, r * srcStride + c, dtype) : 0.0;
        if (inside) {
          ++checkedIn;
          wrongIn += got != want;
        } else {
          ++checkedOut;
          wrongOut += got != want;
        }
      }
    free(box);
  } else {
    // Every element of the destination buffer around the tensor window:
    // written inside box and tensor, the sentinel everywhere else.
    void *dst = download(devDst, dstRows * dstStride, dtype);
    for (int64_t y = 0; y < dstRows; ++y)
      for (int64_t x = 0; x < dstStride; ++x) {
        int64_t r = y - padRows, c = x - padCols;
        int inside = r >= r0 && r < r1 && c >= c0 && c < c1;
        double got = tileRtLoadElement(dst, y * dstStride + x, dtype);
        double want = want0;
        if (inside) {
          int64_t b = (r - row) * boxCols + (c - col);
          if (mode == 1)
            want = tileRtLoadElement(boxIn, b, dtype);
          else if (mode == 2)
            want = tileRtLoadElement(src, r * srcStride + c, dtype);
          else
            want = rounded(want0 + tileRtLoadElement(boxIn, b, dtype), dtype);
          ++checkedIn;
          wrongIn += got != want;
        } else {
          ++checkedOut;
          wrongOut += got != want;
        }
      }
    free(dst);
  }
  free(src);
  free(boxIn);
  int pass = wrongIn == 0 && wrongOut == 0;
  printf("%s: %s of a %" PRId64 "x%" PRId64 " box at [%" PRId64 ", %" PRId64
         "] of a %" PRId64 "x%" PRId64 " %s tensor, %" PRId64 "x%" PRId64
         " inside: wrong inside %" PRId64 "/%" PRId64 ", wrong outside %" PRId64
         "/%" PRId64 " (%s) -> %s\n",
         name, kBoxModes[mode], boxRows, boxCols, row, col, rows, cols,
         tileRtDTypeName(dtype), insideRows, insideCols, wrongIn, checkedIn,
         wrongOut, checkedOut,
         mode == 0 ? "zero fill" : "sentinel kept", pass ? "PASS" : "FAIL");
  fflush(stdout);
  return pass ? 0 : 1;
}
