// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' | FileCheck %s

// tile.dot with shared A (K-major, 64-byte swizzle) and B (N-major, 128-byte
// swizzle) and a wgmma accumulator: per m-repetition of the warpgroup, one
// wgmma.mma_async m64n128k16 per K step of 16, inside fence / commit / wait.
//
// Matrix descriptors (bits 16-29 leading byte offset >> 4, 32-45 stride
// byte offset >> 4, 62-63 swizzle mode):
// - A, 64-byte swizzle (mode 2): leading 16 (unused), stride 8 rows * 64 B
//   = 512:  (1 << 16) | (32 << 32) | (2 << 62) = -9223371899415756800
// - B, N-major 128-byte swizzle (mode 1): leading = one 64-column chunk,
//   32 rows * 128 B = 4096; stride 8 rows * 128 B = 1024:
//   (256 << 16) | (64 << 32) | (1 << 62) = 4611686293322072064

#sw64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>

// CHECK-LABEL: llvm.func @dot
// The accumulator is one vector of 128 f32 per thread (128 x 128 / 128).
// CHECK: llvm.mlir.constant(dense<0.000000e+00> : vector<128xf32>)
// CHECK: nvvm.wgmma.fence.aligned
// The accumulator is a constant zero: each repetition's first K step
// ignores it (scale-d false, D = A B, on poison registers).
// CHECK: %[[NONE:.*]] = llvm.mlir.poison : !llvm.struct<(f32
// CHECK: llvm.mlir.constant(-9223371899415756800 : i64)
// CHECK: llvm.mlir.constant(4611686293322072064 : i64)
// CHECK: nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %[[NONE]], <m = 64, n = 128, k = 16>, D[<f32>, <zero>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// The second K step, in 32 bits: A's start field (shared address >> 4, 14
// bits) plus its warpgroup's row offset >> 4 plus 32 B >> 4 = 2; B's plus
// 16 rows x 128 B = 2048 B >> 4 = 128; each widened under the fixed bits.
// CHECK: %[[AADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
// CHECK-NEXT: %[[FOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[ASHIFTED:.*]] = llvm.lshr %[[AADDR]], %[[FOUR]] : i32
// CHECK-NEXT: %[[MASK:.*]] = llvm.mlir.constant(16383 : i32) : i32
// CHECK-NEXT: %[[AFIELD:.*]] = llvm.and %[[ASHIFTED]], %[[MASK]] : i32
// CHECK-NEXT: %[[FOUR2:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[AROWOFF:.*]] = llvm.lshr %{{.*}}, %[[FOUR2]] : i32
// CHECK-NEXT: %[[AROW:.*]] = llvm.add %[[AFIELD]], %[[AROWOFF]] : i32
// CHECK-NEXT: %[[ASTEP:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[ASTART:.*]] = llvm.add %[[AROW]], %[[ASTEP]] : i32
// CHECK-NEXT: %[[AWIDE:.*]] = llvm.zext %[[ASTART]] : i32 to i64
// CHECK-NEXT: %[[ABITS:.*]] = llvm.mlir.constant(-9223371899415756800 : i64) : i64
// CHECK-NEXT: %[[ADESC:.*]] = llvm.or %[[AWIDE]], %[[ABITS]] : i64
// CHECK: %[[BADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
// CHECK-NEXT: %[[BFOUR:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: %[[BSHIFTED:.*]] = llvm.lshr %[[BADDR]], %[[BFOUR]] : i32
// CHECK-NEXT: %[[BMASK:.*]] = llvm.mlir.constant(16383 : i32) : i32
// CHECK-NEXT: %[[BFIELD:.*]] = llvm.and %[[BSHIFTED]], %[[BMASK]] : i32
// CHECK-NEXT: %[[BSTEP:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: %[[BSTART:.*]] = llvm.add %[[BFIELD]], %[[BSTEP]] : i32
// CHECK-NEXT: %[[BWIDE:.*]] = llvm.zext %[[BSTART]] : i32 to i64
// CHECK-NEXT: %[[BBITS:.*]] = llvm.mlir.constant(4611686293322072064 : i64) : i64
// CHECK-NEXT: %[[BDESC:.*]] = llvm.or %[[BWIDE]], %[[BBITS]] : i64
// CHECK-NEXT: nvvm.wgmma.mma_async %[[ADESC]], %[[BDESC]], %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>]
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 16>, D[<f32>, <zero>]
// CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 16>, D[<f32>, <one>]
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// The f16 result is stored into the swizzled buffer a column pair (the
// fragment's consecutive registers) at a time: 64 4-byte stores.
// CHECK-COUNT-64: llvm.call_intrinsic "llvm.nvvm.ff2f16x2.rn"
// CHECK-COUNT-64: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
gpu.module @m {
  gpu.func @dot() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<128x32xf16, #sw64, mutable>
    %b = tile.alloc_smem : !tile.smem<32x128xf16, #sw128, mutable>
    %c = tile.alloc_smem : !tile.smem<128x128xf16, #sw128, mutable>
    %zero = arith.constant dense<0.0> : tensor<128x128xf32, #acc>
    %d = tile.dot %a, %b, %zero : !tile.smem<128x32xf16, #sw64, mutable>, !tile.smem<32x128xf16, #sw128, mutable>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
    %h = arith.truncf %d : tensor<128x128xf32, #acc> to tensor<128x128xf16, #acc>
    tile.smem_store %h, %c : tensor<128x128xf16, #acc>, !tile.smem<128x128xf16, #sw128, mutable>
    gpu.return
  }

  // Asynchronous form: no wait in the dot, the bounded wait in dot_wait; a
  // runtime use_acc selects between the accumulator and zeros; a K-major B
  // (transposed NVMMA layout) uses the column layout.
  // CHECK-LABEL: llvm.func @async_dot
  // CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, vector<64xf32>
  // The accumulator is not a constant zero: every K step reads it (scale-d
  // one), the first one included.
  // CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>], A[<bf16>, <one>, <row>], B[<bf16>, <one>, <col>]
  // CHECK-NOT: nvvm.wgmma.mma_async
  // CHECK: nvvm.wgmma.commit.group.sync.aligned
  // CHECK-NOT: nvvm.wgmma.wait.group.sync.aligned 0
  // CHECK: nvvm.wgmma.wait.group.sync.aligned 1
  gpu.func @async_dot(%use: i1, %x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xbf16, #sw128, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xbf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>, mutable>
    %acc0 = tile.splat %x : tensor<64x128xf32, #acc>
    %d = tile.dot %a, %b, %acc0 use_acc %use async : !tile.smem<64x64xbf16, #sw128, mutable>, !tile.smem<64x128xbf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>, mutable>, tensor<64x128xf32, #acc> -> tensor<64x128xf32, #acc>
    %w = tile.dot_wait %d {pending = 1 : i32} : tensor<64x128xf32, #acc>
    %s = arith.addf %w, %w : tensor<64x128xf32, #acc>
    %c = tile.alloc_smem : !tile.smem<64x128xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>, mutable>
    tile.smem_store %s, %c : tensor<64x128xf32, #acc>, !tile.smem<64x128xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>, mutable>
    gpu.return
  }
  // Reading an accumulator from shared memory (the D = A * B + C prologue):
  // one 8-byte load per column pair of the thread's fragment, in fragment
  // order, into the accumulator vector that the dot then consumes.
  // CHECK-LABEL: llvm.func @load_acc
  // CHECK: llvm.mlir.poison : vector<64xf32>
  // CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<3> -> vector<2xf32>
  // CHECK-NOT: llvm.load %{{.*}} -> f32
  // CHECK: llvm.insertelement %{{.*}}, %{{.*}}[%{{.*}} : i32] : vector<64xf32>
  // CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}} D[<f32>, <one>]
  // CHECK-NOT: nvvm.wgmma.mma_async
  gpu.func @load_acc() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #sw128, mutable>
    %c = tile.alloc_smem : !tile.smem<64x128xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>, mutable>
    %init = tile.smem_load %c : !tile.smem<64x128xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>, mutable> -> tensor<64x128xf32, #acc>
    %d = tile.dot %a, %b, %init : !tile.smem<64x64xf16, #sw128, mutable>, !tile.smem<64x128xf16, #sw128, mutable>, tensor<64x128xf32, #acc> -> tensor<64x128xf32, #acc>
    tile.smem_store %d, %c : tensor<64x128xf32, #acc>, !tile.smem<64x128xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>, mutable>
    gpu.return
  }
  // fp8 operands: both K-major (B through a transposed view), 32 elements of
  // K per instruction.
  // CHECK-LABEL: llvm.func @fp8_dot
  // CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 32>, D[<f32>, <zero>], A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
  // CHECK: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 128, k = 32>, D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
  // CHECK-NOT: nvvm.wgmma.mma_async
  gpu.func @fp8_dot() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>, mutable>
    %b = tile.alloc_smem : !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>, mutable>
    %bt = tile.smem_trans %b, order = [1, 0] : !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>, mutable> -> !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8, transposed = true>, mutable>
    %c = tile.alloc_smem : !tile.smem<64x128xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>, mutable>
    %zero = arith.constant dense<0.0> : tensor<64x128xf32, #acc>
    %d = tile.dot %a, %bt, %zero : !tile.smem<64x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8>, mutable>, !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 64, element_bits = 8, transposed = true>, mutable>, tensor<64x128xf32, #acc> -> tensor<64x128xf32, #acc>
    tile.smem_store %d, %c : tensor<64x128xf32, #acc>, !tile.smem<64x128xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>, mutable>
    gpu.return
  }
  // The widest instruction: N = 256, 128 accumulator registers per thread;
  // B's four 64-column chunks are K * 128 bytes apart (leading offset
  // 64 * 128 = 8192, field 512; stride 1024, field 64; 128-byte swizzle,
  // mode 1: (512 << 16) | (64 << 32) | (1 << 62)).
  // CHECK-LABEL: llvm.func @n256_dot
  // CHECK: llvm.mlir.constant(4611686293338849280 : i64)
  // CHECK-COUNT-4: nvvm.wgmma.mma_async {{.*}} <m = 64, n = 256, k = 16>
  gpu.func @n256_dot() kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw128, mutable>
    %b = tile.alloc_smem : !tile.smem<64x256xf16, #sw128, mutable>
    %zero = arith.constant dense<0.0> : tensor<64x256xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>>
    %d = tile.dot %a, %b, %zero : !tile.smem<64x64xf16, #sw128, mutable>, !tile.smem<64x256xf16, #sw128, mutable>, tensor<64x256xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>> -> tensor<64x256xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>>
    %c = tile.alloc_smem : !tile.smem<64x256xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>, mutable>
    tile.smem_store %d, %c : tensor<64x256xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 256]>>, !tile.smem<64x256xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32>, mutable>
    gpu.return
  }
}

// f16 accumulators with both operands in shared memory: pairs of
// accumulator elements travel packed, as vector<2xf16> (16 per thread for
// N = 64).
// CHECK-LABEL: llvm.func @f16_accumulator
// CHECK: nvvm.wgmma.mma_async {{.*}} D[<f16>, <zero>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK-COUNT-3: nvvm.wgmma.mma_async {{.*}} D[<f16>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>] : !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>
gpu.module @f16acc {
  gpu.func @f16_accumulator() kernel attributes {tile.num_warps = 4 : i32} {
    %as = tile.alloc_smem : !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    %c = tile.alloc_smem : !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 0, element_bits = 16>, mutable>
    %zero = arith.constant dense<0.0> : tensor<64x64xf16, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>>
    %d = tile.dot %as, %b, %zero : !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>, tensor<64x64xf16, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>> -> tensor<64x64xf16, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>>
    tile.smem_store %d, %c : tensor<64x64xf16, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>>, !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 0, element_bits = 16>, mutable>
    gpu.return
  }
}
