/* SPDX-License-Identifier: MIT */
/* packet_views.c — bounds-checked access to one packet: its fixed struct, its variable
 * payload, the shader stage it names and the shaders BIND_SHADERS binds. Every accessor
 * answers "not there" rather than point at bytes the packet does not hold. */
#include "decode_internal.h"

/* The extended form is the 24-byte struct plus the gs, hs and ds handles. */
AEROGPU_STATIC_ASSERT(sizeof(struct aerogpu_cmd_bind_shaders) + 3 * sizeof(aerogpu_handle_t) ==
                          AEROCMD_BIND_SHADERS_EXT_SIZE,
                      aerocmd_bind_shaders_ext_size);

const void *aerocmd_packet_fixed(const struct aerocmd_packet *packet, uint32_t opcode)
{
    const struct aerocmd_opcode_info *info;
    if (packet == NULL || packet->opcode != opcode)
        return NULL;
    info = aerocmd_opcode_info(opcode);
    if (info == NULL || packet->size_bytes < info->fixed_size)
        return NULL;
    return packet->bytes;
}

/* Payload length in bytes from the count (or size) field; 0 when it does not fit in 32
 * bits, which the caller tells from a genuine 0 by *fits. */
static uint32_t payload_length(const struct aerocmd_opcode_info *info, const uint8_t *bytes,
                               uint32_t *count, int *fits)
{
    uint64_t n = aerocmd_decode_uint(bytes + info->count_field_offset, info->count_field_size);
    uint64_t len = n * info->elem_size;
    *fits = n <= 0xFFFFFFFFu && len <= 0xFFFFFFFFu;
    if (!*fits)
        return 0;
    *count = (uint32_t)n;
    return (uint32_t)len;
}

const uint8_t *aerocmd_packet_payload(const struct aerocmd_packet *packet, uint32_t *len,
                                      uint32_t *count)
{
    const struct aerocmd_opcode_info *info;
    uint32_t length, elements = 0, room;
    int fits;

    if (packet == NULL)
        return NULL;
    info = aerocmd_opcode_info(packet->opcode);
    if (info == NULL || info->payload_kind == AEROCMD_PAYLOAD_NONE ||
        packet->size_bytes < info->fixed_size)
        return NULL;
    room = packet->size_bytes - info->fixed_size;
    if (info->payload_kind == AEROCMD_PAYLOAD_REST) {
        length = room;
        elements = room;
    } else {
        length = payload_length(info, packet->bytes, &elements, &fits);
        if (!fits || length > room)
            return NULL;
    }
    if (len != NULL)
        *len = length;
    if (count != NULL)
        *count = elements;
    return packet->bytes + info->fixed_size;
}

/* The raw stage field of a stage-bearing packet (found through the field table), or
 * COMPUTE for a packet that carries stage_ex without a stage field (DISPATCH). */
static int find_stage(const struct aerocmd_opcode_info *info, const uint8_t *bytes, uint32_t *stage,
                      uint32_t *stage_ex_word)
{
    uint32_t i;
    int has_stage = 0, has_stage_ex = 0;
    *stage = AEROGPU_SHADER_STAGE_COMPUTE;
    *stage_ex_word = 0;
    for (i = 0; i < info->field_count; i++) {
        const struct aerocmd_field_info *field = &info->fields[i];
        if (field->kind == AEROCMD_FIELD_ENUM && field->enum_info == &aerocmd_enum_shader_stage) {
            *stage = aerocmd_load_u32(bytes + field->offset);
            has_stage = 1;
        } else if (field->kind == AEROCMD_FIELD_STAGE_EX) {
            *stage_ex_word = aerocmd_load_u32(bytes + field->offset);
            has_stage_ex = 1;
        }
    }
    return has_stage || has_stage_ex;
}

int aerocmd_packet_stage(const struct aerocmd_stream *stream, const struct aerocmd_packet *packet,
                         struct aerocmd_stage *out)
{
    const struct aerocmd_opcode_info *info;
    uint32_t stage, stage_ex_word;

    if (stream == NULL || packet == NULL || out == NULL)
        return 0;
    info = aerocmd_opcode_info(packet->opcode);
    if (info == NULL || packet->size_bytes < info->fixed_size)
        return 0;
    if (!find_stage(info, packet->bytes, &stage, &stage_ex_word))
        return 0;
    out->stage = stage;
    out->stage_ex = 0;
    /* Before 1.3 the word was reserved and may hold anything an old encoder left there. */
    if (aerocmd_stream_abi_minor(stream) >= AEROGPU_STAGE_EX_MIN_ABI_MINOR &&
        stage == AEROGPU_SHADER_STAGE_COMPUTE)
        out->stage_ex = stage_ex_word;
    return 1;
}

int aerocmd_packet_bind_shaders(const struct aerocmd_packet *packet,
                                struct aerocmd_bound_shaders *out)
{
    const uint8_t *bytes;
    if (out == NULL || aerocmd_packet_fixed(packet, AEROGPU_CMD_BIND_SHADERS) == NULL)
        return 0;
    bytes = packet->bytes;
    out->vs = aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_bind_shaders, vs));
    out->ps = aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_bind_shaders, ps));
    out->cs = aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_bind_shaders, cs));
    out->extended = packet->size_bytes >= AEROCMD_BIND_SHADERS_EXT_SIZE;
    if (out->extended) {
        const uint8_t *ext = bytes + sizeof(struct aerogpu_cmd_bind_shaders);
        out->gs = aerocmd_load_u32(ext);
        out->hs = aerocmd_load_u32(ext + 4);
        out->ds = aerocmd_load_u32(ext + 8);
    } else {
        out->gs = aerocmd_load_u32(bytes + offsetof(struct aerogpu_cmd_bind_shaders, reserved0));
        out->hs = 0;
        out->ds = 0;
    }
    return 1;
}
