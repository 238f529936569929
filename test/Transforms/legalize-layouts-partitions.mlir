// RUN: tile-opt %s --tile-legalize-layouts | FileCheck %s
// RUN: tile-opt %s --tile-to-nvvm | FileCheck %s --check-prefix=NVVM

// Register tiles inside tile.warp_specialize partitions get layouts over
// the partition's own warps (num_warps; each partition here starts at a
// multiple of its warps: legalize-layouts-partition-bases.mlir has the
// others): a 4-warp partition of an 8-warp kernel lays its accumulator over one
// warpgroup and its loads over 4 warps, a 1-warp partition over 1 warp.
// The default region keeps the kernel's 8 warps.

// CHECK-DAG: #[[ACC4:.*]] = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
// CHECK-DAG: #[[VEC8:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]>
// CHECK-DAG: #[[VEC4:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
// CHECK-DAG: #[[VEC1:.*]] = #tile.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]>
// CHECK-LABEL: gpu.func @partitions
// CHECK: tile.warp_specialize
// CHECK: tile.load {{.*}} -> tensor<1024xf32, #[[VEC8]]>
// CHECK: partition0
// CHECK: tile.dot {{.*}} -> tensor<64x64xf32, #[[ACC4]]>
// CHECK: tile.load {{.*}} -> tensor<512xf32, #[[VEC4]]>
// CHECK: partition1
// CHECK: tile.load {{.*}} -> tensor<128xf32, #[[VEC1]]>

// NVVM-LABEL: llvm.func @partitions
// NVVM: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#swt = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m [#nvvm.target<chip = "sm_90a">] {
  gpu.func @partitions(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 8 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xf16, #swt, mutable>
    tile.warp_specialize(%in, %out, %a, %b) default {
      %i = tile.range 0 to 1024 : tensor<1024xi32>
      %x = tile.load %in[%i] : !tile.ptr<f32>, tensor<1024xi32> -> tensor<1024xf32>
      tile.store %out[%i], %x : !tile.ptr<f32>, tensor<1024xi32>, tensor<1024xf32>
      tile.warp_yield
    }
    partition0(%in0: !tile.ptr<f32>, %out0: !tile.ptr<f32>, %a0: !tile.smem<64x64xf16, #sw, mutable>, %b0: !tile.smem<64x64xf16, #swt, mutable>) num_warps(4) {
      %z = arith.constant dense<0.0> : tensor<64x64xf32>
      %d = tile.dot %a0, %b0, %z : !tile.smem<64x64xf16, #sw, mutable>, !tile.smem<64x64xf16, #swt, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
      %r = tile.reduce add %d, axis = 1 : tensor<64x64xf32> -> tensor<64xf32>
      %ri = tile.range 2048 to 2112 : tensor<64xi32>
      tile.store %out0[%ri], %r : !tile.ptr<f32>, tensor<64xi32>, tensor<64xf32>
      %i = tile.range 1024 to 1536 : tensor<512xi32>
      %x = tile.load %in0[%i] : !tile.ptr<f32>, tensor<512xi32> -> tensor<512xf32>
      tile.store %out0[%i], %x : !tile.ptr<f32>, tensor<512xi32>, tensor<512xf32>
      tile.warp_return
    }
    partition1(%in1: !tile.ptr<f32>, %out1: !tile.ptr<f32>, %a1: !tile.smem<64x64xf16, #sw, mutable>, %b1: !tile.smem<64x64xf16, #swt, mutable>) num_warps(1) {
      %i = tile.range 1536 to 1664 : tensor<128xi32>
      %x = tile.load %in1[%i] : !tile.ptr<f32>, tensor<128xi32> -> tensor<128xf32>
      tile.store %out1[%i], %x : !tile.ptr<f32>, tensor<128xi32>, tensor<128xf32>
      tile.warp_return
    } : (!tile.ptr<f32>, !tile.ptr<f32>, !tile.smem<64x64xf16, #sw, mutable>, !tile.smem<64x64xf16, #swt, mutable>) -> ()
    gpu.return
  }
}

