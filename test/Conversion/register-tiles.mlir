// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file | FileCheck %s

// Register tiles in #tile.blocked / #tile.slice layouts become vectors of
// the thread's registers (order of the linear layout). The 64x32 tile below
// covers 16x32 per CTA: 4 contiguous columns per thread, 4 row repetitions.
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #tile.slice<dim = 1, parent = #b>
#cols = #tile.slice<dim = 0, parent = #b>
gpu.module @m {
  // CHECK-LABEL: llvm.func @rows_range
  gpu.func @rows_range(%out: !tile.ptr<i32>) kernel attributes {tile.num_warps = 4 : i32} {
    // Row = lane bit 3 -> 1, lane bit 4 -> 2, warp bit 0 -> 4, warp bit 1
    // -> 8, XOR the register part [0, 16, 32, 48], plus the start.
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
    // CHECK: %[[LANE:.*]] = llvm.urem %[[TID]], %{{.*}} : i32
    // CHECK: %[[WARP:.*]] = nvvm.shfl.sync idx
    // CHECK: %[[C3:.*]] = llvm.mlir.constant(3 : i32)
    // CHECK: %[[L3:.*]] = llvm.lshr %[[LANE]], %[[C3]]
    // CHECK: %[[B3:.*]] = llvm.and %[[L3]]
    // CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i32)
    // CHECK: %[[L4:.*]] = llvm.lshr %[[LANE]], %[[C4]]
    // CHECK: %[[B4:.*]] = llvm.and %[[L4]]
    // CHECK: %[[M4:.*]] = llvm.mul %[[B4]], %{{.*}} : i32
    // CHECK: %[[X1:.*]] = llvm.xor %[[B3]], %[[M4]]
    // CHECK: llvm.lshr %[[WARP]]
    // CHECK: llvm.xor %[[X1]]
    // CHECK: %[[T:.*]] = llvm.xor
    // The range is computed where it is written: the thread's coordinate
    // goes through an opaque copy LLVM cannot hoist out of loops.
    // CHECK: %[[OPAQUE:.*]] = llvm.inline_asm {{.*}}"mov.b32 $0, $1;", "=r,r" %[[T]] : (i32) -> i32
    // CHECK: %[[REG:.*]] = llvm.mlir.constant(dense<[0, 16, 32, 48]> : vector<4xi32>)
    // CHECK: %[[INS:.*]] = llvm.insertelement %[[OPAQUE]]
    // CHECK: %[[SPLAT:.*]] = llvm.shufflevector %[[INS]], %{{.*}} [0, 0, 0, 0]
    // CHECK: %[[COORD:.*]] = llvm.xor %[[SPLAT]], %[[REG]] : vector<4xi32>
    // CHECK: %[[START:.*]] = llvm.shufflevector {{.*}} [0, 0, 0, 0] : vector<4xi32>
    // CHECK: %[[R:.*]] = llvm.add %[[COORD]], %[[START]] : vector<4xi32>
    %r = tile.range 8 to 72 : tensor<64xi32, #rows>
    // CHECK: %[[PTRS:.*]] = llvm.getelementptr %{{.*}}[%[[R]]] : (!llvm.ptr<1>, vector<4xi32>) -> vector<4x!llvm.ptr<1>>, i32
    // CHECK: %[[ALL:.*]] = llvm.mlir.constant(dense<true> : vector<4xi1>)
    // CHECK: llvm.intr.masked.scatter %[[R]], %[[PTRS]], %[[ALL]] {alignment = 4 : i32}
    tile.store %out[%r], %r : !tile.ptr<i32>, tensor<64xi32, #rows>, tensor<64xi32, #rows>
    gpu.return
  }

  // Offsets row * n + col, a mask col < n and `other`: expand_dims and
  // broadcast are register shuffles; the load and store are masked
  // gathers and scatters of the 16 registers.
  // CHECK-LABEL: llvm.func @masked_2d
  gpu.func @masked_2d(%a: !tile.ptr<f32>, %ch: !tile.ptr<f16>, %n: i32) kernel attributes {tile.num_warps = 4 : i32} {
    // CHECK: %[[ROWS:.*]] = llvm.xor {{.*}} : vector<4xi32>
    // CHECK: %[[COLS:.*]] = llvm.xor {{.*}} : vector<4xi32>
    // CHECK: %[[R2:.*]] = llvm.shufflevector %[[ROWS]], %[[ROWS]] [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3] : vector<4xi32>
    // CHECK: %[[RB:.*]] = llvm.shufflevector %[[R2]], %[[R2]] [0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12] : vector<16xi32>
    // CHECK: %[[CB:.*]] = llvm.shufflevector %[[COLS]], %[[COLS]] [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3] : vector<4xi32>
    // CHECK: %[[NS:.*]] = llvm.shufflevector {{.*}} : vector<16xi32>
    // CHECK: %[[ROFF:.*]] = llvm.mul %[[RB]], %[[NS]] : vector<16xi32>
    // CHECK: %[[OFF:.*]] = llvm.add %[[ROFF]], %[[CB]] : vector<16xi32>
    // CHECK: %[[M:.*]] = llvm.icmp "slt" %[[CB]], %[[NS]] : vector<16xi32>
    // CHECK: %[[Z:.*]] = llvm.mlir.constant(dense<0.000000e+00> : vector<16xf32>)
    // CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<1>, vector<16xi32>) -> vector<16x!llvm.ptr<1>>, f32
    // CHECK: %[[X:.*]] = llvm.intr.masked.gather %[[P]], %[[M]], %[[Z]] {alignment = 4 : i32} : (vector<16x!llvm.ptr<1>>, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
    // CHECK: %[[Y:.*]] = llvm.fmul %[[X]], %{{.*}} : vector<16xf32>
    // f32 -> f16 goes in pairs through cvt.rn.f16x2.f32 (the second element
    // is the intrinsic's first operand: the upper half).
    // CHECK: %[[Y0:.*]] = llvm.extractelement %[[Y]]
    // CHECK: %[[Y1:.*]] = llvm.extractelement %[[Y]]
    // CHECK: llvm.call_intrinsic "llvm.nvvm.ff2f16x2.rn"(%[[Y1]], %[[Y0]]) : (f32, f32) -> vector<2xf16>
    // CHECK-COUNT-7: llvm.call_intrinsic "llvm.nvvm.ff2f16x2.rn"
    // CHECK-NOT: llvm.call_intrinsic "llvm.nvvm.ff2f16x2.rn"
    // CHECK-COUNT-15: llvm.insertelement {{.*}} : vector<16xf16>
    // CHECK: %[[S:.*]] = llvm.insertelement {{.*}} : vector<16xf16>
    // CHECK: %[[Q:.*]] = llvm.getelementptr %{{.*}}[%[[OFF]]] : (!llvm.ptr<1>, vector<16xi32>) -> vector<16x!llvm.ptr<1>>, f16
    // CHECK: llvm.intr.masked.scatter %[[S]], %[[Q]], %[[M]] {alignment = 2 : i32}
    %r = tile.range 0 to 64 : tensor<64xi32, #rows>
    %cc = tile.range 0 to 32 : tensor<32xi32, #cols>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32, #rows> -> tensor<64x1xi32, #b>
    %c2 = tile.expand_dims %cc, axis = 0 : tensor<32xi32, #cols> -> tensor<1x32xi32, #b>
    %rb = tile.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x32xi32, #b>
    %cb = tile.broadcast %c2 : tensor<1x32xi32, #b> -> tensor<64x32xi32, #b>
    %ns = tile.splat %n : tensor<64x32xi32, #b>
    %rowoff = arith.muli %rb, %ns : tensor<64x32xi32, #b>
    %off = arith.addi %rowoff, %cb : tensor<64x32xi32, #b>
    %m = arith.cmpi slt, %cb, %ns : tensor<64x32xi32, #b>
    %zero = arith.constant dense<0.0> : tensor<64x32xf32, #b>
    %x = tile.load %a[%off] mask %m other %zero : !tile.ptr<f32>, tensor<64x32xi32, #b>, tensor<64x32xi1, #b> -> tensor<64x32xf32, #b>
    %two = arith.constant dense<2.0> : tensor<64x32xf32, #b>
    %y = arith.mulf %x, %two : tensor<64x32xf32, #b>
    %h = arith.truncf %y : tensor<64x32xf32, #b> to tensor<64x32xf16, #b>
    tile.store %ch[%off], %h mask %m : !tile.ptr<f16>, tensor<64x32xi32, #b>, tensor<64x32xf16, #b>, tensor<64x32xi1, #b>
    gpu.return
  }
}

