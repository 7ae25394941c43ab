# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "HLSL"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".hlsl", ".yaml", ".test", ".ll"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.hlsl_obj_root, "test")
# Unit tests have their own configuration; inputs are data, not tests.
config.excludes = ["Unit", "Inputs", "lit.cfg.py", "CMakeLists.txt"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%hlsl_src_root", config.hlsl_src_root))
config.substitutions.append(("%hlsl_obj_root", config.hlsl_obj_root))

llvm_config.use_default_substitutions()
# Our tools first, then LLVM 22's (never the unversioned LLVM 14 ones).
llvm_config.with_environment(
    "PATH", [config.hlsl_tools_dir, config.llvm_tools_dir], append_path=True)

from lit.llvm.subst import ToolSubst

# Users get one verification before and one after the hlsl pipeline; the
# tests verify after every pass (as hlsl-opt does), so a pass that leaves
# invalid IR for the next one fails here even when a later pass hides it.
# The stress-*.test inputs are large: they run without it (--verify-each=false).
tools = ["hlsl-opt",
         ToolSubst("hlsl-translate", extra_args=["--verify-each"]),
         "hlsl-run", "dxil-dis", "dxil-container-gen", "dxil-bc-roundtrip"]
llvm_config.add_tool_substitutions(tools, [config.hlsl_tools_dir])

# DXC's validator, when it is found, checks every container a test writes
# (`RUN: %if dxv %{ %dxv %t.dxil %}`). A user's clone has no ../shared, so
# the project builds and passes its tests without it; CI has it.
dxv = os.environ.get("HLSL_DXV") or os.path.join(
    os.path.dirname(config.hlsl_src_root), "shared", "tools", "dxv")
if os.access(dxv, os.X_OK):
    config.available_features.add("dxv")
    config.substitutions.append(("%dxv", dxv))
    # The validator's wrapper unpacks DXC into $HOME/.cache on first use.
    # DXC itself comes with it: tests compare our choices with its output
    # (`RUN: %if dxc %{ %dxc ... %}`).
    dxc = os.environ.get("HLSL_DXC") or os.path.join(os.path.dirname(dxv), "dxc")
    if os.access(dxc, os.X_OK):
        config.available_features.add("dxc")
        config.substitutions.append(("%dxc", dxc))
    for var in ("HOME", "XDG_CACHE_HOME", "HLSL_DXC_CACHE"):
        if var in os.environ:
            config.environment[var] = os.environ[var]

# Sanitizer builds: ASan reserves terabytes of address space, so tests that
# bound memory with `ulimit -v` are UNSUPPORTED there.
if "address" in getattr(config, "hlsl_sanitize", ""):
    config.available_features.add("asan")

# A hung test fails after 5 minutes instead of stalling CI (lit's timeout
# needs psutil, which scripts/setup.sh installs). The slowest test takes
# about 30 s under the sanitizers on 2 cores.
try:
    import psutil  # noqa: F401
    lit_config.maxIndividualTestTime = 300
except ImportError:
    lit_config.warning("python3-psutil is missing: no per-test timeout")
