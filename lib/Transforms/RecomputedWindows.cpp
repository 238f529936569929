//===- RecomputedWindows.cpp - Windows of recomputed tiles ----------------===//
//
// See RecomputedWindows.h.
//
//===----------------------------------------------------------------------===//

#include "RecomputedWindows.h"

#include "LayoutGroups.h"

#include "Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilemlir;

namespace {

/// Whether `v` is a tile without a layout computed from nothing.
bool isRecomputable(Value v, DenseMap<Value, bool> &memo) {
  if (auto it = memo.find(v); it != memo.end())
    return it->second;
  memo[v] = false;
  Operation *def = v.getDefiningOp();
  auto constant = dyn_cast_or_null<arith::ConstantOp>(def);
  bool recomputable =
      def && (!constant || isa<DenseElementsAttr>(constant.getValue())) &&
      isRecomputedTileOp(
          def, [&](Value operand) { return isRecomputable(operand, memo); });
  return memo[v] = recomputable;
}

/// The elements [offsets, offsets + shape) of a constant.
DenseElementsAttr cutConstant(DenseElementsAttr all, ArrayRef<int64_t> offsets,
                              RankedTensorType window) {
  if (all.isSplat())
    return all.resizeSplat(window);
  SmallVector<Attribute> values(all.getValues<Attribute>());
  SmallVector<int64_t> strides = computeStrides(all.getType().getShape());
  SmallVector<int64_t> windowStrides = computeStrides(window.getShape());
  SmallVector<Attribute> cut;
  for (int64_t i = 0, e = window.getNumElements(); i < e; ++i) {
    SmallVector<int64_t> index = delinearize(i, windowStrides);
    for (auto [coord, offset] : llvm::zip(index, offsets))
      coord += offset;
    cut.push_back(values[linearize(index, strides)]);
  }
  return DenseElementsAttr::get(window, cut);
}

/// Cuts windows of recomputable tiles at one insertion point, each
/// (tile, offsets, shape) once: a tile reached along several paths (an op
/// that uses it twice, hash-like masks) is cut once, not once per path.
class WindowCutter {
public:
  explicit WindowCutter(Operation *at) : b(at) {}

  /// The window [offsets, offsets + shape) of recomputable `v`.
  Value cut(Value v, ArrayRef<int64_t> offsets, ArrayRef<int64_t> shape) {
    if (cast<RankedTensorType>(v.getType()).getShape() == shape)
      return v;
    SmallVector<int64_t> key(offsets);
    llvm::append_range(key, shape);
    std::pair<Value, Attribute> id = {v, b.getDenseI64ArrayAttr(key)};
    if (Value window = cuts.lookup(id))
      return window;
    // (build adds entries: no reference into the map across it.)
    Value window = build(v, offsets, shape);
    cuts[id] = window;
    return window;
  }

private:
  Value build(Value v, ArrayRef<int64_t> offsets, ArrayRef<int64_t> shape);

  OpBuilder b;
  DenseMap<std::pair<Value, Attribute>, Value> cuts;
};

Value WindowCutter::build(Value v, ArrayRef<int64_t> offsets,
                          ArrayRef<int64_t> shape) {
  auto type = cast<RankedTensorType>(v.getType());
  auto window = RankedTensorType::get(shape, type.getElementType());
  Operation *def = v.getDefiningOp();
  Location loc = v.getLoc();
  if (auto range = dyn_cast<RangeOp>(def)) {
    int64_t start = range.getStartAttr().getInt() + offsets[0];
    return RangeOp::create(b, loc, window, b.getI32IntegerAttr(start),
                           b.getI32IntegerAttr(start + shape[0]));
  }
  if (auto constant = dyn_cast<arith::ConstantOp>(def))
    return arith::ConstantOp::create(
        b, loc, window,
        cutConstant(cast<DenseElementsAttr>(constant.getValue()), offsets,
                    window));
  if (auto slice = dyn_cast<ExtractSliceOp>(def)) {
    SmallVector<int64_t> inner(slice.getOffsets());
    for (auto [start, offset] : llvm::zip(inner, offsets))
      start += offset;
    return cut(slice.getSrc(), inner, shape);
  }
  if (auto expand = dyn_cast<ExpandDimsOp>(def)) {
    SmallVector<int64_t> inner(offsets), innerShape(shape);
    inner.erase(inner.begin() + expand.getAxis());
    innerShape.erase(innerShape.begin() + expand.getAxis());
    Value src = cut(expand.getSrc(), inner, innerShape);
    return ExpandDimsOp::create(b, loc, window, src, expand.getAxis());
  }
  if (auto broadcast = dyn_cast<BroadcastOp>(def)) {
    // Dimensions the broadcast widens stay of size 1.
    auto srcShape =
        cast<RankedTensorType>(broadcast.getSrc().getType()).getShape();
    SmallVector<int64_t> inner(offsets), innerShape(shape);
    for (auto [size, start, extent] : llvm::zip(srcShape, inner, innerShape))
      if (size == 1)
        start = 0, extent = 1;
    Value src = cut(broadcast.getSrc(), inner, innerShape);
    return BroadcastOp::create(b, loc, window, src);
  }
  // tile.splat and elementwise ops: the same op over the operands' windows.
  IRMapping map;
  for (Value operand : def->getOperands())
    if (isTensor(operand))
      map.map(operand, cut(operand, offsets, shape));
  Operation *copy = b.clone(*def, map);
  copy->getResult(0).setType(window);
  return copy->getResult(0);
}

} // namespace

void tilemlir::cutRecomputedWindows(Operation *root) {
  SmallVector<ExtractSliceOp> windows;
  root->walk([&](ExtractSliceOp window) { windows.push_back(window); });
  DenseMap<Value, bool> memo;
  bool cut = false;
  for (ExtractSliceOp window : windows) {
    if (!needsLayout(window.getType()) ||
        !isRecomputable(window.getSrc(), memo))
      continue;
    WindowCutter cutter(window);
    window.replaceAllUsesWith(cutter.cut(window.getSrc(), window.getOffsets(),
                                         window.getType().getShape()));
    cut = true;
  }
  if (!cut)
    return;
  SmallVector<Operation *> unused;
  root->walk([&](Operation *op) {
    if (op->getNumResults() == 1 && isCheapProducer(op) &&
        needsLayout(op->getResult(0).getType()))
      unused.push_back(op);
  });
  for (Operation *op : llvm::reverse(unused))
    if (op->use_empty())
      op->erase();
}
