//===- TMAToNVVM.cpp - TMA and bulk copies to cp.async.bulk ---------------===//
//
// After tile-expand-synchronization every copy is issued by one thread
// (scope = thread). Tensor coordinates are written outermost first in the
// IR, like tensor indices; PTX wants them innermost first.
//
// TMA copies must start their box 16-byte aligned in global memory (PTX
// ISA, "Bounding Box": the box's address is 16-byte aligned): with a 16-byte
// aligned base and row strides, that is the innermost coordinate times the
// element size; and stores and reductions need every coordinate
// non-negative. A copy that breaks either faults
// (CUDA_ERROR_ILLEGAL_INSTRUCTION) wherever it is, inside the tensor or
// hanging over its edge. A constant that breaks them is a compile-time
// error. A coordinate the lowering cannot prove legal is checked where the
// copy is issued only in a debug mode (`device-checks`): the issuing
// thread prints the rule, the coordinate, the kernel and the op's location,
// and traps. Off by default: the checks' branches cost the persistent
// ping-pong GEMM 25% on the H200 (0.96 -> 0.72 of cuBLAS), their vprintf
// call made ptxas serialize every wgmma of the kernel (C7510), and without
// the message a trap says no more than the hardware's own fault.
// integration_test/TMA/generate_roundtrips.py has the GPU probe behind the
// rules (edge-cases.mlir, built with the checks); the attribute
// kUncheckedAttr turns the check off there, so the probe sees what the
// hardware does.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "TileMLIR/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/FunctionCallUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tilemlir;

namespace {

SmallVector<Value> innermostFirst(ValueRange coords) {
  return SmallVector<Value>(llvm::reverse(coords));
}

/// The .shared::cluster forms of the copies take a cluster address; this
/// CTA's shared window is part of the cluster's, so a cast suffices.
Value toClusterAddress(OpBuilder &b, Location loc, Value sharedPtr) {
  return LLVM::AddrSpaceCastOp::create(
      b, loc,
      LLVM::LLVMPointerType::get(
          b.getContext(), unsigned(NVVM::NVVMMemorySpace::SharedCluster)),
      sharedPtr);
}

/// One TMA instruction of a copy whose box is split (rows wider than the
/// swizzle span, DescriptorType::getCopyBoxShape): where its box starts in
/// the whole box (outermost first), and its byte offset in the buffer.
struct CopyPiece {
  SmallVector<int64_t> boxOffset;
  int64_t byteOffset;
};

/// The pieces of one copy of `desc`'s box to or from `buffer`, whose layout
/// places each piece (the op verifier made the shapes equal when the box is
/// split).
FailureOr<SmallVector<CopyPiece>> getCopyPieces(Operation *op,
                                                tma::DescriptorType desc,
                                                tile::SharedMemoryType buffer) {
  ArrayRef<int64_t> box = desc.getBoxShape();
  SmallVector<int64_t> piece = desc.getCopyBoxShape();
  SmallVector<CopyPiece> pieces;
  if (desc.getNumCopies() == 1) {
    pieces.push_back({SmallVector<int64_t>(box.size(), 0), 0});
    return pieces;
  }
  unsigned bits = getSharedStorageBits(buffer.getElementTypeBitWidth(),
                                       buffer.getEncoding());
  for (int64_t i = 0, e = desc.getNumCopies(); i < e; ++i) {
    // Row-major order over the grid of pieces, innermost fastest.
    SmallVector<int64_t> start(box.size());
    int64_t rest = i;
    for (int64_t d = int64_t(box.size()) - 1; d >= 0; --d) {
      int64_t count = box[d] / piece[d];
      start[d] = rest % count * piece[d];
      rest /= count;
    }
    FailureOr<int64_t> offset = getSharedElementOffset(
        buffer.getShape(), buffer.getElementTypeBitWidth(),
        buffer.getEncoding(), start, [&] { return op->emitOpError(); });
    if (failed(offset))
      return failure();
    pieces.push_back({start, *offset * bits / 8});
  }
  return pieces;
}

/// The coordinates (innermost first) and shared address of `piece`.
std::pair<SmallVector<Value>, Value> placePiece(OpBuilder &b, Location loc,
                                                const CopyPiece &piece,
                                                ValueRange coords,
                                                Value sharedPtr) {
  SmallVector<Value> placed;
  for (auto [coord, offset] : llvm::zip_equal(coords, piece.boxOffset))
    placed.push_back(
        offset == 0 ? coord
                    : LLVM::AddOp::create(b, loc, coord,
                                          createI32Constant(b, loc, offset)));
  Value ptr = sharedPtr;
  if (piece.byteOffset != 0)
    ptr = LLVM::GEPOp::create(
        b, loc, sharedPtr.getType(), b.getI8Type(), sharedPtr,
        ArrayRef<LLVM::GEPArg>{int32_t(piece.byteOffset)});
  return {innermostFirst(placed), ptr};
}

/// The copy's start is not checked (hardware probes only).
constexpr llvm::StringLiteral kUncheckedAttr = tma::kUncheckedAttrName;

/// Whether a copy of this kind must start its box 16-byte aligned. All of
/// them: the GPU probe (integration_test/TMA/edge-cases.mlir, run on the
/// H200) faults on every unaligned start, loads (20 of 20 cases) as well as
/// stores and reductions.
bool needsAlignedStart(Operation *op) {
  return isa<tma::AsyncLoadOp, tma::AsyncStoreOp, tma::AsyncReduceOp>(op);
}

/// A power-of-two divisor of every value `v` can take (1 when unknown),
/// from constants, products, sums, shifts and casts: enough for the usual
/// `block index * block size` coordinates.
uint64_t knownAlignment(Value v, unsigned depth = 0) {
  constexpr uint64_t kAny = uint64_t(1) << 32; // v == 0, or a multiple of 2^32.
  auto powerOfTwoPart = [&](int64_t c) -> uint64_t {
    if (c == 0)
      return kAny;
    uint64_t u = c < 0 ? uint64_t(0) - uint64_t(c) : uint64_t(c);
    return std::min<uint64_t>(u & (~u + 1), kAny);
  };
  llvm::APInt constant;
  if (matchPattern(v, m_ConstantInt(&constant)))
    return powerOfTwoPart(constant.getSExtValue());
  Operation *def = v.getDefiningOp();
  if (!def || depth > 8)
    return 1;
  auto operand = [&](unsigned i) {
    return knownAlignment(def->getOperand(i), depth + 1);
  };
  if (isa<arith::MulIOp>(def))
    return std::min(operand(0) * operand(1), kAny);
  if (isa<arith::AddIOp, arith::SubIOp>(def))
    return std::min(operand(0), operand(1));
  if (auto shl = dyn_cast<arith::ShLIOp>(def)) {
    if (matchPattern(shl.getRhs(), m_ConstantInt(&constant)) &&
        constant.getZExtValue() < 32)
      return std::min(operand(0) << constant.getZExtValue(), kAny);
    return operand(0);
  }
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp>(def))
    return operand(0);
  return 1;
}

