//===- TMADialect.cpp - The tma dialect: dialect and types ----------------===//

#include "TMA/TMADialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tma;

#include "TMA/TMADialect.cpp.inc"
#include "TMA/TMAEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "TMA/TMATypes.cpp.inc"

void TMADialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "TMA/TMATypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TMA/TMAOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// DescriptorType: assembly
//===----------------------------------------------------------------------===//

/// Parses the keyword of an enum-valued descriptor parameter.
template <typename EnumT>
static ParseResult
parseEnumKeyword(AsmParser &parser, StringRef key, EnumT &value,
                 std::optional<EnumT> (*symbolize)(StringRef),
                 StringRef expected) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef word;
  if (parser.parseKeyword(&word))
    return failure();
  std::optional<EnumT> parsed = symbolize(word);
  if (!parsed)
    return parser.emitError(loc)
           << "unknown " << key << " '" << word << "'; expected " << expected;
  value = *parsed;
  return success();
}

/// Parses the swizzle byte count; signed, so that a negative value is
/// reported as written (the verifier checks the exact set of values).
static ParseResult parseSwizzle(AsmParser &parser, unsigned &swizzle) {
  SMLoc loc = parser.getCurrentLocation();
  int64_t value = 0;
  if (parser.parseInteger(value))
    return failure();
  if (value < 0 || value > 128)
    return parser.emitError(loc)
           << "TMA swizzle must be 0, 32, 64 or 128 bytes, got " << value;
  swizzle = unsigned(value);
  return success();
}

/// Parses the multicast piece count; signed and wide, so that a bad value is
/// reported as written.
static ParseResult parseMulticast(AsmParser &parser, unsigned &multicast) {
  SMLoc loc = parser.getCurrentLocation();
  int64_t value = 0;
  if (parser.parseInteger(value))
    return failure();
  if (value < 1 || value > kMaxClusterSize)
    return parser.emitError(loc)
           << "TMA multicast splits a box among the CTAs of a cluster: 1 to "
           << kMaxClusterSize << " pieces, got " << value;
  multicast = unsigned(value);
  return success();
}

// !tma.descriptor<tensor<...>[, key = value]*>: options in any order, each
// at most once.
Type DescriptorType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  Type boxType;
  if (parser.parseLess())
    return {};
  SMLoc boxLoc = parser.getCurrentLocation();
  if (parser.parseType(boxType))
    return {};
  auto box = dyn_cast<RankedTensorType>(boxType);
  if (!box) {
    parser.emitError(boxLoc, "the box of a TMA descriptor is a ranked tensor "
                             "type such as tensor<128x64xf16>, got ")
        << boxType;
    return {};
  }
  unsigned swizzle = 0;
  Interleave interleave = Interleave::None;
  L2Promotion l2Promotion = L2Promotion::None;
  OOBFill oobFill = OOBFill::Zero;
  FP4Mode fp4 = FP4Mode::None;
  unsigned multicast = 1;
  llvm::StringSet<> seen;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    if (!seen.insert(key).second) {
      parser.emitError(keyLoc, "TMA descriptor parameter '")
          << key << "' is given twice";
      return {};
    }
    ParseResult result = failure();
    if (key == "swizzle")
      result = parseSwizzle(parser, swizzle);
    else if (key == "interleave")
      result = parseEnumKeyword(parser, key, interleave, symbolizeInterleave,
                                "none, i16b or i32b");
    else if (key == "l2_promotion")
      result = parseEnumKeyword(parser, key, l2Promotion, symbolizeL2Promotion,
                                "none, l2_64b, l2_128b or l2_256b");
    else if (key == "oob_fill")
      result = parseEnumKeyword(parser, key, oobFill, symbolizeOOBFill,
                                "zero or nan");
    else if (key == "fp4")
      result = parseEnumKeyword(parser, key, fp4, symbolizeFP4Mode,
                                "none, packed or unpacked");
    else if (key == "multicast")
      result = parseMulticast(parser, multicast);
    else
      result = parser.emitError(keyLoc, "unknown TMA descriptor parameter '")
               << key
               << "'; expected swizzle, interleave, l2_promotion, oob_fill, "
                  "fp4 or multicast";
    if (failed(result))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    box, swizzle, interleave, l2Promotion, oobFill, fp4,
                    multicast);
}

