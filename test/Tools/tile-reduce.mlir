// tile-reduce shrinks a kernel while a test keeps holding: here, while the
// barrier checker still reports its byte mismatch. The unrelated loop and
// its ops go; the expect and the two loads the finding is about stay.
// RUN: tile-reduce %s -reduction-tree='traversal-mode=0 test=%S/Inputs/reduce-still-rejected.sh' | FileCheck %s
// The reduced kernel still fails the same way.
// RUN: tile-reduce %s -reduction-tree='traversal-mode=0 test=%S/Inputs/reduce-still-rejected.sh' -o %t.mlir
// RUN: not %S/Inputs/reduce-still-rejected.sh %t.mlir
// A test script it cannot run is an error before anything runs (upstream's
// tester stopped with an LLVM ERROR): none named, missing, not executable.
// RUN: not tile-reduce %s -reduction-tree='traversal-mode=0' 2>&1 | FileCheck %s --check-prefix=NOTEST
// RUN: not tile-reduce %s -reduction-tree='traversal-mode=0 test=%t.missing' 2>&1 | FileCheck %s --check-prefix=BADTEST
// RUN: not tile-reduce %s -reduction-tree='traversal-mode=0 test=%s' 2>&1 | FileCheck %s --check-prefix=BADTEST
// NOTEST: tile-reduce: -reduction-tree=traversal-mode=0 names no test script (test=PATH: an executable that exits 1 while the input is still interesting)
// NOTEST-NOT: LLVM ERROR
// BADTEST: tile-reduce: the test script '{{.*}}' is not an executable file
// BADTEST-NOT: LLVM ERROR

// CHECK: mbarrier.expect_tx %{{.*}}, bytes = 16384
// CHECK-COUNT-2: tma.async_load
// CHECK-NOT: scf.for
// CHECK-NOT: arith.addf

!d = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b = !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
gpu.module @m {
  gpu.func @k(%da: !d, %db: !d, %x: i32, %n: index, %f: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = tile.alloc_smem : !b
    %b = tile.alloc_smem : !b
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %f) -> (f32) {
      %t = arith.addf %s, %f : f32
      scf.yield %t : f32
    }
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    tile.barrier
    mbarrier.expect_tx %bar, bytes = 16384 if %leader
    tma.async_load %da[%x, %x], %a, %bar : !d, !b
    tma.async_load %db[%x, %x], %b, %bar : !d, !b
    mbarrier.arrive %bar if %leader
    mbarrier.wait %bar, phase %x : i32
    gpu.return
  }
}
