#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The differential judge of the test programs (issue #28).

usage: judge.py --runner SCRIPT --aerocmd AEROCMD --runtime-dir DIR --driver DLL
                [--wine WINE] [--xvfb-run XVFB_RUN] --compat DOC PROGRAM.exe...

Each program runs twice:
1. through the project: scripts/run-d3d11-program.sh (the runtime's d3d11.dll and dxgi.dll
   in front of Wine's, the driver DLL, a live aerocmd host);
2. through Wine's own Direct3D 11 (wined3d over llvmpipe), which needs an X server:
   xvfb-run -a.
Each program also checks the values Direct3D defines; a failed check is written to its
results ("fail ...") under its scene. A scene passes when neither run failed a check in it
and the two runs' records agree:
- "exact": every byte equal (clears, copies, readbacks of data that was written);
- "round": every byte within 1 (an 8-bit channel where Direct3D allows rounding:
  interpolation, blending, filtering);
- "edges N": as "round", and at most N texels may differ by more: the texels on triangle
  edges, where the rasterisation rules meet float rounding in the two implementations;
- values ("value NAME TEXT") must be equal as text.
Exceptions, each printed as such:
- a scene in which the driver refused a create call with E_NOTIMPL ("value refused ID", see
  prog_refused) passes when ID is a row of doc/compatibility.md whose outcome is "refused"
  (--compat): the protocol cannot express it, and the table says so;
- a scene of APPROXIMATED draws on a row of doc/compatibility.md whose outcome is
  "approximated": the project's checks and records may differ there (Wine's must pass);
- a scene or value of WINE_DEVIATIONS: Wine 8.0 answers other than Direct3D documents; the
  project's checks must pass (and a value must be the documented one), Wine's may not.
The project's run is recorded too (the runner's --trace and --pictures): its trace, every
device of the program each in its context, must be valid (aerocmd validate) and render on
its own (aerocmd render) to the very pictures the live host kept (one more check per
program).
A run may end with status 0 or 1 (failed checks); anything else (a crash) fails.
Prints one line per scene and "N passed, N failed"; exit 77 (skipped) with the reason when
Wine or Xvfb is missing.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

COMPAT = {}
# Scenes whose subject the driver approximates (doc/compatibility.md rows, outcome
# "approximated"): (program, scene) -> row id.
APPROXIMATED = {
    ("prog_queries", "occlusion"): "query.occlusion",
    ("prog_queries", "occlusion_predication"): "query.occlusion_predicate",
}
# Scenes where Wine 8.0's d3d11 does other than Direct3D documents: (program, scene) -> why.
WINE_SCENES = {
    ("prog_queries", "so_overflow_predication"): "Wine 8.0 cannot create an "
        "SO_OVERFLOW_PREDICATE (CreatePredicate answers 0x8876086a) and ignores SetPredication",
    ("prog_queries", "occlusion_predication"): "Wine 8.0 ignores SetPredication and answers "
        "GetData of an occlusion predicate with E_INVALIDARG",
    ("prog_surface", "surface_refusals"): "Wine 8.0's IDXGISurface answers wined3d's errors: "
        "Map of a surface the CPU cannot access as asked E_INVALIDARG, GetDC of a surface not "
        "GDI_COMPATIBLE D3DERR_INVALIDCALL (0x8876086c), not DXGI_ERROR_INVALID_CALL",
    ("prog_gs", "so_too_many_strides"): "Wine 8.0's CreateGeometryShaderWithStreamOutput "
        "takes NumStrides 5 (S_OK; the range is 0 to D3D11_SO_BUFFER_SLOT_COUNT: E_INVALIDARG)",
    ("prog_surface", "surface_gdi_rules"): "Wine 8.0 makes a GDI_COMPATIBLE texture of two "
        "levels (D3D11_RESOURCE_MISC_GDI_COMPATIBLE: MipLevels must be 1) and answers a second "
        "GetDC and a ReleaseDC without a DC with wined3d's D3DERR_INVALIDCALL (0x8876086c), not "
        "DXGI_ERROR_INVALID_CALL",
    ("prog_com", "class_linkage"): "Wine 8.0's ID3D11ClassLinkage::CreateClassInstance "
        "answers E_NOTIMPL (Direct3D 11 documents it as creating the instance)",
    # Wine 8.0's IDXGIResource answers E_NOTIMPL to GetSharedHandle, GetUsage and the
    # eviction priority, and its OpenSharedResource answers E_NOTIMPL to every handle: the
    # scenes' values are Direct3D's (the project's checks assert them).
    ("prog_share", "dxgi_resource"): "Wine 8.0's IDXGIResource methods answer E_NOTIMPL",
    ("prog_share", "open_on_second_device"): "Wine 8.0 shares nothing (GetSharedHandle and "
        "OpenSharedResource answer E_NOTIMPL)",
    ("prog_share", "open_on_same_device"): "Wine 8.0's OpenSharedResource answers E_NOTIMPL",
    ("prog_share", "write_on_b_read_on_a"): "Wine 8.0 shares nothing (GetSharedHandle and "
        "OpenSharedResource answer E_NOTIMPL)",
    ("prog_share", "write_alias_read_original"): "Wine 8.0's OpenSharedResource answers "
        "E_NOTIMPL (the scene has no opened resource)",
    ("prog_share", "alias_lifetime"): "Wine 8.0's OpenSharedResource answers E_NOTIMPL (the "
        "scene has no opened resource)",
    ("prog_share", "open_refusals"): "Wine 8.0's OpenSharedResource answers E_NOTIMPL to "
        "every handle and interface",
}
# A windowed present must show the back buffer in the window's client area (Windows 7, DWM
# off: a blt, stretched to the client area). Wine 8.0's wined3d presents through OpenGL into
# an X child window of its own over the client area, which GDI does not read (BitBlt from
# the window's DC reads Wine's window surface), and under Xvfb it also reports "Failed to get
# a device context for window": its GDI readback (window DC and screen DC alike) and the X
# root's pixels there are black.
WINE_WINDOW = "Wine 8.0's windowed presents (wined3d's OpenGL under Xvfb) never reach what GDI " \
    "reads of the window: its readback is black"
