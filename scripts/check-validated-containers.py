#!/usr/bin/env python3
"""Lists the tests that write a DXIL container without validating it.

Every container a lit test writes (hlsl-translate --to-dxil -o/-Fo FILE,
hlsl-run ... -Fo FILE) must also be checked by DXC's validator in the same
test: `RUN: %if dxv %{ %dxv FILE %}`. An hlsl-run that compiles HLSL must
keep its container (-Fo) for that. Prints one line per missing check and
exits 1 if there is any; test/Robustness/every-container-validated.test runs
it on the test tree.

usage: scripts/check-validated-containers.py TEST_DIR
"""
import os
import re
import sys


def problems(path):
    with open(path, errors="replace") as fh:
        runs = [line.split("RUN:", 1)[1] for line in fh if "RUN:" in line]
    validated = set(re.findall(r"%dxv\s+(\S+)", "\n".join(runs)))
    for run in runs:
        for command in re.split(r"\|\||&&|\|", run):
            words = command.split()
            if not words or words[0] in ("not", "%if"):
                continue
            outputs = []
            # -extractrootsignature writes a root signature alone, which
            # the validator does not take (tests compare it with DXC's).
            if words[0] == "hlsl-translate" and "--to-dxil" in words and \
                    "-extractrootsignature" not in words:
                outputs = [words[words.index(f) + 1] for f in ("-o", "-Fo")
                           if f in words[:-1]]
            elif words[0] == "hlsl-run" and len(words) > 2:
                if "-Fo" in words[:-1]:
                    outputs = [words[words.index("-Fo") + 1]]
                elif words[2].endswith(".hlsl"):
                    yield "hlsl-run compiles %s without -Fo" % words[2]
            for output in outputs:
                if output not in ("-", "/dev/null") and output not in validated:
                    yield "%s is not validated" % output


def main():
    found = False
    for directory, _, files in os.walk(sys.argv[1]):
        for name in sorted(files):
            if name.endswith((".test", ".hlsl", ".mlir", ".ll")):
                path = os.path.join(directory, name)
                for problem in problems(path):
                    print("%s: %s" % (os.path.relpath(path, sys.argv[1]), problem))
                    found = True
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
