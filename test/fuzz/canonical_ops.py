#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Keeps fuzz_ddi_sequence inputs meaning the same when operations are appended.

Usage: canonical_ops.py REGRESS_BINARY [--check] FILE_OR_DIR...
  REGRESS_BINARY  fuzz_regress_ddi_sequence of any build
  --check         change nothing; exit 1 naming each input that is not canonical

In the extended set (setup config bit 5) the harness takes an operation byte modulo the
number of operations (ops_table), so appending one changes what every byte at or above the
old number means. An input is canonical when each of those bytes is below that number: it
then does the same whatever is appended. (The original set's number is fixed at 31.)
Some operations read their arguments only when their slot is free, so where the operation
bytes are depends on the library's answers: an input is canonical for the library it was
rewritten with, and the check runs with the library under test. This rewrites each operation byte to its remainder (the harness
reports where they are: AEROCMD_FUZZ_OP_LOG); run it on a finding before checking it in,
and on the checked-in inputs before appending operations."""
import os
import subprocess
import sys


def op_bytes(binary, path):
    env = dict(os.environ, AEROCMD_FUZZ_OP_LOG="1")
    run = subprocess.run([binary, path], env=env, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"{path}: the harness failed (exit {run.returncode}): {run.stderr[-500:]}")
    for line in run.stderr.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[0] == "op-byte":
            yield int(fields[1]), int(fields[2])


def inputs(paths):
    for path in paths:
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                if os.path.isfile(os.path.join(path, name)):
                    yield os.path.join(path, name)
        else:
            yield path


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    if len(args) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    binary, bad = args[0], []
    for path in inputs(args[1:]):
        with open(path, "rb") as f:
            data = bytearray(f.read())
        changed = 0
        for offset, count in op_bytes(binary, path):
            if data[offset] >= count:
                data[offset] %= count
                changed += 1
        if changed and check:
            bad.append(f"{path}: {changed} operation bytes not canonical")
        elif changed:
            with open(path, "wb") as f:
                f.write(bytes(data))
            print(f"{path}: {changed} operation bytes rewritten")
    for line in bad:
        print(line)
    if check:
        print(f"{'not canonical' if bad else 'all canonical'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
