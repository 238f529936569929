// RUN: tile-opt %s --tile-allocate-tensor-memory --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-allocate-tensor-memory --tile-allocate-shared-memory --split-input-file | FileCheck %s --check-prefix=SMEM

#acc = #tmem.layout<block = [128, 128], col_stride = 1>
#l96 = #tmem.layout<block = [128, 32], col_stride = 1>
#nvmma = #tile.nvmma_shared<swizzle = 128, element_bits = 32>

// The slot comes first, then the allocations (moved up: they only compute
// addresses); each buffer is aligned to its power-of-two column count.
// 96 columns reserve 128, so 256 + 128 = 384 columns round up to 512.
// CHECK-LABEL: gpu.func @offsets
// CHECK-SAME: tmem.tensor_memory_columns = 512 : i64
// CHECK-NEXT: %[[SLOT:.*]] = tile.alloc_smem {tmem.base_slot = 512 : i64} : !tile.smem<1xi32, mutable>
// CHECK-NEXT: %[[ACC:.*]] = tmem.alloc {tmem.column_offset = 0 : i64} : !tmem.buffer<2x128x128xf32, #tmem>
// CHECK-NEXT: %[[SMALL:.*]] = tmem.alloc {tmem.column_offset = 256 : i64} : !tmem.buffer<128x96xf32, #tmem1>
// CHECK-NEXT: %{{.*}} = tile.alloc_smem : !tile.smem<128x32xf32, #nvmma, mutable>
// CHECK-NEXT: tmem.dealloc %[[SMALL]] : !tmem.buffer<128x96xf32, #tmem1>
// Warp 0 frees everything at the last top-level dealloc, once every warp
// is done with tensor memory.
// CHECK-NEXT: tmem.fence before
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tmem.fence after
// CHECK-NEXT: tmem.dealloc %[[ACC]] {tmem.column_offset = 0 : i64, tmem.release_columns = 512 : i64}
// CHECK-NEXT: gpu.return
// The shared-memory allocator places the 4-byte slot like any buffer.
// SMEM-LABEL: gpu.func @offsets
// SMEM: tile.alloc_smem {tile.offset = {{[0-9]+}} : i64, tmem.base_slot = 512 : i64} : !tile.smem<1xi32, mutable>
gpu.module @m {
  gpu.func @offsets() kernel {
    %smem = tile.alloc_smem : !tile.smem<128x32xf32, #nvmma, mutable>
    %acc = tmem.alloc : !tmem.buffer<2x128x128xf32, #acc>
    %small = tmem.alloc : !tmem.buffer<128x96xf32, #l96>
    tmem.dealloc %small : !tmem.buffer<128x96xf32, #l96>
    tmem.dealloc %acc : !tmem.buffer<2x128x128xf32, #acc>
    gpu.return
  }
}

// -----

#full = #tmem.layout<block = [128, 256], col_stride = 1>

// A buffer freed before the next is allocated gives its columns back: two
// 512-column buffers in sequence fit. A barrier already before the release
// only gets the fences.
// CHECK-LABEL: gpu.func @reuse
// CHECK-SAME: tmem.tensor_memory_columns = 512 : i64
// CHECK: tmem.alloc {tmem.column_offset = 0 : i64} : !tmem.buffer<2x128x256xf32
// CHECK-NEXT: tmem.alloc {tmem.column_offset = 0 : i64} : !tmem.buffer<2x128x256xf32
// CHECK: tmem.dealloc %{{.*}} : !tmem.buffer
// CHECK-NEXT: tmem.fence before
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tmem.fence after
// CHECK-NEXT: tmem.dealloc %{{.*}} {tmem.column_offset = 0 : i64, tmem.release_columns = 512 : i64}
gpu.module @m {
  gpu.func @reuse() kernel {
    %a = tmem.alloc : !tmem.buffer<2x128x256xf32, #full>
    tmem.dealloc %a : !tmem.buffer<2x128x256xf32, #full>
    %b = tmem.alloc : !tmem.buffer<2x128x256xf32, #full>
    tile.barrier
    tmem.dealloc %b : !tmem.buffer<2x128x256xf32, #full>
    gpu.return
  }
}

// -----

// Kernels without tensor memory are left alone; the smallest allocation is
// 32 columns.
// CHECK-LABEL: gpu.func @none
// CHECK-NOT: tmem.base_slot
// CHECK-LABEL: gpu.func @tiny
// CHECK-SAME: tmem.tensor_memory_columns = 32 : i64
// CHECK: tmem.base_slot = 32 : i64
gpu.module @m {
  gpu.func @none() kernel {
    gpu.return
  }
  gpu.func @tiny() kernel {
    %t = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    tmem.dealloc %t : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    gpu.return
  }
}
