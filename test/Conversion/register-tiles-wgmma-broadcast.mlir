// RUN: tile-opt %s --pass-pipeline='builtin.module(tile-allocate-shared-memory, gpu.module(convert-tile-kernels-to-nvvm))' | FileCheck %s

// Layouts compose in the wgmma accumulator layout: a bias row (a slice of
// the accumulator layout along dim 0, expanded to 1 x N and broadcast) is
// added to the accumulator, ReLU applied, each row's maximum (tile.reduce,
// a slice along dim 1) broadcast back and subtracted, and the offsets of
// the store built the same way: all in registers. The only shared memory
// is the two wgmma operands (read by the MMA through descriptors), no
// thread loads or stores it, and no CTA barrier is needed; the row maxima
// move between the 4 lanes of a row by shuffles.

// CHECK-LABEL: llvm.func @bias_relu
// CHECK-NOT: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier
// CHECK: nvvm.wgmma.mma_async
// CHECK-NOT: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier
// CHECK: nvvm.wgmma.wait.group.sync.aligned
// CHECK-NOT: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier
// CHECK: llvm.fadd {{.*}} : vector<64xf32>
// CHECK-NOT: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier
// CHECK: nvvm.shfl.sync bfly
// CHECK-NOT: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier
// CHECK: llvm.fsub {{.*}} : vector<64xf32>
// CHECK-NOT: llvm.load {{.*}} !llvm.ptr<3>
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.barrier
// CHECK: llvm.return

#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#cols = #tile.slice<dim = 0, parent = #acc>
#rows = #tile.slice<dim = 1, parent = #acc>
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
!t = tensor<64x128xf32, #acc>
gpu.module @m {
  gpu.func @bias_relu(%bias: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #swt, mutable>
    %z = arith.constant dense<0.0> : !t
    %d = tile.dot %a, %b, %z : !tile.smem<64x64xf16, #sw, mutable>, !tile.smem<64x128xf16, #swt, mutable>, !t -> !t
    %c = tile.range 0 to 128 : tensor<128xi32, #cols>
    %bv = tile.load %bias[%c] : !tile.ptr<f32>, tensor<128xi32, #cols> -> tensor<128xf32, #cols>
    %b1 = tile.expand_dims %bv, axis = 0 : tensor<128xf32, #cols> -> tensor<1x128xf32, #acc>
    %bb = tile.broadcast %b1 : tensor<1x128xf32, #acc> -> !t
    %x = arith.addf %d, %bb : !t
    %y = arith.maxnumf %x, %z : !t
    %m = tile.reduce max %y, axis = 1 : !t -> tensor<64xf32, #rows>
    %m1 = tile.expand_dims %m, axis = 1 : tensor<64xf32, #rows> -> tensor<64x1xf32, #acc>
    %mb = tile.broadcast %m1 : tensor<64x1xf32, #acc> -> !t
    %s = arith.subf %y, %mb : !t
    %r = tile.range 0 to 64 : tensor<64xi32, #rows>
    %r1 = tile.expand_dims %r, axis = 1 : tensor<64xi32, #rows> -> tensor<64x1xi32, #acc>
    %rb = tile.broadcast %r1 : tensor<64x1xi32, #acc> -> tensor<64x128xi32, #acc>
    %c1 = tile.expand_dims %c, axis = 0 : tensor<128xi32, #cols> -> tensor<1x128xi32, #acc>
    %cb = tile.broadcast %c1 : tensor<1x128xi32, #acc> -> tensor<64x128xi32, #acc>
    %n = arith.constant dense<128> : tensor<64x128xi32, #acc>
    %o1 = arith.muli %rb, %n : tensor<64x128xi32, #acc>
    %o = arith.addi %o1, %cb : tensor<64x128xi32, #acc>
    tile.store %out[%o], %s : !tile.ptr<f32>, tensor<64x128xi32, #acc>, !t
    gpu.return
  }
}
