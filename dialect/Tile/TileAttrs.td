//===- TileAttrs.td - Layouts and enums of the tile dialect -*- tablegen -*-===//

#ifndef TILEMLIR_TILE_ATTRS
#define TILEMLIR_TILE_ATTRS

include "Tile/TileDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/TensorEncoding.td"

//===----------------------------------------------------------------------===//
// Interfaces
//===----------------------------------------------------------------------===//

def Tile_DistributedLayoutInterface
    : AttrInterface<"DistributedLayoutAttr"> {
  let cppNamespace = "::mlir::tile";
  let description = [{
    A layout that distributes the elements of a register tile over the
    registers, lanes and warps of a CTA. Attached as the encoding of a
    builtin `tensor`. Every distributed layout answers, for a tensor shape,
    its linear layout (register, lane, warp, block) -> (dim0, ...): the one
    algebra the lowering and the analyses work in (lib/Analysis).
  }];
  let methods = [
    InterfaceMethod<"Rank of the tensors the layout applies to.",
                    "unsigned", "getRank">,
    InterfaceMethod<"Warps the layout spreads over.",
                    "int64_t", "getTotalWarps">,
    InterfaceMethod<[{
        The linear layout for a tensor of `shape` (power-of-two dimensions,
        rank checked by the caller). `relaxed` is set when `shape` is the
        parent shape of a slice (extent 1 along the sliced dimension): rules
        that only the sliced tensor must meet (whole instruction tiles,
        bases inside the shape) are skipped. Says why through `emitError`
        (may be null) on failure. Callers use `toLinearLayout`.
      }],
      "::llvm::FailureOr<::mlir::tilemlir::LinearLayout>", "buildLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "bool":$relaxed,
           "::mlir::tilemlir::EmitErrorFn":$emitError)>,
  ];
  let extraClassDeclaration = [{
    /// The linear layout (register, lane, warp, block) -> (dim0, ...) of a
    /// tensor of `shape` in this layout: checks the shape (rank, power-of-
    /// two dimensions) and builds it; says why not through `emitError`.
    ::llvm::FailureOr<::mlir::tilemlir::LinearLayout>
    toLinearLayout(::llvm::ArrayRef<int64_t> shape,
                   ::mlir::tilemlir::EmitErrorFn emitError = {}) const;
    /// The same for the parent shape of a slice (see buildLinearLayout).
    ::llvm::FailureOr<::mlir::tilemlir::LinearLayout>
    toRelaxedLinearLayout(::llvm::ArrayRef<int64_t> shape,
                          ::mlir::tilemlir::EmitErrorFn emitError = {}) const;
  }];
}

def Tile_SharedLayoutInterface : AttrInterface<"SharedLayoutAttr"> {
  let cppNamespace = "::mlir::tile";
  let description = [{
    A layout of a buffer in shared memory: the encoding of `!tile.smem`.
    Every shared layout answers, for a buffer shape and element width, its
    offset map (dim0, ...) -> (offset) where that map is linear over GF(2),
    or says which rule makes it not so.
  }];
  let methods = [
    InterfaceMethod<[{
        Checks the parameters that make this layout's addressing formula
        (evalSharedElementOffset) linear over GF(2) for a buffer of `shape`
        and `elementBits`-bit elements; says why not through `emitError`.
      }],
      "::llvm::LogicalResult", "verifyLinearOffsetMap",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "unsigned":$elementBits,
           "::mlir::tilemlir::EmitErrorFn":$emitError)>,
  ];
  let extraClassDeclaration = [{
    /// The offset map (dim0, ...) -> (offset) of a buffer of `shape` with
    /// `elementBits`-bit elements, in elements of the storage width.
    ::llvm::FailureOr<::mlir::tilemlir::LinearLayout>
    getOffsetMap(::llvm::ArrayRef<int64_t> shape, unsigned elementBits,
                 ::mlir::tilemlir::EmitErrorFn emitError = {}) const;
  }];
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Tile_Dim : I32EnumAttr<"Dim", "a grid dimension", [
    I32EnumAttrCase<"X", 0, "x">, I32EnumAttrCase<"Y", 1, "y">, I32EnumAttrCase<"Z", 2, "z">
  ]> {
  let cppNamespace = "::mlir::tile";
}

