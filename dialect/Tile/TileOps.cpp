//===- TileOps.cpp - Operations of the tile dialect -----------------------===//

#include "Tile/TileDialect.h"

#include "Common/DeviceCode.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
// TileRtDType, the codes tile.dtype_code names (C: enums only).
#include "tile-runtime/TestSupport.h"

using namespace mlir;
using namespace mlir::tile;

#define GET_OP_CLASSES
#include "Tile/TileOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// Checks that a register tile and a shared buffer hold the same elements in
/// the same shape.
static LogicalResult verifySameShapeAndElements(Operation *op,
                                                RankedTensorType tile,
                                                SharedMemoryType buffer) {
  if (tile.getShape() != buffer.getShape())
    return op->emitOpError() << "register tile shape ["
                             << llvm::make_range(tile.getShape().begin(),
                                                 tile.getShape().end())
                             << "] differs from shared buffer shape ["
                             << llvm::make_range(buffer.getShape().begin(),
                                                 buffer.getShape().end())
                             << "]";
  if (tile.getElementType() != buffer.getElementType())
    return op->emitOpError()
           << "register tile elements (" << tile.getElementType()
           << ") differ from shared buffer elements ("
           << buffer.getElementType() << ")";
  return success();
}

/// Two tiles an op relates have agreeing layouts when they are equal, or
/// when either is left out: a layout left out is tile-legalize-layouts' to
/// choose (it converts where the written one does not fit).
static bool layoutsAgree(Attribute a, Attribute b) {
  return !a || !b || a == b;
}

