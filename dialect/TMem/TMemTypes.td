//===- TMemTypes.td - Types of the tmem dialect ------------*- tablegen -*-===//

#ifndef TILEMLIR_TMEM_TYPES
#define TILEMLIR_TMEM_TYPES

include "TMem/TMemAttrs.td"
include "mlir/IR/AttrTypeBase.td"

class TMem_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TMem_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TMem_BufferType : TMem_Type<"Buffer", "buffer"> {
  let summary = "A buffer in tensor memory";
  let description = [{
    `!tmem.buffer<[S x] M x N x T, layout>` is an `M x N` tile of elements
    `T` in tensor memory, optionally with a leading stage dimension `S` for
    multi-buffering (`tmem.index` selects a stage). The layout is
    `#tmem.layout` for data and accumulators, `#tmem.scales` for block-scale
    factors; in a kernel it may be left out, and `tile-legalize-layouts`
    chooses it from the buffer's users (a buffer counts as `#tmem.layout`
    with `col_stride = 1` for its column limit until then).

    Elements are integers or floats of 4, 8, 16 or 32 bits (tensor memory
    cells are 32 bits wide): f32, f16, bf16, i32, i16, i8, the f8 types and
    f4E2M1FN. Scales buffers hold 8-bit elements (f8E8M0FNU, f8E4M3FN, i8).

    With `#tmem.layout`, M must be a multiple of `blockM`, N a multiple of
    `blockN`, and `col_stride * bits <= 32`.

    Columns (`getNumColumns()`): tensor memory is 128 lanes of 32-bit
    columns, and a buffer occupies
    - `#tmem.layout`: `S * ceil(M / 128) * ceil(N * bits * col_stride / 32)`
      (blocks of 64 rows are interleaved two to 128 lanes, so a 64-row
      buffer takes as many columns as a 128-row one);
    - `#tmem.scales`: `S * ceil(M / 32) * ceil(N / 4)` (32 x 4 x 4-byte
      blocks replicated over the four warps);
    and at least 1. A buffer needing more than the SM's 512 columns is
    rejected. `tcgen05.alloc` reserves `getAllocColumns()`: the column count
    rounded up to a power of two, at least 32.

    ```mlir
    !tmem.buffer<2x128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
    !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType,
                        "Attribute":$encoding);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "ArrayRef<int64_t>":$shape,
        "Type":$elementType, "Attribute":$encoding), [{
      return $_get(elementType.getContext(), shape, elementType, encoding);
    }]>
  ];
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    /// Stages of a multi-buffered buffer (1 without a stage dimension).
    int64_t getNumStages() const {
      return getRank() == 3 ? getShape()[0] : 1;
    }
    /// Rows (M) and columns (N) of one stage.
    int64_t getM() const { return getShape()[getRank() - 2]; }
    int64_t getN() const { return getShape()[getRank() - 1]; }
    unsigned getElementTypeBitWidth() const;
    /// The data layout, or null for a scales buffer or one without a
    /// layout yet.
    TensorMemoryLayoutAttr getLayout() const {
      return ::llvm::dyn_cast_if_present<TensorMemoryLayoutAttr>(getEncoding());
    }
    bool isScales() const {
      return ::llvm::isa_and_present<TensorMemoryScalesLayoutAttr>(
          getEncoding());
    }
    /// 32-bit tensor-memory columns the buffer occupies (see the type's
    /// description for the formula).
    int64_t getNumColumns() const;
    /// Columns tcgen05.alloc reserves for it: a power of two, at least 32.
    int64_t getAllocColumns() const;
    /// The buffer with its leading (stage) dimension removed.
    BufferType dropLeadingDim() const;
  }];
}

#endif // TILEMLIR_TMEM_TYPES
