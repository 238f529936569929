// tile.copy of memrefs bound inside the kernel: views (memref.subview) of
// R = 50 rows of a 256 x 32 f32 matrix, one per CTA, whose tensor maps the
// kernel writes itself (tma.create_descriptor into the workspace the
// launch allocates). A 64-row TMA load from a 50-row view zero-fills the
// 14 rows past the view (even though the matrix has data there); the
// buffer goes to B through the host's map of B (all 64 rows) and to a view
// of C through the kernel's map (TMA stores clip at the view: C keeps the
// zeros it was given there). A reference kernel (masked loads, no TMA)
// writes what both must hold, and zeroes C first. A is random, B poisoned.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: device_maps_load: rows=256 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: device_maps_store: rows=256 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

!T = memref<?x?xf32>
!View = memref<?x32xf32, strided<[?, 1], offset: ?>>
!block = !tile.smem<64x32xf32, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @views(%A: !T, %B: !T, %C: !T, %R: index) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %bx = gpu.block_id x
      %r0 = arith.muli %bx, %c64 : index
      %va = memref.subview %A[%r0, 0] [%R, 32] [1, 1] : !T to !View
      %vc = memref.subview %C[%r0, 0] [%R, 32] [1, 1] : !T to !View
      %s = tile.alloc_smem : !block
      tile.copy %va[%c0, %c0], %s prefer tma : !View, !block
      tile.copy %s, %B[%r0, %c0] : !block, !T
      tile.copy %s, %vc[%c0, %c0] prefer tma : !block, !View
      gpu.return
    }

    // E[r, c] = A[r, c] where r % 64 < R, else 0; C = 0.
    gpu.func @reference(%A: !tile.ptr<f32>, %E: !tile.ptr<f32>, %C: !tile.ptr<f32>, %R: i32) kernel attributes {tile.num_warps = 4 : i32} {
      %bx = tile.program_id x
      %c64 = arith.constant 64 : i32
      %r0 = arith.muli %bx, %c64 : i32
      %rows = tile.range 0 to 64 : tensor<64xi32>
      %cols = tile.range 0 to 32 : tensor<32xi32>
      %rows2 = tile.expand_dims %rows, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
      %rowsb = tile.broadcast %rows2 : tensor<64x1xi32> -> tensor<64x32xi32>
      %cols2 = tile.expand_dims %cols, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
      %colsb = tile.broadcast %cols2 : tensor<1x32xi32> -> tensor<64x32xi32>
      %base = tile.splat %r0 : tensor<64x32xi32>
      %grow = arith.addi %rowsb, %base : tensor<64x32xi32>
      %ld = arith.constant dense<32> : tensor<64x32xi32>
      %rowoff = arith.muli %grow, %ld : tensor<64x32xi32>
      %off = arith.addi %rowoff, %colsb : tensor<64x32xi32>
      %rv = tile.splat %R : tensor<64x32xi32>
      %in = arith.cmpi slt, %rowsb, %rv : tensor<64x32xi32>
      %zero = arith.constant dense<0.0> : tensor<64x32xf32>
      %a = tile.load %A[%off] mask %in other %zero : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xi1> -> tensor<64x32xf32>
      tile.store %E[%off], %a : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32>
      tile.store %C[%off], %zero : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32>
      gpu.return
    }
  }

  llvm.mlir.global internal constant @load_name("device_maps_load\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @store_name("device_maps_store\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c50 = arith.constant 50 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%c256, %c32) : !T
    %b, %t2 = gpu.alloc async [%t1] (%c256, %c32) : !T
    %c, %t3 = gpu.alloc async [%t2] (%c256, %c32) : !T
    %e, %t4 = gpu.alloc async [%t3] (%c256, %c32) : !T
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : !T -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : !T -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : !T -> !llvm.ptr
    %pe = tile.ptr_from_memref %e : !T -> !llvm.ptr
    %n = arith.constant 8192 : i64
    %bytes = arith.constant 32768 : i64
    %f32 = tile.dtype_code f32 : i32
    %seed = arith.constant 91 : i64
    llvm.call @tileRtFillRandom(%pa, %n, %f32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pb, %bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pc, %bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pe, %bytes) : (!llvm.ptr, i64) -> ()
    %ka = tile.ptr_from_memref %a : !T -> !tile.ptr<f32>
    %ke = tile.ptr_from_memref %e : !T -> !tile.ptr<f32>
    %kc = tile.ptr_from_memref %c : !T -> !tile.ptr<f32>
    %r32 = arith.constant 50 : i32
    gpu.launch_func @kernels::@reference blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1) args(%ka : !tile.ptr<f32>, %ke : !tile.ptr<f32>, %kc : !tile.ptr<f32>, %r32 : i32)
    gpu.launch_func @kernels::@views blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1) args(%a : !T, %b : !T, %c : !T, %c50 : index)
    llvm.call @tileRtSynchronize() : () -> ()
    %rows = arith.constant 256 : i64
    %cols = arith.constant 32 : i64
    %exact = arith.constant 0.0 : f64
    %load_name = llvm.mlir.addressof @load_name : !llvm.ptr
    %f1 = llvm.call @tileRtCheck2D(%load_name, %pb, %cols, %pe, %cols, %rows, %cols, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %store_name = llvm.mlir.addressof @store_name : !llvm.ptr
    %f2 = llvm.call @tileRtCheck2D(%store_name, %pc, %cols, %pe, %cols, %rows, %cols, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %fail = arith.addi %f1, %f2 : i32
    return %fail : i32
  }
}
