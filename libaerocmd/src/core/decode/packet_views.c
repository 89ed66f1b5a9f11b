/* SPDX-License-Identifier: MIT */
/* packet_views.c — bounds-checked access to one packet: its fixed struct, its variable
 * payload, the shader stage it names and the shaders BIND_SHADERS binds. Every accessor
 * answers "not there" rather than point at bytes the packet does not hold. */
#include "decode_internal.h"
#include "opcode_list.h"

/* The extended form is the 24-byte struct plus the gs, hs and ds handles. */
AEROGPU_STATIC_ASSERT(sizeof(struct aerogpu_cmd_bind_shaders) + 3 * sizeof(aerogpu_handle_t) ==
                          AEROCMD_BIND_SHADERS_EXT_SIZE,
                      aerocmd_bind_shaders_ext_size);

/* ---- what a view needs of each opcode, by its position in the opcode list ---------------- */

/* The fixed struct's size and how the payload is sized: the introspection table's facts in
 * eight bytes, so that a view costs a load or two instead of a walk. */
struct view_info {
    uint16_t fixed_size;
    uint8_t payload_kind; /* enum aerocmd_payload_kind */
    uint8_t count_size;   /* 4 or 8 */
    uint16_t count_offset;
    uint16_t elem_size;
};

#define VIEW_PAYLOAD_NO_PAYLOAD   AEROCMD_PAYLOAD_NONE, 0, 0, 0
#define VIEW_PAYLOAD_REST_PAYLOAD AEROCMD_PAYLOAD_REST, 0, 0, 0
#define VIEW_PAYLOAD_BYTES_PAYLOAD(type, size_member)                                              \
    AEROCMD_PAYLOAD_BYTES, (uint8_t)sizeof(AEROCMD_MEMBER(type, size_member)),                     \
        (uint16_t)offsetof(struct type, size_member), 1
#define VIEW_PAYLOAD_ARRAY_PAYLOAD(type, count_member, element_size, tag)                          \
    AEROCMD_PAYLOAD_ARRAY, (uint8_t)sizeof(AEROCMD_MEMBER(type, count_member)),                    \
        (uint16_t)offsetof(struct type, count_member), (uint16_t)(element_size)
