//===- HostToLLVM.cpp - Host side: launches, descriptors, pointers --------===//

#include "Common.h"

#include "TMA/TMADialect.h"
#include "TileMLIR/Conversion/Passes.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/ScopedPrinter.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_CONVERTTILEHOSTTOLLVM
#include "TileMLIR/Conversion/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;
using namespace mlir::tilemlir;

namespace {

/// Allocas go to the function entry so loops do not grow the stack.
Value createEntryAlloca(ConversionPatternRewriter &rewriter, Operation *op,
                        Type elementType, int64_t count, int64_t alignment) {
  OpBuilder::InsertionGuard guard(rewriter);
  auto func = op->getParentOfType<FunctionOpInterface>();
  rewriter.setInsertionPointToStart(&func.getFunctionBody().front());
  Location loc = op->getLoc();
  Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                       rewriter.getI64IntegerAttr(1));
  Type type = count == 1 ? elementType
                         : LLVM::LLVMArrayType::get(elementType, count);
  return LLVM::AllocaOp::create(rewriter, loc,
                                LLVM::LLVMPointerType::get(rewriter.getContext()),
                                type, one, alignment);
}

/// A call to the runtime's `name`, declared from the arguments' types (and
/// `result`, void when null) on first use.
FailureOr<LLVM::CallOp> callRuntime(OpBuilder &b, Location loc,
                                    ModuleOp module, StringRef name,
                                    ValueRange args, Type result = {}) {
  if (!result)
    result = LLVM::LLVMVoidType::get(b.getContext());
  FailureOr<LLVM::LLVMFuncOp> callee = LLVM::lookupOrCreateFn(
      b, module, name, llvm::to_vector(args.getTypes()), result);
  if (failed(callee))
    return failure();
  return LLVM::CallOp::create(b, loc, *callee, args);
}

struct PtrFromMemrefLowering
    : public ConvertOpToLLVMPattern<tile::PtrFromMemrefOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::PtrFromMemrefOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elementType = getTypeConverter()->convertType(
        cast<MemRefType>(op.getSource().getType()).getElementType());
    rewriter.replaceOp(op, getMemRefStart(rewriter, op.getLoc(),
                                          adaptor.getSource(), elementType));
    return success();
  }
};

/// tile.dtype_code -> its TileRtDType value.
struct DTypeCodeLowering : public ConvertOpToLLVMPattern<tile::DTypeCodeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tile::DTypeCodeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The verifier guarantees a code.
    int32_t code = *tile::DTypeCodeOp::getCode(op.getElementType());
    rewriter.replaceOpWithNewOp<LLVM::ConstantOp>(
        op, rewriter.getI32Type(), rewriter.getI32IntegerAttr(code));
    return success();
  }
};

