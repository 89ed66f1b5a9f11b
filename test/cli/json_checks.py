# SPDX-License-Identifier: MIT
"""CLI test groups 'schema' and 'names' (run through run_cli_tests.py).

schema: every line `aerocmd dump --json` (and `demo --json`) prints conforms to
doc/aerocmd-json.schema.json, and every packet of a stream holding every opcode of the
ABI is printed as doc/aerocmd-json.md says: the ABI's field names in struct order, values
equal to the bytes, each field in the form its kind (the doc's table) gives, non-finite
floats in the one documented form, payloads in full on request.

names: no name of the ABI JSON is ever cut: every opcode name in text, JSON and stats,
every field name, every constant of every enum a packet field uses (and the enums no
dump prints by name are listed with the reason)."""
import json
import os
import random
import re
import struct

import abi_check
import json_schema
import tracegen

NONFINITE = re.compile(r"^-?(nan|inf)\(0x[0-9a-f]{8}\)$")

# Payload facts (RULES.md): the field giving a raw payload's length, or a counted array's
# count and element size.
RAW_SIZE = {"UPLOAD_RESOURCE": "size_bytes", "CREATE_SHADER_DXBC": "dxbc_size_bytes",
            "CREATE_INPUT_LAYOUT": "blob_size_bytes"}
ARRAY_COUNT = {"SET_VERTEX_BUFFERS": ("buffer_count", 16),
               "SET_CONSTANT_BUFFERS": ("buffer_count", 16),
               "SET_SHADER_RESOURCE_BUFFERS": ("buffer_count", 16),
               "SET_UNORDERED_ACCESS_BUFFERS": ("uav_count", 16),
               "SET_SAMPLERS": ("sampler_count", 4),
               "SET_SHADER_CONSTANTS_F": ("vec4_count", 16),
               "SET_SHADER_CONSTANTS_I": ("vec4_count", 16),
               "SET_SHADER_CONSTANTS_B": ("bool_count", 16)}
# Enums of the ABI that no dump line spells by name, and where their values show instead.
NOT_PRINTED_BY_NAME = {
    "aerogpu_error_code": "device error registers, not in streams",
    "aerogpu_cmd_stream_flags": "stream header flags: a number in the stream line",
    "aerogpu_cmd_opcode": "opcode labels (checked separately, whole)",
    "aerogpu_submit_flags": "submission line: submit_flags as a number",
    "aerogpu_engine_id": "submission line: engine_id as a number",
    "aerogpu_alloc_flags": "allocation table entries: flags as a number",
    "aerogpu_wddm_alloc_private_flags": "allocation private data, not in streams",
    "aerogpu_wddm_alloc_kind": "allocation private data, not in streams",
}


def _opcodes(abi):
    return sorted(abi.opcode_names.items())


def _fixed_layout(abi, name):
    layout = abi.struct_for(name)
    return (layout["size"], abi.flat_fields(layout["name"])) if layout else (8, {})


def _set(body, fields, field, value):
    offset, size, _, _ = fields[field]
    body[offset - 8:offset - 8 + size] = value.to_bytes(size, "little")


def opcode_packet(abi, name, opcode, rng):
    """A packet of `name` with its fixed struct (random bytes when rng, else zeros) and a
    small payload of random bytes."""
    size, fields = _fixed_layout(abi, name)
    body = bytearray(rng.randbytes(size - 8) if rng else bytes(size - 8))
    payload = b""
    if name in RAW_SIZE:
        payload = (rng.randbytes(37) if rng else b"\x01\x02\x03")
        _set(body, fields, RAW_SIZE[name], len(payload))
    elif name in ARRAY_COUNT:
        field, elem = ARRAY_COUNT[name]
        count = 2 if rng else 1
        payload = rng.randbytes(count * elem) if rng else bytes(count * elem)
        _set(body, fields, field, count)
    elif name == "DEBUG_MARKER":
        payload = "marker \u00e9 \"quoted\"".encode()
    if name == "BIND_SHADERS" and rng:
        payload = rng.randbytes(12)  # the extended form
    return tracegen.packet(opcode, bytes(body) + payload)


def every_opcode_stream(abi, rng=None):
    return tracegen.raw_stream([opcode_packet(abi, abi.opcode_names[op], op, rng)
                                for op, _ in _opcodes(abi)])


