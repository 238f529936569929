//===- LinearLayout.cpp - Linear layouts over GF(2) -----------------------===//
//
// Internally a layout is a matrix over GF(2): one column per input bit (in
// input-dimension order, low bits first), each column a 64-bit word holding
// the flattened output. Outputs flatten row-major, the last output
// dimension in the lowest bits, so that `reshapeOuts` and the contiguity
// queries read memory order directly. Both sides are limited to 63 bits,
// far more than a CTA's registers x lanes x warps or a shared buffer needs.
//
//===----------------------------------------------------------------------===//

#include "TileMLIR/Analysis/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"

#include <array>
#include <optional>

using namespace mlir;
using namespace mlir::tilemlir;

std::string tilemlir::getTensorDimName(unsigned i) {
  return "dim" + std::to_string(i);
}

namespace {

constexpr int kMaxBits = 63;

LogicalResult fail(std::string *why, const llvm::Twine &msg) {
  if (why)
    *why = msg.str();
  return failure();
}

int32_t log2Floor(int64_t v) { return v <= 1 ? 0 : llvm::Log2_64(v); }

/// Gaussian elimination over GF(2) that remembers, for each reduced vector,
/// which input columns it combines.
class Echelon {
public:
  /// Adds column `v` known as combination `combo`. Returns the combination
  /// that reduces to zero when `v` depends on earlier columns (a kernel
  /// vector), std::nullopt when it is independent.
  std::optional<uint64_t> insert(uint64_t v, uint64_t combo) {
    reduce(v, combo);
    if (v == 0)
      return combo;
    int pivot = llvm::Log2_64(v);
    vec[pivot] = v;
    comb[pivot] = combo;
    present |= uint64_t(1) << pivot;
    ++rank;
    return std::nullopt;
  }

  /// A combination of the inserted columns equal to `target`, if any.
  std::optional<uint64_t> solve(uint64_t target) const {
    uint64_t combo = 0;
    reduce(target, combo);
    if (target != 0)
      return std::nullopt;
    return combo;
  }

  int getRank() const { return rank; }

private:
  // Each stored vector's top bit is its pivot, so XOR-ing with the vector
  // of v's highest pivot bit clears that bit and changes only lower ones.
  void reduce(uint64_t &v, uint64_t &combo) const {
    while (v & present) {
      int bit = llvm::Log2_64(v & present);
      v ^= vec[bit];
      combo ^= comb[bit];
    }
  }

  std::array<uint64_t, 64> vec{};
  std::array<uint64_t, 64> comb{};
  uint64_t present = 0;
  int rank = 0;
};

int32_t rankOf(ArrayRef<uint64_t> columns) {
  Echelon e;
  for (uint64_t c : columns)
    e.insert(c, 0);
  return e.getRank();
}

} // namespace

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

LinearLayout LinearLayout::identity1D(int32_t size, StringRef in,
                                      StringRef out) {
  LinearLayout result;
  int32_t bits = log2Floor(size);
  InDim dim{in.str(), {}};
  for (int32_t i = 0; i < bits; ++i)
    dim.bases.push_back(Basis{int32_t(1) << i});
  result.ins.push_back(std::move(dim));
  result.outs.push_back(OutDim{out.str(), int32_t(1) << bits});
  return result;
}

LinearLayout LinearLayout::zeros1D(int32_t size, StringRef in, StringRef out,
                                   int32_t outSize) {
  LinearLayout result;
  InDim dim{in.str(), {}};
  for (int32_t i = 0, e = log2Floor(size); i < e; ++i)
    dim.bases.push_back(Basis{0});
  result.ins.push_back(std::move(dim));
  result.outs.push_back(OutDim{out.str(), int32_t(1) << log2Floor(outSize)});
  return result;
}

