#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The live host (`aerocmd host`) tried as its clients would and as an attacker would.

usage: run_host.py replay  --aerocmd AEROCMD --fixtures DIR --streams DIR
                           [--scene-pictures TEST_SCENE_PICTURES]
       run_host.py client  --aerocmd AEROCMD --client HOST_CLIENT_TEST
       run_host.py hostile --aerocmd AEROCMD
       run_host.py wine    --aerocmd NATIVE_AEROCMD --client HOST_CLIENT_TEST.exe [--wine WINE]
       run_host.py bench   --aerocmd AEROCMD --client HOST_CLIENT_TEST [--check]

replay:  every trace and stream the tests have (the capture fixtures, their raw streams, the
         demo's trace and raw stream, and the umd golden scenarios as test_scene_pictures
         runs them) through `aerocmd render -o` and through a fresh host +
         `aerocmd replay`: the same exit status, the same refusal line, the same pictures byte
         for byte, and GET_PICTURE's picture equal to the last of them.
client:  host_client_test's modes (readback, pipeline, picture, refused, isolation, contexts,
         slow)
         against one host.
hostile: garbage, a huge length, a message cut short, a client trickling a byte at a time,
         no HELLO, hundreds of connections, kill -9 mid-submission and mid-message, a refused
         submission, a worker dying of a signal (SIGABRT, as an assertion in vkd3d-shader
         ends one), a device over its memory, a client that never reads: each ends with
         the ERROR the protocol names, within its deadline, and is followed by a good client
         whose picture is the demo's; the listener's resident memory
         stays flat, no worker is left behind, and SIGTERM ends the host with status 0.
wine:    the Windows x86_64 build of host_client_test under Wine against a native host over
         TCP (readback: the clear colour read back through WRITEBACK_DST).
bench:   the round trip of an empty submission + fence (median of 2000, microseconds) and the
         demo frame through host + replay against `aerocmd render`, each a whole process
         with its own Direct3D 12 device (medians of 25 runs each, taken in turn; goal <=
         1.2x; --check fails above it).

Every check prints on failure; the run ends with "N passed, N failed"."""
import argparse
import os
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time

# hang guards and waits for what the host does after its own deadlines, scaled by Meson's
# test setup for slow builds and a busy machine
TIME_SCALE = float(os.environ.get("AEROCMD_TEST_TIME_SCALE", "1"))

MAGIC = 0x54534841
T_HELLO, T_WELCOME, T_SUBMIT, T_COMPLETE, T_ERROR, T_GET_PICTURE, T_PICTURE = 1, 2, 3, 4, 5, 6, 7
K_PROTOCOL, K_REFUSED, K_WATCHDOG, K_MEMORY, K_BUSY, K_LOST, K_CRASHED, K_HOST = 1, 2, 3, 4, 5, 6, 7, 8
ABI = 0x00010004
NO_PRESENT = 0xFFFFFFFF
R8G8B8A8 = 3


class Checks:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL: " + what + ("\n    " + str(detail).replace("\n", "\n    ")
                                     if detail else ""))
        return ok

    def finish(self):
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0


# ---- the host process ---------------------------------------------------------------------

class Host:
    """`aerocmd host` started with `args`; address from its first line. Every host's log is
    checked at the end for sanitizer reports (its workers write theirs there too)."""

    logs = []

    def __init__(self, aerocmd, tmp, *args, env=None):
        self.log = open(os.path.join(tmp, "host-%d.log" % time.monotonic_ns()), "w+")
        self.proc = subprocess.Popen([aerocmd, "host", *args], stdout=subprocess.PIPE,
                                     stderr=self.log, env=env, text=True)
        ready, _, _ = select.select([self.proc.stdout], [], [], 20)
        line = self.proc.stdout.readline() if ready else ""
        if not line.startswith("listening on "):
            self.proc.kill()
            raise RuntimeError("aerocmd host did not say where it listens: %r" % line)
        self.address = line.split(" ", 2)[2].strip()

    def tcp(self):
        _, ip, port = self.address.split(":")
        return ip, int(port)

    def children(self, spares=False):
        """pids whose parent is the host: its workers (with spares, the spare too: it waits
        for the next connection with its device started, named "aerocmd spare")."""
        found = []
        for name in os.listdir("/proc"):
            if name.isdigit():
                try:
                    with open("/proc/%s/stat" % name) as f:
                        fields = f.read().rsplit(")", 1)[1].split()
                    with open("/proc/%s/comm" % name) as f:
                        spare = f.read().strip() == "aerocmd spare"
                    if int(fields[1]) == self.proc.pid and (spares or not spare):
                        found.append(int(name))
                except (OSError, IndexError, ValueError):
                    pass
        return found

    def memory_kb(self, field="VmRSS"):
        with open("/proc/%d/status" % self.proc.pid) as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def wait_no_workers(self, seconds):
        end = time.monotonic() + seconds * TIME_SCALE
        while self.children() and time.monotonic() < end:
            time.sleep(0.05)
        return not self.children()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            status = self.proc.wait(timeout=20 * TIME_SCALE)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            status = self.proc.wait()
        self.log.seek(0)
        text = self.log.read()
        Host.logs.append(text)
        return status, text


# ---- the wire, by hand (doc/host-protocol.md) ----------------------------------------------

def header(kind, body_len, magic=MAGIC, version=1):
    return struct.pack("<IHHII", magic, kind, version, body_len, 0)


def hello():
    return header(T_HELLO, 16) + struct.pack("<IIQ", ABI, 0, 0)


def pad8(b):
    return b + b"\0" * (-len(b) % 8)


def submit(fence, stream, table=b"", records=()):
    body = struct.pack("<QIIII", fence, len(stream), len(table), len(records), 0)
    body += pad8(stream) + pad8(table)
    for alloc_id, gpa, data in records:
        body += struct.pack("<IIQQ", alloc_id, 0, gpa, len(data)) + pad8(data)
    return header(T_SUBMIT, len(body)) + body


def stream(*packets):
    """A command stream: the 24-byte header, then the packets."""
    body = b"".join(packets)
    return b"ACMD" + struct.pack("<IIIII", ABI, 24 + len(body), 0, 0, 0) + body


def packet(opcode, *words):
    return struct.pack("<II", opcode, 8 + 4 * len(words)) + struct.pack("<%dI" % len(words), *words)


def presented_target(handle, side):
    """CREATE_TEXTURE2D (R8G8B8A8, render target), SET_RENDER_TARGETS, CLEAR, PRESENT."""
    return (packet(0x101, handle, 0x18, R8G8B8A8, side, side, 1, 1, 0, 0, 0, 0, 0) +
            packet(0x400, 1, 0, handle, 0, 0, 0, 0, 0, 0, 0) +
            packet(0x600, 1, 0x3F800000, 0, 0, 0x3F800000, 0x3F800000, 0) +
            packet(0x700, 0, 0))


def connect(host, timeout=15 * TIME_SCALE):
    s = socket.create_connection(host.tcp(), timeout=timeout)
    return s


def recv_exact(s, n):
    data = b""
    while len(data) < n:
        piece = s.recv(n - len(data))
        if not piece:
            raise EOFError("closed after %d of %d bytes" % (len(data), n))
        data += piece
    return data


def read_message(s):
    """(type, body) of the next message."""
    magic, kind, version, length, reserved = struct.unpack("<IHHII", recv_exact(s, 16))
    if magic != MAGIC or version != 1 or reserved != 0:
        raise ValueError("not a host message header")
    return kind, recv_exact(s, length)


def parse_error(body):
    result, kind, reason, offset, opcode, flags, fence, sub, n = struct.unpack(
        "<IIIIIIQII", body[:40])
    return {"result": result, "kind": kind, "reason": reason, "offset": offset,
            "opcode": opcode, "flags": flags, "fence": fence, "submission": sub,
            "text": body[40:40 + n].decode("utf-8", "replace")}


def expect_error(checks, s, kind, what, text=None, skip_completions=False):
    """Reads one message (after any COMPLETE with skip_completions): an ERROR of `kind`;
    returns it (or None)."""
    try:
        t, body = read_message(s)
        while skip_completions and t == T_COMPLETE:
            t, body = read_message(s)
    except (OSError, EOFError, ValueError) as e:
        checks.check(False, what + ": an ERROR arrives", e)
        return None
    if not checks.check(t == T_ERROR, what + ": the answer is an ERROR", t):
        return None
    e = parse_error(body)
    checks.check(e["kind"] == kind, what + ": ERROR kind %d" % kind, e)
    if text is not None:
        checks.check(text in e["text"], what + ": the ERROR says '%s'" % text, e["text"])
    return e


def closed_after(s, seconds=5):
    """True when the host closes the connection (EOF) within `seconds`."""
    s.settimeout(seconds)
    try:
        while s.recv(4096):
            pass
        return True
    except (socket.timeout, OSError) as e:
        return isinstance(e, ConnectionResetError)


def hello_ok(checks, s, what):
    s.sendall(hello())
    t, body = read_message(s)
    return checks.check(t == T_WELCOME and len(body) == 48, what + ": WELCOME", t)


# ---- host + replay against render -----------------------------------------------------------

def run(cmd, timeout=180 * TIME_SCALE, env=None):
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    return r.returncode, r.stdout, r.stderr


def pictures(directory):
    """{name: bytes} of the PNGs in directory."""
    if not os.path.isdir(directory):
        return {}
    return {n: open(os.path.join(directory, n), "rb").read()
            for n in sorted(os.listdir(directory)) if n.endswith(".png")}


def compare_one(checks, aerocmd, path, tmp):
    """render vs host + replay of one input; the number of pictures compared."""
    name = os.path.basename(path)
    out = tempfile.mkdtemp(dir=tmp)
    rdir, hdir, last = os.path.join(out, "render"), os.path.join(out, "host"), \
        os.path.join(out, "last.png")
    rs, _, rerr = run([aerocmd, "render", "-q", "-o", rdir, path])
    want = pictures(rdir)
    host = Host(aerocmd, out, "--pictures", hdir, "-q")
    try:
        hs, hout, herr = run([aerocmd, "replay", "--host", host.address, path] +
                             (["--picture", last] if want else []))
    finally:
        host.stop()
    checks.check(hs == rs, name + ": replay exits as render does (%d)" % rs, hs)
    # a refusal: the line render prints (and the trace-container faults, the same text)
    checks.check(herr.strip() == rerr.strip(), name + ": the same refusal line",
                 "render: %r\nreplay: %r" % (rerr, herr))
    got = pictures(hdir)
    checks.check(sorted(got) == sorted(want), name + ": the same pictures %s" % sorted(want),
                 sorted(got))
    for n in sorted(want):
        checks.check(got.get(n) == want[n], name + ": %s byte for byte" % n)
    if want and hs == 0:
        checks.check(os.path.exists(last) and open(last, "rb").read() == want[sorted(want)[-1]],
                     name + ": GET_PICTURE is the last present", hout)
    if hs == 0:
        lines = [l for l in hout.splitlines() if l.startswith("submission ")]
        checks.check(len(lines) >= 1 and all(", fence " not in l or "written back" in l
                                              for l in lines),
                     name + ": one line per submission", hout)
    return len(want)


def inputs(args, tmp):
    paths = [os.path.join(args.fixtures, n) for n in sorted(os.listdir(args.fixtures))
             if n.endswith(".aerogputrace")]
    paths += [os.path.join(args.streams, n) for n in sorted(os.listdir(args.streams))
              if n.endswith(".acmd")]
    demo, raw = os.path.join(tmp, "demo.aerogputrace"), os.path.join(tmp, "demo.acmd")
    subprocess.run([args.aerocmd, "demo", "-o", demo, "--no-png"], capture_output=True)
    subprocess.run([args.aerocmd, "demo", "-o", raw, "--raw", "--no-png"], capture_output=True)
    paths += [demo, raw]
    if args.scene_pictures:
        paths += scene_traces(args, tmp)
    return paths


def scene_traces(args, tmp):
    """The umd golden scenarios as test_scene_pictures runs them (it records every
    submission with its allocation table and guest memory under AEROCMD_RECORD_DIR), each
    wrapped into a trace by `aerocmd trace wrap --memory`."""
    rec = os.path.join(tmp, "scenes")
    os.mkdir(rec)
    r = subprocess.run([args.scene_pictures], capture_output=True, text=True,
                       timeout=300 * TIME_SCALE,
                       env=dict(os.environ, AEROCMD_RECORD_DIR=rec))
    traces = []
    for name in sorted(os.listdir(rec)):
        streams = sorted(os.path.join(rec, name, f) for f in os.listdir(os.path.join(rec, name))
                         if f.endswith(".acmd"))
        out = os.path.join(tmp, name + ".aerogputrace")
        w = subprocess.run([args.aerocmd, "trace", "wrap", "--memory", *streams, "-o", out],
                           capture_output=True, text=True)
        if w.returncode == 0:
            traces.append(out)
    return traces if r.returncode == 0 else traces + ["test_scene_pictures failed: " + r.stderr]


def section_replay(args, checks, tmp):
    total = 0
    paths = inputs(args, tmp)
    for path in paths:
        if checks.check(os.path.exists(path), "an input: " + path):
            total += compare_one(checks, args.aerocmd, path, tmp)
    if args.scene_pictures:  # the scenarios: every one recorded and wrapped
        checks.check(sum(p.endswith(".aerogputrace") for p in paths) >= 30,
                     "the golden scenarios are among the traces", len(paths))
    # the comparisons above compared something: every picture the fixtures and the demo
    # draw (4 fixtures present, the demo 2: trace and raw stream), more with --traces
    checks.check(total >= (12 if args.scene_pictures else 6), "pictures compared: %d" % total)
    print("replay: %d pictures equal to render's" % total)


# ---- the C client -------------------------------------------------------------------------

def client_mode(checks, client, mode, address, *extra, wrapper=(), env=None,
                timeout=120 * TIME_SCALE):
    r = subprocess.run([*wrapper, client, mode, address, *extra], capture_output=True, text=True,
                       timeout=timeout, env=env)
    tail = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    ok = r.returncode == 0 and tail.endswith(" 0 failed")
    checks.check(ok, "host_client_test %s" % mode, r.stdout + r.stderr)
    if ok:
        print("%s: %s" % (mode, tail))
    return r.stdout


def section_client(args, checks, tmp):
    # the slow mode's draw (3 vertices x 0xFFFFFFFF instances) is for the watchdog: a work
    # budget above it lets it run into the deadline
    host = Host(args.aerocmd, tmp, "--deadline", "3s", "--max-work", "64G", "-q")
    try:
        for mode in ("readback", "pipeline", "picture", "refused", "isolation", "contexts",
                     "slow"):
            client_mode(checks, args.client, mode, host.address)
        checks.check(host.wait_no_workers(10), "no worker left after the clients")
    finally:
        status, log = host.stop()
    checks.check(status == 0, "SIGTERM: the host exits 0", log)
    path = os.path.join(tmp, "host.sock")
    host = Host(args.aerocmd, tmp, "--listen", "unix:" + path, "-q")
    try:
        checks.check(host.address == "unix:" + path, "a Unix socket: listening on it",
                     host.address)
        client_mode(checks, args.client, "readback", host.address)
    finally:
        status, log = host.stop()
    checks.check(status == 0 and not os.path.exists(path), "the Unix socket is removed", log)
    usage(args, checks, tmp)


def usage(args, checks, tmp):
    """Bad command lines: exit status 2 and a reason, nothing served."""
    for argv, why in ((["host", "--listen", "tcp:10.1.2.3:0"], "not a loopback address"),
                      (["host", "--listen", "udp:127.0.0.1:1"], "not an address"),
                      (["host", "--max-clients", "0"], "no clients"),
                      (["host", "--max-message", "1T"], "no such suffix"),
                      (["host", "--deadline", "0"], "no time"),
                      (["host", "--io-timeout", "5h"], "no such unit"),
                      (["host", "--bogus"], "an unknown option"),
                      (["replay", "--host", "tcp:127.0.0.1:1"], "no FILE"),
                      (["replay", os.path.join(tmp, "x")], "no --host")):
        status, out, err = run([args.aerocmd, *argv], timeout=20 * TIME_SCALE)
        checks.check(status == 2 and err != "" and "listening" not in out,
                     "aerocmd %s: exit 2 (%s)" % (" ".join(argv), why), out + err)
    demo = os.path.join(tmp, "usage.aerogputrace")
    subprocess.run([args.aerocmd, "demo", "-o", demo, "--no-png"], capture_output=True)
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    status, out, err = run([args.aerocmd, "replay", "--host", "tcp:127.0.0.1:%d" % port, demo])
    checks.check(status == 2 and "cannot connect" in err, "replay without a host: exit 2", err)


# ---- hostile clients ----------------------------------------------------------------------

class Hostile:
    def __init__(self, args, checks, tmp):
        self.args, self.checks, self.tmp = args, checks, tmp
        self.demo = os.path.join(tmp, "demo.aerogputrace")
        subprocess.run([args.aerocmd, "demo", "-o", self.demo, "--no-png"], capture_output=True)
        ref = os.path.join(tmp, "ref")
        run([args.aerocmd, "render", "-q", "-o", ref, self.demo])
        self.reference = pictures(ref).get("present_0000.png")

    def good_client(self, host, after):
        """A replay of the demo's trace: its picture must be render's."""
        last = os.path.join(self.tmp, "good-%d.png" % time.monotonic_ns())
        status, out, err = run([self.args.aerocmd, "replay", "-q", "--host", host.address,
                                "--picture", last, self.demo], timeout=60 * TIME_SCALE)
        self.checks.check(status == 0 and os.path.exists(last) and
                          open(last, "rb").read() == self.reference,
                          "after %s: a good client gets the demo's picture" % after, err)

    def garbage(self, host):
        s = connect(host)
        s.sendall(b"GET / HTTP/1.1\r\nHost: aerocmd\r\n\r\n")
        expect_error(self.checks, s, K_PROTOCOL, "garbage", "magic is not AHST")
        self.checks.check(closed_after(s), "garbage: the connection is closed")
        s.close()

    def huge_length(self, host):
        s = connect(host)
        hello_ok(self.checks, s, "huge length")
        s.sendall(header(T_SUBMIT, 0xFFFFFFF0))
        expect_error(self.checks, s, K_PROTOCOL, "huge length", "longer than its type allows")
        self.checks.check(closed_after(s), "huge length: the connection is closed")
        s.close()

    def cut_short(self, host):
        s = connect(host)
        hello_ok(self.checks, s, "cut short")
        start = time.monotonic()
        s.sendall(submit(1, b"ACMD" + b"\0" * 20)[:30])
        expect_error(self.checks, s, K_PROTOCOL, "cut short", "longer than the I/O timeout")
        took = time.monotonic() - start
        self.checks.check(0.8 <= took <= 4, "cut short: refused after the 1 s I/O timeout", took)
        s.close()

    def trickle(self, host):
        s = connect(host)
        hello_ok(self.checks, s, "trickle")
        message, start, got = submit(1, b"ACMD" + b"\0" * 20), time.monotonic(), None
        for i in range(len(message)):
            try:
                s.sendall(message[i:i + 1])
            except OSError:
                break
            if select.select([s], [], [], 0.25)[0]:
                break
        got = expect_error(self.checks, s, K_PROTOCOL, "trickle", "I/O timeout")
        took = time.monotonic() - start
        self.checks.check(got is not None and took <= 4,
                          "trickle: stopped by the deadline of the whole message", took)
        s.close()

    def no_hello(self, host):
        s = connect(host)
        start = time.monotonic()
        expect_error(self.checks, s, K_PROTOCOL, "no HELLO", "no HELLO")
        self.checks.check(time.monotonic() - start <= 4 * TIME_SCALE,
                          "no HELLO: closed after the timeout")
        s.close()

    def many(self, host):
        socks = [connect(host) for _ in range(200)]
        # a spare just forked looks like a worker until it names itself: the fewest seen
        # over a moment
        seen = min((len(host.children()), time.sleep(0.05))[0] for _ in range(20))
        self.checks.check(seen <= 4, "200 connections: at most --max-clients workers",
                          host.children())
        busy = served = 0
        for s in socks:
            s.settimeout(5)
            try:
                t, body = read_message(s)
                kind = parse_error(body)["kind"] if t == T_ERROR else None
            except (OSError, EOFError, ValueError):
                kind = None
            busy += kind == K_BUSY
            served += kind == K_PROTOCOL  # served, then no HELLO within the I/O timeout
        self.checks.check(busy >= 190 and busy + served == 200,
                          "200 connections: the first served, the rest ERROR busy at once",
                          "busy %d, served %d" % (busy, served))
        for s in socks:
            s.close()
        self.checks.check(host.wait_no_workers(5), "200 connections: no worker left")

    def killed_mid_submission(self, host):
        victim = subprocess.Popen([self.args.client, "slow", host.address],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.8)
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        # its worker runs until the watchdog (3 s) stops the draw, then nothing is left
        self.checks.check(host.wait_no_workers(8), "kill -9 mid-submission: its worker is gone")
        code = ("import socket,struct,os,sys\n"
                "s=socket.create_connection((sys.argv[1],int(sys.argv[2])))\n"
                "s.sendall(struct.pack('<IHHII',0x54534841,1,1,16,0)+struct.pack('<IIQ',"
                "0x10004,0,0))\ns.recv(64)\n"
                "s.sendall(struct.pack('<IHHII',0x54534841,3,1,1<<20,0)+b'x'*1000)\n"
                "os.kill(os.getpid(),9)\n")
        ip, port = host.tcp()
        subprocess.run([sys.executable, "-c", code, ip, str(port)], capture_output=True)
        self.checks.check(host.wait_no_workers(5), "kill -9 mid-message: its worker is gone")

    def refused(self, host):
        s = connect(host)
        hello_ok(self.checks, s, "refused")
        s.sendall(submit(5, b"XCMD" + struct.pack("<IIIII", ABI, 24, 0, 0, 0)))
        e = expect_error(self.checks, s, K_REFUSED, "refused")
        if e is not None:  # the stream's magic is wrong: reason 2 (bad_magic) at offset 0
            self.checks.check(e["reason"] == 2 and e["offset"] == 0 and e["fence"] == 5 and
                              e["flags"] & 1 and not e["flags"] & 2,
                              "refused: bad_magic at offset 0 of fence 5, connection kept", e)
        s.sendall(submit(6, b"ACMD" + struct.pack("<IIIII", ABI, 24, 0, 0, 0)))
        e = expect_error(self.checks, s, K_LOST, "lost")
        self.checks.check(e is not None and e["fence"] == 6 and e["submission"] == 1,
                          "lost: the next submission did not run", e)
        s.sendall(header(T_GET_PICTURE, 0))
        t, body = read_message(s)
        self.checks.check(t == T_PICTURE and struct.unpack("<I", body[:4])[0] == NO_PRESENT,
                          "lost: GET_PICTURE still answers (nothing presented)", t)
        s.close()

    def crashed(self, host):
        s = connect(host)
        hello_ok(self.checks, s, "crash")
        # the spare that took the connection is replaced by a new one, which names itself
        # "aerocmd spare" a moment after the fork: until then it looks like a worker
        end = time.monotonic() + 5 * TIME_SCALE
        workers = host.children()
        while len(workers) != 1 and time.monotonic() < end:
            time.sleep(0.05)
            workers = host.children()
        if self.checks.check(len(workers) == 1, "crash: one worker", workers):
            # as a vkd3d-shader assertion ends a process
            os.kill(workers[0], signal.SIGABRT)
            expect_error(self.checks, s, K_CRASHED, "crash", "signal 6")
        s.close()

    def never_reads(self, host):
        s = connect(host)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        hello_ok(self.checks, s, "never reads")
        s.sendall(submit(1, stream(presented_target(1, 512))))
        s.settimeout(10)
        for _ in range(64):  # answers of 1 MiB each pile up unread
            try:
                s.sendall(header(T_GET_PICTURE, 0))
            except OSError:
                break
        self.checks.check(host.wait_no_workers(6), "a client that never reads: dropped")
        s.close()


def hostile_memory(args, checks, tmp, hostile):
    """A device over its memory: stopped, told, and the host goes on. (16M holds what the
    executor counts at start, its semantic tracker among it; with the overhead knob at 1M
    the process's limit, 16M + 2 x 1M + 1M, is below what the Vulkan device alone holds.)"""
    env = dict(os.environ, AEROCMD_HOST_RSS_OVERHEAD="1M")
    host = Host(args.aerocmd, tmp, "--max-memory", "16M", "--max-message", "1M", "-q", env=env)
    try:
        s = connect(host)
        hello_ok(checks, s, "memory")
        s.sendall(submit(1, b"ACMD" + struct.pack("<IIIII", ABI, 24, 0, 0, 0)))
        expect_error(checks, s, K_MEMORY, "memory", "over its", skip_completions=True)
        s.close()
        checks.check(host.wait_no_workers(5), "memory: the worker is gone")
    finally:
        status, log = host.stop()
    checks.check(status == 0, "memory: the host exits 0", log)


def section_hostile(args, checks, tmp):
    h = Hostile(args, checks, tmp)
    checks.check(h.reference is not None, "the demo's reference picture")
    host = Host(args.aerocmd, tmp, "--max-clients", "4", "--io-timeout", "1s", "--deadline",
                "3s", "--max-work", "64G", "-q")
    try:
        h.good_client(host, "start")
        rss0 = host.memory_kb()
        for case in (h.garbage, h.huge_length, h.cut_short, h.trickle, h.no_hello, h.many,
                     h.killed_mid_submission, h.refused, h.crashed, h.never_reads):
            checks.check(host.wait_no_workers(5), "before %s: no worker" % case.__name__)
            case(host)
            h.good_client(host, case.__name__)
            checks.check(host.proc.poll() is None, "%s: the host runs on" % case.__name__)
        rss1, peak = host.memory_kb(), host.memory_kb("VmHWM")
        print("hostile: the listener's resident memory %d kB before, %d kB after (peak %d kB)" %
              (rss0, rss1, peak))
        checks.check(rss1 <= rss0 + 4096 and peak <= 64 * 1024,
                     "the listener's memory stays flat: %d kB -> %d kB (peak %d kB)" %
                     (rss0, rss1, peak))
        checks.check(host.wait_no_workers(5), "no worker left")
    finally:
        status, log = host.stop()
    checks.check(status == 0, "SIGTERM: the host exits 0", log)
    hostile_memory(args, checks, tmp, h)


# ---- Wine ---------------------------------------------------------------------------------

def section_wine(args, checks, tmp):
    if not os.path.exists(args.wine):
        print("wine64 not found: skipped")
        return 77
    env = dict(os.environ, WINEDEBUG=os.environ.get("WINEDEBUG", "-all"))
    env.setdefault("WINEPREFIX", os.path.join(tmp, "wineprefix"))
    host = Host(args.aerocmd, tmp, "-q")
    try:
        for mode in ("readback", "picture", "refused", "contexts"):
            client_mode(checks, args.client, mode, host.address, wrapper=(args.wine,), env=env,
                        timeout=240 * TIME_SCALE)
    finally:
        status, log = host.stop()
    checks.check(status == 0, "the host exits 0", log)
    return None


# ---- benchmarks ---------------------------------------------------------------------------

def medians_interleaved(commands, n):
    """The median wall time of each command over n runs, run in turn (a busy machine slows
    both alike)."""
    times = [[] for _ in commands]
    for _ in range(n):
        for i, cmd in enumerate(commands):
            start = time.monotonic()
            r = subprocess.run(cmd, capture_output=True, text=True)
            times[i].append(time.monotonic() - start)
            if r.returncode != 0:
                raise RuntimeError(" ".join(cmd) + ": " + r.stderr)
    return [sorted(t)[n // 2] for t in times]


def section_bench(args, checks, tmp):
    demo = os.path.join(tmp, "demo.aerogputrace")
    subprocess.run([args.aerocmd, "demo", "-o", demo, "--no-png"], capture_output=True)
    host = Host(args.aerocmd, tmp, "-q")
    try:
        out = client_mode(checks, args.client, "roundtrip", host.address, "2000")
        render, replay = medians_interleaved(
            [[args.aerocmd, "render", "-q", "-o", os.path.join(tmp, "r"), demo],
             [args.aerocmd, "replay", "-q", "--host", host.address, demo]], 25)
    finally:
        host.stop()
    ratio = replay / render
    print("bench: an empty submission + its fence through the host: %s" %
          out.strip().splitlines()[0].split(": ", 1)[-1])
    print("bench: demo frame: host + replay %.1f ms, render %.1f ms: %.2fx (goal <= 1.2x)" %
          (replay * 1000, render * 1000, ratio))
    if args.check:
        checks.check(ratio <= 1.2, "the demo frame through the host within 1.2x of render",
                     ratio)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("section", choices=["replay", "client", "hostile", "wine", "bench"])
    ap.add_argument("--aerocmd", required=True)
    ap.add_argument("--client")
    ap.add_argument("--fixtures")
    ap.add_argument("--streams")
    ap.add_argument("--scene-pictures")
    ap.add_argument("--wine", default=os.environ.get("WINE", "/usr/lib/wine/wine64"))
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    checks = Checks()
    tmp = tempfile.mkdtemp(prefix="aerocmd-host-")
    try:
        skipped = {"replay": section_replay, "client": section_client,
                   "hostile": section_hostile, "wine": section_wine,
                   "bench": section_bench}[args.section](args, checks, tmp)
        if skipped == 77:
            return 77
        for log in Host.logs:
            checks.check("Sanitizer" not in log and "runtime error" not in log,
                         "no sanitizer report from the host or its workers", log[-3000:])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
