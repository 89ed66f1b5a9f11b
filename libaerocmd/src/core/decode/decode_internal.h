/* decode_internal.h — what the decoder's files share and nobody else needs: little-endian
 * field reads, the enum tables the opcode table points at, and the per-packet rules hook. */
#ifndef AEROCMD_DECODE_INTERNAL_H
#define AEROCMD_DECODE_INTERNAL_H

#include "aerocmd/decode.h"

/* Byte-wise reads: the buffer has no alignment and the host's byte order does not matter. */
static inline uint32_t aerocmd_decode_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static inline uint64_t aerocmd_decode_u64(const uint8_t *p)
{
    return (uint64_t)aerocmd_decode_u32(p) | ((uint64_t)aerocmd_decode_u32(p + 4) << 32);
}

/* A field element of 1, 4 or 8 bytes, widened. */
static inline uint64_t aerocmd_decode_uint(const uint8_t *p, uint32_t size)
{
    if (size == 8)
        return aerocmd_decode_u64(p);
    if (size == 4)
        return aerocmd_decode_u32(p);
    return p[0];
}

/* A field of a protocol struct at `bytes`, by name. */
#define AEROCMD_FIELD_U32(bytes, type, member)                                                     \
    aerocmd_decode_u32((bytes) + offsetof(struct type, member))
#define AEROCMD_FIELD_U64(bytes, type, member)                                                     \
    aerocmd_decode_u64((bytes) + offsetof(struct type, member))

extern const struct aerocmd_enum_info aerocmd_enum_error_code;
extern const struct aerocmd_enum_info aerocmd_enum_stream_flags;
extern const struct aerocmd_enum_info aerocmd_enum_opcode;
extern const struct aerocmd_enum_info aerocmd_enum_shader_stage_ex;
extern const struct aerocmd_enum_info aerocmd_enum_index_format;
extern const struct aerocmd_enum_info aerocmd_enum_sampler_filter;
extern const struct aerocmd_enum_info aerocmd_enum_sampler_address_mode;
extern const struct aerocmd_enum_info aerocmd_enum_resource_usage_flags;
extern const struct aerocmd_enum_info aerocmd_enum_copy_flags;
extern const struct aerocmd_enum_info aerocmd_enum_blend_factor;
extern const struct aerocmd_enum_info aerocmd_enum_blend_op;
extern const struct aerocmd_enum_info aerocmd_enum_compare_func;
extern const struct aerocmd_enum_info aerocmd_enum_fill_mode;
extern const struct aerocmd_enum_info aerocmd_enum_cull_mode;
extern const struct aerocmd_enum_info aerocmd_enum_rasterizer_flags;
extern const struct aerocmd_enum_info aerocmd_enum_clear_flags;
extern const struct aerocmd_enum_info aerocmd_enum_present_flags;
extern const struct aerocmd_enum_info aerocmd_enum_submit_flags;
extern const struct aerocmd_enum_info aerocmd_enum_engine_id;
extern const struct aerocmd_enum_info aerocmd_enum_alloc_flags;
extern const struct aerocmd_enum_info aerocmd_enum_wddm_alloc_private_flags;
extern const struct aerocmd_enum_info aerocmd_enum_wddm_alloc_kind;

/* OR of every value of a flag-set enum: the bits a FLAGS field may use. */
uint32_t aerocmd_enum_flag_mask(const struct aerocmd_enum_info *info);

/* The rules of one packet that its field table cannot express (RULES.md "Packets").
 * Called only after the packet passed the table-driven checks: it is at least its fixed
 * size and its payload lies inside it. Returns AEROCMD_R_NONE when the packet is fine. */
aerocmd_reason aerocmd_decode_packet_rules(const struct aerocmd_stream *stream,
                                           const struct aerocmd_packet *packet);

#endif /* AEROCMD_DECODE_INTERNAL_H */
