// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(gpu.module(convert-tile-kernels-to-nvvm))'
// RUN: not tile-translate --emit=ptx --module=m %s 2>&1 | FileCheck %s --check-prefix=TRANSLATE

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

// -----

// A name that is not a PTX identifier: NVPTX stopped with "LLVM ERROR:
// Symbol name with unsupported characters" (taking a C API caller's process
// down); a device function's reached ptxas as a syntax error.
gpu.module @names1 {
  // expected-error @+1 {{'gpu.func' op @"my-kernel": a GPU function's name is its PTX name, which takes letters, digits, '_' and '$' and does not start with a digit}}
  gpu.func @"my-kernel"(%x: i32) kernel attributes {tile.num_warps = 1 : i32} {
    gpu.return
  }
}

// -----

gpu.module @names2 {
  // expected-error @+1 {{'gpu.func' op @"helper.f": a GPU function's name is its PTX name, which takes letters, digits, '_' and '$' and does not start with a digit}}
  gpu.func @"helper.f"() {
    gpu.return
  }
}

// -----

// An i4 parameter became PTX's ".param .u4", which ptxas rejects.
gpu.module @names3 {
  // expected-error @+1 {{'gpu.func' op argument 1 is 'i4': PTX parameters are integers of 8, 16, 32 or 64 bits (or i1)}}
  gpu.func @k(%x: i32, %y: i4) kernel attributes {tile.num_warps = 1 : i32} {
    gpu.return
  }
}

// -----

// '_' and '$' in names, i1 / i8 / i64 parameters: accepted.
gpu.module @names4 {
  gpu.func @_k$1(%a: i1, %b: i8, %c: i64) kernel attributes {tile.num_warps = 1 : i32} {
    gpu.return
  }
}
