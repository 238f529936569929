//===- LowerCopies.cpp - tile.copy to the instruction its region allows ---===//
//
// tile.copy names a region of global memory and a shared buffer; this pass
// chooses the instruction (the TileLang seed's rules, DESIGN.md):
//   1. a 1-D bulk copy when the region is one contiguous, 16-byte aligned
//      run and the buffer is unswizzled (no descriptor at all);
//   2. a TMA tensor copy otherwise, through a descriptor built on the host
//      from the memref kernel argument, at every launch of the kernel, or,
//      for a memref bound inside the kernel (a view), a tensor map the
//      kernel writes (tma.create_descriptor) into a workspace the launch
//      allocates: 128 bytes per map and CTA;
//   3. a synchronous copy through registers when neither applies or the
//      copy asks for it.
// and then builds what the instruction needs: descriptor arguments and
// their tensor maps, transaction bytes, barriers and waits for copies that
// must complete before they return, the CTA barriers around synchronous
// copies, and the bulk-group commit and wait of stores.
//
// Facts are static: strides and alignment come from the memref type, the
// `strides` operands and the ops that compute indices (constants, products,
// sums); what cannot be proven is not assumed, and the copy falls to the
// next rule (or, under `prefer tma`, is refused with the rule).
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "CopyRegions.h"
#include "SharedLayouts.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "Tile/TileDialect.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/ScopedPrinter.h"

#include <numeric>

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILELOWERCOPIES
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;
using namespace mlir::tilemlir;

namespace {

/// The tile.warp_specialize partition region `op` is in, or null outside
/// every partition (the default region runs on the kernel's own warps and
/// sees the kernel's values).
mlir::Region *getPartitionRegion(Operation *op) {
  for (mlir::Region *region = op->getParentRegion(); region;
       region = region->getParentRegion()) {
    auto ws = dyn_cast<tile::WarpSpecializeOp>(region->getParentOp());
    if (ws && region != &ws.getDefaultRegion())
      return region;
  }
  return nullptr;
}

/// `value`, defined before a tile.warp_specialize, as `partition` (one of
/// its partitions, or null for the kernel's warps) sees it: a capture,
/// added once per tile.warp_specialize (every partition gets it).
Value captureInto(mlir::Region *partition, Value value) {
  if (!partition)
    return value;
  auto ws = cast<tile::WarpSpecializeOp>(partition->getParentOp());
  auto captures = ws.getExplicitCaptures();
  auto it = llvm::find(captures, value);
  unsigned index = std::distance(captures.begin(), it);
  if (it == captures.end()) {
    ws.getExplicitCapturesMutable().append(value);
    for (mlir::Region &region : ws->getRegions())
      if (&region != &ws.getDefaultRegion())
        region.addArgument(value.getType(), value.getLoc());
  }
  return partition->getArgument(index);
}

/// What the pass chose for one copy.
struct CopyPlan {
  CopyKind kind = CopyKind::Sync;
  tma::DescriptorType desc;
  /// A TMA load without a barrier: its synchronous group (an index into
  /// KernelCopies::groups); -1 otherwise.
  int64_t group = -1;
};

/// TMA loads without a barrier issued back to back (only pure ops between
/// them, in one block) complete together, as a hand-written kernel would:
/// one CTA barrier before the first, one barrier armed with the bytes of
/// all, one wait after the last.
struct SyncGroup {
  SmallVector<tile::CopyOp> members;
  int64_t bytes = 0;
  /// mbarrier.index of the kernel's group of generated barriers, made at
  /// the kernel's start (so that tile-pipeline can version it).
  Value barrier;
};

/// (memref argument, descriptor type) -> descriptor kernel argument, in
/// order of creation.
using DescriptorArguments =
    llvm::MapVector<std::pair<unsigned, Type>, BlockArgument>;

/// A tensor map in the device-side workspace: 128 bytes, 128-aligned.
constexpr int64_t kTensorMapBytes = 128;

/// The tensor maps a kernel writes itself (for memrefs bound inside it),
/// over all its groups of warps: the workspace argument (a !tile.ptr<i8>
/// the launch allocates: `count` maps per CTA), and the constants holding
/// the bytes per CTA, set once every map is known.
struct DeviceTensorMaps {
  BlockArgument workspace;
  int64_t count = 0;
  SmallVector<arith::ConstantIndexOp> bytesPerCTA;
};

/// Per kernel and group of warps (the kernel's own, default region
/// included, or one tile.warp_specialize partition, which is isolated from
/// above and synchronizes on its own): the choices, the generated
/// barriers, and where to build them.
struct KernelCopies {
  KernelCopies(gpu::GPUFuncOp kernel, mlir::Region *partition,
               DescriptorArguments &descriptors, DeviceTensorMaps &deviceMaps)
      : kernel(kernel), partition(partition), descriptors(descriptors),
        deviceMaps(deviceMaps) {}

