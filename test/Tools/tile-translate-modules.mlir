// Several gpu.modules: one file each (<out>.<module>.<ext>), or one chosen
// with --module; stdout cannot take several.

// RUN: rm -f %t.*.ptx
// RUN: tile-translate --emit=ptx %s -o %t
// RUN: FileCheck %s --check-prefix=FIRST < %t.first.ptx
// RUN: FileCheck %s --check-prefix=SECOND < %t.second.ptx
// FIRST: .entry k1(
// FIRST-NOT: .entry k2(
// SECOND: .entry k2(
// SECOND-NOT: .entry k1(

// RUN: tile-translate --emit=ptx --module=second %s | FileCheck %s --check-prefix=SECOND

// RUN: not tile-translate --emit=ptx %s 2>&1 | FileCheck %s --check-prefix=STDOUT
// STDOUT: tile-translate: '{{.*}}tile-translate-modules.mlir' has 2 gpu.modules (first, second); pick one with --module=NAME, or give -o PATH to write PATH.<module>.ptx for each

// RUN: not tile-translate --emit=ptx --module=third %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: tile-translate: no gpu.module named 'third' (modules: first, second)

module attributes {gpu.container_module} {
  gpu.module @first {
    gpu.func @k1(%out: memref<64xf32>) kernel {
      %tid = gpu.thread_id x
      %c = arith.constant 1.0 : f32
      memref.store %c, %out[%tid] : memref<64xf32>
      gpu.return
    }
  }
  gpu.module @second {
    gpu.func @k2(%out: memref<64xf32>) kernel {
      %tid = gpu.block_id x
      %c = arith.constant 2.0 : f32
      memref.store %c, %out[%tid] : memref<64xf32>
      gpu.return
    }
  }
}
