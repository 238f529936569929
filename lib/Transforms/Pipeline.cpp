//===- Pipeline.cpp - Software pipelining of TMA-fed loops ----------------===//
//
// A loop marked `tile.num_stages = N` is written single-buffered: each
// iteration fills its shared buffers with TMA loads that complete on
// barriers, waits on those barriers and computes. This pass splits the body
// into a load stage (expect_tx, tma.async_load, arrive on the loads'
// barriers, and the pure values they need) and a compute stage (the rest),
// gives every loaded buffer N slots and every barrier N versions, and issues
// the load stage of iteration i + N - 1 in iteration i, after a prologue
// that issues iterations 0 .. N - 2. Iteration j uses slot j mod N and waits
// for phase (j / N) mod 2 of its barrier version. Inside enclosing scf.for
// loops (a persistent kernel), j counts on across their iterations: each
// of them carries the number of pipelined iterations issued so far, from
// 0, and yields it plus the loop's trip count. A run of the loop waits for
// every load it issues, and the CTA barrier after the last read of its last
// iterations comes before the next run's prologue refills slots.
//
// A slot is refilled one iteration after it was read, so the pass requires
// a `tile.barrier` after the last read of a pipelined buffer (the seed's
// synchronous dot has one); asynchronous reads written by the user are
// refused. With `async-dot` the pass itself keeps one MMA in flight where
// the body ends with the dot, the barrier and the yield.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "Pipeliner.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "Tile/TileDialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEPIPELINE
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;
using namespace mlir::tilemlir;

namespace {

bool isView(Operation *op) {
  return isa<tile::SmemSubsliceOp, tile::SmemTransOp>(op);
}

/// The top-level op of `loop`'s body that contains `op`.
Operation *bodyAncestor(scf::ForOp loop, Operation *op) {
  return loop.getBody()->findAncestorOpInBlock(*op);
}

} // namespace

namespace mlir::tilemlir {

/// Warns that `loop` stays single-buffered, and why.
InFlightDiagnostic Pipeliner::refuse(scf::ForOp loop) {
  InFlightDiagnostic diag = loop.emitWarning();
  diag << plan.pass << ": not supported yet: ";
  return diag;
}

LogicalResult Pipeliner::collectBuffer(tma::AsyncLoadOp load) {
  Value dst = load.getDst();
  while (auto sub = dst.getDefiningOp<tile::SmemSubsliceOp>())
    dst = sub.getSrc();
  auto root = dst.getDefiningOp<tile::AllocSmemOp>();
  if (!root || loop->isAncestor(root))
    return refuse(loop) << "the destination of " << load->getName()
                        << " is not a tile.alloc_smem outside the loop "
                           "(possibly through tile.smem_subslice)";
  if (root.getInit())
    return refuse(loop) << "a TMA destination with an initial value";
  // Rings made now would get no offset.
  if (root->hasAttr(tile::TileDialect::kOffsetAttrName))
    return refuse(loop) << "shared memory is already allocated (run "
                           "tile-pipeline before "
                           "tile-allocate-shared-memory)";
  if (!llvm::is_contained(plan.buffers, root)) {
    plan.buffers.push_back(root);
    if (failed(checkBufferUses(root)))
      return failure();
  }
  return success();
}

/// Every use of a pipelined buffer must be a view, a TMA load of this loop
/// (the only writer) or a synchronous read in this loop.
LogicalResult Pipeliner::checkBufferUses(tile::AllocSmemOp root) {
  SmallVector<Value> worklist{root.getResult()};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    plan.viewRoot[v] = root;
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (isView(user)) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      if (!loop->isAncestor(user))
        return refuse(loop) << "a pipelined buffer is also used outside the "
                               "loop by "
                            << user->getName();
      if (auto load = dyn_cast<tma::AsyncLoadOp>(user))
        if (load.getDst() == v)
          continue;
      if (auto dot = dyn_cast<tile::DotOp>(user)) {
        if (dot.getAsync())
          return refuse(loop)
                 << "a pipelined buffer is read by an asynchronous tile.dot";
        continue;
      }
      if (isa<tile::SmemLoadOp>(user))
        continue;
      return refuse(loop) << "a pipelined buffer is used by " << user->getName()
                          << " (only TMA loads may write it and only "
                             "tile.dot / tile.smem_load may read it)";
    }
  }
  return success();
}

LogicalResult Pipeliner::collectBarrier(Value barrier) {
  auto bar = barrier.getDefiningOp<mbarrier::IndexOp>();
  if (!bar || loop->isAncestor(bar) ||
      !bar.getGroup().getDefiningOp<mbarrier::AllocOp>() ||
      !matchPattern(bar.getIndex(), m_Constant()))
    return refuse(loop) << "the barrier of a TMA load is not a constant "
                           "mbarrier.index of an mbarrier.alloc outside the "
                           "loop";
  if (llvm::is_contained(plan.barriers, bar))
    return success();
  plan.barriers.push_back(bar);
  return checkBarrierUses(bar);
}

