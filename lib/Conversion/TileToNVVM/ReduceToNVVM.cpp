//===- ReduceToNVVM.cpp - tile.reduce -------------------------------------===//
//
// A reduction along one axis of a register tile: the thread's registers
// combine first, then the lanes along the axis by butterfly shuffles, then
// the warps along it through shared scratch (getReducePlan).
//
//===----------------------------------------------------------------------===//

#include "RegisterTiles.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/ScopedPrinter.h"

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

namespace {

/// How a reduction runs: registers of the thread combine by their
/// coordinate off the axis (`key`), then the lanes of `laneBits` combine by
/// butterfly shuffles, then the warps of `warpBits` through shared scratch;
/// `resultKeys[r]` is the key of result register r.
struct ReducePlan {
  /// Source registers that are not duplicates, with their key.
  SmallVector<std::pair<int64_t, int32_t>> registers;
  SmallVector<int32_t> laneBits;
  SmallVector<int32_t> warpBits;
  SmallVector<int32_t> resultKeys;
  /// The source layout without the axis: its thread part completes a key.
  LinearLayout offAxis;
  int64_t resultSize = 0;
};

FailureOr<ReducePlan> getReducePlan(ReduceOp op, EmitErrorFn emitError) {
  FailureOr<LinearLayout> src = getRegisterLayout(op.getSrc().getType());
  FailureOr<LinearLayout> dst = getRegisterLayout(op.getResult().getType());
  if (failed(src) || failed(dst) || src->getOutDims().size() < 2)
    return emitRule(emitError,
                    "the source must be a distributed register tile of rank "
                    "2 or more (a 1-D reduction to a scalar is not supported "
                    "yet)");
  unsigned axis = op.getAxis();
  std::string axisName = getTensorDimName(axis);
  LinearLayout dedup =
      src->removeZeroBases(kRegister).removeZeroBases(kLane).removeZeroBases(
          kWarp);
  if (!dedup.isInjective()) {
    return emitRule(
        emitError,
        "the source layout holds an element twice in a way other than "
        "broadcast registers or threads");
  }
  ReducePlan plan;
  // Thread bits along the axis must move along the axis only.
  auto alongAxisOnly = [&](const LinearLayout::Basis &basis) {
    for (auto [d, c] : llvm::enumerate(basis))
      if (d != axis && c != 0)
        return false;
    return true;
  };
  for (auto [bit, basis] : llvm::enumerate(src->getBases(kLane))) {
    if (basis[axis] == 0)
      continue;
    if (!alongAxisOnly(basis)) {
      return emitRule(emitError,
                      "a lane bit moves along the axis and another dimension");
    }
    plan.laneBits.push_back(bit);
  }
  for (auto [bit, basis] : llvm::enumerate(src->getBases(kWarp))) {
    if (basis[axis] == 0)
      continue;
    if (!alongAxisOnly(basis)) {
      return emitRule(emitError,
                      "a warp bit moves along the axis and another dimension");
    }
    plan.warpBits.push_back(bit);
  }
  if (!plan.warpBits.empty() && !op->hasAttr(TileDialect::kOffsetAttrName)) {
    return emitRule(
        emitError,
        "the reduction crosses warps and has no shared-memory scratch "
        "(tile-allocate-shared-memory reserves it, in kernels only)");
  }
  // Off-axis coordinates: the result's thread parts must match. Keys are
  // the result's row-major element offsets.
  LinearLayout offAxis = src->dropOutDim(axisName);
  auto identity = [](ArrayRef<int32_t> c) { return SmallVector<int32_t>(c); };
  if (failed(getRegisterMap(offAxis, *dst, identity, emitError)))
    return failure();
  uint64_t zeroRegs = src->getZeroBasesMask(kRegister);
  for (int64_t r = 0, e = src->getNumRegisters(); r < e; ++r)
    if ((uint64_t(r) & zeroRegs) == 0)
      plan.registers.push_back(
          {r, int32_t(offAxis.flattenOut(getRegisterCoords(offAxis, r)))});
  for (int64_t r = 0, e = dst->getNumRegisters(); r < e; ++r)
    plan.resultKeys.push_back(
        int32_t(dst->flattenOut(getRegisterCoords(*dst, r))));
  plan.offAxis = offAxis;
  plan.resultSize = int64_t(1) << offAxis.getTotalOutDimSizeLog2();
  return plan;
}

Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value x, Value y) {
  bool isFloat = isa<FloatType>(x.getType());
  switch (kind) {
  case ReduceKind::Add:
    return isFloat ? Value(LLVM::FAddOp::create(b, loc, x, y))
                   : Value(LLVM::AddOp::create(b, loc, x, y));
  case ReduceKind::Mul:
    return isFloat ? Value(LLVM::FMulOp::create(b, loc, x, y))
                   : Value(LLVM::MulOp::create(b, loc, x, y));
  case ReduceKind::Max:
    return isFloat ? Value(LLVM::MaxNumOp::create(b, loc, x, y))
                   : Value(LLVM::SMaxOp::create(b, loc, x, y));
  case ReduceKind::Min:
    return isFloat ? Value(LLVM::MinNumOp::create(b, loc, x, y))
                   : Value(LLVM::SMinOp::create(b, loc, x, y));
  case ReduceKind::And:
    return LLVM::AndOp::create(b, loc, x, y);
  case ReduceKind::Or:
    return LLVM::OrOp::create(b, loc, x, y);
  case ReduceKind::Xor:
    return LLVM::XOrOp::create(b, loc, x, y);
  }
  llvm_unreachable("unknown reduce kind");
}

