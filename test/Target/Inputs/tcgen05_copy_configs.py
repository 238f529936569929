#!/usr/bin/env python3
"""Writes the Gluon tutorial's tcgen05_copy_kernel (shared/seeds/000) for
every configuration its test_tcgen05_copy_nvmma_shared enumerates, with the
FileCheck lines its PTX must satisfy, to stdout.

The enumeration and the skips are the tutorial's:
  TMEM_BLOCK_M = 128, TMEM_BLOCK_N in 1..256 (powers of two),
  M in (128, 256), N in (16, 32, 64, 128, 256),
  skip M < TMEM_BLOCK_M, N < TMEM_BLOCK_N or M * N * 4 > 228 KiB;
  f32 only; swizzle 32, 64, 128;
  skip M == 256 and swizzle // TMEM_BLOCK_N >= 8 (no tcgen05.cp atom);
  skip N < swizzle // 4 (the swizzle's block is wider than the tile).

Each kernel: a coalesced global load, a store into a swizzled NVMMA shared
buffer, a generic-to-async proxy fence, tcgen05.cp into tensor memory, a
tcgen05.commit onto an mbarrier and its wait, tcgen05.ld back into
registers (one row per thread), a convert_layout to the coalesced layout
and a global store.

The expected instruction counts are computed here from the hardware shapes,
independently of the compiler: tcgen05.cp.128x256b moves 128 rows x 8
columns, so M / 128 * N / 8 copies; tcgen05.ld.32x32b.xK moves K columns of
one row per thread, and a thread's rows are contiguous in tensor memory for
N columns with one row block; with two (M = 256), for blockN columns, or
2 N when one block spans N (the second row block follows the first); at
most 128 columns per instruction.
"""

import argparse
import itertools

TMEM_BLOCK_M = 128


def configs(swizzle):
    out = []
    for block_n in [1, 2, 4, 8, 16, 32, 64, 128, 256]:
        for m, n in itertools.product([128, 256], [16, 32, 64, 128, 256]):
            if m < TMEM_BLOCK_M or n < block_n or m * n * 4 > 228 * 1024:
                continue
            if m == 256 and swizzle // block_n >= 8:
                continue
            if n < swizzle // 4:
                continue
            out.append((m, n, block_n))
    return out


