//===- DotWgmmaToNVVM.cpp - tile.dot to wgmma.mma_async -------------------===//
//
// tile.dot with a #tile.wgmma accumulator becomes wgmma.mma_async over
// shared-memory matrix descriptors of the operands' NVMMA layouts
// (MatrixDescriptors.h), or, with A a register tile (#tile.dot_operand),
// the register-A form of wgmma as inline PTX, A's registers taken in the
// order its linear layout gives. tile.dot_wait becomes wgmma.wait_group.
//
// getWgmmaPlan holds every rule of the lowering: DotLowering calls it
// silently, verifyDotWgmmaLowering with the diagnostic that names the rule.
//
//===----------------------------------------------------------------------===//

#include "Common.h"
#include "MatrixDescriptors.h"
#include "TensorMemory.h"
#include "TileMLIR/Target/TargetInfo.h"

#include "TileMLIR/Analysis/LayoutConversions.h"
#include "TileMLIR/Analysis/LinearLayout.h"

#include "mlir/IR/Matchers.h"

#include <map>

using namespace mlir;
using namespace mlir::tilemlir;
using namespace mlir::tile;

namespace {

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

/// Everything a tile.dot lowering needs, from getWgmmaPlan.
struct WgmmaPlan {
  NVVM::WGMMATypes abType, dType;
  int64_t n, instrK, w0, mReps, kSteps;
  /// A in shared memory: its description and K steps' byte offsets.
  std::optional<MatrixDescription> a;
  SmallVector<int64_t> aStepOffsets;
  MatrixDescription b;
  SmallVector<int64_t> bStepOffsets;
  /// A in registers: the tile's registers in fragment order.
  SmallVector<int64_t> aRegisters;
};

/// Element types wgmma takes from registers for A, with the rule they break.
LogicalResult planRegisterA(RankedTensorType aType, WgmmaLayoutAttr accLayout,
                            WgmmaPlan &plan, EmitErrorFn emitError) {
  auto fail = [&]() -> InFlightDiagnostic { return emitError(); };
  auto aLayout = dyn_cast_or_null<DotOperandLayoutAttr>(aType.getEncoding());
  if (!aLayout || aLayout.getParent() != accLayout) {
    if (emitError)
      fail()
          << "wgmma with A in registers needs A in a #tile.dot_operand<opIdx "
             "= 0> layout whose parent is the accumulator's #tile.wgmma "
             "layout";
    return failure();
  }
  Type elem = aType.getElementType();
  std::optional<NVVM::WGMMATypes> abType = getWgmmaType(elem);
  if (!abType) {
    if (emitError)
      fail() << "not supported yet: these wgmma types";
    return failure();
  }
  plan.abType = *abType;
  int64_t bits = getElementBits(elem);
  int64_t per = 32 / bits;
  if (aLayout.getKWidth() != per) {
    if (emitError)
      fail() << "wgmma packs " << per << " " << bits
             << "-bit A elements into each 32-bit register, so A's "
                "#tile.dot_operand layout needs kWidth = "
             << per << ", got kWidth = " << aLayout.getKWidth();
    return failure();
  }
  std::string why;
  FailureOr<SmallVector<int64_t>> registers =
      getAFragmentRegisters(aType, accLayout.getWarpsPerCTA()[0], why);
  if (failed(registers)) {
    if (emitError)
      fail() << "internal error: A's linear layout is not the wgmma register "
                "fragment of A: "
             << why;
    return failure();
  }
  plan.aRegisters = std::move(*registers);
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
LogicalResult checkUnswizzled(SharedMemoryType type, StringRef name,
                              bool transposed, bool kMajor,
                              EmitErrorFn emitError) {
  int64_t elemBytes = type.getElementTypeBitWidth() / 8;
  // Rank 2: a transposed NVMMA buffer is contiguous along dimension 0.
  int64_t contig = transposed ? type.getShape()[0] : type.getShape()[1];
  int64_t rowBytes = contig * elemBytes;
  if (rowBytes == 16)
    return success();
  if (!emitError)
    return failure();
  InFlightDiagnostic diag = emitError();
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

/// The description of a shared operand (`name` A, K dimension 1, or B, K
/// dimension 0) from its NVMMA layout.
LogicalResult describeSharedOperand(SharedMemoryType type, StringRef name,
                                    MatrixDescription &matrix,
                                    EmitErrorFn emitError) {
  auto layout = dyn_cast_or_null<NVMMASharedLayoutAttr>(type.getEncoding());
  if (!layout) {
    if (emitError)
      emitError() << "not supported yet: wgmma operands in shared memory "
                     "need a #tile.nvmma_shared layout";
    return failure();
  }
  matrix = describeMatrixOperand(type, /*kDim=*/name == "A" ? 1 : 0);
  if (layout.getSwizzle() == 0)
    return checkUnswizzled(type, name, layout.getTransposed(), !matrix.mnMajor,
                           emitError);
  return success();
}

/// Where each instruction's slice of K starts in the shared operands.
LogicalResult planKSteps(DotOp op, WgmmaPlan &plan, EmitErrorFn emitError) {
  FailureOr<SmallVector<int64_t>> b =
      getKStepOffsets(op.getB().getType(), /*kDim=*/0, plan.instrK, emitError);
  if (failed(b))
    return failure();
  plan.bStepOffsets = std::move(*b);
  if (!plan.a)
    return success();
  FailureOr<SmallVector<int64_t>> a =
      getKStepOffsets(cast<SharedMemoryType>(op.getA().getType()),
                      /*kDim=*/1, plan.instrK, emitError);
  if (failed(a))
    return failure();
  plan.aStepOffsets = std::move(*a);
  return success();
}

/// What the wgmma lowering handles today, with the reason when it does not
/// (through `emitError` when there is one).
FailureOr<WgmmaPlan> getWgmmaPlan(DotOp op, EmitErrorFn emitError) {
  auto accType = cast<RankedTensorType>(op.getAcc().getType());
  WgmmaLayoutAttr accLayout = getSupportedWgmma(accType);
  WgmmaPlan plan;
  std::optional<NVVM::WGMMATypes> dType =
      getWgmmaAccType(accType.getElementType());
  if (!accLayout || !dType) {
    if (emitError)
      emitError() << (accLayout ? "not supported yet: these wgmma types"
                                : "not supported yet: wgmma lowering needs a "
                                  "#tile.wgmma accumulator with warpsPerCTA = "
                                  "[W, 1] and instrShape = [16, N]");
    return failure();
  }
  plan.dType = *dType;
  if (failed(
          describeSharedOperand(op.getB().getType(), "B", plan.b, emitError)))
    return failure();
  auto aTile = dyn_cast<RankedTensorType>(op.getA().getType());
  if (aTile && failed(planRegisterA(aTile, accLayout, plan, emitError)))
    return failure();
  auto aSmem = dyn_cast<SharedMemoryType>(op.getA().getType());
  if (aSmem) {
    plan.a.emplace();
    if (failed(describeSharedOperand(aSmem, "A", *plan.a, emitError)))
      return failure();
    if (plan.a->mnMajor && aSmem.getElementTypeBitWidth() != 16) {
      if (emitError)
        emitError() << "wgmma transposes only 16-bit operands: an M-major A "
                       "needs f16 or bf16 elements";
      return failure();
    }
    std::optional<NVVM::WGMMATypes> abType =
        getWgmmaType(aSmem.getElementType());
    if (!abType) {
      if (emitError)
        emitError() << "not supported yet: these wgmma types";
      return failure();
    }
    plan.abType = *abType;
  }
  Type aElem = aTile ? aTile.getElementType() : aSmem.getElementType();
  plan.n = accType.getShape()[1];
  plan.instrK = 256 / getElementBits(aElem); // 32 bytes of K per instruction
  plan.w0 = accLayout.getWarpsPerCTA()[0];
  plan.mReps = accType.getShape()[0] / (16 * plan.w0);
  plan.kSteps = op.getB().getType().getShape()[0] / plan.instrK;
  if (failed(planKSteps(op, plan, emitError)))
    return failure();
  return plan;
}

/// `type` in PTX instruction-type syntax.
StringRef getPtxTypeName(NVVM::WGMMATypes type) {
  return NVVM::stringifyWGMMATypes(type);
}

/// One `wgmma.mma_async` with A from registers, as inline PTX (the NVVM op
/// takes A only as a shared-memory descriptor). `d` is the accumulator
/// fragment (f32 or s32 elements, or f16 pairs packed into i32), updated in
/// place (D = A B + D), or only written when `scaleOut` is zero (D = A B);
/// `a` the four 32-bit A registers.
Value createRegisterAWgmma(OpBuilder &b, Location loc, Value d,
                           ArrayRef<Value> a, Value descB, int64_t n, int64_t k,
                           NVVM::WGMMATypes dType, NVVM::WGMMATypes abType,
                           bool bKMajor, NVVM::WGMMAScaleOut scaleOut) {
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
      "{\n.reg .pred p;\nsetp.ne.b32 p, " +
      std::string(scaleOut == NVVM::WGMMAScaleOut::one ? "1" : "0") +
      ", 0;\n"
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

/// Descriptor of a shared A for the 64 rows from `rowStart`, K step `ks`.
/// Row starts are multiples of 64 rows: of the 8-row groups SBO apart
/// (K-major), and of the chunks LBO apart along M (M-major).
Value createDescriptorA(OpBuilder &b, Location loc, Value base,
                        const WgmmaPlan &plan, Value rowStart, int64_t ks) {
  I32Builder ib{b, loc};
  const MatrixDescription &a = *plan.a;
  Value rowOffset =
      a.mnMajor ? ib.mul(ib.udiv(rowStart, a.chunkElements), a.leadingBytes)
                : ib.mul(rowStart, a.strideBytes / 8);
  return createWgmmaDescriptor(b, loc, base, rowOffset, plan.aStepOffsets[ks],
                               a);
}

/// Descriptor of B for K step `ks`.
Value createDescriptorB(OpBuilder &b, Location loc, Value base,
                        const WgmmaPlan &plan, int64_t ks) {
  return createWgmmaDescriptor(b, loc, base, Value(), plan.bStepOffsets[ks],
                               plan.b);
}

/// How one m-repetition of the accumulator travels through wgmma: f16
/// accumulators as packed pairs (i32 for the inline PTX of register A,
/// vector<2xf16> for nvvm.wgmma.mma_async), others element by element.
struct Fragment {
  bool packD;
  int64_t numD, perRep;
  bool aInRegisters;
  VectorType pairType;
  LLVM::LLVMStructType structType;
};

Fragment getFragment(OpBuilder &b, const WgmmaPlan &plan, Type accElem) {
  Fragment frag;
  frag.perRep = plan.n / 2;
  frag.packD = accElem.isF16();
  frag.numD = frag.packD ? frag.perRep / 2 : frag.perRep;
  frag.aInRegisters = !plan.a;
  frag.pairType = VectorType::get({2}, accElem);
  Type dElem = frag.packD
                   ? (frag.aInRegisters ? b.getI32Type() : Type(frag.pairType))
                   : accElem;
  frag.structType = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(frag.numD, dElem));
  return frag;
}

/// Repetition `rep` of the accumulator vector `acc` as a wgmma fragment.
Value extractFragment(OpBuilder &b, Location loc, const Fragment &frag,
                      Value acc, int64_t rep) {
  I32Builder ib{b, loc};
  int64_t perRep = frag.perRep;
  Value fragment = LLVM::PoisonOp::create(b, loc, frag.structType);
  for (int64_t e = 0; e < frag.numD; ++e) {
    Value v;
    if (frag.packD) {
      Value pair = LLVM::PoisonOp::create(b, loc, frag.pairType);
      for (int64_t h = 0; h < 2; ++h) {
        Value element = LLVM::ExtractElementOp::create(
            b, loc, acc, ib.c(rep * perRep + 2 * e + h));
        pair = LLVM::InsertElementOp::create(b, loc, pair, element, ib.c(h));
      }
      v = frag.aInRegisters
              ? Value(LLVM::BitcastOp::create(b, loc, b.getI32Type(), pair))
              : pair;
    } else {
      v = LLVM::ExtractElementOp::create(b, loc, acc, ib.c(rep * perRep + e));
    }
    fragment = LLVM::InsertValueOp::create(b, loc, fragment, v, e);
  }
  return fragment;
}

/// `acc` with repetition `rep` replaced by the wgmma fragment `fragment`.
Value insertFragment(OpBuilder &b, Location loc, const Fragment &frag,
                     Value acc, Value fragment, int64_t rep) {
  I32Builder ib{b, loc};
  int64_t perRep = frag.perRep;
  for (int64_t e = 0; e < frag.numD; ++e) {
    Value v = LLVM::ExtractValueOp::create(b, loc, fragment, e);
    if (!frag.packD) {
      acc =
          LLVM::InsertElementOp::create(b, loc, acc, v, ib.c(rep * perRep + e));
      continue;
    }
    Value pair = frag.aInRegisters
                     ? Value(LLVM::BitcastOp::create(b, loc, frag.pairType, v))
                     : v;
    for (int64_t h = 0; h < 2; ++h) {
      Value element = LLVM::ExtractElementOp::create(b, loc, pair, ib.c(h));
      acc = LLVM::InsertElementOp::create(b, loc, acc, element,
                                          ib.c(rep * perRep + 2 * e + h));
    }
  }
  return acc;
}

/// A in registers: every instruction's four 32-bit registers of `per`
/// elements each, in fragment order. `a` is the converted tile (fp8 tiles
/// are i8 vectors).
SmallVector<Value> packRegisterA(OpBuilder &b, Location loc,
                                 const WgmmaPlan &plan, Value a) {
  I32Builder ib{b, loc};
  auto vectorType = cast<VectorType>(a.getType());
  int64_t per = 32 / getElementBits(vectorType.getElementType());
  auto wordType = VectorType::get({per}, vectorType.getElementType());
  SmallVector<Value> words;
  for (int64_t first = 0, e = plan.aRegisters.size(); first < e; first += per) {
    Value word = LLVM::PoisonOp::create(b, loc, wordType);
    for (int64_t i = 0; i < per; ++i) {
      Value element = LLVM::ExtractElementOp::create(
          b, loc, a, ib.c(plan.aRegisters[first + i]));
      word = LLVM::InsertElementOp::create(b, loc, word, element, ib.c(i));
    }
    words.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), word));
  }
  return words;
}

