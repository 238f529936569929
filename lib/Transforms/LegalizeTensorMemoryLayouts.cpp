//===- LegalizeTensorMemoryLayouts.cpp - Layouts for tensor memory --------===//
//
// The tensor-memory part of tile-legalize-layouts, run first: the register
// layouts of tmem.load / tmem.store follow from the buffer's. A tmem.alloc
// without a layout gets one from its users, followed through tmem.index
// and tile.warp_specialize captures:
//
//   * the scale factors of a tmem.mma_scaled, or the destination of a
//     tcgen05.cp of scale-factor atoms: #tmem.scales;
//   * otherwise #tmem.layout<block = [BM, BN], col_stride = 1>, the layout
//     of the Gluon seed's table: BM is 64 for a 64-row buffer or one a
//     64-row tmem.mma reads or accumulates into (the interleaved form), else
//     128 (what tcgen05.cp and 128-row MMAs need); BN is the largest power
//     of two up to 256 dividing N, so that a block spans the rows' whole
//     width where it can (every tcgen05.cp atom exists for it: swizzle /
//     BN stays below 8 for 32-bit rows of 32 or more elements); elements
//     are packed (col_stride 1), as an A operand in tensor memory must be.
//
// Users that need different layouts are an error naming both.
//
//===----------------------------------------------------------------------===//

#include "SharedLayouts.h"

#include "TMem/TMemDialect.h"
#include "Tile/TileDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::tmem;

namespace {

/// What the users of one buffer need of its layout.
struct TensorMemoryDemands {
  /// A tmem.mma_scaled reading it as scale factors.
  Operation *scales = nullptr;
  /// A user that needs a data layout, and the blockM it needs (0: any).
  Operation *data = nullptr;
  unsigned blockM = 0;
};

/// The blockM a data user needs of the buffer it reads or writes through
/// `view` (0 when any will do).
unsigned getWantedBlockM(Operation *user, Value view) {
  if (isa<CopyOp>(user))
    return 128;
  auto rowsOf = [](Value d) {
    return unsigned(cast<BufferType>(d.getType()).getM());
  };
  if (auto mma = dyn_cast<MMAOp>(user))
    return rowsOf(mma.getD()) == 64 ? 64 : 128;
  if (auto mma = dyn_cast<MMAScaledOp>(user))
    return rowsOf(mma.getD()) == 64 ? 64 : 128;
  return 0;
}

LogicalResult addDemand(Operation *user, Value view,
                        TensorMemoryDemands &demands,
                        SmallVectorImpl<Value> &worklist) {
  if (isa<IndexOp>(user)) {
    worklist.push_back(user->getResult(0));
    return success();
  }
  if (auto ws = dyn_cast<tile::WarpSpecializeOp>(user)) {
    for (OpOperand &use : user->getOpOperands())
      if (use.get() == view)
        for (Region &partition : ws.getPartitionRegions())
          worklist.push_back(partition.getArgument(use.getOperandNumber()));
    return success();
  }
  // Scale factors: an operand of tmem.mma_scaled, or the destination of a
  // tcgen05.cp of whole scale-factor atoms (its source is not the
  // destination's shape; the copy's verifier checks the atoms).
  auto scaled = dyn_cast<MMAScaledOp>(user);
  auto copy = dyn_cast<CopyOp>(user);
  bool isScales =
      (scaled && (scaled.getAScale() == view || scaled.getBScale() == view)) ||
      (copy && copy.getSrc().getType().getShape() !=
                   copy.getDst().getType().getShape());
  // The rest (tmem.dealloc, ...) take any layout.
  if (!isScales && !isa<CopyOp, MMAOp, MMAScaledOp, LoadOp, StoreOp>(user))
    return success();
  Operation *other = isScales ? demands.data : demands.scales;
  if (other) {
    InFlightDiagnostic diag =
        user->emitOpError()
        << "uses a tensor-memory buffer without a layout "
        << (isScales ? "as scale factors (#tmem.scales)"
                     : "as data (#tmem.layout)")
        << ", but another user needs "
        << (isScales ? "a data layout" : "scale factors")
        << ": tile-legalize-layouts cannot give it one layout (use two "
           "buffers)";
    diag.attachNote(other->getLoc()) << "the other user";
    return failure();
  }
  if (isScales) {
    demands.scales = user;
    return success();
  }
  // Users that want a blockM agree on it: the tcgen05.cp destination has
  // 128 or 256 rows, an MMA's D and tensor-memory A have its M rows, and
  // every view of the buffer has the buffer's rows.
  if (unsigned blockM = getWantedBlockM(user, view); blockM || !demands.data) {
    demands.data = user;
    demands.blockM = blockM ? blockM : demands.blockM;
  }
  return success();
}

/// #tmem.layout for a buffer of `type` (see the file comment).
Attribute getDataLayout(BufferType type, unsigned blockM) {
  if (!blockM)
    blockM = type.getM() == 64 ? 64 : 128;
  unsigned blockN = 1;
  while (blockN < 256 && type.getN() % (2 * blockN) == 0)
    blockN *= 2;
  return TensorMemoryLayoutAttr::get(type.getContext(), blockM, blockN,
                                     /*colStride=*/1);
}

BufferType withEncoding(Type type, Attribute encoding) {
  auto buffer = cast<BufferType>(type);
  return BufferType::get(buffer.getContext(), buffer.getShape(),
                         buffer.getElementType(), encoding);
}

LogicalResult legalizeAlloc(AllocOp alloc) {
  TensorMemoryDemands demands;
  SmallVector<Value> views, worklist = {alloc.getResult()};
  while (!worklist.empty()) {
    Value view = worklist.pop_back_val();
    views.push_back(view);
    for (Operation *user : view.getUsers())
      if (failed(addDemand(user, view, demands, worklist)))
        return failure();
  }
  Attribute layout =
      demands.scales
          ? Attribute(TensorMemoryScalesLayoutAttr::get(alloc.getContext()))
          : getDataLayout(alloc.getType(), demands.blockM);
  // The buffer's own rules (M a multiple of blockM, ...) with the layout.
  BufferType typed = BufferType::getChecked(
      [&] { return alloc.emitOpError() << "with the layout " << layout
                                       << " tile-legalize-layouts chose: "; },
      alloc.getContext(), alloc.getType().getShape(),
      alloc.getType().getElementType(), layout);
  if (!typed)
    return failure();
  for (Value view : views)
    view.setType(withEncoding(view.getType(), layout));
  return success();
}

/// A buffer without a layout that no tmem.alloc of the kernel reaches (a
/// function argument, an unfollowed view) cannot be given one.
LogicalResult checkComplete(gpu::GPUFuncOp func) {
  WalkResult walk = func.walk([&](Operation *op) {
    for (Type type : op->getOperandTypes())
      if (auto buffer = dyn_cast<BufferType>(type); buffer &&
                                                    !buffer.getEncoding())
        return op->emitOpError()
                   << "uses a tensor-memory buffer without a layout that "
                      "tile-legalize-layouts does not trace to a tmem.alloc "
                      "of the kernel; write its layout",
               WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

} // namespace

LogicalResult tilemlir::legalizeTensorMemoryLayouts(gpu::GPUFuncOp func) {
  SmallVector<AllocOp> allocs;
  func.walk([&](AllocOp alloc) {
    if (!alloc.getType().getEncoding())
      allocs.push_back(alloc);
  });
  for (AllocOp alloc : allocs)
    if (failed(legalizeAlloc(alloc)))
      return failure();
  return checkComplete(func);
}
