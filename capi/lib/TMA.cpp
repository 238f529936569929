//===- TMA.cpp - C API: tma descriptor types ------------------------------===//

#include "tile-c/TMA.h"

#include "Diagnostics.h"

#include "TMA/TMADialect.h"

#include "mlir/CAPI/IR.h"

using namespace mlir;
using namespace mlir::tma;
using mlir::tilemlir::capi::ErrorAtUnknownLoc;
using mlir::tilemlir::capi::getIfA;
using mlir::tilemlir::capi::getRawEnumValue;
using mlir::tilemlir::capi::loadDialect;

// The C enums carry the values of the C++ enums (and of cuda.h).
static_assert(TMA_INTERLEAVE_NONE == static_cast<int>(Interleave::None) &&
                  TMA_INTERLEAVE_16B == static_cast<int>(Interleave::B16) &&
                  TMA_INTERLEAVE_32B == static_cast<int>(Interleave::B32),
              "TmaInterleave differs from mlir::tma::Interleave");
static_assert(
    TMA_L2_PROMOTION_NONE == static_cast<int>(L2Promotion::None) &&
        TMA_L2_PROMOTION_64B == static_cast<int>(L2Promotion::L2_64B) &&
        TMA_L2_PROMOTION_128B == static_cast<int>(L2Promotion::L2_128B) &&
        TMA_L2_PROMOTION_256B == static_cast<int>(L2Promotion::L2_256B),
    "TmaL2Promotion differs from mlir::tma::L2Promotion");
static_assert(TMA_OOB_FILL_ZERO == static_cast<int>(OOBFill::Zero) &&
                  TMA_OOB_FILL_NAN == static_cast<int>(OOBFill::NaN),
              "TmaOOBFill differs from mlir::tma::OOBFill");
static_assert(TMA_FP4_NONE == static_cast<int>(FP4Mode::None) &&
                  TMA_FP4_PACKED == static_cast<int>(FP4Mode::Packed) &&
                  TMA_FP4_UNPACKED == static_cast<int>(FP4Mode::Unpacked),
              "TmaFP4Mode differs from mlir::tma::FP4Mode");

MlirType tmaDescriptorTypeGet(MlirContext ctx, MlirType box, unsigned swizzle,
                              TmaInterleave interleave,
                              TmaL2Promotion l2Promotion, TmaOOBFill oobFill,
                              TmaFP4Mode fp4) {
  MLIRContext *context = loadDialect<TMADialect>(unwrap(ctx));
  if (!context)
    return {nullptr};
  ErrorAtUnknownLoc emitError{context};
  auto boxType = dyn_cast_or_null<RankedTensorType>(unwrap(box));
  if (!boxType) {
    InFlightDiagnostic diag = emitError();
    diag << "the box of a TMA descriptor must be a ranked tensor type, got ";
    if (mlirTypeIsNull(box))
      diag << "a null type";
    else
      diag << unwrap(box);
    return {nullptr};
  }
  // C enums may hold any int: out-of-range values are diagnostics, not UB.
  std::optional<Interleave> interleaveValue =
      symbolizeInterleave(static_cast<uint32_t>(getRawEnumValue(interleave)));
  if (!interleaveValue) {
    emitError() << "invalid TMA interleave " << getRawEnumValue(interleave)
                << "; expected TMA_INTERLEAVE_NONE, _16B or _32B (0 to 2)";
    return {nullptr};
  }
  std::optional<L2Promotion> l2PromotionValue =
      symbolizeL2Promotion(static_cast<uint32_t>(getRawEnumValue(l2Promotion)));
  if (!l2PromotionValue) {
    emitError() << "invalid TMA L2 promotion " << getRawEnumValue(l2Promotion)
                << "; expected TMA_L2_PROMOTION_NONE, _64B, _128B or _256B "
                   "(0 to 3)";
    return {nullptr};
  }
  std::optional<OOBFill> oobFillValue =
      symbolizeOOBFill(static_cast<uint32_t>(getRawEnumValue(oobFill)));
  if (!oobFillValue) {
    emitError() << "invalid TMA out-of-bounds fill "
                << getRawEnumValue(oobFill)
                << "; expected TMA_OOB_FILL_ZERO or TMA_OOB_FILL_NAN (0 or 1)";
    return {nullptr};
  }
  std::optional<FP4Mode> fp4Value =
      symbolizeFP4Mode(static_cast<uint32_t>(getRawEnumValue(fp4)));
  if (!fp4Value) {
    emitError() << "invalid TMA FP4 mode " << getRawEnumValue(fp4)
                << "; expected TMA_FP4_NONE, _PACKED or _UNPACKED (0 to 2)";
    return {nullptr};
  }
  return wrap(DescriptorType::getChecked(emitError, context, boxType, swizzle,
                                         *interleaveValue, *l2PromotionValue,
                                         *oobFillValue, *fp4Value,
                                         /*multicast=*/1u));
}

MlirType tmaDescriptorTypeGetWithMulticast(MlirType type, unsigned multicast) {
  auto desc = dyn_cast_or_null<DescriptorType>(unwrap(type));
  if (!desc)
    return {nullptr};
  MLIRContext *context = desc.getContext();
  ErrorAtUnknownLoc emitError{context};
  return wrap(DescriptorType::getChecked(
      emitError, context, desc.getBox(), desc.getSwizzle(),
      desc.getInterleave(), desc.getL2Promotion(), desc.getOobFill(),
      desc.getFp4(), multicast));
}

bool tmaTypeIsADescriptor(MlirType type) {
  return isa_and_nonnull<DescriptorType>(unwrap(type));
}

MlirType tmaDescriptorTypeGetBox(MlirType type) {
  return getIfA<DescriptorType>(type, MlirType{nullptr}, [](DescriptorType d) {
    return wrap(d.getBox());
  });
}

unsigned tmaDescriptorTypeGetSwizzle(MlirType type) {
  return getIfA<DescriptorType>(type, 0u, [](DescriptorType d) {
    return d.getSwizzle();
  });
}

TmaInterleave tmaDescriptorTypeGetInterleave(MlirType type) {
  return getIfA<DescriptorType>(
      type, TMA_INTERLEAVE_NONE, [](DescriptorType d) {
        return static_cast<TmaInterleave>(d.getInterleave());
      });
}

TmaL2Promotion tmaDescriptorTypeGetL2Promotion(MlirType type) {
  return getIfA<DescriptorType>(
      type, TMA_L2_PROMOTION_NONE, [](DescriptorType d) {
        return static_cast<TmaL2Promotion>(d.getL2Promotion());
      });
}

TmaOOBFill tmaDescriptorTypeGetOOBFill(MlirType type) {
  return getIfA<DescriptorType>(type, TMA_OOB_FILL_ZERO, [](DescriptorType d) {
    return static_cast<TmaOOBFill>(d.getOobFill());
  });
}

TmaFP4Mode tmaDescriptorTypeGetFP4Mode(MlirType type) {
  return getIfA<DescriptorType>(type, TMA_FP4_NONE, [](DescriptorType d) {
    return static_cast<TmaFP4Mode>(d.getFp4());
  });
}

unsigned tmaDescriptorTypeGetMulticast(MlirType type) {
  return getIfA<DescriptorType>(type, 0u, [](DescriptorType d) {
    return d.getMulticast();
  });
}

int64_t tmaDescriptorTypeGetBoxBytes(MlirType type) {
  return getIfA<DescriptorType>(type, int64_t(0), [](DescriptorType d) {
    return d.getBoxBytes();
  });
}

int64_t tmaDescriptorTypeGetSmemBytes(MlirType type) {
  return getIfA<DescriptorType>(type, int64_t(0), [](DescriptorType d) {
    return d.getSmemBytes();
  });
}

unsigned tmaDescriptorTypeGetCUDADataType(MlirType type) {
  return getIfA<DescriptorType>(type, ~0u, [](DescriptorType d) {
    return d.getCUDADataType();
  });
}

unsigned tmaDescriptorTypeGetCUDASwizzle(MlirType type) {
  return getIfA<DescriptorType>(type, ~0u, [](DescriptorType d) {
    return d.getCUDASwizzle();
  });
}
