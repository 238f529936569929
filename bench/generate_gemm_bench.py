#!/usr/bin/env python3
"""Writes gemm_bench.mlir: TileMLIR's GEMM against cuBLAS in one program.

The kernel is the TileLang reference GEMM of examples/ (TMA loads into
NVMMA-swizzled shared memory, mbarriers, wgmma m64n128k16 with f32
accumulation, TMA-store epilogue; 128x128x32 blocks, one warpgroup), in f16
and bf16, and the same loop at larger block shapes (class Tiled: 128x128x64,
and 128x256x64 / 256x128x64 with two consumer warpgroups), pipelined by
tile-warp-specialize or tile-pipeline. Each problem is checked against
cuBLAS once (relative error), then timed: 3 warm-up launches, the median of
10 samples, each tileRtLaunchesPerSample() launches enqueued back to back
between two CUDA events (so that no host overhead of either side is timed
while the GPU waits), each followed by one sample of cuBLAS's GEMM timed
the same way on the same shape and type (interleaved, so that both sides
see the same clocks and power state), and the two medians compared.
Regenerate after editing; the output is committed so the benchmark builds
without Python.

Also writes three GPU integration tests from the same kernels,
integration_test/GEMM/tilelang-gemm-stages.mlir, tilelang-gemm-pipelined.mlir
and gemm-warp-specialized.mlir. --out-dir DIR writes all four under DIR
instead of the repository root, in the same layout (test/Tools/
generated-up-to-date.test compares them with the committed files).
"""

import argparse
import itertools
import os
import textwrap

SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 8192, 512)]
TYPES = {"f16": 1, "bf16": 2}


def kernel(t, v="s1", stages=None, specialized=False):
    """The TileLang seed as written: single-buffered, one barrier per operand.
    With `stages`, its loop carries `tile.num_stages` and tile-pipeline
    multi-buffers it (the `p` variants); `specialized` adds
    tile.warp_specialize (the `w` variants)."""
    ws = ", tile.warp_specialize" if specialized else ""
    marker = f" {{tile.num_stages = {stages} : i32{ws}}}" if stages else ""
    return f"""
    gpu.func @gemm_{t}_{v}(%descA: !descA_{t}, %descB: !descB_{t}, %descC: !descC_{t}, %K: i32) kernel
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
      }}{marker}
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


def pipelined_kernel(t, stages):
    """The seed's GEMM pipelined by hand: `stages` shared buffers per operand
    and one transaction barrier per stage; loads run stages-1 K steps ahead
    of the MMA, which is issued asynchronously and waited on one step late
    (the wait that frees the stage the next load overwrites)."""
    s = stages
    return f"""
    gpu.func @gemm_{t}_s{s}(%descA: !descA_{t}, %descB: !descB_{t}, %descC: !descC_{t}, %K: i32) kernel
        attributes {{tile.num_warps = 4 : i32}} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c0_i32 = arith.constant 0 : i32
      %c1_i32 = arith.constant 1 : i32
      %c2_i32 = arith.constant 2 : i32
      %c31_i32 = arith.constant 31 : i32
      %c32_i32 = arith.constant 32 : i32
      %c64_i32 = arith.constant 64 : i32
      %c128_i32 = arith.constant 128 : i32
      %stages = arith.constant {s} : i32
      %ahead = arith.constant {s - 1} : i32
      %k_padded = arith.addi %K, %c31_i32 : i32
      %k_tiles = arith.divui %k_padded, %c32_i32 : i32
      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %c128_i32 : i32
      %off_n = arith.muli %bx, %c128_i32 : i32
      %off_n_hi = arith.addi %off_n, %c64_i32 : i32
      %a_ring = tile.alloc_smem : !ringA_{t}_{s}
      %b_ring = tile.alloc_smem : !ringB_{t}_{s}
      %c_shared = tile.alloc_smem : !smemC_{t}
      %full = mbarrier.alloc : !mbarrier.group<{s}>
      %leader = tile.elect cta
      scf.if %leader {{
        %cs = arith.constant {s} : index
        scf.for %i = %c0 to %cs step %c1 {{
          %bar = mbarrier.index %full[%i] : !mbarrier.group<{s}>
          mbarrier.init %bar, arrivals = 1
        }}
      }}
      tile.barrier

      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<128x128xf32, #acc>
      // Prologue: the first {s - 1} K steps.
      scf.for %p = %c0_i32 to %ahead step %c1_i32 : i32 {{
        %live = arith.cmpi ult, %p, %k_tiles : i32
        %go = arith.andi %live, %leader : i1
        scf.if %go {{
          %slot = arith.index_cast %p : i32 to index
          %bar = mbarrier.index %full[%slot] : !mbarrier.group<{s}>
          %a = tile.smem_index %a_ring[%slot] : !ringA_{t}_{s} -> !smemA_{t}
          %b = tile.smem_index %b_ring[%slot] : !ringB_{t}_{s} -> !smemB_{t}
          %b_lo = tile.smem_subslice %b[0, 0] : !smemB_{t} -> !halfB_{t}
          %b_hi = tile.smem_subslice %b[0, 64] : !smemB_{t} -> !halfB_{t}
          %off_k = arith.muli %p, %c32_i32 : i32
          mbarrier.arrive_expect_tx %bar, bytes = 16384
          tma.async_load %descA[%off_m, %off_k], %a, %bar scope = thread : !descA_{t}, !smemA_{t}
          tma.async_load %descB[%off_k, %off_n], %b_lo, %bar scope = thread : !descB_{t}, !halfB_{t}
          tma.async_load %descB[%off_k, %off_n_hi], %b_hi, %bar scope = thread : !descB_{t}, !halfB_{t}
        }}
      }}
      %acc = scf.for %k = %c0_i32 to %k_tiles step %c1_i32
          iter_args(%c_local = %init) -> (tensor<128x128xf32, #acc>) : i32 {{
        %slot_i32 = arith.remui %k, %stages : i32
        %round = arith.divui %k, %stages : i32
        %parity = arith.andi %round, %c1_i32 : i32
        %slot = arith.index_cast %slot_i32 : i32 to index
        %bar = mbarrier.index %full[%slot] : !mbarrier.group<{s}>
        mbarrier.wait %bar, phase %parity : i32
        %a = tile.smem_index %a_ring[%slot] : !ringA_{t}_{s} -> !smemA_{t}
        %b = tile.smem_index %b_ring[%slot] : !ringB_{t}_{s} -> !smemB_{t}
        %d = tile.dot %a, %b, %c_local async : !smemA_{t}, !smemB_{t}, tensor<128x128xf32, #acc> -> tensor<128x128xf32, #acc>
        // The MMA of the previous step is done: its stage may be refilled.
        %w = tile.dot_wait %d {{pending = 1 : i32}} : tensor<128x128xf32, #acc>
        tile.barrier
        %next = arith.addi %k, %ahead : i32
        %live = arith.cmpi ult, %next, %k_tiles : i32
        %go = arith.andi %live, %leader : i1
        scf.if %go {{
          %nslot_i32 = arith.remui %next, %stages : i32
          %nslot = arith.index_cast %nslot_i32 : i32 to index
          %nbar = mbarrier.index %full[%nslot] : !mbarrier.group<{s}>
          %na = tile.smem_index %a_ring[%nslot] : !ringA_{t}_{s} -> !smemA_{t}
          %nb = tile.smem_index %b_ring[%nslot] : !ringB_{t}_{s} -> !smemB_{t}
          %nb_lo = tile.smem_subslice %nb[0, 0] : !smemB_{t} -> !halfB_{t}
          %nb_hi = tile.smem_subslice %nb[0, 64] : !smemB_{t} -> !halfB_{t}
          %off_k = arith.muli %next, %c32_i32 : i32
          mbarrier.arrive_expect_tx %nbar, bytes = 16384
          tma.async_load %descA[%off_m, %off_k], %na, %nbar scope = thread : !descA_{t}, !smemA_{t}
          tma.async_load %descB[%off_k, %off_n], %nb_lo, %nbar scope = thread : !descB_{t}, !halfB_{t}
          tma.async_load %descB[%off_k, %off_n_hi], %nb_hi, %nbar scope = thread : !descB_{t}, !halfB_{t}
        }}
        scf.yield %w : tensor<128x128xf32, #acc>
      }}
      %done = tile.dot_wait %acc {{pending = 0 : i32}} : tensor<128x128xf32, #acc>
      %c_out = arith.truncf %done : tensor<128x128xf32, #acc> to tensor<128x128x{t}, #acc>
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
!ringA_{t}_2 = !tile.smem<2x128x32x{t}, #nvmma64, mutable>
!ringB_{t}_2 = !tile.smem<2x32x128x{t}, #nvmma128, mutable>
!ringA_{t}_3 = !tile.smem<3x128x32x{t}, #nvmma64, mutable>
!ringB_{t}_3 = !tile.smem<3x32x128x{t}, #nvmma128, mutable>
"""


# Every launch function is asynchronous: it enqueues its kernel after the
# token it is given and returns the launch's token, so that the timed
# samples enqueue launches back to back without a synchronization between
# them (timing).
LAUNCH_ARGS = ("(memref<?x?x{t}>, memref<?x?x{t}>, memref<?x?x{t}>, index, index, index, "
               "memref<?xf32>, memref<?xi32>, !gpu.async.token) -> !gpu.async.token")
# What every f16 / bf16 launch function takes: A, B, C, M, N, K and the
# stream-K workspace (see workspace()), which only the stream-K kernels use.
LAUNCH_OPERANDS = "%a, %b, %c, %m, %n, %k, %ws, %flags"
FP8_LAUNCH_OPERANDS = "%a, %b, %c, %m, %n, %k"


def launch_operands(t):
    return FP8_LAUNCH_OPERANDS if t == "e4m3" else LAUNCH_OPERANDS


# A launch function enqueues its kernel on the stream of the token it is
# given (gpu-to-llvm takes a launch's first dependency for its stream) and
# returns it. The caller synchronizes that stream by waiting on the token
# that created it: gpu-to-llvm synchronizes a stream only through the token
# of its creation (gpu.wait async), and takes any other token, such as one
# returned by a call or carried by a loop, for an event.


def launch_and_wait(fn, args, types, indent="    ", tag=""):
    """Calls the asynchronous launch function `fn` on a new stream and waits
    for it."""
    return (f"{indent}%launch_dep{tag} = gpu.wait async\n"
            f"{indent}%launch_done{tag} = func.call @{fn}({args}, %launch_dep{tag}) : {types}\n"
            f"{indent}gpu.wait [%launch_dep{tag}]\n")


def workspace():
    """The stream-K workspace (after operands()' allocations, token %t4):
    one partial tile of STREAM_K_TILE f32 per SM, poisoned (a read of a
    partial nobody wrote fails the check), and one flag per SM, zeroed;
    the stream-K kernels leave every flag zero again."""
    return f"""    %sms_ws32 = llvm.call @tileRtMultiprocessorCount() : () -> i32
    %sms_ws = arith.index_cast %sms_ws32 : i32 to index
    %tile_ws = arith.constant {STREAM_K_TILE} : index
    %ws_len = arith.muli %sms_ws, %tile_ws : index
    %ws, %t4a = gpu.alloc async [%t4] (%ws_len) : memref<?xf32>
    %flags, %t4b = gpu.alloc async [%t4a] (%sms_ws) : memref<?xi32>
    %flag_zero = arith.constant 0 : i32
    %t4w = gpu.memset async [%t4b] %flags, %flag_zero : memref<?xi32>, i32
    gpu.wait [%t4w]
    %pws = tile.ptr_from_memref %ws : memref<?xf32> -> !llvm.ptr
    %ws_len64 = arith.index_cast %ws_len : index to i64
    %four = arith.constant 4 : i64
    %ws_bytes = arith.muli %ws_len64, %four : i64
    llvm.call @tileRtPoison(%pws, %ws_bytes) : (!llvm.ptr, i64) -> ()
"""


def operands(t, code, k):
    """Host code shared by every check: A [M, k], B [k, N], C and the f32
    reference allocated, A and B filled with fresh random values, C
    poisoned. `k` is the stored K ("%k", or "%ks" where A and B are stored
    wider than the K the kernel gets)."""
    wide = f"    %ks64 = arith.index_cast %ks : index to i64\n" if k == "%ks" else ""
    k64 = "%ks64" if k == "%ks" else "%k64"
    return f"""    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, {k}) : memref<?x?x{t}>
    %b, %t2 = gpu.alloc async [%t1] ({k}, %n) : memref<?x?x{t}>
    %c, %t3 = gpu.alloc async [%t2] (%m, %n) : memref<?x?x{t}>
    %ref, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
{workspace()}    %pa = tile.ptr_from_memref %a : memref<?x?x{t}> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?x{t}> -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : memref<?x?x{t}> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
{wide}    %mk = arith.muli %m64, {k64} : i64
    %kn = arith.muli {k64}, %n64 : i64
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
"""


# The library GEMM each row is timed against (tile-runtime's
# TileRtGemmBaseline): cuBLAS's GEMM in the row's type, C in that type, B
# K-major (the layout cuBLAS runs fastest).
CUBLAS_BASELINE = ("%one32 = arith.constant 1 : i32\n"
                   "%baseline = llvm.call @tileRtCublasGemmBaseline(%m64, %n64, %k64, %dtype, %dtype, %one32) : "
                   "(i64, i64, i64, i32, i32, i32) -> !llvm.ptr\n")


def timing(t, v, launch_args, index_constants=False, baseline=CUBLAS_BASELINE):
    """3 warm-up launches, then the median of 10 samples, each followed by
    one sample of the library baseline (`baseline` sets %baseline up), so
    that both sides are timed in the same seconds of the card's clocks and
    power state: each sample tileRtLaunchesPerSample() launches enqueued
    back to back between a timer's start and stop, divided by their number;
    then the report row. None of it with TILE_TIMING=0
    (tileRtTimingEnabled), as in the GPU bundle's compute-sanitizer pass."""
    constants = ("%c0 = arith.constant 0 : index\n"
                 "%c1 = arith.constant 1 : index\n") if index_constants else ""
    timed = f"""{constants}%c3 = arith.constant 3 : index
%c10 = arith.constant 10 : index
%one = arith.constant 1 : i64
%times = llvm.alloca %one x !llvm.array<10 x f64> : (i64) -> !llvm.ptr
%host_times = llvm.alloca %one x !llvm.array<10 x f64> : (i64) -> !llvm.ptr
%baseline_times = llvm.alloca %one x !llvm.array<10 x f64> : (i64) -> !llvm.ptr
{baseline}%launches32 = llvm.call @tileRtLaunchesPerSample() : () -> i32
%launches = arith.index_cast %launches32 : i32 to index
%launches_f = arith.sitofp %launches32 : i32 to f64
scf.for %i = %c0 to %c3 step %c1 {{
{launch_and_wait(f"launch_{t}_{v}", launch_operands(t), launch_args, "  ", "_warm")}}}
scf.for %i = %c0 to %c10 step %c1 {{
  // The sample's stream is made before the timer starts, and the stop
  // event (on the legacy stream, which follows the launches on this
  // blocking stream) is recorded before the host waits for the stream:
  // neither the stream's creation nor the host's wake-up is timed, as
  // neither is in cuBLAS's window.
  %first = gpu.wait async
  %timer = llvm.call @tileRtTimerStart() : () -> !llvm.ptr
  %last = scf.for %j = %c0 to %launches step %c1 iter_args(%dep = %first) -> (!gpu.async.token) {{
    %done = func.call @launch_{t}_{v}({launch_operands(t)}, %dep) : {launch_args}
    scf.yield %done : !gpu.async.token
  }}
  %host_sample = llvm.call @tileRtTimerHostMs(%timer) : (!llvm.ptr) -> f64
  %sample = llvm.call @tileRtTimerStopMs(%timer) : (!llvm.ptr) -> f64
  gpu.wait [%first]
  %ms = arith.divf %sample, %launches_f : f64
  %host_ms = arith.divf %host_sample, %launches_f : f64
  %i64 = arith.index_cast %i : index to i64
  %slot = llvm.getelementptr %times[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  llvm.store %ms, %slot : f64, !llvm.ptr
  %host_slot = llvm.getelementptr %host_times[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  llvm.store %host_ms, %host_slot : f64, !llvm.ptr
  %baseline_ms = llvm.call @tileRtGemmBaselineSampleMs(%baseline) : (!llvm.ptr) -> f64
  %baseline_slot = llvm.getelementptr %baseline_times[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f64
  llvm.store %baseline_ms, %baseline_slot : f64, !llvm.ptr
}}
%count = arith.constant 10 : i32
%median = llvm.call @tileRtMedian(%times, %count) : (!llvm.ptr, i32) -> f64
%host_median = llvm.call @tileRtMedian(%host_times, %count) : (!llvm.ptr, i32) -> f64
%cublas = llvm.call @tileRtMedian(%baseline_times, %count) : (!llvm.ptr, i32) -> f64
llvm.call @tileRtGemmBaselineFree(%baseline) : (!llvm.ptr) -> ()
llvm.call @tileRtReportGemm(%name, %m64, %n64, %k64, %median, %cublas) : (!llvm.ptr, i64, i64, i64, f64, f64) -> ()
%host_label = llvm.mlir.addressof @host_label_str : !llvm.ptr
llvm.call @tileRtPrintF64(%host_label, %host_median) : (!llvm.ptr, f64) -> ()
"""
    return f"""    // Timing: 3 warm-ups, median of 10 samples of back-to-back launches.
    %timing = llvm.call @tileRtTimingEnabled() : () -> i32
    %no_timing = arith.constant 0 : i32
    %timed = arith.cmpi ne, %timing, %no_timing : i32
    scf.if %timed {{
{textwrap.indent(timed, "      ")}    }}
"""


