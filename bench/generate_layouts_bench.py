#!/usr/bin/env python3
"""Writes layouts_bench.mlir: kernels written without register layouts
against the same kernels with their layouts written by hand (issue 12).

Each kernel is written once, with a placeholder where each register tile's
layout goes; `auto` leaves them all out (tile-legalize-layouts chooses),
`hand` writes the layouts a kernel author would: for the GEMMs the wgmma
accumulator, its slices for the row and column vectors of the epilogue;
for the row softmax a blocked layout with the 1024 columns of a row across
a warp's lanes (4 consecutive floats each) and the 16 rows across 4 warps,
and its row slice for the row statistics.

- `gemm_plain`: the TileLang seed's loop at 128x128x32, 3 stages (one
  warpgroup, TMA ring), D stored by a masked tile.store of the accumulator;
- `gemm_bias_relu`: the same with D = relu(A B + bias[n]): the bias row is
  loaded in the accumulator's column slice and broadcast in registers;
- `softmax`: Y = softmax(X) per row, X and Y f32 [R, 1024], 16 rows a CTA.

Every problem is first checked (a cuBLAS or host reference on fresh random
inputs, outputs poisoned), then timed: 3 warm-ups, the median of 10
samples of 20 back-to-back launches between CUDA events. The program
prints each kernel's time and, for each pair, the ratio auto / hand, and
the bias+ReLU GEMM's time over the plain GEMM's.

--out-dir DIR writes under DIR instead of the repository root.
"""

import argparse
import os

GEMM_SHAPE = (4096, 4096, 4096)
SOFTMAX_SHAPE = (65536, 1024)
SOFTMAX_ROWS = 16

# Layout aliases of the `hand` kernels (the `auto` ones have none).
HAND_ALIASES = """#acc = #tile.wgmma<warpsPerCTA = [4, 1], instrShape = [16, 128]>
#accm = #tile.slice<dim = 1, parent = #acc>
#accn = #tile.slice<dim = 0, parent = #acc>
#rows = #tile.blocked<sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>
#rowv = #tile.slice<dim = 1, parent = #rows>
#colv = #tile.slice<dim = 0, parent = #rows>
"""
HAND = {"acc": ", #acc", "m": ", #accm", "n": ", #accn",
        "rows": ", #rows", "rowv": ", #rowv", "colv": ", #colv"}
AUTO = {k: "" for k in HAND}

GEMM_TYPES = """!descA = !tma.descriptor<tensor<128x32xf16>, swizzle = 64>
!descB = !tma.descriptor<tensor<32x64xf16>, swizzle = 128>
!smemA = !tile.smem<128x32xf16, #tile.nvmma_shared<swizzle = 64, element_bits = 16>, mutable>
!smemB = !tile.smem<32x128xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
!halfB = !tile.smem<32x64xf16, #tile.nvmma_shared<swizzle = 128, element_bits = 16>, mutable>
"""


