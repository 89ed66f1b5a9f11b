/* SPDX-License-Identifier: MIT */
/* packet_check.c — the structural check of one packet, driven by its opcode's table
 * entry: size, ABI minor, payload length, then every field by kind (enum, flags, reserved,
 * stage_ex) in the fixed struct and in each payload element, then the packet's own rules.
 * This generic check names every fault; the public entry points first ask the fast path
 * (packet_fast.c), which vouches for good packets at a fraction of the cost. */
#include "decode_internal.h"

/* What a field check needs to know beyond the field itself. */
struct check_context {
    uint32_t minor; /* the stream header's ABI minor */
    uint32_t stage; /* the packet's stage field (COMPUTE for DISPATCH) */
};

/* Reserved words promise zero only in the minors we know; a newer one may use them. */
static aerocmd_reason check_reserved(const struct check_context *ctx, uint64_t value)
{
    if (value != 0 && ctx->minor <= AEROGPU_ABI_MINOR)
        return AEROCMD_R_RESERVED_NONZERO;
    return AEROCMD_R_NONE;
}

static aerocmd_reason check_stage_ex(const struct check_context *ctx, uint32_t value)
{
    if (ctx->minor < AEROGPU_STAGE_EX_MIN_ABI_MINOR)
        return AEROCMD_R_NONE;
    if (ctx->stage != AEROGPU_SHADER_STAGE_COMPUTE)
        return check_reserved(ctx, value);
    if (aerocmd_enum_value_name(&aerocmd_priv_enum_shader_stage_ex, value) == NULL)
        return AEROCMD_R_STAGE_EX_INVALID;
    return AEROCMD_R_NONE;
}

static aerocmd_reason check_value(const struct check_context *ctx,
                                  const struct aerocmd_field_info *field, uint64_t value)
{
    switch (field->kind) {
    case AEROCMD_FIELD_ENUM:
        if (aerocmd_enum_value_name(field->enum_info, (uint32_t)value) == NULL)
            return AEROCMD_R_ENUM_RANGE;
        return AEROCMD_R_NONE;
    case AEROCMD_FIELD_FLAGS:
        if ((value & ~(uint64_t)aerocmd_priv_enum_flag_mask(field->enum_info)) != 0)
            return AEROCMD_R_ENUM_RANGE;
        return AEROCMD_R_NONE;
    case AEROCMD_FIELD_RESERVED:
        return check_reserved(ctx, value);
    case AEROCMD_FIELD_STAGE_EX:
        return check_stage_ex(ctx, (uint32_t)value);
    default:
        return AEROCMD_R_NONE;
    }
}

/* Every element of every field of one struct instance at `base`. */
static aerocmd_reason check_fields(const struct check_context *ctx,
                                   const struct aerocmd_field_info *fields, uint32_t field_count,
                                   const uint8_t *base)
{
    uint32_t i, e;
    for (i = 0; i < field_count; i++) {
        const struct aerocmd_field_info *field = &fields[i];
        for (e = 0; e < field->elem_count; e++) {
            const uint8_t *at = base + field->offset + (uint32_t)e * field->elem_size;
            aerocmd_reason reason =
                check_value(ctx, field, aerocmd_decode_uint(at, field->elem_size));
            if (reason != AEROCMD_R_NONE)
                return reason;
        }
    }
    return AEROCMD_R_NONE;
}

/* The payload's count/size field against the packet's room for it. */
static aerocmd_reason check_payload(const struct aerocmd_opcode_info *info,
                                    const struct aerocmd_packet *packet, uint32_t *count)
{
    uint64_t n, len;
    *count = 0;
    if (info->payload_kind != AEROCMD_PAYLOAD_BYTES && info->payload_kind != AEROCMD_PAYLOAD_ARRAY)
        return AEROCMD_R_NONE;
    n = aerocmd_decode_uint(packet->bytes + info->count_field_offset, info->count_field_size);
    if (n > 0xFFFFFFFFu)
        return AEROCMD_R_COUNT_OVERFLOW;
    len = n * info->elem_size;
    if (len > 0xFFFFFFFFu)
        return AEROCMD_R_COUNT_OVERFLOW;
    if (len > packet->size_bytes - info->fixed_size)
        return AEROCMD_R_PAYLOAD_LENGTH;
    *count = (uint32_t)n;
    return AEROCMD_R_NONE;
}

