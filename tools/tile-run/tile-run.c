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
                       "cuda-path=\"%s\" format=%s%s%s%s%s%s%s%s%s})",
                       o->chip, o->cudaPath, o->gpuFormat,
                       o->waitTimeout ? " wait-timeout=" : "",
                       o->waitTimeout ? o->waitTimeout : "",
                       o->noWarpSpecialize ? " warp-specialize=false" : "",
                       o->asyncDot ? " async-dot=true" : "",
                       o->noCache ? " cache=false" : "",
                       o->deviceChecks ? " device-checks=true" : "",
                       o->assembler ? " assembler=" : "",
                       o->assembler ? o->assembler : "");
    bufferAppend(&pipeline, buf, (size_t)len);
  }
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  Buffer pipelineError = {0};
  bool lowered = false;
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreate(pipeline.data, pipeline.size), appendToBuffer,
          &pipelineError))) {
    fprintf(stderr, "tile-run: invalid pass pipeline '%s': %s\n", pipeline.data,
            pipelineError.data ? pipelineError.data : "parse error");
  } else if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(
                 pm, mlirModuleGetOperation(module))) ||
             gNumErrors) {
    fprintf(stderr, "tile-run: lowering '%s' failed (pipeline: %s)\n", o->input,
            pipeline.data);
  } else {
    lowered = true;
  }
  mlirPassManagerDestroy(pm);
  free(pipelineError.data);
  free(pipeline.data);
  return lowered;
}

/* Runs the built executable `exe` with the program's arguments when a GPU
 * is present; says why not otherwise (exit status kExitNoGpu). */
static int runExecutable(const Options *o, const char *exe) {
  char why[256] = "";
  if (!o->skipGpuCheck && probeGpu(why, sizeof(why)) == 0) {
    printStageTimes();
    fprintf(stderr, "tile-run: no CUDA GPU available; built %s but did not run it\n",
            exe);
    fprintf(stderr, "tile-run: note: %s\n", why);
    if (!o->output && !o->keepTemps)
      fprintf(stderr, "tile-run: note: the executable was temporary; keep it "
                      "with -o PATH or --emit-exe PATH\n");
    return kExitNoGpu;
  }
  printStageTimes();
  const char **argv = calloc((size_t)o->numProgramArgs + 2, sizeof(char *));
  /* A path with a '/' so that posix_spawnp does not search PATH. */
  char *relative = strchr(exe, '/') ? NULL : concat("./", exe);
  argv[0] = relative ? relative : exe;
  for (int i = 0; i < o->numProgramArgs; ++i)
    argv[i + 1] = o->programArgs[i];
  int rc = spawnAndWait(argv, true);
  free(relative);
  free(argv);
  return rc < 0 ? 1 : rc;
}

/* What compiling creates, released by releaseCompilation on every way out of
 * compileAndRun (null members are skipped). */
typedef struct {
  MlirContext ctx;
  MlirModule module;
  LLVMContextRef llvmCtx;
  LLVMModuleRef llvmModule;
  LLVMTargetMachineRef tm;
  LLVMTargetDataRef layout;
  char *triple;
  char *object; /* an --emit=obj path; temporary paths belong to Process.c */
} Compilation;

static void releaseCompilation(Compilation *c) {
  if (c->llvmModule)
    LLVMDisposeModule(c->llvmModule);
  if (c->llvmCtx)
    LLVMContextDispose(c->llvmCtx);
  if (c->layout)
    LLVMDisposeTargetData(c->layout);
  if (c->tm)
    LLVMDisposeTargetMachine(c->tm);
  if (c->triple)
    LLVMDisposeMessage(c->triple);
  if (!mlirModuleIsNull(c->module))
    mlirModuleDestroy(c->module);
  if (!mlirContextIsNull(c->ctx))
    mlirContextDestroy(c->ctx);
  free(c->object);
}

/* Parses the input into c->module; false (after a message) if it cannot. */
static bool parseInput(const Options *o, Compilation *c) {
  /* Precise errors for unreadable input, before MLIR's generic one. */
  int inputErr = checkReadableFile(o->input);
  if (inputErr) {
    fprintf(stderr, "tile-run: cannot open '%s': %s\n", o->input,
            strerror(inputErr));
    return false;
  }

  double t = nowMs();
  c->ctx = tileContextCreate();
  tileRegisterAllPasses();
  mlirContextAttachDiagnosticHandler(c->ctx, handleDiagnostic, NULL, NULL);
  c->module = mlirModuleCreateParseFromFile(
      c->ctx, mlirStringRefCreateFromCString(o->input));
  if (mlirModuleIsNull(c->module) || gNumErrors) {
    fprintf(stderr, "tile-run: cannot parse '%s'\n", o->input);
    return false;
  }
  recordStage("parse", t);
  return true;
}