def gemm_kernel(name, bias, L):
    """The seed's loop, then D (+ bias[n], ReLU) by a masked store."""
    acc = f"tensor<128x128xf32{L['acc']}>"
    args = "%bias: !tile.ptr<f16>, " if bias else ""
    if bias:
        epilogue = f"""      %zero_h = arith.constant dense<0.0> : tensor<128xf16{L['n']}>
      %b_row = tile.load %bias[%n_idx] mask %n_ok other %zero_h : !tile.ptr<f16>, tensor<128xi32{L['n']}>, tensor<128xi1{L['n']}> -> tensor<128xf16{L['n']}>
      %b_f32 = arith.extf %b_row : tensor<128xf16{L['n']}> to tensor<128xf32{L['n']}>
      %b_2d = tile.expand_dims %b_f32, axis = 0 : tensor<128xf32{L['n']}> -> tensor<1x128xf32{L['acc']}>
      %b_tile = tile.broadcast %b_2d : tensor<1x128xf32{L['acc']}> -> {acc}
      %biased = arith.addf %acc, %b_tile : {acc}
      %zeros = arith.constant dense<0.0> : {acc}
      %relu = arith.maximumf %biased, %zeros : {acc}
      %out = arith.truncf %relu : {acc} to tensor<128x128xf16{L['acc']}>
"""
    else:
        epilogue = f"""      %out = arith.truncf %acc : {acc} to tensor<128x128xf16{L['acc']}>
"""
    i32m, i32n, i1m, i1n = (f"tensor<128xi32{L['m']}>", f"tensor<128xi32{L['n']}>",
                            f"tensor<128xi1{L['m']}>", f"tensor<128xi1{L['n']}>")
    t2 = f"tensor<128x128xi32{L['acc']}>"
    b2 = f"tensor<128x128xi1{L['acc']}>"
    return f"""
    gpu.func @{name}(%descA: !descA, %descB: !descB, {args}%d: !tile.ptr<f16>,
                     %M: i32, %N: i32, %K: i32) kernel attributes {{tile.num_warps = 4 : i32}} {{
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
      %a_shared = tile.alloc_smem : !smemA
      %b_shared = tile.alloc_smem : !smemB
      %b_lo = tile.smem_subslice %b_shared[0, 0] : !smemB -> !halfB
      %b_hi = tile.smem_subslice %b_shared[0, 64] : !smemB -> !halfB
      %bars = mbarrier.alloc : !mbarrier.group<2>
      %mbar_a = mbarrier.index %bars[%c0] : !mbarrier.group<2>
      %mbar_b = mbarrier.index %bars[%c1] : !mbarrier.group<2>
      %leader = tile.elect cta
      scf.if %leader {{
        mbarrier.init %mbar_a, arrivals = 128
        mbarrier.init %mbar_b, arrivals = 128
      }}
      tile.barrier
      %init = arith.constant dense<0.0> : {acc}
      %acc = scf.for %k = %c0 to %k_tiles step %c1 iter_args(%c_local = %init) -> ({acc}) {{
        %k_i32 = arith.index_cast %k : index to i32
        %off_k = arith.muli %k_i32, %c32_i32 : i32
        mbarrier.expect_tx %mbar_a, bytes = 8192 if %leader
        tma.async_load %descA[%off_m, %off_k], %a_shared, %mbar_a : !descA, !smemA
        mbarrier.arrive %mbar_a
        mbarrier.expect_tx %mbar_b, bytes = 8192 if %leader
        tma.async_load %descB[%off_k, %off_n], %b_lo, %mbar_b : !descB, !halfB
        tma.async_load %descB[%off_k, %off_n_hi], %b_hi, %mbar_b : !descB, !halfB
        mbarrier.arrive %mbar_b
        %parity = arith.remui %k_i32, %c2_i32 : i32
        mbarrier.wait %mbar_a, phase %parity : i32
        mbarrier.wait %mbar_b, phase %parity : i32
        %dot = tile.dot %a_shared, %b_shared, %c_local : !smemA, !smemB, {acc} -> {acc}
        tile.barrier
        scf.yield %dot : {acc}
      }} {{tile.num_stages = 3 : i32}}
      %cols = tile.range 0 to 128 : {i32n}
      %n0 = tile.splat %off_n : {i32n}
      %n_idx = arith.addi %cols, %n0 : {i32n}
      %n_lim = tile.splat %N : {i32n}
      %n_ok = arith.cmpi slt, %n_idx, %n_lim : {i32n}
{epilogue}      %rows = tile.range 0 to 128 : {i32m}
      %m0 = tile.splat %off_m : {i32m}
      %m_idx = arith.addi %rows, %m0 : {i32m}
      %m_lim = tile.splat %M : {i32m}
      %m_ok = arith.cmpi slt, %m_idx, %m_lim : {i32m}
      %m_2d = tile.expand_dims %m_idx, axis = 1 : {i32m} -> tensor<128x1xi32{L['acc']}>
      %m_b = tile.broadcast %m_2d : tensor<128x1xi32{L['acc']}> -> {t2}
      %n_2d = tile.expand_dims %n_idx, axis = 0 : {i32n} -> tensor<1x128xi32{L['acc']}>
      %n_b = tile.broadcast %n_2d : tensor<1x128xi32{L['acc']}> -> {t2}
      %ld = tile.splat %N : {t2}
      %row_off = arith.muli %m_b, %ld : {t2}
      %off = arith.addi %row_off, %n_b : {t2}
      %m_ok2 = tile.expand_dims %m_ok, axis = 1 : {i1m} -> tensor<128x1xi1{L['acc']}>
      %m_okb = tile.broadcast %m_ok2 : tensor<128x1xi1{L['acc']}> -> {b2}
      %n_ok2 = tile.expand_dims %n_ok, axis = 0 : {i1n} -> tensor<1x128xi1{L['acc']}>
      %n_okb = tile.broadcast %n_ok2 : tensor<1x128xi1{L['acc']}> -> {b2}
      %mask = arith.andi %m_okb, %n_okb : {b2}
      tile.store %d[%off], %out mask %mask : !tile.ptr<f16>, {t2}, tensor<128x128xf16{L['acc']}>, {b2}
      gpu.return
    }}
"""


