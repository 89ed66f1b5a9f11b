/* SPDX-License-Identifier: MIT */
/* packet_rules.c — the per-packet rules of RULES.md that a field's kind cannot express
 * (counts that must be at least 1, ranges that must not wrap, fields that must agree,
 * Direct3D 11's slot, register and size limits: doc/validation-rules.md).
 * Rules that need other packets (handles, allocations, bounds against a resource) belong
 * to the semantic pass, not here. */
#include "aerocmd/dxbc.h"
#include "aerocmd/format.h"
#include "opcode_list.h"

#define FIELD_INVALID AEROCMD_R_FIELD_INVALID
#define LIMIT         AEROCMD_R_D3D11_LIMIT
#define NONE          AEROCMD_R_NONE

#define U32(type, member) AEROCMD_FIELD_U32(packet->bytes, type, member)
#define U64(type, member) AEROCMD_FIELD_U64(packet->bytes, type, member)

/* Every rule has the same shape so opcode_list.h can name it; most ignore the minor. */
#define RULE(name) static aerocmd_reason name(const struct aerocmd_packet *packet, uint32_t minor)

/* sRGB and block-compressed formats exist from ABI 1.2 on. */
#define SRGB_BC_MIN_ABI_MINOR 2u

static int format_needs_srgb_bc_minor(uint32_t format)
{
    switch (format) {
    case AEROGPU_FORMAT_B8G8R8A8_UNORM_SRGB:
    case AEROGPU_FORMAT_B8G8R8X8_UNORM_SRGB:
    case AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB:
    case AEROGPU_FORMAT_R8G8B8X8_UNORM_SRGB:
        return 1;
    default:
        return format >= AEROGPU_FORMAT_BC1_RGBA_UNORM &&
               format <= AEROGPU_FORMAT_BC7_RGBA_UNORM_SRGB;
    }
}

static int format_in_minor(uint32_t format, uint32_t minor)
{
    return minor >= SRGB_BC_MIN_ABI_MINOR || !format_needs_srgb_bc_minor(format);
}

static int adds_without_wrap_u64(uint64_t a, uint64_t b)
{
    return a <= UINT64_MAX - b;
}

static int adds_without_wrap_u32(uint32_t a, uint32_t b)
{
    return a <= 0xFFFFFFFFu - b;
}

/* The largest resource any Direct3D 11 device creates (d3d11_limits.h): 2 GiB. */
#define MAX_RESOURCE_BYTES                                                                         \
    ((uint64_t)AEROCMD_D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_C_TERM << 20)

/* RULES.md: a multiple of 4. Direct3D creates no buffer of 0 bytes (E_INVALIDARG) and no
 * resource beyond its size limit. */
RULE(create_buffer_rules)
{
    uint64_t size = U64(aerogpu_cmd_create_buffer, size_bytes);
    (void)minor;
    if (size == 0 || size % 4u != 0)
        return FIELD_INVALID;
    return size <= MAX_RESOURCE_BYTES ? NONE : LIMIT;
}

/* Levels of a full mip chain for a width x height texture: floor(log2(max)) + 1. */
static uint32_t full_chain(uint32_t width, uint32_t height)
{
    uint32_t extent = width > height ? width : height, levels = 1;
    while (extent > 1) {
        extent >>= 1;
        levels++;
    }
    return levels;
}

/* Direct3D 11 refuses a Texture2D wider or taller than 16384, with more than 2048 array
 * slices, or with more mip levels than its full chain has (at most 15). */
static aerocmd_reason texture2d_limits(uint32_t width, uint32_t height, uint32_t mips,
                                       uint32_t layers)
{
    if (width > AEROCMD_D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION ||
        height > AEROCMD_D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION ||
        layers > AEROCMD_D3D11_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION ||
        mips > AEROCMD_D3D11_REQ_MIP_LEVELS || mips > full_chain(width, height))
        return LIMIT;
    return NONE;
}

static int whole_blocks(uint32_t format, uint32_t width, uint32_t height)
{
    const struct aerocmd_format_info *info = aerocmd_format_info(format);
    return info == 0 || (width % info->block_width == 0 && height % info->block_height == 0);
}

