// RUN: tile-opt %s -split-input-file --tile-legalize-layouts | FileCheck %s

// Tensor-memory buffers written without a layout get one from their users
// (the Gluon seed's table): a tcgen05.cp destination and 128-row MMA
// accumulators blockM = 128, blockN the widest power of two up to 256
// dividing N, packed; stages (tmem.index) and partition captures share the
// buffer's layout. test/Target/legalize-layouts-ptx.test compiles the seed
// kernels without their tensor-memory layouts to the same PTX.

// CHECK-DAG: #[[L128x32:.*]] = #tmem.layout<block = [128, 32], col_stride = 1>
// CHECK-DAG: #[[L128x64:.*]] = #tmem.layout<block = [128, 64], col_stride = 1>
// CHECK-LABEL: gpu.func @copy_and_stages
// CHECK: tmem.alloc : !tmem.buffer<256x96xf32, #[[L128x32]]>
// CHECK: tmem.alloc : !tmem.buffer<2x128x64xf32, #[[L128x64]]>
// CHECK: partition0(%{{.*}}: !tmem.buffer<2x128x64xf32, #[[L128x64]]>)
// CHECK: tmem.index %{{.*}}[%{{.*}}] : !tmem.buffer<2x128x64xf32, #[[L128x64]]> -> !tmem.buffer<128x64xf32, #[[L128x64]]>
// CHECK: tmem.load %{{.*}} : !tmem.buffer<128x64xf32, #[[L128x64]]> -> tensor<128x64xf32, #{{.*}}>
#nvmma = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @copy_and_stages(%i: index) kernel attributes {tile.num_warps = 4 : i32} {
    %s = tile.alloc_smem : !tile.smem<256x96xf32, #nvmma, mutable>
    %t = tmem.alloc : !tmem.buffer<256x96xf32>
    tmem.copy %s, %t : !tile.smem<256x96xf32, #nvmma, mutable>, !tmem.buffer<256x96xf32>
    %stages = tmem.alloc : !tmem.buffer<2x128x64xf32>
    tile.warp_specialize(%stages) default {
      tile.warp_yield
    }
    partition0(%p: !tmem.buffer<2x128x64xf32>) num_warps(4) {
      %c0 = arith.constant 0 : index
      %one = tmem.index %p[%c0] : !tmem.buffer<2x128x64xf32> -> !tmem.buffer<128x64xf32>
      %v = tmem.load %one : !tmem.buffer<128x64xf32> -> tensor<128x64xf32>
      tile.warp_return
    } : (!tmem.buffer<2x128x64xf32>) -> ()
    gpu.return
  }
}

// -----

// A 64-row accumulator takes the interleaved blockM = 64; the scale
// factors of a block-scaled MMA take #tmem.scales.
// CHECK-DAG: #[[M64:.*]] = #tmem.layout<block = [64, 64], col_stride = 1>
// CHECK-LABEL: gpu.func @m64_and_scales
// CHECK: tmem.alloc : !tmem.buffer<64x64xf32, #[[M64]]>
// CHECK: tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
// CHECK: tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
#sw128f = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
#sw128ft = #tile.nvmma_shared<swizzle = 128, element_bits = 32, transposed = true>
#n8 = #tile.nvmma_shared<swizzle = 128, element_bits = 8>
#n8t = #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @m64_and_scales(%use: i1) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<64x32xf32, #sw128f, mutable>
    %b = tile.alloc_smem : !tile.smem<32x64xf32, #sw128ft, mutable>
    %acc = tmem.alloc : !tmem.buffer<64x64xf32>
    %a8 = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #n8, mutable>
    %b8 = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #n8t, mutable>
    %acc8 = tmem.alloc : !tmem.buffer<128x128xf32>
    %as = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU>
    %bs = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU>
    %e = tile.elect cta
    scf.if %e {
      tmem.mma %a, %b, %acc, %use : !tile.smem<64x32xf32, #sw128f, mutable>, !tile.smem<32x64xf32, #sw128ft, mutable>, !tmem.buffer<64x64xf32>
      tmem.mma_scaled %a8, %b8, %acc8, %as, %bs, %use : !tile.smem<128x128xf8E4M3FN, #n8, mutable>, !tile.smem<128x128xf8E4M3FN, #n8t, mutable>, !tmem.buffer<128x128xf32>, !tmem.buffer<128x4xf8E8M0FNU>, !tmem.buffer<128x4xf8E8M0FNU>
    }
    gpu.return
  }
}
