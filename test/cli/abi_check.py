# SPDX-License-Identifier: MIT
"""Independent readers for the CLI tests: .aerogputrace containers, command streams, and a
checker that compares the fields a dump line prints with the bytes of the packet, using
the layouts in aerogpu-abi-1.4.json (not the library's own tables)."""
import json
import re
import struct

STREAM_HEADER = 24

# Payload facts from RULES.md: which field sizes a raw payload, which element struct a
# counted array uses.
RAW_PAYLOAD_SIZE_FIELD = {
    "UPLOAD_RESOURCE": "size_bytes",
    "CREATE_SHADER_DXBC": "dxbc_size_bytes",
    "CREATE_INPUT_LAYOUT": "blob_size_bytes",
}
ARRAY_PAYLOAD = {
    "SET_VERTEX_BUFFERS": ("buffer_count", "aerogpu_vertex_buffer_binding"),
    "SET_CONSTANT_BUFFERS": ("buffer_count", "aerogpu_constant_buffer_binding"),
    "SET_SHADER_RESOURCE_BUFFERS": ("buffer_count", "aerogpu_shader_resource_buffer_binding"),
    "SET_UNORDERED_ACCESS_BUFFERS": ("uav_count", "aerogpu_unordered_access_buffer_binding"),
}


def u32(data, offset):
    return struct.unpack_from("<I", data, offset)[0]


def u64(data, offset):
    return struct.unpack_from("<Q", data, offset)[0]


def walk_packets(stream):
    """[(offset, opcode, size, packet_bytes)] of a well-formed stream."""
    size = u32(stream, 8)
    packets = []
    offset = STREAM_HEADER
    while offset < size:
        opcode, packet_size = u32(stream, offset), u32(stream, offset + 4)
        packets.append((offset, opcode, packet_size, stream[offset:offset + packet_size]))
        offset += packet_size
    return packets


def read_trace(data):
    """The submissions of a container (TRACE.md): [{'stream', 'stream_offset', 'alloc',
    'alloc_offset', 'record_offset'}] in file order. Version 1 files: every command-stream
    blob, without tables."""
    version = u32(data, 12)
    meta_len = u32(data, 24)
    toc_offset = u64(data, len(data) - 16)
    blobs = {}
    submissions = []
    offset = 32 + meta_len
    while offset < toc_offset:
        rtype, plen = data[offset], u32(data, offset + 4)
        payload_at = offset + 8
        if rtype == 0x04:
            blob_id, kind = u64(data, payload_at), u32(data, payload_at + 8)
            blobs[blob_id] = (kind, payload_at + 16, plen - 16)
            if version == 1 and kind == 0x100:
                submissions.append({"record_offset": offset, "stream_offset": payload_at + 16,
                                    "stream": data[payload_at + 16:payload_at + plen],
                                    "alloc": None, "alloc_offset": None})
        elif rtype == 0x05:
            cmd_id, table_id = u64(data, payload_at + 32), u64(data, payload_at + 40)
            _, at, length = blobs[cmd_id]
            sub = {"record_offset": offset, "stream_offset": at, "stream": data[at:at + length],
                   "alloc": None, "alloc_offset": None}
            if table_id:
                _, tat, tlen = blobs[table_id]
                sub["alloc"], sub["alloc_offset"] = data[tat:tat + tlen], tat
            submissions.append(sub)
        offset = payload_at + plen
    return submissions


def build_v1_trace(stream, abi_version):
    """A container version 1 holding one frame with one command-stream blob."""
    meta = json.dumps({"emulator_version": "test", "command_abi_version": abi_version},
                      separators=(",", ":")).encode()
    header = b"AEROGPUT" + struct.pack("<IIIIII", 32, 1, abi_version, 0, len(meta), 0)
    begin = struct.pack("<BBHI", 1, 0, 0, 4) + struct.pack("<I", 0)
    blob_payload = struct.pack("<QII", 1, 0x100, 0) + stream
    blob = struct.pack("<BBHI", 4, 0, 0, len(blob_payload)) + blob_payload
    present = struct.pack("<BBHI", 2, 0, 0, 4) + struct.pack("<I", 0)
    start = len(header) + len(meta)
    present_at = start + len(begin) + len(blob)
    end = present_at + len(present)
    toc = b"AEROTOC\0" + struct.pack("<II", 1, 1) + struct.pack("<IIQQQ", 0, 0, start,
                                                                 present_at, end)
    footer = b"AEROGPUF" + struct.pack("<IIQQ", 32, 1, end, len(toc))
    return header + meta + begin + blob + present + toc + footer


class Abi:
    def __init__(self, path):
        with open(path) as f:
            doc = json.load(f)
        self.structs = {s["name"]: s for s in doc["structs"]}
        self.opcode_names = {}
        self.enum_values = []
        for enum in doc["enums"]:
            for value in enum["values"]:
                self.enum_values.append((value["name"], value["value"]))
                if enum["name"] == "aerogpu_cmd_opcode":
                    self.opcode_names[value["value"]] = value["name"][len("AEROGPU_CMD_"):]

    def opcode_name(self, opcode):
        return self.opcode_names.get(opcode, "UNKNOWN(0x%04x)" % opcode)

    def struct_for(self, name):
        return self.structs.get("aerogpu_cmd_" + name.lower())

    def flat_fields(self, struct_name, base=0):
        """{name: (offset, elem_size, count, type)} with nested structs flattened."""
        out = {}
        for field in self.structs[struct_name]["fields"]:
            ftype = field["type"]
            if field["name"] == "hdr":
                continue
            if ftype.startswith("struct "):
                out.update(self.flat_fields(ftype[len("struct "):], base + field["offset"]))
                continue
            match = re.fullmatch(r"(\w+)\[(\d+)\]", ftype)
            count = int(match.group(2)) if match else 1
            elem_type = match.group(1) if match else ftype
            out[field["name"]] = (base + field["offset"], field["size"] // count, count,
                                  elem_type)
        return out

    def enum_candidates(self, short):
        return [value for name, value in self.enum_values if name.endswith("_" + short)]