/// `loc` as file:line:col (the innermost file location of a fused one).
std::string describeLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().str() + ":" + std::to_string(file.getLine()) +
            ":" + std::to_string(file.getColumn()));
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (isa<FileLineColLoc>(inner))
        return describeLocation(inner);
  if (auto named = dyn_cast<NameLoc>(loc))
    return describeLocation(named.getChildLoc());
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return describeLocation(callSite.getCallee());
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  return text;
}

std::string kernelName(Operation *op) {
  if (auto func = op->getParentOfType<gpu::GPUFuncOp>())
    return func.getName().str();
  if (auto func = op->getParentOfType<LLVM::LLVMFuncOp>())
    return func.getName().str();
  return "?";
}

/// The rule in words, for both diagnostics.
std::string alignmentRule(Operation *op, tma::DescriptorType desc,
                          int64_t units) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << op->getName().getStringRef()
     << " needs its box to start 16-byte aligned in global memory: the "
        "innermost coordinate must be a multiple of "
     << units << " (" << desc.getElementType() << " elements of "
     << desc.getElementBits() << " bits)";
  return text;
}

/// The innermost coordinate of a copy that must start aligned, and the
/// elements per 16 bytes of its descriptor; no value when the copy is not
/// checked (loads, interleaved layouts, probes).
std::optional<std::pair<Value, int64_t>> alignedStartOperand(Operation *op) {
  if (!needsAlignedStart(op) || op->hasAttr(kUncheckedAttr))
    return std::nullopt;
  tma::DescriptorType desc;
  ValueRange coords;
  if (auto store = dyn_cast<tma::AsyncStoreOp>(op)) {
    desc = store.getDesc().getType();
    coords = store.getCoords();
  } else if (auto reduce = dyn_cast<tma::AsyncReduceOp>(op)) {
    desc = reduce.getDesc().getType();
    coords = reduce.getCoords();
  } else if (auto load = dyn_cast<tma::AsyncLoadOp>(op)) {
    desc = load.getDesc().getType();
    coords = load.getCoords();
  } else {
    return std::nullopt;
  }
  unsigned bits = desc.getElementBits();
  if (desc.getInterleave() != tma::Interleave::None || coords.empty() ||
      bits == 0 || 128 % bits != 0)
    return std::nullopt;
  return std::make_pair(coords.back(), int64_t(128 / bits));
}

