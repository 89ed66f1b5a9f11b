/* SPDX-License-Identifier: MIT */
/* test_decode_tables.c — the introspection tables against the protocol headers: every
 * opcode has an entry with the right name and struct size whose fields tile the struct
 * after the header exactly once; payload descriptors; enum tables (count per enum as in
 * aerogpu-abi-1.4.json, ascending, names that round-trip); result and reason names. */
#include <ctype.h>
#include <stdio.h>

#include "aerocmd/decode.h"
#include "aerogpu_ring.h"
#include "check.h"

/* The test's own list, written from the header, independent of the library's table. */
struct expected_opcode {
    uint32_t opcode;
    const char *name;
    uint32_t size;
};

#define OPC(name, type)                                                                            \
    {                                                                                              \
        AEROGPU_CMD_##name, #name, (uint32_t)sizeof(struct type)                                   \
    }

static const struct expected_opcode expected[] = {
    OPC(NOP, aerogpu_cmd_hdr),
    OPC(DEBUG_MARKER, aerogpu_cmd_hdr),
    OPC(CREATE_BUFFER, aerogpu_cmd_create_buffer),
    OPC(CREATE_TEXTURE2D, aerogpu_cmd_create_texture2d),
    OPC(DESTROY_RESOURCE, aerogpu_cmd_destroy_resource),
    OPC(RESOURCE_DIRTY_RANGE, aerogpu_cmd_resource_dirty_range),
    OPC(UPLOAD_RESOURCE, aerogpu_cmd_upload_resource),
    OPC(COPY_BUFFER, aerogpu_cmd_copy_buffer),
    OPC(COPY_TEXTURE2D, aerogpu_cmd_copy_texture2d),
    OPC(CREATE_TEXTURE_VIEW, aerogpu_cmd_create_texture_view),
    OPC(DESTROY_TEXTURE_VIEW, aerogpu_cmd_destroy_texture_view),
    OPC(CREATE_SHADER_DXBC, aerogpu_cmd_create_shader_dxbc),
    OPC(DESTROY_SHADER, aerogpu_cmd_destroy_shader),
    OPC(BIND_SHADERS, aerogpu_cmd_bind_shaders),
    OPC(SET_SHADER_CONSTANTS_F, aerogpu_cmd_set_shader_constants_f),
    OPC(CREATE_INPUT_LAYOUT, aerogpu_cmd_create_input_layout),
    OPC(DESTROY_INPUT_LAYOUT, aerogpu_cmd_destroy_input_layout),
    OPC(SET_INPUT_LAYOUT, aerogpu_cmd_set_input_layout),
    OPC(SET_SHADER_CONSTANTS_I, aerogpu_cmd_set_shader_constants_i),
    OPC(SET_SHADER_CONSTANTS_B, aerogpu_cmd_set_shader_constants_b),
    OPC(SET_BLEND_STATE, aerogpu_cmd_set_blend_state),
    OPC(SET_DEPTH_STENCIL_STATE, aerogpu_cmd_set_depth_stencil_state),
    OPC(SET_RASTERIZER_STATE, aerogpu_cmd_set_rasterizer_state),
    OPC(SET_RENDER_TARGETS, aerogpu_cmd_set_render_targets),
    OPC(SET_VIEWPORT, aerogpu_cmd_set_viewport),
    OPC(SET_SCISSOR, aerogpu_cmd_set_scissor),
    OPC(SET_VERTEX_BUFFERS, aerogpu_cmd_set_vertex_buffers),
    OPC(SET_INDEX_BUFFER, aerogpu_cmd_set_index_buffer),
    OPC(SET_PRIMITIVE_TOPOLOGY, aerogpu_cmd_set_primitive_topology),
    OPC(SET_TEXTURE, aerogpu_cmd_set_texture),
    OPC(SET_SAMPLER_STATE, aerogpu_cmd_set_sampler_state),
    OPC(SET_RENDER_STATE, aerogpu_cmd_set_render_state),
    OPC(CREATE_SAMPLER, aerogpu_cmd_create_sampler),
    OPC(DESTROY_SAMPLER, aerogpu_cmd_destroy_sampler),
    OPC(SET_SAMPLERS, aerogpu_cmd_set_samplers),
    OPC(SET_CONSTANT_BUFFERS, aerogpu_cmd_set_constant_buffers),
    OPC(SET_SHADER_RESOURCE_BUFFERS, aerogpu_cmd_set_shader_resource_buffers),
    OPC(SET_UNORDERED_ACCESS_BUFFERS, aerogpu_cmd_set_unordered_access_buffers),
    OPC(CLEAR, aerogpu_cmd_clear),
    OPC(DRAW, aerogpu_cmd_draw),
    OPC(DRAW_INDEXED, aerogpu_cmd_draw_indexed),
    OPC(DISPATCH, aerogpu_cmd_dispatch),
    OPC(PRESENT, aerogpu_cmd_present),
    OPC(PRESENT_EX, aerogpu_cmd_present_ex),
    OPC(EXPORT_SHARED_SURFACE, aerogpu_cmd_export_shared_surface),
    OPC(IMPORT_SHARED_SURFACE, aerogpu_cmd_import_shared_surface),
    OPC(RELEASE_SHARED_SURFACE, aerogpu_cmd_release_shared_surface),
    OPC(FLUSH, aerogpu_cmd_flush),
};

