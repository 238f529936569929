//===- GlobalMemoryToNVVM.cpp - tile.load, tile.store, tile.atomic_rmw ----===//
//
// Scalar loads and stores are one LLVM load or store. Register tiles are
// masked gathers and scatters (one predicated access per element), or,
// where the offsets are provably contiguous along the tile's last dimension
// (AxisInfo) and the layout keeps consecutive elements in consecutive
// registers, vector accesses of up to 16 bytes: predicated ld.global /
// st.global under a mask, so masked-off addresses are never touched.
// Atomics are one PTX `atom` with its ordering and scope spelled out.
//
//===----------------------------------------------------------------------===//

#include "RegisterTiles.h"
#include "TileMLIR/Conversion/Passes.h"

#include "TileMLIR/Analysis/AxisInfo.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

namespace {

/// The alignment of one element of `type` (converted) in global memory,
/// for scalar accesses and each lane of a gather/scatter: !tile.ptr
/// addresses whole elements, so each is naturally aligned. Said
/// explicitly: without a data layout, LLVM would assume 4 bytes for an i64
/// and split its accesses.
unsigned getElementAlignment(Type type) {
  if (isa<LLVM::LLVMPointerType>(type))
    return 8;
  return llvm::PowerOf2Ceil(llvm::divideCeil(type.getIntOrFloatBitWidth(), 8));
}

/// `type` as LLVM stores it in global memory, or failure
/// (verifyGlobalMemoryLowering names it first).
FailureOr<Type> getGlobalElementType(Type type,
                                     const TypeConverter &converter) {
  if (Type converted = converter.convertType(type))
    return converted;
  return failure();
}

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
    // A pointer read from a table of pointers is a global address.
    FailureOr<Type> elementType =
        getGlobalElementType(op.getResult().getType(), *getTypeConverter());
    if (failed(elementType))
      return rewriter.notifyMatchFailure(op, "no LLVM type");
    Value addr = LLVM::GEPOp::create(
        rewriter, op.getLoc(), adaptor.getPtr().getType(), *elementType,
        adaptor.getPtr(), ValueRange{adaptor.getOffsets()});
    rewriter.replaceOpWithNewOp<LLVM::LoadOp>(
        op, *elementType, addr, getElementAlignment(*elementType));
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
    FailureOr<Type> elementType =
        getGlobalElementType(op.getValue().getType(), *getTypeConverter());
    if (failed(elementType))
      return rewriter.notifyMatchFailure(op, "no LLVM type");
    Value addr = LLVM::GEPOp::create(
        rewriter, op.getLoc(), adaptor.getPtr().getType(), *elementType,
        adaptor.getPtr(), ValueRange{adaptor.getOffsets()});
    rewriter.replaceOpWithNewOp<LLVM::StoreOp>(
        op, adaptor.getValue(), addr, getElementAlignment(*elementType));
    return success();
  }
};

/// tile.atomic_rmw as inline PTX: `atom.<sem>.<scope>.global.<op>.<type>`.
/// Not an LLVM atomicrmw: LLVM 22's NVPTX backend drops an atomicrmw's
/// ordering and syncscope (an acquire exchange at device scope comes out
/// as a plain, relaxed `atom.global.exch.b32`), and the orderings are what
/// protocols between CTAs are made of.
struct AtomicRMWLowering : public ConvertOpToLLVMPattern<AtomicRMWOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = op.getValue().getType();
    Type llvmType = getTypeConverter()->convertType(type);
    Value addr = LLVM::GEPOp::create(
        rewriter, op.getLoc(), adaptor.getPtr().getType(), llvmType,
        adaptor.getPtr(), ValueRange{adaptor.getOffset()});
    std::string text =
        ("atom." + getSemantics(op.getSem()) + "." + getScope(op.getScope()) +
         ".global." + getOperation(op.getKind()) + "." +
         getPtxType(op.getKind(), type) + " $0, [$1], $2;")
            .str();
    // The register class of the value: 32- or 64-bit integer or float.
    StringRef reg = type.isF32()                         ? "f"
                    : type.isF64()                       ? "d"
                    : type.getIntOrFloatBitWidth() == 64 ? "l"
                                                         : "r";
    std::string constraints = ("=" + reg + ",l," + reg + ",~{memory}").str();
    rewriter.replaceOp(op, createInlineAsm(rewriter, op.getLoc(), llvmType,
                                           ValueRange{addr, adaptor.getValue()},
                                           text, constraints,
                                           /*sideEffects=*/true));
    return success();
  }

  static StringRef getSemantics(MemorySemantics sem) {
    return sem == MemorySemantics::AcqRel ? "acq_rel"
                                          : stringifyMemorySemantics(sem);
  }

  static StringRef getScope(MemoryScope scope) {
    return stringifyMemoryScope(scope);
  }

  static StringRef getOperation(AtomicKind kind) {
    switch (kind) {
    case AtomicKind::UMax:
      return "max";
    case AtomicKind::UMin:
      return "min";
    default:
      return stringifyAtomicKind(kind);
    }
  }

  /// PTX's type suffix: bit types for the bitwise operations and exch,
  /// signed for max/min, unsigned for umax/umin and integer add.
  static std::string getPtxType(AtomicKind kind, Type type) {
    unsigned bits = type.getIntOrFloatBitWidth();
    if (isa<FloatType>(type))
      return kind == AtomicKind::Add ? "f" + std::to_string(bits)
                                     : "b" + std::to_string(bits);
    switch (kind) {
    case AtomicKind::Max:
    case AtomicKind::Min:
      return "s" + std::to_string(bits);
    case AtomicKind::Add:
    case AtomicKind::UMax:
    case AtomicKind::UMin:
      return "u" + std::to_string(bits);
    default:
      return "b" + std::to_string(bits);
    }
  }
};

/// The mask of a gather/scatter as vector<R x i1> (all true without one).
Value getVectorMask(OpBuilder &b, Location loc, Value mask, int64_t numRegs) {
  auto type = VectorType::get({numRegs}, b.getI1Type());
  if (!mask)
    return LLVM::ConstantOp::create(
        b, loc, type, DenseElementsAttr::get(type, b.getBoolAttr(true)));
  if (isa<VectorType>(mask.getType()))
    return mask;
  return createSplat(b, loc, type, mask);
}

/// Registers per vector access for a load or store of a tile of `layout`
/// with these offsets and mask: runs of consecutive registers that are
/// consecutive, aligned offsets under one mask bit, up to 16 bytes, at
/// least 4 bytes (1 when nothing can be proven).
int64_t getAccessWidth(const LinearLayout &layout, unsigned elementBits,
                       Value offsets, Value mask) {
  if (elementBits < 8 || !isa<RankedTensorType>(offsets.getType()))
    return 1;
  unsigned rank = layout.getOutDims().size();
  int64_t width = layout.getNumConsecutiveInOut(getTensorDimName(rank - 1));
  width = std::min<int64_t>(width, 128 / elementBits);
  AxisInfo info = getAxisInfo(offsets);
  width = std::min({width, info.contiguity, info.divisibility});
  if (mask && isa<RankedTensorType>(mask.getType()))
    width = std::min(width, getAxisInfo(mask).constancy);
  if (width * elementBits < 32)
    return 1;
  return width;
}

/// Pointers to `base[offsets[r]]` for every register r.
Value getElementPointers(OpBuilder &b, Location loc, Value base,
                         Type elementType, Value offsets) {
  auto offsetType = cast<VectorType>(offsets.getType());
  auto ptrsType = VectorType::get(offsetType.getShape(), base.getType());
  return LLVM::GEPOp::create(b, loc, ptrsType, elementType, base,
                             ValueRange{offsets});
}

/// PTX for a predicated global access of `words` 32-bit words:
/// "@$p ld.global.v4.b32 {$0, $1, $2, $3}, [$4];" and the like.
std::string getPredicatedAccessAsm(bool isLoad, int64_t words) {
  std::string list;
  int64_t firstWord = isLoad ? 0 : 2;
  for (int64_t i = 0; i < words; ++i)
    list += (i ? ", $" : "$") + std::to_string(firstWord + i);
  if (words > 1)
    list = "{" + list + "}";
  std::string vec = words > 1 ? ".v" + std::to_string(words) : "";
  if (isLoad)
    return "@$" + std::to_string(words + 1) + " ld.global" + vec + ".b32 " +
           list + ", [$" + std::to_string(words) + "];";
  return "@$0 st.global" + vec + ".b32 [$1], " + list + ";";
}

/// The element of a mask (vector or scalar i1) for register r.
Value getMaskElement(OpBuilder &b, Location loc, Value mask, int64_t r) {
  if (!isa<VectorType>(mask.getType()))
    return mask;
  return LLVM::ExtractElementOp::create(b, loc, mask,
                                        createI32Constant(b, loc, r));
}