tma::DescriptorType descriptorOf(Operation *op) {
  return cast<tma::DescriptorType>(op->getOperand(isa<tma::AsyncLoadOp>(op)
                                                      ? 0
                                                      : 1)
                                       .getType());
}

/// vprintf(format, &{args...}) (i32 arguments), written out in the LLVM
/// dialect: a gpu.printf created during the conversion would have to be
/// lowered by patterns that convert-tma-to-nvvm does not have.
LogicalResult emitVPrintf(ConversionPatternRewriter &rewriter, Location loc,
                          Operation *anchor, StringRef format,
                          ArrayRef<Value> args) {
  auto module = anchor->getParentOfType<gpu::GPUModuleOp>();
  if (!module)
    return anchor->emitOpError("is not inside a gpu.module");
  MLIRContext *context = rewriter.getContext();
  Type i8 = rewriter.getI8Type(), i32 = rewriter.getI32Type();
  Type ptr = LLVM::LLVMPointerType::get(context);
  SymbolTable symbols(module);
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = "__tile_tma_check_" + std::to_string(i);
    if (!symbols.lookup(name))
      break;
  }
  std::string text = format.str();
  text.push_back('\0');
  auto arrayType = LLVM::LLVMArrayType::get(i8, text.size());
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(rewriter, loc, arrayType, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name,
                           rewriter.getStringAttr(text));
  }
  FailureOr<LLVM::LLVMFuncOp> vprintf =
      LLVM::lookupOrCreateFn(rewriter, module, "vprintf", {ptr, ptr}, i32);
  if (failed(vprintf))
    return failure();
  Value formatPtr = LLVM::AddressOfOp::create(rewriter, loc, ptr, name);
  if (args.empty()) {
    // No argument buffer, so no stack frame in the kernel.
    Value null = LLVM::ZeroOp::create(rewriter, loc, ptr);
    LLVM::CallOp::create(rewriter, loc, *vprintf, ValueRange{formatPtr, null});
    return success();
  }
  SmallVector<Type> fields(args.size(), i32);
  auto structType = LLVM::LLVMStructType::getLiteral(context, fields);
  Value one = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI64Type(),
                                       rewriter.getI64IntegerAttr(1));
  Value buffer = LLVM::AllocaOp::create(rewriter, loc, ptr, structType, one);
  for (auto [i, arg] : llvm::enumerate(args)) {
    Value field = LLVM::GEPOp::create(
        rewriter, loc, ptr, structType, buffer,
        ArrayRef<LLVM::GEPArg>{0, int32_t(i)});
    LLVM::StoreOp::create(rewriter, loc, arg, field);
  }
  LLVM::CallOp::create(rewriter, loc, *vprintf, ValueRange{formatPtr, buffer});
  return success();
}

/// The message of emitCopyTrap.
LogicalResult emitCopyReport(Operation *op, StringRef what,
                             ArrayRef<Value> values, StringRef rule,
                             ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  // Without values the report names no block either: it then needs no
  // argument buffer, and the kernel keeps a stack frame of 0 bytes.
  std::string format =
      "tile: " + op->getName().getStringRef().str() + " in kernel " +
      kernelName(op) + " at " + describeLocation(loc) + ": " + what.str() +
      "; " + rule.str() + (values.empty() ? "\n" : "; block (%u, %u, %u)\n");
  Type i32 = rewriter.getI32Type();
  SmallVector<Value> args(values);
  if (!values.empty())
    args.append({NVVM::BlockIdXOp::create(rewriter, loc, i32),
                 NVVM::BlockIdYOp::create(rewriter, loc, i32),
                 NVVM::BlockIdZOp::create(rewriter, loc, i32)});
  return emitVPrintf(rewriter, loc, op, format, args);
}

