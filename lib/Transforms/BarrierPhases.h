//===- BarrierPhases.h - Barrier events and phases of a kernel --*- C++ -*-===//
//
// What tile-verify-barriers and tile-infer-transaction-bytes read off a
// kernel. Barriers are identified by (group allocation, index): the group
// is traced through mbarrier.index and tile.warp_specialize captures back
// to its mbarrier.alloc; indices compare equal when they are the same
// value, the same constant, or the same pure computation over equal
// operands (the pipeliner clones the slot arithmetic for each use).
//
// Phases are read off each block: the barrier events of a block (scf.if
// bodies flattened into it, loops with a constant trip count and no wait
// folded in, anything else opaque) are split at the waits on the barrier.
// In a loop body the part after the last wait and the part before the
// first belong to one phase (the next iteration's). How many threads
// execute each op is known from tile.num_warps, partition sizes and
// tile.elect guards, and nothing else is guessed.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TRANSFORMS_BARRIERPHASES_H
#define TILEMLIR_TRANSFORMS_BARRIERPHASES_H

#include "Tile/TileDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"

#include <optional>
#include <string>

namespace mlir::tilemlir::barriers {

struct BarrierId {
  Operation *group = nullptr;
  Value index;
  std::optional<int64_t> constantIndex;
  /// Different threads select different barriers (for example one per
  /// warp): how many threads reach each one is not known here.
  bool perThread = false;

  bool known() const { return group != nullptr; }
  /// Whether both are certainly the same barrier.
  bool sameAs(const BarrierId &other) const;
  /// False only when both indices are constants that differ.
  bool mayBe(const BarrierId &other) const {
    return !constantIndex || !other.constantIndex ||
           *constantIndex == *other.constantIndex;
  }
};

/// The barrier `barrier` (an mbarrier.index result) is.
BarrierId identify(Value barrier);

/// "barrier 1" or "barrier [index]" of a group, for diagnostics.
std::string describe(const BarrierId &id);

void noteGroup(InFlightDiagnostic &diag, const BarrierId &id);

enum class EventKind {
  Expect, // transaction bytes raised (expect_tx, arrive_expect_tx)
  Copy,   // transaction bytes counted down (TMA or bulk loads)
  Arrive, // arrivals (arrive, arrive_expect_tx)
  Wait,   // wait or try_wait: ends a phase for this block
  Opaque, // touches the barrier in a way not counted here
};

struct Event {
  EventKind kind;
  BarrierId id;
  Operation *op;
  /// Bytes (Expect, Copy) or arrivals (Arrive) of one execution of the op.
  int64_t unit = 0;
  /// How many times one pass over the block executes it (its threads, its
  /// issuers, loop trips); std::nullopt when not known statically.
  std::optional<int64_t> executions = 1;
  /// An expect whose byte count is left out (tile-infer-transaction-bytes
  /// fills it in): its amount is unknown.
  bool bytesLeftOut = false;

  std::optional<int64_t> amount() const {
    return executions && !bytesLeftOut
               ? std::optional<int64_t>(unit * *executions)
               : std::nullopt;
  }
};

/// "8192 bytes" or "8192 bytes x 128 executions", for notes.
std::string describeAmount(const Event &e, StringRef unit);

/// The threads that execute the ops of `block`: the kernel's or the
/// partition's warps, narrowed by the tile.elect guards around it.
std::optional<int64_t> threadsOf(Block *block);

class EventCollector {
public:
  /// Appends the events of `block`, run by `threads` threads, to `out`.
  void collect(Block &block, std::optional<int64_t> threads,
               SmallVectorImpl<Event> &out) {
    // What precedes a tile.warp_specialize in the kernel's entry block runs
    // on every warp, the partitions' too (they only branch off there).
    std::optional<int64_t> before = threads;
    if (isa<gpu::GPUFuncOp>(block.getParentOp()) && threads)
      for (auto ws : block.getOps<tile::WarpSpecializeOp>())
        for (int32_t warps : ws.getPartitionNumWarps())
          *before += int64_t(warps) * 32;
    bool split = false;
    for (Operation &op : block) {
      split |= isa<tile::WarpSpecializeOp>(op);
      collect(&op, split ? threads : before, out);
    }
  }

private:
  void collect(Operation *op, std::optional<int64_t> threads,
               SmallVectorImpl<Event> &out);
  void collectIf(scf::IfOp ifOp, std::optional<int64_t> threads,
                 SmallVectorImpl<Event> &out);
  void collectFor(scf::ForOp forOp, std::optional<int64_t> threads,
                  SmallVectorImpl<Event> &out);
  void collectOpaque(Operation *op, SmallVectorImpl<Event> &out);
};

/// The events of one barrier between two waits of a block on it.
struct Phase {
  SmallVector<const Event *> events;
  Operation *begin = nullptr; // the wait before, if any
  Operation *end = nullptr;   // the wait that ends it, if any

  /// Whether every event of the given kinds has a known amount and
  /// nothing opaque touches the barrier in this phase.
  bool known(ArrayRef<EventKind> kinds) const {
    return llvm::all_of(events, [&](const Event *e) {
      return e->kind != EventKind::Opaque &&
             (e->amount() || !llvm::is_contained(kinds, e->kind));
    });
  }
  bool has(EventKind kind) const {
    return llvm::any_of(events,
                        [&](const Event *e) { return e->kind == kind; });
  }
  int64_t sum(EventKind kind) const {
    int64_t total = 0;
    for (const Event *e : events)
      if (e->kind == kind)
        total += *e->amount();
    return total;
  }
};

/// Splits the events of one barrier at its waits. In a loop body the tail
/// after the last wait precedes, in the next iteration, the head before
/// the first: they are one phase.
SmallVector<Phase> splitPhases(ArrayRef<const Event *> events, bool cyclic);

void notePhase(InFlightDiagnostic &diag, const Phase &phase);

/// The blocks whose phases are read: every block but scf.if bodies (those
/// are part of the block around them).
bool readsPhases(Block *block);

/// The events of known barriers, one list per barrier, in program order.
SmallVector<std::pair<BarrierId, SmallVector<const Event *>>>
groupByBarrier(ArrayRef<Event> events);

} // namespace mlir::tilemlir::barriers

#endif // TILEMLIR_TRANSFORMS_BARRIERPHASES_H
