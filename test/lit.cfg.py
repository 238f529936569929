# -*- Python -*-
# lit configuration for TileMLIR's tests that need no GPU.

import os
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TileMLIR"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".c", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs", "lib"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%tile_src_root", config.tile_src_root))
config.substitutions.append(("%tile_obj_root", config.tile_obj_root))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

# The on-disk compile cache is off in tests: each compiles what it checks.
# The tests of the cache itself turn it on, with a directory of their own.
config.environment["TILE_CACHE"] = "0"
config.environment.pop("TILE_CACHE_DIR", None)

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.tile_tools_dir, append_path=True)

sys.path.insert(0, os.path.dirname(__file__))
import lit_sanitizers

lit_sanitizers.configure(config)

tools = [
    ToolSubst("tile-opt", unresolved="fatal"),
    ToolSubst("tile-capi-ir-test", unresolved="fatal"),
    ToolSubst("tile-capi-types-test", unresolved="fatal"),
    ToolSubst("tile-capi-target-test", unresolved="fatal"),
    ToolSubst("tile-capi-invalid-test", unresolved="fatal"),
    ToolSubst("tile-capi-compile-test", unresolved="fatal"),
    ToolSubst("tile-run", unresolved="fatal"),
    ToolSubst("tile-translate", unresolved="fatal"),
    ToolSubst("tile-lsp-server", unresolved="fatal"),
    ToolSubst("tile-reduce", unresolved="fatal"),
    ToolSubst("tile-runtime-formats-test", unresolved="fatal"),
    ToolSubst("tile-runtime-tensormap-test", unresolved="fatal"),
    ToolSubst("tile-runtime-host-test", unresolved="fatal"),
    ToolSubst("tile-runtime-cases-test", unresolved="fatal"),
    ToolSubst("tile-runtime-nogpu-test", unresolved="fatal"),
    ToolSubst("tile-runtime-gpu-test", unresolved="fatal"),
]
llvm_config.add_tool_substitutions(tools, [config.tile_tools_dir])

# ptxas from the CUDA toolkit checks emitted PTX for sm_90a and sm_100a.
ptxas = os.path.join(config.cuda_root, "bin", "ptxas")
if config.cuda_root and os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# tile-run answers for the machine: `cuda-gpu` when a CUDA GPU is usable
# (tests that execute kernels REQUIRE it), `tile-runtime` when the runtime
# library (lib/Runtime) it links programs with has been built.
tile_run = os.path.join(config.tile_tools_dir, "tile-run")
if os.path.exists(tile_run):
    import subprocess

    try:
        probe = subprocess.run(
            [tile_run, "--probe-gpu"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=120,
        )
        if probe.returncode == 0:
            config.available_features.add("cuda-gpu")
    except subprocess.TimeoutExpired:
        lit_config.warning("tile-run --probe-gpu timed out; assuming no GPU")
    runtime = subprocess.run(
        [tile_run, "--print-runtime-lib"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    if runtime.returncode == 0 and os.path.isfile(runtime.stdout.strip()):
        config.available_features.add("tile-runtime")
