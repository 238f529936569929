/*===- tile-run.c - Compile a TileMLIR host program and run it ------------===*\
|*                                                                            *|
|* Parses a .mlir file holding a host func.func @main and its gpu.modules,    *|
|* lowers it with the tile-to-llvm pipeline, translates it to LLVM IR, emits  *|
|* an x86-64 object, links it with the TileMLIR runtime (and the helpers of   *|
|* test programs) and runs the result.                                        *|
|*                                                                            *|
|* Written in C11 on the public C APIs of TileMLIR, MLIR and LLVM only: it is *|
|* the proof that the compiler can be embedded without C++.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

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

/* Exit status when the executable was built but no GPU can run it. lit's
 * convention for "unsupported", and distinct from compile errors (1). */
enum { kExitNoGpu = 77 };

/* Name given to the user's @main so that a C-ABI main can wrap it. */
static const char kUserMainName[] = "__tile_host_main";
/* Optional runtime hook: the exit status of a program whose @main returns
 * nothing (e.g. non-zero after a failed check). Referenced weakly. */
static const char kExitStatusHook[] = "tileRtExitStatus";

/*===----------------------------------------------------------------------===*
 * Options
 *===----------------------------------------------------------------------===*/

typedef enum { EmitRun, EmitMLIR, EmitLLVM, EmitObj, EmitExe } EmitKind;

typedef struct {
  const char *input;
  const char *output; /* -o / --emit-exe */
  const char *chip;
  const char *cudaPath;
  const char *gpuFormat;
  const char *pipeline;
  const char *waitTimeout; /* cycles, as given; NULL: off */
  const char *cc;
  const char *runtimeLib;
  const char *testSupportLib;
  bool noTestSupport;
  EmitKind emit;
  bool keepTemps;
  bool printStageTimes;
  bool skipGpuCheck;
  bool printOpOnDiagnostic;
  const char **linkArgs;
  int numLinkArgs;
  char **programArgs; /* after "--" */
  int numProgramArgs;
} Options;

/* The help text, around the line of --chip: the chips come from TileMLIR's
 * target table. */
static const char *const kUsageHead =
    "usage: tile-run [options] file.mlir [-- program args...]\n"
    "\n"
    "Compiles a host func.func @main with its gpu.modules (tile-to-llvm),\n"
    "links it with the TileMLIR runtime and runs it on the GPU.\n"
    "\n"
    "options:\n";
static const char *const kUsageTail =
    "  --cuda-path=DIR       CUDA toolkit with bin/ptxas (default "
    "/usr/local/cuda)\n"
    "  --gpu-format=FMT      what is embedded: bin (cubin, default), isa "
    "(PTX), fatbin\n"
    "  --pipeline=STR        textual pass pipeline replacing the default\n"
    "  --tile-wait-timeout=CYCLES\n"
    "                        debug mode: an mbarrier wait that has not\n"
    "                        completed after CYCLES clock cycles prints the\n"
    "                        kernel, the wait's source location, the phase\n"
    "                        and the block/thread from the GPU, then traps\n"
    "  --emit=KIND           stop early: mlir (lowered IR), llvm (LLVM IR),\n"
    "                        obj (x86-64 object), exe (executable; needs -o)\n"
    "  --emit-exe PATH       build the executable at PATH and stop\n"
    "  -o PATH               output of --emit (default: stdout for mlir/llvm,\n"
    "                        <input>.o for obj); when running, keeps the\n"
    "                        executable at PATH\n"
    "  --keep-temps          keep the temporary directory and say where it is\n"
    "  --print-stage-times   print the wall time of each stage to stderr\n"
    "  --print-op-on-diagnostic\n"
    "                        show the whole op an error is about\n"
    "  --cc=PROG             C compiler used to link (default: cc, clang-22, "
    "gcc)\n"
    "  --runtime-lib=PATH    runtime library (default: $TILE_RUNTIME_LIBRARY,\n"
    "                        then the one TileMLIR was built with)\n"
    "  --test-support-lib=PATH\n"
    "                        library of test helpers (tileRtCheck*, fills,\n"
    "                        reference GEMM), linked before the runtime\n"
    "                        (default: $TILE_TEST_SUPPORT_LIBRARY, then the one\n"
    "                        TileMLIR was built with)\n"
    "  --no-test-support     link only the runtime library\n"
    "  --link-arg=ARG        extra argument for the link (repeatable)\n"
    "  --skip-gpu-check      run even when no CUDA GPU is found (for runtimes\n"
    "                        that need none, e.g. test stubs)\n"
    "  --probe-gpu           exit 0 if a CUDA GPU is usable, 77 otherwise\n"
    "  --print-runtime-lib   print the runtime library path and exit\n"
    "  -h, --help            this text\n"
    "\n"
    "exit status: the program's (128+N if killed by signal N); 1 when "
    "compiling\n"
    "or linking fails; 77 when no CUDA GPU is available to run it.\n";

