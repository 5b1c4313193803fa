"""Reads Nsight Compute CSV output (``ncu --csv``) into one record per profiled kernel launch.

Both of ncu's CSV layouts are understood: the details page (one row per metric, the default) and the raw
page (``--page raw``: one row per launch, one column per metric, with a row of units under the header).
Values are converted to base units (bytes, not Kbyte or Gbyte) whatever ``--print-units`` was.
Standard library only: the GPU machine has no extra packages.
"""

import csv
import re
import shutil
import subprocess

_UNIT_SCALE = {
    "": 1.0, "byte": 1.0, "bytes": 1.0, "b": 1.0,
    "kbyte": 1e3, "mbyte": 1e6, "gbyte": 1e9, "tbyte": 1e12,
    "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
    "kib": 1024.0, "mib": 1024.0 ** 2, "gib": 1024.0 ** 3,
    "request": 1.0, "sector": 1.0, "k": 1e3, "m": 1e6, "g": 1e9,
}


def parse_value(text, unit=""):
    """'1,234,567' with unit 'Mbyte' -> 1234567e6. Returns None for an empty or non-numeric value."""
    text = (text or "").strip().replace(",", "")
    if not text or text.lower() in ("n/a", "nan"):
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    scale = _UNIT_SCALE.get((unit or "").strip().lower())
    return value * scale if scale is not None else value


def _demangle(name):
    for tool in ("cu++filt", "c++filt"):
        path = shutil.which(tool)
        if path:
            try:
                out = subprocess.run([path, name], capture_output=True, text=True, timeout=10).stdout.strip()
                if out and out != name:
                    return out
            except (OSError, subprocess.SubprocessError):
                pass
    return name


_CAST = re.compile(r"\((?:unsigned |signed )?(?:char|short|int|long|long long|bool|__int128)\)")
_INT_SUFFIX = re.compile(r"\b(\d+)(?:ull|ULL|ul|UL|ll|LL|u|U|l|L)\b")


def normalize_kernel_name(name):
    """Reduces a kernel name as ncu or cuda-coalesce print it to 'name<args>' without spaces.

    'void copyStrided<float, (int)3>(const T1 *, T1 *, unsigned long)' -> 'copyStrided<float,3>'
    'copyStrided<float, 3>' -> 'copyStrided<float,3>'; a mangled '_Z...' name is demangled first.
    """
    name = (name or "").strip()
    if name.startswith("_Z"):
        name = _demangle(name)
    name = name.replace("(anonymous namespace)::", "")
    # Cut the parameter list: the first '(' outside template brackets that follows a name character.
    depth = 0
    for i, ch in enumerate(name):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0 and i > 0 and (name[i - 1].isalnum() or name[i - 1] in "_>"):
            name = name[:i]
            break
    # Drop a leading return type ('void copyX<...>').
    head = name.split("<", 1)[0]
    if " " in head.strip():
        name = name[name.index(head.strip().split()[-1]):] if head.strip() else name
    name = _CAST.sub("", name)
    name = _INT_SUFFIX.sub(r"\1", name)
    return re.sub(r"\s+", "", name)


def _header_index(rows):
    for i, row in enumerate(rows):
        if row and row[0].strip() == "ID" and "Kernel Name" in row:
            return i
    raise ValueError("no ncu CSV header (a row starting with \"ID\" and holding \"Kernel Name\") found")


def read_launches(path):
    """Returns [{'id': int, 'kernel': str, 'name': normalized, 'metrics': {metric: value}}] in ID order."""
    with open(path, newline="", encoding="utf-8", errors="replace") as f:
        rows = list(csv.reader(f))
    start = _header_index(rows)
    header = [h.strip() for h in rows[start]]
    col = {h: i for i, h in enumerate(header)}
    launches = {}

    def launch_for(row):
        lid = int(row[col["ID"]])
        if lid not in launches:
            kernel = row[col["Kernel Name"]]
            launches[lid] = {"id": lid, "kernel": kernel, "name": normalize_kernel_name(kernel), "metrics": {}}
        return launches[lid]

    body = rows[start + 1:]
    if "Metric Name" in col and "Metric Value" in col:
        unit_col = col.get("Metric Unit")
        for row in body:
            if len(row) < len(header) or not row[col["ID"]].strip().isdigit():
                continue
            unit = row[unit_col] if unit_col is not None else ""
            launch_for(row)["metrics"][row[col["Metric Name"]].strip()] = parse_value(row[col["Metric Value"]], unit)
    else:
        units = {}
        metric_cols = [h for h in header if "__" in h]
        for row in body:
            if len(row) < len(header):
                continue
            if not row[col["ID"]].strip():
                units = {h: row[col[h]] for h in metric_cols}  # the units row under the header
                continue
            if not row[col["ID"]].strip().isdigit():
                continue
            launch = launch_for(row)
            for h in metric_cols:
                launch["metrics"][h] = parse_value(row[col[h]], units.get(h, ""))
    return [launches[k] for k in sorted(launches)]


class LaunchMatcher:
    """Hands out launches by kernel name: the n-th request for a name gets the n-th launch of that name."""

    def __init__(self, launches):
        self._launches = launches
        self._used = set()

    def take(self, kernel_name):
        wanted = normalize_kernel_name(kernel_name)
        for launch in self._launches:
            if launch["id"] not in self._used and launch["name"] == wanted:
                self._used.add(launch["id"])
                return launch
        return None

    def unused(self):
        return [l for l in self._launches if l["id"] not in self._used]


LD_REQUESTS = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"
LD_SECTORS = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
ST_REQUESTS = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"
ST_SECTORS = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"
DRAM_READ = "dram__bytes_read.sum"
DRAM_WRITE = "dram__bytes_write.sum"
METRICS = [LD_REQUESTS, LD_SECTORS, ST_REQUESTS, ST_SECTORS, DRAM_READ, DRAM_WRITE]

# Shared memory, per operation ("ld", "st", "atom"): warp instructions executed (one per request), data-pipe
# wavefronts and the bank conflicts ncu counts (extra wavefronts).
SHARED_OPS = ("ld", "st", "atom")


def shared_instructions(op):
    return "smsp__inst_executed_op_shared_%s.sum" % op


def shared_wavefronts(op):
    return "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_%s.sum" % op


def shared_bank_conflicts(op):
    return "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_%s.sum" % op


SHARED_METRICS = [f(op) for op in SHARED_OPS for f in (shared_instructions, shared_wavefronts, shared_bank_conflicts)]


def ratio(num, den):
    if num is None or not den:
        return None
    return num / den