  gpu::GPUFuncOp kernel;
  /// The partition the copies run in; null for the kernel's warps.
  mlir::Region *partition;
  DescriptorArguments &descriptors;
  DeviceTensorMaps &deviceMaps;
  /// (memref, descriptor type) -> the tensor map written for it here.
  DenseMap<std::pair<Value, Type>, Value> writtenMaps;
  /// This CTA's part of the workspace: its byte offset.
  Value ctaWorkspace;
  llvm::DenseMap<Operation *, CopyPlan> plans;
  SmallVector<SyncGroup> groups;
  /// Barrier group (one per SyncGroup) and per-thread phases.
  Value barriers, phases;
  /// The thread that adds transaction bytes (`tile.elect cta` at the start
  /// of the kernel or partition, as a hand-written kernel elects it once;
  /// tile-lower-warp-specialize elects a partition's in its first warp).
  Value leader;

  Block &entry() {
    return partition ? partition->front() : kernel.getBody().front();
  }

  Value getLeader() {
    if (!leader) {
      OpBuilder b = OpBuilder::atBlockBegin(&entry());
      leader = tile::ElectOp::create(b, kernel.getLoc(), tile::Scope::CTA);
    }
    return leader;
  }

  /// `value` (a kernel argument) as the copies see it.
  Value inScope(Value value) { return captureInto(partition, value); }

  /// The byte offset of this CTA's tensor maps in the workspace: its
  /// linear index in the grid times the bytes of a CTA's maps.
  Value getCTAWorkspace() {
    if (ctaWorkspace)
      return ctaWorkspace;
    OpBuilder b = OpBuilder::atBlockBegin(&entry());
    Location loc = kernel.getLoc();
    auto dim = [&](tile::Dim d, bool count) -> Value {
      Value v = count ? Value(tile::NumProgramsOp::create(b, loc, d))
                      : Value(tile::ProgramIdOp::create(b, loc, d));
      return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
    };
    Value linear = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(
            b, loc,
            arith::AddIOp::create(
                b, loc,
                arith::MulIOp::create(b, loc, dim(tile::Dim::Z, false),
                                      dim(tile::Dim::Y, true)),
                dim(tile::Dim::Y, false)),
            dim(tile::Dim::X, true)),
        dim(tile::Dim::X, false));
    auto bytes = arith::ConstantIndexOp::create(b, loc, kTensorMapBytes);
    deviceMaps.bytesPerCTA.push_back(bytes);
    ctaWorkspace = arith::MulIOp::create(b, loc, linear, bytes);
    return ctaWorkspace;
  }

  /// The workspace argument as the copies see it.
  Value getWorkspace() {
    if (!deviceMaps.workspace) {
      auto type =
          tile::PointerType::get(kernel.getContext(),
                                 IntegerType::get(kernel.getContext(), 8));
      unsigned index = kernel.getNumArguments();
      (void)kernel.insertArgument(index, type, DictionaryAttr(),
                                  kernel.getLoc());
      deviceMaps.workspace = kernel.getArgument(index);
    }
    return inScope(deviceMaps.workspace);
  }
};

class CopyLowering {
public:
  CopyLowering(KernelCopies &state) : state(state) {}

  /// Chooses every copy's instruction and groups the synchronous TMA
  /// loads; fails (with a diagnostic) on a copy that cannot be lowered.
  LogicalResult plan(ArrayRef<tile::CopyOp> copies);
  LogicalResult lower(tile::CopyOp op);

private:
  FailureOr<CopyKind> choose(tile::CopyOp op, const CopyRegion &region,
                             tma::DescriptorType &desc);
  FailureOr<CopyKind> checkRegisterCopy(tile::CopyOp op,
                                        const CopyRegion &region,
                                        const std::string &why);
  Value descriptorArgument(tile::CopyOp op, tma::DescriptorType type);
  Value writtenDescriptor(tile::CopyOp op, tma::DescriptorType type);
  /// The !tile.ptr of the global side and the region's start offset
  /// (elements, i64).
  std::pair<Value, Value> pointerAndOffset(OpBuilder &b, tile::CopyOp op,
                                           const CopyRegion &region);
  SmallVector<Value> strideValues(OpBuilder &b, tile::CopyOp op,
                                  const CopyRegion &region);
  void issueTMA(OpBuilder &b, tile::CopyOp op, const CopyRegion &region,
                CopyKind kind, tma::DescriptorType desc, Value bar);
  LogicalResult lowerLoad(tile::CopyOp op, const CopyRegion &region,
                          CopyKind kind, tma::DescriptorType desc);
  void lowerStore(tile::CopyOp op, const CopyRegion &region, CopyKind kind,
                  tma::DescriptorType desc);
  void syncCopy(OpBuilder &b, tile::CopyOp op, const CopyRegion &region);
  void lowerToRegisters(tile::CopyOp op);
  LogicalResult checkRegisterResult(tile::CopyOp op);
  void fenceBeforeSyncGroup(const SyncGroup &group);
  void waitForSyncGroup(OpBuilder &b, Location loc, int64_t index);

  KernelCopies &state;
};

