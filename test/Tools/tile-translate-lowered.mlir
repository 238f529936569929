// Input already in NVVM/LLVM (as tile-opt --tile-to-nvvm leaves it), with
// its own #nvvm.target: kept unless --chip / --opt-level say otherwise.

// RUN: tile-translate --emit=ptx %s | FileCheck %s --check-prefixes=CHECK,OWN
// RUN: tile-translate --emit=ptx --chip=sm_90a %s | FileCheck %s --check-prefixes=CHECK,RETARGET
// RUN: tile-translate --emit=ptx --chip=sm_90a %s -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// OWN: .target sm_100a
// RETARGET: .target sm_90a
// CHECK: .visible .entry fill(
// CHECK: st.global.{{[bu]}}32

// The output of tile-opt's pipeline goes through unchanged.
// RUN: tile-opt --tile-to-nvvm=chip=sm_100a %S/Inputs/host-kernel.mlir | tile-translate --emit=ptx | FileCheck %s --check-prefix=PIPED
// PIPED: .target sm_100a
// PIPED: .visible .entry store_tid(

module attributes {gpu.container_module} {
  gpu.module @lowered [#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx86">] {
    llvm.func @fill(%out: !llvm.ptr<1>) attributes {gpu.kernel, nvvm.kernel} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %p = llvm.getelementptr %out[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
      llvm.store %tid, %p : i32, !llvm.ptr<1>
      llvm.return
    }
  }
}