#define EXPECTED_COUNT (sizeof expected / sizeof expected[0])

/* Every byte of [start, end) is covered by exactly one field, and no field reaches outside.
 * (Counted per byte rather than marked in an array: nothing to overrun, and nothing for
 * gcc -O3's vectorizer to misjudge.) */
static uint32_t field_end(const struct aerocmd_field_info *f)
{
    return f->offset + (uint32_t)f->elem_size * f->elem_count;
}

static int fields_tile(const struct aerocmd_field_info *fields, uint32_t count, uint32_t start,
                       uint32_t end)
{
    uint32_t i, b;
    for (i = 0; i < count; i++)
        if (fields[i].elem_count == 0 || fields[i].offset < start || field_end(&fields[i]) > end)
            return 0;
    for (b = start; b < end; b++) {
        uint32_t hits = 0;
        for (i = 0; i < count; i++)
            hits += b >= fields[i].offset && b < field_end(&fields[i]);
        if (hits != 1)
            return 0;
    }
    return 1;
}

/* Size and enum table agree with the kind. */
static int field_consistent(const struct aerocmd_field_info *f)
{
    int needs_enum = f->kind == AEROCMD_FIELD_ENUM || f->kind == AEROCMD_FIELD_FLAGS ||
                     f->kind == AEROCMD_FIELD_STAGE_EX;
    if (f->name == NULL || f->name[0] == '\0' || (f->enum_info != NULL) != needs_enum)
        return 0;
    switch (f->kind) {
    case AEROCMD_FIELD_U64:
        return f->elem_size == 8;
    case AEROCMD_FIELD_U8:
        return f->elem_size == 1;
    case AEROCMD_FIELD_RESERVED:
        return f->elem_size == 1 || f->elem_size == 4 || f->elem_size == 8;
    default:
        return f->elem_size == 4;
    }
}

static void test_every_opcode_has_its_struct(void)
{
    uint32_t count = 0, i, j;
    const struct aerocmd_opcode_info *table = aerocmd_opcode_table(&count);

    CHECK_EQ(count, EXPECTED_COUNT);
    CHECK_EQ(EXPECTED_COUNT, 48);
    for (i = 0; i < EXPECTED_COUNT; i++) {
        const struct aerocmd_opcode_info *info = aerocmd_opcode_info(expected[i].opcode);
        unsigned before = check_failed_count;
        if (!CHECK(info != NULL))
            continue;
        CHECK_EQ(info->opcode, expected[i].opcode);
        CHECK_STR(info->name, expected[i].name);
        CHECK_EQ(info->fixed_size, expected[i].size);
        CHECK(fields_tile(info->fields, info->field_count, 8, info->fixed_size));
        for (j = 0; j < info->field_count; j++)
            CHECK(field_consistent(&info->fields[j]));
        CHECK(info == &table[i]); /* the table is in ascending opcode order */
        if (check_failed_count != before)
            fprintf(stderr, "    in opcode %s\n", expected[i].name);
    }
    for (i = 1; i < count; i++)
        CHECK(table[i - 1].opcode < table[i].opcode);
    CHECK(aerocmd_opcode_info(2) == NULL);
    CHECK(aerocmd_opcode_info(0x109) == NULL);
    CHECK(aerocmd_opcode_info(0x721) == NULL);
    CHECK(aerocmd_opcode_info(0xFFFFFFFFu) == NULL);
}

static const struct aerocmd_field_info *field_named(const struct aerocmd_opcode_info *info,
                                                    const char *name)
{
    uint32_t i;
    for (i = 0; i < info->field_count; i++)
        if (strcmp(info->fields[i].name, name) == 0)
            return &info->fields[i];
    return NULL;
}

