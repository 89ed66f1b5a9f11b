#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`aerocmd trace wrap` / `aerocmd trace extract` end to end: round trips over the real
captures, wrap's memory and context sidecars (one input at a time), exit statuses and
messages for bad input and bad usage."""
import argparse
import os
import struct
import subprocess
import sys
import tempfile

# hang guards, scaled by Meson's test setup for slow builds and a busy machine
TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))

FIXTURES = [
    "aerogpu_cmd_clear_b8g8r8a8", "aerogpu_cmd_clear_b8g8r8x8", "aerogpu_cmd_copy_buffer",
    "aerogpu_cmd_copy_texture2d", "aerogpu_cmd_indexed_triangle",
    "aerogpu_cmd_indexed_triangle_u16", "aerogpu_cmd_texture_ld_b5g6r5",
    "aerogpu_cmd_texture_ld_b8g8r8a8", "aerogpu_cmd_triangle", "aerogpu_cmd_triangle_first_vertex",
]
# The one capture that also recorded an allocation table and guest memory.
WITH_MEMORY = "aerogpu_cmd_triangle"


class Checker:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("check failed: " + what, file=sys.stderr)
        return ok


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


class Cli:
    def __init__(self, exe):
        self.exe = exe

    def run(self, *args, stdin=None, env=None):
        return subprocess.run([self.exe, "trace"] + list(args), input=stdin,
                              capture_output=True, timeout=60 * TIME_SCALE, env=env)


def version1_container(stream_a, stream_b):
    """A version 1 container: two command-stream blobs around a buffer blob."""
    meta = b'{"emulator_version":"v1","command_abi_version":65540}'
    records = bytearray()

    def record(kind, payload):
        records.extend(struct.pack("<BBHI", kind, 0, 0, len(payload)) + payload)

    begin = 32 + len(meta)
    record(1, struct.pack("<I", 0))
    record(4, struct.pack("<QII", 1, 0x100, 0) + stream_a)
    record(4, struct.pack("<QII", 2, 0x01, 0) + b"\x01\x02\x03\x04")
    record(4, struct.pack("<QII", 3, 0x100, 0) + stream_b)
    present = begin + len(records)
    record(2, struct.pack("<I", 0))
    toc_offset = begin + len(records)
    header = b"AEROGPUT" + struct.pack("<IIIIII", 32, 1, 0x10004, 0, len(meta), 0)
    toc = b"AEROTOC\0" + struct.pack("<II", 1, 1) + struct.pack(
        "<IIQQQ", 0, 0, begin, present, present + 12)
    footer = b"AEROGPUF" + struct.pack("<IIQQ", 32, 1, toc_offset, len(toc))
    return header + meta + bytes(records) + toc + footer


def test_help(cli, c):
    for args in (["--help"], ["wrap", "--help"], ["extract", "--help"], ["wrap", "-o", "x", "-h"]):
        r = cli.run(*args)
        c.check(r.returncode == 0, "%s exits 0" % args)
        c.check(r.stdout.startswith(b"usage: aerocmd trace"), "%s prints usage" % args)
        c.check(r.stderr == b"", "%s is quiet on stderr" % args)


def test_fixture_round_trips(cli, c, fixtures, streams, tmp):
    for name in FIXTURES:
        capture = os.path.join(fixtures, name + ".aerogputrace")
        out_dir = os.path.join(tmp, name)
        r = cli.run("extract", capture, "-o", out_dir)
        c.check(r.returncode == 0, name + ": extract exits 0")
        c.check(sorted(os.listdir(out_dir)) == ["0000.acmd"], name + ": one stream extracted")
        stream = read(os.path.join(out_dir, "0000.acmd"))
        c.check(stream == read(os.path.join(streams, name + ".acmd")), name + ": stream bytes")
        wrapped = os.path.join(tmp, name + ".aerogputrace")
        r = cli.run("wrap", os.path.join(out_dir, "0000.acmd"), "-o", wrapped)
        c.check(r.returncode == 0 and r.stdout == b"", name + ": wrap exits 0 quietly")
        if name != WITH_MEMORY:
            c.check(read(wrapped) == read(capture), name + ": wrap reproduces the capture")
        again = os.path.join(tmp, name + ".again")
        r = cli.run("extract", wrapped, "-o", again)
        c.check(r.returncode == 0 and read(os.path.join(again, "0000.acmd")) == stream,
                name + ": extract -> wrap -> extract keeps the stream")


def test_many_streams(cli, c, streams, tmp):
    paths = [os.path.join(streams, name + ".acmd") for name in FIXTURES]
    wrapped = os.path.join(tmp, "all.aerogputrace")
    r = cli.run("wrap", *paths, "-o", wrapped)
    c.check(r.returncode == 0, "wrap of ten streams exits 0")
    out_dir = os.path.join(tmp, "all")
    os.mkdir(out_dir)  # an existing directory is fine
    r = cli.run("extract", wrapped, "-o", out_dir)
    c.check(r.returncode == 0, "extract of ten streams exits 0")
    names = sorted(os.listdir(out_dir))
    c.check(names == ["%04d.acmd" % i for i in range(10)], "ten numbered files")
    for i, path in enumerate(paths):
        c.check(read(os.path.join(out_dir, "%04d.acmd" % i)) == read(path),
                "stream %d in submission order" % i)
    # The header's ABI version is the first stream's (texture_ld_b8g8r8a8 is 1.3).
    first_13 = os.path.join(tmp, "first13.aerogputrace")
    cli.run("wrap", paths[7], paths[0], "-o", first_13)
    c.check(struct.unpack_from("<I", read(first_13), 16)[0] == 0x10003, "ABI of first stream")


def big_stream(payload_bytes, fill):
    """A raw stream (protocol/aerogpu_cmd.h: 24-byte header) of one UPLOAD_RESOURCE (0x104:
    handle, reserved, offset, size, then the bytes) carrying `payload_bytes` bytes."""
    body = struct.pack("<IIIIQQ", 0x104, 32 + payload_bytes, 1, 0, 0, payload_bytes)
    body += bytes([fill]) * payload_bytes
    return b"ACMD" + struct.pack("<IIIII", 0x10004, 24 + len(body), 0, 0, 0) + body


def test_one_input_at_a_time(cli, c, tmp):
    """wrap holds one input at a time: four 1 MiB streams wrap under a 3 MiB memory limit
    (all four at once would not fit), and come back out whole. A bad input after good ones
    leaves no output behind."""
    paths = []
    for i in range(4):
        paths.append(os.path.join(tmp, "big%d.acmd" % i))
        write(paths[-1], big_stream(1 << 20, 0x40 + i))
    wrapped = os.path.join(tmp, "big.aerogputrace")
    env = dict(os.environ, AEROCMD_MEMORY_LIMIT=str(3 << 20))
    r = cli.run("wrap", *paths, "-o", wrapped, env=env)
    c.check(r.returncode == 0, "four 1 MiB streams wrap under a 3 MiB limit (got %d: %r)" %
            (r.returncode, r.stderr[-300:]))
    out_dir = os.path.join(tmp, "big")
    r = cli.run("extract", wrapped, "-o", out_dir)
    c.check(r.returncode == 0 and all(
        read(os.path.join(out_dir, "%04d.acmd" % i)) == read(p) for i, p in enumerate(paths)),
        "the four streams extract unchanged")
    late = os.path.join(tmp, "late.aerogputrace")
    r = cli.run("wrap", paths[0], paths[1], os.path.join(tmp, "missing.acmd"), "-o", late)
    c.check(r.returncode == 2 and not os.path.exists(late),
            "a missing third input: exit 2 and no output left behind")
    write(os.path.join(tmp, "not_a_stream.acmd"), b"XXXX" + bytes(40))
    r = cli.run("wrap", paths[0], os.path.join(tmp, "not_a_stream.acmd"), "-o", late)
    c.check(r.returncode == 1 and not os.path.exists(late),
            "a bad second input: exit 1 and no output left behind")
    # An existing OUT stays as it was when wrap fails, and an input may be OUT itself.
    r = cli.run("wrap", paths[0], os.path.join(tmp, "not_a_stream.acmd"), "-o", paths[1])
    c.check(r.returncode == 1 and read(paths[1]) == big_stream(1 << 20, 0x41),
            "a failed wrap leaves an existing OUT unchanged")
    r = cli.run("wrap", paths[2], "-o", paths[2])
    extracted = os.path.join(tmp, "self")
    c.check(r.returncode == 0 and cli.run("extract", paths[2], "-o", extracted).returncode == 0
            and read(os.path.join(extracted, "0000.acmd")) == big_stream(1 << 20, 0x42),
            "wrap of an input onto itself holds that input")
    c.check(not [n for n in os.listdir(tmp) if ".aerogputrace." in n or ".acmd." in n],
            "no temporary file left behind")


def test_raw_and_version1(cli, c, streams, tmp):
    raw = os.path.join(streams, "aerogpu_cmd_triangle.acmd")
    r = cli.run("extract", raw, "-o", os.path.join(tmp, "raw"))
    c.check(r.returncode == 0, "extract of a raw stream exits 0")
    c.check(read(os.path.join(tmp, "raw", "0000.acmd")) == read(raw), "raw stream copied")
    a = read(os.path.join(streams, "aerogpu_cmd_clear_b8g8r8a8.acmd"))
    b = read(os.path.join(streams, "aerogpu_cmd_triangle.acmd"))
    v1 = os.path.join(tmp, "v1.aerogputrace")
    write(v1, version1_container(a, b))
    r = cli.run("extract", v1, "-o", os.path.join(tmp, "v1"))
    c.check(r.returncode == 0, "extract of version 1 exits 0")
    c.check(sorted(os.listdir(os.path.join(tmp, "v1"))) == ["0000.acmd", "0001.acmd"],
            "version 1: both command-stream blobs, not the buffer blob")
    c.check(read(os.path.join(tmp, "v1", "0001.acmd")) == b, "version 1: second stream")


def test_standard_streams(cli, c, fixtures, streams):
    name = "aerogpu_cmd_copy_buffer"
    r = cli.run("wrap", "-", "-o", "-", stdin=read(os.path.join(streams, name + ".acmd")))
    c.check(r.returncode == 0, "wrap - -o - exits 0")
    c.check(r.stdout == read(os.path.join(fixtures, name + ".aerogputrace")),
            "wrap from stdin to stdout reproduces the capture")
    r = cli.run("wrap", "-", "-o", "-", "--emulator-version", 'say "hi"',
                stdin=read(os.path.join(streams, name + ".acmd")))
    c.check(b'{"emulator_version":"say \\"hi\\"","command_abi_version":65540}' in r.stdout,
            "emulator version escaped into the metadata")


def test_errors(cli, c, fixtures, streams, tmp):
    capture = os.path.join(fixtures, "aerogpu_cmd_triangle.aerogputrace")
    stream = os.path.join(streams, "aerogpu_cmd_triangle.acmd")
    damaged = os.path.join(tmp, "damaged.aerogputrace")
    data = bytearray(read(capture))
    data[628 + 8 + 32] = 9  # the submission names an unknown command-stream blob
    write(damaged, bytes(data))
    short = os.path.join(tmp, "short.acmd")
    write(short, b"ACMD" + bytes(8))
    not_a_dir = os.path.join(tmp, "plain-file")
    write(not_a_dir, b"x")
    cases = [
        (["wrap", capture, "-o", os.path.join(tmp, "e1")], 1, b"no \"ACMD\" magic", "e1"),
        (["wrap", short, "-o", os.path.join(tmp, "e2")], 1, b"shorter than a stream header", "e2"),
        (["wrap", stream], 2, b"-o is required", None),
        (["wrap", "-o", os.path.join(tmp, "e3")], 2, b"no input streams", "e3"),
        (["wrap", stream, "-o", "a", "-o", "b"], 2, b"given twice", None),
        (["wrap", stream, "--bogus", "-o", "x"], 2, b"unknown option", None),
        (["wrap", os.path.join(tmp, "missing.acmd"), "-o", os.path.join(tmp, "e4")], 2,
         b"missing.acmd", "e4"),
        (["extract", damaged, "-o", os.path.join(tmp, "e5")], 1,
         b"trace offset 628 (0x274): trace_blob", "e5"),
        (["extract", stream + "x", "-o", os.path.join(tmp, "e6")], 2, b"No such file", "e6"),
        (["extract", capture[:-1], "-o", os.path.join(tmp, "e7")], 2, b"No such file", "e7"),
        (["extract", not_a_dir, "-o", os.path.join(tmp, "e8")], 1, b"neither", "e8"),
        (["extract", capture, "-o", not_a_dir], 2, b"not a directory", None),
        (["extract", capture, capture, "-o", os.path.join(tmp, "e9")], 2, b"exactly one", "e9"),
        (["extract", capture], 2, b"-o is required", None),
        ([], 2, b"usage: aerocmd trace", None),
        (["bogus"], 2, b"unknown subcommand", None),
    ]
    for args, status, message, must_not_exist in cases:
        r = cli.run(*args)
        what = " ".join(os.path.basename(a) for a in args) or "(no arguments)"
        c.check(r.returncode == status, "%s: exit %d (got %d)" % (what, status, r.returncode))
        if not c.check(message in r.stderr, "%s: stderr mentions %r" % (what, message)):
            print("    stderr: %r" % r.stderr, file=sys.stderr)
        c.check(r.stdout == b"", what + ": nothing on stdout")
        if must_not_exist:
            c.check(not os.path.exists(os.path.join(tmp, must_not_exist)),
                    what + ": no output left behind")
    # Truncated capture: a container fault, reported with its reason.
    truncated = os.path.join(tmp, "truncated.aerogputrace")
    write(truncated, read(capture)[:500])
    r = cli.run("extract", truncated, "-o", os.path.join(tmp, "e10"))
    c.check(r.returncode == 1 and b"trace_magic" in r.stderr, "truncated capture refused")


def capture_blobs(data):
    """{kind: [payload after the blob header]} of a version 2 capture's blob records."""
    meta_len = struct.unpack_from("<I", data, 24)[0]
    toc = struct.unpack_from("<Q", data, len(data) - 16)[0]
    at, blobs = 32 + meta_len, {}
    while at < toc:
        kind, length = data[at], struct.unpack_from("<I", data, at + 4)[0]
        if kind == 4:
            blob_kind = struct.unpack_from("<I", data, at + 16)[0]
            blobs.setdefault(blob_kind, []).append(data[at + 24:at + 8 + length])
        at += 8 + length
    return blobs


