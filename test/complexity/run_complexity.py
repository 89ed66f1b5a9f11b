#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Complexity tests: every input-sized loop of the kernel-safe core costs no more than
n log n in its input, whatever the input (hash-colliding handles, unordered allocation
tables, many share tokens, splits).

usage: run_complexity.py DRIVER [MODE...]

For each mode the driver builds an input of size N, 2N and 4N and runs the workload once
inside measured(); callgrind counts the instructions of that call alone
(--toggle-collect). Differences cancel fixed costs: ratio = (I(4N) - I(2N)) / (I(2N) - I(N))
is about 2 for linear and n log n work and about 4 for quadratic work. A mode passes when
its ratio is at most 2.5 (instruction counts are deterministic, so the figure does not
depend on the machine's load). Prints one line per mode and "N passed, N failed"."""
import os
import re
import subprocess
import sys
import tempfile

# mode, N (the smallest size)
MODES = [
    ("tracker-colliding", 2000),      # semantic tracker: handles that share one bucket
    ("tracker-sequential", 2000),
    ("kmd-colliding", 2000),          # the same through the KMD render path
    ("kmd-allocations", 1000),        # allocation list -> table, backed creates, dirty
                                      # ranges, share tokens
    ("kmd-split", 2000),              # splits over 4 KiB DMA buffers and continuations
    ("table-unordered-scratch", 2000),  # allocation table: duplicate check with scratch
    ("table-unordered", 2000),        # ... without scratch (refused after a linear pass)
    ("table-ascending", 2000),        # ... ascending ids: no scratch, bisection
    ("decode", 2000),                 # structural validation
    ("decode-elements", 2000),        # one packet with N payload elements
]
MAX_RATIO = 2.5


def instructions(driver, mode, n, tmp):
    out = os.path.join(tmp, f"cg.{mode}.{n}")
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
           "--collect-atstart=no", "--toggle-collect=measured*", driver, mode, str(n)]
    run = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise RuntimeError(f"{mode} {n}: exit {run.returncode}\n{run.stdout}{run.stderr[-2000:]}")
    with open(out) as f:
        for line in f:
            m = re.match(r"summary:\s*(\d+)", line) or re.match(r"totals:\s*(\d+)", line)
            if m:
                return int(m.group(1))
    raise RuntimeError(f"{mode} {n}: no instruction total in {out}")


def main(driver, *only):
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for mode, n in MODES:
            if only and mode not in only:
                continue
            counts = [instructions(driver, mode, n * k, tmp) for k in (1, 2, 4)]
            low, high = counts[1] - counts[0], counts[2] - counts[1]
            # work that does not grow with N at all passes too
            ratio = high / low if low > 0 else (0.0 if high <= 0 else float("inf"))
            ok = ratio <= MAX_RATIO
            print(f"{mode:26s} N={n:6d}: {counts[0] / n:9.1f} instr/item at N, "
                  f"ratio {ratio:5.2f} (limit {MAX_RATIO}) {'ok' if ok else 'FAILED'}")
            passed += ok
            failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