def release(t):
    """Frees what operands() allocated."""
    return f"""    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %a : memref<?x?x{t}>
    %t7 = gpu.dealloc async [%t6] %b : memref<?x?x{t}>
    %t8 = gpu.dealloc async [%t7] %c : memref<?x?x{t}>
    %t9 = gpu.dealloc async [%t8] %ref : memref<?x?xf32>
    %t10 = gpu.dealloc async [%t9] %ws : memref<?xf32>
    %t11 = gpu.dealloc async [%t10] %flags : memref<?xi32>
    gpu.wait [%t11]
"""



def host(t, code, v):
    return f"""
  // Launches gemm_{t}_{v} on memrefs A[M, K], B[K, N], C[M, N].
  func.func @launch_{t}_{v}{LAUNCH_SIGNATURE.format(t=t)} {{
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
    %done = gpu.launch_func async [%dep] @kernels::@gemm_{t}_{v} blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%da : !descA_{t}, %db : !descB_{t}, %dc : !descC_{t}, %k32 : i32)
    return %done : !gpu.async.token
  }}

  // Checks one run against cuBLAS (f32 reference), then times it.
  func.func @bench_{t}_{v}(%m: index, %n: index, %k: index, %name: !llvm.ptr) -> i32 {{
{operands(t, code, "%k")}{launch_and_wait(f"launch_{t}_{v}", LAUNCH_OPERANDS, LAUNCH_ARGS.format(t=t))}    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %dtype, %f32, %no, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pc, %n64, %dtype, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32

{timing(t, v, LAUNCH_ARGS.format(t=t), index_constants=True)}
{release(t)}    return %fail : i32
  }}
"""


class Tiled:
    """A block shape BM x BN x 64 for `consumer_warps` warps (one or two
    warpgroups; two share one output tile, each owning BM / 2 rows) whose K
    loop is pipelined over `stages` stages, by tile-warp-specialize (the `w`
    variant: the loop also carries tile.warp_specialize, and the pass adds a
    producer warpgroup) or by tile-pipeline alone (the `p` variant)."""

    def __init__(self, bm, bn, consumer_warps, instr_n, stages, ctas_per_sm=None,
                 group_m=None, ping_pong=False, cluster_m=None, cluster_n=None,
                 deferred_epilogue=False, stream_k=False):
        self.bm, self.bn, self.warps, self.instr_n, self.stages = (
            bm, bn, consumer_warps, instr_n, stages)
        # An occupancy hint (nvvm.minctasm): the registers each CTA starts
        # with, and so the setmaxnreg budgets, are computed for it.
        self.ctas_per_sm = ctas_per_sm
        # Persistent (see persistent_kernel) when set: a grid of at most one
        # CTA per SM walks the output tiles in groups of group_m block rows.
        self.group_m = group_m
        # Persistent only: the tile loop marked tile.ping_pong, so that two
        # consumer warpgroups take alternate tiles.
        self.ping_pong = ping_pong
        # Persistent only: clusters of cluster_m CTAs on vertically adjacent
        # tiles (the same block column), which load B together: each issues
        # 1 / cluster_m of B's box multicast to all (a descriptor with
        # multicast = cluster_m).
        self.cluster_m = cluster_m
        # Persistent only: and cluster_n CTAs on horizontally adjacent tiles
        # (the same block row), which load A together the same way. A
        # cluster is cluster_m x cluster_n tiles (rank r at block row
        # r % cluster_m, column r / cluster_m of it).
        self.cluster_n = cluster_n
        self.cluster_size = (cluster_m or 1) * (cluster_n or 1)
        # Persistent only: each tile's epilogue is written during the next
        # tile's main loop (see deferred_persistent_kernel).
        self.deferred_epilogue = deferred_epilogue
        # Persistent, deferred epilogue only: the tiles of the last,
        # partial wave are split along K over all CTAs (stream_k_kernel).
        self.stream_k = stream_k
        self.shape = f"{bm}x{bn}"

    def variant(self, specialized):
        stages = f"s{self.stages}" if self.stages else ""
        ctas = f"c{self.ctas_per_sm}" if self.ctas_per_sm else ""
        group = f"g{self.group_m}" if self.group_m else ""
        pp = "pp" if self.ping_pong else ""
        cl = (f"c{self.cluster_m or 1}x{self.cluster_n or 1}"
              if self.cluster_size > 1 else "")
        de = "de" if self.deferred_epilogue else ""
        sk = "sk" if self.stream_k else ""
        return (f"{'w' if specialized else 'p'}{self.shape}{stages}{ctas}{group}{pp}{cl}"
                f"{self.warps_suffix()}{de}{sk}")

    def warps_suffix(self):
        """"wgN" when the tile has N consumer warpgroups where its shape
        usually has another count: two for 128x256 and 256x128, one for
        the smaller tiles."""
        usual = 8 if self.bm * self.bn >= 128 * 256 else 4
        return "" if self.warps == usual else f"wg{self.warps // 4}"

    def acc(self):
        return f"#acc{self.shape}{self.warps_suffix()}"

    def acc_attr(self):
        return (f"{self.acc()} = #tile.wgmma<warpsPerCTA = [{self.warps}, 1], "
                f"instrShape = [16, {self.instr_n}]>")

    def window_acc(self):
        """The layout of a BM x 64 window of the accumulator."""
        return f"#acc{self.bm}x64w{self.warps}"

    def window_attr(self):
        return (f"{self.window_acc()} = #tile.wgmma<warpsPerCTA = "
                f"[{self.warps}, 1], instrShape = [16, 64]>")

    def window_slice_attrs(self):
        """The row and column slices of the window layout (the offsets of
        stream_k_kernel's partial tiles)."""
        w = self.window_acc()
        return [f"{w}r = #tile.slice<dim = 1, parent = {w}>",
                f"{w}c = #tile.slice<dim = 0, parent = {w}>"]


# BK = 64: one 128-byte swizzle row of 16-bit elements per A row. Shared
# memory per CTA (the limit is 227 KiB): stages * (BM + BN) * 128 bytes for
# the A and B rings plus BM * BN * 2 for the C staging buffer: 160 KiB for
# 128x128 over 4 stages, 208 KiB for 128x256 and 256x128 over 3.
# 128x64 over 6 stages: 144 KiB of ring, for problems with too few 128x128
# tiles to fill the SMs (its B ring is a single box).
# 64x64 over 6 stages at two CTAs per SM (104 KiB each): for problems
# with few output tiles, twice the CTAs of 128x64 in flight on each SM,
# one's fill and epilogue under the other's MMA.
TILED = [Tiled(128, 128, 4, 128, 4), Tiled(128, 256, 8, 256, 3),
         Tiled(256, 128, 8, 128, 3), Tiled(128, 64, 4, 64, 6),
         Tiled(64, 64, 4, 64, 6, ctas_per_sm=2)]
# Persistent, specialized only: 128x256 and 128x128 tiles in groups of 8
# block rows; the staging buffer of C is only waited for (read_only) when
# the next tile writes it, so each tile's TMA store overlaps the next
# tile's main loop. 128x64 also with two consumer warpgroups (64 rows
# each, as cuBLAS's 1000^3 kernel splits its 128-row tile): each issues
# half the MMA chain, so two chains are in flight.
PERSISTENT = [Tiled(128, 256, 8, 256, 4, group_m=8),
              Tiled(128, 128, 4, 128, 6, group_m=8),
              Tiled(128, 128, 4, 128, 5, group_m=8, ping_pong=True),
              Tiled(128, 256, 8, 256, 4, group_m=8, cluster_m=2),
              Tiled(128, 64, 4, 64, 6, group_m=8, cluster_n=2),
              Tiled(128, 64, 8, 64, 6, group_m=8, cluster_n=2),
              Tiled(128, 256, 8, 256, 4, group_m=8, deferred_epilogue=True),
              Tiled(128, 256, 8, 256, 4, group_m=8, deferred_epilogue=True,
                    stream_k=True),
              Tiled(128, 64, 4, 64, 6, group_m=8, cluster_m=2, cluster_n=2)]
# Specialized only, in the GPU test: a loop without tile.num_stages (a
# one-slot ring: the producer refills it once the consumers released it,
# the case that raced in TileLang), and 128x128 at two CTAs per SM (256
# threads start with 128 registers; the consumers grow to 216: the case
# that hung in TileLang, whose budgets ignored the occupancy).
EDGE = [Tiled(128, 128, 4, 128, None), Tiled(128, 128, 4, 128, 4, ctas_per_sm=2)]
TILED_BY_VARIANT = {c.variant(ws): (c, ws) for c in TILED + EDGE
                    for ws in (True, False)}
TILED_BY_VARIANT.update({c.variant(True): (c, True) for c in PERSISTENT})
PERSISTENT_VARIANTS = [c.variant(True) for c in PERSISTENT]
WS_VARIANTS = [c.variant(True) for c in TILED] + PERSISTENT_VARIANTS
# The configuration rule of the `auto` rows (launch_{t}_auto): the first of
# these whose condition holds, else the last (the most tiles). "fill", K:
# its output tiles (ceil(M / BM) * ceil(N / BN)) fill every SM at least
# once and K is at least that. "b_in_l2", bytes: B (K x N) has at most that
# many bytes. Larger tiles move fewer bytes per
# FLOP; below one tile per SM, SMs idle, which costs more. The cooperative
# 128x256 kernel leaves the tensor cores idle during each tile's epilogue,
# a share that grows as K shrinks; ping-pong hides it under the other
# warpgroup's MMA. Measured (bench/NOTES.md): cooperative ahead at K = 4096
# and 8192 (by 0.01-0.04), ping-pong at K = 512 (0.96 against 0.85); the
# threshold 2048 lies between the measured points. Below one tile per SM,
# 128x64 tiles read 24 KiB from L2 per 1 MFLOP step, and A two thirds of
# it: clusters of two horizontally adjacent tiles multicast A, and were
# 1.09x faster at 1000^3 (f16 and bf16, bench/NOTES.md 2026-12-04, third
# session), but 0.89x at 128x8192x8192, where B (128 MiB) streams from
# HBM once and the pairs, which wait for each other's releases, only add
# coupling; so they are taken while B fits well within the L2 (50 MiB;
# 16 MiB keeps A and C room, a choice between the two measured points).
# The cooperative kernel with its epilogue deferred into the next tile's
# main loop (`de`) ran 1.00-1.05x the plain one in the same processes
# (bench/NOTES.md, 2026-12-05, tenth session: f16 4096^3 +2.5%, 8192^3 +5%,
# bf16 4096^3 +1%, 8192^3 -2%), so the rule takes it where it took the
# plain one. Its stream-K form (`desk`: the last, partial wave split along
# K) is not in the rule: 0.94-0.95x `de` at 4096^3 and 0.95-0.98x at
# 8192^3 (H100, bench/NOTES.md, fourteenth session); without its partial
# tiles' traffic (a timing-only build) it tied `de`, so the idle SMs of
# the last wave were not costing the 3% they were expected to.
AUTO_RULE = [("w128x256s4g8de", "fill", 2048), ("w128x128s5g8pp", "fill", 0),
             ("w128x64s6g8c1x2", "b_in_l2", 16 << 20), ("w128x64s6", None, None)]
EDGE_VARIANTS = [c.variant(True) for c in EDGE]
# The benchmark's rows: the configuration rule, the kernels it chooses
# from, the plain cooperative kernel (against `de`), and the fastest grid
# (non-persistent) kernel. The other block shapes (w128x128s4, w256x128s3,
# w128x128s6g8, w64x64s6c2), clusters of two along M (w128x256s4g8c2x1) and
# 2 x 2 (w128x64s6g8c2x2), two consumer warpgroups on the 128x64 tile
# (w128x64s6g8c1x2wg2: 0.96-1.00x w128x64s6g8c1x2 at 1000^3 and
# 128x8192x8192, tenth session), the same loops pipelined by tile-pipeline
# alone (`p`) and the seed's loop specialized were slower in the runs of
# bench/NOTES.md; they stay in the GPU test.
TILED_VARIANTS = (["w128x256s3", "w128x256s4g8"] + [v for v, _, _ in AUTO_RULE]
                  + ["w128x256s4g8desk", "auto"])
