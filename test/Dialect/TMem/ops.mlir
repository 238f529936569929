// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s
// RUN: tile-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// CHECK-DAG: #[[ACC:[a-z0-9_]+]] = #tmem.layout<block = [128, 128], col_stride = 1>
// CHECK-DAG: #[[ACC64:[a-z0-9_]+]] = #tmem.layout<block = [128, 64], col_stride = 1>
// CHECK-DAG: #[[ACC32:[a-z0-9_]+]] = #tmem.layout<block = [128, 32], col_stride = 1>
// CHECK-DAG: #[[M64:[a-z0-9_]+]] = #tmem.layout<block = [64, 64], col_stride = 1>
// CHECK-DAG: #[[UNPACKED:[a-z0-9_]+]] = #tmem.layout<block = [128, 64], col_stride = 2>
// CHECK-DAG: #[[BYTES:[a-z0-9_]+]] = #tmem.layout<block = [128, 256], col_stride = 4>
// CHECK-DAG: #[[N1:[a-z0-9_]+]] = #tmem.layout<block = [128, 1], col_stride = 1>
// CHECK-DAG: #[[BLOCKED:[a-z0-9_]+]] = #tile.blocked<sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
// CHECK-DAG: #[[SW128F32:[a-z0-9_]+]] = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
// CHECK-DAG: #[[SW64F32:[a-z0-9_]+]] = #tile.nvmma_shared<swizzle = 64, element_bits = 32>
// CHECK-DAG: #[[SW32F32:[a-z0-9_]+]] = #tile.nvmma_shared<swizzle = 32, element_bits = 32>
// CHECK-DAG: #[[SW128F16:[a-z0-9_]+]] = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
// CHECK-DAG: #[[SW128I8:[a-z0-9_]+]] = #tile.nvmma_shared<swizzle = 128, element_bits = 8>
// CHECK-DAG: #[[SW128I8T:[a-z0-9_]+]] = #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>
// CHECK-DAG: #[[SW64F8:[a-z0-9_]+]] = #tile.nvmma_shared<swizzle = 64, element_bits = 8>
// CHECK-DAG: #[[FP4:[a-z0-9_]+]] = #tile.nvmma_shared<swizzle = 64, element_bits = 4>
// CHECK-DAG: #[[FP4T:[a-z0-9_]+]] = #tile.nvmma_shared<swizzle = 64, element_bits = 4, transposed = true>
// CHECK-DAG: #[[FP4P:[a-z0-9_]+]] = #tile.nvmma_shared<swizzle = 128, element_bits = 4, fp4_padded = true>
// CHECK-DAG: #[[PLAIN8:[a-z0-9_]+]] = #tile.nvmma_shared<swizzle = 0, element_bits = 8>

#acc = #tmem.layout<block = [128, 128], col_stride = 1>
#acc64 = #tmem.layout<block = [128, 64], col_stride = 1>
#acc32 = #tmem.layout<block = [128, 32], col_stride = 1>
#m64 = #tmem.layout<block = [64, 64], col_stride = 1>
#unpacked = #tmem.layout<block = [128, 64], col_stride = 2>
#bytes = #tmem.layout<block = [128, 256], col_stride = 4>
#n1 = #tmem.layout<block = [128, 1], col_stride = 1>
#blocked = #tile.blocked<sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]>
#sw128f32 = #tile.nvmma_shared<swizzle = 128, element_bits = 32>
#sw64f32 = #tile.nvmma_shared<swizzle = 64, element_bits = 32>
#sw32f32 = #tile.nvmma_shared<swizzle = 32, element_bits = 32>
#sw128f16 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#sw128i8 = #tile.nvmma_shared<swizzle = 128, element_bits = 8>
#sw128i8t = #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>
#sw64f8 = #tile.nvmma_shared<swizzle = 64, element_bits = 8>
#fp4 = #tile.nvmma_shared<swizzle = 64, element_bits = 4>
#fp4t = #tile.nvmma_shared<swizzle = 64, element_bits = 4, transposed = true>
#fp4p = #tile.nvmma_shared<swizzle = 128, element_bits = 4, fp4_padded = true>
#plain8 = #tile.nvmma_shared<swizzle = 0, element_bits = 8>

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @alloc_and_views
  gpu.func @alloc_and_views(%i: index, %v: tensor<128x128xf32, #blocked>) kernel {
    // The seed's double-buffered accumulator: 2 x 128 columns.
    // CHECK: %[[RING:.*]] = tmem.alloc : !tmem.buffer<2x128x128xf32, #[[ACC]]>
    %ring = tmem.alloc : !tmem.buffer<2x128x128xf32, #acc>
    // CHECK: %[[STAGE:.*]] = tmem.index %[[RING]][%{{.*}}] : !tmem.buffer<2x128x128xf32, #[[ACC]]> -> !tmem.buffer<128x128xf32, #[[ACC]]>
    %stage = tmem.index %ring[%i] : !tmem.buffer<2x128x128xf32, #acc> -> !tmem.buffer<128x128xf32, #acc>
    // CHECK: tmem.subslice %[[STAGE]], column = 64 : !tmem.buffer<128x128xf32, #[[ACC]]> -> !tmem.buffer<128x64xf32, #[[ACC64]]>
    %half = tmem.subslice %stage, column = 64 : !tmem.buffer<128x128xf32, #acc> -> !tmem.buffer<128x64xf32, #acc64>
    // CHECK: tmem.subslice %[[STAGE]], column = 0 : !tmem.buffer<128x128xf32, #[[ACC]]> -> !tmem.buffer<128x32xf32, #[[ACC32]]>
    %quarter = tmem.subslice %stage, column = 0 : !tmem.buffer<128x128xf32, #acc> -> !tmem.buffer<128x32xf32, #acc32>
    // Without layouts (tile-legalize-layouts chooses them).
    // CHECK: tmem.subslice %{{.*}}, column = 32 : !tmem.buffer<128x128xf32> -> !tmem.buffer<128x64xf32>
    %free = tmem.alloc : !tmem.buffer<128x128xf32>
    %window = tmem.subslice %free, column = 32 : !tmem.buffer<128x128xf32> -> !tmem.buffer<128x64xf32>
    // An initialized buffer.
    // CHECK: %[[INIT:.*]] = tmem.alloc(%{{.*}} : tensor<128x128xf32, #[[BLOCKED]]>) : !tmem.buffer<128x128xf32, #[[ACC]]>
    %init = tmem.alloc(%v : tensor<128x128xf32, #blocked>) : !tmem.buffer<128x128xf32, #acc>
    // Element types and layouts: 64-row blocks, unpacked f16, one i8 a
    // column, blockN = 1, scale factors.
    // CHECK: tmem.alloc : !tmem.buffer<64x64xf16, #[[M64]]>
    %m64 = tmem.alloc : !tmem.buffer<64x64xf16, #m64>
    // CHECK: tmem.alloc : !tmem.buffer<128x64xbf16, #[[UNPACKED]]>
    %unpacked = tmem.alloc : !tmem.buffer<128x64xbf16, #unpacked>
    // CHECK: tmem.alloc : !tmem.buffer<128x256xi8, #[[BYTES]]>
    %bytes = tmem.alloc : !tmem.buffer<128x256xi8, #bytes>
    // CHECK: tmem.alloc : !tmem.buffer<128x8xi32, #[[N1]]>
    %n1 = tmem.alloc : !tmem.buffer<128x8xi32, #n1>
    // CHECK: tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    %scales = tmem.alloc : !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    // CHECK: tmem.alloc : !tmem.buffer<3x128x8xf8E4M3FN, #tmem.scales>
    %ue4m3 = tmem.alloc : !tmem.buffer<3x128x8xf8E4M3FN, #tmem.scales>
    // All 512 columns at once.
    // CHECK: tmem.alloc : !tmem.buffer<2x256x128xf32, #[[ACC]]>
    %full = tmem.alloc : !tmem.buffer<2x256x128xf32, #acc>
    // CHECK: tmem.dealloc %[[RING]] : !tmem.buffer<2x128x128xf32, #[[ACC]]>
    tmem.dealloc %ring : !tmem.buffer<2x128x128xf32, #acc>
    // CHECK: tmem.dealloc %[[INIT]] : !tmem.buffer<128x128xf32, #[[ACC]]>
    tmem.dealloc %init : !tmem.buffer<128x128xf32, #acc>
    // CHECK: tmem.relinquish
    tmem.relinquish
    gpu.return
  }

  // CHECK-LABEL: gpu.func @registers
  gpu.func @registers(%buf: !tmem.buffer<128x128xf32, #acc>) kernel {
    // CHECK: %[[V:.*]] = tmem.load %{{.*}} : !tmem.buffer<128x128xf32, #[[ACC]]> -> tensor<128x128xf32, #[[BLOCKED]]>
    %v = tmem.load %buf : !tmem.buffer<128x128xf32, #acc> -> tensor<128x128xf32, #blocked>
    // CHECK: tmem.wait load
    tmem.wait load
    // CHECK: tmem.store %[[V]], %{{.*}} : tensor<128x128xf32, #[[BLOCKED]]>, !tmem.buffer<128x128xf32, #[[ACC]]>
    tmem.store %v, %buf : tensor<128x128xf32, #blocked>, !tmem.buffer<128x128xf32, #acc>
    // A tile without a layout yet (tile-legalize-layouts assigns one).
    // CHECK: tmem.load %{{.*}} : !tmem.buffer<128x128xf32, #[[ACC]]> -> tensor<128x128xf32>
    %raw = tmem.load %buf : !tmem.buffer<128x128xf32, #acc> -> tensor<128x128xf32>
    // CHECK: tmem.wait store
    tmem.wait store
    // CHECK: tmem.fence before
    tmem.fence before
    // CHECK: tmem.fence after
    tmem.fence after
    gpu.return
  }

  // The valid tcgen05_copy configurations of the Gluon seed (32-bit
  // elements, swizzled NVMMA source, blockM 128; with M = 256 only
  // swizzle / blockN < 8).
  // CHECK-LABEL: gpu.func @copies
  gpu.func @copies(%s0: !tile.smem<128x64xf32, #sw128f32, mutable>,
                   %d0: !tmem.buffer<128x64xf32, #acc64>,
                   %s1: !tile.smem<256x128xf32, #sw64f32, mutable>,
                   %d1: !tmem.buffer<256x128xf32, #acc32>,
                   %s2: !tile.smem<128x16xf32, #sw32f32, mutable>,
                   %d2: !tmem.buffer<128x16xf32, #n1>,
                   %s3: !tile.smem<256x128xf32, #sw128f32, mutable>,
                   %d3: !tmem.buffer<256x128xf32, #acc32>,
                   %s4: !tile.smem<32x16xf8E8M0FNU, #plain8, mutable>,
                   %d4: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>,
                   %s5: !tile.smem<128x128xf32, mutable>,
                   %d5: !tmem.buffer<128x128xf32, #acc>,
                   %s6: !tile.smem<128x16xi8, mutable>,
                   %d6: !tmem.buffer<256x8xi8, #tmem.scales>) kernel {
    // M = 128, N = 64, blockN = 64, swizzle = 128.
    // CHECK: tmem.copy %{{.*}}, %{{.*}} : !tile.smem<128x64xf32, #[[SW128F32]], mutable>, !tmem.buffer<128x64xf32, #[[ACC64]]>
    tmem.copy %s0, %d0 : !tile.smem<128x64xf32, #sw128f32, mutable>, !tmem.buffer<128x64xf32, #acc64>
    // M = 256, N = 128, blockN = 32, swizzle = 64.
    // CHECK: tmem.copy %{{.*}}, %{{.*}} : !tile.smem<256x128xf32, #[[SW64F32]], mutable>, !tmem.buffer<256x128xf32, #[[ACC32]]>
    tmem.copy %s1, %d1 : !tile.smem<256x128xf32, #sw64f32, mutable>, !tmem.buffer<256x128xf32, #acc32>
    // M = 128 allows any blockN: blockN = 1, swizzle = 32.
    // CHECK: tmem.copy %{{.*}}, %{{.*}} : !tile.smem<128x16xf32, #[[SW32F32]], mutable>, !tmem.buffer<128x16xf32, #[[N1]]>
    tmem.copy %s2, %d2 : !tile.smem<128x16xf32, #sw32f32, mutable>, !tmem.buffer<128x16xf32, #n1>
    // M = 256, blockN = 32, swizzle = 128: 128 / 32 = 4 < 8.
    // CHECK: tmem.copy %{{.*}}, %{{.*}} : !tile.smem<256x128xf32, #[[SW128F32]], mutable>, !tmem.buffer<256x128xf32, #[[ACC32]]>
    tmem.copy %s3, %d3 : !tile.smem<256x128xf32, #sw128f32, mutable>, !tmem.buffer<256x128xf32, #acc32>
    // Scale factors for mma_scaled: 128 rows x 4 factors come from one
    // 512-byte scale-factor atom, a row-major 32x16 source.
    // CHECK: tmem.copy %{{.*}}, %{{.*}} : !tile.smem<32x16xf8E8M0FNU, #[[PLAIN8]], mutable>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    tmem.copy %s4, %d4 : !tile.smem<32x16xf8E8M0FNU, #plain8, mutable>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    // Sources without a layout yet are left to tile-legalize-layouts.
    // CHECK: tmem.copy %{{.*}}, %{{.*}} : !tile.smem<128x128xf32, mutable>, !tmem.buffer<128x128xf32, #[[ACC]]>
    tmem.copy %s5, %d5 : !tile.smem<128x128xf32, mutable>, !tmem.buffer<128x128xf32, #acc>
    // 256 rows x 8 factors: four atoms, 128 rows of 16 bytes.
    // CHECK: tmem.copy %{{.*}}, %{{.*}} : !tile.smem<128x16xi8, mutable>, !tmem.buffer<256x8xi8, #tmem.scales>
    tmem.copy %s6, %d6 : !tile.smem<128x16xi8, mutable>, !tmem.buffer<256x8xi8, #tmem.scales>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @mmas
  // CHECK-SAME: (%[[USE:[^:]*]]: i1, %[[PRED:[^:]*]]: i1
  gpu.func @mmas(%use: i1, %pred: i1,
                 %a: !tile.smem<128x64xf16, #sw128f16>,
                 %b: !tile.smem<64x128xf16, #sw128f16>,
                 %d: !tmem.buffer<128x128xf32, #acc>,
                 %a64: !tile.smem<64x64xf16, #sw128f16>,
                 %b64: !tile.smem<64x64xf16, #sw128f16>,
                 %d64: !tmem.buffer<64x64xf16, #m64>,
                 %ai8: !tile.smem<128x128xi8, #sw128i8>,
                 %bi8: !tile.smem<128x128xi8, #sw128i8t>,
                 %di32: !tmem.buffer<128x128xi32, #acc>,
                 %ae4: !tile.smem<128x128xf8E4M3FN, #sw128i8>,
                 %be5: !tile.smem<128x128xf8E5M2, #sw128i8t>,
                 %df16: !tmem.buffer<128x128xf16, #acc>,
                 %atf: !tile.smem<128x32xf32, #sw128f32>,
                 %btf: !tile.smem<32x128xf32, #sw128f32>,
                 %atmem: !tmem.buffer<128x64xbf16, #acc64>,
                 %bbf: !tile.smem<64x128xbf16, #sw128f16>) kernel {
    // f16 x f16 -> f32, A and B in shared memory.
    // CHECK: tmem.mma %{{.*}}, %{{.*}}, %{{.*}}, %[[USE]] : !tile.smem<128x64xf16, #[[SW128F16]]>, !tile.smem<64x128xf16, #[[SW128F16]]>, !tmem.buffer<128x128xf32, #[[ACC]]>
    tmem.mma %a, %b, %d, %use : !tile.smem<128x64xf16, #sw128f16>, !tile.smem<64x128xf16, #sw128f16>, !tmem.buffer<128x128xf32, #acc>
    // M = 64, f16 accumulator, predicated.
    // CHECK: tmem.mma %{{.*}}, %{{.*}}, %{{.*}}, %[[USE]], %[[PRED]] : !tile.smem<64x64xf16, #[[SW128F16]]>, !tile.smem<64x64xf16, #[[SW128F16]]>, !tmem.buffer<64x64xf16, #[[M64]]>
    tmem.mma %a64, %b64, %d64, %use, %pred : !tile.smem<64x64xf16, #sw128f16>, !tile.smem<64x64xf16, #sw128f16>, !tmem.buffer<64x64xf16, #m64>
    // i8 x i8 -> i32.
    // CHECK: tmem.mma %{{.*}}, %{{.*}}, %{{.*}}, %[[USE]] : !tile.smem<128x128xi8, #[[SW128I8]]>, !tile.smem<128x128xi8, #[[SW128I8T]]>, !tmem.buffer<128x128xi32, #[[ACC]]>
    tmem.mma %ai8, %bi8, %di32, %use : !tile.smem<128x128xi8, #sw128i8>, !tile.smem<128x128xi8, #sw128i8t>, !tmem.buffer<128x128xi32, #acc>
    // e4m3 x e5m2 -> f16.
    // CHECK: tmem.mma %{{.*}}, %{{.*}}, %{{.*}}, %[[USE]] : !tile.smem<128x128xf8E4M3FN, #[[SW128I8]]>, !tile.smem<128x128xf8E5M2, #[[SW128I8T]]>, !tmem.buffer<128x128xf16, #[[ACC]]>
    tmem.mma %ae4, %be5, %df16, %use : !tile.smem<128x128xf8E4M3FN, #sw128i8>, !tile.smem<128x128xf8E5M2, #sw128i8t>, !tmem.buffer<128x128xf16, #acc>
    // tf32: K = 32 is four instructions of K = 8.
    // CHECK: tmem.mma %{{.*}}, %{{.*}}, %{{.*}}, %[[USE]] : !tile.smem<128x32xf32, #[[SW128F32]]>, !tile.smem<32x128xf32, #[[SW128F32]]>, !tmem.buffer<128x128xf32, #[[ACC]]>
    tmem.mma %atf, %btf, %d, %use : !tile.smem<128x32xf32, #sw128f32>, !tile.smem<32x128xf32, #sw128f32>, !tmem.buffer<128x128xf32, #acc>
    // A in tensor memory (packed bf16).
    // CHECK: tmem.mma %{{.*}}, %{{.*}}, %{{.*}}, %[[USE]] : !tmem.buffer<128x64xbf16, #[[ACC64]]>, !tile.smem<64x128xbf16, #[[SW128F16]]>, !tmem.buffer<128x128xf32, #[[ACC]]>
    tmem.mma %atmem, %bbf, %d, %use : !tmem.buffer<128x64xbf16, #acc64>, !tile.smem<64x128xbf16, #sw128f16>, !tmem.buffer<128x128xf32, #acc>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @scaled_mmas
  gpu.func @scaled_mmas(%use: i1, %pred: i1,
                        %d: !tmem.buffer<128x128xf32, #acc>,
                        %a8: !tile.smem<128x64xf8E5M2, #sw64f8>,
                        %b8: !tile.smem<64x128xf8E4M3FN, #sw128i8>,
                        %as8: !tmem.buffer<128x2xi8, #tmem.scales>,
                        %bs8: !tmem.buffer<128x2xi8, #tmem.scales>,
                        %a4: !tile.smem<128x128xf4E2M1FN, #fp4>,
                        %b4: !tile.smem<128x128xf4E2M1FN, #fp4t>,
                        %as4: !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>,
                        %bs4: !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>,
                        %mxas4: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>,
                        %mxbs4: !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>,
                        %a4p: !tile.smem<128x128xf4E2M1FN, #fp4p>,
                        %b8t: !tile.smem<128x128xf8E4M3FN, #sw128i8t>) kernel {
    // MXFP8: one UE8M0 (here i8) factor per 32 elements of K.
    // CHECK: tmem.mma_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !tile.smem<128x64xf8E5M2, #[[SW64F8]]>, !tile.smem<64x128xf8E4M3FN, #[[SW128I8]]>, !tmem.buffer<128x128xf32, #[[ACC]]>, !tmem.buffer<128x2xi8, #tmem.scales>, !tmem.buffer<128x2xi8, #tmem.scales>
    tmem.mma_scaled %a8, %b8, %d, %as8, %bs8, %use : !tile.smem<128x64xf8E5M2, #sw64f8>, !tile.smem<64x128xf8E4M3FN, #sw128i8>, !tmem.buffer<128x128xf32, #acc>, !tmem.buffer<128x2xi8, #tmem.scales>, !tmem.buffer<128x2xi8, #tmem.scales>
    // NVFP4: one UE4M3 factor per 16 elements of K, predicated.
    // CHECK: tmem.mma_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !tile.smem<128x128xf4E2M1FN, #[[FP4]]>, !tile.smem<128x128xf4E2M1FN, #[[FP4T]]>, !tmem.buffer<128x128xf32, #[[ACC]]>, !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>, !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>
    tmem.mma_scaled %a4, %b4, %d, %as4, %bs4, %use, %pred : !tile.smem<128x128xf4E2M1FN, #fp4>, !tile.smem<128x128xf4E2M1FN, #fp4t>, !tmem.buffer<128x128xf32, #acc>, !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>, !tmem.buffer<128x8xf8E4M3FN, #tmem.scales>
    // MXFP4: UE8M0 factors per 32 elements of K.
    // CHECK: tmem.mma_scaled {{.*}} : !tile.smem<128x128xf4E2M1FN, #[[FP4]]>, !tile.smem<128x128xf4E2M1FN, #[[FP4T]]>, !tmem.buffer<128x128xf32, #[[ACC]]>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    tmem.mma_scaled %a4, %b4, %d, %mxas4, %mxbs4, %use : !tile.smem<128x128xf4E2M1FN, #fp4>, !tile.smem<128x128xf4E2M1FN, #fp4t>, !tmem.buffer<128x128xf32, #acc>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    // fp4 x fp8 (kind::mxf8f6f4): the fp4 operand is padded to a byte.
    // CHECK: tmem.mma_scaled {{.*}} : !tile.smem<128x128xf4E2M1FN, #[[FP4P]]>, !tile.smem<128x128xf8E4M3FN, #[[SW128I8T]]>, !tmem.buffer<128x128xf32, #[[ACC]]>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    tmem.mma_scaled %a4p, %b8t, %d, %mxas4, %mxbs4, %use : !tile.smem<128x128xf4E2M1FN, #fp4p>, !tile.smem<128x128xf8E4M3FN, #sw128i8t>, !tmem.buffer<128x128xf32, #acc>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>, !tmem.buffer<128x4xf8E8M0FNU, #tmem.scales>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @commits
  gpu.func @commits(%bar: !mbarrier.barrier, %mask: i16) kernel {
    // CHECK: tmem.commit %{{.*}}{{$}}
    tmem.commit %bar
    // CHECK: tmem.commit %{{.*}} multicast %{{.*}}{{$}}
    tmem.commit %bar multicast %mask
    gpu.return
  }

  // The MMA partition of the seed's matmul-accumulate kernel for one tile:
  // copy C into the accumulator, release C's buffer, accumulate A x B.
  // Nothing here has a use, and none of it may be removed.
  // CHECK-LABEL: gpu.func @matmul_accumulate
  // CANON-LABEL: gpu.func @matmul_accumulate
  gpu.func @matmul_accumulate(%i: index, %c_buf: !tile.smem<128x128xf32, #sw128f32>,
                              %a: !tile.smem<128x64xf16, #sw128f16>,
                              %b: !tile.smem<64x128xf16, #sw128f16>,
                              %c_empty: !mbarrier.barrier,
                              %load_empty: !mbarrier.barrier,
                              %acc_ready: !mbarrier.barrier) kernel {
    %true = arith.constant true
    %acc_bufs = tmem.alloc : !tmem.buffer<2x128x128xf32, #acc>
    %acc = tmem.index %acc_bufs[%i] : !tmem.buffer<2x128x128xf32, #acc> -> !tmem.buffer<128x128xf32, #acc>
    // CHECK: tmem.copy
    // CANON: tmem.copy
    tmem.copy %c_buf, %acc : !tile.smem<128x128xf32, #sw128f32>, !tmem.buffer<128x128xf32, #acc>
    // CHECK: tmem.commit
    // CANON-NEXT: tmem.commit
    tmem.commit %c_empty
    // CHECK: tmem.mma
    // CANON-NEXT: tmem.mma
    tmem.mma %a, %b, %acc, %true : !tile.smem<128x64xf16, #sw128f16>, !tile.smem<64x128xf16, #sw128f16>, !tmem.buffer<128x128xf32, #acc>
    // CHECK: tmem.commit
    // CANON-NEXT: tmem.commit
    tmem.commit %load_empty
    // CHECK: tmem.commit
    // CANON-NEXT: tmem.commit
    tmem.commit %acc_ready
    // CHECK: tmem.fence before
    // CANON-NEXT: tmem.fence before
    tmem.fence before
    // CHECK: tmem.wait load
    // CANON-NEXT: tmem.wait load
    tmem.wait load
    // CHECK: tmem.dealloc
    // CANON-NEXT: tmem.dealloc
    tmem.dealloc %acc_bufs : !tmem.buffer<2x128x128xf32, #acc>
    // CHECK: tmem.relinquish
    // CANON-NEXT: tmem.relinquish
    tmem.relinquish
    gpu.return
  }
}