/// A versioned barrier may only be initialized outside the loop and used by
/// the load/wait pattern inside it; nothing else may name the same barrier.
LogicalResult Pipeliner::checkBarrierUses(mbarrier::IndexOp bar) {
  APInt index;
  (void)matchPattern(bar.getIndex(), m_ConstantInt(&index));
  for (Operation *other : bar.getGroup().getUsers()) {
    auto otherIndex = dyn_cast<mbarrier::IndexOp>(other);
    if (!otherIndex)
      return refuse(loop) << "the barrier group of a TMA load is also used "
                             "by "
                          << other->getName();
    if (otherIndex == bar)
      continue;
    APInt i;
    if (!matchPattern(otherIndex.getIndex(), m_ConstantInt(&i)) || i == index)
      return refuse(loop) << "the barrier of a TMA load may be named by "
                             "another mbarrier.index";
  }
  for (Operation *user : bar->getUsers()) {
    bool inLoop = loop->isAncestor(user);
    if (!inLoop) {
      if (isa<mbarrier::InitOp>(user))
        continue;
      return refuse(loop) << "the barrier of a TMA load is used outside the "
                             "loop by "
                          << user->getName();
    }
    if (user->getBlock() != loop.getBody())
      return refuse(loop) << "the barrier of a TMA load is used in nested "
                             "control flow by "
                          << user->getName();
    if (auto arrive = dyn_cast<mbarrier::ArriveOp>(user)) {
      if (arrive.getCta())
        return refuse(loop) << "a remote arrive on a pipelined barrier";
      continue;
    }
    // The rings arm each barrier with the bytes its expects announce.
    std::optional<uint32_t> bytes;
    if (auto expect = dyn_cast<mbarrier::ExpectTxOp>(user))
      bytes = expect.getBytes();
    if (auto arm = dyn_cast<mbarrier::ArriveExpectTxOp>(user))
      bytes = arm.getBytes();
    if (isa<mbarrier::ExpectTxOp, mbarrier::ArriveExpectTxOp>(user) && !bytes)
      return refuse(loop) << "an " << user->getName()
                          << " of a TMA load's barrier has no byte count "
                             "(tile-infer-transaction-bytes computes it, "
                             "first in tile-to-nvvm)";
    if (isa<mbarrier::ExpectTxOp, mbarrier::ArriveExpectTxOp, mbarrier::WaitOp,
            tma::AsyncLoadOp>(user))
      continue;
    return refuse(loop) << "the barrier of a TMA load is used by "
                        << user->getName()
                        << " (only expect_tx, arrive, TMA loads and wait "
                           "are supported)";
  }
  return success();
}

/// Adds the pure body ops `op` depends on to the load slice.
LogicalResult Pipeliner::collectSlice(Operation *op) {
  for (Value operand : op->getOperands()) {
    if (auto arg = dyn_cast<BlockArgument>(operand)) {
      if (arg.getOwner() != loop.getBody() || arg == loop.getInductionVar())
        continue;
      return refuse(loop) << "the load stage depends on a loop-carried value "
                             "(iter_args other than accumulators)";
    }
    Operation *def = operand.getDefiningOp();
    if (def->getBlock() != loop.getBody() || plan.loadSlice.contains(def))
      continue;
    if (!isMemoryEffectFree(def) || def->getNumRegions() != 0)
      return refuse(loop) << "the load stage depends on " << def->getName()
                          << ", which is not a pure operation";
    plan.loadSlice.insert(def);
    if (failed(collectSlice(def)))
      return failure();
  }
  return success();
}

LogicalResult Pipeliner::analyze(bool &hardError) {
  hardError = false;
  std::optional<int64_t> step = getConstantIntValue(loop.getStep());
  if (!step || *step <= 0)
    return refuse(loop) << "a loop step that is not a positive constant";
  plan.step = *step;
  if (failed(collectEnclosingLoops()) || failed(collectLoads()) ||
      failed(checkOutsideEnclosingLoops()) || failed(collectLoadStage()) ||
      failed(checkReadsAreFenced()))
    return failure();
  return checkSharedMemory(hardError);
}

