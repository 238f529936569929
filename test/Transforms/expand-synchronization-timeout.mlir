// RUN: tile-opt --tile-expand-synchronization="wait-timeout=5000" %s | FileCheck %s
// RUN: tile-opt --tile-expand-synchronization %s | FileCheck %s --check-prefix=OFF
//
// The debug mode for hangs: each mbarrier.wait's try_wait loop reads the
// clock when the wait begins and, after every failed try, gives up once
// more than 5000 cycles have passed: it prints the kernel, the wait's
// source location, the phase and the block/thread/warp, then traps.
// Without the option the loop is the plain spin (zero cost when off).

// CHECK-LABEL: gpu.func @waits
// CHECK: %[[START:.*]] = nvvm.read.ptx.sreg.clock64 : i64
// CHECK-NEXT: scf.while
// CHECK: mbarrier.try_wait
// CHECK: scf.condition
// CHECK: } do {
// CHECK: %[[NOW:.*]] = nvvm.read.ptx.sreg.clock64 : i64
// CHECK: %[[SPENT:.*]] = arith.subi %[[NOW]], %[[START]] : i64
// CHECK: %[[LATE:.*]] = arith.cmpi ugt, %[[SPENT]], %c5000_i64 : i64
// CHECK: scf.if %[[LATE]] {
// CHECK: gpu.printf "tile: mbarrier.wait timed out after 5000 cycles in kernel waits at {{.*}}expand-synchronization-timeout.mlir:[[@LINE+17]]:5: waiting for phase parity %u, block (%u, %u, %u), thread %u (warp %u)\0A"
// CHECK: llvm.intr.trap
// OFF-LABEL: gpu.func @waits
// OFF-NOT: clock64
// OFF-NOT: gpu.printf
// OFF: scf.while
// OFF-NOT: llvm.intr.trap
gpu.module @m {
  gpu.func @waits(%p: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    tile.barrier
    mbarrier.wait %bar, phase %p : i32
    gpu.return
  }
}
