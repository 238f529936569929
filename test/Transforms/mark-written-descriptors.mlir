// RUN: tile-opt %s --tile-mark-written-descriptors | FileCheck %s

// A host tensor map is `written` when a kernel it is launched with stores
// or reduces through the argument (in its body or in a tile.warp_specialize
// partition, through the capture), or when a use cannot be followed; a map
// that kernels only load from, or that only probes' unchecked stores write
// through, is not.

#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
!d = !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
!b = !tile.smem<64x64xf16, #sw, mutable>
!m = memref<?x?xf16>

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @store(%in: !d, %out: !d, %bar: !mbarrier.barrier) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : i32
      %buf = tile.alloc_smem : !b
      tma.async_load %in[%c0, %c0], %buf, %bar : !d, !b
      tma.async_store %buf, %out[%c0, %c0] : !b, !d
      gpu.return
    }
    gpu.func @reduce(%out: !d) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : i32
      %buf = tile.alloc_smem : !b
      tma.async_reduce add %buf, %out[%c0, %c0] : !b, !d
      gpu.return
    }
    gpu.func @partition(%out: !d) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : i32
      %buf = tile.alloc_smem : !b
      tile.warp_specialize(%out, %buf) default {
        tile.warp_yield
      }
      partition0(%o: !d, %b: !b) num_warps(4) {
        %z = arith.constant 0 : i32
        tma.async_store %b, %o[%z, %z] : !b, !d
        tile.warp_return
      } : (!d, !b) -> ()
      gpu.return
    }
    gpu.func @unchecked(%out: !d) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : i32
      %buf = tile.alloc_smem : !b
      tma.async_store %buf, %out[%c0, %c0] {tma.unchecked_alignment} : !b, !d
      gpu.return
    }
  }

  func.func private @elsewhere(!d)

  // CHECK-LABEL: func.func @host
  func.func @host(%a: !m, %o: !m, %bar: !mbarrier.barrier) {
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    // CHECK: %[[IN:.*]] = tma.make_descriptor %{{.*}} : memref<?x?xf16>
    // CHECK: %[[OUT:.*]] = tma.make_descriptor %{{.*}} written : memref<?x?xf16>
    %in = tma.make_descriptor %a : !m -> !d
    %out = tma.make_descriptor %o : !m -> !d
    gpu.launch_func @kernels::@store blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%in : !d, %out : !d, %bar : !mbarrier.barrier)
    // The same map loaded from by one launch, reduced into by another.
    // CHECK: tma.make_descriptor %{{.*}} written : memref<?x?xf16>
    %r = tma.make_descriptor %o : !m -> !d
    gpu.launch_func @kernels::@store blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%r : !d, %in : !d, %bar : !mbarrier.barrier)
    gpu.launch_func @kernels::@reduce blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%r : !d)
    // CHECK: tma.make_descriptor %{{.*}} written : memref<?x?xf16>
    %p = tma.make_descriptor %o : !m -> !d
    gpu.launch_func @kernels::@partition blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%p : !d)
    // CHECK: tma.make_descriptor %{{.*}} : memref<?x?xf16>
    %u = tma.make_descriptor %o : !m -> !d
    gpu.launch_func @kernels::@unchecked blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%u : !d)
    // Passed to a function: what it reaches cannot be seen.
    // CHECK: tma.make_descriptor %{{.*}} written : memref<?x?xf16>
    %e = tma.make_descriptor %o : !m -> !d
    func.call @elsewhere(%e) : (!d) -> ()
    return
  }
}
