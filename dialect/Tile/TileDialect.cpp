//===- TileDialect.cpp - The tile dialect: attributes and types -----------===//

#include "Tile/TileDialect.h"

#include "MBarrier/MBarrierDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tile;

#include "Tile/TileDialect.cpp.inc"
#include "Tile/TileEnums.cpp.inc"

#include "Tile/TileAttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Tile/TileAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "Tile/TileTypes.cpp.inc"

namespace {
/// Short aliases (#blocked, #nvmma, ...) keep printed kernels readable.
struct TileOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    return TypeSwitch<Attribute, AliasResult>(attr)
        .Case<BlockedLayoutAttr>([&](auto) {
          os << "blocked";
          return AliasResult::FinalAlias;
        })
        .Case<SliceLayoutAttr>([&](auto) {
          os << "slice";
          return AliasResult::FinalAlias;
        })
        .Case<WgmmaLayoutAttr>([&](auto) {
          os << "wgmma";
          return AliasResult::FinalAlias;
        })
        .Case<DotOperandLayoutAttr>([&](auto) {
          os << "dot_op";
          return AliasResult::FinalAlias;
        })
        .Case<LinearLayoutAttr>([&](auto) {
          os << "linear";
          return AliasResult::FinalAlias;
        })
        .Case<NVMMASharedLayoutAttr>([&](auto) {
          os << "nvmma";
          return AliasResult::FinalAlias;
        })
        .Case<SwizzledSharedLayoutAttr>([&](auto) {
          os << "swizzled";
          return AliasResult::FinalAlias;
        })
        .Default([](Attribute) { return AliasResult::NoAlias; });
  }
};
} // namespace

