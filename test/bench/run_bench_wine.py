#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Instructions per draw through the shim DLL, counted by callgrind under Wine.

usage: run_bench_wine.py --program BENCH_SHIM_EXE [--dll DRIVER_DLL] [--wine WINE64]
                         [--native ROW=VALUE]... [--native-umd BENCH_UMD] [--check] [NAME...]

bench_shim.exe (mingw x86_64, test/bench/bench_shim.c) loads the combined driver DLL,
plays the D3D11 runtime and runs one loop (L1: Draw(3); L2: rebind one of two vertex
buffers and one of two VS constant buffers, Draw(3); F, FM, S<n>: frames of 500 draws,
see bench_shim.c). As in run_bench.py, each row runs at two iteration counts N1 and N2
and reports (Ir(N2) - Ir(N1)) / (N2 - N1), per draw for the frame rows: Wine's and the
program's start-up and teardown cancel out, leaving the DDI calls, the shim and libaerocmd.
The shim rows' targets compare with the native L1/L2 (run_bench.py --with-shims passes
them; --native-umd measures them here).

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

With --check: prints "N passed, M failed" and exits 1 when a row misses a target (a
native ratio without a native figure is printed, not judged). NAME... restricts the
rows."""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# name, mode argument, what it measures, targets, N1, N2. Targets as in run_bench.py, plus
# ("native", ROW, X): at most X times the native row ROW (--native ROW=VALUE, or measured
# from --native-umd; reported but not judged when neither is given); ("ratio", ROW, X):
# at most X times this table's ROW; ("bytes_equal", ROW): the same bytes as ROW. The frame
# rows print draws=500: their figures are per draw.
FRAME_WHAT = "frame: 50 materials x 10 draws (Map(DISCARD) 64 B CB, VS/PS CB, DrawIndexed), Present"
BENCHES = [
    ("L1-shim", "L1", "shim: pfnDraw(3), no state change", [("max", 100), ("native", "L1", 1.25)],
     100000, 300000),
    ("L2-shim", "L2", "shim: IaSetVertexBuffers + VsSetConstantBuffers (1 of 2 each), Draw(3)",
     [("native", "L2", 1.25)], 100000, 300000),
    ("F", "F", FRAME_WHAT + ", per draw", [("max", 300)], 4, 12),
    ("FM", "FM", "F with 1 MiB command buffers", [("ratio", "F", 1.05), ("bytes_equal", "F")], 4,
     12),
    ("S1", "S1", "F, 1 live texture behind the views", [("ratio", "F", 1.05), ("bytes_equal", "F")],
     4, 12),
    ("S10", "S10", "F, 10 live textures", [("ratio", "F", 1.05), ("bytes_equal", "F")], 4, 12),
    ("S100", "S100", "F, 100 live textures", [("ratio", "F", 1.05), ("bytes_equal", "F")], 4, 12),
    ("S1000", "S1000", "F, 1,000 live textures", [("ratio", "F", 1.05), ("bytes_equal", "F")], 4,
     12),
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
    """Instructions per operation (per draw for the frame rows), bytes per operation, ns
    per operation."""
    _, mode, _, _, n1, n2 = row
    extra = [dll] if dll else []
    with tempfile.TemporaryDirectory() as tmp:
        i1, _ = wine.callgrind([program, mode, str(n1), *extra], tmp)
        i2, printed = wine.callgrind([program, mode, str(n2), *extra], tmp)
    fields = dict(re.findall(r"(\w+)=(\d+)", printed))
    ops = float(fields.get("draws", 1))
    nbytes = fields.get("bytes", "-")
    if nbytes != "-" and ops != 1:
        nbytes = f"{int(nbytes) / ops:.2f}"
    # Wall time: the same difference over plain runs a hundred times as long, so Wine's
    # start-up jitter stays small beside it (a secondary figure all the same).
    t1 = wine.wall_ns([program, mode, str(n1 * 100), *extra])
    t2 = wine.wall_ns([program, mode, str(n2 * 100), *extra])
    return (i2 - i1) / (n2 - n1) / ops, nbytes, (t2 - t1) / ((n2 - n1) * 100) / ops


def native_figures(args):
    """ROW -> instructions per operation of the native rows the shim rows compare with."""
    figures = {}
    for item in args.native:
        name, _, value = item.partition("=")
        figures[name] = float(value)
    if args.native_umd and shutil.which("valgrind") is not None:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import run_bench  # the native script's callgrind runner
        for row in run_bench.BENCHES:
            if row[0] in ("L1", "L2") and row[0] not in figures:
                i1, _ = run_bench.instructions(args.native_umd, row[5], row[2])
                i2, _ = run_bench.instructions(args.native_umd, row[6], row[2])
                figures[row[0]] = (i2 - i1) / (row[6] - row[5])
    return figures


def judge_one(target, per, nbytes, results, native):
    """(text, passed, note); passed None when it cannot be judged here."""
    if target[0] == "max":
        return f"<={target[1]}", per <= target[1], ""
    if target[0] == "native":
        if target[1] not in native:
            return f"<={target[2]}x{target[1]}", None, f"no native {target[1]}"
        ratio = per / native[target[1]]
        return (f"<={target[2]}x{target[1]}", ratio <= target[2],
                f"/{target[1]} {native[target[1]]:.2f} = {ratio:.3f}")
    if target[0] == "ratio":
        ratio = per / results[target[1]][0]
        return f"<={target[2]}x{target[1]}", ratio <= target[2], f"/{target[1]} = {ratio:.3f}"
    same = nbytes == results[target[1]][1]
    return f"B={target[1]}", same, "" if same else f"bytes differ from {target[1]}"


def judge(row, per, nbytes, results, native):
    """(targets text, passed, notes); rows that cannot be judged here pass."""
    texts, notes, ok = [], [], True
    for target in row[3]:
        text, passed, note = judge_one(target, per, nbytes, results, native)
        texts.append(text)
        ok = ok and passed is not False
        if note:
            notes.append(note)
    return ",".join(texts), ok, "; ".join(notes)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    ap.add_argument("--program", required=True, help="bench_shim.exe")
    ap.add_argument("--dll", help="the driver DLL (default: the one beside the program)")
    ap.add_argument("--wine", default=os.environ.get("WINE", "/usr/lib/wine/wine64"))
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--native", action="append", default=[], metavar="ROW=VALUE",
                    help="a native row's instructions per operation (L1, L2)")
    ap.add_argument("--native-umd", help="the native bench_umd, to measure L1/L2 here")
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
    needed = {t[1] for row in wanted for t in row[3] if t[0] in ("ratio", "bytes_equal")}
    measured = [row for row in BENCHES if row in wanted or row[0] in needed]
    results = {}
    try:
        with Wine(args.wine) as wine:
            for row in measured:
                results[row[0]] = measure(wine, args.program, args.dll, row)
    except (RuntimeError, OSError, subprocess.SubprocessError) as e:
        print(f"measurement failed: {e}", file=sys.stderr)
        if args.check:
            print(f"0 passed, {len(wanted)} failed")
        return 1
    native = native_figures(args)
    passed = failed = 0
    print(f"{'bench':9} {'instr/op':>9} {'target':>18} {'bytes/iter':>10} {'ns/iter':>9}  what")
    for row in wanted:
        per, nbytes, ns = results[row[0]]
        text, ok, note = judge(row, per, nbytes, results, native)
        passed, failed = passed + ok, failed + (not ok)
        extra = (f"  ({note})" if note else "") + ("" if ok else "  ** over target **")
        print(f"{row[0]:9} {per:9.2f} {text:>18} {nbytes:>10} {ns:9.1f}  {row[2]}{extra}")
    if args.check:
        print(f"{passed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
