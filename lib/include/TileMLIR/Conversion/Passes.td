//===- Passes.td - TileMLIR conversion passes --------------*- tablegen -*-===//

#ifndef TILEMLIR_CONVERSION_PASSES
#define TILEMLIR_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

class TileDeviceConversion<string name, string dialect>
    : Pass<name, "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower the " # dialect # " dialect's operations to NVVM";
  let description = [{
    A partial conversion of one dialect's operations inside gpu.modules to
    the NVVM and LLVM dialects (values of other TileMLIR types cross the
    boundary through unrealized casts). The full device lowering is
    `convert-tile-kernels-to-nvvm`; these passes exist to test one
    dialect's lowering at a time.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def ConvertMBarrierToNVVM
    : TileDeviceConversion<"convert-mbarrier-to-nvvm", "mbarrier">;
def ConvertTMAToNVVM : TileDeviceConversion<"convert-tma-to-nvvm", "tma"> {
  let options = [
    Option<"deviceChecks", "device-checks", "bool", /*default=*/"false",
           "Debug mode: a TMA copy whose coordinates the compiler cannot "
           "prove legal (16-byte aligned start, non-negative store "
           "coordinates) checks them where it is issued and prints the rule, "
           "the kernel and the op's location before it traps. Off, the "
           "copies carry no device-side code: such a copy faults "
           "(CUDA_ERROR_ILLEGAL_INSTRUCTION). The checks cost the persistent "
           "GEMMs up to 25% and their vprintf call serializes wgmma (C7510)">
  ];
}
def ConvertTileToNVVM : TileDeviceConversion<"convert-tile-to-nvvm", "tile">;
def ConvertTMemToNVVM : TileDeviceConversion<"convert-tmem-to-nvvm", "tmem"> {
  let description = [{
    The tcgen05 lowering of the tmem dialect, on its own (the full device
    lowering is `convert-tile-kernels-to-nvvm`). It needs the column offsets
    of `tile-allocate-tensor-memory` and the shared-memory offsets of
    `tile-allocate-shared-memory`:
    - the base-address slot that `tile-allocate-tensor-memory` put at the
      kernel's entry becomes the allocation protocol: warp 0 runs
      `tcgen05.alloc` of the kernel's columns into the slot and
      `tcgen05.relinquish_alloc_permit`, then
      `tcgen05.fence::before_thread_sync`, `bar.sync`,
      `tcgen05.fence::after_thread_sync`, every thread reads the base and a
      second `bar.sync` lets the slot's bytes be reused; each `tmem.alloc`
      is the base plus its column offset (an `!llvm.ptr<6>`: lane in the
      high 16 bits, column in the low 16);
    - the kernel's last top-level `tmem.dealloc` is warp 0's
      `tcgen05.dealloc` of every column, the other deallocs and
      `tmem.relinquish` (already done at the entry) vanish;
    - `tmem.index` / `tmem.subslice` add columns; `tmem.copy` is a sequence
      of `tcgen05.cp.128x256b` (32-bit data, swizzled NVMMA source, 8
      columns each); `tmem.mma` is one `tcgen05.mma` per instruction K
      with shared-memory descriptors and an instruction descriptor;
      `tmem.mma_scaled` with 8-bit float operands is
      `tcgen05.mma.block_scale` (`kind::mxf8f6f4`, which needs PTX ISA
      8.8: `features = "+ptx88"` on the module's target);
      `tmem.commit`, `tmem.fence` and `tmem.wait` map one to one.
    Copies, MMAs and commits are issued by the thread that executes them:
    kernels put them under `scf.if` on `tile.elect`.

    `tmem.load` / `tmem.store` move register tiles, which only
    `convert-tile-kernels-to-nvvm` converts: this pass reports them.

    Not supported yet (reported by name): copies of scale factors,
    block-scaled MMAs of 4-bit operands, operands without a swizzled NVMMA
    layout, and subslices across row blocks of blockM = 64.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::scf::SCFDialect"];
}

def ConvertTileKernelsToNVVM
    : Pass<"convert-tile-kernels-to-nvvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower gpu.modules holding TileMLIR kernels to NVVM/LLVM";
  let description = [{
    The device half of `tile-to-nvvm`: the tile, mbarrier, tma and tmem
    dialects together with gpu, arith, cf, math, index and func operations
    become NVVM and LLVM dialect operations. Shared buffers become
    `!llvm.ptr<3>` offsets into one dynamic shared-memory array (offsets from
    `tile-allocate-shared-memory`), global pointers `!llvm.ptr<1>`, and TMA
    descriptors by-value, 64-byte-aligned `nvvm.grid_constant` kernel
    parameters whose address the copies use, tensor memory `!llvm.ptr<6>`
    addresses into the kernel's single tcgen05 allocation (see
    `convert-tmem-to-nvvm`). Register tiles become one vector of each
    thread's elements; `tmem.load` / `tmem.store` become `tcgen05.ld` /
    `tcgen05.st` of shape 32x32b (thread `32 * (w % 4) + l` of warp `w`,
    lane `l` moves its tensor-memory row), or 16x32bx2 for blockM = 64 data,
    as many consecutive columns per instruction as the register layout
    allows (up to `.x128`; unpacked 16-bit data two columns a register with
    `.pack::16b` / `.unpack::16b`); the lib/Analysis tensor-memory map
    decides. Loads are followed by `tcgen05.wait::ld`. Register layouts that
    do not fit, multi-block blockM = 64 buffers, unpacked 8-bit and 4-bit
    elements are reported as not supported yet.
  }];
  let options = [
    Option<"deviceChecks", "device-checks", "bool", /*default=*/"false",
           "Debug mode: a TMA copy whose coordinates the compiler cannot "
           "prove legal (16-byte aligned start, non-negative store "
           "coordinates) checks them where it is issued and prints the rule, "
           "the kernel and the op's location before it traps. Off, the "
           "copies carry no device-side code: such a copy faults "
           "(CUDA_ERROR_ILLEGAL_INSTRUCTION). The checks cost the persistent "
           "GEMMs up to 25% and their vprintf call serializes wgmma (C7510)">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def ConvertTileHostToLLVM
    : Pass<"convert-tile-host-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower host code (launches, descriptors) to the LLVM dialect";
  let description = [{
    Upstream `gpu-to-llvm` extended with TileMLIR's host operations:
    `tma.make_descriptor` becomes a call to the runtime's
    `tileRtMakeTensorMap` (which validates the map before the driver sees
    it) on a 128-byte-aligned stack slot, `tile.ptr_from_memref` the
    memref's aligned pointer plus offset, and kernel arguments of TileMLIR
    types are passed as `!llvm.array<16 x i64>` (descriptors, by value) and
    `!llvm.ptr` (global pointers). A `gpu.launch_func` marked
    `tile.dependent_launch` (tile-dependent-launch) is preceded by a call to
    the runtime's `tileRtNextLaunchDependent`, which makes the thread's next
    launch a programmatic dependent launch.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TILEMLIR_CONVERSION_PASSES
