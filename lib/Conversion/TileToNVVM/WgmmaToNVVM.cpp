//===- WgmmaToNVVM.cpp - wgmma accumulator tiles --------------------------===//
//
// Register tiles in the Hopper warpgroup-MMA accumulator layout
// (#tile.wgmma) become one vector of the thread's elements, in the order
// the wgmma fragment defines:
//
//   register r:  m-rep = r / (N/2), q = r % (N/2), k = q / 4,
//                i = (q / 2) % 2, j = q % 2
//   row = m-rep * 16 * W0 + warp * 16 + lane / 4 + 8 * i
//   col = k * 8 + (lane % 4) * 2 + j
//
// (W0 = warpsPerCTA[0]; warpsPerCTA[1] = 1 and instrShape[1] = N for now.)
// arith/math operations on such tiles become the same operations on the
// vectors (tile.dot is DotWgmmaToNVVM.cpp's).
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "TileMLIR/Conversion/Passes.h"

#include "TileMLIR/Analysis/LayoutConversions.h"
#include "TileMLIR/Analysis/LinearLayout.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"


using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

WgmmaLayoutAttr tilemlir::getSupportedWgmma(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.getRank() != 2)
    return {};
  auto layout = dyn_cast_or_null<WgmmaLayoutAttr>(tensor.getEncoding());
  if (!layout || layout.getWarpsPerCTA()[1] != 1 ||
      int64_t(layout.getInstrShape()[1]) != tensor.getShape()[1])
    return {};
  int64_t w0 = layout.getWarpsPerCTA()[0];
  if (tensor.getShape()[0] % (16 * w0) != 0)
    return {};
  return layout;
}

namespace {

int64_t getElementsPerThread(RankedTensorType type) {
  int64_t w0 = cast<WgmmaLayoutAttr>(type.getEncoding()).getWarpsPerCTA()[0];
  return type.getNumElements() / (32 * w0);
}

/// (row, col) of register `r` of the executing thread.
std::pair<Value, Value> getFragmentCoords(I32Builder &ib, RankedTensorType type,
                                          int64_t r, Value warp, Value lane) {
  int64_t n = type.getShape()[1];
  int64_t w0 = cast<WgmmaLayoutAttr>(type.getEncoding()).getWarpsPerCTA()[0];
  int64_t perRep = n / 2;
  int64_t mrep = r / perRep, q = r % perRep;
  int64_t k = q / 4, i = (q / 2) % 2, j = q % 2;
  Value row = ib.add(ib.c(mrep * 16 * w0 + 8 * i),
                     ib.add(ib.mul(warp, 16), ib.udiv(lane, 4)));
  Value col = ib.add(ib.c(k * 8 + j), ib.mul(ib.urem(lane, 4), 2));
  return {row, col};
}

//===----------------------------------------------------------------------===//
// Elementwise operations and constants
//===----------------------------------------------------------------------===//

/// Any elementwise-mappable op (arith, math) on register tiles lowered to
/// vectors (wgmma or distributed layouts): the same op on
/// the per-thread vectors.
struct ElementwiseTileLowering : public ConversionPattern {
  ElementwiseTileLowering(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        !isLowerableRegisterTile(op->getResult(0).getType()))
      return failure();
    Type resultType = getTypeConverter()->convertType(op->getResult(0).getType());
    OperationState state(op->getLoc(), op->getName(), operands, resultType,
                         op->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

struct SplatConstantTileLowering
    : public ConvertOpToLLVMPattern<arith::ConstantOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!splat || !isLowerableRegisterTile(op.getType()))
      return failure();
    auto vectorType = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, vectorType,
        SplatElementsAttr::get(vectorType, splat.getSplatValue<Attribute>()));
    return success();
  }
};