/// tma.make_descriptor -> tileRtMakeTensorMap(out, dtype, rank, address,
/// dims, strideBytes, box, elementStrides = null, interleave, swizzle, l2,
/// oobFill, uses), which validates the map (strides, box, alignment; whole
/// 16-byte rows when `written`) and aborts with the rule that failed.
struct MakeDescriptorLowering
    : public ConvertOpToLLVMPattern<tma::MakeDescriptorOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::MakeDescriptorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto desc = cast<tma::DescriptorType>(op.getResult().getType());
    auto memrefType = cast<MemRefType>(op.getSource().getType());
    int64_t rank = memrefType.getRank();
    MLIRContext *context = rewriter.getContext();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    Type ptr = LLVM::LLVMPointerType::get(context);
    auto i32c = [&](int64_t v) {
      return LLVM::ConstantOp::create(rewriter, loc, i32,
                                      rewriter.getI32IntegerAttr(v));
    };

    FailureOr<Type> storageType =
        getTensorMapStorageType(op, *getTypeConverter(), memrefType);
    if (failed(storageType))
      return failure();
    TensorMapGeometry geometry(adaptor.getSource(), desc, *storageType);
    Value address = geometry.getStart(rewriter, loc);

    // Global shape (elements), outer strides (bytes) and box, outermost
    // first; the runtime reorders them for the driver.
    Value dims = createEntryAlloca(rewriter, op, i64, rank, 8);
    Value strides = createEntryAlloca(rewriter, op, i64, std::max<int64_t>(rank - 1, 1), 8);
    Value box = createEntryAlloca(rewriter, op, i32, rank, 4);
    // The box of one TMA instruction (a split box's piece).
    SmallVector<int64_t> copyBox = desc.getCopyBoxShape();
    for (int64_t d = 0; d < rank; ++d) {
      Value slot = LLVM::GEPOp::create(rewriter, loc, ptr, i64, dims,
                                       ArrayRef<LLVM::GEPArg>{int32_t(d)});
      LLVM::StoreOp::create(rewriter, loc,
                            geometry.getSize(rewriter, loc, d, rank), slot);
      Value boxSlot = LLVM::GEPOp::create(rewriter, loc, ptr, i32, box,
                                          ArrayRef<LLVM::GEPArg>{int32_t(d)});
      LLVM::StoreOp::create(rewriter, loc, i32c(copyBox[d]), boxSlot);
      if (d == rank - 1)
        continue;
      Value strideBytes = geometry.getStrideBytes(rewriter, loc, d);
      Value strideSlot = LLVM::GEPOp::create(
          rewriter, loc, ptr, i64, strides, ArrayRef<LLVM::GEPArg>{int32_t(d)});
      LLVM::StoreOp::create(rewriter, loc, strideBytes, strideSlot);
    }

    // CUtensorMap: 128 bytes, 128-byte aligned as CUDA 13 requires.
    Type mapType = LLVM::LLVMArrayType::get(i64, 16);
    Value map = createEntryAlloca(rewriter, op, mapType, 1, 128);
    Value null = LLVM::ZeroOp::create(rewriter, loc, ptr);

    auto module = op->getParentOfType<ModuleOp>();
    if (failed(callRuntime(
            rewriter, loc, module, "tileRtMakeTensorMap",
            ValueRange{map, i32c(desc.getCUDADataType()), i32c(rank), address,
                       dims, strides, box, null,
                       i32c(desc.getCUDAInterleave()),
                       i32c(desc.getCUDASwizzle()),
                       i32c(desc.getCUDAL2Promotion()),
                       i32c(desc.getCUDAOOBFill()),
                       // TILE_RT_TENSOR_MAP_WRITTEN (tile-runtime/Runtime.h).
                       i32c(op.getWritten() ? 1 : 0)})))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, mapType, map);
    return success();
  }
};

