"""Runs a command and writes its wall time, user and system CPU time (seconds, to the
microsecond) and peak resident memory (KiB) on one line: GNU time's "%e %U %S %M", whose two
decimals are too coarse for a job of a few hundredths of a second (the zombie fixture's 0.08 s
would be read to within 12 %).

The times are the kernel's for the child and what it waited for (wait4), as GNU time reads
them. The peak memory is still GNU time's, run as the child: a child forked from this Python
process would count the interpreter's pages as its own until it execs (some 10 MiB), and GNU
time is a small program. Its own CPU time (a few tenths of a millisecond) is counted with the
command's.

Usage: python3 bench/measure.py OUTPUT COMMAND…   (exits with the command's status)
"""
import os
import sys
import tempfile
import time

output, command = sys.argv[1], sys.argv[2:]
with tempfile.NamedTemporaryFile("r") as memory:
    start = time.monotonic()
    # posix_spawn shares this process's memory until the exec (vfork): the child pays nothing
    # for the interpreter's pages.
    child = os.posix_spawn("/usr/bin/time", ["/usr/bin/time", "-q", "-f", "%M", "-o", memory.name, *command], os.environ)
    _, status, usage = os.wait4(child, 0)
    wall = time.monotonic() - start
    peak = memory.read().split()[-1] if os.waitstatus_to_exitcode(status) == 0 else "0"
with open(output, "w") as file:
    file.write(f"{wall:.6f} {usage.ru_utime:.6f} {usage.ru_stime:.6f} {peak}\n")
sys.exit(os.waitstatus_to_exitcode(status))
