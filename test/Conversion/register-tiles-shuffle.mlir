// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' -split-input-file | FileCheck %s

// Layout changes that keep every element in its warp move by shfl.sync idx,
// with no shared scratch and no barrier.

// A transpose of the lanes: #rowmajor puts columns on lane bits 0-2 and
// rows on lane bits 3-4, #colmajor rows on lane bits 0-1 and columns on
// 2-4. Lane t of #colmajor holds (row t & 3, column t >> 2), which lane
// ((t & 3) << 3) | (t >> 2) of #rowmajor holds: lane bits 0, 1, 2, 3, 4
// select source lanes 8, 16, 1, 2, 4. One register, one shuffle.
#rowmajor = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#colmajor = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @lane_transpose
  // CHECK-SAME: tile.shared_memory_bytes = 0
  gpu.func @lane_transpose(%x: f32, %o: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %t = tile.splat %x : tensor<16x8xf32, #rowmajor>
    // CHECK-NOT: nvvm.barrier0
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK: %[[LANE:.*]] = llvm.urem %[[TID]], %{{.*}} : i32
    // Lane bit 0 -> 8.
    // CHECK: %[[L0:.*]] = llvm.lshr %[[LANE]], %{{.*}} : i32
    // CHECK-NEXT: %[[ONE0:.*]] = llvm.mlir.constant(1 : i32) : i32
    // CHECK-NEXT: %[[A0:.*]] = llvm.and %[[L0]], %[[ONE0]] : i32
    // CHECK-NEXT: %[[C8:.*]] = llvm.mlir.constant(8 : i32) : i32
    // CHECK-NEXT: %[[M0:.*]] = llvm.mul %[[A0]], %[[C8]] : i32
    // CHECK-NEXT: %[[X0:.*]] = llvm.xor %{{.*}}, %[[M0]] : i32
    // Lane bit 1 -> 16.
    // CHECK-NEXT: %[[S1:.*]] = llvm.mlir.constant(1 : i32) : i32
    // CHECK-NEXT: %[[L1:.*]] = llvm.lshr %[[LANE]], %[[S1]] : i32
    // CHECK-NEXT: llvm.mlir.constant(1 : i32)
    // CHECK-NEXT: %[[A1:.*]] = llvm.and %[[L1]], %{{.*}} : i32
    // CHECK-NEXT: %[[C16:.*]] = llvm.mlir.constant(16 : i32) : i32
    // CHECK-NEXT: %[[M1:.*]] = llvm.mul %[[A1]], %[[C16]] : i32
    // CHECK-NEXT: %[[X1:.*]] = llvm.xor %[[X0]], %[[M1]] : i32
    // Lane bit 2 -> 1.
    // CHECK-NEXT: %[[S2:.*]] = llvm.mlir.constant(2 : i32) : i32
    // CHECK-NEXT: %[[L2:.*]] = llvm.lshr %[[LANE]], %[[S2]] : i32
    // CHECK-NEXT: llvm.mlir.constant(1 : i32)
    // CHECK-NEXT: %[[A2:.*]] = llvm.and %[[L2]], %{{.*}} : i32
    // CHECK-NEXT: %[[X2:.*]] = llvm.xor %[[X1]], %[[A2]] : i32
    // Lane bit 3 -> 2.
    // CHECK-NEXT: %[[S3:.*]] = llvm.mlir.constant(3 : i32) : i32
    // CHECK-NEXT: %[[L3:.*]] = llvm.lshr %[[LANE]], %[[S3]] : i32
    // CHECK-NEXT: llvm.mlir.constant(1 : i32)
    // CHECK-NEXT: %[[A3:.*]] = llvm.and %[[L3]], %{{.*}} : i32
    // CHECK-NEXT: %[[C2:.*]] = llvm.mlir.constant(2 : i32) : i32
    // CHECK-NEXT: %[[M3:.*]] = llvm.mul %[[A3]], %[[C2]] : i32
    // CHECK-NEXT: %[[X3:.*]] = llvm.xor %[[X2]], %[[M3]] : i32
    // Lane bit 4 -> 4.
    // CHECK-NEXT: %[[S4:.*]] = llvm.mlir.constant(4 : i32) : i32
    // CHECK-NEXT: %[[L4:.*]] = llvm.lshr %[[LANE]], %[[S4]] : i32
    // CHECK-NEXT: llvm.mlir.constant(1 : i32)
    // CHECK-NEXT: %[[A4:.*]] = llvm.and %[[L4]], %{{.*}} : i32
    // CHECK-NEXT: %[[C4:.*]] = llvm.mlir.constant(4 : i32) : i32
    // CHECK-NEXT: %[[M4:.*]] = llvm.mul %[[A4]], %[[C4]] : i32
    // CHECK-NEXT: %[[SRC:.*]] = llvm.xor %[[X3]], %[[M4]] : i32
    // The only register, from lane SRC.
    // CHECK: %[[V:.*]] = llvm.extractelement %{{.*}}[%{{.*}} : i32] : vector<1xf32>
    // CHECK: %[[W:.*]] = llvm.bitcast %[[V]] : f32 to i32
    // CHECK-NEXT: %[[S:.*]] = nvvm.shfl.sync  idx %{{.*}}, %[[W]], %[[SRC]], %{{.*}} : i32 -> i32
    // CHECK-NEXT: llvm.bitcast %[[S]] : i32 to f32
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.return
    %c = tile.convert_layout %t : tensor<16x8xf32, #rowmajor> -> tensor<16x8xf32, #colmajor>
    %i = tile.splat %x : tensor<16x8xf32, #colmajor>
    %s = arith.addf %c, %i : tensor<16x8xf32, #colmajor>
    %z = arith.constant dense<0> : tensor<16x8xi32, #colmajor>
    tile.store %o[%z], %s : !tile.ptr<f32>, tensor<16x8xi32, #colmajor>, tensor<16x8xf32, #colmajor>
    gpu.return
  }
}

