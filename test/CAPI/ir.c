/*===- ir.c - Build, verify and print a kernel through the C API ---------===*\
|*                                                                            *|
|* A C program that uses only TileMLIR's public C API (and upstream MLIR's):  *|
|* it builds a small kernel that allocates a barrier group and a swizzled     *|
|* shared buffer, verifies it, prints it, then checks that invalid layouts    *|
|* and invalid operations are reported as diagnostics rather than crashes.    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-capi-ir-test 2>&1 | FileCheck %s

#include "tile-c/Dialects.h"
#include "tile-c/MBarrier.h"
#include "tile-c/Tile.h"

#include "Common.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static int testKernel(MlirContext ctx) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirModule module;
  MlirBlock body = buildKernelSkeleton(ctx, loc, 0, NULL, &module);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  MlirType index = mlirIndexTypeGet(ctx);

  // %bars = mbarrier.alloc : !mbarrier.group<2>
  MlirType group = mbarrierGroupTypeGet(ctx, 2);
  printf("group size: %u\n", mbarrierGroupTypeGetSize(group));
  MlirValue bars = mlirOperationGetResult(
      build(body, loc, "mbarrier.alloc", 0, NULL, 1, &group, 0, NULL), 0);

  // %c1 = arith.constant 1 : index ; %b = mbarrier.index %bars[%c1]
  MlirNamedAttribute one = named(ctx, "value", mlirIntegerAttrGet(index, 1));
  MlirValue c1 = mlirOperationGetResult(
      build(body, loc, "arith.constant", 0, NULL, 1, &index, 1, &one), 0);
  MlirType barrierType = mbarrierBarrierTypeGet(ctx);
  MlirValue indexOperands[] = {bars, c1};
  MlirValue barrier = mlirOperationGetResult(
      build(body, loc, "mbarrier.index", 2, indexOperands, 1, &barrierType, 0,
            NULL),
      0);

  // mbarrier.init %b, arrivals = 128
  MlirNamedAttribute arrivals =
      named(ctx, "arrivals", mlirIntegerAttrGet(i32, 128));
  build(body, loc, "mbarrier.init", 1, &barrier, 0, NULL, 1, &arrivals);

  // %a = tile.alloc_smem : !tile.smem<3x128x64xf16, #nvmma, mutable>
  MlirAttribute nvmma = tileNVMMASharedLayoutAttrGet(ctx, 128, 16, false, false);
  int64_t shape[] = {3, 128, 64};
  MlirType smem = tileSharedMemoryTypeGet(ctx, 3, shape, mlirF16TypeGet(ctx),
                                          nvmma, true);
  printf("smem bytes: %lld, swizzle: %u, mutable: %d\n",
         (long long)tileSharedMemoryTypeGetSizeInBytes(smem),
         tileNVMMASharedLayoutAttrGetSwizzle(
             tileSharedMemoryTypeGetEncoding(smem)),
         tileSharedMemoryTypeIsMutable(smem));
  build(body, loc, "tile.alloc_smem", 0, NULL, 1, &smem, 0, NULL);

  // %pid = tile.program_id x (the enum attribute parsed from text)
  MlirNamedAttribute dim =
      named(ctx, "dim", mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString("0 : i32")));
  build(body, loc, "tile.program_id", 0, NULL, 1, &i32, 1, &dim);

  build(body, loc, "gpu.return", 0, NULL, 0, NULL, 0, NULL);

  MlirOperation moduleOp = mlirModuleGetOperation(module);
  if (!mlirOperationVerify(moduleOp)) {
    printf("verification failed\n");
    mlirModuleDestroy(module);
    return 1;
  }
  printf("verified\n");
  mlirOperationPrint(moduleOp, printToStdout, NULL);
  printf("\n");

  // The same module after a round trip through text.
  MlirStringRef text = mlirStringRefCreateFromCString(
      "gpu.module @g { gpu.func @k(%b: !mbarrier.barrier) kernel {\n"
      "  mbarrier.arrive_expect_tx %b, bytes = 16384\n"
      "  gpu.return } }");
  MlirModule parsed = mlirModuleCreateParse(ctx, text);
  printf("parsed: %s\n", mlirModuleIsNull(parsed) ? "no" : "yes");
  if (!mlirModuleIsNull(parsed))
    mlirModuleDestroy(parsed);
  mlirModuleDestroy(module);
  return 0;
}

static int testInvalid(MlirContext ctx) {
  // Each bad parameter is a diagnostic and a null object, never a crash.
  MlirAttribute badSwizzle =
      tileNVMMASharedLayoutAttrGet(ctx, 48, 16, false, false);
  printf("swizzle 48 null: %d\n", mlirAttributeIsNull(badSwizzle));

  MlirType badGroup = mbarrierGroupTypeGet(ctx, 0);
  printf("group<0> null: %d\n", mlirTypeIsNull(badGroup));

  MlirType scalarSmem = tileSharedMemoryTypeGet(
      ctx, 0, NULL, mlirF32TypeGet(ctx), mlirAttributeGetNull(), true);
  printf("rank-0 smem null: %d\n", mlirTypeIsNull(scalarSmem));

  unsigned spt[] = {1, 1}, tpw[] = {4, 4}, wpc[] = {4, 1}, order[] = {1, 0};
  MlirAttribute badBlocked = tileBlockedLayoutAttrGet(ctx, 2, spt, tpw, wpc, order);
  printf("blocked 4x4 lanes null: %d\n", mlirAttributeIsNull(badBlocked));

  MlirAttribute notLayout = mlirUnitAttrGet(ctx);
  MlirAttribute badSlice = tileSliceLayoutAttrGet(ctx, 0, notLayout);
  printf("slice of unit null: %d\n", mlirAttributeIsNull(badSlice));

  // An operation that violates its verifier.
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirModule module;
  MlirBlock body = buildKernelSkeleton(ctx, loc, 0, NULL, &module);
  MlirType group = mbarrierGroupTypeGet(ctx, 1);
  MlirValue bars = mlirOperationGetResult(
      build(body, loc, "mbarrier.alloc", 0, NULL, 1, &group, 0, NULL), 0);
  MlirType index = mlirIndexTypeGet(ctx);
  MlirNamedAttribute zero = named(ctx, "value", mlirIntegerAttrGet(index, 0));
  MlirValue c0 = mlirOperationGetResult(
      build(body, loc, "arith.constant", 0, NULL, 1, &index, 1, &zero), 0);
  MlirType barrierType = mbarrierBarrierTypeGet(ctx);
  MlirValue operands[] = {bars, c0};
  MlirValue barrier = mlirOperationGetResult(
      build(body, loc, "mbarrier.index", 2, operands, 1, &barrierType, 0, NULL),
      0);
  MlirNamedAttribute arrivals = named(
      ctx, "arrivals", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), 0));
  build(body, loc, "mbarrier.init", 1, &barrier, 0, NULL, 1, &arrivals);
  build(body, loc, "gpu.return", 0, NULL, 0, NULL, 0, NULL);
  printf("invalid kernel verifies: %d\n",
         mlirOperationVerify(mlirModuleGetOperation(module)));
  mlirModuleDestroy(module);
  return 0;
}

int main(void) {
  MlirContext ctx = tileContextCreate();
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  // Handles load each dialect eagerly too.
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tile__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__mbarrier__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tma__(), ctx);
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__tmem__(), ctx);
  printf("namespaces: %.*s %.*s %.*s %.*s\n",
         (int)mlirDialectHandleGetNamespace(mlirGetDialectHandle__tile__()).length,
         mlirDialectHandleGetNamespace(mlirGetDialectHandle__tile__()).data,
         (int)mlirDialectHandleGetNamespace(mlirGetDialectHandle__tmem__()).length,
         mlirDialectHandleGetNamespace(mlirGetDialectHandle__tmem__()).data,
         (int)mlirDialectHandleGetNamespace(mlirGetDialectHandle__mbarrier__()).length,
         mlirDialectHandleGetNamespace(mlirGetDialectHandle__mbarrier__()).data,
         (int)mlirDialectHandleGetNamespace(mlirGetDialectHandle__tma__()).length,
         mlirDialectHandleGetNamespace(mlirGetDialectHandle__tma__()).data);
  tileRegisterAllPasses();
  tileRegisterAllPasses(); // idempotent

  int status = testKernel(ctx) | testInvalid(ctx);
  mlirContextDestroy(ctx);
  return status;
}

// CHECK: namespaces: tile tmem mbarrier tma
// CHECK: group size: 2
// CHECK: smem bytes: 49152, swizzle: 128, mutable: 1
// CHECK: verified
// CHECK: #nvmma = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
// CHECK: gpu.module @kernels
// CHECK: gpu.func @k() kernel attributes {tile.num_warps = 4 : i32}
// CHECK: %[[G:.*]] = mbarrier.alloc : !mbarrier.group<2>
// CHECK: %[[B:.*]] = mbarrier.index %[[G]][%{{.*}}] : !mbarrier.group<2>
// CHECK: mbarrier.init %[[B]], arrivals = 128
// CHECK: tile.alloc_smem : !tile.smem<3x128x64xf16, #nvmma, mutable>
// CHECK: tile.program_id x
// CHECK: gpu.return
// CHECK: parsed: yes
// CHECK: diagnostic: swizzle must be 0, 32, 64 or 128 bytes (the NVMMA swizzle modes), got 48
// CHECK: swizzle 48 null: 1
// CHECK: diagnostic: a barrier group holds at least one barrier
// CHECK: group<0> null: 1
// CHECK: diagnostic: a shared buffer needs rank at least 1
// CHECK: rank-0 smem null: 1
// CHECK: diagnostic: threadsPerWarp must multiply to 32 (lanes of a warp), got 16
// CHECK: blocked 4x4 lanes null: 1
// CHECK: diagnostic: slice parent must be a distributed layout
// CHECK: slice of unit null: 1
// CHECK: diagnostic: 'mbarrier.init' op arrival count must be in [1, 1048575] (the 20-bit mbarrier phase counter), got 0
// CHECK: invalid kernel verifies: 0
