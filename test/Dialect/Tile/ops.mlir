// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// CHECK-DAG: #[[BLOCKED:.*]] = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
// CHECK-DAG: #[[NVMMA:.*]] = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
// CHECK-DAG: #[[NVMMA_T:.*]] = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
// CHECK-DAG: #[[FP4:.*]] = #tile.nvmma_shared<swizzle = 64, element_bits = 4, fp4_padded = true>
// CHECK-DAG: #[[ACC:.*]] = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
// CHECK-DAG: #[[DOTA:.*]] = #tile.dot_operand<opIdx = 0, parent = #[[ACC]], kWidth = 2>
// CHECK-DAG: #[[SWZ:.*]] = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
// CHECK-DAG: #[[LIN:.*]] = #tile.linear<register = {{\[\[}}0, 1], [0, 8], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], lane = {{\[\[}}0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = {{\[\[}}8, 0], [16, 0]], block = []>
// CHECK-DAG: #[[ROWS:.*]] = #tile.slice<dim = 1, parent = #[[BLOCKED]]>
// CHECK-DAG: #[[COLS:.*]] = #tile.slice<dim = 0, parent = #[[BLOCKED]]>
// CHECK-DAG: #[[TF32_T:.*]] = #tile.nvmma_shared<swizzle = 128, element_bits = 32, transposed = true>
// CHECK-DAG: #{{.*}} = #tile.slice<dim = 0, parent = #[[ROWS]]>

#blocked = #tile.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>
#rows = #tile.slice<dim = 1, parent = #blocked>
#cols = #tile.slice<dim = 0, parent = #blocked>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#dota = #tile.dot_operand<opIdx = 0, parent = #acc, kWidth = 2>
// A 128x128 tile has 16,384 elements: the bases must reach them all.
#lin = #tile.linear<register = [[0, 1], [0, 8], [0, 16], [0, 32], [0, 64], [32, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []>
#nvmma = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#nvmma_t = #tile.nvmma_shared<swizzle = 128, element_bits = 16, transposed = true>
#swz = #tile.swizzled_shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>
#fp4 = #tile.nvmma_shared<swizzle = 64, element_bits = 4, fp4_padded = true>

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @shared_memory
  // CHECK-SAME: tile.num_warps = 4
  gpu.func @shared_memory(%i: index) kernel attributes {tile.num_warps = 4 : i32} {
    // CHECK: %[[RING:.*]] = tile.alloc_smem : !tile.smem<3x128x64xf16, #[[NVMMA]], mutable>
    %ring = tile.alloc_smem : !tile.smem<3x128x64xf16, #nvmma, mutable>
    // CHECK: %[[STAGE:.*]] = tile.smem_index %[[RING]][%{{.*}}] : !tile.smem<3x128x64xf16, #[[NVMMA]], mutable> -> !tile.smem<128x64xf16, #[[NVMMA]], mutable>
    %stage = tile.smem_index %ring[%i] : !tile.smem<3x128x64xf16, #nvmma, mutable> -> !tile.smem<128x64xf16, #nvmma, mutable>
    // CHECK: tile.smem_subslice %[[STAGE]] [64, 0] : !tile.smem<128x64xf16, #[[NVMMA]], mutable> -> !tile.smem<64x64xf16, #[[NVMMA]], mutable>
    %half = tile.smem_subslice %stage[64, 0] : !tile.smem<128x64xf16, #nvmma, mutable> -> !tile.smem<64x64xf16, #nvmma, mutable>
    // CHECK: tile.smem_trans %[[STAGE]], order = [1, 0] : !tile.smem<128x64xf16, #[[NVMMA]], mutable> -> !tile.smem<64x128xf16, #[[NVMMA_T]], mutable>
    %t = tile.smem_trans %stage, order = [1, 0] : !tile.smem<128x64xf16, #nvmma, mutable> -> !tile.smem<64x128xf16, #nvmma_t, mutable>
    // CHECK: %[[V:.*]] = tile.smem_load %[[STAGE]] : !tile.smem<128x64xf16, #[[NVMMA]], mutable> -> tensor<128x64xf16, #[[BLOCKED]]>
    %v = tile.smem_load %stage : !tile.smem<128x64xf16, #nvmma, mutable> -> tensor<128x64xf16, #blocked>
    // CHECK: tile.smem_store %[[V]], %[[STAGE]] : tensor<128x64xf16, #[[BLOCKED]]>, !tile.smem<128x64xf16, #[[NVMMA]], mutable>
    tile.smem_store %v, %stage : tensor<128x64xf16, #blocked>, !tile.smem<128x64xf16, #nvmma, mutable>
    // An immutable buffer initialized from registers.
    // CHECK: tile.alloc_smem(%[[V]] : tensor<128x64xf16, #[[BLOCKED]]>) : !tile.smem<128x64xf16, #[[SWZ]]>
    %init = tile.alloc_smem(%v : tensor<128x64xf16, #blocked>) : !tile.smem<128x64xf16, #swz>
    // Plain (layout-less) buffers and 4-bit data kept one element a byte.
    // CHECK: tile.alloc_smem : !tile.smem<32xf32, mutable>
    %plain = tile.alloc_smem : !tile.smem<32xf32, mutable>
    // CHECK: tile.alloc_smem : !tile.smem<64x128xf4E2M1FN, #[[FP4]], mutable>
    %fp4 = tile.alloc_smem : !tile.smem<64x128xf4E2M1FN, #fp4, mutable>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @global_memory
  gpu.func @global_memory(%in: !tile.ptr<f16>, %out: !tile.ptr<f16>) kernel {
    // CHECK: %[[M:.*]] = tile.range 0 to 128 : tensor<128xi32, #[[ROWS]]>
    %m = tile.range 0 to 128 : tensor<128xi32, #rows>
    // A range may start below zero (the bounds are signed i32).
    // CHECK: tile.range -4 to 4 : tensor<8xi32>
    %neg = tile.range -4 to 4 : tensor<8xi32>
    // CHECK: %[[N:.*]] = tile.range 0 to 64 : tensor<64xi32, #[[COLS]]>
    %n = tile.range 0 to 64 : tensor<64xi32, #cols>
    // CHECK: tile.expand_dims %[[M]], axis = 1 : tensor<128xi32, #[[ROWS]]> -> tensor<128x1xi32, #[[BLOCKED]]>
    %m2 = tile.expand_dims %m, axis = 1 : tensor<128xi32, #rows> -> tensor<128x1xi32, #blocked>
    // CHECK: tile.expand_dims %[[N]], axis = 0 : tensor<64xi32, #[[COLS]]> -> tensor<1x64xi32, #[[BLOCKED]]>
    %n2 = tile.expand_dims %n, axis = 0 : tensor<64xi32, #cols> -> tensor<1x64xi32, #blocked>
    // CHECK: tile.broadcast %{{.*}} : tensor<128x1xi32, #[[BLOCKED]]> -> tensor<128x64xi32, #[[BLOCKED]]>
    %mb = tile.broadcast %m2 : tensor<128x1xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %nb = tile.broadcast %n2 : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %c64 = arith.constant 64 : i32
    // CHECK: tile.splat %{{.*}} : tensor<128x64xi32, #[[BLOCKED]]>
    %stride = tile.splat %c64 : tensor<128x64xi32, #blocked>
    %rowoff = arith.muli %mb, %stride : tensor<128x64xi32, #blocked>
    %offs = arith.addi %rowoff, %nb : tensor<128x64xi32, #blocked>
    %limit = tile.splat %c64 : tensor<128x64xi32, #blocked>
    %mask = arith.cmpi slt, %nb, %limit : tensor<128x64xi32, #blocked>
    %zero = arith.constant 0.0 : f16
    %other = tile.splat %zero : tensor<128x64xf16, #blocked>
    // CHECK: %[[X:.*]] = tile.load %{{.*}}[%{{.*}}] : !tile.ptr<f16>, tensor<128x64xi32, #[[BLOCKED]]> -> tensor<128x64xf16, #[[BLOCKED]]>
    %x = tile.load %in[%offs] : !tile.ptr<f16>, tensor<128x64xi32, #blocked> -> tensor<128x64xf16, #blocked>
    // CHECK: tile.load %{{.*}}[%{{.*}}] mask %{{.*}} other %{{.*}} : !tile.ptr<f16>, tensor<128x64xi32, #[[BLOCKED]]>, tensor<128x64xi1, #[[BLOCKED]]> -> tensor<128x64xf16, #[[BLOCKED]]>
    %y = tile.load %in[%offs] mask %mask other %other : !tile.ptr<f16>, tensor<128x64xi32, #blocked>, tensor<128x64xi1, #blocked> -> tensor<128x64xf16, #blocked>
    // CHECK: tile.store %{{.*}}[%{{.*}}], %[[X]] : !tile.ptr<f16>, tensor<128x64xi32, #[[BLOCKED]]>, tensor<128x64xf16, #[[BLOCKED]]>
    tile.store %out[%offs], %x : !tile.ptr<f16>, tensor<128x64xi32, #blocked>, tensor<128x64xf16, #blocked>
    // CHECK: tile.store %{{.*}}[%{{.*}}], %{{.*}} mask %{{.*}} : !tile.ptr<f16>, tensor<128x64xi32, #[[BLOCKED]]>, tensor<128x64xf16, #[[BLOCKED]]>, tensor<128x64xi1, #[[BLOCKED]]>
    tile.store %out[%offs], %y mask %mask : !tile.ptr<f16>, tensor<128x64xi32, #blocked>, tensor<128x64xf16, #blocked>, tensor<128x64xi1, #blocked>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @compute
  gpu.func @compute(%flag: i1) kernel attributes {tile.num_warps = 4 : i32} {
    %a = tile.alloc_smem : !tile.smem<128x64xf16, #nvmma, mutable>
    %b = tile.alloc_smem : !tile.smem<64x128xf16, #nvmma, mutable>
    %zero = arith.constant 0.0 : f32
    %acc = tile.splat %zero : tensor<128x128xf32, #acc>
    // CHECK: %[[D:.*]] = tile.dot %{{.*}}, %{{.*}}, %{{.*}} async : !tile.smem<128x64xf16, #[[NVMMA]], mutable>, !tile.smem<64x128xf16, #[[NVMMA]], mutable>, tensor<128x128xf32, #[[ACC]]> -> tensor<128x128xf32, #[[ACC]]>
    %d = tile.dot %a, %b, %acc async : !tile.smem<128x64xf16, #nvmma, mutable>, !tile.smem<64x128xf16, #nvmma, mutable>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
    // CHECK: %[[W:.*]] = tile.dot_wait %[[D]] {pending = 0 : i32} : tensor<128x128xf32, #[[ACC]]>
    %w = tile.dot_wait %d {pending = 0 : i32} : tensor<128x128xf32, #acc>
    // CHECK: tile.dot_wait {pending = 1 : i32}
    tile.dot_wait {pending = 1 : i32}
    // A from registers, and use_acc given at run time.
    %areg = tile.smem_load %a : !tile.smem<128x64xf16, #nvmma, mutable> -> tensor<128x64xf16, #dota>
    // CHECK: tile.dot %{{.*}}, %{{.*}}, %[[W]] use_acc %{{.*}} : tensor<128x64xf16, #[[DOTA]]>, !tile.smem<64x128xf16, #[[NVMMA]], mutable>, tensor<128x128xf32, #[[ACC]]> -> tensor<128x128xf32, #[[ACC]]>
    %e = tile.dot %areg, %b, %w use_acc %flag : tensor<128x64xf16, #dota>, !tile.smem<64x128xf16, #nvmma, mutable>, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
    // CHECK: %[[C:.*]] = tile.convert_layout %{{.*}} : tensor<128x128xf32, #[[ACC]]> -> tensor<128x128xf32, #[[BLOCKED]]>
    %c = tile.convert_layout %e : tensor<128x128xf32, #acc> -> tensor<128x128xf32, #blocked>
    // CHECK: tile.convert_layout %[[C]] : tensor<128x128xf32, #[[BLOCKED]]> -> tensor<128x128xf32, #[[LIN]]>
    %l = tile.convert_layout %c : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #lin>
    // The named barrier of a warp-specialized region (tile-lower-warp-specialize).
    // CHECK: tile.convert_layout %[[C]] {tile.sync_group = array<i32: 1, 128>} : tensor<128x128xf32, #[[BLOCKED]]> -> tensor<128x128xf32, #[[LIN]]>
    %sync = tile.convert_layout %c {tile.sync_group = array<i32: 1, 128>} : tensor<128x128xf32, #blocked> -> tensor<128x128xf32, #lin>
    // CHECK: tile.reduce add %[[C]], axis = 1 : tensor<128x128xf32, #[[BLOCKED]]> -> tensor<128xf32, #[[ROWS]]>
    %sum = tile.reduce add %c, axis = 1 : tensor<128x128xf32, #blocked> -> tensor<128xf32, #rows>
    // CHECK: tile.reduce max %[[C]], axis = 0 : tensor<128x128xf32, #[[BLOCKED]]> -> tensor<128xf32, #[[COLS]]>
    %max = tile.reduce max %c, axis = 0 : tensor<128x128xf32, #blocked> -> tensor<128xf32, #cols>
    %ints = tile.range 0 to 128 : tensor<128xi32, #rows>
    // CHECK: tile.reduce xor %{{.*}}, axis = 0 : tensor<128xi32, #[[ROWS]]> -> tensor<i32, #[[SCALAR:.*]]>
    %x = tile.reduce xor %ints, axis = 0 : tensor<128xi32, #rows> -> tensor<i32, #tile.slice<dim = 0, parent = #rows>>
    gpu.return
  }

  // Tensor-core operand types other than f16: bf16, tf32 (K-major B), fp8
  // (K-major), i8, and an f16 accumulator.
  // CHECK-LABEL: gpu.func @dot_types
  gpu.func @dot_types() kernel {
    %bf_a = tile.alloc_smem : !tile.smem<64x64xbf16, #nvmma, mutable>
    %bf_b = tile.alloc_smem : !tile.smem<64x64xbf16, #nvmma, mutable>
    %z32 = arith.constant 0.0 : f32
    %acc = tile.splat %z32 : tensor<64x64xf32>
    // CHECK: tile.dot {{.*}} : !tile.smem<64x64xbf16, #[[NVMMA]], mutable>, !tile.smem<64x64xbf16, #[[NVMMA]], mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    %0 = tile.dot %bf_a, %bf_b, %acc : !tile.smem<64x64xbf16, #nvmma, mutable>, !tile.smem<64x64xbf16, #nvmma, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    %tf_a = tile.alloc_smem : !tile.smem<64x32xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>, mutable>
    %tf_b = tile.alloc_smem : !tile.smem<32x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32, transposed = true>, mutable>
    // CHECK: tile.dot {{.*}} : !tile.smem<64x32xf32, #{{.*}}, mutable>, !tile.smem<32x64xf32, #[[TF32_T]], mutable>
    %1 = tile.dot %tf_a, %tf_b, %acc : !tile.smem<64x32xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32>, mutable>, !tile.smem<32x64xf32, #tile.nvmma_shared<swizzle = 128, element_bits = 32, transposed = true>, mutable>, tensor<64x64xf32> -> tensor<64x64xf32>
    %f8_a = tile.alloc_smem : !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable>
    %f8_b = tile.alloc_smem : !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>, mutable>
    %z16 = arith.constant 0.0 : f16
    %acc16 = tile.splat %z16 : tensor<64x64xf16>
    // CHECK: tile.dot {{.*}} : !tile.smem<64x128xf8E4M3FN, {{.*}}>, !tile.smem<128x64xf8E4M3FN, {{.*}}>, tensor<64x64xf16> -> tensor<64x64xf16>
    %2 = tile.dot %f8_a, %f8_b, %acc16 : !tile.smem<64x128xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8>, mutable>, !tile.smem<128x64xf8E4M3FN, #tile.nvmma_shared<swizzle = 128, element_bits = 8, transposed = true>, mutable>, tensor<64x64xf16> -> tensor<64x64xf16>
    %i8_a = tile.alloc_smem : !tile.smem<64x32xi8, mutable>
    %i8_b = tile.alloc_smem : !tile.smem<32x64xi8, mutable>
    %zi = arith.constant 0 : i32
    %acci = tile.splat %zi : tensor<64x64xi32>
    // CHECK: tile.dot {{.*}} : !tile.smem<64x32xi8, mutable>, !tile.smem<32x64xi8, mutable>, tensor<64x64xi32> -> tensor<64x64xi32>
    %3 = tile.dot %i8_a, %i8_b, %acci : !tile.smem<64x32xi8, mutable>, !tile.smem<32x64xi8, mutable>, tensor<64x64xi32> -> tensor<64x64xi32>
    gpu.return
  }

  // Scalar element access, as used by leader threads.
  // CHECK-LABEL: gpu.func @scalar_access
  gpu.func @scalar_access(%p: !tile.ptr<f32>, %i: i64, %j: i32, %flag: i1) kernel {
    %c1 = arith.constant 1 : index
    %buf = tile.alloc_smem : !tile.smem<8x1024xf32, mutable>
    // CHECK: %[[X:.*]] = tile.load %{{.*}}[%{{.*}}] : !tile.ptr<f32>, i64 -> f32
    %x = tile.load %p[%i] : !tile.ptr<f32>, i64 -> f32
    // CHECK: tile.load %{{.*}}[%{{.*}}] mask %{{.*}} other %[[X]] : !tile.ptr<f32>, i32, i1 -> f32
    %y = tile.load %p[%j] mask %flag other %x : !tile.ptr<f32>, i32, i1 -> f32
    // CHECK: tile.smem_store %[[X]], %{{.*}}[%{{.*}}, %{{.*}}] : f32, !tile.smem<8x1024xf32, mutable>
    tile.smem_store %x, %buf[%c1, %c1] : f32, !tile.smem<8x1024xf32, mutable>
    // CHECK: %[[Z:.*]] = tile.smem_load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.smem<8x1024xf32, mutable> -> f32
    %z = tile.smem_load %buf[%c1, %c1] : !tile.smem<8x1024xf32, mutable> -> f32
    // CHECK: tile.store %{{.*}}[%{{.*}}], %[[Z]] mask %{{.*}} : !tile.ptr<f32>, i64, f32, i1
    tile.store %p[%i], %z mask %flag : !tile.ptr<f32>, i64, f32, i1
    gpu.return
  }

  // A table of pointers: a pointer read on the device (bound in the
  // kernel, as the TileLang seed's T.make_tensor(src_ptrs[0], ...)), and
  // one written.
  // CHECK-LABEL: gpu.func @pointer_table
  // CHECK-SAME: !tile.ptr<!tile.ptr<f16>>
  gpu.func @pointer_table(%table: !tile.ptr<!tile.ptr<f16>>, %i: i64) kernel {
    // CHECK: %[[P:.*]] = tile.load %{{.*}}[%{{.*}}] : !tile.ptr<!tile.ptr<f16>>, i64 -> !tile.ptr<f16>
    %p = tile.load %table[%i] : !tile.ptr<!tile.ptr<f16>>, i64 -> !tile.ptr<f16>
    // CHECK: tile.store %{{.*}}[%{{.*}}], %[[P]] : !tile.ptr<!tile.ptr<f16>>, i64, !tile.ptr<f16>
    tile.store %table[%i], %p : !tile.ptr<!tile.ptr<f16>>, i64, !tile.ptr<f16>
    gpu.return
  }

  // Layouts written on part of an op's tiles: the rest is
  // tile-legalize-layouts' to choose, so the op relates only those written.
  // CHECK-LABEL: gpu.func @partial_layouts
  gpu.func @partial_layouts(%p: !tile.ptr<f32>, %o: tensor<128x64xi32>, %r: tensor<128xf32, #rows>, %x: tensor<128x64xf32, #blocked>) kernel attributes {tile.num_warps = 4 : i32} {
    // CHECK: tile.load %{{.*}} : !tile.ptr<f32>, tensor<128x64xi32> -> tensor<128x64xf32, #[[BLOCKED]]>
    %v = tile.load %p[%o] : !tile.ptr<f32>, tensor<128x64xi32> -> tensor<128x64xf32, #blocked>
    // CHECK: tile.store %{{.*}} : !tile.ptr<f32>, tensor<128x64xi32>, tensor<128x64xf32, #[[BLOCKED]]>
    tile.store %p[%o], %v : !tile.ptr<f32>, tensor<128x64xi32>, tensor<128x64xf32, #blocked>
    // CHECK: tile.expand_dims %{{.*}} : tensor<128xf32, #[[ROWS]]> -> tensor<128x1xf32>
    %e = tile.expand_dims %r, axis = 1 : tensor<128xf32, #rows> -> tensor<128x1xf32>
    // CHECK: tile.broadcast %{{.*}} : tensor<128x1xf32> -> tensor<128x64xf32, #[[BLOCKED]]>
    %b = tile.broadcast %e : tensor<128x1xf32> -> tensor<128x64xf32, #blocked>
    // CHECK: tile.reduce add %{{.*}} : tensor<128x64xf32, #[[BLOCKED]]> -> tensor<128xf32>
    %s = tile.reduce add %x, axis = 1 : tensor<128x64xf32, #blocked> -> tensor<128xf32>
    gpu.return
  }

  // CHECK-LABEL: gpu.func @control
  // CHECK-SAME: tile.dependent_launch
  gpu.func @control(%n: index) kernel attributes {tile.dependent_launch, tile.num_warps = 4 : i32} {
    // CHECK: tile.program_id x
    %pid = tile.program_id x
    // CHECK: tile.program_id z
    %pidz = tile.program_id z
    // CHECK: tile.num_programs y
    %np = tile.num_programs y
    // CHECK: tile.thread_id
    %tid = tile.thread_id
    // CHECK: tile.warp_id
    %wid = tile.warp_id
    // CHECK: tile.elect warp
    %e0 = tile.elect warp
    // CHECK: tile.elect warpgroup
    %e1 = tile.elect warpgroup
    // CHECK: tile.elect cta
    %e2 = tile.elect cta
    // CHECK: tile.fence_async_shared
    tile.fence_async_shared
    // The CTA scope is the default and is not printed.
    // CHECK: tile.barrier{{$}}
    tile.barrier
    // CHECK-NEXT: tile.barrier{{$}}
    tile.barrier cta
    // CHECK-NEXT: tile.barrier warpgroup
    tile.barrier warpgroup
    // CHECK: tile.grid_dependency_wait
    tile.grid_dependency_wait
    // CHECK: tile.launch_dependents
    tile.launch_dependents
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // CHECK: scf.for
    // CHECK: tile.num_stages = 3
    scf.for %k = %c0 to %n step %c1 {
      scf.yield
    } {tile.num_stages = 3 : i32}
    gpu.return
  }

  // CHECK-LABEL: gpu.func @warp_specialized
  gpu.func @warp_specialized(%x: i32) kernel attributes {tile.num_warps = 4 : i32} {
    %buf = tile.alloc_smem : !tile.smem<2x128x64xf16, #nvmma, mutable>
    // CHECK: %{{.*}} = tile.warp_specialize(%{{.*}}, %{{.*}})
    // CHECK-NEXT: default num_regs(232) {
    // CHECK: tile.warp_yield %{{.*}} : i32
    // CHECK: partition0(%{{.*}}: !tile.smem<2x128x64xf16, #[[NVMMA]], mutable>, %{{.*}}: i32) num_warps(1) num_regs(40) {
    // CHECK: tile.warp_return
    // CHECK: partition1(%{{.*}}: !tile.smem<2x128x64xf16, #[[NVMMA]], mutable>, %{{.*}}: i32) num_warps(4) num_regs(232) {
    // CHECK: } : (!tile.smem<2x128x64xf16, #[[NVMMA]], mutable>, i32) -> i32
    %r = tile.warp_specialize(%buf, %x) default num_regs(232) {
      %y = arith.addi %x, %x : i32
      tile.warp_yield %y : i32
    }
    partition0(%b0: !tile.smem<2x128x64xf16, #nvmma, mutable>, %x0: i32) num_warps(1) num_regs(40) {
      %z = arith.addi %x0, %x0 : i32
      tile.warp_return
    }
    partition1(%b1: !tile.smem<2x128x64xf16, #nvmma, mutable>, %x1: i32) num_warps(4) num_regs(232) {
      tile.warp_return
    } : (!tile.smem<2x128x64xf16, #nvmma, mutable>, i32) -> i32
    // Without register budgets.
    // CHECK: tile.warp_specialize()
    // CHECK-NEXT: default {
    // CHECK: partition0() num_warps(2) {
    // CHECK: } : () -> ()
    tile.warp_specialize() default {
      tile.warp_yield
    }
    partition0() num_warps(2) {
      tile.warp_return
    } : () -> ()
    gpu.return
  }
}

// CHECK-LABEL: func.func @host
func.func @host(%m: memref<1024x1024xf16>) -> !tile.ptr<f16> {
  // CHECK: tile.ptr_from_memref %{{.*}} : memref<1024x1024xf16> -> !tile.ptr<f16>
  %p = tile.ptr_from_memref %m : memref<1024x1024xf16> -> !tile.ptr<f16>
  // CHECK: tile.ptr_from_memref %{{.*}} : memref<1024x1024xf16> -> !llvm.ptr
  %raw = tile.ptr_from_memref %m : memref<1024x1024xf16> -> !llvm.ptr
  return %p : !tile.ptr<f16>
}

// CHECK-LABEL: func.func @dtype_codes
// CHECK: tile.dtype_code f16 : i32
// CHECK: tile.dtype_code bf16 : i32
// CHECK: tile.dtype_code f8E4M3FN : i32
// CHECK: tile.dtype_code f4E2M1FN : i32
// CHECK: tile.dtype_code i64 : i32
func.func @dtype_codes() -> (i32, i32, i32, i32, i32) {
  %a = tile.dtype_code f16 : i32
  %b = tile.dtype_code bf16 : i32
  %c = tile.dtype_code f8E4M3FN : i32
  %d = tile.dtype_code f4E2M1FN : i32
  %e = tile.dtype_code i64 : i32
  return %a, %b, %c, %d, %e : i32, i32, i32, i32, i32
}

// Loads, stores and copies carry memory effects: canonicalization removes
// the pure ops whose results are unused but keeps every memory access.
// RUN: tile-opt %s --canonicalize | FileCheck %s --check-prefix=DCE
// DCE-LABEL: gpu.func @shared_memory
// DCE-NOT: tile.smem_subslice
// DCE-NOT: tile.smem_trans
// DCE: tile.smem_store
// DCE-LABEL: gpu.func @global_memory
// DCE-COUNT-2: tile.store
// DCE-LABEL: gpu.func @compute
// DCE: tile.dot {{.*}} async
// DCE-NEXT: tile.dot_wait %{{.*}} {pending = 0 : i32}
// DCE-NEXT: tile.dot_wait {pending = 1 : i32}
// DCE-NEXT: gpu.return