FailureOr<CopyKind> CopyLowering::choose(tile::CopyOp op, const CopyRegion &region,
                                         tma::DescriptorType &desc) {
  std::optional<tile::CopyInstruction> prefer = op.getPrefer();
  if (prefer == tile::CopyInstruction::Sync)
    return checkRegisterCopy(op, region, "");
  std::string whyNotBulk = region.whyNotBulk();
  if (whyNotBulk.empty())
    return CopyKind::Bulk;
  std::string whyNotDescriptor;
  desc = descriptorFor(region, state.kernel, whyNotDescriptor);
  if (desc)
    return CopyKind::Descriptor;
  if (prefer == tile::CopyInstruction::TMA || op.getAsync())
    return op.emitOpError()
           << (op.getAsync() ? "is `async`, which needs a TMA store"
                             : "prefers TMA")
           << ", but neither TMA form can copy the region: " << whyNotBulk
           << "; and " << whyNotDescriptor;
  return checkRegisterCopy(op, region,
                           "no TMA form can copy the region (" + whyNotBulk +
                               "; and " + whyNotDescriptor + "), and ");
}

/// Whether register tiles of `shape` are lowered: rank 1 to 4,
/// power-of-two dimensions.
static bool isLoweredRegisterShape(ArrayRef<int64_t> shape) {
  int64_t rank = shape.size();
  return rank >= 1 && rank <= tile::kMaxRegisterTileRank &&
         llvm::all_of(
             shape, [](int64_t d) { return llvm::isPowerOf2_64(uint64_t(d)); });
}

/// The copy every thread makes through register tiles of the buffer's
/// shape (syncCopy), which are lowered in power-of-two shapes of rank 1
/// to 4 only; `why` says why it is the one (empty when asked for).
FailureOr<CopyKind> CopyLowering::checkRegisterCopy(tile::CopyOp op,
                                                    const CopyRegion &region,
                                                    const std::string &why) {
  ArrayRef<int64_t> shape = region.smem.getShape();
  if (isLoweredRegisterShape(shape))
    return CopyKind::Sync;
  return op.emitOpError()
         << "not supported yet: " << why
         << "a copy through registers moves the buffer's "
         << RankedTensorType::get(shape, region.smem.getElementType())
         << " as one register tile, and register tiles have power-of-two "
            "dimensions and rank 1 to "
         << tile::kMaxRegisterTileRank;
}

/// A copy's register result is lowered only in the shapes register tiles
/// are (its loads are built here: an unsupported shape would be reported
/// at one of them, by another op's name).
LogicalResult CopyLowering::checkRegisterResult(tile::CopyOp op) {
  auto type = cast<RankedTensorType>(op.getResult().getType());
  ArrayRef<int64_t> shape = type.getShape();
  if (isLoweredRegisterShape(shape))
    return success();
  const int64_t *odd = llvm::find_if(
      shape, [](int64_t d) { return !llvm::isPowerOf2_64(uint64_t(d)); });
  InFlightDiagnostic diag = op.emitOpError()
                            << "not supported yet: a copy into the register "
                               "tile "
                            << type << ": register tiles have rank 1 to "
                            << tile::kMaxRegisterTileRank
                            << " and power-of-two dimensions";
  if (odd != shape.end())
    diag << " (dimension " << odd - shape.begin() << " is " << *odd << ")";
  return diag;
}

Value CopyLowering::descriptorArgument(tile::CopyOp op,
                                       tma::DescriptorType type) {
  std::optional<unsigned> argument = kernelArgumentIndex(op, state.kernel);
  if (!argument)
    return writtenDescriptor(op, type);
  unsigned memrefArg = *argument;
  auto key = std::make_pair(memrefArg, Type(type));
  auto it = state.descriptors.find(key);
  if (it != state.descriptors.end())
    return state.inScope(it->second);
  gpu::GPUFuncOp kernel = state.kernel;
  unsigned index = kernel.getNumArguments();
  (void)kernel.insertArgument(index, type, DictionaryAttr(), op.getLoc());
  BlockArgument arg = kernel.getArgument(index);
  state.descriptors.insert({key, arg});
  return state.inScope(arg);
}

/// The tensor map of a memref bound inside the kernel, written where the
/// memref is bound: one thread writes it into this CTA's workspace, a
/// barrier publishes it, every thread acquires it (any may be the copies'
/// leader). Once per memref and descriptor type in each group of warps.
/// Every thread of the group reaches the barrier: the memref's block holds
/// the copy's, which every thread of the group executes.
Value CopyLowering::writtenDescriptor(tile::CopyOp op,
                                      tma::DescriptorType type) {
  Value memref = op.getGlobal();
  Value &map = state.writtenMaps[{memref, Type(type)}];
  if (map)
    return map;
  Value workspace = state.getWorkspace();
  Value ctaBase = state.getCTAWorkspace();
  Value leader = state.getLeader();
  OpBuilder b(op.getContext());
  if (Operation *def = memref.getDefiningOp()) {
    b.setInsertionPointAfter(def);
  } else {
    // A block argument: after what the group's entry computes for the
    // copies, when it is that block.
    Block *block = cast<BlockArgument>(memref).getOwner();
    Operation *last = nullptr;
    for (Value v : {ctaBase, leader})
      if (Operation *at = v.getDefiningOp(); at && at->getBlock() == block)
        if (!last || last->isBeforeInBlock(at))
          last = at;
    if (last)
      b.setInsertionPointAfter(last);
    else
      b.setInsertionPointToStart(block);
  }
  Location loc = op.getLoc();
  int64_t index = state.deviceMaps.count++;
  Value offset = arith::AddIOp::create(
      b, loc, ctaBase,
      arith::ConstantIndexOp::create(b, loc, index * kTensorMapBytes));
  map = tma::CreateDescriptorOp::create(b, loc, type, workspace, offset,
                                        memref, leader);
  tile::BarrierOp::create(b, loc);
  tma::AcquireDescriptorOp::create(b, loc, map);
  return map;
}

