#!/usr/bin/env python3
"""Checks that two files are byte-for-byte identical; skips (exit 77) when the second,
the reference copy, does not exist.

usage: same_file.py FILE REFERENCE"""
import difflib
import os
import sys

SKIP = 77


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    ours, reference = argv[1], argv[2]
    if not os.path.isfile(reference):
        print(f"skip: reference {reference} does not exist")
        return SKIP
    with open(ours, "rb") as handle:
        mine = handle.read()
    with open(reference, "rb") as handle:
        theirs = handle.read()
    if mine == theirs:
        print(f"ok   {os.path.basename(ours)} is identical to {reference} ({len(mine)} bytes)")
        print("1 passed, 0 failed")
        return 0
    print(f"FAIL {ours} differs from {reference}")
    diff = difflib.unified_diff(theirs.decode("utf-8", "replace").splitlines(),
                                mine.decode("utf-8", "replace").splitlines(),
                                reference, ours, lineterm="", n=1)
    for number, line in enumerate(diff):
        if number == 40:
            print("    ...")
            break
        print(f"    {line}")
    print("0 passed, 1 failed")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
