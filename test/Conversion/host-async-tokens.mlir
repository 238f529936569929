// RUN: tile-opt %s --split-input-file --pass-pipeline='builtin.module(convert-scf-to-cf, convert-tile-host-to-llvm)' | FileCheck %s

// Every !gpu.async.token is the stream of the ops it orders, also where it
// reaches a gpu.wait through a region result or a block argument (upstream
// took those for events and called cuEventSynchronize on the stream).

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel { gpu.return }
    gpu.func @l() kernel { gpu.return }
  }
  // CHECK-LABEL: llvm.func @through_if
  func.func @through_if(%c: i1) {
    %one = arith.constant 1 : index
    // CHECK: %[[S:.*]] = llvm.call @mgpuStreamCreate()
    %t0 = gpu.wait async
    %t1 = scf.if %c -> (!gpu.async.token) {
      %a = gpu.launch_func async [%t0] @kernels::@k blocks in (%one, %one, %one) threads in (%one, %one, %one)
      scf.yield %a : !gpu.async.token
    } else {
      %b = gpu.launch_func async [%t0] @kernels::@l blocks in (%one, %one, %one) threads in (%one, %one, %one)
      scf.yield %b : !gpu.async.token
    }
    // CHECK: ^bb3(%[[T:.*]]: !llvm.ptr):
    // CHECK-NOT: mgpuEvent
    // CHECK: llvm.call @mgpuStreamSynchronize(%[[T]])
    // CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[T]])
    // CHECK-NOT: mgpuEvent
    gpu.wait [%t1]
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel { gpu.return }
  }
  // A token carried by a loop; the same stream listed twice is
  // synchronized and destroyed once.
  // CHECK-LABEL: llvm.func @through_loop
  func.func @through_loop(%n: index) {
    %zero = arith.constant 0 : index
    %one = arith.constant 1 : index
    %t0 = gpu.wait async
    %t = scf.for %i = %zero to %n step %one iter_args(%d = %t0) -> (!gpu.async.token) {
      %a = gpu.launch_func async [%d] @kernels::@k blocks in (%one, %one, %one) threads in (%one, %one, %one)
      scf.yield %a : !gpu.async.token
    }
    // CHECK: ^bb{{[0-9]+}}:
    // CHECK-NOT: mgpuEvent
    // CHECK: llvm.call @mgpuStreamSynchronize(%[[T:.*]]) :
    // CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[T]])
    // CHECK-NEXT: llvm.return
    gpu.wait [%t, %t]
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel { gpu.return }
  }
  // gpu.wait async joins two streams: an event recorded on each, a new
  // stream waiting for both.
  // CHECK-LABEL: llvm.func @join
  func.func @join(%a: !gpu.async.token, %b: !gpu.async.token) {
    %one = arith.constant 1 : index
    // CHECK: %[[EA:.*]] = llvm.call @mgpuEventCreate()
    // CHECK-NEXT: llvm.call @mgpuEventRecord(%[[EA]], %arg0)
    // CHECK-NEXT: %[[EB:.*]] = llvm.call @mgpuEventCreate()
    // CHECK-NEXT: llvm.call @mgpuEventRecord(%[[EB]], %arg1)
    // CHECK-NEXT: %[[S:.*]] = llvm.call @mgpuStreamCreate()
    // CHECK-NEXT: llvm.call @mgpuStreamWaitEvent(%[[S]], %[[EA]])
    // CHECK-NEXT: llvm.call @mgpuEventDestroy(%[[EA]])
    // CHECK-NEXT: llvm.call @mgpuStreamWaitEvent(%[[S]], %[[EB]])
    // CHECK-NEXT: llvm.call @mgpuEventDestroy(%[[EB]])
    %j = gpu.wait async [%a, %b]
    // CHECK: gpu.launch_func <%[[S]] : !llvm.ptr> @kernels::@k
    %l = gpu.launch_func async [%j] @kernels::@k blocks in (%one, %one, %one) threads in (%one, %one, %one)
    // CHECK: llvm.call @mgpuStreamSynchronize(%[[S]])
    gpu.wait [%l]
    return
  }
}