/// The wgmma instructions of repetition `rep` over every K step, on
/// `fragment`; A from `aWords` (registers) or from the shared buffer `a`.
/// With `zeroAcc` the first K step does not read the accumulator (wgmma's
/// scale-d false: D = A B), so `fragment` may be poison: no register is
/// zeroed for it (64 moves a thread for a 64 x 128 f32 tile, in the issue
/// slots of attention's inner loop).
Value issueRepetition(OpBuilder &b, Location loc, const WgmmaPlan &plan,
                      Value fragment, Value a, ArrayRef<Value> aWords,
                      Value bBase, Value rowStart, int64_t rep, bool zeroAcc) {
  auto structType = cast<LLVM::LLVMStructType>(fragment.getType());
  auto shape = NVVM::MMAShapeAttr::get(b.getContext(), 64, plan.n, plan.instrK);
  bool bKMajor = !plan.b.mnMajor;
  for (int64_t ks = 0; ks < plan.kSteps; ++ks) {
    auto scaleOut = zeroAcc && ks == 0 ? NVVM::WGMMAScaleOut::zero
                                       : NVVM::WGMMAScaleOut::one;
    Value descA;
    if (plan.a)
      descA = createDescriptorA(b, loc, a, plan, rowStart, ks);
    Value descB = createDescriptorB(b, loc, bBase, plan, ks);
    if (!plan.a) {
      ArrayRef<Value> words = aWords.slice((rep * plan.kSteps + ks) * 4, 4);
      fragment = createRegisterAWgmma(b, loc, fragment, words, descB, plan.n,
                                      plan.instrK, plan.dType, plan.abType,
                                      bKMajor, scaleOut);
      continue;
    }
    fragment = NVVM::WgmmaMmaAsyncOp::create(
        b, loc, structType, fragment, descA, descB, shape, plan.abType,
        plan.abType, plan.dType, scaleOut, NVVM::WGMMAScaleIn::one,
        NVVM::WGMMAScaleIn::one,
        plan.a->mnMajor ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        bKMajor ? NVVM::MMALayout::col : NVVM::MMALayout::row,
        NVVM::MMAIntOverflowAttr());
  }
  return fragment;
}

