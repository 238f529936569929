//===- LayoutGroups.h - How ops tie the layouts of their tiles -*- C++ -*-===//
//
// The relations tile-legalize-layouts solves: each op that reads or
// produces register tiles is one or more groups of tiles whose layouts
// follow from one pivot layout (the same layout, a slice of it, a dot
// operand of it, a window of it).
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_TRANSFORMS_LAYOUTGROUPS_H
#define TILEMLIR_TRANSFORMS_LAYOUTGROUPS_H

#include "mlir/IR/Operation.h"

namespace mlir::tilemlir {

/// A register tile still to be given a layout.
bool needsLayout(Type type);
RankedTensorType withLayout(Type type, Attribute layout);
/// withLayout's types are not verified: checks each result type under
/// `root` against its layout's own rule (the register bound: a tile too
/// large for any layout would leave as IR that does not parse back, and
/// its lowering would run for minutes), reported at the op by `pass`.
LogicalResult checkLaidOutTypes(Operation *root, StringRef pass);
bool isTensor(Value v);

/// How the layout of one value of a group follows from the group's pivot.
struct Tie {
  enum Kind { Same, Slice, DotOperand, Window };
  Value value;
  Kind kind = Same;
  /// The sliced dimension, the dot operand's kWidth, or a window's columns.
  unsigned param = 0;
  /// The operand this value is (null for results and block arguments).
  OpOperand *use = nullptr;
};

/// Values whose layouts determine each other through `op`. The `decider`
/// tie's layout fixes the pivot when the group is rewritten; the other
/// results and block arguments follow from it, the other operands are
/// converted to what it needs.
struct Group {
  Operation *op = nullptr;
  SmallVector<Tie> ties;
  unsigned decider = 0;
};

/// The layout `tie`'s value has when its group's pivot is `pivot` (null
/// when it has none).
Attribute applyTie(const Tie &tie, Attribute pivot);
/// The pivot a tie's layout implies; null when the layout has no such form
/// (a slice along another dimension, a dot operand of nothing).
Attribute invertTie(const Tie &tie, Attribute layout);
/// The groups of `op` (none for ops that only produce tiles: tile.range,
/// tile.splat, constants, tile.smem_load).
SmallVector<Group> getGroups(Operation *op);
/// Ops whose tiles this pass can give layouts to without a group of their
/// own: producers, and yields and conditions (their parents' groups hold
/// them).
bool isUngroupedTileOp(Operation *op);
/// Ops whose tiles are recomputed in whatever layout each use needs.
bool isCheapProducer(Operation *op);
/// Whether `op` computes a tile without a layout from nothing: a cheap
/// producer of one such tile whose tile operands `isRecomputed` accepts.
bool isRecomputedTileOp(Operation *op, function_ref<bool(Value)> isRecomputed);

} // namespace mlir::tilemlir

#endif // TILEMLIR_TRANSFORMS_LAYOUTGROUPS_H
