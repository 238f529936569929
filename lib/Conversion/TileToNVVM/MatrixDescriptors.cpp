//===- MatrixDescriptors.cpp - NVMMA shared-memory matrix descriptors -----===//

#include "MatrixDescriptors.h"

#include "Common.h"

#include "TileMLIR/Analysis/LayoutConversions.h"

using namespace mlir;
using namespace mlir::tilemlir;
using tile::NVMMASharedLayoutAttr;
using tile::SharedMemoryType;

namespace {

/// Bits of storage per element (fp4-padded elements take a byte).
unsigned getStorageBits(SharedMemoryType type) {
  return getSharedStorageBits(type.getElementTypeBitWidth(),
                              type.getEncoding());
}

/// The wgmma swizzle code (bits 62-63); tcgen05's 3-bit field at 61-63
/// holds the same code shifted left by one, i.e. the same bits.
uint64_t getSwizzleCode(int64_t swizzle) {
  switch (swizzle) {
  case 128:
    return 1;
  case 64:
    return 2;
  case 32:
    return 3;
  default:
    return 0;
  }
}

Value createI64(OpBuilder &b, Location loc, uint64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI64Type(),
                                  b.getI64IntegerAttr(int64_t(value)));
}

} // namespace

MatrixDescription tilemlir::describeMatrixOperand(SharedMemoryType type,
                                                  int64_t kDim) {
  auto nvmma = cast<NVMMASharedLayoutAttr>(type.getEncoding());
  // NVMMA's contiguous dimension is the last one, or the first when
  // transposed.
  int64_t contigDim = nvmma.getTransposed() ? 0 : 1;
  MatrixDescription matrix;
  matrix.swizzle = nvmma.getSwizzle();
  matrix.mnMajor = contigDim != kDim;
  if (matrix.swizzle == 0) {
    matrix.leadingBytes = matrix.strideBytes = 8 * 16;
    matrix.chunkElements = 16 * 8 / getStorageBits(type);
    return matrix;
  }
  int64_t rows = type.getShape()[1 - contigDim];
  matrix.leadingBytes = matrix.mnMajor ? rows * matrix.swizzle : 16;
  matrix.strideBytes = 8 * matrix.swizzle;
  matrix.chunkElements = matrix.swizzle * 8 / getStorageBits(type);
  return matrix;
}

FailureOr<int64_t> tilemlir::getMatrixByteOffset(SharedMemoryType type,
                                                 ArrayRef<int64_t> coords,
                                                 EmitErrorFn emitError) {
  FailureOr<int64_t> element =
      getSharedElementOffset(type.getShape(), type.getElementTypeBitWidth(),
                             type.getEncoding(), coords, emitError);
  if (failed(element))
    return failure();
  return *element * getStorageBits(type) / 8;
}

FailureOr<SmallVector<int64_t>>
tilemlir::getKStepOffsets(SharedMemoryType type, int64_t kDim, int64_t instrK,
                          EmitErrorFn emitError) {
  SmallVector<int64_t> offsets;
  for (int64_t k0 = 0, k = type.getShape()[kDim]; k0 < k; k0 += instrK) {
    SmallVector<int64_t, 2> coords(2, 0);
    coords[kDim] = k0;
    FailureOr<int64_t> offset = getMatrixByteOffset(type, coords, emitError);
    if (failed(offset))
      return failure();
    offsets.push_back(*offset);
  }
  return offsets;
}

bool tilemlir::fitsDescriptorField(int64_t bytes) {
  return bytes >= 0 && bytes % 16 == 0 && (bytes >> 4) < (1 << 14);
}

uint64_t tilemlir::encodeMatrixDescriptor(const MatrixDescription &matrix,
                                          DescriptorFormat format) {
  uint64_t bits = (uint64_t(matrix.leadingBytes >> 4) & 0x3FFF) << 16 |
                  (uint64_t(matrix.strideBytes >> 4) & 0x3FFF) << 32 |
                  getSwizzleCode(matrix.swizzle) << 62;
  if (format == DescriptorFormat::Tcgen05)
    bits |= uint64_t(1) << 46; // Version 0b001.
  return bits;
}

/// The descriptor's start-address field of `base` (bits 4-17 of its shared
/// address), as an i32.
static Value createStartField(OpBuilder &b, Location loc, Value base) {
  I32Builder ib{b, loc};
  Value address = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), base);
  return ib.andI(ib.lshr(address, 4), 0x3FFF);
}

/// The descriptor with start-address field `start` (i32).
static Value createDescriptor(OpBuilder &b, Location loc, Value start,
                              const MatrixDescription &matrix,
                              DescriptorFormat format) {
  Value wide = LLVM::ZExtOp::create(b, loc, b.getI64Type(), start);
  return LLVM::OrOp::create(
      b, loc, wide, createI64(b, loc, encodeMatrixDescriptor(matrix, format)));
}

// The start field is computed in 32 bits once per base (LLVM shares it among
// the instructions of one operand) and each instruction adds its offset >> 4:
// shared memory ends below 2^18 bytes, so the field cannot carry, and every
// offset is a multiple of 16 bytes, so the shifts commute with the sum. The
// sum of 64-bit addresses this replaces cost ptxas two adds, a funnel shift
// and two masks per descriptor, in the issue slots of wgmma's main loops.
Value tilemlir::createWgmmaDescriptor(OpBuilder &b, Location loc, Value base,
                                      Value dynamicOffset, int64_t constOffset,
                                      const MatrixDescription &matrix) {
  assert(constOffset % 16 == 0 && "matrix starts are 16-byte aligned");
  I32Builder ib{b, loc};
  Value start = createStartField(b, loc, base);
  if (dynamicOffset)
    start = ib.add(start, ib.lshr(dynamicOffset, 4));
  start = ib.add(start, ib.c(constOffset >> 4));
  return createDescriptor(b, loc, start, matrix, DescriptorFormat::Wgmma);
}

Value tilemlir::createTcgen05Descriptor(OpBuilder &b, Location loc, Value base,
                                        const MatrixDescription &matrix) {
  return createDescriptor(b, loc, createStartField(b, loc, base), matrix,
                          DescriptorFormat::Tcgen05);
}

Value tilemlir::advanceTcgen05Descriptor(OpBuilder &b, Location loc,
                                         Value descriptor, int64_t byteOffset) {
  if (byteOffset == 0)
    return descriptor;
  return LLVM::AddOp::create(b, loc, descriptor,
                             createI64(b, loc, byteOffset >> 4));
}
