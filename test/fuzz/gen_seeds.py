#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the checked-in seed corpora of fuzz_kmd_render, fuzz_ddi_sequence,
fuzz_trace_semantic (from trace_seeds.py) and fuzz_host_wire (from host_wire_seeds.py).

Usage: gen_seeds.py STREAMS_DIR OUT_DIR
  STREAMS_DIR  test/data/streams (raw command streams from the captures)
  OUT_DIR      test/fuzz/corpus; writes OUT_DIR/kmd_render/*, OUT_DIR/ddi_sequence/* and
               OUT_DIR/trace_semantic/*

The input formats are the ones the two fuzzers decode (see the comments at the top of
fuzz_kmd_render.c and fuzz_ddi_sequence.c); this script is their only other reader, so keep
the two in step when a format changes. Output is deterministic."""
import os
import struct
import sys

from host_wire_seeds import host_wire_seeds
from trace_seeds import trace_semantic_seeds

ABI_1_4 = 0x00010004
STREAM_MAGIC = 0x444D4341  # "ACMD"

# ---- fuzz_kmd_render: [6 config bytes][12-byte allocation-list entries][command buffer] --

CFG_SYNTH_HEADER = 0x08
CFG_TWICE = 0x10
CFG_RESERVE = 0x40


def kmd_config(refs, flags=0, dma_capacity=2063, tracker=64, copy_byte=0, policy_byte=0):
    cap = (dma_capacity - 16) % 2048
    return bytes([len(refs) | flags, cap & 0xFF, cap >> 8, (tracker - 1) & 0x3F,
                  copy_byte, policy_byte])


def kmd_ref(identity, alloc_id, write=True, token=0, gpa_pages=0x100, size=1 << 24):
    return struct.pack("<BBBBII", identity, alloc_id, 1 if write else 0, token,
                       gpa_pages, size)


def backing_alloc_ids(stream):
    """alloc_ids the stream's CREATE_BUFFER / CREATE_TEXTURE2D packets back onto."""
    ids, offset = [], 24
    end = struct.unpack_from("<I", stream, 8)[0]
    while offset + 8 <= end:
        opcode, size = struct.unpack_from("<II", stream, offset)
        if size < 8:
            break
        if opcode == 0x100 and size >= 40:
            ids.append(struct.unpack_from("<I", stream, offset + 24)[0])
        elif opcode == 0x101 and size >= 56:
            ids.append(struct.unpack_from("<I", stream, offset + 40)[0])
        offset += size
    return sorted({i for i in ids if 0 < i < 0xFF})


def packet(opcode, body):
    return struct.pack("<II", opcode, 8 + len(body)) + body


def kmd_seeds(streams_dir):
    seeds = {}
    for name in sorted(os.listdir(streams_dir)):
        if not name.endswith(".acmd"):
            continue
        with open(os.path.join(streams_dir, name), "rb") as f:
            stream = f.read()
        refs = b"".join(kmd_ref(0x10 + n, i) for n, i in enumerate(backing_alloc_ids(stream)[:7]))
        count = len(refs) // 12
        base = name[len("aerogpu_cmd_"):-len(".acmd")]
        seeds[base] = kmd_config([0] * count) + refs + stream
        # the same stream through DMA buffers of 24 + 64 bytes: split after split
        seeds[base + "_split"] = kmd_config([0] * count, CFG_TWICE, 24 + 64) + refs + stream
    # packets only (header synthesised): guest-backed buffer, dirty range, sharing, copy
    backed = (packet(0x100, struct.pack("<IIQIIQ", 7, 1, 256, 5, 0, 0)) +
              packet(0x100, struct.pack("<IIQIIQ", 8, 1, 256, 6, 0, 0)) +
              packet(0x103, struct.pack("<IIQQ", 7, 0, 0, 256)) +
              packet(0x105, struct.pack("<IIQQQII", 8, 7, 0, 0, 64, 1, 0)) +
              packet(0x710, struct.pack("<IIQ", 7, 0, 0x5000000000000009)) +
              packet(0x711, struct.pack("<IIQ", 9, 0, 0x5000000000000009)) +
              packet(0x712, struct.pack("<QQ", 0x5000000000000009, 0)) +
              packet(0x102, struct.pack("<II", 9, 0)) +
              packet(0x700, struct.pack("<II", 0, 0)))
    refs = [kmd_ref(0x21, 5, token=9, size=4096), kmd_ref(0x22, 6, write=True, size=4096)]
    seeds["synth_backed_shared"] = kmd_config(refs, CFG_SYNTH_HEADER) + b"".join(refs) + backed
    seeds["synth_backed_split"] = (kmd_config(refs, CFG_SYNTH_HEADER, 24 + 48) +
                                   b"".join(refs) + backed)
    # an aliased list entry, a NULL entry and a kernel-numbered one, with a reserved opcode
    refs = [kmd_ref(0x31, 5, size=4096), kmd_ref(0x31, 5, size=4096), kmd_ref(0, 0),
            kmd_ref(0x32, 0, size=64)]
    seeds["synth_alias_reserved"] = (kmd_config(refs, CFG_SYNTH_HEADER | CFG_RESERVE) +
                                     b"".join(refs) + backed)
    return seeds


# ---- fuzz_ddi_sequence: [4 setup bytes][op][args]... -------------------------------------

(OP_CREATE_BUFFER, OP_CREATE_TEXTURE, OP_CREATE_VIEW, OP_CREATE_SHADER, OP_CREATE_LAYOUT,
 OP_CREATE_SAMPLER, OP_CREATE_STATE, OP_DESTROY, OP_SET_VERTEX_BUFFERS, OP_SET_INDEX_BUFFER,
 OP_SET_INPUT_LAYOUT, OP_SET_TOPOLOGY, OP_SET_SHADER, OP_SET_CONSTANT_BUFFERS,
 OP_SET_SHADER_RESOURCES, OP_SET_SAMPLERS, OP_SET_RENDER_TARGETS, OP_SET_STATE,
 OP_SET_VIEWPORTS_SCISSORS, OP_DRAW, OP_DISPATCH, OP_CLEAR, OP_PRESENT, OP_FLUSH,
 OP_INJECT, OP_MAP, OP_UNMAP, OP_UPDATE, OP_COPY, OP_WAIT_IDLE, OP_FENCES,
 # the extended set (setup config bit 5)
 OP_CREATE_BUFFER_EX, OP_CREATE_VIEW_EX, OP_CREATE_UAV, OP_SET_CS_UAVS, OP_CLEAR_UAV,
 OP_DESTROY_UAV, OP_OPEN_SHARED, OP_INDIRECT, OP_CREATE_QUERY, OP_QUERY_MARK, OP_QUERY_GET_DATA,
 OP_SET_PREDICATION, OP_DESTROY_QUERY, OP_CREATE_TEXTURE_MISC, OP_BLT, OP_ROTATE, OP_PRESENT_SURFACE,
 OP_GENERATE_MIPS, OP_COPY_STRUCTURE_COUNT, OP_SET_ONE_SLOT, OP_CREATE_DDI_RESOURCE,
 OP_CREATE_DDI_VIEW, OP_CREATE_SHADER_TOKENS, OP_CREATE_REGISTER_LAYOUT) = range(55)

BIND_VB, BIND_IB, BIND_CB, BIND_SRV, BIND_RT, BIND_DS, BIND_UAV = 0x1, 0x2, 0x4, 0x8, 0x20, 0x40, 0x80
VIEW_SRV, VIEW_RTV, VIEW_DSV = 0, 1, 2
SHADER_PS, SHADER_CS = 1, 3
# selectors into the fuzzer's tables (values below 8 x table size pick an entry)
FMT_R8G8B8A8, FMT_B8G8R8A8, FMT_D24S8 = 0, 2, 7
VFMT_R32G32B32 = 0
DYNAMIC_CPU_WRITE = 2 | 4  # usage byte: usage % 4, bit 2 CPU write, bit 3 CPU read
STAGING_CPU_READ_WRITE = 3 | 4 | 8
MAP_READ, MAP_WRITE_DISCARD = 1, 4
# query kinds (the DDI's numbering), the process byte's COMPATIBLE policy bit
Q_EVENT, Q_OCCLUSION, Q_PIPELINE_STATS, Q_OCCLUSION_PREDICATE, Q_SO_OVERFLOW_PREDICATE = 0, 1, 4, 5, 7
Q_NONE = 19
PID_COMPATIBLE = 0x80
# create_texture_misc's misc byte
TEX_GENERATE_MIPS, TEX_PRESENTABLE, TEX_PRIMARY = 0x1, 0x2, 0x4


def ddi_setup(capacity, entries, minor=4, transfer=True, reuse_ids=False, pid=0x48,
              extended=False, win7=False, no_fence_wait=False):
    """The fuzzer takes the ABI minor as the whole config byte % 5: bits 0-2 are chosen so
    that the flag bits above them leave the wanted minor."""
    flags = ((0 if transfer else 0x08) | (0x10 if reuse_ids else 0) | (0x20 if extended else 0) |
             (0x40 if win7 else 0) | (0x80 if no_fence_wait else 0))
    cfg = flags + (minor - flags) % 5
    return bytes([(capacity - 48) // 4, entries, cfg, pid])


# ---- the extended set: selectors into ddi_ops_views.c's tables ------------------------------

# create_buffer_ex cfg bits and structure-stride selectors (strides[] = 4, 8, 12, 16, 20, 32,
# 48, 64, 256, 2048, 0, 2, 6, 2052, 4096)
BUF_RAW, BUF_STRUCTURED, BUF_SHARED, BUF_GUEST, BUF_INIT, BUF_SIZE_FROM_STRIDE = (
    0x01, 0x02, 0x04, 0x08, 0x10, 0x20)
STRIDE_4, STRIDE_16, STRIDE_20, STRIDE_0, STRIDE_2, STRIDE_2052 = 0, 3, 4, 10, 11, 13
# view_formats[] = 0, 39, 2, 6, 10, 16, 24, 28, 34, 41, 42, 61, 87, 57, 1, 40, 45, 71
VF_NONE, VF_R32_TYPELESS, VF_R32G32B32A32_FLOAT, VF_R32_FLOAT, VF_BC1 = 0, 1, 2, 9, 17
# element ranges: whole, inside (first a, count b), the last elements (a, b & 1 one past),
# offsets that overflow 32 bits, raw
RANGE_WHOLE, RANGE_INSIDE, RANGE_TAIL, RANGE_OVERFLOW = 0, 1, 2, 3
EB_ZERO, EB_RIGHT, EB_WRONG = 0, 1, 2
UAV_RAW, UAV_APPEND, UAV_COUNTER = 0x1, 0x2, 0x4


def buffer_ex(slot, bind, cfg, stride_sel, size_or_count, usage=0):
    size = [size_or_count] if cfg & BUF_SIZE_FROM_STRIDE else [size_or_count & 0xFF,
                                                              size_or_count >> 8]
    return [OP_CREATE_BUFFER_EX, slot, bind, cfg, usage, stride_sel] + size


def buffer_view(slot, res, flags, fmt, mode, a, b, eb=EB_ZERO, kind=VIEW_SRV):
    return [OP_CREATE_VIEW_EX, slot, kind, res, flags, fmt, mode, a, b, eb]


def texture_view(slot, kind, res, flags):
    return [OP_CREATE_VIEW_EX, slot, kind, res, flags, VF_NONE, 0, 0, 0, 0]


def uav(slot, res, flags, fmt, stride_sel, mode, a, b, count=0):
    return [OP_CREATE_UAV, slot, res, flags, fmt, stride_sel, mode, a, b, count]


def ddi_scene():
    """Creates a frame's objects, draws an indexed textured triangle, clears, presents."""
    ops = [
        OP_CREATE_BUFFER, 0, 72, 0, BIND_VB, 0x30, 0,      # vb: 72 bytes, backed, init
        OP_CREATE_BUFFER, 1, 12, 0, BIND_IB, 0x20, 0,      # ib: host-owned, init
        OP_CREATE_BUFFER, 2, 0, 1, BIND_CB, 0x00, DYNAMIC_CPU_WRITE,  # cb: 256 bytes
        OP_CREATE_TEXTURE, 3, 15, 15, 1, 0, FMT_B8G8R8A8, BIND_RT, 0x01, 0,
        OP_CREATE_TEXTURE, 4, 3, 3, 1, 0, FMT_R8G8B8A8, BIND_SRV, 0x31, 0,
        OP_CREATE_TEXTURE, 5, 15, 15, 1, 0, FMT_D24S8, BIND_DS, 0x01, 0,
        OP_CREATE_VIEW, 0, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0,   # rtv
        OP_CREATE_VIEW, 1, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0,   # srv
        OP_CREATE_VIEW, 2, 2, 5, 0, 0, 0, 0, 0, 0, 0, 0,   # dsv
        OP_CREATE_SHADER, 0, 0, 4, 0x11,                   # vs, 48 bytes
        OP_CREATE_SHADER, 1, 1, 0, 0x22,                   # ps, 32 bytes
        OP_CREATE_LAYOUT, 0, 1, 0x00, VFMT_R32G32B32, 0, 0, 0,
        OP_CREATE_SAMPLER, 0, 1, 0x4B, 0x00,            # linear, clamp
        OP_CREATE_STATE, 0, 0x00, 0x93, 0x32, 0x32,       # blend: alpha, add
        OP_CREATE_STATE, 1, 0x0B, 0x00, 0xFF, 0xFF,       # depth-stencil
        OP_CREATE_STATE, 2, 0x1B, 0x04, 0x00,             # rasterizer
        OP_CLEAR, 0x00, OP_CLEAR, 0x2A, 0,  # colour, depth
        OP_SET_RENDER_TARGETS, 1, 0, 2,
        OP_SET_VIEWPORTS_SCISSORS, 1, 0x80, 0x24, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  # 64x64
        OP_SET_INPUT_LAYOUT, 0,
        OP_SET_VERTEX_BUFFERS, 0, 1, 0, 12, 0,
        OP_SET_INDEX_BUFFER, 1, 0, 0,
        OP_SET_TOPOLOGY, 4,
        OP_SET_SHADER, 0, 0, OP_SET_SHADER, 1, 1,
        OP_SET_SHADER_RESOURCES, 1, 0, 1, 1,
        OP_SET_SAMPLERS, 1, 0, 1, 0,
        OP_SET_CONSTANT_BUFFERS, 0, 0, 0x05, 2, 0, 1,
        OP_SET_STATE, 0, 0x0F, OP_SET_STATE, 1, 0x10, OP_SET_STATE, 2, 0,
        OP_DRAW, 0, 3, 0, 1, 0, 0, 0,
        OP_DRAW, 1, 3, 0, 1, 0, 0, 0,
        OP_DRAW, 3, 3, 0, 2, 0, 0, 0, 1,
        OP_MAP, 2, 0, MAP_WRITE_DISCARD, OP_UNMAP, 2, 0, 0, 0,   # rewrite the dynamic cb
        OP_UPDATE, 4, 0, 0x04, 0, 2, 0, 2,                       # 2x2 box of the srv texture
        OP_DRAW, 0, 3, 0, 1, 0, 0, 0,
        OP_PRESENT, 1,
    ]
    return bytes(ops)


def ddi_teardown():
    # resources (and their views), shaders, layout, sampler, states
    return bytes([OP_DESTROY, 0 | 0 << 3, OP_DESTROY, 0 | 3 << 3, OP_DESTROY, 2 | 0 << 3,
                  OP_DESTROY, 3, OP_DESTROY, 4, OP_FLUSH])


def ddi_seeds():
    scene, down = ddi_scene(), ddi_teardown()
    return {
        "scene_roomy": ddi_setup(1068, 8) + scene + down,
        "scene_tiny": ddi_setup(96, 1) + scene + down,
        "scene_abi_1_0": ddi_setup(256, 4, minor=0, transfer=False) + scene + down,
        "scene_abi_1_2_reuse": ddi_setup(200, 2, minor=2, reuse_ids=True) + scene + down,
        "scene_submit_fails": (ddi_setup(128, 4) + bytes([OP_INJECT, 0x04]) + scene +
                               bytes([OP_INJECT, 0x08]) + scene + down),
        "scene_device_removed": (ddi_setup(256, 4) + scene + bytes([OP_INJECT, 0x05]) +
                                 scene + down),
        "scene_alloc_fails": (ddi_setup(400, 4) + bytes([OP_INJECT, 0x02]) + scene +
                              bytes([OP_INJECT, 0x07]) + down),
        "readback_fences": (ddi_setup(512, 4) + bytes([
            OP_CREATE_TEXTURE, 0, 7, 7, 1, 0, FMT_B8G8R8A8, BIND_RT, 0x01, 0,
            OP_CREATE_TEXTURE, 1, 7, 7, 1, 0, FMT_B8G8R8A8, 0, 0x01, STAGING_CPU_READ_WRITE,
            OP_CREATE_VIEW, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            OP_CLEAR, 0x00,
            OP_FENCES, 0,                                   # hold fences
            OP_COPY, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,       # copy region, whole
            OP_MAP, 1, 0, MAP_READ | 0x08,                  # DO_NOT_WAIT: still drawing
            OP_FENCES, 2,                                   # complete, stop holding
            OP_MAP, 1, 0, MAP_READ, OP_UNMAP, 1, 0, 0, 0,
            OP_COPY, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,       # CopyResource
            OP_WAIT_IDLE, 1, OP_PRESENT, 0xB1, OP_FLUSH])),
        "views_buffer_kinds": ddi_setup(512, 8, extended=True) + views_buffer_kinds(),
        "views_read_only_depth": ddi_setup(256, 4, extended=True) + views_read_only_depth(),
        "win7_readback": ddi_setup(512, 4, win7=True) + win7_readback(),
        "win7_no_fence_wait": (ddi_setup(200, 4, extended=True, win7=True, no_fence_wait=True) +
                               win7_readback() + ddi_scene() + ddi_teardown()),
        "shared_release_retry": ddi_setup(112, 4, extended=True) + shared_release_retry(),
        # a burst: the acquire / submit calls of both release attempts fail (ahead 2 skips
        # the alias's destroy), so the release waits with the DESTROY for the next buffer
        "shared_release_burst": ddi_setup(112, 4, extended=True) + bytes(shared_pair() + [
            OP_CREATE_BUFFER, 5, 120, 0, BIND_VB, 0x20, 0,
            OP_INJECT, 0x34, OP_DESTROY, 0 | 0 << 3, OP_INJECT, 0x20, OP_DESTROY, 0 | 1 << 3,
            OP_CREATE_BUFFER, 4, 16, 0, BIND_VB, 0x20, 0, OP_FLUSH]),
        "shared_device_removed": (ddi_setup(160, 4, extended=True) + bytes(shared_pair() + [
            OP_INJECT, 0x05, OP_DESTROY, 0 | 0 << 3, OP_DESTROY, 0 | 1 << 3, OP_FLUSH])),
        # an SO-overflow predicate (FALSE) with FALSE leaves the work out
        "queries_strict": (ddi_setup(400, 4, extended=True) + scene +
                           queries(Q_SO_OVERFLOW_PREDICATE, 0) + down),
        # the occlusion predicate (TRUE) with TRUE, under COMPATIBLE and Windows 7 waits
        "queries_compatible": (ddi_setup(400, 4, extended=True, win7=True,
                                         pid=0x48 | PID_COMPATIBLE) + scene +
                               queries(Q_OCCLUSION_PREDICATE, 1) + down),
        "dxgi_swap_chain": ddi_setup(600, 8, extended=True) + dxgi_swap_chain(),
        "dxgi_swap_chain_win7": (ddi_setup(600, 8, extended=True, win7=True) +
                                 dxgi_swap_chain()),
        "ddi_described": ddi_setup(600, 8, extended=True) + ddi_described(),
        "compute_gs": (ddi_setup(160, 2) +
                       bytes([OP_CREATE_SHADER, 2, 2, 8, 0x33, OP_CREATE_SHADER, 3, 3, 2, 0x44,
                              OP_SET_SHADER, 2, 2, OP_DRAW, 0, 3, 0, 1, 0, 0, 0,
                              OP_SET_SHADER, 3, 3, OP_DISPATCH, 0x2A,
                              OP_DESTROY, 2 | 2 << 3, OP_DISPATCH, 0x2A, OP_FLUSH])),
    }


def queries(predicate_kind, value):
    """A predicate, an event, a kind that is none and pipeline statistics: counted around a
    draw, read (still drawing without a flush, short, whole, polled), then the predicate set
    so that it leaves a draw, a clear and an update out; an event refused as predicate; the
    predicate destroyed while set."""
    draw = [OP_DRAW, 0, 3, 0, 1, 0, 0, 0]
    return bytes([
        OP_CREATE_QUERY, 0, predicate_kind, OP_CREATE_QUERY, 1, Q_EVENT,
        OP_CREATE_QUERY, 2, Q_NONE, OP_CREATE_QUERY, 3, Q_PIPELINE_STATS,
        OP_QUERY_MARK, 0, 3, OP_QUERY_MARK, 0, 0] + draw + [
        OP_QUERY_MARK, 1, 0, OP_QUERY_MARK, 1, 3, OP_QUERY_MARK, 1, 1,
        OP_QUERY_GET_DATA, 1, 1, 96, OP_QUERY_GET_DATA, 0, 1, 2, OP_QUERY_GET_DATA, 0, 0, 96,
        OP_QUERY_GET_DATA, 0, 3, 96, OP_QUERY_GET_DATA, 2, 1, 0,
        OP_SET_PREDICATION, value, 0] + draw + [
        OP_CLEAR, 0x00, OP_UPDATE, 4, 0, 0x04, 0, 2, 0, 2,
        OP_SET_PREDICATION, 1, 1,                                   # an event: refused
        OP_DESTROY_QUERY, 0] + draw + [
        OP_DESTROY_QUERY, 1, OP_DESTROY_QUERY, 3])


def dxgi_swap_chain():
    """Two back buffers and a primary (8x8), a 16x16 texture with a full mip chain: clear,
    GenerateMips, a Blt that copies (same size) and one that stretches, rotations (the
    second repeats a buffer: refused), presents onto the primary and a TEST one, the
    one-slot shader-resource and sampler binds."""
    tex = lambda misc, slot, size, mips, fmt: [
        OP_CREATE_TEXTURE_MISC, misc, slot, size - 1, size - 1, mips, 0, fmt, BIND_RT | BIND_SRV,
        0x11, 0]
    return bytes(
        tex(TEX_PRESENTABLE, 0, 8, 1, FMT_B8G8R8A8) + tex(TEX_PRESENTABLE, 1, 8, 1, FMT_B8G8R8A8) +
        tex(TEX_PRESENTABLE | TEX_PRIMARY, 2, 8, 1, FMT_B8G8R8A8) +
        tex(TEX_GENERATE_MIPS, 3, 16, 0, FMT_R8G8B8A8) + [
            OP_CREATE_VIEW, 0, VIEW_RTV, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            OP_CREATE_VIEW, 1, VIEW_SRV, 3, 0, 0, 0, 0, 0, 0, 0, 0,
            OP_CREATE_SAMPLER, 0, 0, 0, 0,
            OP_CLEAR, 0x00, OP_GENERATE_MIPS, 1,
            OP_BLT, 1, 0, 0x08, 1, 0, 0, 0, 0, 8, 8,
            OP_BLT, 2, 3, 0x04, 2, 0, 0, 0, 0, 8, 8,
            OP_ROTATE, 2, 0, 1, 0, OP_ROTATE, 3, 0, 1, 1,
            OP_PRESENT_SURFACE, 0, 2, 1, 0, OP_PRESENT_SURFACE, 1, 6, 0x08, 0,
            OP_SET_ONE_SLOT, 0x02, 0, 1, OP_SET_ONE_SLOT, 0x03, 0, 0, OP_FLUSH])


def ddi_described():
    """Creations as the DDI describes them: a structured buffer with data, a render target
    with DISCARD_ON_PRESENT, a primary (no OPTIONAL), a 3D texture and a keyed-mutex one
    (refused), an undefined bind bit (INVALID_ARG); views of the 2D and 3D dimensions; a
    vertex shader of tokens (ret) with a float4 input and SV_Position output, a pixel shader
    given those vertex-shader tokens (INVALID_ARG), an input layout by register, a draw."""
    ret_vs = [0, 1, 1, 0x3E, 0, 0, 1, 1, 1, 0, 15, 0, 3, 0, 15, 1, 3]
    def res(slot, dim, width, bind, misc, cpu=0, usage=0, stride=0, primary=0, cfg=1):
        return [OP_CREATE_DDI_RESOURCE, slot, cfg, dim, width & 0xFF, width >> 8, 15, 1, 0,
                FMT_B8G8R8A8, usage, bind & 0xFF, bind >> 8, misc & 0xFF, misc >> 8, cpu,
                stride, primary]
    view = lambda slot, kind, r, dim: [OP_CREATE_DDI_VIEW, slot, kind, r, dim, 0, 0, 0, 0, 0,
                                       0, 0, 0]
    return bytes(
        res(0, 1, 256, BIND_SRV, 0x40, stride=4) +                 # structured, 16-byte stride
        res(1, 3, 16, BIND_RT | BIND_SRV, 0x08) +                   # DISCARD_ON_PRESENT
        res(2, 3, 16, BIND_RT | 0x80, 0, primary=0x01) +            # PRESENT, a primary
        res(3, 4, 16, BIND_SRV, 0) +                                # 3D: refused
        res(3, 3, 16, BIND_SRV, 0x100) +                            # KEYEDMUTEX: refused
        res(3, 3, 16, 0x200, 0) +                                   # undefined bind bit
        view(0, VIEW_RTV, 1, 3) + view(1, VIEW_SRV, 1, 4) + view(2, VIEW_SRV, 0, 6) +
        [OP_CREATE_SHADER_TOKENS, 0, 0] + ret_vs +
        [OP_CREATE_SHADER_TOKENS, 1, 1, 0x80] + ret_vs[1:] +
        [OP_CREATE_REGISTER_LAYOUT, 0, 1, 0, 0, 0, 0,
         OP_SET_SHADER, 0, 0, OP_SET_INPUT_LAYOUT, 0, OP_SET_RENDER_TARGETS, 1, 0, 7,
         OP_DRAW, 0, 3, 0, 1, 0, 0, 0, OP_CLEAR, 0x00, OP_FLUSH])


def views_buffer_kinds():
    """Structured, raw and typed buffers with their SRVs and UAVs, the views bound and used
    by a dispatch and a draw; every invalid description of each kind once."""
    return bytes(
        buffer_ex(0, BIND_SRV | BIND_UAV, BUF_STRUCTURED | BUF_GUEST | BUF_INIT |
                  BUF_SIZE_FROM_STRIDE, STRIDE_16, 7) +          # 8 structures of 16 bytes
        buffer_ex(1, BIND_SRV | BIND_UAV, BUF_RAW | BUF_SIZE_FROM_STRIDE, STRIDE_16, 15) +
        buffer_ex(2, BIND_SRV | BIND_UAV | BIND_VB, 0, STRIDE_0, 64) +
        # refused: structured and raw, a size that is no multiple, strides too big and odd
        buffer_ex(3, BIND_SRV, BUF_RAW | BUF_STRUCTURED | BUF_SIZE_FROM_STRIDE, STRIDE_16, 1) +
        buffer_ex(3, BIND_SRV, BUF_STRUCTURED, STRIDE_20, 30) +
        buffer_ex(3, BIND_SRV, BUF_STRUCTURED | BUF_SIZE_FROM_STRIDE, STRIDE_2052, 0) +
        buffer_ex(3, BIND_SRV, BUF_STRUCTURED | BUF_SIZE_FROM_STRIDE, STRIDE_2, 3) +
        buffer_view(0, 0, 0, VF_NONE, RANGE_WHOLE, 0, 0, EB_RIGHT) +     # structured
        buffer_view(1, 1, 1, VF_R32_TYPELESS, RANGE_INSIDE, 4, 20) +      # raw
        buffer_view(2, 2, 0, VF_R32G32B32A32_FLOAT, RANGE_TAIL, 1, 0) +   # typed, last one
        # refused: raw of structured, structured of raw, one past the end, overflowing
        # offsets, a wrong element size, an undefined flag, a block-compressed format
        buffer_view(3, 0, 1, VF_R32_TYPELESS, RANGE_WHOLE, 0, 0) +
        buffer_view(3, 1, 0, VF_NONE, RANGE_WHOLE, 0, 0) +
        buffer_view(3, 2, 0, VF_R32G32B32A32_FLOAT, RANGE_TAIL, 0, 1) +
        buffer_view(3, 0, 0, VF_NONE, RANGE_OVERFLOW, 0, 5) +
        buffer_view(3, 0, 0, VF_NONE, RANGE_WHOLE, 0, 0, EB_WRONG) +
        buffer_view(3, 2, 0x84, VF_R32G32B32A32_FLOAT, RANGE_WHOLE, 0, 0) +
        buffer_view(3, 2, 0, VF_BC1, RANGE_WHOLE, 0, 0) +
        uav(0, 0, UAV_COUNTER, VF_NONE, STRIDE_0, RANGE_WHOLE, 0, 0, 5) +
        uav(1, 1, UAV_RAW, VF_R32_TYPELESS, STRIDE_0, RANGE_INSIDE, 8, 16, 0xFF) +
        uav(2, 2, 0, VF_R32_FLOAT, STRIDE_0, RANGE_WHOLE, 0, 0) +
        uav(3, 0, UAV_RAW, VF_R32_TYPELESS, STRIDE_0, RANGE_WHOLE, 0, 0) +       # refused
        uav(3, 2, UAV_APPEND | UAV_COUNTER, VF_NONE, STRIDE_16, RANGE_WHOLE, 0, 0) +  # refused
        [OP_CREATE_SHADER, 0, SHADER_CS, 4, 0x11, OP_SET_SHADER, SHADER_CS, 0,
         OP_SET_CS_UAVS, 0, 3, 0x02, 0, 7, 1 | 0x80, 2, 0,
         OP_DISPATCH, 0x09,
         OP_CLEAR_UAV, 1, 0x00, 1, 2, 3, 4, OP_CLEAR_UAV, 2, 0x03,
         OP_SET_CS_UAVS, 6, 4, 0x00, 0x80, 0x80, 0x80, 0x80,               # past slot 7
         OP_SET_SHADER_RESOURCES, SHADER_CS, 0, 3, 0, 1, 2,                # unbinds the UAVs
         OP_DISPATCH, 0x09,
         ] + buffer_ex(3, BIND_VB, BUF_GUEST | BUF_INIT, STRIDE_0, 64) + [  # arguments
         OP_INDIRECT, 3 << 2 | 0, 0, OP_INDIRECT, 3 << 2 | 1, 1, OP_INDIRECT, 0 << 2 | 2, 0,
         OP_SET_SHADER_RESOURCES, SHADER_PS, 0, 3, 0, 1, 2, OP_DRAW, 0, 3, 0, 1, 0, 0, 0,
         OP_DESTROY_UAV, 0, OP_FLUSH,
         OP_DESTROY, 0 | 0 << 3, OP_DESTROY, 0 | 1 << 3, OP_DESTROY, 0 | 2 << 3, OP_FLUSH])


def views_read_only_depth():
    """Depth-stencil views with the read-only flags (valid Direct3D the protocol cannot
    carry), flags on kinds of view that have none, then the targets in use."""
    return bytes([
        OP_CREATE_TEXTURE, 0, 15, 15, 1, 0, FMT_D24S8, BIND_DS, 0x01, 0,
        OP_CREATE_TEXTURE, 1, 15, 15, 1, 0, FMT_B8G8R8A8, BIND_RT | BIND_SRV, 0x01, 0] +
        texture_view(0, VIEW_DSV, 0, 1) + texture_view(0, VIEW_DSV, 0, 2) +
        texture_view(0, VIEW_DSV, 0, 3) + texture_view(0, VIEW_DSV, 0, 0x84) +
        texture_view(0, VIEW_DSV, 0, 0) +
        texture_view(1, VIEW_RTV, 1, 1) + texture_view(1, VIEW_SRV, 1, 1) +
        texture_view(1, VIEW_RTV, 1, 0) + texture_view(2, VIEW_DSV, 1, 1) + [
        OP_SET_RENDER_TARGETS, 1, 1, 0,
        OP_CLEAR, 0x68, 0, OP_CLEAR, 0x01,                         # depth + stencil, colour
        OP_DRAW, 0, 3, 0, 1, 0, 0, 0, OP_PRESENT, 1,
        OP_DESTROY, 0 | 0 << 3, OP_DESTROY, 0 | 1 << 3, OP_FLUSH])


def win7_readback():
    """readback_fences with Windows 7 waits: the DO_NOT_WAIT map polls through the lock, a
    blocking map and UpdateSubresource wait in the lock, presents are not throttled, so
    holding the fences loses nothing until wait_idle."""
    return bytes([
        OP_CREATE_TEXTURE, 0, 7, 7, 1, 0, FMT_B8G8R8A8, BIND_RT, 0x01, 0,
        OP_CREATE_TEXTURE, 1, 7, 7, 1, 0, FMT_B8G8R8A8, 0, 0x01, STAGING_CPU_READ_WRITE,
        OP_CREATE_BUFFER, 2, 64, 0, BIND_VB, 0x10, 0,              # guest-backed
        OP_CREATE_VIEW, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        OP_CLEAR, 0x00,
        OP_FENCES, 0,                                               # hold fences
        OP_COPY, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        OP_MAP, 1, 0, MAP_READ | 0x08,                              # the lock: still drawing
        OP_MAP, 1, 0, MAP_READ, OP_UNMAP, 1, 0, 0, 0,               # the lock waits
        OP_COPY, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0,
        OP_MAP, 1, 0, 0x08,                                         # WRITE, DO_NOT_WAIT
        OP_UPDATE, 2, 0, 0x04, 0, 16, 0, 1,                         # waits in the lock
        OP_PRESENT, 0, OP_PRESENT, 0, OP_PRESENT, 0, OP_PRESENT, 0, OP_PRESENT, 0x81,
        OP_WAIT_IDLE, 1,                                            # still drawing
        OP_FENCES, 2, OP_WAIT_IDLE, 0, OP_FLUSH,
        OP_DESTROY, 0 | 0 << 3, OP_DESTROY, 0 | 1 << 3, OP_DESTROY, 0 | 2 << 3])


def shared_pair():
    """A shared buffer and a shared texture, each opened as an alias."""
    return (buffer_ex(0, BIND_VB, BUF_SHARED, STRIDE_0, 16) + [
        OP_CREATE_TEXTURE, 1, 7, 7, 1, 0, FMT_B8G8R8A8, BIND_SRV | BIND_RT, 0x40, 0,
        OP_OPEN_SHARED, 0, 2, 0, 0, OP_OPEN_SHARED, 1, 3, 0, 0,
        OP_OPEN_SHARED, 0, 4, 1, 9])                                # cut short: refused


def shared_release_retry():
    """Both shared resources destroyed while the small command buffer is full and the next
    callback fails: the release is retried."""
    return bytes(shared_pair() + [
        OP_CREATE_BUFFER, 5, 120, 0, BIND_VB, 0x20, 0,              # fills the buffer
        OP_INJECT, 0x00, OP_DESTROY, 0 | 0 << 3,
        OP_CREATE_BUFFER, 4, 120, 0, BIND_VB, 0x20, 0,
        OP_INJECT, 0x04, OP_DESTROY, 0 | 1 << 3,
        OP_FLUSH])


def write_all(out_dir, name, seeds):
    path = os.path.join(out_dir, name)
    os.makedirs(path, exist_ok=True)
    for seed_name, data in sorted(seeds.items()):
        with open(os.path.join(path, seed_name), "wb") as f:
            f.write(data)


def main(streams_dir, out_dir):
    write_all(out_dir, "kmd_render", kmd_seeds(streams_dir))
    write_all(out_dir, "ddi_sequence", ddi_seeds())
    write_all(out_dir, "trace_semantic", trace_semantic_seeds())
    write_all(out_dir, "host_wire", host_wire_seeds())
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
