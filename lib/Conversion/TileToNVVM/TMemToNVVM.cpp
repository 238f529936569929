//===- TMemToNVVM.cpp - tmem (tensor memory) to tcgen05 -------------------===//
//
// Tensor memory is 128 lanes x 512 columns of 32 bits per SM. An address
// (`!llvm.ptr<6>`, 32 bits) holds the lane in its high 16 bits and the
// column in its low 16 bits (PTX ISA, "Tensor Memory Addressing").
//
// Allocation (see tile-allocate-tensor-memory): a kernel makes a single
// tcgen05.alloc of `tmem.base_slot` columns, issued by warp 0 (the
// instruction is .sync.aligned: a whole warp runs it) into a 4-byte
// shared-memory slot, then relinquishes its allocation permit since it never
// allocates again. Every thread reads the base after a barrier framed by
// tcgen05.fence::before/after_thread_sync, and each tmem.alloc is the base
// plus its `tmem.column_offset` (lane 0). A second barrier lets the
// shared-memory allocator give the slot's bytes to later buffers. The
// kernel's releasing tmem.dealloc (`tmem.release_columns`) is warp 0's
// tcgen05.dealloc of the whole allocation.
//
// Shared-memory matrix descriptor (PTX ISA 8.6+, "tcgen05 Shared Memory
// Descriptor"; it differs from wgmma's in bits 46-48 and 61-63):
//   bits  0-13  start address >> 4        bits 32-45  stride byte offset >> 4
//   bits 16-29  leading byte offset >> 4  bits 46-48  fixed 0b001 (version)
//   bits 49-51  matrix base offset (0)    bit  52     LBO mode (0: relative)
//   bits 61-63  swizzle: 0 none, 2 128B, 4 64B, 6 32B
// The base offset stays 0: NVMMA buffers are aligned to their swizzle
// repeat (8 rows x swizzle bytes) by tile-allocate-shared-memory, and the
// per-instruction steps inside a swizzle row advance the start address the
// way CUTLASS's descriptor iterators do (the hardware swizzles on address
// bits). With NVMMA swizzle S, a row of the contiguous dimension takes S
// bytes, 8 rows form a swizzle atom, and chunks of S bytes along the
// contiguous dimension follow each other `rows * S` bytes apart (the layout
// TileToNVVM.cpp addresses). In the canonical layouts of the PTX ISA (and
// CUTLASS's make_umma_desc):
//   K-major  ((8,m),(T,2)):((S,SBO),(1,T)):  SBO = 8 * S, LBO unused (1);
//   MN-major ((T,S/16,m),(8,k)):((1,T,LBO),(S,SBO)):  LBO = K * S (the next
//            chunk along M or N), SBO = 8 * S.
//
// Instruction descriptor (PTX ISA, "Instruction descriptor format for
// .kind::tf32, .kind::f16, .kind::f8f6f4 and .kind::i8"):
//   bits 4-5 D type (F16 0, F32 1, S32 2), bits 7-9 / 10-12 A / B type
//   (f16 0, bf16 1, tf32 2; e4m3 0, e5m2 1; signed i8 1), bit 15 / 16
//   transpose A / B (MN-major), bits 17-22 N >> 3, bits 24-28 M >> 4.
//
// tcgen05.cp, tcgen05.mma and tcgen05.commit are issued by the thread that
// executes them; kernels put them under scf.if on tile.elect.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMem/TMemDialect.h"
#include "TileMLIR/Analysis/TensorMemoryLayouts.h"
#include "TileMLIR/Conversion/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilemlir;
using tile::NVMMASharedLayoutAttr;
using tile::SharedMemoryType;
using tmem::BufferType;
using tmem::TensorMemoryLayoutAttr;

namespace {

// Attributes set by tile-allocate-tensor-memory.
constexpr StringLiteral kColumnOffsetAttr = "tmem.column_offset";
constexpr StringLiteral kBaseSlotAttr = "tmem.base_slot";
constexpr StringLiteral kReleaseColumnsAttr = "tmem.release_columns";

constexpr unsigned kTensorAddressSpace = 6;

Type getTensorPointerType(MLIRContext *context) {
  return LLVM::LLVMPointerType::get(context, kTensorAddressSpace);
}

Value createI64Constant(OpBuilder &b, Location loc, uint64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(int64_t(value)));
}

/// `taddr + columns`: columns are the low 16 bits of the address.
Value addColumns(OpBuilder &b, Location loc, Value taddr, Value columns) {
  Value raw = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), taddr);
  Value sum = I32Builder{b, loc}.add(raw, columns);
  return LLVM::IntToPtrOp::create(b, loc, taddr.getType(), sum);
}

Value addColumns(OpBuilder &b, Location loc, Value taddr, int64_t columns) {
  if (columns == 0)
    return taddr;
  return addColumns(b, loc, taddr, createI32Constant(b, loc, columns));
}

