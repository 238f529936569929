// RUN: tile-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -o /dev/null

// tile.dot forms wgmma cannot execute, each rejected with the rule it
// breaks.

// A in registers: wgmma packs 32 bits of A per register, so kWidth is
// 32 / element bits (2 for f16).
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#a = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 4>
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @k(%x: f16) kernel attributes {tile.num_warps = 4 : i32} {
    %b = tile.alloc_smem : !tile.smem<32x64xf16, #sw, mutable>
    %a = tile.splat %x : tensor<64x32xf16, #a>
    %z = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    // expected-error @+1 {{wgmma packs 2 16-bit A elements into each 32-bit register, so A's #tile.dot_operand layout needs kWidth = 2, got kWidth = 4}}
    %d = tile.dot %a, %b, %z : tensor<64x32xf16, #a>, !tile.smem<32x64xf16, #sw, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    gpu.return
  }
}

// -----

// Unswizzled K-major A: the dense buffer's rows are 64 bytes apart, wgmma's
// unswizzled core matrices need 16.
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#plain = #tile.nvmma_shared<swizzle = 0, element_bits = 16>
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x32xf16, #plain, mutable>
    %b = tile.alloc_smem : !tile.smem<32x64xf16, #sw, mutable>
    %z = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    // expected-error @+1 {{wgmma cannot read the unswizzled K-major A operand: a #tile.nvmma_shared<swizzle = 0> buffer is dense (as TMA writes it without swizzle), so its contiguous dimension puts rows 64 bytes apart, but unswizzled wgmma operands are 8 x 16-byte core matrices whose rows are 16 bytes apart: only a 16-byte contiguous dimension fits (an MN-major B with N = 16 bytes); use a 32-, 64- or 128-byte swizzle}}
    %d = tile.dot %a, %b, %z : !tile.smem<64x32xf16, #plain, mutable>, !tile.smem<32x64xf16, #sw, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    gpu.return
  }
}

// -----

// Unswizzled MN-major B wider than 16 bytes (64 f16 columns: 128 bytes).
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#plain = #tile.nvmma_shared<swizzle = 0, element_bits = 16>
#sw = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x32xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<32x64xf16, #plain, mutable>
    %z = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    // expected-error @+1 {{wgmma cannot read the unswizzled MN-major B operand: a #tile.nvmma_shared<swizzle = 0> buffer is dense (as TMA writes it without swizzle), so its contiguous dimension puts rows 128 bytes apart}}
    %d = tile.dot %a, %b, %z : !tile.smem<64x32xf16, #sw, mutable>, !tile.smem<32x64xf16, #plain, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    gpu.return
  }
}

// -----

// Unswizzled K-major B (transposed view of an [N, K] buffer): 32 bytes of K.
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#plaint = #tile.nvmma_shared<swizzle = 0, element_bits = 8, transposed = true>
#sw = #tile.nvmma_shared<swizzle = 32, element_bits = 8>
gpu.module @m {
  gpu.func @k() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x32xf8E4M3FN, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<32x64xf8E4M3FN, #plaint, mutable>
    %z = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    // expected-error @+1 {{wgmma cannot read the unswizzled K-major B operand: a #tile.nvmma_shared<swizzle = 0> buffer is dense (as TMA writes it without swizzle), so its contiguous dimension puts rows 32 bytes apart}}
    %d = tile.dot %a, %b, %z : !tile.smem<64x32xf8E4M3FN, #sw, mutable>, !tile.smem<32x64xf8E4M3FN, #plaint, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    gpu.return
  }
}