/// A register tile's encoding must be a distributed layout of its rank.
static LogicalResult verifyTileLayout(Operation *op, RankedTensorType type,
                                      StringRef what) {
  Attribute encoding = type.getEncoding();
  if (!encoding)
    return success();
  auto layout = dyn_cast<DistributedLayoutAttr>(encoding);
  if (!layout)
    return op->emitOpError() << what << " encoding " << encoding
                             << " is not a distributed layout";
  if (layout.getRank() != type.getRank())
    return op->emitOpError()
           << what << " layout has rank " << layout.getRank()
           << " but the tile has rank " << type.getRank();
  return success();
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

LogicalResult AllocSmemOp::verify() {
  if (failed(tilemlir::verifyInDeviceCode(*this)))
    return failure();
  SharedMemoryType type = getResult().getType();
  if (type.getSizeInBytes() > kMaxSharedMemoryBytes)
    return emitOpError() << "buffer needs " << type.getSizeInBytes()
                         << " bytes of shared memory, but a CTA can use at "
                            "most "
                         << kMaxSharedMemoryBytes << " bytes";
  if (!getInit()) {
    if (!type.getIsMutable())
      return emitOpError() << "an immutable shared buffer needs an initial "
                              "value; mark the type 'mutable' or pass one";
    return success();
  }
  auto init = cast<RankedTensorType>(getInit().getType());
  return verifySameShapeAndElements(*this, init, type);
}

LogicalResult SmemIndexOp::verify() {
  SharedMemoryType src = getSrc().getType();
  if (src.getRank() < 2)
    return emitOpError() << "indexing needs a buffer of rank at least 2 (a "
                            "leading stage dimension), got rank "
                         << src.getRank();
  if (getResult().getType() != src.dropLeadingDim())
    return emitOpError() << "result must be " << src.dropLeadingDim()
                         << " (the source without its leading dimension)";
  return tilemlir::verifyConstantIndex(*this, getIndex(), src.getShape()[0],
                                      "stage");
}

LogicalResult SmemSubsliceOp::verify() {
  SharedMemoryType src = getSrc().getType();
  SharedMemoryType dst = getResult().getType();
  ArrayRef<int64_t> offsets = getOffsets();
  if (dst.getRank() != src.getRank() || offsets.size() != size_t(src.getRank()))
    return emitOpError() << "source, result and offsets must have the same "
                            "rank";
  if (dst.getElementType() != src.getElementType() ||
      dst.getEncoding() != src.getEncoding() ||
      dst.getIsMutable() != src.getIsMutable())
    return emitOpError() << "a subslice keeps the element type, layout and "
                            "mutability of its source";
  for (auto [i, off] : llvm::enumerate(offsets))
    if (off < 0 || off + dst.getShape()[i] > src.getShape()[i])
      return emitOpError() << "dimension " << i << ": window [" << off << ", "
                           << off + dst.getShape()[i]
                           << ") is outside the source extent "
                           << src.getShape()[i];
  return success();
}

LogicalResult SmemTransOp::verify() {
  SharedMemoryType src = getSrc().getType();
  SharedMemoryType dst = getResult().getType();
  ArrayRef<int32_t> order = getOrder();
  if (order.size() != size_t(src.getRank()))
    return emitOpError() << "order has " << order.size()
                         << " entries for a buffer of rank " << src.getRank();
  SmallVector<bool> seen(order.size(), false);
  SmallVector<int64_t> shape;
  for (int32_t d : order) {
    if (d < 0 || d >= int32_t(order.size()) || seen[d])
      return emitOpError() << "order must be a permutation of [0, "
                           << order.size() << ")";
    seen[d] = true;
    shape.push_back(src.getShape()[d]);
  }
  Attribute layout = getTransposedSharedLayout(src.getEncoding(), order);
  auto expected = SharedMemoryType::get(shape, src.getElementType(), layout,
                                        src.getIsMutable());
  if (dst != expected)
    return emitOpError() << "result must be " << expected;
  return success();
}

/// Scalar element access: one index per dimension, the element type as the
/// value type.
static LogicalResult verifyElementAccess(Operation *op, SharedMemoryType buffer,
                                         ValueRange indices, Type valueType) {
  if (int64_t(indices.size()) != buffer.getRank())
    return op->emitOpError() << "needs " << buffer.getRank()
                             << " indices for a buffer of rank "
                             << buffer.getRank() << ", got " << indices.size();
  if (valueType != buffer.getElementType())
    return op->emitOpError() << "element access moves "
                             << buffer.getElementType() << ", not "
                             << valueType;
  return success();
}

LogicalResult SmemLoadOp::verify() {
  if (!getIndices().empty())
    return verifyElementAccess(*this, getSrc().getType(), getIndices(),
                               getResult().getType());
  auto tile = dyn_cast<RankedTensorType>(getResult().getType());
  if (!tile)
    return emitOpError() << "without indices the result must be a register "
                            "tile (a ranked tensor)";
  if (failed(verifyTileLayout(*this, tile, "result")))
    return failure();
  return verifySameShapeAndElements(*this, tile, getSrc().getType());
}

LogicalResult SmemStoreOp::verify() {
  if (!getDst().getType().getIsMutable())
    return emitOpError() << "cannot store into an immutable shared buffer";
  if (!getIndices().empty())
    return verifyElementAccess(*this, getDst().getType(), getIndices(),
                               getValue().getType());
  auto tile = dyn_cast<RankedTensorType>(getValue().getType());
  if (!tile)
    return emitOpError() << "without indices the value must be a register "
                            "tile (a ranked tensor)";
  if (failed(verifyTileLayout(*this, tile, "value")))
    return failure();
  return verifySameShapeAndElements(*this, tile, getDst().getType());
}

//===----------------------------------------------------------------------===//
// Global memory
//===----------------------------------------------------------------------===//

/// Offsets, mask and data of a gather/scatter share shape and layout; the
/// scalar form takes scalars throughout.
static LogicalResult verifyGlobalAccess(Operation *op, PointerType ptr,
                                        Value offsets, Value data, Value mask,
                                        Value other) {
  Type pointee = ptr.getPointeeType();
  auto offType = dyn_cast<RankedTensorType>(offsets.getType());
  if (!offType) {
    if (data.getType() != pointee)
      return op->emitOpError()
             << "a scalar access moves one " << pointee << ", not "
             << data.getType();
    if (mask && !mask.getType().isInteger(1))
      return op->emitOpError() << "a scalar access takes an i1 mask";
    (void)other; // Its type is tied to the result's by the op's traits.
    return success();
  }
  if (isa<PointerType>(pointee))
    return op->emitOpError()
           << "not supported yet: a register tile of pointers (" << pointee
           << "); read or write one pointer at a time with a scalar offset";
  auto dataType = dyn_cast<RankedTensorType>(data.getType());
  if (!dataType)
    return op->emitOpError()
           << "tile offsets need tile data, got " << data.getType();
  if (failed(verifyTileLayout(op, offType, "offsets")))
    return failure();
  if (dataType.getElementType() != pointee)
    return op->emitOpError()
           << "data elements (" << dataType.getElementType()
           << ") differ from the pointee type (" << pointee << ")";
  auto sameLayout = [&](Type t, StringRef what) -> LogicalResult {
    auto tile = dyn_cast<RankedTensorType>(t);
    if (!tile || tile.getShape() != offType.getShape() ||
        !layoutsAgree(tile.getEncoding(), offType.getEncoding()))
      return op->emitOpError()
             << what << " must have the shape and layout of the offsets";
    return success();
  };
  if (failed(sameLayout(dataType, "data")))
    return failure();
  if (mask && failed(sameLayout(mask.getType(), "mask")))
    return failure();
  return success();
}

LogicalResult LoadOp::verify() {
  return verifyGlobalAccess(*this, getPtr().getType(), getOffsets(),
                            getResult(), getMask(), getOther());
}

LogicalResult StoreOp::verify() {
  return verifyGlobalAccess(*this, getPtr().getType(), getOffsets(),
                            getValue(), getMask(), Value());
}

LogicalResult AtomicRMWOp::verify() {
  Type pointee = getPtr().getType().getPointeeType();
  Type type = getValue().getType();
  if (type != pointee)
    return emitOpError() << "an atomic on " << pointee
                         << " elements takes a value of that type, not "
                         << type;
  // PTX atom's types per operation: integers of 32 or 64 bits for all,
  // floats only for add (f32, f64) and exch (b32 / b64 move their bits).
  bool isInteger = type.isSignlessInteger(32) || type.isSignlessInteger(64);
  switch (getKind()) {
  case AtomicKind::Add:
    if (isInteger || type.isF32() || type.isF64())
      return success();
    return emitOpError() << "`add` takes i32, i64, f32 or f64, not " << type;
  case AtomicKind::Exch:
    if (isInteger || type.isF32() || type.isF64())
      return success();
    return emitOpError() << "`exch` takes i32, i64, f32 or f64, not " << type;
  default:
    if (isInteger)
      return success();
    return emitOpError() << "`" << stringifyAtomicKind(getKind())
                         << "` takes i32 or i64, not " << type;
  }
}

LogicalResult PtrFromMemrefOp::verify() {
  auto ptr = dyn_cast<PointerType>(getResult().getType());
  if (!ptr && tilemlir::isInDeviceCode(*this))
    return emitOpError() << "yields a !tile.ptr in a kernel: an !llvm.ptr is "
                            "for calls into the host runtime";
  auto memref = cast<MemRefType>(getSource().getType());
  if (!ptr)
    return success();
  // A table of pointers lives in an i64 memref: device addresses.
  if (isa<PointerType>(ptr.getPointeeType())) {
    if (!memref.getElementType().isSignlessInteger(64))
      return emitOpError() << "a table of pointers is a memref of i64 device "
                              "addresses, got elements of type "
                           << memref.getElementType();
    return success();
  }
  if (memref.getElementType() != ptr.getPointeeType())
    return emitOpError() << "memref elements (" << memref.getElementType()
                         << ") differ from the pointee type ("
                         << ptr.getPointeeType() << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// CopyOp
//===----------------------------------------------------------------------===//

/// The memory space of a memref on the global side of a copy must be
/// global (none, or #gpu.address_space<global>).
static bool isGlobalMemref(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return true;
  auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space);
  return gpuSpace && gpuSpace.getValue() == gpu::AddressSpace::Global;
}

/// `smem` is the shape the copy moves: the shared buffer, or a view of the
/// register tile's shape (`what` names which, for the diagnostics).
static LogicalResult verifyCopyGlobalSide(CopyOp op, SharedMemoryType smem,
                                          StringRef what = "shared buffer") {
  Type type = op.getGlobal().getType();
  size_t numIndices = op.getGlobalIndices().size();
  size_t numStrides = op.getGlobalStrides().size();
  if (auto memref = dyn_cast<MemRefType>(type)) {
    if (!isGlobalMemref(memref))
      return op.emitOpError() << "copies global memory: the memref is in "
                              << memref.getMemorySpace();
    if (memref.getElementType() != smem.getElementType())
      return op.emitOpError()
             << "memref elements (" << memref.getElementType()
             << ") differ from the " << what << "'s ("
             << smem.getElementType() << ")";
    if (numIndices != static_cast<size_t>(memref.getRank()))
      return op.emitOpError() << "indexes the memref with " << numIndices
                              << " indices; it has rank " << memref.getRank();
    if (numStrides != 0)
      return op.emitOpError() << "takes the memref's strides from its type: "
                                 "`strides` are for a !tile.ptr";
    if (smem.getRank() > memref.getRank())
      return op.emitOpError()
             << "copies a " << (what == "shared buffer" ? "buffer" : what)
             << " of rank " << smem.getRank() << " into a memref of rank "
             << memref.getRank() << ": the "
             << (what == "shared buffer" ? "buffer" : what)
             << " covers the memref's trailing dimensions";
    for (auto [i, extent] : llvm::enumerate(smem.getShape())) {
      int64_t d = memref.getRank() - smem.getRank() + i;
      if (!memref.isDynamicDim(d) && extent > memref.getDimSize(d))
        return op.emitOpError()
               << "copies " << extent << " elements along memref dimension "
               << d << ", which has " << memref.getDimSize(d);
    }
    return success();
  }
  auto ptr = dyn_cast<PointerType>(type);
  if (!ptr)
    return op.emitOpError() << "copies global memory (a memref or "
                               "!tile.ptr); got "
                            << type;
  if (isa<PointerType>(ptr.getPointeeType()))
    return op.emitOpError()
           << "not supported yet: copying a table of pointers ("
           << ptr.getPointeeType()
           << " elements); read one pointer at a time with the scalar "
              "tile.load";
  if (ptr.getPointeeType() != smem.getElementType())
    return op.emitOpError() << "pointee type (" << ptr.getPointeeType()
                            << ") differs from the " << what << "'s elements ("
                            << smem.getElementType() << ")";
  if (numIndices != 1)
    return op.emitOpError() << "indexes a !tile.ptr with one element offset; "
                               "got "
                            << numIndices;
  if (numStrides != 0 && numStrides != static_cast<size_t>(smem.getRank()))
    return op.emitOpError() << "has " << numStrides << " strides for a "
                            << (what == "shared buffer" ? "buffer" : what)
                            << " of rank " << smem.getRank();
  return success();
}

/// A register tile copied whole into a shared buffer of its shape, or into
/// the region of global memory of its shape at the destination's indices.
static LogicalResult verifyRegisterCopy(CopyOp op, RankedTensorType tile) {
  if (!op.getSrcIndices().empty() || !op.getSrcStrides().empty())
    return op.emitOpError() << "copies the register tile whole: it takes no "
                               "indices or strides";
  if (op.getBarrier())
    return op.emitOpError() << "copies a register tile, which is done when "
                               "the copy returns: it takes no barrier";
  if (op.getAsync())
    return op.emitOpError() << "`async` of a register tile is not supported "
                               "yet";
  if (!tilemlir::isInDeviceCode(op))
    return op.emitOpError() << "is a kernel operation (in a gpu.func)";
  if (auto smem = dyn_cast<SharedMemoryType>(op.getDst().getType())) {
    if (!op.getDstIndices().empty() || !op.getDstStrides().empty())
      return op.emitOpError() << "copies the shared buffer whole: take a view "
                                 "(tile.smem_index, tile.smem_subslice) for "
                                 "part of one";
    if (!smem.getIsMutable())
      return op.emitOpError() << "writes the shared buffer, which is not "
                                 "mutable";
    if (smem.getShape() != tile.getShape() ||
        smem.getElementType() != tile.getElementType())
      return op.emitOpError()
             << "copies a register tile (" << tile
             << ") into a shared buffer of another shape or element type ("
             << smem << ")";
    return success();
  }
  // The global side is checked as for a buffer of the tile's shape.
  auto view = SharedMemoryType::get(op.getContext(), tile.getShape(),
                                    tile.getElementType(), Attribute(), true);
  return verifyCopyGlobalSide(op, view, "register tile");
}

/// A copy into a register tile (the result): from the region of global
/// memory of its shape, or from a whole shared buffer of its shape.
static LogicalResult verifyCopyToRegisters(CopyOp op) {
  auto tile = cast<RankedTensorType>(op.getResult().getType());
  if (op.getDst() || !op.getDstIndices().empty() ||
      !op.getDstStrides().empty())
    return op.emitOpError() << "copies into a destination or into its "
                               "result (a register tile), not both";
  if (op.getBarrier())
    return op.emitOpError() << "copies into a register tile, which is done "
                               "when the copy returns: it takes no barrier";
  if (op.getAsync())
    return op.emitOpError() << "copies into a register tile, which is done "
                               "when the copy returns: it cannot be `async`";
  if (op.getPrefer() == CopyInstruction::TMA)
    return op.emitOpError() << "copies into a register tile, which every "
                               "thread loads itself: TMA writes shared "
                               "memory only (copy to a shared buffer first)";
  if (!tilemlir::isInDeviceCode(op))
    return op.emitOpError() << "is a kernel operation (in a gpu.func)";
  Type srcType = op.getSrc().getType();
  if (isa<RankedTensorType>(srcType))
    return op.emitOpError() << "copies a register tile into a register "
                               "tile: use the value";
  if (auto smem = dyn_cast<SharedMemoryType>(srcType)) {
    if (!op.getSrcIndices().empty() || !op.getSrcStrides().empty())
      return op.emitOpError() << "copies the shared buffer whole: take a view "
                                 "(tile.smem_index, tile.smem_subslice) for "
                                 "part of one";
    if (smem.getShape() != tile.getShape() ||
        smem.getElementType() != tile.getElementType())
      return op.emitOpError()
             << "copies a shared buffer (" << smem
             << ") into a register tile of another shape or element type ("
             << tile << ")";
    return success();
  }
  // The global side is checked as for a buffer of the tile's shape.
  auto view = SharedMemoryType::get(op.getContext(), tile.getShape(),
                                    tile.getElementType(), Attribute(), true);
  return verifyCopyGlobalSide(op, view, "register tile");
}

LogicalResult CopyOp::verify() {
  if (getResult())
    return verifyCopyToRegisters(*this);
  if (!getDst())
    return emitOpError() << "copies into a destination (a shared buffer or "
                            "global memory) or into its result (a register "
                            "tile); it has neither";
  if (auto tile = dyn_cast<RankedTensorType>(getSrc().getType()))
    return verifyRegisterCopy(*this, tile);
  auto srcSmem = dyn_cast<SharedMemoryType>(getSrc().getType());
  auto dstSmem = dyn_cast<SharedMemoryType>(getDst().getType());
  if ((srcSmem != nullptr) == (dstSmem != nullptr))
    return emitOpError() << "copies between global memory (a memref or "
                            "!tile.ptr) and a shared buffer; got "
                         << getSrc().getType() << " and "
                         << getDst().getType();
  bool load = isLoad();
  if (!(load ? getDstIndices() : getSrcIndices()).empty() ||
      !(load ? getDstStrides() : getSrcStrides()).empty())
    return emitOpError() << "copies the shared buffer whole: take a view "
                            "(tile.smem_index, tile.smem_subslice) for part "
                            "of one";
  SharedMemoryType smem = getSharedType();
  if (load && !smem.getIsMutable())
    return emitOpError() << "writes the shared buffer, which is not mutable";
  if (!load && getBarrier())
    return emitOpError() << "copies to global memory, which completes "
                            "through bulk groups (tma.store_wait), not a "
                            "barrier";
  if (load && getAsync())
    return emitOpError() << "`async` is for copies to global memory; a copy "
                            "into shared memory is asynchronous with a "
                            "`barrier`";
  if (getAsync() && getPrefer() == CopyInstruction::Sync)
    return emitOpError() << "`async` needs a TMA store: a synchronous copy "
                            "is done when it returns";
  if (!tilemlir::isInDeviceCode(*this))
    return emitOpError() << "is a kernel operation (in a gpu.func)";
  return verifyCopyGlobalSide(*this, smem);
}

//===----------------------------------------------------------------------===//
// DTypeCodeOp
//===----------------------------------------------------------------------===//

std::optional<int32_t> DTypeCodeOp::getCode(Type type) {
  if (type.isF32())
    return TILE_RT_F32;
  if (type.isF16())
    return TILE_RT_F16;
  if (type.isBF16())
    return TILE_RT_BF16;
  if (isa<Float8E4M3FNType>(type))
    return TILE_RT_F8E4M3;
  if (isa<Float8E5M2Type>(type))
    return TILE_RT_F8E5M2;
  if (isa<Float4E2M1FNType>(type))
    return TILE_RT_FP4E2M1;
  if (type.isF64())
    return TILE_RT_F64;
  if (type.isSignlessInteger(8))
    return TILE_RT_I8;
  if (type.isSignlessInteger(16))
    return TILE_RT_I16;
  if (type.isSignlessInteger(32))
    return TILE_RT_I32;
  if (type.isSignlessInteger(64))
    return TILE_RT_I64;
  return std::nullopt;
}

LogicalResult DTypeCodeOp::verify() {
  if (tilemlir::isInDeviceCode(*this))
    return emitOpError() << "is a host operation: it names an element type "
                            "for the runtime's host helpers";
  if (!getCode(getElementType()))
    return emitOpError() << "the runtime has no code for " << getElementType()
                         << "; it has f32, f16, bf16, f8E4M3FN, f8E5M2, "
                            "f4E2M1FN, i8, i16, i32, i64 and f64";
  return success();
}

//===----------------------------------------------------------------------===//
// DotOp
//===----------------------------------------------------------------------===//

/// K of one wgmma instruction for an operand element type, or 0 if wgmma
/// does not take that type.
static int64_t getWgmmaInstrK(Type type) {
  if (type.isF16() || type.isBF16())
    return 16;
  if (type.isF32())
    return 8; // tf32
  if (isa<Float8E4M3FNType, Float8E5M2Type>(type) || type.isInteger(8))
    return 32;
  return 0;
}

static bool isLegalWgmmaAccumulator(Type operand, Type acc) {
  if (operand.isF16())
    return acc.isF16() || acc.isF32();
  if (operand.isBF16() || operand.isF32())
    return acc.isF32();
  if (isa<Float8E4M3FNType, Float8E5M2Type>(operand))
    return acc.isF16() || acc.isF32();
  if (operand.isInteger(8))
    return acc.isInteger(32);
  return false;
}

/// 8-bit and tf32 wgmma operands in shared memory must be K-major. For A
/// (MxK) that is the untransposed layout, for B (KxN) the transposed one.
static LogicalResult verifyWgmmaSharedOperand(Operation *op,
                                              SharedMemoryType type,
                                              StringRef name, bool isB) {
  Attribute encoding = type.getEncoding();
  if (!encoding)
    return success(); // The lowering asks for one.
  auto nvmma = dyn_cast<NVMMASharedLayoutAttr>(encoding);
  if (!nvmma)
    return op->emitOpError()
           << "operand " << name
           << " must have an NVMMA shared layout: wgmma reads only NVMMA "
              "layouts, got "
           << encoding;
  unsigned bits = type.getElementTypeBitWidth();
  bool kMajor = isB ? nvmma.getTransposed() : !nvmma.getTransposed();
  if ((bits == 8 || bits == 32) && !kMajor)
    return op->emitOpError() << "operand " << name << " holds " << bits
                             << "-bit elements, which wgmma reads only "
                                "K-major";
  return success();
}

LogicalResult DotOp::verify() {
  Type aType = getA().getType();
  auto b = getB().getType();
  auto acc = cast<RankedTensorType>(getAcc().getType());
  ArrayRef<int64_t> aShape;
  Type aElem;
  if (auto aSmem = dyn_cast<SharedMemoryType>(aType)) {
    aShape = aSmem.getShape();
    aElem = aSmem.getElementType();
  } else {
    auto aTile = cast<RankedTensorType>(aType);
    aShape = aTile.getShape();
    aElem = aTile.getElementType();
  }
  if (aShape.size() != 2 || b.getRank() != 2 || acc.getRank() != 2)
    return emitOpError() << "operands and accumulator must be 2-D";
  int64_t m = aShape[0], k = aShape[1], n = b.getShape()[1];
  if (b.getShape()[0] != k)
    return emitOpError() << "K of A (" << k << ") differs from K of B ("
                         << b.getShape()[0] << ")";
  if (acc.getShape()[0] != m || acc.getShape()[1] != n)
    return emitOpError() << "accumulator must be " << m << "x" << n
                         << " for A " << m << "x" << k << " and B " << k
                         << "x" << n;
  if (aElem != b.getElementType())
    return emitOpError() << "A and B element types differ (" << aElem
                         << " vs " << b.getElementType() << ")";
  int64_t instrK = getWgmmaInstrK(aElem);
  if (instrK == 0)
    return emitOpError() << "wgmma does not take " << aElem
                         << " operands (f16, bf16, tf32, f8E4M3FN, f8E5M2, "
                            "i8)";
  if (!isLegalWgmmaAccumulator(aElem, acc.getElementType()))
    return emitOpError() << "accumulator type " << acc.getElementType()
                         << " is not valid for " << aElem << " operands";
  if (m % 64 != 0)
    return emitOpError() << "M = " << m
                         << " must be a multiple of 64 (rows of one "
                            "warpgroup MMA)";
  if (n % 8 != 0)
    return emitOpError() << "N = " << n << " must be a multiple of 8";
  if (k % instrK != 0)
    return emitOpError() << "K = " << k
                         << " must be a multiple of the instruction K ("
                         << instrK << " for " << aElem << ")";

  if (Attribute encoding = acc.getEncoding()) {
    auto wgmma = dyn_cast<WgmmaLayoutAttr>(encoding);
    if (!wgmma)
      return emitOpError() << "accumulator must have a #tile.wgmma layout, "
                              "got "
                           << encoding;
    int64_t instrN = wgmma.getInstrShape()[1];
    if (n % instrN != 0)
      return emitOpError() << "N = " << n
                           << " is not a multiple of the layout's "
                              "instruction N ("
                           << instrN << ")";
    // (PTX ISA, wgmma.mma_async shapes: the integer forms skip 40 and 56.)
    if (aElem.isInteger(8) && instrN > 32 && instrN % 16 != 0)
      return emitOpError() << "the layout's instruction N (" << instrN
                           << ") is not one wgmma takes with 8-bit integer "
                              "operands: 8, 16, 24, 32, then multiples of "
                              "16 up to 256";
    int64_t rowsPerStep = int64_t(wgmma.getWarpsPerCTA()[0]) * 16;
    if (m % rowsPerStep != 0)
      return emitOpError() << "M = " << m << " is not a multiple of the "
                           << rowsPerStep << " rows the layout's "
                           << wgmma.getWarpsPerCTA()[0] << " warps cover";
  }

  if (auto aSmem = dyn_cast<SharedMemoryType>(aType)) {
    if (failed(verifyWgmmaSharedOperand(*this, aSmem, "A", /*isB=*/false)))
      return failure();
  } else {
    auto aTile = cast<RankedTensorType>(aType);
    if (Attribute encoding = aTile.getEncoding()) {
      auto dotOp = dyn_cast<DotOperandLayoutAttr>(encoding);
      if (!dotOp || dotOp.getOpIdx() != 0)
        return emitOpError() << "A in registers must have a "
                                "#tile.dot_operand<opIdx = 0> layout";
      if (acc.getEncoding() && dotOp.getParent() != acc.getEncoding())
        return emitOpError() << "A's dot_operand parent must be the "
                                "accumulator's layout";
    }
  }
  return verifyWgmmaSharedOperand(*this, b, "B", /*isB=*/true);
}

//===----------------------------------------------------------------------===//
// Register-tile ops
//===----------------------------------------------------------------------===//

LogicalResult ConvertLayoutOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getResult().getType());
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return emitOpError() << "source and result must differ only in layout";
  if (failed(verifyTileLayout(*this, src, "source")))
    return failure();
  return verifyTileLayout(*this, dst, "result");
}

