# TileMLIR — thin wrapper around CMake/Ninja.
#   make demo            install what is missing, build, run the bundled example
#   make check           install what is missing, build, run every lit test
#   make check-sanitize  the lit suite on an ASan + UBSan build (clang-22,
#                        $(SANITIZE_BUILD_DIR); the sanitizer runtimes are
#                        installed when missing)
#   make fuzz            build tile-fuzz (libFuzzer over parse, verify and the
#                        tile-to-llvm pipeline, through the C API) in the same
#                        build and run it for FUZZ_RUNS inputs from a seed
#                        corpus made of the test suite; fails on any crash,
#                        hang (FUZZ_TIMEOUT s per input), RSS overrun
#                        (FUZZ_RSS_MB) or sanitizer report
BUILD_DIR ?= build
LLVM_PREFIX ?= /usr/lib/llvm-22
CMAKE_BUILD_TYPE ?= Release

# The compilers: clang-22 by default; GCC 12 works too, in its own build
# directory: make check BUILD_DIR=build-gcc TILE_CC=gcc TILE_CXX=g++
TILE_CC ?= clang-22
TILE_CXX ?= clang++-22

CMAKE_FLAGS := -G Ninja \
  -DCMAKE_BUILD_TYPE=$(CMAKE_BUILD_TYPE) \
  -DCMAKE_C_COMPILER=$(TILE_CC) -DCMAKE_CXX_COMPILER=$(TILE_CXX) \
  -DMLIR_DIR=$(LLVM_PREFIX)/lib/cmake/mlir \
  -DLLVM_DIR=$(LLVM_PREFIX)/lib/cmake/llvm
ifneq ($(findstring clang,$(TILE_CXX)),)
CMAKE_FLAGS += -DLLVM_ENABLE_LLD=ON
endif

ifneq ($(shell command -v ccache 2>/dev/null),)
CMAKE_FLAGS += -DCMAKE_C_COMPILER_LAUNCHER=ccache \
               -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
endif

# The sanitized build: ASan and UBSan on TileMLIR's code (libMLIR/libLLVM are
# Debian's, uninstrumented), plus libFuzzer's coverage instrumentation, so
# that check-sanitize and fuzz share one build (CI compiles it once). -O1 and
# line tables: reports with file:line at a fraction of -O3's build time.
SANITIZE_BUILD_DIR ?= build-sanitize
SANITIZE_CMAKE_FLAGS := -G Ninja \
  -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_FLAGS_RELEASE="-O1 -gline-tables-only -DNDEBUG" \
  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only -DNDEBUG" \
  -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
  -DLLVM_ENABLE_LLD=ON -DTILE_FUZZ=ON \
  -DMLIR_DIR=$(LLVM_PREFIX)/lib/cmake/mlir \
  -DLLVM_DIR=$(LLVM_PREFIX)/lib/cmake/llvm
ifneq ($(shell command -v ccache 2>/dev/null),)
SANITIZE_CMAKE_FLAGS += -DCMAKE_C_COMPILER_LAUNCHER=ccache \
                        -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
endif

# make fuzz: inputs to run (the default suits CI: a few minutes, seed corpus
# included), seconds one input may take before it counts as a hang, the RSS
# limit, the longest input (longer seeds are cut), and the random seed
# (fixed, so that a CI run is reproducible; 0: a new one each run). The
# slowest seeds of up to 32 KiB take a few CPU seconds under ASan; the hangs
# this looks for (issue 14: a register tile compiling for minutes) take far
# longer than FUZZ_TIMEOUT, and a loaded machine must not pass for one.
FUZZ_RUNS ?= 5000
FUZZ_TIMEOUT ?= 60
FUZZ_RSS_MB ?= 2048
FUZZ_MAX_LEN ?= 32768
FUZZ_SEED ?= 1

.PHONY: all deps configure build check demo docs gpu-bundle gpu-check \
        gpu-check-sanitize bench-bundle clean sanitize-deps check-sanitize fuzz

all: build

deps:
	@scripts/install-deps.sh

$(BUILD_DIR)/build.ninja: | deps
	cmake -S . -B $(BUILD_DIR) $(CMAKE_FLAGS)

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR)

check: build
	cmake --build $(BUILD_DIR) --target check-tile

sanitize-deps:
	@scripts/install-deps.sh sanitizers

$(SANITIZE_BUILD_DIR)/build.ninja: | sanitize-deps
	cmake -S . -B $(SANITIZE_BUILD_DIR) $(SANITIZE_CMAKE_FLAGS)

# Only what the lit suite needs (check-tile's dependencies), not `all`.
check-sanitize: sanitize-deps $(SANITIZE_BUILD_DIR)/build.ninja
	cmake --build $(SANITIZE_BUILD_DIR) --target check-tile

fuzz: sanitize-deps $(SANITIZE_BUILD_DIR)/build.ninja
	cmake --build $(SANITIZE_BUILD_DIR) --target tile-fuzz tile-fuzz-corpus
	@scripts/fuzz.sh $(SANITIZE_BUILD_DIR) -runs=$(FUZZ_RUNS) \
	  -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=$(FUZZ_RSS_MB) \
	  -max_len=$(FUZZ_MAX_LEN) -seed=$(FUZZ_SEED)

demo: build
	@scripts/demo.sh $(BUILD_DIR)

# Split flow for a GPU machine without MLIR: build every integration test
# here, run build/gpu-bundle/run.sh RESULTS_DIR there, check here.
gpu-bundle: build
	@scripts/gpu-bundle.sh $(BUILD_DIR)

gpu-check:
	@test -n "$(RESULTS)" || { echo "usage: make gpu-check RESULTS=DIR"; exit 2; }
	@scripts/gpu-check.sh $(BUILD_DIR) $(RESULTS)

# The summaries of build/gpu-bundle/run.sh --sanitize RESULTS_DIR.
gpu-check-sanitize:
	@test -n "$(RESULTS)" || { echo "usage: make gpu-check-sanitize RESULTS=DIR"; exit 2; }
	@scripts/gpu-check.sh --sanitize $(BUILD_DIR) $(RESULTS)

# The benchmarks for a GPU machine without MLIR: build/bench-bundle/run.sh
# RESULTS_DIR there gives the GEMM and attention tables of one run.
bench-bundle: build
	@scripts/bench-bundle.sh $(BUILD_DIR)

# Regenerates docs/Dialects/*.md from the TableGen definitions.
docs: configure
	cmake --build $(BUILD_DIR) --target tile-doc

clean:
	rm -rf $(BUILD_DIR)
