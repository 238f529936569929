//===- TensorMemoryToNVVM.cpp - tmem buffers, copies, loads and stores ----===//
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
// tcgen05.cp is issued by the thread that executes it; kernels put it under
// scf.if on tile.elect. Its shared-memory source is read through a tcgen05
// matrix descriptor (MatrixDescriptors.h).
//
// The plan functions (getBaseSlot, getSubsliceColumn, getCopyPlan,
// getRegisterAccessPlan) hold the rules of the lowering: the patterns call
// them silently, verifyTensorMemoryLowering with the diagnostic that names
// the rule.
//
//===----------------------------------------------------------------------===//

#include "Common.h"
#include "MatrixDescriptors.h"
#include "TensorMemory.h"
#include "TileMLIR/Target/TargetInfo.h"

#include "TMem/TMemDialect.h"
#include "TileMLIR/Analysis/TensorMemoryLayouts.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tilemlir;
using tile::NVMMASharedLayoutAttr;
using tile::SharedMemoryType;
using tmem::BufferType;
using tmem::TensorMemoryLayoutAttr;

Type tilemlir::getTensorPointerType(MLIRContext *context) {
  return LLVM::LLVMPointerType::get(context, kTensorAddressSpace);
}

Value tilemlir::addColumns(OpBuilder &b, Location loc, Value taddr,
                           Value columns) {
  Value raw = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), taddr);
  Value sum = I32Builder{b, loc}.add(raw, columns);
  return LLVM::IntToPtrOp::create(b, loc, taddr.getType(), sum);
}

Value tilemlir::addColumns(OpBuilder &b, Location loc, Value taddr,
                           int64_t columns) {
  if (columns == 0)
    return taddr;
  return addColumns(b, loc, taddr, createI32Constant(b, loc, columns));
}

NVVM::NVVMTargetAttr tilemlir::getModuleTarget(Operation *op) {
  NVVM::NVVMTargetAttr target;
  if (auto module = op->getParentOfType<gpu::GPUModuleOp>())
    if (ArrayAttr targets = module.getTargetsAttr())
      for (Attribute attr : targets)
        if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(attr))
          target = nvvm;
  return target;
}

namespace {

// Attributes set by tile-allocate-tensor-memory.
constexpr StringLiteral kColumnOffsetAttr =
    tmem::TMemDialect::kColumnOffsetAttrName;
constexpr StringLiteral kBaseSlotAttr = tmem::TMemDialect::kBaseSlotAttrName;
constexpr StringLiteral kReleaseColumnsAttr =
    tmem::TMemDialect::kReleaseColumnsAttrName;

Value createI64Constant(OpBuilder &b, Location loc, uint64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(int64_t(value)));
}

/// An index operand (i64 after conversion) as i32; constants stay constants.
Value indexToI32(OpBuilder &b, Location loc, Value index) {
  if (index.getType().isInteger(32))
    return index;
  if (std::optional<int64_t> c = I32Builder::constant(index))
    return createI32Constant(b, loc, *c);
  return LLVM::TruncOp::create(b, loc, b.getI32Type(), index);
}

/// Warp 0 of the CTA: tcgen05.alloc / dealloc / relinquish_alloc_permit are
/// warp-wide (.sync.aligned), and one warp must own the allocation.
Value isWarpZero(OpBuilder &b, Location loc) {
  Value warp = createWarpId(b, loc);
  return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, warp,
                              createI32Constant(b, loc, 0));
}

//===----------------------------------------------------------------------===//
// The limits of the lowering
//===----------------------------------------------------------------------===//

/// The base-address slot that precedes `alloc` in its block, which lowers
/// it (BaseSlotLowering), or failure when tile-allocate-tensor-memory has
/// not placed it.
FailureOr<tile::AllocSmemOp> getBaseSlot(tmem::AllocOp alloc,
                                         EmitErrorFn emitError) {
  auto fail = [&](StringRef message) {
    if (emitError)
      emitError() << message;
    return failure();
  };
  if (alloc.getInit())
    return fail("has an initial value: run tile-allocate-tensor-memory "
                "first (it becomes a tmem.store)");
  if (!alloc->hasAttr(kColumnOffsetAttr))
    return fail("has no tensor-memory column offset: run "
                "tile-allocate-tensor-memory first");
  for (Operation *op = alloc->getPrevNode(); op; op = op->getPrevNode())
    if (auto slot = dyn_cast<tile::AllocSmemOp>(op))
      if (slot->hasAttr(kBaseSlotAttr))
        return slot;
  return fail("has no tensor-memory base slot before it: run "
              "tile-allocate-tensor-memory first");
}