/// An index operand (i64 after conversion) as i32; constants stay constants.
Value indexToI32(OpBuilder &b, Location loc, Value index) {
  if (index.getType().isInteger(32))
    return index;
  if (std::optional<int64_t> c = I32Builder::constant(index))
    return createI32Constant(b, loc, *c);
  return LLVM::TruncOp::create(b, loc, b.getI32Type(), index);
}

/// Emits `body` so that it runs only where `cond` holds. Inside a function
/// body (the full lowering runs after scf-to-cf) the block is split around
/// a conditional branch; inside a structured region (the tmem-only pass)
/// the code goes in an scf.if, which keeps that region single-block.
void emitIf(ConversionPatternRewriter &rewriter, Location loc, Value cond,
            function_ref<void()> body) {
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

/// Warp 0 of the CTA: tcgen05.alloc / dealloc / relinquish_alloc_permit are
/// warp-wide (.sync.aligned), and one warp must own the allocation.
Value isWarpZero(OpBuilder &b, Location loc) {
  Value warp = createWarpId(b, loc);
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, warp,
                              createI32Constant(b, loc, 0));
}

//===----------------------------------------------------------------------===//
// Layout arithmetic and the limits of the lowering
//===----------------------------------------------------------------------===//

/// Why a subslice cannot be addressed, or nothing.
std::optional<std::string> whySubsliceUnsupported(tmem::SubsliceOp op) {
  BufferType src = op.getSrc().getType();
  TensorMemoryLayoutAttr layout = src.getLayout();
  int64_t blocksM = src.getM() / layout.getBlockM();
  if (blocksM == 1)
    return std::nullopt;
  if (layout.getBlockM() == 64)
    return std::string("a subslice of a blockM = 64 buffer with several "
                       "row blocks (they share lanes, not columns)");
  int64_t blockBits = int64_t(layout.getBlockN()) *
                      src.getElementTypeBitWidth() * layout.getColStride();
  if (blockBits % 32 != 0)
    return std::string("a subslice of a buffer whose blocks are narrower "
                       "than a 32-bit column");
  return std::nullopt;
}

/// The descriptor's code for an NVMMA swizzle width in bytes.
std::optional<uint64_t> getSwizzleCode(unsigned swizzle) {
  switch (swizzle) {
  case 128:
    return 2;
  case 64:
    return 4;
  case 32:
    return 6;
  default:
    return std::nullopt;
  }
}

/// The descriptor bits other than the start address.
uint64_t getDescriptorBits(int64_t lboBytes, int64_t sboBytes,
                           uint64_t swizzleCode) {
  return (uint64_t(lboBytes >> 4) << 16) | (uint64_t(sboBytes >> 4) << 32) |
         (uint64_t(1) << 46) | (swizzleCode << 61);
}

/// The 14-bit fields hold byte offsets >> 4.
bool fitsDescriptorField(int64_t bytes) {
  return bytes >= 0 && bytes % 16 == 0 && (bytes >> 4) < (1 << 14);
}

/// Why a tcgen05.cp cannot copy `op`, or nothing. The copy moves 128 rows x
/// 256 bits (8 columns of 32-bit elements) per instruction from a K-major
/// swizzled source (Gluon's tcgen05_copy rules, checked by the verifier).
std::optional<std::string> whyCopyUnsupported(tmem::CopyOp op) {
  SharedMemoryType src = op.getSrc().getType();
  BufferType dst = op.getDst().getType();
  // The verifier admits only whole scale-factor atoms, 512 bytes apart: a
  // descriptor reaches any of them.
  if (dst.isScales())
    return std::nullopt;
  auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(src.getEncoding());
  if (!nvmma)
    return std::string("tcgen05.cp from a shared buffer without an NVMMA "
                       "layout (tile-legalize-layouts picks one)");
  // A swizzled row spans whole swizzle periods (at least 32 bytes), so
  // this only guards the 8-column atoms.
  if (dst.getN() % 8 != 0)
    return std::string("tcgen05.cp of rows that are not a multiple of 8 "
                       "columns (256 bits)");
  int64_t swizzle = nvmma.getSwizzle();
  if (!fitsDescriptorField(8 * swizzle) ||
      !fitsDescriptorField(src.getSizeInBytes()))
    return std::string("tcgen05.cp source offsets beyond the descriptor's "
                       "14-bit fields");
  int64_t blocksM = dst.getM() / dst.getLayout().getBlockM();
  if (blocksM > 1 && dst.getLayout().getBlockN() % 8 != 0)
    return std::string("tcgen05.cp into several row blocks narrower than "
                       "8 columns");
  return std::nullopt;
}

/// A shared MMA operand: the descriptor without its start address, and
/// where each instruction's slice of K starts.
struct SharedOperand {
  uint64_t bits;
  bool mnMajor;
  SmallVector<int64_t> stepOffsets;
};

