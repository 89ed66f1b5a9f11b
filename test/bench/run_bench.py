#!/usr/bin/env python3
"""Instructions per operation, measured with valgrind --tool=callgrind.

Each bench program takes an iteration count as its only argument, runs its loop that many
times and prints "bytes=N" (bytes emitted or consumed per iteration). The runner executes
it under callgrind with two counts, N1 and N2, and reports
(Ir(N2) - Ir(N1)) / (N2 - N1): setup and teardown cancel out, leaving the cost of one
iteration. Wall-clock ns/iter comes from a plain run and is only a secondary figure.

usage: run_bench.py BUILD_DIR [--check] [NAME...]"""
import os
import re
import subprocess
import sys
import tempfile
import time

BENCHES = [
    # name, program (relative to the build dir), extra args, description,
    # target instructions per operation, N1, N2. A program that prints "packets=K" runs K
    # operations per iteration; instructions per operation = per iteration / K.
    ("W", "test/bench/bench_writer_draw", [], "writer: DRAW append into a span", 15, 10000, 20000),
    ("D", "test/bench/bench_decode", [], "decode + structural validation, per small packet",
     30, 100, 200),
    ("D-upload", "test/bench/bench_decode", ["upload"],
     "decode + validation, upload-heavy stream: instructions per byte", 1, 100, 200),
]


def instructions(program, count, extra_args):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                              program, str(count), *extra_args], capture_output=True, text=True, check=True)
        with open(out, encoding="utf-8") as f:
            summary = re.search(r"^summary:\s+(\d+)", f.read(), re.M)
        extra = dict(re.findall(r"(\w+)=([\d.]+)", run.stdout))
        return int(summary.group(1)), extra


def wall_ns(program, count, extra_args):
    start = time.perf_counter_ns()
    subprocess.run([program, str(count), *extra_args], capture_output=True, check=True)
    return (time.perf_counter_ns() - start) / count


def main(argv):
    build = argv[0]
    check = "--check" in argv
    names = [a for a in argv[1:] if not a.startswith("--")]
    failed = 0
    print(f"{'bench':9} {'instr/op':>9} {'target':>7} {'bytes/iter':>10} {'ns/iter':>9}  what")
    for name, rel, args, what, target, n1, n2 in BENCHES:
        if names and name not in names:
            continue
        program = os.path.join(build, rel)
        i1, _ = instructions(program, n1, args)
        i2, extra = instructions(program, n2, args)
        per_iter = (i2 - i1) / (n2 - n1)
        if name == "D-upload":
            per = per_iter / float(extra["bytes"])
        else:
            per = per_iter / float(extra.get("packets", 1))
        ns = wall_ns(program, n2 * 10, args)
        ok = per <= target
        failed += 0 if ok else 1
        print(f"{name:9} {per:9.2f} {target:7} {extra.get('bytes', '-'):>10} {ns:9.1f}  {what}"
              + ("" if ok else "  (over target)"))
    if check:
        print(f"{len(BENCHES) - failed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
