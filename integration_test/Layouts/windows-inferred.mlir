// Windows (tile.extract_slice) of register tiles whose layouts
// tile-legalize-layouts chooses. Each kernel reads a random 64 x 64 f32
// matrix X (row stride 64) and writes through windows:
// - halves: X's coalesced layout is laid out for its 64 x 32 windows;
//   out1[r][c] = X[r][c + 32] * 2 + X[r][c] (64 x 32, stride 32), stored
//   at a window of the 64 x 64 offsets (stride 64, left half).
// - written: X in a layout the user wrote (16 lanes along a row), too wide
//   for a 32-column window: converted, then cut; out2[r][c] = X[r][c + 32]
//   at the left half of a 64 x 64 buffer.
// - recomputed: the offsets' window [0, 32] in that written layout,
//   computed over the window alone; out3[r][32 + c] = X[r][32 + c].
// - tiny: an 8 x 8 window of X at [8, 16], fewer elements than the 128
//   threads: cut from a copy of X that the threads the window's layout
//   broadcasts over share; out4[r][c] = X[8 + r][16 + c] at a window of
//   the offsets at [0, 0] (computed over the window alone).
// A window left in a layout whose threads do not hold it would not lower
// (threads would exchange data), or, were it lowered as a register
// selection, would write other threads' elements. Checked exactly against
// a reference kernel that loads the halves with their own offsets (tiny:
// against X's elements themselves); the
// outputs are poisoned first (the halves no window writes stay poisoned and
// are not compared).
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: windows_halves: rows=64 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: windows_written: rows=64 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: windows_recomputed: rows=64 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: windows_tiny: rows=8 cols=8 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

