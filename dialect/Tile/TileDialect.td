//===- TileDialect.td - The tile dialect -------------------*- tablegen -*-===//

#ifndef TILEMLIR_TILE_DIALECT
#define TILEMLIR_TILE_DIALECT

include "mlir/IR/OpBase.td"
include "Common/DeviceCode.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::mlir::tile";
  let summary = "Tile-level GPU kernels: register tiles, shared memory, layouts";
  let description = [{
    The `tile` dialect is the core of TileMLIR. Register tiles are builtin
    `tensor` values whose encoding is a distributed layout (`#tile.blocked`,
    `#tile.slice`, `#tile.wgmma`, `#tile.dot_operand`, `#tile.linear`), so
    `arith` and `math` operations apply to tiles unchanged. Shared memory is
    explicit (`!tile.smem`, with shared layouts such as `#tile.nvmma_shared`),
    global memory is reached through typed pointers (`!tile.ptr`), and
    operations cover warpgroup MMA, layout conversion, reductions, leader
    election, proxy fences and warp specialization.

    Kernels are `gpu.func`s in a `gpu.module`. Discardable attributes of the
    dialect:
    - `tile.num_warps = N` on a kernel: warps per CTA (1 to 32).
    - `tile.num_stages = N` on an `scf.for`: software-pipelining depth.
    - `tile.warp_specialize` (unit) on an `scf.for`: split its kernel into
      a TMA producer and MMA consumers (`tile-warp-specialize`).
    - `tile.ping_pong` (unit) on the persistent tile loop around such loops:
      two consumer warpgroups take its iterations in turn.
    - `tile.shared_memory_bytes = N` on a kernel: set by the shared-memory
      allocator (at most 232448 bytes on sm_90a).
    - `tile.offset = N` on `tile.alloc_smem` / `mbarrier.alloc`: the
      buffer's byte offset in dynamic shared memory, set by the allocator;
      on `tile.convert_layout`, `tile.extract_slice` and `tile.reduce`,
      the offset of the scratch their lowering moves data through.
    - `tile.grid = [map_x, map_y, map_z]` and `tile.grid_symbols = [...]` on
      a kernel: how its grid follows from its arguments, for launchers
      that compute it (`tile-translate --emit=c-header` writes a `_grid`
      and an `_auto` function). Each of the 1 to 3 maps is an affine map
      of symbols only; a grid dimension is the smallest of its map's
      results (so `min(tiles, sms)` is two results), a missing one is 1.
      The symbols, in order: `"argN"` (integer scalar argument N),
      `"argN.shape[D]"` (dimension D, outermost first, of the tensor that
      TMA descriptor argument N is built on) or `"sms"` (the device's
      multiprocessor count):
      `tile.grid = [affine_map<()[m, n, sms] -> ((m ceildiv 128) * (n
      ceildiv 256), sms)>], tile.grid_symbols = ["arg0.shape[0]",
      "arg1.shape[1]", "sms"]`.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  // mbarrier: tile.copy takes an !mbarrier.barrier, and a pass that creates
  // barriers for copies must find the dialect loaded with the kernel (a
  // dialect first loaded by the pass manager hands out null singleton
  // types here: !mbarrier.barrier fails to build).
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::mbarrier::MBarrierDialect"];
  let extraClassDeclaration = [{
    static constexpr ::llvm::StringLiteral kNumWarpsAttrName = "tile.num_warps";
    static constexpr ::llvm::StringLiteral kNumStagesAttrName = "tile.num_stages";
    static constexpr ::llvm::StringLiteral kWarpSpecializeAttrName =
        "tile.warp_specialize";
    /// On the persistent loop around warp-specialized loops: its iterations
    /// alternate between two consumer warpgroups (tile-warp-specialize).
    static constexpr ::llvm::StringLiteral kPingPongAttrName = "tile.ping_pong";
    /// On a kernel: it may be launched before the previous work in its
    /// stream has finished (programmatic dependent launch); see
    /// tile-dependent-launch. The pass also marks the kernel's launches.
    static constexpr ::llvm::StringLiteral kDependentLaunchAttrName =
        "tile.dependent_launch";
    static constexpr ::llvm::StringLiteral kSharedMemoryBytesAttrName =
        "tile.shared_memory_bytes";
    static constexpr ::llvm::StringLiteral kOffsetAttrName = "tile.offset";
    /// A kernel's grid as affine maps of its arguments (see above).
    static constexpr ::llvm::StringLiteral kGridAttrName = "tile.grid";
    static constexpr ::llvm::StringLiteral kGridSymbolsAttrName =
        "tile.grid_symbols";
    /// [barrier id, threads]: the named barrier that synchronizes the
    /// shared scratch of a layout change, window or reduction run by a
    /// subset of the CTA's warps (set by tile-lower-warp-specialize).
    static constexpr ::llvm::StringLiteral kSyncGroupAttrName =
        "tile.sync_group";
    /// On a kernel that writes tensor maps itself (tile-lower-copies): the
    /// bytes of its workspace per CTA, its last argument (a !tile.ptr<i8>
    /// each launch allocates for the whole grid: a launcher outside MLIR
    /// reads the size here).
    static constexpr ::llvm::StringLiteral kTensorMapWorkspaceAttrName =
        "tile.tensor_map_workspace";
  }];
}

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, !listconcat(traits, [InFunctionBody])>;

#endif // TILEMLIR_TILE_DIALECT
