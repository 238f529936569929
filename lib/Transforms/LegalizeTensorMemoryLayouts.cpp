//===- LegalizeTensorMemoryLayouts.cpp - Layouts for tensor memory --------===//
//
// The tensor-memory part of tile-legalize-layouts, run first: the register
// layouts of tmem.load / tmem.store follow from the buffer's. A tmem.alloc
// without a layout gets one from its users, followed through tmem.index,
// tmem.subslice and tile.warp_specialize captures:
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
// A window (tmem.subslice) keeps blockM and col_stride. Where the buffer
// has several blocks along M, interleaved along the columns, every window
// keeps blockN too and starts on a block: the buffer's blockN is cut to
// divide each window's width and start. Otherwise a window takes the
// largest blockN its own width allows. A window whose layout the user
// wrote keeps it, and gives the buffer its blockM and col_stride.
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
  /// The windows (tmem.subslice) of the buffer and its views.
  SmallVector<SubsliceOp> windows;
  /// A window whose layout the user wrote, and its op.
  TensorMemoryLayoutAttr writtenWindow;
  SubsliceOp writtenWindowOp;
};

/// A view of the buffer and the view it is taken from (null for the
/// buffer itself).
using ViewEdge = std::pair<Value, Value>;

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
                        SmallVectorImpl<ViewEdge> &worklist) {
  if (isa<IndexOp>(user)) {
    worklist.push_back({user->getResult(0), view});
    return success();
  }
  if (auto window = dyn_cast<SubsliceOp>(user)) {
    Attribute written = window.getType().getEncoding();
    if (written && !isa<TensorMemoryLayoutAttr>(written))
      return window.emitOpError()
             << "takes a window laid out as " << written
             << " of a tensor-memory buffer without a layout: windows are of "
                "#tmem.layout buffers";
    worklist.push_back({window.getResult(), view});
    demands.windows.push_back(window);
    if (written) {
      demands.writtenWindow = cast<TensorMemoryLayoutAttr>(written);
      demands.writtenWindowOp = window;
    }
    return success();
  }
  if (auto ws = dyn_cast<tile::WarpSpecializeOp>(user)) {
    for (OpOperand &use : user->getOpOperands())
      if (use.get() == view)
        for (Region &partition : ws.getPartitionRegions())
          worklist.push_back(
              {partition.getArgument(use.getOperandNumber()), view});
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

/// The largest power of two up to 256 dividing `n` (any, for 0).
unsigned getLargestBlockN(int64_t n) {
  unsigned blockN = 1;
  while (blockN < 256 && n % (2 * blockN) == 0)
    blockN *= 2;
  return blockN;
}

/// #tmem.layout for a buffer of `type` (see the file comment).
TensorMemoryLayoutAttr getDataLayout(BufferType type,
                                     const TensorMemoryDemands &demands) {
  unsigned blockM = demands.blockM, colStride = 1;
  if (TensorMemoryLayoutAttr written = demands.writtenWindow) {
    blockM = written.getBlockM();
    colStride = written.getColStride();
  }
  if (!blockM)
    blockM = type.getM() == 64 ? 64 : 128;
  unsigned blockN = getLargestBlockN(type.getN());
  if (type.getM() > blockM) {
    // Interleaved blocks: every window keeps the buffer's blockN, a
    // written one's included.
    for (SubsliceOp window : demands.windows)
      blockN = std::min({blockN, getLargestBlockN(window.getType().getN()),
                         getLargestBlockN(window.getColumn())});
    if (TensorMemoryLayoutAttr written = demands.writtenWindow)
      blockN = written.getBlockN();
  }
  return TensorMemoryLayoutAttr::get(type.getContext(), blockM, blockN,
                                     colStride);
}

/// The layout of `window` of a source laid out as `source`: the one the
/// user wrote, else blockM and col_stride kept, and blockN kept where the
/// blocks along M interleave, else the largest the window's width allows.
Attribute getWindowLayout(SubsliceOp window, TensorMemoryLayoutAttr source) {
  BufferType type = window.getType();
  if (Attribute written = type.getEncoding())
    return written;
  unsigned blockN = type.getM() > source.getBlockM()
                        ? source.getBlockN()
                        : getLargestBlockN(type.getN());
  return TensorMemoryLayoutAttr::get(type.getContext(), source.getBlockM(),
                                     blockN, source.getColStride());
}

BufferType withEncoding(Type type, Attribute encoding) {
  auto buffer = cast<BufferType>(type);
  return BufferType::get(buffer.getContext(), buffer.getShape(),
                         buffer.getElementType(), encoding);
}

/// `root` and its views, each after the view it is taken from, and what
/// their users need.
LogicalResult collectViews(Value root, TensorMemoryDemands &demands,
                           SmallVectorImpl<ViewEdge> &views) {
  SmallVector<ViewEdge> worklist = {{root, Value()}};
  while (!worklist.empty()) {
    ViewEdge edge = worklist.pop_back_val();
    views.push_back(edge);
    for (Operation *user : edge.first.getUsers())
      if (failed(addDemand(user, edge.first, demands, worklist)))
        return failure();
  }
  return success();
}

/// Gives the root of `views` `layout`, and each view the layout of the
/// view it is taken from (a window: getWindowLayout of it).
void assignLayouts(ArrayRef<ViewEdge> views, Attribute layout) {
  DenseMap<Value, Attribute> layoutOf;
  for (auto [view, source] : views) {
    Attribute viewLayout = layout;
    if (source) {
      viewLayout = layoutOf.lookup(source);
      // (A window of a window laid out as #tmem.scales keeps no layout:
      // the subslice verifier refuses it.)
      auto data = dyn_cast<TensorMemoryLayoutAttr>(viewLayout);
      if (auto window = view.getDefiningOp<SubsliceOp>(); window && data)
        viewLayout = getWindowLayout(window, data);
    }
    layoutOf[view] = viewLayout;
    view.setType(withEncoding(view.getType(), viewLayout));
  }
}

/// A buffer whose blocks along M interleave along the columns: every
/// window keeps its blockN and starts on a block. A window that cannot
/// (its width or start, or the blockN written on it) is named, with the
/// window whose layout the blockN came from.
LogicalResult checkInterleavedWindows(BufferType type, Attribute layout,
                                      const TensorMemoryDemands &demands) {
  auto data = dyn_cast<TensorMemoryLayoutAttr>(layout);
  if (!data || type.getM() <= data.getBlockM())
    return success();
  unsigned blockN = data.getBlockN();
  for (SubsliceOp window : demands.windows) {
    TensorMemoryLayoutAttr written = window.getType().getLayout();
    int64_t width = window.getType().getN(), column = window.getColumn();
    if ((!written || written.getBlockN() == blockN) && width % blockN == 0 &&
        column % blockN == 0)
      continue;
    InFlightDiagnostic diag =
        window.emitOpError()
        << "takes a window of a tensor-memory buffer without a layout whose "
        << type.getM() / data.getBlockM()
        << " blocks along M interleave along the columns, so every window "
           "keeps one blockN and starts on a block: this one ("
        << width << " columns from column " << column;
    if (written)
      diag << ", written with blockN " << written.getBlockN();
    diag << ") cannot keep blockN " << blockN;
    SubsliceOp source = demands.writtenWindowOp;
    if (source && source != window)
      diag.attachNote(source.getLoc())
          << "blockN " << blockN << " is the one written on this window";
    return failure();
  }
  return success();
}

LogicalResult legalizeAlloc(AllocOp alloc) {
  TensorMemoryDemands demands;
  SmallVector<ViewEdge> views;
  if (failed(collectViews(alloc.getResult(), demands, views)))
    return failure();
  if (demands.scales && !demands.windows.empty()) {
    InFlightDiagnostic diag =
        demands.windows.front().emitOpError()
        << "takes a window of a tensor-memory buffer without a layout that "
           "another user reads as scale factors (#tmem.scales): windows "
           "are of #tmem.layout buffers; use two buffers";
    diag.attachNote(demands.scales->getLoc()) << "the scale-factor user";
    return failure();
  }
  Attribute layout =
      demands.scales
          ? Attribute(TensorMemoryScalesLayoutAttr::get(alloc.getContext()))
          : Attribute(getDataLayout(alloc.getType(), demands));
  // The buffer's own rules (M a multiple of blockM, ...) with the layout.
  BufferType typed = BufferType::getChecked(
      [&] { return alloc.emitOpError() << "with the layout " << layout
                                       << " tile-legalize-layouts chose: "; },
      alloc.getContext(), alloc.getType().getShape(),
      alloc.getType().getElementType(), layout);
  if (!typed)
    return failure();
  if (failed(checkInterleavedWindows(alloc.getType(), layout, demands)))
    return failure();
  assignLayouts(views, layout);
  return success();
}

/// A window left without a layout of a buffer the user laid out: the
/// window's layout follows from the buffer's, and its views' from it.
LogicalResult legalizeWindow(SubsliceOp window) {
  auto source = dyn_cast_or_null<TensorMemoryLayoutAttr>(
      window.getSrc().getType().getEncoding());
  if (!source)
    return window.emitOpError()
           << "takes a window of a buffer laid out as "
           << window.getSrc().getType().getEncoding()
           << ": windows are of #tmem.layout buffers";
  TensorMemoryDemands demands;
  SmallVector<ViewEdge> views;
  if (failed(collectViews(window.getResult(), demands, views)))
    return failure();
  assignLayouts(views, getWindowLayout(window, source));
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
  SmallVector<SubsliceOp> windows;
  func.walk([&](SubsliceOp window) {
    if (!window.getType().getEncoding() &&
        window.getSrc().getType().getEncoding())
      windows.push_back(window);
  });
  for (SubsliceOp window : windows)
    if (!window.getType().getEncoding() && failed(legalizeWindow(window)))
      return failure();
  return checkComplete(func);
}