#define VIEW_HEADER(op, payload) {(uint16_t)sizeof(struct aerogpu_cmd_hdr), VIEW_PAYLOAD_##payload},
#define VIEW_OP(op, type, payload, min_minor, rules)                                               \
    {(uint16_t)sizeof(struct type), VIEW_PAYLOAD_##payload},

static const struct view_info views[AEROCMD_OPCODE_COUNT] = {
    AEROCMD_OPCODE_LIST(VIEW_HEADER, VIEW_OP)};

/* The stage field and the stage_ex word of the stage-bearing packets (0: none). The list
 * must agree with the field table's ENUM/SHADER_STAGE and STAGE_EX fields (a decode test
 * holds it to that). */
#define STAGE_AT(op, type, stage_member)                                                           \
    [AEROCMD_AT_##op] = {(uint8_t)offsetof(struct type, stage_member),                             \
                         (uint8_t)offsetof(struct type, reserved0)}
static const uint8_t stage_at[AEROCMD_OPCODE_COUNT][2] = {
    STAGE_AT(CREATE_SHADER_DXBC, aerogpu_cmd_create_shader_dxbc, stage),
    STAGE_AT(SET_SHADER_CONSTANTS_F, aerogpu_cmd_set_shader_constants_f, stage),
    STAGE_AT(SET_SHADER_CONSTANTS_I, aerogpu_cmd_set_shader_constants_i, stage),
    STAGE_AT(SET_SHADER_CONSTANTS_B, aerogpu_cmd_set_shader_constants_b, stage),
    STAGE_AT(SET_TEXTURE, aerogpu_cmd_set_texture, shader_stage),
    [AEROCMD_AT_SET_SAMPLER_STATE] = {(uint8_t)offsetof(struct aerogpu_cmd_set_sampler_state,
                                                        shader_stage),
                                      0},
    STAGE_AT(SET_SAMPLERS, aerogpu_cmd_set_samplers, shader_stage),
    STAGE_AT(SET_CONSTANT_BUFFERS, aerogpu_cmd_set_constant_buffers, shader_stage),
    STAGE_AT(SET_SHADER_RESOURCE_BUFFERS, aerogpu_cmd_set_shader_resource_buffers, shader_stage),
    STAGE_AT(SET_UNORDERED_ACCESS_BUFFERS, aerogpu_cmd_set_unordered_access_buffers, shader_stage),
    [AEROCMD_AT_DISPATCH] = {0, (uint8_t)offsetof(struct aerogpu_cmd_dispatch, reserved0)},
};

/* The opcode's view facts when it is known and the packet holds its fixed struct. */
static inline const struct view_info *view_of(const struct aerocmd_packet *packet, uint32_t *pos)
{
    const struct view_info *v;
    *pos = aerocmd_decode_opcode_position(packet->opcode);
    if (*pos == 0)
        return NULL;
    v = &views[*pos - 1u];
    return packet->size_bytes >= v->fixed_size ? v : NULL;
}

/* ---- views ------------------------------------------------------------------------------- */

#undef aerocmd_packet_view
#undef aerocmd_packet_array
#undef aerocmd_stage_ex_of
const void *aerocmd_packet_view(const struct aerocmd_packet *packet, uint32_t opcode, uint32_t size)
{
    return aerocmd_packet_view_inline(packet, opcode, size);
}

const void *aerocmd_packet_array(const struct aerocmd_packet *packet, uint32_t opcode,
                                 uint32_t fixed, uint32_t count_at, uint32_t elem, uint32_t *count)
{
    return aerocmd_packet_array_inline(packet, opcode, fixed, count_at, elem, count);
}

uint32_t aerocmd_stage_ex_of(const struct aerocmd_stream *stream, uint32_t stage,
                             uint32_t reserved0)
{
    return aerocmd_stage_ex_of_inline(stream, stage, reserved0);
}

const void *aerocmd_packet_fixed(const struct aerocmd_packet *packet, uint32_t opcode)
{
    uint32_t pos;
    if (packet == NULL || packet->opcode != opcode || view_of(packet, &pos) == NULL)
        return NULL;
    return packet->bytes;
}

const uint8_t *aerocmd_packet_payload(const struct aerocmd_packet *packet, uint32_t *len,
                                      uint32_t *count)
{
    const struct view_info *v;
    uint32_t length, elements, room, pos;
    if (packet == NULL || (v = view_of(packet, &pos)) == NULL ||
        v->payload_kind == AEROCMD_PAYLOAD_NONE)
        return NULL;
    room = packet->size_bytes - v->fixed_size;
    if (v->payload_kind == AEROCMD_PAYLOAD_REST) {
        length = elements = room;
    } else {
        /* Counts are 32 or 64 bits and elements at most 64 KiB: the product fits 64 bits
         * whenever the count fits 32. */
        uint64_t n = aerocmd_decode_uint(packet->bytes + v->count_offset, v->count_size);
        if (n > 0xFFFFFFFFu || n * v->elem_size > room)
            return NULL;
        elements = (uint32_t)n;
        length = elements * v->elem_size;
    }
    if (len != NULL)
        *len = length;
    if (count != NULL)
        *count = elements;
    return packet->bytes + v->fixed_size;
}

int aerocmd_packet_stage(const struct aerocmd_stream *stream, const struct aerocmd_packet *packet,
                         struct aerocmd_stage *out)
{
    const uint8_t *at;
    uint32_t pos, stage = AEROGPU_SHADER_STAGE_COMPUTE;
    if (stream == NULL || packet == NULL || out == NULL || view_of(packet, &pos) == NULL)
        return 0;
    at = stage_at[pos - 1u];
    if (at[0] == 0 && at[1] == 0)
        return 0;
    if (at[0] != 0)
        stage = aerocmd_load_u32(packet->bytes + at[0]);
    out->stage = stage;
    out->stage_ex = 0;
    /* Before 1.3 the word was reserved and may hold anything an old encoder left there. */
    if (at[1] != 0 && stage == AEROGPU_SHADER_STAGE_COMPUTE &&
        aerocmd_stream_abi_minor(stream) >= AEROGPU_STAGE_EX_MIN_ABI_MINOR)
        out->stage_ex = aerocmd_load_u32(packet->bytes + at[1]);
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
