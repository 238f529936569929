// A #tile.linear layout written on the source of a tile.broadcast grows
// to the result's shape (tile-legalize-layouts, LinearLayoutAttr::growTo):
// a column of 64 values v (rows over 32 lanes and a warp bit; warp bit 1
// and a register repeating) broadcast along 64 columns and added to a
// random 64 x 64 matrix X, out[r][c] = X[r][c] + v[r]. Checked exactly
// against a reference kernel that computes the same without a written
// layout; outputs poisoned first.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: linear_broadcast: rows=64 cols=64 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

#col = #tile.linear<register = [[0, 0]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [0, 0]], block = []>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @grown(%x_in: !tile.ptr<f32>, %v_in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
      %v = tile.load %v_in[%r2] : !tile.ptr<f32>, tensor<64x1xi32> -> tensor<64x1xf32, #col>
      %vb = tile.broadcast %v : tensor<64x1xf32, #col> -> tensor<64x64xf32>
      %c = tile.range 0 to 64 : tensor<64xi32>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
      %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
      %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
      %n = arith.constant dense<64> : tensor<64x64xi32>
      %ro = arith.muli %rb, %n : tensor<64x64xi32>
      %off = arith.addi %ro, %cb : tensor<64x64xi32>
      %x = tile.load %x_in[%off] : !tile.ptr<f32>, tensor<64x64xi32> -> tensor<64x64xf32>
      %s = arith.addf %x, %vb : tensor<64x64xf32>
      tile.store %out[%off], %s : !tile.ptr<f32>, tensor<64x64xi32>, tensor<64x64xf32>
      gpu.return
    }

    gpu.func @reference(%x_in: !tile.ptr<f32>, %v_in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
      %v = tile.load %v_in[%r2] : !tile.ptr<f32>, tensor<64x1xi32> -> tensor<64x1xf32>
      %vb = tile.broadcast %v : tensor<64x1xf32> -> tensor<64x64xf32>
      %c = tile.range 0 to 64 : tensor<64xi32>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
      %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
      %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
      %n = arith.constant dense<64> : tensor<64x64xi32>
      %ro = arith.muli %rb, %n : tensor<64x64xi32>
      %off = arith.addi %ro, %cb : tensor<64x64xi32>
      %x = tile.load %x_in[%off] : !tile.ptr<f32>, tensor<64x64xi32> -> tensor<64x64xf32>
      %s = arith.addf %x, %vb : tensor<64x64xf32>
      tile.store %out[%off], %s : !tile.ptr<f32>, tensor<64x64xi32>, tensor<64x64xf32>
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name("linear_broadcast\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %threads = arith.constant 128 : index
    %exact = arith.constant 0.0 : f64
    %f32 = arith.constant 0 : i32
    %t0 = gpu.wait async
    %x, %t1 = gpu.alloc async [%t0] () : memref<4096xf32>
    %v, %t2 = gpu.alloc async [%t1] () : memref<64xf32>
    %out, %t3 = gpu.alloc async [%t2] () : memref<4096xf32>
    %ref, %t4 = gpu.alloc async [%t3] () : memref<4096xf32>
    gpu.wait [%t4]
    %px = tile.ptr_from_memref %x : memref<4096xf32> -> !llvm.ptr
    %pv = tile.ptr_from_memref %v : memref<64xf32> -> !llvm.ptr
    %pout = tile.ptr_from_memref %out : memref<4096xf32> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<4096xf32> -> !llvm.ptr
    %n = arith.constant 4096 : i64
    %n64 = arith.constant 64 : i64
    %seed = arith.constant 4242 : i64
    %seed2 = arith.constant 1717 : i64
    llvm.call @tileRtFillRandom(%px, %n, %f32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pv, %n64, %f32, %seed2) : (!llvm.ptr, i64, i32, i64) -> ()
    %bytes = arith.constant 16384 : i64
    llvm.call @tileRtPoison(%pout, %bytes) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pref, %bytes) : (!llvm.ptr, i64) -> ()
    %kx = tile.ptr_from_memref %x : memref<4096xf32> -> !tile.ptr<f32>
    %kv = tile.ptr_from_memref %v : memref<64xf32> -> !tile.ptr<f32>
    %kout = tile.ptr_from_memref %out : memref<4096xf32> -> !tile.ptr<f32>
    %kref = tile.ptr_from_memref %ref : memref<4096xf32> -> !tile.ptr<f32>
    gpu.launch_func @kernels::@grown blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kx : !tile.ptr<f32>, %kv : !tile.ptr<f32>, %kout : !tile.ptr<f32>)
    gpu.launch_func @kernels::@reference blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kx : !tile.ptr<f32>, %kv : !tile.ptr<f32>, %kref : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %f = llvm.call @tileRtCheck2D(%name, %pout, %n64, %pref, %n64, %n64, %n64, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    return %f : i32
  }
}