/* Translates the lowered c->module to c->llvmModule (freeing the MLIR
   module), gives it a C-ABI main and the host's target; false (after a
   message) on failure. */
static bool translateToLLVM(const Options *o, Compilation *c) {
  double t = nowMs();
  c->llvmCtx = LLVMContextCreate();
  c->llvmModule =
      mlirTranslateModuleToLLVMIR(mlirModuleGetOperation(c->module), c->llvmCtx);
  if (!c->llvmModule || gNumErrors) {
    fprintf(stderr, "tile-run: cannot translate the lowered '%s' to LLVM IR\n",
            o->input);
    return false;
  }
  /* The MLIR module is not needed any more: free its memory for codegen. */
  mlirModuleDestroy(c->module);
  c->module = (MlirModule){NULL};
  mlirContextDestroy(c->ctx);
  c->ctx = (MlirContext){NULL};
  if (!wrapMain(c->llvmModule, o->input))
    return false;
  c->tm = createHostTargetMachine(&c->triple);
  if (!c->tm)
    return false;
  LLVMSetTarget(c->llvmModule, c->triple);
  c->layout = LLVMCreateTargetDataLayout(c->tm);
  LLVMSetModuleDataLayout(c->llvmModule, c->layout);
  char *verifyError = NULL;
  bool invalid =
      LLVMVerifyModule(c->llvmModule, LLVMReturnStatusAction, &verifyError);
  if (invalid)
    fprintf(stderr, "tile-run: the LLVM IR of '%s' is invalid:\n%s", o->input,
            verifyError);
  LLVMDisposeMessage(verifyError);
  if (invalid)
    return false;
  recordStage("translate", t);
  return true;

}

/* Everything after the options; `c` owns what it creates. */
static int compileAndRunWith(const Options *o, Compilation *c) {
  if (!parseInput(o, c))
    return 1;

  /* Lower: device code to an embedded binary, host code to LLVM. */
  double t = nowMs();
  if (!lowerModule(o, c->ctx, c->module))
    return 1;
  recordStage("lower", t);

  if (o->emit == EmitMLIR) {
    FILE *out = openOutput(o->output);
    if (!out)
      return 1;
    mlirOperationPrint(mlirModuleGetOperation(c->module), writeToFile, out);
    fputc('\n', out);
    return closeOutput(out, o->output) ? 0 : 1;
  }

  /* Translate to LLVM IR and give it a C-ABI main. */
  if (!translateToLLVM(o, c))
    return 1;

  if (o->emit == EmitLLVM) {
    FILE *out = openOutput(o->output);
    if (!out)
      return 1;
    char *text = LLVMPrintModuleToString(c->llvmModule);
    fputs(text, out);
    LLVMDisposeMessage(text);
    return closeOutput(out, o->output) ? 0 : 1;
  }

  /* Codegen. */
  t = nowMs();
  const char *object;
  if (o->emit == EmitObj)
    object = c->object =
        o->output ? strdup(o->output) : defaultObjectPath(o->input);
  else
    object = tempPath("host.o");
  char *err = NULL;
  if (LLVMTargetMachineEmitToFile(c->tm, c->llvmModule, object,
                                  LLVMObjectFile, &err)) {
    fprintf(stderr, "tile-run: cannot emit '%s': %s\n", object, err);
    LLVMDisposeMessage(err);
    return 1;
  }
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

static int compileAndRun(const Options *o) {
  Compilation c = {0};
  int rc = compileAndRunWith(o, &c);
  releaseCompilation(&c);
  return rc;
}

int main(int argc, char **argv) {
  bool probeOnly = false, printRuntimeOnly = false;
  Options options = parseOptions(argc, argv, &probeOnly, &printRuntimeOnly);

  int rc;
  if (printRuntimeOnly) {
    const char *lib = findRuntimeLibrary(&options);
    if (lib)
      printf("%s\n", lib);
    rc = lib ? 0 : 1;
  } else if (probeOnly) {
    char why[256] = "";
    int count = probeGpu(why, sizeof(why));
    if (count == 0)
      fprintf(stderr, "tile-run: no CUDA GPU available: %s\n", why);
    else
      printf("tile-run: %d CUDA device(s)\n", count);
    rc = count == 0 ? kExitNoGpu : 0;
  } else {
    configureSupport(options.keepTemps, options.printStageTimes);
    gPrintOpOnDiagnostic = options.printOpOnDiagnostic;
    rc = compileAndRun(&options);
    printStageTimes();
    cleanupTemps();
  }
  free(options.linkArgs);
  return rc;
}

