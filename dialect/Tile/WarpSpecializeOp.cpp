//===- WarpSpecializeOp.cpp - tile.warp_specialize -----------------------===//
//
// The op that splits a kernel's warps into a default region and isolated
// partitions: its custom syntax, verifier and region interfaces.
//
//===----------------------------------------------------------------------===//

#include "Tile/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::tile;


// tile.warp_specialize(%a, %b) attributes {...} default [num_regs(N)] {
//   ...
// } partition0(%x: T, %y: U) num_warps(N) [num_regs(N)] {
//   ...
// } : (T, U) -> (R)
/// Parses everything but the cleanup of WarpSpecializeOp::parse. Every
/// region goes into `result` as soon as it is created, so that a failure
/// leaves all of them in one place for the cleanup.
static ParseResult parseWarpSpecialize(OpAsmParser &parser,
                                       OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SMLoc capturesLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(captures, OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();

  Builder &builder = parser.getBuilder();
  if (parser.parseKeyword("default"))
    return failure();
  if (succeeded(parser.parseOptionalKeyword("num_regs"))) {
    int32_t regs;
    if (parser.parseLParen() || parser.parseInteger(regs) ||
        parser.parseRParen())
      return failure();
    result.addAttribute(
        WarpSpecializeOp::getDefaultNumRegsAttrName(result.name),
        builder.getI32IntegerAttr(regs));
  }
  Region *defaultRegion = result.addRegion();
  if (parser.parseRegion(*defaultRegion))
    return failure();

  SmallVector<int32_t> numWarps, numRegs;
  bool anyRegs = false, allRegs = true;
  unsigned numPartitions = 0;
  while (true) {
    std::string keyword;
    SMLoc keywordLoc = parser.getCurrentLocation();
    if (failed(parser.parseOptionalKeywordOrString(&keyword)))
      break;
    std::string expected = "partition" + std::to_string(numPartitions);
    if (keyword != expected)
      return parser.emitError(keywordLoc)
             << "expected '" << expected << "', got '" << keyword << "'";
    SmallVector<OpAsmParser::Argument> args;
    int32_t warps;
    if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(warps) || parser.parseRParen())
      return failure();
    numWarps.push_back(warps);
    if (succeeded(parser.parseOptionalKeyword("num_regs"))) {
      int32_t regs;
      if (parser.parseLParen() || parser.parseInteger(regs) ||
          parser.parseRParen())
        return failure();
      numRegs.push_back(regs);
      anyRegs = true;
    } else {
      numRegs.push_back(0);
      allRegs = false;
    }
    ++numPartitions;
    if (parser.parseRegion(*result.addRegion(), args))
      return failure();
  }
  if (anyRegs && !allRegs)
    return parser.emitError(parser.getCurrentLocation())
           << "either every partition or none gives num_regs";
  result.addAttribute(
      WarpSpecializeOp::getPartitionNumWarpsAttrName(result.name),
      builder.getDenseI32ArrayAttr(numWarps));
  if (anyRegs)
    result.addAttribute(
        WarpSpecializeOp::getPartitionNumRegsAttrName(result.name),
                        builder.getDenseI32ArrayAttr(numRegs));

  FunctionType type;
  if (parser.parseColonType(type) ||
      parser.resolveOperands(captures, type.getInputs(), capturesLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());
  return success();
}

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  if (succeeded(parseWarpSpecialize(parser, result)))
    return success();
  // The regions are not isolated from above, so a value of one region may be
  // used in another (a forward reference from the default region resolved by
  // a partition, say): invalid IR, but the parser accepts it before it sees
  // the error. The OperationState destroys its regions one after the other,
  // and a value destroyed with uses left in a later region corrupts the heap
  // when that use is dropped. Drop every use of the values defined in the
  // regions first; uses from outside (forward references resolved here) go
  // too, so nothing points into the regions once they are destroyed.
  for (std::unique_ptr<Region> &region : result.regions) {
    region->walk([](Block *block) {
      for (BlockArgument arg : block->getArguments())
        arg.dropAllUses();
      for (Operation &op : *block)
        op.dropAllUses();
    });
  }
  return failure();
}

void WarpSpecializeOp::print(OpAsmPrinter &p) {
  p << "(" << getExplicitCaptures() << ")";
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getPartitionNumWarpsAttrName(), getPartitionNumRegsAttrName(),
       getDefaultNumRegsAttrName()});
  p.printNewline();
  p << "default ";
  if (std::optional<int32_t> regs = getDefaultNumRegs())
    p << "num_regs(" << *regs << ") ";
  p.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  for (auto [i, region] : llvm::enumerate(getPartitionRegions())) {
    p.printNewline();
    p << "partition" << i << "(";
    llvm::interleaveComma(region.getArguments(), p, [&](BlockArgument arg) {
      p.printRegionArgument(arg);
    });
    p << ") num_warps(" << getPartitionNumWarps()[i] << ")";
    if (std::optional<ArrayRef<int32_t>> regs = getPartitionNumRegs())
      p << " num_regs(" << (*regs)[i] << ")";
    p << " ";
    p.printRegion(region, /*printEntryBlockArgs=*/false);
  }
  p << " : ";
  p.printFunctionalType(getExplicitCaptures().getTypes(), getResultTypes());
}

