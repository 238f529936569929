//===- WarpSpecialize.cpp - TMA producer and MMA consumer warps -----------===//
//
// A loop marked `tile.warp_specialize` (with `tile.num_stages = N`, 1
// without) is written like a tile-pipeline loop: single-buffered TMA loads
// that complete on barriers, waits on those barriers, and the MMA. This
// pass gives its buffers N-slot rings and its barriers N versions (the
// "full" barriers, Pipeliner.h), adds N "empty" barriers, and splits the
// kernel into
//
//   * the consumers: the kernel's own `tile.num_warps` warps (whole
//     warpgroups), which run everything the kernel did except the loads.
//     Iteration j waits for full[j mod N] (parity (j / N) mod 2), runs the
//     MMA asynchronously and, once the MMA of iteration j - 1 has completed
//     (tile.dot_wait pending 1), releases its slot: every consumer thread
//     arrives on empty[(j - 1) mod N]; the last slot is released after the
//     loop's final wait. With one slot (N = 1) the MMA stays synchronous
//     and iteration j releases its own slot where the user's CTA barrier
//     was: an MMA in flight would hold the only slot while the next
//     iteration waits for it to be refilled;
//   * the producer: one added warpgroup, of which one thread runs the
//     loops again with only what the loads need. Iteration j waits for
//     empty[j mod N] at parity ((j / N) mod 2) xor 1 (a fresh barrier counts
//     its phase of parity 1 as complete, so the first N fills go at once),
//     arms full[j mod N] with one arrive_expect_tx of the bytes the user's
//     expect_tx asked and issues the loads.
//
// The two sides meet in a tile.warp_specialize at the kernel's top level,
// after the code that allocates and initializes the barriers (a CTA
// barrier is placed before it so every warp sees them initialized).
// Enclosing scf.for loops (a persistent kernel) carry the iteration count
// across their iterations on both sides, so the ring's slots and phases go
// on from one run of the loop to the next; each marked loop has its own
// ring. Register budgets come from the registers the CTA starts with (see
// getRegistersAtEntry): the producer keeps kProducerRegisters, the
// consumers share the rest. Constant block sizes of gpu.launch_func ops of
// the kernel in the same module grow by the producer's 128 threads.
//
// Ping-pong (a one-warpgroup kernel whose persistent tile loop is marked
// tile.ping_pong): a second consumer partition runs a copy of the
// consumers' code; the two take alternate iterations of the tile loop
// (lb + g step, step 2 step for warpgroup g), count the rings' iterations
// from the loop's original bounds (Pipeliner.h: PipelinePlan::pingPong),
// keep their own copies of the buffers only consumers use, and take turns
// for their MMA phases on two "turn" mbarriers (makePingPongCopy).
//
// What it cannot do it refuses with a warning and leaves to tile-pipeline.
// A kernel whose loads depend on a value only the consumers compute (an op
// that writes memory, such as an atomic tile counter) is an error
// (ProducerInputs).
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "Pipeliner.h"
#include "WarpSpecializePingPong.h"

#include "TileMLIR/Target/TargetInfo.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Iterators.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <memory>

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEWARPSPECIALIZE
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;
using namespace mlir::tilemlir;

/// The producer thread only computes addresses and loop bounds.
static constexpr int64_t kProducerRegisters = 40;
/// What consumers ask for at most: setmaxnreg goes to 256, but 240 leaves
/// ptxas room under the 255 a thread can address.
static constexpr int64_t kMaxConsumerRegisters = 240;
static constexpr int64_t kProducerWarps = 4;

//===----------------------------------------------------------------------===//
// The loop: rings, full and empty barriers, producer and consumer stages
//===----------------------------------------------------------------------===//

void Pipeliner::rewriteForWarpSpecialization(int64_t consumerThreads) {
  SmallVector<Operation *> stale = collectStale();
  // An MMA in flight keeps its slot while the next iteration waits for the
  // following fill: with one slot that fill would wait for the release
  // forever, so a one-stage ring keeps the MMA synchronous.
  if (plan.stages > 1)
    (void)matchAsyncDot();
  versionArrivals = 1;
  makeRings();
  makeBarrierVersions();
  makeEmptyBarriers(consumerThreads * plan.clusterCTAs);
  carryBase();
  SmallVector<Operation *> computeOps;
  loop.getBody()->walk([&](Operation *op) {
    if (!plan.loadOps.contains(op) && op != loop)
      computeOps.push_back(op);
  });
  // Cloned before the compute stage is rewritten: views made in the body
  // must still name the single buffers.
  emitProducerStage();
  rewriteComputeStage(computeOps);
  releaseSlots();
  eraseOldLoadStage(stale);
  loop->removeAttr(tile::TileDialect::kNumStagesAttrName);
  loop->removeAttr(tile::TileDialect::kWarpSpecializeAttrName);
}

