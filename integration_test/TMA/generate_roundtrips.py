#!/usr/bin/env python3
"""Writes the TMA round-trip integration tests (roundtrip-<dtype>.mlir) and
the TMA edge-box probe (edge-cases.mlir).

Each round-trip kernel loads one box per CTA with a TMA load into an
NVMMA-swizzled shared buffer and writes it back with a TMA store. Tensors
are not multiples of the box, so the last boxes hang over the edge:
out-of-bounds elements read as zero and are not written back. The
destination is a window of a larger buffer filled with a sentinel, so any
write past the tensor's edge is caught.

The edge-box probe (edge_cases() below) copies single boxes at corners and
edges, at coordinates that are not multiples of the box, negative, entirely
outside the tensor and at the ends of the int32 range, for loads, stores,
round trips and reductions, each case in a process of its own so that a
case that faults cannot hide the others. It tells the hypotheses about the
TMA edge-box rule apart (HYPOTHESES); `--verdict OUTPUT` reads what the
probe printed on a GPU and says which hypotheses the hardware supports.

Run this script again after changing it; the outputs are committed.
--out-dir DIR writes them into DIR instead of this directory
(test/Tools/generated-up-to-date.test compares them with the committed
files).
"""

import argparse
import os
import re
import sys

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


# ---------------------------------------------------------------------------
# The edge-box probe.
#
# Tensors of EDGE_ROWS x EDGE_COLS[dtype]: the columns are 1 more than a
# multiple of 16 bytes, so a 16-byte aligned coordinate can have a single
# element inside at the right edge, and rows end mid 16-byte unit. Boxes of
# the round-trip configurations (the inner extent fills the swizzle span, 64
# bytes without swizzle), 16 rows without swizzle and 8 with.
EDGE_DTYPES = ["f32", "f16", "bf16"]
EDGE_SWIZZLES = [0, 32, 64, 128]
EDGE_ROWS = 37
EDGE_COLS = {"f32": 45, "f16": 73, "bf16": 73}
EDGE_PAD = (24, 64)  # destination padding rows / cols on every side
INT32_MAX = 2**31 - 1
INT32_MIN = -2**31
MODE_CODES = {"load": 0, "store": 1, "roundtrip": 2, "reduce": 3}
STORE_SIDE = ("store", "roundtrip", "reduce")
FAULT = "FAULT CUDA_ERROR_ILLEGAL_INSTRUCTION"


