//===- InsertFences.cpp - Proxy fences before async-proxy reads -----------===//
//
// Shared memory written through the generic proxy (tile.smem_store) is not
// visible to the async proxy (TMA stores and reductions, bulk stores, wgmma
// and tcgen05 operand reads, tcgen05.cp) until the writing thread executes
// fence.proxy.async. This pass finds every async-proxy read of a buffer that
// a generic write can reach without a tile.fence_async_shared in between,
// and puts one fence right after the write: in the writing threads, before
// whatever barrier then hands the buffer to the issuing thread.
//
// Nothing is added for the other direction (an async read, then a generic
// write): waiting for the async operation (an mbarrier wait on its commit,
// tma.store_wait, tile.dot_wait) already orders the two proxies there.
//
// Reachability follows structured control flow: both branches of scf.if,
// loop bodies around their back edge, and the regions of a
// tile.warp_specialize as concurrent code (a write another partition
// leaves unfenced reaches the reads of this one).
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "TMem/TMemDialect.h"
#include "Tile/TileDialect.h"

#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEINSERTFENCES
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {

/// The buffer a shared-memory view is a view of: its tile.alloc_smem, seen
/// through views and tile.warp_specialize captures; null when the chain
/// leaves what this pass can follow.
Value rootOf(Value smem) {
  while (true) {
    Operation *def = smem.getDefiningOp();
    if (isa_and_nonnull<tile::AllocSmemOp>(def))
      return smem;
    if (auto view = dyn_cast_or_null<tile::SmemIndexOp>(def)) {
      smem = view.getSrc();
      continue;
    }
    if (auto view = dyn_cast_or_null<tile::SmemSubsliceOp>(def)) {
      smem = view.getSrc();
      continue;
    }
    if (auto view = dyn_cast_or_null<tile::SmemTransOp>(def)) {
      smem = view.getSrc();
      continue;
    }
    auto arg = dyn_cast<BlockArgument>(smem);
    auto ws =
        arg ? dyn_cast<tile::WarpSpecializeOp>(arg.getOwner()->getParentOp())
            : nullptr;
    if (!ws)
      return Value();
    smem = ws.getExplicitCaptures()[arg.getArgNumber()];
  }
}

/// The shared buffers `op` reads through the async proxy.
SmallVector<Value> asyncReads(Operation *op) {
  if (!isa<tma::AsyncStoreOp, tma::AsyncReduceOp, tma::BulkStoreOp, tile::DotOp,
           tmem::CopyOp, tmem::MMAOp, tmem::MMAScaledOp>(op))
    return {};
  SmallVector<Value> buffers;
  for (Value operand : op->getOperands())
    if (isa<tile::SharedMemoryType>(operand.getType()))
      buffers.push_back(operand);
  return buffers;
}

/// Generic-proxy writes not yet followed by a fence, by buffer (in the
/// order they were made).
using Pending = llvm::MapVector<Value, Operation *>;

void merge(Pending &into, const Pending &other) {
  for (auto [buffer, write] : other)
    into.insert({buffer, write});
}

/// An async-proxy read a generic write reaches unfenced.
struct Hazard {
  Operation *write = nullptr;
  Operation *read = nullptr;
};

class HazardFinder {
public:
  /// The first hazard in `func`, in program order.
  std::optional<Hazard> find(gpu::GPUFuncOp func) {
    hazard.reset();
    untraced.clear();
    Pending pending;
    walk(func.getBody().front(), pending);
    return hazard;
  }

  /// Async-proxy reads whose buffer could not be traced to an allocation.
  SmallVector<Operation *> untraced;

private:
  void walk(Block &block, Pending &pending) {
    for (Operation &op : block) {
      if (hazard)
        return;
      visit(&op, pending);
    }
  }
  void visit(Operation *op, Pending &pending);
  void visitConcurrent(tile::WarpSpecializeOp ws, Pending &pending);

  std::optional<Hazard> hazard;
};

void HazardFinder::visit(Operation *op, Pending &pending) {
  if (isa<tile::FenceAsyncSharedOp>(op)) {
    pending.clear();
    return;
  }
  if (auto store = dyn_cast<tile::SmemStoreOp>(op)) {
    if (Value root = rootOf(store.getDst())) {
      pending.erase(root);
      pending.insert({root, op});
    }
    return;
  }
  for (Value buffer : asyncReads(op)) {
    Value root = rootOf(buffer);
    if (!root) {
      untraced.push_back(op);
      continue;
    }
    auto it = pending.find(root);
    if (it != pending.end()) {
      hazard = Hazard{it->second, op};
      return;
    }
  }
  if (auto ws = dyn_cast<tile::WarpSpecializeOp>(op))
    return visitConcurrent(ws, pending);
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    Pending elsePending = pending;
    walk(*ifOp.thenBlock(), pending);
    if (Block *elseBlock = ifOp.elseBlock())
      walk(*elseBlock, elsePending);
    merge(pending, elsePending);
    return;
  }
  for (Region &region : op->getRegions()) {
    for (Block &block : region) {
      // A loop body runs again after itself: what its end leaves unfenced
      // reaches its beginning.
      Pending once = pending;
      walk(block, once);
      if (isa<LoopLikeOpInterface>(op)) {
        merge(once, pending);
        walk(block, once);
      }
      merge(pending, once);
    }
  }
}

void HazardFinder::visitConcurrent(tile::WarpSpecializeOp ws,
                                   Pending &pending) {
  // The regions run at the same time: each sees what it inherits and what
  // the others leave unfenced (at their end, loops included).
  SmallVector<Region *> regions(ws->getRegions().size());
  for (auto [i, region] : llvm::enumerate(ws->getRegions()))
    regions[i] = &region;
  SmallVector<Pending> left;
  for (Region *region : regions) {
    Pending state = pending;
    walk(region->front(), state);
    left.push_back(state);
  }
  for (auto [i, region] : llvm::enumerate(regions)) {
    Pending state = pending;
    for (auto [j, other] : llvm::enumerate(left))
      if (i != j)
        merge(state, other);
    walk(region->front(), state);
  }
  for (const Pending &state : left)
    merge(pending, state);
}

/// Where a fence for `write` must go so that it runs, in the writing
/// threads, after the write and before `read`: right after the write, or
/// after the loop or branch around the write that precedes the read.
Operation *fencePoint(Operation *write, Operation *read) {
  for (Operation *at = write; at; at = at->getParentOp()) {
    if (at->getBlock()->findAncestorOpInBlock(*read))
      return at;
    // Concurrent regions hand the buffer over through barriers: the writer
    // fences in its own region.
    if (isa<tile::WarpSpecializeOp, gpu::GPUFuncOp>(at->getParentOp()))
      break;
  }
  return write;
}

struct InsertFences
    : public tilemlir::impl::TileInsertFencesBase<InsertFences> {
  void runOnOperation() override {
    getOperation().walk([&](gpu::GPUFuncOp func) { insertFences(func); });
  }

  void insertFences(gpu::GPUFuncOp func) {
    HazardFinder finder;
    // Each fence clears every hazard of its writes; the number of
    // generic writes bounds the rounds.
    int64_t rounds = 0;
    func.walk([&](tile::SmemStoreOp) { ++rounds; });
    while (std::optional<Hazard> hazard = finder.find(func)) {
      if (rounds-- == 0)
        break;
      Operation *after = fencePoint(hazard->write, hazard->read);
      OpBuilder b(after->getContext());
      b.setInsertionPointAfter(after);
      tile::FenceAsyncSharedOp::create(b, hazard->write->getLoc());
    }
    llvm::SmallPtrSet<Operation *, 4> warned;
    for (Operation *op : finder.untraced)
      if (warned.insert(op).second)
        op->emitWarning()
            << "tile-insert-fences cannot tell which buffer this async-proxy "
               "read uses (its shared-memory operand does not come from a "
               "tile.alloc_smem through views): fence generic writes to it "
               "by hand";
  }
};

} // namespace
