#!/usr/bin/env bash
# make bench-bundle: builds the two benchmarks (bench/gemm_bench.mlir,
# bench/attention_bench.mlir) into executables under <build>/bench-bundle/,
# with attention_bench.py and a run.sh that needs only bash, the NVIDIA
# driver and, for the attention table's torch side, python3 with torch.
# The GPU machine has no MLIR: build here, carry the folder there, run
#
#   bench-bundle/run.sh RESULTS_DIR
#
# and bring RESULTS_DIR back (bench/README.md). One call gives the issues'
# tables, one process per benchmark: device.out (the card, its clocks and
# power limit: ratios compare only within one card), gemm.out (TileMLIR,
# cuBLAS and their ratio per row), attention.out (TileMLIR, torch SDPA's
# cuDNN and flash backends, the ratio) and summary.txt (each part's exit
# status): four files, whatever the benchmarks print.
#
# Environment of run.sh: BENCH_PARTS (default "device gemm attention"),
# BENCH_DEADLINE_S (default 570: seconds from the start after which no part
# starts, and each part is stopped at it; a part stopped so exits 124),
# TILE_ONLY_GEMM / TILE_ONLY_ATTENTION (each benchmark's TILE_ONLY: row
# patterns, bench/README.md), and whatever the benchmarks read themselves
# (TILE_LAUNCHES_PER_SAMPLE, ...).
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")/.." && pwd)
bundle="$build/bench-bundle"
rm -rf "$bundle"
mkdir -p "$bundle"

for bench in gemm_bench attention_bench; do
  echo "bench-bundle: bench/$bench.mlir"
  "$build/bin/tile-run" --emit-exe "$bundle/$bench" "$here/bench/$bench.mlir"
done
cp "$here/bench/attention_bench.py" "$bundle/"

cp "$here/scripts/bench-run.sh" "$bundle/run.sh"
chmod +x "$bundle/run.sh"
echo "bench-bundle: $bundle (run: $bundle/run.sh RESULTS_DIR)"