/// The 32-bit words of register tile `tile` (a vector): f32 elements as
/// they are, narrower ones packed into i32 words.
SmallVector<Value> getTileWords(OpBuilder &b, Location loc, Value tile) {
  auto type = cast<VectorType>(tile.getType());
  Type elem = type.getElementType();
  int64_t bits = type.getNumElements() * elem.getIntOrFloatBitWidth();
  if (!elem.isF32() && !elem.isInteger(32))
    tile = LLVM::BitcastOp::create(
        b, loc, VectorType::get({bits / 32}, b.getI32Type()), tile);
  auto words = cast<VectorType>(tile.getType());
  SmallVector<Value> result;
  for (int64_t i = 0; i < words.getNumElements(); ++i)
    result.push_back(LLVM::ExtractElementOp::create(
        b, loc, tile, LLVM::ConstantOp::create(b, loc, b.getI32Type(), i)));
  return result;
}

/// Register tile of type `type` from its words (the inverse of
/// getTileWords).
Value buildTile(OpBuilder &b, Location loc, VectorType type,
                ArrayRef<Value> words) {
  auto wordType = VectorType::get({int64_t(words.size())}, words[0].getType());
  Value tile = LLVM::PoisonOp::create(b, loc, wordType);
  for (auto [i, word] : llvm::enumerate(words))
    tile = LLVM::InsertElementOp::create(
        b, loc, tile, word,
        LLVM::ConstantOp::create(b, loc, b.getI32Type(), i));
  if (wordType != type)
    tile = LLVM::BitcastOp::create(b, loc, type, tile);
  return tile;
}

} // namespace

