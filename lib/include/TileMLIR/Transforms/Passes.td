//===- Passes.td - TileMLIR transformation passes ----------*- tablegen -*-===//

#ifndef TILEMLIR_TRANSFORMS_PASSES
#define TILEMLIR_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TileAllocateSharedMemory
    : Pass<"tile-allocate-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Assign shared-memory offsets to every buffer of each kernel";
  let description = [{
    Gives every `tile.alloc_smem` and `mbarrier.alloc` of a kernel an offset
    into the CTA's dynamic shared memory (`tile.offset`), aligned as its
    layout needs: 1024 bytes for 128-byte NVMMA swizzle atoms (512 for 64,
    256 for 32), 128 bytes for other buffers (TMA destinations), 8 bytes for
    barriers. Buffers whose lifetimes do not overlap share memory; a buffer
    touched by an asynchronous operation (TMA, bulk copies, asynchronous MMA,
    tcgen05) lives until the end of the kernel, since the hardware may still
    access it after its last use in the IR.

    The kernel's total is recorded as `tile.shared_memory_bytes`; past the
    per-CTA limit (232448 bytes on sm_90a/sm_100a) the pass fails with the
    bytes needed and available and the largest buffers. Each
    `gpu.launch_func` of the kernel gets that dynamic shared-memory size
    (a smaller explicit size is an error), and a launch whose constant block
    size disagrees with the kernel's warps is rejected.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // TILEMLIR_TRANSFORMS_PASSES
