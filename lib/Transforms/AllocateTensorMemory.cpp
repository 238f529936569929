//===- AllocateTensorMemory.cpp - Columns for tensor-memory buffers -------===//
//
// A kernel allocates all its tensor memory with one tcgen05.alloc: the
// instruction only hands out powers of two of 32 to 512 columns, at an
// address it chooses, so per-buffer allocations could neither be placed
// statically nor packed. Every tmem.alloc becomes a column offset into the
// kernel's allocation instead, like shared-memory buffers are offsets into
// the dynamic shared memory.
//
// tcgen05.alloc writes the address it chose to shared memory. The pass
// reserves that word as a tile.alloc_smem at the kernel's entry, before
// tile-allocate-shared-memory runs, and moves the tmem.allocs (which only
// compute an address) right behind it, so the lowering can read the base
// once and place every buffer. The kernel's last top-level tmem.dealloc
// frees the whole allocation.
//
//===----------------------------------------------------------------------===//

#include "LiveRangePacking.h"
#include "TileMLIR/Transforms/Passes.h"

#include "TMem/TMemDialect.h"
#include "Tile/TileDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEALLOCATETENSORMEMORY
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {

// Attribute names shared with the tcgen05 lowering. They are in the tmem
// namespace: the tile dialect verifies its own discardable attributes and
// knows only the shared-memory ones.
constexpr StringLiteral kColumnOffsetAttr =
    tmem::TMemDialect::kColumnOffsetAttrName;
constexpr StringLiteral kKernelColumnsAttr =
    tmem::TMemDialect::kTensorMemoryColumnsAttrName;
constexpr StringLiteral kBaseSlotAttr = tmem::TMemDialect::kBaseSlotAttrName;
constexpr StringLiteral kReleaseColumnsAttr =
    tmem::TMemDialect::kReleaseColumnsAttrName;

struct Buffer {
  tmem::AllocOp alloc;
  int64_t size;      // Columns.
  int64_t alignment; // Columns: the buffer's own (power-of-two) size.
  int64_t start;     // Lifetime in entry-block positions, inclusive.
  int64_t end;
  int64_t offset = -1;
};

/// True when `op` or an operation nested in it is a tmem operation.
bool touchesTensorMemory(Operation *op) {
  WalkResult result = op->walk([](Operation *nested) {
    return isa_and_nonnull<tmem::TMemDialect>(nested->getDialect())
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// True when `cond` is, or is an `and` with, the result of a tile.elect:
/// the guarded code runs on one thread of the elected scope.
bool isElectPredicate(Value cond) {
  if (cond.getDefiningOp<tile::ElectOp>())
    return true;
  if (auto andOp = cond.getDefiningOp<arith::AndIOp>())
    return andOp.getLhs().getDefiningOp<tile::ElectOp>() ||
           andOp.getRhs().getDefiningOp<tile::ElectOp>();
  return false;
}

/// tcgen05.cp, tcgen05.mma and tcgen05.commit are issued by the thread that
/// executes them; a kernel that runs them on every thread enqueues them once
/// per thread. Say so where no enclosing scf.if tests a tile.elect result.
void warnAboutUnelectedIssue(gpu::GPUFuncOp func) {
  func.walk([](Operation *op) {
    if (!isa<tmem::CopyOp, tmem::MMAOp, tmem::MMAScaledOp, tmem::CommitOp>(op))
      return;
    for (Operation *parent = op->getParentOp(); parent;
         parent = parent->getParentOp()) {
      if (auto ifOp = dyn_cast<scf::IfOp>(parent))
        if (isElectPredicate(ifOp.getCondition()))
          return;
      if (isa<gpu::GPUFuncOp>(parent))
        break;
    }
    op->emitWarning()
        << "is issued by every thread that executes it (tcgen05 operations "
           "are single-thread instructions): put it under an scf.if on "
           "tile.elect";
  });
}

/// The release point: the last top-level tmem.dealloc frees the kernel's
/// whole allocation, since tcgen05.dealloc frees what one tcgen05.alloc
/// took. Checks that every allocation is at the top level, that the release
/// frees one of them and that nothing uses tensor memory after it.
FailureOr<tmem::DeallocOp> findRelease(gpu::GPUFuncOp func,
                                       ArrayRef<tmem::AllocOp> allocs) {
  Block &entry = func.getBody().front();
  for (tmem::AllocOp alloc : allocs)
    if (alloc->getBlock() != &entry)
      return alloc.emitOpError()
             << "not supported yet: tmem.alloc nested in a region; "
                "allocate tensor memory at the kernel's top level (the "
                "kernel makes a single tcgen05.alloc at its entry)";
  tmem::DeallocOp release;
  for (Operation &op : entry)
    if (auto dealloc = dyn_cast<tmem::DeallocOp>(op))
      release = dealloc;
  if (!release)
    return tmem::AllocOp(allocs.front()).emitOpError()
           << "is never freed: the kernel needs a tmem.dealloc at its top "
              "level after its last use of tensor memory (tcgen05.dealloc "
              "must run before the CTA exits)";
  auto releasedAlloc = release.getBuffer().getDefiningOp<tmem::AllocOp>();
  if (!releasedAlloc || releasedAlloc->getBlock() != &entry)
    return release.emitOpError()
           << "frees the kernel's tensor memory and must free a buffer "
              "that tmem.alloc returned at the kernel's top level";
  for (Operation *op = release->getNextNode(); op; op = op->getNextNode())
    if (touchesTensorMemory(op))
      return op->emitOpError()
             << "uses tensor memory after the kernel's last tmem.dealloc, "
                "which frees all of it";
  return release;
}

/// Gives every allocation its column offset; returns the columns the
/// kernel allocates (a power of two of at least 32).
FailureOr<int64_t> placeBuffers(gpu::GPUFuncOp func,
                                ArrayRef<tmem::AllocOp> allocs) {
  Block &entry = func.getBody().front();
  DenseMap<Operation *, int64_t> position;
  int64_t counter = 0;
  for (Operation &op : entry)
    position[&op] = counter++;

  // Lifetimes: from the allocation to its top-level dealloc. Asynchronous
  // copies and MMAs must have completed by then (tmem.dealloc's
  // contract), so the columns can be reused afterwards.
  SmallVector<Buffer> buffers;
  for (tmem::AllocOp alloc : allocs) {
    int64_t columns = alloc.getAllocColumns();
    Buffer buffer{alloc, columns, columns, position[alloc],
                  std::numeric_limits<int64_t>::max()};
    for (Operation *user : alloc->getUsers())
      if (isa<tmem::DeallocOp>(user) && user->getBlock() == &entry)
        buffer.end = std::min(buffer.end, position[user]);
    buffers.push_back(buffer);
  }

  // Each buffer is aligned to its own power-of-two size so that none
  // straddles an alignment boundary of a larger one.
  SmallVector<Buffer *> order;
  for (Buffer &buffer : buffers)
    order.push_back(&buffer);
  int64_t total = tilemlir::packLiveRanges(order);
  int64_t columns = std::max<int64_t>(tmem::TMemDialect::kMinAllocColumns,
                                      llvm::PowerOf2Ceil(total));
  if (columns > tmem::TMemDialect::kNumColumns) {
    InFlightDiagnostic diag =
        func.emitOpError()
        << "needs " << total << " tensor-memory columns, but an SM has "
        << tmem::TMemDialect::kNumColumns << " available";
    for (Buffer *buffer : llvm::ArrayRef(order).take_front(4))
      diag.attachNote(buffer->alloc.getLoc())
          << buffer->size << " columns allocated here";
    return failure();
  }

  Builder builder(func.getContext());
  for (Buffer &buffer : buffers)
    buffer.alloc->setAttr(kColumnOffsetAttr,
                          builder.getI64IntegerAttr(buffer.offset));
  return columns;
}

/// Every warp that touched tensor memory must be done before warp 0 frees
/// it: orders their tcgen05 operations before a thread barrier, and the
/// dealloc after it.
void fenceRelease(tmem::DeallocOp release) {
  OpBuilder b(release);
  Location loc = release.getLoc();
  Operation *previous = release->getPrevNode();
  auto barrier = dyn_cast_or_null<tile::BarrierOp>(previous);
  if (barrier && barrier.isCTAWide()) {
    b.setInsertionPoint(previous);
    tmem::FenceOp::create(b, loc, tmem::FenceKind::Before);
  } else {
    tmem::FenceOp::create(b, loc, tmem::FenceKind::Before);
    tile::BarrierOp::create(b, loc);
  }
  b.setInsertionPoint(release);
  tmem::FenceOp::create(b, loc, tmem::FenceKind::After);
}

/// The base-address slot at the very start of the kernel, where every warp
/// (before any warp specialization) runs the allocation, followed by the
/// buffers' addresses.
void insertBaseSlot(gpu::GPUFuncOp func, ArrayRef<tmem::AllocOp> allocs,
                    int64_t columns) {
  Block &entry = func.getBody().front();
  OpBuilder b(func.getContext());
  b.setInsertionPointToStart(&entry);
  auto slotType = tile::SharedMemoryType::get(
      {1}, b.getI32Type(), Attribute(), /*isMutable=*/true);
  auto slot = tile::AllocSmemOp::create(b, func.getLoc(), slotType, Value());
  slot->setAttr(kBaseSlotAttr, b.getI64IntegerAttr(columns));
  Operation *last = slot;
  for (tmem::AllocOp alloc : allocs) {
    // An initial value is computed where the allocation was: it becomes
    // a tcgen05.st (tmem.store) there.
    if (Value init = alloc.getInit()) {
      b.setInsertionPointAfter(alloc);
      tmem::StoreOp::create(b, alloc.getLoc(), init, alloc.getResult());
      alloc.getInitMutable().clear();
    }
    alloc->moveAfter(last);
    last = alloc;
  }
}

struct AllocateTensorMemory
    : public tilemlir::impl::TileAllocateTensorMemoryBase<
          AllocateTensorMemory> {
  void runOnOperation() override {
    WalkResult result = getOperation().walk([&](gpu::GPUFuncOp func) {
      if (failed(allocate(func)))
        return WalkResult::interrupt();
      warnAboutUnelectedIssue(func);
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  LogicalResult allocate(gpu::GPUFuncOp func) {
    SmallVector<tmem::AllocOp> allocs;
    func.walk([&](tmem::AllocOp alloc) { allocs.push_back(alloc); });
    if (allocs.empty())
      return success();
    // Running the pass twice must not allocate twice.
    if (func->hasAttr(kKernelColumnsAttr))
      return success();
    if (!func.isKernel())
      return allocs.front().emitOpError()
             << "tensor memory can only be allocated in a kernel (a gpu.func "
                "with the kernel attribute)";
    FailureOr<tmem::DeallocOp> release = findRelease(func, allocs);
    if (failed(release))
      return failure();
    FailureOr<int64_t> columns = placeBuffers(func, allocs);
    if (failed(columns))
      return failure();

    // The release frees the whole allocation, from the released buffer's
    // offset.
    Builder builder(func.getContext());
    func->setAttr(kKernelColumnsAttr, builder.getI64IntegerAttr(*columns));
    Operation *releasedAlloc = release->getBuffer().getDefiningOp();
    (*release)->setAttr(kReleaseColumnsAttr,
                        builder.getI64IntegerAttr(*columns));
    (*release)->setAttr(kColumnOffsetAttr,
                        releasedAlloc->getAttr(kColumnOffsetAttr));
    fenceRelease(*release);
    insertBaseSlot(func, allocs, *columns);
    return success();
  }
};

} // namespace