def _value_matches(abi, token, raw, elem_type, field_name):
    """Whether a printed value (text token or JSON value) spells the raw element bytes."""
    value = int.from_bytes(raw, "little")
    if elem_type == "int32_t" and value >= 1 << 31:
        value -= 1 << 32
    if isinstance(token, bool):
        token = "true" if token else "false"
    elif isinstance(token, (int, float)):
        token = repr(token)
    if field_name.endswith("_f32"):
        if token.startswith(("nan(", "inf(", "-inf(")):
            return token.endswith("(0x%08x)" % value)
        return struct.pack("<f", float(token)) == raw
    if token.startswith("h:"):
        return int(token[2:]) == value
    if token in ("true", "false"):
        return value == (1 if token == "true" else 0)
    if re.fullmatch(r"-?\d+", token):
        return int(token) == value
    parts = token.split("|")
    unnamed = sum(int(p, 16) for p in parts if p.startswith("0x"))
    total = unnamed
    for name in parts:
        if name.startswith("0x"):
            continue
        # Named bits and the hexadecimal rest never overlap; a short name several enums
        # share (STENCIL) is the one that fits.
        fits = [c for c in abi.enum_candidates(name)
                if (c & value) == c and (c or not value) and not c & unnamed]
        if not fits:
            return False
        total |= min(fits)
    return total == value


def check_fields(abi, printed, fields, data, text_mode):
    """Problems (list of strings) between printed {name: token} and the struct bytes."""
    problems = []
    for name, (offset, elem_size, count, elem_type) in fields.items():
        raw = data[offset:offset + elem_size * count]
        if len(raw) < elem_size * count:
            continue
        if name not in printed:
            if text_mode and name.startswith("reserved") and not any(raw):
                continue
            problems.append("field %s missing" % name)
            continue
        tokens = printed[name]
        if count > 1:
            if isinstance(tokens, str):
                tokens = tokens.strip("[]").split(",")
            if len(tokens) != count:
                problems.append("field %s: %d values, want %d" % (name, len(tokens), count))
                continue
        else:
            tokens = [tokens]
        for i, token in enumerate(tokens):
            elem = raw[i * elem_size:(i + 1) * elem_size]
            if not _value_matches(abi, token, elem, elem_type, name):
                problems.append("field %s[%d]: printed %r, bytes %s" % (name, i, token,
                                                                         elem.hex()))
    return problems


ELEMENT_RE = re.compile(r" \[(\d+)\]\{([^}]*)\}")
PAYLOAD_RE = re.compile(r" payload\((\d+)\)=([0-9a-f]*)(\.\.\.)?")


def _pairs(text):
    return dict(tok.split("=", 1) for tok in text.split() if "=" in tok)


def check_text_line(abi, line, offset, opcode, size, packet):
    """Problems between one text dump line and the packet it describes."""
    name = abi.opcode_name(opcode)
    head = "0x%04x %s size=%d" % (offset, name, size)
    if not line.startswith(head):
        return ["line %r does not start with %r" % (line, head)]
    rest = line[len(head):]
    problems = []
    elements = ELEMENT_RE.findall(rest)
    rest = ELEMENT_RE.sub("", rest)
    payload = PAYLOAD_RE.search(rest)
    rest = PAYLOAD_RE.sub("", rest)
    printed = _pairs(rest)
    layout = abi.struct_for(name)
    if layout is None:
        return problems if rest.strip() == "" else ["unknown opcode has fields: %r" % rest]
    fields = abi.flat_fields(layout["name"])
    shown_elsewhere = "reserved0" not in printed and ("stage_ex" in printed or (
        name == "BIND_SHADERS" and printed.get("gs") == "h:%d" % u32(packet, 20)))
    checked = {k: v for k, v in fields.items() if not (k == "reserved0" and shown_elsewhere)}
    problems += check_fields(abi, printed, checked, packet, True)
    extra = set(printed) - set(fields) - {"gs", "hs", "ds", "stage_ex"}
    if extra:
        problems.append("unexpected fields %s" % sorted(extra))
    if name == "BIND_SHADERS" and size < 36 and printed.get("gs") != "h:%d" % u32(packet, 20):
        problems.append("legacy BIND_SHADERS gs should be reserved0")
    fixed = layout["size"]
    if name in RAW_PAYLOAD_SIZE_FIELD:
        want = int.from_bytes(packet[fields[RAW_PAYLOAD_SIZE_FIELD[name]][0]:][:4], "little")
        if payload is None or int(payload.group(1)) != want:
            problems.append("payload length should be %d" % want)
        elif payload.group(2) != packet[fixed:fixed + min(want, 16)].hex():
            problems.append("payload head differs from the packet bytes")
    if name in ARRAY_PAYLOAD:
        count_field, elem_struct = ARRAY_PAYLOAD[name]
        count = u32(packet, fields[count_field][0])
        elem_fields = abi.flat_fields(elem_struct)
        elem_size = abi.structs[elem_struct]["size"]
        if len(elements) != count:
            problems.append("%d elements printed, count says %d" % (len(elements), count))
        for index, body in elements:
            at = fixed + int(index) * elem_size
            problems += check_fields(abi, _pairs(body), elem_fields,
                                     packet[at:at + elem_size], True)
    return problems
