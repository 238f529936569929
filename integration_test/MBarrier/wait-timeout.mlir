// The debug mode for hangs (--tile-wait-timeout): a kernel waits for a
// phase of an mbarrier that nothing will ever complete (initialized for
// one arrival, and nobody arrives: the one arrive is guarded by a condition
// no thread meets, so that tile-verify-barriers, which rejects a wait on a
// barrier nothing arrives on, cannot see the hang). Without the mode it hangs until the
// host gives up; with it, each waiting thread gives up after the bound
// (10^8 cycles, about 50 ms at the H200's clock), prints the kernel, the
// wait's source location and phase, its block, thread and warp, and traps,
// so the launch fails within seconds and the runtime names the kernel.
// REQUIRES: cuda-gpu
// BUNDLE-FLAGS: --tile-wait-timeout=100000000
// BUNDLE-EXPECT-FAILURE
// RUN: not tile-run --tile-wait-timeout=100000000 %s 2>&1 | FileCheck %s

// CHECK: tile: mbarrier.wait timed out after 100000000 cycles in kernel never_completes at {{.*}}wait-timeout.mlir:[[@LINE+23]]:7: waiting for phase parity 0, block (0, 0, 0), thread {{[0-9]+}} (warp {{[0-9]+}})
// CHECK: tile-runtime: {{.*}}never_completes
// CHECK-NOT: returned normally

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @never_completes() kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      %tid = tile.thread_id
      %far = arith.constant 1000 : i32
      %never = arith.cmpi sgt, %tid, %far : i32
      scf.if %never {
        mbarrier.arrive %bar
      }
      // Phase 0 needs one arrival, which never comes.
      mbarrier.wait %bar, phase %zero : i32
      gpu.return
    }
  }

  llvm.mlir.global internal constant @done("the kernel returned normally\0A\00") {addr_space = 0 : i32}
  llvm.func @tileRtSynchronize()
  llvm.func @printf(!llvm.ptr, ...) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@never_completes blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
    llvm.call @tileRtSynchronize() : () -> ()
    %msg = llvm.mlir.addressof @done : !llvm.ptr
    %n = llvm.call @printf(%msg) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr) -> i32
    %ok = arith.constant 0 : i32
    return %ok : i32
  }
}
