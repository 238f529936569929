//===- LowerWarpSpecialize.cpp - Partitions to warp-indexed branches ------===//
//
// tile.warp_specialize in a kernel's entry block becomes
//
//   %wid = tile.warp_id
//   scf.if %wid < W {                // default warps
//     [setmaxnreg]  <default region>  <rest of the kernel>
//   } else {
//     scf.if %wid < W + w0 { [setmaxnreg] <partition0> } else { ... }
//   }
//   gpu.return                        // partition warps exit here
//
// Barriers and leader election inside a branch are rebased onto the warps
// that execute it.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "TileMLIR/Analysis/LayoutConversions.h"

#include "Tile/TileDialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILELOWERWARPSPECIALIZE
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {

/// Warps [base, base + count) execute a region of code.
struct WarpRange {
  int64_t base;
  int64_t count;
};

/// A warpgroup barrier waits for the 128 threads of warps 4w .. 4w + 3 on
/// its own named barrier: the region's warps must be whole warpgroups.
LogicalResult checkWarpgroupBarrier(tile::BarrierOp op, WarpRange range,
                                    StringRef regionName) {
  if (range.base % 4 == 0 && range.count % 4 == 0)
    return success();
  return op.emitOpError() << "synchronizes a warpgroup, but " << regionName
                          << " runs warps " << range.base << " to "
                          << range.base + range.count - 1
                          << ", not whole warpgroups (4 warps from a "
                             "multiple of 4)";
}

/// The regions synchronize on named barriers 1 (default) and 2 + i
/// (partition i), within the CTA's tile::kNumNamedBarriers.
LogicalResult checkRegionBarrierIds(gpu::GPUFuncOp func, size_t partitions) {
  int lastRegionId = 1 + int(partitions);
  if (lastRegionId < tile::kNumNamedBarriers)
    return success();
  return func.emitOpError()
         << "has " << partitions
         << " warp-specialized partitions, whose named barriers (1 to "
         << lastRegionId << ") exceed the CTA's " << tile::kNumNamedBarriers
         << " (0 to " << tile::kNumNamedBarriers - 1 << "): at most "
         << tile::kNumNamedBarriers - 2 << " partitions";
}

/// What warpgroup barriers need beyond their own region's warps (which
/// rebaseSynchronization checks): region barrier IDs below theirs (from
/// BarrierOp::kWarpgroupBarrierBase), and, before `op`, where every warp of
/// the kernel runs, whole warpgroups in all.
LogicalResult checkWarpgroupBarriers(tile::WarpSpecializeOp op,
                                     gpu::GPUFuncOp func, size_t partitions,
                                     int64_t totalWarps) {
  int lastRegionId = 1 + int(partitions);
  WalkResult result = func.walk([&](tile::BarrierOp barrier) {
    if (barrier.isCTAWide())
      return WalkResult::advance();
    if (lastRegionId >= tile::BarrierOp::kWarpgroupBarrierBase) {
      func.emitOpError() << "has " << partitions
                         << " warp-specialized partitions, whose named "
                            "barriers (1 to "
                         << lastRegionId
                         << ") reach the warpgroup barriers' (from "
                         << tile::BarrierOp::kWarpgroupBarrierBase
                         << "): at most "
                         << tile::BarrierOp::kWarpgroupBarrierBase - 2
                         << " partitions with a warpgroup barrier";
      return WalkResult::interrupt();
    }
    Operation *top = op->getBlock()->findAncestorOpInBlock(*barrier);
    if (top && top->isBeforeInBlock(op) && totalWarps % 4 != 0) {
      barrier.emitOpError()
          << "synchronizes a warpgroup before tile.warp_specialize, where all "
          << totalWarps
          << " warps of the kernel (its partitions' included) run it, not "
             "whole warpgroups of 4";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Rewrites tile.barrier and scoped tile.elect ops in `region` so they only
/// involve the warps of `range`. `barrierId` is the named barrier to use.
LogicalResult rebaseSynchronization(Region &region, WarpRange range,
                                    int barrierId, bool wholeCTA,
                                    StringRef regionName) {
  SmallVector<Operation *> ops;
  region.walk([&](Operation *op) {
    if (isa<tile::BarrierOp, tile::ElectOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (auto barrier = dyn_cast<tile::BarrierOp>(op)) {
      if (!barrier.isCTAWide()) {
        if (failed(checkWarpgroupBarrier(barrier, range, regionName)))
          return failure();
        continue;
      }
      if (wholeCTA)
        continue;
      // bar.sync id, count: only this branch's threads take part.
      Value id = arith::ConstantIntOp::create(b, loc, barrierId, 32);
      Value count = arith::ConstantIntOp::create(b, loc, range.count * 32, 32);
      NVVM::BarrierOp::create(b, loc, Type(), id, count,
                              NVVM::BarrierReductionAttr(), Value());
      op->erase();
      continue;
    }
    auto elect = cast<tile::ElectOp>(op);
    if (elect.getScope() == tile::Scope::Warp || wholeCTA)
      continue;
    // Leader of the branch's first warp (cta) or of each warpgroup counted
    // from the branch's first warp.
    Value wid = tile::WarpIdOp::create(b, loc);
    Value base = arith::ConstantIntOp::create(b, loc, range.base, 32);
    Value rel = arith::SubIOp::create(b, loc, wid, base);
    Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
    Value inWarp;
    if (elect.getScope() == tile::Scope::CTA) {
      inWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rel,
                                     zero);
    } else {
      Value four = arith::ConstantIntOp::create(b, loc, 4, 32);
      Value mod = arith::RemUIOp::create(b, loc, rel, four);
      inWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, mod,
                                     zero);
    }
    Value lane = tile::ElectOp::create(b, loc, tile::Scope::Warp);
    Value leader = arith::AndIOp::create(b, loc, inWarp, lane);
    elect.replaceAllUsesWith(leader);
    elect.erase();
  }
  return success();
}

/// Register tiles in a region run by the warps of `range`: their layouts
/// read the low bits of the CTA's warp id, which count from the region's
/// first warp only when the region starts at a multiple of the layout's
/// warps (and has that many); layout changes, windows and reductions
/// through shared scratch synchronize on the region's named barrier instead
/// of the CTA's.
LogicalResult prepareRegisterTiles(Region &region, WarpRange range,
                                   int barrierId, StringRef regionName) {
  MLIRContext *context = region.getContext();
  WalkResult result = region.walk([&](Operation *op) {
    SmallVector<Type> types(op->getOperandTypes());
    llvm::append_range(types, op->getResultTypes());
    for (Type type : types) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.getEncoding())
        continue;
      FailureOr<tilemlir::LinearLayout> layout =
          tilemlir::toLinearLayout(tensor);
      if (failed(layout))
        continue; // The register-tile lowering names what it cannot do.
      int64_t warps = layout->getInDimSize(tilemlir::kWarp);
      if (warps > range.count || range.base % warps != 0) {
        op->emitOpError()
            << "not supported yet: a register tile whose layout spans "
            << warps << " warps in " << regionName << " (warps "
            << range.base << " to " << range.base + range.count - 1
            << "): layouts index warps by the low bits of the warp id, so "
               "the region must have at least that many warps and start at "
               "a multiple of them";
        return WalkResult::interrupt();
      }
    }
    if (isa<tile::ConvertLayoutOp, tile::ExtractSliceOp, tile::ReduceOp>(op))
      op->setAttr(tile::TileDialect::kSyncGroupAttrName,
                  DenseI32ArrayAttr::get(
                      context, {barrierId, int32_t(range.count * 32)}));
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Where the regions of a tile.warp_specialize run, and with how many
/// registers.
struct WarpPlan {
  /// The kernel's own warps, which run the default region.
  int64_t defaultWarps = 0;
  /// The warps of each partition, after the default ones.
  SmallVector<WarpRange> ranges;
  int64_t totalWarps = 0;
  /// setmaxnreg budgets (all or none).
  std::optional<int32_t> defaultRegs;
  std::optional<ArrayRef<int32_t>> partRegs;
  bool setRegisters = false;
  /// Idle warps after the last partition that complete its warpgroup for
  /// setmaxnreg, and their budget (the last partition's).
  WarpRange padding{0, 0};
  int64_t paddingRegs = 0;
  /// The registers each thread starts with, and all of them.
  tile::RegisterPool pool;
};

/// setmaxnreg acts on whole warpgroups: every warpgroup's warps must ask for
/// the same budget and every warpgroup must be complete.
LogicalResult checkRegisterBudgets(tile::WarpSpecializeOp op,
                                   const WarpPlan &plan) {
  if (!plan.partRegs || !plan.defaultRegs)
    return op.emitOpError()
           << "setmaxnreg needs a budget for the default partition and "
              "every partition (it reallocates registers between them)";
  if (plan.totalWarps % 4 != 0 || plan.defaultWarps % 4 != 0)
    return op.emitOpError()
           << "register budgets need whole warpgroups: the default "
              "partition has "
           << plan.defaultWarps << " warps and the kernel " << plan.totalWarps
           << "; setmaxnreg applies to all 4 warps of a warpgroup";
  SmallVector<int64_t> groupRegs(plan.totalWarps / 4, -1);
  // (Idle padding warps take their warpgroup's budget: no conflict.)
  auto assign = [&](WarpRange range, int64_t regs) -> LogicalResult {
    for (int64_t w = range.base; w < range.base + range.count; ++w) {
      int64_t &slot = groupRegs[w / 4];
      if (slot != -1 && slot != regs)
        return op.emitOpError()
               << "partitions sharing warpgroup " << w / 4
               << " ask for different register budgets (" << slot << " vs "
               << regs << "); setmaxnreg applies to a whole "
               << "warpgroup";
      slot = regs;
    }
    return success();
  };
  if (failed(assign({0, plan.defaultWarps}, *plan.defaultRegs)))
    return failure();
  for (auto [range, regs] : llvm::zip_equal(plan.ranges, *plan.partRegs))
    if (failed(assign(range, regs)))
      return failure();
  if (plan.padding.count && failed(assign(plan.padding, plan.paddingRegs)))
    return failure();
  // That the budgets fit the registers the CTA starts with is the op's own
  // rule (WarpSpecializeOp::verify, with tile::getRegisterPool).
  return success();
}

/// Partition budgets are requests, as Gluon's worker_num_regs are: with
/// them, a last warpgroup the partitions leave incomplete gets idle warps
/// (setmaxnreg acts on all 4 warps of a warpgroup; Gluon's tutorial runs
/// two one-warp partitions at 24 registers), and a default partition
/// without a budget gets what the CTA's registers leave, up to setmaxnreg's
/// 256.
LogicalResult completeBudgets(tile::WarpSpecializeOp op, WarpPlan &plan) {
  if (!plan.partRegs || plan.defaultWarps % 4 != 0)
    return success(); // checkRegisterBudgets says why not.
  int64_t padded = llvm::alignTo(plan.totalWarps, 4);
  if (padded != plan.totalWarps) {
    if (padded > 32)
      return op.emitOpError()
             << "needs " << padded << " warps with the idle ones that "
             << "complete its last warpgroup for setmaxnreg; a CTA has at "
                "most 32";
    plan.padding = {plan.totalWarps, padded - plan.totalWarps};
    plan.paddingRegs = plan.partRegs->back();
    plan.totalWarps = padded;
  }
  if (plan.defaultRegs)
    return success();
  tile::RegisterPool pool = tile::getRegisterPool(op, plan.totalWarps * 32);
  int64_t others = plan.padding.count * plan.paddingRegs;
  for (auto [range, regs] : llvm::zip_equal(plan.ranges, *plan.partRegs))
    others += range.count * regs;
  int64_t left = (pool.total() - others * 32) / (plan.defaultWarps * 32);
  int64_t regs = std::min<int64_t>(256, left / 8 * 8);
  if (regs < 24)
    return op.emitOpError()
           << "the partitions' register budgets leave " << left
           << " registers a thread for the default partition's "
           << plan.defaultWarps << " warps (of " << pool.perThread
           << " each at entry), and setmaxnreg needs at least 24";
  plan.defaultRegs = int32_t(regs);
  return success();
}

/// Places the default region and the partitions on warps and checks their
/// register budgets.
FailureOr<WarpPlan> planWarps(tile::WarpSpecializeOp op,
                              gpu::GPUFuncOp func) {
  if (!func || !func.isKernel() || op->getBlock() != &func.front())
    return op.emitOpError()
           << "not supported yet: tile.warp_specialize must be in the "
              "entry block of a kernel (not nested in control flow or a "
              "device function)";
  std::optional<int64_t> numWarps = tile::getKernelNumWarps(op);
  if (!numWarps)
    return op.emitOpError() << "needs the kernel's 'tile.num_warps' to "
                               "place partitions on warps";
  WarpPlan plan;
  plan.defaultWarps = *numWarps;
  ArrayRef<int32_t> partitionWarps = op.getPartitionNumWarps();
  for (auto [i, warps] : llvm::enumerate(partitionWarps))
    plan.ranges.push_back({op.getPartitionFirstWarp(i, plan.defaultWarps),
                           warps});
  plan.totalWarps =
      op.getPartitionFirstWarp(partitionWarps.size(), plan.defaultWarps);
  if (plan.totalWarps > 32)
    return op.emitOpError() << "needs " << plan.totalWarps
                            << " warps; a CTA has at most 32";

  plan.partRegs = op.getPartitionNumRegs();
  plan.defaultRegs = op.getDefaultNumRegs();
  plan.setRegisters = plan.partRegs || plan.defaultRegs;
  if (plan.setRegisters && failed(completeBudgets(op, plan)))
    return failure();
  plan.pool = tile::getRegisterPool(op, plan.totalWarps * 32);
  if (plan.setRegisters && failed(checkRegisterBudgets(op, plan)))
    return failure();
  return plan;
}

/// setmaxnreg to `regs` at `builder`'s insertion point, unless budgets are
/// not set or `regs` is what the warps start with.
void setRegisters(OpBuilder &builder, Location loc, const WarpPlan &plan,
                  int64_t regs) {
  if (!plan.setRegisters || regs == plan.pool.perThread)
    return;
  NVVM::SetMaxRegisterOp::create(builder, loc, regs,
                                 regs > plan.pool.perThread
                                     ? NVVM::SetMaxRegisterAction::increase
                                     : NVVM::SetMaxRegisterAction::decrease);
}

/// Moves the default region, then the rest of the kernel, into the then
/// block of `branch` (the default warps' side).
void moveDefaultRegion(tile::WarpSpecializeOp op, gpu::GPUFuncOp func,
                       scf::IfOp branch) {
  Block *defaultBlock = branch.thenBlock();
  Operation *thenYield = defaultBlock->getTerminator();
  Block &body = op.getDefaultRegion().front();
  auto yield = cast<tile::WarpYieldOp>(body.getTerminator());
  SmallVector<Value> results(yield.getValues());
  for (Operation &nested : llvm::make_early_inc_range(body.without_terminator()))
    nested.moveBefore(thenYield);
  op.replaceAllUsesWith(results);
  Operation *funcTerminator = func.front().getTerminator();
  for (Operation &rest : llvm::make_early_inc_range(
           llvm::make_range(std::next(Block::iterator(op)),
                            Block::iterator(funcTerminator))))
    rest.moveBefore(thenYield);
}

/// Partition warps: a chain of range tests at `b`, each branch running one
/// partition.
LogicalResult lowerPartitions(tile::WarpSpecializeOp op, const WarpPlan &plan,
                              Value wid, OpBuilder &b) {
  Location loc = op.getLoc();
  for (auto [i, range] : llvm::enumerate(plan.ranges)) {
    Value end = arith::ConstantIntOp::create(b, loc, range.base + range.count,
                                             32);
    Value inRange =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, wid, end);
    bool last = i + 1 == plan.ranges.size() && !plan.padding.count;
    auto partIf = scf::IfOp::create(b, loc, inRange, !last);
    OpBuilder pb = OpBuilder::atBlockBegin(partIf.thenBlock());
    if (plan.partRegs)
      setRegisters(pb, loc, plan, (*plan.partRegs)[i]);
    Region &partition = op.getPartitionRegions()[i];
    Block &partBody = partition.front();
    for (auto [arg, capture] :
         llvm::zip_equal(partBody.getArguments(), op.getExplicitCaptures()))
      arg.replaceAllUsesWith(capture);
    Operation *partYield = partIf.thenBlock()->getTerminator();
    for (Operation &nested :
         llvm::make_early_inc_range(partBody.without_terminator()))
      nested.moveBefore(partYield);
    std::string name = "partition " + std::to_string(i);
    if (failed(rebaseSynchronization(partIf.getThenRegion(), range,
                                     /*barrierId=*/2 + int(i),
                                     /*wholeCTA=*/false, name)) ||
        failed(prepareRegisterTiles(partIf.getThenRegion(), range,
                                    /*barrierId=*/2 + int(i), name)))
      return failure();
    if (!last)
      b.setInsertionPoint(partIf.elseBlock()->getTerminator());
  }
  // The idle warps only take part in their warpgroup's setmaxnreg.
  if (plan.padding.count)
    setRegisters(b, loc, plan, plan.paddingRegs);
  return success();
}

LogicalResult lower(tile::WarpSpecializeOp op) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  FailureOr<WarpPlan> plan = planWarps(op, func);
  if (failed(plan) ||
      failed(checkRegionBarrierIds(func, plan->ranges.size())) ||
      failed(checkWarpgroupBarriers(op, func, plan->ranges.size(),
                                    plan->totalWarps)))
    return failure();

  // The launch must bring the idle warps too: without them the last
  // warpgroup's setmaxnreg would run on part of a warpgroup.
  if (plan->padding.count)
    op.emitWarning() << "warps " << plan->padding.base << " to "
                     << plan->padding.base + plan->padding.count - 1
                     << " idle, completing the last partition's warpgroup "
                        "for setmaxnreg: the kernel runs "
                     << plan->totalWarps * 32
                     << " threads, and its launches must give all of them";
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value wid = tile::WarpIdOp::create(b, loc);
  Value defaultEnd =
      arith::ConstantIntOp::create(b, loc, plan->defaultWarps, 32);
  Value isDefault = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          wid, defaultEnd);
  auto branch = scf::IfOp::create(b, loc, isDefault, /*withElseRegion=*/true);

  // Default warps: the default region, then the rest of the kernel.
  b.setInsertionPointToStart(branch.thenBlock());
  if (plan->defaultRegs)
    setRegisters(b, loc, *plan, *plan->defaultRegs);
  moveDefaultRegion(op, func, branch);

  b.setInsertionPoint(branch.elseBlock()->getTerminator());
  if (failed(lowerPartitions(op, *plan, wid, b)))
    return failure();
  // The default warps synchronize among themselves once partitions run.
  if (failed(rebaseSynchronization(branch.getThenRegion(),
                                   {0, plan->defaultWarps}, /*barrierId=*/1,
                                   /*wholeCTA=*/false, "the default region")) ||
      failed(prepareRegisterTiles(branch.getThenRegion(),
                                  {0, plan->defaultWarps},
                                  /*barrierId=*/1, "the default region")))
    return failure();
  op.erase();

  // setmaxnreg redistributes the registers the CTA starts with: fix that
  // count (.maxnreg), and the CTAs per SM it was computed for, so that
  // ptxas compiles the kernel with exactly the pool the budgets were
  // checked against.
  if (plan->setRegisters) {
    func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                  b.getI32IntegerAttr(plan->pool.ctasPerSM));
    func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                  b.getI32IntegerAttr(plan->pool.perThread));
  }
  // The whole CTA's size, for launch checks and setmaxnreg's register cap.
  func.setKnownBlockSizeAttr(DenseI32ArrayAttr::get(
      func.getContext(), {int32_t(plan->totalWarps * 32), 1, 1}));
  return success();
}

struct LowerWarpSpecialize
    : public tilemlir::impl::TileLowerWarpSpecializeBase<LowerWarpSpecialize> {
  void runOnOperation() override {
    SmallVector<tile::WarpSpecializeOp> ops;
    llvm::SmallDenseMap<Operation *, tile::WarpSpecializeOp> firstInKernel;
    bool failedAny = false;
    getOperation().walk([&](tile::WarpSpecializeOp op) {
      ops.push_back(op);
      // One split of a kernel's warps: lowering the first moves the rest of
      // the kernel under a branch, where a second would be reported as
      // nested in control flow.
      auto func = op->getParentOfType<gpu::GPUFuncOp>();
      auto [first, isFirst] = firstInKernel.try_emplace(func, op);
      if (func && !isFirst) {
        InFlightDiagnostic diag =
            op.emitOpError()
            << "not supported yet: a second tile.warp_specialize in kernel @"
            << func.getName()
            << " (one op splits the kernel's warps: give it all the "
               "partitions)";
        diag.attachNote(first->second.getLoc()) << "the first is here";
        failedAny = true;
      }
    });
    if (failedAny)
      return signalPassFailure();
    for (tile::WarpSpecializeOp op : ops)
      if (failed(lower(op)))
        return signalPassFailure();
  }
};

} // namespace
