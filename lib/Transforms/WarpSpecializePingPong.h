//===- WarpSpecializePingPong.h - Consumers taking turns -------*- C++ -*-===//
//
// The ping-pong schedule of tile-warp-specialize
// (WarpSpecializePingPong.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TRANSFORMS_WARPSPECIALIZEPINGPONG_H
#define TILEMLIR_TRANSFORMS_WARPSPECIALIZEPINGPONG_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::tilemlir {

struct PipelinePlan;

/// What the rewritten marked loops carry until the split, so that each
/// consumer copy finds where its MMAs end.
constexpr StringLiteral kMathLoopAttrName = "tile.ping_pong_math";
/// One warpgroup's code runs on two.
constexpr int64_t kPingPongGroups = 2;

/// Warns that `loop` keeps one consumer copy, and why (the caller streams
/// the reason); drops its tile.ping_pong.
InFlightDiagnostic refusePingPong(scf::ForOp loop);

/// The loop of `func` marked tile.ping_pong, if there is exactly one.
scf::ForOp findPingPong(gpu::GPUFuncOp func);

/// The conditions of a ping-pong schedule for `pingPong`, the kernel's
/// specialized `loops` (their plans), `consumerWarps` and the split point;
/// a refusal warns and fails.
LogicalResult checkPingPong(gpu::GPUFuncOp func, scf::ForOp pingPong,
                            ArrayRef<const PipelinePlan *> loops,
                            int64_t consumerWarps, Operation *split);

/// The two "turn" barriers, initialized by one thread before the split.
Value makeTurnBarriers(OpBuilder &b, Location loc);

/// Warpgroup `group`'s copy of the ping-pong loop in `region`, taking turns
/// on `turns`.
void makePingPongCopy(Region &region, int64_t group, Value turns);

} // namespace mlir::tilemlir

#endif // TILEMLIR_TRANSFORMS_WARPSPECIALIZEPINGPONG_H
