#!/usr/bin/env python3
"""Runs a command, echoes its stderr then stdout, and prints 'exit: N'.

lit's internal shell has no $?, and the analyzer's exit code (0, 1, 2) is
part of its contract, so tests check it through this wrapper.
"""
import subprocess
import sys

# Source lines are echoed as they are, and are not always UTF-8.
p = subprocess.run(sys.argv[1:], capture_output=True, text=True,
                   errors="replace")
sys.stdout.write(p.stderr)
sys.stdout.write(p.stdout)
print("exit: %d" % p.returncode)
