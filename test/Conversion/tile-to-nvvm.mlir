// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm, canonicalize))' | FileCheck %s

#sw128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#sw64t = #tile.nvmma_shared<swizzle = 64, element_bits = 32, transposed = true>
#xor = #tile.swizzled_shared<vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]>

gpu.module @m {
  // Element addresses follow the shared layout (constant indices fold).
  // CHECK-LABEL: llvm.func @addressing
  gpu.func @addressing(%v: f16) kernel {
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c10 = arith.constant 10 : index
    %c70 = arith.constant 70 : index
    // CHECK: %[[BASE:.*]] = llvm.mlir.addressof @__tile_smem : !llvm.ptr<3>
    %plain = tile.alloc_smem : !tile.smem<16x40xf16, mutable>
    %nvmma = tile.alloc_smem : !tile.smem<64x128xf16, #sw128, mutable>
    %trans = tile.alloc_smem : !tile.smem<64x16xf32, #sw64t, mutable>
    %xor = tile.alloc_smem : !tile.smem<8x16xf32, #xor, mutable>
    // Row-major: (3 * 40 + 10) * 2 = 260 bytes past the buffer.
    // Largest first: the NVMMA buffer at 0, then the transposed one, the
    // plain one and the XOR-swizzled one.
    // CHECK: %[[PLAIN:.*]] = llvm.getelementptr %[[BASE]][20480]
    // CHECK: %[[TRANS:.*]] = llvm.getelementptr %[[BASE]][16384]
    // CHECK: %[[XOR:.*]] = llvm.getelementptr %[[BASE]][21760]
    // CHECK: %[[A0:.*]] = llvm.getelementptr %[[PLAIN]][260] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK-NEXT: llvm.store %{{.*}}, %[[A0]] : f16, !llvm.ptr<3>
    tile.smem_store %v, %plain[%c3, %c10] : f16, !tile.smem<16x40xf16, mutable>
    // 128-byte swizzle, (3, 10): 3 * 128 + 20 = 404, and 404 ^ (3 << 4) = 420.
    // (The 64x128 buffer sits at offset 0 of the shared array.)
    // CHECK: llvm.getelementptr %[[BASE]][420]
    tile.smem_store %v, %nvmma[%c3, %c10] : f16, !tile.smem<64x128xf16, #sw128, mutable>
    // (3, 70) lies in the second 64-element chunk: 8192 + 384 + 12 = 8588,
    // and 8588 ^ (3 << 4) = 8636.
    // CHECK: llvm.getelementptr %[[BASE]][8636]
    tile.smem_store %v, %nvmma[%c3, %c70] : f16, !tile.smem<64x128xf16, #sw128, mutable>
    %x = arith.extf %v : f16 to f32
    // Transposed (MN-major) 64-byte swizzle: dimension 0 is contiguous.
    // (10, 5): chunk 0, row 5: 5 * 64 + 40 = 360; 360 ^ ((360 >> 7) & 3) << 4
    // = 360 ^ 32 = 328.
    // CHECK: llvm.getelementptr %[[TRANS]][328]
    tile.smem_store %x, %trans[%c10, %c5] : f32, !tile.smem<64x16xf32, #sw64t, mutable>
    // XOR swizzle: row 5 is phase (5 / 2) mod 4 = 2; column 10 is group 2
    // -> 2 ^ 2 = 0, so column 2: (5 * 16 + 2) * 4 = 328 bytes.
    // CHECK: llvm.getelementptr %[[XOR]][328]
    tile.smem_store %x, %xor[%c5, %c10] : f32, !tile.smem<8x16xf32, #xor, mutable>
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f16
    %y = tile.smem_load %nvmma[%c3, %c10] : !tile.smem<64x128xf16, #sw128, mutable> -> f16
    tile.smem_store %y, %plain[%c5, %c10] : f16, !tile.smem<16x40xf16, mutable>
    gpu.return
  }

  // Unswizzled and transposed: dense in memory order, dimension 0
  // contiguous. (10, 5) of a 64x16 f32 buffer: (5 * 64 + 10) * 4 = 1320.
  // CHECK-LABEL: llvm.func @unswizzled_transposed
  // CHECK: llvm.getelementptr %{{.*}}[1320]
  gpu.func @unswizzled_transposed(%v: f32) kernel {
    %c5 = arith.constant 5 : index
    %c10 = arith.constant 10 : index
    %t = tile.alloc_smem : !tile.smem<64x16xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32, transposed = true>, mutable>
    tile.smem_store %v, %t[%c10, %c5] : f32, !tile.smem<64x16xf32, #tile.nvmma_shared<swizzle = 0, element_bits = 32, transposed = true>, mutable>
    gpu.return
  }

  // Views: a stage of a ring, whole swizzle chunks of an NVMMA buffer, and
  // contiguous windows of a row-major buffer are byte offsets.
  // CHECK-LABEL: llvm.func @views
  gpu.func @views(%i: index, %v: f32) kernel {
    %c0 = arith.constant 0 : index
    %h = arith.truncf %v : f32 to f16
    %ring = tile.alloc_smem : !tile.smem<3x64x64xf16, #sw128, mutable>
    // A stage is 64 * 64 * 2 = 8192 bytes.
    // CHECK: %[[STAGE_BYTES:.*]] = llvm.mlir.constant(8192 : i32) : i32
    // CHECK: llvm.mul %{{.*}}, %[[STAGE_BYTES]] : i32
    %stage = tile.smem_index %ring[%i] : !tile.smem<3x64x64xf16, #sw128, mutable> -> !tile.smem<64x64xf16, #sw128, mutable>
    tile.smem_store %h, %stage[%c0, %c0] : f16, !tile.smem<64x64xf16, #sw128, mutable>
    %wide = tile.alloc_smem : !tile.smem<64x128xf16, #sw128, mutable>
    // Second 64-column chunk: 64 rows * 128 bytes = 8192.
    // CHECK: llvm.getelementptr %{{.*}}[8192] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %hi = tile.smem_subslice %wide[0, 64] : !tile.smem<64x128xf16, #sw128, mutable> -> !tile.smem<64x64xf16, #sw128, mutable>
    tile.smem_store %h, %hi[%c0, %c0] : f16, !tile.smem<64x64xf16, #sw128, mutable>
    %rows = tile.alloc_smem : !tile.smem<4x256xf32, mutable>
    // Row 2: 2 * 1024 bytes.
    // CHECK: llvm.getelementptr %{{.*}}[2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %r2 = tile.smem_subslice %rows[2, 0] : !tile.smem<4x256xf32, mutable> -> !tile.smem<1x256xf32, mutable>
    tile.smem_store %v, %r2[%c0, %c0] : f32, !tile.smem<1x256xf32, mutable>
    %t = tile.smem_trans %wide, order = [1, 0] : !tile.smem<64x128xf16, #sw128, mutable> -> !tile.smem<128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>, mutable>
    gpu.return
  }

  // Warpgroup scope: named barrier 8 + warp_id / 4, 128 threads (the
  // constants hoisted to the top by canonicalize).
  // CHECK-LABEL: llvm.func @warpgroup_barrier
  // CHECK-DAG: %[[C128:.*]] = llvm.mlir.constant(128 : i32) : i32
  // CHECK-DAG: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
  // CHECK-DAG: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
  // CHECK: %[[W:.*]] = nvvm.shfl.sync idx
  // CHECK-NEXT: %[[WG:.*]] = llvm.udiv %[[W]], %[[C4]] : i32
  // CHECK-NEXT: %[[ID:.*]] = llvm.add %[[WG]], %[[C8]] : i32
  // CHECK-NEXT: nvvm.barrier id = %[[ID]] number_of_threads = %[[C128]]
  gpu.func @warpgroup_barrier() kernel attributes {tile.num_warps = 8 : i32} {
    tile.barrier warpgroup
    gpu.return
  }

  // CHECK-LABEL: llvm.func @queries
  gpu.func @queries(%p: !tile.ptr<f32>, %i: i64, %q: !tile.ptr<i32>, %b: !tile.ptr<i1>, %table: !tile.ptr<!tile.ptr<f32>>) kernel {
    // CHECK: nvvm.read.ptx.sreg.ctaid.x : i32
    %pid = tile.program_id x
    // CHECK: nvvm.read.ptx.sreg.ctaid.z : i32
    %pz = tile.program_id z
    // CHECK: nvvm.read.ptx.sreg.nctaid.y : i32
    %n = tile.num_programs y
    // CHECK: nvvm.read.ptx.sreg.tid.x : i32
    %tid = tile.thread_id
    // The warp index is made warp-uniform with a shuffle from lane 0.
    // CHECK: llvm.udiv
    // CHECK: nvvm.shfl.sync idx
    %wid = tile.warp_id
    // CHECK: nvvm.elect.sync -> i1
    %e = tile.elect warp
    // CTA scope: the elected lane of warp 0.
    // CHECK: %[[LANE:.*]] = nvvm.elect.sync -> i1
    // CHECK: %[[W:.*]] = nvvm.shfl.sync idx
    // CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[W]]
    // CHECK: llvm.and %[[FIRST]], %[[LANE]] : i1
    %c = tile.elect cta
    // Warpgroup scope: the elected lane of each warpgroup's first warp.
    // CHECK: nvvm.elect.sync
    // CHECK: llvm.urem
    %g = tile.elect warpgroup
    // CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    tile.fence_async_shared
    // CHECK: nvvm.barrier0
    tile.barrier
    // CHECK: %[[ADDR:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
    // Elements are naturally aligned (said explicitly: LLVM's default
    // data layout would align an i64 to 4 bytes and split its accesses).
    // CHECK: %[[X:.*]] = llvm.load %[[ADDR]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %x = tile.load %p[%i] : !tile.ptr<f32>, i64 -> f32
    // CHECK: llvm.store %[[X]], %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
    tile.store %p[%i], %x : !tile.ptr<f32>, i64, f32
    // A pointer read from a table of pointers, and written to it.
    // CHECK: %[[PA:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, !llvm.ptr<1>
    // CHECK: %[[PTR:.*]] = llvm.load %[[PA]] {alignment = 8 : i64} : !llvm.ptr<1> -> !llvm.ptr<1>
    %ptr = tile.load %table[%i] : !tile.ptr<!tile.ptr<f32>>, i64 -> !tile.ptr<f32>
    // CHECK: llvm.store %[[PTR]], %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1>, !llvm.ptr<1>
    tile.store %table[%i], %ptr : !tile.ptr<!tile.ptr<f32>>, i64, !tile.ptr<f32>
    %s1 = arith.addi %pid, %pz : i32
    %s2 = arith.addi %s1, %n : i32
    %s3 = arith.addi %s2, %tid : i32
    %s4 = arith.addi %s3, %wid : i32
    tile.store %q[%i], %s4 : !tile.ptr<i32>, i64, i32
    %e1 = arith.andi %e, %c : i1
    %e2 = arith.andi %e1, %g : i1
    tile.store %b[%i], %e2 : !tile.ptr<i1>, i64, i1
    gpu.return
  }
}
