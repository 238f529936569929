//===- MBarrierOps.td - Asynchronous transaction barriers --*- tablegen -*-===//

#ifndef TILEMLIR_MBARRIER_OPS
#define TILEMLIR_MBARRIER_OPS

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "Common/DeviceCode.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

def MBarrier_Dialect : Dialect {
  let name = "mbarrier";
  let cppNamespace = "::mlir::mbarrier";
  let summary = "Asynchronous transaction barriers in shared memory";
  let description = [{
    The `mbarrier` dialect models the 64-bit barriers that Hopper and
    Blackwell keep in shared memory. A barrier counts pending arrivals and
    pending transaction bytes; it completes a phase when both reach zero, and
    its phase parity flips. TMA copies, `tcgen05.commit` and plain threads all
    signal completion through barriers, and waiting threads poll the parity.

    Barriers are allocated in groups (`!mbarrier.group<N>`) so that
    multi-stage pipelines can keep one barrier per stage; `mbarrier.index`
    selects one (`!mbarrier.barrier`), and every other operation acts on a
    single barrier.
  }];
  let useDefaultTypePrinterParser = 1;
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

/// Resource for the barrier words: every barrier operation reads and writes
/// it, so barrier operations are neither removed nor reordered.
def MBarrier_Resource : Resource<"::mlir::mbarrier::BarrierResource">;

class MBarrier_Op<string mnemonic, list<Trait> traits = []>
    : Op<MBarrier_Dialect, mnemonic, !listconcat(traits, [InFunctionBody])>;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class MBarrier_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<MBarrier_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def MBarrier_GroupType : MBarrier_Type<"Group", "group"> {
  let summary = "A group of N barriers in shared memory";
  let description = [{
    `!mbarrier.group<N>` is N consecutive 8-byte barriers in shared memory,
    allocated by `mbarrier.alloc`. N is at least 1.

    ```mlir
    %ring = mbarrier.alloc : !mbarrier.group<3>
    ```
  }];
  let parameters = (ins "unsigned":$size);
  let assemblyFormat = "`<` $size `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bytes of shared memory the group occupies (8 per barrier; the
    /// verifier keeps it within a CTA's shared memory).
    unsigned getSizeInBytes() const { return getSize() * 8; }
  }];
}

