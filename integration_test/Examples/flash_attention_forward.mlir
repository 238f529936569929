// Runs examples/flash_attention_forward.mlir: bf16, head dim 128, four
// problems (S = 77 causal, shorter than one tile; S = 1000 non-causal and
// causal, ending inside a tile and a key block; B = 2, H = 3, S = 1024
// causal), each on fresh random Q, K, V with O and the log-sum-exp
// poisoned, against a host reference in double.
// REQUIRES: cuda-gpu
// BUNDLE-SOURCE: examples/flash_attention_forward.mlir
// RUN: tile-run %tile_src_root/examples/flash_attention_forward.mlir | FileCheck %s

// CHECK: flash_attention_forward bf16 d128: B=1 H=1 S=77 D=128 causal=1 {{.*}} nonfinite=0 -> PASS
// CHECK: flash_attention_forward bf16 d128: B=1 H=2 S=1000 D=128 causal=0 {{.*}} nonfinite=0 -> PASS
// CHECK: flash_attention_forward bf16 d128: B=1 H=2 S=1000 D=128 causal=1 {{.*}} nonfinite=0 -> PASS
// CHECK: flash_attention_forward bf16 d128: B=2 H=3 S=1024 D=128 causal=1 {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL
