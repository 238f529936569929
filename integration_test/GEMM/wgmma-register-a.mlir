// wgmma with A in registers and with an unswizzled B, on Hopper:
// D[M, N] (f32) = A[M, K] * B (f16), checked against cuBLAS on fresh random
// inputs with D poisoned first.
// - smem_a: A by TMA into a 128-byte-swizzled buffer, tile.smem_load into a
//   #tile.dot_operand tile, B [N, K] by TMA viewed K-major (trans-b 0).
// - global_a: A by tile.load from global memory into a blocked tile,
//   tile.convert_layout (through shared scratch) to #tile.dot_operand and
//   scaled by 1 elementwise; B [N, K] as above.
// - flash_pv: A = truncf(S) where S = A0 * I (an exact f16 round trip
//   through a first, shared-A wgmma against an identity B), then
//   D = truncf(S) * B with the register-A wgmma and B [K, N] N-major
//   (trans-b 1): D must equal A0 * B.
// - unswizzled_b: shared A, B [K, N] by TMA without swizzle in blocks of
//   8 columns (16-byte rows: one 128-byte core matrix per 8 K rows).
// 128 x 128 x 64 blocks (128 x 8 for unswizzled_b), 4 warps, f32 TMA-store
// epilogue through an unswizzled buffer. 512^3 and 256 x 384 x 192.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: wgmma register A smem_a: rows=512 cols=512 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: wgmma register A global_a: rows=512 cols=512 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: wgmma register A flash_pv: rows=512 cols=512 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: wgmma unswizzled B: rows=512 cols=512 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: wgmma register A smem_a: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: wgmma register A global_a: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: wgmma register A flash_pv: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: wgmma unswizzled B: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL

#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#sw128t = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
#plain16 = #tile.nvmma_shared<swizzle = 0, element_bits = 16>
#plain32 = #tile.nvmma_shared<swizzle = 0, element_bits = 32>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc64 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#acc8 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 8]>
#a = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 2>
#a64 = #tile.dot_operand<opIdx = 0, parent = #acc64, kWidth = 2>
#b = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #tile.slice<dim = 1, parent = #b>
#cols = #tile.slice<dim = 0, parent = #b>

