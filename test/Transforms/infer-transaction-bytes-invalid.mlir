// What tile-infer-transaction-bytes refuses, each with the reason and the
// way out (writing the byte count).
// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-infer-transaction-bytes))' -split-input-file -verify-diagnostics

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// Two expects without bytes share one phase: which takes what is open.
gpu.module @m {
  gpu.func @k(%a: !d, %x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !b
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
      // expected-error @+1 {{'mbarrier.expect_tx' op has no byte count, and tile-infer-transaction-bytes cannot compute it: another expect without a byte count is in the same phase, and only one of them can take the rest; write `bytes = N`}}
      mbarrier.expect_tx %bar
      // expected-error @+1 {{'mbarrier.arrive_expect_tx' op has no byte count}}
      mbarrier.arrive_expect_tx %bar
    }
    tma.async_load %a[%x, %x], %buf, %bar : !d, !b
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// Nothing completes on the barrier in the phase.
gpu.module @m {
  gpu.func @k(%x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
      // expected-error @+1 {{cannot compute it: no TMA or bulk load completes on the barrier in its phase; write `bytes = N`}}
      mbarrier.arrive_expect_tx %bar
    }
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// Guarded by a condition that is not a tile.elect: how many threads
// execute it is unknown.
gpu.module @m {
  gpu.func @k(%a: !d, %x: i32, %c: i1) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !b
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    // expected-error @+1 {{cannot compute it: how many threads execute it is not known (guard it with tile.elect, or keep it out of loops without a constant trip count)}}
    mbarrier.arrive_expect_tx %bar if %c
    tma.async_load %a[%x, %x], %buf, %bar : !d, !b
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// The other expect of the phase already announces more than the copies
// move; and 8192 bytes do not divide among 96 expecting threads.
gpu.module @m {
  gpu.func @k(%a: !d, %x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !b
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
      mbarrier.expect_tx %bar, bytes = 16384
      // expected-error @+1 {{cannot compute it: the copies of its phase move 8192 bytes, the phase's other expects announce 16384, and the remaining -8192 are not a positive multiple, below 2^20 each, of the 1 times it executes}}
      mbarrier.arrive_expect_tx %bar
    }
    tma.async_load %a[%x, %x], %buf, %bar : !d, !b
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
  gpu.func @k2(%a: !d, %x: i32) kernel attributes {tile.num_warps = 3 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !b
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 96
    }
    // expected-error @+1 {{the copies of its phase move 8192 bytes, the phase's other expects announce 0, and the remaining 8192 are not a positive multiple, below 2^20 each, of the 96 times it executes}}
    mbarrier.arrive_expect_tx %bar
    tma.async_load %a[%x, %x], %buf, %bar : !d, !b
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// A multicast copy also counts down the barriers of other CTAs.
gpu.module @m {
  gpu.func @k(%a: !d, %x: i32, %mask: i16) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !b
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
      // expected-error @+1 {{cannot compute it: the bytes of its phase are not all known: tma.async_load here moves or expects an amount known only at run time}}
      mbarrier.arrive_expect_tx %bar
    }
    tma.async_load %a[%x, %x], %buf, %bar multicast %mask : !d, !b
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// In a loop without a constant trip count whose body does not wait: the
// phase around the loop cannot count it.
gpu.module @m {
  gpu.func @k(%a: !d, %x: i32, %n: index) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !b
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    tile.barrier
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{cannot compute it: the loop around it runs an unknown number of times in its phase (no constant trip count), or waits on the barrier in a way the phase cannot follow; write `bytes = N`}}
      mbarrier.expect_tx %bar if %leader
      tma.async_load %a[%x, %x], %buf, %bar : !d, !b
    }
    mbarrier.arrive %bar if %leader
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// A barrier that is a kernel argument: no phase of it can be read.
gpu.module @m {
  gpu.func @k(%a: !d, %bar: !mbarrier.barrier, %x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %buf = tile.alloc_smem : !b
    %leader = tile.elect cta
    // expected-error @+1 {{cannot compute it: no phase of its barrier is known (the barrier does not trace to an mbarrier.alloc of the kernel); write `bytes = N`}}
    mbarrier.arrive_expect_tx %bar if %leader
    tma.async_load %a[%x, %x], %buf, %bar : !d, !b
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}