TILED_SHAPES = [(4096, 4096, 4096), (8192, 8192, 8192), (8192, 8192, 512),
                (128, 8192, 8192), (1000, 1000, 1000)]


# Every Tiled and fp8 kernel is a programmatic dependent launch
# (tile-dependent-launch): its CTAs start, and run their prologue (shared
# memory, barriers, descriptor prefetches), while the previous launch in the
# stream finishes, and wait for it before their first load. Back-to-back
# launches of short problems (1000^3: about 10 us of kernel against 1-2 us
# between kernels) lose less time between them. TILE_DEPENDENT_LAUNCH=0 at
# run time launches them ordinarily, for comparison.
DEPENDENT_LAUNCH = ", tile.dependent_launch"


def tiled_kernel(t, v):
    """The seed's loop at block shape c (see Tiled), written the way the seed
    is: single-buffered TMA loads, expect_tx / arrive / wait on one barrier
    per operand, a synchronous tile.dot and a tile.barrier after it. B
    (64 x BN, N contiguous) arrives as one 64 x BN box, which the compiler
    splits into BN / 64 boxes one 128-byte swizzle row wide; C leaves as
    BN / 64 boxes of BM x 64 (at most 256 rows), each through a
    tile.smem_subslice (or a window of the accumulator when persistent)."""
    c, ws = TILED_BY_VARIANT[v]
    if c.stream_k:
        return stream_k_kernel(t, v)
    if c.deferred_epilogue:
        return deferred_persistent_kernel(t, v)
    if c.group_m:
        return persistent_kernel(t, v)
    occupancy = (f", nvvm.minctasm = {c.ctas_per_sm} : i32"
                 if c.ctas_per_sm else "")
    return f"""
    gpu.func @gemm_{t}_{v}(%descA: !desc{c.bm}_{t}, %descB: {desc_b(t, c)}, %descC: !desc{c.bm}_{t}, %K: i32) kernel
        attributes {{tile.num_warps = {c.warps} : i32{occupancy}{DEPENDENT_LAUNCH}}} {{
{tiled_prologue(t, c)}
      %bx = tile.program_id x
      %by = tile.program_id y
      %off_m = arith.muli %by, %bm_i32 : i32
      %off_n = arith.muli %bx, %bn_i32 : i32{n_offsets(c, "      ")}
{tiled_k_loop(t, c, ws, "      ")}
{tiled_epilogue(t, c, "      ")}
      tma.store_wait pending = 0
      gpu.return
    }}
"""


def persistent_kernel(t, v):
    """The same loop on a persistent grid: CTA b computes output tiles b,
    b + G, b + 2G, ... (G CTAs), numbered in groups of group_m block rows
    (tile i of a group is block row i % rows, block column i / rows), so
    the CTAs in flight share A rows and B columns in L2. The pass's rings
    carry their slots and phases from one tile to the next, so the producer
    runs ahead into the next tile while the consumers finish this one. C
    leaves through two small staging buffers (windowed_epilogue), each
    waited for (read_only) only before it is written again, so a tile's
    stores overlap the next tile's main loop."""
    c, ws = TILED_BY_VARIANT[v]
    return f"""
    gpu.func @gemm_{t}_{v}(%descA: {desc_a(t, c)}, %descB: {desc_b(t, c)}, %descC: !desc{c.bm}_{t}, %K: i32,
        %tiles_m: i32, %tiles_n: i32) kernel attributes {{tile.num_warps = {c.warps} : i32{cluster_attr(c)}{DEPENDENT_LAUNCH}}} {{
{tiled_prologue(t, c)}
{grouped_tile_loop(c)}
{tiled_k_loop(t, c, ws, "        ")}
{windowed_epilogue(t, c, "        ")}
      }}{" {tile.ping_pong}" if c.ping_pong else ""}
      tma.store_wait pending = 0
      gpu.return
    }}
"""


class DeferredEpilogue:
    """The pieces that move a persistent kernel's epilogue into the next
    tile's main loop (deferred_persistent_kernel), for C of element type
    `t`: the tile loop carries the rounded tile (%prev, BM x BN x t, half
    the accumulator's registers) and its offsets; K step j + 1 stores window
    j of the previous tile between its loads and its waits, under the MMA
    of step j still in flight (the async dot's dot_wait follows the next
    dot). Windows whose K step does not exist (fewer K steps than windows
    + 1) are stored after the K loop, and the last tile's after the tile
    loop."""

    def __init__(self, t, c):
        assert not c.ping_pong and c.cluster_size == 1 and c.bn % 64 == 0
        self.t, self.c = t, c
        self.windows = c.bn // 64
        self.whole = f"tensor<{c.bm}x{c.bn}x{t}, {c.acc()}>"

    def store_if(self, j, cond, tile, off_m, off_n, pad):
        """scf.if `cond` { store window j of `tile` (at off_m, off_n) }."""
        c = self.c
        lines = [f"%pw{j} = tile.extract_slice {tile}[0, {64 * j}] : {self.whole} -> "
                 f"tensor<{c.bm}x64x{self.t}, {c.window_acc()}>",
                 f"%pc{j} = arith.constant {64 * j} : i32",
                 f"%pn{j} = arith.addi {off_n}, %pc{j} : i32"]
        lines += store_window(self.t, c, j, f"%pw{j}", off_m, f"%pn{j}", "p")
        body = "\n".join(pad + "  " + line for line in lines)
        return f"{pad}scf.if {cond} {{\n{body}\n{pad}}}"

    def setup(self):
        """Constants and the first %prev, before the tile loop."""
        constants = "".join(f"\n      %c{j + 1} = arith.constant {j + 1} : index"
                            for j in range(1, self.windows))
        return f"""      %c0_i32 = arith.constant 0 : i32
      %false = arith.constant false
      %true = arith.constant true
      %zero_h = arith.constant 0.0 : {self.t}
      %prev_init = tile.splat %zero_h : {self.whole}{constants}"""

    def carried(self):
        """plain_grouped_tile_loop's `carried`."""
        return ("%carry:4 = ",
                f"iter_args(%prev = %prev_init, %prev_m = %c0_i32, %prev_n = %c0_i32, "
                f"%has_prev = %false) -> ({self.whole}, i32, i32, i1) ")

    def in_loop(self, pad, step="%k"):
        """The K loop body's stores, after its loads (lines start with
        `pad`); `step` counts the loop's iterations from 0. Only steps 1 ..
        windows store, so one test guards the windows' own: the K steps
        after them (most of a long K loop) pay one compare and a branch,
        not a compare, an and and a branch per window (bench/NOTES.md,
        sixteenth session)."""
        stores = "".join(
            f"\n{pad}  %k_is{j} = arith.cmpi eq, {step}, %c{j + 1} : index\n"
            + self.store_if(j, f"%k_is{j}", "%prev", "%prev_m", "%prev_n", pad + "  ")
            for j in range(self.windows))
        return (f"\n{pad}%in_head = arith.cmpi ule, {step}, %c{self.windows} : index"
                f"\n{pad}%head = arith.andi %in_head, %has_prev : i1"
                f"\n{pad}scf.if %head {{{stores}\n{pad}}}")

    def late_stores(self, trips="%k_tiles"):
        """After the K loop (of `trips` iterations): the windows of the
        previous tile no K step stored."""
        return "\n".join(
            f"        %late{j} = arith.cmpi ule, {trips}, %c{j + 1} : index\n"
            f"        %store_late{j} = arith.andi %late{j}, %has_prev : i1\n"
            + self.store_if(j, f"%store_late{j}", "%prev", "%prev_m", "%prev_n", "        ")
            for j in range(self.windows))

    def after_loop(self):
        """After the K loop: the windows no K step stored, then this tile
        rounded and carried."""
        c = self.c
        return f"""{self.late_stores()}
        %rounded = arith.truncf %acc : tensor<{c.bm}x{c.bn}xf32, {c.acc()}> to {self.whole}
        scf.yield %rounded, %off_m, %off_n, %true : {self.whole}, i32, i32, i1"""

    def flush(self):
        """After the tile loop: the last tile's windows."""
        return "\n".join(self.store_if(j, "%carry#3", "%carry#0", "%carry#1", "%carry#2", "      ")
                         for j in range(self.windows))


def deferred_persistent_kernel(t, v):
    """persistent_kernel with each tile's epilogue moved into the next
    tile's main loop (DeferredEpilogue), where the tensor cores are busy:
    the cooperative kernel otherwise leaves them idle while both consumer
    warpgroups store a tile (bench/NOTES.md, 2026-12-05: 3-7% at 4096^3)."""
    c, ws = TILED_BY_VARIANT[v]
    de = DeferredEpilogue(t, c)
    return f"""
    gpu.func @gemm_{t}_{v}(%descA: {desc_a(t, c)}, %descB: {desc_b(t, c)}, %descC: !desc{c.bm}_{t}, %K: i32,
        %tiles_m: i32, %tiles_n: i32) kernel attributes {{tile.num_warps = {c.warps} : i32{DEPENDENT_LAUNCH}}} {{
{tiled_prologue(t, c)}
{de.setup()}
{plain_grouped_tile_loop(c, de.carried())}
{tiled_k_loop(t, c, ws, "        ", de.in_loop("  "))}
{de.after_loop()}
      }}
{de.flush()}
      tma.store_wait pending = 0
      gpu.return
    }}
"""


# f32 elements of one partial tile in the stream-K workspace: the largest
# stream-K block (128 x 256).
STREAM_K_TILE = 128 * 256
# What a stream-K split costs, in K steps of its tile: the writer's partial
# tile out (BM x BN f32, 128 KiB at 128x256) and the reducer's in, about
# 1-2 us each against 0.7-0.8 us per 128x256x64 step on the H200. The host
# splits the last wave only when that leaves it shorter (stream_k_launch).
STREAM_K_COST = 4
# At most this many CTAs share one tile of the last wave: fewer, longer
# segments where the wave has few tiles (a reducer reads every other
# contributor's partial).
STREAM_K_MAX_SPLIT = 4


def stream_k_schedule():
    """The stream-K kernel's work list (scalar IR, before the unit loop).
    Of the T output tiles, the first D = T - (T mod G) are whole tiles,
    CTA b taking b, b + G, ... (G CTAs, D / G each). With %sk_ctas = S > 0
    the last T mod G tiles' K steps, I in all, are one sequence split over
    CTAs 0 .. S - 1: CTA b runs steps [b I / S, (b + 1) I / S), at most two
    segments (a range is shorter than one tile), the segment in its
    range's last tile first (the "tail"), then the one in its first tile
    (the "head"), if that is another tile. A segment that ends before its
    tile's last K step writes its partial accumulator to the workspace
    (slot b) and raises flag b; the one that ends at it (it started
    mid-tile) waits for the flags of the tile's other CTAs (all lower: the
    ranges go up with b) and adds their partials. Those other CTAs wrote
    theirs first thing (tails) or over their whole range (one segment
    inside the tile), so the wait is short, and a CTA only waits for
    lower-numbered ones, which run if it does."""
    return """      %c1_i32 = arith.constant 1 : i32
      %group_m = arith.constant 8 : i32
      %num_tiles = arith.muli %tiles_m, %tiles_n : i32
      %group_tiles = arith.muli %tiles_n, %group_m : i32
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %sk_on = arith.cmpi ugt, %sk_ctas, %c0_i32 : i32
      %last_wave = arith.remui %num_tiles, %grid : i32
      %sk_tiles = arith.select %sk_on, %last_wave, %c0_i32 : i32
      %dp_tiles = arith.subi %num_tiles, %sk_tiles : i32
      %grid_m1 = arith.subi %grid, %c1_i32 : i32
      %dp_left = arith.subi %dp_tiles, %bid : i32
      %dp_left_p = arith.addi %dp_left, %grid_m1 : i32
      %dp_units = arith.divui %dp_left_p, %grid : i32
      %two_units = arith.constant 2 : i32
      %sk_units = arith.select %sk_on, %two_units, %c0_i32 : i32
      %units_i32 = arith.addi %dp_units, %sk_units : i32
      %units = arith.index_cast %units_i32 : i32 to index
      // This CTA's K steps of the last wave, [lo, hi) of I = tiles x steps.
      %sk_steps = arith.muli %sk_tiles, %k_tiles_i32 : i32
      %sk_steps64 = arith.extui %sk_steps : i32 to i64
      %one64 = arith.constant 1 : i64
      %sk_ctas64 = arith.extui %sk_ctas : i32 to i64
      %sk_div = arith.maxui %sk_ctas64, %one64 : i64
      %bid64 = arith.extui %bid : i32 to i64
      %bid1_64 = arith.addi %bid64, %one64 : i64
      %in_sk = arith.cmpi ult, %bid, %sk_ctas : i32
""" + range_start("lo", "%bid64") + range_start("hi", "%bid1_64") + """      %has_range = arith.cmpi ult, %lo, %hi : i32
      // K = 0 leaves no range; the divisions below still must not be by 0.
      %k_div = arith.maxui %k_tiles_i32, %c1_i32 : i32
      // The tail: the segment in the tile of step hi - 1.
      %hi_m1 = arith.subi %hi, %c1_i32 : i32
      %tail_q = arith.divui %hi_m1, %k_div : i32
      %tail_rel = arith.select %has_range, %tail_q, %c0_i32 : i32
      %tail_base = arith.muli %tail_rel, %k_tiles_i32 : i32
      %tail_start = arith.maxui %lo, %tail_base : i32
      %tail_kb_t = arith.subi %tail_start, %tail_base : i32
      %tail_ke_t = arith.subi %hi, %tail_base : i32
      %tail_kb = arith.select %has_range, %tail_kb_t, %c0_i32 : i32
      %tail_ke = arith.select %has_range, %tail_ke_t, %c0_i32 : i32
      // The head: the segment in the tile of step lo, when that is another.
      %head_rel = arith.divui %lo, %k_div : i32
      %head_other = arith.cmpi ne, %head_rel, %tail_rel : i32
      %has_head = arith.andi %has_range, %head_other : i1
      %head_base = arith.muli %head_rel, %k_tiles_i32 : i32
      %head_kb_t = arith.subi %lo, %head_base : i32
      %head_kb = arith.select %has_head, %head_kb_t, %c0_i32 : i32
      %head_ke = arith.select %has_head, %k_tiles_i32, %c0_i32 : i32"""


