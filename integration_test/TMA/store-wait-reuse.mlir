// A TMA store followed by `store_wait read_only` lets the same shared buffer
// be refilled as soon as the store has read it: tile 0 goes out, the buffer
// takes tile 1, tile 1 goes out, and a full `store_wait` drains before exit.
// Both output tiles must match their inputs exactly.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: store_wait_read_reuse: rows=128 cols=64 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!desc = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!buf = !tile.smem<64x64xf16, #sw, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reuse(%in: !desc, %out: !desc) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0 : i32
      %r64 = arith.constant 64 : i32
      %buf = tile.alloc_smem : !buf
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %bar0 = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %bar1 = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar0, arrivals = 1
        mbarrier.init %bar1, arrivals = 1
      }
      tile.barrier
      // Tile 0: rows [0, 64).
      mbarrier.arrive_expect_tx %bar0, bytes = 8192 if %leader
      tma.async_load %in[%zero, %zero], %buf, %bar0 : !desc, !buf
      mbarrier.wait %bar0, phase %zero : i32
      tma.async_store %buf, %out[%zero, %zero] : !buf, !desc
      tma.store_commit
      // The buffer may be overwritten once the store has read it.
      tma.store_wait pending = 0 read_only
      tile.barrier
      // Tile 1: rows [64, 128), into the same buffer.
      mbarrier.arrive_expect_tx %bar1, bytes = 8192 if %leader
      tma.async_load %in[%r64, %zero], %buf, %bar1 : !desc, !buf
      mbarrier.wait %bar1, phase %zero : i32
      tma.async_store %buf, %out[%r64, %zero] : !buf, !desc
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name("store_wait_read_reuse\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] () : memref<128x64xf16>
    %b, %t2 = gpu.alloc async [%t1] () : memref<128x64xf16>
    gpu.wait [%t2]
    %pa = tile.ptr_from_memref %a : memref<128x64xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<128x64xf16> -> !llvm.ptr
    %n = arith.constant 8192 : i64
    %bytes = arith.constant 16384 : i64
    %f16 = arith.constant 1 : i32
    %seed = arith.constant 7 : i64
    llvm.call @tileRtFillRandom(%pa, %n, %f16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pb, %bytes) : (!llvm.ptr, i64) -> ()
    %da = tma.make_descriptor %a : memref<128x64xf16> -> !desc
    %db = tma.make_descriptor %b : memref<128x64xf16> -> !desc
    gpu.launch_func @kernels::@reuse blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%da : !desc, %db : !desc)
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %stride = arith.constant 64 : i64
    %rows = arith.constant 128 : i64
    %zero = arith.constant 0.0 : f64
    %fail = llvm.call @tileRtCheck2D(%name, %pb, %stride, %pa, %stride, %rows, %stride, %f16, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    return %fail : i32
  }
}
