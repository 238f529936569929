//===- ControlToNVVM.cpp - Grid queries, elect, fences, barriers ----------===//
//
// Cluster queries and barriers too.
//

#include "Common.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

namespace {

template <typename SourceOp, typename XOp, typename YOp, typename ZOp>
struct GridQueryLowering : public ConvertOpToLLVMPattern<SourceOp> {
  using ConvertOpToLLVMPattern<SourceOp>::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type i32 = rewriter.getI32Type();
    Value v;
    switch (op.getDim()) {
    case Dim::X:
      v = XOp::create(rewriter, op.getLoc(), i32);
      break;
    case Dim::Y:
      v = YOp::create(rewriter, op.getLoc(), i32);
      break;
    case Dim::Z:
      v = ZOp::create(rewriter, op.getLoc(), i32);
      break;
    }
    rewriter.replaceOp(op, v);
    return success();
  }
};

struct ThreadIdLowering : public ConvertOpToLLVMPattern<ThreadIdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ThreadIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::ThreadIdXOp>(op, rewriter.getI32Type());
    return success();
  }
};

struct WarpIdLowering : public ConvertOpToLLVMPattern<WarpIdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WarpIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, createWarpId(rewriter, op.getLoc()));
    return success();
  }
};

struct ElectLowering : public ConvertOpToLLVMPattern<ElectOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ElectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lane =
        NVVM::ElectSyncOp::create(rewriter, loc, rewriter.getI1Type(), Value());
    if (op.getScope() == Scope::Warp) {
      rewriter.replaceOp(op, lane);
      return success();
    }
    // One warp of the scope elects: warp 0 of the CTA, or the first warp
    // of each warpgroup.
    I32Builder ib{rewriter, loc};
    Value warp = createWarpId(rewriter, loc);
    if (op.getScope() == Scope::Warpgroup)
      warp = ib.urem(warp, 4);
    Value first = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                       warp, ib.c(0));
    rewriter.replaceOpWithNewOp<LLVM::AndOp>(op, first, lane);
    return success();
  }
};

struct FenceAsyncSharedLowering
    : public ConvertOpToLLVMPattern<FenceAsyncSharedOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(FenceAsyncSharedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::FenceProxyOp>(
        op, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(rewriter.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    return success();
  }
};

/// griddepcontrol as inline assembly with a memory clobber: NVVM's
/// intrinsics for it are IntrNoMem, so LLVM could move a global load above
/// the wait, before the data it reads has been written.
template <typename SourceOp>
struct GridDependencyLowering : public ConvertOpToLLVMPattern<SourceOp> {
  GridDependencyLowering(const LLVMTypeConverter &converter,
                         StringRef instruction)
      : ConvertOpToLLVMPattern<SourceOp>(converter), instruction(instruction) {}

  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createInlineAsm(rewriter, op.getLoc(), Type(), ValueRange(), instruction,
                    "~{memory}", /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }

  StringRef instruction;
};

struct BarrierLowering : public ConvertOpToLLVMPattern<BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.isCTAWide()) {
      rewriter.replaceOpWithNewOp<NVVM::Barrier0Op>(op);
      return success();
    }
    // Warpgroup w of the CTA waits on named barrier base + w with its 128
    // threads: warp_id / 4 is warp-uniform, so the ID is too.
    Location loc = op.getLoc();
    Value warp = createWarpId(rewriter, loc);
    Value four = createI32Constant(rewriter, loc, 4);
    Value warpgroup = LLVM::UDivOp::create(rewriter, loc, warp, four);
    Value base =
        createI32Constant(rewriter, loc, BarrierOp::kWarpgroupBarrierBase);
    Value id = LLVM::AddOp::create(rewriter, loc, warpgroup, base);
    Value threads = createI32Constant(rewriter, loc, 128);
    NVVM::BarrierOp::create(rewriter, loc, Type(), id, threads,
                            NVVM::BarrierReductionAttr(), Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct ClusterRankLowering : public ConvertOpToLLVMPattern<ClusterRankOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ClusterRankOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::ClusterId>(op, rewriter.getI32Type());
    return success();
  }
};

struct ClusterBarrierLowering
    : public ConvertOpToLLVMPattern<ClusterBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ClusterBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The default (release) arrive and (acquire) wait, not .aligned: the
    // threads of a warp may arrive from different places.
    NVVM::ClusterArriveOp::create(rewriter, op.getLoc(), UnitAttr());
    rewriter.replaceOpWithNewOp<NVVM::ClusterWaitOp>(op, UnitAttr());
    return success();
  }
};

} // namespace

void tilemlir::populateControlToNVVMPatterns(LLVMTypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add<GridQueryLowering<ProgramIdOp, NVVM::BlockIdXOp,
                                 NVVM::BlockIdYOp, NVVM::BlockIdZOp>,
               GridQueryLowering<NumProgramsOp, NVVM::GridDimXOp,
                                 NVVM::GridDimYOp, NVVM::GridDimZOp>,
               ThreadIdLowering, WarpIdLowering, ElectLowering,
               FenceAsyncSharedLowering, BarrierLowering, ClusterRankLowering,
               ClusterBarrierLowering>(converter);
  patterns.add<GridDependencyLowering<GridDependencyWaitOp>>(
      converter, "griddepcontrol.wait;");
  patterns.add<GridDependencyLowering<LaunchDependentsOp>>(
      converter, "griddepcontrol.launch_dependents;");
}
