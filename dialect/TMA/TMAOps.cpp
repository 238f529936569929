//===- TMAOps.cpp - Operations of the tma dialect -------------------------===//

#include "TMA/TMADialect.h"

#include "Common/DeviceCode.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tma;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// The keyword of a scope (after `scope =`; the group is left out for cta).
static ParseResult parseScope(OpAsmParser &parser, tile::ScopeAttr &scope) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef word;
  if (parser.parseKeyword(&word))
    return failure();
  std::optional<tile::Scope> value = tile::symbolizeScope(word);
  if (!value)
    return parser.emitError(loc) << "unknown scope '" << word
                                 << "'; expected thread, warp, warpgroup or "
                                    "cta";
  scope = tile::ScopeAttr::get(parser.getContext(), *value);
  return success();
}

static void printScope(OpAsmPrinter &printer, Operation *,
                       tile::ScopeAttr scope) {
  printer << tile::stringifyScope(scope ? scope.getValue() : tile::Scope::CTA);
}

#define GET_OP_CLASSES
#include "TMA/TMAOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static void printShape(InFlightDiagnostic &diag, ArrayRef<int64_t> shape) {
  diag << "[";
  llvm::interleaveComma(shape, diag, [&](int64_t d) { diag << d; });
  diag << "]";
}

/// Prints a byte count that may end in half a byte (odd FP4 counts).
static void printBytes(InFlightDiagnostic &diag, int64_t bits) {
  diag << bits / 8;
  if (bits % 8 != 0)
    diag << ".5";
}

/// One i32 coordinate per box dimension.
static LogicalResult verifyCoordinates(Operation *op, DescriptorType desc,
                                       ValueRange coords) {
  if (coords.size() == desc.getRank())
    return success();
  return op->emitOpError() << "expects " << desc.getRank()
                           << " coordinates (one per box dimension), got "
                           << coords.size();
}

/// The swizzle span TMA would use for `buffer`'s layout: 0 for a plain
/// row-major buffer, the NVMMA swizzle, or std::nullopt when TMA cannot
/// produce or read the layout.
static std::optional<unsigned> getTMASwizzle(tile::SharedMemoryType buffer) {
  Attribute layout = buffer.getEncoding();
  if (!layout)
    return 0u;
  if (auto nvmma = dyn_cast<tile::NVMMASharedLayoutAttr>(layout)) {
    // TMA keeps the box's last dimension contiguous.
    if (nvmma.getTransposed())
      return std::nullopt;
    return nvmma.getSwizzle();
  }
  if (auto swizzled = dyn_cast<tile::SwizzledSharedLayoutAttr>(layout)) {
    // Only the unswizzled row-major case is a plain TMA layout.
    if (swizzled.getMaxPhase() != 1)
      return std::nullopt;
    ArrayRef<unsigned> order = swizzled.getOrder();
    for (auto [i, d] : llvm::enumerate(order))
      if (d != order.size() - 1 - i)
        return std::nullopt;
    return 0u;
  }
  return std::nullopt;
}

static bool isFP4Padded(tile::SharedMemoryType buffer) {
  auto nvmma =
      dyn_cast_or_null<tile::NVMMASharedLayoutAttr>(buffer.getEncoding());
  return nvmma && nvmma.getFp4Padded();
}

