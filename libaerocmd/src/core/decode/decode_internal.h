/* SPDX-License-Identifier: MIT */
/* decode_internal.h — what the decoder's files share and nobody else needs: little-endian
 * field reads, the enum tables the opcode table points at, and the per-packet rules hook. */
#ifndef AEROCMD_DECODE_INTERNAL_H
#define AEROCMD_DECODE_INTERNAL_H

#include "aerocmd/decode.h"

#include "../common/le_bytes.h"

/* A field element of 1, 4 or 8 bytes, widened. */
static inline uint64_t aerocmd_decode_uint(const uint8_t *p, uint32_t size)
{
    if (size == 8)
        return aerocmd_load_u64(p);
    if (size == 4)
        return aerocmd_load_u32(p);
    return p[0];
}

/* A field of a protocol struct at `bytes`, by name. */
#define AEROCMD_FIELD_U32(bytes, type, member)                                                     \
    aerocmd_load_u32((bytes) + offsetof(struct type, member))
#define AEROCMD_FIELD_U64(bytes, type, member)                                                     \
    aerocmd_load_u64((bytes) + offsetof(struct type, member))

extern const struct aerocmd_enum_info aerocmd_priv_enum_error_code;
extern const struct aerocmd_enum_info aerocmd_priv_enum_stream_flags;
extern const struct aerocmd_enum_info aerocmd_priv_enum_opcode;
extern const struct aerocmd_enum_info aerocmd_priv_enum_shader_stage_ex;
extern const struct aerocmd_enum_info aerocmd_priv_enum_index_format;
extern const struct aerocmd_enum_info aerocmd_priv_enum_sampler_filter;
extern const struct aerocmd_enum_info aerocmd_priv_enum_sampler_address_mode;
extern const struct aerocmd_enum_info aerocmd_priv_enum_resource_usage_flags;
extern const struct aerocmd_enum_info aerocmd_priv_enum_copy_flags;
extern const struct aerocmd_enum_info aerocmd_priv_enum_blend_factor;
extern const struct aerocmd_enum_info aerocmd_priv_enum_blend_op;
extern const struct aerocmd_enum_info aerocmd_priv_enum_compare_func;
extern const struct aerocmd_enum_info aerocmd_priv_enum_fill_mode;
extern const struct aerocmd_enum_info aerocmd_priv_enum_cull_mode;
extern const struct aerocmd_enum_info aerocmd_priv_enum_rasterizer_flags;
extern const struct aerocmd_enum_info aerocmd_priv_enum_clear_flags;
extern const struct aerocmd_enum_info aerocmd_priv_enum_present_flags;
extern const struct aerocmd_enum_info aerocmd_priv_enum_submit_flags;
extern const struct aerocmd_enum_info aerocmd_priv_enum_engine_id;
extern const struct aerocmd_enum_info aerocmd_priv_enum_alloc_flags;
extern const struct aerocmd_enum_info aerocmd_priv_enum_wddm_alloc_private_flags;
extern const struct aerocmd_enum_info aerocmd_priv_enum_wddm_alloc_kind;

/* OR of every value of a flag-set enum: the bits a FLAGS field may use. */
uint32_t aerocmd_priv_enum_flag_mask(const struct aerocmd_enum_info *info);

/* Every opcode is below 0x740 (the highest, FLUSH, is 0x720), so the opcode itself
 * indexes a table of its position in the opcode table plus one (0: not an opcode). The
 * table is 1.8 KiB of constants; the lookup is one compare and one load. */
#define AEROCMD_OPCODE_SLOT_COUNT       0x740u
#define AEROCMD_OPCODE_HAS_SLOT(opcode) ((opcode) < AEROCMD_OPCODE_SLOT_COUNT)

/* Hidden where the toolchain allows it, so position-independent builds reach it directly. */
#if defined(__GNUC__) && !defined(_WIN32)
__attribute__((visibility("hidden")))
#endif
extern const uint8_t aerocmd_priv_decode_opcode_slots[AEROCMD_OPCODE_SLOT_COUNT];

/* The opcode's position in aerocmd_opcode_table plus one; 0 for an unknown opcode. */
static inline uint32_t aerocmd_decode_opcode_position(uint32_t opcode)
{
    if (!AEROCMD_OPCODE_HAS_SLOT(opcode))
        return 0;
    return aerocmd_priv_decode_opcode_slots[opcode];
}

/* The generic structural check of a packet of a known opcode, driven by the introspection
 * table: the first fault in field order, AEROCMD_R_NONE when there is none. */
aerocmd_reason aerocmd_priv_decode_packet_fault(const struct aerocmd_stream *stream,
                                                const struct aerocmd_packet *packet,
                                                const struct aerocmd_opcode_info *info);

/* 1 when the packet certainly passes the structural check (unknown opcodes do); 0 when it
 * may not, and aerocmd_priv_decode_packet_fault must decide and name the reason. Never 1 for a
 * packet the generic check rejects; 0 for a faulty packet and for one that uses a reserved
 * word a minor newer than ours may define, which then only costs the generic check. */
int aerocmd_priv_decode_fast_accept(const struct aerocmd_stream *stream,
                                    const struct aerocmd_packet *packet);

/* Walks packets from `offset` (a packet boundary) while their framing is sound and the
 * fast path accepts them; returns where it stopped: the stream's end, or a packet the
 * cursor and the generic check must look at. */
uint32_t aerocmd_priv_decode_fast_walk(const struct aerocmd_stream *stream, uint32_t offset);

/* The rules of one packet that its field table cannot express (RULES.md "Packets").
 * Called only after the packet passed the table-driven checks: it is at least its fixed
 * size and its payload lies inside it. Returns AEROCMD_R_NONE when the packet is fine. */
aerocmd_reason aerocmd_priv_decode_packet_rules(const struct aerocmd_stream *stream,
                                                const struct aerocmd_packet *packet);

#endif /* AEROCMD_DECODE_INTERNAL_H */