FailureOr<LinearLayout> LinearLayout::get(ArrayRef<InDim> ins,
                                          ArrayRef<OutDim> outs,
                                          std::string *why) {
  llvm::StringSet<> names;
  int64_t outBits = 0, inBits = 0;
  for (const OutDim &o : outs) {
    if (!names.insert(o.name).second)
      return fail(why, "output dimension '" + o.name + "' appears twice");
    if (o.size <= 0 || !llvm::isPowerOf2_64(o.size))
      return fail(why, "output dimension '" + o.name + "' has size " +
                           llvm::Twine(o.size) + ", not a power of two");
    outBits += llvm::Log2_64(o.size);
  }
  if (outBits > kMaxBits)
    return fail(why, "outputs need " + llvm::Twine(outBits) +
                         " bits, more than the supported " +
                         llvm::Twine(kMaxBits));
  names.clear();
  for (const InDim &in : ins) {
    if (!names.insert(in.name).second)
      return fail(why, "input dimension '" + in.name + "' appears twice");
    inBits += in.bases.size();
    for (auto [i, basis] : llvm::enumerate(in.bases)) {
      if (basis.size() != outs.size())
        return fail(why, "basis " + llvm::Twine(i) + " of '" + in.name +
                             "' has " + llvm::Twine(basis.size()) +
                             " coordinates but there are " +
                             llvm::Twine(outs.size()) + " output dimensions");
      for (auto [c, o] : llvm::zip_equal(basis, outs))
        if (c < 0 || c >= o.size)
          return fail(why, "basis " + llvm::Twine(i) + " of '" + in.name +
                               "' has coordinate " + llvm::Twine(c) +
                               " outside [0, " + llvm::Twine(o.size) +
                               ") of '" + o.name + "'");
    }
  }
  if (inBits > kMaxBits)
    return fail(why, "inputs need " + llvm::Twine(inBits) +
                         " bits, more than the supported " +
                         llvm::Twine(kMaxBits));
  LinearLayout result;
  result.ins.assign(ins.begin(), ins.end());
  result.outs.assign(outs.begin(), outs.end());
  return result;
}

FailureOr<LinearLayout> LinearLayout::getWithInferredOutSizes(
    ArrayRef<InDim> ins, ArrayRef<std::string> outNames, std::string *why) {
  SmallVector<OutDim> outs;
  for (const std::string &name : outNames)
    outs.push_back(OutDim{name, 1});
  for (const InDim &in : ins)
    for (const Basis &basis : in.bases) {
      if (basis.size() != outs.size())
        return fail(why, "a basis of '" + in.name + "' has " +
                             llvm::Twine(basis.size()) +
                             " coordinates but there are " +
                             llvm::Twine(outs.size()) + " output dimensions");
      for (auto [c, o] : llvm::zip_equal(basis, outs)) {
        if (c < 0)
          return fail(why, "basis coordinates must be non-negative");
        while (o.size <= c && o.size < (int32_t(1) << 30))
          o.size *= 2;
      }
    }
  return get(ins, outs, why);
}

//===----------------------------------------------------------------------===//
// Dimensions
//===----------------------------------------------------------------------===//

int LinearLayout::findIn(StringRef name) const {
  for (auto [i, d] : llvm::enumerate(ins))
    if (d.name == name)
      return i;
  return -1;
}

int LinearLayout::findOut(StringRef name) const {
  for (auto [i, d] : llvm::enumerate(outs))
    if (d.name == name)
      return i;
  return -1;
}

SmallVector<std::string> LinearLayout::getInDimNames() const {
  return llvm::map_to_vector(ins, [](const InDim &d) { return d.name; });
}

SmallVector<std::string> LinearLayout::getOutDimNames() const {
  return llvm::map_to_vector(outs, [](const OutDim &d) { return d.name; });
}

int32_t LinearLayout::getInDimSizeLog2(StringRef name) const {
  int i = findIn(name);
  return i < 0 ? 0 : ins[i].bases.size();
}

int32_t LinearLayout::getOutDimSizeLog2(StringRef name) const {
  int i = findOut(name);
  return i < 0 ? 0 : llvm::Log2_64(outs[i].size);
}

int32_t LinearLayout::getTotalInDimSizeLog2() const {
  int32_t n = 0;
  for (const InDim &d : ins)
    n += d.bases.size();
  return n;
}

int32_t LinearLayout::getTotalOutDimSizeLog2() const {
  int32_t n = 0;
  for (const OutDim &d : outs)
    n += llvm::Log2_64(d.size);
  return n;
}

ArrayRef<LinearLayout::Basis> LinearLayout::getBases(StringRef inDim) const {
  int i = findIn(inDim);
  if (i < 0)
    return {};
  return ins[i].bases;
}

int32_t LinearLayout::getBasis(StringRef inDim, int32_t bit,
                               StringRef outDim) const {
  int i = findIn(inDim), o = findOut(outDim);
  if (i < 0 || o < 0 || bit < 0 || bit >= int32_t(ins[i].bases.size()))
    return 0;
  return ins[i].bases[bit][o];
}

