// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-tensor-memory, tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' | FileCheck %s

// tmem.load / tmem.store of register tiles: tcgen05.ld / tcgen05.st of
// shape 32x32b. Thread l of warp w moves row 32 * (w % 4) + l: the lane
// quarter goes in the address's lane field ((w & 3) * 32 << 16), and each
// instruction moves as many consecutive 32-bit columns as the register
// layout walks in order (the plan of lib/Analysis/TensorMemoryLayouts.h,
// printed by test/Analysis/tensor-memory.mlir).

#rows8 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#rows16 = #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#rows8x2 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]>
#split = #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [32, 1], warpsPerCTA = [4, 2], order = [0, 1]>
#l8 = #tmem.layout<block = [128, 8], col_stride = 1>
#l16 = #tmem.layout<block = [128, 16], col_stride = 1>
#l32 = #tmem.layout<block = [128, 32], col_stride = 1>
#b4 = #tmem.layout<block = [128, 4], col_stride = 1>
#u32 = #tmem.layout<block = [128, 32], col_stride = 2>
#rows32 = #tile.blocked<sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#halves = #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [0, 1]>
#m64 = #tmem.layout<block = [64, 32], col_stride = 1>

gpu.module @m [#nvvm.target<chip = "sm_100a">] {

// 128 x 8 f32: one .x8 load (8 columns), bitcast to f32, the wait; the
// store packs them back into one .x8.
// CHECK-LABEL: llvm.func @f32_rows
// CHECK: %[[BASE:.*]] = llvm.inttoptr %{{.*}} : i32 to !llvm.ptr<6>
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx
// CHECK: %[[RAW:.*]] = llvm.ptrtoint %[[BASE]] : !llvm.ptr<6> to i32
// CHECK: %[[C3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK: %[[Q:.*]] = llvm.and %[[WARP]], %[[C3]] : i32
// CHECK: %[[C32:.*]] = llvm.mlir.constant(32 : i32) : i32
// CHECK: %[[QL:.*]] = llvm.mul %[[Q]], %[[C32]] : i32
// CHECK: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[LANES:.*]] = llvm.shl %[[QL]], %[[C16]] : i32
// CHECK: %[[ADDR:.*]] = llvm.add %[[RAW]], %[[LANES]] : i32
// CHECK: %[[PTR:.*]] = llvm.inttoptr %[[ADDR]] : i32 to !llvm.ptr<6>
// CHECK: %[[WORDS:.*]] = nvvm.tcgen05.ld %[[PTR]] {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<8xi32>
// CHECK-NOT: nvvm.tcgen05.ld
// CHECK-COUNT-8: llvm.bitcast %{{.*}} : i32 to f32
// CHECK: nvvm.tcgen05.wait <load>
// CHECK-COUNT-8: llvm.bitcast %{{.*}} : f32 to i32
// CHECK: nvvm.tcgen05.st %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<8xi32>
// CHECK-NOT: nvvm.tcgen05.st
// CHECK: nvvm.tcgen05.wait <store>
gpu.func @f32_rows() kernel attributes {tile.num_warps = 4 : i32} {
  %a = tmem.alloc : !tmem.buffer<128x8xf32, #l8>
  %v = tmem.load %a : !tmem.buffer<128x8xf32, #l8> -> tensor<128x8xf32, #rows8>
  %w = arith.addf %v, %v : tensor<128x8xf32, #rows8>
  tmem.store %w, %a : tensor<128x8xf32, #rows8>, !tmem.buffer<128x8xf32, #l8>
  tmem.wait store
  tile.barrier
  tmem.dealloc %a : !tmem.buffer<128x8xf32, #l8>
  gpu.return
}

// 128 x 16 f16 packed two to a column (col_stride = 1): 8 columns, each
// word two consecutive registers (the lower column index in the low half).
// CHECK-LABEL: llvm.func @f16_packed
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<8xi32>
// CHECK-NOT: nvvm.tcgen05.ld
// CHECK-COUNT-8: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK: nvvm.tcgen05.wait <load>
// CHECK-COUNT-8: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: nvvm.tcgen05.st %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<8xi32>
gpu.func @f16_packed() kernel attributes {tile.num_warps = 4 : i32} {
  %a = tmem.alloc : !tmem.buffer<128x16xf16, #l16>
  %v = tmem.load %a : !tmem.buffer<128x16xf16, #l16> -> tensor<128x16xf16, #rows16>
  tmem.store %v, %a : tensor<128x16xf16, #rows16>, !tmem.buffer<128x16xf16, #l16>
  tile.barrier
  tmem.dealloc %a : !tmem.buffer<128x16xf16, #l16>
  gpu.return
}

// 256 x 8 f32 in blocks of 128 x 4: rows 128-255 are a second row block.
// Block (mb, nb) starts at column (nb * 2 + mb) * 4; registers walk n
// (columns 0, 1, 2, 3, then 8 for n = 4) and then row 128 (column 4):
// four .x4 loads at columns 0, 8, 4, 12.
// CHECK-LABEL: llvm.func @two_row_blocks
// CHECK: %[[RAW2:.*]] = llvm.ptrtoint
// CHECK: %[[A0:.*]] = llvm.add %[[RAW2]], %{{.*}} : i32
// CHECK: %[[P0:.*]] = llvm.inttoptr %[[A0]] : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.ld %[[P0]] {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<4xi32>
// CHECK: llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: %[[A8:.*]] = llvm.add %[[A0]], %{{.*}} : i32
// CHECK: %[[P8:.*]] = llvm.inttoptr %[[A8]] : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.ld %[[P8]] {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<4xi32>
// (The constant 4 also indexes registers here: its value is checked in
// test/Analysis/tensor-memory.mlir.)
// CHECK: %[[A4:.*]] = llvm.add %[[A0]], %{{.*}} : i32
// CHECK: %[[P4:.*]] = llvm.inttoptr %[[A4]] : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.ld %[[P4]] {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<4xi32>
// CHECK: llvm.mlir.constant(12 : i32) : i32
// CHECK-NEXT: %[[A12:.*]] = llvm.add %[[A0]], %{{.*}} : i32
// CHECK: %[[P12:.*]] = llvm.inttoptr %[[A12]] : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.ld %[[P12]] {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<4xi32>
// CHECK-NOT: nvvm.tcgen05.ld
// CHECK: nvvm.tcgen05.wait <load>
gpu.func @two_row_blocks(%out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
  %a = tmem.alloc : !tmem.buffer<256x8xf32, #b4>
  %v = tmem.load %a : !tmem.buffer<256x8xf32, #b4> -> tensor<256x8xf32, #rows8x2>
  %s = tile.reduce add %v, axis = 1 : tensor<256x8xf32, #rows8x2> -> tensor<256xf32, #tile.slice<dim = 1, parent = #rows8x2>>
  %i = tile.range 0 to 256 : tensor<256xi32, #tile.slice<dim = 1, parent = #rows8x2>>
  tile.store %out[%i], %s : !tile.ptr<f32>, tensor<256xi32, #tile.slice<dim = 1, parent = #rows8x2>>, tensor<256xf32, #tile.slice<dim = 1, parent = #rows8x2>>
  tile.barrier
  tmem.dealloc %a : !tmem.buffer<256x8xf32, #b4>
  gpu.return
}

// 8 warps: warps 4-7 reach the same lane quarters as warps 0-3 and take
// columns 16-31 (warp bit 2 adds column 16), each thread one .x16.
// CHECK-LABEL: llvm.func @eight_warps
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: %[[W:.*]] = nvvm.shfl.sync idx
// CHECK: %[[RAW3:.*]] = llvm.ptrtoint
// CHECK: llvm.and %[[W]], %{{.*}} : i32
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: %[[HI:.*]] = llvm.lshr %[[W]], %[[C2]] : i32
// CHECK: %[[C1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[BIT:.*]] = llvm.and %[[HI]], %[[C1]] : i32
// CHECK: %[[C16B:.*]] = llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[COL:.*]] = llvm.mul %[[BIT]], %[[C16B]] : i32
// CHECK: %[[TB:.*]] = llvm.add %[[RAW3]], %{{.*}} : i32
// CHECK: %[[AC:.*]] = llvm.add %[[TB]], %[[COL]] : i32
// CHECK: %[[PC:.*]] = llvm.inttoptr %[[AC]] : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.ld %[[PC]] {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// CHECK-NOT: nvvm.tcgen05.ld
gpu.func @eight_warps() kernel attributes {tile.num_warps = 8 : i32} {
  %a = tmem.alloc : !tmem.buffer<128x32xf32, #l32>
  %v = tmem.load %a : !tmem.buffer<128x32xf32, #l32> -> tensor<128x32xf32, #split>
  tmem.store %v, %a : tensor<128x32xf32, #split>, !tmem.buffer<128x32xf32, #l32>
  tile.barrier
  tmem.dealloc %a : !tmem.buffer<128x32xf32, #l32>
  gpu.return
}

// blockM = 64 data (rows 16 q .. 16 q + 15 in lanes 32 q ..): 16x32bx2, the
// upper 16 lanes of each warp reading columns 16-31 of the same rows
// (immediate offset 16), each thread 16 columns.
// CHECK-LABEL: llvm.func @block_m64
// CHECK: %[[OFF:.*]] = llvm.mlir.constant(16 : i64) : i64
// CHECK: nvvm.tcgen05.ld %{{.*}}, %[[OFF]] {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<16xi32>
// CHECK-NOT: nvvm.tcgen05.ld
// CHECK: nvvm.tcgen05.st %{{.*}}, %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<16xi32>
gpu.func @block_m64() kernel attributes {tile.num_warps = 4 : i32} {
  %a = tmem.alloc : !tmem.buffer<64x32xf32, #m64>
  %v = tmem.load %a : !tmem.buffer<64x32xf32, #m64> -> tensor<64x32xf32, #halves>
  tmem.store %v, %a : tensor<64x32xf32, #halves>, !tmem.buffer<64x32xf32, #m64>
  tile.barrier
  tmem.dealloc %a : !tmem.buffer<64x32xf32, #m64>
  gpu.return
}

// 128 x 32 f16 unpacked (col_stride = 2, one element a column): .pack::16b
// loads and .unpack::16b stores move two adjacent columns per register, 16
// registers for the 32 columns.
// CHECK-LABEL: llvm.func @f16_unpacked
// CHECK: nvvm.tcgen05.ld %{{.*}} pack {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// CHECK-NOT: nvvm.tcgen05.ld
// CHECK-COUNT-16: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
// CHECK: nvvm.tcgen05.st %{{.*}}, %{{.*}} unpack {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
gpu.func @f16_unpacked() kernel attributes {tile.num_warps = 4 : i32} {
  %a = tmem.alloc : !tmem.buffer<128x32xf16, #u32>
  %v = tmem.load %a : !tmem.buffer<128x32xf16, #u32> -> tensor<128x32xf16, #rows32>
  tmem.store %v, %a : tensor<128x32xf16, #rows32>, !tmem.buffer<128x32xf16, #u32>
  tile.barrier
  tmem.dealloc %a : !tmem.buffer<128x32xf16, #u32>
  gpu.return
}

// An initial value is a tcgen05.st where the allocation was.
// CHECK-LABEL: llvm.func @init
// CHECK: nvvm.tcgen05.alloc
// CHECK: nvvm.tcgen05.st %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<8xi32>
gpu.func @init(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
  %v = tile.splat %x : tensor<128x8xf32, #rows8>
  %a = tmem.alloc(%v : tensor<128x8xf32, #rows8>) : !tmem.buffer<128x8xf32, #l8>
  tmem.wait store
  tile.barrier
  tmem.dealloc %a : !tmem.buffer<128x8xf32, #l8>
  gpu.return
}
}
