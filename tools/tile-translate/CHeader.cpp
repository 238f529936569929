//===- CHeader.cpp - Ahead-of-time C launchers for compiled kernels -------===//
//
// `tile-translate --emit=c-header`: a C header per gpu.module with its
// cubin embedded and one typed launch function per kernel, so that a C
// program calls a TileMLIR kernel with nothing but the CUDA driver and
// TileMLIR's runtime (tile-runtime/Runtime.h, section 4). A descriptor
// argument becomes (base pointer, shape, strides), from which the function
// builds and validates the tensor map; a !tile.ptr a device pointer; a
// scalar its C type. Errors come back as TILE_RT_LAUNCH_* codes with a
// message, never as an exit.
//
//===----------------------------------------------------------------------===//

#include "CHeader.h"

#include "TMA/TMADialect.h"
#include "Tile/TileDialect.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tilemlir;

namespace {

/// A C identifier from `name`: other characters become '_'.
std::string identifier(StringRef name) {
  std::string id;
  for (char c : name)
    id += llvm::isAlnum(c) ? c : '_';
  return id;
}

std::string typeText(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// The C type of a scalar kernel argument, or empty.
StringRef getScalarCType(Type type) {
  if (type.isIndex() || type.isInteger(64))
    return "int64_t";
  if (type.isInteger(32))
    return "int32_t";
  if (type.isInteger(16))
    return "int16_t";
  if (type.isInteger(8))
    return "int8_t";
  if (type.isF32())
    return "float";
  if (type.isF64())
    return "double";
  return {};
}

/// One argument's parameters, preparation and cuLaunchKernel pointer, and
/// the names its parameters have in a call.
struct ArgumentCode {
  std::string params, prepare, pointer, doc, names;
};

ArgumentCode describeDescriptor(tma::DescriptorType desc, unsigned i,
                                bool written, StringRef kernel,
                                StringRef prefix) {
  ArgumentCode code;
  unsigned rank = desc.getRank();
  std::string arg = "arg" + std::to_string(i);
  code.params = llvm::formatv("const void *{0}, const int64_t {0}_shape[{1}], "
                              "const int64_t {0}_strides[{1}]",
                              arg, rank);
  // The box of one TMA instruction (a split box's piece).
  std::string box =
      llvm::join(llvm::map_range(desc.getCopyBoxShape(),
                                 [](int64_t d) { return std::to_string(d); }),
                 ", ");
  code.prepare = llvm::formatv(
      "  unsigned char {0}_map[TILE_RT_TENSOR_MAP_BYTES] "
      "__attribute__((aligned(64)));\n"
      "  static const int32_t {0}_box[{1}] = {{{2}};\n"
      "  if ((code = {3}_tensor_map({0}_map, \"{4}\", \"{0}\", {5}, {1}, {0}, "
      "{0}_shape, {0}_strides, {6}, {0}_box, {7}, {8}, {9}, {10}, {11}, "
      "error)))\n"
      "    return code;\n",
      arg, rank, box, prefix, kernel, desc.getCUDADataType(),
      desc.getElementBits(), desc.getCUDAInterleave(), desc.getCUDASwizzle(),
      desc.getCUDAL2Promotion(), desc.getCUDAOOBFill(),
      written ? "TILE_RT_TENSOR_MAP_WRITTEN" : "0");
  code.pointer = arg + "_map";
  code.names = llvm::formatv("{0}, {0}_shape, {0}_strides", arg);
  code.doc = llvm::formatv("{0}: {1}: base, shape and strides (elements, "
                           "outermost first; the innermost stride is 1)",
                           arg, typeText(desc));
  return code;
}

FailureOr<ArgumentCode>
describeArgument(Type type, unsigned i, bool written, StringRef kernel,
                 StringRef prefix,
                 llvm::function_ref<InFlightDiagnostic()> emitError) {
  if (auto desc = dyn_cast<tma::DescriptorType>(type))
    return describeDescriptor(desc, i, written, kernel, prefix);
  std::string arg = "arg" + std::to_string(i);
  ArgumentCode code;
  code.pointer = "&" + arg;
  code.names = arg;
  code.doc = arg + ": " + typeText(type);
  if (isa<tile::PointerType>(type)) {
    code.params = "void *" + arg;
    code.doc += " (a device pointer)";
    return code;
  }
  if (StringRef scalar = getScalarCType(type); !scalar.empty()) {
    code.params = (scalar + " " + arg).str();
    return code;
  }
  return emitError() << "not supported yet: kernel @" << kernel << " takes "
                     << type
                     << "; a C header passes TMA descriptors, !tile.ptr and "
                        "integer or f32/f64 scalars";
}

/// The helper every descriptor argument calls: strides to bytes, then
/// tileRtMakeTensorMapChecked, its message prefixed with the argument.
void writeTensorMapHelper(llvm::raw_ostream &os, StringRef prefix) {
  os << llvm::formatv(R"(
static inline int {0}_tensor_map(void *map, const char *kernel,
                                 const char *arg, int32_t dataType,
                                 int32_t rank, const void *base,
                                 const int64_t *shape, const int64_t *strides,
                                 int64_t elementBits, const int32_t *box,
                                 int32_t interleave, int32_t swizzle,
                                 int32_t l2Promotion, int32_t oobFill,
                                 int32_t uses, TileRtError *error) {{
  int64_t strideBytes[4] = {{0, 0, 0, 0};
  char message[400];
  int code = 0;
  if (strides[rank - 1] != 1) {{
    snprintf(message, sizeof message,
             "the innermost stride is %lld elements; TMA needs 1",
             (long long)strides[rank - 1]);
    code = TILE_RT_LAUNCH_BAD_ARGUMENT;
  } else {{
    for (int32_t d = 0; d + 1 < rank; ++d)
      strideBytes[d] = strides[d] * elementBits / 8;
    if (tileRtMakeTensorMapChecked(map, dataType, rank, base, shape,
                                   strideBytes, box, NULL, interleave, swizzle,
                                   l2Promotion, oobFill, uses, message,
                                   sizeof message))
      code = TILE_RT_LAUNCH_BAD_ARGUMENT;
  }
  if (code && error) {{
    error->code = code;
    snprintf(error->message, sizeof error->message, "kernel %s, %s: %s",
             kernel, arg, message);
  }
  return code;
}
)",
                      prefix);
}

LogicalResult writeGrid(llvm::raw_ostream &os, const HeaderKernel &kernel,
                        ArrayRef<ArgumentCode> args, StringRef prefix,
                        llvm::function_ref<InFlightDiagnostic()> emitError);

LogicalResult writeKernel(llvm::raw_ostream &os, const HeaderKernel &kernel,
                          StringRef prefix,
                          llvm::function_ref<InFlightDiagnostic()> emitError) {
  SmallVector<ArgumentCode> args;
  for (auto [i, type] : llvm::enumerate(kernel.argTypes)) {
    FailureOr<ArgumentCode> code =
        describeArgument(type, i, kernel.isWritten(i), kernel.name, prefix,
                         emitError);
    if (failed(code))
      return failure();
    args.push_back(*code);
  }
  os << llvm::formatv("\n/* @{0}: {1} x {2} x {3} threads, {4} bytes of "
                      "dynamic shared memory.\n",
                      kernel.name, kernel.block[0], kernel.block[1],
                      kernel.block[2], kernel.sharedBytes);
  bool clustered = kernel.cluster[0] * kernel.cluster[1] * kernel.cluster[2] > 1;
  if (clustered)
    os << llvm::formatv(" * Launched in clusters of {0} x {1} x {2} blocks "
                        "(known_cluster_size): the grid must be a multiple "
                        "of it.\n",
                        kernel.cluster[0], kernel.cluster[1],
                        kernel.cluster[2]);
  if (kernel.dependentLaunch)
    os << " * A programmatic dependent launch (tile.dependent_launch): it may "
          "start\n * before the previous kernel in the stream completes, "
          "and waits for it\n * before it touches global memory.\n";
  for (const ArgumentCode &arg : args)
    os << " *   " << arg.doc << "\n";
  os << " * Returns 0, or a TILE_RT_LAUNCH_* code with the message in *error "
        "(may be NULL). */\n";
  os << "static inline int " << prefix << "_" << identifier(kernel.name)
     << "(unsigned gridX, unsigned gridY, unsigned gridZ, void *stream";
  for (const ArgumentCode &arg : args)
    os << ",\n    " << arg.params;
  os << ",\n    TileRtError *error) {\n";
  os << llvm::formatv("  static TileRtKernel kernel = {{{0}_cubin, \"{1}\", "
                      "{{{2}, {3}, {4}}, {5}, NULL, {{{6}, {7}, {8}}, {9}};\n",
                      prefix, kernel.name, kernel.block[0], kernel.block[1],
                      kernel.block[2], kernel.sharedBytes, kernel.cluster[0],
                      kernel.cluster[1], kernel.cluster[2],
                      kernel.dependentLaunch
                          ? "TILE_RT_KERNEL_DEPENDENT_LAUNCH"
                          : "0");
  os << "  int code = tileRtLaunchReady(error);\n  if (code)\n    return "
        "code;\n";
  for (const ArgumentCode &arg : args)
    os << arg.prepare;
  os << "  void *params[] = {";
  os << llvm::join(
      llvm::map_range(args, [](const ArgumentCode &a) { return a.pointer; }),
      ", ");
  if (args.empty())
    os << "NULL";
  os << "};\n  return tileRtLaunchKernel(&kernel, gridX, gridY, gridZ, "
        "stream, params, error);\n}\n";
  if (kernel.grid)
    return writeGrid(os, kernel, args, prefix, emitError);
  return success();
}

/// C (int64_t arithmetic) for an affine expression of the grid's symbols;
/// floordiv, ceildiv and mod round as in MLIR (their divisors are positive
/// constants: the tile dialect's verifier).
std::string gridExpr(AffineExpr expr, StringRef prefix) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return "(int64_t)" + std::to_string(constant.getValue());
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return "s" + std::to_string(symbol.getPosition());
  auto binary = cast<AffineBinaryOpExpr>(expr);
  std::string lhs = gridExpr(binary.getLHS(), prefix);
  std::string rhs = gridExpr(binary.getRHS(), prefix);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return "(" + lhs + " + " + rhs + ")";
  case AffineExprKind::Mul:
    return "(" + lhs + " * " + rhs + ")";
  case AffineExprKind::FloorDiv:
    return (prefix + "_floordiv(" + lhs + ", " + rhs + ")").str();
  case AffineExprKind::CeilDiv:
    return (prefix + "_ceildiv(" + lhs + ", " + rhs + ")").str();
  case AffineExprKind::Mod:
    return (prefix + "_mod(" + lhs + ", " + rhs + ")").str();
  default:
    llvm_unreachable("grid maps have symbols only");
  }
}

/// The value each grid symbol has in the launch function's parameters.
FailureOr<std::string>
gridSymbolValue(const HeaderKernel &kernel, unsigned i, Attribute attr,
                llvm::function_ref<InFlightDiagnostic()> emitError) {
  // The tile dialect's verifier checked the text, the argument and its kind.
  tile::GridSymbol symbol =
      *tile::parseGridSymbol(cast<StringAttr>(attr).getValue());
  std::string arg = "arg" + std::to_string(symbol.arg);
  switch (symbol.kind) {
  case tile::GridSymbol::Kind::MultiprocessorCount:
    return std::string("(int64_t)tileRtMultiprocessorCount()");
  case tile::GridSymbol::Kind::Scalar:
    return "(int64_t)" + arg;
  case tile::GridSymbol::Kind::Shape: {
    auto desc = dyn_cast<tma::DescriptorType>(kernel.argTypes[symbol.arg]);
    if (!desc || symbol.dim >= desc.getRank())
      return emitError() << "tile.grid_symbols entry " << i << " takes "
                         << "dimension " << symbol.dim << " of argument "
                         << symbol.arg << " (" << kernel.argTypes[symbol.arg]
                         << "), whose tensor has "
                         << (desc ? desc.getRank() : 0) << " dimensions";
    return arg + "_shape[" + std::to_string(symbol.dim) + "]";
  }
  }
  llvm_unreachable("covered switch");
}

/// `_grid` (the grid from the kernel's tile.grid) and `_auto` (launch on
/// it) for `kernel`, whose launch function takes `args`.
LogicalResult writeGrid(llvm::raw_ostream &os, const HeaderKernel &kernel,
                        ArrayRef<ArgumentCode> args, StringRef prefix,
                        llvm::function_ref<InFlightDiagnostic()> emitError) {
  std::string name = (prefix + "_" + identifier(kernel.name)).str();
  std::string params, names;
  for (const ArgumentCode &arg : args) {
    params += ",\n    " + arg.params;
    names += ", " + arg.names;
  }
  std::string body;
  llvm::raw_string_ostream b(body);
  bool usesDevice = false;
  for (auto [i, attr] : llvm::enumerate(kernel.gridSymbols)) {
    FailureOr<std::string> value = gridSymbolValue(kernel, i, attr, emitError);
    if (failed(value))
      return failure();
    usesDevice |=
        tile::parseGridSymbol(cast<StringAttr>(attr).getValue())->kind ==
        tile::GridSymbol::Kind::MultiprocessorCount;
    b << "  const int64_t s" << i << " = " << *value << ";\n";
    b << "  (void)s" << i << ";\n";
  }
  b << "  int64_t g[3] = {1, 1, 1};\n";
  for (auto [d, attr] : llvm::enumerate(kernel.grid)) {
    AffineMap map = cast<AffineMapAttr>(attr).getValue();
    for (auto [r, expr] : llvm::enumerate(map.getResults())) {
      std::string value = gridExpr(expr, prefix);
      if (r == 0)
        b << "  g[" << d << "] = " << value << ";\n";
      else
        b << "  if (" << value << " < g[" << d << "])\n    g[" << d
          << "] = " << value << ";\n";
    }
  }
  std::string mapsText;
  llvm::raw_string_ostream m(mapsText);
  m << kernel.grid << " over " << kernel.gridSymbols;
  os << llvm::formatv(R"(
/* @{0}'s grid, from its tile.grid: {1}.
 * Returns 0 with grid[0..2] set, or a TILE_RT_LAUNCH_* code. */
static inline int {2}_grid(unsigned grid[3]{3},
    TileRtError *error) {{
  int code = {4};
  if (code)
    return code;
{5})",
                      kernel.name, mapsText, name, params,
                      usesDevice ? "tileRtLaunchReady(error)" : "0", body);
  for (const ArgumentCode &arg : args)
    for (StringRef n : llvm::split(arg.names, ", "))
      os << "  (void)" << n << ";\n";
  os << llvm::formatv(R"(  for (int d = 0; d < 3; ++d) {{
    if (g[d] < 0 || g[d] > (d == 0 ? 2147483647 : 65535)) {{
      if (error) {{
        error->code = TILE_RT_LAUNCH_BAD_ARGUMENT;
        snprintf(error->message, sizeof error->message,
                 "kernel {0}: its tile.grid gives grid dimension %d = %lld, "
                 "outside [0, %d]",
                 d, (long long)g[d], d == 0 ? 2147483647 : 65535);
      }
      return TILE_RT_LAUNCH_BAD_ARGUMENT;
    }
    grid[d] = (unsigned)g[d];
  }
  return 0;
}

/* @{0} on the grid of {1}_grid; an empty grid (an empty problem) launches
 * nothing and returns 0. */
static inline int {1}_auto(void *stream{2},
    TileRtError *error) {{
  unsigned grid[3];
  int code = {1}_grid(grid{3}, error);
  if (code)
    return code;
  if (!grid[0] || !grid[1] || !grid[2])
    return 0;
  return {1}(grid[0], grid[1], grid[2], stream{3}, error);
}
)",
                      kernel.name, name, params, names);
  return success();
}

/// floordiv, ceildiv and mod as MLIR's affine maps define them (b > 0).
void writeGridHelpers(llvm::raw_ostream &os, StringRef prefix) {
  os << llvm::formatv(R"(
static inline int64_t {0}_floordiv(int64_t a, int64_t b) {{
  return a / b - (a % b != 0 && a < 0);
}
static inline int64_t {0}_ceildiv(int64_t a, int64_t b) {{
  return a / b + (a % b != 0 && a > 0);
}
static inline int64_t {0}_mod(int64_t a, int64_t b) {{
  return a % b < 0 ? a % b + b : a % b;
}
)",
                      prefix);
}

void writeImage(llvm::raw_ostream &os, StringRef prefix, StringRef cubin) {
  os << "\nstatic const unsigned char " << prefix
     << "_cubin[] __attribute__((aligned(16))) = {";
  for (size_t i = 0; i < cubin.size(); ++i) {
    os << (i % 16 == 0 ? "\n  " : " ");
    os << llvm::formatv("{0:x2},", uint8_t(cubin[i]));
  }
  os << "\n};\n";
}

} // namespace

FailureOr<std::string> tilemlir::emitCHeader(StringRef moduleName,
                                             StringRef chip, StringRef source,
                                             ArrayRef<HeaderKernel> kernels,
                                             StringRef cubin) {
  std::string prefix = "tile_" + identifier(moduleName);
  std::string guard = llvm::StringRef(prefix).upper() + "_H";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv(
      R"(/* Generated by tile-translate --emit=c-header from {0}; do not edit.
 *
 * The kernels of gpu.module @{1}, compiled for {2}, with their cubin
 * embedded. Include it in one C or C++ file (everything is static) and link
 * TileMLIR's runtime (CMake: TileMLIR::Runtime; or libTileMLIRRuntime.a
 * -ldl -lm -lpthread). No MLIR is needed; the CUDA driver is loaded at run
 * time. Each launch function takes the grid, a CUstream (NULL: the default
 * stream) and the kernel's arguments, and returns 0 or a TILE_RT_LAUNCH_*
 * code (tile-runtime/Runtime.h) with the message in *error.
 */
#ifndef {3}
#define {3}

#include "tile-runtime/Runtime.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
)",
      source, moduleName, chip, guard);
  writeImage(os, prefix, cubin);
  writeTensorMapHelper(os, prefix);
  if (llvm::any_of(kernels, [](const HeaderKernel &k) { return k.grid; }))
    writeGridHelpers(os, prefix);
  for (const HeaderKernel &kernel : kernels)
    if (failed(writeKernel(os, kernel, prefix,
                           [&] { return mlir::emitError(*kernel.loc); })))
      return failure();
  os << "\n#endif /* " << guard << " */\n";
  return text;
}
