/*===- invalid.c - Invalid arguments to every C API entry point ----------===*\
|*                                                                            *|
|* A C program that passes what a C caller can get wrong to each entry point  *|
|* of TileMLIR's C API: null contexts, types, attributes and strings; enum    *|
|* values outside their enum; indices out of range; negative lengths and      *|
|* null arrays with entries; objects of another kind to accessors. Each must  *|
|* return a null object or the sentinel its header names, with a diagnostic   *|
|* naming the bad argument where a context is there to report it; nothing    *|
|* may crash.                                                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

// RUN: tile-capi-invalid-test 2>&1 | FileCheck %s

#include "tile-c/Chips.h"
#include "tile-c/Dialects.h"
#include "tile-c/MBarrier.h"
#include "tile-c/TMA.h"
#include "tile-c/TMem.h"
#include "tile-c/Tile.h"

#include "Common.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <stdio.h>

static const MlirContext kNoContext = {NULL};
static const MlirType kNoType = {NULL};
static const MlirAttribute kNoAttr = {NULL};

/// Constructors given a null context: a null object, nothing to report to.
static void testNullContext(void) {
  const int64_t shape[] = {128, 64};
  const unsigned two[] = {1, 1};
  printf("null context: %d %d %d %d %d %d %d %d %d %d %d %d %d\n",
         mlirTypeIsNull(tileSharedMemoryTypeGet(kNoContext, 2, shape, kNoType,
                                                kNoAttr, false)),
         mlirAttributeIsNull(
             tileBlockedLayoutAttrGet(kNoContext, 2, two, two, two, two)),
         mlirAttributeIsNull(tileSliceLayoutAttrGet(kNoContext, 0, kNoAttr)),
         mlirAttributeIsNull(tileWgmmaLayoutAttrGet(kNoContext, two, two)),
         mlirAttributeIsNull(
             tileDotOperandLayoutAttrGet(kNoContext, 0, kNoAttr, 2)),
         mlirAttributeIsNull(
             tileNVMMASharedLayoutAttrGet(kNoContext, 128, 16, false, false)),
         mlirAttributeIsNull(
             tileSwizzledSharedLayoutAttrGet(kNoContext, 1, 1, 1, 2, two)),
         mlirAttributeIsNull(tmemLayoutAttrGet(kNoContext, 128, 128, 1)),
         mlirAttributeIsNull(tmemScalesLayoutAttrGet(kNoContext)),
         mlirTypeIsNull(
             tmemBufferTypeGet(kNoContext, 2, shape, kNoType, kNoAttr)),
         mlirTypeIsNull(mbarrierGroupTypeGet(kNoContext, 1)),
         mlirTypeIsNull(mbarrierBarrierTypeGet(kNoContext)),
         mlirTypeIsNull(tmaDescriptorTypeGet(
             kNoContext, kNoType, 0, TMA_INTERLEAVE_NONE,
             TMA_L2_PROMOTION_NONE, TMA_OOB_FILL_ZERO, TMA_FP4_NONE)));
  printf("null pointee: %d\n", mlirTypeIsNull(tilePointerTypeGet(kNoType)));
}
// CHECK: null context: 1 1 1 1 1 1 1 1 1 1 1 1 1
// CHECK-NEXT: null pointee: 1

/// Null element types, negative lengths and null arrays with entries.
static void testArguments(MlirContext ctx) {
  const int64_t shape[] = {128, 64};
  const unsigned ones[] = {1, 1};
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirAttribute tmemLayout = tmemLayoutAttrGet(ctx, 128, 64, 1);
  printf("smem null element: %d\n",
         mlirTypeIsNull(
             tileSharedMemoryTypeGet(ctx, 2, shape, kNoType, kNoAttr, false)));
  printf("smem null shape: %d\n",
         mlirTypeIsNull(
             tileSharedMemoryTypeGet(ctx, 2, NULL, f32, kNoAttr, false)));
  printf("smem negative rank: %d\n",
         mlirTypeIsNull(
             tileSharedMemoryTypeGet(ctx, -1, shape, f32, kNoAttr, false)));
  printf("tmem null element: %d\n",
         mlirTypeIsNull(tmemBufferTypeGet(ctx, 2, shape, kNoType, tmemLayout)));
  printf("tmem null shape: %d\n",
         mlirTypeIsNull(tmemBufferTypeGet(ctx, 2, NULL, f32, tmemLayout)));
  // No layout is a buffer tile-legalize-layouts gives one.
  printf("tmem null layout: %d\n",
         mlirTypeIsNull(tmemBufferTypeGet(ctx, 2, shape, f32, kNoAttr)));
  printf("blocked null order: %d\n",
         mlirAttributeIsNull(
             tileBlockedLayoutAttrGet(ctx, 2, ones, ones, ones, NULL)));
  printf("blocked negative rank: %d\n",
         mlirAttributeIsNull(
             tileBlockedLayoutAttrGet(ctx, -2, ones, ones, ones, ones)));
  printf("wgmma null shape: %d\n",
         mlirAttributeIsNull(tileWgmmaLayoutAttrGet(ctx, ones, NULL)));
  printf("swizzled null order: %d\n",
         mlirAttributeIsNull(
             tileSwizzledSharedLayoutAttrGet(ctx, 1, 1, 1, 2, NULL)));
  printf("slice null parent: %d\n",
         mlirAttributeIsNull(tileSliceLayoutAttrGet(ctx, 0, kNoAttr)));
  // Indices out of range: the verifiers' diagnostics.
  const unsigned threads[] = {4, 8}, order[] = {1, 0};
  MlirAttribute blocked =
      tileBlockedLayoutAttrGet(ctx, 2, ones, threads, ones, order);
  printf("slice dim 5: %d\n",
         mlirAttributeIsNull(tileSliceLayoutAttrGet(ctx, 5, blocked)));
  printf("dot operand opIdx 7: %d\n",
         mlirAttributeIsNull(tileDotOperandLayoutAttrGet(ctx, 7, blocked, 2)));
  printf("blocked rank 0: %d\n",
         mlirAttributeIsNull(
             tileBlockedLayoutAttrGet(ctx, 0, NULL, NULL, NULL, NULL)));
  const int64_t negative[] = {128, -64};
  printf("smem negative dim: %d\n",
         mlirTypeIsNull(
             tileSharedMemoryTypeGet(ctx, 2, negative, f32, kNoAttr, false)));
}
// CHECK-NEXT: diagnostic: elementType is null
// CHECK-NEXT: smem null element: 1
// CHECK-NEXT: diagnostic: shape is a null pointer but has 2 entries
// CHECK-NEXT: smem null shape: 1
// CHECK-NEXT: diagnostic: shape has a negative length (-1)
// CHECK-NEXT: smem negative rank: 1
// CHECK-NEXT: diagnostic: elementType is null
// CHECK-NEXT: tmem null element: 1
// CHECK-NEXT: diagnostic: shape is a null pointer but has 2 entries
// CHECK-NEXT: tmem null shape: 1
// CHECK-NEXT: tmem null layout: 0
// CHECK-NEXT: diagnostic: order is a null pointer but has 2 entries
// CHECK-NEXT: blocked null order: 1
// CHECK-NEXT: diagnostic: sizePerThread has a negative length (-2)
// CHECK-NEXT: blocked negative rank: 1
// CHECK-NEXT: diagnostic: instrShape is a null pointer but has 2 entries
// CHECK-NEXT: wgmma null shape: 1
// CHECK-NEXT: diagnostic: order is a null pointer but has 2 entries
// CHECK-NEXT: swizzled null order: 1
// CHECK-NEXT: diagnostic: slice parent must be a distributed layout
// CHECK-NEXT: slice null parent: 1
// CHECK-NEXT: diagnostic: slice dimension 5 is out of range for a parent of rank 2
// CHECK-NEXT: slice dim 5: 1
// CHECK-NEXT: diagnostic: opIdx must be 0 (A) or 1 (B), got 7
// CHECK-NEXT: dot operand opIdx 7: 1
// CHECK-NEXT: diagnostic: a blocked layout needs rank at least 1
// CHECK-NEXT: blocked rank 0: 1
// CHECK-NEXT: diagnostic: shared buffer dimensions must be positive, got -64
// CHECK-NEXT: smem negative dim: 1

/// Enum values outside their C enum: a diagnostic each (never a C++ enum
/// holding an invalid value).
static void testEnums(MlirContext ctx) {
  int64_t boxShape[] = {64, 64};
  MlirType box = mlirRankedTensorTypeGet(2, boxShape, mlirF16TypeGet(ctx),
                                         mlirAttributeGetNull());
  printf("tma interleave 9: %d\n",
         mlirTypeIsNull(tmaDescriptorTypeGet(
             ctx, box, 128, (TmaInterleave)9, TMA_L2_PROMOTION_NONE,
             TMA_OOB_FILL_ZERO, TMA_FP4_NONE)));
  printf("tma l2 promotion -1: %d\n",
         mlirTypeIsNull(tmaDescriptorTypeGet(
             ctx, box, 128, TMA_INTERLEAVE_NONE, (TmaL2Promotion)-1,
             TMA_OOB_FILL_ZERO, TMA_FP4_NONE)));
  printf("tma oob fill 1000: %d\n",
         mlirTypeIsNull(tmaDescriptorTypeGet(
             ctx, box, 128, TMA_INTERLEAVE_NONE, TMA_L2_PROMOTION_NONE,
             (TmaOOBFill)1000, TMA_FP4_NONE)));
}
// CHECK-NEXT: diagnostic: invalid TMA interleave 9; expected TMA_INTERLEAVE_NONE, _16B or _32B (0 to 2)
// CHECK-NEXT: tma interleave 9: 1
// CHECK-NEXT: diagnostic: invalid TMA L2 promotion -1; expected TMA_L2_PROMOTION_NONE, _64B, _128B or _256B (0 to 3)
// CHECK-NEXT: tma l2 promotion -1: 1
// CHECK-NEXT: diagnostic: invalid TMA out-of-bounds fill 1000; expected TMA_OOB_FILL_ZERO or TMA_OOB_FILL_NAN (0 or 1)
// CHECK-NEXT: tma oob fill 1000: 1

/// Accessors: an index out of range, a null object, an object of another
/// kind. Each returns its documented sentinel.
static void testAccessors(MlirContext ctx) {
  const int64_t shape[] = {128, 64};
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType smem = tileSharedMemoryTypeGet(ctx, 2, shape, f32, kNoAttr, true);
  printf("smem dims: %lld %lld, out of range: %lld %lld\n",
         (long long)tileSharedMemoryTypeGetDimSize(smem, 0),
         (long long)tileSharedMemoryTypeGetDimSize(smem, 1),
         (long long)tileSharedMemoryTypeGetDimSize(smem, 2),
         (long long)tileSharedMemoryTypeGetDimSize(smem, -1));
  printf("smem accessors of f32: %d %lld %d %d %d %lld\n",
         tileTypeIsASharedMemory(f32),
         (long long)tileSharedMemoryTypeGetRank(f32),
         mlirTypeIsNull(tileSharedMemoryTypeGetElementType(f32)),
         mlirAttributeIsNull(tileSharedMemoryTypeGetEncoding(f32)),
         tileSharedMemoryTypeIsMutable(f32),
         (long long)tileSharedMemoryTypeGetSizeInBytes(f32));
  printf("smem accessors of null: %d %lld %lld\n",
         tileTypeIsASharedMemory(kNoType),
         (long long)tileSharedMemoryTypeGetRank(kNoType),
         (long long)tileSharedMemoryTypeGetDimSize(kNoType, 0));
  printf("pointer accessors: %d %d %d\n", tileTypeIsAPointer(kNoType),
         tileTypeIsAPointer(f32),
         mlirTypeIsNull(tilePointerTypeGetPointeeType(f32)));
  MlirAttribute unit = mlirUnitAttrGet(ctx);
  printf("layout predicates of null and unit: %d %d %d %d %d %d %d %d\n",
         tileAttributeIsABlockedLayout(kNoAttr),
         tileAttributeIsASliceLayout(kNoAttr),
         tileAttributeIsAWgmmaLayout(kNoAttr),
         tileAttributeIsADotOperandLayout(kNoAttr),
         tileAttributeIsADistributedLayout(kNoAttr),
         tileAttributeIsANVMMASharedLayout(unit),
         tileAttributeIsASwizzledSharedLayout(kNoAttr),
         tmemAttributeIsALayout(kNoAttr));
  printf("nvmma accessors of unit: %u %u %d\n",
         tileNVMMASharedLayoutAttrGetSwizzle(unit),
         tileNVMMASharedLayoutAttrGetElementBits(unit),
         tileNVMMASharedLayoutAttrGetTransposed(unit));
  printf("tmem accessors of f32: %d %lld %lld\n", tmemTypeIsABuffer(f32),
         (long long)tmemBufferTypeGetNumColumns(f32),
         (long long)tmemBufferTypeGetAllocColumns(kNoType));
  printf("mbarrier accessors of f32: %d %u %d\n", mbarrierTypeIsAGroup(f32),
         mbarrierGroupTypeGetSize(f32), mbarrierTypeIsABarrier(kNoType));
  printf("tma accessors of f32: %d %d %u %d %d %d %d %lld %lld %u %u\n",
         tmaTypeIsADescriptor(kNoType),
         mlirTypeIsNull(tmaDescriptorTypeGetBox(f32)),
         tmaDescriptorTypeGetSwizzle(f32),
         (int)tmaDescriptorTypeGetInterleave(f32),
         (int)tmaDescriptorTypeGetL2Promotion(f32),
         (int)tmaDescriptorTypeGetOOBFill(f32),
         (int)tmaDescriptorTypeGetFP4Mode(kNoType),
         (long long)tmaDescriptorTypeGetBoxBytes(f32),
         (long long)tmaDescriptorTypeGetSmemBytes(f32),
         tmaDescriptorTypeGetCUDADataType(f32),
         tmaDescriptorTypeGetCUDASwizzle(kNoType));
}
// CHECK-NEXT: smem dims: 128 64, out of range: -1 -1
// CHECK-NEXT: smem accessors of f32: 0 -1 1 1 0 0
// CHECK-NEXT: smem accessors of null: 0 -1 -1
// CHECK-NEXT: pointer accessors: 0 0 1
// CHECK-NEXT: layout predicates of null and unit: 0 0 0 0 0 0 0 0
// CHECK-NEXT: nvmma accessors of unit: 0 0 0
// CHECK-NEXT: tmem accessors of f32: 0 0 0
// CHECK-NEXT: mbarrier accessors of f32: 0 0 0
// CHECK-NEXT: tma accessors of f32: 0 1 0 0 0 0 0 0 0 4294967295 4294967295

/// Chip queries given a null name; registration into a null registry.
static void testChipsAndRegistry(void) {
  printf("null chip: %d %d %d\n", tileChipIsSupported(NULL),
         tileChipHasTensorMemory(NULL), tileChipGetPtxFeatures(NULL) == NULL);
  MlirDialectRegistry noRegistry = {NULL};
  tileRegisterAllDialects(noRegistry);
  printf("null registry: ok\n");
}
// CHECK-NEXT: null chip: 0 0 1
// CHECK-NEXT: null registry: ok
// CHECK-NOT: diagnostic

int main(void) {
  testNullContext();
  MlirContext ctx = tileContextCreate();
  mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, NULL, NULL);
  testArguments(ctx);
  testEnums(ctx);
  testAccessors(ctx);
  mlirContextDestroy(ctx);
  testChipsAndRegistry();
  return 0;
}
