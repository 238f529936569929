//===- TMAToNVVM.cpp - TMA and bulk copies to cp.async.bulk ---------------===//
//
// After tile-expand-synchronization every copy is issued by one thread
// (scope = thread). Tensor coordinates are written outermost first in the
// IR, like tensor indices; PTX wants them innermost first.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "TileMLIR/Conversion/Passes.h"

using namespace mlir;
using namespace mlir::tilemlir;

namespace {

SmallVector<Value> innermostFirst(ValueRange coords) {
  return SmallVector<Value>(llvm::reverse(coords));
}

/// The .shared::cluster forms of the copies take a cluster address; this
/// CTA's shared window is part of the cluster's, so a cast suffices.
Value toClusterAddress(OpBuilder &b, Location loc, Value sharedPtr) {
  return LLVM::AddrSpaceCastOp::create(
      b, loc,
      LLVM::LLVMPointerType::get(
          b.getContext(), unsigned(NVVM::NVVMMemorySpace::SharedCluster)),
      sharedPtr);
}

template <typename Op>
LogicalResult requireSingleIssuer(Op op, ConversionPatternRewriter &rewriter) {
  if (op.getScope() != tile::Scope::Thread)
    return rewriter.notifyMatchFailure(
        op, "scoped copy: run tile-expand-synchronization first");
  return success();
}

struct AsyncLoadLowering : public ConvertOpToLLVMPattern<tma::AsyncLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::AsyncLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(requireSingleIssuer(op, rewriter)))
      return failure();
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        rewriter, op.getLoc(),
        toClusterAddress(rewriter, op.getLoc(), adaptor.getDst()),
        adaptor.getDesc(),
        innermostFirst(adaptor.getCoords()), adaptor.getBarrier(),
        ValueRange{}, adaptor.getMulticastMask(), Value(),
        NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
        NVVM::CTAGroupKindAttr(), Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncStoreLowering : public ConvertOpToLLVMPattern<tma::AsyncStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::AsyncStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(requireSingleIssuer(op, rewriter)))
      return failure();
    NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
        rewriter, op.getLoc(), adaptor.getDesc(), adaptor.getSrc(),
        innermostFirst(adaptor.getCoords()), Value(),
        NVVM::TMAStoreMode::TILE, Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncReduceLowering
    : public ConvertOpToLLVMPattern<tma::AsyncReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::AsyncReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(requireSingleIssuer(op, rewriter)))
      return failure();
    NVVM::TMAReduxKind kind;
    switch (op.getKind()) {
    case tma::ReduceKind::Add:
      kind = NVVM::TMAReduxKind::ADD;
      break;
    case tma::ReduceKind::Min:
      kind = NVVM::TMAReduxKind::MIN;
      break;
    case tma::ReduceKind::Max:
      kind = NVVM::TMAReduxKind::MAX;
      break;
    }
    NVVM::CpAsyncBulkTensorReduceOp::create(
        rewriter, op.getLoc(), adaptor.getDesc(), adaptor.getSrc(), kind,
        NVVM::TMAStoreMode::TILE, innermostFirst(adaptor.getCoords()),
        Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct StoreCommitLowering
    : public ConvertOpToLLVMPattern<tma::StoreCommitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::StoreCommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkCommitGroupOp>(op);
    return success();
  }
};

struct StoreWaitLowering : public ConvertOpToLLVMPattern<tma::StoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::StoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // `.read`: only wait until the sources have been read, so the shared
    // buffer may be reused before the global writes land.
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkWaitGroupOp>(
        op, rewriter.getI32IntegerAttr(op.getPending()),
        op.getReadOnly() ? rewriter.getUnitAttr() : UnitAttr());
    return success();
  }
};

struct PrefetchLowering
    : public ConvertOpToLLVMPattern<tma::PrefetchDescriptorOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::PrefetchDescriptorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::PrefetchOp>(
        op, NVVM::PrefetchCacheLevelAttr(), NVVM::CacheEvictionPriorityAttr(),
        adaptor.getDesc(), Value(), /*tensormap=*/true);
    return success();
  }
};

/// Bytes of a shared buffer moved by a 1-D bulk copy, as an i32.
Value bulkBytes(OpBuilder &b, Location loc, tile::SharedMemoryType type) {
  return createI32Constant(b, loc, type.getSizeInBytes());
}

/// Global address `ptr + offset` (offset in elements).
/// `ptr` advanced by `offset` elements of `elementType`. LLVM has no f8
/// types (and would step sub-byte integers by whole bytes): those advance
/// in bytes, sub-byte offsets rounding down to the byte that holds them.
Value elementAddress(OpBuilder &b, Location loc, Value ptr, Value offset,
                     Type elementType) {
  unsigned bits = elementType.getIntOrFloatBitWidth();
  if (LLVM::isCompatibleType(elementType) && bits % 8 == 0)
    return LLVM::GEPOp::create(b, loc, ptr.getType(), elementType, ptr,
                               ValueRange{offset});
  Type offsetType = offset.getType();
  auto constant = [&](int64_t v) {
    return LLVM::ConstantOp::create(b, loc, offsetType,
                                    b.getIntegerAttr(offsetType, v));
  };
  Value bytes = offset;
  if (bits % 8 == 0) {
    if (bits != 8)
      bytes = LLVM::MulOp::create(b, loc, offset, constant(bits / 8));
  } else {
    bytes = LLVM::LShrOp::create(
        b, loc, LLVM::MulOp::create(b, loc, offset, constant(bits)),
        constant(3));
  }
  return LLVM::GEPOp::create(b, loc, ptr.getType(), b.getI8Type(), ptr,
                             ValueRange{bytes});
}

struct BulkLoadLowering : public ConvertOpToLLVMPattern<tma::BulkLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::BulkLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(requireSingleIssuer(op, rewriter)))
      return failure();
    Location loc = op.getLoc();
    auto dstType = cast<tile::SharedMemoryType>(op.getDst().getType());
    Value src = elementAddress(rewriter, loc, adaptor.getSrc(),
                               adaptor.getOffset(), dstType.getElementType());
    NVVM::CpAsyncBulkGlobalToSharedClusterOp::create(
        rewriter, loc, toClusterAddress(rewriter, loc, adaptor.getDst()), src,
        adaptor.getBarrier(),
        bulkBytes(rewriter, loc, dstType), Value(), Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct BulkStoreLowering : public ConvertOpToLLVMPattern<tma::BulkStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::BulkStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(requireSingleIssuer(op, rewriter)))
      return failure();
    Location loc = op.getLoc();
    auto srcType = cast<tile::SharedMemoryType>(op.getSrc().getType());
    Value dst = elementAddress(rewriter, loc, adaptor.getDst(),
                               adaptor.getOffset(), srcType.getElementType());
    NVVM::CpAsyncBulkSharedCTAToGlobalOp::create(
        rewriter, loc, dst, adaptor.getSrc(), bulkBytes(rewriter, loc, srcType),
        Value(), Value());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilemlir::populateTMAToNVVMPatterns(LLVMTypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<AsyncLoadLowering, AsyncStoreLowering, AsyncReduceLowering,
               StoreCommitLowering, StoreWaitLowering, PrefetchLowering,
               BulkLoadLowering, BulkStoreLowering>(converter);
}
