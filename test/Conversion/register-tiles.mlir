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
    // CHECK: %[[REG:.*]] = llvm.mlir.constant(dense<[0, 16, 32, 48]> : vector<4xi32>)
    // CHECK: %[[INS:.*]] = llvm.insertelement %[[T]]
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
    // CHECK: %[[S:.*]] = llvm.fptrunc %[[Y]] : vector<16xf32> to vector<16xf16>
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
