// Register tiles inside tile.warp_specialize regions, checked exactly: the
// default region (warps 0-3) and partition0 (warps 4-7) each move 512 i32
// through a layout change across warps (shared scratch, synchronized by
// the region's own named barrier: bar.sync 1 / 2 with 128 threads, since
// bar.sync 0 would wait for warps that never arrive), at the same time, in
// disjoint scratch; partition1 (warp 8) moves 128 i32 through a change
// within its warp (shuffles, no barrier). Layouts index warps by the low
// bits of the warp id, so partition0's warps 4-7 act as warps 0-3. The
// output must equal the input bit for bit; it is poisoned first, the input
// random.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: warp_specialized_i32: rows=1 cols=1152 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

#vec4 = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#vec1 = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
#warp_vec4 = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#warp_vec1 = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @warp_specialized(%in: !tile.ptr<i32>, %out: !tile.ptr<i32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      tile.warp_specialize(%in, %out) default {
        // Elements 0-511, across the default warps.
        %src = tile.range 0 to 512 : tensor<512xi32, #vec4>
        %x = tile.load %in[%src] : !tile.ptr<i32>, tensor<512xi32, #vec4> -> tensor<512xi32, #vec4>
        %y = tile.convert_layout %x : tensor<512xi32, #vec4> -> tensor<512xi32, #vec1>
        %dst = tile.range 0 to 512 : tensor<512xi32, #vec1>
        tile.store %out[%dst], %y : !tile.ptr<i32>, tensor<512xi32, #vec1>, tensor<512xi32, #vec1>
        tile.warp_yield
      }
      partition0(%in0: !tile.ptr<i32>, %out0: !tile.ptr<i32>) num_warps(4) {
        // Elements 512-1023, across warps 4-7.
        %src = tile.range 512 to 1024 : tensor<512xi32, #vec4>
        %x = tile.load %in0[%src] : !tile.ptr<i32>, tensor<512xi32, #vec4> -> tensor<512xi32, #vec4>
        %y = tile.convert_layout %x : tensor<512xi32, #vec4> -> tensor<512xi32, #vec1>
        %dst = tile.range 512 to 1024 : tensor<512xi32, #vec1>
        tile.store %out0[%dst], %y : !tile.ptr<i32>, tensor<512xi32, #vec1>, tensor<512xi32, #vec1>
        tile.warp_return
      }
      partition1(%in1: !tile.ptr<i32>, %out1: !tile.ptr<i32>) num_warps(1) {
        // Elements 1024-1151, within warp 8.
        %src = tile.range 1024 to 1152 : tensor<128xi32, #warp_vec4>
        %x = tile.load %in1[%src] : !tile.ptr<i32>, tensor<128xi32, #warp_vec4> -> tensor<128xi32, #warp_vec4>
        %y = tile.convert_layout %x : tensor<128xi32, #warp_vec4> -> tensor<128xi32, #warp_vec1>
        %dst = tile.range 1024 to 1152 : tensor<128xi32, #warp_vec1>
        tile.store %out1[%dst], %y : !tile.ptr<i32>, tensor<128xi32, #warp_vec1>, tensor<128xi32, #warp_vec1>
        tile.warp_return
      } : (!tile.ptr<i32>, !tile.ptr<i32>) -> ()
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name("warp_specialized_i32\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %exact = arith.constant 0.0 : f64
    %t0 = gpu.wait async
    %in, %t1 = gpu.alloc async [%t0] () : memref<1152xi32>
    %out, %t2 = gpu.alloc async [%t1] () : memref<1152xi32>
    gpu.wait [%t2]
    %pin = tile.ptr_from_memref %in : memref<1152xi32> -> !llvm.ptr
    %pout = tile.ptr_from_memref %out : memref<1152xi32> -> !llvm.ptr
    %n = arith.constant 1152 : i64
    %bytes = arith.constant 4608 : i64
    %i32 = arith.constant 7 : i32
    %seed = arith.constant 2024 : i64
    llvm.call @tileRtFillRandom(%pin, %n, %i32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout, %bytes) : (!llvm.ptr, i64) -> ()
    %kin = tile.ptr_from_memref %in : memref<1152xi32> -> !tile.ptr<i32>
    %kout = tile.ptr_from_memref %out : memref<1152xi32> -> !tile.ptr<i32>
    // 4 + 4 + 1 warps.
    %threads = arith.constant 288 : index
    gpu.launch_func @kernels::@warp_specialized blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<i32>, %kout : !tile.ptr<i32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %rows = arith.constant 1 : i64
    %fail = llvm.call @tileRtCheck2D(%name, %pout, %n, %pin, %n, %rows, %n, %i32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    return %fail : i32
  }
}
