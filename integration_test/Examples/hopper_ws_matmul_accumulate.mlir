// Runs examples/hopper_ws_matmul_accumulate.mlir: D = A * B + C with f16 A,
// B and f32 C, D by the warp-specialized persistent kernels (a TMA load
// warp, an MMA warpgroup with wgmma, an epilogue warpgroup adding C in
// shared memory and storing D by TMA; two accumulator buffers), 128x128 and
// 128x64 blocks, against cuBLAS computing A * B + C in f32, on fresh random
// inputs with D poisoned: 1024x1024x2048 and 4096x4096x4096 for both
// blocks, 1000x1000x1000 (edge blocks) for 128x128. The small shapes run on
// fewer CTAs (20, 7) than blocks, so every barrier ring wraps across blocks.
// REQUIRES: cuda-gpu
// BUNDLE-SOURCE: examples/hopper_ws_matmul_accumulate.mlir
// RUN: tile-run %tile_src_root/examples/hopper_ws_matmul_accumulate.mlir | FileCheck %s

// CHECK: hopper_ws_matmul_accumulate 128x128 f16 x f16 + f32: rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: hopper_ws_matmul_accumulate 128x128 f16 x f16 + f32: rows=4096 cols=4096 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: hopper_ws_matmul_accumulate 128x128 f16 x f16 + f32: rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: hopper_ws_matmul_accumulate 128x64 f16 x f16 + f32: rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: hopper_ws_matmul_accumulate 128x64 f16 x f16 + f32: rows=4096 cols=4096 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL
