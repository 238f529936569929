// RUN: tile-opt %s --tile-legalize-layouts | FileCheck %s
// RUN: tile-opt %s --tile-to-nvvm | FileCheck %s --check-prefix=NVVM

// The default region of a tile.warp_specialize runs on the kernel's own
// warps (tile.num_warps, numbered from 0), so its tiles are laid out like
// any other: here the rotated flash-attention loop of
// bench/generate_attention_bench.py (kernel_rotated), S(j) and P(j-1) V(j-1)
// issued together as asynchronous dots, P carried by the loop in registers.
// Both accumulators take the 8-warp wgmma layout, the row statistics its
// slice; P is carried in the accumulator layout it is computed in and
// converted to the dot operand layout where the dot reads it (a register
// permutation). Partitions' tiles are laid out over their own warps
// (legalize-layouts-partitions.mlir).

// CHECK-DAG: #[[ACC:.*]] = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 64]>
// CHECK-DAG: #[[ROW:.*]] = #tile.slice<dim = 1, parent = #[[ACC]]>
// CHECK-DAG: #[[A:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[ACC]], kWidth = 2>
// CHECK-LABEL: gpu.func @rotated
// CHECK: tile.warp_specialize
// CHECK: scf.for {{.*}} iter_args({{.*}}, %[[P:.*]] = %{{.*}}) -> (tensor<128x64xf32, #[[ACC]]>, tensor<128xf32, #[[ROW]]>, tensor<128xf32, #[[ROW]]>, tensor<128x64xf16, #[[ACC]]>)
// CHECK: tile.dot {{.*}} async : {{.*}} -> tensor<128x64xf32, #[[ACC]]>
// CHECK: %[[PA:.*]] = tile.convert_layout %[[P]] : tensor<128x64xf16, #[[ACC]]> -> tensor<128x64xf16, #[[A]]>
// CHECK: tile.dot %[[PA]], %{{.*}}, %{{.*}} async : tensor<128x64xf16, #[[A]]>,
// CHECK: tile.dot_wait %{{.*}} {pending = 1 : i32} : tensor<128x64xf32, #[[ACC]]>
// CHECK: tile.reduce max {{.*}} -> tensor<128xf32, #[[ROW]]>
// CHECK-NOT: tile.convert_layout
// CHECK: tile.dot_wait %{{.*}} {pending = 0 : i32} : tensor<128x64xf32, #[[ACC]]>
// CHECK: scf.yield
// CHECK: partition0
// CHECK-NOT: tile.convert_layout
// CHECK: gpu.return

// No shared-memory scratch: the only conversion is a register permutation.
// NVVM-LABEL: llvm.func @rotated
// NVVM: nvvm.wgmma.wait.group.sync.aligned 1
// NVVM: nvvm.wgmma.wait.group.sync.aligned 0
// NVVM-NOT: bar.sync
// NVVM-NOT: nvvm.barrier

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @rotated(%out: !tile.ptr<f32>, %n: index) kernel attributes {tile.num_warps = 8 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %q = tile.alloc_smem : !tile.smem<128x64xf16, #sw, mutable>
    %k = tile.alloc_smem : !tile.smem<64x64xf16, #swt, mutable>
    %v = tile.alloc_smem : !tile.smem<64x64xf16, #swt, mutable>
    tile.warp_specialize(%n) default {
      %zs = arith.constant dense<0.0> : tensor<128x64xf32>
      %ninf = arith.constant dense<0xFF800000> : tensor<128xf32>
      %zr = arith.constant dense<0.0> : tensor<128xf32>
      %p0 = arith.constant dense<0.0> : tensor<128x64xf16>
      %o:4 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zs, %mi = %ninf, %li = %zr, %pp = %p0) -> (tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128x64xf16>) {
        %sa = tile.dot %q, %k, %zs async : !tile.smem<128x64xf16, #sw, mutable>, !tile.smem<64x64xf16, #swt, mutable>, tensor<128x64xf32> -> tensor<128x64xf32>
        %pva = tile.dot %pp, %v, %acc async : tensor<128x64xf16>, !tile.smem<64x64xf16, #swt, mutable>, tensor<128x64xf32> -> tensor<128x64xf32>
        %s = tile.dot_wait %sa {pending = 1 : i32} : tensor<128x64xf32>
        %rm = tile.reduce max %s, axis = 1 : tensor<128x64xf32> -> tensor<128xf32>
        %mn = arith.maximumf %mi, %rm : tensor<128xf32>
        %mn2 = tile.expand_dims %mn, axis = 1 : tensor<128xf32> -> tensor<128x1xf32>
        %mnb = tile.broadcast %mn2 : tensor<128x1xf32> -> tensor<128x64xf32>
        %sd = arith.subf %s, %mnb : tensor<128x64xf32>
        %p = math.exp2 %sd : tensor<128x64xf32>
        %alpha = arith.subf %mi, %mn : tensor<128xf32>
        %a2 = math.exp2 %alpha : tensor<128xf32>
        %rs = tile.reduce add %p, axis = 1 : tensor<128x64xf32> -> tensor<128xf32>
        %l1 = arith.mulf %li, %a2 : tensor<128xf32>
        %l2 = arith.addf %l1, %rs : tensor<128xf32>
        %ph = arith.truncf %p : tensor<128x64xf32> to tensor<128x64xf16>
        %pv = tile.dot_wait %pva {pending = 0 : i32} : tensor<128x64xf32>
        %a22 = tile.expand_dims %a2, axis = 1 : tensor<128xf32> -> tensor<128x1xf32>
        %a2b = tile.broadcast %a22 : tensor<128x1xf32> -> tensor<128x64xf32>
        %accs = arith.mulf %pv, %a2b : tensor<128x64xf32>
        scf.yield %accs, %mn, %l2, %ph : tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128x64xf16>
      }
      %l2 = tile.expand_dims %o#2, axis = 1 : tensor<128xf32> -> tensor<128x1xf32>
      %lb = tile.broadcast %l2 : tensor<128x1xf32> -> tensor<128x64xf32>
      %res = arith.divf %o#0, %lb : tensor<128x64xf32>
      %r = tile.range 0 to 128 : tensor<128xi32>
      %cc = tile.range 0 to 64 : tensor<64xi32>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
      %c2 = tile.expand_dims %cc, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
      %rb = tile.broadcast %r2 : tensor<128x1xi32> -> tensor<128x64xi32>
      %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<128x64xi32>
      %ld = arith.constant dense<64> : tensor<128x64xi32>
      %ro = arith.muli %rb, %ld : tensor<128x64xi32>
      %off = arith.addi %ro, %cb : tensor<128x64xi32>
      tile.store %out[%off], %res : !tile.ptr<f32>, tensor<128x64xi32>, tensor<128x64xf32>
      tile.warp_yield
    }
    partition0(%n0: index) num_warps(4) {
      tile.warp_return
    } : (index) -> ()
    gpu.return
  }
}