/// Where `bad` holds, the issuing thread prints `rule` with the kernel, the
/// op's location, `what` (a printf format over `values`, i32) and the block,
/// and traps. On return the rewriter inserts where the copy may run.
LogicalResult emitCopyTrap(Operation *op, Value bad, StringRef what,
                           ArrayRef<Value> values, StringRef rule,
                           ConversionPatternRewriter &rewriter) {
  Location loc = op->getLoc();
  // The pipelines lower SCF first, so the report is a block of its own;
  // convert-tma-to-nvvm alone may run inside single-block scf.if regions,
  // where it is an scf.if.
  Block *after = nullptr;
  if (op->getParentOp()->hasTrait<OpTrait::SingleBlock>()) {
    auto ifOp = scf::IfOp::create(rewriter, loc, bad, /*withElseRegion=*/false);
    rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  } else {
    Block *before = rewriter.getInsertionBlock();
    after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
    Block *report = rewriter.createBlock(after);
    rewriter.setInsertionPointToEnd(before);
    LLVM::CondBrOp::create(rewriter, loc, bad, report, after);
    rewriter.setInsertionPointToEnd(report);
  }
  if (failed(emitCopyReport(op, what, values, rule, rewriter)))
    return failure();
  LLVM::Trap::create(rewriter, loc);
  if (after) {
    LLVM::BrOp::create(rewriter, loc, after);
    rewriter.setInsertionPointToStart(after);
  } else {
    rewriter.setInsertionPoint(op);
  }
  return success();
}
/// A check around a copy that must start 16-byte aligned and whose innermost
/// coordinate the lowering cannot prove aligned: the issuing thread prints
/// the rule, the coordinate, the kernel and the op's location, and traps.
/// `lowered` is that coordinate after conversion (i32).
LogicalResult emitAlignedStartCheck(Operation *op, Value lowered,
                                    bool deviceChecks,
                                    ConversionPatternRewriter &rewriter) {
  auto operand = alignedStartOperand(op);
  if (!deviceChecks || !operand)
    return success();
  auto [inner, units] = *operand;
  llvm::APInt constant;
  // Constants were checked before the conversion (verifyTMALowering).
  if (matchPattern(inner, m_ConstantInt(&constant)) ||
      knownAlignment(inner) % uint64_t(units) == 0)
    return success();
  Location loc = op->getLoc();
  Value misaligned = LLVM::AndOp::create(
      rewriter, loc, lowered, createI32Constant(rewriter, loc, units - 1));
  Value bad =
      LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, misaligned,
                           createI32Constant(rewriter, loc, 0));
  return emitCopyTrap(op, bad, "innermost coordinate %d", {lowered},
                      alignmentRule(op, descriptorOf(op), units), rewriter);
}

/// The store-side rule the H200 probe measured: a TMA store or reduction
/// with any negative coordinate faults, even inside the tensor's padding.
constexpr llvm::StringLiteral kNonNegativeRule =
    "TMA stores and reductions need every coordinate to be at least 0 (the "
    "hardware faults with CUDA_ERROR_ILLEGAL_INSTRUCTION otherwise)";

/// Whether `v` is never negative: constants, block and thread indices, and
/// sums, products, quotients, remainders, shifts and casts of such values.
bool isKnownNonNegative(Value v, unsigned depth = 0) {
  llvm::APInt constant;
  if (matchPattern(v, m_ConstantInt(&constant)))
    return !constant.isNegative();
  Operation *def = v.getDefiningOp();
  if (!def || depth > 8)
    return false;
  if (isa<tile::ProgramIdOp, gpu::BlockIdOp, gpu::ThreadIdOp, NVVM::BlockIdXOp,
          NVVM::BlockIdYOp, NVVM::BlockIdZOp>(def))
    return true;
  auto operand = [&](unsigned i) {
    return isKnownNonNegative(def->getOperand(i), depth + 1);
  };
  if (isa<arith::AddIOp, arith::MulIOp, arith::DivUIOp, arith::DivSIOp,
          arith::RemUIOp, arith::RemSIOp, arith::MinUIOp, arith::MaxUIOp,
          arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp, arith::AndIOp>(def))
    return operand(0) && operand(1);
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp>(def))
    return operand(0);
  if (isa<arith::SelectOp>(def))
    return operand(1) && operand(2);
  return false;
}