SmallVector<Value> CopyLowering::strideValues(OpBuilder &b, tile::CopyOp op,
                                              const CopyRegion &region) {
  Location loc = op.getLoc();
  SmallVector<Value> result;
  Value global = op.getGlobal();
  if (!region.isMemref() && !op.getGlobalStrides().empty()) {
    for (Value stride : op.getGlobalStrides())
      result.push_back(arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                                  stride));
    return result;
  }
  memref::ExtractStridedMetadataOp metadata;
  for (auto [d, stride] : llvm::enumerate(region.strides)) {
    if (stride) {
      result.push_back(arith::ConstantIntOp::create(b, loc, *stride, 64));
      continue;
    }
    if (!metadata)
      metadata = memref::ExtractStridedMetadataOp::create(b, loc, global);
    result.push_back(arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                                metadata.getStrides()[d]));
  }
  return result;
}

std::pair<Value, Value> CopyLowering::pointerAndOffset(OpBuilder &b,
                                                       tile::CopyOp op,
                                                       const CopyRegion &region) {
  Location loc = op.getLoc();
  Value global = op.getGlobal();
  auto indices = op.getGlobalIndices();
  if (!region.isMemref())
    return {global,
            arith::IndexCastOp::create(b, loc, b.getI64Type(), indices[0])};
  auto ptrType = tile::PointerType::get(b.getContext(),
                                        region.smem.getElementType());
  Value ptr = tile::PtrFromMemrefOp::create(b, loc, ptrType, global);
  SmallVector<Value> strides = strideValues(b, op, region);
  Value offset = arith::ConstantIntOp::create(b, loc, 0, 64);
  for (auto [index, stride] : llvm::zip(indices, strides)) {
    Value i = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
    offset = arith::AddIOp::create(
        b, loc, offset, arith::MulIOp::create(b, loc, i, stride));
  }
  return {ptr, offset};
}

/// Issues the TMA or bulk copy (one elected thread), counting its bytes on
/// `bar` for a load.
void CopyLowering::issueTMA(OpBuilder &b, tile::CopyOp op,
                            const CopyRegion &region, CopyKind kind,
                            tma::DescriptorType desc, Value bar) {
  Location loc = op.getLoc();
  Value smem = op.getShared();
  if (kind == CopyKind::Bulk) {
    auto [ptr, offset] = pointerAndOffset(b, op, region);
    if (op.isLoad())
      tma::BulkLoadOp::create(b, loc, ptr, offset, smem, bar);
    else
      tma::BulkStoreOp::create(b, loc, smem, ptr, offset);
    return;
  }
  Value descriptor = descriptorArgument(op, desc);
  SmallVector<Value> coords;
  for (Value index : op.getGlobalIndices())
    coords.push_back(
        arith::IndexCastOp::create(b, loc, b.getI32Type(), index));
  tile::SharedMemoryType smemType = region.smem;
  int64_t boxRow = desc.getBox().getShape().back();
  int64_t rank = smemType.getRank();
  for (int64_t column = 0; column < smemType.getShape().back();
       column += boxRow) {
    Value piece = smem;
    SmallVector<Value> at = coords;
    if (boxRow != smemType.getShape().back()) {
      SmallVector<int64_t> offsets(rank, 0), shape(smemType.getShape());
      offsets.back() = column;
      shape.back() = boxRow;
      auto pieceType = tile::SharedMemoryType::get(
          b.getContext(), shape, smemType.getElementType(),
          smemType.getEncoding(), smemType.getIsMutable());
      piece = tile::SmemSubsliceOp::create(b, loc, pieceType, smem, offsets);
      at.back() = arith::AddIOp::create(
          b, loc, coords.back(),
          arith::ConstantIntOp::create(b, loc, column, 32));
    }
    if (op.isLoad())
      tma::AsyncLoadOp::create(b, loc, descriptor, at, piece, bar, Value());
    else
      tma::AsyncStoreOp::create(b, loc, piece, descriptor, at);
  }
}

/// No thread may still read a buffer of the group (and every thread has
/// passed the previous phase's wait) before it is overwritten: a CTA
/// barrier before the first load. When the group opens a loop body (only
/// pure ops before it) the barrier goes to the end of the body instead, and
/// once before the loop: the same order, in the form tile-pipeline takes
/// (loads first, a barrier after the last read of their buffers).
void CopyLowering::fenceBeforeSyncGroup(const SyncGroup &group) {
  tile::CopyOp first = group.members.front();
  Block *block = first->getBlock();
  auto loop = dyn_cast<scf::ForOp>(block->getParentOp());
  bool opensBody =
      loop && llvm::all_of(llvm::make_range(block->begin(),
                                            first->getIterator()),
                           [](Operation &op) { return isMemoryEffectFree(&op); });
  if (!opensBody) {
    OpBuilder b(first);
    tile::BarrierOp::create(b, first.getLoc());
    return;
  }
  OpBuilder b(loop);
  tile::BarrierOp::create(b, first.getLoc());
  b.setInsertionPoint(block->getTerminator());
  tile::BarrierOp::create(b, first.getLoc());
}

