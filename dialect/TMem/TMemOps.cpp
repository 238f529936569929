//===- TMemOps.cpp - Operations of the tmem dialect -----------------------===//

#include "TMem/TMemDialect.h"

#include "Common/DeviceCode.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tmem;
using tile::NVMMASharedLayoutAttr;
using tile::SharedMemoryType;

#define GET_OP_CLASSES
#include "TMem/TMemOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// A shape as `128x64`, for diagnostics.
static std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string str;
  llvm::raw_string_ostream os(str);
  llvm::interleave(shape, os, "x");
  return str;
}

/// A register tile's encoding, when present, must be a distributed layout of
/// the tile's rank.
static LogicalResult verifyTileLayout(Operation *op, RankedTensorType type,
                                      StringRef what) {
  Attribute encoding = type.getEncoding();
  if (!encoding)
    return success();
  auto layout = dyn_cast<tile::DistributedLayoutAttr>(encoding);
  if (!layout)
    return op->emitOpError() << what << " encoding " << encoding
                             << " is not a distributed layout";
  if (layout.getRank() != type.getRank())
    return op->emitOpError() << what << " layout has rank " << layout.getRank()
                             << " but the tile has rank " << type.getRank();
  return success();
}

/// tcgen05.ld / st move one 2-D tile of the buffer's shape and elements.
static LogicalResult verifyRegisterAccess(Operation *op, RankedTensorType tile,
                                          BufferType buffer, StringRef inst) {
  if (buffer.getRank() != 2)
    return op->emitOpError()
           << inst << " accesses a 2-D buffer: select a stage of "
           << shapeStr(buffer.getShape()) << " with tmem.index first";
  if (tile.getShape() != buffer.getShape())
    return op->emitOpError()
           << "register tile shape " << shapeStr(tile.getShape())
           << " differs from tensor-memory buffer shape "
           << shapeStr(buffer.getShape());
  if (tile.getElementType() != buffer.getElementType())
    return op->emitOpError()
           << "register tile elements (" << tile.getElementType()
           << ") differ from tensor-memory buffer elements ("
           << buffer.getElementType() << ")";
  return verifyTileLayout(op, tile, "register tile");
}

static bool isF8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(type);
}

static bool isF4(Type type) { return isa<Float4E2M1FNType>(type); }

/// Shape and element type of an MMA operand in shared or tensor memory.
static std::pair<ArrayRef<int64_t>, Type> getOperandShape(Type type) {
  if (auto smem = dyn_cast<SharedMemoryType>(type))
    return {smem.getShape(), smem.getElementType()};
  auto buffer = cast<BufferType>(type);
  return {buffer.getShape(), buffer.getElementType()};
}

/// The tensor cores read shared operands only in NVMMA layouts. A buffer
/// without a layout is left for tile-legalize-layouts to choose one.
static FailureOr<NVMMASharedLayoutAttr>
getSharedOperandLayout(Operation *op, SharedMemoryType type, StringRef name) {
  Attribute encoding = type.getEncoding();
  if (!encoding)
    return NVMMASharedLayoutAttr();
  auto nvmma = dyn_cast<NVMMASharedLayoutAttr>(encoding);
  if (!nvmma)
    return op->emitOpError()
           << "operand " << name
           << " must have an NVMMA shared layout (#tile.nvmma_shared): "
              "tcgen05.mma reads only NVMMA layouts, got "
           << encoding;
  return nvmma;
}

namespace {
/// M, N, K and the element types of an MMA.
struct MMAShape {
  int64_t m, n, k;
  Type aElem, bElem, dElem;
};
} // namespace

