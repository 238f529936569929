//===- LegalizeSharedLayouts.cpp - Layouts for shared buffers -------------===//
//
// The shared-buffer half of tile-legalize-layouts. A `tile.alloc_smem`
// without a layout whose users need one gets it from them, following the
// buffer through its views (tile.smem_subslice, tile.smem_index,
// tile.smem_trans, which flips an NVMMA layout's `transposed`, and
// tile.warp_specialize captures):
//
//   * a TMA copy (load, store, reduction) through a swizzling descriptor:
//     the NVMMA layout of the descriptor's swizzle, the only one TMA
//     writes; every such copy of the buffer must agree;
//   * a tile.dot operand (wgmma, tcgen05.mma) or the source of tcgen05.cp
//     and no such copy: the NVMMA layout with the widest swizzle (128, 64
//     or 32 bytes) that divides the buffer's rows, which is what Triton and
//     CUTLASS choose for operands staged through registers;
//   * only whole-tile tile.smem_store / tile.smem_load of register tiles
//     (and block-scale copies, which read whole atoms in any layout):
//     the #tile.swizzled_shared layout (or row-major) with the fewest shared
//     memory wavefronts over all of those accesses, by the bank-conflict
//     analysis of the conversion scratch.
//
// Buffers anything else reads or writes (a scalar tile.smem_load, a 1-D
// bulk copy, a copy through an unswizzled descriptor) keep the row-major
// layout they have without one; a buffer that needs both is an error that
// names the two users.
//
//===----------------------------------------------------------------------===//

#include "SharedLayouts.h"

#include "TMA/TMADialect.h"
#include "TMem/TMemDialect.h"
#include "Tile/TileDialect.h"
#include "TileMLIR/Analysis/LayoutConversions.h"
#include "TileMLIR/Analysis/LayoutQueries.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilemlir;

