//===- Common.h - Shared helpers of TileMLIR's NVVM lowering ----*- C++ -*-===//

#ifndef TILEMLIR_LIB_CONVERSION_TILETONVVM_COMMON_H
#define TILEMLIR_LIB_CONVERSION_TILETONVVM_COMMON_H

#include "TMA/TMADialect.h"
#include "Tile/TileDialect.h"
#include "TileMLIR/Analysis/LayoutConversions.h"
#include "TileMLIR/Analysis/LinearLayout.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::tilemlir {

/// NVPTX address spaces.
constexpr unsigned kGlobalAddressSpace = 1;
constexpr unsigned kSharedAddressSpace = 3;

/// Name of the dynamic shared-memory array every shared buffer lives in.
constexpr llvm::StringLiteral kSharedMemoryBaseName = "__tile_smem";

Type getSharedPointerType(MLIRContext *context);

Value createI32Constant(OpBuilder &b, Location loc, int64_t value);

/// Address of the kernel's dynamic shared memory (declared once per
/// gpu.module, 1024-byte aligned so 128-byte swizzle atoms line up).
Value getSharedMemoryBase(OpBuilder &b, Location loc, Operation *anchor);

/// `base + byteOffset` as an i8 GEP in base's address space.
Value createByteOffset(OpBuilder &b, Location loc, Value base,
                       Value byteOffset);
Value createByteOffset(OpBuilder &b, Location loc, Value base,
                       int64_t byteOffset);

/// Index of the executing warp in the CTA, made warp-uniform by a shuffle
/// from lane 0 so branches on it do not diverge.
Value createWarpId(OpBuilder &b, Location loc);

/// Index of the executing thread within its warp.
Value createLaneId(OpBuilder &b, Location loc);

/// PTX the NVVM dialect has no op for, as inline assembly (AT&T dialect):
/// its one result (none for a null `resultType`).
Value createInlineAsm(OpBuilder &b, Location loc, Type resultType,
                      ValueRange operands, StringRef asmString,
                      StringRef constraints, bool sideEffects);

/// Address of a memref's first element (its LLVM descriptor's aligned
/// pointer plus offset).
Value getMemRefStart(OpBuilder &b, Location loc, Value descriptor,
                     Type elementType);

/// The LLVM type of the elements a tensor map over `memref` addresses, or
/// failure with a diagnostic at `op`.
FailureOr<Type> getTensorMapStorageType(Operation *op,
                                        const TypeConverter &converter,
                                        MemRefType memref);

/// What a tensor map of `desc` takes from a memref (`descriptor`, its LLVM
/// descriptor; `storageType`, getTensorMapStorageType's), the same for the
/// host's cuTensorMapEncodeTiled and a map a kernel writes: the address of
/// its first element, and per dimension (0 outermost) the size (4-bit
/// values for FP4 held in an i8 memref) and, for all but the innermost, the
/// stride in bytes. All i64, emitted where asked.
class TensorMapGeometry {
public:
  TensorMapGeometry(Value descriptor, tma::DescriptorType desc,
                    Type storageType);
  Value getStart(OpBuilder &b, Location loc) const;
  Value getSize(OpBuilder &b, Location loc, int64_t d, int64_t rank) const;
  Value getStrideBytes(OpBuilder &b, Location loc, int64_t d) const;

private:
  Value descriptor;
  Type storageType;
  /// FP4 data held in an i8 memref: two 4-bit elements per byte of the
  /// innermost dimension (the map counts 4-bit elements).
  bool packedInBytes;
  int64_t strideBits;
};

/// Emits `body` so that it runs only where `cond` holds. Inside a function
/// body (the full lowering runs after scf-to-cf) the block is split around
/// a conditional branch; inside a structured region (the tmem-only pass)
/// the code goes in an scf.if, which keeps that region single-block.
void emitIf(ConversionPatternRewriter &rewriter, Location loc, Value cond,
            function_ref<void()> body);

