// RUN: tile-opt %s --tile-legalize-layouts | FileCheck %s
// RUN: tile-opt %s --tile-to-nvvm | FileCheck %s --check-prefix=NVVM

// A flash-attention forward step written without a single layout: S = Q K^T
// and O += P V (tile.dot, the second with P in registers), the online
// softmax's running maximum and sum carried by the loop as row vectors.
// Both accumulators take the wgmma layout, the row statistics its
// dim-1 slice, and the only conversion is P's, from the accumulator layout
// to the dot operand layout: a register permutation (each thread already
// holds its A fragment). No shared-memory scratch, no CTA barrier.

// CHECK-DAG: #[[ACC:.*]] = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
// CHECK-DAG: #[[ROW:.*]] = #tile.slice<dim = 1, parent = #[[ACC]]>
// CHECK-DAG: #[[A:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[ACC]], kWidth = 2>
// CHECK-LABEL: gpu.func @attention
// CHECK: scf.for {{.*}} -> (tensor<64x64xf32, #[[ACC]]>, tensor<64xf32, #[[ROW]]>, tensor<64xf32, #[[ROW]]>)
// CHECK-NOT: tile.convert_layout
// CHECK: %[[P:.*]] = arith.truncf %{{.*}} : tensor<64x64xf32, #[[ACC]]> to tensor<64x64xf16, #[[ACC]]>
// CHECK-NEXT: %[[PA:.*]] = tile.convert_layout %[[P]] : tensor<64x64xf16, #[[ACC]]> -> tensor<64x64xf16, #[[A]]>
// CHECK-NEXT: tile.dot %[[PA]], {{.*}} -> tensor<64x64xf32, #[[ACC]]>
// CHECK-NOT: tile.convert_layout
// CHECK: gpu.return

// NVVM-LABEL: llvm.func @attention
// NVVM-NOT: llvm.load {{.*}} !llvm.ptr<3>
// NVVM-NOT: llvm.store {{.*}} !llvm.ptr<3>
// NVVM-NOT: nvvm.barrier
// NVVM: llvm.return

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m {
  gpu.func @attention(%out: !tile.ptr<f32>, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %q = tile.alloc_smem : !tile.smem<64x64xf16, #sw, mutable>
    %k = tile.alloc_smem : !tile.smem<64x64xf16, #swt, mutable>
    %v = tile.alloc_smem : !tile.smem<64x64xf16, #swt, mutable>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %ninf = arith.constant dense<0xFF800000> : tensor<64xf32>
    %zr = arith.constant dense<0.0> : tensor<64xf32>
    %o:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %mi = %ninf, %li = %zr) -> (tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>) {
      %s = tile.dot %q, %k, %z : !tile.smem<64x64xf16, #sw, mutable>, !tile.smem<64x64xf16, #swt, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
      %rm = tile.reduce max %s, axis = 1 : tensor<64x64xf32> -> tensor<64xf32>
      %mn = arith.maximumf %mi, %rm : tensor<64xf32>
      %mn2 = tile.expand_dims %mn, axis = 1 : tensor<64xf32> -> tensor<64x1xf32>
      %mnb = tile.broadcast %mn2 : tensor<64x1xf32> -> tensor<64x64xf32>
      %sd = arith.subf %s, %mnb : tensor<64x64xf32>
      %p = math.exp2 %sd : tensor<64x64xf32>
      %alpha = arith.subf %mi, %mn : tensor<64xf32>
      %a2 = math.exp2 %alpha : tensor<64xf32>
      %rs = tile.reduce add %p, axis = 1 : tensor<64x64xf32> -> tensor<64xf32>
      %l1 = arith.mulf %li, %a2 : tensor<64xf32>
      %l2 = arith.addf %l1, %rs : tensor<64xf32>
      %a22 = tile.expand_dims %a2, axis = 1 : tensor<64xf32> -> tensor<64x1xf32>
      %a2b = tile.broadcast %a22 : tensor<64x1xf32> -> tensor<64x64xf32>
      %accs = arith.mulf %acc, %a2b : tensor<64x64xf32>
      %ph = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
      %o2 = tile.dot %ph, %v, %accs : tensor<64x64xf16>, !tile.smem<64x64xf16, #swt, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %o2, %mn, %l2 : tensor<64x64xf32>, tensor<64xf32>, tensor<64xf32>
    }
    %l2 = tile.expand_dims %o#2, axis = 1 : tensor<64xf32> -> tensor<64x1xf32>
    %lb = tile.broadcast %l2 : tensor<64x1xf32> -> tensor<64x64xf32>
    %res = arith.divf %o#0, %lb : tensor<64x64xf32>
    %r = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
    %c2 = tile.expand_dims %r, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %ld = arith.constant dense<64> : tensor<64x64xi32>
    %ro = arith.muli %rb, %ld : tensor<64x64xi32>
    %off = arith.addi %ro, %cb : tensor<64x64xi32>
    tile.store %out[%off], %res : !tile.ptr<f32>, tensor<64x64xi32>, tensor<64x64xf32>
    gpu.return
  }
}
