//===- LegalizeLayouts.cpp - Layouts for register tiles written without ---===//
//
// Every register tile (ranked tensor) of a kernel written without an encoding
// gets one. The ops relate the layouts of their tiles: an elementwise op,
// tile.broadcast, tile.load and tile.store want one layout on all of theirs,
// tile.expand_dims and tile.reduce a #tile.slice of one on the other, tile.dot
// a #tile.dot_operand of its accumulator's on a register A, and scf.for /
// scf.if one layout on a carried value, its yields and its results. Each such
// op is a group whose layouts follow from one pivot layout (LayoutGroups.h).
//
// Layouts start at anchors and spread through the groups, each tile taking the
// first layout that reaches it, in this order: layouts the user wrote; the
// wgmma accumulator of each tile.dot; each tile.load's coalesced layout, or the
// layout its users want when loading in it costs less than converting (the cost
// model below); other tiles a coalesced default. A coalesced layout fits the
// windows cut from its tile (CoalescedLayouts.h). Tiles computed from nothing
// but tile.range, tile.splat and constants (offsets, masks, fill values) take
// no layout of their own: every use gets a copy of their computation in the
// layout it needs. Where a group's layouts disagree, the pass converts the
// operand (tile.convert_layout, once per value and layout, right after its
// definition).
//
// Cost model. Loading in a layout L instead of the coalesced one is chosen when
// converting would move data between threads (shuffles or shared memory) and L
// still uses at least half of each 32-byte sector a warp touches (the wgmma
// accumulator reads 8-byte pairs, four lanes to a row segment: whole sectors
// for f32). A store converts its value to the coalesced layout when the value's
// own layout uses less than half of each sector.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "CoalescedLayouts.h"
#include "LayoutGroups.h"
#include "RecomputedWindows.h"
#include "SharedLayouts.h"

#include "TMem/TMemDialect.h"
#include "Tile/TileDialect.h"
#include "TileMLIR/Analysis/AxisInfo.h"
#include "TileMLIR/Analysis/LayoutConversions.h"
#include "TileMLIR/Analysis/LayoutQueries.h"
#include "TileMLIR/Analysis/LinearLayout.h"
#include "TileMLIR/Analysis/TensorMemoryLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <deque>

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILELEGALIZELAYOUTS
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilemlir;

//===----------------------------------------------------------------------===//
// Warp coverage
//===----------------------------------------------------------------------===//

namespace {

/// The tile.warp_specialize partition `region` is in (its region number,
/// from 1), or 0 outside every partition. The default region runs on the
/// kernel's own warps, numbered from 0 as everywhere else in the kernel; a
/// partition region runs on its own warps, after those (getFirstWarp), so
/// its tiles are laid out over them (getLayoutWarps).
std::pair<WarpSpecializeOp, unsigned> getPartition(Region *region) {
  for (; region; region = region->getParentRegion()) {
    auto ws = dyn_cast<WarpSpecializeOp>(region->getParentOp());
    if (ws && region != &ws.getDefaultRegion())
      return {ws, region->getRegionNumber()};
  }
  return {};
}

/// Whether the kernel splits its warps (tile.warp_specialize, or the
/// warp-specialized / ping-pong loops of the pipeliner): its consumer tiles
/// then cover one warpgroup by design.
bool isWarpSpecialized(gpu::GPUFuncOp func) {
  WalkResult walk = func.walk([&](Operation *op) {
    return isa<WarpSpecializeOp>(op) ||
                   op->hasAttr(TileDialect::kWarpSpecializeAttrName) ||
                   op->hasAttr(TileDialect::kPingPongAttrName)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// A register tile `v` (of `at`) spans at most the warps of its region (a
/// partition's layouts index its own warps), and in a kernel that is not
/// warp-specialized all of the kernel's warps: with fewer, the other warps
/// repeat the same work (duplicated stores, wrong atomics).
LogicalResult checkTileWarps(gpu::GPUFuncOp func, Value v, Operation *at) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || !type.getEncoding())
    return success();
  FailureOr<LinearLayout> layout = toLinearLayout(type);
  auto numWarps =
      func->getAttrOfType<IntegerAttr>(TileDialect::kNumWarpsAttrName);
  if (failed(layout) || !numWarps)
    return success();
  int64_t warps = layout->getInDimSize(kWarp);
  auto [ws, number] = getPartition(v.getParentRegion());
  if (ws) {
    int64_t partitionWarps = ws.getPartitionNumWarps()[number - 1];
    if (warps <= partitionWarps)
      return success();
    auto arg = dyn_cast<BlockArgument>(v);
    InFlightDiagnostic diag = at->emitOpError();
    if (arg && arg.getOwner()->getParentOp() == ws)
      diag << "captures a register tile " << type << " (argument #"
           << arg.getArgNumber() << ")";
    else
      diag << "has a register tile " << type;
    return diag << " laid out over " << warps << " warps in partition"
                << number - 1 << ", which runs "
           << partitionWarps
           << " warps (num_warps): a partition's layouts index its own "
              "warps; lay it out over "
           << partitionWarps << " warps";
  }
  if (warps == numWarps.getInt() ||
      (warps < numWarps.getInt() && isWarpSpecialized(func)))
    return success();
  // (More warps than the kernel has is the verifier's rule.)
  if (warps > numWarps.getInt())
    return success();
  // A layout's warp dimension is a power of two: no tile fits 3 warps.
  if (!llvm::isPowerOf2_64(numWarps.getInt()))
    return at->emitOpError()
           << "has a register tile " << type << " laid out over " << warps
           << " warps, but the kernel runs " << numWarps.getInt()
           << " (tile.num_warps), and a layout spans a power-of-two number "
              "of warps: a kernel with register tiles runs 1, 2, 4, 8, 16 "
              "or 32 warps (or splits them with tile.warp_specialize)";
  return at->emitOpError()
         << "has a register tile " << type << " laid out over " << warps
         << " warps, but the kernel runs " << numWarps.getInt()
         << " (tile.num_warps): the other warps would repeat the same "
            "work; lay it out over "
         << numWarps.getInt() << " warps";
}

} // namespace

//===----------------------------------------------------------------------===//
// The legalizer
//===----------------------------------------------------------------------===//

namespace {

class LayoutLegalizer {
public:
  LayoutLegalizer(gpu::GPUFuncOp func, int64_t numWarps)
      : func(func), numWarps(numWarps), context(func.getContext()),
        dominance(func) {}

