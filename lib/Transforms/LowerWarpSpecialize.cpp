//===- LowerWarpSpecialize.cpp - Partitions to warp-indexed branches ------===//
//
// tile.warp_specialize in a kernel's entry block becomes
//
//   %wid = tile.warp_id
//   scf.if %wid < W {                // default warps
//     [setmaxnreg]  <default region>  <rest of the kernel>
//   } else {
//     scf.if %wid < W + w0 { [setmaxnreg] <partition0> } else { ... }
//   }
//   gpu.return                        // partition warps exit here
//
// Barriers and leader election inside a branch are rebased onto the warps
// that execute it.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Transforms/Passes.h"

#include "TileMLIR/Analysis/LayoutConversions.h"

#include "Tile/TileDialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILELOWERWARPSPECIALIZE
#include "TileMLIR/Transforms/Passes.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;

namespace {

/// Warps [base, base + count) execute a region of code.
struct WarpRange {
  int64_t base;
  int64_t count;
};

/// Rewrites tile.barrier and scoped tile.elect ops in `region` so they only
/// involve the warps of `range`. `barrierId` is the named barrier to use.
void rebaseSynchronization(Region &region, WarpRange range, int barrierId,
                           bool wholeCTA) {
  SmallVector<Operation *> ops;
  region.walk([&](Operation *op) {
    if (isa<tile::BarrierOp, tile::ElectOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (isa<tile::BarrierOp>(op)) {
      if (wholeCTA)
        continue;
      // bar.sync id, count: only this branch's threads take part.
      Value id = arith::ConstantIntOp::create(b, loc, barrierId, 32);
      Value count = arith::ConstantIntOp::create(b, loc, range.count * 32, 32);
      NVVM::BarrierOp::create(b, loc, Type(), id, count,
                              NVVM::BarrierReductionAttr(), Value());
      op->erase();
      continue;
    }
    auto elect = cast<tile::ElectOp>(op);
    if (elect.getScope() == tile::Scope::Warp || wholeCTA)
      continue;
    // Leader of the branch's first warp (cta) or of each warpgroup counted
    // from the branch's first warp.
    Value wid = tile::WarpIdOp::create(b, loc);
    Value base = arith::ConstantIntOp::create(b, loc, range.base, 32);
    Value rel = arith::SubIOp::create(b, loc, wid, base);
    Value zero = arith::ConstantIntOp::create(b, loc, 0, 32);
    Value inWarp;
    if (elect.getScope() == tile::Scope::CTA) {
      inWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rel,
                                     zero);
    } else {
      Value four = arith::ConstantIntOp::create(b, loc, 4, 32);
      Value mod = arith::RemUIOp::create(b, loc, rel, four);
      inWarp = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, mod,
                                     zero);
    }
    Value lane = tile::ElectOp::create(b, loc, tile::Scope::Warp);
    Value leader = arith::AndIOp::create(b, loc, inWarp, lane);
    elect.replaceAllUsesWith(leader);
    elect.erase();
  }
}

/// Register tiles in a region run by the warps of `range`: their layouts
/// read the low bits of the CTA's warp id, which count from the region's
/// first warp only when the region starts at a multiple of the layout's
/// warps (and has that many); layout changes and reductions through shared
/// scratch synchronize on the region's named barrier instead of the CTA's.
LogicalResult prepareRegisterTiles(Region &region, WarpRange range,
                                   int barrierId, StringRef regionName) {
  MLIRContext *context = region.getContext();
  WalkResult result = region.walk([&](Operation *op) {
    SmallVector<Type> types(op->getOperandTypes());
    llvm::append_range(types, op->getResultTypes());
    for (Type type : types) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.getEncoding())
        continue;
      FailureOr<tilemlir::LinearLayout> layout =
          tilemlir::toLinearLayout(tensor);
      if (failed(layout))
        continue; // The register-tile lowering names what it cannot do.
      int64_t warps = layout->getInDimSize(tilemlir::kWarp);
      if (warps > range.count || range.base % warps != 0) {
        op->emitOpError()
            << "not supported yet: a register tile whose layout spans "
            << warps << " warps in " << regionName << " (warps "
            << range.base << " to " << range.base + range.count - 1
            << "): layouts index warps by the low bits of the warp id, so "
               "the region must have at least that many warps and start at "
               "a multiple of them";
        return WalkResult::interrupt();
      }
    }
    if (isa<tile::ConvertLayoutOp, tile::ReduceOp>(op))
      op->setAttr(tile::TileDialect::kSyncGroupAttrName,
                  DenseI32ArrayAttr::get(
                      context, {barrierId, int32_t(range.count * 32)}));
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

struct LowerWarpSpecialize
    : public tilemlir::impl::TileLowerWarpSpecializeBase<LowerWarpSpecialize> {
  void runOnOperation() override {
    SmallVector<tile::WarpSpecializeOp> ops;
    getOperation().walk([&](tile::WarpSpecializeOp op) { ops.push_back(op); });
    for (tile::WarpSpecializeOp op : ops)
      if (failed(lower(op)))
        return signalPassFailure();
  }

  LogicalResult lower(tile::WarpSpecializeOp op) {
    auto func = op->getParentOfType<gpu::GPUFuncOp>();
    if (!func || !func.isKernel() || op->getBlock() != &func.front())
      return op.emitOpError()
             << "not supported yet: tile.warp_specialize must be in the "
                "entry block of a kernel (not nested in control flow or a "
                "device function)";
    std::optional<int64_t> numWarps = tile::getKernelNumWarps(op);
    if (!numWarps)
      return op.emitOpError() << "needs the kernel's 'tile.num_warps' to "
                                 "place partitions on warps";
    int64_t defaultWarps = *numWarps;
    SmallVector<WarpRange> ranges;
    int64_t next = defaultWarps;
    for (int32_t warps : op.getPartitionNumWarps()) {
      ranges.push_back({next, warps});
      next += warps;
    }
    int64_t totalWarps = next;
    if (totalWarps > 32)
      return op.emitOpError() << "needs " << totalWarps
                              << " warps; a CTA has at most 32";

    // setmaxnreg acts on whole warpgroups: every warpgroup's warps must ask
    // for the same budget, and every warpgroup must be complete.
    SmallVector<int64_t> groupRegs;
    std::optional<ArrayRef<int32_t>> partRegs = op.getPartitionNumRegs();
    std::optional<int32_t> defaultRegs = op.getDefaultNumRegs();
    bool setRegisters = partRegs || defaultRegs;
    if (setRegisters) {
      if (!partRegs || !defaultRegs)
        return op.emitOpError()
               << "setmaxnreg needs a budget for the default partition and "
                  "every partition (it reallocates registers between them)";
      if (totalWarps % 4 != 0 || defaultWarps % 4 != 0)
        return op.emitOpError()
               << "register budgets need whole warpgroups: the default "
                  "partition has "
               << defaultWarps << " warps and the kernel " << totalWarps
               << "; setmaxnreg applies to all 4 warps of a warpgroup";
      groupRegs.assign(totalWarps / 4, -1);
      auto assign = [&](WarpRange range, int64_t regs) -> LogicalResult {
        for (int64_t w = range.base; w < range.base + range.count; ++w) {
          int64_t &slot = groupRegs[w / 4];
          if (slot != -1 && slot != regs)
            return op.emitOpError()
                   << "partitions sharing warpgroup " << w / 4
                   << " ask for different register budgets (" << slot
                   << " vs " << regs << "); setmaxnreg applies to a whole "
                   << "warpgroup";
          slot = regs;
        }
        return success();
      };
      if (failed(assign({0, defaultWarps}, *defaultRegs)))
        return failure();
      for (auto [range, regs] : llvm::zip_equal(ranges, *partRegs))
        if (failed(assign(range, regs)))
          return failure();
      // The register file holds 64K 32-bit registers per SM.
      int64_t total = 0;
      for (int64_t regs : groupRegs)
        total += regs * 128;
      if (total > 65536)
        return op.emitOpError() << "register budgets need " << total
                                << " registers but an SM has 65536";
    }
    // Registers each thread starts with: the file divided evenly, rounded
    // down to setmaxnreg's granularity of 8.
    int64_t entryRegs =
        std::min<int64_t>(256, (65536 / (totalWarps * 32)) / 8 * 8);

    OpBuilder b(op);
    Location loc = op.getLoc();
    auto setRegs = [&](OpBuilder &builder, int64_t regs) {
      if (!setRegisters || regs == entryRegs)
        return;
      NVVM::SetMaxRegisterOp::create(
          builder, loc, regs,
          regs > entryRegs ? NVVM::SetMaxRegisterAction::increase
                           : NVVM::SetMaxRegisterAction::decrease);
    };

    Value wid = tile::WarpIdOp::create(b, loc);
    Value defaultEnd = arith::ConstantIntOp::create(b, loc, defaultWarps, 32);
    Value isDefault = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                            wid, defaultEnd);
    auto branch = scf::IfOp::create(b, loc, isDefault, /*withElseRegion=*/true);

    // Default warps: the default region, then the rest of the kernel.
    Block *defaultBlock = branch.thenBlock();
    b.setInsertionPointToStart(defaultBlock);
    if (defaultRegs)
      setRegs(b, *defaultRegs);
    Operation *thenYield = defaultBlock->getTerminator();
    Block &body = op.getDefaultRegion().front();
    auto yield = cast<tile::WarpYieldOp>(body.getTerminator());
    SmallVector<Value> results(yield.getValues());
    for (Operation &nested : llvm::make_early_inc_range(body.without_terminator()))
      nested.moveBefore(thenYield);
    op.replaceAllUsesWith(results);
    Operation *funcTerminator = func.front().getTerminator();
    for (Operation &rest : llvm::make_early_inc_range(
             llvm::make_range(std::next(Block::iterator(op)),
                              Block::iterator(funcTerminator))))
      rest.moveBefore(thenYield);

    // Partition warps: a chain of range tests.
    b.setInsertionPoint(branch.elseBlock()->getTerminator());
    for (auto [i, range] : llvm::enumerate(ranges)) {
      Value end = arith::ConstantIntOp::create(b, loc, range.base + range.count,
                                               32);
      Value inRange =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, wid, end);
      bool last = i + 1 == ranges.size();
      auto partIf = scf::IfOp::create(b, loc, inRange, !last);
      OpBuilder pb = OpBuilder::atBlockBegin(partIf.thenBlock());
      if (partRegs)
        setRegs(pb, (*partRegs)[i]);
      Region &partition = op.getPartitionRegions()[i];
      Block &partBody = partition.front();
      for (auto [arg, capture] :
           llvm::zip_equal(partBody.getArguments(), op.getExplicitCaptures()))
        arg.replaceAllUsesWith(capture);
      Operation *partYield = partIf.thenBlock()->getTerminator();
      for (Operation &nested :
           llvm::make_early_inc_range(partBody.without_terminator()))
        nested.moveBefore(partYield);
      rebaseSynchronization(partIf.getThenRegion(), range,
                            /*barrierId=*/2 + int(i), /*wholeCTA=*/false);
      if (failed(prepareRegisterTiles(partIf.getThenRegion(), range,
                                      /*barrierId=*/2 + int(i),
                                      "partition " + std::to_string(i))))
        return failure();
      if (!last)
        b.setInsertionPoint(partIf.elseBlock()->getTerminator());
    }
    // The default warps synchronize among themselves once partitions run.
    rebaseSynchronization(branch.getThenRegion(), {0, defaultWarps},
                          /*barrierId=*/1, /*wholeCTA=*/false);
    if (failed(prepareRegisterTiles(branch.getThenRegion(), {0, defaultWarps},
                                    /*barrierId=*/1, "the default region")))
      return failure();
    op.erase();

    // setmaxnreg only takes effect with a register count fixed at entry:
    // one CTA per SM (with the block size below) gives ptxas that cap.
    if (setRegisters)
      func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                    b.getI32IntegerAttr(1));
    // The whole CTA's size, for launch checks and setmaxnreg's register cap.
    func.setKnownBlockSizeAttr(
        DenseI32ArrayAttr::get(func.getContext(),
                               {int32_t(totalWarps * 32), 1, 1}));
    return success();
  }
};

} // namespace