/// Loads runs of `width` registers with one access each (their offsets are
/// consecutive and aligned, their mask bits equal); masked runs use a
/// predicated ld.global so masked-off addresses are never touched.
Value emitVectorLoad(OpBuilder &b, Location loc, VectorType vectorType,
                     Value base, Value offsets, Value mask, Value other,
                     int64_t width) {
  Type elementType = vectorType.getElementType();
  int64_t bits = elementType.getIntOrFloatBitWidth();
  int64_t words = width * bits / 32;
  auto groupType = VectorType::get({width}, elementType);
  auto wordsType = VectorType::get({words}, b.getI32Type());
  Value result = LLVM::PoisonOp::create(b, loc, vectorType);
  for (int64_t first = 0, e = vectorType.getNumElements(); first < e;
       first += width) {
    Value offset = LLVM::ExtractElementOp::create(
        b, loc, offsets, createI32Constant(b, loc, first));
    Value addr = LLVM::GEPOp::create(b, loc, base.getType(), elementType, base,
                                     ValueRange{offset});
    Value group;
    if (!mask) {
      group = LLVM::LoadOp::create(b, loc, groupType, addr, width * bits / 8);
    } else {
      Value pred = getMaskElement(b, loc, mask, first);
      Type asmType = words == 1 ? Type(b.getI32Type())
                                : LLVM::LLVMStructType::getLiteral(
                                      b.getContext(),
                                      SmallVector<Type>(words, b.getI32Type()));
      std::string constraints;
      for (int64_t i = 0; i < words; ++i)
        constraints += "=r,";
      constraints += "l,b";
      Value loaded = createInlineAsm(b, loc, asmType, {addr, pred},
                                     getPredicatedAccessAsm(true, words),
                                     constraints, /*sideEffects=*/true);
      Value packed = LLVM::PoisonOp::create(b, loc, wordsType);
      for (int64_t i = 0; i < words; ++i) {
        Value word = words == 1
                         ? loaded
                         : LLVM::ExtractValueOp::create(b, loc, loaded, i);
        packed = LLVM::InsertElementOp::create(b, loc, packed, word,
                                               createI32Constant(b, loc, i));
      }
      group = LLVM::BitcastOp::create(b, loc, groupType, packed);
      if (other) {
        Value otherGroup = isa<VectorType>(other.getType())
                               ? extractRegisterRun(b, loc, other, first, width)
                               : createSplat(b, loc, groupType, other);
        group = LLVM::SelectOp::create(b, loc, pred, group, otherGroup);
      }
    }
    result = insertRegisterRun(b, loc, result, group, first);
  }
  return result;
}

/// Stores runs of `width` registers with one access each (see
/// emitVectorLoad).
void emitVectorStore(OpBuilder &b, Location loc, Value value, Value base,
                     Value offsets, Value mask, int64_t width) {
  auto vectorType = cast<VectorType>(value.getType());
  Type elementType = vectorType.getElementType();
  int64_t bits = elementType.getIntOrFloatBitWidth();
  int64_t words = width * bits / 32;
  auto wordsType = VectorType::get({words}, b.getI32Type());
  for (int64_t first = 0, e = vectorType.getNumElements(); first < e;
       first += width) {
    Value offset = LLVM::ExtractElementOp::create(
        b, loc, offsets, createI32Constant(b, loc, first));
    Value addr = LLVM::GEPOp::create(b, loc, base.getType(), elementType, base,
                                     ValueRange{offset});
    Value group = extractRegisterRun(b, loc, value, first, width);
    if (!mask) {
      LLVM::StoreOp::create(b, loc, group, addr, width * bits / 8);
      continue;
    }
    Value packed = LLVM::BitcastOp::create(b, loc, wordsType, group);
    SmallVector<Value> operands = {getMaskElement(b, loc, mask, first), addr};
    std::string constraints = "b,l";
    for (int64_t i = 0; i < words; ++i) {
      operands.push_back(LLVM::ExtractElementOp::create(
          b, loc, packed, createI32Constant(b, loc, i)));
      constraints += ",r";
    }
    createInlineAsm(b, loc, Type(), operands,
                    getPredicatedAccessAsm(false, words), constraints,
                    /*sideEffects=*/true);
  }
}

