// RUN: tile-opt %s --pass-pipeline='builtin.module(gpu.module(tile-pipeline))' -split-input-file | FileCheck %s
// The pipelined TileLang seed lowers all the way down (tile-to-nvvm).
// RUN: tile-opt %tile_src_root/examples/tilelang_gemm_tma_copy.mlir --tile-pipeline --tile-to-nvvm 2>&1 | FileCheck %s --check-prefix=NVVM

// NVVM-NOT: warning
// NVVM: llvm.func @matmul_tma_copy_store({{.*}}tile.shared_memory_bytes = 81968
// NVVM-COUNT-6: nvvm.mbarrier.init
// Two prologue iterations and the loop's own, three TMA loads each.
// NVVM-COUNT-9: nvvm.cp.async.bulk.tensor.shared.cluster.global
// NVVM: nvvm.mbarrier.try_wait
// NVVM: wgmma.mma_async

// The TileLang seed (shared/seeds/002) over 2, 3 and 4 stages: rings with a
// leading stage dimension, one barrier group of N versions per barrier with
// every version initialized, a guarded prologue, and the loop's own loads
// kept N - 1 iterations ahead.
// CHECK-LABEL: gpu.func @gemm_s2(
// CHECK-DAG: %[[RA:.*]] = tile.alloc_smem : !tile.smem<2x128x32xf16, #{{.*}}, mutable>
// CHECK-DAG: %[[RB:.*]] = tile.alloc_smem : !tile.smem<2x32x128xf16, #{{.*}}, mutable>
// CHECK-DAG: %[[GA:.*]] = mbarrier.alloc : !mbarrier.group<2>
// CHECK-DAG: %[[GB:.*]] = mbarrier.alloc : !mbarrier.group<2>
// CHECK-NOT: mbarrier.alloc
// CHECK: scf.if
// CHECK: %[[GA0C:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[GA0:.*]] = mbarrier.index %[[GA]][%[[GA0C]]]
// CHECK-NEXT: mbarrier.init %[[GA0]], arrivals = 128
// CHECK: %[[GA1C:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[GA1:.*]] = mbarrier.index %[[GA]][%[[GA1C]]]
// CHECK-NEXT: mbarrier.init %[[GA1]], arrivals = 128
// CHECK: %[[GB0C:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[GB0:.*]] = mbarrier.index %[[GB]][%[[GB0C]]]
// CHECK-NEXT: mbarrier.init %[[GB0]], arrivals = 128
// CHECK: %[[GB1C:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[GB1:.*]] = mbarrier.index %[[GB]][%[[GB1C]]]
// CHECK-NEXT: mbarrier.init %[[GB1]], arrivals = 128
// CHECK: tile.barrier
// Prologue: iterations 0 .. N-2, each only if the loop gets there.
// CHECK: %[[P0LIVE:.*]] = arith.cmpi slt, %[[C0:.*]], %[[TRIPS:.*]] : index
// CHECK-NEXT: scf.if %[[P0LIVE]] {
// CHECK-NEXT: %[[P0S:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[P0A:.*]] = tile.smem_index %[[RA]][%[[P0S]]]
// CHECK-NEXT: %[[P0B:.*]] = tile.smem_index %[[RB]][%[[P0S]]]
// CHECK-NEXT: %[[P0BA:.*]] = mbarrier.index %[[GA]][%[[P0S]]]
// CHECK-NEXT: %[[P0BB:.*]] = mbarrier.index %[[GB]][%[[P0S]]]
// CHECK-NEXT: %[[P0K:.*]] = arith.index_cast %[[C0]] : index to i32
// CHECK: mbarrier.expect_tx %[[P0BA]], bytes = 8192 if
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P0A]], %[[P0BA]]
// CHECK-NEXT: mbarrier.arrive %[[P0BA]]
// CHECK-NEXT: mbarrier.expect_tx %[[P0BB]], bytes = 8192 if
// CHECK-NEXT: %[[P0LO:.*]] = tile.smem_subslice %[[P0B]] [0, 0]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P0LO]], %[[P0BB]]
// CHECK-NEXT: %[[P0HI:.*]] = tile.smem_subslice %[[P0B]] [0, 64]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P0HI]], %[[P0BB]]
// CHECK-NEXT: mbarrier.arrive %[[P0BB]]
// CHECK-NEXT: }
// Iteration k: slot k mod N, parity (k / N) mod 2.
// CHECK: scf.for %[[K:.*]] = %[[C0]] to %[[TRIPS]] step
// CHECK-NEXT: %[[N:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[SLOT:.*]] = arith.remui %[[K]], %[[N]] : index
// CHECK-NEXT: %[[A:.*]] = tile.smem_index %[[RA]][%[[SLOT]]]
// CHECK-NEXT: %[[B:.*]] = tile.smem_index %[[RB]][%[[SLOT]]]
// CHECK-NEXT: %[[BA:.*]] = mbarrier.index %[[GA]][%[[SLOT]]]
// CHECK-NEXT: %[[BB:.*]] = mbarrier.index %[[GB]][%[[SLOT]]]
// CHECK-NEXT: %[[N2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[ROUND:.*]] = arith.divui %[[K]], %[[N2]] : index
// CHECK-NEXT: %[[PAR:.*]] = arith.remui %[[ROUND]], %[[TWO]] : index
// CHECK-NEXT: %[[PARITY:.*]] = arith.index_castui %[[PAR]] : index to i32
// Iteration k loads iteration k + N - 1 into the slot iteration k - 1 read.
// CHECK-NEXT: %[[AHEAD:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[K]], %[[AHEAD]] : index
// CHECK-NEXT: %[[LIVE:.*]] = arith.cmpi slt, %[[NEXT]], %[[TRIPS]] : index
// CHECK-NEXT: scf.if %[[LIVE]] {
// CHECK: %[[NS:.*]] = arith.remui %[[NEXT]], %{{[^ ]+}} : index
// CHECK-NEXT: %[[NA:.*]] = tile.smem_index %[[RA]][%[[NS]]]
// CHECK-NEXT: %[[NB:.*]] = tile.smem_index %[[RB]][%[[NS]]]
// CHECK-NEXT: %[[NBA:.*]] = mbarrier.index %[[GA]][%[[NS]]]
// CHECK-NEXT: %[[NBB:.*]] = mbarrier.index %[[GB]][%[[NS]]]
// CHECK-NEXT: %[[NK:.*]] = arith.index_cast %[[NEXT]] : index to i32
// CHECK: mbarrier.expect_tx %[[NBA]], bytes = 8192 if
// CHECK-NEXT: tma.async_load %{{.*}}, %[[NA]], %[[NBA]]
// CHECK-NEXT: mbarrier.arrive %[[NBA]]
// CHECK-NEXT: mbarrier.expect_tx %[[NBB]], bytes = 8192 if
// CHECK-NEXT: %[[NLO:.*]] = tile.smem_subslice %[[NB]] [0, 0]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[NLO]], %[[NBB]]
// CHECK-NEXT: %[[NHI:.*]] = tile.smem_subslice %[[NB]] [0, 64]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[NHI]], %[[NBB]]
// CHECK-NEXT: mbarrier.arrive %[[NBB]]
// CHECK-NEXT: }
// CHECK-NEXT: mbarrier.wait %[[BA]], phase %[[PARITY]] : i32
// CHECK-NEXT: mbarrier.wait %[[BB]], phase %[[PARITY]] : i32
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %{{.*}} :
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: scf.yield %[[D]]
// CHECK-NEXT: }
// CHECK-NOT: tile.num_stages
// CHECK-NEXT: gpu.return
#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!halfB = !tile.smem<32x64xf16, #nvmma128, mutable>
!accT = tensor<128x128xf32, #acc>

