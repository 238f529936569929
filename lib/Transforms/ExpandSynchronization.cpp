//===- ExpandSynchronization.cpp - Explicit leaders, predicates, waits ----===//
//
// TileMLIR's copy and barrier operations carry implicit control flow (a
// leader scope, a predicate, a blocking wait). This pass spells it out in
// scf so that the conversion to NVVM only deals with straight-line,
// single-thread operations.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "Tile/TileDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEEXPANDSYNCHRONIZATION
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {

/// Issues a scoped copy from one elected thread: `scf.if (tile.elect scope)`
/// around a clone with `scope = thread`.
template <typename CopyOp>
struct ElectCopyIssuer : public OpRewritePattern<CopyOp> {
  using OpRewritePattern<CopyOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(CopyOp op,
                                PatternRewriter &rewriter) const override {
    tile::Scope scope = op.getScope();
    if (scope == tile::Scope::Thread)
      return failure();
    Location loc = op.getLoc();
    Value leader = tile::ElectOp::create(rewriter, loc, scope);
    auto ifOp = scf::IfOp::create(rewriter, loc, leader,
                                  /*withElseRegion=*/false);
    rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    Operation *clone = rewriter.clone(*op);
    clone->setAttr(op.getScopeAttrName(),
                   tile::ScopeAttr::get(op.getContext(), tile::Scope::Thread));
    rewriter.eraseOp(op);
    return success();
  }
};

/// Moves a predicated barrier operation under `scf.if %pred`.
template <typename BarrierOp>
struct PredicateToIf : public OpRewritePattern<BarrierOp> {
  using OpRewritePattern<BarrierOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(BarrierOp op,
                                PatternRewriter &rewriter) const override {
    Value pred = op.getPred();
    if (!pred)
      return failure();
    auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), pred,
                                  /*withElseRegion=*/false);
    rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    Operation *clone = rewriter.clone(*op);
    cast<BarrierOp>(clone).getPredMutable().clear();
    rewriter.eraseOp(op);
    return success();
  }
};

/// `loc` as text for a message ("file:line:col", or what the location
/// prints).
std::string describeLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (isa<FileLineColLoc>(inner))
        return describeLocation(inner);
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

/// i32 of an index or integer value, for printf.
Value toI32(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isIndex())
    return arith::IndexCastUIOp::create(b, loc, b.getI32Type(), v);
  if (v.getType().getIntOrFloatBitWidth() < 32)
    return arith::ExtUIOp::create(b, loc, b.getI32Type(), v);
  return v;
}

/// The debug mode's give-up: prints the kernel, the wait's source location,
/// the phase and the block, thread and warp, then traps.
void reportTimeout(OpBuilder &b, mbarrier::WaitOp op, uint64_t cycles) {
  Location loc = op.getLoc();
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  std::string format =
      "tile: mbarrier.wait timed out after " + std::to_string(cycles) +
      " cycles in kernel " + (func ? func.getName().str() : "?") + " at " +
      describeLocation(loc) +
      ": waiting for phase parity %u, block (%u, %u, %u), thread %u (warp "
      "%u)\n";
  SmallVector<Value> args{toI32(b, loc, op.getPhase())};
  for (gpu::Dimension d :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    args.push_back(toI32(b, loc, gpu::BlockIdOp::create(b, loc, d)));
  Value thread =
      toI32(b, loc, gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x));
  args.push_back(thread);
  args.push_back(arith::DivUIOp::create(
      b, loc, thread, arith::ConstantIntOp::create(b, loc, 32, 32)));
  gpu::PrintfOp::create(b, loc, b.getStringAttr(format), args);
  LLVM::Trap::create(b, loc);
}

/// mbarrier.wait -> while (!mbarrier.try_wait) {}; with a timeout, the
/// loop body checks the cycles spent since the wait began.
struct WaitToTryWaitLoop : public OpRewritePattern<mbarrier::WaitOp> {
  WaitToTryWaitLoop(MLIRContext *context, uint64_t timeout)
      : OpRewritePattern(context), timeout(timeout) {}

