//===- DotTcgen05ToNVVM.cpp - tmem.mma and tmem.mma_scaled to tcgen05.mma ===//
//
// A tcgen05.mma reads A from shared memory (through a tcgen05 matrix
// descriptor, MatrixDescriptors.h) or tensor memory, B from shared memory,
// and accumulates into D in tensor memory, one instruction per instruction
// K.
//
// Instruction descriptor (PTX ISA, "Instruction descriptor format for
// .kind::tf32, .kind::f16, .kind::f8f6f4 and .kind::i8"):
//   bits 4-5 D type (F16 0, F32 1, S32 2), bits 7-9 / 10-12 A / B type
//   (f16 0, bf16 1, tf32 2; e4m3 0, e5m2 1; signed i8 1), bit 15 / 16
//   transpose A / B (MN-major), bits 17-22 N >> 3, bits 24-28 M >> 4.
//
// tcgen05.mma and tcgen05.commit are issued by the thread that executes
// them; kernels put them under scf.if on tile.elect.
//
// getMMAPlan and getScaledMMAPlan hold the rules of the lowering: the
// patterns call them silently, verifyDotTcgen05Lowering with the diagnostic
// that names the rule.
//
//===----------------------------------------------------------------------===//

#include "Common.h"
#include "MatrixDescriptors.h"
#include "TileMLIR/Target/TargetInfo.h"
#include "TensorMemory.h"

#include "TMem/TMemDialect.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilemlir;
using tile::NVMMASharedLayoutAttr;
using tile::SharedMemoryType;
using tmem::BufferType;