def softmax_kernel(name, L):
    """Y = softmax(X) over each row of 1024 floats, SOFTMAX_ROWS rows a CTA,
    in base 2 (math.exp2 of (x - max) * log2(e))."""
    r = SOFTMAX_ROWS
    t = f"tensor<{r}x1024xf32{L['rows']}>"
    ti = f"tensor<{r}x1024xi32{L['rows']}>"
    tb = f"tensor<{r}x1024xi1{L['rows']}>"
    rv = f"tensor<{r}xf32{L['rowv']}>"
    return f"""
    gpu.func @{name}(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %R: i32) kernel
        attributes {{tile.num_warps = 4 : i32}} {{
      %block = arith.constant {r} : i32
      %pid = tile.program_id x
      %row0 = arith.muli %pid, %block : i32
      %rows = tile.range 0 to {r} : tensor<{r}xi32{L['rowv']}>
      %r0 = tile.splat %row0 : tensor<{r}xi32{L['rowv']}>
      %ridx = arith.addi %rows, %r0 : tensor<{r}xi32{L['rowv']}>
      %rlim = tile.splat %R : tensor<{r}xi32{L['rowv']}>
      %rok = arith.cmpi slt, %ridx, %rlim : tensor<{r}xi32{L['rowv']}>
      %cols = tile.range 0 to 1024 : tensor<1024xi32{L['colv']}>
      %r2 = tile.expand_dims %ridx, axis = 1 : tensor<{r}xi32{L['rowv']}> -> tensor<{r}x1xi32{L['rows']}>
      %rb = tile.broadcast %r2 : tensor<{r}x1xi32{L['rows']}> -> {ti}
      %c2 = tile.expand_dims %cols, axis = 0 : tensor<1024xi32{L['colv']}> -> tensor<1x1024xi32{L['rows']}>
      %cb = tile.broadcast %c2 : tensor<1x1024xi32{L['rows']}> -> {ti}
      %ld = arith.constant dense<1024> : {ti}
      %roff = arith.muli %rb, %ld : {ti}
      %off = arith.addi %roff, %cb : {ti}
      %ok2 = tile.expand_dims %rok, axis = 1 : tensor<{r}xi1{L['rowv']}> -> tensor<{r}x1xi1{L['rows']}>
      %mask = tile.broadcast %ok2 : tensor<{r}x1xi1{L['rows']}> -> {tb}
      %zero = arith.constant dense<0.0> : {t}
      %v = tile.load %x[%off] mask %mask other %zero : !tile.ptr<f32>, {ti}, {tb} -> {t}
      %mx = tile.reduce max %v, axis = 1 : {t} -> {rv}
      %mx2 = tile.expand_dims %mx, axis = 1 : {rv} -> tensor<{r}x1xf32{L['rows']}>
      %mxb = tile.broadcast %mx2 : tensor<{r}x1xf32{L['rows']}> -> {t}
      %shifted = arith.subf %v, %mxb : {t}
      %log2e = arith.constant dense<1.44269504> : {t}
      %scaled = arith.mulf %shifted, %log2e : {t}
      %e = math.exp2 %scaled : {t}
      %s = tile.reduce add %e, axis = 1 : {t} -> {rv}
      %s2 = tile.expand_dims %s, axis = 1 : {rv} -> tensor<{r}x1xf32{L['rows']}>
      %sb = tile.broadcast %s2 : tensor<{r}x1xf32{L['rows']}> -> {t}
      %p = arith.divf %e, %sb : {t}
      tile.store %y[%off], %p mask %mask : !tile.ptr<f32>, {ti}, {t}, {tb}
      gpu.return
    }}
"""


