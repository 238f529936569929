//===- CopyRegions.h - What tile-lower-copies knows of a copy -*- C++ -*-===//
//
// The global side of a tile.copy as tile-lower-copies sees it: its static
// strides and extents, whether it is one contiguous 16-byte aligned run (a
// 1-D bulk copy), and the TMA descriptor and transaction bytes it needs
// otherwise. Facts are static: what the types and the index computations
// do not prove is not assumed.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TRANSFORMS_COPYREGIONS_H
#define TILEMLIR_TRANSFORMS_COPYREGIONS_H

#include "TMA/TMADialect.h"
#include "Tile/TileDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Matchers.h"

#include <optional>
#include <string>

namespace mlir::tilemlir {

enum class CopyKind { Bulk, Descriptor, Sync };

/// Bytes a 1-D bulk copy moves: a multiple of 16 below 2^20 (PTX).
constexpr int64_t kBulkAlignment = 16;
constexpr int64_t kMaxBulkBytes = int64_t(1) << 20;
/// Divisor standing for "any power of two" (the index is 0).
constexpr int64_t kAnyDivisor = int64_t(1) << 40;

/// The largest power of two known to divide the integer `v`, from the ops
/// that compute it (constants, products, sums, casts); 1 when nothing is
/// known.
int64_t knownDivisor(Value v);

/// What the pass knows of a copy's global region.
struct CopyRegion {
  // Op accessors are not const.
  mutable tile::CopyOp op;
  tile::SharedMemoryType smem;
  /// Static stride (elements) of every global dimension the indices walk
  /// (a memref's dimensions, or the buffer's for a !tile.ptr); nullopt
  /// where dynamic.
  SmallVector<std::optional<int64_t>> strides;
  /// Extent of the region along each of those dimensions.
  SmallVector<int64_t> extents;
  /// The memref's static offset (0 for a !tile.ptr); nullopt if dynamic.
  std::optional<int64_t> offset;
  int64_t elementBytes;

  explicit CopyRegion(tile::CopyOp copy) : CopyRegion(copy, getBufferType(copy)) {}

  /// The shape the copy moves: its shared buffer's, or for a copy into a
  /// register tile, the tile's (as an unswizzled buffer).
  static tile::SharedMemoryType getBufferType(tile::CopyOp copy) {
    if (!copy.isToRegisters())
      return copy.getSharedType();
    auto tile = cast<RankedTensorType>(copy.getResult().getType());
    return tile::SharedMemoryType::get(copy.getContext(), tile.getShape(),
                                       tile.getElementType(), Attribute(),
                                       /*isMutable=*/true);
  }

  CopyRegion(tile::CopyOp copy, tile::SharedMemoryType buffer)
      : op(copy), smem(buffer),
        elementBytes(std::max<int64_t>(1, smem.getElementTypeBitWidth() / 8)) {
    if (auto memref = dyn_cast<MemRefType>(copy.getGlobal().getType())) {
      SmallVector<int64_t> memrefStrides;
      int64_t memrefOffset;
      bool known = succeeded(memref.getStridesAndOffset(memrefStrides,
                                                        memrefOffset));
      int64_t lead = memref.getRank() - smem.getRank();
      for (int64_t d = 0; d < memref.getRank(); ++d) {
        extents.push_back(d < lead ? 1 : smem.getShape()[d - lead]);
        if (known && !ShapedType::isDynamic(memrefStrides[d]))
          strides.push_back(memrefStrides[d]);
        else
          strides.push_back(std::nullopt);
      }
      if (known && !ShapedType::isDynamic(memrefOffset))
        offset = memrefOffset;
      return;
    }
    offset = 0;
    extents.assign(smem.getShape().begin(), smem.getShape().end());
    if (copy.getGlobalStrides().empty()) {
      int64_t dense = 1;
      strides.resize(extents.size());
      for (int64_t d = extents.size() - 1; d >= 0; --d) {
        strides[d] = dense;
        dense *= extents[d];
      }
      return;
    }
    for (Value stride : copy.getGlobalStrides()) {
      APInt c;
      if (matchPattern(stride, m_ConstantInt(&c)))
        strides.push_back(c.getSExtValue());
      else
        strides.push_back(std::nullopt);
    }
  }

