# SPDX-License-Identifier: MIT
"""CLI test groups about reading inputs (run through run_cli_tests.py):

traces  version-1 captures whose Packet records hold whole streams, mixed containers,
        the same answers from a pipe as from a file, malformed allocation tables
        (exit 1 from dump, stats and trace extract, as from validate).
limits  inputs that never end or are not files: /dev/zero, directories, pipes cut short,
        the memory limit.
scale   a generated trace much larger than the tool's buffers: peak memory stays a few
        MB (throughput is the benchmark's, aerocmd_throughput: seconds are no test).
faults  every allocation of the tool fails once (fault-injection build, under ASan):
        a clean error, no crash, nothing leaked, and every allocation site is reached."""
import os
import re
import struct
import subprocess
import time

import abi_check
import dxbc
import tracegen

TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))  # as run_cli_tests.py

SCALE_TRACE_BYTES = 48 << 20
SCALE_RSS_LIMIT_KB = 8 << 10


def _stream(handle_base, draws=2):
    """A small valid stream whose objects use handles from handle_base (its draws have a
    vertex shader, as Direct3D's always do)."""
    vb, rt, vs = handle_base, handle_base + 1, handle_base + 2
    vs_dxbc = dxbc.vertex_shader()
    pk = [tracegen.packet(0x100, struct.pack("<IIQIIQ", vb, 1, 64, 0, 0, 0)),
          tracegen.packet(0x101, struct.pack("<IIIIIIIIIIQ", rt, 16, 1, 8, 8, 1, 1, 0, 0, 0, 0)),
          tracegen.packet(0x400, struct.pack("<II8I", 1, 0, rt, 0, 0, 0, 0, 0, 0, 0)),
          tracegen.packet(0x200, struct.pack("<IIII", vs, 0, len(vs_dxbc), 0) + vs_dxbc),
          tracegen.packet(0x202, struct.pack("<IIII", vs, 0, 0, 0))]
    pk += [tracegen.packet(0x601, struct.pack("<IIII", 3, 1, 0, 0)) for _ in range(draws)]
    return tracegen.raw_stream(pk)


def _submissions(ctx, path):
    """[(stream bytes, '# submission' line)] as `aerocmd dump` shows them."""
    status, out, err = ctx.run("dump", path)
    return status, out, err


def check_v1_packet_records(ctx):
    """TRACE.md: a Packet record whose payload is a whole command stream is a submission,
    in record order; version-1 captures record their streams this way."""
    a, b, c = _stream(1), _stream(10, 3), _stream(20, 1)
    not_stream = tracegen.record(tracegen.REC_PACKET, tracegen.packet(0x601, bytes(16)))
    longer = tracegen.record(tracegen.REC_PACKET, c + b"\0" * 8)  # size_bytes inside payload
    data = tracegen.build_trace([tracegen.record(tracegen.REC_PACKET, a), not_stream,
                                 tracegen.blob(7, tracegen.BLOB_CMD_STREAM, b), longer], 1)
    path = ctx.write_tmp("v1_packets.aerogputrace", data)
    want = [a, b, c]  # the non-stream Packet record is not a submission
    status, out, err = ctx.run("validate", path)
    ctx.checks.check(status == 0 and out.endswith("ok (3 streams)\n"),
                     "v1 Packet records: validate sees 3 streams", out + err)
    status, out, err = ctx.run("dump", path)
    lines = re.findall(r"^# submission (\d+) record=0x([0-9a-f]+) .*cmd_stream_bytes=(\d+)$",
                       out, re.M)
    ctx.checks.check(status == 0 and [int(n) for n, _, _ in lines] == [0, 1, 2] and
                     [int(x) for _, _, x in lines] == [len(a), len(b), len(c) + 8],
                     "v1 Packet records: dump shows the three submissions in record order",
                     out + err)
    abi_lines = [l for l in out.splitlines() if not l.startswith("#")]
    ctx.checks.check(len([l for l in abi_lines if " ACMD " in l]) == 3,
                     "v1 Packet records: three stream headers dumped")
    status, out, err = ctx.run("stats", path)
    total = re.search(r"^streams: (\d+), stream bytes: (\d+)", out, re.M)
    ctx.checks.check(status == 0 and total and int(total.group(1)) == 3 and
                     int(total.group(2)) == sum(len(s) for s in want),
                     "v1 Packet records: stats counts three streams", out + err)
    out_dir = os.path.join(ctx.tmp, "v1_packets")
    status, _, err = ctx.run("trace", "extract", path, "-o", out_dir)
    got = [ctx.read(os.path.join(out_dir, f)) for f in sorted(os.listdir(out_dir))] \
        if os.path.isdir(out_dir) else []
    ctx.checks.check(status == 0 and got == [a, b, c + b"\0" * 8],
                     "v1 Packet records: extract writes the three streams", err)
    v2 = tracegen.build_trace([tracegen.blob(1, tracegen.BLOB_CMD_STREAM, a),
                               tracegen.submission(1, fence=1),
                               tracegen.record(tracegen.REC_PACKET, b)], 2)
    status, out, err = ctx.run("validate", ctx.write_tmp("v2_packets.aerogputrace", v2))
    ctx.checks.check(status == 0 and out.endswith("ok (2 streams)\n"),
                     "a version 2 file's whole-stream Packet record is a submission too",
                     out + err)


