// RUN: tile-opt %s --tile-allocate-shared-memory -split-input-file -verify-diagnostics

// More than the 227 KiB a CTA may use: needed and available bytes, and the
// largest buffers as notes.
gpu.module @m {
  // expected-error @+1 {{needs 262144 bytes of shared memory, but a CTA can use at most 232448 bytes (227 KiB)}}
  gpu.func @too_big(%d: !tma.descriptor<tensor<256xf32>>, %i: i32) kernel {
    // expected-note @+1 {{131072 bytes allocated here}}
    %a = tile.alloc_smem : !tile.smem<128x256xf32, mutable>
    // expected-note @+1 {{131072 bytes allocated here}}
    %b = tile.alloc_smem : !tile.smem<128x256xf32, mutable>
    %c0 = arith.constant 0 : index
    %s = tile.smem_subslice %a[0, 0] : !tile.smem<128x256xf32, mutable> -> !tile.smem<1x256xf32, mutable>
    %t = tile.smem_subslice %b[0, 0] : !tile.smem<128x256xf32, mutable> -> !tile.smem<1x256xf32, mutable>
    tma.async_store %s, %d[%i] : !tile.smem<1x256xf32, mutable>, !tma.descriptor<tensor<256xf32>>
    tma.async_store %t, %d[%i] : !tile.smem<1x256xf32, mutable>, !tma.descriptor<tensor<256xf32>>
    gpu.return
  }
}

// -----

// A ring whose stages are not whole swizzle atoms would misalign stage 1.
gpu.module @m {
  gpu.func @ring(%i: index) kernel {
    // expected-error @+1 {{stages of 512 bytes would misalign every stage after the first (each needs 1024-byte alignment)}}
    %ring = tile.alloc_smem : !tile.smem<2x4x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    %s = tile.smem_index %ring[%i] : !tile.smem<2x4x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable> -> !tile.smem<4x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @device_function() {
    // expected-error @+1 {{shared memory can only be allocated in a kernel (a gpu.func with the kernel attribute)}}
    %a = tile.alloc_smem : !tile.smem<256xf32, mutable>
    gpu.return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel attributes {tile.num_warps = 4 : i32} {
      %a = tile.alloc_smem : !tile.smem<256xf32, mutable>
      gpu.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %small = arith.constant 512 : i32
    // expected-error @+1 {{passes 512 bytes of dynamic shared memory, but kernel @k needs 1024}}
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) dynamic_shared_memory_size %small
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k() kernel attributes {tile.num_warps = 4 : i32} {
      tile.warp_specialize() default {
        tile.warp_yield
      }
      partition0() num_warps(2) {
        tile.warp_return
      } : () -> ()
      gpu.return
    }
  }
  func.func @host() {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    // expected-error @+1 {{launches 128 threads per block, but kernel @k is compiled for 192 (6 warps)}}
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1)
    return
  }
}
