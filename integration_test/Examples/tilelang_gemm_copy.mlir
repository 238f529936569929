// Runs the TileLang seed GEMM written with tile.copy
// (examples/tilelang_gemm_copy.mlir): the compiler chooses TMA tensor
// copies, builds their descriptors on the host, splits the 128-wide boxes,
// generates the barrier, its bytes and waits, and fences the TMA-store
// epilogue. 3 and 2 stages, at 1024^3 and at 1000^3 (not a multiple of the
// 128x128x32 block), each against a cuBLAS f32 reference on fresh random
// inputs with C poisoned first.
// REQUIRES: cuda-gpu
// BUNDLE-SOURCE: examples/tilelang_gemm_copy.mlir
// RUN: tile-run %tile_src_root/examples/tilelang_gemm_copy.mlir | FileCheck %s

// CHECK: tilelang_gemm_copy 3 stages f16 (f32 reference): rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: tilelang_gemm_copy 3 stages f16 (f32 reference): rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: tilelang_gemm_copy 2 stages f16 (f32 reference): rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: tilelang_gemm_copy 2 stages f16 (f32 reference): rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL
