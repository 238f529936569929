//===- ElementwiseToNVVM.cpp - Elementwise ops on register tiles ----------===//
//
// Register tiles are vectors of the thread's elements (RegisterTiles.h), so
// elementwise arith/math operations become the same operations on the
// vectors, and splats and splat constants vectors of one value. tile.range
// is its coordinates' vector; tile.expand_dims, tile.extract_slice and
// tile.broadcast, which keep every element in its thread, a shuffle of the
// thread's registers. math.exp2 marked `afn` on f32 is ex2.approx.ftz.
// Conversions to and from 8-bit floats, and from f32 register tiles to 16
// bits, go through the GPU's paired cvt.
//
//===----------------------------------------------------------------------===//

#include "RegisterTiles.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/Support/ScopedPrinter.h"

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

/// The 8-bit float formats the GPU converts to and from in pairs (cvt with
/// e4m3x2 / e5m2x2, sm_89 and later).
bool isConvertibleFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

/// What arith.truncf to an 8-bit float and arith.extf from one are lowered
/// for: the other side f32, f16 or bf16 (16-bit sources widen to f32
/// first, exactly), and for truncf rounding to nearest even (the default).
/// Other 8-bit and narrower float formats, and other rounding modes, are
/// refused with the rule.
LogicalResult checkFp8Conversion(Operation *op, EmitErrorFn emitError) {
  auto truncf = dyn_cast<arith::TruncFOp>(op);
  auto extf = dyn_cast<arith::ExtFOp>(op);
  if (!truncf && !extf)
    return success();
  Type narrow = getElementTypeOrSelf(truncf ? op->getResult(0).getType()
                                            : op->getOperand(0).getType());
  Type wide = getElementTypeOrSelf(truncf ? op->getOperand(0).getType()
                                          : op->getResult(0).getType());
  if (!isNarrowFloat(narrow))
    return success();
  if (!isConvertibleFp8(narrow))
    return emitRule(emitError, op->getName().getStringRef() + " " +
                                   (truncf ? "to " : "from ") +
                                   llvm::to_string(narrow) +
                                   ": the GPU converts to and from f8E4M3FN "
                                   "and f8E5M2 only");
  if (!wide.isF32() && !wide.isF16() && !wide.isBF16())
    return emitRule(emitError, op->getName().getStringRef() + " between " +
                                   llvm::to_string(narrow) + " and " +
                                   llvm::to_string(wide) +
                                   ": the other side must be f32, f16 or "
                                   "bf16");
  if (truncf && truncf.getRoundingmode() &&
      *truncf.getRoundingmode() != arith::RoundingMode::to_nearest_even)
    return emitRule(emitError,
                    "arith.truncf to " + llvm::to_string(narrow) +
                        " rounds to nearest even only (cvt.rn.satfinite), not " +
                        arith::stringifyRoundingMode(*truncf.getRoundingmode()));
  return success();
}

} // namespace

bool tilemlir::isNarrowFloat(Type type) {
  auto f = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  return f && f.getWidth() <= 8;
}

Value tilemlir::findNarrowFloat(Operation *op) {
  for (Value v : llvm::concat<Value>(op->getOperands(), op->getResults()))
    if (isNarrowFloat(v.getType()))
      return v;
  return {};
}

LogicalResult tilemlir::checkNarrowFloatOps(Operation *op,
                                            EmitErrorFn emitError) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()))
    return success();
  Value narrow = findNarrowFloat(op);
  if (!narrow || isa<arith::ConstantOp, arith::SelectOp, arith::BitcastOp>(op))
    return success();
  std::string what = (op->getName().getStringRef() + " on " +
                      llvm::to_string(narrow.getType()))
                         .str();
  if (!isa<arith::TruncFOp, arith::ExtFOp>(op))
    return emitRule(emitError,
                    what + ": the GPU has no arithmetic on 8-bit floats, "
                           "only conversions; widen with arith.extf (to f16 "
                           "or f32) first");
  if (auto vector = dyn_cast<VectorType>(narrow.getType());
      vector && vector.getRank() > 1)
    return emitRule(emitError, what + ": 8-bit float conversions take "
                                      "scalars, 1-D vectors and register "
                                      "tiles");
  return checkFp8Conversion(op, emitError);
}

namespace {

/// The elements of `value` (a scalar, or a 1-D vector's elements).
SmallVector<Value> getElements(OpBuilder &b, Location loc, Value value) {
  auto vector = dyn_cast<VectorType>(value.getType());
  if (!vector)
    return {value};
  SmallVector<Value> elements;
  for (int64_t i = 0, e = vector.getNumElements(); i < e; ++i)
    elements.push_back(LLVM::ExtractElementOp::create(
        b, loc, value, createI32Constant(b, loc, i)));
  return elements;
}

/// `elements` as a value of `type` (a scalar, or a 1-D vector).
Value fromElements(OpBuilder &b, Location loc, Type type,
                   ArrayRef<Value> elements) {
  if (!isa<VectorType>(type))
    return elements.front();
  Value result = LLVM::PoisonOp::create(b, loc, type);
  for (auto [i, element] : llvm::enumerate(elements))
    result = LLVM::InsertElementOp::create(b, loc, result, element,
                                           createI32Constant(b, loc, i));
  return result;
}

/// The f32 `elements` narrowed two at a time by `pairOf(high, low)`, a
/// 2-vector whose element 0 comes from `low` (paired cvt instructions take
/// the upper half first); an odd last element is paired with 0.
SmallVector<Value>
narrowInPairs(OpBuilder &b, Location loc, ArrayRef<Value> elements,
              function_ref<Value(Value high, Value low)> pairOf) {
  Value zero = LLVM::ConstantOp::create(b, loc, b.getF32Type(),
                                        b.getF32FloatAttr(0.0f));
  SmallVector<Value> out;
  for (size_t i = 0; i < elements.size(); i += 2) {
    Value high = i + 1 < elements.size() ? elements[i + 1] : zero;
    Value pair = pairOf(high, elements[i]);
    for (size_t j = i; j < std::min(i + 2, elements.size()); ++j)
      out.push_back(LLVM::ExtractElementOp::create(
          b, loc, pair, createI32Constant(b, loc, j - i)));
  }
  return out;
}

/// Whether `op` narrows an f32 register tile to f16 or bf16, rounding to
/// nearest even (PairedTruncLowering's 16-bit case).
bool isHalfTileTrunc(arith::TruncFOp op) {
  Type half = getElementTypeOrSelf(op.getType());
  return isa<RankedTensorType>(op.getType()) &&
         getElementTypeOrSelf(op.getIn().getType()).isF32() &&
         (half.isF16() || half.isBF16()) &&
         (!op.getRoundingmode() ||
          *op.getRoundingmode() == arith::RoundingMode::to_nearest_even) &&
         succeeded(checkRegisterTileType(op.getType()));
}

/// arith.truncf in pairs of elements through the GPU's paired cvt:
/// - to f8E4M3FN or f8E5M2 (scalars and register tiles):
///   cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32, which rounds to nearest even and
///   saturates to the largest finite value (NaN stays NaN), as NVIDIA's fp8
///   conversions do;
/// - f32 register tiles to f16 or bf16 (isHalfTileTrunc):
///   cvt.rn.{f16x2,bf16x2}.f32, as calls of NVVM's intrinsics rather than a
///   vector fptrunc (which selects the same instruction). LLVM's InstCombine
///   rewrites a loop phi whose incoming values are all fptruncs into an
///   fptrunc of a phi of their sources: a 16-bit tile carried around a loop
///   (a softmax's P) then travels as f32, twice the registers, and is
///   converted at the top of the next iteration. Where that tile is a wgmma
///   register operand, the f32 values produced for the next iteration then
///   share registers with the operand of the product still in flight, and
///   ptxas waits for that product before the first of them (attention's
///   softmax no longer overlaps its own P V; bench/NOTES.md, eleventh
///   session). The intrinsic calls are not folded into phis.
/// An odd last element is paired with 0.
struct PairedTruncLowering : public ConvertOpToLLVMPattern<arith::TruncFOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(arith::TruncFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type narrow = getElementTypeOrSelf(op.getType());
    bool fp8 = isConvertibleFp8(narrow);
    if (fp8 ? failed(checkFp8Conversion(op, {})) : !isHalfTileTrunc(op))
      return failure();
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return failure();
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type();
    SmallVector<Value> in = getElements(rewriter, loc, adaptor.getIn());
    for (Value &x : in)
      if (!x.getType().isF32())
        x = LLVM::FPExtOp::create(rewriter, loc, f32, x);
    auto pairType = VectorType::get({2}, fp8 ? rewriter.getI8Type() : narrow);
    StringAttr intrinsic = rewriter.getStringAttr(
        narrow.isF16() ? "llvm.nvvm.ff2f16x2.rn" : "llvm.nvvm.ff2bf16x2.rn");
    SmallVector<Value> out =
        narrowInPairs(rewriter, loc, in, [&](Value high, Value low) -> Value {
          if (fp8)
            return NVVM::ConvertF32x2ToF8x2Op::create(
                rewriter, loc, pairType, high, low, NVVM::FPRoundingMode::RN,
                NVVM::SaturationMode::SATFINITE, /*relu=*/false, narrow);
          return LLVM::CallIntrinsicOp::create(rewriter, loc, pairType,
                                               intrinsic, ValueRange{high, low})
              .getResult(0);
        });
    rewriter.replaceOp(op, fromElements(rewriter, loc, resultType, out));
    return success();
  }
};

/// arith.extf from f8E4M3FN or f8E5M2 (scalars and register tiles): pairs
/// through cvt.rn.f16x2.{e4m3x2,e5m2x2}, exact, then widened to f32 (or
/// bf16 through f32, also exact) where the result asks for it.
struct Fp8ExtLowering : public ConvertOpToLLVMPattern<arith::ExtFOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(arith::ExtFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type narrow = getElementTypeOrSelf(op.getIn().getType());
    if (!isConvertibleFp8(narrow) || failed(checkFp8Conversion(op, {})))
      return failure();
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return failure();
    Type wide = getElementTypeOrSelf(resultType);
    Location loc = op.getLoc();
    Type f32 = rewriter.getF32Type(), i8 = rewriter.getI8Type();
    SmallVector<Value> in = getElements(rewriter, loc, adaptor.getIn());
    Value zero = LLVM::ConstantOp::create(rewriter, loc, i8,
                                          rewriter.getI8IntegerAttr(0));
    auto pairType = VectorType::get({2}, i8);
    auto halfPair = VectorType::get({2}, rewriter.getF16Type());
    SmallVector<Value> out;
    for (size_t i = 0; i < in.size(); i += 2) {
      Value pair = fromElements(
          rewriter, loc, pairType,
          {in[i], i + 1 < in.size() ? in[i + 1] : zero});
      Value halves = NVVM::ConvertF8x2ToF16x2Op::create(
          rewriter, loc, halfPair, pair, /*relu=*/false, narrow);
      for (size_t j = i; j < std::min(i + 2, in.size()); ++j) {
        Value x = LLVM::ExtractElementOp::create(
            rewriter, loc, halves, createI32Constant(rewriter, loc, j - i));
        if (!wide.isF16())
          x = LLVM::FPExtOp::create(rewriter, loc, f32, x);
        if (wide.isBF16())
          x = LLVM::FPTruncOp::create(rewriter, loc, wide, x);
        out.push_back(x);
      }
    }
    rewriter.replaceOp(op, fromElements(rewriter, loc, resultType, out));
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
  // Windows other threads hold are read through shared memory
  // (ConvertLayoutToNVVM.cpp).
  auto window = dyn_cast<ExtractSliceOp>(op);
  bool readsScratch =
      window && windowNeedsSharedScratch(window.getSrc().getType(),
                                         window.getType(), window.getOffsets());
  if (isa<ExpandDimsOp, ExtractSliceOp, BroadcastOp>(op) && !readsScratch &&
      failed(getShufflePlan(op, emitError)))
    return failure();
  return checkNarrowFloatOps(op, emitError);
}

void tilemlir::populateElementwiseToNVVMPatterns(LLVMTypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<SplatConstantTileLowering, SplatTileLowering>(converter);
  patterns.add<ElementwiseTileLowering>(converter, &converter.getContext());
  patterns.add<ApproxExp2Lowering, PairedTruncLowering, Fp8ExtLowering,
               RangeLowering,
               RegisterShuffleLowering<ExpandDimsOp>,
               RegisterShuffleLowering<ExtractSliceOp>,
               RegisterShuffleLowering<BroadcastOp>>(converter,
                                                     /*benefit=*/2);
}
