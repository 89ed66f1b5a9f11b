# SPDX-License-Identifier: MIT
"""DXBC shader containers for the CLI tests, written from the container format (32-byte
header "DXBC", checksum, version 1, total size, chunk count; one offset per chunk; chunks of
tag, size, data) and from Direct3D 10's tokenized program format, not from the library.

The checksum is MD5 over bytes 20.. of the container with its own ending: the final block
holds the bit count in its first word and (bits >> 2) | 1 in its last; when the leftover
bytes and the 0x80 marker do not leave room for both, they go in a block of their own
first."""
import struct

PIXEL, VERTEX, GEOMETRY, HULL, DOMAIN, COMPUTE = 0, 1, 2, 3, 4, 5

_SINE = [int(abs(__import__("math").sin(i + 1)) * 2 ** 32) & 0xFFFFFFFF for i in range(64)]
_SHIFT = [7, 12, 17, 22] * 4 + [5, 9, 14, 20] * 4 + [4, 11, 16, 23] * 4 + [6, 10, 15, 21] * 4


def _rotl(v, n):
    return ((v << n) | (v >> (32 - n))) & 0xFFFFFFFF


def _compress(state, block):
    m = struct.unpack("<16I", block)
    a, b, c, d = state
    for i in range(64):
        if i < 16:
            f, g = (b & c) | (~b & d), i
        elif i < 32:
            f, g = (d & b) | (~d & c), (5 * i + 1) % 16
        elif i < 48:
            f, g = b ^ c ^ d, (3 * i + 5) % 16
        else:
            f, g = c ^ (b | ~d), (7 * i) % 16
        f = (f + a + _SINE[i] + m[g]) & 0xFFFFFFFF
        a, d, c, b = d, c, b, (b + _rotl(f, _SHIFT[i])) & 0xFFFFFFFF
    return [(x + y) & 0xFFFFFFFF for x, y in zip(state, (a, b, c, d))]


def checksum(container):
    """The 16 checksum bytes of a container (over its bytes 20..)."""
    data = bytes(container[20:])
    state = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476]
    whole = len(data) // 64 * 64
    for at in range(0, whole, 64):
        state = _compress(state, data[at:at + 64])
    tail, bits = data[whole:], (len(data) * 8) & 0xFFFFFFFF
    ending = struct.pack("<I", (bits >> 2) | 1)
    if len(tail) + 1 > 56:
        state = _compress(state, (tail + b"\x80").ljust(64, b"\0"))
        last = struct.pack("<I", bits) + bytes(56) + ending
    else:
        last = (struct.pack("<I", bits) + tail + b"\x80").ljust(60, b"\0") + ending
    state = _compress(state, last)
    return struct.pack("<4I", *state)


def container(chunks):
    """A container of [(tag, data)] chunks with its checksum."""
    table = 32 + 4 * len(chunks)
    offsets, body = [], b""
    for tag, data in chunks:
        offsets.append(table + len(body))
        body += tag + struct.pack("<I", len(data)) + data
    head = b"DXBC" + bytes(16) + struct.pack("<III", 1, table + len(body), len(chunks))
    blob = bytearray(head + struct.pack("<%dI" % len(offsets), *offsets) + body)
    blob[4:20] = checksum(blob)
    return bytes(blob)


def resum(blob):
    """The same container with its checksum made right."""
    blob = bytearray(blob)
    blob[4:20] = checksum(blob)
    return bytes(blob)


def signature(elements):
    """ISGN / OSGN data: [(name, index, sysval, component_type, register, mask)] (mask used
    also as the read/write mask)."""
    head = struct.pack("<II", len(elements), 8)
    strings_at = 8 + 24 * len(elements)
    entries, strings = b"", b""
    for name, index, sysval, ctype, reg, mask in elements:
        entries += struct.pack("<IIIIIBBBB", strings_at + len(strings), index, sysval, ctype,
                               reg, mask, mask, 0, 0)
        strings += name.encode() + b"\0"
    strings += b"\xab" * (-len(strings) % 4)
    return head + entries + strings


def program(program_type, tokens, major=4, minor=0):
    """A SHDR chunk's data: version token, length token, then the instruction tokens."""
    words = [(program_type << 16) | (major << 4) | minor, len(tokens) + 2] + list(tokens)
    return struct.pack("<%dI" % len(words), *words)


# Operand tokens: 4 components (bits 0..1 = 2), mask or swizzle in bits 4..11, the register
# type in bits 12..19, a 1-D immediate index in bits 20..21.
_OUTPUT_XYZW = 0x001020F2          # o# (type 2), mask xyzw
_IMM32_VEC4 = 0x00004002           # l(....): immediate, 4 components


def _mov_output_immediate(reg, values):
    """mov o<reg>.xyzw, l(values)"""
    return [0x08000036, _OUTPUT_XYZW, reg] + [_IMM32_VEC4] + [
        struct.unpack("<I", struct.pack("<f", v))[0] for v in values]


RET = 0x0100003E


def vertex_shader(position=(0.0, 0.0, 0.0, 1.0)):
    """vs_4_0 writing a constant SV_Position to o0."""
    tokens = [0x04000067, _OUTPUT_XYZW, 0, 1]  # dcl_output_siv o0.xyzw, position
    tokens += _mov_output_immediate(0, position) + [RET]
    osgn = signature([("SV_Position", 0, 1, 3, 0, 0xF)])
    return container([(b"ISGN", signature([])), (b"OSGN", osgn),
                      (b"SHDR", program(VERTEX, tokens))])


def pixel_shader(color=(1.0, 0.0, 0.0, 1.0)):
    """ps_4_0 writing a constant colour to SV_Target0."""
    tokens = [0x03000065, _OUTPUT_XYZW, 0] + _mov_output_immediate(0, color) + [RET]
    osgn = signature([("SV_Target", 0, 0, 3, 0, 0xF)])
    return container([(b"ISGN", signature([])), (b"OSGN", osgn),
                      (b"SHDR", program(PIXEL, tokens))])