/// Enclosing loops: a chain of scf.for directly around this loop (a
/// persistent kernel) gets a running count of the pipelined iterations
/// issued so far, so that slots and parities continue across the outer
/// iterations. Anything else stays refused.
LogicalResult Pipeliner::collectEnclosingLoops() {
  bool chain = true;
  for (Operation *outer = loop->getParentOp();
       outer && !isa<FunctionOpInterface>(outer) &&
       !outer->hasTrait<OpTrait::IsIsolatedFromAbove>();
       outer = outer->getParentOp()) {
    auto outerFor = dyn_cast<scf::ForOp>(outer);
    if (outerFor && chain) {
      plan.enclosing.insert(plan.enclosing.begin(), outerFor);
      continue;
    }
    if (outerFor)
      return refuse(loop) << "a pipelined loop inside an scf.for through "
                             "other control flow (the enclosing scf.for "
                             "loops must nest it directly)";
    if (isa<LoopLikeOpInterface>(outer))
      return refuse(loop) << "a pipelined loop inside " << outer->getName()
                          << " (only directly enclosing scf.for loops carry "
                             "the barrier phases across their iterations)";
    chain = false;
  }
  return success();
}

LogicalResult Pipeliner::collectLoads() {
  SmallVector<tma::AsyncLoadOp> loads;
  WalkResult nested = loop.getBody()->walk([&](tma::AsyncLoadOp load) {
    if (load->getBlock() != loop.getBody())
      return WalkResult::interrupt();
    loads.push_back(load);
    return WalkResult::advance();
  });
  if (nested.wasInterrupted())
    return refuse(loop) << "a tma.async_load in nested control flow";
  if (loads.empty())
    return refuse(loop) << "no tma.async_load to pipeline in the loop";

  for (tma::AsyncLoadOp load : loads) {
    // Multicast loads write into other CTAs' rings, which only
    // tile-warp-specialize's cluster-wide empty barriers protect.
    if (load.getMulticastMask() && plan.clusterCTAs == 1)
      return refuse(loop) << "a multicast TMA load"
                          << (plan.pass == "tile-pipeline"
                                  ? " (tile-warp-specialize supports them in "
                                    "kernels with a known_cluster_size)"
                                  : " in a kernel without known_cluster_size "
                                    "(each slot must wait for the consumers "
                                    "of every CTA the loads write into)");
    if (failed(collectBuffer(load)) ||
        failed(collectBarrier(load.getBarrier())))
      return failure();
  }
  return success();
}

/// The rings' slots and the barriers' phases must persist across the
/// enclosing loops' iterations: nothing of them may be made or initialized
/// inside those loops.
LogicalResult Pipeliner::checkOutsideEnclosingLoops() {
  if (plan.enclosing.empty())
    return success();
  Operation *outermost = plan.enclosing.front();
  for (tile::AllocSmemOp root : plan.buffers)
    if (outermost->isAncestor(root))
      return refuse(loop) << "a pipelined buffer allocated inside an "
                             "enclosing loop";
  for (mbarrier::IndexOp bar : plan.barriers) {
    if (outermost->isAncestor(bar) ||
        outermost->isAncestor(bar.getGroup().getDefiningOp()))
      return refuse(loop) << "the barrier of a TMA load is made inside an "
                             "enclosing loop";
    for (Operation *user : bar->getUsers())
      if (!loop->isAncestor(user) && outermost->isAncestor(user))
        return refuse(loop) << "the barrier of a TMA load is initialized "
                               "inside an enclosing loop";
  }
  return success();
}

/// The load stage: the loads and what they do to their barriers, and the
/// pure values they need.
LogicalResult Pipeliner::collectLoadStage() {
  DenseSet<Value> barrierValues;
  for (mbarrier::IndexOp bar : plan.barriers)
    barrierValues.insert(bar.getResult());
  for (Operation &op : *loop.getBody()) {
    bool isLoad = isa<tma::AsyncLoadOp>(op) ||
                  (isa<mbarrier::ExpectTxOp, mbarrier::ArriveExpectTxOp,
                       mbarrier::ArriveOp>(op) &&
                   barrierValues.contains(op.getOperand(0)));
    if (!isLoad)
      continue;
    plan.loadOps.insert(&op);
    if (!plan.firstLoadOp)
      plan.firstLoadOp = &op;
  }

  // It must come first: anything with side effects before one of its ops
  // would be reordered after it.
  bool seenCompute = false;
  for (Operation &op : *loop.getBody()) {
    if (plan.loadOps.contains(&op)) {
      if (seenCompute)
        return refuse(loop) << "an operation with side effects ("
                            << "before " << op.getName()
                            << ") inside the load stage; the loads, their "
                               "expect_tx and arrives must come first";
      continue;
    }
    if (!isMemoryEffectFree(&op) && !isa<scf::YieldOp>(op))
      seenCompute = true;
  }
  for (Operation *op : plan.loadOps)
    if (failed(collectSlice(op)))
      return failure();
  return success();
}

