//===- VerifyBarriers.cpp - The mbarrier protocol checker -----------------===//
//
// Checks the protocol of every mbarrier a kernel allocates, once before
// warp specialization and pipelining (on the kernel as written) and once
// after (on the rings and partitions they made). A mistake here hangs the
// GPU or silently lets a consumer read a buffer that is still being
// written, so each finding names the barrier, the phase and the ops.
//
// Barriers are identified by (group allocation, index): the group is traced
// through mbarrier.index and tile.warp_specialize captures back to its
// mbarrier.alloc; indices compare equal when they are the same value, the
// same constant, or the same pure computation over equal operands (the
// pipeliner clones the slot arithmetic for each use).
//
// Phases are read off each block: the barrier events of a block (scf.if
// bodies flattened into it, loops with a constant trip count and no wait
// folded in, anything else opaque) are split at the waits on the barrier.
// In a loop body the part after the last wait and the part before the first
// belong to one phase (the next iteration's). A phase is checked only when
// every event in it has a known amount: how many threads execute each op
// is known from tile.num_warps, partition sizes and tile.elect guards, and
// nothing else is guessed.
//
// tile-infer-transaction-bytes reads the same phases to fill in the byte
// counts of expects that leave them out (at the end of this file).
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "Tile/TileDialect.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEVERIFYBARRIERS
#define GEN_PASS_DEF_TILEINFERTRANSACTIONBYTES
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {

//===----------------------------------------------------------------------===//
// Barrier identity
//===----------------------------------------------------------------------===//

/// The mbarrier.alloc a group value comes from, or null when unknown (for
/// example a kernel argument).
Operation *traceGroup(Value group) {
  while (group) {
    if (auto alloc = group.getDefiningOp<mbarrier::AllocOp>())
      return alloc;
    auto arg = dyn_cast<BlockArgument>(group);
    if (!arg)
      return nullptr;
    auto ws = dyn_cast_or_null<tile::WarpSpecializeOp>(
        arg.getOwner()->getParentOp());
    if (!ws)
      return nullptr;
    group = ws.getExplicitCaptures()[arg.getArgNumber()];
  }
  return nullptr;
}

std::optional<int64_t> getConstant(Value v) {
  APInt value;
  if (v && matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

/// Whether two index values are equal in every execution: the same value,
/// the same constant, or the same pure op applied to equal operands.
bool sameIndex(Value a, Value b, unsigned depth = 6) {
  if (a == b)
    return true;
  std::optional<int64_t> ca = getConstant(a), cb = getConstant(b);
  if (ca || cb)
    return ca && cb && *ca == *cb;
  Operation *da = a.getDefiningOp(), *db = b.getDefiningOp();
  if (depth == 0 || !da || !db || da->getName() != db->getName() ||
      da->getNumRegions() != 0 || !isPure(da) ||
      da->getAttrDictionary() != db->getAttrDictionary() ||
      da->getNumOperands() != db->getNumOperands() ||
      cast<OpResult>(a).getResultNumber() !=
          cast<OpResult>(b).getResultNumber())
    return false;
  for (auto [x, y] : llvm::zip(da->getOperands(), db->getOperands()))
    if (!sameIndex(x, y, depth - 1))
      return false;
  return true;
}

/// Whether `v` can differ between the threads of a CTA: it is computed
/// from a thread or warp index.
bool variesByThread(Value v, unsigned depth = 8) {
  Operation *def = v.getDefiningOp();
  if (!def || depth == 0)
    return false;
  if (isa<tile::ThreadIdOp, tile::WarpIdOp, gpu::ThreadIdOp, gpu::LaneIdOp>(
          def))
    return true;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return variesByThread(operand, depth - 1);
  });
}

struct BarrierId {
  Operation *group = nullptr;
  Value index;
  std::optional<int64_t> constantIndex;
  /// Different threads select different barriers (for example one per
  /// warp): how many threads reach each one is not known here.
  bool perThread = false;

  bool known() const { return group != nullptr; }
  bool sameAs(const BarrierId &other) const {
    return group && group == other.group && sameIndex(index, other.index);
  }
  /// False only when both indices are constants that differ.
  bool mayBe(const BarrierId &other) const {
    return !constantIndex || !other.constantIndex ||
           *constantIndex == *other.constantIndex;
  }
};

BarrierId identify(Value barrier) {
  BarrierId id;
  auto index = barrier.getDefiningOp<mbarrier::IndexOp>();
  if (!index)
    return id;
  id.group = traceGroup(index.getGroup());
  id.index = index.getIndex();
  id.constantIndex = getConstant(id.index);
  id.perThread = variesByThread(id.index);
  return id;
}

/// "barrier 1" or "barrier [index]" of a group, for diagnostics.
std::string describe(const BarrierId &id) {
  if (id.constantIndex)
    return "barrier " + std::to_string(*id.constantIndex);
  return "the barrier selected by a computed index";
}

void noteGroup(InFlightDiagnostic &diag, const BarrierId &id) {
  diag.attachNote(id.group->getLoc()) << "barrier group allocated here";
}

//===----------------------------------------------------------------------===//
// Events
//===----------------------------------------------------------------------===//

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

std::optional<int64_t> times(std::optional<int64_t> a,
                             std::optional<int64_t> b) {
  if (!a || !b)
    return std::nullopt;
  return *a * *b;
}

/// "8192 bytes" or "8192 bytes x 128 executions", for notes.
std::string describeAmount(const Event &e, StringRef unit) {
  std::string text = std::to_string(e.unit) + " " + unit.str();
  if (*e.executions != 1)
    text += " x " + std::to_string(*e.executions) + " executions";
  return text;
}

/// Threads of `threads` that pass a guard: one per scope for tile.elect,
/// unknown for any other condition.
std::optional<int64_t> narrow(Value cond, std::optional<int64_t> threads) {
  auto elect = cond.getDefiningOp<tile::ElectOp>();
  if (!elect)
    return std::nullopt;
  switch (elect.getScope()) {
  case tile::Scope::Thread:
    return threads;
  case tile::Scope::CTA:
    return 1;
  case tile::Scope::Warp:
    return threads ? std::optional<int64_t>((*threads + 31) / 32)
                   : std::nullopt;
  case tile::Scope::Warpgroup:
    return threads ? std::optional<int64_t>((*threads + 127) / 128)
                   : std::nullopt;
  }
  return std::nullopt;
}

std::optional<int64_t> guarded(Value pred, std::optional<int64_t> threads) {
  return pred ? narrow(pred, threads) : threads;
}

/// How many threads issue a copy whose scope is `scope`.
std::optional<int64_t> issuers(tile::Scope scope,
                               std::optional<int64_t> threads) {
  switch (scope) {
  case tile::Scope::Thread:
    return threads;
  case tile::Scope::CTA:
    return 1;
  case tile::Scope::Warp:
    return threads ? std::optional<int64_t>((*threads + 31) / 32)
                   : std::nullopt;
  case tile::Scope::Warpgroup:
    return threads ? std::optional<int64_t>((*threads + 127) / 128)
                   : std::nullopt;
  }
  return std::nullopt;
}

/// The threads that execute the ops of `block`: the kernel's or the
/// partition's warps, narrowed by the tile.elect guards around it.
std::optional<int64_t> threadsOf(Block *block) {
  Operation *parent = block->getParentOp();
  if (isa<gpu::GPUFuncOp>(parent)) {
    // getKernelNumWarps looks for the function around an op in its body.
    std::optional<int64_t> warps = tile::getKernelNumWarps(&block->front());
    return warps ? std::optional<int64_t>(*warps * 32) : std::nullopt;
  }
  if (auto ws = dyn_cast<tile::WarpSpecializeOp>(parent)) {
    unsigned region = block->getParent()->getRegionNumber();
    if (region == 0)
      return threadsOf(ws->getBlock());
    return int64_t(ws.getPartitionNumWarps()[region - 1]) * 32;
  }
  std::optional<int64_t> outer = threadsOf(parent->getBlock());
  if (auto ifOp = dyn_cast<scf::IfOp>(parent))
    return block->getParent() == &ifOp.getThenRegion()
               ? narrow(ifOp.getCondition(), outer)
               : std::nullopt;
  return outer;
}

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

std::optional<int64_t> tripCount(scf::ForOp forOp) {
  std::optional<int64_t> lb = getConstant(forOp.getLowerBound());
  std::optional<int64_t> ub = getConstant(forOp.getUpperBound());
  std::optional<int64_t> step = getConstant(forOp.getStep());
  if (!lb || !ub || !step || *step <= 0)
    return std::nullopt;
  return *ub > *lb ? (*ub - *lb + *step - 1) / *step : 0;
}

void EventCollector::collect(Operation *op, std::optional<int64_t> threads,
                             SmallVectorImpl<Event> &out) {
  auto push = [&](EventKind kind, Value barrier, int64_t unit,
                  std::optional<int64_t> executions) {
    BarrierId id = identify(barrier);
    if (id.perThread)
      executions = std::nullopt;
    out.push_back({kind, id, op, unit, executions});
  };
  // An expect whose bytes are left out (not inferred yet) has an unknown
  // amount, but a known number of executions.
  auto pushExpect = [&](Value barrier, std::optional<uint32_t> bytes,
                        std::optional<int64_t> executions) {
    push(EventKind::Expect, barrier, bytes.value_or(0), executions);
    out.back().bytesLeftOut = !bytes;
  };
  if (auto e = dyn_cast<mbarrier::ExpectTxOp>(op)) {
    pushExpect(e.getBarrier(), e.getBytes(), guarded(e.getPred(), threads));
  } else if (auto e = dyn_cast<mbarrier::ArriveExpectTxOp>(op)) {
    std::optional<int64_t> n = guarded(e.getPred(), threads);
    pushExpect(e.getBarrier(), e.getBytes(), n);
    push(EventKind::Arrive, e.getBarrier(), 1, n);
  } else if (auto a = dyn_cast<mbarrier::ArriveOp>(op)) {
    // A remote arrival lands in another CTA's barrier.
    if (a.getCta())
      push(EventKind::Opaque, a.getBarrier(), 0, std::nullopt);
    else
      push(EventKind::Arrive, a.getBarrier(), a.getCount(),
           guarded(a.getPred(), threads));
  } else if (auto load = dyn_cast<tma::AsyncLoadOp>(op)) {
    // A multicast box also counts down the barriers of other CTAs, and
    // theirs count down ours; split among the mask's CTAs (a descriptor
    // with multicast = N), each of them receives the whole box, as if it
    // had loaded it alone.
    if (load.getMulticastMask() && load.getDesc().getType().getMulticast() == 1)
      push(EventKind::Opaque, load.getBarrier(), 0, std::nullopt);
    else
      push(EventKind::Copy, load.getBarrier(),
           load.getDesc().getType().getBoxBytes(),
           issuers(load.getScope(), threads));
  } else if (auto bulk = dyn_cast<tma::BulkLoadOp>(op)) {
    push(EventKind::Copy, bulk.getBarrier(),
         cast<tile::SharedMemoryType>(bulk.getDst().getType()).getSizeInBytes(),
         issuers(bulk.getScope(), threads));
  } else if (auto w = dyn_cast<mbarrier::WaitOp>(op)) {
    push(EventKind::Wait, w.getBarrier(), 0, 1);
  } else if (auto w = dyn_cast<mbarrier::TryWaitOp>(op)) {
    push(EventKind::Wait, w.getBarrier(), 0, 1);
  } else if (isa<mbarrier::InitOp, mbarrier::InvalidateOp>(op)) {
    return;
  } else if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    collectIf(ifOp, threads, out);
  } else if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    collectFor(forOp, threads, out);
  } else {
    collectOpaque(op, out);
  }
}