/// The column where a subslice starts, or failure when it cannot be
/// addressed.
FailureOr<int64_t> getSubsliceColumn(tmem::SubsliceOp op,
                                     EmitErrorFn emitError) {
  BufferType src = op.getSrc().getType();
  TensorMemoryLayoutAttr layout = src.getLayout();
  int64_t blocksM = src.getM() / layout.getBlockM();
  if (blocksM > 1) {
    if (layout.getBlockM() == 64)
      return reportUnsupported(emitError,
                               "a subslice of a blockM = 64 buffer with "
                               "several row blocks (they share lanes, not "
                               "columns)");
    int64_t blockBits = int64_t(layout.getBlockN()) *
                        src.getElementTypeBitWidth() * layout.getColStride();
    if (blockBits % 32 != 0)
      return reportUnsupported(emitError,
                               "a subslice of a buffer whose blocks are "
                               "narrower than a 32-bit column");
  }
  return getTensorMemoryLocation(src, 0, op.getColumn()).column;
}

/// A tmem.copy as tcgen05.cp instructions: each copies from the source
/// descriptor advanced `steps[i].first` bytes into column `steps[i].second`
/// of the destination.
struct CopyPlan {
  MatrixDescription source;
  NVVM::Tcgen05CpShape shape;
  NVVM::Tcgen05CpMulticast multicast;
  SmallVector<std::pair<int64_t, int64_t>> steps;
};

/// Scale factors: one tcgen05.cp.32x128b.warpx4 per 512-byte atom (128
/// rows x 4 factors). The atom is 32 rows of 16 bytes, the canonical
/// unswizzled K-major layout of four 8 x 16-byte core matrices: SBO = 128
/// bytes between them; a row is one core matrix wide, so LBO is unused (0).
/// Atom c = mb * (S / 4) + kb lands in the 4 columns of row block mb in
/// column group kb: 4 * mb + (R / 32) * kb (see planScaledMMA).
CopyPlan getScalesCopyPlan(BufferType dst) {
  CopyPlan plan{{},
                NVVM::Tcgen05CpShape::SHAPE_32x128b,
                NVVM::Tcgen05CpMulticast::WARPX4,
                {}};
  plan.source.leadingBytes = 0;
  plan.source.strideBytes = 128;
  int64_t groups = dst.getN() / 4;
  int64_t groupColumns = dst.getM() / 32;
  for (int64_t mb = 0; mb < dst.getM() / 128; ++mb)
    for (int64_t kb = 0; kb < groups; ++kb)
      plan.steps.push_back(
          {512 * (mb * groups + kb), 4 * mb + groupColumns * kb});
  return plan;
}

