// RUN: tile-opt %s --tile-lower-copies -split-input-file | FileCheck %s

// A copy of a memref bound inside the kernel (a view of an argument) that
// needs a descriptor: the kernel writes the tensor map where the view is
// bound. (Its offset and row pitch are known only on the device: `prefer
// tma` takes them on trust; see the last cases.) The leader writes it into this CTA's 128 bytes of a workspace
// (the kernel's new last argument, offset by the CTA's linear index in the
// grid), a barrier publishes it, every thread acquires it. Two views, two
// maps: 256 bytes per CTA, recorded on the kernel. A memref argument keeps
// its host map (a descriptor argument before the workspace).
// CHECK-LABEL: gpu.func @views(
// CHECK-SAME: %[[A:[^:]*]]: memref<?x?xf16>, %[[B:[^:]*]]: memref<?x?xf16>, %{{.*}}: index, %[[DB:[^:]*]]: !tma.descriptor<tensor<64x64xf16>, swizzle = 128>, %[[WS:[^:]*]]: !tile.ptr<i8>)
// CHECK-SAME: tile.tensor_map_workspace = 256 : i64
// CHECK-DAG: %[[Z:.*]] = tile.program_id z
// CHECK-DAG: %[[NY:.*]] = tile.num_programs y
// CHECK-DAG: %[[NX:.*]] = tile.num_programs x
// CHECK: %[[PERCTA:.*]] = arith.constant 256 : index
// CHECK: %[[BASE:.*]] = arith.muli %{{.*}}, %[[PERCTA]] : index
// CHECK: %[[LEADER:.*]] = tile.elect cta
// CHECK: %[[VA:.*]] = memref.subview %[[A]]
// CHECK: %[[OFF0:.*]] = arith.addi %[[BASE]], %c0{{.*}} : index
// CHECK: %[[MA:.*]] = tma.create_descriptor %[[WS]][%[[OFF0]]], %[[VA]] if %[[LEADER]] : !tile.ptr<i8>, memref<?x128xf16, strided<[?, 1], offset: ?>> -> !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tma.acquire_descriptor %[[MA]]
// CHECK: %[[VB:.*]] = memref.subview %[[A]]
// CHECK: %[[OFF1:.*]] = arith.addi %[[BASE]], %c128{{.*}} : index
// CHECK: %[[MB:.*]] = tma.create_descriptor %[[WS]][%[[OFF1]]], %[[VB]] if %[[LEADER]]
// CHECK: tma.async_load %[[MA]]
// CHECK: tma.async_load %[[MB]]
// CHECK: tma.async_store %{{.*}}, %[[DB]]

// Each launch allocates the workspace for its grid (256 bytes per CTA)
// before the launch and frees it after; a synchronous launch waits for the
// allocation, an asynchronous one depends on it, and what waited for the
// launch waits for the free.
// CHECK-LABEL: func.func @sync_launch
// CHECK: %[[PER:.*]] = arith.constant 256 : index
// CHECK: %[[X:.*]] = arith.muli %[[PER]], %c4
// CHECK: %[[Y:.*]] = arith.muli %[[X]], %c1
// CHECK: %[[BYTES:.*]] = arith.muli %[[Y]], %c1
// CHECK: %[[T0:.*]] = gpu.wait async
// CHECK: %[[MEM:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] (%[[BYTES]]) : memref<?xi8>
// CHECK: %[[WP:.*]] = tile.ptr_from_memref %[[MEM]] : memref<?xi8> -> !tile.ptr<i8>
// CHECK: gpu.wait [%[[T1]]]
// CHECK: gpu.launch_func @kernels::@views {{.*}} args({{.*}}, %[[WP]] : !tile.ptr<i8>)
// CHECK: %[[T2:.*]] = gpu.wait async
// CHECK: %[[T3:.*]] = gpu.dealloc async [%[[T2]]] %[[MEM]] : memref<?xi8>
// CHECK: gpu.wait [%[[T3]]]
// CHECK-LABEL: func.func @async_launch
// CHECK: %[[D:.*]] = gpu.wait async
// CHECK: %[[AMEM:.*]], %[[AT:.*]] = gpu.alloc async [%[[D]]] (%{{.*}}) : memref<?xi8>
// CHECK: %[[L:.*]] = gpu.launch_func async [%[[AT]]] @kernels::@views
// CHECK: %[[F:.*]] = gpu.dealloc async [%[[L]]] %[[AMEM]] : memref<?xi8>
// CHECK: gpu.wait [%[[F]]]
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @views(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %rows: index) kernel attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %bx = gpu.block_id x
      %r0 = arith.muli %bx, %c64 : index
      %va = memref.subview %A[%r0, 0] [%rows, 128] [1, 1] : memref<?x?xf16> to memref<?x128xf16, strided<[?, 1], offset: ?>>
      %vb = memref.subview %A[%r0, 128] [%rows, 128] [1, 1] : memref<?x?xf16> to memref<?x128xf16, strided<[?, 1], offset: ?>>
      %s = tile.alloc_smem : !tile.smem<64x128xf16, #sw, mutable>
      %t = tile.alloc_smem : !tile.smem<64x128xf16, #sw, mutable>
      tile.copy %va[%c0, %c0], %s prefer tma : memref<?x128xf16, strided<[?, 1], offset: ?>>, !tile.smem<64x128xf16, #sw, mutable>
      tile.copy %vb[%c0, %c0], %t prefer tma : memref<?x128xf16, strided<[?, 1], offset: ?>>, !tile.smem<64x128xf16, #sw, mutable>
      tile.copy %s, %B[%r0, %c0] : !tile.smem<64x128xf16, #sw, mutable>, memref<?x?xf16>
      gpu.return
    }
  }
  func.func @sync_launch(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %rows: index) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@views blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1) args(%A : memref<?x?xf16>, %B : memref<?x?xf16>, %rows : index)
    return
  }
  func.func @async_launch(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %rows: index) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @kernels::@views blocks in (%c4, %c1, %c1) threads in (%c128, %c1, %c1) args(%A : memref<?x?xf16>, %B : memref<?x?xf16>, %rows : index)
    gpu.wait [%t1]
    return
  }
}

