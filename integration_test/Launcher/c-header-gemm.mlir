// The seed GEMM called from C through its ahead-of-time header
// (tile-translate --emit=c-header; examples/c_launcher/gemm.c): a misaligned
// tensor is rejected with the rule before anything launches, then 1024^3
// and 1000^3 run and are checked against cuBLAS on fresh random inputs.
// No MLIR at run time: the program links the runtime and TestSupport only.
// REQUIRES: cuda-gpu
// BUNDLE-SOURCE: examples/tilelang_gemm_tma_copy.mlir
// BUNDLE-C-PROGRAM: examples/c_launcher/gemm.c tilelang_gemm.h
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-translate --emit=c-header %tile_src_root/examples/tilelang_gemm_tma_copy.mlir -o %t/tilelang_gemm.h
// RUN: %cc -std=c11 -I%tile_src_root/lib/Runtime/include -I%tile_src_root/lib/Runtime/TestSupport/include -I%t %tile_src_root/examples/c_launcher/gemm.c %tile_obj_root/lib/libTileMLIRTestSupport.a %tile_obj_root/lib/libTileMLIRRuntime.a -ldl -lm -lpthread -o %t/gemm
// RUN: %t/gemm | FileCheck %s

// CHECK: misaligned A: code 2: kernel matmul_tma_copy_store, arg0: {{.*}}16
// CHECK: c-header gemm f16 (f32 reference): rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: c-header gemm f16 (f32 reference): rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL
