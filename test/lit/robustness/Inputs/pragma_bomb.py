"""pragma_bomb.py OUT [TAIL]: writes to OUT a 1 KB _Pragma("message")
doubling bomb (2^14 messages of 1 KB, each with its macro backtrace: 258 MB
of clang's output), followed by the file TAIL."""
import sys

lines = ['#define P0 _Pragma("message(\\"%s\\")")' % ("x" * 1000)]
lines += ["#define P%d P%d P%d" % (i, i - 1, i - 1) for i in range(1, 15)]
text = "\n".join(lines) + "\nP14\n"
if len(sys.argv) > 2:
    with open(sys.argv[2]) as f:
        text += f.read()
with open(sys.argv[1], "w") as f:
    f.write(text)
