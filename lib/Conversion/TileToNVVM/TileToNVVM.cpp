//===- TileToNVVM.cpp - tile dialect (scalar and memory side) to NVVM -----===//
//
// Shared buffers are byte offsets into the kernel's dynamic shared memory.
// Element addresses follow the buffer's shared layout as lib/Analysis
// defines it (LayoutConversions.h): the XOR of the offset map's bases
// selected by the coordinates' bits where the buffer has an offset map,
// else evalSharedElementOffset's formula emitted as IR. Views (stages,
// windows) are the byte offset of their first element.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "TileMLIR/Analysis/LayoutConversions.h"
#include "TileMLIR/Conversion/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

//===----------------------------------------------------------------------===//
// Shared-memory addressing
//===----------------------------------------------------------------------===//

FailureOr<SharedAddressing> SharedAddressing::get(Operation *op,
                                                  SharedMemoryType type) {
  unsigned bits = type.getElementTypeBitWidth();
  if (bits < 8)
    return op->emitOpError()
           << "not supported yet: element access to sub-byte elements";
  auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(type.getEncoding());
  if (nvmma && nvmma.getSwizzle() != 0 && nvmma.getFp4Padded())
    return op->emitOpError()
           << "not supported yet: element access to fp4-padded buffers";
  SharedAddressing result;
  result.type = type;
  result.elementBytes = bits / 8;
  // Silent: buffers without an offset map take the formula.
  FailureOr<LinearLayout> map = getSharedOffsetMap(type);
  if (succeeded(map))
    result.offsetMap = std::move(*map);
  return result;
}

Value SharedAddressing::emitByteOffset(I32Builder &ib,
                                       ValueRange indices) const {
  Value elements;
  if (offsetMap) {
    SmallVector<LinearInput> inputs;
    for (auto [d, index] : llvm::enumerate(indices)) {
      LinearInput input{index, {}, /*inRange=*/true};
      for (const LinearLayout::Basis &basis :
           offsetMap->getBases(getTensorDimName(d)))
        input.words.push_back(basis[0]);
      inputs.push_back(std::move(input));
    }
    elements = emitLinearMap(ib, inputs);
  } else {
    SmallVector<Value> coords(indices);
    elements = evalSharedElementOffset(
        ib, type.getShape(),
        getSharedStorageBits(type.getElementTypeBitWidth(), type.getEncoding()),
        type.getEncoding(), ArrayRef<Value>(coords));
  }
  return ib.mul(elements, elementBytes);
}

FailureOr<Value> tilemlir::emitSharedElementOffset(Operation *op, OpBuilder &b,
                                                   SharedMemoryType type,
                                                   ValueRange indices) {
  FailureOr<SharedAddressing> addressing = SharedAddressing::get(op, type);
  if (failed(addressing))
    return failure();
  I32Builder ib{b, op->getLoc()};
  return addressing->emitByteOffset(ib, indices);
}

namespace {

std::string coordsString(ArrayRef<int64_t> coords) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "(";
  llvm::interleaveComma(coords, os);
  os << ")";
  return text;
}

