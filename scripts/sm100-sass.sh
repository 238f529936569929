#!/usr/bin/env bash
# Blackwell (sm_100a) code cannot run on Hopper: this builds the tcgen05
# kernels' cubins (ptxas -arch=sm_100a through tile-translate) and, where
# cuobjdump is installed (the GPU machine has it; this toolkit may not),
# disassembles them and counts the tcgen05 SASS instructions: UTCCP
# (tcgen05.cp), UTC*MMA (tcgen05.mma kinds), LDTM / STTM (tcgen05.ld / st),
# UTCBAR (tcgen05.commit).
#   scripts/sm100-sass.sh build          build here: BUILD/sm100/*.cubin
#   scripts/sm100-sass.sh --sass DIR     disassemble DIR/*.cubin (needs cuobjdump)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

if [[ ${1:-} == --sass ]]; then
  dir=${2:?usage: sm100-sass.sh --sass DIR}
  command -v cuobjdump >/dev/null || { echo "no cuobjdump here"; exit 77; }
  for cubin in "$dir"/*.cubin; do
    name=$(basename "$cubin" .cubin)
    cuobjdump -sass "$cubin" >"$dir/$name.sass"
    echo "== $name"
    grep -oE '\b(UTC[A-Z]*MMA|UTCCP|UTCBAR|LDTM|STTM)[A-Za-z0-9_.]*' \
      "$dir/$name.sass" | sort | uniq -c | sort -rn
  done
  exit 0
fi

build=${1:-build}
out="$build/sm100"
mkdir -p "$out"
kernels=(
  examples/gluon_tcgen05_copy.mlir
  test/Target/tcgen05-copy.mlir
  test/Target/tcgen05-mma.mlir
  test/Target/tcgen05-mma-scaled.mlir
  test/Target/tcgen05-scales.mlir
  test/Target/tcgen05-matmul-accumulate.mlir
  test/Target/tcgen05-ld-st.mlir
)
for kernel in "${kernels[@]}"; do
  name=$(basename "$kernel" .mlir)
  "$build/bin/tile-translate" --emit=cubin --chip=sm_100a "$here/$kernel" \
    -o "$out/$name.cubin"
done
python3 "$here/test/Target/Inputs/tcgen05_copy_configs.py" --swizzle 64 \
  >"$out/tcgen05_copy_configs_sw64.mlir"
"$build/bin/tile-translate" --emit=cubin --chip=sm_100a \
  "$out/tcgen05_copy_configs_sw64.mlir" -o "$out/tcgen05_copy_configs_sw64.cubin"
echo "sm100-sass: $(ls "$out"/*.cubin | wc -l) sm_100a cubins in $out"
echo "(disassemble where cuobjdump exists: scripts/sm100-sass.sh --sass DIR)"