void TileDialect::initialize() {
  addInterfaces<TileOpAsmInterface>();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Tile/TileAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "Tile/TileTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "Tile/TileOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Discardable attributes
//===----------------------------------------------------------------------===//

/// Register tiles of a kernel with `numWarps` warps spread over at most
/// those warps: a layout over more names warps that do not exist. (One over
/// fewer leaves the other warps holding copies, as zero warp bases do.)
/// Partitions of tile.warp_specialize run on their own warps; their tiles
/// are checked against those when the op is lowered.
static LogicalResult verifyTileWarps(MutableArrayRef<Region> regions,
                                     int64_t numWarps) {
  for (Region &region : regions)
    for (Operation &op : region.getOps()) {
      for (Type type : op.getResultTypes()) {
        auto tensor = dyn_cast<RankedTensorType>(type);
        auto layout = tensor ? dyn_cast_or_null<DistributedLayoutAttr>(
                                   tensor.getEncoding())
                             : DistributedLayoutAttr();
        if (layout && layout.getTotalWarps() > numWarps)
          return op.emitOpError()
                 << "layout of " << type << " spans "
                 << layout.getTotalWarps() << " warps, but the kernel runs "
                 << numWarps << " (" << TileDialect::kNumWarpsAttrName
                 << "): a tile's layout may not spread over more warps than "
                    "the kernel has";
      }
      MutableArrayRef<Region> nested = op.getRegions();
      if (isa<WarpSpecializeOp>(op))
        nested = nested.take_front(1);
      if (failed(verifyTileWarps(nested, numWarps)))
        return failure();
    }
  return success();
}

FailureOr<GridSymbol> tile::parseGridSymbol(StringRef text) {
  if (text == "sms")
    return GridSymbol{GridSymbol::Kind::MultiprocessorCount};
  if (!text.consume_front("arg"))
    return failure();
  size_t digits = text.find_first_not_of("0123456789");
  unsigned arg;
  if (digits == 0 || text.substr(0, digits).getAsInteger(10, arg))
    return failure();
  text = text.substr(std::min(digits, text.size()));
  if (text.empty())
    return GridSymbol{GridSymbol::Kind::Scalar, arg};
  unsigned dim;
  if (!text.consume_front(".shape[") || !text.consume_back("]") ||
      text.empty() || text.getAsInteger(10, dim))
    return failure();
  return GridSymbol{GridSymbol::Kind::Shape, arg, dim};
}

/// `tile.grid` and `tile.grid_symbols` on kernel `op`: maps of symbols
/// only, as many as the symbol list names, each naming an argument that
/// exists and can give it (an integer scalar, or a TMA descriptor whose
/// tensor shape the launcher is given; its rank is checked where the
/// launcher is written, the tma dialect being beyond this one).
static LogicalResult verifyGrid(Operation *op) {
  // Lowered kernels keep the attributes; the gpu.func was checked.
  if (isa<LLVM::LLVMFuncOp>(op))
    return success();
  auto func = dyn_cast<gpu::GPUFuncOp>(op);
  if (!func || !func.isKernel())
    return op->emitOpError() << "'" << TileDialect::kGridAttrName << "' and '"
                             << TileDialect::kGridSymbolsAttrName
                             << "' belong on a gpu.func kernel";
  auto maps = op->getAttrOfType<ArrayAttr>(TileDialect::kGridAttrName);
  auto symbols =
      op->getAttrOfType<ArrayAttr>(TileDialect::kGridSymbolsAttrName);
  if (!maps || !symbols)
    return op->emitOpError()
           << "needs both '" << TileDialect::kGridAttrName
           << "' (an array of 1 to 3 affine maps) and '"
           << TileDialect::kGridSymbolsAttrName << "' (an array of strings)";
  if (maps.empty() || maps.size() > 3)
    return op->emitOpError()
           << "'" << TileDialect::kGridAttrName << "' has " << maps.size()
           << " maps; a grid has 1 to 3 dimensions";
  for (auto [i, attr] : llvm::enumerate(maps)) {
    auto map = dyn_cast<AffineMapAttr>(attr);
    if (!map)
      return op->emitOpError() << "'" << TileDialect::kGridAttrName
                               << "' entry " << i << " is not an affine map";
    AffineMap m = map.getValue();
    if (m.getNumDims() != 0 || m.getNumResults() == 0 ||
        m.getNumSymbols() != symbols.size())
      return op->emitOpError()
             << "'" << TileDialect::kGridAttrName << "' entry " << i << " ("
             << map << ") must have no dimensions, at least one result and "
             << symbols.size() << " symbols, one per '"
             << TileDialect::kGridSymbolsAttrName << "' entry";
    // Launchers evaluate the maps in C: divisors must be known positive.
    WalkResult badDivisor = WalkResult::advance();
    for (AffineExpr result : m.getResults())
      result.walk([&](AffineExpr expr) {
        auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
        if (!binary || expr.getKind() == AffineExprKind::Add ||
            expr.getKind() == AffineExprKind::Mul)
          return;
        auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
        if (!divisor || divisor.getValue() <= 0)
          badDivisor = WalkResult::interrupt();
      });
    if (badDivisor.wasInterrupted())
      return op->emitOpError()
             << "'" << TileDialect::kGridAttrName << "' entry " << i << " ("
             << map << ") divides by something other than a positive constant";
  }
  ArrayRef<Type> args = func.getArgumentTypes();
  for (auto [i, attr] : llvm::enumerate(symbols)) {
    auto text = dyn_cast<StringAttr>(attr);
    FailureOr<GridSymbol> symbol = FailureOr<GridSymbol>(failure());
    if (text)
      symbol = parseGridSymbol(text.getValue());
    if (failed(symbol))
      return op->emitOpError()
             << "'" << TileDialect::kGridSymbolsAttrName << "' entry " << i
             << " is " << attr
             << "; expected \"argN\", \"argN.shape[D]\" or \"sms\"";
    if (symbol->kind == GridSymbol::Kind::MultiprocessorCount)
      continue;
    if (symbol->arg >= args.size())
      return op->emitOpError()
             << "'" << TileDialect::kGridSymbolsAttrName << "' entry " << i
             << " names argument " << symbol->arg << ", but the kernel has "
             << args.size();
    Type type = args[symbol->arg];
    if (symbol->kind == GridSymbol::Kind::Scalar && !type.isSignlessInteger())
      return op->emitOpError()
             << "'" << TileDialect::kGridSymbolsAttrName << "' entry " << i
             << " names argument " << symbol->arg << " of type " << type
             << "; a grid symbol \"argN\" is an integer argument";
    if (symbol->kind == GridSymbol::Kind::Shape &&
        type.getDialect().getNamespace() != "tma")
      return op->emitOpError()
             << "'" << TileDialect::kGridSymbolsAttrName << "' entry " << i
             << " takes a shape from argument " << symbol->arg << " of type "
             << type << "; only TMA descriptor arguments come with a shape";
  }
  return success();
}

LogicalResult TileDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto intAttr = dyn_cast<IntegerAttr>(attr.getValue());
  // After lowering, kernels are llvm.funcs that keep their attributes.
  bool isKernelLike = isa<gpu::GPUFuncOp, LLVM::LLVMFuncOp>(op);
  if (name == kNumWarpsAttrName) {
    if (!isKernelLike)
      return op->emitOpError() << "'" << name << "' belongs on a gpu.func";
    if (!intAttr || intAttr.getInt() < 1 || intAttr.getInt() > 32)
      return op->emitOpError()
             << "'" << name
             << "' must be an integer in [1, 32] (at most 1024 threads per "
                "CTA)";
    return verifyTileWarps(op->getRegions(), intAttr.getInt());
  }
  if (name == kNumStagesAttrName) {
    if (!isa<scf::ForOp>(op))
      return op->emitOpError() << "'" << name << "' belongs on an scf.for";
    if (!intAttr || intAttr.getInt() < 1)
      return op->emitOpError() << "'" << name << "' must be a positive integer";
    return success();
  }
  if (name == kWarpSpecializeAttrName || name == kPingPongAttrName) {
    if (!isa<scf::ForOp>(op))
      return op->emitOpError() << "'" << name << "' belongs on an scf.for";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitOpError() << "'" << name << "' is a unit attribute";
    return success();
  }
  if (name == kDependentLaunchAttrName) {
    // tile-dependent-launch copies it from a kernel onto its launches.
    if (!isKernelLike && !isa<gpu::LaunchFuncOp>(op))
      return op->emitOpError()
             << "'" << name << "' belongs on a kernel (gpu.func) or a "
             << "gpu.launch_func";
    if (auto func = dyn_cast<gpu::GPUFuncOp>(op); func && !func.isKernel())
      return op->emitOpError()
             << "'" << name << "' belongs on a kernel, and @"
             << func.getName() << " is not one";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitOpError() << "'" << name << "' is a unit attribute";
    return success();
  }
  if (name == kSharedMemoryBytesAttrName) {
    if (!isKernelLike)
      return op->emitOpError() << "'" << name << "' belongs on a gpu.func";
    if (!intAttr || intAttr.getInt() < 0)
      return op->emitOpError()
             << "'" << name << "' must be a non-negative integer";
    if (intAttr.getInt() > kMaxSharedMemoryBytes)
      return op->emitOpError()
             << "needs " << intAttr.getInt()
             << " bytes of shared memory, but a CTA can use at most "
             << kMaxSharedMemoryBytes << " bytes";
    return success();
  }
  if (name == kTensorMapWorkspaceAttrName) {
    if (!isKernelLike)
      return op->emitOpError() << "'" << name << "' belongs on a kernel";
    if (!intAttr || intAttr.getInt() <= 0 || intAttr.getInt() % 128 != 0)
      return op->emitOpError()
             << "'" << name
             << "' must be a positive multiple of 128 (bytes of tensor maps "
                "per CTA)";
    // (The lowered llvm.func passes the workspace as a plain pointer.)
    auto func = dyn_cast<gpu::GPUFuncOp>(op);
    if (!func)
      return success();
    ArrayRef<Type> args = func.getArgumentTypes();
    auto last = args.empty() ? PointerType() : dyn_cast<PointerType>(args.back());
    if (!last || !last.getPointeeType().isSignlessInteger(8))
      return op->emitOpError()
             << "'" << name
             << "' needs the workspace as the kernel's last argument, a "
                "!tile.ptr<i8>";
    return success();
  }
  // Shared buffers and the scratch of layout changes, windows and reductions
  // through shared memory.
  if (name == kOffsetAttrName) {
    if (!isa<AllocSmemOp, mbarrier::AllocOp, ConvertLayoutOp, ExtractSliceOp,
             ReduceOp>(op))
      return op->emitOpError()
             << "'" << name << "' belongs on a shared-memory allocation";
    if (!intAttr || intAttr.getInt() < 0)
      return op->emitOpError()
             << "'" << name << "' must be a non-negative integer";
    return success();
  }
  // Verified once, with the tile.grid attribute (the two go together).
  if (name == kGridAttrName)
    return verifyGrid(op);
  if (name == kGridSymbolsAttrName) {
    if (!op->hasAttr(kGridAttrName))
      return op->emitOpError() << "'" << name << "' without '" << kGridAttrName
                               << "' has nothing to name";
    return success();
  }
  if (name == kSyncGroupAttrName) {
    if (!isa<ConvertLayoutOp, ExtractSliceOp, ReduceOp>(op))
      return op->emitOpError()
             << "'" << name
             << "' belongs on an operation with shared scratch "
                "(tile.convert_layout, tile.extract_slice, tile.reduce)";
    auto group = dyn_cast<DenseI32ArrayAttr>(attr.getValue());
    if (!group || group.size() != 2)
      return op->emitOpError()
             << "'" << name << "' must be array<i32: barrier id, threads>";
    int32_t id = group[0], threads = group[1];
    // bar.sync: 16 named barriers; the thread count is a multiple of the
    // warp size.
    if (id < 0 || id >= kNumNamedBarriers)
      return op->emitOpError()
             << "'" << name << "' barrier id " << id << " is outside [0, "
             << kNumNamedBarriers - 1 << "] (" << kNumNamedBarriers
             << " named barriers)";
    if (threads < 32 || threads > 1024 || threads % 32 != 0)
      return op->emitOpError()
             << "'" << name << "' thread count " << threads
             << " must be a multiple of 32 in [32, 1024]";
    return success();
  }
  return op->emitOpError() << "unknown tile dialect attribute '" << name
                           << "'";
}