/// Checks that `buffer` (the `role` of a copy: "destination" or "source")
/// can hold one box of `desc` as TMA lays it out in shared memory.
static LogicalResult verifyBoxBuffer(Operation *op, DescriptorType desc,
                                     tile::SharedMemoryType buffer,
                                     StringRef role) {
  if (buffer.getElementType() != desc.getElementType())
    return op->emitOpError()
           << role << " shared buffer holds " << buffer.getElementType()
           << " but the descriptor's box holds " << desc.getElementType();

  if (desc.getFp4() == FP4Mode::Unpacked && !isFP4Padded(buffer))
    return op->emitOpError()
           << "an unpacked FP4 descriptor (16U4_ALIGN16B) keeps one element "
              "per byte in shared memory: the "
           << role << " needs an NVMMA layout with fp4_padded = true";
  if (desc.getFp4() == FP4Mode::Packed && isFP4Padded(buffer))
    return op->emitOpError()
           << "a packed FP4 descriptor (16U4_ALIGN8B) keeps two elements per "
              "byte in shared memory: the "
           << role << " must not be fp4_padded";

  std::optional<unsigned> swizzle = getTMASwizzle(buffer);
  if (!swizzle)
    return op->emitOpError()
           << "TMA lays boxes out row-major (last dimension contiguous), "
              "NVMMA-swizzled or not; the "
           << role << " layout " << buffer.getEncoding()
           << " is neither (load into a non-transposed buffer and use "
              "tile.smem_trans for a transposed view)";
  // A buffer without a layout takes the descriptor's swizzle from
  // tile-legalize-layouts; the lowering rejects it if it still has none.
  if (*swizzle != desc.getSwizzle() && buffer.getEncoding())
    return op->emitOpError() << role << " layout swizzles " << *swizzle
                             << " bytes but the descriptor swizzles "
                             << desc.getSwizzle() << " bytes";

  if (buffer.getShape() == desc.getBoxShape())
    return success();
  if (desc.getNumCopies() > 1) {
    InFlightDiagnostic diag = op->emitOpError();
    diag << role << " shared buffer ";
    printShape(diag, buffer.getShape());
    diag << " differs from the box ";
    printShape(diag, desc.getBoxShape());
    diag << ", which is copied in " << desc.getNumCopies() << " pieces (";
    if (desc.getMulticast() > 1)
      diag << "split among the CTAs of a cluster";
    else
      diag << "rows wider than the " << desc.getSwizzle() << "-byte swizzle";
    diag << "): a split box into a buffer of another shape is not supported "
            "yet";
    return diag;
  }
  int64_t bufferBytes = buffer.getSizeInBytes();
  if (bufferBytes < desc.getSmemBytes())
    return op->emitOpError() << role << " shared buffer of " << bufferBytes
                             << " bytes is too small for the "
                             << desc.getSmemBytes() << "-byte box";
  if (buffer.getShape().back() != desc.getBoxShape().back()) {
    InFlightDiagnostic diag = op->emitOpError();
    diag << role << " shared buffer ";
    printShape(diag, buffer.getShape());
    diag << " and box ";
    printShape(diag, desc.getBoxShape());
    diag << " differ in their innermost dimension: TMA writes the box "
            "row by row, so rows must have the same length";
    return diag;
  }
  return success();
}

