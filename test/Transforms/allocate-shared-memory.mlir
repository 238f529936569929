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