/// The coordinates of a store or reduction (none for other copies, or the
/// probes' unchecked copies).
ValueRange storeSideCoordinates(Operation *op) {
  if (op->hasAttr(kUncheckedAttr))
    return {};
  if (auto store = dyn_cast<tma::AsyncStoreOp>(op))
    return store.getCoords();
  if (auto reduce = dyn_cast<tma::AsyncReduceOp>(op))
    return reduce.getCoords();
  return {};
}

/// A check that every coordinate of a store or reduction the lowering
/// cannot prove non-negative is, printing the rule and trapping otherwise.
/// `lowered` are the coordinates after conversion (i32), outermost first.
LogicalResult emitNonNegativeCheck(Operation *op, ValueRange lowered,
                                   bool deviceChecks,
                                   ConversionPatternRewriter &rewriter) {
  if (!deviceChecks)
    return success();
  ValueRange coords = storeSideCoordinates(op);
  Location loc = op->getLoc();
  Value bad;
  for (auto [original, value] : llvm::zip_equal(coords, lowered)) {
    if (isKnownNonNegative(original))
      continue;
    Value negative =
        LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::slt, value,
                             createI32Constant(rewriter, loc, 0));
    bad = bad ? LLVM::OrOp::create(rewriter, loc, bad, negative) : negative;
  }
  if (!bad)
    return success();
  // No values in the report: the check sits in kernels' epilogues, which
  // should keep a stack frame of 0 bytes.
  return emitCopyTrap(op, bad, "a coordinate is negative", {}, kNonNegativeRule,
                      rewriter);
}

template <typename Op>
LogicalResult requireSingleIssuer(Op op, ConversionPatternRewriter &rewriter) {
  if (op.getScope() != tile::Scope::Thread)
    return rewriter.notifyMatchFailure(
        op, "scoped copy: run tile-expand-synchronization first");
  return success();
}

/// The device-side checks of a copy's coordinates (debug mode only): an
/// aligned start for every copy, non-negative coordinates for stores and
/// reductions.
LogicalResult emitCoordinateChecks(Operation *op, ValueRange coords,
                                   bool deviceChecks,
                                   ConversionPatternRewriter &rewriter) {
  return success(
      succeeded(
          emitAlignedStartCheck(op, coords.back(), deviceChecks, rewriter)) &&
      succeeded(emitNonNegativeCheck(op, coords, deviceChecks, rewriter)));
}

/// Emits one TMA instruction per piece of `op`'s box (`emit` gets the
/// piece's coordinates, innermost first, and shared address), then erases
/// `op`.
LogicalResult
lowerCopyPieces(Operation *op, tma::DescriptorType desc,
                tile::SharedMemoryType buffer, ValueRange coords,
                Value sharedPtr, ConversionPatternRewriter &rewriter,
                function_ref<void(ValueRange coords, Value ptr)> emit) {
  auto pieces = getCopyPieces(op, desc, buffer);
  if (failed(pieces))
    return failure();
  for (const CopyPiece &piece : *pieces) {
    auto [placed, ptr] =
        placePiece(rewriter, op->getLoc(), piece, coords, sharedPtr);
    emit(placed, ptr);
  }
  rewriter.eraseOp(op);
  return success();
}