RULE(create_texture2d_rules)
{
    uint32_t format = U32(aerogpu_cmd_create_texture2d, format);
    uint32_t width = U32(aerogpu_cmd_create_texture2d, width);
    uint32_t height = U32(aerogpu_cmd_create_texture2d, height);
    uint32_t mips = U32(aerogpu_cmd_create_texture2d, mip_levels);
    uint32_t layers = U32(aerogpu_cmd_create_texture2d, array_layers);
    if (width == 0 || height == 0 || mips == 0 || layers == 0)
        return FIELD_INVALID;
    if (format == AEROGPU_FORMAT_INVALID || !format_in_minor(format, minor))
        return FIELD_INVALID;
    /* Direct3D: a block-compressed texture's top level is whole 4x4 blocks */
    if (!whole_blocks(format, width, height))
        return FIELD_INVALID;
    return texture2d_limits(width, height, mips, layers);
}

/* format 0 asks for the texture's own format, so only the minor gate applies to it. */
RULE(create_texture_view_rules)
{
    uint32_t mips = U32(aerogpu_cmd_create_texture_view, mip_level_count);
    uint32_t layers = U32(aerogpu_cmd_create_texture_view, array_layer_count);
    if (mips == 0 || layers == 0)
        return FIELD_INVALID;
    if (!adds_without_wrap_u32(U32(aerogpu_cmd_create_texture_view, base_mip_level), mips) ||
        !adds_without_wrap_u32(U32(aerogpu_cmd_create_texture_view, base_array_layer), layers))
        return FIELD_INVALID;
    if (!format_in_minor(U32(aerogpu_cmd_create_texture_view, format), minor))
        return FIELD_INVALID;
    /* a view's range lies inside a texture, which Direct3D 11 limits */
    if (U32(aerogpu_cmd_create_texture_view, base_mip_level) + mips >
            AEROCMD_D3D11_REQ_MIP_LEVELS ||
        U32(aerogpu_cmd_create_texture_view, base_array_layer) + layers >
            AEROCMD_D3D11_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION)
        return LIMIT;
    return NONE;
}

AEROGPU_STATIC_ASSERT(offsetof(struct aerogpu_cmd_resource_dirty_range, offset_bytes) ==
                              offsetof(struct aerogpu_cmd_upload_resource, offset_bytes) &&
                          offsetof(struct aerogpu_cmd_resource_dirty_range, size_bytes) ==
                              offsetof(struct aerogpu_cmd_upload_resource, size_bytes),
                      aerocmd_dirty_range_layout_is_upload_layout);

/* UPLOAD_RESOURCE and RESOURCE_DIRTY_RANGE share their layout. A zero size is a no-op and
 * allowed: D3D accepts empty updates and refusing them would protect nothing. */
RULE(byte_range_rules)
{
    (void)minor;
    uint64_t offset = U64(aerogpu_cmd_upload_resource, offset_bytes);
    uint64_t size = U64(aerogpu_cmd_upload_resource, size_bytes);
    return adds_without_wrap_u64(offset, size) ? NONE : FIELD_INVALID;
}

RULE(copy_buffer_rules)
{
    (void)minor;
    uint64_t dst = U64(aerogpu_cmd_copy_buffer, dst_offset_bytes);
    uint64_t src = U64(aerogpu_cmd_copy_buffer, src_offset_bytes);
    uint64_t size = U64(aerogpu_cmd_copy_buffer, size_bytes);
    if (dst % 4u != 0 || src % 4u != 0 || size % 4u != 0)
        return FIELD_INVALID;
    if (!adds_without_wrap_u64(dst, size) || !adds_without_wrap_u64(src, size))
        return FIELD_INVALID;
    return NONE;
}

RULE(copy_texture2d_rules)
{
    (void)minor;
    uint32_t width = U32(aerogpu_cmd_copy_texture2d, width);
    uint32_t height = U32(aerogpu_cmd_copy_texture2d, height);
    if (!adds_without_wrap_u32(U32(aerogpu_cmd_copy_texture2d, dst_x), width) ||
        !adds_without_wrap_u32(U32(aerogpu_cmd_copy_texture2d, src_x), width) ||
        !adds_without_wrap_u32(U32(aerogpu_cmd_copy_texture2d, dst_y), height) ||
        !adds_without_wrap_u32(U32(aerogpu_cmd_copy_texture2d, src_y), height))
        return FIELD_INVALID;
    return NONE;
}

