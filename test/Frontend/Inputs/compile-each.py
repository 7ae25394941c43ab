"""Compiles a shader once per line of a statements file, with -DSTMT=<line>.

usage: compile-each.py <statements> <hlsl-translate args...>
Prints 'FAIL [<statement>]' with the tool's errors for every statement that
does not compile and exits 1 if any failed.
"""
import subprocess
import sys

statements, command = sys.argv[1], sys.argv[2:]
failed = 0
with open(statements) as lines:
    for statement in (line.strip() for line in lines):
        if not statement or statement.startswith("#"):
            continue
        run = subprocess.run(command + ["-DSTMT=" + statement],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True)
        if run.returncode != 0:
            failed += 1
            print("FAIL [%s]\n%s" % (statement, run.stderr))
print("%d failed" % failed)
sys.exit(1 if failed else 0)
