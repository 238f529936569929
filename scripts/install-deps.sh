#!/usr/bin/env bash
# Installs the Debian packages TileMLIR builds with, only when one is missing
# (no apt call at all when everything is present).
#   scripts/install-deps.sh             what `make demo` and `make check` need
#   scripts/install-deps.sh sanitizers  that, plus clang's sanitizer and
#                                       libFuzzer runtimes (make check-sanitize,
#                                       make fuzz)
set -euo pipefail

packages=(llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-22
          lld-22 ninja-build ccache cmake make python3)
for extra in "$@"; do
  case "$extra" in
    sanitizers) packages+=(libclang-rt-22-dev) ;;
    *) echo "install-deps: unknown package set '$extra'" >&2; exit 2 ;;
  esac
done

missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
if [[ $(id -u) -ne 0 ]]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"

if [[ ! -x /usr/local/cuda/bin/ptxas ]]; then
  echo "install-deps: note: CUDA toolkit not found at /usr/local/cuda;" \
       "ptxas-based tests will be reported UNSUPPORTED" >&2
fi