void DescriptorType::print(AsmPrinter &printer) const {
  printer << "<" << getBox();
  // Defaults are left out, so the common case stays short.
  if (getSwizzle() != 0)
    printer << ", swizzle = " << getSwizzle();
  if (getInterleave() != Interleave::None)
    printer << ", interleave = " << stringifyInterleave(getInterleave());
  if (getL2Promotion() != L2Promotion::None)
    printer << ", l2_promotion = " << stringifyL2Promotion(getL2Promotion());
  if (getOobFill() != OOBFill::Zero)
    printer << ", oob_fill = " << stringifyOOBFill(getOobFill());
  if (getFp4() != FP4Mode::None)
    printer << ", fp4 = " << stringifyFP4Mode(getFp4());
  if (getMulticast() != 1)
    printer << ", multicast = " << getMulticast();
  printer << ">";
}

//===----------------------------------------------------------------------===//
// DescriptorType: rules of cuTensorMapEncodeTiled
//===----------------------------------------------------------------------===//

/// The CUtensorMapDataType of `type`, or std::nullopt when TMA cannot copy
/// it with the given FP4 mode.
static std::optional<unsigned> getCUDADataTypeFor(Type type, FP4Mode fp4) {
  if (isa<Float4E2M1FNType>(type)) {
    if (fp4 == FP4Mode::Packed)
      return cuda::k16U4Align8B;
    if (fp4 == FP4Mode::Unpacked)
      return cuda::k16U4Align16B;
    return std::nullopt;
  }
  if (fp4 != FP4Mode::None)
    return std::nullopt;
  // 8-bit floats travel as raw bytes.
  if (isa<Float8E4M3FNType, Float8E5M2Type>(type) || type.isSignlessInteger(8))
    return cuda::kUInt8;
  if (type.isSignlessInteger(16))
    return cuda::kUInt16;
  if (type.isSignlessInteger(32))
    return cuda::kInt32;
  if (type.isSignlessInteger(64))
    return cuda::kInt64;
  if (type.isF16())
    return cuda::kFloat16;
  if (type.isBF16())
    return cuda::kBFloat16;
  if (type.isF32())
    return cuda::kFloat32;
  if (type.isF64())
    return cuda::kFloat64;
  return std::nullopt;
}

static StringRef getFP4Name(FP4Mode fp4) {
  return fp4 == FP4Mode::Packed ? "packed FP4 (16U4_ALIGN8B)"
                                : "unpacked FP4 (16U4_ALIGN16B)";
}

/// Prints a byte count that may end in half a byte (odd FP4 counts).
static void printBytes(InFlightDiagnostic &diag, int64_t bits) {
  if (bits % 8 == 0)
    diag << bits / 8;
  else
    diag << bits / 8 << ".5";
}

/// A swizzled box whose rows are wider than the swizzle span is copied as
/// pieces one span wide (getCopyBoxShape), [rows x span] each, one after
/// another in the buffer: its rows must be a whole number of spans, and
/// each piece must start a whole swizzle atom (8 rows of the span) into the
/// buffer; one that did not would be placed by an address inside the
/// atom's XOR pattern, not at the start of a row (and not 128-byte aligned,
/// which TMA requires).
static LogicalResult
verifySpanSplit(function_ref<InFlightDiagnostic()> emitError,
                RankedTensorType box, unsigned swizzle, unsigned smemBits) {
  int64_t rank = box.getRank(), inner = box.getShape().back();
  Type elementType = box.getElementType();
  int64_t innerSmemBytes = inner * smemBits / 8;
  if (swizzle == 0 || innerSmemBytes <= swizzle)
    return success();
  if (innerSmemBytes % swizzle != 0)
    return emitError() << "the inner box dimension spans " << innerSmemBytes
                       << " bytes of shared memory (" << inner << " x "
                       << elementType << "), more than swizzle = " << swizzle
                       << " covers and not a multiple of it, so "
                       << "it cannot be split into copies " << swizzle
                       << " bytes wide: use a multiple of "
                       << swizzle * 8 / smemBits << " elements, a larger "
                       << "swizzle or a narrower box";
  int64_t rows = rank >= 2 ? box.getShape()[rank - 2] : 1;
  if (rows % 8 == 0)
    return success();
  InFlightDiagnostic diag = emitError();
  diag << "the inner box dimension spans " << innerSmemBytes
       << " bytes of shared memory, more than swizzle = " << swizzle
       << " covers, so it is copied as pieces " << swizzle << " bytes wide of "
       << rows << " row" << (rows == 1 ? "" : "s")
       << " each; a piece must start a whole swizzle atom (8 rows, "
       << 8 * swizzle << " bytes) into the buffer, so ";
  if (rank == 1)
    diag << "a rank-1 box (one row) must fit the span";
  else
    diag << "the box needs a multiple of 8 rows (dimension " << rank - 2
         << ")";
  return diag;
}