// Which threads take part: `thread` (the op is already executed by one
// thread), `warp` (32 threads), `warpgroup` (4 consecutive warps) or `cta`.
def Tile_Scope : I32EnumAttr<"Scope", "a set of threads", [
    I32EnumAttrCase<"Thread", 0, "thread">, I32EnumAttrCase<"Warp", 1, "warp">,
    I32EnumAttrCase<"Warpgroup", 2, "warpgroup">, I32EnumAttrCase<"CTA", 3, "cta">
  ]> {
  let cppNamespace = "::mlir::tile";
}

// The instruction family a `tile.copy` prefers: `tma` (a 1-D bulk copy or a
// TMA tensor copy, whichever the region allows) or `sync` (every thread
// loads and stores its share through registers).
def Tile_CopyInstruction : I32EnumAttr<"CopyInstruction",
    "the preferred instruction of a copy", [
    I32EnumAttrCase<"TMA", 0, "tma">, I32EnumAttrCase<"Sync", 1, "sync">
  ]> {
  let cppNamespace = "::mlir::tile";
}

// The read-modify-write of a `tile.atomic_rmw`: PTX `atom`'s operations
// (`max`/`min` signed, `umax`/`umin` unsigned; `exch` stores the operand).
def Tile_AtomicKind : I32EnumAttr<"AtomicKind", "an atomic read-modify-write", [
    I32EnumAttrCase<"Add", 0, "add">, I32EnumAttrCase<"Exch", 1, "exch">,
    I32EnumAttrCase<"Max", 2, "max">, I32EnumAttrCase<"Min", 3, "min">,
    I32EnumAttrCase<"UMax", 4, "umax">, I32EnumAttrCase<"UMin", 5, "umin">,
    I32EnumAttrCase<"And", 6, "and">, I32EnumAttrCase<"Or", 7, "or">,
    I32EnumAttrCase<"Xor", 8, "xor">
  ]> {
  let cppNamespace = "::mlir::tile";
}

// The ordering an atomic gives the thread's other memory accesses (PTX
// `.sem`): none beyond the access itself (`relaxed`), later accesses stay
// after it (`acquire`), earlier ones before it (`release`), or both.
def Tile_MemorySemantics : I32EnumAttr<"MemorySemantics",
    "the memory ordering of an atomic", [
    I32EnumAttrCase<"Relaxed", 0, "relaxed">,
    I32EnumAttrCase<"Acquire", 1, "acquire">,
    I32EnumAttrCase<"Release", 2, "release">,
    I32EnumAttrCase<"AcqRel", 3, "acq_rel">
  ]> {
  let cppNamespace = "::mlir::tile";
}

// The threads an atomic's ordering is promised to (PTX `.scope`): the
// CTA's, the cluster's, the GPU's or the whole system's.
def Tile_MemoryScope : I32EnumAttr<"MemoryScope",
    "the threads an atomic synchronizes with", [
    I32EnumAttrCase<"CTA", 0, "cta">, I32EnumAttrCase<"Cluster", 1, "cluster">,
    I32EnumAttrCase<"GPU", 2, "gpu">, I32EnumAttrCase<"System", 3, "sys">
  ]> {
  let cppNamespace = "::mlir::tile";
}

def Tile_ReduceKind : I32EnumAttr<"ReduceKind", "a reduction", [
    I32EnumAttrCase<"Add", 0, "add">, I32EnumAttrCase<"Mul", 1, "mul">,
    I32EnumAttrCase<"Max", 2, "max">, I32EnumAttrCase<"Min", 3, "min">,
    I32EnumAttrCase<"And", 4, "and">, I32EnumAttrCase<"Or", 5, "or">,
    I32EnumAttrCase<"Xor", 6, "xor">
  ]> {
  let cppNamespace = "::mlir::tile";
}

//===----------------------------------------------------------------------===//
// Distributed layouts
//===----------------------------------------------------------------------===//