/// Rules of 1-D bulk copies between `buffer` and global memory at `ptr` +
/// `offset` elements.
static LogicalResult verifyBulkCopy(Operation *op, tile::PointerType ptr,
                                    Value offset,
                                    tile::SharedMemoryType buffer) {
  if (ptr.getPointeeType() != buffer.getElementType())
    return op->emitOpError()
           << "the global pointer points to " << ptr.getPointeeType()
           << " but the shared buffer holds " << buffer.getElementType();
  if (isFP4Padded(buffer))
    return op->emitOpError()
           << "bulk copies move bytes unchanged: an fp4_padded buffer (one "
              "4-bit value per byte) has no packed global counterpart";
  // Any unswizzled layout is a linear run of bytes, whatever its order.
  Attribute layout = buffer.getEncoding();
  auto nvmma = dyn_cast_or_null<tile::NVMMASharedLayoutAttr>(layout);
  auto swizzled = dyn_cast_or_null<tile::SwizzledSharedLayoutAttr>(layout);
  if ((nvmma && nvmma.getSwizzle() != 0) ||
      (swizzled && swizzled.getMaxPhase() != 1))
    return op->emitOpError()
           << "bulk copies move bytes linearly: the shared buffer cannot have "
              "a swizzled layout, got "
           << buffer.getEncoding();
  int64_t bytes = buffer.getSizeInBytes();
  if (bytes % 16 != 0)
    return op->emitOpError()
           << "bulk copies move a multiple of 16 bytes; the shared buffer "
              "holds "
           << bytes << " bytes";
  if (bytes > mbarrier::kMaxPendingCount)
    return op->emitOpError()
           << "bulk copies move fewer than 2^20 bytes (the mbarrier "
              "transaction counter); the shared buffer holds "
           << bytes << " bytes";
  APInt value;
  if (matchPattern(offset, m_ConstantInt(&value))) {
    int64_t bits;
    bool overflow =
        value.getSignificantBits() > 64 ||
        llvm::MulOverflow(value.getSExtValue(),
                          int64_t(buffer.getElementTypeBitWidth()), bits);
    if (!overflow && bits % 128 != 0)
      return op->emitOpError()
             << "element offset " << value.getSExtValue() << " of "
             << buffer.getElementType()
             << " leaves the global address misaligned: bulk copies need "
                "16-byte aligned addresses";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// MakeDescriptorOp
//===----------------------------------------------------------------------===//

/// True when `space` is global memory (or unspecified).
static bool isGlobalMemorySpace(Attribute space) {
  if (!space)
    return true;
  if (auto gpuSpace = dyn_cast<gpu::AddressSpaceAttr>(space))
    return gpuSpace.getValue() == gpu::AddressSpace::Global;
  if (auto intSpace = dyn_cast<IntegerAttr>(space))
    return intSpace.getInt() == 0 || intSpace.getInt() == 1;
  return false;
}

unsigned mlir::tma::getTensorMapReplaceElementType(unsigned driverCode) {
  // CUtensorMapDataType: ..., FLOAT64 = 8, BFLOAT16 = 9, FLOAT32_FTZ = 10;
  // tensormap.replace's .elemtype: .f32.ftz = 8, .f64 = 9, .bf16 = 10. The
  // others agree.
  switch (driverCode) {
  case 8:
    return 9;
  case 9:
    return 10;
  case 10:
    return 8;
  default:
    return driverCode;
  }
}

/// The rules of a tensor map over `mem` that its type shows: ranks,
/// element types, sizes, the contiguous innermost dimension, stride and
/// offset alignment (dynamic values are checked where they are known).
LogicalResult mlir::tma::verifyTensorMapSource(Operation *op, MemRefType mem,
                                               DescriptorType desc) {
  auto emitOpError = [&]() { return op->emitOpError(); };
  int64_t rank = mem.getRank();
  if (rank != desc.getRank())
    return emitOpError() << "memref rank " << rank << " differs from the box "
                         << "rank " << desc.getRank()
                         << ": the descriptor needs one box dimension per "
                            "tensor dimension";
  if (!isGlobalMemorySpace(mem.getMemorySpace()))
    return emitOpError() << "TMA descriptors address global memory, not "
                         << mem.getMemorySpace();

  Type memElement = mem.getElementType();
  if (desc.isFP4()) {
    if (!isa<Float4E2M1FNType>(memElement) && !memElement.isSignlessInteger(8))
      return emitOpError() << "an FP4 descriptor reads a memref of f4E2M1FN "
                              "or of i8 (two values per byte), got "
                           << memElement;
  } else if (memElement != desc.getElementType()) {
    return emitOpError() << "memref elements (" << memElement
                         << ") differ from the box elements ("
                         << desc.getElementType() << ")";
  }
  // With an i8 memref of FP4 data, the innermost size counts bytes.
  int64_t memBits = memElement.getIntOrFloatBitWidth();
  int64_t valuesPerElement = memBits / desc.getElementBits();

  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(mem.getStridesAndOffset(strides, offset)))
    return emitOpError() << "a TMA descriptor needs a strided memref "
                            "(identity or strided<[...]> layout), got layout "
                         << mem.getLayout();

  // Global strides of unpacked FP4 and 32-byte interleave are in 32-byte
  // units; all others in 16-byte units. The base address follows suit.
  bool needs32 = desc.getFp4() == FP4Mode::Unpacked ||
                 desc.getInterleave() == Interleave::B32;
  int64_t alignBytes = needs32 ? 32 : 16;
  StringRef alignWhy =
      desc.getFp4() == FP4Mode::Unpacked ? " (unpacked FP4, 16U4_ALIGN16B)"
      : desc.getInterleave() == Interleave::B32 ? " (interleave = i32b)"
                                                : "";

  constexpr int64_t kMaxGlobalDim = int64_t(1) << 32;
  for (auto [i, size] : llvm::enumerate(mem.getShape())) {
    if (ShapedType::isDynamic(size))
      continue;
    // Bounded first, so that counting FP4 values cannot overflow.
    int64_t values = size;
    if (size >= 1 && size <= kMaxGlobalDim && i + 1 == size_t(rank))
      values = size * valuesPerElement;
    if (size < 1 || values > kMaxGlobalDim)
      return emitOpError() << "global dimension " << i << " is " << values
                           << (values != size ? " values" : "")
                           << "; TMA global dimensions must be in [1, 2^32]";
  }
  int64_t innerSize = mem.getShape().back();
  if (!ShapedType::isDynamic(innerSize)) {
    int64_t values = innerSize * valuesPerElement;
    if (desc.getFp4() == FP4Mode::Unpacked && values % 128 != 0)
      return emitOpError() << "the innermost global dimension is " << values
                           << " values; unpacked FP4 (16U4_ALIGN16B) needs a "
                              "multiple of 128";
    if (desc.getFp4() == FP4Mode::Packed && values % 2 != 0)
      return emitOpError() << "the innermost global dimension is " << values
                           << " values; packed FP4 (16U4_ALIGN8B) needs a "
                              "multiple of 2";
  }

  int64_t innerStride = strides.back();
  if (!ShapedType::isDynamic(innerStride) && innerStride != 1)
    return emitOpError() << "the innermost dimension must be contiguous "
                            "(stride 1), got stride "
                         << innerStride
                         << ": TMA has no element stride in global memory";
  for (int64_t i = 0; i + 1 < rank; ++i) {
    int64_t stride = strides[i];
    if (ShapedType::isDynamic(stride))
      continue;
    int64_t bits;
    if (stride < 1 || llvm::MulOverflow(stride, memBits, bits) ||
        bits / 8 >= (int64_t(1) << 40))
      return emitOpError() << "global stride of dimension " << i << " is "
                           << stride << " elements of " << memElement
                           << "; TMA global strides must be positive and "
                              "less than 2^40 bytes";
    if (bits % (alignBytes * 8) != 0) {
      InFlightDiagnostic diag = emitOpError();
      diag << "global stride of dimension " << i << " is ";
      printBytes(diag, bits);
      diag << " bytes (" << stride << " x " << memElement
           << "); TMA global strides must be a multiple of " << alignBytes
           << " bytes" << alignWhy;
      return diag;
    }
  }
  int64_t offsetBits;
  if (!ShapedType::isDynamic(offset) &&
      !llvm::MulOverflow(offset, memBits, offsetBits) &&
      offsetBits % (alignBytes * 8) != 0) {
    InFlightDiagnostic diag = emitOpError();
    diag << "the memref's offset of " << offset << " elements (";
    printBytes(diag, offsetBits);
    diag << " bytes) misaligns the global address: TMA needs a " << alignBytes
         << "-byte aligned base" << alignWhy;
    return diag;
  }
  return success();
}

LogicalResult MakeDescriptorOp::verify() {
  if (tilemlir::isInDeviceCode(*this))
    return emitOpError() << "a TMA descriptor bound inside the device "
                            "function body is not supported: create it on "
                            "the host with tma.make_descriptor and pass it "
                            "as a kernel argument, or on the device with "
                            "tma.create_descriptor";
  if (failed(verifyTensorMapSource(*this, getSource().getType(),
                                    getResult().getType())))
    return failure();
  return verifyWrittenRows();
}

LogicalResult CreateDescriptorOp::verify() {
  if (failed(tilemlir::verifyInDeviceCode(*this)))
    return failure();
  DescriptorType desc = getResult().getType();
  if (desc.getL2Promotion() != L2Promotion::None)
    return emitOpError() << "sets L2 promotion, which a tensor map written "
                            "on the device cannot (tensormap.replace has no "
                            "such field): leave it out";
  auto storage = cast<tile::PointerType>(getStorage().getType());
  if (!storage.getPointeeType().isSignlessInteger(8))
    return emitOpError() << "writes the 128-byte map through a !tile.ptr<i8>, "
                            "not "
                         << storage;
  return verifyTensorMapSource(*this, getSource().getType(), desc);
}

LogicalResult AcquireDescriptorOp::verify() {
  return tilemlir::verifyInDeviceCode(*this);
}

LogicalResult MakeDescriptorOp::verifyWrittenRows(Operation *writer) {
  auto mem = cast<MemRefType>(getSource().getType());
  int64_t inner = mem.getShape().back();
  if (!getWritten() || ShapedType::isDynamic(inner) || inner < 1 ||
      inner > (int64_t(1) << 32))
    return success();
  // An i8 memref of FP4 data counts bytes; any other counts elements.
  int64_t bits = inner * mem.getElementTypeBitWidth();
  if (bits % 128 == 0)
    return success();
  InFlightDiagnostic diag = emitOpError();
  diag << "a kernel writes through this tensor map (TMA store or reduction), "
          "but a row of the tensor is "
       << inner << " x " << mem.getElementType() << " = ";
  printBytes(diag, bits);
  diag << " bytes, not a multiple of 16: TMA stores write whole 16-byte "
          "units, so a store reaching the end of a row would also write the ";
  printBytes(diag, 128 - bits % 128);
  diag << " bytes after it; make the innermost dimension a whole number of "
          "16-byte units, or store the tile another way";
  if (writer)
    diag.attachNote(writer->getLoc())
        << "written through by this " << writer->getName();
  return diag;
}

Operation *mlir::tma::findWriteThrough(Value descriptor) {
  SmallVector<Value> worklist = {descriptor};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user->hasAttr(kUncheckedAttrName))
        continue;
      if (auto store = dyn_cast<AsyncStoreOp>(user);
          store && store.getDesc() == value)
        return user;
      if (auto reduce = dyn_cast<AsyncReduceOp>(user);
          reduce && reduce.getDesc() == value)
        return user;
      // A capture of tile.warp_specialize is the same-numbered argument of
      // every partition.
      if (auto ws = dyn_cast<tile::WarpSpecializeOp>(user))
        for (Region &partition : ws.getPartitionRegions())
          worklist.push_back(
              partition.getArgument(use.getOperandNumber()));
    }
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Tensor copies
//===----------------------------------------------------------------------===//