void EventCollector::collectIf(scf::IfOp ifOp, std::optional<int64_t> threads,
                               SmallVectorImpl<Event> &out) {
  collect(*ifOp.thenBlock(), narrow(ifOp.getCondition(), threads), out);
  if (Block *elseBlock = ifOp.elseBlock()) {
    // Both branches are flattened; the count of either is unknown.
    collect(*elseBlock, std::nullopt, out);
  }
}

void EventCollector::collectFor(scf::ForOp forOp,
                                std::optional<int64_t> threads,
                                SmallVectorImpl<Event> &out) {
  SmallVector<Event> body;
  collect(*forOp.getBody(), threads, body);
  std::optional<int64_t> trips = tripCount(forOp);
  bool waits = llvm::any_of(
      body, [](const Event &e) { return e.kind == EventKind::Wait; });
  for (Event &e : body) {
    // The loop's phases are checked on its own body; from outside, a loop
    // that waits (or runs an unknown number of times) is opaque.
    if (waits || !trips)
      e.kind = EventKind::Opaque;
    else
      e.executions = times(e.executions, trips);
    out.push_back(e);
  }
}

void EventCollector::collectOpaque(Operation *op, SmallVectorImpl<Event> &out) {
  op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      if (isa<mbarrier::BarrierType>(operand.getType()))
        out.push_back(
            {EventKind::Opaque, identify(operand), nested, 0, std::nullopt});
  });
}