!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descBnk = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descBkn = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!descBkn8 = !tma.descriptor<tensor<64x8xf16>, swizzle = 0>
!descD = !tma.descriptor<tensor<128x128xf32>, swizzle = 0>
!descD8 = !tma.descriptor<tensor<128x8xf32>, swizzle = 0>
!descD64 = !tma.descriptor<tensor<128x64xf32>, swizzle = 0>
!smemA = !tile.smem<128x64xf16, #sw128, mutable>
!smemD = !tile.smem<128x128xf32, #plain32, mutable>
!smemD8 = !tile.smem<128x8xf32, #plain32, mutable>
!smemD64 = !tile.smem<128x64xf32, #plain32, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    // A: TMA -> swizzled shared -> registers (#tile.dot_operand).
    gpu.func @smem_a(%descA: !descA, %descB: !descBnk, %descD: !descD, %K: i32)
        kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %c128_i32 : i32
      %off_n = arith.muli %bx, %c128_i32 : i32
      %a_shared = tile.alloc_smem : !smemA
      %b_shared = tile.alloc_smem : !tile.smem<128x64xf16, #sw128, mutable>
      %b_kn = tile.smem_trans %b_shared, order = [1, 0] : !tile.smem<128x64xf16, #sw128, mutable> -> !tile.smem<64x128xf16, #sw128t, mutable>
      %d_shared = tile.alloc_smem : !smemD
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      %init = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c64_i32 : i32
        mbarrier.expect_tx %bar, bytes = 32768 if %leader
        tma.async_load %descA[%off_m, %off_k], %a_shared, %bar : !descA, !smemA
        tma.async_load %descB[%off_n, %off_k], %b_shared, %bar : !descBnk, !tile.smem<128x64xf16, #sw128, mutable>
        scf.if %leader {
          mbarrier.arrive %bar
        }
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %bar, phase %parity : i32
        %a = tile.smem_load %a_shared : !smemA -> tensor<128x64xf16, #a>
        %d = tile.dot %a, %b_kn, %c_local : tensor<128x64xf16, #a>, !tile.smem<64x128xf16, #sw128t, mutable>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc>
      }
      tile.smem_store %acc, %d_shared : tensor<128x128xf32, #acc>, !smemD
      tile.fence_async_shared
      tile.barrier
      tma.async_store %d_shared, %descD[%off_m, %off_n] : !smemD, !descD
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }

    // A: global -> blocked registers -> #tile.dot_operand (shared scratch).
    gpu.func @global_a(%pa: !tile.ptr<f16>, %descB: !descBnk, %descD: !descD, %K: i32)
        kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %c128_i32 : i32
      %off_n = arith.muli %bx, %c128_i32 : i32
      %r = tile.range 0 to 128 : tensor<128xi32, #rows>
      %c = tile.range 0 to 64 : tensor<64xi32, #cols>
      %m0 = tile.splat %off_m : tensor<128xi32, #rows>
      %rr = arith.addi %r, %m0 : tensor<128xi32, #rows>
      %r2 = tile.expand_dims %rr, axis = 1 : tensor<128xi32, #rows> -> tensor<128x1xi32, #b>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #b>
      %rb = tile.broadcast %r2 : tensor<128x1xi32, #b> -> tensor<128x64xi32, #b>
      %cb = tile.broadcast %c2 : tensor<1x64xi32, #b> -> tensor<128x64xi32, #b>
      %ks = tile.splat %K : tensor<128x64xi32, #b>
      %rowoff = arith.muli %rb, %ks : tensor<128x64xi32, #b>
      %base = arith.addi %rowoff, %cb : tensor<128x64xi32, #b>
      %one = arith.constant dense<1.0> : tensor<128x64xf16, #a>
      %b_shared = tile.alloc_smem : !tile.smem<128x64xf16, #sw128, mutable>
      %b_kn = tile.smem_trans %b_shared, order = [1, 0] : !tile.smem<128x64xf16, #sw128, mutable> -> !tile.smem<64x128xf16, #sw128t, mutable>
      %d_shared = tile.alloc_smem : !smemD
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      %init = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c64_i32 : i32
        mbarrier.expect_tx %bar, bytes = 16384 if %leader
        tma.async_load %descB[%off_n, %off_k], %b_shared, %bar : !descBnk, !tile.smem<128x64xf16, #sw128, mutable>
        scf.if %leader {
          mbarrier.arrive %bar
        }
        %koff = tile.splat %off_k : tensor<128x64xi32, #b>
        %off = arith.addi %base, %koff : tensor<128x64xi32, #b>
        %x = tile.load %pa[%off] : !tile.ptr<f16>, tensor<128x64xi32, #b> -> tensor<128x64xf16, #b>
        %a0 = tile.convert_layout %x : tensor<128x64xf16, #b> -> tensor<128x64xf16, #a>
        %a = arith.mulf %a0, %one : tensor<128x64xf16, #a>
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %bar, phase %parity : i32
        %d = tile.dot %a, %b_kn, %c_local : tensor<128x64xf16, #a>, !tile.smem<64x128xf16, #sw128t, mutable>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc>
      }
      tile.smem_store %acc, %d_shared : tensor<128x128xf32, #acc>, !smemD
      tile.fence_async_shared
      tile.barrier
      tma.async_store %d_shared, %descD[%off_m, %off_n] : !smemD, !descD
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }

    // Flash-attention shape: S = A0 * I per K block (shared A, an identity
    // B built in shared memory), P = truncf(S) == A0 exactly, then
    // D += P * B[k-block] with P from registers, B [K, N] N-major.
    // 128 x 64 output blocks.
    gpu.func @flash_pv(%descA: !descA, %descB: !descBkn, %descD: !descD64, %K: i32)
        kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %c128_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !smemA
      %b_shared = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
      %eye = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
      %d_shared = tile.alloc_smem : !smemD64
      %ri = tile.range 0 to 64 : tensor<64xi32, #rows>
      %ci = tile.range 0 to 64 : tensor<64xi32, #cols>
      %ri2 = tile.expand_dims %ri, axis = 1 : tensor<64xi32, #rows> -> tensor<64x1xi32, #b>
      %ci2 = tile.expand_dims %ci, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #b>
      %rib = tile.broadcast %ri2 : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
      %cib = tile.broadcast %ci2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
      %diag = arith.cmpi eq, %rib, %cib : tensor<64x64xi32, #b>
      %ones = arith.constant dense<1.0> : tensor<64x64xf16, #b>
      %zeros = arith.constant dense<0.0> : tensor<64x64xf16, #b>
      %eyet = arith.select %diag, %ones, %zeros : tensor<64x64xi1, #b>, tensor<64x64xf16, #b>
      tile.smem_store %eyet, %eye : tensor<64x64xf16, #b>, !tile.smem<64x64xf16, #sw128, mutable>
      tile.fence_async_shared
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      %init = arith.constant dense<0.0> : tensor<128x64xf32, #acc64>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x64xf32, #acc64>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c64_i32 : i32
        mbarrier.expect_tx %bar, bytes = 24576 if %leader
        tma.async_load %descA[%off_m, %off_k], %a_shared, %bar : !descA, !smemA
        tma.async_load %descB[%off_k, %off_n], %b_shared, %bar : !descBkn, !tile.smem<64x64xf16, #sw128, mutable>
        scf.if %leader {
          mbarrier.arrive %bar
        }
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %bar, phase %parity : i32
        %s = tile.dot %a_shared, %eye, %init : !smemA, !tile.smem<64x64xf16, #sw128, mutable>, tensor<128x64xf32, #acc64> -> tensor<128x64xf32, #acc64>
        %p16 = arith.truncf %s : tensor<128x64xf32, #acc64> to tensor<128x64xf16, #acc64>
        %p = tile.convert_layout %p16 : tensor<128x64xf16, #acc64> -> tensor<128x64xf16, #a64>
        %d = tile.dot %p, %b_shared, %c_local : tensor<128x64xf16, #a64>, !tile.smem<64x64xf16, #sw128, mutable>, tensor<128x64xf32, #acc64> -> tensor<128x64xf32, #acc64>
        tile.barrier
        scf.yield %d : tensor<128x64xf32, #acc64>
      }
      tile.smem_store %acc, %d_shared : tensor<128x64xf32, #acc64>, !smemD64
      tile.fence_async_shared
      tile.barrier
      tma.async_store %d_shared, %descD[%off_m, %off_n] : !smemD64, !descD64
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }

    // Shared A, B [K, N] by TMA without swizzle in 64 x 8 boxes: dense
    // 16-byte rows, one 128-byte core matrix per 8 K rows. 128 x 8 blocks.
    gpu.func @unswizzled_b(%descA: !descA, %descB: !descBkn8, %descD: !descD8, %K: i32)
        kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c8_i32 = arith.constant 8 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %c128_i32 : i32
      %off_n = arith.muli %bx, %c8_i32 : i32
      %a_shared = tile.alloc_smem : !smemA
      %b_shared = tile.alloc_smem : !tile.smem<64x8xf16, #plain16, mutable>
      %d_shared = tile.alloc_smem : !smemD8
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      %init = arith.constant dense<0.0> : tensor<128x8xf32, #acc8>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x8xf32, #acc8>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c64_i32 : i32
        mbarrier.expect_tx %bar, bytes = 17408 if %leader
        tma.async_load %descA[%off_m, %off_k], %a_shared, %bar : !descA, !smemA
        tma.async_load %descB[%off_k, %off_n], %b_shared, %bar : !descBkn8, !tile.smem<64x8xf16, #plain16, mutable>
        scf.if %leader {
          mbarrier.arrive %bar
        }
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %bar, phase %parity : i32
        %d = tile.dot %a_shared, %b_shared, %c_local : !smemA, !tile.smem<64x8xf16, #plain16, mutable>, tensor<128x8xf32, #acc8> -> tensor<128x8xf32, #acc8>
        tile.barrier
        scf.yield %d : tensor<128x8xf32, #acc8>
      }
      tile.smem_store %acc, %d_shared : tensor<128x8xf32, #acc8>, !smemD8
      tile.fence_async_shared
      tile.barrier
      tma.async_store %d_shared, %descD[%off_m, %off_n] : !smemD8, !descD8
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }
  }

  llvm.mlir.global internal constant @name_smem_a("wgmma register A smem_a\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_global_a("wgmma register A global_a\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_flash("wgmma register A flash_pv\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_unswizzled("wgmma unswizzled B\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

  // M, N multiples of 128, K of 64.
  func.func @run(%m: index, %n: index, %k: index, %seed: i64) -> i32 {
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?xf16>
    %bnk, %t2 = gpu.alloc async [%t1] (%n, %k) : memref<?x?xf16>
    %bkn, %t3 = gpu.alloc async [%t2] (%k, %n) : memref<?x?xf16>
    %d, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    %ref_nk, %t5 = gpu.alloc async [%t4] (%m, %n) : memref<?x?xf32>
    %ref_kn, %t6 = gpu.alloc async [%t5] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t6]
    %pa = tile.ptr_from_memref %a : memref<?x?xf16> -> !llvm.ptr
    %pbnk = tile.ptr_from_memref %bnk : memref<?x?xf16> -> !llvm.ptr
    %pbkn = tile.ptr_from_memref %bkn : memref<?x?xf16> -> !llvm.ptr
    %pd = tile.ptr_from_memref %d : memref<?x?xf32> -> !llvm.ptr
    %prefnk = tile.ptr_from_memref %ref_nk : memref<?x?xf32> -> !llvm.ptr
    %prefkn = tile.ptr_from_memref %ref_kn : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %nk = arith.muli %n64, %k64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %four = arith.constant 4 : i64
    %mn_bytes = arith.muli %mn, %four : i64
    %f16 = arith.constant 1 : i32
    %f32 = arith.constant 0 : i32
    %one = arith.constant 1 : i64
    %two = arith.constant 2 : i64
    %seed_b = arith.addi %seed, %one : i64
    %seed_c = arith.addi %seed, %two : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %f16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pbnk, %nk, %f16, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pbkn, %nk, %f16, %seed_c) : (!llvm.ptr, i64, i32, i64) -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    %yes = arith.constant 1 : i32
    %no = arith.constant 0 : i32
    llvm.call @tileRtReferenceGemm(%pa, %pbnk, %prefnk, %m64, %n64, %k64, %f16, %f32, %yes, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    llvm.call @tileRtReferenceGemm(%pa, %pbkn, %prefkn, %m64, %n64, %k64, %f16, %f32, %no, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    %da = tma.make_descriptor %a : memref<?x?xf16> -> !descA
    %dbnk = tma.make_descriptor %bnk : memref<?x?xf16> -> !descBnk
    %dbkn = tma.make_descriptor %bkn : memref<?x?xf16> -> !descBkn
    %dbkn8 = tma.make_descriptor %bkn : memref<?x?xf16> -> !descBkn8
    %dd = tma.make_descriptor %d : memref<?x?xf32> -> !descD
    %dd64 = tma.make_descriptor %d : memref<?x?xf32> -> !descD64
    %dd8 = tma.make_descriptor %d : memref<?x?xf32> -> !descD8
    %pka = tile.ptr_from_memref %a : memref<?x?xf16> -> !tile.ptr<f16>
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %gx = arith.divui %n, %c128 : index
    %gx64 = arith.divui %n, %c64 : index
    %gx8 = arith.divui %n, %c8 : index
    %gy = arith.divui %m, %c128 : index
    %k32 = arith.index_cast %k : index to i32
    %tol = arith.constant 1.0e-3 : f64

    llvm.call @tileRtPoison(%pd, %mn_bytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@smem_a
        blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%da : !descA, %dbnk : !descBnk, %dd : !descD, %k32 : i32)
    llvm.call @tileRtSynchronize() : () -> ()
    %name1 = llvm.mlir.addressof @name_smem_a : !llvm.ptr
    %f1 = llvm.call @tileRtCheck2DMixed(%name1, %pd, %n64, %f32, %prefnk, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

    llvm.call @tileRtPoison(%pd, %mn_bytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@global_a
        blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%pka : !tile.ptr<f16>, %dbnk : !descBnk, %dd : !descD, %k32 : i32)
    llvm.call @tileRtSynchronize() : () -> ()
    %name2 = llvm.mlir.addressof @name_global_a : !llvm.ptr
    %f2 = llvm.call @tileRtCheck2DMixed(%name2, %pd, %n64, %f32, %prefnk, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

    llvm.call @tileRtPoison(%pd, %mn_bytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@flash_pv
        blocks in (%gx64, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%da : !descA, %dbkn : !descBkn, %dd64 : !descD64, %k32 : i32)
    llvm.call @tileRtSynchronize() : () -> ()
    %name3 = llvm.mlir.addressof @name_flash : !llvm.ptr
    %f3 = llvm.call @tileRtCheck2DMixed(%name3, %pd, %n64, %f32, %prefkn, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

    llvm.call @tileRtPoison(%pd, %mn_bytes) : (!llvm.ptr, i64) -> ()
    gpu.launch_func @kernels::@unswizzled_b
        blocks in (%gx8, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%da : !descA, %dbkn8 : !descBkn8, %dd8 : !descD8, %k32 : i32)
    llvm.call @tileRtSynchronize() : () -> ()
    %name4 = llvm.mlir.addressof @name_unswizzled : !llvm.ptr
    %f4 = llvm.call @tileRtCheck2DMixed(%name4, %pd, %n64, %f32, %prefkn, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

    %t7 = gpu.wait async
    %t8 = gpu.dealloc async [%t7] %a : memref<?x?xf16>
    %t9 = gpu.dealloc async [%t8] %bnk : memref<?x?xf16>
    %t10 = gpu.dealloc async [%t9] %bkn : memref<?x?xf16>
    %t11 = gpu.dealloc async [%t10] %d : memref<?x?xf32>
    %t12 = gpu.dealloc async [%t11] %ref_nk : memref<?x?xf32>
    %t13 = gpu.dealloc async [%t12] %ref_kn : memref<?x?xf32>
    gpu.wait [%t13]
    %s1 = arith.addi %f1, %f2 : i32
    %s2 = arith.addi %f3, %f4 : i32
    %s = arith.addi %s1, %s2 : i32
    return %s : i32
  }

  func.func @main() -> i32 {
    %c192 = arith.constant 192 : index
    %c256 = arith.constant 256 : index
    %c384 = arith.constant 384 : index
    %c512 = arith.constant 512 : index
    %s1 = arith.constant 11 : i64
    %s2 = arith.constant 23 : i64
    %f1 = func.call @run(%c512, %c512, %c512, %s1) : (index, index, index, i64) -> i32
    %f2 = func.call @run(%c256, %c384, %c192, %s2) : (index, index, index, i64) -> i32
    %f = arith.addi %f1, %f2 : i32
    return %f : i32
  }
}
