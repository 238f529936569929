//===- ExpandStridedMetadata.cpp - memref views to reinterpret_cast -------===//
//
// Upstream expand-strided-metadata, with the expand_shape it crashes on
// (LLVM 22: a group of several dynamic sizes) rewritten here first.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEEXPANDSTRIDEDMETADATA
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {

/// Whether some group of `op` splits a dimension into more than one
/// dynamic size: the case LLVM 22's pattern crashes on.
bool splitsIntoDynamicSizes(memref::ExpandShapeOp op) {
  ArrayRef<int64_t> shape = op.getResultType().getShape();
  return llvm::any_of(op.getReassociationIndices(), [&](const auto &group) {
    return llvm::count_if(group, [&](int64_t dim) {
             return ShapedType::isDynamic(shape[dim]);
           }) > 1;
  });
}

/// `a * c`, folded when either is a constant that decides it. In arith, so
/// that what this pattern builds needs no affine lowering (upstream's
/// patterns still build affine.apply; the pipelines lower it after).
OpFoldResult multiply(OpBuilder &b, Location loc, OpFoldResult a,
                      OpFoldResult c) {
  std::optional<int64_t> x = getConstantIntValue(a);
  std::optional<int64_t> y = getConstantIntValue(c);
  if (x && y)
    return b.getIndexAttr(*x * *y);
  if ((x && *x == 1) || (y && *y == 0))
    return c;
  if ((y && *y == 1) || (x && *x == 0))
    return a;
  Value lhs = getValueOrCreateConstantIndexOp(b, loc, a);
  Value rhs = getValueOrCreateConstantIndexOp(b, loc, c);
  return arith::MulIOp::create(b, loc, lhs, rhs).getResult();
}

/// memref.expand_shape as a reinterpret_cast of the source's base buffer:
/// the source's offset, the op's sizes, and in each group the strides of a
/// row-major split of the source dimension's stride.
void rewriteExpandShape(memref::ExpandShapeOp op, RewriterBase &rewriter) {
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  auto metadata =
      memref::ExtractStridedMetadataOp::create(rewriter, loc, op.getSrc());
  auto [sourceStrides, sourceOffset] = op.getSrcType().getStridesAndOffset();
  auto known = [&](int64_t value, Value dynamic) -> OpFoldResult {
    if (ShapedType::isDynamic(value))
      return dynamic;
    return rewriter.getIndexAttr(value);
  };
  SmallVector<OpFoldResult> sizes = op.getMixedOutputShape();
  SmallVector<OpFoldResult> strides(sizes.size());
  for (auto [source, group] :
       llvm::enumerate(op.getReassociationIndices())) {
    OpFoldResult stride =
        known(sourceStrides[source], metadata.getStrides()[source]);
    for (int64_t dim : llvm::reverse(group)) {
      strides[dim] = stride;
      stride = multiply(rewriter, loc, stride, sizes[dim]);
    }
  }
  OpFoldResult offset = known(sourceOffset, metadata.getOffset());
  rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
      op, op.getResultType(), metadata.getBaseBuffer(), offset, sizes,
      strides);
}

struct ExpandStridedMetadata
    : public tilemlir::impl::TileExpandStridedMetadataBase<
          ExpandStridedMetadata> {
  void runOnOperation() override {
    // Before upstream's patterns, not among them: the greedy driver visits
    // users first, and upstream's folders of an expand_shape's users
    // (extract_strided_metadata, subview) would reach the crash through
    // them.
    SmallVector<memref::ExpandShapeOp> crashing;
    getOperation()->walk([&](memref::ExpandShapeOp op) {
      if (splitsIntoDynamicSizes(op))
        crashing.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (memref::ExpandShapeOp op : crashing)
      rewriteExpandShape(op, rewriter);
    RewritePatternSet patterns(&getContext());
    memref::populateExpandStridedMetadataPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