/// A multicast load of a box split among N CTAs (`multicast = N`): this CTA
/// issues only the pieces of its row group, the N-th of the box at its
/// position among the mask's CTAs (the mask's bits below its rank), to all
/// of them. The pieces of group g must lie g times one group's bytes after
/// group 0's (true of the row-blocked NVMMA layouts the verifier admits),
/// so that the position only moves the first coordinate and the address.
LogicalResult lowerMulticastPieces(
    tma::AsyncLoadOp op, tma::DescriptorType desc, Value mask,
    ValueRange coords, Value sharedPtr, ConversionPatternRewriter &rewriter,
    function_ref<void(ValueRange coords, Value ptr)> emit) {
  auto pieces = getCopyPieces(op, desc, op.getDst().getType());
  if (failed(pieces))
    return failure();
  int64_t groups = desc.getMulticast();
  int64_t perGroup = int64_t(pieces->size()) / groups;
  int64_t rows = desc.getCopyBoxShape().front();
  int64_t stride = (*pieces)[perGroup].byteOffset - (*pieces)[0].byteOffset;
  for (int64_t g = 0; g < groups; ++g)
    for (int64_t j = 0; j < perGroup; ++j)
      if ((*pieces)[g * perGroup + j].byteOffset !=
          (*pieces)[j].byteOffset + g * stride)
        return op.emitOpError()
               << "the pieces of a box split among " << groups
               << " CTAs do not lie at equal distances in the destination's "
                  "layout: not supported yet";
  Location loc = op.getLoc();
  I32Builder ib{rewriter, loc};
  // position = popc(mask & ((1 << rank) - 1)).
  Value rank = NVVM::ClusterId::create(rewriter, loc, rewriter.getI32Type());
  Value one = ib.c(1);
  Value bit = LLVM::ShlOp::create(rewriter, loc, one, rank);
  Value below = LLVM::SubOp::create(rewriter, loc, bit, one);
  Value wide = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), mask);
  Value position = LLVM::CtPopOp::create(
      rewriter, loc, LLVM::AndOp::create(rewriter, loc, wide, below));
  SmallVector<Value> shifted(coords);
  shifted.front() = ib.add(shifted.front(), ib.mul(position, rows));
  Value ptr = LLVM::GEPOp::create(rewriter, loc, sharedPtr.getType(),
                                  rewriter.getI8Type(), sharedPtr,
                                  ValueRange{ib.mul(position, stride)});
  for (int64_t j = 0; j < perGroup; ++j) {
    auto [placed, piecePtr] =
        placePiece(rewriter, loc, (*pieces)[j], shifted, ptr);
    emit(placed, piecePtr);
  }
  rewriter.eraseOp(op);
  return success();
}

/// A copy whose lowering checks its coordinates on the device in the
/// `deviceChecks` debug mode.
template <typename Op>
struct CheckedCopyLowering : public ConvertOpToLLVMPattern<Op> {
  CheckedCopyLowering(const LLVMTypeConverter &converter, bool deviceChecks)
      : ConvertOpToLLVMPattern<Op>(converter), deviceChecks(deviceChecks) {}

protected:
  bool deviceChecks;
};

struct AsyncLoadLowering : public CheckedCopyLowering<tma::AsyncLoadOp> {
  using CheckedCopyLowering::CheckedCopyLowering;

  LogicalResult
  matchAndRewrite(tma::AsyncLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(requireSingleIssuer(op, rewriter)))
      return failure();
    if (failed(emitCoordinateChecks(op, adaptor.getCoords(), deviceChecks,
                                    rewriter)))
      return failure();
    Location loc = op.getLoc();
    auto emit = [&](ValueRange coords, Value dst) {
      NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
          rewriter, loc, toClusterAddress(rewriter, loc, dst),
          adaptor.getDesc(), coords, adaptor.getBarrier(), ValueRange{},
          adaptor.getMulticastMask(), Value(), NVVM::TMALoadMode::TILE,
          /*isCTAOnly=*/false, NVVM::CTAGroupKindAttr(), Value());
    };
    tma::DescriptorType desc = op.getDesc().getType();
    if (adaptor.getMulticastMask() && desc.getMulticast() > 1)
      return lowerMulticastPieces(op, desc, adaptor.getMulticastMask(),
                                  adaptor.getCoords(), adaptor.getDst(),
                                  rewriter, emit);
    return lowerCopyPieces(op, desc, op.getDst().getType(),
                           adaptor.getCoords(), adaptor.getDst(), rewriter,
                           emit);
  }
};

struct AsyncStoreLowering : public CheckedCopyLowering<tma::AsyncStoreOp> {
  using CheckedCopyLowering::CheckedCopyLowering;

  LogicalResult
  matchAndRewrite(tma::AsyncStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(requireSingleIssuer(op, rewriter)))
      return failure();
    if (failed(emitCoordinateChecks(op, adaptor.getCoords(), deviceChecks,
                                    rewriter)))
      return failure();
    return lowerCopyPieces(
        op, op.getDesc().getType(), op.getSrc().getType(), adaptor.getCoords(),
        adaptor.getSrc(), rewriter, [&](ValueRange coords, Value src) {
          NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
              rewriter, op.getLoc(), adaptor.getDesc(), src, coords, Value(),
              NVVM::TMAStoreMode::TILE, Value());
        });
  }
};

struct AsyncReduceLowering : public CheckedCopyLowering<tma::AsyncReduceOp> {
  using CheckedCopyLowering::CheckedCopyLowering;

