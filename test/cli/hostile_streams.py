# SPDX-License-Identifier: MIT
"""Hostile command streams and what the protocol says of each, for run_agreement.py.

Every case is built packet by packet from the protocol structs (aerogpu-abi-1.4.json,
RULES.md); the expected verdict is written here from the rules: the packet a rule names,
by its offset as the builder placed it, and the reason. Nothing is copied from a tool's
output. A case is (name, stream bytes, verdict) where verdict is ("refused", offset,
opcode name, reason name) or ("ok", None, None, None)."""
import struct

import dxbc

ABI_1_4 = 0x10004
HEADER = 24

# aerogpu_format values (aerogpu_pci.h)
B8G8R8A8, R8G8B8A8 = 1, 3
R8G8B8A8_SRGB = 9
D24S8, D32 = 32, 33
BC1, BC1_SRGB, BC3 = 64, 65, 68
# aerogpu_shader_stage; stage_ex
VERTEX, PIXEL, COMPUTE, GEOMETRY = 0, 1, 2, 3
EX_HULL = 3

OP = {
    "CREATE_BUFFER": 0x100, "CREATE_TEXTURE2D": 0x101, "DESTROY_RESOURCE": 0x102,
    "UPLOAD_RESOURCE": 0x104, "COPY_BUFFER": 0x105, "COPY_TEXTURE2D": 0x106,
    "CREATE_TEXTURE_VIEW": 0x107, "CREATE_SHADER_DXBC": 0x200, "DESTROY_SHADER": 0x201,
    "BIND_SHADERS": 0x202, "SET_RENDER_TARGETS": 0x400, "SET_VIEWPORT": 0x401,
    "SET_VERTEX_BUFFERS": 0x500, "SET_INDEX_BUFFER": 0x501, "SET_PRIMITIVE_TOPOLOGY": 0x502,
    "CLEAR": 0x600, "DRAW": 0x601, "DRAW_INDEXED": 0x602, "PRESENT": 0x700,
    "EXPORT_SHARED_SURFACE": 0x710, "IMPORT_SHARED_SURFACE": 0x711,
    "RELEASE_SHARED_SURFACE": 0x712,
}


def f32(value):
    return struct.unpack("<I", struct.pack("<f", value))[0]


