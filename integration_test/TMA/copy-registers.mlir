// tile.copy into and out of register tiles, every direction: each CTA
// copies its 64 x 64 block of a 1000 x 1000 f32 matrix from global memory
// into registers (masked loads: zeros past the edges), into a shared
// buffer, back into registers, and to global memory (through a staging
// buffer and a TMA store that clips at the edges); the registers hold
// (v + w) / 2 of the two register copies, exact when both are the input.
// The tiles have no written layouts. The output must equal the input bit
// for bit; it is poisoned first, the input random.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: copy_registers_f32: rows=1000 cols=1000 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

!T = memref<?x?xf32>
!block = !tile.smem<64x64xf32, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @round_trip(%in: !T, %out: !T) kernel attributes {tile.num_warps = 4 : i32} {
      %c64 = arith.constant 64 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m = arith.muli %by, %c64 : index
      %n = arith.muli %bx, %c64 : index
      %s = tile.alloc_smem : !block
      %v = tile.copy %in[%m, %n] : !T -> tensor<64x64xf32>
      tile.copy %v, %s : tensor<64x64xf32>, !block
      %w = tile.copy %s : !block -> tensor<64x64xf32>
      %sum = arith.addf %v, %w : tensor<64x64xf32>
      %half = arith.constant dense<0.5> : tensor<64x64xf32>
      %x = arith.mulf %sum, %half : tensor<64x64xf32>
      tile.copy %x, %out[%m, %n] : tensor<64x64xf32>, !T
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name("copy_registers_f32\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c1000 = arith.constant 1000 : index
    %t0 = gpu.wait async
    %in, %t1 = gpu.alloc async [%t0] (%c1000, %c1000) : !T
    %out, %t2 = gpu.alloc async [%t1] (%c1000, %c1000) : !T
    gpu.wait [%t2]
    %pin = tile.ptr_from_memref %in : !T -> !llvm.ptr
    %pout = tile.ptr_from_memref %out : !T -> !llvm.ptr
    %n = arith.constant 1000000 : i64
    %bytes = arith.constant 4000000 : i64
    %f32 = tile.dtype_code f32 : i32
    %seed = arith.constant 77 : i64
    llvm.call @tileRtFillRandom(%pin, %n, %f32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout, %bytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@round_trip blocks in (%c16, %c16, %c1) threads in (%c128, %c1, %c1) args(%in : !T, %out : !T)
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %rows = arith.constant 1000 : i64
    %exact = arith.constant 0.0 : f64
    %fail = llvm.call @tileRtCheck2D(%name, %pout, %rows, %pin, %rows, %rows, %rows, %f32, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    return %fail : i32
  }
}
