// RUN: tile-opt %s --tile-to-llvm | FileCheck %s
// Host code with memref views lowers completely: upstream's view patterns
// build affine.apply, which the host pipeline lowers, and a buffer split
// into dynamic sizes (LLVM 22's expand-strided-metadata crashed on it)
// becomes a reinterpret_cast first.

// CHECK-NOT: affine.apply
// CHECK-NOT: unrealized_conversion_cast
// CHECK-LABEL: llvm.func @subview
// CHECK: llvm.mul %{{.*}}, %{{.*}} overflow<nsw> : i64
// CHECK: llvm.load
// CHECK-LABEL: llvm.func @split_then_view
// CHECK: llvm.load
// CHECK-NOT: affine.apply
// CHECK-NOT: unrealized_conversion_cast
module attributes {gpu.container_module} {
  func.func @subview(%m: memref<64x64xf32>, %i: index, %j: index) -> f32 {
    %s = memref.subview %m[%i, %j] [4, 4] [1, 1] : memref<64x64xf32> to memref<4x4xf32, strided<[64, 1], offset: ?>>
    %c0 = arith.constant 0 : index
    %v = memref.load %s[%c0, %c0] : memref<4x4xf32, strided<[64, 1], offset: ?>>
    return %v : f32
  }

  func.func @split_then_view(%o: memref<?x64xf32>, %p: index, %s: index, %i: index) -> f32 {
    %r = memref.expand_shape %o [[0, 1], [2]] output_shape [%p, %s, 64] : memref<?x64xf32> into memref<?x?x64xf32>
    %v = memref.subview %r[%i, 0, 0] [2, %s, 64] [1, 1, 1] : memref<?x?x64xf32> to memref<2x?x64xf32, strided<[?, 64, 1], offset: ?>>
    %c0 = arith.constant 0 : index
    %x = memref.load %v[%c0, %c0, %c0] : memref<2x?x64xf32, strided<[?, 64, 1], offset: ?>>
    return %x : f32
  }
}
