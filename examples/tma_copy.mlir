// TileMLIR's first end-to-end example: a 2-D f16 tensor copied box by box
// with the Tensor Memory Accelerator. Each CTA (one warp) loads a 64x64 box
// into 128-byte-swizzled shared memory, waits on an mbarrier for the
// transaction bytes, and stores the box back with a TMA store. The tensor
// (1000 x 520) is not a multiple of the box: the edge boxes hang over it,
// read zeros there and are clipped on the way out. The host code allocates
// device memory, fills the input with random values, poisons the output,
// builds both tensor maps, launches the kernel and checks the result.
//
//   tile-run examples/tma_copy.mlir          (build and run; needs a GPU)
//   tile-translate --emit=ptx examples/tma_copy.mlir

#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!desc = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!box = !tile.smem<64x64xf16, #sw128, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80", O = 3>] {
    gpu.func @tma_copy(%in: !desc, %out: !desc) kernel
        attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : i32
      %phase = arith.constant 0 : i32
      %bx = tile.program_id x
      %by = tile.program_id y
      %col = arith.muli %bx, %c64 : i32
      %row = arith.muli %by, %c64 : i32

      %box = tile.alloc_smem : !box
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier

      // One elected thread announces 8 KiB and starts the copy; everyone
      // waits for the phase to complete.
      mbarrier.arrive_expect_tx %bar, bytes = 8192 if %leader
      tma.async_load %in[%row, %col], %box, %bar : !desc, !box
      mbarrier.wait %bar, phase %phase : i32

      tma.async_store %box, %out[%row, %col] : !box, !desc
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name("tma_copy 1000x520 f16\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %grid_x = arith.constant 9 : index   // ceil(520 / 64)
    %grid_y = arith.constant 16 : index  // ceil(1000 / 64)
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] () : memref<1000x520xf16>
    %b, %t2 = gpu.alloc async [%t1] () : memref<1000x520xf16>
    gpu.wait [%t2]

    %pa = tile.ptr_from_memref %a : memref<1000x520xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<1000x520xf16> -> !llvm.ptr
    %count = arith.constant 520000 : i64
    %bytes = arith.constant 1040000 : i64
    %f16 = arith.constant 1 : i32
    %seed = arith.constant 2026 : i64
    llvm.call @tileRtFillRandom(%pa, %count, %f16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pb, %bytes) : (!llvm.ptr, i64) -> ()

    %din = tma.make_descriptor %a : memref<1000x520xf16> -> !desc
    %dout = tma.make_descriptor %b : memref<1000x520xf16> -> !desc
    gpu.launch_func @kernels::@tma_copy blocks in (%grid_x, %grid_y, %c1) threads in (%c32, %c1, %c1) args(%din : !desc, %dout : !desc)
    llvm.call @tileRtSynchronize() : () -> ()

    %name = llvm.mlir.addressof @name : !llvm.ptr
    %rows = arith.constant 1000 : i64
    %cols = arith.constant 520 : i64
    %exact = arith.constant 0.0 : f64
    %fail = llvm.call @tileRtCheck2D(%name, %pb, %cols, %pa, %cols, %rows, %cols, %f16, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    return %fail : i32
  }
}
