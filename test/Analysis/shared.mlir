// RUN: tile-opt %s -tile-test-print-layouts -verify-diagnostics -o /dev/null

// Shared layouts: `offset` (in elements) -> tensor coordinates, and the
// byte offsets of probe elements. They must agree with the scalar
// addressing of TileToNVVM (emitElementOffset): NVMMA splits the
// contiguous dimension into swizzle-byte chunks, each a [rows x swizzle]
// block, and XORs the 16-byte unit with the 128-byte row within each
// 8-row atom: offset ^= ((offset >> 7) & (swizzle / 16 - 1)) << 4.

#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#sw128b = #tile.nvmma_shared<swizzle = 128, element_bits = 8>
#sw64 = #tile.nvmma_shared<swizzle = 64, element_bits = 32>
#sw64t = #tile.nvmma_shared<swizzle = 64, element_bits = 32, transposed = true>
#sw32 = #tile.nvmma_shared<swizzle = 32, element_bits = 16>
#sw0 = #tile.nvmma_shared<swizzle = 0, element_bits = 16>
#fp4p = #tile.nvmma_shared<swizzle = 128, element_bits = 4, fp4_padded = true>
#fp4 = #tile.nvmma_shared<swizzle = 128, element_bits = 4>
#xor = #tile.swizzled_shared<vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]>
#xorT = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]>

