// PTX of the block-scaled tcgen05.mma (kind::mxf8f6f4, UE8M0 factors),
// which LLVM prints in its .block32 form: the module asks for PTX ISA 8.8.
// ptxas must accept it for sm_100a; nothing here runs.
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_100a %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin

// CHECK: .version 8.8
// CHECK: .target sm_100a
// CHECK-LABEL: .entry mma_scaled(
// Eight instructions of K = 32: the scale-factor IDs (bits 4-5 and 29-30)
// cycle through the four factors of a column group, then the factor
// addresses move to the next group.
// CHECK: mov.b32 %r[[I0:[0-9]+]], 144704512;
// CHECK-NEXT: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[I0]], [%r[[SA:[0-9]+]]], [%r[[SB:[0-9]+]]], %p{{[0-9]+}};
// CHECK: mov.b32 %r[[I1:[0-9]+]], 681575440;
// CHECK-NEXT: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[I1]], [%r[[SA]]], [%r[[SB]]], %p{{[0-9]+}};
// CHECK: mov.b32 %r[[I2:[0-9]+]], 1218446368;
// CHECK-NEXT: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale
// CHECK: mov.b32 %r[[I3:[0-9]+]], 1755317296;
// CHECK-NEXT: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale
// CHECK: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[I0]], [%r{{[0-9]+}}], [%r{{[0-9]+}}], %p{{[0-9]+}};
// CHECK-COUNT-3: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale
// CHECK-NOT: tcgen05.mma
// CHECK: tcgen05.commit

#a = #tile.nvmma_shared<swizzle = 128, element_bits = 8>
#b = #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>
#acc = #tmem.layout<block = [128, 128], col_stride = 1>
!scales = !tmem.buffer<128x8xf8E8M0FNU, #tmem.scales>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_100a", features = "+ptx88">] {
    gpu.func @mma_scaled(%use: i1, %bar: !mbarrier.barrier) kernel
        attributes {tile.num_warps = 4 : i32} {
      %sa = tile.alloc_smem : !tile.smem<128x256xf8E4M3FN, #a, mutable>
      %sb = tile.alloc_smem : !tile.smem<256x128xf8E5M2, #b, mutable>
      %d = tmem.alloc : !tmem.buffer<128x128xf32, #acc>
      %as = tmem.alloc : !scales
      %bs = tmem.alloc : !scales
      %e = tile.elect cta
      scf.if %e {
        tmem.mma_scaled %sa, %sb, %d, %as, %bs, %use : !tile.smem<128x256xf8E4M3FN, #a, mutable>, !tile.smem<256x128xf8E5M2, #b, mutable>, !tmem.buffer<128x128xf32, #acc>, !scales, !scales
        tmem.commit %bar
      }
      tmem.dealloc %d : !tmem.buffer<128x128xf32, #acc>
      gpu.return
    }
  }
}
