#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks the export table of each shim DLL with objdump -p.

usage: check_exports.py --objdump OBJDUMP --arch x86|x64 NAME=DLL...

Every DLL must export exactly its entry points by their undecorated names; on x86 each
stdcall entry point (one pointer argument) is also exported decorated, NAME@4. Prints
"N passed, N failed" like the C tests.
"""
import argparse
import re
import subprocess
import sys

ENTRIES = {
    "d3d10": ["OpenAdapter10"],
    "d3d10_1": ["OpenAdapter10_2"],
    "d3d11": ["OpenAdapter10_2", "OpenAdapter11"],
    "driver": ["OpenAdapter10", "OpenAdapter10_2", "OpenAdapter11"],
}


def exports(objdump, dll):
    text = subprocess.run([objdump, "-p", dll], check=True, capture_output=True,
                          text=True).stdout
    names = []
    in_table = False
    for line in text.splitlines():
        if "[Ordinal/Name Pointer] Table" in line:
            in_table = True
            continue
        if in_table:
            m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s*$", line)
            if not m:
                break
            names.append(m.group(1))
    return names


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
        got = exports(args.objdump, path)
        if sorted(got) == sorted(want):
            passed += 1
        else:
            failed += 1
            print("%s: exports %s, want %s" % (path, got, sorted(want)), file=sys.stderr)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