for _scene in ("window_present", "window_stretch", "window_resize"):
    WINE_SCENES[("prog_window", _scene)] = WINE_WINDOW
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
    ("surface_refusals", "map_default"): (
        "0x887a0001", "IDXGISurface::Map answers a DXGI_ERROR code (DXGI_ERROR_INVALID_CALL) "
        "for a surface the CPU cannot access; Wine 8.0 answers E_INVALIDARG"),
    ("surface_refusals", "map_write_read_only"): (
        "0x887a0001", "IDXGISurface::Map(DXGI_MAP_WRITE) of a surface without CPU write access "
        "is DXGI_ERROR_INVALID_CALL; Wine 8.0 answers E_INVALIDARG"),
    ("surface_refusals", "get_dc_not_gdi"): (
        "0x887a0001", "IDXGISurface1::GetDC fails for a surface not created GDI_COMPATIBLE, "
        "with DXGI's DXGI_ERROR_INVALID_CALL; Wine 8.0 answers D3DERR_INVALIDCALL"),
}
TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))
RUN_SECONDS = 240


def compat_rows(path):
    """{id: outcome} of doc/compatibility.md's rows."""
    rows = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) >= 3 and cells[0].startswith("`"):
                rows[cells[0].strip("`")] = cells[2]
    return rows


def parse_results(path):
    """{(scene, kind, name): (mode, payload)}, their order, {scene: [failed checks]}."""
    records = {}
    order = []
    fails = {}
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
        elif words[0] == "fail":
            fails.setdefault(scene, []).append(" ".join(words[1:]))
    return records, order, fails


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
    trace = os.path.join(mine_dir, "run.aerogputrace")
    pictures = os.path.join(mine_dir, "pictures")
    mine = run(x + ["bash", args.runner, "--trace", trace, "--pictures", pictures, exe,
                    os.path.join(mine_dir, "results.txt")], mine_env, mine_dir, log)
    wine_env = dict(env)
    theirs = run(x + [args.wine, os.path.join(wine_dir, os.path.basename(exe)),
                      os.path.join(wine_dir, "results.txt")], wine_env, wine_dir, log)
    failed = 0
    for side, status, out in (("project", mine, mine_dir), ("Wine's d3d11", theirs, wine_dir)):
        if status not in (0, 1) or not os.path.exists(os.path.join(out, "results.txt")):
            print("%s: the run through %s failed (status %s)" % (name, side, status))
            failed += 1
    if failed:
        print("\n".join(log))
        return 0, failed
    lines = [l.strip() for l in "\n".join(log).split("\n")]
    counts = [l for l in lines if l.endswith(" failed") and " passed, " in l]
    speeds = [l for l in lines if l.startswith("frames ") and " fps " in l]
    if len(speeds) == 2:
        print("%s: the project: %s; Wine's d3d11: %s; ratio %.2f" % (
            name, speeds[0], speeds[1],
            float(speeds[0].split(" fps ")[1].split()[0]) /
            float(speeds[1].split(" fps ")[1].split()[0])))
    if len(counts) == 2:
        print("%s: its own checks: %s through the project, %s through Wine's d3d11" % (
            name, counts[0], counts[1]))
    passed, failed = compare_results(name, os.path.join(mine_dir, "results.txt"),
                                     os.path.join(wine_dir, "results.txt"), log)
    ok, why = check_trace(args.aerocmd, trace, pictures, mine_dir)
    print("%s: the run's trace: %s" % (name, why))
    return passed + ok, failed + (not ok)