LogicalResult ReduceOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getResult().getType());
  int64_t axis = getAxis();
  if (axis < 0 || axis >= src.getRank())
    return emitOpError() << "axis " << axis << " is out of range for rank "
                         << src.getRank();
  SmallVector<int64_t> shape(src.getShape());
  shape.erase(shape.begin() + axis);
  if (dst.getShape() != ArrayRef<int64_t>(shape) ||
      dst.getElementType() != src.getElementType())
    return emitOpError() << "result must be the source without dimension "
                         << axis;
  ReduceKind kind = getKind();
  if ((kind == ReduceKind::And || kind == ReduceKind::Or ||
       kind == ReduceKind::Xor) &&
      !src.getElementType().isInteger())
    return emitOpError() << "'" << stringifyReduceKind(kind)
                         << "' needs integer elements";
  if (auto parent = dyn_cast_or_null<DistributedLayoutAttr>(src.getEncoding())) {
    auto expected = SliceLayoutAttr::get(getContext(), axis, parent);
    if (!layoutsAgree(dst.getEncoding(), expected))
      return emitOpError() << "result layout must be " << expected;
  }
  return verifyTileLayout(*this, src, "source");
}

LogicalResult BroadcastOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getResult().getType());
  // A #tile.linear layout holds one shape: the source's is the result's
  // restricted to it.
  auto linear = dyn_cast_or_null<LinearLayoutAttr>(dst.getEncoding());
  Attribute expected =
      linear && src.getRank() == dst.getRank() && src.getEncoding()
          ? Attribute(linear.restrictTo(src.getShape()))
          : dst.getEncoding();
  if (src.getRank() != dst.getRank() ||
      src.getElementType() != dst.getElementType() ||
      !layoutsAgree(src.getEncoding(), expected))
    return emitOpError() << "broadcast keeps rank, element type and layout"
                         << (linear ? " (a #tile.linear result's, restricted "
                                      "to the source's shape)"
                                    : "");
  for (auto [i, pair] : llvm::enumerate(
           llvm::zip_equal(src.getShape(), dst.getShape())))
    if (std::get<0>(pair) != 1 && std::get<0>(pair) != std::get<1>(pair))
      return emitOpError() << "dimension " << i << " of size "
                           << std::get<0>(pair)
                           << " can only broadcast if it is 1";
  return success();
}

