# SPDX-License-Identifier: MIT
"""Builders for command streams and .aerogputrace containers, written from
doc/protocol/RULES.md and doc/protocol/TRACE.md (not from the library), for the CLI tests,
the scale tests and the benchmark. Everything is little-endian."""
import json
import struct

import dxbc

ABI_1_4 = 0x10004
STREAM_HEADER_BYTES = 24

# Opcodes (aerogpu-abi-1.4.json, enum aerogpu_cmd_opcode).
OP = {
    "NOP": 0x0, "DEBUG_MARKER": 0x1, "CREATE_BUFFER": 0x100, "CREATE_TEXTURE2D": 0x101,
    "DESTROY_RESOURCE": 0x102, "UPLOAD_RESOURCE": 0x104, "CREATE_SHADER_DXBC": 0x200,
    "DESTROY_SHADER": 0x201, "BIND_SHADERS": 0x202, "SET_RENDER_TARGETS": 0x400,
    "SET_VIEWPORT": 0x401, "SET_VERTEX_BUFFERS": 0x500, "SET_PRIMITIVE_TOPOLOGY": 0x502,
    "SET_CONSTANT_BUFFERS": 0x523, "CLEAR": 0x600, "DRAW": 0x601, "PRESENT": 0x700,
}

REC_BEGIN_FRAME, REC_PRESENT, REC_PACKET, REC_BLOB, REC_SUBMISSION = 1, 2, 3, 4, 5
BLOB_CMD_STREAM, BLOB_ALLOC_TABLE, BLOB_GUEST_MEMORY = 0x100, 0x101, 0x102


def packet(opcode, body=b""):
    """A packet: header, body, zero padding to a multiple of 4."""
    body += b"\0" * (-len(body) % 4)
    return struct.pack("<II", opcode, 8 + len(body)) + body


def raw_stream(packets, abi=ABI_1_4):
    body = b"".join(packets)
    return b"ACMD" + struct.pack("<IIIII", abi, STREAM_HEADER_BYTES + len(body), 0, 0, 0) + body


def alloc_table(entries, abi=ABI_1_4):
    """entries: [(alloc_id, flags, gpa, size_bytes)]."""
    body = b"".join(struct.pack("<IIQQQ", a, f, g, s, 0) for a, f, g, s in entries)
    return b"ALOC" + struct.pack("<IIIII", abi, 24 + len(body), len(entries), 32, 0) + body


def f32(value):
    return struct.unpack("<I", struct.pack("<f", value))[0]


def record(rtype, payload):
    return struct.pack("<BBHI", rtype, 0, 0, len(payload)) + payload


def blob(blob_id, kind, data):
    return record(REC_BLOB, struct.pack("<QII", blob_id, kind, 0) + data)


def submission(cmd_blob, table_blob=0, ranges=(), flags=0, context=0, fence=0):
    """ranges: [(alloc_id, flags, gpa, size_bytes, blob_id)]."""
    body = struct.pack("<IIIIIIQQQII", 1, 56, flags, context, 0, 0, fence, cmd_blob, table_blob,
                       len(ranges), 0)
    body += b"".join(struct.pack("<IIQQQ", *r) for r in ranges)
    return record(REC_SUBMISSION, body)


def meta_bytes(abi):
    return json.dumps({"emulator_version": "tracegen", "command_abi_version": abi},
                      separators=(",", ":")).encode()


class TraceWriter:
    """Writes a container record by record to a file object: one frame holding every
    record, then the table of contents and the footer."""

    def __init__(self, out, version=2, abi=ABI_1_4):
        self.out = out
        self.version = version
        meta = meta_bytes(abi)
        self.pos = 0
        self._put(b"AEROGPUT" + struct.pack("<IIIIII", 32, version, abi, 0, len(meta), 0) + meta)
        self.frame_start = self.pos
        self._put(record(REC_BEGIN_FRAME, struct.pack("<I", 0)))

    def _put(self, data):
        self.out.write(data)
        self.pos += len(data)

    def add(self, data):
        """Raw record bytes (from record(), blob(), submission())."""
        self._put(data)

    def finish(self):
        present_at = self.pos
        self._put(record(REC_PRESENT, struct.pack("<I", 0)))
        end = self.pos
        toc = b"AEROTOC\0" + struct.pack("<II", 1, 1) + struct.pack(
            "<IIQQQ", 0, 0, self.frame_start, present_at, end)
        self._put(toc)
        self._put(b"AEROGPUF" + struct.pack("<IIQQ", 32, self.version, end, len(toc)))


def build_trace(records, version=2, abi=ABI_1_4):
    """The bytes of a container holding `records` (a list of record byte strings)."""
    import io
    out = io.BytesIO()
    writer = TraceWriter(out, version, abi)
    for rec in records:
        writer.add(rec)
    writer.finish()
    return out.getvalue()


