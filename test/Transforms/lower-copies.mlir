// RUN: tile-opt %s --tile-lower-copies -split-input-file | FileCheck %s
// tile-lower-copies chooses each tile.copy's instruction by the TileLang
// seed's rules (shared/seeds/002; the seed test each case reproduces is
// named above it) and builds what the instruction needs.

// test_tma_copy_uses_explicit_global_stride_for_row_offset: row 1 of a
// tensor of row pitch 40 (160 bytes: 16-byte aligned) is one contiguous
// run: a descriptor-free 1-D bulk copy ("CUtensorMap" not in the kernel:
// no descriptor argument). prefer tma without a barrier: the barrier, its
// bytes and the wait are generated (synchronous TMA). The store into the
// dense row is a bulk store, waited for before the kernel goes on.
// CHECK-LABEL: gpu.func @row(
// CHECK-SAME: %[[A:.*]]: memref<2x32xf32, strided<[40, 1]>>, %[[B:.*]]: memref<32xf32>) kernel
// CHECK-NOT: tma.descriptor
// CHECK: %[[LEADER:.*]] = tile.elect cta
// CHECK: %[[GROUP:.*]] = mbarrier.alloc : !mbarrier.group<1>
// CHECK: %[[BAR:.*]] = mbarrier.index %[[GROUP]]
// CHECK: scf.if %[[LEADER]] {
// CHECK-NEXT: mbarrier.init %[[BAR]], arrivals = 1
// CHECK: tile.barrier
// CHECK: mbarrier.arrive_expect_tx %[[BAR]], bytes = 128 if %[[LEADER]]
// CHECK: %[[PA:.*]] = tile.ptr_from_memref %[[A]]
// The row's start: row 1 times the row pitch, 40 elements.
// CHECK: %[[PITCH:.*]] = arith.constant 40 : i64
// CHECK: %[[ROW:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[ROWOFF:.*]] = arith.muli %[[ROW]], %[[PITCH]] : i64
// CHECK: %[[START:.*]] = arith.addi %{{.*}}, %[[ROWOFF]] : i64
// CHECK: %[[OFF:.*]] = arith.addi %[[START]], %{{.*}} : i64
// CHECK: tma.bulk_load %[[PA]][%[[OFF]]], %{{.*}}, %[[BAR]]
// CHECK: mbarrier.wait %[[BAR]], phase
// CHECK: tile.barrier
// CHECK: tma.bulk_store
// CHECK-NEXT: tma.store_commit
// CHECK-NEXT: tma.store_wait pending = 0 read_only
// CHECK-NEXT: tile.barrier
// CHECK-NOT: tma.make_descriptor
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @row(%A: memref<2x32xf32, strided<[40, 1]>>, %B: memref<32xf32>) kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %s = tile.alloc_smem : !tile.smem<32xf32, mutable>
      tile.copy %A[%c1, %c0], %s prefer tma : memref<2x32xf32, strided<[40, 1]>>, !tile.smem<32xf32, mutable>
      tile.copy %s, %B[%c0] : !tile.smem<32xf32, mutable>, memref<32xf32>
      gpu.return
    }
  }
}

// -----

