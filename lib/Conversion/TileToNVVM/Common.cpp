//===- Common.cpp - Shared helpers of TileMLIR's NVVM lowering ------------===//

#include "Common.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "TileMLIR/Conversion/Passes.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::tilemlir;

Type tilemlir::getSharedPointerType(MLIRContext *context) {
  return LLVM::LLVMPointerType::get(context, kSharedAddressSpace);
}

Value tilemlir::createI32Constant(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(value));
}

Value tilemlir::getSharedMemoryBase(OpBuilder &b, Location loc,
                                    Operation *anchor) {
  auto module = anchor->getParentOfType<gpu::GPUModuleOp>();
  MLIRContext *context = b.getContext();
  if (!module.lookupSymbol(kSharedMemoryBaseName)) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(IntegerType::get(context, 8), 0);
    LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/false,
                           LLVM::Linkage::External, kSharedMemoryBaseName,
                           Attribute(), /*alignment=*/1024,
                           kSharedAddressSpace);
  }
  return LLVM::AddressOfOp::create(b, loc, getSharedPointerType(context),
                                   kSharedMemoryBaseName);
}

Value tilemlir::createByteOffset(OpBuilder &b, Location loc, Value base,
                                 Value byteOffset) {
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{byteOffset});
}

Value tilemlir::createByteOffset(OpBuilder &b, Location loc, Value base,
                                 int64_t byteOffset) {
  if (byteOffset == 0)
    return base;
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ArrayRef<LLVM::GEPArg>{int32_t(byteOffset)});
}

Value tilemlir::createWarpId(OpBuilder &b, Location loc) {
  Type i32 = b.getI32Type();
  Value tid = NVVM::ThreadIdXOp::create(b, loc, i32);
  Value warp = LLVM::UDivOp::create(b, loc, tid, createI32Constant(b, loc, 32));
  Value mask = createI32Constant(b, loc, -1);
  Value lane0 = createI32Constant(b, loc, 0);
  Value clamp = createI32Constant(b, loc, 31);
  return NVVM::ShflOp::create(b, loc, i32, mask, warp, lane0, clamp,
                              NVVM::ShflKind::idx, UnitAttr());
}

Value tilemlir::createInlineAsm(OpBuilder &b, Location loc, Type resultType,
                                ValueRange operands, StringRef asmString,
                                StringRef constraints, bool sideEffects) {
  auto op = LLVM::InlineAsmOp::create(
      b, loc, resultType, operands, b.getStringAttr(asmString),
      b.getStringAttr(constraints), sideEffects ? b.getUnitAttr() : UnitAttr(),
      UnitAttr(),
      LLVM::TailCallKindAttr::get(b.getContext(), LLVM::TailCallKind::None),
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  return resultType ? op.getResult(0) : Value();
}

Value tilemlir::createLaneId(OpBuilder &b, Location loc) {
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  return LLVM::URemOp::create(b, loc, tid, createI32Constant(b, loc, 32));
}

Value tilemlir::getMemRefStart(OpBuilder &b, Location loc, Value descriptor,
                               Type elementType) {
  MemRefDescriptor memref(descriptor);
  Value aligned = memref.alignedPtr(b, loc);
  Value offset = memref.offset(b, loc);
  return LLVM::GEPOp::create(b, loc, aligned.getType(), elementType, aligned,
                             ValueRange{offset});
}

FailureOr<Type> tilemlir::getTensorMapStorageType(
    Operation *op, const TypeConverter &converter, MemRefType memref) {
  Type storageType = converter.convertType(memref.getElementType());
  if (!storageType || !storageType.isIntOrFloat())
    return op->emitOpError() << "cannot lower a descriptor over "
                             << memref.getElementType() << " elements";
  return storageType;
}

TensorMapGeometry::TensorMapGeometry(Value descriptor,
                                     tma::DescriptorType desc,
                                     Type storageType)
    : descriptor(descriptor), storageType(storageType),
      packedInBytes(desc.isFP4() && storageType.getIntOrFloatBitWidth() == 8),
      strideBits(packedInBytes ? 8 : desc.getElementBits()) {}

Value TensorMapGeometry::getStart(OpBuilder &b, Location loc) const {
  return getMemRefStart(b, loc, descriptor, storageType);
}

Value TensorMapGeometry::getSize(OpBuilder &b, Location loc, int64_t d,
                                 int64_t rank) const {
  Value size = MemRefDescriptor(descriptor).size(b, loc, d);
  if (d != rank - 1 || !packedInBytes)
    return size;
  return LLVM::MulOp::create(
      b, loc, size,
      LLVM::ConstantOp::create(b, loc, b.getI64Type(), b.getI64IntegerAttr(2)));
}

Value TensorMapGeometry::getStrideBytes(OpBuilder &b, Location loc,
                                        int64_t d) const {
  Type i64 = b.getI64Type();
  Value stride = MemRefDescriptor(descriptor).stride(b, loc, d);
  Value bits = LLVM::ConstantOp::create(b, loc, i64,
                                        b.getI64IntegerAttr(strideBits));
  Value totalBits = LLVM::MulOp::create(b, loc, stride, bits);
  Value eight = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(8));
  return LLVM::UDivOp::create(b, loc, totalBits, eight);
}

