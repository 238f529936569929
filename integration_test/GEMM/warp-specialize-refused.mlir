// A GEMM whose K loop tile-warp-specialize must refuse, checked on the GPU:
// D[M, N] = A[M, K] * B[K, N] (f16 in, f32 accumulate, f32 out). The loop
// is marked {tile.num_stages = 2, tile.warp_specialize} but loads its A and
// B tiles with tile.load from global memory into registers (#tile.blocked)
// and tile.smem_store's them into the 128-byte-swizzled buffers wgmma
// reads: there is no tma.async_load (no barrier-completed copy) to hand to
// a producer warp or to multi-buffer, so tile-warp-specialize warns and
// leaves the loop alone, tile-pipeline refuses it after that, and
// tile-expand-synchronization notes that it runs with one stage. The loop
// must then run as written on the kernel's own 4 warps (loads, fence, CTA
// barrier, wgmma, CTA barrier), with no producer warpgroup added to the
// kernel nor to its launch: a refusal that left half a rewrite behind (a
// ring the loads never fill, barriers nobody arrives on, a launch grown by
// 128 threads) would hang or give wrong sums here.
// Block 128 x 64 x 64 on one warpgroup; the shapes are multiples of the
// block (the loads are unmasked). Checked against cuBLAS (f32
// accumulation) on fresh random inputs with D poisoned first; 512x384x128
// has a grid that is not square and only two K steps.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s
// The compile-time warnings (WARN) are checked without a GPU by
// test/Transforms/warp-specialize-refused.test.
// WARN: warning: tile-warp-specialize: not supported yet: no tma.async_load to pipeline in the loop
// WARN: warning: tile-pipeline: not supported yet: no tma.async_load to pipeline in the loop
// WARN: warning: this loop was not software-pipelined (tile-pipeline did not run on it or refused it): it runs with one stage instead of 2
// CHECK: refused 256x256x256: rows=256 cols=256 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: refused 512x384x128: rows=512 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL

// A [128, 64], B [64, 64] and D [128, 64]: a warp covers 4 rows x 64
// columns, 8 f16 (16 bytes) a thread.
#l = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #tile.slice<dim = 1, parent = #l>
#cols = #tile.slice<dim = 0, parent = #l>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
!tileA = !tile.smem<128x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x64xf16, #nvmma128, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80", O = 3>] {
    // A [M, K], B [K, N], D [M, N] row-major; M a multiple of 128, N and K of 64.
    gpu.func @gemm_refused(%pa: !tile.ptr<f16>, %pb: !tile.ptr<f16>, %pd: !tile.ptr<f32>,
                           %N: i32, %K: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %c128_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32

      // A's offsets at K step 0: (off_m + r) * K + c; step k adds 64 k.
      %ar = tile.range 0 to 128 : tensor<128xi32, #rows>
      %ac = tile.range 0 to 64 : tensor<64xi32, #cols>
      %ar2 = tile.expand_dims %ar, axis = 1 : tensor<128xi32, #rows> -> tensor<128x1xi32, #l>
      %ac2 = tile.expand_dims %ac, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #l>
      %arb = tile.broadcast %ar2 : tensor<128x1xi32, #l> -> tensor<128x64xi32, #l>
      %acb = tile.broadcast %ac2 : tensor<1x64xi32, #l> -> tensor<128x64xi32, #l>
      %a_m = tile.splat %off_m : tensor<128x64xi32, #l>
      %a_k = tile.splat %K : tensor<128x64xi32, #l>
      %a_row = arith.addi %arb, %a_m : tensor<128x64xi32, #l>
      %a_ro = arith.muli %a_row, %a_k : tensor<128x64xi32, #l>
      %a_base = arith.addi %a_ro, %acb : tensor<128x64xi32, #l>

      // B's offsets at K step 0: r * N + off_n + c; step k adds 64 k N.
      %br = tile.range 0 to 64 : tensor<64xi32, #rows>
      %bc = tile.range 0 to 64 : tensor<64xi32, #cols>
      %br2 = tile.expand_dims %br, axis = 1 : tensor<64xi32, #rows> -> tensor<64x1xi32, #l>
      %bc2 = tile.expand_dims %bc, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #l>
      %brb = tile.broadcast %br2 : tensor<64x1xi32, #l> -> tensor<64x64xi32, #l>
      %bcb = tile.broadcast %bc2 : tensor<1x64xi32, #l> -> tensor<64x64xi32, #l>
      %b_n = tile.splat %N : tensor<64x64xi32, #l>
      %b_col0 = tile.splat %off_n : tensor<64x64xi32, #l>
      %b_ro = arith.muli %brb, %b_n : tensor<64x64xi32, #l>
      %b_col = arith.addi %bcb, %b_col0 : tensor<64x64xi32, #l>
      %b_base = arith.addi %b_ro, %b_col : tensor<64x64xi32, #l>
      %b_step_i32 = arith.muli %N, %c64_i32 : i32

      %a_shared = tile.alloc_smem : !tileA
      %b_shared = tile.alloc_smem : !tileB
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x64xf32, #acc>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x64xf32, #acc>) {
        %k_i32 = arith.index_cast %k : index to i32
        %a_shift = arith.muli %k_i32, %c64_i32 : i32
        %b_shift = arith.muli %k_i32, %b_step_i32 : i32
        %a_shift_t = tile.splat %a_shift : tensor<128x64xi32, #l>
        %b_shift_t = tile.splat %b_shift : tensor<64x64xi32, #l>
        %a_offs = arith.addi %a_base, %a_shift_t : tensor<128x64xi32, #l>
        %b_offs = arith.addi %b_base, %b_shift_t : tensor<64x64xi32, #l>
        %a = tile.load %pa[%a_offs] : !tile.ptr<f16>, tensor<128x64xi32, #l> -> tensor<128x64xf16, #l>
        %b = tile.load %pb[%b_offs] : !tile.ptr<f16>, tensor<64x64xi32, #l> -> tensor<64x64xf16, #l>
        tile.smem_store %a, %a_shared : tensor<128x64xf16, #l>, !tileA
        tile.smem_store %b, %b_shared : tensor<64x64xf16, #l>, !tileB
        // The generic-proxy stores must be visible to wgmma's async proxy,
        // and every thread's part of the tiles must be in place.
        tile.fence_async_shared
        tile.barrier
        %d = tile.dot %a_shared, %b_shared, %c_local : !tileA, !tileB, tensor<128x64xf32, #acc> -> tensor<128x64xf32, #acc>
        // No thread overwrites the tiles while another's wgmma reads them.
        tile.barrier
        scf.yield %d : tensor<128x64xf32, #acc>
      } {tile.num_stages = 2 : i32, tile.warp_specialize}

      %d_blocked = tile.convert_layout %acc : tensor<128x64xf32, #acc> -> tensor<128x64xf32, #l>
      %dr = tile.range 0 to 128 : tensor<128xi32, #rows>
      %dr2 = tile.expand_dims %dr, axis = 1 : tensor<128xi32, #rows> -> tensor<128x1xi32, #l>
      %drb = tile.broadcast %dr2 : tensor<128x1xi32, #l> -> tensor<128x64xi32, #l>
      %dcb = tile.broadcast %bc2 : tensor<1x64xi32, #l> -> tensor<128x64xi32, #l>
      %d_m = tile.splat %off_m : tensor<128x64xi32, #l>
      %d_n = tile.splat %off_n : tensor<128x64xi32, #l>
      %d_nn = tile.splat %N : tensor<128x64xi32, #l>
      %d_row = arith.addi %drb, %d_m : tensor<128x64xi32, #l>
      %d_ro = arith.muli %d_row, %d_nn : tensor<128x64xi32, #l>
      %d_col = arith.addi %dcb, %d_n : tensor<128x64xi32, #l>
      %d_offs = arith.addi %d_ro, %d_col : tensor<128x64xi32, #l>
      tile.store %pd[%d_offs], %d_blocked : !tile.ptr<f32>, tensor<128x64xi32, #l>, tensor<128x64xf32, #l>
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name0("refused 256x256x256\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name1("refused 512x384x128\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  // Runs gemm_refused on fresh M x K and K x N inputs (seeds by shape) and
  // checks D against the reference; returns 1 on failure.
  func.func @check(%m: index, %n: index, %k: index, %seed: i64, %name: !llvm.ptr) -> i32 {
    %c1 = arith.constant 1 : index
    %bm = arith.constant 128 : index
    %bn = arith.constant 64 : index
    %threads = arith.constant 128 : index
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?xf16>
    %b, %t2 = gpu.alloc async [%t1] (%k, %n) : memref<?x?xf16>
    %d, %t3 = gpu.alloc async [%t2] (%m, %n) : memref<?x?xf32>
    %ref, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : memref<?x?xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?xf16> -> !llvm.ptr
    %pd = tile.ptr_from_memref %d : memref<?x?xf32> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %kn = arith.muli %k64, %n64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %four = arith.constant 4 : i64
    %mn_bytes = arith.muli %mn, %four : i64
    %f16 = arith.constant 1 : i32
    %f32 = arith.constant 0 : i32
    %no = arith.constant 0 : i32
    %one = arith.constant 1 : i64
    %seed_b = arith.addi %seed, %one : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %f16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %kn, %f16, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pd, %mn_bytes) : (!llvm.ptr, i64) -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %f16, %f32, %no, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    %ka = tile.ptr_from_memref %a : memref<?x?xf16> -> !tile.ptr<f16>
    %kb = tile.ptr_from_memref %b : memref<?x?xf16> -> !tile.ptr<f16>
    %kd = tile.ptr_from_memref %d : memref<?x?xf32> -> !tile.ptr<f32>
    %gx = arith.divui %n, %bn : index
    %gy = arith.divui %m, %bm : index
    %n32 = arith.index_cast %n : index to i32
    %k32 = arith.index_cast %k : index to i32
    gpu.launch_func @kernels::@gemm_refused blocks in (%gx, %gy, %c1) threads in (%threads, %c1, %c1)
        args(%ka : !tile.ptr<f16>, %kb : !tile.ptr<f16>, %kd : !tile.ptr<f32>, %n32 : i32, %k32 : i32)
    llvm.call @tileRtSynchronize() : () -> ()
    %tol = arith.constant 1.0e-3 : f64
    %fail = llvm.call @tileRtCheck2D(%name, %pd, %n64, %pref, %n64, %m64, %n64, %f32, %tol) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %a : memref<?x?xf16>
    %t7 = gpu.dealloc async [%t6] %b : memref<?x?xf16>
    %t8 = gpu.dealloc async [%t7] %d : memref<?x?xf32>
    %t9 = gpu.dealloc async [%t8] %ref : memref<?x?xf32>
    gpu.wait [%t9]
    return %fail : i32
  }

  func.func @main() -> i32 {
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c384 = arith.constant 384 : index
    %c512 = arith.constant 512 : index
    %seed0 = arith.constant 6101 : i64
    %seed1 = arith.constant 6103 : i64
    %name0 = llvm.mlir.addressof @name0 : !llvm.ptr
    %name1 = llvm.mlir.addressof @name1 : !llvm.ptr
    %f0 = func.call @check(%c256, %c256, %c256, %seed0, %name0) : (index, index, index, i64, !llvm.ptr) -> i32
    %f1 = func.call @check(%c512, %c384, %c128, %seed1, %name1) : (index, index, index, i64, !llvm.ptr) -> i32
    %fail = arith.addi %f0, %f1 : i32
    return %fail : i32
  }
}
