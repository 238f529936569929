#!/usr/bin/env bash
# make gpu-bundle: builds every GPU integration test into an executable under
# <build>/gpu-bundle/, with a run.sh that needs only bash and the NVIDIA
# driver. On the GPU machine: `gpu-bundle/run.sh RESULTS_DIR` writes
# <test>.out (the program's output) and <test>.rc (its exit status) per
# test; back here, `make gpu-check RESULTS=RESULTS_DIR` checks them. A test
# may name tile-run flags (`// BUNDLE-FLAGS: ...`) and expect its program
# to fail (`// BUNDLE-EXPECT-FAILURE`: a nonzero exit status other than the
# bundle's timeout, 124).
#
# `gpu-bundle/run.sh --sanitize RESULTS_DIR` runs every test under
# compute-sanitizer's memcheck, racecheck and synccheck instead (quick runs:
# TILE_TIMING=0 and TILE_MAX_PROBLEM keep the tests' small problems only,
# and only the test's own kernels are checked); `make gpu-check-sanitize
# RESULTS=RESULTS_DIR` checks its summaries. Tests that expect a failure,
# or say `// BUNDLE-SANITIZE: skip (why)`, are skipped with the reason.
set -euo pipefail
build=${1:-build}
here=$(cd "$(dirname "$0")/.." && pwd)
bundle="$build/gpu-bundle"
rm -rf "$bundle"
mkdir -p "$bundle"

count=0
while IFS= read -r test; do
  rel=${test#"$here/integration_test/"}
  name=$(echo "${rel%.mlir}" | tr '/' '_')
  # A test may run another file (`// BUNDLE-SOURCE: path` from the root).
  source=$(sed -n 's|^// BUNDLE-SOURCE: *||p' "$test" | head -1)
  source=${source:+$here/$source}
  # Compiler flags the test's RUN line gives tile-run (`// BUNDLE-FLAGS: ...`).
  read -r -a flags <<<"$(sed -n 's|^// BUNDLE-FLAGS: *||p' "$test" | head -1)"
  echo "gpu-bundle: $rel"
  # A C program calling the source's kernels through their header
  # (`// BUNDLE-C-PROGRAM: program.c header.h`, tile-translate --emit=c-header).
  read -r cprogram cheader <<<"$(sed -n 's|^// BUNDLE-C-PROGRAM: *||p' "$test" | head -1)"
  if [[ -n "${cprogram:-}" ]]; then
    mkdir -p "$bundle/$name.include"
    "$build/bin/tile-translate" --emit=c-header "$source" -o "$bundle/$name.include/$cheader"
    "${CC:-cc}" -std=c11 -O2 -I"$here/lib/Runtime/include" \
      -I"$here/lib/Runtime/TestSupport/include" -I"$bundle/$name.include" \
      "$here/$cprogram" "$build/lib/libTileMLIRTestSupport.a" \
      "$build/lib/libTileMLIRRuntime.a" -ldl -lm -lpthread -o "$bundle/$name.exe"
    rm -rf "$bundle/$name.include"
  else
    "$build/bin/tile-run" "${flags[@]}" --emit-exe "$bundle/$name.exe" "${source:-$test}"
  fi
  echo "$rel" >"$bundle/$name.test"
  # The kernels compute-sanitizer is to check (not cuBLAS's).
  sed -n 's|^ *gpu\.func @\([A-Za-z0-9_$.]*\)(.*|\1|p' "${source:-$test}" |
    sort -u >"$bundle/$name.kernels"
  if grep -q '^// BUNDLE-EXPECT-FAILURE' "$test"; then
    echo "expects a failure" >"$bundle/$name.nosanitize"
  else
    sed -n 's|^// BUNDLE-SANITIZE: *skip *||p' "$test" | head -1 |
      sed 's/^(\(.*\))$/\1/' >"$bundle/$name.nosanitize"
    [[ -s "$bundle/$name.nosanitize" ]] || rm "$bundle/$name.nosanitize"
  fi
  count=$((count + 1))
done < <(grep -rl --include='*.mlir' 'REQUIRES: cuda-gpu' "$here/integration_test" | sort)

cp "$here/scripts/gpu-sanitize.sh" "$bundle/sanitize.sh"
cat >"$bundle/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs every bundled test; writes <name>.out and <name>.rc into RESULTS_DIR.
# run.sh --sanitize RESULTS_DIR [options]: under compute-sanitizer instead
# (sanitize.sh --help).
set -u
here=$(cd "$(dirname "$0")" && pwd)
if [[ "${1:-}" == --sanitize ]]; then
  shift
  exec "$here/sanitize.sh" "$@"
fi
results=${1:?usage: run.sh RESULTS_DIR | run.sh --sanitize RESULTS_DIR [options]}
mkdir -p "$results"
for exe in "$here"/*.exe; do
  name=$(basename "$exe" .exe)
  timeout 300 "$exe" >"$results/$name.out" 2>&1
  echo $? >"$results/$name.rc"
  echo "$name: exit $(cat "$results/$name.rc")"
done
RUN
chmod +x "$bundle/run.sh" "$bundle/sanitize.sh"
echo "gpu-bundle: $count tests in $bundle (run: $bundle/run.sh RESULTS_DIR;" \
  "under compute-sanitizer: $bundle/run.sh --sanitize RESULTS_DIR)"