/// N empty barriers next to the first barrier's versions, initialized
/// where those are, for `consumerThreads` arrivals each.
void Pipeliner::makeEmptyBarriers(int64_t consumerThreads) {
  MLIRContext *ctx = loop.getContext();
  Value full = versions[plan.barriers.front()];
  OpBuilder b(ctx);
  b.setInsertionPointAfterValue(full);
  empty = mbarrier::AllocOp::create(b, loop.getLoc(),
                                    mbarrier::GroupType::get(ctx, plan.stages));
  mbarrier::InitOp lastInit;
  for (Operation *user : full.getUsers())
    for (Operation *indexUser : user->getUsers())
      if (auto init = dyn_cast<mbarrier::InitOp>(indexUser))
        if (!lastInit || lastInit->isBeforeInBlock(init))
          lastInit = init;
  assert(lastInit && "checkProtocol found the barrier's init");
  b.setInsertionPointAfter(lastInit);
  Type barrierType = plan.barriers.front().getType();
  for (int64_t s = 0; s < plan.stages; ++s) {
    Value index = arith::ConstantIndexOp::create(b, lastInit.getLoc(), s);
    Value bar = mbarrier::IndexOp::create(b, lastInit.getLoc(), barrierType,
                                          empty, index);
    mbarrier::InitOp::create(b, lastInit.getLoc(), bar,
                             uint32_t(consumerThreads));
  }
}

/// Where the loads were: wait for the slot to be released, then the load
/// stage by one thread.
void Pipeliner::emitProducerStage() {
  Location loc = loop.getLoc();
  OpBuilder b(plan.firstLoadOp);
  Value j = iterationIndex(b, loop.getInductionVar());
  if (base)
    j = arith::AddIOp::create(b, loc, base, j);
  Value slot = slotOf(b, j);
  Value parity = parityOf(b, j, b.getI32Type());
  Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
  Value previous = arith::XOrIOp::create(b, loc, parity, one);
  Value bar = mbarrier::IndexOp::create(b, loc, plan.barriers.front().getType(),
                                        empty, slot);
  auto wait = mbarrier::WaitOp::create(b, loc, bar, previous);
  wait->setAttr(kProducerAttrName, b.getUnitAttr());
  // The bytes each barrier expects per iteration, armed at its first
  // expect_tx (every count is known: the analysis refuses loops with one
  // left out).
  llvm::MapVector<Value, int64_t> bytes;
  for (Operation &op : *loop.getBody()) {
    if (!plan.loadOps.contains(&op))
      continue;
    if (auto expect = dyn_cast<mbarrier::ExpectTxOp>(op))
      bytes[expect.getBarrier()] += *expect.getBytes();
    if (auto arm = dyn_cast<mbarrier::ArriveExpectTxOp>(op))
      bytes[arm.getBarrier()] += *arm.getBytes();
  }
  emitLoadStage(b, loop.getInductionVar(), slot,
                [&](OpBuilder &b, Operation &op, IRMapping &map) {
                  emitProducerOp(b, op, map, bytes);
                });
}

/// One op of the load stage, for a single thread: loads issued by it, its
/// one arrive_expect_tx per barrier the only arrival.
void Pipeliner::emitProducerOp(OpBuilder &b, Operation &op, IRMapping &map,
                               llvm::MapVector<Value, int64_t> &bytes) {
  UnitAttr producer = b.getUnitAttr();
  if (isa<tma::AsyncLoadOp>(op)) {
    auto copy = cast<tma::AsyncLoadOp>(b.clone(op, map));
    copy.setScope(tile::Scope::Thread);
    copy->setAttr(kProducerAttrName, producer);
    return;
  }
  if (isa<mbarrier::ArriveOp>(op))
    return;
  Value bar = op.getOperand(0);
  auto it = bytes.find(bar);
  if (it == bytes.end())
    return; // Armed at the barrier's first expect_tx.
  auto arm = mbarrier::ArriveExpectTxOp::create(
      b, op.getLoc(), map.lookup(bar), b.getI32IntegerAttr(int32_t(it->second)),
      Value());
  arm->setAttr(kProducerAttrName, producer);
  bytes.erase(it);
}

/// Every consumer thread arrives on the empty barrier of iteration `j`'s
/// slot.
void Pipeliner::releaseSlot(OpBuilder &b, Value j) {
  Location loc = loop.getLoc();
  Value bar = mbarrier::IndexOp::create(b, loc, plan.barriers.front().getType(),
                                        empty, slotOf(b, j));
  mbarrier::ArriveOp::create(b, loc, bar, 1u, Value(), Value());
  if (plan.clusterCTAs > 1)
    releaseRemoteSlot(b, bar);
}

/// With multicast loads every producer of the cluster writes into every
/// CTA's slot, so each slot's empty barrier also waits for the other CTAs'
/// consumers: one lane of each consumer warp arrives for its 32 threads on
/// the same barrier of every other CTA of the cluster. (The warp's threads
/// are past the same wait for the MMA that read the slot: wgmma waits are
/// warp-aligned.)
void Pipeliner::releaseRemoteSlot(OpBuilder &b, Value bar) {
  Location loc = loop.getLoc();
  Value lane = tile::ElectOp::create(b, loc, tile::Scope::Warp);
  Value rank = tile::ClusterRankOp::create(b, loc);
  for (int64_t r = 0; r < plan.clusterCTAs; ++r) {
    Value peer = arith::ConstantIntOp::create(b, loc, r, 32);
    Value other =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, rank, peer);
    Value pred = arith::AndIOp::create(b, loc, lane, other);
    mbarrier::ArriveOp::create(b, loc, bar, 32u, pred, peer);
  }
}

