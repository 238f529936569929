// A whole block-scaled matmul kernel per kind, down to PTX for sm_100a:
// each K step loads a 128x128 tile of A and of B (K-major, by TMA) and the
// scale-factor atoms of both (one 512-byte atom per 128 rows x 4 factors,
// from CUTLASS's 128x4 scale-factor layout, where a row block's atoms are
// consecutive: by cp.async.bulk, or by a TMA box for the UE4M3 factors;
// UE8M0 factors travel as i8 because tma.bulk_load's address arithmetic on
// a !tile.ptr<f8E8M0FNU> does not translate to LLVM IR yet), copies the
// factors into #tmem.scales buffers with tcgen05.cp.32x128b.warpx4, issues
// tcgen05.mma.block_scale, commits and waits; then the accumulator comes
// out of tensor memory (tcgen05.ld, thread l of warp w holding row
// 32 * (w % 4) + l) and is stored. ptxas must accept the PTX; nothing here
// runs (the H200 has no tensor memory). Descriptor constants are derived in
// test/Conversion/tmem-to-nvvm-scales.mlir.
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_100a %s -o %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty
// PTXAS-NOT: warning

// CHECK: .version 8.8
// CHECK: .target sm_100a
// mxf8f6f4: e4m3 tiles of K = 128, one atom of factors per operand and
// step, four instructions of K = 32 reading factor IDs 0-3 of the same
// columns; i8 holds the UE8M0 factors.
// CHECK-LABEL: .entry scaled_mxf8(
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK-COUNT-2: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r[[SA:[0-9]+]]], %rd{{[0-9]+}};
// CHECK-NEXT: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r[[SB:[0-9]+]]], %rd{{[0-9]+}};
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r{{[0-9]+}}, [%r[[SA]]], [%r[[SB]]], %p{{[0-9]+}};
// CHECK-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK: tcgen05.ld.sync.aligned.32x32b.x128.b32
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: st.global.b32
// CHECK: tcgen05.dealloc

// mxf4: packed e2m1 tiles of K = 256 (128 bytes a row), two atoms per
// operand (8 factors a row: columns 0-3 and 4-7), four instructions of
// K = 64 taking two factors each (IDs 0 and 2), the last two from the
// second column group.
// CHECK-LABEL: .entry scaled_mxf4(
// CHECK-COUNT-2: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK-COUNT-2: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r[[SA0:[0-9]+]]], %rd{{[0-9]+}};
// CHECK-NEXT: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r[[SA1:[0-9]+]]], %rd{{[0-9]+}};
// CHECK-NEXT: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r[[SB0:[0-9]+]]], %rd{{[0-9]+}};
// CHECK-NEXT: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r[[SB1:[0-9]+]]], %rd{{[0-9]+}};
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[I0:[0-9]+]], [%r[[SA0]]], [%r[[SB0]]], %p{{[0-9]+}};
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[I2:[0-9]+]], [%r[[SA0]]], [%r[[SB0]]], %p{{[0-9]+}};
// CHECK-NEXT: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[I0]], [%r[[SA1]]], [%r[[SB1]]], %p{{[0-9]+}};
// CHECK-NEXT: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32.collector::a::discard [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[I2]], [%r[[SA1]]], [%r[[SB1]]], %p{{[0-9]+}};
// CHECK-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK: tcgen05.ld.sync.aligned.32x32b.x128.b32
// CHECK: st.global.b32

// mxf4nvf4: packed e2m1, UE4M3 factors per 16 elements loaded by TMA (a
// [128, 16] box: four atoms), four instructions of K = 64 taking four
// factors each (ID 0), one column group each.
// CHECK-LABEL: .entry scaled_nvf4(
// CHECK-COUNT-4: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// CHECK-COUNT-8: tcgen05.cp.cta_group::1.32x128b.warpx4
// CHECK-COUNT-4: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.block16.collector::a::discard
// CHECK-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK: tcgen05.ld.sync.aligned.32x32b.x128.b32
// CHECK: st.global.b32

#acc = #tmem.layout<block = [128, 128], col_stride = 1>
#regs = #tile.blocked<sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#rows = #tile.slice<dim = 1, parent = #regs>
#cols = #tile.slice<dim = 0, parent = #regs>
!acc_t = !tmem.buffer<128x128xf32, #acc>
!d_t = tensor<128x128xf32, #regs>
!offs_t = tensor<128x128xi32, #regs>

module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_100a", features = "+ptx88">] {
    gpu.func @scaled_mxf8(%a_desc: !tma.descriptor<tensor<128x128xf8E4M3FN>, swizzle = 128>, %b_desc: !tma.descriptor<tensor<128x128xf8E4M3FN>, swizzle = 128>,
        %sfa: !tile.ptr<i8>, %sfb: !tile.ptr<i8>,
        %d_ptr: !tile.ptr<f32>, %N: i32, %K: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %i0 = arith.constant 0 : i32
      %i1 = arith.constant 1 : i32
      %i128 = arith.constant 128 : i32
      %ibk = arith.constant 128 : i32
      %iatom = arith.constant 512 : i32
      %irows = arith.constant 32 : i32
      %true = arith.constant true
      %a = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable>
      // B is stored N x K (K-major) and read as its K x N transpose.
      %b = tile.alloc_smem : !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable>
      %sa = tile.alloc_smem : !tile.smem<32x16xi8, mutable>
      %sb = tile.alloc_smem : !tile.smem<32x16xi8, mutable>
      %acc = tmem.alloc : !acc_t
      %as = tmem.alloc : !tmem.buffer<128x4xi8, #tmem.scales>
      %bs = tmem.alloc : !tmem.buffer<128x4xi8, #tmem.scales>
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %load = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %done = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %load, arrivals = 1
        mbarrier.init %done, arrivals = 1
      }
      tile.barrier
      %pid_m = tile.program_id x
      %pid_n = tile.program_id y
      %off_m = arith.muli %pid_m, %i128 : i32
      %off_n = arith.muli %pid_n, %i128 : i32
      %kt = arith.divui %K, %ibk : i32
      %bt = tile.smem_trans %b, order = [1, 0] : !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable> -> !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>, mutable>
      %last = scf.for %k = %i0 to %kt step %i1 iter_args(%p = %i0) -> (i32) : i32 {
        %k0 = arith.muli %k, %ibk : i32
        mbarrier.arrive_expect_tx %load, bytes = 33792 if %leader
        tma.async_load %a_desc[%off_m, %k0], %a, %load : !tma.descriptor<tensor<128x128xf8E4M3FN>, swizzle = 128>, !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable>
        tma.async_load %b_desc[%off_n, %k0], %b, %load : !tma.descriptor<tensor<128x128xf8E4M3FN>, swizzle = 128>, !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable>
        // The factors of row block m for K step k: the 1 atom(s)
        // from m * (K / 128) + k on, 512 bytes each step.
        %am = arith.muli %pid_m, %kt : i32
        %ai = arith.addi %am, %k : i32
        %ao = arith.muli %ai, %iatom : i32
        tma.bulk_load %sfa[%ao], %sa, %load : !tile.ptr<i8>, i32, !tile.smem<32x16xi8, mutable>
        %bn = arith.muli %pid_n, %kt : i32
        %bi = arith.addi %bn, %k : i32
        %bo = arith.muli %bi, %iatom : i32
        tma.bulk_load %sfb[%bo], %sb, %load : !tile.ptr<i8>, i32, !tile.smem<32x16xi8, mutable>
        mbarrier.wait %load, phase %p : i32
        %first = arith.cmpi eq, %k, %i0 : i32
        %use = arith.xori %first, %true : i1
        scf.if %leader {
          tmem.copy %sa, %as : !tile.smem<32x16xi8, mutable>, !tmem.buffer<128x4xi8, #tmem.scales>
          tmem.copy %sb, %bs : !tile.smem<32x16xi8, mutable>, !tmem.buffer<128x4xi8, #tmem.scales>
          tmem.mma_scaled %a, %bt, %acc, %as, %bs, %use : !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable>, !tile.smem<128x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>, mutable>, !acc_t, !tmem.buffer<128x4xi8, #tmem.scales>, !tmem.buffer<128x4xi8, #tmem.scales>
          tmem.commit %done
        }
        // The next step overwrites the buffers these tcgen05 ops read.
        mbarrier.wait %done, phase %p : i32
        %np = arith.xori %p, %i1 : i32
        scf.yield %np : i32
      }
      tmem.fence after
      %v = tmem.load %acc : !acc_t -> !d_t
      %rm = tile.range 0 to 128 : tensor<128xi32, #rows>
      %rn = tile.range 0 to 128 : tensor<128xi32, #cols>
      %om = tile.splat %off_m : tensor<128xi32, #rows>
      %on = tile.splat %off_n : tensor<128xi32, #cols>
      %offs_m = arith.addi %om, %rm : tensor<128xi32, #rows>
      %offs_n = arith.addi %on, %rn : tensor<128xi32, #cols>
      %m2 = tile.expand_dims %offs_m, axis = 1 : tensor<128xi32, #rows> -> tensor<128x1xi32, #regs>
      %n2 = tile.expand_dims %offs_n, axis = 0 : tensor<128xi32, #cols> -> tensor<1x128xi32, #regs>
      %mb = tile.broadcast %m2 : tensor<128x1xi32, #regs> -> !offs_t
      %nb = tile.broadcast %n2 : tensor<1x128xi32, #regs> -> !offs_t
      %ld = tile.splat %N : !offs_t
      %row = arith.muli %mb, %ld : !offs_t
      %offs = arith.addi %row, %nb : !offs_t
      tile.store %d_ptr[%offs], %v : !tile.ptr<f32>, !offs_t, !d_t
      tmem.dealloc %acc : !acc_t
      gpu.return
    }

    gpu.func @scaled_mxf4(%a_desc: !tma.descriptor<tensor<128x256xf4E2M1FN>, swizzle = 128, fp4 = packed>, %b_desc: !tma.descriptor<tensor<128x256xf4E2M1FN>, swizzle = 128, fp4 = packed>,
        %sfa: !tile.ptr<i8>, %sfb: !tile.ptr<i8>,
        %d_ptr: !tile.ptr<f32>, %N: i32, %K: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %i0 = arith.constant 0 : i32
      %i1 = arith.constant 1 : i32
      %i128 = arith.constant 128 : i32
      %ibk = arith.constant 256 : i32
      %iatom = arith.constant 1024 : i32
      %irows = arith.constant 64 : i32
      %true = arith.constant true
      %a = tile.alloc_smem : !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>
      // B is stored N x K (K-major) and read as its K x N transpose.
      %b = tile.alloc_smem : !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>
      %sa = tile.alloc_smem : !tile.smem<64x16xi8, mutable>
      %sb = tile.alloc_smem : !tile.smem<64x16xi8, mutable>
      %acc = tmem.alloc : !acc_t
      %as = tmem.alloc : !tmem.buffer<128x8xi8, #tmem.scales>
      %bs = tmem.alloc : !tmem.buffer<128x8xi8, #tmem.scales>
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %load = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %done = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %load, arrivals = 1
        mbarrier.init %done, arrivals = 1
      }
      tile.barrier
      %pid_m = tile.program_id x
      %pid_n = tile.program_id y
      %off_m = arith.muli %pid_m, %i128 : i32
      %off_n = arith.muli %pid_n, %i128 : i32
      %kt = arith.divui %K, %ibk : i32
      %bt = tile.smem_trans %b, order = [1, 0] : !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable> -> !tile.smem<256x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true>, mutable>
      %last = scf.for %k = %i0 to %kt step %i1 iter_args(%p = %i0) -> (i32) : i32 {
        %k0 = arith.muli %k, %ibk : i32
        mbarrier.arrive_expect_tx %load, bytes = 34816 if %leader
        tma.async_load %a_desc[%off_m, %k0], %a, %load : !tma.descriptor<tensor<128x256xf4E2M1FN>, swizzle = 128, fp4 = packed>, !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>
        tma.async_load %b_desc[%off_n, %k0], %b, %load : !tma.descriptor<tensor<128x256xf4E2M1FN>, swizzle = 128, fp4 = packed>, !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>
        // The factors of row block m for K step k: the 2 atom(s)
        // from m * (K / 256) + k on, 1024 bytes each step.
        %am = arith.muli %pid_m, %kt : i32
        %ai = arith.addi %am, %k : i32
        %ao = arith.muli %ai, %iatom : i32
        tma.bulk_load %sfa[%ao], %sa, %load : !tile.ptr<i8>, i32, !tile.smem<64x16xi8, mutable>
        %bn = arith.muli %pid_n, %kt : i32
        %bi = arith.addi %bn, %k : i32
        %bo = arith.muli %bi, %iatom : i32
        tma.bulk_load %sfb[%bo], %sb, %load : !tile.ptr<i8>, i32, !tile.smem<64x16xi8, mutable>
        mbarrier.wait %load, phase %p : i32
        %first = arith.cmpi eq, %k, %i0 : i32
        %use = arith.xori %first, %true : i1
        scf.if %leader {
          tmem.copy %sa, %as : !tile.smem<64x16xi8, mutable>, !tmem.buffer<128x8xi8, #tmem.scales>
          tmem.copy %sb, %bs : !tile.smem<64x16xi8, mutable>, !tmem.buffer<128x8xi8, #tmem.scales>
          tmem.mma_scaled %a, %bt, %acc, %as, %bs, %use : !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>, !tile.smem<256x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true>, mutable>, !acc_t, !tmem.buffer<128x8xi8, #tmem.scales>, !tmem.buffer<128x8xi8, #tmem.scales>
          tmem.commit %done
        }
        // The next step overwrites the buffers these tcgen05 ops read.
        mbarrier.wait %done, phase %p : i32
        %np = arith.xori %p, %i1 : i32
        scf.yield %np : i32
      }
      tmem.fence after
      %v = tmem.load %acc : !acc_t -> !d_t
      %rm = tile.range 0 to 128 : tensor<128xi32, #rows>
      %rn = tile.range 0 to 128 : tensor<128xi32, #cols>
      %om = tile.splat %off_m : tensor<128xi32, #rows>
      %on = tile.splat %off_n : tensor<128xi32, #cols>
      %offs_m = arith.addi %om, %rm : tensor<128xi32, #rows>
      %offs_n = arith.addi %on, %rn : tensor<128xi32, #cols>
      %m2 = tile.expand_dims %offs_m, axis = 1 : tensor<128xi32, #rows> -> tensor<128x1xi32, #regs>
      %n2 = tile.expand_dims %offs_n, axis = 0 : tensor<128xi32, #cols> -> tensor<1x128xi32, #regs>
      %mb = tile.broadcast %m2 : tensor<128x1xi32, #regs> -> !offs_t
      %nb = tile.broadcast %n2 : tensor<1x128xi32, #regs> -> !offs_t
      %ld = tile.splat %N : !offs_t
      %row = arith.muli %mb, %ld : !offs_t
      %offs = arith.addi %row, %nb : !offs_t
      tile.store %d_ptr[%offs], %v : !tile.ptr<f32>, !offs_t, !d_t
      tmem.dealloc %acc : !acc_t
      gpu.return
    }

    gpu.func @scaled_nvf4(%a_desc: !tma.descriptor<tensor<128x256xf4E2M1FN>, swizzle = 128, fp4 = packed>, %b_desc: !tma.descriptor<tensor<128x256xf4E2M1FN>, swizzle = 128, fp4 = packed>,
        %sfa: !tma.descriptor<tensor<128x16xf8E4M3FN>, swizzle = 0>, %sfb: !tma.descriptor<tensor<128x16xf8E4M3FN>, swizzle = 0>,
        %d_ptr: !tile.ptr<f32>, %N: i32, %K: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %i0 = arith.constant 0 : i32
      %i1 = arith.constant 1 : i32
      %i128 = arith.constant 128 : i32
      %ibk = arith.constant 256 : i32
      %iatom = arith.constant 2048 : i32
      %irows = arith.constant 128 : i32
      %true = arith.constant true
      %a = tile.alloc_smem : !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>
      // B is stored N x K (K-major) and read as its K x N transpose.
      %b = tile.alloc_smem : !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>
      %sa = tile.alloc_smem : !tile.smem<128x16xf8E4M3FN, mutable>
      %sb = tile.alloc_smem : !tile.smem<128x16xf8E4M3FN, mutable>
      %acc = tmem.alloc : !acc_t
      %as = tmem.alloc : !tmem.buffer<128x16xf8E4M3FN, #tmem.scales>
      %bs = tmem.alloc : !tmem.buffer<128x16xf8E4M3FN, #tmem.scales>
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %load = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %done = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %load, arrivals = 1
        mbarrier.init %done, arrivals = 1
      }
      tile.barrier
      %pid_m = tile.program_id x
      %pid_n = tile.program_id y
      %off_m = arith.muli %pid_m, %i128 : i32
      %off_n = arith.muli %pid_n, %i128 : i32
      %kt = arith.divui %K, %ibk : i32
      %bt = tile.smem_trans %b, order = [1, 0] : !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable> -> !tile.smem<256x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true>, mutable>
      %last = scf.for %k = %i0 to %kt step %i1 iter_args(%p = %i0) -> (i32) : i32 {
        %k0 = arith.muli %k, %ibk : i32
        mbarrier.arrive_expect_tx %load, bytes = 36864 if %leader
        tma.async_load %a_desc[%off_m, %k0], %a, %load : !tma.descriptor<tensor<128x256xf4E2M1FN>, swizzle = 128, fp4 = packed>, !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>
        tma.async_load %b_desc[%off_n, %k0], %b, %load : !tma.descriptor<tensor<128x256xf4E2M1FN>, swizzle = 128, fp4 = packed>, !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>
        // The factors of row block m for K step k: the 4 atom(s)
        // from m * (K / 256) + k on, 2048 bytes each step.
        %am = arith.muli %pid_m, %kt : i32
        %ai = arith.addi %am, %k : i32
        %ar = arith.muli %ai, %irows : i32
        tma.async_load %sfa[%ar, %i0], %sa, %load : !tma.descriptor<tensor<128x16xf8E4M3FN>, swizzle = 0>, !tile.smem<128x16xf8E4M3FN, mutable>
        %bn = arith.muli %pid_n, %kt : i32
        %bi = arith.addi %bn, %k : i32
        %br = arith.muli %bi, %irows : i32
        tma.async_load %sfb[%br, %i0], %sb, %load : !tma.descriptor<tensor<128x16xf8E4M3FN>, swizzle = 0>, !tile.smem<128x16xf8E4M3FN, mutable>
        mbarrier.wait %load, phase %p : i32
        %first = arith.cmpi eq, %k, %i0 : i32
        %use = arith.xori %first, %true : i1
        scf.if %leader {
          tmem.copy %sa, %as : !tile.smem<128x16xf8E4M3FN, mutable>, !tmem.buffer<128x16xf8E4M3FN, #tmem.scales>
          tmem.copy %sb, %bs : !tile.smem<128x16xf8E4M3FN, mutable>, !tmem.buffer<128x16xf8E4M3FN, #tmem.scales>
          tmem.mma_scaled %a, %bt, %acc, %as, %bs, %use : !tile.smem<128x256xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4>, mutable>, !tile.smem<256x128xf4E2M1FN, #tile.nvmma_shared<swizzle = 128, element_bits = 4, transposed = true>, mutable>, !acc_t, !tmem.buffer<128x16xf8E4M3FN, #tmem.scales>, !tmem.buffer<128x16xf8E4M3FN, #tmem.scales>
          tmem.commit %done
        }
        // The next step overwrites the buffers these tcgen05 ops read.
        mbarrier.wait %done, phase %p : i32
        %np = arith.xori %p, %i1 : i32
        scf.yield %np : i32
      }
      tmem.fence after
      %v = tmem.load %acc : !acc_t -> !d_t
      %rm = tile.range 0 to 128 : tensor<128xi32, #rows>
      %rn = tile.range 0 to 128 : tensor<128xi32, #cols>
      %om = tile.splat %off_m : tensor<128xi32, #rows>
      %on = tile.splat %off_n : tensor<128xi32, #cols>
      %offs_m = arith.addi %om, %rm : tensor<128xi32, #rows>
      %offs_n = arith.addi %on, %rn : tensor<128xi32, #cols>
      %m2 = tile.expand_dims %offs_m, axis = 1 : tensor<128xi32, #rows> -> tensor<128x1xi32, #regs>
      %n2 = tile.expand_dims %offs_n, axis = 0 : tensor<128xi32, #cols> -> tensor<1x128xi32, #regs>
      %mb = tile.broadcast %m2 : tensor<128x1xi32, #regs> -> !offs_t
      %nb = tile.broadcast %n2 : tensor<1x128xi32, #regs> -> !offs_t
      %ld = tile.splat %N : !offs_t
      %row = arith.muli %mb, %ld : !offs_t
      %offs = arith.addi %row, %nb : !offs_t
      tile.store %d_ptr[%offs], %v : !tile.ptr<f32>, !offs_t, !d_t
      tmem.dealloc %acc : !acc_t
      gpu.return
    }
  }
}
