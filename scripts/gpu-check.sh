#!/usr/bin/env bash
# make gpu-check RESULTS=DIR: FileChecks the outputs that gpu-bundle/run.sh
# wrote on a GPU machine against the CHECK lines of each integration test.
set -uo pipefail
build=${1:-build}
results=${2:?usage: gpu-check.sh BUILD RESULTS_DIR}
here=$(cd "$(dirname "$0")/.." && pwd)
filecheck=/usr/lib/llvm-22/bin/FileCheck
bundle="$build/gpu-bundle"

passed=0 failed=0
for testfile in "$bundle"/*.test; do
  name=$(basename "$testfile" .test)
  rel=$(cat "$testfile")
  out="$results/$name.out" rc="$results/$name.rc"
  if [[ ! -f "$out" || ! -f "$rc" ]]; then
    echo "FAIL: $rel (no result in $results)"
    failed=$((failed + 1))
    continue
  fi
  status=$(cat "$rc")
  if grep -q '^// BUNDLE-EXPECT-FAILURE' "$here/integration_test/$rel"; then
    # The program must fail by itself, not by the bundle's timeout.
    if [[ "$status" == 0 || "$status" == 124 ]]; then
      echo "FAIL: $rel (exit status $status; expected a failure of its own)"
      sed 's/^/  | /' "$out"
      failed=$((failed + 1))
      continue
    fi
  elif [[ "$status" != 0 ]]; then
    echo "FAIL: $rel (exit status $(cat "$rc"))"
    sed 's/^/  | /' "$out"
    failed=$((failed + 1))
    continue
  fi
  if "$filecheck" --input-file "$out" "$here/integration_test/$rel"; then
    echo "PASS: $rel"
    passed=$((passed + 1))
  else
    echo "FAIL: $rel (FileCheck)"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
[[ $failed == 0 && $passed -gt 0 ]]
