//===- TMAOps.td - The Tensor Memory Accelerator -----------*- tablegen -*-===//

#ifndef TILEMLIR_TMA_OPS
#define TILEMLIR_TMA_OPS

include "TMA/TMADialect.td"
include "TMA/TMATypes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Types, attributes and resources of the tile and mbarrier dialects are
// named through C++ predicates rather than by including their .td files:
// including them would make this dialect's enum and op generators emit
// theirs a second time.

def TMA_SharedBuffer : Type<
    CPred<"::llvm::isa<::mlir::tile::SharedMemoryType>($_self)">,
    "shared memory buffer (!tile.smem)", "::mlir::tile::SharedMemoryType">;
def TMA_GlobalPointer : Type<
    CPred<"::llvm::isa<::mlir::tile::PointerType>($_self)">,
    "global memory pointer (!tile.ptr)", "::mlir::tile::PointerType">;
def TMA_Barrier : Type<
    CPred<"::llvm::isa<::mlir::mbarrier::BarrierType>($_self)">,
    "mbarrier (!mbarrier.barrier)", "::mlir::mbarrier::BarrierType">,
  BuildableType<"::mlir::mbarrier::BarrierType::get($_builder.getContext())">;

/// tile.Scope (thread, warp, warpgroup, cta): the threads on whose behalf
/// one elected thread issues a copy.
def TMA_ScopeAttr : Attr<
    CPred<"::llvm::isa<::mlir::tile::ScopeAttr>($_self)">,
    "scope (thread, warp, warpgroup or cta)"> {
  let storageType = "::mlir::tile::ScopeAttr";
  let returnType = "::mlir::tile::Scope";
  let convertFromStorage = "$_self.getValue()";
  let constBuilderCall = "::mlir::tile::ScopeAttr::get($_builder.getContext(), $0)";
}
def TMA_DefaultCTAScope
    : DefaultValuedAttr<TMA_ScopeAttr, "::mlir::tile::Scope::CTA">;

def TMA_SharedMemory : Resource<"::mlir::tile::SharedMemoryResource">;
def TMA_GlobalMemory : Resource<"::mlir::tile::GlobalMemoryResource">;
def TMA_BarrierMemory : Resource<"::mlir::mbarrier::BarrierResource">;
/// The descriptor cache that tma.prefetch_descriptor fills: a resource of
/// its own keeps prefetches alive without ordering them against memory.
def TMA_DescriptorCache : Resource<"::mlir::tma::DescriptorCacheResource">;

//===----------------------------------------------------------------------===//
// Host
//===----------------------------------------------------------------------===//