LogicalResult ExtractSliceOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getResult().getType());
  ArrayRef<int64_t> offsets = getOffsets();
  if (dst.getRank() != src.getRank())
    return emitOpError() << "result has rank " << dst.getRank()
                         << "; a slice keeps the source's rank "
                         << src.getRank();
  if (int64_t(offsets.size()) != src.getRank())
    return emitOpError() << "has " << offsets.size()
                         << " offsets for a source of rank " << src.getRank();
  if (dst.getElementType() != src.getElementType())
    return emitOpError() << "result element type " << dst.getElementType()
                         << " differs from the source's "
                         << src.getElementType();
  for (int64_t i = 0, e = src.getRank(); i < e; ++i) {
    int64_t offset = offsets[i], size = dst.getDimSize(i);
    if (offset < 0 || offset > src.getDimSize(i) - size)
      return emitOpError() << "window [" << offset << ", " << offset << " + "
                           << size << ") of dimension " << i
                           << " is outside the source's [0, "
                           << src.getDimSize(i) << ")";
  }
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getResult().getType());
  int64_t axis = getAxis();
  if (axis < 0 || axis > src.getRank())
    return emitOpError() << "axis " << axis << " is out of range for rank "
                         << src.getRank();
  SmallVector<int64_t> shape(src.getShape());
  shape.insert(shape.begin() + axis, 1);
  if (dst.getShape() != ArrayRef<int64_t>(shape) ||
      dst.getElementType() != src.getElementType())
    return emitOpError() << "result must be the source with a unit dimension "
                            "at "
                         << axis;
  if (!src.getEncoding() || !dst.getEncoding())
    return success();
  if (auto slice = dyn_cast<SliceLayoutAttr>(src.getEncoding())) {
    if (slice.getDim() != axis || dst.getEncoding() != slice.getParent())
      return emitOpError() << "a source with layout " << slice
                           << " expands at dimension " << slice.getDim()
                           << " into its parent layout";
  } else {
    return emitOpError() << "source layout must be a #tile.slice of the "
                            "result layout";
  }
  return success();
}