class Stream:
    """A stream built packet by packet; each add returns the packet's byte offset."""

    def __init__(self, abi=ABI_1_4):
        self.abi = abi
        self.body = b""

    def add(self, opcode, body=b""):
        body += b"\0" * (-len(body) % 4)
        at = HEADER + len(self.body)
        self.body += struct.pack("<II", OP[opcode], 8 + len(body)) + body
        return at

    def bytes(self):
        return b"ACMD" + struct.pack("<IIIII", self.abi, HEADER + len(self.body), 0, 0, 0) + \
            self.body

    # ---- packets, field by field as aerogpu_cmd.h lays them out ----

    def buffer(self, handle, size):
        return self.add("CREATE_BUFFER", struct.pack("<IIQIIQ", handle, 0, size, 0, 0, 0))

    def texture(self, handle, fmt, width, height, mips=1, layers=1):
        return self.add("CREATE_TEXTURE2D", struct.pack("<IIIIIIIIIIQ", handle, 0, fmt, width,
                                                        height, mips, layers, 0, 0, 0, 0))

    def view(self, handle, texture, fmt=0, base_mip=0, mips=1, base_layer=0, layers=1):
        return self.add("CREATE_TEXTURE_VIEW", struct.pack("<IIIIIIIQ", handle, texture, fmt,
                                                           base_mip, mips, base_layer, layers, 0))

    def shader(self, handle, stage, blob, stage_ex=0):
        return self.add("CREATE_SHADER_DXBC",
                        struct.pack("<IIII", handle, stage, len(blob), stage_ex) + blob)

    def bind(self, vs=0, ps=0, cs=0):
        return self.add("BIND_SHADERS", struct.pack("<IIII", vs, ps, cs, 0))

    def targets(self, colors, depth=0):
        colors = list(colors) + [0] * (8 - len(colors))
        count = max([i + 1 for i, c in enumerate(colors) if c] or [0])
        return self.add("SET_RENDER_TARGETS", struct.pack("<II8I", count, depth, *colors))

    def topology(self, topology=4):
        return self.add("SET_PRIMITIVE_TOPOLOGY", struct.pack("<II", topology, 0))

    def index_buffer(self, buffer, fmt=0, offset=0):
        return self.add("SET_INDEX_BUFFER", struct.pack("<IIII", buffer, fmt, offset, 0))

    def clear(self, rgba=(0.0, 0.0, 1.0, 1.0)):
        return self.add("CLEAR", struct.pack("<I4III", 1, *[f32(c) for c in rgba], f32(1.0), 0))

    def draw(self, count=3):
        return self.add("DRAW", struct.pack("<IIII", count, 1, 0, 0))

    def draw_indexed(self, count=3):
        return self.add("DRAW_INDEXED", struct.pack("<IIIiI", count, 1, 0, 0, 0))

    def upload(self, handle, offset, data):
        return self.add("UPLOAD_RESOURCE", struct.pack("<IIQQ", handle, 0, offset, len(data)) +
                        data)

    def copy_buffer(self, dst, src, dst_offset, src_offset, size):
        return self.add("COPY_BUFFER", struct.pack("<IIQQQII", dst, src, dst_offset, src_offset,
                                                   size, 0, 0))

    def copy_texture(self, dst, src, dst_xy, src_xy, size, dst_sub=(0, 0), src_sub=(0, 0)):
        return self.add("COPY_TEXTURE2D", struct.pack(
            "<14I", dst, src, dst_sub[0], dst_sub[1], src_sub[0], src_sub[1], dst_xy[0],
            dst_xy[1], src_xy[0], src_xy[1], size[0], size[1], 0, 0))

    def export(self, resource, token):
        return self.add("EXPORT_SHARED_SURFACE", struct.pack("<IIQ", resource, 0, token))

    def import_(self, handle, token):
        return self.add("IMPORT_SHARED_SURFACE", struct.pack("<IIQ", handle, 0, token))

    def release(self, token):
        return self.add("RELEASE_SHARED_SURFACE", struct.pack("<Q", token) + bytes(8))

    def present(self):
        return self.add("PRESENT", struct.pack("<II", 0, 0))


def refused(offset, opcode, reason):
    return ("refused", offset, opcode, reason)


OK = ("ok", None, None, None)


# ---- shader containers (RULES.md: CREATE_SHADER_DXBC's payload is DXBC) ------------------

def _with_word(blob, index, value, resum=True):
    blob = bytearray(blob)
    blob[4 * index:4 * index + 4] = struct.pack("<I", value)
    return dxbc.resum(blob) if resum else bytes(blob)


def _shader_case(blob, stage, stage_ex=0, abi=ABI_1_4):
    """A buffer first (so that the shader is not the first packet), then the shader."""
    s = Stream(abi)
    s.buffer(1, 64)
    at = s.shader(2, stage, blob, stage_ex)
    return s.bytes(), at


