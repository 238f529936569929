#!/usr/bin/env bash
# Runs tile-fuzz (fuzz/tile-fuzz.c) from BUILD_DIR with libFuzzer options,
# e.g. `scripts/fuzz.sh build-sanitize -runs=3000 -timeout=30`; `make fuzz`
# passes FUZZ_RUNS and its limits. Fails (non-zero) on any finding.
#
# Inputs: the seed corpus BUILD_DIR/fuzz/corpus (generated from the test
# suite) and BUILD_DIR/fuzz/work, where libFuzzer keeps the inputs that
# found new coverage, so later runs start where earlier ones stopped.
# Findings go to BUILD_DIR/fuzz/findings/ (crash-*, timeout-*, oom-*, leak-*);
# `BUILD_DIR/bin/tile-fuzz FILE` replays one.
set -euo pipefail

build=${1:?usage: scripts/fuzz.sh BUILD_DIR [libFuzzer options]}
shift
fuzz="$build/fuzz"
mkdir -p "$fuzz/work" "$fuzz/findings"

# The options of test/lit_sanitizers.py, for the reasons given there (libMLIR
# and libLLVM are uninstrumented).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_container_overflow=0:allow_user_poisoning=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}"

status=0
"$build/bin/tile-fuzz" -dict="$fuzz/tile.dict" \
  -artifact_prefix="$fuzz/findings/" -print_final_stats=1 "$@" \
  "$fuzz/work" "$fuzz/corpus" || status=$?
if ((status != 0)); then
  echo "fuzz: tile-fuzz found a problem (exit status $status); the input is" \
       "in $fuzz/findings/:" >&2
  ls -t "$fuzz/findings" | head -5 >&2
  exit 1
fi
echo "fuzz: no crash, hang, RSS overrun or sanitizer report"