# Tokens returned by a launch function are waited for through the stream
# they were launched on (the caller's `gpu.wait async` token): gpu-to-llvm
# takes a token from elsewhere for an event.
TIMING = """    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c10 = arith.constant 10 : index
    %c20 = arith.constant 20 : index
    %one = arith.constant 1 : i64
    %times = llvm.alloca %one x !llvm.array<10 x f64> : (i64) -> !llvm.ptr
    scf.for %i = %c0 to %c3 step %c1 {{
      %w0 = gpu.wait async
      %w1 = func.call @{launch}({args}, %w0) : {types}
      gpu.wait [%w0]
    }}
    scf.for %i = %c0 to %c10 step %c1 {{
      %timer = llvm.call @tileRtTimerStart() : () -> !llvm.ptr
      %first = gpu.wait async
      %last = scf.for %j = %c0 to %c20 step %c1 iter_args(%dep = %first) -> (!gpu.async.token) {{
        %done = func.call @{launch}({args}, %dep) : {types}
        scf.yield %done : !gpu.async.token
      }}
      gpu.wait [%first]
      %sample = llvm.call @tileRtTimerStopMs(%timer) : (!llvm.ptr) -> f64
      %launches = arith.constant 20.0 : f64
      %ms = arith.divf %sample, %launches : f64
      %i64 = arith.index_cast %i : index to i64
      %slot = llvm.getelementptr %times[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f64
      llvm.store %ms, %slot : f64, !llvm.ptr
    }}
    %count = arith.constant 10 : i32
    %median = llvm.call @tileRtMedian(%times, %count) : (!llvm.ptr, i32) -> f64
"""

GEMM_LAUNCH_TYPES = ("(memref<?x?xf16>, memref<?x?xf16>, memref<?xf16>, memref<?x?xf16>, "
                     "index, index, index, !gpu.async.token) -> !gpu.async.token")
SOFTMAX_LAUNCH_TYPES = "(memref<?x?xf32>, memref<?x?xf32>, index, !gpu.async.token) -> !gpu.async.token"