std::optional<int64_t> tile::getKernelNumWarps(Operation *op) {
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  if (!func)
    return std::nullopt;
  auto attr = func->getAttrOfType<IntegerAttr>(TileDialect::kNumWarpsAttrName);
  if (!attr)
    return std::nullopt;
  return attr.getInt();
}

//===----------------------------------------------------------------------===//
// Layout verification helpers
//===----------------------------------------------------------------------===//

static int64_t product(ArrayRef<unsigned> values) {
  int64_t result = 1;
  for (unsigned v : values)
    result *= v;
  return result;
}

/// `order` must be a permutation of [0, rank).
static LogicalResult verifyPermutation(function_ref<InFlightDiagnostic()> emitError,
                                       ArrayRef<unsigned> order, size_t rank) {
  if (order.size() != rank)
    return emitError() << "order has " << order.size()
                       << " entries but the layout has rank " << rank;
  SmallVector<bool> seen(rank, false);
  for (unsigned d : order) {
    if (d >= rank || seen[d])
      return emitError() << "order must be a permutation of [0, " << rank
                         << ")";
    seen[d] = true;
  }
  return success();
}

static LogicalResult
verifyPowersOfTwo(function_ref<InFlightDiagnostic()> emitError, StringRef name,
                  ArrayRef<unsigned> values) {
  for (unsigned v : values)
    if (v == 0 || !llvm::isPowerOf2_32(v))
      return emitError() << name << " entries must be powers of two, got "
                         << v;
  return success();
}