// -----

// Provably contiguous, aligned offsets (constant row stride 128, column
// runs of 8 starting at multiples of 8): one 16-byte access per run,
// vector<8xf16> without a mask, a predicated st.global.v4.b32 with one
// (col < 96 is constant over aligned runs of 32 columns).
#h = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#hr = #tile.slice<dim = 1, parent = #h>
#hc = #tile.slice<dim = 0, parent = #h>
gpu.module @m {
  // CHECK-LABEL: llvm.func @vector_f16
  gpu.func @vector_f16(%a: !tile.ptr<f16>, %c: !tile.ptr<f16>) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 16 : tensor<16xi32, #hr>
    %cc = tile.range 0 to 64 : tensor<64xi32, #hc>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<16xi32, #hr> -> tensor<16x1xi32, #h>
    %c2 = tile.expand_dims %cc, axis = 0 : tensor<64xi32, #hc> -> tensor<1x64xi32, #h>
    %rb = tile.broadcast %r2 : tensor<16x1xi32, #h> -> tensor<16x64xi32, #h>
    %cb = tile.broadcast %c2 : tensor<1x64xi32, #h> -> tensor<16x64xi32, #h>
    %stride = arith.constant dense<128> : tensor<16x64xi32, #h>
    %rowoff = arith.muli %rb, %stride : tensor<16x64xi32, #h>
    %off = arith.addi %rowoff, %cb : tensor<16x64xi32, #h>
    // CHECK: %[[OFF:.*]] = llvm.add %{{.*}} : vector<8xi32>
    // CHECK: %[[O0:.*]] = llvm.extractelement %[[OFF]][%{{.*}} : i32] : vector<8xi32>
    // CHECK: %[[P0:.*]] = llvm.getelementptr %{{.*}}[%[[O0]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    // CHECK: llvm.load %[[P0]] {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
    %x = tile.load %a[%off] : !tile.ptr<f16>, tensor<16x64xi32, #h> -> tensor<16x64xf16, #h>
    // CHECK: %[[N:.*]] = llvm.mlir.constant(dense<96> : vector<8xi32>)
    // CHECK: %[[M:.*]] = llvm.icmp "slt" %{{.*}}, %[[N]] : vector<8xi32>
    // CHECK: %[[Q:.*]] = llvm.getelementptr %{{.*}} : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
    // CHECK: %[[G:.*]] = llvm.shufflevector %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7] : vector<8xf16>
    // CHECK: %[[W:.*]] = llvm.bitcast %[[G]] : vector<8xf16> to vector<4xi32>
    // CHECK: %[[B:.*]] = llvm.extractelement %[[M]][%{{.*}} : i32] : vector<8xi1>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "@$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};", "b,l,r,r,r,r" %[[B]], %[[Q]]
    %n = arith.constant dense<96> : tensor<16x64xi32, #h>
    %m = arith.cmpi slt, %cb, %n : tensor<16x64xi32, #h>
    tile.store %c[%off], %x mask %m : !tile.ptr<f16>, tensor<16x64xi32, #h>, tensor<16x64xf16, #h>, tensor<16x64xi1, #h>
    gpu.return
  }

  // A masked f32 load with `other`: predicated ld.global.v4.b32 into four
  // words, then the masked-off runs take `other`.
  // CHECK-LABEL: llvm.func @vector_f32_other
  gpu.func @vector_f32_other(%a: !tile.ptr<f32>, %c: !tile.ptr<f32>, %bound: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %cc = tile.range 0 to 512 : tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
    %b = tile.splat %bound : tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
    // The bound is unknown: the mask is not constant over runs; scalar.
    // CHECK: llvm.intr.masked.gather
    %m = arith.cmpi slt, %cc, %b : tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
    %z = arith.constant dense<1.0> : tensor<512xf32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
    %x = tile.load %a[%cc] mask %m other %z : !tile.ptr<f32>, tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>, tensor<512xi1, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>> -> tensor<512xf32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
    // A bound that is a multiple of 4: one predicated 16-byte load per run.
    // CHECK: %[[A:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "@$5 ld.global.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l,b" %{{.*}}, %[[P:.*]] : (!llvm.ptr<1>, i1) -> !llvm.struct<(i32, i32, i32, i32)>
    // CHECK: %[[V:.*]] = llvm.bitcast %{{.*}} : vector<4xi32> to vector<4xf32>
    // CHECK: llvm.select %[[P]], %[[V]], %{{.*}} : i1, vector<4xf32>
    %b4 = arith.constant dense<500> : tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
    %m4 = arith.cmpi slt, %cc, %b4 : tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
    %y = tile.load %a[%cc] mask %m4 other %x : !tile.ptr<f32>, tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>, tensor<512xi1, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>> -> tensor<512xf32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
    tile.store %c[%cc], %y : !tile.ptr<f32>, tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>, tensor<512xf32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
    gpu.return
  }
}

// -----

// Row sums: the thread's 4 registers of a row (columns), then butterfly
// shuffles over the 3 lane bits that move along the columns (masks 1, 2,
// 4); lane bits 3 and 4 move along the rows and are not shuffled.
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #tile.slice<dim = 1, parent = #b>
gpu.module @m {
  // CHECK-LABEL: llvm.func @row_max
  gpu.func @row_max(%a: !tile.ptr<f32>, %o: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %c = tile.range 0 to 512 : tensor<512xi32, #tile.slice<dim = 0, parent = #b>>
    %c2 = tile.expand_dims %c, axis = 0 : tensor<512xi32, #tile.slice<dim = 0, parent = #b>> -> tensor<1x512xi32, #b>
    %off = tile.broadcast %c2 : tensor<1x512xi32, #b> -> tensor<16x512xi32, #b>
    %t = tile.load %a[%off] : !tile.ptr<f32>, tensor<16x512xi32, #b> -> tensor<16x512xf32, #b>
    // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
    // CHECK: %[[E0:.*]] = llvm.extractelement %[[V:.*]][%{{.*}} : i32] : vector<64xf32>
    // CHECK-NEXT: llvm.mlir.constant
    // CHECK-NEXT: %[[E1:.*]] = llvm.extractelement %[[V]][%{{.*}} : i32] : vector<64xf32>
    // CHECK-NEXT: %[[M1:.*]] = llvm.intr.maxnum(%[[E0]], %[[E1]]) : (f32, f32) -> f32
    // CHECK: %[[C1:.*]] = llvm.mlir.constant(1 : i32)
    // CHECK: %[[B1:.*]] = llvm.bitcast %[[S0:.*]] : f32 to i32
    // CHECK: nvvm.shfl.sync bfly %{{.*}}, %[[B1]], %[[C1]], %{{.*}} : i32 -> i32
    // CHECK: llvm.mlir.constant(2 : i32)
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: llvm.mlir.constant(4 : i32)
    // CHECK: nvvm.shfl.sync bfly
    // CHECK-NOT: nvvm.shfl.sync bfly
    // CHECK: %[[R:.*]] = llvm.insertelement %{{.*}} : vector<1xf32>
    %r = tile.reduce max %t, axis = 1 : tensor<16x512xf32, #b> -> tensor<16xf32, #rows>
    %i = tile.range 0 to 16 : tensor<16xi32, #rows>
    // CHECK: llvm.intr.masked.scatter %[[R]]
    tile.store %o[%i], %r : !tile.ptr<f32>, tensor<16xi32, #rows>, tensor<16xf32, #rows>
    gpu.return
  }
}