LogicalResult RangeOp::verify() {
  auto type = cast<RankedTensorType>(getResult().getType());
  if (type.getRank() != 1)
    return emitOpError() << "range produces a 1-D tile";
  // Signed: the generated accessors read the i32 attributes as unsigned
  // (a start of -4 as 4294967292).
  int64_t start = getStartAttr().getInt(), end = getEndAttr().getInt();
  if (end <= start)
    return emitOpError() << "end (" << end << ") must exceed start (" << start
                         << ")";
  if (type.getShape()[0] != end - start)
    return emitOpError() << "result has " << type.getShape()[0]
                         << " elements but the range has " << end - start;
  return verifyTileLayout(*this, type, "result");
}

// Synchronization and grid-dependency instructions exist in device code
// only: in a host function they would reach LLVM IR translation unlowered.
LogicalResult FenceAsyncSharedOp::verify() {
  return tilemlir::verifyInDeviceCode(*this);
}
LogicalResult BarrierOp::verify() {
  if (failed(tilemlir::verifyInDeviceCode(*this)))
    return failure();
  if (getScope() != Scope::CTA && getScope() != Scope::Warpgroup)
    return emitOpError() << "synchronizes the CTA or a warpgroup, not a "
                         << stringifyScope(getScope());
  if (isCTAWide())
    return success();
  // A partition of tile.warp_specialize runs on its own warps; whether they
  // are whole warpgroups is checked where the op is lowered.
  for (Region *region = getOperation()->getParentRegion(); region;
       region = region->getParentRegion())
    if (isa<WarpSpecializeOp>(region->getParentOp()) &&
        region->getRegionNumber() != 0)
      return success();
  // The kernel's threads: its launch block once tile-lower-warp-specialize
  // has fixed it (partitions included), else its warps.
  auto func = getOperation()->getParentOfType<gpu::GPUFuncOp>();
  if (DenseI32ArrayAttr block = func ? func.getKnownBlockSizeAttr() : nullptr) {
    ArrayRef<int32_t> size = block.asArrayRef();
    if (size.size() != 3 || size[1] != 1 || size[2] != 1)
      return emitOpError() << "synchronizes a warpgroup, which it finds by "
                              "the x thread index, but the kernel's block is "
                           << block << ", not one-dimensional";
    if (size[0] % 128 != 0)
      return emitOpError() << "synchronizes a warpgroup, but the kernel's "
                              "block has "
                           << size[0]
                           << " threads, not whole warpgroups of 128";
    return success();
  }
  std::optional<int64_t> warps = getKernelNumWarps(*this);
  if (warps && *warps % 4 != 0)
    return emitOpError() << "synchronizes a warpgroup, but the kernel runs "
                         << *warps << " warps ("
                         << TileDialect::kNumWarpsAttrName
                         << "), not whole warpgroups of 4: the last one "
                            "would never reach 128 threads";
  return success();
}
LogicalResult ClusterBarrierOp::verify() {
  return tilemlir::verifyInDeviceCode(*this);
}
LogicalResult GridDependencyWaitOp::verify() {
  return tilemlir::verifyInDeviceCode(*this);
}
LogicalResult LaunchDependentsOp::verify() {
  return tilemlir::verifyInDeviceCode(*this);
}

LogicalResult ElectOp::verify() {
  if (failed(tilemlir::verifyInDeviceCode(*this)))
    return failure();
  if (getScope() == Scope::Thread)
    return emitOpError() << "electing within one thread is meaningless; use "
                            "warp, warpgroup or cta";
  return success();
}