//===----------------------------------------------------------------------===//
// BlockedLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
BlockedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<unsigned> sizePerThread,
                          ArrayRef<unsigned> threadsPerWarp,
                          ArrayRef<unsigned> warpsPerCTA,
                          ArrayRef<unsigned> order) {
  size_t rank = sizePerThread.size();
  if (rank == 0)
    return emitError() << "a blocked layout needs rank at least 1";
  if (threadsPerWarp.size() != rank || warpsPerCTA.size() != rank)
    return emitError() << "sizePerThread, threadsPerWarp and warpsPerCTA "
                          "must have the same rank";
  if (failed(verifyPowersOfTwo(emitError, "sizePerThread", sizePerThread)) ||
      failed(verifyPowersOfTwo(emitError, "threadsPerWarp", threadsPerWarp)) ||
      failed(verifyPowersOfTwo(emitError, "warpsPerCTA", warpsPerCTA)))
    return failure();
  if (product(threadsPerWarp) != 32)
    return emitError() << "threadsPerWarp must multiply to 32 (lanes of a "
                          "warp), got "
                       << product(threadsPerWarp);
  return verifyPermutation(emitError, order, rank);
}

unsigned BlockedLayoutAttr::getRank() const {
  return getSizePerThread().size();
}
int64_t BlockedLayoutAttr::getTotalWarps() const {
  return product(getWarpsPerCTA());
}