namespace {

/// A shared MMA operand: its descriptor, and where each instruction's slice
/// of K starts.
struct SharedOperand {
  MatrixDescription matrix;
  SmallVector<int64_t> stepOffsets;
};

/// Describes operand A (`isB` false, M x K) or B (K x N) for instructions
/// of `instrK`, or says why it cannot be described.
FailureOr<SharedOperand> describeSharedOperand(SharedMemoryType type, bool isB,
                                               int64_t instrK,
                                               std::string &why) {
  auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(type.getEncoding());
  if (!nvmma) {
    why = "a tcgen05.mma operand without an NVMMA layout (run "
          "tile-legalize-layouts, which chooses one, or write it)";
    return failure();
  }
  if (nvmma.getSwizzle() == 0) {
    // An unswizzled NVMMA buffer is row-major here, not the canonical
    // interleaved layout of 8 x 16-byte core matrices.
    why = "a tcgen05.mma operand in an unswizzled shared layout (the "
          "descriptor needs 8 x 16-byte core matrices)";
    return failure();
  }
  int64_t kDim = isB ? 0 : 1;
  SharedOperand operand{describeMatrixOperand(type, kDim), {}};
  // Packed fp4 keeps two elements a byte; fp4_padded one.
  if (operand.matrix.mnMajor &&
      getSharedStorageBits(type.getElementTypeBitWidth(), nvmma) < 8) {
    why = "an MN-major operand of packed 4-bit elements";
    return failure();
  }
  FailureOr<SmallVector<int64_t>> steps = getKStepOffsets(type, kDim, instrK);
  if (failed(steps)) {
    why = "a tcgen05.mma operand whose shared layout has no element "
          "offsets";
    return failure();
  }
  operand.stepOffsets = std::move(*steps);
  if (!fitsDescriptorField(operand.matrix.leadingBytes) ||
      !fitsDescriptorField(operand.matrix.strideBytes) ||
      !fitsDescriptorField(type.getSizeInBytes())) {
    why = "a tcgen05.mma operand whose strides exceed the descriptor's "
          "14-bit fields";
    return failure();
  }
  return operand;
}

/// Kind and instruction-descriptor type codes of a tcgen05.mma.
struct MMAKindInfo {
  NVVM::Tcgen05MMAKind kind;
  uint64_t aType, bType, dType;
  int64_t instrK;
};

std::optional<MMAKindInfo> getMMAKind(Type a, Type b, Type d) {
  auto f8Code = [](Type t) -> std::optional<uint64_t> {
    if (isa<Float8E4M3FNType>(t))
      return 0;
    if (isa<Float8E5M2Type>(t))
      return 1;
    return std::nullopt;
  };
  uint64_t dType = d.isF32() ? 1 : d.isF16() ? 0 : 2;
  if (a.isF16() || a.isBF16())
    return MMAKindInfo{NVVM::Tcgen05MMAKind::F16, a.isBF16() ? 1u : 0u,
                       b.isBF16() ? 1u : 0u, dType, 16};
  if (a.isF32())
    return MMAKindInfo{NVVM::Tcgen05MMAKind::TF32, 2, 2, dType, 8};
  if (a.isInteger(8))
    // Signless i8 is taken as signed, like arith's default.
    return MMAKindInfo{NVVM::Tcgen05MMAKind::I8, 1, 1, dType, 32};
  std::optional<uint64_t> aCode = f8Code(a), bCode = f8Code(b);
  if (aCode && bCode)
    return MMAKindInfo{NVVM::Tcgen05MMAKind::F8F6F4, *aCode, *bCode, dType, 32};
  return std::nullopt;
}

/// Everything a tcgen05.mma sequence needs, or why it cannot be issued.
struct MMAPlan {
  MMAKindInfo info;
  std::optional<SharedOperand> a; // Absent when A is in tensor memory.
  SharedOperand b;
  uint32_t idesc;
  int64_t aStepColumns = 0; // Columns of an A slice in tensor memory.
  // Block-scaled only: the kind and scale-vector qualifier, the scale
  // factors one instruction takes per row (1, 2 or 4), and the columns
  // between consecutive groups of four factors of A and of B.
  NVVM::MMABlockScaleKind scaleKind = NVVM::MMABlockScaleKind::MXF8F6F4;
  NVVM::Tcgen05MMABlockScale blockScale = NVVM::Tcgen05MMABlockScale::DEFAULT;
  int64_t factorsPerInstr = 1;
  int64_t aScaleGroupColumns = 0, bScaleGroupColumns = 0;
};

/// The operands of a tcgen05.mma of `info`'s kind: A in shared or tensor
/// memory, B in shared memory, D in tensor memory. The instruction
/// descriptor's shape and major bits are filled in; the type bits are the
/// caller's.
FailureOr<MMAPlan> planOperands(MMAKindInfo info, Type aType,
                                SharedMemoryType bType, BufferType d,
                                std::string &why) {
  MMAPlan plan{info, std::nullopt, {}, 0};
  bool transA = false;
  if (auto aSmem = dyn_cast<SharedMemoryType>(aType)) {
    FailureOr<SharedOperand> a =
        describeSharedOperand(aSmem, /*isB=*/false, info.instrK, why);
    if (failed(a))
      return failure();
    transA = a->matrix.mnMajor;
    plan.a = *a;
  } else {
    plan.aStepColumns =
        info.instrK * cast<BufferType>(aType).getElementTypeBitWidth() / 32;
  }
  FailureOr<SharedOperand> b =
      describeSharedOperand(bType, /*isB=*/true, info.instrK, why);
  if (failed(b))
    return failure();
  plan.b = *b;
  uint64_t m = d.getM(), n = d.getN();
  plan.idesc =
      uint32_t((info.aType << 7) | (info.bType << 10) |
               (uint64_t(transA) << 15) | (uint64_t(b->matrix.mnMajor) << 16) |
               ((n >> 3) << 17) | ((m >> 4) << 24));
  return plan;
}

Type getOperandElementType(Type type) {
  if (auto smem = dyn_cast<SharedMemoryType>(type))
    return smem.getElementType();
  return cast<BufferType>(type).getElementType();
}

FailureOr<MMAPlan> planMMA(tmem::MMAOp op, std::string &why) {
  BufferType d = op.getD().getType();
  SharedMemoryType bType = op.getB().getType();
  std::optional<MMAKindInfo> info =
      getMMAKind(getOperandElementType(op.getA().getType()),
                 bType.getElementType(), d.getElementType());
  if (!info) {
    why = "tcgen05.mma with these element types";
    return failure();
  }
  FailureOr<MMAPlan> plan =
      planOperands(*info, op.getA().getType(), bType, d, why);
  if (failed(plan))
    return failure();
  plan->idesc |= uint32_t(info->dType << 4);
  return plan;
}

/// The block-scaled kinds (PTX ISA, "tcgen05.mma" block scaling, and
/// "Instruction descriptor format for .kind::mxf8f6f4, .kind::mxf4 and
/// .kind::mxf4nvf4"; CUTLASS's InstrDescriptorBlockScaled):
///   kind::mxf8f6f4  e4m3/e5m2/e2m1 (fp4 padded one a byte), K = 32, UE8M0
///                   factors per 32 elements: scale_vec::1X, one factor;
///   kind::mxf4      packed e2m1, K = 64, UE8M0 per 32: scale_vec::2X
///                   (.block32), two factors;
///   kind::mxf4nvf4  packed e2m1, K = 64, UE4M3 per 16: scale_vec::4X
///                   (.block16), four factors.
/// The descriptor has no D type (always F32); bits 7-9 / 10-12 are the A / B
/// formats (mxf8f6f4: E4M3 0, E5M2 1, E2M1 5; mxf4 and mxf4nvf4: E2M1 1),
/// bits 4-5 / 29-30 the B / A scale-factor IDs, bit 23 the factor type
/// (UE4M3 0, UE8M0 1), bit 31 (K = 96) stays 0.
///
/// A #tmem.scales buffer of R rows keeps factor k of row r in byte k % 4 of
/// column r / 32 + ceil(R / 32) * (k / 4), in every lane quarter at lane r % 32
/// (what tcgen05.cp.32x128b.warpx4 writes from a scale-factor atom, see
/// lowerScalesCopy): the MMA reads the factors of its rows from its lane
/// quarter, column by column. An instruction whose first factor is k0 reads
/// column group k0 / 4 with scale-factor ID k0 % 4, the byte of its first
/// factor; the others follow in the next bytes (IDs 0 or 2 for
/// scale_vec::2X, 0 for 4X).
FailureOr<MMAPlan> planScaledMMA(tmem::MMAScaledOp op, std::string &why) {
  BufferType d = op.getD().getType();
  SharedMemoryType bType = op.getB().getType();
  Type aElem = getOperandElementType(op.getA().getType());
  Type bElem = bType.getElementType();
  bool packed = op.isPackedF4();
  if (isa<Float4E2M1FNType>(aElem) && isa<BufferType>(op.getA().getType())) {
    why = "a block-scaled MMA with a 4-bit operand A in tensor memory";
    return failure();
  }
  auto code = [&](Type t) -> std::optional<uint64_t> {
    if (isa<Float8E4M3FNType>(t))
      return 0;
    if (isa<Float8E5M2Type>(t))
      return 1;
    if (isa<Float4E2M1FNType>(t))
      return packed ? 1 : 5;
    return std::nullopt;
  };
  std::optional<uint64_t> aCode = code(aElem), bCode = code(bElem);
  if (!aCode || !bCode || !d.getElementType().isF32()) {
    why = "block-scaled MMA with these element types";
    return failure();
  }
  int64_t vec = op.getScaleVectorSize();
  MMAKindInfo info{NVVM::Tcgen05MMAKind::F8F6F4, *aCode, *bCode, 1,
                   packed ? 64 : 32};
  FailureOr<MMAPlan> plan =
      planOperands(info, op.getA().getType(), bType, d, why);
  if (failed(plan))
    return failure();
  plan->factorsPerInstr = info.instrK / vec;
  if (packed) {
    plan->scaleKind = vec == 16 ? NVVM::MMABlockScaleKind::MXF4NVF4
                                : NVVM::MMABlockScaleKind::MXF4;
    plan->blockScale = vec == 16 ? NVVM::Tcgen05MMABlockScale::BLOCK16
                                 : NVVM::Tcgen05MMABlockScale::BLOCK32;
  }
  if (vec == 32)
    plan->idesc |= uint32_t(1) << 23; // UE8M0 factors.
  plan->aScaleGroupColumns =
      llvm::divideCeil(op.getAScale().getType().getM(), int64_t(32));
  plan->bScaleGroupColumns =
      llvm::divideCeil(op.getBScale().getType().getM(), int64_t(32));
  return plan;
}

/// The plans of the patterns, with what they cannot lower as a "not
/// supported yet" diagnostic through `emitError` when there is one.
FailureOr<MMAPlan> getMMAPlan(tmem::MMAOp op, EmitErrorFn emitError) {
  std::string why;
  FailureOr<MMAPlan> plan = planMMA(op, why);
  if (failed(plan))
    return reportUnsupported(emitError, why);
  return plan;
}

FailureOr<MMAPlan> getScaledMMAPlan(tmem::MMAScaledOp op,
                                    EmitErrorFn emitError) {
  std::string why;
  FailureOr<MMAPlan> plan = planScaledMMA(op, why);
  if (failed(plan))
    return reportUnsupported(emitError, why);
  return plan;
}

/// Issues one instruction per instruction K: the first accumulates when
/// `use_acc` says so, the others always do. `issueOne` emits instruction
/// `step` from its A operand, B descriptor and enable-input-D flag.
void emitMMASequence(
    ConversionPatternRewriter &rewriter, Location loc, const MMAPlan &plan,
    Value a, Value b, Value useAcc, Value pred,
    function_ref<void(int64_t step, Value a, Value b, Value enableInputD)>
        issueOne) {
  auto issue = [&] {
    Value aBase;
    if (plan.a)
      aBase = createTcgen05Descriptor(rewriter, loc, a, plan.a->matrix);
    Value bBase = createTcgen05Descriptor(rewriter, loc, b, plan.b.matrix);
    Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    for (auto [step, bOffset] : llvm::enumerate(plan.b.stepOffsets)) {
      Value aStep = plan.a ? advanceTcgen05Descriptor(rewriter, loc, aBase,
                                                      plan.a->stepOffsets[step])
                           : addColumns(rewriter, loc, a,
                                        int64_t(step) * plan.aStepColumns);
      Value bStep = advanceTcgen05Descriptor(rewriter, loc, bBase, bOffset);
      issueOne(step, aStep, bStep, step == 0 ? useAcc : always);
    }
  };
  if (pred)
    emitIf(rewriter, loc, pred, issue);
  else
    issue();
}

struct MMALowering : public ConvertOpToLLVMPattern<tmem::MMAOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::MMAOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<MMAPlan> plan = getMMAPlan(op, /*emitError=*/{});
    if (failed(plan))
      return failure();
    Location loc = op.getLoc();
    Value idesc = createI32Constant(rewriter, loc, int32_t(plan->idesc));
    emitMMASequence(
        rewriter, loc, *plan, adaptor.getA(), adaptor.getB(),
        adaptor.getUseAcc(), adaptor.getPred(),
        [&](int64_t step, Value a, Value b, Value enableInputD) {
          NVVM::Tcgen05MMAOp::create(
              rewriter, loc, plan->info.kind, NVVM::CTAGroupKind::CTA_1,
              NVVM::Tcgen05MMACollectorOp::DISCARD, /*aShift=*/false,
              adaptor.getD(), a, b, idesc, enableInputD, Value(), Value());
        });
    rewriter.eraseOp(op);
    return success();
  }
};