/// A slot is refilled in the iteration after it is read: every read must be
/// followed by a CTA barrier in the same iteration.
LogicalResult Pipeliner::checkReadsAreFenced() {
  Operation *lastRead = nullptr;
  for (auto &[value, root] : plan.viewRoot)
    for (Operation *user : value.getUsers())
      if (isa<tile::DotOp, tile::SmemLoadOp>(user)) {
        Operation *top = bodyAncestor(loop, user);
        if (!lastRead || lastRead->isBeforeInBlock(top))
          lastRead = top;
      }
  if (!lastRead)
    return success();
  // Only the CTA's barrier: the reads may be any warp's.
  for (Operation *op = lastRead->getNextNode(); op && !plan.readFence;
       op = op->getNextNode())
    if (auto barrier = dyn_cast<tile::BarrierOp>(op);
        barrier && barrier.isCTAWide())
      plan.readFence = barrier;
  if (!plan.readFence)
    return refuse(loop) << "no CTA-wide tile.barrier after the last read of a "
                           "pipelined buffer, so a slot could be refilled "
                           "while a warp still reads it";
  return success();
}

LogicalResult Pipeliner::checkSharedMemory(bool &hardError) {
  // One stage's bytes first: stages x bytes can pass 2^63 (a stage count
  // of 2^50 once wrapped to a size that fit, and the pass then built the
  // rings for ever), so the product is only formed when it cannot.
  constexpr int64_t kMaxBytes = std::numeric_limits<int64_t>::max();
  int64_t stageBytes = 0;
  for (tile::AllocSmemOp root : plan.buffers)
    if (llvm::AddOverflow(stageBytes, root.getType().getSizeInBytes(),
                          stageBytes))
      stageBytes = kMaxBytes;
  if (stageBytes == 0 ||
      plan.stages <= tile::kMaxSharedMemoryBytes / stageBytes)
    return success();
  hardError = true;
  InFlightDiagnostic diag = loop.emitError() << plan.pass << ": " << plan.stages
                                             << " stages need ";
  if (plan.stages <= kMaxBytes / stageBytes)
    diag << plan.stages * stageBytes;
  else
    diag << "more than " << kMaxBytes;
  return diag << " bytes of shared memory for the pipelined buffers alone ("
              << stageBytes << " a stage), but a CTA can use at most "
              << tile::kMaxSharedMemoryBytes << " bytes";
}

bool Pipeliner::matchAsyncDot() {
  tile::DotOp dot;
  for (Operation &op : *loop.getBody()) {
    if (auto d = dyn_cast<tile::DotOp>(op)) {
      if (dot)
        return false;
      dot = d;
    }
  }
  if (!dot || dot.getAsync() || dot.getUseAcc())
    return false;
  auto barrier = dyn_cast_or_null<tile::BarrierOp>(dot->getNextNode());
  if (!barrier || !barrier.isCTAWide() ||
      barrier->getNextNode() != loop.getBody()->getTerminator())
    return false;
  auto acc = dyn_cast<BlockArgument>(dot.getAcc());
  if (!acc || acc.getOwner() != loop.getBody() ||
      acc == loop.getInductionVar() || !dot.getResult().hasOneUse())
    return false;
  OpOperand &yielded = *dot.getResult().use_begin();
  if (yielded.getOwner() != loop.getBody()->getTerminator() ||
      yielded.getOperandNumber() + 1 != acc.getArgNumber() || !acc.hasOneUse())
    return false;
  plan.asyncDot = dot;
  plan.asyncDotBarrier = barrier;
  return true;
}

/// (iv - lb) / step: the iteration number, never negative.
Value Pipeliner::iterationIndex(OpBuilder &b, Value iv) {
  Location loc = loop.getLoc();
  Value offset = b.createOrFold<arith::SubIOp>(loc, iv, loop.getLowerBound());
  if (plan.step == 1)
    return offset;
  Value step = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(iv.getType(), plan.step));
  return arith::DivUIOp::create(b, loc, offset, step);
}

/// max(0, ceildiv(ub - lb, step)), at runtime.
Value Pipeliner::tripCount(OpBuilder &b) {
  Location loc = loop.getLoc();
  Type type = loop.getInductionVar().getType();
  auto predicate = loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                         : arith::CmpIPredicate::slt;
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  Value runs = arith::CmpIOp::create(b, loc, predicate, lb, ub);
  Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 1));
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
  // (ub - lb - 1) / step + 1 when the loop runs: no overflow near the top.
  Value last = arith::SubIOp::create(
      b, loc, b.createOrFold<arith::SubIOp>(loc, ub, lb), one);
  if (plan.step != 1)
    last = arith::DivUIOp::create(
        b, loc, last,
        arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, plan.step)));
  Value count = arith::AddIOp::create(b, loc, last, one);
  return arith::SelectOp::create(b, loc, runs, count, zero);
}

