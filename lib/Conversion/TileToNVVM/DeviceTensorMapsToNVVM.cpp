//===- DeviceTensorMapsToNVVM.cpp - Tensor maps written in kernels --------===//
//
// tma.create_descriptor and tma.acquire_descriptor (sm_90a, PTX ISA 8.3):
// a tensor map written in global memory by the kernel, the pattern the PTX
// ISA gives for it. The writer zeroes the 128 bytes, sets every field of a
// tiled map with tensormap.replace (in the generic proxy), and releases
// them to the tensor-map proxy (fence.proxy.tensormap::generic.release);
// a thread that issues copies through the map acquires it first
// (fence.proxy.tensormap::generic.acquire), since the descriptor cache may
// hold what was at that address before.
//
// The fields, in the order the driver's cuTensorMapEncodeTiled takes them
// (TMA's dimension 0 is the innermost): the base address; rank - 1; per
// dimension the size (elements), the box (the copy box, as the host map's)
// and the element stride (1); per outer dimension the stride in bytes
// (CUDA 12.5 and later take bytes); the element type (PTX's numbering,
// which differs from the driver's for f64, bf16 and f32.ftz), and the
// interleave, swizzle and OOB fill codes, which are the driver's enums.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "TMA/TMADialect.h"
#include "TileMLIR/Conversion/Passes.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"

using namespace mlir;
using namespace mlir::tilemlir;

namespace {

/// One `tensormap.replace.tile.<field>.global.b1024.<type>` of the map at
/// global address `map`: `ordinal` (a dimension) when the field has one,
/// the new value in a register, or as an immediate when `value` is null.
void replaceField(OpBuilder &b, Location loc, Value map, StringRef field,
                  std::optional<int64_t> ordinal, Value value,
                  int64_t immediate = 0) {
  bool wide = value && value.getType().isInteger(64);
  std::string text = ("tensormap.replace.tile." + field + ".global.b1024." +
                      (wide ? "b64" : "b32") + " [$0]")
                         .str();
  if (ordinal)
    text += ", " + std::to_string(*ordinal);
  text += value ? ", $1;" : ", " + std::to_string(immediate) + ";";
  SmallVector<Value> operands = {map};
  std::string constraints = "l";
  if (value) {
    operands.push_back(value);
    constraints += wide ? ",l" : ",r";
  }
  createInlineAsm(b, loc, Type(), operands, text, constraints + ",~{memory}",
                  /*sideEffects=*/true);
}

struct CreateDescriptorLowering
    : public ConvertOpToLLVMPattern<tma::CreateDescriptorOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::CreateDescriptorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    Type i8 = rewriter.getI8Type(), i64 = rewriter.getI64Type();
    auto globalPtr = LLVM::LLVMPointerType::get(context, kGlobalAddressSpace);
    Value offset = adaptor.getOffset();
    if (offset.getType() != i64)
      offset = LLVM::ZExtOp::create(rewriter, loc, i64, offset);
    Value map = LLVM::GEPOp::create(rewriter, loc, globalPtr, i8,
                                    adaptor.getStorage(), ValueRange{offset});
    Value generic = LLVM::AddrSpaceCastOp::create(
        rewriter, loc, LLVM::LLVMPointerType::get(context), map);

    // (Checked before anything is emitted: emitIf splits the block.)
    FailureOr<Type> storageType = getTensorMapStorageType(
        op, *getTypeConverter(),
        cast<MemRefType>(op.getSource().getType()));
    if (failed(storageType))
      return failure();
    if (Value pred = adaptor.getPred())
      emitIf(rewriter, loc, pred, [&] {
        writeFields(rewriter, loc, op, adaptor, map, *storageType);
      });
    else
      writeFields(rewriter, loc, op, adaptor, map, *storageType);
    rewriter.replaceOp(op, generic);
    return success();
  }

  /// Zeroes the map, sets its fields and releases it (see the file
  /// comment).
  void writeFields(OpBuilder &b, Location loc, tma::CreateDescriptorOp op,
                   OpAdaptor adaptor, Value map, Type storageType) const {
    MLIRContext *context = b.getContext();
    Type i8 = b.getI8Type(), i32 = b.getI32Type(), i64 = b.getI64Type();
    auto globalPtr = LLVM::LLVMPointerType::get(context, kGlobalAddressSpace);
    auto desc = op.getResult().getType();
    auto memrefType = cast<MemRefType>(op.getSource().getType());
    int64_t rank = memrefType.getRank();
    auto i64c = [&](int64_t v) {
      return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
    };
    auto i32c = [&](int64_t v) {
      return LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(v));
    };
    for (int64_t word = 0; word < 16; ++word) {
      Value slot = LLVM::GEPOp::create(b, loc, globalPtr, i8, map,
                                       ArrayRef<LLVM::GEPArg>{int32_t(8 * word)});
      LLVM::StoreOp::create(b, loc, i64c(0), slot, /*alignment=*/8);
    }

    TensorMapGeometry geometry(adaptor.getSource(), desc, storageType);
    Value address =
        LLVM::PtrToIntOp::create(b, loc, i64, geometry.getStart(b, loc));
    replaceField(b, loc, map, "global_address", std::nullopt, address);
    replaceField(b, loc, map, "rank", std::nullopt, Value(), rank - 1);
    SmallVector<int64_t> copyBox = desc.getCopyBoxShape();
    for (int64_t d = 0; d < rank; ++d) {
      int64_t ordinal = rank - 1 - d;
      Value size =
          LLVM::TruncOp::create(b, loc, i32, geometry.getSize(b, loc, d, rank));
      replaceField(b, loc, map, "global_dim", ordinal, size);
      replaceField(b, loc, map, "box_dim", ordinal, i32c(copyBox[d]));
      replaceField(b, loc, map, "element_stride", ordinal, i32c(1));
      // Ordinal k of the strides holds TMA dimension k + 1.
      if (d < rank - 1)
        replaceField(b, loc, map, "global_stride", ordinal - 1,
                     geometry.getStrideBytes(b, loc, d));
    }
    replaceField(b, loc, map, "elemtype", std::nullopt, Value(),
                 tma::getTensorMapReplaceElementType(desc.getCUDADataType()));
    replaceField(b, loc, map, "interleave_layout", std::nullopt, Value(),
                 desc.getCUDAInterleave());
    replaceField(b, loc, map, "swizzle_mode", std::nullopt, Value(),
                 desc.getCUDASwizzle());
    replaceField(b, loc, map, "fill_mode", std::nullopt, Value(),
                 desc.getCUDAOOBFill());
    createInlineAsm(b, loc, Type(), ValueRange{},
                    "fence.proxy.tensormap::generic.release.gpu;",
                    "~{memory}", /*sideEffects=*/true);
  }
};

struct AcquireDescriptorLowering
    : public ConvertOpToLLVMPattern<tma::AcquireDescriptorOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::AcquireDescriptorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createInlineAsm(rewriter, op.getLoc(), Type(), adaptor.getDesc(),
                    "fence.proxy.tensormap::generic.acquire.gpu [$0], 128;",
                    "l,~{memory}", /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tilemlir::populateDeviceTensorMapPatterns(LLVMTypeConverter &converter,
                                               RewritePatternSet &patterns) {
  patterns.add<CreateDescriptorLowering, AcquireDescriptorLowering>(converter);
}