gpu.module @m {
  gpu.func @gemm_s2(%descA: !descA, %descB: !descB, %trips: index) kernel
      attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2_i32 = arith.constant 2 : i32
    %c32_i32 = arith.constant 32 : i32
    %off_m = arith.constant 0 : i32
    %off_n = arith.constant 0 : i32
    %off_n_hi = arith.constant 64 : i32
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
    %init = arith.constant dense<0.0> : !accT
    %acc = scf.for %k = %c0 to %trips step %c1
        iter_args(%c_local = %init) -> (!accT) {
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
      %d = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, !accT -> !accT
      tile.barrier
      scf.yield %d : !accT
    } {tile.num_stages = 2 : i32}
    gpu.return
  }
}
// -----

// CHECK-LABEL: gpu.func @gemm_s3(
// CHECK-DAG: %[[RA:.*]] = tile.alloc_smem : !tile.smem<3x128x32xf16, #{{.*}}, mutable>
// CHECK-DAG: %[[RB:.*]] = tile.alloc_smem : !tile.smem<3x32x128xf16, #{{.*}}, mutable>
// CHECK-DAG: %[[GA:.*]] = mbarrier.alloc : !mbarrier.group<3>
// CHECK-DAG: %[[GB:.*]] = mbarrier.alloc : !mbarrier.group<3>
// CHECK-NOT: mbarrier.alloc
// CHECK: scf.if
// CHECK: %[[GA0C:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[GA0:.*]] = mbarrier.index %[[GA]][%[[GA0C]]]
// CHECK-NEXT: mbarrier.init %[[GA0]], arrivals = 128
// CHECK: %[[GA1C:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[GA1:.*]] = mbarrier.index %[[GA]][%[[GA1C]]]
// CHECK-NEXT: mbarrier.init %[[GA1]], arrivals = 128
// CHECK: %[[GA2C:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[GA2:.*]] = mbarrier.index %[[GA]][%[[GA2C]]]
// CHECK-NEXT: mbarrier.init %[[GA2]], arrivals = 128
// CHECK: %[[GB0C:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[GB0:.*]] = mbarrier.index %[[GB]][%[[GB0C]]]
// CHECK-NEXT: mbarrier.init %[[GB0]], arrivals = 128
// CHECK: %[[GB1C:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[GB1:.*]] = mbarrier.index %[[GB]][%[[GB1C]]]
// CHECK-NEXT: mbarrier.init %[[GB1]], arrivals = 128
// CHECK: %[[GB2C:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[GB2:.*]] = mbarrier.index %[[GB]][%[[GB2C]]]
// CHECK-NEXT: mbarrier.init %[[GB2]], arrivals = 128
// CHECK: tile.barrier
// Prologue: iterations 0 .. N-2, each only if the loop gets there.
// CHECK: %[[P0LIVE:.*]] = arith.cmpi slt, %[[C0:.*]], %[[TRIPS:.*]] : index
// CHECK-NEXT: scf.if %[[P0LIVE]] {
// CHECK-NEXT: %[[P0S:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[P0A:.*]] = tile.smem_index %[[RA]][%[[P0S]]]
// CHECK-NEXT: %[[P0B:.*]] = tile.smem_index %[[RB]][%[[P0S]]]
// CHECK-NEXT: %[[P0BA:.*]] = mbarrier.index %[[GA]][%[[P0S]]]
// CHECK-NEXT: %[[P0BB:.*]] = mbarrier.index %[[GB]][%[[P0S]]]
// CHECK-NEXT: %[[P0K:.*]] = arith.index_cast %[[C0]] : index to i32
// CHECK: mbarrier.expect_tx %[[P0BA]], bytes = 8192 if
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P0A]], %[[P0BA]]
// CHECK-NEXT: mbarrier.arrive %[[P0BA]]
// CHECK-NEXT: mbarrier.expect_tx %[[P0BB]], bytes = 8192 if
// CHECK-NEXT: %[[P0LO:.*]] = tile.smem_subslice %[[P0B]] [0, 0]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P0LO]], %[[P0BB]]
// CHECK-NEXT: %[[P0HI:.*]] = tile.smem_subslice %[[P0B]] [0, 64]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P0HI]], %[[P0BB]]
// CHECK-NEXT: mbarrier.arrive %[[P0BB]]
// CHECK-NEXT: }
// CHECK: %[[P1:.*]] = arith.addi %[[C0]], %{{[^ ]+}} : index
// CHECK-NEXT: %[[P1LIVE:.*]] = arith.cmpi slt, %[[P1]], %[[TRIPS]] : index
// CHECK-NEXT: scf.if %[[P1LIVE]] {
// CHECK-NEXT: %[[P1S:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[P1A:.*]] = tile.smem_index %[[RA]][%[[P1S]]]
// CHECK-NEXT: %[[P1B:.*]] = tile.smem_index %[[RB]][%[[P1S]]]
// CHECK-NEXT: %[[P1BA:.*]] = mbarrier.index %[[GA]][%[[P1S]]]
// CHECK-NEXT: %[[P1BB:.*]] = mbarrier.index %[[GB]][%[[P1S]]]
// CHECK-NEXT: %[[P1K:.*]] = arith.index_cast %[[P1]] : index to i32
// CHECK: mbarrier.expect_tx %[[P1BA]], bytes = 8192 if
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P1A]], %[[P1BA]]
// CHECK-NEXT: mbarrier.arrive %[[P1BA]]
// CHECK-NEXT: mbarrier.expect_tx %[[P1BB]], bytes = 8192 if
// CHECK-NEXT: %[[P1LO:.*]] = tile.smem_subslice %[[P1B]] [0, 0]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P1LO]], %[[P1BB]]
// CHECK-NEXT: %[[P1HI:.*]] = tile.smem_subslice %[[P1B]] [0, 64]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P1HI]], %[[P1BB]]
// CHECK-NEXT: mbarrier.arrive %[[P1BB]]
// CHECK-NEXT: }
// Iteration k: slot k mod N, parity (k / N) mod 2.
// CHECK: scf.for %[[K:.*]] = %[[C0]] to %[[TRIPS]] step
// CHECK-NEXT: %[[N:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[SLOT:.*]] = arith.remui %[[K]], %[[N]] : index
// CHECK-NEXT: %[[A:.*]] = tile.smem_index %[[RA]][%[[SLOT]]]
// CHECK-NEXT: %[[B:.*]] = tile.smem_index %[[RB]][%[[SLOT]]]
// CHECK-NEXT: %[[BA:.*]] = mbarrier.index %[[GA]][%[[SLOT]]]
// CHECK-NEXT: %[[BB:.*]] = mbarrier.index %[[GB]][%[[SLOT]]]
// CHECK-NEXT: %[[N2:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[ROUND:.*]] = arith.divui %[[K]], %[[N2]] : index
// CHECK-NEXT: %[[PAR:.*]] = arith.remui %[[ROUND]], %[[TWO]] : index
// CHECK-NEXT: %[[PARITY:.*]] = arith.index_castui %[[PAR]] : index to i32
// Iteration k loads iteration k + N - 1 into the slot iteration k - 1 read.
// CHECK-NEXT: %[[AHEAD:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[K]], %[[AHEAD]] : index
// CHECK-NEXT: %[[LIVE:.*]] = arith.cmpi slt, %[[NEXT]], %[[TRIPS]] : index
// CHECK-NEXT: scf.if %[[LIVE]] {
// CHECK: %[[NS:.*]] = arith.remui %[[NEXT]], %{{[^ ]+}} : index
// CHECK-NEXT: %[[NA:.*]] = tile.smem_index %[[RA]][%[[NS]]]
// CHECK-NEXT: %[[NB:.*]] = tile.smem_index %[[RB]][%[[NS]]]
// CHECK-NEXT: %[[NBA:.*]] = mbarrier.index %[[GA]][%[[NS]]]
// CHECK-NEXT: %[[NBB:.*]] = mbarrier.index %[[GB]][%[[NS]]]
// CHECK-NEXT: %[[NK:.*]] = arith.index_cast %[[NEXT]] : index to i32
// CHECK: mbarrier.expect_tx %[[NBA]], bytes = 8192 if
// CHECK-NEXT: tma.async_load %{{.*}}, %[[NA]], %[[NBA]]
// CHECK-NEXT: mbarrier.arrive %[[NBA]]
// CHECK-NEXT: mbarrier.expect_tx %[[NBB]], bytes = 8192 if
// CHECK-NEXT: %[[NLO:.*]] = tile.smem_subslice %[[NB]] [0, 0]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[NLO]], %[[NBB]]
// CHECK-NEXT: %[[NHI:.*]] = tile.smem_subslice %[[NB]] [0, 64]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[NHI]], %[[NBB]]
// CHECK-NEXT: mbarrier.arrive %[[NBB]]
// CHECK-NEXT: }
// CHECK-NEXT: mbarrier.wait %[[BA]], phase %[[PARITY]] : i32
// CHECK-NEXT: mbarrier.wait %[[BB]], phase %[[PARITY]] : i32
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %{{.*}} :
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: scf.yield %[[D]]
// CHECK-NEXT: }
// CHECK-NOT: tile.num_stages
// CHECK-NEXT: gpu.return
#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!halfB = !tile.smem<32x64xf16, #nvmma128, mutable>
!accT = tensor<128x128xf32, #acc>

