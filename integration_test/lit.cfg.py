# -*- Python -*-
# lit configuration for TileMLIR's GPU integration tests. Every test needs a
# CUDA GPU (REQUIRES: cuda-gpu) and reports UNSUPPORTED without one. For a
# GPU machine without MLIR, `make gpu-bundle` / `make gpu-check` run the
# same tests in two halves (see README.md).

import os
import subprocess
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TileMLIR-Integration"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "integration_test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

config.substitutions.append(("%tile_src_root", config.tile_src_root))
config.substitutions.append(("%tile_obj_root", config.tile_obj_root))
config.substitutions.append(("%cc", config.c_compiler))

llvm_config.with_system_environment(["HOME", "TMP", "TEMP", "CUDA_VISIBLE_DEVICES"])
llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.tile_tools_dir, append_path=True)

sys.path.insert(0, os.path.join(config.tile_src_root, "test"))
import lit_sanitizers

lit_sanitizers.configure(config)

llvm_config.add_tool_substitutions(
    [ToolSubst("tile-run", unresolved="fatal"),
     ToolSubst("tile-translate", unresolved="fatal")], [config.tile_tools_dir])

tile_run = os.path.join(config.tile_tools_dir, "tile-run")
try:
    probe = subprocess.run([tile_run, "--probe-gpu"], capture_output=True,
                           timeout=120)
    if probe.returncode == 0:
        config.available_features.add("cuda-gpu")
except (OSError, subprocess.TimeoutExpired):
    pass
