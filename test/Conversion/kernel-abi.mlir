// RUN: tile-opt %s --tile-to-nvvm | FileCheck %s

// TMA descriptors are 128-byte by-value kernel parameters, 64-byte aligned
// and grid-constant; global pointers are addrspace(1) pointers; the block
// size from tile.num_warps becomes nvvm.reqntid / maxntid; shared memory is
// one dynamic array aligned for 128-byte swizzle atoms.

// CHECK: llvm.mlir.global external @__tile_smem() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// CHECK-LABEL: llvm.func @k(
// CHECK-SAME: %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// CHECK-SAME: %{{.*}}: !llvm.ptr<1>,
// CHECK-SAME: %{{.*}}: i32)
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.maxntid = array<i32: 128, 1, 1>
// CHECK-SAME: tile.shared_memory_bytes = 8200
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%d: !tma.descriptor<tensor<64x64xf16>, swizzle = 128>, %p: !tile.ptr<f32>, %x: i32) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %buf = tile.alloc_smem : !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %bar, arrivals = 1
        mbarrier.arrive_expect_tx %bar, bytes = 8192
      }
      tile.barrier
      // The copy reads the descriptor through the parameter's address.
      // CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %arg0,
      tma.async_load %d[%x, %x], %buf, %bar : !tma.descriptor<tensor<64x64xf16>, swizzle = 128>, !tile.smem<64x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
      mbarrier.wait %bar, phase %x : i32
      gpu.return
    }
  }
}
