//===- TMemDialect.td - The tmem dialect -------------------*- tablegen -*-===//

#ifndef TILEMLIR_TMEM_DIALECT
#define TILEMLIR_TMEM_DIALECT

include "mlir/IR/OpBase.td"
include "Common/DeviceCode.td"

def TMem_Dialect : Dialect {
  let name = "tmem";
  let cppNamespace = "::mlir::tmem";
  let summary = "Blackwell tensor memory and tcgen05 instructions (sm_100a)";
  let description = [{
    The `tmem` dialect models the tensor memory of a Blackwell SM and the
    fifth-generation tensor-core instructions (`tcgen05.*`) that use it.

    Tensor memory is 128 lanes by 512 columns of 32-bit cells per SM. A
    kernel allocates columns with `tmem.alloc` (`tcgen05.alloc`, a power of
    two between 32 and 512), reads and writes them from registers with
    `tmem.load` / `tmem.store` (`tcgen05.ld` / `tcgen05.st`), fills them from
    shared memory with `tmem.copy` (`tcgen05.cp`), and accumulates matrix
    products into them with `tmem.mma` / `tmem.mma_scaled` (`tcgen05.mma`).

    Copies and MMAs are asynchronous and executed in issue order by the
    tensor-core pipe; `tmem.commit` makes an `!mbarrier.barrier` track the
    completion of every tcgen05 operation issued before it.
    `tmem.fence before|after` orders tcgen05 operations around thread
    synchronization and `tmem.wait load|store` waits for outstanding
    `tcgen05.ld` / `tcgen05.st`.

    A buffer is `!tmem.buffer<[S x] M x N x T, layout>` where the layout is
    `#tmem.layout<block = [blockM, blockN], col_stride = c>` (Gluon's
    `TensorMemoryLayout`) for data and accumulators, or `#tmem.scales`
    (Gluon's `TensorMemoryScalesLayout`) for the block-scale factors of
    `tmem.mma_scaled`.

    The H200 cannot execute these operations: they are checked by
    `ptxas -arch=sm_100a` and by SASS inspection.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::tile::TileDialect",
                           "::mlir::mbarrier::MBarrierDialect"];
  let extraClassDeclaration = [{
    /// Lanes (rows) of tensor memory: one per thread of a warpgroup.
    static constexpr int64_t kNumLanes = 128;
    /// 32-bit columns of tensor memory in one SM.
    static constexpr int64_t kNumColumns = 512;
    /// Smallest column count tcgen05.alloc accepts.
    static constexpr int64_t kMinAllocColumns = 32;

    // Discardable attributes tile-allocate-tensor-memory sets and the
    // tcgen05 lowering reads.
    /// On a tmem.alloc (and the releasing tmem.dealloc): its first column.
    static constexpr ::llvm::StringLiteral kColumnOffsetAttrName =
        "tmem.column_offset";
    /// On the kernel: the columns its single tcgen05.alloc reserves.
    static constexpr ::llvm::StringLiteral kTensorMemoryColumnsAttrName =
        "tmem.tensor_memory_columns";
    /// On the tile.alloc_smem that receives the allocated base address: the
    /// columns to allocate.
    static constexpr ::llvm::StringLiteral kBaseSlotAttrName =
        "tmem.base_slot";
    /// On the tmem.dealloc that frees the whole allocation: its columns.
    static constexpr ::llvm::StringLiteral kReleaseColumnsAttrName =
        "tmem.release_columns";
  }];
}

class TMem_Op<string mnemonic, list<Trait> traits = []>
    : Op<TMem_Dialect, mnemonic, !listconcat(traits, [InFunctionBody])>;

#endif // TILEMLIR_TMEM_DIALECT
