//===- LayoutGroups.cpp - How ops tie the layouts of their tiles ----------===//
//
// The groups of tile-legalize-layouts (LayoutGroups.h): which tiles of an
// op share a layout, or a slice, dot operand or window of one.
//
//===----------------------------------------------------------------------===//

#include "LayoutGroups.h"

#include "TMem/TMemDialect.h"
#include "Tile/TileDialect.h"
#include "TileMLIR/Analysis/LayoutQueries.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilemlir;

/// A register tile still to be given a layout.
bool tilemlir::needsLayout(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && !tensor.getEncoding();
}

RankedTensorType tilemlir::withLayout(Type type, Attribute layout) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               layout);
}

LogicalResult tilemlir::checkLaidOutTypes(Operation *root, StringRef pass) {
  WalkResult walk = root->walk([&](Operation *op) {
    auto fromHere = [&] { return op->emitOpError() << pass << ": "; };
    for (Type type : op->getResultTypes()) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      auto encoding =
          tensor
              ? dyn_cast_or_null<VerifiableTensorEncoding>(tensor.getEncoding())
              : VerifiableTensorEncoding();
      if (encoding &&
          failed(encoding.verifyEncoding(tensor.getShape(),
                                         tensor.getElementType(), fromHere)))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// The shape of a tie's tile.
static ArrayRef<int64_t> getShape(const Tie &tie) {
  return cast<RankedTensorType>(tie.value.getType()).getShape();
}

Attribute tilemlir::applyTie(const Tie &tie, Attribute pivot) {
  MLIRContext *context = pivot.getContext();
  switch (tie.kind) {
  case Tie::Same:
    // A #tile.linear layout holds one shape: a broadcast's source takes
    // the result's restricted, its result the source's grown.
    if (auto linear = dyn_cast<LinearLayoutAttr>(pivot))
      return linear.restrictTo(getShape(tie)).growTo(getShape(tie));
    return pivot;
  case Tie::Slice:
    if (auto parent = dyn_cast<DistributedLayoutAttr>(pivot))
      return SliceLayoutAttr::get(context, tie.param, parent);
    return {};
  case Tie::DotOperand:
    if (auto parent = dyn_cast<WgmmaLayoutAttr>(pivot))
      return DotOperandLayoutAttr::get(context, 0, parent, tie.param);
    return {};
  case Tie::Window:
    // A window of an accumulator is an accumulator of the window's width.
    if (auto acc = dyn_cast<WgmmaLayoutAttr>(pivot);
        acc && acc.getInstrShape()[1] > tie.param) {
      SmallVector<unsigned> instr = {16, tie.param};
      return WgmmaLayoutAttr::get(context, acc.getWarpsPerCTA(), instr);
    }
    if (auto linear = dyn_cast<LinearLayoutAttr>(pivot))
      return linear.restrictTo(getShape(tie));
    return pivot;
  }
  return {};
}

/// The pivot a tie's layout implies; null when the layout has no such form
/// (a slice along another dimension, a dot operand of nothing).
Attribute tilemlir::invertTie(const Tie &tie, Attribute layout) {
  switch (tie.kind) {
  case Tie::Same:
    return layout;
  case Tie::Slice:
    if (auto slice = dyn_cast<SliceLayoutAttr>(layout);
        slice && slice.getDim() == tie.param)
      return slice.getParent();
    return {};
  case Tie::DotOperand:
    if (auto dot = dyn_cast<DotOperandLayoutAttr>(layout))
      return dot.getParent();
    return {};
  case Tie::Window:
    // A window does not say what it was cut from.
    return {};
  }
  return {};
}

bool tilemlir::isTensor(Value v) { return isa<RankedTensorType>(v.getType()); }

static void addOperandTies(Group &group, Operation *op,
                           Tie::Kind kind = Tie::Same) {
  for (OpOperand &operand : op->getOpOperands())
    if (isTensor(operand.get()))
      group.ties.push_back({operand.get(), kind, 0, &operand});
}

/// The group of an op whose tiles share one layout, its first result
/// deciding.
static Group sameLayoutGroup(Operation *op) {
  Group group{op, {}, 0};
  for (Value result : op->getResults())
    if (isTensor(result))
      group.ties.push_back({result});
  addOperandTies(group, op);
  return group;
}

/// Elements of `kind` per 32-bit register of a wgmma A operand.
static unsigned getKWidth(Type element) {
  unsigned bits = getTileElementBits(element);
  return bits ? std::max(1u, 32 / bits) : 1;
}

/// The groups of an scf.for, scf.while or scf.if: each tile it carries
/// ties what enters it, its block arguments, what its regions yield and
/// its results together.
static void appendControlFlowGroups(Operation *op, SmallVector<Group> &groups) {
  if (auto loop = dyn_cast<scf::ForOp>(op)) {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      if (!isTensor(arg))
        continue;
      groups.push_back(
          {op,
           {{loop.getInitArgs()[i], Tie::Same, 0,
             &loop.getInitArgsMutable()[i]},
            {arg},
            {yield.getOperand(i), Tie::Same, 0, &yield->getOpOperand(i)},
            {loop.getResult(i)}},
           1});
    }
  } else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
    // Around the loop: what enters the before region (the initial values
    // and the after region's yield); through it: what the condition passes
    // to the after region and out of the loop.
    scf::YieldOp yield = loop.getYieldOp();
    for (auto [i, arg] : llvm::enumerate(loop.getBeforeArguments())) {
      if (!isTensor(arg))
        continue;
      groups.push_back(
          {op,
           {{loop.getInits()[i], Tie::Same, 0, &loop.getInitsMutable()[i]},
            {arg},
            {yield.getOperand(i), Tie::Same, 0, &yield->getOpOperand(i)}},
           1});
    }
    scf::ConditionOp condition = loop.getConditionOp();
    for (auto [i, arg] : llvm::enumerate(loop.getAfterArguments())) {
      if (!isTensor(arg))
        continue;
      OpOperand &passed = condition.getArgsMutable()[i];
      groups.push_back(
          {op,
           {{passed.get(), Tie::Same, 0, &passed}, {arg}, {loop.getResult(i)}},
           1});
    }
  } else if (auto branch = dyn_cast<scf::IfOp>(op)) {
    for (auto [i, result] : llvm::enumerate(branch.getResults())) {
      if (!isTensor(result))
        continue;
      Group group{op, {{result}}, 0};
      for (Region *region : {&branch.getThenRegion(), &branch.getElseRegion()})
        if (!region->empty()) {
          Operation *yield = region->front().getTerminator();
          group.ties.push_back(
              {yield->getOperand(i), Tie::Same, 0, &yield->getOpOperand(i)});
        }
      groups.push_back(std::move(group));
    }
  }
}

/// The groups of `op` (none for ops that only produce tiles: tile.range,
/// tile.splat, constants, tile.smem_load).
SmallVector<Group> tilemlir::getGroups(Operation *op) {
  SmallVector<Group> groups;
  if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
    groups.push_back({op, {{expand.getResult()}}, 0});
    groups.back().ties.push_back({expand.getSrc(), Tie::Slice,
                                  unsigned(expand.getAxis()),
                                  &expand.getSrcMutable()});
  } else if (auto reduce = dyn_cast<ReduceOp>(op)) {
    groups.push_back(
        {op, {{reduce.getSrc(), Tie::Same, 0, &reduce.getSrcMutable()}}, 0});
    groups.back().ties.push_back(
        {reduce.getResult(), Tie::Slice, unsigned(reduce.getAxis())});
  } else if (auto dot = dyn_cast<DotOp>(op)) {
    Group group{op, {{dot.getResult()}}, 0};
    group.ties.push_back({dot.getAcc(), Tie::Same, 0, &dot.getAccMutable()});
    if (isTensor(dot.getA()))
      group.ties.push_back({dot.getA(), Tie::DotOperand,
                            getKWidth(getElementTypeOrSelf(dot.getA())),
                            &dot.getAMutable()});
    groups.push_back(std::move(group));
  } else if (auto store = dyn_cast<StoreOp>(op)) {
    if (isTensor(store.getValue())) {
      Group group{op, {}, 0};
      group.ties.push_back(
          {store.getValue(), Tie::Same, 0, &store.getValueMutable()});
      for (OpOperand &operand : op->getOpOperands())
        if (isTensor(operand.get()) && &operand != group.ties[0].use)
          group.ties.push_back({operand.get(), Tie::Same, 0, &operand});
      groups.push_back(std::move(group));
    }
  } else if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
    // A source without a layout takes the one converted to: the user
    // named the layout wanted there.
    if (needsLayout(convert.getSrc().getType()))
      groups.push_back(
          {op,
           {{convert.getResult()},
            {convert.getSrc(), Tie::Same, 0, &convert.getSrcMutable()}},
           0});
  } else if (isa<SmemStoreOp, tmem::StoreOp>(op)) {
    // The stored tile alone (operand 0 of both): typed by its own layout,
    // or for tensor memory by the tcgen05.st one (choosePivot).
    OpOperand &value = op->getOpOperand(0);
    if (isTensor(value.get()))
      groups.push_back({op, {{value.get(), Tie::Same, 0, &value}}, 0});
  } else if (auto window = dyn_cast<ExtractSliceOp>(op)) {
    // The source decides: the window is cut from it.
    auto type = cast<RankedTensorType>(window.getType());
    unsigned columns = type.getRank() == 2 ? type.getDimSize(1) : 0;
    groups.push_back({op,
                      {{window.getSrc(), Tie::Same, 0, &window.getSrcMutable()},
                       {window.getResult(), Tie::Window, columns}},
                      0});
  } else if (isa<LoadOp, BroadcastOp>(op) ||
             (op->hasTrait<OpTrait::Elementwise>() &&
              op->getNumResults() == 1)) {
    groups.push_back(sameLayoutGroup(op));
  } else if (auto wait = dyn_cast<DotWaitOp>(op)) {
    for (auto [result, operand] :
         llvm::zip_equal(wait.getOutputs(), op->getOpOperands()))
      groups.push_back(
          {op, {{result}, {operand.get(), Tie::Same, 0, &operand}}, 0});
  } else {
    appendControlFlowGroups(op, groups);
  }
  // Scalar elementwise ops relate no tiles.
  llvm::erase_if(groups, [](const Group &group) { return group.ties.empty(); });
  return groups;
}

/// Ops whose tiles this pass can give layouts to without a group of their
/// own: producers, and yields and conditions (their parents' groups hold
/// them).
bool tilemlir::isUngroupedTileOp(Operation *op) {
  return isa<RangeOp, SplatOp, arith::ConstantOp, SmemLoadOp, ConvertLayoutOp,
             scf::YieldOp, scf::ConditionOp, tmem::LoadOp>(op);
}

/// Ops whose tiles are recomputed in whatever layout each use needs.
bool tilemlir::isCheapProducer(Operation *op) {
  if (isa<RangeOp, SplatOp, arith::ConstantOp>(op))
    return true;
  return op->getNumRegions() == 0 && isPure(op) && op->getNumResults() == 1 &&
         (isa<BroadcastOp, ExpandDimsOp, ExtractSliceOp>(op) ||
          op->hasTrait<OpTrait::Elementwise>());
}

bool tilemlir::isRecomputedTileOp(Operation *op,
                                  function_ref<bool(Value)> isRecomputed) {
  return op->getNumResults() == 1 && needsLayout(op->getResult(0).getType()) &&
         isCheapProducer(op) && llvm::all_of(op->getOperands(), [&](Value v) {
           return !isTensor(v) || isRecomputed(v);
         });
}
