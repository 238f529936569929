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
def ConvertTMAToNVVM : TileDeviceConversion<"convert-tma-to-nvvm", "tma">;
def ConvertTileToNVVM : TileDeviceConversion<"convert-tile-to-nvvm", "tile">;

def ConvertTileKernelsToNVVM
    : Pass<"convert-tile-kernels-to-nvvm", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower gpu.modules holding TileMLIR kernels to NVVM/LLVM";
  let description = [{
    The device half of `tile-to-nvvm`: the tile, mbarrier and tma dialects
    together with gpu, arith, cf, math, index and func operations become
    NVVM and LLVM dialect operations. Shared buffers become `!llvm.ptr<3>`
    offsets into one dynamic shared-memory array (offsets from
    `tile-allocate-shared-memory`), global pointers `!llvm.ptr<1>`, and TMA
    descriptors by-value, 64-byte-aligned `nvvm.grid_constant` kernel
    parameters whose address the copies use. Register-tile operations are
    reported as not supported yet.
  }];
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
    `!llvm.ptr` (global pointers).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TILEMLIR_CONVERSION_PASSES
