//===- TMemOps.td - Operations of the tmem dialect ---------*- tablegen -*-===//

#ifndef TILEMLIR_TMEM_OPS
#define TILEMLIR_TMEM_OPS

include "TMem/TMemDialect.td"
include "TMem/TMemAttrs.td"
include "TMem/TMemTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Resources and types of other dialects
//===----------------------------------------------------------------------===//

/// Tensor memory of the SM. Every operation that reads or writes it declares
/// it, so asynchronous tcgen05 operations (which have no results) are
/// neither removed as dead nor reordered across each other.
def TMem_TensorMemory : Resource<"::mlir::tmem::TensorMemoryResource">;
def TMem_SharedMemory : Resource<"::mlir::tile::SharedMemoryResource">;
def TMem_BarrierMemory : Resource<"::mlir::mbarrier::BarrierResource">;

// The tile and mbarrier types are named through C++ predicates rather than by
// including their .td files: those files also define enums and attributes
// that the tmem generators would emit a second time.
def TMem_SharedBuffer : Type<
    CPred<"::llvm::isa<::mlir::tile::SharedMemoryType>($_self)">,
    "shared-memory buffer (!tile.smem)", "::mlir::tile::SharedMemoryType">;
def TMem_Barrier : Type<
    CPred<"::llvm::isa<::mlir::mbarrier::BarrierType>($_self)">,
    "barrier (!mbarrier.barrier)", "::mlir::mbarrier::BarrierType">,
    BuildableType<"::mlir::mbarrier::BarrierType::get($_builder.getContext())">;
def TMem_RegisterTile : RankedTensorOf<[AnyType]>;
def TMem_Operand : AnyTypeOf<[TMem_SharedBuffer, TMem_BufferType]>;

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

