"""Compiling a fuzz case with both compilers and running both containers
(fuzz-buffer-loads-with-dxc, fuzz-expressions-with-dxc).

A case is base.hlsl and its pipeline base.yaml; compile_and_run writes
base.dxil, base.dxc.dxil and hlsl-run's buffers after each run,
base.out.yaml and base.dxc.out.yaml.
"""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Seconds a compilation or run may take before it counts as a hang.
STEP_TIMEOUT = 120


def find_dxc():
    for candidate in (os.environ.get("HLSL_DXC"),
                      os.path.join(ROOT, "..", "shared", "tools", "dxc")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def compile_and_run(build, dxc, base, flags):
    """None when every step succeeds, else (verdict, [message]): "DXC
    failed" when DXC does not compile the case, "failed" otherwise."""
    run = os.path.join(build, "bin", "hlsl-run")
    translate = os.path.join(build, "bin", "hlsl-translate")
    steps = [("ours", [translate, "--to-dxil", base + ".hlsl"] + flags + ["-o", base + ".dxil"]),
             ("DXC", [dxc, base + ".hlsl"] + flags + ["-Fo", base + ".dxc.dxil"]),
             ("run ours", [run, base + ".yaml", base + ".dxil", "-o", base + ".out.yaml"]),
             ("run DXC's", [run, base + ".yaml", base + ".dxc.dxil", "-o", base + ".dxc.out.yaml"])]
    for name, command in steps:
        verdict = "DXC failed" if name == "DXC" else "failed"
        try:
            result = subprocess.run(command, capture_output=True, text=True,
                                    errors="replace", timeout=STEP_TIMEOUT)
        except subprocess.TimeoutExpired:
            # A compiler that does not finish is a bug of its own.
            return verdict, ["%s: no result after %d seconds" % (name, STEP_TIMEOUT)]
        if result.returncode != 0:
            message = (result.stderr or result.stdout).strip()[:400] or (
                "exit code %d" % result.returncode)
            return verdict, ["%s: %s" % (name, message)]
    return None


def buffer_words(path, name):
    """The Data words of buffer `name` in hlsl-run's output, or None."""
    text = open(path).read()
    m = re.search(r"- Name:\s+%s\n(?:.*\n)*?\s+Data:\s+\[([^\]]*)\]" % name, text)
    return [w.strip() for w in m.group(1).split(",")] if m else None
