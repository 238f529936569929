// D = A * B + C on Hopper with the structure of the Gluon seed's
// warp-specialized, persistent matmul-accumulate kernel (shared/seeds/000:
// matmul_accumulate_kernel), written with explicit tile.warp_specialize.
// sm_90a has no tensor memory, so the accumulator lives in the MMA
// warpgroup's registers and reaches the epilogue through one of two f32
// accumulator buffers in shared memory.
//
// A [M, K] and B [K, N] are f16; C and D are f32 [M, N]. A fixed grid of
// CTAs (the host passes it) walks the output blocks t = pid, pid + grid, ...
// in the seed's grouped order (GROUP_SIZE_M = 8). Each CTA runs 9 warps:
//
//   default (warps 0-3)   epilogue: acc buffer + C -> acc buffer -> TMA store D
//   partition0 (4-7)      MMA: one warpgroup, wgmma over the A/B ring, the
//                         accumulator stored to acc buffer j mod 2
//   partition1 (warp 8)   loads: TMA for the A/B K-slices and the C block
//
// Two kernels, one per output block of the seed (the IR has no templates;
// the bodies differ only in the constants and types of this table, and in
// B's stage arriving as two 64-column boxes at 128x128):
//
//   block     BLOCK_K  stages  A/B ring  acc buffers  C buffer  total
//   128x128   32       2       32 KiB    2 x 64 KiB   64 KiB    224 KiB
//   128x64    64       3       72 KiB    2 x 32 KiB   32 KiB    168 KiB
//
// 128x64 uses the seed's BLOCK_K = 64 and 3 buffers. At 128x128 the two
// accumulators and C's block take 192 of the 227 KiB, so the ring gets the
// 32 KiB that remain: 2 stages of BLOCK_K = 32 (A boxes 128x32 with 64-byte
// swizzle, B as two 32x64 boxes with 128-byte swizzle; more, narrower
// stages would need BLOCK_K = 16 and A in a 32-byte swizzle, with which no
// wgmma has run on a GPU here yet). C needs its own buffer:
// it cannot arrive in the accumulator buffer, which the MMA overwrites, and
// the epilogue adds it in place into the accumulator buffer, which is then
// the TMA store's source, so D needs no buffer of its own.
//
// No setmaxnreg: 288 threads start with floor(65536 / 288 / 8) * 8 = 224
// registers each, more than the MMA warpgroup needs (128 accumulator
// registers); setmaxnreg would need a whole warpgroup for the one load warp.
//
// Barriers. Use u of a barrier completes its phase u, of parity u mod 2; a
// fresh barrier is in phase 0, so a wait for parity 1 returns at once, which
// lets each producer's first round through its empty barriers.
//
//   barrier       arrivals per phase                waiters, parity
//   full[s]       1: the load leader's              the 128 MMA threads,
//                 arrive_expect_tx (+ A/B bytes)    (n / S) mod 2
//   empty[s]      128: each MMA thread, after the   the load leader,
//                 dot_wait that retired the wgmma   (n / S) mod 2 ^ 1
//                 reading stage s
//   c_ready       1: the load leader's              the 128 epilogue
//                 arrive_expect_tx (+ C bytes)      threads, j mod 2
//   c_empty       128: each epilogue thread,        the load leader,
//                 after its reads of C              j mod 2 ^ 1
//   acc_ready[b]  128: each MMA thread, after its   the 128 epilogue
//                 store of the accumulator          threads, (j / 2) mod 2
//   acc_empty[b]  1: the epilogue leader, once its  the 128 MMA threads,
//                 TMA store has read buffer b       (j / 2) mod 2 ^ 1
//
// n = j * k_tiles + k counts the CTA's A/B K-slices (stage s = n mod S), j
// its output blocks (accumulator buffer b = j mod 2); both counts run on
// from one block to the next, so every ring keeps its slots and parities
// across blocks.
//
// No barrier runs two phases ahead of a waiter: the barriers come in pairs
// (full/empty, c_ready/c_empty, acc_ready/acc_empty), a producer starts use
// u of a slot only after the use u - 1 release on the partner barrier, and
// every thread that waits for use u - 1 takes part in that release after its
// wait returned: each of the 128 MMA and epilogue threads arrives itself, or
// (acc_empty) passes the epilogue's bar.sync before its leader arrives. In
// the load partition only the arriving leader waits.
//
// No cycle: the load partition issues block j's C after block j's A/B. Its
// wait on c_empty needs the epilogue of block j - 1, which needs only loads
// issued before. Issuing C first, as the seed does (its MMA partition frees
// C at once with tcgen05.cp), would hold block j's A/B back until the
// epilogue of block j - 1 is done, serializing the MMA with the epilogue.
//
// The host code runs 1024x1024x2048 and 4096x4096x4096 for both blocks and
// 1000x1000x1000 (edge blocks: TMA zero-fills loads and clips stores) for
// 128x128, each on fresh random A, B, C with D poisoned, against cuBLAS
// computing A * B + C in f32. The small shapes run on fewer CTAs than
// blocks, so every CTA goes around the accumulator ring more than once.

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#plain32 = #tile.nvmma_shared<swizzle = 0, element_bits = 32>
#acc_n128 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#acc_n64 = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 64]>
// Epilogue tiles: 4 consecutive f32 per thread, a warp reads 512 contiguous
// bytes (16-byte accesses, no bank conflicts in the unswizzled buffers).
#rows_n128 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#rows_n64 = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>

