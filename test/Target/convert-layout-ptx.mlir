// PTX of tile.convert_layout for sm_90a, and ptxas accepting it:
// - @lane_transpose: lanes exchange data within each warp: shfl.sync.idx,
//   no shared memory, no barrier;
// - @transpose: data crosses warps through the swizzled shared scratch:
//   16-byte stores of #b's runs of 4, single loads down #t's columns,
//   between CTA barriers.
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty

// PTXAS-NOT: error
// PTXAS-NOT: warning

// CHECK-LABEL: .entry lane_transpose(
// CHECK-NOT: bar.sync
// CHECK-NOT: .shared
// CHECK: shfl.sync.idx.b32
// CHECK-NOT: bar.sync
// CHECK: ret;
// CHECK-LABEL: .entry transpose(
// CHECK: bar.sync 0;
// CHECK: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32
// CHECK: bar.sync 0;

#rowmajor = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#colmajor = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]>
#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#t = #tile.blocked<sizePerThread = [4, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @lane_transpose(%x: f32, %o: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
      %i = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 1, parent = #rowmajor>>
      %f = arith.sitofp %i : tensor<16xi32, #tile.slice<dim = 1, parent = #rowmajor>> to tensor<16xf32, #tile.slice<dim = 1, parent = #rowmajor>>
      %e = tile.expand_dims %f, axis = 1 : tensor<16xf32, #tile.slice<dim = 1, parent = #rowmajor>> -> tensor<16x1xf32, #rowmajor>
      %t = tile.broadcast %e : tensor<16x1xf32, #rowmajor> -> tensor<16x8xf32, #rowmajor>
      %c = tile.convert_layout %t : tensor<16x8xf32, #rowmajor> -> tensor<16x8xf32, #colmajor>
      %z = tile.range 0 to 16 : tensor<16xi32, #tile.slice<dim = 1, parent = #colmajor>>
      %z2 = tile.expand_dims %z, axis = 1 : tensor<16xi32, #tile.slice<dim = 1, parent = #colmajor>> -> tensor<16x1xi32, #colmajor>
      %zb = tile.broadcast %z2 : tensor<16x1xi32, #colmajor> -> tensor<16x8xi32, #colmajor>
      tile.store %o[%zb], %c : !tile.ptr<f32>, tensor<16x8xi32, #colmajor>, tensor<16x8xf32, #colmajor>
      gpu.return
    }
    gpu.func @transpose(%in: !tile.ptr<f32>, %o: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #b>>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #b>> -> tensor<64x1xi32, #b>
      %rb = tile.broadcast %r2 : tensor<64x1xi32, #b> -> tensor<64x64xi32, #b>
      %x = tile.load %in[%rb] : !tile.ptr<f32>, tensor<64x64xi32, #b> -> tensor<64x64xf32, #b>
      %c = tile.convert_layout %x : tensor<64x64xf32, #b> -> tensor<64x64xf32, #t>
      %s = tile.range 0 to 64 : tensor<64xi32, #tile.slice<dim = 1, parent = #t>>
      %s2 = tile.expand_dims %s, axis = 1 : tensor<64xi32, #tile.slice<dim = 1, parent = #t>> -> tensor<64x1xi32, #t>
      %sb = tile.broadcast %s2 : tensor<64x1xi32, #t> -> tensor<64x64xi32, #t>
      tile.store %o[%sb], %c : !tile.ptr<f32>, tensor<64x64xi32, #t>, tensor<64x64xf32, #t>
      gpu.return
    }
  }
}