def submission_contexts(data):
    """context_id of every submission record (type 0x05: TRACE.md, payload offset 12)."""
    meta_len = struct.unpack_from("<I", data, 24)[0]
    toc = struct.unpack_from("<Q", data, len(data) - 16)[0]
    at, ids = 32 + meta_len, []
    while at < toc:
        kind, length = data[at], struct.unpack_from("<I", data, at + 4)[0]
        if kind == 5:
            ids.append(struct.unpack_from("<I", data, at + 8 + 12)[0])
        at += 8 + length
    return ids


def test_wrap_context(cli, c, base, tmp):
    """A NAME.ctx beside the stream (u32) is the submission record's context_id; without one
    it is 0; one that is not 4 bytes is refused."""
    out = os.path.join(tmp, "ctx.aerogputrace")
    r = cli.run("wrap", "--memory", base + ".acmd", "-o", out)
    c.check(r.returncode == 0 and submission_contexts(read(out)) == [0],
            "wrap --memory without NAME.ctx: context 0")
    write(base + ".ctx", struct.pack("<I", 0x2A))
    r = cli.run("wrap", "--memory", base + ".acmd", base + ".acmd", "-o", out)
    c.check(r.returncode == 0 and submission_contexts(read(out)) == [0x2A, 0x2A],
            "wrap --memory with NAME.ctx: its context id in the record %r" % r.stderr)
    write(base + ".ctx", b"\x2a\0\0")
    r = cli.run("wrap", "--memory", base + ".acmd", "-o", os.path.join(tmp, "bad"))
    c.check(r.returncode == 1 and b"not a 4-byte context id" in r.stderr and
            not os.path.exists(os.path.join(tmp, "bad")),
            "wrap --memory with a 3-byte NAME.ctx: exit 1 %r" % r.stderr)
    os.remove(base + ".ctx")


