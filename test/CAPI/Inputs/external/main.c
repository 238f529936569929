/*===- main.c - An outside program embedding the installed C API ---------===*\
|*                                                                            *|
|* Creates a context with every TileMLIR dialect, builds types through the   *|
|* tile-c/ headers, parses a small kernel that uses mbarrier, tile and tma   *|
|* operations, verifies it and prints it.                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "tile-c/Dialects.h"
#include "tile-c/MBarrier.h"
#include "tile-c/TMA.h"
#include "tile-c/TMem.h"
#include "tile-c/Tile.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static void printToStdout(MlirStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diag, void *userData) {
  (void)userData;
  printf("diagnostic: ");
  mlirDiagnosticPrint(diag, printToStdout, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static const char *kKernel =
    "#nvmma = #tile.nvmma_shared<swizzle = 128, element_bits = 16>\n"
    "gpu.module @g {\n"
    "  gpu.func @k(%d: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>,\n"
    "              %x: i32, %y: i32) kernel attributes {tile.num_warps = 4 : "
    "i32} {\n"
    "    %bars = mbarrier.alloc : !mbarrier.group<2>\n"
    "    %c0 = arith.constant 0 : index\n"
    "    %b = mbarrier.index %bars[%c0] : !mbarrier.group<2>\n"
    "    mbarrier.init %b, arrivals = 1\n"
    "    %buf = tile.alloc_smem : !tile.smem<128x64xf16, #nvmma, mutable>\n"
    "    mbarrier.arrive_expect_tx %b, bytes = 16384\n"
    "    tma.async_load %d[%x, %y], %buf, %b : !tma.descriptor<tensor<"
    "128x64xf16>, swizzle = 128>, !tile.smem<128x64xf16, #nvmma, mutable>\n"
    "    %pid = tile.program_id x\n"
    "    gpu.return\n"
    "  }\n"
    "}\n";

int main(void) {
  MlirContext ctx = tileContextCreate();
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);

  // Types from the tile-c/ headers, before any IR: tileContextCreate only
  // registers the dialects, and each constructor loads the one it needs.
  int64_t shape[] = {128, 64};
  MlirType box = mlirRankedTensorTypeGet(2, shape, mlirF16TypeGet(ctx),
                                         mlirAttributeGetNull());
  MlirType desc = tmaDescriptorTypeGet(ctx, box, 128, TMA_INTERLEAVE_NONE,
                                       TMA_L2_PROMOTION_NONE, TMA_OOB_FILL_ZERO,
                                       TMA_FP4_NONE);
  printf("box bytes: %lld\n", (long long)tmaDescriptorTypeGetBoxBytes(desc));
  printf("group<0> null: %d\n", mlirTypeIsNull(mbarrierGroupTypeGet(ctx, 0)));

  MlirModule module =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kKernel));
  if (mlirModuleIsNull(module)) {
    printf("parse failed\n");
    mlirContextDestroy(ctx);
    return 1;
  }
  MlirOperation op = mlirModuleGetOperation(module);
  int verified = mlirOperationVerify(op);
  printf("verified: %d\n", verified);
  mlirOperationPrint(op, printToStdout, NULL);
  printf("\n");
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return verified ? 0 : 1;
}
