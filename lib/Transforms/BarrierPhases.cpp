//===- BarrierPhases.cpp - Barrier events and phases of a kernel ----------===//
//
// See BarrierPhases.h.
//
//===----------------------------------------------------------------------===//

#include "BarrierPhases.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"

#include "mlir/IR/Matchers.h"

namespace mlir::tilemlir::barriers {

//===----------------------------------------------------------------------===//
// Barrier identity
//===----------------------------------------------------------------------===//

/// The mbarrier.alloc a group value comes from, or null when unknown (for
/// example a kernel argument).
static Operation *traceGroup(Value group) {
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

static std::optional<int64_t> getConstant(Value v) {
  APInt value;
  if (v && matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

/// Whether two index values are equal in every execution: the same value,
/// the same constant, or the same pure op applied to equal operands.
static bool sameIndex(Value a, Value b, unsigned depth = 6) {
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
static bool variesByThread(Value v, unsigned depth = 8) {
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

std::string describe(const BarrierId &id) {
  if (id.constantIndex)
    return "barrier " + std::to_string(*id.constantIndex);
  return "the barrier selected by a computed index";
}

void noteGroup(InFlightDiagnostic &diag, const BarrierId &id) {
  diag.attachNote(id.group->getLoc()) << "barrier group allocated here";
}

bool BarrierId::sameAs(const BarrierId &other) const {
  return group && group == other.group && sameIndex(index, other.index);
}

//===----------------------------------------------------------------------===//
// Events
//===----------------------------------------------------------------------===//

static std::optional<int64_t> times(std::optional<int64_t> a,
                             std::optional<int64_t> b) {
  if (!a || !b)
    return std::nullopt;
  return *a * *b;
}

std::string describeAmount(const Event &e, StringRef unit) {
  std::string text = std::to_string(e.unit) + " " + unit.str();
  if (*e.executions != 1)
    text += " x " + std::to_string(*e.executions) + " executions";
  return text;
}

/// How many threads issue a copy whose scope is `scope`.
static std::optional<int64_t> issuers(tile::Scope scope,
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

/// Threads of `threads` that pass a guard: one per scope for tile.elect
/// (as many as issue a copy of that scope), unknown for any other
/// condition.
static std::optional<int64_t> narrow(Value cond,
                                     std::optional<int64_t> threads) {
  auto elect = cond.getDefiningOp<tile::ElectOp>();
  return elect ? issuers(elect.getScope(), threads) : std::nullopt;
}

static std::optional<int64_t> guarded(Value pred,
                                      std::optional<int64_t> threads) {
  return pred ? narrow(pred, threads) : threads;
}

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


static std::optional<int64_t> tripCount(scf::ForOp forOp) {
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

bool readsPhases(Block *block) { return !isa<scf::IfOp>(block->getParentOp()); }

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

} // namespace mlir::tilemlir::barriers