//===----------------------------------------------------------------------===//
// SliceLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
SliceLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        unsigned dim, DistributedLayoutAttr parent) {
  if (!parent)
    return emitError() << "slice parent must be a distributed layout";
  if (dim >= parent.getRank())
    return emitError() << "slice dimension " << dim
                       << " is out of range for a parent of rank "
                       << parent.getRank();
  return success();
}

unsigned SliceLayoutAttr::getRank() const {
  return getParent().getRank() - 1;
}
int64_t SliceLayoutAttr::getTotalWarps() const {
  return getParent().getTotalWarps();
}

//===----------------------------------------------------------------------===//
// WgmmaLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
WgmmaLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        ArrayRef<unsigned> warpsPerCTA,
                        ArrayRef<unsigned> instrShape) {
  if (warpsPerCTA.size() != 2 || instrShape.size() != 2)
    return emitError() << "wgmma layouts are 2-D: warpsPerCTA and "
                          "instrShape need 2 entries";
  if (warpsPerCTA[0] == 0 || warpsPerCTA[0] % 4 != 0 || warpsPerCTA[1] == 0)
    return emitError() << "warpsPerCTA[0] must be a positive multiple of 4 "
                          "(a warpgroup spans 64 rows), got ["
                       << warpsPerCTA[0] << ", " << warpsPerCTA[1] << "]";
  if (instrShape[0] != 16)
    return emitError() << "instrShape[0] must be 16 (rows per warp of a "
                          "wgmma), got "
                       << instrShape[0];
  if (instrShape[1] < 8 || instrShape[1] > 256 || instrShape[1] % 8 != 0)
    return emitError() << "instrShape[1] (wgmma N) must be a multiple of 8 in "
                          "[8, 256], got "
                       << instrShape[1];
  return success();
}

unsigned WgmmaLayoutAttr::getRank() const { return 2; }
int64_t WgmmaLayoutAttr::getTotalWarps() const {
  return product(getWarpsPerCTA());
}

//===----------------------------------------------------------------------===//
// DotOperandLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
DotOperandLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                             unsigned opIdx, DistributedLayoutAttr parent,
                             unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "opIdx must be 0 (A) or 1 (B), got " << opIdx;
  if (!parent)
    return emitError() << "dot operand parent must be a distributed layout";
  if (isa<WgmmaLayoutAttr>(parent) && opIdx != 0)
    return emitError() << "warpgroup MMA reads only operand A (opIdx = 0) "
                          "from registers";
  if (kWidth == 0 || !llvm::isPowerOf2_32(kWidth))
    return emitError() << "kWidth must be a power of two, got " << kWidth;
  return success();
}

unsigned DotOperandLayoutAttr::getRank() const {
  return getParent().getRank();
}
int64_t DotOperandLayoutAttr::getTotalWarps() const {
  return getParent().getTotalWarps();
}

//===----------------------------------------------------------------------===//
// LinearLayoutAttr
//===----------------------------------------------------------------------===//

static std::optional<int64_t> basesRank(ArrayAttr bases) {
  std::optional<int64_t> rank;
  for (Attribute basis : bases) {
    auto vec = dyn_cast<DenseI32ArrayAttr>(basis);
    if (!vec)
      return -1;
    if (rank && *rank != vec.size())
      return -1;
    rank = vec.size();
  }
  return rank;
}

LogicalResult
LinearLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         ArrayAttr registerBases, ArrayAttr laneBases,
                         ArrayAttr warpBases, ArrayAttr blockBases) {
  if (laneBases.size() != 5)
    return emitError() << "lane needs exactly 5 bases (32 lanes), got "
                       << laneBases.size();
  std::optional<int64_t> rank;
  for (ArrayAttr bases : {registerBases, laneBases, warpBases, blockBases}) {
    std::optional<int64_t> r = basesRank(bases);
    if (r && *r < 0)
      return emitError() << "every basis must be a list of coordinates of "
                            "the same length";
    if (r && rank && *r != *rank)
      return emitError() << "bases must all have the tensor's rank";
    if (r)
      rank = r;
  }
  if (!rank || *rank == 0)
    return emitError() << "a linear layout needs rank at least 1";
  for (ArrayAttr bases : {registerBases, laneBases, warpBases, blockBases})
    for (Attribute basis : bases)
      for (int32_t c : cast<DenseI32ArrayAttr>(basis).asArrayRef())
        if (c < 0)
          return emitError() << "basis coordinates must be non-negative";
  return success();
}