/// wgmma.wait_group, then an empty inline-PTX statement that takes every
/// register of `tiles` in and gives it back (tied operands): reads of an
/// accumulator then depend on the wait that completes its MMA, so LLVM
/// cannot hoist them above it. With the wait alone (it has no operands),
/// LLVM moved the epilogue's conversions above it and ptxas serialized
/// every wgmma of the kernel (C7514).
SmallVector<Value> tilemlir::createAccumulatorWait(OpBuilder &b, Location loc,
                                                   int64_t pending,
                                                   ValueRange tiles) {
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, pending);
  SmallVector<Value> words;
  SmallVector<size_t> ends;
  for (Value tile : tiles) {
    llvm::append_range(words, getTileWords(b, loc, tile));
    ends.push_back(words.size());
  }
  if (words.empty())
    return {};
  std::string asmString = "// accumulators complete";
  std::string constraints;
  SmallVector<Type> wordTypes;
  for (Value word : words) {
    constraints += word.getType().isF32() ? "=f," : "=r,";
    wordTypes.push_back(word.getType());
  }
  for (size_t i = 0; i < words.size(); ++i)
    constraints += std::to_string(i) + (i + 1 < words.size() ? "," : "");
  auto structType = LLVM::LLVMStructType::getLiteral(b.getContext(), wordTypes);
  auto fence = LLVM::InlineAsmOp::create(
      b, loc, structType, words, b.getStringAttr(asmString),
      b.getStringAttr(constraints), /*has_side_effects=*/b.getUnitAttr(),
      UnitAttr(),
      LLVM::TailCallKindAttr::get(b.getContext(), LLVM::TailCallKind::None),
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      ArrayAttr());
  SmallVector<Value> results;
  size_t begin = 0;
  for (auto [tile, end] : llvm::zip_equal(tiles, ends)) {
    SmallVector<Value> tileWords;
    for (size_t i = begin; i < end; ++i)
      tileWords.push_back(
          LLVM::ExtractValueOp::create(b, loc, fence.getResult(0), i));
    results.push_back(
        buildTile(b, loc, cast<VectorType>(tile.getType()), tileWords));
    begin = end;
  }
  return results;
}

/// Whether `acc` is a constant tile of zeros (a splat of +0.0 or 0), which
/// the first wgmma of each repetition need not read.
static bool isZeroTile(Value acc) {
  SplatElementsAttr splat;
  if (!matchPattern(acc, m_Constant(&splat)))
    return false;
  Attribute element = splat.getSplatValue<Attribute>();
  if (auto f = dyn_cast<FloatAttr>(element))
    return f.getValue().isPosZero();
  if (auto i = dyn_cast<IntegerAttr>(element))
    return i.getValue().isZero();
  return false;
}

namespace {

struct DotLowering : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<WgmmaPlan> plan = getWgmmaPlan(op, /*emitError=*/{});
    if (failed(plan))
      return failure();
    Location loc = op.getLoc();
    I32Builder ib{rewriter, loc};
    Value warp = createWarpId(rewriter, loc);
    // Rows of A this warpgroup multiplies: 64 per warpgroup, counted by the
    // low bits of the warp id as the accumulator's layout counts them (in a
    // partition on warps 4-7, the warpgroup is the layout's first).
    Value groupRow = ib.mul(ib.udiv(ib.urem(warp, plan->w0), 4), 64);

    Value acc = adaptor.getAcc();
    auto vectorType = cast<VectorType>(acc.getType());
    bool zeroAcc = !op.getUseAcc() && isZeroTile(op.getAcc());
    if (Value useAcc = adaptor.getUseAcc()) {
      Value zeros = LLVM::ZeroOp::create(rewriter, loc, vectorType);
      acc = LLVM::SelectOp::create(rewriter, loc, useAcc, acc, zeros);
    }
    Fragment frag = getFragment(rewriter, *plan, vectorType.getElementType());
    // Packed before the fence so that ptxas sees no A register written
    // after it.
    SmallVector<Value> aWords;
    if (!plan->a)
      aWords = packRegisterA(rewriter, loc, *plan, adaptor.getA());
    // Registers may not change under an in-flight wgmma.
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    for (int64_t rep = 0; rep < plan->mReps; ++rep) {
      Value fragment =
          zeroAcc ? LLVM::PoisonOp::create(rewriter, loc, frag.structType)
                  : extractFragment(rewriter, loc, frag, acc, rep);
      Value rowStart = ib.add(groupRow, ib.c(rep * 16 * plan->w0));
      fragment =
          issueRepetition(rewriter, loc, *plan, fragment, adaptor.getA(),
                          aWords, adaptor.getB(), rowStart, rep, zeroAcc);
      acc = insertFragment(rewriter, loc, frag, acc, fragment, rep);
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    if (!op.getAsync())
      acc = createAccumulatorWait(rewriter, loc, 0, acc).front();
    rewriter.replaceOp(op, acc);
    return success();
  }
};

struct DotWaitLowering : public ConvertOpToLLVMPattern<DotWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(DotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, createAccumulatorWait(rewriter, op.getLoc(),
                                                 op.getPending(),
                                                 adaptor.getInputs()));
    return success();
  }
};

} // namespace

LogicalResult tilemlir::verifyWgmmaTarget(Operation *op) {
  if (!isa<DotOp, DotWaitOp>(op))
    return success();
  NVVM::NVVMTargetAttr target = getModuleTarget(op);
  if (!target)
    return success();
  // Chips outside the table are left to NVVM's own target checks.
  const ChipInfo *chip = lookupChip(target.getChip());
  if (!chip || chip->hasWgmma)
    return success();
  return op->emitOpError()
         << "needs wgmma (sm_90a), but the module targets " << chip->name;
}

LogicalResult tilemlir::verifyDotWgmmaLowering(Operation *op) {
  auto dot = dyn_cast<DotOp>(op);
  if (!dot)
    return success();
  return failure(failed(getWgmmaPlan(dot, [&] { return op->emitOpError(); })));
}

void tilemlir::populateDotWgmmaToNVVMPatterns(LLVMTypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<DotLowering, DotWaitLowering>(converter);
}
