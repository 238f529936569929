// Runs examples/hopper_matmul_accumulate.mlir: D = A * B + C with f16 A, B
// and f32 C, D (C read into the wgmma accumulator through shared memory,
// wgmma m64n128k16, f32 TMA-store epilogue), against cuBLAS computing
// A * B + C in f32, on fresh random inputs with D poisoned, for 1024^3 and
// 1000^3 (edge blocks).
// REQUIRES: cuda-gpu
// BUNDLE-SOURCE: examples/hopper_matmul_accumulate.mlir
// RUN: tile-run %tile_src_root/examples/hopper_matmul_accumulate.mlir | FileCheck %s

// CHECK: hopper_matmul_accumulate f16 x f16 + f32: rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: hopper_matmul_accumulate f16 x f16 + f32: rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL
