#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Seeds of fuzz_host_wire (gen_seeds.py writes them to corpus/host_wire): sequences of the
live host's messages as doc/host-protocol.md lays them out, from both sides. Deterministic."""
import struct

MAGIC = 0x54534841
ABI = 0x00010004
HELLO, WELCOME, SUBMIT, COMPLETE, ERROR, GET_PICTURE, PICTURE, BYE, END_CONTEXT = range(1, 10)


def message(kind, body):
    return struct.pack("<IHHII", MAGIC, kind, 1, len(body), 0) + body


def pad8(b):
    return b + b"\0" * (-len(b) % 8)


def stream(packets=b""):
    return b"ACMD" + struct.pack("<IIIII", ABI, 24 + len(packets), 0, 0, 0) + packets


def alloc_table(entries):
    body = b"".join(struct.pack("<IIQQQ", a, 0, g, s, 0) for a, g, s in entries)
    return struct.pack("<IIIIII", 0x434F4C41, ABI, 24 + len(body), len(entries), 32, 0) + body


def submit(fence, strm, table=b"", records=()):
    body = struct.pack("<QIIII", fence, len(strm), len(table), len(records), 0)
    body += pad8(strm) + pad8(table)
    for alloc_id, gpa, data in records:
        body += struct.pack("<IIQQ", alloc_id, 0, gpa, len(data)) + pad8(data)
    return message(SUBMIT, body)


def complete(fence, ranges, presents=0, first=0xFFFFFFFF):
    body = struct.pack("<QIIII", fence, len(ranges), presents, first, 0)
    for alloc_id, offset, data in ranges:
        body += struct.pack("<IIQQ", alloc_id, 0, offset, len(data)) + pad8(data)
    return message(COMPLETE, body)


def error(kind, fence, text, result=7, reason=19, offset=24, opcode=0x400, flags=1):
    t = text.encode()
    body = struct.pack("<IIIIIIQII", result, kind, reason, offset, opcode, flags, fence, 0, len(t))
    return message(ERROR, pad8(body + t))


def host_wire_seeds():
    hello = message(HELLO, struct.pack("<IIQ", ABI, 0, 0))
    welcome = message(WELCOME, struct.pack("<IIQQQIIQ", ABI, 1, 64 << 20, 1 << 30, 0, 30000,
                                           10000, 0))
    clear = struct.pack("<IIIIIIIII", 0x600, 36, 1, 0x3F800000, 0, 0, 0x3F800000, 0x3F800000, 0)
    memory = [(7, 0x10000, bytes(range(40))), (9, 0x20000, b"\xcd" * 13)]
    table = alloc_table([(7, 0x10000, 40), (9, 0x20000, 13)])
    picture = message(PICTURE, struct.pack("<IIIIIIQ", 3, 1, 3, 2, 2, 1, 5) + b"\x10" * 16)
    return {
        "client_session": hello + submit(1, stream(clear), table, memory) +
                          submit(2, stream()) + message(GET_PICTURE, b"") +
                          message(END_CONTEXT, struct.pack("<II", 3, 0)) + message(BYE, b""),
        "client_many_records": hello + submit(3, stream(), b"", [(i + 1, i * 4096, bytes([i]) * i)
                                                                 for i in range(1, 40)]),
        "host_answers": welcome + complete(1, [(7, 8, b"\x4d\x33\x1a\xff" * 4),
                                               (7, 40, b"\x00" * 3)]) +
                        complete(2, [], 1, 0) + error(2, 3, "submission 2, offset 24 (0x18)") +
                        error(6, 4, "lost", flags=0) + picture,
        "host_busy": error(5, 0, "the host serves 16 clients already", result=6, reason=0,
                           offset=0, opcode=0, flags=2),
    }
