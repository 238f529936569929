//===- LinearLayout.h - Linear layouts over GF(2) ---------------*- C++ -*-===//
//
// A linear layout is a linear map over GF(2) from named input dimensions to
// named output dimensions. Every dimension has a power-of-two size; its
// values are read as bit vectors. Bit `i` of input dimension `in`
// contributes the basis vector `getBases(in)[i]` (one coordinate per output
// dimension, in output-dimension order), and the contributions of all set
// input bits are combined by XOR:
//
//   L(in0 = x0, in1 = x1, ...) = XOR over (d, i) with bit i of x_d set
//                                of getBases(d)[i]
//
// Register tiles use the input dimensions `register`, `lane`, `warp` and
// `block` (in that order) and the output dimensions `dim0` .. `dimN-1` of
// the tensor. Shared-memory buffers map the tensor's `dim0` .. `dimN-1` to
// `offset` (an element offset; see LayoutConversions.h), or back.
//
// The class is a value type and needs no MLIRContext. Operations whose
// preconditions depend on their inputs return FailureOr and, given `why`,
// say what was wrong; nothing here asserts on user input.
//
//===----------------------------------------------------------------------===//

#ifndef TILEMLIR_ANALYSIS_LINEARLAYOUT_H
#define TILEMLIR_ANALYSIS_LINEARLAYOUT_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/LogicalResult.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace mlir::tilemlir {

/// Input dimension names of register (distributed) layouts, minor to major.
inline constexpr llvm::StringLiteral kRegister = "register";
inline constexpr llvm::StringLiteral kLane = "lane";
inline constexpr llvm::StringLiteral kWarp = "warp";
inline constexpr llvm::StringLiteral kBlock = "block";
/// The dimension of shared-memory layouts: an offset in elements.
inline constexpr llvm::StringLiteral kOffset = "offset";

/// "dim<i>": the name of tensor dimension `i` as an output dimension.
std::string getTensorDimName(unsigned i);

class LinearLayout {
public:
  /// One basis vector: a coordinate per output dimension.
  using Basis = SmallVector<int32_t, 4>;

  struct InDim {
    std::string name;
    /// bases[i] is the image of bit i of this dimension.
    SmallVector<Basis> bases;
  };

  struct OutDim {
    std::string name;
    /// A power of two.
    int32_t size;
  };

  /// The layout with no dimensions (maps the single empty input to the
  /// single empty output); the neutral element of `operator*`.
  LinearLayout() = default;
  static LinearLayout empty() { return LinearLayout(); }

  /// `in` -> `out`, x -> x. `size` must be a power of two.
  static LinearLayout identity1D(int32_t size, StringRef in, StringRef out);
  /// `in` -> `out`, x -> 0 (every input bit broadcasts). `size` and
  /// `outSize` must be powers of two.
  static LinearLayout zeros1D(int32_t size, StringRef in, StringRef out,
                              int32_t outSize = 1);

  /// A validated layout: names unique, every basis has one coordinate per
  /// output dimension and each coordinate lies in [0, size), sizes are
  /// powers of two, and at most 63 bits in and out in total.
  static FailureOr<LinearLayout> get(ArrayRef<InDim> ins, ArrayRef<OutDim> outs,
                                     std::string *why = nullptr);
  /// Same, with each output size the smallest power of two that holds every
  /// coordinate of the bases.
  static FailureOr<LinearLayout>
  getWithInferredOutSizes(ArrayRef<InDim> ins, ArrayRef<std::string> outNames,
                          std::string *why = nullptr);

  //===--------------------------------------------------------------------===//
  // Dimensions
  //===--------------------------------------------------------------------===//

  ArrayRef<InDim> getInDims() const { return ins; }
  ArrayRef<OutDim> getOutDims() const { return outs; }
  SmallVector<std::string> getInDimNames() const;
  SmallVector<std::string> getOutDimNames() const;
  bool hasInDim(StringRef name) const { return findIn(name) >= 0; }
  bool hasOutDim(StringRef name) const { return findOut(name) >= 0; }

