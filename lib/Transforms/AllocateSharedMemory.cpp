//===- AllocateSharedMemory.cpp - Offsets for shared buffers --------------===//
//
// Every tile.alloc_smem and mbarrier.alloc of a kernel gets an offset into
// the CTA's dynamic shared memory. Lifetimes come from program order: a
// buffer is live from its allocation to the end of the last top-level
// operation (in the allocation's block) that uses it or a view of it.
// Buffers that asynchronous hardware may still touch after their last IR use
// stay live to the end of the kernel, except tcgen05 copies and MMAs whose
// completion every thread waits for (the only tmem.commit onto a barrier,
// then an unconditional mbarrier.wait on it): their buffers live until that
// wait. Buffers used in warp-specialized partitions live to the end (those
// warps are never joined). Placement is first-fit over buffers
// sorted by size, which keeps large swizzled rings at aligned offsets.
//
//===----------------------------------------------------------------------===//

#include "LiveRangePacking.h"
#include "TileMLIR/Analysis/LayoutQueries.h"
#include "TileMLIR/Transforms/Passes.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "TMem/TMemDialect.h"
#include "Tile/TileDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEALLOCATESHAREDMEMORY
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {

struct Buffer {
  Operation *alloc;
  int64_t size;
  int64_t alignment;
  int64_t start; // Lifetime in program-order positions, inclusive.
  int64_t end;
  int64_t offset = -1;
};

/// Alignment a shared buffer needs: a whole swizzle atom (8 rows of the
/// swizzle span) for NVMMA layouts, 128 bytes for anything a TMA copy may
/// target.
int64_t getAlignment(tile::SharedMemoryType type) {
  if (auto nvmma =
          dyn_cast_or_null<tile::NVMMASharedLayoutAttr>(type.getEncoding()))
    if (nvmma.getSwizzle() != 0)
      return 8 * nvmma.getSwizzle();
  return 128;
}

/// True for operations the hardware completes after they "return": the
/// buffers they read or write must outlive every later IR use.
bool isAsynchronousUser(Operation *op) {
  if (isa<tma::TMADialect, tmem::TMemDialect>(op->getDialect()))
    return true;
  if (auto dot = dyn_cast<tile::DotOp>(op))
    return dot.getAsync();
  return false;
}

/// Where a tcgen05 copy or MMA that reads a buffer is known complete: an
/// mbarrier.wait directly in `home` (every thread runs it) on the barrier of
/// the tmem.commit that follows the issue, when that is the kernel's only
/// commit on the barrier (so the wait cannot be for another phase). Null
/// when the kernel does not say so plainly (the buffer then stays live to
/// the end).
Operation *findTensorCoreCompletion(Operation *user, Block *home) {
  if (!isa<tmem::CopyOp, tmem::MMAOp, tmem::MMAScaledOp>(user))
    return nullptr;
  Value barrier;
  for (Operation *next = user->getNextNode(); next && !barrier;
       next = next->getNextNode())
    if (auto commit = dyn_cast<tmem::CommitOp>(next))
      barrier = commit.getBarrier();
  Operation *top = home->findAncestorOpInBlock(*user);
  if (!barrier || !top)
    return nullptr;
  int commits = 0;
  home->getParentOp()->walk([&](tmem::CommitOp commit) {
    commits += commit.getBarrier() == barrier;
  });
  if (commits != 1)
    return nullptr;
  for (Operation *next = top->getNextNode(); next; next = next->getNextNode()) {
    if (auto wait = dyn_cast<mbarrier::WaitOp>(next))
      if (wait.getBarrier() == barrier)
        return next;
    // A wait nested in control flow may not run on every thread.
    WalkResult nested = next->walk([&](mbarrier::WaitOp wait) {
      return wait.getBarrier() == barrier ? WalkResult::interrupt()
                                          : WalkResult::advance();
    });
    if (nested.wasInterrupted())
      return nullptr;
  }
  return nullptr;
}

/// True when `op` runs in a partition (not the default region) of a
/// tile.warp_specialize: its warps may still run after the op, while the
/// default warps go on.
bool isInPartition(Operation *op) {
  for (auto ws = op->getParentOfType<tile::WarpSpecializeOp>(); ws;
       ws = ws->getParentOfType<tile::WarpSpecializeOp>()) {
    if (!ws.getDefaultRegion().isAncestor(op->getParentRegion()))
      return true;
    op = ws;
  }
  return false;
}

/// Values that alias the allocation: views (index, subslice, trans) and
/// partition block arguments of tile.warp_specialize.
void collectAliases(Value root, SetVector<Value> &aliases) {
  SmallVector<Value> worklist{root};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!aliases.insert(value))
      continue;
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<tile::SmemIndexOp, tile::SmemSubsliceOp, tile::SmemTransOp,
              mbarrier::IndexOp>(user))
        worklist.push_back(user->getResult(0));
      if (auto ws = dyn_cast<tile::WarpSpecializeOp>(user))
        for (Region &partition : ws.getPartitionRegions())
          worklist.push_back(
              partition.getArgument(use.getOperandNumber()));
    }
  }
}

