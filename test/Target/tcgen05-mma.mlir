// PTX of tcgen05.mma for each kind the lowering issues (f16, bf16, tf32,
// f8f6f4, i8), with A in shared or tensor memory, K- and MN-major operands,
// M = 64 and 128, and a predicated MMA; ptxas must accept it for sm_100a.
// The descriptors are derived in test/Conversion/tmem-to-nvvm.mlir, the
// same kernels. Nothing here runs (the H200 has no tensor memory).
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_100a %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin

// CHECK: .target sm_100a

#sw128f = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
#sw64f = #tile.nvmma_shared<swizzle = 64, element_bits = 32>
#sw128h = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#sw32ht = #tile.nvmma_shared<swizzle = 32, element_bits = 16, transposed = true>
#sw128ht = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
#sw128ft = #tile.nvmma_shared<swizzle = 128, element_bits = 32, transposed = true>
#sw64b = #tile.nvmma_shared<swizzle = 64, element_bits = 8>
#sw64bt = #tile.nvmma_shared<swizzle = 64, element_bits = 8, transposed = true>
#l64 = #tmem.layout<block = [128, 64], col_stride = 1>
#l32 = #tmem.layout<block = [128, 32], col_stride = 1>
#l128 = #tmem.layout<block = [128, 128], col_stride = 1>
#l256 = #tmem.layout<block = [128, 256], col_stride = 1>
#m64n64 = #tmem.layout<block = [64, 64], col_stride = 1>
#m64n32 = #tmem.layout<block = [64, 32], col_stride = 1>

module attributes {gpu.container_module} {
gpu.module @kernels {

// f16 x f16 -> f32, B MN-major; the second MMA is predicated.
// CHECK-LABEL: .entry mma_f16(
// CHECK: mov.b32 %r[[IDESC:[0-9]+]], 136380432;
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[IDESC]], %p{{[0-9]+}};
// CHECK: @%p{{[0-9]+}} bra
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::f16
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
gpu.func @mma_f16(%bar: !mbarrier.barrier, %use: i1, %p: i1) kernel attributes {tile.num_warps = 4 : i32} {
  %c1 = arith.constant 1 : index
  %a = tile.alloc_smem : !tile.smem<128x64xf16, #sw128h, mutable>
  %b = tile.alloc_smem : !tile.smem<64x128xf16, #sw128h, mutable>
  %accs = tmem.alloc : !tmem.buffer<2x128x128xf32, #l128>
  %acc = tmem.index %accs[%c1] : !tmem.buffer<2x128x128xf32, #l128> -> !tmem.buffer<128x128xf32, #l128>
  %e = tile.elect cta
  scf.if %e {
    tmem.mma %a, %b, %acc, %use : !tile.smem<128x64xf16, #sw128h, mutable>, !tile.smem<64x128xf16, #sw128h, mutable>, !tmem.buffer<128x128xf32, #l128>
    tmem.mma %a, %b, %acc, %use, %p : !tile.smem<128x64xf16, #sw128h, mutable>, !tile.smem<64x128xf16, #sw128h, mutable>, !tmem.buffer<128x128xf32, #l128>
    tmem.commit %bar
  }
  tmem.dealloc %accs : !tmem.buffer<2x128x128xf32, #l128>
  gpu.return
}

// tf32, M = 64.
// CHECK-LABEL: .entry mma_tf32_m64(
// CHECK: mov.b32 %r[[IDESC:[0-9]+]], 68159760;
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::tf32.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[IDESC]], %p{{[0-9]+}};
gpu.func @mma_tf32_m64(%use: i1) kernel attributes {tile.num_warps = 4 : i32} {
  %a = tile.alloc_smem : !tile.smem<64x32xf32, #sw128f, mutable>
  %b = tile.alloc_smem : !tile.smem<32x64xf32, #sw128ft, mutable>
  %acc = tmem.alloc : !tmem.buffer<64x64xf32, #m64n64>
  %e = tile.elect cta
  scf.if %e {
    tmem.mma %a, %b, %acc, %use : !tile.smem<64x32xf32, #sw128f, mutable>, !tile.smem<32x64xf32, #sw128ft, mutable>, !tmem.buffer<64x64xf32, #m64n64>
  }
  tmem.dealloc %acc : !tmem.buffer<64x64xf32, #m64n64>
  gpu.return
}

