#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Complexity tests of the aerocmd tool and the hosted trace/dump code: every loop whose
trip count an input controls costs O(n) (or O(n log n)) instructions, never more.

Each case generates an input at sizes n, 2n and 4n and counts the instructions one run
executes (valgrind's callgrind; the count is stable from run to run). With I(k) the
count at size k, (I(4n) - I(n)) / (I(2n) - I(n)) is 3 for linear work (fixed costs cancel
out), a little above 3 for n log n, and 5 for quadratic work. A case passes below 3.6.

usage: complexity.py --aerocmd PATH --valgrind PATH [--case NAME] [--verbose]"""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tracegen  # noqa: E402

LIMIT = 3.6
FLOOR = 2.4  # below this the work did not grow with the input at all


def create_buffer(handle):
    return tracegen.packet(0x100, struct.pack("<IIQIIQ", handle, 1, 64, 0, 0, 0))


def draws(n):
    return tracegen.raw_stream([tracegen.packet(0x601, struct.pack("<IIII", 3, 1, i, 0))
                                for i in range(n)])


def creates(n):
    return tracegen.raw_stream([create_buffer(h) for h in range(1, n + 1)])


def unknown_opcodes(n):
    """Distinct unknown opcodes, highest first: each one lands in front of all the others
    in a sorted table (the insert-with-memmove worst case)."""
    return tracegen.raw_stream([tracegen.packet(0xF0000000 - i, b"") for i in range(n)])


def blobs_first(n):
    """n stream blobs at the start, then n submissions naming them in order: every lookup
    misses the window since the previous submission (issue 18: 80k -> 56 s)."""
    stream = draws(1)
    records = [tracegen.blob(i + 1, tracegen.BLOB_CMD_STREAM, stream) for i in range(n)]
    records += [tracegen.submission(i + 1, fence=i + 1) for i in range(n)]
    return tracegen.build_trace(records)


def colliding_ids(n):
    """Blob ids that differ only above bit 32: one bucket for a hash of the low bits."""
    stream = draws(1)
    records = []
    for i in range(n):
        records.append(tracegen.blob((i + 1) << 32, tracegen.BLOB_CMD_STREAM, stream))
    records += [tracegen.submission((i + 1) << 32, fence=i + 1) for i in range(n)]
    return tracegen.build_trace(records)


def ranges_times_blobs(n):
    """One submission with n memory ranges, each naming one of n guest-memory blobs
    (issue 18: 20k -> 9.6 s)."""
    records = [tracegen.blob(i + 2, tracegen.BLOB_GUEST_MEMORY, b"\0" * 8) for i in range(n)]
    records.append(tracegen.blob(1, tracegen.BLOB_CMD_STREAM, draws(1)))
    ranges = [(i + 1, 0, 0x1000 * i, 8, i + 2) for i in range(n)]
    records.append(tracegen.submission(1, ranges=ranges, fence=1))
    return tracegen.build_trace(records)


def big_table(n):
    table = tracegen.alloc_table([(i + 1, 0, 0x1000 * i, 0x1000) for i in range(n)])
    return tracegen.build_v2_trace([draws(1)], [table])


def many_frames(n):
    """A table of contents listing n frames."""
    import io
    out = io.BytesIO()
    meta = tracegen.meta_bytes(tracegen.ABI_1_4)
    out.write(b"AEROGPUT" + struct.pack("<IIIIII", 32, 2, tracegen.ABI_1_4, 0, len(meta), 0))
    out.write(meta)
    starts = []
    for i in range(n):
        starts.append(out.tell())
        out.write(tracegen.record(tracegen.REC_BEGIN_FRAME, struct.pack("<I", i)))
        out.write(tracegen.blob(i + 1, tracegen.BLOB_CMD_STREAM, draws(1)))
        out.write(tracegen.submission(i + 1, fence=i + 1))
    end = out.tell()
    toc = b"AEROTOC\0" + struct.pack("<II", 1, n)
    for i, start in enumerate(starts):
        stop = starts[i + 1] if i + 1 < n else end
        toc += struct.pack("<IIQQQ", i, 0, start, 0, stop)
    out.write(toc)
    out.write(b"AEROGPUF" + struct.pack("<IIQQ", 32, 2, end, len(toc)))
    return out.getvalue()


def long_meta(n):
    """Metadata JSON with n extra members (the metadata check walks every one)."""
    members = ",".join('"k%d":[1,{"x":"y"}]' % i for i in range(n))
    meta = ('{"emulator_version":"x","command_abi_version":%d,%s}' %
            (tracegen.ABI_1_4, members)).encode()
    base = tracegen.build_v2_trace([draws(1)])
    old_len = struct.unpack_from("<I", base, 24)[0]
    grow = len(meta) - old_len
    body = bytearray(base[:24] + struct.pack("<I", len(meta)) + base[28:32] + meta +
                     base[32 + old_len:])
    toc_at = struct.unpack_from("<Q", body, len(body) - 16)[0] + grow
    struct.pack_into("<Q", body, len(body) - 16, toc_at)
    frame = toc_at + 16
    start, present, stop = struct.unpack_from("<QQQ", body, frame + 8)
    struct.pack_into("<QQQ", body, frame + 8, start + grow, present + grow, stop + grow)
    return bytes(body)


def other_kind_blobs(n):
    """n buffer blobs reusing the ids of the submissions' stream blobs, then the streams."""
    stream = draws(1)
    records = [tracegen.blob(i + 1, 0x01, b"\0" * 16) for i in range(n)]
    for i in range(n):
        records.append(tracegen.blob(i + 1, tracegen.BLOB_CMD_STREAM, stream))
        records.append(tracegen.submission(i + 1, fence=i + 1))
    return tracegen.build_trace(records)


def v1_packets(n):
    return tracegen.build_v1_packet_trace([draws(2) for _ in range(n)])


def marker(n):
    return tracegen.raw_stream([tracegen.packet(0x1, ("a\"\\\x01\xff" * n).encode("latin-1"))])


def upload(n):
    return tracegen.raw_stream([tracegen.packet(0x104, struct.pack("<IIQQ", 1, 0, 0, 64 * n) +
                                                bytes(range(64)) * n)])


def submissions(n):
    return tracegen.build_v2_trace([draws(3) for _ in range(n)])


# name: (generator, base size, suffix, aerocmd arguments before the file)
CASES = {
    "dump packets": (draws, 4000, ".acmd", ["dump"]),
    "dump --json packets": (draws, 4000, ".acmd", ["dump", "--json"]),
    "validate objects": (creates, 4000, ".acmd", ["validate"]),
    "validate objects past the first tracker": (creates, 30000, ".acmd", ["validate"]),
    "stats distinct opcodes": (unknown_opcodes, 20000, ".acmd", ["stats"]),
    "validate blobs named late": (blobs_first, 3000, ".aerogputrace", ["validate"]),
    "dump blobs named late": (blobs_first, 3000, ".aerogputrace", ["dump"]),
    "validate colliding blob ids": (colliding_ids, 3000, ".aerogputrace", ["validate"]),
    "validate ranges x blobs": (ranges_times_blobs, 3000, ".aerogputrace", ["validate"]),
    "validate allocation table": (big_table, 20000, ".aerogputrace", ["validate"]),
    "dump allocation table": (big_table, 5000, ".aerogputrace", ["dump", "--json"]),
    "stats frames": (many_frames, 3000, ".aerogputrace", ["stats"]),
    "stats metadata": (long_meta, 3000, ".aerogputrace", ["stats"]),
    "validate other blob kinds": (other_kind_blobs, 3000, ".aerogputrace", ["validate"]),
    "validate v1 packets": (v1_packets, 3000, ".aerogputrace", ["validate"]),
    "dump marker text": (marker, 20000, ".acmd", ["dump"]),
    "dump --full-payloads": (upload, 4000, ".acmd", ["dump", "--json", "--full-payloads"]),
    "extract submissions": (submissions, 1000, ".aerogputrace", ["trace", "extract"]),
    "stats trace on stdin": (submissions, 3000, ".aerogputrace", ["stats", "-"]),
}


def instructions(valgrind, argv, stdin_path=None):
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        proc = subprocess.run([valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null"] +
                              argv, stdin=stdin, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, timeout=900)
    finally:
        if stdin_path:
            stdin.close()
    match = re.search(rb"Collected : (\d+)", proc.stderr)
    if not match:
        raise RuntimeError("no instruction count: %s" % proc.stderr.decode()[-500:])
    return int(match.group(1))


def run_case(args, tmp, name):
    generate, base, suffix, command = CASES[name]
    counts = []
    for scale in (1, 2, 4):
        path = os.path.join(tmp, "input%d%s" % (scale, suffix))
        with open(path, "wb") as f:
            f.write(generate(base * scale))
        argv = [args.aerocmd] + command
        stdin = None
        if command[-1] == "-":
            stdin = path
        elif command[:2] == ["trace", "extract"]:
            argv += [path, "-o", os.path.join(tmp, "out%d" % scale)]
        else:
            argv.append(path)
        counts.append(instructions(args.valgrind, argv, stdin))
    ratio = (counts[2] - counts[0]) / max(1, counts[1] - counts[0])
    ok = FLOOR < ratio < LIMIT
    print("%s %s: n=%d: %s instructions, growth ratio %.2f (linear 3, quadratic 5)" %
          ("ok  " if ok else "FAIL", name, base, " / ".join(str(c) for c in counts), ratio))
    return ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--aerocmd", required=True)
    parser.add_argument("--valgrind", required=True)
    parser.add_argument("--case", action="append", choices=sorted(CASES))
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="aerocmd-complexity-")
    failed = 0
    try:
        for name in args.case or CASES:
            failed += not run_case(args, tmp, name)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (len(args.case or CASES) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