  bool isMemref() const { return isa<MemRefType>(op.getGlobal().getType()); }

  /// Why the region is not one contiguous run; empty when it is.
  std::string whyNotContiguous() const {
    int64_t expected = 1;
    for (int64_t d = extents.size() - 1; d >= 0; --d) {
      if (extents[d] == 1)
        continue;
      if (!strides[d])
        return "the stride of dimension " + std::to_string(d) +
               " is not known statically";
      if (*strides[d] != expected)
        return "dimension " + std::to_string(d) + " has stride " +
               std::to_string(*strides[d]) + " where a contiguous region has " +
               std::to_string(expected);
      expected *= extents[d];
    }
    return "";
  }

  /// The largest power of two known to divide the region's start, in
  /// bytes, taking kernel memrefs and pointers as 16-byte aligned.
  int64_t startAlignment() const {
    if (!offset)
      return elementBytes;
    int64_t divisor =
        *offset == 0 ? kAnyDivisor
                     : int64_t(1) << llvm::countr_zero(uint64_t(*offset));
    auto indices = op.getGlobalIndices();
    if (!isMemref()) {
      divisor = std::min(divisor, knownDivisor(indices[0]));
    } else {
      for (auto [index, stride] : llvm::zip(indices, strides)) {
        int64_t term = knownDivisor(index);
        if (term == kAnyDivisor)
          continue;
        if (!stride)
          return elementBytes;
        if (*stride != 0)
          term *= int64_t(1) << llvm::countr_zero(uint64_t(*stride));
        divisor = std::min(divisor, term);
      }
    }
    return std::min(kAnyDivisor, divisor * elementBytes);
  }

  /// Why a 1-D bulk copy cannot move the region; empty when it can.
  std::string whyNotBulk() const {
    std::string contiguous = whyNotContiguous();
    if (!contiguous.empty())
      return "a 1-D bulk copy needs one contiguous run of global memory, "
             "but " +
             contiguous;
    if (auto nvmma =
            dyn_cast_or_null<tile::NVMMASharedLayoutAttr>(smem.getEncoding())) {
      if (nvmma.getSwizzle() != 0 || nvmma.getTransposed() ||
          nvmma.getFp4Padded())
        return "a 1-D bulk copy writes bytes in order, but the buffer's "
               "layout is swizzled, transposed or unpacked FP4";
    } else if (smem.getEncoding()) {
      return "a 1-D bulk copy writes bytes in order, but the buffer has a "
             "swizzled layout";
    }
    int64_t bytes = smem.getSizeInBytes();
    if (bytes % kBulkAlignment != 0 || bytes >= kMaxBulkBytes)
      return "a 1-D bulk copy moves a multiple of 16 bytes below 1 MiB, not " +
             std::to_string(bytes);
    if (startAlignment() % kBulkAlignment != 0)
      return "a 1-D bulk copy starts at a 16-byte aligned address, which the "
             "indices do not prove";
    return "";
  }
};

/// The memref kernel argument `global` is, if it is one, through a
/// partition's captures.
std::optional<unsigned> kernelArgumentIndex(Value global,
                                            gpu::GPUFuncOp kernel);
std::optional<unsigned> kernelArgumentIndex(tile::CopyOp op,
                                            gpu::GPUFuncOp kernel);

/// A TMA box row is at most the swizzle span (32, 64 or 128 bytes) wide:
/// the number of elements of the innermost dimension one box covers.
int64_t boxRowElements(tile::SharedMemoryType smem, unsigned swizzle);

/// The descriptor type a TMA copy of the region needs, or the reason there
/// is none (in `why`). The box is the buffer's shape, its innermost
/// dimension cut to the swizzle span: the copy then moves as several boxes
/// side by side.
tma::DescriptorType descriptorFor(const CopyRegion &region, gpu::GPUFuncOp kernel,
                                  std::string &why);

/// The bytes a TMA load of the region adds to its barrier: the boxes' (FP4
/// counts 4 bits an element even when unpacked), or the buffer's for a
/// 1-D bulk copy.
int64_t transactionBytes(const CopyRegion &region, CopyKind kind,
                         tma::DescriptorType desc);

} // namespace mlir::tilemlir

#endif // TILEMLIR_TRANSFORMS_COPYREGIONS_H