/// Byte offset of a static window (subslice) of a buffer, when the window
/// is itself a buffer of the same layout; failure otherwise.
FailureOr<int64_t> getSubsliceOffset(SmemSubsliceOp op) {
  SharedMemoryType src = op.getSrc().getType();
  SharedMemoryType dst = op.getResult().getType();
  ArrayRef<int64_t> offsets = op.getOffsets();
  ArrayRef<int64_t> srcShape = src.getShape(), dstShape = dst.getShape();
  int64_t rank = srcShape.size();
  unsigned bits = src.getElementTypeBitWidth();
  if (bits < 8)
    return op.emitOpError()
           << "not supported yet: subslices of sub-byte element buffers";
  int64_t elemBytes = bits / 8;
  auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(src.getEncoding());
  if (nvmma && nvmma.getSwizzle() != 0 && rank >= 2) {
    int64_t swizzle = nvmma.getSwizzle();
    bool transposed = nvmma.getTransposed();
    int64_t contigDim = transposed ? rank - 2 : rank - 1;
    int64_t rowDim = transposed ? rank - 1 : rank - 2;
    int64_t chunkElems = swizzle / elemBytes;
    for (int64_t d = 0; d < rank - 2; ++d)
      if (dstShape[d] != 1 && dstShape[d] != srcShape[d])
        return op.emitOpError() << "not supported yet: a partial window of a "
                                   "leading dimension of an NVMMA buffer";
    bool rowsAligned = offsets[rowDim] % 8 == 0;
    bool chunkAligned = offsets[contigDim] % chunkElems == 0;
    bool sameChunkStride =
        dstShape[rowDim] == srcShape[rowDim] || dstShape[contigDim] <= chunkElems;
    if (!rowsAligned || !chunkAligned || !sameChunkStride)
      return op.emitOpError()
             << "not supported yet: this window of a " << swizzle
             << "-byte swizzled buffer is not itself a swizzled buffer (it "
                "must start at a multiple of 8 rows and of "
             << chunkElems
             << " contiguous elements, and keep every row or stay within "
                "one swizzle chunk)";
  } else if (src.getEncoding() && !nvmma) {
    return op.emitOpError()
           << "not supported yet: subslices of swizzled_shared buffers";
  } else {
    // Row-major: the window is contiguous when it is a run of unit
    // dimensions, then any extent, then complete dimensions.
    int64_t k = 0;
    while (k < rank - 1 && dstShape[k] == 1)
      ++k;
    for (int64_t d = k + 1; d < rank; ++d)
      if (dstShape[d] != srcShape[d] || offsets[d] != 0)
        return op.emitOpError()
               << "not supported yet: a window that is not contiguous in a "
                  "row-major buffer (dimension "
               << d << " must be complete)";
  }
  // Such a window starts where its first element lives.
  auto emitError = [&] { return op.emitOpError(); };
  FailureOr<int64_t> start = getSharedElementOffset(
      srcShape, bits, src.getEncoding(), offsets, emitError);
  if (failed(start))
    return failure();
  // The checks above are the rules; this proves them for the window at
  // hand: every element, addressed through the window's own layout from
  // its start, must be where the parent keeps it.
  SmallVector<int64_t> coord(rank, 0), parent(rank);
  for (bool more = llvm::all_of(dstShape, [](int64_t d) { return d > 0; });
       more;) {
    for (int64_t d = 0; d < rank; ++d)
      parent[d] = offsets[d] + coord[d];
    FailureOr<int64_t> inParent = getSharedElementOffset(
        srcShape, bits, src.getEncoding(), parent, emitError);
    FailureOr<int64_t> inWindow = getSharedElementOffset(
        dstShape, bits, dst.getEncoding(), coord, emitError);
    if (failed(inParent) || failed(inWindow))
      return failure();
    if (*inParent != *start + *inWindow)
      return op.emitOpError()
             << "not supported yet: this window is not itself a buffer of "
                "its layout: its element "
             << coordsString(coord) << " is element " << *inParent
             << " of the source, but the window's layout puts it at "
             << *start + *inWindow;
    more = false;
    for (int64_t d = rank - 1; d >= 0 && !more; --d) {
      if (++coord[d] < dstShape[d])
        more = true;
      else
        coord[d] = 0;
    }
  }
  return *start * elemBytes;
}

/// Index values as i32 (the converted operands are i64 indices); constants
/// stay constants.
SmallVector<Value> toI32(OpBuilder &b, Location loc, ValueRange indices) {
  SmallVector<Value> result;
  for (Value v : indices) {
    if (v.getType().isInteger(32))
      result.push_back(v);
    else if (std::optional<int64_t> c = I32Builder::constant(v))
      result.push_back(createI32Constant(b, loc, *c));
    else
      result.push_back(LLVM::TruncOp::create(b, loc, b.getI32Type(), v));
  }
  return result;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

struct AllocSmemLowering : public ConvertOpToLLVMPattern<AllocSmemOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(AllocSmemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getInit())
      return op.emitOpError() << "not supported yet: initializing a shared "
                                 "buffer from a register tile";
    return replaceWithAllocatedAddress(op, rewriter);
  }
};

struct SmemIndexLowering : public ConvertOpToLLVMPattern<SmemIndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemIndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t stageBytes = op.getResult().getType().getSizeInBytes();
    Value index = toI32(rewriter, loc, adaptor.getIndex())[0];
    Value bytes = I32Builder{rewriter, loc}.mul(index, stageBytes);
    rewriter.replaceOp(op,
                       createByteOffset(rewriter, loc, adaptor.getSrc(), bytes));
    return success();
  }
};

struct SmemSubsliceLowering : public ConvertOpToLLVMPattern<SmemSubsliceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemSubsliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<int64_t> offset = getSubsliceOffset(op);
    if (failed(offset))
      return failure();
    rewriter.replaceOp(op, createByteOffset(rewriter, op.getLoc(),
                                            adaptor.getSrc(), *offset));
    return success();
  }
};

