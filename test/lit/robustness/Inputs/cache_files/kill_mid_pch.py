"""kill_mid_pch.py CACHE ANALYZER ARGS...: runs the analyzer, sends it
SIGTERM as soon as a temporary file appears in CACHE/pch (a child is
building the precompiled prelude), and prints whether one was left behind
after it ended."""
import glob
import os
import signal
import subprocess
import sys
import time

cache, args = sys.argv[1], sys.argv[2:]
p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.monotonic() + 60
while time.monotonic() < deadline and p.poll() is None:
    if glob.glob(os.path.join(cache, "pch", "*.tmp*")):
        p.send_signal(signal.SIGTERM)
        break
    time.sleep(0.005)
p.wait()
time.sleep(0.5)  # the child, killed with its parent
left = glob.glob(os.path.join(cache, "pch", "*.tmp*"))
print("temporaries left:", len(left))