static void check_payload(uint32_t opcode, uint8_t kind, uint8_t count_size, uint16_t count_offset,
                          uint32_t elem_size)
{
    const struct aerocmd_opcode_info *info = aerocmd_opcode_info(opcode);
    unsigned before = check_failed_count;
    if (!CHECK(info != NULL))
        return;
    CHECK_EQ(info->payload_kind, kind);
    CHECK_EQ(info->count_field_size, count_size);
    CHECK_EQ(info->count_field_offset, count_offset);
    CHECK_EQ(info->elem_size, elem_size);
    if (kind == AEROCMD_PAYLOAD_ARRAY)
        CHECK(fields_tile(info->elem_fields, info->elem_field_count, 0, elem_size));
    else
        CHECK_EQ(info->elem_field_count, 0);
    if (check_failed_count != before)
        fprintf(stderr, "    in payload of %s\n", info->name);
}

static void test_payload_descriptors(void)
{
    uint32_t count = 0, i, with_payload = 0;
    const struct aerocmd_opcode_info *table = aerocmd_opcode_table(&count);

    check_payload(AEROGPU_CMD_UPLOAD_RESOURCE, AEROCMD_PAYLOAD_BYTES, 8, 24, 1);
    check_payload(AEROGPU_CMD_CREATE_SHADER_DXBC, AEROCMD_PAYLOAD_BYTES, 4, 16, 1);
    check_payload(AEROGPU_CMD_CREATE_INPUT_LAYOUT, AEROCMD_PAYLOAD_BYTES, 4, 12, 1);
    check_payload(AEROGPU_CMD_SET_SHADER_CONSTANTS_F, AEROCMD_PAYLOAD_ARRAY, 4, 16, 16);
    check_payload(AEROGPU_CMD_SET_SHADER_CONSTANTS_I, AEROCMD_PAYLOAD_ARRAY, 4, 16, 16);
    check_payload(AEROGPU_CMD_SET_SHADER_CONSTANTS_B, AEROCMD_PAYLOAD_ARRAY, 4, 16, 16);
    check_payload(AEROGPU_CMD_SET_VERTEX_BUFFERS, AEROCMD_PAYLOAD_ARRAY, 4, 12, 16);
    check_payload(AEROGPU_CMD_SET_SAMPLERS, AEROCMD_PAYLOAD_ARRAY, 4, 16, 4);
    check_payload(AEROGPU_CMD_SET_CONSTANT_BUFFERS, AEROCMD_PAYLOAD_ARRAY, 4, 16, 16);
    check_payload(AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, AEROCMD_PAYLOAD_ARRAY, 4, 16, 16);
    check_payload(AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, AEROCMD_PAYLOAD_ARRAY, 4, 16, 16);
    CHECK_EQ(aerocmd_opcode_info(AEROGPU_CMD_DEBUG_MARKER)->payload_kind, AEROCMD_PAYLOAD_REST);

    for (i = 0; i < count; i++) {
        with_payload += table[i].payload_kind != AEROCMD_PAYLOAD_NONE;
        CHECK_EQ(table[i].min_abi_minor, table[i].opcode == AEROGPU_CMD_COPY_BUFFER ||
                                                 table[i].opcode == AEROGPU_CMD_COPY_TEXTURE2D
                                             ? 1
                                             : 0);
    }
    CHECK_EQ(with_payload, 12);
}

