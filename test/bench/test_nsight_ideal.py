#!/usr/bin/env python3
"""nsight_ideal.py on a made-up truth: three global instructions, two whose
ideal is the smaller of their sectors and their lanes' bytes packed, one
whose ideal is not; the count and the listed one are checked.

    test_nsight_ideal.py NSIGHT_IDEAL_SCRIPT
"""
import csv
import os
import subprocess
import sys
import tempfile

COLUMNS = ["Line No", "Source", "Address", "Source", "Instructions Executed",
           "Avg. Predicated-On Threads Executed", "Address Space",
           "Access Operation", "Access Size", "L2 Theoretical Sectors Global Excessive",
           "L2 Theoretical Sectors Global"]


def inst(addr, sass, requests, lanes, bits, sectors, excessive):
    return ["", "", addr, sass, str(requests), str(lanes), "Global", "Load",
            str(bits), str(excessive), str(sectors)]


def main():
    script = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "truth", "tiny"))
        manifest = os.path.join(tmp, "tiny.manifest")
        with open(manifest, "w") as f:
            f.write("suite tiny\nprogram prog src\n  src k.cu\n")
        with open(os.path.join(tmp, "truth", "tiny", "prog.source.csv"), "w", newline="") as f:
            w = csv.writer(f, quoting=csv.QUOTE_ALL)
            w.writerow(["File Path", "/device/x/.suite/tiny/src/k.cu"])
            w.writerow(["Function Name", "void k(float *)"])
            w.writerow(COLUMNS)
            w.writerow(["10", "code", "-", "-", "99", "32", "Global", "Load", "32", "0", "99"])
            # One word per row of a 16-wide block: 2 sectors, none excessive
            # (32 lanes' 4 bytes fill 4).
            w.writerow(inst("0x10", "LDG.E R1, desc[UR4][R2.64]", 100, 32, 32, 200, 0))
            # Stride 2: 8 sectors, 4 excessive.
            w.writerow(inst("0x20", "LDG.E R3, desc[UR4][R4.64]", 100, 32, 32, 800, 400))
            # An ideal of 3 where the rule says 4: listed.
            w.writerow(inst("0x30", "LDG.E R5, desc[UR4][R6.64]", 100, 32, 32, 800, 500))
        out = subprocess.run([sys.executable, script, os.path.join(tmp, "truth"), manifest,
                              "--show", "5"], capture_output=True, text=True, check=True,
                             env=dict(os.environ, SUITES=tmp)).stdout
        lines = out.splitlines()
        assert lines[0].startswith("2 of 3 global load/store instructions (66.7 %)"), out
        assert len(lines) == 2 and "tiny/prog:10" in lines[1] and "ideal 3.00" in lines[1] \
            and "lanes packed 4.00" in lines[1], out
    print("nsight_ideal.py: ok")


if __name__ == "__main__":
    main()
