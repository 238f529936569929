// PTX for both chips from a kernel that is not lowered yet (tile-translate
// runs tile-to-nvvm itself), accepted by ptxas for its target.

// RUN: tile-translate --emit=ptx --chip=sm_90a %s | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tile-translate --emit=ptx --chip=sm_100a %s | FileCheck %s --check-prefixes=CHECK,SM100
// RUN: tile-translate --emit=ptx %s | FileCheck %s --check-prefixes=CHECK,SM90

// RUN: tile-translate --emit=ptx --chip=sm_90a %s -o %t.sm90.ptx
// RUN: tile-translate --emit=ptx --chip=sm_100a %s -o %t.sm100.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin %}
// RUN: %if ptxas %{ %ptxas -arch=sm_100a %t.sm100.ptx -o %t.sm100.cubin %}

// SM90: .version 8.0
// SM90: .target sm_90a
// SM100: .version 8.6
// SM100: .target sm_100a
// CHECK: .address_size 64
// CHECK: .visible .entry store_tid(
// CHECK: mov.u32 {{.*}}%tid.x
// CHECK: st.global
// CHECK: ret;

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @store_tid(%out: memref<256xi32>) kernel {
      %tid = gpu.thread_id x
      %v = arith.index_cast %tid : index to i32
      memref.store %v, %out[%tid] : memref<256xi32>
      gpu.return
    }
  }
}
