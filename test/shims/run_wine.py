#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Runs the shim scenarios under Wine, then (with a native aerocmd) checks the streams.

usage: run_wine.py --harness EXE --golden DIR --dll NAME=PATH... [--aerocmd AEROCMD]
                   [--pixels TEST_SCENE_PICTURES [--shader-cache DIR]] [--wine WINE]

1. shim_harness.exe (mingw x86_64) loads each DLL, plays the runtime and checks in process
   (structure, semantics with the kernel's allocation tables, host model, fences); it
   writes every scenario's submissions to a temporary directory.
2. With --aerocmd (the NATIVE tool, from the native build): each scenario's streams are
   wrapped into one trace (`trace wrap --memory`: with each submission's allocation table
   and guest memory) and checked with `aerocmd validate`, and `aerocmd dump` of each
   stream plus the harness's submission headers must equal the host golden file
   test/data/golden/umd/GOLDEN.txt (GOLDEN is the scenario's name, or its entry in
   GOLDEN_OF); a scenario without a golden file fails unless NO_GOLDEN names it. Handles and
   alloc_ids are guest-wide ids (their high bits depend on the process id), so both sides are
   renumbered in order of first appearance before comparing. Shaders differ by construction:
   the host scenarios send a 32-byte placeholder container, the DDI gives the shim a bare
   token stream that libaerocmd wraps into a real container (signatures, checksum). So the
   size and payload of CREATE_SHADER_DXBC, and the stream sizes and packet offsets they
   shift, are masked on both sides; everything else (packet order, every other field) must
   match. The harness checks each container byte for byte in process instead.
3. With --pixels (the NATIVE test/pixels/test_scene_pictures): each scenario's submissions
   (stream, allocation table, guest memory snapshots) run on the reference executor, every
   shader container is checked (aerocmd_exec_check_dxbc) and the picture is judged as the
   golden scenario's (golden_of names it) against what it draws. With --aerocmd too, the
   wrapped trace goes through `aerocmd render` and, played to a live `aerocmd host` with
   `aerocmd replay`, gives the same pictures byte for byte (check_render).
Prints "N passed, N failed".
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

# hang guards, scaled by Meson's test setup for slow builds and a busy machine
TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))

HANDLE = re.compile(r"\bh:(\d+)")
# DDI scenarios compared with a host golden file of another name, and why. A DEFAULT texture
# created through the DDI is always host-owned (only STAGING is backed with guest memory, and
# the runtime rejects bind flags on STAGING), so the textured quad is compared with the host
# twin that uses that placement; indexed_quad_texture.txt keeps the guest-backed variant.
#
GOLDEN_OF = {
    "indexed_quad_texture": "indexed_quad_texture_host",
}
# D3D10 and D3D10.1 run the same scenarios through their own device tables, in their own
# DLLs and in the combined driver DLL (scenarios.c): each is the host scene of its name
# without the prefix.
RUNTIME_PREFIXES = ("driver_d3d10_1_", "driver_d3d10_", "d3d10_1_", "d3d10_")


def golden_of(name):
    for prefix in RUNTIME_PREFIXES:
        if name.startswith(prefix):
            name = name[len(prefix):]
            break
    return GOLDEN_OF.get(name, name)
# Scenarios (by their golden_of name) that cannot have a host golden file, each with the
# reason; a scenario missing from both its golden directory and this list fails. They are
# still validated, and their pictures still checked (--pixels).
SHARE_REASON = ("two devices of two runtimes on one host, the second opening the first's "
                "texture from the private data the OS kept: the host golden scenarios run one "
                "device on one fake, so there is no twin")
