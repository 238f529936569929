//===- Passes.td - TileMLIR transformation passes ----------*- tablegen -*-===//

#ifndef TILEMLIR_TRANSFORMS_PASSES
#define TILEMLIR_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TileLowerCopies : Pass<"tile-lower-copies", "::mlir::ModuleOp"> {
  let summary = "Choose the instruction of each tile.copy and build what it "
                "needs";
  let description = [{
    Rewrites every `tile.copy` into the copy instruction its region allows
    (the rules are `tile.copy`'s): a 1-D bulk copy (`tma.bulk_load` /
    `tma.bulk_store`), a TMA tensor copy (`tma.async_load` /
    `tma.async_store`) or a synchronous copy through registers (`tile.load`
    / `tile.store` with `tile.smem_store` / `tile.smem_load`, laid out by
    `tile-legalize-layouts`). It creates what the instruction needs:
    - descriptors: one `!tma.descriptor` kernel argument per memref argument
      and box (the buffer's shape; the swizzle of its NVMMA layout), and at
      every `gpu.launch_func` of the kernel in the module a
      `tma.make_descriptor` of the memref passed for it;
    - for a memref bound inside the kernel (a view), a tensor map the
      kernel writes where the memref is bound: the leader writes it
      (`tma.create_descriptor`) into this CTA's part of a workspace, a
      barrier publishes it, every thread acquires it
      (`tma.acquire_descriptor`). The workspace is the kernel's new last
      argument (`!tile.ptr<i8>`; its bytes per CTA, 128 per map, in
      `tile.tensor_map_workspace`); every launch allocates it for its grid
      (`gpu.alloc` on the launch's stream, before it) and frees it after;
    - transaction bytes: `mbarrier.expect_tx` of the copy's bytes on the
      given barrier, under a `tile.elect cta` leader;
    - transaction bytes count what TMA moves: the boxes' bytes (FP4 at 4
      bits an element, packed or unpacked into an `fp4_padded` buffer);
    - for TMA copies into shared memory without a barrier, one barrier per
      group of such copies issued back to back (only pure ops between
      them, in one block), allocated and initialized at the kernel's start,
      armed by one `arrive_expect_tx` with the bytes of the group, and one
      wait after its last copy on the phase (tracked per thread). No thread
      may still read the buffers: a CTA barrier goes before the group, or,
      when the group opens a loop body, at the end of the body and once
      before the loop: the form `tile-pipeline` multi-buffers, so a loop
      of barrier-less copies marked `tile.num_stages` is pipelined like
      the hand-written one (T.copy in T.Pipelined);
    - the CTA barriers that make a synchronous copy complete, and the bulk
      group commit and wait of a store.

    A copy that `prefer tma` asks for and neither TMA form allows is an
    error naming each form's rule; so is an `async` store that must be
    synchronous. A `!tile.ptr` carries no sizes: a region of one that is
    not one contiguous run has no descriptor. Not supported yet: a tensor
    map written inside a loop (the memref bound there; copies through the
    previous map may still be in flight), transposed NVMMA destinations, buffers of lower rank than the memref through a
    descriptor. TMA only unpacks FP4 on loads, so a store from an
    `fp4_padded` buffer cannot use a descriptor. A copy inside a
    `tile.warp_specialize` partition is lowered for the partition's warps:
    its leader is a `tile.elect cta` at the partition's start and its
    generated barriers are made there (tile-lower-warp-specialize then
    elects in the partition's first warp and turns its `tile.barrier`s into
    the partition's named barrier), and a descriptor built from a memref
    the partition captured is captured into it. The default pipeline runs
    it first.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::mbarrier::MBarrierDialect",
                           "::mlir::tma::TMADialect"];
}

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

def TileExpandStridedMetadata : Pass<"tile-expand-strided-metadata"> {
  let summary = "Upstream expand-strided-metadata, safe on reshapes of "
                "several dynamic sizes";
  let description = [{
    Rewrites memref view ops (subview, expand_shape, collapse_shape, ...)
    into `memref.reinterpret_cast` of their base buffer and
    `memref.extract_strided_metadata`, as upstream `expand-strided-metadata`
    does, with its patterns. One case is rewritten here first: a
    `memref.expand_shape` that splits one dimension into several dynamic
    sizes (a `[B*H*S, D]` buffer viewed `[B*H, S, D]` for a rank-3 tensor
    map), on which LLVM 22's pattern crashes (also when it is reached
    through a view of the split buffer). Its strides are the products of
    the sizes inside each group, times the stride of the dimension the
    group came from; its offset is the source's.
  }];
  // Upstream's patterns build affine.apply.
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::affine::AffineDialect"];
}

def TileMarkWrittenDescriptors
    : Pass<"tile-mark-written-descriptors", "::mlir::ModuleOp"> {
  let summary = "Mark the host tensor maps that kernels write through";
  let description = [{
    Sets `written` on each host `tma.make_descriptor` whose map a kernel
    writes through: the descriptor is passed by a `gpu.launch_func` to a
    kernel argument that a `tma.async_store` or `tma.async_reduce` uses
    (in the kernel body or in a `tile.warp_specialize` partition). A
    descriptor value used by anything but a launch of a kernel of the module
    counts as written, since what it reaches cannot be seen.

    Written maps must have rows of whole 16-byte units (TMA stores write
    whole units; see `tma.make_descriptor`): a static innermost size that
    breaks the rule is an error here, with a note at the store; a dynamic
    one is checked by the runtime when it builds the map. The default
    pipeline runs this pass while kernels and launches are still side by
    side, after the transformations that create stores.
  }];
  let dependentDialects = ["::mlir::tma::TMADialect"];
}

def TileDependentLaunch
    : Pass<"tile-dependent-launch", "::mlir::ModuleOp"> {
  let summary = "Programmatic dependent launches for kernels marked "
                "tile.dependent_launch";
  let description = [{
    A kernel marked `tile.dependent_launch` may be launched before the
    previous work in its stream has finished (CUDA's programmatic dependent
    launch): its CTAs are scheduled as the previous kernel's CTAs exit, and
    its prologue (shared-memory and barrier setup, descriptor prefetches)
    runs under that kernel's tail instead of after it. For each such
    kernel the pass

    - puts a `tile.grid_dependency_wait` before the first top-level op of
      the kernel that may read or write global memory (an op with a read or
      write effect on anything but shared memory, barriers, tensor memory
      or the descriptor cache, an op with unknown effects, or an op holding
      one; a prefetch of a tensor map passed as a kernel argument does not
      count: the host wrote it). Every thread runs it, so nothing a
      previous kernel writes is read or overwritten before that kernel has
      completed;
    - puts a `tile.launch_dependents` right after it, so that the next
      dependent kernel can be scheduled once every CTA of this one has
      started;
    - marks every `gpu.launch_func` of the kernel in the module with
      `tile.dependent_launch`; the host lowering makes such a launch a
      programmatic dependent launch (the runtime's
      `tileRtNextLaunchDependent`, then `cuLaunchKernelEx` with
      `CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION`). A C header
      (`tile-translate --emit=c-header`) launches it the same way.

    A kernel that places its own `tile.grid_dependency_wait` keeps it (and
    its own `tile.launch_dependents`, or none): the wait must then be at
    the top level of the kernel's body, before every op that may touch
    global memory, or the pass reports the op that comes first. A
    `gpu.launch_func` marked by hand whose kernel is not marked is an error:
    that kernel has no wait. The default pipeline runs the pass after warp
    specialization and pipelining, which create the loads it must see.
  }];
}

def TileAllocateTensorMemory
    : Pass<"tile-allocate-tensor-memory", "::mlir::ModuleOp"> {
  let summary = "Assign tensor-memory columns to the tmem.allocs of kernels";
  let description = [{
    A kernel makes one `tcgen05.alloc` for all its tensor memory; each
    `tmem.alloc` is a column offset into it (`tmem.column_offset`), aligned
    to the power-of-two column count the buffer reserves. A buffer lives
    from its allocation to its top-level `tmem.dealloc` (to the end of the
    kernel without one); buffers whose lifetimes do not overlap share
    columns. The kernel's total, rounded up to a power of two of at least
    32, is recorded as `tmem.tensor_memory_columns`; more than the SM's 512
    columns is an error giving the columns needed and available.

    `tcgen05.alloc` writes the base address to shared memory, so the pass
    puts a 4-byte slot (`tile.alloc_smem` marked `tmem.base_slot` with the
    column count) at the start of the kernel, before
    `tile-allocate-shared-memory` places it, and moves the `tmem.alloc`s
    right after it: the lowering turns the slot into the allocation by warp
    0 and every `tmem.alloc` into the base plus its offset. The kernel's
    last top-level `tmem.dealloc` frees everything (`tmem.release_columns`);
    the pass surrounds it with `tmem.fence before`, `tile.barrier` and
    `tmem.fence after` so that every warp has finished with tensor memory.

    Errors: `tmem.alloc` outside a kernel or nested in a region (not
    supported yet), a kernel that never frees its tensor memory at top
    level, and tensor-memory operations after that release. A warning
    points at `tmem.copy`, `tmem.mma`, `tmem.mma_scaled` and `tmem.commit`
    that are not under an `scf.if` on `tile.elect`: the lowering issues
    them from every thread that executes them.
  }];
  let dependentDialects = ["::mlir::tile::TileDialect"];
}

def TilePipeline : Pass<"tile-pipeline", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Software-pipeline TMA-fed loops marked tile.num_stages";
  let description = [{
    An `scf.for` marked `tile.num_stages = N` (N >= 2), written
    single-buffered, is pipelined N stages deep:
    - every shared buffer that a `tma.async_load` of the loop fills (a
      `tile.alloc_smem` outside the loop, possibly through
      `tile.smem_subslice` views) becomes a ring with a leading dimension N;
      iteration `j` uses slot `j mod N` through `tile.smem_index`;
    - every barrier those loads complete on (a constant `mbarrier.index` of
      an `mbarrier.alloc`) gets N versions in a new `!mbarrier.group<N>`;
      each `mbarrier.init` applies to every version, iteration `j` uses
      version `j mod N` and its `mbarrier.wait`s wait for phase
      `(j / N) mod 2` (the written parity, which counted one phase per
      iteration, is replaced);
    - the load stage (expect_tx, TMA loads and arrives on those barriers,
      with the pure values they need) of iterations `0 .. N-2` is issued
      before the loop, each guarded by `iv < ub` since the trip count is a
      runtime value; iteration `i` issues the load stage of `i + N - 1`
      where the loads were, guarded the same way, so the last `N - 1`
      iterations issue none. The compute stage stays in iteration `i`.
    The attribute is dropped from pipelined loops.

    Inside `scf.for` loops that nest it directly (a persistent kernel's loop
    over output tiles), `j` above is the global iteration `base + j`: every
    enclosing loop, outermost first, gets an iter_arg `base` (from 0, of
    the loop's induction type) and the loop's parent yields `base` plus the
    loop's runtime trip count `max(0, ceildiv(ub - lb, step))`, so slots
    and phases go on across the outer iterations. The buffers, barriers and
    their inits must then be outside the outermost of those loops; other
    enclosing loops (`scf.while`, ...) or control flow between the loops
    are refused.

    A slot is refilled in the iteration after it was read, so every read of
    a pipelined buffer must be synchronous and followed by a `tile.barrier`
    in the body. Loops the pass cannot handle keep their attribute and get a
    "not supported yet" warning that names the reason (non-constant step,
    loads in nested control flow, buffers written or read by other
    operations or used outside the loop, barriers used outside the
    load/wait pattern, a load stage that depends on iter_args or on
    side-effecting operations, side effects interleaved with the load stage,
    asynchronous `tile.dot` reads, nested marked loops). Rings larger than
    the 232448 bytes of shared memory of a CTA are an error.

    Option `async-dot` (off by default; declared in Pipeline.cpp, since a
    TableGen option struct would be named like the pipelines' options) keeps
    one MMA in flight: when the body ends with a single synchronous
    `tile.dot` on its own accumulator, a `tile.barrier` and the yield, the
    dot becomes asynchronous and is waited for with `pending = 1`, the
    in-loop refill moves after the barrier (the slot it refills was read by
    the MMA that wait completed), and the loop's result is waited for with
    `pending = 0` after the loop. Otherwise a remark says why the MMA stays
    synchronous.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileWarpSpecialize : Pass<"tile-warp-specialize", "::mlir::ModuleOp"> {
  let summary = "Split marked TMA/MMA loops into a producer warp and "
                "consumer warpgroups";
  let description = [{
    Loops marked `tile.warp_specialize` (a unit attribute, next to
    `tile.num_stages = N`; one stage without it), written like the loops
    `tile-pipeline` takes (single-buffered TMA loads completing on
    mbarriers, waits, `tile.dot`, a `tile.barrier` after the last read),
    get N-slot rings, N "full" barriers (armed by one `arrive_expect_tx`)
    and N "empty" barriers (one arrival per consumer thread), and their
    kernel becomes a `tile.warp_specialize`: the kernel's `tile.num_warps`
    warps (whole warpgroups) keep all its code but the loads, run the MMA
    asynchronously and release each slot once the MMA that read it has
    completed; one added warpgroup, of which one thread issues the loads,
    runs the same loops with only what the loads need. Loops inside
    enclosing `scf.for` loops (persistent kernels) carry the iteration count
    across them, and a kernel may have several marked loops, each with its
    own ring. Register budgets (`setmaxnreg`) come from the registers the
    CTA starts with: 40 for the producer, the rest (at most 240) shared by
    the consumers, none when the consumers would not gain. Constant block
    sizes of `gpu.launch_func` ops of the kernel in the module grow by the
    producer's 128 threads (other launches are an error).

    Ping-pong: in a kernel written for one consumer warpgroup
    (`tile.num_warps = 4`), an `scf.for` over output tiles marked
    `tile.ping_pong` (a unit attribute; the kernel's top-level loop that
    holds its marked loops, whose bounds it does not change) runs its
    iterations alternately on two consumer warpgroups: the default region
    takes lb, lb + 2 step, ..., a second consumer partition lb + step, lb +
    3 step, .... Both count the rings' iterations from the loop's original
    bounds, as the producer does; one warpgroup consumes each slot (128
    empty-barrier arrivals); shared buffers only the consumers use are
    copied for the second warpgroup; two "turn" mbarriers make the
    warpgroups' MMA phases alternate, so one's epilogue runs under the
    other's MMA. Launches grow from 128 to 384 threads. What it cannot
    alternate (other warp counts, several such loops, bounds computed per
    tile, a view of a consumer buffer made before the loop, a user mbarrier
    in the loop outside the specialized loops, effects after the loop) gets
    a warning, and the loops are specialized without it.

    Loops it cannot specialize get a warning that says why and stay as they
    are (tile-pipeline may still pipeline them): loops whose loads are not
    TMA, nested marked loops, kernels whose warps are not whole warpgroups
    or that already have a `tile.warp_specialize`, and what tile-pipeline
    refuses.

    Clusters: in a kernel with `known_cluster_size`, a marked loop whose
    loads include multicast ones (`tma.async_load ... multicast %mask`,
    typically of a box split among the cluster's CTAs, `multicast = N` on
    its descriptor) fills every CTA's ring from every CTA's producer, so
    each slot's empty barrier waits for the consumers of all the cluster's
    CTAs (consumer threads x CTAs arrivals: each consumer thread arrives on
    its own CTA's barrier, one lane of each consumer warp on each other
    CTA's for its 32 threads), and every thread of the cluster meets at a
    `tile.cluster_barrier` after the barriers are initialized and once its
    part is done. Every CTA of a cluster must run the same iterations of
    the loop (the same loads). Without `known_cluster_size` such loops are
    refused; ping-pong with multicast is not supported yet.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::ub::UBDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::tile::TileDialect",
                           "::mlir::mbarrier::MBarrierDialect"];
}

def TileLegalizeLayouts
    : Pass<"tile-legalize-layouts", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Give every register tile written without a layout one";
  let description = [{
    Kernels may leave the encoding of their register tiles (ranked tensors)
    out; this pass chooses one for each, keeping every layout the user
    wrote. A kernel may lay out some tiles and leave the rest, within one
    op too (a `tile.load` with laid-out offsets and a result left out): the
    ops' verifiers relate only the layouts written. Ops relate the layouts of their tiles: elementwise ops,
    `tile.broadcast`, `tile.extract_slice`, `tile.load` and `tile.store`
    want one layout on all of them; `tile.expand_dims` wants a
    `#tile.slice` of its result's layout on its source, `tile.reduce` gives
    its result a slice of its source's; `tile.dot` wants a
    `#tile.dot_operand` of its accumulator's layout on a register A; a
    value carried by `scf.for` has one layout in its init, iteration
    argument, yield and result, and so do an `scf.if`'s results and yields;
    the source of a `tile.convert_layout` without a layout takes the one it
    converts to.

    Layouts start at anchors and spread through those relations, each tile
    taking the first layout that reaches it: the user's layouts; the wgmma
    accumulator of each `tile.dot` (`#tile.wgmma<warpsPerCTA = [W, 1],
    instrShape = [16, N]>` for the kernel's `tile.num_warps` W, or the
    `num_warps` of the partition it is in); each
    `tile.load`'s coalesced `#tile.blocked` layout (16-byte vectors along
    the last dimension where the offsets are that contiguous, lanes along
    it, warps along the first), or the layout its users want when loading
    in it is cheaper; a coalesced default for the rest. Tiles computed from
    `tile.range`, `tile.splat` and constants alone (offsets, masks, fill
    values) are recomputed in whatever layout each use needs instead of
    converted. Where layouts still disagree, the operand is converted with
    one `tile.convert_layout` per value and layout; user conversions that
    end up converting to their source's layout are removed.

    Cost model: a load takes the layout its users want instead of the
    coalesced one when converting would move data between threads (warp
    shuffles or shared memory) and the wanted layout still uses at least half of every 32-byte sector a warp
    reads (the wgmma accumulator does for f32 and f16); a store converts a
    value whose layout uses less than half of each sector to the coalesced
    layout.

    A layout the user wrote that an op cannot produce (a `tile.reduce`
    result that is no slice of its source's layout) is kept: the op
    produces its own, converted to the one written. A store whose offsets
    the user laid out and its value not stores in the offsets' layout.

    Conflicts no conversion resolves (layouts over different numbers of
    warps, e.g. a tile laid out by the user over one warpgroup meeting the
    wgmma accumulator over two in a warp-specialized kernel) are errors
    at the op that needs the conversion, naming both ops, both layouts
    with their linear maps, the op the needed layout comes from, and the
    `tile.convert_layout` it would need. A layout the user wrote over
    fewer warps than a kernel that is not warp-specialized runs, or over
    more than its partition runs, is refused where it is written, before
    it spreads.

    Errors: a kernel with tiles to lay out and no `tile.num_warps`; a
    `tile.dot` whose accumulator does not fit the kernel's warps (M a
    multiple of 16 W, W a multiple of 4, N a power of two from 8 to 256),
    with the numbers, naming the warps of the kernel or of the partition
    it is in (a partition's tiles are laid out over its own `num_warps`);
    a register tile without a layout captured into a partition; and ops
    the pass does not know (calls, ...), "not supported yet". `scf.for`,
    `scf.if` and `scf.while` carry layouts through their regions.

    Tensor-memory buffers (`tmem.alloc` without a layout) are laid out
    first: `#tmem.scales` for the scale factors of `tmem.mma_scaled` and
    the destination of a scale-factor `tmem.copy`, else `#tmem.layout`
    with blockM 128 (64 for a 64-row buffer or MMA), the widest
    power-of-two blockN up to 256 that divides N, and packed elements (the
    Gluon seed's table), through `tmem.index`, `tmem.subslice` and
    partition captures. A window (`tmem.subslice`) keeps blockM and
    col_stride; where the buffer has several blocks along M it keeps
    blockN too, and the buffer's blockN is cut to divide every window's
    width and start; otherwise a window takes the widest blockN its width
    allows. A window the user laid out gives its buffer blockM and
    col_stride; a window left out of a laid-out buffer follows from it. A
    buffer used both ways (a window of scale factors included), or one
    that does not come from a `tmem.alloc` of the kernel, is an error.
  }];
}

def TileInsertFences
    : Pass<"tile-insert-fences", "::mlir::gpu::GPUModuleOp"> {
  let summary = "fence.proxy.async between generic writes and async-proxy "
                "reads of shared memory";
  let description = [{
    Shared memory written with `tile.smem_store` (the generic proxy) must be
    fenced by the writing threads before the async proxy reads it: TMA
    stores and reductions (`tma.async_store`, `async_reduce`,
    `bulk_store`), wgmma and tcgen05 operands (`tile.dot`, `tmem.mma`,
    `tmem.mma_scaled`) and `tmem.copy`. For each such read that a generic
    write of the same buffer (views and warp_specialize captures are traced
    to the `tile.alloc_smem`) reaches without a `tile.fence_async_shared`
    in between, the pass puts one fence right after the write, or after the
    loop or branch around it that precedes the read. Reachability follows
    both branches of `scf.if`, loop back edges, and the regions of a
    `tile.warp_specialize` as concurrent code.

    Fences already there are kept, and none is added between an async read
    and a later generic write: waiting for the async operation (mbarrier
    wait on its commit, `tma.store_wait`, `tile.dot_wait`) orders those. An
    async read whose buffer cannot be traced gets a warning.

    Not done yet: the CTA or warpgroup barrier that must follow the fence
    when other threads issue the read is not inserted (write it by hand, as
    today).
  }];
}

def TileVerifyBarriers
    : Pass<"tile-verify-barriers", "::mlir::gpu::GPUModuleOp"> {
  let summary = "The mbarrier protocol checker";
  let description = [{
    Checks, per barrier and per phase, what verifiers cannot see; the
    default pipeline runs it on the kernel as written and again after warp
    specialization and pipelining. Each finding names the barrier (its index
    in the group, and the group's allocation), the phase (the waits around
    it) and the ops.

    A phase is the part of a block between two waits on the barrier (scf.if
    bodies are part of the block; in a loop body the part after the last
    wait and the part before the first are one phase). How many threads
    execute each op comes from `tile.num_warps`, the partition sizes and
    `tile.elect` guards. A phase is checked only where every amount in it
    is known; multicast copies, remote arrivals, loops of unknown trip
    count and guards other than `tile.elect` make the amounts unknown.

    - Transaction bytes: the bytes all executing threads expect
      (`expect_tx`, `arrive_expect_tx`, split over several ops or not)
      equal the bytes the TMA and bulk loads of the same phase move, in
      whatever order they are issued.
    - Arrivals: the arrivals of a phase that the arriving block then waits
      for do not exceed the `mbarrier.init` count, and reach it when nothing
      else arrives on the group.
    - Deadlock: a wait on a barrier that nothing in the kernel arrives on
      (copies only count bytes down), or whose group, or whose constant
      index, no `mbarrier.init` initializes; transaction bytes expected on a
      barrier that no copy in the kernel completes on.
    - Initialization: a barrier initialized twice (two `mbarrier.init`s of
      certainly the same barrier, not in exclusive branches of one
      `scf.if`, in a group that nothing invalidates): undefined in PTX
      without `mbarrier.invalidate` first; both arrival counts are named
      when they differ.

    Not checked yet: parity consistency between partitions.
  }];
}

def TileInferTransactionBytes
    : Pass<"tile-infer-transaction-bytes", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Compute the byte counts of expect_tx ops that leave them out";
  let description = [{
    `mbarrier.expect_tx` and `mbarrier.arrive_expect_tx` may leave out
    `bytes`. This pass reads the phases of each barrier as
    `tile-verify-barriers` does (same file, same rules) and gives such an op
    the bytes the copies of its phase move (TMA box bytes, bulk copy
    sizes, times the threads that issue them and the trips of constant
    loops), less what the phase's other expects announce, divided by the
    number of times the op executes in the phase (its threads: one under a
    `tile.elect cta` leader).

    It refuses, naming the reason, where that number is not determined: a
    phase that does not begin at a wait on the barrier (or the kernel's
    start) and end at one in the same block; two ops without bytes in one
    phase; copies or executions whose counts are not known (multicast
    copies, loops without a constant trip count, guards other than
    `tile.elect`); no copy in the phase; a remainder that is not a positive
    multiple of the executions; or two phases that disagree. The default
    pipeline runs it before everything that reads byte counts.

    ```mlir
    mbarrier.arrive_expect_tx %bar if %leader   // bytes = 16384 + 8192
    tma.async_load %a[%i, %k], %abuf, %bar : !descA, !smemA  // 128x64xf16
    tma.async_load %b[%k, %j], %bbuf, %bar : !descB, !smemB  // 64x64xf16
    mbarrier.wait %bar, phase %p : i32
    ```
  }];
}

def TileExpandSynchronization
    : Pass<"tile-expand-synchronization", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Make leader election, predicates and barrier waits explicit";
  let description = [{
    Rewrites the implicit control flow of TileMLIR's synchronization and
    copy operations into `scf`:
    - a TMA or bulk copy whose scope is `warp`, `warpgroup` or `cta` is
      issued inside `scf.if` on `tile.elect <scope>` and becomes
      `scope = thread`: exactly one thread of the scope issues it;
    - predicated `mbarrier.arrive`, `expect_tx` and `arrive_expect_tx` go
      inside `scf.if` on their predicate;
    - `mbarrier.wait` becomes an `scf.while` loop around `mbarrier.try_wait`;
      with `wait-timeout=C` (a debug mode; 0, the default, adds nothing) a
      wait that has not completed after C clock cycles prints, from the GPU,
      the kernel, the wait's source location, the phase it waits for and
      the block, thread and warp, then traps: a deadlock becomes a launch
      failure that names the barrier instead of a hang;
    - masked scalar `tile.load` / `tile.store` go inside `scf.if` (the load
      yields `other`, or poison without it).
  }];
  let options = [
    Option<"waitTimeout", "wait-timeout", "uint64_t", /*default=*/"0",
           "Clock cycles after which an mbarrier wait reports itself and "
           "traps (0: wait forever)">
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::ub::UBDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def TileLowerWarpSpecialize
    : Pass<"tile-lower-warp-specialize", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Lower tile.warp_specialize to warp-indexed branches";
  let description = [{
    The kernel runs with its `tile.num_warps` plus every partition's warps.
    Code before a `tile.warp_specialize` runs on all warps; the default
    region and everything after it run on warps `[0, num_warps)`; partition
    `i` runs on its own range of warps, which exit when it ends. Register
    budgets become `setmaxnreg` per warpgroup (partitions sharing a
    warpgroup must agree). `tile.barrier` inside a partition or after the
    operation synchronizes only the warps executing that code (a named
    barrier), and `tile.elect cta`/`warpgroup` inside a partition elect
    among the partition's warps. The kernel's block size is recorded as
    `gpu.known_block_size`.

    Not supported yet: a `tile.warp_specialize` nested in control flow (it
    must be in the kernel's entry block).
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def TileAttachTarget : Pass<"tile-attach-target", "::mlir::ModuleOp"> {
  let summary = "Give gpu.modules an #nvvm.target NVPTX can compile";
  let description = [{
    Modules without a target get `#nvvm.target<chip = $chip>` with the PTX
    ISA version the chip needs (none for a chip outside the target table:
    NVPTX then takes the chip's own). Modules that already name their
    target (for example `[#nvvm.target<chip = "sm_100a">]`) keep it, but
    without the PTX ISA versions in its features older than the chip's, and
    with the chip's when none is left: NVPTX would stop at an older one
    with an LLVM ERROR. Where that cannot be checked the pass fails: a chip
    outside the table whose features name a PTX ISA version, and features
    that name a chip (`+sm_120a`).
  }];
  let options = [
    Option<"chip", "chip", "std::string",
           "::mlir::tilemlir::getDefaultChip().name",
           "Chip for modules without a target">,
    Option<"optLevel", "opt-level", "int", "3", "NVPTX optimization level">,
  ];
  // The targets it attaches are #nvvm.target attributes.
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

def TileModuleToBinary : Pass<"tile-module-to-binary", "::mlir::ModuleOp"> {
  let summary = "Serialize gpu.modules to gpu.binary: LLVM IR, PTX or a cubin, "
                "through the compile cache";
  let description = [{
    Upstream `gpu-module-to-binary` produces the LLVM IR or PTX of each
    `gpu.module` (NVPTX runs in process). For `format = bin` the PTX is then
    assembled into a cubin by the toolkit's `ptxas` (at `cuda-path`), or
    in process by nvJitLink (`assembler = nvjitlink`; `auto` takes it only
    on a toolkit without ptxas). nvJitLink assembles PTX as a relocatable
    unit, so ptxas ignores `setmaxnreg` and serializes wgmma in its
    cubins: the pass warns when it is given such PTX
    (TileMLIR/Target/PtxCompiler.h has the measurements). The options are
    ptxas's (`ptxas-options`, and a target's `ptxas-cmd-options` flag), at
    the target's optimization level. Cubins are kept in the on-disk compile
    cache (TileMLIR/Target/CompileCache.h: `$TILE_CACHE_DIR`, else
    `$XDG_CACHE_HOME/tilemlir`, else `~/.cache/tilemlir`), keyed on the PTX,
    the chip, the options and the assembler's identity; `cache = false` or
    `TILE_CACHE=0` in the environment turns it off. `format = fatbin` is
    left to upstream (ptxas and fatbinary, spawned, not cached).
  }];
  let options = [
    Option<"format", "format", "std::string", "\"bin\"",
           "What each gpu.binary holds: llvm (bitcode), isa (PTX), bin "
           "(cubin) or fatbin">,
    Option<"cudaPath", "cuda-path", "std::string", "\"/usr/local/cuda\"",
           "CUDA toolkit holding bin/ptxas and lib64/libnvJitLink.so.13">,
    Option<"ptxasOptions", "ptxas-options", "std::string", "\"\"",
           "Extra ptxas options, separated by spaces">,
    Option<"assembler", "assembler", "std::string", "\"auto\"",
           "PTX to cubin with: auto (ptxas when the toolkit has it, else "
           "nvJitLink), ptxas, or nvjitlink (in process)">,
    Option<"cache", "cache", "bool", "true",
           "Use the on-disk compile cache (TILE_CACHE=0 also turns it off)">,
    Option<"cacheDir", "cache-dir", "std::string", "\"\"",
           "The cache's directory (default: $TILE_CACHE_DIR, else "
           "$XDG_CACHE_HOME/tilemlir, else ~/.cache/tilemlir)">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

#endif // TILEMLIR_TRANSFORMS_PASSES
