#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of the aerocmd command-line tool (suite 'cli').

usage: run_cli_tests.py --group GROUP --aerocmd PATH --fixtures DIR --data DIR --abi JSON
                        [--update-golden]

Groups: golden, demo, validate, help, json, stats, format, robust, schema, names, traces,
limits, scale, faults (tool_checks.py, json_checks.py). Each prints its own
"N passed, N failed" and exits non-zero when something failed. --update-golden rewrites
test/data/golden/ from the current tool instead of comparing (then read the diff!)."""
import argparse
import difflib
import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import abi_check  # noqa: E402
import json_checks  # noqa: E402
import tool_checks  # noqa: E402

# Per-run limits guard against hangs only; Meson's test setup scales them for slow builds
# and a busy machine (AEROCMD_TEST_TIME_SCALE).
TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))
TIMEOUT = 20


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: %s" % what)
            if detail:
                print("    " + detail.replace("\n", "\n    "))
        return ok

    def finish(self):
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0


class Context:
    def __init__(self, args):
        self.aerocmd = os.path.abspath(args.aerocmd)
        self.fixtures = sorted(os.path.join(args.fixtures, f) for f in os.listdir(args.fixtures)
                               if f.endswith(".aerogputrace"))
        self.streams_dir = os.path.join(args.data, "streams")
        self.streams = sorted(os.path.join(self.streams_dir, f)
                              for f in os.listdir(self.streams_dir) if f.endswith(".acmd"))
        self.golden_dir = os.path.join(args.data, "golden")
        self.update = args.update_golden
        self.abi = abi_check.Abi(args.abi)
        self.abi_path = args.abi
        self.aerocmd_faults = args.aerocmd_faults
        self.peak_rss = args.peak_rss
        doc_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "doc")
        self.json_doc_path = os.path.join(doc_dir, "aerocmd-json.md")
        self.schema_path = os.path.join(doc_dir, "aerocmd-json.schema.json")
        self.tmp = tempfile.mkdtemp(prefix="aerocmd-cli-")
        self.checks = Checks()

    def run(self, *args, stdin=None, env=None, exe=None, timeout=TIMEOUT, cwd=None):
        """(exit status, stdout, stderr); a signal shows as a negative status."""
        try:
            proc = subprocess.run([exe or self.aerocmd] + list(args), input=stdin,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  timeout=timeout * TIME_SCALE, env=env, cwd=cwd)
        except subprocess.TimeoutExpired:
            return -999, "", "timed out"
        return (proc.returncode, proc.stdout.decode("utf-8", "replace"),
                proc.stderr.decode("utf-8", "replace"))

    def write_tmp(self, name, data):
        path = os.path.join(self.tmp, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    @staticmethod
    def read(path):
        with open(path, "rb") as f:
            return f.read()

    def compare_golden(self, name, text):
        path = os.path.join(self.golden_dir, name)
        if self.update:
            os.makedirs(self.golden_dir, exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
            print("wrote %s" % path)
            return
        if not self.checks.check(os.path.exists(path), "golden file %s exists" % name):
            return
        with open(path) as f:
            want = f.read()
        diff = "".join(list(difflib.unified_diff(want.splitlines(True), text.splitlines(True),
                                                 "expected", "got"))[:60])
        self.checks.check(text == want, "output matches golden %s" % name, diff)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def fixture_base(path):
    return os.path.splitext(os.path.basename(path))[0]


def check_dump_against_bytes(ctx, label, text, streams):
    """Every stream of the input is dumped as its header line followed by one line per
    packet whose printed fields equal the packet bytes."""
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    at = 0
    for index, stream in enumerate(streams):
        header = "0x0000 ACMD abi=%d.%d size_bytes=%d" % (
            abi_check.u32(stream, 4) >> 16, abi_check.u32(stream, 4) & 0xFFFF,
            abi_check.u32(stream, 8))
        ctx.checks.check(at < len(lines) and lines[at] == header,
                         "%s stream %d header line" % (label, index),
                         "got %r" % (lines[at] if at < len(lines) else None))
        at += 1
        for offset, opcode, size, packet in abi_check.walk_packets(stream):
            line = lines[at] if at < len(lines) else ""
            problems = abi_check.check_text_line(ctx.abi, line, offset, opcode, size, packet)
            ctx.checks.check(not problems, "%s stream %d packet at 0x%x matches its bytes" %
                             (label, index, offset), "\n".join(problems + [line]))
            at += 1
    ctx.checks.check(at == len(lines), "%s has no extra lines" % label,
                     "\n".join(lines[at:at + 5]))


def zero_checksum_shaders(ctx, stream):
    """Offsets of the CREATE_SHADER_DXBC packets whose container (after the packet's 24 fixed
    bytes) carries a zero checksum in its bytes 4..19: the captures' hand-made shaders
    (test/data/fixtures/README.md). A zero is no container's checksum, so the validator
    refuses each such packet (dxbc_checksum)."""
    return [offset for offset, opcode, size, packet in abi_check.walk_packets(stream)
            if ctx.abi.opcode_name(opcode) == "CREATE_SHADER_DXBC" and
            packet[24 + 4:24 + 20] == bytes(16)]


def draws_without_vertex_shader(ctx, stream):
    """Offsets of the DRAW / DRAW_INDEXED packets with no vertex shader bound (BIND_SHADERS'
    vs, word 2; a DESTROY_SHADER of the bound one unbinds it), which the validator refuses
    (no_vertex_shader: Direct3D always needs one)."""
    vs, found = 0, []
    for offset, opcode, size, packet in abi_check.walk_packets(stream):
        name = ctx.abi.opcode_name(opcode)
        if name == "BIND_SHADERS":
            vs = abi_check.u32(packet, 8)
        elif name == "DESTROY_SHADER" and abi_check.u32(packet, 8) == vs:
            vs = 0
        elif name in ("DRAW", "DRAW_INDEXED") and vs == 0:
            found.append(offset)
    return found


def first_fault(ctx, stream):
    """(offset, opcode, reason) of what `aerocmd validate` refuses first in a capture: a
    structural fault (a zero-checksum shader) before any semantic one (a draw without a
    vertex shader); None when neither is there."""
    sums, draws = zero_checksum_shaders(ctx, stream), draws_without_vertex_shader(ctx, stream)
    if sums:
        return sums[0], "CREATE_SHADER_DXBC", "dxbc_checksum"
    if draws:
        return draws[0], ctx.abi.opcode_name(abi_check.u32(stream, draws[0])), "no_vertex_shader"
    return None


def fixture_zero_sums(ctx, path):
    """zero_checksum_shaders of every submission of a fixture trace: [(submission, offset)]."""
    return [(index, offset) for index, sub in enumerate(abi_check.read_trace(read(path)))
            for offset in zero_checksum_shaders(ctx, sub["stream"])]


# ---- groups ---------------------------------------------------------------------------

def group_golden(ctx):
    ctx.checks.check(len(ctx.fixtures) >= 10, "fixtures found (%d)" % len(ctx.fixtures))
    for path in ctx.fixtures:
        name = fixture_base(path)
        status, out, err = ctx.run("dump", path)
        refused = fixture_zero_sums(ctx, path)
        ctx.checks.check(status == (1 if refused else 0),
                         "dump %s exits %d" % (name, 1 if refused else 0), err)
        for _, offset in refused:
            ctx.checks.check(re.search(r"^0x%04x CREATE_SHADER_DXBC .*  !! dxbc_checksum$" % offset,
                                       out, re.M) is not None,
                             "dump %s marks the shader at 0x%x dxbc_checksum" % (name, offset))
        ctx.compare_golden(name + ".dump.txt", out)
        subs = abi_check.read_trace(read(path))
        check_dump_against_bytes(ctx, name, out, [s["stream"] for s in subs])
        ctx.checks.check(out.startswith("# trace container=2 "), "%s trace line" % name)
        ctx.checks.check(out.count("# submission ") == len(subs),
                         "%s one line per submission" % name)
    for path in ctx.streams:
        name = fixture_base(path)
        status, out, err = ctx.run("dump", path)
        refused = zero_checksum_shaders(ctx, read(path))
        ctx.checks.check(status == (1 if refused else 0), "dump %s.acmd exits %d" %
                         (name, 1 if refused else 0), err)
        check_dump_against_bytes(ctx, name + ".acmd", out, [read(path)])


DEMO_SUBMISSION_LINE = re.compile(r"^# submission (\d+): (\d+) bytes, (\d+) allocations, "
                                  r"fence (\d+)(, present)?$")
DEMO_VERDICT_LINE = re.compile(r"^# (\d+) submissions, (\d+) bytes; aerocmd_validate_stream and "
                               r"aerocmd_semantic_check_stream \(with each submission's "
                               r"allocation table\): ok$")
DEMO_READBACK_LINE = re.compile(r"^# readback: staging texel \(0,0\) = ([0-9a-f]{2}) "
                                r"([0-9a-f]{2}) ([0-9a-f]{2}) ([0-9a-f]{2}) \(B G R A")


def unorm8(bits):
    value = struct.unpack("<f", struct.pack("<I", bits))[0]
    return 0 if not value > 0 else 255 if value >= 1 else int(value * 255 + 0.5)


def demo_packets(ctx, streams):
    """[(submission index, opcode name, packet bytes)] over every stream."""
    return [(index, ctx.abi.opcode_name(op), packet) for index, stream in enumerate(streams)
            for _, op, _, packet in abi_check.walk_packets(stream)]


def demo_submission_lines(ctx, out, streams):
    """The '# submission' lines name every stream in order with its size, and the present
    flag exactly on the stream holding PRESENT; fences count up from 1."""
    subs = [DEMO_SUBMISSION_LINE.match(l) for l in out.splitlines()
            if l.startswith("# submission ")]
    ctx.checks.check(len(subs) == len(streams) and all(subs),
                     "demo prints one submission line per stream (%d)" % len(streams))
    for index, (match, stream) in enumerate(zip(subs, streams)):
        if not match:
            continue
        names = [ctx.abi.opcode_name(op) for _, op, _, _ in abi_check.walk_packets(stream)]
        ctx.checks.check(int(match.group(1)) == index and int(match.group(2)) == len(stream) and
                         int(match.group(4)) == index + 1,
                         "demo submission %d line: index, bytes, fence" % index, match.group(0))
        ctx.checks.check((match.group(5) is not None) == ("PRESENT" in names),
                         "demo submission %d present flag" % index, match.group(0))
    allocs = [int(m.group(3)) for m in subs if m]
    copy_at = [i for i, name, _ in demo_packets(ctx, streams) if name == "COPY_TEXTURE2D"]
    ctx.checks.check(len(copy_at) == 1 and allocs[copy_at[0]] == 1 and sum(allocs) == 1,
                     "demo lists the staging allocation only with the copy", repr(allocs))


def demo_content(ctx, out, streams):
    """The frame holds what the issue asks for, and the readback equals the clear colour
    as the fake host converts it."""
    packets = demo_packets(ctx, streams)
    names = [name for _, name, _ in packets]
    for needed in ("CREATE_TEXTURE2D", "CREATE_BUFFER", "UPLOAD_RESOURCE", "CREATE_SHADER_DXBC",
                   "CREATE_INPUT_LAYOUT", "SET_BLEND_STATE", "SET_DEPTH_STENCIL_STATE",
                   "SET_RASTERIZER_STATE", "SET_RENDER_TARGETS", "SET_VIEWPORT", "CLEAR",
                   "SET_VERTEX_BUFFERS", "SET_PRIMITIVE_TOPOLOGY", "BIND_SHADERS",
                   "SET_CONSTANT_BUFFERS", "DRAW", "PRESENT", "COPY_TEXTURE2D"):
        ctx.checks.check(needed in names, "demo encodes %s" % needed)
    ctx.checks.check(names.count("CREATE_SHADER_DXBC") == 2, "demo creates VS and PS")
    ilay = [p for _, name, p in packets if name == "CREATE_INPUT_LAYOUT"]
    ctx.checks.check(len(ilay) == 1 and ilay[0][20:24] == b"ILAY" and
                     abi_check.u32(ilay[0], 28) == 2, "demo input layout is an ILAY blob "
                     "with 2 elements")
    present = [i for i, name, _ in packets if name == "PRESENT"]
    ctx.checks.check(len(present) == 1 and len(abi_check.walk_packets(streams[present[0]])) == 1,
                     "demo PRESENT travels alone")
    cbs = [p for _, name, p in packets if name == "SET_CONSTANT_BUFFERS"]
    cb_handle = abi_check.u32(cbs[0], 24) if cbs else None  # bindings[0].buffer
    uploads = [k for k, (_, name, p) in enumerate(packets) if name == "UPLOAD_RESOURCE" and
               abi_check.u32(p, 8) == cb_handle]
    ctx.checks.check(len(uploads) == 1 and packets[uploads[0]][2][32:48] == struct.pack(
        "<4f", 1.0, 0.5, 0.25, 1.0), "demo Unmap uploads the constant buffer's 16 bytes")
    ctx.checks.check("DRAW" in names and len(uploads) == 1 and uploads[0] < names.index("DRAW"),
                     "demo constant upload precedes the draw")
    copies = [p for _, name, p in packets if name == "COPY_TEXTURE2D"]
    ctx.checks.check(len(copies) == 1 and abi_check.u32(copies[0], 56) & 1,
                     "demo copy to staging has WRITEBACK_DST")
    clears = [p for _, name, p in packets if name == "CLEAR"]
    readback = [DEMO_READBACK_LINE.match(l) for l in out.splitlines() if l.startswith("# readback")]
    if ctx.checks.check(len(clears) == 1 and len(readback) == 1 and readback[0],
                        "demo prints one readback line"):
        rgba = [abi_check.u32(clears[0], 12 + 4 * i) for i in range(4)]
        want = [unorm8(rgba[2]), unorm8(rgba[1]), unorm8(rgba[0]), unorm8(rgba[3])]
        got = [int(readback[0].group(i), 16) for i in range(1, 5)]
        ctx.checks.check(got == want, "demo readback equals the clear colour in BGRA",
                         "got %r want %r" % (got, want))


def demo_trace_output(ctx, out):
    """-o writes a trace that validates and extracts back to the printed streams; returns
    them."""
    trace_path = os.path.join(ctx.tmp, "demo.aerogputrace")
    status, out2, err = ctx.run("demo", "--no-png", "-o", trace_path)
    out2 = "".join(l for l in out2.splitlines(True) if not l.startswith("# picture: none ("))
    ctx.checks.check(status == 0 and out2 == out, "demo -o prints the same output", err)
    if not ctx.checks.check(os.path.exists(trace_path), "demo -o writes the trace"):
        return []
    data = read(trace_path)
    ctx.checks.check(data[:8] == b"AEROGPUT" and abi_check.u32(data, 12) == 2,
                     "demo -o writes a version 2 container")
    subs = abi_check.read_trace(data)
    streams = [s["stream"] for s in subs]
    status, vout, err = ctx.run("validate", trace_path)
    ctx.checks.check(status == 0 and vout == "%s: ok (%d streams)\n" % (trace_path, len(subs)),
                     "validate accepts the demo trace", vout + err)
    extract_dir = os.path.join(ctx.tmp, "demo-extract")
    status, _, err = ctx.run("trace", "extract", trace_path, "-o", extract_dir)
    extracted = sorted(os.listdir(extract_dir)) if os.path.isdir(extract_dir) else []
    ctx.checks.check(status == 0 and extracted == ["%04d.acmd" % i for i in range(len(subs))],
                     "trace extract of the demo trace", err + repr(extracted))
    ctx.checks.check([read(os.path.join(extract_dir, f)) for f in extracted] == streams,
                     "extracted streams equal the trace's streams")
    for index, sub in enumerate(subs):
        flags = abi_check.u32(data, sub["record_offset"] + 8 + 8)
        presents = any(ctx.abi.opcode_name(op) == "PRESENT"
                       for _, op, _, _ in abi_check.walk_packets(sub["stream"]))
        ctx.checks.check(flags == (1 if presents else 0),
                         "demo trace submission %d submit_flags" % index, "flags %d" % flags)
    status, dout, err = ctx.run("dump", trace_path)
    body = [line for line in out.splitlines() if not line.startswith("#")]
    ctx.checks.check(status == 0 and [l for l in dout.splitlines() if not l.startswith("#")]
                     == body, "dump of the demo trace equals the demo dump", err)
    return streams


def demo_picture(ctx, out):
    """The demo says where its picture is (one line before the verdict) and it is a 64x64
    PNG; builds without the reference executor say so instead. Returns out without it."""
    lines = out.splitlines(True)
    pictures = [i for i, l in enumerate(lines) if l.startswith("# picture: ")]
    if not ctx.checks.check(len(pictures) == 1 and pictures[0] == len(lines) - 2,
                            "demo prints one picture line before the verdict"):
        return out
    line = lines[pictures[0]]
    if "built without the reference executor" not in line:
        path = os.path.join(ctx.tmp, "aerocmd-demo.png")
        data = read(path) if os.path.exists(path) else b""
        ctx.checks.check(line.startswith("# picture: aerocmd-demo.png (") and
                         data[:8] == b"\x89PNG\r\n\x1a\n" and
                         struct.unpack(">II", data[16:24]) == (64, 64),
                         "demo writes its 64x64 picture where it says", line)
    return "".join(lines[:pictures[0]] + lines[pictures[0] + 1:])


def group_demo(ctx):
    status, out, err = ctx.run("demo", cwd=ctx.tmp)
    ctx.checks.check(status == 0 and err == "", "demo exits 0 quietly", err)
    out = demo_picture(ctx, out)
    ctx.compare_golden("demo.dump.txt", out)
    lines = out.splitlines()
    verdict = DEMO_VERDICT_LINE.match(lines[-1]) if lines else None
    streams = demo_trace_output(ctx, out)
    if not ctx.checks.check(len(streams) >= 3, "demo submits at least 3 streams (%d)" %
                            len(streams)):
        return
    ctx.checks.check(verdict is not None and int(verdict.group(1)) == len(streams) and
                     int(verdict.group(2)) == sum(len(s) for s in streams),
                     "demo validated every submission", lines[-1] if lines else "")
    check_dump_against_bytes(ctx, "demo", out, streams)
    demo_submission_lines(ctx, out, streams)
    demo_content(ctx, out, streams)
    raw_path = os.path.join(ctx.tmp, "demo.acmd")
    status, out3, err = ctx.run("demo", "--no-png", "--raw", "-o", raw_path)
    out3 = "".join(l for l in out3.splitlines(True) if not l.startswith("# picture: none ("))
    ctx.checks.check(status == 0 and out3 == out and os.path.exists(raw_path) and
                     read(raw_path) == streams[0], "demo --raw -o writes the first stream", err)
    status, _, err = ctx.run("demo", "--raw")
    ctx.checks.check(status == 2 and "--raw" in err, "demo --raw without -o exits 2", err)
    status, jout, err = ctx.run("demo", "--json", "--no-png")
    objects = [json.loads(l) for l in jout.splitlines()] if status == 0 else []
    ctx.checks.check(status == 0 and objects and objects[-1].get("verdict") == "ok" and
                     sum(1 for o in objects if "submission" in o) == len(streams),
                     "demo --json prints JSON lines ending in an ok verdict", err)


def corrupt_trace(data, sub, stream_offset, value_offset, value):
    """data with the u32 at stream offset `value_offset` of submission `sub` replaced."""
    at = sub["stream_offset"] + stream_offset + value_offset
    return data[:at] + struct.pack("<I", value) + data[at + 4:]


def find_packet(abi, stream, name):
    for offset, opcode, size, packet in abi_check.walk_packets(stream):
        if abi.opcode_name(opcode) == name:
            return offset
    raise AssertionError("no %s packet" % name)


def expect_fault(ctx, label, args, pattern):
    status, out, err = ctx.run("validate", *args)
    ctx.checks.check(status == 1, "%s: validate exits 1 (got %d)" % (label, status), err)
    ctx.checks.check(re.search(pattern, err) is not None, "%s: message matches %s" %
                     (label, pattern), err)


def validate_faults(ctx):
    triangle = [f for f in ctx.fixtures if fixture_base(f) == "aerogpu_cmd_triangle"][0]
    data = read(triangle)
    sub = abi_check.read_trace(data)[0]
    stream = sub["stream"]

    at = find_packet(ctx.abi, stream, "SET_PRIMITIVE_TOPOLOGY")
    bad = ctx.write_tmp("bad_topology.aerogputrace", corrupt_trace(data, sub, at, 8, 99))
    expect_fault(ctx, "topology 99", [bad], r"^%s: submission 0: offset %d \(0x%x\): "
                 r"SET_PRIMITIVE_TOPOLOGY: enum_range: \S" % (re.escape(bad), at, at))

    at = find_packet(ctx.abi, stream, "SET_VERTEX_BUFFERS")
    bad = ctx.write_tmp("bad_vb_handle.aerogputrace", corrupt_trace(data, sub, at, 16, 77))
    expect_fault(ctx, "unknown vertex buffer", [bad], r"submission 0: offset %d \(0x%x\): "
                 r"SET_VERTEX_BUFFERS: handle_unknown: " % (at, at))

    entry_id_at = sub["alloc_offset"] + 24
    moved = data[:entry_id_at] + struct.pack("<I", 9) + data[entry_id_at + 4:]
    at = find_packet(ctx.abi, stream, "CREATE_BUFFER")
    bad = ctx.write_tmp("bad_alloc_id.aerogputrace", moved)
    expect_fault(ctx, "backing allocation not in table", [bad],
                 r"submission 0: offset %d \(0x%x\): CREATE_BUFFER: alloc_missing: " % (at, at))

    magic_at = sub["alloc_offset"]
    bad = ctx.write_tmp("bad_alloc_magic.aerogputrace",
                        data[:magic_at] + b"XXXX" + data[magic_at + 4:])
    expect_fault(ctx, "allocation table magic", [bad],
                 r"submission 0: allocation table offset 0 \(0x0\): alloc_table_magic: ")

    bad = ctx.write_tmp("bad_footer.aerogputrace", data[:-32] + b"BROKEN!!" + data[-24:])
    expect_fault(ctx, "footer magic", [bad], r"trace offset \d+ \(0x[0-9a-f]+\): trace_magic")

    raw = read(ctx.streams[0])
    bad = ctx.write_tmp("bad_size.acmd", raw[:28] + struct.pack("<I", 6) + raw[32:])
    expect_fault(ctx, "packet size 6", [bad],
                 r"^%s: offset 24 \(0x18\): [A-Z_0-9]+: packet_size_too_small: " %
                 re.escape(bad))
    bad = ctx.write_tmp("bad_magic.acmd", b"XCMD" + raw[4:])
    expect_fault(ctx, "stream magic", [bad],
                 r"offset 0 \(0x0\): stream header: bad_magic: ")
    expect_fault(ctx, "one bad among good", [triangle, bad, ctx.streams[1]], r"bad_magic")


def group_validate(ctx):
    status, out, err = ctx.run("validate", *ctx.fixtures)
    ctx.checks.check(status == 1, "validate of the fixtures exits 1 (some shaders refused)",
                     out + err)
    for path in ctx.fixtures:
        fault = first_fault(ctx, abi_check.read_trace(read(path))[0]["stream"])
        if fault is None:
            ctx.checks.check("%s: ok (1 stream)" % path in out, "%s reported ok" % path)
            continue
        ctx.checks.check("%s: submission 0: offset %d (0x%x): %s: %s: " % (
            path, fault[0], fault[0], fault[1], fault[2]) in out + err,
            "%s refused at 0x%x with %s" % (path, fault[0], fault[2]), out + err)
    ok_streams = [p for p in ctx.streams if first_fault(ctx, read(p)) is None]
    status, out, err = ctx.run("validate", "--quiet", *ok_streams)
    ctx.checks.check(len(ok_streams) >= 3 and status == 0 and out == "",
                     "validate -q of every .acmd stream without refused packets", out + err)
    validate_faults(ctx)
    missing = os.path.join(ctx.tmp, "does-not-exist.acmd")
    status, out, err = ctx.run("validate", missing)
    ctx.checks.check(status == 2 and missing in err, "missing file exits 2", err)
    status, out, err = ctx.run("validate", ctx.fixtures[0], missing)
    ctx.checks.check(status == 2, "valid + missing file exits 2", err)
    for args in ([], ["--bogus"], ["--bogus", ctx.fixtures[0]]):
        status, out, err = ctx.run("validate", *args)
        ctx.checks.check(status == 2 and err != "", "validate %s exits 2" % args, err)
    for args in (["dump"], ["dump", "--bogus", "x"], ["dump", "a", "b"], ["stats"],
                 ["stats", "a", "b"], ["demo", "--bogus"], ["dump", missing],
                 ["stats", missing]):
        status, out, err = ctx.run(*args)
        ctx.checks.check(status == 2 and err != "", "%s exits 2" % args, err)
    stream = read(ctx.streams[0])
    v1 = ctx.write_tmp("v1.aerogputrace", abi_check.build_v1_trace(stream, 0x10004))
    status, out, err = ctx.run("validate", v1)
    ctx.checks.check(status == 0, "container version 1 validates", err)
    status, out, err = ctx.run("dump", v1)
    ctx.checks.check(status == 0 and out.startswith("# trace container=1 "),
                     "container version 1 dumps", err)
    check_dump_against_bytes(ctx, "v1 trace", out, [stream])
    status, out, err = ctx.run("dump", "-", stdin=stream)
    ctx.checks.check(status == 0, "dump reads standard input", err)
    check_dump_against_bytes(ctx, "stdin", out, [stream])


def group_help(ctx):
    for args in (["--help"], ["help"], ["-h"]):
        status, out, err = ctx.run(*args)
        ctx.checks.check(status == 0 and "usage" in out, "aerocmd %s exits 0" % args, err)
    for command in ("dump", "validate", "stats", "trace", "demo"):
        status, out, err = ctx.run(command, "--help")
        ctx.checks.check(status == 0 and "usage" in out and command in out,
                         "aerocmd %s --help exits 0 with usage" % command, out + err)
    status, out, err = ctx.run()
    ctx.checks.check(status == 2 and "usage" in err, "no command exits 2", err)
    status, out, err = ctx.run("bogus")
    ctx.checks.check(status == 2 and "bogus" in err, "unknown command exits 2", err)


def json_lines(ctx, label, text):
    objects = []
    for number, line in enumerate(text.splitlines()):
        try:
            objects.append(json.loads(line))
        except ValueError as error:
            ctx.checks.check(False, "%s line %d is JSON" % (label, number + 1),
                             "%s: %r" % (error, line))
            return None
    ctx.checks.check(True, "%s: %d JSON lines" % (label, len(objects)))
    return objects


def check_json_packets(ctx, label, objects, streams):
    """Every packet object matches its bytes; a fault is named only on a shader packet whose
    container carries a zero checksum (zero_checksum_shaders), and there it is dxbc_checksum."""
    at = 0
    for index, stream in enumerate(streams):
        refused = zero_checksum_shaders(ctx, stream)
        while at < len(objects) and "stream" not in objects[at]:
            at += 1
        ctx.checks.check(at < len(objects) and objects[at]["size_bytes"] == len(stream) and
                         objects[at]["abi_version"] == abi_check.u32(stream, 4),
                         "%s stream %d header object" % (label, index))
        at += 1
        for offset, opcode, size, packet in abi_check.walk_packets(stream):
            obj = objects[at] if at < len(objects) else {}
            name = ctx.abi.opcode_name(opcode)
            ok = obj.get("offset") == offset and obj.get("opcode") == name and \
                obj.get("size") == size and \
                obj.get("fault") == ("dxbc_checksum" if offset in refused else None)
            layout = ctx.abi.struct_for(name)
            problems = [] if layout is None else abi_check.check_fields(
                ctx.abi, obj.get("fields", {}), ctx.abi.flat_fields(layout["name"]), packet,
                False)
            ctx.checks.check(ok and not problems, "%s JSON packet at 0x%x" % (label, offset),
                             "\n".join(problems) + "\n" + json.dumps(obj))
            at += 1


def group_json(ctx):
    for path in ctx.fixtures:
        name = fixture_base(path)
        status, out, err = ctx.run("dump", "--json", path)
        want = 1 if fixture_zero_sums(ctx, path) else 0
        ctx.checks.check(status == want, "dump --json %s exits %d" % (name, want), err)
        objects = json_lines(ctx, name, out)
        if objects is None:
            continue
        subs = abi_check.read_trace(read(path))
        ctx.checks.check(objects[0]["trace"]["container_version"] == 2 and
                         json.loads(objects[0]["trace"]["meta"])["command_abi_version"] ==
                         objects[0]["trace"]["command_abi_version"], "%s trace object" % name)
        sub_objects = [o for o in objects if "submission" in o]
        ctx.checks.check(len(sub_objects) == len(subs), "%s submission objects" % name)
        for obj, sub in zip(sub_objects, subs):
            table = obj.get("alloc_table")
            want = None if sub["alloc"] is None else abi_check.u32(sub["alloc"], 12)
            ctx.checks.check((table is None) == (want is None) and
                             (table is None or len(table) == want),
                             "%s allocation table entries" % name)
        check_json_packets(ctx, name, objects, [s["stream"] for s in subs])
    status, out, err = ctx.run("dump", "--json", ctx.streams[0])
    objects = json_lines(ctx, "raw stream", out)
    if objects is not None:
        check_json_packets(ctx, "raw stream", objects, [read(ctx.streams[0])])


def group_stats(ctx):
    for path in ctx.fixtures + ctx.streams:
        name = os.path.basename(path)
        status, out, err = ctx.run("stats", path)
        ctx.checks.check(status == 0, "stats %s exits 0" % name, err)
        data = read(path)
        streams = ([s["stream"] for s in abi_check.read_trace(data)]
                   if data.startswith(b"AEROGPUT") else [data])
        want = {}
        for stream in streams:
            for _, opcode, size, _ in abi_check.walk_packets(stream):
                packets, total = want.get(opcode, (0, 0))
                want[opcode] = (packets + 1, total + size)
        rows = re.findall(r"^0x([0-9a-f]+)\s+(\S+)\s+(\d+)\s+(\d+)$", out, re.M)
        got = {int(op, 16): (int(p), int(b)) for op, _, p, b in rows}
        ctx.checks.check(got == want, "%s per-opcode counts" % name, out)
        ctx.checks.check([int(op, 16) for op, _, _, _ in rows] == sorted(want),
                         "%s rows sorted by opcode" % name)
        ctx.checks.check(all(n == ctx.abi.opcode_name(int(op, 16)) for op, n, _, _ in rows),
                         "%s row names" % name)
        total = re.search(r"^total\s+(\d+)\s+(\d+)$", out, re.M)
        ctx.checks.check(total is not None and
                         (int(total.group(1)), int(total.group(2))) ==
                         (sum(p for p, _ in want.values()), sum(b for _, b in want.values())),
                         "%s totals" % name, out)


def raw_stream(packets, abi=0x10004):
    body = b"".join(packets)
    return b"ACMD" + struct.pack("<IIIII", abi, 24 + len(body), 0, 0, 0) + body


def packet(opcode, body):
    body += b"\0" * (-len(body) % 4)
    return struct.pack("<II", opcode, 8 + len(body)) + body


def group_format(ctx):
    text = b'say "hi"\\\n\t\xc3\xa9\xff\x01'
    stream = raw_stream([packet(1, text), packet(0x9999, b"\1\2\3\4\5\6\7\x08"),
                         packet(0x202, struct.pack("<IIIIIII", 1, 2, 0, 3, 3, 4, 5)),
                         packet(0x202, struct.pack("<IIII", 1, 2, 0, 7)),
                         packet(0x510, struct.pack("<IIII", 2, 0, 9, 3))])
    path = ctx.write_tmp("format.acmd", stream)
    status, out, err = ctx.run("dump", path)
    lines = out.splitlines()
    ctx.checks.check(status == 0 and len(lines) == 6, "format stream dumps", out + err)
    if len(lines) != 6:
        return
    ctx.checks.check(lines[1] == r'0x0018 DEBUG_MARKER size=24 text="say \"hi\"\\\n\t\xc3\xa9'
                     r'\xff\x01"', "marker text escaped", lines[1])
    ctx.checks.check(lines[2] == "0x0030 UNKNOWN(0x9999) size=16", "unknown opcode line",
                     lines[2])
    ctx.checks.check(lines[3] == "0x0040 BIND_SHADERS size=36 vs=h:1 ps=h:2 cs=h:0 gs=h:3 "
                     "hs=h:4 ds=h:5", "extended BIND_SHADERS resolved", lines[3])
    ctx.checks.check(lines[4] == "0x0064 BIND_SHADERS size=24 vs=h:1 ps=h:2 cs=h:0 gs=h:7",
                     "legacy BIND_SHADERS gs from reserved0", lines[4])
    ctx.checks.check(lines[5] == "0x007c SET_TEXTURE size=24 shader_stage=COMPUTE slot=0 "
                     "texture=h:9 stage_ex=HULL", "stage_ex resolved", lines[5])
    status, out, err = ctx.run("dump", "--json", path)
    objects = json_lines(ctx, "format stream", out)
    if objects is None or len(objects) != 6:
        return
    ctx.checks.check(objects[1]["payload"]["text"] == 'say "hi"\\\n\t\u00e9\ufffd\u0001',
                     "JSON marker text", repr(objects[1]))
    ctx.checks.check(objects[2] == {"type": "packet", "offset": 48, "opcode": "UNKNOWN(0x9999)",
                                    "size": 16},
                     "JSON unknown opcode", repr(objects[2]))
    ctx.checks.check(objects[3]["fields"]["hs"] == 4 and objects[3]["fields"]["ds"] == 5,
                     "JSON extended BIND_SHADERS", repr(objects[3]))
    ctx.checks.check(objects[5]["fields"]["stage_ex"] == "HULL" and
                     objects[5]["fields"]["reserved0"] == 3, "JSON stage_ex", repr(objects[5]))
    old = raw_stream([packet(0x510, struct.pack("<IIII", 2, 0, 9, 3))], abi=0x10002)
    status, out, err = ctx.run("dump", ctx.write_tmp("old.acmd", old))
    ctx.checks.check("stage_ex" not in out and "reserved0=3" in out,
                     "below ABI 1.3 reserved0 is not stage_ex", out + err)
    bad_enum = raw_stream([packet(0x502, struct.pack("<II", 99, 0)),
                           packet(0x601, struct.pack("<IIII", 3, 1, 0, 0))])
    status, out, err = ctx.run("dump", ctx.write_tmp("bad_enum.acmd", bad_enum))
    ctx.checks.check(status == 1 and "topology=?99  !! enum_range" in out and
                     "0x0028 DRAW size=24 vertex_count=3" in out,
                     "dump marks a faulty packet and goes on", out + err)
    past = raw_stream([packet(0x601, struct.pack("<IIII", 3, 1, 0, 0))])
    past = past[:28] + struct.pack("<I", 64) + past[32:]
    status, out, err = ctx.run("dump", ctx.write_tmp("past.acmd", past))
    ctx.checks.check(status == 1 and "0x0018 ERROR packet_past_end" in out and
                     "offset 24 (0x18)" in err, "dump reports broken framing", out + err)


def robust_inputs(ctx, rng):
    inputs = [("empty", b""), ("one byte", b"A"), ("ACMD only", b"ACMD"),
              ("AEROGPUT only", b"AEROGPUT"), ("ACMD header", raw_stream([])[:24])]
    for size in (7, 24, 100, 4096):
        inputs.append(("garbage %d" % size, bytes(rng.randrange(256) for _ in range(size))))
        inputs.append(("ACMD garbage %d" % size,
                       b"ACMD" + bytes(rng.randrange(256) for _ in range(size))))
        inputs.append(("AEROGPUT garbage %d" % size,
                       b"AEROGPUT" + bytes(rng.randrange(256) for _ in range(size))))
    huge = raw_stream([packet(0x500, struct.pack("<II", 0, 0xFFFFFFFF)),
                       packet(0x522, struct.pack("<IIII", 1, 0, 0x40000000, 0)),
                       packet(0x104, struct.pack("<IIQQ", 1, 0, 0, 1 << 63)),
                       packet(0x200, struct.pack("<IIII", 1, 0, 0xFFFFFFF0, 0)),
                       packet(0x1, b"")])
    inputs.append(("huge counts", huge))
    for path in ctx.fixtures + ctx.streams:
        data = read(path)
        step = max(1, len(data) // 25)
        for cut in list(range(0, len(data), step)) + [len(data) - 1, len(data) - 4]:
            inputs.append(("%s cut at %d" % (os.path.basename(path), cut), data[:cut]))
        for n in range(8):
            mutated = bytearray(data)
            for _ in range(rng.randrange(1, 9)):
                mutated[rng.randrange(len(mutated))] = rng.randrange(256)
            inputs.append(("%s mutation %d" % (os.path.basename(path), n), bytes(mutated)))
    return inputs


def group_robust(ctx):
    rng = random.Random(20240611)
    for number, (label, data) in enumerate(robust_inputs(ctx, rng)):
        path = ctx.write_tmp("robust%d.bin" % number, data)
        results = []
        for args in (["dump", path], ["dump", "--json", path], ["validate", path],
                     ["stats", path]):
            status, out, err = ctx.run(*args)
            results.append((args[:-1], status))
            if args[1:2] == ["--json"] and status in (0, 1):
                bad = [l for l in out.splitlines() if not _is_json(l)]
                ctx.checks.check(not bad, "%s: dump --json stays JSON" % label, repr(bad[:2]))
        bad = [(a, s) for a, s in results if s not in (0, 1)]
        ctx.checks.check(not bad, "%s: no crash, exit 0/1" % label, repr(bad))


def _is_json(line):
    try:
        json.loads(line)
        return True
    except ValueError:
        return False


GROUPS = {"golden": group_golden, "demo": group_demo, "validate": group_validate,
          "help": group_help, "json": group_json, "stats": group_stats, "format": group_format,
          "robust": group_robust, "schema": json_checks.group_schema,
          "names": json_checks.group_names, "traces": tool_checks.group_traces,
          "limits": tool_checks.group_limits, "scale": tool_checks.group_scale,
          "faults": tool_checks.group_faults}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--group", required=True, choices=sorted(GROUPS))
    parser.add_argument("--aerocmd", required=True)
    parser.add_argument("--fixtures", required=True)
    parser.add_argument("--data", required=True)
    parser.add_argument("--abi", required=True)
    parser.add_argument("--aerocmd-faults", default=None,
                        help="the fault-injection build (group faults)")
    parser.add_argument("--peak-rss", default=None, help="test/cli/peak_rss (group scale)")
    parser.add_argument("--update-golden", action="store_true")
    args = parser.parse_args()
    ctx = Context(args)
    try:
        GROUPS[args.group](ctx)
    finally:
        shutil.rmtree(ctx.tmp, ignore_errors=True)
    return ctx.checks.finish()


if __name__ == "__main__":
    sys.exit(main())
