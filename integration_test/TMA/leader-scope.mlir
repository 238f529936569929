// Leader election for TMA copies, as in the TileLang seed:
// - per-warp scope: 8 warps, each copies its own row of A on its own barrier
//   (32 arrivals); one elected lane per warp adds the bytes and issues the
//   copies;
// - block scope: one elected thread of the CTA issues the copies for a
//   barrier that all 256 threads arrive on.
// Lane 0 / thread 0 writes B[row] = shared[row][0] (the seed's check); all
// threads also copy the whole row out so every element is verified.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: per_warp.first: rows=32 cols=1 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: per_warp.rows: rows=32 cols=1024 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: per_block.first: rows=4 cols=1 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: per_block.rows: rows=4 cols=1024 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

!desc = !tma.descriptor<tensor<1x256xf32>>
!rows = !tile.smem<8x4x256xf32, mutable>
!row = !tile.smem<4x256xf32, mutable>
!part = !tile.smem<1x256xf32, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @per_warp(%a: !desc, %b: !tile.ptr<f32>, %o: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 8 : i32} {
      %i0 = arith.constant 0 : i32
      %i8 = arith.constant 8 : i32
      %i32 = arith.constant 32 : i32
      %i256 = arith.constant 256 : i32
      %i512 = arith.constant 512 : i32
      %i768 = arith.constant 768 : i32
      %i1024 = arith.constant 1024 : i32
      %pid = tile.program_id x
      %tid = tile.thread_id
      %warp = tile.warp_id
      %lane = arith.remui %tid, %i32 : i32
      %base = arith.muli %pid, %i8 : i32
      %row = arith.addi %base, %warp : i32
      %w = arith.index_cast %warp : i32 to index

      %shared = tile.alloc_smem : !rows
      %mine = tile.smem_index %shared[%w] : !rows -> !row
      %q0 = tile.smem_subslice %mine[0, 0] : !row -> !part
      %q1 = tile.smem_subslice %mine[1, 0] : !row -> !part
      %q2 = tile.smem_subslice %mine[2, 0] : !row -> !part
      %q3 = tile.smem_subslice %mine[3, 0] : !row -> !part
      %bars = mbarrier.alloc : !mbarrier.group<8>
      %bar = mbarrier.index %bars[%w] : !mbarrier.group<8>
      %warp_leader = tile.elect warp
      scf.if %warp_leader {
        mbarrier.init %bar, arrivals = 32
      }
      tile.barrier

      mbarrier.expect_tx %bar, bytes = 4096 if %warp_leader
      tma.async_load %a[%row, %i0], %q0, %bar scope = warp : !desc, !part
      tma.async_load %a[%row, %i256], %q1, %bar scope = warp : !desc, !part
      tma.async_load %a[%row, %i512], %q2, %bar scope = warp : !desc, !part
      tma.async_load %a[%row, %i768], %q3, %bar scope = warp : !desc, !part
      mbarrier.arrive %bar
      mbarrier.wait %bar, phase %i0 : i32

      %is_lane0 = arith.cmpi eq, %lane, %i0 : i32
      scf.if %is_lane0 {
        %c0 = arith.constant 0 : index
        %first = tile.smem_load %mine[%c0, %c0] : !row -> f32
        tile.store %b[%row], %first : !tile.ptr<f32>, i32, f32
      }
      %row_base = arith.muli %row, %i1024 : i32
      %c0i = arith.constant 0 : index
      %c1i = arith.constant 1 : index
      %c32i = arith.constant 32 : index
      scf.for %j = %c0i to %c32i step %c1i {
        %j32 = arith.index_cast %j : index to i32
        %jk = arith.muli %j32, %i32 : i32
        %k = arith.addi %jk, %lane : i32
        %kq = arith.divui %k, %i256 : i32
        %kr = arith.remui %k, %i256 : i32
        %kqi = arith.index_cast %kq : i32 to index
        %kri = arith.index_cast %kr : i32 to index
        %v = tile.smem_load %mine[%kqi, %kri] : !row -> f32
        %off = arith.addi %row_base, %k : i32
        tile.store %o[%off], %v : !tile.ptr<f32>, i32, f32
      }
      gpu.return
    }

    gpu.func @per_block(%a: !desc, %b: !tile.ptr<f32>, %o: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 8 : i32} {
      %c0 = arith.constant 0 : index
      %i0 = arith.constant 0 : i32
      %i256 = arith.constant 256 : i32
      %i512 = arith.constant 512 : i32
      %i768 = arith.constant 768 : i32
      %i1024 = arith.constant 1024 : i32
      %pid = tile.program_id x
      %tid = tile.thread_id
      %shared = tile.alloc_smem : !row
      %q0 = tile.smem_subslice %shared[0, 0] : !row -> !part
      %q1 = tile.smem_subslice %shared[1, 0] : !row -> !part
      %q2 = tile.smem_subslice %shared[2, 0] : !row -> !part
      %q3 = tile.smem_subslice %shared[3, 0] : !row -> !part
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 256
      }
      tile.barrier
      mbarrier.expect_tx %bar, bytes = 4096 if %leader
      tma.async_load %a[%pid, %i0], %q0, %bar : !desc, !part
      tma.async_load %a[%pid, %i256], %q1, %bar : !desc, !part
      tma.async_load %a[%pid, %i512], %q2, %bar : !desc, !part
      tma.async_load %a[%pid, %i768], %q3, %bar : !desc, !part
      mbarrier.arrive %bar
      mbarrier.wait %bar, phase %i0 : i32

      %is_t0 = arith.cmpi eq, %tid, %i0 : i32
      scf.if %is_t0 {
        %first = tile.smem_load %shared[%c0, %c0] : !row -> f32
        tile.store %b[%pid], %first : !tile.ptr<f32>, i32, f32
      }
      %row_base = arith.muli %pid, %i1024 : i32
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      scf.for %q = %c0 to %c4 step %c1 {
        %tidx = arith.index_cast %tid : i32 to index
        %v = tile.smem_load %shared[%q, %tidx] : !row -> f32
        %q32 = arith.index_cast %q : index to i32
        %qk = arith.muli %q32, %i256 : i32
        %k = arith.addi %qk, %tid : i32
        %off = arith.addi %row_base, %k : i32
        tile.store %o[%off], %v : !tile.ptr<f32>, i32, f32
      }
      gpu.return
    }
  }

  llvm.mlir.global internal constant @warp_first("per_warp.first\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @warp_rows("per_warp.rows\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @block_first("per_block.first\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @block_rows("per_block.rows\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c256 = arith.constant 256 : index
    %f32 = arith.constant 0 : i32
    %zero = arith.constant 0.0 : f64
    %k = arith.constant 1024 : i64
    %one = arith.constant 1 : i64
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] () : memref<32x1024xf32>
    %b, %t2 = gpu.alloc async [%t1] () : memref<32xf32>
    %o, %t3 = gpu.alloc async [%t2] () : memref<32x1024xf32>
    gpu.wait [%t3]
    %pa = tile.ptr_from_memref %a : memref<32x1024xf32> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<32xf32> -> !llvm.ptr
    %po = tile.ptr_from_memref %o : memref<32x1024xf32> -> !llvm.ptr
    %n = arith.constant 32768 : i64
    %seed = arith.constant 11 : i64
    llvm.call @tileRtFillRandom(%pa, %n, %f32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    %obytes = arith.constant 131072 : i64
    %bbytes = arith.constant 128 : i64
    llvm.call @tileRtPoison(%po, %obytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pb, %bbytes) : (!llvm.ptr, i64) -> ()
    %da = tma.make_descriptor %a : memref<32x1024xf32> -> !desc
    %kb = tile.ptr_from_memref %b : memref<32xf32> -> !tile.ptr<f32>
    %ko = tile.ptr_from_memref %o : memref<32x1024xf32> -> !tile.ptr<f32>

    // Per-warp scope: 4 CTAs x 8 warps cover the 32 rows.
    gpu.launch_func @kernels::@per_warp blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%da : !desc, %kb : !tile.ptr<f32>, %ko : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %n1 = llvm.mlir.addressof @warp_first : !llvm.ptr
    %n2 = llvm.mlir.addressof @warp_rows : !llvm.ptr
    %rows32 = arith.constant 32 : i64
    %f1 = llvm.call @tileRtCheck2D(%n1, %pb, %one, %pa, %k, %rows32, %one, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %f2 = llvm.call @tileRtCheck2D(%n2, %po, %k, %pa, %k, %rows32, %k, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

    // Block scope: 4 CTAs, one row each.
    llvm.call @tileRtPoison(%po, %obytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pb, %bbytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@per_block blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%da : !desc, %kb : !tile.ptr<f32>, %ko : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %n3 = llvm.mlir.addressof @block_first : !llvm.ptr
    %n4 = llvm.mlir.addressof @block_rows : !llvm.ptr
    %rows4 = arith.constant 4 : i64
    %f3 = llvm.call @tileRtCheck2D(%n3, %pb, %one, %pa, %k, %rows4, %one, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %f4 = llvm.call @tileRtCheck2D(%n4, %po, %k, %pa, %k, %rows4, %k, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %s1 = arith.addi %f1, %f2 : i32
    %s2 = arith.addi %f3, %f4 : i32
    %s = arith.addi %s1, %s2 : i32
    return %s : i32
  }
}
