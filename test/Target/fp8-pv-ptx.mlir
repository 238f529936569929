// The P V pattern of an fp8 attention for sm_90a, and ptxas accepting it:
// an f32 accumulator rounded to e4m3 (cvt.rn.satfinite.e4m3x2.f32) and
// converted to the e4m3 A-operand layout (#tile.dot_operand with kWidth =
// 4: warp shuffles of packed words, no shared memory) feeding a
// register-A wgmma with V (stored [D, keys], K-major) from shared memory.
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin

// The 64 bytes a thread holds move in 17 shuffles: the rounds that read
// the same lane share 32-bit words, four e4m3 elements each (one element a
// shuffle took 65).
// CHECK-LABEL: .entry pv_e4m3(
// CHECK-NOT: ld.shared
// CHECK: cvt.rn.satfinite.e4m3x2.f32
// CHECK-COUNT-17: shfl.sync.idx.b32
// CHECK-NOT: shfl.sync
// CHECK: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3

#sw128x8 = #tile.nvmma_shared<swizzle = 128, element_bits = 8>
#sw128x8t = #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>
#plain32 = #tile.nvmma_shared<swizzle = 0, element_bits = 32>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#a8 = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 4>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @pv_e4m3(%s: tensor<64x128xf32, #acc>) kernel attributes {tile.num_warps = 4 : i32} {
      %vt = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #sw128x8, mutable>
      %c = tile.alloc_smem : !tile.smem<64x128xf32, #plain32, mutable>
      %p8 = arith.truncf %s : tensor<64x128xf32, #acc> to tensor<64x128xf8E4M3FN, #acc>
      %pa = tile.convert_layout %p8 : tensor<64x128xf8E4M3FN, #acc> -> tensor<64x128xf8E4M3FN, #a8>
      %v = tile.smem_trans %vt, order = [1, 0] : !tile.smem<128x128xf8E4M3FN, #sw128x8, mutable> -> !tile.smem<128x128xf8E4M3FN, #sw128x8t, mutable>
      %zero = arith.constant dense<0.0> : tensor<64x128xf32, #acc>
      %d = tile.dot %pa, %v, %zero : tensor<64x128xf8E4M3FN, #a8>, !tile.smem<128x128xf8E4M3FN, #sw128x8t, mutable>, tensor<64x128xf32, #acc> -> tensor<64x128xf32, #acc>
      tile.smem_store %d, %c : tensor<64x128xf32, #acc>, !tile.smem<64x128xf32, #plain32, mutable>
      gpu.return
    }
  }
}
