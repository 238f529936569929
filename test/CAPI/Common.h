/*===- Common.h - Helpers shared by the C API test programs -------*- C -*-===*\
|*                                                                            *|
|* Printing callbacks, a diagnostic handler that prints to stdout (so that    *|
|* FileCheck sees diagnostics in order with the program's output), and       *|
|* builders for operations through the generic operation API.                *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILE_TEST_CAPI_COMMON_H
#define TILE_TEST_CAPI_COMMON_H

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <assert.h>
#include <stdio.h>

static inline void printToStdout(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

static inline MlirLogicalResult printDiagnostic(MlirDiagnostic diag,
                                                void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diag, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static inline MlirNamedAttribute named(MlirContext ctx, const char *name,
                                       MlirAttribute attr) {
  return mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), attr);
}

/// Creates an operation from its name, operands, results and attributes and
/// appends it to `block`.
static inline MlirOperation build(MlirBlock block, MlirLocation loc,
                                  const char *name, intptr_t nOperands,
                                  MlirValue *operands, intptr_t nResults,
                                  MlirType *results, intptr_t nAttrs,
                                  MlirNamedAttribute *attrs) {
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddOperands(&state, nOperands, operands);
  mlirOperationStateAddResults(&state, nResults, results);
  mlirOperationStateAddAttributes(&state, nAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&state);
  mlirBlockAppendOwnedOperation(block, op);
  return op;
}

/// gpu.module @kernels {
///   gpu.func @k(<nArgs arguments of argTypes>) kernel
///       attributes {tile.num_warps = 4 : i32} { <body> } }
/// Returns the function's entry block (whose arguments are the kernel's);
/// `module` receives the builtin module that owns everything.
static inline MlirBlock buildKernelSkeleton(MlirContext ctx, MlirLocation loc,
                                            intptr_t nArgs,
                                            const MlirType *argTypes,
                                            MlirModule *module) {
  *module = mlirModuleCreateEmpty(loc);
  MlirBlock moduleBody = mlirModuleGetBody(*module);

  MlirRegion gpuModuleRegion = mlirRegionCreate();
  MlirBlock gpuModuleBody = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(gpuModuleRegion, gpuModuleBody);
  MlirOperationState gpuModule =
      mlirOperationStateGet(mlirStringRefCreateFromCString("gpu.module"), loc);
  MlirNamedAttribute moduleName =
      named(ctx, "sym_name",
            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("kernels")));
  mlirOperationStateAddAttributes(&gpuModule, 1, &moduleName);
  mlirOperationStateAddOwnedRegions(&gpuModule, 1, &gpuModuleRegion);
  mlirBlockAppendOwnedOperation(moduleBody, mlirOperationCreate(&gpuModule));

  // One location per block argument; test kernels have few arguments.
  MlirLocation argLocs[16];
  assert(nArgs <= 16 && "too many kernel arguments");
  for (intptr_t i = 0; i < nArgs; ++i)
    argLocs[i] = loc;
  MlirRegion funcRegion = mlirRegionCreate();
  MlirBlock entry = mlirBlockCreate(nArgs, argTypes, argLocs);
  mlirRegionAppendOwnedBlock(funcRegion, entry);
  MlirOperationState func =
      mlirOperationStateGet(mlirStringRefCreateFromCString("gpu.func"), loc);
  MlirNamedAttribute funcAttrs[] = {
      named(ctx, "sym_name",
            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("k"))),
      named(
          ctx, "function_type",
          mlirTypeAttrGet(mlirFunctionTypeGet(ctx, nArgs, argTypes, 0, NULL))),
      named(ctx, "gpu.kernel", mlirUnitAttrGet(ctx)),
      named(ctx, "tile.num_warps",
            mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), 4)),
  };
  mlirOperationStateAddAttributes(&func, 4, funcAttrs);
  mlirOperationStateAddOwnedRegions(&func, 1, &funcRegion);
  mlirBlockAppendOwnedOperation(gpuModuleBody, mlirOperationCreate(&func));
  return entry;
}

#endif // TILE_TEST_CAPI_COMMON_H