/* The DXBC program type a CREATE_SHADER_DXBC's stage asks for; from ABI 1.3 a COMPUTE
 * stage's stage_ex (reserved0, already checked to be a defined value) may name another. */
static uint32_t program_type_for(const struct aerocmd_packet *packet, uint32_t minor)
{
    uint32_t stage_ex = U32(aerogpu_cmd_create_shader_dxbc, reserved0);
    switch (U32(aerogpu_cmd_create_shader_dxbc, stage)) {
    case AEROGPU_SHADER_STAGE_VERTEX:
        return AEROCMD_DXBC_VERTEX;
    case AEROGPU_SHADER_STAGE_PIXEL:
        return AEROCMD_DXBC_PIXEL;
    case AEROGPU_SHADER_STAGE_GEOMETRY:
        return AEROCMD_DXBC_GEOMETRY;
    default: /* COMPUTE: stage_ex numbers stages as DXBC program types do */
        if (minor < AEROGPU_STAGE_EX_MIN_ABI_MINOR || stage_ex == AEROGPU_SHADER_STAGE_EX_NONE)
            return AEROCMD_DXBC_COMPUTE;
        return stage_ex;
    }
}

/* The payload is a sound DXBC container whose program runs in the packet's stage. */
RULE(create_shader_rules)
{
    uint32_t len = 0;
    const uint8_t *dxbc = aerocmd_packet_payload(packet, &len, NULL);
    struct aerocmd_dxbc_program program;
    enum aerocmd_dxbc_fault fault = AEROCMD_DXBC_FAULT_NONE;
    if (dxbc == NULL || aerocmd_dxbc_open(dxbc, len, &program, &fault) != AEROCMD_OK)
        return fault == AEROCMD_DXBC_FAULT_CHECKSUM ? AEROCMD_R_DXBC_CHECKSUM
                                                    : AEROCMD_R_DXBC_CONTAINER;
    return program.program_type == program_type_for(packet, minor) ? NONE : AEROCMD_R_SHADER_STAGE;
}

/* Only a blob that says it is an ILAY blob is held to that format; anything else (a D3D9
 * vertex declaration, say) is opaque to the protocol. */
RULE(input_layout_rules)
{
    uint32_t blob_len = 0, elements, i;
    const uint8_t *blob = aerocmd_packet_payload(packet, &blob_len, NULL);
    const uint32_t header_size = (uint32_t)sizeof(struct aerogpu_input_layout_blob_header);
    const uint32_t element_size = (uint32_t)sizeof(struct aerogpu_input_layout_element_dxgi);

    if (blob == NULL || blob_len < header_size ||
        AEROCMD_FIELD_U32(blob, aerogpu_input_layout_blob_header, magic) !=
            AEROGPU_INPUT_LAYOUT_BLOB_MAGIC)
        return NONE;
    if (AEROCMD_FIELD_U32(blob, aerogpu_input_layout_blob_header, version) !=
        AEROGPU_INPUT_LAYOUT_BLOB_VERSION)
        return FIELD_INVALID;
    elements = AEROCMD_FIELD_U32(blob, aerogpu_input_layout_blob_header, element_count);
    if (elements > (blob_len - header_size) / element_size)
        return FIELD_INVALID;
    for (i = 0; i < elements; i++)
        if (AEROCMD_FIELD_U32(blob + header_size + i * element_size,
                              aerogpu_input_layout_element_dxgi,
                              input_slot) >= AEROCMD_D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT)
            return LIMIT;
    if (AEROCMD_FIELD_U32(blob, aerogpu_input_layout_blob_header, reserved0) != 0 &&
        minor <= AEROGPU_ABI_MINOR)
        return AEROCMD_R_RESERVED_NONZERO;
    return NONE;
}

/* An encoder may mirror gs into reserved0 for old hosts; if it does, the two must agree. */
RULE(bind_shaders_rules)
{
    struct aerocmd_bound_shaders shaders;
    uint32_t legacy_gs;
    (void)minor;
    if (!aerocmd_packet_bind_shaders(packet, &shaders) || !shaders.extended)
        return NONE;
    legacy_gs = AEROCMD_FIELD_U32(packet->bytes, aerogpu_cmd_bind_shaders, reserved0);
    return legacy_gs == 0 || legacy_gs == shaders.gs ? NONE : FIELD_INVALID;
}

