// RUN: tile-opt --tile-warp-specialize --split-input-file --verify-diagnostics %s
//
// What tile-warp-specialize refuses for tile.ping_pong: a warning that
// says why; the loops are then specialized without it (one consumer copy)
// where they can be.
// Two consumer warpgroups already: the kernel stays cooperative.
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cooperative(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 8 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %first = arith.index_cast %bid : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %last = arith.addi %tiles, %c0 : index
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %c_view = tile.smem_subslice %c_shared[0, 0] : !tileC -> !tileC
      %bars = mbarrier.alloc : !mbarrier.group<3>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<3>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<3>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 256
        mbarrier.init %mbar_b, arrivals = 256
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      // expected-warning @+1 {{tile-warp-specialize: no ping-pong schedule: the kernel's 8 warps are one warpgroup's code run on two warpgroups only with tile.num_warps = 4}}
      scf.for %t = %first to %last step %stride {
        %t_i32 = arith.index_cast %t : index to i32
        %off_m = arith.muli %t_i32, %c64_i32 : i32
        %off_n = arith.muli %t_i32, %c64_i32 : i32
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
          tma.async_load %descB[%off_k, %off_n], %b0, %mbar_b : !descB, !boxB
          tma.async_load %descB[%off_k, %off_n], %b1, %mbar_b : !descB, !boxB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc4>
        } {tile.num_stages = 3 : i32, tile.warp_specialize}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.barrier
        tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
      } {tile.ping_pong}
      gpu.return
    }
  }
}

// -----

// Two loops marked tile.ping_pong.
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @two_loops(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %first = arith.index_cast %bid : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %last = arith.addi %tiles, %c0 : index
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %c_view = tile.smem_subslice %c_shared[0, 0] : !tileC -> !tileC
      %bars = mbarrier.alloc : !mbarrier.group<3>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<3>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<3>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      // expected-warning @+1 {{tile-warp-specialize: no ping-pong schedule: the kernel has 2 loops marked tile.ping_pong; one loop's iterations alternate between the consumers}}
      scf.for %t = %first to %last step %stride {
        %t_i32 = arith.index_cast %t : index to i32
        %off_m = arith.muli %t_i32, %c64_i32 : i32
        %off_n = arith.muli %t_i32, %c64_i32 : i32
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
          tma.async_load %descB[%off_k, %off_n], %b0, %mbar_b : !descB, !boxB
          tma.async_load %descB[%off_k, %off_n], %b1, %mbar_b : !descB, !boxB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc4>
        } {tile.num_stages = 3 : i32, tile.warp_specialize}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.barrier
        tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
      } {tile.ping_pong}
      // expected-warning @+1 {{tile-warp-specialize: no ping-pong schedule: the kernel has 2 loops marked tile.ping_pong; one loop's iterations alternate between the consumers}}
      scf.for %u = %first to %last step %stride {
        tile.barrier
      } {tile.ping_pong}
      gpu.return
    }
  }
}

// -----

// A view of the consumers' buffer made before the loop would name
// warpgroup 0's copy in both.
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @early_view(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %first = arith.index_cast %bid : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %last = arith.addi %tiles, %c0 : index
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %c_view = tile.smem_subslice %c_shared[0, 0] : !tileC -> !tileC
      %bars = mbarrier.alloc : !mbarrier.group<3>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<3>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<3>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      // expected-warning @+1 {{tile-warp-specialize: no ping-pong schedule: its body uses a shared-memory view made before it (each warpgroup gets its own copy of the consumers' buffers: make the view inside the loop)}}
      scf.for %t = %first to %last step %stride {
        %t_i32 = arith.index_cast %t : index to i32
        %off_m = arith.muli %t_i32, %c64_i32 : i32
        %off_n = arith.muli %t_i32, %c64_i32 : i32
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
          tma.async_load %descB[%off_k, %off_n], %b0, %mbar_b : !descB, !boxB
          tma.async_load %descB[%off_k, %off_n], %b1, %mbar_b : !descB, !boxB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc4>
        } {tile.num_stages = 3 : i32, tile.warp_specialize}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.barrier
        tile.smem_store %c_out, %c_view : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
      } {tile.ping_pong}
      gpu.return
    }
  }
}