def TMem_AllocOp : TMem_Op<"alloc",
    [MemoryEffects<[MemAlloc<TMem_TensorMemory>,
                    MemWrite<TMem_TensorMemory>]>]> {
  let summary = "Allocates a buffer in tensor memory (tcgen05.alloc)";
  let description = [{
    Reserves `getAllocColumns()` columns of tensor memory: the buffer's
    column count rounded up to a power of two, at least 32 (at most 512, the
    SM's tensor memory). An optional register tile of the buffer's shape
    and element type initializes it (`tcgen05.st`). Only in device code; the
    tensor-memory allocation pass assigns column offsets, and the kernel
    must `tmem.dealloc` before it exits.

    ```mlir
    %acc = tmem.alloc : !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    %c = tmem.alloc(%v : tensor<128x64xf32, #blocked>) : !tmem.buffer<128x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>
    ```
  }];
  let arguments = (ins Optional<TMem_RegisterTile>:$init);
  let results = (outs TMem_BufferType:$result);
  let assemblyFormat = [{
    (`(` $init^ `:` type($init) `)`)? attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Columns tcgen05.alloc reserves.
    int64_t getAllocColumns() {
      return getResult().getType().getAllocColumns();
    }
  }];
}

def TMem_DeallocOp : TMem_Op<"dealloc",
    [MemoryEffects<[MemFree<TMem_TensorMemory>]>]> {
  let summary = "Frees a tensor-memory buffer (tcgen05.dealloc)";
  let description = [{
    Returns the columns of a buffer that `tmem.alloc` returned (not a view
    made by `tmem.index` or `tmem.subslice`). All asynchronous operations on
    it must have completed.

    ```mlir
    tmem.dealloc %acc : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    ```
  }];
  let arguments = (ins TMem_BufferType:$buffer);
  let assemblyFormat = "$buffer attr-dict `:` qualified(type($buffer))";
  let hasVerifier = 1;
}

def TMem_RelinquishOp : TMem_Op<"relinquish",
    [MemoryEffects<[MemWrite<TMem_TensorMemory>]>]> {
  let summary =
      "Gives up the right to allocate (tcgen05.relinquish_alloc_permit)";
  let description = [{
    After this the CTA makes no further `tmem.alloc`, so other CTAs waiting
    for tensor memory on the SM may proceed.

    ```mlir
    tmem.relinquish
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

def TMem_IndexOp : TMem_Op<"index", [Pure]> {
  let summary = "Selects one stage of a multi-buffered tensor-memory buffer";
  let description = [{
    Drops the leading stage dimension: stage `%i` of a `2x128x128` ring is a
    `128x128` buffer. A constant index must be in range; a dynamic one is
    the caller's responsibility.

    ```mlir
    %a = tmem.index %ring[%i] : !tmem.buffer<2x128x128xf32, #acc> -> !tmem.buffer<128x128xf32, #acc>
    ```
  }];
  let arguments = (ins TMem_BufferType:$src, Index:$index);
  let results = (outs TMem_BufferType:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TMem_SubsliceOp : TMem_Op<"subslice", [Pure]> {
  let summary = "A window of columns (along N) of a tensor-memory buffer";
  let description = [{
    The columns `[column, column + N')` of a 2-D buffer, where `N'` is the
    result's N; M, element type, `blockM` and `col_stride` are kept. The
    window must start on a 32-bit column. When the buffer has several
    blocks along M, the blocks are interleaved along the columns, so the
    window must then keep `blockN` and start on a block boundary; a buffer
    with a single block along M may be cut anywhere (and the result may
    pick any `blockN` its N allows). Either layout may be left out:
    tile-legalize-layouts chooses it from the other side, or both from the
    buffer's users.

    ```mlir
    %half = tmem.subslice %acc, column = 64 : !tmem.buffer<128x128xf32, #acc> -> !tmem.buffer<128x64xf32, #acc64>
    ```
  }];
  let arguments = (ins TMem_BufferType:$src, I64Attr:$column);
  let results = (outs TMem_BufferType:$result);
  let assemblyFormat = [{
    $src `,` `column` `=` $column attr-dict `:` qualified(type($src)) `->`
    qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Register <-> tensor memory
//===----------------------------------------------------------------------===//

def TMem_LoadOp : TMem_Op<"load",
    [MemoryEffects<[MemRead<TMem_TensorMemory>]>]> {
  let summary = "Reads tensor memory into a register tile (tcgen05.ld)";
  let description = [{
    The result has the buffer's shape and element type, in a distributed
    layout. The lowering uses `tcgen05.ld` of shape 32x32b: warp `w` reads
    lanes `32 * (w % 4)` to `+ 31`, one row per thread, so the layout must
    give thread `l` of warp `w` row `32 * (w % 4) + l` (more warps split the
    columns), e.g. `#tile.blocked<sizePerThread = [1, N], threadsPerWarp =
    [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>`;
    `tile-test-print-layouts` shows the plan. The loads are followed by
    `tcgen05.wait::ld` before the values are used. blockM = 64 buffers
    (16x32bx2) are not supported yet.

    ```mlir
    %v = tmem.load %acc : !tmem.buffer<128x128xf32, #acc> -> tensor<128x128xf32, #blocked>
    ```
  }];
  let arguments = (ins TMem_BufferType:$src);
  let results = (outs TMem_RegisterTile:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TMem_StoreOp : TMem_Op<"store",
    [MemoryEffects<[MemWrite<TMem_TensorMemory>]>]> {
  let summary = "Writes a register tile into tensor memory (tcgen05.st)";
  let description = [{
    The value has the buffer's shape and element type. Before a tcgen05 MMA
    reads what was stored, the threads need `tmem.wait store` and a
    `tmem.fence before` / thread barrier / `tmem.fence after` sequence.

    ```mlir
    tmem.store %v, %acc : tensor<128x128xf32, #blocked>, !tmem.buffer<128x128xf32, #acc>
    ```
  }];
  let arguments = (ins TMem_RegisterTile:$value, TMem_BufferType:$dst);
  let assemblyFormat = [{
    $value `,` $dst attr-dict `:` type($value) `,` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Asynchronous tensor-core operations
//===----------------------------------------------------------------------===//

def TMem_CopyOp : TMem_Op<"copy",
    [MemoryEffects<[MemRead<TMem_SharedMemory>,
                    MemWrite<TMem_TensorMemory>]>]> {
  let summary =
      "Asynchronously copies shared into tensor memory (tcgen05.cp)";
  let description = [{
    Enqueued on the tensor-core pipe, in order with `tmem.mma`: an MMA issued
    after a copy sees the copied data; completion is tracked with
    `tmem.commit`. The source is read through the async proxy, so shared
    memory written with ordinary stores needs `tile.fence_async_shared`
    first.

    Into a `#tmem.layout` buffer (the rules of Gluon's `tcgen05_copy`):
    - both operands are 2-D (index a stage first), of equal shape and
      element type;
    - the source has an NVMMA shared layout that is swizzled (32, 64 or 128
      bytes) and not transposed;
    - elements are 32-bit;
    - the destination's `blockM` is 128 and M is 128 or 256;
    - with M = 256, `swizzle / blockN` (bytes / elements) must be below 8:
      no `tcgen05.cp` atom exists for the other combinations.

    Into an `R x S` `#tmem.scales` buffer (scale factors for
    `tmem.mma_scaled`), one `tcgen05.cp.32x128b.warpx4` per scale-factor
    atom of 128 rows x 4 factors, so R is a multiple of 128 and S of 4.
    The source holds the atoms themselves, as the descriptor of
    `tcgen05.cp` reads them (32 rows of 16 bytes, unswizzled, core matrices
    of 8 rows 128 bytes apart): a 2-D row-major buffer (no layout, an
    unswizzled non-transposed NVMMA layout, or an unswizzled row-major
    `#tile.swizzled_shared`) of shape `[R * S / 16, 16]` and the
    destination's element type. Atom `c = (r / 128) * (S / 4) + k / 4`
    takes rows `32c` to `32c + 31`, and factor `k` of row `r` is byte
    `4 * ((r / 32) % 4) + k % 4` of row `32c + r % 32`: the layout of
    CUTLASS's and cuDNN's 128x4 scale-factor tiles, whose atoms along K are
    consecutive in global memory (one `tma.bulk_load` or a TMA box of
    `[32 * atoms, 16]` brings them).

    A data source without a layout is accepted for `tile-legalize-layouts`
    to pick one, as for `tile.dot`.

    ```mlir
    tmem.copy %c_smem, %acc : !tile.smem<128x64xf32, #nvmma128>, !tmem.buffer<128x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>
    tmem.copy %sf_smem, %sf : !tile.smem<64x16xf8E8M0FNU>, !tmem.buffer<128x8xf8E8M0FNU, #tmem.scales>
    ```
  }];
  let arguments = (ins TMem_SharedBuffer:$src, TMem_BufferType:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` qualified(type($src)) `,` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TMem_MMAOp : TMem_Op<"mma",
    [MemoryEffects<[MemRead<TMem_SharedMemory>, MemRead<TMem_TensorMemory>,
                    MemWrite<TMem_TensorMemory>]>]> {
  let summary = "Asynchronous matrix multiply-accumulate (tcgen05.mma)";
  let description = [{
    `D = A * B + (use_acc ? D : 0)`, issued by one thread, executed
    asynchronously by the tensor-core pipe; `tmem.commit` tracks completion.
    With the optional predicate the MMA is issued only when it is true.

    - A (M x K) is in shared memory (`!tile.smem`) or tensor memory; B
      (K x N) in shared memory; D (M x N) in tensor memory with a
      `#tmem.layout` whose `blockM` is M. An A in tensor memory is packed
      (`col_stride = 1`) with `blockM` = M. Shared operands are 2-D with an
      NVMMA layout (or none yet, for `tile-legalize-layouts` to choose).
    - M is 64 or 128 (a single CTA; M = 256 is the 2-CTA form,
      `cta_group::2`, not supported yet). N is a multiple of 8 in [8, 256]
      for M = 64 and of 16 in [16, 256] for M = 128. K is a multiple of the
      instruction's K: 16 for f16/bf16, 8 for tf32, 32 for 8-bit types.
    - Element types (A and B, then D): f16 x f16 -> f16 or f32,
      bf16 x bf16 -> f32, f32 (as tf32) -> f32, f8E4M3FN / f8E5M2 (mixed
      freely) -> f16 or f32, i8 x i8 -> i32.

    ```mlir
    tmem.mma %a, %b, %acc, %true : !tile.smem<128x64xf16, #nvmma>, !tile.smem<64x128xf16, #nvmma>, !tmem.buffer<128x128xf32, #acc>
    ```
  }];
  let arguments = (ins TMem_Operand:$a, TMem_SharedBuffer:$b,
                       TMem_BufferType:$d, I1:$useAcc, Optional<I1>:$pred);
  let assemblyFormat = [{
    $a `,` $b `,` $d `,` $useAcc (`,` $pred^)? attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d))
  }];
  let hasVerifier = 1;
}