/// Whether a reduction of `src` along `axis` combines warps through shared
/// memory: a warp bit of the source's linear layout moves along the axis
/// (the rule of the lowering, getReducePlan), whatever the layout kind. A
/// source without a linear layout keeps the scratch; the lowering rejects it
/// with a diagnostic.
bool reduceCrossesWarps(RankedTensorType src, unsigned axis) {
  FailureOr<tilemlir::LinearLayout> layout = tilemlir::toLinearLayout(src);
  if (failed(layout) || !layout->hasInDim(tilemlir::kWarp) ||
      axis >= layout->getOutDims().size())
    return true;
  return llvm::any_of(layout->getBases(tilemlir::kWarp),
                      [&](const tilemlir::LinearLayout::Basis &basis) {
                        return basis[axis] != 0;
                      });
}

/// Bytes of shared scratch a layout change, a window or a reduction may
/// need: the lowering moves data between threads (a layout change that
/// planWarpShuffles cannot keep within each warp, a window other threads
/// hold: the whole source) or combines warps (a reduction: a partial per
/// warp and result element) through it.
std::optional<int64_t> getConversionScratch(Operation *op, int64_t numWarps) {
  if (auto reduce = dyn_cast<tile::ReduceOp>(op)) {
    auto src = cast<RankedTensorType>(reduce.getSrc().getType());
    auto dst = cast<RankedTensorType>(reduce.getResult().getType());
    if (!src.getElementType().isIntOrFloat() ||
        !reduceCrossesWarps(src, reduce.getAxis()))
      return std::nullopt;
    int64_t bytes = llvm::divideCeil(src.getElementTypeBitWidth(), 8);
    return numWarps * dst.getNumElements() * bytes;
  }
  // A window read through scratch: the whole source is stored.
  if (auto window = dyn_cast<tile::ExtractSliceOp>(op)) {
    auto src = cast<RankedTensorType>(window.getSrc().getType());
    if (!src.getElementType().isIntOrFloat() ||
        !tilemlir::windowNeedsSharedScratch(
            src, cast<RankedTensorType>(window.getType()), window.getOffsets()))
      return std::nullopt;
    return src.getNumElements() *
           llvm::divideCeil(src.getElementTypeBitWidth(), 8);
  }
  auto convert = dyn_cast<tile::ConvertLayoutOp>(op);
  if (!convert)
    return std::nullopt;
  auto src = cast<RankedTensorType>(convert.getSrc().getType());
  auto dst = cast<RankedTensorType>(convert.getResult().getType());
  // Conversions within each warp (registers, shfl.sync) need none.
  if (src.getEncoding() == dst.getEncoding() ||
      !src.getElementType().isIntOrFloat() ||
      !tilemlir::conversionNeedsSharedScratch(src, dst))
    return std::nullopt;
  // The scratch layout (chooseConversionScratchLayout) is a swizzle of the
  // row-major order: a permutation of the tile's elements, no padding.
  int64_t bytes = llvm::divideCeil(src.getElementTypeBitWidth(), 8);
  return src.getNumElements() * bytes;
}

/// Program-order positions; an operation's extent ends at its last nested
/// operation.
struct ProgramOrder {
  explicit ProgramOrder(gpu::GPUFuncOp func) {
    int64_t counter = 0;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) {
      position[op] = counter++;
    });
    func.walk<WalkOrder::PostOrder>([&](Operation *op) {
      extentEnd[op] = counter - 1;
      int64_t last = position[op];
      for (Region &region : op->getRegions())
        for (Operation &nested : region.getOps())
          last = std::max(last, extentEnd[&nested]);
      extentEnd[op] = last;
    });
  }

  DenseMap<Operation *, int64_t> position, extentEnd;
};

/// The shared memory `op` allocates (a buffer, a barrier group or the
/// scratch of a layout change or reduction), live at `op` only so far;
/// nothing for other ops. Errors (a misaligned ring, an allocation outside
/// a kernel) set `failedAlloc`.
std::optional<Buffer> makeBuffer(Operation *op, gpu::GPUFuncOp func,
                                 int64_t numWarps, ProgramOrder &order,
                                 bool &failedAlloc) {
  int64_t size, alignment;
  if (auto alloc = dyn_cast<tile::AllocSmemOp>(op)) {
    tile::SharedMemoryType type = alloc.getResult().getType();
    size = type.getSizeInBytes();
    alignment = getAlignment(type);
    // Every stage of a ring (a buffer that tile.smem_index selects
    // from) must keep the alignment of the first.
    bool isRing = llvm::any_of(alloc->getUsers(), [](Operation *user) {
      return isa<tile::SmemIndexOp>(user);
    });
    if (isRing) {
      int64_t stage = type.dropLeadingDim().getSizeInBytes();
      if (stage % alignment != 0) {
        alloc.emitOpError()
            << "stages of " << stage << " bytes would misalign every "
            << "stage after the first (each needs " << alignment
            << "-byte alignment)";
        failedAlloc = true;
      }
    }
  } else if (auto alloc = dyn_cast<mbarrier::AllocOp>(op)) {
    size = alloc.getGroup().getType().getSizeInBytes();
    alignment = 8;
  } else if (std::optional<int64_t> bytes = getConversionScratch(op, numWarps);
             bytes && func.isKernel()) {
    size = *bytes;
    alignment = 16;
  } else {
    return std::nullopt;
  }
  if (!func.isKernel()) {
    op->emitOpError() << "shared memory can only be allocated in a "
                         "kernel (a gpu.func with the kernel attribute)";
    failedAlloc = true;
    return std::nullopt;
  }
  return Buffer{op, size, alignment, order.position[op], order.position[op]};
}

/// Regions of a tile.warp_specialize run at the same time: a buffer of the
/// default region lives across the whole op, one of a partition to the end
/// of the kernel (its warps may still run while the default warps go on
/// past the op).
void spanConcurrentRegions(Buffer &buffer, ProgramOrder &order) {
  Operation *op = buffer.alloc;
  for (Operation *ws = op->getParentOfType<tile::WarpSpecializeOp>(); ws;
       ws = ws->getParentOfType<tile::WarpSpecializeOp>()) {
    buffer.start = std::min(buffer.start, order.position[ws]);
    bool inDefault = cast<tile::WarpSpecializeOp>(ws)
                         .getDefaultRegion()
                         .isAncestor(op->getParentRegion());
    buffer.end = std::max(buffer.end,
                          inDefault ? order.extentEnd[ws]
                                    : std::numeric_limits<int64_t>::max());
  }
}

/// Extends `buffer`'s lifetime over every use of the allocation and its
/// aliases (see the file comment).
void setLifetime(Buffer &buffer, ProgramOrder &order) {
  Operation *op = buffer.alloc;
  // Conversion scratch lives during its operation only.
  if (isa<tile::ConvertLayoutOp, tile::ReduceOp>(op)) {
    spanConcurrentRegions(buffer, order);
    return;
  }
  SetVector<Value> aliases;
  collectAliases(op->getResult(0), aliases);
  Block *home = op->getBlock();
  for (Value alias : aliases) {
    for (Operation *user : alias.getUsers()) {
      if (isAsynchronousUser(user)) {
        // A tensor-core read is over once the kernel has waited for
        // its commit; other asynchronous users keep the buffer.
        Operation *done = findTensorCoreCompletion(user, home);
        buffer.end = done ? std::max(buffer.end, order.extentEnd[done])
                          : std::numeric_limits<int64_t>::max();
        continue;
      }
      Operation *top = home->findAncestorOpInBlock(*user);
      if (!top || isInPartition(user)) // Outside the allocating
        // block's subtree, or by warps that outlive the op.
        buffer.end = std::numeric_limits<int64_t>::max();
      else
        buffer.end = std::max(buffer.end, order.extentEnd[top]);
    }
  }
  spanConcurrentRegions(buffer, order);
}

