//===- Passes.cpp - TileMLIR device lowering passes -----------------------===//

#include "Common.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "TMem/TMemDialect.h"
#include "TileMLIR/Conversion/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_CONVERTMBARRIERTONVVM
#define GEN_PASS_DEF_CONVERTTMATONVVM
#define GEN_PASS_DEF_CONVERTTILETONVVM
#define GEN_PASS_DEF_CONVERTTMEMTONVVM
#define GEN_PASS_DEF_CONVERTTILEKERNELSTONVVM
#include "TileMLIR/Conversion/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;
using namespace mlir::tilemlir;

namespace {

LowerToLLVMOptions getDeviceOptions(gpu::GPUModuleOp module) {
  LowerToLLVMOptions options(module.getContext(), DataLayout(module));
  options.overrideIndexBitwidth(64);
  return options;
}

void configureDeviceTypeConverter(LLVMTypeConverter &converter) {
  configureGpuToNVVMTypeConverter(converter);
  populateTileDeviceTypeConversions(converter);
  populateWgmmaTileTypeConversions(converter);
  populateRegisterTileTypeConversions(converter);
}

/// A verify<Family>Lowering (Common.h).
using VerifyFn = LogicalResult (*)(Operation *);

/// Calls every family's verify function on every operation under `root`
/// before the conversion, so that the first operation some family's
/// patterns cannot lower fails the pass with that family's diagnostic.
LogicalResult verifyLowering(Operation *root, ArrayRef<VerifyFn> families) {
  WalkResult result = root->walk([&](Operation *op) {
    for (VerifyFn verify : families)
      if (failed(verify(op)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// One dialect's operations, leaving everything else alone.
template <typename DialectT>
LogicalResult convertOneDialect(
    gpu::GPUModuleOp module,
    function_ref<void(LLVMTypeConverter &, RewritePatternSet &)> populate) {
  LLVMTypeConverter converter(module.getContext(), getDeviceOptions(module));
  configureDeviceTypeConverter(converter);
  RewritePatternSet patterns(module.getContext());
  populate(converter, patterns);
  ConversionTarget target(*module.getContext());
  target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
  target.addIllegalDialect<DialectT>();
  return applyPartialConversion(module, target, std::move(patterns));
}

struct ConvertMBarrierToNVVM
    : public tilemlir::impl::ConvertMBarrierToNVVMBase<ConvertMBarrierToNVVM> {
  void runOnOperation() override {
    if (failed(convertOneDialect<mbarrier::MBarrierDialect>(
            getOperation(), populateMBarrierToNVVMPatterns)))
      signalPassFailure();
  }
};

struct ConvertTMAToNVVM : public tilemlir::impl::ConvertTMAToNVVMBase<ConvertTMAToNVVM> {
  void runOnOperation() override {
    if (failed(convertOneDialect<tma::TMADialect>(getOperation(),
                                                  populateTMAToNVVMPatterns)))
      signalPassFailure();
  }
};

struct ConvertTileToNVVM
    : public tilemlir::impl::ConvertTileToNVVMBase<ConvertTileToNVVM> {
  void runOnOperation() override {
    if (failed(verifyLowering(getOperation(), {verifyDotWgmmaLowering})) ||
        failed(checkSharedMemoryLowering(getOperation())))
      return signalPassFailure();
    if (failed(convertOneDialect<tile::TileDialect>(
            getOperation(), populateTileToNVVMPatterns)))
      signalPassFailure();
  }
};

/// Register tiles are left to the full lowering, so the tmem-only one
/// cannot lower what moves them.
LogicalResult rejectRegisterTileMoves(Operation *op) {
  if (!isa<tmem::LoadOp, tmem::StoreOp>(op))
    return success();
  return op->emitOpError()
         << "moves a register tile, which convert-tmem-to-nvvm does not "
            "lower: use convert-tile-kernels-to-nvvm";
}

/// The tmem operations alone: the base-address slot of
/// tile-allocate-tensor-memory (a tile.alloc_smem) goes with them.
struct ConvertTMemToNVVM
    : public tilemlir::impl::ConvertTMemToNVVMBase<ConvertTMemToNVVM> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    if (failed(verifyLowering(
            module, {verifyTensorMemoryTarget, rejectRegisterTileMoves,
                     verifyTensorMemoryLowering, verifyDotTcgen05Lowering})))
      return signalPassFailure();
    LLVMTypeConverter converter(module.getContext(), getDeviceOptions(module));
    configureDeviceTypeConverter(converter);
    RewritePatternSet patterns(module.getContext());
    populateTensorMemoryToNVVMPatterns(converter, patterns);
    populateDotTcgen05ToNVVMPatterns(converter, patterns);
    ConversionTarget target(*module.getContext());
    target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect,
                           scf::SCFDialect>();
    target.addIllegalDialect<tmem::TMemDialect>();
    target.addDynamicallyLegalOp<tile::AllocSmemOp>(
        [](tile::AllocSmemOp op) {
          return !op->hasAttr(tmem::TMemDialect::kBaseSlotAttrName);
        });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

/// Register tiles (tensors) have no general lowering yet; say so precisely
/// instead of failing to legalize. Tensor-memory operations are checked by
/// verifyTensorMemoryLowering, which names what is not lowered.
LogicalResult rejectUnsupported(gpu::GPUModuleOp module) {
  WalkResult result = module.walk([](Operation *op) {
    Dialect *dialect = op->getDialect();
    if (dialect && isa<tmem::TMemDialect>(dialect))
      return WalkResult::advance();
    auto isTile = [](Type t) {
      return isa<RankedTensorType>(t) && !isLowerableRegisterTile(t);
    };
    if (llvm::any_of(op->getOperandTypes(), isTile) ||
        llvm::any_of(op->getResultTypes(), isTile)) {
      op->emitOpError()
          << "not supported yet: register tiles (tensor values) other than "
             "the wgmma accumulator layout (#tile.wgmma with warpsPerCTA = "
             "[W, 1] and instrShape = [16, N]) and power-of-two tiles of "
             "rank 1 to 4 in #tile.blocked, #tile.slice, #tile.linear or "
             "#tile.dot_operand layouts are not lowered to NVVM yet";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Kernel ABI: a TMA descriptor is a 128-byte by-value parameter, 64-byte
/// aligned and grid-constant, so the copies can take its address without a
/// local copy. Returns, per kernel, the argument positions that get it.
using DescriptorArgs = llvm::StringMap<SmallVector<unsigned>>;

/// The block size becomes nvvm.reqntid, which also caps registers at entry
/// as setmaxnreg requires.
DescriptorArgs prepareKernels(gpu::GPUModuleOp module) {
  MLIRContext *context = module.getContext();
  DescriptorArgs descriptorArgs;
  module.walk([&](gpu::GPUFuncOp func) {
    if (!func.isKernel())
      return;
    for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
      if (isa<tma::DescriptorType>(type))
        descriptorArgs[func.getName()].push_back(i);
    if (!func.getKnownBlockSizeAttr())
      if (auto warps = func->getAttrOfType<IntegerAttr>(
              tile::TileDialect::kNumWarpsAttrName))
        func.setKnownBlockSizeAttr(DenseI32ArrayAttr::get(
            context, {int32_t(warps.getInt() * 32), 1, 1}));
  });
  return descriptorArgs;
}

/// gpu.func lowering keeps only some argument attributes; set the
/// descriptor ABI on the resulting llvm.funcs.
void applyDescriptorABI(gpu::GPUModuleOp module,
                        const DescriptorArgs &descriptorArgs) {
  MLIRContext *context = module.getContext();
  Builder b(context);
  for (const auto &entry : descriptorArgs) {
    auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(entry.getKey());
    if (!func)
      continue;
    for (unsigned i : entry.getValue()) {
      func.setArgAttr(i, LLVM::LLVMDialect::getByValAttrName(),
                      TypeAttr::get(LLVM::LLVMArrayType::get(
                          IntegerType::get(context, 8), 128)));
      func.setArgAttr(i, LLVM::LLVMDialect::getAlignAttrName(),
                      b.getI64IntegerAttr(64));
      func.setArgAttr(i, NVVM::NVVMDialect::getGridConstantAttrName(),
                      b.getUnitAttr());
    }
  }
}

struct ConvertTileKernelsToNVVM
    : public tilemlir::impl::ConvertTileKernelsToNVVMBase<ConvertTileKernelsToNVVM> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    if (failed(rejectUnsupported(module)) ||
        failed(verifyLowering(
            module, {verifyTensorMemoryTarget, verifyTensorMemoryLowering,
                     verifyDotTcgen05Lowering, verifyDotWgmmaLowering})) ||
        failed(checkRegisterTileLowering(module)) ||
        failed(checkSharedMemoryLowering(module)))
      return signalPassFailure();
    DescriptorArgs descriptorArgs = prepareKernels(module);

    LLVMTypeConverter converter(module.getContext(), getDeviceOptions(module));
    configureDeviceTypeConverter(converter);
    RewritePatternSet patterns(&getContext());
    populateMBarrierToNVVMPatterns(converter, patterns);
    populateTMAToNVVMPatterns(converter, patterns);
    populateTileToNVVMPatterns(converter, patterns);
    populateWgmmaToNVVMPatterns(converter, patterns);
    populateDotWgmmaToNVVMPatterns(converter, patterns);
    populateRegisterTileToNVVMPatterns(converter, patterns);
    populateTensorMemoryToNVVMPatterns(converter, patterns);
    populateDotTcgen05ToNVVMPatterns(converter, patterns);
    populateGpuToNVVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
    ub::populateUBToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget target(getContext());
    configureGpuToNVVMConversionLegality(target);
    target.addIllegalDialect<tile::TileDialect, mbarrier::MBarrierDialect,
                             tma::TMADialect, tmem::TMemDialect>();
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    applyDescriptorABI(module, descriptorArgs);
  }
};

} // namespace
