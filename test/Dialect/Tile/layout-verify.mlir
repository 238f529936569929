// RUN: tile-opt %s | tile-opt | FileCheck %s

// What the register-tile checks accept: layouts that cover more than their
// tile (broadcast), fewer warps than the kernel (the other warps hold
// copies), and partitions with their own warps.

#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#one = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#eight = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
#l = #tile.linear<register = [[0, 8]], lane = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], warp = [[4, 0], [0, 0]], block = []>
gpu.module @m {
  // CHECK-LABEL: gpu.func @k
  gpu.func @k(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    // CHECK: tile.splat %{{.*}} : tensor<1x128xf32, #{{.*}}>
    %small = tile.splat %x : tensor<1x128xf32, #acc>
    // CHECK: tile.splat %{{.*}} : tensor<64xf32, #{{.*}}>
    %copies = tile.splat %x : tensor<64xf32, #one>
    // A zero warp basis: warps 2 and 3 hold copies of warps 0 and 1.
    // CHECK: tile.splat %{{.*}} : tensor<8x16xf32, #{{.*}}>
    %lin = tile.splat %x : tensor<8x16xf32, #l>
    // CHECK: tile.warp_specialize
    tile.warp_specialize(%x) default {
      tile.warp_yield
    }
    partition0(%y: f32) num_warps(8) {
      // CHECK: tile.splat %{{.*}} : tensor<256xf32, #{{.*}}>
      %t = tile.splat %y : tensor<256xf32, #eight>
      tile.warp_return
    } : (f32) -> ()
    gpu.return
  }
}
