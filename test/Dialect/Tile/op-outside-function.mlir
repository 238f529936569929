// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every operation of the four dialects must be in a function body: directly
// in a gpu.module (or a builtin.module) it verified and then crashed the
// lowering. One operation of each dialect; the trait is on all of them.

gpu.module @m {
  // expected-error @+1 {{'tile.barrier' op must be inside a function (gpu.func, func.func or llvm.func), not directly in 'gpu.module'}}
  tile.barrier
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tile.fence_async_shared' op must be inside a function (gpu.func, func.func or llvm.func), not directly in 'gpu.module'}}
  tile.fence_async_shared
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tma.store_commit' op must be inside a function (gpu.func, func.func or llvm.func), not directly in 'gpu.module'}}
  tma.store_commit
}

// -----

gpu.module @m {
  // expected-error @+1 {{'mbarrier.alloc' op must be inside a function (gpu.func, func.func or llvm.func), not directly in 'gpu.module'}}
  %g = mbarrier.alloc : !mbarrier.group<1>
}

// -----

gpu.module @m {
  // expected-error @+1 {{'tmem.fence' op must be inside a function (gpu.func, func.func or llvm.func), not directly in 'gpu.module'}}
  tmem.fence before
}

// -----

// expected-error @+1 {{'tile.barrier' op must be inside a function (gpu.func, func.func or llvm.func), not directly in 'builtin.module'}}
tile.barrier