/// tcgen05.cp.128x256b per 128 rows x 8 columns (256 bits of 32-bit
/// elements): the source is the K-major canonical layout of its swizzle
/// (SBO = 8 rows, LBO unused), advanced 32 bytes inside a swizzle row per
/// group, the way Triton copies into a TensorMemoryLayout. The verifier
/// admits only swizzled, non-transposed sources of 32-bit elements (Gluon's
/// tcgen05_copy rules) and whole scale-factor atoms, 512 bytes apart, which
/// a descriptor always reaches.
FailureOr<CopyPlan> getCopyPlan(tmem::CopyOp op, EmitErrorFn emitError) {
  SharedMemoryType src = op.getSrc().getType();
  BufferType dst = op.getDst().getType();
  if (dst.isScales())
    return getScalesCopyPlan(dst);
  if (!dst.getEncoding())
    return reportUnsupported(emitError,
                             "tcgen05.cp into a tensor-memory buffer without "
                             "a layout (run tile-legalize-layouts, which "
                             "chooses one, or write it)");
  auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(src.getEncoding());
  if (!nvmma)
    return reportUnsupported(emitError,
                             "tcgen05.cp from a shared buffer without an "
                             "NVMMA layout (run tile-legalize-layouts, which "
                             "chooses one, or write it)");
  // A swizzled row spans whole swizzle periods (at least 32 bytes), so
  // this only guards the 8-column atoms.
  if (dst.getN() % 8 != 0)
    return reportUnsupported(emitError, "tcgen05.cp of rows that are not a "
                                        "multiple of 8 columns (256 bits)");
  CopyPlan plan{describeMatrixOperand(src, /*kDim=*/1),
                NVVM::Tcgen05CpShape::SHAPE_128x256b,
                NVVM::Tcgen05CpMulticast::NONE,
                {}};
  if (!fitsDescriptorField(plan.source.strideBytes) ||
      !fitsDescriptorField(src.getSizeInBytes()))
    return reportUnsupported(emitError, "tcgen05.cp source offsets beyond "
                                        "the descriptor's 14-bit fields");
  int64_t blocksM = dst.getM() / dst.getLayout().getBlockM();
  if (blocksM > 1 && dst.getLayout().getBlockN() % 8 != 0)
    return reportUnsupported(emitError, "tcgen05.cp into several row blocks "
                                        "narrower than 8 columns");
  for (int64_t mb = 0; mb < dst.getM() / 128; ++mb) {
    for (int64_t n = 0; n < dst.getN(); n += 8) {
      // Each copy starts at a swizzle-atom row and a 32-byte step of a
      // row, where the shared address is the unswizzled one.
      FailureOr<int64_t> offset =
          getMatrixByteOffset(src, {mb * 128, n}, emitError);
      if (failed(offset))
        return failure();
      plan.steps.push_back(
          {*offset, getTensorMemoryLocation(dst, mb * 128, n).column});
    }
  }
  return plan;
}