unsigned LinearLayoutAttr::getRank() const {
  return cast<DenseI32ArrayAttr>(getLaneBases()[0]).size();
}
int64_t LinearLayoutAttr::getTotalWarps() const {
  return int64_t(1) << getWarpBases().size();
}

/// Parses `[[a, b], [c, d]]` into an array of DenseI32ArrayAttr.
static ParseResult parseBases(AsmParser &parser, ArrayAttr &result) {
  SmallVector<Attribute> bases;
  auto parseBasis = [&]() -> ParseResult {
    SmallVector<int32_t> coords;
    if (parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square, [&]() -> ParseResult {
              int32_t c;
              if (parser.parseInteger(c))
                return failure();
              coords.push_back(c);
              return success();
            }))
      return failure();
    bases.push_back(DenseI32ArrayAttr::get(parser.getContext(), coords));
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseBasis))
    return failure();
  result = ArrayAttr::get(parser.getContext(), bases);
  return success();
}

static void printBases(AsmPrinter &printer, ArrayAttr bases) {
  printer << "[";
  llvm::interleaveComma(bases, printer, [&](Attribute basis) {
    printer << "[";
    llvm::interleaveComma(cast<DenseI32ArrayAttr>(basis).asArrayRef(),
                          printer);
    printer << "]";
  });
  printer << "]";
}

Attribute LinearLayoutAttr::parse(AsmParser &parser, Type) {
  ArrayAttr reg, lane, warp, block;
  if (parser.parseLess() || parser.parseKeyword("register") ||
      parser.parseEqual() || parseBases(parser, reg) || parser.parseComma() ||
      parser.parseKeyword("lane") || parser.parseEqual() ||
      parseBases(parser, lane) || parser.parseComma() ||
      parser.parseKeyword("warp") || parser.parseEqual() ||
      parseBases(parser, warp) || parser.parseComma() ||
      parser.parseKeyword("block") || parser.parseEqual() ||
      parseBases(parser, block) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), reg, lane, warp, block);
}

void LinearLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<register = ";
  printBases(printer, getRegisterBases());
  printer << ", lane = ";
  printBases(printer, getLaneBases());
  printer << ", warp = ";
  printBases(printer, getWarpBases());
  printer << ", block = ";
  printBases(printer, getBlockBases());
  printer << ">";
}

//===----------------------------------------------------------------------===//
// Shared layouts
//===----------------------------------------------------------------------===//

LogicalResult
NVMMASharedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              unsigned swizzle, unsigned elementBits,
                              bool transposed, bool fp4Padded) {
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "swizzle must be 0, 32, 64 or 128 bytes (the NVMMA "
                          "swizzle modes), got "
                       << swizzle;
  if (elementBits != 4 && elementBits != 8 && elementBits != 16 &&
      elementBits != 32 && elementBits != 64)
    return emitError() << "element_bits must be 4, 8, 16, 32 or 64, got "
                       << elementBits;
  if (fp4Padded && elementBits != 4)
    return emitError() << "fp4_padded applies only to 4-bit elements";
  return success();
}

LogicalResult
SwizzledSharedLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned vec, unsigned perPhase,
                                 unsigned maxPhase, ArrayRef<unsigned> order) {
  if (vec == 0 || perPhase == 0 || maxPhase == 0)
    return emitError() << "vec, perPhase and maxPhase must be positive";
  if (order.empty())
    return emitError() << "order needs at least one dimension";
  return verifyPermutation(emitError, order, order.size());
}