def nonfinite_stream():
    """Floats of every class in fixed fields and in constant registers."""
    bits = [0x7fc00000, 0x7f800001, 0xffc00001, 0x7f800000, 0xff800000, 0x80000000,
            tracegen.f32(0.1), tracegen.f32(100.0)]
    viewport = tracegen.packet(0x401, struct.pack("<6I", *bits[:6]))
    consts = tracegen.packet(0x203, struct.pack("<IIII", 0, 0, 2, 0) + struct.pack("<8I", *bits))
    return tracegen.raw_stream([viewport, consts])


def doc_field_kinds(doc_path):
    """{(opcode, part, field): (kind, enum)} from doc/aerocmd-json.md's table."""
    kinds = {}
    row = re.compile(r"^\| `(\w+)` \| (fixed|element) \| `(\w+)` \| (\w+) \| (?:`(\w+)`)? *\|$")
    with open(doc_path) as f:
        for line in f:
            m = row.match(line.strip())
            if m:
                kinds[(m.group(1), m.group(2), m.group(3))] = (m.group(4), m.group(5))
    return kinds


def enum_short_names(abi_doc):
    """{enum name: {value: short name}} by the documented rule: drop the prefix (ending in
    '_') all constants share; a single constant drops only what it shares with the enum's
    own name."""
    out = {}
    for enum in abi_doc["enums"]:
        names = [v["name"] for v in enum["values"]]
        if len(names) >= 2:
            cut = os.path.commonprefix(names)
        else:
            cut = os.path.commonprefix([names[0], enum["name"].upper() + "_"])
        cut = cut[:cut.rfind("_") + 1] if "_" in cut else ""
        out[enum["name"]] = {v["value"]: (v["name"][len(cut):] or v["name"])
                             for v in enum["values"]}
    return out


def _kind_problems(value, kind, enum, shorts):
    """Whether a JSON value has the form the doc gives its field's kind."""
    if isinstance(value, list):
        return [p for v in value for p in _kind_problems(v, kind, enum, shorts)]
    if kind == "f32":
        ok = (isinstance(value, (int, float)) and not isinstance(value, bool)) or \
            (isinstance(value, str) and NONFINITE.match(value))
    elif kind == "bool":
        ok = isinstance(value, bool) or (isinstance(value, int) and value > 1)
    elif kind == "enum":
        ok = (isinstance(value, str) and value in shorts[enum].values()) or \
            (isinstance(value, int) and not isinstance(value, bool))
    elif kind == "flags":
        names = set(shorts[enum].values())
        ok = isinstance(value, str) and all(p in names or re.fullmatch(r"0x[0-9a-f]+|0", p)
                                            for p in value.split("|"))
    elif kind == "i32":
        ok = isinstance(value, int) and not isinstance(value, bool) and \
            -2 ** 31 <= value < 2 ** 31
    else:
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
    return [] if ok else ["%r is not a %s" % (value, kind)]


def check_packet_fields(ctx, kinds, shorts, obj, packet):
    name = obj["opcode"]
    size, fields = _fixed_layout(ctx.abi, name)
    got = obj.get("fields", {})
    extras = {"gs", "hs", "ds"} if name == "BIND_SHADERS" else {"stage_ex"}
    want_order = [f for f in fields if fields[f][0] + fields[f][1] * fields[f][2] <= len(packet)]
    order = [k for k in got if k not in extras]
    problems = [] if order == want_order else ["field order %r, want %r" % (order, want_order)]
    problems += abi_check.check_fields(ctx.abi, got, fields, packet, False)
    for key, value in got.items():
        kind, enum = kinds.get((name, "fixed", key), ("stage_ex" if key == "stage_ex" else
                                                      "u32", None))
        if kind == "stage_ex":
            kind, enum = "enum", "aerogpu_shader_stage_ex"
        problems += ["%s: %s" % (key, p) for p in _kind_problems(value, kind, enum, shorts)]
    for elem in obj.get("payload") or []:
        if isinstance(elem, dict):
            for key, value in elem.items():
                kind, enum = kinds.get((name, "element", key), ("u32", None))
                problems += ["payload %s: %s" % (key, p)
                             for p in _kind_problems(value, kind, enum, shorts)]
    return problems


def dump_objects(ctx, label, path, *options):
    status, out, err = ctx.run("dump", "--json", *options, path)
    ctx.checks.check(status in (0, 1), "%s: dump --json runs" % label, err)
    objects = []
    for number, line in enumerate(out.splitlines()):
        try:
            objects.append(json.loads(line))
        except ValueError as error:
            ctx.checks.check(False, "%s line %d is JSON" % (label, number + 1), str(error))
    return objects


