// The Gluon warp-specialized matmul-accumulate kernel (seed 000,
// examples/gluon_matmul_accumulate.mlir) down to PTX for sm_100a, without
// register budgets (the example as written, with them, is compiled by
// test/Examples/gluon_matmul_accumulate.test) and with tcgen05 fences around the epilogue's
// tensor-memory reads. Its MMA partition is the seed's: C goes to tensor memory with tcgen05.cp and
// is released by a commit, then tcgen05.mma over K releases each load stage
// by a commit, and a last commit hands the accumulator to the epilogue.
// ptxas must accept the PTX; nothing here runs (the H200 has no tensor
// memory).
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_100a %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty
// PTXAS-NOT: warning

// CHECK: .target sm_100a
// CHECK-LABEL: .entry matmul_accumulate_kernel(
// Two 128x128 f32 accumulators: 256 columns, allocated by warp 0 at the
// entry, before the warps specialize.
// CHECK: mov.b32 %r[[COLS:[0-9]+]], 256;
// CHECK-NEXT: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [__tile_smem{{.*}}], %r[[COLS]];
// CHECK-NEXT: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
// CHECK: tcgen05.fence::before_thread_sync;
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: tcgen05.fence::after_thread_sync;
// CHECK-NEXT: ld.shared.b32 %r[[BASE:[0-9]+]], [__tile_smem{{.*}}];
// CHECK-NEXT: bar.sync 0;
// The default (epilogue) warps come first in the PTX. They free tensor
// memory at the end, after a named barrier among themselves (the
// partitions' warps have exited), from the base they read at the entry.
// Per tile, the epilogue reads its accumulator stage with one tcgen05.ld of
// 128 columns per thread (its row), waits, releases the stage, changes to
// the coalesced layout through shared scratch synchronized by the default
// warps' named barrier 1 for 128 threads (bar.sync 0 would wait for the
// partitions' warps, which never reach it), and stores D.
// CHECK: tcgen05.fence::after_thread_sync;
// CHECK: tcgen05.ld.sync.aligned.32x32b.x128.b32
// CHECK-NOT: tcgen05.ld
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: tcgen05.fence::before_thread_sync;
// CHECK-NEXT: mbarrier.arrive.shared.b64
// CHECK-NOT: bar.sync 0;
// CHECK-COUNT-3: bar.sync 1, 128;
// CHECK-NOT: bar.sync 0;
// CHECK: st.global.b32
// CHECK-NOT: bar.sync 0;
// CHECK: tcgen05.fence::before_thread_sync;
// CHECK-NEXT: bar.sync 1, 128;
// CHECK-NEXT: tcgen05.fence::after_thread_sync;
// CHECK: mov.b32 %r[[COLS2:[0-9]+]], 256;
// CHECK-NEXT: tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r[[BASE]], %r[[COLS2]];
// The MMA partition: C (128x128 f32, 128-byte swizzle) in 16 copies of 8
// columns into the accumulator stage, their commit releasing c_buf, then
// per K step of 64 four MMAs of K = 16 with the instruction descriptor
// 0x08210010 (F32 D, f16 A and B, B MN-major, N = 128, M = 128) and a
// commit releasing the load stage, and a last commit for the epilogue.
// CHECK: tcgen05.cp.cta_group::1.128x256b [%r[[ACC:[0-9]+]]], %rd{{[0-9]+}};
// CHECK-COUNT-15: tcgen05.cp.cta_group::1.128x256b [%r[[ACC]]+{{[0-9]+}}], %rd{{[0-9]+}};
// CHECK-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK: mov.b32 %r[[IDESC:[0-9]+]], 136380432;
// CHECK-NEXT: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r[[ACC]]], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[IDESC]], %p{{[0-9]+}};
// CHECK-COUNT-3: tcgen05.mma.cta_group::1.kind::f16.collector::a::discard [%r[[ACC]]], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[IDESC]], %p{{[0-9]+}};
// CHECK-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK-NOT: tcgen05.mma

#a_layout = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#c_layout = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
#acc_layout = #tmem.layout<block = [128, 128], col_stride = 1>
#coalesced = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>
#rows = #tile.slice<dim = 1, parent = #coalesced>
#cols = #tile.slice<dim = 0, parent = #coalesced>
#tmem_regs = #tile.blocked<sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>