gpu.module @m {
  gpu.func @gemm_s3(%descA: !descA, %descB: !descB, %trips: index) kernel
      attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2_i32 = arith.constant 2 : i32
    %c32_i32 = arith.constant 32 : i32
    %off_m = arith.constant 0 : i32
    %off_n = arith.constant 0 : i32
    %off_n_hi = arith.constant 64 : i32
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
    %init = arith.constant dense<0.0> : !accT
    %acc = scf.for %k = %c0 to %trips step %c1
        iter_args(%c_local = %init) -> (!accT) {
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
      %d = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, !accT -> !accT
      tile.barrier
      scf.yield %d : !accT
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}
// -----

// CHECK-LABEL: gpu.func @gemm_s4(
// CHECK-DAG: %[[RA:.*]] = tile.alloc_smem : !tile.smem<4x128x32xf16, #{{.*}}, mutable>
// CHECK-DAG: %[[RB:.*]] = tile.alloc_smem : !tile.smem<4x32x128xf16, #{{.*}}, mutable>
// CHECK-DAG: %[[GA:.*]] = mbarrier.alloc : !mbarrier.group<4>
// CHECK-DAG: %[[GB:.*]] = mbarrier.alloc : !mbarrier.group<4>
// CHECK-NOT: mbarrier.alloc
// CHECK: scf.if
// CHECK: %[[GA0C:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[GA0:.*]] = mbarrier.index %[[GA]][%[[GA0C]]]
// CHECK-NEXT: mbarrier.init %[[GA0]], arrivals = 128
// CHECK: %[[GA1C:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[GA1:.*]] = mbarrier.index %[[GA]][%[[GA1C]]]
// CHECK-NEXT: mbarrier.init %[[GA1]], arrivals = 128
// CHECK: %[[GA2C:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[GA2:.*]] = mbarrier.index %[[GA]][%[[GA2C]]]
// CHECK-NEXT: mbarrier.init %[[GA2]], arrivals = 128
// CHECK: %[[GA3C:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[GA3:.*]] = mbarrier.index %[[GA]][%[[GA3C]]]
// CHECK-NEXT: mbarrier.init %[[GA3]], arrivals = 128
// CHECK: %[[GB0C:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[GB0:.*]] = mbarrier.index %[[GB]][%[[GB0C]]]
// CHECK-NEXT: mbarrier.init %[[GB0]], arrivals = 128
// CHECK: %[[GB1C:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[GB1:.*]] = mbarrier.index %[[GB]][%[[GB1C]]]
// CHECK-NEXT: mbarrier.init %[[GB1]], arrivals = 128
// CHECK: %[[GB2C:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[GB2:.*]] = mbarrier.index %[[GB]][%[[GB2C]]]
// CHECK-NEXT: mbarrier.init %[[GB2]], arrivals = 128
// CHECK: %[[GB3C:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[GB3:.*]] = mbarrier.index %[[GB]][%[[GB3C]]]
// CHECK-NEXT: mbarrier.init %[[GB3]], arrivals = 128
// CHECK: tile.barrier
// Prologue: iterations 0 .. N-2, each only if the loop gets there.
// CHECK: %[[P0LIVE:.*]] = arith.cmpi slt, %[[C0:.*]], %[[TRIPS:.*]] : index
// CHECK-NEXT: scf.if %[[P0LIVE]] {
// CHECK-NEXT: %[[P0S:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[P0A:.*]] = tile.smem_index %[[RA]][%[[P0S]]]
// CHECK-NEXT: %[[P0B:.*]] = tile.smem_index %[[RB]][%[[P0S]]]
// CHECK-NEXT: %[[P0BA:.*]] = mbarrier.index %[[GA]][%[[P0S]]]
// CHECK-NEXT: %[[P0BB:.*]] = mbarrier.index %[[GB]][%[[P0S]]]
// CHECK-NEXT: %[[P0K:.*]] = arith.index_cast %[[C0]] : index to i32
// CHECK: mbarrier.expect_tx %[[P0BA]], bytes = 8192 if
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P0A]], %[[P0BA]]
// CHECK-NEXT: mbarrier.arrive %[[P0BA]]
// CHECK-NEXT: mbarrier.expect_tx %[[P0BB]], bytes = 8192 if
// CHECK-NEXT: %[[P0LO:.*]] = tile.smem_subslice %[[P0B]] [0, 0]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P0LO]], %[[P0BB]]
// CHECK-NEXT: %[[P0HI:.*]] = tile.smem_subslice %[[P0B]] [0, 64]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P0HI]], %[[P0BB]]
// CHECK-NEXT: mbarrier.arrive %[[P0BB]]
// CHECK-NEXT: }
// CHECK: %[[P1:.*]] = arith.addi %[[C0]], %{{[^ ]+}} : index
// CHECK-NEXT: %[[P1LIVE:.*]] = arith.cmpi slt, %[[P1]], %[[TRIPS]] : index
// CHECK-NEXT: scf.if %[[P1LIVE]] {
// CHECK-NEXT: %[[P1S:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[P1A:.*]] = tile.smem_index %[[RA]][%[[P1S]]]
// CHECK-NEXT: %[[P1B:.*]] = tile.smem_index %[[RB]][%[[P1S]]]
// CHECK-NEXT: %[[P1BA:.*]] = mbarrier.index %[[GA]][%[[P1S]]]
// CHECK-NEXT: %[[P1BB:.*]] = mbarrier.index %[[GB]][%[[P1S]]]
// CHECK-NEXT: %[[P1K:.*]] = arith.index_cast %[[P1]] : index to i32
// CHECK: mbarrier.expect_tx %[[P1BA]], bytes = 8192 if
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P1A]], %[[P1BA]]
// CHECK-NEXT: mbarrier.arrive %[[P1BA]]
// CHECK-NEXT: mbarrier.expect_tx %[[P1BB]], bytes = 8192 if
// CHECK-NEXT: %[[P1LO:.*]] = tile.smem_subslice %[[P1B]] [0, 0]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P1LO]], %[[P1BB]]
// CHECK-NEXT: %[[P1HI:.*]] = tile.smem_subslice %[[P1B]] [0, 64]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P1HI]], %[[P1BB]]
// CHECK-NEXT: mbarrier.arrive %[[P1BB]]
// CHECK-NEXT: }
// CHECK: %[[P2:.*]] = arith.addi %[[C0]], %{{[^ ]+}} : index
// CHECK-NEXT: %[[P2LIVE:.*]] = arith.cmpi slt, %[[P2]], %[[TRIPS]] : index
// CHECK-NEXT: scf.if %[[P2LIVE]] {
// CHECK-NEXT: %[[P2S:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[P2A:.*]] = tile.smem_index %[[RA]][%[[P2S]]]
// CHECK-NEXT: %[[P2B:.*]] = tile.smem_index %[[RB]][%[[P2S]]]
// CHECK-NEXT: %[[P2BA:.*]] = mbarrier.index %[[GA]][%[[P2S]]]
// CHECK-NEXT: %[[P2BB:.*]] = mbarrier.index %[[GB]][%[[P2S]]]
// CHECK-NEXT: %[[P2K:.*]] = arith.index_cast %[[P2]] : index to i32
// CHECK: mbarrier.expect_tx %[[P2BA]], bytes = 8192 if
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P2A]], %[[P2BA]]
// CHECK-NEXT: mbarrier.arrive %[[P2BA]]
// CHECK-NEXT: mbarrier.expect_tx %[[P2BB]], bytes = 8192 if
// CHECK-NEXT: %[[P2LO:.*]] = tile.smem_subslice %[[P2B]] [0, 0]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P2LO]], %[[P2BB]]
// CHECK-NEXT: %[[P2HI:.*]] = tile.smem_subslice %[[P2B]] [0, 64]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[P2HI]], %[[P2BB]]
// CHECK-NEXT: mbarrier.arrive %[[P2BB]]
// CHECK-NEXT: }
// Iteration k: slot k mod N, parity (k / N) mod 2.
// CHECK: scf.for %[[K:.*]] = %[[C0]] to %[[TRIPS]] step
// CHECK-NEXT: %[[N:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[SLOT:.*]] = arith.remui %[[K]], %[[N]] : index
// CHECK-NEXT: %[[A:.*]] = tile.smem_index %[[RA]][%[[SLOT]]]
// CHECK-NEXT: %[[B:.*]] = tile.smem_index %[[RB]][%[[SLOT]]]
// CHECK-NEXT: %[[BA:.*]] = mbarrier.index %[[GA]][%[[SLOT]]]
// CHECK-NEXT: %[[BB:.*]] = mbarrier.index %[[GB]][%[[SLOT]]]
// CHECK-NEXT: %[[N2:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[ROUND:.*]] = arith.divui %[[K]], %[[N2]] : index
// CHECK-NEXT: %[[PAR:.*]] = arith.remui %[[ROUND]], %[[TWO]] : index
// CHECK-NEXT: %[[PARITY:.*]] = arith.index_castui %[[PAR]] : index to i32
// Iteration k loads iteration k + N - 1 into the slot iteration k - 1 read.
// CHECK-NEXT: %[[AHEAD:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[K]], %[[AHEAD]] : index
// CHECK-NEXT: %[[LIVE:.*]] = arith.cmpi slt, %[[NEXT]], %[[TRIPS]] : index
// CHECK-NEXT: scf.if %[[LIVE]] {
// CHECK: %[[NS:.*]] = arith.remui %[[NEXT]], %{{[^ ]+}} : index
// CHECK-NEXT: %[[NA:.*]] = tile.smem_index %[[RA]][%[[NS]]]
// CHECK-NEXT: %[[NB:.*]] = tile.smem_index %[[RB]][%[[NS]]]
// CHECK-NEXT: %[[NBA:.*]] = mbarrier.index %[[GA]][%[[NS]]]
// CHECK-NEXT: %[[NBB:.*]] = mbarrier.index %[[GB]][%[[NS]]]
// CHECK-NEXT: %[[NK:.*]] = arith.index_cast %[[NEXT]] : index to i32
// CHECK: mbarrier.expect_tx %[[NBA]], bytes = 8192 if
// CHECK-NEXT: tma.async_load %{{.*}}, %[[NA]], %[[NBA]]
// CHECK-NEXT: mbarrier.arrive %[[NBA]]
// CHECK-NEXT: mbarrier.expect_tx %[[NBB]], bytes = 8192 if
// CHECK-NEXT: %[[NLO:.*]] = tile.smem_subslice %[[NB]] [0, 0]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[NLO]], %[[NBB]]
// CHECK-NEXT: %[[NHI:.*]] = tile.smem_subslice %[[NB]] [0, 64]
// CHECK-NEXT: tma.async_load %{{.*}}, %[[NHI]], %[[NBB]]
// CHECK-NEXT: mbarrier.arrive %[[NBB]]
// CHECK-NEXT: }
// CHECK-NEXT: mbarrier.wait %[[BA]], phase %[[PARITY]] : i32
// CHECK-NEXT: mbarrier.wait %[[BB]], phase %[[PARITY]] : i32
// CHECK-NEXT: %[[D:.*]] = tile.dot %[[A]], %[[B]], %{{.*}} :
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: scf.yield %[[D]]
// CHECK-NEXT: }
// CHECK-NOT: tile.num_stages
// CHECK-NEXT: gpu.return
#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!halfB = !tile.smem<32x64xf16, #nvmma128, mutable>
!accT = tensor<128x128xf32, #acc>