def kernel(m, n, block_n, swizzle):
    name = f"copy_m{m}_n{n}_bn{block_n}_sw{swizzle}"
    copies = (m // 128) * (n // 8)
    if m == 128:
        run = min(n, 128)
    elif block_n >= n:  # Row blocks side by side: the m bit continues.
        run = min(2 * n, 128)
    else:
        run = min(block_n, 128)
    loads = m * n // 128 // run
    tile = f"tensor<{m}x{n}xf32, #coalesced>"
    offs = f"tensor<{m}x{n}xi32, #coalesced>"
    regs = (f"#tile.blocked<sizePerThread = [1, {n}], threadsPerWarp = [32, 1], "
            f"warpsPerCTA = [4, 1], order = [1, 0]>")
    smem = (f"!tile.smem<{m}x{n}xf32, #tile.nvmma_shared<swizzle = {swizzle}, "
            f"element_bits = 32>, mutable>")
    tmem = (f"!tmem.buffer<{m}x{n}xf32, #tmem.layout<block = [128, {block_n}], "
            f"col_stride = 1>>")
    rows = f"tensor<{m}xi32, #rows>"
    cols = f"tensor<{n}xi32, #cols>"
    return f"""
    // CHECK-LABEL: .entry {name}(
    // CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32
    // CHECK: fence.proxy.async.shared::cta
    // CHECK-COUNT-{copies}: tcgen05.cp.cta_group::1.128x256b [%r{{{{[0-9]+}}}}{{{{(\\+[0-9]+)?}}}}], %rd{{{{[0-9]+}}}};
    // CHECK-NOT: tcgen05.cp
    // CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
    // CHECK: mbarrier.try_wait.parity.shared.b64
    // CHECK-COUNT-{loads}: tcgen05.ld.sync.aligned.32x32b.x{run}.b32
    // CHECK-NOT: tcgen05.ld
    // CHECK: tcgen05.wait::ld.sync.aligned;
    // CHECK: st.global
    // CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32
    gpu.func @{name}(%in: !tile.ptr<f32>, %in_s0: i32, %in_s1: i32,
        %out: !tile.ptr<f32>, %out_s0: i32, %out_s1: i32) kernel
        attributes {{tile.num_warps = 4 : i32}} {{
      %c0 = arith.constant 0 : index
      %offs_m = tile.range 0 to {m} : {rows}
      %offs_n = tile.range 0 to {n} : {cols}
      %m2 = tile.expand_dims %offs_m, axis = 1 : {rows} -> tensor<{m}x1xi32, #coalesced>
      %n2 = tile.expand_dims %offs_n, axis = 0 : {cols} -> tensor<1x{n}xi32, #coalesced>
      %mb = tile.broadcast %m2 : tensor<{m}x1xi32, #coalesced> -> {offs}
      %nb = tile.broadcast %n2 : tensor<1x{n}xi32, #coalesced> -> {offs}
      %is0 = tile.splat %in_s0 : {offs}
      %is1 = tile.splat %in_s1 : {offs}
      %in_m = arith.muli %mb, %is0 : {offs}
      %in_n = arith.muli %nb, %is1 : {offs}
      %in_offs = arith.addi %in_m, %in_n : {offs}
      %input = tile.load %in[%in_offs] : !tile.ptr<f32>, {offs} -> {tile}
      %smem = tile.alloc_smem : {smem}
      %tmem = tmem.alloc : {tmem}
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {{
        mbarrier.init %bar, arrivals = 1
      }}
      tile.barrier
      tile.smem_store %input, %smem : {tile}, {smem}
      tile.fence_async_shared
      tile.barrier
      scf.if %leader {{
        tmem.copy %smem, %tmem : {smem}, {tmem}
        tmem.commit %bar
      }}
      %phase = arith.constant 0 : i32
      mbarrier.wait %bar, phase %phase : i32
      scf.if %leader {{
        mbarrier.invalidate %bar
      }}
      %output = tmem.load %tmem : {tmem} -> tensor<{m}x{n}xf32, {regs}>
      %coalesced = tile.convert_layout %output : tensor<{m}x{n}xf32, {regs}> -> {tile}
      %os0 = tile.splat %out_s0 : {offs}
      %os1 = tile.splat %out_s1 : {offs}
      %out_m = arith.muli %mb, %os0 : {offs}
      %out_n = arith.muli %nb, %os1 : {offs}
      %out_offs = arith.addi %out_m, %out_n : {offs}
      tile.store %out[%out_offs], %coalesced : !tile.ptr<f32>, {offs}, {tile}
      tile.barrier
      tmem.dealloc %tmem : {tmem}
      gpu.return
    }}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--swizzle", type=int, choices=[32, 64, 128],
                        required=True)
    args = parser.parse_args()
    chosen = configs(args.swizzle)
    print(f"// Generated by tcgen05_copy_configs.py --swizzle {args.swizzle}: "
          f"{len(chosen)} configurations.")
    print(f"// ENTRIES-COUNT-{len(chosen)}: .entry copy_m")
    print("// ENTRIES-NOT: .entry")
    print("#coalesced = #tile.blocked<sizePerThread = [1, 1], threadsPerWarp = "
          "[1, 32], warpsPerCTA = [1, 4], order = [1, 0]>")
    print("#rows = #tile.slice<dim = 1, parent = #coalesced>")
    print("#cols = #tile.slice<dim = 0, parent = #coalesced>")
    print("module attributes {gpu.container_module} {")
    print('  gpu.module @kernels [#nvvm.target<chip = "sm_100a">] {')
    for m, n, block_n in chosen:
        print(kernel(m, n, block_n, args.swizzle))
    print("  }")
    print("}")


if __name__ == "__main__":
    main()
