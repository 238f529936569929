// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Descriptors whose box is split among the CTAs of a cluster (multicast =
// N), and the multicast loads that share them; cluster queries and
// barriers.

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>

// CHECK-LABEL: gpu.func @split_boxes
// CHECK-SAME: !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 2>
// CHECK-SAME: !tma.descriptor<tensor<64x256xf16>, swizzle = 128, multicast = 4>
// CHECK-SAME: !tma.descriptor<tensor<64x32xf32>, multicast = 8>
// The default (1) is left out when printing.
// CHECK-SAME: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>)
gpu.module @m {
  gpu.func @split_boxes(%a: !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 2>,
                        %b: !tma.descriptor<tensor<64x256xf16>, swizzle = 128, multicast = 4>,
                        %p: !tma.descriptor<tensor<64x32xf32>, multicast = 8>,
                        %one: !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 1>)
      kernel attributes {known_cluster_size = array<i32: 2, 2, 1>} {
    %c0 = arith.constant 0 : index
    %x = arith.constant 0 : i32
    %abuf = tile.alloc_smem : !tile.smem<128x64xf16, #nvmma128, mutable>
    %bbuf = tile.alloc_smem : !tile.smem<64x256xf16, #nvmma128, mutable>
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    // CHECK: %[[RANK:.*]] = tile.cluster_rank
    %rank = tile.cluster_rank
    // CHECK: tile.cluster_barrier
    tile.cluster_barrier
    // Two CTAs of a row (ranks 0 and 1), all four, and a mask computed at
    // run time.
    %row = arith.constant 3 : i16
    %all = arith.constant 15 : i16
    // CHECK: tma.async_load %{{.*}} multicast %{{.*}} : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 2>
    tma.async_load %a[%x, %x], %abuf, %bar multicast %row : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 2>, !tile.smem<128x64xf16, #nvmma128, mutable>
    // CHECK: tma.async_load %{{.*}} multicast %{{.*}} : !tma.descriptor<tensor<64x256xf16>, swizzle = 128, multicast = 4>
    tma.async_load %b[%x, %x], %bbuf, %bar multicast %all : !tma.descriptor<tensor<64x256xf16>, swizzle = 128, multicast = 4>, !tile.smem<64x256xf16, #nvmma128, mutable>
    %shifted = arith.trunci %rank : i32 to i16
    %mask = arith.ori %shifted, %row : i16
    // CHECK: tma.async_load %{{.*}} multicast %{{.*}} : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 2>
    tma.async_load %a[%x, %x], %abuf, %bar multicast %mask : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 2>, !tile.smem<128x64xf16, #nvmma128, mutable>
    // Without a mask a split box is loaded whole, piece by piece.
    // CHECK: tma.async_load %{{.*}} : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 2>
    tma.async_load %a[%x, %x], %abuf, %bar : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, multicast = 2>, !tile.smem<128x64xf16, #nvmma128, mutable>
    gpu.return
  }
}