/// Gives every enclosing loop, outermost first, an iter_arg counting the
/// pipelined iterations issued so far (starting at 0), and yields
/// base + trip count after this loop, so that slots and parities go on
/// across the enclosing loops' iterations as if this loop's iterations
/// formed one sequence.
void Pipeliner::carryBase() {
  if (plan.enclosing.empty())
    return;
  Location loc = loop.getLoc();
  Type type = loop.getInductionVar().getType();
  if (plan.pingPong) {
    // The enclosing loop's original lower bound and step: a copy of it
    // that runs every other iteration keeps counting them.
    scf::ForOp outer = plan.enclosing.front();
    OpBuilder b(loop);
    Value done = b.createOrFold<arith::SubIOp>(loc, outer.getInductionVar(),
                                               outer.getLowerBound());
    done = b.createOrFold<arith::DivUIOp>(loc, done, outer.getStep());
    // Two statements: argument evaluation order would otherwise decide
    // the order of the emitted ops, which differs between compilers.
    Value doneCast = castUnsigned(b, loc, done, type);
    base = arith::MulIOp::create(b, loc, doneCast, tripCount(b));
    return;
  }
  IRRewriter rewriter(loop.getContext());
  SmallVector<scf::ForOp> carriers;
  Value init;
  for (scf::ForOp outer : plan.enclosing) {
    rewriter.setInsertionPoint(outer);
    if (!init)
      init = arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getIntegerAttr(type, 0));
    // The yielded value is set below, once the inner loops carry theirs.
    FailureOr<LoopLikeOpInterface> replaced =
        cast<LoopLikeOpInterface>(outer.getOperation())
            .replaceWithAdditionalYields(
                rewriter, init, /*replaceInitOperandUsesInLoop=*/false,
                [](OpBuilder &, Location, ArrayRef<BlockArgument> args) {
                  return SmallVector<Value>{args.front()};
                });
    assert(succeeded(replaced) && "scf.for takes additional iter_args");
    auto carrier = cast<scf::ForOp>(replaced->getOperation());
    carriers.push_back(carrier);
    init = carrier.getRegionIterArgs().back();
  }
  base = init;
  plan.enclosing = carriers;

  OpBuilder b(loop.getContext());
  b.setInsertionPointAfter(loop);
  Value yielded = arith::AddIOp::create(b, loc, base, tripCount(b));
  for (scf::ForOp carrier : llvm::reverse(carriers)) {
    Operation *yield = carrier.getBody()->getTerminator();
    yield->setOperand(yield->getNumOperands() - 1, yielded);
    yielded = carrier.getResults().back();
  }
}

Value Pipeliner::slotOf(OpBuilder &b, Value j) {
  Location loc = loop.getLoc();
  Value n = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(j.getType(), plan.stages));
  Value slot = arith::RemUIOp::create(b, loc, j, n);
  if (!slot.getType().isIndex())
    slot = arith::IndexCastUIOp::create(b, loc, b.getIndexType(), slot);
  return slot;
}

Value Pipeliner::parityOf(OpBuilder &b, Value j, Type phaseType) {
  Location loc = loop.getLoc();
  Type type = j.getType();
  Value n =
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, plan.stages));
  Value two = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 2));
  Value round = arith::DivUIOp::create(b, loc, j, n);
  Value parity = arith::RemUIOp::create(b, loc, round, two);
  return castUnsigned(b, loc, parity, phaseType);
}

Value castUnsigned(OpBuilder &b, Location loc, Value v, Type type) {
  Type from = v.getType();
  if (from == type)
    return v;
  if (from.isIndex() || type.isIndex())
    return arith::IndexCastUIOp::create(b, loc, type, v);
  if (from.getIntOrFloatBitWidth() > type.getIntOrFloatBitWidth())
    return arith::TruncIOp::create(b, loc, type, v);
  return arith::ExtUIOp::create(b, loc, type, v);
}

/// The value of view `v` of a pipelined buffer for the slot the buffers are
/// mapped to in `map`, cloning the chain of views above it.
Value Pipeliner::materialize(OpBuilder &b, Value v, IRMapping &map) {
  if (Value mapped = map.lookupOrNull(v))
    return mapped;
  Operation *view = v.getDefiningOp();
  materialize(b, view->getOperand(0), map);
  b.clone(*view, map);
  return map.lookup(v);
}