//===----------------------------------------------------------------------===//
// Flat view
//===----------------------------------------------------------------------===//

int32_t LinearLayout::getOutBitOffset(unsigned i) const {
  // Row-major: the last output dimension sits in the lowest bits.
  int32_t offset = 0;
  for (unsigned j = i + 1; j < outs.size(); ++j)
    offset += llvm::Log2_64(outs[j].size);
  return offset;
}

int32_t LinearLayout::getInBitOffset(unsigned i) const {
  int32_t offset = 0;
  for (unsigned j = 0; j < i && j < ins.size(); ++j)
    offset += ins[j].bases.size();
  return offset;
}

uint64_t LinearLayout::flattenOut(ArrayRef<int32_t> coords) const {
  uint64_t flat = 0;
  for (unsigned i = 0; i < outs.size() && i < coords.size(); ++i)
    flat |= uint64_t(uint32_t(coords[i])) << getOutBitOffset(i);
  return flat;
}

SmallVector<int32_t> LinearLayout::unflattenOut(uint64_t flat) const {
  SmallVector<int32_t> coords;
  for (unsigned i = 0; i < outs.size(); ++i)
    coords.push_back(
        int32_t((flat >> getOutBitOffset(i)) & uint64_t(outs[i].size - 1)));
  return coords;
}

SmallVector<uint64_t> LinearLayout::getFlatColumns() const {
  SmallVector<uint64_t> columns;
  for (const InDim &in : ins)
    for (const Basis &b : in.bases)
      columns.push_back(flattenOut(b));
  return columns;
}

