#!/usr/bin/env python3
"""Writes the TMA round-trip integration tests (roundtrip-<dtype>.mlir).

Each kernel loads one box per CTA with a TMA load into an NVMMA-swizzled
shared buffer and writes it back with a TMA store. Tensors are not multiples
of the box, so the last boxes hang over the edge: out-of-bounds elements
read as zero and are not written back. The destination is a window of a
larger buffer filled with a sentinel, so any write past the tensor's edge
is caught. Run this script again after changing it; the outputs are
committed. --out-dir DIR writes them into DIR instead of this directory
(test/Tools/generated-up-to-date.test compares them with the committed
files).
"""

import argparse
import os

DTYPES = {  # name: (bytes, runtime dtype code)
    "f32": (4, 0),
    "f16": (2, 1),
    "bf16": (2, 2),
}

# (swizzle bytes, box rows); the box's inner extent fills the swizzle span
# (or 64 bytes without swizzle).
CONFIGS = [(0, 16), (32, 64), (64, 128), (128, 256), (128, 8)]

# Tensor shapes that are not multiples of any box (rows x cols); cols keep
# rows 16-byte aligned as TMA requires.
SHAPE = {"f32": (300, 100), "f16": (300, 200), "bf16": (300, 200)}
PAD = (8, 16)  # extra rows / cols of the destination buffer
SENTINEL = -7.0


def kernel(dtype, swizzle, box_rows):
    nbytes, _ = DTYPES[dtype]
    box_cols = (swizzle if swizzle else 64) // nbytes
    name = f"copy_{dtype}_sw{swizzle}_box{box_rows}x{box_cols}"
    layout = f"#tile.nvmma_shared<swizzle = {swizzle}, element_bits = {nbytes * 8}>"
    desc = f"!tma.descriptor<tensor<{box_rows}x{box_cols}x{dtype}>, swizzle = {swizzle}>"
    if swizzle == 0:
        desc = f"!tma.descriptor<tensor<{box_rows}x{box_cols}x{dtype}>>"
    buf = f"!tile.smem<{box_rows}x{box_cols}x{dtype}, {layout}, mutable>"
    box_bytes = box_rows * box_cols * nbytes
    text = f"""
    gpu.func @{name}(%in: {desc}, %out: {desc}) kernel
        attributes {{tile.num_warps = 1 : i32}} {{
      %c0 = arith.constant 0 : index
      %rows = arith.constant {box_rows} : i32
      %cols = arith.constant {box_cols} : i32
      %bx = tile.program_id x
      %by = tile.program_id y
      %col = arith.muli %bx, %cols : i32
      %row = arith.muli %by, %rows : i32
      %buf = tile.alloc_smem : {buf}
      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {{
        mbarrier.init %bar, arrivals = 1
      }}
      tile.barrier
      mbarrier.arrive_expect_tx %bar, bytes = {box_bytes} if %leader
      tma.async_load %in[%row, %col], %buf, %bar : {desc}, {buf}
      %phase = arith.constant 0 : i32
      mbarrier.wait %bar, phase %phase : i32
      tma.async_store %buf, %out[%row, %col] : {buf}, {desc}
      tma.store_commit
      tma.store_wait pending = 0
      gpu.return
    }}
"""
    return name, desc, box_rows, box_cols, text