Attribute NVMMASharedLayoutAttr::parse(AsmParser &parser, Type) {
  unsigned swizzle, elementBits;
  bool transposed = false, fp4Padded = false;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword("swizzle") ||
      parser.parseEqual() || parser.parseInteger(swizzle) ||
      parser.parseComma() || parser.parseKeyword("element_bits") ||
      parser.parseEqual() || parser.parseInteger(elementBits))
    return {};
  // Optional flags, in any order: transposed = true, fp4_padded = true.
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    bool *flag = key == "transposed"   ? &transposed
                 : key == "fp4_padded" ? &fp4Padded
                                       : nullptr;
    if (!flag) {
      parser.emitError(keyLoc) << "unknown NVMMA layout parameter '" << key
                               << "' (expected transposed or fp4_padded)";
      return {};
    }
    if (succeeded(parser.parseOptionalKeyword("true")))
      *flag = true;
    else if (parser.parseKeyword("false"))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), swizzle, elementBits, transposed,
                    fp4Padded);
}

void NVMMASharedLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<swizzle = " << getSwizzle()
          << ", element_bits = " << getElementBits();
  if (getTransposed())
    printer << ", transposed = true";
  if (getFp4Padded())
    printer << ", fp4_padded = true";
  printer << ">";
}

Attribute tile::getTransposedSharedLayout(Attribute layout,
                                          ArrayRef<int32_t> order) {
  if (!layout)
    return layout;
  if (auto nvmma = dyn_cast<NVMMASharedLayoutAttr>(layout)) {
    // Only the last two dimensions carry the swizzle; swapping them flips
    // which one is contiguous.
    size_t rank = order.size();
    bool swapsInner = rank >= 2 && order[rank - 1] == int32_t(rank - 2) &&
                      order[rank - 2] == int32_t(rank - 1);
    if (!swapsInner)
      return layout;
    return NVMMASharedLayoutAttr::get(
        layout.getContext(), nvmma.getSwizzle(), nvmma.getElementBits(),
        !nvmma.getTransposed(), nvmma.getFp4Padded());
  }
  if (auto swizzled = dyn_cast<SwizzledSharedLayoutAttr>(layout)) {
    // Result dimension i is source dimension order[i]; the fastest source
    // dimension d becomes the result dimension that maps to d.
    SmallVector<unsigned> newOrder;
    for (unsigned srcDim : swizzled.getOrder()) {
      auto it = llvm::find(order, int32_t(srcDim));
      if (it == order.end())
        return {};
      newOrder.push_back(it - order.begin());
    }
    return SwizzledSharedLayoutAttr::get(
        layout.getContext(), swizzled.getVec(), swizzled.getPerPhase(),
        swizzled.getMaxPhase(), newOrder);
  }
  return {};
}

//===----------------------------------------------------------------------===//
// SharedMemoryType
//===----------------------------------------------------------------------===//

Type SharedMemoryType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding;
  bool isMutable = false;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return {};
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("mutable"))) {
      isMutable = true;
      continue;
    }
    if (encoding) {
      parser.emitError(parser.getCurrentLocation(),
                       "expected 'mutable' after the layout");
      return {};
    }
    if (parser.parseAttribute(encoding))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); },
                    parser.getContext(), shape, elementType, encoding,
                    isMutable);
}

void SharedMemoryType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape())
    printer << d << "x";
  printer << getElementType();
  if (getEncoding())
    printer << ", " << getEncoding();
  if (getIsMutable())
    printer << ", mutable";
  printer << ">";
}

/// Bit width of an element type, or 0 when it has none.
static unsigned getBitWidth(Type type) {
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  return 0;
}

/// The size in bytes must be representable: it is computed with overflow
/// checks, as a shape may ask for more than int64_t holds. Sizes beyond a
/// CTA's shared memory are left to the operations and the allocator, whose
/// messages name what needs them (tests build such types on purpose).
static LogicalResult verifySharedBufferSize(tilemlir::EmitErrorFn emitError,
                                            ArrayRef<int64_t> shape,
                                            unsigned bits, Attribute encoding) {
  if (auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(encoding))
    if (nvmma.getFp4Padded())
      bits = 8;
  std::optional<int64_t> totalBits = bits;
  for (int64_t d : shape)
    if (totalBits)
      totalBits = llvm::checkedMul(*totalBits, d);
  if (totalBits)
    return success();
  return emitError() << "shared buffer of shape "
                     << tilemlir::shapeToString(shape) << " with " << bits
                     << "-bit elements has more than "
                     << std::numeric_limits<int64_t>::max()
                     << " bits, far beyond the " << kMaxSharedMemoryBytes
                     << " bytes of shared memory a CTA can use";
}

