// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-pipeline))' -split-input-file -verify-diagnostics

// Loops tile-pipeline leaves single-buffered, with the reason, and the
// one it rejects.

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// A step that is not a constant.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index, %step: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{tile-pipeline: not supported yet: a loop step that is not a positive constant}}
    %r = scf.for %k = %c0 to %n step %step iter_args(%x = %init) -> (!t) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// A load under control flow inside the loop.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{tile-pipeline: not supported yet: a tma.async_load in nested control flow}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      %p = arith.cmpi eq, %k, %c0 : index
      scf.if %p {
        tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      }
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// Nothing to pipeline.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{tile-pipeline: not supported yet: no tma.async_load to pipeline in the loop}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// The buffer is also written by the threads.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{tile-pipeline: not supported yet: a pipelined buffer is used by tile.smem_store (only TMA loads may write it and only tile.dot / tile.smem_load may read it)}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.smem_store %y, %buf : !t, !s
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// The buffer is read after the loop.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{tile-pipeline: not supported yet: a pipelined buffer is also used outside the loop by tile.smem_load}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    %after = tile.smem_load %buf : !s -> !t
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// The buffer is not allocated by tile.alloc_smem outside the loop.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{tile-pipeline: not supported yet: the destination of tma.async_load is not a tile.alloc_smem outside the loop (possibly through tile.smem_subslice)}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      %own = tile.alloc_smem : !s
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %own, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// The barrier is also waited on after the loop.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{tile-pipeline: not supported yet: the barrier of a TMA load is used outside the loop by mbarrier.wait}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    mbarrier.wait %bar, phase %c0_i32 : i32
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// The barrier is polled with try_wait.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{tile-pipeline: not supported yet: the barrier of a TMA load is used by mbarrier.try_wait (only expect_tx, arrive, TMA loads and wait are supported)}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      %done = mbarrier.try_wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// The barrier index is not a constant.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    %bar2 = mbarrier.index %bars[%n] : !mbarrier.group<1>
    // expected-warning @+1 {{tile-pipeline: not supported yet: the barrier of a TMA load may be named by another mbarrier.index}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// The load stage depends on a loop-carried value.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{tile-pipeline: not supported yet: the load stage depends on a loop-carried value (iter_args other than accumulators)}}
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init, %off = %c0_i32) -> (!t, i32) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%off, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      %next = arith.addi %off, %c0_i32 : i32
      tile.barrier
      scf.yield %y, %next : !t, i32
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// Side effects before the load stage.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{tile-pipeline: not supported yet: an operation with side effects (before mbarrier.arrive_expect_tx) inside the load stage; the loads, their expect_tx and arrives must come first}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      tile.barrier
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// No CTA barrier between the read and the next refill.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{tile-pipeline: not supported yet: no CTA-wide tile.barrier after the last read of a pipelined buffer, so a slot could be refilled while a warp still reads it}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// Rings larger than shared memory: 29 stages of 8 KiB.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-error @+1 {{tile-pipeline: 29 stages need 237568 bytes of shared memory for the pipelined buffers alone (8192 a stage), but a CTA can use at most 232448 bytes}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 29 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// A stage count whose rings' size passes 2^63 bytes (it once wrapped to a
// size that fit, and the pass ran until killed).
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-error @+1 {{tile-pipeline: 1125899906842624 stages need more than 9223372036854775807 bytes of shared memory for the pipelined buffers alone (8192 a stage), but a CTA can use at most 232448 bytes}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 1125899906842624 : i64}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!bT = !tile.smem<32x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
!a = tensor<128x128xf32, #acc>
!t = tensor<128x32xf16, #acc>

// The buffer is read by an asynchronous wgmma (bounded dot_waits are not supported yet).
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    %bT = tile.alloc_smem : !bT
    %inita = arith.constant dense<0.0> : !a
    // expected-warning @+1 {{tile-pipeline: not supported yet: a pipelined buffer is read by an asynchronous tile.dot}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%xa = %inita) -> (!a) {
      mbarrier.arrive_expect_tx %bar, bytes = 8192
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %d = tile.dot %buf, %bT, %xa async : !s, !bT, !a -> !a
      %y = tile.dot_wait %d {pending = 0 : i32} : !a
      tile.barrier
      scf.yield %y : !a
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// Nested marked loops.
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-warning @+1 {{tile-pipeline: not supported yet: a loop marked tile.num_stages nested in another marked loop}}
      scf.for %k = %c0 to %n step %c1 {
      } {tile.num_stages = 2 : i32}
    } {tile.num_stages = 2 : i32}
    gpu.return
  }
}