/// Why tmem.load / tmem.store of `tile` and `buffer` cannot be lowered, or
/// the plan (lib/Analysis/TensorMemoryLayouts.h).
FailureOr<TensorMemoryAccessPlan> getRegisterAccessPlan(RankedTensorType tile,
                                                        BufferType buffer,
                                                        EmitErrorFn emitError) {
  if (!isDistributedRegisterTile(tile))
    return reportUnsupported(
        emitError, "the register tile must be a distributed tile the "
                   "register-tile lowering handles (#tile.blocked, "
                   "#tile.slice or #tile.linear, 1-D or 2-D, power-of-two "
                   "shape)");
  TensorMemoryLayoutAttr layout = buffer.getLayout();
  if (!buffer.getEncoding())
    return reportUnsupported(
        emitError, "tcgen05.ld/st of a tensor-memory buffer without a layout "
                   "(run tile-legalize-layouts, which chooses one, or write "
                   "it)");
  if (!layout)
    return reportUnsupported(
        emitError, "tcgen05.ld/st of block-scale factors (#tmem.scales)");
  unsigned bits = buffer.getElementTypeBitWidth();
  if (bits < 8)
    return reportUnsupported(emitError, "tcgen05.ld/st of 4-bit elements");
  if (layout.getColStride() != 1 && bits < 32 && !isUnpacked16(buffer))
    return reportUnsupported(emitError,
                             "tcgen05.ld/st of unpacked (col_stride > 1) "
                             "8-bit elements");
  std::string why;
  FailureOr<TensorMemoryAccessPlan> plan =
      planTensorMemoryAccess(tile, buffer, why);
  if (failed(plan))
    return reportUnsupported(emitError, why);
  return plan;
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
        if (FailureOr<tile::AllocSmemOp> slot = getBaseSlot(alloc, {});
            succeeded(slot) && *slot == op)
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

/// The allocations behind a base slot are lowered with it (getBaseSlot);
/// reaching this pattern means tile-allocate-tensor-memory did not run.
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
    FailureOr<int64_t> column = getSubsliceColumn(op, /*emitError=*/{});
    if (failed(column))
      return failure();
    rewriter.replaceOp(
        op, addColumns(rewriter, op.getLoc(), adaptor.getSrc(), *column));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Copies and synchronization
//===----------------------------------------------------------------------===//

/// tcgen05.cp per step of the plan (getCopyPlan).
struct CopyLowering : public ConvertOpToLLVMPattern<tmem::CopyOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tmem::CopyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<CopyPlan> plan = getCopyPlan(op, /*emitError=*/{});
    if (failed(plan))
      return failure();
    Location loc = op.getLoc();
    Value base =
        createTcgen05Descriptor(rewriter, loc, adaptor.getSrc(), plan->source);
    for (auto [offset, column] : plan->steps) {
      Value desc = advanceTcgen05Descriptor(rewriter, loc, base, offset);
      Value taddr = addColumns(rewriter, loc, adaptor.getDst(), column);
      NVVM::Tcgen05CpOp::create(rewriter, loc, plan->shape,
                                NVVM::CTAGroupKind::CTA_1, plan->multicast,
                                NVVM::Tcgen05CpSrcFormatAttr(), taddr, desc);
    }
    rewriter.eraseOp(op);
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

/// The thread's tensor-memory address for a plan: the buffer plus its lane
/// quarter (warp bits 0-1) in the lane field; and the column offset of its
/// higher warp bits (i32, XORed into each instruction's column).
std::pair<Value, Value>
getThreadAccessBase(OpBuilder &b, Location loc, Value buffer,
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
  FailureOr<TensorMemoryAccessPlan> plan =
      getRegisterAccessPlan(tile, type, /*emitError=*/{});
  if (failed(plan))
    return failure();
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
      Value address =
          getAccessAddress(rewriter, loc, base, column, access.column);
      Value words = NVVM::Tcgen05LdOp::create(
          rewriter, loc, wordsType, plan.pack, getShape(plan), address,
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
      Value words =
          num == 1 ? Value()
                   : Value(LLVM::PoisonOp::create(rewriter, loc, wordsType));
      for (int64_t w = 0; w < num; ++w) {
        Value word = packWord(rewriter, loc, value,
                              access.firstRegister + w * plan.registersPerWord,
                              plan.registersPerWord);
        words = num == 1 ? word
                         : Value(LLVM::InsertElementOp::create(
                               rewriter, loc, words, word, ib.c(w)));
      }
      Value address =
          getAccessAddress(rewriter, loc, base, column, access.column);
      NVVM::Tcgen05StOp::create(rewriter, loc, /*unpack=*/plan.pack,
                                getShape(plan), address, words,
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

} // namespace

LogicalResult tilemlir::verifyTensorMemoryTarget(Operation *op) {
  if (!isa_and_nonnull<tmem::TMemDialect>(op->getDialect()))
    return success();
  NVVM::NVVMTargetAttr target = getModuleTarget(op);
  if (!target || chipHasTensorMemory(target.getChip()))
    return success();
  return op->emitOpError()
         << "needs tensor memory (tcgen05, sm_100a), but the module targets "
         << target.getChip();
}

LogicalResult tilemlir::verifyTensorMemoryLowering(Operation *op) {
  auto emitError = [op] { return op->emitOpError(); };
  if (auto slot = dyn_cast<tile::AllocSmemOp>(op))
    return failure(slot->hasAttr(kBaseSlotAttr) &&
                   failed(getAllocatedOffset(slot)));
  if (auto alloc = dyn_cast<tmem::AllocOp>(op))
    return failure(failed(getBaseSlot(alloc, emitError)));
  if (auto subslice = dyn_cast<tmem::SubsliceOp>(op))
    return failure(failed(getSubsliceColumn(subslice, emitError)));
  if (auto copy = dyn_cast<tmem::CopyOp>(op))
    return failure(failed(getCopyPlan(copy, emitError)));
  if (auto load = dyn_cast<tmem::LoadOp>(op))
    return failure(failed(getRegisterAccessPlan(
        cast<RankedTensorType>(load.getResult().getType()),
        load.getSrc().getType(), emitError)));
  if (auto store = dyn_cast<tmem::StoreOp>(op))
    return failure(failed(getRegisterAccessPlan(
        cast<RankedTensorType>(store.getValue().getType()),
        store.getDst().getType(), emitError)));
  return success();
}

void tilemlir::populateTensorMemoryToNVVMPatterns(LLVMTypeConverter &converter,
                                                  RewritePatternSet &patterns) {
  MLIRContext *context = &converter.getContext();
  converter.addConversion(
      [context](BufferType) -> Type { return getTensorPointerType(context); });
  patterns
      .add<BaseSlotLowering, AllocLowering, DeallocLowering, RelinquishLowering,
           IndexLowering, SubsliceLowering, CopyLowering, LoadLowering,
           StoreLowering, FenceLowering, WaitLowering>(converter);
}
