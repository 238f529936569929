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

/// mbarrier.wait -> while (!mbarrier.try_wait) {}
struct WaitToTryWaitLoop : public OpRewritePattern<mbarrier::WaitOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(mbarrier::WaitOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto loop = scf::WhileOp::create(rewriter, loc, TypeRange{}, ValueRange{});
    Block *before = rewriter.createBlock(&loop.getBefore());
    Value done = mbarrier::TryWaitOp::create(rewriter, loc,
                                             rewriter.getI1Type(),
                                             op.getBarrier(), op.getPhase());
    Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    Value pending = arith::XOrIOp::create(rewriter, loc, done, one);
    scf::ConditionOp::create(rewriter, loc, pending, ValueRange{});
    (void)before;
    rewriter.createBlock(&loop.getAfter());
    scf::YieldOp::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
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
                 PredicateToIf<mbarrier::ArriveExpectTxOp>, WaitToTryWaitLoop,
                 MaskedScalarLoad, MaskedScalarStore>(&getContext());
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
