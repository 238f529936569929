//===- WgmmaToNVVM.cpp - tile.dot on wgmma --------------------------------===//
//
// tile.dot with a wgmma accumulator (RegisterTiles.h: its registers in the
// wgmma fragment order) becomes wgmma.mma_async over shared-memory matrix
// descriptors derived from the operands' NVMMA layouts, or, with A a
// register tile (#tile.dot_operand), the register-A form of wgmma as inline
// PTX, A's registers taken in the order its linear layout gives.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "TileMLIR/Conversion/Passes.h"

#include "TileMLIR/Analysis/LayoutConversions.h"
#include "TileMLIR/Analysis/LinearLayout.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

#include <map>

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

namespace {

//===----------------------------------------------------------------------===//
// tile.dot -> wgmma.mma_async
//===----------------------------------------------------------------------===//

std::optional<NVVM::WGMMATypes> getWgmmaType(Type type) {
  if (type.isF16())
    return NVVM::WGMMATypes::f16;
  if (type.isBF16())
    return NVVM::WGMMATypes::bf16;
  if (type.isF32())
    return NVVM::WGMMATypes::tf32;
  if (isa<Float8E4M3FNType>(type))
    return NVVM::WGMMATypes::e4m3;
  if (isa<Float8E5M2Type>(type))
    return NVVM::WGMMATypes::e5m2;
  if (type.isInteger(8))
    return NVVM::WGMMATypes::s8;
  return std::nullopt;
}

std::optional<NVVM::WGMMATypes> getWgmmaAccType(Type type) {
  if (type.isF32())
    return NVVM::WGMMATypes::f32;
  if (type.isF16())
    return NVVM::WGMMATypes::f16;
  if (type.isInteger(32))
    return NVVM::WGMMATypes::s32;
  return std::nullopt;
}

/// Swizzle-mode field of the matrix descriptor.
int64_t getDescriptorSwizzle(int64_t swizzle) {
  switch (swizzle) {
  case 128:
    return 1;
  case 64:
    return 2;
  case 32:
    return 3;
  default:
    return 0;
  }
}

/// A 64-bit wgmma shared-memory matrix descriptor:
///   bits 0-13 start address >> 4, 16-29 leading byte offset >> 4,
///   32-45 stride byte offset >> 4, 62-63 swizzle mode.
/// `base` is the buffer (shared pointer), `offset` the i32 byte offset of
/// the matrix start.
Value createMatrixDescriptor(OpBuilder &b, Location loc, Value base,
                             Value offset, int64_t leadingBytes,
                             int64_t strideBytes, int64_t swizzle) {
  Type i64 = b.getI64Type();
  Value addr = LLVM::PtrToIntOp::create(b, loc, b.getI32Type(),
                                        createByteOffset(b, loc, base, offset));
  Value start = LLVM::ZExtOp::create(b, loc, i64, addr);
  auto c64 = [&](int64_t v) {
    return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
  };
  start = LLVM::LShrOp::create(b, loc, LLVM::AndOp::create(b, loc, start,
                                                            c64(0x3FFFF)),
                               c64(4));
  int64_t fields = ((leadingBytes >> 4) & 0x3FFF) << 16 |
                   ((strideBytes >> 4) & 0x3FFF) << 32 |
                   getDescriptorSwizzle(swizzle) << 62;
  return LLVM::OrOp::create(b, loc, start, c64(fields));
}

/// Bits of the 32-bit registers a wgmma fragment packs `type` into.
int64_t getElementBits(Type type) { return type.getIntOrFloatBitWidth(); }

/// For a register tile A (#tile.dot_operand), the tile's registers in the
/// order of the PTX register fragment of matrix A ("Register Fragments:
/// Matrix A" of wgmma): per m-repetition, per K step, element i of
/// a0, a1, ... is register result[(rep * kSteps + ks) * 4 * per + i], where
/// `per` elements share a 32-bit register. The ISA gives thread (warp w,
/// lane l) element i = (q, e) (q = i / per, e = i % per) at
///   row = 16 * (w % 4) + l / 4 + 8 * (q % 2)
///   col = (l % 4) * per + e + 4 * per * (q / 2)
/// of its warpgroup's 64 x (8 * per) block. The registers come from the
/// tile's linear layout, after checking that its lanes and warps are the
/// ISA's, so the lowering never assumes an order the engine does not give.
FailureOr<SmallVector<int64_t>>
getAFragmentRegisters(RankedTensorType aType, int64_t w0, std::string &why) {
  FailureOr<LinearLayout> layout = toLinearLayout(aType);
  if (failed(layout)) {
    why = "the A tile has no linear layout";
    return failure();
  }
  int64_t per = 32 / getElementBits(aType.getElementType());
  int64_t m = aType.getShape()[0], k = aType.getShape()[1];
  int64_t kInstr = 8 * per, kSteps = k / kInstr, mReps = m / (16 * w0);
  SmallVector<LinearLayout::Basis> lanes = {
      {0, int32_t(per)}, {0, int32_t(2 * per)}, {1, 0}, {2, 0}, {4, 0}};
  if (ArrayRef<LinearLayout::Basis>(lanes) != layout->getBases(kLane)) {
    why = "its lanes do not hold the rows and columns the PTX register "
          "fragment of A gives them (row l / 4, column (l % 4) * " +
          std::to_string(per) + ")";
    return failure();
  }
  ArrayRef<LinearLayout::Basis> warps = layout->getBases(kWarp);
  for (auto [b, basis] : llvm::enumerate(warps))
    if (basis != LinearLayout::Basis{int32_t(16 << b), 0}) {
      why = "warp " + std::to_string(int64_t(1) << b) +
            " does not hold rows 16 * warp of A, as the accumulator does";
      return failure();
    }
  if ((int64_t(1) << warps.size()) != w0) {
    why = "its warps do not match the accumulator's";
    return failure();
  }
  std::map<std::pair<int32_t, int32_t>, int64_t> byCoords;
  for (int64_t r = 0, e = layout->getNumRegisters(); r < e; ++r) {
    SmallVector<int32_t> c = *layout->apply({{kRegister, int32_t(r)}});
    byCoords.try_emplace({c[0], c[1]}, r);
  }
  SmallVector<int64_t> registers;
  for (int64_t rep = 0; rep < mReps; ++rep)
    for (int64_t ks = 0; ks < kSteps; ++ks)
      for (int64_t i = 0; i < 4 * per; ++i) {
        int64_t q = i / per, e = i % per;
        int32_t row = rep * 16 * w0 + 8 * (q % 2);
        int32_t col = ks * kInstr + e + 4 * per * (q / 2);
        auto it = byCoords.find({row, col});
        if (it == byCoords.end()) {
          why = "no register holds element (" + std::to_string(row) + ", " +
                std::to_string(col) + ") of the fragment";
          return failure();
        }
        registers.push_back(it->second);
      }
  return registers;
}

/// Element types wgmma takes from registers for A, with the rule they break.
LogicalResult checkRegisterA(DotOp op, RankedTensorType aType,
                             WgmmaLayoutAttr accLayout) {
  auto aLayout = dyn_cast_or_null<DotOperandLayoutAttr>(aType.getEncoding());
  if (!aLayout || aLayout.getParent() != accLayout)
    return op.emitOpError()
           << "wgmma with A in registers needs A in a #tile.dot_operand<opIdx "
              "= 0> layout whose parent is the accumulator's #tile.wgmma "
              "layout";
  Type elem = aType.getElementType();
  if (!getWgmmaType(elem))
    return op.emitOpError() << "not supported yet: these wgmma types";
  int64_t bits = getElementBits(elem);
  int64_t per = 32 / bits;
  if (aLayout.getKWidth() != per)
    return op.emitOpError()
           << "wgmma packs " << per << " " << bits
           << "-bit A elements into each 32-bit register, so A's "
              "#tile.dot_operand layout needs kWidth = "
           << per << ", got kWidth = " << aLayout.getKWidth();
  std::string why;
  if (failed(getAFragmentRegisters(aType, accLayout.getWarpsPerCTA()[0], why)))
    return op.emitOpError()
           << "internal error: A's linear layout is not the wgmma register "
              "fragment of A: "
           << why;
  return success();
}

/// The dense (unswizzled) layout of a #tile.nvmma_shared<swizzle = 0>
/// buffer, as the layout engine and TMA's SWIZZLE_NONE write it, puts the
/// rows of its contiguous dimension one row length apart. Without swizzling
/// wgmma reads 8-row x 16-byte core matrices whose rows are 16 bytes apart,
/// so only a contiguous dimension of exactly 16 bytes is such a layout. A
/// K-major operand never is (one instruction's K alone is 32 bytes), nor an
/// M-major A (M >= 64); an MN-major B with N = 16 bytes (8 16-bit
/// elements) is.
LogicalResult checkUnswizzled(DotOp op, SharedMemoryType type, StringRef name,
                              bool transposed, bool kMajor) {
  int64_t elemBytes = type.getElementTypeBitWidth() / 8;
  // Rank 2: a transposed NVMMA buffer is contiguous along dimension 0.
  int64_t contig = transposed ? type.getShape()[0] : type.getShape()[1];
  int64_t rowBytes = contig * elemBytes;
  if (rowBytes == 16)
    return success();
  InFlightDiagnostic diag = op.emitOpError();
  diag << "wgmma cannot read the unswizzled " << (kMajor ? "K" : "MN")
       << "-major " << name
       << " operand: a #tile.nvmma_shared<swizzle = 0> buffer is dense (as "
          "TMA writes it without swizzle), so its contiguous dimension puts "
          "rows "
       << rowBytes
       << " bytes apart, but unswizzled wgmma operands are 8 x 16-byte core "
          "matrices whose rows are 16 bytes apart: only a 16-byte "
          "contiguous dimension fits (an MN-major B with N = 16 bytes); use a "
          "32-, 64- or 128-byte swizzle";
  return diag;
}

/// What the wgmma lowering handles today, with the reason when it does not.
LogicalResult checkDot(DotOp op) {
  auto accType = cast<RankedTensorType>(op.getAcc().getType());
  WgmmaLayoutAttr accLayout = getSupportedWgmma(accType);
  if (!accLayout)
    return op.emitOpError()
           << "not supported yet: wgmma lowering needs a #tile.wgmma "
              "accumulator with warpsPerCTA = [W, 1] and instrShape = [16, N]";
  if (!getWgmmaAccType(accType.getElementType()))
    return op.emitOpError() << "not supported yet: these wgmma types";
  SharedMemoryType bType = op.getB().getType();
  auto bLayout = dyn_cast_or_null<NVMMASharedLayoutAttr>(bType.getEncoding());
  if (!bLayout)
    return op.emitOpError()
           << "not supported yet: wgmma operands in shared memory need a "
              "#tile.nvmma_shared layout";
  bool bKMajor = bLayout.getTransposed();
  if (bLayout.getSwizzle() == 0 &&
      failed(checkUnswizzled(op, bType, "B", bKMajor, bKMajor)))
    return failure();

  if (auto aTile = dyn_cast<RankedTensorType>(op.getA().getType()))
    return checkRegisterA(op, aTile, accLayout);

  auto aType = cast<SharedMemoryType>(op.getA().getType());
  auto aLayout = dyn_cast_or_null<NVMMASharedLayoutAttr>(aType.getEncoding());
  if (!aLayout)
    return op.emitOpError()
           << "not supported yet: wgmma operands in shared memory need a "
              "#tile.nvmma_shared layout";
  bool aMMajor = aLayout.getTransposed();
  if (aLayout.getSwizzle() == 0 &&
      failed(checkUnswizzled(op, aType, "A", aMMajor, !aMMajor)))
    return failure();
  if (aMMajor && aType.getElementTypeBitWidth() != 16)
    return op.emitOpError()
           << "wgmma transposes only 16-bit operands: an M-major A needs "
              "f16 or bf16 elements";
  if (!getWgmmaType(aType.getElementType()))
    return op.emitOpError() << "not supported yet: these wgmma types";
  return success();
}

/// `type` in PTX instruction-type syntax.
StringRef getPtxTypeName(NVVM::WGMMATypes type) {
  return NVVM::stringifyWGMMATypes(type);
}

/// One `wgmma.mma_async` with A from registers, as inline PTX (the NVVM op
/// takes A only as a shared-memory descriptor). `d` is the accumulator
/// fragment (f32 or s32 elements, or f16 pairs packed into i32), updated in
/// place; `a` the four 32-bit A registers.
Value createRegisterAWgmma(OpBuilder &b, Location loc, Value d,
                           ArrayRef<Value> a, Value descB, int64_t n, int64_t k,
                           NVVM::WGMMATypes dType, NVVM::WGMMATypes abType,
                           bool bKMajor) {
  auto structType = cast<LLVM::LLVMStructType>(d.getType());
  int64_t numD = structType.getBody().size();
  bool isFloat = isa<FloatType>(structType.getBody()[0]);
  std::string dList, constraints;
  for (int64_t i = 0; i < numD; ++i) {
    dList += (i ? ", $" : "$") + std::to_string(i);
    constraints += isFloat ? "=f," : "=r,";
  }
  // Tied inputs: the accumulator is read and written.
  for (int64_t i = 0; i < numD; ++i)
    constraints += std::to_string(i) + ",";
  constraints += "r,r,r,r,l";
  int64_t firstA = 2 * numD;
  std::string aList;
  for (int64_t i = 0; i < 4; ++i)
    aList += (i ? ", $" : "$") + std::to_string(firstA + i);
  // Immediates each type takes (PTX ISA): scale-a/b for floats, trans-b for
  // 16-bit types only; integer MMA takes neither.
  std::string immediates;
  if (abType == NVVM::WGMMATypes::f16 || abType == NVVM::WGMMATypes::bf16)
    immediates = std::string(", 1, 1, ") + (bKMajor ? "0" : "1");
  else if (abType != NVVM::WGMMATypes::s8 && abType != NVVM::WGMMATypes::u8)
    immediates = ", 1, 1";
  std::string asmString =
      "{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n" +
      std::to_string(n) + "k" + std::to_string(k) + "." +
      getPtxTypeName(dType).str() + "." + getPtxTypeName(abType).str() + "." +
      getPtxTypeName(abType).str() + " {" + dList + "}, {" + aList + "}, $" +
      std::to_string(firstA + 4) + ", p" + immediates + ";\n}";
  SmallVector<Value> operands;
  for (int64_t i = 0; i < numD; ++i)
    operands.push_back(LLVM::ExtractValueOp::create(b, loc, d, i));
  llvm::append_range(operands, a);
  operands.push_back(descB);
  auto op = LLVM::InlineAsmOp::create(
      b, loc, structType, operands, b.getStringAttr(asmString),
      b.getStringAttr(constraints), b.getUnitAttr(), UnitAttr(),
      LLVM::TailCallKindAttr::get(b.getContext(), LLVM::TailCallKind::None),
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  return op.getResult(0);
}

/// Descriptor of B for K step `kElem` (in elements).
Value createDescriptorB(OpBuilder &b, Location loc, Value base,
                        SharedMemoryType bType, int64_t kElem) {
  I32Builder ib{b, loc};
  auto bLayout = cast<NVMMASharedLayoutAttr>(bType.getEncoding());
  int64_t k = bType.getShape()[0], n = bType.getShape()[1];
  int64_t elemBytes = bType.getElementTypeBitWidth() / 8;
  int64_t swizzle = bLayout.getSwizzle();
  if (swizzle == 0) {
    // MN-major [K x 16 bytes], dense: each 8 K rows are one contiguous
    // 128-byte core matrix. The next core matrix along K is 128 bytes on;
    // there is only one along N, so both offsets may say 128 (the leading
    // and stride roles of MN-major operands differ between swizzled and
    // unswizzled modes).
    return createMatrixDescriptor(b, loc, base, ib.c(kElem * 16), 128, 128, 0);
  }
  int64_t chunk = swizzle / elemBytes;
  if (bLayout.getTransposed()) {
    // B stored [N x K] (K contiguous): like A.
    return createMatrixDescriptor(
        b, loc, base,
        ib.c(kElem / chunk * n * swizzle + kElem % chunk * elemBytes), 16,
        8 * swizzle, swizzle);
  }
  // B stored [K x N] (N contiguous): N split into chunks of `swizzle`
  // bytes, each [K x swizzle]; consecutive chunks are K * swizzle apart
  // (leading offset), 8-row K groups 8 * swizzle apart (stride offset).
  return createMatrixDescriptor(b, loc, base, ib.c(kElem * swizzle),
                                k * swizzle, 8 * swizzle, swizzle);
}

/// Descriptor of a shared A for the 64 rows from `rowStart`, K step
/// `kElem`.
Value createDescriptorA(OpBuilder &b, Location loc, Value base,
                        SharedMemoryType aType, Value rowStart, int64_t kElem) {
  I32Builder ib{b, loc};
  auto aLayout = cast<NVMMASharedLayoutAttr>(aType.getEncoding());
  int64_t m = aType.getShape()[0], k = aType.getShape()[1];
  int64_t elemBytes = aType.getElementTypeBitWidth() / 8;
  int64_t swizzle = aLayout.getSwizzle(), chunk = swizzle / elemBytes;
  if (aLayout.getTransposed()) {
    // M-major A, stored [K x M] (M contiguous) like an MN-major B: M split
    // into chunks of `swizzle` bytes, each [K x swizzle]. Row starts are
    // multiples of 64 elements, hence of the chunk.
    Value offset = ib.add(ib.mul(ib.udiv(rowStart, chunk), k * swizzle),
                          ib.c(kElem * swizzle));
    return createMatrixDescriptor(b, loc, base, offset, k * swizzle,
                                  8 * swizzle, swizzle);
  }
  // K-major, [M x K] split into K chunks of `swizzle` bytes.
  Value offset =
      ib.add(ib.mul(rowStart, swizzle),
             ib.c(kElem / chunk * m * swizzle + kElem % chunk * elemBytes));
  return createMatrixDescriptor(b, loc, base, offset, 16, 8 * swizzle, swizzle);
}

struct DotLowering : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDot(op)))
      return failure();
    Location loc = op.getLoc();
    auto accType = cast<RankedTensorType>(op.getAcc().getType());
    auto aTile = dyn_cast<RankedTensorType>(op.getA().getType());
    auto aSmem = dyn_cast<SharedMemoryType>(op.getA().getType());
    SharedMemoryType bType = op.getB().getType();
    WgmmaLayoutAttr layout = getSupportedWgmma(accType);
    auto bLayout = cast<NVMMASharedLayoutAttr>(bType.getEncoding());
    Type aElem = aTile ? aTile.getElementType() : aSmem.getElementType();
    std::optional<NVVM::WGMMATypes> abType = getWgmmaType(aElem);
    std::optional<NVVM::WGMMATypes> dType =
        getWgmmaAccType(accType.getElementType());

    int64_t m = accType.getShape()[0], n = accType.getShape()[1];
    int64_t k = bType.getShape()[0];
    int64_t elemBits = getElementBits(aElem);
    int64_t instrK = 256 / elemBits; // 32 bytes of K per instruction
    int64_t w0 = layout.getWarpsPerCTA()[0];
    int64_t mReps = m / (16 * w0);
    int64_t kSteps = k / instrK;
    int64_t perRep = n / 2;
    bool bKMajor = bLayout.getTransposed();

    SmallVector<int64_t> aRegisters;
    if (aTile) {
      std::string why;
      aRegisters = *getAFragmentRegisters(aTile, w0, why);
    }

    I32Builder ib{rewriter, loc};
    Value warp = createWarpId(rewriter, loc);
    // Rows of A this warpgroup multiplies: 64 per warpgroup.
    Value groupRow = ib.mul(ib.udiv(warp, 4), 64);

    Value acc = adaptor.getAcc();
    auto vectorType = cast<VectorType>(acc.getType());
    if (Value useAcc = adaptor.getUseAcc()) {
      Value zeros = LLVM::ZeroOp::create(rewriter, loc, vectorType);
      acc = LLVM::SelectOp::create(rewriter, loc, useAcc, acc, zeros);
    }
    Type accElem = vectorType.getElementType();
    // f16 accumulators travel as packed pairs: i32 for the inline PTX of
    // register A, vector<2xf16> for nvvm.wgmma.mma_async.
    bool packD = accElem.isF16();
    int64_t numD = packD ? perRep / 2 : perRep;
    Type i32 = rewriter.getI32Type();
    auto pairType = VectorType::get({2}, accElem);
    Type dElem = packD ? (aTile ? i32 : Type(pairType)) : accElem;
    auto structType = LLVM::LLVMStructType::getLiteral(
        getContext(), SmallVector<Type>(numD, dElem));
    auto shape = NVVM::MMAShapeAttr::get(getContext(), 64, n, instrK);

    // A in registers: every instruction's four 32-bit registers of `per`
    // elements each, in fragment order, packed before the fence so that
    // ptxas sees no A register written after it.
    SmallVector<Value> aWords;
    if (aTile) {
      int64_t per = 32 / elemBits;
      // The converted element type (fp8 tiles are i8 vectors).
      auto wordType = VectorType::get(
          {per}, cast<VectorType>(adaptor.getA().getType()).getElementType());
      for (int64_t first = 0, e = aRegisters.size(); first < e; first += per) {
        Value word = LLVM::PoisonOp::create(rewriter, loc, wordType);
        for (int64_t i = 0; i < per; ++i) {
          Value element = LLVM::ExtractElementOp::create(
              rewriter, loc, adaptor.getA(), ib.c(aRegisters[first + i]));
          word = LLVM::InsertElementOp::create(rewriter, loc, word, element,
                                               ib.c(i));
        }
        aWords.push_back(LLVM::BitcastOp::create(rewriter, loc, i32, word));
      }
    }
    // Registers may not change under an in-flight wgmma.
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    for (int64_t rep = 0; rep < mReps; ++rep) {
      Value fragment = LLVM::PoisonOp::create(rewriter, loc, structType);
      for (int64_t e = 0; e < numD; ++e) {
        Value v;
        if (packD) {
          Value pair = LLVM::PoisonOp::create(rewriter, loc, pairType);
          for (int64_t h = 0; h < 2; ++h)
            pair = LLVM::InsertElementOp::create(
                rewriter, loc, pair,
                LLVM::ExtractElementOp::create(rewriter, loc, acc,
                                               ib.c(rep * perRep + 2 * e + h)),
                ib.c(h));
          v = aTile ? Value(LLVM::BitcastOp::create(rewriter, loc, i32, pair))
                    : pair;
        } else {
          v = LLVM::ExtractElementOp::create(rewriter, loc, acc,
                                             ib.c(rep * perRep + e));
        }
        fragment = LLVM::InsertValueOp::create(rewriter, loc, fragment, v, e);
      }
      Value rowStart = ib.add(groupRow, ib.c(rep * 16 * w0));
      for (int64_t ks = 0; ks < kSteps; ++ks) {
        int64_t kElem = ks * instrK;
        Value descA;
        if (aSmem)
          descA = createDescriptorA(rewriter, loc, adaptor.getA(), aSmem,
                                    rowStart, kElem);
        Value descB =
            createDescriptorB(rewriter, loc, adaptor.getB(), bType, kElem);
        if (aTile) {
          ArrayRef<Value> words =
              ArrayRef<Value>(aWords).slice((rep * kSteps + ks) * 4, 4);
          fragment = createRegisterAWgmma(rewriter, loc, fragment, words, descB,
                                          n, instrK, *dType, *abType, bKMajor);
          continue;
        }
        auto aLayout = cast<NVMMASharedLayoutAttr>(aSmem.getEncoding());
        fragment = NVVM::WgmmaMmaAsyncOp::create(
            rewriter, loc, structType, fragment, descA, descB, shape, *abType,
            *abType, *dType, NVVM::WGMMAScaleOut::one, NVVM::WGMMAScaleIn::one,
            NVVM::WGMMAScaleIn::one,
            aLayout.getTransposed() ? NVVM::MMALayout::col
                                    : NVVM::MMALayout::row,
            bKMajor ? NVVM::MMALayout::col : NVVM::MMALayout::row,
            NVVM::MMAIntOverflowAttr());
      }
      for (int64_t e = 0; e < numD; ++e) {
        Value v = LLVM::ExtractValueOp::create(rewriter, loc, fragment, e);
        if (!packD) {
          acc = LLVM::InsertElementOp::create(rewriter, loc, acc, v,
                                              ib.c(rep * perRep + e));
          continue;
        }
        Value pair =
            aTile ? Value(LLVM::BitcastOp::create(rewriter, loc, pairType, v))
                  : v;
        for (int64_t h = 0; h < 2; ++h)
          acc = LLVM::InsertElementOp::create(
              rewriter, loc, acc,
              LLVM::ExtractElementOp::create(rewriter, loc, pair, ib.c(h)),
              ib.c(rep * perRep + 2 * e + h));
      }
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    if (!op.getAsync())
      NVVM::WgmmaWaitGroupSyncOp::create(rewriter, loc, 0);
    rewriter.replaceOp(op, acc);
    return success();
  }
};

struct DotWaitLowering : public ConvertOpToLLVMPattern<DotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::WgmmaWaitGroupSyncOp::create(rewriter, op.getLoc(), op.getPending());
    rewriter.replaceOp(op, adaptor.getInputs());
    return success();
  }
};

} // namespace

LogicalResult tilemlir::checkWgmmaLowering(Operation *root) {
  WalkResult result = root->walk([](DotOp op) {
    return failed(checkDot(op)) ? WalkResult::interrupt()
                                : WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

void tilemlir::populateWgmmaToNVVMPatterns(LLVMTypeConverter &converter,
                                           RewritePatternSet &patterns) {
  patterns.add<DotLowering, DotWaitLowering>(converter);
}
