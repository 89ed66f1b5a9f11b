#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Instructions per draw through the shim DLL, counted by callgrind under Wine.

usage: run_bench_wine.py --program BENCH_SHIM_EXE [--dll DRIVER_DLL] [--wine WINE64]
                         [--check] [NAME...]

bench_shim.exe (mingw x86_64, test/bench/bench_shim.c) loads the combined driver DLL,
plays the D3D11 runtime and runs one loop (L1: Draw(3); L2: rebind one of two vertex
buffers and one of two VS constant buffers, Draw(3)). As in run_bench.py, each row runs
at two iteration counts N1 and N2 and reports (Ir(N2) - Ir(N1)) / (N2 - N1): Wine's and the
program's start-up and teardown cancel out, leaving the DDI call, the shim and libaerocmd.

How Wine runs under callgrind: the Wine session (wineserver, and the services and desktop
processes Wine starts for the first program of a session) is brought up without valgrind
and kept alive by a plain `wine64 cmd` that waits on its standard input. So the measured
program starts into a running session and spawns nothing; callgrind follows it through
the loader's exec (--trace-children) and leaves any wineserver alone. The program's own
count is the "I refs" in the log of valgrind's first process (its pid stays across the
exec).

The Wine prefix: $WINEPREFIX when set (it may be shared with other Wine tests running at
the same time, so the server is left to exit by itself once idle), otherwise a temporary
prefix with its own persistent wineserver, stopped with `wineserver -k` and deleted at the
end. Exit status 77 (skipped) when valgrind or Wine is missing.