def shader_cases():
    cases = []
    vs = dxbc.vertex_shader()
    # the checksum covers bytes 20..: one changed byte breaks it
    stream, at = _shader_case(vs[:4] + bytes(16) + vs[20:], VERTEX)
    cases.append(("dxbc checksum zeroed", stream, refused(at, "CREATE_SHADER_DXBC",
                                                          "dxbc_checksum")))
    flipped = bytearray(vs)
    flipped[-4] ^= 0x01  # the ret token, the checksum left as it was
    stream, at = _shader_case(bytes(flipped), VERTEX)
    cases.append(("dxbc code changed after signing", stream,
                  refused(at, "CREATE_SHADER_DXBC", "dxbc_checksum")))
    noise = bytes((i * 151 + 7) & 0xFF for i in range(200))
    stream, at = _shader_case(noise, PIXEL)
    cases.append(("dxbc random bytes", stream, refused(at, "CREATE_SHADER_DXBC",
                                                       "dxbc_container")))
    # word 7 is the chunk count, word 8 the first chunk offset (checksum made right)
    stream, at = _shader_case(_with_word(vs, 7, 0x40000000), VERTEX)
    cases.append(("dxbc chunk count 2^30", stream, refused(at, "CREATE_SHADER_DXBC",
                                                           "dxbc_container")))
    stream, at = _shader_case(_with_word(vs, 8, 0xFFFFFF00), VERTEX)
    cases.append(("dxbc chunk offset 0xFFFFFF00", stream,
                  refused(at, "CREATE_SHADER_DXBC", "dxbc_container")))
    stream, at = _shader_case(vs, PIXEL)
    cases.append(("vertex program created as a pixel shader", stream,
                  refused(at, "CREATE_SHADER_DXBC", "shader_stage")))
    stream, at = _shader_case(dxbc.pixel_shader(), VERTEX)
    cases.append(("pixel program created as a vertex shader", stream,
                  refused(at, "CREATE_SHADER_DXBC", "shader_stage")))
    hull = dxbc.container([(b"SHDR", dxbc.program(dxbc.HULL, [dxbc.RET], 5, 0))])
    stream, at = _shader_case(hull, COMPUTE)
    cases.append(("hull program created as a compute shader", stream,
                  refused(at, "CREATE_SHADER_DXBC", "shader_stage")))
    stream, at = _shader_case(dxbc.pixel_shader(), PIXEL)
    cases.append(("pixel program as a pixel shader", stream, OK))
    return cases


# ---- resource descriptions (RULES.md; Direct3D 11's creation rules) -----------------------

def _after_buffer(build):
    """A buffer first, then the packet build(stream) adds; (stream bytes, its offset)."""
    s = Stream()
    s.buffer(1, 64)
    at = build(s)
    return s.bytes(), at


def resource_cases():
    cases = []
    # Direct3D creates no empty buffer; no resource of any device is over 2048 MB
    stream, at = _after_buffer(lambda s: s.buffer(2, 0))
    cases.append(("buffer of 0 bytes", stream, refused(at, "CREATE_BUFFER", "field_invalid")))
    stream, at = _after_buffer(lambda s: s.buffer(2, 1 << 63))
    cases.append(("buffer of 2^63 bytes", stream, refused(at, "CREATE_BUFFER", "d3d11_limit")))
    stream, at = _after_buffer(lambda s: s.buffer(2, (2048 << 20) + 4))
    cases.append(("buffer of 2 GiB + 4 bytes", stream,
                  refused(at, "CREATE_BUFFER", "d3d11_limit")))
    # a block-compressed texture's top level is whole 4x4 blocks
    stream, at = _after_buffer(lambda s: s.texture(2, BC1, 5, 5))
    cases.append(("BC1 texture 5x5", stream, refused(at, "CREATE_TEXTURE2D", "field_invalid")))
    stream, at = _after_buffer(lambda s: s.texture(2, BC3, 8, 2))
    cases.append(("BC3 texture 8x2", stream, refused(at, "CREATE_TEXTURE2D", "field_invalid")))
    # a 1x1 texture's chain has one level; Direct3D 11 allows 15 only from 16384 texels
    stream, at = _after_buffer(lambda s: s.texture(2, R8G8B8A8, 1, 1, mips=15))
    cases.append(("15 mips on a 1x1 texture", stream,
                  refused(at, "CREATE_TEXTURE2D", "d3d11_limit")))
    s = Stream()
    s.texture(1, R8G8B8A8, 1, 1)
    at = s.view(2, 1, 0, 0, 15)
    cases.append(("a view of 15 mips of a 1x1 texture", s.bytes(),
                  refused(at, "CREATE_TEXTURE_VIEW", "view_out_of_range")))
    stream, _ = _after_buffer(lambda s: s.texture(2, BC1, 8, 4, mips=4))
    cases.append(("BC1 texture 8x4 with its 4 mips", stream, OK))
    stream, _ = _after_buffer(lambda s: s.buffer(2, 4))
    cases.append(("buffer of 4 bytes", stream, OK))
    return cases


# ---- formats across packets (RULES.md: compatible view formats; Direct3D's targets) ---------

