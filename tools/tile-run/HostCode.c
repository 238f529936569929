/*===- HostCode.c - Host code: LLVM IR, object, link ----------------------===*\
|* The host module's C-ABI main around the user's @main, the host target      *|
|* machine, and the link with the runtime and test-support libraries.         *|
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

/* Name given to the user's @main so that a C-ABI main can wrap it. */
static const char kUserMainName[] = "__tile_host_main";
/* Optional runtime hook: the exit status of a program whose @main returns
 * nothing (e.g. non-zero after a failed check). Referenced weakly. */
static const char kExitStatusHook[] = "tileRtExitStatus";

/*===----------------------------------------------------------------------===*
 * Host code generation (LLVM C API)
 *===----------------------------------------------------------------------===*/

/* Renames the user's @main and adds `i32 main(i32, ptr)` around it, so the
 * exit status is well defined whatever @main returns. */
bool wrapMain(LLVMModuleRef mod, const char *input) {
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

LLVMTargetMachineRef createHostTargetMachine(char **tripleOut) {
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

const char *findRuntimeLibrary(const Options *o) {
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

bool linkExecutable(const Options *o, const char *object,
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

