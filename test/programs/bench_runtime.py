#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The runtime's own cost per draw, counted by callgrind under Wine (issue #28).

usage: bench_runtime.py --program BENCH_DRAW_EXE --runtime-dir DIR --driver DLL [--wine WINE]

bench_draw.exe (test/programs/bench_draw.c) makes a minimal pipeline through the runtime's
d3d11.dll and calls Draw(3) N times; it runs at N1 and N2 draws under callgrind (Wine's
session brought up outside valgrind: test/bench/run_bench_wine.py's Wine) with
AEROCMD_HOST=none, so the GPU link costs nothing and every instruction is the CPU's work
on the guest's side. Each module's own instructions (callgrind's self cost of the code in
d3d11.dll, dxgi.dll and the driver DLL) at N2 minus N1, divided by N2 - N1, is its cost per
draw: d3d11.dll is the runtime above the driver (the Draw method and its DDI call), the
driver DLL the user-mode driver, dxgi.dll the kernel's share (DxgkDdiRender's validation of
each filled DMA buffer). Prints the table; exit 77 (skipped) without valgrind or Wine.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import run_bench_wine  # noqa: E402  (the Wine session and callgrind runner)

N1, N2 = 20000, 60000
MODULES = ("d3d11.dll", "dxgi.dll", "aerogpu_d3d10_x64.dll")
WHAT = {"d3d11.dll": "the runtime above the driver (Draw and its DDI call)",
        "dxgi.dll": "the kernel (DxgkDdiRender's checks of each filled DMA buffer)",
        "aerogpu_d3d10_x64.dll": "the user-mode driver (shim, state tracker)"}


def compressed(line, names):
    """The name a callgrind 'key=(id) name' or 'key=(id)' line refers to."""
    m = re.match(r"\w+=\((\d+)\)(?: (.*))?$", line)
    if not m:
        return line.split("=", 1)[1]
    if m.group(2):
        names[m.group(1)] = m.group(2)
    return names.get(m.group(1), "")


def self_costs(path):
    """{function: self Ir} of a callgrind output file: every cost line but the one after
    'calls=' (a call's inclusive cost), under the 'fn=' in force. Code of PE DLLs under
    Wine has no object or symbol for valgrind: its functions are named by address."""
    names = {}
    costs = {}
    current = ""
    after_call = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("fn="):
                current = compressed(line, names)
            elif line.startswith("cfn="):
                compressed(line, names)
            elif line.startswith("calls="):
                after_call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_call:
                    after_call = False
                    continue
                parts = line.split()
                if len(parts) >= 2:
                    costs[current] = costs.get(current, 0) + int(parts[1])
    return costs


def image_range(objdump, dll):
    """(ImageBase, ImageBase + SizeOfImage): where Wine maps the DLL (its preferred base)."""
    out = subprocess.run([objdump, "-p", dll], check=True, stdout=subprocess.PIPE,
                         text=True).stdout
    base = int(re.search(r"ImageBase\s+([0-9a-fA-F]+)", out).group(1), 16)
    size = int(re.search(r"SizeOfImage\s+([0-9a-fA-F]+)", out).group(1), 16)
    return base, base + size


def module_costs(tmp, ranges):
    """{module: self Ir of the functions at addresses inside its image}."""
    totals = dict.fromkeys(ranges, 0)
    for name in os.listdir(tmp):
        if not (name.startswith("cg.") and name.endswith(".out")):
            continue
        for fn, ir in self_costs(os.path.join(tmp, name)).items():
            if not fn.startswith("0x"):
                continue
            addr = int(re.match(r"0x[0-9a-fA-F]+", fn).group(0), 16)
            for mod, (lo, hi) in ranges.items():
                if lo <= addr < hi:
                    totals[mod] += ir
    return totals


def run(wine, stage, n, ranges):
    with tempfile.TemporaryDirectory() as tmp:
        total, _ = wine.callgrind([os.path.join(stage, "bench_draw.exe"), str(n)], tmp)
        return total, module_costs(tmp, ranges)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--program", required=True)
    ap.add_argument("--runtime-dir", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--wine", default="/usr/lib/wine/wine64")
    ap.add_argument("--objdump", default="x86_64-w64-mingw32-objdump")
    args = ap.parse_args()
    if shutil.which("valgrind") is None or not os.path.exists(args.wine):
        print("skipped: needs valgrind and wine64")
        return 77
    with tempfile.TemporaryDirectory(prefix="aerocmd-rtbench.") as stage:
        shutil.copy(args.program, os.path.join(stage, "bench_draw.exe"))
        for f in ("d3d11.dll", "dxgi.dll"):
            shutil.copy(os.path.join(args.runtime_dir, f), stage)
        shutil.copy(args.driver, stage)
        ranges = {m: image_range(args.objdump, os.path.join(stage, m)) for m in MODULES}
        with run_bench_wine.Wine(args.wine) as wine:
            wine.env["WINEDLLOVERRIDES"] = "d3d11,dxgi=n"
            wine.env["AEROCMD_HOST"] = "none"
            t1, m1 = run(wine, stage, N1, ranges)
            t2, m2 = run(wine, stage, N2, ranges)
    per = lambda a, b: (b - a) / (N2 - N1)
    print("| module | instr/draw | what |")
    print("|---|---|---|")
    for mod in MODULES:
        print("| %s | %.2f | %s |" % (mod, per(m1.get(mod, 0), m2.get(mod, 0)), WHAT[mod]))
    print("| the whole process | %.2f | with Wine's and the C library's share |" % per(t1, t2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