def gemm_host(name, bias):
    bias_arg = "%pbias : !tile.ptr<f16>, " if bias else ""
    relu_ref = ("    llvm.call @tileRtReferenceBiasRelu(%pref, %m64, %n64, %pbias_raw, %f16, %yes) : "
                "(!llvm.ptr, i64, i64, !llvm.ptr, i32, i32) -> ()\n" if bias else "")
    return f"""
  func.func @launch_{name}(%a: memref<?x?xf16>, %b: memref<?x?xf16>, %bias: memref<?xf16>,
                          %d: memref<?x?xf16>, %m: index, %n: index, %k: index,
                          %dep: !gpu.async.token) -> !gpu.async.token {{
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %da = tma.make_descriptor %a : memref<?x?xf16> -> !descA
    %db = tma.make_descriptor %b : memref<?x?xf16> -> !descB
    %pbias = tile.ptr_from_memref %bias : memref<?xf16> -> !tile.ptr<f16>
    %pd = tile.ptr_from_memref %d : memref<?x?xf16> -> !tile.ptr<f16>
    %gx = arith.ceildivui %n, %c128 : index
    %gy = arith.ceildivui %m, %c128 : index
    %m32 = arith.index_cast %m : index to i32
    %n32 = arith.index_cast %n : index to i32
    %k32 = arith.index_cast %k : index to i32
    %t = gpu.launch_func async [%dep] @kernels::@{name} blocks in (%gx, %gy, %c1) threads in (%c128, %c1, %c1)
        args(%da : !descA, %db : !descB, {bias_arg}%pd : !tile.ptr<f16>, %m32 : i32, %n32 : i32, %k32 : i32)
    return %t : !gpu.async.token
  }}

  func.func @bench_{name}(%m: index, %n: index, %k: index) -> (i32, f64) {{
    %w = gpu.wait async
    %a, %t1 = gpu.alloc async [%w] (%m, %k) : memref<?x?xf16>
    %b, %t2 = gpu.alloc async [%t1] (%k, %n) : memref<?x?xf16>
    %bias, %t3 = gpu.alloc async [%t2] (%n) : memref<?xf16>
    %d, %t4 = gpu.alloc async [%t3] (%m, %n) : memref<?x?xf16>
    %ref, %t5 = gpu.alloc async [%t4] (%m, %n) : memref<?x?xf32>
    gpu.wait [%t5]
    %pa = tile.ptr_from_memref %a : memref<?x?xf16> -> !llvm.ptr
    %pb = tile.ptr_from_memref %b : memref<?x?xf16> -> !llvm.ptr
    %pbias_raw = tile.ptr_from_memref %bias : memref<?xf16> -> !llvm.ptr
    %pd = tile.ptr_from_memref %d : memref<?x?xf16> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %m64 = arith.index_cast %m : index to i64
    %n64 = arith.index_cast %n : index to i64
    %k64 = arith.index_cast %k : index to i64
    %mk = arith.muli %m64, %k64 : i64
    %kn = arith.muli %k64, %n64 : i64
    %mn = arith.muli %m64, %n64 : i64
    %two = arith.constant 2 : i64
    %mn_bytes = arith.muli %mn, %two : i64
    %f16 = tile.dtype_code f16 : i32
    %f32 = tile.dtype_code f32 : i32
    %no = arith.constant 0 : i32
    %yes = arith.constant 1 : i32
    %s1 = arith.constant 31 : i64
    %s2 = arith.constant 32 : i64
    %s3 = arith.constant 33 : i64
    llvm.call @tileRtFillRandom(%pa, %mk, %f16, %s1) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pb, %kn, %f16, %s2) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pbias_raw, %n64, %f16, %s3) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%pd, %mn_bytes) : (!llvm.ptr, i64) -> ()
    %l0 = gpu.wait async
    %l1 = func.call @launch_{name}(%a, %b, %bias, %d, %m, %n, %k, %l0) : {GEMM_LAUNCH_TYPES}
    gpu.wait [%l0]
    %null = llvm.mlir.zero : !llvm.ptr
    llvm.call @tileRtReferenceGemm(%pa, %pb, %pref, %m64, %n64, %k64, %f16, %f32, %no, %null) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr) -> ()
{relu_ref}    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name_{name} : !llvm.ptr
    %tol = arith.constant 1.0e-2 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %pd, %n64, %f16, %pref, %n64, %f32, %m64, %n64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
{TIMING.format(launch="launch_" + name, args="%a, %b, %bias, %d, %m, %n, %k", types=GEMM_LAUNCH_TYPES)}    %e0 = gpu.wait async
    %e1 = gpu.dealloc async [%e0] %a : memref<?x?xf16>
    %e2 = gpu.dealloc async [%e1] %b : memref<?x?xf16>
    %e3 = gpu.dealloc async [%e2] %bias : memref<?xf16>
    %e4 = gpu.dealloc async [%e3] %d : memref<?x?xf16>
    %e5 = gpu.dealloc async [%e4] %ref : memref<?x?xf32>
    gpu.wait [%e5]
    return %fail, %median : i32, f64
  }}
"""


