#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`aerocmd validate`, `aerocmd render` and the live host agree (suite 'cli', test
cli_agreement): every hostile stream of hostile_streams.py is refused by all three at the
packet and with the reason the protocol's rules give (written in hostile_streams.py, not
taken from any tool), and every legal one is accepted by all three. The executor runs the
validator before each submission, so a rule the validator holds can never be noticed first
by the host; the host (`aerocmd host`, each stream played to it by `aerocmd replay` as a
device of its own) refuses with the executor's line.

usage: run_agreement.py AEROCMD
Ends with "N passed, N failed"."""
import os
import re
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import hostile_streams  # noqa: E402

# hang guards, scaled by Meson's test setup for slow builds and a busy machine
TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))
TIMEOUT = 120 * TIME_SCALE


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


def start_host(aerocmd):
    """A live host on a port of its choosing: (process, address)."""
    proc = subprocess.Popen([aerocmd, "host", "--listen", "tcp:127.0.0.1:0", "-q"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline().strip()
    if not line.startswith("listening on "):
        proc.kill()
        raise RuntimeError("aerocmd host did not say where it listens: %r" % line)
    return proc, line[len("listening on "):]


def check_case(checks, aerocmd, host, tmp, number, name, stream, verdict):
    path = os.path.join(tmp, "case%02d.acmd" % number)
    with open(path, "wb") as f:
        f.write(stream)
    out_dir = tempfile.mkdtemp(dir=tmp)
    v_status, v_out = run(aerocmd, "validate", path)
    r_status, r_out = run(aerocmd, "render", "-o", out_dir, path)
    h_status, h_out = run(aerocmd, "replay", "--host", host, path)
    kind, offset, opcode, reason = verdict
    if kind == "ok":
        checks.check(v_status == 0 and "%s: ok" % path in v_out, "%s: validate accepts" % name,
                     v_out)
        checks.check(r_status == 0, "%s: render accepts" % name, r_out)
        checks.check(h_status == 0, "%s: the host accepts" % name, h_out)
        return
    where = r"offset %d \(0x%x\)" % (offset, offset)
    checks.check(v_status == 1 and re.search(r"^%s: %s: %s: %s: \S" % (
        re.escape(path), where, opcode, reason), v_out, re.M) is not None,
        "%s: validate refuses at 0x%x %s with %s" % (name, offset, opcode, reason), v_out)
    executor_line = r"^%s: submission 0, %s, %s: %s: \S" % (re.escape(path), where, opcode,
                                                          reason)
    checks.check(r_status == 1 and re.search(executor_line, r_out, re.M) is not None,
                 "%s: render refuses at 0x%x %s with %s" % (name, offset, opcode, reason), r_out)
    checks.check(h_status == 1 and re.search(executor_line, h_out, re.M) is not None,
                 "%s: the host refuses at 0x%x %s with %s" % (name, offset, opcode, reason),
                 h_out)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    aerocmd = os.path.abspath(sys.argv[1])
    checks = Checks()
    host, address = start_host(aerocmd)
    try:
        with tempfile.TemporaryDirectory(prefix="aerocmd-agree-") as tmp:
            for number, (name, stream, verdict) in enumerate(hostile_streams.all_cases()):
                check_case(checks, aerocmd, address, tmp, number, name, stream, verdict)
    finally:
        host.send_signal(signal.SIGTERM)
        status = host.wait(timeout=TIMEOUT)
    checks.check(status == 0, "the host served every case and exits 0 on SIGTERM",
                 host.stderr.read())
    print("%d passed, %d failed" % (checks.passed, checks.failed))
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