gpu.module @m {
  gpu.func @gemm_s4(%descA: !descA, %descB: !descB, %trips: index) kernel
      attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2_i32 = arith.constant 2 : i32
    %c32_i32 = arith.constant 32 : i32
    %off_m = arith.constant 0 : i32
    %off_n = arith.constant 0 : i32
    %off_n_hi = arith.constant 64 : i32
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
    %init = arith.constant dense<0.0> : !accT
    %acc = scf.for %k = %c0 to %trips step %c1
        iter_args(%c_local = %init) -> (!accT) {
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
      %d = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, !accT -> !accT
      tile.barrier
      scf.yield %d : !accT
    } {tile.num_stages = 4 : i32}
    gpu.return
  }
}
// -----

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!halfB = !tile.smem<32x64xf16, #nvmma128, mutable>
!accT = tensor<128x128xf32, #acc>

// One stage: nothing to pipeline, the loop is left as written.
// CHECK-LABEL: gpu.func @gemm_s1(
// CHECK: tile.alloc_smem : !tile.smem<128x32xf16
// CHECK: mbarrier.alloc : !mbarrier.group<2>
// CHECK-NOT: mbarrier.alloc
// CHECK: scf.for
// CHECK-NOT: scf.if
// CHECK: tma.async_load %{{.*}}, %[[BAR:.*]] :
// CHECK: mbarrier.wait %[[BAR]], phase %{{.*}} : i32
// CHECK: } {tile.num_stages = 1 : i32}