struct SplatTileLowering : public ConvertOpToLLVMPattern<SplatOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isLowerableRegisterTile(op.getType()))
      return failure();
    Location loc = op.getLoc();
    auto vectorType =
        cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    Value poison = LLVM::PoisonOp::create(rewriter, loc, vectorType);
    Value zero = createI32Constant(rewriter, loc, 0);
    Value one = LLVM::InsertElementOp::create(rewriter, loc, poison,
                                              adaptor.getSrc(), zero);
    SmallVector<int32_t> mask(vectorType.getNumElements(), 0);
    rewriter.replaceOpWithNewOp<LLVM::ShuffleVectorOp>(op, one, poison, mask);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// Calls `visit(r, address)` for each element r of the thread's fragment of
/// `type`, with the address of its (row, col) in `buffer`'s layout.
static LogicalResult forEachFragmentAddress(
    Operation *op, ConversionPatternRewriter &rewriter, RankedTensorType type,
    SharedMemoryType buffer, Value base,
    function_ref<void(I32Builder &, int64_t, Value)> visit) {
  // With power-of-two shapes the fragment order is the register order of
  // the layout's linear layout: address it like any register tile.
  if (FailureOr<LinearLayout> layout = toLinearLayout(type); succeeded(layout))
    return forEachRegisterAddress(op, rewriter, *layout, buffer, base, visit);
  FailureOr<SharedAddressing> addressing = SharedAddressing::get(op, buffer);
  if (failed(addressing))
    return failure();
  Location loc = op->getLoc();
  I32Builder ib{rewriter, loc};
  Value warp = createWarpId(rewriter, loc);
  Value lane = createLaneId(rewriter, loc);
  for (int64_t r = 0, e = getElementsPerThread(type); r < e; ++r) {
    auto [row, col] = getFragmentCoords(ib, type, r, warp, lane);
    visit(ib, r,
          createByteOffset(rewriter, loc, base,
                           addressing->emitByteOffset(ib, {row, col})));
  }
  return success();
}

/// Stores each element of the thread's fragment at its (row, col).
struct SmemStoreTileLowering : public ConvertOpToLLVMPattern<SmemStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getValue().getType());
    if (!op.getIndices().empty() || !type || !getSupportedWgmma(type))
      return failure();
    Location loc = op.getLoc();
    auto store = [&](I32Builder &ib, int64_t r, Value addr) {
      Value element = LLVM::ExtractElementOp::create(
          rewriter, loc, adaptor.getValue(), ib.c(r));
      LLVM::StoreOp::create(rewriter, loc, element, addr);
    };
    if (failed(forEachFragmentAddress(op, rewriter, type, op.getDst().getType(),
                                      adaptor.getDst(), store)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// Loads each element of the thread's fragment from its (row, col).
struct SmemLoadTileLowering : public ConvertOpToLLVMPattern<SmemLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!op.getIndices().empty() || !type || !getSupportedWgmma(type))
      return failure();
    Location loc = op.getLoc();
    auto vectorType = cast<VectorType>(getTypeConverter()->convertType(type));
    Value result = LLVM::PoisonOp::create(rewriter, loc, vectorType);
    auto load = [&](I32Builder &ib, int64_t r, Value addr) {
      Value element =
          LLVM::LoadOp::create(rewriter, loc, type.getElementType(), addr);
      result = LLVM::InsertElementOp::create(rewriter, loc, result, element,
                                             ib.c(r));
    };
    if (failed(forEachFragmentAddress(op, rewriter, type, op.getSrc().getType(),
                                      adaptor.getSrc(), load)))
      return failure();
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

bool tilemlir::isLowerableRegisterTile(Type type) {
  return getSupportedWgmma(type) || isDistributedRegisterTile(type);
}

void tilemlir::populateWgmmaTileTypeConversions(LLVMTypeConverter &converter) {
  converter.addConversion([](RankedTensorType type) -> std::optional<Type> {
    if (!getSupportedWgmma(type))
      return std::nullopt;
    return VectorType::get({getElementsPerThread(type)}, type.getElementType());
  });
}

void tilemlir::populateWgmmaToNVVMPatterns(LLVMTypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<SplatConstantTileLowering, SplatTileLowering,
               SmemLoadTileLowering, SmemStoreTileLowering>(converter);
  patterns.add<ElementwiseTileLowering>(converter, &converter.getContext());
}