/// A slot is released once no MMA reads it. With one MMA in flight, that
/// is the previous iteration's slot after waiting for all but the newest
/// MMA, and the last one after the loop; with a synchronous MMA, the slot
/// of this iteration where the user's CTA barrier after the last read was.
void Pipeliner::releaseSlots() {
  Location loc = loop.getLoc();
  OpBuilder b(loop.getContext());
  if (!plan.asyncDot) {
    b.setInsertionPoint(plan.readFence ? plan.readFence.getOperation()
                                       : loop.getBody()->getTerminator());
    releaseSlot(b, computeIteration);
    if (plan.readFence)
      plan.readFence->erase();
    return;
  }
  tile::DotWaitOp wait = keepOneDotInFlight();
  b.setInsertionPointAfter(wait);
  Type type = computeIteration.getType();
  Value i = iterationIndex(b, loop.getInductionVar());
  Value zero = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0));
  Value one = arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 1));
  Value hasPrevious =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, i, zero);
  auto guard = scf::IfOp::create(b, loc, hasPrevious, /*withElseRegion=*/false);
  OpBuilder inGuard = OpBuilder::atBlockBegin(guard.thenBlock());
  releaseSlot(inGuard,
              arith::SubIOp::create(inGuard, loc, computeIteration, one));
  plan.asyncDotBarrier.erase();

  // After the loop and the wait for its last MMA (right behind the loop):
  // the last slot.
  b.setInsertionPointAfter(loop->getNextNode());
  Value trips = tripCount(b);
  Value ran = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::ne, trips,
      arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, 0)));
  auto last = scf::IfOp::create(b, loc, ran, /*withElseRegion=*/false);
  OpBuilder inLast = OpBuilder::atBlockBegin(last.thenBlock());
  Value end = base ? arith::AddIOp::create(inLast, loc, base, trips) : trips;
  releaseSlot(inLast, arith::SubIOp::create(
                          inLast, loc, end,
                          arith::ConstantOp::create(
                              inLast, loc, inLast.getIntegerAttr(type, 1))));
}