/// Describes operand A (`isB` false, M x K) or B (K x N) for instructions
/// of `instrK`, or says why it cannot be described.
FailureOr<SharedOperand> describeSharedOperand(SharedMemoryType type, bool isB,
                                               int64_t instrK,
                                               std::string &why) {
  auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(type.getEncoding());
  if (!nvmma) {
    why = "a tcgen05.mma operand without an NVMMA layout "
          "(tile-legalize-layouts picks one)";
    return failure();
  }
  std::optional<uint64_t> code = getSwizzleCode(nvmma.getSwizzle());
  if (!code) {
    // An unswizzled NVMMA buffer is row-major here, not the canonical
    // interleaved layout of 8 x 16-byte core matrices.
    why = "a tcgen05.mma operand in an unswizzled shared layout (the "
          "descriptor needs 8 x 16-byte core matrices)";
    return failure();
  }
  int64_t swizzle = nvmma.getSwizzle();
  // Packed fp4 keeps two elements a byte; fp4_padded one.
  int64_t storageBits =
      nvmma.getFp4Padded() ? 8 : int64_t(type.getElementTypeBitWidth());
  ArrayRef<int64_t> shape = type.getShape();
  // A is M x K, B is K x N; NVMMA's contiguous dimension is the last one,
  // or the first when transposed.
  int64_t kDim = isB ? 0 : 1;
  int64_t contigDim = nvmma.getTransposed() ? 0 : 1;
  int64_t rows = shape[1 - contigDim];
  int64_t k = shape[kDim];
  SharedOperand operand;
  operand.mnMajor = contigDim != kDim;
  if (operand.mnMajor && storageBits < 8) {
    why = "an MN-major operand of packed 4-bit elements";
    return failure();
  }
  int64_t lbo = operand.mnMajor ? rows * swizzle : 16;
  int64_t sbo = 8 * swizzle;
  // Each instruction's slice of K starts at element k0 of the K dimension:
  // a swizzle-atom row (MN-major) or a step inside a row (K-major), where
  // the shared address is the unswizzled one.
  unsigned elementBits = type.getElementTypeBitWidth();
  unsigned offsetBits = getSharedStorageBits(elementBits, nvmma);
  for (int64_t k0 = 0; k0 < k; k0 += instrK) {
    SmallVector<int64_t, 2> coords(2, 0);
    coords[kDim] = k0;
    FailureOr<int64_t> element =
        getSharedElementOffset(shape, elementBits, nvmma, coords);
    if (failed(element)) {
      why = "a tcgen05.mma operand whose shared layout has no element "
            "offsets";
      return failure();
    }
    operand.stepOffsets.push_back(*element * offsetBits / 8);
  }
  if (!fitsDescriptorField(lbo) || !fitsDescriptorField(sbo) ||
      !fitsDescriptorField(type.getSizeInBytes())) {
    why = "a tcgen05.mma operand whose strides exceed the descriptor's "
          "14-bit fields";
    return failure();
  }
  operand.bits = getDescriptorBits(lbo, sbo, *code);
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
    transA = a->mnMajor;
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
  plan.idesc = uint32_t(
      (info.aType << 7) | (info.bType << 10) | (uint64_t(transA) << 15) |
      (uint64_t(b->mnMajor) << 16) | ((n >> 3) << 17) | ((m >> 4) << 24));
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

/// The base-address slot that precedes `alloc` in its block, or null.
tile::AllocSmemOp findBaseSlot(tmem::AllocOp alloc) {
  for (Operation *op = alloc->getPrevNode(); op; op = op->getPrevNode())
    if (auto slot = dyn_cast<tile::AllocSmemOp>(op))
      if (slot->hasAttr(kBaseSlotAttr))
        return slot;
  return {};
}

/// Shared-memory descriptor of the matrix at `base`: the start-address
/// field of its address, under the constant `bits`.
Value createSmemDescriptor(OpBuilder &b, Location loc, Value base,
                           uint64_t bits) {
  I32Builder ib{b, loc};
  Value address = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), base);
  Value start = ib.andI(ib.lshr(address, 4), 0x3FFF);
  Value wide = LLVM::ZExtOp::create(b, loc, b.getI64Type(), start);
  return LLVM::OrOp::create(b, loc, wide, createI64Constant(b, loc, bits));
}

/// The descriptor of the matrix `byteOffset` bytes further. Shared memory
/// ends below 2^18 bytes, so the 14-bit start-address field cannot carry
/// into the next field.
Value advanceSmemDescriptor(OpBuilder &b, Location loc, Value descriptor,
                            int64_t byteOffset) {
  if (byteOffset == 0)
    return descriptor;
  return LLVM::AddOp::create(b, loc, descriptor,
                             createI64Constant(b, loc, byteOffset >> 4));
}

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

