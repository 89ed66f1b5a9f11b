#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A pixel test (test/pixels) run through a live host of its own.

usage: run_pixels_host.py --aerocmd AEROCMD TEST [ARGS...]

Starts `aerocmd host` (run_host.py's Host), runs TEST with AEROCMD_PIXELS_HOST naming the
host's address, so that every scenario of it is a device of that host used as a guest uses
one (test/pixels/pixel_backend.h: submissions with their allocation tables and guest memory,
readbacks through WRITEBACK_DST copies into staging memory, presents as the device's last
picture), each answer also compared with the same run in process. Then stops the host.

Its own checks, added to the test's: the test passed; the host served it (devices connected
and submissions run, from the host's log); every device was gone when the test ended; the
host exits 0 on SIGTERM; no sanitizer report from the host or its workers. The last line
adds them up: "N passed, N failed"."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

from run_host import TIME_SCALE, Checks, Host


def test_counts(output):
    """(passed, failed) of the test's last "N passed, N failed" line, or None."""
    found = re.findall(r"^(\d+) passed, (\d+) failed$", output, re.M)
    return (int(found[-1][0]), int(found[-1][1])) if found else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--aerocmd", required=True)
    ap.add_argument("test", nargs=argparse.REMAINDER)
    args = ap.parse_args()
    checks = Checks()
    tmp = tempfile.mkdtemp(prefix="aerocmd-pixels-host-")
    counts = None
    try:
        host = Host(args.aerocmd, tmp)
        try:
            env = dict(os.environ, AEROCMD_PIXELS_HOST=host.address)
            r = subprocess.run(args.test, capture_output=True, text=True, env=env,
                               timeout=240 * TIME_SCALE)
            sys.stdout.write(r.stdout)
            sys.stderr.write(r.stderr)
            counts = test_counts(r.stdout)
            checks.check(r.returncode == 0 and counts is not None,
                         "%s through the host: exit %d" % (os.path.basename(args.test[0]),
                                                           r.returncode))
            checks.check(host.wait_no_workers(10), "no device left after the test")
        finally:
            status, log = host.stop()
        devices = len(re.findall(r": connected", log))
        submissions = sum(int(n) for n in re.findall(r"disconnected after (\d+) submission", log))
        print("through the host: %d devices, %d submissions, %d refused" %
              (devices, submissions, len(re.findall(r"refused, device lost", log))))
        checks.check(devices >= 1 and submissions >= devices, "the host served the test", log)
        checks.check(status == 0, "SIGTERM: the host exits 0", log[-3000:])
        checks.check("Sanitizer" not in log and "runtime error" not in log,
                     "no sanitizer report from the host or its workers", log[-3000:])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if counts is not None:
        checks.passed += counts[0]
        checks.failed += counts[1]
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