// test_tma_copy_uses_descriptor_for_padded_multirow_region: the padded
// 2x32 region is not one run: a TMA tensor copy through a descriptor the
// pass adds as a kernel argument and builds on the host at the launch
// ("CUtensorMap" in the kernel), for the load and for the store; the
// store clips to the strided tensor, so its padding stays (run on the GPU
// by integration_test/TMA/copy-seed-rules.mlir). prefer sync goes through
// registers.
// CHECK-LABEL: gpu.func @load(
// CHECK-SAME: %[[A:.*]]: memref<2x32xf32, strided<[40, 1]>>, %{{.*}}: memref<2x32xf32>, %[[DESC:.*]]: !tma.descriptor<tensor<2x32xf32>>) kernel
// CHECK: mbarrier.arrive_expect_tx %[[BAR:.*]], bytes = 256 if
// CHECK: tma.async_load %[[DESC]][%{{.*}}, %{{.*}}], %{{.*}}, %[[BAR]]
// CHECK: mbarrier.wait %[[BAR]]
// CHECK: tile.smem_load
// CHECK: tile.store
// CHECK-LABEL: gpu.func @store(
// CHECK-SAME: %{{.*}}: memref<2x32xf32>, %{{.*}}: memref<2x32xf32, strided<[40, 1]>>, %[[SDESC:.*]]: !tma.descriptor<tensor<2x32xf32>>) kernel
// CHECK: tile.load
// CHECK: tile.smem_store
// CHECK: tma.async_store %{{.*}}, %[[SDESC]]
// CHECK: func.func @host(%[[HA:.*]]: memref<2x32xf32, strided<[40, 1]>>, %[[HB:.*]]: memref<2x32xf32>)
// CHECK: %[[D1:.*]] = tma.make_descriptor %[[HA]] : memref<2x32xf32, strided<[40, 1]>> -> !tma.descriptor<tensor<2x32xf32>>
// CHECK: gpu.launch_func @kernels::@load {{.*}} args(%[[HA]] : {{.*}}, %[[HB]] : {{.*}}, %[[D1]] : !tma.descriptor<tensor<2x32xf32>>)
// CHECK: %[[D2:.*]] = tma.make_descriptor %[[HA]]
// CHECK: gpu.launch_func @kernels::@store {{.*}} args(%[[HB]] : {{.*}}, %[[HA]] : {{.*}}, %[[D2]] : !tma.descriptor<tensor<2x32xf32>>)
!strided = memref<2x32xf32, strided<[40, 1]>>
!dense = memref<2x32xf32>
!region = !tile.smem<2x32xf32, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @load(%A: !strided, %B: !dense) kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %s = tile.alloc_smem : !region
      tile.copy %A[%c0, %c0], %s prefer tma : !strided, !region
      tile.copy %s, %B[%c0, %c0] prefer sync : !region, !dense
      gpu.return
    }
    gpu.func @store(%A: !dense, %B: !strided) kernel attributes {tile.num_warps = 1 : i32} {
      %c0 = arith.constant 0 : index
      %s = tile.alloc_smem : !region
      tile.copy %A[%c0, %c0], %s prefer sync : !dense, !region
      tile.copy %s, %B[%c0, %c0] prefer tma : !region, !strided
      gpu.return
    }
  }
  func.func @host(%a: !strided, %b: !dense) {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    gpu.launch_func @kernels::@load blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%a : !strided, %b : !dense)
    gpu.launch_func @kernels::@store blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args(%b : !dense, %a : !strided)
    return
  }
}

// -----

// test_copy_prefer_tma_lowers_as_synchronous_tma_load: a whole 128x32 f32
// tensor, prefer tma, no barrier: the TMA load (the tensor is dense, so a
// 1-D bulk copy of its 16384 bytes), a generated barrier armed by
// arrive_expect_tx with those bytes, and a wait; the 2-D tile of a larger
// tensor (@sync_tma_tile) needs a descriptor, same barrier protocol.
// CHECK-LABEL: gpu.func @sync_tma(
// CHECK: mbarrier.init %[[BAR:.*]], arrivals = 1
// CHECK: mbarrier.arrive_expect_tx %[[BAR]], bytes = 16384 if
// CHECK: tma.bulk_load %{{.*}}, %{{.*}}, %[[BAR]]
// CHECK: mbarrier.wait %[[BAR]], phase
// CHECK-LABEL: gpu.func @sync_tma_tile(
// CHECK-SAME: %{{.*}}: memref<1024x64xf32>, %{{.*}}: index, %[[DESC:[^:]*]]: !tma.descriptor<tensor<128x32xf32>>)
// CHECK: mbarrier.init %[[TBAR:.*]], arrivals = 1
// CHECK: mbarrier.arrive_expect_tx %[[TBAR]], bytes = 16384 if
// CHECK: tma.async_load %[[DESC]][{{.*}}], %{{.*}}, %[[TBAR]]
// CHECK: mbarrier.wait %[[TBAR]], phase
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @sync_tma(%x: memref<128x32xf32>) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %s = tile.alloc_smem : !tile.smem<128x32xf32, mutable>
      tile.copy %x[%c0, %c0], %s prefer tma : memref<128x32xf32>, !tile.smem<128x32xf32, mutable>
      gpu.return
    }
    gpu.func @sync_tma_tile(%x: memref<1024x64xf32>, %i: index) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %s = tile.alloc_smem : !tile.smem<128x32xf32, mutable>
      tile.copy %x[%i, %c0], %s prefer tma : memref<1024x64xf32>, !tile.smem<128x32xf32, mutable>
      gpu.return
    }
  }
}

