/*===- tile-fuzz.c - libFuzzer target: parse, verify, compile -------------===*\
|*                                                                            *|
|* Takes each input as MLIR text and drives it through the public C API the  *|
|* way an embedding program would: parse, verify, then the whole tile-to-llvm *|
|* pipeline (the device pipeline of tile-to-nvvm, host lowering, and         *|
|* gpu-module-to-binary emitting PTX through the NVPTX backend in-process;   *|
|* PTX rather than a cubin so that no ptxas process runs per input).          *|
|*                                                                            *|
|* Diagnostics are the compiler's answer to a bad input and are swallowed.   *|
|* Findings are what libFuzzer and the sanitizers see: a crash, an abort     *|
|* (assertions, LLVM ERROR, which exits), a sanitizer report, a timeout, an  *|
|* RSS overrun. One more is checked here: a pipeline that fails without an   *|
|* error diagnostic leaves the user with no reason, and aborts.              *|
|*                                                                            *|
|* The chip follows the input's length (even: sm_90a, odd: sm_100a), so     *|
|* that mutations reach both targets and every input replays the same way.  *|
|* Modules with an #nvvm.target keep theirs.                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "tile-c/Dialects.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirDialectRegistry gRegistry;

static MlirLogicalResult countErrors(MlirDiagnostic diag, void *userData) {
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++*(unsigned *)userData;
  return mlirLogicalResultSuccess();
}

static void ignoreString(MlirStringRef str, void *userData) {
  (void)str;
  (void)userData;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  gRegistry = mlirDialectRegistryCreate();
  tileRegisterAllDialects(gRegistry);
  tileRegisterAllPasses();
  return 0;
}

static void compile(MlirContext ctx, MlirOperation module, const char *chip,
                    const unsigned *numErrors) {
  char text[256];
  snprintf(text, sizeof(text),
           "builtin.module(tile-to-llvm{chip=%s format=isa})", chip);
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  if (mlirLogicalResultIsFailure(mlirParsePassPipeline(
          mlirPassManagerGetAsOpPassManager(pm),
          mlirStringRefCreateFromCString(text), ignoreString, NULL))) {
    fprintf(stderr, "tile-fuzz: the pipeline '%s' does not parse\n", text);
    abort();
  }
  unsigned errorsBefore = *numErrors;
  if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, module)) &&
      *numErrors == errorsBefore) {
    fprintf(stderr, "tile-fuzz: the pipeline failed without an error\n");
    abort();
  }
  mlirPassManagerDestroy(pm);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A fresh context per input: nothing uniqued by one input (types,
  // attributes, loaded dialects) is seen by the next, so every finding
  // replays from its input alone. No thread pool: one input, one thread.
  MlirContext ctx =
      mlirContextCreateWithRegistry(gRegistry, /*threadingEnabled=*/false);
  unsigned numErrors = 0;
  mlirContextAttachDiagnosticHandler(ctx, countErrors, &numErrors, NULL);

  // MLIR's lexer reads the byte after the text to find its end, whatever
  // length the MlirStringRef says (an identifier running into the next
  // heap bytes: a heap-buffer-overflow in upstream code, not ours), so the
  // text goes in NUL-terminated, as C callers' strings do.
  char *text = malloc(size + 1);
  if (!text)
    abort();
  memcpy(text, data, size);
  text[size] = '\0';
  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreate(text, size));
  if (!mlirModuleIsNull(module)) {
    MlirOperation op = mlirModuleGetOperation(module);
    if (mlirOperationVerify(op))
      compile(ctx, op, size % 2 ? "sm_100a" : "sm_90a", &numErrors);
    mlirModuleDestroy(module);
  }
  mlirContextDestroy(ctx);
  free(text);
  return 0;
}
