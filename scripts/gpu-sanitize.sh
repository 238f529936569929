#!/usr/bin/env bash
# The GPU bundle's compute-sanitizer pass (gpu-bundle/run.sh --sanitize
# RESULTS_DIR [options], installed as gpu-bundle/sanitize.sh): every bundled
# test under memcheck, racecheck and synccheck, on the GPU machine, with
# nothing but bash, coreutils and the CUDA toolkit's compute-sanitizer.
#
# Each test runs as a quick run: TILE_TIMING=0 (no timed launches) and
# TILE_MAX_PROBLEM (GEMM problems above that many multiply-adds are skipped,
# so the tests' small shapes remain), and compute-sanitizer checks only the
# test's own kernels (gpu-bundle's <test>.kernels). Reference GEMMs run on
# the host (TILE_REFERENCE=host): with cuBLAS's 16-bit Hopper GEMMs in the
# program, even unchecked, racecheck failed internally ("failed to handle a
# hardware exception", TOOL-ERROR) on every test that ran one. Writes RESULTS_DIR/<tool>/<test>.{log,out,summary}: the
# sanitizer's report, the program's output, and one line
#   <tool> <test>: <STATUS> errors=<n> exit=<status> time=<s>s
# with STATUS one of CLEAN (0 errors), ERRORS, TIMEOUT (past --timeout,
# reported, never passed), PROGRAM-FAILED (the test failed by itself),
# NO-SUMMARY (the sanitizer did not finish its report), TOOL-ERROR (the
# sanitizer failed internally: nothing checked, never passed), SKIPPED (budget
# spent) or SKIP (the test opts out: it expects a failure or says
# `// BUNDLE-SANITIZE: skip (why)`). RESULTS_DIR/summary.txt has every line
# and one total per tool; gpu-check.sh --sanitize checks them.
set -u
here=$(cd "$(dirname "$0")" && pwd)

usage() {
  cat <<'EOF'
usage: run.sh --sanitize RESULTS_DIR [--tools "memcheck racecheck synccheck"]
         [--jobs N] [--timeout SECONDS] [--budget SECONDS]
         [--max-problem MULTIPLY_ADDS] [--only REGEX]
  --jobs      tests run at once on the GPU (default 6)
  --timeout   limit per test and tool (default 150)
  --budget    jobs not started by then are SKIPPED (default 240)
  --only      test names (gpu-bundle/<name>.exe) matching REGEX only
environment: COMPUTE_SANITIZER (default /usr/local/cuda/bin/compute-sanitizer)
EOF
  exit 2
}

results=""
tools="memcheck racecheck synccheck"
jobs=6 timeout=150 budget=240 max_problem=67108864 only=""
while (($#)); do
  case "$1" in
  --tools) tools=$2; shift 2 ;;
  --jobs) jobs=$2; shift 2 ;;
  --timeout) timeout=$2; shift 2 ;;
  --budget) budget=$2; shift 2 ;;
  --max-problem) max_problem=$2; shift 2 ;;
  --only) only=$2; shift 2 ;;
  -h | --help) usage ;;
  -*) echo "sanitize: unknown option $1" >&2; usage ;;
  *) [[ -z "$results" ]] || usage; results=$1; shift ;;
  esac
done
[[ -n "$results" ]] || usage

sanitizer=${COMPUTE_SANITIZER:-/usr/local/cuda/bin/compute-sanitizer}
if [[ ! -x "$sanitizer" ]]; then
  sanitizer=$(command -v compute-sanitizer || true)
fi
if [[ -z "$sanitizer" || ! -x "$sanitizer" ]]; then
  echo "sanitize: compute-sanitizer not found (set COMPUTE_SANITIZER)" >&2
  exit 2
fi
mkdir -p "$results"
"$sanitizer" --version >"$results/compute-sanitizer.version" 2>&1
echo "sanitize: $(head -1 "$results/compute-sanitizer.version" | tr -d '\r')," \
  "tools: $tools; $jobs at a time, $timeout s each, $budget s in all"

# Flags of each tool. CUDA API errors are the program's to report (the
# runtime exits on every one it cares about: PROGRAM-FAILED); the count is
# of device-side findings. racecheck reports its analysis (one entry per
# hazard site), not every conflicting access pair.
tool_flags() {
  local flags=(--tool "$1" --error-exitcode 86 --print-limit 20
    --show-backtrace no --report-api-errors no)
  [[ "$1" == racecheck ]] && flags+=(--racecheck-report analysis)
  printf '%s\n' "${flags[@]}"
}

# Whether this compute-sanitizer takes the flags (and several --kernel-name
# filters, which select the union of the kernels), on a program that never
# initializes CUDA. Without the filters, every kernel is checked.
filters=yes
for tool in $tools; do
  mapfile -t flags < <(tool_flags "$tool")
  if ! "$sanitizer" --require-cuda-init no "${flags[@]}" \
    --kernel-name kne=a --kernel-name kne=b true \
    >"$results/preflight-$tool.log" 2>&1; then
    filters=no
    if ! "$sanitizer" --require-cuda-init no "${flags[@]}" true \
      >>"$results/preflight-$tool.log" 2>&1; then
      echo "sanitize: compute-sanitizer refuses the $tool flags:" >&2
      sed 's/^/  | /' "$results/preflight-$tool.log" >&2
      exit 2
    fi
  fi
done
[[ $filters == yes ]] ||
  echo "sanitize: kernel-name filters not accepted: checking every kernel"

