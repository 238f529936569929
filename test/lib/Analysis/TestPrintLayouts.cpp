//===- TestPrintLayouts.cpp - Print linear layouts as remarks -------------===//
//
// The lit hook of the layout engine: every fact the lowering will ask for
// is printed in one stable, readable remark per marked result, so the
// tests go through the same entry points as the compiler.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "Formatting.h"
#include "TileMLIR/Analysis/LayoutQueries.h"
#include "TileMLIR/Analysis/TensorMemoryLayouts.h"

#include "llvm/ADT/STLExtras.h"

namespace mlir::tilemlir {
#define GEN_PASS_DEF_TILETESTPRINTLAYOUTS
#include "TestPasses.h.inc"
} // namespace mlir::tilemlir

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilemlir;

namespace {

// `test.` names pass verification today: the tile dialect rejects unknown
// `tile.` attributes.
constexpr StringLiteral kPrintNames[] = {"tile.print_layout",
                                         "test.print_layout"};
constexpr StringLiteral kProbeNames[] = {"tile.probe_elements",
                                         "test.probe_elements"};
constexpr StringLiteral kThreadProbeNames[] = {"tile.probe_threads",
                                               "test.probe_threads"};

Attribute getFirstAttr(Operation *op, ArrayRef<StringLiteral> names) {
  for (StringLiteral name : names)
    if (Attribute attr = op->getAttr(name))
      return attr;
  return {};
}

/// Probe elements from the attribute: [[i, j], ...] as nested integer
/// arrays or dense arrays.
FailureOr<SmallVector<SmallVector<int64_t>>> parseProbes(Operation *op,
                                                         Attribute attr) {
  SmallVector<SmallVector<int64_t>> probes;
  auto list = dyn_cast<ArrayAttr>(attr);
  if (!list)
    return op->emitError() << "probe elements must be a list of coordinate "
                              "lists, e.g. [[3, 10], [3, 70]]";
  for (Attribute entry : list) {
    SmallVector<int64_t> coords;
    if (auto dense = dyn_cast<DenseI64ArrayAttr>(entry)) {
      coords.assign(dense.asArrayRef().begin(), dense.asArrayRef().end());
    } else if (auto inner = dyn_cast<ArrayAttr>(entry)) {
      for (Attribute c : inner) {
        auto i = dyn_cast<IntegerAttr>(c);
        if (!i)
          return op->emitError() << "probe coordinates must be integers";
        coords.push_back(i.getInt());
      }
    } else {
      return op->emitError() << "each probe element must be a list of "
                                "coordinates";
    }
    probes.push_back(std::move(coords));
  }
  return probes;
}

/// "; <what>: lane [0, 1], warp [2]" for the input bits `maskOf` selects;
/// nothing when none are.
void printBitMasks(llvm::raw_ostream &os, StringRef what,
                   const LinearLayout &layout,
                   llvm::function_ref<uint64_t(StringRef)> maskOf) {
  bool first = true;
  for (const LinearLayout::InDim &in : layout.getInDims()) {
    uint64_t mask = maskOf(in.name);
    if (!mask)
      continue;
    os << (first ? "; " + what.str() + ": " : std::string(", ")) << in.name
       << " [";
    first = false;
    bool firstBit = true;
    for (unsigned bit = 0; bit < 64; ++bit)
      if (mask >> bit & 1) {
        os << (firstBit ? "" : ", ") << bit;
        firstBit = false;
      }
    os << "]";
  }
}

struct TestPrintLayouts
    : public tilemlir::impl::TileTestPrintLayoutsBase<TestPrintLayouts> {
  using Base::Base;

  void runOnOperation() override {
    bool hadError = false;
    getOperation()->walk([&](Operation *op) {
      Attribute marker = getFirstAttr(op, kPrintNames);
      if (!marker)
        return;
      if (failed(printOp(op, marker)))
        hadError = true;
    });
    if (hadError)
      signalPassFailure();
  }

  LogicalResult printOp(Operation *op, Attribute marker) {
    for (Value result : op->getResults()) {
      if (auto tensor = dyn_cast<RankedTensorType>(result.getType()))
        return printTensor(op, tensor);
      if (auto smem = dyn_cast<SharedMemoryType>(result.getType()))
        return printShared(op, smem, marker);
      if (auto tmemBuffer = dyn_cast<tmem::BufferType>(result.getType()))
        return printTensorMemory(op, tmemBuffer, marker);
    }
    return op->emitError() << "print_layout needs a ranked tensor, "
                              "!tile.smem or !tmem.buffer result";
  }

  LogicalResult printTensor(Operation *op, RankedTensorType type) {
    auto emitError = [&] { return op->emitError(); };
    FailureOr<LinearLayout> layout = toLinearLayout(type, emitError);
    if (failed(layout))
      return failure();
    // Every layout must survive the trip through #tile.linear unchanged.
    LinearLayoutAttr asAttr = toLinearLayoutAttr(op->getContext(), *layout);
    FailureOr<LinearLayout> back =
        asAttr ? toLinearLayout(type.getShape(), asAttr, emitError)
               : FailureOr<LinearLayout>(failure());
    if (failed(back) || *back != *layout)
      return op->emitError() << "internal error: the layout changed on its "
                                "round trip through #tile.linear";
    FailureOr<int64_t> width = getVectorWidth(type, std::nullopt, emitError);
    if (failed(width))
      return failure();
    std::string msg;
    llvm::raw_string_ostream os(msg);
    os << "layout: " << layout->basesToString() << "; elements per thread "
       << layout->getNumRegisters() << "; vector width " << *width;
    printBitMasks(os, "broadcast", *layout,
                  [&](StringRef dim) { return layout->getZeroBasesMask(dim); });
    // Free variables that are not plain broadcasts: bits whose basis
    // repeats a combination of earlier ones.
    auto freeMasks = layout->getFreeVariableMasks();
    printBitMasks(os, "dependent", *layout, [&](StringRef dim) {
      for (auto &[name, mask] : freeMasks)
        if (name == dim)
          return mask & ~layout->getZeroBasesMask(dim);
      return uint64_t(0);
    });
    // Probes: [register, lane, warp(, block)] -> tensor coordinates.
    if (Attribute probeAttr = getFirstAttr(op, kThreadProbeNames)) {
      FailureOr<SmallVector<SmallVector<int64_t>>> probes =
          parseProbes(op, probeAttr);
      if (failed(probes))
        return failure();
      os << "; probes (register, lane, warp): ";
      bool first = true;
      for (ArrayRef<int64_t> probe : *probes) {
        if (probe.size() < 3 || probe.size() > 4)
          return op->emitError() << "a thread probe is [register, lane, warp] "
                                    "or [register, lane, warp, block]";
        StringRef names[] = {kRegister, kLane, kWarp, kBlock};
        SmallVector<std::pair<StringRef, int32_t>> in;
        for (auto [name, v] : llvm::zip(names, probe))
          in.push_back({name, int32_t(v)});
        std::string why;
        FailureOr<SmallVector<int32_t>> coords = layout->apply(in, &why);
        if (failed(coords))
          return op->emitError()
                 << "probe " << coordsToString(probe) << ": " << why;
        if (!first)
          os << ", ";
        first = false;
        os << coordsToString(probe) << " -> "
           << coordsToString(
                  SmallVector<int64_t>(coords->begin(), coords->end()));
      }
    }
    if (auto cvt = dyn_cast<ConvertLayoutOp>(op)) {
      FailureOr<LayoutConversionPlan> plan = planLayoutConversion(
          cast<RankedTensorType>(cvt.getSrc().getType()), type, emitError);
      if (failed(plan))
        return failure();
      os << "; conversion: " << stringifyLayoutConversionKind(plan->kind);
      if (failed(printConversionLowering(
              os, *toLinearLayout(cvt.getSrc().getType()), *layout,
              getTileElementBits(type.getElementType()))))
        return op->emitError() << "internal error: no scratch layout";
    }
    op->emitRemark() << msg;
    return success();
  }

  static void printAccess(llvm::raw_ostream &os, const BankConflictInfo &info) {
    if (info.isConflictFree())
      os << "no conflicts";
    else
      os << info.wavefronts << "-way conflicts";
    os << " (" << info.accessBits / 8 << "-byte accesses)";
  }

  /// How the lowering carries the conversion out: shuffles within each
  /// warp, or the swizzle of its shared scratch and what it saves over
  /// row-major.
  static LogicalResult printConversionLowering(llvm::raw_ostream &os,
                                               const LinearLayout &src,
                                               const LinearLayout &dst,
                                               unsigned elementBits) {
    std::string why;
    if (FailureOr<WarpShufflePlan> shuffles = planWarpShuffles(src, dst, &why);
        succeeded(shuffles)) {
      os << "; within warps: " << shuffles->getNumShuffles()
         << " shfl.sync idx, " << shuffles->getNumSelects() << " selects";
      return success();
    }
    // Bytes in scratch (i1 takes a byte).
    unsigned storageBits = 8 * llvm::divideCeil(elementBits, 8);
    FailureOr<ConversionScratchLayout> scratch =
        chooseConversionScratchLayout(src, dst, storageBits, &why);
    if (failed(scratch))
      return failure();
    os << "; scratch: ";
    if (scratch->isSwizzled())
      os << "swizzled rows of " << scratch->rowElements
         << " elements, vec = " << scratch->vec
         << ", perPhase = " << scratch->perPhase
         << ", maxPhase = " << scratch->maxPhase;
    else
      os << "row-major";
    os << "; stores: ";
    printAccess(os, scratch->store);
    os << ", loads: ";
    printAccess(os, scratch->load);
    os << "; wavefronts per thread " << scratch->cost << " (row-major "
       << scratch->rowMajorCost << ": stores ";
    printAccess(os, scratch->rowMajorStore);
    os << ", loads ";
    printAccess(os, scratch->rowMajorLoad);
    os << ")";
    return success();
  }

  LogicalResult printShared(Operation *op, SharedMemoryType type,
                            Attribute marker) {
    auto emitError = [&] { return op->emitError(); };
    FailureOr<LinearLayout> layout = toLinearLayout(type, emitError);
    if (failed(layout))
      return failure();
    unsigned storageBits =
        getSharedStorageBits(type.getElementTypeBitWidth(), type.getEncoding());

    // Probes: the attribute's, or each unit coordinate and the last element.
    SmallVector<SmallVector<int64_t>> probes;
    if (Attribute probeAttr = getFirstAttr(op, kProbeNames)) {
      FailureOr<SmallVector<SmallVector<int64_t>>> parsed =
          parseProbes(op, probeAttr);
      if (failed(parsed))
        return failure();
      probes = std::move(*parsed);
    } else {
      int64_t rank = type.getRank();
      for (int64_t d = 0; d < rank; ++d) {
        SmallVector<int64_t> unit(rank, 0);
        if (type.getShape()[d] > 1) {
          unit[d] = 1;
          probes.push_back(unit);
        }
      }
      SmallVector<int64_t> last;
      for (int64_t d : type.getShape())
        last.push_back(d - 1);
      probes.push_back(last);
    }

    std::string msg;
    llvm::raw_string_ostream os(msg);
    os << "shared layout: " << layout->basesToString() << "; offsets: ";
    bool first = true;
    for (ArrayRef<int64_t> coords : probes) {
      FailureOr<int64_t> off =
          getSharedElementOffset(type.getShape(), type.getElementTypeBitWidth(),
                                 type.getEncoding(), coords, emitError);
      if (failed(off))
        return failure();
      if (!first)
        os << ", ";
      first = false;
      os << coordsToString(coords) << " -> ";
      if (storageBits >= 8)
        os << "byte " << *off * storageBits / 8;
      else
        os << "nibble " << *off;
    }

    if (auto dist = dyn_cast<DistributedLayoutAttr>(marker)) {
      FailureOr<BankConflictInfo> banks =
          analyzeBankConflicts(dist, type, emitError);
      if (failed(banks))
        return failure();
      os << "; bank conflicts: ";
      if (banks->isConflictFree())
        os << "none";
      else
        os << banks->wavefronts << "-way";
      if (banks->accessBits >= 8)
        os << " (" << banks->accessBits / 8 << "-byte accesses)";
      else
        os << " (" << banks->accessBits << "-bit accesses)";
      FailureOr<LdStMatrixInfo> ldst = analyzeLdStMatrix(dist, type, emitError);
      if (failed(ldst))
        return failure();
      os << "; ldmatrix/stmatrix: ";
      if (ldst->supported)
        os << "x" << ldst->numMatrices << (ldst->transposed ? " trans" : "");
      else
        os << "no (" << ldst->reason << ")";
    }
    op->emitRemark() << msg;
    return success();
  }

  /// The buffer's (dim0, dim1) -> (row, column, slot) map and, for a
  /// distributed layout as the marker, the tcgen05.ld/st 32x32b plan of a
  /// register tile in that layout.
  LogicalResult printTensorMemory(Operation *op, tmem::BufferType type,
                                  Attribute marker) {
    auto emitError = [&] { return op->emitError(); };
    FailureOr<LinearLayout> map = getTensorMemoryMap(type, emitError);
    if (failed(map))
      return failure();
    std::string msg;
    llvm::raw_string_ostream os(msg);
    os << "tensor-memory map: " << map->basesToString();
    if (auto dist = dyn_cast<DistributedLayoutAttr>(marker)) {
      FailureOr<LinearLayout> regs = toLinearLayout(
          {type.getM(), type.getN()}, dist, emitError);
      if (failed(regs))
        return failure();
      std::string why;
      FailureOr<TensorMemoryAccessPlan> plan =
          planTensorMemoryAccess(*regs, *map, why, isUnpacked16(type));
      // The buffer decides the shape (blockM = 64 data: 16x32bx2).
      bool halves = type.getLayout().getBlockM() == 64;
      os << "; tcgen05.ld/st " << (halves ? "16x32bx2" : "32x32b") << ": ";
      if (failed(plan)) {
        os << "no (" << why << ")";
      } else {
        os << plan->accesses.size() << " x .x" << plan->wordsPerAccess
           << (plan->pack ? ".pack::16b (two columns a register)" : "")
           << ", " << plan->elementsPerColumn << " element"
           << (plan->elementsPerColumn > 1 ? "s" : "")
           << " per column, columns [";
        llvm::interleaveComma(plan->accesses, os,
                              [&](const TensorMemoryAccessPlan::Access &a) {
                                os << a.column;
                              });
        os << "], warp columns [";
        llvm::interleaveComma(plan->warpColumns, os);
        os << "]";
        if (halves)
          os << ", upper lanes +" << plan->halfColumn;
      }
    }
    op->emitRemark() << msg;
    return success();
  }
};

} // namespace
