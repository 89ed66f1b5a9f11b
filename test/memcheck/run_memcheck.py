#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs aerocmd scenarios under valgrind memcheck: VALGRIND AEROCMD FIXTURES STREAMS.
Each run must report no errors and no leaks. Ends with "N passed, N failed"."""
import glob
import os
import subprocess
import sys
import tempfile


def scenarios(aerocmd, fixtures, streams):
    traces = sorted(glob.glob(os.path.join(fixtures, "*.aerogputrace")))
    raws = sorted(glob.glob(os.path.join(streams, "*.acmd")))
    yield ["demo", "--no-png"]
    yield ["validate", *traces, *raws]
    for path in traces:  # the reference executor's dry run, vkd3d-shader included
        yield ["render", "--dry-run", "-q", path]
    # the demo's trace: shaders that pass the checks, compiled in the executor's child
    demo = os.path.join(tempfile.mkdtemp(prefix="aerocmd-memcheck-demo-"), "demo.aerogputrace")
    if subprocess.run([aerocmd, "demo", "--no-png", "-o", demo], capture_output=True,
                      check=False).returncode == 0:
        yield ["render", "--dry-run", "-q", demo]
    for path in traces + raws[:2]:
        yield ["dump", path]
        yield ["dump", "--json", path]
        yield ["stats", path]
    if traces:
        out = tempfile.mkdtemp(prefix="aerocmd-memcheck-")
        yield ["trace", "extract", traces[0], "-o", out]
        yield ["trace", "wrap", *raws[:3], "-o", os.path.join(out, "wrapped.aerogputrace")]


def main(valgrind, aerocmd, fixtures, streams):
    passed = failed = 0
    for args in scenarios(aerocmd, fixtures, streams):
        # the executor's shader-compiler children (forked, they end with _exit) hold the
        # parent's heap: their exit reports are not this process's leaks
        cmd = [valgrind, "--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=all",
               "--show-leak-kinds=all", "--child-silent-after-fork=yes", "-q", aerocmd, *args]
        run = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if run.returncode == 99 or run.returncode < 0 or "==" in run.stderr:
            failed += 1
            print("FAIL:", " ".join(args[:3]))
            sys.stderr.write(run.stderr[-4000:])
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
