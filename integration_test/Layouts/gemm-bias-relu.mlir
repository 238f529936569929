// A GEMM with a bias + ReLU epilogue written without a single register
// layout: tile-legalize-layouts gives the accumulator the wgmma layout, the
// bias row (tile.load of N values) the accumulator's dim-0 slice so that
// tile.expand_dims + tile.broadcast stay in registers, and the masked
// tile.store of D the accumulator layout (it uses half of each 32-byte
// sector, the cost model's bar). No shared memory outside the TMA ring.
//
// D[M, N] = relu(A[M, K] B[K, N] + bias[N]), f16 in and out, f32
// accumulation, 128x128x32 blocks pipelined over 3 stages. Checked against
// cuBLAS (f32) plus the bias and ReLU on the host, on fresh random inputs
// with D poisoned first, at 1024^3 and at 1000x1000x1000 (edge blocks: TMA
// zero-fills, the store masks).
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: gemm+bias+relu f16, no layouts: rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: gemm+bias+relu f16, no layouts: rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK-NOT: FAIL

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>

!descA = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!halfB = !tile.smem<32x64xf16, #nvmma128, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @gemm_bias_relu(%descA: !descA, %descB: !descB,
                             %bias: !tile.ptr<f16>, %d: !tile.ptr<f16>,
                             %M: i32, %N: i32, %K: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
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
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %init = arith.constant dense<0.0> : tensor<128x128xf32>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32>) {
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
        %dot = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, tensor<128x128xf32> -> tensor<128x128xf32>
        tile.barrier
        scf.yield %dot : tensor<128x128xf32>
      } {tile.num_stages = 3 : i32}

      // Epilogue: + bias[n], relu, masked store of the block.
      %cols = tile.range 0 to 128 : tensor<128xi32>
      %n0 = tile.splat %off_n : tensor<128xi32>
      %n_idx = arith.addi %cols, %n0 : tensor<128xi32>
      %n_lim = tile.splat %N : tensor<128xi32>
      %n_ok = arith.cmpi slt, %n_idx, %n_lim : tensor<128xi32>
      %zero_h = arith.constant dense<0.0> : tensor<128xf16>
      %b_row = tile.load %bias[%n_idx] mask %n_ok other %zero_h : !tile.ptr<f16>, tensor<128xi32>, tensor<128xi1> -> tensor<128xf16>
      %b_f32 = arith.extf %b_row : tensor<128xf16> to tensor<128xf32>
      %b_2d = tile.expand_dims %b_f32, axis = 0 : tensor<128xf32> -> tensor<1x128xf32>
      %b_tile = tile.broadcast %b_2d : tensor<1x128xf32> -> tensor<128x128xf32>
      %biased = arith.addf %acc, %b_tile : tensor<128x128xf32>
      %zeros = arith.constant dense<0.0> : tensor<128x128xf32>
      %relu = arith.maximumf %biased, %zeros : tensor<128x128xf32>
      %out = arith.truncf %relu : tensor<128x128xf32> to tensor<128x128xf16>

      %rows = tile.range 0 to 128 : tensor<128xi32>
      %m0 = tile.splat %off_m : tensor<128xi32>
      %m_idx = arith.addi %rows, %m0 : tensor<128xi32>
      %m_lim = tile.splat %M : tensor<128xi32>
      %m_ok = arith.cmpi slt, %m_idx, %m_lim : tensor<128xi32>
      %m_2d = tile.expand_dims %m_idx, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
      %m_b = tile.broadcast %m_2d : tensor<128x1xi32> -> tensor<128x128xi32>
      %n_2d = tile.expand_dims %n_idx, axis = 0 : tensor<128xi32> -> tensor<1x128xi32>
      %n_b = tile.broadcast %n_2d : tensor<1x128xi32> -> tensor<128x128xi32>
      %ld = tile.splat %N : tensor<128x128xi32>
      %row_off = arith.muli %m_b, %ld : tensor<128x128xi32>
      %off = arith.addi %row_off, %n_b : tensor<128x128xi32>
      %m_ok2 = tile.expand_dims %m_ok, axis = 1 : tensor<128xi1> -> tensor<128x1xi1>
      %m_okb = tile.broadcast %m_ok2 : tensor<128x1xi1> -> tensor<128x128xi1>
      %n_ok2 = tile.expand_dims %n_ok, axis = 0 : tensor<128xi1> -> tensor<1x128xi1>
      %n_okb = tile.broadcast %n_ok2 : tensor<1x128xi1> -> tensor<128x128xi1>
      %mask = arith.andi %m_okb, %n_okb : tensor<128x128xi1>
      tile.store %d[%off], %out mask %mask : !tile.ptr<f16>, tensor<128x128xi32>, tensor<128x128xf16>, tensor<128x128xi1>
      gpu.return
    }
  }

  func.func @gemm(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %bias: memref<?xf16>,
                  %d: memref<?x?xf16>, %m: index, %n: index, %k: index) {
    %c1 = arith.constant 1 : index
    %c127 = arith.constant 127 : index
    %c128 = arith.constant 128 : index
    %da = tma.make_descriptor %a : memref<?x?xf16> -> !descA
    %db = tma.make_descriptor %b : memref<?x?xf16> -> !descB
    %pbias = tile.ptr_from_memref %bias : memref<?xf16> -> !tile.ptr<f16>
    %pd = tile.ptr_from_memref %d : memref<?x?xf16> -> !tile.ptr<f16>
    %np = arith.addi %n, %c127 : index
    %mp = arith.addi %m, %c127 : index
    %gx = arith.divui %np, %c128 : index
    %gy = arith.divui %mp, %c128 : index
    %m32 = arith.index_cast %m : index to i32
    %n32 = arith.index_cast %n : index to i32
    %k32 = arith.index_cast %k : index to i32
    gpu.launch_func @kernels::@gemm_bias_relu
        blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%da : !descA, %db : !descB, %pbias : !tile.ptr<f16>, %pd : !tile.ptr<f16>,
             %m32 : i32, %n32 : i32, %k32 : i32)
    return
  }

  llvm.mlir.global internal constant @name("gemm+bias+relu f16, no layouts\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtReferenceBiasRelu(!llvm.ptr, i64, i64, !llvm.ptr, i32, i32)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

  func.func @run(%m: index, %n: index, %k: index, %seed: i64) -> i32 {
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?xf16>
    %b, %t2 = gpu.alloc async [%t1] (%k, %n) : memref<?x?xf16>
    %bias, %t3 = gpu.alloc async [%t2] (%n) : memref<?xf16>
    %d, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf16>
    %ref, %t5 = gpu.alloc async [%t4] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t5]
    %pa = tile.ptr_from_memref %a : memref<?x?xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?xf16> -> !llvm.ptr
    %pbias = tile.ptr_from_memref %bias : memref<?xf16> -> !llvm.ptr
    %pd = tile.ptr_from_memref %d : memref<?x?xf16> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %kn = arith.muli %k64, %n64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %two = arith.constant 2 : i64
    %mn_bytes = arith.muli %mn, %two : i64
    %f16 = arith.constant 1 : i32
    %f32 = arith.constant 0 : i32
    %no = arith.constant 0 : i32
    %yes = arith.constant 1 : i32
    %seed2 = arith.addi %seed, %two : i64
    %seed3 = arith.addi %seed2, %two : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %f16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %kn, %f16, %seed2) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pbias, %n64, %f16, %seed3) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pd, %mn_bytes) : (!llvm.ptr, i64) -> ()
    func.call @gemm(%a, %b, %bias, %d, %m, %n, %k) : (memref<?x?xf16>, memref<?x?xf16>, memref<?xf16>, memref<?x?xf16>, index, index, index) -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %f16, %f32, %no, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    llvm.call @tileRtReferenceBiasRelu(%pref, %m64, %n64, %pbias, %f16, %yes) : (!llvm.ptr, i64, i64, !llvm.ptr, i32, i32) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name : !llvm.ptr
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pd, %n64, %f16, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
    %t6 = gpu.wait async
    %t7 = gpu.dealloc async [%t6] %a : memref<?x?xf16>
    %t8 = gpu.dealloc async [%t7] %b : memref<?x?xf16>
    %t9 = gpu.dealloc async [%t8] %bias : memref<?xf16>
    %t10 = gpu.dealloc async [%t9] %d : memref<?x?xf16>
    %t11 = gpu.dealloc async [%t10] %ref : memref<?x?xf32>
    gpu.wait [%t11]
    return %fail : i32
  }

  func.func @main() -> i32 {
    %c1000 = arith.constant 1000 : index
    %c1024 = arith.constant 1024 : index
    %s1 = arith.constant 11 : i64
    %s2 = arith.constant 12 : i64
    %f1 = func.call @run(%c1024, %c1024, %c1024, %s1) : (index, index, index, i64) -> i32
    %f2 = func.call @run(%c1000, %c1000, %c1000, %s2) : (index, index, index, i64) -> i32
    %f = arith.addi %f1, %f2 : i32
    return %f : i32
  }
}
