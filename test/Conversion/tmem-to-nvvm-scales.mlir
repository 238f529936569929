// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-tensor-memory, tile-allocate-shared-memory, gpu.module(convert-tmem-to-nvvm))' | FileCheck %s

// Block-scale factors: tcgen05.cp.32x128b.warpx4 of scale-factor atoms into
// #tmem.scales buffers, and the block-scaled kinds that read them. The
// constants are derived by hand:
//
// tcgen05.cp descriptor of an atom (32 rows x 16 bytes, unswizzled): start
//   >> 4 | LBO 0 (a row is one core matrix wide) | SBO 128 >> 4 = 8 << 32
//   | 0b001 << 46 = 0x400800000000 = 70403103916032; atom c starts
//   512 * c bytes further (+32 * c in the start-address field).
// block-scaled instruction descriptor = B factor ID << 4 | A format << 7
//   | B format << 10 | transpose A << 15 | transpose B << 16 | N >> 3 << 17
//   | UE8M0 << 23 | M >> 4 << 24 | A factor ID << 29.

gpu.module @scales [#nvvm.target<chip = "sm_100a", features = "+ptx88">] {

// 128 rows x 8 factors: two atoms (64 rows of 16 bytes), one column group
// of ceil(128 / 32) = 4 columns each: atom 1 at column 4, 512 bytes on.
// CHECK-LABEL: gpu.func @copy_128x8
// CHECK: %[[T:.*]] = llvm.inttoptr %{{.*}} : i32 to !llvm.ptr<6>
// CHECK: %[[BITS:.*]] = llvm.mlir.constant(70403103916032 : i64) : i64
// CHECK-NEXT: %[[D0:.*]] = llvm.or %{{.*}}, %[[BITS]] : i64
// CHECK-NEXT: nvvm.tcgen05.cp %[[T]], %[[D0]] {multicast = #nvvm.tcgen05_cp_multicast<warpx4>, shape = #nvvm.tcgen05_cp_shape<shape_32x128b>}
// CHECK-NEXT: %[[O1:.*]] = llvm.mlir.constant(32 : i64) : i64
// CHECK-NEXT: %[[D1:.*]] = llvm.add %[[D0]], %[[O1]] : i64
// CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK: %[[T4:.*]] = llvm.inttoptr
// CHECK-NEXT: nvvm.tcgen05.cp %[[T4]], %[[D1]] {multicast = #nvvm.tcgen05_cp_multicast<warpx4>, shape = #nvvm.tcgen05_cp_shape<shape_32x128b>}
// CHECK-NOT: nvvm.tcgen05.cp
gpu.func @copy_128x8() kernel {
  %s = tile.alloc_smem : !tile.smem<64x16xf8E8M0FNU, mutable>
  %t = tmem.alloc : !tmem.buffer<128x8xf8E8M0FNU, #tmem.scales>
  %e = tile.elect cta
  scf.if %e {
    tmem.copy %s, %t : !tile.smem<64x16xf8E8M0FNU, mutable>, !tmem.buffer<128x8xf8E8M0FNU, #tmem.scales>
  }
  tmem.dealloc %t : !tmem.buffer<128x8xf8E8M0FNU, #tmem.scales>
  gpu.return
}

// 256 rows x 8 factors: four atoms c = 2 * (r / 128) + k / 4, 512 * c bytes
// on, into column 4 * (r / 128) + 8 * (k / 4) (8 columns a group).
// CHECK-LABEL: gpu.func @copy_256x8
// CHECK: %[[D0:.*]] = llvm.or %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: nvvm.tcgen05.cp %{{.*}}, %[[D0]]
// CHECK-NEXT: llvm.mlir.constant(32 : i64)
// CHECK: llvm.mlir.constant(8 : i32)
// CHECK: nvvm.tcgen05.cp
// CHECK-NEXT: llvm.mlir.constant(64 : i64)
// CHECK: llvm.mlir.constant(4 : i32)
// CHECK: nvvm.tcgen05.cp
// CHECK-NEXT: llvm.mlir.constant(96 : i64)
// CHECK: llvm.mlir.constant(12 : i32)
// CHECK: nvvm.tcgen05.cp
// CHECK-NOT: nvvm.tcgen05.cp
gpu.func @copy_256x8() kernel {
  %s = tile.alloc_smem : !tile.smem<128x16xi8, mutable>
  %t = tmem.alloc : !tmem.buffer<256x8xi8, #tmem.scales>
  %e = tile.elect cta
  scf.if %e {
    tmem.copy %s, %t : !tile.smem<128x16xi8, mutable>, !tmem.buffer<256x8xi8, #tmem.scales>
  }
  tmem.dealloc %t : !tmem.buffer<256x8xi8, #tmem.scales>
  gpu.return
}

// kind::mxf4: packed e2m1 (64-byte swizzle: 128 elements a row), K = 128
// in two instructions of K = 64 (32 bytes, +2 in the start address), two
// UE8M0 factors each: IDs 0 and 2 of the first column group.
// Operand descriptors: LBO 16 (1 << 16) | SBO 8 * 64 = 512 (32 << 32)
//   | 1 << 46 | 4 << 61 = 0x8000402000010000 = -9223301530671579136.
// Instruction descriptors: E2M1 = 1 for A (1 << 7) and B (1 << 10), both
//   K-major, N = 128 (16 << 17), UE8M0 (1 << 23), M = 128 (8 << 24)
//   = 144704640; with IDs 2: | 2 << 4 | 2 << 29 = 1218446496.
// CHECK-LABEL: gpu.func @mma_mxf4
// CHECK: llvm.mlir.constant(-9223301530671579136 : i64)
// CHECK: llvm.mlir.constant(-9223301530671579136 : i64)
// CHECK: llvm.mlir.constant(144704640 : i32)
// CHECK-NEXT: nvvm.tcgen05.mma.block_scale %{{.*}}, %[[SA:[^,]*]], %[[SB:[^ ]*]] {blockScale = #nvvm.tcgen05_mma_block_scale<block32>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf4>}
// CHECK-NEXT: llvm.mlir.constant(2 : i64)
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.mlir.constant(2 : i64)
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.mlir.constant(1218446496 : i32)
// CHECK-NEXT: nvvm.tcgen05.mma.block_scale %{{.*}}, %[[SA]], %[[SB]] {blockScale = #nvvm.tcgen05_mma_block_scale<block32>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf4>}
// CHECK-NOT: nvvm.tcgen05.mma.block_scale
gpu.func @mma_mxf4(%use: i1) kernel {
  %a = tile.alloc_smem : !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>, mutable>
  %b = tile.alloc_smem : !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4, transposed = true>, mutable>
  %d = tmem.alloc : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
  %as = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
  %bs = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
  %e = tile.elect cta
  scf.if %e {
    tmem.mma_scaled %a, %b, %d, %as, %bs, %use : !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4>, mutable>, !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 64, element_bits = 4, transposed = true>, mutable>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
  }
  tmem.dealloc %d : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
  gpu.return
}

// kind::mxf4nvf4: packed e2m1 (128-byte swizzle), K = 256 in four
// instructions of K = 64, four UE4M3 factors each (one per 16 elements):
// ID 0 of column group s, i.e. A's factors 4 * s columns on (ceil(128 /
// 32) = 4 a group) and B's (N = 64) 2 * s.
// Operand descriptors: LBO 16 | SBO 1024 (64 << 32) | 1 << 46 | 2 << 61
//   = 4611756662049538048.
// Instruction descriptor: E2M1 A and B (1 << 7 | 1 << 10), N = 64
//   (8 << 17), UE4M3 (bit 23 clear), M = 128 (8 << 24) = 135267456.
// CHECK-LABEL: gpu.func @mma_nvf4
// CHECK: llvm.mlir.constant(4611756662049538048 : i64)
// CHECK: llvm.mlir.constant(135267456 : i32)
// CHECK-NEXT: nvvm.tcgen05.mma.block_scale {{.*}} {blockScale = #nvvm.tcgen05_mma_block_scale<block16>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf4nvf4>}
// CHECK: llvm.mlir.constant(135267456 : i32)
// CHECK-NEXT: llvm.mlir.constant(4 : i32)
// CHECK: llvm.mlir.constant(2 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale
// CHECK: llvm.mlir.constant(135267456 : i32)
// CHECK-NEXT: llvm.mlir.constant(8 : i32)
// CHECK: llvm.mlir.constant(4 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale
// CHECK: llvm.mlir.constant(135267456 : i32)
// CHECK-NEXT: llvm.mlir.constant(12 : i32)
// CHECK: llvm.mlir.constant(6 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale
// CHECK-NOT: nvvm.tcgen05.mma.block_scale
gpu.func @mma_nvf4(%use: i1) kernel {
  %a = tile.alloc_smem : !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>
  %b = tile.alloc_smem : !tile.smem<256x64xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true>, mutable>
  %d = tmem.alloc : !tmem.buffer<128x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>
  %as = tmem.alloc : !tmem.buffer<128x16xf8E4M3FN, #tmem.scales>
  %bs = tmem.alloc : !tmem.buffer<64x16xf8E4M3FN, #tmem.scales>
  %e = tile.elect cta
  scf.if %e {
    tmem.mma_scaled %a, %b, %d, %as, %bs, %use : !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>, !tile.smem<256x64xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true>, mutable>, !tmem.buffer<128x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>, !tmem.buffer<128x16xf8E4M3FN, #tmem.scales>, !tmem.buffer<64x16xf8E4M3FN, #tmem.scales>
  }
  tmem.dealloc %d : !tmem.buffer<128x64xf32, #tmem.layout<block = [128, 64], col_stride = 1>>
  gpu.return
}

// kind::mxf8f6f4 with an e4m3 A and a padded e2m1 B (one element a byte,
// so its steps are those of an 8-bit operand): B's format is E2M1 = 5
// (5 << 10): 0x08a01400 = 144708608, then IDs 1-3.
// CHECK-LABEL: gpu.func @mma_f8_fp4_padded
// CHECK: llvm.mlir.constant(144708608 : i32)
// CHECK-NEXT: nvvm.tcgen05.mma.block_scale {{.*}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf8f6f4>}
// CHECK: llvm.mlir.constant(681579536 : i32)
// CHECK: llvm.mlir.constant(1218450464 : i32)
// CHECK: llvm.mlir.constant(1755321392 : i32)
// CHECK-NEXT: nvvm.tcgen05.mma.block_scale
// CHECK-NOT: nvvm.tcgen05.mma.block_scale
gpu.func @mma_f8_fp4_padded(%use: i1) kernel {
  %a = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable>
  %b = tile.alloc_smem : !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true, fp4_padded = true>, mutable>
  %d = tmem.alloc : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
  %as = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
  %bs = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
  %e = tile.elect cta
  scf.if %e {
    tmem.mma_scaled %a, %b, %d, %as, %bs, %use : !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable>, !tile.smem<128x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true, fp4_padded = true>, mutable>, !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
  }
  tmem.dealloc %d : !tmem.buffer<128x128xf32, #tmem.layout<block = [128, 128], col_stride = 1>>
  gpu.return
}

}
