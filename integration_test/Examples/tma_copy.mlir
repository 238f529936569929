// Runs the end-to-end example examples/tma_copy.mlir (the one `make demo`
// builds): a 1000x520 f16 tensor through TMA load/store with edge boxes.
// REQUIRES: cuda-gpu
// BUNDLE-SOURCE: examples/tma_copy.mlir
// RUN: tile-run %tile_src_root/examples/tma_copy.mlir | FileCheck %s

// CHECK: tma_copy 1000x520 f16: rows=1000 cols=520 rel_err=0.000e+00 max_abs_err=0.000e+00 nonfinite=0 -> PASS