/// gpu.wait, both forms. Upstream's lowering tells a stream from an event by
/// the op that defines the token: one that reaches the wait through a
/// region (an scf.if or scf.for result) or a block argument is taken for an
/// event, so a blocking wait on a stream passed through scf.if called
/// cuEventSynchronize on the stream (CUDA_ERROR_CONTEXT_IS_DESTROYED on the
/// H100). Here no token is an event: events exist only inside this lowering
/// (the async dialect, whose yields upstream turns into events, is not part
/// of the pipeline), so every token is the stream of the ops it orders.
/// A blocking wait synchronizes and destroys each stream once; `gpu.wait
/// async` records an event on each dependency now (upstream records it right
/// after the dependency's op: waiting for later work on the same stream as
/// well is conservative, never wrong) and makes a new stream wait for them.
struct WaitLowering : public ConvertOpToLLVMPattern<gpu::WaitOp> {
  WaitLowering(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(gpu::WaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    Type ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
    auto call = [&](StringRef name, ValueRange args,
                    bool returnsPtr) -> FailureOr<Value> {
      FailureOr<LLVM::CallOp> callOp = callRuntime(
          rewriter, loc, module, name, args, returnsPtr ? ptr : Type());
      if (failed(callOp))
        return failure();
      return returnsPtr ? callOp->getResult() : Value();
    };
    SetVector<Value> streams;
    streams.insert_range(adaptor.getAsyncDependencies());
    if (!op.getAsyncToken()) {
      for (Value stream : streams)
        if (failed(call("mgpuStreamSynchronize", stream, false)) ||
            failed(call("mgpuStreamDestroy", stream, false)))
          return failure();
      rewriter.eraseOp(op);
      return success();
    }
    SmallVector<Value> events;
    for (Value stream : streams) {
      FailureOr<Value> event = call("mgpuEventCreate", {}, true);
      if (failed(event) ||
          failed(call("mgpuEventRecord", {*event, stream}, false)))
        return failure();
      events.push_back(*event);
    }
    FailureOr<Value> stream = call("mgpuStreamCreate", {}, true);
    if (failed(stream))
      return failure();
    for (Value event : events)
      if (failed(call("mgpuStreamWaitEvent", {*stream, event}, false)) ||
          failed(call("mgpuEventDestroy", event, false)))
        return failure();
    rewriter.replaceOp(op, *stream);
    return success();
  }
};

/// Each launch marked tile.dependent_launch (tile-dependent-launch) asks
/// the runtime, right before it, to make it a programmatic dependent
/// launch: upstream's launch lowering has no such parameter, and the call
/// applies to the next launch this thread makes, which is this one.
LogicalResult requestDependentLaunches(ModuleOp module) {
  StringRef attrName = tile::TileDialect::kDependentLaunchAttrName;
  WalkResult result = module.walk([&](gpu::LaunchFuncOp launch) {
    if (!launch->hasAttr(attrName))
      return WalkResult::advance();
    OpBuilder b(launch);
    if (failed(callRuntime(b, launch.getLoc(), module,
                           "tileRtNextLaunchDependent", ValueRange())))
      return WalkResult::interrupt();
    launch->removeAttr(attrName);
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Host arith and math on floats of 8 bits or fewer: the host lowering has
/// none (upstream's arith-to-llvm leaves such an op in place, and LLVM IR
/// translation fails on it later without naming it).
LogicalResult checkHostNarrowFloats(ModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    if (isa<gpu::GPUModuleOp>(op))
      return WalkResult::skip();
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
      return WalkResult::advance();
    Value narrow = findNarrowFloat(op);
    if (!narrow)
      return WalkResult::advance();
    op->emitOpError() << "not supported yet: " << op->getName() << " on "
                      << llvm::to_string(narrow.getType())
                      << " in host code: 8-bit floats are converted on the "
                         "GPU (arith.truncf / arith.extf in a kernel) or by "
                         "the runtime (tileRtConvertFromF32 / "
                         "tileRtConvertToF32)";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

struct ConvertTileHostToLLVM
    : public tilemlir::impl::ConvertTileHostToLLVMBase<ConvertTileHostToLLVM> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    if (failed(checkHostNarrowFloats(getOperation())) ||
        failed(requestDependentLaunches(getOperation())))
      return signalPassFailure();
    LowerToLLVMOptions options(context);
    LLVMTypeConverter converter(context, options);
    populateTileHostTypeConversions(converter);
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);
    target.addLegalDialect<LLVM::LLVMDialect>();
    // Like upstream gpu-to-llvm: every dialect that knows how to lower
    // itself, plus the GPU host patterns.
    for (Dialect *dialect : context->getLoadedDialects()) {
      auto iface = dyn_cast<ConvertToLLVMPatternInterface>(dialect);
      if (!iface)
        continue;
      iface->populateConvertToLLVMConversionPatterns(target, converter,
                                                     patterns);
    }
    target.addLegalOp<gpu::GPUModuleOp, gpu::BinaryOp>();
    target.addDynamicallyLegalOp<gpu::LaunchFuncOp>(
        [&](gpu::LaunchFuncOp op) { return converter.isLegal(op); });
    target.addIllegalOp<tma::MakeDescriptorOp, tile::PtrFromMemrefOp,
                        tile::DTypeCodeOp>();
    populateVectorToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
    populateGpuToLLVMConversionPatterns(converter, patterns,
                                        /*kernelBarePtrCallConv=*/false,
                                        /*kernelIntersperseSizeCallConv=*/false);
    populateTileHostToLLVMPatterns(converter, patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void tilemlir::populateTileHostToLLVMPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<PtrFromMemrefLowering, MakeDescriptorLowering,
               DTypeCodeLowering, WaitLowering>(converter);
}