def host_case(dtype, name, desc, box_rows, box_cols, index):
    rows, cols = SHAPE[dtype]
    _, code = DTYPES[dtype]
    prow, pcol = rows + PAD[0], cols + PAD[1]
    grid_x = -(-cols // box_cols)
    grid_y = -(-rows // box_rows)
    t = f"%t{index}"
    return f"""
    // {name}: {grid_x}x{grid_y} CTAs over a {rows}x{cols} tensor.
    {t}a = gpu.wait async
    %src{index}, {t}b = gpu.alloc async [{t}a] () : memref<{rows}x{cols}x{dtype}>
    %dstbuf{index}, {t}c = gpu.alloc async [{t}b] () : memref<{prow}x{pcol}x{dtype}>
    gpu.wait [{t}c]
    %dst{index} = memref.subview %dstbuf{index}[0, 0] [{rows}, {cols}] [1, 1] : memref<{prow}x{pcol}x{dtype}> to memref<{rows}x{cols}x{dtype}, strided<[{pcol}, 1]>>
    %psrc{index} = tile.ptr_from_memref %src{index} : memref<{rows}x{cols}x{dtype}> -> !llvm.ptr
    %pdst{index} = tile.ptr_from_memref %dstbuf{index} : memref<{prow}x{pcol}x{dtype}> -> !llvm.ptr
    %n{index} = arith.constant {rows * cols} : i64
    %npad{index} = arith.constant {prow * pcol} : i64
    %seed{index} = arith.constant {1000 + index} : i64
    llvm.call @tileRtFillRandom(%psrc{index}, %n{index}, %dtype, %seed{index}) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFill(%pdst{index}, %npad{index}, %dtype, %sentinel) : (!llvm.ptr, i64, i32, f64) -> ()
    %din{index} = tma.make_descriptor %src{index} : memref<{rows}x{cols}x{dtype}> -> {desc}
    %dout{index} = tma.make_descriptor %dst{index} : memref<{rows}x{cols}x{dtype}, strided<[{pcol}, 1]>> -> {desc}
    %gx{index} = arith.constant {grid_x} : index
    %gy{index} = arith.constant {grid_y} : index
    gpu.launch_func @kernels::@{name} blocks in (%gx{index}, %gy{index}, %c1) threads in (%c32, %c1, %c1) args(%din{index} : {desc}, %dout{index} : {desc})
    llvm.call @tileRtSynchronize() : () -> ()
    %name{index} = llvm.mlir.addressof @name{index} : !llvm.ptr
    %pad_r{index} = llvm.mlir.addressof @pad_rows{index} : !llvm.ptr
    %pad_c{index} = llvm.mlir.addressof @pad_cols{index} : !llvm.ptr
    %srcstride{index} = arith.constant {cols} : i64
    %dststride{index} = arith.constant {pcol} : i64
    %rows{index} = arith.constant {rows} : i64
    %cols{index} = arith.constant {cols} : i64
    %padrows{index} = arith.constant {PAD[0]} : i64
    %padcols{index} = arith.constant {PAD[1]} : i64
    %f{index}a = llvm.call @tileRtCheck2D(%name{index}, %pdst{index}, %dststride{index}, %psrc{index}, %srcstride{index}, %rows{index}, %cols{index}, %dtype, %zero) : (!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    // Columns right of the tensor and rows below it keep the sentinel.
    %rightpad{index} = llvm.getelementptr %pdst{index}[{cols}] : (!llvm.ptr) -> !llvm.ptr, {dtype}
    %f{index}b = llvm.call @tileRtCheckFill(%pad_c{index}, %rightpad{index}, %dststride{index}, %rows{index}, %padcols{index}, %dtype, %sentinel) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %below{index} = llvm.getelementptr %pdst{index}[{rows * pcol}] : (!llvm.ptr) -> !llvm.ptr, {dtype}
    %pcolall{index} = arith.constant {pcol} : i64
    %f{index}c = llvm.call @tileRtCheckFill(%pad_r{index}, %below{index}, %dststride{index}, %padrows{index}, %pcolall{index}, %dtype, %sentinel) : (!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
    %f{index}ab = arith.addi %f{index}a, %f{index}b : i32
    %f{index} = arith.addi %f{index}ab, %f{index}c : i32
"""


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", default=here,
                        help="directory to write into (default: the script's)")
    out_dir = parser.parse_args().out_dir
    os.makedirs(out_dir, exist_ok=True)
    for dtype, (nbytes, code) in DTYPES.items():
        kernels, cases, globals_, checks = [], [], [], []
        for i, (swizzle, box_rows) in enumerate(CONFIGS):
            name, desc, br, bc, text = kernel(dtype, swizzle, box_rows)
            kernels.append(text)
            cases.append(host_case(dtype, name, desc, br, bc, i))
            for label, value in (("name", name), ("pad_rows", name + ".pad_rows"),
                                 ("pad_cols", name + ".pad_cols")):
                globals_.append(
                    f'  llvm.mlir.global internal constant @{label}{i}("{value}\\00") {{addr_space = 0 : i32}}')
            checks.append(f"// CHECK: {name}: rows={SHAPE[dtype][0]} cols={SHAPE[dtype][1]} rel_err=0.000e+00 {{{{.*}}}} -> PASS")
            checks.append(f"// CHECK: {name}.pad_cols: {{{{.*}}}} -> PASS")
            checks.append(f"// CHECK: {name}.pad_rows: {{{{.*}}}} -> PASS")
        total = " ".join(f"%f{i}" for i in range(len(CONFIGS)))
        sums = []
        acc = "%f0"
        for i in range(1, len(CONFIGS)):
            sums.append(f"    %sum{i} = arith.addi {acc}, %f{i} : i32")
            acc = f"%sum{i}"
        text = f"""// Generated by generate_roundtrips.py: TMA load -> shared -> TMA store
// round trips for {dtype}, swizzle none/32/64/128 and several box shapes,
// over a {SHAPE[dtype][0]}x{SHAPE[dtype][1]} tensor whose edge boxes hang over
// its border. The output must equal the input exactly, and the padding
// around the destination window must keep its sentinel.
// REQUIRES: cuda-gpu
// RUN: tile-run %s | FileCheck %s

{chr(10).join(checks)}
// CHECK-NOT: FAIL

module attributes {{gpu.container_module}} {{
  gpu.module @kernels {{{''.join(kernels)}  }}

{chr(10).join(globals_)}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtFill(!llvm.ptr, i64, i32, f64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtCheck2D(!llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i32, f64) -> i32
  llvm.func @tileRtCheckFill(!llvm.ptr, !llvm.ptr, i64, i64, i64, i32, f64) -> i32

  func.func @main() -> i32 {{
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %dtype = arith.constant {code} : i32
    %zero = arith.constant 0.0 : f64
    %sentinel = arith.constant {SENTINEL} : f64
{''.join(cases)}
{chr(10).join(sums)}
    return {acc} : i32
  }}
}}
"""
        with open(os.path.join(out_dir, f"roundtrip-{dtype}.mlir"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
