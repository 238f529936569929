//===- TMADialect.td - The tma dialect ---------------------*- tablegen -*-===//

#ifndef TILEMLIR_TMA_DIALECT
#define TILEMLIR_TMA_DIALECT

include "mlir/IR/OpBase.td"
include "Common/DeviceCode.td"

def TMA_Dialect : Dialect {
  let name = "tma";
  let cppNamespace = "::mlir::tma";
  let summary = "The Tensor Memory Accelerator: bulk asynchronous copies";
  let description = [{
    The `tma` dialect models the Tensor Memory Accelerator of Hopper and
    Blackwell: asynchronous copies of rectangular boxes between global and
    shared memory described by a tensor map (`!tma.descriptor`), and 1-D bulk
    copies that need no descriptor.

    Descriptors are created on the host (`tma.make_descriptor`, lowered to
    `cuTensorMapEncodeTiled`) and passed to kernels by value. Inside a
    kernel, loads complete on an `mbarrier` (the barrier counts the box's
    transaction bytes down); stores, reductions and bulk stores complete
    through per-thread bulk groups (`tma.store_commit` / `tma.store_wait`).

    Every copy is issued by one thread on behalf of a scope (`scope = cta`
    by default; `warp`, `warpgroup`, or `thread` when the code is already
    single-threaded), never by every thread.

    Coordinates and box shapes are written outermost dimension first, like
    tensor indices; the lowering reverses them into the innermost-first
    order of the hardware.
  }];
  let useDefaultTypePrinterParser = 1;
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::tile::TileDialect",
                           "::mlir::mbarrier::MBarrierDialect"];
}

class TMA_Op<string mnemonic, list<Trait> traits = []>
    : Op<TMA_Dialect, mnemonic, !listconcat(traits, [InFunctionBody])>;

#endif // TILEMLIR_TMA_DIALECT
