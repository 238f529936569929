//===- SharedMemoryToNVVM.cpp - Shared buffers, views and accesses --------===//
//
// Shared buffers are byte offsets into the kernel's dynamic shared memory.
// Element addresses follow the buffer's shared layout as lib/Analysis
// defines it (LayoutConversions.h): the XOR of the offset map's bases
// selected by the coordinates' bits where the buffer has an offset map,
// else evalSharedElementOffset's formula emitted as IR. Views (stages,
// windows) are the byte offset of their first element. A whole register
// tile moves register by register, each at the address of its element
// (getTileAccessPlan).
//
//===----------------------------------------------------------------------===//

#include "RegisterTiles.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"


using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

//===----------------------------------------------------------------------===//
// Shared-memory addressing
//===----------------------------------------------------------------------===//

FailureOr<SharedAddressing> SharedAddressing::get(SharedMemoryType type,
                                                  EmitErrorFn emitError) {
  unsigned bits = type.getElementTypeBitWidth();
  if (bits < 8)
    return emitRule(emitError,
                    "not supported yet: element access to sub-byte elements");
  auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(type.getEncoding());
  if (nvmma && nvmma.getSwizzle() != 0 && nvmma.getFp4Padded())
    return emitRule(emitError,
                    "not supported yet: element access to fp4-padded buffers");
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
FailureOr<int64_t> getSubsliceOffset(SmemSubsliceOp op, EmitErrorFn emitError) {
  SharedMemoryType src = op.getSrc().getType();
  SharedMemoryType dst = op.getResult().getType();
  ArrayRef<int64_t> offsets = op.getOffsets();
  ArrayRef<int64_t> srcShape = src.getShape(), dstShape = dst.getShape();
  int64_t rank = srcShape.size();
  unsigned bits = src.getElementTypeBitWidth();
  if (bits < 8)
    return emitRule(emitError,
                    "not supported yet: subslices of sub-byte element buffers");
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
        return emitRule(emitError, "not supported yet: a partial window of a "
                                   "leading dimension of an NVMMA buffer");
    bool rowsAligned = offsets[rowDim] % 8 == 0;
    bool chunkAligned = offsets[contigDim] % chunkElems == 0;
    bool sameChunkStride = dstShape[rowDim] == srcShape[rowDim] ||
                           dstShape[contigDim] <= chunkElems;
    if (!rowsAligned || !chunkAligned || !sameChunkStride)
      return emitRule(emitError,
                      "not supported yet: this window of a " + Twine(swizzle) +
                          "-byte swizzled buffer is not itself a swizzled "
                          "buffer (it must start at a multiple of 8 rows and "
                          "of " +
                          Twine(chunkElems) +
                          " contiguous elements, and keep every row or stay "
                          "within one swizzle chunk)");
  } else if (src.getEncoding() && !nvmma) {
    return emitRule(emitError,
                    "not supported yet: subslices of swizzled_shared buffers");
  } else {
    // Row-major: the window is contiguous when it is a run of unit
    // dimensions, then any extent, then complete dimensions.
    int64_t k = 0;
    while (k < rank - 1 && dstShape[k] == 1)
      ++k;
    for (int64_t d = k + 1; d < rank; ++d)
      if (dstShape[d] != srcShape[d] || offsets[d] != 0)
        return emitRule(emitError,
                        "not supported yet: a window that is not contiguous "
                        "in a row-major buffer (dimension " +
                            Twine(d) + " must be complete)");
  }
  // Such a window starts where its first element lives.
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
      return emitRule(emitError,
                      "not supported yet: this window is not itself a buffer "
                      "of its layout: its element " +
                          coordsString(coord) + " is element " +
                          Twine(*inParent) +
                          " of the source, but the window's layout puts it "
                          "at " +
                          Twine(*start + *inWindow));
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

/// What forEachRegisterAddress calls per access: `count` registers from
/// `first` on, at consecutive elements from `address` (a vector access when
/// count > 1).
using RegisterAccessFn = function_ref<void(I32Builder &, int64_t first,
                                           int64_t count, Value address)>;

/// The widest shared-memory access (st.shared.v4.b32 / ld.shared.v4.b32).
constexpr int64_t kWidestAccessBytes = 16;

/// Calls `visit` for the registers of a register tile whose linear layout
/// (register, lane, warp, block) -> (dim0, ...) is `layout`, accessed whole
/// at `base` (`baseAlignment` bytes aligned) of a buffer addressed by
/// `addressing`: the tile's layout composed with the buffer's offset map
/// gives each register's offset as a thread part (computed once) XOR a
/// constant. Runs of registers the composed map puts on consecutive,
/// aligned elements in every thread (getNumConsecutiveInOut) are one access
/// each, as wide as the base's alignment and 16 bytes allow: a wgmma
/// accumulator's column pairs become one 32-bit access instead of two
/// 16-bit ones, which LLVM cannot merge through the swizzle's XOR.
void forEachRegisterAddress(OpBuilder &b, Location loc,
                            const LinearLayout &layout,
                            const SharedAddressing &addressing, Value base,
                            int64_t baseAlignment, RegisterAccessFn visit) {
  I32Builder ib{b, loc};
  int64_t elementBytes = addressing.getElementBytes();
  FailureOr<LinearLayout> offsets = failure();
  if (const LinearLayout *map = addressing.getOffsetMap())
    offsets = layout.compose(*map);
  if (succeeded(offsets)) {
    auto words = [&](StringRef dim) {
      SmallVector<int64_t> result;
      for (const LinearLayout::Basis &basis : offsets->getBases(dim))
        result.push_back(basis[0]);
      return result;
    };
    int64_t width = offsets->getNumConsecutiveInOut();
    while (width > 1 && (width * elementBytes > kWidestAccessBytes ||
                         baseAlignment % (width * elementBytes) != 0))
      width /= 2;
    // Warp ids past the layout's warps (warp-specialized regions) keep only
    // the layout's bits.
    SmallVector<int64_t> laneWords = words(kLane), warpWords = words(kWarp);
    Value thread = emitLinearMap(
        ib, {LinearInput{createLaneId(b, loc), laneWords, /*inRange=*/true},
             LinearInput{createWarpId(b, loc), warpWords}});
    // A register's bits that no thread has are added, not XORed: LLVM folds
    // the constant into the access's immediate offset.
    int64_t threadBits = 0;
    for (int64_t word : llvm::concat<int64_t>(laneWords, warpWords))
      threadBits |= word;
    for (int64_t r = 0, e = layout.getNumRegisters(); r < e; r += width) {
      int64_t regOffset = (*offsets->apply({{kRegister, int32_t(r)}}))[0];
      int64_t xorPart = regOffset & threadBits;
      Value offset = xorPart == 0 ? thread : ib.xorI(thread, ib.c(xorPart));
      Value address =
          createByteOffset(b, loc, base, ib.mul(offset, elementBytes));
      if (int64_t addPart = regOffset & ~threadBits)
        address = createByteOffset(b, loc, address, addPart * elementBytes);
      visit(ib, r, width, address);
    }
    return;
  }
  // No offset map: the formula on each register's coordinates.
  SmallVector<Value> thread = getThreadCoords(b, loc, layout);
  for (int64_t r = 0, e = layout.getNumRegisters(); r < e; ++r) {
    SmallVector<int32_t> regCoords = getRegisterCoords(layout, r);
    SmallVector<Value> indices;
    for (auto [t, c] : llvm::zip(thread, regCoords))
      indices.push_back(c == 0 ? t : ib.xorI(t, ib.c(c)));
    visit(
        ib, r, 1,
        createByteOffset(b, loc, base, addressing.emitByteOffset(ib, indices)));
  }
}

/// How tile.smem_load / tile.smem_store address a whole register tile in a
/// shared buffer.
struct TileAccessPlan {
  /// The tile's register order; absent for wgmma accumulator tiles of
  /// shapes without a linear layout (getWgmmaFragmentCoords).
  std::optional<LinearLayout> layout;
  SharedAddressing addressing;
};

FailureOr<TileAccessPlan> getTileAccessPlan(RankedTensorType tile,
                                            SharedMemoryType buffer,
                                            EmitErrorFn emitError) {
  if (!isa<IndexType>(tile.getElementType()) &&
      tile.getElementTypeBitWidth() < 8)
    return emitRule(emitError, "not supported yet: whole-tile shared-memory "
                               "access to sub-byte elements");
  TileAccessPlan plan;
  if (FailureOr<LinearLayout> layout = getRegisterLayout(tile);
      succeeded(layout))
    plan.layout = std::move(*layout);
  else if (!getSupportedWgmma(tile))
    return emitRule(emitError, "not supported yet: whole-tile shared-memory "
                               "access to this register tile");
  FailureOr<SharedAddressing> addressing =
      SharedAddressing::get(buffer, emitError);
  if (failed(addressing))
    return failure();
  plan.addressing = std::move(*addressing);
  return plan;
}

/// The alignment of an access of `type`: its size (a vector access is as
/// aligned as it is wide; forEachRegisterAddress only makes such ones).
/// (0, the type's own alignment, for anything but integers and floats.)
unsigned getVectorAlignment(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  Type element = vector ? vector.getElementType() : type;
  if (!element.isIntOrFloat())
    return 0;
  unsigned bits = element.getIntOrFloatBitWidth() *
                  (vector ? vector.getNumElements() : 1);
  return std::max(1u, bits / 8);
}

/// The alignment in bytes, up to kWidestAccessBytes, that the address of
/// shared buffer `buffer` is known to have: an allocation sits at its
/// tile.offset in the 1024-byte-aligned dynamic shared memory, a stage or a
/// window at its byte offset from its source; anything else (a value the
/// walk cannot follow) counts as aligned to its elements only.
int64_t getKnownAlignment(Value buffer, int64_t elementBytes) {
  auto within = [](int64_t alignment, int64_t offset) {
    return offset == 0 ? alignment : std::min(alignment, offset & -offset);
  };
  Operation *def = buffer.getDefiningOp();
  if (auto alloc = dyn_cast_or_null<AllocSmemOp>(def)) {
    auto offset =
        alloc->getAttrOfType<IntegerAttr>(TileDialect::kOffsetAttrName);
    return offset ? within(kWidestAccessBytes, offset.getInt()) : elementBytes;
  }
  if (auto index = dyn_cast_or_null<SmemIndexOp>(def))
    return within(getKnownAlignment(index.getSrc(), elementBytes),
                  index.getResult().getType().getSizeInBytes());
  if (auto window = dyn_cast_or_null<SmemSubsliceOp>(def)) {
    FailureOr<int64_t> offset = getSubsliceOffset(window, {});
    return succeeded(offset)
               ? within(getKnownAlignment(window.getSrc(), elementBytes),
                        *offset)
               : elementBytes;
  }
  if (auto trans = dyn_cast_or_null<SmemTransOp>(def))
    return getKnownAlignment(trans.getSrc(), elementBytes);
  return elementBytes;
}

/// Calls `visit` for the registers of the thread's part of `tile` in
/// `buffer` (converted: `base`; see getTileAccessPlan).
void forEachTileAddress(OpBuilder &b, Location loc, RankedTensorType tile,
                        const TileAccessPlan &plan, Value buffer, Value base,
                        RegisterAccessFn visit) {
  if (plan.layout) {
    // Vector accesses for integers and floats only (not pointers, index).
    int64_t elementBytes = plan.addressing.getElementBytes();
    int64_t alignment = tile.getElementType().isIntOrFloat()
                            ? getKnownAlignment(buffer, elementBytes)
                            : elementBytes;
    return forEachRegisterAddress(b, loc, *plan.layout, plan.addressing, base,
                                  alignment, visit);
  }
  I32Builder ib{b, loc};
  Value warp = createWarpId(b, loc);
  Value lane = createLaneId(b, loc);
  for (int64_t r = 0, e = getWgmmaElementsPerThread(tile); r < e; ++r) {
    auto [row, col] = getWgmmaFragmentCoords(ib, tile, r, warp, lane);
    visit(ib, r, 1,
          createByteOffset(b, loc, base,
                           plan.addressing.emitByteOffset(ib, {row, col})));
  }
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// tile.alloc_smem becomes its address; an initial value is not lowered.
LogicalResult checkAllocSmem(AllocSmemOp op, EmitErrorFn emitError) {
  if (op.getInit())
    return emitRule(emitError, "not supported yet: initializing a shared "
                               "buffer from a register tile");
  return success();
}

struct AllocSmemLowering : public ConvertOpToLLVMPattern<AllocSmemOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(AllocSmemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkAllocSmem(op, {})))
      return failure();
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
    rewriter.replaceOp(
        op, createByteOffset(rewriter, loc, adaptor.getSrc(), bytes));
    return success();
  }
};

