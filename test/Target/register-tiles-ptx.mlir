// PTX of register tiles in a #tile.blocked layout: masked load ->
// elementwise -> masked store, for sm_90a, and ptxas accepting it.
// - @add_aligned: offsets row * 1000 + col with a constant row stride are
//   provably contiguous in aligned runs of 4 and the mask is constant over
//   each run, so each run is one predicated 16-byte access;
// - @add_strided: the row stride is a kernel argument, so nothing is known
//   about alignment: one predicated scalar access per element;
// - @row_sum: tile.reduce along the columns, butterfly shuffles over the
//   lanes of a row.
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_90a %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty

// PTXAS-NOT: error
// PTXAS-NOT: warning

// CHECK: .target sm_90a
// CHECK-LABEL: .entry add_aligned(
// CHECK: @%p{{[0-9]+}} ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// CHECK: @%p{{[0-9]+}} st.global.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// CHECK-NOT: ld.global.b32
// CHECK-LABEL: .entry add_strided(
// CHECK-NOT: .v4
// CHECK: ld.global.b32
// CHECK: st.global.b32
// CHECK-LABEL: .entry row_sum(
// CHECK: shfl.sync.bfly.b32

#b = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #tile.slice<dim = 1, parent = #b>
#cols = #tile.slice<dim = 0, parent = #b>
!t = tensor<64x64xf32, #b>
!i = tensor<64x64xi32, #b>
!m = tensor<64x64xi1, #b>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_aligned(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c64 = arith.constant 64 : i32
      %n = arith.constant 1000 : i32
      %px = tile.program_id x
      %py = tile.program_id y
      %col0 = arith.muli %px, %c64 : i32
      %row0 = arith.muli %py, %c64 : i32
      %r = tile.range 0 to 64 : tensor<64xi32, #rows>
      %c = tile.range 0 to 64 : tensor<64xi32, #cols>
      %row0s = tile.splat %row0 : tensor<64xi32, #rows>
      %col0s = tile.splat %col0 : tensor<64xi32, #cols>
      %rows = arith.addi %r, %row0s : tensor<64xi32, #rows>
      %cols = arith.addi %c, %col0s : tensor<64xi32, #cols>
      %r2 = tile.expand_dims %rows, axis = 1 : tensor<64xi32, #rows> -> tensor<64x1xi32, #b>
      %c2 = tile.expand_dims %cols, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #b>
      %rb = tile.broadcast %r2 : tensor<64x1xi32, #b> -> !i
      %cb = tile.broadcast %c2 : tensor<1x64xi32, #b> -> !i
      %ns = tile.splat %n : !i
      %rowoff = arith.muli %rb, %ns : !i
      %off = arith.addi %rowoff, %cb : !i
      %rowok = arith.cmpi slt, %rb, %ns : !i
      %colok = arith.cmpi slt, %cb, %ns : !i
      %mask = arith.andi %rowok, %colok : !m
      %zero = arith.constant dense<0.0> : !t
      %x = tile.load %a[%off] mask %mask other %zero : !tile.ptr<f32>, !i, !m -> !t
      %y = tile.load %b[%off] mask %mask : !tile.ptr<f32>, !i, !m -> !t
      %two = arith.constant dense<2.0> : !t
      %xs = arith.mulf %x, %two : !t
      %sum = arith.addf %xs, %y : !t
      tile.store %out[%off], %sum mask %mask : !tile.ptr<f32>, !i, !t, !m
      gpu.return
    }

    gpu.func @add_strided(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32, #rows>
      %c = tile.range 0 to 64 : tensor<64xi32, #cols>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32, #rows> -> tensor<64x1xi32, #b>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #b>
      %rb = tile.broadcast %r2 : tensor<64x1xi32, #b> -> !i
      %cb = tile.broadcast %c2 : tensor<1x64xi32, #b> -> !i
      %ns = tile.splat %n : !i
      %rowoff = arith.muli %rb, %ns : !i
      %off = arith.addi %rowoff, %cb : !i
      %mask = arith.cmpi slt, %cb, %ns : !i
      %x = tile.load %a[%off] mask %mask : !tile.ptr<f32>, !i, !m -> !t
      %y = arith.addf %x, %x : !t
      tile.store %out[%off], %y mask %mask : !tile.ptr<f32>, !i, !t, !m
      gpu.return
    }

    gpu.func @row_sum(%a: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %r = tile.range 0 to 64 : tensor<64xi32, #rows>
      %c = tile.range 0 to 64 : tensor<64xi32, #cols>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32, #rows> -> tensor<64x1xi32, #b>
      %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #b>
      %rb = tile.broadcast %r2 : tensor<64x1xi32, #b> -> !i
      %cb = tile.broadcast %c2 : tensor<1x64xi32, #b> -> !i
      %stride = arith.constant dense<64> : !i
      %rowoff = arith.muli %rb, %stride : !i
      %off = arith.addi %rowoff, %cb : !i
      %x = tile.load %a[%off] : !tile.ptr<f32>, !i -> !t
      %sum = tile.reduce add %x, axis = 1 : !t -> tensor<64xf32, #rows>
      tile.store %out[%r], %sum : !tile.ptr<f32>, tensor<64xi32, #rows>, tensor<64xf32, #rows>
      gpu.return
    }
  }
}