!a_desc_t = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!b_desc_t = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!c_desc_t = !tma.descriptor<tensor<128x32xf32>, swizzle = 128>
!a_bufs_t = !tile.smem<3x128x64xf16, #a_layout, mutable>
!b_bufs_t = !tile.smem<3x64x128xf16, #a_layout, mutable>
!a_buf_t = !tile.smem<128x64xf16, #a_layout, mutable>
!b_buf_t = !tile.smem<64x128xf16, #a_layout, mutable>
!b_half_t = !tile.smem<64x64xf16, #a_layout, mutable>
!c_buf_t = !tile.smem<128x128xf32, #c_layout, mutable>
!c_part_t = !tile.smem<128x32xf32, #c_layout, mutable>
!acc_bufs_t = !tmem.buffer<2x128x128xf32, #acc_layout>
!acc_buf_t = !tmem.buffer<128x128xf32, #acc_layout>
!d_t = tensor<128x128xf32, #coalesced>
!offs_t = tensor<128x128xi32, #coalesced>
!ring3 = !mbarrier.group<3>
!ring2 = !mbarrier.group<2>
!single = !mbarrier.group<1>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {
    // GroupedPersistentTileScheduler(8).get_tile: tile index -> (pid_m, pid_n).
    func.func private @grouped_tile(%idx: i32, %m: i32, %n: i32) -> (i32, i32) {
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      %c127 = arith.constant 127 : i32
      %c128 = arith.constant 128 : i32
      %m_pad = arith.addi %m, %c127 : i32
      %n_pad = arith.addi %n, %c127 : i32
      %num_pid_m = arith.divui %m_pad, %c128 : i32
      %num_pid_n = arith.divui %n_pad, %c128 : i32
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

    // Counter.next(): (index, phase) advance around a ring of `size`.
    func.func private @ring_next(%index: i32, %phase: i32, %size: i32) -> (i32, i32) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %next = arith.addi %index, %c1 : i32
      %wrap = arith.cmpi eq, %next, %size : i32
      %flipped = arith.xori %phase, %c1 : i32
      %new_index = arith.select %wrap, %c0, %next : i32
      %new_phase = arith.select %wrap, %flipped, %phase : i32
      return %new_index, %new_phase : i32, i32
    }

    gpu.func @matmul_accumulate_kernel(%a_desc: !a_desc_t, %b_desc: !b_desc_t,
        %c_desc: !c_desc_t, %d_ptr: !tile.ptr<f32>, %d_stride_m: i32,
        %d_stride_n: i32, %M: i32, %N: i32, %K: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %a_bufs = tile.alloc_smem : !a_bufs_t
      %b_bufs = tile.alloc_smem : !b_bufs_t
      %c_buf = tile.alloc_smem : !c_buf_t
      %acc_bufs = tmem.alloc : !acc_bufs_t
      %load_empty = mbarrier.alloc : !ring3
      %load_ready = mbarrier.alloc : !ring3
      %c_empty_g = mbarrier.alloc : !single
      %c_ready_g = mbarrier.alloc : !single
      %acc_empty = mbarrier.alloc : !ring2
      %acc_ready = mbarrier.alloc : !ring2

      // One thread initializes every barrier; the epilogue's 128 threads
      // each release an accumulator, so acc_empty counts 128 arrivals.
      %leader = tile.elect cta
      scf.if %leader {
        scf.for %i = %c0 to %c2 step %c1 {
          %e = mbarrier.index %acc_empty[%i] : !ring2
          %r = mbarrier.index %acc_ready[%i] : !ring2
          mbarrier.init %e, arrivals = 128
          mbarrier.init %r, arrivals = 1
        }
        %c3 = arith.constant 3 : index
        scf.for %i = %c0 to %c3 step %c1 {
          %e = mbarrier.index %load_empty[%i] : !ring3
          %r = mbarrier.index %load_ready[%i] : !ring3
          mbarrier.init %e, arrivals = 1
          mbarrier.init %r, arrivals = 1
        }
        %ce = mbarrier.index %c_empty_g[%c0] : !single
        %cr = mbarrier.index %c_ready_g[%c0] : !single
        mbarrier.init %ce, arrivals = 1
        mbarrier.init %cr, arrivals = 1
      }
      tile.barrier

      %pid = tile.program_id x
      %nprog = tile.num_programs x
      tile.warp_specialize(%a_desc, %b_desc, %c_desc, %d_ptr, %d_stride_m,
                           %d_stride_n, %M, %N, %K, %a_bufs, %b_bufs, %c_buf,
                           %acc_bufs, %load_empty, %load_ready, %c_empty_g,
                           %c_ready_g, %acc_empty, %acc_ready, %pid, %nprog)
      default {
        // Epilogue partition: wait for an accumulator, read it out of tensor
        // memory, release it, and store D with a coalesced layout.
        %i0 = arith.constant 0 : i32
        %i1 = arith.constant 1 : i32
        %i2 = arith.constant 2 : i32
        %i127 = arith.constant 127 : i32
        %i128 = arith.constant 128 : i32
        %mp = arith.addi %M, %i127 : i32
        %np = arith.addi %N, %i127 : i32
        %tm = arith.divui %mp, %i128 : i32
        %tn = arith.divui %np, %i128 : i32
        %num_tiles = arith.muli %tm, %tn : i32
        %range_m = tile.range 0 to 128 : tensor<128xi32, #rows>
        %range_n = tile.range 0 to 128 : tensor<128xi32, #cols>
        %final:2 = scf.for %idx = %pid to %num_tiles step %nprog
            iter_args(%acc_i = %i0, %acc_p = %i0) -> (i32, i32) : i32 {
          %pid_m, %pid_n = func.call @grouped_tile(%idx, %M, %N) : (i32, i32, i32) -> (i32, i32)
          %off_m = arith.muli %pid_m, %i128 : i32
          %off_n = arith.muli %pid_n, %i128 : i32
          %slot = arith.index_cast %acc_i : i32 to index
          %ready = mbarrier.index %acc_ready[%slot] : !ring2
          mbarrier.wait %ready, phase %acc_p : i32
          tmem.fence after
          %acc_buf = tmem.index %acc_bufs[%slot] : !acc_bufs_t -> !acc_buf_t
          %acc = tmem.load %acc_buf : !acc_buf_t -> tensor<128x128xf32, #tmem_regs>
          tmem.wait load
          tmem.fence before
          %empty = mbarrier.index %acc_empty[%slot] : !ring2
          mbarrier.arrive %empty
          %ni, %np2 = func.call @ring_next(%acc_i, %acc_p, %i2) : (i32, i32, i32) -> (i32, i32)
          // The costly convert_layout the tutorial mentions: tensor-memory
          // rows per thread -> columns across lanes for coalesced stores.
          %d = tile.convert_layout %acc : tensor<128x128xf32, #tmem_regs> -> !d_t
          %om = tile.splat %off_m : tensor<128xi32, #rows>
          %on = tile.splat %off_n : tensor<128xi32, #cols>
          %offs_m = arith.addi %om, %range_m : tensor<128xi32, #rows>
          %offs_n = arith.addi %on, %range_n : tensor<128xi32, #cols>
          %m2 = tile.expand_dims %offs_m, axis = 1 : tensor<128xi32, #rows> -> tensor<128x1xi32, #coalesced>
          %n2 = tile.expand_dims %offs_n, axis = 0 : tensor<128xi32, #cols> -> tensor<1x128xi32, #coalesced>
          %mb = tile.broadcast %m2 : tensor<128x1xi32, #coalesced> -> !offs_t
          %nb = tile.broadcast %n2 : tensor<1x128xi32, #coalesced> -> !offs_t
          %sm = tile.splat %d_stride_m : !offs_t
          %sn = tile.splat %d_stride_n : !offs_t
          %row = arith.muli %mb, %sm : !offs_t
          %col = arith.muli %nb, %sn : !offs_t
          %offs = arith.addi %row, %col : !offs_t
          tile.store %d_ptr[%offs], %d : !tile.ptr<f32>, !offs_t, !d_t
          scf.yield %ni, %np2 : i32, i32
        }
        tile.warp_yield
      }
      partition0(%a_desc0: !a_desc_t, %b_desc0: !b_desc_t, %c_desc0: !c_desc_t,
                 %d_ptr0: !tile.ptr<f32>, %d_sm0: i32, %d_sn0: i32, %M0: i32,
                 %N0: i32, %K0: i32, %a_bufs0: !a_bufs_t, %b_bufs0: !b_bufs_t,
                 %c_buf0: !c_buf_t, %acc_bufs0: !acc_bufs_t,
                 %load_empty0: !ring3, %load_ready0: !ring3,
                 %c_empty0: !single, %c_ready0: !single, %acc_empty0: !ring2,
                 %acc_ready0: !ring2, %pid0: i32, %nprog0: i32)
          num_warps(1) {
        // MMA partition: one elected thread issues every tcgen05 op.
        %x0 = arith.constant 0 : index
        %i0 = arith.constant 0 : i32
        %i1 = arith.constant 1 : i32
        %i2 = arith.constant 2 : i32
        %i3 = arith.constant 3 : i32
        %i64 = arith.constant 64 : i32
        %i127 = arith.constant 127 : i32
        %i128 = arith.constant 128 : i32
        %true = arith.constant true
        %mp = arith.addi %M0, %i127 : i32
        %np = arith.addi %N0, %i127 : i32
        %tm = arith.divui %mp, %i128 : i32
        %tn = arith.divui %np, %i128 : i32
        %num_tiles = arith.muli %tm, %tn : i32
        %c_ready = mbarrier.index %c_ready0[%x0] : !single
        %c_empty = mbarrier.index %c_empty0[%x0] : !single
        %issuer = tile.elect warp
        // state: c_phase, load (index, phase), acc (index, phase = 1)
        %out:5 = scf.for %idx = %pid0 to %num_tiles step %nprog0
            iter_args(%c_phase = %i0, %ld_i = %i0, %ld_p = %i0, %acc_i = %i0,
                      %acc_p = %i1) -> (i32, i32, i32, i32, i32) : i32 {
          mbarrier.wait %c_ready, phase %c_phase : i32
          %slot = arith.index_cast %acc_i : i32 to index
          %acc_free = mbarrier.index %acc_empty0[%slot] : !ring2
          mbarrier.wait %acc_free, phase %acc_p : i32
          %acc_buf = tmem.index %acc_bufs0[%slot] : !acc_bufs_t -> !acc_buf_t
          scf.if %issuer {
            tmem.copy %c_buf0, %acc_buf : !c_buf_t, !acc_buf_t
            // Release c_buf when the copy completes; it is implicitly
            // ordered before the first MMA.
            tmem.commit %c_empty
          }
          %c_next = arith.xori %c_phase, %i1 : i32
          %ld:2 = scf.for %k = %i0 to %K0 step %i64
              iter_args(%li = %ld_i, %lp = %ld_p) -> (i32, i32) : i32 {
            %s = arith.index_cast %li : i32 to index
            %ready = mbarrier.index %load_ready0[%s] : !ring3
            mbarrier.wait %ready, phase %lp : i32
            %a = tile.smem_index %a_bufs0[%s] : !a_bufs_t -> !a_buf_t
            %b = tile.smem_index %b_bufs0[%s] : !b_bufs_t -> !b_buf_t
            %empty = mbarrier.index %load_empty0[%s] : !ring3
            scf.if %issuer {
              tmem.mma %a, %b, %acc_buf, %true : !a_buf_t, !b_buf_t, !acc_buf_t
              tmem.commit %empty
            }
            %n_i, %n_p = func.call @ring_next(%li, %lp, %i3) : (i32, i32, i32) -> (i32, i32)
            scf.yield %n_i, %n_p : i32, i32
          }
          %acc_full = mbarrier.index %acc_ready0[%slot] : !ring2
          scf.if %issuer {
            tmem.commit %acc_full
          }
          %a_i, %a_p = func.call @ring_next(%acc_i, %acc_p, %i2) : (i32, i32, i32) -> (i32, i32)
          scf.yield %c_next, %ld#0, %ld#1, %a_i, %a_p : i32, i32, i32, i32, i32
        }
        tile.warp_return
      }
      partition1(%a_desc1: !a_desc_t, %b_desc1: !b_desc_t, %c_desc1: !c_desc_t,
                 %d_ptr1: !tile.ptr<f32>, %d_sm1: i32, %d_sn1: i32, %M1: i32,
                 %N1: i32, %K1: i32, %a_bufs1: !a_bufs_t, %b_bufs1: !b_bufs_t,
                 %c_buf1: !c_buf_t, %acc_bufs1: !acc_bufs_t,
                 %load_empty1: !ring3, %load_ready1: !ring3,
                 %c_empty1: !single, %c_ready1: !single, %acc_empty1: !ring2,
                 %acc_ready1: !ring2, %pid1: i32, %nprog1: i32)
          num_warps(1) {
        // Load partition: one elected thread expects bytes and starts TMA.
        %x0 = arith.constant 0 : index
        %i0 = arith.constant 0 : i32
        %i1 = arith.constant 1 : i32
        %i3 = arith.constant 3 : i32
        %i32 = arith.constant 32 : i32
        %i64 = arith.constant 64 : i32
        %i96 = arith.constant 96 : i32
        %i127 = arith.constant 127 : i32
        %i128 = arith.constant 128 : i32
        %mp = arith.addi %M1, %i127 : i32
        %np = arith.addi %N1, %i127 : i32
        %tm = arith.divui %mp, %i128 : i32
        %tn = arith.divui %np, %i128 : i32
        %num_tiles = arith.muli %tm, %tn : i32
        %c_ready = mbarrier.index %c_ready1[%x0] : !single
        %c_empty = mbarrier.index %c_empty1[%x0] : !single
        %c_part0 = tile.smem_subslice %c_buf1[0, 0] : !c_buf_t -> !c_part_t
        %c_part1 = tile.smem_subslice %c_buf1[0, 32] : !c_buf_t -> !c_part_t
        %c_part2 = tile.smem_subslice %c_buf1[0, 64] : !c_buf_t -> !c_part_t
        %c_part3 = tile.smem_subslice %c_buf1[0, 96] : !c_buf_t -> !c_part_t
        %issuer = tile.elect warp
        // state: c_phase = 1 (the first wait passes), load (index, phase = 1)
        %out:3 = scf.for %idx = %pid1 to %num_tiles step %nprog1
            iter_args(%c_phase = %i1, %ld_i = %i0, %ld_p = %i1) -> (i32, i32, i32) : i32 {
          %pid_m, %pid_n = func.call @grouped_tile(%idx, %M1, %N1) : (i32, i32, i32) -> (i32, i32)
          %off_m = arith.muli %pid_m, %i128 : i32
          %off_n = arith.muli %pid_n, %i128 : i32
          %n32 = arith.addi %off_n, %i32 : i32
          %n64 = arith.addi %off_n, %i64 : i32
          %n96 = arith.addi %off_n, %i96 : i32
          mbarrier.wait %c_empty, phase %c_phase : i32
          scf.if %issuer {
            mbarrier.arrive_expect_tx %c_ready, bytes = 65536
            tma.async_load %c_desc1[%off_m, %off_n], %c_part0, %c_ready scope = thread : !c_desc_t, !c_part_t
            tma.async_load %c_desc1[%off_m, %n32], %c_part1, %c_ready scope = thread : !c_desc_t, !c_part_t
            tma.async_load %c_desc1[%off_m, %n64], %c_part2, %c_ready scope = thread : !c_desc_t, !c_part_t
            tma.async_load %c_desc1[%off_m, %n96], %c_part3, %c_ready scope = thread : !c_desc_t, !c_part_t
          }
          %c_next = arith.xori %c_phase, %i1 : i32
          %ld:2 = scf.for %k = %i0 to %K1 step %i64
              iter_args(%li = %ld_i, %lp = %ld_p) -> (i32, i32) : i32 {
            %s = arith.index_cast %li : i32 to index
            %empty = mbarrier.index %load_empty1[%s] : !ring3
            %ready = mbarrier.index %load_ready1[%s] : !ring3
            mbarrier.wait %empty, phase %lp : i32
            %a = tile.smem_index %a_bufs1[%s] : !a_bufs_t -> !a_buf_t
            %b = tile.smem_index %b_bufs1[%s] : !b_bufs_t -> !b_buf_t
            %b_lo = tile.smem_subslice %b[0, 0] : !b_buf_t -> !b_half_t
            %b_hi = tile.smem_subslice %b[0, 64] : !b_buf_t -> !b_half_t
            scf.if %issuer {
              mbarrier.arrive_expect_tx %ready, bytes = 32768
              tma.async_load %a_desc1[%off_m, %k], %a, %ready scope = thread : !a_desc_t, !a_buf_t
              tma.async_load %b_desc1[%k, %off_n], %b_lo, %ready scope = thread : !b_desc_t, !b_half_t
              tma.async_load %b_desc1[%k, %n64], %b_hi, %ready scope = thread : !b_desc_t, !b_half_t
            }
            %n_i, %n_p = func.call @ring_next(%li, %lp, %i3) : (i32, i32, i32) -> (i32, i32)
            scf.yield %n_i, %n_p : i32, i32
          }
          scf.yield %c_next, %ld#0, %ld#1 : i32, i32, i32
        }
        tile.warp_return
      } : (!a_desc_t, !b_desc_t, !c_desc_t, !tile.ptr<f32>, i32, i32, i32, i32,
           i32, !a_bufs_t, !b_bufs_t, !c_buf_t, !acc_bufs_t, !ring3, !ring3,
           !single, !single, !ring2, !ring2, i32, i32) -> ()
      tmem.dealloc %acc_bufs : !acc_bufs_t
      gpu.return
    }
  }
}
