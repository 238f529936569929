#!/usr/bin/env python3
"""Writes gemm_bench.mlir: TileMLIR's GEMM against cuBLAS in one program.

The kernel is the TileLang reference GEMM of examples/ (TMA loads into
NVMMA-swizzled shared memory, mbarriers, wgmma m64n128k16 with f32
accumulation, TMA-store epilogue; 128x128x32 blocks, one warpgroup), in f16
and bf16. Each problem is checked against cuBLAS once (relative error), then
timed: 3 warm-up launches, the median of 10 timed launches (CUDA events),
next to cuBLAS's median on the same shape and type. Regenerate after editing;
the output is committed so the benchmark builds without Python.
"""

import os

SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 8192, 512)]
TYPES = {"f16": 1, "bf16": 2}


def kernel(t):
    return f"""
    gpu.func @gemm_{t}(%descA: !descA_{t}, %descB: !descB_{t}, %descC: !descC_{t}, %K: i32) kernel
        attributes {{tile.num_warps = 4 : i32}} {{
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
      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %c128_i32 : i32
      %off_n = arith.muli %bx, %c128_i32 : i32
      %off_n_hi = arith.addi %off_n, %c64_i32 : i32
      %a_shared = tile.alloc_smem : !smemA_{t}
      %b_shared = tile.alloc_smem : !smemB_{t}
      %b_lo = tile.smem_subslice %b_shared[0, 0] : !smemB_{t} -> !halfB_{t}
      %b_hi = tile.smem_subslice %b_shared[0, 64] : !smemB_{t} -> !halfB_{t}
      %c_shared = tile.alloc_smem : !smemC_{t}
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {{
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }}
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc>
      %acc = scf.for %k = %c0 to %k_tiles step %c1
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc>) {{
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c32_i32 : i32
        mbarrier.expect_tx %mbar_a, bytes = 8192 if %leader
        tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA_{t}, !smemA_{t}
        mbarrier.arrive %mbar_a
        mbarrier.expect_tx %mbar_b, bytes = 8192 if %leader
        tma.async_load %descB[%off_k, %off_n], %b_lo, %mbar_b : !descB_{t}, !halfB_{t}
        tma.async_load %descB[%off_k, %off_n_hi], %b_hi, %mbar_b : !descB_{t}, !halfB_{t}
        mbarrier.arrive %mbar_b
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %mbar_a, phase %parity : i32
        mbarrier.wait %mbar_b, phase %parity : i32
        %d = tile.dot %a_shared, %b_shared, %c_local : !smemA_{t}, !smemB_{t}, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
        tile.barrier
        scf.yield %d : tensor<128x128xf32, #acc>
      }}
      %c_out = arith.truncf %acc : tensor<128x128xf32, #acc> to tensor<128x128x{t}, #acc>
      tile.smem_store %c_out, %c_shared : tensor<128x128x{t}, #acc>, !smemC_{t}
      tile.fence_async_shared
      tile.barrier
      %c_lo = tile.smem_subslice %c_shared[0, 0] : !smemC_{t} -> !halfC_{t}
      %c_hi = tile.smem_subslice %c_shared[0, 64] : !smemC_{t} -> !halfC_{t}
      tma.async_store %c_lo, %descC[%off_m, %off_n] : !halfC_{t}, !descC_{t}
      tma.async_store %c_hi, %descC[%off_m, %off_n_hi] : !halfC_{t}, !descC_{t}
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }}
"""


def aliases(t):
    return f"""!descA_{t} = !tma.descriptor<tensor<128x32x{t}>, swizzle = 64>
!descB_{t} = !tma.descriptor<tensor<32x64x{t}>, swizzle = 128>
!descC_{t} = !tma.descriptor<tensor<128x64x{t}>, swizzle = 128>
!smemA_{t} = !tile.smem<128x32x{t}, #nvmma64, mutable>
!smemB_{t} = !tile.smem<32x128x{t}, #nvmma128, mutable>
!halfB_{t} = !tile.smem<32x64x{t}, #nvmma128, mutable>
!smemC_{t} = !tile.smem<128x128x{t}, #nvmma128, mutable>
!halfC_{t} = !tile.smem<128x64x{t}, #nvmma128, mutable>
"""