// -----

// A barrier of the user's in the consumers' code (each warpgroup would
// need its own).
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @user_barrier(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %first = arith.index_cast %bid : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %last = arith.addi %tiles, %c0 : index
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %c_view = tile.smem_subslice %c_shared[0, 0] : !tileC -> !tileC
      %bars = mbarrier.alloc : !mbarrier.group<3>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<3>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<3>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      // expected-warning @+1 {{tile-warp-specialize: no ping-pong schedule: its body uses an mbarrier outside the warp-specialized loops}}
      scf.for %t = %first to %last step %stride {
        %t_i32 = arith.index_cast %t : index to i32
        %off_m = arith.muli %t_i32, %c64_i32 : i32
        %off_n = arith.muli %t_i32, %c64_i32 : i32
        %c2 = arith.constant 2 : index
        %mbar_c = mbarrier.index %bars[%c2] : !mbarrier.group<3>
        mbarrier.arrive %mbar_c
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
          tma.async_load %descB[%off_k, %off_n], %b0, %mbar_b : !descB, !boxB
          tma.async_load %descB[%off_k, %off_n], %b1, %mbar_b : !descB, !boxB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc4>
        } {tile.num_stages = 3 : i32, tile.warp_specialize}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.barrier
        tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
      } {tile.ping_pong}
      gpu.return
    }
  }
}

// -----

// Code after the loop with effects would run on both warpgroups.
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @after_loop(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %first = arith.index_cast %bid : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %last = arith.addi %tiles, %c0 : index
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %c_view = tile.smem_subslice %c_shared[0, 0] : !tileC -> !tileC
      %bars = mbarrier.alloc : !mbarrier.group<3>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<3>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<3>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      // expected-warning @+1 {{tile-warp-specialize: no ping-pong schedule: 'tma.store_commit' after it would run on both consumer warpgroups}}
      scf.for %t = %first to %last step %stride {
        %t_i32 = arith.index_cast %t : index to i32
        %off_m = arith.muli %t_i32, %c64_i32 : i32
        %off_n = arith.muli %t_i32, %c64_i32 : i32
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
          tma.async_load %descB[%off_k, %off_n], %b0, %mbar_b : !descB, !boxB
          tma.async_load %descB[%off_k, %off_n], %b1, %mbar_b : !descB, !boxB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc4>
        } {tile.num_stages = 3 : i32, tile.warp_specialize}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.barrier
        tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
      } {tile.ping_pong}
      tma.store_commit
      gpu.return
    }
  }
}

// -----

// A K loop whose trip count is computed per tile: the other warpgroup's
// iterations cannot be counted.
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @varying_trip(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %first = arith.index_cast %bid : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %last = arith.addi %tiles, %c0 : index
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %c_view = tile.smem_subslice %c_shared[0, 0] : !tileC -> !tileC
      %bars = mbarrier.alloc : !mbarrier.group<3>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<3>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<3>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      // expected-warning @+1 {{tile-warp-specialize: no ping-pong schedule: a warp-specialized loop's bounds are computed inside it (each warpgroup counts the other's iterations)}}
      scf.for %t = %first to %last step %stride {
        %t_i32 = arith.index_cast %t : index to i32
        %off_m = arith.muli %t_i32, %c64_i32 : i32
        %off_n = arith.muli %t_i32, %c64_i32 : i32
        %kb = arith.addi %k_tiles, %c0 : index
        %acc = scf.for %k = %c0 to %kb step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
          tma.async_load %descB[%off_k, %off_n], %b0, %mbar_b : !descB, !boxB
          tma.async_load %descB[%off_k, %off_n], %b1, %mbar_b : !descB, !boxB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc4>
        } {tile.num_stages = 3 : i32, tile.warp_specialize}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.barrier
        tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
      } {tile.ping_pong}
      gpu.return
    }
  }
}

// -----

