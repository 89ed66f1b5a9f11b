# SPDX-License-Identifier: MIT
"""Seeds for fuzz_trace_semantic: version-2 .aerogputrace files whose submissions carry
allocation tables (TRACE.md, RULES.md), for gen_seeds.py. Each seed aims at one path: a
table that opens without scratch or needs it, a duplicate, guest-memory ranges, the issue-18
writeback past a smaller allocation listed under the same id, handles that all collide in
the tracker's hash."""
import json
import struct

ABI_1_4 = 0x00010004
STREAM_MAGIC = 0x444D4341  # "ACMD"
ALLOC_TABLE_MAGIC = 0x434F4C41  # "ALOC"
BLOB_CMD_STREAM, BLOB_ALLOC_TABLE, BLOB_GUEST_MEMORY = 0x100, 0x101, 0x102
WRITEBACK_DST = 1
KIB = 1024


def packet(opcode, body):
    return struct.pack("<II", opcode, 8 + len(body)) + body


def stream(*packets):
    body = b"".join(packets)
    return struct.pack("<IIIIII", STREAM_MAGIC, ABI_1_4, 24 + len(body), 0, 0, 0) + body


def create_buffer(handle, size, alloc_id=0, offset=0):
    return packet(0x100, struct.pack("<IIQIIQ", handle, 1, size, alloc_id, offset, 0))


def dirty_range(handle, offset, size):
    return packet(0x103, struct.pack("<IIQQ", handle, 0, offset, size))


def copy_buffer(dst, src, dst_offset, src_offset, size, flags=0):
    return packet(0x105, struct.pack("<IIQQQII", dst, src, dst_offset, src_offset, size, flags, 0))


def create_sampler(handle):
    return packet(0x520, struct.pack("<IIIII", handle, 1, 0, 0, 0))


def set_samplers(handles):
    return packet(0x522, struct.pack("<IIII", 1, 0, len(handles), 0) +
                  b"".join(struct.pack("<I", h) for h in handles))


def alloc_table(entries):
    """entries: (alloc_id, flags, gpa, size)"""
    body = b"".join(struct.pack("<IIQQQ", a, f, g, s, 0) for a, f, g, s in entries)
    return struct.pack("<IIIIII", ALLOC_TABLE_MAGIC, ABI_1_4, 24 + len(body), len(entries), 32,
                       0) + body


class Trace:
    """A one-frame version-2 container: blobs before the submissions that name them."""

    def __init__(self):
        self.records = []
        self.next_blob = 1

    def record(self, kind, payload):
        self.records.append(struct.pack("<BBHI", kind, 0, 0, len(payload)) + payload)

    def blob(self, kind, data):
        blob_id = self.next_blob
        self.next_blob += 1
        self.record(0x04, struct.pack("<QII", blob_id, kind, 0) + data)
        return blob_id

    def submit(self, cmd, table=None, ranges=()):
        """ranges: (alloc_id, gpa, bytes)"""
        cmd_id = self.blob(BLOB_CMD_STREAM, cmd)
        table_id = self.blob(BLOB_ALLOC_TABLE, table) if table is not None else 0
        range_bytes = b""
        for alloc_id, gpa, data in ranges:
            range_bytes += struct.pack("<IIQQQ", alloc_id, 0, gpa, len(data),
                                       self.blob(BLOB_GUEST_MEMORY, data))
        self.record(0x05, struct.pack("<IIIIIIQQQII", 1, 56, 0, 0, 0, 0, len(self.records),
                                      cmd_id, table_id, len(ranges), 0) + range_bytes)

    def bytes(self):
        meta = json.dumps({"emulator_version": "seed", "command_abi_version": ABI_1_4},
                          separators=(",", ":")).encode()
        head = b"AEROGPUT" + struct.pack("<IIIIII", 32, 2, ABI_1_4, 0, len(meta), 0) + meta
        begin = len(head)
        frame = struct.pack("<BBHI", 0x01, 0, 0, 4) + struct.pack("<I", 0)
        body = frame + b"".join(self.records)
        present_at = begin + len(body)
        body += struct.pack("<BBHI", 0x02, 0, 0, 4) + struct.pack("<I", 0)
        end = begin + len(body)
        toc = b"AEROTOC\0" + struct.pack("<II", 1, 1) + struct.pack("<IIQQQ", 0, 0, begin,
                                                                    present_at, end)
        footer = b"AEROGPUF" + struct.pack("<IIQQ", 32, 2, end, len(toc))
        return head + body + toc + footer


def writeback_past_smaller_allocation():
    t = Trace()
    t.submit(stream(create_buffer(10, 8 * KIB, 5), create_buffer(11, 8 * KIB)),
             alloc_table([(5, 0, 0x100000, 8 * KIB)]))
    t.submit(stream(copy_buffer(10, 11, 4 * KIB, 4 * KIB, 4 * KIB, WRITEBACK_DST)),
             alloc_table([(5, 0, 0x300000, 4 * KIB)]))
    return t.bytes()


def dirty_ranges_with_memory():
    t = Trace()
    t.submit(stream(create_buffer(20, 256, 7, 64), dirty_range(20, 0, 256)),
             alloc_table([(7, 0, 0x200000, 4 * KIB), (9, 1, 0x400000, 4 * KIB)]),
             [(7, 0x200000, bytes(range(256)) * 2)])
    t.submit(stream(dirty_range(20, 128, 128), copy_buffer(20, 20, 0, 128, 64, WRITEBACK_DST)),
             alloc_table([(7, 0, 0x200000, 4 * KIB)]))
    return t.bytes()


def big_table(count, ascending, duplicate_at=None):
    ids = [1 + 3 * i for i in range(count)]
    if not ascending:
        ids = ids[1::2] + ids[0::2]
    if duplicate_at is not None:
        ids[duplicate_at] = ids[duplicate_at // 2]
    entries = [(a, 0, 0x1000000 + i * 0x10000, 0x10000) for i, a in enumerate(ids)]
    t = Trace()
    t.submit(stream(*[create_buffer(100 + i, 256, ids[i]) for i in range(0, count, 7)],
                    *[dirty_range(100 + i, 0, 64) for i in range(0, count, 7)]),
             alloc_table(entries))
    return t.bytes()


def colliding_handles(count):
    """Sampler handles that all land in one bucket of the tracker's hash (h * 0x9E3779B1 = i
    after the object role's 0x85EBCA6B is mixed in): the hash-flooding shape."""
    inverse = 0x9E3779B1
    for _ in range(5):
        inverse = (inverse * (2 - 0x9E3779B1 * inverse)) & 0xFFFFFFFF
    handles = [((i * inverse) & 0xFFFFFFFF) ^ 0x85EBCA6B for i in range(1, count + 1)]
    t = Trace()
    t.submit(stream(*[create_sampler(h) for h in handles]))
    t.submit(stream(*[set_samplers(handles[i:i + 16]) for i in range(0, count, 16)]))
    return t.bytes()


def trace_semantic_seeds():
    return {
        "writeback_past_smaller_allocation": writeback_past_smaller_allocation(),
        "dirty_ranges_with_memory": dirty_ranges_with_memory(),
        "table_ascending_300": big_table(300, True),
        "table_unordered_100": big_table(100, False),
        "table_unordered_duplicate": big_table(90, False, duplicate_at=77),
        "colliding_samplers_600": colliding_handles(600),
    }
