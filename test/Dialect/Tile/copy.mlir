// RUN: tile-opt %s | tile-opt | FileCheck %s
// tile.copy's forms print and parse back: memref and pointer global sides,
// strides, a barrier, a preference, `async`.

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
// CHECK-LABEL: gpu.func @forms(
gpu.module @m {
  gpu.func @forms(%A: memref<?x?xf16>, %p: !tile.ptr<f32>, %i: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    %a = tile.alloc_smem : !tile.smem<128x32xf16, #nvmma64, mutable>
    %r = tile.alloc_smem : !tile.smem<2x32xf32, mutable>
    %g = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %g[%c0] : !mbarrier.group<1>
    // CHECK: tile.copy %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} barrier %{{.*}} : memref<?x?xf16>, !tile.smem<128x32xf16, #{{.*}}, mutable>
    tile.copy %A[%i, %c0], %a barrier %bar : memref<?x?xf16>, !tile.smem<128x32xf16, #nvmma64, mutable>
    // CHECK: tile.copy %{{.*}}[%{{.*}}] strides[%{{.*}}, %{{.*}}], %{{.*}} prefer tma : !tile.ptr<f32>, !tile.smem<2x32xf32, mutable>
    tile.copy %p[%c0] strides [%c40, %c1], %r prefer tma : !tile.ptr<f32>, !tile.smem<2x32xf32, mutable>
    // CHECK: tile.copy %{{.*}}, %{{.*}}[%{{.*}}] strides[%{{.*}}, %{{.*}}] prefer sync : !tile.smem<2x32xf32, mutable>, !tile.ptr<f32>
    tile.copy %r, %p[%c0] strides [%c40, %c1] prefer sync : !tile.smem<2x32xf32, mutable>, !tile.ptr<f32>
    // CHECK: tile.copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] async : !tile.smem<128x32xf16, #{{.*}}, mutable>, memref<?x?xf16>
    tile.copy %a, %A[%i, %c0] async : !tile.smem<128x32xf16, #nvmma64, mutable>, memref<?x?xf16>
    gpu.return
  }
}

// A register tile into a shared buffer and into global memory.
#blocked = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]>
// CHECK-LABEL: gpu.func @registers(
gpu.module @r {
  gpu.func @registers(%A: memref<?x?xf32>, %v: tensor<8x8xf32, #blocked>, %i: index) kernel {
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // CHECK: tile.copy %{{.*}}, %{{.*}} : tensor<8x8xf32, #{{.*}}>, !tile.smem<8x8xf32, mutable>
    tile.copy %v, %s : tensor<8x8xf32, #blocked>, !tile.smem<8x8xf32, mutable>
    // CHECK: tile.copy %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] prefer sync : tensor<8x8xf32, #{{.*}}>, memref<?x?xf32>
    tile.copy %v, %A[%i, %i] prefer sync : tensor<8x8xf32, #blocked>, memref<?x?xf32>
    gpu.return
  }
}

// Into a register tile: from a region of global memory (a memref with
// indices, a !tile.ptr with an offset and strides) and from a whole shared
// buffer; the tile's layout is optional (tile-legalize-layouts chooses).
// CHECK-LABEL: gpu.func @to_registers(
gpu.module @t {
  gpu.func @to_registers(%A: memref<?x?xf32>, %p: !tile.ptr<f32>, %i: index) kernel {
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    %s = tile.alloc_smem : !tile.smem<8x8xf32, mutable>
    // CHECK: %{{.*}} = tile.copy %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xf32> -> tensor<8x8xf32>
    %a = tile.copy %A[%i, %i] : memref<?x?xf32> -> tensor<8x8xf32>
    // CHECK: %{{.*}} = tile.copy %{{.*}}[%{{.*}}] strides[%{{.*}}, %{{.*}}] prefer sync : !tile.ptr<f32> -> tensor<8x8xf32, #{{.*}}>
    %b = tile.copy %p[%i] strides [%c40, %c1] prefer sync : !tile.ptr<f32> -> tensor<8x8xf32, #blocked>
    // CHECK: %{{.*}} = tile.copy %{{.*}} : !tile.smem<8x8xf32, mutable> -> tensor<8x8xf32>
    %c = tile.copy %s : !tile.smem<8x8xf32, mutable> -> tensor<8x8xf32>
    gpu.return
  }
}