/// Checks ranks and shapes, which tcgen05.mma and its block-scaled form
/// share, and rejects the 2-CTA M = 256.
static FailureOr<MMAShape> verifyMMAOperands(Operation *op, Type aType,
                                             SharedMemoryType b, BufferType d,
                                             StringRef inst) {
  if (d.isScales())
    return op->emitOpError() << "accumulator D must have a #tmem.layout, "
                                "not #tmem.scales";
  if (d.getRank() != 2)
    return op->emitOpError()
           << "accumulator D must be a 2-D buffer: select a stage of "
           << shapeStr(d.getShape()) << " with tmem.index first";
  auto [aShape, aElem] = getOperandShape(aType);
  if (aShape.size() != 2)
    return op->emitOpError() << "operand A must be 2-D: select a stage of "
                             << shapeStr(aShape) << " first";
  if (b.getRank() != 2)
    return op->emitOpError() << "operand B must be 2-D: select a stage of "
                             << shapeStr(b.getShape()) << " first";
  MMAShape s;
  s.m = d.getM();
  s.n = d.getN();
  s.k = aShape[1];
  s.aElem = aElem;
  s.bElem = b.getElementType();
  s.dElem = d.getElementType();
  if (b.getShape()[0] != s.k)
    return op->emitOpError() << "K of A (" << s.k << ") differs from K of B ("
                             << b.getShape()[0] << ")";
  if (aShape[0] != s.m || b.getShape()[1] != s.n)
    return op->emitOpError()
           << "accumulator D is " << shapeStr(d.getShape()) << " but A ("
           << shapeStr(aShape) << ") x B (" << shapeStr(b.getShape()) << ") is "
           << aShape[0] << "x" << b.getShape()[1];
  if (s.m == 256)
    return op->emitOpError() << "M = 256 is the 2-CTA " << inst
                             << " (cta_group::2), which is not supported yet";
  return s;
}

/// N of a single-CTA tcgen05.mma: multiple of 8 in [8, 256] for M = 64, of
/// 16 in [16, 256] for M = 128.
static LogicalResult verifyMMAN(Operation *op, int64_t m, int64_t n) {
  int64_t step = m == 64 ? 8 : 16;
  if (n < step || n > 256 || n % step != 0)
    return op->emitOpError() << "N = " << n << " must be a multiple of " << step
                             << " in [" << step << ", 256] for M = " << m;
  return success();
}

/// The accumulator's blocks are the instruction's rows, and an A in tensor
/// memory is read packed with the same blocks.
static LogicalResult verifyTensorMemoryOperands(Operation *op, Type aType,
                                                BufferType d, int64_t m) {
  // Buffers without a layout get one from tile-legalize-layouts.
  if (d.getLayout() && d.getLayout().getBlockM() != m)
    return op->emitOpError()
           << "accumulator layout blockM (" << d.getLayout().getBlockM()
           << ") must equal the MMA's M (" << m << ")";
  auto aTmem = dyn_cast<BufferType>(aType);
  if (!aTmem)
    return success();
  TensorMemoryLayoutAttr layout = aTmem.getLayout();
  if (!aTmem.getEncoding())
    return success();
  if (!layout)
    return op->emitOpError() << "operand A in tensor memory must have a "
                                "#tmem.layout, not #tmem.scales";
  if (layout.getBlockM() != m)
    return op->emitOpError()
           << "operand A's layout blockM (" << layout.getBlockM()
           << ") must equal the MMA's M (" << m << ")";
  if (layout.getColStride() != 1)
    return op->emitOpError()
           << "operand A in tensor memory must be packed (col_stride = 1), "
              "got col_stride = "
           << layout.getColStride();
  return success();
}

//===----------------------------------------------------------------------===//
// Allocation
//===----------------------------------------------------------------------===//

LogicalResult AllocOp::verify() {
  if (failed(tilemlir::verifyInDeviceCode(*this)))
    return failure();
  if (!getInit())
    return success();
  BufferType type = getResult().getType();
  auto init = cast<RankedTensorType>(getInit().getType());
  if (init.getShape() != type.getShape())
    return emitOpError() << "initial value shape " << shapeStr(init.getShape())
                         << " differs from buffer shape "
                         << shapeStr(type.getShape());
  if (init.getElementType() != type.getElementType())
    return emitOpError() << "initial value elements (" << init.getElementType()
                         << ") differ from buffer elements ("
                         << type.getElementType() << ")";
  return verifyTileLayout(*this, init, "initial value");
}