def range_start(name, cta64):
    """IR lines: %`name` = the first K step of the last wave that CTA
    `cta64` (i64) runs, `cta` x I / S, or I for CTAs past %sk_ctas (where
    %in_sk is false: the ranges of %bid are [lo, hi))."""
    return f"""      %{name}_num = arith.muli {cta64}, %sk_steps64 : i64
      %{name}_q = arith.divui %{name}_num, %sk_div : i64
      %{name}_t = arith.trunci %{name}_q : i64 to i32
      %{name} = arith.select %in_sk, %{name}_t, %sk_steps : i32
"""


def stream_k_unit():
    """The unit loop's head: unit u of this CTA is whole tile bid + u G
    (u < its whole tiles), then the tail, then the head (stream_k_schedule):
    %tile_i32 and the K steps [%kb, %ke) it runs."""
    return """        %u_i32 = arith.index_cast %u : index to i32
        %is_dp = arith.cmpi ult, %u_i32, %dp_units : i32
        %is_tail = arith.cmpi eq, %u_i32, %dp_units : i32
        %dp_step = arith.muli %u_i32, %grid : i32
        %dp_tile = arith.addi %bid, %dp_step : i32
        %seg_rel = arith.select %is_tail, %tail_rel, %head_rel : i32
        %seg_kb = arith.select %is_tail, %tail_kb, %head_kb : i32
        %seg_ke = arith.select %is_tail, %tail_ke, %head_ke : i32
        %seg_tile = arith.addi %dp_tiles, %seg_rel : i32
        %any_tile = arith.select %is_dp, %dp_tile, %seg_tile : i32
        // An empty segment (a CTA without a range) may name the tile past
        // the last: it runs no K step, but its coordinates must not divide
        // by zero (the last tile group's rows).
        %last_tile = arith.subi %num_tiles, %c1_i32 : i32
        %tile_i32 = arith.minui %any_tile, %last_tile : i32
        %kb_i32 = arith.select %is_dp, %c0_i32, %seg_kb : i32
        %ke_i32 = arith.select %is_dp, %k_tiles_i32, %seg_ke : i32
        %kb = arith.index_cast %kb_i32 : i32 to index
        %ke = arith.index_cast %ke_i32 : i32 to index"""


def grouped_coordinates(c, indent):
    """%off_m, %off_n (and n_offsets) of output tile %tile_i32, numbered
    in groups of %group_m block rows (see plain_grouped_tile_loop)."""
    lines = """%group = arith.divui %tile_i32, %group_tiles : i32
%group_row = arith.muli %group, %group_m : i32
%rows_left = arith.subi %tiles_m, %group_row : i32
%rows = arith.minui %rows_left, %group_m : i32
%in_group = arith.remui %tile_i32, %group_tiles : i32
%row_in_group = arith.remui %in_group, %rows : i32
%tile_m = arith.addi %group_row, %row_in_group : i32
%tile_n = arith.divui %in_group, %rows : i32
%off_m = arith.muli %tile_m, %bm_i32 : i32
%off_n = arith.muli %tile_n, %bn_i32 : i32"""
    return "\n".join(indent + l for l in lines.split("\n")) + n_offsets(c, indent)


def partial_offsets(c, slot, j, sfx):
    """IR lines: %po{sfx} = the element offsets of window j of partial
    slot `slot` (an i32 value) in the workspace (rows of BN f32)."""
    w = c.window_acc()
    win = f"tensor<{c.bm}x64xi32, {w}>"
    return [f"%pr{sfx} = tile.range 0 to {c.bm} : tensor<{c.bm}xi32, {w}r>",
            f"%pcl{sfx} = tile.range 0 to 64 : tensor<64xi32, {w}c>",
            f"%pr2{sfx} = tile.expand_dims %pr{sfx}, axis = 1 : tensor<{c.bm}xi32, {w}r> -> tensor<{c.bm}x1xi32, {w}>",
            f"%prb{sfx} = tile.broadcast %pr2{sfx} : tensor<{c.bm}x1xi32, {w}> -> {win}",
            f"%pc2{sfx} = tile.expand_dims %pcl{sfx}, axis = 0 : tensor<64xi32, {w}c> -> tensor<1x64xi32, {w}>",
            f"%pcb{sfx} = tile.broadcast %pc2{sfx} : tensor<1x64xi32, {w}> -> {win}",
            f"%pld{sfx} = arith.constant dense<{c.bn}> : {win}",
            f"%prow{sfx} = arith.muli %prb{sfx}, %pld{sfx} : {win}",
            f"%pin{sfx} = arith.addi %prow{sfx}, %pcb{sfx} : {win}",
            f"%pslot{sfx} = arith.constant {c.bm * c.bn} : i32",
            f"%pbase{sfx} = arith.muli {slot}, %pslot{sfx} : i32",
            f"%pcol{sfx} = arith.constant {64 * j} : i32",
            f"%pstart{sfx} = arith.addi %pbase{sfx}, %pcol{sfx} : i32",
            f"%pstarts{sfx} = tile.splat %pstart{sfx} : {win}",
            f"%po{sfx} = arith.addi %pin{sfx}, %pstarts{sfx} : {win}"]


