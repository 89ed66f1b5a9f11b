#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The differential judge of the test programs (issue #28).

usage: judge.py --runner SCRIPT --aerocmd AEROCMD --runtime-dir DIR --driver DLL
                [--wine WINE] [--xvfb-run XVFB_RUN] PROGRAM.exe...

Each program runs twice:
1. through the project: scripts/run-d3d11-program.sh (the runtime's d3d11.dll and dxgi.dll
   in front of Wine's, the driver DLL, a live aerocmd host);
2. through Wine's own Direct3D 11 (wined3d over llvmpipe), which needs an X server:
   xvfb-run -a.
Both runs must succeed (each program also checks the values Direct3D defines and fails on
its own), and what each wrote to its results file must agree, record by record:
- "exact": every byte equal (clears, copies, readbacks of data that was written);
- "round": every byte within 1 (an 8-bit channel where Direct3D allows rounding:
  interpolation, blending, filtering);
- "edges N": as "round", and at most N texels may differ by more: the texels on triangle
  edges, where the rasterisation rules meet float rounding in the two implementations;
- values ("value NAME TEXT") must be equal as text.
A scene in which the driver refused a create call with E_NOTIMPL ("value refused ID", see
prog_refused) agrees only when ID is a row of doc/compatibility.md whose outcome is
"refused" (--compat): the protocol cannot express it, and the table says so; the judge
prints it as such.
Prints one line per scene and "N passed, N failed"; exit 77 (skipped) with the reason when
Wine or Xvfb is missing.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

REFUSALS = set()
# Values where Wine 8.0's d3d11 answers other than Direct3D documents: the project's answer
# must be the documented one; Wine's is accepted as its known deviation.
WINE_DEVIATIONS = {
    ("invalid_arguments", "immutable_without_data"): (
        "0x80070057", "an IMMUTABLE resource must be initialised at creation (D3D11_USAGE); "
        "Wine 8.0 creates it"),
    ("invalid_arguments", "too_many_mips"): (
        "0x80070057", "MipLevels above log2(size) + 1 is invalid (D3D11_TEXTURE2D_DESC); "
        "Wine 8.0 creates the texture"),
    ("invalid_arguments", "view_without_bind_flag"): (
        "0x80070057", "a render-target view needs D3D11_BIND_RENDER_TARGET "
        "(CreateRenderTargetView); Wine 8.0 creates the view"),
}
TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))
RUN_SECONDS = 240


def compat_refusals(path):
    """The ids of doc/compatibility.md's rows whose outcome is 'refused'."""
    ids = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 3 and cells[2] == "refused":
                ids.add(cells[0].strip("`"))
    return ids


def parse_results(path):
    """{(scene, kind, name): (mode, payload)} in file order."""
    records = {}
    order = []
    scene = "init"
    with open(path, encoding="ascii", errors="replace") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        words = lines[i].split(" ")
        i += 1
        if words[0] == "scene":
            scene = words[1]
        elif words[0] == "image":
            _, name, w, h, bpp = words[:5]
            rows = int(h)
            data = bytes.fromhex("".join(lines[i:i + rows]))
            i += rows
            key = (scene, "image", name)
            records[key] = (" ".join(words[5:]), (int(w), int(h), int(bpp), data))
            order.append(key)
        elif words[0] == "bytes":
            _, name, n = words[:3]
            hexes = ""
            while len(hexes) < int(n) * 2 and i < len(lines):
                hexes += lines[i]
                i += 1
            key = (scene, "bytes", name)
            records[key] = (" ".join(words[3:]), (int(n), 1, 1, bytes.fromhex(hexes)))
            order.append(key)
        elif words[0] == "value":
            key = (scene, "value", words[1])
            records[key] = ("exact", " ".join(words[2:]))
            order.append(key)
    return records, order


def compare(mode, a, b):
    """None when they agree, else why not."""
    if isinstance(a, str):
        return None if a == b else "project %r, Wine %r" % (a, b)
    if a[:3] != b[:3]:
        return "shapes differ: %s vs %s" % (a[:3], b[:3])
    w, h, bpp, pa = a
    pb = b[3]
    if mode == "exact":
        if pa == pb:
            return None
        first = next(k for k in range(len(pa)) if pa[k] != pb[k])
        return "first difference at byte %d (texel %d): %02x vs %02x" % (
            first, first // bpp, pa[first], pb[first])
    allowance = int(mode.split()[1]) if mode.startswith("edges") else 0
    far = 0
    worst = 0
    for t in range(0, len(pa), bpp):
        d = max(abs(pa[t + c] - pb[t + c]) for c in range(bpp))
        worst = max(worst, d)
        if d > 1:
            far += 1
    if far <= allowance:
        return None
    return "%d texels differ by more than 1 (allowed %d), the largest difference %d" % (
        far, allowance, worst)


def run(cmd, env, cwd, log):
    try:
        p = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=RUN_SECONDS * TIME_SCALE)
    except subprocess.TimeoutExpired:
        log.append("timed out: %s" % " ".join(cmd))
        return None
    log.append(p.stdout.decode(errors="replace"))
    return p.returncode


