// The lowering's shared-memory addressing against lib/Analysis: for NVMMA
// buffers (swizzle 0/32/64/128, transposed or not, 8/16/32-bit),
// swizzled_shared ones (both orders), plain ones, rings of 2 and 3 stages
// (whole, and a stage through tile.smem_index) and windows
// (tile.smem_subslice), the byte offset the lowering emits for stores at
// constant indices (folded) must be the one getSharedElementOffset gives
// for the same element (tile-test-print-layouts' probes). The lowering
// takes the buffer's linear offset map where it has one, the shared
// formula otherwise (3 stages), so a divergence of either shows here.
//
// RUN: %python %S/Inputs/smem_offsets.py generate lowered > %t.lowered.mlir
// RUN: %python %S/Inputs/smem_offsets.py generate reference > %t.reference.mlir
// RUN: tile-opt %t.reference.mlir -tile-test-print-layouts -o /dev/null 2> %t.formula
// RUN: tile-opt %t.lowered.mlir --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm, canonicalize))' -o %t.nvvm
// RUN: %python %S/Inputs/smem_offsets.py compare %t.formula %t.nvvm | FileCheck %s
// CHECK: 120 buffers, 7206 elements, 0 mismatches
