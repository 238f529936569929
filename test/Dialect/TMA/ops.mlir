// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#nvmmaf32 = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
#fp4pad = #tile.nvmma_shared<swizzle = 128, element_bits = 4, fp4_padded = true>
#fp4packed = #tile.nvmma_shared<swizzle = 64, element_bits = 4>
#rowmajor = #tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>

//===----------------------------------------------------------------------===//
// Descriptor types: every parameter, printed without its defaults.
//===----------------------------------------------------------------------===//

// Rows wider than the swizzle span: split into copies one span wide (an
// inner dimension over 256 included).
// CHECK-LABEL: func.func @split_types
// CHECK-SAME: !tma.descriptor<tensor<64x256xf16>, swizzle = 128>,
// CHECK-SAME: !tma.descriptor<tensor<64x512xf16>, swizzle = 128>,
// CHECK-SAME: !tma.descriptor<tensor<2x64x128xbf16>, swizzle = 128>,
// CHECK-SAME: !tma.descriptor<tensor<64x64xf32>, swizzle = 32>)
func.func @split_types(
    %a: !tma.descriptor<tensor<64x256xf16>, swizzle = 128>,
    %b: !tma.descriptor<tensor<64x512xf16>, swizzle = 128>,
    %c: !tma.descriptor<tensor<2x64x128xbf16>, swizzle = 128>,
    %d: !tma.descriptor<tensor<64x64xf32>, swizzle = 32>) {
  return
}

// CHECK-LABEL: func.func @types
// CHECK-SAME: !tma.descriptor<tensor<128x64xf16>>,
// CHECK-SAME: !tma.descriptor<tensor<64x32xf32>, swizzle = 128>,
// CHECK-SAME: !tma.descriptor<tensor<16x32xi8>, swizzle = 32>,
// CHECK-SAME: !tma.descriptor<tensor<8x32xbf16>, swizzle = 64>,
// CHECK-SAME: !tma.descriptor<tensor<4x8x64xf16>, interleave = i16b>,
// CHECK-SAME: !tma.descriptor<tensor<4x8x16xf16>, swizzle = 32, interleave = i32b>,
// CHECK-SAME: !tma.descriptor<tensor<8xi64>, l2_promotion = l2_64b>,
// CHECK-SAME: !tma.descriptor<tensor<8x8xi16>, l2_promotion = l2_128b>,
// CHECK-SAME: !tma.descriptor<tensor<4xi32>, l2_promotion = l2_256b>,
// CHECK-SAME: !tma.descriptor<tensor<2x2xf64>, oob_fill = nan>,
// CHECK-SAME: !tma.descriptor<tensor<64x128xf8E4M3FN>, swizzle = 128>,
// CHECK-SAME: !tma.descriptor<tensor<2x2x2x2x16xf8E5M2>>,
// CHECK-SAME: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>,
// CHECK-SAME: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>,
// CHECK-SAME: !tma.descriptor<tensor<256x64xf16>, swizzle = 128, l2_promotion = l2_256b, oob_fill = nan>)
func.func @types(
    %a: !tma.descriptor<tensor<128x64xf16>, swizzle = 0, interleave = none, l2_promotion = none, oob_fill = zero, fp4 = none>,
    %b: !tma.descriptor<tensor<64x32xf32>, swizzle = 128>,
    %c: !tma.descriptor<tensor<16x32xi8>, swizzle = 32>,
    %d: !tma.descriptor<tensor<8x32xbf16>, swizzle = 64>,
    %e: !tma.descriptor<tensor<4x8x64xf16>, interleave = i16b>,
    %f: !tma.descriptor<tensor<4x8x16xf16>, interleave = i32b, swizzle = 32>,
    %g: !tma.descriptor<tensor<8xi64>, l2_promotion = l2_64b>,
    %h: !tma.descriptor<tensor<8x8xi16>, l2_promotion = l2_128b>,
    %i: !tma.descriptor<tensor<4xi32>, l2_promotion = l2_256b>,
    %j: !tma.descriptor<tensor<2x2xf64>, oob_fill = nan>,
    %k: !tma.descriptor<tensor<64x128xf8E4M3FN>, swizzle = 128>,
    %l: !tma.descriptor<tensor<2x2x2x2x16xf8E5M2>>,
    %m: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>,
    %n: !tma.descriptor<tensor<64x128xf4E2M1FN>, fp4 = unpacked, swizzle = 128>,
    %o: !tma.descriptor<tensor<256x64xf16>, oob_fill = nan, l2_promotion = l2_256b, swizzle = 128>) {
  return
}

//===----------------------------------------------------------------------===//
// Host: descriptors from memrefs
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @host
func.func @host(%a: memref<1024x1024xf16>, %b: memref<?x?xf32>,
                %c: memref<64x100xf32, strided<[128, 1]>>,
                %d: memref<?x100xf32, strided<[?, 1], offset: ?>>,
                %e: memref<256x64xi8>, %f: memref<256x128xf4E2M1FN>,
                %g: memref<8x16x64xf16, strided<[2048, 128, 1], offset: 64>>) {
  // CHECK: tma.make_descriptor %{{.*}} : memref<1024x1024xf16> -> !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
  %0 = tma.make_descriptor %a : memref<1024x1024xf16> -> !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
  // CHECK: tma.make_descriptor %{{.*}} : memref<?x?xf32> -> !tma.descriptor<tensor<64x32xf32>, swizzle = 128>
  %1 = tma.make_descriptor %b : memref<?x?xf32> -> !tma.descriptor<tensor<64x32xf32>, swizzle = 128>
  // A map a kernel writes through; its rows are whole 16-byte units (here
  // dynamic: the runtime checks them).
  // CHECK: tma.make_descriptor %{{.*}} written : memref<?x?xf32> -> !tma.descriptor<tensor<64x32xf32>, swizzle = 128>
  %w = tma.make_descriptor %b written : memref<?x?xf32> -> !tma.descriptor<tensor<64x32xf32>, swizzle = 128>
  // CHECK: tma.make_descriptor %{{.*}} written : memref<1024x1024xf16> -> !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
  %w2 = tma.make_descriptor %a written : memref<1024x1024xf16> -> !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
  // A padded row stride (128 floats for 100 used) is a strided layout.
  // CHECK: tma.make_descriptor %{{.*}} : memref<64x100xf32, strided<[128, 1]>> -> !tma.descriptor<tensor<64x32xf32>>
  %2 = tma.make_descriptor %c : memref<64x100xf32, strided<[128, 1]>> -> !tma.descriptor<tensor<64x32xf32>>
  // CHECK: tma.make_descriptor %{{.*}} : memref<?x100xf32, strided<[?, 1], offset: ?>> -> !tma.descriptor<tensor<64x32xf32>>
  %3 = tma.make_descriptor %d : memref<?x100xf32, strided<[?, 1], offset: ?>> -> !tma.descriptor<tensor<64x32xf32>>
  // FP4 data from bytes (two values each) or from f4E2M1FN elements.
  // CHECK: tma.make_descriptor %{{.*}} : memref<256x64xi8> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>
  %4 = tma.make_descriptor %e : memref<256x64xi8> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>
  // CHECK: tma.make_descriptor %{{.*}} : memref<256x128xf4E2M1FN> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>
  %5 = tma.make_descriptor %f : memref<256x128xf4E2M1FN> -> !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>
  // CHECK: tma.make_descriptor %{{.*}} : memref<8x16x64xf16, strided<[2048, 128, 1], offset: 64>> -> !tma.descriptor<tensor<4x8x64xf16>, interleave = i16b>
  %6 = tma.make_descriptor %g : memref<8x16x64xf16, strided<[2048, 128, 1], offset: 64>> -> !tma.descriptor<tensor<4x8x64xf16>, interleave = i16b>
  return
}

//===----------------------------------------------------------------------===//
// Device: copies, bulk groups, prefetch
//===----------------------------------------------------------------------===//

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @loads
  // CHECK-SAME: (%[[D:[^:]*]]: !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b>, %[[BUF:[^:]*]]: !tile.smem<128x64xf16, #{{[a-z0-9_]+}}, mutable>, %[[BAR:[^:]*]]: !mbarrier.barrier, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32, %[[MASK:[^:]*]]: i16
  gpu.func @loads(%d: !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b>,
                  %buf: !tile.smem<128x64xf16, #nvmma128, mutable>,
                  %bar: !mbarrier.barrier, %x: i32, %y: i32, %mask: i16,
                  %ring: !tile.smem<2x128x64xf16, #nvmma128, mutable>,
                  %up: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>,
                  %upbuf: !tile.smem<64x128xf4E2M1FN, #fp4pad, mutable>,
                  %pk: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>,
                  %pkbuf: !tile.smem<64x128xf4E2M1FN, #fp4packed, mutable>,
                  %plain: !tma.descriptor<tensor<64x32xf32>>,
                  %plainbuf: !tile.smem<64x32xf32, mutable>,
                  %rowbuf: !tile.smem<64x32xf32, #rowmajor, mutable>,
                  %d3: !tma.descriptor<tensor<2x64x32xf32>>) kernel {
    // CHECK: tma.async_load %[[D]][%[[X]], %[[Y]]], %[[BUF]], %[[BAR]] : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b>, !tile.smem<128x64xf16, #{{[a-z0-9_]+}}, mutable>
    tma.async_load %d[%x, %y], %buf, %bar : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b>, !tile.smem<128x64xf16, #nvmma128, mutable>
    // CHECK: tma.async_load %[[D]][%[[X]], %[[Y]]], %[[BUF]], %[[BAR]] multicast %[[MASK]] :
    tma.async_load %d[%x, %y], %buf, %bar multicast %mask : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b>, !tile.smem<128x64xf16, #nvmma128, mutable>
    // CHECK: tma.async_load %[[D]][%[[X]], %[[Y]]], %[[BUF]], %[[BAR]] multicast %[[MASK]] scope = warp :
    tma.async_load %d[%x, %y], %buf, %bar multicast %mask scope = warp : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b>, !tile.smem<128x64xf16, #nvmma128, mutable>
    // CHECK: tma.async_load %[[D]][%[[X]], %[[Y]]], %[[BUF]], %[[BAR]] scope = thread :
    tma.async_load %d[%x, %y], %buf, %bar scope = thread : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b>, !tile.smem<128x64xf16, #nvmma128, mutable>
    // CHECK: tma.async_load %[[D]][%[[X]], %[[Y]]], %[[BUF]], %[[BAR]] scope = warpgroup :
    tma.async_load %d[%x, %y], %buf, %bar scope = warpgroup : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b>, !tile.smem<128x64xf16, #nvmma128, mutable>
    // The default scope is not printed.
    // CHECK: tma.async_load %[[D]][%[[X]], %[[Y]]], %[[BUF]], %[[BAR]] : !tma.descriptor
    tma.async_load %d[%x, %y], %buf, %bar scope = cta : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b>, !tile.smem<128x64xf16, #nvmma128, mutable>
    // A larger buffer with the same rows also holds the box.
    // CHECK: tma.async_load %[[D]][%[[X]], %[[Y]]], %{{.*}}, %[[BAR]] : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b>, !tile.smem<2x128x64xf16, #{{[a-z0-9_]+}}, mutable>
    tma.async_load %d[%x, %y], %ring, %bar : !tma.descriptor<tensor<128x64xf16>, swizzle = 128, l2_promotion = l2_128b>, !tile.smem<2x128x64xf16, #nvmma128, mutable>
    // CHECK: tma.async_load %{{.*}} : !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>, !tile.smem<64x128xf4E2M1FN, #{{[a-z0-9_]+}}, mutable>
    tma.async_load %up[%x, %y], %upbuf, %bar : !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 128, fp4 = unpacked>, !tile.smem<64x128xf4E2M1FN, #fp4pad, mutable>
    // CHECK: tma.async_load %{{.*}} : !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>, !tile.smem<64x128xf4E2M1FN, #{{[a-z0-9_]+}}, mutable>
    tma.async_load %pk[%x, %y], %pkbuf, %bar : !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>, !tile.smem<64x128xf4E2M1FN, #fp4packed, mutable>
    // CHECK: tma.async_load %{{.*}} : !tma.descriptor<tensor<64x32xf32>>, !tile.smem<64x32xf32, mutable>
    tma.async_load %plain[%x, %y], %plainbuf, %bar : !tma.descriptor<tensor<64x32xf32>>, !tile.smem<64x32xf32, mutable>
    // CHECK: tma.async_load %{{.*}} : !tma.descriptor<tensor<64x32xf32>>, !tile.smem<64x32xf32, #{{[a-z0-9_]+}}, mutable>
    tma.async_load %plain[%x, %y], %rowbuf, %bar : !tma.descriptor<tensor<64x32xf32>>, !tile.smem<64x32xf32, #rowmajor, mutable>
    // CHECK: tma.async_load %{{.*}}[%[[X]], %[[X]], %[[Y]]], %{{.*}} : !tma.descriptor<tensor<2x64x32xf32>>, !tile.smem<2x64x32xf32, mutable>
    %stages = tile.alloc_smem : !tile.smem<2x64x32xf32, mutable>
    tma.async_load %d3[%x, %x, %y], %stages, %bar : !tma.descriptor<tensor<2x64x32xf32>>, !tile.smem<2x64x32xf32, mutable>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @stores
  gpu.func @stores(%d: !tma.descriptor<tensor<128x64xf16>, swizzle = 128>,
                   %buf: !tile.smem<128x64xf16, #nvmma128>,
                   %acc: !tma.descriptor<tensor<64x32xf32>, swizzle = 128>,
                   %accbuf: !tile.smem<64x32xf32, #nvmmaf32>,
                   %i32d: !tma.descriptor<tensor<16x4xi32>>,
                   %i32buf: !tile.smem<16x4xi32>,
                   %pk: !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>,
                   %pkbuf: !tile.smem<64x128xf4E2M1FN, #fp4packed>,
                   %x: i32, %y: i32) kernel {
    // CHECK: tma.async_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : !tile.smem<128x64xf16, #{{[a-z0-9_]+}}>, !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    tma.async_store %buf, %d[%x, %y] : !tile.smem<128x64xf16, #nvmma128>, !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    // CHECK: tma.async_store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] scope = warp : !tile.smem<128x64xf16
    tma.async_store %buf, %d[%x, %y] scope = warp : !tile.smem<128x64xf16, #nvmma128>, !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    // CHECK: tma.async_store %{{.*}} : !tile.smem<64x128xf4E2M1FN, #{{[a-z0-9_]+}}>, !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>
    tma.async_store %pkbuf, %pk[%x, %y] : !tile.smem<64x128xf4E2M1FN, #fp4packed>, !tma.descriptor<tensor<64x128xf4E2M1FN>, swizzle = 64, fp4 = packed>
    // CHECK: tma.async_reduce add %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : !tile.smem<64x32xf32, #{{[a-z0-9_]+}}>, !tma.descriptor<tensor<64x32xf32>, swizzle = 128>
    tma.async_reduce add %accbuf, %acc[%x, %y] : !tile.smem<64x32xf32, #nvmmaf32>, !tma.descriptor<tensor<64x32xf32>, swizzle = 128>
    // CHECK: tma.async_reduce min %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] scope = thread : !tile.smem<16x4xi32>, !tma.descriptor<tensor<16x4xi32>>
    tma.async_reduce min %i32buf, %i32d[%x, %y] scope = thread : !tile.smem<16x4xi32>, !tma.descriptor<tensor<16x4xi32>>
    // CHECK: tma.async_reduce max %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : !tile.smem<128x64xf16
    tma.async_reduce max %buf, %d[%x, %y] : !tile.smem<128x64xf16, #nvmma128>, !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    // CHECK: tma.store_commit{{$}}
    tma.store_commit
    // CHECK: tma.store_wait pending = 0{{$}}
    tma.store_wait pending = 0
    // CHECK: tma.store_wait pending = 1 read_only{{$}}
    tma.store_wait pending = 1 read_only
    // CHECK: tma.prefetch_descriptor %{{.*}} : !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    tma.prefetch_descriptor %d : !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @bulk
  // CHECK-SAME: (%[[P:[^:]*]]: !tile.ptr<f32>, %[[BUF:[^:]*]]: !tile.smem<256xf32, mutable>, %[[BAR:[^:]*]]: !mbarrier.barrier, %[[O32:[^:]*]]: i32, %[[O64:[^:]*]]: i64
  gpu.func @bulk(%p: !tile.ptr<f32>, %buf: !tile.smem<256xf32, mutable>,
                 %bar: !mbarrier.barrier, %o32: i32, %o64: i64,
                 %tile: !tile.smem<64x32xf16, #tile.nvmma_shared<swizzle = 0, element_bits = 16>, mutable>,
                 %h: !tile.ptr<f16>) kernel {
    // CHECK: tma.bulk_load %[[P]][%[[O32]]], %[[BUF]], %[[BAR]] : !tile.ptr<f32>, i32, !tile.smem<256xf32, mutable>
    tma.bulk_load %p[%o32], %buf, %bar : !tile.ptr<f32>, i32, !tile.smem<256xf32, mutable>
    // CHECK: tma.bulk_load %[[P]][%[[O64]]], %[[BUF]], %[[BAR]] scope = warp : !tile.ptr<f32>, i64, !tile.smem<256xf32, mutable>
    tma.bulk_load %p[%o64], %buf, %bar scope = warp : !tile.ptr<f32>, i64, !tile.smem<256xf32, mutable>
    // CHECK: tma.bulk_load %{{.*}} : !tile.ptr<f16>, i32, !tile.smem<64x32xf16, #{{[a-z0-9_]+}}, mutable>
    %c64 = arith.constant 64 : i32
    tma.bulk_load %h[%c64], %tile, %bar : !tile.ptr<f16>, i32, !tile.smem<64x32xf16, #tile.nvmma_shared<swizzle = 0, element_bits = 16>, mutable>
    // CHECK: tma.bulk_store %[[BUF]], %[[P]][%[[O64]]] : !tile.smem<256xf32, mutable>, !tile.ptr<f32>, i64
    tma.bulk_store %buf, %p[%o64] : !tile.smem<256xf32, mutable>, !tile.ptr<f32>, i64
    // CHECK: tma.bulk_store %[[BUF]], %[[P]][%[[O32]]] scope = thread : !tile.smem<256xf32, mutable>, !tile.ptr<f32>, i32
    tma.bulk_store %buf, %p[%o32] scope = thread : !tile.smem<256xf32, mutable>, !tile.ptr<f32>, i32
    tma.store_commit
    tma.store_wait pending = 0 read_only
    gpu.return
  }

  // Tensor maps the kernel writes: a view's, FP4 over an i8 memref, and
  // one every thread writes (no predicate).
  // CHECK-LABEL: gpu.func @device_maps
  gpu.func @device_maps(%ws: !tile.ptr<i8>, %a: memref<?x?xf16>, %q: memref<?x?xi8>, %i: index, %leader: i1) kernel {
    %v = memref.subview %a[%i, 0] [64, 128] [1, 1] : memref<?x?xf16> to memref<64x128xf16, strided<[?, 1], offset: ?>>
    // CHECK: %[[D:.*]] = tma.create_descriptor %{{.*}}[%{{.*}}], %{{.*}} if %{{.*}} : !tile.ptr<i8>, memref<64x128xf16, strided<[?, 1], offset: ?>> -> !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
    %d = tma.create_descriptor %ws[%i], %v if %leader : !tile.ptr<i8>, memref<64x128xf16, strided<[?, 1], offset: ?>> -> !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
    // CHECK: tma.acquire_descriptor %[[D]] : !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
    tma.acquire_descriptor %d : !tma.descriptor<tensor<64x64xf16>, swizzle = 128>
    // CHECK: tma.create_descriptor %{{.*}}[%{{.*}}], %{{.*}} : !tile.ptr<i8>, memref<?x?xi8> -> !tma.descriptor<tensor<128x128xf4E2M1FN>, swizzle = 64, fp4 = packed>
    %f = tma.create_descriptor %ws[%i], %q : !tile.ptr<i8>, memref<?x?xi8> -> !tma.descriptor<tensor<128x128xf4E2M1FN>, swizzle = 64, fp4 = packed>
    gpu.return
  }
}

// Asynchronous copies write memory that nothing in the IR reads back: their
// memory effects keep canonicalization from deleting them as dead code.
// RUN: tile-opt %s --canonicalize | FileCheck %s --check-prefix=KEEP
// KEEP-LABEL: gpu.func @loads
// KEEP-COUNT-11: tma.async_load
// KEEP-LABEL: gpu.func @stores
// KEEP-COUNT-3: tma.async_store
// KEEP-COUNT-3: tma.async_reduce
// KEEP: tma.store_commit
// KEEP-COUNT-2: tma.store_wait
// KEEP: tma.prefetch_descriptor
// KEEP-LABEL: gpu.func @bulk
// KEEP-COUNT-3: tma.bulk_load
// KEEP-COUNT-2: tma.bulk_store
// KEEP: tma.store_commit
// KEEP: tma.store_wait
// KEEP-LABEL: gpu.func @device_maps
// KEEP: tma.create_descriptor
// KEEP: tma.acquire_descriptor
// KEEP: tma.create_descriptor