/// The base-address slot becomes the kernel's allocation protocol, and every
/// tmem.alloc behind it the base plus its column offset. Handling the
/// allocations here lets them use the one base the protocol read, before
/// the second barrier frees the slot's bytes.
struct BaseSlotLowering : public ConvertOpToLLVMPattern<tile::AllocSmemOp> {
  explicit BaseSlotLowering(const LLVMTypeConverter &converter)
      : ConvertOpToLLVMPattern(converter, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(tile::AllocSmemOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto columns = op->getAttrOfType<IntegerAttr>(kBaseSlotAttr);
    if (!columns)
      return rewriter.notifyMatchFailure(op, "not a tensor-memory base slot");
    FailureOr<int64_t> offset = getAllocatedOffset(op);
    if (failed(offset))
      return failure();
    SmallVector<tmem::AllocOp> allocs;
    for (Operation *next = op->getNextNode(); next; next = next->getNextNode())
      if (auto alloc = dyn_cast<tmem::AllocOp>(next))
        if (!alloc.getInit() && alloc->hasAttr(kColumnOffsetAttr))
          allocs.push_back(alloc);

    Location loc = op.getLoc();
    Value slot = createByteOffset(
        rewriter, loc, getSharedMemoryBase(rewriter, loc, op), *offset);
    emitIf(rewriter, loc, isWarpZero(rewriter, loc), [&] {
      NVVM::Tcgen05AllocOp::create(
          rewriter, loc, slot,
          createI32Constant(rewriter, loc, columns.getInt()));
      // The kernel never allocates again: let other CTAs on the SM in.
      NVVM::Tcgen05RelinquishAllocPermitOp::create(rewriter, loc);
    });
    NVVM::Tcgen05FenceOp::create(rewriter, loc,
                                 NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC);
    NVVM::Barrier0Op::create(rewriter, loc);
    NVVM::Tcgen05FenceOp::create(rewriter, loc,
                                 NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    Value base =
        LLVM::LoadOp::create(rewriter, loc, rewriter.getI32Type(), slot);
    // The slot's lifetime ends at its last (only) read: later buffers may
    // reuse its bytes once every thread has read it.
    NVVM::Barrier0Op::create(rewriter, loc);
    Value baseAddress = LLVM::IntToPtrOp::create(
        rewriter, loc, getTensorPointerType(rewriter.getContext()), base);
    for (tmem::AllocOp alloc : allocs) {
      int64_t column =
          alloc->getAttrOfType<IntegerAttr>(kColumnOffsetAttr).getInt();
      rewriter.replaceOp(alloc, addColumns(rewriter, loc, baseAddress, column));
    }
    rewriter.replaceOp(op, slot);
    return success();
  }
};

/// The allocations behind a base slot are lowered with it; reaching this
/// pattern means tile-allocate-tensor-memory did not run.
struct AllocLowering : public ConvertOpToLLVMPattern<tmem::AllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::AllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return rewriter.notifyMatchFailure(
        op, "no tensor-memory base: run tile-allocate-tensor-memory first");
  }
};

struct DeallocLowering : public ConvertOpToLLVMPattern<tmem::DeallocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::DeallocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto columns = op->getAttrOfType<IntegerAttr>(kReleaseColumnsAttr);
    auto offset = op->getAttrOfType<IntegerAttr>(kColumnOffsetAttr);
    if (!columns || !offset) {
      // Columns go back to the kernel's allocation, which the release
      // frees; nothing to do at run time.
      rewriter.eraseOp(op);
      return success();
    }
    Location loc = op.getLoc();
    Value base =
        addColumns(rewriter, loc, adaptor.getBuffer(), -offset.getInt());
    emitIf(rewriter, loc, isWarpZero(rewriter, loc), [&] {
      NVVM::Tcgen05DeallocOp::create(
          rewriter, loc, base,
          createI32Constant(rewriter, loc, columns.getInt()));
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// The kernel relinquished its permit right after its single allocation;
/// a second tcgen05.relinquish_alloc_permit (a warp-wide instruction the
/// kernel may run on one thread) would add nothing.
struct RelinquishLowering : public ConvertOpToLLVMPattern<tmem::RelinquishOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::RelinquishOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

struct IndexLowering : public ConvertOpToLLVMPattern<tmem::IndexOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::IndexOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t stageColumns = op.getResult().getType().getNumColumns();
    Value index = indexToI32(rewriter, loc, adaptor.getIndex());
    Value columns = I32Builder{rewriter, loc}.mul(index, stageColumns);
    rewriter.replaceOp(op,
                       addColumns(rewriter, loc, adaptor.getSrc(), columns));
    return success();
  }
};

struct SubsliceLowering : public ConvertOpToLLVMPattern<tmem::SubsliceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::SubsliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (std::optional<std::string> why = whySubsliceUnsupported(op))
      return rewriter.notifyMatchFailure(op, *why);
    int64_t column =
        getTensorMemoryLocation(op.getSrc().getType(), 0, op.getColumn())
            .column;
    rewriter.replaceOp(
        op, addColumns(rewriter, op.getLoc(), adaptor.getSrc(), column));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Asynchronous tensor-core operations
//===----------------------------------------------------------------------===//

