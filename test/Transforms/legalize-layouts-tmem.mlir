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

// -----

// Windows (tmem.subslice). An accumulator read back in two halves: the
// buffer takes its own widest blockN, each window the widest its width
// allows (one block along M: windows may be cut anywhere). The register
// tiles the halves load follow.
// CHECK-DAG: #[[A128:.*]] = #tmem.layout<block = [128, 128], col_stride = 1>
// CHECK-DAG: #[[A64:.*]] = #tmem.layout<block = [128, 64], col_stride = 1>
// CHECK-LABEL: gpu.func @halves
// CHECK: %[[ACC:.*]] = tmem.alloc : !tmem.buffer<128x128xf32, #[[A128]]>
// CHECK: tmem.mma %{{.*}}, %{{.*}}, %[[ACC]]
// CHECK: tmem.subslice %[[ACC]], column = 0 : !tmem.buffer<128x128xf32, #[[A128]]> -> !tmem.buffer<128x64xf32, #[[A64]]>
// CHECK: tmem.subslice %[[ACC]], column = 64 : !tmem.buffer<128x128xf32, #[[A128]]> -> !tmem.buffer<128x64xf32, #[[A64]]>
// CHECK: tmem.load %{{.*}} : !tmem.buffer<128x64xf32, #[[A64]]> -> tensor<128x64xf32, #{{.*}}>
#sa = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#sb = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @halves(%use: i1, %out: !tile.ptr<f32>) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<128x64xf16, #sa, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #sb, mutable>
    %acc = tmem.alloc : !tmem.buffer<128x128xf32>
    tmem.mma %a, %b, %acc, %use : !tile.smem<128x64xf16, #sa, mutable>, !tile.smem<64x128xf16, #sb, mutable>, !tmem.buffer<128x128xf32>
    %lo = tmem.subslice %acc, column = 0 : !tmem.buffer<128x128xf32> -> !tmem.buffer<128x64xf32>
    %hi = tmem.subslice %acc, column = 64 : !tmem.buffer<128x128xf32> -> !tmem.buffer<128x64xf32>
    %vlo = tmem.load %lo : !tmem.buffer<128x64xf32> -> tensor<128x64xf32>
    %vhi = tmem.load %hi : !tmem.buffer<128x64xf32> -> tensor<128x64xf32>
    %s = arith.addf %vlo, %vhi : tensor<128x64xf32>
    %r = tile.range 0 to 128 : tensor<128xi32>
    %c = tile.range 0 to 64 : tensor<64xi32>
    %r2 = tile.expand_dims %r, axis = 1 : tensor<128xi32> -> tensor<128x1xi32>
    %c2 = tile.expand_dims %c, axis = 0 : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tile.broadcast %r2 : tensor<128x1xi32> -> tensor<128x64xi32>
    %cb = tile.broadcast %c2 : tensor<1x64xi32> -> tensor<128x64xi32>
    %n = arith.constant dense<64> : tensor<128x64xi32>
    %ro = arith.muli %rb, %n : tensor<128x64xi32>
    %off = arith.addi %ro, %cb : tensor<128x64xi32>
    tile.store %out[%off], %s : !tile.ptr<f32>, tensor<128x64xi32>, tensor<128x64xf32>
    tmem.dealloc %acc : !tmem.buffer<128x128xf32>
    gpu.return
  }
}

// -----

