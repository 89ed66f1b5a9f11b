#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Proves the freestanding core archive needs nothing from the C runtime beyond an
allow-list: every symbol an object leaves undefined must be defined by another object of
the archive or be one of ALLOWED. Usage: check_symbols.py NM ARCHIVE"""
import subprocess
import sys

ALLOWED = {"memcpy", "memset", "memcmp", "memmove"}


def symbols(nm, archive, flag):
    out = subprocess.run([nm, flag, archive], check=True, capture_output=True, text=True).stdout
    found = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and not line.endswith(":"):
            found.add(parts[-1])
    return found


def main(nm, archive):
    defined = symbols(nm, archive, "--defined-only")
    undefined = symbols(nm, archive, "--undefined-only")
    external = sorted(undefined - defined)
    bad = [s for s in external if s not in ALLOWED]
    for s in bad:
        print(f"not allowed in the kernel-safe core: {s}")
    print(f"{len(external) - len(bad)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
