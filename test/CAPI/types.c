/*===- types.c - tmem and tma types and a kernel through the C API -------===*\
|*                                                                            *|
|* A C program that uses only TileMLIR's public C API (and upstream MLIR's):  *|
|* it builds tensor-memory layouts and buffers and TMA descriptor types,     *|
|* checks their derived sizes and CUDA encodings, checks that invalid        *|
|* parameters are diagnostics and null objects, then builds, verifies,       *|
|* prints and re-parses a kernel that loads a box with tma.async_load and    *|
|* allocates tensor memory, all through the generic operation API.           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-capi-types-test 2>&1 | FileCheck %s

#include "tile-c/Dialects.h"
#include "tile-c/MBarrier.h"
#include "tile-c/TMA.h"
#include "tile-c/TMem.h"
#include "tile-c/Tile.h"

#include "Common.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printAttribute(const char *what, MlirAttribute attr) {
  printf("%s: ", what);
  mlirAttributePrint(attr, printToStdout, NULL);
  printf("\n");
}

static void printType(const char *what, MlirType type) {
  printf("%s: ", what);
  mlirTypePrint(type, printToStdout, NULL);
  printf("\n");
}

/// The box of a TMA descriptor: a ranked tensor type without encoding.
static MlirType boxType(int64_t rows, int64_t cols, MlirType elementType) {
  int64_t shape[] = {rows, cols};
  return mlirRankedTensorTypeGet(2, shape, elementType, mlirAttributeGetNull());
}

//===----------------------------------------------------------------------===//
// tmem
//===----------------------------------------------------------------------===//

static int testTMem(MlirContext ctx) {
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirAttribute acc = tmemLayoutAttrGet(ctx, 128, 128, 1);
  printAttribute("tmem layout", acc);
  printf("tmem layout is layout: %d\n", tmemAttributeIsALayout(acc));

  // The double-buffered accumulator: 2 stages x 128 columns.
  int64_t ringShape[] = {2, 128, 128};
  MlirType ring = tmemBufferTypeGet(ctx, 3, ringShape, f32, acc);
  printType("tmem ring", ring);
  printf("tmem ring is buffer: %d, columns: %lld, alloc columns: %lld\n",
         tmemTypeIsABuffer(ring), (long long)tmemBufferTypeGetNumColumns(ring),
         (long long)tmemBufferTypeGetAllocColumns(ring));

  // 16 columns occupy 16, but tcgen05.alloc reserves at least 32.
  MlirAttribute narrow = tmemLayoutAttrGet(ctx, 128, 16, 1);
  int64_t narrowShape[] = {128, 16};
  MlirType small = tmemBufferTypeGet(ctx, 2, narrowShape, f32, narrow);
  printf("tmem 128x16xf32 columns: %lld, alloc columns: %lld\n",
         (long long)tmemBufferTypeGetNumColumns(small),
         (long long)tmemBufferTypeGetAllocColumns(small));

  // Unpacked bf16 (col_stride 2) takes a whole 32-bit column per element.
  MlirAttribute unpacked = tmemLayoutAttrGet(ctx, 128, 64, 2);
  int64_t unpackedShape[] = {128, 64};
  MlirType bf16Buffer =
      tmemBufferTypeGet(ctx, 2, unpackedShape, mlirBF16TypeGet(ctx), unpacked);
  printType("tmem unpacked", bf16Buffer);
  printf("tmem unpacked columns: %lld\n",
         (long long)tmemBufferTypeGetNumColumns(bf16Buffer));

  // Scale factors: 128 rows x 4 bytes -> 4 columns (alloc 32).
  int64_t scalesShape[] = {128, 4};
  MlirType scales =
      tmemBufferTypeGet(ctx, 2, scalesShape, mlirFloat8E8M0FNUTypeGet(ctx),
                        tmemScalesLayoutAttrGet(ctx));
  printType("tmem scales", scales);
  printf("tmem scales columns: %lld, alloc columns: %lld\n",
         (long long)tmemBufferTypeGetNumColumns(scales),
         (long long)tmemBufferTypeGetAllocColumns(scales));

  // Invalid parameters: a diagnostic and a null object each.
  MlirAttribute badBlockM = tmemLayoutAttrGet(ctx, 96, 128, 1);
  printf("tmem blockM 96 null: %d\n", mlirAttributeIsNull(badBlockM));
  MlirAttribute wide = tmemLayoutAttrGet(ctx, 128, 256, 1);
  int64_t tooManyShape[] = {3, 128, 256};
  MlirType tooMany = tmemBufferTypeGet(ctx, 3, tooManyShape, f32, wide);
  printf("tmem 768 columns null: %d\n", mlirTypeIsNull(tooMany));
  return 0;
}

//===----------------------------------------------------------------------===//
// tma
//===----------------------------------------------------------------------===//

static int testTMA(MlirContext ctx) {
  MlirType f16 = mlirF16TypeGet(ctx);
  MlirType box = boxType(128, 64, f16);
  MlirType desc = tmaDescriptorTypeGet(ctx, box, 128, TMA_INTERLEAVE_NONE,
                                       TMA_L2_PROMOTION_NONE, TMA_OOB_FILL_ZERO,
                                       TMA_FP4_NONE);
  printType("tma desc", desc);
  printf("tma desc is descriptor: %d, box is tensor: %d, box equal: %d\n",
         tmaTypeIsADescriptor(desc),
         mlirTypeIsARankedTensor(tmaDescriptorTypeGetBox(desc)),
         mlirTypeEqual(tmaDescriptorTypeGetBox(desc), box));
  printf("tma desc swizzle: %u, fp4: %d, box bytes: %lld, smem bytes: %lld\n",
         tmaDescriptorTypeGetSwizzle(desc),
         (int)tmaDescriptorTypeGetFP4Mode(desc),
         (long long)tmaDescriptorTypeGetBoxBytes(desc),
         (long long)tmaDescriptorTypeGetSmemBytes(desc));
  printf("tma desc cuda data type: %u, cuda swizzle: %u\n",
         tmaDescriptorTypeGetCUDADataType(desc),
         tmaDescriptorTypeGetCUDASwizzle(desc));
  printf("tma f16 is descriptor: %d\n", tmaTypeIsADescriptor(f16));

  // Every option, printed without defaults.
  MlirType options = tmaDescriptorTypeGet(
      ctx, boxType(256, 64, f16), 128, TMA_INTERLEAVE_NONE,
      TMA_L2_PROMOTION_256B, TMA_OOB_FILL_NAN, TMA_FP4_NONE);
  printType("tma options", options);
  printf("tma options l2: %d, oob: %d, interleave: %d\n",
         (int)tmaDescriptorTypeGetL2Promotion(options),
         (int)tmaDescriptorTypeGetOOBFill(options),
         (int)tmaDescriptorTypeGetInterleave(options));

  // Unpacked FP4: 4 bits a value on the wire, a byte a value in shared
  // memory.
  MlirType fp4 =
      tmaDescriptorTypeGet(ctx, boxType(64, 128, mlirFloat4E2M1FNTypeGet(ctx)),
                           128, TMA_INTERLEAVE_NONE, TMA_L2_PROMOTION_NONE,
                           TMA_OOB_FILL_ZERO, TMA_FP4_UNPACKED);
  printType("tma fp4", fp4);
  printf("tma fp4 mode: %d, box bytes: %lld, smem bytes: %lld, cuda data "
         "type: %u\n",
         (int)tmaDescriptorTypeGetFP4Mode(fp4),
         (long long)tmaDescriptorTypeGetBoxBytes(fp4),
         (long long)tmaDescriptorTypeGetSmemBytes(fp4),
         tmaDescriptorTypeGetCUDADataType(fp4));

  // Invalid parameters: a diagnostic and a null type each.
  MlirType bigBox = tmaDescriptorTypeGet(
      ctx, boxType(300, 64, f16), 128, TMA_INTERLEAVE_NONE,
      TMA_L2_PROMOTION_NONE, TMA_OOB_FILL_ZERO, TMA_FP4_NONE);
  printf("tma box 300 null: %d\n", mlirTypeIsNull(bigBox));
  MlirType badSwizzle = tmaDescriptorTypeGet(ctx, box, 48, TMA_INTERLEAVE_NONE,
                                             TMA_L2_PROMOTION_NONE,
                                             TMA_OOB_FILL_ZERO, TMA_FP4_NONE);
  printf("tma swizzle 48 null: %d\n", mlirTypeIsNull(badSwizzle));
  // Rows wider than the swizzle span are split into copies one span wide,
  // so they must be a multiple of it.
  MlirType narrowSwizzle = tmaDescriptorTypeGet(
      ctx, boxType(64, 48, f16), 64, TMA_INTERLEAVE_NONE,
      TMA_L2_PROMOTION_NONE, TMA_OOB_FILL_ZERO, TMA_FP4_NONE);
  printf("tma swizzle 64 null: %d\n", mlirTypeIsNull(narrowSwizzle));
  MlirType notTensor = tmaDescriptorTypeGet(
      ctx, mlirF32TypeGet(ctx), 0, TMA_INTERLEAVE_NONE, TMA_L2_PROMOTION_NONE,
      TMA_OOB_FILL_ZERO, TMA_FP4_NONE);
  printf("tma f32 box null: %d\n", mlirTypeIsNull(notTensor));
  MlirType noType = {NULL};
  MlirType nullBox = tmaDescriptorTypeGet(ctx, noType, 0, TMA_INTERLEAVE_NONE,
                                          TMA_L2_PROMOTION_NONE,
                                          TMA_OOB_FILL_ZERO, TMA_FP4_NONE);
  printf("tma null box null: %d\n", mlirTypeIsNull(nullBox));
  MlirType badEnum = tmaDescriptorTypeGet(ctx, box, 128, TMA_INTERLEAVE_NONE,
                                          TMA_L2_PROMOTION_NONE,
                                          TMA_OOB_FILL_ZERO, (TmaFP4Mode)7);
  printf("tma fp4 mode 7 null: %d\n", mlirTypeIsNull(badEnum));

  // A box split among the CTAs of a cluster, and a split that breaks the
  // swizzle-atom rule.
  MlirType split = tmaDescriptorTypeGetWithMulticast(desc, 2);
  printType("tma multicast", split);
  printf("tma multicast: %u, plain: %u, box bytes: %lld, not a descriptor: "
         "%d\n",
         tmaDescriptorTypeGetMulticast(split),
         tmaDescriptorTypeGetMulticast(desc),
         (long long)tmaDescriptorTypeGetBoxBytes(split),
         mlirTypeIsNull(tmaDescriptorTypeGetWithMulticast(f16, 2)));
  MlirType tooFine = tmaDescriptorTypeGetWithMulticast(desc, 32);
  printf("tma multicast 32 null: %d\n", mlirTypeIsNull(tooFine));
  return 0;
}

//===----------------------------------------------------------------------===//
// A kernel: tma.async_load into shared memory, tmem allocation
//===----------------------------------------------------------------------===//

/// Appends the text of everything printed to a growing buffer.
typedef struct {
  char *data;
  size_t size;
} Buffer;

static void appendToBuffer(MlirStringRef str, void *userData) {
  Buffer *buffer = (Buffer *)userData;
  char *grown = realloc(buffer->data, buffer->size + str.length + 1);
  if (!grown)
    abort();
  memcpy(grown + buffer->size, str.data, str.length);
  buffer->size += str.length;
  grown[buffer->size] = '\0';
  buffer->data = grown;
}

/// Builds the kernel below; `nCoords` (1 or 2) coordinates go to the async
/// load, which is invalid with 1. Returns the module.
///
///   gpu.func @k(%desc: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>,
///               %x: i32, %y: i32) kernel
///     %bars = mbarrier.alloc : !mbarrier.group<1>
///     %bar = mbarrier.index %bars[%c0]
///     mbarrier.init %bar, arrivals = 1
///     %buf = tile.alloc_smem : !tile.smem<128x64xf16, #nvmma, mutable>
///     mbarrier.arrive_expect_tx %bar, bytes = <box bytes>
///     tma.async_load %desc[%x, %y], %buf, %bar
///     mbarrier.wait %bar, phase %false : i1
///     %acc = tmem.alloc : !tmem.buffer<2x128x128xf32, #tmem>
///     tmem.dealloc %acc
///     tmem.relinquish
static MlirModule buildKernel(MlirContext ctx, intptr_t nCoords) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirType f16 = mlirF16TypeGet(ctx);
  MlirType i1 = mlirIntegerTypeGet(ctx, 1);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  MlirType index = mlirIndexTypeGet(ctx);
  MlirType desc = tmaDescriptorTypeGet(
      ctx, boxType(128, 64, f16), 128, TMA_INTERLEAVE_NONE,
      TMA_L2_PROMOTION_NONE, TMA_OOB_FILL_ZERO, TMA_FP4_NONE);

  MlirType argTypes[] = {desc, i32, i32};
  MlirModule module;
  MlirBlock body = buildKernelSkeleton(ctx, loc, 3, argTypes, &module);
  MlirValue descArg = mlirBlockGetArgument(body, 0);
  MlirValue coords[] = {mlirBlockGetArgument(body, 1),
                        mlirBlockGetArgument(body, 2)};

  MlirType group = mbarrierGroupTypeGet(ctx, 1);
  MlirValue bars = mlirOperationGetResult(
      build(body, loc, "mbarrier.alloc", 0, NULL, 1, &group, 0, NULL), 0);
  MlirNamedAttribute zero = named(ctx, "value", mlirIntegerAttrGet(index, 0));
  MlirValue c0 = mlirOperationGetResult(
      build(body, loc, "arith.constant", 0, NULL, 1, &index, 1, &zero), 0);
  MlirType barrierType = mbarrierBarrierTypeGet(ctx);
  MlirValue indexOperands[] = {bars, c0};
  MlirValue bar =
      mlirOperationGetResult(build(body, loc, "mbarrier.index", 2,
                                   indexOperands, 1, &barrierType, 0, NULL),
                             0);
  MlirNamedAttribute arrivals =
      named(ctx, "arrivals", mlirIntegerAttrGet(i32, 1));
  build(body, loc, "mbarrier.init", 1, &bar, 0, NULL, 1, &arrivals);

  // A destination of the box's shape, swizzled like the descriptor.
  MlirAttribute nvmma = tileNVMMASharedLayoutAttrGet(
      ctx, tmaDescriptorTypeGetSwizzle(desc), 16, false, false);
  int64_t smemShape[] = {128, 64};
  MlirType smem = tileSharedMemoryTypeGet(ctx, 2, smemShape, f16, nvmma, true);
  MlirValue buf = mlirOperationGetResult(
      build(body, loc, "tile.alloc_smem", 0, NULL, 1, &smem, 0, NULL), 0);

  // The barrier expects the box's transaction bytes.
  MlirNamedAttribute bytes =
      named(ctx, "bytes",
            mlirIntegerAttrGet(i32, tmaDescriptorTypeGetBoxBytes(desc)));
  build(body, loc, "mbarrier.arrive_expect_tx", 1, &bar, 0, NULL, 1, &bytes);

  // Operand groups: desc, coords, dst, barrier, multicast mask (none).
  int32_t segments[] = {1, (int32_t)nCoords, 1, 1, 0};
  MlirNamedAttribute segmentSizes =
      named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 5, segments));
  MlirValue loadOperands[5];
  intptr_t nOperands = 0;
  loadOperands[nOperands++] = descArg;
  for (intptr_t i = 0; i < nCoords; ++i)
    loadOperands[nOperands++] = coords[i];
  loadOperands[nOperands++] = buf;
  loadOperands[nOperands++] = bar;
  build(body, loc, "tma.async_load", nOperands, loadOperands, 0, NULL, 1,
        &segmentSizes);

  MlirNamedAttribute falseAttr = named(ctx, "value", mlirIntegerAttrGet(i1, 0));
  MlirValue phase = mlirOperationGetResult(
      build(body, loc, "arith.constant", 0, NULL, 1, &i1, 1, &falseAttr), 0);
  MlirValue waitOperands[] = {bar, phase};
  build(body, loc, "mbarrier.wait", 2, waitOperands, 0, NULL, 0, NULL);

  // Tensor memory for a double-buffered 128x128 f32 accumulator.
  int64_t accShape[] = {2, 128, 128};
  MlirType accType = tmemBufferTypeGet(ctx, 3, accShape, mlirF32TypeGet(ctx),
                                       tmemLayoutAttrGet(ctx, 128, 128, 1));
  MlirValue acc = mlirOperationGetResult(
      build(body, loc, "tmem.alloc", 0, NULL, 1, &accType, 0, NULL), 0);
  build(body, loc, "tmem.dealloc", 1, &acc, 0, NULL, 0, NULL);
  build(body, loc, "tmem.relinquish", 0, NULL, 0, NULL, 0, NULL);
  build(body, loc, "gpu.return", 0, NULL, 0, NULL, 0, NULL);
  return module;
}

static int testKernel(MlirContext ctx) {
  MlirModule module = buildKernel(ctx, 2);
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  if (!mlirOperationVerify(moduleOp)) {
    printf("verification failed\n");
    mlirModuleDestroy(module);
    return 1;
  }
  printf("kernel verified\n");
  Buffer text = {NULL, 0};
  mlirOperationPrint(moduleOp, appendToBuffer, &text);
  printf("%s\n", text.data);

  // The printed kernel parses and verifies again.
  MlirModule reparsed =
      mlirModuleCreateParse(ctx, mlirStringRefCreate(text.data, text.size));
  printf("kernel reparsed: %d, verifies: %d\n", !mlirModuleIsNull(reparsed),
         !mlirModuleIsNull(reparsed) &&
             mlirOperationVerify(mlirModuleGetOperation(reparsed)));
  if (!mlirModuleIsNull(reparsed))
    mlirModuleDestroy(reparsed);
  free(text.data);
  mlirModuleDestroy(module);

  // One coordinate for a 2-D box breaks the async load's verifier.
  MlirModule invalid = buildKernel(ctx, 1);
  printf("one-coordinate kernel verifies: %d\n",
         mlirOperationVerify(mlirModuleGetOperation(invalid)));
  mlirModuleDestroy(invalid);
  return 0;
}

int main(void) {
  MlirContext ctx = tileContextCreate();
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  // No dialect is loaded yet: tileContextCreate only registers them, and
  // each constructor loads the dialect of what it creates.

  int status = testTMem(ctx) | testTMA(ctx) | testKernel(ctx);
  mlirContextDestroy(ctx);
  return status;
}

// CHECK: tmem layout: #tmem.layout<block = [128, 128], col_stride = 1>
// CHECK-NEXT: tmem layout is layout: 1
// CHECK-NEXT: tmem ring: !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
// CHECK-NEXT: tmem ring is buffer: 1, columns: 256, alloc columns: 256
// CHECK-NEXT: tmem 128x16xf32 columns: 16, alloc columns: 32
// CHECK-NEXT: tmem unpacked: !tmem.buffer<128x64xbf16, #tmem.layout<block = [128, 64], col_stride = 2>>
// CHECK-NEXT: tmem unpacked columns: 64
// CHECK-NEXT: tmem scales: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
// CHECK-NEXT: tmem scales columns: 4, alloc columns: 32
// CHECK-NEXT: diagnostic: tensor-memory blockM must be 64 or 128, got 96
// CHECK-NEXT: tmem blockM 96 null: 1
// CHECK-NEXT: diagnostic: buffer needs 768 tensor-memory columns; an SM has 512
// CHECK-NEXT: tmem 768 columns null: 1

// CHECK-NEXT: tma desc: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
// CHECK-NEXT: tma desc is descriptor: 1, box is tensor: 1, box equal: 1
// CHECK-NEXT: tma desc swizzle: 128, fp4: 0, box bytes: 16384, smem bytes: 16384
// CHECK-NEXT: tma desc cuda data type: 6, cuda swizzle: 3
// CHECK-NEXT: tma f16 is descriptor: 0
// CHECK-NEXT: tma options: !tma.descriptor<tensor<256x64xf16>, swizzle = 128, l2_promotion = l2_256b, oob_fill = nan>
// CHECK-NEXT: tma options l2: 3, oob: 1, interleave: 0
// CHECK-NEXT: tma fp4: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>
// CHECK-NEXT: tma fp4 mode: 2, box bytes: 4096, smem bytes: 8192, cuda data type: 14
// CHECK-NEXT: diagnostic: TMA box dimension 0 is 300; a box dimension must be in [1, 256]
// CHECK-NEXT: tma box 300 null: 1
// CHECK-NEXT: diagnostic: TMA swizzle must be 0, 32, 64 or 128 bytes, got 48
// CHECK-NEXT: tma swizzle 48 null: 1
// CHECK-NEXT: diagnostic: the inner box dimension spans 96 bytes of shared memory (48 x 'f16'), more than swizzle = 64 covers and not a multiple of it, so it cannot be split into copies 64 bytes wide: use a multiple of 32 elements, a larger swizzle or a narrower box
// CHECK-NEXT: tma swizzle 64 null: 1
// CHECK-NEXT: diagnostic: the box of a TMA descriptor must be a ranked tensor type, got 'f32'
// CHECK-NEXT: tma f32 box null: 1
// CHECK-NEXT: diagnostic: the box of a TMA descriptor must be a ranked tensor type, got a null type
// CHECK-NEXT: tma null box null: 1
// CHECK-NEXT: diagnostic: invalid TMA FP4 mode 7; expected TMA_FP4_NONE, _PACKED or _UNPACKED (0 to 2)
// CHECK-NEXT: tma fp4 mode 7 null: 1
// CHECK-NEXT: tma multicast: !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 2>
// CHECK-NEXT: tma multicast: 2, plain: 1, box bytes: 16384, not a descriptor: 1
// CHECK-NEXT: diagnostic: TMA multicast splits a box among the CTAs of a cluster: 1 to 16 pieces, got 32
// CHECK-NEXT: tma multicast 32 null: 1

// CHECK-NEXT: kernel verified
// CHECK-NEXT: #nvmma = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
// CHECK-NEXT: #tmem = #tmem.layout<block = [128, 128], col_stride = 1>
// CHECK-NEXT: module {
// CHECK-NEXT:   gpu.module @kernels {
// CHECK-NEXT:     gpu.func @k(%[[DESC:[a-z0-9_]+]]: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, %[[X:[a-z0-9_]+]]: i32, %[[Y:[a-z0-9_]+]]: i32) kernel attributes {tile.num_warps = 4 : i32} {
// CHECK-NEXT:       %[[BARS:[a-z0-9_]+]] = mbarrier.alloc : !mbarrier.group<1>
// CHECK-NEXT:       %[[C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT:       %[[BAR:[a-z0-9_]+]] = mbarrier.index %[[BARS]][%[[C0]]] : !mbarrier.group<1>
// CHECK-NEXT:       mbarrier.init %[[BAR]], arrivals = 1
// CHECK-NEXT:       %[[BUF:[a-z0-9_]+]] = tile.alloc_smem : !tile.smem<128x64xf16, #nvmma, mutable>
// CHECK-NEXT:       mbarrier.arrive_expect_tx %[[BAR]], bytes = 16384
// CHECK-NEXT:       tma.async_load %[[DESC]][%[[X]], %[[Y]]], %[[BUF]], %[[BAR]] : !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, !tile.smem<128x64xf16, #nvmma, mutable>
// CHECK-NEXT:       %[[PHASE:[a-z0-9_]+]] = arith.constant false
// CHECK-NEXT:       mbarrier.wait %[[BAR]], phase %[[PHASE]] : i1
// CHECK-NEXT:       %[[ACC:[a-z0-9_]+]] = tmem.alloc : !tmem.buffer<2x128x128xf32, #tmem>
// CHECK-NEXT:       tmem.dealloc %[[ACC]] : !tmem.buffer<2x128x128xf32, #tmem>
// CHECK-NEXT:       tmem.relinquish
// CHECK-NEXT:       gpu.return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK:      kernel reparsed: 1, verifies: 1
// CHECK-NEXT: diagnostic: 'tma.async_load' op expects 2 coordinates (one per box dimension), got 1
// CHECK-NEXT: one-coordinate kernel verifies: 0
// CHECK-NOT:  diagnostic
