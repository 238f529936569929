//===- TileTypes.td - Types of the tile dialect ------------*- tablegen -*-===//

#ifndef TILEMLIR_TILE_TYPES
#define TILEMLIR_TILE_TYPES

include "Tile/TileAttrs.td"
include "mlir/IR/AttrTypeBase.td"

class Tile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tile_SharedMemoryType : Tile_Type<"SharedMemory", "smem"> {
  let summary = "A buffer in shared memory";
  let description = [{
    `!tile.smem<shape x element, layout[, mutable]>` is a buffer of the CTA's
    shared memory. The optional layout is a shared layout
    (`#tile.nvmma_shared`, `#tile.swizzled_shared`); without one the buffer
    is plain row-major. A leading dimension is typically the stage index of a
    multi-buffered ring (`tile.smem_index` selects one stage). `mutable`
    buffers may be written after allocation; immutable ones are initialized
    by `tile.alloc_smem` and only read.

    Rank is at least 1 and every dimension positive. An NVMMA layout must
    match the element width, and the contiguous dimension must span a whole
    number of swizzle periods.

    ```mlir
    !tile.smem<3x128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"int64_t">:$shape,
                        "Type":$elementType,
                        "Attribute":$encoding,
                        "bool":$isMutable);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "ArrayRef<int64_t>":$shape,
        "Type":$elementType, CArg<"Attribute", "{}">:$encoding,
        CArg<"bool", "true">:$isMutable), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   isMutable);
    }]>
  ];
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    int64_t getNumElements() const;
    unsigned getElementTypeBitWidth() const;
    /// Bytes the buffer occupies (elements of 4 bits are packed two a byte,
    /// unless the NVMMA layout keeps them padded to one a byte).
    int64_t getSizeInBytes() const;
    /// The buffer with its leading (stage) dimension removed.
    SharedMemoryType dropLeadingDim() const;
  }];
}

def Tile_PointerType : Tile_Type<"Pointer", "ptr"> {
  let summary = "A pointer to global memory";
  let description = [{
    `!tile.ptr<f16>` points to elements of the given type in global memory.
    `tile.load` and `tile.store` address it with tiles of element offsets.
    A pointer to pointers (`!tile.ptr<!tile.ptr<f16>>`) is a table of
    device addresses; the scalar `tile.load` reads one, a pointer bound on
    the device (its copies get no host-built descriptor: `tile.copy`).
  }];
  let parameters = (ins "Type":$pointeeType);
  let assemblyFormat = "`<` $pointeeType `>`";
  let genVerifyDecl = 1;
}

#endif // TILEMLIR_TILE_TYPES
