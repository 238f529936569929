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
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/Regex.h"

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
  populateRegisterTileTypeConversions(converter);
}

/// An op family's check of the operations its patterns cannot lower
/// (Common.h): success for operations outside the family.
using VerifyFn = LogicalResult (*)(Operation *);

/// Calls every family's check on every operation, once, before the
/// conversion: the first failure stops, its diagnostic at the operation.
LogicalResult verifyLowering(gpu::GPUModuleOp module,
                             ArrayRef<VerifyFn> verifiers) {
  WalkResult result = module.walk([&](Operation *op) {
    for (VerifyFn verify : verifiers)
      if (failed(verify(op)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Function signatures NVPTX can compile: a name that is not a PTX
/// identifier stops it with an LLVM ERROR ("Symbol name with unsupported
/// characters"; a device function's reaches ptxas as a syntax error), an
/// `i0` argument (no bits) reaches its LowerArguments as an empty parameter
/// type (an LLVM ERROR), and an integer of another width than PTX's (i4)
/// becomes a `.param .u4` that ptxas rejects.
LogicalResult verifyFunctionArguments(Operation *op) {
  auto func = dyn_cast<gpu::GPUFuncOp>(op);
  if (!func)
    return success();
  static const llvm::Regex ptxName("^[A-Za-z_$][A-Za-z0-9_$]*$");
  if (!ptxName.match(func.getName()))
    return func.emitOpError()
           << "@\"" << func.getName()
           << "\": a GPU function's name is its PTX name, which takes "
              "letters, digits, '_' and '$' and does not start with a digit";
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    auto integer = dyn_cast<IntegerType>(type);
    if (!integer)
      continue;
    unsigned width = integer.getWidth();
    if (width == 0)
      return func.emitOpError()
             << "argument " << i << " is " << type
             << ", which has no bits: a GPU function's parameters must "
                "occupy memory (NVPTX passes no empty parameter)";
    if (width != 1 && width != 8 && width != 16 && width != 32 && width != 64)
      return func.emitOpError()
             << "argument " << i << " is " << type
             << ": PTX parameters are integers of 8, 16, 32 or 64 bits (or "
                "i1)";
  }
  return success();
}

/// The families of convert-tile-to-nvvm (scalar and memory side).
constexpr VerifyFn kTileVerifiers[] = {verifySharedMemoryLowering};

/// The families of convert-tile-kernels-to-nvvm, in the order their
/// diagnostics take precedence: register tiles and what moves them, then
/// tensor memory and tcgen05, then wgmma.
constexpr VerifyFn kKernelVerifiers[] = {
    verifyFunctionArguments,     verifyRegisterTileLowering,
    verifyElementwiseLowering,   verifySharedMemoryLowering,
    verifyConvertLayoutLowering, verifyReduceLowering,
    verifyTMALowering,           verifyMBarrierLowering,
    verifyGlobalMemoryLowering};
constexpr VerifyFn kTensorMemoryVerifiers[] = {verifyTensorMemoryTarget,
                                               verifyTensorMemoryLowering,
                                               verifyDotTcgen05Lowering};
constexpr VerifyFn kWgmmaVerifiers[] = {verifyWgmmaTarget,
                                        verifyDotWgmmaLowering};

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
  // SCF too: patterns may guard what they emit with scf.if (ops created by
  // patterns must be legal, and SCF is lowered after these passes).
  target.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect,
                         scf::SCFDialect>();
  target.addIllegalDialect<DialectT>();
  return applyPartialConversion(module, target, std::move(patterns));
}

struct ConvertMBarrierToNVVM
    : public tilemlir::impl::ConvertMBarrierToNVVMBase<ConvertMBarrierToNVVM> {
  void runOnOperation() override {
    constexpr VerifyFn verifiers[] = {verifyMBarrierLowering};
    if (failed(verifyLowering(getOperation(), verifiers)) ||
        failed(convertOneDialect<mbarrier::MBarrierDialect>(
            getOperation(), populateMBarrierToNVVMPatterns)))
      signalPassFailure();
  }
};

struct ConvertTMAToNVVM : public tilemlir::impl::ConvertTMAToNVVMBase<ConvertTMAToNVVM> {
  using ConvertTMAToNVVMBase::ConvertTMAToNVVMBase;

  void runOnOperation() override {
    constexpr VerifyFn verifiers[] = {verifyTMALowering};
    if (failed(verifyLowering(getOperation(), verifiers)) ||
        failed(convertOneDialect<tma::TMADialect>(
            getOperation(),
            [&](LLVMTypeConverter &converter, RewritePatternSet &patterns) {
              populateTMAToNVVMPatterns(converter, patterns, deviceChecks);
            })))
      signalPassFailure();
  }
};

struct ConvertTileToNVVM
    : public tilemlir::impl::ConvertTileToNVVMBase<ConvertTileToNVVM> {
  void runOnOperation() override {
    if (failed(verifyLowering(getOperation(), kWgmmaVerifiers)) ||
        failed(verifyLowering(getOperation(), kTileVerifiers)))
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
    // Positions in the lowered llvm.func: a ranked memref argument expands
    // into its descriptor's fields (allocated and aligned pointers, offset,
    // sizes, strides; the default, non-bare-pointer calling convention).
    unsigned position = 0;
    for (Type type : func.getArgumentTypes()) {
      if (isa<tma::DescriptorType>(type))
        descriptorArgs[func.getName()].push_back(position);
      auto memref = dyn_cast<MemRefType>(type);
      position += memref ? 3 + 2 * memref.getRank() : 1;
    }
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
  using ConvertTileKernelsToNVVMBase::ConvertTileKernelsToNVVMBase;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    if (failed(verifyLowering(module, kKernelVerifiers)) ||
        failed(verifyLowering(module, kTensorMemoryVerifiers)) ||
        failed(verifyLowering(module, kWgmmaVerifiers)))
      return signalPassFailure();
    DescriptorArgs descriptorArgs = prepareKernels(module);

    LLVMTypeConverter converter(module.getContext(), getDeviceOptions(module));
    configureDeviceTypeConverter(converter);
    RewritePatternSet patterns(&getContext());
    populateMBarrierToNVVMPatterns(converter, patterns);
    populateTMAToNVVMPatterns(converter, patterns, deviceChecks);
    populateElementwiseToNVVMPatterns(converter, patterns);
    populateSharedMemoryToNVVMPatterns(converter, patterns);
    populateGlobalMemoryToNVVMPatterns(converter, patterns);
    populateConvertLayoutToNVVMPatterns(converter, patterns);
    populateReduceToNVVMPatterns(converter, patterns);
    populateControlToNVVMPatterns(converter, patterns);
    populateDotWgmmaToNVVMPatterns(converter, patterns);
    populateTensorMemoryToNVVMPatterns(converter, patterns);
    populateDotTcgen05ToNVVMPatterns(converter, patterns);
    populateGpuToNVVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    // ceildivsi/ceildivui/floordivsi have no LLVM lowering of their own.
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
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

void tilemlir::populateTileToNVVMPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  populateSharedMemoryToNVVMPatterns(converter, patterns);
  populateGlobalMemoryToNVVMPatterns(converter, patterns);
  populateControlToNVVMPatterns(converter, patterns);
}
