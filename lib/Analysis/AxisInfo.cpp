//===- AxisInfo.cpp - Contiguity of integer tiles -------------------------===//

#include "TileMLIR/Analysis/AxisInfo.h"

#include "Tile/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

#include <algorithm>

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

namespace {

constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

int64_t getPowerOfTwoFactor(int64_t value) {
  if (value == 0)
    return kMaxDivisibility;
  return std::min(kMaxDivisibility, value & -value);
}

int64_t gcd2(int64_t a, int64_t b) { return std::min(a, b); }

/// Divisibility of every element (not only of group starts).
int64_t getElementDivisibility(const AxisInfo &info) {
  return info.contiguity > 1 ? 1 : info.divisibility;
}

std::optional<int64_t> getScalarConstant(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

/// Largest power of two provably dividing an integer scalar.
int64_t getScalarDivisibility(Value v, int depth = 0) {
  if (std::optional<int64_t> c = getScalarConstant(v))
    return getPowerOfTwoFactor(*c);
  Operation *def = v.getDefiningOp();
  if (!def || depth > 16)
    return 1;
  if (isa<arith::MulIOp, arith::AddIOp, arith::ShLIOp>(def)) {
    int64_t a = getScalarDivisibility(def->getOperand(0), depth + 1);
    if (auto shift = dyn_cast<arith::ShLIOp>(def)) {
      std::optional<int64_t> c = getScalarConstant(shift.getRhs());
      return c && *c >= 0 && *c < 30 ? std::min(kMaxDivisibility, a << *c) : a;
    }
    int64_t b = getScalarDivisibility(def->getOperand(1), depth + 1);
    return isa<arith::MulIOp>(def) ? std::min(kMaxDivisibility, a * b)
                                   : std::min(a, b);
  }
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp>(def))
    return getScalarDivisibility(def->getOperand(0), depth + 1);
  return 1;
}

AxisInfo getAxisInfoAt(Value v, int depth) {
  AxisInfo unknown;
  auto type = dyn_cast<RankedTensorType>(v.getType());
  Operation *def = v.getDefiningOp();
  if (!type || !def || depth > 32)
    return unknown;
  int64_t size = type.getShape().back();
  if (auto range = dyn_cast<RangeOp>(def))
    return {size, getPowerOfTwoFactor(range.getStart()), 1};
  if (auto splat = dyn_cast<SplatOp>(def))
    return {1, getScalarDivisibility(splat.getSrc()), size};
  if (auto constant = dyn_cast<arith::ConstantOp>(def)) {
    if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
      if (splat.getElementType().isIntOrIndex())
        return {
            1, getPowerOfTwoFactor(splat.getSplatValue<APInt>().getSExtValue()),
            size};
    return unknown;
  }
  if (auto expand = dyn_cast<ExpandDimsOp>(def)) {
    AxisInfo src = getAxisInfoAt(expand.getSrc(), depth + 1);
    if (int64_t(expand.getAxis()) == type.getRank() - 1)
      return {1, getElementDivisibility(src), 1};
    return src;
  }
  if (auto broadcast = dyn_cast<BroadcastOp>(def)) {
    AxisInfo src = getAxisInfoAt(broadcast.getSrc(), depth + 1);
    auto srcType = cast<RankedTensorType>(broadcast.getSrc().getType());
    if (srcType.getShape().back() == 1 && size != 1)
      return {1, src.divisibility, size};
    return src;
  }
  if (auto window = dyn_cast<ExtractSliceOp>(def)) {
    // Runs are cut at the window's edges; a run that starts inside a
    // source run starts at a multiple of the new run's length past it.
    AxisInfo src = getAxisInfoAt(window.getSrc(), depth + 1);
    int64_t edge =
        std::min(size, getPowerOfTwoFactor(window.getOffsets().back()));
    int64_t run = std::min(src.contiguity, edge);
    return {run,
            run < src.contiguity ? std::min(src.divisibility, run)
                                 : src.divisibility,
            std::min(src.constancy, edge)};
  }
  if (isa<arith::AddIOp, arith::MulIOp, arith::AndIOp, arith::CmpIOp>(def)) {
    AxisInfo a = getAxisInfoAt(def->getOperand(0), depth + 1);
    AxisInfo b = getAxisInfoAt(def->getOperand(1), depth + 1);
    if (isa<arith::AddIOp>(def)) {
      int64_t run = std::max(gcd2(a.contiguity, b.constancy),
                             gcd2(a.constancy, b.contiguity));
      // Each operand at the start of a run of `run` elements.
      auto divisibilityAt = [&](const AxisInfo &x) {
        return x.contiguity == 1 ? x.divisibility : gcd2(x.divisibility, run);
      };
      return {run, gcd2(divisibilityAt(a), divisibilityAt(b)),
              gcd2(a.constancy, b.constancy)};
    }
    if (isa<arith::MulIOp>(def))
      return {1,
              std::min(kMaxDivisibility,
                       getElementDivisibility(a) * getElementDivisibility(b)),
              gcd2(a.constancy, b.constancy)};
    if (isa<arith::AndIOp>(def))
      return {1, 1, gcd2(a.constancy, b.constancy)};
    // Comparisons are constant where both operands are, and over an aligned
    // run of g consecutive values (starting at a multiple of g) compared
    // with a multiple of g: `x < b` and `x >= b` cannot switch inside it,
    // nor can `a <= x` and `a > x`.
    auto cmp = cast<arith::CmpIOp>(def);
    using P = arith::CmpIPredicate;
    P pred = cmp.getPredicate();
    int64_t constancy = gcd2(a.constancy, b.constancy);
    auto runAgainst = [](const AxisInfo &run, const AxisInfo &bound) {
      return gcd2(gcd2(run.contiguity, run.divisibility),
                  gcd2(bound.constancy, getElementDivisibility(bound)));
    };
    if (pred == P::slt || pred == P::sge || pred == P::ult || pred == P::uge)
      constancy = std::max(constancy, runAgainst(a, b));
    if (pred == P::sle || pred == P::sgt || pred == P::ule || pred == P::ugt)
      constancy = std::max(constancy, runAgainst(b, a));
    return {1, 1, constancy};
  }
  return unknown;
}

} // namespace

AxisInfo tilemlir::getAxisInfo(Value v) { return getAxisInfoAt(v, 0); }
