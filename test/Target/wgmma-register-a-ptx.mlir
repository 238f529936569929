// PTX of tile.dot with A in registers (#tile.dot_operand): the register-A
// form of wgmma.mma_async, "{d...}, {a0, a1, a2, a3}, descB, p, ...", as
// inline PTX (the NVVM op takes A only as a descriptor), for every type pair
// wgmma takes from registers, and ptxas accepting it for sm_90a. The A
// registers are packed before wgmma.fence, so ptxas need not inject
// warpgroup.arrive (its C7519 note).
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty

// PTXAS-NOT: error
// PTXAS-NOT: warning
// PTXAS-NOT: C7519

// CHECK: .target sm_90a

// f16 x f16 -> f32, A loaded from a swizzled buffer, N-major B: trans-b 1;
// 32 f32 accumulator registers, four A registers, B's descriptor.
// CHECK-LABEL: .entry f16_f32(
// CHECK: wgmma.fence.sync.aligned;
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%r{{[0-9]+}}, {{.*}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.wait_group.sync.aligned 0;

// bf16 with a K-major B (transposed view): trans-b 0.
// CHECK-LABEL: .entry bf16_kmajor_b(
// CHECK: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {{.*}}, p, 1, 1, 0;

// fp8: four elements per A register, K = 32, no transpose immediate; an
// f16 accumulator is 16 registers of packed pairs.
// CHECK-LABEL: .entry e4m3_f32(
// CHECK: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{.*}}, p, 1, 1;
// CHECK-LABEL: .entry e5m2_f16(
// CHECK: wgmma.mma_async.sync.aligned.m64n64k32.f16.e5m2.e5m2 {{.*}}, p, 1, 1;

// tf32 (one element per register, K = 8) and s8 (no scale immediates).
// CHECK-LABEL: .entry tf32_f32(
// CHECK: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}, p, 1, 1;
// CHECK-LABEL: .entry s8_s32(
// CHECK: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {{.*}}, %rd{{[0-9]+}}, p;

// Flash-attention shape: P = truncf(S) of one dot is A of the next; the
// accumulator and the k16 A fragment agree, so no shared memory is used
// between the two MMAs.
// CHECK-LABEL: .entry flash_pv(
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK-NOT: st.shared
// CHECK: cvt.rn.f16x2.f32
// CHECK: wgmma.fence.sync.aligned;
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16

// Shared-memory operand forms added with it: M-major A (trans-a 1) and an
// unswizzled MN-major B of 8 columns (layout type 0).
// CHECK-LABEL: .entry m_major_a(
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p, 1,  1, 1,  1;
// CHECK-LABEL: .entry unswizzled_b(
// CHECK: wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {{.*}}, p, 1,  1, 0,  1;

#sw64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#sw128t = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
#sw64x8 = #tile.nvmma_shared<swizzle = 64, element_bits = 8>
#sw64x8t = #tile.nvmma_shared<swizzle = 64, element_bits = 8, transposed = true>
#sw128x32t = #tile.nvmma_shared<swizzle = 128, element_bits = 32, transposed = true>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#acc128 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#a16 = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 2>
#a16n128 = #tile.dot_operand<opIdx = 0, parent = #acc128, kWidth = 2>
#a8 = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 4>
#a32 = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 1>
#plain32 = #tile.nvmma_shared<swizzle = 0, element_bits = 32>
#plain16 = #tile.nvmma_shared<swizzle = 0, element_bits = 16>
#acc8 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 8]>

gpu.module @kernels {
  gpu.func @f16_f32() kernel attributes {tile.num_warps = 4 : i32} {
    %as = tile.alloc_smem : !tile.smem<64x32xf16, #sw64, mutable>
    %b = tile.alloc_smem : !tile.smem<32x64xf16, #sw128, mutable>
    %c = tile.alloc_smem : !tile.smem<64x64xf32, #plain32, mutable>
    %a = tile.smem_load %as : !tile.smem<64x32xf16, #sw64, mutable> -> tensor<64x32xf16, #a16>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %d = tile.dot %a, %b, %zero : tensor<64x32xf16, #a16>, !tile.smem<32x64xf16, #sw128, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    tile.smem_store %d, %c : tensor<64x64xf32, #acc>, !tile.smem<64x64xf32, #plain32, mutable>
    gpu.return
  }
  gpu.func @bf16_kmajor_b() kernel attributes {tile.num_warps = 4 : i32} {
    %as = tile.alloc_smem : !tile.smem<64x64xbf16, #sw128, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xbf16, #sw128t, mutable>
    %c = tile.alloc_smem : !tile.smem<64x128xf32, #plain32, mutable>
    %a = tile.smem_load %as : !tile.smem<64x64xbf16, #sw128, mutable> -> tensor<64x64xbf16, #a16n128>
    %zero = arith.constant dense<0.0> : tensor<64x128xf32, #acc128>
    %d = tile.dot %a, %b, %zero async : tensor<64x64xbf16, #a16n128>, !tile.smem<64x128xbf16, #sw128t, mutable>, tensor<64x128xf32, #acc128> -> tensor<64x128xf32, #acc128>
    %w = tile.dot_wait %d {pending = 0 : i32} : tensor<64x128xf32, #acc128>
    tile.smem_store %w, %c : tensor<64x128xf32, #acc128>, !tile.smem<64x128xf32, #plain32, mutable>
    gpu.return
  }
  gpu.func @e4m3_f32() kernel attributes {tile.num_warps = 4 : i32} {
    %as = tile.alloc_smem : !tile.smem<64x64xf8E4M3FN, #sw64x8, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xf8E4M3FN, #sw64x8t, mutable>
    %c = tile.alloc_smem : !tile.smem<64x64xf32, #plain32, mutable>
    %a = tile.smem_load %as : !tile.smem<64x64xf8E4M3FN, #sw64x8, mutable> -> tensor<64x64xf8E4M3FN, #a8>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %d = tile.dot %a, %b, %zero : tensor<64x64xf8E4M3FN, #a8>, !tile.smem<64x64xf8E4M3FN, #sw64x8t, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    tile.smem_store %d, %c : tensor<64x64xf32, #acc>, !tile.smem<64x64xf32, #plain32, mutable>
    gpu.return
  }
  gpu.func @e5m2_f16() kernel attributes {tile.num_warps = 4 : i32} {
    %as = tile.alloc_smem : !tile.smem<64x64xf8E5M2, #sw64x8, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xf8E5M2, #sw64x8t, mutable>
    %c = tile.alloc_smem : !tile.smem<64x64xf16, #plain16, mutable>
    %a = tile.smem_load %as : !tile.smem<64x64xf8E5M2, #sw64x8, mutable> -> tensor<64x64xf8E5M2, #a8>
    %zero = arith.constant dense<0.0> : tensor<64x64xf16, #acc>
    %d = tile.dot %a, %b, %zero : tensor<64x64xf8E5M2, #a8>, !tile.smem<64x64xf8E5M2, #sw64x8t, mutable>, tensor<64x64xf16, #acc> -> tensor<64x64xf16, #acc>
    tile.smem_store %d, %c : tensor<64x64xf16, #acc>, !tile.smem<64x64xf16, #plain16, mutable>
    gpu.return
  }
  gpu.func @tf32_f32() kernel attributes {tile.num_warps = 4 : i32} {
    %as = tile.alloc_smem : !tile.smem<64x32xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>, mutable>
    %b = tile.alloc_smem : !tile.smem<32x64xf32, #sw128x32t, mutable>
    %c = tile.alloc_smem : !tile.smem<64x64xf32, #plain32, mutable>
    %a = tile.smem_load %as : !tile.smem<64x32xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>, mutable> -> tensor<64x32xf32, #a32>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %d = tile.dot %a, %b, %zero : tensor<64x32xf32, #a32>, !tile.smem<32x64xf32, #sw128x32t, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    tile.smem_store %d, %c : tensor<64x64xf32, #acc>, !tile.smem<64x64xf32, #plain32, mutable>
    gpu.return
  }
  gpu.func @s8_s32() kernel attributes {tile.num_warps = 4 : i32} {
    %as = tile.alloc_smem : !tile.smem<64x64xi8, #sw64x8, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xi8, #sw64x8t, mutable>
    %c = tile.alloc_smem : !tile.smem<64x64xi32, #plain32, mutable>
    %a = tile.smem_load %as : !tile.smem<64x64xi8, #sw64x8, mutable> -> tensor<64x64xi8, #a8>
    %zero = arith.constant dense<0> : tensor<64x64xi32, #acc>
    %d = tile.dot %a, %b, %zero : tensor<64x64xi8, #a8>, !tile.smem<64x64xi8, #sw64x8t, mutable>, tensor<64x64xi32, #acc> -> tensor<64x64xi32, #acc>
    tile.smem_store %d, %c : tensor<64x64xi32, #acc>, !tile.smem<64x64xi32, #plain32, mutable>
    gpu.return
  }
  gpu.func @flash_pv() kernel attributes {tile.num_warps = 4 : i32} {
    %q = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
    %kt = tile.alloc_smem : !tile.smem<64x64xf16, #sw128t, mutable>
    %v = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
    %o = tile.alloc_smem : !tile.smem<64x64xf32, #plain32, mutable>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %s = tile.dot %q, %kt, %zero : !tile.smem<64x64xf16, #sw128, mutable>, !tile.smem<64x64xf16, #sw128t, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    %p16 = arith.truncf %s : tensor<64x64xf32, #acc> to tensor<64x64xf16, #acc>
    %p = tile.convert_layout %p16 : tensor<64x64xf16, #acc> -> tensor<64x64xf16, #a16>
    %out = tile.dot %p, %v, %zero : tensor<64x64xf16, #a16>, !tile.smem<64x64xf16, #sw128, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    tile.smem_store %out, %o : tensor<64x64xf32, #acc>, !tile.smem<64x64xf32, #plain32, mutable>
    gpu.return
  }
  gpu.func @m_major_a() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw128t, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
    %c = tile.alloc_smem : !tile.smem<64x64xf32, #plain32, mutable>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %d = tile.dot %a, %b, %zero : !tile.smem<64x64xf16, #sw128t, mutable>, !tile.smem<64x64xf16, #sw128, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    tile.smem_store %d, %c : tensor<64x64xf32, #acc>, !tile.smem<64x64xf32, #plain32, mutable>
    gpu.return
  }
  gpu.func @unswizzled_b() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x32xf16, #sw64, mutable>
    %b = tile.alloc_smem : !tile.smem<32x8xf16, #plain16, mutable>
    %c = tile.alloc_smem : !tile.smem<64x8xf32, #plain32, mutable>
    %zero = arith.constant dense<0.0> : tensor<64x8xf32, #acc8>
    %d = tile.dot %a, %b, %zero : !tile.smem<64x32xf16, #sw64, mutable>, !tile.smem<32x8xf16, #plain16, mutable>, tensor<64x8xf32, #acc8> -> tensor<64x8xf32, #acc8>
    tile.smem_store %d, %c : tensor<64x8xf32, #acc8>, !tile.smem<64x8xf32, #plain32, mutable>
    gpu.return
  }
}