/// A constant multicast mask names CTAs of the kernel's cluster, and as
/// many as a split descriptor has pieces.
static LogicalResult verifyMulticastMask(Operation *op, DescriptorType desc,
                                         Value mask) {
  APInt value;
  if (!mask || !matchPattern(mask, m_ConstantInt(&value)))
    return success();
  uint64_t bits = value.getZExtValue() & 0xffff;
  unsigned count = llvm::popcount(bits);
  if (count == 0)
    return op->emitOpError() << "multicast mask 0 names no CTA";
  if (desc.getMulticast() > 1 && count != desc.getMulticast())
    return op->emitOpError()
           << "the descriptor splits its box among " << desc.getMulticast()
           << " CTAs (multicast = " << desc.getMulticast()
           << "), but the multicast mask 0x" << llvm::utohexstr(bits)
           << " names " << count
           << ": every CTA of the mask issues one piece and receives all";
  auto func = op->getParentOfType<gpu::GPUFuncOp>();
  std::optional<ArrayRef<int32_t>> cluster =
      func ? func.getKnownClusterSize() : std::nullopt;
  if (!cluster)
    return success();
  int64_t ctas = 1;
  for (int32_t d : *cluster)
    ctas *= d;
  if (ctas < 16 && bits >> ctas != 0)
    return op->emitOpError()
           << "multicast mask 0x" << llvm::utohexstr(bits)
           << " names CTA rank " << llvm::Log2_64(bits)
           << ", but the kernel's clusters have " << ctas
           << " CTAs (known_cluster_size)";
  return success();
}

