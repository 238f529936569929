// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' | FileCheck %s

// Register tiles of rank 3. #b3 puts lane bits 0-1 along dim 2, 2-3 along
// dim 1 and 4 along dim 0, warps along dim 0. A reduction along dim 2 is
// in-thread (4 registers) then butterflies over lane bits 0 and 1; along
// dim 0 a butterfly over lane bit 4, then the two warp bits through shared
// scratch between CTA barriers. Keys are the result's row-major offsets.

#b3 = #tile.blocked<sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]>

gpu.module @m {
// CHECK-LABEL: llvm.func @reduce_last
// CHECK-COUNT-3: llvm.fadd
// CHECK: %[[M1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[M1]], %{{.*}} : i32 -> i32
// CHECK: %[[M2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[M2]], %{{.*}} : i32 -> i32
// CHECK-NOT: nvvm.barrier
// CHECK: llvm.return
gpu.func @reduce_last(%x: tensor<8x16x16xf32, #b3>) kernel attributes {tile.num_warps = 4 : i32} {
  %s = tile.reduce add %x, axis = 2 : tensor<8x16x16xf32, #b3> -> tensor<8x16xf32, #tile.slice<dim = 2, parent = #b3>>
  gpu.return
}

// CHECK-LABEL: llvm.func @reduce_first
// CHECK: %[[M16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: nvvm.shfl.sync  bfly %{{.*}}, %{{.*}}, %[[M16]], %{{.*}} : i32 -> i32
// CHECK: nvvm.barrier0
// CHECK: llvm.store
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load
// CHECK: nvvm.barrier0
gpu.func @reduce_first(%x: tensor<8x16x16xf32, #b3>) kernel attributes {tile.num_warps = 4 : i32} {
  %s = tile.reduce add %x, axis = 0 : tensor<8x16x16xf32, #b3> -> tensor<16x16xf32, #tile.slice<dim = 0, parent = #b3>>
  gpu.return
}
}
