//===- TMATypes.td - Tensor maps of the tma dialect --------*- tablegen -*-===//

#ifndef TILEMLIR_TMA_TYPES
#define TILEMLIR_TMA_TYPES

include "TMA/TMADialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Enums (values are those of the CUtensorMap* enums of cuda.h)
//===----------------------------------------------------------------------===//

def TMA_Interleave : I32Enum<"Interleave", "TMA interleaved layout", [
    I32EnumCase<"None", 0, "none">,
    I32EnumCase<"B16", 1, "i16b">,
    I32EnumCase<"B32", 2, "i32b">
  ]> {
  let cppNamespace = "::mlir::tma";
}

def TMA_L2Promotion : I32Enum<"L2Promotion", "TMA L2 promotion size", [
    I32EnumCase<"None", 0, "none">,
    I32EnumCase<"L2_64B", 1, "l2_64b">,
    I32EnumCase<"L2_128B", 2, "l2_128b">,
    I32EnumCase<"L2_256B", 3, "l2_256b">
  ]> {
  let cppNamespace = "::mlir::tma";
}

def TMA_OOBFill : I32Enum<"OOBFill", "TMA out-of-bounds fill", [
    I32EnumCase<"Zero", 0, "zero">,
    I32EnumCase<"NaN", 1, "nan">
  ]> {
  let cppNamespace = "::mlir::tma";
}

// Not a cuda.h enum: selects between CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B
// (packed) and CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN16B (unpacked).
def TMA_FP4Mode : I32Enum<"FP4Mode", "TMA 4-bit element packing", [
    I32EnumCase<"None", 0, "none">,
    I32EnumCase<"Packed", 1, "packed">,
    I32EnumCase<"Unpacked", 2, "unpacked">
  ]> {
  let cppNamespace = "::mlir::tma";
}

