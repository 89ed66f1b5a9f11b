#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks the export table of each shim DLL with objdump -p.

usage: check_exports.py --objdump OBJDUMP --arch x86|x64 NAME=DLL...

Every DLL must export exactly its entry points by their undecorated names; on x86 each
stdcall entry point (one pointer argument) is also exported decorated, NAME@4. Prints
"N passed, N failed" like the C tests.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "exports"))
from check_exports import exported_pe  # noqa: E402  (the export-table reader)

ENTRIES = {
    "d3d10": ["OpenAdapter10"],
    "d3d10_1": ["OpenAdapter10_2"],
    "d3d11": ["OpenAdapter10_2", "OpenAdapter11"],
    "driver": ["OpenAdapter10", "OpenAdapter10_2", "OpenAdapter11"],
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--objdump", required=True)
    ap.add_argument("--arch", choices=["x86", "x64"], required=True)
    ap.add_argument("dlls", nargs="+")
    args = ap.parse_args()
    passed = failed = 0
    for spec in args.dlls:
        name, _, path = spec.partition("=")
        want = []
        for entry in ENTRIES[name]:
            want.append(entry)
            if args.arch == "x86":
                want.append(entry + "@4")
        got = sorted(exported_pe(args.objdump, path))
        if sorted(got) == sorted(want):
            passed += 1
        else:
            failed += 1
            print("%s: exports %s, want %s" % (path, got, sorted(want)), file=sys.stderr)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