// 128x128 blocks, BLOCK_K = 32, 2 stages.
!a_desc_k32 = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!b_desc_k32 = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!cd_desc_n128 = !tma.descriptor<tensor<128x128xf32>, swizzle = 0>
!a_ring_k32 = !tile.smem<2x128x32xf16, #nvmma64, mutable>
!a_stage_k32 = !tile.smem<128x32xf16, #nvmma64, mutable>
!b_ring_k32 = !tile.smem<2x32x128xf16, #nvmma128, mutable>
!b_stage_k32 = !tile.smem<32x128xf16, #nvmma128, mutable>
!b_half_k32 = !tile.smem<32x64xf16, #nvmma128, mutable>
!acc_ring_n128 = !tile.smem<2x128x128xf32, #plain32, mutable>
!block_n128 = !tile.smem<128x128xf32, #plain32, mutable>
!chunk_n128 = !tile.smem<64x128xf32, #plain32, mutable>
!acc_t_n128 = tensor<128x128xf32, #acc_n128>
!rows_t_n128 = tensor<64x128xf32, #rows_n128>

// 128x64 blocks, BLOCK_K = 64, 3 stages.
!a_desc_k64 = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b_desc_k64 = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!cd_desc_n64 = !tma.descriptor<tensor<128x64xf32>, swizzle = 0>
!a_ring_k64 = !tile.smem<3x128x64xf16, #nvmma128, mutable>
!a_stage_k64 = !tile.smem<128x64xf16, #nvmma128, mutable>
!b_ring_k64 = !tile.smem<3x64x64xf16, #nvmma128, mutable>
!b_stage_k64 = !tile.smem<64x64xf16, #nvmma128, mutable>
!acc_ring_n64 = !tile.smem<2x128x64xf32, #plain32, mutable>
!block_n64 = !tile.smem<128x64xf32, #plain32, mutable>
!chunk_n64 = !tile.smem<64x64xf32, #plain32, mutable>
!acc_t_n64 = tensor<128x64xf32, #acc_n64>
!rows_t_n64 = tensor<64x64xf32, #rows_n64>