def build_v2_trace(streams, tables=None, abi=ABI_1_4):
    """One blob + submission per stream (blob ids 1, 2, ...), each with its optional
    allocation table blob."""
    records, next_id = [], 1
    for index, stream in enumerate(streams):
        cmd_id = next_id
        records.append(blob(cmd_id, BLOB_CMD_STREAM, stream))
        next_id += 1
        table_id = 0
        if tables and tables[index] is not None:
            table_id = next_id
            records.append(blob(table_id, BLOB_ALLOC_TABLE, tables[index]))
            next_id += 1
        records.append(submission(cmd_id, table_id, fence=index + 1))
    return build_trace(records, 2, abi)


def build_v1_packet_trace(streams, abi=ABI_1_4, extra_records=()):
    """A version 1 container recording each stream as a Packet record (0x03), the way
    version-1 captures do (TRACE.md)."""
    return build_trace(list(extra_records) + [record(REC_PACKET, s) for s in streams], 1, abi)


# ---- a realistic frame, semantically valid and repeatable ----------------------------

def _create_buffer(handle, size, usage):
    return packet(OP["CREATE_BUFFER"], struct.pack("<IIQIIQ", handle, usage, size, 0, 0, 0))


def _upload(handle, offset, data):
    return packet(OP["UPLOAD_RESOURCE"], struct.pack("<IIQQ", handle, 0, offset, len(data)) + data)


def frame_stream(index, draws=40, upload_bytes=4096):
    """One frame: host-owned resources created, filled, used by `draws` draws with
    per-draw constants, presented and destroyed (so frames can repeat). Handles depend
    only on nothing but the frame layout."""
    vb, cb, rt, vs, ps = 1, 2, 3, 4, 5
    vs_dxbc, ps_dxbc = dxbc.vertex_shader(), dxbc.pixel_shader()
    pk = [
        packet(OP["DEBUG_MARKER"], ("frame %d" % index).encode()),
        _create_buffer(vb, 65536, 1),
        _upload(vb, 0, bytes((index + i) & 0xFF for i in range(upload_bytes))),
        _create_buffer(cb, 4096, 4),
        packet(OP["CREATE_TEXTURE2D"], struct.pack("<IIIIIIIIIIQ", rt, 16, 1, 256, 256, 1, 1,
                                                   0, 0, 0, 0)),
        packet(OP["CREATE_SHADER_DXBC"], struct.pack("<IIII", vs, 0, len(vs_dxbc), 0) + vs_dxbc),
        packet(OP["CREATE_SHADER_DXBC"], struct.pack("<IIII", ps, 1, len(ps_dxbc), 0) + ps_dxbc),
        packet(OP["BIND_SHADERS"], struct.pack("<IIII", vs, ps, 0, 0)),
        packet(OP["SET_RENDER_TARGETS"], struct.pack("<II8I", 1, 0, rt, 0, 0, 0, 0, 0, 0, 0)),
        packet(OP["SET_VIEWPORT"], struct.pack("<6I", 0, 0, f32(256), f32(256), 0, f32(1))),
        packet(OP["CLEAR"], struct.pack("<I4IfI", 1, f32(0.25), f32(0.5), f32(0.75), f32(1),
                                        1.0, 0)),
        packet(OP["SET_VERTEX_BUFFERS"], struct.pack("<II", 0, 1) + struct.pack("<IIII", vb, 16,
                                                                               0, 0)),
        packet(OP["SET_PRIMITIVE_TOPOLOGY"], struct.pack("<II", 4, 0)),
    ]
    for d in range(draws):
        pk.append(_upload(cb, (d % 16) * 256, struct.pack("<16f", *[float(d + k)
                                                                   for k in range(16)])))
        pk.append(packet(OP["SET_CONSTANT_BUFFERS"], struct.pack("<IIII", 0, 0, 1, 0) +
                         struct.pack("<IIII", cb, (d % 16) * 256, 256, 0)))
        pk.append(packet(OP["DRAW"], struct.pack("<IIII", 3, 1, 3 * (d % 8), 0)))
    pk.append(packet(OP["PRESENT"], struct.pack("<II", 0, 0)))
    for handle in (vs, ps):
        pk.append(packet(OP["DESTROY_SHADER"], struct.pack("<II", handle, 0)))
    for handle in (vb, cb, rt):
        pk.append(packet(OP["DESTROY_RESOURCE"], struct.pack("<II", handle, 0)))
    return raw_stream(pk)


def write_large_trace(path, target_bytes, draws=40, upload_bytes=4096):
    """A version 2 trace of repeated frames, about target_bytes long; returns
    (bytes written, submissions)."""
    frame = frame_stream(0, draws, upload_bytes)
    count = 0
    with open(path, "wb") as out:
        writer = TraceWriter(out)
        blob_id = 1
        while writer.pos < target_bytes:
            writer.add(blob(blob_id, BLOB_CMD_STREAM, frame))
            writer.add(submission(blob_id, fence=blob_id, flags=1))
            blob_id += 1
            count += 1
        writer.finish()
        return writer.pos, count
