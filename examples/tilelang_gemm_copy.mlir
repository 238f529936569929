// The TileLang seed's GEMM (shared/seeds/002: matmul_tma_copy_store) with
// tile.copy, as TileLang writes it (T.copy inside T.Pipelined): the kernel
// names regions of the global tensors, and the compiler chooses and builds
// everything else (examples/tilelang_gemm_tma_copy.mlir is the same kernel
// with every instruction, barrier and byte count written by hand):
// - tile-lower-copies makes each load a TMA tensor copy through a
//   descriptor it adds as a kernel argument and builds on the host at the
//   launch from the memref passed; the 128-wide B and C tiles move as two
//   64-wide boxes (a 128-byte swizzle caps a box row at 128 bytes); the two
//   loads of an iteration, issued back to back, complete together on one
//   generated barrier armed with the bytes of both (16384), with one wait;
// - the accumulator's copy to C goes through a shared buffer the pass
//   allocates (128-byte swizzle) and a TMA store, as T.copy(C_local, C[..])
//   does; tile-insert-fences orders its shared stores before the TMA store
//   (fence.proxy.async);
// - tile-pipeline multi-buffers the loop marked `tile.num_stages`.
// C[M, N] = A[M, K] * B[K, N], f16 in and out, f32 accumulation; blocks of
// 128 x 128 x 32, one warpgroup. @gemm and @gemm_2_stages differ only in
// their stage count (3 and 2). The host code runs both at 1024^3 and 1000^3
// (not a multiple of the block: TMA zero-fills loads and clips stores),
// each checked against a cuBLAS reference on fresh random inputs.

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!acc = tensor<128x128xf32, #acc>
!T = memref<?x?xf16>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @gemm(%A: !T, %B: !T, %C: !T) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %K = memref.dim %A, %c1 : !T
      %k_tiles = arith.ceildivui %K, %c32 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m = arith.muli %by, %c128 : index
      %n = arith.muli %bx, %c128 : index
      %a_shared = tile.alloc_smem : !smemA
      %b_shared = tile.alloc_smem : !smemB
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : !acc
      %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%c_local = %init) -> (!acc) {
        %off_k = arith.muli %k, %c32 : index
        tile.copy %A[%m, %off_k], %a_shared : !T, !smemA
        tile.copy %B[%off_k, %n], %b_shared : !T, !smemB
        %d = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, !acc -> !acc
        scf.yield %d : !acc
      } {tile.num_stages = 3 : i32}
      %c_f16 = arith.truncf %acc : !acc to tensor<128x128xf16, #acc>
      tile.copy %c_f16, %C[%m, %n] : tensor<128x128xf16, #acc>, !T
      gpu.return
    }
    gpu.func @gemm_2_stages(%A: !T, %B: !T, %C: !T) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %c128 = arith.constant 128 : index
      %K = memref.dim %A, %c1 : !T
      %k_tiles = arith.ceildivui %K, %c32 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %m = arith.muli %by, %c128 : index
      %n = arith.muli %bx, %c128 : index
      %a_shared = tile.alloc_smem : !smemA
      %b_shared = tile.alloc_smem : !smemB
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : !acc
      %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%c_local = %init) -> (!acc) {
        %off_k = arith.muli %k, %c32 : index
        tile.copy %A[%m, %off_k], %a_shared : !T, !smemA
        tile.copy %B[%off_k, %n], %b_shared : !T, !smemB
        %d = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, !acc -> !acc
        scf.yield %d : !acc
      } {tile.num_stages = 2 : i32}
      %c_f16 = arith.truncf %acc : !acc to tensor<128x128xf16, #acc>
      tile.copy %c_f16, %C[%m, %n] : tensor<128x128xf16, #acc>, !T
      gpu.return
    }
  }

  // The grid covers C with 128 x 128 blocks.
  func.func @matmul(%a: !T, %b: !T, %c: !T, %stages: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %m = memref.dim %c, %c0 : !T
    %n = memref.dim %c, %c1 : !T
    %gx = arith.ceildivui %n, %c128 : index
    %gy = arith.ceildivui %m, %c128 : index
    %c2 = arith.constant 2 : index
    %two = arith.cmpi eq, %stages, %c2 : index
    scf.if %two {
      gpu.launch_func @kernels::@gemm_2_stages blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1) args(%a : !T, %b : !T, %c : !T)
    } else {
      gpu.launch_func @kernels::@gemm blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1) args(%a : !T, %b : !T, %c : !T)
    }
    return
  }

  llvm.mlir.global internal constant @name2("tilelang_gemm_copy 2 stages f16 (f32 reference)\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name3("tilelang_gemm_copy 3 stages f16 (f32 reference)\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

  // One problem: random A and B, poisoned C, the kernel, a cuBLAS
  // reference, relative error under 1e-2.
  func.func @run(%m: index, %n: index, %k: index, %stages: index, %seed: i64) -> i32 {
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : !T
    %b, %t2 = gpu.alloc async [%t1] (%k, %n) : !T
    %c, %t3 = gpu.alloc async [%t2] (%m, %n) : !T
    %ref, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : !T -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : !T -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : !T -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %kn = arith.muli %k64, %n64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %f16_bytes = arith.constant 2 : i64
    %mn_bytes = arith.muli %mn, %f16_bytes : i64
    %f16 = tile.dtype_code f16 : i32
    %f32 = tile.dtype_code f32 : i32
    %no_transpose = arith.constant 0 : i32
    %one = arith.constant 1 : i64
    %seed2 = arith.addi %seed, %one : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %f16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %kn, %f16, %seed2) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pc, %mn_bytes) : (!llvm.ptr, i64) -> ()
    func.call @matmul(%a, %b, %c, %stages) : (!T, !T, !T, index) -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    // The reference keeps f32 results, so the check sees the f16 rounding.
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %f16, %f32, %no_transpose, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %c2 = arith.constant 2 : index
    %two = arith.cmpi eq, %stages, %c2 : index
    %name2 = llvm.mlir.addressof @name2 : !llvm.ptr
    %name3 = llvm.mlir.addressof @name3 : !llvm.ptr
    %name = arith.select %two, %name2, %name3 : !llvm.ptr
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pc, %n64, %f16, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %a : !T
    %t7 = gpu.dealloc async [%t6] %b : !T
    %t8 = gpu.dealloc async [%t7] %c : !T
    %t9 = gpu.dealloc async [%t8] %ref : memref<?x?xf32>
    gpu.wait [%t9]
    return %fail : i32
  }

  func.func @main() -> i32 {
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c1000 = arith.constant 1000 : index
    %c1024 = arith.constant 1024 : index
    %s1 = arith.constant 1 : i64
    %s3 = arith.constant 3 : i64
    %s5 = arith.constant 5 : i64
    %s7 = arith.constant 7 : i64
    %f1 = func.call @run(%c1024, %c1024, %c1024, %c3, %s1) : (index, index, index, index, i64) -> i32
    %f2 = func.call @run(%c1000, %c1000, %c1000, %c3, %s3) : (index, index, index, index, i64) -> i32
    %f3 = func.call @run(%c1024, %c1024, %c1024, %c2, %s5) : (index, index, index, index, i64) -> i32
    %f4 = func.call @run(%c1000, %c1000, %c1000, %c2, %s7) : (index, index, index, index, i64) -> i32
    %f12 = arith.addi %f1, %f2 : i32
    %f34 = arith.addi %f3, %f4 : i32
    %f = arith.addi %f12, %f34 : i32
    return %f : i32
  }
}