  LogicalResult
  matchAndRewrite(tma::AsyncReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(requireSingleIssuer(op, rewriter)))
      return failure();
    if (failed(emitCoordinateChecks(op, adaptor.getCoords(), deviceChecks,
                                    rewriter)))
      return failure();
    NVVM::TMAReduxKind kind;
    switch (op.getKind()) {
    case tma::ReduceKind::Add:
      kind = NVVM::TMAReduxKind::ADD;
      break;
    case tma::ReduceKind::Min:
      kind = NVVM::TMAReduxKind::MIN;
      break;
    case tma::ReduceKind::Max:
      kind = NVVM::TMAReduxKind::MAX;
      break;
    }
    return lowerCopyPieces(
        op, op.getDesc().getType(), op.getSrc().getType(), adaptor.getCoords(),
        adaptor.getSrc(), rewriter, [&](ValueRange coords, Value src) {
          NVVM::CpAsyncBulkTensorReduceOp::create(
              rewriter, op.getLoc(), adaptor.getDesc(), src, kind,
              NVVM::TMAStoreMode::TILE, coords, Value());
        });
  }
};

struct StoreCommitLowering
    : public ConvertOpToLLVMPattern<tma::StoreCommitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::StoreCommitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkCommitGroupOp>(op);
    return success();
  }
};

struct StoreWaitLowering : public ConvertOpToLLVMPattern<tma::StoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::StoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // `.read`: only wait until the sources have been read, so the shared
    // buffer may be reused before the global writes land.
    rewriter.replaceOpWithNewOp<NVVM::CpAsyncBulkWaitGroupOp>(
        op, rewriter.getI32IntegerAttr(op.getPending()),
        op.getReadOnly() ? rewriter.getUnitAttr() : UnitAttr());
    return success();
  }
};

struct PrefetchLowering
    : public ConvertOpToLLVMPattern<tma::PrefetchDescriptorOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::PrefetchDescriptorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::PrefetchOp>(
        op, NVVM::PrefetchCacheLevelAttr(), NVVM::CacheEvictionPriorityAttr(),
        adaptor.getDesc(), Value(), /*tensormap=*/true);
    return success();
  }
};

/// Bytes of a shared buffer moved by a 1-D bulk copy, as an i32.
Value bulkBytes(OpBuilder &b, Location loc, tile::SharedMemoryType type) {
  return createI32Constant(b, loc, type.getSizeInBytes());
}

/// Global address `ptr + offset` (offset in elements).
/// `ptr` advanced by `offset` elements of `elementType`. LLVM has no f8
/// types (and would step sub-byte integers by whole bytes): those advance
/// in bytes, sub-byte offsets rounding down to the byte that holds them.
Value elementAddress(OpBuilder &b, Location loc, Value ptr, Value offset,
                     Type elementType) {
  unsigned bits = elementType.getIntOrFloatBitWidth();
  if (LLVM::isCompatibleType(elementType) && bits % 8 == 0)
    return LLVM::GEPOp::create(b, loc, ptr.getType(), elementType, ptr,
                               ValueRange{offset});
  Type offsetType = offset.getType();
  auto constant = [&](int64_t v) {
    return LLVM::ConstantOp::create(b, loc, offsetType,
                                    b.getIntegerAttr(offsetType, v));
  };
  Value bytes = offset;
  if (bits % 8 == 0) {
    if (bits != 8)
      bytes = LLVM::MulOp::create(b, loc, offset, constant(bits / 8));
  } else {
    bytes = LLVM::LShrOp::create(
        b, loc, LLVM::MulOp::create(b, loc, offset, constant(bits)),
        constant(3));
  }
  return LLVM::GEPOp::create(b, loc, ptr.getType(), b.getI8Type(), ptr,
                             ValueRange{bytes});
}

struct BulkLoadLowering : public ConvertOpToLLVMPattern<tma::BulkLoadOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::BulkLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(requireSingleIssuer(op, rewriter)))
      return failure();
    Location loc = op.getLoc();
    auto dstType = cast<tile::SharedMemoryType>(op.getDst().getType());
    Value src = elementAddress(rewriter, loc, adaptor.getSrc(),
                               adaptor.getOffset(), dstType.getElementType());
    Value dst = toClusterAddress(rewriter, loc, adaptor.getDst());
    NVVM::CpAsyncBulkGlobalToSharedClusterOp::create(
        rewriter, loc, dst, src, adaptor.getBarrier(),
        bulkBytes(rewriter, loc, dstType), Value(), Value());
    rewriter.eraseOp(op);
    return success();
  }
};