class EdgeConfig:
    """A tensor and box. `whole`: rows of whole 16-byte units (EDGE_COLS
    rounded up), the only rows a store may write through a map of (the
    runtime rejects a written map with ragged rows); for the cases that
    show TileMLIR's checks on stores that are allowed. Only the classes in
    WHOLE_ROW_CLASSES mean what their names say on such rows."""

    def __init__(self, dtype, swizzle, whole=False):
        self.dtype, self.swizzle, self.whole = dtype, swizzle, whole
        self.bytes, self.code = DTYPES[dtype]
        self.box_rows = 16 if swizzle == 0 else 8
        self.box_cols = (swizzle if swizzle else 64) // self.bytes
        self.unit = 16 // self.bytes  # elements per 16 bytes
        self.rows, self.cols = EDGE_ROWS, EDGE_COLS[dtype]
        assert (self.cols - 1) % self.unit == 0
        if whole:
            self.cols += self.unit - 1
        # Row strides in 16-byte multiples (the descriptor requires it).
        self.src_stride = -(-self.cols // self.unit) * self.unit
        self.dst_rows = self.rows + 2 * EDGE_PAD[0]
        span = self.cols + 2 * EDGE_PAD[1]
        self.dst_stride = -(-span // self.unit) * self.unit
        self.name = f"{dtype}_sw{swizzle}" + ("_whole" if whole else "")

    def coordinates(self, cls):
        """[row, col] of each coordinate class, relative to this tensor and
        box. Comments give what is inside the tensor."""
        R, C, BR, BC, u = self.rows, self.cols, self.box_rows, self.box_cols, self.unit
        return {
            # 16-byte aligned innermost coordinates.
            "aligned-inside": (3, u),                 # all of it, not at a box multiple
            "aligned-corner": (R - 1, C - 1),         # 1 element (bottom right)
            "aligned-right": (5, C - 1 - u),          # u + 1 columns, ragged row end
            "aligned-bottom": (R - 2, 2 * u),         # 2 rows
            "negative-top-left": (-(BR - 1), -(BC - u)),   # 1 row x u columns
            "negative-top-right": (-(BR - 2), C - 1),      # 2 rows x 1 column
            "negative-bottom-left": (R - 1, -(BC - 2 * u)),  # 1 row x 2u columns
            "outside-past": (R + 3, C - 1 + 3 * u),   # nothing: past both ends
            "outside-before": (-BR - 5, -BC - 2 * u),  # nothing: before both starts
            "outside-right": (4, C - 1 + u),          # nothing: rows inside, columns past
            "extreme-row-max": (INT32_MAX - 6, 2 * u),        # nothing
            "extreme-col-max": (3, INT32_MAX + 1 - 16 * u),   # nothing, col + box fits int32
            "extreme-col-wrap": (3, INT32_MAX + 1 - u),       # nothing, col + box wraps int32
            "extreme-min": (INT32_MIN, INT32_MIN),            # nothing
            # Innermost coordinates that are not 16-byte aligned.
            "unaligned-inside": (3, u + 1),           # all of it
            "unaligned-edge": (R - 2, C - 3),         # 2 rows x 3 columns (the case)
            "unaligned-bottom": (R - 1, u + 3),       # 1 row
            "unaligned-negative": (-2, -3),           # BR - 2 rows x BC - 3 columns
            "unaligned-negative-col": (3, -(BC - 1)),  # 1 column
            "unaligned-outside": (R + 2, C + 2),      # nothing
        }[cls]


# Classes whose coordinates keep their meaning on whole-unit rows.
WHOLE_ROW_CLASSES = ("aligned-inside", "aligned-bottom", "unaligned-inside",
                     "unaligned-edge")

COORDINATE_CLASSES = [
    "aligned-inside", "aligned-corner", "aligned-right", "aligned-bottom",
    "negative-top-left", "negative-top-right", "negative-bottom-left",
    "outside-past", "outside-before", "outside-right",
    "extreme-row-max", "extreme-col-max", "extreme-col-wrap", "extreme-min",
    "unaligned-inside", "unaligned-edge", "unaligned-bottom",
    "unaligned-negative", "unaligned-negative-col", "unaligned-outside",
]


class EdgeCase:
    def __init__(self, mode, cls, cfg, checked=False):
        self.mode, self.cls, self.cfg, self.checked = mode, cls, cfg, checked
        self.row, self.col = cfg.coordinates(cls)
        r0, c0 = max(self.row, 0), max(self.col, 0)
        r1 = min(self.row + cfg.box_rows, cfg.rows)
        c1 = min(self.col + cfg.box_cols, cfg.cols)
        self.inside = max(r1 - r0, 0) * max(c1 - c0, 0)
        self.placement = ("outside" if self.inside == 0 else
                          "inside" if self.inside == cfg.box_rows * cfg.box_cols
                          else "partial")
        self.aligned = self.col * cfg.bytes % 16 == 0
        self.negative = self.row < 0 or self.col < 0
        self.extreme = max(abs(self.row), abs(self.col)) > 2**30
        # The box reaches past the end of rows that end inside a 16-byte
        # unit.
        self.ragged = (self.inside > 0 and self.col + cfg.box_cols > cfg.cols
                       and cfg.cols % cfg.unit != 0)
        self.store_side = mode in STORE_SIDE

    @property
    def kernel(self):
        return f"{self.mode}{'_checked' if self.checked else ''}_{self.cfg.name}"

    @property
    def label(self):
        checked = " checked" if self.checked else ""
        whole = " whole-rows" if self.cfg.whole else ""
        return (f"{self.mode}{checked} {self.cls} {self.cfg.dtype} "
                f"sw{self.cfg.swizzle}{whole} at [{self.row}, {self.col}]")

    def predicted(self):
        """What the rules TileMLIR implements predict. The runtime refuses a
        map that a checked store or reduction writes through when the
        tensor's rows end inside a 16-byte unit (TensorMap.c,
        tileRtValidateTensorMapUses), before any launch. Every copy needs a
        16-byte aligned start, and stores and reductions need every
        coordinate to be non-negative (TMAToNVVM.cpp: else the hardware
        faults, or TileMLIR's check rejects the copy first). An unchecked
        store over such a row's end writes the rest of its last unit, past
        the tensor (the hardware's behaviour: WRONG); everything else
        works."""
        if (self.checked and self.store_side
                and self.cfg.cols % self.cfg.unit != 0):
            return "REJECTED (tensor map)"
        if not self.aligned or (self.store_side and
                                (self.row < 0 or self.col < 0)):
            return "REJECTED" if self.checked else FAULT
        if self.store_side and self.ragged:
            return "WRONG"
        return "PASS"


def edge_cases():
    """Every coordinate class in every mode, the configuration rotating so
    that each dtype and swizzle meets many classes; the issue's case and its
    aligned neighbour as round trips in every configuration; reductions;
    and TileMLIR's own check (stores and reductions without the probes'
    opt-out) on an unaligned and an aligned start."""
    configs = [EdgeConfig(t, sw) for t in EDGE_DTYPES for sw in EDGE_SWIZZLES]
    cases, seen = [], set()

    def add(mode, cls, cfg, checked=False):
        key = (mode, cls, cfg.name, checked)
        if key not in seen:
            seen.add(key)
            cases.append(EdgeCase(mode, cls, cfg, checked))

    for m, mode in enumerate(("load", "store", "roundtrip")):
        for i, cls in enumerate(COORDINATE_CLASSES):
            add(mode, cls, configs[(i * 5 + m * 7) % len(configs)])
    for cfg in configs:
        add("roundtrip", "aligned-corner", cfg)
        add("roundtrip", "unaligned-edge", cfg)
    for i, cls in enumerate(("aligned-inside", "negative-top-left",
                             "outside-past", "unaligned-edge",
                             "unaligned-inside")):
        add("reduce", cls, configs[(i * 4) % len(configs)])
    for cfg in (configs[7], configs[0]):
        for cls in ("aligned-right", "unaligned-edge"):
            add("store", cls, cfg, checked=True)
    for cls in ("aligned-inside", "unaligned-inside"):
        add("load", cls, configs[5], checked=True)
    add("reduce", "unaligned-inside", configs[2], checked=True)
    # The checks on stores the runtime lets through: rows of whole units.
    whole = [EdgeConfig(t, sw, whole=True)
             for t, sw in (("f32", 0), ("f16", 128), ("bf16", 64))]
    for i, cls in enumerate(WHOLE_ROW_CLASSES):
        add("store", cls, whole[i % len(whole)], checked=True)
    add("reduce", "aligned-bottom", whole[1], checked=True)
    add("roundtrip", "aligned-inside", whole[2], checked=True)
    return cases


# Hypotheses about the edge-box fault. Each names the cases it is about
# (domain) and, among them, the ones it says fault; the probe supports it
# when exactly those fault.
HYPOTHESES = [
    ("H1 store-start", "a TMA store or reduction faults when its box does not "
     "start 16-byte aligned (innermost coordinate x element size), wherever "
     "the box is", lambda c: c.store_side, lambda c: not c.aligned),
    ("H2 load-start", "a TMA load faults likewise",
     lambda c: c.mode == "load", lambda c: not c.aligned),
    ("H3 store-partial", "a store faults only when its box is partly outside "
     "the tensor and starts unaligned", lambda c: c.store_side,
     lambda c: not c.aligned and c.placement == "partial"),
    ("H4 store-negative", "a store of a box partly outside at negative "
     "coordinates faults", lambda c: c.store_side and c.aligned,
     lambda c: c.negative and c.placement == "partial"),
    ("H5 outside", "a box entirely outside the tensor faults or hangs",
     lambda c: c.aligned, lambda c: c.placement == "outside"),
    ("H6 int32-range", "coordinates near the ends of the int32 range fault",
     lambda c: c.aligned, lambda c: c.extreme),
    ("H7 store-ragged", "a store faults when the tensor's row ends inside the "
     "box mid 16-byte unit", lambda c: c.store_side and c.aligned,
     lambda c: c.ragged),
    ("H8 store-few", "a store faults when only a few (<= 4) elements of its "
     "box are inside", lambda c: c.store_side and c.aligned,
     lambda c: 0 < c.inside <= 4),
    ("H9 swizzle-span", "with a swizzle, a copy whose start is 16-byte "
     "aligned but not at a multiple of the swizzle span faults",
     lambda c: c.aligned and c.cfg.swizzle > 0,
     lambda c: c.col * c.cfg.bytes % c.cfg.swizzle != 0),
]


def edge_kernel(cfg, mode, checked):
    t, n = cfg.dtype, cfg.box_rows * cfg.box_cols
    layout = f"#tile.nvmma_shared<swizzle = {cfg.swizzle}, element_bits = {cfg.bytes * 8}>"
    desc = (f"!tma.descriptor<tensor<{cfg.box_rows}x{cfg.box_cols}x{t}>"
            + (f", swizzle = {cfg.swizzle}>" if cfg.swizzle else ">"))
    buf = f"!tile.smem<{cfg.box_rows}x{cfg.box_cols}x{t}, {layout}, mutable>"
    ptr = f"!tile.ptr<{t}>"
    name = f"{mode}{'_checked' if checked else ''}_{cfg.name}"
    opt_out = "" if checked else " {tma.unchecked_alignment}"
    args = {"load": f"%in: {desc}, %out: {ptr}",
            "store": f"%in: {ptr}, %out: {desc}",
            "roundtrip": f"%in: {desc}, %out: {desc}",
            "reduce": f"%in: {ptr}, %out: {desc}"}[mode]
    loads = mode in ("load", "roundtrip")
    lines = [f"""
    gpu.func @{name}({args}, %row: i32, %col: i32) kernel
        attributes {{tile.num_warps = 1 : i32}} {{
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %cn = arith.constant {n} : index
      %cc = arith.constant {cfg.box_cols} : index
      %buf = tile.alloc_smem : {buf}
      %tid = tile.thread_id
      %t = arith.index_cast %tid : i32 to index"""]
    if loads:
        lines.append(f"""      %bars = mbarrier.alloc : !mbarrier.group<1>
      %bar = mbarrier.index %bars[%c0] : !mbarrier.group<1>
      %leader = tile.elect cta
      scf.if %leader {{
        mbarrier.init %bar, arrivals = 1
      }}
      tile.barrier
      mbarrier.arrive_expect_tx %bar, bytes = {n * cfg.bytes} if %leader
      tma.async_load %in[%row, %col], %buf, %bar{opt_out} : {desc}, {buf}
      %phase = arith.constant 0 : i32
      mbarrier.wait %bar, phase %phase : i32""")
    else:
        # The box from global memory by plain loads, made visible to TMA.
        lines.append(f"""      scf.for %i = %t to %cn step %c32 {{
        %r = arith.divui %i, %cc : index
        %c = arith.remui %i, %cc : index
        %ii = arith.index_cast %i : index to i32
        %v = tile.load %in[%ii] : {ptr}, i32 -> {t}
        tile.smem_store %v, %buf[%r, %c] : {t}, {buf}
      }}
      tile.fence_async_shared
      tile.barrier""")
    if mode == "load":
        lines.append(f"""      scf.for %i = %t to %cn step %c32 {{
        %r = arith.divui %i, %cc : index
        %c = arith.remui %i, %cc : index
        %ii = arith.index_cast %i : index to i32
        %v = tile.smem_load %buf[%r, %c] : {buf} -> {t}
        tile.store %out[%ii], %v : {ptr}, i32, {t}
      }}""")
    else:
        op = ("tma.async_reduce add" if mode == "reduce" else "tma.async_store")
        lines.append(f"""      {op} %buf, %out[%row, %col]{opt_out} : {buf}, {desc}
      tma.store_commit
      tma.store_wait pending = 0""")
    lines.append("""      gpu.return
    }
""")
    return "\n".join(lines), desc, buf, ptr


def edge_host(cfg, mode, checked, desc):
    """run_<kernel>(row, col, seed, name): fresh buffers, one launch, the
    check; returns 0 (pass) or 1."""
    t, code = cfg.dtype, cfg.code
    name = f"{mode}{'_checked' if checked else ''}_{cfg.name}"
    R, C, SS = cfg.rows, cfg.cols, cfg.src_stride
    DR, DS = cfg.dst_rows, cfg.dst_stride
    PR, PC = EDGE_PAD
    n = cfg.box_rows * cfg.box_cols
    src_t, dst_t = f"memref<{R}x{SS}x{t}>", f"memref<{DR}x{DS}x{t}>"
    view = f"memref<{R}x{C}x{t}, strided<[{SS}, 1]>>"
    dview = f"memref<{R}x{C}x{t}, strided<[{DS}, 1], offset: {PR * DS + PC}>>"
    # The maps see dynamic sizes, as a user's would: the rule for written
    # maps is then the runtime's (a static ragged row is a compile-time
    # error, test/Transforms/mark-written-descriptors-invalid.mlir).
    dyn_view = f"memref<?x?x{t}, strided<[{SS}, 1]>>"
    dyn_dview = f"memref<?x?x{t}, strided<[{DS}, 1], offset: {PR * DS + PC}>>"
    box_t = f"memref<{n}x{t}>"
    ptr = f"!tile.ptr<{t}>"
    args = {"load": f"%din : {desc}, %kout : {ptr}",
            "store": f"%kin : {ptr}, %dout : {desc}",
            "roundtrip": f"%din : {desc}, %dout : {desc}",
            "reduce": f"%kin : {ptr}, %dout : {desc}"}[mode]
    return f"""
  func.func @run_{name}(%row: i32, %col: i32, %seed: i64, %name: !llvm.ptr) -> i32 {{
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %dtype = arith.constant {code} : i32
    %sentinel = arith.constant {SENTINEL} : f64
    %t0 = gpu.wait async
    %srcbuf, %t1 = gpu.alloc async [%t0] () : {src_t}
    %dstbuf, %t2 = gpu.alloc async [%t1] () : {dst_t}
    %boxin, %t3 = gpu.alloc async [%t2] () : {box_t}
    %boxout, %t4 = gpu.alloc async [%t3] () : {box_t}
    gpu.wait [%t4]
    %src = memref.subview %srcbuf[0, 0] [{R}, {C}] [1, 1] : {src_t} to {view}
    %dst = memref.subview %dstbuf[{PR}, {PC}] [{R}, {C}] [1, 1] : {dst_t} to {dview}
    %psrc = tile.ptr_from_memref %srcbuf : {src_t} -> !llvm.ptr
    %pdst = tile.ptr_from_memref %dstbuf : {dst_t} -> !llvm.ptr
    %pin = tile.ptr_from_memref %boxin : {box_t} -> !llvm.ptr
    %pout = tile.ptr_from_memref %boxout : {box_t} -> !llvm.ptr
    %kin = tile.ptr_from_memref %boxin : {box_t} -> {ptr}
    %kout = tile.ptr_from_memref %boxout : {box_t} -> {ptr}
    %nsrc = arith.constant {R * SS} : i64
    %ndst = arith.constant {DR * DS} : i64
    %nbox = arith.constant {n} : i64
    %one = arith.constant 1 : i64
    %seed2 = arith.addi %seed, %one : i64
    llvm.call @tileRtFillRandom(%psrc, %nsrc, %dtype, %seed) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFillRandom(%pin, %nbox, %dtype, %seed2) : (!llvm.ptr, i64, i32, i64) -> ()
    llvm.call @tileRtFill(%pdst, %ndst, %dtype, %sentinel) : (!llvm.ptr, i64, i32, f64) -> ()
    llvm.call @tileRtFill(%pout, %nbox, %dtype, %sentinel) : (!llvm.ptr, i64, i32, f64) -> ()
    %src_dyn = memref.cast %src : {view} to {dyn_view}
    %dst_dyn = memref.cast %dst : {dview} to {dyn_dview}
    %din = tma.make_descriptor %src_dyn : {dyn_view} -> {desc}
    %dout = tma.make_descriptor %dst_dyn : {dyn_dview} -> {desc}
    gpu.launch_func @kernels::@{name} blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1) args({args}, %row : i32, %col : i32)
    llvm.call @tileRtSynchronize() : () -> ()
    %mode = arith.constant {MODE_CODES[mode]} : i32
    %ss = arith.constant {SS} : i64
    %dr = arith.constant {DR} : i64
    %ds = arith.constant {DS} : i64
    %pr = arith.constant {PR} : i64
    %pc = arith.constant {PC} : i64
    %rows = arith.constant {R} : i64
    %cols = arith.constant {C} : i64
    %br = arith.constant {cfg.box_rows} : i64
    %bc = arith.constant {cfg.box_cols} : i64
    %row64 = arith.extsi %row : i32 to i64
    %col64 = arith.extsi %col : i32 to i64
    %f = llvm.call @tileRtCheckTmaBox(%name, %mode, %psrc, %ss, %pdst, %dr, %ds, %pr, %pc, %pin, %pout, %rows, %cols, %br, %bc, %row64, %col64, %dtype, %sentinel) : (!llvm.ptr, i32, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32, f64) -> i32
    %t5 = gpu.wait async
    %t6 = gpu.dealloc async [%t5] %srcbuf : {src_t}
    %t7 = gpu.dealloc async [%t6] %dstbuf : {dst_t}
    %t8 = gpu.dealloc async [%t7] %boxin : {box_t}
    %t9 = gpu.dealloc async [%t8] %boxout : {box_t}
    gpu.wait [%t9]
    return %f : i32
  }}
"""


def render_edge_cases():
    cases = edge_cases()
    kernels, hosts, done = [], [], set()
    for c in cases:
        if c.kernel in done:
            continue
        done.add(c.kernel)
        text, desc, _, _ = edge_kernel(c.cfg, c.mode, c.checked)
        kernels.append(text)
        hosts.append(edge_host(c.cfg, c.mode, c.checked, desc))
    checks, names, switch = [], [], []
    for i, c in enumerate(cases):
        checks.append(f"// CHECK-LABEL: case {i} {c.label}: start")
        if c.predicted() == "REJECTED (tensor map)":
            checks.append("// CHECK: tensor map rejected: a kernel writes through this tensor map (TMA store or reduction), but a row of the tensor is {{.*}}, not a multiple of 16: TMA stores write whole 16-byte units{{.*}}")
        if c.predicted() == "REJECTED":
            op = {"load": "tma.async_load",
                  "reduce": "tma.async_reduce"}.get(c.mode, "tma.async_store")
            checks.append(f"// CHECK: tile: {op} in kernel {c.kernel} at {{{{.*}}}}edge-cases.mlir:{{{{[0-9]+}}}}:{{{{[0-9]+}}}}: innermost coordinate {c.col}; {op} needs its box to start 16-byte aligned in global memory: the innermost coordinate must be a multiple of {c.cfg.unit} ({c.cfg.dtype} elements of {c.cfg.bytes * 8} bits); block (0, 0, 0)")
        checks.append(f"// CHECK: case {i} {c.label}: {c.predicted()}{{{{$}}}}")
        names.append(f'  llvm.mlir.global internal constant @name{i}("{c.label}\\00") {{addr_space = 0 : i32}}')
        switch.append(f"""    case {i} {{
      %row = arith.constant {c.row} : i32
      %col = arith.constant {c.col} : i32
      %seed = arith.constant {5000 + 2 * i} : i64
      %name = llvm.mlir.addressof @name{i} : !llvm.ptr
      %f = func.call @run_{c.kernel}(%row, %col, %seed, %name) : (i32, i32, i64, !llvm.ptr) -> i32
      scf.yield %f : i32
    }}""")
    labels = "\\0A".join(c.label for c in cases)
    hyps = "\n".join(f"//   {h}: {text}." for h, text, _, _ in HYPOTHESES)
    return f"""// Generated by generate_roundtrips.py: the TMA edge-box probe. One box of
// a {EDGE_ROWS}-row tensor (f32: {EDGE_COLS['f32']} columns, f16/bf16: {EDGE_COLS['f16']}, so rows end mid
// 16-byte unit) is loaded (TMA load -> shared -> plain stores), stored
// (plain loads -> shared -> TMA store), round-tripped (TMA load -> TMA
// store) or reduced (TMA reduce-add) at coordinates chosen per class:
// 16-byte aligned or not, inside, at corners and edges with 1 to a few
// elements inside, negative, entirely outside and at the ends of the int32
// range; f32, f16, bf16; swizzle none, 32, 64, 128. Sources are fresh random
// values, destinations a padded buffer (and the load's box) filled with
// {SENTINEL}; tileRtCheckTmaBox compares every element: inside written,
// outside untouched, out-of-bounds loads zero. Every case runs in a process
// of its own (tileRtIsolatedCase), so a case that faults cannot hide the
// others, and gets a one-line verdict; waits give up after 2*10^8 cycles
// (--tile-wait-timeout), so a copy that never completes reads HANG.
//
// The hypotheses it tells apart (`generate_roundtrips.py --verdict OUTPUT`
// says which the output supports):
{hyps}
// The CHECK lines are the prediction of the rules TileMLIR implements
// (TMAToNVVM.cpp: needsAlignedStart, kNonNegativeRule): every copy whose
// box starts unaligned faults, and so does every store or reduction with a
// negative coordinate (the probe's copies carry tma.unchecked_alignment,
// so the hardware sees them); with TileMLIR's checks they are REJECTED
// with the rule named; all else passes. Both rules come from the H200 run
// of 2026-12-02 (H2 supported 20/20; all 14 store-side copies with a
// negative coordinate faulted). A store over a row that ends mid 16-byte
// unit writes the rest of that unit, outside the tensor (H7): unchecked,
// the probe expects that WRONG result; checked, the store makes its map
// `written` (tile-mark-written-descriptors) and the runtime refuses such
// a map before the launch, naming the rule: REJECTED (tensor map). The
// checked stores of the "whole-rows" configurations (rows of whole units)
// show the device checks on maps the runtime allows.
// REQUIRES: cuda-gpu
// BUNDLE-FLAGS: --tile-wait-timeout=200000000
// BUNDLE-SANITIZE: skip (its cases fault by design, each in a child process)
// BUNDLE-VERDICT: python3 integration_test/TMA/generate_roundtrips.py --verdict %out
// RUN: tile-run --tile-wait-timeout=200000000 %s | FileCheck %s

{chr(10).join(checks)}
// CHECK: isolated cases: {len(cases)} run,

module attributes {{gpu.container_module}} {{
  gpu.module @kernels {{{''.join(kernels)}  }}

{chr(10).join(names)}
  llvm.mlir.global internal constant @labels("{labels}\\00") {{addr_space = 0 : i32}}
  llvm.func @tileRtFillRandom(!llvm.ptr, i64, i32, i64)
  llvm.func @tileRtFill(!llvm.ptr, i64, i32, f64)
  llvm.func @tileRtSynchronize()
  llvm.func @tileRtIsolatedCase(i32, !llvm.ptr) -> i32
  llvm.func @tileRtCheckTmaBox(!llvm.ptr, i32, !llvm.ptr, i64, !llvm.ptr, i64, i64, i64, i64, !llvm.ptr, !llvm.ptr, i64, i64, i64, i64, i64, i64, i32, f64) -> i32
{''.join(hosts)}
  func.func @main() -> i32 {{
    %zero = arith.constant 0 : i32
    %n = arith.constant {len(cases)} : i32
    %labels = llvm.mlir.addressof @labels : !llvm.ptr
    %k = llvm.call @tileRtIsolatedCase(%n, %labels) : (i32, !llvm.ptr) -> i32
    %parent = arith.cmpi slt, %k, %zero : i32
    %status = scf.if %parent -> i32 {{
      scf.yield %zero : i32
    }} else {{
      %index = arith.index_cast %k : i32 to index
      %f = scf.index_switch %index -> i32
{chr(10).join(switch)}
      default {{
        %two = arith.constant 2 : i32
        scf.yield %two : i32
      }}
      scf.yield %f : i32
    }}
    return %status : i32
  }}
}}
"""


def verdict(path):
    """Reads the probe's output and prints, per hypothesis, whether the
    observed verdicts support it, then what the implementation should do."""
    cases = edge_cases()
    observed = {}
    pattern = re.compile(r"^case (\d+) (.*): (\S.*)$")
    with open(path, errors="replace") as f:
        for line in f:
            m = pattern.match(line.rstrip("\n"))
            if m and m.group(3) != "start":
                observed[int(m.group(1))] = m.group(3)
    if not observed:
        sys.exit(f"{path}: no case verdicts (was the probe run?)")

    def outcome(v):
        if v is None:
            return "missing"
        if v == "PASS":
            return "ok"
        if v.startswith(("FAULT", "HANG", "CRASH")):
            return "fault"
        return v.split()[0].lower()  # wrong, rejected, no-gpu, exit

    mismatches = [(i, c) for i, c in enumerate(cases)
                  if observed.get(i) != c.predicted()]
    print(f"{len(observed)}/{len(cases)} cases ran; "
          f"{len(cases) - len(mismatches)} as predicted (the implemented rules)")
    for i, c in mismatches:
        print(f"  case {i} {c.label}: observed {observed.get(i, 'nothing')}, "
              f"predicted {c.predicted()}")
    wrong = [i for i, c in enumerate(cases)
             if outcome(observed.get(i)) == "wrong"]
    if wrong:
        print(f"wrong data (not a fault) in cases {wrong}: see their check lines")
    supported = {}
    for name, text, domain, faults in HYPOTHESES:
        inside = [(i, c) for i, c in enumerate(cases)
                  if domain(c) and not c.checked]
        against = [(i, c) for i, c in inside
                   if outcome(observed.get(i)) in ("ok", "fault")
                   and (outcome(observed.get(i)) == "fault") != faults(c)]
        ran = sum(outcome(observed.get(i)) in ("ok", "fault") for i, _ in inside)
        supported[name] = not against and ran > 0
        print(f"{name}: {'SUPPORTED' if supported[name] else 'REFUTED'} "
              f"({ran - len(against)}/{ran} cases agree) - {text}")
        for i, c in against[:3]:
            print(f"    case {i} {c.label}: {observed.get(i)}")
    checked = [(i, c) for i, c in enumerate(cases) if c.checked]
    ok = all(observed.get(i) == c.predicted() for i, c in checked)
    print(f"TileMLIR's check: {'as intended' if ok else 'NOT as intended'} "
          f"({sum(observed.get(i) == c.predicted() for i, c in checked)}/"
          f"{len(checked)} checked cases)")
    if supported["H1 store-start"] and supported["H2 load-start"]:
        print("rule: every copy needs a 16-byte aligned start: the "
              "implementation (needsAlignedStart) is right")
    elif supported["H2 load-start"] and not supported["H1 store-start"]:
        print("rule: loads need the aligned start (implemented); stores "
              "fault in more cases than an unaligned start: see the refuted "
              "H1 cases")
    else:
        others = [n for n, s in supported.items() if s]
        print("rule: NOT the implemented one; supported: "
              + (", ".join(others) if others else "none of the hypotheses"))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", default=here,
                        help="directory to write into (default: the script's)")
    parser.add_argument("--verdict", metavar="OUTPUT",
                        help="read edge-cases.mlir's output from a GPU run "
                        "and judge the hypotheses (writes nothing)")
    options = parser.parse_args()
    if options.verdict:
        verdict(options.verdict)
        return
    out_dir = options.out_dir
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "edge-cases.mlir"), "w") as f:
        f.write(render_edge_cases())
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
