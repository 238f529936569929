// A kernel not lowered yet that names its own target: tile-to-nvvm adds the
// default one, but the module's own wins unless --chip is given.

// RUN: tile-translate --emit=ptx %s | FileCheck %s --check-prefix=OWN
// RUN: tile-translate --emit=ptx --chip=sm_90a %s | FileCheck %s --check-prefix=CHIP
// RUN: tile-translate --emit=ptx --opt-level=0 %s | FileCheck %s --check-prefix=OWN
// OWN: .target sm_100a
// OWN: .entry k(
// CHIP: .target sm_90a
// CHIP: .entry k(

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_100a", features = "+ptx86">] {
    gpu.func @k(%out: memref<32xi32>) kernel {
      %tid = gpu.thread_id x
      %v = arith.index_cast %tid : index to i32
      memref.store %v, %out[%tid] : memref<32xi32>
      gpu.return
    }
  }
}
