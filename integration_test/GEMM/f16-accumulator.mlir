// wgmma with an f16 accumulator (D = A * B in f16, A and B f16 in
// 128-byte-swizzled shared memory): A and B are loaded from global memory
// by all threads, stored whole into the NVMMA buffers, and multiplied; the
// f16 accumulator (pairs of elements packed per register) is changed to a
// blocked layout and stored. Checked against cuBLAS (f32 accumulation,
// rounded to f16 once) on fresh random inputs with the output poisoned; the
// tolerance allows for accumulating in f16.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: f16_accumulator: rows=64 cols=64 {{.*}} -> PASS
// CHECK-NOT: FAIL

#b = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #tile.slice<dim = 1, parent = #b>
#cols = #tile.slice<dim = 0, parent = #b>
#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @f16_accumulator(%pa: !tile.ptr<f16>, %pb: !tile.ptr<f16>,
                              %pd: !tile.ptr<f16>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32, #rows>
      %c = tile.range 0 to 64 : tensor<64xi32, #cols>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32, #rows> -> tensor<64x1xi32, #b>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #b>
      %rb = tile.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
      %cb = tile.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
      %c64 = arith.constant dense<64> : tensor<64x64xi32, #b>
      %ro = arith.muli %rb, %c64 : tensor<64x64xi32, #b>
      %offs = arith.addi %ro, %cb : tensor<64x64xi32, #b>
      // A [M, K] and B [K, N], both row-major 64 x 64.
      %a = tile.load %pa[%offs] : !tile.ptr<f16>, tensor<64x64xi32, #b> -> tensor<64x64xf16, #b>
      %bv = tile.load %pb[%offs] : !tile.ptr<f16>, tensor<64x64xi32, #b> -> tensor<64x64xf16, #b>
      %as = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
      %bs = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
      tile.smem_store %a, %as : tensor<64x64xf16, #b>, !tile.smem<64x64xf16, #sw128, mutable>
      tile.smem_store %bv, %bs : tensor<64x64xf16, #b>, !tile.smem<64x64xf16, #sw128, mutable>
      // The generic-proxy stores must be visible to wgmma's async proxy.
      tile.fence_async_shared
      tile.barrier
      %zero = arith.constant dense<0.0> : tensor<64x64xf16, #acc>
      %d = tile.dot %as, %bs, %zero : !tile.smem<64x64xf16, #sw128, mutable>, !tile.smem<64x64xf16, #sw128, mutable>, tensor<64x64xf16, #acc> -> tensor<64x64xf16, #acc>
      %db = tile.convert_layout %d : tensor<64x64xf16, #acc> -> tensor<64x64xf16, #b>
      tile.store %pd[%offs], %db : !tile.ptr<f16>, tensor<64x64xi32, #b>, tensor<64x64xf16, #b>
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name("f16_accumulator\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %threads = arith.constant 128 : index
    %f16 = arith.constant 1 : i32
    %no = arith.constant 0 : i32
    %tol = arith.constant 1.0e-2 : f64
    %n64 = arith.constant 64 : i64
    %count = arith.constant 4096 : i64
    %bytes = arith.constant 8192 : i64
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] () : memref<4096xf16>
    %b, %t2 = gpu.alloc async [%t1] () : memref<4096xf16>
    %d, %t3 = gpu.alloc async [%t2] () : memref<4096xf16>
    %ref, %t4 = gpu.alloc async [%t3] () : memref<4096xf16>
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : memref<4096xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<4096xf16> -> !llvm.ptr
    %pd = tile.ptr_from_memref %d : memref<4096xf16> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<4096xf16> -> !llvm.ptr
    %seed_a = arith.constant 4401 : i64
    %seed_b = arith.constant 4402 : i64
    llvm.call @tileRtFillRandom(%pa, %count, %f16, %seed_a) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %count, %f16, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pd, %bytes) : (!llvm.ptr, i64) -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %n64, %n64, %n64, %f16, %f16, %no, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    %ka = tile.ptr_from_memref %a : memref<4096xf16> -> !tile.ptr<f16>
    %kb = tile.ptr_from_memref %b : memref<4096xf16> -> !tile.ptr<f16>
    %kd = tile.ptr_from_memref %d : memref<4096xf16> -> !tile.ptr<f16>
    gpu.launch_func @kernels::@f16_accumulator blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%ka : !tile.ptr<f16>, %kb : !tile.ptr<f16>, %kd : !tile.ptr<f16>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %fail = llvm.call @tileRtCheck2D(%name, %pd, %n64, %pref, %n64, %n64, %n64, %f16, %tol) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    return %fail : i32
  }
}
