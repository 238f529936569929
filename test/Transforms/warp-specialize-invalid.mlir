// RUN: tile-opt --tile-warp-specialize --split-input-file --verify-diagnostics %s
//
// What tile-warp-specialize refuses: a warning that says why, and the loop
// left to tile-pipeline (the marker dropped). A launch it cannot rewrite is
// an error.
// The consumers must be whole warpgroups.

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
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
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 192
        mbarrier.init %mbar_b, arrivals = 192
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
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
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      gpu.return
    }
  }
}

// -----

// No room for the producer warpgroup.

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @too_many(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 32 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 1024
        mbarrier.init %mbar_b, arrivals = 1024
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
      // expected-warning @+1 {{tile-warp-specialize: not specialized: the kernel's 32 warps and the 4 producer warps exceed the 32 warps of a CTA}}
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
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      gpu.return
    }
  }
}

// -----

// A marked loop inside another marked loop.

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @nested(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
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
      // expected-warning @+1 {{tile-warp-specialize: not specialized: a marked loop nested in another marked loop}}
      %acc_last = scf.for %t = %c0 to %tiles step %c1 iter_args(%prev = %init) -> (tensor<128x128xf32, #acc4>) {
        // expected-warning @+1 {{tile-warp-specialize: not specialized: a marked loop nested in another marked loop}}
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
        %acc_h = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
        tile.smem_store %acc_h, %c_shared : tensor<128x128xf16, #acc4>, !tileC
        tile.barrier
        scf.yield %acc : tensor<128x128xf32, #acc4>
      } {tile.warp_specialize}
      %acc = arith.addf %acc_last, %init : tensor<128x128xf32, #acc4>
      %c_out = arith.truncf %acc : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      gpu.return
    }
  }
}

// -----

// A launch whose block size the pass cannot rewrite.

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @dynamic_launch(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
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
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      gpu.return
    }
  }
  func.func @launch(%a: !descA, %b: !descB, %k: i32, %t: index, %threads: index) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{tile-warp-specialize: @dynamic_launch now runs 256 threads (its 128 consumer threads and a 128-thread producer warpgroup), but this launch's block size is not the constant (128, 1, 1) it can rewrite}}
    gpu.launch_func @kernels::@dynamic_launch blocks in (%c1, %c1, %c1) threads in (%threads, %c1, %c1) args(%a : !descA, %b : !descB, %k : i32, %t : index)
    return
  }
}

// -----

// The second loop's barriers are initialized after the first loop, where
// the kernel splits: the producer would never see them initialized. The
// first loop is still specialized.

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @late_init(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
      %c_shared = tile.alloc_smem : !tileC
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %a2_shared = tile.alloc_smem : !boxA
      %b2_shared = tile.alloc_smem : !tileB
      %b20 = tile.smem_subslice %b2_shared[0, 0] : !tileB -> !boxB
      %b21 = tile.smem_subslice %b2_shared[0, 64] : !tileB -> !boxB
      %bars2 = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a2 = mbarrier.index %bars2[%c0] : !mbarrier.group<2>
      %mbar_b2 = mbarrier.index %bars2[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc4>
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
      scf.if %leader {
        mbarrier.init %mbar_a2, arrivals = 128
        mbarrier.init %mbar_b2, arrivals = 128
      }
      tile.barrier
      // expected-warning @+1 {{tile-warp-specialize: not specialized: a loads' barrier is initialized after the point where the kernel splits}}
      %acc2 = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %acc) -> (tensor<128x128xf32, #acc4>) {
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c64_i32 : i32
        mbarrier.expect_tx %mbar_a2, bytes = 16384 if %leader
        tma.async_load %descA[%off_m, %off_k], %a2_shared, %mbar_a2 : !descA, !boxA
        mbarrier.arrive %mbar_a2
        mbarrier.expect_tx %mbar_b2, bytes = 16384 if %leader
        tma.async_load %descB[%off_k, %off_n], %b20, %mbar_b2 : !descB, !boxB
        tma.async_load %descB[%off_k, %off_n], %b21, %mbar_b2 : !descB, !boxB
        mbarrier.arrive %mbar_b2
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %mbar_a2, phase %parity : i32
        mbarrier.wait %mbar_b2, phase %parity : i32
        %d = tile.dot %a2_shared, %b2_shared, %c_local : !boxA, !tileB, tensor<128x128xf32, #acc4> -> tensor<128x128xf32, #acc4>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc4>
      } {tile.num_stages = 3 : i32, tile.warp_specialize}
      %sum = arith.addf %acc, %acc2 : tensor<128x128xf32, #acc4>
      %c_out = arith.truncf %sum : tensor<128x128xf32, #acc4> to tensor<128x128xf16, #acc4>
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      gpu.return
    }
  }
}

// -----

// A kernel with its own tile.warp_specialize.

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @manual(%descA: !descA, %descB: !descB, %K: i32, %tiles: index) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %k_tiles_i32 = arith.divui %K, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bx = tile.program_id x
      %off_m = arith.muli %bx, %c64_i32 : i32
      %off_n = arith.muli %bx, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !boxA
      %b_shared = tile.alloc_smem : !tileB
      %b0 = tile.smem_subslice %b_shared[0, 0] : !tileB -> !boxB
      %b1 = tile.smem_subslice %b_shared[0, 64] : !tileB -> !boxB
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
      // expected-warning @+1 {{tile-warp-specialize: not specialized: the kernel already has a tile.warp_specialize}}
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
      tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc4>, !tileC
      tile.warp_specialize() default {
        tile.warp_yield
      }
      partition0() num_warps(4) {
        tile.warp_return
      } : () -> ()
      gpu.return
    }
  }
}

// -----

// Loads that are not TMA stay with the warps that use them.

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc4 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc8 = #tile.wgmma<warpsPerCTA = [8, 1], instrShape = [16, 128]>
!descA = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!descB = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!boxA = !tile.smem<128x64xf16, #nvmma128, mutable>
!boxB = !tile.smem<64x64xf16, #nvmma128, mutable>
!tileB = !tile.smem<64x128xf16, #nvmma128, mutable>
!tileC = !tile.smem<128x128xf16, #nvmma128, mutable>
#acc64 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @not_tma(%p: !tile.ptr<f16>, %n: index) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = tile.alloc_smem : !tile.smem<64x64xf16, #nvmma128, mutable>
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<64x64xf32, #acc64>
      %c0_i32 = arith.constant 0 : i32
      %offs = tile.splat %c0_i32 : tensor<64x64xi32, #acc64>
      // expected-warning @+1 {{tile-warp-specialize: not supported yet: no tma.async_load to pipeline in the loop}}
      %acc = scf.for %k = %c0 to %n step %c1 iter_args(%c = %init) -> (tensor<64x64xf32, #acc64>) {
        %x = tile.load %p[%offs] : !tile.ptr<f16>, tensor<64x64xi32, #acc64> -> tensor<64x64xf16, #acc64>
        tile.smem_store %x, %a : tensor<64x64xf16, #acc64>, !tile.smem<64x64xf16, #nvmma128, mutable>
        tile.fence_async_shared
        tile.barrier
        %d = tile.dot %a, %a, %c : !tile.smem<64x64xf16, #nvmma128, mutable>, !tile.smem<64x64xf16, #nvmma128, mutable>, tensor<64x64xf32, #acc64> -> tensor<64x64xf32, #acc64>
        tile.barrier
        scf.yield %d : tensor<64x64xf32, #acc64>
      } {tile.num_stages = 2 : i32, tile.warp_specialize}
      gpu.return
    }
  }
}