/// Waits for the phase of generated barrier `index` this thread is at, and
/// moves on to the next.
void CopyLowering::waitForSyncGroup(OpBuilder &b, Location loc,
                                    int64_t index) {
  Value slot = arith::ConstantIndexOp::create(b, loc, index);
  Value parity =
      memref::LoadOp::create(b, loc, state.phases, ValueRange{slot});
  mbarrier::WaitOp::create(b, loc, state.groups[index].barrier, parity);
  Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
  Value next = arith::XOrIOp::create(b, loc, parity, one);
  memref::StoreOp::create(b, loc, next, state.phases, ValueRange{slot});
}

LogicalResult CopyLowering::lowerLoad(tile::CopyOp op, const CopyRegion &region,
                                      CopyKind kind, tma::DescriptorType desc) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value bar = op.getBarrier();
  if (kind == CopyKind::Sync) {
    // With a barrier the kernel's arrival on it publishes the writes;
    // without one the copy is fenced by CTA barriers on both sides.
    if (!bar)
      tile::BarrierOp::create(b, loc);
    syncCopy(b, op, region);
    if (!bar)
      tile::BarrierOp::create(b, loc);
    return success();
  }
  int64_t bytes = transactionBytes(region, kind, desc);
  if (bar) {
    mbarrier::ExpectTxOp::create(b, loc, bar,
                                 b.getI32IntegerAttr(int32_t(bytes)),
                                 state.getLeader());
    issueTMA(b, op, region, kind, desc, bar);
    return success();
  }
  // Synchronous TMA: the group's first load fences and arms the barrier
  // with the bytes of all, its last waits.
  int64_t index = state.plans.lookup(op).group;
  const SyncGroup &group = state.groups[index];
  if (op == group.members.front()) {
    fenceBeforeSyncGroup(group);
    b.setInsertionPoint(op);
    mbarrier::ArriveExpectTxOp::create(
        b, loc, group.barrier, b.getI32IntegerAttr(int32_t(group.bytes)),
        state.getLeader());
  }
  issueTMA(b, op, region, kind, desc, group.barrier);
  if (op == group.members.back())
    waitForSyncGroup(b, loc, index);
  return success();
}

void CopyLowering::lowerStore(tile::CopyOp op, const CopyRegion &region,
                              CopyKind kind, tma::DescriptorType desc) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  // Every thread's writes of the buffer are done before it is read.
  tile::BarrierOp::create(b, loc);
  if (kind == CopyKind::Sync) {
    syncCopy(b, op, region);
    tile::BarrierOp::create(b, loc);
    return;
  }
  issueTMA(b, op, region, kind, desc, Value());
  tma::StoreCommitOp::create(b, loc);
  if (op.getAsync())
    return;
  // The buffer may be written again once the copy has read it.
  tma::StoreWaitOp::create(b, loc, /*pending=*/0, /*readOnly=*/true);
  tile::BarrierOp::create(b, loc);
}

/// Builds `tile.range` of `extent` along dimension `dim` of `shape`,
/// broadcast to the whole shape (i64).
Value broadcastRange(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                     int64_t dim) {
  int64_t extent = shape[dim];
  Value v = tile::RangeOp::create(
      b, loc, RankedTensorType::get({extent}, b.getI32Type()), 0,
      int32_t(extent));
  SmallVector<int64_t> current = {extent};
  for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
    if (d == dim)
      continue;
    int64_t axis = d < dim ? d : current.size();
    current.insert(current.begin() + axis, 1);
    v = tile::ExpandDimsOp::create(
        b, loc, RankedTensorType::get(current, b.getI32Type()), v,
        b.getI32IntegerAttr(axis));
  }
  if (shape.size() > 1)
    v = tile::BroadcastOp::create(
        b, loc, RankedTensorType::get(shape, b.getI32Type()), v);
  return arith::ExtSIOp::create(b, loc,
                                RankedTensorType::get(shape, b.getI64Type()),
                                v);
}

