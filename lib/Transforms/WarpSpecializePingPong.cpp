//===- WarpSpecializePingPong.cpp - Consumers taking turns ---------------===//
//
// tile-warp-specialize's ping-pong schedule (WarpSpecialize.cpp says when
// it applies): the consumers' code is copied for a second warpgroup, the
// two take alternate iterations of the loop marked tile.ping_pong, and
// their MMA phases take turns on two mbarriers.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecializePingPong.h"

#include "Pipeliner.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Iterators.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tilemlir;

/// Warns that `loop` keeps one consumer copy, and why.
InFlightDiagnostic tilemlir::refusePingPong(scf::ForOp loop) {
  loop->removeAttr(tile::TileDialect::kPingPongAttrName);
  InFlightDiagnostic diag = loop.emitWarning();
  diag << "tile-warp-specialize: no ping-pong schedule: ";
  return diag;
}

/// The loop of `func` marked tile.ping_pong, if there is exactly one.
scf::ForOp tilemlir::findPingPong(gpu::GPUFuncOp func) {
  SmallVector<scf::ForOp> marked;
  func.walk([&](scf::ForOp loop) {
    if (loop->hasAttr(tile::TileDialect::kPingPongAttrName))
      marked.push_back(loop);
  });
  if (marked.size() > 1)
    for (scf::ForOp loop : marked)
      refusePingPong(loop) << "the kernel has " << marked.size()
                           << " loops marked tile.ping_pong; one loop's "
                              "iterations alternate between the consumers";
  return marked.size() == 1 ? marked.front() : scf::ForOp();
}

/// Whether `op`, which the consumers run outside the ping-pong loop, may
/// run on both warpgroups: it writes nothing, or only waits.
static bool isSafeTwice(Operation *op) {
  return isMemoryEffectFree(op) ||
         isa<gpu::ReturnOp, tile::BarrierOp, tma::StoreWaitOp, scf::YieldOp>(
             op);
}

