#!/usr/bin/env bash
# bench-bundle/run.sh RESULTS_DIR (copied from scripts/bench-run.sh): runs
# the benchmarks beside it on the GPU machine; scripts/bench-bundle.sh says
# what it writes and which environment it reads.
set -u
here=$(cd "$(dirname "$0")" && pwd)
results=${1:?usage: run.sh RESULTS_DIR}
mkdir -p "$results"
parts=${BENCH_PARTS:-device gemm attention}
deadline=$((SECONDS + ${BENCH_DEADLINE_S:-570}))
summary="$results/summary.txt"
: >"$summary"

# run_part NAME COMMAND...: COMMAND's output into NAME.out, stopped at the
# deadline; its exit status into the summary.
run_part() {
  local name=$1
  shift
  local left=$((deadline - SECONDS))
  if ((left <= 0)); then
    echo "$name: not run (deadline)" | tee -a "$summary"
    return
  fi
  local start=$SECONDS
  timeout "$left" "$@" >"$results/$name.out" 2>&1
  local rc=$?
  echo "$name: exit $rc ($((SECONDS - start)) s)" | tee -a "$summary"
}

for part in $parts; do
  case $part in
  # The card, its clocks and power limit (ratios compare within one card).
  device)
    run_part device sh -c 'nvidia-smi --format=csv --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem,power.limit,temperature.gpu && nvidia-smi -q -d CLOCK,POWER,PERFORMANCE'
    ;;
  # Each benchmark sees its own TILE_ONLY (empty: every row).
  gemm) run_part gemm env TILE_ONLY="${TILE_ONLY_GEMM:-}" "$here/gemm_bench" ;;
  attention)
    run_part attention env TILE_ONLY="${TILE_ONLY_ATTENTION:-}" \
      python3 "$here/attention_bench.py" "$here/attention_bench"
    ;;
  *) echo "$part: unknown part (device, gemm, attention)" | tee -a "$summary" ;;
  esac
done
# Nonzero when any part failed or was stopped.
! grep -qv ': exit 0 ' "$summary"