def TMA_ReduceKind : I32EnumAttr<"ReduceKind", "a TMA reduction", [
    I32EnumAttrCase<"Add", 0, "add">,
    I32EnumAttrCase<"Min", 1, "min">,
    I32EnumAttrCase<"Max", 2, "max">
  ]> {
  let cppNamespace = "::mlir::tma";
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

def TMA_DescriptorType : TypeDef<TMA_Dialect, "Descriptor"> {
  let mnemonic = "descriptor";
  let summary = "A TMA tensor map (CUtensorMap)";
  let description = [{
    `!tma.descriptor<box, key = value, ...>` is the 128-byte tensor map that
    `cuTensorMapEncodeTiled` builds on the host and TMA instructions read on
    the device. The type carries everything that is known statically: the
    box (a tensor type without encoding: one copy's shape, outermost
    dimension first, and its element type) and the encoding options. The
    global address, sizes and strides are run-time values bound by
    `tma.make_descriptor`.

    A swizzle limits one TMA box's rows to the swizzle span (128 bytes: 64
    f16 elements), but a copy may be wider: a box whose inner dimension is
    a multiple of the span is split by the compiler into boxes one span
    wide (`getCopyBoxShape`; for boxes of rank 3 and more, also one element
    deep in their leading dimensions), which the tensor map is built with,
    and each copy op becomes one TMA instruction per piece, each landing
    where the NVMMA layout puts that piece of the buffer (the layout stores
    a row of more than one span as [rows x span] blocks). Each piece must
    start a whole swizzle atom (8 rows of the span) into the buffer, so a
    split box has a multiple of 8 rows (its next-to-inner dimension; a
    rank-1 box, one row, is never split). Transaction bytes stay those of
    the whole box.

    Options, each optional (defaults in brackets, omitted when printing):
    - `swizzle = 0 | 32 | 64 | 128` [0]: bytes of the shared-memory swizzle
      span (CU_TENSOR_MAP_SWIZZLE_*).
    - `interleave = none | i16b | i32b` [none].
    - `l2_promotion = none | l2_64b | l2_128b | l2_256b` [none].
    - `oob_fill = zero | nan` [zero]: `nan` is NAN_REQUEST_ZERO_FMA.
    - `fp4 = none | packed | unpacked` [none]: for `f4E2M1FN` boxes,
      `packed` is 16U4_ALIGN8B (two values a byte in shared memory) and
      `unpacked` 16U4_ALIGN16B (one value a byte).
    - `multicast = N` [1]: the box (rank 2) is split into N boxes of
      rows / N rows, which the tensor map is built with, so that N CTAs of
      a cluster can load it together: a `tma.async_load` with a multicast
      mask of N CTAs issues only the executing CTA's piece (its position
      among the mask's CTAs) and writes it into all of them, so each ends up
      with the whole box at the same coordinates, as if it had loaded it
      alone, for 1 / N of the L2 traffic. Any other copy of the box issues
      all N pieces itself. Each piece must start a whole swizzle atom (8
      rows of the swizzle span) into the buffer, so that its swizzle is the
      whole box's.

    The verifier applies the static rules of `cuTensorMapEncodeTiled`: box
    rank 1 to 5 (3 to 5 when interleaved), box dimensions in [1, 256],
    supported element types (i8, i16, i32, i64, f16, bf16, f32, f64,
    f8E4M3FN, f8E5M2, and f4E2M1FN exactly when `fp4` is set), an inner box
    dimension of a multiple of 16 bytes without interleave and, with a
    swizzle, of at most the swizzle span or a multiple of it (split as
    above; such an inner dimension may exceed 256), `i32b` interleave only with
    `swizzle = 32`, NaN fill only for floating-point data, and for unpacked
    FP4 an inner box dimension of 128 with swizzle 0 or 128.

    ```mlir
    !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    !tma.descriptor<tensor<64x256xf16>, swizzle = 128>   // 4 copies of 64x64
    !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>
    !tma.descriptor<tensor<64x256xf16>, swizzle = 128, multicast = 2>  // 2 x 4 copies of 32x64
    ```
  }];
  let parameters = (ins "::mlir::RankedTensorType":$box,
                        "unsigned":$swizzle,
                        "::mlir::tma::Interleave":$interleave,
                        "::mlir::tma::L2Promotion":$l2Promotion,
                        "::mlir::tma::OOBFill":$oobFill,
                        "::mlir::tma::FP4Mode":$fp4,
                        "unsigned":$multicast);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::RankedTensorType":$box,
        CArg<"unsigned", "0">:$swizzle,
        CArg<"::mlir::tma::Interleave", "::mlir::tma::Interleave::None">:$interleave,
        CArg<"::mlir::tma::L2Promotion", "::mlir::tma::L2Promotion::None">:$l2Promotion,
        CArg<"::mlir::tma::OOBFill", "::mlir::tma::OOBFill::Zero">:$oobFill,
        CArg<"::mlir::tma::FP4Mode", "::mlir::tma::FP4Mode::None">:$fp4,
        CArg<"unsigned", "1">:$multicast), [{
      return $_get(box.getContext(), box, swizzle, interleave, l2Promotion,
                   oobFill, fp4, multicast);
    }]>
  ];
  let extraClassDeclaration = [{
    unsigned getRank() const { return getBox().getRank(); }
    ::llvm::ArrayRef<int64_t> getBoxShape() const { return getBox().getShape(); }
    ::mlir::Type getElementType() const { return getBox().getElementType(); }
    bool isFP4() const { return getFp4() != FP4Mode::None; }
    int64_t getNumElements() const { return getBox().getNumElements(); }

    /// Bits of one element as TMA transfers it (4 for FP4, packed or not).
    unsigned getElementBits() const;
    /// Bits of one element in shared memory (8 for unpacked FP4).
    unsigned getSmemElementBits() const;
    /// Transaction bytes of one box: what an async load adds to its
    /// mbarrier. FP4 counts 4 bits per element even when unpacked.
    int64_t getBoxBytes() const;
    /// Shared-memory bytes one box occupies.
    int64_t getSmemBytes() const;
    /// Shared-memory bytes of one row (innermost dimension) of the box.
    int64_t getInnerBoxSmemBytes() const;
    /// The box of one TMA instruction, which the tensor map is built with:
    /// the box itself, or with a swizzle and rows wider than its span, one
    /// span wide (and 1 deep in the leading dimensions of rank 3 and more),
    /// and rows / multicast rows.
    ::llvm::SmallVector<int64_t> getCopyBoxShape() const;
    /// TMA instructions per copy of the box (getBoxShape / getCopyBoxShape).
    int64_t getNumCopies() const;

    /// CUtensorMapDataType of the box elements (CU_TENSOR_MAP_DATA_TYPE_*).
    unsigned getCUDADataType() const;
    /// CUtensorMapSwizzle (CU_TENSOR_MAP_SWIZZLE_NONE/32B/64B/128B).
    unsigned getCUDASwizzle() const;
    /// CUtensorMapInterleave, CUtensorMapL2promotion, CUtensorMapFloatOOBfill.
    unsigned getCUDAInterleave() const { return unsigned(getInterleave()); }
    unsigned getCUDAL2Promotion() const { return unsigned(getL2Promotion()); }
    unsigned getCUDAOOBFill() const { return unsigned(getOobFill()); }
  }];
}

#endif // TILEMLIR_TMA_TYPES