RULE(render_targets_rules)
{
    uint32_t count = U32(aerogpu_cmd_set_render_targets, color_count), i;
    const uint8_t *colors = packet->bytes + offsetof(struct aerogpu_cmd_set_render_targets, colors);
    (void)minor;
    if (count > AEROGPU_MAX_RENDER_TARGETS)
        return FIELD_INVALID;
    for (i = count; i < AEROGPU_MAX_RENDER_TARGETS; i++)
        if (aerocmd_load_u32(colors + i * sizeof(aerogpu_handle_t)) != 0)
            return FIELD_INVALID;
    return NONE;
}

RULE(dispatch_rules)
{
    (void)minor;
    if (U32(aerogpu_cmd_dispatch, group_count_x) >
            AEROCMD_D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION ||
        U32(aerogpu_cmd_dispatch, group_count_y) >
            AEROCMD_D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION ||
        U32(aerogpu_cmd_dispatch, group_count_z) >
            AEROCMD_D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION)
        return LIMIT;
    return NONE;
}

RULE(present_rules)
{
    (void)minor;
    return U32(aerogpu_cmd_present, scanout_id) == 0 ? NONE : FIELD_INVALID;
}

RULE(present_ex_rules)
{
    (void)minor;
    return U32(aerogpu_cmd_present_ex, scanout_id) == 0 ? NONE : FIELD_INVALID;
}

RULE(export_shared_surface_rules)
{
    (void)minor;
    return U64(aerogpu_cmd_export_shared_surface, share_token) != 0 ? NONE : FIELD_INVALID;
}

RULE(import_shared_surface_rules)
{
    (void)minor;
    return U64(aerogpu_cmd_import_shared_surface, share_token) != 0 ? NONE : FIELD_INVALID;
}

/* [first, first + count) inside [0, limit) (an empty range may start at the limit). */
static aerocmd_reason slots_rule(uint32_t first, uint32_t count, uint32_t limit)
{
    return (uint64_t)first + count <= limit ? NONE : LIMIT;
}

/* The slot range, then `member` of each of the `count` payload elements at most `most`.
 * The structural check has already fitted the payload inside the packet. */
static aerocmd_reason sized_slots_rule(const struct aerocmd_packet *packet, uint32_t fixed_size,
                                       uint32_t first, uint32_t count, uint32_t limit,
                                       uint32_t elem_size, uint32_t member_offset, uint32_t most)
{
    uint32_t i;
    if (slots_rule(first, count, limit) != NONE)
        return LIMIT;
    for (i = 0; i < count; i++)
        if (aerocmd_load_u32(packet->bytes + fixed_size + i * elem_size + member_offset) > most)
            return LIMIT;
    return NONE;
}

/* The dispatch comes from opcode_list.h, which the fast path reads too: an opcode it says
 * has no rules really has none. */
#define APPLY_NO_RULES                  NONE
#define APPLY_RULES(rule)               rule(packet, minor)
#define APPLY_SLOT(type, member, limit) (U32(type, member) < (limit) ? NONE : LIMIT)
#define APPLY_SLOTS(type, first, count, limit)                                                     \
    slots_rule(U32(type, first), U32(type, count), (limit))
#define APPLY_SIZED_SLOTS(type, first, count, limit, elem_type, member, most)                      \
    sized_slots_rule(packet, (uint32_t)sizeof(struct type), U32(type, first), U32(type, count),    \
                     (limit), (uint32_t)sizeof(struct elem_type),                                  \
                     (uint32_t)offsetof(struct elem_type, member), (most))
#define RULE_CASE_HEADER(op, payload)
#define RULE_CASE_OP(op, type, payload, min_minor, rules)                                          \
    case AEROGPU_CMD_##op:                                                                         \
        return APPLY_##rules;

aerocmd_reason aerocmd_priv_decode_packet_rules(const struct aerocmd_stream *stream,
                                                const struct aerocmd_packet *packet)
{
    uint32_t minor = aerocmd_stream_abi_minor(stream);

    switch (packet->opcode) {
        AEROCMD_OPCODE_LIST(RULE_CASE_HEADER, RULE_CASE_OP)
    default:
        return NONE;
    }
}