  LogicalResult run() {
    if (failed(collect()))
      return failure();
    if (failed(propagateFromAnchors()))
      return failure();
    if (failed(rewrite()))
      return failure();
    return verifyComplete();
  }

private:
  LogicalResult collect();
  LogicalResult propagateFromAnchors();
  void assign(Value v, Attribute layout);
  void spread();
  FailureOr<Attribute> getAccumulatorLayout(DotOp dot);
  FailureOr<Attribute> getTensorMemoryLayout(Operation *op,
                                             RankedTensorType tile,
                                             tmem::BufferType buffer);
  Attribute getLoadLayout(LoadOp load);
  Attribute getDefaultLayout(Value v, int64_t contiguity = 16);
  SmallVector<RankedTensorType> getWindowsCutFrom(Value v);
  Attribute getThreadLocalWindowPivot(const Group &group, Attribute pivot);
  int64_t getWarps(Region *region) const;
  int64_t getFirstWarp(Region *region) const;
  int64_t getLayoutWarps(Region *region) const;
  LogicalResult checkWholeRegionLayout(Operation *op, Region *region,
                                       int64_t warps) const;
  InFlightDiagnostic &describeWarps(InFlightDiagnostic &diag,
                                    Region *region) const;
  Attribute getWantedLayout(Value v);

  LogicalResult rewrite();
  Attribute choosePivot(const Group &group, Value &source);
  Value materialize(Value v, Attribute layout);
  Value convert(Value v, Attribute layout, OpOperand &use, Value decider);
  void keepWrittenLayout(OpResult result, Attribute implied);
  bool canConvert(Value v, Attribute layout, OpOperand &use, Value decider);
  LogicalResult verifyComplete();

  /// Free: a tile without a layout that is not recomputed per use.
  bool isFree(Value v) { return needsLayout(v.getType()) && !cheap.count(v); }
  /// Tiles whose definitions choose their layouts, so nothing spreads into
  /// them: a tile.load's (getLoadLayout, from what the others want), a
  /// tile.dot's and a tmem.load's (the one layout the instruction
  /// produces; a layout the user wrote elsewhere is converted to).
  static bool isSelfAnchored(Value v) {
    return isa_and_nonnull<LoadOp, DotOp, tmem::LoadOp>(v.getDefiningOp());
  }

