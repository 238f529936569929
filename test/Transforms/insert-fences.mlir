// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-insert-fences))' -split-input-file -verify-diagnostics | FileCheck %s

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// A register tile written to shared memory and stored by TMA: the fence
// goes right after the write, before the barrier that hands the buffer to
// the issuing thread.
// CHECK-LABEL: gpu.func @tma_store_epilogue
// CHECK: tile.smem_store
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tma.async_store
// CHECK-NOT: tile.fence_async_shared
// CHECK: gpu.return
gpu.module @m {
  gpu.func @tma_store_epilogue(%d: !d, %v: tensor<64x64xf16, #blocked>, %x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %buf = tile.alloc_smem : !b
    tile.smem_store %v, %buf : tensor<64x64xf16, #blocked>, !b
    tile.barrier
    tma.async_store %buf, %d[%x, %x] : !b, !d
    tma.store_commit
    tma.store_wait pending = 0
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x32xf16>, swizzle = 64>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 64, element_bits = 16>, mutable>
!h = !tile.smem<64x32xf16, #tile.nvmma_shared<swizzle = 64, element_bits = 16>, mutable>
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// A fence the user wrote is kept and is enough, also for reads of views
// of the buffer; writes to another buffer do not need one.
// CHECK-LABEL: gpu.func @already_fenced
// CHECK: tile.smem_store
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.smem_store
// CHECK-NOT: tile.fence_async_shared
// CHECK: gpu.return
gpu.module @m {
  gpu.func @already_fenced(%d: !d, %v: tensor<64x64xf16, #blocked>, %x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %buf = tile.alloc_smem : !b
    %other = tile.alloc_smem : !b
    tile.smem_store %v, %buf : tensor<64x64xf16, #blocked>, !b
    tile.fence_async_shared
    tile.barrier
    tile.smem_store %v, %other : tensor<64x64xf16, #blocked>, !b
    %lo = tile.smem_subslice %buf[0, 0] : !b -> !h
    %hi = tile.smem_subslice %buf[0, 32] : !b -> !h
    tma.async_store %lo, %d[%x, %x] : !h, !d
    tma.async_store %hi, %d[%x, %x] : !h, !d
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!r = !tile.smem<2x64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// Writes in a loop and a branch, read after them: one fence after the
// loop, one after the branch (a fence inside would run every iteration, or
// only when the branch is taken).
// CHECK-LABEL: gpu.func @after_loop_and_branch
// CHECK: scf.for
// CHECK: tile.smem_store
// CHECK-NOT: tile.fence_async_shared
// CHECK: }
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.smem_index
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tma.async_store
// CHECK: scf.if
// CHECK-NEXT: tile.smem_store
// CHECK-NEXT: }
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tma.async_store
gpu.module @m {
  gpu.func @after_loop_and_branch(%d: !d, %v: tensor<64x64xf16, #blocked>, %x: i32, %n: index, %c: i1) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ring = tile.alloc_smem : !r
    scf.for %i = %c0 to %n step %c1 {
      %slot = tile.smem_index %ring[%i] : !r -> !b
      tile.smem_store %v, %slot : tensor<64x64xf16, #blocked>, !b
    }
    %s0 = tile.smem_index %ring[%c0] : !r -> !b
    tile.barrier
    tma.async_store %s0, %d[%x, %x] : !b, !d
    scf.if %c {
      tile.smem_store %v, %s0 : tensor<64x64xf16, #blocked>, !b
    }
    tma.async_store %s0, %d[%x, %x] : !b, !d
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// A persistent epilogue: the TMA store at the top of an iteration reads
// what the previous iteration wrote at its bottom.
// CHECK-LABEL: gpu.func @loop_carried
// CHECK: scf.for
// CHECK: tma.async_store
// CHECK: tile.smem_store
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: }
gpu.module @m {
  gpu.func @loop_carried(%d: !d, %v: tensor<64x64xf16, #blocked>, %x: i32, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %buf = tile.alloc_smem : !b
    scf.for %i = %c0 to %n step %c1 {
      tma.async_store %buf, %d[%x, %x] : !b, !d
      tma.store_commit
      tma.store_wait pending = 0 read_only
      tile.smem_store %v, %buf : tensor<64x64xf16, #blocked>, !b
      tile.barrier
    }
    gpu.return
  }
}

// -----

!a = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
!acc = tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>>
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// wgmma reads its shared operands through the async proxy: an operand
// written from registers needs a fence; one only TMA writes does not.
// CHECK-LABEL: gpu.func @wgmma_operand
// CHECK: tile.smem_store
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.dot
// CHECK-NOT: tile.fence_async_shared
gpu.module @m {
  gpu.func @wgmma_operand(%v: tensor<64x64xf16, #blocked>, %c: !acc) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !a
    %b = tile.alloc_smem : !a
    tile.smem_store %v, %a : tensor<64x64xf16, #blocked>, !a
    tile.barrier
    %d = tile.dot %a, %b, %c : !a, !a, !acc -> !acc
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// The default region writes, a partition stores by TMA after a barrier
// hand-over: the writer fences in its own region.
// CHECK-LABEL: gpu.func @across_partitions
// CHECK: default {
// CHECK: tile.smem_store
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: mbarrier.arrive
// CHECK: partition0
// CHECK-NOT: tile.fence_async_shared
// CHECK: tma.async_store
gpu.module @m {
  gpu.func @across_partitions(%d: !d, %v: tensor<64x64xf16, #blocked>, %x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc_smem : !b
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    tile.warp_specialize(%buf, %bars, %d, %x) default {
      tile.smem_store %v, %buf : tensor<64x64xf16, #blocked>, !b
      mbarrier.arrive %bar
      tile.warp_yield
    }
    partition0(%pb: !b, %g: !mbarrier.group<1>, %pd: !d, %px: i32) num_warps(1) {
      %c0p = arith.constant 0 : index
      %y = arith.constant 0 : i32
      %bp = mbarrier.index %g[%c0p] : !mbarrier.group<1>
      mbarrier.wait %bp, phase %y : i32
      tma.async_store %pb, %pd[%px, %px] : !b, !d
      tile.warp_return
    } : (!b, !mbarrier.group<1>, !d, i32) -> ()
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// A buffer chosen at run time cannot be traced: warned, left alone.
gpu.module @m {
  gpu.func @untraced(%d: !d, %x: i32, %c: i1) kernel attributes {tile.num_warps = 4 : i32} {
    %p = tile.alloc_smem : !b
    %q = tile.alloc_smem : !b
    %buf = scf.if %c -> !b {
      scf.yield %p : !b
    } else {
      scf.yield %q : !b
    }
    // expected-warning @+1 {{tile-insert-fences cannot tell which buffer this async-proxy read uses}}
    tma.async_store %buf, %d[%x, %x] : !b, !d
    gpu.return
  }
}

// -----

!s = !tile.smem<128x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>, mutable>
!t = !tmem.buffer<128x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>
#blocked = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>

// The Gluon seed's rule (tcgen05_copy): a fence between the write and
// tmem.copy; none between the copy and the next write, which the mbarrier
// wait on the copy's commit orders; again one before the next copy.
// CHECK-LABEL: gpu.func @tcgen05_copy
// CHECK: tile.smem_store
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK: tmem.copy
// CHECK: mbarrier.wait
// CHECK-NEXT: tile.smem_store
// CHECK-NEXT: tile.fence_async_shared
// CHECK-NEXT: tile.barrier
// CHECK: tmem.copy
// CHECK-NOT: tile.fence_async_shared
// CHECK: gpu.return
gpu.module @m {
  gpu.func @tcgen05_copy(%v0: tensor<128x64xf32, #blocked>, %v1: tensor<128x64xf32, #blocked>, %x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %smem = tile.alloc_smem : !s
    %tmem = tmem.alloc : !t
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    tile.smem_store %v0, %smem : tensor<128x64xf32, #blocked>, !s
    tile.barrier
    scf.if %leader {
      tmem.copy %smem, %tmem : !s, !t
      tmem.commit %bar
    }
    mbarrier.wait %bar, phase %x : i32
    tile.smem_store %v1, %smem : tensor<128x64xf32, #blocked>, !s
    tile.barrier
    scf.if %leader {
      tmem.copy %smem, %tmem : !s, !t
      tmem.commit %bar
    }
    gpu.return
  }
}