static aerocmd_reason check_elements(const struct check_context *ctx,
                                     const struct aerocmd_opcode_info *info,
                                     const struct aerocmd_packet *packet, uint32_t count)
{
    const uint8_t *element = packet->bytes + info->fixed_size;
    uint32_t i;
    if (info->payload_kind != AEROCMD_PAYLOAD_ARRAY)
        return AEROCMD_R_NONE;
    for (i = 0; i < count; i++, element += info->elem_size) {
        aerocmd_reason reason =
            check_fields(ctx, info->elem_fields, info->elem_field_count, element);
        if (reason != AEROCMD_R_NONE)
            return reason;
    }
    return AEROCMD_R_NONE;
}

/* The value of the packet's stage field; a packet that has stage_ex but no stage field
 * (DISPATCH) is compute work by definition. */
static uint32_t packet_stage_field(const struct aerocmd_opcode_info *info, const uint8_t *bytes)
{
    uint32_t i;
    for (i = 0; i < info->field_count; i++)
        if (info->fields[i].kind == AEROCMD_FIELD_ENUM &&
            info->fields[i].enum_info == &aerocmd_enum_shader_stage)
            return aerocmd_load_u32(bytes + info->fields[i].offset);
    return AEROGPU_SHADER_STAGE_COMPUTE;
}

aerocmd_reason aerocmd_priv_decode_packet_fault(const struct aerocmd_stream *stream,
                                                const struct aerocmd_packet *packet,
                                                const struct aerocmd_opcode_info *info)
{
    struct check_context ctx;
    uint32_t count;
    aerocmd_reason reason;

    if (packet->size_bytes < info->fixed_size)
        return AEROCMD_R_PACKET_TOO_SHORT;
    ctx.minor = aerocmd_stream_abi_minor(stream);
    if (ctx.minor < info->min_abi_minor)
        return AEROCMD_R_FIELD_INVALID;
    reason = check_payload(info, packet, &count);
    if (reason != AEROCMD_R_NONE)
        return reason;
    ctx.stage = packet_stage_field(info, packet->bytes);
    reason = check_fields(&ctx, info->fields, info->field_count, packet->bytes);
    if (reason != AEROCMD_R_NONE)
        return reason;
    reason = check_elements(&ctx, info, packet, count);
    if (reason != AEROCMD_R_NONE)
        return reason;
    return aerocmd_priv_decode_packet_rules(stream, packet);
}

/* The fast path vouches for most packets; the generic check decides the rest and names
 * the fault. */
static aerocmd_reason packet_reason(const struct aerocmd_stream *stream,
                                    const struct aerocmd_packet *packet)
{
    const struct aerocmd_opcode_info *info;
    if (aerocmd_priv_decode_fast_accept(stream, packet))
        return AEROCMD_R_NONE;
    info = aerocmd_opcode_info(packet->opcode);
    if (info == NULL)
        return AEROCMD_R_NONE; /* unknown opcodes are skipped by size */
    return aerocmd_priv_decode_packet_fault(stream, packet, info);
}

aerocmd_result aerocmd_packet_check(const struct aerocmd_stream *stream,
                                    const struct aerocmd_packet *packet, struct aerocmd_diag *diag)
{
    aerocmd_reason reason;

    if (stream == NULL || packet == NULL)
        return AEROCMD_E_INVALID_ARG;
    reason = packet_reason(stream, packet);
    if (reason == AEROCMD_R_NONE)
        return AEROCMD_OK;
    if (diag != NULL) {
        diag->reason = reason;
        diag->offset = packet->offset;
        diag->opcode = packet->opcode;
    }
    return AEROCMD_E_MALFORMED;
}

/* The fast walk takes every packet it can vouch for; the cursor and the generic check take
 * the one it stops at, then the fast walk goes on. */
aerocmd_result aerocmd_validate_stream(const void *buf, size_t buf_len, struct aerocmd_diag *diag)
{
    struct aerocmd_stream stream;
    struct aerocmd_cursor cursor;
    struct aerocmd_packet packet;
    aerocmd_result result;
    int more;

    result = aerocmd_stream_open(&stream, buf, buf_len, diag);
    if (result != AEROCMD_OK)
        return result;
    aerocmd_cursor_init(&cursor, &stream);
    for (;;) {
        cursor.offset = aerocmd_priv_decode_fast_walk(&stream, cursor.offset);
        more = aerocmd_cursor_next(&cursor, &packet, diag);
        if (more <= 0)
            break;
        result = aerocmd_packet_check(&stream, &packet, diag);
        if (result != AEROCMD_OK)
            return result;
    }
    return more < 0 ? AEROCMD_E_MALFORMED : AEROCMD_OK;
}
