// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(tile-expand-synchronization, convert-tma-to-nvvm, convert-tile-kernels-to-nvvm))' | FileCheck %s

// A box split among the CTAs of a cluster (multicast = 2): a multicast
// load issues only this CTA's piece, at its position among the mask's CTAs
// (popc(mask & ((1 << rank) - 1))), which moves the outermost coordinate
// by rows / 2 and the address by those rows' bytes; a load without a mask
// issues every piece itself. Cluster ranks and barriers lower to their
// special register and barrier.cluster.

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!dB = !tma.descriptor<tensor<64x256xf16>, swizzle = 128, multicast = 2>
!bB = !tile.smem<64x256xf16, #sw, mutable>

gpu.module @m {
  // CHECK-LABEL: llvm.func @split_b
  gpu.func @split_b(%d: !dB, %bar: !mbarrier.barrier, %k: i32, %n: i32, %mask: i16) kernel
      attributes {known_cluster_size = array<i32: 2, 1, 1>, tile.num_warps = 4 : i32} {
    %buf = tile.alloc_smem : !bB
    // CHECK:      %[[RANK:.*]] = nvvm.read.ptx.sreg.cluster.ctarank : i32
    // CHECK:      %[[BIT:.*]] = llvm.shl %{{.*}}, %[[RANK]] : i32
    // CHECK:      %[[BELOW:.*]] = llvm.sub %[[BIT]], %{{.*}} : i32
    // CHECK:      %[[WIDE:.*]] = llvm.zext %{{.*}} : i16 to i32
    // CHECK:      %[[MINE:.*]] = llvm.and %[[WIDE]], %[[BELOW]] : i32
    // CHECK:      %[[POS:.*]] = llvm.intr.ctpop(%[[MINE]]) : (i32) -> i32
    // 32 rows a piece.
    // CHECK:      %[[ROWS:.*]] = llvm.mul %[[POS]], %{{.*}} : i32
    // CHECK:      %[[ROW:.*]] = llvm.add %{{.*}}, %[[ROWS]] : i32
    // 32 rows of 128 bytes.
    // CHECK:      %[[BYTES:.*]] = llvm.mul %[[POS]], %{{.*}} : i32
    // CHECK:      %[[BASE:.*]] = llvm.getelementptr %{{.*}}[%[[BYTES]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    // Four pieces one 128-byte span wide (64 rows of 128 bytes apart),
    // each to both CTAs.
    // CHECK:      nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %[[ROW]]] multicast_mask = %{{.*}}
    // CHECK:      llvm.getelementptr %[[BASE]][8192]
    // CHECK:      nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %[[ROW]]] multicast_mask = %{{.*}}
    // CHECK:      llvm.getelementptr %[[BASE]][16384]
    // CHECK:      nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %[[ROW]]] multicast_mask = %{{.*}}
    // CHECK:      llvm.getelementptr %[[BASE]][24576]
    // CHECK:      nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %[[ROW]]] multicast_mask = %{{.*}}
    // CHECK-NOT:  nvvm.cp.async.bulk.tensor.shared.cluster.global {{.*}} multicast_mask
    tma.async_load %d[%k, %n], %buf, %bar multicast %mask : !dB, !bB
    // Without a mask: the eight pieces (2 row blocks x 4 spans), in this
    // CTA only.
    // CHECK-COUNT-8: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %{{.*}}, box[%{{.*}}, %{{.*}}] : !llvm.ptr<7>, !llvm.ptr
    tma.async_load %d[%k, %n], %buf, %bar : !dB, !bB
    // CHECK: nvvm.cluster.arrive{{$}}
    // CHECK: nvvm.cluster.wait{{$}}
    tile.cluster_barrier
    gpu.return
  }
}
