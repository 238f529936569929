// RUN: tile-opt %s --tile-legalize-layouts | FileCheck %s
// RUN: tile-opt %s --tile-to-nvvm | FileCheck %s --check-prefix=NVVM

// Layouts read the low bits of the CTA's warp id, which count from a
// partition's first warp only for a power of two of warps dividing that
// warp's number: the pass lays a partition's tiles out over the most such
// warps. A 2-warp partition after a 3-warp kernel (warps 3 and 4) gets
// 1-warp layouts; a 28-warp partition after a 4-warp kernel (warps 4 to
// 31), 4-warp ones.

// CHECK-DAG: #[[W1:.*]] = #tile.blocked<sizePerThread = [{{[0-9]+}}], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
// CHECK-DAG: #[[W4:.*]] = #tile.blocked<sizePerThread = [{{[0-9]+}}], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-LABEL: gpu.func @after_three_warps
// CHECK: partition0
// CHECK: tile.load {{.*}} -> tensor<64xf32, #[[W1]]>
// CHECK-LABEL: gpu.func @after_four_warps
// CHECK: partition0
// CHECK: tile.load {{.*}} -> tensor<2048xf32, #[[W4]]>

// NVVM-LABEL: llvm.func @after_three_warps
// NVVM-LABEL: llvm.func @after_four_warps

gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @after_three_warps(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 3 : i32} {
    tile.warp_specialize(%in, %out) default {
      tile.warp_yield
    }
    partition0(%i0: !tile.ptr<f32>, %o0: !tile.ptr<f32>) num_warps(2) {
      %i = tile.range 0 to 64 : tensor<64xi32>
      %x = tile.load %i0[%i] : !tile.ptr<f32>, tensor<64xi32> -> tensor<64xf32>
      tile.store %o0[%i], %x : !tile.ptr<f32>, tensor<64xi32>, tensor<64xf32>
      tile.warp_return
    } : (!tile.ptr<f32>, !tile.ptr<f32>) -> ()
    gpu.return
  }

  gpu.func @after_four_warps(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize(%in, %out) default {
      tile.warp_yield
    }
    partition0(%i0: !tile.ptr<f32>, %o0: !tile.ptr<f32>) num_warps(28) {
      %i = tile.range 0 to 2048 : tensor<2048xi32>
      %x = tile.load %i0[%i] : !tile.ptr<f32>, tensor<2048xi32> -> tensor<2048xf32>
      tile.store %o0[%i], %x : !tile.ptr<f32>, tensor<2048xi32>, tensor<2048xf32>
      tile.warp_return
    } : (!tile.ptr<f32>, !tile.ptr<f32>) -> ()
    gpu.return
  }
}