namespace {

/// What the users of one buffer need of its layout.
struct SharedDemands {
  /// A TMA copy through a swizzling descriptor, and its swizzle.
  Operation *tma = nullptr;
  unsigned tmaSwizzle = 0;
  /// A tensor-core operand (or tcgen05.cp source).
  Operation *mma = nullptr;
  /// Whole-tile register accesses: the register tile types.
  SmallVector<RankedTensorType> registerAccesses;
  /// A user that reads the buffer as plain row-major.
  Operation *rowMajor = nullptr;
};

/// The views of `alloc` and their users, with whether each view is
/// transposed relative to the buffer.
struct View {
  Value value;
  bool transposed;
};

bool isTensorCoreOperand(Operation *user, Value view) {
  if (auto dot = dyn_cast<DotOp>(user))
    return dot.getA() == view || dot.getB() == view;
  // A copy of block scales reads whole 512-byte atoms, whatever the layout.
  auto copy = dyn_cast<tmem::CopyOp>(user);
  return copy && !copy.getDst().getType().isScales();
}

bool isLayoutNeutral(Operation *user) {
  auto copy = dyn_cast<tmem::CopyOp>(user);
  return copy && copy.getDst().getType().isScales();
}

/// Records what `user` needs of the buffer seen through `view`; returns
/// false when the demands conflict (after reporting it).
LogicalResult addDemand(Operation *user, View view, SharedDemands &demands,
                        SmallVectorImpl<View> &worklist) {
  auto tmaDescriptor = [&]() -> tma::DescriptorType {
    if (auto load = dyn_cast<tma::AsyncLoadOp>(user))
      return load.getDesc().getType();
    if (auto store = dyn_cast<tma::AsyncStoreOp>(user))
      return store.getDesc().getType();
    if (auto reduce = dyn_cast<tma::AsyncReduceOp>(user))
      return reduce.getDesc().getType();
    return {};
  };
  if (isa<SmemSubsliceOp, SmemIndexOp>(user)) {
    worklist.push_back({user->getResult(0), view.transposed});
  } else if (isa<SmemTransOp>(user)) {
    worklist.push_back({user->getResult(0), !view.transposed});
  } else if (auto ws = dyn_cast<WarpSpecializeOp>(user)) {
    for (OpOperand &use : user->getOpOperands())
      if (use.get() == view.value)
        for (Region &partition : ws.getPartitionRegions())
          worklist.push_back(
              {partition.getArgument(use.getOperandNumber()), view.transposed});
  } else if (tma::DescriptorType desc = tmaDescriptor();
             desc && desc.getSwizzle() != 0) {
    if (demands.tma && demands.tmaSwizzle != desc.getSwizzle()) {
      InFlightDiagnostic diag =
          user->emitOpError()
          << "copies a shared buffer without a layout through a descriptor "
             "that swizzles "
          << desc.getSwizzle() << " bytes, but another copy of it swizzles "
          << demands.tmaSwizzle
          << " bytes: tile-legalize-layouts cannot give it one layout (use "
             "one swizzle, or two buffers)";
      diag.attachNote(demands.tma->getLoc()) << "the other copy";
      return failure();
    }
    demands.tma = user;
    demands.tmaSwizzle = desc.getSwizzle();
  } else if (isTensorCoreOperand(user, view.value)) {
    demands.mma = user;
  } else if (isLayoutNeutral(user)) {
  } else if (auto store = dyn_cast<SmemStoreOp>(user);
             store && isa<RankedTensorType>(store.getValue().getType())) {
    demands.registerAccesses.push_back(
        cast<RankedTensorType>(store.getValue().getType()));
  } else if (auto load = dyn_cast<SmemLoadOp>(user);
             load && load.getIndices().empty() &&
             isa<RankedTensorType>(load.getType())) {
    demands.registerAccesses.push_back(cast<RankedTensorType>(load.getType()));
  } else {
    demands.rowMajor = user;
  }
  return success();
}

/// Every swizzle of `type`'s rows a register-only buffer could take: the
/// #tile.swizzled_shared layouts with power-of-two vectors (up to 16
/// bytes), phases and phase lengths that fit its rows and row count.
SmallVector<Attribute> swizzleCandidates(SharedMemoryType type) {
  MLIRContext *context = type.getContext();
  SmallVector<Attribute> candidates = {Attribute()};
  if (type.getRank() < 2)
    return candidates;
  int64_t rowElements = type.getShape().back();
  int64_t rows = type.getNumElements() / rowElements;
  unsigned bits = type.getElementTypeBitWidth();
  int64_t maxVec = std::max<int64_t>(1, 128 / std::max(1u, bits));
  SmallVector<unsigned> order;
  for (int64_t d = type.getRank() - 1; d >= 0; --d)
    order.push_back(unsigned(d));
  for (int64_t maxPhase = 2; maxPhase <= rows; maxPhase *= 2)
    for (int64_t vec = maxVec; vec >= 1; vec /= 2)
      for (int64_t perPhase = 1; perPhase * maxPhase <= rows; perPhase *= 2)
        if (vec * maxPhase <= rowElements)
          candidates.push_back(SwizzledSharedLayoutAttr::get(
              context, unsigned(vec), unsigned(perPhase), unsigned(maxPhase),
              order));
  return candidates;
}

/// Shared-memory wavefronts per thread of accessing `type` in `layout`
/// with each register tile; nullopt when the analysis cannot tell.
std::optional<int64_t> getAccessCost(SharedMemoryType type, Attribute layout,
                                     ArrayRef<RankedTensorType> accesses) {
  auto buffer = SharedMemoryType::get(type.getShape(), type.getElementType(),
                                      layout, type.getIsMutable());
  int64_t cost = 0;
  for (RankedTensorType tile : accesses) {
    FailureOr<LinearLayout> regs = toLinearLayout(tile);
    if (failed(regs) || !tile.getEncoding())
      return std::nullopt;
    FailureOr<BankConflictInfo> info =
        analyzeBankConflicts(tile.getEncoding(), buffer);
    if (failed(info))
      return std::nullopt;
    int64_t perAccess = std::max<int64_t>(1, info->vectorElements);
    cost += std::max<int64_t>(1, regs->getNumRegisters() / perAccess) *
            (32 / info->lanesPerPhase) * info->wavefronts;
  }
  return cost;
}

/// The cheapest layout for a buffer only register tiles access.
Attribute chooseRegisterOnlyLayout(SharedMemoryType type,
                                   ArrayRef<RankedTensorType> accesses) {
  Attribute best;
  std::optional<int64_t> bestCost = getAccessCost(type, Attribute(), accesses);
  if (!bestCost)
    return {};
  for (Attribute candidate : swizzleCandidates(type)) {
    std::optional<int64_t> cost = getAccessCost(type, candidate, accesses);
    if (cost && *cost < *bestCost) {
      best = candidate;
      bestCost = cost;
    }
  }
  return best;
}

FailureOr<Attribute> chooseLayout(AllocSmemOp alloc,
                                  const SharedDemands &demands) {
  SharedMemoryType type = alloc.getType();
  Operation *needsNVMMA = demands.tma ? demands.tma : demands.mma;
  if (needsNVMMA && demands.rowMajor) {
    InFlightDiagnostic diag =
        alloc.emitOpError()
        << "has no layout, and tile-legalize-layouts cannot choose one: "
        << needsNVMMA->getName() << " needs an NVMMA layout but "
        << demands.rowMajor->getName() << " reads it as plain row-major";
    diag.attachNote(needsNVMMA->getLoc()) << "needs the NVMMA layout";
    diag.attachNote(demands.rowMajor->getLoc()) << "needs row-major";
    return failure();
  }
  if (demands.tma)
    return Attribute(NVMMASharedLayoutAttr::get(
        type.getContext(), demands.tmaSwizzle, type.getElementTypeBitWidth(),
        /*transposed=*/false, /*fp4Padded=*/false));
  if (demands.mma)
    return getWidestNVMMALayout(type);
  if (demands.rowMajor || demands.registerAccesses.empty())
    return Attribute();
  return chooseRegisterOnlyLayout(type, demands.registerAccesses);
}

/// `view`'s type with the buffer's new `layout` (flipped for a transposed
/// view of an NVMMA layout).
Type withSharedLayout(Type viewType, Attribute layout, bool transposed) {
  auto type = cast<SharedMemoryType>(viewType);
  if (auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(layout);
      nvmma && transposed)
    layout = NVMMASharedLayoutAttr::get(
        nvmma.getContext(), nvmma.getSwizzle(), nvmma.getElementBits(),
        !nvmma.getTransposed(), nvmma.getFp4Padded());
  return SharedMemoryType::get(type.getShape(), type.getElementType(), layout,
                               type.getIsMutable());
}

LogicalResult legalizeAlloc(AllocSmemOp alloc) {
  SharedDemands demands;
  SmallVector<View> views, worklist = {{alloc.getResult(), false}};
  while (!worklist.empty()) {
    View view = worklist.pop_back_val();
    views.push_back(view);
    for (Operation *user : view.value.getUsers())
      if (failed(addDemand(user, view, demands, worklist)))
        return failure();
  }
  FailureOr<Attribute> layout = chooseLayout(alloc, demands);
  if (failed(layout))
    return failure();
  if (!*layout)
    return success();
  for (View view : views)
    view.value.setType(
        withSharedLayout(view.value.getType(), *layout, view.transposed));
  return success();
}

} // namespace

LogicalResult tilemlir::legalizeSharedLayouts(gpu::GPUFuncOp func) {
  SmallVector<AllocSmemOp> allocs;
  func.walk([&](AllocSmemOp alloc) {
    if (!alloc.getType().getEncoding())
      allocs.push_back(alloc);
  });
  for (AllocSmemOp alloc : allocs)
    if (failed(legalizeAlloc(alloc)))
      return failure();
  return success();
}

Attribute mlir::tilemlir::getWidestNVMMALayout(SharedMemoryType type) {
  int64_t rowBytes = type.getShape().back() * type.getElementTypeBitWidth() / 8;
  unsigned swizzle = 0;
  for (unsigned s : {128u, 64u, 32u})
    if (rowBytes % s == 0) {
      swizzle = s;
      break;
    }
  return NVMMASharedLayoutAttr::get(type.getContext(), swizzle,
                                    type.getElementTypeBitWidth(),
                                    /*transposed=*/false, /*fp4Padded=*/false);
}