/* The kinds the rules depend on, by field name. */
static void test_field_kinds(void)
{
    static const uint32_t stage_ex_opcodes[] = {
        AEROGPU_CMD_CREATE_SHADER_DXBC,
        AEROGPU_CMD_SET_SHADER_CONSTANTS_F,
        AEROGPU_CMD_SET_SHADER_CONSTANTS_I,
        AEROGPU_CMD_SET_SHADER_CONSTANTS_B,
        AEROGPU_CMD_SET_TEXTURE,
        AEROGPU_CMD_SET_SAMPLERS,
        AEROGPU_CMD_SET_CONSTANT_BUFFERS,
        AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS,
        AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS,
        AEROGPU_CMD_DISPATCH,
    };
    uint32_t count = 0, i, j, stage_ex_fields = 0;
    const struct aerocmd_opcode_info *table = aerocmd_opcode_table(&count);
    const struct aerocmd_field_info *f;

    for (i = 0; i < sizeof stage_ex_opcodes / sizeof stage_ex_opcodes[0]; i++) {
        f = field_named(aerocmd_opcode_info(stage_ex_opcodes[i]), "reserved0");
        CHECK(f != NULL && f->kind == AEROCMD_FIELD_STAGE_EX && f->offset == 20);
    }
    for (i = 0; i < count; i++)
        for (j = 0; j < table[i].field_count; j++)
            stage_ex_fields += table[i].fields[j].kind == AEROCMD_FIELD_STAGE_EX;
    CHECK_EQ(stage_ex_fields, 10);

    f = field_named(aerocmd_opcode_info(AEROGPU_CMD_BIND_SHADERS), "reserved0");
    CHECK(f != NULL && f->kind == AEROCMD_FIELD_HANDLE);
    f = field_named(aerocmd_opcode_info(AEROGPU_CMD_CREATE_TEXTURE2D), "format");
    CHECK(f != NULL && f->kind == AEROCMD_FIELD_ENUM && f->enum_info == &aerocmd_enum_format);
    f = field_named(aerocmd_opcode_info(AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY), "topology");
    CHECK(f != NULL && f->enum_info == &aerocmd_enum_topology);
    f = field_named(aerocmd_opcode_info(AEROGPU_CMD_SET_TEXTURE), "shader_stage");
    CHECK(f != NULL && f->enum_info == &aerocmd_enum_shader_stage);
    f = field_named(aerocmd_opcode_info(AEROGPU_CMD_CREATE_BUFFER), "usage_flags");
    CHECK(f != NULL && f->kind == AEROCMD_FIELD_FLAGS);
    f = field_named(aerocmd_opcode_info(AEROGPU_CMD_CREATE_BUFFER), "size_bytes");
    CHECK(f != NULL && f->kind == AEROCMD_FIELD_U64 && f->offset == 16);
    f = field_named(aerocmd_opcode_info(AEROGPU_CMD_SET_BLEND_STATE), "blend_constant_rgba_f32");
    CHECK(f != NULL && f->kind == AEROCMD_FIELD_F32 && f->offset == 40 && f->elem_count == 4);
    f = field_named(aerocmd_opcode_info(AEROGPU_CMD_SET_BLEND_STATE), "reserved0");
    CHECK(f != NULL && f->kind == AEROCMD_FIELD_RESERVED && f->offset == 25 && f->elem_size == 1 &&
          f->elem_count == 3);
    f = field_named(aerocmd_opcode_info(AEROGPU_CMD_SET_RENDER_TARGETS), "colors");
    CHECK(f != NULL && f->kind == AEROCMD_FIELD_HANDLE && f->offset == 16 && f->elem_count == 8);
    f = field_named(aerocmd_opcode_info(AEROGPU_CMD_CLEAR), "flags");
    CHECK(f != NULL && f->kind == AEROCMD_FIELD_FLAGS);
    f = field_named(aerocmd_opcode_info(AEROGPU_CMD_DRAW_INDEXED), "base_vertex");
    CHECK(f != NULL && f->kind == AEROCMD_FIELD_I32);
}

/* Values per enum, as aerogpu-abi-1.4.json lists them. */
static const struct {
    const char *name;
    uint32_t count;
} abi_enums[] = {
    {"aerogpu_error_code", 5},
    {"aerogpu_format", 21},
    {"aerogpu_cmd_stream_flags", 1},
    {"aerogpu_cmd_opcode", 48},
    {"aerogpu_shader_stage", 4},
    {"aerogpu_shader_stage_ex", 5},
    {"aerogpu_index_format", 2},
    {"aerogpu_sampler_filter", 2},
    {"aerogpu_sampler_address_mode", 3},
    {"aerogpu_primitive_topology", 42},
    {"aerogpu_resource_usage_flags", 9},
    {"aerogpu_copy_flags", 2},
    {"aerogpu_blend_factor", 8},
    {"aerogpu_blend_op", 5},
    {"aerogpu_compare_func", 8},
    {"aerogpu_fill_mode", 2},
    {"aerogpu_cull_mode", 3},
    {"aerogpu_rasterizer_flags", 2},
    {"aerogpu_clear_flags", 3},
    {"aerogpu_present_flags", 2},
    {"aerogpu_submit_flags", 3},
    {"aerogpu_engine_id", 1},
    {"aerogpu_alloc_flags", 2},
    {"aerogpu_wddm_alloc_private_flags", 4},
    {"aerogpu_wddm_alloc_kind", 3},
};

