// D = A * B + C on Hopper: the accumulate form of the Gluon tutorial's
// matmul (shared/seeds/001), with the accumulator in registers instead of
// tensor memory (sm_90a has none).
//
// A [M, K] and B [K, N] are f16; C and D are f32 [M, N]. One warpgroup per
// 128 x 128 output block: C's block arrives by TMA into an unswizzled f32
// buffer and is read into the wgmma accumulator layout (tile.smem_load), the
// K loop runs wgmma m64n128k16 on TMA-loaded A/B tiles, and the result goes
// back through the same buffer to a TMA store. The host code runs 1024^3
// and 1000^3 (edge blocks: TMA zero-fills loads and clips stores), each on
// fresh random A, B, C with D poisoned, against cuBLAS computing A * B + C
// in f32.

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#plain32 = #tile.nvmma_shared<swizzle = 0, element_bits = 32>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>

!descA = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!descCD = !tma.descriptor<tensor<128x128xf32>, swizzle = 0>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!halfB = !tile.smem<32x64xf16, #nvmma128, mutable>
!smemCD = !tile.smem<128x128xf32, #plain32, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @matmul_accumulate(%descA: !descA, %descB: !descB,
                                %descC: !descCD, %descD: !descCD, %K: i32)
        kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c0_i32 = arith.constant 0 : i32
      %c2_i32 = arith.constant 2 : i32
      %c31_i32 = arith.constant 31 : i32
      %c32_i32 = arith.constant 32 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %k_padded = arith.addi %K, %c31_i32 : i32
      %k_tiles_i32 = arith.divui %k_padded, %c32_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index

      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %c128_i32 : i32
      %off_n = arith.muli %bx, %c128_i32 : i32
      %off_n_hi = arith.addi %off_n, %c64_i32 : i32

      %a_shared = tile.alloc_smem : !smemA
      %b_shared = tile.alloc_smem : !smemB
      %b_lo = tile.smem_subslice %b_shared[0, 0] : !smemB -> !halfB
      %b_hi = tile.smem_subslice %b_shared[0, 64] : !smemB -> !halfB
      %cd_shared = tile.alloc_smem : !smemCD

      %bars = mbarrier.alloc : !mbarrier.group<3>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<3>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<3>
      %mbar_c = mbarrier.index %bars[%c2] : !mbarrier.group<3>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
        mbarrier.init %mbar_c, arrivals = 1
      }
      tile.barrier

      // C's block is the initial accumulator.
      mbarrier.expect_tx %mbar_c, bytes = 65536 if %leader
      tma.async_load %descC[%off_m, %off_n], %cd_shared, %mbar_c : !descCD, !smemCD
      scf.if %leader {
        mbarrier.arrive %mbar_c
      }
      mbarrier.wait %mbar_c, phase %c0_i32 : i32
      %init = tile.smem_load %cd_shared : !smemCD -> tensor<128x128xf32, #acc>

      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c32_i32 : i32
        mbarrier.expect_tx %mbar_a, bytes = 8192 if %leader
        tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !smemA
        mbarrier.arrive %mbar_a
        mbarrier.expect_tx %mbar_b, bytes = 8192 if %leader
        tma.async_load %descB[%off_k, %off_n], %b_lo, %mbar_b : !descB, !halfB
        tma.async_load %descB[%off_k, %off_n_hi], %b_hi, %mbar_b : !descB, !halfB
        mbarrier.arrive %mbar_b
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %mbar_a, phase %parity : i32
        mbarrier.wait %mbar_b, phase %parity : i32
        %d = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc>
      }

      // Every thread has read its part of C (K may be 0, so do not rely on
      // the loop's barrier) before the buffer is reused for D.
      tile.barrier
      tile.smem_store %acc, %cd_shared : tensor<128x128xf32, #acc>, !smemCD
      tile.fence_async_shared
      tile.barrier
      tma.async_store %cd_shared, %descD[%off_m, %off_n] : !smemCD, !descCD
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }
  }

  func.func @matmul_accumulate(%a: memref<?x?xf16>, %b: memref<?x?xf16>,
                               %c: memref<?x?xf32>, %d: memref<?x?xf32>,
                               %m: index, %n: index, %k: index) {
    %c1 = arith.constant 1 : index
    %c127 = arith.constant 127 : index
    %c128 = arith.constant 128 : index
    %da = tma.make_descriptor %a : memref<?x?xf16> -> !descA
    %db = tma.make_descriptor %b : memref<?x?xf16> -> !descB
    %dc = tma.make_descriptor %c : memref<?x?xf32> -> !descCD
    %dd = tma.make_descriptor %d : memref<?x?xf32> -> !descCD
    %np = arith.addi %n, %c127 : index
    %mp = arith.addi %m, %c127 : index
    %gx = arith.divui %np, %c128 : index
    %gy = arith.divui %mp, %c128 : index
    %k32 = arith.index_cast %k : index to i32
    gpu.launch_func @kernels::@matmul_accumulate
        blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%da : !descA, %db : !descB, %dc : !descCD, %dd : !descCD,
             %k32 : i32)
    return
  }

  llvm.mlir.global internal constant @name("hopper_matmul_accumulate f16 x f16 + f32\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

  func.func @run(%m: index, %n: index, %k: index, %seed: i64) -> i32 {
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?xf16>
    %b, %t2 = gpu.alloc async [%t1] (%k, %n) : memref<?x?xf16>
    %c, %t3 = gpu.alloc async [%t2] (%m, %n) : memref<?x?xf32>
    %d, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    %ref, %t5 = gpu.alloc async [%t4] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t5]
    %pa = tile.ptr_from_memref %a : memref<?x?xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?xf16> -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : memref<?x?xf32> -> !llvm.ptr
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
    %two = arith.constant 2 : i64
    %seed_b = arith.addi %seed, %one : i64
    %seed_c = arith.addi %seed, %two : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %f16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %kn, %f16, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pc, %mn, %f32, %seed_c) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pd, %mn_bytes) : (!llvm.ptr, i64) -> ()
    func.call @matmul_accumulate(%a, %b, %c, %d, %m, %n, %k) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>, memref<?x?xf32>, index, index, index) -> ()
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %f16, %f32, %no, %pc) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %tol = arith.constant 1.0e-3 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pd, %n64, %f32, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
    %t6 = gpu.wait async
    %t7 = gpu.dealloc async [%t6] %a : memref<?x?xf16>
    %t8 = gpu.dealloc async [%t7] %b : memref<?x?xf16>
    %t9 = gpu.dealloc async [%t8] %c : memref<?x?xf32>
    %t10 = gpu.dealloc async [%t9] %d : memref<?x?xf32>
    %t11 = gpu.dealloc async [%t10] %ref : memref<?x?xf32>
    gpu.wait [%t11]
    return %fail : i32
  }

  func.func @main() -> i32 {
    %c1000 = arith.constant 1000 : index
    %c1024 = arith.constant 1024 : index
    %s1 = arith.constant 11 : i64
    %s2 = arith.constant 23 : i64
    %f1 = func.call @run(%c1024, %c1024, %c1024, %s1) : (index, index, index, i64) -> i32
    %f2 = func.call @run(%c1000, %c1000, %c1000, %s2) : (index, index, index, i64) -> i32
    %f = arith.addi %f1, %f2 : i32
    return %f : i32
  }
}