def TMem_MMAScaledOp : TMem_Op<"mma_scaled",
    [MemoryEffects<[MemRead<TMem_SharedMemory>, MemRead<TMem_TensorMemory>,
                    MemWrite<TMem_TensorMemory>]>]> {
  let summary = "Asynchronous block-scaled MMA (tcgen05.mma.block_scale)";
  let description = [{
    `D = (A * aScale) * (B * bScale) + (use_acc ? D : 0)`, with the scale
    factors in tensor memory (`#tmem.scales` buffers, usually filled by
    `tmem.copy`).

    - A, B and D as for `tmem.mma`, D f32, M = 128 (M = 256 is the 2-CTA
      form, not supported yet), N a multiple of 16 in [16, 256].
    - A and B are f4E2M1FN, f8E4M3FN or f8E5M2. Two packed f4E2M1FN
      operands (two elements a byte) use `kind::mxf4` with UE8M0 factors
      (`scale_vec::2X`) or `kind::mxf4nvf4` with UE4M3 factors
      (`scale_vec::4X`), instruction K = 64; otherwise the MMA is
      `kind::mxf8f6f4` (K = 32), where a 4-bit operand in shared memory
      must be stored one element a byte (`fp4_padded`; two fp4 operands are
      then both padded). 4-bit operands in shared memory must be K-major.
    - Scales: f8E8M0FNU (or i8 holding UE8M0), one factor per 32 elements
      of K (MX formats); or f8E4M3FN (UE4M3), one per 16 elements of K,
      only with two packed f4E2M1FN operands (NVFP4). Both scale buffers
      have the same element type; aScale is `M x K/vec`, bScale is
      `N x K/vec`. (`kind::mxf4nvf4` with UE8M0 factors per 16 elements
      cannot be expressed: UE8M0 factors cover 32 elements.)

    ```mlir
    tmem.mma_scaled %a, %b, %acc, %as, %bs, %true : !tile.smem<128x128xf8E4M3FN, #n8>, !tile.smem<128x128xf8E4M3FN, #n8t>, !tmem.buffer<128x128xf32, #acc>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    ```
  }];
  let arguments = (ins TMem_Operand:$a, TMem_SharedBuffer:$b,
                       TMem_BufferType:$d, TMem_BufferType:$aScale,
                       TMem_BufferType:$bScale, I1:$useAcc,
                       Optional<I1>:$pred);
  let assemblyFormat = [{
    $a `,` $b `,` $d `,` $aScale `,` $bScale `,` $useAcc (`,` $pred^)?
    attr-dict `:` qualified(type($a)) `,` qualified(type($b)) `,`
    qualified(type($d)) `,` qualified(type($aScale)) `,`
    qualified(type($bScale))
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether both operands are packed f4E2M1FN, read by kind::mxf4 /
    /// kind::mxf4nvf4 (instruction K = 64); otherwise the MMA is
    /// kind::mxf8f6f4 (K = 32).
    bool isPackedF4();
    /// Elements of K one scale factor covers: 16 for f8E4M3FN (UE4M3)
    /// factors, 32 for UE8M0.
    int64_t getScaleVectorSize();
  }];
}

