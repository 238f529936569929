// The TileLang seed's copy tests (shared/seeds/002) with tile.copy, which
// chooses the instruction (test/Transforms/lower-copies.mlir checks the
// choices; this runs them):
// - row: T.copy(A[1, 0:32], shared, prefer_instruction="tma") from a
//   tensor of row pitch 40, no barrier: a descriptor-free 1-D bulk copy,
//   with the barrier, expected bytes and wait generated (synchronous TMA);
// - device_ptr: the same row through a pointer the kernel loads from a
//   table of pointers (src_ptrs[0], which set_table wrote on the device):
//   still the descriptor-free bulk copy;
// - region_load / region_store: a padded (strided) 2x32 region through a
//   descriptor built on the host at the launch; the store keeps the
//   destination's padding columns (-1) intact;
// - edge: a 16x32 region that runs past a 50x40 tensor's corner: the
//   descriptor load zero-fills outside, the descriptor store clips, so the
//   output outside the tensor's part of the region keeps its fill;
// - sync_region: `prefer sync` moves the strided region through registers.
// Inputs are fresh random data, outputs poisoned or filled first.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: copy_row: rows=1 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: copy_device_ptr: rows=1 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: copy_region_load: rows=2 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: copy_region_store: rows=2 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: copy_region_store.padding: untouched=16/16 -> PASS
// CHECK: copy_edge: rows=10 cols=24 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: copy_edge.outside: untouched=1600/1600 -> PASS
// CHECK: copy_sync_region: rows=2 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