/// A box split among `multicast` CTAs: rank 2, whole row blocks, each
/// starting a whole swizzle atom (8 rows of the span) into the buffer.
static LogicalResult
verifyMulticastSplit(function_ref<InFlightDiagnostic()> emitError,
                     RankedTensorType box, unsigned swizzle,
                     Interleave interleave, unsigned multicast) {
  if (multicast == 1)
    return success();
  if (multicast < 1 || multicast > kMaxClusterSize)
    return emitError() << "TMA multicast splits a box among the CTAs of a "
                          "cluster: 1 to "
                       << kMaxClusterSize << " pieces, got " << multicast;
  if (box.getRank() != 2 || interleave != Interleave::None)
    return emitError() << "multicast = " << multicast
                       << " splits the rows of a rank-2, non-interleaved box; "
                          "other boxes are not supported yet";
  int64_t rows = box.getShape()[0];
  if (rows % multicast != 0)
    return emitError() << "multicast = " << multicast << " splits the box's "
                       << rows << " rows into equal pieces; " << rows
                       << " is not a multiple of " << multicast;
  // A piece starts (rows / multicast) rows of the span into the buffer:
  // the NVMMA layout keeps rows wider than the span as [rows x span]
  // blocks.
  int64_t rowBytes = box.getShape()[1] * box.getElementTypeBitWidth() / 8;
  if (swizzle != 0)
    rowBytes = std::min<int64_t>(rowBytes, swizzle);
  int64_t pieceBytes = rows / multicast * rowBytes;
  int64_t atom = swizzle != 0 ? 8 * int64_t(swizzle) : 128;
  if (pieceBytes % atom != 0)
    return emitError() << "multicast = " << multicast << " gives pieces of "
                       << rows / multicast << " rows, which start "
                       << pieceBytes << " bytes apart in shared memory; "
                       << (swizzle != 0 ? "a swizzled piece must start a "
                                          "whole swizzle atom ("
                                        : "a piece must start 128-byte "
                                          "aligned (")
                       << atom << " bytes) into the buffer";
  return success();
}

LogicalResult
DescriptorType::verify(function_ref<InFlightDiagnostic()> emitError,
                       RankedTensorType box, unsigned swizzle,
                       Interleave interleave, L2Promotion l2Promotion,
                       OOBFill oobFill, FP4Mode fp4, unsigned multicast) {
  if (box.getEncoding())
    return emitError() << "the box of a TMA descriptor is a plain tensor "
                          "type; drop its encoding "
                       << box.getEncoding();
  int64_t rank = box.getRank();
  if (rank < 1 || rank > kMaxRank)
    return emitError() << "a TMA box has rank 1 to " << kMaxRank << ", got "
                       << rank;
  if (interleave != Interleave::None && rank < 3)
    return emitError() << "interleave = " << stringifyInterleave(interleave)
                       << " needs a box of rank 3 to " << kMaxRank
                       << ", got rank " << rank;
  for (auto [i, d] : llvm::enumerate(box.getShape())) {
    if (ShapedType::isDynamic(d))
      return emitError() << "TMA box dimension " << i
                         << " is dynamic; box dimensions are static";
    // A swizzled inner dimension wider than the span is split (below);
    // its bound only keeps the size arithmetic exact (the shared-memory
    // check below is the real limit).
    bool splitInner = int64_t(i) == rank - 1 && swizzle != 0 &&
                      interleave == Interleave::None;
    if (splitInner && d > kMaxSplitInnerDim)
      return emitError() << "TMA box dimension " << i << " is " << d
                         << "; a swizzled inner dimension split into copies "
                            "has at most "
                         << kMaxSplitInnerDim << " elements";
    if (d < 1 || (d > kMaxBoxDim && !splitInner))
      return emitError() << "TMA box dimension " << i << " is " << d
                         << "; a box dimension must be in [1, " << kMaxBoxDim
                         << "]";
  }

  Type elementType = box.getElementType();
  bool isFP4Element = isa<Float4E2M1FNType>(elementType);
  if (isFP4Element && fp4 == FP4Mode::None)
    return emitError() << "f4E2M1FN elements need fp4 = packed "
                          "(16U4_ALIGN8B) or fp4 = unpacked (16U4_ALIGN16B)";
  if (!isFP4Element && fp4 != FP4Mode::None)
    return emitError() << "fp4 = " << stringifyFP4Mode(fp4)
                       << " needs f4E2M1FN elements, got " << elementType;
  if (!getCUDADataTypeFor(elementType, fp4))
    return emitError() << "TMA cannot copy " << elementType
                       << " elements; supported: i8, i16, i32, i64, f16, "
                          "bf16, f32, f64, f8E4M3FN, f8E5M2 and f4E2M1FN "
                          "(with fp4 = packed or unpacked)";

  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "TMA swizzle must be 0, 32, 64 or 128 bytes, got "
                       << swizzle;
  if (interleave == Interleave::B32 && swizzle != 32)
    return emitError() << "interleave = i32b requires swizzle = 32, got "
                       << swizzle;

  int64_t inner = box.getShape().back();
  unsigned bits = elementType.getIntOrFloatBitWidth();
  if (fp4 == FP4Mode::Unpacked) {
    if (inner != 128)
      return emitError() << "an unpacked FP4 (16U4_ALIGN16B) box must have "
                            "an inner dimension of 128 elements, got "
                         << inner;
    if (swizzle != 0 && swizzle != 128)
      return emitError() << "unpacked FP4 (16U4_ALIGN16B) supports only "
                            "swizzle 0 or 128, got "
                         << swizzle;
  }
  if (interleave == Interleave::None) {
    int64_t innerBits = inner * bits;
    if (innerBits % 128 != 0) {
      InFlightDiagnostic diag = emitError();
      diag << "the inner box dimension spans ";
      printBytes(diag, innerBits);
      diag << " bytes (" << inner << " x " << elementType
           << "); with interleave = none it must be a multiple of 16 bytes";
      return diag;
    }
    // Unpacked FP4 is one byte per element in shared memory, where the
    // swizzle applies.
    unsigned smemBits = fp4 == FP4Mode::Unpacked ? 8 : bits;
    if (failed(verifySpanSplit(emitError, box, swizzle, smemBits)))
      return failure();
  }

  if (oobFill == OOBFill::NaN &&
      (fp4 != FP4Mode::None || !isa<FloatType>(elementType) ||
       isa<Float8E4M3FNType, Float8E5M2Type>(elementType)))
    return emitError() << "oob_fill = nan needs 16-, 32- or 64-bit floating "
                          "point elements, got "
                       << elementType << (fp4 != FP4Mode::None ? " as " : "")
                       << (fp4 != FP4Mode::None ? getFP4Name(fp4) : "");

  if (failed(verifyMulticastSplit(emitError, box, swizzle, interleave,
                                  multicast)))
    return failure();

  // One box must fit in shared memory.
  unsigned smemBits = fp4 == FP4Mode::Unpacked ? 8 : bits;
  int64_t smemBytes = box.getNumElements() * smemBits / 8;
  if (smemBytes > tile::kMaxSharedMemoryBytes)
    return emitError() << "a TMA box of " << smemBytes
                       << " bytes does not fit in shared memory (at most "
                       << tile::kMaxSharedMemoryBytes << " bytes per CTA)";
  return success();
}