static void usageError(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));
static void usageError(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  fprintf(stderr, "tile-run: ");
  vfprintf(stderr, fmt, args);
  va_end(args);
  fprintf(stderr, "\n(see 'tile-run --help')\n");
  exit(1);
}

/* Matches "--name=value" or "--name value"; advances *i for the latter. */
static bool matchValue(int argc, char **argv, int *i, const char *name,
                       const char **value) {
  const char *arg = argv[*i];
  size_t len = strlen(name);
  if (strncmp(arg, name, len) != 0)
    return false;
  if (arg[len] == '=') {
    *value = arg + len + 1;
    return true;
  }
  if (arg[len] != '\0')
    return false;
  if (*i + 1 >= argc)
    usageError("option '%s' needs a value", name);
  *value = argv[++*i];
  return true;
}

static bool isOneOf(const char *s, const char *const *list) {
  for (; *list; ++list)
    if (strcmp(s, *list) == 0)
      return true;
  return false;
}

static Options parseOptions(int argc, char **argv, bool *probeOnly,
                            bool *printRuntimeOnly) {
  Options o;
  memset(&o, 0, sizeof(o));
  o.chip = tileChipGetDefault();
  o.cudaPath = "/usr/local/cuda";
  o.gpuFormat = "bin";
  o.emit = EmitRun;
  o.linkArgs = calloc((size_t)argc + 1, sizeof(char *));
  const char *emitExe = NULL, *emit = NULL;

  for (int i = 1; i < argc; ++i) {
    const char *arg = argv[i], *v;
    if (strcmp(arg, "--") == 0) {
      o.programArgs = argv + i + 1;
      o.numProgramArgs = argc - i - 1;
      break;
    }
    if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
      printf("%s  --chip=CHIP           %s\n%s", kUsageHead,
             tileChipListSupportedWithDefault(), kUsageTail);
      exit(0);
    }
    if (strcmp(arg, "--keep-temps") == 0)
      o.keepTemps = true;
    else if (strcmp(arg, "--print-stage-times") == 0)
      o.printStageTimes = true;
    else if (strcmp(arg, "--skip-gpu-check") == 0)
      o.skipGpuCheck = true;
    else if (strcmp(arg, "--print-op-on-diagnostic") == 0)
      o.printOpOnDiagnostic = true;
    else if (strcmp(arg, "--probe-gpu") == 0)
      *probeOnly = true;
    else if (strcmp(arg, "--print-runtime-lib") == 0)
      *printRuntimeOnly = true;
    else if (strcmp(arg, "--no-test-support") == 0)
      o.noTestSupport = true;
    else if (matchValue(argc, argv, &i, "--chip", &v))
      o.chip = v;
    else if (matchValue(argc, argv, &i, "--cuda-path", &v))
      o.cudaPath = v;
    else if (matchValue(argc, argv, &i, "--gpu-format", &v))
      o.gpuFormat = v;
    else if (matchValue(argc, argv, &i, "--pipeline", &v))
      o.pipeline = v;
    else if (matchValue(argc, argv, &i, "--tile-wait-timeout", &v))
      o.waitTimeout = v;
    else if (matchValue(argc, argv, &i, "--emit-exe", &v))
      emitExe = v;
    else if (matchValue(argc, argv, &i, "--emit", &v))
      emit = v;
    else if (matchValue(argc, argv, &i, "-o", &v))
      o.output = v;
    else if (matchValue(argc, argv, &i, "--cc", &v))
      o.cc = v;
    else if (matchValue(argc, argv, &i, "--runtime-lib", &v))
      o.runtimeLib = v;
    else if (matchValue(argc, argv, &i, "--test-support-lib", &v))
      o.testSupportLib = v;
    else if (matchValue(argc, argv, &i, "--link-arg", &v))
      o.linkArgs[o.numLinkArgs++] = v;
    else if (arg[0] == '-' && arg[1] != '\0')
      usageError("unknown option '%s'", arg);
    else if (o.input)
      usageError("more than one input file ('%s'); program arguments go "
                 "after '--'",
                 arg);
    else
      o.input = arg;
  }

  if (*probeOnly || *printRuntimeOnly)
    return o;
  if (o.waitTimeout && (o.waitTimeout[0] == '\0' ||
                        strspn(o.waitTimeout, "0123456789") !=
                            strlen(o.waitTimeout)))
    usageError("--tile-wait-timeout takes a number of clock cycles, got '%s'",
               o.waitTimeout);
  if (!o.input)
    usageError("%s", "no input file");

  if (!tileChipIsSupported(o.chip))
    usageError("unsupported chip '%s' (expected %s)", o.chip,
               tileChipListSupported());
  static const char *const formats[] = {"bin", "isa", "fatbin", NULL};
  if (!isOneOf(o.gpuFormat, formats))
    usageError("unknown --gpu-format '%s' (expected bin, isa or fatbin)",
               o.gpuFormat);

  if (emit) {
    if (strcmp(emit, "mlir") == 0)
      o.emit = EmitMLIR;
    else if (strcmp(emit, "llvm") == 0)
      o.emit = EmitLLVM;
    else if (strcmp(emit, "obj") == 0)
      o.emit = EmitObj;
    else if (strcmp(emit, "exe") == 0)
      o.emit = EmitExe;
    else
      usageError("unknown --emit kind '%s' (expected mlir, llvm, obj or exe)",
                 emit);
  }
  if (emitExe) {
    if (emit && o.emit != EmitExe)
      usageError("--emit-exe conflicts with --emit=%s", emit);
    if (o.output && strcmp(o.output, emitExe) != 0)
      usageError("--emit-exe and -o name different outputs ('%s')", emitExe);
    o.emit = EmitExe;
    o.output = emitExe;
  }
  if (o.emit == EmitExe && !o.output)
    usageError("%s", "--emit=exe needs an output path (-o PATH)");
  if (o.numProgramArgs && o.emit != EmitRun)
    usageError("%s", "program arguments are only used when running");
  return o;
}