With --check: prints "N passed, M failed" and exits 1 when a row misses its target
(L1-shim: at most 100 instructions per draw, issue #8). NAME... restricts the rows."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# name, mode argument, what it measures, target, N1, N2. Targets as in run_bench.py:
# ("max", X) at most X instructions per iteration; ("report",) printed, never failed.
BENCHES = [
    ("L1-shim", "L1", "shim: pfnDraw(3), no state change", ("max", 100), 100000, 300000),
    ("L2-shim", "L2", "shim: IaSetVertexBuffers + VsSetConstantBuffers (1 of 2 each), Draw(3)",
     ("report",), 100000, 300000),
]


def program_log(tmp, pid, program):
    """(pid, valgrind log) of the measured program: the log of the pid valgrind was started
    with, or (should a launcher not exec the tool in place) of the lowest pid whose command
    names the program."""
    logs = {}
    for name in os.listdir(tmp):
        m = re.fullmatch(r"vg\.(\d+)\.log", name)
        if m:
            with open(os.path.join(tmp, name), encoding="utf-8", errors="replace") as f:
                logs[int(m.group(1))] = f.read()
    if pid not in logs:
        named = [p for p, text in logs.items()
                 if re.search(r"^==\d+== Command: .*" + re.escape(program), text, re.M)]
        pid = min(named, default=pid)
    return pid, logs.get(pid, "")


class Wine:
    """A Wine session for the measured runs (see the module docstring). Wine's own processes
    never get a pipe of ours: the session's helpers inherit them and outlive the call."""

    def __init__(self, wine):
        self.wine = wine
        self.wineserver = os.path.join(os.path.dirname(wine), "wineserver")
        self.own_prefix = None
        self.keeper = None
        self.env = dict(os.environ, WINEDEBUG="-all")
        # meson test sets these; glibc would then fill every allocation of Wine's Unix side,
        # work that is not the code under test.
        for name in ("MALLOC_PERTURB_", "MALLOC_CHECK_"):
            self.env.pop(name, None)

    def quiet(self, args, timeout=300):
        subprocess.run(args, env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=False, timeout=timeout)

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def start(self):
        if not self.env.get("WINEPREFIX"):
            self.own_prefix = tempfile.mkdtemp(prefix="aerogpu-bench-wine-")
            self.env["WINEPREFIX"] = self.own_prefix
        if self.own_prefix and os.path.exists(self.wineserver):
            self.quiet([self.wineserver, "-p", "600"])
        # Creates (or updates) the prefix, outside valgrind.
        self.quiet([self.wine, "cmd", "/c", "exit"])
        self.keeper = subprocess.Popen([self.wine, "cmd"], stdin=subprocess.PIPE,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       env=self.env)
        # Returns once the keeper's session is booted (a new process waits for that).
        self.quiet([self.wine, "cmd", "/c", "exit"])

    def stop(self):
        if self.keeper is not None:
            try:
                self.keeper.communicate(b"exit\r\n", timeout=30)
            except subprocess.TimeoutExpired:
                self.keeper.kill()
                self.keeper.wait()
            self.keeper = None
        if self.own_prefix:
            if os.path.exists(self.wineserver):
                self.quiet([self.wineserver, "-k"], timeout=60)
            shutil.rmtree(self.own_prefix, ignore_errors=True)
            self.own_prefix = None

    def __exit__(self, *exc):
        self.stop()

    def callgrind(self, args, tmp):
        """(instructions of the program's process, its stdout). valgrind keeps the pid it was
        started with across the loader's exec, so that process's log is the program's."""
        out_path = os.path.join(tmp, "stdout.txt")
        with open(out_path, "w+", encoding="utf-8") as out:
            run = subprocess.Popen(["valgrind", "--tool=callgrind", "--trace-children=yes",
                                    "--trace-children-skip=*wineserver*",
                                    "--callgrind-out-file=" + os.path.join(tmp, "cg.%p.out"),
                                    "--log-file=" + os.path.join(tmp, "vg.%p.log"), self.wine,
                                    *args], stdin=subprocess.DEVNULL, stdout=out,
                                   stderr=subprocess.DEVNULL, env=self.env)
            status = run.wait(timeout=600)
            out.seek(0)
            printed = out.read()
        pid, log = program_log(tmp, run.pid, args[0])
        if status != 0:
            raise RuntimeError(f"{' '.join(args)} exited with {status}: {log.strip()[-600:]}")
        refs = re.findall(r"^==%d== I\s+refs:\s+([\d,]+)" % pid, log, re.M)
        if not refs:
            raise RuntimeError(f"no instruction count in valgrind's log of {' '.join(args)}")
        return int(refs[-1].replace(",", "")), printed

    def wall_ns(self, args):
        start = time.perf_counter_ns()
        status = subprocess.run([self.wine, *args], env=self.env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                check=False, timeout=600).returncode
        if status != 0:
            raise RuntimeError(f"{' '.join(args)} exited with {status}")
        return time.perf_counter_ns() - start


def measure(wine, program, dll, row):
    """Instructions per iteration, bytes per iteration, ns per iteration."""
    _, mode, _, _, n1, n2 = row
    extra = [dll] if dll else []
    with tempfile.TemporaryDirectory() as tmp:
        i1, _ = wine.callgrind([program, mode, str(n1), *extra], tmp)
        i2, printed = wine.callgrind([program, mode, str(n2), *extra], tmp)
    fields = dict(re.findall(r"(\w+)=(\d+)", printed))
    # Wall time: the same difference over plain runs a hundred times as long, so Wine's
    # start-up jitter stays small beside it (a secondary figure all the same).
    t1 = wine.wall_ns([program, mode, str(n1 * 100), *extra])
    t2 = wine.wall_ns([program, mode, str(n2 * 100), *extra])
    return (i2 - i1) / (n2 - n1), fields.get("bytes", "-"), (t2 - t1) / ((n2 - n1) * 100)


def judge(row, per):
    target = row[3]
    if target[0] == "report":
        return "-", True
    return f"<={target[1]}", per <= target[1]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("--program", required=True, help="bench_shim.exe")
    ap.add_argument("--dll", help="the driver DLL (default: the one beside the program)")
    ap.add_argument("--wine", default=os.environ.get("WINE", "/usr/lib/wine/wine64"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("names", nargs="*")
    args = ap.parse_args(argv)
    by_name = {row[0]: row for row in BENCHES}
    unknown = [n for n in args.names if n not in by_name]
    if unknown:
        print(f"unknown bench: {', '.join(unknown)}", file=sys.stderr)
        return 2
    if shutil.which("valgrind") is None or not os.path.exists(args.wine):
        print("valgrind or Wine not found: skipped")
        return 77
    wanted = [row for row in BENCHES if not args.names or row[0] in args.names]
    results = {}
    try:
        with Wine(args.wine) as wine:
            for row in wanted:
                results[row[0]] = measure(wine, args.program, args.dll, row)
    except (RuntimeError, OSError, subprocess.SubprocessError) as e:
        print(f"measurement failed: {e}", file=sys.stderr)
        if args.check:
            print(f"0 passed, {len(wanted)} failed")
        return 1
    passed = failed = 0
    print(f"{'bench':9} {'instr/op':>9} {'target':>10} {'bytes/iter':>10} {'ns/iter':>9}  what")
    for row in wanted:
        per, nbytes, ns = results[row[0]]
        text, ok = judge(row, per)
        passed, failed = passed + ok, failed + (not ok)
        extra = "" if ok else "  ** over target **"
        print(f"{row[0]:9} {per:9.2f} {text:>10} {nbytes:>10} {ns:9.1f}  {row[2]}{extra}")
    if args.check:
        print(f"{passed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