  gpu::GPUFuncOp func;
  int64_t numWarps;
  MLIRContext *context;
  DominanceInfo dominance;
  SmallVector<Group> groups;
  DenseMap<Value, SmallVector<unsigned>> groupsOf;
  DenseSet<Value> cheap;
  /// Tiles whose layouts the user wrote.
  DenseSet<Value> written;
  /// The layout each free tile has been given, and those the user wrote.
  DenseMap<Value, Attribute> layouts;
  std::deque<Value> queue;
  DenseMap<std::pair<Value, Attribute>, Value> copies;
  /// Set once a conflict the pass cannot resolve has been reported.
  bool conflicted = false;
};

int64_t LayoutLegalizer::getWarps(Region *region) const {
  auto [ws, number] = getPartition(region);
  return ws ? ws.getPartitionNumWarps()[number - 1] : numWarps;
}

/// The CTA's first warp of those `region` runs on: 0 for the kernel's own
/// (the default region's).
int64_t LayoutLegalizer::getFirstWarp(Region *region) const {
  auto [ws, number] = getPartition(region);
  return ws ? ws.getPartitionFirstWarp(number - 1, numWarps) : 0;
}

/// The warps a layout the pass chooses for `region` spans: layouts read the
/// low bits of the CTA's warp id, which count from the region's first warp
/// only for a power of two of warps that divides the first warp's number
/// (a 2-warp partition from warp 3 lays its tiles out over one warp).
int64_t LayoutLegalizer::getLayoutWarps(Region *region) const {
  int64_t first = getFirstWarp(region);
  int64_t warps = int64_t(llvm::bit_floor(uint64_t(getWarps(region))));
  while (warps > 1 && first % warps != 0)
    warps /= 2;
  return warps;
}

/// A layout over all `warps` of `region` (a wgmma accumulator, a tensor
/// memory tile) needs the region to start at a multiple of them.
LogicalResult LayoutLegalizer::checkWholeRegionLayout(Operation *op,
                                                      Region *region,
                                                      int64_t warps) const {
  int64_t first = getFirstWarp(region);
  if (first % warps == 0)
    return success();
  InFlightDiagnostic diag = op->emitOpError()
                            << "is laid out over all " << warps
                            << " warps of its region, but ";
  describeWarps(diag, region)
      << " from warp " << first
      << ", not a multiple of " << warps
      << ": layouts read the low bits of the CTA's warp id (give the "
         "earlier partitions a multiple of "
      << warps << " warps, or place this one first)";
  return failure();
}

InFlightDiagnostic &
LayoutLegalizer::describeWarps(InFlightDiagnostic &diag,
                               Region *region) const {
  auto [ws, number] = getPartition(region);
  if (!ws)
    return diag << "the kernel runs " << numWarps << " warps (tile.num_warps)";
  return diag << "partition" << number - 1 << " runs "
              << ws.getPartitionNumWarps()[number - 1] << " warps (num_warps)";
}

/// A register tile that enters a partition as a capture would carry the
/// other region's warps in its layout.
static bool isPartitionArgument(Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  auto ws = arg ? dyn_cast<WarpSpecializeOp>(arg.getOwner()->getParentOp())
                : WarpSpecializeOp();
  return ws && arg.getParentRegion() != &ws.getDefaultRegion();
}

LogicalResult LayoutLegalizer::collect() {
  WalkResult walk = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    bool hasFreeTile =
        llvm::any_of(op->getOperandTypes(), needsLayout) ||
        llvm::any_of(op->getResultTypes(), needsLayout) ||
        llvm::any_of(op->getRegions(), [](Region &region) {
          return llvm::any_of(region.getArguments(), [](BlockArgument arg) {
            return needsLayout(arg.getType());
          });
        });
    for (Region &region : op->getRegions())
      for (BlockArgument arg : region.getArguments())
        if (needsLayout(arg.getType()) && isPartitionArgument(arg))
          return op->emitOpError()
                     << "captures a register tile without a layout into "
                        "partition"
                     << region.getRegionNumber() - 1 << " (argument #"
                     << arg.getArgNumber()
                     << "): tile-legalize-layouts lays out each region's "
                        "tiles over its own warps, so a tile passed between "
                        "them needs the layout written",
                 WalkResult::interrupt();
    SmallVector<Group> opGroups = getGroups(op);
    if (hasFreeTile && opGroups.empty() && !isUngroupedTileOp(op))
      return op->emitOpError()
                 << "not supported yet: tile-legalize-layouts does not "
                    "choose layouts for the register tiles of this op; "
                    "write them",
             WalkResult::interrupt();
    if (auto convert = dyn_cast<ConvertLayoutOp>(op);
        convert && needsLayout(convert.getType()))
      return op->emitOpError()
                 << "converts to no layout: tile.convert_layout names the "
                    "layout it converts to",
             WalkResult::interrupt();
    if (isRecomputedTileOp(op, [&](Value v) { return cheap.count(v); }))
      cheap.insert(op->getResult(0));
    for (Group &group : opGroups) {
      for (const Tie &tie : group.ties)
        groupsOf[tie.value].push_back(groups.size());
      groups.push_back(std::move(group));
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

void LayoutLegalizer::assign(Value v, Attribute layout) {
  if (layouts.try_emplace(v, layout).second)
    queue.push_back(v);
}

/// Gives every free tile of a group the layout its pivot implies, from
/// each tile that has one, until nothing changes (loads excepted). A dot's
/// register A operand takes its dot-operand layout only once nothing else
/// reaches it: that layout should not spread back into the tiles A is
/// computed from (attention's softmax, which lives in the accumulator
/// layout of S), where one conversion of A before the dot does.
void LayoutLegalizer::spread() {
  SmallVector<std::pair<Value, Attribute>> deferred;
  while (!queue.empty() || !deferred.empty()) {
    if (queue.empty()) {
      for (auto [value, layout] : deferred)
        if (!layouts.count(value))
          assign(value, layout);
      deferred.clear();
      continue;
    }
    Value v = queue.front();
    queue.pop_front();
    Attribute layout = layouts.lookup(v);
    for (unsigned index : groupsOf.lookup(v)) {
      const Group &group = groups[index];
      for (const Tie &tie : group.ties) {
        if (tie.value != v)
          continue;
        Attribute pivot = invertTie(tie, layout);
        if (!pivot)
          continue;
        for (const Tie &other : group.ties)
          if (isFree(other.value) && !layouts.count(other.value) &&
              !isSelfAnchored(other.value))
            if (Attribute implied = applyTie(other, pivot)) {
              if (other.kind == Tie::DotOperand)
                deferred.emplace_back(other.value, implied);
              else
                assign(other.value, implied);
            }
      }
    }
  }
}

LogicalResult LayoutLegalizer::propagateFromAnchors() {
  // The user's layouts first: they are kept. Their warps are checked where
  // they are written, before they spread to tiles the user left out.
  auto keep = [&](Value v, Operation *at) {
    auto tensor = dyn_cast<RankedTensorType>(v.getType());
    if (!tensor || !tensor.getEncoding())
      return success();
    written.insert(v);
    assign(v, tensor.getEncoding());
    return checkTileWarps(func, v, at);
  };
  WalkResult written = func.walk([&](Operation *op) {
    for (Value v : op->getResults())
      if (failed(keep(v, op)))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Value v : block.getArguments())
          if (failed(keep(v, op)))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (written.wasInterrupted())
    return failure();
  spread();
  // Then the wgmma accumulators and the tiles tensor memory moves, which
  // only one layout can hold; all of them before any spreads, so that one
  // dot's layout reaching another's accumulator through the tiles between
  // them (a row statistic of S scaling O in attention) cannot displace it.
  WalkResult walk = func.walk([&](Operation *op) {
    Value tile;
    FailureOr<Attribute> layout = Attribute();
    if (auto dot = dyn_cast<DotOp>(op)) {
      tile = dot.getResult();
      if (isFree(tile) && !layouts.count(tile))
        layout = getAccumulatorLayout(dot);
    } else if (auto load = dyn_cast<tmem::LoadOp>(op)) {
      tile = load.getResult();
      if (isFree(tile) && !layouts.count(tile))
        layout =
            getTensorMemoryLayout(op, load.getType(), load.getSrc().getType());
    } else if (auto store = dyn_cast<tmem::StoreOp>(op)) {
      tile = store.getValue();
      if (isFree(tile) && !layouts.count(tile))
        layout = getTensorMemoryLayout(op, store.getValue().getType(),
                                       store.getDst().getType());
    }
    if (failed(layout))
      return WalkResult::interrupt();
    if (*layout)
      assign(tile, *layout);
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  spread();
  // Then loads, and last every tile nothing reached.
  func.walk([&](LoadOp load) {
    if (isFree(load.getResult()) && !layouts.count(load.getResult()))
      assign(load.getResult(), getLoadLayout(load));
    spread();
  });
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto visit = [&](Value v) {
      if (isFree(v) && !layouts.count(v)) {
        assign(v, getDefaultLayout(v));
        spread();
      }
    };
    for (Region &region : op->getRegions())
      for (Block &block : region)
        llvm::for_each(block.getArguments(), visit);
    llvm::for_each(op->getResults(), visit);
  });
  return success();
}

FailureOr<Attribute> LayoutLegalizer::getAccumulatorLayout(DotOp dot) {
  auto type = cast<RankedTensorType>(dot.getType());
  int64_t m = type.getDimSize(0), n = type.getDimSize(1);
  Region *region = dot->getParentRegion();
  int64_t regionWarps = getWarps(region);
  if (regionWarps % 4 != 0) {
    InFlightDiagnostic diag = dot.emitOpError()
                              << "needs whole warpgroups for its wgmma "
                                 "accumulator, but ";
    return describeWarps(diag, region) << ": use a multiple of 4";
  }
  if (failed(checkWholeRegionLayout(dot, region, regionWarps)))
    return failure();
  if (m % (16 * regionWarps) != 0) {
    InFlightDiagnostic diag = dot.emitOpError()
                              << "has a " << m << "x" << n
                              << " accumulator, but ";
    return describeWarps(diag, region)
           << " and each takes 16 rows: M must be a multiple of "
           << 16 * regionWarps << " (" << m / 16
           << " or fewer warps in whole warpgroups fit M = " << m << ")";
  }
  if (n > 256 || !llvm::isPowerOf2_64(n) || n < 8)
    return dot.emitOpError()
           << "has N = " << n
           << ": tile-legalize-layouts gives a tile.dot one wgmma "
              "instruction per row of warps, whose N is a power of two from "
              "8 to 256; split the tile along N";
  SmallVector<unsigned> warps = {unsigned(regionWarps), 1};
  SmallVector<unsigned> instr = {16, unsigned(n)};
  return Attribute(WgmmaLayoutAttr::get(context, warps, instr));
}

/// The 32x32b tcgen05.ld / tcgen05.st layout: thread l of warp w holds row
/// 32 (w % 4) + l, further warpgroups split the columns.
FailureOr<Attribute>
LayoutLegalizer::getTensorMemoryLayout(Operation *op, RankedTensorType tile,
                                       tmem::BufferType buffer) {
  int64_t rows = tile.getDimSize(0), cols = tile.getDimSize(1);
  Region *region = op->getParentRegion();
  int64_t regionWarps = getWarps(region);
  int64_t groupsOfWarps = regionWarps / 4;
  if (tile.getRank() != 2 || rows != 128 || regionWarps % 4 != 0 ||
      cols % groupsOfWarps != 0) {
    InFlightDiagnostic diag =
        op->emitOpError() << "moves a " << rows << "x" << cols
                          << " tile: tile-legalize-layouts lays out 128-row "
                             "tiles over whole warpgroups (tcgen05.ld/st "
                             "32x32b, a row per thread), and ";
    return describeWarps(diag, region) << "; write the tile's layout";
  }
  if (failed(checkWholeRegionLayout(op, region, regionWarps)))
    return failure();
  SmallVector<unsigned> spt = {1, unsigned(cols / groupsOfWarps)};
  SmallVector<unsigned> tpw = {32, 1}, order = {0, 1};
  SmallVector<unsigned> wpc = {4, unsigned(groupsOfWarps)};
  auto layout = BlockedLayoutAttr::get(context, spt, tpw, wpc, order);
  std::string why;
  if (failed(planTensorMemoryAccess(withLayout(tile, layout), buffer, why)))
    return op->emitOpError() << "has no register layout tile-legalize-layouts "
                                "can give it: "
                             << why;
  return Attribute(layout);
}

/// A layout the groups around `v` already ask of it, if any.
Attribute LayoutLegalizer::getWantedLayout(Value v) {
  for (unsigned index : groupsOf.lookup(v)) {
    const Group &group = groups[index];
    const Tie *mine = llvm::find_if(
        group.ties, [&](const Tie &tie) { return tie.value == v; });
    for (const Tie &other : group.ties) {
      auto it = layouts.find(other.value);
      if (other.value == v || it == layouts.end())
        continue;
      if (Attribute pivot = invertTie(other, it->second))
        if (Attribute wanted = applyTie(*mine, pivot))
          return wanted;
    }
  }
  return {};
}

/// The windows (tile.extract_slice results) cut from tiles of `v`'s shape
/// that take `v`'s layout: those the same layout ties to `v` through their
/// groups. Windows at offsets that are not multiples of their sizes are
/// read through shared memory in any layout: not among them.
SmallVector<RankedTensorType> LayoutLegalizer::getWindowsCutFrom(Value v) {
  SmallVector<RankedTensorType> windows;
  DenseSet<Value> seen = {v};
  SmallVector<Value> work = {v};
  while (!work.empty()) {
    Value tile = work.pop_back_val();
    for (unsigned index : groupsOf.lookup(tile)) {
      const Group &group = groups[index];
      auto window = dyn_cast<ExtractSliceOp>(group.op);
      if (window && window.getSrc() == tile &&
          window.getSrc().getType().getShape() ==
              cast<RankedTensorType>(v.getType()).getShape() &&
          isAlignedWindow(window.getOffsets(), window.getType().getShape()))
        windows.push_back(window.getType());
      if (llvm::none_of(group.ties, [&](const Tie &tie) {
            return tie.value == tile && tie.kind == Tie::Same;
          }))
        continue;
      for (const Tie &other : group.ties)
        if (other.kind == Tie::Same && !written.count(other.value) &&
            seen.insert(other.value).second)
          work.push_back(other.value);
    }
  }
  return windows;
}

Attribute LayoutLegalizer::getDefaultLayout(Value v, int64_t contiguity) {
  return getCoalescedLayout(cast<RankedTensorType>(v.getType()),
                            getWindowsCutFrom(v),
                            getLayoutWarps(v.getParentRegion()), contiguity);
}

/// For the group of a window (tile.extract_slice) whose `pivot` makes the
/// window need other threads' data: a pivot that keeps it in the threads
/// holding it (getThreadLocalSourceLayout). Null for other groups, where
/// `pivot` is one, or where no such layout exists.
Attribute LayoutLegalizer::getThreadLocalWindowPivot(const Group &group,
                                                     Attribute pivot) {
  auto window = dyn_cast<ExtractSliceOp>(group.op);
  if (!window || !pivot)
    return {};
  auto source = cast<RankedTensorType>(window.getSrc().getType());
  auto type = cast<RankedTensorType>(window.getType());
  const Tie &cut = group.ties.back();
  auto isLocal = [&](Attribute layout) {
    Attribute windowLayout = applyTie(cut, layout);
    return windowLayout && isThreadLocalWindow(withLayout(source, layout),
                                               withLayout(type, windowLayout));
  };
  if (isLocal(pivot))
    return {};
  Attribute local = getThreadLocalSourceLayout(
      window, getLayoutWarps(window->getParentRegion()));
  return local && isLocal(local) ? local : Attribute();
}

/// The coalesced layout for the load's offsets, or the layout its users
/// want when the cost model prefers loading in it.
Attribute LayoutLegalizer::getLoadLayout(LoadOp load) {
  int64_t contiguity = getAxisInfo(load.getOffsets()).contiguity;
  Attribute coalesced = getDefaultLayout(load.getResult(), contiguity);
  Attribute wanted = getWantedLayout(load.getResult());
  if (!wanted || wanted == coalesced)
    return coalesced;
  auto type = cast<RankedTensorType>(load.getType());
  RankedTensorType wantedType = withLayout(type, wanted);
  FailureOr<LayoutConversionPlan> plan =
      planLayoutConversion(withLayout(type, coalesced), wantedType);
  bool movesData = failed(plan) ||
                   plan->kind == LayoutConversionKind::WarpShuffle ||
                   plan->kind == LayoutConversionKind::SharedMemory;
  if (movesData && getSectorEfficiency(wantedType, contiguity) >= 0.5)
    return wanted;
  return coalesced;
}

} // namespace

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

namespace {

/// The pivot of a group from its decider's layout, once the decider is
/// typed (a cheap decider, a stored fill value, takes the default; a
/// stored value in a layout of its own that wastes sectors is converted
/// to the coalesced one).
Attribute LayoutLegalizer::choosePivot(const Group &group, Value &source) {
  const Tie &decider = group.ties[group.decider];
  Value value = decider.use ? decider.use->get() : decider.value;
  source = Value();
  if (auto store = dyn_cast<tmem::StoreOp>(group.op)) {
    // The value's layout where tcgen05.st can store it, else the 32x32b one.
    auto tile = cast<RankedTensorType>(value.getType());
    std::string why;
    if (tile.getEncoding() &&
        succeeded(planTensorMemoryAccess(tile, store.getDst().getType(), why))) {
      source = value;
      return tile.getEncoding();
    }
    FailureOr<Attribute> layout =
        getTensorMemoryLayout(store, tile, store.getDst().getType());
    return succeeded(layout) ? *layout : Attribute();
  }
  auto store = dyn_cast<StoreOp>(group.op);
  // A store whose offsets (or mask) the user laid out and its value not:
  // the user said how to address memory; the value converts to it.
  if (store && !written.count(value))
    for (const Tie &tie : group.ties)
      if (tie.use && written.count(tie.use->get())) {
        source = tie.use->get();
        return invertTie(
            tie, cast<RankedTensorType>(source.getType()).getEncoding());
      }
  int64_t contiguity =
      store ? getAxisInfo(store.getOffsets()).contiguity : int64_t(16);
  Attribute layout = cast<RankedTensorType>(value.getType()).getEncoding();
  if (!layout)
    return getDefaultLayout(value, contiguity);
  if (store && !written.count(value) &&
      getSectorEfficiency(cast<RankedTensorType>(value.getType()), contiguity) <
          0.5)
    return getDefaultLayout(value, contiguity);
  source = value;
  return invertTie(decider, layout);
}

/// A copy of the computation of cheap `v` in `layout`, right after the
/// original (whose operands dominate every use of it).
Value LayoutLegalizer::materialize(Value v, Attribute layout) {
  auto [it, inserted] = copies.try_emplace({v, layout}, Value());
  if (!inserted)
    return it->second;
  Operation *def = v.getDefiningOp();
  OpBuilder b(def);
  // A window that `layout` would make need other threads' data is cut in a
  // layout where it does not (from a source in `local`), then converted.
  Attribute local, cut;
  if (isa<ExtractSliceOp>(def)) {
    Group group = getGroups(def).front();
    local = getThreadLocalWindowPivot(group, layout);
    cut = local ? applyTie(group.ties.back(), local) : Attribute();
  }
  if (cut && cut != layout) {
    Value window = materialize(v, cut);
    b.setInsertionPointAfterValue(window);
    return copies[{v, layout}] = ConvertLayoutOp::create(
               b, v.getLoc(), withLayout(v.getType(), layout), window);
  }
  b.setInsertionPointAfter(def);
  Operation *copy = b.clone(*def);
  RankedTensorType type = withLayout(v.getType(), layout);
  copy->getResult(0).setType(type);
  if (auto constant = dyn_cast<arith::ConstantOp>(copy))
    constant.setValueAttr(
        cast<DenseElementsAttr>(constant.getValue()).reshape(type));
  for (Group &group : getGroups(copy)) {
    // The pivot from the copy's result (a window's source: `local` or its).
    const Tie *result =
        llvm::find_if(group.ties, [](const Tie &tie) { return !tie.use; });
    Attribute pivot = invertTie(*result, layout);
    if (!pivot)
      pivot = local ? local : layout;
    for (const Tie &tie : group.ties)
      if (tie.use && needsLayout(tie.value.getType()))
        tie.use->set(materialize(tie.value, applyTie(tie, pivot)));
  }
  return copies[{v, layout}] = copy->getResult(0);
}

/// `v` in `layout` for its use `use`: itself, or a tile.convert_layout
/// shared by the users it dominates, placed before the first of them (in
/// `v`'s block), not after the definition: a tmem.load's registers are not
/// ready before its tmem.wait, which the first user follows.
Value LayoutLegalizer::convert(Value v, Attribute layout, OpOperand &use,
                               Value decider) {
  if (cast<RankedTensorType>(v.getType()).getEncoding() == layout)
    return v;
  Operation *user = use.getOwner();
  Value &converted = copies[{v, layout}];
  if (converted && dominance.properlyDominates(converted, user))
    return converted;
  if (!canConvert(v, layout, use, decider))
    return v;
  OpBuilder b(context);
  b.setInsertionPoint(v.getParentBlock()->findAncestorOpInBlock(*user));
  converted = ConvertLayoutOp::create(b, v.getLoc(),
                                      withLayout(v.getType(), layout), v);
  return converted;
}

/// Prints `layout` and, where it has one, its linear map.
static void describeLayout(Diagnostic &diag, RankedTensorType type) {
  diag << type.getEncoding();
  if (FailureOr<LinearLayout> map = toLinearLayout(type); succeeded(map))
    diag << ", as a linear map " << map->toString();
}

/// "the result of 'op'" or "a block argument".
static std::string describeSource(Value v) {
  Operation *producer = v.getDefiningOp();
  return producer ? "the result of '" +
                        producer->getName().getStringRef().str() + "'"
                  : std::string("a block argument");
}

/// Whether `v` converts to `layout` for `use` (which takes the layout from
/// its group's `decider`); if not, reports the conflict: both ops, both
/// layouts (as linear maps too), and the conversion that would be needed.
bool LayoutLegalizer::canConvert(Value v, Attribute layout, OpOperand &use,
                                 Value decider) {
  auto from = cast<RankedTensorType>(v.getType());
  // Layouts are linear maps over power-of-two tiles only: another tile has
  // no second layout to convert to, whatever the two are.
  for (auto [d, size] : llvm::enumerate(from.getShape()))
    if (!llvm::isPowerOf2_64(size)) {
      conflicted = true;
      use.getOwner()->emitOpError()
          << "not supported yet: operand #" << use.getOperandNumber() << " ("
          << describeSource(v) << ", "
          << RankedTensorType::get(from.getShape(), from.getElementType())
          << ") is needed in another layout than it has, and register tiles "
             "change layouts only with power-of-two dimensions (dimension "
          << d << " is " << size << ")";
      return false;
    }
  RankedTensorType to = withLayout(from, layout);
  FailureOr<LinearLayout> src = toLinearLayout(from);
  FailureOr<LinearLayout> dst = toLinearLayout(to);
  std::string why = "a layout has no linear map";
  if (succeeded(src) && succeeded(dst) &&
      succeeded(planLayoutConversion(*src, *dst, &why)))
    return true;
  conflicted = true;
  Operation *user = use.getOwner();
  std::string source = describeSource(v);
  InFlightDiagnostic diag =
      user->emitOpError()
      << "needs operand #" << use.getOperandNumber() << " (" << source
      << ", " << (written.count(v) ? "laid out by the user" : "laid out")
      << " as " << from.getEncoding() << ") as " << layout
      << ", and tile-legalize-layouts cannot resolve the conflict: the "
         "conversion it would need, tile.convert_layout from "
      << from.getEncoding() << " to " << layout << ", does not exist ("
      << why << ")";
  Diagnostic &produced = diag.attachNote(v.getLoc());
  produced << source << " has ";
  describeLayout(produced, from);
  Diagnostic &needed = diag.attachNote(user->getLoc());
  needed << "'" << user->getName() << "' needs ";
  describeLayout(needed, to);
  if (decider && decider != v)
    diag.attachNote(decider.getLoc())
        << "'" << user->getName() << "' takes that layout from "
        << describeSource(decider) << ", laid out as "
        << cast<RankedTensorType>(decider.getType()).getEncoding();
  return false;
}

/// A result whose layout the user wrote but its op cannot produce (a
/// reduction written in a layout that is not a slice of its source's):
/// the op produces `implied`, converted to the written layout for every
/// user, so the layout the user wrote is kept.
void LayoutLegalizer::keepWrittenLayout(OpResult result, Attribute implied) {
  auto writtenType = cast<RankedTensorType>(result.getType());
  if (result.use_empty()) {
    result.setType(withLayout(writtenType, implied));
    return;
  }
  OpOperand &firstUse = *result.getUses().begin();
  result.setType(withLayout(writtenType, implied));
  // The conversion goes from what the op produces to the layout written.
  if (!canConvert(result, writtenType.getEncoding(), firstUse, Value())) {
    result.setType(writtenType);
    return;
  }
  OpBuilder b = OpBuilder::atBlockBegin(result.getOwner()->getBlock());
  b.setInsertionPointAfter(result.getOwner());
  auto back = ConvertLayoutOp::create(b, result.getLoc(), writtenType, result);
  result.replaceAllUsesExcept(back, back);
}

LogicalResult LayoutLegalizer::rewrite() {
  // Every free tile takes its layout; then each group, in program order (a
  // decider is typed before the groups that read it), forces its other
  // results and block arguments; then, every type final, operands are
  // converted (or cheap ones recomputed) to what their groups need.
  for (auto &[value, layout] : layouts)
    if (needsLayout(value.getType()))
      value.setType(withLayout(value.getType(), layout));
  SmallVector<Attribute> pivots;
  SmallVector<Value> sources(groups.size());
  for (const Group &group : groups) {
    bool isCheap =
        group.op->getNumResults() == 1 && cheap.count(group.op->getResult(0));
    Value &source = sources[pivots.size()];
    pivots.push_back(isCheap ? Attribute() : choosePivot(group, source));
    if (Attribute local = getThreadLocalWindowPivot(group, pivots.back())) {
      pivots.back() = local;
      source = Value();
    }
    if (!pivots.back())
      continue;
    for (const Tie &tie : group.ties) {
      Attribute layout = applyTie(tie, pivots.back());
      if (!layout || tie.use)
        continue;
      auto type = cast<RankedTensorType>(tie.value.getType());
      if (!written.count(tie.value) || type.getEncoding() == layout) {
        Value(tie.value).setType(withLayout(type, layout));
        continue;
      }
      // (A block argument the user laid out decides its group: scf.for
      // and scf.while take it as their pivot.)
      if (auto result = dyn_cast<OpResult>(tie.value))
        keepWrittenLayout(result, layout);
    }
  }
  if (conflicted)
    return failure();
  for (auto [group, pivot, decidedBy] :
       llvm::zip_equal(groups, pivots, sources)) {
    if (!pivot)
      continue;
    for (const Tie &tie : group.ties) {
      Attribute layout = applyTie(tie, pivot);
      if (!tie.use || !layout)
        continue;
      Value v = tie.use->get();
      tie.use->set(cheap.count(v) ? materialize(v, layout)
                                  : convert(v, layout, *tie.use, decidedBy));
    }
  }
  // No-op user conversions and the originals of copied cheap tiles go.
  func.walk([&](ConvertLayoutOp op) {
    if (op.getSrc().getType() == op.getType()) {
      op.replaceAllUsesWith(op.getSrc());
      op->erase();
    }
  });
  SmallVector<Operation *> originals;
  func.walk([&](Operation *op) {
    if (op->getNumResults() == 1 && cheap.count(op->getResult(0)))
      originals.push_back(op);
  });
  for (Operation *op : llvm::reverse(originals))
    if (op->use_empty())
      op->erase();
  return failure(conflicted);
}

LogicalResult LayoutLegalizer::verifyComplete() {
  WalkResult walk = func.walk([&](Operation *op) {
    bool left = llvm::any_of(op->getResultTypes(), needsLayout) ||
                llvm::any_of(op->getOperandTypes(), needsLayout);
    if (left)
      return op->emitOpError() << "internal error: tile-legalize-layouts "
                                  "left a register tile of this op without "
                                  "a layout",
             WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

struct LegalizeLayouts
    : public tilemlir::impl::TileLegalizeLayoutsBase<LegalizeLayouts> {
  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUFuncOp func) {
      // Tensor-memory buffers first (tcgen05.ld/st register layouts follow
      // from theirs), then register tiles (a shared buffer only registers
      // touch takes the swizzle that suits their layouts).
      if (failed(legalizeTensorMemoryLayouts(func)) ||
          failed(legalizeRegisterTiles(func)) ||
          failed(legalizeSharedLayouts(func)) ||
          failed(checkWarpCoverage(func)) ||
          failed(checkLaidOutTypes(func, "tile-legalize-layouts")))
        signalPassFailure();
    });
  }

  static LogicalResult checkWarpCoverage(gpu::GPUFuncOp func) {
    WalkResult walk = func.walk([&](Operation *op) {
      for (Value v : op->getResults())
        if (failed(checkTileWarps(func, v, op)))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return failure(walk.wasInterrupted());
  }
  /// Partitions may use constants defined above them (any warp can
  /// rematerialize one). A register-tile constant gets a copy in each
  /// partition that uses it, at the partition's start, so that its layout
  /// (and any conversion of it) is over the partition's warps and inside
  /// the isolated region.
  static void copyConstantsIntoPartitions(gpu::GPUFuncOp func) {
    func.walk([&](WarpSpecializeOp ws) {
      for (Region &partition : ws.getPartitionRegions()) {
        DenseMap<Operation *, Operation *> copies;
        partition.walk([&](Operation *op) {
          for (OpOperand &operand : op->getOpOperands()) {
            Operation *def = operand.get().getDefiningOp();
            if (!def || !isa<RankedTensorType>(operand.get().getType()) ||
                !def->hasTrait<OpTrait::ConstantLike>() ||
                partition.isAncestor(def->getParentRegion()))
              continue;
            Operation *&copy = copies[def];
            if (!copy) {
              OpBuilder b = OpBuilder::atBlockBegin(&partition.front());
              copy = b.clone(*def);
            }
            operand.set(copy->getResult(0));
          }
        });
        for (auto [original, copy] : copies)
          if (original->use_empty())
            original->erase();
      }
    });
  }

  static LogicalResult legalizeRegisterTiles(gpu::GPUFuncOp func) {
    copyConstantsIntoPartitions(func);
    cutRecomputedWindows(func);
    bool free = false;
    func.walk([&](Operation *op) {
      free |= llvm::any_of(op->getResultTypes(), needsLayout);
    });
    if (!free)
      return success();
    auto numWarps =
        func->getAttrOfType<IntegerAttr>(TileDialect::kNumWarpsAttrName);
    if (!numWarps)
      return func.emitOpError()
             << "has register tiles without layouts but no "
             << TileDialect::kNumWarpsAttrName
             << ": tile-legalize-layouts needs the kernel's warp count to "
                "choose their layouts";
    return LayoutLegalizer(func, numWarps.getInt()).run();
  }
};

} // namespace
