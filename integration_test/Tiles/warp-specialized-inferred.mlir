// Register tiles without written layouts inside tile.warp_specialize
// regions and an scf.while, laid out by tile-legalize-layouts: the default
// region (warps 0-3) carries elements 0-511 through a while loop that runs
// %times = 3 iterations of b = (b + b) - b (exact in i32, wrapping), so
// the loop's tile must keep its layout around both regions; partition0
// (warps 4-7, num_warps(4)) copies elements 512-1023 as a 16 x 32 tile
// whose offsets are built from row and column slices (expand_dims and
// broadcast of tile.range); partition1 (warp 8, num_warps(1)) copies
// 1024-1151. Each region's layouts must cover its own warps exactly: a
// layout over the kernel's 4 warps in the 1-warp partition, or over 1 warp
// in the others, would leave elements unwritten (poisoned) or race. The
// output must equal the input bit for bit; it is poisoned first, the input
// random.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: warp_specialized_inferred_i32: rows=1 cols=1152 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @warp_specialized(%in: !tile.ptr<i32>, %out: !tile.ptr<i32>, %times: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      tile.warp_specialize(%in, %out, %times) default {
        %c0 = arith.constant 0 : i32
        %c1 = arith.constant 1 : i32
        %i = tile.range 0 to 512 : tensor<512xi32>
        %x = tile.load %in[%i] : !tile.ptr<i32>, tensor<512xi32> -> tensor<512xi32>
        %r:2 = scf.while (%a = %x, %n = %c0) : (tensor<512xi32>, i32) -> (tensor<512xi32>, i32) {
          %more = arith.cmpi slt, %n, %times : i32
          scf.condition(%more) %a, %n : tensor<512xi32>, i32
        } do {
        ^bb0(%b: tensor<512xi32>, %m: i32):
          %twice = arith.addi %b, %b : tensor<512xi32>
          %same = arith.subi %twice, %b : tensor<512xi32>
          %next = arith.addi %m, %c1 : i32
          scf.yield %same, %next : tensor<512xi32>, i32
        }
        tile.store %out[%i], %r#0 : !tile.ptr<i32>, tensor<512xi32>, tensor<512xi32>
        tile.warp_yield
      }
      partition0(%in0: !tile.ptr<i32>, %out0: !tile.ptr<i32>, %t0: i32) num_warps(4) {
        %rows = tile.range 0 to 16 : tensor<16xi32>
        %cols = tile.range 0 to 32 : tensor<32xi32>
        %rows2 = tile.expand_dims %rows, axis = 1 : tensor<16xi32> -> tensor<16x1xi32>
        %cols2 = tile.expand_dims %cols, axis = 0 : tensor<32xi32> -> tensor<1x32xi32>
        %rowsb = tile.broadcast %rows2 : tensor<16x1xi32> -> tensor<16x32xi32>
        %colsb = tile.broadcast %cols2 : tensor<1x32xi32> -> tensor<16x32xi32>
        %ld = arith.constant dense<32> : tensor<16x32xi32>
        %base = arith.constant dense<512> : tensor<16x32xi32>
        %row_off = arith.muli %rowsb, %ld : tensor<16x32xi32>
        %off0 = arith.addi %row_off, %colsb : tensor<16x32xi32>
        %off = arith.addi %off0, %base : tensor<16x32xi32>
        %x = tile.load %in0[%off] : !tile.ptr<i32>, tensor<16x32xi32> -> tensor<16x32xi32>
        tile.store %out0[%off], %x : !tile.ptr<i32>, tensor<16x32xi32>, tensor<16x32xi32>
        tile.warp_return
      }
      partition1(%in1: !tile.ptr<i32>, %out1: !tile.ptr<i32>, %t1: i32) num_warps(1) {
        %i = tile.range 1024 to 1152 : tensor<128xi32>
        %x = tile.load %in1[%i] : !tile.ptr<i32>, tensor<128xi32> -> tensor<128xi32>
        tile.store %out1[%i], %x : !tile.ptr<i32>, tensor<128xi32>, tensor<128xi32>
        tile.warp_return
      } : (!tile.ptr<i32>, !tile.ptr<i32>, i32) -> ()
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name("warp_specialized_inferred_i32\00") {addr_space = 0 : i32}
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
    %seed = arith.constant 2025 : i64
    llvm.call @tileRtFillRandom(%pin, %n, %i32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout, %bytes) : (!llvm.ptr, i64) -> ()
    %kin = tile.ptr_from_memref %in : memref<1152xi32> -> !tile.ptr<i32>
    %kout = tile.ptr_from_memref %out : memref<1152xi32> -> !tile.ptr<i32>
    %times = arith.constant 3 : i32
    // 4 + 4 + 1 warps.
    %threads = arith.constant 288 : index
    gpu.launch_func @kernels::@warp_specialized blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%kin : !tile.ptr<i32>, %kout : !tile.ptr<i32>, %times : i32)
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %rows = arith.constant 1 : i64
    %fail = llvm.call @tileRtCheck2D(%name, %pout, %n, %pin, %n, %rows, %n, %i32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    return %fail : i32
  }
}
