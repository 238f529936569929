// The barrier protocol is checked on pipelined code too: after tile-pipeline
// the expect and the loads of a stage use the barrier versions of a ring,
// selected by cloned index arithmetic, under the prologue's and the loop's
// guards. A mismatch written in the source is found in the prologue's
// version and in the loop's (RUN 1); the default pipeline reports it once,
// on the kernel as written, before anything is rewritten (RUN 2); matching
// byte counts pass after pipelining (RUN 3).
// RUN: not tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-pipeline,tile-verify-barriers))' 2>&1 | FileCheck %s --check-prefix=PIPELINED
// RUN: not tile-opt %s --tile-to-nvvm 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: sed -e 's/bytes = 16384/bytes = 32768/' %s | tile-opt --pass-pipeline='builtin.module(gpu.module(tile-pipeline,tile-verify-barriers))' | FileCheck %s --check-prefix=MATCHING

// PIPELINED: [[@LINE+31]]:7: error: 'mbarrier.expect_tx' op one phase of the barrier selected by a computed index of its group expects 16384 transaction bytes, but the copies that complete on it in that phase move 32768 bytes
// PIPELINED: [[@LINE+30]]:7: error: 'mbarrier.expect_tx' op one phase of barrier 0 of its group expects 16384 transaction bytes, but the copies that complete on it in that phase move 32768 bytes
// PIPELINED: [[@LINE+29]]:7: error: 'mbarrier.expect_tx' op one phase of barrier 1 of its group expects 16384 transaction bytes
// PIPELINED: note: copy counted here (16384 bytes)
// PIPELINED: note: copy counted here (16384 bytes)
// PIPELINED: note: barrier group allocated here

// DEFAULT: error: 'mbarrier.expect_tx' op one phase of barrier 0 of its group expects 16384
// DEFAULT-NOT: error:

// MATCHING: mbarrier.alloc : !mbarrier.group<3>
// MATCHING-COUNT-3: mbarrier.expect_tx %{{.*}}, bytes = 32768

!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
gpu.module @m {
  gpu.func @k(%da: !d, %db: !d, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : i32
    %a = tile.alloc_smem : !b
    %b = tile.alloc_smem : !b
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 128
    }
    tile.barrier
    scf.for %k = %c0 to %n step %c1 {
      %k32 = arith.index_cast %k : index to i32
      mbarrier.expect_tx %bar, bytes = 16384 if %leader
      tma.async_load %da[%k32, %k32], %a, %bar : !d, !b
      tma.async_load %db[%k32, %k32], %b, %bar : !d, !b
      mbarrier.arrive %bar
      %parity = arith.remui %k32, %c2 : i32
      mbarrier.wait %bar, phase %parity : i32
      tile.barrier
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}