def format_cases():
    cases = []
    s = Stream()
    s.texture(1, R8G8B8A8, 8, 8)
    s.texture(2, BC1, 8, 8)
    at = s.view(3, 2, R8G8B8A8)
    cases.append(("RGBA8 view of a BC1 texture", s.bytes(),
                  refused(at, "CREATE_TEXTURE_VIEW", "view_format")))
    s = Stream()
    s.texture(1, B8G8R8A8, 8, 8)
    at = s.view(2, 1, R8G8B8A8)
    cases.append(("RGBA8 view of a BGRA8 texture", s.bytes(),
                  refused(at, "CREATE_TEXTURE_VIEW", "view_format")))
    s = Stream()
    s.texture(1, D32, 8, 8)
    at = s.view(2, 1, D24S8)
    cases.append(("D24S8 view of a D32 texture", s.bytes(),
                  refused(at, "CREATE_TEXTURE_VIEW", "view_format")))
    for name, color, depth in (("BC1 texture bound as render target", BC1, None),
                               ("D32 texture bound as render target", D32, None),
                               ("RGBA8 texture bound as depth target", None, R8G8B8A8)):
        s = Stream()
        s.texture(1, color or depth, 8, 8)
        at = s.targets([1] if color else [], 1 if depth else 0)
        s.clear()
        cases.append((name, s.bytes(), refused(at, "SET_RENDER_TARGETS", "target_format")))
    s = Stream()
    s.texture(1, BC1, 8, 8)
    s.view(2, 1, BC1_SRGB)
    at = s.targets([2])
    cases.append(("BC1 sRGB view bound as render target", s.bytes(),
                  refused(at, "SET_RENDER_TARGETS", "target_format")))
    # legal: an sRGB view of RGBA8 drawn into, with a D24S8 depth target; a BC1 sRGB view
    s = Stream()
    s.texture(1, R8G8B8A8, 8, 8)
    s.texture(2, D24S8, 8, 8)
    s.texture(3, BC1, 8, 8)
    s.view(4, 1, R8G8B8A8_SRGB)
    s.view(5, 3, BC1_SRGB)
    s.targets([4], 2)
    s.clear()
    s.present()
    cases.append(("sRGB view of RGBA8 as target, D24S8 as depth", s.bytes(), OK))
    return cases


# ---- draws (Direct3D: a vertex shader always; missing indices read 0) ----------------------

def _draw_setup(s, with_vs=True):
    """A target, a pixel shader, and (with_vs) a vertex shader, bound."""
    s.texture(1, R8G8B8A8, 8, 8)
    s.targets([1])
    s.shader(3, PIXEL, dxbc.pixel_shader())
    if with_vs:
        s.shader(2, VERTEX, dxbc.vertex_shader())
    s.bind(vs=2 if with_vs else 0, ps=3)
    s.topology(1)  # point list


def draw_cases():
    cases = []
    s = Stream()
    _draw_setup(s, with_vs=False)
    at = s.draw()
    cases.append(("DRAW with no vertex shader", s.bytes(), refused(at, "DRAW", "no_vertex_shader")))
    s = Stream()
    _draw_setup(s, with_vs=False)
    s.buffer(4, 64)
    s.index_buffer(4)
    at = s.draw_indexed()
    cases.append(("DRAW_INDEXED with no vertex shader", s.bytes(),
                  refused(at, "DRAW_INDEXED", "no_vertex_shader")))
    s = Stream()
    _draw_setup(s)
    s.draw()
    s.add("DESTROY_SHADER", struct.pack("<II", 2, 0))
    at = s.draw()
    cases.append(("DRAW after its vertex shader is destroyed", s.bytes(),
                  refused(at, "DRAW", "no_vertex_shader")))
    # Direct3D defines these: every index reads 0
    s = Stream()
    _draw_setup(s)
    s.draw_indexed()
    s.present()
    cases.append(("DRAW_INDEXED with no index buffer", s.bytes(), OK))
    s = Stream()
    _draw_setup(s)
    s.buffer(4, 64)
    s.index_buffer(4, 1, 64)
    s.draw_indexed()
    s.index_buffer(4, 1, 4096)
    s.draw_indexed()
    s.present()
    cases.append(("DRAW_INDEXED from an offset at and past the index buffer's end", s.bytes(), OK))
    return cases