def judge_program(args, exe, work, env):
    name = os.path.splitext(os.path.basename(exe))[0]
    mine_dir = os.path.join(work, name, "project")
    wine_dir = os.path.join(work, name, "wine")
    os.makedirs(mine_dir)
    os.makedirs(wine_dir)
    shutil.copy(exe, wine_dir)
    log = []
    x = [args.xvfb_run, "-a", "-s", "-screen 0 1024x768x24"]
    mine_env = dict(env, AEROCMD=args.aerocmd, AEROCMD_RUNTIME_DIR=args.runtime_dir,
                    AEROCMD_DRIVER_DLL=args.driver)
    mine = run(x + ["bash", args.runner, exe, os.path.join(mine_dir, "results.txt")], mine_env,
               mine_dir, log)
    wine_env = dict(env)
    theirs = run(x + [args.wine, os.path.join(wine_dir, os.path.basename(exe)),
                      os.path.join(wine_dir, "results.txt")], wine_env, wine_dir, log)
    failed = 0
    for side, status in (("project", mine), ("Wine's d3d11", theirs)):
        if status != 0:
            print("%s: the run through %s failed (status %s)" % (name, side, status))
            failed += 1
    if failed:
        print("\n".join(log))
        return 0, failed
    counts = [l.strip() for l in "\n".join(log).split("\n")
              if l.strip().endswith(" failed") and " passed, " in l]
    if len(counts) == 2:
        print("%s: its own checks: %s through the project, %s through Wine's d3d11" % (
            name, counts[0], counts[1]))
    return compare_results(name, os.path.join(mine_dir, "results.txt"),
                           os.path.join(wine_dir, "results.txt"), log)


def compare_results(name, mine_path, wine_path, log):
    mine, order = parse_results(mine_path)
    theirs, _ = parse_results(wine_path)
    passed = failed = 0
    scenes = {}
    for key in order + [k for k in theirs if k not in mine]:
        why = None
        if key not in theirs:
            why = "missing in Wine's run"
        elif key not in mine:
            why = "missing in the project's run"
        elif key[1] == "value" and (key[0], key[2]) in WINE_DEVIATIONS:
            want, reason = WINE_DEVIATIONS[(key[0], key[2])]
            why = None if mine[key][1] == want else "project %r, documented %r" % (
                mine[key][1], want)
            if why is None and theirs[key][1] != want:
                print("%s %s: %s: Wine's known deviation (%s): %s" % (
                    name, key[0], key[2], theirs[key][1], reason))
        else:
            why = compare(mine[key][0], mine[key][1], theirs[key][1])
        scenes.setdefault(key[0], []).append((key, why))
    for scene, items in scenes.items():
        refusal = mine.get((scene, "value", "refused"))
        if refusal is not None:
            if refusal[1] in REFUSALS:
                print("%s %s: refused by the driver as doc/compatibility.md says (%s)" % (
                    name, scene, refusal[1]))
                passed += 1
            else:
                print("%s %s: REFUSED (%s), which doc/compatibility.md does not list as "
                      "refused" % (name, scene, refusal[1]))
                failed += 1
            continue
        bad = [(k, w) for k, w in items if w is not None]
        print("%s %s: %s" % (name, scene, "agree (%d)" % len(items) if not bad else "DIFFER"))
        for key, why in bad:
            print("  %s %s: %s" % (key[1], key[2], why))
        passed += len(items) - len(bad)
        failed += len(bad)
    if failed:
        print("\n".join(log))
    return passed, failed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runner", required=True)
    ap.add_argument("--aerocmd", default="")
    ap.add_argument("--runtime-dir", required=True)
    ap.add_argument("--driver", required=True)
    ap.add_argument("--wine", default="/usr/lib/wine/wine64")
    ap.add_argument("--xvfb-run", default=shutil.which("xvfb-run") or "")
    ap.add_argument("--compat", required=True, help="doc/compatibility.md")
    ap.add_argument("programs", nargs="+")
    args = ap.parse_args()
    REFUSALS.update(compat_refusals(args.compat))
    if not os.path.exists(args.wine):
        print("skipped: no %s (Debian package wine64)" % args.wine)
        return 77
    if not args.xvfb_run or shutil.which("xauth") is None:
        print("skipped: no xvfb-run / xauth (Debian packages xvfb, xauth): Wine's own d3d11 "
              "needs an X server")
        return 77
    if not args.aerocmd or not os.path.exists(args.aerocmd):
        print("skipped: no native aerocmd for the live host (configure with "
              "-Dshim_aerocmd=PATH/build/tools/aerocmd/aerocmd)")
        return 77
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="aerocmd-judge.") as work:
        # A crashing program must end, not wait in winedbg.
        env = dict(os.environ, WINEPREFIX=os.path.join(work, "prefix"), WINEDEBUG="-all",
                   WINEDLLOVERRIDES="winedbg.exe=d")
        for exe in args.programs:
            p, f = judge_program(args, os.path.abspath(exe), work, env)
            passed += p
            failed += f
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
