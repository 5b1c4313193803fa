#!/usr/bin/env python3
"""Pretty-prints JSON with sorted keys so FileCheck sees one key per line.

Usage: normalize_json.py [FILE]   (reads stdin without FILE)
"""
import json
import sys

data = json.load(open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin)
# Lane offsets are 32 numbers: keep them on one line, they are checked whole.
def compact(obj):
    if isinstance(obj, dict):
        return {k: compact(v) for k, v in obj.items()}
    if isinstance(obj, list) and obj and all(isinstance(x, (int, type(None))) for x in obj):
        return " ".join("null" if x is None else str(x) for x in obj)
    if isinstance(obj, list):
        return [compact(x) for x in obj]
    return obj
print(json.dumps(compact(data), indent=2, sort_keys=True))
