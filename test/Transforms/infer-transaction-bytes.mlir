// tile-infer-transaction-bytes: expect_tx / arrive_expect_tx without `bytes`
// get the bytes of the copies of their phase, less the phase's other
// expects, divided among the threads that execute them.
// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-infer-transaction-bytes))' -split-input-file | FileCheck %s
// tile-to-nvvm runs it (and the barrier checker agrees with what it wrote).
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-to-nvvm)' -split-input-file | FileCheck %s --check-prefix=NVVM
// NVVM-LABEL: llvm.func @two_boxes
// NVVM: %[[BYTES:.*]] = llvm.mlir.constant(24576 : i32) : i32
// NVVM: nvvm.mbarrier.arrive.expect_tx %{{.*}}, %[[BYTES]]

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!d2 = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
!b2 = !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// Two boxes (8192 + 16384 bytes) announced by one leader thread, whether
// the copies come after the expect or before it.
// CHECK-LABEL: gpu.func @two_boxes
// CHECK: mbarrier.arrive_expect_tx %{{.*}}, bytes = 24576
// CHECK-LABEL: gpu.func @copies_first
// CHECK: mbarrier.expect_tx %{{.*}}, bytes = 8192 if
gpu.module @m {
  gpu.func @two_boxes(%a: !d, %bd: !d2, %x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !b
    %buf2 = tile.alloc_smem : !b2
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
      mbarrier.arrive_expect_tx %bar
    }
    tma.async_load %a[%x, %x], %buf, %bar : !d, !b
    tma.async_load %bd[%x, %x], %buf2, %bar : !d2, !b2
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
  gpu.func @copies_first(%a: !d, %x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !b
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    tile.barrier
    tma.async_load %a[%x, %x], %buf, %bar : !d, !b
    mbarrier.expect_tx %bar if %leader
    mbarrier.arrive %bar if %leader
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// A split expect: the explicit part is subtracted. In a loop whose body
// waits, the phase runs around the back edge (the seed's K loop). A bulk
// copy counts its destination's bytes.
// CHECK-LABEL: gpu.func @split_in_loop
// CHECK: mbarrier.expect_tx %{{.*}}, bytes = 4096
// CHECK: mbarrier.arrive_expect_tx %{{.*}}, bytes = 4096
// CHECK: mbarrier.arrive_expect_tx %{{.*}}, bytes = 256 if
gpu.module @m {
  gpu.func @split_in_loop(%a: !d, %p: !tile.ptr<f32>, %x: i32, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bars = mbarrier.alloc : !mbarrier.group<2>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<2>
    %bulk = mbarrier.index %bars[%c1] : !mbarrier.group<2>
    %buf = tile.alloc_smem : !b
    %vec = tile.alloc_smem : !tile.smem<64xf32, mutable>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
      mbarrier.init %bulk, arrivals = 1
    }
    tile.barrier
    scf.for %i = %c0 to %n step %c1 {
      scf.if %leader {
        mbarrier.expect_tx %bar, bytes = 4096
        mbarrier.arrive_expect_tx %bar
      }
      tma.async_load %a[%x, %x], %buf, %bar : !d, !b
      mbarrier.wait %bar, phase %x : i32
      tile.barrier
    }
    mbarrier.arrive_expect_tx %bulk if %leader
    tma.bulk_load %p[%x], %vec, %bulk : !tile.ptr<f32>, i32, !tile.smem<64xf32, mutable>
    mbarrier.wait %bulk, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// A loop without waits and a constant trip count is folded into the
// phase around it: 4 copies of 8192 bytes, announced once per iteration.
// Every one of 32 threads expecting (no guard) shares the bytes.
// CHECK-LABEL: gpu.func @constant_loop
// CHECK: mbarrier.expect_tx %{{.*}}, bytes = 8192 if
// CHECK-LABEL: gpu.func @every_thread
// CHECK: mbarrier.expect_tx %{{.*}}, bytes = 256{{$}}
gpu.module @m {
  gpu.func @constant_loop(%a: !d, %x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %ring = tile.alloc_smem : !tile.smem<4x64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    tile.barrier
    scf.for %i = %c0 to %c4 step %c1 {
      %slot = tile.smem_index %ring[%i] : !tile.smem<4x64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> !b
      mbarrier.expect_tx %bar if %leader
      tma.async_load %a[%x, %x], %slot, %bar : !d, !b
    }
    mbarrier.arrive %bar if %leader
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
  gpu.func @every_thread(%a: !d, %x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !b
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 32
    }
    tile.barrier
    mbarrier.expect_tx %bar
    tma.async_load %a[%x, %x], %buf, %bar : !d, !b
    mbarrier.arrive %bar
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}