  /// log2 of the size; 0 (size 1) for a dimension the layout does not have.
  int32_t getInDimSizeLog2(StringRef name) const;
  int32_t getOutDimSizeLog2(StringRef name) const;
  int64_t getInDimSize(StringRef name) const {
    return int64_t(1) << getInDimSizeLog2(name);
  }
  int64_t getOutDimSize(StringRef name) const {
    return int64_t(1) << getOutDimSizeLog2(name);
  }
  int32_t getTotalInDimSizeLog2() const;
  int32_t getTotalOutDimSizeLog2() const;

  /// The bases of an input dimension (empty for an absent one).
  ArrayRef<Basis> getBases(StringRef inDim) const;
  /// Coordinate `outDim` of the image of bit `bit` of `inDim` (0 when any
  /// of them is absent).
  int32_t getBasis(StringRef inDim, int32_t bit, StringRef outDim) const;

  /// Size of the `register` dimension: registers per thread.
  int64_t getNumRegisters() const { return getInDimSize(kRegister); }

  //===--------------------------------------------------------------------===//
  // Evaluation
  //===--------------------------------------------------------------------===//

  /// Output coordinates (in output-dimension order) of the input given by
  /// name; absent input dimensions are 0. Fails on an unknown name or a
  /// value outside [0, size).
  FailureOr<SmallVector<int32_t>>
  apply(ArrayRef<std::pair<StringRef, int32_t>> in,
        std::string *why = nullptr) const;
  /// Same, with one value per input dimension in input-dimension order.
  FailureOr<SmallVector<int32_t>>
  applyInOrder(ArrayRef<int32_t> in, std::string *why = nullptr) const;

  //===--------------------------------------------------------------------===//
  // Algebra
  //===--------------------------------------------------------------------===//

  /// The product: input dimensions present in both get this layout's bits
  /// as their low bits and `other`'s above them; output dimensions present
  /// in both get this layout's coordinates as low bits and `other`'s scaled
  /// above them. Dimensions only in `other` are appended. Fails when the
  /// result would exceed 63 bits.
  FailureOr<LinearLayout> product(const LinearLayout &other,
                                  std::string *why = nullptr) const;

  /// `outer` after this layout: x -> outer(this(x)). Every output dimension
  /// of this layout must be an input dimension of `outer` at least as large.
  FailureOr<LinearLayout> compose(const LinearLayout &outer,
                                  std::string *why = nullptr) const;

  /// The inverse of a bijective layout (input and output dimensions swap).
  FailureOr<LinearLayout> invert(std::string *why = nullptr) const;

  /// A right inverse of a surjective layout: P with this(P(y)) = y for all
  /// y, choosing the free variables of this layout as zero.
  FailureOr<LinearLayout> pseudoinvert(std::string *why = nullptr) const;

  /// The map C from this layout's inputs to `outer`'s inputs with
  /// outer(C(x)) = this(x) for every x: "where does `outer` keep what this
  /// layout puts at x". Output dimensions are matched by name; `outer` must
  /// reach every value this layout produces. When `outer` is not injective
  /// several C exist; C keeps each input bit on the bit of the same name and
  /// index of `outer` wherever possible, giving priority to the last input
  /// dimensions of `outer` (block, then warp, then lane, then register), so
  /// data moves across as few hardware levels as possible.
  FailureOr<LinearLayout> invertAndCompose(const LinearLayout &outer,
                                           std::string *why = nullptr) const;

  /// The same map with output (input) dimensions listed in `order`, which
  /// must be a permutation of the current names.
  FailureOr<LinearLayout> transposeOuts(ArrayRef<std::string> order,
                                        std::string *why = nullptr) const;
  FailureOr<LinearLayout> transposeIns(ArrayRef<std::string> order,
                                       std::string *why = nullptr) const;

  /// Reinterprets the outputs with a new shape of the same total size. Both
  /// shapes are flattened row-major: the last output dimension varies
  /// fastest (as in a tensor reshape).
  FailureOr<LinearLayout> reshapeOuts(ArrayRef<OutDim> newOuts,
                                      std::string *why = nullptr) const;