struct AllocateSharedMemory
    : public tilemlir::impl::TileAllocateSharedMemoryBase<
          AllocateSharedMemory> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    DenseMap<Operation *, int64_t> kernelBytes;
    WalkResult result = module.walk([&](gpu::GPUFuncOp func) {
      std::optional<int64_t> bytes = allocate(func);
      if (!bytes)
        return WalkResult::interrupt();
      kernelBytes[func] = *bytes;
      return WalkResult::advance();
    });
    if (result.wasInterrupted() || failed(updateLaunches(module, kernelBytes)))
      signalPassFailure();
  }

  std::optional<int64_t> allocate(gpu::GPUFuncOp func) {
    ProgramOrder order(func);
    SmallVector<Buffer> buffers;
    bool failedAlloc = false;
    auto warpsAttr = func->getAttrOfType<IntegerAttr>(
        tile::TileDialect::kNumWarpsAttrName);
    int64_t numWarps = warpsAttr ? warpsAttr.getInt() : 1;
    func.walk([&](Operation *op) {
      std::optional<Buffer> buffer =
          makeBuffer(op, func, numWarps, order, failedAlloc);
      if (!buffer)
        return;
      setLifetime(*buffer, order);
      buffers.push_back(*buffer);
    });
    if (failedAlloc)
      return std::nullopt;

    SmallVector<Buffer *> placed;
    for (Buffer &buffer : buffers)
      placed.push_back(&buffer);
    int64_t total = tilemlir::packLiveRanges(placed);

    if (total > tile::kMaxSharedMemoryBytes) {
      InFlightDiagnostic diag =
          func.emitOpError()
          << "needs " << total << " bytes of shared memory, but a CTA can "
          << "use at most " << tile::kMaxSharedMemoryBytes
          << " bytes (227 KiB)";
      for (Buffer *buffer : llvm::ArrayRef(placed).take_front(4))
        diag.attachNote(buffer->alloc->getLoc())
            << buffer->size << " bytes allocated here";
      return std::nullopt;
    }

    Builder builder(func.getContext());
    for (Buffer &buffer : buffers)
      buffer.alloc->setAttr(tile::TileDialect::kOffsetAttrName,
                            builder.getI64IntegerAttr(buffer.offset));
    func->setAttr(tile::TileDialect::kSharedMemoryBytesAttrName,
                  builder.getI64IntegerAttr(total));
    return total;
  }

  /// Warps the kernel runs with: its own plus every warp-specialized
  /// partition's.
  static std::optional<int64_t> getKernelThreads(gpu::GPUFuncOp func) {
    auto warps = func->getAttrOfType<IntegerAttr>(
        tile::TileDialect::kNumWarpsAttrName);
    if (!warps)
      return std::nullopt;
    int64_t extra = 0;
    func.walk([&](tile::WarpSpecializeOp ws) {
      int64_t sum = 0;
      for (int32_t w : ws.getPartitionNumWarps())
        sum += w;
      extra = std::max(extra, sum);
    });
    return 32 * (warps.getInt() + extra);
  }

  LogicalResult updateLaunches(ModuleOp module,
                               DenseMap<Operation *, int64_t> &kernelBytes) {
    SymbolTableCollection symbols;
    WalkResult result = module.walk([&](gpu::LaunchFuncOp launch) {
      auto func = symbols.lookupNearestSymbolFrom<gpu::GPUFuncOp>(
          launch, launch.getKernel());
      if (!func)
        return WalkResult::advance();
      if (std::optional<int64_t> threads = getKernelThreads(func)) {
        gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
        APInt x, y, z;
        if (matchPattern(block.x, m_ConstantInt(&x)) &&
            matchPattern(block.y, m_ConstantInt(&y)) &&
            matchPattern(block.z, m_ConstantInt(&z)) &&
            x.getSExtValue() * y.getSExtValue() * z.getSExtValue() !=
                *threads) {
          launch.emitOpError()
              << "launches " << x.getSExtValue() * y.getSExtValue() *
                                    z.getSExtValue()
              << " threads per block, but kernel @" << func.getName()
              << " is compiled for " << *threads << " (" << *threads / 32
              << " warps)";
          return WalkResult::interrupt();
        }
      }
      auto it = kernelBytes.find(func);
      if (it == kernelBytes.end() || it->second == 0)
        return WalkResult::advance();
      int64_t needed = it->second;
      if (Value given = launch.getDynamicSharedMemorySize()) {
        APInt value;
        if (matchPattern(given, m_ConstantInt(&value)) &&
            value.getSExtValue() < needed) {
          launch.emitOpError()
              << "passes " << value.getSExtValue()
              << " bytes of dynamic shared memory, but kernel @"
              << func.getName() << " needs " << needed;
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      }
      OpBuilder builder(launch);
      Value bytes = arith::ConstantIntOp::create(builder, launch.getLoc(),
                                                 builder.getI32Type(), needed);
      launch.getDynamicSharedMemorySizeMutable().assign(bytes);
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }
};

} // namespace
