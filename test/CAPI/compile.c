/*===- compile.c - Kernels to PTX and cubins through the C API -----------===*\
|*                                                                            *|
|* A C program that parses the seed GEMM (not lowered: tileCompileModule    *|
|* runs tile-to-nvvm itself) and compiles it to PTX, to LLVM bitcode and to  *|
|* a cubin through tile-c/Compile.h; the cubin a second time out of the     *|
|* compile cache (the same bytes, one cache entry); then the errors, each a  *|
|* diagnostic on the context, never a crash.                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// CHECK lines are whole lines of output: clang-format must not wrap them.
// clang-format off
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: env TILE_CACHE=1 tile-capi-compile-test \
// RUN:   %tile_src_root/examples/tilelang_gemm_tma_copy.mlir %t/cache 2>&1 \
// RUN:   | FileCheck %s
// One module, one cubin, one cache entry (the second compile read it).
// RUN: find %t/cache -type f | count 1
// With TILE_CACHE=0 nothing is cached, whatever the options say.
// RUN: env TILE_CACHE=0 tile-capi-compile-test \
// RUN:   %tile_src_root/examples/tilelang_gemm_tma_copy.mlir %t/off 2>&1 \
// RUN:   | FileCheck %s
// RUN: not test -e %t/off

#include "Common.h"

#include "tile-c/Compile.h"
#include "tile-c/Dialects.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  char *data;
  size_t size;
  int modules;
} Result;

static void collect(MlirStringRef name, MlirStringRef bytes, void *userData) {
  Result *result = (Result *)userData;
  ++result->modules;
  printf("module %.*s: %s\n", (int)name.length, name.data,
         bytes.length ? "bytes" : "empty");
  free(result->data);
  result->data = malloc(bytes.length + 1);
  memcpy(result->data, bytes.data, bytes.length);
  result->data[bytes.length] = '\0';
  result->size = bytes.length;
}

static Result compile(MlirModule module, TileCompileFormat format,
                      const TileCompileOptions *options) {
  Result result = {NULL, 0, 0};
  MlirLogicalResult ok =
      tileCompileModule(module, format, options, collect, &result);
  printf("compile: %s, %d module(s)\n",
         mlirLogicalResultIsSuccess(ok) ? "ok" : "failed", result.modules);
  return result;
}

/// Prints the first line of the PTX that starts with `prefix`.
static void printPtxLine(const char *ptx, const char *prefix) {
  for (const char *line = ptx; line && *line;) {
    const char *end = strchr(line, '\n');
    size_t length = end ? (size_t)(end - line) : strlen(line);
    if (strncmp(line, prefix, strlen(prefix)) == 0) {
      printf("ptx: %.*s\n", (int)length, line);
      return;
    }
    line = end ? end + 1 : NULL;
  }
  printf("ptx: no line starting with '%s'\n", prefix);
}

static void compileTheGemm(MlirModule module, const char *cacheDir) {
  TileCompileOptions options = tileCompileOptionsGetDefault();
  options.useCache = false;

  // CHECK: module kernels: bytes
  // CHECK-NEXT: compile: ok, 1 module(s)
  // CHECK-NEXT: ptx: .target sm_90a
  // CHECK-NEXT: ptx: .visible .entry matmul_tma_copy_store(
  // CHECK-NEXT: ptx ends in a NUL: no
  Result ptx = compile(module, TileCompileFormatPTX, &options);
  printPtxLine(ptx.data, ".target");
  printPtxLine(ptx.data, ".visible .entry");
  printf("ptx ends in a NUL: %s\n",
         ptx.size && ptx.data[ptx.size - 1] == '\0' ? "yes" : "no");

  // CHECK: module kernels: bytes
  // CHECK-NEXT: compile: ok, 1 module(s)
  // CHECK-NEXT: bitcode magic: yes
  Result bitcode = compile(module, TileCompileFormatLLVM, &options);
  printf("bitcode magic: %s\n",
         bitcode.size >= 4 && memcmp(bitcode.data, "BC\xc0\xde", 4) == 0
             ? "yes"
             : "no");

  // CHECK: module kernels: bytes
  // CHECK-NEXT: compile: ok, 1 module(s)
  // CHECK-NEXT: cubin is ELF: yes
  // CHECK: module kernels: bytes
  // CHECK-NEXT: compile: ok, 1 module(s)
  // CHECK-NEXT: second cubin identical: yes
  options.useCache = true;
  options.cacheDir = cacheDir;
  Result cubin = compile(module, TileCompileFormatCubin, &options);
  printf("cubin is ELF: %s\n", cubin.size >= 4 && memcmp(cubin.data,
                                                         "\x7f"
                                                         "ELF",
                                                         4) == 0
                                   ? "yes"
                                   : "no");
  Result again = compile(module, TileCompileFormatCubin, &options);
  printf("second cubin identical: %s\n",
         again.size == cubin.size &&
                 memcmp(again.data, cubin.data, cubin.size) == 0
             ? "yes"
             : "no");
  free(ptx.data);
  free(bitcode.data);
  free(cubin.data);
  free(again.data);
}

static void compileBadly(MlirContext ctx, MlirModule module) {
  TileCompileOptions options = tileCompileOptionsGetDefault();
  options.useCache = false;

  // CHECK: diagnostic: tileCompileModule: unsupported chip 'sm_42' (expected sm_90a or sm_100a)
  // CHECK-NEXT: compile: failed, 0 module(s)
  options.chip = "sm_42";
  compile(module, TileCompileFormatPTX, &options);
  options.chip = NULL;

  // CHECK: diagnostic: tileCompileModule: unknown assembler 'ptxas2' (expected auto, nvjitlink or ptxas)
  // CHECK-NEXT: compile: failed, 0 module(s)
  options.assembler = "ptxas2";
  compile(module, TileCompileFormatCubin, &options);
  options.assembler = NULL;

  // CHECK: diagnostic: tileCompileModule: optLevel is 7, expected 0 to 3
  // CHECK-NEXT: compile: failed, 0 module(s)
  options.optLevel = 7;
  compile(module, TileCompileFormatCubin, &options);
  options.optLevel = 3;

  // CHECK: diagnostic: tileCompileModule: unknown format 9
  // CHECK-NEXT: compile: failed, 0 module(s)
  compile(module, (TileCompileFormat)9, &options);

  // The assembler's own log comes back as the diagnostic, through
  // nvJitLink (after its warning: the GEMM uses wgmma) and ptxas alike.
  // CHECK: diagnostic: gpu.module @kernels uses setmaxnreg or wgmma, and nvJitLink assembles PTX as a relocatable unit
  // CHECK: diagnostic: cannot assemble gpu.module @kernels for sm_90a: {{.*}}
  // CHECK: compile: failed, 0 module(s)
  // CHECK: diagnostic: cannot assemble gpu.module @kernels for sm_90a: ptxas failed
  // CHECK: compile: failed, 0 module(s)
  options.ptxasOptions = "--no-such-ptxas-option";
  options.assembler = "nvjitlink";
  compile(module, TileCompileFormatCubin, &options);
  options.assembler = "ptxas";
  compile(module, TileCompileFormatCubin, &options);
  options.assembler = NULL;
  options.ptxasOptions = NULL;

  // CHECK: diagnostic: tileCompileModule: the module has no gpu.module at the top level
  // CHECK-NEXT: compile: failed, 0 module(s)
  MlirModule empty = mlirModuleCreateEmpty(mlirLocationUnknownGet(ctx));
  compile(empty, TileCompileFormatPTX, &options);
  mlirModuleDestroy(empty);

  // No module, no callback: failure, nothing to report to.
  // CHECK-NEXT: compile: failed, 0 module(s)
  // CHECK-NEXT: no callback: failed
  compile((MlirModule){NULL}, TileCompileFormatPTX, &options);
  printf("no callback: %s\n",
         mlirLogicalResultIsSuccess(tileCompileModule(
             module, TileCompileFormatPTX, &options, NULL, NULL))
             ? "ok"
             : "failed");
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: tile-capi-compile-test KERNEL.mlir CACHE_DIR\n");
    return 2;
  }
  MlirContext ctx = tileContextCreate();
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  MlirModule module = mlirModuleCreateParseFromFile(
      ctx, mlirStringRefCreateFromCString(argv[1]));
  if (mlirModuleIsNull(module)) {
    printf("cannot parse %s\n", argv[1]);
    return 1;
  }
  compileTheGemm(module, argv[2]);
  compileBadly(ctx, module);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
