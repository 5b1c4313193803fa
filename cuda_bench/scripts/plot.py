#!/usr/bin/env python3
"""Draws the bench's results as an SVG.

    plot.py RESULTS.json -o PLOT.svg [--report REPORT.json]

coalescing-patterns output (merged with ncu counters for the right-hand panel's measured points): useful
bandwidth and load sectors per request against stride, float in one series, double in another.

bank_table.py's merged JSON (schema cuda-bench-bank/1): predicted and measured shared-memory wavefronts per
request for every row, loads and stores side by side on a log scale; the predictions are the
"wavefronts_per_request" of each kernel's shared load and store in REPORT.json, a cuda-coalesce report of
src/bank_patterns.cu (matched as compare_bank_report.py matches them).

The SVG is written by hand, so the script needs nothing beyond the standard library.
"""

import argparse
import json
import math
import os
import sys
from xml.sax.saxutils import escape

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

WIDTH, HEIGHT = 960, 460
PANEL_W, PANEL_H = 380, 300
LEFT_X, RIGHT_X, TOP_Y = 80, 560, 84
SERIES = [("float", 4, "#1f77b4"), ("double", 8, "#d62728")]


def nice_step(span, ticks=5):
    raw = span / ticks
    mag = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


class Panel:
    def __init__(self, x0, title, ylabel, ymax, ystep, strides):
        self.x0, self.title, self.ylabel = x0, title, ylabel
        self.ymax, self.ystep = ymax, ystep
        self.lmax = math.log2(max(strides))

    def x(self, stride):
        return self.x0 + PANEL_W * (math.log2(stride) / self.lmax if self.lmax else 0.5)

    def y(self, v):
        return TOP_Y + PANEL_H * (1 - v / self.ymax)

    def frame(self, strides):
        s = ['<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>' % (
            self.x0, TOP_Y, PANEL_W, PANEL_H)]
        s.append('<text x="%d" y="%d" font-size="15" font-weight="bold">%s</text>' % (
            self.x0, TOP_Y - 14, escape(self.title)))
        v = 0.0
        while v <= self.ymax + 1e-9:
            yy = self.y(v)
            s.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (
                self.x0, yy, self.x0 + PANEL_W, yy))
            s.append('<text x="%d" y="%.1f" font-size="11" text-anchor="end">%s</text>' % (
                self.x0 - 6, yy + 4, ("%g" % v)))
            v += self.ystep
        for st in strides:
            xx = self.x(st)
            s.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#444"/>' % (
                xx, TOP_Y + PANEL_H, xx, TOP_Y + PANEL_H + 5))
            s.append('<text x="%.1f" y="%d" font-size="11" text-anchor="middle">%d</text>' % (
                xx, TOP_Y + PANEL_H + 18, st))
        s.append('<text x="%d" y="%d" font-size="12" text-anchor="middle">stride (elements, log scale)</text>' % (
            self.x0 + PANEL_W // 2, TOP_Y + PANEL_H + 36))
        s.append('<text transform="translate(%d,%d) rotate(-90)" font-size="12" text-anchor="middle">%s</text>' % (
            self.x0 - 50, TOP_Y + PANEL_H // 2, escape(self.ylabel)))
        return s

    def series(self, points, color, dashed=False, marker=True, label=None):
        pts = [(self.x(st), self.y(v)) for st, v in points if v is not None]
        s = []
        if len(pts) > 1:
            s.append('<polyline fill="none" stroke="%s" stroke-width="2"%s points="%s"/>' % (
                color, ' stroke-dasharray="6,4"' if dashed else "", " ".join("%.1f,%.1f" % p for p in pts)))
        if marker:
            for (px, py), (st, v) in zip(pts, [p for p in points if p[1] is not None]):
                s.append('<circle cx="%.1f" cy="%.1f" r="4" fill="%s"><title>%s stride %d: %.4g</title></circle>' % (
                    px, py, color, escape(label or ""), st, v))
        return s


def header(width, height, title, subtitle):
    """The opening of an SVG: white ground, a bold title and a grey line of provenance under it."""
    return ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
            'font-family="Helvetica, Arial, sans-serif">' % (width, height, width, height),
            '<rect width="100%" height="100%" fill="white"/>',
            '<text x="%d" y="24" font-size="16" font-weight="bold">%s</text>' % (LEFT_X, escape(title)),
            '<text x="%d" y="42" font-size="11" fill="#555">%s</text>' % (LEFT_X, escape(subtitle))]


def strided_rows(doc, elem):
    rows = [r for r in doc["rows"] if r.get("stride") and r.get("elem_bytes") == elem and r.get("group") in
            ("stride", "wide")]
    return sorted(rows, key=lambda r: r["stride"])


def render(doc):
    by_series = {name: strided_rows(doc, elem) for name, elem, _ in SERIES}
    strides = sorted({r["stride"] for rows in by_series.values() for r in rows})
    if not strides:
        raise SystemExit("plot.py: no strided rows in the results")
    gbps_max = max((r.get("useful_gbps") or 0) for rows in by_series.values() for r in rows) or 1
    step = nice_step(gbps_max)
    bw = Panel(LEFT_X, "Useful bandwidth", "useful GB/s (read + write)", math.ceil(gbps_max / step) * step, step,
               strides)
    sec = Panel(RIGHT_X, "Load sectors per request", "L1 sectors / request", 36, 4, strides)

    svg = header(WIDTH, HEIGHT, "Permuted strided copy on %s" % doc.get("device"),
                 "%s; CUDA %s; payload %s bytes; %s" % (
                     doc.get("date_utc"), doc.get("cuda"), "{:,}".format(doc.get("payload_bytes", 0)),
                     "median of %s launches" % doc.get("repeats")))
    svg += bw.frame(strides) + sec.frame(strides)
    measured_any = False
    for name, _, color in SERIES:
        rows = by_series[name]
        if not rows:
            continue
        svg += bw.series([(r["stride"], r.get("useful_gbps")) for r in rows], color, label=name)
        svg += sec.series([(r["stride"], r.get("model_ld_sectors_per_request")) for r in rows], color, dashed=True,
                          marker=False)
        measured = [(r["stride"], r.get("ld_sectors_per_request")) for r in rows]
        measured_any = measured_any or any(v is not None for _, v in measured)
        svg += sec.series(measured, color, marker=True, label=name + " measured")
    # Legend.
    ly = HEIGHT - 22
    lx = LEFT_X
    for name, _, color in SERIES:
        if by_series[name]:
            svg.append('<circle cx="%d" cy="%d" r="4" fill="%s"/>' % (lx, ly - 4, color))
            svg.append('<text x="%d" y="%d" font-size="12">%s</text>' % (lx + 10, ly, name))
            lx += 80
    svg.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#444" stroke-width="2" stroke-dasharray="6,4"/>' % (
        lx, ly - 4, lx + 28, ly - 4))
    svg.append('<text x="%d" y="%d" font-size="12">model (docs/analysis.md sector formula)</text>' % (lx + 34, ly))
    lx += 260
    svg.append('<text x="%d" y="%d" font-size="12" fill="#555">%s</text>' % (
        lx, ly, "points: Nsight Compute" if measured_any else "no ncu counters merged: model only"))
    svg.append("</svg>")
    return "\n".join(svg) + "\n"


# The bank plot: one column per row of the table, a load and a store in each, wavefronts on a log2 axis.
BANK_W, BANK_H = 960, 520
BANK_PLOT_X, BANK_PLOT_W, BANK_TOP, BANK_PLOT_H = LEFT_X, 840, 84, 300
BANK_OPS = [("ld", "load", "#1f77b4", -7), ("st", "store", "#ff7f0e", 7)]
BANK_YMAX = 64  # wavefronts; a 32-way conflict is the most one 32-bit request can cost
BANK_LOG_MIN = -0.5  # half a doubling under 1, so that conflict-free points clear the axis


def bank_y(v):
    frac = (math.log2(max(v, 2 ** BANK_LOG_MIN)) - BANK_LOG_MIN) / (math.log2(BANK_YMAX) - BANK_LOG_MIN)
    return BANK_TOP + BANK_PLOT_H * (1 - frac)


def predictions(report):
    """(kernel, access) -> the report's wavefronts per request, for every kernel with one such access."""
    import compare_bank_report  # noqa: E402  (beside this script)
    found = {}
    for key, accesses in compare_bank_report.shared_accesses(report).items():
        if len(accesses) == 1:
            found[key] = accesses[0].get("wavefronts_per_request")
    return found


def render_bank(doc, report):
    rows = doc["rows"]
    if not rows:
        raise SystemExit("plot.py: no rows in the bank results")
    predicted = predictions(report) if report else {}
    step = BANK_PLOT_W / len(rows)
    svg = header(BANK_W, BANK_H, "Shared-memory wavefronts per request on %s: predicted and measured" % doc.get(
        "device"), "%s; CUDA %s; measured: Nsight Compute shared wavefronts / shared instructions, one launch per "
        "row; predicted: cuda-coalesce" % (doc.get("date_utc"), doc.get("cuda")))
    svg.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>' % (
        BANK_PLOT_X, BANK_TOP, BANK_PLOT_W, BANK_PLOT_H))
    v = 1
    while v <= BANK_YMAX:
        yy = bank_y(v)
        svg.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (
            BANK_PLOT_X, yy, BANK_PLOT_X + BANK_PLOT_W, yy))
        svg.append('<text x="%d" y="%.1f" font-size="11" text-anchor="end">%d</text>' % (BANK_PLOT_X - 6, yy + 4, v))
        v *= 2
    svg.append('<text transform="translate(%d,%d) rotate(-90)" font-size="12" text-anchor="middle">'
               'wavefronts per request (log scale)</text>' % (BANK_PLOT_X - 40, BANK_TOP + BANK_PLOT_H // 2))
    disagree = 0
    for i, row in enumerate(rows):
        cx = BANK_PLOT_X + step * (i + 0.5)
        if i % 2:
            svg.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#f4f4f4"/>' % (
                BANK_PLOT_X + step * i, BANK_TOP + 1, step, BANK_PLOT_H - 2))
        svg.append('<text transform="translate(%.1f,%d) rotate(-40)" font-size="11" text-anchor="end">%s</text>' % (
            cx + 4, BANK_TOP + BANK_PLOT_H + 14, escape(row["name"])))
        for op, kind, color, dx in BANK_OPS:
            want = predicted.get((row["kernel"], kind))
            got = row.get(op + "_wavefronts_per_request")
            tip = "%s %s: predicted %s, measured %s" % (row["name"], kind, "-" if want is None else want,
                                                        "-" if got is None else "%.2f" % got)
            if want is not None:
                svg.append('<circle cx="%.1f" cy="%.1f" r="7" fill="none" stroke="%s" stroke-width="2">'
                           '<title>%s</title></circle>' % (cx + dx, bank_y(want), color, escape(tip)))
            if got is not None:
                svg.append('<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"><title>%s</title></circle>' % (
                    cx + dx, bank_y(got), color, escape(tip)))
            if want is not None and got is not None and round(got) != want:
                disagree += 1
                svg.append('<text x="%.1f" y="%.1f" font-size="12" fill="#c00" text-anchor="middle">!</text>' % (
                    cx + dx, bank_y(max(got, want)) - 10))
    # Legend, under the rotated row names.
    ly = BANK_H - 20
    lx = BANK_PLOT_X
    for _, kind, color, _ in BANK_OPS:
        svg.append('<circle cx="%d" cy="%d" r="7" fill="none" stroke="%s" stroke-width="2"/>' % (lx, ly - 4, color))
        svg.append('<text x="%d" y="%d" font-size="12">%s predicted</text>' % (lx + 12, ly, kind))
        svg.append('<circle cx="%d" cy="%d" r="3.5" fill="%s"/>' % (lx + 120, ly - 4, color))
        svg.append('<text x="%d" y="%d" font-size="12">%s measured</text>' % (lx + 130, ly, kind))
        lx += 250
    if not predicted:
        verdict = "no report given: measured only"
    else:
        verdict = "every measured value rounds to its prediction" if not disagree else \
            "%d measured values (!) do not round to their prediction" % disagree
    svg.append('<text x="%d" y="%d" font-size="12" fill="#555">%s</text>' % (lx, ly, escape(verdict)))
    svg.append("</svg>")
    return "\n".join(svg) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--report", help="cuda-coalesce report of src/bank_patterns.cu: the bank plot's predictions")
    args = ap.parse_args(argv)
    with open(args.results, encoding="utf-8") as f:
        doc = json.load(f)
    if str(doc.get("schema", "")).startswith("cuda-bench-bank/"):
        report = None
        if args.report:
            with open(args.report, encoding="utf-8") as f:
                report = json.load(f)
        svg = render_bank(doc, report)
    else:
        svg = render(doc)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
