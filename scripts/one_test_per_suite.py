#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Names one test (or benchmark) of each suite of a configured Meson build, the first one
registered, for `scripts/test-all.sh --one-per-suite` (the fresh-root check's quick form of
README command 2: every tree built, each suite shown to run there).

usage: one_test_per_suite.py BUILD_DIR [--benchmark] [--suite NAME]
Prints one `meson test` argument per line (PROJECT:NAME); nothing when nothing matches."""
import json
import subprocess
import sys


def main(argv):
    build, benchmark, suite = argv[0], "--benchmark" in argv, None
    if "--suite" in argv:
        suite = argv[argv.index("--suite") + 1]
    listed = subprocess.run(["meson", "introspect", build,
                             "--benchmarks" if benchmark else "--tests"],
                            capture_output=True, text=True, check=True)
    seen = set()
    for test in json.loads(listed.stdout):
        for full in test["suite"]:
            project, _, name = full.partition(":")
            if (suite is None or name == suite) and full not in seen:
                seen.add(full)
                print("%s:%s" % (project, test["name"]))
                break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