struct SmemSubsliceLowering : public ConvertOpToLLVMPattern<SmemSubsliceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemSubsliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<int64_t> offset = getSubsliceOffset(op, {});
    if (failed(offset))
      return failure();
    rewriter.replaceOp(
        op, createByteOffset(rewriter, op.getLoc(), adaptor.getSrc(), *offset));
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

/// Address of element `indices` of a shared buffer of `type` at `base`
/// (scalar smem_load / smem_store); failure for buffers the lowering cannot
/// address (its verify function has said why).
FailureOr<Value> getElementAddress(OpBuilder &b, Location loc,
                                   SharedMemoryType type, Value base,
                                   ValueRange indices) {
  FailureOr<SharedAddressing> addressing = SharedAddressing::get(type, {});
  if (failed(addressing))
    return failure();
  I32Builder ib{b, loc};
  Value offset = addressing->emitByteOffset(ib, toI32(b, loc, indices));
  return createByteOffset(b, loc, base, offset);
}

struct SmemLoadLowering : public ConvertOpToLLVMPattern<SmemLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getIndices().empty())
      return rewriter.notifyMatchFailure(op, "register-tile form");
    FailureOr<Value> addr =
        getElementAddress(rewriter, op.getLoc(), op.getSrc().getType(),
                          adaptor.getSrc(), adaptor.getIndices());
    if (failed(addr))
      return failure();
    // As LLVM holds the element (an f8 is an i8).
    Type elementType =
        getTypeConverter()->convertType(op.getResult().getType());
    if (!elementType)
      return rewriter.notifyMatchFailure(op, "no LLVM type");
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(op, elementType, *addr);
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
    FailureOr<Value> addr =
        getElementAddress(rewriter, op.getLoc(), op.getDst().getType(),
                          adaptor.getDst(), adaptor.getIndices());
    if (failed(addr))
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(op, adaptor.getValue(), *addr);
    return success();
  }
};

