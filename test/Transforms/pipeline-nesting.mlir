// tile-to-nvvm and tile-to-llvm lower kernels and launches together: nested
// under another op they are refused with a message (they once stopped with
// an LLVM ERROR, adding a module pass to a gpu.module pass manager).
// RUN: not tile-opt --pass-pipeline='builtin.module(gpu.module(tile-to-nvvm))' %s 2>&1 | FileCheck %s --check-prefix=NVVM
// RUN: not tile-opt --pass-pipeline='builtin.module(func.func(tile-to-llvm))' %s 2>&1 | FileCheck %s --check-prefix=LLVM
// NVVM: error: tile-to-nvvm runs on builtin.module (it lowers kernels and their launches together), not nested on 'gpu.module'
// LLVM: error: tile-to-llvm runs on builtin.module (it lowers kernels and their launches together), not nested on 'func.func'
module attributes {gpu.container_module} {
  gpu.module @m {
  }
  func.func @f() {
    return
  }
}