class Tile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Tile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Tile_BlockedLayoutAttr : Tile_Attr<"BlockedLayout", "blocked",
    [DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "Blocked distribution of a tile over registers, lanes, warps";
  let description = [{
    Each thread holds `sizePerThread` contiguous elements, a warp's 32 lanes
    are arranged as `threadsPerWarp`, and the CTA's warps as `warpsPerCTA`;
    `order` lists dimensions from fastest- to slowest-varying. The pattern
    repeats to cover larger tiles. Same meaning as Triton's and Gluon's
    `BlockedLayout`.

    ```mlir
    #blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8],
                             warpsPerCTA = [4, 1], order = [1, 0]>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `sizePerThread` `=` `[` $sizePerThread `]` `,`
        `threadsPerWarp` `=` `[` $threadsPerWarp `]` `,`
        `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `order` `=` `[` $order `]` `>`
  }];
  let genVerifyDecl = 1;
}

def Tile_SliceLayoutAttr : Tile_Attr<"SliceLayout", "slice",
    [DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "A parent layout with one dimension removed";
  let description = [{
    The layout of a tile obtained by reducing dimension `dim` of a tile with
    layout `parent` (or that `tile.expand_dims` turns back into one).

    ```mlir
    #rows = #tile.slice<dim = 1, parent = #blocked>
    ```
  }];
  let parameters = (ins "unsigned":$dim,
                        "DistributedLayoutAttr":$parent);
  let assemblyFormat = "`<` `dim` `=` $dim `,` `parent` `=` $parent `>`";
  let genVerifyDecl = 1;
}

def Tile_WgmmaLayoutAttr : Tile_Attr<"WgmmaLayout", "wgmma",
    [DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "Accumulator layout of Hopper warpgroup MMA (wgmma)";
  let description = [{
    The register layout of a `wgmma.mma_async` accumulator: each warpgroup
    owns 64 rows, each warp 16 of them, for instruction shape
    `instrShape = [16, N]` per warp (`N` a multiple of 8 up to 256).
    `warpsPerCTA[0]` must be a multiple of 4 (whole warpgroups along M).

    A tile smaller than the warpgroups' tile along a dimension broadcasts
    along it, as `#tile.blocked` does: a `1 x N` row (a bias, from
    `tile.expand_dims` of a `#tile.slice<dim = 0>` of the layout) is held
    by the threads of its accumulator columns, an `M x 1` column (a row
    statistic) by those of its rows, and `tile.broadcast` of either to the
    accumulator's shape copies registers.

    ```mlir
    #acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let assemblyFormat = [{
    `<` `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `instrShape` `=` `[` $instrShape `]` `>`
  }];
  let genVerifyDecl = 1;
}

def Tile_DotOperandLayoutAttr : Tile_Attr<"DotOperandLayout", "dot_operand",
    [DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "Register layout of an MMA operand";
  let description = [{
    Operand `opIdx` (0 for A, 1 for B) of an MMA whose accumulator has
    layout `parent`; `kWidth` consecutive K elements sit in one thread.
    Warpgroup MMA takes only A from registers.

    ```mlir
    #a = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 2>
    ```
  }];
  let parameters = (ins "unsigned":$opIdx,
                        "DistributedLayoutAttr":$parent,
                        "unsigned":$kWidth);
  let assemblyFormat = [{
    `<` `opIdx` `=` $opIdx `,` `parent` `=` $parent `,`
        `kWidth` `=` $kWidth `>`
  }];
  let genVerifyDecl = 1;
}

