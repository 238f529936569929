//===- ElementwiseToNVVM.cpp - Elementwise ops on register tiles ----------===//
//
// Register tiles are vectors of the thread's elements (RegisterTiles.h), so
// elementwise arith/math operations become the same operations on the
// vectors, and splats and splat constants vectors of one value. tile.range
// is its coordinates' vector; tile.expand_dims, tile.extract_slice and
// tile.broadcast, which keep every element in its thread, a shuffle of the
// thread's registers. math.exp2 marked `afn` on f32 is ex2.approx.ftz.
//
//===----------------------------------------------------------------------===//

#include "RegisterTiles.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

namespace {

/// The value of a splat constant register tile; other constant tiles are
/// not lowered yet.
FailureOr<SplatElementsAttr> getSplatConstant(arith::ConstantOp op,
                                              EmitErrorFn emitError) {
  auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
  if (!splat)
    return emitRule(emitError, "non-splat constant register tiles");
  return splat;
}

/// The register map of tile.expand_dims, tile.extract_slice and
/// tile.broadcast: only those that keep every element in its thread are
/// lowered.
FailureOr<SmallVector<int32_t>> getShufflePlan(Operation *op,
                                               EmitErrorFn emitError) {
  auto emitPrefixed = [&]() -> InFlightDiagnostic {
    return emitError() << "only register permutations within each thread are "
                          "lowered for this op: ";
  };
  return getOpRegisterMap(op, emitError ? EmitErrorFn(emitPrefixed)
                                        : EmitErrorFn());
}

/// Any elementwise-mappable op (arith, math) on register tiles: the same op
/// on the per-thread vectors.
struct ElementwiseTileLowering : public ConversionPattern {
  ElementwiseTileLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        failed(checkRegisterTileType(op->getResult(0).getType())))
      return failure();
    Type resultType =
        getTypeConverter()->convertType(op->getResult(0).getType());
    OperationState state(op->getLoc(), op->getName(), operands, resultType,
                         op->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

/// math.exp2 with `afn` on f32 (scalars and register tiles): one
/// ex2.approx.ftz.f32 per element. Without .ftz ptxas keeps subnormal
/// inputs and results exact by wrapping every MUFU.EX2 in a range test and
/// two multiplies; `afn` (approximate functions allowed) lets them flush
/// to zero, which is what a softmax wants: exp2 of a score far below the
/// row maximum is 0 either way.
struct ApproxExp2Lowering : public ConvertOpToLLVMPattern<math::Exp2Op> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(math::Exp2Op op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!arith::bitEnumContainsAll(op.getFastmath(),
                                   arith::FastMathFlags::afn))
      return failure();
    Value input = adaptor.getOperand();
    auto vectorType = dyn_cast<VectorType>(input.getType());
    Type element = vectorType ? vectorType.getElementType() : input.getType();
    if (!element.isF32() || (vectorType && vectorType.getRank() != 1))
      return failure();
    Location loc = op.getLoc();
    auto ex2 = [&](Value x) {
      return createInlineAsm(rewriter, loc, element, x,
                             "ex2.approx.ftz.f32 $0, $1;", "=f,f",
                             /*sideEffects=*/false);
    };
    if (!vectorType) {
      rewriter.replaceOp(op, ex2(input));
      return success();
    }
    Value result = LLVM::PoisonOp::create(rewriter, loc, vectorType);
    for (int64_t i = 0, e = vectorType.getNumElements(); i < e; ++i) {
      Value index = createI32Constant(rewriter, loc, i);
      Value x = LLVM::ExtractElementOp::create(rewriter, loc, input, index);
      result = LLVM::InsertElementOp::create(rewriter, loc, result, ex2(x),
                                             index);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct SplatConstantTileLowering
    : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SplatElementsAttr> splat = getSplatConstant(op, {});
    if (failed(splat) || failed(checkRegisterTileType(op.getType())))
      return failure();
    auto vectorType =
        cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, vectorType,
        SplatElementsAttr::get(vectorType, splat->getSplatValue<Attribute>()));
    return success();
  }
};

struct SplatTileLowering : public ConvertOpToLLVMPattern<SplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkRegisterTileType(op.getType())))
      return failure();
    auto vectorType =
        cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOp(
        op, createSplat(rewriter, op.getLoc(), vectorType, adaptor.getSrc()));
    return success();
  }
};

struct RangeLowering : public ConvertOpToLLVMPattern<RangeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(RangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LinearLayout> layout = getRegisterLayout(op.getType());
    if (failed(layout))
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> thread = getThreadCoords(rewriter, loc, *layout);
    // The thread's coordinate goes through an opaque copy, so that the
    // vector (one register per element, each the coordinate XOR a
    // constant) is computed where the range is, not hoisted out of the
    // loops around it: LLVM's LICM keeps hoisted values live across the
    // whole loop, which spills a warp-specialized kernel at its setmaxnreg
    // budget (an attention mask's 32 key indices per thread). The copy has
    // no side effects (loads and stores move across it), so CSE still
    // merges it with an identical range that dominates the loop: the
    // vector is then live across the loop, as it was before. ptxas sees a
    // plain mov and places the vector under its own register model. A
    // constant coordinate (a layout with no lane or warp bases along the
    // range) stays constant.
    Value thread0 = thread[0];
    if (!I32Builder::constant(thread0))
      thread0 = createInlineAsm(rewriter, loc, rewriter.getI32Type(), thread0,
                                "mov.b32 $0, $1;", "=r,r",
                                /*sideEffects=*/false);
    Value coords = getCoordVector(rewriter, loc, *layout, 0, thread0);
    if (op.getStart() != 0) {
      auto type = cast<VectorType>(coords.getType());
      Value start = createSplat(
          rewriter, loc, type, createI32Constant(rewriter, loc, op.getStart()));
      coords = LLVM::AddOp::create(rewriter, loc, coords, start);
    }
    rewriter.replaceOp(op, coords);
    return success();
  }
};

/// expand_dims, extract_slice and broadcast: a shuffle of the thread's
/// registers.
template <typename OpT>
struct RegisterShuffleLowering : public ConvertOpToLLVMPattern<OpT> {
  using ConvertOpToLLVMPattern<OpT>::ConvertOpToLLVMPattern;
  using OpAdaptor = typename OpT::Adaptor;

  LogicalResult
  matchAndRewrite(OpT op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<SmallVector<int32_t>> map = getShufflePlan(op, {});
    if (failed(map))
      return failure();
    replaceWithRegisterShuffle(op, adaptor.getSrc(), *map, rewriter);
    return success();
  }
};

} // namespace

LogicalResult tilemlir::verifyElementwiseLowering(Operation *op) {
  auto emitError = [&]() -> InFlightDiagnostic {
    return op->emitOpError() << "not supported yet: ";
  };
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    if (succeeded(checkRegisterTileType(constant.getType())) &&
        failed(getSplatConstant(constant, emitError)))
      return failure();
  if (isa<ExpandDimsOp, ExtractSliceOp, BroadcastOp>(op) &&
      failed(getShufflePlan(op, emitError)))
    return failure();
  return success();
}

void tilemlir::populateElementwiseToNVVMPatterns(LLVMTypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<SplatConstantTileLowering, SplatTileLowering>(converter);
  patterns.add<ElementwiseTileLowering>(converter, &converter.getContext());
  patterns.add<ApproxExp2Lowering, RangeLowering,
               RegisterShuffleLowering<ExpandDimsOp>,
               RegisterShuffleLowering<ExtractSliceOp>,
               RegisterShuffleLowering<BroadcastOp>>(converter,
                                                     /*benefit=*/2);
}