/// Stores each register of the thread's part of the tile at its element.
struct SmemStoreTileLowering : public ConvertOpToLLVMPattern<SmemStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tile = dyn_cast<RankedTensorType>(op.getValue().getType());
    if (!op.getIndices().empty() || !tile)
      return failure();
    FailureOr<TileAccessPlan> plan =
        getTileAccessPlan(tile, op.getDst().getType(), {});
    if (failed(plan))
      return failure();
    Location loc = op.getLoc();
    Value registers = adaptor.getValue();
    auto store = [&](I32Builder &ib, int64_t first, int64_t count,
                     Value addr) {
      Value value = extractRegisterRun(rewriter, loc, registers, first, count);
      LLVM::StoreOp::create(rewriter, loc, value, addr,
                            getVectorAlignment(value.getType()));
    };
    forEachTileAddress(rewriter, loc, tile, *plan, op.getDst(),
                       adaptor.getDst(), store);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Loads each register of the thread's part of the tile from its element.
struct SmemLoadTileLowering : public ConvertOpToLLVMPattern<SmemLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(SmemLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tile = dyn_cast<RankedTensorType>(op.getResult().getType());
    if (!op.getIndices().empty() || !tile)
      return failure();
    FailureOr<TileAccessPlan> plan =
        getTileAccessPlan(tile, op.getSrc().getType(), {});
    if (failed(plan))
      return failure();
    Location loc = op.getLoc();
    auto vectorType = cast<VectorType>(getTypeConverter()->convertType(tile));
    Value result = LLVM::PoisonOp::create(rewriter, loc, vectorType);
    Type elementType = vectorType.getElementType();
    auto load = [&](I32Builder &ib, int64_t first, int64_t count, Value addr) {
      Type type = count > 1 ? VectorType::get({count}, elementType)
                            : elementType;
      Value value = LLVM::LoadOp::create(rewriter, loc, type, addr,
                                         getVectorAlignment(type));
      result = insertRegisterRun(rewriter, loc, result, value, first);
    };
    forEachTileAddress(rewriter, loc, tile, *plan, op.getSrc(),
                       adaptor.getSrc(), load);
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

LogicalResult tilemlir::verifySharedMemoryLowering(Operation *op) {
  auto emitError = [op] { return op->emitOpError(); };
  if (auto alloc = dyn_cast<AllocSmemOp>(op))
    return checkAllocSmem(alloc, emitError);
  if (auto subslice = dyn_cast<SmemSubsliceOp>(op))
    return getSubsliceOffset(subslice, emitError);
  SharedMemoryType buffer;
  Value tile;
  if (auto load = dyn_cast<SmemLoadOp>(op)) {
    buffer = load.getSrc().getType();
    if (load.getIndices().empty())
      tile = load.getResult();
  } else if (auto store = dyn_cast<SmemStoreOp>(op)) {
    buffer = store.getDst().getType();
    if (store.getIndices().empty())
      tile = store.getValue();
  }
  if (!buffer)
    return success();
  if (!tile)
    return SharedAddressing::get(buffer, emitError);
  auto tileType = dyn_cast<RankedTensorType>(tile.getType());
  return success(tileType &&
                 succeeded(getTileAccessPlan(tileType, buffer, emitError)));
}

void tilemlir::populateSharedMemoryToNVVMPatterns(LLVMTypeConverter &converter,
                                                  RewritePatternSet &patterns) {
  patterns.add<AllocSmemLowering, SmemIndexLowering, SmemSubsliceLowering,
               SmemTransLowering, SmemLoadLowering, SmemStoreLowering,
               SmemLoadTileLowering, SmemStoreTileLowering>(converter);
}
