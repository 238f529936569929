// RUN: tile-opt %s -tile-test-print-layouts -verify-diagnostics -o /dev/null

// Bank conflicts and ldmatrix/stmatrix eligibility of moving a whole shared
// buffer in the register layout given as the value of print_layout. Both
// come from the composed map (register, lane, warp) -> offset: a thread
// moves as many consecutive registers as are contiguous in shared memory
// (up to 16 bytes); a phase (32 lanes for 4-byte accesses, 16 for 8, 8 for
// 16) needs one wavefront per distinct address that shares a bank group.

#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#rows8 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#half8 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>
#column = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [1, 0]>
#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#sw0 = #tile.nvmma_shared<swizzle = 0, element_bits = 16>
#xor = #tile.swizzled_shared<vec = 1, perPhase = 8, maxPhase = 4, order = [1, 0]>

gpu.module @m {
gpu.func @banks() kernel {
  // The accumulator against a 128-byte swizzle: the 8 rows a warp's lanes
  // touch land in 8 different 16-byte units. Its fragment is exactly
  // ldmatrix's (register 0 and lanes 0-1 walk a 16-byte row).
  // expected-remark @below {{bank conflicts: none (4-byte accesses); ldmatrix/stmatrix: x4}}
  %0 = tile.alloc_smem {test.print_layout = #acc} : !tile.smem<64x64xf16, #sw128, mutable>
  // The same without swizzle: rows 128 bytes apart share banks, 8 rows per
  // phase -> 8 wavefronts.
  // expected-remark @below {{bank conflicts: 8-way (4-byte accesses); ldmatrix/stmatrix: x4}}
  %1 = tile.alloc_smem {test.print_layout = #acc} : !tile.smem<64x64xf16, #sw0, mutable>
  // 16-byte vectors, 8 lanes along a 128-byte row: conflict-free anywhere.
  // expected-remark @below {{bank conflicts: none (16-byte accesses); ldmatrix/stmatrix: no (lane bit 0 moves by 8 elements in shared memory, not 2)}}
  %2 = tile.alloc_smem {test.print_layout = #rows8} : !tile.smem<64x64xf16, #sw0, mutable>
  // 16-byte vectors, 4 lanes per half row: lanes 4-7 read the next row's
  // first half, whose units the swizzle only permutes among themselves.
  // expected-remark @below {{bank conflicts: 2-way (16-byte accesses)}}
  %3 = tile.alloc_smem {test.print_layout = #half8} : !tile.smem<64x64xf16, #sw128, mutable>
  // One f32 per lane down a column of 16-byte rows: 4 lanes per bank.
  // expected-remark @below {{bank conflicts: 4-way (4-byte accesses); ldmatrix/stmatrix: no (elements are 32 bits, ldmatrix/stmatrix move b16)}}
  %4 = tile.alloc_smem {test.print_layout = #column} : !tile.smem<32x4xf32, mutable>
  // XOR-swizzling the column by row / 8 spreads those lanes over all banks.
  // expected-remark @below {{bank conflicts: none (4-byte accesses)}}
  %5 = tile.alloc_smem {test.print_layout = #column} : !tile.smem<32x4xf32, #xor, mutable>
  gpu.return
}
}
