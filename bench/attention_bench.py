#!/usr/bin/env python3
"""Runs the attention benchmark and torch's SDPA in one invocation.

On the GPU machine: `python3 bench/attention_bench.py ./attention_bench`
(the executable built here with `tile-run --emit-exe attention_bench
bench/attention_bench.mlir`). The executable checks each problem against a
host reference and times it; this script then times torch's
scaled_dot_product_attention on the same shapes, dtypes and masks with the
cuDNN and flash backends as the executable times its kernels (3 warm-ups,
then the median of 10 samples, each TILE_LAUNCHES_PER_SAMPLE (10) calls
enqueued back to back between two CUDA events, divided by their number, so
that neither side's host work is timed while the GPU waits), and prints one table with the ratio of TileMLIR to
the faster backend. It exits nonzero when the executable fails or a row did
not pass its check.
"""

import os
import re
import statistics
import subprocess
import sys

ROW = re.compile(r"^attention (\w+) d(\d+) (\w+) B=(\d+) H=(\d+) S=(\d+) D=\d+ "
                 r"causal=(\d)\s+tilemlir\s+([\d.]+) TFLOP/s")
CHECK = re.compile(r"^attention (\w+) d\d+ \w+: B=(\d+) H=(\d+) S=(\d+) "
                   r"D=(\d+) causal=(\d) .* -> (PASS|FAIL)")


def launches_per_sample():
    """Calls per timed sample, as the executable's tileRtLaunchesPerSample()
    counts them: TILE_LAUNCHES_PER_SAMPLE, else 10."""
    value = os.environ.get("TILE_LAUNCHES_PER_SAMPLE", "")
    return int(value) if value else 10


def sdpa_tflops(torch, backend, dtype, b, h, s, d, causal, launches):
    from torch.nn.attention import SDPBackend, sdpa_kernel
    q, k, v = (torch.randn(b, h, s, d, device="cuda", dtype=dtype)
               for _ in range(3))
    backends = {"cudnn": SDPBackend.CUDNN_ATTENTION,
                "flash": SDPBackend.FLASH_ATTENTION}
    try:
        with sdpa_kernel(backends[backend]):
            run = lambda: torch.nn.functional.scaled_dot_product_attention(
                q, k, v, is_causal=causal)
            for _ in range(3):
                run()
            times = []
            for _ in range(10):
                start = torch.cuda.Event(enable_timing=True)
                stop = torch.cuda.Event(enable_timing=True)
                start.record()
                for _ in range(launches):
                    run()
                stop.record()
                stop.synchronize()
                times.append(start.elapsed_time(stop) / launches)
    except RuntimeError as error:
        print(f"# {backend} {dtype} {b}x{h}x{s}x{d}: {error}".splitlines()[0])
        return None
    flops = 4.0 * b * h * s * s * d / (2.0 if causal else 1.0)
    return flops / (statistics.median(times) * 1e-3) / 1e12


def print_auto_against_hand(rows):
    """The layouts issue's comparison: the time of `w` (register layouts
    chosen by tile-legalize-layouts) over that of `h` (the same kernel with
    them written by hand), per problem."""
    tflops = {(t, d, b, h, s, causal, v): float(x)
              for t, d, v, b, h, s, causal, x in rows}
    pairs = [(key[:-1], x, tflops.get(key[:-1] + ("h",)))
             for key, x in tflops.items() if key[-1] == "w"]
    pairs = [(key, auto, hand) for key, auto, hand in pairs if hand]
    if not pairs:
        return
    print("\n| type | B, H, S, D | causal | auto (w) / hand (h) time |")
    print("| --- | --- | --- | ---: |")
    for (t, d, b, h, s, causal), auto, hand in pairs:
        print(f"| {t} | {b}, {h}, {s}, {d} | {'yes' if causal == '1' else 'no'} "
              f"| {hand / auto:.3f} |")


def main():
    exe = sys.argv[1] if len(sys.argv) > 1 else "./attention_bench"
    proc = subprocess.run([exe], capture_output=True, text=True)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    verdicts = [m.groups() for m in map(CHECK.match, proc.stdout.splitlines())
                if m]
    rows = [m.groups() for m in map(ROW.match, proc.stdout.splitlines()) if m]
    import torch
    launches = launches_per_sample()
    print(f"\n# both sides: median of 10 samples of {launches} back-to-back "
          "launches each, per launch")
    # e4m3 rows (generate_attention_bench.py's FP8_IN_BENCH) are compared
    # with bf16 SDPA: torch has no e4m3 attention to time.
    types = {"bf16": torch.bfloat16, "f16": torch.float16,
             "e4m3": torch.bfloat16}
    print("\n| type | B, H, S, D | causal | kernel | TileMLIR | cuDNN | flash "
          "| ratio to best |")
    print("| --- | --- | --- | --- | ---: | ---: | ---: | ---: |")
    baselines = {}
    for t, d, v, b, h, s, causal, tflops in rows:
        b, h, s, d, causal = int(b), int(h), int(s), int(d), causal == "1"
        key = (t, b, h, s, d, causal)
        if key not in baselines:
            baselines[key] = {
                name: sdpa_tflops(torch, name, types[t], b, h, s, d, causal,
                                  launches)
                for name in ("cudnn", "flash")}
        base = baselines[key]
        best = max((v for v in base.values() if v), default=None)
        fmt = lambda v: f"{v:.1f}" if v else "n/a"
        ratio = f"{float(tflops) / best:.2f}" if best else "n/a"
        print(f"| {t} | {b}, {h}, {s}, {d} | {'yes' if causal else 'no'} | "
              f"{v} | {float(tflops):.1f} | {fmt(base['cudnn'])} | "
              f"{fmt(base['flash'])} | {ratio} |")
    print_auto_against_hand(rows)
    failed = proc.returncode != 0 or any(v[-1] != "PASS" for v in verdicts)
    if not verdicts or len(rows) != len(verdicts):
        print(f"# expected one timed row per checked problem: {len(verdicts)} "
              f"checked, {len(rows)} timed")
        failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