namespace {

//===----------------------------------------------------------------------===//
// Which loops, and where the kernel splits
//===----------------------------------------------------------------------===//

/// Warns that `loop` stays unspecialized (tile-pipeline may still pipeline
/// it), and why.
InFlightDiagnostic refuse(scf::ForOp loop) {
  loop->removeAttr(tile::TileDialect::kWarpSpecializeAttrName);
  InFlightDiagnostic diag = loop.emitWarning();
  diag << "tile-warp-specialize: not specialized: ";
  return diag;
}

/// One marked loop, analyzed.
struct MarkedLoop {
  std::unique_ptr<PipelinePlan> plan;
  std::unique_ptr<Pipeliner> pipeliner;
};

/// The top-level op of the kernel that holds `op`.
Operation *topLevel(gpu::GPUFuncOp func, Operation *op) {
  return func.front().findAncestorOpInBlock(*op);
}

/// Whether `op` (anything inside the kernel) comes before `split` at the
/// kernel's top level, so that every warp runs it.
bool isBeforeSplit(gpu::GPUFuncOp func, Operation *op, Operation *split) {
  Operation *top = topLevel(func, op);
  return top && top != split && top->isBeforeInBlock(split);
}

/// Kernel-wide conditions, checked once per kernel.
LogicalResult checkKernel(gpu::GPUFuncOp func, scf::ForOp loop,
                          int64_t &consumerWarps) {
  if (!func || !func.isKernel())
    return refuse(loop) << "the loop is not in a gpu.func kernel";
  std::optional<int64_t> warps = tile::getKernelNumWarps(loop);
  if (!warps)
    return refuse(loop) << "the kernel has no 'tile.num_warps' (its "
                           "consumer warps)";
  if (*warps % 4 != 0)
    return refuse(loop) << "the kernel's " << *warps
                        << " warps are not whole warpgroups (consumers issue "
                           "wgmma and take registers by warpgroup)";
  if (*warps + kProducerWarps > 32)
    return refuse(loop) << "the kernel's " << *warps << " warps and the "
                        << kProducerWarps
                        << " producer warps exceed the 32 warps of a CTA";
  WalkResult manual =
      func.walk([](tile::WarpSpecializeOp) { return WalkResult::interrupt(); });
  if (manual.wasInterrupted())
    return refuse(loop) << "the kernel already has a tile.warp_specialize";
  consumerWarps = *warps;
  return success();
}

/// What the producer/consumer protocol needs beyond tile-pipeline's
/// analysis: every barrier of the loads is armed with expect_tx in the loop
/// and initialized before the split, and every ring exists before it, so
/// that both sides name the same ones.
LogicalResult checkProtocol(gpu::GPUFuncOp func, PipelinePlan &plan,
                            Operation *split) {
  scf::ForOp loop = plan.loop;
  for (tile::AllocSmemOp root : plan.buffers)
    if (!isBeforeSplit(func, root, split))
      return refuse(loop) << "a loaded buffer is allocated after the point "
                             "where the kernel splits (the top-level "
                             "operation holding the first specialized loop)";
  for (mbarrier::IndexOp bar : plan.barriers) {
    if (!isBeforeSplit(func, bar.getGroup().getDefiningOp(), split))
      return refuse(loop) << "a loads' barrier is allocated after the point "
                             "where the kernel splits";
    bool armed = false, initialized = false;
    for (Operation *user : bar->getUsers()) {
      armed |= plan.loadOps.contains(user) &&
               isa<mbarrier::ExpectTxOp, mbarrier::ArriveExpectTxOp>(user);
      if (!isa<mbarrier::InitOp>(user))
        continue;
      if (!isBeforeSplit(func, user, split))
        return refuse(loop) << "a loads' barrier is initialized after the "
                               "point where the kernel splits";
      initialized = true;
    }
    if (!armed)
      return refuse(loop) << "a TMA load's barrier has no expect_tx in the "
                             "loop (the producer arms it with those bytes)";
    if (!initialized)
      return refuse(loop) << "a TMA load's barrier is never initialized";
  }
  return success();
}

/// The split point: the first top-level op of the kernel that holds one of
/// `loops`.
Operation *findSplit(gpu::GPUFuncOp func, ArrayRef<MarkedLoop> loops) {
  Operation *split = nullptr;
  for (const MarkedLoop &marked : loops) {
    Operation *top = topLevel(func, marked.plan->loop);
    if (!split || top->isBeforeInBlock(split))
      split = top;
  }
  return split;
}

/// Drops loops whose protocol fails until the split point settles. Returns
/// it, or null.
Operation *chooseSplit(gpu::GPUFuncOp func, SmallVector<MarkedLoop> &loops) {
  while (!loops.empty()) {
    Operation *split = findSplit(func, loops);
    size_t before = loops.size();
    llvm::erase_if(loops, [&](MarkedLoop &marked) {
      return failed(checkProtocol(func, *marked.plan, split));
    });
    if (loops.size() == before)
      return split;
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// The split
//===----------------------------------------------------------------------===//

/// setmaxnreg budgets: the producer's and the consumers' (none when the
/// consumers would gain nothing over the registers they start with).
struct Budgets {
  std::optional<int32_t> producer, consumer;
};

Budgets computeBudgets(Operation *split, int64_t consumerWarps) {
  int64_t threads = (consumerWarps + kProducerWarps) * 32;
  tile::RegisterPool pool = tile::getRegisterPool(split, threads);
  int64_t consumerGroups = consumerWarps / 4;
  int64_t spare = pool.total() - kProducerRegisters * kProducerWarps * 32;
  int64_t consumer =
      std::min(kMaxConsumerRegisters, spare / (128 * consumerGroups) /
                                          kRegisterAllocationGranule *
                                          kRegisterAllocationGranule);
  if (consumer <= pool.perThread)
    return {};
  return {int32_t(kProducerRegisters), int32_t(consumer)};
}

/// Whether the producer keeps `op`: its marked ops, structured control
/// flow (pruned inside) and scalar computations that write nothing; not
/// register tiles, which only the consumers hold.
bool keptByProducer(Operation *op) {
  if (op->hasAttr(kProducerAttrName) ||
      isa<scf::ForOp, scf::IfOp, scf::YieldOp>(op))
    return true;
  auto isTile = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.getEncoding();
  };
  if (llvm::any_of(op->getOperandTypes(), isTile) ||
      llvm::any_of(op->getResultTypes(), isTile))
    return false;
  if (op->getNumRegions() != 0)
    return false;
  if (isMemoryEffectFree(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return effects && effects.onlyHasEffect<MemoryEffects::Read>();
}

/// The values that decide what the producer loads: the operands of its
/// marked ops, the bounds and conditions of the loops and branches around
/// them, and, transitively, what those are computed from (through loop
/// iteration arguments and results of loops and branches). Each must come
/// from before the split or from an op the producer keeps: one that writes
/// memory (an atomic, a store) runs on the consumers only, and the
/// producer would get poison in its place, which folds silently into
/// wrong loads.
class ProducerInputs {
public:
  ProducerInputs(gpu::GPUFuncOp func, Operation *split)
      : func(func), split(split) {}

  LogicalResult check() {
    WalkResult walk = func.walk([&](Operation *op) {
      if (!op->hasAttr(kProducerAttrName))
        return WalkResult::advance();
      root = op;
      push(op->getOperands());
      for (Operation *parent = op->getParentOp(); parent != func;
           parent = parent->getParentOp())
        pushControl(parent);
      return failed(drain()) ? WalkResult::interrupt() : WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }

private:
  /// Follows the worklist back to its sources (`root` is the marked op it
  /// started from, for the diagnostic).
  LogicalResult drain() {
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (auto arg = dyn_cast<BlockArgument>(value)) {
        visitArgument(arg);
        continue;
      }
      if (failed(visitResult(cast<OpResult>(value))))
        return failure();
    }
    return success();
  }

  void push(ValueRange values) {
    for (Value value : values)
      if (seen.insert(value).second)
        worklist.push_back(value);
  }

  /// What decides whether and how often ops inside `op` run.
  void pushControl(Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op))
      push({loop.getLowerBound(), loop.getUpperBound(), loop.getStep()});
    else if (auto branch = dyn_cast<scf::IfOp>(op))
      push(branch.getCondition());
  }

  void visitArgument(BlockArgument arg) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop)
      return;
    pushControl(loop);
    if (arg == loop.getInductionVar())
      return;
    unsigned i = arg.getArgNumber() - loop.getNumInductionVars();
    push(loop.getInitArgs()[i]);
    push(loop.getBody()->getTerminator()->getOperand(i));
  }

  LogicalResult visitResult(OpResult result) {
    Operation *op = result.getOwner();
    if (isBeforeSplit(func, op, split))
      return success();
    unsigned i = result.getResultNumber();
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      pushControl(loop);
      push({loop.getInitArgs()[i],
            loop.getBody()->getTerminator()->getOperand(i)});
      return success();
    }
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      pushControl(branch);
      for (Region *region : {&branch.getThenRegion(), &branch.getElseRegion()})
        if (!region->empty())
          push(region->front().getTerminator()->getOperand(i));
      return success();
    }
    if (!keptByProducer(op)) {
      InFlightDiagnostic diag =
          op->emitOpError()
          << "computes a value that decides the producer warp's loads, but "
             "the producer does not run it (it writes memory or holds a "
             "register tile, so only the consumer warps do): compute that "
             "value from operations without side effects, or before the "
             "warp-specialized part";
      diag.attachNote(root->getLoc()) << "a load it decides";
      return failure();
    }
    push(op->getOperands());
    return success();
  }

  gpu::GPUFuncOp func;
  Operation *split;
  Operation *root = nullptr;
  SmallVector<Value> worklist;
  DenseSet<Value> seen;
};

