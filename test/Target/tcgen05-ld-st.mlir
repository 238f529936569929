// tcgen05.ld / tcgen05.st for each register-tile shape the lowering takes,
// down to PTX for sm_100a with ptxas accepting it (never executed: the
// H200 has no tensor memory): 32-bit data (.x64 for 64 columns a thread),
// 8 warps splitting the columns, 16-bit data packed two a column,
// unpacked 16-bit data (.pack::16b / .unpack::16b), and blockM = 64 data
// (16x32bx2: lanes 16-31 at a column offset).
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_100a %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin

// CHECK-LABEL: .entry f32_rows(
// CHECK: tcgen05.ld.sync.aligned.32x32b.x64.b32
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: tcgen05.st.sync.aligned.32x32b.x64.b32
// CHECK: tcgen05.wait::st.sync.aligned;
// CHECK-LABEL: .entry eight_warps(
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK-LABEL: .entry f16_packed(
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.b32
// CHECK: tcgen05.st.sync.aligned.32x32b.x32.b32
// CHECK-LABEL: .entry f16_unpacked(
// CHECK: tcgen05.ld.sync.aligned.32x32b.x32.pack::16b.b32
// CHECK: tcgen05.st.sync.aligned.32x32b.x32.unpack::16b.b32
// CHECK-LABEL: .entry block_m64(
// CHECK: tcgen05.ld.sync.aligned.16x32bx2.x32.b32 {{.*}}, [%r{{[0-9]+}}], 32;
// CHECK: tcgen05.st.sync.aligned.16x32bx2.x32.b32 [%r{{[0-9]+}}], 32,

#rows64 = #tile.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#split = #tile.blocked<sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#halves = #tile.blocked<sizePerThread = [1, 32], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [0, 1]>
#l64 = #tmem.layout<block = [128, 64], col_stride = 1>
#u64 = #tmem.layout<block = [128, 64], col_stride = 2>
#m64 = #tmem.layout<block = [64, 64], col_stride = 1>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {
    gpu.func @f32_rows(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
      %a = tmem.alloc : !tmem.buffer<128x64xf32, #l64>
      %v = tmem.load %a : !tmem.buffer<128x64xf32, #l64> -> tensor<128x64xf32, #rows64>
      %s = tile.splat %x : tensor<128x64xf32, #rows64>
      %w = arith.addf %v, %s : tensor<128x64xf32, #rows64>
      tmem.store %w, %a : tensor<128x64xf32, #rows64>, !tmem.buffer<128x64xf32, #l64>
      tmem.wait store
      tile.barrier
      tmem.dealloc %a : !tmem.buffer<128x64xf32, #l64>
      gpu.return
    }
    gpu.func @eight_warps(%x: f32) kernel attributes {tile.num_warps = 8 : i32} {
      %a = tmem.alloc : !tmem.buffer<128x64xf32, #l64>
      %v = tmem.load %a : !tmem.buffer<128x64xf32, #l64> -> tensor<128x64xf32, #split>
      %s = tile.splat %x : tensor<128x64xf32, #split>
      %w = arith.mulf %v, %s : tensor<128x64xf32, #split>
      tmem.store %w, %a : tensor<128x64xf32, #split>, !tmem.buffer<128x64xf32, #l64>
      tmem.wait store
      tile.barrier
      tmem.dealloc %a : !tmem.buffer<128x64xf32, #l64>
      gpu.return
    }
    gpu.func @f16_packed(%x: f16) kernel attributes {tile.num_warps = 4 : i32} {
      %a = tmem.alloc : !tmem.buffer<128x64xf16, #l64>
      %v = tmem.load %a : !tmem.buffer<128x64xf16, #l64> -> tensor<128x64xf16, #rows64>
      %s = tile.splat %x : tensor<128x64xf16, #rows64>
      %w = arith.addf %v, %s : tensor<128x64xf16, #rows64>
      tmem.store %w, %a : tensor<128x64xf16, #rows64>, !tmem.buffer<128x64xf16, #l64>
      tmem.wait store
      tile.barrier
      tmem.dealloc %a : !tmem.buffer<128x64xf16, #l64>
      gpu.return
    }
    gpu.func @f16_unpacked(%x: f16) kernel attributes {tile.num_warps = 4 : i32} {
      %a = tmem.alloc : !tmem.buffer<128x64xf16, #u64>
      %v = tmem.load %a : !tmem.buffer<128x64xf16, #u64> -> tensor<128x64xf16, #rows64>
      %s = tile.splat %x : tensor<128x64xf16, #rows64>
      %w = arith.addf %v, %s : tensor<128x64xf16, #rows64>
      tmem.store %w, %a : tensor<128x64xf16, #rows64>, !tmem.buffer<128x64xf16, #u64>
      tmem.wait store
      tile.barrier
      tmem.dealloc %a : !tmem.buffer<128x64xf16, #u64>
      gpu.return
    }
    gpu.func @block_m64(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
      %a = tmem.alloc : !tmem.buffer<64x64xf32, #m64>
      %v = tmem.load %a : !tmem.buffer<64x64xf32, #m64> -> tensor<64x64xf32, #halves>
      %s = tile.splat %x : tensor<64x64xf32, #halves>
      %w = arith.addf %v, %s : tensor<64x64xf32, #halves>
      tmem.store %w, %a : tensor<64x64xf32, #halves>, !tmem.buffer<64x64xf32, #m64>
      tmem.wait store
      tile.barrier
      tmem.dealloc %a : !tmem.buffer<64x64xf32, #m64>
      gpu.return
    }
  }
}
