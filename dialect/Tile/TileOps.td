//===- TileOps.td - Operations of the tile dialect ---------*- tablegen -*-===//

#ifndef TILEMLIR_TILE_OPS
#define TILEMLIR_TILE_OPS

include "Tile/TileDialect.td"
include "Tile/TileAttrs.td"
include "Tile/TileTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Dialect/LLVMIR/LLVMTypes.td"

/// Shared memory of the CTA. Operations that read or write buffers declare
/// it, so that copies are not reordered or removed as dead.
def Tile_SharedMemory : Resource<"::mlir::tile::SharedMemoryResource">;
/// Global (device) memory.
def Tile_GlobalMemory : Resource<"::mlir::tile::GlobalMemoryResource">;

def Tile_RegisterTile : RankedTensorOf<[AnyType]>;
def Tile_IntTile : RankedTensorOf<[I32, I64]>;
def Tile_MaskTile : RankedTensorOf<[I1]>;

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

def Tile_AllocSmemOp : Tile_Op<"alloc_smem",
    [MemoryEffects<[MemAlloc<Tile_SharedMemory>,
                    MemWrite<Tile_SharedMemory>]>]> {
  let summary = "Allocates a buffer in shared memory";
  let description = [{
    Reserves a buffer in the CTA's shared memory; the shared-memory
    allocation pass assigns its offset, aligned as its layout needs (1024
    bytes for 128-byte swizzle atoms). An optional register tile initializes
    the buffer; an immutable buffer must have one.

    ```mlir
    %a = tile.alloc_smem : !tile.smem<2x128x64xf16, #nvmma, mutable>
    %c = tile.alloc_smem(%v : tensor<128x64xf32, #blocked>) : !tile.smem<128x64xf32, #nvmma>
    ```
  }];
  let arguments = (ins Optional<Tile_RegisterTile>:$init);
  let results = (outs Tile_SharedMemoryType:$result);
  let assemblyFormat = [{
    (`(` $init^ `:` type($init) `)`)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_SmemIndexOp : Tile_Op<"smem_index", [Pure]> {
  let summary = "Selects one stage of a multi-buffered shared buffer";
  let description = [{
    Drops the leading dimension: `%ring[%i]` of a `3x128x64` ring is the
    `128x64` stage `%i`. A constant index must be in range.

    ```mlir
    %stage = tile.smem_index %ring[%i] : !tile.smem<3x128x64xf16, #nvmma, mutable> -> !tile.smem<128x64xf16, #nvmma, mutable>
    ```
  }];
  let arguments = (ins Tile_SharedMemoryType:$src, Index:$index);
  let results = (outs Tile_SharedMemoryType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_SmemSubsliceOp : Tile_Op<"smem_subslice", [Pure]> {
  let summary = "A rectangular window of a shared buffer";
  let description = [{
    A view of the sub-block of `src` that starts at the static `offsets`
    and has the result's shape. Rank, element type, layout and mutability
    are kept.

    ```mlir
    %half = tile.smem_subslice %buf[0, 32] : !tile.smem<128x64xf16> -> !tile.smem<128x32xf16>
    ```
  }];
  let arguments = (ins Tile_SharedMemoryType:$src, DenseI64ArrayAttr:$offsets);
  let results = (outs Tile_SharedMemoryType:$result);
  let assemblyFormat = [{
    $src $offsets attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_SmemTransOp : Tile_Op<"smem_trans", [Pure]> {
  let summary = "A permuted view of a shared buffer";
  let description = [{
    Reinterprets the buffer with its dimensions permuted by `order`
    (result dimension `i` is source dimension `order[i]`). No data moves;
    an NVMMA layout flips its `transposed` flag, which is how an MN-major
    operand is presented to wgmma.

    ```mlir
    %bt = tile.smem_trans %b, order = [1, 0] : !tile.smem<64x128xf16, #n> -> !tile.smem<128x64xf16, #nt>
    ```
  }];
  let arguments = (ins Tile_SharedMemoryType:$src, DenseI32ArrayAttr:$order);
  let results = (outs Tile_SharedMemoryType:$result);
  let assemblyFormat = [{
    $src `,` `order` `=` $order attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_SmemLoadOp : Tile_Op<"smem_load",
    [MemoryEffects<[MemRead<Tile_SharedMemory>]>]> {
  let summary = "Reads a shared buffer into a register tile, or one element";
  let description = [{
    Without indices, reads the whole buffer into a register tile of the same
    shape (the tile's layout decides which thread reads what). With one
    index per dimension, reads that single element as a scalar in every
    executing thread; the address follows the buffer's shared layout
    (NVMMA or XOR swizzle).

    ```mlir
    %v = tile.smem_load %buf : !tile.smem<128x64xf16, #nvmma> -> tensor<128x64xf16, #blocked>
    %x = tile.smem_load %buf[%i, %j] : !tile.smem<128x64xf16, #nvmma> -> f16
    ```
  }];
  let arguments = (ins Tile_SharedMemoryType:$src, Variadic<Index>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $src (`[` $indices^ `]`)? attr-dict `:` qualified(type($src)) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Tile_SmemStoreOp : Tile_Op<"smem_store",
    [MemoryEffects<[MemWrite<Tile_SharedMemory>]>]> {
  let summary = "Writes a register tile, or one element, into shared memory";
  let description = [{
    Writes through the generic proxy: a TMA store or tensor-core read of the
    buffer must be preceded by `tile.fence_async_shared`. With indices, every
    executing thread writes the scalar to that element (guard it when only
    one thread should).

    ```mlir
    tile.smem_store %v, %buf : tensor<128x64xf16, #blocked>, !tile.smem<128x64xf16, #nvmma, mutable>
    tile.smem_store %x, %buf[%i, %j] : f16, !tile.smem<128x64xf16, #nvmma, mutable>
    ```
  }];
  let arguments = (ins AnyType:$value, Tile_SharedMemoryType:$dst,
                       Variadic<Index>:$indices);
  let assemblyFormat = [{
    $value `,` $dst (`[` $indices^ `]`)? attr-dict `:` type($value) `,`
    qualified(type($dst))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Global memory
//===----------------------------------------------------------------------===//

def Tile_LoadOp : Tile_Op<"load",
    [MemoryEffects<[MemRead<Tile_GlobalMemory>]>,
     AttrSizedOperandSegments,
     OptionalTypesMatchWith<"other has the result type", "result", "other",
                            "$_self">]> {
  let summary = "Gathers a register tile (or one element) from global memory";
  let description = [{
    Reads `ptr[offsets[i]]` for every element of the offset tile (offsets
    count elements, not bytes). Where the optional `mask` is false nothing is
    read and the element is taken from `other` (or is undefined without it).
    The lowering vectorizes to 16-byte accesses where the layout keeps
    enough contiguous elements in one thread. With a scalar offset (and
    mask), a single element is read by every executing thread; that is how
    a pointer is read from a table of pointers (register tiles of pointers
    are not supported yet).

    ```mlir
    %v = tile.load %p[%offs] mask %m other %zero : !tile.ptr<f16>, tensor<128x64xi32, #b>, tensor<128x64xi1, #b> -> tensor<128x64xf16, #b>
    %x = tile.load %p[%i] : !tile.ptr<f32>, i64 -> f32
    ```
  }];
  let arguments = (ins Tile_PointerType:$ptr,
                       AnyTypeOf<[I32, I64, Tile_IntTile]>:$offsets,
                       Optional<AnyTypeOf<[I1, Tile_MaskTile]>>:$mask,
                       Optional<AnyType>:$other);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` (`mask` $mask^)? (`other` $other^)? attr-dict `:`
    qualified(type($ptr)) `,` type($offsets) (`,` type($mask)^)? `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Tile_StoreOp : Tile_Op<"store",
    [MemoryEffects<[MemWrite<Tile_GlobalMemory>]>]> {
  let summary = "Scatters a register tile (or one element) to global memory";
  let description = [{
    Writes `value[i]` to `ptr[offsets[i]]` where the optional `mask` is true.
    With a scalar offset, every executing thread writes the scalar.

    ```mlir
    tile.store %p[%offs], %v mask %m : !tile.ptr<f32>, tensor<128xi32, #l>, tensor<128xf32, #l>, tensor<128xi1, #l>
    tile.store %p[%i], %x : !tile.ptr<f32>, i64, f32
    ```
  }];
  let arguments = (ins Tile_PointerType:$ptr,
                       AnyTypeOf<[I32, I64, Tile_IntTile]>:$offsets,
                       AnyType:$value,
                       Optional<AnyTypeOf<[I1, Tile_MaskTile]>>:$mask);
  let assemblyFormat = [{
    $ptr `[` $offsets `]` `,` $value (`mask` $mask^)? attr-dict `:`
    qualified(type($ptr)) `,` type($offsets) `,` type($value)
    (`,` type($mask)^)?
  }];
  let hasVerifier = 1;
}

def Tile_AtomicRMWOp : Tile_Op<"atomic_rmw",
    [MemoryEffects<[MemRead<Tile_GlobalMemory>, MemWrite<Tile_GlobalMemory>]>,
     AllTypesMatch<["value", "result"]>]> {
  let summary = "Atomically reads, modifies and writes one element of global "
                "memory";
  let description = [{
    Applies `kind` to `ptr[offset]` and `value` as one indivisible access and
    yields the element's old value: PTX `atom.global`. Every executing
    thread performs its own atomic (guard it with `tile.elect` or a thread
    test for one per CTA). `sem` orders the thread's other accesses around
    it and `scope` names the threads that order holds for: the protocol of
    flags between CTAs (a release by the writer after its data, an acquire
    by the reader before its loads, `gpu` scope) is written with it, as in
    this spin that also clears the flag it consumes:

    ```mlir
    %old = tile.atomic_rmw add %counts[%i], %one relaxed gpu : !tile.ptr<i32>, i32, i32
    %seen = tile.atomic_rmw exch %flags[%j], %zero acquire gpu : !tile.ptr<i32>, i32, i32
    ```

    `add` and `exch` take i32, i64, f32 or f64; `max`, `min`
    (signed), `umax`, `umin`, `and`, `or` and `xor` take i32 or i64. Register
    tiles of offsets are not supported yet.
  }];
  let arguments = (ins Tile_AtomicKind:$kind, Tile_PointerType:$ptr,
                       AnyTypeOf<[I32, I64]>:$offset,
                       AnyTypeOf<[I32, I64, F32, F64]>:$value,
                       Tile_MemorySemantics:$sem, Tile_MemoryScope:$scope);
  let results = (outs AnyTypeOf<[I32, I64, F32, F64]>:$result);
  let assemblyFormat = [{
    $kind $ptr `[` $offset `]` `,` $value $sem $scope attr-dict `:`
    qualified(type($ptr)) `,` type($offset) `,` type($value)
  }];
  let hasVerifier = 1;
}

def Tile_PtrFromMemrefOp : Tile_Op<"ptr_from_memref", [Pure]> {
  let summary = "The device pointer behind a global-memory memref";
  let description = [{
    Host code allocates device memory as memrefs (`gpu.alloc`); kernels take
    `!tile.ptr` arguments. This yields the address of the memref's first
    element (aligned pointer plus offset), typed for a kernel argument or as
    a plain `!llvm.ptr` for calls into the C runtime. In a kernel (of a
    memref argument; `tile-lower-copies` uses it) it yields a `!tile.ptr`
    only. A table of pointers (`!tile.ptr<!tile.ptr<T>>`) comes from a
    memref of i64 device addresses.

    ```mlir
    %p = tile.ptr_from_memref %a : memref<1024x1024xf16> -> !tile.ptr<f16>
    %raw = tile.ptr_from_memref %a : memref<1024x1024xf16> -> !llvm.ptr
    %table = tile.ptr_from_memref %addresses : memref<8xi64> -> !tile.ptr<!tile.ptr<f16>>
    ```
  }];
  let arguments = (ins AnyMemRef:$source);
  let results = (outs AnyTypeOf<[Tile_PointerType, LLVM_AnyPointer]>:$result);
  let assemblyFormat = [{
    $source attr-dict `:` type($source) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Tile_Barrier : Type<
    CPred<"::llvm::isa<::mlir::mbarrier::BarrierType>($_self)">,
    "mbarrier (!mbarrier.barrier)", "::mlir::mbarrier::BarrierType">,
  BuildableType<"::mlir::mbarrier::BarrierType::get($_builder.getContext())">;

def Tile_CopyOp : Tile_Op<"copy",
    [MemoryEffects<[MemRead<Tile_GlobalMemory>, MemWrite<Tile_GlobalMemory>,
                    MemRead<Tile_SharedMemory>, MemWrite<Tile_SharedMemory>]>,
     AttrSizedOperandSegments]> {
  let summary = "Copies a region between global memory, shared buffers and "
                "register tiles, choosing the instruction";
  let description = [{
    Copies between a whole shared buffer and the region of global memory of
    its shape that starts at the given indices, or from a whole register
    tile into a shared buffer of its shape or into such a region; which side
    is which follows from the types. The global side is
    - a memref, indexed with one index per dimension (its shape and strides,
      static or dynamic, are the tensor's; a buffer of lower rank covers
      the memref's trailing dimensions, the leading ones with extent 1), or
    - a `!tile.ptr` with one element offset and optional `strides` (one per
      buffer dimension, in elements; without them the region is dense).

    `tile-lower-copies` picks the instruction (DESIGN.md, the TileLang
    seed's rules):
    1. a **1-D bulk copy** (`tma.bulk_load` / `bulk_store`, no descriptor)
       when the region is one contiguous run of global memory (static
       strides prove it), the buffer is unswizzled, the run is a multiple
       of 16 bytes below 1 MiB, and its start is provably 16-byte aligned
       (memref kernel arguments and pointers are taken as 16-byte aligned);
    2. a **TMA tensor copy** otherwise, through a descriptor the compiler
       creates: a memref kernel argument gets a `!tma.descriptor` kernel
       argument built on the host at every `gpu.launch_func` of the kernel
       (box = the buffer's shape, swizzle = its NVMMA layout's; a swizzle
       narrower than the row splits the box); a memref bound inside the
       kernel (a `memref.subview` of an argument, ...) gets a tensor map
       the kernel writes where the memref is bound (`tma.create_descriptor`
       into a workspace each launch allocates: 128 bytes per map and CTA;
       not inside a loop, not supported yet). TMA zero-fills what lies
       outside the tensor (the view) and clips stores to it;
    3. a **synchronous copy** (every thread loads and stores part of the
       region through registers, masked against a memref's sizes) when
       neither applies or `prefer sync` asks for it.
    `prefer tma` makes a copy that cannot use TMA an error that names the
    rule (a `!tile.ptr` carries no sizes, so a region of one that is not a
    contiguous run has no descriptor).

    Global to shared with a `barrier`: the copy only starts, and counts its
    bytes on the barrier (an elected thread adds them with
    `mbarrier.expect_tx`); the kernel arrives and waits as for
    `tma.async_load` (T.tma_copy). Without one the copy is synchronous: it
    waits until no thread still reads the buffer, and returns once the data
    is visible to every thread (the compiler creates the barrier, the
    expected bytes and the wait). Shared to global: the copy starts once
    every thread's earlier writes of the buffer are done, and returns once
    the buffer may be written again; with `async` it only commits a bulk
    group (wait with `tma.store_wait`). A register tile goes into a shared
    buffer by its `tile.smem_store` between CTA barriers, and to global
    memory through a shared buffer the pass allocates (the widest NVMMA
    swizzle its rows fill), then by the rules above (TileLang's
    `T.copy(C_local, C[...])`); it takes no barrier, and `async` is not
    supported yet for it. Every thread of the CTA executes a `tile.copy`,
    or inside a `tile.warp_specialize` partition every thread of the
    partition: the copy's leader, generated barriers and CTA barriers are
    then the partition's own, and a descriptor built on the host from a
    memref the partition captured is captured into it.

    ```mlir
    tile.copy %A[%m, %k], %a_smem barrier %bar : memref<?x?xf16>, !tile.smem<128x32xf16, #nvmma64, mutable>
    tile.copy %c_smem, %C[%m, %n] : !tile.smem<128x128xf16, #nvmma128, mutable>, memref<?x?xf16>
    tile.copy %acc, %C[%m, %n] : tensor<128x128xf16, #wgmma>, memref<?x?xf16>
    tile.copy %p[%off], %row prefer tma : !tile.ptr<f32>, !tile.smem<256xf32, mutable>
    %frag = tile.copy %A[%m, %k] : memref<?x?xf16> -> tensor<64x32xf16>
    %vals = tile.copy %a_smem : !tile.smem<128x32xf16, #nvmma64, mutable> -> tensor<128x32xf16>
    ```

    Into a register tile (the copy's result, TileLang's `T.copy(A[..],
    A_local)` and `T.copy(A_shared, A_local)`): from global memory every
    thread loads its elements of the region of the tile's shape (masked
    against a memref's sizes: zeros outside); from a shared buffer of the
    tile's shape every thread loads its elements between two CTA barriers
    (the buffer's writers are done before; it may be written again after).
    Neither takes a barrier, `async` or `prefer tma`.
  }];
  let arguments = (ins AnyType:$src, Variadic<Index>:$srcIndices,
                       Variadic<Index>:$srcStrides, Optional<AnyType>:$dst,
                       Variadic<Index>:$dstIndices,
                       Variadic<Index>:$dstStrides,
                       Optional<Tile_Barrier>:$barrier,
                       OptionalAttr<Tile_CopyInstruction>:$prefer,
                       UnitAttr:$async);
  let results = (outs Optional<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    $src (`[` $srcIndices^ `]`)? (`strides` `[` $srcStrides^ `]`)?
    (`,` $dst^ (`[` $dstIndices^ `]`)? (`strides` `[` $dstStrides^ `]`)?)?
    (`barrier` $barrier^)? (`prefer` $prefer^)? (`async` $async^)?
    attr-dict `:` qualified(type($src)) (`,` qualified(type($dst))^)?
    (`->` qualified(type($result))^)?
  }];
  let extraClassDeclaration = [{
    /// True when the copy's result is a register tile (from global memory
    /// or a shared buffer).
    bool isToRegisters() { return static_cast<bool>(getResult()); }
    /// True when the copy writes the shared buffer (global to shared), or
    /// reads into registers.
    bool isLoad() {
      return isToRegisters() ||
             ::llvm::isa<SharedMemoryType>(getDst().getType());
    }
    /// The shared buffer and the global side.
    ::mlir::Value getShared() { return isLoad() ? getDst() : getSrc(); }
    SharedMemoryType getSharedType() {
      return ::llvm::cast<SharedMemoryType>(getShared().getType());
    }
    ::mlir::Value getGlobal() { return isLoad() ? getSrc() : getDst(); }
    ::mlir::OperandRange getGlobalIndices() {
      return isLoad() ? getSrcIndices() : getDstIndices();
    }
    ::mlir::OperandRange getGlobalStrides() {
      return isLoad() ? getSrcStrides() : getDstStrides();
    }
  }];
  let hasVerifier = 1;
}

def Tile_DTypeCodeOp : Tile_Op<"dtype_code", [Pure]> {
  let summary = "Host: the runtime's code for an element type";
  let description = [{
    The `TileRtDType` value (tile-runtime/TestSupport.h: `TILE_RT_F16`, ...)
    that the runtime's helpers (`tileRtFillRandom`, `tileRtCheck2D`,
    `tileRtCublasGemmTimeMs`, ...) take for `type`, so host code names the
    type instead of writing the number. Host only; lowered to a constant by
    `convert-tile-host-to-llvm`.

    ```mlir
    %f16 = tile.dtype_code f16 : i32
    llvm.call @tileRtFillRandom(%p, %n, %f16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    ```

    Types: f32, f16, bf16, f8E4M3FN, f8E5M2, f4E2M1FN (packed two per byte),
    i8, i16, i32, i64, f64.
  }];
  let arguments = (ins TypeAttr:$elementType);
  let results = (outs I32:$result);
  let assemblyFormat = "$elementType attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The TileRtDType value of `type`, if the runtime has one.
    static std::optional<int32_t> getCode(Type type);
  }];
}

//===----------------------------------------------------------------------===//
// Register-tile compute
//===----------------------------------------------------------------------===//

def Tile_DotOp : Tile_Op<"dot",
    [MemoryEffects<[MemRead<Tile_SharedMemory>]>,
     AllTypesMatch<["acc", "result"]>]> {
  let summary = "Matrix multiply-accumulate on the tensor cores";
  let description = [{
    `result = a * b + acc` (or `a * b` when `use_acc` is false). On sm_90a
    this is warpgroup MMA (`wgmma.mma_async`): `b` is in shared memory with
    an NVMMA layout, `a` is in shared memory or a register tile with a
    `#tile.dot_operand<opIdx = 0>` layout, and the accumulator is a register
    tile with a `#tile.wgmma` layout. With `async` the MMA is left in flight
    and its result may only be used after a `tile.dot_wait`.

    Shapes: `a` is MxK, `b` KxN, `acc` MxN; M a multiple of 64 (one
    warpgroup's rows), N a multiple of 8, K a multiple of the instruction's
    K (16 for f16/bf16, 8 for tf32, 32 for 8-bit types). Element types:
    f16 x f16 -> f16/f32, bf16 x bf16 -> f32, tf32 (f32 x f32) -> f32,
    f8E4M3FN/f8E5M2 -> f16/f32, i8 x i8 -> i32. 8-bit and tf32 operands in
    shared memory must be K-major.

    ```mlir
    %d = tile.dot %a, %b, %acc async : !tile.smem<128x64xf16, #nvmma>, !tile.smem<64x128xf16, #nvmma>, tensor<128x128xf32, #wgmma> -> tensor<128x128xf32, #wgmma>
    ```
  }];
  let arguments = (ins AnyTypeOf<[Tile_SharedMemoryType, Tile_RegisterTile]>:$a,
                       Tile_SharedMemoryType:$b, Tile_RegisterTile:$acc,
                       Optional<I1>:$useAcc, UnitAttr:$async);
  let results = (outs Tile_RegisterTile:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $acc (`use_acc` $useAcc^)? (`async` $async^)? attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` type($acc) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Tile_DotWaitOp : Tile_Op<"dot_wait",
    // A synchronization point: shared buffers read by the pending MMAs may
    // be overwritten only after it, so it must never be removed or moved.
    [MemoryEffects<[MemRead<Tile_SharedMemory>, MemWrite<Tile_SharedMemory>]>,
     AllTypesMatch<["inputs", "outputs"]>]> {
  let summary = "Waits until at most `pending` asynchronous MMA groups remain";
  let description = [{
    `wgmma.wait_group pending`: returns its operands (the results of
    asynchronous `tile.dot`s) once they are complete. Until then neither the
    accumulators nor the shared operands of the pending MMAs may be touched.

    ```mlir
    %d2 = tile.dot_wait %d {pending = 0} : tensor<128x128xf32, #wgmma>
    ```
  }];
  let arguments = (ins Variadic<Tile_RegisterTile>:$inputs,
                       ConfinedAttr<I32Attr, [IntNonNegative]>:$pending);
  let results = (outs Variadic<Tile_RegisterTile>:$outputs);
  let assemblyFormat = [{
    ($inputs^)? attr-dict (`:` type($inputs)^)?
  }];
}

def Tile_ConvertLayoutOp : Tile_Op<"convert_layout", [Pure]> {
  let summary = "Moves a register tile to another layout";
  let description = [{
    Same values, different distribution over threads. Lowered to register
    permutations, warp shuffles or a round trip through shared memory,
    whichever the linear layouts of source and result require.

    ```mlir
    %c = tile.convert_layout %acc : tensor<128x128xf32, #wgmma> -> tensor<128x128xf32, #blocked>
    ```
  }];
  let arguments = (ins Tile_RegisterTile:$src);
  let results = (outs Tile_RegisterTile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_ReduceOp : Tile_Op<"reduce", [Pure]> {
  let summary = "Reduces a register tile along one axis";
  let description = [{
    Combines the elements along `axis` with `kind`. The result drops that
    dimension; its layout is `#tile.slice<dim = axis, parent = ...>` of the
    source layout. `and`, `or` and `xor` need integer elements.

    ```mlir
    %rowsum = tile.reduce add %x, axis = 1 : tensor<128x64xf32, #b> -> tensor<128xf32, #tile.slice<dim = 1, parent = #b>>
    ```
  }];
  let arguments = (ins Tile_ReduceKind:$kind, Tile_RegisterTile:$src,
                       I32Attr:$axis);
  let results = (outs Tile_RegisterTile:$result);
  let assemblyFormat = [{
    $kind $src `,` `axis` `=` $axis attr-dict `:` type($src) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Tile_BroadcastOp : Tile_Op<"broadcast", [Pure]> {
  let summary = "Broadcasts size-1 dimensions of a register tile";
  let description = [{
    ```mlir
    %b = tile.broadcast %row : tensor<1x64xf32, #l> -> tensor<128x64xf32, #l>
    ```
  }];
  let arguments = (ins Tile_RegisterTile:$src);
  let results = (outs Tile_RegisterTile:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def Tile_ExtractSliceOp : Tile_Op<"extract_slice", [Pure]> {
  let summary = "A rectangular window of a register tile";
  let description = [{
    The elements of `src` at `offsets` + [0, shape of the result), as a
    register tile of the result's shape and element type in the result's
    layout. Where the result layout places every element in the thread that
    holds it in the source and each offset is a multiple of the result's
    size along that dimension, it lowers to a selection of each thread's
    registers. A window of 64 columns of a wgmma accumulator at a column
    offset that is a multiple of 64, in the #tile.wgmma layout with
    instrShape = [16, 64], is one: how an epilogue stages a large
    accumulator through a small shared buffer, one window at a time.
    Other windows (any offset, any layout) are read through shared
    scratch that `tile-allocate-shared-memory` reserves: the source is
    stored and the window loaded, between barriers of the whole CTA (so
    not inside a warp-specialized partition). `tile-legalize-layouts`
    chooses layouts that keep the windows of the tiles it lays out in
    their threads where it can.

    ```mlir
    %w = tile.extract_slice %acc[0, 64] : tensor<128x256xf32, #acc256> -> tensor<128x64xf32, #acc64>
    ```
  }];
  let arguments = (ins Tile_RegisterTile:$src, DenseI64ArrayAttr:$offsets);
  let results = (outs Tile_RegisterTile:$result);
  let assemblyFormat = [{
    $src `` $offsets attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_ExpandDimsOp : Tile_Op<"expand_dims", [Pure]> {
  let summary = "Inserts a dimension of size 1";
  let description = [{
    The inverse of a reduction's shape change: a tile with layout
    `#tile.slice<dim = axis, parent = P>` becomes one with layout `P`.

    ```mlir
    %col = tile.expand_dims %offs, axis = 1 : tensor<128xi32, #tile.slice<dim = 1, parent = #l>> -> tensor<128x1xi32, #l>
    ```
  }];
  let arguments = (ins Tile_RegisterTile:$src, I32Attr:$axis);
  let results = (outs Tile_RegisterTile:$result);
  let assemblyFormat = [{
    $src `,` `axis` `=` $axis attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tile_SplatOp : Tile_Op<"splat", [Pure,
    TypesMatchWith<"element type of the result is the scalar's type",
                   "result", "src",
                   "::llvm::cast<::mlir::RankedTensorType>($_self).getElementType()">]> {
  let summary = "A register tile with every element equal to a scalar";
  let description = [{
    ```mlir
    %z = tile.splat %zero : tensor<128x128xf32, #wgmma>
    ```
  }];
  let arguments = (ins AnyType:$src);
  let results = (outs Tile_RegisterTile:$result);
  let assemblyFormat = "$src attr-dict `:` type($result)";
}

def Tile_RangeOp : Tile_Op<"range", [Pure]> {
  let summary = "A 1-D tile of consecutive integers";
  let description = [{
    `[start, end)` as an i32 tile of `end - start` elements.

    ```mlir
    %m = tile.range 0 to 128 : tensor<128xi32, #tile.slice<dim = 1, parent = #l>>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs RankedTensorOf<[I32]>:$result);
  let assemblyFormat = "$start `to` $end attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Program and thread indices, synchronization
//===----------------------------------------------------------------------===//

def Tile_ProgramIdOp : Tile_Op<"program_id", [Pure]> {
  let summary = "Index of this CTA in the grid";
  let description = [{
    ```mlir
    %pid = tile.program_id x
    ```
  }];
  let arguments = (ins Tile_Dim:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$dim attr-dict";
}

def Tile_NumProgramsOp : Tile_Op<"num_programs", [Pure]> {
  let summary = "Number of CTAs of the grid along a dimension";
  let description = [{
    ```mlir
    %n = tile.num_programs x
    ```
  }];
  let arguments = (ins Tile_Dim:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = "$dim attr-dict";
}

def Tile_ThreadIdOp : Tile_Op<"thread_id", [Pure]> {
  let summary = "Index of this thread in the CTA (x dimension)";
  let description = [{
    ```mlir
    %tid = tile.thread_id
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def Tile_WarpIdOp : Tile_Op<"warp_id", [Pure]> {
  let summary = "Index of this warp in the CTA, uniform across the warp";
  let description = [{
    `thread_id / 32`, computed so that the compiler knows it is warp-uniform.

    ```mlir
    %w = tile.warp_id
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def Tile_ElectOp : Tile_Op<"elect"> {
  let summary = "Elects one leader thread of a scope";
  let description = [{
    True in exactly one thread of each `scope` (warp, warpgroup or CTA): the
    thread that issues asynchronous copies, barrier transactions and
    tensor-core instructions on behalf of the others. Lowered to `elect.sync`
    in the scope's first warp. All threads of the scope must execute it.

    ```mlir
    %leader = tile.elect warp
    ```
  }];
  let arguments = (ins Tile_Scope:$scope);
  let results = (outs I1:$result);
  let assemblyFormat = "$scope attr-dict";
  let hasVerifier = 1;
}

def Tile_FenceAsyncSharedOp : Tile_Op<"fence_async_shared"> {
  let summary = "Orders generic-proxy shared writes before async-proxy reads";
  let description = [{
    `fence.proxy.async.shared::cta`: shared memory written with ordinary
    stores and then read by TMA stores, wgmma or tcgen05 needs this fence in
    each writing thread (followed by a CTA or warpgroup barrier).

    ```mlir
    tile.fence_async_shared
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def Tile_BarrierOp : Tile_Op<"barrier"> {
  let summary = "Execution and memory barrier of the CTA or of a warpgroup";
  let description = [{
    Every thread of the scope waits here; its shared-memory writes before
    the barrier are visible to the scope's threads after it.

    - `cta` (the default, printed as plain `tile.barrier`): `bar.sync 0`.
      In a region of a `tile.warp_specialize`, the region's warps only (a
      named barrier per region).
    - `warpgroup`: the four warps of the executing thread's warpgroup only
      (`bar.sync 8 + warp_id / 4, 128`), so that two warpgroups running the
      same code out of phase (ping-pong consumers) never wait for each
      other. The kernel's warps, and those of a warp-specialized region
      that uses it, must come in whole warpgroups.

    ```mlir
    tile.barrier
    tile.barrier warpgroup
    ```
  }];
  let arguments = (ins
    DefaultValuedAttr<Tile_Scope, "::mlir::tile::Scope::CTA">:$scope);
  let assemblyFormat = "($scope^)? attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The first named barrier of the warpgroup barriers: warpgroup w of
    /// the CTA uses kWarpgroupBarrierBase + w (IDs below are the CTA's, 0,
    /// and the warp-specialized regions', 1 and up).
    static constexpr int kWarpgroupBarrierBase = 8;
    bool isCTAWide() { return getScope() == ::mlir::tile::Scope::CTA; }
  }];
}

def Tile_GridDependencyWaitOp : Tile_Op<"grid_dependency_wait"> {
  let summary = "Waits for the grids this one depends on to complete";
  let description = [{
    `griddepcontrol.wait`: the executing thread waits until every grid that
    the launch of this one depends on (the previous work in its stream) has
    completed and its memory operations are visible. A kernel launched
    normally already starts after them, and the wait returns at once; a
    kernel launched as a programmatic dependent launch
    (`tile.dependent_launch`, see `tile-dependent-launch`) may start early
    and must wait here before it touches global memory that earlier work
    writes. Lowered with a memory clobber, so that no memory access moves
    above it.

    ```mlir
    tile.grid_dependency_wait
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def Tile_LaunchDependentsOp : Tile_Op<"launch_dependents"> {
  let summary = "Lets the grids that depend on this one launch";
  let description = [{
    `griddepcontrol.launch_dependents`: once every CTA of this grid has
    executed it (or exited), a grid launched after it in the same stream as
    a programmatic dependent launch may be scheduled, while this one still
    runs; that grid's `tile.grid_dependency_wait` still waits for this one to
    complete. Only the schedule changes, never what the dependent grid
    reads. Without it, dependents launch when this grid has exited.

    ```mlir
    tile.launch_dependents
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def Tile_ClusterRankOp : Tile_Op<"cluster_rank", [Pure]> {
  let summary = "Index of this CTA in its thread-block cluster";
  let description = [{
    `%cluster_ctarank`: 0 to (CTAs per cluster - 1), x fastest. A kernel
    declares its cluster shape with upstream's `known_cluster_size` on the
    `gpu.func` (`.reqnctapercluster`); a kernel launched without clusters is
    a cluster of one, where the rank is 0. Needs a chip with clusters
    (sm_90a and later).

    ```mlir
    %rank = tile.cluster_rank
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def Tile_ClusterBarrierOp : Tile_Op<"cluster_barrier"> {
  let summary = "Cluster-wide execution and memory barrier";
  let description = [{
    `barrier.cluster.arrive` then `barrier.cluster.wait` (release and
    acquire at cluster scope): every thread of every CTA of the cluster
    that has not exited waits here, and its shared-memory writes before it
    (mbarrier initializations included) are visible to the cluster after
    it. Kernels whose CTAs arrive on each other's mbarriers or multicast
    copies into each other's shared memory need one after initializing
    their barriers (before any peer touches them) and one before exiting
    (so that no CTA leaves while a peer may still reach its shared memory).
    Not warp-aligned: threads of a warp may reach it at different points.

    ```mlir
    tile.cluster_barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def Tile_WarpSpecializeOp : Tile_Op<"warp_specialize",
    [RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "Runs partitions of the kernel on disjoint groups of warps";
  let description = [{
    The warps of the kernel (`tile.num_warps`) run the `default` region;
    each `partitionN` region runs concurrently on its own `num_warps` extra
    warps. Partition regions are isolated from above: values they need are
    passed as explicit captures (the operands) and arrive as block
    arguments. Only constants may be used from above (any warp can
    rematerialize them, and canonicalization hoists them). `num_regs` sets a partition's register budget through
    `setmaxnreg` (a multiple of 8 in [24, 256]); `default_num_regs` sets the
    default partition's. As Gluon's `worker_num_regs`, partition budgets
    are requests: without `default_num_regs` the default partition gets
    what the CTA's registers leave (up to 256), and partitions that leave
    their last warpgroup incomplete get idle warps that complete it
    (setmaxnreg acts on whole warpgroups): the kernel then runs that many
    more threads, and the lowering warns that its launches must give them.
    The default region yields the op's results.

    ```mlir
    tile.warp_specialize(%a, %bars) default {
      ... // epilogue
      tile.warp_yield
    }
    partition0(%a0: !tile.smem<...>, %b0: !mbarrier.group<3>) num_warps(1) num_regs(24) {
      ... // TMA producer
      tile.warp_return
    } : (!tile.smem<...>, !mbarrier.group<3>) -> ()
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$explicitCaptures,
                       DenseI32ArrayAttr:$partitionNumWarps,
                       OptionalAttr<DenseI32ArrayAttr>:$partitionNumRegs,
                       OptionalAttr<I32Attr>:$defaultNumRegs);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$defaultRegion,
                        VariadicRegion<SizedRegion<1>>:$partitionRegions);
  let extraClassDeclaration = [{
    /// The CTA's first warp of partition `index` (from 0) in a kernel of
    /// `kernelWarps` warps: the partitions' warps follow the kernel's, in
    /// order.
    int64_t getPartitionFirstWarp(unsigned index, int64_t kernelWarps);
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Tile_WarpYieldOp : Tile_Op<"warp_yield",
    [Pure, Terminator, ReturnLike, HasParent<"WarpSpecializeOp">]> {
  let summary = "Terminates the default region of tile.warp_specialize";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
}

def Tile_WarpReturnOp : Tile_Op<"warp_return",
    [Pure, Terminator, ReturnLike, HasParent<"WarpSpecializeOp">]> {
  let summary = "Terminates a partition region of tile.warp_specialize";
  let assemblyFormat = "attr-dict";
}

#endif // TILEMLIR_TILE_OPS