def softmax_host(name):
    return f"""
  func.func @launch_{name}(%x: memref<?x?xf32>, %y: memref<?x?xf32>, %r: index,
                          %dep: !gpu.async.token) -> !gpu.async.token {{
    %c1 = arith.constant 1 : index
    %block = arith.constant {SOFTMAX_ROWS} : index
    %threads = arith.constant 128 : index
    %px = tile.ptr_from_memref %x : memref<?x?xf32> -> !tile.ptr<f32>
    %py = tile.ptr_from_memref %y : memref<?x?xf32> -> !tile.ptr<f32>
    %g = arith.ceildivui %r, %block : index
    %r32 = arith.index_cast %r : index to i32
    %t = gpu.launch_func async [%dep] @kernels::@{name} blocks in (%g, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%px : !tile.ptr<f32>, %py : !tile.ptr<f32>, %r32 : i32)
    return %t : !gpu.async.token
  }}

  func.func @bench_{name}(%r: index) -> (i32, f64) {{
    %cols = arith.constant 1024 : index
    %w = gpu.wait async
    %x, %t1 = gpu.alloc async [%w] (%r, %cols) : memref<?x?xf32>
    %y, %t2 = gpu.alloc async [%t1] (%r, %cols) : memref<?x?xf32>
    %ref, %t3 = gpu.alloc async [%t2] (%r, %cols) : memref<?x?xf32>
    gpu.wait [%t3]
    %px = tile.ptr_from_memref %x : memref<?x?xf32> -> !llvm.ptr
    %py = tile.ptr_from_memref %y : memref<?x?xf32> -> !llvm.ptr
    %pref = tile.ptr_from_memref %ref : memref<?x?xf32> -> !llvm.ptr
    %r64 = arith.index_cast %r : index to i64
    %c64 = arith.constant 1024 : i64
    %n = arith.muli %r64, %c64 : i64
    %four = arith.constant 4 : i64
    %bytes = arith.muli %n, %four : i64
    %f32 = tile.dtype_code f32 : i32
    %seed = arith.constant 41 : i64
    llvm.call @tileRtFillRandom(%px, %n, %f32, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtPoison(%py, %bytes) : (!llvm.ptr, i64) -> ()
    %l0 = gpu.wait async
    %l1 = func.call @launch_{name}(%x, %y, %r, %l0) : {SOFTMAX_LAUNCH_TYPES}
    gpu.wait [%l0]
    llvm.call @tileRtReferenceRowSoftmax(%px, %pref, %r64, %c64) : (!llvm.ptr, !llvm.ptr, i64, i64) -> ()
    llvm.call @tileRtSynchronize() : () -> ()
    %name = llvm.mlir.addressof @name_{name} : !llvm.ptr
    %tol = arith.constant 1.0e-4 : f64
    %fail = llvm.call @tileRtCheck2DMixed(%name, %py, %c64, %f32, %pref, %c64, %f32, %r64, %c64, %tol) : (!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
{TIMING.format(launch="launch_" + name, args="%x, %y, %r", types=SOFTMAX_LAUNCH_TYPES)}    %e0 = gpu.wait async
    %e1 = gpu.dealloc async [%e0] %x : memref<?x?xf32>
    %e2 = gpu.dealloc async [%e1] %y : memref<?x?xf32>
    %e3 = gpu.dealloc async [%e2] %ref : memref<?x?xf32>
    gpu.wait [%e3]
    return %fail, %median : i32, f64
  }}
"""


# (kernel, layouts, problem) in the order they run.
KERNELS = [(f"{k}_{v}", k, v) for k in ("gemm_plain", "gemm_bias_relu", "softmax")
           for v in ("auto", "hand")]