# ---- shared surfaces (RULES.md: an unknown token is an error; released = retired) ---------

def sharing_cases():
    cases = []
    s = Stream()
    s.texture(1, R8G8B8A8, 8, 8)
    at = s.import_(2, 0x1234)
    cases.append(("IMPORT of a token never exported", s.bytes(),
                  refused(at, "IMPORT_SHARED_SURFACE", "share_token_unknown")))
    s = Stream()
    s.texture(1, R8G8B8A8, 8, 8)
    s.export(1, 0x1234)
    at = s.import_(2, 0x4321)
    cases.append(("IMPORT of a token other than the exported one", s.bytes(),
                  refused(at, "IMPORT_SHARED_SURFACE", "share_token_unknown")))
    s = Stream()
    s.texture(1, R8G8B8A8, 8, 8)
    s.export(1, 0x1234)
    s.release(0x1234)
    at = s.import_(2, 0x1234)
    cases.append(("IMPORT of a released token", s.bytes(),
                  refused(at, "IMPORT_SHARED_SURFACE", "share_token_unknown")))
    s = Stream()
    s.texture(1, R8G8B8A8, 8, 8)
    s.export(1, 0x1234)
    s.add("DESTROY_RESOURCE", struct.pack("<II", 1, 0))
    s.import_(2, 0x1234)
    s.targets([2])
    s.clear()
    s.present()
    cases.append(("IMPORT of an exported token after its creator's destroy", s.bytes(), OK))
    return cases


# ---- copies (Direct3D: different subresources; BC in whole 4x4 blocks) --------------------

def copy_cases():
    cases = []
    s = Stream()
    s.texture(1, R8G8B8A8, 16, 16)
    at = s.copy_texture(1, 1, (4, 4), (0, 0), (8, 8))
    cases.append(("COPY_TEXTURE2D overlapping itself", s.bytes(),
                  refused(at, "COPY_TEXTURE2D", "copy_same_subresource")))
    s = Stream()
    s.buffer(1, 256)
    at = s.copy_buffer(1, 1, 0, 16, 64)
    cases.append(("COPY_BUFFER overlapping itself", s.bytes(),
                  refused(at, "COPY_BUFFER", "copy_same_subresource")))
    s = Stream()
    s.texture(1, BC1, 16, 16)
    s.texture(2, BC1, 16, 16)
    at = s.copy_texture(2, 1, (0, 0), (2, 0), (4, 4))
    cases.append(("BC1 copy from x 2", s.bytes(), refused(at, "COPY_TEXTURE2D", "copy_unaligned")))
    s = Stream()
    s.texture(1, BC1, 16, 16)
    s.texture(2, BC1, 16, 16)
    at = s.copy_texture(2, 1, (0, 0), (0, 0), (6, 4))
    cases.append(("BC1 copy 6 texels wide", s.bytes(),
                  refused(at, "COPY_TEXTURE2D", "copy_unaligned")))
    s = Stream()
    s.texture(1, BC1, 16, 16)
    s.texture(2, BC1, 16, 16)
    at = s.copy_texture(2, 1, (4, 2), (0, 0), (4, 4))
    cases.append(("BC1 copy to y 2", s.bytes(), refused(at, "COPY_TEXTURE2D", "copy_unaligned")))
    # legal: another mip of the same texture, whole BC blocks, other buffers
    s = Stream()
    s.texture(1, R8G8B8A8, 16, 16, mips=2)
    s.copy_texture(1, 1, (0, 0), (0, 0), (8, 8), dst_sub=(1, 0))
    s.texture(2, BC1, 16, 16)
    s.texture(3, BC1, 16, 16)
    s.copy_texture(3, 2, (8, 4), (4, 0), (8, 8))
    s.buffer(4, 64)
    s.buffer(5, 64)
    s.copy_buffer(5, 4, 0, 0, 64)
    cases.append(("copies between subresources, BC in whole blocks", s.bytes(), OK))
    return cases


def all_cases():
    return (shader_cases() + resource_cases() + format_cases() + draw_cases() +
            sharing_cases() + copy_cases())