/// The barrier around `op`'s shared scratch: the named barrier of its
/// `tile.sync_group` (a warp-specialized region's warps), else the whole
/// CTA's bar.sync 0.
void createScratchBarrier(OpBuilder &b, Location loc, Operation *op);

/// The `tile.offset` the shared-memory allocator gave `op`, or failure with
/// a diagnostic saying the allocator has not run.
FailureOr<int64_t> getAllocatedOffset(Operation *op);

/// Replaces a shared-memory allocation (tile.alloc_smem, mbarrier.alloc) by
/// its address: the dynamic shared-memory base plus its `tile.offset`.
LogicalResult replaceWithAllocatedAddress(Operation *op,
                                          ConversionPatternRewriter &rewriter);

struct I32Builder;

/// One input of a linear map over GF(2) applied to runtime values: bit i of
/// `value` selects `words[i]`. Bits past `words` are ignored (masked off)
/// unless `inRange` says the value has none.
struct LinearInput {
  Value value;
  SmallVector<int64_t> words;
  bool inRange = false;
};

/// The XOR of the words selected by the set bits of every input (i32).
/// Runs of bits whose words double without overlapping move as one masked
/// field times the first word, and fields on disjoint bits add.
Value emitLinearMap(I32Builder &ib, ArrayRef<LinearInput> inputs);

/// How the lowering addresses elements of a shared buffer type. lib/Analysis
/// is the one source of truth: the buffer's linear offset map
/// (getSharedOffsetMap) where one describes it (power-of-two shapes), else
/// evalSharedElementOffset, the formula the map is built from (non-power-of
/// -two shapes and stage counts, windows narrower than their swizzle).
class SharedAddressing {
public:
  /// Failure, emitting through `emitError` (silent without one), for
  /// buffers whose elements the lowering cannot address yet (sub-byte and
  /// fp4-padded elements).
  static FailureOr<SharedAddressing> get(tile::SharedMemoryType type,
                                         EmitErrorFn emitError);

  /// Byte offset (i32) of element `indices` (i32 values in range, one per
  /// dimension).
  Value emitByteOffset(I32Builder &ib, ValueRange indices) const;

  /// The offset map (dim0, ..., dimN-1) -> (offset), in elements; null
  /// where the formula addresses the buffer.
  const LinearLayout *getOffsetMap() const {
    return offsetMap ? &*offsetMap : nullptr;
  }
  int64_t getElementBytes() const { return elementBytes; }

private:
  tile::SharedMemoryType type;
  std::optional<LinearLayout> offsetMap;
  int64_t elementBytes = 0;
};

/// Emits `message` through `emitError` where there is one; always fails.
/// The plan functions of the op families (getXPlan(op, emitError)) report
/// through it: their patterns call them silently and fail to match, the
/// families' verify functions with an emitter, so the rule that fails is
/// stated once, by the code that relies on it.
LogicalResult emitRule(EmitErrorFn emitError, const Twine &message);

//===----------------------------------------------------------------------===//
// Register tiles (RegisterTiles.h)
//===----------------------------------------------------------------------===//

/// The #tile.wgmma layout of a wgmma accumulator tile (warpsPerCTA = [W, 1],
/// shape M x instrShape[1] with M a multiple of 16 W), or failure, emitting
/// through `emitError` the rule the type breaks.
FailureOr<tile::WgmmaLayoutAttr> getSupportedWgmma(Type type,
                                                   EmitErrorFn emitError);
/// The same, null for other types.
tile::WgmmaLayoutAttr getSupportedWgmma(Type type);

/// True for register tiles of rank 1 to 4 in #tile.blocked, #tile.slice,
/// #tile.linear or #tile.dot_operand layouts, or wgmma accumulator tiles,
/// with power-of-two shapes: they become a vector of the thread's
/// registers in the order of their linear layout.
bool isDistributedRegisterTile(Type type);

/// Register tiles (wgmma accumulator and distributed tiles) become a
/// vector of the thread's elements (RegisterTiles.h).
void populateRegisterTileTypeConversions(LLVMTypeConverter &converter);

