#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`aerocmd validate` and `aerocmd render` agree (suite 'cli', test cli_agreement): every
hostile stream of hostile_streams.py is refused by both at the packet and with the reason
the protocol's rules give (written in hostile_streams.py, not taken from either tool), and
every legal one is accepted by both. The executor runs the validator before each submission,
so a rule the validator holds can never be noticed first by the host.

usage: run_agreement.py AEROCMD
Ends with "N passed, N failed"."""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile_streams  # noqa: E402

TIMEOUT = 120


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: " + what + ("\n    " + detail.replace("\n", "\n    ") if detail else ""))
        return ok


def run(aerocmd, *args):
    proc = subprocess.run([aerocmd] + list(args), capture_output=True, text=True,
                          timeout=TIMEOUT)
    return proc.returncode, proc.stdout + proc.stderr


def check_case(checks, aerocmd, tmp, number, name, stream, verdict):
    path = os.path.join(tmp, "case%02d.acmd" % number)
    with open(path, "wb") as f:
        f.write(stream)
    out_dir = tempfile.mkdtemp(dir=tmp)
    v_status, v_out = run(aerocmd, "validate", path)
    r_status, r_out = run(aerocmd, "render", "-o", out_dir, path)
    kind, offset, opcode, reason = verdict
    if kind == "ok":
        checks.check(v_status == 0 and "%s: ok" % path in v_out, "%s: validate accepts" % name,
                     v_out)
        checks.check(r_status == 0, "%s: render accepts" % name, r_out)
        return
    where = r"offset %d \(0x%x\)" % (offset, offset)
    checks.check(v_status == 1 and re.search(r"^%s: %s: %s: %s: \S" % (
        re.escape(path), where, opcode, reason), v_out, re.M) is not None,
        "%s: validate refuses at 0x%x %s with %s" % (name, offset, opcode, reason), v_out)
    checks.check(r_status == 1 and re.search(r"^%s: submission 0, %s, %s: %s: \S" % (
        re.escape(path), where, opcode, reason), r_out, re.M) is not None,
        "%s: render refuses at 0x%x %s with %s" % (name, offset, opcode, reason), r_out)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    aerocmd = os.path.abspath(sys.argv[1])
    checks = Checks()
    with tempfile.TemporaryDirectory(prefix="aerocmd-agree-") as tmp:
        for number, (name, stream, verdict) in enumerate(hostile_streams.all_cases()):
            check_case(checks, aerocmd, tmp, number, name, stream, verdict)
    print("%d passed, %d failed" % (checks.passed, checks.failed))
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
