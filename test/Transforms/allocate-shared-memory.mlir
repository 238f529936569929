// RUN: tile-opt %s --tile-allocate-shared-memory -split-input-file | FileCheck %s

#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#sw64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>

// Alignment follows the layout: 1024 bytes for 128-byte swizzle atoms, 512
// for 64-byte ones, 128 for plain buffers, 8 for barriers. Larger buffers
// are placed first.
// CHECK-LABEL: gpu.func @alignment
// CHECK-SAME: tile.shared_memory_bytes = 50080
// CHECK: mbarrier.alloc {tile.offset = 50064 : i64} : !mbarrier.group<2>
// CHECK: tile.alloc_smem {tile.offset = 49664 : i64} : !tile.smem<100xf32, mutable>
// CHECK: tile.alloc_smem {tile.offset = 0 : i64} : !tile.smem<3x128x64xf16, #{{.*}}, mutable>
// CHECK: tile.alloc_smem {tile.offset = 49152 : i64} : !tile.smem<8x32xf16, #{{.*}}, mutable>
gpu.module @m {
  gpu.func @alignment(%d: !tma.descriptor<tensor<8x32xf16>, swizzle = 64>, %i: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %bars = mbarrier.alloc : !mbarrier.group<2>
    %plain = tile.alloc_smem : !tile.smem<100xf32, mutable>
    %ring = tile.alloc_smem : !tile.smem<3x128x64xf16, #sw128, mutable>
    %small = tile.alloc_smem : !tile.smem<8x32xf16, #sw64, mutable>
    %stage = tile.smem_index %ring[%c0] : !tile.smem<3x128x64xf16, #sw128, mutable> -> !tile.smem<128x64xf16, #sw128, mutable>
    %b = mbarrier.index %bars[%c0] : !mbarrier.group<2>
    tma.async_load %d[%i, %i], %small, %b : !tma.descriptor<tensor<8x32xf16>, swizzle = 64>, !tile.smem<8x32xf16, #sw64, mutable>
    %x = tile.smem_load %plain[%c0] : !tile.smem<100xf32, mutable> -> f32
    gpu.return
  }
}

// -----

// Buffers used only by synchronous operations share memory once dead; a
// buffer a TMA store still reads stays live to the end of the kernel.
// CHECK-LABEL: gpu.func @reuse
// CHECK-SAME: tile.shared_memory_bytes = 2048
// CHECK: tile.alloc_smem {tile.offset = 0 : i64} : !tile.smem<256xf32, mutable>
// CHECK: tile.alloc_smem {tile.offset = 0 : i64} : !tile.smem<256xf32, mutable>
// CHECK: tile.alloc_smem {tile.offset = 1024 : i64} : !tile.smem<256xf32, mutable>
gpu.module @m {
  gpu.func @reuse(%d: !tma.descriptor<tensor<256xf32>>, %i: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %first = tile.alloc_smem : !tile.smem<256xf32, mutable>
    %x = tile.smem_load %first[%c0] : !tile.smem<256xf32, mutable> -> f32
    %second = tile.alloc_smem : !tile.smem<256xf32, mutable>
    tile.smem_store %x, %second[%c0] : f32, !tile.smem<256xf32, mutable>
    tma.async_store %second, %d[%i] : !tile.smem<256xf32, mutable>, !tma.descriptor<tensor<256xf32>>
    %third = tile.alloc_smem : !tile.smem<256xf32, mutable>
    tile.smem_store %x, %third[%c0] : f32, !tile.smem<256xf32, mutable>
    tma.store_wait pending = 0
    gpu.return
  }
}

// -----

// Uses inside loops and warp-specialized partitions keep the buffer live to
// the end of the enclosing top-level operation.
// CHECK-LABEL: gpu.func @nested_uses
// CHECK-SAME: tile.shared_memory_bytes = 2048
// CHECK: tile.alloc_smem {tile.offset = 0 : i64}
// CHECK: tile.alloc_smem {tile.offset = 1024 : i64}
gpu.module @m {
  gpu.func @nested_uses(%n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = tile.alloc_smem : !tile.smem<256xf32, mutable>
    %b = tile.alloc_smem : !tile.smem<256xf32, mutable>
    scf.for %i = %c0 to %n step %c1 {
      %x = tile.smem_load %b[%c0] : !tile.smem<256xf32, mutable> -> f32
      tile.smem_store %x, %b[%c0] : f32, !tile.smem<256xf32, mutable>
      tile.warp_specialize(%a) default {
        tile.warp_yield
      }
      partition0(%a0: !tile.smem<256xf32, mutable>) num_warps(1) {
        %c0p = arith.constant 0 : index
        %one = arith.constant 1.0 : f32
        tile.smem_store %one, %a0[%c0p] : f32, !tile.smem<256xf32, mutable>
        tile.warp_return
      } : (!tile.smem<256xf32, mutable>) -> ()
    }
    gpu.return
  }
}

// -----

// Regions of a tile.warp_specialize run at the same time: the default
// region's scratch lives across the op, a partition's to the end of the
// kernel, so the partition's shares bytes neither with the default
// region's nor with scratch after the op (which the default warps reach
// while the partition may still run). The default warps' own scratch
// before and after the op may share. Each 64x64 f32 conversion needs 16384
// bytes.
#rows = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#cols = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>
// CHECK-LABEL: gpu.func @concurrent_scratch
// CHECK-SAME: tile.shared_memory_bytes = 32768
// CHECK: tile.convert_layout %{{.*}} {tile.offset = 0 : i64}
// CHECK: tile.convert_layout %{{.*}} {tile.offset = 16384 : i64}
// CHECK: tile.convert_layout %{{.*}} {tile.offset = 0 : i64}
gpu.module @m {
  gpu.func @concurrent_scratch(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    tile.warp_specialize(%x) default {
      %t = tile.splat %x : tensor<64x64xf32, #rows>
      %u = tile.convert_layout %t : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
      tile.warp_yield
    }
    partition0(%y: f32) num_warps(4) {
      %t = tile.splat %y : tensor<64x64xf32, #rows>
      %u = tile.convert_layout %t : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
      tile.warp_return
    } : (f32) -> ()
    %t = tile.splat %x : tensor<64x64xf32, #rows>
    %u = tile.convert_layout %t : tensor<64x64xf32, #rows> -> tensor<64x64xf32, #cols>
    gpu.return
  }
}

// -----

// A buffer read by a tcgen05 MMA lives until every thread has waited for
// the only commit on its barrier: then %z may take its bytes.
#sw128h = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#l128 = #tmem.layout<block = [128, 128], col_stride = 1>
// CHECK-LABEL: gpu.func @tensor_core_read_done
// CHECK: %[[A:.*]] = tile.alloc_smem {tile.offset = 0 : i64} : !tile.smem<128x64xf16
// CHECK: tile.alloc_smem {tile.offset = 16384 : i64} : !tile.smem<64x128xf16
// CHECK: tile.alloc_smem {tile.offset = 0 : i64} : !tile.smem<8192xf16
gpu.module @m {
  gpu.func @tensor_core_read_done(%bar: !mbarrier.barrier, %use: i1, %p: i32, %v: f16) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %acc = tmem.alloc : !tmem.buffer<128x128xf32, #l128>
    %a = tile.alloc_smem : !tile.smem<128x64xf16, #sw128h, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #sw128h, mutable>
    %e = tile.elect cta
    scf.if %e {
      tmem.mma %a, %b, %acc, %use : !tile.smem<128x64xf16, #sw128h, mutable>, !tile.smem<64x128xf16, #sw128h, mutable>, !tmem.buffer<128x128xf32, #l128>
      tmem.commit %bar
    }
    mbarrier.wait %bar, phase %p : i32
    %z = tile.alloc_smem : !tile.smem<8192xf16, mutable>
    tile.smem_store %v, %z[%c0] : f16, !tile.smem<8192xf16, mutable>
    tile.barrier
    tmem.dealloc %acc : !tmem.buffer<128x128xf32, #l128>
    gpu.return
  }
}

// -----