static void test_enum_tables(void)
{
    uint32_t count = 0, i, v;
    const struct aerocmd_enum_info *const *tables = aerocmd_enum_tables(&count);

    CHECK_EQ(count, sizeof abi_enums / sizeof abi_enums[0]);
    for (i = 0; i < count && i < sizeof abi_enums / sizeof abi_enums[0]; i++) {
        const struct aerocmd_enum_info *e = tables[i];
        unsigned before = check_failed_count;
        CHECK_STR(e->name, abi_enums[i].name);
        CHECK_EQ(e->count, abi_enums[i].count);
        for (v = 0; v < e->count; v++) {
            CHECK(strncmp(e->values[v].name, "AEROGPU_", 8) == 0);
            CHECK(aerocmd_enum_value_name(e, e->values[v].value) == e->values[v].name);
            if (v > 0)
                CHECK(e->values[v - 1].value < e->values[v].value);
        }
        if (check_failed_count != before)
            fprintf(stderr, "    in enum %s\n", abi_enums[i].name);
    }
    CHECK_STR(aerocmd_enum_value_name(&aerocmd_enum_format, AEROGPU_FORMAT_D32_FLOAT),
              "AEROGPU_FORMAT_D32_FLOAT");
    CHECK(aerocmd_enum_value_name(&aerocmd_enum_format, 11) == NULL);
    CHECK(aerocmd_enum_value_name(&aerocmd_enum_format, 72) == NULL);
    CHECK_STR(aerocmd_enum_value_name(&aerocmd_enum_topology, 64), "AEROGPU_TOPOLOGY_PATCHLIST_32");
    CHECK(aerocmd_enum_value_name(&aerocmd_enum_topology, 0) == NULL);
    CHECK(aerocmd_enum_value_name(&aerocmd_enum_topology, 14) == NULL);
    CHECK_STR(aerocmd_enum_value_name(&aerocmd_enum_shader_stage, 3),
              "AEROGPU_SHADER_STAGE_GEOMETRY");
    CHECK(aerocmd_enum_value_name(NULL, 0) == NULL);
    CHECK_STR(aerocmd_enum_value_name(tables[3], AEROGPU_CMD_FLUSH), "AEROGPU_CMD_FLUSH");
    CHECK_STR(aerocmd_enum_value_name(tables[20], AEROGPU_SUBMIT_FLAG_NO_IRQ),
              "AEROGPU_SUBMIT_FLAG_NO_IRQ");
}

/* ---- result.h names ---- */

struct named_value {
    unsigned value;
    const char *constant; /* enum constant without its prefix */
};

#define RES(name)                                                                                  \
    {                                                                                              \
        AEROCMD_##name, #name                                                                      \
    }
#define REA(name)                                                                                  \
    {                                                                                              \
        AEROCMD_R_##name, #name                                                                    \
    }

static const struct named_value results[] = {
    RES(OK),
    RES(E_INVALID_ARG),
    RES(E_NOT_IMPLEMENTED),
    RES(E_OUT_OF_MEMORY),
    RES(E_BUFFER_FULL),
    RES(E_STILL_DRAWING),
    RES(E_DEVICE_REMOVED),
    RES(E_MALFORMED),
};

