#!/usr/bin/env python3
"""Runs one command line twice at the same time and checks that both runs
exit with the same code and print the same report.

    concurrent.py OUT_PREFIX COMMAND...

Each run's stdout goes to OUT_PREFIX.1 and OUT_PREFIX.2."""
import subprocess
import sys

prefix, cmd = sys.argv[1], sys.argv[2:]
runs = []
for n in (1, 2):
    out = open("%s.%d" % (prefix, n), "wb")
    runs.append((subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE), out))
codes = []
for proc, out in runs:
    _, err = proc.communicate()
    out.close()
    sys.stderr.write(err.decode())
    codes.append(proc.returncode)
outputs = [open("%s.%d" % (prefix, n), "rb").read() for n in (1, 2)]
if codes[0] != codes[1] or codes[0] not in (0, 1) or outputs[0] != outputs[1]:
    sys.exit("concurrent runs differ: exit codes %s" % codes)
print("both runs exited %d with the same report" % codes[0])
