// Windows (tile.extract_slice) that no layout keeps in the threads holding
// them, read through shared memory: the source is stored to the scratch
// tile-allocate-shared-memory reserves, and each thread loads its window's
// elements (ConvertLayoutToNVVM.cpp). Each kernel reads a random matrix X
// (row stride 64, or a row of 128) and writes one window of it:
// - odd: a 16 x 32 f32 window at [8, 20], an offset that is not a multiple
//   of the window's size (row-major scratch, 4-element vectors);
// - speck: a 2 x 2 f32 window at [6, 34], four elements for 128 threads
//   (a copy of X in every thread would take 1024 registers; swizzled
//   scratch, the offset XORed in);
// - odd_f16: an 8 x 16 f16 window at [3, 5] (odd column: one element at a
//   time);
// - row: 4 f32 elements of a row of 128 at [61];
// - regions: odd's window in the default region of a tile.warp_specialize
//   (warps 0-3) and speck's in its partition (warps 4-7) at the same time,
//   each region's reads synchronized on its own named barrier (a CTA
//   barrier in either would hang or race);
// - full_rows: an 8 x 4 f16 window at [3, 0] of a 64 x 4 tile laid out two
//   rows per thread (written): a thread's 8 elements are contiguous, but
//   the window starts at element 12, so 8-byte loads, not 16-byte ones.
// Each output's window is stored at the start of a poisoned buffer through
// the offsets' window at [0, 0] and checked exactly against X's elements.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: windows_odd: rows=16 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: windows_speck: rows=2 cols=2 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: windows_odd_f16: rows=8 cols=16 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: windows_row: rows=1 cols=4 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: windows_regions_default: rows=16 cols=32 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: windows_regions_partition: rows=2 cols=2 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: windows_full_rows: rows=8 cols=4 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