/// The producer's copy of the kernel's rest: what it does not keep goes
/// (its results become poison, which canonicalization then removes with
/// the loop-carried values and branches that only served the consumers).
void pruneToProducer(Region &region) {
  SmallVector<Operation *> doomed;
  region.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (keptByProducer(op))
      return WalkResult::advance();
    doomed.push_back(op);
    return WalkResult::skip();
  });
  for (Operation *op : doomed) {
    OpBuilder b(op);
    for (Value result : op->getResults())
      result.replaceAllUsesWith(
          ub::PoisonOp::create(b, op->getLoc(), result.getType()));
    op->erase();
  }
  region.walk([](Operation *op) { op->removeAttr(kProducerAttrName); });

  MLIRContext *ctx = region.getContext();
  RewritePatternSet patterns(ctx);
  for (Dialect *dialect : ctx->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (RegisteredOperationName op : ctx->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, ctx);
  (void)applyPatternsGreedily(region, std::move(patterns));
}

/// The consumers' side: the rest without the producer's ops and what only
/// they used.
void pruneToConsumers(Region &region) {
  region.walk([](Operation *op) {
    if (op->hasAttr(kProducerAttrName))
      op->erase();
  });
  bool changed = true;
  while (changed) {
    changed = false;
    region.walk<WalkOrder::PostOrder, ReverseIterator>([&](Operation *op) {
      if (isOpTriviallyDead(op)) {
        op->erase();
        changed = true;
      }
    });
  }
}

/// Values the kernel's rest, from `split`, uses from before it (constants
/// excepted: a partition may use those from above).
llvm::SetVector<Value> collectCaptures(gpu::GPUFuncOp func,
                                       ArrayRef<Operation *> rest) {
  Block &entry = func.front();
  Operation *split = rest.front();
  llvm::SetVector<Value> captures;
  for (Operation *op : rest)
    op->walk([&](Operation *nested) {
      for (Value v : nested->getOperands()) {
        if (auto arg = dyn_cast<BlockArgument>(v)) {
          if (arg.getOwner() == &entry)
            captures.insert(v);
          continue;
        }
        Operation *def = v.getDefiningOp();
        if (def->getBlock() == &entry && def->isBeforeInBlock(split) &&
            !def->hasTrait<OpTrait::ConstantLike>())
          captures.insert(v);
      }
    });
  return captures;
}

/// Shared buffers the producer does not use, allocated before the split:
/// with ping-pong each consumer warpgroup gets its own (the other may be
/// in its epilogue).
SmallVector<Value> collectPrivateBuffers(ArrayRef<Value> captures,
                                         Block &producer) {
  SmallVector<Value> buffers;
  for (auto [i, capture] : llvm::enumerate(captures))
    if (capture.getDefiningOp<tile::AllocSmemOp>() &&
        producer.getArgument(i).use_empty())
      buffers.push_back(capture);
  return buffers;
}

/// A consumer copy of `rest` in `partition` (ping-pong's second
/// warpgroup): captures map to the partition's arguments, private buffers
/// to their copies' arguments.
void cloneConsumers(ArrayRef<Operation *> rest, Block &partition,
                    tile::WarpSpecializeOp ws,
                    const DenseMap<Value, Value> &privateCopy) {
  IRMapping map;
  for (auto [capture, arg] :
       llvm::zip_equal(ws.getExplicitCaptures(), partition.getArguments()))
    map.map(capture, arg);
  for (auto [original, copy] : privateCopy)
    for (auto [capture, arg] :
         llvm::zip_equal(ws.getExplicitCaptures(), partition.getArguments()))
      if (capture == copy)
        map.map(original, arg);
  OpBuilder b(partition.getTerminator());
  for (Operation *op : rest)
    b.clone(*op, map);
}

