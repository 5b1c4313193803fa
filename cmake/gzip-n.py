#!/usr/bin/env python3
"""gzip -9n: compresses IN to OUT with no file name and no timestamp, so that
the package's bytes depend only on the content (Debian policy 12.3).

usage: gzip-n.py IN OUT
"""
import gzip
import sys

with open(sys.argv[1], "rb") as src, open(sys.argv[2], "wb") as raw:
    with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as out:
        out.write(src.read())
