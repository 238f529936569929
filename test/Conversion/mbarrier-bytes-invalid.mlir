// An expect_tx whose byte count was left out and never inferred cannot be
// lowered: the lowering says how to get one.
// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(convert-mbarrier-to-nvvm))' -split-input-file -verify-diagnostics

gpu.module @m {
  gpu.func @k(%bar: !mbarrier.barrier) kernel {
    // expected-error @+1 {{'mbarrier.expect_tx' op has no transaction byte count: write `bytes = N`, or run tile-infer-transaction-bytes (first in tile-to-nvvm), which computes it from the copies of the op's phase}}
    mbarrier.expect_tx %bar
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%bar: !mbarrier.barrier) kernel {
    // expected-error @+1 {{'mbarrier.arrive_expect_tx' op has no transaction byte count}}
    mbarrier.arrive_expect_tx %bar
    gpu.return
  }
}
