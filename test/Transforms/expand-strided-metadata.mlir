// RUN: tile-opt %s --tile-expand-strided-metadata -split-input-file | FileCheck %s

// A [B*H*S, D] buffer viewed [B*H, S, D] (a rank-3 tensor map's view):
// one dimension split into two dynamic sizes, on which LLVM 22's
// expand-strided-metadata crashes. The strides are the row-major products
// inside the group, times the source dimension's stride; the offset is the
// source's; the product is arith (it needs no affine lowering).
// CHECK-LABEL: func.func @split_dynamic
// CHECK-SAME: (%[[SRC:.*]]: memref<?x?xbf16>, %[[P:.*]]: index, %[[S:.*]]: index)
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata %[[SRC]]
// CHECK: %[[OUTER:.*]] = arith.muli %[[STRIDES]]#0, %[[S]] : index
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%[[P]], %[[S]], %[[C64]]], strides: [%[[OUTER]], %[[STRIDES]]#0, 1] : memref<bf16> to memref<?x?x?xbf16>
func.func @split_dynamic(%o: memref<?x?xbf16>, %p: index, %s: index) -> memref<?x?x?xbf16> {
  %c64 = arith.constant 64 : index
  %o3 = memref.expand_shape %o [[0, 1], [2]] output_shape [%p, %s, %c64] : memref<?x?xbf16> into memref<?x?x?xbf16>
  return %o3 : memref<?x?x?xbf16>
}

// -----

// A strided source with a dynamic offset: the offset and the split
// dimension's stride come from the source's metadata.
// CHECK-LABEL: func.func @split_strided
// CHECK: %[[BASE:.*]], %[[OFF:.*]], %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata
// CHECK: %[[OUTER:.*]] = arith.muli %[[STRIDES]]#0, %{{.*}} : index
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [%{{.*}}, %{{.*}}, 64], strides: [%[[OUTER]], %[[STRIDES]]#0, 1]
func.func @split_strided(%o: memref<?x64xf32, strided<[?, 1], offset: ?>>, %p: index, %s: index) -> memref<?x?x64xf32, strided<[?, ?, 1], offset: ?>> {
  %o3 = memref.expand_shape %o [[0, 1], [2]] output_shape [%p, %s, 64] : memref<?x64xf32, strided<[?, 1], offset: ?>> into memref<?x?x64xf32, strided<[?, ?, 1], offset: ?>>
  return %o3 : memref<?x?x64xf32, strided<[?, ?, 1], offset: ?>>
}

// -----

// One dynamic size per group: upstream's pattern, unchanged.
// CHECK-LABEL: func.func @split_one_dynamic
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [%{{.*}}, 4, 64], strides: [256, 64, 1]
func.func @split_one_dynamic(%o: memref<?x64xbf16>, %p: index) -> memref<?x4x64xbf16> {
  %o3 = memref.expand_shape %o [[0, 1], [2]] output_shape [%p, 4, 64] : memref<?x64xbf16> into memref<?x4x64xbf16>
  return %o3 : memref<?x4x64xbf16>
}

// -----

// A view of the split buffer: its rewrite reads the split's metadata, so
// the split is rewritten before upstream's patterns reach it through its
// user (the greedy driver visits users first).
// CHECK-LABEL: func.func @subview_of_split
// CHECK-SAME: (%[[SRC:.*]]: memref<?x64xf32>, %{{.*}}: index, %[[S:.*]]: index, %[[I:.*]]: index)
// CHECK: %[[BASE:[^,]*]], %{{.*}} = memref.extract_strided_metadata %[[SRC]]
// CHECK: %[[OUTER:.*]] = arith.muli %[[S]], %{{.*}} : index
// CHECK: %[[OFF:.*]] = affine.apply #{{.*}}()[%[[I]], %[[OUTER]]]
// CHECK: memref.reinterpret_cast %[[BASE]] to offset: [%[[OFF]]], sizes: [2, %[[S]], 64], strides: [%[[OUTER]], 64, 1]
// CHECK-NOT: memref.expand_shape
func.func @subview_of_split(%o: memref<?x64xf32>, %p: index, %s: index, %i: index) -> memref<2x?x64xf32, strided<[?, 64, 1], offset: ?>> {
  %r = memref.expand_shape %o [[0, 1], [2]] output_shape [%p, %s, 64] : memref<?x64xf32> into memref<?x?x64xf32>
  %v = memref.subview %r[%i, 0, 0] [2, %s, 64] [1, 1, 1] : memref<?x?x64xf32> to memref<2x?x64xf32, strided<[?, 64, 1], offset: ?>>
  return %v : memref<2x?x64xf32, strided<[?, 64, 1], offset: ?>>
}
