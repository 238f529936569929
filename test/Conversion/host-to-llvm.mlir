// RUN: tile-opt %s --pass-pipeline='builtin.module(expand-strided-metadata, convert-tile-host-to-llvm, canonicalize)' | FileCheck %s

// tma.make_descriptor becomes a call to the runtime, which validates the map
// and calls cuTensorMapEncodeTiled. Arguments: out (a 128-byte-aligned
// CUtensorMap slot), data type, rank, global address, dims and box
// (outermost first), outer strides in bytes, element strides (null = 1),
// interleave, swizzle, L2 promotion, OOB fill, uses (1: written through).

// CHECK: llvm.func @tileRtMakeTensorMap(!llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32, i32, i32, i32)

// CHECK-LABEL: llvm.func @f16_swizzle128
// CHECK: %[[MAP:.*]] = llvm.alloca %{{.*}} x !llvm.array<16 x i64> {alignment = 128 : i64}
// F16 = 6, rank 2, no interleave, 128-byte swizzle = 3, L2 128B = 2, NaN fill = 1.
// CHECK: llvm.call @tileRtMakeTensorMap(%[[MAP]], %{{.*}}, %{{.*}}, {{.*}}) : (!llvm.ptr, i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, i32, i32, i32, i32, i32) -> ()
// CHECK: llvm.load %[[MAP]] : !llvm.ptr -> !llvm.array<16 x i64>
func.func @f16_swizzle128(%a: memref<1024x512xf16>) -> !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b, oob_fill = nan> {
  %d = tma.make_descriptor %a : memref<1024x512xf16> -> !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b, oob_fill = nan>
  return %d : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b, oob_fill = nan>
}

// The exact field values, with constants visible.
// RUN: tile-opt %s --pass-pipeline='builtin.module(expand-strided-metadata, convert-tile-host-to-llvm)' | FileCheck %s --check-prefix=FIELDS

// FIELDS-LABEL: llvm.func @f16_swizzle128
// FIELDS: %[[BOXROWS:.*]] = llvm.mlir.constant(128 : i32) : i32
// FIELDS-NEXT: llvm.store %[[BOXROWS]]
// FIELDS: %[[BOXCOLS:.*]] = llvm.mlir.constant(64 : i32) : i32
// FIELDS-NEXT: llvm.store %[[BOXCOLS]]
// FIELDS: %[[F16:.*]] = llvm.mlir.constant(6 : i32) : i32
// FIELDS-NEXT: %[[RANK:.*]] = llvm.mlir.constant(2 : i32) : i32
// FIELDS-NEXT: %[[INTERLEAVE:.*]] = llvm.mlir.constant(0 : i32) : i32
// FIELDS-NEXT: %[[SW128:.*]] = llvm.mlir.constant(3 : i32) : i32
// FIELDS-NEXT: %[[L2:.*]] = llvm.mlir.constant(2 : i32) : i32
// FIELDS-NEXT: %[[NAN:.*]] = llvm.mlir.constant(1 : i32) : i32
// A map no kernel is known to write through: uses = 0.
// FIELDS-NEXT: %[[READ:.*]] = llvm.mlir.constant(0 : i32) : i32
// FIELDS-NEXT: llvm.call @tileRtMakeTensorMap(%{{.*}}, %[[F16]], %[[RANK]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[INTERLEAVE]], %[[SW128]], %[[L2]], %[[NAN]], %[[READ]])