LogicalResult
SharedMemoryType::verify(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<int64_t> shape, Type elementType,
                         Attribute encoding, bool isMutable) {
  if (shape.empty())
    return emitError() << "a shared buffer needs rank at least 1";
  for (int64_t d : shape)
    if (d <= 0)
      return emitError() << "shared buffer dimensions must be positive, got "
                         << d;
  unsigned bits = getBitWidth(elementType);
  if (bits == 0)
    return emitError() << "shared buffer elements must be integers or "
                          "floats, got "
                       << elementType;
  if (failed(verifySharedBufferSize(emitError, shape, bits, encoding)))
    return failure();
  if (!encoding)
    return success();
  if (!isa<SharedLayoutAttr>(encoding))
    return emitError() << "the layout of a shared buffer must be a shared "
                          "layout (#tile.nvmma_shared, "
                          "#tile.swizzled_shared), got "
                       << encoding;
  if (auto nvmma = dyn_cast<NVMMASharedLayoutAttr>(encoding)) {
    if (nvmma.getElementBits() != bits)
      return emitError() << "NVMMA layout is for " << nvmma.getElementBits()
                         << "-bit elements but the buffer holds " << bits
                         << "-bit " << elementType;
    if (nvmma.getTransposed() && shape.size() < 2)
      return emitError() << "a transposed NVMMA layout needs rank at least 2";
    unsigned swizzle = nvmma.getSwizzle();
    if (swizzle != 0) {
      int64_t contiguous =
          nvmma.getTransposed() ? shape[shape.size() - 2] : shape.back();
      // fp4 padded keeps one element per byte.
      int64_t storageBits = nvmma.getFp4Padded() ? 8 : bits;
      int64_t rowBytes = contiguous * storageBits / 8;
      if (rowBytes % swizzle != 0)
        return emitError()
               << "the contiguous dimension spans " << rowBytes
               << " bytes, which is not a multiple of the " << swizzle
               << "-byte swizzle: use a smaller swizzle or a wider block";
    }
  }
  if (auto swizzled = dyn_cast<SwizzledSharedLayoutAttr>(encoding))
    if (swizzled.getOrder().size() != shape.size())
      return emitError() << "swizzled shared layout has rank "
                         << swizzled.getOrder().size()
                         << " but the buffer has rank " << shape.size();
  return success();
}

int64_t SharedMemoryType::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : getShape())
    n *= d;
  return n;
}

unsigned SharedMemoryType::getElementTypeBitWidth() const {
  return getBitWidth(getElementType());
}

int64_t SharedMemoryType::getSizeInBytes() const {
  int64_t bits = getElementTypeBitWidth();
  if (auto nvmma = dyn_cast_or_null<NVMMASharedLayoutAttr>(getEncoding()))
    if (nvmma.getFp4Padded())
      bits = 8;
  return llvm::divideCeil(getNumElements() * bits, 8);
}

SharedMemoryType SharedMemoryType::dropLeadingDim() const {
  return SharedMemoryType::get(getShape().drop_front(), getElementType(),
                               getEncoding(), getIsMutable());
}

//===----------------------------------------------------------------------===//
// PointerType
//===----------------------------------------------------------------------===//

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointeeType) {
  // A pointer to pointers is a table of device addresses: the scalar
  // tile.load reads one (a pointer bound on the device).
  if (!pointeeType.isIntOrFloat() && !isa<PointerType>(pointeeType))
    return emitError() << "pointers point to integers, floats or pointers, got "
                       << pointeeType;
  return success();
}

RegisterPool tile::getRegisterPool(Operation *op, int64_t threads) {
  RegisterPool pool;
  pool.threads = threads;
  if (auto func = op->getParentOfType<gpu::GPUFuncOp>())
    if (auto ctas = func->getAttrOfType<IntegerAttr>("nvvm.minctasm"))
      pool.ctasPerSM = std::max<int64_t>(1, ctas.getInt());
  pool.perThread = tilemlir::getRegistersAtEntry(threads, pool.ctasPerSM);
  return pool;
}