def check_bad_tables(ctx):
    """Issue 18: dump, stats and trace extract exit 1 on a malformed allocation table."""
    stream = _stream(1)
    tables = {"duplicate id": tracegen.alloc_table([(1, 0, 0, 64), (1, 0, 64, 64)]),
              "bad magic": b"XLOC" + tracegen.alloc_table([(1, 0, 0, 64)])[4:],
              "empty blob": b""}
    for label, table in tables.items():
        path = ctx.write_tmp("bad_table.aerogputrace", tracegen.build_v2_trace([stream],
                                                                               [table]))
        for args in (["dump"], ["dump", "--json"], ["stats"], ["validate"]):
            status, out, err = ctx.run(*(args + [path]))
            ctx.checks.check(status == 1 and "allocation table offset" in err,
                             "%s: %s exits 1 naming the table" % (label, " ".join(args)),
                             "status %d\n%s" % (status, err))
        out_dir = os.path.join(ctx.tmp, "bad_table_out")
        status, _, err = ctx.run("trace", "extract", path, "-o", out_dir)
        ctx.checks.check(status == 1 and not os.path.exists(out_dir),
                         "%s: trace extract exits 1 and writes nothing" % label, err)
    good = ctx.write_tmp("good_table.aerogputrace", tracegen.build_v2_trace(
        [stream], [tracegen.alloc_table([(1, 0, 0, 64), (2, 0, 64, 64)])]))
    for args in (["dump"], ["stats"], ["validate"]):
        status, _, err = ctx.run(*(args + [good]))
        ctx.checks.check(status == 0, "a valid table: %s exits 0" % args[0], err)


def check_pipes(ctx):
    """Standard input gives the answers the file gives."""
    trace = ctx.fixtures[0]
    raw = ctx.streams[0]
    for path in (trace, raw):
        data = ctx.read(path)
        for args in (["dump"], ["dump", "--json"], ["stats"]):
            file_result = ctx.run(*(args + [path]))
            pipe_result = ctx.run(*(args + ["-"]), stdin=data)
            ctx.checks.check(file_result == pipe_result, "%s of %s from a pipe" %
                             (" ".join(args), os.path.basename(path)),
                             repr((file_result, pipe_result))[:400])
        status, out, err = ctx.run("validate", "-", stdin=data)
        ctx.checks.check(status == 0 and out == "-: ok (1 stream)\n",
                         "validate %s from a pipe" % os.path.basename(path), out + err)


def group_traces(ctx):
    check_v1_packet_records(ctx)
    check_bad_tables(ctx)
    check_pipes(ctx)


# ---- limits ---------------------------------------------------------------------------