// -----

// A layout change that keeps every element in its thread is a register
// shuffle: #l is #b with the two register bits swapped. Whole-tile shared
// accesses address each register at (row * 32 + col) * 4.
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#l = #tile.linear<register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [0, 16], [1, 0], [2, 0]], warp = [[4, 0], [8, 0]], block = []>
!buf = !tile.smem<16x32xf32, mutable>
gpu.module @m {
  // CHECK-LABEL: llvm.func @permute_and_share
  gpu.func @permute_and_share(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %buf = tile.alloc_smem : !buf
    %t = tile.splat %x : tensor<16x32xf32, #b>
    // CHECK: %[[T:.*]] = llvm.shufflevector %{{.*}} [0, 0, 0, 0] : vector<4xf32>
    // CHECK: %[[P:.*]] = llvm.shufflevector %[[T]], %[[T]] [0, 2, 1, 3] : vector<4xf32>
    %p = tile.convert_layout %t : tensor<16x32xf32, #b> -> tensor<16x32xf32, #l>
    // The thread's element offset row * 32 + col is computed once, from
    // the layout composed with the buffer's offset map: lane * 4 +
    // warp * 128. Register 1 of #l is column 2 of the thread's run of 4:
    // offset bit 1, which no thread has, so it is added (8 bytes, a
    // constant the access's immediate takes), not XORed. #l's registers
    // are not in element order: one 4-byte store each.
    // CHECK: %[[LANE4:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
    // CHECK: %[[WARP128:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
    // CHECK-NEXT: %[[THREAD:.*]] = llvm.add %[[WARP128]], %[[LANE4]] : i32
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
    // CHECK: %[[BYTES:.*]] = llvm.mul %[[THREAD]], %{{.*}} : i32
    // CHECK-NEXT: %[[ROW:.*]] = llvm.getelementptr %{{.*}}[%[[BYTES]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    // CHECK-NEXT: %[[ADDR:.*]] = llvm.getelementptr %[[ROW]][8] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK: %[[V:.*]] = llvm.extractelement %[[P]][%{{.*}} : i32] : vector<4xf32>
    // CHECK: llvm.store %[[V]], %[[ADDR]] {alignment = 4 : i64} : f32, !llvm.ptr<3>
    tile.smem_store %p, %buf : tensor<16x32xf32, #l>, !buf
    // #b's 4 registers are 4 consecutive elements of a 16-byte-aligned run
    // (the buffer is at offset 0): one 16-byte load.
    // CHECK: %[[L:.*]] = llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
    // CHECK: llvm.extractelement %[[L]]
    // CHECK-NOT: llvm.load
    // CHECK: llvm.return
    %u = tile.smem_load %buf : !buf -> tensor<16x32xf32, #b>
    gpu.return
  }
}