#two_rows = #tile.blocked<sizePerThread = [2, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @odd(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
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
      %w = tile.extract_slice %x[8, 20] : tensor<64x64xf32> -> tensor<16x32xf32>
      %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<16x32xi32>
      tile.store %out[%o], %w : !tile.ptr<f32>, tensor<16x32xi32>, tensor<16x32xf32>
      gpu.return
    }

    gpu.func @speck(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
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
      %w = tile.extract_slice %x[6, 34] : tensor<64x64xf32> -> tensor<2x2xf32>
      %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<2x2xi32>
      tile.store %out[%o], %w : !tile.ptr<f32>, tensor<2x2xi32>, tensor<2x2xf32>
      gpu.return
    }

    gpu.func @odd_f16(%in: !tile.ptr<f16>, %out: !tile.ptr<f16>) kernel
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
      %x = tile.load %in[%off] : !tile.ptr<f16>, tensor<64x64xi32> -> tensor<64x64xf16>
      %w = tile.extract_slice %x[3, 5] : tensor<64x64xf16> -> tensor<8x16xf16>
      %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<8x16xi32>
      tile.store %out[%o], %w : !tile.ptr<f16>, tensor<8x16xi32>, tensor<8x16xf16>
      gpu.return
    }

    gpu.func @row(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %off = tile.range 0 to 128 : tensor<128xi32>
      %x = tile.load %in[%off] : !tile.ptr<f32>, tensor<128xi32> -> tensor<128xf32>
      %w = tile.extract_slice %x[61] : tensor<128xf32> -> tensor<4xf32>
      %o = tile.extract_slice %off[0] : tensor<128xi32> -> tensor<4xi32>
      tile.store %out[%o], %w : !tile.ptr<f32>, tensor<4xi32>, tensor<4xf32>
      gpu.return
    }

    gpu.func @full_rows(%in: !tile.ptr<f16>, %out: !tile.ptr<f16>) kernel
        attributes {tile.num_warps = 1 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32>
      %c = tile.range 0 to 4 : tensor<4xi32>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<4xi32> -> tensor<1x4xi32>
      %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x4xi32>
      %cb = tile.broadcast %c2 : tensor<1x4xi32> -> tensor<64x4xi32>
      %n = arith.constant dense<4> : tensor<64x4xi32>
      %ro = arith.muli %rb, %n : tensor<64x4xi32>
      %off = arith.addi %ro, %cb : tensor<64x4xi32>
      %x = tile.load %in[%off] : !tile.ptr<f16>, tensor<64x4xi32> -> tensor<64x4xf16, #two_rows>
      %w = tile.extract_slice %x[3, 0] : tensor<64x4xf16, #two_rows> -> tensor<8x4xf16, #two_rows>
      %o = tile.extract_slice %off[0, 0] : tensor<64x4xi32> -> tensor<8x4xi32>
      tile.store %out[%o], %w : !tile.ptr<f16>, tensor<8x4xi32>, tensor<8x4xf16, #two_rows>
      gpu.return
    }

    gpu.func @regions(%in: !tile.ptr<f32>, %out_d: !tile.ptr<f32>,
                      %out_p: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      tile.warp_specialize(%in, %out_d, %out_p) default {
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
        %w = tile.extract_slice %x[8, 20] : tensor<64x64xf32> -> tensor<16x32xf32>
        %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<16x32xi32>
        tile.store %out_d[%o], %w : !tile.ptr<f32>, tensor<16x32xi32>, tensor<16x32xf32>
        tile.warp_yield
      }
      partition0(%in0: !tile.ptr<f32>, %d0: !tile.ptr<f32>, %p0: !tile.ptr<f32>) num_warps(4) {
        %r = tile.range 0 to 64 : tensor<64xi32>
        %c = tile.range 0 to 64 : tensor<64xi32>
        %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
        %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
        %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
        %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
        %n = arith.constant dense<64> : tensor<64x64xi32>
        %ro = arith.muli %rb, %n : tensor<64x64xi32>
        %off = arith.addi %ro, %cb : tensor<64x64xi32>
        %x = tile.load %in0[%off] : !tile.ptr<f32>, tensor<64x64xi32> -> tensor<64x64xf32>
        %w = tile.extract_slice %x[6, 34] : tensor<64x64xf32> -> tensor<2x2xf32>
        %o = tile.extract_slice %off[0, 0] : tensor<64x64xi32> -> tensor<2x2xi32>
        tile.store %p0[%o], %w : !tile.ptr<f32>, tensor<2x2xi32>, tensor<2x2xf32>
        tile.warp_return
      } : (!tile.ptr<f32>, !tile.ptr<f32>, !tile.ptr<f32>) -> ()
      gpu.return
    }
  }

  llvm.mlir.global internal constant @odd_name("windows_odd\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @speck_name("windows_speck\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @odd_f16_name("windows_odd_f16\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @row_name("windows_row\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @regions_d_name("windows_regions_default\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @regions_p_name("windows_regions_partition\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @full_rows_name("windows_full_rows\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %threads = arith.constant 128 : index
    %exact = arith.constant 0.0 : f64
    %f32 = arith.constant 0 : i32
    %f16 = arith.constant 1 : i32
    %t0 = gpu.wait async
    %in, %t1 = gpu.alloc async [%t0] () : memref<4096xf32>
    %in16, %t2 = gpu.alloc async [%t1] () : memref<4096xf16>
    %out1, %t3 = gpu.alloc async [%t2] () : memref<4096xf32>
    %out2, %t4 = gpu.alloc async [%t3] () : memref<4096xf32>
    %out3, %t5 = gpu.alloc async [%t4] () : memref<4096xf16>
    %out4, %t6 = gpu.alloc async [%t5] () : memref<4096xf32>
    %out5, %t7 = gpu.alloc async [%t6] () : memref<4096xf32>
    %out6, %t8 = gpu.alloc async [%t7] () : memref<4096xf32>
    %out7, %t9 = gpu.alloc async [%t8] () : memref<4096xf16>
    gpu.wait [%t9]
    %pin = tile.ptr_from_memref %in : memref<4096xf32> -> !llvm.ptr
    %pin16 = tile.ptr_from_memref %in16 : memref<4096xf16> -> !llvm.ptr
    %pout1 = tile.ptr_from_memref %out1 : memref<4096xf32> -> !llvm.ptr
    %pout2 = tile.ptr_from_memref %out2 : memref<4096xf32> -> !llvm.ptr
    %pout3 = tile.ptr_from_memref %out3 : memref<4096xf16> -> !llvm.ptr
    %pout4 = tile.ptr_from_memref %out4 : memref<4096xf32> -> !llvm.ptr
    %pout5 = tile.ptr_from_memref %out5 : memref<4096xf32> -> !llvm.ptr
    %pout6 = tile.ptr_from_memref %out6 : memref<4096xf32> -> !llvm.ptr
    %pout7 = tile.ptr_from_memref %out7 : memref<4096xf16> -> !llvm.ptr
    %n = arith.constant 4096 : i64
    %seed = arith.constant 5381 : i64
    %seed16 = arith.constant 7919 : i64
    llvm.call @tileRtFillRandom(%pin, %n, %f32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pin16, %n, %f16, %seed16) : (!llvm.ptr, i64, i32, i64) -> ()
    %b32 = arith.constant 16384 : i64
    %b16 = arith.constant 8192 : i64
    llvm.call @tileRtPoison(%pout1, %b32) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pout2, %b32) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pout3, %b16) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pout4, %b32) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pout5, %b32) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pout6, %b32) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pout7, %b16) : (!llvm.ptr, i64) -> ()
    %kin = tile.ptr_from_memref %in : memref<4096xf32> -> !tile.ptr<f32>
    %kin16 = tile.ptr_from_memref %in16 : memref<4096xf16> -> !tile.ptr<f16>
    %kout1 = tile.ptr_from_memref %out1 : memref<4096xf32> -> !tile.ptr<f32>
    %kout2 = tile.ptr_from_memref %out2 : memref<4096xf32> -> !tile.ptr<f32>
    %kout3 = tile.ptr_from_memref %out3 : memref<4096xf16> -> !tile.ptr<f16>
    %kout4 = tile.ptr_from_memref %out4 : memref<4096xf32> -> !tile.ptr<f32>
    %kout5 = tile.ptr_from_memref %out5 : memref<4096xf32> -> !tile.ptr<f32>
    %kout6 = tile.ptr_from_memref %out6 : memref<4096xf32> -> !tile.ptr<f32>
    %kout7 = tile.ptr_from_memref %out7 : memref<4096xf16> -> !tile.ptr<f16>
    gpu.launch_func @kernels::@odd blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<f32>, %kout1 : !tile.ptr<f32>)
    gpu.launch_func @kernels::@speck blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<f32>, %kout2 : !tile.ptr<f32>)
    gpu.launch_func @kernels::@odd_f16 blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin16 : !tile.ptr<f16>, %kout3 : !tile.ptr<f16>)
    gpu.launch_func @kernels::@row blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<f32>, %kout4 : !tile.ptr<f32>)
    // 4 + 4 warps.
    %threads8 = arith.constant 256 : index
    %warp = arith.constant 32 : index
    gpu.launch_func @kernels::@full_rows blocks in (%c1, %c1, %c1) threads in (%warp, %c1, %c1) args(%kin16 : !tile.ptr<f16>, %kout7 : !tile.ptr<f16>)
    gpu.launch_func @kernels::@regions blocks in (%c1, %c1, %c1) threads in (%threads8, %c1, %c1) args(%kin : !tile.ptr<f32>, %kout5 : !tile.ptr<f32>, %kout6 : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %stride = arith.constant 64 : i64
    %one = arith.constant 1 : i64
    %two = arith.constant 2 : i64
    %four = arith.constant 4 : i64
    %eight = arith.constant 8 : i64
    %sixteen = arith.constant 16 : i64
    %thirtytwo = arith.constant 32 : i64
    // X[8:24, 20:52].
    %x1 = llvm.getelementptr %pin[532] : (!llvm.ptr) -> !llvm.ptr, f32
    %odd_name = llvm.mlir.addressof @odd_name : !llvm.ptr
    %f1 = llvm.call @tileRtCheck2D(%odd_name, %pout1, %stride, %x1, %stride, %sixteen, %thirtytwo, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    // X[6:8, 34:36].
    %x2 = llvm.getelementptr %pin[418] : (!llvm.ptr) -> !llvm.ptr, f32
    %speck_name = llvm.mlir.addressof @speck_name : !llvm.ptr
    %f2 = llvm.call @tileRtCheck2D(%speck_name, %pout2, %stride, %x2, %stride, %two, %two, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    // X16[3:11, 5:21].
    %x3 = llvm.getelementptr %pin16[197] : (!llvm.ptr) -> !llvm.ptr, f16
    %odd_f16_name = llvm.mlir.addressof @odd_f16_name : !llvm.ptr
    %f3 = llvm.call @tileRtCheck2D(%odd_f16_name, %pout3, %stride, %x3, %stride, %eight, %sixteen, %f16, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    // X[61:65] (the first row of X).
    %x4 = llvm.getelementptr %pin[61] : (!llvm.ptr) -> !llvm.ptr, f32
    %row_name = llvm.mlir.addressof @row_name : !llvm.ptr
    %f4 = llvm.call @tileRtCheck2D(%row_name, %pout4, %four, %x4, %four, %one, %four, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %regions_d_name = llvm.mlir.addressof @regions_d_name : !llvm.ptr
    %f5 = llvm.call @tileRtCheck2D(%regions_d_name, %pout5, %stride, %x1, %stride, %sixteen, %thirtytwo, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %regions_p_name = llvm.mlir.addressof @regions_p_name : !llvm.ptr
    %f6 = llvm.call @tileRtCheck2D(%regions_p_name, %pout6, %stride, %x2, %stride, %two, %two, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    // X16 viewed as rows of 4: rows 3 to 10, elements 12 to 43.
    %x7 = llvm.getelementptr %pin16[12] : (!llvm.ptr) -> !llvm.ptr, f16
    %full_rows_name = llvm.mlir.addressof @full_rows_name : !llvm.ptr
    %f7 = llvm.call @tileRtCheck2D(%full_rows_name, %pout7, %four, %x7, %four, %eight, %four, %f16, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %f12 = arith.ori %f1, %f2 : i32
    %f34 = arith.ori %f3, %f4 : i32
    %f56 = arith.ori %f5, %f6 : i32
    %f14 = arith.ori %f12, %f34 : i32
    %f16x = arith.ori %f14, %f56 : i32
    %f = arith.ori %f16x, %f7 : i32
    return %f : i32
  }
}