def check_schema_lines(ctx, schema, label, objects):
    bad = [(i, p) for i, o in enumerate(objects) for p in schema.problems(o)]
    ctx.checks.check(objects and not bad, "%s: %d lines conform to the schema" %
                     (label, len(objects)), repr(bad[:5]))


def check_every_opcode(ctx, schema, kinds, shorts, label, stream, full):
    path = ctx.write_tmp(label + ".acmd", stream)
    objects = dump_objects(ctx, label, path, *(["--full-payloads"] if full else []))
    check_schema_lines(ctx, schema, label, objects)
    packets = [o for o in objects if o.get("type") == "packet"]
    walked = abi_check.walk_packets(stream)
    ctx.checks.check(len(packets) == len(walked), "%s: one packet object per packet" % label)
    for obj, (offset, opcode, size, packet) in zip(packets, walked):
        name = ctx.abi.opcode_name(opcode)
        ok = obj["offset"] == offset and obj["opcode"] == name and obj["size"] == size
        problems = check_packet_fields(ctx, kinds, shorts, obj, packet) if ok else ["header"]
        payload = obj.get("payload")
        if isinstance(payload, dict) and "head" in payload:
            fixed = _fixed_layout(ctx.abi, name)[0]
            raw = packet[fixed:fixed + payload["length"]]
            ok = payload["head"] == raw[:16].hex() and \
                (payload.get("data") == raw.hex() if full else "data" not in payload)
            problems += [] if ok else ["raw payload %r" % payload]
        ctx.checks.check(not problems, "%s: %s as documented" % (label, name),
                         "\n".join(problems) + "\n" + json.dumps(obj))


def check_nonfinite(ctx, schema):
    path = ctx.write_tmp("nonfinite.acmd", nonfinite_stream())
    objects = dump_objects(ctx, "non-finite", path)
    check_schema_lines(ctx, schema, "non-finite", objects)
    viewport = next(o for o in objects if o.get("opcode") == "SET_VIEWPORT")["fields"]
    want = ["nan(0x7fc00000)", "nan(0x7f800001)", "nan(0xffc00001)", "inf(0x7f800000)",
            "-inf(0xff800000)"]
    got = [viewport[k] for k in ("x_f32", "y_f32", "width_f32", "height_f32", "min_depth_f32")]
    ctx.checks.check(got == want and viewport["max_depth_f32"] == 0 and
                     str(viewport["max_depth_f32"]) in ("0", "-0", "-0.0"),
                     "non-finite floats as \"kind(0xbits)\" strings", repr(viewport))
    consts = next(o for o in objects if o.get("opcode") == "SET_SHADER_CONSTANTS_F")["payload"]
    flat = [v for elem in consts for v in elem["value"]]
    ctx.checks.check(flat[:5] == want and flat[6] == 0.1 and flat[7] == 100,
                     "constant registers use the same form", repr(flat))
    status, out, _ = ctx.run("dump", path)
    ctx.checks.check(all(w in out for w in want), "the text dump spells them the same", out)


def group_schema(ctx):
    with open(ctx.schema_path) as f:
        schema = json_schema.Schema(json.load(f))
    with open(ctx.abi_path) as f:
        shorts = enum_short_names(json.load(f))
    kinds = doc_field_kinds(ctx.json_doc_path)
    ctx.checks.check(len(kinds) > 50, "the doc's field-kind table read (%d rows)" % len(kinds))
    rng = random.Random(1604)
    check_every_opcode(ctx, schema, kinds, shorts, "every opcode", every_opcode_stream(ctx.abi),
                       False)
    for n in range(4):
        stream = every_opcode_stream(ctx.abi, rng)
        check_every_opcode(ctx, schema, kinds, shorts, "random fields %d" % n, stream, n % 2 == 1)
    check_nonfinite(ctx, schema)
    for path in ctx.fixtures:
        check_schema_lines(ctx, schema, os.path.basename(path), dump_objects(ctx, "fixture", path))
    status, out, err = ctx.run("demo", "--json", "--no-png")
    check_schema_lines(ctx, schema, "demo --json", [json.loads(l) for l in out.splitlines()])
    bad = ctx.write_tmp("bad_table.aerogputrace", tracegen.build_v2_trace(
        [ctx.read(ctx.streams[0])], [tracegen.alloc_table([(1, 0, 0, 64), (1, 0, 64, 64)])]))
    objects = dump_objects(ctx, "malformed table", bad)
    check_schema_lines(ctx, schema, "malformed table", objects)