/// Appends `value` to the captures of `ws`, as an argument of every
/// partition.
void addCapture(tile::WarpSpecializeOp ws, Value value) {
  ws.getExplicitCapturesMutable().append(value);
  for (Region &partition : ws.getPartitionRegions())
    partition.addArgument(value.getType(), value.getLoc());
}

/// The producer partition's body: one elected thread runs `rest` (cloned,
/// then pruned to what the producer does); with clusters every thread
/// then meets the cluster.
void buildProducer(Block &producer, const llvm::SetVector<Value> &captures,
                   ArrayRef<Operation *> rest, bool clustered) {
  Location loc = producer.getParent()->getLoc();
  auto b = OpBuilder::atBlockEnd(&producer);
  IRMapping map;
  for (auto [capture, arg] : llvm::zip_equal(captures, producer.getArguments()))
    map.map(capture, arg);
  Value leader = tile::ElectOp::create(b, loc, tile::Scope::CTA);
  auto single = scf::IfOp::create(b, loc, leader, /*withElseRegion=*/false);
  // No CTA of a cluster may exit while a peer can still arrive on its
  // barriers or copy into its shared memory: every thread meets the
  // cluster once its part is done.
  if (clustered)
    tile::ClusterBarrierOp::create(b, loc);
  tile::WarpReturnOp::create(b, loc);
  OpBuilder inSingle(single.thenBlock()->getTerminator());
  for (Operation *op : rest)
    inSingle.clone(*op, map);
  pruneToProducer(single.getThenRegion());
  single.walk([](scf::ForOp loop) {
    loop->removeAttr(tile::TileDialect::kPingPongAttrName);
    loop->removeAttr(kMathLoopAttrName);
  });
}

/// The second consumer warpgroup's partition (ping-pong): its own copy of
/// the consumers' part of `rest`, with private copies of the buffers only
/// the consumers use, taking the odd turns of `turns`.
void buildSecondConsumer(tile::WarpSpecializeOp ws,
                         const llvm::SetVector<Value> &captures,
                         ArrayRef<Operation *> rest, Value turns) {
  Location loc = ws.getLoc();
  Block &producer = ws.getPartitionRegions()[0].front();
  Block &second = ws.getPartitionRegions()[1].front();
  auto b = OpBuilder::atBlockEnd(&second);
  tile::WarpReturnOp::create(b, loc);
  DenseMap<Value, Value> privateCopy;
  for (Value buffer :
       collectPrivateBuffers(captures.getArrayRef(), producer)) {
    OpBuilder before(buffer.getDefiningOp());
    before.setInsertionPointAfterValue(buffer);
    Value copy = before.clone(*buffer.getDefiningOp())->getResult(0);
    privateCopy[buffer] = copy;
    addCapture(ws, copy);
  }
  addCapture(ws, turns);
  cloneConsumers(rest, second, ws, privateCopy);
  pruneToConsumers(ws.getPartitionRegions()[1]);
  makePingPongCopy(ws.getPartitionRegions()[1], 1,
                   second.getArguments().back());
}

/// Drops the captures no partition uses any more.
void dropUnusedCaptures(tile::WarpSpecializeOp ws) {
  for (int i = int(ws.getExplicitCaptures().size()) - 1; i >= 0; --i) {
    if (llvm::any_of(ws.getPartitionRegions(), [&](Region &region) {
          return !region.getArgument(i).use_empty();
        }))
      continue;
    for (Region &region : ws.getPartitionRegions())
      region.eraseArgument(i);
    ws->eraseOperand(i);
  }
}

