//===- MatrixDescriptors.h - NVMMA matrix descriptors -----------*- C++ -*-===//
//
// wgmma (sm_90a) and tcgen05.mma / tcgen05.cp (sm_100a) read matrices in
// shared memory through a 64-bit matrix descriptor (PTX ISA, "Matrix
// Descriptor Format" of wgmma and "Shared Memory Descriptor" of tcgen05):
//
//   bits  0-13  start address >> 4        bits 32-45  stride byte offset >> 4
//   bits 16-29  leading byte offset >> 4  bits 46-48  tcgen05: fixed 0b001
//   bits 49-51  matrix base offset (0)    bit  52     tcgen05: LBO mode (0)
//   bits 62-63  wgmma swizzle: 0 none, 1 128B, 2 64B, 3 32B
//   bits 61-63  tcgen05 swizzle: 0 none, 2 128B, 4 64B, 6 32B
//
// The two formats are two encodings of one description (MatrixDescription):
// they differ only in the version bits 46-48 and in tcgen05's swizzle field
// starting one bit lower (its codes are wgmma's shifted left by one, with
// room for a 32-byte-atom 128B mode TileMLIR does not use).
//
// The description comes from the operand's NVMMA layout (see
// evalSharedElementOffset in lib/Analysis/LayoutConversions.h): with swizzle
// S, a row of the contiguous dimension takes S bytes, 8 rows form a swizzle
// atom, and chunks of S bytes along the contiguous dimension follow each
// other `rows * S` bytes apart. In the canonical layouts of the PTX ISA (and
// CUTLASS's make_gmma_desc / make_umma_desc):
//   K-major  ((8,m),(T,2)):((S,SBO),(1,T)):  SBO = 8 * S, LBO unused (16);
//   MN-major ((T,S/16,m),(8,k)):((1,T,LBO),(S,SBO)):  LBO = K * S (the next
//            chunk along M or N), SBO = 8 * S.
// An unswizzled NVMMA buffer is dense (row-major in memory order), which is
// the canonical layout of 8 x 16-byte core matrices only when its
// contiguous dimension is 16 bytes: SBO = 128 between 8-row groups, and
// with a single core matrix along the contiguous dimension LBO may say 128
// too. Where an instruction's slice of K starts, or a copy's block, is the
// buffer's element offset there (getSharedElementOffset): a swizzle-atom
// row or a step inside a row, where the shared address is the unswizzled
// one (the hardware swizzles on address bits, as CUTLASS's descriptor
// iterators assume).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_LIB_CONVERSION_TILETONVVM_MATRIXDESCRIPTORS_H
#define TILEMLIR_LIB_CONVERSION_TILETONVVM_MATRIXDESCRIPTORS_H

#include "Tile/TileDialect.h"
#include "TileMLIR/Analysis/LayoutConversions.h"

#include "mlir/IR/Builders.h"

namespace mlir::tilemlir {

/// A matrix in shared memory as its descriptor describes it.
struct MatrixDescription {
  int64_t swizzle = 0; // Bytes: 0 (none), 32, 64 or 128.
  bool mnMajor = false;
  int64_t leadingBytes = 0; // LBO
  int64_t strideBytes = 0;  // SBO
  /// Elements of the contiguous dimension in one S-byte row of the atom.
  int64_t chunkElements = 0;
};

enum class DescriptorFormat { Wgmma, Tcgen05 };

/// The description of an MMA operand in a rank-2 #tile.nvmma_shared buffer
/// (the caller checks the layout) whose K dimension is `kDim` (A, M x K:
/// 1; B, K x N: 0). Unswizzled buffers get the 16-byte core-matrix
/// description, valid only when their contiguous dimension is 16 bytes.
MatrixDescription describeMatrixOperand(tile::SharedMemoryType type,
                                        int64_t kDim);

/// Byte offset of element `coords` of a shared buffer
/// (getSharedElementOffset in bytes of the buffer's storage).
FailureOr<int64_t> getMatrixByteOffset(tile::SharedMemoryType type,
                                       ArrayRef<int64_t> coords,
                                       EmitErrorFn emitError = {});

/// The byte offsets where each slice of `instrK` elements of the K dimension
/// `kDim` starts (row 0 of the other dimension).
FailureOr<SmallVector<int64_t>> getKStepOffsets(tile::SharedMemoryType type,
                                                int64_t kDim, int64_t instrK,
                                                EmitErrorFn emitError = {});

/// The descriptor's 14-bit fields hold byte offsets >> 4.
bool fitsDescriptorField(int64_t bytes);

/// The descriptor bits other than the start address.
uint64_t encodeMatrixDescriptor(const MatrixDescription &matrix,
                                DescriptorFormat format);

/// The descriptor of the matrix at `base` + `dynamicOffset` (an i32 value,
/// or null) + `constOffset` bytes, both offsets multiples of 16. wgmma
/// descriptors are built per instruction from the matrix's address.
Value createWgmmaDescriptor(OpBuilder &b, Location loc, Value base,
                            Value dynamicOffset, int64_t constOffset,
                            const MatrixDescription &matrix);

/// The tcgen05 descriptor of the matrix at `base`; the steps of a sequence
/// advance it with advanceTcgen05Descriptor.
Value createTcgen05Descriptor(OpBuilder &b, Location loc, Value base,
                              const MatrixDescription &matrix);

/// The descriptor of the matrix `byteOffset` bytes further. Shared memory
/// ends below 2^18 bytes, so the 14-bit start-address field cannot carry
/// into the next field.
Value advanceTcgen05Descriptor(OpBuilder &b, Location loc, Value descriptor,
                               int64_t byteOffset);

} // namespace mlir::tilemlir

#endif // TILEMLIR_LIB_CONVERSION_TILETONVVM_MATRIXDESCRIPTORS_H
