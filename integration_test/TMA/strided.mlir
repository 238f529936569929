// Strided global tensors (rows of 32 f32 in a row pitch of 40), as in the
// TileLang seed:
// - one row moves with a 1-D bulk copy (cp.async.bulk) that needs no
//   descriptor: shared[0:32] = A[1, 0:32];
// - a padded multi-row region moves through a descriptor built from the
//   strided memref, both as a load (strided -> shared -> dense) and as a
//   store (dense -> shared -> strided); the padding columns of the strided
//   destination keep their -1 fill.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: bulk_row: rows=1 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: descriptor_load: rows=2 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: descriptor_store: rows=2 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: descriptor_store.padding: untouched=16/16 -> PASS
// CHECK-NOT: FAIL

!desc = !tma.descriptor<tensor<2x32xf32>>
!region = !tile.smem<2x32xf32, mutable>
!rowbuf = !tile.smem<32xf32, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // 1-D bulk copy of row 1 (element offset 40 = 160 bytes, 16-aligned).
    gpu.func @bulk_row(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %i0 = arith.constant 0 : i32
      %row1 = arith.constant 40 : i64
      %buf = tile.alloc_smem : !rowbuf
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      mbarrier.arrive_expect_tx %bar, bytes = 128 if %leader
      tma.bulk_load %a[%row1], %buf, %bar : !tile.ptr<f32>, i64, !rowbuf
      mbarrier.wait %bar, phase %i0 : i32
      %tid = tile.thread_id
      %t = arith.index_cast %tid : i32 to index
      %v = tile.smem_load %buf[%t] : !rowbuf -> f32
      tile.store %out[%tid], %v : !tile.ptr<f32>, i32, f32
      gpu.return
    }

    // Strided region -> shared (descriptor) -> dense output (plain stores).
    gpu.func @region_load(%a: !desc, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %i0 = arith.constant 0 : i32
      %i32 = arith.constant 32 : i32
      %buf = tile.alloc_smem : !region
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      mbarrier.arrive_expect_tx %bar, bytes = 256 if %leader
      tma.async_load %a[%i0, %i0], %buf, %bar : !desc, !region
      mbarrier.wait %bar, phase %i0 : i32
      %tid = tile.thread_id
      %t = arith.index_cast %tid : i32 to index
      %v0 = tile.smem_load %buf[%c0, %t] : !region -> f32
      %v1 = tile.smem_load %buf[%c1, %t] : !region -> f32
      tile.store %out[%tid], %v0 : !tile.ptr<f32>, i32, f32
      %o1 = arith.addi %tid, %i32 : i32
      tile.store %out[%o1], %v1 : !tile.ptr<f32>, i32, f32
      gpu.return
    }

    // Dense input -> shared (plain stores) -> strided region (descriptor).
    gpu.func @region_store(%in: !tile.ptr<f32>, %b: !desc) kernel
        attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %i0 = arith.constant 0 : i32
      %i32 = arith.constant 32 : i32
      %buf = tile.alloc_smem : !region
      %tid = tile.thread_id
      %t = arith.index_cast %tid : i32 to index
      %v0 = tile.load %in[%tid] : !tile.ptr<f32>, i32 -> f32
      %o1 = arith.addi %tid, %i32 : i32
      %v1 = tile.load %in[%o1] : !tile.ptr<f32>, i32 -> f32
      tile.smem_store %v0, %buf[%c0, %t] : f32, !region
      tile.smem_store %v1, %buf[%c1, %t] : f32, !region
      // Generic-proxy writes, then a TMA (async-proxy) read.
      tile.fence_async_shared
      tile.barrier
      tma.async_store %buf, %b[%i0, %i0] : !region, !desc
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }
  }

  llvm.mlir.global internal constant @bulk_name("bulk_row\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @load_name("descriptor_load\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @store_name("descriptor_store\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @pad_name("descriptor_store.padding\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtFill(!llvm.ptr, i64, i32, f64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
  llvm.func @tileRtCheckFill(!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %f32 = arith.constant 0 : i32
    %zero = arith.constant 0.0 : f64
    %minus1 = arith.constant -1.0 : f64
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %i8 = arith.constant 8 : i64
    %i32 = arith.constant 32 : i64
    %i40 = arith.constant 40 : i64
    %i64 = arith.constant 64 : i64
    %i80 = arith.constant 80 : i64
    %t0 = gpu.wait async
    %padded, %t1 = gpu.alloc async [%t0] () : memref<2x40xf32>
    %dense, %t2 = gpu.alloc async [%t1] () : memref<2x32xf32>
    %out, %t3 = gpu.alloc async [%t2] () : memref<2x32xf32>
    gpu.wait [%t3]
    %strided = memref.subview %padded[0, 0] [2, 32] [1, 1] : memref<2x40xf32> to memref<2x32xf32, strided<[40, 1]>>
    %pp = tile.ptr_from_memref %padded : memref<2x40xf32> -> !llvm.ptr
    %pd = tile.ptr_from_memref %dense : memref<2x32xf32> -> !llvm.ptr
    %po = tile.ptr_from_memref %out : memref<2x32xf32> -> !llvm.ptr
    %kp = tile.ptr_from_memref %padded : memref<2x40xf32> -> !tile.ptr<f32>
    %kd = tile.ptr_from_memref %dense : memref<2x32xf32> -> !tile.ptr<f32>
    %ko = tile.ptr_from_memref %out : memref<2x32xf32> -> !tile.ptr<f32>
    %seed1 = arith.constant 21 : i64
    %seed2 = arith.constant 22 : i64
    %obytes = arith.constant 256 : i64
    %desc_strided = tma.make_descriptor %strided : memref<2x32xf32, strided<[40, 1]>> -> !desc

    // 1-D bulk copy of row 1.
    llvm.call @tileRtFillRandom(%pp, %i80, %f32, %seed1) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%po, %obytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@bulk_row blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%kp : !tile.ptr<f32>, %ko : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %row1 = llvm.getelementptr %pp[40] : (!llvm.ptr) -> !llvm.ptr, f32
    %n1 = llvm.mlir.addressof @bulk_name : !llvm.ptr
    %f1 = llvm.call @tileRtCheck2D(%n1, %po, %i32, %row1, %i40, %i1, %i32, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

    // Strided region load.
    llvm.call @tileRtPoison(%po, %obytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@region_load blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%desc_strided : !desc, %ko : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %n2 = llvm.mlir.addressof @load_name : !llvm.ptr
    %f2 = llvm.call @tileRtCheck2D(%n2, %po, %i32, %pp, %i40, %i2, %i32, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

    // Strided region store into a buffer pre-filled with -1.
    llvm.call @tileRtFillRandom(%pd, %i64, %f32, %seed2) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFill(%pp, %i80, %f32, %minus1) : (!llvm.ptr, i64, i32, f64) -> ()
    gpu.launch_func @kernels::@region_store blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%kd : !tile.ptr<f32>, %desc_strided : !desc)
    llvm.call @tileRtSynchronize() : () -> ()
    %n3 = llvm.mlir.addressof @store_name : !llvm.ptr
    %f3 = llvm.call @tileRtCheck2D(%n3, %pp, %i40, %pd, %i32, %i2, %i32, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %pad = llvm.getelementptr %pp[32] : (!llvm.ptr) -> !llvm.ptr, f32
    %n4 = llvm.mlir.addressof @pad_name : !llvm.ptr
    %f4 = llvm.call @tileRtCheckFill(%n4, %pad, %i40, %i2, %i8, %f32, %minus1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %s1 = arith.addi %f1, %f2 : i32
    %s2 = arith.addi %f3, %f4 : i32
    %s = arith.addi %s1, %s2 : i32
    return %s : i32
  }
}
