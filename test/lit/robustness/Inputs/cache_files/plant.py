"""Replaces the files of a cache directory with hostile ones.

plant.py zero CACHE: every file a link to /dev/zero
plant.py fifo CACHE: every file a FIFO (reading one blocks for good)
plant.py huge CACHE: the precompiled prelude a sparse 3 GiB file, its stamp
                     in the .inputs list updated to match, so only the size
                     tells it apart
plant.py check CACHE: prints each file's kind (link, fifo, file)
"""
import glob
import os
import sys

mode, cache = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(cache, '*', '*')))
if mode == 'check':
    for f in files:
        kind = ('link' if os.path.islink(f) else
                'fifo' if not os.path.isfile(f) else 'file')
        print(kind, os.path.relpath(f, cache).split(os.sep)[0])
elif mode in ('zero', 'fifo'):
    for f in files:
        os.remove(f)
        if mode == 'zero':
            os.symlink('/dev/zero', f)
        else:
            os.mkfifo(f)
elif mode == 'huge':
    for pch in glob.glob(os.path.join(cache, 'pch', '*.pch')):
        os.truncate(pch, 3 << 30)
        st = os.stat(pch)
        with open(pch + '.inputs') as f:
            lines = f.read().split('\n')
        size, mtime, path = lines[0].split('\t')
        lines[0] = '\t'.join([str(st.st_size), str(st.st_mtime_ns), path])
        with open(pch + '.inputs', 'w') as f:
            f.write('\n'.join(lines))
