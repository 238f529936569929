// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(tile-expand-synchronization, convert-tma-to-nvvm{device-checks=true}))' | FileCheck %s
// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(tile-expand-synchronization, convert-tma-to-nvvm))' | FileCheck %s --check-prefix=QUIET

// By default copies carry no device-side checks: coordinates the lowering
// cannot prove legal are the hardware's to fault on (the checks cost the
// persistent GEMMs up to 25%, and their vprintf call serializes wgmma).
// QUIET-NOT: __tile_tma_check
// QUIET-LABEL: gpu.func @store_alignment
// QUIET-NOT:   llvm.and
// QUIET-NOT:   llvm.intr.trap
// QUIET:       nvvm.cp.async.bulk.tensor.global.shared.cta
// QUIET-NOT:   llvm.intr.trap
// QUIET-LABEL: gpu.func @bulk_copies

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #sw, mutable>
!d3 = !tma.descriptor<tensor<2x8x32xf32>, swizzle = 128>
!b3 = !tile.smem<2x8x32xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>, mutable>

// With device-checks (a debug mode), the report names the op, its kernel and location, the coordinate, the
// rule and the block.
// CHECK: llvm.mlir.global internal constant @{{__tile_tma_check_[0-9]+}}("tile: tma.async_store in kernel store_alignment at {{.*}}tma-to-nvvm.mlir:{{[0-9]+}}:5: innermost coordinate %d; tma.async_store needs its box to start 16-byte aligned in global memory: the innermost coordinate must be a multiple of 8 (f16 elements of 16 bits); block (%u, %u, %u)\0A\00")
gpu.module @m {
  // CHECK-LABEL: gpu.func @tensor_copies
  gpu.func @tensor_copies(%d: !d, %d3: !d3, %bar: !mbarrier.barrier, %row: i32, %col: i32, %z: i32, %mask: i16) kernel {
    %buf = tile.alloc_smem : !b
    // The copy is issued by one thread; coordinates go innermost first and
    // the destination is a shared::cluster address.
    // CHECK: %[[LEADER:.*]] = tile.elect cta
    // CHECK: scf.if %[[LEADER]] {
    // CHECK: %[[DST:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
    // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST]], %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
    tma.async_load %d[%row, %col], %buf, %bar : !d, !b
    // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}} multicast_mask = %{{.*}} : !llvm.ptr<7>, !llvm.ptr
    tma.async_load %d[%row, %col], %buf, %bar multicast %mask scope = thread : !d, !b
    // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] : !llvm.ptr, <3>
    tma.async_store %buf, %d[%row, %col] scope = thread : !b, !d
    // CHECK: nvvm.cp.async.bulk.tensor.reduce %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] {redKind = #nvvm.tma_redux_kind<max>{{.*}}}
    tma.async_reduce max %buf, %d[%row, %col] scope = thread : !b, !d
    // CHECK: nvvm.cp.async.bulk.commit.group
    tma.store_commit
    // CHECK: nvvm.cp.async.bulk.wait_group 1 {read}
    tma.store_wait pending = 1 read_only
    // CHECK: nvvm.cp.async.bulk.wait_group 0{{$}}
    tma.store_wait pending = 0
    // CHECK: nvvm.prefetch tensormap, %{{.*}} : !llvm.ptr
    tma.prefetch_descriptor %d : !d
    gpu.return
  }

  // Three-dimensional boxes reverse all three coordinates.
  // CHECK-LABEL: gpu.func @rank3
  // CHECK-SAME: (%{{.*}}: !tma.descriptor{{.*}}, %{{.*}}: !mbarrier.barrier, %[[A:.*]]: i32, %[[B:.*]]: i32, %[[C:.*]]: i32)
  // CHECK: box[%[[C]], %[[B]], %[[A]]]
  gpu.func @rank3(%d3: !d3, %bar: !mbarrier.barrier, %a: i32, %b: i32, %c: i32) kernel {
    %buf = tile.alloc_smem : !b3
    tma.async_load %d3[%a, %b, %c], %buf, %bar scope = thread : !d3, !b3
    gpu.return
  }

  // A store or reduction whose innermost coordinate is not provably a
  // multiple of 16 bytes (8 f16) is checked where it is issued: the issuing
  // thread prints the rule and traps (tma-to-nvvm-invalid.mlir has the
  // compile-time errors for constants).
  // CHECK-LABEL: gpu.func @store_alignment
  // CHECK-SAME: (%{{[^:]*}}: !tma.descriptor{{[^%]*}}, %[[ROW:[^:]*]]: i32, %[[COL:[^:]*]]: i32,
  // CHECK:      scf.if %{{.*}} {
  // CHECK:        %[[MASK:.*]] = llvm.mlir.constant(7 : i32) : i32
  // CHECK:        %[[LOW:.*]] = llvm.and %[[COL]], %[[MASK]] : i32
  // CHECK:        %[[BAD:.*]] = llvm.icmp "ne" %[[LOW]], %{{.*}} : i32
  // CHECK:        scf.if %[[BAD]] {
  // CHECK:          %[[FMT:.*]] = llvm.mlir.addressof @[[MSG:__tile_tma_check_[0-9]+]] : !llvm.ptr
  // CHECK:          llvm.store %[[COL]], %{{.*}} : i32, !llvm.ptr
  // CHECK:          llvm.call @vprintf(%[[FMT]], %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> i32
  // CHECK-NEXT:     llvm.intr.trap
  // CHECK-NEXT:   }
  // Stores also need every coordinate non-negative (the H200 probe): the
  // arguments are not provably so, so both are checked.
  // CHECK:        llvm.icmp "slt" %[[ROW]], %{{.*}} : i32
  // CHECK:        llvm.icmp "slt" %[[COL]], %{{.*}} : i32
  // CHECK:        llvm.intr.trap
  // CHECK:        nvvm.cp.async.bulk.tensor.global.shared.cta %{{.*}}, %{{.*}}, box[%[[COL]], %[[ROW]]]
  // Block index times the box width: its alignment is proven, the row is
  // still checked for sign; the probes' opt-out: no check at all.
  // CHECK-NOT:    llvm.and
  // CHECK:        llvm.icmp "slt" %[[ROW]]
  // CHECK-NOT:    llvm.icmp "slt" %[[COL]]
  // CHECK:        nvvm.cp.async.bulk.tensor.global.shared.cta
  // CHECK-NOT:    llvm.and
  // CHECK-NOT:    llvm.icmp "slt"
  // CHECK:        nvvm.cp.async.bulk.tensor.global.shared.cta
  // Loads are checked the same way (see needsAlignedStart in TMAToNVVM.cpp).
  // CHECK:        llvm.and %[[COL]], %{{.*}} : i32
  // CHECK:        llvm.intr.trap
  // CHECK:        nvvm.cp.async.bulk.tensor.shared.cluster.global
  // CHECK:        gpu.return
  gpu.func @store_alignment(%d: !d, %row: i32, %col: i32, %bar: !mbarrier.barrier) kernel {
    %buf = tile.alloc_smem : !b
    %c64 = arith.constant 64 : i32
    %bx = tile.program_id x
    %aligned = arith.muli %bx, %c64 : i32
    tma.async_store %buf, %d[%row, %col] : !b, !d
    tma.async_store %buf, %d[%row, %aligned] : !b, !d
    tma.async_store %buf, %d[%row, %col] {tma.unchecked_alignment} : !b, !d
    tma.async_load %d[%row, %col], %buf, %bar : !d, !b
    gpu.return
  }

  // A box whose rows are wider than the 128-byte swizzle span (64x256 f16)
  // is four TMA instructions of 64x64, at columns +0, +64, +128, +192 and at
  // the NVMMA layout's [64 x 64] blocks of the buffer, 8192 bytes apart;
  // 2x64x128 is four of 1x64x64: leading index, then column block.
  // CHECK-LABEL: gpu.func @split_boxes
  // CHECK-SAME: %[[ROW:[^:]*]]: i32, %[[COL:[^:]*]]: i32)
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%[[COL]], %[[ROW]]]
  // CHECK: %[[C64:.*]] = llvm.add %[[COL]], %{{.*}} : i32
  // CHECK: llvm.getelementptr %{{.*}}[8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
  // CHECK: box[%[[C64]], %[[ROW]]]
  // CHECK: llvm.getelementptr %{{.*}}[16384]
  // CHECK: llvm.getelementptr %{{.*}}[24576]
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
  // CHECK-NOT: nvvm.cp.async.bulk.tensor.shared.cluster.global
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta %{{.*}}, %{{.*}}, box[%[[COL]], %[[ROW]]]
  // CHECK: llvm.getelementptr %{{.*}}[8192]
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
  // CHECK: llvm.getelementptr %{{.*}}[16384]
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
  // CHECK: llvm.getelementptr %{{.*}}[24576]
  // CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
  // CHECK-NOT: nvvm.cp.async.bulk.tensor.global.shared.cta
  // Rank 3: pieces (0, 0, 0), (0, 0, 64) at 8192 bytes, (1, 0, 0) at
  // 16384, (1, 0, 64) at 24576.
  // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%[[COL]], %[[ROW]], %[[ROW]]]
  // CHECK: llvm.getelementptr %{{.*}}[8192]
  // CHECK: box[%{{.*}}, %[[ROW]], %[[ROW]]]
  // CHECK: llvm.getelementptr %{{.*}}[16384]
  // CHECK: box[%[[COL]], %[[ROW]], %{{.*}}]
  // CHECK: llvm.getelementptr %{{.*}}[24576]
  // CHECK: gpu.return
  gpu.func @split_boxes(%d: !tma.descriptor<tensor<64x256xf16>, swizzle = 128>, %d3: !tma.descriptor<tensor<2x64x128xf16>, swizzle = 128>, %bar: !mbarrier.barrier, %row: i32, %col: i32) kernel {
    %buf = tile.alloc_smem : !tile.smem<64x256xf16, #sw, mutable>
    %buf3 = tile.alloc_smem : !tile.smem<2x64x128xf16, #sw, mutable>
    tma.async_load %d[%row, %col], %buf, %bar scope = thread : !tma.descriptor<tensor<64x256xf16>, swizzle = 128>, !tile.smem<64x256xf16, #sw, mutable>
    tma.async_store %buf, %d[%row, %col] scope = thread {tma.unchecked_alignment} : !tile.smem<64x256xf16, #sw, mutable>, !tma.descriptor<tensor<64x256xf16>, swizzle = 128>
    tma.async_load %d3[%row, %row, %col], %buf3, %bar scope = thread {tma.unchecked_alignment} : !tma.descriptor<tensor<2x64x128xf16>, swizzle = 128>, !tile.smem<2x64x128xf16, #sw, mutable>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @bulk_copies
  gpu.func @bulk_copies(%p: !tile.ptr<f32>, %bar: !mbarrier.barrier, %off: i64) kernel {
    %buf = tile.alloc_smem : !tile.smem<256xf32, mutable>
    // 1-D copies take an element offset into the global pointer and move
    // the whole shared buffer (1024 bytes).
    // CHECK: %[[SRC:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    // CHECK: %[[BYTES:.*]] = llvm.mlir.constant(1024 : i32) : i32
    // CHECK: nvvm.cp.async.bulk.shared.cluster.global %{{.*}}, %[[SRC]], %{{.*}}, %[[BYTES]] : !llvm.ptr<7>, <1>
    tma.bulk_load %p[%off], %buf, %bar scope = thread : !tile.ptr<f32>, i64, !tile.smem<256xf32, mutable>
    // CHECK: nvvm.cp.async.bulk.global.shared.cta %{{.*}}, %{{.*}}, %{{.*}} : <1>, <3>
    tma.bulk_store %buf, %p[%off] scope = thread : !tile.smem<256xf32, mutable>, !tile.ptr<f32>, i64
    gpu.return
  }

  // LLVM has no 8-bit float types: their offsets step bytes.
  // CHECK-LABEL: gpu.func @bulk_f8
  // CHECK: %[[SRC8:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i8
  // CHECK: nvvm.cp.async.bulk.shared.cluster.global %{{.*}}, %[[SRC8]]
  gpu.func @bulk_f8(%p: !tile.ptr<f8E8M0FNU>, %bar: !mbarrier.barrier, %off: i64) kernel {
    %buf = tile.alloc_smem : !tile.smem<512xf8E8M0FNU, mutable>
    tma.bulk_load %p[%off], %buf, %bar scope = thread : !tile.ptr<f8E8M0FNU>, i64, !tile.smem<512xf8E8M0FNU, mutable>
    gpu.return
  }
}