!strided = memref<2x32xf32, strided<[40, 1]>>
!dense = memref<2x32xf32>
!region = !tile.smem<2x32xf32, mutable>
!rowbuf = !tile.smem<32xf32, mutable>
!edgebuf = !tile.smem<16x32xf32, mutable>
!T = memref<?x?xf32>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @row(%a: !strided, %out: memref<32xf32>) kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %buf = tile.alloc_smem : !rowbuf
      tile.copy %a[%c1, %c0], %buf prefer tma : !strided, !rowbuf
      tile.copy %buf, %out[%c0] : !rowbuf, memref<32xf32>
      gpu.return
    }

    gpu.func @set_table(%table: !tile.ptr<i64>, %address: i64) kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : i64
      tile.store %table[%c0], %address : !tile.ptr<i64>, i64, i64
      gpu.return
    }

    gpu.func @device_ptr(%src_ptrs: !tile.ptr<!tile.ptr<f32>>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c0_i64 = arith.constant 0 : i64
      %a = tile.load %src_ptrs[%c0_i64] : !tile.ptr<!tile.ptr<f32>>, i64 -> !tile.ptr<f32>
      %buf = tile.alloc_smem : !rowbuf
      tile.copy %a[%c0], %buf prefer tma : !tile.ptr<f32>, !rowbuf
      tile.copy %buf, %out[%c0] : !rowbuf, !tile.ptr<f32>
      gpu.return
    }

    gpu.func @region_load(%a: !strided, %out: !dense) kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc_smem : !region
      tile.copy %a[%c0, %c0], %buf : !strided, !region
      tile.copy %buf, %out[%c0, %c0] : !region, !dense
      gpu.return
    }

    gpu.func @region_store(%in: !dense, %b: !strided) kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc_smem : !region
      tile.copy %in[%c0, %c0], %buf : !dense, !region
      tile.copy %buf, %b[%c0, %c0] : !region, !strided
      gpu.return
    }

    gpu.func @edge(%a: !T, %c: !T, %i: index, %j: index) kernel attributes {tile.num_warps = 4 : i32} {
      %buf = tile.alloc_smem : !edgebuf
      tile.copy %a[%i, %j], %buf : !T, !edgebuf
      tile.copy %buf, %c[%i, %j] : !edgebuf, !T
      gpu.return
    }

    gpu.func @sync_region(%a: !strided, %out: !dense) kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc_smem : !region
      tile.copy %a[%c0, %c0], %buf prefer sync : !strided, !region
      tile.copy %buf, %out[%c0, %c0] prefer sync : !region, !dense
      gpu.return
    }
  }

  llvm.mlir.global internal constant @row_name("copy_row\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @ptr_name("copy_device_ptr\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @load_name("copy_region_load\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @store_name("copy_region_store\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @pad_name("copy_region_store.padding\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @edge_name("copy_edge\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @outside_name("copy_edge.outside\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @sync_name("copy_sync_region\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtFill(!llvm.ptr, i64, i32, f64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
  llvm.func @tileRtCheckFill(!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c16 = arith.constant 16 : index
    %c40 = arith.constant 40 : index
    %c50 = arith.constant 50 : index
    %f32 = tile.dtype_code f32 : i32
    %zero = arith.constant 0.0 : f64
    %minus1 = arith.constant -1.0 : f64
    %i1 = arith.constant 1 : i64
    %i2 = arith.constant 2 : i64
    %i8 = arith.constant 8 : i64
    %i10 = arith.constant 10 : i64
    %i24 = arith.constant 24 : i64
    %i32 = arith.constant 32 : i64
    %i40 = arith.constant 40 : i64
    %i64 = arith.constant 64 : i64
    %i80 = arith.constant 80 : i64
    %i2000 = arith.constant 2000 : i64
    %obytes = arith.constant 256 : i64
    %t0 = gpu.wait async
    %padded, %t1 = gpu.alloc async [%t0] () : memref<2x40xf32>
    %dense, %t2 = gpu.alloc async [%t1] () : !dense
    %out, %t3 = gpu.alloc async [%t2] () : !dense
    %ea, %t4 = gpu.alloc async [%t3] (%c50, %c40) : !T
    %ec, %t5 = gpu.alloc async [%t4] (%c50, %c40) : !T
    %table, %t6 = gpu.alloc async [%t5] () : memref<1xi64>
    gpu.wait [%t6]
    %strided = memref.subview %padded[0, 0] [2, 32] [1, 1] : memref<2x40xf32> to !strided
    %out_row = memref.subview %out[0, 0] [1, 32] [1, 1] : !dense to memref<32xf32, strided<[1]>>
    %out_row_d = memref.cast %out_row : memref<32xf32, strided<[1]>> to memref<32xf32>
    %pp = tile.ptr_from_memref %padded : memref<2x40xf32> -> !llvm.ptr
    %pd = tile.ptr_from_memref %dense : !dense -> !llvm.ptr
    %po = tile.ptr_from_memref %out : !dense -> !llvm.ptr
    %pea = tile.ptr_from_memref %ea : !T -> !llvm.ptr
    %pec = tile.ptr_from_memref %ec : !T -> !llvm.ptr
    %ko = tile.ptr_from_memref %out : !dense -> !tile.ptr<f32>
    %ktable = tile.ptr_from_memref %table : memref<1xi64> -> !tile.ptr<!tile.ptr<f32>>
    %ktable64 = tile.ptr_from_memref %table : memref<1xi64> -> !tile.ptr<i64>
    %row1 = llvm.getelementptr %pp[40] : (!llvm.ptr) -> !llvm.ptr, f32
    %s1 = arith.constant 31 : i64
    %s2 = arith.constant 32 : i64
    %s3 = arith.constant 33 : i64

    // Row 1 by a bulk copy, from the memref and from a device pointer.
    llvm.call @tileRtFillRandom(%pp, %i80, %f32, %s1) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%po, %obytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@row blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%strided : !strided, %out_row_d : memref<32xf32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %n1 = llvm.mlir.addressof @row_name : !llvm.ptr
    %f1 = llvm.call @tileRtCheck2D(%n1, %po, %i32, %row1, %i40, %i1, %i32, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    llvm.call @tileRtPoison(%po, %obytes) : (!llvm.ptr, i64) -> ()
    %row1_address = llvm.ptrtoint %row1 : !llvm.ptr to i64
    gpu.launch_func @kernels::@set_table blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%ktable64 : !tile.ptr<i64>, %row1_address : i64)
    gpu.launch_func @kernels::@device_ptr blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%ktable : !tile.ptr<!tile.ptr<f32>>, %ko : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %n2 = llvm.mlir.addressof @ptr_name : !llvm.ptr
    %f2 = llvm.call @tileRtCheck2D(%n2, %po, %i32, %row1, %i40, %i1, %i32, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

    // The strided region through descriptors.
    llvm.call @tileRtPoison(%po, %obytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@region_load blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%strided : !strided, %out : !dense)
    llvm.call @tileRtSynchronize() : () -> ()
    %n3 = llvm.mlir.addressof @load_name : !llvm.ptr
    %f3 = llvm.call @tileRtCheck2D(%n3, %po, %i32, %pp, %i40, %i2, %i32, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    llvm.call @tileRtFillRandom(%pd, %i64, %f32, %s2) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFill(%pp, %i80, %f32, %minus1) : (!llvm.ptr, i64, i32, f64) -> ()
    gpu.launch_func @kernels::@region_store blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%dense : !dense, %strided : !strided)
    llvm.call @tileRtSynchronize() : () -> ()
    %n4 = llvm.mlir.addressof @store_name : !llvm.ptr
    %f4 = llvm.call @tileRtCheck2D(%n4, %pp, %i40, %pd, %i32, %i2, %i32, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %pad = llvm.getelementptr %pp[32] : (!llvm.ptr) -> !llvm.ptr, f32
    %n5 = llvm.mlir.addressof @pad_name : !llvm.ptr
    %f5 = llvm.call @tileRtCheckFill(%n5, %pad, %i40, %i2, %i8, %f32, %minus1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

    // A region past the tensor's corner: rows 40..55, columns 16..47.
    llvm.call @tileRtFillRandom(%pea, %i2000, %f32, %s3) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFill(%pec, %i2000, %f32, %minus1) : (!llvm.ptr, i64, i32, f64) -> ()
    gpu.launch_func @kernels::@edge blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%ea : !T, %ec : !T, %c40 : index, %c16 : index)
    llvm.call @tileRtSynchronize() : () -> ()
    %corner_c = llvm.getelementptr %pec[1616] : (!llvm.ptr) -> !llvm.ptr, f32
    %corner_a = llvm.getelementptr %pea[1616] : (!llvm.ptr) -> !llvm.ptr, f32
    %n6 = llvm.mlir.addressof @edge_name : !llvm.ptr
    %f6 = llvm.call @tileRtCheck2D(%n6, %corner_c, %i40, %corner_a, %i40, %i10, %i24, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %n7 = llvm.mlir.addressof @outside_name : !llvm.ptr
    %f7 = llvm.call @tileRtCheckFill(%n7, %pec, %i40, %i40, %i40, %f32, %minus1) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

    // `prefer sync`: through registers.
    llvm.call @tileRtFillRandom(%pp, %i80, %f32, %s1) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%po, %obytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@sync_region blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%strided : !strided, %out : !dense)
    llvm.call @tileRtSynchronize() : () -> ()
    %n8 = llvm.mlir.addressof @sync_name : !llvm.ptr
    %f8 = llvm.call @tileRtCheck2D(%n8, %po, %i32, %pp, %i40, %i2, %i32, %f32, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

    %a1 = arith.addi %f1, %f2 : i32
    %a2 = arith.addi %f3, %f4 : i32
    %a3 = arith.addi %f5, %f6 : i32
    %a4 = arith.addi %f7, %f8 : i32
    %b1 = arith.addi %a1, %a2 : i32
    %b2 = arith.addi %a3, %a4 : i32
    %r = arith.addi %b1, %b2 : i32
    return %r : i32
  }
}
