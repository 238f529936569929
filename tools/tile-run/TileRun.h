/*===- TileRun.h - What the parts of tile-run share -----------------------===*\
|* tile-run is split by job: Options.c (command line), Process.c (temporary   *|
|* files, stage times, child processes, the GPU probe), HostCode.c (the host  *|
|* module's LLVM IR, its object and the link) and tile-run.c (diagnostics,    *|
|* lowering, running and main).                                               *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_RUN_TILERUN_H
#define TILE_RUN_TILERUN_H

#include "mlir-c/Support.h"

#include "llvm-c/TargetMachine.h"

#include <stdbool.h>
#include <stddef.h>

/* Exit status when the executable was built but no GPU can run it. lit's
 * convention for "unsupported", and distinct from compile errors (1). */
enum { kExitNoGpu = 77 };

typedef enum { EmitRun, EmitMLIR, EmitLLVM, EmitObj, EmitExe } EmitKind;

typedef struct {
  const char *input;
  const char *output; /* -o / --emit-exe */
  const char *chip;
  const char *cudaPath;
  const char *gpuFormat;
  const char *pipeline;
  const char *waitTimeout; /* cycles, as given; NULL: off */
  bool noWarpSpecialize;   /* --no-warp-specialize */
  bool asyncDot;           /* --async-dot */
  bool noCache;            /* --no-cache */
  bool deviceChecks;     /* --tile-device-checks */
  const char *assembler;   /* --assembler (NULL: the pipeline's default) */
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

/* A growable string, also used as an MlirStringCallback sink. */
typedef struct {
  char *data;
  size_t size, capacity;
} Buffer;

/* Options.c */
Options parseOptions(int argc, char **argv, bool *probeOnly,
                     bool *printRuntimeOnly);

/* Process.c */
double nowMs(void);
char *concat(const char *a, const char *b);
void bufferAppend(Buffer *b, const char *s, size_t n);
void appendToBuffer(MlirStringRef s, void *userData);
void writeToFile(MlirStringRef s, void *userData);
int checkReadableFile(const char *path);
bool isInPath(const char *prog);
char *tempPath(const char *name);
void cleanupTemps(void);
void recordStage(const char *name, double startMs);
/* Prints the recorded stages (with --print-stage-times) and forgets them. */
void printStageTimes(void);
int spawnAndWait(const char *const *args, bool reportSignal);
int probeGpu(char *why, size_t whySize);
/* --keep-temps and --print-stage-times. */
void configureSupport(bool keepTemps, bool printStageTimes);

/* HostCode.c */
bool wrapMain(LLVMModuleRef mod, const char *input);
LLVMTargetMachineRef createHostTargetMachine(char **tripleOut);
const char *findRuntimeLibrary(const Options *o);
bool linkExecutable(const Options *o, const char *object, const char *exe);

#endif /* TILE_RUN_TILERUN_H */
