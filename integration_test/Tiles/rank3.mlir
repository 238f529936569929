// Register tiles of rank 3: an 8 x 16 x 16 f32 tile loaded with 3-D
// offsets (ranges through nested slices, expand_dims, broadcast), copied
// out through a 3-D layout change across warps (shared scratch) and through
// a 3-D shared buffer (whole-tile store in one layout, load in another), and
// reduced along its last axis (registers and lanes) and its first (lanes
// and warps, through shared scratch). The copy must equal the input bit for
// bit; the sums are checked against 2-D reductions of the same data viewed
// as 128 x 16 and 8 x 256 (the 2-D path the other tests check), with f32
// tolerance for the different summation order. Outputs are poisoned first,
// the input random.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: rank3_copy: rows=1 cols=2048 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: rank3_sum_axis2: rows=8 cols=16 {{.*}} -> PASS
// CHECK: rank3_sum_axis0: rows=16 cols=16 {{.*}} -> PASS
// CHECK: rank3_smem: rows=1 cols=2048 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

#b3 = #tile.blocked<sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]>
#c3 = #tile.blocked<sizePerThread = [1, 1, 1], threadsPerWarp = [1, 32, 1], warpsPerCTA = [1, 1, 4], order = [1, 0, 2]>
#s2 = #tile.slice<dim = 2, parent = #b3>
#s1 = #tile.slice<dim = 1, parent = #b3>
#s0 = #tile.slice<dim = 0, parent = #b3>
#d0 = #tile.slice<dim = 1, parent = #s2>
#d1 = #tile.slice<dim = 0, parent = #s2>
#d2 = #tile.slice<dim = 0, parent = #s1>
#e1 = #tile.slice<dim = 1, parent = #s0>
#e2 = #tile.slice<dim = 0, parent = #s0>
#rows = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [1, 0]>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rank3(%in: !tile.ptr<f32>, %copy: !tile.ptr<f32>,
                    %sum2: !tile.ptr<f32>, %sum0: !tile.ptr<f32>,
                    %copy2: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r0 = tile.range 0 to 8 : tensor<8xi32, #d0>
      %r1 = tile.range 0 to 16 : tensor<16xi32, #d1>
      %r2 = tile.range 0 to 16 : tensor<16xi32, #d2>
      %e0 = tile.expand_dims %r0, axis = 1 : tensor<8xi32, #d0> -> tensor<8x1xi32, #s2>
      %f0 = tile.expand_dims %e0, axis = 2 : tensor<8x1xi32, #s2> -> tensor<8x1x1xi32, #b3>
      %e1 = tile.expand_dims %r1, axis = 0 : tensor<16xi32, #d1> -> tensor<1x16xi32, #s2>
      %f1 = tile.expand_dims %e1, axis = 2 : tensor<1x16xi32, #s2> -> tensor<1x16x1xi32, #b3>
      %e2 = tile.expand_dims %r2, axis = 0 : tensor<16xi32, #d2> -> tensor<1x16xi32, #s1>
      %f2 = tile.expand_dims %e2, axis = 1 : tensor<1x16xi32, #s1> -> tensor<1x1x16xi32, #b3>
      %b0 = tile.broadcast %f0 : tensor<8x1x1xi32, #b3> -> tensor<8x16x16xi32, #b3>
      %b1 = tile.broadcast %f1 : tensor<1x16x1xi32, #b3> -> tensor<8x16x16xi32, #b3>
      %b2 = tile.broadcast %f2 : tensor<1x1x16xi32, #b3> -> tensor<8x16x16xi32, #b3>
      %c256 = arith.constant dense<256> : tensor<8x16x16xi32, #b3>
      %c16 = arith.constant dense<16> : tensor<8x16x16xi32, #b3>
      %o0 = arith.muli %b0, %c256 : tensor<8x16x16xi32, #b3>
      %o1 = arith.muli %b1, %c16 : tensor<8x16x16xi32, #b3>
      %o01 = arith.addi %o0, %o1 : tensor<8x16x16xi32, #b3>
      %offs = arith.addi %o01, %b2 : tensor<8x16x16xi32, #b3>
      %x = tile.load %in[%offs] : !tile.ptr<f32>, tensor<8x16x16xi32, #b3> -> tensor<8x16x16xf32, #b3>

      // The copy, in another 3-D layout (warps along the last axis).
      %y = tile.convert_layout %x : tensor<8x16x16xf32, #b3> -> tensor<8x16x16xf32, #c3>
      %yo = tile.convert_layout %offs : tensor<8x16x16xi32, #b3> -> tensor<8x16x16xi32, #c3>
      tile.store %copy[%yo], %y : !tile.ptr<f32>, tensor<8x16x16xi32, #c3>, tensor<8x16x16xf32, #c3>

      // The copy through a 3-D shared buffer.
      %buf = tile.alloc_smem : !tile.smem<8x16x16xf32, mutable>
      tile.smem_store %x, %buf : tensor<8x16x16xf32, #b3>, !tile.smem<8x16x16xf32, mutable>
      tile.barrier
      %z = tile.smem_load %buf : !tile.smem<8x16x16xf32, mutable> -> tensor<8x16x16xf32, #c3>
      tile.store %copy2[%yo], %z : !tile.ptr<f32>, tensor<8x16x16xi32, #c3>, tensor<8x16x16xf32, #c3>

      // Sums along the last axis: [8, 16] at d0 * 16 + d1.
      %s = tile.reduce add %x, axis = 2 : tensor<8x16x16xf32, #b3> -> tensor<8x16xf32, #s2>
      %so0 = tile.broadcast %e0 : tensor<8x1xi32, #s2> -> tensor<8x16xi32, #s2>
      %so1 = tile.broadcast %e1 : tensor<1x16xi32, #s2> -> tensor<8x16xi32, #s2>
      %c16s = arith.constant dense<16> : tensor<8x16xi32, #s2>
      %so0m = arith.muli %so0, %c16s : tensor<8x16xi32, #s2>
      %soffs = arith.addi %so0m, %so1 : tensor<8x16xi32, #s2>
      tile.store %sum2[%soffs], %s : !tile.ptr<f32>, tensor<8x16xi32, #s2>, tensor<8x16xf32, #s2>

      // Sums along the first axis (across lanes and warps): [16, 16] at
      // d1 * 16 + d2.
      %t = tile.reduce add %x, axis = 0 : tensor<8x16x16xf32, #b3> -> tensor<16x16xf32, #s0>
      %q1 = tile.range 0 to 16 : tensor<16xi32, #e1>
      %q2 = tile.range 0 to 16 : tensor<16xi32, #e2>
      %g1 = tile.expand_dims %q1, axis = 1 : tensor<16xi32, #e1> -> tensor<16x1xi32, #s0>
      %g2 = tile.expand_dims %q2, axis = 0 : tensor<16xi32, #e2> -> tensor<1x16xi32, #s0>
      %h1 = tile.broadcast %g1 : tensor<16x1xi32, #s0> -> tensor<16x16xi32, #s0>
      %h2 = tile.broadcast %g2 : tensor<1x16xi32, #s0> -> tensor<16x16xi32, #s0>
      %c16t = arith.constant dense<16> : tensor<16x16xi32, #s0>
      %h1m = arith.muli %h1, %c16t : tensor<16x16xi32, #s0>
      %toffs = arith.addi %h1m, %h2 : tensor<16x16xi32, #s0>
      tile.store %sum0[%toffs], %t : !tile.ptr<f32>, tensor<16x16xi32, #s0>, tensor<16x16xf32, #s0>
      gpu.return
    }

    // References: the same data as 128 x 16 (sums of rows) and 8 x 256
    // (sums of columns), with the 2-D reductions.
    gpu.func @reference(%in: !tile.ptr<f32>, %ref2: !tile.ptr<f32>,
                        %ref0: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %ra = tile.range 0 to 128 : tensor<128xi32, #tile.slice<dim = 1, parent = #rows>>
      %ca = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 0, parent = #rows>>
      %ra2 = tile.expand_dims %ra, axis = 1 : tensor<128xi32, #tile.slice<dim = 1, parent = #rows>> -> tensor<128x1xi32, #rows>
      %ca2 = tile.expand_dims %ca, axis = 0 : tensor<16xi32, #tile.slice<dim = 0, parent = #rows>> -> tensor<1x16xi32, #rows>
      %rab = tile.broadcast %ra2 : tensor<128x1xi32, #rows> -> tensor<128x16xi32, #rows>
      %cab = tile.broadcast %ca2 : tensor<1x16xi32, #rows> -> tensor<128x16xi32, #rows>
      %c16 = arith.constant dense<16> : tensor<128x16xi32, #rows>
      %ram = arith.muli %rab, %c16 : tensor<128x16xi32, #rows>
      %aoffs = arith.addi %ram, %cab : tensor<128x16xi32, #rows>
      %a = tile.load %in[%aoffs] : !tile.ptr<f32>, tensor<128x16xi32, #rows> -> tensor<128x16xf32, #rows>
      %asum = tile.reduce add %a, axis = 1 : tensor<128x16xf32, #rows> -> tensor<128xf32, #tile.slice<dim = 1, parent = #rows>>
      tile.store %ref2[%ra], %asum : !tile.ptr<f32>, tensor<128xi32, #tile.slice<dim = 1, parent = #rows>>, tensor<128xf32, #tile.slice<dim = 1, parent = #rows>>

      %rb = tile.range 0 to 8 : tensor<8xi32, #tile.slice<dim = 1, parent = #cols>>
      %cb = tile.range 0 to 256 : tensor<256xi32, #tile.slice<dim = 0, parent = #cols>>
      %rb2 = tile.expand_dims %rb, axis = 1 : tensor<8xi32, #tile.slice<dim = 1, parent = #cols>> -> tensor<8x1xi32, #cols>
      %cb2 = tile.expand_dims %cb, axis = 0 : tensor<256xi32, #tile.slice<dim = 0, parent = #cols>> -> tensor<1x256xi32, #cols>
      %rbb = tile.broadcast %rb2 : tensor<8x1xi32, #cols> -> tensor<8x256xi32, #cols>
      %cbb = tile.broadcast %cb2 : tensor<1x256xi32, #cols> -> tensor<8x256xi32, #cols>
      %c256 = arith.constant dense<256> : tensor<8x256xi32, #cols>
      %rbm = arith.muli %rbb, %c256 : tensor<8x256xi32, #cols>
      %boffs = arith.addi %rbm, %cbb : tensor<8x256xi32, #cols>
      %b = tile.load %in[%boffs] : !tile.ptr<f32>, tensor<8x256xi32, #cols> -> tensor<8x256xf32, #cols>
      %bsum = tile.reduce add %b, axis = 0 : tensor<8x256xf32, #cols> -> tensor<256xf32, #tile.slice<dim = 0, parent = #cols>>
      tile.store %ref0[%cb], %bsum : !tile.ptr<f32>, tensor<256xi32, #tile.slice<dim = 0, parent = #cols>>, tensor<256xf32, #tile.slice<dim = 0, parent = #cols>>
      gpu.return
    }
  }

  llvm.mlir.global internal constant @copy_name("rank3_copy\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @sum2_name("rank3_sum_axis2\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @sum0_name("rank3_sum_axis0\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @smem_name("rank3_smem\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %threads = arith.constant 128 : index
    %exact = arith.constant 0.0 : f64
    %tol = arith.constant 1.0e-5 : f64
    %f32 = arith.constant 0 : i32
    %t0 = gpu.wait async
    %in, %t1 = gpu.alloc async [%t0] () : memref<2048xf32>
    %copy, %t2 = gpu.alloc async [%t1] () : memref<2048xf32>
    %sum2, %t3 = gpu.alloc async [%t2] () : memref<128xf32>
    %sum0, %t4 = gpu.alloc async [%t3] () : memref<256xf32>
    %ref2, %t5 = gpu.alloc async [%t4] () : memref<128xf32>
    %ref0, %t6 = gpu.alloc async [%t5] () : memref<256xf32>
    %copy2, %t7 = gpu.alloc async [%t6] () : memref<2048xf32>
    gpu.wait [%t7]
    %pcopy2 = tile.ptr_from_memref %copy2 : memref<2048xf32> -> !llvm.ptr
    %kcopy2 = tile.ptr_from_memref %copy2 : memref<2048xf32> -> !tile.ptr<f32>
    %pin = tile.ptr_from_memref %in : memref<2048xf32> -> !llvm.ptr
    %pcopy = tile.ptr_from_memref %copy : memref<2048xf32> -> !llvm.ptr
    %psum2 = tile.ptr_from_memref %sum2 : memref<128xf32> -> !llvm.ptr
    %psum0 = tile.ptr_from_memref %sum0 : memref<256xf32> -> !llvm.ptr
    %pref2 = tile.ptr_from_memref %ref2 : memref<128xf32> -> !llvm.ptr
    %pref0 = tile.ptr_from_memref %ref0 : memref<256xf32> -> !llvm.ptr
    %n = arith.constant 2048 : i64
    %seed = arith.constant 3031 : i64
    llvm.call @tileRtFillRandom(%pin, %n, %f32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    %b2048 = arith.constant 8192 : i64
    %b128 = arith.constant 512 : i64
    %b256 = arith.constant 1024 : i64
    llvm.call @tileRtPoison(%pcopy, %b2048) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pcopy2, %b2048) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%psum2, %b128) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%psum0, %b256) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pref2, %b128) : (!llvm.ptr, i64) -> ()
    llvm.call @tileRtPoison(%pref0, %b256) : (!llvm.ptr, i64) -> ()
    %kin = tile.ptr_from_memref %in : memref<2048xf32> -> !tile.ptr<f32>
    %kcopy = tile.ptr_from_memref %copy : memref<2048xf32> -> !tile.ptr<f32>
    %ksum2 = tile.ptr_from_memref %sum2 : memref<128xf32> -> !tile.ptr<f32>
    %ksum0 = tile.ptr_from_memref %sum0 : memref<256xf32> -> !tile.ptr<f32>
    %kref2 = tile.ptr_from_memref %ref2 : memref<128xf32> -> !tile.ptr<f32>
    %kref0 = tile.ptr_from_memref %ref0 : memref<256xf32> -> !tile.ptr<f32>
    gpu.launch_func @kernels::@rank3 blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<f32>, %kcopy : !tile.ptr<f32>, %ksum2 : !tile.ptr<f32>, %ksum0 : !tile.ptr<f32>, %kcopy2 : !tile.ptr<f32>)
    gpu.launch_func @kernels::@reference blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<f32>, %kref2 : !tile.ptr<f32>, %kref0 : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %one = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %c16 = arith.constant 16 : i64
    %copy_name = llvm.mlir.addressof @copy_name : !llvm.ptr
    %f1 = llvm.call @tileRtCheck2D(%copy_name, %pcopy, %n, %pin, %n, %one, %n, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %sum2_name = llvm.mlir.addressof @sum2_name : !llvm.ptr
    %f2 = llvm.call @tileRtCheck2D(%sum2_name, %psum2, %c16, %pref2, %c16, %c8, %c16, %f32, %tol) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %sum0_name = llvm.mlir.addressof @sum0_name : !llvm.ptr
    %f3 = llvm.call @tileRtCheck2D(%sum0_name, %psum0, %c16, %pref0, %c16, %c16, %c16, %f32, %tol) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %smem_name = llvm.mlir.addressof @smem_name : !llvm.ptr
    %f4 = llvm.call @tileRtCheck2D(%smem_name, %pcopy2, %n, %pin, %n, %one, %n, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %f12 = arith.ori %f1, %f2 : i32
    %f34 = arith.ori %f3, %f4 : i32
    %f = arith.ori %f12, %f34 : i32
    return %f : i32
  }
}