def _bytes_read_before_exit(ctx, command):
    """(exit status, stderr, bytes taken) of `aerocmd COMMAND -` fed zeros until it stops
    reading: what it consumed, counted in bytes rather than timed."""
    proc = subprocess.Popen([ctx.aerocmd, command, "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    chunk, fed = bytes(4096), 0
    try:
        while fed < (256 << 20):
            proc.stdin.write(chunk)
            proc.stdin.flush()
            fed += len(chunk)
    except BrokenPipeError:
        pass
    try:
        proc.stdin.close()
    except BrokenPipeError:
        pass
    err = proc.stderr.read().decode("utf-8", "replace")
    return proc.wait(timeout=60 * TIME_SCALE), err, fed


def check_endless_inputs(ctx):
    """Inputs with no end terminate at once with a specific error: from a path, and from a
    pipe after reading no more than a header's worth (bytes counted, not seconds)."""
    for args in (["dump", "/dev/zero"], ["dump", "--json", "/dev/zero"],
                 ["validate", "/dev/zero"], ["stats", "/dev/zero"]):
        status, out, err = ctx.run(*args, timeout=10)
        ctx.checks.check(status == 1 and "bad_magic" in err,
                         "%s: exit 1, bad_magic" % " ".join(args), err)
    for command in ("dump", "validate", "stats"):
        status, err, fed = _bytes_read_before_exit(ctx, command)
        # the pipe's buffer and one read buffer (1 MiB) at most; an endless read takes all
        ctx.checks.check(status == 1 and "bad_magic" in err and fed <= (4 << 20),
                         "%s - of endless zeros: exit 1, bad_magic, after %d bytes fed" %
                         (command, fed), err)
    status, _, err = ctx.run("trace", "extract", "/dev/zero", "-o",
                             os.path.join(ctx.tmp, "zero"), timeout=10)
    ctx.checks.check(status == 1 and "neither" in err, "trace extract /dev/zero exits 1", err)
    stream = ctx.read(ctx.streams[0])
    with open("/dev/zero", "rb") as zero:
        for command in ("dump", "validate", "stats"):
            proc = subprocess.run("cat %s /dev/zero | %s %s -" % (ctx.streams[0], ctx.aerocmd,
                                                                  command),
                                  shell=True, capture_output=True, timeout=20 * TIME_SCALE)
            ctx.checks.check(proc.returncode == 0,
                             "a stream followed by endless zeros: %s stops at its size_bytes" %
                             command, proc.stderr.decode())
            proc = subprocess.run([ctx.aerocmd, command, "-"], stdin=zero, capture_output=True,
                                  timeout=20 * TIME_SCALE)
            ctx.checks.check(proc.returncode == 1 and b"bad_magic" in proc.stderr,
                             "%s - < /dev/zero: exit 1" % command, proc.stderr.decode())
    cut = stream[:len(stream) - 8]
    status, out, err = ctx.run("dump", "-", stdin=cut)
    ctx.checks.check(status == 1 and "stream_size_past_buffer" in err,
                     "a stream cut short on a pipe: exit 1, size past the input", err)


def check_not_files(ctx):
    directory = ctx.tmp
    for args in (["dump", directory], ["validate", directory], ["stats", directory],
                 ["trace", "extract", directory, "-o", os.path.join(ctx.tmp, "d")],
                 ["trace", "wrap", directory, "-o", os.path.join(ctx.tmp, "d.trace")]):
        status, out, err = ctx.run(*args)
        ctx.checks.check(status == 2 and "is a directory" in err,
                         "%s: a directory says it is one (exit 2)" % args[0], err)


def check_memory_limit(ctx):
    big = tracegen.raw_stream([tracegen.packet(0x104, struct.pack("<IIQQ", 1, 0, 0, 8 << 20) +
                                               bytes(8 << 20))])
    path = ctx.write_tmp("big_packet.acmd", big)
    env = dict(os.environ, AEROCMD_MEMORY_LIMIT="4M")
    status, out, err = ctx.run("dump", path, env=env)
    ctx.checks.check(status == 2 and "out of memory (read buffer" in err and "limit" in err,
                     "a packet larger than the memory limit: exit 2 naming the limit", err)
    env["AEROCMD_MEMORY_LIMIT"] = "64M"
    status, out, err = ctx.run("dump", path, env=env)
    ctx.checks.check(status == 0, "the same packet under a larger limit dumps", err)
    for bad in ("", "12Q", "-1", "0"):
        env["AEROCMD_MEMORY_LIMIT"] = bad
        status, _, err = ctx.run("stats", path, env=env)
        ctx.checks.check((status == 2 and "AEROCMD_MEMORY_LIMIT" in err) or
                         (bad == "" and status == 0),
                         "AEROCMD_MEMORY_LIMIT=%r" % bad, err)


def _dump_slowly(ctx, stream, stderr):
    """aerocmd dump - fed in pieces over about two seconds; returns its exit status."""
    proc = subprocess.Popen([ctx.aerocmd, "dump", "-"], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=stderr)
    step = len(stream) // 20
    for at in range(0, len(stream), step):
        proc.stdin.write(stream[at:at + step])
        proc.stdin.flush()
        time.sleep(0.1)
    proc.stdin.close()
    return proc.wait(timeout=60 * TIME_SCALE)


def check_progress(ctx):
    """Progress is drawn on stderr when it is a terminal, and only then."""
    import pty
    stream = tracegen.raw_stream([tracegen.packet(0x601, struct.pack("<IIII", 3, 1, i, 0))
                                  for i in range(200000)])
    master, slave = pty.openpty()
    status = _dump_slowly(ctx, stream, slave)
    os.close(slave)
    shown = b""
    try:
        while True:
            chunk = os.read(master, 4096)
            if not chunk:
                break
            shown += chunk
    except OSError:
        pass
    os.close(master)
    ctx.checks.check(status == 0 and b"\raerocmd: <stdin>: dump" in shown and
                     shown.endswith(b"\r\x1b[K"),
                     "progress on a terminal, erased at the end", repr(shown[-200:]))
    proc_err = os.path.join(ctx.tmp, "progress.err")
    with open(proc_err, "wb") as err:
        status = _dump_slowly(ctx, stream, err)
    ctx.checks.check(status == 0 and ctx.read(proc_err) == b"",
                     "no progress when stderr is not a terminal")


def group_limits(ctx):
    check_progress(ctx)
    check_endless_inputs(ctx)
    check_not_files(ctx)
    check_memory_limit(ctx)


# ---- scale ----------------------------------------------------------------------------

def run_measured(ctx, argv):
    """(exit status, seconds, peak RSS in KB) of one run, measured by peak_rss."""
    out = subprocess.run([ctx.peak_rss] + argv, capture_output=True,
                         timeout=600 * TIME_SCALE).stdout.split()
    return int(out[0]), float(out[2]), int(out[1])


def group_scale(ctx):
    if not ctx.checks.check(ctx.peak_rss and os.path.exists(ctx.peak_rss), "peak_rss exists"):
        return
    path = os.path.join(ctx.tmp, "large.aerogputrace")
    size, count = tracegen.write_large_trace(path, SCALE_TRACE_BYTES, draws=200, upload_bytes=256)
    mb = size / 1e6
    for args in (["dump"], ["dump", "--json"], ["stats"], ["validate", "-q"]):
        status, seconds, rss = run_measured(ctx, [ctx.aerocmd] + args + [path])
        rate = mb / seconds
        print("scale: %s of %.1f MB (%d submissions): %.2f s, %.1f MB/s, peak RSS %d KB" %
              (" ".join(args), mb, count, seconds, rate, rss))
        ctx.checks.check(status == 0, "%s of the large trace exits 0" % args[0])
        ctx.checks.check(rss < SCALE_RSS_LIMIT_KB, "%s: peak RSS %d KB < %d KB" %
                         (" ".join(args), rss, SCALE_RSS_LIMIT_KB))
    small = os.path.join(ctx.tmp, "small.aerogputrace")
    tracegen.write_large_trace(small, SCALE_TRACE_BYTES // 16, draws=200, upload_bytes=256)
    _, _, rss_small = run_measured(ctx, [ctx.aerocmd, "validate", "-q", small])
    _, _, rss_large = run_measured(ctx, [ctx.aerocmd, "validate", "-q", path])
    ctx.checks.check(rss_large < rss_small + 4096,
                     "validate's memory does not follow the file size (%d KB vs %d KB)" %
                     (rss_large, rss_small))


# ---- faults ---------------------------------------------------------------------------

SANITIZER = re.compile(r"AddressSanitizer|LeakSanitizer|runtime error:|UndefinedBehavior")
ALLOC_LINE = re.compile(r"^aerocmd-alloc: (\d+) (.+) (\d+)$", re.M)
HELD_LINE = re.compile(r"^aerocmd-alloc: calls (\d+) held at exit (\d+)$", re.M)


def fault_scenarios(ctx):
    """(label, argv, stdin) covering every command and every allocation site."""
    stream = _stream(1)
    table = tracegen.alloc_table([(1, 0, 0, 64), (2, 0, 64, 64)])
    trace = ctx.write_tmp("faults.aerogputrace", tracegen.build_v2_trace([stream, _stream(10)],
                                                                         [table, table]))
    unknown = ctx.write_tmp("faults_unknown.acmd", tracegen.raw_stream(
        [tracegen.packet(0x9000 + i, b"") for i in range(200)]))
    many = ctx.write_tmp("faults_many.acmd", tracegen.raw_stream(
        [tracegen.packet(0x100, struct.pack("<IIQIIQ", h, 1, 64, 0, 0, 0))
         for h in range(1, 20000)]))
    big = ctx.write_tmp("faults_big.acmd", tracegen.raw_stream(
        [tracegen.packet(0x104, struct.pack("<IIQQ", 1, 0, 0, 2 << 20) + bytes(2 << 20))]))
    out_dir = os.path.join(ctx.tmp, "faults_out")
    # A recording's layout for wrap --memory: the stream, its table, one memory record.
    recorded = ctx.write_tmp("faults_rec.acmd", stream)
    ctx.write_tmp("faults_rec.alloc", table)
    ctx.write_tmp("faults_rec.mem", struct.pack("<IIQQ", 2, 0, 64, 16) + bytes(range(16)))
    return [
        ("dump raw", ["dump", "--json", "--full-payloads", ctx.streams[0]], None),
        ("dump trace", ["dump", trace], None),
        ("dump big packet", ["dump", big], None),
        ("dump trace on stdin", ["dump", "-"], ctx.read(trace)),
        ("validate trace", ["validate", trace], None),
        ("validate many objects", ["validate", many], None),
        ("validate raw on stdin", ["validate", "-"], ctx.read(ctx.streams[0])),
        ("stats unknown opcodes", ["stats", unknown], None),
        ("stats trace", ["stats", trace], None),
        ("extract", ["trace", "extract", trace, "-o", out_dir], None),
        ("wrap", ["trace", "wrap", ctx.streams[0], ctx.streams[1], "-o",
                  os.path.join(ctx.tmp, "faults_wrapped.aerogputrace")], None),
        ("wrap memory", ["trace", "wrap", "--memory", recorded, "-o",
                         os.path.join(ctx.tmp, "faults_wrapped_memory.aerogputrace")], None),
        ("demo", ["demo", "--no-png"], None),  # the picture needs Vulkan, not the tool
        ("render dry run", ["render", "--dry-run", ctx.streams[0]], None),
    ]


def allocations(ctx, argv, stdin):
    env = dict(os.environ, AEROCMD_ALLOC_TRACE="1")
    status, out, err = ctx.run(*argv, stdin=stdin, env=env, exe=ctx.aerocmd_faults, timeout=120)
    return status, [(int(n), site) for n, site, _ in ALLOC_LINE.findall(err)], err


def check_one_failure(ctx, label, argv, stdin, n, site):
    env = dict(os.environ, AEROCMD_ALLOC_TRACE="1", AEROCMD_FAIL_ALLOC=str(n),
               ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:exitcode=99")
    status, out, err = ctx.run(*argv, stdin=stdin, env=env, exe=ctx.aerocmd_faults, timeout=120)
    held = HELD_LINE.search(err)
    message = "\n".join(l for l in err.splitlines() if not l.startswith("aerocmd-alloc"))
    # The demo's allocations are the state tracker's and its fake host's: the demo
    # reports which step failed, in its own words.
    clean = ("out of memory" in err or "no memory for semantic checks" in err or
             "out_of_memory" in err or (site == "demo" and message.startswith("aerocmd demo:")))
    ok = status in (0, 1, 2) and not SANITIZER.search(err) and clean and held and \
        held.group(2) == "0" and (status == 2 or site in ("tracker", "demo"))
    return ctx.checks.check(ok, "%s: allocation %d (%s) fails cleanly" % (label, n, site),
                            "status %d\n%s" % (status, "\n".join(
                                l for l in err.splitlines() if not ALLOC_LINE.match(l))[-1500:]))


def group_faults(ctx):
    if not ctx.checks.check(ctx.aerocmd_faults and os.path.exists(ctx.aerocmd_faults),
                            "the fault-injection build exists"):
        return
    env = dict(os.environ, AEROCMD_ALLOC_TRACE="sites")
    _, _, err = ctx.run("stats", ctx.streams[0], env=env, exe=ctx.aerocmd_faults)
    sites = set(re.findall(r"^aerocmd-alloc-site: (.+)$", err, re.M))
    failed = set()
    for label, argv, stdin in fault_scenarios(ctx):
        status, allocs, err = allocations(ctx, argv, stdin)
        ctx.checks.check(status == 0 and allocs and not SANITIZER.search(err),
                         "%s: runs clean with %d allocations" % (label, len(allocs)), err[-800:])
        for n, site in allocs:
            if check_one_failure(ctx, label, argv, stdin, n, site):
                failed.add(site)
    ctx.checks.check(len(sites) >= 10 and failed == sites,
                     "every allocation site was failed by the sweep",
                     "never failed: %s" % sorted(sites - failed))
