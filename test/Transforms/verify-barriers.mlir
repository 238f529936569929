// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-verify-barriers))' -split-input-file -verify-diagnostics

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// Two boxes of 8192 bytes under one expect of 8192: one box is missing.
gpu.module @m {
  gpu.func @k(%d: !d, %x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !b
    %buf2 = tile.alloc_smem : !b
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
      // expected-error @+1 {{one phase of barrier 0 of its group expects 8192 transaction bytes, but the copies that complete on it in that phase move 16384 bytes}}
      mbarrier.arrive_expect_tx %bar, bytes = 8192
    }
    // expected-note @+1 {{copy counted here (8192 bytes)}}
    tma.async_load %d[%x, %x], %buf, %bar : !d, !b
    // expected-note @+1 {{copy counted here (8192 bytes)}}
    tma.async_load %d[%x, %x], %buf2, %bar : !d, !b
    // expected-note @+1 {{the phase ends at this wait}}
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

// A 1-D bulk copy counts the bytes of its destination.
gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f32>, %x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !tile.smem<64xf32, mutable>
    %leader = tile.elect warp
    mbarrier.init %bar, arrivals = 1
    // expected-error @+1 {{expects 128 transaction bytes, but the copies that complete on it in that phase move 256 bytes}}
    mbarrier.expect_tx %bar, bytes = 128 if %leader
    // expected-note @+1 {{copy counted here (256 bytes)}}
    tma.bulk_load %p[%x], %buf, %bar : !tile.ptr<f32>, i32, !tile.smem<64xf32, mutable>
    gpu.return
  }
}

// -----