/// Maps the loop's induction variable to `iv`, and every pipelined buffer
/// and barrier to its slot `slot` of the ring and of the versions.
IRMapping Pipeliner::mapToSlot(OpBuilder &b, Value iv, Value slot) {
  Location loc = loop.getLoc();
  IRMapping map;
  map.map(loop.getInductionVar(), iv);
  for (tile::AllocSmemOp root : plan.buffers)
    map.map(root.getResult(),
            tile::SmemIndexOp::create(b, loc, root.getType(), rings[root], slot)
                .getResult());
  for (mbarrier::IndexOp bar : plan.barriers)
    map.map(bar.getResult(), mbarrier::IndexOp::create(b, loc, bar.getType(),
                                                       versions[bar], slot)
                                 .getResult());
  return map;
}

/// Issues the load stage of the iteration whose induction value is `iv`
/// into `slot`, each load-stage op through `emitLoadOp` (a clone by
/// default) and the pure values they need as clones.
void Pipeliner::emitLoadStage(OpBuilder &b, Value iv, Value slot,
                              LoadOpEmitter emitLoadOp) {
  IRMapping map = mapToSlot(b, iv, slot);
  for (Operation &op : *loop.getBody()) {
    if (!plan.loadOps.contains(&op) && !plan.loadSlice.contains(&op))
      continue;
    for (Value operand : op.getOperands())
      if (plan.viewRoot.count(operand) &&
          !loop->isAncestor(operand.getParentRegion()->getParentOp()))
        materialize(b, operand, map);
    if (emitLoadOp && plan.loadOps.contains(&op))
      emitLoadOp(b, op, map);
    else
      b.clone(op, map);
  }
}

void Pipeliner::rewrite() {
  SmallVector<Operation *> stale = collectStale();
  makeRings();
  makeBarrierVersions();
  carryBase();
  emitPrologue();
  // The body's compute-stage ops as written, before anything is added.
  SmallVector<Operation *> computeOps;
  loop.getBody()->walk([&](Operation *op) {
    if (!plan.loadOps.contains(op) && op != loop)
      computeOps.push_back(op);
  });
  scf::IfOp loadAhead = emitLoadAhead();
  makeDotAsync(loadAhead);
  rewriteComputeStage(computeOps);
  eraseOldLoadStage(stale);
  loop->removeAttr(tile::TileDialect::kNumStagesAttrName);
}

arith::CmpIPredicate Pipeliner::loopPredicate() {
  return loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                               : arith::CmpIPredicate::slt;
}

/// What the rewrite leaves unused outside the loop, gathered while every
/// view still exists (dead views in the body are erased on the way).
SmallVector<Operation *> Pipeliner::collectStale() {
  SmallVector<Operation *> stale;
  for (auto &[value, root] : plan.viewRoot)
    if (Operation *def = value.getDefiningOp(); def && !loop->isAncestor(def))
      stale.push_back(def);
  for (mbarrier::IndexOp bar : plan.barriers)
    stale.push_back(bar);
  for (mbarrier::IndexOp bar : plan.barriers)
    if (!llvm::is_contained(stale, bar.getGroup().getDefiningOp()))
      stale.push_back(bar.getGroup().getDefiningOp());
  return stale;
}

/// Rings: the buffer with a leading stage dimension, allocated where the
/// buffer was.
void Pipeliner::makeRings() {
  MLIRContext *ctx = loop.getContext();
  OpBuilder b(ctx);
  for (tile::AllocSmemOp root : plan.buffers) {
    tile::SharedMemoryType type = root.getType();
    SmallVector<int64_t> shape{plan.stages};
    llvm::append_range(shape, type.getShape());
    auto ringType =
        tile::SharedMemoryType::get(ctx, shape, type.getElementType(),
                                    type.getEncoding(), type.getIsMutable());
    b.setInsertionPoint(root);
    rings[root] =
        tile::AllocSmemOp::create(b, root.getLoc(), ringType, Value());
  }
}

/// Barrier versions: a group of N per barrier; every init applies to each.
void Pipeliner::makeBarrierVersions() {
  MLIRContext *ctx = loop.getContext();
  OpBuilder b(ctx);
  for (mbarrier::IndexOp bar : plan.barriers) {
    b.setInsertionPoint(bar);
    versions[bar] = mbarrier::AllocOp::create(
        b, bar.getLoc(), mbarrier::GroupType::get(ctx, plan.stages));
    for (Operation *user : llvm::make_early_inc_range(bar->getUsers())) {
      auto init = dyn_cast<mbarrier::InitOp>(user);
      if (!init)
        continue;
      b.setInsertionPoint(init);
      for (int64_t s = 0; s < plan.stages; ++s) {
        Value index = arith::ConstantIndexOp::create(b, init.getLoc(), s);
        Value version = mbarrier::IndexOp::create(
            b, init.getLoc(), bar.getType(), versions[bar], index);
        IRMapping map;
        map.map(bar.getResult(), version);
        auto copy = cast<mbarrier::InitOp>(b.clone(*init, map));
        if (versionArrivals)
          copy.setArrivals(*versionArrivals);
      }
      init.erase();
    }
  }
}