/// setmaxnreg takes a multiple of 8 in [24, 256].
static LogicalResult verifyRegisterBudget(Operation *op, int64_t regs,
                                          StringRef who) {
  if (regs < 24 || regs > 256 || regs % 8 != 0)
    return op->emitOpError() << who << " register budget " << regs
                             << " must be a multiple of 8 in [24, 256] "
                                "(setmaxnreg)";
  return success();
}

int64_t WarpSpecializeOp::getPartitionFirstWarp(unsigned index,
                                                int64_t kernelWarps) {
  int64_t first = kernelWarps;
  for (int32_t warps : getPartitionNumWarps().take_front(index))
    first += warps;
  return first;
}

LogicalResult WarpSpecializeOp::verify() {
  ArrayRef<int32_t> numWarps = getPartitionNumWarps();
  if (numWarps.size() != getPartitionRegions().size())
    return emitOpError() << "has " << getPartitionRegions().size()
                         << " partitions but " << numWarps.size()
                         << " warp counts";
  if (numWarps.empty())
    return emitOpError() << "needs at least one partition besides the "
                            "default region";
  for (auto [i, warps] : llvm::enumerate(numWarps))
    if (warps < 1 || warps > 32)
      return emitOpError() << "partition" << i << " has " << warps
                           << " warps; a partition needs 1 to 32 warps";
  std::optional<ArrayRef<int32_t>> numRegs = getPartitionNumRegs();
  if (numRegs && numRegs->size() != numWarps.size())
    return emitOpError() << "num_regs must be given for every partition";
  if (numRegs)
    for (auto [i, regs] : llvm::enumerate(*numRegs))
      if (failed(verifyRegisterBudget(*this, regs,
                                      "partition" + std::to_string(i))))
        return failure();
  if (std::optional<int32_t> regs = getDefaultNumRegs())
    if (failed(verifyRegisterBudget(*this, *regs, "default partition")))
      return failure();

  // With every budget known, they must fit the registers the CTA starts
  // with: setmaxnreg only moves registers between its warpgroups.
  std::optional<int64_t> kernelWarps = getKernelNumWarps(*this);
  if (kernelWarps && numRegs && getDefaultNumRegs()) {
    int64_t total = *kernelWarps * 32 * *getDefaultNumRegs();
    int64_t totalWarps = *kernelWarps;
    for (auto [warps, regs] : llvm::zip_equal(numWarps, *numRegs)) {
      total += int64_t(warps) * 32 * regs;
      totalWarps += warps;
    }
    if (totalWarps > 32)
      return emitOpError() << "uses " << totalWarps
                           << " warps in all; a CTA has at most 32";
    RegisterPool pool = getRegisterPool(*this, totalWarps * 32);
    if (total > pool.total())
      return emitOpError()
             << "register budgets need " << total << " registers, but the "
             << pool.threads << " threads of a CTA start with "
             << pool.perThread << " each (" << pool.total() << " in all, "
             << pool.ctasPerSM
             << " CTA(s) per SM) and setmaxnreg can only redistribute those";
  }
  return success();
}

LogicalResult WarpSpecializeOp::verifyRegions() {
  Block &defaultBlock = getDefaultRegion().front();
  if (defaultBlock.getNumArguments() != 0)
    return emitOpError() << "the default region takes no arguments";
  auto yield = dyn_cast<WarpYieldOp>(defaultBlock.getTerminator());
  if (!yield)
    return emitOpError() << "the default region must end in tile.warp_yield";
  if (yield.getValues().getTypes() != getResultTypes())
    return yield.emitOpError() << "yields types that differ from the "
                                  "results of tile.warp_specialize";
  TypeRange captureTypes = getExplicitCaptures().getTypes();
  for (auto [i, region] : llvm::enumerate(getPartitionRegions())) {
    Block &block = region.front();
    if (block.getArgumentTypes() != captureTypes)
      return emitOpError() << "partition" << i
                           << " arguments must match the explicit captures' "
                              "types";
    if (!isa<WarpReturnOp>(block.getTerminator()))
      return emitOpError() << "partition" << i
                           << " must end in tile.warp_return";
    // Partitions run on other warps with their own registers: any value
    // they use must come in as a capture. Constants are the exception:
    // rewrite drivers hoist and share them, and any warp can rematerialize
    // one.
    WalkResult walk = region.walk([&](Operation *op) {
      for (Value operand : op->getOperands()) {
        Region *defRegion = operand.getParentRegion();
        Operation *def = operand.getDefiningOp();
        if (def && def->hasTrait<OpTrait::ConstantLike>())
          continue;
        if (defRegion != &region && !region.isAncestor(defRegion)) {
          op->emitOpError()
              << "uses a value defined outside partition" << i
              << "; partition regions are isolated from above, pass it as "
                 "an explicit capture";
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
  }
  return success();
}
