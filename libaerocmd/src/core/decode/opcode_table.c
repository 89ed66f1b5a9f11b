/* SPDX-License-Identifier: MIT */
/* opcode_table.c — the introspection tables generated from opcode_list.h: one descriptor
 * per ABI opcode with its protocol struct's size, a descriptor for every field after the
 * packet header and how its payload is sized; and the dense index that finds an opcode's
 * descriptor in constant time. */
#include "opcode_list.h"

#define COUNT_OF(array) ((uint32_t)(sizeof(array) / sizeof((array)[0])))

/* ---- field descriptors ---- */

#define FIELD_INFO(location, kind, tag) FIELD_INFO_(location, kind, tag)
#define FIELD_INFO_(name, offset, size, count, kind, tag)                                          \
    {name,                                                                                         \
     (uint16_t)(offset),                                                                           \
     (uint8_t)(size),                                                                              \
     (uint8_t)(count),                                                                             \
     (uint8_t)AEROCMD_FIELD_##kind,                                                                \
     AEROCMD_ENUM_INFO_##tag},

#define FIELD_TABLE_HEADER(name, payload)
#define FIELD_TABLE_OP(name, type, payload, min_minor, rules)                                      \
    static const struct aerocmd_field_info fields_##name[] = {AEROCMD_FIELDS_##name(FIELD_INFO)};
AEROCMD_OPCODE_LIST(FIELD_TABLE_HEADER, FIELD_TABLE_OP)

#define ELEMENT_TABLE(tag)                                                                         \
    static const struct aerocmd_field_info elements_##tag[] = {AEROCMD_ELEMENTS_##tag(FIELD_INFO)};
ELEMENT_TABLE(FLOAT_REGISTER)
ELEMENT_TABLE(INT_REGISTER)
ELEMENT_TABLE(BOOL_REGISTER)
ELEMENT_TABLE(VERTEX_BUFFER_BINDING)
ELEMENT_TABLE(SAMPLER_HANDLE)
ELEMENT_TABLE(CONSTANT_BUFFER_BINDING)
ELEMENT_TABLE(SHADER_RESOURCE_BUFFER_BINDING)
ELEMENT_TABLE(UNORDERED_ACCESS_BUFFER_BINDING)

/* ---- opcode descriptors ---- */

#define PAYLOAD_INFO_NO_PAYLOAD   .payload_kind = AEROCMD_PAYLOAD_NONE
#define PAYLOAD_INFO_REST_PAYLOAD .payload_kind = AEROCMD_PAYLOAD_REST
#define PAYLOAD_INFO_BYTES_PAYLOAD(type, size_member)                                              \
    .payload_kind = AEROCMD_PAYLOAD_BYTES,                                                         \
    .count_field_size = (uint8_t)sizeof(AEROCMD_MEMBER(type, size_member)),                        \
    .count_field_offset = (uint16_t)offsetof(struct type, size_member), .elem_size = 1
#define PAYLOAD_INFO_ARRAY_PAYLOAD(type, count_member, element_size, tag)                          \
    .payload_kind = AEROCMD_PAYLOAD_ARRAY,                                                         \
    .count_field_size = (uint8_t)sizeof(AEROCMD_MEMBER(type, count_member)),                       \
    .count_field_offset = (uint16_t)offsetof(struct type, count_member),                           \
    .elem_size = (uint32_t)(element_size), .elem_fields = elements_##tag,                          \
    .elem_field_count = COUNT_OF(elements_##tag)

#define OPCODE_INFO_HEADER(op, payload)                                                            \
    {.opcode = AEROGPU_CMD_##op,                                                                   \
     .name = #op,                                                                                  \
     .fixed_size = (uint32_t)sizeof(struct aerogpu_cmd_hdr),                                       \
     PAYLOAD_INFO_##payload},
#define OPCODE_INFO_OP(op, type, payload, min_minor, rules)                                        \
    {.opcode = AEROGPU_CMD_##op,                                                                   \
     .name = #op,                                                                                  \
     .fixed_size = (uint32_t)sizeof(struct type),                                                  \
     .fields = fields_##op,                                                                        \
     .field_count = COUNT_OF(fields_##op),                                                         \
     .min_abi_minor = (min_minor),                                                                 \
     PAYLOAD_INFO_##payload},

/* Ascending by opcode (the list's order); the tests hold it to that. */
static const struct aerocmd_opcode_info opcode_table[] = {
    AEROCMD_OPCODE_LIST(OPCODE_INFO_HEADER, OPCODE_INFO_OP)};

AEROGPU_STATIC_ASSERT(COUNT_OF(opcode_table) == AEROCMD_OPCODE_COUNT, aerocmd_opcode_table_count);

/* ---- constant-time lookup ---- */

/* An opcode outside the slot table, or more opcodes than a byte can number, fail these. */
AEROGPU_STATIC_ASSERT(AEROCMD_OPCODE_COUNT < 255, aerocmd_positions_fit_a_byte);
#define SLOT_FITS_HEADER(op, payload) &&AEROCMD_OPCODE_HAS_SLOT(AEROGPU_CMD_##op)
#define SLOT_FITS_OP(op, type, payload, min_minor, rules)                                          \
    &&AEROCMD_OPCODE_HAS_SLOT(AEROGPU_CMD_##op)
AEROGPU_STATIC_ASSERT(1 AEROCMD_OPCODE_LIST(SLOT_FITS_HEADER, SLOT_FITS_OP),
                      aerocmd_every_opcode_has_a_slot);

#define SLOT_HEADER(op, payload) [AEROGPU_CMD_##op] = (uint8_t)(AEROCMD_AT_##op + 1),
#define SLOT_OP(op, type, payload, min_minor, rules)                                               \
    [AEROGPU_CMD_##op] = (uint8_t)(AEROCMD_AT_##op + 1),
const uint8_t aerocmd_priv_decode_opcode_slots[AEROCMD_OPCODE_SLOT_COUNT] = {
    AEROCMD_OPCODE_LIST(SLOT_HEADER, SLOT_OP)};

const struct aerocmd_opcode_info *aerocmd_opcode_table(uint32_t *count)
{
    if (count != NULL)
        *count = COUNT_OF(opcode_table);
    return opcode_table;
}

const struct aerocmd_opcode_info *aerocmd_opcode_info(uint32_t opcode)
{
    uint32_t position = aerocmd_decode_opcode_position(opcode);
    return position != 0 ? &opcode_table[position - 1] : NULL;
}
