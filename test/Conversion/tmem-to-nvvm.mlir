// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-tensor-memory, tile-allocate-shared-memory, gpu.module(convert-tmem-to-nvvm))' | FileCheck %s

// The tcgen05 lowering of the tmem dialect on its own. Descriptor constants
// are computed by hand in the comments:
//
// shared-memory descriptor = start >> 4 (bits 0-13) | LBO >> 4 << 16
//   | SBO >> 4 << 32 | 0b001 << 46 (version) | swizzle << 61
//   (swizzle: 2 = 128 B, 4 = 64 B, 6 = 32 B);
// instruction descriptor = D type << 4 | A type << 7 | B type << 10
//   | transpose A << 15 | transpose B << 16 | N >> 3 << 17 | M >> 4 << 24.

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

gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {

// The Gluon tcgen05_copy configuration M = 128, N = 64, blockN = 64,
// 128-byte swizzle.
// CHECK-LABEL: gpu.func @copy_m128_n64
// CHECK-SAME: tmem.tensor_memory_columns = 64
// Warp 0 allocates 64 columns into the slot (shared offset 0) and gives up
// its permit; everyone reads the base between fenced barriers.
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @__tile_smem : !llvm.ptr<3>
// CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: %[[IS0:.*]] = llvm.icmp "eq" %[[WARP]], %[[ZERO]] : i32
// CHECK: llvm.cond_br %[[IS0]], ^[[ALLOC:.*]], ^[[JOIN:.*]]
// CHECK: ^[[ALLOC]]:
// CHECK-NEXT: %[[COLS:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: nvvm.tcgen05.alloc %[[SMEM]], %[[COLS]] : !llvm.ptr<3>, i32
// CHECK-NEXT: nvvm.tcgen05.relinquish_alloc_permit
// CHECK-NEXT: llvm.br ^[[JOIN]]
// CHECK: ^[[JOIN]]:
// CHECK-NEXT: nvvm.tcgen05.fence <before>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK-NEXT: %[[BASE:.*]] = llvm.load %[[SMEM]] : !llvm.ptr<3> -> i32
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: %[[T:.*]] = llvm.inttoptr %[[BASE]] : i32 to !llvm.ptr<6>
// Source descriptor: LBO 16 B (unused for K-major, 1 << 16), SBO = 8 rows x
// 128 B = 1024 B (64 << 32), version (1 << 46), 128-byte swizzle (2 << 61):
// 0x4000404000010000 = 4611756662049538048.
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
// CHECK: %[[SHR:.*]] = llvm.lshr %[[ADDR]], %{{.*}} : i32
// CHECK: %[[MASK:.*]] = llvm.mlir.constant(16383 : i32) : i32
// CHECK: %[[START:.*]] = llvm.and %[[SHR]], %[[MASK]] : i32
// CHECK: %[[WIDE:.*]] = llvm.zext %[[START]] : i32 to i64
// CHECK: %[[BITS:.*]] = llvm.mlir.constant(4611756662049538048 : i64) : i64
// CHECK: %[[D0:.*]] = llvm.or %[[WIDE]], %[[BITS]] : i64
// CHECK: nvvm.tcgen05.cp %[[T]], %[[D0]] {shape = #nvvm.tcgen05_cp_shape<shape_128x256b>}
// Columns 8-15: 32 bytes further along the swizzle row (2 in the >> 4
// field), tensor-memory column 8.
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK: %[[D1:.*]] = llvm.add %[[D0]], %[[C2]] : i64
// CHECK: %[[COL8:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK: %[[TI:.*]] = llvm.ptrtoint %[[T]] : !llvm.ptr<6> to i32
// CHECK: %[[TS:.*]] = llvm.add %[[TI]], %[[COL8]] : i32
// CHECK: %[[T8:.*]] = llvm.inttoptr %[[TS]] : i32 to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.cp %[[T8]], %[[D1]] {shape = #nvvm.tcgen05_cp_shape<shape_128x256b>}
// CHECK: llvm.mlir.constant(4 : i64)
// CHECK: nvvm.tcgen05.cp
// CHECK: llvm.mlir.constant(6 : i64)
// CHECK: nvvm.tcgen05.cp
// Columns 32-39 start the second 128-byte chunk, 128 rows x 128 B = 16384 B
// further (1024).
// CHECK: llvm.mlir.constant(1024 : i64)
// CHECK: llvm.mlir.constant(32 : i32)
// CHECK: nvvm.tcgen05.cp
// CHECK: llvm.mlir.constant(1026 : i64)
// CHECK: nvvm.tcgen05.cp
// CHECK: llvm.mlir.constant(1028 : i64)
// CHECK: nvvm.tcgen05.cp
// CHECK: llvm.mlir.constant(1030 : i64)
// CHECK: llvm.mlir.constant(56 : i32)
// CHECK: nvvm.tcgen05.cp
// CHECK-NOT: nvvm.tcgen05.cp
// CHECK: nvvm.tcgen05.commit %{{.*}} : !llvm.ptr<3>
// The release: every warp is done (fence, barrier, fence), then warp 0
// frees the whole allocation.
// CHECK: nvvm.tcgen05.fence <before>
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK: llvm.cond_br %{{.*}}, ^[[FREE:.*]], ^[[DONE:.*]]
// CHECK: ^[[FREE]]:
// CHECK-NEXT: %[[COLS2:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: nvvm.tcgen05.dealloc %[[T]], %[[COLS2]] : !llvm.ptr<6>, i32
// CHECK: ^[[DONE]]:
// CHECK-NEXT: gpu.return
gpu.func @copy_m128_n64(%bar: !mbarrier.barrier) kernel {
  %smem = tile.alloc_smem : !tile.smem<128x64xf32, #sw128f, mutable>
  %t = tmem.alloc : !tmem.buffer<128x64xf32, #l64>
  %e = tile.elect cta
  scf.if %e {
    tmem.copy %smem, %t : !tile.smem<128x64xf32, #sw128f, mutable>, !tmem.buffer<128x64xf32, #l64>
    tmem.commit %bar
  }
  tmem.dealloc %t : !tmem.buffer<128x64xf32, #l64>
  gpu.return
}

// The configuration M = 256, N = 128, blockN = 32, 64-byte swizzle: two
// row blocks, interleaved along the columns by blocks of 32.
// CHECK-LABEL: gpu.func @copy_m256_n128
// CHECK-SAME: tmem.tensor_memory_columns = 256
// SBO = 8 x 64 B = 512 B (32 << 32), 64-byte swizzle (4 << 61):
// 0x8000402000010000 = -9223301530671579136 as an i64.
// CHECK: %[[BITS:.*]] = llvm.mlir.constant(-9223301530671579136 : i64) : i64
// CHECK: %[[D0:.*]] = llvm.or %{{.*}}, %[[BITS]] : i64
// Rows 0-127, columns 0-7: column 0.
// CHECK: nvvm.tcgen05.cp %[[T:.*]], %[[D0]] {shape = #nvvm.tcgen05_cp_shape<shape_128x256b>}
// Columns 8-15: +32 B (2), column 8.
// CHECK: llvm.mlir.constant(2 : i64)
// CHECK: llvm.mlir.constant(8 : i32)
// CHECK: nvvm.tcgen05.cp
// Columns 16-23: the next 64-byte chunk, 256 rows x 64 B = 16384 B (1024).
// CHECK: llvm.mlir.constant(1024 : i64)
// CHECK: llvm.mlir.constant(16 : i32)
// CHECK: nvvm.tcgen05.cp
// CHECK: llvm.mlir.constant(1026 : i64)
// CHECK: llvm.mlir.constant(24 : i32)
// CHECK: nvvm.tcgen05.cp
// Columns 32-39 belong to the second block along N: after rows 128-255's
// first block, at column 2 x 32 = 64.
// CHECK: llvm.mlir.constant(2048 : i64)
// CHECK: llvm.mlir.constant(64 : i32)
// CHECK: nvvm.tcgen05.cp
// CHECK-COUNT-11: nvvm.tcgen05.cp
// Rows 128-255 start 128 x 64 B = 8192 B in (512), at column 32.
// CHECK: llvm.mlir.constant(512 : i64)
// CHECK: llvm.mlir.constant(32 : i32)
// CHECK: nvvm.tcgen05.cp
// CHECK-COUNT-15: nvvm.tcgen05.cp
// CHECK-NOT: nvvm.tcgen05.cp
// CHECK: nvvm.tcgen05.dealloc
gpu.func @copy_m256_n128(%bar: !mbarrier.barrier) kernel {
  %smem = tile.alloc_smem : !tile.smem<256x128xf32, #sw64f, mutable>
  %t = tmem.alloc : !tmem.buffer<256x128xf32, #l32>
  %e = tile.elect cta
  scf.if %e {
    tmem.copy %smem, %t : !tile.smem<256x128xf32, #sw64f, mutable>, !tmem.buffer<256x128xf32, #l32>
    tmem.commit %bar
  }
  tmem.dealloc %t : !tmem.buffer<256x128xf32, #l32>
  gpu.return
}

// The MMA of the Gluon matmul-accumulate kernel: A 128x64 f16 (K-major),
// B 64x128 f16 (N contiguous: MN-major), D 128x128 f32, K = 64 in four
// instructions of K = 16.
// CHECK-LABEL: gpu.func @mma_f16
// Instruction descriptor: F32 D (1 << 4), f16 A and B (0), transpose B
// (1 << 16), N = 128 (16 << 17), M = 128 (8 << 24) = 0x08210010.
// A: 0x4000404000010000 (as for the copy). B: MN-major, LBO = the next
// 64-column chunk = K x 128 B = 8192 B (512 << 16), SBO = 1024 B:
// 0x4000404002000000 = 4611756662083026944.
// CHECK: %[[IDESC:.*]] = llvm.mlir.constant(136380432 : i32) : i32
// CHECK: %[[ABITS:.*]] = llvm.mlir.constant(4611756662049538048 : i64) : i64
// CHECK: %[[A0:.*]] = llvm.or %{{.*}}, %[[ABITS]] : i64
// CHECK: %[[BBITS:.*]] = llvm.mlir.constant(4611756662083026944 : i64) : i64
// CHECK: %[[B0:.*]] = llvm.or %{{.*}}, %[[BBITS]] : i64
// CHECK: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
// The first instruction accumulates as use_acc says.
// CHECK: nvvm.tcgen05.mma %[[D:.*]], %[[A0]], %[[B0]], %[[IDESC]], %[[USE:.*]] {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>}
// K 16-31: A advances 32 B along its swizzle row (2), B 16 rows x 128 B =
// 2048 B (128); the rest accumulate.
// CHECK: %[[C2:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK: %[[A1:.*]] = llvm.add %[[A0]], %[[C2]] : i64
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i64) : i64
// CHECK: %[[B1:.*]] = llvm.add %[[B0]], %[[C128]] : i64
// CHECK: nvvm.tcgen05.mma %[[D]], %[[A1]], %[[B1]], %[[IDESC]], %[[TRUE]]
// CHECK: llvm.mlir.constant(4 : i64)
// CHECK: llvm.mlir.constant(256 : i64)
// CHECK: nvvm.tcgen05.mma
// CHECK: llvm.mlir.constant(6 : i64)
// CHECK: llvm.mlir.constant(384 : i64)
// CHECK: nvvm.tcgen05.mma
// CHECK-NOT: nvvm.tcgen05.mma
// The predicated form issues under its predicate.
// CHECK: scf.if %{{.*}} {
// CHECK-COUNT-4: nvvm.tcgen05.mma
// CHECK: }
// CHECK: nvvm.tcgen05.commit
gpu.func @mma_f16(%bar: !mbarrier.barrier, %use: i1, %p: i1) kernel {
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

// tf32, M = 64, N = 64: A 64x32 f32 (K-major), B 32x64 f32 transposed
// (K contiguous: K-major), K = 32 in four instructions of K = 8.
// CHECK-LABEL: gpu.func @mma_tf32_m64
// Both descriptors 0x4000404000010000; instruction descriptor: F32 D
// (1 << 4), TF32 A and B (2 << 7, 2 << 10), no transposes, N = 64
// (8 << 17), M = 64 (4 << 24) = 0x04100910 = 68159760.
// CHECK: llvm.mlir.constant(68159760 : i32)
// CHECK: llvm.mlir.constant(4611756662049538048 : i64)
// CHECK: llvm.mlir.constant(4611756662049538048 : i64)
// CHECK: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<tf32>
// Each K step of 8 f32 is 32 B along both swizzle rows.
// CHECK: llvm.mlir.constant(2 : i64)
// CHECK: llvm.mlir.constant(2 : i64)
// CHECK: nvvm.tcgen05.mma
// CHECK-COUNT-2: nvvm.tcgen05.mma
// CHECK-NOT: nvvm.tcgen05.mma
gpu.func @mma_tf32_m64(%use: i1) kernel {
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

// bf16 with a transposed A (M contiguous: MN-major) in 32-byte swizzle,
// M = 64, N = 32.
// CHECK-LABEL: gpu.func @mma_bf16_transposed_a
// A: MN-major, LBO = K x 32 B = 2048 B (128 << 16), SBO = 8 x 32 B = 256 B
// (16 << 32), 32-byte swizzle (6 << 61): 0xc000401000800000.
// B: K-major in 128-byte swizzle.
// F32 D (1 << 4), BF16 A and B (1 << 7, 1 << 10), transpose A (1 << 15),
// N = 32 (4 << 17), M = 64 (4 << 24) = 0x04088490 = 67667088.
// CHECK: llvm.mlir.constant(67667088 : i32)
// CHECK: llvm.mlir.constant(-4611615580955344896 : i64)
// CHECK: llvm.mlir.constant(4611756662049538048 : i64)
// CHECK: nvvm.tcgen05.mma
// A advances 16 K rows x 32 B = 512 B (32), B 32 B (2).
// CHECK: llvm.mlir.constant(32 : i64)
// CHECK: llvm.mlir.constant(2 : i64)
// CHECK: nvvm.tcgen05.mma
gpu.func @mma_bf16_transposed_a(%use: i1) kernel {
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

// f8 with A in tensor memory: A 128x64 e4m3 (packed, 16 columns), B 64x128
// e5m2 (MN-major, 64-byte swizzle), D 128x128 f16; two instructions of K =
// 32.
// CHECK-LABEL: gpu.func @mma_f8_tmem_a
// B: LBO = K x 64 B = 4096 B (256 << 16), SBO = 512 B (32 << 32), 64-byte
// swizzle: 0x8000402001000000.
// F16 D (0), E4M3 A (0), E5M2 B (1 << 10), transpose B (1 << 16), N = 128
// (16 << 17), M = 128 (8 << 24) = 0x08210400 = 136381440.
// CHECK: %[[IDESC:.*]] = llvm.mlir.constant(136381440 : i32) : i32
// CHECK: llvm.mlir.constant(-9223301530654867456 : i64)
// CHECK: nvvm.tcgen05.mma %[[D:.*]], %[[A:.*]], %{{.*}}, %[[IDESC]], %{{.*}} {{.*}}kind = #nvvm.tcgen05_mma_kind<f8f6f4>} : (!llvm.ptr<6>, !llvm.ptr<6>, i64, i32, i1)
// The second K step reads A 32 x 8 bits = 8 columns further, B 32 rows x
// 64 B = 2048 B (128) further.
// CHECK: llvm.mlir.constant(8 : i32)
// CHECK: llvm.mlir.constant(128 : i64)
// CHECK: nvvm.tcgen05.mma
gpu.func @mma_f8_tmem_a(%use: i1) kernel {
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

// i8: A 128x64 (K-major), B 64x256 transposed (K-major), D 128x256 i32.
// CHECK-LABEL: gpu.func @mma_i8
// Both 0x8000402000010000 (64-byte swizzle, SBO 512 B).
// S32 D (2 << 4), signed A and B (1 << 7, 1 << 10), N = 256 (32 << 17),
// M = 128 (8 << 24) = 0x084004a0 = 138413216.
// CHECK: llvm.mlir.constant(138413216 : i32)
// CHECK: llvm.mlir.constant(-9223301530671579136 : i64)
// CHECK: llvm.mlir.constant(-9223301530671579136 : i64)
// CHECK: nvvm.tcgen05.mma {{.*}}kind = #nvvm.tcgen05_mma_kind<i8>
// CHECK: nvvm.tcgen05.mma
// CHECK-NOT: nvvm.tcgen05.mma
gpu.func @mma_i8(%use: i1) kernel {
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

// Views, synchronization, and the deallocations that are not the release.
// CHECK-LABEL: gpu.func @views
// Three buffers: the two 128-column ones at 0 and 128, the 32-column one
// at 256: 288 columns, allocated as 512.
// CHECK-SAME: tmem.tensor_memory_columns = 512
// CHECK: %[[C512:.*]] = llvm.mlir.constant(512 : i32) : i32
// CHECK: nvvm.tcgen05.alloc %{{.*}}, %[[C512]]
// CHECK: %[[T:.*]] = llvm.inttoptr %{{.*}} : i32 to !llvm.ptr<6>
// CHECK: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK: %[[BI:.*]] = llvm.ptrtoint %[[T]] : !llvm.ptr<6> to i32
// CHECK: %[[BS:.*]] = llvm.add %[[BI]], %[[C128]] : i32
// CHECK: %[[BIG:.*]] = llvm.inttoptr %[[BS]] : i32 to !llvm.ptr<6>
// CHECK: %[[C256:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK: %[[HI:.*]] = llvm.ptrtoint %[[T]] : !llvm.ptr<6> to i32
// CHECK: %[[HS:.*]] = llvm.add %[[HI]], %[[C256]] : i32
// CHECK: %[[H:.*]] = llvm.inttoptr %[[HS]] : i32 to !llvm.ptr<6>
// Stage %i of the ring: 64 columns a stage.
// CHECK: %[[I:.*]] = llvm.trunc %{{.*}} : i64 to i32
// CHECK: %[[C64:.*]] = llvm.mlir.constant(64 : i32) : i32
// CHECK: %[[OFF:.*]] = llvm.mul %[[I]], %[[C64]] : i32
// CHECK: llvm.ptrtoint %[[T]]
// CHECK: %[[STAGE:.*]] = llvm.inttoptr
// Column 32 of a single-block f32 buffer is column 32.
// CHECK: llvm.mlir.constant(32 : i32)
// CHECK: llvm.ptrtoint %[[STAGE]]
// Column 32 of the 256-row buffer with blocks of 32: block (0, 1) at
// (1 x 2 + 0) x 32 = 64.
// CHECK: llvm.mlir.constant(64 : i32)
// CHECK: llvm.ptrtoint %[[BIG]]
// Column 32 of packed f16 is 32 x 16 / 32 = column 16.
// CHECK: llvm.mlir.constant(16 : i32)
// CHECK: llvm.ptrtoint %[[H]]
// CHECK: nvvm.tcgen05.commit %{{.*}}, multicast_mask = %{{.*}} : !llvm.ptr<3>, i16
// CHECK: nvvm.tcgen05.fence <before>
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: nvvm.tcgen05.wait <load>
// CHECK: nvvm.tcgen05.wait <store>
// tmem.relinquish (done at the entry) and the deallocation of %h (its
// columns return to the kernel's allocation) leave nothing behind.
// CHECK-NOT: relinquish
// CHECK-NOT: nvvm.tcgen05.dealloc %[[H]]
// The release frees from the kernel's base: the released buffer's address
// minus its offset (0).
// CHECK: nvvm.tcgen05.dealloc %[[T]], %{{.*}} : !llvm.ptr<6>, i32
gpu.func @views(%i: index, %bar: !mbarrier.barrier, %mask: i16) kernel {
  %ring = tmem.alloc : !tmem.buffer<2x128x64xf32, #l64>
  %big = tmem.alloc : !tmem.buffer<256x64xf32, #l32>
  %h = tmem.alloc : !tmem.buffer<128x64xf16, #l64>
  %stage = tmem.index %ring[%i] : !tmem.buffer<2x128x64xf32, #l64> -> !tmem.buffer<128x64xf32, #l64>
  %s0 = tmem.subslice %stage, column = 32 : !tmem.buffer<128x64xf32, #l64> -> !tmem.buffer<128x32xf32, #l32>
  %s1 = tmem.subslice %big, column = 32 : !tmem.buffer<256x64xf32, #l32> -> !tmem.buffer<256x32xf32, #l32>
  %s2 = tmem.subslice %h, column = 32 : !tmem.buffer<128x64xf16, #l64> -> !tmem.buffer<128x32xf16, #l32>
  %e = tile.elect cta
  scf.if %e {
    tmem.commit %bar multicast %mask
  }
  tmem.fence before
  tmem.fence after
  tmem.wait load
  tmem.wait store
  tmem.relinquish
  tmem.dealloc %h : !tmem.buffer<128x64xf16, #l64>
  tmem.dealloc %ring : !tmem.buffer<2x128x64xf32, #l64>
  gpu.return
}

}

// Block-scaled MMA (kind::mxf8f6f4): LLVM prints it in its .block32 form,
// which needs PTX ISA 8.8.
gpu.module @scaled [#nvvm.target<chip = "sm_100a", features = "+ptx88">] {

// A 128x256 e4m3 and B 256x128 e5m2 transposed (both K-major, 128-byte
// swizzle), UE8M0 factors for every 32 elements of K: eight instructions of
// K = 32, one factor a row each.
// CHECK-LABEL: gpu.func @mma_scaled_f8
// D at column 0, the factors of A at 128 and of B at 160.
// CHECK: %[[D:.*]] = llvm.inttoptr %{{.*}} : i32 to !llvm.ptr<6>
// CHECK: llvm.mlir.constant(128 : i32)
// CHECK: %[[SA:.*]] = llvm.inttoptr %{{.*}} : i32 to !llvm.ptr<6>
// CHECK: llvm.mlir.constant(160 : i32)
// CHECK: %[[SB:.*]] = llvm.inttoptr %{{.*}} : i32 to !llvm.ptr<6>
// Block-scaled instruction descriptor: E4M3 A (0), E5M2 B (1 << 10),
// N = 128 (16 << 17), UE8M0 factors (1 << 23), M = 128 (8 << 24), and the
// scale-factor IDs of A (bits 29-30) and B (bits 4-5) = the instruction's
// factor within its column (0x08a00400 = 144704512, then 0x28a00410,
// 0x48a00420, 0x68a00430).
// CHECK: llvm.mlir.constant(144704512 : i32)
// CHECK-NEXT: nvvm.tcgen05.mma.block_scale %[[D]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[SA]], %[[SB]] {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf8f6f4>}
// CHECK: llvm.mlir.constant(681575440 : i32)
// CHECK-NEXT: nvvm.tcgen05.mma.block_scale %{{.*}}, %[[SA]], %[[SB]]
// CHECK: llvm.mlir.constant(1218446368 : i32)
// CHECK-NEXT: nvvm.tcgen05.mma.block_scale %{{.*}}, %[[SA]], %[[SB]]
// CHECK: llvm.mlir.constant(1755317296 : i32)
// CHECK-NEXT: nvvm.tcgen05.mma.block_scale %{{.*}}, %[[SA]], %[[SB]]
// Instructions 4-7 take the next group of four factors: ceil(128 / 32) = 4
// columns further for both (A's M and B's N are 128), and their K slice is
// the second 128-byte chunk (16384 B, 1024).
// CHECK: llvm.mlir.constant(1024 : i64)
// CHECK: llvm.mlir.constant(1024 : i64)
// CHECK: %[[I4:.*]] = llvm.mlir.constant(144704512 : i32)
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: llvm.ptrtoint %[[SA]]
// CHECK: %[[SA4:.*]] = llvm.inttoptr
// CHECK: llvm.ptrtoint %[[SB]]
// CHECK: %[[SB4:.*]] = llvm.inttoptr
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %[[I4]], %{{.*}}, %[[SA4]], %[[SB4]]
// CHECK-COUNT-3: nvvm.tcgen05.mma.block_scale
// CHECK-NOT: nvvm.tcgen05.mma.block_scale
gpu.func @mma_scaled_f8(%use: i1) kernel {
  %a = tile.alloc_smem : !tile.smem<128x256xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable>
  %b = tile.alloc_smem : !tile.smem<256x128xf8E5M2, #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>, mutable>
  %d = tmem.alloc : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
  %as = tmem.alloc : !tmem.buffer<128x8xf8E8M0FNU, #tmem.scales>
  %bs = tmem.alloc : !tmem.buffer<128x8xf8E8M0FNU, #tmem.scales>
  %e = tile.elect cta
  scf.if %e {
    tmem.mma_scaled %a, %b, %d, %as, %bs, %use : !tile.smem<128x256xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable>, !tile.smem<256x128xf8E5M2, #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>, mutable>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x8xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x8xf8E8M0FNU, #tmem.scales>
  }
  tmem.dealloc %d : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
  gpu.return
}

}
