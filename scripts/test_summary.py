#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Sums every test program's "N passed, N failed" line from Meson test logs.

A test program without such a line counts as one check (passed when it exited 0,
skipped on exit 77). Prints one final line "N passed, N failed, N skipped" and exits
non-zero when anything failed."""
import json
import re
import sys

LINE = re.compile(r"^(\d+) passed, (\d+) failed", re.M)


def main(paths):
    passed = failed = skipped = 0
    for path in paths:
        with open(path, encoding="utf-8") as log:
            for raw in log:
                entry = json.loads(raw)
                result = entry.get("result")
                found = LINE.findall(entry.get("stdout") or "")
                if result == "SKIP":
                    skipped += 1
                elif found:
                    passed += sum(int(p) for p, _ in found)
                    failed += sum(int(f) for _, f in found)
                    if result != "OK" and not any(int(f) for _, f in found):
                        failed += 1
                elif result == "OK":
                    passed += 1
                else:
                    failed += 1
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