gpu.module @m {
gpu.func @buffers() kernel {
  // 128-byte swizzle, 64 f16 per chunk row. (3, 10): 3 * 128 + 20 = 404,
  // 404 ^ (3 << 4) = 420. (3, 70): second chunk, 8192 + 384 + 12 = 8588,
  // ^ 48 = 8636. Offset bit 6 (byte 128) holds row 1, column 8 (the 16-byte
  // unit 1 of row 1 lands at unit 0).
  // expected-remark @below {{shared layout: offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0], [0, 64]]; offsets: (3, 10) -> byte 420, (3, 70) -> byte 8636}}
  %0 = tile.alloc_smem {test.print_layout, test.probe_elements = [[3, 10], [3, 70]]} : !tile.smem<64x128xf16, #sw128, mutable>
  // Default probes: unit coordinates and the last element. (1, 0) is at
  // 128 ^ 16 = 144; (63, 63) at 63 * 128 + 126 = 8190 ^ (7 << 4) = 8078.
  // expected-remark @below {{shared layout: offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 8], [2, 16], [4, 32], [8, 0], [16, 0], [32, 0]]; offsets: (1, 0) -> byte 144, (0, 1) -> byte 2, (63, 63) -> byte 8078}}
  %1 = tile.alloc_smem {test.print_layout} : !tile.smem<64x64xf16, #sw128, mutable>
  // 8-bit elements, 128 per chunk row. (9, 200): 2048 + 1152 + 72 = 3272,
  // unit row (3272 >> 7) & 7 = 1: 3272 ^ 16 = 3288.
  // expected-remark @below {{offsets: (9, 200) -> byte 3288}}
  %2 = tile.alloc_smem {test.print_layout, test.probe_elements = [[9, 200]]} : !tile.smem<16x256xi8, #sw128b, mutable>
  // 64-byte swizzle of f32, 16 per chunk row. (7, 17): chunk 1 at
  // 32 * 64 = 2048, + 448 + 4 = 2500, (2500 >> 7) & 3 = 3: ^ 48 = 2548.
  // expected-remark @below {{shared layout: offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 4], [4, 8], [8, 0], [16, 0], [0, 16]]; offsets: (7, 17) -> byte 2548}}
  %3 = tile.alloc_smem {test.print_layout, test.probe_elements = [[7, 17]]} : !tile.smem<32x32xf32, #sw64, mutable>
  // Transposed (dimension 0 contiguous). (10, 5): 5 * 64 + 40 = 360,
  // 360 ^ (2 << 4) = 328.
  // expected-remark @below {{shared layout: offset = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 1], [4, 2], [8, 4], [0, 8], [16, 0], [32, 0]]; offsets: (10, 5) -> byte 328}}
  %4 = tile.alloc_smem {test.print_layout, test.probe_elements = [[10, 5]]} : !tile.smem<64x16xf32, #sw64t, mutable>
  // 32-byte swizzle of f16, 16 per chunk row. (5, 20): 2048 + 160 + 8 =
  // 2216, (2216 >> 7) & 1 = 1: ^ 16 = 2232. (4, 3): 134 ^ 16 = 150.
  // expected-remark @below {{shared layout: offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 0], [4, 8], [8, 0], [16, 0], [32, 0], [0, 16]]; offsets: (5, 20) -> byte 2232, (4, 3) -> byte 150}}
  %5 = tile.alloc_smem {test.print_layout, test.probe_elements = [[5, 20], [4, 3]]} : !tile.smem<64x32xf16, #sw32, mutable>
  // No swizzle: row-major.
  // expected-remark @below {{shared layout: offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]]; offsets: (3, 10) -> byte 404}}
  %6 = tile.alloc_smem {test.print_layout, test.probe_elements = [[3, 10]]} : !tile.smem<64x64xf16, #sw0, mutable>
  // No swizzle, transposed: dense in memory order, dimension 0 contiguous.
  // (10, 5): (5 * 64 + 10) * 4 = byte 1320.
  // expected-remark @below {{shared layout: offset = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0], [0, 1], [0, 2], [0, 4], [0, 8]]; offsets: (10, 5) -> byte 1320}}
  %t0 = tile.alloc_smem {test.print_layout, test.probe_elements = [[10, 5]]} : !tile.smem<64x16xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32, transposed = true>, mutable>
  // Plain buffers are row-major too.
  // expected-remark @below {{shared layout: offset = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [1, 0], [2, 0], [4, 0], [8, 0]]; offsets: (3, 10) -> byte 212}}
  %7 = tile.alloc_smem {test.print_layout, test.probe_elements = [[3, 10]]} : !tile.smem<16x32xf16, mutable>
  // A leading stage dimension: stage 1 starts after one 8192-byte tile.
  // expected-remark @below {{offsets: (1, 3, 10) -> byte 8612}}
  %8 = tile.alloc_smem {test.print_layout, test.probe_elements = [[1, 3, 10]]} : !tile.smem<2x64x64xf16, #sw128, mutable>
  // fp4 padded to a byte each: 128 elements per chunk row. (3, 10):
  // 394 ^ 48 = 442.
  // expected-remark @below {{offsets: (3, 10) -> byte 442}}
  %9 = tile.alloc_smem {test.print_layout, test.probe_elements = [[3, 10]]} : !tile.smem<64x128xi4, #fp4p, mutable>
  // Packed 4-bit elements count in nibbles: 256 per chunk row. (3, 10):
  // 778, 16-byte units of 32 nibbles: 778 ^ (3 * 32) = 874.
  // expected-remark @below {{offsets: (3, 10) -> nibble 874}}
  %10 = tile.alloc_smem {test.print_layout, test.probe_elements = [[3, 10]]} : !tile.smem<64x256xi4, #fp4, mutable>
  // swizzled_shared: row 5 has phase (5 / 2) mod 4 = 2; column 10 is group
  // 2, 2 ^ 2 = 0, so column 2: (5 * 16 + 2) * 4 = 328.
  // expected-remark @below {{shared layout: offset = [[0, 1], [0, 2], [0, 4], [0, 8], [1, 0], [2, 4], [4, 8]]; offsets: (5, 10) -> byte 328}}
  %11 = tile.alloc_smem {test.print_layout, test.probe_elements = [[5, 10]]} : !tile.smem<8x16xf32, #xor, mutable>
  // order = [0, 1]: dimension 0 is contiguous and swizzled by dimension 1.
  // (10, 3): phase 3, group 1 ^ 3 = 2, column 18: (18 + 3 * 64) * 2 = 420.
  // expected-remark @below {{offsets: (10, 3) -> byte 420}}
  %12 = tile.alloc_smem {test.print_layout, test.probe_elements = [[10, 3]]} : !tile.smem<64x32xf16, #xorT, mutable>
  gpu.return
}
}
