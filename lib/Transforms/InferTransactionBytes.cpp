//===- InferTransactionBytes.cpp - Byte counts of expects that omit them --===//
//
// tile-infer-transaction-bytes: fills in the byte count of an expect_tx or
// arrive_expect_tx written without one from the phases tile-verify-barriers
// reads (BarrierPhases.h): the bytes its phase's TMA and bulk loads move,
// less the phase's other expects, per thread that executes it; where that
// is not determined it says why, at the op.
//
//===----------------------------------------------------------------------===//

#include "BarrierPhases.h"

#include "TileMLIR/Transforms/Passes.h"

#include "MBarrier/MBarrierDialect.h"

#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEINFERTRANSACTIONBYTES
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;
using namespace mlir::tilemlir::barriers;

namespace {

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