/// Prologue: iterations 0 .. N - 2, each only if the loop runs that far
/// (the trip count is a runtime value and may be below N - 1, or zero).
void Pipeliner::emitPrologue() {
  Location loc = loop.getLoc();
  OpBuilder b(loop.getContext());
  arith::CmpIPredicate predicate = loopPredicate();
  Type ivType = loop.getInductionVar().getType();
  b.setInsertionPoint(loop);
  for (int64_t p = 0; p < plan.stages - 1; ++p) {
    Value iv = loop.getLowerBound();
    if (p != 0) {
      Value offset = arith::ConstantOp::create(
          b, loc, b.getIntegerAttr(ivType, p * plan.step));
      iv = arith::AddIOp::create(b, loc, iv, offset);
    }
    Value live =
        arith::CmpIOp::create(b, loc, predicate, iv, loop.getUpperBound());
    auto guard = scf::IfOp::create(b, loc, live, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPoint(guard.thenBlock()->getTerminator());
    // Iteration p of the prologue uses slot p (base + p in enclosing
    // loops).
    Value slot;
    if (base && p == 0)
      slot = slotOf(b, base);
    else if (base)
      slot = slotOf(
          b, arith::AddIOp::create(b, loc, base,
                                   arith::ConstantOp::create(
                                       b, loc, b.getIntegerAttr(ivType, p))));
    else
      slot = arith::ConstantIndexOp::create(b, loc, p);
    emitLoadStage(b, iv, slot);
  }
}

/// Iteration i issues the load stage of iteration i + N - 1 where the
/// loads were, unless the loop ends first. It is cloned before the compute
/// stage is rewritten: views made in the body must still name the buffer.
scf::IfOp Pipeliner::emitLoadAhead() {
  Location loc = loop.getLoc();
  Type ivType = loop.getInductionVar().getType();
  OpBuilder b(loop.getContext());
  b.setInsertionPoint(plan.firstLoadOp);
  Value ahead = arith::ConstantOp::create(
      b, loc, b.getIntegerAttr(ivType, (plan.stages - 1) * plan.step));
  Value next = arith::AddIOp::create(b, loc, loop.getInductionVar(), ahead);
  Value live = arith::CmpIOp::create(b, loc, loopPredicate(), next,
                                     loop.getUpperBound());
  auto guard = scf::IfOp::create(b, loc, live, /*withElseRegion=*/false);
  b.setInsertionPoint(guard.thenBlock()->getTerminator());
  Value nextIndex = iterationIndex(b, next);
  if (base)
    nextIndex = arith::AddIOp::create(b, loc, base, nextIndex);
  emitLoadStage(b, next, slotOf(b, nextIndex));
  return guard;
}

/// One MMA in flight: the dot is issued asynchronously, followed by a wait
/// for all but the newest MMA (the previous iteration's is then complete),
/// and the loop's result is waited for after the loop. Returns the wait in
/// the loop.
tile::DotWaitOp Pipeliner::keepOneDotInFlight() {
  tile::DotOp dot = plan.asyncDot;
  OpBuilder b(loop.getContext());
  dot.setAsync(true);
  b.setInsertionPointAfter(dot);
  auto wait = tile::DotWaitOp::create(b, dot.getLoc(), TypeRange{dot.getType()},
                                      ValueRange{dot.getResult()}, 1u);
  loop.getBody()->getTerminator()->replaceUsesOfWith(dot.getResult(),
                                                     wait.getResult(0));
  unsigned index = cast<BlockArgument>(dot.getAcc()).getArgNumber() - 1;
  Value result = loop.getResult(index);
  b.setInsertionPointAfter(loop);
  auto drain = tile::DotWaitOp::create(
      b, dot.getLoc(), TypeRange{result.getType()}, ValueRange{result}, 0u);
  result.replaceAllUsesExcept(drain.getResult(0), drain);
  return wait;
}

/// Iteration i waits for the MMA of iteration i - 1, whose slot is the one
/// i + N - 1 refills; the user's CTA barrier then makes that true for every
/// warp, so the refill moves after it.
void Pipeliner::makeDotAsync(scf::IfOp loadAhead) {
  if (!plan.asyncDot)
    return;
  keepOneDotInFlight();
  loadAhead->moveAfter(plan.asyncDotBarrier);
}

/// The compute stage stays in iteration i, on slot i mod N, waiting for
/// phase (i / N) mod 2 of that slot's barrier.
void Pipeliner::rewriteComputeStage(ArrayRef<Operation *> computeOps) {
  Location loc = loop.getLoc();
  OpBuilder b(loop.getContext());
  b.setInsertionPointToStart(loop.getBody());
  Value j = iterationIndex(b, loop.getInductionVar());
  if (base)
    j = arith::AddIOp::create(b, loc, base, j);
  computeIteration = j;
  Value slot = slotOf(b, j);
  IRMapping computeMap;
  for (tile::AllocSmemOp root : plan.buffers)
    computeMap.map(
        root.getResult(),
        tile::SmemIndexOp::create(b, loc, root.getType(), rings[root], slot)
            .getResult());
  DenseMap<Value, Value> barrierVersion;
  for (mbarrier::IndexOp bar : plan.barriers)
    barrierVersion[bar.getResult()] =
        mbarrier::IndexOp::create(b, loc, bar.getType(), versions[bar], slot);
  DenseMap<Type, Value> parities;
  for (Operation *op : computeOps) {
    for (OpOperand &operand : op->getOpOperands()) {
      Value v = operand.get();
      if (plan.viewRoot.count(v) &&
          !loop->isAncestor(v.getParentRegion()->getParentOp()))
        operand.set(materialize(b, v, computeMap));
    }
    auto wait = dyn_cast<mbarrier::WaitOp>(op);
    if (!wait || !barrierVersion.count(wait.getBarrier()))
      continue;
    // The user's parity counted one phase per iteration on a single
    // barrier (typically k mod 2); a version completes one phase every N
    // iterations, so its parity is recomputed instead of trusted.
    Type phaseType = wait.getPhase().getType();
    Value &parity = parities[phaseType];
    if (!parity)
      parity = parityOf(b, j, phaseType);
    wait.getBarrierMutable().assign(barrierVersion[wait.getBarrier()]);
    wait.getPhaseMutable().assign(parity);
  }
}

/// Erases the original load stage and what only it used, then the
/// single-buffered buffers, their views and barriers, which are now unused.
void Pipeliner::eraseOldLoadStage(SmallVector<Operation *> &stale) {
  for (Operation *op : plan.loadOps)
    op->erase();
  for (Operation &op :
       llvm::make_early_inc_range(llvm::reverse(*loop.getBody())))
    if (isOpTriviallyDead(&op))
      op.erase();

  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation *&op : stale)
      if (op && op->use_empty()) {
        op->erase();
        op = nullptr;
        changed = true;
      }
  }
}

} // namespace mlir::tilemlir

