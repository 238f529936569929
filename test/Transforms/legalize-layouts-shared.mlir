// RUN: tile-opt %s --tile-legalize-layouts | FileCheck %s

// Shared buffers written without a layout get the one their users need
// (lib/Transforms/LegalizeSharedLayouts.cpp): a TMA box the descriptor's
// NVMMA swizzle, through the buffer's subslices; a tensor-core operand
// staged through registers the widest swizzle of its rows, flipped on a
// transposed view; a buffer only register tiles touch the swizzle with the
// fewest shared-memory wavefronts for their layouts; a buffer also read as
// plain row-major keeps no layout.

// CHECK-DAG: #[[SW64:.*]] = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
// CHECK-DAG: #[[SW128:.*]] = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
// CHECK-DAG: #[[SW128T:.*]] = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
// CHECK-DAG: #[[XOR:.*]] = #tile.swizzled_shared<vec = 4, perPhase = 4, maxPhase = 8, order = [1, 0]>

// CHECK-LABEL: gpu.func @tma
// CHECK: tile.alloc_smem : !tile.smem<128x32xf16, #[[SW64]], mutable>
// CHECK: %[[B:.*]] = tile.alloc_smem : !tile.smem<32x128xf16, #[[SW128]], mutable>
// CHECK: tile.smem_subslice %[[B]] [0, 0] : !tile.smem<32x128xf16, #[[SW128]], mutable> -> !tile.smem<32x64xf16, #[[SW128]], mutable>
// CHECK: tile.dot {{.*}} : !tile.smem<128x32xf16, #[[SW64]], mutable>, !tile.smem<32x128xf16, #[[SW128]], mutable>

// CHECK-LABEL: gpu.func @staged
// CHECK: tile.alloc_smem : !tile.smem<64x64xf16, #[[SW128]], mutable>
// CHECK: %[[K:.*]] = tile.alloc_smem : !tile.smem<32x64xf16, #[[SW128]], mutable>
// CHECK: tile.smem_trans %[[K]], order = [1, 0] : !tile.smem<32x64xf16, #[[SW128]], mutable> -> !tile.smem<64x32xf16, #[[SW128T]], mutable>
// CHECK: tile.alloc_smem : !tile.smem<64x32xf16, #[[SW64]], mutable>
// CHECK: tile.alloc_smem : !tile.smem<32x32xf16, #[[SW64]], mutable>

// CHECK-LABEL: gpu.func @registers
// CHECK: tile.alloc_smem : !tile.smem<64x64xf32, #[[XOR]], mutable>

// CHECK-LABEL: gpu.func @row_major
// CHECK: tile.alloc_smem : !tile.smem<128x32xf32, mutable>

// CHECK-LABEL: gpu.func @captured
// CHECK: %[[R:.*]] = tile.alloc_smem : !tile.smem<128x64xf16, #[[SW128]], mutable>
// CHECK: tile.warp_specialize(%[[R]]
// CHECK: partition0(%{{.*}}: !tile.smem<128x64xf16, #[[SW128]], mutable>