gpu.module @m1 {
  gpu.func @gemm_s1(%descA: !descA, %descB: !descB, %trips: index) kernel
      attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2_i32 = arith.constant 2 : i32
    %c32_i32 = arith.constant 32 : i32
    %off_m = arith.constant 0 : i32
    %off_n = arith.constant 0 : i32
    %off_n_hi = arith.constant 64 : i32
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
    %init = arith.constant dense<0.0> : !accT
    %acc = scf.for %k = %c0 to %trips step %c1
        iter_args(%c_local = %init) -> (!accT) {
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
      %d = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, !accT -> !accT
      tile.barrier
      scf.yield %d : !accT
    } {tile.num_stages = 1 : i32}
    gpu.return
  }
}
// -----

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!halfB = !tile.smem<32x64xf16, #nvmma128, mutable>
!accT = tensor<128x128xf32, #acc>

// An i32 loop from %lb by 2 with i1 parities: the iteration number is
// (k - lb) / 2, slots and barriers are indexed by it, and the prologue's
// second iteration is lb + 2.
// CHECK-LABEL: gpu.func @gemm_i32(
// CHECK: %[[P1:.*]] = arith.addi %[[LB:.*]], %{{.*}} : i32
// CHECK-NEXT: arith.cmpi slt, %[[P1]], %[[UB:.*]] : i32
// CHECK: scf.for %[[K:.*]] = %[[LB]] to %[[UB]] step %{{.*}} iter_args
// CHECK-NEXT: %[[OFF:.*]] = arith.subi %[[K]], %[[LB]] : i32
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[J:.*]] = arith.divui %[[OFF]], %[[STEP]] : i32
// CHECK-NEXT: %[[N:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[S:.*]] = arith.remui %[[J]], %[[N]] : i32
// CHECK-NEXT: %[[SLOT:.*]] = arith.index_castui %[[S]] : i32 to index
// CHECK: %[[BAR:.*]] = mbarrier.index %{{.*}}[%[[SLOT]]]
// CHECK: %[[ROUND:.*]] = arith.divui %[[J]], %{{.*}} : i32
// CHECK-NEXT: %[[PAR:.*]] = arith.remui %[[ROUND]], %{{.*}} : i32
// CHECK-NEXT: %[[PARITY:.*]] = arith.trunci %[[PAR]] : i32 to i1
// CHECK: %[[AHEAD:.*]] = arith.constant 4 : i32
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[K]], %[[AHEAD]] : i32
// CHECK-NEXT: arith.cmpi slt, %[[NEXT]], %[[UB]] : i32
// CHECK: mbarrier.wait %[[BAR]], phase %[[PARITY]] : i1
gpu.module @m {
  gpu.func @gemm_i32(%descA: !descA, %lb: i32, %ub: i32, %parity: i1) kernel
      attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c2_i32 = arith.constant 2 : i32
    %c16_i32 = arith.constant 16 : i32
    %a_shared = tile.alloc_smem : !smemA
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    %leader = tile.elect cta
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    tile.barrier
    %init = arith.constant dense<0.0> : tensor<128x32xf16, #acc>
    %r = scf.for %k = %lb to %ub step %c2_i32
        iter_args(%x = %init) -> (tensor<128x32xf16, #acc>) : i32 {
      %off_k = arith.muli %k, %c16_i32 : i32
      mbarrier.arrive_expect_tx %bar, bytes = 8192 if %leader
      tma.async_load %descA[%c2_i32, %off_k], %a_shared, %bar : !descA, !smemA
      mbarrier.wait %bar, phase %parity : i1
      %v = tile.smem_load %a_shared : !smemA -> tensor<128x32xf16, #acc>
      %s = arith.addf %x, %v : tensor<128x32xf16, #acc>
      tile.barrier
      scf.yield %s : tensor<128x32xf16, #acc>
    } {tile.num_stages = 3 : i32}
    gpu.return
  }
}
// -----

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!halfB = !tile.smem<32x64xf16, #nvmma128, mutable>
!accT = tensor<128x128xf32, #acc>