#wide = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @halves(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32>
      %c = tile.range 0 to 64 : tensor<64xi32>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
      %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
      %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
      %n = arith.constant dense<64> : tensor<64x64xi32>
      %ro = arith.muli %rb, %n : tensor<64x64xi32>
      %off = arith.addi %ro, %cb : tensor<64x64xi32>
      %x = tile.load %in[%off] : !tile.ptr<f32>, tensor<64x64xi32> -> tensor<64x64xf32>
      %hi = tile.extract_slice %x[0, 32] : tensor<64x64xf32> -> tensor<64x32xf32>
      %lo = tile.extract_slice %x[0, 0] : tensor<64x64xf32> -> tensor<64x32xf32>
      %two = arith.constant dense<2.0> : tensor<64x32xf32>
      %hi2 = arith.mulf %hi, %two : tensor<64x32xf32>
      %s = arith.addf %hi2, %lo : tensor<64x32xf32>
      %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<64x32xi32>
      tile.store %out[%o], %s : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32>
      gpu.return
    }

    gpu.func @written(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32>
      %c = tile.range 0 to 64 : tensor<64xi32>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
      %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
      %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
      %n = arith.constant dense<64> : tensor<64x64xi32>
      %ro = arith.muli %rb, %n : tensor<64x64xi32>
      %off = arith.addi %ro, %cb : tensor<64x64xi32>
      %x = tile.load %in[%off] : !tile.ptr<f32>, tensor<64x64xi32> -> tensor<64x64xf32, #wide>
      %hi = tile.extract_slice %x[0, 32] : tensor<64x64xf32, #wide> -> tensor<64x32xf32>
      %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<64x32xi32>
      tile.store %out[%o], %hi : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32>
      gpu.return
    }

    gpu.func @recomputed(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32>
      %c = tile.range 0 to 64 : tensor<64xi32>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
      %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
      %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
      %n = arith.constant dense<64> : tensor<64x64xi32>
      %ro = arith.muli %rb, %n : tensor<64x64xi32>
      %off = arith.addi %ro, %cb : tensor<64x64xi32>
      %o = tile.extract_slice %off[0, 32] : tensor<64x64xi32> -> tensor<64x32xi32>
      %x = tile.load %in[%o] : !tile.ptr<f32>, tensor<64x32xi32> -> tensor<64x32xf32, #wide>
      tile.store %out[%o], %x : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32, #wide>
      gpu.return
    }

    gpu.func @tiny(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32>
      %c = tile.range 0 to 64 : tensor<64xi32>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
      %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
      %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
      %n = arith.constant dense<64> : tensor<64x64xi32>
      %ro = arith.muli %rb, %n : tensor<64x64xi32>
      %off = arith.addi %ro, %cb : tensor<64x64xi32>
      %x = tile.load %in[%off] : !tile.ptr<f32>, tensor<64x64xi32> -> tensor<64x64xf32>
      %w = tile.extract_slice %x[8, 16] : tensor<64x64xf32> -> tensor<8x8xf32>
      %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<8x8xi32>
      tile.store %out[%o], %w : !tile.ptr<f32>, tensor<8x8xi32>, tensor<8x8xf32>
      gpu.return
    }

    // ref1 = X[:, 32:] * 2 + X[:, :32] and ref2 = X[:, 32:], both packed
    // 64 x 32, from loads of each half at its own offsets.
    gpu.func @reference(%in: !tile.ptr<f32>, %ref1: !tile.ptr<f32>,
                        %ref2: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32>
      %c = tile.range 0 to 32 : tensor<32xi32>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
      %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x32xi32>
      %cb = tile.broadcast %c2 : tensor<1x32xi32> -> tensor<64x32xi32>
      %n = arith.constant dense<64> : tensor<64x32xi32>
      %n32 = arith.constant dense<32> : tensor<64x32xi32>
      %row = arith.muli %rb, %n : tensor<64x32xi32>
      %lo_off = arith.addi %row, %cb : tensor<64x32xi32>
      %hi_off = arith.addi %lo_off, %n32 : tensor<64x32xi32>
      %packed = arith.muli %rb, %n32 : tensor<64x32xi32>
      %packed_off = arith.addi %packed, %cb : tensor<64x32xi32>
      %hi = tile.load %in[%hi_off] : !tile.ptr<f32>, tensor<64x32xi32> -> tensor<64x32xf32>
      %lo = tile.load %in[%lo_off] : !tile.ptr<f32>, tensor<64x32xi32> -> tensor<64x32xf32>
      %two = arith.constant dense<2.0> : tensor<64x32xf32>
      %hi2 = arith.mulf %hi, %two : tensor<64x32xf32>
      %s = arith.addf %hi2, %lo : tensor<64x32xf32>
      tile.store %ref1[%packed_off], %s : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32>
      tile.store %ref2[%packed_off], %hi : !tile.ptr<f32>, tensor<64x32xi32>, tensor<64x32xf32>
      gpu.return
    }
  }

  llvm.mlir.global internal constant @halves_name("windows_halves\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @written_name("windows_written\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @recomputed_name("windows_recomputed\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @tiny_name("windows_tiny\00") {addr_space = 0 : i32}
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
    %in, %t1 = gpu.alloc async [%t0] () : memref<4096xf32>
    %out1, %t2 = gpu.alloc async [%t1] () : memref<4096xf32>
    %out2, %t3 = gpu.alloc async [%t2] () : memref<4096xf32>
    %out3, %t4 = gpu.alloc async [%t3] () : memref<4096xf32>
    %ref1, %t5 = gpu.alloc async [%t4] () : memref<2048xf32>
    %ref2, %t6 = gpu.alloc async [%t5] () : memref<2048xf32>
    %out4, %t7 = gpu.alloc async [%t6] () : memref<4096xf32>
    gpu.wait [%t7]
    %pin = tile.ptr_from_memref %in : memref<4096xf32> -> !llvm.ptr
    %pout1 = tile.ptr_from_memref %out1 : memref<4096xf32> -> !llvm.ptr
    %pout2 = tile.ptr_from_memref %out2 : memref<4096xf32> -> !llvm.ptr
    %pout3 = tile.ptr_from_memref %out3 : memref<4096xf32> -> !llvm.ptr
    %pref1 = tile.ptr_from_memref %ref1 : memref<2048xf32> -> !llvm.ptr
    %pref2 = tile.ptr_from_memref %ref2 : memref<2048xf32> -> !llvm.ptr
    %pout4 = tile.ptr_from_memref %out4 : memref<4096xf32> -> !llvm.ptr
    %n = arith.constant 4096 : i64
    %seed = arith.constant 9127 : i64
    llvm.call @tileRtFillRandom(%pin, %n, %f32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    %b4096 = arith.constant 16384 : i64
    %b2048 = arith.constant 8192 : i64
    llvm.call @tileRtPoison(%pout1, %b4096) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pout2, %b4096) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pout3, %b4096) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pref1, %b2048) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pref2, %b2048) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pout4, %b4096) : (!llvm.ptr, i64) -> ()
    %kin = tile.ptr_from_memref %in : memref<4096xf32> -> !tile.ptr<f32>
    %kout1 = tile.ptr_from_memref %out1 : memref<4096xf32> -> !tile.ptr<f32>
    %kout2 = tile.ptr_from_memref %out2 : memref<4096xf32> -> !tile.ptr<f32>
    %kout3 = tile.ptr_from_memref %out3 : memref<4096xf32> -> !tile.ptr<f32>
    %kref1 = tile.ptr_from_memref %ref1 : memref<2048xf32> -> !tile.ptr<f32>
    %kref2 = tile.ptr_from_memref %ref2 : memref<2048xf32> -> !tile.ptr<f32>
    %kout4 = tile.ptr_from_memref %out4 : memref<4096xf32> -> !tile.ptr<f32>
    gpu.launch_func @kernels::@halves blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<f32>, %kout1 : !tile.ptr<f32>)
    gpu.launch_func @kernels::@written blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<f32>, %kout2 : !tile.ptr<f32>)
    gpu.launch_func @kernels::@recomputed blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<f32>, %kout3 : !tile.ptr<f32>)
    gpu.launch_func @kernels::@tiny blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<f32>, %kout4 : !tile.ptr<f32>)
    gpu.launch_func @kernels::@reference blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<f32>, %kref1 : !tile.ptr<f32>, %kref2 : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %rows = arith.constant 64 : i64
    %cols = arith.constant 32 : i64
    %stride = arith.constant 64 : i64
    %halves_name = llvm.mlir.addressof @halves_name : !llvm.ptr
    %f1 = llvm.call @tileRtCheck2D(%halves_name, %pout1, %stride, %pref1, %cols, %rows, %cols, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %written_name = llvm.mlir.addressof @written_name : !llvm.ptr
    %f2 = llvm.call @tileRtCheck2D(%written_name, %pout2, %stride, %pref2, %cols, %rows, %cols, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    // out3's right half: columns 32-63.
    %pout3_right = llvm.getelementptr %pout3[32] : (!llvm.ptr) -> !llvm.ptr, f32
    %recomputed_name = llvm.mlir.addressof @recomputed_name : !llvm.ptr
    %f3 = llvm.call @tileRtCheck2D(%recomputed_name, %pout3_right, %stride, %pref2, %cols, %rows, %cols, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    // out4's top-left 8 x 8 against X[8:16, 16:24].
    %window = llvm.getelementptr %pin[528] : (!llvm.ptr) -> !llvm.ptr, f32
    %eight = arith.constant 8 : i64
    %tiny_name = llvm.mlir.addressof @tiny_name : !llvm.ptr
    %f4 = llvm.call @tileRtCheck2D(%tiny_name, %pout4, %stride, %window, %stride, %eight, %eight, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %f12 = arith.ori %f1, %f2 : i32
    %f34 = arith.ori %f3, %f4 : i32
    %f = arith.ori %f12, %f34 : i32
    return %f : i32
  }
}