void tilemlir::emitIf(ConversionPatternRewriter &rewriter, Location loc,
                      Value cond, function_ref<void()> body) {
  Block *block = rewriter.getInsertionBlock();
  if (isa<FunctionOpInterface>(block->getParentOp())) {
    Block *continuation =
        rewriter.splitBlock(block, rewriter.getInsertionPoint());
    Block *then = rewriter.createBlock(continuation);
    rewriter.setInsertionPointToEnd(block);
    LLVM::CondBrOp::create(rewriter, loc, cond, then, ValueRange(),
                           continuation, ValueRange());
    rewriter.setInsertionPointToStart(then);
    body();
    LLVM::BrOp::create(rewriter, loc, ValueRange(), continuation);
    rewriter.setInsertionPointToStart(continuation);
    return;
  }
  auto ifOp = scf::IfOp::create(rewriter, loc, cond, /*withElseRegion=*/false);
  rewriter.setInsertionPointToStart(ifOp.thenBlock());
  body();
  rewriter.setInsertionPointAfter(ifOp);
}

void tilemlir::createScratchBarrier(OpBuilder &b, Location loc,
                                    Operation *op) {
  auto group = op->getAttrOfType<DenseI32ArrayAttr>(
      tile::TileDialect::kSyncGroupAttrName);
  if (!group) {
    NVVM::Barrier0Op::create(b, loc);
    return;
  }
  Value id = createI32Constant(b, loc, group[0]);
  Value threads = createI32Constant(b, loc, group[1]);
  NVVM::BarrierOp::create(b, loc, Type(), id, threads,
                          NVVM::BarrierReductionAttr(), Value());
}

LogicalResult tilemlir::emitRule(EmitErrorFn emitError, const Twine &message) {
  if (emitError)
    emitError() << message;
  return failure();
}

FailureOr<int64_t> tilemlir::getAllocatedOffset(Operation *op) {
  auto offset =
      op->getAttrOfType<IntegerAttr>(tile::TileDialect::kOffsetAttrName);
  if (!offset)
    return op->emitOpError() << "has no shared-memory offset: run "
                                "tile-allocate-shared-memory first";
  return offset.getInt();
}

LogicalResult
tilemlir::replaceWithAllocatedAddress(Operation *op,
                                      ConversionPatternRewriter &rewriter) {
  FailureOr<int64_t> offset = getAllocatedOffset(op);
  if (failed(offset))
    return failure();
  Value base = getSharedMemoryBase(rewriter, op->getLoc(), op);
  rewriter.replaceOp(op,
                     createByteOffset(rewriter, op->getLoc(), base, *offset));
  return success();
}

Value tilemlir::emitLinearMap(I32Builder &ib, ArrayRef<LinearInput> inputs) {
  struct Term {
    Value value;
    uint64_t bits; // The result bits the term can set.
    uint64_t low;  // Its lowest word's lowest bit.
  };
  SmallVector<Term> terms;
  for (const LinearInput &in : inputs) {
    int64_t n = in.words.size();
    for (int64_t b = 0; b < n;) {
      uint64_t word = in.words[b];
      if (word == 0) {
        ++b;
        continue;
      }
      // While the words double onto fresh bits, the XOR of the selected
      // ones is their sum: the field of bits times the first word.
      uint64_t covered = word;
      int64_t k = 1;
      while (b + k < n && uint64_t(in.words[b + k]) == word << k &&
             !((word << k) & covered)) {
        covered |= word << k;
        ++k;
      }
      Value field = b == 0 ? in.value : ib.lshr(in.value, b);
      if (!in.inRange || b + k < n)
        field = ib.andI(field, (int64_t(1) << k) - 1);
      terms.push_back({ib.mul(field, word), covered, word & -word});
      b += k;
    }
  }
  // Largest strides first, so row-major maps read r * W + c.
  llvm::stable_sort(terms,
                    [](const Term &x, const Term &y) { return x.low > y.low; });
  Value result;
  uint64_t resultBits = 0;
  for (const Term &t : terms) {
    if (!result)
      result = t.value;
    else if (t.bits & resultBits)
      result = ib.xorI(result, t.value);
    else
      result = ib.add(result, t.value);
    resultBits |= t.bits;
  }
  return result ? result : ib.c(0);
}

void tilemlir::populateTileDeviceTypeConversions(
    LLVMTypeConverter &converter) {
  MLIRContext *context = &converter.getContext();
  converter.addConversion([context](tile::SharedMemoryType) -> Type {
    return getSharedPointerType(context);
  });
  converter.addConversion([context](mbarrier::GroupType) -> Type {
    return getSharedPointerType(context);
  });
  converter.addConversion([context](mbarrier::BarrierType) -> Type {
    return getSharedPointerType(context);
  });
  converter.addConversion([context](tile::PointerType) -> Type {
    return LLVM::LLVMPointerType::get(context, kGlobalAddressSpace);
  });
  // The kernel receives the 128-byte CUtensorMap by value in parameter
  // space; copies take the generic address of that parameter.
  converter.addConversion([context](tma::DescriptorType) -> Type {
    return LLVM::LLVMPointerType::get(context);
  });
}

void tilemlir::populateTileHostTypeConversions(LLVMTypeConverter &converter) {
  MLIRContext *context = &converter.getContext();
  converter.addConversion([context](tma::DescriptorType) -> Type {
    return LLVM::LLVMArrayType::get(IntegerType::get(context, 64), 16);
  });
  converter.addConversion([context](tile::PointerType) -> Type {
    return LLVM::LLVMPointerType::get(context);
  });
}