// Views made inside the loop (a subslice as TMA destination, a transposed
// view for the read) are rebuilt on each slot, and an iter_arg the load
// stage does not use (a counter) is fine.
// CHECK-LABEL: gpu.func @views(
// CHECK: %[[RING:.*]] = tile.alloc_smem : !tile.smem<2x32x128xf16
// CHECK: scf.if
// CHECK: %[[P:.*]] = tile.smem_index %[[RING]][%{{.*}}]
// CHECK-NEXT: mbarrier.index
// CHECK: %[[PH:.*]] = tile.smem_subslice %[[P]] [0, 64]
// CHECK: tma.async_load %{{.*}}, %[[PH]], %{{.*}} :
// CHECK: scf.for {{.*}} iter_args(%[[X:.*]] = %{{.*}}, %[[CNT:.*]] = %{{.*}})
// CHECK: %[[S:.*]] = tile.smem_index %[[RING]][%{{.*}}]
// CHECK: scf.if
// CHECK: %[[NS:.*]] = tile.smem_index %[[RING]][%{{.*}}]
// CHECK: %[[NH:.*]] = tile.smem_subslice %[[NS]] [0, 64]
// CHECK: tma.async_load %{{.*}}, %[[NH]], %{{.*}} :
// CHECK: }
// CHECK: mbarrier.wait
// CHECK-NEXT: %[[T:.*]] = tile.smem_trans %[[S]], order = [1, 0]
// CHECK-NEXT: tile.smem_load %[[T]]
// CHECK: arith.addi %[[CNT]]
gpu.module @m {
  gpu.func @views(%descB: !descB, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %b_shared = tile.alloc_smem : !smemB
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : tensor<128x32xf16, #acc>
    %r:2 = scf.for %k = %c0 to %n step %c1
        iter_args(%x = %init, %count = %c0_i32) -> (tensor<128x32xf16, #acc>, i32) {
      %b_hi = tile.smem_subslice %b_shared[0, 64] : !smemB -> !halfB
      mbarrier.arrive_expect_tx %bar, bytes = 4096
      tma.async_load %descB[%c0_i32, %c0_i32], %b_hi, %bar : !descB, !halfB
      mbarrier.wait %bar, phase %c0_i32 : i32
      %bt = tile.smem_trans %b_shared, order = [1, 0] : !smemB -> !tile.smem<128x32xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>, mutable>
      %v = tile.smem_load %bt : !tile.smem<128x32xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>, mutable> -> tensor<128x32xf16, #acc>
      %y = arith.addf %x, %v : tensor<128x32xf16, #acc>
      %next = arith.addi %count, %c1_i32 : i32
      tile.barrier
      scf.yield %y, %next : tensor<128x32xf16, #acc>, i32
    } {tile.num_stages = 2 : i32}
    gpu.return
  }
}