def test_wrap_memory(cli, c, fixtures, streams, tmp):
    """wrap --memory over a recording's layout (NAME.acmd, NAME.alloc, NAME.mem) made from
    the one capture with a table and guest memory gives that capture back byte for byte
    (the emulator's recorder wrote it: TRACE.md's blob and range layout); broken sidecars
    are refused with their reason."""
    capture = read(os.path.join(fixtures, WITH_MEMORY + ".aerogputrace"))
    blobs = capture_blobs(capture)
    table, memory = blobs[0x101][0], blobs[0x102][0]
    base = os.path.join(tmp, "rec")
    write(base + ".acmd", read(os.path.join(streams, WITH_MEMORY + ".acmd")))
    write(base + ".alloc", table)
    record = struct.pack("<IIQQ", 1, 0, 0x1000, len(memory)) + memory  # the capture's range
    write(base + ".mem", record)
    out = os.path.join(tmp, "rec.aerogputrace")
    r = cli.run("wrap", "--memory", base + ".acmd", "-o", out)
    c.check(r.returncode == 0 and r.stdout == b"" and r.stderr == b"", "wrap --memory exits 0")
    c.check(os.path.exists(out) and read(out) == capture,
            "wrap --memory reproduces the capture with its table and memory")
    cases = [
        ("rec.mem", record[:-8], 1, b".mem has a record that does not fit at offset 0"),
        ("rec.mem", record + bytes(4), 1, b"does not fit at offset 96"),
        ("rec.mem", struct.pack("<IIQQ", 2, 0, 0x1000, 8) + bytes(8), 1, b"invalid_arg"),
        ("rec.alloc", b"XLOC" + table[4:], 1, b".alloc is not an allocation table"),
        ("rec.alloc", table + bytes(8), 1, b".alloc is not an allocation table"),
    ]
    for name, data, status, message in cases:
        original = read(os.path.join(tmp, name))
        write(os.path.join(tmp, name), data)
        r = cli.run("wrap", "--memory", base + ".acmd", "-o", os.path.join(tmp, "bad"))
        c.check(r.returncode == status and message in r.stderr and
                not os.path.exists(os.path.join(tmp, "bad")),
                "wrap --memory with a broken %s: exit %d, %r (got %d: %r)" %
                (name, status, message, r.returncode, r.stderr))
        write(os.path.join(tmp, name), original)
    test_wrap_context(cli, c, base, tmp)
    os.remove(base + ".mem")
    r = cli.run("wrap", "--memory", base + ".acmd", "-o", os.path.join(tmp, "bad"))
    c.check(r.returncode == 2 and b"rec.mem" in r.stderr, "wrap --memory without NAME.mem: exit 2")
    r = cli.run("wrap", "--memory", "-", "-o", os.path.join(tmp, "bad"),
                stdin=read(base + ".acmd"))
    c.check(r.returncode == 2 and b"standard input" in r.stderr,
            "wrap --memory of standard input: exit 2")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--aerocmd", required=True)
    parser.add_argument("--fixtures", required=True)
    parser.add_argument("--streams", required=True)
    args = parser.parse_args()
    cli = Cli(args.aerocmd)
    c = Checker()
    with tempfile.TemporaryDirectory() as tmp:
        test_help(cli, c)
        test_fixture_round_trips(cli, c, args.fixtures, args.streams, tmp)
        test_many_streams(cli, c, args.streams, tmp)
        test_one_input_at_a_time(cli, c, tmp)
        test_raw_and_version1(cli, c, args.streams, tmp)
        test_standard_streams(cli, c, args.fixtures, args.streams)
        test_errors(cli, c, args.fixtures, args.streams, tmp)
        test_wrap_memory(cli, c, args.fixtures, args.streams, tmp)
    print("%d passed, %d failed" % (c.passed, c.failed))
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main())
