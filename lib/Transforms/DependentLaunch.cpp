//===- DependentLaunch.cpp - Programmatic dependent launches --------------===//
//
// tile-dependent-launch: a kernel marked tile.dependent_launch is launched
// as a programmatic dependent launch, so it may start while the previous
// kernel in its stream still runs. What makes that safe is one wait, run by
// every thread before it first touches global memory; this pass places it
// (or checks the one the user placed) and marks the kernel's launches for
// the host lowering. Kernels and launches are both visible only here, at
// module level, before the device code is lowered.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "TMem/TMemDialect.h"
#include "Tile/TileDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILEDEPENDENTLAUNCH
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {

/// Memory a previous kernel cannot have written: this CTA's shared memory,
/// barriers and tensor memory, the descriptor cache, the stack.
bool isCtaLocal(SideEffects::Resource *resource) {
  return isa<tile::SharedMemoryResource, mbarrier::BarrierResource,
             tmem::TensorMemoryResource, tma::DescriptorCacheResource,
             SideEffects::AutomaticAllocationScopeResource>(resource);
}

/// A memref in shared or private memory (the default resource's effects on
/// it are CTA-local too): #gpu.address_space<workgroup / private>, or
/// NVVM's numbers for them (3, 5).
bool isCtaLocalMemRef(Value value) {
  auto type = value ? dyn_cast<MemRefType>(value.getType()) : MemRefType();
  Attribute space = type ? type.getMemorySpace() : Attribute();
  if (auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() != gpu::AddressSpace::Global;
  auto number = dyn_cast_or_null<IntegerAttr>(space);
  return number && (number.getInt() == 3 || number.getInt() == 5);
}

/// Synchronization (barriers, fences, the warp vote of tile.elect) that the
/// dialects leave without an effects interface, so that nothing removes or
/// moves it: it touches no global memory.
bool isSynchronization(Operation *op) {
  return isa<tile::BarrierOp, tile::FenceAsyncSharedOp, tile::ClusterBarrierOp,
             tile::ElectOp, tile::GridDependencyWaitOp,
             tile::LaunchDependentsOp, gpu::BarrierOp>(op);
}

/// Whether `op` itself (not counting nested ops) may read or write global
/// memory.
bool mayTouchGlobalMemoryItself(Operation *op, gpu::GPUFuncOp kernel) {
  if (isSynchronization(op))
    return false;
  // Special registers (clocks, ids), which NVVM declares without effects
  // interface: no memory.
  if (op->getName().getStringRef().starts_with("nvvm.read.ptx.sreg."))
    return false;
  // A tensor map passed by value: the host built it before the launch.
  if (auto prefetch = dyn_cast<tma::PrefetchDescriptorOp>(op)) {
    auto arg = dyn_cast<BlockArgument>(prefetch.getDesc());
    if (arg && arg.getOwner() == &kernel.getBody().front())
      return false;
  }
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::any_of(instances, [](const MemoryEffects::EffectInstance &e) {
    if (!isa<MemoryEffects::Read, MemoryEffects::Write>(e.getEffect()))
      return false;
    return !isCtaLocal(e.getResource()) && !isCtaLocalMemRef(e.getValue());
  });
}

/// The first op in `op` (itself included) that may touch global memory.
Operation *findGlobalAccess(Operation *op, gpu::GPUFuncOp kernel) {
  Operation *found = nullptr;
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (!mayTouchGlobalMemoryItself(nested, kernel))
      return WalkResult::advance();
    found = nested;
    return WalkResult::interrupt();
  });
  return found;
}

/// Places the wait (and the trigger after it) before the first top-level
/// op of `kernel` that may touch global memory, or checks the wait the
/// kernel has.
LogicalResult placeWait(gpu::GPUFuncOp kernel) {
  if (kernel.getBody().empty())
    return success();
  Block &entry = kernel.getBody().front();
  tile::GridDependencyWaitOp userWait;
  WalkResult walk = kernel.walk([&](tile::GridDependencyWaitOp wait) {
    if (wait->getBlock() != &entry) {
      wait.emitOpError()
          << "in a kernel marked '"
          << tile::TileDialect::kDependentLaunchAttrName
          << "' must be at the top level of the kernel's body, where every "
             "thread runs it";
      return WalkResult::interrupt();
    }
    if (!userWait)
      userWait = wait;
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();

  for (Operation &op : entry) {
    if (&op == userWait.getOperation())
      return success();
    Operation *access = findGlobalAccess(&op, kernel);
    if (!access)
      continue;
    if (!userWait) {
      OpBuilder b(&op);
      tile::GridDependencyWaitOp::create(b, kernel.getLoc());
      tile::LaunchDependentsOp::create(b, kernel.getLoc());
      return success();
    }
    InFlightDiagnostic diag =
        access->emitOpError()
        << "may read or write global memory before the kernel's "
           "tile.grid_dependency_wait; kernel @"
        << kernel.getName() << " is marked '"
        << tile::TileDialect::kDependentLaunchAttrName
        << "', so it may run while the previous kernel in its stream still "
           "writes";
    diag.attachNote(userWait.getLoc()) << "the wait is here";
    return failure();
  }
  // Nothing in the entry block touches global memory (or the kernel
  // branches to other blocks): wait before it ends.
  if (!userWait) {
    OpBuilder b(entry.getTerminator());
    tile::GridDependencyWaitOp::create(b, kernel.getLoc());
    tile::LaunchDependentsOp::create(b, kernel.getLoc());
  }
  return success();
}

struct DependentLaunch
    : public tilemlir::impl::TileDependentLaunchBase<DependentLaunch> {
  void runOnOperation() override {
    StringRef attrName = tile::TileDialect::kDependentLaunchAttrName;
    bool anyFailed = false;
    getOperation().walk([&](gpu::GPUFuncOp kernel) {
      if (kernel->hasAttr(attrName) && failed(placeWait(kernel)))
        anyFailed = true;
    });
    if (anyFailed)
      return signalPassFailure();
    SymbolTableCollection symbols;
    WalkResult result = getOperation().walk([&](gpu::LaunchFuncOp launch) {
      Operation *kernel =
          symbols.lookupNearestSymbolFrom(launch, launch.getKernel());
      if (!kernel)
        return WalkResult::advance();
      if (kernel->hasAttr(attrName)) {
        launch->setAttr(attrName, UnitAttr::get(&getContext()));
        return WalkResult::advance();
      }
      // A dependent launch of a kernel that does not wait would let it
      // read what the previous grid in the stream has not written yet.
      if (launch->hasAttr(attrName)) {
        launch.emitOpError()
            << "is marked '" << attrName << "' but its kernel "
            << launch.getKernel()
            << " is not: the kernel would not wait for the previous grid "
               "before its first global access (mark the kernel; its "
               "launches are marked with it)";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
