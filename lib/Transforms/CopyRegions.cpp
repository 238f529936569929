//===- CopyRegions.cpp - What tile-lower-copies knows of a copy -----------===//
//
// See CopyRegions.h.
//
//===----------------------------------------------------------------------===//

#include "CopyRegions.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/Support/ScopedPrinter.h"

using namespace mlir;
using namespace mlir::tilemlir;

/// The largest power of two known to divide the integer `v`, from the ops
/// that compute it (constants, products, sums, casts); 1 when nothing is
/// known.
int64_t tilemlir::knownDivisor(Value v) {
  APInt constant;
  if (matchPattern(v, m_ConstantInt(&constant))) {
    int64_t c = constant.getSExtValue();
    return c == 0 ? kAnyDivisor : int64_t(1) << llvm::countr_zero(uint64_t(c));
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return 1;
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp>(def))
    return knownDivisor(def->getOperand(0));
  if (isa<arith::MulIOp>(def))
    return std::min(kAnyDivisor, knownDivisor(def->getOperand(0)) *
                                     knownDivisor(def->getOperand(1)));
  if (isa<arith::AddIOp, arith::SubIOp>(def))
    return std::min(knownDivisor(def->getOperand(0)),
                    knownDivisor(def->getOperand(1)));
  return 1;
}

/// The memref kernel argument `global` is, if it is one, through a
/// partition's captures.
std::optional<unsigned> tilemlir::kernelArgumentIndex(Value global,
                                            gpu::GPUFuncOp kernel) {
  auto arg = dyn_cast<BlockArgument>(global);
  if (!arg || !isa<MemRefType>(arg.getType()))
    return std::nullopt;
  if (auto ws = dyn_cast<tile::WarpSpecializeOp>(arg.getOwner()->getParentOp()))
    return kernelArgumentIndex(ws.getExplicitCaptures()[arg.getArgNumber()], kernel);
  if (arg.getOwner() != &kernel.getBody().front() ||
      arg.getArgNumber() >= kernel.getNumArguments())
    return std::nullopt;
  return arg.getArgNumber();
}

std::optional<unsigned> tilemlir::kernelArgumentIndex(tile::CopyOp op,
                                            gpu::GPUFuncOp kernel) {
  return kernelArgumentIndex(op.getGlobal(), kernel);
}

/// A TMA box row is at most the swizzle span (32, 64 or 128 bytes) wide:
/// the number of elements of the innermost dimension one box covers.
int64_t tilemlir::boxRowElements(tile::SharedMemoryType smem, unsigned swizzle) {
  int64_t inner = smem.getShape().back();
  if (swizzle == 0)
    return inner;
  int64_t bits = smem.getElementTypeBitWidth();
  auto nvmma = dyn_cast_or_null<tile::NVMMASharedLayoutAttr>(smem.getEncoding());
  if (nvmma && nvmma.getFp4Padded())
    bits = 8;
  return std::min<int64_t>(inner, int64_t(swizzle) * 8 / bits);
}

/// Whether the kernel can write the tensor map of `memref` (bound inside
/// it) for `type`: the map's static rules hold, and its dynamic offset and
/// strides, which nothing checks on the device, are taken on trust only
/// when the copy asks for TMA.
static LogicalResult checkWrittenMapSource(tile::CopyOp op, MemRefType memref,
                                           tma::DescriptorType type,
                                           std::string &why) {
  std::string rule;
  LogicalResult valid = success();
  {
    ScopedDiagnosticHandler capture(op.getContext(), [&](Diagnostic &diag) {
      rule = diag.str();
      return success();
    });
    valid = tma::verifyTensorMapSource(op, memref, type);
  }
  if (failed(valid)) {
    why = "the tensor map the kernel would write for this memref breaks a "
          "rule: " +
          rule;
    return failure();
  }
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(memref.getStridesAndOffset(strides, offset)))
    return failure();
  bool dynamic = ShapedType::isDynamic(offset) ||
                 llvm::any_of(ArrayRef<int64_t>(strides).drop_back(),
                              ShapedType::isDynamic);
  if (dynamic && op.getPrefer() != tile::CopyInstruction::TMA) {
    why = "the tensor map the kernel would write for this memref has an "
          "offset or strides known only on the device, where nothing checks "
          "that they are 16-byte aligned before a copy uses it (`prefer tma` "
          "takes them on trust: a misaligned one faults)";
    return failure();
  }
  return success();
}

