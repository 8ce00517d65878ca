#!/usr/bin/env python3
"""What making a frame folder durable costs, two ways, with the same file operations
refresh-render's FileIO performs: every frame written to a temporary file and renamed into
place, and either (a) an fsync of each file before its rename (the old way) or (b) no fsync per
file, then all files flushed by two threads and the folder flushed once (the way now).
Prints wall and system time (median of ROUNDS) for COUNT files of SIZE bytes.
Usage: durability.py [COUNT=181] [SIZE=12000] [ROUNDS=7]; DURABILITY_DIR picks the file system
(default: the current folder)."""
import os
import resource
import shutil
import statistics
import sys
import tempfile
import threading
import time

COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 181
SIZE = int(sys.argv[2]) if len(sys.argv) > 2 else 12000
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 7
DATA = bytes((i * 131) % 251 for i in range(SIZE))


def write(folder, index, sync):
    final = os.path.join(folder, f"frame_{index:04d}.png")
    temporary = os.path.join(folder, f".frame_{index:04d}.png.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    os.write(fd, DATA)
    if sync:
        os.fsync(fd)
    os.close(fd)
    os.rename(temporary, final)
    return final


def flush_all(files, folder):
    def worker(part):
        for path in part:
            fd = os.open(path, os.O_RDONLY)
            os.fsync(fd)
            os.close(fd)
    threads = [threading.Thread(target=worker, args=(files[k::2],)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    os.fsync(fd)
    os.close(fd)


def run(mode):
    base = tempfile.mkdtemp(prefix="durability-", dir=os.environ.get("DURABILITY_DIR", "."))
    folder = os.path.join(base, "frames")
    os.mkdir(folder)
    start, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF).ru_stime
    files = [write(folder, i, sync=(mode == "per file")) for i in range(COUNT)]
    if mode == "once":
        flush_all(files, folder)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_stime
    shutil.rmtree(base)
    return wall, after - before


for mode in ("per file", "once"):
    results = [run(mode) for _ in range(ROUNDS)]
    print(f"{mode:9s}: wall {statistics.median(r[0] for r in results) * 1000:7.1f} ms, "
          f"system {statistics.median(r[1] for r in results) * 1000:6.1f} ms ({COUNT} files of {SIZE} bytes)")
