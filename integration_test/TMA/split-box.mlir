// Boxes whose rows are wider than the swizzle span (128 bytes: 64 f16) are
// split by the compiler: the tensor map is built with boxes one span wide,
// and each copy op becomes one TMA instruction per piece, landing where the
// NVMMA layout stores that piece ([rows x 64] blocks; for rank 3, one block
// per leading index). The kernels read and write the buffers element by
// element through the layout (tile.smem_load / smem_store), so a piece put
// in the wrong place shows up as wrong data, not as a symmetric round trip.
// - split_load:   a 64x256 box (4 pieces) at (64, 64) of a 128x384 tensor;
// - split_store:  the same box stored back into a tensor filled with -1,
//                 everything outside the box left untouched;
// - split_load3:  a 2x64x128 box (4 pieces of 1x64x64) at (1, 64, 128) of a
//                 4x128x256 tensor.
// The loads leave their transaction bytes to the compiler
// (tile-infer-transaction-bytes: the whole box, 32768 bytes).
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: split_load: rows=64 cols=256 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: split_store: rows=64 cols=256 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: split_store.rows_above: untouched=24576/24576 -> PASS
// CHECK: split_store.cols_left: untouched=4096/4096 -> PASS
// CHECK: split_store.cols_right: untouched=4096/4096 -> PASS
// CHECK: split_load3.d0: rows=64 cols=128 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: split_load3.d1: rows=64 cols=128 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!d2 = !tma.descriptor<tensor<64x256xf16>, swizzle = 128>
!b2 = !tile.smem<64x256xf16, #sw128, mutable>
!d3 = !tma.descriptor<tensor<2x64x128xf16>, swizzle = 128>
!b3 = !tile.smem<2x64x128xf16, #sw128, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @split_load(%d: !d2, %out: !tile.ptr<f16>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %i0 = arith.constant 0 : i32
      %i64 = arith.constant 64 : i32
      %i128 = arith.constant 128 : i32
      %i256 = arith.constant 256 : i32
      %buf = tile.alloc_smem : !b2
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      mbarrier.arrive_expect_tx %bar if %leader
      tma.async_load %d[%i64, %i64], %buf, %bar : !d2, !b2
      mbarrier.wait %bar, phase %i0 : i32
      %tid = tile.thread_id
      scf.for %i = %c0 to %c128 step %c1 {
        %i_i32 = arith.index_cast %i : index to i32
        %base = arith.muli %i_i32, %i128 : i32
        %e = arith.addi %base, %tid : i32
        %r = arith.divui %e, %i256 : i32
        %c = arith.remui %e, %i256 : i32
        %ri = arith.index_cast %r : i32 to index
        %ci = arith.index_cast %c : i32 to index
        %v = tile.smem_load %buf[%ri, %ci] : !b2 -> f16
        tile.store %out[%e], %v : !tile.ptr<f16>, i32, f16
      }
      gpu.return
    }

    gpu.func @split_store(%in: !tile.ptr<f16>, %d: !d2) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %i64 = arith.constant 64 : i32
      %i128 = arith.constant 128 : i32
      %i256 = arith.constant 256 : i32
      %buf = tile.alloc_smem : !b2
      %tid = tile.thread_id
      scf.for %i = %c0 to %c128 step %c1 {
        %i_i32 = arith.index_cast %i : index to i32
        %base = arith.muli %i_i32, %i128 : i32
        %e = arith.addi %base, %tid : i32
        %r = arith.divui %e, %i256 : i32
        %c = arith.remui %e, %i256 : i32
        %ri = arith.index_cast %r : i32 to index
        %ci = arith.index_cast %c : i32 to index
        %v = tile.load %in[%e] : !tile.ptr<f16>, i32 -> f16
        tile.smem_store %v, %buf[%ri, %ci] : f16, !b2
      }
      // Generic-proxy writes, then a TMA (async-proxy) read.
      tile.fence_async_shared
      tile.barrier
      tma.async_store %buf, %d[%i64, %i64] : !b2, !d2
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }

    gpu.func @split_load3(%d: !d3, %out: !tile.ptr<f16>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c128 = arith.constant 128 : index
      %i0 = arith.constant 0 : i32
      %i1 = arith.constant 1 : i32
      %i64 = arith.constant 64 : i32
      %i128 = arith.constant 128 : i32
      %i8192 = arith.constant 8192 : i32
      %buf = tile.alloc_smem : !b3
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      mbarrier.arrive_expect_tx %bar if %leader
      tma.async_load %d[%i1, %i64, %i128], %buf, %bar : !d3, !b3
      mbarrier.wait %bar, phase %i0 : i32
      %tid = tile.thread_id
      scf.for %i = %c0 to %c128 step %c1 {
        %i_i32 = arith.index_cast %i : index to i32
        %base = arith.muli %i_i32, %i128 : i32
        %e = arith.addi %base, %tid : i32
        %dd = arith.divui %e, %i8192 : i32
        %rest = arith.remui %e, %i8192 : i32
        %r = arith.divui %rest, %i128 : i32
        %c = arith.remui %rest, %i128 : i32
        %di = arith.index_cast %dd : i32 to index
        %ri = arith.index_cast %r : i32 to index
        %ci = arith.index_cast %c : i32 to index
        %v = tile.smem_load %buf[%di, %ri, %ci] : !b3 -> f16
        tile.store %out[%e], %v : !tile.ptr<f16>, i32, f16
      }
      gpu.return
    }
  }

  llvm.mlir.global internal constant @load_name("split_load\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @store_name("split_store\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @above_name("split_store.rows_above\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @left_name("split_store.cols_left\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @right_name("split_store.cols_right\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @load3_d0_name("split_load3.d0\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @load3_d1_name("split_load3.d1\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtFill(!llvm.ptr, i64, i32, f64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
  llvm.func @tileRtCheckFill(!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %f16 = tile.dtype_code f16 : i32
    %zero = arith.constant 0.0 : f64
    %minus1 = arith.constant -1.0 : f64
    %n_a = arith.constant 49152 : i64
    %n_box = arith.constant 16384 : i64
    %n_c = arith.constant 131072 : i64
    %box_bytes = arith.constant 32768 : i64
    %s64 = arith.constant 64 : i64
    %s128 = arith.constant 128 : i64
    %s256 = arith.constant 256 : i64
    %s384 = arith.constant 384 : i64
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] () : memref<128x384xf16>
    %b, %t2 = gpu.alloc async [%t1] () : memref<128x384xf16>
    %box, %t3 = gpu.alloc async [%t2] () : memref<64x256xf16>
    %out, %t4 = gpu.alloc async [%t3] () : memref<64x256xf16>
    %c, %t5 = gpu.alloc async [%t4] () : memref<4x128x256xf16>
    gpu.wait [%t5]
    %pa = tile.ptr_from_memref %a : memref<128x384xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<128x384xf16> -> !llvm.ptr
    %pbox = tile.ptr_from_memref %box : memref<64x256xf16> -> !llvm.ptr
    %pout = tile.ptr_from_memref %out : memref<64x256xf16> -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : memref<4x128x256xf16> -> !llvm.ptr
    %kbox = tile.ptr_from_memref %box : memref<64x256xf16> -> !tile.ptr<f16>
    %kout = tile.ptr_from_memref %out : memref<64x256xf16> -> !tile.ptr<f16>
    %da = tma.make_descriptor %a : memref<128x384xf16> -> !d2
    %db = tma.make_descriptor %b : memref<128x384xf16> -> !d2
    %dc = tma.make_descriptor %c : memref<4x128x256xf16> -> !d3
    %seed1 = arith.constant 31 : i64
    %seed2 = arith.constant 32 : i64
    %seed3 = arith.constant 33 : i64

    // Load: out = a[64:128, 64:320].
    llvm.call @tileRtFillRandom(%pa, %n_a, %f16, %seed1) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout, %box_bytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@split_load blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%da : !d2, %kout : !tile.ptr<f16>)
    llvm.call @tileRtSynchronize() : () -> ()
    %a_box = llvm.getelementptr %pa[24640] : (!llvm.ptr) -> !llvm.ptr, f16
    %n1 = llvm.mlir.addressof @load_name : !llvm.ptr
    %f1 = llvm.call @tileRtCheck2D(%n1, %pout, %s256, %a_box, %s384, %s64, %s256, %f16, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

    // Store: b[64:128, 64:320] = box; the rest of b keeps its -1.
    llvm.call @tileRtFillRandom(%pbox, %n_box, %f16, %seed2) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFill(%pb, %n_a, %f16, %minus1) : (!llvm.ptr, i64, i32, f64) -> ()
    gpu.launch_func @kernels::@split_store blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%kbox : !tile.ptr<f16>, %db : !d2)
    llvm.call @tileRtSynchronize() : () -> ()
    %b_box = llvm.getelementptr %pb[24640] : (!llvm.ptr) -> !llvm.ptr, f16
    %n2 = llvm.mlir.addressof @store_name : !llvm.ptr
    %f2 = llvm.call @tileRtCheck2D(%n2, %b_box, %s384, %pbox, %s256, %s64, %s256, %f16, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %n3 = llvm.mlir.addressof @above_name : !llvm.ptr
    %f3 = llvm.call @tileRtCheckFill(%n3, %pb, %s384, %s64, %s384, %f16, %minus1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %b_left = llvm.getelementptr %pb[24576] : (!llvm.ptr) -> !llvm.ptr, f16
    %n4 = llvm.mlir.addressof @left_name : !llvm.ptr
    %f4 = llvm.call @tileRtCheckFill(%n4, %b_left, %s384, %s64, %s64, %f16, %minus1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %b_right = llvm.getelementptr %pb[24896] : (!llvm.ptr) -> !llvm.ptr, f16
    %n5 = llvm.mlir.addressof @right_name : !llvm.ptr
    %f5 = llvm.call @tileRtCheckFill(%n5, %b_right, %s384, %s64, %s64, %f16, %minus1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

    // Rank 3: out = c[1:3, 64:128, 128:256].
    llvm.call @tileRtFillRandom(%pc, %n_c, %f16, %seed3) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout, %box_bytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@split_load3 blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%dc : !d3, %kout : !tile.ptr<f16>)
    llvm.call @tileRtSynchronize() : () -> ()
    // c[1, 64, 128] and c[2, 64, 128]: (1 * 128 + 64) * 256 + 128 and
    // (2 * 128 + 64) * 256 + 128.
    %c_d0 = llvm.getelementptr %pc[49280] : (!llvm.ptr) -> !llvm.ptr, f16
    %c_d1 = llvm.getelementptr %pc[82048] : (!llvm.ptr) -> !llvm.ptr, f16
    %out_d1 = llvm.getelementptr %pout[8192] : (!llvm.ptr) -> !llvm.ptr, f16
    %n6 = llvm.mlir.addressof @load3_d0_name : !llvm.ptr
    %f6 = llvm.call @tileRtCheck2D(%n6, %pout, %s128, %c_d0, %s256, %s64, %s128, %f16, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %n7 = llvm.mlir.addressof @load3_d1_name : !llvm.ptr
    %f7 = llvm.call @tileRtCheck2D(%n7, %out_d1, %s128, %c_d1, %s256, %s64, %s128, %f16, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

    %s1 = arith.addi %f1, %f2 : i32
    %s2 = arith.addi %f3, %f4 : i32
    %s3 = arith.addi %f5, %f6 : i32
    %s4 = arith.addi %s1, %s2 : i32
    %s5 = arith.addi %s3, %f7 : i32
    %s = arith.addi %s4, %s5 : i32
    return %s : i32
  }
}
