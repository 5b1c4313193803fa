#!/usr/bin/env python3
"""stdout_to.py FILE CMD...: runs CMD with its stdout sent to FILE (such as
/dev/full), echoes its stderr and prints 'exit: N', as exitcode.py does."""
import subprocess
import sys

with open(sys.argv[1], "w") as out:
    p = subprocess.run(sys.argv[2:], stdout=out, stderr=subprocess.PIPE,
                       text=True)
sys.stdout.write(p.stderr)
print("exit: %d" % p.returncode)
