// RUN: tile-opt %s --tile-lower-copies -split-input-file | FileCheck %s
// Box shapes, FP4 descriptors and transaction bytes tile-lower-copies
// derives (the GEMM's loop: test/Examples/tilelang_gemm_copy.test).

// A 128-byte swizzle caps a box row at 64 f16: the 32x128 tile moves as two
// 32x64 boxes into the halves of its buffer, one descriptor for both; the
// barrier the user gave counts the bytes of both (expect_tx 8192).
// CHECK-LABEL: gpu.func @split(
// CHECK-SAME: %[[DESC:[^:]*]]: !tma.descriptor<tensor<32x64xf16>, swizzle = 128>) kernel
// CHECK: mbarrier.expect_tx %[[BAR:.*]], bytes = 8192 if
// CHECK: %[[LEFT:.*]] = tile.smem_subslice %{{.*}} [0, 0] : {{.*}} -> !tile.smem<32x64xf16, #{{.*}}, mutable>
// CHECK: tma.async_load %[[DESC]][%{{.*}}, %{{.*}}], %[[LEFT]], %[[BAR]]
// CHECK: %[[RIGHT:.*]] = tile.smem_subslice %{{.*}} [0, 64]
// CHECK: arith.constant 64 : i32
// CHECK: tma.async_load %[[DESC]][%{{.*}}, %{{.*}}], %[[RIGHT]], %[[BAR]]
// CHECK-NOT: tma.async_load
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @split(%B: memref<?x?xf16>, %i: index, %j: index) kernel attributes {tile.num_warps = 4 : i32} {
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %c0 = arith.constant 0 : index
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %s = tile.alloc_smem : !tile.smem<32x128xf16, #nvmma128, mutable>
      tile.copy %B[%i, %j], %s barrier %bar : memref<?x?xf16>, !tile.smem<32x128xf16, #nvmma128, mutable>
      gpu.return
    }
  }
}

// -----

// test_fp4_tma_copy_roundtrip_packed_smem: a 64x128 FP4 tile into a
// 64-byte-swizzled buffer moves packed (16U4_ALIGN8B: fp4 = packed), with
// an inner box of 128 elements; the load counts 4096 bytes (4 bits an
// element); the store uses the same kind of descriptor.
// CHECK-LABEL: gpu.func @fp4_packed(
// CHECK-SAME: %[[LD:[^:]*]]: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>, %[[ST:[^:]*]]: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>) kernel
// CHECK: mbarrier.arrive_expect_tx %{{.*}}, bytes = 4096 if
// CHECK: tma.async_load %[[LD]]
// CHECK: tma.async_store %{{.*}}, %[[ST]]
// CHECK: func.func @host
// CHECK-COUNT-2: tma.make_descriptor %{{.*}} : memref<128x256xf4E2M1FN> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>
#sw64 = #tile.nvmma_shared<swizzle = 64, element_bits = 4>
!fp4 = memref<128x256xf4E2M1FN>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {
    gpu.func @fp4_packed(%A: !fp4, %B: !fp4, %i: index, %j: index) kernel attributes {tile.num_warps = 4 : i32} {
      %s = tile.alloc_smem : !tile.smem<64x128xf4E2M1FN, #sw64, mutable>
      tile.copy %A[%i, %j], %s prefer tma : !fp4, !tile.smem<64x128xf4E2M1FN, #sw64, mutable>
      tile.copy %s, %B[%i, %j] prefer tma : !tile.smem<64x128xf4E2M1FN, #sw64, mutable>, !fp4
      gpu.return
    }
  }
  func.func @host(%a: !fp4, %b: !fp4, %i: index) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@fp4_packed blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%a : !fp4, %b : !fp4, %i : index, %i : index)
    return
  }
}

// -----

// test_fp4_unpacksmem_tma_descriptor_uses_align16b and the seed's
// expect_transaction(4096): into an fp4_padded (unpacked, a byte an
// element) buffer the descriptor unpacks (16U4_ALIGN16B: fp4 = unpacked),
// the inner box is 128 elements (128 bytes of shared memory under the
// 128-byte swizzle), and the barrier still counts 4096 bytes, not 8192.
// CHECK-LABEL: gpu.func @fp4_unpacked(
// CHECK-SAME: %[[D:[^:]*]]: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>) kernel
// CHECK: mbarrier.arrive_expect_tx %{{.*}}, bytes = 4096 if
// CHECK: tma.async_load %[[D]]
#padded = #tile.nvmma_shared<swizzle = 128, element_bits = 4, fp4_padded = true>
!fp4 = memref<128x256xf4E2M1FN>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {
    gpu.func @fp4_unpacked(%A: !fp4, %i: index, %j: index) kernel attributes {tile.num_warps = 4 : i32} {
      %s = tile.alloc_smem : !tile.smem<64x128xf4E2M1FN, #padded, mutable>
      tile.copy %A[%i, %j], %s prefer tma : !fp4, !tile.smem<64x128xf4E2M1FN, #padded, mutable>
      gpu.return
    }
  }
}