// The seed's packed FP4 descriptor: 16U4_ALIGN8B = 13, a 64x128 box of
// 4-bit elements, 64-byte swizzle = 2, over a 128x256 tensor whose rows
// are 128 bytes. The i8 memref holds two elements per byte, so the
// innermost dimension doubles to 256 elements.
// FIELDS-LABEL: llvm.func @fp4_packed
// FIELDS: %[[BOX64:.*]] = llvm.mlir.constant(64 : i32) : i32
// FIELDS-NEXT: llvm.store %[[BOX64]], %{{.*}} : i32, !llvm.ptr
// FIELDS: %[[TWO:.*]] = llvm.mlir.constant(2 : i64) : i64
// FIELDS-NEXT: %[[INNER:.*]] = llvm.mul %{{.*}}, %[[TWO]] : i64
// FIELDS-NEXT: llvm.store %[[INNER]], %{{.*}} : i64, !llvm.ptr
// FIELDS: %[[BOX128:.*]] = llvm.mlir.constant(128 : i32) : i32
// FIELDS-NEXT: llvm.store %[[BOX128]], %{{.*}} : i32, !llvm.ptr
// FIELDS: %[[DT:.*]] = llvm.mlir.constant(13 : i32) : i32
// FIELDS-NEXT: %[[RANK2:.*]] = llvm.mlir.constant(2 : i32) : i32
// FIELDS-NEXT: %[[NOINTERLEAVE:.*]] = llvm.mlir.constant(0 : i32) : i32
// FIELDS-NEXT: %[[SW64:.*]] = llvm.mlir.constant(2 : i32) : i32
// FIELDS: llvm.call @tileRtMakeTensorMap(%{{.*}}, %[[DT]], %[[RANK2]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[NOINTERLEAVE]], %[[SW64]], %{{.*}}, %{{.*}}, %{{.*}})
func.func @fp4_packed(%a: memref<128x128xi8>) -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed> {
  %d = tma.make_descriptor %a : memref<128x128xi8> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>
  return %d : !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>
}

// Unpacked FP4 (16U4_ALIGN16B = 14) with a 128-element inner box.
// FIELDS-LABEL: llvm.func @fp4_unpacked
// FIELDS: %[[DT14:.*]] = llvm.mlir.constant(14 : i32) : i32
// FIELDS: llvm.call @tileRtMakeTensorMap(%{{.*}}, %[[DT14]],
func.func @fp4_unpacked(%a: memref<128x128xi8>) -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked> {
  %d = tma.make_descriptor %a : memref<128x128xi8> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>
  return %d : !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>
}

// A box whose rows are wider than the swizzle span is built as the box of
// one piece (DescriptorType::getCopyBoxShape): 64x256 f16 with a 128-byte
// swizzle is a 64x64 box, 2x64x128 a 1x64x64 box.
// FIELDS-LABEL: llvm.func @split_box
// FIELDS: %[[ROWS:.*]] = llvm.mlir.constant(64 : i32) : i32
// FIELDS-NEXT: llvm.store %[[ROWS]]
// FIELDS: %[[COLS:.*]] = llvm.mlir.constant(64 : i32) : i32
// FIELDS-NEXT: llvm.store %[[COLS]]
// FIELDS: llvm.call @tileRtMakeTensorMap
// FIELDS-LABEL: llvm.func @split_box3
// FIELDS: %[[LEAD:.*]] = llvm.mlir.constant(1 : i32) : i32
// FIELDS-NEXT: llvm.store %[[LEAD]]
// FIELDS: %[[ROWS3:.*]] = llvm.mlir.constant(64 : i32) : i32
// FIELDS-NEXT: llvm.store %[[ROWS3]]
// FIELDS: %[[COLS3:.*]] = llvm.mlir.constant(64 : i32) : i32
// FIELDS-NEXT: llvm.store %[[COLS3]]
// FIELDS: llvm.call @tileRtMakeTensorMap
func.func @split_box(%a: memref<1024x512xf16>) -> !tma.descriptor<tensor<64x256xf16>, swizzle = 128> {
  %d = tma.make_descriptor %a : memref<1024x512xf16> -> !tma.descriptor<tensor<64x256xf16>, swizzle = 128>
  return %d : !tma.descriptor<tensor<64x256xf16>, swizzle = 128>
}
func.func @split_box3(%a: memref<4x128x256xf16>) -> !tma.descriptor<tensor<2x64x128xf16>, swizzle = 128> {
  %d = tma.make_descriptor %a : memref<4x128x256xf16> -> !tma.descriptor<tensor<2x64x128xf16>, swizzle = 128>
  return %d : !tma.descriptor<tensor<2x64x128xf16>, swizzle = 128>
}

