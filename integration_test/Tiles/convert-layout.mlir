// tile.convert_layout, checked exactly: each kernel loads a tile in one
// layout (row-major offsets computed in that layout), converts it and
// stores it with the offsets of the new layout, so the output must equal
// the input bit for bit (rel_err 0). The output is poisoned first, the
// input random. One CTA per conversion.
// - within a warp (shfl.sync idx, no shared memory, no barrier): a
//   transpose of the lanes (one shuffle), transposes of 4 x 4 register
//   blocks between lanes (a round per register, selects on both sides;
//   1 warp and 4 warps, f32 / i32 / f16), 1-D vectorized <-> scalar (i8,
//   f32, and f64 as two words per shuffle);
// - across warps (swizzled shared scratch, vector stores/loads): 64 x 64
//   transposes in f32 both ways, f16 and i8, a 1-D i32 one, and a wgmma
//   accumulator (filled through shared memory) to #tile.blocked.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

// CHECK: lane_transpose_f32: rows=16 cols=8 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: warp_transpose_f32: rows=16 cols=16 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: warp_transpose_back_i32: rows=16 cols=16 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: warps4_transpose_f16: rows=32 cols=16 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: unvectorize_1d_i8: rows=1 cols=128 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: vectorize_1d_f32: rows=1 cols=256 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: pairs_1d_f64: rows=1 cols=64 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: transpose_f32: rows=64 cols=64 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: transpose_back_f32: rows=64 cols=64 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: transpose_f16: rows=64 cols=64 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: transpose_i8: rows=64 cols=64 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: warps_1d_i32: rows=1 cols=512 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK: wgmma_to_blocked_f32: rows=64 cols=64 rel_err=0.000e+00 {{.*}} -> PASS
// CHECK-NOT: FAIL

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // shuffle
    gpu.func @lane_transpose_f32(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %sr = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sc = tile.range 0 to 8 : tensor<8xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sr2 = tile.expand_dims %sr, axis = 1 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<16x1xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sc2 = tile.expand_dims %sc, axis = 0 : tensor<8xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<1x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %srb = tile.broadcast %sr2 : tensor<16x1xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %scb = tile.broadcast %sc2 : tensor<1x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sstride = arith.constant dense<8> : tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sro = arith.muli %srb, %sstride : tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %soff = arith.addi %sro, %scb : tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %x = tile.load %in[%soff] : !tile.ptr<f32>, tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<16x8xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %y = tile.convert_layout %x : tensor<16x8xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<16x8xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>
      %dr = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>>
      %dc = tile.range 0 to 8 : tensor<8xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>>
      %dr2 = tile.expand_dims %dr, axis = 1 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>> -> tensor<16x1xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>
      %dc2 = tile.expand_dims %dc, axis = 0 : tensor<8xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>> -> tensor<1x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>
      %drb = tile.broadcast %dr2 : tensor<16x1xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>> -> tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>
      %dcb = tile.broadcast %dc2 : tensor<1x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>> -> tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>
      %dstride = arith.constant dense<8> : tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>
      %dro = arith.muli %drb, %dstride : tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>
      %doff = arith.addi %dro, %dcb : tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>
      tile.store %out[%doff], %y : !tile.ptr<f32>, tensor<16x8xi32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>, tensor<16x8xf32, #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>>
      gpu.return
    }
    // shuffle
    gpu.func @warp_transpose_f32(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 1 : i32} {
      %sr = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>>
      %sc = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>>
      %sr2 = tile.expand_dims %sr, axis = 1 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>> -> tensor<16x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %sc2 = tile.expand_dims %sc, axis = 0 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>> -> tensor<1x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %srb = tile.broadcast %sr2 : tensor<16x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>> -> tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %scb = tile.broadcast %sc2 : tensor<1x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>> -> tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %sstride = arith.constant dense<16> : tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %sro = arith.muli %srb, %sstride : tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %soff = arith.addi %sro, %scb : tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %x = tile.load %in[%soff] : !tile.ptr<f32>, tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>> -> tensor<16x16xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %y = tile.convert_layout %x : tensor<16x16xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>> -> tensor<16x16xf32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %dr = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>>
      %dc = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>>
      %dr2 = tile.expand_dims %dr, axis = 1 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>> -> tensor<16x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %dc2 = tile.expand_dims %dc, axis = 0 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>> -> tensor<1x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %drb = tile.broadcast %dr2 : tensor<16x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>> -> tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %dcb = tile.broadcast %dc2 : tensor<1x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>> -> tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %dstride = arith.constant dense<16> : tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %dro = arith.muli %drb, %dstride : tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %doff = arith.addi %dro, %dcb : tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      tile.store %out[%doff], %y : !tile.ptr<f32>, tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>, tensor<16x16xf32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      gpu.return
    }
    // shuffle
    gpu.func @warp_transpose_back_i32(%in: !tile.ptr<i32>, %out: !tile.ptr<i32>) kernel
        attributes {tile.num_warps = 1 : i32} {
      %sr = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>>
      %sc = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>>
      %sr2 = tile.expand_dims %sr, axis = 1 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>> -> tensor<16x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %sc2 = tile.expand_dims %sc, axis = 0 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>> -> tensor<1x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %srb = tile.broadcast %sr2 : tensor<16x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>> -> tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %scb = tile.broadcast %sc2 : tensor<1x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>> -> tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %sstride = arith.constant dense<16> : tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %sro = arith.muli %srb, %sstride : tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %soff = arith.addi %sro, %scb : tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %x = tile.load %in[%soff] : !tile.ptr<i32>, tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>> -> tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>>
      %y = tile.convert_layout %x : tensor<16x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [0, 1]>> -> tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %dr = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>>
      %dc = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>>
      %dr2 = tile.expand_dims %dr, axis = 1 : tensor<16xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>> -> tensor<16x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %dc2 = tile.expand_dims %dc, axis = 0 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>> -> tensor<1x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %drb = tile.broadcast %dr2 : tensor<16x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>> -> tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %dcb = tile.broadcast %dc2 : tensor<1x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>> -> tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %dstride = arith.constant dense<16> : tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %dro = arith.muli %drb, %dstride : tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      %doff = arith.addi %dro, %dcb : tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      tile.store %out[%doff], %y : !tile.ptr<i32>, tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>, tensor<16x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]>>
      gpu.return
    }
    // shuffle
    gpu.func @warps4_transpose_f16(%in: !tile.ptr<f16>, %out: !tile.ptr<f16>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %sr = tile.range 0 to 32 : tensor<32xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sc = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sr2 = tile.expand_dims %sr, axis = 1 : tensor<32xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<32x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sc2 = tile.expand_dims %sc, axis = 0 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<1x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %srb = tile.broadcast %sr2 : tensor<32x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<32x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %scb = tile.broadcast %sc2 : tensor<1x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<32x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sstride = arith.constant dense<16> : tensor<32x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sro = arith.muli %srb, %sstride : tensor<32x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %soff = arith.addi %sro, %scb : tensor<32x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %x = tile.load %in[%soff] : !tile.ptr<f16>, tensor<32x16xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<32x16xf16, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %y = tile.convert_layout %x : tensor<32x16xf16, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<32x16xf16, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>
      %dr = tile.range 0 to 32 : tensor<32xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>>
      %dc = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>>
      %dr2 = tile.expand_dims %dr, axis = 1 : tensor<32xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>> -> tensor<32x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>
      %dc2 = tile.expand_dims %dc, axis = 0 : tensor<16xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>> -> tensor<1x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>
      %drb = tile.broadcast %dr2 : tensor<32x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>> -> tensor<32x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>
      %dcb = tile.broadcast %dc2 : tensor<1x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>> -> tensor<32x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>
      %dstride = arith.constant dense<16> : tensor<32x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>
      %dro = arith.muli %drb, %dstride : tensor<32x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>
      %doff = arith.addi %dro, %dcb : tensor<32x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>
      tile.store %out[%doff], %y : !tile.ptr<f16>, tensor<32x16xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>, tensor<32x16xf16, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [0, 1]>>
      gpu.return
    }
    // shuffle
    gpu.func @unvectorize_1d_i8(%in: !tile.ptr<i8>, %out: !tile.ptr<i8>) kernel
        attributes {tile.num_warps = 1 : i32} {
      %soff = tile.range 0 to 128 : tensor<128xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      %x = tile.load %in[%soff] : !tile.ptr<i8>, tensor<128xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>> -> tensor<128xi8, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      %y = tile.convert_layout %x : tensor<128xi8, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>> -> tensor<128xi8, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      %doff = tile.range 0 to 128 : tensor<128xi32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      tile.store %out[%doff], %y : !tile.ptr<i8>, tensor<128xi32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>, tensor<128xi8, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      gpu.return
    }
    // shuffle
    gpu.func @vectorize_1d_f32(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 1 : i32} {
      %soff = tile.range 0 to 256 : tensor<256xi32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      %x = tile.load %in[%soff] : !tile.ptr<f32>, tensor<256xi32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>> -> tensor<256xf32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      %y = tile.convert_layout %x : tensor<256xf32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>> -> tensor<256xf32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      %doff = tile.range 0 to 256 : tensor<256xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      tile.store %out[%doff], %y : !tile.ptr<f32>, tensor<256xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>, tensor<256xf32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      gpu.return
    }
    // shuffle
    gpu.func @pairs_1d_f64(%in: !tile.ptr<f64>, %out: !tile.ptr<f64>) kernel
        attributes {tile.num_warps = 1 : i32} {
      %soff = tile.range 0 to 64 : tensor<64xi32, #tile.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      %x = tile.load %in[%soff] : !tile.ptr<f64>, tensor<64xi32, #tile.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>> -> tensor<64xf64, #tile.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      %y = tile.convert_layout %x : tensor<64xf64, #tile.blocked<sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>> -> tensor<64xf64, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      %doff = tile.range 0 to 64 : tensor<64xi32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      tile.store %out[%doff], %y : !tile.ptr<f64>, tensor<64xi32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>, tensor<64xf64, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>>
      gpu.return
    }
    // shared
    gpu.func @transpose_f32(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %sr = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sc = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sr2 = tile.expand_dims %sr, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sc2 = tile.expand_dims %sc, axis = 0 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %srb = tile.broadcast %sr2 : tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %scb = tile.broadcast %sc2 : tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sstride = arith.constant dense<64> : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sro = arith.muli %srb, %sstride : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %soff = arith.addi %sro, %scb : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %x = tile.load %in[%soff] : !tile.ptr<f32>, tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %y = tile.convert_layout %x : tensor<64x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xf32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dr = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>>
      %dc = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>>
      %dr2 = tile.expand_dims %dr, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>> -> tensor<64x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dc2 = tile.expand_dims %dc, axis = 0 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>> -> tensor<1x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %drb = tile.broadcast %dr2 : tensor<64x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dcb = tile.broadcast %dc2 : tensor<1x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dstride = arith.constant dense<64> : tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dro = arith.muli %drb, %dstride : tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %doff = arith.addi %dro, %dcb : tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      tile.store %out[%doff], %y : !tile.ptr<f32>, tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>, tensor<64x64xf32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      gpu.return
    }
    // shared
    gpu.func @transpose_back_f32(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %sr = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>>
      %sc = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>>
      %sr2 = tile.expand_dims %sr, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>> -> tensor<64x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %sc2 = tile.expand_dims %sc, axis = 0 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>> -> tensor<1x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %srb = tile.broadcast %sr2 : tensor<64x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %scb = tile.broadcast %sc2 : tensor<1x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %sstride = arith.constant dense<64> : tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %sro = arith.muli %srb, %sstride : tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %soff = arith.addi %sro, %scb : tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %x = tile.load %in[%soff] : !tile.ptr<f32>, tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<64x64xf32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %y = tile.convert_layout %x : tensor<64x64xf32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<64x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %dr = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %dc = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %dr2 = tile.expand_dims %dr, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %dc2 = tile.expand_dims %dc, axis = 0 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %drb = tile.broadcast %dr2 : tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %dcb = tile.broadcast %dc2 : tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %dstride = arith.constant dense<64> : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %dro = arith.muli %drb, %dstride : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %doff = arith.addi %dro, %dcb : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      tile.store %out[%doff], %y : !tile.ptr<f32>, tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>, tensor<64x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      gpu.return
    }
    // shared
    gpu.func @transpose_f16(%in: !tile.ptr<f16>, %out: !tile.ptr<f16>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %sr = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sc = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sr2 = tile.expand_dims %sr, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sc2 = tile.expand_dims %sc, axis = 0 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %srb = tile.broadcast %sr2 : tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %scb = tile.broadcast %sc2 : tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sstride = arith.constant dense<64> : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sro = arith.muli %srb, %sstride : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %soff = arith.addi %sro, %scb : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %x = tile.load %in[%soff] : !tile.ptr<f16>, tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xf16, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      %y = tile.convert_layout %x : tensor<64x64xf16, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xf16, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dr = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>>
      %dc = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>>
      %dr2 = tile.expand_dims %dr, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>> -> tensor<64x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dc2 = tile.expand_dims %dc, axis = 0 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>> -> tensor<1x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %drb = tile.broadcast %dr2 : tensor<64x1xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dcb = tile.broadcast %dc2 : tensor<1x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dstride = arith.constant dense<64> : tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dro = arith.muli %drb, %dstride : tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      %doff = arith.addi %dro, %dcb : tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      tile.store %out[%doff], %y : !tile.ptr<f16>, tensor<64x64xi32, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>, tensor<64x64xf16, #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>>
      gpu.return
    }
    // shared
    gpu.func @transpose_i8(%in: !tile.ptr<i8>, %out: !tile.ptr<i8>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %sr = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sc = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sr2 = tile.expand_dims %sr, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sc2 = tile.expand_dims %sc, axis = 0 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %srb = tile.broadcast %sr2 : tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %scb = tile.broadcast %sc2 : tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sstride = arith.constant dense<64> : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sro = arith.muli %srb, %sstride : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %soff = arith.addi %sro, %scb : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %x = tile.load %in[%soff] : !tile.ptr<i8>, tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi8, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>>
      %y = tile.convert_layout %x : tensor<64x64xi8, #tile.blocked<sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi8, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dr = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>>
      %dc = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>>
      %dr2 = tile.expand_dims %dr, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>> -> tensor<64x1xi32, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dc2 = tile.expand_dims %dc, axis = 0 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>> -> tensor<1x64xi32, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>
      %drb = tile.broadcast %dr2 : tensor<64x1xi32, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dcb = tile.broadcast %dc2 : tensor<1x64xi32, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dstride = arith.constant dense<64> : tensor<64x64xi32, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>
      %dro = arith.muli %drb, %dstride : tensor<64x64xi32, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>
      %doff = arith.addi %dro, %dcb : tensor<64x64xi32, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>
      tile.store %out[%doff], %y : !tile.ptr<i8>, tensor<64x64xi32, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>, tensor<64x64xi8, #tile.blocked<sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]>>
      gpu.return
    }
    // shared
    gpu.func @warps_1d_i32(%in: !tile.ptr<i32>, %out: !tile.ptr<i32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %soff = tile.range 0 to 512 : tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
      %x = tile.load %in[%soff] : !tile.ptr<i32>, tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>> -> tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
      %y = tile.convert_layout %x : tensor<512xi32, #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>> -> tensor<512xi32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
      %doff = tile.range 0 to 512 : tensor<512xi32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
      tile.store %out[%doff], %y : !tile.ptr<i32>, tensor<512xi32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>, tensor<512xi32, #tile.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
      gpu.return
    }
    // shared
    gpu.func @wgmma_to_blocked_f32(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %sr = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sc = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %sr2 = tile.expand_dims %sr, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sc2 = tile.expand_dims %sc, axis = 0 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %srb = tile.broadcast %sr2 : tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %scb = tile.broadcast %sc2 : tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sstride = arith.constant dense<64> : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %sro = arith.muli %srb, %sstride : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %soff = arith.addi %sro, %scb : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %xb = tile.load %in[%soff] : !tile.ptr<f32>, tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %buf = tile.alloc_smem : !tile.smem<64x64xf32, mutable>
      tile.smem_store %xb, %buf : tensor<64x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>, !tile.smem<64x64xf32, mutable>
      tile.barrier
      %x = tile.smem_load %buf : !tile.smem<64x64xf32, mutable> -> tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>>
      %y = tile.convert_layout %x : tensor<64x64xf32, #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>> -> tensor<64x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %dr = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %dc = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>>
      %dr2 = tile.expand_dims %dr, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %dc2 = tile.expand_dims %dc, axis = 0 : tensor<64xi32, #tile.slice<dim = 0, parent = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>> -> tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %drb = tile.broadcast %dr2 : tensor<64x1xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %dcb = tile.broadcast %dc2 : tensor<1x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>> -> tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %dstride = arith.constant dense<64> : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %dro = arith.muli %drb, %dstride : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      %doff = arith.addi %dro, %dcb : tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      tile.store %out[%doff], %y : !tile.ptr<f32>, tensor<64x64xi32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>, tensor<64x64xf32, #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>>
      gpu.return
    }
  }

  llvm.mlir.global internal constant @lane_transpose_f32_name("lane_transpose_f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @warp_transpose_f32_name("warp_transpose_f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @warp_transpose_back_i32_name("warp_transpose_back_i32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @warps4_transpose_f16_name("warps4_transpose_f16\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @unvectorize_1d_i8_name("unvectorize_1d_i8\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @vectorize_1d_f32_name("vectorize_1d_f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @pairs_1d_f64_name("pairs_1d_f64\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @transpose_f32_name("transpose_f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @transpose_back_f32_name("transpose_back_f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @transpose_f16_name("transpose_f16\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @transpose_i8_name("transpose_i8\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @warps_1d_i32_name("warps_1d_i32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @wgmma_to_blocked_f32_name("wgmma_to_blocked_f32\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {
    %c1 = arith.constant 1 : index
    %exact = arith.constant 0.0 : f64
    %ok = arith.constant 0 : i32

    // lane_transpose_f32 (shuffle)
    %t0a = gpu.wait async
    %in0, %t0b = gpu.alloc async [%t0a] () : memref<128xf32>
    %out0, %t0c = gpu.alloc async [%t0b] () : memref<128xf32>
    gpu.wait [%t0c]
    %pin0 = tile.ptr_from_memref %in0 : memref<128xf32> -> !llvm.ptr
    %pout0 = tile.ptr_from_memref %out0 : memref<128xf32> -> !llvm.ptr
    %n0 = arith.constant 128 : i64
    %bytes0 = arith.constant 512 : i64
    %dt0 = arith.constant 0 : i32
    %seed0 = arith.constant 1000 : i64
    llvm.call @tileRtFillRandom(%pin0, %n0, %dt0, %seed0) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout0, %bytes0) : (!llvm.ptr, i64) -> ()
    %kin0 = tile.ptr_from_memref %in0 : memref<128xf32> -> !tile.ptr<f32>
    %kout0 = tile.ptr_from_memref %out0 : memref<128xf32> -> !tile.ptr<f32>
    %threads0 = arith.constant 128 : index
    gpu.launch_func @kernels::@lane_transpose_f32 blocks in (%c1, %c1, %c1) threads in (%threads0, %c1, %c1) args(%kin0 : !tile.ptr<f32>, %kout0 : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name0 = llvm.mlir.addressof @lane_transpose_f32_name : !llvm.ptr
    %rows0 = arith.constant 16 : i64
    %cols0 = arith.constant 8 : i64
    %fail0 = llvm.call @tileRtCheck2D(%name0, %pout0, %cols0, %pin0, %cols0, %rows0, %cols0, %dt0, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any0 = arith.ori %ok, %fail0 : i32

    // warp_transpose_f32 (shuffle)
    %t1a = gpu.wait async
    %in1, %t1b = gpu.alloc async [%t1a] () : memref<256xf32>
    %out1, %t1c = gpu.alloc async [%t1b] () : memref<256xf32>
    gpu.wait [%t1c]
    %pin1 = tile.ptr_from_memref %in1 : memref<256xf32> -> !llvm.ptr
    %pout1 = tile.ptr_from_memref %out1 : memref<256xf32> -> !llvm.ptr
    %n1 = arith.constant 256 : i64
    %bytes1 = arith.constant 1024 : i64
    %dt1 = arith.constant 0 : i32
    %seed1 = arith.constant 1001 : i64
    llvm.call @tileRtFillRandom(%pin1, %n1, %dt1, %seed1) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout1, %bytes1) : (!llvm.ptr, i64) -> ()
    %kin1 = tile.ptr_from_memref %in1 : memref<256xf32> -> !tile.ptr<f32>
    %kout1 = tile.ptr_from_memref %out1 : memref<256xf32> -> !tile.ptr<f32>
    %threads1 = arith.constant 32 : index
    gpu.launch_func @kernels::@warp_transpose_f32 blocks in (%c1, %c1, %c1) threads in (%threads1, %c1, %c1) args(%kin1 : !tile.ptr<f32>, %kout1 : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name1 = llvm.mlir.addressof @warp_transpose_f32_name : !llvm.ptr
    %rows1 = arith.constant 16 : i64
    %cols1 = arith.constant 16 : i64
    %fail1 = llvm.call @tileRtCheck2D(%name1, %pout1, %cols1, %pin1, %cols1, %rows1, %cols1, %dt1, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any1 = arith.ori %any0, %fail1 : i32

    // warp_transpose_back_i32 (shuffle)
    %t2a = gpu.wait async
    %in2, %t2b = gpu.alloc async [%t2a] () : memref<256xi32>
    %out2, %t2c = gpu.alloc async [%t2b] () : memref<256xi32>
    gpu.wait [%t2c]
    %pin2 = tile.ptr_from_memref %in2 : memref<256xi32> -> !llvm.ptr
    %pout2 = tile.ptr_from_memref %out2 : memref<256xi32> -> !llvm.ptr
    %n2 = arith.constant 256 : i64
    %bytes2 = arith.constant 1024 : i64
    %dt2 = arith.constant 7 : i32
    %seed2 = arith.constant 1002 : i64
    llvm.call @tileRtFillRandom(%pin2, %n2, %dt2, %seed2) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout2, %bytes2) : (!llvm.ptr, i64) -> ()
    %kin2 = tile.ptr_from_memref %in2 : memref<256xi32> -> !tile.ptr<i32>
    %kout2 = tile.ptr_from_memref %out2 : memref<256xi32> -> !tile.ptr<i32>
    %threads2 = arith.constant 32 : index
    gpu.launch_func @kernels::@warp_transpose_back_i32 blocks in (%c1, %c1, %c1) threads in (%threads2, %c1, %c1) args(%kin2 : !tile.ptr<i32>, %kout2 : !tile.ptr<i32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name2 = llvm.mlir.addressof @warp_transpose_back_i32_name : !llvm.ptr
    %rows2 = arith.constant 16 : i64
    %cols2 = arith.constant 16 : i64
    %fail2 = llvm.call @tileRtCheck2D(%name2, %pout2, %cols2, %pin2, %cols2, %rows2, %cols2, %dt2, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any2 = arith.ori %any1, %fail2 : i32

    // warps4_transpose_f16 (shuffle)
    %t3a = gpu.wait async
    %in3, %t3b = gpu.alloc async [%t3a] () : memref<512xf16>
    %out3, %t3c = gpu.alloc async [%t3b] () : memref<512xf16>
    gpu.wait [%t3c]
    %pin3 = tile.ptr_from_memref %in3 : memref<512xf16> -> !llvm.ptr
    %pout3 = tile.ptr_from_memref %out3 : memref<512xf16> -> !llvm.ptr
    %n3 = arith.constant 512 : i64
    %bytes3 = arith.constant 1024 : i64
    %dt3 = arith.constant 1 : i32
    %seed3 = arith.constant 1003 : i64
    llvm.call @tileRtFillRandom(%pin3, %n3, %dt3, %seed3) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout3, %bytes3) : (!llvm.ptr, i64) -> ()
    %kin3 = tile.ptr_from_memref %in3 : memref<512xf16> -> !tile.ptr<f16>
    %kout3 = tile.ptr_from_memref %out3 : memref<512xf16> -> !tile.ptr<f16>
    %threads3 = arith.constant 128 : index
    gpu.launch_func @kernels::@warps4_transpose_f16 blocks in (%c1, %c1, %c1) threads in (%threads3, %c1, %c1) args(%kin3 : !tile.ptr<f16>, %kout3 : !tile.ptr<f16>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name3 = llvm.mlir.addressof @warps4_transpose_f16_name : !llvm.ptr
    %rows3 = arith.constant 32 : i64
    %cols3 = arith.constant 16 : i64
    %fail3 = llvm.call @tileRtCheck2D(%name3, %pout3, %cols3, %pin3, %cols3, %rows3, %cols3, %dt3, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any3 = arith.ori %any2, %fail3 : i32

    // unvectorize_1d_i8 (shuffle)
    %t4a = gpu.wait async
    %in4, %t4b = gpu.alloc async [%t4a] () : memref<128xi8>
    %out4, %t4c = gpu.alloc async [%t4b] () : memref<128xi8>
    gpu.wait [%t4c]
    %pin4 = tile.ptr_from_memref %in4 : memref<128xi8> -> !llvm.ptr
    %pout4 = tile.ptr_from_memref %out4 : memref<128xi8> -> !llvm.ptr
    %n4 = arith.constant 128 : i64
    %bytes4 = arith.constant 128 : i64
    %dt4 = arith.constant 6 : i32
    %seed4 = arith.constant 1004 : i64
    llvm.call @tileRtFillRandom(%pin4, %n4, %dt4, %seed4) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout4, %bytes4) : (!llvm.ptr, i64) -> ()
    %kin4 = tile.ptr_from_memref %in4 : memref<128xi8> -> !tile.ptr<i8>
    %kout4 = tile.ptr_from_memref %out4 : memref<128xi8> -> !tile.ptr<i8>
    %threads4 = arith.constant 32 : index
    gpu.launch_func @kernels::@unvectorize_1d_i8 blocks in (%c1, %c1, %c1) threads in (%threads4, %c1, %c1) args(%kin4 : !tile.ptr<i8>, %kout4 : !tile.ptr<i8>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name4 = llvm.mlir.addressof @unvectorize_1d_i8_name : !llvm.ptr
    %rows4 = arith.constant 1 : i64
    %cols4 = arith.constant 128 : i64
    %fail4 = llvm.call @tileRtCheck2D(%name4, %pout4, %cols4, %pin4, %cols4, %rows4, %cols4, %dt4, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any4 = arith.ori %any3, %fail4 : i32

    // vectorize_1d_f32 (shuffle)
    %t5a = gpu.wait async
    %in5, %t5b = gpu.alloc async [%t5a] () : memref<256xf32>
    %out5, %t5c = gpu.alloc async [%t5b] () : memref<256xf32>
    gpu.wait [%t5c]
    %pin5 = tile.ptr_from_memref %in5 : memref<256xf32> -> !llvm.ptr
    %pout5 = tile.ptr_from_memref %out5 : memref<256xf32> -> !llvm.ptr
    %n5 = arith.constant 256 : i64
    %bytes5 = arith.constant 1024 : i64
    %dt5 = arith.constant 0 : i32
    %seed5 = arith.constant 1005 : i64
    llvm.call @tileRtFillRandom(%pin5, %n5, %dt5, %seed5) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout5, %bytes5) : (!llvm.ptr, i64) -> ()
    %kin5 = tile.ptr_from_memref %in5 : memref<256xf32> -> !tile.ptr<f32>
    %kout5 = tile.ptr_from_memref %out5 : memref<256xf32> -> !tile.ptr<f32>
    %threads5 = arith.constant 32 : index
    gpu.launch_func @kernels::@vectorize_1d_f32 blocks in (%c1, %c1, %c1) threads in (%threads5, %c1, %c1) args(%kin5 : !tile.ptr<f32>, %kout5 : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name5 = llvm.mlir.addressof @vectorize_1d_f32_name : !llvm.ptr
    %rows5 = arith.constant 1 : i64
    %cols5 = arith.constant 256 : i64
    %fail5 = llvm.call @tileRtCheck2D(%name5, %pout5, %cols5, %pin5, %cols5, %rows5, %cols5, %dt5, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any5 = arith.ori %any4, %fail5 : i32

    // pairs_1d_f64 (shuffle)
    %t6a = gpu.wait async
    %in6, %t6b = gpu.alloc async [%t6a] () : memref<64xf64>
    %out6, %t6c = gpu.alloc async [%t6b] () : memref<64xf64>
    gpu.wait [%t6c]
    %pin6 = tile.ptr_from_memref %in6 : memref<64xf64> -> !llvm.ptr
    %pout6 = tile.ptr_from_memref %out6 : memref<64xf64> -> !llvm.ptr
    %n6 = arith.constant 64 : i64
    %bytes6 = arith.constant 512 : i64
    %dt6 = arith.constant 8 : i32
    %seed6 = arith.constant 1006 : i64
    llvm.call @tileRtFillRandom(%pin6, %n6, %dt6, %seed6) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout6, %bytes6) : (!llvm.ptr, i64) -> ()
    %kin6 = tile.ptr_from_memref %in6 : memref<64xf64> -> !tile.ptr<f64>
    %kout6 = tile.ptr_from_memref %out6 : memref<64xf64> -> !tile.ptr<f64>
    %threads6 = arith.constant 32 : index
    gpu.launch_func @kernels::@pairs_1d_f64 blocks in (%c1, %c1, %c1) threads in (%threads6, %c1, %c1) args(%kin6 : !tile.ptr<f64>, %kout6 : !tile.ptr<f64>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name6 = llvm.mlir.addressof @pairs_1d_f64_name : !llvm.ptr
    %rows6 = arith.constant 1 : i64
    %cols6 = arith.constant 64 : i64
    %fail6 = llvm.call @tileRtCheck2D(%name6, %pout6, %cols6, %pin6, %cols6, %rows6, %cols6, %dt6, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any6 = arith.ori %any5, %fail6 : i32

    // transpose_f32 (shared)
    %t7a = gpu.wait async
    %in7, %t7b = gpu.alloc async [%t7a] () : memref<4096xf32>
    %out7, %t7c = gpu.alloc async [%t7b] () : memref<4096xf32>
    gpu.wait [%t7c]
    %pin7 = tile.ptr_from_memref %in7 : memref<4096xf32> -> !llvm.ptr
    %pout7 = tile.ptr_from_memref %out7 : memref<4096xf32> -> !llvm.ptr
    %n7 = arith.constant 4096 : i64
    %bytes7 = arith.constant 16384 : i64
    %dt7 = arith.constant 0 : i32
    %seed7 = arith.constant 1007 : i64
    llvm.call @tileRtFillRandom(%pin7, %n7, %dt7, %seed7) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout7, %bytes7) : (!llvm.ptr, i64) -> ()
    %kin7 = tile.ptr_from_memref %in7 : memref<4096xf32> -> !tile.ptr<f32>
    %kout7 = tile.ptr_from_memref %out7 : memref<4096xf32> -> !tile.ptr<f32>
    %threads7 = arith.constant 128 : index
    gpu.launch_func @kernels::@transpose_f32 blocks in (%c1, %c1, %c1) threads in (%threads7, %c1, %c1) args(%kin7 : !tile.ptr<f32>, %kout7 : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name7 = llvm.mlir.addressof @transpose_f32_name : !llvm.ptr
    %rows7 = arith.constant 64 : i64
    %cols7 = arith.constant 64 : i64
    %fail7 = llvm.call @tileRtCheck2D(%name7, %pout7, %cols7, %pin7, %cols7, %rows7, %cols7, %dt7, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any7 = arith.ori %any6, %fail7 : i32

    // transpose_back_f32 (shared)
    %t8a = gpu.wait async
    %in8, %t8b = gpu.alloc async [%t8a] () : memref<4096xf32>
    %out8, %t8c = gpu.alloc async [%t8b] () : memref<4096xf32>
    gpu.wait [%t8c]
    %pin8 = tile.ptr_from_memref %in8 : memref<4096xf32> -> !llvm.ptr
    %pout8 = tile.ptr_from_memref %out8 : memref<4096xf32> -> !llvm.ptr
    %n8 = arith.constant 4096 : i64
    %bytes8 = arith.constant 16384 : i64
    %dt8 = arith.constant 0 : i32
    %seed8 = arith.constant 1008 : i64
    llvm.call @tileRtFillRandom(%pin8, %n8, %dt8, %seed8) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout8, %bytes8) : (!llvm.ptr, i64) -> ()
    %kin8 = tile.ptr_from_memref %in8 : memref<4096xf32> -> !tile.ptr<f32>
    %kout8 = tile.ptr_from_memref %out8 : memref<4096xf32> -> !tile.ptr<f32>
    %threads8 = arith.constant 128 : index
    gpu.launch_func @kernels::@transpose_back_f32 blocks in (%c1, %c1, %c1) threads in (%threads8, %c1, %c1) args(%kin8 : !tile.ptr<f32>, %kout8 : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name8 = llvm.mlir.addressof @transpose_back_f32_name : !llvm.ptr
    %rows8 = arith.constant 64 : i64
    %cols8 = arith.constant 64 : i64
    %fail8 = llvm.call @tileRtCheck2D(%name8, %pout8, %cols8, %pin8, %cols8, %rows8, %cols8, %dt8, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any8 = arith.ori %any7, %fail8 : i32

    // transpose_f16 (shared)
    %t9a = gpu.wait async
    %in9, %t9b = gpu.alloc async [%t9a] () : memref<4096xf16>
    %out9, %t9c = gpu.alloc async [%t9b] () : memref<4096xf16>
    gpu.wait [%t9c]
    %pin9 = tile.ptr_from_memref %in9 : memref<4096xf16> -> !llvm.ptr
    %pout9 = tile.ptr_from_memref %out9 : memref<4096xf16> -> !llvm.ptr
    %n9 = arith.constant 4096 : i64
    %bytes9 = arith.constant 8192 : i64
    %dt9 = arith.constant 1 : i32
    %seed9 = arith.constant 1009 : i64
    llvm.call @tileRtFillRandom(%pin9, %n9, %dt9, %seed9) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout9, %bytes9) : (!llvm.ptr, i64) -> ()
    %kin9 = tile.ptr_from_memref %in9 : memref<4096xf16> -> !tile.ptr<f16>
    %kout9 = tile.ptr_from_memref %out9 : memref<4096xf16> -> !tile.ptr<f16>
    %threads9 = arith.constant 128 : index
    gpu.launch_func @kernels::@transpose_f16 blocks in (%c1, %c1, %c1) threads in (%threads9, %c1, %c1) args(%kin9 : !tile.ptr<f16>, %kout9 : !tile.ptr<f16>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name9 = llvm.mlir.addressof @transpose_f16_name : !llvm.ptr
    %rows9 = arith.constant 64 : i64
    %cols9 = arith.constant 64 : i64
    %fail9 = llvm.call @tileRtCheck2D(%name9, %pout9, %cols9, %pin9, %cols9, %rows9, %cols9, %dt9, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any9 = arith.ori %any8, %fail9 : i32

    // transpose_i8 (shared)
    %t10a = gpu.wait async
    %in10, %t10b = gpu.alloc async [%t10a] () : memref<4096xi8>
    %out10, %t10c = gpu.alloc async [%t10b] () : memref<4096xi8>
    gpu.wait [%t10c]
    %pin10 = tile.ptr_from_memref %in10 : memref<4096xi8> -> !llvm.ptr
    %pout10 = tile.ptr_from_memref %out10 : memref<4096xi8> -> !llvm.ptr
    %n10 = arith.constant 4096 : i64
    %bytes10 = arith.constant 4096 : i64
    %dt10 = arith.constant 6 : i32
    %seed10 = arith.constant 1010 : i64
    llvm.call @tileRtFillRandom(%pin10, %n10, %dt10, %seed10) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout10, %bytes10) : (!llvm.ptr, i64) -> ()
    %kin10 = tile.ptr_from_memref %in10 : memref<4096xi8> -> !tile.ptr<i8>
    %kout10 = tile.ptr_from_memref %out10 : memref<4096xi8> -> !tile.ptr<i8>
    %threads10 = arith.constant 128 : index
    gpu.launch_func @kernels::@transpose_i8 blocks in (%c1, %c1, %c1) threads in (%threads10, %c1, %c1) args(%kin10 : !tile.ptr<i8>, %kout10 : !tile.ptr<i8>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name10 = llvm.mlir.addressof @transpose_i8_name : !llvm.ptr
    %rows10 = arith.constant 64 : i64
    %cols10 = arith.constant 64 : i64
    %fail10 = llvm.call @tileRtCheck2D(%name10, %pout10, %cols10, %pin10, %cols10, %rows10, %cols10, %dt10, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any10 = arith.ori %any9, %fail10 : i32

    // warps_1d_i32 (shared)
    %t11a = gpu.wait async
    %in11, %t11b = gpu.alloc async [%t11a] () : memref<512xi32>
    %out11, %t11c = gpu.alloc async [%t11b] () : memref<512xi32>
    gpu.wait [%t11c]
    %pin11 = tile.ptr_from_memref %in11 : memref<512xi32> -> !llvm.ptr
    %pout11 = tile.ptr_from_memref %out11 : memref<512xi32> -> !llvm.ptr
    %n11 = arith.constant 512 : i64
    %bytes11 = arith.constant 2048 : i64
    %dt11 = arith.constant 7 : i32
    %seed11 = arith.constant 1011 : i64
    llvm.call @tileRtFillRandom(%pin11, %n11, %dt11, %seed11) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout11, %bytes11) : (!llvm.ptr, i64) -> ()
    %kin11 = tile.ptr_from_memref %in11 : memref<512xi32> -> !tile.ptr<i32>
    %kout11 = tile.ptr_from_memref %out11 : memref<512xi32> -> !tile.ptr<i32>
    %threads11 = arith.constant 128 : index
    gpu.launch_func @kernels::@warps_1d_i32 blocks in (%c1, %c1, %c1) threads in (%threads11, %c1, %c1) args(%kin11 : !tile.ptr<i32>, %kout11 : !tile.ptr<i32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name11 = llvm.mlir.addressof @warps_1d_i32_name : !llvm.ptr
    %rows11 = arith.constant 1 : i64
    %cols11 = arith.constant 512 : i64
    %fail11 = llvm.call @tileRtCheck2D(%name11, %pout11, %cols11, %pin11, %cols11, %rows11, %cols11, %dt11, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any11 = arith.ori %any10, %fail11 : i32

    // wgmma_to_blocked_f32 (shared)
    %t12a = gpu.wait async
    %in12, %t12b = gpu.alloc async [%t12a] () : memref<4096xf32>
    %out12, %t12c = gpu.alloc async [%t12b] () : memref<4096xf32>
    gpu.wait [%t12c]
    %pin12 = tile.ptr_from_memref %in12 : memref<4096xf32> -> !llvm.ptr
    %pout12 = tile.ptr_from_memref %out12 : memref<4096xf32> -> !llvm.ptr
    %n12 = arith.constant 4096 : i64
    %bytes12 = arith.constant 16384 : i64
    %dt12 = arith.constant 0 : i32
    %seed12 = arith.constant 1012 : i64
    llvm.call @tileRtFillRandom(%pin12, %n12, %dt12, %seed12) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pout12, %bytes12) : (!llvm.ptr, i64) -> ()
    %kin12 = tile.ptr_from_memref %in12 : memref<4096xf32> -> !tile.ptr<f32>
    %kout12 = tile.ptr_from_memref %out12 : memref<4096xf32> -> !tile.ptr<f32>
    %threads12 = arith.constant 128 : index
    gpu.launch_func @kernels::@wgmma_to_blocked_f32 blocks in (%c1, %c1, %c1) threads in (%threads12, %c1, %c1) args(%kin12 : !tile.ptr<f32>, %kout12 : !tile.ptr<f32>)
    llvm.call @tileRtSynchronize() : () -> ()
    %name12 = llvm.mlir.addressof @wgmma_to_blocked_f32_name : !llvm.ptr
    %rows12 = arith.constant 64 : i64
    %cols12 = arith.constant 64 : i64
    %fail12 = llvm.call @tileRtCheck2D(%name12, %pout12, %cols12, %pin12, %cols12, %rows12, %cols12, %dt12, %exact) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %any12 = arith.ori %any11, %fail12 : i32
    return %any12 : i32
  }
}
