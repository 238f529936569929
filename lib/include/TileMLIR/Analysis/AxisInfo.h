//===- AxisInfo.h - Contiguity of integer tiles -----------------*- C++ -*-===//
//
// What is provable about the values of an integer register tile along its
// last dimension (contiguity, divisibility, constancy), from the ops that
// compute it. The global load/store lowering vectorizes accesses with it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_ANALYSIS_AXISINFO_H
#define TILEMLIR_ANALYSIS_AXISINFO_H

#include "mlir/IR/Value.h"

#include <cstdint>

namespace mlir::tilemlir {

/// What is provable about an integer tile along its last dimension, split
/// into aligned groups of `contiguity` elements: within a group the values
/// increase by one, and the first value of every group is a multiple of
/// `divisibility`; `constancy`: aligned groups of that many elements are
/// equal. All powers of two; 1 is "nothing known".
struct AxisInfo {
  int64_t contiguity = 1;
  int64_t divisibility = 1;
  int64_t constancy = 1;
};

/// The facts about `v` (a register tile; nothing is known of other values)
/// from the ops that define it: tile.range, tile.splat, splat constants,
/// tile.expand_dims, tile.broadcast, tile.extract_slice, arith.addi / muli /
/// andi / cmpi.
AxisInfo getAxisInfo(Value v);

} // namespace mlir::tilemlir

#endif // TILEMLIR_ANALYSIS_AXISINFO_H
