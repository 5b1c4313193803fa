#!/usr/bin/env python3
"""The before/after table of fixes_bench.sh: for each program of
cuda_bench/fixes and each of its kernels, Nsight Compute's global sectors per
request (loads, stores) and shared wavefronts per request of the original
and of the version cuda-coalesce --fix made, the median time of 20 launches,
and whether both printed the same output.

usage: fixes_table.py RESULTS_DIR FIXES_DIR
"""
import csv
import io
import os
import re
import sys


def ncu_rows(path):
    """{kernel: {metric: value}} from ncu's --csv --page details log."""
    if not os.path.exists(path):
        return {}
    with open(path, errors="replace") as f:
        text = f.read()
    start = text.find('"ID"')
    if start < 0:
        return {}
    kernels = {}
    for row in csv.DictReader(io.StringIO(text[start:])):
        # Keyed by launch ID too: two instantiations may print alike.
        name = "%s %s" % (row.get("ID", "?"),
                          re.sub(r"\(.*", "", row.get("Kernel Name", "")).strip())
        value = row.get("Metric Value", "").replace(",", "")
        try:
            kernels.setdefault(name, {})[row["Metric Name"]] = float(value)
        except (KeyError, ValueError):
            pass
    return kernels


def ratio(m, num, den):
    if num not in m or den not in m or m[den] == 0:
        return None
    return m[num] / m[den]


def measures(m):
    """(label, value) for each kind of request the kernel made."""
    out = []
    for op, label in (("ld", "global ld sectors/req"),
                      ("st", "global st sectors/req")):
        v = ratio(m, "l1tex__t_sectors_pipe_lsu_mem_global_op_%s.sum" % op,
                  "l1tex__t_requests_pipe_lsu_mem_global_op_%s.sum" % op)
        if v is not None:
            out.append((label, v))
    for op, label in (("ld", "shared ld wavefronts/req"),
                      ("st", "shared st wavefronts/req")):
        v = ratio(m, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum" % op,
                  "smsp__inst_executed_op_shared_%s.sum" % op)
        if v is not None:
            out.append((label, v))
    return out


def read(path):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return None


def times(text):
    return dict(re.findall(r"^time (\S+) ([0-9.]+)$", text or "", re.M))


def main():
    res, fixes = sys.argv[1], sys.argv[2]
    names = sorted(f[:-3] for f in os.listdir(os.path.join(fixes, "original"))
                   if f.endswith(".cu"))
    print("| program | kernel | request | before | after | ms before | ms after "
          "| speedup | output equal |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in names:
        before = read(os.path.join(res, name + ".original.out"))
        after = read(os.path.join(res, name + ".fixed.out"))
        strip = lambda t: re.sub(r"^time .*\n", "", t or "", flags=re.M)
        equal = ("yes" if before is not None and after is not None
                 and strip(before) == strip(after) else "**no**")
        tb, ta = times(before), times(after)
        nb = ncu_rows(os.path.join(res, name + ".original.ncu.csv"))
        na = ncu_rows(os.path.join(res, name + ".fixed.ncu.csv"))
        def launch(key):
            head = key.split(" ", 1)[0]
            return int(head) if head.isdigit() else 0
        for key in sorted(set(nb) | set(na), key=launch):
            kernel = key.split(" ", 1)[-1]
            short = re.sub(r"<.*", "", kernel.split("::")[-1])
            mb, ma = dict(measures(nb.get(key, {}))), dict(measures(na.get(key, {})))
            t0, t1 = tb.get(short), ta.get(short)
            speed = ("%.2fx" % (float(t0) / float(t1))
                     if t0 and t1 and float(t1) > 0 else "-")
            for label in [l for l, _ in measures(nb.get(key, {}))] or ["-"]:
                fmt = lambda v: "-" if v is None else "%.2f" % v
                print("| %s | `%s` | %s | %s | %s | %s | %s | %s | %s |"
                      % (name, kernel, label, fmt(mb.get(label)),
                         fmt(ma.get(label)), t0 or "-", t1 or "-", speed,
                         equal))
        if not nb and not na:
            print("| %s | - | (no ncu data) | - | - | - | - | - | %s |"
                  % (name, equal))
    return 0


if __name__ == "__main__":
    sys.exit(main())