NO_GOLDEN = {
    "queries": "the protocol has no queries (the driver answers them itself): the host golden "
               "scenarios have no twin of the clears and draws around them",
    "share_d3d11_to_d3d10_1": SHARE_REASON,
    "share_d3d10_to_d3d11": SHARE_REASON,
}
ALLOC = re.compile(r"(alloc_id=)(0x[0-9a-fA-F]+|\d+)")
OFFSET = re.compile(r"^0x[0-9a-fA-F]+ ", re.M)
STREAM_SIZE = re.compile(r"^(ACMD abi=\S+ size_bytes=)\d+", re.M)
SHADER = re.compile(r"^(CREATE_SHADER_DXBC size=)\d+(.* dxbc_size_bytes=)\d+ payload\(\d+\)=\S+",
                    re.M)


def mask_shader_bytes(text):
    """Hides what a shader's container size and bytes change (see the module docstring)."""
    text = OFFSET.sub("", text)
    text = STREAM_SIZE.sub(r"\1*", text)
    return SHADER.sub(r"\1*\2* payload(*)=*", text)


def renumber(text):
    handles, allocs = {"0": "0"}, {0: 0}

    def handle(m):
        return "h:" + handles.setdefault(m.group(1), str(len(handles)))

    def alloc(m):
        value = int(m.group(2), 0)
        return m.group(1) + "#%d" % allocs.setdefault(value, len(allocs))

    return ALLOC.sub(alloc, HANDLE.sub(handle, text))


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def check_scenario(aerocmd, sdir, name, golden_dir):
    """Returns a list of problems (empty when the scenario is fine)."""
    streams = sorted(f for f in os.listdir(sdir) if f.endswith(".acmd"))
    if not streams:
        return ["no streams"]
    trace = os.path.join(sdir, "all.aerogputrace")
    r = run([aerocmd, "trace", "wrap", "--memory"] + [os.path.join(sdir, s) for s in streams] +
            ["-o", trace])
    if r.returncode != 0:
        return ["trace wrap: " + r.stderr.strip()]
    r = run([aerocmd, "validate", "-q", trace])
    if r.returncode != 0:
        return ["validate: " + (r.stdout + r.stderr).strip()]
    golden_name = golden_of(name)
    golden = os.path.join(golden_dir, golden_name + ".txt")
    if not os.path.exists(golden):
        if golden_name in NO_GOLDEN:
            return []
        return ["no golden %s and not in NO_GOLDEN: add a host twin to "
                "test/unit/umd/golden_scenarios.h" % golden]
    if golden_name in NO_GOLDEN:
        return ["in NO_GOLDEN but %s exists: remove it from the list" % golden]
    with open(os.path.join(sdir, "submissions.txt"), encoding="utf-8") as f:
        headers = f.read().splitlines(keepends=True)
    text = "# umd golden: %s\n" % golden_name
    for i, stream in enumerate(streams):
        prefix = "# submission %d " % i
        text += "".join(h for h in headers if h.startswith(prefix))
        block = False
        for h in headers:
            if h.startswith("# submission "):
                block = h.startswith(prefix)
            elif block:
                text += h
        r = run([aerocmd, "dump", os.path.join(sdir, stream)])
        if r.returncode != 0:
            return ["dump %s: %s" % (stream, r.stderr.strip())]
        text += r.stdout
    with open(golden, encoding="utf-8") as f:
        want = f.read()
    got_n, want_n = mask_shader_bytes(renumber(text)), mask_shader_bytes(renumber(want))
    if got_n != want_n:
        for ln, (g, w) in enumerate(zip(got_n.splitlines(), want_n.splitlines()), 1):
            if g != w:
                return ["differs from %s at line %d:\n  got:  %s\n  want: %s" % (golden, ln, g, w)]
        return ["differs from %s in length" % golden]
    return []


def check_pixels(pixels, cache, sdir, name):
    """Problems of the scenario's run on the reference executor (empty when right)."""
    env = dict(os.environ)
    env.setdefault("VK_ICD_FILENAMES", "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json")
    if cache:
        env["MESA_SHADER_CACHE_DIR"] = cache
    r = run([pixels, "--dir", sdir, golden_of(name)], env=env, timeout=120 * TIME_SCALE)
    if r.returncode != 0:
        return ["pixels: " + (r.stdout + r.stderr).strip().replace("\n", "\n  ")]
    print(r.stdout.strip())
    return []


