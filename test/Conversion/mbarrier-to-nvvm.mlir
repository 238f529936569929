// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(tile-expand-synchronization, convert-mbarrier-to-nvvm))' | FileCheck %s

gpu.module @m {
  // CHECK-LABEL: gpu.func @barriers
  gpu.func @barriers(%phase: i32, %flag: i1, %cta: i32) kernel {
    %c1 = arith.constant 1 : index
    // Barriers live in the dynamic shared-memory array at their offset.
    // CHECK: %[[BASE:.*]] = llvm.mlir.addressof @__tile_smem : !llvm.ptr<3>
    // CHECK: %[[INDEX:.*]] = llvm.mul %{{.*}}, %{{.*}} : i64
    // CHECK: %[[BAR:.*]] = llvm.getelementptr %[[BASE]][%[[INDEX]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
    %g = mbarrier.alloc : !mbarrier.group<2>
    %b = mbarrier.index %g[%c1] : !mbarrier.group<2>
    // CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
    // CHECK: nvvm.mbarrier.init %[[BAR]], %[[C128]] : !llvm.ptr<3>, i32
    mbarrier.init %b, arrivals = 128
    // CHECK: nvvm.mbarrier.arrive %[[BAR]] : !llvm.ptr<3>
    mbarrier.arrive %b
    // CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
    // CHECK: nvvm.mbarrier.arrive %[[BAR]], %[[C2]] : !llvm.ptr<3>
    mbarrier.arrive %b, count = 2
    // A remote arrive maps the address into the peer CTA first.
    // CHECK: %[[REMOTE:.*]] = nvvm.mapa %[[BAR]], %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
    // CHECK: nvvm.mbarrier.arrive %[[REMOTE]] : !llvm.ptr<7>
    mbarrier.arrive %b remote %cta
    // CHECK: nvvm.mbarrier.expect_tx %[[BAR]], %{{.*}} : !llvm.ptr<3>, i32
    mbarrier.expect_tx %b, bytes = 4096
    // CHECK: scf.if
    // CHECK: nvvm.mbarrier.arrive.expect_tx %[[BAR]], %{{.*}} : !llvm.ptr<3>, i32
    mbarrier.arrive_expect_tx %b, bytes = 8192 if %flag
    // The wait polls try_wait on the phase parity.
    // CHECK: scf.while
    // CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
    // CHECK: %[[PARITY:.*]] = llvm.and %{{.*}}, %[[ONE]] : i32
    // CHECK: nvvm.mbarrier.try_wait %[[BAR]], %[[PARITY]] : !llvm.ptr<3>, i32 -> i1
    mbarrier.wait %b, phase %phase : i32
    // An i1 phase is widened.
    // CHECK: llvm.zext %{{.*}} : i1 to i32
    // CHECK: nvvm.mbarrier.try_wait
    %done = mbarrier.try_wait %b, phase %flag : i1
    // CHECK: nvvm.mbarrier.inval %[[BAR]] : !llvm.ptr<3>
    mbarrier.invalidate %b
    gpu.return
  }
}
