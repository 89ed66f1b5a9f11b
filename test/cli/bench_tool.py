#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Benchmark of the aerocmd tool on a large generated trace (meson benchmark, not a test):
text dump at least 50 MB/s and every command in a few MB of memory, whatever the size.

usage: bench_tool.py --aerocmd PATH --peak-rss PATH [--mb 200] [--min-mb-per-s 50]

Two mixes: 'draws' (small packets: per-draw constant uploads, bindings and draws, the
costliest to print per byte) and 'uploads' (4 KiB vertex uploads between fewer draws)."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tracegen  # noqa: E402

RSS_LIMIT_KB = 8 << 10
MIXES = {"draws": {"draws": 200, "upload_bytes": 256},
         "uploads": {"draws": 40, "upload_bytes": 4096}}


def measure(peak_rss, argv):
    out = subprocess.run([peak_rss] + argv, capture_output=True, timeout=3600).stdout.split()
    return int(out[0]), float(out[2]), int(out[1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--aerocmd", required=True)
    parser.add_argument("--peak-rss", required=True)
    parser.add_argument("--mb", type=int, default=200)
    parser.add_argument("--min-mb-per-s", type=float, default=50.0)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="aerocmd-bench-")
    failed = 0
    try:
        for mix, shape in MIXES.items():
            path = os.path.join(tmp, mix + ".aerogputrace")
            size, count = tracegen.write_large_trace(path, args.mb << 20, **shape)
            mb = size / 1e6
            with open(path, "rb") as f:  # warm the page cache: measure the tool, not the disk
                while f.read(1 << 24):
                    pass
            for command in (["dump"], ["dump", "--json"], ["stats"], ["validate", "-q"]):
                status, seconds, rss = measure(args.peak_rss, [args.aerocmd] + command + [path])
                rate = mb / seconds
                print("%-8s %-12s %7.1f MB, %5d submissions: %6.2f s %7.1f MB/s, peak RSS "
                      "%5d KB" % (mix, " ".join(command), mb, count, seconds, rate, rss))
                bad = status != 0 or rss > RSS_LIMIT_KB or \
                    (command == ["dump"] and rate < args.min_mb_per_s)
                if bad:
                    print("  FAIL: status %d, target %.0f MB/s and %d KB" %
                          (status, args.min_mb_per_s, RSS_LIMIT_KB))
                failed += bad
            os.unlink(path)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