/// Scale factors: one tcgen05.cp.32x128b.warpx4 per 512-byte atom (128
/// rows x 4 factors). The atom is 32 rows of 16 bytes, the canonical
/// unswizzled K-major layout of four 8 x 16-byte core matrices: SBO = 128
/// bytes between them; a row is one core matrix wide, so LBO is unused (0).
/// Atom c = mb * (S / 4) + kb lands in the 4 columns of row block mb in
/// column group kb: 4 * mb + (R / 32) * kb (see planScaledMMA).
void lowerScalesCopy(ConversionPatternRewriter &rewriter, Location loc,
                     BufferType dst, Value src, Value taddr) {
  Value base = createSmemDescriptor(rewriter, loc, src,
                                    getDescriptorBits(0, 128, /*swizzle=*/0));
  int64_t groups = dst.getN() / 4;
  int64_t groupColumns = dst.getM() / 32;
  for (int64_t mb = 0; mb < dst.getM() / 128; ++mb) {
    for (int64_t kb = 0; kb < groups; ++kb) {
      Value desc =
          advanceSmemDescriptor(rewriter, loc, base, 512 * (mb * groups + kb));
      Value address =
          addColumns(rewriter, loc, taddr, 4 * mb + groupColumns * kb);
      NVVM::Tcgen05CpOp::create(
          rewriter, loc, NVVM::Tcgen05CpShape::SHAPE_32x128b,
          NVVM::CTAGroupKind::CTA_1, NVVM::Tcgen05CpMulticast::WARPX4,
          NVVM::Tcgen05CpSrcFormatAttr(), address, desc);
    }
  }
}