// tile.dtype_code is the TileRtDType value (tile-runtime/TestSupport.h):
// TILE_RT_F32 = 0, TILE_RT_F16 = 1, TILE_RT_BF16 = 2, TILE_RT_F8E4M3 = 3,
// TILE_RT_F8E5M2 = 4, TILE_RT_FP4E2M1 = 5, TILE_RT_I8 = 6, TILE_RT_I32 = 7,
// TILE_RT_F64 = 8, TILE_RT_I16 = 9, TILE_RT_I64 = 10.
// FIELDS-LABEL: llvm.func @dtype_codes
// FIELDS-NEXT: llvm.mlir.constant(0 : i32) : i32
// FIELDS-NEXT: llvm.mlir.constant(1 : i32) : i32
// FIELDS-NEXT: llvm.mlir.constant(2 : i32) : i32
// FIELDS-NEXT: llvm.mlir.constant(3 : i32) : i32
// FIELDS-NEXT: llvm.mlir.constant(4 : i32) : i32
// FIELDS-NEXT: llvm.mlir.constant(5 : i32) : i32
// FIELDS-NEXT: llvm.mlir.constant(6 : i32) : i32
// FIELDS-NEXT: llvm.mlir.constant(7 : i32) : i32
// FIELDS-NEXT: llvm.mlir.constant(8 : i32) : i32
// FIELDS-NEXT: llvm.mlir.constant(9 : i32) : i32
// FIELDS-NEXT: llvm.mlir.constant(10 : i32) : i32
func.func @dtype_codes() -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %0 = tile.dtype_code f32 : i32
  %1 = tile.dtype_code f16 : i32
  %2 = tile.dtype_code bf16 : i32
  %3 = tile.dtype_code f8E4M3FN : i32
  %4 = tile.dtype_code f8E5M2 : i32
  %5 = tile.dtype_code f4E2M1FN : i32
  %6 = tile.dtype_code i8 : i32
  %7 = tile.dtype_code i32 : i32
  %8 = tile.dtype_code f64 : i32
  %9 = tile.dtype_code i16 : i32
  %10 = tile.dtype_code i64 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// A device pointer for a kernel argument: aligned pointer (the memref's
// second field, %arg1 once the signature is expanded) plus its offset.
// CHECK-LABEL: llvm.func @pointer
// CHECK-SAME: (%{{[^:]*}}: !llvm.ptr, %[[ALIGNED:[^:]*]]: !llvm.ptr, %[[OFFSET:[^:]*]]: i64,
// CHECK: llvm.getelementptr %[[ALIGNED]][%[[OFFSET]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
func.func @pointer(%a: memref<16x16xf32, strided<[16, 1], offset: ?>>) -> !tile.ptr<f32> {
  %p = tile.ptr_from_memref %a : memref<16x16xf32, strided<[16, 1], offset: ?>> -> !tile.ptr<f32>
  return %p : !tile.ptr<f32>
}

// A map a kernel writes through (`written`, set by
// tile-mark-written-descriptors): uses = TILE_RT_TENSOR_MAP_WRITTEN (1), so
// the runtime checks that its rows are whole 16-byte units.
// FIELDS-LABEL: llvm.func @written
// FIELDS: %[[WRITTEN:.*]] = llvm.mlir.constant(1 : i32) : i32
// FIELDS-NEXT: llvm.call @tileRtMakeTensorMap(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[WRITTEN]])
func.func @written(%a: memref<?x?xf32>) -> !tma.descriptor<tensor<64x32xf32>> {
  %d = tma.make_descriptor %a written : memref<?x?xf32> -> !tma.descriptor<tensor<64x32xf32>>
  return %d : !tma.descriptor<tensor<64x32xf32>>
}