/// The conditions of a ping-pong schedule: one consumer warpgroup's code,
/// every specialized loop directly in the ping-pong loop with bounds that
/// do not change in it (the other warpgroup's iterations are counted, not
/// seen), nothing else after the split that would run twice, and no
/// barrier of the user's in the consumers' code (each warpgroup would need
/// its own).
LogicalResult tilemlir::checkPingPong(gpu::GPUFuncOp func, scf::ForOp pingPong,
                                      ArrayRef<const PipelinePlan *> loops,
                                      int64_t consumerWarps, Operation *split) {
  if (consumerWarps != 4)
    return refusePingPong(pingPong)
           << "the kernel's " << consumerWarps
           << " warps are one warpgroup's code run on two warpgroups only "
              "with tile.num_warps = 4";
  if (pingPong != split)
    return refusePingPong(pingPong)
           << "the loop must be the kernel's top-level operation that holds "
              "the first warp-specialized loop";
  // Each warpgroup runs every other iteration: a carried value would chain
  // through its own iterations only, not the loop's.
  if (unsigned carried = pingPong.getNumRegionIterArgs())
    return refusePingPong(pingPong)
           << "it carries " << carried << " value" << (carried == 1 ? "" : "s")
           << " from one iteration to the next, and each consumer warpgroup "
              "runs every other iteration (compute "
           << (carried == 1 ? "it" : "them")
           << " from the induction variable instead)";
  for (const PipelinePlan *plan : loops) {
    scf::ForOp loop = plan->loop;
    if (loop->getParentOp() != pingPong)
      return refusePingPong(pingPong)
             << "a warp-specialized loop is not directly in its body";
    for (Value bound :
         {loop.getLowerBound(), loop.getUpperBound(), loop.getStep()})
      if (!pingPong.isDefinedOutsideOfLoop(bound))
        return refusePingPong(pingPong)
               << "a warp-specialized loop's bounds are computed inside it "
                  "(each warpgroup counts the other's iterations)";
  }
  for (Operation *op = split->getNextNode(); op; op = op->getNextNode())
    if (!isSafeTwice(op))
      return refusePingPong(pingPong)
             << "'" << op->getName()
             << "' after it would run on both consumer warpgroups";
  auto isBarrier = [](Type type) {
    return isa<mbarrier::BarrierType, mbarrier::GroupType>(type);
  };
  WalkResult userBarrier =
      pingPong.getBody()->walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (op->hasAttr(kMathLoopAttrName) ||
            llvm::any_of(loops,
                         [&](const PipelinePlan *p) { return p->loop == op; }))
          return WalkResult::skip();
        return llvm::any_of(op->getOperandTypes(), isBarrier)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      });
  if (userBarrier.wasInterrupted())
    return refusePingPong(pingPong)
           << "its body uses an mbarrier outside the warp-specialized loops";
  // Buffers only the consumers use are copied per warpgroup; a view made
  // before the loop would still name the first copy.
  auto isLoadOp = [&](Operation *op) {
    return llvm::any_of(loops, [&](const PipelinePlan *p) {
      return p->loadOps.contains(op) || p->loadSlice.contains(op);
    });
  };
  WalkResult sharedView = pingPong.getBody()->walk([&](Operation *op) {
    if (isLoadOp(op))
      return WalkResult::advance();
    for (Value v : op->getOperands())
      if (isa<tile::SharedMemoryType>(v.getType()) &&
          pingPong.isDefinedOutsideOfLoop(v) &&
          !v.getDefiningOp<tile::AllocSmemOp>())
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (sharedView.wasInterrupted())
    return refusePingPong(pingPong)
           << "its body uses a shared-memory view made before it (each "
              "warpgroup gets its own copy of the consumers' buffers: make "
              "the view inside the loop)";
  return success();
}

/// Two "turn" barriers, initialized by one thread before the split: the
/// warpgroups' MMA phases alternate on them. (mbarriers with parities
/// rather than named barriers: the last tile's hand-over then needs no
/// matching wait.)
Value tilemlir::makeTurnBarriers(OpBuilder &b, Location loc) {
  MLIRContext *ctx = b.getContext();
  Value turns = mbarrier::AllocOp::create(
      b, loc, mbarrier::GroupType::get(ctx, kPingPongGroups));
  Value leader = tile::ElectOp::create(b, loc, tile::Scope::CTA);
  auto once = scf::IfOp::create(b, loc, leader, /*withElseRegion=*/false);
  OpBuilder inOnce(once.thenBlock()->getTerminator());
  for (int64_t g = 0; g < kPingPongGroups; ++g) {
    Value index = arith::ConstantIndexOp::create(inOnce, loc, g);
    Value bar = mbarrier::IndexOp::create(
        inOnce, loc, mbarrier::BarrierType::get(ctx), turns, index);
    mbarrier::InitOp::create(inOnce, loc, bar, /*arrivals=*/128u);
  }
  return turns;
}

/// Warpgroup `group`'s copy of the ping-pong loop in `region`: iterations
/// group, group + 2, ... of the original; each waits for its turn before
/// its first MMA and hands the turn over once its last MMA is issued. Its
/// k-th turn is phase k of turns[group], completed by the other
/// warpgroup's 128 arrivals; warpgroup 0's first wait is for parity 1,
/// which a fresh barrier counts as complete.
void tilemlir::makePingPongCopy(Region &region, int64_t group, Value turns) {
  scf::ForOp loop;
  region.walk([&](scf::ForOp candidate) {
    if (candidate->hasAttr(tile::TileDialect::kPingPongAttrName))
      loop = candidate;
  });
  assert(loop && "the ping-pong loop is in every consumer copy");
  loop->removeAttr(tile::TileDialect::kPingPongAttrName);
  Location loc = loop.getLoc();
  MLIRContext *ctx = loop.getContext();
  OpBuilder b(loop);
  Value lb = loop.getLowerBound(), step = loop.getStep();
  Type type = step.getType();
  auto constant = [&](OpBuilder &b, int64_t v) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, v));
  };
  Value offset = arith::MulIOp::create(b, loc, step, constant(b, group));
  loop.getLowerBoundMutable().assign(arith::AddIOp::create(b, loc, lb, offset));
  loop.getStepMutable().assign(
      arith::MulIOp::create(b, loc, step, constant(b, kPingPongGroups)));

  Type barrierType = mbarrier::BarrierType::get(ctx);
  auto turn = [&](OpBuilder &b, int64_t g) -> Value {
    return mbarrier::IndexOp::create(b, loc, barrierType, turns,
                                     arith::ConstantIndexOp::create(b, loc, g));
  };
  b.setInsertionPointToStart(loop.getBody());
  Value k = arith::DivUIOp::create(b, loc,
                                   arith::SubIOp::create(b, loc,
                                                         loop.getInductionVar(),
                                                         loop.getLowerBound()),
                                   loop.getStep());
  Value k32 = castUnsigned(b, loc, k, b.getI32Type());
  Value parity = arith::AndIOp::create(
      b, loc, k32, arith::ConstantIntOp::create(b, loc, 1, 32));
  if (group == 0)
    parity = arith::XOrIOp::create(b, loc, parity,
                                   arith::ConstantIntOp::create(b, loc, 1, 32));
  mbarrier::WaitOp::create(b, loc, turn(b, group), parity);

  Operation *lastMath = nullptr;
  for (Operation &op : *loop.getBody())
    if (op.hasAttr(kMathLoopAttrName))
      lastMath = &op;
  assert(lastMath && "the ping-pong loop holds the specialized loops");
  region.walk([](scf::ForOp math) { math->removeAttr(kMathLoopAttrName); });
  b.setInsertionPointAfter(lastMath);
  mbarrier::ArriveOp::create(b, loc, turn(b, 1 - group), 1u, Value(), Value());
}
