#!/usr/bin/env bash
# scripts/ptx-snapshot.sh BUILD OUTDIR: writes the PTX of every integration
# test, example and benchmark (tile-translate --emit=ptx, each file at its
# own chip: sm_100a where the file targets it, sm_90a otherwise) into
# OUTDIR, one <path>.ptx per gpu.module, plus <path>.err for diagnostics.
# Used to show that a change leaves code generation byte-identical:
#   scripts/ptx-snapshot.sh build /tmp/before   (at the old commit)
#   scripts/ptx-snapshot.sh build /tmp/after    (at the new one)
#   scripts/ptx-snapshot.sh --diff /tmp/before /tmp/after
set -uo pipefail
if [[ ${1:-} == --diff ]]; then
  before=${2:?}; after=${3:?}
  if diff -r -q "$before" "$after" >/dev/null; then
    echo "ptx-snapshot: $(find "$before" -name '*.ptx' | wc -l) PTX files, byte-identical"
    exit 0
  fi
  diff -r -q "$before" "$after"
  exit 1
fi
build=${1:?usage: ptx-snapshot.sh BUILD OUTDIR | --diff BEFORE AFTER}
out=${2:?usage: ptx-snapshot.sh BUILD OUTDIR}
here=$(cd "$(dirname "$0")/.." && pwd)
translate="$build/bin/tile-translate"
mkdir -p "$out"
count=0
cd "$here"
for f in $(ls integration_test/*/*.mlir examples/*.mlir bench/*.mlir | sort); do
  chip=sm_90a
  grep -q 'chip *= *"sm_100a"' "$f" && chip=sm_100a
  name=$(echo "${f%.mlir}" | tr '/' '_')
  # Every gpu.module goes to its own file (<name>.ptx.<module>.ptx).
  "$translate" --emit=ptx --chip=$chip "$f" -o "$out/$name.ptx" \
    2>"$out/$name.err"
  echo "rc=$?" >>"$out/$name.err"
  count=$((count + 1))
done
echo "ptx-snapshot: $count files, $(find "$out" -name '*.ptx' | wc -l) PTX files in $out"
