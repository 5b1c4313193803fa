#!/usr/bin/env python3
"""Tests of cuda_bench's Python scripts on fixtures: no GPU, no ncu, standard library only.

The fixtures are real H200 output (docs/bench/, 2026-11-29), cut down: patterns.json holds five rows of
coalescing-patterns output without counters and patterns.ncu.csv ncu's CSV for those kernels plus one launch no
row names; replay-confirmations.json and its .ncu.csv are cuda-bench replay of test/replay-report.json;
bank.json holds three rows of bank_table.py's merged H200 results (docs/bench/h200-bank.json).
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, "..", "scripts")
FIXTURES = os.path.join(HERE, "fixtures")
sys.path.insert(0, SCRIPTS)

import ncu_csv  # noqa: E402

METRIC_HEADER = ('"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size",'
                 '"Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"')


def run_script(name, *args):
    return subprocess.run([sys.executable, os.path.join(SCRIPTS, name)] + list(args), capture_output=True,
                          text=True)


def details_csv(launches):
    """launches: [(kernel name, {metric: value})] -> ncu details-page CSV text."""
    lines = [METRIC_HEADER]
    for lid, (kernel, metrics) in enumerate(launches):
        for metric, value in metrics.items():
            lines.append('"%d","1","cuda-bench","h","%s","1","7","(256, 1, 1)","(8, 1, 1)","0","9.0",'
                         '"Command line profiler metrics","%s","","%s"' % (lid, kernel, metric, value))
    return "\n".join(lines) + "\n"


def sectors(ld_req, ld_sec, st_req=0, st_sec=0):
    return {ncu_csv.LD_REQUESTS: ld_req, ncu_csv.LD_SECTORS: ld_sec, ncu_csv.ST_REQUESTS: st_req,
            ncu_csv.ST_SECTORS: st_sec, ncu_csv.DRAM_READ: 0, ncu_csv.DRAM_WRITE: 0}


class KernelNames(unittest.TestCase):
    def test_ncu_and_analyzer_spellings_agree(self):
        n = ncu_csv.normalize_kernel_name
        self.assertEqual(n("void copyStrided<float, (int)3>(const T1 *, T1 *, unsigned long)"), "copyStrided<float,3>")
        self.assertEqual(n("copyStrided<float, 3>"), "copyStrided<float,3>")
        self.assertEqual(n("void copyAoS<Particle3>(const T1 *, float *, unsigned long)"), "copyAoS<Particle3>")
        self.assertEqual(n("copyGridStride(const float *, float *, unsigned long)"), "copyGridStride")
        self.assertEqual(n("copyOffset<1u>"), "copyOffset<1>")
        self.assertEqual(n("void (anonymous namespace)::replayLoad<4>(const unsigned char *)"), "replayLoad<4>")

    def test_values_in_base_units(self):
        self.assertEqual(ncu_csv.parse_value("1,234", "Kbyte"), 1234000.0)
        self.assertEqual(ncu_csv.parse_value("4,194,304", "request"), 4194304.0)
        self.assertIsNone(ncu_csv.parse_value("n/a"))


class RawPage(unittest.TestCase):
    def test_wide_layout_with_units_row(self):
        text = ('"ID","Kernel Name","dram__bytes_read.sum","l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"\n'
                '"","","Mbyte","request"\n'
                '"0","void copyGather(const float *, const unsigned int *, float *, unsigned long)","2.5","1,024"\n')
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
            f.write(text)
        try:
            launches = ncu_csv.read_launches(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(launches[0]["name"], "copyGather")
        self.assertEqual(launches[0]["metrics"][ncu_csv.DRAM_READ], 2.5e6)
        self.assertEqual(launches[0]["metrics"][ncu_csv.LD_REQUESTS], 1024)


class Patterns(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.merged = os.path.join(self.tmp, "merged.json")
        r = run_script("merge_ncu.py", os.path.join(FIXTURES, "patterns.json"),
                       os.path.join(FIXTURES, "patterns.ncu.csv"), "-o", self.merged)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(self.merged) as f:
            self.doc = json.load(f)

    def row(self, name):
        return next(r for r in self.doc["rows"] if r["name"] == name)

    def test_counters_join_rows_by_kernel_name(self):
        self.assertEqual(self.row("float_stride_1")["ld_sectors_per_request"], 4.0)
        self.assertEqual(self.row("float_stride_3")["ld_sectors_per_request"], 12.0)
        self.assertEqual(self.row("aos_12")["ld_sectors_per_request"], 12.0)
        self.assertEqual(self.row("aos_12")["st_sectors_per_request"], 4.0)
        self.assertEqual(self.row("offset_4B")["ld_sectors_per_request"], 5.0)
        self.assertEqual(self.row("double_stride_2")["ld_sectors_per_request"], 16.0)
        self.assertAlmostEqual(self.row("float_stride_3")["dram_read_per_useful"], 5.9853, places=3)
        self.assertEqual(self.row("float_stride_3")["dram_read_bytes"], 3213294592)
        self.assertEqual(self.doc["ncu"]["unmatched_rows"], [])
        self.assertEqual(self.doc["ncu"]["unmatched_launches"],
                         ["copyGather(const float *, const unsigned int *, float *, unsigned long)"])

    def test_table_states_provenance_and_checks_expectations(self):
        md = os.path.join(self.tmp, "t.md")
        expected = os.path.join(HERE, "design-h200-expected.json")
        r = run_script("table.py", self.merged, "--expected", expected, "--procedure", "run_all.sh X", "-o", md,
                       "--check")
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(md) as f:
            text = f.read()
        self.assertIn("coalescing-patterns --bytes 512M --repeats 10 --json", text)
        self.assertIn("2026-11-29T19:51:54Z", text)
        self.assertIn("| float, stride 3 | `copyStrided<float, 3>` | 4 | 12 | 12.00 | 12 |", text)
        self.assertIn("equals the expected H200 table", text)

        self.row("offset_4B")["ld_sectors_per_request"] = 4.0
        with open(self.merged, "w") as f:
            json.dump(self.doc, f)
        r = run_script("table.py", self.merged, "--expected", expected, "-o", md, "--check")
        self.assertEqual(r.returncode, 1)
        self.assertIn("offset_4B", r.stderr)

    def test_plot_is_svg_with_measured_points(self):
        svg = os.path.join(self.tmp, "p.svg")
        r = run_script("plot.py", self.merged, "-o", svg)
        self.assertEqual(r.returncode, 0, r.stderr)
        root = ET.parse(svg).getroot()
        self.assertTrue(root.tag.endswith("svg"))
        circles = [e for e in root.iter() if e.tag.endswith("circle")]
        self.assertGreaterEqual(len(circles), 6)  # bandwidth + sector points, plus the legend


class Confirmations(unittest.TestCase):
    def test_real_replay_of_the_hand_written_report(self):
        out = os.path.join(tempfile.mkdtemp(), "out.json")
        r = run_script("merge_ncu.py", os.path.join(FIXTURES, "replay-confirmations.json"),
                       os.path.join(FIXTURES, "replay-confirmations.ncu.csv"), "-o", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out) as f:
            doc = json.load(f)
        self.assertEqual(doc["summary"]["verdicts"], {"confirmed": 13, "refuted": 1})
        refuted = [c for c in doc["confirmations"] if c["verdict"] == "refuted"]
        self.assertEqual(refuted[0]["kernel"], "readStride3")  # the fixture's deliberately wrong prediction
        self.assertEqual(refuted[0]["measured_sectors_per_request"], 12.0)

    def confirmation(self, access, predicted, elem=4):
        kind = {"load": "Load", "store": "Store", "load+store": "LoadStore"}[access]
        return {"file": "k.cu", "line": 1, "column": 1, "access": access, "predicted_sectors_per_request": predicted,
                "measured_sectors_per_request": None, "verdict": "unmeasured",
                "replay": {"pattern_kernel": "replay%s<%d>" % (kind, elem),
                           "baseline_kernel": "replayBaseline%s<%d>" % (kind, elem)}}

    def test_verdicts(self):
        doc = {"schema": "cuda-coalesce-confirmations/1", "confirmations": [
            self.confirmation("load", 32), self.confirmation("store", 8), self.confirmation("load", 8),
            self.confirmation("load+store", 16), self.confirmation("load", None)]}
        launches = [
            ("void replayLoad<4>(const unsigned char *, long long, long long, unsigned int *)", sectors(100, 3200)),
            ("void replayBaselineLoad<4>(const unsigned char *, long long, unsigned int *)", sectors(100, 400)),
            ("void replayStore<4>(unsigned char *, long long, long long, unsigned int *)", sectors(0, 0, 100, 800)),
            ("void replayBaselineStore<4>(unsigned char *, long long, unsigned int *)", sectors(0, 0, 100, 400)),
            ("void replayLoad<4>(const unsigned char *, long long, long long, unsigned int *)", sectors(100, 1200)),
            ("void replayBaselineLoad<4>(const unsigned char *, long long, unsigned int *)", sectors(100, 400)),
            ("void replayLoadStore<4>(unsigned char *, long long, long long, unsigned int *)",
             sectors(100, 1600, 100, 1610)),
            ("void replayBaselineLoadStore<4>(unsigned char *, long long, unsigned int *)", sectors(100, 400, 100, 400)),
            ("void replayLoad<4>(const unsigned char *, long long, long long, unsigned int *)", sectors(10, 40)),
            ("void replayBaselineLoad<4>(const unsigned char *, long long, unsigned int *)", sectors(10, 40)),
        ]
        tmp = tempfile.mkdtemp()
        src, csv, out = (os.path.join(tmp, n) for n in ("c.json", "c.csv", "out.json"))
        with open(src, "w") as f:
            json.dump(doc, f)
        with open(csv, "w") as f:
            f.write(details_csv(launches))
        r = run_script("merge_ncu.py", src, csv, "-o", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out) as f:
            merged = json.load(f)["confirmations"]
        self.assertEqual([c["verdict"] for c in merged],
                         ["confirmed", "confirmed", "refuted", "confirmed", "unpredicted"])
        self.assertEqual(merged[0]["measured_sectors_per_request"], 32.0)
        self.assertEqual(merged[0]["baseline_sectors_per_request"], 4.0)
        self.assertEqual(merged[1]["measured_sectors_per_request"], 8.0)  # a store is judged on st counters
        self.assertAlmostEqual(merged[3]["measured_st_sectors_per_request"], 16.1)


def shared(op, instructions, wavefronts, conflicts=0):
    return {ncu_csv.shared_instructions(op): instructions, ncu_csv.shared_wavefronts(op): wavefronts,
            ncu_csv.shared_bank_conflicts(op): conflicts}


class SharedConfirmations(unittest.TestCase):
    KIND = {"load": "Load", "store": "Store", "load+store": "LoadStore", "atomic": "Atomic"}

    def confirmation(self, access, predicted, elem=4):
        kind = self.KIND[access]
        return {"file": "k.cu", "line": 1, "column": 1, "access": access, "space": "shared",
                "predicted_wavefronts_per_request": predicted, "measured_wavefronts_per_request": None,
                "verdict": "unmeasured",
                "replay": {"requests": 100, "pattern_kernel": "replayShared%s<%d>" % (kind, elem),
                           "baseline_kernel": "replaySharedBaseline%s<%d>" % (kind, elem)}}

    def merge(self, confirmations, launches):
        tmp = tempfile.mkdtemp()
        src, csv, out = (os.path.join(tmp, n) for n in ("c.json", "c.csv", "out.json"))
        with open(src, "w") as f:
            json.dump({"schema": "cuda-coalesce-confirmations/1", "confirmations": confirmations}, f)
        with open(csv, "w") as f:
            f.write(details_csv(launches))
        r = run_script("merge_ncu.py", src, csv, "-o", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out) as f:
            return json.load(f)

    def test_wavefronts_judge_shared_accesses(self):
        sig = "(int, unsigned int, unsigned int *)"
        launches = [
            # A 32-way column read: ncu's few percent over the pattern still confirm it.
            ("void replaySharedLoad<4>" + sig, shared("ld", 100, 3203, 3103)),
            ("void replaySharedBaselineLoad<4>" + sig, shared("ld", 100, 103, 3)),
            # Predicted conflict-free, measured two wavefronts: refuted.
            ("void replaySharedStore<4>" + sig, shared("st", 100, 200, 100)),
            ("void replaySharedBaselineStore<4>" + sig, shared("st", 100, 100)),
            # A read-modify-write is judged on its load and its store.
            ("void replaySharedLoadStore<8>" + sig, dict(shared("ld", 50, 101), **shared("st", 50, 100))),
            ("void replaySharedBaselineLoadStore<8>" + sig, dict(shared("ld", 50, 100), **shared("st", 50, 100))),
            ("void replaySharedLoadStore<8>" + sig, dict(shared("ld", 50, 100), **shared("st", 50, 200))),
            ("void replaySharedBaselineLoadStore<8>" + sig, dict(shared("ld", 50, 100), **shared("st", 50, 100))),
            ("void replaySharedAtomic<4>" + sig, shared("atom", 10, 40, 30)),
            ("void replaySharedBaselineAtomic<4>" + sig, shared("atom", 10, 10)),
            # An ncu that does not know the atomic counters: unmeasured, not refuted.
            ("void replaySharedAtomic<4>" + sig, shared("ld", 0, 0)),
            ("void replaySharedBaselineAtomic<4>" + sig, shared("ld", 0, 0)),
            ("void replaySharedLoad<4>" + sig, shared("ld", 100, 100)),
            ("void replaySharedBaselineLoad<4>" + sig, shared("ld", 100, 100)),
        ]
        confirmations = [self.confirmation("load", 32), self.confirmation("store", 1),
                         self.confirmation("load+store", 2, 8), self.confirmation("load+store", 2, 8),
                         self.confirmation("atomic", 4), self.confirmation("atomic", 4),
                         self.confirmation("load", None)]
        doc = self.merge(confirmations, launches)
        merged = doc["confirmations"]
        self.assertEqual([c["verdict"] for c in merged],
                         ["confirmed", "refuted", "confirmed", "refuted", "confirmed", "unmeasured", "unpredicted"])
        self.assertAlmostEqual(merged[0]["measured_wavefronts_per_request"], 32.03)
        self.assertAlmostEqual(merged[0]["measured_bank_conflicts_per_request"], 31.03)
        self.assertAlmostEqual(merged[0]["baseline_wavefronts_per_request"], 1.03)
        self.assertEqual(merged[0]["measured_requests"], 100)
        self.assertEqual(merged[0]["measured_instructions_per_request"], 1.0)
        self.assertEqual(merged[2]["measured_instructions_per_request"], 0.5)  # 50 of the 100 requests ran
        self.assertIsNone(merged[0]["measured_st_wavefronts_per_request"])
        self.assertEqual(merged[1]["measured_wavefronts_per_request"], 2.0)  # a store is judged on st counters
        self.assertEqual(merged[3]["measured_st_wavefronts_per_request"], 4.0)
        self.assertEqual(merged[4]["measured_atom_wavefronts_per_request"], 4.0)
        self.assertEqual(doc["summary"]["verdicts"], {"confirmed": 3, "refuted": 2, "unmeasured": 1,
                                                      "unpredicted": 1})
        self.assertEqual(doc["ncu"]["unmatched_rows"], [])

        path = os.path.join(tempfile.mkdtemp(), "merged.json")
        with open(path, "w") as f:
            json.dump(doc, f)
        r = run_script("confirmations_table.py", path)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("| load | shared |  | no | 32 | 32.03 | wavefronts |", r.stdout)
        self.assertIn("| store | shared |  | no | 1 | 2.00 | wavefronts |", r.stdout)


class BankPlot(unittest.TestCase):
    def report(self, column_load):
        access = {"file": "bank_patterns.cu", "line": 1, "column": 1, "space": "shared"}
        return {"schema": "cuda-coalesce-report/1", "accesses": [
            dict(access, kernel="sharedStrided<float, 2>", access="load", wavefronts_per_request=2),
            dict(access, kernel="sharedStrided<float, 2>", access="store", wavefronts_per_request=1),
            dict(access, kernel="sharedColumn<0>", access="load", wavefronts_per_request=column_load),
            dict(access, kernel="sharedColumn<0>", access="store", wavefronts_per_request=1),
            dict(access, kernel="sharedColumnWrite", access="load", wavefronts_per_request=1),
            dict(access, kernel="sharedColumnWrite", access="store", wavefronts_per_request=32)]}

    def plot(self, report):
        tmp = tempfile.mkdtemp()
        svg = os.path.join(tmp, "bank.svg")
        args = [os.path.join(FIXTURES, "bank.json"), "-o", svg]
        if report is not None:
            path = os.path.join(tmp, "report.json")
            with open(path, "w") as f:
                json.dump(report, f)
            args += ["--report", path]
        r = run_script("plot.py", *args)
        self.assertEqual(r.returncode, 0, r.stderr)
        root = ET.parse(svg).getroot()
        return root, ET.tostring(root, encoding="unicode")

    def test_predicted_rings_and_measured_dots_for_loads_and_stores(self):
        root, text = self.plot(self.report(32))
        circles = [e for e in root.iter() if e.tag.endswith("circle")]
        # 3 rows x (load, store) x (predicted, measured), and the legend's 4.
        self.assertEqual(len(circles), 3 * 2 * 2 + 4)
        self.assertIn("column_32 load: predicted 32, measured 32.03", text)
        self.assertIn("column_write store: predicted 32, measured 32.00", text)
        self.assertIn("every measured value rounds to its prediction", text)

    def test_a_wrong_prediction_is_marked(self):
        _, text = self.plot(self.report(1))
        self.assertIn("column_32 load: predicted 1, measured 32.03", text)
        self.assertIn("1 measured values (!) do not round to their prediction", text)

    def test_without_report_only_measurements(self):
        root, text = self.plot(None)
        self.assertEqual(len([e for e in root.iter() if e.tag.endswith("circle")]), 3 * 2 + 4)
        self.assertIn("no report given: measured only", text)


class CompareReport(unittest.TestCase):
    def test_predictions_beside_measurements(self):
        tmp = tempfile.mkdtemp()
        merged = os.path.join(tmp, "merged.json")
        run_script("merge_ncu.py", os.path.join(FIXTURES, "patterns.json"), os.path.join(FIXTURES, "patterns.ncu.csv"),
                   "-o", merged)
        access = {"file": "patterns.cu", "line": 24, "column": 14, "access": "load", "text": "in[j]",
                  "category": "strided", "flagged": True}
        report = {"schema": "cuda-coalesce-report/1", "accesses": [
            dict(access, kernel="copyStrided<float, 3>", sectors_per_request=12),
            dict(access, kernel="copyStrided<double, 2>", sectors_per_request=8),
            dict(access, kernel="copyNothing", sectors_per_request=4)]}
        path = os.path.join(tmp, "report.json")
        with open(path, "w") as f:
            json.dump(report, f)
        r = run_script("compare_report.py", path, merged)
        self.assertEqual(r.returncode, 1)
        self.assertIn("| 12 | 12.00 | agrees |", r.stdout)
        self.assertIn("| 8 | 16.00 | **differs** |", r.stdout)
        self.assertIn("no measured row", r.stdout)


if __name__ == "__main__":
    unittest.main(verbosity=1)
