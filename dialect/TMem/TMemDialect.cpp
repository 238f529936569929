//===- TMemDialect.cpp - The tmem dialect: attributes and types -----------===//

#include "TMem/TMemDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tmem;

#include "TMem/TMemDialect.cpp.inc"
#include "TMem/TMemEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "TMem/TMemAttrs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "TMem/TMemTypes.cpp.inc"

namespace {
/// `#tmem` instead of the full layout keeps printed kernels readable.
struct TMemOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<TensorMemoryLayoutAttr>(attr)) {
      os << "tmem";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void TMemDialect::initialize() {
  addInterfaces<TMemOpAsmInterface>();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TMem/TMemAttrs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "TMem/TMemTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TMem/TMemOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TensorMemoryLayoutAttr
//===----------------------------------------------------------------------===//

LogicalResult
TensorMemoryLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned blockM, unsigned blockN,
                               unsigned colStride) {
  if (blockM != 64 && blockM != 128)
    return emitError() << "tensor-memory blockM must be 64 or 128, got "
                       << blockM;
  if (blockN < 1 || blockN > 256 || !llvm::isPowerOf2_32(blockN))
    return emitError()
           << "tensor-memory blockN must be a power of two in [1, 256], got "
           << blockN;
  if (colStride != 1 && colStride != 2 && colStride != 4)
    return emitError() << "tensor-memory col_stride must be 1, 2 or 4, got "
                       << colStride;
  return success();
}

//===----------------------------------------------------------------------===//
// BufferType
//===----------------------------------------------------------------------===//

Type BufferType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return {};
  // A missing layout is parsed so that the verifier can say what is missing.
  if (succeeded(parser.parseOptionalComma()) && parser.parseAttribute(encoding))
    return {};
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    shape, elementType, encoding);
}

void BufferType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape())
    printer << d << "x";
  printer << getElementType();
  if (getEncoding())
    printer << ", " << getEncoding();
  printer << ">";
}

/// Bit width of an integer or float element type, 0 for anything else.
static unsigned getBitWidth(Type type) {
  if (type.isIntOrFloat())
    return type.getIntOrFloatBitWidth();
  return 0;
}

/// Columns of a buffer; see the description of BufferType. Saturates rather
/// than overflowing, so absurd shapes are reported as too large.
static uint64_t computeNumColumns(ArrayRef<int64_t> shape, unsigned bits,
                                  Attribute encoding) {
  uint64_t stages = shape.size() == 3 ? uint64_t(shape[0]) : 1;
  uint64_t m = shape[shape.size() - 2];
  uint64_t n = shape[shape.size() - 1];
  uint64_t perStage;
  auto layout = dyn_cast_if_present<TensorMemoryLayoutAttr>(encoding);
  if (layout || !encoding) {
    // Without a layout yet: packed, as tile-legalize-layouts chooses.
    uint64_t colStride = layout ? layout.getColStride() : 1;
    uint64_t rowBits =
        llvm::SaturatingMultiply(n, uint64_t(bits) * colStride);
    perStage = llvm::SaturatingMultiply(
        llvm::divideCeil(m, uint64_t(TMemDialect::kNumLanes)),
        llvm::divideCeil(rowBits, uint64_t(32)));
  } else {
    // Scale factors: 32 lanes x 4 bytes per column, replicated on 4 warps.
    perStage = llvm::SaturatingMultiply(llvm::divideCeil(m, uint64_t(32)),
                                        llvm::divideCeil(n, uint64_t(4)));
  }
  return std::max<uint64_t>(1, llvm::SaturatingMultiply(stages, perStage));
}

LogicalResult BufferType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elementType,
                                 Attribute encoding) {
  if (shape.size() != 2 && shape.size() != 3)
    return emitError() << "a tensor-memory buffer has rank 2 (M x N) or 3 "
                          "(stages x M x N), got rank "
                       << shape.size();
  for (int64_t d : shape)
    if (d <= 0)
      return emitError()
             << "tensor-memory buffer dimensions must be positive, got " << d;
  unsigned bits = getBitWidth(elementType);
  if (bits != 4 && bits != 8 && bits != 16 && bits != 32)
    return emitError() << "tensor-memory elements must be integers or floats "
                          "of 4, 8, 16 or 32 bits (cells are 32 bits wide), "
                          "got "
                       << elementType;
  int64_t m = shape[shape.size() - 2];
  int64_t n = shape[shape.size() - 1];
  if (!encoding) {
    // tile-legalize-layouts chooses it.
  } else if (auto layout = dyn_cast<TensorMemoryLayoutAttr>(encoding)) {
    if (m % layout.getBlockM() != 0)
      return emitError() << "M (" << m
                         << ") must be a multiple of the layout's blockM ("
                         << layout.getBlockM() << ")";
    if (n % layout.getBlockN() != 0)
      return emitError() << "N (" << n
                         << ") must be a multiple of the layout's blockN ("
                         << layout.getBlockN() << ")";
    if (bits * layout.getColStride() > 32)
      return emitError() << "col_stride " << layout.getColStride() << " with "
                         << bits << "-bit " << elementType
                         << " elements exceeds a 32-bit column: col_stride "
                            "* element bits must be at most 32";
  } else if (isa<TensorMemoryScalesLayoutAttr>(encoding)) {
    if (bits != 8)
      return emitError() << "a #tmem.scales buffer holds 8-bit scale factors "
                            "(f8E8M0FNU, f8E4M3FN or i8), got "
                         << elementType;
  } else {
    return emitError() << "the layout of a tensor-memory buffer must be "
                          "#tmem.layout or #tmem.scales, got "
                       << encoding;
  }
  uint64_t columns = computeNumColumns(shape, bits, encoding);
  if (columns > uint64_t(TMemDialect::kNumColumns)) {
    InFlightDiagnostic diag = emitError() << "buffer needs ";
    if (columns == std::numeric_limits<uint64_t>::max())
      diag << "2^64 - 1 or more"; // The count saturated.
    else
      diag << columns;
    return diag << " tensor-memory columns; an SM has "
                << TMemDialect::kNumColumns;
  }
  return success();
}

unsigned BufferType::getElementTypeBitWidth() const {
  return getBitWidth(getElementType());
}

int64_t BufferType::getNumColumns() const {
  return computeNumColumns(getShape(), getElementTypeBitWidth(), getEncoding());
}

int64_t BufferType::getAllocColumns() const {
  // tcgen05.alloc takes a power of two in [32, 512]; the type verifier
  // already bounds the column count by 512.
  return std::max<int64_t>(TMemDialect::kMinAllocColumns,
                           llvm::PowerOf2Ceil(getNumColumns()));
}

BufferType BufferType::dropLeadingDim() const {
  return BufferType::get(getShape().drop_front(), getElementType(),
                         getEncoding());
}