// A partition whose layouts disagree: its accumulator (wgmma) is stored
// transposed, so the store converts it to a coalesced layout through
// shared scratch, synchronized on the partition's own named barrier (id 2:
// the default warps have 1) of its 128 threads (bar.sync 0 would wait for
// warps that never arrive).
// CHECK-LABEL: gpu.func @partition_conversion
// CHECK: partition0
// CHECK: %[[ACC:.*]] = tile.dot {{.*}} -> tensor<64x64xf32, #[[ACC4]]>
// CHECK: tile.convert_layout %{{.*}} : tensor<64x64xf16, #[[ACC4]]> -> tensor<64x64xf16, #{{.*}}>
// NVVM-LABEL: llvm.func @partition_conversion
// NVVM-DAG: %[[ID:.*]] = llvm.mlir.constant(2 : i32) : i32
// NVVM-DAG: %[[COUNT:.*]] = llvm.mlir.constant(128 : i32) : i32
// NVVM: nvvm.barrier id = %[[ID]] number_of_threads = %[[COUNT]]
gpu.module @c [#nvvm.target<chip = "sm_90a">] {
  gpu.func @partition_conversion(%out: !tile.ptr<f16>) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x64xf16, #sw, mutable>
    %b = tile.alloc_smem : !tile.smem<64x64xf16, #swt, mutable>
    tile.warp_specialize(%out, %a, %b) default {
      tile.warp_yield
    }
    partition0(%o: !tile.ptr<f16>, %a0: !tile.smem<64x64xf16, #sw, mutable>, %b0: !tile.smem<64x64xf16, #swt, mutable>) num_warps(4) {
      %z = arith.constant dense<0.0> : tensor<64x64xf32>
      %d = tile.dot %a0, %b0, %z : !tile.smem<64x64xf16, #sw, mutable>, !tile.smem<64x64xf16, #swt, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
      %h = arith.truncf %d : tensor<64x64xf32> to tensor<64x64xf16>
      %r = tile.range 0 to 64 : tensor<64xi32>
      %r2 = tile.expand_dims %r, axis = 1 : tensor<64xi32> -> tensor<64x1xi32>
      %rb = tile.broadcast %r2 : tensor<64x1xi32> -> tensor<64x64xi32>
      %c2 = tile.expand_dims %r, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
      %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<64x64xi32>
      %ld = arith.constant dense<64> : tensor<64x64xi32>
      %ro = arith.muli %cb, %ld : tensor<64x64xi32>
      %off = arith.addi %ro, %rb : tensor<64x64xi32>
      tile.store %o[%off], %h : !tile.ptr<f16>, tensor<64x64xi32>, tensor<64x64xf16>
      tile.warp_return
    } : (!tile.ptr<f16>, !tile.smem<64x64xf16, #sw, mutable>, !tile.smem<64x64xf16, #swt, mutable>) -> ()
    gpu.return
  }
}

// A constant tile defined above the partitions (any warp can
// rematerialize one) gets a copy in the partition that uses it, laid out
// over the partition's warps: here its 1 warp.
// CHECK-LABEL: gpu.func @constant_from_above
// CHECK: partition0
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32, #[[VEC1]]>
// CHECK: tile.store %{{.*}}[%{{.*}}], %[[Z]] : !tile.ptr<f32>, tensor<128xi32, #[[VEC1]]>, tensor<128xf32, #[[VEC1]]>
gpu.module @k [#nvvm.target<chip = "sm_90a">] {
  gpu.func @constant_from_above(%out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %z = arith.constant dense<0.0> : tensor<128xf32>
    tile.warp_specialize(%out) default {
      tile.warp_yield
    }
    partition0(%o: !tile.ptr<f32>) num_warps(1) {
      %i = tile.range 0 to 128 : tensor<128xi32>
      tile.store %o[%i], %z : !tile.ptr<f32>, tensor<128xi32>, tensor<128xf32>
      tile.warp_return
    } : (!tile.ptr<f32>) -> ()
    gpu.return
  }
}