/// Everything from `split` on runs on the consumers (the default region)
/// and, pruned, on one thread of the producer warpgroup (partition 0).
/// With `pingPong` a second consumer warpgroup (partition 1) runs its own
/// copy; the two take alternate iterations of the ping-pong loop.
void splitKernel(gpu::GPUFuncOp func, Operation *split, int64_t consumerWarps,
                 bool pingPong, bool clustered) {
  Block &entry = func.front();
  SmallVector<Operation *> rest;
  for (Operation *op = split; op != entry.getTerminator();
       op = op->getNextNode())
    rest.push_back(op);
  llvm::SetVector<Value> captures = collectCaptures(func, rest);
  Location loc = split->getLoc();
  MLIRContext *ctx = func.getContext();
  int64_t groups = pingPong ? kPingPongGroups : 1;
  Budgets budgets = computeBudgets(split, consumerWarps * groups);

  OpBuilder b(split);
  Value turns = pingPong ? makeTurnBarriers(b, loc) : Value();
  // The barriers' inits, made by one thread, must be seen by every warp,
  // and with multicast loads by every CTA of the cluster: their producers
  // count down this CTA's full barriers and their consumers arrive on its
  // empty ones.
  if (clustered)
    tile::ClusterBarrierOp::create(b, loc);
  else
    tile::BarrierOp::create(b, loc);
  SmallVector<int32_t> warps = {int32_t(kProducerWarps)};
  SmallVector<int32_t> regs;
  if (budgets.producer)
    regs.push_back(*budgets.producer);
  if (pingPong) {
    warps.push_back(int32_t(consumerWarps));
    if (budgets.consumer)
      regs.push_back(*budgets.consumer);
  }
  auto ws = tile::WarpSpecializeOp::create(
      b, loc, TypeRange{}, captures.getArrayRef(), warps,
      regs.empty() ? DenseI32ArrayAttr() : DenseI32ArrayAttr::get(ctx, regs),
      budgets.consumer ? b.getI32IntegerAttr(*budgets.consumer) : IntegerAttr(),
      /*partitionRegionsCount=*/warps.size());

  b.createBlock(&ws.getDefaultRegion());
  auto yield = tile::WarpYieldOp::create(b, loc);
  for (Region &region : ws.getPartitionRegions()) {
    Block *block = b.createBlock(&region);
    for (Value capture : captures)
      block->addArgument(capture.getType(), capture.getLoc());
  }
  Block &producer = ws.getPartitionRegions()[0].front();
  buildProducer(producer, captures, rest, clustered);
  if (pingPong)
    buildSecondConsumer(ws, captures, rest, turns);
  for (Operation *op : rest)
    op->moveBefore(yield);
  if (clustered) {
    b.setInsertionPoint(yield);
    tile::ClusterBarrierOp::create(b, loc);
  }
  pruneToConsumers(ws.getDefaultRegion());
  if (pingPong)
    makePingPongCopy(ws.getDefaultRegion(), 0, turns);
  dropUnusedCaptures(ws);
}

/// Before the split every warp runs, the producer's included. A barrier
/// that every thread arrives on there (an unpredicated arrive at the
/// kernel's top level, e.g. after the TMA load of an attention kernel's Q)
/// and that was initialized for the kernel's consumer threads would get
/// the producer's arrivals too, more than its phase expects: it now
/// expects them. Barriers also arrived on elsewhere are left as written.
void countArrivalsBeforeSplit(gpu::GPUFuncOp func, Operation *split,
                              int64_t consumerThreads, int64_t allThreads) {
  DenseSet<Value> seen;
  func.walk([&](mbarrier::ArriveOp arrive) {
    Value bar = arrive.getBarrier();
    if (!seen.insert(bar).second)
      return;
    auto everyThread = [&](Operation *user) {
      auto other = dyn_cast<mbarrier::ArriveOp>(user);
      return other && !other.getPred() && !other.getCta() &&
             other->getBlock() == &func.front() &&
             isBeforeSplit(func, other, split);
    };
    SmallVector<mbarrier::InitOp> inits;
    for (Operation *user : bar.getUsers()) {
      if (auto init = dyn_cast<mbarrier::InitOp>(user))
        inits.push_back(init);
      else if (isa<mbarrier::ArriveOp, mbarrier::ArriveExpectTxOp>(user) &&
               !everyThread(user))
        return;
    }
    int64_t count = arrive.getCount();
    for (mbarrier::InitOp init : inits)
      if (init.getArrivals() == consumerThreads * count)
        init.setArrivals(allThreads * count);
  });
}