/// Whether the copy's global side can have a tensor map: a memref that is
/// a kernel argument or bound outside every loop; the reason if not.
static LogicalResult checkDescriptorSource(tile::CopyOp op,
                                           gpu::GPUFuncOp kernel,
                                           std::string &why) {
  if (!isa<MemRefType>(op.getGlobal().getType())) {
    why = "a TMA tensor copy needs a descriptor, and a descriptor the "
          "tensor's sizes and strides: a !tile.ptr has none (copy from a "
          "memref, or a view of one, whose tensor map is built on the host "
          "or written by the kernel)";
    return failure();
  }
  if (kernelArgumentIndex(op, kernel))
    return success();
  // The kernel writes the map where the memref is bound: once, not in a
  // loop (a partition's start included, when its tile.warp_specialize is
  // in one), where copies through the previous map may still be in flight.
  Region *bound = op.getGlobal().getParentRegion();
  for (Operation *parent = bound->getParentOp(); parent && parent != kernel;
       parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface>(parent)) {
      why = "a TMA tensor copy of a memref bound inside the kernel needs "
            "a tensor map the kernel writes where the memref is bound, "
            "which is inside a loop here (not supported yet: a map "
            "rewritten while copies through it may be in flight); bind "
            "the memref outside the loop";
      return failure();
    }
  return success();
}

/// The swizzle and FP4 mode of the region's buffer as TMA sees them, or
/// the reason TMA cannot write or read it.
static LogicalResult getBufferMode(const CopyRegion &region, unsigned &swizzle,
                                   tma::FP4Mode &fp4, std::string &why) {
  tile::SharedMemoryType smem = region.smem;
  auto memref = cast<MemRefType>(region.op.getGlobal().getType());
  if (smem.getRank() != memref.getRank()) {
    why = "a TMA tensor copy needs a buffer of the memref's rank (" +
          std::to_string(memref.getRank()) + "), not " +
          std::to_string(smem.getRank()) + " (not supported yet)";
    return failure();
  }
  swizzle = 0;
  // FP4 moves packed (two elements a byte in shared memory) or, into an
  // fp4_padded buffer, unpacked (one a byte); TMA only unpacks on loads.
  fp4 = isa<Float4E2M1FNType>(smem.getElementType()) ? tma::FP4Mode::Packed
                                                     : tma::FP4Mode::None;
  auto nvmma =
      dyn_cast_or_null<tile::NVMMASharedLayoutAttr>(smem.getEncoding());
  if (!nvmma && smem.getEncoding()) {
    why = "TMA writes NVMMA or plain layouts, not " +
          llvm::to_string(smem.getEncoding());
    return failure();
  }
  if (!nvmma)
    return success();
  if (nvmma.getTransposed()) {
    why = "a TMA tensor copy into a transposed NVMMA buffer is not "
          "supported yet";
    return failure();
  }
  if (nvmma.getFp4Padded()) {
    fp4 = tma::FP4Mode::Unpacked;
    if (!region.op.isLoad()) {
      why = "TMA unpacks FP4 on loads only: a store from an fp4_padded "
            "(unpacked) buffer cannot use a descriptor";
      return failure();
    }
  }
  swizzle = nvmma.getSwizzle();
  return success();
}