/// Every thread moves its share of the region through registers; loads
/// are masked against a memref's sizes (zeros outside), stores clipped.
void CopyLowering::syncCopy(OpBuilder &b, tile::CopyOp op,
                            const CopyRegion &region) {
  Location loc = op.getLoc();
  ArrayRef<int64_t> shape = region.smem.getShape();
  auto i64Tile = RankedTensorType::get(shape, b.getI64Type());
  auto [ptr, start] = pointerAndOffset(b, op, region);
  SmallVector<Value> strides = strideValues(b, op, region);
  int64_t lead = region.extents.size() - shape.size();
  Value offsets = tile::SplatOp::create(b, loc, i64Tile, start);
  Value mask;
  memref::ExtractStridedMetadataOp metadata;
  if (region.isMemref())
    metadata =
        memref::ExtractStridedMetadataOp::create(b, loc, op.getGlobal());
  for (int64_t d = 0; d < static_cast<int64_t>(region.extents.size()); ++d) {
    Value index;
    if (region.isMemref()) {
      // Row d of the region lies inside the memref: index + i < size.
      Value first = arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                               op.getGlobalIndices()[d]);
      Value size = arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                              metadata.getSizes()[d]);
      Value inside;
      if (d < lead) {
        inside = tile::SplatOp::create(
            b, loc, RankedTensorType::get(shape, b.getI1Type()),
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, first,
                                  size));
      } else {
        Value range = broadcastRange(b, loc, shape, d - lead);
        Value position = arith::AddIOp::create(
            b, loc, range, tile::SplatOp::create(b, loc, i64Tile, first));
        inside = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::slt, position,
            tile::SplatOp::create(b, loc, i64Tile, size));
        index = range;
      }
      mask = mask ? arith::AndIOp::create(b, loc, mask, inside) : inside;
    } else {
      index = broadcastRange(b, loc, shape, d);
    }
    if (!index)
      continue;
    Value stride = tile::SplatOp::create(b, loc, i64Tile, strides[d]);
    offsets = arith::AddIOp::create(
        b, loc, offsets, arith::MulIOp::create(b, loc, index, stride));
  }
  auto valueTile =
      op.isToRegisters()
          ? cast<RankedTensorType>(op.getResult().getType())
          : RankedTensorType::get(shape, region.smem.getElementType());
  if (op.isLoad()) {
    Value other;
    if (mask)
      other = arith::ConstantOp::create(
          b, loc, valueTile,
          DenseElementsAttr::get(
              valueTile, b.getZeroAttr(region.smem.getElementType())));
    Value v = tile::LoadOp::create(b, loc, valueTile, ptr, offsets, mask,
                                   other);
    if (op.isToRegisters())
      op.getResult().replaceAllUsesWith(v);
    else
      tile::SmemStoreOp::create(b, loc, v, op.getShared(), ValueRange{});
    return;
  }
  Value v = tile::SmemLoadOp::create(b, loc, valueTile, op.getShared(),
                                     ValueRange{});
  tile::StoreOp::create(b, loc, ptr, offsets, v, mask);
}

/// A copy into a register tile. From a shared buffer: its tile.smem_load
/// between CTA barriers (every writer of the buffer is done before; it may
/// be written again after). From global memory: every thread's masked
/// loads of the region (syncCopy without the shared buffer).
void CopyLowering::lowerToRegisters(tile::CopyOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  if (isa<tile::SharedMemoryType>(op.getSrc().getType())) {
    tile::BarrierOp::create(b, loc);
    Value v = tile::SmemLoadOp::create(b, loc, op.getResult().getType(),
                                       op.getSrc(), ValueRange{});
    tile::BarrierOp::create(b, loc);
    op.getResult().replaceAllUsesWith(v);
    return;
  }
  syncCopy(b, op, CopyRegion(op));
}

LogicalResult CopyLowering::plan(ArrayRef<tile::CopyOp> copies) {
  bool failedAny = false;
  tile::CopyOp previous;
  for (tile::CopyOp op : copies) {
    // Into registers: every thread loads its own elements.
    if (op.isToRegisters()) {
      if (failed(checkRegisterResult(op)))
        failedAny = true;
      state.plans[op] = CopyPlan();
      previous = {};
      continue;
    }
    CopyRegion region(op);
    CopyPlan plan;
    FailureOr<CopyKind> kind = choose(op, region, plan.desc);
    if (failed(kind)) {
      failedAny = true;
      continue;
    }
    plan.kind = *kind;
    if (op.isLoad() && !op.getBarrier() && plan.kind != CopyKind::Sync) {
      bool joins =
          previous && previous->getBlock() == op->getBlock() &&
          llvm::all_of(llvm::make_range(std::next(previous->getIterator()),
                                        op->getIterator()),
                       [](Operation &o) { return isMemoryEffectFree(&o); });
      if (!joins)
        state.groups.emplace_back();
      plan.group = state.groups.size() - 1;
      state.groups.back().members.push_back(op);
      state.groups.back().bytes +=
          transactionBytes(region, plan.kind, plan.desc);
      previous = op;
    } else {
      previous = {};
    }
    state.plans[op] = plan;
  }
  return failure(failedAny);
}

LogicalResult CopyLowering::lower(tile::CopyOp op) {
  if (op.isToRegisters()) {
    lowerToRegisters(op);
    op.erase();
    return success();
  }
  CopyRegion region(op);
  CopyPlan plan = state.plans.lookup(op);
  if (op.isLoad()) {
    if (failed(lowerLoad(op, region, plan.kind, plan.desc)))
      return failure();
  } else {
    lowerStore(op, region, plan.kind, plan.desc);
  }
  op.erase();
  return success();
}