namespace {

/// Warns that a nested marked loop stays as it is.
InFlightDiagnostic refuseNested(scf::ForOp loop) {
  InFlightDiagnostic diag = loop.emitWarning();
  diag << "tile-pipeline: not supported yet: ";
  return diag;
}

struct Pipeline : public tilemlir::impl::TilePipelineBase<Pipeline> {
  Pipeline() = default;
  Pipeline(const Pipeline &other) : TilePipelineBase(other) {}

  Option<bool> asyncDot{
      *this, "async-dot",
      llvm::cl::desc("Keep one asynchronous MMA in flight where the loop "
                     "body allows it"),
      llvm::cl::init(false)};

  void runOnOperation() override {
    SmallVector<scf::ForOp> marked;
    getOperation()->walk([&](scf::ForOp loop) {
      auto stages = loop->getAttrOfType<IntegerAttr>(
          tile::TileDialect::kNumStagesAttrName);
      if (stages && stages.getInt() > 1)
        marked.push_back(loop);
    });
    DenseSet<Operation *> skip;
    for (scf::ForOp loop : marked)
      for (scf::ForOp outer = loop->getParentOfType<scf::ForOp>(); outer;
           outer = outer->getParentOfType<scf::ForOp>())
        if (llvm::is_contained(marked, outer)) {
          refuseNested(loop) << "a loop marked tile.num_stages nested in "
                                "another marked loop";
          skip.insert(loop);
          skip.insert(outer);
        }

    bool failedAny = false;
    for (scf::ForOp loop : marked) {
      if (skip.contains(loop))
        continue;
      PipelinePlan plan;
      plan.loop = loop;
      plan.stages = loop->getAttrOfType<IntegerAttr>(
                            tile::TileDialect::kNumStagesAttrName)
                        .getInt();
      Pipeliner pipeliner(plan);
      bool hardError = false;
      if (failed(pipeliner.analyze(hardError))) {
        failedAny |= hardError;
        continue;
      }
      if (asyncDot && !pipeliner.matchAsyncDot())
        loop.emitRemark() << "tile-pipeline: the MMA stays synchronous (one "
                             "in flight needs the body to end with a single "
                             "tile.dot on its own accumulator, a "
                             "tile.barrier and the yield)";
      pipeliner.rewrite();
    }
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
