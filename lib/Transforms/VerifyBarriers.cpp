//===- VerifyBarriers.cpp - Static checks of barrier use ------------------===//
//
// Barriers are identified by (group allocation, index): the group is traced
// through mbarrier.index and through tile.warp_specialize captures back to
// its mbarrier.alloc; indices compare equal when they are the same SSA value
// or the same constant.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "Tile/TileDialect.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEVERIFYBARRIERS
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {

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

struct BarrierId {
  Operation *group = nullptr;
  Value index;
  std::optional<int64_t> constantIndex;

  bool sameAs(const BarrierId &other) const {
    if (!group || group != other.group)
      return false;
    if (constantIndex && other.constantIndex)
      return *constantIndex == *other.constantIndex;
    return index && index == other.index;
  }
};

BarrierId identify(Value barrier) {
  BarrierId id;
  auto index = barrier.getDefiningOp<mbarrier::IndexOp>();
  if (!index)
    return id;
  id.group = traceGroup(index.getGroup());
  id.index = index.getIndex();
  APInt value;
  if (matchPattern(id.index, m_ConstantInt(&value)))
    id.constantIndex = value.getSExtValue();
  return id;
}

/// Transaction bytes a copy adds to its barrier, with the barrier value.
std::optional<std::pair<Value, int64_t>> getCopyBytes(Operation *op) {
  if (auto load = dyn_cast<tma::AsyncLoadOp>(op))
    return std::make_pair(load.getBarrier(), load.getDesc().getType().getBoxBytes());
  if (auto bulk = dyn_cast<tma::BulkLoadOp>(op))
    return std::make_pair(
        bulk.getBarrier(),
        cast<tile::SharedMemoryType>(bulk.getDst().getType()).getSizeInBytes());
  return std::nullopt;
}

struct VerifyBarriers
    : public tilemlir::impl::TileVerifyBarriersBase<VerifyBarriers> {
  void runOnOperation() override {
    bool ok = true;
    getOperation().walk([&](gpu::GPUFuncOp func) {
      ok &= succeeded(checkInitialized(func));
      ok &= succeeded(checkExpectedBytes(func));
    });
    if (!ok)
      signalPassFailure();
  }

  LogicalResult checkInitialized(gpu::GPUFuncOp func) {
    llvm::DenseSet<Operation *> initialized;
    func.walk([&](mbarrier::InitOp init) {
      if (Operation *group = identify(init.getBarrier()).group)
        initialized.insert(group);
    });
    LogicalResult result = success();
    llvm::DenseSet<Operation *> reported;
    func.walk([&](Operation *op) {
      Value barrier;
      StringRef what;
      if (auto wait = dyn_cast<mbarrier::WaitOp>(op)) {
        barrier = wait.getBarrier();
        what = "waits on";
      } else if (auto wait = dyn_cast<mbarrier::TryWaitOp>(op)) {
        barrier = wait.getBarrier();
        what = "waits on";
      } else if (auto arrive = dyn_cast<mbarrier::ArriveOp>(op)) {
        barrier = arrive.getBarrier();
        what = "arrives on";
      } else {
        return;
      }
      Operation *group = identify(barrier).group;
      if (!group || initialized.contains(group) || !reported.insert(group).second)
        return;
      op->emitOpError() << what << " a barrier that no mbarrier.init in this "
                        << "kernel initializes (it would never complete a "
                           "phase)";
      group->emitRemark() << "barrier group allocated here";
      result = failure();
    });
    return result;
  }

  LogicalResult checkExpectedBytes(gpu::GPUFuncOp func) {
    LogicalResult result = success();
    func.walk([&](Operation *op) {
      Value barrier;
      int64_t expected;
      if (auto e = dyn_cast<mbarrier::ExpectTxOp>(op)) {
        barrier = e.getBarrier();
        expected = e.getBytes();
      } else if (auto e = dyn_cast<mbarrier::ArriveExpectTxOp>(op)) {
        barrier = e.getBarrier();
        expected = e.getBytes();
      } else {
        return;
      }
      BarrierId id = identify(barrier);
      if (!id.group)
        return;
      // Start after the outermost scf.if that only guards the expect (the
      // leader predicate), and scan straight-line code in that block.
      Operation *anchor = op;
      while (isa_and_nonnull<scf::IfOp>(anchor->getParentOp()))
        anchor = anchor->getParentOp();
      int64_t moved = 0;
      SmallVector<Operation *> copies;
      bool stop = false;
      std::function<void(Operation *)> scan = [&](Operation *x) {
        if (stop)
          return;
        if (std::optional<std::pair<Value, int64_t>> copy = getCopyBytes(x)) {
          if (identify(copy->first).sameAs(id)) {
            moved += copy->second;
            copies.push_back(x);
          }
          return;
        }
        Value other;
        if (auto w = dyn_cast<mbarrier::WaitOp>(x))
          other = w.getBarrier();
        else if (auto w = dyn_cast<mbarrier::TryWaitOp>(x))
          other = w.getBarrier();
        else if (auto e = dyn_cast<mbarrier::ExpectTxOp>(x))
          other = e.getBarrier();
        else if (auto e = dyn_cast<mbarrier::ArriveExpectTxOp>(x))
          other = e.getBarrier();
        if (other && identify(other).sameAs(id)) {
          stop = true;
          return;
        }
        if (x->getNumRegions() == 0)
          return;
        // Only predicated straight-line code is followed; loops and
        // partitions end the scan (their copies repeat or run elsewhere).
        if (!isa<scf::IfOp>(x)) {
          stop = true;
          return;
        }
        for (Region &region : x->getRegions())
          for (Operation &nested : region.getOps())
            scan(&nested);
      };
      for (Operation *x = anchor->getNextNode(); x && !stop;
           x = x->getNextNode())
        scan(x);
      if (copies.empty() || moved == expected)
        return;
      InFlightDiagnostic diag = op->emitOpError()
                                << "expects " << expected
                                << " transaction bytes, but the copies that "
                                   "complete on this barrier move "
                                << moved << " bytes";
      for (Operation *copy : copies)
        diag.attachNote(copy->getLoc()) << "copy counted here";
      result = failure();
    });
    return result;
  }
};

} // namespace
