//===- MBarrierToNVVM.cpp - mbarrier to the unified nvvm.mbarrier ops -----===//
//
// Barriers are 8-byte words in shared memory. Predicates and the blocking
// wait loop were made explicit by tile-expand-synchronization; what reaches
// this lowering is straight-line code.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "MBarrier/MBarrierDialect.h"
#include "TileMLIR/Conversion/Passes.h"

using namespace mlir;
using namespace mlir::tilemlir;

namespace {

struct AllocLowering : public ConvertOpToLLVMPattern<mbarrier::AllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(mbarrier::AllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return replaceWithAllocatedAddress(op, rewriter);
  }
};

struct IndexLowering : public ConvertOpToLLVMPattern<mbarrier::IndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(mbarrier::IndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value bytes = LLVM::MulOp::create(
        rewriter, loc, adaptor.getIndex(),
        LLVM::ConstantOp::create(rewriter, loc, adaptor.getIndex().getType(),
                                 rewriter.getIntegerAttr(
                                     adaptor.getIndex().getType(), 8)));
    rewriter.replaceOp(op,
                       createByteOffset(rewriter, loc, adaptor.getGroup(), bytes));
    return success();
  }
};

struct InitLowering : public ConvertOpToLLVMPattern<mbarrier::InitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(mbarrier::InitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value count = createI32Constant(rewriter, op.getLoc(), op.getArrivals());
    rewriter.replaceOpWithNewOp<NVVM::MBarrierInitOp>(op, adaptor.getBarrier(),
                                                      count, Value());
    return success();
  }
};

struct ArriveLowering : public ConvertOpToLLVMPattern<mbarrier::ArriveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(mbarrier::ArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPred())
      return rewriter.notifyMatchFailure(
          op, "predicated arrive: run tile-expand-synchronization first");
    Location loc = op.getLoc();
    Value barrier = adaptor.getBarrier();
    if (Value cta = adaptor.getCta()) {
      // The same barrier offset in another CTA of the cluster.
      barrier = NVVM::MapaOp::create(
          rewriter, loc,
          LLVM::LLVMPointerType::get(rewriter.getContext(),
                                     unsigned(NVVM::NVVMMemorySpace::SharedCluster)),
          barrier, cta);
      // CTA release scope, as CUTLASS's ClusterBarrier::arrive: what a
      // remote arrival publishes is that this CTA's reads of a ring slot
      // (wgmma, complete through wgmma.wait_group) are done, and the
      // peer's refill is an async-proxy write ordered by the barrier
      // itself. .release.cluster made ptxas put MEMBAR.ALL.GPU before
      // every arrival, which cost the clustered GEMM 35% (bench/NOTES.md).
    }
    Value count;
    if (op.getCount() != 1)
      count = createI32Constant(rewriter, loc, op.getCount());
    NVVM::MBarrierArriveOp::create(rewriter, loc, Type(), barrier, count,
                                   NVVM::MemScopeKind::CTA);
    rewriter.eraseOp(op);
    return success();
  }
};

struct ExpectTxLowering : public ConvertOpToLLVMPattern<mbarrier::ExpectTxOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(mbarrier::ExpectTxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPred())
      return rewriter.notifyMatchFailure(
          op, "predicated expect_tx: run tile-expand-synchronization first");
    Value bytes = createI32Constant(rewriter, op.getLoc(), *op.getBytes());
    rewriter.replaceOpWithNewOp<NVVM::MBarrierExpectTxOp>(
        op, adaptor.getBarrier(), bytes);
    return success();
  }
};

struct ArriveExpectTxLowering
    : public ConvertOpToLLVMPattern<mbarrier::ArriveExpectTxOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(mbarrier::ArriveExpectTxOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPred())
      return rewriter.notifyMatchFailure(
          op, "predicated arrive_expect_tx: run tile-expand-synchronization "
              "first");
    Value bytes = createI32Constant(rewriter, op.getLoc(), *op.getBytes());
    NVVM::MBarrierArriveExpectTxOp::create(rewriter, op.getLoc(), Type(),
                                           adaptor.getBarrier(), bytes,
                                           NVVM::MemScopeKind::CTA,
                                           /*relaxed=*/false, Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct TryWaitLowering : public ConvertOpToLLVMPattern<mbarrier::TryWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(mbarrier::TryWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // The i32 form of try_wait is the parity form; only the low bit counts.
    Value phase = adaptor.getPhase();
    if (phase.getType().isInteger(1))
      phase = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), phase);
    Value parity = LLVM::AndOp::create(rewriter, loc, phase,
                                       createI32Constant(rewriter, loc, 1));
    rewriter.replaceOpWithNewOp<NVVM::MBarrierTryWaitOp>(
        op, rewriter.getI1Type(), adaptor.getBarrier(), parity, Value());
    return success();
  }
};

struct WaitLowering : public ConvertOpToLLVMPattern<mbarrier::WaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(mbarrier::WaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return rewriter.notifyMatchFailure(
        op, "blocking wait: run tile-expand-synchronization first");
  }
};

struct InvalidateLowering
    : public ConvertOpToLLVMPattern<mbarrier::InvalidateOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(mbarrier::InvalidateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::MBarrierInvalOp>(op,
                                                       adaptor.getBarrier());
    return success();
  }
};

} // namespace

LogicalResult tilemlir::verifyMBarrierLowering(Operation *op) {
  std::optional<uint32_t> bytes;
  if (auto expect = dyn_cast<mbarrier::ExpectTxOp>(op))
    bytes = expect.getBytes();
  else if (auto arm = dyn_cast<mbarrier::ArriveExpectTxOp>(op))
    bytes = arm.getBytes();
  else
    return success();
  if (bytes)
    return success();
  return op->emitOpError()
         << "has no transaction byte count: write `bytes = N`, or run "
            "tile-infer-transaction-bytes (first in tile-to-nvvm), which "
            "computes it from the copies of the op's phase";
}

void tilemlir::populateMBarrierToNVVMPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<AllocLowering, IndexLowering, InitLowering, ArriveLowering,
               ExpectTxLowering, ArriveExpectTxLowering, TryWaitLowering,
               WaitLowering, InvalidateLowering>(converter);
}
