// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm, canonicalize))' | FileCheck %s

// A whole-tile shared access moves each run of registers that sit on
// consecutive elements as one vector, as wide as the buffer's address is
// known to be aligned (and at most 16 bytes): #v's 4 consecutive f32 are
// one 16-byte store into a window at offset 0, four 4-byte stores at
// element 1 (4 bytes) and two 8-byte stores at element 2 (8 bytes). A
// misaligned vector access would fault on the GPU.

#v = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @windows
  // CHECK:          llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
  // CHECK-COUNT-4:  llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
  // CHECK-COUNT-2:  llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
  // CHECK-NOT:      llvm.store
  gpu.func @windows(%x: f32) kernel attributes {tile.num_warps = 1 : i32} {
    %buf = tile.alloc_smem : !tile.smem<256xf32, mutable>
    %t = tile.splat %x : tensor<128xf32, #v>
    %w0 = tile.smem_subslice %buf[0] : !tile.smem<256xf32, mutable> -> !tile.smem<128xf32, mutable>
    tile.smem_store %t, %w0 : tensor<128xf32, #v>, !tile.smem<128xf32, mutable>
    %w1 = tile.smem_subslice %buf[1] : !tile.smem<256xf32, mutable> -> !tile.smem<128xf32, mutable>
    tile.smem_store %t, %w1 : tensor<128xf32, #v>, !tile.smem<128xf32, mutable>
    %w2 = tile.smem_subslice %buf[2] : !tile.smem<256xf32, mutable> -> !tile.smem<128xf32, mutable>
    tile.smem_store %t, %w2 : tensor<128xf32, #v>, !tile.smem<128xf32, mutable>
    gpu.return
  }

  // A stage of a ring is as aligned as its offset (stage bytes * index,
  // here 512 bytes a stage: 16-byte aligned for any index).
  // CHECK-LABEL: llvm.func @stages
  // CHECK:          llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
  // CHECK-NOT:      llvm.store
  gpu.func @stages(%x: f32, %i: index) kernel attributes {tile.num_warps = 1 : i32} {
    %ring = tile.alloc_smem : !tile.smem<3x128xf32, mutable>
    %t = tile.splat %x : tensor<128xf32, #v>
    %s = tile.smem_index %ring[%i] : !tile.smem<3x128xf32, mutable> -> !tile.smem<128xf32, mutable>
    tile.smem_store %t, %s : tensor<128xf32, #v>, !tile.smem<128xf32, mutable>
    gpu.return
  }
}
