// RUN: tile-opt %s --tile-allocate-shared-memory | FileCheck %s

// The launch gets the kernel's dynamic shared-memory size.
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel attributes {tile.num_warps = 4 : i32} {
      %a = tile.alloc_smem : !tile.smem<2x128x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
      gpu.return
    }
  }
  // CHECK-LABEL: func.func @host
  func.func @host() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    // CHECK: %[[SMEM:.*]] = arith.constant 32768 : i32
    // CHECK: gpu.launch_func @m::@k {{.*}} dynamic_shared_memory_size %[[SMEM]]
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
    return
  }
}