//===----------------------------------------------------------------------===//
// DescriptorType: sizes and CUDA encodings
//===----------------------------------------------------------------------===//

unsigned DescriptorType::getElementBits() const {
  return getElementType().getIntOrFloatBitWidth();
}

unsigned DescriptorType::getSmemElementBits() const {
  return getFp4() == FP4Mode::Unpacked ? 8 : getElementBits();
}

int64_t DescriptorType::getBoxBytes() const {
  return getNumElements() * getElementBits() / 8;
}

int64_t DescriptorType::getSmemBytes() const {
  return getNumElements() * getSmemElementBits() / 8;
}

int64_t DescriptorType::getInnerBoxSmemBytes() const {
  return getBoxShape().back() * getSmemElementBits() / 8;
}

SmallVector<int64_t> DescriptorType::getCopyBoxShape() const {
  SmallVector<int64_t> shape(getBoxShape());
  int64_t span = getSwizzle() * 8 / getSmemElementBits();
  if (getSwizzle() == 0 || getInterleave() != Interleave::None ||
      shape.back() <= span) {
    shape.front() /= getMulticast();
    return shape;
  }
  // The NVMMA layout stores such rows as [rows x span] blocks, leading
  // dimensions outside them: one block of one leading index is the largest
  // piece TMA writes densely.
  shape.back() = span;
  for (int64_t d = 0, e = int64_t(shape.size()) - 2; d < e; ++d)
    shape[d] = 1;
  shape.front() /= getMulticast();
  return shape;
}

int64_t DescriptorType::getNumCopies() const {
  int64_t pieces = 1;
  for (auto [whole, piece] : llvm::zip_equal(getBoxShape(), getCopyBoxShape()))
    pieces *= whole / piece;
  return pieces;
}

unsigned DescriptorType::getCUDADataType() const {
  // The verifier guarantees a supported element type.
  return getCUDADataTypeFor(getElementType(), getFp4()).value_or(cuda::kUInt8);
}

unsigned DescriptorType::getCUDASwizzle() const {
  switch (getSwizzle()) {
  case 32:
    return 1;
  case 64:
    return 2;
  case 128:
    return 3;
  default:
    return 0;
  }
}
