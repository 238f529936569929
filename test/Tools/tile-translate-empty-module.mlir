// An empty gpu.module without a target compiles to a PTX module without
// kernels for every --emit kind (it used to crash building its target; its
// C header was refused as if the module were lowered).

// RUN: tile-translate --emit=ptx %s | FileCheck %s
// RUN: tile-translate --emit=ptx --chip=sm_100a %s | FileCheck %s --check-prefix=SM100
// RUN: tile-translate --emit=llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: tile-translate --emit=bc %s -o %t.bc
// RUN: %if ptxas %{ tile-translate --emit=cubin %s -o %t.cubin %}
// RUN: %if ptxas %{ tile-translate --emit=c-header %s -o %t.h %}
// RUN: %if ptxas %{ FileCheck %s --check-prefix=HEADER --input-file=%t.h %}

// CHECK: .target sm_90a
// CHECK-NOT: .entry
// SM100: .target sm_100a
// LLVM: target triple = "nvptx64-nvidia-cuda"
// (A C header declares no kernel: an empty module is not a lowered one.)
// HEADER: The kernels of gpu.module @empty, compiled for sm_90a
// HEADER: static const unsigned char tile_empty_cubin[]
// HEADER-NOT: threads, {{[0-9]+}} bytes of dynamic shared memory

module attributes {gpu.container_module} {
  gpu.module @empty {
  }
}
