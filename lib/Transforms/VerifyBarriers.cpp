//===- VerifyBarriers.cpp - The mbarrier protocol checker -----------------===//
//
// Checks the protocol of every mbarrier a kernel allocates, once before
// warp specialization and pipelining (on the kernel as written) and once
// after (on the rings and partitions they made). A mistake here hangs the
// GPU or silently lets a consumer read a buffer that is still being
// written, so each finding names the barrier, the phase and the ops.
//
// Barriers, their events and phases are read as BarrierPhases.h says; a
// phase is checked only when every event in it has a known amount.
// tile-infer-transaction-bytes (InferTransactionBytes.cpp) reads the same
// phases to fill in the byte counts of expects that leave them out.
//
//===----------------------------------------------------------------------===//

#include "BarrierPhases.h"

#include "TileMLIR/Transforms/Passes.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "Tile/TileDialect.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEVERIFYBARRIERS
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;
using namespace mlir::tilemlir::barriers;

namespace {

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
        InFlightDiagnostic diag =
            later.emitOpError() << "initializes " << describe(id)
                                << " of its group again ("
                                << later.getArrivals() << " arrivals";
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

} // namespace