/*===----------------------------------------------------------------------===*
 * Small utilities
 *===----------------------------------------------------------------------===*/

static double nowMs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static char *concat(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  char *s = malloc(la + lb + 1);
  memcpy(s, a, la);
  memcpy(s + la, b, lb + 1);
  return s;
}

/* A growable string, also used as an MlirStringCallback sink. */
typedef struct {
  char *data;
  size_t size, capacity;
} Buffer;

static void bufferAppend(Buffer *b, const char *s, size_t n) {
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

static void appendToBuffer(MlirStringRef s, void *userData) {
  bufferAppend((Buffer *)userData, s.data, s.length);
}

static void writeToFile(MlirStringRef s, void *userData) {
  fwrite(s.data, 1, s.length, (FILE *)userData);
}

/* 0 if `path` is a readable file, else the errno that says why not. */
static int checkReadableFile(const char *path) {
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
static bool isInPath(const char *prog) {
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

static char *tempPath(const char *name) {
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

static void cleanupTemps(void) {
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

static void recordStage(const char *name, double startMs) {
  if (gNumStages < (int)(sizeof(gStages) / sizeof(gStages[0])))
    gStages[gNumStages++] = (Stage){name, nowMs() - startMs};
}

static void printStageTimes(void) {
  if (!gPrintStageTimes || gNumStages == 0)
    return;
  double total = 0;
  fprintf(stderr, "tile-run: stage times\n");
  for (int i = 0; i < gNumStages; ++i) {
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
static int spawnAndWait(const char *const *args, bool reportSignal) {
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
static int probeGpu(char *why, size_t whySize) {
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

/*===----------------------------------------------------------------------===*
 * Diagnostics
 *===----------------------------------------------------------------------===*/

/* Prints "file:line:col" for the first file location inside `loc`. */
static bool printFileLocation(MlirLocation loc, FILE *out) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef file =
        mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    fprintf(out, "%.*s:%d:%d", (int)file.length, file.data,
            mlirLocationFileLineColRangeGetStartLine(loc),
            mlirLocationFileLineColRangeGetStartColumn(loc));
    return true;
  }
  if (mlirLocationIsAName(loc))
    return printFileLocation(mlirLocationNameGetChildLoc(loc), out);
  if (mlirLocationIsACallSite(loc))
    return printFileLocation(mlirLocationCallSiteGetCallee(loc), out) ||
           printFileLocation(mlirLocationCallSiteGetCaller(loc), out);
  if (mlirLocationIsAFused(loc)) {
    intptr_t n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *locs = malloc(sizeof(MlirLocation) * (size_t)(n ? n : 1));
    mlirLocationFusedGetLocations(loc, locs);
    bool printed = false;
    for (intptr_t i = 0; i < n && !printed; ++i)
      printed = printFileLocation(locs[i], out);
    free(locs);
    return printed;
  }
  return false;
}

static bool gPrintOpOnDiagnostic;

/* Matches MLIR's "see current operation: ..." note, which dumps a whole
 * (possibly binary-laden) op. */
static bool isOpDumpNote(MlirDiagnostic diag) {
  Buffer text = {0};
  mlirDiagnosticPrint(diag, appendToBuffer, &text);
  bool isDump = text.data && strncmp(text.data, "see current operation:",
                                     strlen("see current operation:")) == 0;
  free(text.data);
  return isDump;
}

static void printDiagnostic(MlirDiagnostic diag, FILE *out) {
  static const char *const kinds[] = {"error", "warning", "note", "remark"};
  MlirDiagnosticSeverity severity = mlirDiagnosticGetSeverity(diag);
  if (severity == MlirDiagnosticNote && !gPrintOpOnDiagnostic &&
      isOpDumpNote(diag))
    return;
  if (!printFileLocation(mlirDiagnosticGetLocation(diag), out))
    fputs("tile-run", out);
  /* Some upstream messages end in a newline of their own. */
  Buffer message = {0};
  mlirDiagnosticPrint(diag, appendToBuffer, &message);
  while (message.size && (message.data[message.size - 1] == '\n' ||
                          message.data[message.size - 1] == ' '))
    message.data[--message.size] = '\0';
  fprintf(out, ": %s: %s\n", kinds[severity], message.data ? message.data : "");
  free(message.data);
  for (intptr_t i = 0, e = mlirDiagnosticGetNumNotes(diag); i < e; ++i)
    printDiagnostic(mlirDiagnosticGetNote(diag, i), out);
}

/* Some upstream code emits an error and carries on (gpu-module-to-binary
 * with a missing CUDA path falls back to PATH); any error fails the stage. */
static int gNumErrors;

static MlirLogicalResult handleDiagnostic(MlirDiagnostic diag, void *userData) {
  (void)userData;
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++gNumErrors;
  printDiagnostic(diag, stderr);
  return mlirLogicalResultSuccess();
}

/*===----------------------------------------------------------------------===*
 * Host code generation (LLVM C API)
 *===----------------------------------------------------------------------===*/

/* Renames the user's @main and adds `i32 main(i32, ptr)` around it, so the
 * exit status is well defined whatever @main returns. */
static bool wrapMain(LLVMModuleRef mod, const char *input) {
  LLVMValueRef userMain = LLVMGetNamedFunction(mod, "main");
  if (!userMain || LLVMIsDeclaration(userMain)) {
    fprintf(stderr,
            "tile-run: '%s' defines no host @main (expected func.func @main() "
            "or @main() -> i32 at the top level)\n",
            input);
    return false;
  }
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef userTy = LLVMGlobalGetValueType(userMain);
  LLVMTypeRef retTy = LLVMGetReturnType(userTy);
  unsigned numParams = LLVMCountParamTypes(userTy);
  LLVMTypeRef params[2];
  if (numParams == 2)
    LLVMGetParamTypes(userTy, params);

  bool voidResult = LLVMGetTypeKind(retTy) == LLVMVoidTypeKind;
  bool intResult = LLVMGetTypeKind(retTy) == LLVMIntegerTypeKind;
  bool argvParams = numParams == 2 &&
                    LLVMGetTypeKind(params[0]) == LLVMIntegerTypeKind &&
                    LLVMGetTypeKind(params[1]) == LLVMPointerTypeKind;
  if ((!voidResult && !intResult) || (numParams != 0 && !argvParams) ||
      LLVMIsFunctionVarArg(userTy)) {
    fprintf(stderr,
            "tile-run: host @main in '%s' must take no arguments or "
            "(i32 argc, !llvm.ptr argv) and return nothing or an integer "
            "exit code\n",
            input);
    return false;
  }

  LLVMSetValueName2(userMain, kUserMainName, strlen(kUserMainName));
  LLVMSetLinkage(userMain, LLVMInternalLinkage);

  LLVMTypeRef mainParams[2] = {i32, ptr};
  LLVMTypeRef mainTy = LLVMFunctionType(i32, mainParams, 2, 0);
  LLVMValueRef mainFn = LLVMAddFunction(mod, "main", mainTy);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, mainFn, "entry");
  LLVMPositionBuilderAtEnd(b, entry);

  LLVMValueRef args[2];
  if (argvParams) {
    args[0] = LLVMBuildIntCast2(b, LLVMGetParam(mainFn, 0), params[0], true,
                                "argc");
    args[1] = LLVMGetParam(mainFn, 1);
  }
  LLVMValueRef result =
      LLVMBuildCall2(b, userTy, userMain, args, argvParams ? 2 : 0, "");

  if (intResult) {
    LLVMBuildRet(b, LLVMBuildIntCast2(b, result, i32, true, "status"));
  } else {
    /* status = tileRtExitStatus ? tileRtExitStatus() : 0 */
    LLVMTypeRef hookTy = LLVMFunctionType(i32, NULL, 0, 0);
    LLVMValueRef hook = LLVMGetNamedFunction(mod, kExitStatusHook);
    if (!hook)
      hook = LLVMAddFunction(mod, kExitStatusHook, hookTy);
    LLVMSetLinkage(hook, LLVMExternalWeakLinkage);
    LLVMBasicBlockRef call = LLVMAppendBasicBlockInContext(ctx, mainFn, "hook");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(ctx, mainFn, "ret0");
    LLVMValueRef present =
        LLVMBuildICmp(b, LLVMIntNE, hook, LLVMConstNull(ptr), "has_hook");
    LLVMBuildCondBr(b, present, call, done);
    LLVMPositionBuilderAtEnd(b, call);
    LLVMBuildRet(b, LLVMBuildCall2(b, hookTy, hook, NULL, 0, "status"));
    LLVMPositionBuilderAtEnd(b, done);
    LLVMBuildRet(b, LLVMConstInt(i32, 0, 0));
  }
  LLVMDisposeBuilder(b);
  return true;
}

static LLVMTargetMachineRef createHostTargetMachine(char **tripleOut) {
  LLVMInitializeX86TargetInfo();
  LLVMInitializeX86Target();
  LLVMInitializeX86TargetMC();
  LLVMInitializeX86AsmPrinter();
  char *triple = LLVMGetDefaultTargetTriple();
  LLVMTargetRef target;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &err)) {
    fprintf(stderr, "tile-run: no LLVM target for '%s': %s\n", triple, err);
    LLVMDisposeMessage(err);
    return NULL;
  }
  /* Generic x86-64, not the host CPU: executables built here run on the GPU
   * machine too. PIC because cc links position-independent executables. */
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(
      target, triple, "x86-64", "", LLVMCodeGenLevelDefault, LLVMRelocPIC,
      LLVMCodeModelDefault);
  *tripleOut = triple;
  return tm;
}

/*===----------------------------------------------------------------------===*
 * Linking
 *===----------------------------------------------------------------------===*/

/* A library named by its option, else by its environment variable, else the
 * one TileMLIR was built with (builtIn, NULL when there is none). */
static const char *findLibrary(const char *option, const char *envVar,
                               const char *builtIn) {
  if (option)
    return option;
  const char *env = getenv(envVar);
  if (env && *env)
    return env;
  return builtIn;
}

static const char *findRuntimeLibrary(const Options *o) {
#ifdef TILE_RUNTIME_LIBRARY
  const char *builtIn = TILE_RUNTIME_LIBRARY;
#else
  const char *builtIn = NULL;
#endif
  return findLibrary(o->runtimeLib, "TILE_RUNTIME_LIBRARY", builtIn);
}

/* NULL with --no-test-support, or when TileMLIR was built without it and
 * none is named: then only the runtime is linked. */
static const char *findTestSupportLibrary(const Options *o) {
  if (o->noTestSupport)
    return NULL;
#ifdef TILE_TEST_SUPPORT_LIBRARY
  const char *builtIn = TILE_TEST_SUPPORT_LIBRARY;
#else
  const char *builtIn = NULL;
#endif
  return findLibrary(o->testSupportLib, "TILE_TEST_SUPPORT_LIBRARY", builtIn);
}

static const char *findCCompiler(const Options *o) {
  if (o->cc)
    return o->cc;
  static const char *const candidates[] = {"cc", "clang-22", "gcc", "clang"};
  for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]); ++i)
    if (isInPath(candidates[i]))
      return candidates[i];
  return "cc";
}

static bool checkLibrary(const char *path, const char *what) {
  int err = checkReadableFile(path);
  if (err)
    fprintf(stderr, "tile-run: cannot open %s library '%s': %s\n", what, path,
            strerror(err));
  return err == 0;
}

/* Appends `lib` to the link command; a shared library must be found again
 * when the program starts, so it also gets an rpath (returned, to be freed;
 * NULL for an archive). */
static char *addLibrary(const char **argv, int *n, const char *lib) {
  argv[(*n)++] = lib;
  size_t len = strlen(lib);
  if (len <= 3 || strcmp(lib + len - 3, ".so") != 0)
    return NULL;
  char *dir = strdup(lib);
  char *slash = strrchr(dir, '/');
  if (slash)
    *slash = '\0';
  char *rpath = concat("-Wl,-rpath,", slash ? dir : ".");
  argv[(*n)++] = rpath;
  free(dir);
  return rpath;
}

static bool linkExecutable(const Options *o, const char *object,
                           const char *exe) {
  const char *runtime = findRuntimeLibrary(o);
  if (!runtime) {
    fprintf(stderr,
            "tile-run: no runtime library to link with: this TileMLIR was "
            "built without lib/Runtime; pass --runtime-lib=PATH or set "
            "TILE_RUNTIME_LIBRARY\n");
    return false;
  }
  if (!checkLibrary(runtime, "runtime"))
    return false;
  const char *testSupport = findTestSupportLibrary(o);
  if (testSupport && !checkLibrary(testSupport, "test-support"))
    return false;

  const char *cc = findCCompiler(o);
  const char **argv = calloc((size_t)o->numLinkArgs + 16, sizeof(char *));
  int n = 0;
  argv[n++] = cc;
  argv[n++] = object;
  /* The test helpers call into the runtime: they come first. */
  char *testSupportRpath =
      testSupport ? addLibrary(argv, &n, testSupport) : NULL;
  char *runtimeRpath = addLibrary(argv, &n, runtime);
  for (int i = 0; i < o->numLinkArgs; ++i)
    argv[n++] = o->linkArgs[i];
  /* The runtime dlopens libcuda itself: no -lcuda. */
  argv[n++] = "-ldl";
  argv[n++] = "-lm";
  argv[n++] = "-o";
  argv[n++] = exe;
  argv[n] = NULL;

  int rc = spawnAndWait(argv, true);
  free(argv);
  free(testSupportRpath);
  free(runtimeRpath);
  if (rc != 0) {
    if (rc > 0)
      fprintf(stderr, "tile-run: linking '%s' failed: '%s' exited with status %d\n",
              exe, cc, rc);
    return false;
  }
  return true;
}

/*===----------------------------------------------------------------------===*
 * The driver
 *===----------------------------------------------------------------------===*/

static FILE *openOutput(const char *path) {
  if (!path || strcmp(path, "-") == 0)
    return stdout;
  FILE *f = fopen(path, "w");
  if (!f)
    fprintf(stderr, "tile-run: cannot write '%s': %s\n", path, strerror(errno));
  return f;
}

static bool closeOutput(FILE *f, const char *path) {
  if (f == stdout)
    return fflush(stdout) == 0;
  if (fclose(f) != 0) {
    fprintf(stderr, "tile-run: cannot write '%s': %s\n", path, strerror(errno));
    return false;
  }
  return true;
}

/* "dir/kernel.mlir" -> "kernel.o" */
static char *defaultObjectPath(const char *input) {
  const char *base = strrchr(input, '/');
  base = base ? base + 1 : input;
  char *stem = strdup(base);
  char *dot = strrchr(stem, '.');
  if (dot && dot != stem)
    *dot = '\0';
  char *path = concat(stem, ".o");
  free(stem);
  return path;
}

/* Lowers device code to an embedded binary and host code to LLVM, with
 * the default pipeline for the chosen chip or the one given. */
static bool lowerModule(const Options *o, MlirContext ctx, MlirModule module) {
  Buffer pipeline = {0};
  if (o->pipeline) {
    bufferAppend(&pipeline, o->pipeline, strlen(o->pipeline));
  } else {
    char buf[4096];
    int len = snprintf(buf, sizeof(buf),
                       "builtin.module(tile-to-llvm{chip=%s "
                       "cuda-path=\"%s\" format=%s%s%s})",
                       o->chip, o->cudaPath, o->gpuFormat,
                       o->waitTimeout ? " wait-timeout=" : "",
                       o->waitTimeout ? o->waitTimeout : "");
    bufferAppend(&pipeline, buf, (size_t)len);
  }
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  Buffer pipelineError = {0};
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreate(pipeline.data, pipeline.size), appendToBuffer,
          &pipelineError))) {
    fprintf(stderr, "tile-run: invalid pass pipeline '%s': %s\n", pipeline.data,
            pipelineError.data ? pipelineError.data : "parse error");
    return false;
  }
  if (mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module))) ||
      gNumErrors) {
    fprintf(stderr, "tile-run: lowering '%s' failed (pipeline: %s)\n", o->input,
            pipeline.data);
    return false;
  }
  mlirPassManagerDestroy(pm);
  return true;
}

