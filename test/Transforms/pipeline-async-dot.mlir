// RUN: tile-opt %tile_src_root/examples/tilelang_gemm_tma_copy.mlir --tile-pipeline=async-dot=1 | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/tilelang_gemm_tma_copy.mlir --tile-pipeline=async-dot=1 --tile-to-nvvm | FileCheck %s --check-prefix=NVVM
// RUN: tile-opt %s --tile-pipeline=async-dot=1 -verify-diagnostics | FileCheck %s --check-prefix=SYNC

// async-dot keeps one MMA in flight in the TileLang seed: the dot becomes
// asynchronous, waits for the previous one (pending = 1), and the refill of
// the slot that MMA read moves after the CTA barrier; the loop's result is
// waited for after the loop.
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: mbarrier.wait
// CHECK-NEXT: mbarrier.wait
// CHECK-NEXT: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %[[ACC]] async :
// CHECK-NEXT: %[[W:.*]] = tile.dot_wait %[[D]] {pending = 1 : i32}
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: scf.if
// CHECK: tma.async_load
// CHECK: scf.yield %[[W]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[DONE:.*]] = tile.dot_wait %{{.*}} {pending = 0 : i32}
// CHECK-NEXT: arith.truncf %[[DONE]]

// NVVM: wgmma.mma_async
// NVVM: nvvm.wgmma.commit.group.sync.aligned
// NVVM: nvvm.wgmma.wait.group.sync.aligned 1
// NVVM: nvvm.wgmma.wait.group.sync.aligned 0

// A body that does not end with the dot, a barrier and the yield keeps a
// synchronous MMA (and is still pipelined).
#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nv128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!b = !tile.smem<32x128xf16, #nv128, mutable>
!a = tensor<128x128xf32, #acc>
// SYNC-LABEL: gpu.func @f
// SYNC: tile.dot
// SYNC-NOT: async
// SYNC-NOT: tile.dot_wait
// SYNC: gpu.return
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bT = tile.alloc_smem : !b
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !a
    // expected-remark @+1 {{tile-pipeline: the MMA stays synchronous (one in flight needs the body to end with a single tile.dot on its own accumulator, a tile.barrier and the yield)}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!a) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %y = tile.dot %buf, %bT, %x : !s, !b, !a -> !a
      tile.barrier
      %z = arith.addf %y, %y : !a
      scf.yield %z : !a
    } {tile.num_stages = 2 : i32}
    gpu.return
  }
}