struct MMAScaledLowering : public ConvertOpToLLVMPattern<tmem::MMAScaledOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::MMAScaledOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<MMAPlan> plan = getScaledMMAPlan(op, /*emitError=*/{});
    if (failed(plan))
      return failure();
    Location loc = op.getLoc();
    emitMMASequence(
        rewriter, loc, *plan, adaptor.getA(), adaptor.getB(),
        adaptor.getUseAcc(), adaptor.getPred(),
        [&](int64_t step, Value a, Value b, Value enableInputD) {
          int64_t first = step * plan->factorsPerInstr;
          uint32_t id = uint32_t(first % 4);
          Value idesc = createI32Constant(
              rewriter, loc, int32_t(plan->idesc | (id << 4) | (id << 29)));
          int64_t group = first / 4;
          Value aScale = addColumns(rewriter, loc, adaptor.getAScale(),
                                    group * plan->aScaleGroupColumns);
          Value bScale = addColumns(rewriter, loc, adaptor.getBScale(),
                                    group * plan->bScaleGroupColumns);
          NVVM::Tcgen05MMABlockScaleOp::create(
              rewriter, loc, plan->scaleKind, NVVM::CTAGroupKind::CTA_1,
              plan->blockScale, NVVM::Tcgen05MMACollectorOp::DISCARD,
              adaptor.getD(), a, b, idesc, enableInputD, aScale, bScale);
        });
    rewriter.eraseOp(op);
    return success();
  }
};