struct SmemTransLowering : public ConvertOpToLLVMPattern<SmemTransOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemTransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A view: same bytes, different interpretation.
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

struct SmemLoadLowering : public ConvertOpToLLVMPattern<SmemLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getIndices().empty())
      return rewriter.notifyMatchFailure(op, "register-tile form");
    Location loc = op.getLoc();
    FailureOr<Value> offset =
        emitSharedElementOffset(op, rewriter, op.getSrc().getType(),
                          toI32(rewriter, loc, adaptor.getIndices()));
    if (failed(offset))
      return failure();
    Value addr = createByteOffset(rewriter, loc, adaptor.getSrc(), *offset);
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, op.getResult().getType(),
                                              addr);
    return success();
  }
};

struct SmemStoreLowering : public ConvertOpToLLVMPattern<SmemStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getIndices().empty())
      return rewriter.notifyMatchFailure(op, "register-tile form");
    Location loc = op.getLoc();
    FailureOr<Value> offset =
        emitSharedElementOffset(op, rewriter, op.getDst().getType(),
                          toI32(rewriter, loc, adaptor.getIndices()));
    if (failed(offset))
      return failure();
    Value addr = createByteOffset(rewriter, loc, adaptor.getDst(), *offset);
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, adaptor.getValue(), addr);
    return success();
  }
};

struct ScalarLoadLowering : public ConvertOpToLLVMPattern<LoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getOffsets().getType()))
      return rewriter.notifyMatchFailure(op, "register-tile form");
    if (op.getMask())
      return rewriter.notifyMatchFailure(
          op, "masked load: run tile-expand-synchronization first");
    Type elementType = op.getResult().getType();
    Value addr = LLVM::GEPOp::create(
        rewriter, op.getLoc(), adaptor.getPtr().getType(), elementType,
        adaptor.getPtr(), ValueRange{adaptor.getOffsets()});
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, elementType, addr);
    return success();
  }
};

struct ScalarStoreLowering : public ConvertOpToLLVMPattern<StoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getOffsets().getType()))
      return rewriter.notifyMatchFailure(op, "register-tile form");
    if (op.getMask())
      return rewriter.notifyMatchFailure(
          op, "masked store: run tile-expand-synchronization first");
    Value addr = LLVM::GEPOp::create(
        rewriter, op.getLoc(), adaptor.getPtr().getType(),
        op.getValue().getType(), adaptor.getPtr(),
        ValueRange{adaptor.getOffsets()});
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, adaptor.getValue(), addr);
    return success();
  }
};

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
    Value lane = NVVM::ElectSyncOp::create(rewriter, loc, rewriter.getI1Type(),
                                           Value());
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

struct BarrierLowering : public ConvertOpToLLVMPattern<BarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(BarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Barrier0Op>(op);
    return success();
  }
};

} // namespace

LogicalResult tilemlir::checkSharedMemoryLowering(Operation *root) {
  WalkResult result = root->walk([](Operation *op) {
    if (auto subslice = dyn_cast<SmemSubsliceOp>(op))
      if (failed(getSubsliceOffset(subslice)))
        return WalkResult::interrupt();
    SharedMemoryType buffer;
    if (auto load = dyn_cast<SmemLoadOp>(op); load && !load.getIndices().empty())
      buffer = load.getSrc().getType();
    if (auto store = dyn_cast<SmemStoreOp>(op);
        store && !store.getIndices().empty())
      buffer = store.getDst().getType();
    if (buffer && buffer.getElementTypeBitWidth() < 8) {
      op->emitOpError()
          << "not supported yet: element access to sub-byte elements";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

void tilemlir::populateTileToNVVMPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<
      AllocSmemLowering, SmemIndexLowering, SmemSubsliceLowering,
      SmemTransLowering, SmemLoadLowering, SmemStoreLowering,
      ScalarLoadLowering, ScalarStoreLowering,
      GridQueryLowering<ProgramIdOp, NVVM::BlockIdXOp, NVVM::BlockIdYOp,
                        NVVM::BlockIdZOp>,
      GridQueryLowering<NumProgramsOp, NVVM::GridDimXOp, NVVM::GridDimYOp,
                        NVVM::GridDimZOp>,
      ThreadIdLowering, WarpIdLowering, ElectLowering,
      FenceAsyncSharedLowering, BarrierLowering>(converter);
}
