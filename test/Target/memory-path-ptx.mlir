// PTX of the memory path (barriers, TMA, bulk copies, leader election,
// proxy fences, warp specialization with setmaxnreg) for sm_90a and
// sm_100a, and ptxas accepting it for both.
// REQUIRES: ptxas
// RUN: tile-translate --emit=ptx --chip=sm_90a %s -o %t.sm90.ptx
// RUN: FileCheck %s --input-file=%t.sm90.ptx --check-prefixes=CHECK,SM90
// RUN: %ptxas -arch=sm_90a %t.sm90.ptx -o %t.sm90.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty
// RUN: tile-translate --emit=ptx --chip=sm_100a %s -o %t.sm100.ptx
// RUN: FileCheck %s --input-file=%t.sm100.ptx --check-prefixes=CHECK,SM100
// RUN: %ptxas -arch=sm_100a %t.sm100.ptx -o %t.sm100.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty

// setmaxnreg takes effect (no "ignored; unable to determine register count
// at entry" warning): the kernel declares one CTA per SM.
// PTXAS-NOT: C7508

// SM90: .target sm_90a
// SM100: .target sm_100a

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #sw, mutable>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Descriptors are 64-byte-aligned 128-byte parameters.
    // CHECK-LABEL: .entry memory_path(
    // CHECK: .param .align 64 .b8 memory_path_param_0[128]
    // CHECK: .maxntid 128, 1, 1
    // The descriptor's address is taken in parameter space, no copy.
    // CHECK: cvta.param.u64
    gpu.func @memory_path(%d: !d, %p: !tile.ptr<f32>, %x: i32, %m: i16) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %buf = tile.alloc_smem : !b
      %flat = tile.alloc_smem : !tile.smem<256xf32, mutable>
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %bar1 = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      // CHECK: elect.sync
      %leader = tile.elect cta
      scf.if %leader {
        // CHECK: mbarrier.init.shared.b64
        mbarrier.init %bar, arrivals = 1
        mbarrier.init %bar1, arrivals = 128
      }
      // CHECK: bar.sync 0
      tile.barrier
      // CHECK: mbarrier.arrive.expect_tx.shared.b64
      mbarrier.arrive_expect_tx %bar, bytes = 16384 if %leader
      // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
      tma.async_load %d[%x, %x], %buf, %bar : !d, !b
      // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster
      tma.async_load %d[%x, %x], %buf, %bar multicast %m : !d, !b
      // CHECK: mbarrier.try_wait.parity.shared.b64
      mbarrier.wait %bar, phase %x : i32
      // CHECK: mbarrier.expect_tx
      mbarrier.expect_tx %bar1, bytes = 1024 if %leader
      // CHECK: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
      tma.bulk_load %p[%x], %flat, %bar1 : !tile.ptr<f32>, i32, !tile.smem<256xf32, mutable>
      // CHECK: mbarrier.arrive.shared.b64
      mbarrier.arrive %bar1
      mbarrier.wait %bar1, phase %x : i32
      // CHECK: fence.proxy.async.shared::cta
      tile.fence_async_shared
      // CHECK: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
      tma.async_store %buf, %d[%x, %x] : !b, !d
      // CHECK: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group
      tma.async_reduce add %buf, %d[%x, %x] : !b, !d
      // CHECK: cp.async.bulk.global.shared::cta.bulk_group
      tma.bulk_store %flat, %p[%x] : !tile.smem<256xf32, mutable>, !tile.ptr<f32>, i32
      // CHECK: cp.async.bulk.commit_group
      tma.store_commit
      // CHECK: cp.async.bulk.wait_group.read 0
      tma.store_wait pending = 0 read_only
      // CHECK: cp.async.bulk.wait_group 0
      tma.store_wait pending = 0
      // CHECK: prefetch.tensormap
      tma.prefetch_descriptor %d : !d
      // CHECK: mbarrier.inval.shared.b64
      mbarrier.invalidate %bar
      gpu.return
    }

    // Producer warpgroup shrinks to 40 registers, consumers grow to 232.
    // CHECK-LABEL: .entry specialized(
    // CHECK: .maxntid 384, 1, 1
    // CHECK-NEXT: .minnctapersm 1
    // Named barrier 1 for the default warps (256 threads).
    // CHECK-DAG: setmaxnreg.inc.sync.aligned.u32 232
    // CHECK-DAG: setmaxnreg.dec.sync.aligned.u32 40
    // CHECK-DAG: bar.sync 1, 256
    gpu.func @specialized(%p: !tile.ptr<f32>) kernel
        attributes {tile.num_warps = 8 : i32} {
      tile.warp_specialize(%p) default num_regs(232) {
        tile.barrier
        tile.warp_yield
      }
      partition0(%q: !tile.ptr<f32>) num_warps(4) num_regs(40) {
        %one = arith.constant 1.0 : f32
        %i = arith.constant 0 : i32
        tile.store %q[%i], %one : !tile.ptr<f32>, i32, f32
        tile.warp_return
      } : (!tile.ptr<f32>) -> ()
      gpu.return
    }
  }
}
