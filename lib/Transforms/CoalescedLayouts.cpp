//===- CoalescedLayouts.cpp - The layouts loads and stores anchor ---------===//
//
// See CoalescedLayouts.h.
//
//===----------------------------------------------------------------------===//

#include "CoalescedLayouts.h"

#include "LayoutGroups.h"

#include "TileMLIR/Analysis/LayoutConversions.h"
#include "TileMLIR/Analysis/LayoutQueries.h"
#include "TileMLIR/Analysis/LinearLayout.h"

#include "llvm/Support/MathExtras.h"

#include <set>

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilemlir;

static int64_t floorPowerOf2(int64_t v) {
  return v < 1 ? 1 : int64_t(1) << llvm::Log2_64(v);
}
BlockedLayoutAttr tilemlir::getCoalescedLayout(MLIRContext *context,
                                               ArrayRef<int64_t> shape,
                                               unsigned bits, int64_t numWarps,
                                               int64_t contiguity) {
  unsigned rank = shape.size();
  SmallVector<unsigned> spt(rank, 1), tpw(rank, 1), wpc(rank, 1), order;
  for (unsigned d = rank; d-- > 0;)
    order.push_back(d);
  int64_t vector = std::max<int64_t>(1, 128 / std::max(bits, 1u));
  spt[rank - 1] = floorPowerOf2(
      std::min({vector, contiguity, std::max<int64_t>(shape[rank - 1], 1)}));
  int64_t lanes = 32, warps = floorPowerOf2(numWarps);
  for (unsigned d : order) {
    int64_t t = std::min(lanes, floorPowerOf2(shape[d] / spt[d]));
    tpw[d] = t;
    lanes /= t;
  }
  tpw[order.front()] *= lanes;
  for (unsigned d : llvm::reverse(order)) {
    int64_t rest = floorPowerOf2(shape[d] / (spt[d] * tpw[d]));
    int64_t w = std::min(warps, rest);
    wpc[d] = w;
    warps /= w;
  }
  wpc[order.back()] *= warps;
  return BlockedLayoutAttr::get(context, spt, tpw, wpc, order);
}

double tilemlir::getSectorEfficiency(RankedTensorType type,
                                     int64_t contiguity) {
  FailureOr<LinearLayout> layout = toLinearLayout(type);
  FailureOr<int64_t> width = getVectorWidth(type);
  unsigned bits = getTileElementBits(type.getElementType());
  if (failed(layout) || failed(width) || bits < 8)
    return 0;
  int64_t bytes = bits / 8, vector = std::min(*width, contiguity);
  unsigned last = type.getRank() - 1;
  std::set<std::pair<SmallVector<int32_t>, int64_t>> elements, sectors;
  for (int32_t lane = 0; lane < 32; ++lane) {
    SmallVector<int32_t> coords = *layout->apply({{kLane, lane}});
    int64_t col = coords[last];
    coords[last] = 0;
    for (int64_t e = col; e < col + vector; ++e) {
      elements.insert({coords, e});
      sectors.insert({coords, e * bytes / 32});
    }
  }
  return double(elements.size() * bytes) / double(sectors.size() * 32);
}

BlockedLayoutAttr
tilemlir::getCoalescedLayout(RankedTensorType type,
                             ArrayRef<RankedTensorType> windows,
                             int64_t numWarps, int64_t contiguity) {
  MLIRContext *context = type.getContext();
  unsigned bits = getTileElementBits(type.getElementType());
  BlockedLayoutAttr whole =
      getCoalescedLayout(context, type.getShape(), bits, numWarps, contiguity);
  // Laid out for the smallest window, the layout's tile of threads fits in
  // every window, so that each window stays in the threads that hold it.
  SmallVector<int64_t> smallest(type.getShape());
  for (RankedTensorType window : windows)
    for (auto [size, windowSize] : llvm::zip(smallest, window.getShape()))
      size = std::min(size, windowSize);
  // The window's elements over every thread once (narrower vectors where
  // it takes them): a layout that repeats them over threads would repeat
  // the whole tile. A window of fewer elements than threads is cut from a
  // copy of the tile instead (getThreadLocalSourceLayout).
  int64_t threads = 32 * floorPowerOf2(numWarps);
  int64_t elements = llvm::product_of(smallest);
  if (elements < threads)
    return whole;
  BlockedLayoutAttr windowed =
      getCoalescedLayout(context, smallest, bits, numWarps,
                         std::min(contiguity, elements / threads));
  auto isLocal = [&](BlockedLayoutAttr layout) {
    return llvm::all_of(windows, [&](RankedTensorType window) {
      return isThreadLocalWindow(withLayout(type, layout),
                                 withLayout(window, layout));
    });
  };
  return isLocal(whole) || !isLocal(windowed) ? whole : windowed;
}

Attribute tilemlir::getThreadLocalSourceLayout(ExtractSliceOp op,
                                               int64_t numWarps) {
  MLIRContext *context = op.getContext();
  auto source = cast<RankedTensorType>(op.getSrc().getType());
  auto window = cast<RankedTensorType>(op.getType());
  // A window at offsets that are not multiples of its sizes is no
  // selection of registers in any layout: the lowering reads it through
  // shared memory.
  if (!isAlignedWindow(op.getOffsets(), window.getShape()))
    return {};
  BlockedLayoutAttr coalesced =
      getCoalescedLayout(source, {window}, numWarps, 16);
  if (isThreadLocalWindow(withLayout(source, coalesced),
                          withLayout(window, coalesced)))
    return coalesced;
  // One element of the window per thread (the fewest registers for the
  // copies of the source), vectors or not.
  unsigned bits = getTileElementBits(source.getElementType());
  BlockedLayoutAttr own =
      getCoalescedLayout(context, window.getShape(), bits, numWarps, 1);
  // The bits of the source above the window, each a register bit.
  FailureOr<LinearLayout> extended = toLinearLayout(withLayout(window, own));
  for (unsigned d = 0, e = source.getRank(); succeeded(extended) && d < e; ++d)
    extended = extended->product(
        LinearLayout::identity1D(source.getDimSize(d) / window.getDimSize(d),
                                 kRegister, getTensorDimName(d)));
  if (failed(extended) ||
      extended->getNumRegisters() * llvm::divideCeil(bits, 32) >
          kMaxTileRegistersPerThread)
    return {};
  return toLinearLayoutAttr(context, *extended);
}