  LogicalResult matchAndRewrite(mbarrier::WaitOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value start;
    if (timeout)
      start = NVVM::Clock64Op::create(rewriter, loc, rewriter.getI64Type());
    auto loop = scf::WhileOp::create(rewriter, loc, TypeRange{}, ValueRange{});
    rewriter.createBlock(&loop.getBefore());
    Value done = mbarrier::TryWaitOp::create(rewriter, loc,
                                             rewriter.getI1Type(),
                                             op.getBarrier(), op.getPhase());
    Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    Value pending = arith::XOrIOp::create(rewriter, loc, done, one);
    scf::ConditionOp::create(rewriter, loc, pending, ValueRange{});
    rewriter.createBlock(&loop.getAfter());
    if (timeout) {
      Value now = NVVM::Clock64Op::create(rewriter, loc, rewriter.getI64Type());
      Value spent = arith::SubIOp::create(rewriter, loc, now, start);
      Value limit = arith::ConstantIntOp::create(rewriter, loc, timeout, 64);
      Value late = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ugt, spent, limit);
      auto report = scf::IfOp::create(rewriter, loc, late,
                                      /*withElseRegion=*/false);
      OpBuilder inReport = OpBuilder::atBlockBegin(report.thenBlock());
      reportTimeout(inReport, op, timeout);
      rewriter.setInsertionPointAfter(report);
    }
    scf::YieldOp::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }

  uint64_t timeout;
};

/// A masked scalar load reads only where the mask holds.
struct MaskedScalarLoad : public OpRewritePattern<tile::LoadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tile::LoadOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getMask() || isa<RankedTensorType>(op.getOffsets().getType()))
      return failure();
    Location loc = op.getLoc();
    Type type = op.getResult().getType();
    auto ifOp = scf::IfOp::create(rewriter, loc, TypeRange{type},
                                  op.getMask(), /*withElseRegion=*/true);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    Value loaded = tile::LoadOp::create(rewriter, loc, type, op.getPtr(),
                                        op.getOffsets(), Value(), Value());
    scf::YieldOp::create(rewriter, loc, loaded);
    rewriter.setInsertionPointToStart(ifOp.elseBlock());
    Value other = op.getOther();
    if (!other)
      other = ub::PoisonOp::create(rewriter, loc, type);
    scf::YieldOp::create(rewriter, loc, other);
    rewriter.replaceOp(op, ifOp.getResults());
    return success();
  }
};

struct MaskedScalarStore : public OpRewritePattern<tile::StoreOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tile::StoreOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getMask() || isa<RankedTensorType>(op.getOffsets().getType()))
      return failure();
    auto ifOp = scf::IfOp::create(rewriter, op.getLoc(), op.getMask(),
                                  /*withElseRegion=*/false);
    rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    Operation *clone = rewriter.clone(*op);
    cast<tile::StoreOp>(clone).getMaskMutable().clear();
    rewriter.eraseOp(op);
    return success();
  }
};

struct ExpandSynchronization
    : public tilemlir::impl::TileExpandSynchronizationBase<
          ExpandSynchronization> {
  using TileExpandSynchronizationBase::TileExpandSynchronizationBase;

  void runOnOperation() override {
    // tile-pipeline drops the marker from the loops it pipelines; a loop
    // that still has it runs unpipelined: correct, but not what the marker
    // asks for, so say so.
    getOperation().walk([](scf::ForOp loop) {
      auto stages = loop->getAttrOfType<IntegerAttr>(
          tile::TileDialect::kNumStagesAttrName);
      if (stages && stages.getInt() > 1)
        loop.emitWarning()
            << "this loop was not software-pipelined (tile-pipeline did not "
               "run on it or refused it): it runs with one stage instead of "
            << stages.getInt();
      // tile-warp-specialize drops its marker from every loop it sees.
      if (loop->hasAttr(tile::TileDialect::kWarpSpecializeAttrName))
        loop.emitWarning() << "this loop was not warp-specialized "
                              "(tile-warp-specialize did not run on it)";
    });
    RewritePatternSet patterns(&getContext());
    patterns.add<ElectCopyIssuer<tma::AsyncLoadOp>,
                 ElectCopyIssuer<tma::AsyncStoreOp>,
                 ElectCopyIssuer<tma::AsyncReduceOp>,
                 ElectCopyIssuer<tma::BulkLoadOp>,
                 ElectCopyIssuer<tma::BulkStoreOp>,
                 PredicateToIf<mbarrier::ArriveOp>,
                 PredicateToIf<mbarrier::ExpectTxOp>,
                 PredicateToIf<mbarrier::ArriveExpectTxOp>, MaskedScalarLoad,
                 MaskedScalarStore>(&getContext());
    patterns.add<WaitToTryWaitLoop>(&getContext(), waitTimeout);
    // No folding or CSE: election must stay next to the copy it guards.
    GreedyRewriteConfig config;
    config.enableFolding(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};

} // namespace