/// tcgen05.cp.128x256b per 128 rows x 8 columns: the source is the K-major
/// canonical layout of its swizzle (SBO = 8 rows, LBO unused), advanced 32
/// bytes inside a swizzle row per group, the way Triton copies into a
/// TensorMemoryLayout.
struct CopyLowering : public ConvertOpToLLVMPattern<tmem::CopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::CopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (std::optional<std::string> why = whyCopyUnsupported(op))
      return rewriter.notifyMatchFailure(op, *why);
    Location loc = op.getLoc();
    SharedMemoryType src = op.getSrc().getType();
    BufferType dst = op.getDst().getType();
    if (dst.isScales()) {
      lowerScalesCopy(rewriter, loc, dst, adaptor.getSrc(), adaptor.getDst());
      rewriter.eraseOp(op);
      return success();
    }
    auto nvmma = cast<NVMMASharedLayoutAttr>(src.getEncoding());
    int64_t swizzle = nvmma.getSwizzle();
    uint64_t bits =
        getDescriptorBits(16, 8 * swizzle, *getSwizzleCode(swizzle));
    int64_t rows = dst.getM();
    Value base = createSmemDescriptor(rewriter, loc, adaptor.getSrc(), bits);
    for (int64_t mb = 0; mb < rows / 128; ++mb) {
      for (int64_t n = 0; n < dst.getN(); n += 8) {
        // Each copy starts at a swizzle-atom row and a 32-byte step of a
        // row, where the shared address is the unswizzled one.
        FailureOr<int64_t> element = getSharedElementOffset(
            src.getShape(), 32, src.getEncoding(), {mb * 128, n},
            [&] { return op.emitOpError(); });
        if (failed(element))
          return failure();
        Value desc = advanceSmemDescriptor(rewriter, loc, base, *element * 4);
        Value taddr =
            addColumns(rewriter, loc, adaptor.getDst(),
                       getTensorMemoryLocation(dst, mb * 128, n).column);
        NVVM::Tcgen05CpOp::create(
            rewriter, loc, NVVM::Tcgen05CpShape::SHAPE_128x256b,
            NVVM::CTAGroupKind::CTA_1, NVVM::Tcgen05CpMulticast::NONE,
            NVVM::Tcgen05CpSrcFormatAttr(), taddr, desc);
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

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
      aBase = createSmemDescriptor(rewriter, loc, a, plan.a->bits);
    Value bBase = createSmemDescriptor(rewriter, loc, b, plan.b.bits);
    Value always = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    for (auto [step, bOffset] : llvm::enumerate(plan.b.stepOffsets)) {
      Value aStep = plan.a ? advanceSmemDescriptor(rewriter, loc, aBase,
                                                   plan.a->stepOffsets[step])
                           : addColumns(rewriter, loc, a,
                                        int64_t(step) * plan.aStepColumns);
      Value bStep = advanceSmemDescriptor(rewriter, loc, bBase, bOffset);
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
    std::string why;
    FailureOr<MMAPlan> plan = planMMA(op, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
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
    std::string why;
    FailureOr<MMAPlan> plan = planScaledMMA(op, why);
    if (failed(plan))
      return rewriter.notifyMatchFailure(op, why);
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

struct FenceLowering : public ConvertOpToLLVMPattern<tmem::FenceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::FenceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05FenceOp>(
        op, op.getKind() == tmem::FenceKind::Before
                ? NVVM::Tcgen05FenceKind::BEFORE_THREAD_SYNC
                : NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Registers <-> tensor memory (tcgen05.ld / tcgen05.st, shape 32x32b)
//===----------------------------------------------------------------------===//

/// Why tmem.load / tmem.store of `tile` and `buffer` cannot be lowered, or
/// the plan (lib/Analysis/TensorMemoryLayouts.h).
FailureOr<TensorMemoryAccessPlan> planRegisterAccess(RankedTensorType tile,
                                                     BufferType buffer,
                                                     std::string &why) {
  if (!isDistributedRegisterTile(tile)) {
    why = "the register tile must be a distributed tile the register-tile "
          "lowering handles (#tile.blocked, #tile.slice or #tile.linear, "
          "1-D or 2-D, power-of-two shape)";
    return failure();
  }
  TensorMemoryLayoutAttr layout = buffer.getLayout();
  if (!layout) {
    why = "tcgen05.ld/st of block-scale factors (#tmem.scales)";
    return failure();
  }
  unsigned bits = buffer.getElementTypeBitWidth();
  if (bits < 8 ||
      (layout.getColStride() != 1 && bits < 32 && !isUnpacked16(buffer))) {
    why = bits < 8 ? "tcgen05.ld/st of 4-bit elements"
                   : "tcgen05.ld/st of unpacked (col_stride > 1) 8-bit "
                     "elements";
    return failure();
  }
  return planTensorMemoryAccess(tile, buffer, why);
}

/// The thread's tensor-memory address for a plan: the buffer plus its lane
/// quarter (warp bits 0-1) in the lane field; and the column offset of its
/// higher warp bits (i32, XORed into each instruction's column).
std::pair<Value, Value> getThreadAccessBase(OpBuilder &b, Location loc,
                                            Value buffer,
                                            const TensorMemoryAccessPlan &plan) {
  I32Builder ib{b, loc};
  Value warp = createWarpId(b, loc);
  Value raw = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), buffer);
  Value quarter = ib.andI(warp, 3);
  Value laneField = ib.shl(ib.mul(quarter, 32), 16);
  Value column;
  for (auto [bit, offset] : llvm::enumerate(plan.warpColumns)) {
    if (offset == 0)
      continue;
    Value term = ib.mul(ib.andI(ib.lshr(warp, int64_t(bit)), 1), offset);
    column = column ? ib.xorI(column, term) : term;
  }
  return {ib.add(raw, laneField), column ? column : ib.c(0)};
}

NVVM::Tcgen05LdStShape getShape(const TensorMemoryAccessPlan &plan) {
  return plan.shape == TensorMemoryAccessPlan::Shape::k16x32bx2
             ? NVVM::Tcgen05LdStShape::SHAPE_16X32BX2
             : NVVM::Tcgen05LdStShape::SHAPE_32X32B;
}

/// The immediate column offset of the upper 16 lanes' access (16x32bx2).
Value getHalfOffset(OpBuilder &b, Location loc,
                    const TensorMemoryAccessPlan &plan) {
  if (plan.shape != TensorMemoryAccessPlan::Shape::k16x32bx2)
    return Value();
  return createI64Constant(b, loc, plan.halfColumn);
}

/// A plan with the executing thread's address and column offset.
struct ThreadAccess {
  TensorMemoryAccessPlan plan;
  Value base;
  Value column;
};

FailureOr<ThreadAccess>
prepareThreadAccess(Operation *op, RankedTensorType tile, BufferType type,
                    Value buffer, ConversionPatternRewriter &rewriter) {
  std::string why;
  FailureOr<TensorMemoryAccessPlan> plan =
      planRegisterAccess(tile, type, why);
  if (failed(plan))
    return rewriter.notifyMatchFailure(op, why);
  auto [base, column] =
      getThreadAccessBase(rewriter, op->getLoc(), buffer, *plan);
  return ThreadAccess{std::move(*plan), base, column};
}

/// The address of one instruction of the plan.
Value getAccessAddress(OpBuilder &b, Location loc, Value threadBase,
                       Value threadColumn, int32_t column) {
  I32Builder ib{b, loc};
  Value c = column == 0 ? threadColumn
                        : (I32Builder::constant(threadColumn) == 0
                               ? ib.c(column)
                               : ib.xorI(threadColumn, ib.c(column)));
  Value address = ib.add(threadBase, c);
  return LLVM::IntToPtrOp::create(b, loc, getTensorPointerType(b.getContext()),
                                  address);
}

/// A 32-bit word of `perWord` consecutive elements of `vector` from
/// `first` on, and the reverse.
Value packWord(OpBuilder &b, Location loc, Value vector, int64_t first,
               int64_t perWord) {
  I32Builder ib{b, loc};
  auto vectorType = cast<VectorType>(vector.getType());
  Type element = vectorType.getElementType();
  Type i32 = b.getI32Type();
  if (perWord == 1) {
    Value e = LLVM::ExtractElementOp::create(b, loc, vector, ib.c(first));
    return element == i32 ? e : Value(LLVM::BitcastOp::create(b, loc, i32, e));
  }
  auto wordType = VectorType::get({perWord}, element);
  Value word = LLVM::PoisonOp::create(b, loc, wordType);
  for (int64_t i = 0; i < perWord; ++i) {
    Value e = LLVM::ExtractElementOp::create(b, loc, vector, ib.c(first + i));
    word = LLVM::InsertElementOp::create(b, loc, word, e, ib.c(i));
  }
  return LLVM::BitcastOp::create(b, loc, i32, word);
}

Value unpackWord(OpBuilder &b, Location loc, Value result, Value word,
                 int64_t first, int64_t perWord) {
  I32Builder ib{b, loc};
  Type element = cast<VectorType>(result.getType()).getElementType();
  if (perWord == 1) {
    Value e = element == word.getType()
                  ? word
                  : Value(LLVM::BitcastOp::create(b, loc, element, word));
    return LLVM::InsertElementOp::create(b, loc, result, e, ib.c(first));
  }
  auto wordType = VectorType::get({perWord}, element);
  Value elements = LLVM::BitcastOp::create(b, loc, wordType, word);
  for (int64_t i = 0; i < perWord; ++i) {
    Value e = LLVM::ExtractElementOp::create(b, loc, elements, ib.c(i));
    result = LLVM::InsertElementOp::create(b, loc, result, e, ib.c(first + i));
  }
  return result;
}

/// tcgen05.ld per plan entry, then tcgen05.wait::ld so that the registers
/// can be used.
struct LoadLowering : public ConvertOpToLLVMPattern<tmem::LoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tile = cast<RankedTensorType>(op.getResult().getType());
    auto resultType =
        dyn_cast_or_null<VectorType>(getTypeConverter()->convertType(tile));
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "unconverted register tile");
    FailureOr<ThreadAccess> access = prepareThreadAccess(
        op, tile, op.getSrc().getType(), adaptor.getSrc(), rewriter);
    if (failed(access))
      return failure();
    auto &[plan, base, column] = *access;
    Location loc = op.getLoc();
    I32Builder ib{rewriter, loc};
    Type i32 = rewriter.getI32Type();
    int64_t num = plan.wordsPerAccess;
    Type wordsType = num == 1 ? i32 : Type(VectorType::get({num}, i32));
    Value result = LLVM::PoisonOp::create(rewriter, loc, resultType);
    for (const TensorMemoryAccessPlan::Access &access : plan.accesses) {
      Value words = NVVM::Tcgen05LdOp::create(
          rewriter, loc, wordsType, plan.pack, getShape(plan),
          getAccessAddress(rewriter, loc, base, column, access.column),
          getHalfOffset(rewriter, loc, plan));
      for (int64_t w = 0; w < num; ++w) {
        Value word = num == 1 ? words
                              : Value(LLVM::ExtractElementOp::create(
                                    rewriter, loc, words, ib.c(w)));
        result = unpackWord(rewriter, loc, result, word,
                            access.firstRegister + w * plan.registersPerWord,
                            plan.registersPerWord);
      }
    }
    NVVM::Tcgen05WaitOp::create(rewriter, loc, NVVM::Tcgen05WaitKind::LOAD);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// tcgen05.st per plan entry; the kernel waits with tmem.wait store before
/// tensor cores read what was stored.
struct StoreLowering : public ConvertOpToLLVMPattern<tmem::StoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tile = cast<RankedTensorType>(op.getValue().getType());
    Value value = adaptor.getValue();
    if (!isa<VectorType>(value.getType()))
      return rewriter.notifyMatchFailure(op, "unconverted register tile");
    FailureOr<ThreadAccess> access = prepareThreadAccess(
        op, tile, op.getDst().getType(), adaptor.getDst(), rewriter);
    if (failed(access))
      return failure();
    auto &[plan, base, column] = *access;
    Location loc = op.getLoc();
    I32Builder ib{rewriter, loc};
    int64_t num = plan.wordsPerAccess;
    auto wordsType = VectorType::get({num}, rewriter.getI32Type());
    for (const TensorMemoryAccessPlan::Access &access : plan.accesses) {
      Value words = num == 1 ? Value()
                             : Value(LLVM::PoisonOp::create(rewriter, loc,
                                                            wordsType));
      for (int64_t w = 0; w < num; ++w) {
        Value word =
            packWord(rewriter, loc, value,
                     access.firstRegister + w * plan.registersPerWord,
                     plan.registersPerWord);
        words = num == 1 ? word
                         : Value(LLVM::InsertElementOp::create(
                               rewriter, loc, words, word, ib.c(w)));
      }
      NVVM::Tcgen05StOp::create(
          rewriter, loc, /*unpack=*/plan.pack, getShape(plan),
          getAccessAddress(rewriter, loc, base, column, access.column), words,
          getHalfOffset(rewriter, loc, plan));
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct WaitLowering : public ConvertOpToLLVMPattern<tmem::WaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::WaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::Tcgen05WaitOp>(
        op, op.getKind() == tmem::WaitKind::Load
                ? NVVM::Tcgen05WaitKind::LOAD
                : NVVM::Tcgen05WaitKind::STORE);
    return success();
  }
};

/// Chips with tensor memory that the NVVM tcgen05 operations accept.
bool hasTensorMemory(StringRef chip) {
  return chip == "sm_100a" || chip == "sm_101a";
}

/// The PTX ISA version a target's features ask for ("+ptx88" is 88), or
/// nothing when they do not say.
std::optional<unsigned> getPtxVersion(NVVM::NVVMTargetAttr target) {
  SmallVector<StringRef> features;
  target.getFeatures().split(features, ',');
  for (StringRef feature : features) {
    feature = feature.trim();
    unsigned version;
    if (feature.consume_front("+ptx") && !feature.getAsInteger(10, version))
      return version;
  }
  return std::nullopt;
}

} // namespace