def Tile_LinearLayoutAttr : Tile_Attr<"LinearLayout", "linear",
    [DeclareAttrInterfaceMethods<Tile_DistributedLayoutInterface>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "An explicit linear layout over GF(2)";
  let description = [{
    The most general distributed layout: bit `i` of the register, lane, warp
    and block index contributes the coordinate vector `register[i]`,
    `lane[i]`, `warp[i]` and `block[i]`; coordinates combine by XOR. Every
    other layout converts to this form. `lane` has exactly 5 bases (32
    lanes); all bases have the tensor's rank.

    An attribute describes one shape. The source of a `tile.broadcast` to
    a tile in it, and a window cut from one (`tile.extract_slice`) by
    `tile-legalize-layouts`, take it restricted to their shape
    (`restrictTo`): coordinates cut to the shape, register bases that no
    longer select anything dropped, lane and warp bases that no longer do
    broadcasting. The result of a `tile.broadcast` from a tile in it takes
    it grown to its shape (`growTo`): the new coordinate bits go to lane,
    then warp, bases that broadcast, then to new register bases.

    ```mlir
    #l = #tile.linear<register = [[0, 1]], lane = [[0, 2], [0, 4], [1, 0],
                      [2, 0], [4, 0]], warp = [[8, 0]], block = []>
    ```
  }];
  let parameters = (ins "ArrayAttr":$registerBases, "ArrayAttr":$laneBases,
                        "ArrayAttr":$warpBases, "ArrayAttr":$blockBases);
  let extraClassDeclaration = [{
    /// This layout on a tile of `shape`, no larger than the layout's own
    /// along any dimension: a window cut from a tile in it, or the source
    /// of a tile.broadcast to it (a #tile.linear attribute holds one shape,
    /// where the other layouts fit any). Coordinates are cut to `shape`;
    /// register bases that then select nothing go (above a window they
    /// choose among windows, along a broadcast dimension they repeat a
    /// value) and thread bases that do broadcast. Itself when a basis does
    /// not have `shape`'s rank.
    LinearLayoutAttr restrictTo(::llvm::ArrayRef<int64_t> shape) const;
    /// This layout on a tile of `shape`, no smaller than the layout's own
    /// along any dimension: the result of a tile.broadcast from a tile in
    /// it. Each coordinate bit of `shape` past the layout's goes to the
    /// first lane, then warp, basis that broadcasts, else to a new register
    /// basis, so that restrictTo gives this layout back (the broadcast is a
    /// selection of each thread's registers). Itself when a basis does not
    /// have `shape`'s rank.
    LinearLayoutAttr growTo(::llvm::ArrayRef<int64_t> shape) const;
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Shared layouts
//===----------------------------------------------------------------------===//

def Tile_NVMMASharedLayoutAttr : Tile_Attr<"NVMMASharedLayout", "nvmma_shared",
    [DeclareAttrInterfaceMethods<Tile_SharedLayoutInterface>]> {
  let summary = "Shared layout read by TMA, wgmma and tcgen05";
  let description = [{
    The swizzled layout the Tensor Memory Accelerator writes and the tensor
    cores read: rows of the contiguous dimension are XOR-swizzled in 16-byte
    chunks with a period of `swizzle` bytes (0 = no swizzle, 32, 64 or 128).
    `element_bits` is the width of one element (4, 8, 16, 32 or 64);
    `transposed` makes the second-to-last dimension the contiguous one (an
    MN-major operand); `fp4_padded` marks 4-bit data stored one element per
    byte (TMA's 16U4_ALIGN16B form).

    ```mlir
    #nvmma = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
    ```
  }];
  let parameters = (ins "unsigned":$swizzle, "unsigned":$elementBits,
                        DefaultValuedParameter<"bool", "false">:$transposed,
                        DefaultValuedParameter<"bool", "false">:$fp4Padded);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Tile_SwizzledSharedLayoutAttr
    : Tile_Attr<"SwizzledSharedLayout", "swizzled_shared",
                [DeclareAttrInterfaceMethods<Tile_SharedLayoutInterface>]> {
  let summary = "Generic XOR-swizzled shared layout";
  let description = [{
    Row `r` of the contiguous dimension has its `vec`-element groups XORed
    with `(r / perPhase) mod maxPhase`, which avoids bank conflicts for
    register-tile loads and stores. `order` lists dimensions from fastest to
    slowest. `vec = 1, perPhase = 1, maxPhase = 1` is a plain row-major
    layout.

    ```mlir
    #sw = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
    ```
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `vec` `=` $vec `,` `perPhase` `=` $perPhase `,`
        `maxPhase` `=` $maxPhase `,` `order` `=` `[` $order `]` `>`
  }];
  let genVerifyDecl = 1;
}

#endif // TILEMLIR_TILE_ATTRS