// -----

// Barrier-less TMA loads issued back to back (only pure ops between them)
// complete together: one generated barrier armed with the bytes of both,
// one wait after the second. Opening a loop body, their CTA barrier moves
// to the end of the body (and once before the loop), the form
// tile-pipeline takes.
// CHECK-LABEL: gpu.func @grouped(
// CHECK: %[[GROUP:.*]] = mbarrier.alloc : !mbarrier.group<1>
// CHECK: %[[BAR:.*]] = mbarrier.index %[[GROUP]]
// CHECK: tile.alloc_smem
// CHECK-NEXT: tile.alloc_smem
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.muli
// CHECK-NEXT: mbarrier.arrive_expect_tx %[[BAR]], bytes = 16384 if
// CHECK: tma.async_load %{{.*}}, %[[BAR]]
// CHECK: tma.async_load %{{.*}}, %[[BAR]]
// CHECK-NOT: mbarrier.wait
// CHECK: tma.async_load %{{.*}}, %[[BAR]]
// CHECK: memref.load
// CHECK-NEXT: mbarrier.wait %[[BAR]]
// CHECK-NOT: mbarrier.wait
// CHECK: tile.dot
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: scf.yield
#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!smemA = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB = !tile.smem<32x128xf16, #nvmma128, mutable>
!acc = tensor<128x128xf32, #acc>
!T = memref<?x?xf16>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @grouped(%A: !T, %B: !T, %m: index, %n: index, %k_tiles: index, %init: !acc) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %a = tile.alloc_smem : !smemA
      %b = tile.alloc_smem : !smemB
      %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%c = %init) -> (!acc) {
        %off_k = arith.muli %k, %c32 : index
        tile.copy %A[%m, %off_k], %a : !T, !smemA
        tile.copy %B[%off_k, %n], %b : !T, !smemB
        %d = tile.dot %a, %b, %c : !smemA, !smemB, !acc -> !acc
        scf.yield %d : !acc
      }
      gpu.return
    }
  }
}

// -----

// A register tile: into a shared buffer, its tile.smem_store between CTA
// barriers; to global memory, through a shared buffer the pass allocates
// with the widest swizzle its rows fill (128 bytes for 128 f16), then the
// rules of a shared-to-global copy (here two 128x64 TMA store boxes); out
// of loops the buffer is written once, so no CTA barrier before its store.
// CHECK-LABEL: gpu.func @registers(
// CHECK-SAME: %[[DESC:[^:]*]]: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>) kernel
// CHECK: %[[STAGING:.*]] = tile.alloc_smem : !tile.smem<128x128xf16, #[[SW128:.*]], mutable>
// CHECK: tile.barrier
// CHECK-NEXT: tile.smem_store %{{.*}}, %[[S:.*]] : tensor<32x32xf16, #{{.*}}>, !tile.smem<32x32xf16, mutable>
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tile.smem_store %{{.*}}, %[[STAGING]] : tensor<128x128xf16, #{{.*}}>, !tile.smem<128x128xf16, #[[SW128]], mutable>
// CHECK-NEXT: tile.barrier
// CHECK-COUNT-2: tma.async_store %{{.*}}, %[[DESC]]
// CHECK: tma.store_wait pending = 0 read_only
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
!T = memref<?x?xf16>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @registers(%C: !T, %m: index, %small: tensor<32x32xf16, #blocked>, %acc: tensor<128x128xf16, #acc>) kernel attributes {tile.num_warps = 4 : i32} {
      %s = tile.alloc_smem : !tile.smem<32x32xf16, mutable>
      tile.copy %small, %s : tensor<32x32xf16, #blocked>, !tile.smem<32x32xf16, mutable>
      tile.copy %acc, %C[%m, %m] : tensor<128x128xf16, #acc>, !T
      gpu.return
    }
  }
}