/// `value` of lane (lane XOR mask), through 32-bit butterfly shuffles.
Value shuffleXor(OpBuilder &b, Location loc, Value value, int32_t mask) {
  return shuffleSync(b, loc, value, createI32Constant(b, loc, mask),
                     NVVM::ShflKind::bfly);
}

/// Warps along the axis combine through the scratch that
/// tile-allocate-shared-memory reserved on the reduction: slot
/// [w][coordinate] holds warp group w's partial (w = the reduced warp bits
/// of the warp id); after a barrier every thread combines the slots of its
/// coordinates in the same order. Barriers around keep the scratch apart
/// from buffers sharing its bytes at other times.
LogicalResult reduceAcrossWarps(ReduceOp op, const ReducePlan &plan,
                                llvm::MapVector<int32_t, Value> &partials,
                                ConversionPatternRewriter &rewriter) {
  FailureOr<int64_t> scratch = getAllocatedOffset(op);
  if (failed(scratch))
    return failure();
  Location loc = op.getLoc();
  I32Builder ib{rewriter, loc};
  Value base = createByteOffset(
      rewriter, loc, getSharedMemoryBase(rewriter, loc, op), *scratch);
  Value thread = getFlatThreadOffset(rewriter, loc, plan.offAxis);
  Value warp = createWarpId(rewriter, loc);
  Value group = ib.c(0);
  for (auto [j, bit] : llvm::enumerate(plan.warpBits))
    group = ib.add(group, ib.shl(ib.andI(ib.lshr(warp, bit), 1), j));
  auto slot = [&](Value warpGroup, int32_t key, Type type) {
    Value coord = key == 0 ? thread : ib.xorI(thread, ib.c(key));
    Value index = ib.add(ib.mul(warpGroup, plan.resultSize), coord);
    return LLVM::GEPOp::create(rewriter, loc, base.getType(), type, base,
                               ValueRange{index});
  };
  createScratchBarrier(rewriter, loc, op);
  for (auto &[key, value] : partials)
    LLVM::StoreOp::create(rewriter, loc, value,
                          slot(group, key, value.getType()));
  createScratchBarrier(rewriter, loc, op);
  for (auto &[key, value] : partials) {
    Type type = value.getType();
    Value acc;
    for (int64_t w = 0, e = int64_t(1) << plan.warpBits.size(); w < e; ++w) {
      Value v =
          LLVM::LoadOp::create(rewriter, loc, type, slot(ib.c(w), key, type));
      acc = acc ? combine(rewriter, loc, op.getKind(), acc, v) : v;
    }
    value = acc;
  }
  createScratchBarrier(rewriter, loc, op);
  return success();
}

/// 8-bit floats are bytes in registers: combining them as integers would be
/// silently wrong (they are sign-magnitude), and the GPU has no 8-bit float
/// arithmetic.
LogicalResult checkReduceElements(ReduceOp op, EmitErrorFn emitError) {
  Type element = getElementTypeOrSelf(op.getSrc().getType());
  if (!isNarrowFloat(element))
    return success();
  return emitRule(emitError, "tile.reduce of " + llvm::to_string(element) +
                                 " elements: the GPU has no arithmetic on "
                                 "8-bit floats; widen the tile with "
                                 "arith.extf (to f16 or f32) first");
}

struct ReduceLowering : public ConvertOpToLLVMPattern<ReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<ReducePlan> plan = getReducePlan(op, {});
    if (failed(checkReduceElements(op, {})) || failed(plan))
      return failure();
    Location loc = op.getLoc();
    ReduceKind kind = op.getKind();
    // Within the thread, in register order.
    llvm::MapVector<int32_t, Value> partials;
    for (auto [r, key] : plan->registers) {
      Value element = LLVM::ExtractElementOp::create(
          rewriter, loc, adaptor.getSrc(), createI32Constant(rewriter, loc, r));
      auto [it, inserted] = partials.insert({key, element});
      if (!inserted)
        it->second = combine(rewriter, loc, kind, it->second, element);
    }
    // Across the lanes that hold other elements along the axis.
    for (auto &entry : partials)
      for (int32_t bit : plan->laneBits)
        entry.second =
            combine(rewriter, loc, kind, entry.second,
                    shuffleXor(rewriter, loc, entry.second, 1 << bit));
    if (!plan->warpBits.empty() &&
        failed(reduceAcrossWarps(op, *plan, partials, rewriter)))
      return failure();
    auto vectorType = cast<VectorType>(
        getTypeConverter()->convertType(op.getResult().getType()));
    Value result = LLVM::PoisonOp::create(rewriter, loc, vectorType);
    for (auto [r, key] : llvm::enumerate(plan->resultKeys)) {
      auto it = partials.find(key);
      if (it == partials.end())
        return rewriter.notifyMatchFailure(op, "result element not reduced");
      result =
          LLVM::InsertElementOp::create(rewriter, loc, result, it->second,
                                        createI32Constant(rewriter, loc, r));
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

LogicalResult tilemlir::verifyReduceLowering(Operation *op) {
  auto reduce = dyn_cast<ReduceOp>(op);
  if (!reduce)
    return success();
  if (failed(checkReduceElements(reduce, [&]() -> InFlightDiagnostic {
        return op->emitOpError() << "not supported yet: ";
      })))
    return failure();
  auto emitError = [&]() -> InFlightDiagnostic {
    return op->emitOpError() << "not supported yet: tile.reduce of this "
                                "layout: ";
  };
  return getReducePlan(reduce, emitError);
}

void tilemlir::populateReduceToNVVMPatterns(LLVMTypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(converter, /*benefit=*/2);
}