// Two blocks along M (256 rows, blockM 128) interleave along the columns:
// every window keeps blockN and starts on a block, so the buffer's blockN
// is cut to divide the windows' width (32) and start (96).
// CHECK-DAG: #[[B32:.*]] = #tmem.layout<block = [128, 32], col_stride = 1>
// CHECK-LABEL: gpu.func @interleaved
// CHECK: tmem.alloc : !tmem.buffer<256x128xf32, #[[B32]]>
// CHECK: tmem.subslice %{{.*}}, column = 96 : !tmem.buffer<256x128xf32, #[[B32]]> -> !tmem.buffer<256x32xf32, #[[B32]]>
#n32 = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @interleaved() kernel attributes {tile.num_warps = 4 : i32} {
    %s = tile.alloc_smem : !tile.smem<256x128xf32, #n32, mutable>
    %t = tmem.alloc : !tmem.buffer<256x128xf32>
    tmem.copy %s, %t : !tile.smem<256x128xf32, #n32, mutable>, !tmem.buffer<256x128xf32>
    %w = tmem.subslice %t, column = 96 : !tmem.buffer<256x128xf32> -> !tmem.buffer<256x32xf32>
    tmem.dealloc %t : !tmem.buffer<256x128xf32>
    gpu.return
  }
}

// -----

// A window left without a layout of a buffer the user laid out follows
// from it; a window the user laid out gives a buffer left without one its
// blockM and col_stride (here f16 unpacked, col_stride 2).
// CHECK-DAG: #[[W128:.*]] = #tmem.layout<block = [128, 128], col_stride = 1>
// CHECK-DAG: #[[W32:.*]] = #tmem.layout<block = [128, 32], col_stride = 1>
// CHECK-DAG: #[[U64:.*]] = #tmem.layout<block = [128, 64], col_stride = 2>
// CHECK-DAG: #[[U128:.*]] = #tmem.layout<block = [128, 128], col_stride = 2>
// CHECK-LABEL: gpu.func @written_sides
// CHECK: tmem.subslice %{{.*}}, column = 32 : !tmem.buffer<128x128xf32, #[[W128]]> -> !tmem.buffer<128x32xf32, #[[W32]]>
// CHECK: tmem.alloc : !tmem.buffer<128x128xf16, #[[U128]]>
// CHECK: tmem.subslice %{{.*}}, column = 64 : !tmem.buffer<128x128xf16, #[[U128]]> -> !tmem.buffer<128x64xf16, #[[U64]]>
#w128 = #tmem.layout<block = [128, 128], col_stride = 1>
#u64 = #tmem.layout<block = [128, 64], col_stride = 2>
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @written_sides() kernel attributes {tile.num_warps = 4 : i32} {
    %t = tmem.alloc : !tmem.buffer<128x128xf32, #w128>
    %w = tmem.subslice %t, column = 32 : !tmem.buffer<128x128xf32, #w128> -> !tmem.buffer<128x32xf32>
    %v = tmem.load %w : !tmem.buffer<128x32xf32> -> tensor<128x32xf32>
    %u = tmem.alloc : !tmem.buffer<128x128xf16>
    %uw = tmem.subslice %u, column = 64 : !tmem.buffer<128x128xf16> -> !tmem.buffer<128x64xf16, #u64>
    tmem.dealloc %u : !tmem.buffer<128x128xf16>
    gpu.return
  }
}

// -----

// A written window of a buffer with interleaved blocks (256 rows): the
// buffer takes the window's blockN, which every window keeps.
// CHECK-DAG: #[[I32:.*]] = #tmem.layout<block = [128, 32], col_stride = 1>
// CHECK-LABEL: gpu.func @interleaved_written
// CHECK: tmem.alloc : !tmem.buffer<256x128xf32, #[[I32]]>
// CHECK: tmem.subslice %{{.*}}, column = 0 : !tmem.buffer<256x128xf32, #[[I32]]> -> !tmem.buffer<256x64xf32, #[[I32]]>
#w32 = #tmem.layout<block = [128, 32], col_stride = 1>
gpu.module @m [#nvvm.target<chip = "sm_100a">] {
  gpu.func @interleaved_written() kernel attributes {tile.num_warps = 4 : i32} {
    %acc = tmem.alloc : !tmem.buffer<256x128xf32>
    %w = tmem.subslice %acc, column = 0 : !tmem.buffer<256x128xf32> -> !tmem.buffer<256x64xf32, #w32>
    tmem.dealloc %acc : !tmem.buffer<256x128xf32>
    gpu.return
  }
}
