// Runs the TileLang reference GEMM (examples/tilelang_gemm_tma_copy.mlir):
// TMA loads, user-managed barriers, warpgroup MMA (wgmma m64n128k16, f16 in,
// f32 accumulation), f16 TMA-store epilogue, against a cuBLAS f32 reference
// on fresh random inputs, for 1024^3 and for 1000^3 (not a multiple of the
// 128x128x32 block).
// REQUIRES: cuda-gpu
// BUNDLE-SOURCE: examples/tilelang_gemm_tma_copy.mlir
// RUN: tile-run %tile_src_root/examples/tilelang_gemm_tma_copy.mlir | FileCheck %s

// CHECK: tilelang_gemm f16 (f32 reference): rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: tilelang_gemm f16 (f32 reference): rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL
