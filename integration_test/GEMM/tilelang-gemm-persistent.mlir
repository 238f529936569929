// The TileLang seed GEMM (f16, single-buffered, one barrier per operand)
// made persistent: a fixed grid of G CTAs, each looping over output tiles
// t = bid, bid + G, ... < num_tiles with an outer scf.for, the K loop inside
// marked tile.num_stages = 3 (s3) and 2 (s2) and pipelined by tile-pipeline,
// which carries the count of pipelined K iterations across the tiles so the
// ring slots and barrier phases go on from one tile to the next. Each tile's
// epilogue is the seed's (TMA store + store_wait), followed by a tile.barrier
// before the next tile writes the epilogue buffer again. Checked against
// cuBLAS's f32 result. G = 7 on 64 tiles (1024^3, 1000^3: CTAs get 9 or 10
// tiles); 256x384x96 has 6 tiles of 3 K steps each (a trip count that is not
// a multiple of 2 or 3, so the phases straddle tiles) at G = 7 (one CTA
// idle), 4, 2 and 1 (one CTA does all 18 K steps); 384x256x40 has 2 K steps.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s
// CHECK: f16 s3 g7: rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s3 g7 {{.*}}x{{ *}}1024  tilemlir
// CHECK: f16 s3 g7: rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s3 g7 {{.*}}x{{ *}}1000  tilemlir
// CHECK: f16 s3 g7: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s3 g7 {{.*}}x{{ *}}96  tilemlir
// CHECK: f16 s3 g4: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s3 g4 {{.*}}x{{ *}}96  tilemlir
// CHECK: f16 s3 g2: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s3 g2 {{.*}}x{{ *}}96  tilemlir
// CHECK: f16 s3 g1: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s3 g1 {{.*}}x{{ *}}96  tilemlir
// CHECK: f16 s3 g3: rows=384 cols=256 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s3 g3 {{.*}}x{{ *}}40  tilemlir
// CHECK: f16 s2 g7: rows=1024 cols=1024 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s2 g7 {{.*}}x{{ *}}1024  tilemlir
// CHECK: f16 s2 g7: rows=1000 cols=1000 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s2 g7 {{.*}}x{{ *}}1000  tilemlir
// CHECK: f16 s2 g7: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s2 g7 {{.*}}x{{ *}}96  tilemlir
// CHECK: f16 s2 g4: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s2 g4 {{.*}}x{{ *}}96  tilemlir
// CHECK: f16 s2 g2: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s2 g2 {{.*}}x{{ *}}96  tilemlir
// CHECK: f16 s2 g1: rows=256 cols=384 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s2 g1 {{.*}}x{{ *}}96  tilemlir
// CHECK: f16 s2 g3: rows=384 cols=256 rel_err={{[0-9.e+-]+}} {{.*}} nonfinite=0 -> PASS
// CHECK: f16 s2 g3 {{.*}}x{{ *}}40  tilemlir
// CHECK-NOT: FAIL

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
!descA_f16 = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB_f16 = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!descC_f16 = !tma.descriptor<tensor<128x64xf16>, swizzle = 128>
!smemA_f16 = !tile.smem<128x32xf16, #nvmma64, mutable>
!smemB_f16 = !tile.smem<32x128xf16, #nvmma128, mutable>
!halfB_f16 = !tile.smem<32x64xf16, #nvmma128, mutable>
!smemC_f16 = !tile.smem<128x128xf16, #nvmma128, mutable>
!halfC_f16 = !tile.smem<128x64xf16, #nvmma128, mutable>


module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80", O = 3>] {
    gpu.func @gemm_f16_s3(%descA: !descA_f16, %descB: !descB_f16, %descC: !descC_f16, %K: i32,
        %tiles_n: i32, %num_tiles: i32, %grid: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c31_i32 = arith.constant 31 : i32
      %c32_i32 = arith.constant 32 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %k_padded = arith.addi %K, %c31_i32 : i32
      %k_tiles_i32 = arith.divui %k_padded, %c32_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %first = arith.index_cast %bid : i32 to index
      %last = arith.index_cast %num_tiles : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %a_shared = tile.alloc_smem : !smemA_f16
      %b_shared = tile.alloc_smem : !smemB_f16
      %b_lo = tile.smem_subslice %b_shared[0, 0] : !smemB_f16 -> !halfB_f16
      %b_hi = tile.smem_subslice %b_shared[0, 64] : !smemB_f16 -> !halfB_f16
      %c_shared = tile.alloc_smem : !smemC_f16
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc>
      scf.for %t = %first to %last step %stride {
        %t_i32 = arith.index_cast %t : index to i32
        %tile_m = arith.divui %t_i32, %tiles_n : i32
        %tile_n = arith.remui %t_i32, %tiles_n : i32
        %off_m = arith.muli %tile_m, %c128_i32 : i32
        %off_n = arith.muli %tile_n, %c128_i32 : i32
        %off_n_hi = arith.addi %off_n, %c64_i32 : i32
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c32_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 8192 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA_f16, !smemA_f16
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 8192 if %leader
          tma.async_load %descB[%off_k, %off_n], %b_lo, %mbar_b : !descB_f16, !halfB_f16
          tma.async_load %descB[%off_k, %off_n_hi], %b_hi, %mbar_b : !descB_f16, !halfB_f16
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !smemA_f16, !smemB_f16, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc>
        } {tile.num_stages = 3 : i32}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc> to tensor<128x128xf16, #acc>
        tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc>, !smemC_f16
        tile.fence_async_shared
        tile.barrier
        %c_lo = tile.smem_subslice %c_shared[0, 0] : !smemC_f16 -> !halfC_f16
        %c_hi = tile.smem_subslice %c_shared[0, 64] : !smemC_f16 -> !halfC_f16
        tma.async_store %c_lo, %descC[%off_m, %off_n] : !halfC_f16, !descC_f16
        tma.async_store %c_hi, %descC[%off_m, %off_n_hi] : !halfC_f16, !descC_f16
        tma.store_commit
        tma.store_wait pending = 0
        // The next tile writes c_shared again: only once the store read it.
        tile.barrier
      }
      gpu.return
    }

    gpu.func @gemm_f16_s2(%descA: !descA_f16, %descB: !descB_f16, %descC: !descC_f16, %K: i32,
        %tiles_n: i32, %num_tiles: i32, %grid: i32) kernel
        attributes {tile.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c31_i32 = arith.constant 31 : i32
      %c32_i32 = arith.constant 32 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %k_padded = arith.addi %K, %c31_i32 : i32
      %k_tiles_i32 = arith.divui %k_padded, %c32_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %bid = tile.program_id x
      %first = arith.index_cast %bid : i32 to index
      %last = arith.index_cast %num_tiles : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      %a_shared = tile.alloc_smem : !smemA_f16
      %b_shared = tile.alloc_smem : !smemB_f16
      %b_lo = tile.smem_subslice %b_shared[0, 0] : !smemB_f16 -> !halfB_f16
      %b_hi = tile.smem_subslice %b_shared[0, 64] : !smemB_f16 -> !halfB_f16
      %c_shared = tile.alloc_smem : !smemC_f16
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc>
      scf.for %t = %first to %last step %stride {
        %t_i32 = arith.index_cast %t : index to i32
        %tile_m = arith.divui %t_i32, %tiles_n : i32
        %tile_n = arith.remui %t_i32, %tiles_n : i32
        %off_m = arith.muli %tile_m, %c128_i32 : i32
        %off_n = arith.muli %tile_n, %c128_i32 : i32
        %off_n_hi = arith.addi %off_n, %c64_i32 : i32
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc>) {
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %c32_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = 8192 if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA_f16, !smemA_f16
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = 8192 if %leader
          tma.async_load %descB[%off_k, %off_n], %b_lo, %mbar_b : !descB_f16, !halfB_f16
          tma.async_load %descB[%off_k, %off_n_hi], %b_hi, %mbar_b : !descB_f16, !halfB_f16
          mbarrier.arrive %mbar_b
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %d = tile.dot %a_shared, %b_shared, %c_local : !smemA_f16, !smemB_f16, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
          tile.barrier
          scf.yield %d : tensor<128x128xf32, #acc>
        } {tile.num_stages = 2 : i32}
        %c_out = arith.truncf %acc : tensor<128x128xf32, #acc> to tensor<128x128xf16, #acc>
        tile.smem_store %c_out, %c_shared : tensor<128x128xf16, #acc>, !smemC_f16
        tile.fence_async_shared
        tile.barrier
        %c_lo = tile.smem_subslice %c_shared[0, 0] : !smemC_f16 -> !halfC_f16
        %c_hi = tile.smem_subslice %c_shared[0, 64] : !smemC_f16 -> !halfC_f16
        tma.async_store %c_lo, %descC[%off_m, %off_n] : !halfC_f16, !descC_f16
        tma.async_store %c_hi, %descC[%off_m, %off_n_hi] : !halfC_f16, !descC_f16
        tma.store_commit
        tma.store_wait pending = 0
        // The next tile writes c_shared again: only once the store read it.
        tile.barrier
      }
      gpu.return
    }

  }

  llvm.mlir.global internal constant @name_s3_g1("f16 s3 g1\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_s3_g2("f16 s3 g2\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_s3_g3("f16 s3 g3\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_s3_g4("f16 s3 g4\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_s3_g7("f16 s3 g7\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_s2_g1("f16 s2 g1\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_s2_g2("f16 s2 g2\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_s2_g3("f16 s2 g3\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_s2_g4("f16 s2 g4\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @name_s2_g7("f16 s2 g7\00") {addr_space = 0 : i32}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
  llvm.func @tileRtTimerStart() -> !llvm.ptr
  llvm.func @tileRtTimerStopMs(!llvm.ptr) -> f64
  llvm.func @tileRtMedian(!llvm.ptr, i32) -> f64
  llvm.func @tileRtCublasGemmTimeMs(i64, i64, i64, i32, i32) -> f64
  llvm.func @tileRtReportGemm(!llvm.ptr, i64, i64, i64, f64, f64)
  // Quick runs (TILE_TIMING=0, TILE_MAX_PROBLEM) skip the timing and large problems.
  llvm.func @tileRtTimingEnabled() -> i32
  llvm.func @tileRtProblemEnabled(!llvm.ptr, i64, i64, i64) -> i32


  // Launches gemm_f16_s3 on memrefs A[M, K], B[K, N], C[M, N] with a grid
  // of G CTAs.
  func.func @launch_f16_s3(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>,
                        %m: index, %n: index, %k: index, %g: index) {
    %c1 = arith.constant 1 : index
    %c127 = arith.constant 127 : index
    %c128 = arith.constant 128 : index
    %da = tma.make_descriptor %a : memref<?x?xf16> -> !descA_f16
    %db = tma.make_descriptor %b : memref<?x?xf16> -> !descB_f16
    %dc = tma.make_descriptor %c : memref<?x?xf16> -> !descC_f16
    %np = arith.addi %n, %c127 : index
    %mp = arith.addi %m, %c127 : index
    %tn = arith.divui %np, %c128 : index
    %tm = arith.divui %mp, %c128 : index
    %tiles = arith.muli %tm, %tn : index
    %k32 = arith.index_cast %k : index to i32
    %tn32 = arith.index_cast %tn : index to i32
    %tiles32 = arith.index_cast %tiles : index to i32
    %g32 = arith.index_cast %g : index to i32
    gpu.launch_func @kernels::@gemm_f16_s3 blocks in (%g, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%da : !descA_f16, %db : !descB_f16, %dc : !descC_f16, %k32 : i32, %tn32 : i32, %tiles32 : i32, %g32 : i32)
    return
  }

  // Checks one run against cuBLAS (f32 reference), then times it.
  func.func @bench_f16_s3(%m: index, %n: index, %k: index, %g: index, %name: !llvm.ptr) -> i32 {
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?xf16>
    %b, %t2 = gpu.alloc async [%t1] (%k, %n) : memref<?x?xf16>
    %c, %t3 = gpu.alloc async [%t2] (%m, %n) : memref<?x?xf16>
    %ref, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : memref<?x?xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?xf16> -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : memref<?x?xf16> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %kn = arith.muli %k64, %n64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %two = arith.constant 2 : i64
    %mn_bytes = arith.muli %mn, %two : i64
    %dtype = arith.constant 1 : i32
    %f32 = arith.constant 0 : i32
    %no = arith.constant 0 : i32
    %seed_a = arith.constant 17 : i64
    %seed_b = arith.constant 18 : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %dtype, %seed_a) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %kn, %dtype, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pc, %mn_bytes) : (!llvm.ptr, i64) -> ()
    func.call @launch_f16_s3(%a, %b, %c, %m, %n, %k, %g) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>, index, index, index, index) -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %dtype, %f32, %no, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pc, %n64, %dtype, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

    // Timing: 3 warm-ups, median of 10.
    %timing = llvm.call @tileRtTimingEnabled() : () -> i32
    %no_timing = arith.constant 0 : i32
    %timed = arith.cmpi ne, %timing, %no_timing : i32
    scf.if %timed {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c10 = arith.constant 10 : index
      %one = arith.constant 1 : i64
      %times = llvm.alloca %one x !llvm.array<10 x f64> : (i64) -> !llvm.ptr
      scf.for %i = %c0 to %c3 step %c1 {
        func.call @launch_f16_s3(%a, %b, %c, %m, %n, %k, %g) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>, index, index, index, index) -> ()
      }
      scf.for %i = %c0 to %c10 step %c1 {
        %timer = llvm.call @tileRtTimerStart() : () -> !llvm.ptr
        func.call @launch_f16_s3(%a, %b, %c, %m, %n, %k, %g) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>, index, index, index, index) -> ()
        %ms = llvm.call @tileRtTimerStopMs(%timer) : (!llvm.ptr) -> f64
        %i64 = arith.index_cast %i : index to i64
        %slot = llvm.getelementptr %times[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f64
        llvm.store %ms, %slot : f64, !llvm.ptr
      }
      %count = arith.constant 10 : i32
      %median = llvm.call @tileRtMedian(%times, %count) : (!llvm.ptr, i32) -> f64
      %iters = arith.constant 10 : i32
      %cublas = llvm.call @tileRtCublasGemmTimeMs(%m64, %n64, %k64, %dtype, %iters) : (i64, i64, i64, i32, i32) -> f64
      llvm.call @tileRtReportGemm(%name, %m64, %n64, %k64, %median, %cublas) : (!llvm.ptr, i64, i64, i64, f64, f64) -> ()
    }

    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %a : memref<?x?xf16>
    %t7 = gpu.dealloc async [%t6] %b : memref<?x?xf16>
    %t8 = gpu.dealloc async [%t7] %c : memref<?x?xf16>
    %t9 = gpu.dealloc async [%t8] %ref : memref<?x?xf32>
    gpu.wait [%t9]
    return %fail : i32
  }


  // Launches gemm_f16_s2 on memrefs A[M, K], B[K, N], C[M, N] with a grid
  // of G CTAs.
  func.func @launch_f16_s2(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %c: memref<?x?xf16>,
                        %m: index, %n: index, %k: index, %g: index) {
    %c1 = arith.constant 1 : index
    %c127 = arith.constant 127 : index
    %c128 = arith.constant 128 : index
    %da = tma.make_descriptor %a : memref<?x?xf16> -> !descA_f16
    %db = tma.make_descriptor %b : memref<?x?xf16> -> !descB_f16
    %dc = tma.make_descriptor %c : memref<?x?xf16> -> !descC_f16
    %np = arith.addi %n, %c127 : index
    %mp = arith.addi %m, %c127 : index
    %tn = arith.divui %np, %c128 : index
    %tm = arith.divui %mp, %c128 : index
    %tiles = arith.muli %tm, %tn : index
    %k32 = arith.index_cast %k : index to i32
    %tn32 = arith.index_cast %tn : index to i32
    %tiles32 = arith.index_cast %tiles : index to i32
    %g32 = arith.index_cast %g : index to i32
    gpu.launch_func @kernels::@gemm_f16_s2 blocks in (%g, %c1, %c1) threads in (%c128, %c1, %c1)
        args(%da : !descA_f16, %db : !descB_f16, %dc : !descC_f16, %k32 : i32, %tn32 : i32, %tiles32 : i32, %g32 : i32)
    return
  }

  // Checks one run against cuBLAS (f32 reference), then times it.
  func.func @bench_f16_s2(%m: index, %n: index, %k: index, %g: index, %name: !llvm.ptr) -> i32 {
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?xf16>
    %b, %t2 = gpu.alloc async [%t1] (%k, %n) : memref<?x?xf16>
    %c, %t3 = gpu.alloc async [%t2] (%m, %n) : memref<?x?xf16>
    %ref, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : memref<?x?xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?xf16> -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : memref<?x?xf16> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %kn = arith.muli %k64, %n64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %two = arith.constant 2 : i64
    %mn_bytes = arith.muli %mn, %two : i64
    %dtype = arith.constant 1 : i32
    %f32 = arith.constant 0 : i32
    %no = arith.constant 0 : i32
    %seed_a = arith.constant 17 : i64
    %seed_b = arith.constant 18 : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %dtype, %seed_a) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %kn, %dtype, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pc, %mn_bytes) : (!llvm.ptr, i64) -> ()
    func.call @launch_f16_s2(%a, %b, %c, %m, %n, %k, %g) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>, index, index, index, index) -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %dtype, %f32, %no, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pc, %n64, %dtype, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

    // Timing: 3 warm-ups, median of 10.
    %timing = llvm.call @tileRtTimingEnabled() : () -> i32
    %no_timing = arith.constant 0 : i32
    %timed = arith.cmpi ne, %timing, %no_timing : i32
    scf.if %timed {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c10 = arith.constant 10 : index
      %one = arith.constant 1 : i64
      %times = llvm.alloca %one x !llvm.array<10 x f64> : (i64) -> !llvm.ptr
      scf.for %i = %c0 to %c3 step %c1 {
        func.call @launch_f16_s2(%a, %b, %c, %m, %n, %k, %g) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>, index, index, index, index) -> ()
      }
      scf.for %i = %c0 to %c10 step %c1 {
        %timer = llvm.call @tileRtTimerStart() : () -> !llvm.ptr
        func.call @launch_f16_s2(%a, %b, %c, %m, %n, %k, %g) : (memref<?x?xf16>, memref<?x?xf16>, memref<?x?xf16>, index, index, index, index) -> ()
        %ms = llvm.call @tileRtTimerStopMs(%timer) : (!llvm.ptr) -> f64
        %i64 = arith.index_cast %i : index to i64
        %slot = llvm.getelementptr %times[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f64
        llvm.store %ms, %slot : f64, !llvm.ptr
      }
      %count = arith.constant 10 : i32
      %median = llvm.call @tileRtMedian(%times, %count) : (!llvm.ptr, i32) -> f64
      %iters = arith.constant 10 : i32
      %cublas = llvm.call @tileRtCublasGemmTimeMs(%m64, %n64, %k64, %dtype, %iters) : (i64, i64, i64, i32, i32) -> f64
      llvm.call @tileRtReportGemm(%name, %m64, %n64, %k64, %median, %cublas) : (!llvm.ptr, i64, i64, i64, f64, f64) -> ()
    }

    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %a : memref<?x?xf16>
    %t7 = gpu.dealloc async [%t6] %b : memref<?x?xf16>
    %t8 = gpu.dealloc async [%t7] %c : memref<?x?xf16>
    %t9 = gpu.dealloc async [%t8] %ref : memref<?x?xf32>
    gpu.wait [%t9]
    return %fail : i32
  }


  func.func @main() -> i32 {
    %s_init = arith.constant 0 : i32
    %m_0 = arith.constant 1024 : index
    %n_0 = arith.constant 1024 : index
    %k_0 = arith.constant 1024 : index
    %g_0 = arith.constant 7 : index
    %name_0 = llvm.mlir.addressof @name_s3_g7 : !llvm.ptr
    %m64_0 = arith.index_cast %m_0 : index to i64
    %n64_0 = arith.index_cast %n_0 : index to i64
    %k64_0 = arith.index_cast %k_0 : index to i64
    %enabled_0 = llvm.call @tileRtProblemEnabled(%name_0, %m64_0, %n64_0, %k64_0) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_0 = arith.cmpi ne, %enabled_0, %s_init : i32
    %f_0 = scf.if %run_0 -> (i32) {
      %x_0 = func.call @bench_f16_s3(%m_0, %n_0, %k_0, %g_0, %name_0) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_0 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_0 = arith.addi %s_init, %f_0 : i32
    %m_1 = arith.constant 1000 : index
    %n_1 = arith.constant 1000 : index
    %k_1 = arith.constant 1000 : index
    %g_1 = arith.constant 7 : index
    %name_1 = llvm.mlir.addressof @name_s3_g7 : !llvm.ptr
    %m64_1 = arith.index_cast %m_1 : index to i64
    %n64_1 = arith.index_cast %n_1 : index to i64
    %k64_1 = arith.index_cast %k_1 : index to i64
    %enabled_1 = llvm.call @tileRtProblemEnabled(%name_1, %m64_1, %n64_1, %k64_1) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_1 = arith.cmpi ne, %enabled_1, %s_init : i32
    %f_1 = scf.if %run_1 -> (i32) {
      %x_1 = func.call @bench_f16_s3(%m_1, %n_1, %k_1, %g_1, %name_1) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_1 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_1 = arith.addi %s_0, %f_1 : i32
    %m_2 = arith.constant 256 : index
    %n_2 = arith.constant 384 : index
    %k_2 = arith.constant 96 : index
    %g_2 = arith.constant 7 : index
    %name_2 = llvm.mlir.addressof @name_s3_g7 : !llvm.ptr
    %m64_2 = arith.index_cast %m_2 : index to i64
    %n64_2 = arith.index_cast %n_2 : index to i64
    %k64_2 = arith.index_cast %k_2 : index to i64
    %enabled_2 = llvm.call @tileRtProblemEnabled(%name_2, %m64_2, %n64_2, %k64_2) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_2 = arith.cmpi ne, %enabled_2, %s_init : i32
    %f_2 = scf.if %run_2 -> (i32) {
      %x_2 = func.call @bench_f16_s3(%m_2, %n_2, %k_2, %g_2, %name_2) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_2 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_2 = arith.addi %s_1, %f_2 : i32
    %m_3 = arith.constant 256 : index
    %n_3 = arith.constant 384 : index
    %k_3 = arith.constant 96 : index
    %g_3 = arith.constant 4 : index
    %name_3 = llvm.mlir.addressof @name_s3_g4 : !llvm.ptr
    %m64_3 = arith.index_cast %m_3 : index to i64
    %n64_3 = arith.index_cast %n_3 : index to i64
    %k64_3 = arith.index_cast %k_3 : index to i64
    %enabled_3 = llvm.call @tileRtProblemEnabled(%name_3, %m64_3, %n64_3, %k64_3) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_3 = arith.cmpi ne, %enabled_3, %s_init : i32
    %f_3 = scf.if %run_3 -> (i32) {
      %x_3 = func.call @bench_f16_s3(%m_3, %n_3, %k_3, %g_3, %name_3) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_3 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_3 = arith.addi %s_2, %f_3 : i32
    %m_4 = arith.constant 256 : index
    %n_4 = arith.constant 384 : index
    %k_4 = arith.constant 96 : index
    %g_4 = arith.constant 2 : index
    %name_4 = llvm.mlir.addressof @name_s3_g2 : !llvm.ptr
    %m64_4 = arith.index_cast %m_4 : index to i64
    %n64_4 = arith.index_cast %n_4 : index to i64
    %k64_4 = arith.index_cast %k_4 : index to i64
    %enabled_4 = llvm.call @tileRtProblemEnabled(%name_4, %m64_4, %n64_4, %k64_4) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_4 = arith.cmpi ne, %enabled_4, %s_init : i32
    %f_4 = scf.if %run_4 -> (i32) {
      %x_4 = func.call @bench_f16_s3(%m_4, %n_4, %k_4, %g_4, %name_4) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_4 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_4 = arith.addi %s_3, %f_4 : i32
    %m_5 = arith.constant 256 : index
    %n_5 = arith.constant 384 : index
    %k_5 = arith.constant 96 : index
    %g_5 = arith.constant 1 : index
    %name_5 = llvm.mlir.addressof @name_s3_g1 : !llvm.ptr
    %m64_5 = arith.index_cast %m_5 : index to i64
    %n64_5 = arith.index_cast %n_5 : index to i64
    %k64_5 = arith.index_cast %k_5 : index to i64
    %enabled_5 = llvm.call @tileRtProblemEnabled(%name_5, %m64_5, %n64_5, %k64_5) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_5 = arith.cmpi ne, %enabled_5, %s_init : i32
    %f_5 = scf.if %run_5 -> (i32) {
      %x_5 = func.call @bench_f16_s3(%m_5, %n_5, %k_5, %g_5, %name_5) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_5 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_5 = arith.addi %s_4, %f_5 : i32
    %m_6 = arith.constant 384 : index
    %n_6 = arith.constant 256 : index
    %k_6 = arith.constant 40 : index
    %g_6 = arith.constant 3 : index
    %name_6 = llvm.mlir.addressof @name_s3_g3 : !llvm.ptr
    %m64_6 = arith.index_cast %m_6 : index to i64
    %n64_6 = arith.index_cast %n_6 : index to i64
    %k64_6 = arith.index_cast %k_6 : index to i64
    %enabled_6 = llvm.call @tileRtProblemEnabled(%name_6, %m64_6, %n64_6, %k64_6) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_6 = arith.cmpi ne, %enabled_6, %s_init : i32
    %f_6 = scf.if %run_6 -> (i32) {
      %x_6 = func.call @bench_f16_s3(%m_6, %n_6, %k_6, %g_6, %name_6) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_6 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_6 = arith.addi %s_5, %f_6 : i32
    %m_7 = arith.constant 1024 : index
    %n_7 = arith.constant 1024 : index
    %k_7 = arith.constant 1024 : index
    %g_7 = arith.constant 7 : index
    %name_7 = llvm.mlir.addressof @name_s2_g7 : !llvm.ptr
    %m64_7 = arith.index_cast %m_7 : index to i64
    %n64_7 = arith.index_cast %n_7 : index to i64
    %k64_7 = arith.index_cast %k_7 : index to i64
    %enabled_7 = llvm.call @tileRtProblemEnabled(%name_7, %m64_7, %n64_7, %k64_7) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_7 = arith.cmpi ne, %enabled_7, %s_init : i32
    %f_7 = scf.if %run_7 -> (i32) {
      %x_7 = func.call @bench_f16_s2(%m_7, %n_7, %k_7, %g_7, %name_7) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_7 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_7 = arith.addi %s_6, %f_7 : i32
    %m_8 = arith.constant 1000 : index
    %n_8 = arith.constant 1000 : index
    %k_8 = arith.constant 1000 : index
    %g_8 = arith.constant 7 : index
    %name_8 = llvm.mlir.addressof @name_s2_g7 : !llvm.ptr
    %m64_8 = arith.index_cast %m_8 : index to i64
    %n64_8 = arith.index_cast %n_8 : index to i64
    %k64_8 = arith.index_cast %k_8 : index to i64
    %enabled_8 = llvm.call @tileRtProblemEnabled(%name_8, %m64_8, %n64_8, %k64_8) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_8 = arith.cmpi ne, %enabled_8, %s_init : i32
    %f_8 = scf.if %run_8 -> (i32) {
      %x_8 = func.call @bench_f16_s2(%m_8, %n_8, %k_8, %g_8, %name_8) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_8 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_8 = arith.addi %s_7, %f_8 : i32
    %m_9 = arith.constant 256 : index
    %n_9 = arith.constant 384 : index
    %k_9 = arith.constant 96 : index
    %g_9 = arith.constant 7 : index
    %name_9 = llvm.mlir.addressof @name_s2_g7 : !llvm.ptr
    %m64_9 = arith.index_cast %m_9 : index to i64
    %n64_9 = arith.index_cast %n_9 : index to i64
    %k64_9 = arith.index_cast %k_9 : index to i64
    %enabled_9 = llvm.call @tileRtProblemEnabled(%name_9, %m64_9, %n64_9, %k64_9) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_9 = arith.cmpi ne, %enabled_9, %s_init : i32
    %f_9 = scf.if %run_9 -> (i32) {
      %x_9 = func.call @bench_f16_s2(%m_9, %n_9, %k_9, %g_9, %name_9) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_9 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_9 = arith.addi %s_8, %f_9 : i32
    %m_10 = arith.constant 256 : index
    %n_10 = arith.constant 384 : index
    %k_10 = arith.constant 96 : index
    %g_10 = arith.constant 4 : index
    %name_10 = llvm.mlir.addressof @name_s2_g4 : !llvm.ptr
    %m64_10 = arith.index_cast %m_10 : index to i64
    %n64_10 = arith.index_cast %n_10 : index to i64
    %k64_10 = arith.index_cast %k_10 : index to i64
    %enabled_10 = llvm.call @tileRtProblemEnabled(%name_10, %m64_10, %n64_10, %k64_10) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_10 = arith.cmpi ne, %enabled_10, %s_init : i32
    %f_10 = scf.if %run_10 -> (i32) {
      %x_10 = func.call @bench_f16_s2(%m_10, %n_10, %k_10, %g_10, %name_10) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_10 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_10 = arith.addi %s_9, %f_10 : i32
    %m_11 = arith.constant 256 : index
    %n_11 = arith.constant 384 : index
    %k_11 = arith.constant 96 : index
    %g_11 = arith.constant 2 : index
    %name_11 = llvm.mlir.addressof @name_s2_g2 : !llvm.ptr
    %m64_11 = arith.index_cast %m_11 : index to i64
    %n64_11 = arith.index_cast %n_11 : index to i64
    %k64_11 = arith.index_cast %k_11 : index to i64
    %enabled_11 = llvm.call @tileRtProblemEnabled(%name_11, %m64_11, %n64_11, %k64_11) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_11 = arith.cmpi ne, %enabled_11, %s_init : i32
    %f_11 = scf.if %run_11 -> (i32) {
      %x_11 = func.call @bench_f16_s2(%m_11, %n_11, %k_11, %g_11, %name_11) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_11 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_11 = arith.addi %s_10, %f_11 : i32
    %m_12 = arith.constant 256 : index
    %n_12 = arith.constant 384 : index
    %k_12 = arith.constant 96 : index
    %g_12 = arith.constant 1 : index
    %name_12 = llvm.mlir.addressof @name_s2_g1 : !llvm.ptr
    %m64_12 = arith.index_cast %m_12 : index to i64
    %n64_12 = arith.index_cast %n_12 : index to i64
    %k64_12 = arith.index_cast %k_12 : index to i64
    %enabled_12 = llvm.call @tileRtProblemEnabled(%name_12, %m64_12, %n64_12, %k64_12) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_12 = arith.cmpi ne, %enabled_12, %s_init : i32
    %f_12 = scf.if %run_12 -> (i32) {
      %x_12 = func.call @bench_f16_s2(%m_12, %n_12, %k_12, %g_12, %name_12) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_12 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_12 = arith.addi %s_11, %f_12 : i32
    %m_13 = arith.constant 384 : index
    %n_13 = arith.constant 256 : index
    %k_13 = arith.constant 40 : index
    %g_13 = arith.constant 3 : index
    %name_13 = llvm.mlir.addressof @name_s2_g3 : !llvm.ptr
    %m64_13 = arith.index_cast %m_13 : index to i64
    %n64_13 = arith.index_cast %n_13 : index to i64
    %k64_13 = arith.index_cast %k_13 : index to i64
    %enabled_13 = llvm.call @tileRtProblemEnabled(%name_13, %m64_13, %n64_13, %k64_13) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_13 = arith.cmpi ne, %enabled_13, %s_init : i32
    %f_13 = scf.if %run_13 -> (i32) {
      %x_13 = func.call @bench_f16_s2(%m_13, %n_13, %k_13, %g_13, %name_13) : (index, index, index, index, !llvm.ptr) -> i32
      scf.yield %x_13 : i32
    } else {
      scf.yield %s_init : i32
    }
    %s_13 = arith.addi %s_12, %f_13 : i32
    return %s_13 : i32
  }
}