#store = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#load = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [16, 2], warpsPerCTA = [1, 4], order = [0, 1]>
!descA = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!descC = !tma.descriptor<tensor<128x32xf32>>
gpu.module @m {
  // TMA boxes: the descriptor's swizzle, through subslices.
  gpu.func @tma(%da: !descA, %db: !descB, %bar: !mbarrier.barrier, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %a = tile.alloc_smem : !tile.smem<128x32xf16, mutable>
    %b = tile.alloc_smem : !tile.smem<32x128xf16, mutable>
    %b0 = tile.smem_subslice %b[0, 0] : !tile.smem<32x128xf16, mutable> -> !tile.smem<32x64xf16, mutable>
    %b1 = tile.smem_subslice %b[0, 64] : !tile.smem<32x128xf16, mutable> -> !tile.smem<32x64xf16, mutable>
    tma.async_load %da[%c0, %c0], %a, %bar : !descA, !tile.smem<128x32xf16, mutable>
    tma.async_load %db[%c0, %c0], %b0, %bar : !descB, !tile.smem<32x64xf16, mutable>
    tma.async_load %db[%c0, %c64], %b1, %bar : !descB, !tile.smem<32x64xf16, mutable>
    mbarrier.wait %bar, phase %c0 : i32
    %z = arith.constant dense<0.0> : tensor<128x128xf32>
    %d = tile.dot %a, %b, %z : !tile.smem<128x32xf16, mutable>, !tile.smem<32x128xf16, mutable>, tensor<128x128xf32> -> tensor<128x128xf32>
    %off = arith.constant dense<0> : tensor<128x128xi32>
    tile.store %out[%off], %d : !tile.ptr<f32>, tensor<128x128xi32>, tensor<128x128xf32>
    gpu.return
  }

  // Operands staged through registers: the widest swizzle of the rows
  // (128 bytes for 64 f16, 64 for 32); a transposed view flips it.
  gpu.func @staged(%out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %x = arith.constant dense<1.0> : tensor<64x64xf16>
    %y = arith.constant dense<2.0> : tensor<32x64xf16>
    %a = tile.alloc_smem : !tile.smem<64x64xf16, mutable>
    %k = tile.alloc_smem : !tile.smem<32x64xf16, mutable>
    tile.smem_store %x, %a : tensor<64x64xf16>, !tile.smem<64x64xf16, mutable>
    tile.smem_store %y, %k : tensor<32x64xf16>, !tile.smem<32x64xf16, mutable>
    %kt = tile.smem_trans %k, order = [1, 0] : !tile.smem<32x64xf16, mutable> -> !tile.smem<64x32xf16, mutable>
    %z = arith.constant dense<0.0> : tensor<64x32xf32>
    %s = tile.dot %a, %kt, %z : !tile.smem<64x64xf16, mutable>, !tile.smem<64x32xf16, mutable>, tensor<64x32xf32> -> tensor<64x32xf32>
    %a2 = tile.alloc_smem : !tile.smem<64x32xf16, mutable>
    %x2 = arith.constant dense<1.0> : tensor<64x32xf16>
    tile.smem_store %x2, %a2 : tensor<64x32xf16>, !tile.smem<64x32xf16, mutable>
    %b2 = tile.alloc_smem : !tile.smem<32x32xf16, mutable>
    %y2 = arith.constant dense<1.0> : tensor<32x32xf16>
    tile.smem_store %y2, %b2 : tensor<32x32xf16>, !tile.smem<32x32xf16, mutable>
    %s2 = tile.dot %a2, %b2, %s : !tile.smem<64x32xf16, mutable>, !tile.smem<32x32xf16, mutable>, tensor<64x32xf32> -> tensor<64x32xf32>
    %off = arith.constant dense<0> : tensor<64x32xi32>
    tile.store %out[%off], %s2 : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32>
    gpu.return
  }

  // Only registers touch it: the swizzle with the fewest wavefronts for a
  // row-wise store and a column-wise load of 128-byte rows.
  gpu.func @registers(%x: tensor<64x64xf32, #store>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %buf = tile.alloc_smem : !tile.smem<64x64xf32, mutable>
    tile.smem_store %x, %buf : tensor<64x64xf32, #store>, !tile.smem<64x64xf32, mutable>
    tile.barrier
    %y = tile.smem_load %buf : !tile.smem<64x64xf32, mutable> -> tensor<64x64xf32, #load>
    %off = arith.constant dense<0> : tensor<64x64xi32, #load>
    tile.store %out[%off], %y : !tile.ptr<f32>, tensor<64x64xi32, #load>, tensor<64x64xf32, #load>
    gpu.return
  }

  // Read as row-major too (one element, a copy through an unswizzled
  // descriptor): it keeps no layout.
  gpu.func @row_major(%x: tensor<128x32xf32, #store>, %dc: !descC, %i: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !tile.smem<128x32xf32, mutable>
    tile.smem_store %x, %buf : tensor<128x32xf32, #store>, !tile.smem<128x32xf32, mutable>
    %e = tile.smem_load %buf[%i, %i] : !tile.smem<128x32xf32, mutable> -> f32
    tma.async_store %buf, %dc[%c0, %c0] : !tile.smem<128x32xf32, mutable>, !descC
    gpu.return
  }

  // A buffer captured by a warp_specialize partition: the partition's
  // argument follows.
  gpu.func @captured(%d: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, %bar: !mbarrier.barrier) kernel attributes {tile.num_warps = 4 : i32} {
    %buf = tile.alloc_smem : !tile.smem<128x64xf16, mutable>
    tile.warp_specialize(%buf, %d, %bar) default {
      tile.warp_yield
    }
    partition0(%b: !tile.smem<128x64xf16, mutable>, %dd: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, %bb: !mbarrier.barrier) num_warps(1) {
      %c0 = arith.constant 0 : i32
      tma.async_load %dd[%c0, %c0], %b, %bb scope = thread : !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, !tile.smem<128x64xf16, mutable>
      tile.warp_return
    } : (!tile.smem<128x64xf16, mutable>, !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, !mbarrier.barrier) -> ()
    gpu.return
  }
}