static const struct named_value reasons[] = {
    REA(NONE),
    REA(SHORT_BUFFER),
    REA(BAD_MAGIC),
    REA(ABI_MAJOR),
    REA(STREAM_SIZE_UNALIGNED),
    REA(STREAM_SIZE_TOO_SMALL),
    REA(STREAM_SIZE_PAST_BUFFER),
    REA(PACKET_HEADER_TRUNCATED),
    REA(PACKET_SIZE_TOO_SMALL),
    REA(PACKET_SIZE_UNALIGNED),
    REA(PACKET_PAST_END),
    REA(PACKET_TOO_SHORT),
    REA(PAYLOAD_LENGTH),
    REA(COUNT_OVERFLOW),
    REA(ENUM_RANGE),
    REA(RESERVED_NONZERO),
    REA(STAGE_EX_INVALID),
    REA(FIELD_INVALID),
    REA(HANDLE_ZERO),
    REA(HANDLE_UNKNOWN),
    REA(HANDLE_EXISTS),
    REA(HANDLE_KIND),
    REA(ALLOC_MISSING),
    REA(WRITEBACK_READONLY),
    REA(WRITEBACK_UNBACKED),
    REA(COPY_OUT_OF_BOUNDS),
    REA(VIEW_OUT_OF_RANGE),
    REA(TRACKER_FULL),
    REA(BACKING_OUT_OF_RANGE),
    REA(ALLOC_TABLE_SHORT),
    REA(ALLOC_TABLE_MAGIC),
    REA(ALLOC_TABLE_ABI),
    REA(ALLOC_TABLE_SIZE),
    REA(ALLOC_TABLE_STRIDE),
    REA(ALLOC_ENTRY_ID_ZERO),
    REA(ALLOC_ENTRY_SIZE_ZERO),
    REA(ALLOC_ENTRY_OVERFLOW),
    REA(ALLOC_ENTRY_DUPLICATE),
    REA(ALLOC_ENTRY_FLAGS),
    REA(SUBMIT_DESC_SIZE),
    REA(SUBMIT_CMD_PAIR),
    REA(SUBMIT_CMD_OVERFLOW),
    REA(SUBMIT_ALLOC_PAIR),
    REA(SUBMIT_ALLOC_OVERFLOW),
    REA(SUBMIT_FLAGS),
    REA(SUBMIT_ENGINE),
    REA(TRACE_SHORT),
    REA(TRACE_MAGIC),
    REA(TRACE_VERSION),
    REA(TRACE_HEADER),
    REA(TRACE_TOC),
    REA(TRACE_RECORD),
    REA(TRACE_BLOB),
    REA(TRACE_SUBMISSION),
    REA(D3D11_LIMIT),
    REA(TARGET_SIZE_MISMATCH),
    REA(PRESENT_NO_TARGET),
    REA(DXBC_CONTAINER),
    REA(DXBC_CHECKSUM),
    REA(SHADER_STAGE),
    REA(VIEW_FORMAT),
    REA(TARGET_FORMAT),
    REA(NO_VERTEX_SHADER),
    REA(SHARE_TOKEN_UNKNOWN),
    REA(COPY_SAME_SUBRESOURCE),
    REA(COPY_UNALIGNED),
};

/* The stable name is the constant lower-cased ("E_BUFFER_FULL" gives "buffer_full"). */
static int is_lowered_constant(const char *name, const char *constant)
{
    size_t i;
    if (strncmp(constant, "E_", 2) == 0)
        constant += 2;
    for (i = 0; constant[i] != '\0'; i++)
        if (name[i] != (char)tolower((unsigned char)constant[i]))
            return 0;
    return name[i] == '\0';
}

static void test_result_names(void)
{
    size_t i;
    for (i = 0; i < sizeof results / sizeof results[0]; i++)
        CHECK(is_lowered_constant(aerocmd_result_name((aerocmd_result)results[i].value),
                                  results[i].constant));
    CHECK_STR(aerocmd_result_name(AEROCMD_E_BUFFER_FULL), "buffer_full");
    CHECK_STR(aerocmd_result_name((aerocmd_result)8), "unknown");
    CHECK_STR(aerocmd_result_name((aerocmd_result)-1), "unknown");
}

static void test_reason_names_and_texts(void)
{
    size_t i, len;
    CHECK_EQ(sizeof reasons / sizeof reasons[0], AEROCMD_R_COUNT_);
    for (i = 0; i < sizeof reasons / sizeof reasons[0]; i++) {
        aerocmd_reason r = (aerocmd_reason)reasons[i].value;
        const char *text = aerocmd_reason_text(r);
        CHECK_EQ(reasons[i].value, i);
        if (!CHECK(is_lowered_constant(aerocmd_reason_name(r), reasons[i].constant)))
            fprintf(stderr, "    reason %s named %s\n", reasons[i].constant,
                    aerocmd_reason_name(r));
        len = strlen(text);
        /* One sentence: capital first, full stop last, no second sentence inside. */
        CHECK(len > 10 && isupper((unsigned char)text[0]) && text[len - 1] == '.');
        CHECK(strstr(text, ". ") == NULL);
    }
    CHECK_STR(aerocmd_reason_name(AEROCMD_R_PACKET_PAST_END), "packet_past_end");
    CHECK_STR(aerocmd_reason_name(AEROCMD_R_COUNT_), "unknown");
    CHECK_STR(aerocmd_reason_name((aerocmd_reason)1000), "unknown");
    CHECK_STR(aerocmd_reason_text(AEROCMD_R_COUNT_), "unknown");
    CHECK_STR(aerocmd_reason_text((aerocmd_reason)-5), "unknown");
}

int main(void)
{
    test_every_opcode_has_its_struct();
    test_payload_descriptors();
    test_field_kinds();
    test_enum_tables();
    test_result_names();
    test_reason_names_and_texts();
    return check_finish();
}