//===----------------------------------------------------------------------===//
// Phases
//===----------------------------------------------------------------------===//

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
SmallVector<Phase> splitPhases(ArrayRef<const Event *> events, bool cyclic) {
  SmallVector<Phase> phases(1);
  for (const Event *e : events) {
    if (e->kind != EventKind::Wait) {
      phases.back().events.push_back(e);
      continue;
    }
    phases.back().end = e->op;
    phases.emplace_back();
    phases.back().begin = e->op;
  }
  if (cyclic && phases.size() > 1) {
    Phase tail = phases.pop_back_val();
    tail.events.append(phases.front().events);
    tail.end = phases.front().end;
    phases.front() = tail;
  }
  return phases;
}

void notePhase(InFlightDiagnostic &diag, const Phase &phase) {
  if (phase.begin && phase.begin == phase.end) {
    diag.attachNote(phase.end->getLoc())
        << "the phase runs from this wait around the loop to the same wait "
           "in the next iteration";
    return;
  }
  if (phase.begin)
    diag.attachNote(phase.begin->getLoc())
        << "the phase begins after this wait";
  if (phase.end)
    diag.attachNote(phase.end->getLoc()) << "the phase ends at this wait";
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct VerifyBarriers
    : public tilemlir::impl::TileVerifyBarriersBase<VerifyBarriers> {
  void runOnOperation() override {
    bool ok = true;
    getOperation().walk(
        [&](gpu::GPUFuncOp func) { ok &= succeeded(checkFunction(func)); });
    if (!ok)
      signalPassFailure();
  }

  LogicalResult checkFunction(gpu::GPUFuncOp func);
  LogicalResult checkInitialized(gpu::GPUFuncOp func);
  LogicalResult checkInitializedOnce(gpu::GPUFuncOp func);
  LogicalResult checkCompletable(gpu::GPUFuncOp func);
  LogicalResult checkDelivered(gpu::GPUFuncOp func);
  LogicalResult checkBlock(Block &block);
  LogicalResult checkBytes(const BarrierId &id, const Phase &phase);
  LogicalResult checkArrivals(const BarrierId &id, const Phase &phase,
                              Block &block);

  /// Per kernel: the inits, the ops that can arrive and the ops that can
  /// count transaction bytes down on each group.
  llvm::DenseMap<Operation *, SmallVector<mbarrier::InitOp>> inits;
  llvm::DenseMap<Operation *, SmallVector<Operation *>> arrivers;
  llvm::DenseMap<Operation *, SmallVector<Operation *>> copiers;
};

/// The blocks whose phases are read: every block but scf.if bodies (those
/// are part of the block around them).
bool readsPhases(Block *block) { return !isa<scf::IfOp>(block->getParentOp()); }

/// Whether `op` can complete an arrival on the barrier operand `barrier`:
/// everything that takes a barrier except waits, inits, expects and
/// loads (copies count bytes down, they never arrive).
bool canArrive(Operation *op) {
  return !isa<mbarrier::WaitOp, mbarrier::TryWaitOp, mbarrier::InitOp,
              mbarrier::InvalidateOp, mbarrier::ExpectTxOp, mbarrier::IndexOp,
              tma::AsyncLoadOp, tma::BulkLoadOp>(op);
}

/// Whether `op` can count transaction bytes down on a barrier it takes: a
/// TMA or bulk load, a copy not lowered yet, any op outside the mbarrier
/// dialect.
bool canCopy(Operation *op) {
  return !isa<mbarrier::MBarrierDialect>(op->getDialect());
}

/// Whether one of `op`'s barrier operands may be barrier `id`.
bool takesBarrier(Operation *op, const BarrierId &id) {
  return llvm::any_of(op->getOperands(), [&](Value v) {
    return isa<mbarrier::BarrierType>(v.getType()) &&
           identify(v).group == id.group && identify(v).mayBe(id);
  });
}

LogicalResult VerifyBarriers::checkFunction(gpu::GPUFuncOp func) {
  inits.clear();
  arrivers.clear();
  copiers.clear();
  func.walk([&](Operation *op) {
    if (auto init = dyn_cast<mbarrier::InitOp>(op)) {
      if (Operation *group = identify(init.getBarrier()).group)
        inits[group].push_back(init);
      return;
    }
    for (Value operand : op->getOperands())
      if (isa<mbarrier::BarrierType>(operand.getType()))
        if (Operation *group = identify(operand).group) {
          if (canArrive(op))
            arrivers[group].push_back(op);
          if (canCopy(op))
            copiers[group].push_back(op);
        }
  });
  LogicalResult result = success();
  if (failed(checkInitialized(func)) || failed(checkInitializedOnce(func)) ||
      failed(checkCompletable(func)) || failed(checkDelivered(func)))
    result = failure();
  func.walk([&](Block *block) {
    if (readsPhases(block) && failed(checkBlock(*block)))
      result = failure();
  });
  return result;
}

/// The barrier operand of a wait, try_wait or arrive (null otherwise).
Value getWaitedOrArrived(Operation *op, StringRef &what) {
  if (auto wait = dyn_cast<mbarrier::WaitOp>(op)) {
    what = "waits on";
    return wait.getBarrier();
  }
  if (auto wait = dyn_cast<mbarrier::TryWaitOp>(op)) {
    what = "waits on";
    return wait.getBarrier();
  }
  if (auto arrive = dyn_cast<mbarrier::ArriveOp>(op)) {
    what = "arrives on";
    return arrive.getBarrier();
  }
  return Value();
}

LogicalResult VerifyBarriers::checkInitialized(gpu::GPUFuncOp func) {
  LogicalResult result = success();
  llvm::SmallPtrSet<Operation *, 4> reported;
  func.walk([&](Operation *op) {
    StringRef what;
    Value barrier = getWaitedOrArrived(op, what);
    if (!barrier)
      return;
    BarrierId id = identify(barrier);
    if (!id.known() || reported.contains(id.group))
      return;
    auto it = inits.find(id.group);
    if (it != inits.end() &&
        llvm::any_of(it->second, [&](mbarrier::InitOp init) {
          return identify(init.getBarrier()).mayBe(id);
        }))
      return;
    reported.insert(id.group);
    InFlightDiagnostic diag = op->emitOpError();
    if (it == inits.end())
      diag << what << " a barrier that no mbarrier.init in this kernel "
           << "initializes (it would never complete a phase)";
    else
      diag << what << " " << describe(id) << " of its group, which no "
           << "mbarrier.init in this kernel initializes (the inits have "
           << "other constant indices)";
    noteGroup(diag, id);
    result = failure();
  });
  return result;
}

/// Whether `a` and `b` are in different branches of one scf.if, so that
/// no execution runs both.
bool exclusive(Operation *a, Operation *b) {
  for (Operation *p = a->getParentOp(); p; p = p->getParentOp()) {
    auto ifOp = dyn_cast<scf::IfOp>(p);
    if (!ifOp || !ifOp->isProperAncestor(b))
      continue;
    return ifOp.getThenRegion().isAncestor(a->getParentRegion()) !=
           ifOp.getThenRegion().isAncestor(b->getParentRegion());
  }
  return false;
}

/// PTX leaves an mbarrier.init of a barrier that is already initialized
/// undefined (mbarrier.invalidate must come first), and two inits with
/// different arrival counts leave the phases' total in doubt. Only inits
/// of certainly the same barrier (sameAs), both of which one execution
/// can run, on a group that nothing invalidates, are reported.
LogicalResult VerifyBarriers::checkInitializedOnce(gpu::GPUFuncOp func) {
  llvm::SmallPtrSet<Operation *, 4> invalidated;
  func.walk([&](mbarrier::InvalidateOp op) {
    if (Operation *group = identify(op.getBarrier()).group)
      invalidated.insert(group);
  });
  LogicalResult result = success();
  for (auto &[group, groupInits] : inits) {
    if (invalidated.contains(group))
      continue;
    for (auto [i, later] : llvm::enumerate(groupInits))
      for (mbarrier::InitOp earlier : ArrayRef(groupInits).take_front(i)) {
        BarrierId id = identify(later.getBarrier());
        if (!id.sameAs(identify(earlier.getBarrier())) ||
            exclusive(earlier, later))
          continue;
        InFlightDiagnostic diag = later.emitOpError()
                                  << "initializes " << describe(id)
                                  << " of its group again (" << later.getArrivals()
                                  << " arrivals";
        if (earlier.getArrivals() != later.getArrivals())
          diag << ", where the first init set " << earlier.getArrivals();
        diag << ") with no mbarrier.invalidate before: re-initializing a "
             << "barrier in use is undefined in PTX";
        diag.attachNote(earlier.getLoc()) << "first initialized here";
        noteGroup(diag, id);
        result = failure();
        break;
      }
  }
  return result;
}

LogicalResult VerifyBarriers::checkCompletable(gpu::GPUFuncOp func) {
  LogicalResult result = success();
  func.walk(
      [&](Operation *op) {
        Value barrier;
        if (auto wait = dyn_cast<mbarrier::WaitOp>(op))
          barrier = wait.getBarrier();
        else if (auto wait = dyn_cast<mbarrier::TryWaitOp>(op))
          barrier = wait.getBarrier();
        BarrierId id = barrier ? identify(barrier) : BarrierId();
        if (!id.known() || !inits.count(id.group))
          return;
        if (llvm::any_of(arrivers.lookup(id.group), [&](Operation *arriver) {
              return takesBarrier(arriver, id);
            }))
          return;
        InFlightDiagnostic diag =
            op->emitOpError()
            << "waits on " << describe(id) << " of its group, but nothing in "
            << "this kernel arrives on it (no mbarrier.arrive or "
            << "arrive_expect_tx; copies only count transaction bytes down): "
            << "no phase of it can ever complete";
        noteGroup(diag, id);
        result = failure();
      });
  return result;
}

/// An expect of transaction bytes on a barrier that no copy in the kernel
/// can complete on (canCopy) hangs every wait for its phase.
LogicalResult VerifyBarriers::checkDelivered(gpu::GPUFuncOp func) {
  LogicalResult result = success();
  func.walk([&](Operation *op) {
    Value barrier;
    std::optional<uint32_t> bytes;
    if (auto e = dyn_cast<mbarrier::ExpectTxOp>(op)) {
      barrier = e.getBarrier();
      bytes = e.getBytes();
    } else if (auto e = dyn_cast<mbarrier::ArriveExpectTxOp>(op)) {
      barrier = e.getBarrier();
      bytes = e.getBytes();
    }
    BarrierId id = barrier ? identify(barrier) : BarrierId();
    if (!id.known() || !bytes || *bytes == 0)
      return;
    if (llvm::any_of(copiers.lookup(id.group), [&](Operation *copier) {
          return takesBarrier(copier, id);
        }))
      return;
    InFlightDiagnostic diag =
        op->emitOpError() << "expects " << *bytes << " transaction bytes on "
                          << describe(id)
                          << " of its group, but no copy in this kernel "
                             "completes on it: its phase can never complete";
    noteGroup(diag, id);
    result = failure();
  });
  return result;
}

/// The events of known barriers, one list per barrier, in program order.
SmallVector<std::pair<BarrierId, SmallVector<const Event *>>>
groupByBarrier(ArrayRef<Event> events) {
  SmallVector<std::pair<BarrierId, SmallVector<const Event *>>> barriers;
  for (const Event &e : events) {
    if (!e.id.known())
      continue;
    auto *it =
        llvm::find_if(barriers, [&](auto &b) { return b.first.sameAs(e.id); });
    if (it == barriers.end()) {
      barriers.push_back({e.id, {}});
      it = std::prev(barriers.end());
    }
    it->second.push_back(&e);
  }
  return barriers;
}

LogicalResult VerifyBarriers::checkBlock(Block &block) {
  SmallVector<Event> events;
  EventCollector().collect(block, threadsOf(&block), events);
  bool cyclic = isa<LoopLikeOpInterface>(block.getParentOp());
  LogicalResult result = success();
  for (auto &[id, list] : groupByBarrier(events))
    for (const Phase &phase : splitPhases(list, cyclic))
      if (failed(checkBytes(id, phase)) ||
          failed(checkArrivals(id, phase, block)))
        result = failure();
  return result;
}

LogicalResult VerifyBarriers::checkBytes(const BarrierId &id,
                                         const Phase &phase) {
  if (!phase.has(EventKind::Expect) || !phase.has(EventKind::Copy) ||
      !phase.known({EventKind::Expect, EventKind::Copy}))
    return success();
  int64_t expected = phase.sum(EventKind::Expect);
  int64_t moved = phase.sum(EventKind::Copy);
  if (expected == moved)
    return success();
  const Event *first = *llvm::find_if(phase.events, [](const Event *e) {
    return e->kind == EventKind::Expect;
  });
  InFlightDiagnostic diag =
      first->op->emitOpError()
      << "one phase of " << describe(id) << " of its group expects " << expected
      << " transaction bytes, but the copies that complete on "
      << "it in that phase move " << moved << " bytes";
  if (*first->executions != 1)
    diag << " (this expect counts " << describeAmount(*first, "bytes")
         << ": every thread that executes it adds its bytes; guard it with "
         << "a tile.elect leader)";
  for (const Event *e : phase.events) {
    if (e->kind == EventKind::Expect && e != first)
      diag.attachNote(e->op->getLoc())
          << "expect counted here (" << describeAmount(*e, "bytes") << ")";
    if (e->kind == EventKind::Copy)
      diag.attachNote(e->op->getLoc())
          << "copy counted here (" << describeAmount(*e, "bytes") << ")";
  }
  notePhase(diag, phase);
  noteGroup(diag, id);
  return failure();
}

/// The arrival count every init of `id` gives it, if they agree.
std::optional<int64_t> arrivalCount(ArrayRef<mbarrier::InitOp> inits,
                                    const BarrierId &id) {
  std::optional<int64_t> count;
  for (mbarrier::InitOp init : inits) {
    if (!identify(init.getBarrier()).mayBe(id))
      continue;
    if (count && *count != init.getArrivals())
      return std::nullopt;
    count = init.getArrivals();
  }
  return count;
}

LogicalResult VerifyBarriers::checkArrivals(const BarrierId &id,
                                            const Phase &phase, Block &block) {
  // Only a phase this block waits for is one whose arrivals it must make.
  if (!phase.end || !phase.has(EventKind::Arrive) ||
      !phase.known({EventKind::Arrive}))
    return success();
  std::optional<int64_t> expected = arrivalCount(inits.lookup(id.group), id);
  if (!expected)
    return success();
  int64_t arrived = phase.sum(EventKind::Arrive);
  // When nothing outside this block arrives on the group, its arrivals
  // are all the phase gets.
  bool alone = llvm::all_of(arrivers.lookup(id.group), [&](Operation *op) {
    return block.findAncestorOpInBlock(*op) != nullptr;
  });
  if (arrived == *expected || (arrived < *expected && !alone))
    return success();
  const Event *first = *llvm::find_if(phase.events, [](const Event *e) {
    return e->kind == EventKind::Arrive;
  });
  InFlightDiagnostic diag = first->op->emitOpError();
  diag << "one phase of " << describe(id) << " of its group gets " << arrived
       << " arrivals from the threads that wait for it, but mbarrier.init "
       << "set " << *expected << " arrivals per phase: ";
  if (arrived > *expected)
    diag << "the phase completes early and the other arrivals count towards "
         << "the next one";
  else
    diag << "nothing else arrives on it, so the phase never completes";
  for (const Event *e : phase.events)
    if (e->kind == EventKind::Arrive && e != first)
      diag.attachNote(e->op->getLoc())
          << "arrivals counted here (" << describeAmount(*e, "arrivals") << ")";
  notePhase(diag, phase);
  noteGroup(diag, id);
  return failure();
}

//===----------------------------------------------------------------------===//
// tile-infer-transaction-bytes
//===----------------------------------------------------------------------===//

/// What the phases of a kernel say about each expect that leaves its bytes
/// out: the bytes, or why they cannot be computed.
class ByteInference {
public:
  void readBlock(Block &block);
  /// Sets the bytes of `op`, or emits why not.
  LogicalResult finish(Operation *op);

private:
  void inferPhase(const Phase &phase, bool closed);
  /// A reason for `op`; reasons from whole phases win over the one that
  /// the phase is not whole.
  void refuse(Operation *op, const Twine &reason, bool wholePhase = true);

  llvm::DenseMap<Operation *, int64_t> bytes;
  llvm::DenseMap<Operation *, std::pair<std::string, bool>> reasons;
};

void ByteInference::refuse(Operation *op, const Twine &reason,
                           bool wholePhase) {
  auto [it, inserted] = reasons.try_emplace(op, reason.str(), wholePhase);
  if (!inserted && wholePhase && !it->second.second)
    it->second = {reason.str(), wholePhase};
}

void ByteInference::readBlock(Block &block) {
  SmallVector<Event> events;
  EventCollector().collect(block, threadsOf(&block), events);
  bool cyclic = isa<LoopLikeOpInterface>(block.getParentOp());
  // The kernel's entry block starts every barrier's first phase.
  bool entry = isa<gpu::GPUFuncOp>(block.getParentOp());
  for (auto &[id, list] : groupByBarrier(events))
    for (const Phase &phase : splitPhases(list, cyclic))
      inferPhase(phase, phase.end && (phase.begin || entry));
}

void ByteInference::inferPhase(const Phase &phase, bool closed) {
  SmallVector<const Event *> open;
  for (const Event *e : phase.events) {
    if (e->kind == EventKind::Expect && e->bytesLeftOut)
      open.push_back(e);
    // An expect in a loop the phase cannot count (from outside it).
    if (e->kind == EventKind::Opaque && closed &&
        isa<mbarrier::ExpectTxOp, mbarrier::ArriveExpectTxOp>(e->op) &&
        !e->op->hasAttr("bytes"))
      refuse(e->op, "the loop around it runs an unknown number of times in "
                    "its phase (no constant trip count), or waits on the "
                    "barrier in a way the phase cannot follow");
  }
  if (open.empty())
    return;
  if (!closed) {
    for (const Event *e : open)
      refuse(e->op,
             "its phase does not run from a wait on the barrier (or the "
             "kernel's start) to a wait on it in the same block (a barrier "
             "armed in one warp_specialize partition and waited on in "
             "another, for instance)",
             /*wholePhase=*/false);
    return;
  }
  if (open.size() > 1) {
    for (const Event *e : open)
      refuse(e->op, "another expect without a byte count is in the same "
                    "phase, and only one of them can take the rest");
    return;
  }
  const Event *target = open.front();
  if (!target->executions)
    return refuse(target->op,
                  "how many threads execute it is not known (guard it with "
                  "tile.elect, or keep it out of loops without a constant "
                  "trip count)");
  int64_t moved = 0, announced = 0;
  for (const Event *e : phase.events) {
    if (e == target ||
        (e->kind != EventKind::Copy && e->kind != EventKind::Expect &&
         e->kind != EventKind::Opaque))
      continue;
    std::optional<int64_t> amount = e->amount();
    if (e->kind == EventKind::Opaque || !amount)
      return refuse(target->op,
                    "the bytes of its phase are not all known: " +
                        e->op->getName().getStringRef() +
                        " here moves or expects an amount known only at run "
                        "time (a multicast copy, a loop without a constant "
                        "trip count, or a guard other than tile.elect)");
    (e->kind == EventKind::Copy ? moved : announced) += *amount;
  }
  if (!phase.has(EventKind::Copy))
    return refuse(target->op,
                  "no TMA or bulk load completes on the barrier in its phase");
  int64_t rest = moved - announced;
  int64_t executions = *target->executions;
  if (rest <= 0 || rest % executions != 0 || rest / executions >= (1 << 20))
    return refuse(target->op,
                  "the copies of its phase move " + Twine(moved) +
                      " bytes, the phase's other expects announce " +
                      Twine(announced) + ", and the remaining " + Twine(rest) +
                      " are not a positive multiple, below 2^20 each, of "
                      "the " +
                      Twine(executions) + " times it executes");
  auto [it, inserted] = bytes.try_emplace(target->op, rest / executions);
  if (!inserted && it->second != rest / executions) {
    refuse(target->op, "its phases disagree: " + Twine(it->second) +
                           " bytes in one, " + Twine(rest / executions) +
                           " in another");
    it->second = -1;
  }
}

LogicalResult ByteInference::finish(Operation *op) {
  auto it = bytes.find(op);
  if (it != bytes.end() && it->second > 0) {
    op->setAttr(
        "bytes",
        IntegerAttr::get(IntegerType::get(op->getContext(), 32), it->second));
    return success();
  }
  auto reason = reasons.find(op);
  return op->emitOpError()
         << "has no byte count, and tile-infer-transaction-bytes cannot "
            "compute it: "
         << (reason != reasons.end()
                 ? reason->second.first
                 : std::string("no phase of its barrier is known (the "
                               "barrier does not trace to an mbarrier.alloc "
                               "of the kernel)"))
         << "; write `bytes = N`";
}

struct InferTransactionBytes
    : public tilemlir::impl::TileInferTransactionBytesBase<
          InferTransactionBytes> {
  void runOnOperation() override {
    bool ok = true;
    getOperation().walk([&](gpu::GPUFuncOp func) {
      SmallVector<Operation *> open;
      func.walk([&](Operation *op) {
        if (auto e = dyn_cast<mbarrier::ExpectTxOp>(op); e && !e.getBytes())
          open.push_back(op);
        if (auto e = dyn_cast<mbarrier::ArriveExpectTxOp>(op);
            e && !e.getBytes())
          open.push_back(op);
      });
      if (open.empty())
        return;
      ByteInference inference;
      func.walk([&](Block *block) {
        if (readsPhases(block))
          inference.readBlock(*block);
      });
      for (Operation *op : open)
        ok &= succeeded(inference.finish(op));
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
