//===- LayoutConversions.cpp - tile types as linear layouts ---------------===//
//
// The type-level entry points: each layout attribute builds its own linear
// layout (dialect/Tile/TileLayouts.cpp); register tile types and shared
// buffer types forward to their encodings.
//
//===----------------------------------------------------------------------===//

#include "Formatting.h"
#include "TileMLIR/Analysis/LayoutConversions.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::tile;
using namespace mlir::tilemlir;

FailureOr<LinearLayout> tilemlir::toLinearLayout(RankedTensorType type,
                                                 EmitErrorFn emitError) {
  return toLinearLayout(type.getShape(), type.getEncoding(), emitError);
}

LinearLayoutAttr tilemlir::toLinearLayoutAttr(MLIRContext *context,
                                              const LinearLayout &layout) {
  StringRef names[] = {kRegister, kLane, kWarp, kBlock};
  if (layout.getInDims().size() != 4 || layout.getInDimSizeLog2(kLane) != 5)
    return {};
  for (auto [name, in] : llvm::zip_equal(names, layout.getInDims()))
    if (in.name != name)
      return {};
  for (auto [i, out] : llvm::enumerate(layout.getOutDims()))
    if (out.name != getTensorDimName(i))
      return {};
  SmallVector<ArrayAttr> attrs;
  for (const LinearLayout::InDim &in : layout.getInDims()) {
    SmallVector<Attribute> bases;
    for (const LinearLayout::Basis &b : in.bases)
      bases.push_back(DenseI32ArrayAttr::get(context, b));
    attrs.push_back(ArrayAttr::get(context, bases));
  }
  return LinearLayoutAttr::get(context, attrs[0], attrs[1], attrs[2], attrs[3]);
}

FailureOr<LinearLayout> tilemlir::getSharedOffsetMap(SharedMemoryType type,
                                                     EmitErrorFn emitError) {
  return getSharedOffsetMap(type.getShape(), type.getElementTypeBitWidth(),
                            type.getEncoding(), emitError);
}

FailureOr<LinearLayout> tilemlir::toLinearLayout(SharedMemoryType type,
                                                 EmitErrorFn emitError) {
  FailureOr<LinearLayout> map = getSharedOffsetMap(type, emitError);
  if (failed(map))
    return failure();
  std::string why;
  FailureOr<LinearLayout> inverse = map->invert(&why);
  if (failed(inverse))
    return emitFailure(emitError, "shared layout is not a bijection: " + why);
  return inverse;
}

unsigned tilemlir::getTileElementBits(Type elementType) {
  if (auto ptr = dyn_cast<PointerType>(elementType))
    return getTileElementBits(ptr.getPointeeType());
  if (elementType.isIndex())
    return 64;
  if (elementType.isIntOrFloat())
    return elementType.getIntOrFloatBitWidth();
  return 0;
}
