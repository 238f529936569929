// RUN: tile-opt %s --tile-lower-copies | FileCheck %s
// RUN: tile-translate --emit=ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=PTX
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// tile.copy inside tile.warp_specialize partitions: each partition is its
// own group of warps, isolated from above. Its copies are elected by a
// leader of its own (tile.elect cta at its start, which
// tile-lower-warp-specialize places in the partition's first warp), the
// barriers of its synchronous copies are made and initialized in it, and
// its tile.barriers become the partition's named barrier. A descriptor the
// copy needs is built on the host from the memref kernel argument the
// partition captured, and captured into the partitions as a new argument.
//
// Here a producer partition (one warp) loads 64x64 boxes of A into a
// two-slot ring with the consumer's barriers (the pattern of an explicit
// warp-specialized GEMM), and a second partition (four warps) copies a
// 16x16 block of A synchronously (no barrier: the pass makes one) and
// stores it back to B.

// CHECK-LABEL: gpu.func @producer(
// CHECK-SAME: %[[A:arg[0-9]+]]: memref<256x64xf16>, %[[B:arg[0-9]+]]: memref<256x64xf16>, %{{.*}}: index, %[[DESC:arg[0-9]+]]: !tma.descriptor<tensor<64x64xf16>, swizzle = 128>, %[[DESC16:arg[0-9]+]]: !tma.descriptor<tensor<16x16xf16>>, %[[DESCB:arg[0-9]+]]: !tma.descriptor<tensor<16x16xf16>>) kernel
// CHECK: tile.warp_specialize(%[[A]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[B]], %[[DESC]], %[[DESC16]], %[[DESCB]])
// CHECK: partition0({{.*}}, %[[PDESC:arg[0-9]+]]: !tma.descriptor<tensor<64x64xf16>, swizzle = 128>, %{{arg[0-9]+}}: !tma.descriptor<tensor<16x16xf16>>, %{{arg[0-9]+}}: !tma.descriptor<tensor<16x16xf16>>) num_warps(1)
// CHECK-NEXT: %[[LEADER:.*]] = tile.elect cta
// CHECK: mbarrier.expect_tx %{{.*}}, bytes = 8192 if %[[LEADER]]
// CHECK: tma.async_load %[[PDESC]][
// CHECK: partition1({{.*}}, %[[P1DESC16:arg[0-9]+]]: !tma.descriptor<tensor<16x16xf16>>, %[[P1DESCB:arg[0-9]+]]: !tma.descriptor<tensor<16x16xf16>>) num_warps(4)
// CHECK-NEXT: %[[LEADER1:.*]] = tile.elect cta
// CHECK-NEXT: %[[GROUP:.*]] = mbarrier.alloc : !mbarrier.group<1>
// CHECK: scf.if %[[LEADER1]] {
// CHECK-NEXT: mbarrier.init
// CHECK: tile.barrier
// CHECK: mbarrier.arrive_expect_tx %{{.*}}, bytes = 512 if %[[LEADER1]]
// CHECK: tma.async_load %[[P1DESC16]]
// CHECK: mbarrier.wait
// CHECK: tile.barrier
// CHECK: tma.async_store %{{.*}}, %[[P1DESCB]]
// CHECK: func.func @main(%[[HA:.*]]: memref<256x64xf16>, %[[HB:.*]]: memref<256x64xf16>)
// CHECK: tma.make_descriptor %[[HA]] : memref<256x64xf16> -> !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
// CHECK: tma.make_descriptor %[[HA]] : memref<256x64xf16> -> !tma.descriptor<tensor<16x16xf16>>
// CHECK: tma.make_descriptor %[[HB]] : memref<256x64xf16> -> !tma.descriptor<tensor<16x16xf16>>
// CHECK: gpu.launch_func

// Partition 0 (warp 4) issues its loads from an elected lane of warp 4;
// partition 1 (warps 5-8) elects in warp 5 and synchronizes on a named
// barrier of its 128 threads.
// PTX: .entry producer(
// PTX: setp.eq.b32 [[P0:%p[0-9]+]], %r{{[0-9]+}}, 4;
// PTX: mbarrier.expect_tx
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: setp.eq.b32 [[P1:%p[0-9]+]], %r{{[0-9]+}}, 5;
// PTX: mbarrier.init
// PTX: bar.sync {{[0-9]+}}, 128;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @producer(%A: memref<256x64xf16>, %B: memref<256x64xf16>, %steps: index) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %ring = tile.alloc_smem : !tile.smem<2x64x64xf16, #sw, mutable>
      %full = mbarrier.alloc : !mbarrier.group<2>
      %empty = mbarrier.alloc : !mbarrier.group<2>
      %small = tile.alloc_smem : !tile.smem<16x16xf16, mutable>
      tile.warp_specialize(%A, %steps, %ring, %full, %empty, %small, %B) default {
        tile.warp_yield
      }
      partition0(%a: memref<256x64xf16>, %n: index, %r: !tile.smem<2x64x64xf16, #sw, mutable>, %f: !mbarrier.group<2>, %e: !mbarrier.group<2>, %s: !tile.smem<16x16xf16, mutable>, %b: memref<256x64xf16>) num_warps(1) {
        %c0p = arith.constant 0 : index
        %c1p = arith.constant 1 : index
        %c2p = arith.constant 2 : index
        %c64p = arith.constant 64 : index
        scf.for %i = %c0p to %n step %c1p {
          %slot = arith.remui %i, %c2p : index
          %bar = mbarrier.index %f[%slot] : !mbarrier.group<2>
          %buf = tile.smem_index %r[%slot] : !tile.smem<2x64x64xf16, #sw, mutable> -> !tile.smem<64x64xf16, #sw, mutable>
          %row = arith.muli %i, %c64p : index
          tile.copy %a[%row, %c0p], %buf barrier %bar : memref<256x64xf16>, !tile.smem<64x64xf16, #sw, mutable>
        }
        tile.warp_return
      }
      partition1(%a1: memref<256x64xf16>, %n1: index, %r1: !tile.smem<2x64x64xf16, #sw, mutable>, %f1: !mbarrier.group<2>, %e1: !mbarrier.group<2>, %s1: !tile.smem<16x16xf16, mutable>, %b1: memref<256x64xf16>) num_warps(4) {
        %c16 = arith.constant 16 : index
        tile.copy %a1[%c16, %c16], %s1 : memref<256x64xf16>, !tile.smem<16x16xf16, mutable>
        tile.copy %s1, %b1[%c16, %c16] : !tile.smem<16x16xf16, mutable>, memref<256x64xf16>
        tile.warp_return
      } : (memref<256x64xf16>, index, !tile.smem<2x64x64xf16, #sw, mutable>, !mbarrier.group<2>, !mbarrier.group<2>, !tile.smem<16x16xf16, mutable>, memref<256x64xf16>) -> ()
      gpu.return
    }
  }

  func.func @main(%A: memref<256x64xf16>, %B: memref<256x64xf16>) {
    %c1 = arith.constant 1 : index
    %threads = arith.constant 288 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@producer blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%A : memref<256x64xf16>, %B : memref<256x64xf16>, %c4 : index)
    return
  }
}
