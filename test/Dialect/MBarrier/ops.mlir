// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @barriers
  // CHECK-SAME: (%[[PRED:.*]]: i1, %[[PHASE:.*]]: i32, %[[CTA:.*]]: i32)
  gpu.func @barriers(%pred: i1, %phase: i32, %cta: i32) kernel {
    %c1 = arith.constant 1 : index
    // CHECK: %[[G:.*]] = mbarrier.alloc : !mbarrier.group<3>
    %g = mbarrier.alloc : !mbarrier.group<3>
    // CHECK: %[[B:.*]] = mbarrier.index %[[G]][%{{.*}}] : !mbarrier.group<3>
    %b = mbarrier.index %g[%c1] : !mbarrier.group<3>
    // CHECK: mbarrier.init %[[B]], arrivals = 128
    mbarrier.init %b, arrivals = 128
    // CHECK: mbarrier.arrive %[[B]]{{$}}
    mbarrier.arrive %b
    // CHECK: mbarrier.arrive %[[B]], count = 2 if %[[PRED]]{{$}}
    mbarrier.arrive %b, count = 2 if %pred
    // CHECK: mbarrier.arrive %[[B]] remote %[[CTA]]
    mbarrier.arrive %b remote %cta
    // CHECK: mbarrier.expect_tx %[[B]], bytes = 16384{{$}}
    mbarrier.expect_tx %b, bytes = 16384
    // CHECK: mbarrier.expect_tx %[[B]], bytes = 4096 if %[[PRED]]
    mbarrier.expect_tx %b, bytes = 4096 if %pred
    // CHECK: mbarrier.arrive_expect_tx %[[B]], bytes = 32768 if %[[PRED]]
    mbarrier.arrive_expect_tx %b, bytes = 32768 if %pred
    // CHECK: mbarrier.arrive_expect_tx %[[B]], bytes = 1048575{{$}}
    mbarrier.arrive_expect_tx %b, bytes = 1048575
    // Byte counts left out (tile-infer-transaction-bytes fills them in).
    // CHECK: mbarrier.expect_tx %[[B]]{{$}}
    mbarrier.expect_tx %b
    // CHECK: mbarrier.arrive_expect_tx %[[B]] if %[[PRED]]{{$}}
    mbarrier.arrive_expect_tx %b if %pred
    // CHECK: mbarrier.wait %[[B]], phase %[[PHASE]] : i32
    mbarrier.wait %b, phase %phase : i32
    // CHECK: mbarrier.wait %[[B]], phase %[[PRED]] : i1
    mbarrier.wait %b, phase %pred : i1
    // CHECK: %{{.*}} = mbarrier.try_wait %[[B]], phase %[[PHASE]] : i32
    %done = mbarrier.try_wait %b, phase %phase : i32
    // CHECK: mbarrier.invalidate %[[B]]
    mbarrier.invalidate %b
    gpu.return
  }
}

// Barrier operations carry memory effects: canonicalization keeps them all,
// even with no uses of their results.
// RUN: tile-opt %s --canonicalize | FileCheck %s --check-prefix=KEEP
// KEEP-COUNT-2: mbarrier.arrive %
// KEEP: mbarrier.try_wait