/// The box of a TMA copy of `smem`: its shape, the innermost dimension cut
/// to the swizzle span; the reason if the buffer's rows are not whole
/// column windows of that box, each a buffer of the layout itself.
static FailureOr<SmallVector<int64_t>>
getBoxShape(tile::SharedMemoryType smem, unsigned swizzle, std::string &why) {
  SmallVector<int64_t> boxShape(smem.getShape());
  boxShape.back() = boxRowElements(smem, swizzle);
  if (smem.getShape().back() % boxShape.back() != 0) {
    why = "the buffer's rows (" + std::to_string(smem.getShape().back()) +
          " elements) are not a whole number of " +
          std::to_string(boxShape.back()) + "-element boxes (swizzle " +
          std::to_string(swizzle) + ")";
    return failure();
  }
  // Wider rows move as column windows [rows x span] (issueTMA), each of
  // which must be a buffer of the layout itself: the NVMMA layout keeps a
  // rank-2 buffer's column blocks one after another, whole swizzle atoms
  // apart only when the rows are a multiple of the atom's 8.
  int64_t rank = smem.getRank();
  if (boxShape.back() != smem.getShape().back() &&
      (rank != 2 || smem.getShape()[0] % 8 != 0)) {
    why = "the buffer's rows are wider than the swizzle span (" +
          std::to_string(swizzle) +
          " bytes), so a TMA copy would move them "
          "in column windows of " +
          std::to_string(boxShape.back()) +
          " elements, and such a window "
          "is a buffer of the layout only in a rank-2 buffer with a "
          "multiple of 8 rows (whole swizzle atoms), not " +
          llvm::to_string(smem.getShape().front()) +
          (rank == 1 ? "" : " rows") + " of rank " + std::to_string(rank) +
          " (not supported yet)";
    return failure();
  }
  return boxShape;
}

/// The descriptor type a TMA copy of the region needs, or the reason there
/// is none (in `why`). The box is the buffer's shape, its innermost
/// dimension cut to the swizzle span: the copy then moves as several boxes
/// side by side.
tma::DescriptorType tilemlir::descriptorFor(const CopyRegion &region,
                                            gpu::GPUFuncOp kernel,
                                            std::string &why) {
  tile::CopyOp op = region.op;
  unsigned swizzle;
  tma::FP4Mode fp4;
  if (failed(checkDescriptorSource(op, kernel, why)) ||
      failed(getBufferMode(region, swizzle, fp4, why)))
    return {};
  if (!region.strides.back() || *region.strides.back() != 1) {
    why = "a TMA tensor copy needs the memref's innermost stride to be 1 "
          "statically";
    return {};
  }
  FailureOr<SmallVector<int64_t>> boxShape =
      getBoxShape(region.smem, swizzle, why);
  if (failed(boxShape))
    return {};
  auto box = RankedTensorType::get(*boxShape, region.smem.getElementType());
  // The verifier's diagnostic becomes the reason: the copy may still fall
  // back to another instruction.
  std::string rule;
  tma::DescriptorType type;
  {
    ScopedDiagnosticHandler capture(op.getContext(), [&](Diagnostic &diag) {
      rule = diag.str();
      return success();
    });
    type = tma::DescriptorType::getChecked(
        [&]() { return mlir::emitError(op.getLoc()); }, op.getContext(), box,
        swizzle, tma::Interleave::None, tma::L2Promotion::None,
        tma::OOBFill::Zero, fp4, 1u);
  }
  if (!type) {
    why = "the box " + llvm::to_string(box) + " with swizzle " +
          std::to_string(swizzle) + " breaks a tensor-map rule: " + rule;
    return {};
  }
  auto memref = cast<MemRefType>(op.getGlobal().getType());
  if (!kernelArgumentIndex(op, kernel) &&
      failed(checkWrittenMapSource(op, memref, type, why)))
    return {};
  return type;
}

/// The bytes a TMA load of the region adds to its barrier: the boxes' (FP4
/// counts 4 bits an element even when unpacked), or the buffer's for a
/// 1-D bulk copy.
int64_t tilemlir::transactionBytes(const CopyRegion &region, CopyKind kind,
                         tma::DescriptorType desc) {
  if (kind != CopyKind::Descriptor)
    return region.smem.getSizeInBytes();
  int64_t boxes = region.smem.getShape().back() / desc.getBoxShape().back();
  return boxes * desc.getBoxBytes();
}
