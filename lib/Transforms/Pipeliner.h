//===- Pipeliner.h - Ring buffers for TMA-fed loops -------------*- C++ -*-===//
//
// The analysis and rewriting that tile-pipeline and tile-warp-specialize
// share: a loop whose body fills single-buffered shared memory with TMA
// loads (its load stage) and computes on it (its compute stage) gets N-slot
// rings and N barrier versions; iteration j uses slot j mod N and phase
// (j / N) mod 2. tile-pipeline issues the load stage N - 1 iterations ahead
// in the same warps (Pipeline.cpp); tile-warp-specialize gives it to a
// producer warp joined to the compute by full/empty barrier rings
// (WarpSpecialize.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TRANSFORMS_PIPELINER_H
#define TILEMLIR_TRANSFORMS_PIPELINER_H

#include "MBarrier/MBarrierDialect.h"
#include "TMA/TMADialect.h"
#include "Tile/TileDialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::tilemlir {

/// Everything the rewrite of one loop needs, gathered (and checked) before
/// the IR is touched.
struct PipelinePlan {
  /// The pass named in refusals.
  StringRef pass = "tile-pipeline";
  scf::ForOp loop;
  int64_t stages = 0;
  int64_t step = 0;
  /// Buffers to multi-buffer, and every view of them (the buffer included).
  SmallVector<tile::AllocSmemOp> buffers;
  DenseMap<Value, tile::AllocSmemOp> viewRoot;
  /// Barriers to version.
  SmallVector<mbarrier::IndexOp> barriers;
  /// Side-effecting ops of the load stage, and the pure body ops they use.
  DenseSet<Operation *> loadOps;
  DenseSet<Operation *> loadSlice;
  Operation *firstLoadOp = nullptr;
  /// With async-dot: the one MMA kept in flight, and the CTA barrier after
  /// it that frees the slot the previous MMA read.
  tile::DotOp asyncDot;
  tile::BarrierOp asyncDotBarrier;
  /// The first CTA barrier after the last read of a pipelined buffer.
  tile::BarrierOp readFence;
  /// The scf.for loops around `loop`, outermost first, that carry the
  /// running count of pipelined iterations.
  SmallVector<scf::ForOp> enclosing;
  /// Ping-pong (tile-warp-specialize): `enclosing` is the one loop whose
  /// iterations alternate between two consumer warpgroups, and `loop`'s
  /// bounds do not change inside it. The count of iterations before the
  /// current one is then computed from that loop's induction variable,
  /// ((iv - lb) / step) * trip count, instead of carried, so it stays right
  /// in a copy that runs every other iteration.
  bool pingPong = false;
  /// tile-warp-specialize: the CTAs of the kernel's clusters
  /// (known_cluster_size) whose producers' multicast loads (allowed only
  /// then) write into this CTA's ring, and which each slot waits for.
  int64_t clusterCTAs = 1;
};

/// `v` (an index or integer, not negative) as `type` (an index or integer):
/// itself when the types agree, else index_castui, trunci or extui.
Value castUnsigned(OpBuilder &b, Location loc, Value v, Type type);

/// Ops tile-warp-specialize's loop rewrite gives to the producer warp.
constexpr StringLiteral kProducerAttrName = "tile.producer";

class Pipeliner {
public:
  explicit Pipeliner(PipelinePlan &plan) : plan(plan), loop(plan.loop) {}

  /// Checks `loop`; fills the plan. Emits the reason on failure. `hardError`
  /// is set when the failure is an error rather than a refusal.
  LogicalResult analyze(bool &hardError);
  /// Whether the body is `..., tile.dot, tile.barrier, scf.yield` with the
  /// dot's result only yielded as its own accumulator: then one MMA can stay
  /// in flight.
  bool matchAsyncDot();
  void rewrite();
  /// The warp-specialized form: one iteration still holds its loads and
  /// its compute, but the loads (marked kProducerAttrName) wait for the
  /// slot's "empty" barrier and arm its "full" one, and the compute
  /// releases the slot once the MMA that read it is complete. The kernel
  /// split (WarpSpecialize.cpp) then gives each side its own warps.
  /// `consumerThreads` arrive on each empty barrier.
  void rewriteForWarpSpecialization(int64_t consumerThreads);

private:
  /// Warns that the loop stays as it is, and why.
  InFlightDiagnostic refuse(scf::ForOp loop);
  LogicalResult collectBuffer(tma::AsyncLoadOp load);
  LogicalResult collectBarrier(Value barrier);
  LogicalResult checkBufferUses(tile::AllocSmemOp root);
  LogicalResult checkBarrierUses(mbarrier::IndexOp bar);
  LogicalResult collectSlice(Operation *op);
  LogicalResult collectEnclosingLoops();
  LogicalResult collectLoads();
  LogicalResult checkOutsideEnclosingLoops();
  LogicalResult collectLoadStage();
  LogicalResult checkReadsAreFenced();
  LogicalResult checkSharedMemory(bool &hardError);

  Value iterationIndex(OpBuilder &b, Value iv);
  Value tripCount(OpBuilder &b);
  void carryBase();
  Value slotOf(OpBuilder &b, Value j);
  Value parityOf(OpBuilder &b, Value j, Type phaseType);
  Value materialize(OpBuilder &b, Value v, IRMapping &map);
  IRMapping mapToSlot(OpBuilder &b, Value iv, Value slot);
  using LoadOpEmitter =
      llvm::function_ref<void(OpBuilder &, Operation &, IRMapping &)>;
  void emitLoadStage(OpBuilder &b, Value iv, Value slot,
                     LoadOpEmitter emitLoadOp = nullptr);
  arith::CmpIPredicate loopPredicate();
  SmallVector<Operation *> collectStale();
  void makeRings();
  void makeBarrierVersions();
  void emitPrologue();
  scf::IfOp emitLoadAhead();
  tile::DotWaitOp keepOneDotInFlight();
  void makeDotAsync(scf::IfOp loadAhead);
  void rewriteComputeStage(ArrayRef<Operation *> computeOps);
  void eraseOldLoadStage(SmallVector<Operation *> &stale);
  // The warp-specialized rewrite (WarpSpecialize.cpp).
  void makeEmptyBarriers(int64_t consumerThreads);
  void emitProducerStage();
  void emitProducerOp(OpBuilder &b, Operation &op, IRMapping &map,
                      llvm::MapVector<Value, int64_t> &bytes);
  void releaseSlots();
  void releaseSlot(OpBuilder &b, Value j);
  void releaseRemoteSlot(OpBuilder &b, Value bar);

  PipelinePlan &plan;
  scf::ForOp loop;
  DenseMap<tile::AllocSmemOp, Value> rings;
  DenseMap<mbarrier::IndexOp, Value> versions;
  /// Warp-specialized: the ring's "empty" barriers (a group of N), and the
  /// arrivals the loads' barrier versions get (1: the producer's
  /// arrive_expect_tx) instead of the user's.
  Value empty;
  std::optional<int32_t> versionArrivals;
  /// The iteration number (base + (iv - lb) / step) the compute stage uses.
  Value computeIteration;
  /// Inside enclosing loops: the pipelined iterations issued before this
  /// run of the loop (an iter_arg of the innermost enclosing loop), of the
  /// induction variable's type. Iteration j is global iteration base + j.
  Value base;
};

} // namespace mlir::tilemlir

#endif // TILEMLIR_TRANSFORMS_PIPELINER_H