struct BulkStoreLowering : public ConvertOpToLLVMPattern<tma::BulkStoreOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(tma::BulkStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(requireSingleIssuer(op, rewriter)))
      return failure();
    Location loc = op.getLoc();
    auto srcType = cast<tile::SharedMemoryType>(op.getSrc().getType());
    Value dst = elementAddress(rewriter, loc, adaptor.getDst(),
                               adaptor.getOffset(), srcType.getElementType());
    NVVM::CpAsyncBulkSharedCTAToGlobalOp::create(
        rewriter, loc, dst, adaptor.getSrc(), bulkBytes(rewriter, loc, srcType),
        Value(), Value());
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

/// A box copy's shared buffer without a layout, through a swizzling
/// descriptor: TMA swizzles it, so reading it row-major would be wrong.
static LogicalResult verifyBoxBufferLayout(Operation *op) {
  Value bufferValue;
  if (auto load = dyn_cast<tma::AsyncLoadOp>(op))
    bufferValue = load.getDst();
  else if (auto store = dyn_cast<tma::AsyncStoreOp>(op))
    bufferValue = store.getSrc();
  else if (auto reduce = dyn_cast<tma::AsyncReduceOp>(op))
    bufferValue = reduce.getSrc();
  else
    return success();
  tma::DescriptorType desc = descriptorOf(op);
  auto buffer = cast<tile::SharedMemoryType>(bufferValue.getType());
  if (buffer.getEncoding() || desc.getSwizzle() == 0)
    return success();
  return op->emitOpError()
         << "copies through a descriptor that swizzles " << desc.getSwizzle()
         << " bytes into a shared buffer without a layout: run "
            "tile-legalize-layouts (the default pipeline does) or give it "
            "#tile.nvmma_shared<swizzle = "
         << desc.getSwizzle() << ", element_bits = " << desc.getElementBits()
         << ">";
}

/// A store or reduction at a constant negative coordinate.
static LogicalResult verifyNonNegativeStore(Operation *op) {
  for (auto [d, coord] : llvm::enumerate(storeSideCoordinates(op))) {
    llvm::APInt constant;
    if (matchPattern(coord, m_ConstantInt(&constant)) && constant.isNegative())
      return op->emitOpError()
             << "coordinate " << d << " is " << constant.getSExtValue() << "; "
             << kNonNegativeRule;
  }
  return success();
}

/// A copy whose constant innermost coordinate starts its box unaligned.
static LogicalResult verifyAlignedStart(Operation *op) {
  auto operand = alignedStartOperand(op);
  if (!operand)
    return success();
  auto [inner, units] = *operand;
  llvm::APInt constant;
  if (!matchPattern(inner, m_ConstantInt(&constant)))
    return success();
  int64_t c = constant.getSExtValue();
  tma::DescriptorType desc = descriptorOf(op);
  int64_t offBits = ((c % units) + units) % units * desc.getElementBits();
  if (offBits == 0)
    return success();
  InFlightDiagnostic diag = op->emitOpError();
  diag << "innermost coordinate " << c << " starts the box " << offBits / 8;
  if (offBits % 8)
    diag << ".5";
  diag << " bytes past a 16-byte boundary; " << alignmentRule(op, desc, units)
       << " (it would fault with CUDA_ERROR_ILLEGAL_INSTRUCTION)";
  return diag;
}

LogicalResult tilemlir::verifyTMALowering(Operation *op) {
  return success(succeeded(verifyBoxBufferLayout(op)) &&
                 succeeded(verifyAlignedStart(op)) &&
                 succeeded(verifyNonNegativeStore(op)));
}

void tilemlir::populateTMAToNVVMPatterns(LLVMTypeConverter &converter,
                                         RewritePatternSet &patterns,
                                         bool deviceChecks) {
  patterns.add<AsyncLoadLowering, AsyncStoreLowering, AsyncReduceLowering>(
      converter, deviceChecks);
  patterns.add<StoreCommitLowering, StoreWaitLowering, PrefetchLowering,
               BulkLoadLowering, BulkStoreLowering>(converter);
  populateDeviceTensorMapPatterns(converter, patterns);
}