  /// Restriction to the given input dimensions (other inputs fixed to 0)
  /// projected onto the given output dimensions. Unknown names fail.
  FailureOr<LinearLayout> sublayout(ArrayRef<std::string> inNames,
                                    ArrayRef<std::string> outNames,
                                    std::string *why = nullptr) const;

  /// The layout without the zero bases of `inDim` (duplicates dropped from
  /// that dimension, e.g. registers that repeat an element).
  LinearLayout removeZeroBases(StringRef inDim) const;

  /// The layout without output dimension `outDim`: its coordinates are
  /// dropped from every basis.
  LinearLayout dropOutDim(StringRef outDim) const;

  /// Renames an output dimension (no-op when absent).
  LinearLayout renameOutDim(StringRef from, StringRef to) const;

  //===--------------------------------------------------------------------===//
  // Properties
  //===--------------------------------------------------------------------===//

  /// Rank of the map as a matrix over GF(2).
  int32_t getRank() const;
  /// Every output value is reached.
  bool isSurjective() const;
  /// No two inputs give the same output.
  bool isInjective() const;
  bool isInvertible() const { return isSurjective() && isInjective(); }

  /// Bit i is set when bit i of `inDim` has a zero basis: that input bit
  /// broadcasts (threads or registers that differ in it hold the same
  /// element).
  uint64_t getZeroBasesMask(StringRef inDim) const;
  /// Bit i is set when bit i of `inDim` is a free variable: its basis is a
  /// combination of the bases before it (earlier bits of the same
  /// dimension and all bits of earlier dimensions). Zero bases are free.
  /// One mask per input dimension, in input order.
  SmallVector<std::pair<std::string, uint64_t>> getFreeVariableMasks() const;

  /// How many consecutive registers hold consecutive elements: the largest
  /// 2^k such that register bit i maps to 2^i (i < k) in the row-major
  /// flattening of the outputs (last output dimension fastest), and every
  /// other basis is a multiple of 2^k there, so each run of 2^k registers
  /// is an aligned, contiguous, in-order vector.
  int32_t getNumConsecutiveInOut() const;
  /// The same along one output dimension: register bit i maps to 2^i along
  /// `outDim` and 0 along the others, and every other basis is a multiple of
  /// 2^k along `outDim`.
  int32_t getNumConsecutiveInOut(StringRef outDim) const;

  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// `in0 = [[a, b], ...], in1 = [...] -> (out0: n, out1: m)`.
  std::string toString() const;
  /// Only the bases: `in0 = [[a, b], ...], in1 = [...]`.
  std::string basesToString() const;
  void print(llvm::raw_ostream &os) const { os << toString(); }

  //===--------------------------------------------------------------------===//
  // Flat bit-vector view (row-major outputs; inputs in order, low bits
  // first), for code that does its own linear algebra.
  //===--------------------------------------------------------------------===//

  /// Images of all input bits, in input order, as flat output words.
  SmallVector<uint64_t> getFlatColumns() const;
  /// Flat output word of per-dimension coordinates (in output order).
  uint64_t flattenOut(ArrayRef<int32_t> coords) const;
  /// Per-dimension coordinates of a flat output word.
  SmallVector<int32_t> unflattenOut(uint64_t flat) const;
  /// Bit position of bit 0 of output dimension `i` in the flat word.
  int32_t getOutBitOffset(unsigned i) const;
  /// Bit position of bit 0 of input dimension `i` among all input bits.
  int32_t getInBitOffset(unsigned i) const;

private:
  int findIn(StringRef name) const;
  int findOut(StringRef name) const;
  Basis applyFlatIn(uint64_t inBits) const;

  SmallVector<InDim> ins;
  SmallVector<OutDim> outs;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os,
                                     const LinearLayout &layout) {
  layout.print(os);
  return os;
}

} // namespace mlir::tilemlir

#endif // TILEMLIR_ANALYSIS_LINEARLAYOUT_H
