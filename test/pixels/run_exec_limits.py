#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""aerocmd render against the hostile streams of issue #27 (written by test_exec_limits
--write): each one runs or is refused with a specific message, and the peak memory of the
process (measured by test/cli/peak_rss, the child's ru_maxrss) stays within the executor's
memory budget plus a fixed overhead (the program, the Vulkan driver, the device).

usage: run_exec_limits.py AEROCMD PEAK_RSS TEST_EXEC_LIMITS"""
import os
import re
import subprocess
import sys
import tempfile

GIB = 1 << 30
# What aerocmd render holds besides what the executor counts: the program, vkd3d and
# lavapipe with their device, and the input (about 70 MB measured for a tiny stream).
FIXED_OVERHEAD = 256 << 20
# hang guards, scaled by Meson's test setup for slow builds and a busy machine
TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))
TIMEOUT = 600 * TIME_SCALE


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("check failed: %s" % what)
            if detail:
                print("    " + detail.strip().replace("\n", "\n    ")[:3000])
        return ok


class Render:
    def __init__(self, aerocmd, peak_rss, streams, tmp):
        self.aerocmd, self.peak_rss, self.streams, self.tmp = aerocmd, peak_rss, streams, tmp
        # meson test sets MALLOC_PERTURB_, which makes malloc write every byte it hands out
        # and takes back: lavapipe's untouched buffer memory would then be resident (and
        # written twice), which is not what a run costs.
        self.env = {k: v for k, v in os.environ.items() if k != "MALLOC_PERTURB_"}

    def stream(self, name):
        return os.path.join(self.streams, name + ".acmd")

    def run(self, name, *args):
        """(exit status, stdout, stderr) of aerocmd render."""
        out_dir = os.path.join(self.tmp, "out_" + name)
        proc = subprocess.run([self.aerocmd, "render", "-o", out_dir, *args, self.stream(name)],
                              capture_output=True, text=True, timeout=TIMEOUT, env=self.env)
        return proc.returncode, proc.stdout, proc.stderr

    def measured(self, name, *args):
        """(exit status, peak RSS in bytes, seconds) of aerocmd render -q."""
        out_dir = os.path.join(self.tmp, "out_" + name)
        proc = subprocess.run([self.peak_rss, self.aerocmd, "render", "-q", "-o", out_dir, *args,
                               self.stream(name)], capture_output=True, text=True,
                              timeout=TIMEOUT, env=self.env)
        status, rss_kb, seconds = proc.stdout.split()
        print("%s %s: exit %s, peak RSS %.1f MB, %s s" % (name, " ".join(args), status,
                                                          int(rss_kb) / 1024.0, seconds))
        return int(status), int(rss_kb) * 1024, float(seconds)


def views(checks, r):
    """1. a texture's views while the handle table grows (a stale pointer segfaulted)."""
    status, out, err = r.run("views_500k", "--dry-run")
    checks.check(status == 0 and "valid (dry run)" in out, "500,000 views: dry run exits 0",
                 "status %d\n%s%s" % (status, out, err))


def freed_late(checks, r):
    """2. 16 x (create, clear, destroy a 256 MiB target) in one submission: destroyed
    targets stay counted until they are freed, and are freed before the budget passes."""
    status, rss, _ = r.measured("rt_churn")
    checks.check(status == 0, "target churn renders")
    checks.check(rss < GIB + FIXED_OVERHEAD, "target churn: peak RSS %d MB < 1 GiB budget + "
                 "%d MB" % (rss >> 20, FIXED_OVERHEAD >> 20))


def churn_and_caches(checks, r):
    """3. 300,000 create/destroy pairs of a 1 MiB buffer (1.4 GB and superlinear time
    before: every destroyed buffer stayed a live vkd3d object to the end), 5,000 draws each
    with a rasterizer state of its own (a pipeline each, cached without bound: over 200 s
    and 1 GB before). The executor counts what they cost (test_exec_limits); here the
    memory of the whole program."""
    for name in ("buffer_churn", "raster_states"):
        status, rss, _ = r.measured(name)
        checks.check(status == 0, "%s renders" % name)
        checks.check(rss < FIXED_OVERHEAD * 2, "%s: peak RSS %d MB < %d MB" %
                     (name, rss >> 20, FIXED_OVERHEAD * 2 >> 20))


def agreement(checks, r):
    """5, 6: aerocmd validate and aerocmd render refuse the same packet for the same reason:
    targets of two sizes bound together (Direct3D 11 binds one size), and a PRESENT after
    its stream bound no colour target (nothing to show)."""
    for name, reason in (("mismatched_targets", "target_size_mismatch"),
                         ("present_nothing", "present_no_target")):
        proc = subprocess.run([r.aerocmd, "validate", r.stream(name)], capture_output=True,
                              text=True, timeout=TIMEOUT, env=r.env)
        where = re.search(r"offset (\d+) \(0x[0-9a-f]+\)", proc.stderr)
        checks.check(proc.returncode == 1 and reason in proc.stderr and where,
                     "validate refuses %s: %s" % (name, reason), proc.stdout + proc.stderr)
        status, out, err = r.run(name)
        checks.check(status == 1 and reason in err and where and
                     "offset %s " % where.group(1) in err,
                     "render refuses %s at the offset validate names" % name, out + err)
    # A PRESENT on targets an earlier submission unbound: valid, and it shows nothing.
    trace = os.path.join(r.tmp, "present_alone.aerogputrace")
    proc = subprocess.run([r.aerocmd, "trace", "wrap", r.stream("unbind_targets"),
                           r.stream("present_alone"), "-o", trace], capture_output=True,
                          text=True, timeout=TIMEOUT, env=r.env)
    checks.check(proc.returncode == 0, "trace wrap", proc.stderr)
    proc = subprocess.run([r.aerocmd, "validate", trace], capture_output=True, text=True,
                          timeout=TIMEOUT, env=r.env)
    checks.check(proc.returncode == 0, "validate accepts a PRESENT on inherited targets",
                 proc.stdout + proc.stderr)
    out_dir = os.path.join(r.tmp, "out_present_alone")
    proc = subprocess.run([r.aerocmd, "render", "-o", out_dir, trace], capture_output=True,
                          text=True, timeout=TIMEOUT, env=r.env)
    checks.check(proc.returncode == 0 and
                 "present 0 (submission 1, offset 0x18): no render target bound: no picture"
                 in proc.stdout and
                 proc.stdout.endswith("rendered, 1 present, 1 with no render target bound "
                                      "(no picture)\n") and not os.listdir(out_dir),
                 "render says the present showed nothing", proc.stdout + proc.stderr)


def memory_budget(checks, r):
    """7. The budget counts what a run holds: a 16384x16384 target (1 GiB) is refused under
    the default 1 GiB budget at its CREATE; under 2 GiB its PRESENT (a readback of 1 GiB and
    6 GiB of images) is refused, and the process stays within 2 GiB + the overhead (7.1 GB
    before). Presents are written as they run and dropped: 96 presents of 1024x1024 write
    96 pictures in little memory (2.4 GB before)."""
    status, out, err = r.run("big_present")
    checks.check(status == 1 and "CREATE_TEXTURE2D" in err and "memory budget of 1073741824"
                 in err, "a 1 GiB target passes the default budget at its CREATE", err)
    status, rss, _ = r.measured("big_present", "--max-memory", "2G")
    checks.check(status == 1 and rss < 2 * GIB + FIXED_OVERHEAD,
                 "16384x16384 present under --max-memory 2G: refused, peak RSS %d MB < %d MB" %
                 (rss >> 20, (2 * GIB + FIXED_OVERHEAD) >> 20))
    status, out, err = r.run("big_present", "--max-memory", "2G")
    checks.check("PRESENT: a readback and its images (7516192768 bytes) would pass the "
                 "executor's memory budget of 2147483648 bytes" in err,
                 "the refusal says what and how much", err)
    status, rss, _ = r.measured("presents_96")
    pictures = os.listdir(os.path.join(r.tmp, "out_presents_96"))
    checks.check(status == 0 and len(pictures) == 96 and "present_0095.png" in pictures,
                 "96 presents write 96 pictures")
    checks.check(rss < FIXED_OVERHEAD * 2, "96 presents: peak RSS %d MB < %d MB" %
                 (rss >> 20, FIXED_OVERHEAD * 2 >> 20))
    status, rss, _ = r.measured("rt_churn", "--max-memory", "512M")
    checks.check(status == 0 and rss < (512 << 20) + FIXED_OVERHEAD,
                 "target churn under --max-memory 512M: peak RSS %d MB" % (rss >> 20))
    for bad in ("0", "12Q", "-1", "1GG", "", "99999999999G"):
        status, out, err = r.run("views_500k", "--dry-run", "--max-memory", bad)
        checks.check(status == 2 and "usage" in err, "--max-memory %r is a usage error" % bad,
                     err)
    status, out, err = r.run("present_alone", "--max-memory", "1K")
    checks.check(status == 1 and "memory budget of 1024 bytes" in err,
                 "a budget too small to start says so", err)


def work_budget(checks, r):
    """8. A work budget per submission: DRAW of 0xFFFFFFFF instances (over 60 s before), of
    0xFFFFFFFF vertices (25 s), of 0x10000 x 0x10000 (24.5 s), DRAW_INDEXED of 0xFFFFFFFF
    indices over a 4-byte index buffer (8.7 s) are refused at their packet before anything
    runs. (test_exec_limits counts the units exactly; the time limit here only says the
    refusal comes before the work, on a loaded machine too.)"""
    for name, opcode in (("draw_instances", "DRAW"), ("draw_vertices", "DRAW"),
                         ("draw_64k", "DRAW"), ("draw_indexed", "DRAW_INDEXED")):
        status, _, seconds = r.measured(name)
        status2, out, err = r.run(name)
        checks.check(status == 1 and status2 == 1 and
                     re.search(r"offset \d+ \(0x[0-9a-f]+\), %s: the draw's" % opcode, err) and
                     "work budget of 2147483648" in err,
                     "%s refused at its packet by the work budget" % name, err)
        checks.check(seconds < 30 * TIME_SCALE, "%s: refused in %.1f s (< %d s)" %
                     (name, seconds, 30 * TIME_SCALE))
    status, out, err = r.run("draw_vertices", "--max-work", "4G")
    checks.check(status == 1 and "work budget of 4294967296" in err,
                 "--max-work sets the budget (4G: still one unit short)", err)
    status, out, err = r.run("raster_states", "--max-work", "4M")
    checks.check(status == 1 and "compiling a pipeline (4194304 units" in err,
                 "a pipeline's compilation is counted", err)
    for bad in ("0", "x", "-5", "1T"):
        status, out, err = r.run("views_500k", "--dry-run", "--max-work", bad)
        checks.check(status == 2 and "usage" in err, "--max-work %r is a usage error" % bad, err)


def main():
    aerocmd, peak_rss, writer = sys.argv[1:4]
    checks = Checks()
    with tempfile.TemporaryDirectory(prefix="exec_limits_") as tmp:
        streams = os.path.join(tmp, "streams")
        os.mkdir(streams)
        written = subprocess.run([writer, "--write", streams], capture_output=True, text=True)
        if checks.check(written.returncode == 0, "the streams are written", written.stderr):
            r = Render(aerocmd, peak_rss, streams, tmp)
            views(checks, r)
            freed_late(checks, r)
            churn_and_caches(checks, r)
            agreement(checks, r)
            memory_budget(checks, r)
            work_budget(checks, r)
    print("%d passed, %d failed" % (checks.passed, checks.failed))
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
