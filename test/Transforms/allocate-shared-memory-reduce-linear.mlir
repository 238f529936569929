// RUN: tile-opt %s --tile-allocate-shared-memory -split-input-file | FileCheck %s --check-prefix=ALLOC
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file | FileCheck %s --check-prefix=NVVM

// The reduction scratch of every layout kind comes from its linear layout:
// warp bits along the axis combine through shared memory (numWarps x result
// elements x element bytes), warps off the axis need none. #tile.linear
// layouts used to crash the allocator.

#l = #tile.linear<register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []>

// Both warp bits move along dimension 0: 4 x 32 x 4 bytes of scratch.
// ALLOC-LABEL: gpu.func @across_warps
// ALLOC-SAME: tile.shared_memory_bytes = 512
// ALLOC: tile.reduce add %{{.*}}, axis = 0 {tile.offset = 0 : i64}
// NVVM-LABEL: llvm.func @across_warps
// NVVM: nvvm.barrier0
// NVVM: llvm.store %{{.*}} : f32, !llvm.ptr<3>
// NVVM: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
gpu.module @m {
  gpu.func @across_warps(%x: f32, %o: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<16x32xf32, #l>
    %r = tile.reduce add %t, axis = 0 : tensor<16x32xf32, #l> -> tensor<32xf32, #tile.slice<dim = 0, parent = #l>>
    %i = tile.range 0 to 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #l>>
    tile.store %o[%i], %r : !tile.ptr<f32>, tensor<32xi32, #tile.slice<dim = 0, parent = #l>>, tensor<32xf32, #tile.slice<dim = 0, parent = #l>>
    gpu.return
  }
}

// -----

#l = #tile.linear<register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []>

// Along dimension 1 only registers and lanes move: no scratch, no barrier.
// ALLOC-LABEL: gpu.func @within_warps
// ALLOC-SAME: tile.shared_memory_bytes = 0
// ALLOC-NOT: tile.offset
// ALLOC: gpu.return
// NVVM-LABEL: llvm.func @within_warps
// NVVM: nvvm.shfl.sync bfly
// NVVM-NOT: nvvm.barrier0
// NVVM: llvm.return
gpu.module @m {
  gpu.func @within_warps(%x: f32, %o: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<16x32xf32, #l>
    %r = tile.reduce add %t, axis = 1 : tensor<16x32xf32, #l> -> tensor<16xf32, #tile.slice<dim = 1, parent = #l>>
    %i = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 1, parent = #l>>
    tile.store %o[%i], %r : !tile.ptr<f32>, tensor<16xi32, #tile.slice<dim = 1, parent = #l>>, tensor<16xf32, #tile.slice<dim = 1, parent = #l>>
    gpu.return
  }
}