def render():
    kernels, hosts, names = [], [], []
    for name, kind, v in KERNELS:
        L = HAND if v == "hand" else AUTO
        if kind == "softmax":
            kernels.append(softmax_kernel(name, L))
            hosts.append(softmax_host(name))
        else:
            kernels.append(gemm_kernel(name, kind == "gemm_bias_relu", L))
            hosts.append(gemm_host(name, kind == "gemm_bias_relu"))
        names.append(f'  llvm.mlir.global internal constant @name_{name}("{name}\\00") {{addr_space = 0 : i32}}')
    m, n, k = GEMM_SHAPE
    r, _ = SOFTMAX_SHAPE
    calls, fails, medians = [], [], {}
    for i, (name, kind, _) in enumerate(KERNELS):
        args = (f"%m, %n, %k) : (index, index, index)" if kind != "softmax"
                else "%r) : (index)")
        calls.append(f"    %f{i}, %t{i} = func.call @bench_{name}({args} -> (i32, f64)")
        calls.append(f"    llvm.call @tileRtPrintF64(%label_{name}, %t{i}) : (!llvm.ptr, f64) -> ()")
        fails.append(f"%f{i}")
        medians[name] = f"%t{i}"
        names.append(f'  llvm.mlir.global internal constant @label_{name}_str("{name} ms\\00") {{addr_space = 0 : i32}}')
    labels = "\n".join(f"    %label_{name} = llvm.mlir.addressof @label_{name}_str : !llvm.ptr"
                       for name, _, _ in KERNELS)
    ratios = []
    pairs = [(f"{k}_auto / {k}_hand", f"{k}_auto", f"{k}_hand")
             for k in ("gemm_plain", "gemm_bias_relu", "softmax")]
    pairs.append(("gemm_bias_relu_auto / gemm_plain_auto", "gemm_bias_relu_auto", "gemm_plain_auto"))
    for i, (label, a, b) in enumerate(pairs):
        names.append(f'  llvm.mlir.global internal constant @ratio{i}_str("ratio {label}\\00") {{addr_space = 0 : i32}}')
        ratios.append(f"""    %ratio{i} = arith.divf {medians[a]}, {medians[b]} : f64
    %ratio{i}_label = llvm.mlir.addressof @ratio{i}_str : !llvm.ptr
    llvm.call @tileRtPrintF64(%ratio{i}_label, %ratio{i}) : (!llvm.ptr, f64) -> ()""")
    total = fails[0]
    sums = []
    for i, f in enumerate(fails[1:]):
        sums.append(f"    %sum{i} = arith.addi {total}, {f} : i32")
        total = f"%sum{i}"
    return f"""// Generated by bench/generate_layouts_bench.py; do not edit.
// Kernels without register layouts (tile-legalize-layouts chooses) against
// the same kernels with their layouts written by hand: the seed's GEMM loop
// with a plain and a bias+ReLU epilogue ({m}x{n}x{k}, f16) and a row softmax
// ({r}x1024, f32). Each is checked, then timed (median of 10 samples of 20
// back-to-back launches); the program prints the times and the ratios.
//   build/bin/tile-run --emit-exe layouts_bench bench/layouts_bench.mlir
{HAND_ALIASES}{GEMM_TYPES}
module attributes {{gpu.container_module}} {{
  gpu.module @kernels [#nvvm.target<chip = "sm_90a">] {{{"".join(kernels)}  }}

{chr(10).join(names)}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtPoison(!llvm.ptr, i64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtReferenceGemm(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, i32, i32, i32, !llvm.ptr)
  llvm.func @tileRtReferenceBiasRelu(!llvm.ptr, i64, i64, !llvm.ptr, i32, i32)
  llvm.func @tileRtReferenceRowSoftmax(!llvm.ptr, !llvm.ptr, i64, i64)
  llvm.func @tileRtCheck2DMixed(!llvm.ptr, !llvm.ptr, i64, i32, !llvm.ptr, i64, i32, i64, i64, f64) -> i32
  llvm.func @tileRtTimerStart() -> !llvm.ptr
  llvm.func @tileRtTimerStopMs(!llvm.ptr) -> f64
  llvm.func @tileRtMedian(!llvm.ptr, i32) -> f64
  llvm.func @tileRtPrintF64(!llvm.ptr, f64)
{"".join(hosts)}
  func.func @main() -> i32 {{
    %m = arith.constant {m} : index
    %n = arith.constant {n} : index
    %k = arith.constant {k} : index
    %r = arith.constant {r} : index
{labels}
{chr(10).join(calls)}
{chr(10).join(ratios)}
{chr(10).join(sums)}
    return {total} : i32
  }}
}}
"""


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", default=os.path.dirname(here),
                        help="root of the tree to write into (default: the repository)")
    root = parser.parse_args().out_dir
    path = os.path.join(root, "bench", "layouts_bench.mlir")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(render())


if __name__ == "__main__":
    main()