LogicalResult DeallocOp::verify() {
  if (failed(tilemlir::verifyInDeviceCode(*this)))
    return failure();
  // tcgen05.dealloc must free exactly the columns tcgen05.alloc reserved.
  if (Operation *def = getBuffer().getDefiningOp())
    if (isa<IndexOp, SubsliceOp>(def))
      return emitOpError() << "frees the buffer tmem.alloc returned, not a "
                              "view of it made by '"
                           << def->getName() << "'";
  return success();
}

LogicalResult RelinquishOp::verify() {
  return tilemlir::verifyInDeviceCode(*this);
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

LogicalResult IndexOp::verify() {
  BufferType src = getSrc().getType();
  if (src.getRank() != 3)
    return emitOpError() << "tmem.index needs a buffer with a leading stage "
                            "dimension (rank 3), got "
                         << shapeStr(src.getShape());
  BufferType expected = src.dropLeadingDim();
  if (getResult().getType() != expected)
    return emitOpError() << "result must be " << expected
                         << " (the source without its stage dimension)";
  return tilemlir::verifyConstantIndex(*this, getIndex(), src.getShape()[0],
                                      "stage");
}

LogicalResult SubsliceOp::verify() {
  BufferType src = getSrc().getType();
  BufferType dst = getResult().getType();
  if (src.getRank() != 2 || dst.getRank() != 2)
    return emitOpError() << "subslices are taken of one 2-D stage: select a "
                            "stage with tmem.index first";
  TensorMemoryLayoutAttr srcLayout = src.getLayout();
  TensorMemoryLayoutAttr dstLayout = dst.getLayout();
  int64_t column = getColumn();
  if (dst.getM() != src.getM() || dst.getElementType() != src.getElementType())
    return emitOpError() << "a subslice keeps M, the element type, blockM "
                            "and col_stride of its source";
  if (column < 0 || column > src.getN() - dst.getN())
    return emitOpError() << "a window of " << dst.getN()
                         << " columns starting at column " << column
                         << " is outside the source's N = " << src.getN();
  // A layout left out is tile-legalize-layouts' to choose (from the
  // source's and the window); the rules below relate the two layouts.
  if (!src.getEncoding() || !dst.getEncoding())
    return success();
  if (!srcLayout || !dstLayout)
    return emitOpError() << "subslices apply to #tmem.layout buffers, not "
                            "#tmem.scales";
  if (dstLayout.getBlockM() != srcLayout.getBlockM() ||
      dstLayout.getColStride() != srcLayout.getColStride())
    return emitOpError() << "a subslice keeps M, the element type, blockM "
                            "and col_stride of its source";
  int64_t bitOffset =
      column * src.getElementTypeBitWidth() * int64_t(srcLayout.getColStride());
  if (bitOffset % 32 != 0)
    return emitOpError() << "column " << column
                         << " does not start on a 32-bit tensor-memory "
                            "column ("
                         << src.getElementTypeBitWidth() << "-bit elements, "
                         << "col_stride " << srcLayout.getColStride() << ")";
  int64_t blocksM = src.getM() / srcLayout.getBlockM();
  if (blocksM > 1 && (dstLayout.getBlockN() != srcLayout.getBlockN() ||
                      column % srcLayout.getBlockN() != 0))
    return emitOpError()
           << "the source has " << blocksM
           << " blocks along M, interleaved along the columns: the window "
              "must keep blockN ("
           << srcLayout.getBlockN() << ") and start at a multiple of it";
  return success();
}

//===----------------------------------------------------------------------===//
// Register <-> tensor memory
//===----------------------------------------------------------------------===//

LogicalResult LoadOp::verify() {
  return verifyRegisterAccess(*this,
                              cast<RankedTensorType>(getResult().getType()),
                              getSrc().getType(), "tcgen05.ld");
}

LogicalResult StoreOp::verify() {
  return verifyRegisterAccess(*this,
                              cast<RankedTensorType>(getValue().getType()),
                              getDst().getType(), "tcgen05.st");
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

/// Whether `type` is stored row-major: no layout, an unswizzled NVMMA
/// layout that is not transposed, or an unswizzled generic layout whose
/// last dimension is the fastest.
static bool isRowMajor(SharedMemoryType type) {
  Attribute encoding = type.getEncoding();
  if (!encoding)
    return true;
  if (auto nvmma = dyn_cast<NVMMASharedLayoutAttr>(encoding))
    return nvmma.getSwizzle() == 0 && !nvmma.getTransposed();
  if (auto swizzled = dyn_cast<tile::SwizzledSharedLayoutAttr>(encoding))
    return swizzled.getMaxPhase() == 1 && swizzled.getOrder().size() == 2 &&
           swizzled.getOrder()[0] == 1;
  return false;
}

/// Scale factors travel in tcgen05.cp.32x128b.warpx4 atoms. An atom reads
/// 32 rows of 16 bytes, contiguous (the unswizzled core-matrix arrangement:
/// 8-row core matrices 128 bytes apart), and writes 32 lanes x 4 columns,
/// replicated over the four lane quarters: column q of lane l receives
/// bytes 4q..4q+3 of row l, the four factors of row 32q + l of a 128-row
/// block (the scale-factor atom of CUTLASS, cuDNN and Gluon). The source
/// holds the atoms themselves, 128 rows x 4 factors per 512-byte atom, as
/// a row-major [R * S / 16, 16] buffer.
static LogicalResult verifyScalesCopy(CopyOp op, SharedMemoryType src,
                                      BufferType dst) {
  if (dst.getM() % 128 != 0 || dst.getN() % 4 != 0)
    return op.emitOpError()
           << "a scale-factor copy moves whole tcgen05.cp.32x128b.warpx4 "
              "atoms of 128 rows x 4 factors: rows must be a multiple of "
              "128 and scale factors per row a multiple of 4, got "
           << shapeStr(dst.getShape());
  int64_t chunks = dst.getM() / 128 * (dst.getN() / 4);
  SmallVector<int64_t> expected = {32 * chunks, 16};
  if (src.getShape() != ArrayRef<int64_t>(expected) || !isRowMajor(src))
    return op.emitOpError()
           << "a scale-factor copy reads whole 512-byte scale-factor atoms: "
              "the source must be row-major (no layout, or unswizzled and "
              "not transposed) and "
           << shapeStr(expected)
           << ", factor k of row r in row 32 * c + r % 32, byte 4 * ((r / "
              "32) % 4) + k % 4, of atom c = (r / 128) * "
           << dst.getN() / 4 << " + k / 4; got " << src;
  return success();
}

LogicalResult CopyOp::verify() {
  SharedMemoryType src = getSrc().getType();
  BufferType dst = getDst().getType();
  if (src.getRank() != 2 || dst.getRank() != 2)
    return emitOpError() << "tcgen05.copy copies one 2-D tile: select a "
                            "stage of a multi-buffered source or "
                            "destination first";
  if (src.getElementType() != dst.getElementType())
    return emitOpError() << "source elements (" << src.getElementType()
                         << ") differ from destination elements ("
                         << dst.getElementType() << ")";
  // A destination without a layout yet takes #tmem.scales from
  // tile-legalize-layouts when the shapes are those of a scale-factor copy.
  if (dst.isScales() ||
      (!dst.getEncoding() && src.getShape() != dst.getShape()))
    return verifyScalesCopy(*this, src, dst);
  if (src.getShape() != dst.getShape())
    return emitOpError() << "source shape " << shapeStr(src.getShape())
                         << " differs from destination shape "
                         << shapeStr(dst.getShape());

  // The rules of Gluon's tcgen05_copy into a TensorMemoryLayout.
  NVMMASharedLayoutAttr nvmma;
  if (Attribute encoding = src.getEncoding()) {
    nvmma = dyn_cast<NVMMASharedLayoutAttr>(encoding);
    if (!nvmma)
      return emitOpError() << "tcgen05.copy source must have an NVMMA shared "
                              "layout (#tile.nvmma_shared), got "
                           << encoding;
    if (nvmma.getSwizzle() == 0)
      return emitOpError() << "tcgen05.copy source must be swizzled (NVMMA "
                              "swizzle 32, 64 or 128): no copy atom reads an "
                              "unswizzled layout";
  }
  unsigned bits = src.getElementTypeBitWidth();
  if (bits != 32)
    return emitOpError() << "tcgen05.copy into a #tmem.layout buffer needs "
                            "32-bit elements, got "
                         << bits << "-bit " << src.getElementType();
  TensorMemoryLayoutAttr layout = dst.getLayout();
  if (layout && layout.getBlockM() != 128)
    return emitOpError() << "tcgen05.copy destination blockM must be 128, got "
                         << layout.getBlockM();
  if (nvmma && nvmma.getTransposed())
    return emitOpError() << "tcgen05.copy source must not be transposed";
  int64_t m = dst.getM();
  if (m != 128 && m != 256)
    return emitOpError() << "tcgen05.copy needs M = 128 or 256, got " << m;
  if (layout && nvmma && m == 256 &&
      nvmma.getSwizzle() / layout.getBlockN() >= 8)
    return emitOpError() << "no tcgen05.copy atom exists for M = 256 with "
                            "swizzle "
                         << nvmma.getSwizzle() << " and blockN "
                         << layout.getBlockN()
                         << " (swizzle / blockN must be below 8)";
  return success();
}

//===----------------------------------------------------------------------===//
// MMAOp
//===----------------------------------------------------------------------===//

namespace {
/// The `.kind` of a tcgen05.mma, from the operand element type.
enum class MMAKind { F16, TF32, F8F6F4, I8, Invalid };
} // namespace

static MMAKind getMMAKind(Type type) {
  if (type.isF16() || type.isBF16())
    return MMAKind::F16;
  if (type.isF32())
    return MMAKind::TF32;
  if (isF8(type))
    return MMAKind::F8F6F4;
  if (type.isInteger(8))
    return MMAKind::I8;
  return MMAKind::Invalid;
}

static int64_t getInstrK(MMAKind kind) {
  switch (kind) {
  case MMAKind::F16:
    return 16;
  case MMAKind::TF32:
    return 8;
  case MMAKind::F8F6F4:
  case MMAKind::I8:
    return 32;
  case MMAKind::Invalid:
    break;
  }
  return 0;
}

static bool isLegalAccumulator(Type operand, Type acc) {
  if (operand.isF16() || isF8(operand))
    return acc.isF16() || acc.isF32();
  if (operand.isBF16() || operand.isF32())
    return acc.isF32();
  if (operand.isInteger(8))
    return acc.isInteger(32);
  return false;
}

LogicalResult MMAOp::verify() {
  Type aType = getA().getType();
  BufferType d = getD().getType();
  FailureOr<MMAShape> s =
      verifyMMAOperands(*this, aType, getB().getType(), d, "tcgen05.mma");
  if (failed(s))
    return failure();
  if (s->m != 64 && s->m != 128)
    return emitOpError() << "M must be 64 or 128 (single-CTA tcgen05.mma), "
                            "got "
                         << s->m;
  if (failed(verifyMMAN(*this, s->m, s->n)))
    return failure();

  MMAKind kind = getMMAKind(s->aElem);
  if (kind == MMAKind::Invalid)
    return emitOpError() << "tcgen05.mma does not take " << s->aElem
                         << " operands (f16, bf16, f32 as tf32, f8E4M3FN, "
                            "f8E5M2, i8)";
  // Only the 8-bit floats may mix (e4m3 x e5m2); the other kinds need equal
  // types.
  bool sameKind =
      kind == MMAKind::F8F6F4 ? isF8(s->bElem) : s->bElem == s->aElem;
  if (!sameKind)
    return emitOpError() << "A and B element types (" << s->aElem << ", "
                         << s->bElem << ") cannot be combined in one "
                         << "tcgen05.mma";
  if (!isLegalAccumulator(s->aElem, s->dElem))
    return emitOpError() << "accumulator element type " << s->dElem
                         << " is not legal for " << s->aElem
                         << " operands (f16 -> f16/f32, bf16 -> f32, tf32 "
                            "-> f32, f8 -> f16/f32, i8 -> i32)";
  int64_t instrK = getInstrK(kind);
  if (s->k % instrK != 0)
    return emitOpError() << "K = " << s->k
                         << " must be a multiple of the instruction K ("
                         << instrK << " for " << s->aElem << ")";
  if (failed(verifyTensorMemoryOperands(*this, aType, d, s->m)))
    return failure();
  if (auto aSmem = dyn_cast<SharedMemoryType>(aType))
    if (failed(getSharedOperandLayout(*this, aSmem, "A")))
      return failure();
  if (failed(getSharedOperandLayout(*this, getB().getType(), "B")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// MMAScaledOp
//===----------------------------------------------------------------------===//

/// Whether an MMA operand holds fp4 stored one element a byte.
static bool isFP4Padded(Type operand) {
  auto smem = dyn_cast<SharedMemoryType>(operand);
  if (!smem)
    return false;
  auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(smem.getEncoding());
  return nvmma && nvmma.getFp4Padded();
}

bool MMAScaledOp::isPackedF4() {
  Type aType = getA().getType();
  Type bType = getB().getType();
  return isF4(getOperandShape(aType).second) &&
         isF4(getOperandShape(bType).second) && !isFP4Padded(aType) &&
         !isFP4Padded(bType);
}

int64_t MMAScaledOp::getScaleVectorSize() {
  return isa<Float8E4M3FNType>(getAScale().getType().getElementType()) ? 16
                                                                       : 32;
}

/// Shared fp4 operands must be K-major (the instruction descriptor's
/// transpose bits apply to 8-bit types only), and when mixed with 8-bit
/// operands (kind::mxf8f6f4) stored one element a byte.
static LogicalResult verifyScaledSharedOperand(Operation *op,
                                               SharedMemoryType type,
                                               StringRef name, bool isB,
                                               bool mixed) {
  FailureOr<NVMMASharedLayoutAttr> nvmma =
      getSharedOperandLayout(op, type, name);
  if (failed(nvmma))
    return failure();
  if (!*nvmma || !isF4(type.getElementType()))
    return success();
  bool kMajor = isB ? nvmma->getTransposed() : !nvmma->getTransposed();
  if (!kMajor)
    return op->emitOpError()
           << "4-bit operand " << name << " must be K-major in shared memory"
           << (isB ? " (a transposed NVMMA layout for B)"
                   : " (a non-transposed NVMMA layout for A)");
  if (mixed && !nvmma->getFp4Padded())
    return op->emitOpError()
           << "4-bit operand " << name
           << " mixed with 8-bit operands (kind::mxf8f6f4) must be stored one "
              "element a byte (fp4_padded)";
  return success();
}

LogicalResult MMAScaledOp::verify() {
  Type aType = getA().getType();
  BufferType d = getD().getType();
  FailureOr<MMAShape> s = verifyMMAOperands(*this, aType, getB().getType(), d,
                                            "tcgen05.mma.block_scale");
  if (failed(s))
    return failure();
  if (s->m != 128)
    return emitOpError() << "block-scaled tcgen05.mma needs M = 128 (single "
                            "CTA), got "
                         << s->m;
  if (failed(verifyMMAN(*this, s->m, s->n)))
    return failure();
  if (!s->dElem.isF32())
    return emitOpError() << "block-scaled MMA accumulates in f32, got "
                         << s->dElem;
  for (auto [name, type] : {std::pair<StringRef, Type>{"A", s->aElem},
                            std::pair<StringRef, Type>{"B", s->bElem}})
    if (!isF4(type) && !isF8(type))
      return emitOpError() << "block-scaled operand " << name
                           << " must be f4E2M1FN, f8E4M3FN or f8E5M2, got "
                           << type;
  bool bothF4 = isF4(s->aElem) && isF4(s->bElem);
  // Two fp4 operands are read packed by kind::mxf4 / mxf4nvf4, or padded
  // one a byte by kind::mxf8f6f4; one instruction reads both the same way.
  bool aPadded = isFP4Padded(aType);
  bool bPadded = isFP4Padded(getB().getType());
  if (bothF4 && aPadded != bPadded)
    return emitOpError()
           << "two f4E2M1FN operands must both be packed (kind::mxf4 / "
              "mxf4nvf4) or both fp4_padded (kind::mxf8f6f4), got A "
           << (aPadded ? "padded" : "packed") << " and B "
           << (bPadded ? "padded" : "packed");
  bool packedF4 = isPackedF4();

  // Scale factors.
  BufferType aScale = getAScale().getType();
  BufferType bScale = getBScale().getType();
  for (auto [name, scale] : {std::pair<StringRef, BufferType>{"A", aScale},
                             std::pair<StringRef, BufferType>{"B", bScale}}) {
    if (scale.getEncoding() && !scale.isScales())
      return emitOpError() << "scale factors of " << name
                           << " must be in a #tmem.scales buffer";
    if (scale.getRank() != 2)
      return emitOpError() << "scale factors of " << name
                           << " must be a 2-D buffer: select a stage first";
  }
  Type scaleElem = aScale.getElementType();
  if (bScale.getElementType() != scaleElem)
    return emitOpError() << "A and B scale factors differ in type ("
                         << scaleElem << ", " << bScale.getElementType() << ")";
  if (!isa<Float8E8M0FNUType, Float8E4M3FNType>(scaleElem) &&
      !scaleElem.isInteger(8))
    return emitOpError() << "scale factors must be f8E8M0FNU (or i8 holding "
                            "UE8M0) or f8E4M3FN (UE4M3), got "
                         << scaleElem;
  if (isa<Float8E4M3FNType>(scaleElem) && !packedF4)
    return emitOpError()
           << "f8E4M3FN (UE4M3) scale factors are for NVFP4 "
              "(kind::mxf4nvf4): both operands must be packed f4E2M1FN";
  int64_t vec = getScaleVectorSize();

  int64_t instrK = packedF4 ? 64 : 32;
  if (s->k % instrK != 0)
    return emitOpError() << "K = " << s->k
                         << " must be a multiple of the instruction K ("
                         << instrK
                         << (packedF4 ? " for packed 4-bit operands)"
                                      : " for kind::mxf8f6f4)");
  int64_t kScales = s->k / vec;
  if (aScale.getM() != s->m || aScale.getN() != kScales)
    return emitOpError() << "scale factors of A must be " << s->m << "x"
                         << kScales << " (M x K/" << vec << "), got "
                         << shapeStr(aScale.getShape());
  if (bScale.getM() != s->n || bScale.getN() != kScales)
    return emitOpError() << "scale factors of B must be " << s->n << "x"
                         << kScales << " (N x K/" << vec << "), got "
                         << shapeStr(bScale.getShape());

  if (failed(verifyTensorMemoryOperands(*this, aType, d, s->m)))
    return failure();
  if (auto aSmem = dyn_cast<SharedMemoryType>(aType))
    if (failed(verifyScaledSharedOperand(*this, aSmem, "A", /*isB=*/false,
                                         !bothF4)))
      return failure();
  return verifyScaledSharedOperand(*this, getB().getType(), "B",
                                   /*isB=*/true, !bothF4);
}