def check_trace(aerocmd, trace, pictures, work):
    """The runner's --trace of the project's run (every device of the program, each with its
    context id) is valid (aerocmd validate) and renders on its own (aerocmd render: the
    reference executor in process) to the very pictures the live host kept of the run
    (--pictures). (passed, what)."""
    if not os.path.exists(trace):
        return False, "FAILED: the runner wrote no trace"
    v = subprocess.run([aerocmd, "validate", "-q", trace], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=RUN_SECONDS * TIME_SCALE)
    if v.returncode != 0:
        return False, "FAILED: aerocmd validate: %s" % v.stdout.decode(errors="replace")
    rendered = os.path.join(work, "rendered")
    r = subprocess.run([aerocmd, "render", "-q", "-o", rendered, trace], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=RUN_SECONDS * TIME_SCALE)
    if r.returncode != 0:
        return False, "FAILED: aerocmd render: %s" % r.stdout.decode(errors="replace")
    live = sorted(os.listdir(pictures)) if os.path.isdir(pictures) else []
    again = sorted(os.listdir(rendered)) if os.path.isdir(rendered) else []
    if live != again:
        return False, "FAILED: the host kept %s, render wrote %s" % (live, again)
    for png in live:
        with open(os.path.join(pictures, png), "rb") as a, \
                open(os.path.join(rendered, png), "rb") as b:
            if a.read() != b.read():
                return False, "FAILED: %s differs between the live run and the trace" % png
    return True, "valid, renders, %d picture(s) equal to the live run's" % len(live)


def record_diffs(mine, order, theirs, name):
    """{scene: [(key, why or None)]} over both runs' records."""
    scenes = {}
    for key in order + [k for k in theirs if k not in mine]:
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
    return scenes


def scene_verdict(name, scene, items, mine, my_fails, wine_fails):
    """None when the scene passes (after printing why), else the lines saying why not."""
    refusal = mine.get((scene, "value", "refused"))
    approx = APPROXIMATED.get((name, scene))
    wine_why = WINE_SCENES.get((name, scene))
    bad = ["%s %s: %s" % (k[1], k[2], w) for k, w in items if w is not None]
    if refusal is not None:
        if COMPAT.get(refusal[1]) != "refused":
            return ["REFUSED (%s), which doc/compatibility.md does not list as refused" %
                    refusal[1]]
        print("%s %s: refused by the driver as doc/compatibility.md says (%s)" % (
            name, scene, refusal[1]))
        return ["project check failed: " + f for f in my_fails] or None
    if approx is not None and COMPAT.get(approx) != "approximated":
        return ["%s is not an approximated row of doc/compatibility.md" % approx]
    problems = [] if approx is not None else ["project check failed: " + f for f in my_fails]
    if wine_why is None:
        problems += ["Wine check failed: " + f for f in wine_fails]
    if approx is None and wine_why is None:
        problems += bad
    if problems:
        return problems
    if approx is not None:
        print("%s %s: approximated as doc/compatibility.md says (%s)%s" % (
            name, scene, approx, "" if not (bad or my_fails) else ": " + "; ".join(
                (my_fails + bad)[:3])))
    if wine_why is not None:
        print("%s %s: Wine's known deviation: %s%s" % (
            name, scene, wine_why, "" if not (bad or wine_fails) else " (" + "; ".join(
                (wine_fails + bad)[:2]) + ")"))
    if approx is None and wine_why is None:
        print("%s %s: agree (%d)" % (name, scene, len(items)))
    return None


def compare_results(name, mine_path, wine_path, log):
    mine, order, my_fails = parse_results(mine_path)
    theirs, _, wine_fails = parse_results(wine_path)
    passed = failed = 0
    scenes = record_diffs(mine, order, theirs, name)
    for scene in list(my_fails) + list(wine_fails):
        scenes.setdefault(scene, [])
    for scene, items in scenes.items():
        why = scene_verdict(name, scene, items, mine, my_fails.get(scene, []),
                            wine_fails.get(scene, []))
        if why is None:
            passed += 1
            continue
        failed += 1
        print("%s %s: DIFFER" % (name, scene))
        for line in why:
            print("  " + line)
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
    COMPAT.update(compat_rows(args.compat))
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
