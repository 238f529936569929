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

/// One argument's parameters, preparation and cuLaunchKernel pointer.
struct ArgumentCode {
  std::string params, prepare, pointer, doc;
};

ArgumentCode describeDescriptor(tma::DescriptorType desc, unsigned i,
                                StringRef kernel, StringRef prefix) {
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
      "{0}_shape, {0}_strides, {6}, {0}_box, {7}, {8}, {9}, {10}, error)))\n"
      "    return code;\n",
      arg, rank, box, prefix, kernel, desc.getCUDADataType(),
      desc.getElementBits(), desc.getCUDAInterleave(), desc.getCUDASwizzle(),
      desc.getCUDAL2Promotion(), desc.getCUDAOOBFill());
  code.pointer = arg + "_map";
  code.doc = llvm::formatv("{0}: {1}: base, shape and strides (elements, "
                           "outermost first; the innermost stride is 1)",
                           arg, typeText(desc));
  return code;
}

FailureOr<ArgumentCode>
describeArgument(Type type, unsigned i, StringRef kernel, StringRef prefix,
                 llvm::function_ref<InFlightDiagnostic()> emitError) {
  if (auto desc = dyn_cast<tma::DescriptorType>(type))
    return describeDescriptor(desc, i, kernel, prefix);
  std::string arg = "arg" + std::to_string(i);
  ArgumentCode code;
  code.pointer = "&" + arg;
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
                                 TileRtError *error) {{
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
                                   l2Promotion, oobFill, message,
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

LogicalResult writeKernel(llvm::raw_ostream &os, const HeaderKernel &kernel,
                          StringRef prefix,
                          llvm::function_ref<InFlightDiagnostic()> emitError) {
  SmallVector<ArgumentCode> args;
  for (auto [i, type] : llvm::enumerate(kernel.argTypes)) {
    FailureOr<ArgumentCode> code =
        describeArgument(type, i, kernel.name, prefix, emitError);
    if (failed(code))
      return failure();
    args.push_back(*code);
  }
  os << llvm::formatv("\n/* @{0}: {1} x {2} x {3} threads, {4} bytes of "
                      "dynamic shared memory.\n",
                      kernel.name, kernel.block[0], kernel.block[1],
                      kernel.block[2], kernel.sharedBytes);
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
                      "{{{2}, {3}, {4}}, {5}, NULL};\n",
                      prefix, kernel.name, kernel.block[0], kernel.block[1],
                      kernel.block[2], kernel.sharedBytes);
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
  return success();
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
  for (const HeaderKernel &kernel : kernels)
    if (failed(writeKernel(os, kernel, prefix,
                           [&] { return mlir::emitError(*kernel.loc); })))
      return failure();
  os << "\n#endif /* " << guard << " */\n";
  return text;
}