//===----------------------------------------------------------------------===//
// Op families
//===----------------------------------------------------------------------===//
//
// Each family of operations has its file, its populate<Family>ToNVVMPatterns
// and, where some of its operations cannot be lowered, a
// verify<Family>Lowering(op): success for operations outside the family;
// for its own, the plan functions its patterns call, with an emitter, so
// the diagnostic names the rule that fails. The passes call every verify
// function on every operation before converting (the first error stops).

/// Register-tile operands and results of any operation: their types
/// (checkRegisterTileType), the warps their layouts assume, and operations
/// no family lowers on distributed tiles (RegisterTiles.cpp).
LogicalResult verifyRegisterTileLowering(Operation *op);

/// Elementwise arith/math on register tiles, constants, tile.splat,
/// tile.range, tile.expand_dims, tile.broadcast (ElementwiseToNVVM.cpp).
void populateElementwiseToNVVMPatterns(LLVMTypeConverter &converter,
                                       RewritePatternSet &patterns);
LogicalResult verifyElementwiseLowering(Operation *op);
/// Whether `type` (a scalar, or a vector or tensor of them) holds floats of
/// 8 bits or fewer: the GPU converts them, it has no arithmetic on them.
bool isNarrowFloat(Type type);
/// The first operand or result of `op` that holds such floats, or null.
Value findNarrowFloat(Operation *op);
/// arith and math operations on floats of 8 bits or fewer: only
/// arith.truncf / arith.extf (to and from f8E4M3FN and f8E5M2, on scalars,
/// 1-D vectors and register tiles), constants, selects and bitcasts; the
/// rest (no 8-bit float arithmetic exists) is refused with the rule.
LogicalResult checkNarrowFloatOps(Operation *op, EmitErrorFn emitError);

/// tile.alloc_smem, views (smem_index, smem_subslice, smem_trans) and
/// tile.smem_load / tile.smem_store of scalars and whole register tiles
/// (SharedMemoryToNVVM.cpp).
void populateSharedMemoryToNVVMPatterns(LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns);
LogicalResult verifySharedMemoryLowering(Operation *op);

/// tile.load / tile.store of scalars and register tiles, vectorized where
/// the offsets are provably contiguous (GlobalMemoryToNVVM.cpp).
void populateGlobalMemoryToNVVMPatterns(LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns);
LogicalResult verifyGlobalMemoryLowering(Operation *op);

/// TMA stores and reductions whose constant innermost coordinate does not
/// start the box 16-byte aligned (TMAToNVVM.cpp; coordinates the lowering
/// cannot prove aligned are checked at run time instead).
LogicalResult verifyTMALowering(Operation *op);

/// Transaction byte counts left out and never inferred
/// (tile-infer-transaction-bytes; MBarrierToNVVM.cpp).
LogicalResult verifyMBarrierLowering(Operation *op);

/// tile.convert_layout (ConvertLayoutToNVVM.cpp).
void populateConvertLayoutToNVVMPatterns(LLVMTypeConverter &converter,
                                         RewritePatternSet &patterns);
LogicalResult verifyConvertLayoutLowering(Operation *op);

/// tile.reduce (ReduceToNVVM.cpp).
void populateReduceToNVVMPatterns(LLVMTypeConverter &converter,
                                  RewritePatternSet &patterns);
LogicalResult verifyReduceLowering(Operation *op);

/// Grid and thread queries, elect, fences and barriers (ControlToNVVM.cpp).
void populateControlToNVVMPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns);

/// tile.dot on wgmma.mma_async, tile.dot_wait (DotWgmmaToNVVM.cpp).
void populateDotWgmmaToNVVMPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
LogicalResult verifyDotWgmmaLowering(Operation *op);
/// wgmma.wait_group `pending` that passes the registers of `tiles`
/// through (so their later reads stay after it); returns the tiles.
SmallVector<Value> createAccumulatorWait(OpBuilder &b, Location loc,
                                         int64_t pending, ValueRange tiles);