LogicalResult AsyncLoadOp::verify() {
  if (failed(tilemlir::verifyInDeviceCode(*this)))
    return failure();
  DescriptorType desc = getDesc().getType();
  if (failed(verifyCoordinates(*this, desc, getCoords())))
    return failure();
  tile::SharedMemoryType dst = getDst().getType();
  if (!dst.getIsMutable())
    return emitOpError() << "destination shared buffer must be mutable";
  if (failed(verifyMulticastMask(*this, desc, getMulticastMask())))
    return failure();
  return verifyBoxBuffer(*this, desc, dst, "destination");
}

/// Shared rules of TMA stores and reductions.
static LogicalResult verifyStoreLike(Operation *op, DescriptorType desc,
                                     ValueRange coords,
                                     tile::SharedMemoryType src) {
  if (failed(tilemlir::verifyInDeviceCode(op)))
    return failure();
  if (failed(verifyCoordinates(op, desc, coords)))
    return failure();
  if (desc.getFp4() == FP4Mode::Unpacked)
    return op->emitOpError()
           << "TMA stores support only packed FP4: an unpacked "
              "(16U4_ALIGN16B) FP4 buffer can only be loaded";
  return verifyBoxBuffer(op, desc, src, "source");
}

LogicalResult AsyncStoreOp::verify() {
  return verifyStoreLike(*this, getDesc().getType(), getCoords(),
                         getSrc().getType());
}