// Waiting on a barrier nobody initializes would hang.
gpu.module @m {
  gpu.func @k(%x: i32) kernel {
    %c0 = arith.constant 0 : index
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<2>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<2>
    // expected-error @+1 {{'mbarrier.wait' op waits on a barrier that no mbarrier.init in this kernel initializes (it would never complete a phase)}}
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

// Only barrier 0 of the group is initialized; barrier 1 is waited on.
gpu.module @m {
  gpu.func @k(%x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<2>
    %b0 = mbarrier.index %bars[%c0] : !mbarrier.group<2>
    %b1 = mbarrier.index %bars[%c1] : !mbarrier.group<2>
    mbarrier.init %b0, arrivals = 32
    // expected-error @+1 {{'mbarrier.arrive' op arrives on barrier 1 of its group, which no mbarrier.init in this kernel initializes (the inits have other constant indices)}}
    mbarrier.arrive %b1
    mbarrier.wait %b1, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// Initialization seen through a warp_specialize capture counts; matching
// byte counts, copies to other barriers and copies in loops pass.
gpu.module @m {
  gpu.func @k(%d: !d, %x: i32, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %bars = mbarrier.alloc : !mbarrier.group<2>
    %b0 = mbarrier.index %bars[%c0] : !mbarrier.group<2>
    %b1 = mbarrier.index %bars[%c1] : !mbarrier.group<2>
    %buf = tile.alloc_smem : !b
    %leader = tile.elect cta
    mbarrier.init %b0, arrivals = 1
    mbarrier.init %b1, arrivals = 1
    mbarrier.arrive_expect_tx %b0, bytes = 8192 if %leader
    tma.async_load %d[%x, %x], %buf, %b0 : !d, !b
    tma.async_load %d[%x, %x], %buf, %b1 : !d, !b
    mbarrier.arrive_expect_tx %b1, bytes = 32768 if %leader
    scf.for %i = %c0 to %n step %c1 {
      tma.async_load %d[%x, %x], %buf, %b1 : !d, !b
    }
    tile.warp_specialize(%bars) default {
      tile.warp_yield
    }
    partition0(%g: !mbarrier.group<2>) num_warps(1) {
      %c0p = arith.constant 0 : index
      %y = arith.constant 0 : i32
      %bp = mbarrier.index %g[%c0p] : !mbarrier.group<2>
      mbarrier.wait %bp, phase %y : i32
      tile.warp_return
    } : (!mbarrier.group<2>) -> ()
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// The issue's first case: a pipelined loop (tile.num_stages = 3) whose
// expect announces half of the bytes its loads move, checked as written.
gpu.module @m {
  gpu.func @k(%da: !d, %db: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : i32
    %a = tile.alloc_smem : !b
    %b = tile.alloc_smem : !b
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 128
    }
    tile.barrier
    scf.for %k = %c0 to %n step %c1 {
      %k32 = arith.index_cast %k : index to i32
      // expected-error @+1 {{one phase of barrier 0 of its group expects 16384 transaction bytes, but the copies that complete on it in that phase move 32768 bytes}}
      mbarrier.expect_tx %bar, bytes = 16384 if %leader
      // expected-note @+1 {{copy counted here (16384 bytes)}}
      tma.async_load %da[%k32, %k32], %a, %bar : !d, !b
      // expected-note @+1 {{copy counted here (16384 bytes)}}
      tma.async_load %db[%k32, %k32], %b, %bar : !d, !b
      mbarrier.arrive %bar
      %parity = arith.remui %k32, %c2 : i32
      // expected-note @+1 {{the phase runs from this wait around the loop to the same wait in the next iteration}}
      mbarrier.wait %bar, phase %parity : i32
      tile.barrier
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// Legal: one 16384-byte box announced in two parts (expect_tx, then
// arrive_expect_tx), and copies issued before the expects of their phase.
gpu.module @m {
  gpu.func @k(%d: !d, %x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %buf = tile.alloc_smem : !b
    %bars = mbarrier.alloc : !mbarrier.group<2>
    %b0 = mbarrier.index %bars[%c0] : !mbarrier.group<2>
    %b1 = mbarrier.index %bars[%c1] : !mbarrier.group<2>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %b0, arrivals = 1
      mbarrier.init %b1, arrivals = 1
      mbarrier.expect_tx %b0, bytes = 8192
      mbarrier.arrive_expect_tx %b0, bytes = 8192
      tma.async_load %d[%x, %x], %buf, %b0 scope = thread : !d, !b
    }
    mbarrier.wait %b0, phase %x : i32
    tma.async_load %d[%x, %x], %buf, %b1 : !d, !b
    mbarrier.arrive_expect_tx %b1, bytes = 16384 if %leader
    mbarrier.wait %b1, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// A mismatch where the copy is issued before the expect of its phase; the
// phase after the wait is checked on its own.
gpu.module @m {
  gpu.func @k(%d: !d, %x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc_smem : !b
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    tile.barrier
    tma.async_load %d[%x, %x], %buf, %bar : !d, !b
    mbarrier.arrive_expect_tx %bar, bytes = 16384 if %leader
    // expected-note @+1 {{the phase begins after this wait}}
    mbarrier.wait %bar, phase %x : i32
    // expected-note @+1 {{copy counted here (16384 bytes)}}
    tma.async_load %d[%x, %x], %buf, %bar : !d, !b
    // expected-error @+1 {{one phase of barrier 0 of its group expects 8192 transaction bytes, but the copies that complete on it in that phase move 16384 bytes}}
    mbarrier.arrive_expect_tx %bar, bytes = 8192 if %leader
    // expected-note @+1 {{the phase ends at this wait}}
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// An expect without a leader guard: all 128 threads add its bytes.
gpu.module @m {
  gpu.func @k(%d: !d, %x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc_smem : !b
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 128
    }
    tile.barrier
    // expected-error @+1 {{expects 2097152 transaction bytes, but the copies that complete on it in that phase move 16384 bytes (this expect counts 16384 bytes x 128 executions: every thread that executes it adds its bytes; guard it with a tile.elect leader)}}
    mbarrier.expect_tx %bar, bytes = 16384
    // expected-note @+1 {{copy counted here (16384 bytes)}}
    tma.async_load %d[%x, %x], %buf, %bar : !d, !b
    mbarrier.arrive %bar
    // expected-note @+1 {{the phase ends at this wait}}
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// The issue's last case: a wait on a barrier that copies count down but
// nothing arrives on (expect_tx does not arrive).
gpu.module @m {
  gpu.func @k(%d: !d, %x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %buf = tile.alloc_smem : !b
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
      mbarrier.expect_tx %bar, bytes = 16384
    }
    tma.async_load %d[%x, %x], %buf, %bar : !d, !b
    // expected-error @+1 {{'mbarrier.wait' op waits on barrier 0 of its group, but nothing in this kernel arrives on it (no mbarrier.arrive or arrive_expect_tx; copies only count transaction bytes down): no phase of it can ever complete}}
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

// Arrivals only on barrier 0; the wait is on barrier 1.
gpu.module @m {
  gpu.func @k(%x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<2>
    %b0 = mbarrier.index %bars[%c0] : !mbarrier.group<2>
    %b1 = mbarrier.index %bars[%c1] : !mbarrier.group<2>
    mbarrier.init %b0, arrivals = 32
    mbarrier.init %b1, arrivals = 32
    mbarrier.arrive %b0
    mbarrier.wait %b0, phase %x : i32
    // expected-error @+1 {{waits on barrier 1 of its group, but nothing in this kernel arrives on it}}
    mbarrier.wait %b1, phase %x : i32
    gpu.return
  }
}

// -----

// 128 threads arrive on a barrier initialized for one arrival.
gpu.module @m {
  gpu.func @k(%x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    tile.barrier
    // expected-error @+1 {{one phase of barrier 0 of its group gets 128 arrivals from the threads that wait for it, but mbarrier.init set 1 arrivals per phase: the phase completes early and the other arrivals count towards the next one}}
    mbarrier.arrive %bar
    // expected-note @+1 {{the phase ends at this wait}}
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

// A loop whose 128 threads are the only arrivals of a barrier that needs
// 256: the first wait never returns. The phase of a loop body wraps
// around: the arrive after the wait belongs to the next iteration's phase.
gpu.module @m {
  gpu.func @k(%x: i32, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 256
    }
    tile.barrier
    scf.for %i = %c0 to %n step %c1 {
      // expected-note @+1 {{the phase runs from this wait around the loop to the same wait in the next iteration}}
      mbarrier.wait %bar, phase %x : i32
      // expected-error @+1 {{gets 128 arrivals from the threads that wait for it, but mbarrier.init set 256 arrivals per phase: nothing else arrives on it, so the phase never completes}}
      mbarrier.arrive %bar
    }
    gpu.return
  }
}

// -----

// Legal: two warpgroups of different partitions arrive on a barrier that
// needs 256 arrivals; each only sees half of them.
gpu.module @m {
  gpu.func @k(%x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 256
    }
    tile.barrier
    tile.warp_specialize(%bars) default {
      %c0d = arith.constant 0 : index
      %bd = mbarrier.index %bars[%c0d] : !mbarrier.group<1>
      mbarrier.arrive %bd
      mbarrier.wait %bd, phase %x : i32
      tile.warp_yield
    }
    partition0(%g: !mbarrier.group<1>) num_warps(4) {
      %c0p = arith.constant 0 : index
      %y = arith.constant 0 : i32
      %bp = mbarrier.index %g[%c0p] : !mbarrier.group<1>
      mbarrier.arrive %bp
      mbarrier.wait %bp, phase %y : i32
      tile.warp_return
    } : (!mbarrier.group<1>) -> ()
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// Not counted: multicast boxes (other CTAs count our barrier down), a
// guard other than tile.elect, and loops of unknown trip count.
gpu.module @m {
  gpu.func @k(%d: !d, %x: i32, %mask: i16, %c: i1, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %buf = tile.alloc_smem : !b
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    mbarrier.expect_tx %bar, bytes = 32768
    tma.async_load %d[%x, %x], %buf, %bar multicast %mask : !d, !b
    mbarrier.wait %bar, phase %x : i32
    scf.if %c {
      mbarrier.arrive_expect_tx %bar, bytes = 32768
    }
    tma.async_load %d[%x, %x], %buf, %bar : !d, !b
    mbarrier.wait %bar, phase %x : i32
    mbarrier.arrive_expect_tx %bar, bytes = 32768
    scf.for %i = %c0 to %n step %c1 {
      tma.async_load %d[%x, %x], %buf, %bar : !d, !b
    }
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// Counted: a loop of constant trip count (4 boxes of 16384 bytes under one
// 32768-byte expect).
gpu.module @m {
  gpu.func @k(%d: !d, %x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %buf = tile.alloc_smem : !b
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    mbarrier.init %bar, arrivals = 1 
    // expected-error @+1 {{expects 32768 transaction bytes, but the copies that complete on it in that phase move 65536 bytes}}
    mbarrier.arrive_expect_tx %bar, bytes = 32768 if %leader
    scf.for %i = %c0 to %c4 step %c1 {
      // expected-note @+1 {{copy counted here (16384 bytes x 4 executions)}}
      tma.async_load %d[%x, %x], %buf, %bar : !d, !b
    }
    // expected-note @+1 {{the phase ends at this wait}}
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

!d = !tma.descriptor<tensor<1x256xf32>>
!r = !tile.smem<8x256xf32, mutable>
!p = !tile.smem<1x256xf32, mutable>

// Legal: one barrier per warp (the index is the warp id), 32 arrivals each;
// how many threads reach each barrier is not counted.
gpu.module @m {
  gpu.func @k(%d: !d, %x: i32) kernel attributes {tile.num_warps = 8 : i32} {
    %warp = tile.warp_id
    %w = arith.index_cast %warp : i32 to index
    %shared = tile.alloc_smem : !r
    %bars = mbarrier.alloc : !mbarrier.group<8>
    %bar = mbarrier.index %bars[%w] : !mbarrier.group<8>
    %row = tile.smem_subslice %shared[0, 0] : !r -> !p
    %warp_leader = tile.elect warp
    scf.if %warp_leader {
      mbarrier.init %bar, arrivals = 32
    }
    tile.barrier
    mbarrier.expect_tx %bar, bytes = 1024 if %warp_leader
    tma.async_load %d[%x, %x], %row, %bar scope = warp : !d, !p
    mbarrier.arrive %bar
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

// Transaction bytes that no copy delivers: nothing counts them down, so
// the phase never completes and the wait hangs.
gpu.module @m {
  gpu.func @k(%x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    tile.barrier
    // expected-error @+1 {{'mbarrier.arrive_expect_tx' op expects 1048575 transaction bytes on barrier 0 of its group, but no copy in this kernel completes on it: its phase can never complete}}
    mbarrier.arrive_expect_tx %bar, bytes = 1048575 if %leader
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

// The same barrier initialized twice (different arrival counts) with no
// invalidate between.
gpu.module @m {
  gpu.func @k(%x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    // expected-note @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<2>
    %b0 = mbarrier.index %bars[%c0] : !mbarrier.group<2>
    %leader = tile.elect cta
    scf.if %leader {
      // expected-note @+1 {{first initialized here}}
      mbarrier.init %b0, arrivals = 1
    }
    %again = mbarrier.index %bars[%c0] : !mbarrier.group<2>
    // expected-error @+1 {{'mbarrier.init' op initializes barrier 0 of its group again (128 arrivals, where the first init set 1) with no mbarrier.invalidate before: re-initializing a barrier in use is undefined in PTX}}
    mbarrier.init %again, arrivals = 128
    mbarrier.arrive %b0
    mbarrier.wait %b0, phase %x : i32
    gpu.return
  }
}

// -----

// Inits in the two branches of one scf.if (one runs), of other barriers
// (computed indices that may differ are not reported), or after an
// invalidate: no finding.
gpu.module @m {
  gpu.func @k(%x: i32, %c: i1, %i: index, %j: index) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<2>
    %b0 = mbarrier.index %bars[%c0] : !mbarrier.group<2>
    scf.if %c {
      mbarrier.init %b0, arrivals = 32
    } else {
      mbarrier.init %b0, arrivals = 32
    }
    mbarrier.arrive %b0
    mbarrier.wait %b0, phase %x : i32
    %other = mbarrier.alloc : !mbarrier.group<2>
    %bi = mbarrier.index %other[%i] : !mbarrier.group<2>
    %bj = mbarrier.index %other[%j] : !mbarrier.group<2>
    mbarrier.init %bi, arrivals = 32
    mbarrier.init %bj, arrivals = 1
    %reused = mbarrier.alloc : !mbarrier.group<1>
    %r0 = mbarrier.index %reused[%c0] : !mbarrier.group<1>
    mbarrier.init %r0, arrivals = 32
    mbarrier.arrive %r0
    mbarrier.wait %r0, phase %x : i32
    mbarrier.invalidate %r0
    mbarrier.init %r0, arrivals = 1
    gpu.return
  }
}