// The kernel is refused: the ping-pong loop has nothing to alternate.
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @half_warpgroup(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 6 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %first = arith.index_cast %bid : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %last = arith.addi %tiles, %c0 : index
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %c_view = tile.smem_subslice %c_shared[0, 0] : !tileC -> !tileC
      %bars = mbarrier.alloc : !mbarrier.group<3>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<3>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<3>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 192
        mbarrier.init %mbar_b, arrivals = 192
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      // expected-warning @+1 {{tile-warp-specialize: no ping-pong schedule: no loop in it is warp-specialized}}
      scf.for %t = %first to %last step %stride {
        %t_i32 = arith.index_cast %t : index to i32
        %off_m = arith.muli %t_i32, %c64_i32 : i32
        %off_n = arith.muli %t_i32, %c64_i32 : i32
        // expected-warning @+1 {{tile-warp-specialize: not specialized: the kernel's 6 warps are not whole warpgroups (consumers issue wgmma and take registers by warpgroup)}}
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
          tma.async_load %descB[%off_k, %off_n], %b0, %mbar_b : !descB, !boxB
          tma.async_load %descB[%off_k, %off_n], %b1, %mbar_b : !descB, !boxB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc4>
        } {tile.num_stages = 3 : i32, tile.warp_specialize}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.barrier
        tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
      } {tile.ping_pong}
      gpu.return
    }
  }
}

// -----

// Multicast loads in a cluster kernel: the loops are specialized with
// cluster-wide empty barriers, without ping-pong (not supported yet).
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x128xf16>, swizzle = 128, multicast = 2>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @multicast(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32, known_cluster_size = array<i32: 2, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %first = arith.index_cast %bid : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %last = arith.addi %tiles, %c0 : index
      %mask = arith.constant 3 : i16
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %c_shared = tile.alloc_smem : !tileC
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      // expected-warning @+1 {{tile-warp-specialize: no ping-pong schedule: its warp-specialized loops multicast across a cluster: not supported yet}}
      scf.for %t = %first to %last step %stride {
        %t_i32 = arith.index_cast %t : index to i32
        %off_m = arith.muli %t_i32, %c64_i32 : i32
        %off_n = arith.muli %t_i32, %c64_i32 : i32
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
          tma.async_load %descB[%off_k, %off_n], %b_shared, %mbar_b multicast %mask : !descB, !tileB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc4>
        } {tile.num_stages = 3 : i32, tile.warp_specialize}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.barrier
        tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
      } {tile.ping_pong}
      gpu.return
    }
  }
}

// -----

// A tile loop that carries a value (a count of the tiles before): each
// warpgroup would chain it through its own, every other, iteration only
// (the value restarting at 0 in each; once compiled so, silently).
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @ping_pong(%descA: !descA, %descB: !descB, %K: i32, %tiles: index, %out: !tile.ptr<i32>) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %first = arith.index_cast %bid : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %last = arith.addi %tiles, %c0 : index
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %c_view = tile.smem_subslice %c_shared[0, 0] : !tileC -> !tileC
      %bars = mbarrier.alloc : !mbarrier.group<3>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<3>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<3>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      %cnt = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      // expected-warning @+1 {{tile-warp-specialize: no ping-pong schedule: it carries 1 value from one iteration to the next, and each consumer warpgroup runs every other iteration (compute it from the induction variable instead)}}
      %fin = scf.for %t = %first to %last step %stride iter_args(%n = %cnt) -> (i32) {
        %t_i32 = arith.index_cast %t : index to i32
        %off_m = arith.muli %t_i32, %c64_i32 : i32
        %off_n = arith.muli %t_i32, %c64_i32 : i32
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc4>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c64_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 16384 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !boxA
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 16384 if %leader
          tma.async_load %descB[%off_k, %off_n], %b0, %mbar_b : !descB, !boxB
          tma.async_load %descB[%off_k, %off_n], %b1, %mbar_b : !descB, !boxB
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc4>
        } {tile.num_stages = 3 : i32, tile.warp_specialize}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.barrier
        tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
        %e = tile.elect cta
        scf.if %e {
          %t64 = arith.index_cast %t : index to i64
          tile.store %out[%t64], %n : !tile.ptr<i32>, i64, i32
        }
        %n2 = arith.addi %n, %one : i32
        scf.yield %n2 : i32
      } {tile.ping_pong}
      gpu.return
    }
  }
}