struct CommitLowering : public ConvertOpToLLVMPattern<tmem::CommitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::CommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05CommitOp>(
        op, adaptor.getBarrier(), adaptor.getMulticastMask());
    return success();
  }
};

} // namespace

LogicalResult tilemlir::verifyDotTcgen05Lowering(Operation *op) {
  auto emitError = [op] { return op->emitOpError(); };
  if (auto mma = dyn_cast<tmem::MMAOp>(op))
    return failure(failed(getMMAPlan(mma, emitError)));
  auto scaled = dyn_cast<tmem::MMAScaledOp>(op);
  if (!scaled)
    return success();
  if (failed(getScaledMMAPlan(scaled, emitError)))
    return failure();
  // LLVM's NVPTX backend prints the block-scaled MMA in its .block32 form,
  // which ptxas accepts from PTX ISA 8.8 on.
  NVVM::NVVMTargetAttr target = getModuleTarget(op);
  std::optional<unsigned> ptx =
      target ? parsePtxVersion(target.getFeatures()) : std::nullopt;
  if (target && (!ptx || *ptx < 88))
    return op->emitOpError()
           << "needs PTX ISA 8.8 (tcgen05.mma.block_scale is printed in its "
              ".block32 form): give the module's #nvvm.target features = "
              "\"+ptx88\"";
  return success();
}

void tilemlir::populateDotTcgen05ToNVVMPatterns(LLVMTypeConverter &converter,
                                                RewritePatternSet &patterns) {
  patterns.add<MMALowering, MMAScaledLowering, CommitLowering>(converter);
}