// -----

// test_device_bound_pointer_keeps_descriptorless_bulk1d: a pointer loaded
// on the device (src_ptrs[0], from a table of pointers), with no tensor
// behind it on the host, still gets the descriptor-free bulk copy of 256
// f16.
// CHECK-LABEL: gpu.func @device_ptr(
// CHECK-SAME: %[[TABLE:.*]]: !tile.ptr<!tile.ptr<f16>>, %{{.*}}: !tile.ptr<f16>) kernel
// CHECK-NOT: tma.descriptor
// CHECK: %[[P:.*]] = tile.load %[[TABLE]]
// CHECK-NOT: tma.descriptor
// CHECK: mbarrier.arrive_expect_tx %[[BAR:.*]], bytes = 512 if
// CHECK: tma.bulk_load %[[P]][%{{.*}}], %{{.*}}, %[[BAR]]
// CHECK: tile.smem_load
// CHECK: tile.store %{{.*}} : !tile.ptr<f16>
// CHECK-NOT: tma.bulk_store
// CHECK: gpu.return
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @device_ptr(%src_ptrs: !tile.ptr<!tile.ptr<f16>>, %out: !tile.ptr<f16>) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c0_i64 = arith.constant 0 : i64
      %src = tile.load %src_ptrs[%c0_i64] : !tile.ptr<!tile.ptr<f16>>, i64 -> !tile.ptr<f16>
      %s = tile.alloc_smem : !tile.smem<256xf16, mutable>
      tile.copy %src[%c0], %s prefer tma : !tile.ptr<f16>, !tile.smem<256xf16, mutable>
      tile.copy %s, %out[%c0] prefer sync : !tile.smem<256xf16, mutable>, !tile.ptr<f16>
      gpu.return
    }
  }
}

// -----

// Into register tiles (TileLang's T.copy(A[..], A_local) and
// T.copy(A_shared, A_local)): from a memref, every thread's loads of the
// region, masked against the memref's sizes (zeros outside); from a shared
// buffer, its tile.smem_load between CTA barriers. Neither uses TMA or a
// generated barrier; the tiles' layouts are left to tile-legalize-layouts.
// CHECK-LABEL: gpu.func @to_registers(
// CHECK-NOT: mbarrier
// CHECK: %[[P:.*]] = tile.ptr_from_memref %{{.*}} : memref<?x?xf32> -> !tile.ptr<f32>
// CHECK: %[[V:.*]] = tile.load %[[P]][%{{.*}}] mask %{{.*}} other %{{.*}} : !tile.ptr<f32>, tensor<16x32xi64>, tensor<16x32xi1> -> tensor<16x32xf32>
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: %[[S:.*]] = tile.smem_load %{{.*}} : !tile.smem<16x32xf32, mutable> -> tensor<16x32xf32>
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: arith.addf %[[V]], %[[S]] : tensor<16x32xf32>
// CHECK-NOT: tile.copy
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @to_registers(%A: memref<?x?xf32>, %out: !tile.ptr<f32>, %i: index) kernel attributes {tile.num_warps = 4 : i32} {
    %s = tile.alloc_smem : !tile.smem<16x32xf32, mutable>
    %v = tile.copy %A[%i, %i] : memref<?x?xf32> -> tensor<16x32xf32>
    %w = tile.copy %s : !tile.smem<16x32xf32, mutable> -> tensor<16x32xf32>
    %x = arith.addf %v, %w : tensor<16x32xf32>
    tile.copy %x, %out[%i] prefer sync : tensor<16x32xf32>, !tile.ptr<f32>
    gpu.return
  }
}