// Two commits on one barrier: a wait may be for the earlier one, so the
// buffers the second MMA reads stay live.
#sw128h = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#l128 = #tmem.layout<block = [128, 128], col_stride = 1>
// CHECK-LABEL: gpu.func @two_commits
// CHECK-SAME: tile.shared_memory_bytes = 114688
gpu.module @m {
  gpu.func @two_commits(%bar: !mbarrier.barrier, %use: i1, %p0: i32, %p1: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %acc = tmem.alloc : !tmem.buffer<128x128xf32, #l128>
    %a1 = tile.alloc_smem : !tile.smem<128x64xf16, #sw128h, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #sw128h, mutable>
    %e = tile.elect cta
    scf.if %e {
      tmem.mma %a1, %b, %acc, %use : !tile.smem<128x64xf16, #sw128h, mutable>, !tile.smem<64x128xf16, #sw128h, mutable>, !tmem.buffer<128x128xf32, #l128>
      tmem.commit %bar
    }
    %a2 = tile.alloc_smem : !tile.smem<128x64xf16, #sw128h, mutable>
    scf.if %e {
      tmem.mma %a2, %b, %acc, %use : !tile.smem<128x64xf16, #sw128h, mutable>, !tile.smem<64x128xf16, #sw128h, mutable>, !tmem.buffer<128x128xf32, #l128>
      tmem.commit %bar
    }
    mbarrier.wait %bar, phase %p0 : i32
    %z = tile.alloc_smem : !tile.smem<256x128xf16, #sw128h, mutable>
    tile.barrier
    mbarrier.wait %bar, phase %p1 : i32
    tmem.dealloc %acc : !tmem.buffer<128x128xf32, #l128>
    gpu.return
  }
}

// -----

// Only the elected thread waits: the others could write %z while the MMA
// still reads %a, so %a stays live.
#sw128h = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#l128 = #tmem.layout<block = [128, 128], col_stride = 1>
// CHECK-LABEL: gpu.func @one_waiter
// CHECK-SAME: tile.shared_memory_bytes = 49152
gpu.module @m {
  gpu.func @one_waiter(%bar: !mbarrier.barrier, %use: i1, %p0: i32, %v: f16) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %acc = tmem.alloc : !tmem.buffer<128x128xf32, #l128>
    %a = tile.alloc_smem : !tile.smem<128x64xf16, #sw128h, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #sw128h, mutable>
    %e = tile.elect cta
    scf.if %e {
      tmem.mma %a, %b, %acc, %use : !tile.smem<128x64xf16, #sw128h, mutable>, !tile.smem<64x128xf16, #sw128h, mutable>, !tmem.buffer<128x128xf32, #l128>
      tmem.commit %bar
    }
    scf.if %e {
      mbarrier.wait %bar, phase %p0 : i32
    }
    %z = tile.alloc_smem : !tile.smem<8192xf16, mutable>
    tile.smem_store %v, %z[%c0] : f16, !tile.smem<8192xf16, mutable>
    tile.barrier
    tmem.dealloc %acc : !tmem.buffer<128x128xf32, #l128>
    gpu.return
  }
}

// -----

// A partition's warps are never joined: a buffer it uses stays live past
// the tile.warp_specialize op, where the default warps go on.
// CHECK-LABEL: gpu.func @captured_by_partition
// CHECK: tile.alloc_smem {tile.offset = 0 : i64}
// CHECK: tile.alloc_smem {tile.offset = 1024 : i64}
gpu.module @m {
  gpu.func @captured_by_partition(%v: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %a = tile.alloc_smem : !tile.smem<256xf32, mutable>
    tile.warp_specialize(%a) default {
      tile.warp_yield
    }
    partition0(%a0: !tile.smem<256xf32, mutable>) num_warps(1) {
      %c0p = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      tile.smem_store %one, %a0[%c0p] : f32, !tile.smem<256xf32, mutable>
      tile.warp_return
    } : (!tile.smem<256xf32, mutable>) -> ()
    %b = tile.alloc_smem : !tile.smem<256xf32, mutable>
    tile.smem_store %v, %b[%c0] : f32, !tile.smem<256xf32, mutable>
    gpu.return
  }
}
