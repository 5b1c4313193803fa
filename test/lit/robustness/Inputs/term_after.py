"""term_after.py SECONDS CMD...: runs CMD, sends it SIGTERM after SECONDS,
and prints how it ended."""
import subprocess
import sys
import time

p = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(float(sys.argv[1]))
p.terminate()
rc = p.wait(timeout=60)
time.sleep(0.5)  # its children, killed with it
print("ended by SIGTERM" if rc == -15 else "exit %d" % rc)