# ---- names ----------------------------------------------------------------------------

def enum_fields(abi, kinds):
    """{enum: [(opcode, field)]} for fixed fields of kind enum/flags."""
    out = {}
    for (op, part, field), (kind, enum) in kinds.items():
        if part == "fixed" and kind in ("enum", "flags") and enum:
            out.setdefault(enum, []).append((op, field))
    return out


def packet_with(abi, name, field, value):
    opcode = next(op for op, n in abi.opcode_names.items() if n == name)
    size, fields = _fixed_layout(abi, name)
    body = bytearray(size - 8)
    _set(body, fields, field, value)
    return tracegen.packet(opcode, bytes(body))


def check_opcode_names(ctx, abi_doc):
    names = [v["name"][len("AEROGPU_CMD_"):] for e in abi_doc["enums"]
             if e["name"] == "aerogpu_cmd_opcode" for v in e["values"]]
    path = ctx.write_tmp("names.acmd", every_opcode_stream(ctx.abi))
    _, text, _ = ctx.run("dump", path)
    _, js, _ = ctx.run("dump", "--json", path)
    _, stats, _ = ctx.run("stats", path)
    printed = [l.split()[1] for l in text.splitlines()[1:]]
    ctx.checks.check(printed == names, "text dump: every opcode name whole",
                     repr([(a, b) for a, b in zip(printed, names) if a != b]))
    printed = [json.loads(l)["opcode"] for l in js.splitlines()[1:]]
    ctx.checks.check(printed == names, "JSON: every opcode name whole")
    rows = re.findall(r"^0x[0-9a-f]+\s+(\S+)\s+\d+\s+\d+$", stats, re.M)
    ctx.checks.check(rows == names, "stats: every opcode name whole", stats)
    for name in names:
        if len(name) > 23:
            ctx.checks.check(name in text and name in stats, "%s (%d characters) whole" %
                             (name, len(name)))


def check_field_names(ctx):
    """Every field of every command struct appears under its full name."""
    for op, name in _opcodes(ctx.abi):
        size, fields = _fixed_layout(ctx.abi, name)
        stream = tracegen.raw_stream([opcode_packet(ctx.abi, name, op, random.Random(op))])
        path = ctx.write_tmp("field_names.acmd", stream)
        _, js, _ = ctx.run("dump", "--json", path)
        got = json.loads(js.splitlines()[1]).get("fields", {})
        missing = [f for f in fields if f not in got]
        ctx.checks.check(not missing, "%s: every field name whole in JSON" % name,
                         repr(missing))


def check_enum_names(ctx, abi_doc, kinds):
    shorts = enum_short_names(abi_doc)
    used = enum_fields(ctx.abi, kinds)
    for enum in abi_doc["enums"]:
        ename = enum["name"]
        if ename in NOT_PRINTED_BY_NAME:
            ctx.checks.check(ename not in used, "%s is not printed by name (%s)" %
                             (ename, NOT_PRINTED_BY_NAME[ename]))
            continue
        if not ctx.checks.check(ename in used or ename == "aerogpu_shader_stage_ex",
                                "%s: some field prints it" % ename):
            continue
        for value in enum["values"]:
            short = shorts[ename][value["value"]]
            if ename == "aerogpu_shader_stage_ex":
                pk = tracegen.packet(0x510, struct.pack("<IIII", 2, 0, 1, value["value"]))
            else:
                op, field = used[ename][0]
                pk = packet_with(ctx.abi, op, field, value["value"])
            path = ctx.write_tmp("enum.acmd", tracegen.raw_stream([pk]))
            _, text, _ = ctx.run("dump", path)
            _, js, _ = ctx.run("dump", "--json", path)
            whole = value["name"].endswith(short) and re.search(
                r"[=|]%s(\s|\||$)" % re.escape(short), text) and ('"%s"' % short in js or
                                                                    "|%s" % short in js or
                                                                    "%s|" % short in js)
            if value["value"] == 0 and ename == "aerogpu_shader_stage_ex":
                whole = True  # stage_ex 0 means "none": nothing to name
            ctx.checks.check(bool(whole), "%s: %s printed whole as %s" %
                             (ename, value["name"], short), text + js)


def group_names(ctx):
    with open(ctx.abi_path) as f:
        abi_doc = json.load(f)
    check_opcode_names(ctx, abi_doc)
    check_field_names(ctx)
    check_enum_names(ctx, abi_doc, doc_field_kinds(ctx.json_doc_path))