// bf16 with an MN-major A in 32-byte swizzle.
// CHECK-LABEL: .entry mma_bf16_transposed_a(
// CHECK: mov.b32 %r[[IDESC:[0-9]+]], 67667088;
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[IDESC]], %p{{[0-9]+}};
gpu.func @mma_bf16_transposed_a(%use: i1) kernel attributes {tile.num_warps = 4 : i32} {
  %a = tile.alloc_smem : !tile.smem<64x64xbf16, #sw32ht, mutable>
  %b = tile.alloc_smem : !tile.smem<64x32xbf16, #sw128ht, mutable>
  %acc = tmem.alloc : !tmem.buffer<64x32xf32, #m64n32>
  %e = tile.elect cta
  scf.if %e {
    tmem.mma %a, %b, %acc, %use : !tile.smem<64x64xbf16, #sw32ht, mutable>, !tile.smem<64x32xbf16, #sw128ht, mutable>, !tmem.buffer<64x32xf32, #m64n32>
  }
  tmem.dealloc %acc : !tmem.buffer<64x32xf32, #m64n32>
  gpu.return
}

// e4m3 x e5m2 -> f16 with A in tensor memory: the A operand is an address.
// CHECK-LABEL: .entry mma_f8_tmem_a(
// CHECK: mov.b32 %r[[IDESC:[0-9]+]], 136381440;
// CHECK: tcgen05.mma.cta_group::1.kind::f8f6f4.collector::a::discard [%r{{[0-9]+}}], [%r{{[0-9]+}}], %rd{{[0-9]+}}, %r[[IDESC]], %p{{[0-9]+}};
// CHECK: tcgen05.mma.cta_group::1.kind::f8f6f4.collector::a::discard [%r{{[0-9]+}}], [%r{{[0-9]+}}], %rd{{[0-9]+}}, %r[[IDESC]], %p{{[0-9]+}};
gpu.func @mma_f8_tmem_a(%use: i1) kernel attributes {tile.num_warps = 4 : i32} {
  %a = tmem.alloc : !tmem.buffer<128x64xf8E4M3FN, #l64>
  %b = tile.alloc_smem : !tile.smem<64x128xf8E5M2, #sw64b, mutable>
  %acc = tmem.alloc : !tmem.buffer<128x128xf16, #l128>
  %e = tile.elect cta
  scf.if %e {
    tmem.mma %a, %b, %acc, %use : !tmem.buffer<128x64xf8E4M3FN, #l64>, !tile.smem<64x128xf8E5M2, #sw64b, mutable>, !tmem.buffer<128x128xf16, #l128>
  }
  tmem.dealloc %a : !tmem.buffer<128x64xf8E4M3FN, #l64>
  tmem.dealloc %acc : !tmem.buffer<128x128xf16, #l128>
  gpu.return
}

// i8 x i8 -> i32, N = 256.
// CHECK-LABEL: .entry mma_i8(
// CHECK: mov.b32 %r[[IDESC:[0-9]+]], 138413216;
// CHECK-COUNT-2: tcgen05.mma.cta_group::1.kind::i8.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[IDESC]], %p{{[0-9]+}};
gpu.func @mma_i8(%use: i1) kernel attributes {tile.num_warps = 4 : i32} {
  %a = tile.alloc_smem : !tile.smem<128x64xi8, #sw64b, mutable>
  %b = tile.alloc_smem : !tile.smem<64x256xi8, #sw64bt, mutable>
  %acc = tmem.alloc : !tmem.buffer<128x256xi32, #l256>
  %e = tile.elect cta
  scf.if %e {
    tmem.mma %a, %b, %acc, %use : !tile.smem<128x64xi8, #sw64b, mutable>, !tile.smem<64x256xi8, #sw64bt, mutable>, !tmem.buffer<128x256xi32, #l256>
  }
  tmem.dealloc %acc : !tmem.buffer<128x256xi32, #l256>
  gpu.return
}

}
}