/// A masked gather: LLVM scalarizes it into one predicated load per
/// element (branches around masked-off lanes).
struct TileLoadLowering : public ConvertOpToLLVMPattern<LoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LinearLayout> layout =
        getRegisterLayout(op.getResult().getType());
    if (failed(layout) || !isa<RankedTensorType>(op.getOffsets().getType()))
      return failure();
    Location loc = op.getLoc();
    auto vectorType = cast<VectorType>(
        getTypeConverter()->convertType(op.getResult().getType()));
    Type elementType = vectorType.getElementType();
    int64_t width = getAccessWidth(*layout, elementType.getIntOrFloatBitWidth(),
                                   op.getOffsets(), op.getMask());
    if (width > 1) {
      rewriter.replaceOp(
          op, emitVectorLoad(rewriter, loc, vectorType, adaptor.getPtr(),
                             adaptor.getOffsets(), adaptor.getMask(),
                             adaptor.getOther(), width));
      return success();
    }
    Value ptrs = getElementPointers(rewriter, loc, adaptor.getPtr(),
                                    elementType, adaptor.getOffsets());
    Value mask = getVectorMask(rewriter, loc, adaptor.getMask(),
                               vectorType.getNumElements());
    SmallVector<Value> passThru;
    if (Value other = adaptor.getOther())
      passThru.push_back(isa<VectorType>(other.getType())
                             ? other
                             : createSplat(rewriter, loc, vectorType, other));
    rewriter.replaceOpWithNewOp<LLVM::masked_gather>(
        op, vectorType, ptrs, mask, passThru,
        getElementAlignment(elementType));
    return success();
  }
};

/// A masked scatter: one predicated store per element.
struct TileStoreLowering : public ConvertOpToLLVMPattern<StoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<LinearLayout> layout = getRegisterLayout(op.getValue().getType());
    if (failed(layout) || !isa<RankedTensorType>(op.getOffsets().getType()))
      return failure();
    Location loc = op.getLoc();
    Value value = adaptor.getValue();
    auto vectorType = cast<VectorType>(value.getType());
    Type elementType = vectorType.getElementType();
    int64_t width = getAccessWidth(*layout, elementType.getIntOrFloatBitWidth(),
                                   op.getOffsets(), op.getMask());
    if (width > 1) {
      emitVectorStore(rewriter, loc, value, adaptor.getPtr(),
                      adaptor.getOffsets(), adaptor.getMask(), width);
      rewriter.eraseOp(op);
      return success();
    }
    Value ptrs = getElementPointers(rewriter, loc, adaptor.getPtr(),
                                    elementType, adaptor.getOffsets());
    Value mask = getVectorMask(rewriter, loc, adaptor.getMask(),
                               vectorType.getNumElements());
    rewriter.replaceOpWithNewOp<LLVM::masked_scatter>(
        op, value, ptrs, mask, getElementAlignment(elementType));
    return success();
  }
};

/// tile.ptr_from_memref of a kernel's memref: the address of its first
/// element (aligned pointer plus offset), in the global address space.
struct PtrFromMemrefLowering : public ConvertOpToLLVMPattern<PtrFromMemrefOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(PtrFromMemrefOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MemRefDescriptor memref(adaptor.getSource());
    Type elementType = getTypeConverter()->convertType(
        cast<MemRefType>(op.getSource().getType()).getElementType());
    Value aligned = memref.alignedPtr(rewriter, loc);
    Value start =
        LLVM::GEPOp::create(rewriter, loc, aligned.getType(), elementType,
                            aligned, ValueRange{memref.offset(rewriter, loc)});
    Type global = getTypeConverter()->convertType(op.getResult().getType());
    if (start.getType() != global)
      start = LLVM::AddrSpaceCastOp::create(rewriter, loc, global, start);
    rewriter.replaceOp(op, start);
    return success();
  }
};

} // namespace

LogicalResult tilemlir::verifyGlobalMemoryLowering(Operation *op) {
  Type element;
  if (auto load = dyn_cast<LoadOp>(op))
    element = load.getResult().getType();
  else if (auto store = dyn_cast<StoreOp>(op))
    element = store.getValue().getType();
  if (!element || isa<RankedTensorType>(element))
    return success();
  LLVMTypeConverter converter(op->getContext());
  populateTileDeviceTypeConversions(converter);
  if (!converter.convertType(element))
    return op->emitOpError() << "not supported yet: " << element
                             << " in global memory (no LLVM type)";
  return success();
}

void tilemlir::populateGlobalMemoryToNVVMPatterns(LLVMTypeConverter &converter,
                                                  RewritePatternSet &patterns) {
  patterns.add<ScalarLoadLowering, ScalarStoreLowering, PtrFromMemrefLowering,
               AtomicRMWLowering>(converter);
  patterns.add<TileLoadLowering, TileStoreLowering>(converter, /*benefit=*/2);
}