LogicalResult AsyncReduceOp::verify() {
  DescriptorType desc = getDesc().getType();
  if (failed(verifyStoreLike(*this, desc, getCoords(), getSrc().getType())))
    return failure();
  Type type = desc.getElementType();
  bool minMaxType = type.isSignlessInteger(32) || type.isSignlessInteger(64) ||
                    type.isF16() || type.isBF16();
  bool ok =
      getKind() == ReduceKind::Add ? minMaxType || type.isF32() : minMaxType;
  if (!ok)
    return emitOpError() << "TMA reduction '" << stringifyReduceKind(getKind())
                         << "' does not support " << type
                         << " elements; add takes i32, i64, f16, bf16 or "
                            "f32, min and max take i32, i64, f16 or bf16";
  return success();
}

//===----------------------------------------------------------------------===//
// Bulk groups and prefetch
//===----------------------------------------------------------------------===//

LogicalResult StoreCommitOp::verify() {
  return tilemlir::verifyInDeviceCode(*this);
}

LogicalResult StoreWaitOp::verify() {
  if (failed(tilemlir::verifyInDeviceCode(*this)))
    return failure();
  // The getter is unsigned; read the attribute as a signed value.
  int64_t pending = getPendingAttr().getInt();
  if (pending < 0)
    return emitOpError() << "pending must be >= 0 (the number of bulk groups "
                            "left in flight), got "
                         << pending;
  return success();
}

LogicalResult PrefetchDescriptorOp::verify() {
  return tilemlir::verifyInDeviceCode(*this);
}

//===----------------------------------------------------------------------===//
// 1-D bulk copies
//===----------------------------------------------------------------------===//

LogicalResult BulkLoadOp::verify() {
  if (failed(tilemlir::verifyInDeviceCode(*this)))
    return failure();
  tile::SharedMemoryType dst = getDst().getType();
  if (!dst.getIsMutable())
    return emitOpError() << "destination shared buffer must be mutable";
  return verifyBulkCopy(*this, getSrc().getType(), getOffset(), dst);
}

LogicalResult BulkStoreOp::verify() {
  if (failed(tilemlir::verifyInDeviceCode(*this)))
    return failure();
  return verifyBulkCopy(*this, getDst().getType(), getOffset(),
                        getSrc().getType());
}