// -----

// A layout change between warps goes through the scratch that
// tile-allocate-shared-memory reserves on the convert_layout (after the
// 2048-byte buffer): barrier, store the source registers, barrier, load
// the result registers, barrier. The scratch is swizzled (rows of 32
// elements, 4-element chunks XOR (row / 4) % 4): #b's 4 contiguous
// registers are one 16-byte store; lane bit 0 of #b (row 4 = offset 128)
// also flips chunk 1 (offset 4): 132. #t's registers (rows) load singly.
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#t = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @through_shared
  // CHECK-SAME: tile.shared_memory_bytes = 4096
  gpu.func @through_shared(%x: f32) kernel attributes {tile.num_warps = 4 : i32} {
    %buf = tile.alloc_smem : !tile.smem<16x32xf32, mutable>
    %t = tile.splat %x : tensor<16x32xf32, #b>
    // CHECK: %[[S:.*]] = llvm.getelementptr %{{.*}}[2048] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    // CHECK: nvvm.barrier0
    // CHECK: llvm.mlir.constant(132 : i32)
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
    // CHECK-NEXT: nvvm.barrier0
    // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
    // CHECK: nvvm.barrier0
    %c = tile.convert_layout %t : tensor<16x32xf32, #b> -> tensor<16x32xf32, #t>
    tile.smem_store %c, %buf : tensor<16x32xf32, #t>, !tile.smem<16x32xf32, mutable>
    gpu.return
  }
}

// -----

