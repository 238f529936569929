// An empty gpu.module without a target compiles to a PTX module without
// kernels for every --emit kind (it used to crash building its target).

// RUN: tile-translate --emit=ptx %s | FileCheck %s
// RUN: tile-translate --emit=ptx --chip=sm_100a %s | FileCheck %s --check-prefix=SM100
// RUN: tile-translate --emit=llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: tile-translate --emit=bc %s -o %t.bc
// RUN: %if ptxas %{ tile-translate --emit=cubin %s -o %t.cubin %}

// CHECK: .target sm_90a
// CHECK-NOT: .entry
// SM100: .target sm_100a
// LLVM: target triple = "nvptx64-nvidia-cuda"

module attributes {gpu.container_module} {
  gpu.module @empty {
  }
}