/* Runs the built executable `exe` with the program's arguments when a GPU
 * is present; says why not otherwise (exit status kExitNoGpu). */
static int runExecutable(const Options *o, const char *exe) {
  char why[256] = "";
  if (!o->skipGpuCheck && probeGpu(why, sizeof(why)) == 0) {
    printStageTimes();
    gNumStages = 0;
    fprintf(stderr, "tile-run: no CUDA GPU available; built %s but did not run it\n",
            exe);
    fprintf(stderr, "tile-run: note: %s\n", why);
    if (!o->output && !o->keepTemps)
      fprintf(stderr, "tile-run: note: the executable was temporary; keep it "
                      "with -o PATH or --emit-exe PATH\n");
    return kExitNoGpu;
  }
  printStageTimes();
  gNumStages = 0;
  const char **argv = calloc((size_t)o->numProgramArgs + 2, sizeof(char *));
  /* A path with a '/' so that posix_spawnp does not search PATH. */
  argv[0] = strchr(exe, '/') ? exe : concat("./", exe);
  for (int i = 0; i < o->numProgramArgs; ++i)
    argv[i + 1] = o->programArgs[i];
  int rc = spawnAndWait(argv, true);
  return rc < 0 ? 1 : rc;
}

/* Everything after the options, so that every exit path cleans up. */
static int compileAndRun(const Options *o) {
  /* Precise errors for unreadable input, before MLIR's generic one. */
  int inputErr = checkReadableFile(o->input);
  if (inputErr) {
    fprintf(stderr, "tile-run: cannot open '%s': %s\n", o->input,
            strerror(inputErr));
    return 1;
  }

  double t = nowMs();
  MlirContext ctx = tileContextCreate();
  tileRegisterAllPasses();
  mlirContextAttachDiagnosticHandler(ctx, handleDiagnostic, NULL, NULL);
  MlirModule module = mlirModuleCreateParseFromFile(
      ctx, mlirStringRefCreateFromCString(o->input));
  if (mlirModuleIsNull(module) || gNumErrors) {
    fprintf(stderr, "tile-run: cannot parse '%s'\n", o->input);
    return 1;
  }
  recordStage("parse", t);

  /* Lower: device code to an embedded binary, host code to LLVM. */
  t = nowMs();
  if (!lowerModule(o, ctx, module))
    return 1;
  recordStage("lower", t);

  if (o->emit == EmitMLIR) {
    FILE *out = openOutput(o->output);
    if (!out)
      return 1;
    mlirOperationPrint(mlirModuleGetOperation(module), writeToFile, out);
    fputc('\n', out);
    return closeOutput(out, o->output) ? 0 : 1;
  }

  /* Translate to LLVM IR and give it a C-ABI main. */
  t = nowMs();
  LLVMContextRef llvmCtx = LLVMContextCreate();
  LLVMModuleRef llvmModule =
      mlirTranslateModuleToLLVMIR(mlirModuleGetOperation(module), llvmCtx);
  if (!llvmModule || gNumErrors) {
    fprintf(stderr, "tile-run: cannot translate the lowered '%s' to LLVM IR\n",
            o->input);
    return 1;
  }
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  if (!wrapMain(llvmModule, o->input))
    return 1;
  char *triple = NULL;
  LLVMTargetMachineRef tm = createHostTargetMachine(&triple);
  if (!tm)
    return 1;
  LLVMSetTarget(llvmModule, triple);
  LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(tm);
  LLVMSetModuleDataLayout(llvmModule, layout);
  char *verifyError = NULL;
  if (LLVMVerifyModule(llvmModule, LLVMReturnStatusAction, &verifyError)) {
    fprintf(stderr, "tile-run: the LLVM IR of '%s' is invalid:\n%s", o->input,
            verifyError);
    return 1;
  }
  LLVMDisposeMessage(verifyError);
  recordStage("translate", t);

  if (o->emit == EmitLLVM) {
    FILE *out = openOutput(o->output);
    if (!out)
      return 1;
    char *text = LLVMPrintModuleToString(llvmModule);
    fputs(text, out);
    LLVMDisposeMessage(text);
    return closeOutput(out, o->output) ? 0 : 1;
  }

  /* Codegen. */
  t = nowMs();
  char *object;
  if (o->emit == EmitObj)
    object = o->output ? strdup(o->output) : defaultObjectPath(o->input);
  else
    object = tempPath("host.o");
  char *err = NULL;
  if (LLVMTargetMachineEmitToFile(tm, llvmModule, object, LLVMObjectFile,
                                  &err)) {
    fprintf(stderr, "tile-run: cannot emit '%s': %s\n", object, err);
    LLVMDisposeMessage(err);
    return 1;
  }
  LLVMDisposeModule(llvmModule);
  LLVMDisposeTargetData(layout);
  LLVMDisposeTargetMachine(tm);
  LLVMDisposeMessage(triple);
  LLVMContextDispose(llvmCtx);
  recordStage("codegen", t);
  if (o->emit == EmitObj)
    return 0;

  /* Link. */
  t = nowMs();
  const char *exe = o->output ? o->output : tempPath("main");
  if (!linkExecutable(o, object, exe))
    return 1;
  recordStage("link", t);
  if (o->emit == EmitExe)
    return 0;

  return runExecutable(o, exe);
}

int main(int argc, char **argv) {
  bool probeOnly = false, printRuntimeOnly = false;
  Options options = parseOptions(argc, argv, &probeOnly, &printRuntimeOnly);

  if (printRuntimeOnly) {
    const char *lib = findRuntimeLibrary(&options);
    if (!lib)
      return 1;
    printf("%s\n", lib);
    return 0;
  }
  if (probeOnly) {
    char why[256] = "";
    int count = probeGpu(why, sizeof(why));
    if (count == 0) {
      fprintf(stderr, "tile-run: no CUDA GPU available: %s\n", why);
      return kExitNoGpu;
    }
    printf("tile-run: %d CUDA device(s)\n", count);
    return 0;
  }

  gTemps.keep = options.keepTemps;
  gPrintStageTimes = options.printStageTimes;
  gPrintOpOnDiagnostic = options.printOpOnDiagnostic;
  int rc = compileAndRun(&options);
  printStageTimes();
  cleanupTemps();
  return rc;
}
