#!/usr/bin/env bash
# make gpu-check RESULTS=DIR: FileChecks the outputs that gpu-bundle/run.sh
# wrote on a GPU machine against the CHECK lines of each integration test.
# A test may name a command that explains its output (`// BUNDLE-VERDICT:
# cmd ... %out ...`, run from the repository root with %out the output
# file): its report follows the test's PASS or FAIL line.
# make gpu-check-sanitize RESULTS=DIR (gpu-check.sh --sanitize BUILD DIR):
# checks what `gpu-bundle/run.sh --sanitize DIR` wrote instead: every
# bundled test has a summary line per tool, and each says CLEAN (0 errors)
# or SKIP (the test opts out, reason given).
set -uo pipefail
sanitize=no
if [[ "${1:-}" == --sanitize ]]; then
  sanitize=yes
  shift
fi
build=${1:-build}
results=${2:?usage: gpu-check.sh [--sanitize] BUILD RESULTS_DIR}
here=$(cd "$(dirname "$0")/.." && pwd)
filecheck=/usr/lib/llvm-22/bin/FileCheck
bundle="$build/gpu-bundle"

if [[ $sanitize == yes ]]; then
  if [[ ! -f "$results/summary.txt" ]]; then
    echo "FAIL: no $results/summary.txt (did run.sh --sanitize finish?)"
    exit 1
  fi
  tools=$(sed -n 's/^sanitize \([a-z]*\): .*tests:.*/\1/p' "$results/summary.txt")
  [[ -n "$tools" ]] || tools="memcheck racecheck synccheck"
  bad=0
  for tool in $tools; do
    clean=0 skipped=0 failed=0
    for testfile in "$bundle"/*.test; do
      name=$(basename "$testfile" .test)
      line=$(cat "$results/$tool/$name.summary" 2>/dev/null)
      case "$line" in
      "$tool $name: CLEAN errors=0 "*) clean=$((clean + 1)) ;;
      "$tool $name: SKIP ("*)
        skipped=$((skipped + 1))
        echo "SKIP: $line"
        ;;
      "")
        failed=$((failed + 1))
        echo "FAIL: $tool $(cat "$testfile"): no summary in $results/$tool"
        ;;
      *)
        failed=$((failed + 1))
        echo "FAIL: $line"
        # The first findings of the report, or the program's last words.
        if [[ "$line" == *": ERRORS "* ]]; then
          grep -m 12 '^=========' "$results/$tool/$name.log" | sed 's/^/  | /'
        else
          tail -n 8 "$results/$tool/$name.out" 2>/dev/null | sed 's/^/  | /'
        fi
        ;;
      esac
    done
    echo "$tool: $clean clean, $failed not clean, $skipped skipped"
    bad=$((bad + failed))
  done
  [[ $bad == 0 ]]
  exit
fi

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
  read -r -a verdict <<<"$(sed -n 's|^// BUNDLE-VERDICT: *||p' \
    "$here/integration_test/$rel" | head -1)"
  if ((${#verdict[@]})); then
    out=$(cd "$results" && pwd)/$name.out
    (cd "$here" && "${verdict[@]//%out/$out}") 2>&1 | sed 's/^/  | /'
  fi
done
echo "$passed passed, $failed failed"
[[ $failed == 0 && $passed -gt 0 ]]