start=$(date +%s)
export TILE_TIMING=0 TILE_MAX_PROBLEM=$max_problem TILE_REFERENCE=host
# A hung synchronization gives up with a message a little before the limit.
export TILE_SYNC_TIMEOUT_S=$((timeout > 20 ? timeout - 10 : timeout))

# run_one TOOL NAME SLOT: one test under one tool; writes its summary line.
# Each of the jobs at once gets ports of its own for the sanitizer's
# connection to its target (--port, --max-connections 8).
run_one() {
  local tool=$1 name=$2 slot=${3:-0} dir="$results/$1"
  local log="$dir/$name.log" out="$dir/$name.out" summary="$dir/$name.summary"
  if (($(date +%s) - start > budget)); then
    echo "$tool $name: SKIPPED (the ${budget} s budget was spent)" >"$summary"
    cat "$summary"
    return
  fi
  local -a flags kernels=()
  mapfile -t flags < <(tool_flags "$tool")
  if [[ $filters == yes && -s "$here/$name.kernels" ]]; then
    while IFS= read -r k; do
      kernels+=(--kernel-name "kne=$k")
    done <"$here/$name.kernels"
  fi
  local t0 t1 rc errors status hazards
  t0=$(date +%s.%N)
  timeout -k 10 "$timeout" "$sanitizer" "${flags[@]}" "${kernels[@]}" \
    --port $((49152 + 8 * slot)) --max-connections 8 \
    --log-file "$log" "$here/$name.exe" >"$out" 2>&1
  rc=$?
  t1=$(date +%s.%N)
  errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9][0-9]*\) error.*/\1/p' "$log" \
    2>/dev/null | tail -1)
  hazards=$(sed -n 's/.*RACECHECK SUMMARY: *//p' "$log" 2>/dev/null | tail -1)
  # racecheck prints no ERROR SUMMARY, only "N hazards displayed (E errors,
  # W warnings)".
  if [[ -z "$errors" && -n "$hazards" ]]; then
    errors=$(sed -n 's/.*(\([0-9][0-9]*\) error.*/\1/p' <<<"$hazards")
  fi
  if ((rc == 124 || rc == 137)); then
    status=TIMEOUT
  elif grep -q 'Internal Sanitizer Error' "$log" 2>/dev/null; then
    # The tool itself failed (racecheck on TMA/wgmma kernels: "failed to
    # handle a hardware exception"): nothing was checked.
    status=TOOL-ERROR
  elif [[ -z "$errors" ]]; then
    status=NO-SUMMARY
  elif ((errors > 0 || rc == 86)); then
    status=ERRORS
  elif ((rc != 0)); then
    status=PROGRAM-FAILED
  else
    status=CLEAN
  fi
  printf '%s %s: %s errors=%s exit=%s time=%ss%s\n' "$tool" "$name" \
    "$status" "${errors:-?}" "$rc" \
    "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')" \
    "${hazards:+ (racecheck: $hazards)}" >"$summary"
  cat "$summary"
}

# Every test and tool: memcheck for all tests first, racecheck (the slow
# one) last, so that a spent budget costs racecheck runs first.
declare -a queue=()
for tool in $tools; do
  mkdir -p "$results/$tool"
  for exe in "$here"/*.exe; do
    name=$(basename "$exe" .exe)
    [[ -z "$only" || "$name" =~ $only ]] || continue
    if [[ -f "$here/$name.nosanitize" ]]; then
      echo "$tool $name: SKIP ($(cat "$here/$name.nosanitize"))" \
        >"$results/$tool/$name.summary"
      cat "$results/$tool/$name.summary"
      continue
    fi
    queue+=("$tool $name")
  done
done
ordered=()
for tool in memcheck synccheck racecheck; do
  for job in "${queue[@]}"; do
    [[ "${job%% *}" == "$tool" ]] && ordered+=("$job")
  done
done
for job in "${queue[@]}"; do # tools other than the three, in given order
  case "${job%% *}" in memcheck | synccheck | racecheck) ;; *) ordered+=("$job") ;; esac
done

n=0
for job in "${ordered[@]}"; do
  while (($(jobs -rp | wc -l) >= jobs)); do
    wait -n
  done
  run_one $job $((n % (jobs * 2))) &
  n=$((n + 1))
done
wait

# Sanitizers that could not report (e.g. several instances competing for
# the GPU) get one more, serial, try while the budget lasts.
for job in "${ordered[@]}"; do
  set -- $job
  if grep -q ': NO-SUMMARY ' "$results/$1/$2.summary" 2>/dev/null; then
    echo "sanitize: $1 $2 again, alone"
    run_one "$1" "$2"
  fi
done

count() { grep -c ": $1\b" <<<"$lines"; }
{
  for tool in $tools; do
    cat "$results/$tool"/*.summary 2>/dev/null | sort
  done
  for tool in $tools; do
    lines=$(cat "$results/$tool"/*.summary 2>/dev/null)
    echo "sanitize $tool: $(grep -c . <<<"$lines") tests: $(count CLEAN) clean," \
      "$(count ERRORS) with errors, $(count TIMEOUT) timed out," \
      "$(count PROGRAM-FAILED) failed by themselves, $(count NO-SUMMARY) without" \
      "a report, $(count TOOL-ERROR) not checked (the sanitizer failed)," \
      "$(count SKIPPED) not started (budget), $(count SKIP) skipped"
  done
  echo "sanitize: $(($(date +%s) - start)) s"
} >"$results/summary.txt"
grep '^sanitize' "$results/summary.txt"
exit 0