// -----

// A persistent kernel: the pipelined loop inside an outer scf.for over
// tiles. The outer loop carries the count of pipelined iterations issued so
// far (%base, from 0); the prologue's iteration p uses slot (base + p) mod 3,
// iteration j slot (base + j) mod 3 and parity ((base + j) / 3) mod 2, and
// the outer loop yields base + the inner trip count, so the slots and phases
// go on across tiles as if the inner iterations were one sequence.
#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// CHECK-LABEL: gpu.func @persistent(
// CHECK-SAME: %[[DESC:[^:]*]]: !tma.descriptor{{.*}}, %[[START:[^:]*]]: index, %[[TILES:[^:]*]]: index, %[[GRID:[^:]*]]: index, %[[N:[^:]*]]: index)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[RING:.*]] = tile.alloc_smem : !tile.smem<3x128x32xf16
// CHECK-DAG: %[[G:.*]] = mbarrier.alloc : !mbarrier.group<3>
// CHECK: tensor<128x32xf16, #wgmma>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[OUT:.*]] = scf.for %{{.*}} = %[[START]] to %[[TILES]] step %[[GRID]] iter_args(%[[BASE:.*]] = %[[ZERO]]) -> (index) {
// Prologue iteration 0: slot base mod 3.
// CHECK: scf.if
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[S0:.*]] = arith.remui %[[BASE]], %[[C3]] : index
// CHECK-NEXT: tile.smem_index %[[RING]][%[[S0]]]
// CHECK-NEXT: mbarrier.index %[[G]][%[[S0]]]
// CHECK: tma.async_load
// Prologue iteration 1: slot (base + 1) mod 3.
// CHECK: scf.if
// CHECK: %[[B1:.*]] = arith.addi %[[BASE]], %{{.*}} : index
// CHECK: %[[S1:.*]] = arith.remui %[[B1]], %{{.*}} : index
// CHECK-NEXT: tile.smem_index %[[RING]][%[[S1]]]
// CHECK: tma.async_load
// CHECK: %[[R:.*]] = scf.for %[[K:.*]] = %[[C0]] to %[[N]] step %{{.*}} iter_args
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[BASE]], %[[K]] : index
// CHECK: %[[SLOT:.*]] = arith.remui %[[J]], %{{.*}} : index
// CHECK-NEXT: %[[BUF:.*]] = tile.smem_index %[[RING]][%[[SLOT]]]
// CHECK-NEXT: %[[BAR:.*]] = mbarrier.index %[[G]][%[[SLOT]]]
// CHECK: %[[ROUND:.*]] = arith.divui %[[J]], %{{.*}} : index
// CHECK-NEXT: %[[PAR:.*]] = arith.remui %[[ROUND]], %{{.*}} : index
// CHECK-NEXT: %[[PARITY:.*]] = arith.index_castui %[[PAR]] : index to i32
// The load of iteration k + 2: slot (base + k + 2) mod 3.
// CHECK: %[[NEXT:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK: scf.if
// CHECK-NEXT: %[[JN:.*]] = arith.addi %[[BASE]], %[[NEXT]] : index
// CHECK: arith.remui %[[JN]], %{{.*}} : index
// CHECK: tma.async_load
// CHECK: mbarrier.wait %[[BAR]], phase %[[PARITY]] : i32
// CHECK: tile.smem_load %[[BUF]]
// CHECK: tile.barrier
// After the loop: base + max(0, n) (lb = 0, step 1).
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[C0]], %[[N]] : index
// CHECK: %[[LAST:.*]] = arith.subi %[[N]], %{{.*}} : index
// CHECK-NEXT: %[[COUNT:.*]] = arith.addi %[[LAST]], %{{.*}} : index
// CHECK-NEXT: %[[TRIP:.*]] = arith.select %[[RUNS]], %[[COUNT]], %{{.*}} : index
// CHECK-NEXT: %[[NB:.*]] = arith.addi %[[BASE]], %[[TRIP]] : index
// CHECK: tile.smem_store %[[R]]
// CHECK: scf.yield %[[NB]] : index
// CHECK-NOT: tile.num_stages
gpu.module @m {
  gpu.func @persistent(%desc: !d, %start: index, %tiles: index, %grid: index, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %out = tile.alloc_smem : !tile.smem<128x32xf16, #nv, mutable>
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    scf.for %tile = %start to %tiles step %grid {
      %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %init) -> (!t) {
        %k_i32 = arith.index_cast %k : index to i32
        mbarrier.arrive_expect_tx %bar, bytes = 8192
        tma.async_load %desc[%k_i32, %c0_i32], %buf, %bar : !d, !s
        mbarrier.wait %bar, phase %c0_i32 : i32
        %v = tile.smem_load %buf : !s -> !t
        %y = arith.addf %x, %v : !t
        tile.barrier
        scf.yield %y : !t
      } {tile.num_stages = 3 : i32}
      tile.smem_store %r, %out : !t, !tile.smem<128x32xf16, #nv, mutable>
    }
    gpu.return
  }
}