def stream_k_fixup(t, c):
    """After a unit's K loop: a segment that ends before its tile's last K
    step writes its partial and raises its flag (release, GPU scope, after
    every consumer's stores: tile.barrier); one that started mid-tile and
    ends at its last step waits for the flags of the tile's other CTAs
    (acquire, clearing each for the next launch), adds their partials and
    stores the tile (not deferred: a CTA's head is its last unit). Whole
    tiles go on to the deferred epilogue."""
    acc = f"tensor<{c.bm}x{c.bn}xf32, {c.acc()}>"
    win = f"tensor<{c.bm}x64xf32, {c.window_acc()}>"
    writer = []
    for j in range(c.bn // 64):
        writer += [f"%ww{j} = tile.extract_slice %acc[0, {64 * j}] : {acc} -> {win}"]
        writer += partial_offsets(c, "%bid", j, f"w{j}")
        writer += [f"tile.store %partials[%pow{j}], %ww{j} : !tile.ptr<f32>, "
                   f"tensor<{c.bm}x64xi32, {c.window_acc()}>, {win}"]
    writer += ["tile.barrier",
               "%w_leader = tile.elect cta",
               "scf.if %w_leader {",
               "  %raised = tile.atomic_rmw exch %flags[%bid], %c1_i32 release gpu : !tile.ptr<i32>, i32, i32",
               "}"]
    reducer = ["// The tile's first K step, and the CTA whose range holds it.",
               "%first_step = arith.muli %seg_rel, %k_tiles_i32 : i32",
               "%first_step64 = arith.extui %first_step : i32 to i64",
               "%fs1 = arith.addi %first_step64, %one64 : i64",
               "%fs1_s = arith.muli %fs1, %sk_ctas64 : i64",
               "%fs1_s1 = arith.subi %fs1_s, %one64 : i64",
               "%first_cta64 = arith.divui %fs1_s1, %sk_steps64 : i64",
               "%first_cta = arith.index_cast %first_cta64 : i64 to index",
               "%bid_idx = arith.index_cast %bid : i32 to index",
               "%r_leader = tile.elect cta",
               "scf.if %r_leader {",
               "  scf.for %j = %first_cta to %bid_idx step %c1 {",
               "    %j_i32 = arith.index_cast %j : index to i32",
               "    scf.while : () -> () {",
               "      %seen = tile.atomic_rmw exch %flags[%j_i32], %c0_i32 acquire gpu : !tile.ptr<i32>, i32, i32",
               "      %unset = arith.cmpi eq, %seen, %c0_i32 : i32",
               "      scf.condition(%unset)",
               "    } do {",
               "      scf.yield",
               "    }",
               "  }",
               "}",
               "tile.barrier"]
    for j in range(c.bn // 64):
        reducer += [f"%rw{j} = tile.extract_slice %acc[0, {64 * j}] : {acc} -> {win}",
                    f"%rs{j} = scf.for %j = %first_cta to %bid_idx step %c1 iter_args(%sum = %rw{j}) -> ({win}) {{",
                    "  %j_i32 = arith.index_cast %j : index to i32"]
        reducer += ["  " + l for l in partial_offsets(c, "%j_i32", j, f"r{j}")]
        reducer += [f"  %part = tile.load %partials[%por{j}] : !tile.ptr<f32>, "
                    f"tensor<{c.bm}x64xi32, {c.window_acc()}> -> {win}",
                    f"  %added = arith.addf %sum, %part : {win}",
                    f"  scf.yield %added : {win}",
                    "}",
                    f"%rh{j} = arith.truncf %rs{j} : {win} to tensor<{c.bm}x64x{t}, {c.window_acc()}>"]
        reducer += store_window(t, c, j, f"%rh{j}", "%off_m", n_off(j), "r")
    pad = "          "
    return f"""        %kb_zero = arith.cmpi eq, %kb, %c0 : index
        %ke_last = arith.cmpi eq, %ke, %k_tiles : index
        %has_steps = arith.cmpi ult, %kb, %ke : index
        %whole = arith.andi %kb_zero, %ke_last : i1
        %ke_short = arith.cmpi ult, %ke, %k_tiles : index
        %writes = arith.andi %has_steps, %ke_short : i1
        %kb_mid = arith.cmpi ugt, %kb, %c0 : index
        %reduces = arith.andi %kb_mid, %ke_last : i1
        scf.if %writes {{
{chr(10).join(pad + l for l in writer)}
        }}
        scf.if %reduces {{
{chr(10).join(pad + l for l in reducer)}
        }}"""


def stream_k_kernel(t, v):
    """deferred_persistent_kernel whose last, partial wave of tiles is
    split along K over all the CTAs (stream_k_schedule): without it,
    T mod G tiles run on as many SMs while the others idle (4096^3 in
    128x256 tiles: 512 tiles on 132 SMs, the fourth wave 116 tiles; 8192^3:
    68 of 132 in its sixteenth). The partial accumulators meet in the
    workspace (%partials: one BM x BN f32 slot per CTA; %flags: one i32 per
    CTA, zero between launches) through tile.atomic_rmw flags. %sk_ctas = 0
    runs the plain schedule (the host decides: stream_k_launch). The
    kernel trusts that choice: %sk_ctas at most the grid and the wave's K
    steps, and at least its tiles (each then has a CTA that ends it; a
    range that ends nowhere would leave a tile unstored or a reducer
    waiting), and every CTA of the grid resident at once (a reducer spins
    on lower-numbered ones)."""
    c, ws = TILED_BY_VARIANT[v]
    de = DeferredEpilogue(t, c)
    return f"""
    gpu.func @gemm_{t}_{v}(%descA: {desc_a(t, c)}, %descB: {desc_b(t, c)}, %descC: !desc{c.bm}_{t}, %K: i32,
        %tiles_m: i32, %tiles_n: i32, %partials: !tile.ptr<f32>, %flags: !tile.ptr<i32>, %sk_ctas: i32) kernel
        attributes {{tile.num_warps = {c.warps} : i32{DEPENDENT_LAUNCH}}} {{
{tiled_prologue(t, c)}
{de.setup()}
{stream_k_schedule()}
      %carry:4 = scf.for %u = %c0 to %units step %c1 iter_args(%prev = %prev_init, %prev_m = %c0_i32, %prev_n = %c0_i32, %has_prev = %false) -> ({de.whole}, i32, i32, i1) {{
{stream_k_unit()}
{grouped_coordinates(c, "        ")}
{tiled_k_loop(t, c, ws, "        ", de.in_loop("  ", "%k_rel"), bounds=("%kb", "%ke"))}
        %trips = arith.subi %ke, %kb : index
{de.late_stores("%trips")}
{stream_k_fixup(t, c)}
        %rounded = arith.truncf %acc : tensor<{c.bm}x{c.bn}xf32, {c.acc()}> to {de.whole}
        scf.yield %rounded, %off_m, %off_n, %whole : {de.whole}, i32, i32, i1
      }}
{de.flush()}
      tma.store_wait pending = 0
      gpu.return
    }}
"""


def cluster_attr(c):
    return (f", known_cluster_size = array<i32: {c.cluster_size}, 1, 1>"
            if c.cluster_size > 1 else "")


def grouped_tile_loop(c):
    if c.cluster_size > 1:
        return clustered_tile_loop(c)
    return plain_grouped_tile_loop(c)


def clustered_tile_loop(c):
    """grouped_tile_loop for clusters of cluster_m x cluster_n adjacent
    tiles: the loop walks cluster tiles, cluster i (CTAs i * size ...)
    taking cluster tiles i, i + G / size, ..., in groups of c.group_m
    block rows; the CTA of rank r computes block row r % cluster_m, column
    r / cluster_m of its cluster tile. The CTAs of a column share B
    (%mask_b: cluster_m consecutive ranks), those of a row share A
    (%mask_a: every cluster_m-th rank). Every CTA of a cluster runs the
    same iterations (their loads are shared), so one past M or N still
    runs and computes a tile TMA keeps outside the tensor: its loads read
    zeros, its stores write nothing."""
    cm, cn = c.cluster_m or 1, c.cluster_n or 1
    masks = ""
    if cm > 1:
        masks += f"""
        %mask_b_base = arith.constant {(1 << cm) - 1} : i16
        %shift_b_i32 = arith.muli %rank_n, %cluster_m : i32
        %shift_b = arith.trunci %shift_b_i32 : i32 to i16
        %mask_b = arith.shli %mask_b_base, %shift_b : i16"""
    if cn > 1:
        masks += f"""
        %mask_a_base = arith.constant {sum(1 << (j * cm) for j in range(cn))} : i16
        %shift_a = arith.trunci %rank_m : i32 to i16
        %mask_a = arith.shli %mask_a_base, %shift_a : i16"""
    return f"""      %cluster_m = arith.constant {cm} : i32
      %cluster_n = arith.constant {cn} : i32
      %cluster_size = arith.constant {cm * cn} : i32
      %group_c = arith.constant {c.group_m // cm} : i32
      %cm_minus_1 = arith.constant {cm - 1} : i32
      %cn_minus_1 = arith.constant {cn - 1} : i32
      %tiles_mp = arith.addi %tiles_m, %cm_minus_1 : i32
      %tiles_mc = arith.divui %tiles_mp, %cluster_m : i32
      %tiles_np = arith.addi %tiles_n, %cn_minus_1 : i32
      %tiles_nc = arith.divui %tiles_np, %cluster_n : i32
      %num_tiles = arith.muli %tiles_mc, %tiles_nc : i32
      %group_tiles = arith.muli %tiles_nc, %group_c : i32
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %cid = arith.divui %bid, %cluster_size : i32
      %clusters = arith.divui %grid, %cluster_size : i32
      %rank = tile.cluster_rank
      %rank_m = arith.remui %rank, %cluster_m : i32
      %rank_n = arith.divui %rank, %cluster_m : i32
      %first = arith.index_cast %cid : i32 to index
      %last = arith.index_cast %num_tiles : i32 to index
      %stride = arith.index_cast %clusters : i32 to index
      scf.for %tile = %first to %last step %stride {{{masks}
        %tile_i32 = arith.index_cast %tile : index to i32
        %group = arith.divui %tile_i32, %group_tiles : i32
        %group_row = arith.muli %group, %group_c : i32
        %rows_left = arith.subi %tiles_mc, %group_row : i32
        %rows = arith.minui %rows_left, %group_c : i32
        %in_group = arith.remui %tile_i32, %group_tiles : i32
        %row_in_group = arith.remui %in_group, %rows : i32
        %tile_mc = arith.addi %group_row, %row_in_group : i32
        %tile_nc = arith.divui %in_group, %rows : i32
        %tile_m_base = arith.muli %tile_mc, %cluster_m : i32
        %tile_m = arith.addi %tile_m_base, %rank_m : i32
        %tile_n_base = arith.muli %tile_nc, %cluster_n : i32
        %tile_n = arith.addi %tile_n_base, %rank_n : i32
        %off_m = arith.muli %tile_m, %bm_i32 : i32
        %off_n = arith.muli %tile_n, %bn_i32 : i32{n_offsets(c, "        ")}"""


def plain_grouped_tile_loop(c, carried=""):
    """The persistent tile loop's head: CTA b takes tiles b, b + G, ... (G
    CTAs) in groups of c.group_m block rows (tile i of a group is block row
    i % rows, block column i / rows), and gets %off_m and %off_n (and the
    box columns of n_offsets) of its tile. The loop's body continues after
    it; the caller closes it. `carried`: "%results = " ... "iter_args(...)
    -> (...) " text around the loop's bounds, for values carried from one
    tile to the next."""
    result, iter_args = carried if carried else ("", "")
    return f"""      %group_m = arith.constant {c.group_m} : i32
      %num_tiles = arith.muli %tiles_m, %tiles_n : i32
      %group_tiles = arith.muli %tiles_n, %group_m : i32
      %bid = tile.program_id x
      %grid = tile.num_programs x
      %first = arith.index_cast %bid : i32 to index
      %last = arith.index_cast %num_tiles : i32 to index
      %stride = arith.index_cast %grid : i32 to index
      {result}scf.for %tile = %first to %last step %stride {iter_args}{{
        %tile_i32 = arith.index_cast %tile : index to i32
{grouped_coordinates(c, "        ")}"""


def n_offsets(c, indent):
    """%off_n1 ... : the column of each 64-wide box of B and C after the
    first (%off_n)."""
    return "".join(
        (f"\n{indent}%c{64 * j}_i32 = arith.constant {64 * j} : i32" if j > 1 else "")
        + f"\n{indent}%off_n{j} = arith.addi %off_n, %c{64 * j}_i32 : i32"
        for j in range(1, c.bn // 64))


def n_off(j):
    return "%off_n" if j == 0 else f"%off_n{j}"


def desc_a(t, c):
    """A's descriptor type: one BM x 64 box, for a cluster sharing A
    (cluster_n) split into cluster_n row blocks, one per CTA."""
    if (c.cluster_n or 1) > 1:
        return f"!descA{c.bm}m{c.cluster_n}_{t}"
    return f"!desc{c.bm}_{t}"


def desc_b(t, c):
    """B's descriptor type: one 64 x BN box, which the compiler splits into
    BN / 64 boxes of one 128-byte swizzle row (TMA's limit), and for a
    cluster into cluster_m row blocks, one per CTA."""
    if (c.cluster_m or 1) > 1:
        return f"!descB{c.bn}m{c.cluster_m}_{t}"
    return f"!desc64_{t}" if c.bn == 64 else f"!descB{c.bn}_{t}"


def prefetch_descriptors(descs, indent="        "):
    """Prefetches each (name, type) tensor map into the descriptor cache,
    so that the first TMA copy through it does not wait for it: for short
    problems (1000^3: about 13 us a launch) that wait is on every CTA's
    critical path."""
    return "".join(f"{indent}tma.prefetch_descriptor %{name} : {ty}\n"
                   for name, ty in descs)


def tiled_prologue(t, c):
    """Constants, the K step count, the shared buffers (B whole; C whole,
    or for a persistent kernel the two-window ring of windowed_epilogue)
    and the two barriers, initialized by one thread."""
    tileB = f"!tileB{c.bn}_{t}"
    tileC = f"!cring{c.bm}_{t}" if c.group_m else f"!tileC{c.shape}_{t}"
    return f"""      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c63_i32 = arith.constant 63 : i32
      %c64_i32 = arith.constant 64 : i32
      %bm_i32 = arith.constant {c.bm} : i32
      %bn_i32 = arith.constant {c.bn} : i32
      %k_padded = arith.addi %K, %c63_i32 : i32
      %k_tiles_i32 = arith.divui %k_padded, %c64_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %a_shared = tile.alloc_smem : !box{c.bm}_{t}
      %b_shared = tile.alloc_smem : {tileB}
      %c_shared = tile.alloc_smem : {tileC}
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {{
{prefetch_descriptors([("descA", desc_a(t, c)), ("descB", desc_b(t, c)), ("descC", f"!desc{c.bm}_{t}")])}\
        mbarrier.init %mbar_a, arrivals = {32 * c.warps}
        mbarrier.init %mbar_b, arrivals = {32 * c.warps}
      }}
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<{c.bm}x{c.bn}xf32, {c.acc()}>"""


def tiled_k_loop(t, c, ws, indent, after_loads="", bounds=("%c0", "%k_tiles")):
    """The K loop into %acc, carrying the pipelining markers; `after_loads`
    (IR lines) goes between the loads and the waits. `bounds`: the K steps
    it runs (a stream-K segment's need not start at 0); %k_rel counts its
    iterations from 0 when it does."""
    bm, bn, acc = c.bm, c.bn, c.acc()
    markers = [f"tile.num_stages = {c.stages} : i32"] if c.stages else []
    if ws:
        markers.append("tile.warp_specialize")
    tileB = f"!tileB{bn}_{t}"
    multicast = " multicast %mask_b" if (c.cluster_m or 1) > 1 else ""
    multicast_a = " multicast %mask_a" if (c.cluster_n or 1) > 1 else ""
    b_loads = (f"\n  tma.async_load %descB[%off_k, %off_n], %b_shared, %mbar_b{multicast} : "
               f"{desc_b(t, c)}, {tileB}")
    lb, ub = bounds
    relative, rel_i32 = "", "%k_i32"
    if lb != "%c0":
        relative = (f"\n  %k_rel = arith.subi %k, {lb} : index"
                    "\n  %rel_i32 = arith.index_cast %k_rel : index to i32")
        rel_i32 = "%rel_i32"
    text = f"""%acc = scf.for %k = {lb} to {ub} step %c1
    iter_args(%c_local = %init) -> (tensor<{bm}x{bn}xf32, {acc}>) {{
  %k_i32 = arith.index_cast %k : index to i32{relative}
  %off_k = arith.muli %k_i32, %c64_i32 : i32
  mbarrier.expect_tx %mbar_a, bytes = {bm * 128} if %leader
  tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a{multicast_a} : {desc_a(t, c)}, !box{bm}_{t}
  mbarrier.arrive %mbar_a
  mbarrier.expect_tx %mbar_b, bytes = {bn * 128} if %leader{b_loads}
  mbarrier.arrive %mbar_b{after_loads}
  %parity = arith.remui {rel_i32}, %c2_i32 : i32
  mbarrier.wait %mbar_a, phase %parity : i32
  mbarrier.wait %mbar_b, phase %parity : i32
  %d = tile.dot %a_shared, %b_shared, %c_local : !box{bm}_{t}, {tileB}, tensor<{bm}x{bn}xf32, {acc}> -> tensor<{bm}x{bn}xf32, {acc}>
  tile.barrier
  scf.yield %d : tensor<{bm}x{bn}xf32, {acc}>
}} {{{", ".join(markers)}}}"""
    return "\n".join(indent + line for line in text.split("\n"))


def windowed_epilogue(t, c, indent):
    """%acc leaves in BM x 64 windows (tile.extract_slice: a selection of
    each thread's accumulator registers) through a ring of two BM x 64
    staging buffers: window j waits until at most one bulk group is still
    reading (the previous window's; the one two windows back, which read
    this buffer, is done), writes buffer j % 2 and stores it as its own
    bulk group. With BN / 64 even, the first window of the next tile finds
    its buffer last read two windows back too. 32 KiB instead of BM x BN x 2
    bytes: what lets 128x256 keep 4 stages. With one window (BN = 64) the
    tile is its own window, and waits for the previous tile's store, which
    had a whole main loop to finish, to have read the buffer."""
    bm, bn, acc = c.bm, c.bn, c.acc()
    win = c.window_acc()
    windows = bn // 64
    assert windows == 1 or windows % 2 == 0
    lines = []
    for j in range(windows):
        if windows > 1:
            lines.append(f"%w{j} = tile.extract_slice %acc[0, {64 * j}] : tensor<{bm}x{bn}xf32, {acc}> -> tensor<{bm}x64xf32, {win}>")
        window = f"%w{j}" if windows > 1 else "%acc"
        lines.append(f"%h{j} = arith.truncf {window} : tensor<{bm}x64xf32, {win}> to tensor<{bm}x64x{t}, {win}>")
        lines += store_window(t, c, j, f"%h{j}", "%off_m", n_off(j))
    return "\n".join(indent + line for line in lines)


def store_window(t, c, j, window, off_m, off_n, suffix=""):
    """The IR lines that store `window` (BM x 64, rounded) as window j of
    its tile through staging buffer j % 2 (see windowed_epilogue) at
    [off_m, off_n]."""
    bm, win = c.bm, c.window_acc()
    pending = 1 if c.bn > 64 else 0
    s = f"%s{j}{suffix}"
    return [f"tma.store_wait pending = {pending} read_only",
            "tile.barrier",
            f"{s} = tile.smem_index %c_shared[%c{j % 2}] : !cring{bm}_{t} -> !box{bm}_{t}",
            f"tile.smem_store {window}, {s} : tensor<{bm}x64x{t}, {win}>, !box{bm}_{t}",
            "tile.fence_async_shared",
            "tile.barrier",
            f"tma.async_store {s}, %descC[{off_m}, {off_n}] : !box{bm}_{t}, !desc{bm}_{t}",
            "tma.store_commit"]


def tiled_epilogue(t, c, indent):
    """%acc rounded to the element type, staged in shared memory and stored
    by TMA, one BM x 64 box at a time, in one bulk group."""
    bm, bn, acc = c.bm, c.bn, c.acc()
    tileC = f"!tileC{c.shape}_{t}"
    lines = [f"%c_out = arith.truncf %acc : tensor<{bm}x{bn}xf32, {acc}> to tensor<{bm}x{bn}x{t}, {acc}>",
             f"tile.smem_store %c_out, %c_shared : tensor<{bm}x{bn}x{t}, {acc}>, {tileC}",
             "tile.fence_async_shared",
             "tile.barrier"]
    lines += [f"%cbox{j} = tile.smem_subslice %c_shared[0, {64 * j}] : {tileC} -> !box{bm}_{t}"
              for j in range(bn // 64)]
    lines += [f"tma.async_store %cbox{j}, %descC[%off_m, {n_off(j)}] : !box{bm}_{t}, !desc{bm}_{t}"
              for j in range(bn // 64)]
    lines.append("tma.store_commit")
    return "\n".join(indent + line for line in lines)


# fp8 (e4m3) on the same path: the persistent kernels with e4m3 operands.
# wgmma takes 8-bit operands K-major only, so B is stored [N, K] (as
# cuBLASLt's fp8 GEMM wants it too), loaded as one BN x BK box and viewed
# BK x BN through tile.smem_trans (inside the loop: a view made before a
# ping-pong tile loop would be shared by both warpgroups' copies of the
# ring). C is bf16, through the bf16 kernels'
# two-window staging ring and descriptors. BK is one swizzle row: 128
# elements (128-byte swizzle) or 64 (64-byte swizzle: half the bytes per
# stage, so twice the stages in the same ring).
class Fp8:
    def __init__(self, tiled, bk):
        self.c, self.bk = tiled, bk
        c = tiled
        stages = f"s{c.stages}"
        group = f"g{c.group_m}"
        pp = "pp" if c.ping_pong else ""
        cl = f"c{c.cluster_m}x1" if c.cluster_m else ""
        de = "de" if c.deferred_epilogue else ""
        self.variant = f"w{c.bm}x{c.bn}x{bk}{stages}{group}{pp}{cl}{de}"


# The cooperative 128x256 kernel (4 x 48 KiB of ring) and, measured
# against it (bench/NOTES.md): BK = 64 over 8 stages (the same ring in
# smaller steps, so the producer runs further ahead), ping-pong 128x128
# (the epilogue under the other warpgroup's MMA: at fp8's rate a tile's
# main loop is half as long, so the epilogue's share doubles) and clusters
# of 2 sharing B by multicast; and 256x128 (the 128x256 tile turned: each
# warpgroup's 128 rows as two m64n128 wgmmas).
FP8_CONFIGS = [Fp8(Tiled(128, 256, 8, 256, 4, group_m=8), 128),
               Fp8(Tiled(128, 256, 8, 256, 8, group_m=8), 64),
               Fp8(Tiled(128, 128, 4, 128, 5, group_m=8, ping_pong=True), 128),
               Fp8(Tiled(128, 256, 8, 256, 4, group_m=8, cluster_m=2), 128),
               Fp8(Tiled(256, 128, 8, 128, 3, group_m=8), 128),
               Fp8(Tiled(128, 256, 8, 256, 4, group_m=8, deferred_epilogue=True), 128)]
FP8_BY_VARIANT = {f.variant: f for f in FP8_CONFIGS}
# The configuration rule for e4m3 (as AUTO_RULE): the cooperative kernel
# with its epilogue deferred into the next tile's main loop where its tiles
# fill the SMs and K is long enough for the windows to hide (as for 16
# bits), else the plain cooperative kernel (smaller problems: the fp8
# ping-pong and cluster kernels were slower at every measured shape,
# bench/NOTES.md 2026-12-04).
FP8_AUTO_RULE = [("w128x256x128s4g8de", "fill", 2048), ("w128x256x128s4g8", None, None)]
# Timed by the benchmark: the fastest (bench/NOTES.md, 2026-12-04), the
# 256x128 tile (two m64n128 wgmmas per warpgroup, B read once per 256 rows;
# 3 stages: its C staging ring is twice as large) and the fastest with its
# epilogue under the next tile's main loop (DeferredEpilogue; not measured
# yet); the GPU test checks them all.
FP8_BENCH = [FP8_BY_VARIANT[v] for v in
             ("w128x256x128s4g8", "w256x128x128s3g8", "w128x256x128s4g8de")]
FP8_VARIANTS = [f.variant for f in FP8_CONFIGS]
FP8_SHAPES = [(8192, 8192, 8192), (4096, 7168, 16384)]
# In the GPU test: one K step, a partial last K step and edge tiles (rows of
# an e4m3 tensor must be a multiple of 16 bytes for TMA, so K is 1008), and
# more tiles than SMs with partial tile groups.
FP8_TEST_SHAPES = [(256, 256, 128), (1000, 1000, 1008), (2200, 2304, 384)]


def fp8_aliases(configs):
    """The swizzled layouts, TMA descriptors and boxes of the fp8 kernels:
    A's BM x BK box, B's BN x BK box (with its multicast descriptor for
    clusters) and B's K x N view."""
    text = ""
    for bk in sorted({f.bk for f in configs}):
        text += (f"#nvmma{bk}e8 = #tile.nvmma_shared<swizzle = {bk}, element_bits = 8>\n"
                 f"#nvmma{bk}e8t = #tile.nvmma_shared<swizzle = {bk}, element_bits = 8, transposed = true>\n")
    for rows, bk in sorted({(r, f.bk) for f in configs for r in (f.c.bm, f.c.bn)}):
        text += (f"!desc8_{rows}x{bk} = !tma.descriptor<tensor<{rows}x{bk}xf8E4M3FN>, swizzle = {bk}>\n"
                 f"!box8_{rows}x{bk} = !tile.smem<{rows}x{bk}xf8E4M3FN, #nvmma{bk}e8, mutable>\n"
                 f"!box8t_{bk}x{rows} = !tile.smem<{bk}x{rows}xf8E4M3FN, #nvmma{bk}e8t, mutable>\n")
    for bn, bk, cm in sorted({(f.c.bn, f.bk, f.c.cluster_m) for f in configs if f.c.cluster_m}):
        text += f"!desc8_{bn}x{bk}m{cm} = !tma.descriptor<tensor<{bn}x{bk}xf8E4M3FN>, swizzle = {bk}, multicast = {cm}>\n"
    return text


def fp8_types(f):
    """(A's descriptor, A's box, B's descriptor, B's box, B's K x N view)."""
    c, bk = f.c, f.bk
    desc_b = (f"!desc8_{c.bn}x{bk}m{c.cluster_m}" if c.cluster_m
              else f"!desc8_{c.bn}x{bk}")
    return (f"!desc8_{c.bm}x{bk}", f"!box8_{c.bm}x{bk}", desc_b,
            f"!box8_{c.bn}x{bk}", f"!box8t_{bk}x{c.bn}")


def fp8_kernel(f):
    """persistent_kernel's structure for e4m3 operands (see Fp8)."""
    c, bk, acc = f.c, f.bk, f.c.acc()
    desc_a, box_a, desc_b, box_b, box_bt = fp8_types(f)
    de = DeferredEpilogue("bf16", c) if c.deferred_epilogue else None
    assert not c.cluster_n, "fp8 clusters share B only"
    multicast = " multicast %mask_b" if c.cluster_m else ""
    return f"""
    gpu.func @gemm_e4m3_{f.variant}(%descA: {desc_a}, %descB: {desc_b}, %descC: !desc{c.bm}_bf16, %K: i32,
        %tiles_m: i32, %tiles_n: i32) kernel attributes {{tile.num_warps = {c.warps} : i32{cluster_attr(c)}{DEPENDENT_LAUNCH}}} {{
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2_i32 = arith.constant 2 : i32
      %c64_i32 = arith.constant 64 : i32
      %bk_minus_1 = arith.constant {bk - 1} : i32
      %bk_i32 = arith.constant {bk} : i32
      %bm_i32 = arith.constant {c.bm} : i32
      %bn_i32 = arith.constant {c.bn} : i32
      %k_padded = arith.addi %K, %bk_minus_1 : i32
      %k_tiles_i32 = arith.divui %k_padded, %bk_i32 : i32
      %k_tiles = arith.index_cast %k_tiles_i32 : i32 to index
      %a_shared = tile.alloc_smem : {box_a}
      %b_shared = tile.alloc_smem : {box_b}
      %c_shared = tile.alloc_smem : !cring{c.bm}_bf16
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {{
{prefetch_descriptors([("descA", desc_a), ("descB", desc_b), ("descC", f"!desc{c.bm}_bf16")])}\
        mbarrier.init %mbar_a, arrivals = {32 * c.warps}
        mbarrier.init %mbar_b, arrivals = {32 * c.warps}
      }}
      tile.barrier
      %zero = arith.constant 0.0 : f32
      %init = tile.splat %zero : tensor<{c.bm}x{c.bn}xf32, {acc}>
{de.setup() + chr(10) if de else ""}\
{plain_grouped_tile_loop(c, de.carried()) if de else grouped_tile_loop(c)}
        %acc = scf.for %k = %c0 to %k_tiles step %c1
            iter_args(%c_local = %init) -> (tensor<{c.bm}x{c.bn}xf32, {acc}>) {{
          %k_i32 = arith.index_cast %k : index to i32
          %off_k = arith.muli %k_i32, %bk_i32 : i32
          mbarrier.expect_tx %mbar_a, bytes = {c.bm * bk} if %leader
          tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : {desc_a}, {box_a}
          mbarrier.arrive %mbar_a
          mbarrier.expect_tx %mbar_b, bytes = {c.bn * bk} if %leader
          tma.async_load %descB[%off_n, %off_k], %b_shared, %mbar_b{multicast} : {desc_b}, {box_b}
          mbarrier.arrive %mbar_b{de.in_loop("          ") if de else ""}
          %parity = arith.remui %k_i32, %c2_i32 : i32
          mbarrier.wait %mbar_a, phase %parity : i32
          mbarrier.wait %mbar_b, phase %parity : i32
          %b_kn = tile.smem_trans %b_shared, order = [1, 0] : {box_b} -> {box_bt}
          %d = tile.dot %a_shared, %b_kn, %c_local : {box_a}, {box_bt}, tensor<{c.bm}x{c.bn}xf32, {acc}> -> tensor<{c.bm}x{c.bn}xf32, {acc}>
          tile.barrier
          scf.yield %d : tensor<{c.bm}x{c.bn}xf32, {acc}>
        }} {{tile.num_stages = {c.stages} : i32, tile.warp_specialize}}
{de.after_loop() if de else windowed_epilogue("bf16", c, "        ")}
      }}{" {tile.ping_pong}" if c.ping_pong else ""}{chr(10) + de.flush() if de else ""}
      tma.store_wait pending = 0
      gpu.return
    }}
"""


def persistent_grid(c):
    """The host IR that sizes a persistent grid from %gx x %gy output tiles
    (at most one CTA per SM; for clusters, whole clusters, as many as have
    a cluster tile), and the launch's blocks, clusters and extra kernel
    arguments (the tile counts)."""
    if c.cluster_size > 1:
        grid = f"""    %cm = arith.constant {c.cluster_m or 1} : index
    %cn = arith.constant {c.cluster_n or 1} : index
    %cs = arith.constant {c.cluster_size} : index
    %gyc = arith.ceildivui %gy, %cm : index
    %gxc = arith.ceildivui %gx, %cn : index
    %tiles = arith.muli %gxc, %gyc : index
    %sms32 = llvm.call @tileRtMultiprocessorCount() : () -> i32
    %sms = arith.index_cast %sms32 : i32 to index
    %cluster_slots = arith.divui %sms, %cs : index
    %gc = arith.minui %tiles, %cluster_slots : index
    %g = arith.muli %gc, %cs : index
"""
        clusters = "clusters in (%cs, %c1, %c1) "
    else:
        grid = """    %tiles = arith.muli %gx, %gy : index
    %sms32 = llvm.call @tileRtMultiprocessorCount() : () -> i32
    %sms = arith.index_cast %sms32 : i32 to index
    %g = arith.minui %tiles, %sms : index
"""
        clusters = ""
    grid += """    %tiles_m = arith.index_cast %gy : index to i32
    %tiles_n = arith.index_cast %gx : index to i32
"""
    return grid, "(%g, %c1, %c1)", ", %tiles_m : i32, %tiles_n : i32", clusters


def stream_k_launch():
    """Host IR after persistent_grid: the stream-K kernel's workspace
    pointers and %sk_ctas, the CTAs that split the last wave's K steps:
    min(G, STREAM_K_MAX_SPLIT x its tiles), or 0 (whole tiles only) when
    there is no partial wave or splitting would not shorten it by more than
    STREAM_K_COST K steps."""
    return f"""    %partials = tile.ptr_from_memref %ws : memref<?xf32> -> !tile.ptr<f32>
    %flag_ptr = tile.ptr_from_memref %flags : memref<?xi32> -> !tile.ptr<i32>
    %sk_zero = arith.constant 0 : index
    %sk_one = arith.constant 1 : index
    %bk_sk = arith.constant 64 : index
    %last_wave = arith.remui %tiles, %g : index
    %k_steps = arith.ceildivui %k, %bk_sk : index
    %max_split = arith.constant {STREAM_K_MAX_SPLIT} : index
    %split_ctas = arith.muli %last_wave, %max_split : index
    %sk_g = arith.minui %g, %split_ctas : index
    %sk_div = arith.maxui %sk_g, %sk_one : index
    %wave_steps = arith.muli %last_wave, %k_steps : index
    %segment = arith.ceildivui %wave_steps, %sk_div : index
    %split_cost = arith.constant {STREAM_K_COST} : index
    %split_time = arith.addi %segment, %split_cost : index
    %shorter = arith.cmpi ult, %split_time, %k_steps : index
    %partial_wave = arith.cmpi ugt, %last_wave, %sk_zero : index
    %split = arith.andi %shorter, %partial_wave : i1
    %sk_chosen = arith.select %split, %sk_g, %sk_zero : index
    %sk_ctas = arith.index_cast %sk_chosen : index to i32
"""


FP8_LAUNCH_ARGS = ("(memref<?x?xf8E4M3FN>, memref<?x?xf8E4M3FN>, memref<?x?xbf16>, "
                   "index, index, index, !gpu.async.token) -> !gpu.async.token")
FP8_LAUNCH_SIGNATURE = """(%a: memref<?x?xf8E4M3FN>, %b: memref<?x?xf8E4M3FN>, %c: memref<?x?xbf16>,
                         %m: index, %n: index, %k: index, %dep: !gpu.async.token) -> !gpu.async.token"""


def fp8_launch(f):
    """launch_e4m3_{variant} (A [M, K], B [N, K] in e4m3, C [M, N] in
    bf16): the persistent grid of f's kernel."""
    c, v = f.c, f.variant
    desc_a, _, desc_b, _, _ = fp8_types(f)
    grid, blocks, extra, clusters = persistent_grid(c)
    return f"""
  func.func @launch_e4m3_{v}{FP8_LAUNCH_SIGNATURE} {{
    %c1 = arith.constant 1 : index
    %bm = arith.constant {c.bm} : index
    %bn = arith.constant {c.bn} : index
    %threads = arith.constant {32 * c.warps} : index
    %da = tma.make_descriptor %a : memref<?x?xf8E4M3FN> -> {desc_a}
    %db = tma.make_descriptor %b : memref<?x?xf8E4M3FN> -> {desc_b}
    %dc = tma.make_descriptor %c : memref<?x?xbf16> -> !desc{c.bm}_bf16
    %gx = arith.ceildivui %n, %bn : index
    %gy = arith.ceildivui %m, %bm : index
{grid}    %k32 = arith.index_cast %k : index to i32
    %done = gpu.launch_func async [%dep] @kernels::@gemm_e4m3_{v} {clusters}blocks in {blocks} threads in (%threads, %c1, %c1)
        args(%da : {desc_a}, %db : {desc_b}, %dc : !desc{c.bm}_bf16, %k32 : i32{extra})
    return %done : !gpu.async.token
  }}
"""


def fp8_host(v, timed):
    """launch_e4m3_{v} (`v` a variant, or "auto": FP8_AUTO_RULE) and
    bench_e4m3_{v} (check_e4m3_{v} untimed): checked against cuBLAS's f32
    GEMM of the exactly widened operands, then timed next to cuBLASLt's
    e4m3 GEMM (tile-runtime's tileRtCublasLtFp8GemmBaseline, fast
    accumulation like wgmma's), interleaved as timing() does."""
    fn = "bench" if timed else "check"
    args = FP8_LAUNCH_ARGS
    baseline = ("%baseline = llvm.call @tileRtCublasLtFp8GemmBaseline(%m64, %n64, %k64, %bf16) : "
                "(i64, i64, i64, i32) -> !llvm.ptr\n")
    timed_rows = timing("e4m3", v, args, baseline=baseline) if timed else ""
    launch = (auto_launch("e4m3", FP8_AUTO_RULE) if v == "auto"
              else fp8_launch(FP8_BY_VARIANT[v]))
    return launch + f"""
  func.func @{fn}_e4m3_{v}(%m: index, %n: index, %k: index, %name: !llvm.ptr) -> i32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %a, %t1 = gpu.alloc async [%t0] (%m, %k) : memref<?x?xf8E4M3FN>
    %b, %t2 = gpu.alloc async [%t1] (%n, %k) : memref<?x?xf8E4M3FN>
    %c, %t3 = gpu.alloc async [%t2] (%m, %n) : memref<?x?xbf16>
    %ref, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t4]
    %pa = tile.ptr_from_memref %a : memref<?x?xf8E4M3FN> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?xf8E4M3FN> -> !llvm.ptr
    %pc = tile.ptr_from_memref %c : memref<?x?xbf16> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %nk = arith.muli %n64, %k64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %two = arith.constant 2 : i64
    %mn_bytes = arith.muli %mn, %two : i64
    %e4m3 = arith.constant 3 : i32
    %bf16 = arith.constant 2 : i32
    %f32 = arith.constant 0 : i32
    %transposed = arith.constant 1 : i32
    %seed_a = arith.constant 17 : i64
    %seed_b = arith.constant 18 : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %e4m3, %seed_a) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %nk, %e4m3, %seed_b) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pc, %mn_bytes) : (!llvm.ptr, i64) -> ()
{launch_and_wait(f"launch_e4m3_{v}", "%a, %b, %c, %m, %n, %k", args)}    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %e4m3, %f32, %transposed, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pc, %n64, %bf16, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
{timed_rows}    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %a : memref<?x?xf8E4M3FN>
    %t7 = gpu.dealloc async [%t6] %b : memref<?x?xf8E4M3FN>
    %t8 = gpu.dealloc async [%t7] %c : memref<?x?xbf16>
    %t9 = gpu.dealloc async [%t8] %ref : memref<?x?xf32>
    gpu.wait [%t9]
    return %fail : i32
  }}
"""


def tiled_aliases(t, configs, persistent):
    """Types of the Tiled kernels: a TMA box of R x 64 elements (one
    128-byte swizzle row wide) and its shared buffer for R = 64 (B), BM (A,
    and one box of C), the whole B and C tiles, and for the `persistent`
    configurations the two-window staging ring of C."""
    rows = sorted({64} | {c.bm for c in configs})
    text = "".join(
        f"!desc{r}_{t} = !tma.descriptor<tensor<{r}x64x{t}>, swizzle = 128>\n"
        f"!box{r}_{t} = !tile.smem<{r}x64x{t}, #nvmma128, mutable>\n"
        for r in rows)
    text += "".join(f"!tileB{bn}_{t} = !tile.smem<64x{bn}x{t}, #nvmma128, mutable>\n"
                    for bn in sorted({c.bn for c in configs}))
    text += "".join(f"!descB{bn}_{t} = !tma.descriptor<tensor<64x{bn}x{t}>, swizzle = 128>\n"
                    for bn in sorted({c.bn for c in configs} - {64}))
    text += "".join(f"!descB{bn}m{cm}_{t} = !tma.descriptor<tensor<64x{bn}x{t}>, swizzle = 128, multicast = {cm}>\n"
                    for bn, cm in sorted({(c.bn, c.cluster_m) for c in persistent
                                          if (c.cluster_m or 1) > 1}))
    text += "".join(f"!descA{bm}m{cn}_{t} = !tma.descriptor<tensor<{bm}x64x{t}>, swizzle = 128, multicast = {cn}>\n"
                    for bm, cn in sorted({(c.bm, c.cluster_n) for c in persistent
                                          if (c.cluster_n or 1) > 1}))
    text += "".join(f"!tileC{c.shape}_{t} = !tile.smem<{c.bm}x{c.bn}x{t}, #nvmma128, mutable>\n"
                    for c in configs)
    text += "".join(f"!cring{bm}_{t} = !tile.smem<2x{bm}x64x{t}, #nvmma128, mutable>\n"
                    for bm in sorted({c.bm for c in persistent}))
    return text


LAUNCH_SIGNATURE = """(%a: memref<?x?x{t}>, %b: memref<?x?x{t}>, %c: memref<?x?x{t}>,
                        %m: index, %n: index, %k: index, %ws: memref<?xf32>, %flags: memref<?xi32>,
                        %dep: !gpu.async.token) -> !gpu.async.token"""


def tiled_launch(t, v):
    """launch_{t}_{v} on memrefs A[M, K], B[K, N], C[M, N] (A and B may be
    stored wider than K): a grid of ceil(N / BN) x ceil(M / BM) CTAs of
    consumer_warps * 32 threads (tile-warp-specialize widens the block for
    its producer warpgroup), or for a persistent kernel min(tiles, SMs)
    CTAs that are told the tile counts."""
    c, _ = TILED_BY_VARIANT[v]
    if c.group_m:
        grid, blocks, extra, clusters = persistent_grid(c)
    else:
        grid, blocks, extra, clusters = "", "(%gx, %gy, %c1)", "", ""
    if c.stream_k:
        grid += stream_k_launch()
        extra += ", %partials : !tile.ptr<f32>, %flag_ptr : !tile.ptr<i32>, %sk_ctas : i32"
    return f"""
  func.func @launch_{t}_{v}{LAUNCH_SIGNATURE.format(t=t)} {{
    %c1 = arith.constant 1 : index
    %bm = arith.constant {c.bm} : index
    %bn = arith.constant {c.bn} : index
    %bm1 = arith.constant {c.bm - 1} : index
    %bn1 = arith.constant {c.bn - 1} : index
    %threads = arith.constant {32 * c.warps} : index
    %da = tma.make_descriptor %a : memref<?x?x{t}> -> {desc_a(t, c)}
    %db = tma.make_descriptor %b : memref<?x?x{t}> -> {desc_b(t, c)}
    %dc = tma.make_descriptor %c : memref<?x?x{t}> -> !desc{c.bm}_{t}
    %np = arith.addi %n, %bn1 : index
    %mp = arith.addi %m, %bm1 : index
    %gx = arith.divui %np, %bn : index
    %gy = arith.divui %mp, %bm : index
{grid}    %k32 = arith.index_cast %k : index to i32
    %done = gpu.launch_func async [%dep] @kernels::@gemm_{t}_{v} {clusters}blocks in {blocks} threads in (%threads, %c1, %c1)
        args(%da : {desc_a(t, c)}, %db : {desc_b(t, c)}, %dc : !desc{c.bm}_{t}, %k32 : i32{extra})
    return %done : !gpu.async.token
  }}
"""


ELEMENT_BYTES = {"f16": 2, "bf16": 2}


def rule_text(rule):
    v, kind, bound = rule
    if kind == "fill":
        return f"{v} (its tiles fill every SM{f', K >= {bound}' if bound else ''})"
    return f"{v} (B at most {bound >> 20} MiB)"


def auto_rule_text(rule=AUTO_RULE):
    """A configuration rule in words, wrapped for a `//` comment."""
    text = ("the first of " + ", ".join(rule_text(r) for r in rule[:-1])
            + f", else {rule[-1][0]}")
    return "\n// ".join(textwrap.wrap(text, 72))


def auto_launch(t, rule=AUTO_RULE):
    """launch_{t}_auto: `rule` (AUTO_RULE, or FP8_AUTO_RULE for e4m3)
    applied to the problem at run time."""
    fp8 = t == "e4m3"
    launch_args = FP8_LAUNCH_ARGS if fp8 else LAUNCH_ARGS.format(t=t)
    signature = FP8_LAUNCH_SIGNATURE if fp8 else LAUNCH_SIGNATURE.format(t=t)

    def choose(i, pad):
        """The IR that picks among rule[i:], and the token it yields."""
        v, kind, bound = rule[i]
        call = (f"{pad}%done{i} = func.call @launch_{t}_{v}({launch_operands(t)}, %dep) : "
                f"{launch_args}")
        if i == len(rule) - 1:
            return call, f"%done{i}"
        c = FP8_BY_VARIANT[v].c if fp8 else TILED_BY_VARIANT[v][0]
        other, other_token = choose(i + 1, pad + "  ")
        if kind == "fill":
            condition = f"""{pad}%bm{i} = arith.constant {c.bm} : index
{pad}%bn{i} = arith.constant {c.bn} : index
{pad}%least_k{i} = arith.constant {bound} : index
{pad}%mp{i} = arith.ceildivui %m, %bm{i} : index
{pad}%np{i} = arith.ceildivui %n, %bn{i} : index
{pad}%tiles{i} = arith.muli %mp{i}, %np{i} : index
{pad}%fill{i} = arith.cmpi uge, %tiles{i}, %sms : index
{pad}%long{i} = arith.cmpi uge, %k, %least_k{i} : index
{pad}%ok{i} = arith.andi %fill{i}, %long{i} : i1
"""
        else:
            assert kind == "b_in_l2"
            condition = f"""{pad}%elem_bytes{i} = arith.constant {ELEMENT_BYTES[t]} : index
{pad}%most_b{i} = arith.constant {bound} : index
{pad}%kn{i} = arith.muli %k, %n : index
{pad}%b_bytes{i} = arith.muli %kn{i}, %elem_bytes{i} : index
{pad}%ok{i} = arith.cmpi ule, %b_bytes{i}, %most_b{i} : index
"""
        return f"""{condition}{pad}%chosen{i} = scf.if %ok{i} -> (!gpu.async.token) {{
{textwrap.indent(call.strip(), pad + "  ")}
{pad}  scf.yield %done{i} : !gpu.async.token
{pad}}} else {{
{other}
{pad}  scf.yield {other_token} : !gpu.async.token
{pad}}}""", f"%chosen{i}"
    text, token = choose(0, "    ")
    return f"""
  // The configuration rule ({"FP8_AUTO_RULE" if fp8 else "AUTO_RULE"} in the generator):
  // {auto_rule_text(rule).replace(chr(10), chr(10) + "  ")}.
  func.func @launch_{t}_auto{signature} {{
    %sms32 = llvm.call @tileRtMultiprocessorCount() : () -> i32
    %sms = arith.index_cast %sms32 : i32 to index
{text}
    return {token} : !gpu.async.token
  }}
"""


def tiled_host(t, code, v, timed):
    """Host side of a Tiled kernel (or of `auto`): its launch function and
    bench_{t}_{v} (timed: checked against cuBLAS, then timed as in host())
    or check_{t}_{v} (only checked). K = 0 is allowed: a descriptor cannot
    have an empty dimension, so A and B are stored 64 wide (random, never
    read: the kernel's K loop runs zero times), and cuBLAS's reference
    helper refuses K < 1, so D is compared with an all-zero f32 matrix
    (rel_err is then 0 only when D is exactly zero, else infinite)."""
    fn = "bench" if timed else "check"
    launch_args = LAUNCH_ARGS.format(t=t)
    timed_part = ("\n" + timing(t, v, launch_args)) if timed else ""
    launch = auto_launch(t) if v == "auto" else tiled_launch(t, v)
    return launch + f"""
  // Checks one run against cuBLAS (f32 reference){", then times it" if timed else ""}.
  func.func @{fn}_{t}_{v}(%m: index, %n: index, %k: index, %name: !llvm.ptr) -> i32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %k_empty = arith.cmpi eq, %k, %c0 : index
    %ks = arith.select %k_empty, %c64, %k : index
{operands(t, code, "%ks")}{launch_and_wait(f"launch_{t}_{v}", LAUNCH_OPERANDS, launch_args)}    scf.if %k_empty {{
      %zero = arith.constant 0.0 : f64
      llvm.call @tileRtFill(%pref, %mn, %f32, %zero) : (!llvm.ptr, i64, i32, f64) -> ()
    }} else {{
      %null = llvm.mlir.zero : !llvm.ptr
      llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %dtype, %f32, %no, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
    }}
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pc, %n64, %dtype, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
{timed_part}
{release(t)}    return %fail : i32
  }}
"""


# s1: the seed; s2, s3: pipelined by hand; p2, p3, p4: the seed marked
# tile.num_stages = 2, 3, 4 and pipelined by tile-pipeline.
VARIANTS = ["s1", "s2", "s3", "p2", "p3", "p4"]
HAND_VARIANTS = ["s1", "s2", "s3"]
PASS_VARIANTS = ["p2", "p3", "p4"]
# The seed variants the benchmark still times: the best of them, and the
# same loop warp-specialized (w2, w4: the measurement behind the default
# pipeline's choice, bench/NOTES.md).
BENCH_SEED_VARIANTS = ["p2"]


def variant_kernel(t, v):
    stages = int(v[1:])
    if v[0] in "pw":
        return kernel(t, v, stages, specialized=v[0] == "w")
    if stages == 1:
        return kernel(t)
    return pipelined_kernel(t, stages)


def kernels_for(t, variants):
    return "".join(variant_kernel(t, v) for v in variants)


def render(shapes, header, variants=VARIANTS, tiled=(), tiled_shapes=(),
           timed=True, fp8_shapes=()):
    """One program: the seed-shaped `variants` on `shapes`, the Tiled
    variants `tiled` on `tiled_shapes` and the fp8 kernel (FP8, timed
    against cuBLASLt; it uses the bf16 persistent 128x256 kernel's types)
    on `fp8_shapes`, each problem checked against cuBLAS and, when `timed`,
    timed next to it (untimed, each problem's check line names its shape,
    since no table row follows it)."""
    body = []
    calls = []
    names = []
    acc = None

    def call(t, v, i, m, n, k, fn, name):
        """Runs one problem unless TILE_MAX_PROBLEM rules it out
        (tileRtProblemEnabled; the GPU bundle's compute-sanitizer pass keeps
        the small problems)."""
        nonlocal acc
        r = f"%f_{t}_{v}_{i}"
        s = f"{t}_{v}_{i}"
        calls.append(f"""    %m_{s} = arith.constant {m} : index
    %n_{s} = arith.constant {n} : index
    %k_{s} = arith.constant {k} : index
    %name_{s} = llvm.mlir.addressof @{name} : !llvm.ptr
    %m64_{s} = arith.constant {m} : i64
    %n64_{s} = arith.constant {n} : i64
    %k64_{s} = arith.constant {k} : i64
    %enabled_{s} = llvm.call @tileRtProblemEnabled(%name_{s}, %m64_{s}, %n64_{s}, %k64_{s}) : (!llvm.ptr, i64, i64, i64) -> i32
    %run_{s} = arith.cmpi ne, %enabled_{s}, %skipped : i32
    {r} = scf.if %run_{s} -> (i32) {{
      %x_{s} = func.call @{fn}_{t}_{v}(%m_{s}, %n_{s}, %k_{s}, %name_{s}) : (index, index, index, !llvm.ptr) -> i32
      scf.yield %x_{s} : i32
    }} else {{
      scf.yield %skipped : i32
    }}""")
        if acc is None:
            acc = r
        else:
            calls.append(f"    %s_{t}_{v}_{i} = arith.addi {acc}, {r} : i32")
            acc = f"%s_{t}_{v}_{i}"

    def name_global(name, text):
        names.append(
            f'  llvm.mlir.global internal constant @{name}("{text}\\00") {{addr_space = 0 : i32}}')

    if timed:
        name_global("host_label_str", "  host ms per launch, enqueued")
    for t, code in TYPES.items():
        for v in variants:
            body.append(host(t, code, v))
            name_global(f"name_{t}_{v}_str", f"{t} {v}")
            for i, (m, n, k) in enumerate(shapes):
                call(t, v, i, m, n, k, "bench", f"name_{t}_{v}_str")
    # `auto` launches the rule's variants: their kernels and launch
    # functions are emitted even where they get no rows of their own.
    helpers = [v for v, _, _ in AUTO_RULE if "auto" in tiled and v not in tiled]
    kernel_variants = [v for v in tiled if v != "auto"] + helpers
    for t, code in TYPES.items():
        body += [tiled_launch(t, v) for v in helpers]
        for v in tiled:
            body.append(tiled_host(t, code, v, timed))
            if timed:
                name_global(f"name_{t}_{v}_str", f"{t} {v}")
            for i, (m, n, k) in enumerate(tiled_shapes):
                name = f"name_{t}_{v}_str" if timed else f"name_{t}_{v}_{i}_str"
                if not timed:
                    name_global(name, f"{t} {v} {m}x{n}x{k}")
                call(t, v, i, m, n, k, "bench" if timed else "check", name)
    all_configs = [TILED_BY_VARIANT[v][0] for v in kernel_variants]
    # Aliases are per block shape (and for persistent kernels, per BM).
    configs = [c for i, c in enumerate(all_configs)
               if c.shape not in [d.shape for d in all_configs[:i]]]
    persistent = [c for c in all_configs if c.group_m]
    attrs = []
    if variants:
        attrs.append("#nvmma64 = #tile.nvmma_shared<swizzle = 64, element_bits = 16>")
    attrs.append("#nvmma128 = #tile.nvmma_shared<swizzle = 128, element_bits = 16>")
    if variants:
        attrs.append("#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>")
    attrs += list(dict.fromkeys(c.acc_attr() for c in all_configs))
    attrs += sorted({c.window_attr() for c in persistent})
    attrs += sorted({a for c in persistent if c.stream_k for a in c.window_slice_attrs()})
    type_aliases = "".join(aliases(t) for t in TYPES) if variants else ""
    # The fp8 kernels store C through the bf16 kernels' boxes, descriptors
    # and staging rings: theirs for each fp8 BM too.
    fp8_tiles = [f.c for f in (FP8_BENCH if timed else FP8_CONFIGS)] if fp8_shapes else []
    alias_configs = configs + [c for i, c in enumerate(fp8_tiles)
                               if c.bm not in [d.bm for d in configs + fp8_tiles[:i]]]
    if configs:
        type_aliases += "".join(tiled_aliases(t, alias_configs,
                                              persistent + fp8_tiles)
                                for t in TYPES)
    kernels = "".join(kernels_for(t, variants) for t in TYPES)
    kernels += "".join(tiled_kernel(t, v) for t in TYPES for v in kernel_variants)
    fill = "\n  llvm.func @tileRtFill(!llvm.ptr, i64, i32, f64)" if tiled else ""
    # Every f16 / bf16 check allocates the stream-K workspace (workspace()).
    fill += "\n  llvm.func @tileRtMultiprocessorCount() -> i32"
    if fp8_shapes:
        assert "w128x256s4g8" in kernel_variants
        fp8 = FP8_BENCH if timed else FP8_CONFIGS
        type_aliases += fp8_aliases(fp8)
        known = set(attrs)
        attrs += [a for a in dict.fromkeys(x for f in fp8 for x in (f.c.acc_attr(), f.c.window_attr()))
                  if a not in known]
        kernels += "".join(fp8_kernel(f) for f in fp8)
        assert all(v in [f.variant for f in fp8] for v, _, _ in FP8_AUTO_RULE)
        for v in [f.variant for f in fp8] + ["auto"]:
            body.append(fp8_host(v, timed))
            if timed:
                name_global(f"name_e4m3_{v}_str", f"e4m3 {v}")
            for i, (m, n, k) in enumerate(fp8_shapes):
                name = (f"name_e4m3_{v}_str" if timed
                        else f"name_e4m3_{v}_{i}_str")
                if not timed:
                    name_global(name, f"e4m3 {v} {m}x{n}x{k}")
                call("e4m3", v, i, m, n, k, "bench" if timed else "check",
                     name)
        fill += "\n  llvm.func @tileRtCublasLtFp8GemmBaseline(i64, i64, i64, i32) -> !llvm.ptr"
    text = f"""{header}
{chr(10).join(attrs)}
{type_aliases}
module attributes {{gpu.container_module}} {{
  gpu.module @kernels [#nvvm.target<chip = "sm_90a", features = "+ptx80", O = 3>] {{{kernels}  }}

{chr(10).join(names)}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64){fill}
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
  llvm.func @tileRtTimerStart() -> !llvm.ptr
  llvm.func @tileRtTimerStopMs(!llvm.ptr) -> f64
  llvm.func @tileRtTimerHostMs(!llvm.ptr) -> f64
  llvm.func @tileRtPrintF64(!llvm.ptr, f64)
  llvm.func @tileRtMedian(!llvm.ptr, i32) -> f64
  llvm.func @tileRtCublasGemmBaseline(i64, i64, i64, i32, i32, i32) -> !llvm.ptr
  llvm.func @tileRtGemmBaselineSampleMs(!llvm.ptr) -> f64
  llvm.func @tileRtGemmBaselineFree(!llvm.ptr)
  llvm.func @tileRtReportGemm(!llvm.ptr, i64, i64, i64, f64, f64)
  llvm.func @tileRtTimingEnabled() -> i32
  llvm.func @tileRtLaunchesPerSample() -> i32
  llvm.func @tileRtProblemEnabled(!llvm.ptr, i64, i64, i64) -> i32
{''.join(body)}
  func.func @main() -> i32 {{
    %skipped = arith.constant 0 : i32
{chr(10).join(calls)}
    return {acc} : i32
  }}
}}
"""
    return text


def write(root, path, text):
    """Writes `text` to `path` (relative to the repository root) under root."""
    path = os.path.join(root, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", default=os.path.dirname(here),
                        help="root of the tree to write into (default: the "
                             "repository)")
    root = parser.parse_args().out_dir
    header = """// Generated by bench/generate_gemm_bench.py: TileMLIR GEMM vs cuBLAS.
//   tile-run bench/gemm_bench.mlir
// Variants: p2 = the TileLang seed (128x128x32 blocks of one warpgroup)
// marked tile.num_stages = 2 and pipelined by tile-pipeline, the best
// variant before warp specialization. Block shapes BMxBN (BK = 64) over S
// stages: wBMxBNsS = the seed's loop at that shape marked
// tile.num_stages = S and tile.warp_specialize (tile-warp-specialize adds
// a producer warpgroup), one CTA per output tile; 128x128 and 128x64 with
// one consumer warpgroup, 128x256 and 256x128 with two sharing the tile.
// ...g8 = persistent: at most one CTA per SM, walking the tiles in groups
// of 8 block rows, each tile's TMA store overlapping the next tile's main
// loop; ...pp = persistent ping-pong: one warpgroup's loop run by two
// consumer warpgroups on alternate tiles, their MMA phases taking turns so
// one's epilogue runs under the other's MMA; ...de = the epilogue of each
// tile deferred into the next tile's main loop; ...desk = that, with the
// last, partial wave of tiles split along K over every CTA (stream-K:
// partial tiles meet in a workspace through tile.atomic_rmw flags);
// ...cMxN = clusters of M x N tiles sharing operands by TMA multicast. auto = the configuration rule
// (AUTO_RULE in the generator):
// """ + auto_rule_text() + """.
// e4m3 auto = FP8_AUTO_RULE:
// """ + auto_rule_text(FP8_AUTO_RULE) + """.
// e4m3 wBMxBNxBK... = the persistent kernels with e4m3
// operands (BK = 128 or 64 elements, one swizzle row; B stored [N, K]) and
// bf16 C, timed against cuBLASLt's e4m3 GEMM (fast accumulation, as wgmma
// accumulates).
// Prints one correctness line per problem (relative error against
// cuBLAS's f32 result) and one table row: TFLOP/s of TileMLIR and cuBLAS
// (median of 10 samples of back-to-back launches after 3 warm-ups, CUDA
// events, both sides timed the same way, their samples alternating) and
// their ratio.
"""
    write(root, os.path.join("bench", "gemm_bench.mlir"),
          render(SHAPES, header, BENCH_SEED_VARIANTS, TILED_VARIANTS,
                 TILED_SHAPES, fp8_shapes=FP8_SHAPES))
    # The same kernels as a GPU integration test on smaller problems,
    # including shapes that are not multiples of the 128x128x32 block and a
    # K shorter than the pipeline.
    test_header = """// Generated by bench/generate_gemm_bench.py: the benchmark's GEMM kernels
// (seed as written, hand-pipelined over 2 and 3 stages; f16 and bf16) on
// 1024^3, 1000^3 and 384x256x40 (two K steps: fewer than 3 stages),
// checked against cuBLAS's f32 result on fresh random inputs.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s
"""
    checks = []
    small = [(1024, 1024, 1024), (1000, 1000, 1000), (384, 256, 40)]
    for t in TYPES:
        for v in HAND_VARIANTS:
            for (m, n, k) in small:
                checks.append(f"// CHECK: {t} {v}: rows={m} cols={n} rel_err={{{{[0-9.e+-]+}}}} {{{{.*}}}} nonfinite=0 -> PASS")
                checks.append(f"// CHECK: {t} {v} {{{{.*}}}}x{{{{ *}}}}{k}  tilemlir")
    text = render(small, test_header + "\n".join(checks) + "\n// CHECK-NOT: FAIL\n",
                  HAND_VARIANTS)
    write(root, os.path.join("integration_test", "GEMM", "tilelang-gemm-stages.mlir"),
          text)

    # The seed pipelined by tile-pipeline, on runtime trip counts of 1, 2, 3
    # (fewer than, equal to and more than the prologue of each stage count)
    # and many. K = 0 is left out: neither the descriptors nor the reference
    # accept an empty dimension.
    piped_header = """// Generated by bench/generate_gemm_bench.py: the TileLang seed GEMM
// (single-buffered, one barrier per operand) marked tile.num_stages = 2, 3
// and 4 and pipelined by tile-pipeline (p2, p3, p4; f16 and bf16), checked
// against cuBLAS's f32 result on fresh random inputs. The K steps (32 wide)
// are a runtime trip count: 1 (K = 32), 2 (K = 64), 3 (K = 96) and 32
// (K = 1000, 1024), so the guarded prologue, the guarded in-loop loads and
// the versioned barriers' parities are all exercised below, at and above
// every stage count.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s
"""
    piped = [(1024, 1024, 1024), (1000, 1000, 1000), (256, 256, 32),
             (256, 256, 64), (256, 256, 96), (384, 256, 40)]
    checks = []
    for t in TYPES:
        for v in PASS_VARIANTS:
            for (m, n, k) in piped:
                checks.append(f"// CHECK: {t} {v}: rows={m} cols={n} rel_err={{{{[0-9.e+-]+}}}} {{{{.*}}}} nonfinite=0 -> PASS")
                checks.append(f"// CHECK: {t} {v} {{{{.*}}}}x{{{{ *}}}}{k}  tilemlir")
    text = render(piped, piped_header + "\n".join(checks) + "\n// CHECK-NOT: FAIL\n",
                  PASS_VARIANTS)
    write(root, os.path.join("integration_test", "GEMM", "tilelang-gemm-pipelined.mlir"),
          text)

    # The warp-specialized kernels, on shapes that are not multiples of any
    # block (1000^3), M smaller than the block (128x8192x8192: half of a
    # 256-row block is past M), full blocks (4096^3), and K step counts of
    # 0, 1 and 2 (K = 0, 64, 96: none a multiple of the stage count, and
    # fewer steps than stages, so the producer's first round ends early);
    # 2200x2304x328 gives the persistent kernels more tiles than SMs (CTAs
    # take one or two, 18 block rows: groups of 8, 8 and 2) and 6 K steps
    # per tile, so ring phases straddle tiles.
    ws_header = """// Generated by bench/generate_gemm_bench.py: the benchmark's warp-specialized
// GEMMs (""" + ", ".join(WS_VARIANTS) + """: the seed's loop at block
// shape BMxBNx64 marked tile.num_stages = S and tile.warp_specialize; f16
// and bf16), w128x128 (no tile.num_stages: a one-slot ring) and
// w128x128s4c2 (nvvm.minctasm = 2: register budgets for two CTAs per SM);
// ...g8 are persistent (one CTA per SM at most, tiles in groups of 8 block
// rows, each tile's TMA store overlapping the next tile); `auto` is the
// benchmark's configuration rule (AUTO_RULE); e4m3 """ + ", ".join(FP8_VARIANTS) + """:
// the persistent kernels on e4m3 operands (B stored [N, K]) with a bf16
// result. All are checked against cuBLAS's f32 result on fresh random inputs
// with D poisoned first. K = 64 and 96 are 1 and 2 K steps (fewer than the
// stages, not a multiple of them); K = 0 runs the K loop zero times, and D
// must be exactly zero (the reference helper refuses K = 0, so D is
// compared with a zero matrix: see tiled_host() in the generator).
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s
"""
    ws_shapes = [(256, 256, 64), (256, 256, 96), (256, 256, 0),
                 (1000, 1000, 1000), (128, 8192, 8192), (4096, 4096, 4096),
                 (2200, 2304, 328)]
    checks = []
    for t in TYPES:
        for v in WS_VARIANTS + EDGE_VARIANTS + ["auto"]:
            for (m, n, k) in ws_shapes:
                err = ("rel_err=0.000e+00 max_abs_err=0.000e+00" if k == 0
                       else "rel_err={{[0-9.e+-]+}} {{.*}}")
                checks.append(f"// CHECK: {t} {v} {m}x{n}x{k}: rows={m} cols={n} {err} nonfinite=0 -> PASS")
    for v, (m, n, k) in itertools.product(FP8_VARIANTS + ["auto"], FP8_TEST_SHAPES):
        checks.append(f"// CHECK: e4m3 {v} {m}x{n}x{k}: rows={m} cols={n} rel_err={{{{[0-9.e+-]+}}}} {{{{.*}}}} nonfinite=0 -> PASS")
    text = render([], ws_header + "\n".join(checks) + "\n// CHECK-NOT: FAIL\n",
                  [], WS_VARIANTS + EDGE_VARIANTS + ["auto"], ws_shapes,
                  timed=False, fp8_shapes=FP8_TEST_SHAPES)
    write(root, os.path.join("integration_test", "GEMM", "gemm-warp-specialized.mlir"),
          text)

    # The stream-K kernel where it splits the last wave (stream_k_launch):
    # 4096^3 (above: 116 tiles on all 132 CTAs, ranges straddling tiles)
    # and here a last wave of one tile (4 CTAs on 32 K steps: a writer at K
    # step 0, two writers inside the tile, the reducer) and of 5 tiles on
    # 20 CTAs over 30 K steps (ranges of 7 or 8 steps that start and end
    # mid-tile; K not a multiple of 64); 2048x4096x4096 (124 tiles in the
    # last wave, 61 K steps a CTA: not shorter by STREAM_K_COST) runs the
    # kernel's whole-tile schedule with a partial wave. One launch after
    # another, so each finds the flags the previous one left (zero).
    sk_header = """// Generated by bench/generate_gemm_bench.py: the stream-K GEMM (w128x256s4g8desk:
// the last, partial wave of 128x256 tiles split along K over the CTAs,
// partial tiles meeting through a workspace and tile.atomic_rmw flags) on
// problems whose last wave it splits in different ways, checked against
// cuBLAS's f32 result on fresh random inputs with D and the workspace's
// partial tiles poisoned first.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s
"""
    sk_shapes = [(896, 4864, 2048), (17536, 256, 1880), (2048, 4096, 4096),
                 (896, 4864, 2048)]
    checks = []
    for t in TYPES:
        for (m, n, k) in sk_shapes:
            checks.append(f"// CHECK: {t} w128x256s4g8desk {m}x{n}x{k}: rows={m} cols={n} rel_err={{{{[0-9.e+-]+}}}} {{{{.*}}}} nonfinite=0 -> PASS")
    text = render([], sk_header + "\n".join(checks) + "\n// CHECK-NOT: FAIL\n",
                  [], ["w128x256s4g8desk"], sk_shapes, timed=False)
    write(root, os.path.join("integration_test", "GEMM", "gemm-stream-k.mlir"),
          text)


if __name__ == "__main__":
    main()