/// A copy of a register tile. Into a shared buffer it is the tile's
/// tile.smem_store between two CTA barriers (no thread still reads the
/// buffer; every thread's part is visible to all after). To global memory
/// it goes through a shared buffer of its own, allocated at the kernel's
/// start, and becomes a copy of that buffer, lowered by the rules of one
/// (TileLang's T.copy(C_local, C[...]) likewise stages through shared
/// memory for a TMA store).
void rewriteRegisterCopy(tile::CopyOp op, gpu::GPUFuncOp kernel) {
  auto tile = cast<RankedTensorType>(op.getSrc().getType());
  OpBuilder b(op);
  Location loc = op.getLoc();
  if (isa<tile::SharedMemoryType>(op.getDst().getType())) {
    tile::BarrierOp::create(b, loc);
    tile::SmemStoreOp::create(b, loc, op.getSrc(), op.getDst(), ValueRange{});
    tile::BarrierOp::create(b, loc);
    op.erase();
    return;
  }
  // Rows of the widest NVMMA swizzle they fill, as TMA and the tensor cores
  // read them (a vector: no layout).
  auto plain = tile::SharedMemoryType::get(op.getContext(), tile.getShape(),
                                           tile.getElementType(), Attribute(),
                                           /*isMutable=*/true);
  auto stagingType =
      tile.getRank() < 2
          ? plain
          : tile::SharedMemoryType::get(op.getContext(), tile.getShape(),
                                        tile.getElementType(),
                                        tilemlir::getWidestNVMMALayout(plain), true);
  OpBuilder atStart = OpBuilder::atBlockBegin(&kernel.getBody().front());
  Value staging = captureInto(
      getPartitionRegion(op),
      tile::AllocSmemOp::create(atStart, loc, stagingType, Value()));
  // In a loop, the previous copy from the buffer has read it (a copy to
  // global memory returns once its buffer may be written again) but other
  // threads may still be storing their parts of the previous tile: a CTA
  // barrier. Outside loops the buffer is written once.
  if (op->getParentOfType<scf::ForOp>() || op->getParentOfType<scf::WhileOp>())
    tile::BarrierOp::create(b, loc);
  tile::SmemStoreOp::create(b, loc, op.getSrc(), staging, ValueRange{});
  tile::CopyOp::create(b, loc, Type(), staging, ValueRange{}, ValueRange{},
                       op.getDst(), op.getDstIndices(), op.getDstStrides(),
                       Value(), op.getPreferAttr(), op.getAsyncAttr());
  op.erase();
}

/// The barrier group and per-thread phase variables of a kernel's (or a
/// partition's) synchronous TMA loads, at its start: one barrier per group,
/// for one arrival (the leader's arrive_expect_tx).
void makeSyncBarriers(KernelCopies &state) {
  int64_t count = state.groups.size();
  if (count == 0)
    return;
  MLIRContext *ctx = state.kernel.getContext();
  Location loc = state.kernel.getLoc();
  Value leader = state.getLeader();
  OpBuilder b(ctx);
  b.setInsertionPointAfterValue(leader);
  state.barriers =
      mbarrier::AllocOp::create(b, loc, mbarrier::GroupType::get(ctx, count));
  state.phases = memref::AllocaOp::create(
      b, loc, MemRefType::get({count}, b.getI32Type()));
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
  for (int64_t i = 0; i < count; ++i) {
    Value index = arith::ConstantIndexOp::create(b, loc, i);
    memref::StoreOp::create(b, loc, zero, state.phases, ValueRange{index});
    state.groups[i].barrier = mbarrier::IndexOp::create(
        b, loc, mbarrier::BarrierType::get(ctx), state.barriers, index);
  }
  auto once = scf::IfOp::create(b, loc, leader, /*withElseRegion=*/false);
  OpBuilder inOnce(once.thenBlock()->getTerminator());
  for (const SyncGroup &group : state.groups)
    mbarrier::InitOp::create(inOnce, loc, group.barrier, /*arrivals=*/1u);
  // Every thread sees the initialized barriers before its first wait (in a
  // partition, every thread of it: tile-lower-warp-specialize makes the
  // barrier the partition's own).
  tile::BarrierOp::create(b, loc);
}

/// The descriptors of the kernel's new arguments, built on the host from
/// the memref each launch passes.
void buildHostDescriptors(ModuleOp module, gpu::GPUModuleOp gpuModule,
                          gpu::GPUFuncOp kernel,
                          const DescriptorArguments &descriptors) {
  if (descriptors.empty())
    return;
  StringRef moduleName = gpuModule.getName();
  StringRef kernelName = kernel.getName();
  module.walk([&](gpu::LaunchFuncOp launch) {
    if (launch.getKernelModuleName() != moduleName ||
        launch.getKernelName() != kernelName)
      return;
    OpBuilder b(launch);
    SmallVector<Value> added;
    for (const auto &[key, arg] : descriptors) {
      Value memref = launch.getKernelOperand(key.first);
      added.push_back(tma::MakeDescriptorOp::create(
          b, launch.getLoc(), cast<tma::DescriptorType>(key.second), memref));
    }
    launch.getKernelOperandsMutable().append(added);
  });
}