// -----

// A persistent kernel whose outer loop is an scf.while: only enclosing
// scf.for loops carry the count of pipelined iterations (and with it the
// barrier phases) across their iterations, so the pass leaves it alone.
#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

gpu.module @m {
  gpu.func @f(%desc: !d, %tiles: index, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    %last = scf.while (%tile = %c0) : (index) -> index {
      %more = arith.cmpi slt, %tile, %tiles : index
      scf.condition(%more) %tile : index
    } do {
    ^bb0(%tile: index):
      // expected-warning @+1 {{tile-pipeline: not supported yet: a pipelined loop inside scf.while (only directly enclosing scf.for loops carry the barrier phases across their iterations)}}
      %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
        mbarrier.arrive_expect_tx %bar, bytes = 8192
        tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
        mbarrier.wait %bar, phase %c0_i32 : i32
        %v = tile.smem_load %buf : !s -> !t
        %y = arith.addf %x, %v : !t
        tile.barrier
        scf.yield %y : !t
      } {tile.num_stages = 3 : i32}
      %next = arith.addi %tile, %c1 : index
      scf.yield %next : index
    }
    gpu.return
  }
}

// -----

// The pipelined loop inside an scf.for through an scf.if: the count of
// pipelined iterations would have to flow through the scf.if as well.
#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

gpu.module @m {
  gpu.func @f(%desc: !d, %tiles: index, %n: index, %p: i1) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    scf.for %tile = %c0 to %tiles step %c1 {
      scf.if %p {
        // expected-warning @+1 {{tile-pipeline: not supported yet: a pipelined loop inside an scf.for through other control flow (the enclosing scf.for loops must nest it directly)}}
        %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
          mbarrier.arrive_expect_tx %bar, bytes = 8192
          tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
          mbarrier.wait %bar, phase %c0_i32 : i32
          %v = tile.smem_load %buf : !s -> !t
          %y = arith.addf %x, %v : !t
          tile.barrier
          scf.yield %y : !t
        } {tile.num_stages = 3 : i32}
      }
    }
    gpu.return
  }
}

// -----

// A persistent kernel that initializes the barrier in every outer iteration
// (the count of pipelined iterations would not match the phases).
#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

gpu.module @m {
  gpu.func @f(%desc: !d, %tiles: index, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %init = arith.constant dense<0.0> : !t
    scf.for %tile = %c0 to %tiles step %c1 {
      mbarrier.init %bar, arrivals = 1
      // expected-warning @+1 {{tile-pipeline: not supported yet: the barrier of a TMA load is initialized inside an enclosing loop}}
      %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
        mbarrier.arrive_expect_tx %bar, bytes = 8192
        tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
        mbarrier.wait %bar, phase %c0_i32 : i32
        %v = tile.smem_load %buf : !s -> !t
        %y = arith.addf %x, %v : !t
        tile.barrier
        scf.yield %y : !t
      } {tile.num_stages = 3 : i32}
    }
    gpu.return
  }
}

// -----

// A persistent kernel that allocates the pipelined buffer inside the outer
// loop.
#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

gpu.module @m {
  gpu.func @f(%desc: !d, %tiles: index, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    scf.for %tile = %c0 to %tiles step %c1 {
      %buf = tile.alloc_smem : !s
      // expected-warning @+1 {{tile-pipeline: not supported yet: a pipelined buffer allocated inside an enclosing loop}}
      %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
        mbarrier.arrive_expect_tx %bar, bytes = 8192
        tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
        mbarrier.wait %bar, phase %c0_i32 : i32
        %v = tile.smem_load %buf : !s -> !t
        %y = arith.addf %x, %v : !t
        tile.barrier
        scf.yield %y : !t
      } {tile.num_stages = 3 : i32}
    }
    gpu.return
  }
}

// -----

#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// A byte count left out (tile-to-nvvm infers it before tile-pipeline runs;
// the pass on its own cannot arm its rings without it).
gpu.module @m {
  gpu.func @f(%desc: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    // expected-warning @+1 {{an mbarrier.arrive_expect_tx of a TMA load's barrier has no byte count (tile-infer-transaction-bytes computes it, first in tile-to-nvvm)}}
    %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
      mbarrier.arrive_expect_tx %bar
      tma.async_load %desc[%c0_i32, %c0_i32], %buf, %bar : !d, !s
      mbarrier.wait %bar, phase %c0_i32 : i32
      %v = tile.smem_load %buf : !s -> !t
      %y = arith.addf %x, %v : !t
      tile.barrier
      scf.yield %y : !t
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}
