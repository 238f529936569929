// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-tile-kernels-to-nvvm))'
// RUN: not tile-translate --emit=ptx %s 2>&1 | FileCheck %s --check-prefix=TRANSLATE

// An argument without bits would reach NVPTX as an empty parameter type
// (an LLVM ERROR there, found by the fuzzer): it is rejected by name.
// TRANSLATE: error: 'gpu.func' op argument 0 is 'i0', which has no bits
// TRANSLATE-NOT: LLVM ERROR

gpu.module @m {
  // expected-error @+1 {{'gpu.func' op argument 0 is 'i0', which has no bits: a GPU function's parameters must occupy memory (NVPTX passes no empty parameter)}}
  gpu.func @k(%u: i0, %x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    gpu.return
  }
}
