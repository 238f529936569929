//===- WgmmaToNVVM.cpp - wgmma accumulator tiles and tile.dot -------------===//
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
// vectors; tile.dot becomes wgmma.mma_async over shared-memory matrix
// descriptors derived from the operands' NVMMA layouts.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "TileMLIR/Conversion/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

namespace {

/// The #tile.wgmma tiles this lowering handles, or null.
WgmmaLayoutAttr getSupportedWgmma(Type type) {
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
  Location loc = op->getLoc();
  I32Builder ib{rewriter, loc};
  Value warp = createWarpId(rewriter, loc);
  Value lane = createLaneId(rewriter, loc);
  for (int64_t r = 0, e = getElementsPerThread(type); r < e; ++r) {
    auto [row, col] = getFragmentCoords(ib, type, r, warp, lane);
    FailureOr<Value> offset =
        emitSharedElementOffset(op, rewriter, buffer, {row, col});
    if (failed(offset))
      return failure();
    visit(ib, r, createByteOffset(rewriter, loc, base, *offset));
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

//===----------------------------------------------------------------------===//
// tile.dot -> wgmma.mma_async
//===----------------------------------------------------------------------===//

std::optional<NVVM::WGMMATypes> getWgmmaType(Type type) {
  if (type.isF16())
    return NVVM::WGMMATypes::f16;
  if (type.isBF16())
    return NVVM::WGMMATypes::bf16;
  if (type.isF32())
    return NVVM::WGMMATypes::tf32;
  if (isa<Float8E4M3FNType>(type))
    return NVVM::WGMMATypes::e4m3;
  if (isa<Float8E5M2Type>(type))
    return NVVM::WGMMATypes::e5m2;
  if (type.isInteger(8))
    return NVVM::WGMMATypes::s8;
  return std::nullopt;
}

std::optional<NVVM::WGMMATypes> getWgmmaAccType(Type type) {
  if (type.isF32())
    return NVVM::WGMMATypes::f32;
  if (type.isF16())
    return NVVM::WGMMATypes::f16;
  if (type.isInteger(32))
    return NVVM::WGMMATypes::s32;
  return std::nullopt;
}

/// Swizzle-mode field of the matrix descriptor.
int64_t getDescriptorSwizzle(int64_t swizzle) {
  switch (swizzle) {
  case 128:
    return 1;
  case 64:
    return 2;
  case 32:
    return 3;
  default:
    return 0;
  }
}

/// A 64-bit wgmma shared-memory matrix descriptor:
///   bits 0-13 start address >> 4, 16-29 leading byte offset >> 4,
///   32-45 stride byte offset >> 4, 62-63 swizzle mode.
/// `base` is the buffer (shared pointer), `offset` the i32 byte offset of
/// the matrix start.
Value createMatrixDescriptor(OpBuilder &b, Location loc, Value base,
                             Value offset, int64_t leadingBytes,
                             int64_t strideBytes, int64_t swizzle) {
  Type i64 = b.getI64Type();
  Value addr = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(),
                                        createByteOffset(b, loc, base, offset));
  Value start = LLVM::ZExtOp::create(b, loc, i64, addr);
  auto c64 = [&](int64_t v) {
    return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
  };
  start = LLVM::LShrOp::create(b, loc, LLVM::AndOp::create(b, loc, start,
                                                            c64(0x3FFFF)),
                               c64(4));
  int64_t fields = ((leadingBytes >> 4) & 0x3FFF) << 16 |
                   ((strideBytes >> 4) & 0x3FFF) << 32 |
                   getDescriptorSwizzle(swizzle) << 62;
  return LLVM::OrOp::create(b, loc, start, c64(fields));
}

/// What the wgmma lowering handles today, with the reason when it does not.
LogicalResult checkDot(DotOp op) {
  auto accType = cast<RankedTensorType>(op.getAcc().getType());
  auto aType = dyn_cast<SharedMemoryType>(op.getA().getType());
  if (!getSupportedWgmma(accType) || !aType)
    return op.emitOpError()
           << "not supported yet: wgmma lowering needs A in shared memory "
              "and a #tile.wgmma accumulator with warpsPerCTA = [W, 1] and "
              "instrShape = [16, N]";
  auto aLayout = dyn_cast_or_null<NVMMASharedLayoutAttr>(aType.getEncoding());
  auto bLayout =
      dyn_cast_or_null<NVMMASharedLayoutAttr>(op.getB().getType().getEncoding());
  if (!aLayout || !bLayout || aLayout.getSwizzle() == 0 ||
      bLayout.getSwizzle() == 0)
    return op.emitOpError() << "not supported yet: wgmma operands need a "
                               "swizzled NVMMA layout (32, 64 or 128 bytes)";
  if (aLayout.getTransposed())
    return op.emitOpError()
           << "not supported yet: an M-major (transposed) A operand";
  if (!getWgmmaType(aType.getElementType()) ||
      !getWgmmaAccType(accType.getElementType()))
    return op.emitOpError() << "not supported yet: these wgmma types";
  return success();
}

struct DotLowering : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDot(op)))
      return failure();
    Location loc = op.getLoc();
    auto accType = cast<RankedTensorType>(op.getAcc().getType());
    auto aType = cast<SharedMemoryType>(op.getA().getType());
    SharedMemoryType bType = op.getB().getType();
    WgmmaLayoutAttr layout = getSupportedWgmma(accType);
    auto aLayout = cast<NVMMASharedLayoutAttr>(aType.getEncoding());
    auto bLayout = cast<NVMMASharedLayoutAttr>(bType.getEncoding());
    std::optional<NVVM::WGMMATypes> abType =
        getWgmmaType(aType.getElementType());
    std::optional<NVVM::WGMMATypes> dType =
        getWgmmaAccType(accType.getElementType());

    int64_t m = accType.getShape()[0], n = accType.getShape()[1];
    int64_t k = aType.getShape()[1];
    int64_t elemBytes = aType.getElementTypeBitWidth() / 8;
    int64_t instrK = 32 / elemBytes; // 32 bytes of K per instruction
    int64_t w0 = layout.getWarpsPerCTA()[0];
    int64_t mReps = m / (16 * w0);
    int64_t perRep = n / 2;
    int64_t aSwizzle = aLayout.getSwizzle(), bSwizzle = bLayout.getSwizzle();
    int64_t aChunk = aSwizzle / elemBytes, bChunk = bSwizzle / elemBytes;
    bool bKMajor = bLayout.getTransposed();

    I32Builder ib{rewriter, loc};
    Value warp = createWarpId(rewriter, loc);
    // Rows of A this warpgroup multiplies: 64 per warpgroup.
    Value groupRow = ib.mul(ib.udiv(warp, 4), 64);

    Value acc = adaptor.getAcc();
    auto vectorType = cast<VectorType>(acc.getType());
    if (Value useAcc = adaptor.getUseAcc()) {
      Value zeros = LLVM::ZeroOp::create(rewriter, loc, vectorType);
      acc = LLVM::SelectOp::create(rewriter, loc, useAcc, acc, zeros);
    }
    Type accElem = vectorType.getElementType();
    auto structType = LLVM::LLVMStructType::getLiteral(
        getContext(), SmallVector<Type>(perRep, accElem));
    auto shape = NVVM::MMAShapeAttr::get(getContext(), 64, n, instrK);

    // Registers may not change under an in-flight wgmma.
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    for (int64_t rep = 0; rep < mReps; ++rep) {
      Value fragment = LLVM::PoisonOp::create(rewriter, loc, structType);
      for (int64_t e = 0; e < perRep; ++e) {
        Value v = LLVM::ExtractElementOp::create(rewriter, loc, acc,
                                                 ib.c(rep * perRep + e));
        fragment = LLVM::InsertValueOp::create(rewriter, loc, fragment, v, e);
      }
      Value rowStart = ib.add(groupRow, ib.c(rep * 16 * w0));
      for (int64_t ks = 0; ks < k / instrK; ++ks) {
        int64_t kElem = ks * instrK;
        // A: K-major, [M x K] split into K chunks of `aSwizzle` bytes.
        Value aOffset =
            ib.add(ib.mul(rowStart, aSwizzle),
                   ib.c(kElem / aChunk * m * aSwizzle +
                        kElem % aChunk * elemBytes));
        Value descA = createMatrixDescriptor(rewriter, loc, adaptor.getA(),
                                             aOffset, 16, 8 * aSwizzle,
                                             aSwizzle);
        Value descB;
        if (bKMajor) {
          // B stored [N x K] (K contiguous): like A.
          descB = createMatrixDescriptor(
              rewriter, loc, adaptor.getB(),
              ib.c(kElem / bChunk * n * bSwizzle + kElem % bChunk * elemBytes),
              16, 8 * bSwizzle, bSwizzle);
        } else {
          // B stored [K x N] (N contiguous): N split into chunks of
          // `bSwizzle` bytes, each [K x bSwizzle]; consecutive chunks are
          // K * bSwizzle apart (leading offset), 8-row K groups 8 * bSwizzle
          // apart (stride offset).
          descB = createMatrixDescriptor(rewriter, loc, adaptor.getB(),
                                         ib.c(kElem * bSwizzle), k * bSwizzle,
                                         8 * bSwizzle, bSwizzle);
        }
        fragment = NVVM::WgmmaMmaAsyncOp::create(
            rewriter, loc, structType, fragment, descA, descB, shape, *abType,
            *abType, *dType, NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
            NVVM::WGMMAScaleIn::one, NVVM::MMALayout::row,
            bKMajor ? NVVM::MMALayout::col : NVVM::MMALayout::row,
            NVVM::MMAIntOverflowAttr());
      }
      for (int64_t e = 0; e < perRep; ++e) {
        Value v = LLVM::ExtractValueOp::create(rewriter, loc, fragment, e);
        acc = LLVM::InsertElementOp::create(rewriter, loc, acc, v,
                                            ib.c(rep * perRep + e));
      }
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    if (!op.getAsync())
      NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, 0);
    rewriter.replaceOp(op, acc);
    return success();
  }
};

struct DotWaitLowering : public ConvertOpToLLVMPattern<DotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::WgmmaWaitGroupSyncOp::create(rewriter, op.getLoc(), op.getPending());
    rewriter.replaceOp(op, adaptor.getInputs());
    return success();
  }
};

} // namespace

LogicalResult tilemlir::checkWgmmaLowering(Operation *root) {
  WalkResult result = root->walk([](DotOp op) {
    return failed(checkDot(op)) ? WalkResult::interrupt()
                                : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

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
               SmemLoadTileLowering, SmemStoreTileLowering, DotLowering,
               DotWaitLowering>(converter);
  patterns.add<ElementwiseTileLowering>(converter, &converter.getContext());
}