def MBarrier_BarrierType : MBarrier_Type<"Barrier", "barrier"> {
  let summary = "One barrier of a group";
  let description = [{
    A reference to a single barrier, produced by `mbarrier.index`.
  }];
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

def MBarrier_AllocOp : MBarrier_Op<"alloc",
    [MemoryEffects<[MemAlloc<MBarrier_Resource>]>]> {
  let summary = "Allocates a group of barriers in shared memory";
  let description = [{
    Reserves `N * 8` bytes of shared memory for the barriers of
    `!mbarrier.group<N>`. The barriers are uninitialized until
    `mbarrier.init`; the shared-memory allocator gives them their offset.

    ```mlir
    %bars = mbarrier.alloc : !mbarrier.group<2>
    ```
  }];
  let results = (outs MBarrier_GroupType:$group);
  let assemblyFormat = "attr-dict `:` qualified(type($group))";
  let hasVerifier = 1;
}

def MBarrier_IndexOp : MBarrier_Op<"index", [Pure]> {
  let summary = "Selects one barrier of a group";
  let description = [{
    `mbarrier.index %group[%i]` refers to barrier `%i` of the group. A
    constant index must lie in `[0, N)`; a dynamic one (for example
    `stage mod N` in a pipelined loop) is the caller's responsibility.

    ```mlir
    %b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
    ```
  }];
  let arguments = (ins MBarrier_GroupType:$group, Index:$index);
  let results = (outs MBarrier_BarrierType:$barrier);
  let assemblyFormat = "$group `[` $index `]` attr-dict `:` qualified(type($group))";
  let hasVerifier = 1;
}

def MBarrier_InitOp : MBarrier_Op<"init",
    [MemoryEffects<[MemWrite<MBarrier_Resource>]>]> {
  let summary = "Initializes a barrier with its expected arrival count";
  let description = [{
    Sets the number of arrivals that complete each phase of the barrier. The
    count must be in `[1, 2^20 - 1]`, the range of the hardware counter.
    Usually executed by one thread, followed by a fence or CTA barrier before
    other threads use the barrier.

    ```mlir
    mbarrier.init %b, arrivals = 128
    ```
  }];
  let arguments = (ins MBarrier_BarrierType:$barrier,
                       I32Attr:$arrivals);
  let assemblyFormat = "$barrier `,` `arrivals` `=` $arrivals attr-dict";
  let hasVerifier = 1;
}

def MBarrier_ArriveOp : MBarrier_Op<"arrive",
    [MemoryEffects<[MemRead<MBarrier_Resource>, MemWrite<MBarrier_Resource>]>,
     AttrSizedOperandSegments]> {
  let summary = "Arrives on a barrier";
  let description = [{
    Each executing thread counts `count` arrivals (default 1) on the barrier.
    With `if %pred` only threads whose predicate is true arrive. With
    `remote %cta` the arrival goes to the barrier at the same offset in
    another CTA of the cluster (`mapa` + `mbarrier.arrive.shared::cluster`).

    ```mlir
    mbarrier.arrive %b
    mbarrier.arrive %b, count = 2 if %leader
    mbarrier.arrive %b remote %peer
    ```
  }];
  let arguments = (ins MBarrier_BarrierType:$barrier,
                       DefaultValuedAttr<I32Attr, "1">:$count,
                       Optional<I1>:$pred,
                       Optional<I32>:$cta);
  let assemblyFormat = [{
    $barrier (`,` `count` `=` $count^)? (`if` $pred^)? (`remote` $cta^)?
    attr-dict
  }];
  let hasVerifier = 1;
}

def MBarrier_ExpectTxOp : MBarrier_Op<"expect_tx",
    [MemoryEffects<[MemRead<MBarrier_Resource>, MemWrite<MBarrier_Resource>]>]> {
  let summary = "Adds expected transaction bytes to the current phase";
  let description = [{
    Raises the number of bytes the current phase waits for, without arriving.
    Asynchronous copies that complete on the barrier (TMA loads, bulk copies)
    count their bytes down. The byte count must be in `[1, 2^20 - 1]`.

    The count may be left out: `tile-infer-transaction-bytes` (first in
    `tile-to-nvvm`) then writes the bytes the copies of the op's phase move,
    less what the phase's other expects announce, divided among the threads
    that execute the op, or says why it cannot.

    ```mlir
    mbarrier.expect_tx %b, bytes = 16384
    mbarrier.expect_tx %b if %leader   // the compiler counts the bytes
    ```
  }];
  let arguments = (ins MBarrier_BarrierType:$barrier,
                       OptionalAttr<I32Attr>:$bytes,
                       Optional<I1>:$pred);
  let assemblyFormat =
      "$barrier (`,` `bytes` `=` $bytes^)? (`if` $pred^)? attr-dict";
  let hasVerifier = 1;
}

def MBarrier_ArriveExpectTxOp : MBarrier_Op<"arrive_expect_tx",
    [MemoryEffects<[MemRead<MBarrier_Resource>, MemWrite<MBarrier_Resource>]>]> {
  let summary = "Expects transaction bytes and arrives once";
  let description = [{
    `expect_tx` followed by a single arrival, as one instruction
    (`mbarrier.arrive.expect_tx`). The usual way a TMA-issuing leader thread
    announces the bytes of the copies it is about to start.

    The byte count may be left out, as with `mbarrier.expect_tx`.

    ```mlir
    mbarrier.arrive_expect_tx %b, bytes = 32768 if %leader
    mbarrier.arrive_expect_tx %b if %leader   // the compiler counts the bytes
    ```
  }];
  let arguments = (ins MBarrier_BarrierType:$barrier,
                       OptionalAttr<I32Attr>:$bytes,
                       Optional<I1>:$pred);
  let assemblyFormat =
      "$barrier (`,` `bytes` `=` $bytes^)? (`if` $pred^)? attr-dict";
  let hasVerifier = 1;
}

def MBarrier_WaitOp : MBarrier_Op<"wait",
    [MemoryEffects<[MemRead<MBarrier_Resource>, MemWrite<MBarrier_Resource>]>]> {
  let summary = "Blocks until the phase with the given parity completes";
  let description = [{
    Spins (`mbarrier.try_wait.parity` in a loop) until the barrier's phase of
    parity `%phase` has completed. The phase is an `i1` or an `i32` whose low
    bit is used, so `(iteration / stages) mod 2` can be passed directly.

    ```mlir
    mbarrier.wait %b, phase %parity : i32
    ```
  }];
  let arguments = (ins MBarrier_BarrierType:$barrier,
                       AnyTypeOf<[I1, I32]>:$phase);
  let assemblyFormat = "$barrier `,` `phase` $phase attr-dict `:` type($phase)";
}

def MBarrier_TryWaitOp : MBarrier_Op<"try_wait",
    [MemoryEffects<[MemRead<MBarrier_Resource>, MemWrite<MBarrier_Resource>]>]> {
  let summary = "Tests whether the phase with the given parity completed";
  let description = [{
    Non-blocking form of `mbarrier.wait`: returns true when the phase of
    parity `%phase` has completed.

    ```mlir
    %done = mbarrier.try_wait %b, phase %p : i1
    ```
  }];
  let arguments = (ins MBarrier_BarrierType:$barrier,
                       AnyTypeOf<[I1, I32]>:$phase);
  let results = (outs I1:$completed);
  let assemblyFormat = "$barrier `,` `phase` $phase attr-dict `:` type($phase)";
}

def MBarrier_InvalidateOp : MBarrier_Op<"invalidate",
    [MemoryEffects<[MemWrite<MBarrier_Resource>]>]> {
  let summary = "Invalidates a barrier so its memory can be reused";
  let description = [{
    ```mlir
    mbarrier.invalidate %b
    ```
  }];
  let arguments = (ins MBarrier_BarrierType:$barrier);
  let assemblyFormat = "$barrier attr-dict";
}

#endif // TILEMLIR_MBARRIER_OPS
