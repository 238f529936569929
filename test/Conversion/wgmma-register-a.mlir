// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' | FileCheck %s

// tile.dot with A in registers (#tile.dot_operand<opIdx = 0>): the A tile is
// a vector of the thread's registers in its linear layout's order; the
// lowering packs each instruction's fragment a0..a7 into four 32-bit
// registers (a0|a1, a2|a3, ... for 16-bit elements) before wgmma.fence and
// issues the register-A wgmma.mma_async as inline PTX, the accumulator tied
// in and out. Also: M-major (transposed) A and an unswizzled MN-major B.

#sw64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#sw128t = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
#plain16 = #tile.nvmma_shared<swizzle = 0, element_bits = 16>
#plain32 = #tile.nvmma_shared<swizzle = 0, element_bits = 32>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#acc8 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 8]>
#acc2 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 64]>
#a16 = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 2>
#a16w8 = #tile.dot_operand<opIdx = 0, parent = #acc2, kWidth = 2>
#b8 = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]>
#rows = #tile.slice<dim = 1, parent = #b8>
#cols = #tile.slice<dim = 0, parent = #b8>

gpu.module @m {
  // A read from a swizzled buffer straight into the fragment (16 registers:
  // two k16 steps of 8), then two wgmmas on (a0|a1, a2|a3, a4|a5, a6|a7).
  // Register order of #a16 at 64x32: [[0,1],[8,0],[0,8],[0,16]], i.e. the
  // fragment of k step s is registers 8s..8s+7, in order; each pair of
  // consecutive columns is one 4-byte load.
  // CHECK-LABEL: llvm.func @smem_a
  // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
  // CHECK-NOT: llvm.load
  // CHECK: %[[R0:.*]] = llvm.extractelement %[[A:.*]][%{{.*}} : i32] : vector<16xf16>
  // CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
  // The accumulator is a constant zero: the first k step does not read it
  // (scale-d false, D = A B, on poison registers: nothing zeroes them), the
  // second accumulates (D = A B + D).
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK-NEXT: %[[NONE:.*]] = llvm.mlir.poison : !llvm.struct<(f32
  // CHECK: %[[D0:.*]] = llvm.extractvalue %[[NONE]][0]
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, 0, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, {$64, $65, $66, $67}, $68, p, 1, 1, 1;\0A}", "=f,{{.*}},=f,0,1,{{.*}},31,r,r,r,r,l" %[[D0]],
  // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred p;\0Asetp.ne.b32 p, 1, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
  // CHECK-NOT: llvm.inline_asm
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK: nvvm.wgmma.wait.group.sync.aligned 0
  gpu.func @smem_a() kernel attributes {tile.num_warps = 4 : i32} {
    %as = tile.alloc_smem : !tile.smem<64x32xf16, #sw64, mutable>
    %b = tile.alloc_smem : !tile.smem<32x64xf16, #sw128, mutable>
    %c = tile.alloc_smem : !tile.smem<64x64xf32, #plain32, mutable>
    %a = tile.smem_load %as : !tile.smem<64x32xf16, #sw64, mutable> -> tensor<64x32xf16, #a16>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %d = tile.dot %a, %b, %zero : tensor<64x32xf16, #a16>, !tile.smem<32x64xf16, #sw128, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    tile.smem_store %d, %c : tensor<64x64xf32, #acc>, !tile.smem<64x64xf32, #plain32, mutable>
    gpu.return
  }

  // Flash-attention P = truncf(S) as A of the next dot: the wgmma
  // accumulator and the k16 A fragment hold the same elements in the same
  // registers, so the layout change is the identity on the vector (no
  // shared scratch, no barrier).
  // CHECK-LABEL: llvm.func @accumulator_to_a
  // CHECK-COUNT-16: llvm.call_intrinsic "llvm.nvvm.ff2f16x2.rn"
  // CHECK-NOT: nvvm.barrier0
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK-COUNT-4: llvm.inline_asm {{.*}}m64n64k16.f32.f16.f16
  gpu.func @accumulator_to_a(%s: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %v = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
    %c = tile.alloc_smem : !tile.smem<64x64xf32, #plain32, mutable>
    %sacc = tile.splat %s : tensor<64x64xf32, #acc>
    %p16 = arith.truncf %sacc : tensor<64x64xf32, #acc> to tensor<64x64xf16, #acc>
    %p = tile.convert_layout %p16 : tensor<64x64xf16, #acc> -> tensor<64x64xf16, #a16>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %d = tile.dot %p, %v, %zero : tensor<64x64xf16, #a16>, !tile.smem<64x64xf16, #sw128, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    tile.smem_store %d, %c : tensor<64x64xf32, #acc>, !tile.smem<64x64xf32, #plain32, mutable>
    gpu.return
  }

  // A from global memory: a blocked tile (8 contiguous f16 per thread),
  // moved into the fragment through shared scratch; elementwise ops on the
  // dot_operand tile. Two warpgroups along M (8 warps): each thread still
  // holds 8 registers per k step; row 64 * (warp / 4) is in the layout.
  // CHECK-LABEL: llvm.func @global_a
  // CHECK: llvm.load %{{.*}} : !llvm.ptr<1> -> vector<8xf16>
  // CHECK: nvvm.barrier0
  // CHECK: nvvm.barrier0
  // CHECK: llvm.fmul %{{.*}} : vector<32xf16>
  // CHECK: nvvm.wgmma.fence.aligned
  // CHECK-COUNT-4: llvm.inline_asm {{.*}}m64n64k16.f32.f16.f16
  gpu.func @global_a(%p: !tile.ptr<f16>) kernel attributes {tile.num_warps = 8 : i32} {
    %v = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
    %c = tile.alloc_smem : !tile.smem<128x64xf32, #plain32, mutable>
    %r = tile.range 0 to 128 : tensor<128xi32, #rows>
    %cc = tile.range 0 to 64 : tensor<64xi32, #cols>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<128xi32, #rows> -> tensor<128x1xi32, #b8>
    %c2 = tile.expand_dims %cc, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #b8>
    %c64 = arith.constant dense<64> : tensor<128x1xi32, #b8>
    %rs = arith.muli %r2, %c64 : tensor<128x1xi32, #b8>
    %rb = tile.broadcast %rs : tensor<128x1xi32, #b8> -> tensor<128x64xi32, #b8>
    %cb = tile.broadcast %c2 : tensor<1x64xi32, #b8> -> tensor<128x64xi32, #b8>
    %off = arith.addi %rb, %cb : tensor<128x64xi32, #b8>
    %x = tile.load %p[%off] : !tile.ptr<f16>, tensor<128x64xi32, #b8> -> tensor<128x64xf16, #b8>
    %a = tile.convert_layout %x : tensor<128x64xf16, #b8> -> tensor<128x64xf16, #a16w8>
    %a2 = arith.mulf %a, %a : tensor<128x64xf16, #a16w8>
    %zero = arith.constant dense<0.0> : tensor<128x64xf32, #acc2>
    %d = tile.dot %a2, %v, %zero : tensor<128x64xf16, #a16w8>, !tile.smem<64x64xf16, #sw128, mutable>, tensor<128x64xf32, #acc2> -> tensor<128x64xf32, #acc2>
    tile.smem_store %d, %c : tensor<128x64xf32, #acc2>, !tile.smem<128x64xf32, #plain32, mutable>
    gpu.return
  }

  // M-major A (transposed, 128-byte swizzle): trans-a through the column
  // layout; A's descriptor is an MN-major one: leading = K * 128 = 8192
  // (field 512), stride 1024 (64), mode 1:
  // (512 << 16) | (64 << 32) | (1 << 62) = 4611686293338849280.
  // CHECK-LABEL: llvm.func @m_major_a
  // CHECK: llvm.mlir.constant(4611686293338849280 : i64)
  // CHECK: nvvm.wgmma.mma_async {{.*}} A[<f16>, <one>, <col>], B[<f16>, <one>, <row>]
  gpu.func @m_major_a() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw128t, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
    %c = tile.alloc_smem : !tile.smem<64x64xf32, #plain32, mutable>
    %zero = arith.constant dense<0.0> : tensor<64x64xf32, #acc>
    %d = tile.dot %a, %b, %zero : !tile.smem<64x64xf16, #sw128t, mutable>, !tile.smem<64x64xf16, #sw128, mutable>, tensor<64x64xf32, #acc> -> tensor<64x64xf32, #acc>
    tile.smem_store %d, %c : tensor<64x64xf32, #acc>, !tile.smem<64x64xf32, #plain32, mutable>
    gpu.return
  }

  // Unswizzled MN-major B of 8 f16 columns: dense rows of 16 bytes, so each
  // 8 K rows are one core matrix; the next is 128 bytes on (leading and
  // stride offsets 128, field 8; layout type 0):
  // (8 << 16) | (8 << 32) = 34360262656. K step s starts at row 16 s.
  // CHECK-LABEL: llvm.func @unswizzled_b
  // CHECK: llvm.mlir.constant(34360262656 : i64)
  // CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 8, k = 16>
  // CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 8, k = 16>
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
