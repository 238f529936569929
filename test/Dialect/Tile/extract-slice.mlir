// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// tile.extract_slice round-trips: offsets, source and result types.

#acc256 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 256]>
#acc64 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 64]>
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  // CHECK-LABEL: gpu.func @windows
  gpu.func @windows(%x: f32) kernel attributes {tile.num_warps = 8 : i32} {
    %acc = tile.splat %x : tensor<128x256xf32, #acc256>
    // CHECK: tile.extract_slice %{{.*}}[0, 192] : tensor<128x256xf32, #{{.*}}> -> tensor<128x64xf32, #{{.*}}>
    %w = tile.extract_slice %acc[0, 192] : tensor<128x256xf32, #acc256> -> tensor<128x64xf32, #acc64>
    %b = tile.splat %x : tensor<64x64xf32, #blocked>
    // CHECK: tile.extract_slice %{{.*}}[32, 0] : tensor<64x64xf32, #{{.*}}> -> tensor<32x64xf32, #{{.*}}>
    %r = tile.extract_slice %b[32, 0] : tensor<64x64xf32, #blocked> -> tensor<32x64xf32, #blocked>
    // CHECK: tile.extract_slice %{{.*}}[0, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
    %u = tile.splat %x : tensor<64x64xf32>
    %same = tile.extract_slice %u[0, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
    gpu.return
  }
}