// -----

// Inside a tile.warp_specialize partition: the view, captured, gets its
// map at the partition's start, on the partition's leader, with the
// workspace and the CTA's offset computed there.
// CHECK-LABEL: gpu.func @partition_view(
// CHECK-SAME: %[[WS:[^:]*]]: !tile.ptr<i8>)
// CHECK: partition0(%[[V:[^:]*]]: memref<?x64xf16, strided<[?, 1]>>, %{{.*}}: !tile.smem{{.*}}, %[[PWS:[^:]*]]: !tile.ptr<i8>) num_warps(1)
// CHECK: %[[BASE:.*]] = arith.muli %{{.*}}, %c128{{.*}} : index
// CHECK: %[[LEADER:.*]] = tile.elect cta
// CHECK: %[[MAP:.*]] = tma.create_descriptor %[[PWS]][%{{.*}}], %[[V]] if %[[LEADER]]
// CHECK-NEXT: tile.barrier
// CHECK-NEXT: tma.acquire_descriptor %[[MAP]]
// CHECK: tma.async_load %[[MAP]]
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
    gpu.func @partition_view(%A: memref<?x?xf16>, %rows: index) kernel attributes {tile.num_warps = 4 : i32} {
      %v = memref.subview %A[0, 0] [%rows, 64] [1, 1] : memref<?x?xf16> to memref<?x64xf16, strided<[?, 1]>>
      %s = tile.alloc_smem : !tile.smem<64x64xf16, #sw, mutable>
      tile.warp_specialize(%v, %s) default {
        tile.warp_yield
      }
      partition0(%pv: memref<?x64xf16, strided<[?, 1]>>, %ps: !tile.smem<64x64xf16, #sw, mutable>) num_warps(1) {
        %c0 = arith.constant 0 : index
        tile.copy %pv[%c0, %c0], %ps prefer tma : memref<?x64xf16, strided<[?, 1]>>, !tile.smem<64x64xf16, #sw, mutable>
        tile.warp_return
      } : (memref<?x64xf16, strided<[?, 1]>>, !tile.smem<64x64xf16, #sw, mutable>) -> ()
      gpu.return
    }
  }
}

// -----

// A view whose offset and strides are static gets its map without being
// asked; one whose row pitch is known only on the device is copied
// synchronously unless the copy prefers TMA (nothing checks its alignment
// on the device).
// CHECK-LABEL: gpu.func @static_view
// CHECK: tma.create_descriptor %{{.*}}, %{{.*}} if %{{.*}} : !tile.ptr<i8>, memref<64x128xf16, strided<[256, 1], offset: 16384>>
// CHECK-LABEL: gpu.func @dynamic_view
// CHECK-NOT: tma.create_descriptor
// CHECK: tile.load
#sw = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {
  gpu.func @static_view(%A: memref<256x256xf16>) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %v = memref.subview %A[64, 0] [64, 128] [1, 1] : memref<256x256xf16> to memref<64x128xf16, strided<[256, 1], offset: 16384>>
    %s = tile.alloc_smem : !tile.smem<64x128xf16, #sw, mutable>
    tile.copy %v[%c0, %c0], %s : memref<64x128xf16, strided<[256, 1], offset: 16384>>, !tile.smem<64x128xf16, #sw, mutable>
    gpu.return
  }
  gpu.func @dynamic_view(%A: memref<?x?xf16>, %rows: index) kernel attributes {tile.num_warps = 4 : i32} {
    %c0 = arith.constant 0 : index
    %v = memref.subview %A[0, 0] [%rows, 128] [1, 1] : memref<?x?xf16> to memref<?x128xf16, strided<[?, 1]>>
    %s = tile.alloc_smem : !tile.smem<64x128xf16, #sw, mutable>
    tile.copy %v[%c0, %c0], %s : memref<?x128xf16, strided<[?, 1]>>, !tile.smem<64x128xf16, #sw, mutable>
    gpu.return
  }
}