/// The workspace becomes the kernel's last argument (descriptor arguments
/// made after it keep their order, that of their launch operands).
void moveWorkspaceLast(gpu::GPUFuncOp kernel, DeviceTensorMaps &maps) {
  BlockArgument old = maps.workspace;
  if (!old || old.getArgNumber() + 1 == kernel.getNumArguments())
    return;
  unsigned last = kernel.getNumArguments();
  (void)kernel.insertArgument(last, old.getType(), DictionaryAttr(),
                              old.getLoc());
  BlockArgument moved = kernel.getArgument(last);
  old.replaceAllUsesWith(moved);
  (void)kernel.eraseArgument(old.getArgNumber());
  maps.workspace = kernel.getArgument(kernel.getNumArguments() - 1);
}

/// The bytes of tensor maps a kernel writes per CTA (set on the kernel, for
/// launchers such as the C header, and on the constants its groups of warps
/// index the workspace with), and at every launch the workspace: that many
/// bytes per CTA of the grid, allocated before the launch, on its stream,
/// and freed after it.
void allocateWorkspaces(ModuleOp module, gpu::GPUModuleOp gpuModule,
                        gpu::GPUFuncOp kernel, DeviceTensorMaps &maps) {
  if (maps.count == 0)
    return;
  int64_t perCTA = maps.count * kTensorMapBytes;
  Builder builder(kernel.getContext());
  for (arith::ConstantIndexOp bytes : maps.bytesPerCTA)
    bytes.setValueAttr(builder.getIndexAttr(perCTA));
  kernel->setAttr(tile::TileDialect::kTensorMapWorkspaceAttrName,
                  builder.getI64IntegerAttr(perCTA));
  module.walk([&](gpu::LaunchFuncOp launch) {
    if (launch.getKernelModuleName() != gpuModule.getName() ||
        launch.getKernelName() != kernel.getName())
      return;
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    Value bytes = arith::ConstantIndexOp::create(b, loc, perCTA);
    for (Value extent : {grid.x, grid.y, grid.z})
      bytes = arith::MulIOp::create(b, loc, bytes, extent);
    auto type = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
    auto tokenType = gpu::AsyncTokenType::get(b.getContext());
    // Allocation and free are asynchronous with one dependency (the form
    // gpu-to-llvm lowers): the launch's own, or a wait joining them.
    Value before;
    if (launch.getAsyncDependencies().size() == 1)
      before = launch.getAsyncDependencies().front();
    else
      before = gpu::WaitOp::create(b, loc, tokenType,
                                   launch.getAsyncDependencies())
                   .getAsyncToken();
    auto alloc = gpu::AllocOp::create(b, loc, type, tokenType, before,
                                      ValueRange{bytes}, ValueRange{},
                                      /*hostShared=*/false);
    auto ptrType = tile::PointerType::get(b.getContext(), b.getI8Type());
    Value workspace =
        tile::PtrFromMemrefOp::create(b, loc, ptrType, alloc.getMemref());
    launch.getKernelOperandsMutable().append(workspace);
    Value token = launch.getAsyncToken();
    if (token)
      launch.getAsyncDependenciesMutable().assign(alloc.getAsyncToken());
    else
      gpu::WaitOp::create(b, loc, Type(), alloc.getAsyncToken());
    b.setInsertionPointAfter(launch);
    Value done = token ? token
                       : gpu::WaitOp::create(b, loc, tokenType, ValueRange{})
                             .getAsyncToken();
    auto free = gpu::DeallocOp::create(b, loc, tokenType, done,
                                       alloc.getMemref());
    if (token)
      token.replaceAllUsesExcept(free.getAsyncToken(), free);
    else
      gpu::WaitOp::create(b, loc, Type(), free.getAsyncToken());
  });
}

struct TileLowerCopiesPass
    : public tilemlir::impl::TileLowerCopiesBase<TileLowerCopiesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool failedAny = false;
    module.walk([&](gpu::GPUModuleOp gpuModule) {
      for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>()) {
        SmallVector<tile::CopyOp> copies;
        kernel.walk([&](tile::CopyOp op) {
          if (isa<RankedTensorType>(op.getSrc().getType()))
            copies.push_back(op);
        });
        for (tile::CopyOp op : copies)
          rewriteRegisterCopy(op, kernel);
        // The kernel's warps first, then each partition's, in order.
        llvm::MapVector<mlir::Region *, SmallVector<tile::CopyOp>> scopes;
        scopes[nullptr];
        kernel.walk([&](tile::CopyOp op) {
          scopes[getPartitionRegion(op)].push_back(op);
        });
        DescriptorArguments descriptors;
        DeviceTensorMaps deviceMaps;
        for (auto &[partition, scoped] : scopes) {
          if (scoped.empty())
            continue;
          KernelCopies state(kernel, partition, descriptors, deviceMaps);
          CopyLowering lowering(state);
          if (failed(lowering.plan(scoped))) {
            failedAny = true;
            continue;
          }
          makeSyncBarriers(state);
          for (tile::CopyOp op : scoped)
            if (failed(lowering.lower(op)))
              failedAny = true;
        }
        moveWorkspaceLast(kernel, deviceMaps);
        buildHostDescriptors(module, gpuModule, kernel, descriptors);
        allocateWorkspaces(module, gpuModule, kernel, deviceMaps);
      }
    });
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