// -----

// Four consecutive elements per thread to one per thread: lanes 4q .. 4q+3
// all need lane q's registers, so "register k in round k" would make lane
// q supply four registers at once. The plan rotates instead: in round k,
// lane t receives destination register k ^ h(t), with h spreading lanes
// 4q .. 4q+3 over the four registers, so every source lane is read once
// per round; it supplies the register its own lane bits select (3
// selects), and the receiving lane puts each value in place (3 more).
// i8 elements widen to 32-bit words around each shuffle.
#v = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#s = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @unvectorize
  // CHECK-SAME: tile.shared_memory_bytes = 0
  gpu.func @unvectorize(%x: i8, %o: !tile.ptr<i8>) kernel attributes {tile.num_warps = 1 : i32} {
    %t = tile.splat %x : tensor<128xi8, #v>
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-3: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i8
    // CHECK-NEXT: llvm.mlir.constant(-1 : i32)
    // CHECK-NEXT: llvm.mlir.constant(31 : i32)
    // CHECK-NEXT: llvm.zext %{{.*}} : i8 to i32
    // CHECK-NEXT: nvvm.shfl.sync  idx
    // CHECK-NEXT: llvm.trunc %{{.*}} : i32 to i8
    // CHECK-COUNT-3: nvvm.shfl.sync  idx
    // CHECK-NOT: nvvm.shfl.sync
    // CHECK-COUNT-4: llvm.insertelement %{{.*}} : vector<4xi8>
    // CHECK-NOT: nvvm.barrier0
    %c = tile.convert_layout %t : tensor<128xi8, #v> -> tensor<128xi8, #s>
    %i = tile.range 0 to 128 : tensor<128xi32, #s>
    tile.store %o[%i], %c : !tile.ptr<i8>, tensor<128xi32, #s>, tensor<128xi8, #s>
    gpu.return
  }
}

// -----

// 64-bit elements move as two 32-bit words: #pair holds elements 2t, 2t+1
// in lane t, #spread element t in register 0 and t + 32 in register 1.
#pair = #tile.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#spread = #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @f64_words
  gpu.func @f64_words(%x: f64, %o: !tile.ptr<f64>) kernel attributes {tile.num_warps = 1 : i32} {
    %t = tile.splat %x : tensor<64xf64, #pair>
    // CHECK: llvm.bitcast %{{.*}} : f64 to vector<2xi32>
    // CHECK-COUNT-2: nvvm.shfl.sync  idx
    // CHECK: llvm.bitcast %{{.*}} : vector<2xi32> to f64
    // CHECK: llvm.bitcast %{{.*}} : f64 to vector<2xi32>
    // CHECK-COUNT-2: nvvm.shfl.sync  idx
    // CHECK-NOT: nvvm.barrier0
    %c = tile.convert_layout %t : tensor<64xf64, #pair> -> tensor<64xf64, #spread>
    %i = tile.range 0 to 64 : tensor<64xi32, #spread>
    tile.store %o[%i], %c : !tile.ptr<f64>, tensor<64xi32, #spread>, tensor<64xf64, #spread>
    gpu.return
  }
}

// -----

// 8-bit rounds that read the same lane share a 32-bit shuffle; a source
// lane's last pack may hold fewer than four (here two: pairs of bytes to
// quads), and still travels as a whole word (a <2 x i8> is not a 32-bit
// value LLVM can bitcast).
#pairs = #tile.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
#quads = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
gpu.module @m {
  // CHECK-LABEL: llvm.func @short_pack
  // CHECK-NOT: vector<2xi8>
  // CHECK: %[[WORD:.*]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
  // CHECK: nvvm.shfl.sync idx %{{.*}}, %[[WORD]],
  // CHECK-NOT: vector<2xi8>
  // CHECK: llvm.return
  gpu.func @short_pack(%p: !tile.ptr<i8>, %q: !tile.ptr<i8>) kernel attributes {tile.num_warps = 1 : i32} {
    %i = tile.range 0 to 128 : tensor<128xi32, #pairs>
    %t = tile.load %p[%i] : !tile.ptr<i8>, tensor<128xi32, #pairs> -> tensor<128xi8, #pairs>
    %c = tile.convert_layout %t : tensor<128xi8, #pairs> -> tensor<128xi8, #quads>
    %j = tile.range 0 to 128 : tensor<128xi32, #quads>
    tile.store %q[%j], %c : !tile.ptr<i8>, tensor<128xi32, #quads>, tensor<128xi8, #quads>
    gpu.return
  }
}