LogicalResult tilemlir::checkTensorMemoryLowering(Operation *root,
                                                  bool withRegisterTiles) {
  WalkResult result = root->walk([&](Operation *op) {
    if (!isa_and_nonnull<tmem::TMemDialect>(op->getDialect()))
      return WalkResult::advance();
    auto fail = [&](const Twine &message) {
      op->emitOpError() << message;
      return WalkResult::interrupt();
    };
    NVVM::NVVMTargetAttr target;
    if (auto module = op->getParentOfType<gpu::GPUModuleOp>())
      if (ArrayAttr targets = module.getTargetsAttr())
        for (Attribute attr : targets)
          if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(attr))
            target = nvvm;
    if (target && !hasTensorMemory(target.getChip()))
      return fail("needs tensor memory (tcgen05, sm_100a), but the module "
                  "targets " +
                  target.getChip());
    if (isa<tmem::LoadOp, tmem::StoreOp>(op)) {
      if (!withRegisterTiles)
        return fail("moves a register tile, which convert-tmem-to-nvvm "
                    "does not lower: use convert-tile-kernels-to-nvvm");
      auto load = dyn_cast<tmem::LoadOp>(op);
      auto store = dyn_cast<tmem::StoreOp>(op);
      auto tile = cast<RankedTensorType>(load ? load.getResult().getType()
                                              : store.getValue().getType());
      BufferType buffer =
          load ? load.getSrc().getType() : store.getDst().getType();
      std::string why;
      if (failed(planRegisterAccess(tile, buffer, why)))
        return fail("not supported yet: " + why);
    }
    if (auto mma = dyn_cast<tmem::MMAScaledOp>(op)) {
      std::string why;
      if (failed(planScaledMMA(mma, why)))
        return fail("not supported yet: " + why);
      // LLVM's NVPTX backend prints the block-scaled MMA in its .block32
      // form, which ptxas accepts from PTX ISA 8.8 on.
      std::optional<unsigned> ptx =
          target ? getPtxVersion(target) : std::nullopt;
      if (target && (!ptx || *ptx < 88))
        return fail("needs PTX ISA 8.8 (tcgen05.mma.block_scale is printed "
                    "in its .block32 form): give the module's #nvvm.target "
                    "features = \"+ptx88\"");
    }
    if (auto alloc = dyn_cast<tmem::AllocOp>(op)) {
      if (alloc.getInit())
        return fail("has an initial value: run tile-allocate-tensor-memory "
                    "first (it becomes a tmem.store)");
      if (!alloc->hasAttr(kColumnOffsetAttr))
        return fail("has no tensor-memory column offset: run "
                    "tile-allocate-tensor-memory first");
      tile::AllocSmemOp slot = findBaseSlot(alloc);
      if (!slot)
        return fail("has no tensor-memory base slot before it: run "
                    "tile-allocate-tensor-memory first");
      if (failed(getAllocatedOffset(slot)))
        return WalkResult::interrupt();
    }
    if (auto subslice = dyn_cast<tmem::SubsliceOp>(op))
      if (std::optional<std::string> why = whySubsliceUnsupported(subslice))
        return fail("not supported yet: " + *why);
    if (auto copy = dyn_cast<tmem::CopyOp>(op))
      if (std::optional<std::string> why = whyCopyUnsupported(copy))
        return fail("not supported yet: " + *why);
    if (auto mma = dyn_cast<tmem::MMAOp>(op)) {
      std::string why;
      if (failed(planMMA(mma, why)))
        return fail("not supported yet: " + why);
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

void tilemlir::populateTMemToNVVMPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns) {
  MLIRContext *context = &converter.getContext();
  converter.addConversion(
      [context](BufferType) -> Type { return getTensorPointerType(context); });
  patterns
      .add<BaseSlotLowering, AllocLowering, DeallocLowering, RelinquishLowering,
           IndexLowering, SubsliceLowering, CopyLowering, MMALowering,
           LoadLowering, StoreLowering,
           MMAScaledLowering, CommitLowering, FenceLowering, WaitLowering>(
          converter);
}