!ring2 = !mbarrier.group<2>
!ring3 = !mbarrier.group<3>
!single = !mbarrier.group<1>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    // The seed's GroupedPersistentTileScheduler(8).get_tile: output block
    // index -> (pid_m, pid_n). Groups of 8 block rows are walked column by
    // column, so consecutive blocks share B columns and A rows in L2.
    func.func private @grouped_block(%idx: i32, %num_pid_m: i32,
                                     %num_pid_n: i32) -> (i32, i32) {
      %c8 = arith.constant 8 : i32
      %in_group = arith.muli %num_pid_n, %c8 : i32
      %group_id = arith.divui %idx, %in_group : i32
      %first_m = arith.muli %group_id, %c8 : i32
      %left = arith.subi %num_pid_m, %first_m : i32
      %group_m = arith.minui %left, %c8 : i32
      %within = arith.remui %idx, %in_group : i32
      %dm = arith.remui %within, %group_m : i32
      %pid_m = arith.addi %first_m, %dm : i32
      %pid_n = arith.divui %within, %group_m : i32
      return %pid_m, %pid_n : i32, i32
    }

    //===------------------------------------------------------------------===//
    // 128x128 output blocks
    //===------------------------------------------------------------------===//
    gpu.func @ws_matmul_acc_128x128(%descA: !a_desc_k32, %descB: !b_desc_k32,
        %descC: !cd_desc_n128, %descD: !cd_desc_n128, %M: i32, %N: i32,
        %K: i32) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %i31 = arith.constant 31 : i32
      %i32 = arith.constant 32 : i32
      %i127 = arith.constant 127 : i32
      %i128 = arith.constant 128 : i32
      %a_ring = tile.alloc_smem : !a_ring_k32
      %b_ring = tile.alloc_smem : !b_ring_k32
      %acc_bufs = tile.alloc_smem : !acc_ring_n128
      %c_buf = tile.alloc_smem : !block_n128
      %full = mbarrier.alloc : !ring2
      %empty = mbarrier.alloc : !ring2
      %acc_ready = mbarrier.alloc : !ring2
      %acc_empty = mbarrier.alloc : !ring2
      %c_ready = mbarrier.alloc : !single
      %c_empty = mbarrier.alloc : !single
      // Arrival counts: see the table at the top of the file.
      %leader = tile.elect cta
      scf.if %leader {
        scf.for %i = %c0 to %c2 step %c1 {
          %f = mbarrier.index %full[%i] : !ring2
          %e = mbarrier.index %empty[%i] : !ring2
          %ar = mbarrier.index %acc_ready[%i] : !ring2
          %ae = mbarrier.index %acc_empty[%i] : !ring2
          mbarrier.init %f, arrivals = 1
          mbarrier.init %e, arrivals = 128
          mbarrier.init %ar, arrivals = 128
          mbarrier.init %ae, arrivals = 1
        }
        %cr = mbarrier.index %c_ready[%c0] : !single
        %ce = mbarrier.index %c_empty[%c0] : !single
        mbarrier.init %cr, arrivals = 1
        mbarrier.init %ce, arrivals = 128
      }
      tile.barrier

      %m_pad = arith.addi %M, %i127 : i32
      %n_pad = arith.addi %N, %i127 : i32
      %k_pad = arith.addi %K, %i31 : i32
      %num_pid_m = arith.divui %m_pad, %i128 : i32
      %num_pid_n = arith.divui %n_pad, %i128 : i32
      %num_tiles = arith.muli %num_pid_m, %num_pid_n : i32
      %k_tiles = arith.divui %k_pad, %i32 : i32
      %pid = tile.program_id x
      %nprog = tile.num_programs x
      tile.warp_specialize(%descA, %descB, %descC, %descD, %a_ring, %b_ring,
                           %acc_bufs, %c_buf, %full, %empty, %acc_ready,
                           %acc_empty, %c_ready, %c_empty, %num_pid_m,
                           %num_pid_n, %num_tiles, %k_tiles, %pid, %nprog)
      default {
        // Epilogue: D = acc + C, added in place in the accumulator buffer,
        // which the TMA store then reads.
        %x0 = arith.constant 0 : index
        %j0 = arith.constant 0 : i32
        %j1 = arith.constant 1 : i32
        %j2 = arith.constant 2 : i32
        %j128 = arith.constant 128 : i32
        %cr = mbarrier.index %c_ready[%x0] : !single
        %ce = mbarrier.index %c_empty[%x0] : !single
        %c_lo = tile.smem_subslice %c_buf[0, 0] : !block_n128 -> !chunk_n128
        %c_hi = tile.smem_subslice %c_buf[64, 0] : !block_n128 -> !chunk_n128
        %store_leader = tile.elect cta
        %blocks = scf.for %t = %pid to %num_tiles step %nprog
            iter_args(%j = %j0) -> (i32) : i32 {
          %pid_m, %pid_n = func.call @grouped_block(%t, %num_pid_m, %num_pid_n) : (i32, i32, i32) -> (i32, i32)
          %off_m = arith.muli %pid_m, %j128 : i32
          %off_n = arith.muli %pid_n, %j128 : i32
          %b_i32 = arith.remui %j, %j2 : i32
          %round = arith.divui %j, %j2 : i32
          %b = arith.index_cast %b_i32 : i32 to index
          %ready = mbarrier.index %acc_ready[%b] : !ring2
          mbarrier.wait %ready, phase %round : i32
          mbarrier.wait %cr, phase %j : i32
          %acc_buf = tile.smem_index %acc_bufs[%b] : !acc_ring_n128 -> !block_n128
          %acc_lo = tile.smem_subslice %acc_buf[0, 0] : !block_n128 -> !chunk_n128
          %acc_hi = tile.smem_subslice %acc_buf[64, 0] : !block_n128 -> !chunk_n128
          // Two 64-row halves keep 64 + 64 registers live, not 128 + 128.
          // Each thread writes back exactly the elements it read.
          %x_lo = tile.smem_load %acc_lo : !chunk_n128 -> !rows_t_n128
          %y_lo = tile.smem_load %c_lo : !chunk_n128 -> !rows_t_n128
          %d_lo = arith.addf %x_lo, %y_lo : !rows_t_n128
          tile.smem_store %d_lo, %acc_lo : !rows_t_n128, !chunk_n128
          %x_hi = tile.smem_load %acc_hi : !chunk_n128 -> !rows_t_n128
          %y_hi = tile.smem_load %c_hi : !chunk_n128 -> !rows_t_n128
          %d_hi = arith.addf %x_hi, %y_hi : !rows_t_n128
          tile.smem_store %d_hi, %acc_hi : !rows_t_n128, !chunk_n128
          // This thread's reads of C are done: C's buffer may be refilled.
          mbarrier.arrive %ce
          // Every epilogue thread's writes, made visible to the TMA store
          // (bar.sync 1 over the 128 epilogue threads).
          tile.fence_async_shared
          tile.barrier
          %empty_b = mbarrier.index %acc_empty[%b] : !ring2
          scf.if %store_leader {
            tma.async_store %acc_buf, %descD[%off_m, %off_n] scope = thread : !block_n128, !cd_desc_n128
            tma.store_commit
            // The MMA may overwrite buffer b once the store has read it.
            tma.store_wait pending = 0 read_only
            mbarrier.arrive %empty_b
          }
          %j_next = arith.addi %j, %j1 : i32
          scf.yield %j_next : i32
        }
        // The last stores' global writes land before the CTA exits.
        scf.if %store_leader {
          tma.store_wait pending = 0
        }
        tile.warp_yield
      }
      partition0(%descA0: !a_desc_k32, %descB0: !b_desc_k32,
                 %descC0: !cd_desc_n128, %descD0: !cd_desc_n128,
                 %a_ring0: !a_ring_k32, %b_ring0: !b_ring_k32,
                 %acc_bufs0: !acc_ring_n128, %c_buf0: !block_n128,
                 %full0: !ring2, %empty0: !ring2, %acc_ready0: !ring2,
                 %acc_empty0: !ring2, %c_ready0: !single, %c_empty0: !single,
                 %num_pid_m0: i32, %num_pid_n0: i32, %num_tiles0: i32,
                 %k_tiles0: i32, %pid0: i32, %nprog0: i32) num_warps(4) {
        // MMA: one warpgroup, one wgmma group in flight; a stage goes back
        // to the load partition once the wgmma that read it has retired.
        %j0 = arith.constant 0 : i32
        %j1 = arith.constant 1 : i32
        %j2 = arith.constant 2 : i32
        %stages = arith.constant 2 : i32
        %zero = arith.constant 0.0 : f32
        %blocks = scf.for %t = %pid0 to %num_tiles0 step %nprog0
            iter_args(%j = %j0) -> (i32) : i32 {
          %init = tile.splat %zero : !acc_t_n128
          %base = arith.muli %j, %k_tiles0 : i32
          %acc = scf.for %k = %j0 to %k_tiles0 step %j1
              iter_args(%c_local = %init) -> (!acc_t_n128) : i32 {
            %n = arith.addi %base, %k : i32
            %s_i32 = arith.remui %n, %stages : i32
            %round = arith.divui %n, %stages : i32
            %s = arith.index_cast %s_i32 : i32 to index
            %f = mbarrier.index %full0[%s] : !ring2
            mbarrier.wait %f, phase %round : i32
            %a = tile.smem_index %a_ring0[%s] : !a_ring_k32 -> !a_stage_k32
            %b = tile.smem_index %b_ring0[%s] : !b_ring_k32 -> !b_stage_k32
            %d = tile.dot %a, %b, %c_local async : !a_stage_k32, !b_stage_k32, !acc_t_n128 -> !acc_t_n128
            // The wgmma of K-slice n - 1 has retired: release its stage.
            %w = tile.dot_wait %d {pending = 1 : i32} : !acc_t_n128
            %has_prev = arith.cmpi ugt, %k, %j0 : i32
            scf.if %has_prev {
              %prev = arith.subi %n, %j1 : i32
              %ps_i32 = arith.remui %prev, %stages : i32
              %ps = arith.index_cast %ps_i32 : i32 to index
              %pe = mbarrier.index %empty0[%ps] : !ring2
              mbarrier.arrive %pe
            }
            scf.yield %w : !acc_t_n128
          }
          %done = tile.dot_wait %acc {pending = 0 : i32} : !acc_t_n128
          // ... and the last K-slice's stage.
          %any = arith.cmpi ugt, %k_tiles0, %j0 : i32
          scf.if %any {
            %next = arith.addi %base, %k_tiles0 : i32
            %last = arith.subi %next, %j1 : i32
            %ls_i32 = arith.remui %last, %stages : i32
            %ls = arith.index_cast %ls_i32 : i32 to index
            %le = mbarrier.index %empty0[%ls] : !ring2
            mbarrier.arrive %le
          }
          // Accumulator buffer b, once the epilogue's store of block j - 2
          // has read it.
          %b_i32 = arith.remui %j, %j2 : i32
          %round = arith.divui %j, %j2 : i32
          %free_parity = arith.xori %round, %j1 : i32
          %b = arith.index_cast %b_i32 : i32 to index
          %ae = mbarrier.index %acc_empty0[%b] : !ring2
          mbarrier.wait %ae, phase %free_parity : i32
          %acc_buf = tile.smem_index %acc_bufs0[%b] : !acc_ring_n128 -> !block_n128
          tile.smem_store %done, %acc_buf : !acc_t_n128, !block_n128
          %ar = mbarrier.index %acc_ready0[%b] : !ring2
          mbarrier.arrive %ar
          %j_next = arith.addi %j, %j1 : i32
          scf.yield %j_next : i32
        }
        tile.warp_return
      }
      partition1(%descA1: !a_desc_k32, %descB1: !b_desc_k32,
                 %descC1: !cd_desc_n128, %descD1: !cd_desc_n128,
                 %a_ring1: !a_ring_k32, %b_ring1: !b_ring_k32,
                 %acc_bufs1: !acc_ring_n128, %c_buf1: !block_n128,
                 %full1: !ring2, %empty1: !ring2, %acc_ready1: !ring2,
                 %acc_empty1: !ring2, %c_ready1: !single, %c_empty1: !single,
                 %num_pid_m1: i32, %num_pid_n1: i32, %num_tiles1: i32,
                 %k_tiles1: i32, %pid1: i32, %nprog1: i32) num_warps(1) {
        // Loads: one elected lane waits and issues. Only it waits: the
        // barriers it waits on count no arrival of the other lanes, so one
        // of them still spinning could see a phase pass it by.
        %x0 = arith.constant 0 : index
        %j0 = arith.constant 0 : i32
        %j1 = arith.constant 1 : i32
        %j32 = arith.constant 32 : i32
        %j64 = arith.constant 64 : i32
        %j128 = arith.constant 128 : i32
        %stages = arith.constant 2 : i32
        %cr = mbarrier.index %c_ready1[%x0] : !single
        %ce = mbarrier.index %c_empty1[%x0] : !single
        %issuer = tile.elect warp
        scf.if %issuer {
          %blocks = scf.for %t = %pid1 to %num_tiles1 step %nprog1
              iter_args(%j = %j0) -> (i32) : i32 {
            %pid_m, %pid_n = func.call @grouped_block(%t, %num_pid_m1, %num_pid_n1) : (i32, i32, i32) -> (i32, i32)
            %off_m = arith.muli %pid_m, %j128 : i32
            %off_n = arith.muli %pid_n, %j128 : i32
            %off_n_hi = arith.addi %off_n, %j64 : i32
            %base = arith.muli %j, %k_tiles1 : i32
            scf.for %k = %j0 to %k_tiles1 step %j1 : i32 {
              %n = arith.addi %base, %k : i32
              %s_i32 = arith.remui %n, %stages : i32
              %round = arith.divui %n, %stages : i32
              %free_parity = arith.xori %round, %j1 : i32
              %s = arith.index_cast %s_i32 : i32 to index
              %e = mbarrier.index %empty1[%s] : !ring2
              mbarrier.wait %e, phase %free_parity : i32
              %f = mbarrier.index %full1[%s] : !ring2
              %a = tile.smem_index %a_ring1[%s] : !a_ring_k32 -> !a_stage_k32
              %b = tile.smem_index %b_ring1[%s] : !b_ring_k32 -> !b_stage_k32
              %b_lo = tile.smem_subslice %b[0, 0] : !b_stage_k32 -> !b_half_k32
              %b_hi = tile.smem_subslice %b[0, 64] : !b_stage_k32 -> !b_half_k32
              %off_k = arith.muli %k, %j32 : i32
              mbarrier.arrive_expect_tx %f, bytes = 16384
              tma.async_load %descA1[%off_m, %off_k], %a, %f scope = thread : !a_desc_k32, !a_stage_k32
              tma.async_load %descB1[%off_k, %off_n], %b_lo, %f scope = thread : !b_desc_k32, !b_half_k32
              tma.async_load %descB1[%off_k, %off_n_hi], %b_hi, %f scope = thread : !b_desc_k32, !b_half_k32
            }
            // C after the block's A/B (see the top of the file).
            %c_free = arith.xori %j, %j1 : i32
            mbarrier.wait %ce, phase %c_free : i32
            mbarrier.arrive_expect_tx %cr, bytes = 65536
            tma.async_load %descC1[%off_m, %off_n], %c_buf1, %cr scope = thread : !cd_desc_n128, !block_n128
            %j_next = arith.addi %j, %j1 : i32
            scf.yield %j_next : i32
          }
        }
        tile.warp_return
      } : (!a_desc_k32, !b_desc_k32, !cd_desc_n128, !cd_desc_n128, !a_ring_k32,
           !b_ring_k32, !acc_ring_n128, !block_n128, !ring2, !ring2, !ring2,
           !ring2, !single, !single, i32, i32, i32, i32, i32, i32) -> ()
      gpu.return
    }

    //===------------------------------------------------------------------===//
    // 128x64 output blocks
    //===------------------------------------------------------------------===//
    gpu.func @ws_matmul_acc_128x64(%descA: !a_desc_k64, %descB: !b_desc_k64,
        %descC: !cd_desc_n64, %descD: !cd_desc_n64, %M: i32, %N: i32,
        %K: i32) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %i63 = arith.constant 63 : i32
      %i64 = arith.constant 64 : i32
      %i127 = arith.constant 127 : i32
      %i128 = arith.constant 128 : i32
      %a_ring = tile.alloc_smem : !a_ring_k64
      %b_ring = tile.alloc_smem : !b_ring_k64
      %acc_bufs = tile.alloc_smem : !acc_ring_n64
      %c_buf = tile.alloc_smem : !block_n64
      %full = mbarrier.alloc : !ring3
      %empty = mbarrier.alloc : !ring3
      %acc_ready = mbarrier.alloc : !ring2
      %acc_empty = mbarrier.alloc : !ring2
      %c_ready = mbarrier.alloc : !single
      %c_empty = mbarrier.alloc : !single
      // Arrival counts: see the table at the top of the file.
      %leader = tile.elect cta
      scf.if %leader {
        scf.for %i = %c0 to %c3 step %c1 {
          %f = mbarrier.index %full[%i] : !ring3
          %e = mbarrier.index %empty[%i] : !ring3
          mbarrier.init %f, arrivals = 1
          mbarrier.init %e, arrivals = 128
        }
        scf.for %i = %c0 to %c2 step %c1 {
          %ar = mbarrier.index %acc_ready[%i] : !ring2
          %ae = mbarrier.index %acc_empty[%i] : !ring2
          mbarrier.init %ar, arrivals = 128
          mbarrier.init %ae, arrivals = 1
        }
        %cr = mbarrier.index %c_ready[%c0] : !single
        %ce = mbarrier.index %c_empty[%c0] : !single
        mbarrier.init %cr, arrivals = 1
        mbarrier.init %ce, arrivals = 128
      }
      tile.barrier

      %m_pad = arith.addi %M, %i127 : i32
      %n_pad = arith.addi %N, %i63 : i32
      %k_pad = arith.addi %K, %i63 : i32
      %num_pid_m = arith.divui %m_pad, %i128 : i32
      %num_pid_n = arith.divui %n_pad, %i64 : i32
      %num_tiles = arith.muli %num_pid_m, %num_pid_n : i32
      %k_tiles = arith.divui %k_pad, %i64 : i32
      %pid = tile.program_id x
      %nprog = tile.num_programs x
      tile.warp_specialize(%descA, %descB, %descC, %descD, %a_ring, %b_ring,
                           %acc_bufs, %c_buf, %full, %empty, %acc_ready,
                           %acc_empty, %c_ready, %c_empty, %num_pid_m,
                           %num_pid_n, %num_tiles, %k_tiles, %pid, %nprog)
      default {
        // Epilogue: D = acc + C, added in place in the accumulator buffer,
        // which the TMA store then reads.
        %x0 = arith.constant 0 : index
        %j0 = arith.constant 0 : i32
        %j1 = arith.constant 1 : i32
        %j2 = arith.constant 2 : i32
        %j64 = arith.constant 64 : i32
        %j128 = arith.constant 128 : i32
        %cr = mbarrier.index %c_ready[%x0] : !single
        %ce = mbarrier.index %c_empty[%x0] : !single
        %c_lo = tile.smem_subslice %c_buf[0, 0] : !block_n64 -> !chunk_n64
        %c_hi = tile.smem_subslice %c_buf[64, 0] : !block_n64 -> !chunk_n64
        %store_leader = tile.elect cta
        %blocks = scf.for %t = %pid to %num_tiles step %nprog
            iter_args(%j = %j0) -> (i32) : i32 {
          %pid_m, %pid_n = func.call @grouped_block(%t, %num_pid_m, %num_pid_n) : (i32, i32, i32) -> (i32, i32)
          %off_m = arith.muli %pid_m, %j128 : i32
          %off_n = arith.muli %pid_n, %j64 : i32
          %b_i32 = arith.remui %j, %j2 : i32
          %round = arith.divui %j, %j2 : i32
          %b = arith.index_cast %b_i32 : i32 to index
          %ready = mbarrier.index %acc_ready[%b] : !ring2
          mbarrier.wait %ready, phase %round : i32
          mbarrier.wait %cr, phase %j : i32
          %acc_buf = tile.smem_index %acc_bufs[%b] : !acc_ring_n64 -> !block_n64
          %acc_lo = tile.smem_subslice %acc_buf[0, 0] : !block_n64 -> !chunk_n64
          %acc_hi = tile.smem_subslice %acc_buf[64, 0] : !block_n64 -> !chunk_n64
          // Two 64-row halves, as at 128x128 (32 + 32 registers live).
          // Each thread writes back exactly the elements it read.
          %x_lo = tile.smem_load %acc_lo : !chunk_n64 -> !rows_t_n64
          %y_lo = tile.smem_load %c_lo : !chunk_n64 -> !rows_t_n64
          %d_lo = arith.addf %x_lo, %y_lo : !rows_t_n64
          tile.smem_store %d_lo, %acc_lo : !rows_t_n64, !chunk_n64
          %x_hi = tile.smem_load %acc_hi : !chunk_n64 -> !rows_t_n64
          %y_hi = tile.smem_load %c_hi : !chunk_n64 -> !rows_t_n64
          %d_hi = arith.addf %x_hi, %y_hi : !rows_t_n64
          tile.smem_store %d_hi, %acc_hi : !rows_t_n64, !chunk_n64
          // This thread's reads of C are done: C's buffer may be refilled.
          mbarrier.arrive %ce
          // Every epilogue thread's writes, made visible to the TMA store
          // (bar.sync 1 over the 128 epilogue threads).
          tile.fence_async_shared
          tile.barrier
          %empty_b = mbarrier.index %acc_empty[%b] : !ring2
          scf.if %store_leader {
            tma.async_store %acc_buf, %descD[%off_m, %off_n] scope = thread : !block_n64, !cd_desc_n64
            tma.store_commit
            // The MMA may overwrite buffer b once the store has read it.
            tma.store_wait pending = 0 read_only
            mbarrier.arrive %empty_b
          }
          %j_next = arith.addi %j, %j1 : i32
          scf.yield %j_next : i32
        }
        // The last stores' global writes land before the CTA exits.
        scf.if %store_leader {
          tma.store_wait pending = 0
        }
        tile.warp_yield
      }
      partition0(%descA0: !a_desc_k64, %descB0: !b_desc_k64,
                 %descC0: !cd_desc_n64, %descD0: !cd_desc_n64,
                 %a_ring0: !a_ring_k64, %b_ring0: !b_ring_k64,
                 %acc_bufs0: !acc_ring_n64, %c_buf0: !block_n64,
                 %full0: !ring3, %empty0: !ring3, %acc_ready0: !ring2,
                 %acc_empty0: !ring2, %c_ready0: !single, %c_empty0: !single,
                 %num_pid_m0: i32, %num_pid_n0: i32, %num_tiles0: i32,
                 %k_tiles0: i32, %pid0: i32, %nprog0: i32) num_warps(4) {
        // MMA: one warpgroup, one wgmma group in flight; a stage goes back
        // to the load partition once the wgmma that read it has retired.
        %j0 = arith.constant 0 : i32
        %j1 = arith.constant 1 : i32
        %j2 = arith.constant 2 : i32
        %stages = arith.constant 3 : i32
        %zero = arith.constant 0.0 : f32
        %blocks = scf.for %t = %pid0 to %num_tiles0 step %nprog0
            iter_args(%j = %j0) -> (i32) : i32 {
          %init = tile.splat %zero : !acc_t_n64
          %base = arith.muli %j, %k_tiles0 : i32
          %acc = scf.for %k = %j0 to %k_tiles0 step %j1
              iter_args(%c_local = %init) -> (!acc_t_n64) : i32 {
            %n = arith.addi %base, %k : i32
            %s_i32 = arith.remui %n, %stages : i32
            %round = arith.divui %n, %stages : i32
            %s = arith.index_cast %s_i32 : i32 to index
            %f = mbarrier.index %full0[%s] : !ring3
            mbarrier.wait %f, phase %round : i32
            %a = tile.smem_index %a_ring0[%s] : !a_ring_k64 -> !a_stage_k64
            %b = tile.smem_index %b_ring0[%s] : !b_ring_k64 -> !b_stage_k64
            %d = tile.dot %a, %b, %c_local async : !a_stage_k64, !b_stage_k64, !acc_t_n64 -> !acc_t_n64
            // The wgmma of K-slice n - 1 has retired: release its stage.
            %w = tile.dot_wait %d {pending = 1 : i32} : !acc_t_n64
            %has_prev = arith.cmpi ugt, %k, %j0 : i32
            scf.if %has_prev {
              %prev = arith.subi %n, %j1 : i32
              %ps_i32 = arith.remui %prev, %stages : i32
              %ps = arith.index_cast %ps_i32 : i32 to index
              %pe = mbarrier.index %empty0[%ps] : !ring3
              mbarrier.arrive %pe
            }
            scf.yield %w : !acc_t_n64
          }
          %done = tile.dot_wait %acc {pending = 0 : i32} : !acc_t_n64
          // ... and the last K-slice's stage.
          %any = arith.cmpi ugt, %k_tiles0, %j0 : i32
          scf.if %any {
            %next = arith.addi %base, %k_tiles0 : i32
            %last = arith.subi %next, %j1 : i32
            %ls_i32 = arith.remui %last, %stages : i32
            %ls = arith.index_cast %ls_i32 : i32 to index
            %le = mbarrier.index %empty0[%ls] : !ring3
            mbarrier.arrive %le
          }
          // Accumulator buffer b, once the epilogue's store of block j - 2
          // has read it.
          %b_i32 = arith.remui %j, %j2 : i32
          %round = arith.divui %j, %j2 : i32
          %free_parity = arith.xori %round, %j1 : i32
          %b = arith.index_cast %b_i32 : i32 to index
          %ae = mbarrier.index %acc_empty0[%b] : !ring2
          mbarrier.wait %ae, phase %free_parity : i32
          %acc_buf = tile.smem_index %acc_bufs0[%b] : !acc_ring_n64 -> !block_n64
          tile.smem_store %done, %acc_buf : !acc_t_n64, !block_n64
          %ar = mbarrier.index %acc_ready0[%b] : !ring2
          mbarrier.arrive %ar
          %j_next = arith.addi %j, %j1 : i32
          scf.yield %j_next : i32
        }
        tile.warp_return
      }
      partition1(%descA1: !a_desc_k64, %descB1: !b_desc_k64,
                 %descC1: !cd_desc_n64, %descD1: !cd_desc_n64,
                 %a_ring1: !a_ring_k64, %b_ring1: !b_ring_k64,
                 %acc_bufs1: !acc_ring_n64, %c_buf1: !block_n64,
                 %full1: !ring3, %empty1: !ring3, %acc_ready1: !ring2,
                 %acc_empty1: !ring2, %c_ready1: !single, %c_empty1: !single,
                 %num_pid_m1: i32, %num_pid_n1: i32, %num_tiles1: i32,
                 %k_tiles1: i32, %pid1: i32, %nprog1: i32) num_warps(1) {
        // Loads: one elected lane waits and issues. Only it waits: the
        // barriers it waits on count no arrival of the other lanes, so one
        // of them still spinning could see a phase pass it by.
        %x0 = arith.constant 0 : index
        %j0 = arith.constant 0 : i32
        %j1 = arith.constant 1 : i32
        %j64 = arith.constant 64 : i32
        %j128 = arith.constant 128 : i32
        %stages = arith.constant 3 : i32
        %cr = mbarrier.index %c_ready1[%x0] : !single
        %ce = mbarrier.index %c_empty1[%x0] : !single
        %issuer = tile.elect warp
        scf.if %issuer {
          %blocks = scf.for %t = %pid1 to %num_tiles1 step %nprog1
              iter_args(%j = %j0) -> (i32) : i32 {
            %pid_m, %pid_n = func.call @grouped_block(%t, %num_pid_m1, %num_pid_n1) : (i32, i32, i32) -> (i32, i32)
            %off_m = arith.muli %pid_m, %j128 : i32
            %off_n = arith.muli %pid_n, %j64 : i32
            %base = arith.muli %j, %k_tiles1 : i32
            scf.for %k = %j0 to %k_tiles1 step %j1 : i32 {
              %n = arith.addi %base, %k : i32
              %s_i32 = arith.remui %n, %stages : i32
              %round = arith.divui %n, %stages : i32
              %free_parity = arith.xori %round, %j1 : i32
              %s = arith.index_cast %s_i32 : i32 to index
              %e = mbarrier.index %empty1[%s] : !ring3
              mbarrier.wait %e, phase %free_parity : i32
              %f = mbarrier.index %full1[%s] : !ring3
              %a = tile.smem_index %a_ring1[%s] : !a_ring_k64 -> !a_stage_k64
              %b = tile.smem_index %b_ring1[%s] : !b_ring_k64 -> !b_stage_k64
              %off_k = arith.muli %k, %j64 : i32
              mbarrier.arrive_expect_tx %f, bytes = 24576
              tma.async_load %descA1[%off_m, %off_k], %a, %f scope = thread : !a_desc_k64, !a_stage_k64
              tma.async_load %descB1[%off_k, %off_n], %b, %f scope = thread : !b_desc_k64, !b_stage_k64
            }
            // C after the block's A/B (see the top of the file).
            %c_free = arith.xori %j, %j1 : i32
            mbarrier.wait %ce, phase %c_free : i32
            mbarrier.arrive_expect_tx %cr, bytes = 32768
            tma.async_load %descC1[%off_m, %off_n], %c_buf1, %cr scope = thread : !cd_desc_n64, !block_n64
            %j_next = arith.addi %j, %j1 : i32
            scf.yield %j_next : i32
          }
        }
        tile.warp_return
      } : (!a_desc_k64, !b_desc_k64, !cd_desc_n64, !cd_desc_n64, !a_ring_k64,
           !b_ring_k64, !acc_ring_n64, !block_n64, !ring3, !ring3, !ring2,
           !ring2, !single, !single, i32, i32, i32, i32, i32, i32) -> ()
      gpu.return
    }
  }

  func.func @launch_128x128(%a: memref<?x?xf16>, %b: memref<?x?xf16>,
                            %c: memref<?x?xf32>, %d: memref<?x?xf32>,
                            %m: index, %n: index, %k: index, %grid: index) {
    %c1 = arith.constant 1 : index
    // 4 + 4 + 1 warps.
    %threads = arith.constant 288 : index
    %da = tma.make_descriptor %a : memref<?x?xf16> -> !a_desc_k32
    %db = tma.make_descriptor %b : memref<?x?xf16> -> !b_desc_k32
    %dc = tma.make_descriptor %c : memref<?x?xf32> -> !cd_desc_n128
    %dd = tma.make_descriptor %d : memref<?x?xf32> -> !cd_desc_n128
    %m32 = arith.index_cast %m : index to i32
    %n32 = arith.index_cast %n : index to i32
    %k32 = arith.index_cast %k : index to i32
    gpu.launch_func @kernels::@ws_matmul_acc_128x128
        blocks in (%grid, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%da : !a_desc_k32, %db : !b_desc_k32, %dc : !cd_desc_n128,
             %dd : !cd_desc_n128, %m32 : i32, %n32 : i32, %k32 : i32)
    return
  }

  func.func @launch_128x64(%a: memref<?x?xf16>, %b: memref<?x?xf16>,
                            %c: memref<?x?xf32>, %d: memref<?x?xf32>,
                            %m: index, %n: index, %k: index, %grid: index) {
    %c1 = arith.constant 1 : index
    // 4 + 4 + 1 warps.
    %threads = arith.constant 288 : index
    %da = tma.make_descriptor %a : memref<?x?xf16> -> !a_desc_k64
    %db = tma.make_descriptor %b : memref<?x?xf16> -> !b_desc_k64
    %dc = tma.make_descriptor %c : memref<?x?xf32> -> !cd_desc_n64
    %dd = tma.make_descriptor %d : memref<?x?xf32> -> !cd_desc_n64
    %m32 = arith.index_cast %m : index to i32
    %n32 = arith.index_cast %n : index to i32
    %k32 = arith.index_cast %k : index to i32
    gpu.launch_func @kernels::@ws_matmul_acc_128x64
        blocks in (%grid, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%da : !a_desc_k64, %db : !b_desc_k64, %dc : !cd_desc_n64,
             %dd : !cd_desc_n64, %m32 : i32, %n32 : i32, %k32 : i32)
    return
  }

  llvm.mlir.global internal constant @name_128x128("hopper_ws_matmul_accumulate 128x128 f16 x f16 + f32\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_128x64("hopper_ws_matmul_accumulate 128x64 f16 x f16 + f32\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

  // One check: fresh random A, B, C (seeds seed, seed + 1, seed + 2), D
  // poisoned, the kernel for 128x64 blocks when %narrow (else 128x128) on
  // %grid CTAs, against cuBLAS's A * B + C.
  func.func @run(%m: index, %n: index, %k: index, %seed: i64, %narrow: i1,
                 %grid: index) -> i32 {
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?xf16>
    %b, %t2 = gpu.alloc async [%t1] (%k, %n) : memref<?x?xf16>
    %c, %t3 = gpu.alloc async [%t2] (%m, %n) : memref<?x?xf32>
    %d, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    %ref, %t5 = gpu.alloc async [%t4] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t5]
    %pa = tile.ptr_from_memref %a : memref<?x?xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?xf16> -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : memref<?x?xf32> -> !llvm.ptr
    %pd = tile.ptr_from_memref %d : memref<?x?xf32> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %kn = arith.muli %k64, %n64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %four = arith.constant 4 : i64
    %mn_bytes = arith.muli %mn, %four : i64
    %f16 = arith.constant 1 : i32
    %f32 = arith.constant 0 : i32
    %no = arith.constant 0 : i32
    %one = arith.constant 1 : i64
    %two = arith.constant 2 : i64
    %seed_b = arith.addi %seed, %one : i64
    %seed_c = arith.addi %seed, %two : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %f16, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %kn, %f16, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pc, %mn, %f32, %seed_c) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pd, %mn_bytes) : (!llvm.ptr, i64) -> ()
    %wide = llvm.mlir.addressof @name_128x128 : !llvm.ptr
    %thin = llvm.mlir.addressof @name_128x64 : !llvm.ptr
    %name = llvm.select %narrow, %thin, %wide : i1, !llvm.ptr
    scf.if %narrow {
      func.call @launch_128x64(%a, %b, %c, %d, %m, %n, %k, %grid) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>, memref<?x?xf32>, index, index, index, index) -> ()
    } else {
      func.call @launch_128x128(%a, %b, %c, %d, %m, %n, %k, %grid) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf32>, memref<?x?xf32>, index, index, index, index) -> ()
    }
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %f16, %f32, %no, %pc) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %tol = arith.constant 1.0e-3 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pd, %n64, %f32, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
    %t6 = gpu.wait async
    %t7 = gpu.dealloc async [%t6] %a : memref<?x?xf16>
    %t8 = gpu.dealloc async [%t7] %b : memref<?x?xf16>
    %t9 = gpu.dealloc async [%t8] %c : memref<?x?xf32>
    %t10 = gpu.dealloc async [%t9] %d : memref<?x?xf32>
    %t11 = gpu.dealloc async [%t10] %ref : memref<?x?xf32>
    gpu.wait [%t11]
    return %fail : i32
  }

  func.func @main() -> i32 {
    %c1000 = arith.constant 1000 : index
    %c1024 = arith.constant 1024 : index
    %c2048 = arith.constant 2048 : index
    %c4096 = arith.constant 4096 : index
    %sms = arith.constant 132 : index
    // Fewer CTAs than blocks, unevenly: 64 blocks of 128x128 (or 128 of
    // 128x64) on 20 CTAs, 64 edge-including blocks of 1000^2 on 7.
    %g20 = arith.constant 20 : index
    %g7 = arith.constant 7 : index
    %wide = arith.constant false
    %thin = arith.constant true
    %s1 = arith.constant 11 : i64
    %s2 = arith.constant 23 : i64
    %s3 = arith.constant 37 : i64
    %s4 = arith.constant 41 : i64
    %s5 = arith.constant 53 : i64
    %f1 = func.call @run(%c1024, %c1024, %c2048, %s1, %wide, %g20) : (index, index, index, i64, i1, index) -> i32
    %f2 = func.call @run(%c4096, %c4096, %c4096, %s2, %wide, %sms) : (index, index, index, i64, i1, index) -> i32
    %f3 = func.call @run(%c1000, %c1000, %c1000, %s3, %wide, %g7) : (index, index, index, i64, i1, index) -> i32
    %f4 = func.call @run(%c1024, %c1024, %c2048, %s4, %thin, %g20) : (index, index, index, i64, i1, index) -> i32
    %f5 = func.call @run(%c4096, %c4096, %c4096, %s5, %thin, %sms) : (index, index, index, i64, i1, index) -> i32
    %f12 = arith.addi %f1, %f2 : i32
    %f123 = arith.addi %f12, %f3 : i32
    %f45 = arith.addi %f4, %f5 : i32
    %f = arith.addi %f123, %f45 : i32
    return %f : i32
  }
}
