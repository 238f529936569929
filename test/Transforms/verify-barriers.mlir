// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-verify-barriers))' -split-input-file -verify-diagnostics

!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>

// Two boxes of 8192 bytes under one expect of 8192: one box is missing.
gpu.module @m {
  gpu.func @k(%d: !d, %x: i32) kernel {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !b
    %buf2 = tile.alloc_smem : !b
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
      // expected-error @+1 {{expects 8192 transaction bytes, but the copies that complete on this barrier move 16384 bytes}}
      mbarrier.arrive_expect_tx %bar, bytes = 8192
    }
    // expected-note @+1 {{copy counted here}}
    tma.async_load %d[%x, %x], %buf, %bar : !d, !b
    // expected-note @+1 {{copy counted here}}
    tma.async_load %d[%x, %x], %buf2, %bar : !d, !b
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}

// -----

// A 1-D bulk copy counts the bytes of its destination.
gpu.module @m {
  gpu.func @k(%p: !tile.ptr<f32>, %x: i32) kernel {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %buf = tile.alloc_smem : !tile.smem<64xf32, mutable>
    mbarrier.init %bar, arrivals = 1
    // expected-error @+1 {{expects 128 transaction bytes, but the copies that complete on this barrier move 256 bytes}}
    mbarrier.expect_tx %bar, bytes = 128
    // expected-note @+1 {{copy counted here}}
    tma.bulk_load %p[%x], %buf, %bar : !tile.ptr<f32>, i32, !tile.smem<64xf32, mutable>
    gpu.return
  }
}

// -----

// Waiting on a barrier nobody initializes would hang.
gpu.module @m {
  gpu.func @k(%x: i32) kernel {
    %c0 = arith.constant 0 : index
    // expected-remark @+1 {{barrier group allocated here}}
    %bars = mbarrier.alloc : !mbarrier.group<2>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<2>
    // expected-error @+1 {{'mbarrier.wait' op waits on a barrier that no mbarrier.init in this kernel initializes (it would never complete a phase)}}
    mbarrier.wait %bar, phase %x : i32
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
    mbarrier.init %b0, arrivals = 1
    mbarrier.init %b1, arrivals = 1
    mbarrier.arrive_expect_tx %b0, bytes = 8192
    tma.async_load %d[%x, %x], %buf, %b0 : !d, !b
    tma.async_load %d[%x, %x], %buf, %b1 : !d, !b
    mbarrier.expect_tx %b1, bytes = 32768
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