/// tile.dot and tile.dot_wait need a chip with wgmma: fails for them in a
/// module whose #nvvm.target has none.
LogicalResult verifyWgmmaTarget(Operation *op);

/// Tensor memory (TensorMemoryToNVVM.cpp): the base-address slot of
/// tile-allocate-tensor-memory, alloc, dealloc, relinquish, index,
/// subslice, copy, load, store, fence, wait. !tmem.buffer becomes
/// !llvm.ptr<6> (a tensor-memory address); the tcgen05 MMA family relies
/// on this conversion.
void populateTensorMemoryToNVVMPatterns(LLVMTypeConverter &converter,
                                        RewritePatternSet &patterns);
LogicalResult verifyTensorMemoryLowering(Operation *op);
/// Every tmem operation needs a chip with tensor memory: fails for tmem
/// operations in a module whose #nvvm.target has none.
LogicalResult verifyTensorMemoryTarget(Operation *op);

/// tmem.mma, tmem.mma_scaled and tmem.commit on tcgen05
/// (DotTcgen05ToNVVM.cpp).
void populateDotTcgen05ToNVVMPatterns(LLVMTypeConverter &converter,
                                      RewritePatternSet &patterns);
LogicalResult verifyDotTcgen05Lowering(Operation *op);

/// Integer arithmetic on i32 values that folds constants, so addresses with
/// constant indices become constant offsets.
struct I32Builder {
  /// For evalSharedElementOffset, which is written over any arithmetic.
  using Value = ::mlir::Value;

  OpBuilder &b;
  Location loc;

  static std::optional<int64_t> constant(Value v) {
    if (auto c = v.getDefiningOp<LLVM::ConstantOp>())
      if (auto attr = dyn_cast<IntegerAttr>(c.getValue()))
        return attr.getInt();
    return std::nullopt;
  }

  Value c(int64_t v) { return createI32Constant(b, loc, v); }

  template <typename OpT>
  Value binary(Value x, Value y, function_ref<int64_t(int64_t, int64_t)> fold) {
    std::optional<int64_t> cx = constant(x), cy = constant(y);
    if (cx && cy)
      return c(int32_t(fold(*cx, *cy)));
    return OpT::create(b, loc, x, y);
  }

  Value add(Value x, Value y) {
    if (constant(y) == 0)
      return x;
    if (constant(x) == 0)
      return y;
    return binary<LLVM::AddOp>(x, y, [](int64_t a, int64_t b) { return a + b; });
  }
  Value mul(Value x, int64_t y) {
    if (y == 1)
      return x;
    return binary<LLVM::MulOp>(x, c(y),
                               [](int64_t a, int64_t b) { return a * b; });
  }
  Value udiv(Value x, int64_t y) {
    if (y == 1)
      return x;
    return binary<LLVM::UDivOp>(x, c(y), [](int64_t a, int64_t b) {
      return int64_t(uint32_t(a) / uint32_t(b));
    });
  }
  Value urem(Value x, int64_t y) {
    return binary<LLVM::URemOp>(x, c(y), [](int64_t a, int64_t b) {
      return int64_t(uint32_t(a) % uint32_t(b));
    });
  }
  Value lshr(Value x, int64_t y) {
    return binary<LLVM::LShrOp>(x, c(y), [](int64_t a, int64_t b) {
      return int64_t(uint32_t(a) >> b);
    });
  }
  Value shl(Value x, int64_t y) {
    return binary<LLVM::ShlOp>(x, c(y),
                               [](int64_t a, int64_t b) { return a << b; });
  }
  Value andI(Value x, int64_t y) {
    return binary<LLVM::AndOp>(x, c(y),
                               [](int64_t a, int64_t b) { return a & b; });
  }
  Value xorI(Value x, Value y) {
    return binary<LLVM::XOrOp>(x, y, [](int64_t a, int64_t b) { return a ^ b; });
  }
};

} // namespace mlir::tilemlir

#endif // TILEMLIR_LIB_CONVERSION_TILETONVVM_COMMON_H
