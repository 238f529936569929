//===- LiveRangePacking.h - Offsets for buffers with lifetimes --*- C++ -*-===//
//
// Shared by the shared-memory and tensor-memory allocators: both place
// buffers with known lifetimes into one linear space.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TRANSFORMS_LIVERANGEPACKING_H
#define TILEMLIR_TRANSFORMS_LIVERANGEPACKING_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>

namespace mlir::tilemlir {

/// Places each buffer of `order` (in program order on entry) first-fit,
/// largest first, ties in program order for stable output: the lowest offset
/// aligned to its `alignment` where it overlaps no placed buffer whose
/// lifetime [start, end] (inclusive) intersects its own. Sets `offset`,
/// leaves `order` sorted largest first and returns the peak extent.
/// `Buffer` needs int64_t fields size, alignment, start, end and offset.
template <typename Buffer>
int64_t packLiveRanges(llvm::SmallVectorImpl<Buffer *> &order) {
  llvm::stable_sort(order,
                    [](Buffer *a, Buffer *b) { return a->size > b->size; });
  int64_t total = 0;
  llvm::SmallVector<Buffer *> placed;
  for (Buffer *buffer : order) {
    int64_t offset = 0;
    bool moved = true;
    while (moved) {
      moved = false;
      offset = llvm::alignTo(offset, buffer->alignment);
      for (Buffer *other : placed) {
        bool overlapInTime =
            buffer->start <= other->end && other->start <= buffer->end;
        bool overlapInSpace = offset < other->offset + other->size &&
                              other->offset < offset + buffer->size;
        if (overlapInTime && overlapInSpace) {
          offset = other->offset + other->size;
          moved = true;
        }
      }
    }
    buffer->offset = offset;
    placed.push_back(buffer);
    total = std::max(total, offset + buffer->size);
  }
  return total;
}

} // namespace mlir::tilemlir

#endif // TILEMLIR_TRANSFORMS_LIVERANGEPACKING_H