def pngs_of(directory):
    return {f: open(os.path.join(directory, f), "rb").read()
            for f in sorted(os.listdir(directory)) if f.endswith(".png")}


def replayed_pictures(aerocmd, trace, out):
    """The pictures of `trace` played to a fresh live host (aerocmd host + aerocmd replay,
    doc/host.md), or an error text."""
    host = subprocess.Popen([aerocmd, "host", "-q", "--pictures", out],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = host.stdout.readline()
        if not line.startswith("listening on "):
            return "aerocmd host did not start: %r" % line
        r = run([aerocmd, "replay", "-q", "--host", line.split()[2], trace], timeout=120)
        if r.returncode != 0:
            return "aerocmd replay: exit %d: %s" % (r.returncode, r.stderr.strip())
    finally:
        host.terminate()
        host.communicate(timeout=30)
    return pngs_of(out)


def check_render(aerocmd, sdir):
    """`aerocmd render` of the scenario's wrapped trace (wrap --memory: every submission
    with its allocation table and guest memory): rendered whole, exit 0, one PNG per
    PRESENT submission; played to a live host (aerocmd host + replay), the same PNGs byte
    for byte."""
    trace = os.path.join(sdir, "all.aerogputrace")
    if not os.path.exists(trace):
        return []  # check_scenario reported why
    with open(os.path.join(sdir, "submissions.txt"), encoding="utf-8") as f:
        presents = sum(1 for h in f if h.startswith("# submission ") and " PRESENT " in h)
    out = tempfile.mkdtemp(prefix="aerogpu-render-")
    try:
        r = run([aerocmd, "render", "-o", os.path.join(out, "render"), trace], timeout=120 * TIME_SCALE)
        rendered = pngs_of(os.path.join(out, "render")) if r.returncode == 0 else {}
        replayed = replayed_pictures(aerocmd, trace, os.path.join(out, "host"))
    finally:
        shutil.rmtree(out, ignore_errors=True)
    if r.returncode != 0 or len(rendered) != presents:
        return ["aerocmd render: exit %d, %d of %d presents: %s" %
                (r.returncode, len(rendered), presents, r.stderr.strip())]
    if replayed != rendered:
        return ["through the live host: %s" % (replayed if isinstance(replayed, str) else
                                                "pictures %s, not render's %s" %
                                                (sorted(replayed), sorted(rendered)))]
    return []


ID_COUNT = 20000
ID_FALLBACK_FIRST = 0x40000000


def read_ids(path):
    ids = {"h": [], "a": []}
    with open(path, encoding="utf-8") as f:
        for line in f:
            kind, value = line.split()
            ids[kind].append(int(value, 16))
    return ids


def run_id_group(wine, harness, driver, env, tmp, tag, extra):
    """Two harness processes at once; returns (files, problems)."""
    procs, outs, problems = [], [], []
    for i in range(2):
        out = os.path.join(tmp, "ids_%s%d.txt" % (tag, i))
        outs.append(out)
        cmd = [wine, harness, "--ids", out, str(ID_COUNT), "2"] + extra + ["--dll", driver]
        procs.append(subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    for i, p in enumerate(procs):
        stdout, stderr = p.communicate(timeout=240 * TIME_SCALE)
        if p.returncode != 0:
            problems.append("%s process %d: %s %s" % (tag, i, stdout.strip(), stderr.strip()))
    return outs, problems


def check_concurrent_ids(wine, harness, driver, env, tmp):
    """Two processes at once on the session counter, then two at once whose section name is
    taken by another object (so both fall back): every handle and alloc_id unique across
    all four, the counter's below 2^30 and the fallback's from 2^30 up. Returns a list of
    problems."""
    counter, problems = run_id_group(wine, harness, driver, env, tmp, "counter", [])
    fallback, more = run_id_group(wine, harness, driver, env, tmp, "fallback", ["--fallback"])
    problems += more
    if problems:
        return problems
    seen = {"h": {}, "a": {}}
    for i, out in enumerate(counter + fallback):
        ids = read_ids(out)
        if len(ids["h"]) != ID_COUNT:
            problems.append("process %d sent %d samplers" % (i, len(ids["h"])))
        if len(set(ids["h"])) != len(ids["h"]):
            problems.append("process %d reused a handle" % i)
        for kind in ("h", "a"):
            for v in set(ids[kind]):
                if v == 0 or (v >= ID_FALLBACK_FIRST) != (i >= 2):
                    problems.append("process %d: %s id 0x%x outside its range" % (i, kind, v))
                if v in seen[kind]:
                    problems.append("%s id 0x%x in processes %d and %d" %
                                    (kind, v, seen[kind][v], i))
                seen[kind][v] = i
    return problems[:10]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--harness", required=True)
    ap.add_argument("--golden", required=True)
    ap.add_argument("--dll", action="append", default=[])
    ap.add_argument("--aerocmd")
    ap.add_argument("--pixels")
    ap.add_argument("--shader-cache")
    ap.add_argument("--wine", default=os.environ.get("WINE", "/usr/lib/wine/wine64"))
    args = ap.parse_args()
    if not os.path.exists(args.wine):
        print("wine64 not found: skipped")
        return 77
    env = dict(os.environ, WINEDEBUG=os.environ.get("WINEDEBUG", "-all"))
    out = tempfile.mkdtemp(prefix="aerogpu-shims-")
    try:
        cmd = [args.wine, args.harness, "--out", out]
        for spec in args.dll:
            cmd += ["--dll", spec]
        r = run(cmd, env=env, timeout=240 * TIME_SCALE)
        sys.stderr.write(r.stderr)
        print(r.stdout.strip())
        passed, failed = 0, 0 if r.returncode == 0 else 1
        drivers = [spec.split("=", 1)[1] for spec in args.dll if spec.startswith("driver=")]
        if drivers:
            ids_dir = tempfile.mkdtemp(prefix="aerogpu-ids-")
            try:
                problems = check_concurrent_ids(args.wine, args.harness,
                                                "driver=" + drivers[0], env, ids_dir)
            finally:
                shutil.rmtree(ids_dir, ignore_errors=True)
            for p in problems:
                print("concurrent ids: " + p, file=sys.stderr)
            if problems:
                failed += 1
            else:
                passed += 1
                print("concurrent ids: 2 + 2 processes (counter, fallback), %d samplers each, "
                      "no id shared" % ID_COUNT)
        if args.aerocmd or args.pixels:
            for name in sorted(os.listdir(out)):
                problems = []
                if args.aerocmd:
                    problems += check_scenario(args.aerocmd, os.path.join(out, name), name,
                                               args.golden)
                if args.pixels:
                    problems += check_pixels(args.pixels, args.shader_cache,
                                             os.path.join(out, name), name)
                if args.aerocmd and args.pixels:  # the native tool has the executor too
                    problems += check_render(args.aerocmd, os.path.join(out, name))
                for p in problems:
                    print("%s: %s" % (name, p), file=sys.stderr)
                if problems:
                    failed += 1
                else:
                    passed += 1
                    golden_name = golden_of(name)
                    if golden_name in NO_GOLDEN:
                        note = ", no golden: " + NO_GOLDEN[golden_name]
                    else:
                        note = ", equals golden"
                        if golden_name != name:
                            note += " " + golden_name
                    print("%s: valid%s" % (name, note))
        print("%d passed, %d failed" % (passed, failed))
        return 1 if failed else 0
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
