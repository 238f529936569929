// Every configuration of the Gluon tutorial's tcgen05_copy test (seed 000,
// test_tcgen05_copy_nvmma_shared) with a 64-byte swizzle: the whole kernel
// (coalesced load, NVMMA shared store, fence, tcgen05.cp, tcgen05.commit
// and wait, tcgen05.ld, convert_layout, store) down to PTX for sm_100a,
// with the instruction counts the generator derives from the hardware
// shapes, and ptxas accepting all of it. Never executed: the H200 has no
// tensor memory.
// REQUIRES: ptxas
// RUN: %python %S/Inputs/tcgen05_copy_configs.py --swizzle 64 > %t.mlir
// The sanitized build runs the lowering alone (see test/lit_sanitizers.py).
// RUN: %if sanitize %{ tile-opt --tile-to-nvvm=chip=sm_100a %t.mlir -o /dev/null %}
// RUN: %if !sanitize %{ tile-translate --emit=ptx --chip=sm_100a %t.mlir -o %t.ptx %}
// RUN: %if !sanitize %{ FileCheck %t.mlir --input-file=%t.ptx %}
// RUN: %if !sanitize %{ FileCheck %t.mlir --check-prefix=ENTRIES --input-file=%t.ptx %}
// RUN: %if !sanitize %{ %ptxas -arch=sm_100a %t.ptx -o %t.cubin %}