LinearLayout::Basis LinearLayout::applyFlatIn(uint64_t inBits) const {
  uint64_t out = 0;
  for (auto [i, column] : llvm::enumerate(getFlatColumns()))
    if (inBits >> i & 1)
      out ^= column;
  Basis result;
  for (int32_t c : unflattenOut(out))
    result.push_back(c);
  return result;
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int32_t>>
LinearLayout::apply(ArrayRef<std::pair<StringRef, int32_t>> in,
                    std::string *why) const {
  uint64_t inBits = 0;
  for (auto [name, value] : in) {
    int i = findIn(name);
    if (i < 0) {
      if (value == 0)
        continue;
      return fail(why, "no input dimension '" + name + "'");
    }
    int64_t size = int64_t(1) << ins[i].bases.size();
    if (value < 0 || value >= size)
      return fail(why, "value " + llvm::Twine(value) + " of '" + name +
                           "' is outside [0, " + llvm::Twine(size) + ")");
    inBits |= uint64_t(value) << getInBitOffset(i);
  }
  Basis out = applyFlatIn(inBits);
  return SmallVector<int32_t>(out.begin(), out.end());
}

FailureOr<SmallVector<int32_t>>
LinearLayout::applyInOrder(ArrayRef<int32_t> in, std::string *why) const {
  if (in.size() != ins.size())
    return fail(why, "expected " + llvm::Twine(ins.size()) +
                         " input values, got " + llvm::Twine(in.size()));
  SmallVector<std::pair<StringRef, int32_t>> named;
  for (auto [d, v] : llvm::zip_equal(ins, in))
    named.push_back({d.name, v});
  return apply(named, why);
}

//===----------------------------------------------------------------------===//
// Algebra
//===----------------------------------------------------------------------===//

FailureOr<LinearLayout> LinearLayout::product(const LinearLayout &other,
                                              std::string *why) const {
  // Output dimensions: ours, then new ones of `other`; shared ones multiply.
  SmallVector<OutDim> newOuts(outs.begin(), outs.end());
  for (const OutDim &o : other.outs) {
    int i = findOut(o.name);
    if (i < 0) {
      newOuts.push_back(o);
      continue;
    }
    int64_t size = int64_t(newOuts[i].size) * o.size;
    if (size > (int64_t(1) << 30))
      return fail(why, "output dimension '" + o.name + "' grows past 2^30");
    newOuts[i].size = size;
  }
  auto lift = [&](const LinearLayout &src, const Basis &b,
                  bool isOther) -> Basis {
    Basis result(newOuts.size(), 0);
    for (auto [j, o] : llvm::enumerate(src.outs)) {
      int k = -1;
      for (auto [idx, n] : llvm::enumerate(newOuts))
        if (n.name == o.name)
          k = idx;
      int32_t scale = 1;
      if (isOther) {
        int mine = findOut(o.name);
        if (mine >= 0)
          scale = outs[mine].size;
      }
      result[k] = b[j] * scale;
    }
    return result;
  };
  SmallVector<InDim> newIns;
  for (const InDim &in : ins) {
    InDim d{in.name, {}};
    for (const Basis &b : in.bases)
      d.bases.push_back(lift(*this, b, false));
    newIns.push_back(std::move(d));
  }
  for (const InDim &in : other.ins) {
    int i = -1;
    for (auto [idx, d] : llvm::enumerate(newIns))
      if (d.name == in.name)
        i = idx;
    if (i < 0) {
      newIns.push_back(InDim{in.name, {}});
      i = newIns.size() - 1;
    }
    for (const Basis &b : in.bases)
      newIns[i].bases.push_back(lift(other, b, true));
  }
  return get(newIns, newOuts, why);
}

FailureOr<LinearLayout> LinearLayout::compose(const LinearLayout &outer,
                                              std::string *why) const {
  for (const OutDim &o : outs) {
    int i = outer.findIn(o.name);
    if (i < 0) {
      if (o.size == 1)
        continue;
      return fail(why, "cannot compose: the outer layout has no input '" +
                           o.name + "'");
    }
    if (outer.getInDimSize(o.name) < o.size)
      return fail(why, "cannot compose: '" + o.name + "' has size " +
                           llvm::Twine(o.size) +
                           " but the outer layout "
                           "accepts only " +
                           llvm::Twine(outer.getInDimSize(o.name)));
  }
  SmallVector<InDim> newIns;
  for (const InDim &in : ins) {
    InDim d{in.name, {}};
    for (const Basis &b : in.bases) {
      SmallVector<std::pair<StringRef, int32_t>> named;
      for (auto [o, c] : llvm::zip_equal(outs, b))
        if (outer.hasInDim(o.name))
          named.push_back({o.name, c});
      FailureOr<SmallVector<int32_t>> image = outer.apply(named, why);
      if (failed(image))
        return failure();
      d.bases.push_back(Basis(image->begin(), image->end()));
    }
    newIns.push_back(std::move(d));
  }
  return get(newIns, outer.outs, why);
}

FailureOr<LinearLayout> LinearLayout::invert(std::string *why) const {
  if (getTotalInDimSizeLog2() != getTotalOutDimSizeLog2() || !isInjective())
    return fail(why, "the layout is not invertible (" +
                         llvm::Twine(getTotalInDimSizeLog2()) +
                         " input bits, " +
                         llvm::Twine(getTotalOutDimSizeLog2()) +
                         " output bits, rank " + llvm::Twine(getRank()) + ")");
  return pseudoinvert(why);
}

FailureOr<LinearLayout> LinearLayout::pseudoinvert(std::string *why) const {
  if (!isSurjective())
    return fail(why, "the layout is not surjective (rank " +
                         llvm::Twine(getRank()) + " < " +
                         llvm::Twine(getTotalOutDimSizeLog2()) +
                         " output bits), so it has no right inverse");
  // Columns are inserted in order, so a solution combines only pivot
  // columns: free variables stay zero.
  Echelon e;
  SmallVector<uint64_t> columns = getFlatColumns();
  for (auto [i, c] : llvm::enumerate(columns))
    e.insert(c, uint64_t(1) << i);
  // New inputs: our outputs; new outputs: our inputs.
  SmallVector<InDim> newIns;
  for (auto [oi, o] : llvm::enumerate(outs)) {
    InDim d{o.name, {}};
    for (int32_t bit = 0, n = llvm::Log2_64(o.size); bit < n; ++bit) {
      uint64_t target = uint64_t(1) << (getOutBitOffset(oi) + bit);
      std::optional<uint64_t> combo = e.solve(target);
      if (!combo)
        return fail(why, "internal error: surjective layout without a "
                         "preimage");
      Basis b;
      for (auto [ii, in] : llvm::enumerate(ins)) {
        int32_t off = getInBitOffset(ii);
        uint64_t mask = (uint64_t(1) << in.bases.size()) - 1;
        b.push_back(int32_t((*combo >> off) & mask));
      }
      d.bases.push_back(std::move(b));
    }
    newIns.push_back(std::move(d));
  }
  SmallVector<OutDim> newOuts;
  for (const InDim &in : ins)
    newOuts.push_back(OutDim{in.name, int32_t(1) << in.bases.size()});
  return get(newIns, newOuts, why);
}

FailureOr<LinearLayout>
LinearLayout::invertAndCompose(const LinearLayout &outer,
                               std::string *why) const {
  // Express our outputs in outer's flat output space.
  for (const OutDim &o : outs) {
    if (o.size == 1)
      continue;
    if (!outer.hasOutDim(o.name))
      return fail(why, "the other layout has no output '" + o.name + "'");
    if (outer.getOutDimSize(o.name) < o.size)
      return fail(why, "output '" + o.name + "' has size " +
                           llvm::Twine(o.size) + " here but " +
                           llvm::Twine(outer.getOutDimSize(o.name)) +
                           " in the other layout");
  }
  auto toOuterFlat = [&](const Basis &b) {
    SmallVector<int32_t> coords(outer.outs.size(), 0);
    for (auto [o, c] : llvm::zip_equal(outs, b)) {
      int k = outer.findOut(o.name);
      if (k >= 0)
        coords[k] = c;
    }
    return outer.flattenOut(coords);
  };

  Echelon e;
  SmallVector<uint64_t> kernel;
  for (auto [i, c] : llvm::enumerate(outer.getFlatColumns()))
    if (std::optional<uint64_t> k = e.insert(c, uint64_t(1) << i))
      kernel.push_back(*k);

  // Input bits of `outer` grouped by dimension, in priority order: the
  // last dimension first.
  SmallVector<uint64_t> levelMasks;
  for (int i = outer.ins.size() - 1; i >= 0; --i) {
    uint64_t mask = ((uint64_t(1) << outer.ins[i].bases.size()) - 1)
                    << outer.getInBitOffset(i);
    levelMasks.push_back(mask);
  }

  SmallVector<InDim> newIns;
  for (const InDim &in : ins) {
    InDim d{in.name, {}};
    int outerDim = outer.findIn(in.name);
    for (auto [bit, b] : llvm::enumerate(in.bases)) {
      std::optional<uint64_t> x0 = e.solve(toOuterFlat(b));
      if (!x0) {
        std::string coords;
        llvm::raw_string_ostream os(coords);
        os << "(";
        llvm::interleaveComma(b, os);
        os << ")";
        return fail(why, "the other layout never holds element " + coords +
                             " (reached from bit " + llvm::Twine(bit) +
                             " of '" + in.name + "')");
      }
      // The preferred image: the same bit of the same-named dimension.
      uint64_t want = 0;
      if (outerDim >= 0 && bit < outer.ins[outerDim].bases.size())
        want = uint64_t(1) << (outer.getInBitOffset(outerDim) + bit);
      // Adjust x0 by kernel vectors so it agrees with `want` on as many
      // levels as possible, most important first.
      uint64_t x = *x0, fixed = 0;
      for (uint64_t level : levelMasks) {
        uint64_t constraint = fixed | level;
        Echelon ke;
        for (auto [ki, k] : llvm::enumerate(kernel))
          ke.insert(k & constraint, uint64_t(1) << ki);
        std::optional<uint64_t> c = ke.solve((*x0 ^ want) & constraint);
        if (!c)
          continue;
        fixed = constraint;
        x = *x0;
        for (auto [ki, k] : llvm::enumerate(kernel))
          if (*c >> ki & 1)
            x ^= k;
      }
      Basis image;
      for (auto [oi, oin] : llvm::enumerate(outer.ins)) {
        int32_t off = outer.getInBitOffset(oi);
        uint64_t mask = (uint64_t(1) << oin.bases.size()) - 1;
        image.push_back(int32_t((x >> off) & mask));
      }
      d.bases.push_back(std::move(image));
    }
    newIns.push_back(std::move(d));
  }
  SmallVector<OutDim> newOuts;
  for (const InDim &oin : outer.ins)
    newOuts.push_back(OutDim{oin.name, int32_t(1) << oin.bases.size()});
  return get(newIns, newOuts, why);
}

FailureOr<LinearLayout> LinearLayout::transposeOuts(ArrayRef<std::string> order,
                                                    std::string *why) const {
  if (order.size() != outs.size())
    return fail(why, "transposeOuts needs " + llvm::Twine(outs.size()) +
                         " names, got " + llvm::Twine(order.size()));
  SmallVector<int> perm;
  for (const std::string &name : order) {
    int i = findOut(name);
    if (i < 0 || llvm::is_contained(perm, i))
      return fail(why, "transposeOuts: '" + name +
                           "' is not a remaining output dimension");
    perm.push_back(i);
  }
  LinearLayout result;
  for (int i : perm)
    result.outs.push_back(outs[i]);
  for (const InDim &in : ins) {
    InDim d{in.name, {}};
    for (const Basis &b : in.bases) {
      Basis nb;
      for (int i : perm)
        nb.push_back(b[i]);
      d.bases.push_back(std::move(nb));
    }
    result.ins.push_back(std::move(d));
  }
  return result;
}

FailureOr<LinearLayout> LinearLayout::transposeIns(ArrayRef<std::string> order,
                                                   std::string *why) const {
  if (order.size() != ins.size())
    return fail(why, "transposeIns needs " + llvm::Twine(ins.size()) +
                         " names, got " + llvm::Twine(order.size()));
  LinearLayout result;
  result.outs = outs;
  for (const std::string &name : order) {
    int i = findIn(name);
    if (i < 0 || result.hasInDim(name))
      return fail(why, "transposeIns: '" + name +
                           "' is not a remaining input dimension");
    result.ins.push_back(ins[i]);
  }
  return result;
}

FailureOr<LinearLayout> LinearLayout::reshapeOuts(ArrayRef<OutDim> newOuts,
                                                  std::string *why) const {
  int64_t bits = 0;
  for (const OutDim &o : newOuts) {
    if (o.size <= 0 || !llvm::isPowerOf2_64(o.size))
      return fail(why, "reshape: size " + llvm::Twine(o.size) + " of '" +
                           o.name + "' is not a power of two");
    bits += llvm::Log2_64(o.size);
  }
  if (bits != getTotalOutDimSizeLog2())
    return fail(why, "reshape: the new shape has 2^" + llvm::Twine(bits) +
                         " elements, the layout 2^" +
                         llvm::Twine(getTotalOutDimSizeLog2()));
  // Same flat words, split with the new sizes.
  LinearLayout shape;
  shape.outs.assign(newOuts.begin(), newOuts.end());
  SmallVector<InDim> newIns;
  for (const InDim &in : ins) {
    InDim d{in.name, {}};
    for (const Basis &b : in.bases) {
      SmallVector<int32_t> c = shape.unflattenOut(flattenOut(b));
      d.bases.push_back(Basis(c.begin(), c.end()));
    }
    newIns.push_back(std::move(d));
  }
  return get(newIns, newOuts, why);
}

FailureOr<LinearLayout> LinearLayout::sublayout(ArrayRef<std::string> inNames,
                                                ArrayRef<std::string> outNames,
                                                std::string *why) const {
  SmallVector<int> outIdx;
  for (const std::string &name : outNames) {
    int i = findOut(name);
    if (i < 0)
      return fail(why, "sublayout: no output dimension '" + name + "'");
    outIdx.push_back(i);
  }
  LinearLayout result;
  for (int i : outIdx)
    result.outs.push_back(outs[i]);
  for (const std::string &name : inNames) {
    int i = findIn(name);
    if (i < 0)
      return fail(why, "sublayout: no input dimension '" + name + "'");
    InDim d{name, {}};
    for (const Basis &b : ins[i].bases) {
      Basis nb;
      for (int o : outIdx)
        nb.push_back(b[o]);
      d.bases.push_back(std::move(nb));
    }
    result.ins.push_back(std::move(d));
  }
  return result;
}

LinearLayout LinearLayout::removeZeroBases(StringRef inDim) const {
  LinearLayout result = *this;
  int i = findIn(inDim);
  if (i < 0)
    return result;
  llvm::erase_if(result.ins[i].bases, [](const Basis &b) {
    return llvm::all_of(b, [](int32_t c) { return c == 0; });
  });
  return result;
}

LinearLayout LinearLayout::dropOutDim(StringRef outDim) const {
  int o = findOut(outDim);
  if (o < 0)
    return *this;
  LinearLayout result = *this;
  result.outs.erase(result.outs.begin() + o);
  for (InDim &in : result.ins)
    for (Basis &b : in.bases)
      b.erase(b.begin() + o);
  return result;
}

LinearLayout LinearLayout::renameOutDim(StringRef from, StringRef to) const {
  LinearLayout result = *this;
  int o = findOut(from);
  if (o >= 0)
    result.outs[o].name = to.str();
  return result;
}

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

int32_t LinearLayout::getRank() const { return rankOf(getFlatColumns()); }

bool LinearLayout::isSurjective() const {
  return getRank() == getTotalOutDimSizeLog2();
}

bool LinearLayout::isInjective() const {
  return getRank() == getTotalInDimSizeLog2();
}

uint64_t LinearLayout::getZeroBasesMask(StringRef inDim) const {
  uint64_t mask = 0;
  for (auto [i, b] : llvm::enumerate(getBases(inDim)))
    if (llvm::all_of(b, [](int32_t c) { return c == 0; }))
      mask |= uint64_t(1) << i;
  return mask;
}

SmallVector<std::pair<std::string, uint64_t>>
LinearLayout::getFreeVariableMasks() const {
  SmallVector<std::pair<std::string, uint64_t>> result;
  Echelon e;
  for (const InDim &in : ins) {
    uint64_t mask = 0;
    for (auto [i, b] : llvm::enumerate(in.bases))
      if (e.insert(flattenOut(b), 0))
        mask |= uint64_t(1) << i;
    result.push_back({in.name, mask});
  }
  return result;
}

int32_t LinearLayout::getNumConsecutiveInOut() const {
  ArrayRef<Basis> regs = getBases(kRegister);
  int32_t k = 0;
  while (k < int32_t(regs.size()) && flattenOut(regs[k]) == (uint64_t(1) << k))
    ++k;
  // The run must start at a multiple of its length: every other basis is
  // zero in the run's bits.
  for (; k > 0; --k) {
    uint64_t low = (uint64_t(1) << k) - 1;
    bool aligned = true;
    for (const InDim &in : ins)
      for (auto [bit, b] : llvm::enumerate(in.bases)) {
        if (in.name == kRegister && int32_t(bit) < k)
          continue;
        if (flattenOut(b) & low)
          aligned = false;
      }
    if (aligned)
      break;
  }
  return int32_t(1) << k;
}

int32_t LinearLayout::getNumConsecutiveInOut(StringRef outDim) const {
  int o = findOut(outDim);
  if (o < 0)
    return 1;
  ArrayRef<Basis> regs = getBases(kRegister);
  auto isUnit = [&](const Basis &b, int32_t value) {
    for (auto [j, c] : llvm::enumerate(b))
      if (c != (int(j) == o ? value : 0))
        return false;
    return true;
  };
  int32_t k = 0;
  while (k < int32_t(regs.size()) && isUnit(regs[k], int32_t(1) << k))
    ++k;
  for (; k > 0; --k) {
    int32_t low = (int32_t(1) << k) - 1;
    bool aligned = true;
    for (const InDim &in : ins)
      for (auto [bit, b] : llvm::enumerate(in.bases)) {
        if (in.name == kRegister && int32_t(bit) < k)
          continue;
        if (b[o] & low)
          aligned = false;
      }
    if (aligned)
      break;
  }
  return int32_t(1) << k;
}

bool LinearLayout::operator==(const LinearLayout &other) const {
  if (ins.size() != other.ins.size() || outs.size() != other.outs.size())
    return false;
  for (auto [a, b] : llvm::zip_equal(outs, other.outs))
    if (a.name != b.name || a.size != b.size)
      return false;
  for (auto [a, b] : llvm::zip_equal(ins, other.ins))
    if (a.name != b.name || a.bases != b.bases)
      return false;
  return true;
}

std::string LinearLayout::basesToString() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(ins, os, [&](const InDim &in) {
    os << in.name << " = [";
    llvm::interleaveComma(in.bases, os, [&](const Basis &b) {
      os << "[";
      llvm::interleaveComma(b, os);
      os << "]";
    });
    os << "]";
  });
  return s;
}

std::string LinearLayout::toString() const {
  std::string s = basesToString();
  llvm::raw_string_ostream os(s);
  os << " -> (";
  llvm::interleaveComma(
      outs, os, [&](const OutDim &o) { os << o.name << ": " << o.size; });
  os << ")";
  return s;
}