/// Launches of `func` in `module` with a constant block size: from the
/// consumers' threads to all of them.
LogicalResult updateLaunches(ModuleOp module, gpu::GPUFuncOp func,
                             int64_t consumerWarps, int64_t groups) {
  auto gpuModule = func->getParentOfType<gpu::GPUModuleOp>();
  int64_t consumers = consumerWarps * 32;
  int64_t all = (consumerWarps * groups + kProducerWarps) * 32;
  WalkResult result =
      module.walk([&](gpu::LaunchFuncOp launch) {
        if (!gpuModule ||
            launch.getKernelModuleName().getValue() != gpuModule.getSymName() ||
            launch.getKernelName().getValue() != func.getName())
          return WalkResult::advance();
        std::optional<int64_t> x = getConstantIntValue(launch.getBlockSizeX());
        std::optional<int64_t> y = getConstantIntValue(launch.getBlockSizeY());
        std::optional<int64_t> z = getConstantIntValue(launch.getBlockSizeZ());
        if (x && y == 1 && z == 1 && *x == all)
          return WalkResult::advance();
        if (!x || y != 1 || z != 1 || *x != consumers) {
          launch.emitError()
              << "tile-warp-specialize: @" << func.getName() << " now runs "
              << all << " threads ("
              << (groups == 1 ? "its " : "for ping-pong, two copies of its ")
              << consumers << " consumer threads and a " << kProducerWarps * 32
              << "-thread producer warpgroup), but this launch's block size is "
                 "not the constant ("
              << consumers << ", 1, 1) it can rewrite";
          return WalkResult::interrupt();
        }
        OpBuilder b(launch);
        launch.getBlockSizeXMutable().assign(
            arith::ConstantIndexOp::create(b, launch.getLoc(), all));
        return WalkResult::advance();
      });
  return failure(result.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// The CTAs whose producers write into `loop`'s ring: the kernel's cluster
/// (known_cluster_size) when the loop has a multicast load, else 1.
int64_t ringWriters(scf::ForOp loop) {
  WalkResult multicast = loop.getBody()->walk([](tma::AsyncLoadOp load) {
    return load.getMulticastMask() ? WalkResult::interrupt()
                                   : WalkResult::advance();
  });
  auto func = loop->getParentOfType<gpu::GPUFuncOp>();
  std::optional<ArrayRef<int32_t>> cluster =
      func ? func.getKnownClusterSize() : std::nullopt;
  if (!multicast.wasInterrupted() || !cluster)
    return 1;
  int64_t ctas = 1;
  for (int32_t d : *cluster)
    ctas *= d;
  return ctas;
}

/// Analyzes the marked loops of one kernel; the accepted ones come back.
LogicalResult analyzeLoops(ArrayRef<scf::ForOp> marked,
                           SmallVector<MarkedLoop> &accepted) {
  bool hardError = false;
  for (scf::ForOp loop : marked) {
    if (llvm::any_of(marked, [&](scf::ForOp other) {
          return other != loop &&
                 (other->isAncestor(loop) || loop->isAncestor(other));
        })) {
      refuse(loop) << "a marked loop nested in another marked loop";
      continue;
    }
    MarkedLoop entry;
    entry.plan = std::make_unique<PipelinePlan>();
    entry.plan->pass = "tile-warp-specialize";
    entry.plan->loop = loop;
    auto stages =
        loop->getAttrOfType<IntegerAttr>(tile::TileDialect::kNumStagesAttrName);
    entry.plan->stages = stages ? stages.getInt() : 1;
    entry.plan->clusterCTAs = ringWriters(loop);
    entry.pipeliner = std::make_unique<Pipeliner>(*entry.plan);
    bool loopError = false;
    if (failed(entry.pipeliner->analyze(loopError))) {
      hardError |= loopError;
      loop->removeAttr(tile::TileDialect::kWarpSpecializeAttrName);
      continue;
    }
    accepted.push_back(std::move(entry));
  }
  return failure(hardError);
}

struct WarpSpecialize
    : public tilemlir::impl::TileWarpSpecializeBase<WarpSpecialize> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::MapVector<Operation *, SmallVector<scf::ForOp>> byKernel;
    module.walk([&](scf::ForOp loop) {
      if (loop->hasAttr(tile::TileDialect::kWarpSpecializeAttrName))
        byKernel[loop->getParentOfType<gpu::GPUFuncOp>()].push_back(loop);
    });
    for (auto &[kernel, marked] : byKernel)
      if (failed(specializeKernel(module, cast_or_null<gpu::GPUFuncOp>(kernel),
                                  marked)))
        return signalPassFailure();
    // Ping-pong loops that were not used (their kernel was refused or has
    // no warp-specialized loop) say so.
    module.walk([](scf::ForOp loop) {
      if (loop->hasAttr(tile::TileDialect::kPingPongAttrName))
        refusePingPong(loop) << "no loop in it is warp-specialized";
    });
  }

  LogicalResult specializeKernel(ModuleOp module, gpu::GPUFuncOp func,
                                 ArrayRef<scf::ForOp> marked) {
    int64_t consumerWarps = 0;
    bool kernelOk = true;
    for (scf::ForOp loop : marked)
      kernelOk &= succeeded(checkKernel(func, loop, consumerWarps));
    if (!kernelOk)
      return success();
    SmallVector<MarkedLoop> loops;
    if (failed(analyzeLoops(marked, loops)))
      return failure();
    scf::ForOp pingPong = findPingPong(func);
    Operation *split = chooseSplit(func, loops);
    if (!split)
      return success();
    bool clustered = llvm::any_of(
        loops, [](const MarkedLoop &m) { return m.plan->clusterCTAs > 1; });
    if (pingPong && clustered) {
      refusePingPong(pingPong) << "its warp-specialized loops multicast "
                                  "across a cluster: not supported yet";
      pingPong = {};
    }
    auto plans = llvm::map_to_vector(
        loops, [](const MarkedLoop &m) -> const PipelinePlan * {
          return m.plan.get();
        });
    if (pingPong &&
        failed(checkPingPong(func, pingPong, plans, consumerWarps, split)))
      pingPong = {};
    for (MarkedLoop &loop : loops) {
      loop.plan->pingPong = bool(pingPong);
      // With ping-pong, one warpgroup consumes each slot.
      loop.pipeliner->rewriteForWarpSpecialization(consumerWarps * 32);
      if (pingPong)
        loop.plan->loop->setAttr(kMathLoopAttrName,
                                 UnitAttr::get(func.getContext()));
    }
    // Enclosing loops were rebuilt with the iteration count: find the
    // split again.
    int64_t groups = pingPong ? kPingPongGroups : 1;
    split = findSplit(func, loops);
    countArrivalsBeforeSplit(func, split, consumerWarps * 32,
                             (consumerWarps * groups + kProducerWarps) * 32);
    if (failed(ProducerInputs(func, split).check()))
      return failure();
    splitKernel(func, split, consumerWarps, bool(pingPong), clustered);
    return updateLaunches(module, func, consumerWarps,
                          pingPong ? kPingPongGroups : 1);
  }
};

} // namespace
