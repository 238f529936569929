// The Gluon tcgen05_copy tutorial kernel (shared/seeds/000:
// tcgen05_copy_kernel), written in TileMLIR, for one of the configurations
// its test enumerates: M = 128, N = 64, f32, a 128-byte-swizzled NVMMA
// source and a tensor-memory layout with blockM = 128, blockN = 64.
//
// A coalesced load brings the tile into registers, registers go to shared
// memory, tcgen05.cp moves shared memory into tensor memory asynchronously
// (after a generic-to-async proxy fence), tcgen05.commit signals a barrier,
// and the tile comes back out of tensor memory and is stored.
//
// sm_100a only: tensor memory cannot execute on Hopper; this kernel is
// verified by the compiler and ptxas, never run here.

#coalesced = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#rows = #tile.slice<dim = 1, parent = #coalesced>
#cols = #tile.slice<dim = 0, parent = #coalesced>
// The tcgen05.ld 32x32b register layout: thread i of the CTA owns row i.
#tmem_regs = #tile.blocked<sizePerThread = [1, 64], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#nvmma = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
#tmem_layout = #tmem.layout<block = [128, 64], col_stride = 1>

!tile_t = tensor<128x64xf32, #coalesced>
!offs_t = tensor<128x64xi32, #coalesced>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {
    gpu.func @tcgen05_copy_kernel(%in: !tile.ptr<f32>, %in_stride0: i32,
                                  %in_stride1: i32, %out: !tile.ptr<f32>,
                                  %out_stride0: i32, %out_stride1: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %offs_m = tile.range 0 to 128 : tensor<128xi32, #rows>
      %offs_n = tile.range 0 to 64 : tensor<64xi32, #cols>
      %m2 = tile.expand_dims %offs_m, axis = 1 : tensor<128xi32, #rows> -> tensor<128x1xi32, #coalesced>
      %n2 = tile.expand_dims %offs_n, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #coalesced>
      %mb = tile.broadcast %m2 : tensor<128x1xi32, #coalesced> -> !offs_t
      %nb = tile.broadcast %n2 : tensor<1x64xi32, #coalesced> -> !offs_t

      // input = gl.load(in_ptr + offs_m[:, None] * in_stride0 + offs_n[None, :] * in_stride1)
      %is0 = tile.splat %in_stride0 : !offs_t
      %is1 = tile.splat %in_stride1 : !offs_t
      %in_m = arith.muli %mb, %is0 : !offs_t
      %in_n = arith.muli %nb, %is1 : !offs_t
      %in_offs = arith.addi %in_m, %in_n : !offs_t
      %input = tile.load %in[%in_offs] : !tile.ptr<f32>, !offs_t -> !tile_t

      %smem = tile.alloc_smem : !tile.smem<128x64xf32, #nvmma, mutable>
      %tmem = tmem.alloc : !tmem.buffer<128x64xf32, #tmem_layout>
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
      }
      tile.barrier

      tile.smem_store %input, %smem : !tile_t, !tile.smem<128x64xf32, #nvmma, mutable>
      // Generic-proxy writes must be visible to the async proxy that
      // tcgen05.cp reads through.
      tile.fence_async_shared
      tile.barrier
      scf.if %leader {
        tmem.copy %smem, %tmem : !tile.smem<128x64xf32, #nvmma, mutable>, !tmem.buffer<128x64xf32, #tmem_layout>
        tmem.commit %bar
      }
      %phase = arith.constant 0 : i32
      mbarrier.wait %bar, phase %phase : i32
      scf.if %leader {
        mbarrier.invalidate %bar
      }

      %output = tmem.load %tmem : !tmem.buffer<128x64xf32, #tmem_layout> -> tensor<128x64xf32, #tmem_regs>
      tmem.wait load
      %coalesced = tile.convert_layout %output : tensor<128x64xf32, #tmem_regs> -> !tile_t
      %os0 = tile.splat %out_stride0 : !offs_t
      %os1 = tile.splat %out_stride1 : !offs_t
      %out_m = arith.muli %mb, %os0 : !offs_t
      %out_n = arith.muli %nb, %os1 : !offs_t
      %out_offs = arith.addi %out_m, %out_n : !offs_t
      tile.store %out[%out_offs], %coalesced : !tile.ptr<f32>, !offs_t, !tile_t
      tile.barrier
      tmem.dealloc %tmem : !tmem.buffer<128x64xf32, #tmem_layout>
      gpu.return
    }
  }
}
