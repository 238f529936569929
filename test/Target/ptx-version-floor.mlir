// A module's own #nvvm.target whose PTX ISA version is older than its chip
// has (sm_100a needs 8.6) compiles at the chip's version instead of stopping
// NVPTX with an LLVM ERROR (found by tile-fuzz); a chip outside the target
// table is compiled at NVPTX's own version for it (8.7 for sm_120a), not at
// a neighbour's older one.
// RUN: tile-opt --tile-to-llvm="format=isa" %s | FileCheck %s
// RUN: tile-translate --emit=ptx --module=old_ptx %s -o - | FileCheck %s --check-prefix=OLD
// RUN: tile-translate --emit=ptx --module=outside %s -o - | FileCheck %s --check-prefix=OUTSIDE

// CHECK: gpu.binary @old_ptx [#gpu.object<#nvvm.target<chip = "sm_100a", features = "+ptx86">, {{.*}}.version 8.6\0A.target sm_100a
// CHECK: gpu.binary @outside [#gpu.object<#nvvm.target<chip = "sm_120a">, {{.*}}.version 8.7\0A.target sm_120a

// OLD: .version 8.6
// OLD-NEXT: .target sm_100a
// OUTSIDE: .version 8.7
// OUTSIDE-NEXT: .target sm_120a

module attributes {gpu.container_module} {
  gpu.module @old_ptx [#nvvm.target<chip = "sm_100a", features = "+ptx80">] {
    gpu.func @k(%p: !tile.ptr<f32>) kernel attributes {tile.num_warps = 1 : i32} {
      tile.barrier
      gpu.return
    }
  }
  gpu.module @outside [#nvvm.target<chip = "sm_120a">] {
    gpu.func @k(%p: !tile.ptr<f32>) kernel attributes {tile.num_warps = 1 : i32} {
      tile.barrier
      gpu.return
    }
  }
}