def TMem_CommitOp : TMem_Op<"commit",
    [MemoryEffects<[MemRead<TMem_TensorMemory>, MemRead<TMem_SharedMemory>,
                    MemRead<TMem_BarrierMemory>,
                    MemWrite<TMem_BarrierMemory>]>]> {
  let summary =
      "Arrives on a barrier when prior tcgen05 ops complete (tcgen05.commit)";
  let description = [{
    The barrier receives one arrival once every `tmem.copy`, `tmem.mma` and
    `tmem.mma_scaled` this thread issued before has completed. With
    `multicast %mask` (an i16 CTA mask) the arrival goes to the barrier at
    the same offset in each CTA of the cluster named by the mask.

    ```mlir
    tmem.commit %bar
    tmem.commit %bar multicast %mask
    ```
  }];
  let arguments = (ins TMem_Barrier:$barrier, Optional<I16>:$multicastMask);
  let assemblyFormat = [{
    $barrier (`multicast` $multicastMask^)? attr-dict
  }];
}

def TMem_FenceOp : TMem_Op<"fence",
    [MemoryEffects<[MemRead<TMem_TensorMemory>,
                    MemWrite<TMem_TensorMemory>]>]> {
  let summary = "Orders tcgen05 operations around a thread synchronization";
  let description = [{
    `before` (`tcgen05.fence::before_thread_sync`) orders the tcgen05
    operations before it ahead of a following barrier or arrival; `after`
    (`tcgen05.fence::after_thread_sync`) orders those after it behind a
    preceding barrier or wait.

    ```mlir
    tmem.fence before
    tmem.fence after
    ```
  }];
  let arguments = (ins TMem_FenceKind:$kind);
  let assemblyFormat = "$kind attr-dict";
}

def TMem_WaitOp : TMem_Op<"wait",
    [MemoryEffects<[MemRead<TMem_TensorMemory>,
                    MemWrite<TMem_TensorMemory>]>]> {
  let summary = "Waits for outstanding tensor-memory loads or stores";
  let description = [{
    `load` (`tcgen05.wait::ld`) waits for every `tcgen05.ld` of the thread,
    `store` (`tcgen05.wait::st`) for every `tcgen05.st`.

    ```mlir
    tmem.wait load
    tmem.wait store
    ```
  }];
  let arguments = (ins TMem_WaitKind:$kind);
  let assemblyFormat = "$kind attr-dict";
}

#endif // TILEMLIR_TMEM_OPS