def TMA_MakeDescriptorOp : TMA_Op<"make_descriptor", [NoMemoryEffect]> {
  let summary = "Builds a TMA tensor map from a global memref (host)";
  let description = [{
    Host code: encodes a `!tma.descriptor` for the global tensor `%mem`
    (lowered to `cuTensorMapEncodeTiled`). The global sizes come from the
    memref's shape and the strides from its layout: static or dynamic
    sizes, and `strided<[...]>` layouts, which is how padded row strides are
    written. The descriptor is then passed to a kernel as an argument (by
    value, 64-byte aligned, `grid_constant`).

    The memref has the box's rank and element type (an FP4 descriptor also
    accepts an `i8` memref holding two values a byte; its innermost size
    then counts bytes). Static strides are checked here: the innermost
    dimension is contiguous (stride 1), every other stride is a multiple of
    16 bytes (32 for unpacked FP4 and `i32b` interleave) and below 2^40
    bytes, sizes are in [1, 2^32], and a static offset keeps the base 16-byte
    (32-byte) aligned. Dynamic values are checked by the runtime, which
    reports the rule that failed.

    `written` says that a kernel writes through the map (`tma.async_store`,
    `tma.async_reduce`); `tile-mark-written-descriptors` sets it from the
    kernels the descriptor is passed to. TMA stores write whole 16-byte
    units, so a store whose box reaches the end of a row that ends inside a
    unit also writes the rest of that unit, past the tensor (measured on the
    H200; Triton's descriptor stores do the same). A written map therefore
    needs rows of a whole number of 16-byte units: checked here for a static
    innermost size, by the runtime for a dynamic one.

    The op is only valid in host code: a descriptor cannot be created in a
    kernel.

    ```mlir
    %d = tma.make_descriptor %a : memref<1024x1024xf16> -> !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    %p = tma.make_descriptor %b : memref<?x100xf32, strided<[128, 1]>> -> !tma.descriptor<tensor<64x32xf32>>
    %o = tma.make_descriptor %c written : memref<?x?xf16> -> !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    ```
  }];
  let arguments = (ins AnyNon0RankedMemRef:$source, UnitAttr:$written);
  let results = (outs TMA_DescriptorType:$result);
  let assemblyFormat = [{
    $source (`written` $written^)? attr-dict `:` type($source) `->`
    qualified(type($result))
  }];
  let extraClassDeclaration = [{
    /// The rule of written maps (whole 16-byte rows) on a static innermost
    /// size; success when the size is dynamic or the map is not written.
    /// The error has a note at `writer` when one is given.
    ::mlir::LogicalResult verifyWrittenRows(::mlir::Operation *writer = nullptr);
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Device-side tensor maps (sm_90a)
//===----------------------------------------------------------------------===//

def TMA_CreateDescriptorOp : TMA_Op<"create_descriptor",
    [MemoryEffects<[MemWrite<TMA_GlobalMemory>]>]> {
  let summary = "Writes a tensor map for a global memref in device code";
  let description = [{
    Device code (sm_90a): writes a `!tma.descriptor` for the global tensor
    `%source` (its base address, sizes and strides as the kernel holds
    them: a memref bound inside the kernel, a view of an argument) into the
    128 bytes of global memory at `%storage[%offset]` (a byte offset; the
    address must be 128-byte aligned), and returns it. The box, swizzle,
    interleave, OOB fill and FP4 mode come from the result type, as for
    `tma.make_descriptor`; L2 promotion cannot be set from the device
    (`tensormap.replace` has no such field) and is refused.

    Only the threads where `%pred` holds (every thread without it) write
    the map: zeroed, then each field set by `tensormap.replace`, then
    `fence.proxy.tensormap::generic.release.gpu`. Every thread gets the
    descriptor. Before a copy uses it, the writer's release must be seen
    (a barrier the writer and the copy's issuer both pass) and the issuer
    must run `tma.acquire_descriptor`. `tile-lower-copies` creates these
    for `tile.copy`s of memrefs bound inside the kernel.

    The static rules of `tma.make_descriptor` are checked here (ranks,
    element types, contiguous innermost dimension, 16-byte strides and
    offset, sizes); dynamic sizes and strides are not checked on the
    device: a map that breaks a rule faults where a copy uses it.

    ```mlir
    %d = tma.create_descriptor %ws[%slot], %view if %leader : !tile.ptr<i8>, memref<?x?xf16, strided<[?, 1], offset: ?>> -> !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
    ```
  }];
  let arguments = (ins TMA_GlobalPointer:$storage, Index:$offset,
                       AnyNon0RankedMemRef:$source, Optional<I1>:$pred);
  let results = (outs TMA_DescriptorType:$result);
  let assemblyFormat = [{
    $storage `[` $offset `]` `,` $source (`if` $pred^)? attr-dict `:`
    qualified(type($storage)) `,` type($source) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TMA_AcquireDescriptorOp : TMA_Op<"acquire_descriptor",
    [MemoryEffects<[MemRead<TMA_GlobalMemory>,
                    MemWrite<TMA_DescriptorCache>]>]> {
  let summary = "Makes a tensor map written on the device visible to TMA";
  let description = [{
    `fence.proxy.tensormap::generic.acquire.gpu`: after the release of the
    thread that wrote `%desc` (`tma.create_descriptor`) is visible to this
    thread, TMA copies this thread issues through `%desc` read the new map
    (the descriptor cache may hold an old one for that address).

    ```mlir
    tma.acquire_descriptor %d : !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
    ```
  }];
  let arguments = (ins TMA_DescriptorType:$desc);
  let assemblyFormat = "$desc attr-dict `:` qualified(type($desc))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tensor copies
//===----------------------------------------------------------------------===//

def TMA_AsyncLoadOp : TMA_Op<"async_load",
    [MemoryEffects<[MemRead<TMA_GlobalMemory>, MemWrite<TMA_SharedMemory>,
                    MemRead<TMA_BarrierMemory>, MemWrite<TMA_BarrierMemory>]>,
     AttrSizedOperandSegments]> {
  let summary = "Copies one box from global to shared memory (TMA load)";
  let description = [{
    `cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier::complete_tx::bytes`:
    copies the box of the descriptor whose first element is at coordinates
    `[%c0, %c1, ...]` (i32, one per box dimension, outermost first; they
    may be negative or past the end: out-of-bounds elements are filled)
    into `%dst`, and counts the box's bytes down on `%bar`. The issuing
    thread does not wait: consumers wait on the barrier, whose phase must
    have been armed with `mbarrier.arrive_expect_tx` for the box bytes.

    With `multicast %mask` (i16) the box is written to the same offset in
    the shared memory of every CTA of the cluster whose bit is set, and
    each of their barriers is signalled. When the descriptor splits the box
    among N CTAs (`multicast = N`), the mask names N CTAs (CTA ranks, bit
    r for `tile.cluster_rank` r), each of which executes this load with the
    same coordinates and its own barrier: each issues only its piece (rows
    p * rows / N onwards, p its position among the mask's CTAs) to all N,
    so every one of them receives the whole box and counts the whole box's
    bytes down on its barrier, exactly as if it had loaded the box alone.
    A constant mask must then have N bits, within the kernel's cluster
    (`known_cluster_size` on the gpu.func) when it declares one.

    `scope` (default `cta`) says on whose behalf the copy is issued: one
    elected thread of the CTA, warp or warpgroup executes it; `thread`
    means the op is already in single-thread code.

    The destination is mutable, has the box's element type, and either the
    box's shape or at least the box's bytes with the same innermost
    dimension. Its layout matches the descriptor: an NVMMA layout with the
    descriptor's swizzle (not transposed), or a plain row-major buffer when
    the descriptor does not swizzle. Unpacked FP4 needs an `fp4_padded`
    NVMMA buffer, packed FP4 one that is not.

    The box must start 16-byte aligned in global memory, as for
    `tma.async_store` (measured on the H200: an unaligned load faults with
    CUDA_ERROR_ILLEGAL_INSTRUCTION wherever the box lies). A constant
    coordinate that breaks the rule is rejected by the lowering; one it
    cannot prove aligned is checked where the load is issued (print and
    trap); `{tma.unchecked_alignment}` drops the check.

    ```mlir
    tma.async_load %desc[%m, %k], %buf, %bar : !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, !tile.smem<128x64xf16, #nvmma, mutable>
    tma.async_load %desc[%m, %k], %buf, %bar multicast %mask scope = warp : !tma.descriptor<tensor<128x64xf16>, swizzle = 128>, !tile.smem<128x64xf16, #nvmma, mutable>
    ```
  }];
  let arguments = (ins TMA_DescriptorType:$desc,
                       Variadic<I32>:$coords,
                       TMA_SharedBuffer:$dst,
                       TMA_Barrier:$barrier,
                       Optional<I16>:$multicastMask,
                       TMA_DefaultCTAScope:$scope);
  let assemblyFormat = [{
    $desc `[` $coords `]` `,` $dst `,` $barrier
    (`multicast` $multicastMask^)? (`scope` `=` custom<Scope>($scope)^)? attr-dict `:`
    qualified(type($desc)) `,` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TMA_AsyncStoreOp : TMA_Op<"async_store",
    [MemoryEffects<[MemRead<TMA_SharedMemory>, MemWrite<TMA_GlobalMemory>]>]> {
  let summary = "Copies one box from shared to global memory (TMA store)";
  let description = [{
    `cp.async.bulk.tensor.Nd.global.shared::cta.bulk_group`: writes `%src`
    to the box of the descriptor at coordinates `[%c0, ...]`; elements
    outside the tensor are not written. The store joins the issuing
    thread's current bulk group: `tma.store_commit` closes the group and
    `tma.store_wait` waits for it. Shared memory written by ordinary stores
    must be made visible with `tile.fence_async_shared` first.

    The source has the box's element type and shape (or at least its bytes
    with the same innermost dimension) and the descriptor's swizzle. Only
    packed FP4 can be stored.

    The box must start 16-byte aligned in global memory: the innermost
    coordinate times the element size is a multiple of 16 bytes (a multiple
    of 8 for f16, 4 for f32), wherever the box lies, inside the tensor,
    over its edge or outside it; the hardware faults
    (CUDA_ERROR_ILLEGAL_INSTRUCTION) otherwise. A constant coordinate that
    breaks the rule is rejected by the lowering; one it cannot prove aligned
    is checked where the store is issued: the issuing thread prints the
    rule, the coordinate, the kernel, the op's location and the block, and
    traps. Every coordinate must also be at least 0: on the H200 every
    store with a negative coordinate faulted, aligned or not (loads may
    start before the tensor and read zeros); constants are rejected, other
    coordinates not provably non-negative are checked the same way.
    `{tma.unchecked_alignment}` drops both checks, and the store does not
    make its tensor map `written` (see `tma.make_descriptor`) (hardware
    probes: integration_test/TMA/edge-cases.mlir).

    ```mlir
    tma.async_store %buf, %desc[%m, %n] : !tile.smem<128x64xf16, #nvmma>, !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    ```
  }];
  let arguments = (ins TMA_SharedBuffer:$src,
                       TMA_DescriptorType:$desc,
                       Variadic<I32>:$coords,
                       TMA_DefaultCTAScope:$scope);
  let assemblyFormat = [{
    $src `,` $desc `[` $coords `]` (`scope` `=` custom<Scope>($scope)^)? attr-dict `:`
    qualified(type($src)) `,` qualified(type($desc))
  }];
  let hasVerifier = 1;
}

def TMA_AsyncReduceOp : TMA_Op<"async_reduce",
    [MemoryEffects<[MemRead<TMA_SharedMemory>, MemRead<TMA_GlobalMemory>,
                    MemWrite<TMA_GlobalMemory>]>]> {
  let summary = "Reduces one box from shared memory into global memory";
  let description = [{
    `cp.reduce.async.bulk.tensor.Nd.global.shared::cta.<kind>.tile.bulk_group`:
    combines `%src` element-wise into the box of global memory at the
    coordinates, atomically per element. Completes through bulk groups like
    `tma.async_store`, and its box must start 16-byte aligned like a
    store's (checked the same way). `add` supports i32, i64, f16, bf16 and
    f32 boxes; `min` and `max` i32, i64, f16 and bf16.

    ```mlir
    tma.async_reduce add %buf, %desc[%m, %n] : !tile.smem<64x64xf32>, !tma.descriptor<tensor<64x64xf32>>
    ```
  }];
  let arguments = (ins TMA_ReduceKind:$kind,
                       TMA_SharedBuffer:$src,
                       TMA_DescriptorType:$desc,
                       Variadic<I32>:$coords,
                       TMA_DefaultCTAScope:$scope);
  let assemblyFormat = [{
    $kind $src `,` $desc `[` $coords `]` (`scope` `=` custom<Scope>($scope)^)? attr-dict `:`
    qualified(type($src)) `,` qualified(type($desc))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Bulk groups
//===----------------------------------------------------------------------===//

def TMA_StoreCommitOp : TMA_Op<"store_commit",
    [MemoryEffects<[MemRead<TMA_SharedMemory>, MemWrite<TMA_GlobalMemory>]>]> {
  let summary = "Closes the current bulk group of TMA stores";
  let description = [{
    `cp.async.bulk.commit_group`: groups the asynchronous stores,
    reductions and bulk stores the thread issued since the last commit, so
    that `tma.store_wait` can wait for them. Bulk groups are per thread:
    the lowering commits in the same elected thread that issued the stores.

    ```mlir
    tma.store_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TMA_StoreWaitOp : TMA_Op<"store_wait",
    [MemoryEffects<[MemRead<TMA_SharedMemory>, MemWrite<TMA_SharedMemory>,
                    MemRead<TMA_GlobalMemory>, MemWrite<TMA_GlobalMemory>]>]> {
  let summary = "Waits until at most `pending` bulk groups are in flight";
  let description = [{
    `cp.async.bulk.wait_group N`: blocks until at most `pending` of the
    thread's committed bulk groups are incomplete. With `read_only`
    (`cp.async.bulk.wait_group.read N`) it only waits until their shared
    sources have been read, so the buffers can be reused while the global
    writes are still in flight. `pending` is at least 0.

    ```mlir
    tma.store_wait pending = 0
    tma.store_wait pending = 1 read_only
    ```
  }];
  let arguments = (ins I32Attr:$pending, UnitAttr:$readOnly);
  let assemblyFormat = [{
    `pending` `=` $pending (`read_only` $readOnly^)? attr-dict
  }];
  let hasVerifier = 1;
}

def TMA_PrefetchDescriptorOp : TMA_Op<"prefetch_descriptor",
    [MemoryEffects<[MemRead<TMA_GlobalMemory>,
                    MemWrite<TMA_DescriptorCache>]>]> {
  let summary = "Prefetches a tensor map into the descriptor cache";
  let description = [{
    `prefetch.tensormap`: a hint that hides the latency of the first TMA
    copy through `%desc`.

    ```mlir
    tma.prefetch_descriptor %desc : !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    ```
  }];
  let arguments = (ins TMA_DescriptorType:$desc);
  let assemblyFormat = "$desc attr-dict `:` qualified(type($desc))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// 1-D bulk copies
//===----------------------------------------------------------------------===//

def TMA_BulkLoadOp : TMA_Op<"bulk_load",
    [MemoryEffects<[MemRead<TMA_GlobalMemory>, MemWrite<TMA_SharedMemory>,
                    MemRead<TMA_BarrierMemory>, MemWrite<TMA_BarrierMemory>]>]> {
  let summary = "Copies contiguous global memory into a whole shared buffer";
  let description = [{
    `cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes`:
    copies the bytes of `%dst` from `%src + %offset` (an i32 or i64 offset
    in elements) with no descriptor, and counts them down on `%bar`.

    Bulk copies move a multiple of 16 bytes, fewer than 2^20, between
    16-byte aligned addresses, byte for byte: the buffer has the pointee
    element type and no swizzled layout. A constant offset must keep the
    global address 16-byte aligned.

    ```mlir
    tma.bulk_load %src[%off], %buf, %bar : !tile.ptr<f32>, i64, !tile.smem<256xf32, mutable>
    ```
  }];
  let arguments = (ins TMA_GlobalPointer:$src,
                       AnyTypeOf<[I32, I64]>:$offset,
                       TMA_SharedBuffer:$dst,
                       TMA_Barrier:$barrier,
                       TMA_DefaultCTAScope:$scope);
  let assemblyFormat = [{
    $src `[` $offset `]` `,` $dst `,` $barrier (`scope` `=` custom<Scope>($scope)^)?
    attr-dict `:` qualified(type($src)) `,` type($offset) `,`
    qualified(type($dst))
  }];
  let extraClassDeclaration = [{
    /// Bytes the copy moves (and counts down on the barrier).
    int64_t getNumBytes() { return getDst().getType().getSizeInBytes(); }
  }];
  let hasVerifier = 1;
}

def TMA_BulkStoreOp : TMA_Op<"bulk_store",
    [MemoryEffects<[MemRead<TMA_SharedMemory>, MemWrite<TMA_GlobalMemory>]>]> {
  let summary = "Copies a whole shared buffer into contiguous global memory";
  let description = [{
    `cp.async.bulk.global.shared::cta.bulk_group`: writes the bytes of
    `%src` to `%dst + %offset` (elements). Completes through bulk groups
    like `tma.async_store`; same 16-byte rules as `tma.bulk_load`.

    ```mlir
    tma.bulk_store %buf, %dst[%off] : !tile.smem<256xf32>, !tile.ptr<f32>, i32
    ```
  }];
  let arguments = (ins TMA_SharedBuffer:$src,
                       TMA_GlobalPointer:$dst,
                       AnyTypeOf<[I32, I64]>:$offset,
                       TMA_DefaultCTAScope:$scope);
  let assemblyFormat = [{
    $src `,` $dst `[` $offset `]` (`scope` `=` custom<Scope>($scope)^)? attr-dict `:`
    qualified(type($src)) `,` qualified(type($dst)) `,` type($offset)
  }];
  let extraClassDeclaration = [{
    /// Bytes the copy moves.
    int64_t getNumBytes() { return getSrc().getType().getSizeInBytes(); }
  }];
  let hasVerifier = 1;
}

#endif // TILEMLIR_TMA_OPS