def host(t, code):
    return f"""
  // Launches gemm_{t} on memrefs A[M, K], B[K, N], C[M, N].
  func.func @launch_{t}(%a: memref<?x?x{t}>, %b: memref<?x?x{t}>, %c: memref<?x?x{t}>,
                        %m: index, %n: index, %k: index) {{
    %c1 = arith.constant 1 : index
    %c127 = arith.constant 127 : index
    %c128 = arith.constant 128 : index
    %da = tma.make_descriptor %a : memref<?x?x{t}> -> !descA_{t}
    %db = tma.make_descriptor %b : memref<?x?x{t}> -> !descB_{t}
    %dc = tma.make_descriptor %c : memref<?x?x{t}> -> !descC_{t}
    %np = arith.addi %n, %c127 : index
    %mp = arith.addi %m, %c127 : index
    %gx = arith.divui %np, %c128 : index
    %gy = arith.divui %mp, %c128 : index
    %k32 = arith.index_cast %k : index to i32
    gpu.launch_func @kernels::@gemm_{t} blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%da : !descA_{t}, %db : !descB_{t}, %dc : !descC_{t}, %k32 : i32)
    return
  }}

  // Checks one run against cuBLAS (f32 reference), then times it.
  func.func @bench_{t}(%m: index, %n: index, %k: index, %name: !llvm.ptr) -> i32 {{
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?x{t}>
    %b, %t2 = gpu.alloc async [%t1] (%k, %n) : memref<?x?x{t}>
    %c, %t3 = gpu.alloc async [%t2] (%m, %n) : memref<?x?x{t}>
    %ref, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : memref<?x?x{t}> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?x{t}> -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : memref<?x?x{t}> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %kn = arith.muli %k64, %n64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %two = arith.constant 2 : i64
    %mn_bytes = arith.muli %mn, %two : i64
    %dtype = arith.constant {code} : i32
    %f32 = arith.constant 0 : i32
    %no = arith.constant 0 : i32
    %seed_a = arith.constant 17 : i64
    %seed_b = arith.constant 18 : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %dtype, %seed_a) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %kn, %dtype, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pc, %mn_bytes) : (!llvm.ptr, i64) -> ()
    func.call @launch_{t}(%a, %b, %c, %m, %n, %k) : (memref<?x?x{t}>, memref<?x?x{t}>, memref<?x?x{t}>, index, index, index) -> ()
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %dtype, %f32, %no, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pc, %n64, %dtype, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

    // Timing: 3 warm-ups, median of 10.
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %one = arith.constant 1 : i64
    %times = llvm.alloca %one x !llvm.array<10 x f64> : (i64) -> !llvm.ptr
    scf.for %i = %c0 to %c3 step %c1 {{
      func.call @launch_{t}(%a, %b, %c, %m, %n, %k) : (memref<?x?x{t}>, memref<?x?x{t}>, memref<?x?x{t}>, index, index, index) -> ()
    }}
    scf.for %i = %c0 to %c10 step %c1 {{
      %timer = llvm.call @tileRtTimerStart() : () -> !llvm.ptr
      func.call @launch_{t}(%a, %b, %c, %m, %n, %k) : (memref<?x?x{t}>, memref<?x?x{t}>, memref<?x?x{t}>, index, index, index) -> ()
      %ms = llvm.call @tileRtTimerStopMs(%timer) : (!llvm.ptr) -> f64
      %i64 = arith.index_cast %i : index to i64
      %slot = llvm.getelementptr %times[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f64
      llvm.store %ms, %slot : f64, !llvm.ptr
    }}
    %count = arith.constant 10 : i32
    %median = llvm.call @tileRtMedian(%times, %count) : (!llvm.ptr, i32) -> f64
    %iters = arith.constant 10 : i32
    %cublas = llvm.call @tileRtCublasGemmTimeMs(%m64, %n64, %k64, %dtype, %iters) : (i64, i64, i64, i32, i32) -> f64
    llvm.call @tileRtReportGemm(%name, %m64, %n64, %k64, %median, %cublas) : (!llvm.ptr, i64, i64, i64, f64, f64) -> ()

    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %a : memref<?x?x{t}>
    %t7 = gpu.dealloc async [%t6] %b : memref<?x?x{t}>
    %t8 = gpu.dealloc async [%t7] %c : memref<?x?x{t}>
    %t9 = gpu.dealloc async [%t8] %ref : memref<?x?xf32>
    gpu.wait [%t9]
    return %fail : i32
  }}
"""


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    body = []
    calls = []
    acc = None
    for t, code in TYPES.items():
        body.append(host(t, code))
        for i, (m, n, k) in enumerate(SHAPES):
            v = f"%f_{t}_{i}"
            calls.append(f"""    %m_{t}_{i} = arith.constant {m} : index
    %n_{t}_{i} = arith.constant {n} : index
    %k_{t}_{i} = arith.constant {k} : index
    {v} = func.call @bench_{t}(%m_{t}_{i}, %n_{t}_{i}, %k_{t}_{i}, %name_{t}) : (index, index, index, !llvm.ptr) -> i32""")
            if acc is None:
                acc = v
            else:
                calls.append(f"    %s_{t}_{i} = arith.addi {acc}, {v} : i32")
                acc = f"%s_{t}_{i}"
    text = f"""// Generated by generate_gemm_bench.py: TileMLIR GEMM vs cuBLAS.
//   tile-run bench/gemm_bench.mlir
// Prints one correctness line per problem (relative error against cuBLAS's
// f32 result) and one table row: TFLOP/s of TileMLIR and cuBLAS (median of
// 10 after 3 warm-ups, CUDA events) and their ratio.

#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>
#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>
#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
{''.join(aliases(t) for t in TYPES)}
module attributes {{gpu.container_module}} {{
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80", O = 3>] {{{''.join(kernel(t) for t in TYPES)}  }}

  llvm.mlir.global internal constant @name_f16_str("f16\\00") {{addr_space = 0 : i32}}
  llvm.mlir.global internal constant @name_bf16_str("bf16\\00") {{addr_space = 0 : i32}}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
  llvm.func @tileRtTimerStart() -> !llvm.ptr
  llvm.func @tileRtTimerStopMs(!llvm.ptr) -> f64
  llvm.func @tileRtMedian(!llvm.ptr, i32) -> f64
  llvm.func @tileRtCublasGemmTimeMs(i64, i64, i64, i32, i32) -> f64
  llvm.func @tileRtReportGemm(!llvm.ptr, i64, i64, i64, f64, f64)
{''.join(body)}
  func.func @main() -> i32 {{
    %name_f16 = llvm.mlir.addressof @name_f16_str : !llvm.ptr
    %name_bf16 = llvm.mlir.addressof @name_bf16_str : !llvm.ptr
{chr(10).join(calls)}
    return {acc} : i32
  }}
}}
"""
    with open(os.path.join(here, "gemm_bench.mlir"), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