// -----

// Two enclosing loops carry the count, outermost first; an i32 loop of step
// 2 from %lo: its trip count is (hi - lo - 1) / 2 + 1 when lo < hi, else 0.
#nv = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!d = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!s = !tile.smem<128x32xf16, #nv, mutable>
!t = tensor<128x32xf16, #acc>

// CHECK-LABEL: gpu.func @nested(
// CHECK-SAME: %[[LO:[^:]*]]: i32, %[[HI:[^:]*]]: i32)
// CHECK: tensor<128x32xf16, #wgmma>
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %{{.*}} = scf.for %{{.*}} iter_args(%[[B0:.*]] = %[[ZERO]]) -> (i32) {
// CHECK-NEXT: %[[INNER:.*]] = scf.for %{{.*}} iter_args(%[[BASE:.*]] = %[[B0]]) -> (i32) {
// CHECK: arith.remui %[[BASE]], %{{.*}} : i32
// CHECK: scf.for %[[K:.*]] = %[[LO]] to %[[HI]] step %{{.*}} iter_args
// CHECK-NEXT: %[[OFF:.*]] = arith.subi %[[K]], %[[LO]] : i32
// CHECK: %[[IDX:.*]] = arith.divui %[[OFF]], %{{.*}} : i32
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[BASE]], %[[IDX]] : i32
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[LO]], %[[HI]] : i32
// CHECK: %[[DIFF:.*]] = arith.subi %[[HI]], %[[LO]] : i32
// CHECK-NEXT: %[[LAST:.*]] = arith.subi %[[DIFF]], %{{.*}} : i32
// CHECK: %[[Q:.*]] = arith.divui %[[LAST]], %{{.*}} : i32
// CHECK-NEXT: %[[COUNT:.*]] = arith.addi %[[Q]], %{{.*}} : i32
// CHECK-NEXT: %[[TRIP:.*]] = arith.select %[[RUNS]], %[[COUNT]], %{{.*}} : i32
// CHECK-NEXT: %[[NB:.*]] = arith.addi %[[BASE]], %[[TRIP]] : i32
// CHECK: scf.yield %[[NB]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[INNER]] : i32
gpu.module @m {
  gpu.func @nested(%desc: !d, %outer: index, %tiles: index, %lo: i32, %hi: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2_i32 = arith.constant 2 : i32
    %c0_i32 = arith.constant 0 : i32
    %buf = tile.alloc_smem : !s
    %out = tile.alloc_smem : !s
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    mbarrier.init %bar, arrivals = 1
    %init = arith.constant dense<0.0> : !t
    scf.for %o = %c0 to %outer step %c1 {
      scf.for %tile = %c0 to %tiles step %c1 {
        %r = scf.for %k = %lo to %hi step %c2_i32 iter_args(%x = %init) -> (!t) : i32 {
          mbarrier.arrive_expect_tx %bar, bytes = 8192
          tma.async_load %desc[%k, %c0_i32], %buf, %bar : !d, !s
          mbarrier.wait %bar, phase %c0_i32 : i32
          %v = tile.smem_load %buf : !s -> !t
          %y = arith.addf %x, %v : !t
          tile.barrier
          scf.yield %y : !t
        } {tile.num_stages = 2 : i32}
        tile.smem_store %r, %out : !t, !s
      }
    }
    gpu.return
  }
}
