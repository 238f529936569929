// Tensor maps written in a kernel (tma.create_descriptor, sm_90a): one
// thread zeroes the 128 bytes, sets every field of the tiled map with
// tensormap.replace on global memory (TMA dimension 0 innermost: sizes in
// elements, outer strides in bytes, the copy box, element strides 1, rank
// - 1, the driver's element type, interleave, swizzle and fill codes),
// and releases it to the tensor-map proxy; the copy's threads acquire it.
// The module compiles for PTX ISA 8.3 (tensormap.replace), and ptxas takes
// it for sm_90a and sm_100a.
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck %s --input-file=%t.sm90.ptx
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin
// RUN: tile-translate --emit=ptx --chip=sm_100a %s -o %t.sm100.ptx
// RUN: %ptxas -arch=sm_100a %t.sm100.ptx -o %t.sm100.cubin

// CHECK: .version 8.
// CHECK-LABEL: .entry view_map(
// CHECK: @%p{{[0-9]+}} bra
// CHECK-COUNT-16: st.global.b64 [%rd{{[0-9]+}}{{.*}}], 0;
// CHECK: tensormap.replace.tile.global_address.global.b1024.b64 [%rd[[MAP:[0-9]+]]], %rd{{[0-9]+}};
// CHECK: tensormap.replace.tile.rank.global.b1024.b32 [%rd[[MAP]]], 1;
// CHECK: tensormap.replace.tile.global_dim.global.b1024.b32 [%rd[[MAP]]], 1, %r{{[0-9]+}};
// CHECK: tensormap.replace.tile.box_dim.global.b1024.b32 [%rd[[MAP]]], 1, %r{{[0-9]+}};
// CHECK: tensormap.replace.tile.element_stride.global.b1024.b32 [%rd[[MAP]]], 1, %r{{[0-9]+}};
// CHECK: tensormap.replace.tile.global_stride.global.b1024.b64 [%rd[[MAP]]], 0, %rd{{[0-9]+}};
// CHECK: tensormap.replace.tile.global_dim.global.b1024.b32 [%rd[[MAP]]], 0, %r{{[0-9]+}};
// CHECK: tensormap.replace.tile.box_dim.global.b1024.b32 [%rd[[MAP]]], 0, %r{{[0-9]+}};
// CHECK: tensormap.replace.tile.element_stride.global.b1024.b32 [%rd[[MAP]]], 0, %r{{[0-9]+}};
// f16 (6), no interleave, 128-byte swizzle (3), zero fill.
// CHECK: tensormap.replace.tile.elemtype.global.b1024.b32 [%rd[[MAP]]], 6;
// CHECK: tensormap.replace.tile.interleave_layout.global.b1024.b32 [%rd[[MAP]]], 0;
// CHECK: tensormap.replace.tile.swizzle_mode.global.b1024.b32 [%rd[[MAP]]], 3;
// CHECK: tensormap.replace.tile.fill_mode.global.b1024.b32 [%rd[[MAP]]], 0;
// CHECK: fence.proxy.tensormap::generic.release.gpu;
// CHECK: bar.sync 0;
// CHECK: fence.proxy.tensormap::generic.acquire.gpu [%rd{{[0-9]+}}], 128;
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global

// The element-type field uses PTX's numbering, not the driver's: bf16 is
// 10 (the driver's 9) and f64 9 (the driver's 8).
// CHECK-LABEL: .entry element_types(
// CHECK: tensormap.replace.tile.elemtype.global.b1024.b32 [%rd{{[0-9]+}}], 10;
// CHECK: tensormap.replace.tile.elemtype.global.b1024.b32 [%rd{{[0-9]+}}], 9;

!desc = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @view_map(%A: memref<?x?xf16>, %ws: !tile.ptr<i8>, %b: index, %rows: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %v = memref.subview %A[%b, 0] [%rows, 128] [1, 1] : memref<?x?xf16> to memref<?x128xf16, strided<[?, 1], offset: ?>>
    %leader = tile.elect cta
    %d = tma.create_descriptor %ws[%c0], %v if %leader : !tile.ptr<i8>, memref<?x128xf16, strided<[?, 1], offset: ?>> -> !desc
    tile.barrier
    tma.acquire_descriptor %d : !desc
    %bars = mbarrier.alloc : !mbarrier.group<1>
    %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
    scf.if %leader {
      mbarrier.init %bar, arrivals = 1
    }
    tile.barrier
    %s = tile.alloc_smem : !tile.smem<64x64xf16, #sw, mutable>
    %c0_i32 = arith.constant 0 : i32
    mbarrier.arrive_expect_tx %bar, bytes = 8192 if %leader
    tma.async_load %d[%c0_i32, %c0_i32], %s, %bar : !desc, !tile.smem<64x64xf16, #sw, mutable>
    mbarrier.wait %bar, phase %c0_i32 : i32
    gpu.return
  }
  gpu.func @element_types(%A: memref<?x?xbf16>, %B: memref<?x?xf64>, %ws: !tile.ptr<i8>) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %d = tma.create_descriptor %ws[%c0], %A : !tile.ptr<i8>, memref<?x?xbf16> -> !tma.descriptor<tensor<64x64xbf16>, swizzle = 128>
    %e = tma.create_descriptor %ws[%c128], %B : !tile.ptr<i8>, memref<?x?xf64> -> !tma.descriptor<tensor<16x16xf64>>
    tma.acquire_descriptor %d : !tma.descriptor<tensor<64x64xbf16>, swizzle = 128>
    tma.acquire_descriptor %e : !tma.descriptor<tensor<16x16xf64>>
    gpu.return
  }
}