// wgmma accumulators share the linear-layout machinery: a layout change to
// #tile.blocked goes through shared scratch (pairs of accumulator
// registers are 8-byte stores, #b's runs of 4 are 16-byte loads), a row
// reduction shuffles over the two lane bits along the columns (masks 1
// and 2).
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @wgmma_epilogue
  // CHECK-SAME: tile.shared_memory_bytes = 16384
  gpu.func @wgmma_epilogue(%x: f32, %o: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %acc = tile.splat %x : tensor<64x64xf32, #acc>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-16: llvm.store %{{.*}} {alignment = 8 : i64} : vector<2xf32>, !llvm.ptr<3>
    // CHECK-NEXT: nvvm.barrier0
    // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
    // CHECK-NOT: llvm.load
    // CHECK: nvvm.barrier0
    %c = tile.convert_layout %acc : tensor<64x64xf32, #acc> -> tensor<64x64xf32, #b>
    // CHECK: llvm.mlir.constant(1 : i32)
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: llvm.mlir.constant(2 : i32)
    // CHECK: nvvm.shfl.sync bfly
    // Two rows per thread (lane / 4 + 8 * i + 16 * warp).
    // CHECK: llvm.insertelement %{{.*}} : vector<2xf32>
    %r = tile.reduce add %acc, axis = 1 : tensor<64x64xf32, #acc> -> tensor<64xf32, #tile.slice<dim = 1, parent = #acc>>
    %i = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #acc>>
    tile.store %o[%i], %r : !tile.ptr<f32>, tensor<64xi32, #tile.slice<dim = 1, parent = #acc>>, tensor<64xf32, #tile.slice<dim = 1, parent = #acc>>
    %j = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #b>>
    %j2 = tile.expand_dims %j, axis = 0 : tensor<64xi32, #tile.slice<dim = 0, parent = #b>> -> tensor<1x64xi32, #b>
    %jb = tile.broadcast %j2 : tensor<1x64xi32, #b> -> tensor<64x64xi32, #b>
    tile.store %o[%jb], %c : !tile.ptr<f32>, tensor<64x64xi32, #b>, tensor<64x64xf32, #b>
    gpu.return
  }
}

// -----

// Column sums with warps along the rows: registers, then the 2 lane bits
// along the rows (masks 8, 16), then the 4 warps through shared scratch
// (4 warps x 32 columns x 4 bytes): each warp stores its partials, every
// thread adds the 4 slots of its columns in order.
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @column_sums
  // CHECK-SAME: tile.shared_memory_bytes = 512
  gpu.func @column_sums(%x: f32, %o: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<16x32xf32, #b>
    // CHECK: llvm.mlir.constant(8 : i32)
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: llvm.mlir.constant(16 : i32)
    // CHECK: nvvm.shfl.sync bfly
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-4: llvm.store %{{.*}} : f32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
    // CHECK: llvm.fadd
    // CHECK: nvvm.barrier0
    // CHECK: llvm.insertelement %{{.*}} : vector<4xf32>
    %r = tile.reduce add %t, axis = 0 : tensor<16x32xf32, #b> -> tensor<32xf32, #tile.slice<dim = 0, parent = #b>>
    %i = tile.range 0 to 32 : tensor<32xi32, #tile.slice<dim = 0, parent = #b>>
    tile.store %o[%i], %r : !tile.ptr<f32>, tensor<32xi32, #tile.slice<dim = 0, parent = #b>>, tensor<32xf32, #tile.slice<dim = 0, parent = #b>>
    gpu.return
  }
}

// -----

// A range whose layout has no lane or warp bases along it (every thread
// holds all four elements) is a constant vector: no opaque copy.
// CHECK-LABEL: llvm.func @constant_range
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.mlir.constant(dense<[0, 1, 2, 3]> : vector<4xi32>)
// CHECK-NOT: llvm.inline_asm
// CHECK: llvm.return
#whole = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @constant_range(%p: !tile.ptr<i32>) kernel attributes {tile.num_warps = 4 : i32} {
    %r = tile.range 0 to 4 : tensor<4xi32, #whole>
    tile.store %p[%r], %r : !tile.ptr<i32>, tensor<4xi32, #whole>, tensor<4xi32, #whole>
    gpu.return
  }
}

// -----

// Scalar fp8 elements through global and shared memory: LLVM holds them as
// i8, one byte aligned.
// CHECK-LABEL: llvm.func @fp8_scalars
// CHECK: llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr<1> -> i8
// CHECK: llvm.store %{{.*}} : i8, !llvm.ptr<3>
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.store %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr<1>
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @fp8_scalars(%p: !tile.ptr<f8E4M3FN>, %i: i64) kernel attributes {tile.num_warps = 1 : i32} {
    %c0 = arith.constant 0 : index
    %s = tile.alloc_smem : !tile.smem<128xf8E4M3FN, mutable>
    %x = tile.load %p[%i] : !tile.ptr<f8E4M3FN>, i64 -> f8E4M3FN
    tile.smem_store %x, %s[%c0] : f8E4M3FN, !tile.smem<128xf8E4M3FN, mutable>
    %y = tile.smem_load %s[%c0] : !tile.smem<128xf8E4M3FN, mutable> -> f8E4M3FN
    tile.store %p[%i], %y : !tile.ptr<f8E4M3FN>, i64, f8E4M3FN
    gpu.return
  }
}
