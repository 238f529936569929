// PTX for the tcgen05_copy configurations of the Gluon tutorial (seed 000)
// that need no tcgen05.ld: shared -> tensor memory with tcgen05.cp,
// completion through tcgen05.commit on an mbarrier, for 32-bit data in a
// swizzled NVMMA layout. ptxas must accept the sm_100a PTX; nothing here
// runs (the H200 has no tensor memory).
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_100a %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: grep -E '\.entry|tcgen05\.cp' %t.ptx | FileCheck %s --check-prefix=CP
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin

// CHECK: .target sm_100a

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // M = 128, N = 64, blockN = 64, 128-byte swizzle: 8 copies of 128 rows x
    // 8 columns, 64 columns allocated.
    // CHECK-LABEL: .entry copy_m128_n64_bn64_sw128(
    // CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [__tile_smem{{.*}}], %r{{[0-9]+}};
    // CHECK-NEXT: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
    // CHECK: tcgen05.fence::before_thread_sync;
    // CHECK-NEXT: bar.sync 0;
    // CHECK-NEXT: tcgen05.fence::after_thread_sync;
    // CHECK: fence.proxy.async.shared::cta
    // CHECK-COUNT-8: tcgen05.cp.cta_group::1.128x256b [%r{{[0-9]+}}{{(\+[0-9]+)?}}], %rd{{[0-9]+}};
    // CHECK-NOT: tcgen05.cp
    // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
    // CHECK: mbarrier.try_wait.parity.shared.b64
    // CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r{{[0-9]+}}, %r{{[0-9]+}};
    gpu.func @copy_m128_n64_bn64_sw128(%phase: i32) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %smem = tile.alloc_smem : !tile.smem<128x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>, mutable>
      %tmem = tmem.alloc : !tmem.buffer<128x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      // The data would come from registers (smem.store): make the generic
      // proxy's writes visible to tcgen05.cp's async proxy.
      tile.fence_async_shared
      tile.barrier
      scf.if %leader {
        tmem.copy %smem, %tmem : !tile.smem<128x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>, mutable>, !tmem.buffer<128x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>
        tmem.commit %bar
      }
      mbarrier.wait %bar, phase %phase : i32
      scf.if %leader {
        mbarrier.invalidate %bar
      }
      tile.barrier
      tmem.dealloc %tmem : !tmem.buffer<128x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>
      gpu.return
    }

    // M = 256, N = 128, blockN = 32, 64-byte swizzle: 32 copies of 128 rows x
    // 8 columns, 256 columns allocated.
    // CHECK-LABEL: .entry copy_m256_n128_bn32_sw64(
    // CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [__tile_smem{{.*}}], %r{{[0-9]+}};
    // CHECK-NEXT: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
    // CHECK: tcgen05.fence::before_thread_sync;
    // CHECK-NEXT: bar.sync 0;
    // CHECK-NEXT: tcgen05.fence::after_thread_sync;
    // CHECK: fence.proxy.async.shared::cta
    // The copies in order (the CP prefix sees only tcgen05.cp lines): rows 0-127
    // first, columns 0-31 of the first N block at columns 0-31, the second
    // N block (columns 32-63) after rows 128-255's first block, at 64; then
    // rows 128-255, starting at column 32.
    // CP-LABEL: .entry copy_m256_n128_bn32_sw64(
    // CP-NEXT: tcgen05.cp.cta_group::1.128x256b [%r[[T:[0-9]+]]], %rd{{[0-9]+}};
    // CP-NEXT: tcgen05.cp.cta_group::1.128x256b [%r[[T]]+8], %rd{{[0-9]+}};
    // CP-NEXT: tcgen05.cp.cta_group::1.128x256b [%r[[T]]+16], %rd{{[0-9]+}};
    // CP-NEXT: tcgen05.cp.cta_group::1.128x256b [%r[[T]]+24], %rd{{[0-9]+}};
    // CP-NEXT: tcgen05.cp.cta_group::1.128x256b [%r[[T]]+64], %rd{{[0-9]+}};
    // CP-COUNT-11: tcgen05.cp.cta_group::1.128x256b
    // CP-NEXT: tcgen05.cp.cta_group::1.128x256b [%r[[T]]+32], %rd{{[0-9]+}};
    // CP-COUNT-15: tcgen05.cp.cta_group::1.128x256b
    // CP-NEXT: .entry
    // CHECK-COUNT-32: tcgen05.cp.cta_group::1.128x256b
    // CHECK-NOT: tcgen05.cp
    // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
    // CHECK: mbarrier.try_wait.parity.shared.b64
    // CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r{{[0-9]+}}, %r{{[0-9]+}};
    gpu.func @copy_m256_n128_bn32_sw64(%phase: i32) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %smem = tile.alloc_smem : !tile.smem<256x128xf32, #tile.nvmma_shared<swizzle = 64, element_bits = 32>, mutable>
      %tmem = tmem.alloc : !tmem.buffer<256x128xf32, #tmem.layout<block = [128, 32], col_stride = 1>>
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      // The data would come from registers (smem.store): make the generic
      // proxy's writes visible to tcgen05.cp's async proxy.
      tile.fence_async_shared
      tile.barrier
      scf.if %leader {
        tmem.copy %smem, %tmem : !tile.smem<256x128xf32, #tile.nvmma_shared<swizzle = 64, element_bits = 32>, mutable>, !tmem.buffer<256x128xf32, #tmem.layout<block = [128, 32], col_stride = 1>>
        tmem.commit %bar
      }
      mbarrier.wait %bar, phase %phase : i32
      scf.if %leader {
        mbarrier.invalidate %bar
      }
      tile.barrier
      tmem.dealloc %tmem : !tmem.buffer<256x128xf32, #tmem.layout<block = [128, 32], col_stride = 1>>
      gpu.return
    }

    // M = 128, N = 16, blockN = 1, 32-byte swizzle: 2 copies of 128 rows x
    // 8 columns, 32 columns allocated.
    // CHECK-LABEL: .entry copy_m128_n16_bn1_sw32(
    // CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [__tile_smem{{.*}}], %r{{[0-9]+}};
    // CHECK-NEXT: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
    // CHECK: tcgen05.fence::before_thread_sync;
    // CHECK-NEXT: bar.sync 0;
    // CHECK-NEXT: tcgen05.fence::after_thread_sync;
    // CHECK: fence.proxy.async.shared::cta
    // CHECK-COUNT-2: tcgen05.cp.cta_group::1.128x256b [%r{{[0-9]+}}{{(\+[0-9]+)?}}], %rd{{[0-9]+}};
    // CHECK-NOT: tcgen05.cp
    // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
    // CHECK: mbarrier.try_wait.parity.shared.b64
    // CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r{{[0-9]+}}, %r{{[0-9]+}};
    gpu.func @copy_m128_n16_bn1_sw32(%phase: i32) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %smem = tile.alloc_smem : !tile.smem<128x16xf32, #tile.nvmma_shared<swizzle = 32, element_bits = 32>, mutable>
      %tmem = tmem.alloc : !tmem.buffer<128x16xf32, #tmem.layout<block = [128, 1], col_stride = 1>>
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      // The data would come from registers (smem.store): make the generic
      // proxy's writes visible to tcgen05.cp's async proxy.
      tile.fence_async_shared
      tile.barrier
      scf.if %leader {
        tmem.copy %smem, %tmem : !tile.smem<128x16xf32, #tile.nvmma_shared<swizzle = 32, element_bits = 32>, mutable>, !tmem.buffer<128x16xf32, #tmem.layout<block = [128, 1], col_stride = 1>>
        tmem.commit %bar
      }
      mbarrier.wait %bar, phase %phase : i32
      scf.if %leader {
        mbarrier.invalidate %bar
      }
      tile.barrier
      tmem.dealloc %tmem : !tmem.buffer<128x16xf32, #tmem.layout<block = [128, 1], col_stride = 1>>
      gpu.return
    }

    // M = 256, N = 64, blockN = 16, 32-byte swizzle: 16 copies of 128 rows x
    // 8 columns, 128 columns allocated.
    // CHECK-LABEL: .entry copy_m256_n64_bn16_sw32(
    // CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [__tile_smem{{.*}}], %r{{[0-9]+}};
    // CHECK-NEXT: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
    // CHECK: tcgen05.fence::before_thread_sync;
    // CHECK-NEXT: bar.sync 0;
    // CHECK-NEXT: tcgen05.fence::after_thread_sync;
    // CHECK: fence.proxy.async.shared::cta
    // CHECK-COUNT-16: tcgen05.cp.cta_group::1.128x256b [%r{{[0-9]+}}{{(\+[0-9]+)?}}], %rd{{[0-9]+}};
    // CHECK-NOT: tcgen05.cp
    // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
    // CHECK: mbarrier.try_wait.parity.shared.b64
    // CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r{{[0-9]+}}, %r{{[0-9]+}};
    gpu.func @copy_m256_n64_bn16_sw32(%phase: i32) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %smem = tile.alloc_smem : !tile.smem<256x64xf32, #tile.nvmma_shared<swizzle = 32, element_bits = 32>, mutable>
      %tmem = tmem.alloc : !tmem.buffer<256x64xf32, #tmem.layout<block = [128, 16], col_stride = 1>>
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier
      // The data would come from registers (smem.store): make the generic
      // proxy's writes visible to tcgen05.cp's async proxy.
      tile.fence_async_shared
      tile.barrier
      scf.if %leader {
        tmem.copy %smem, %tmem : !tile.smem<256x64xf32, #tile.nvmma_shared<swizzle = 32, element_bits = 32>, mutable>, !tmem.buffer<256x64xf32, #tmem.layout<block = [128, 16], col_stride = 1>>
        tmem.commit %bar
      }
      mbarrier.wait %bar, phase %phase : i32
      scf.if %leader {
        mbarrier.invalidate %bar
      }
      tile.barrier
      tmem.dealloc %tmem : !tmem.buffer<256x64xf32, #tmem.layout<block = [128, 16], col_stride = 1>>
      gpu.return
    }
  }
}
