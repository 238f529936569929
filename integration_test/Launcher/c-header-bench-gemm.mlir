// The benchmark's persistent warp-specialized GEMM (@gemm_f16_w128x256s4g8
// of bench/gemm_bench.mlir) called from C through its ahead-of-time header
// (examples/c_launcher/bench_gemm.c): 8192^3, 4096^3 and 1000^3 checked
// against cuBLAS on fresh random inputs, then timed as the benchmark times
// the same kernel built by tile-run (its "f16 w128x256s4g8" rows).
// REQUIRES: cuda-gpu
// BUNDLE-SOURCE: bench/gemm_bench.mlir
// BUNDLE-C-PROGRAM: examples/c_launcher/bench_gemm.c gemm_bench.h
// RUN: rm -rf %t && mkdir -p %t
// RUN: tile-translate --emit=c-header %tile_src_root/bench/gemm_bench.mlir -o %t/gemm_bench.h
// RUN: %cc -std=c11 -O2 -I%tile_src_root/lib/Runtime/include -I%tile_src_root/lib/Runtime/TestSupport/include -I%t %tile_src_root/examples/c_launcher/bench_gemm.c %tile_obj_root/lib/libTileMLIRTestSupport.a %tile_obj_root/lib/libTileMLIRRuntime.a -ldl -lm -lpthread -o %t/gemm
// RUN: %t/gemm | FileCheck %s

// CHECK: c-header gemm f16 w128x256s4g8: rows=8192 cols=8192 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: c-header gemm f16 w128x256s4g8: rows=4096 cols=4096 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: c-header gemm f16 w128x256s4g8: rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL
