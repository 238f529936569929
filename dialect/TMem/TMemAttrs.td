//===- TMemAttrs.td - Layouts and enums of tmem ------------*- tablegen -*-===//

#ifndef TILEMLIR_TMEM_ATTRS
#define TILEMLIR_TMEM_ATTRS

include "TMem/TMemDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

// tcgen05.fence::before_thread_sync / ::after_thread_sync.
def TMem_FenceKind : I32EnumAttr<"FenceKind",
    "side of a thread synchronization", [
    I32EnumAttrCase<"Before", 0, "before">,
    I32EnumAttrCase<"After", 1, "after">
  ]> {
  let cppNamespace = "::mlir::tmem";
}

// tcgen05.wait::ld / ::st.
def TMem_WaitKind : I32EnumAttr<"WaitKind",
    "kind of tensor-memory access", [
    I32EnumAttrCase<"Load", 0, "load">,
    I32EnumAttrCase<"Store", 1, "store">
  ]> {
  let cppNamespace = "::mlir::tmem";
}

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

class TMem_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TMem_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def TMem_TensorMemoryLayoutAttr : TMem_Attr<"TensorMemoryLayout", "layout"> {
  let summary = "Layout of data and accumulators in tensor memory";
  let description = [{
    Gluon's `TensorMemoryLayout`. The buffer is tiled into blocks of
    `blockM x blockN` elements; each block spreads its rows over the 128
    lanes of tensor memory and its columns over consecutive 32-bit columns.
    Blocks follow each other along M first, then N.

    - `blockM` is 128 (row `i` of a block in lane `i`) or 64 (the
      interleaved form used by M = 64 MMAs: each warp holds 16 rows).
    - `blockN` is a power of two in [1, 256].
    - `col_stride` is the distance, in elements, between logically adjacent
      elements of a row: 1, 2 or 4. `col_stride = 1` packs `32 / bits`
      elements into each 32-bit column; `col_stride = 32 / bits` gives every
      element a column of its own (unpacked). The buffer type checks
      `col_stride * bits <= 32`, so 32-bit data always has stride 1.

    ```mlir
    #acc = #tmem.layout<block = [128, 128], col_stride = 1>
    #p16 = #tmem.layout<block = [128, 64], col_stride = 2>
    ```
  }];
  let parameters = (ins "unsigned":$blockM, "unsigned":$blockN,
                        "unsigned":$colStride);
  let assemblyFormat = [{
    `<` `block` `=` `[` $blockM `,` $blockN `]` `,`
        `col_stride` `=` $colStride `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Where element (m, n) of an M x N buffer (`shape`, any M and N) of
    /// `elementBits`-bit elements lives in this layout: its lane, its
    /// 32-bit column counted from the buffer's first, and its place in a
    /// packed column (TMemLayouts.cpp gives the formula).
    TensorMemoryLocation getLocation(::llvm::ArrayRef<int64_t> shape,
                                     unsigned elementBits, int64_t m,
                                     int64_t n) const;
    /// The linear map (dim0, dim1) -> (row, column, slot) of an M x N
    /// buffer: the formula above on unit coordinates. Power-of-two M and N;
    /// blockM = 64 only with a single row block. Says why not through
    /// `emitError`.
    ::llvm::FailureOr<::mlir::tilemlir::LinearLayout>
    toLinearLayout(::llvm::ArrayRef<int64_t> shape, unsigned elementBits,
                   ::mlir::tilemlir::EmitErrorFn emitError = {}) const;
  }];
}

def TMem_TensorMemoryScalesLayoutAttr
    : TMem_Attr<"TensorMemoryScalesLayout", "scales"> {
  let summary = "Layout of block-scale factors in tensor memory";
  let description = [{
    Gluon's `TensorMemoryScalesLayout`: the layout `tcgen05.mma.block_scale`
    reads its scale factors in. A `[R, S]` buffer holds `S` 8-bit scale
    factors for each of `R` rows (rows of A, or columns of B). They are
    stored in blocks of 32 lanes x 4 columns x 4 bytes (128 rows x 4 scale
    factors each), replicated over the four warps' lane quarters: the
    shape `tcgen05.cp.32x128b.warpx4` writes. Factor `k` of row `r` is byte
    `k % 4` of column `r / 32 + ceil(R / 32) * (k / 4)`, at lane `r % 32`
    of every lane quarter; an MMA instruction names the byte of its first
    factor with its scale-factor ID.

    `tmem.copy` fills such a buffer from the scale-factor atoms of CUTLASS,
    cuDNN and Gluon (512 bytes: 32 rows of 16 bytes, row `l` holding the
    four factors of rows `l`, `l + 32`, `l + 64` and `l + 96` of a 128-row
    block); see `tmem.copy` for the source it needs.

    ```mlir
    !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    ```
  }];
}

#endif // TILEMLIR_TMEM_ATTRS
