/* SPDX-License-Identifier: MIT */
/* enum_tables.c — every enum of the AeroGPU ABI as a name/value table. Names are produced
 * from the protocol constants themselves, so a table can only hold names the headers
 * define, with their real values. Each table lists its values in ascending order so
 * membership is a binary search. The enums packet fields are checked against come from
 * the lists in enum_lists.h, which the fast path reads too. */
#include "decode_internal.h"
#include "enum_lists.h"

#include "aerogpu_ring.h"
#include "aerogpu_wddm_alloc.h"

#define ENUM_VALUE(name, value)                                                                    \
    {                                                                                              \
        name, (uint32_t)(value)                                                                    \
    }
#define VALUE(constant)  ENUM_VALUE(#constant, constant)
#define LISTED(constant) VALUE(constant),
#define TABLE(var, enum_name, values)                                                              \
    const struct aerocmd_enum_info var = {enum_name, values,                                       \
                                          (uint32_t)(sizeof(values) / sizeof(values[0]))}

static const struct aerocmd_enum_value error_code_values[] = {
    VALUE(AEROGPU_ERROR_NONE),    VALUE(AEROGPU_ERROR_CMD_DECODE), VALUE(AEROGPU_ERROR_OOB),
    VALUE(AEROGPU_ERROR_BACKEND), VALUE(AEROGPU_ERROR_INTERNAL),
};
TABLE(aerocmd_priv_enum_error_code, "aerogpu_error_code", error_code_values);

static const struct aerocmd_enum_value format_values[] = {AEROCMD_VALUES_FORMAT(LISTED)};
TABLE(aerocmd_enum_format, "aerogpu_format", format_values);

static const struct aerocmd_enum_value stream_flags_values[] = {
    VALUE(AEROGPU_CMD_STREAM_FLAG_NONE),
};
TABLE(aerocmd_priv_enum_stream_flags, "aerogpu_cmd_stream_flags", stream_flags_values);

static const struct aerocmd_enum_value opcode_values[] = {
    VALUE(AEROGPU_CMD_NOP),
    VALUE(AEROGPU_CMD_DEBUG_MARKER),
    VALUE(AEROGPU_CMD_CREATE_BUFFER),
    VALUE(AEROGPU_CMD_CREATE_TEXTURE2D),
    VALUE(AEROGPU_CMD_DESTROY_RESOURCE),
    VALUE(AEROGPU_CMD_RESOURCE_DIRTY_RANGE),
    VALUE(AEROGPU_CMD_UPLOAD_RESOURCE),
    VALUE(AEROGPU_CMD_COPY_BUFFER),
    VALUE(AEROGPU_CMD_COPY_TEXTURE2D),
    VALUE(AEROGPU_CMD_CREATE_TEXTURE_VIEW),
    VALUE(AEROGPU_CMD_DESTROY_TEXTURE_VIEW),
    VALUE(AEROGPU_CMD_CREATE_SHADER_DXBC),
    VALUE(AEROGPU_CMD_DESTROY_SHADER),
    VALUE(AEROGPU_CMD_BIND_SHADERS),
    VALUE(AEROGPU_CMD_SET_SHADER_CONSTANTS_F),
    VALUE(AEROGPU_CMD_CREATE_INPUT_LAYOUT),
    VALUE(AEROGPU_CMD_DESTROY_INPUT_LAYOUT),
    VALUE(AEROGPU_CMD_SET_INPUT_LAYOUT),
    VALUE(AEROGPU_CMD_SET_SHADER_CONSTANTS_I),
    VALUE(AEROGPU_CMD_SET_SHADER_CONSTANTS_B),
    VALUE(AEROGPU_CMD_SET_BLEND_STATE),
    VALUE(AEROGPU_CMD_SET_DEPTH_STENCIL_STATE),
    VALUE(AEROGPU_CMD_SET_RASTERIZER_STATE),
    VALUE(AEROGPU_CMD_SET_RENDER_TARGETS),
    VALUE(AEROGPU_CMD_SET_VIEWPORT),
    VALUE(AEROGPU_CMD_SET_SCISSOR),
    VALUE(AEROGPU_CMD_SET_VERTEX_BUFFERS),
    VALUE(AEROGPU_CMD_SET_INDEX_BUFFER),
    VALUE(AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY),
    VALUE(AEROGPU_CMD_SET_TEXTURE),
    VALUE(AEROGPU_CMD_SET_SAMPLER_STATE),
    VALUE(AEROGPU_CMD_SET_RENDER_STATE),
    VALUE(AEROGPU_CMD_CREATE_SAMPLER),
    VALUE(AEROGPU_CMD_DESTROY_SAMPLER),
    VALUE(AEROGPU_CMD_SET_SAMPLERS),
    VALUE(AEROGPU_CMD_SET_CONSTANT_BUFFERS),
    VALUE(AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS),
    VALUE(AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS),
    VALUE(AEROGPU_CMD_CLEAR),
    VALUE(AEROGPU_CMD_DRAW),
    VALUE(AEROGPU_CMD_DRAW_INDEXED),
    VALUE(AEROGPU_CMD_DISPATCH),
    VALUE(AEROGPU_CMD_PRESENT),
    VALUE(AEROGPU_CMD_PRESENT_EX),
    VALUE(AEROGPU_CMD_EXPORT_SHARED_SURFACE),
    VALUE(AEROGPU_CMD_IMPORT_SHARED_SURFACE),
    VALUE(AEROGPU_CMD_RELEASE_SHARED_SURFACE),
    VALUE(AEROGPU_CMD_FLUSH),
};
TABLE(aerocmd_priv_enum_opcode, "aerogpu_cmd_opcode", opcode_values);

static const struct aerocmd_enum_value shader_stage_values[] = {
    AEROCMD_VALUES_SHADER_STAGE(LISTED)};
TABLE(aerocmd_enum_shader_stage, "aerogpu_shader_stage", shader_stage_values);

static const struct aerocmd_enum_value shader_stage_ex_values[] = {
    AEROCMD_VALUES_SHADER_STAGE_EX(LISTED)};
TABLE(aerocmd_priv_enum_shader_stage_ex, "aerogpu_shader_stage_ex", shader_stage_ex_values);

static const struct aerocmd_enum_value index_format_values[] = {
    AEROCMD_VALUES_INDEX_FORMAT(LISTED)};
TABLE(aerocmd_priv_enum_index_format, "aerogpu_index_format", index_format_values);

static const struct aerocmd_enum_value sampler_filter_values[] = {
    AEROCMD_VALUES_SAMPLER_FILTER(LISTED)};
TABLE(aerocmd_priv_enum_sampler_filter, "aerogpu_sampler_filter", sampler_filter_values);

static const struct aerocmd_enum_value sampler_address_mode_values[] = {
    AEROCMD_VALUES_SAMPLER_ADDRESS_MODE(LISTED)};
TABLE(aerocmd_priv_enum_sampler_address_mode, "aerogpu_sampler_address_mode",
      sampler_address_mode_values);

static const struct aerocmd_enum_value topology_values[] = {AEROCMD_VALUES_TOPOLOGY(LISTED)};
TABLE(aerocmd_enum_topology, "aerogpu_primitive_topology", topology_values);

static const struct aerocmd_enum_value resource_usage_values[] = {
    AEROCMD_VALUES_RESOURCE_USAGE_FLAGS(LISTED)};
TABLE(aerocmd_priv_enum_resource_usage_flags, "aerogpu_resource_usage_flags",
      resource_usage_values);

static const struct aerocmd_enum_value copy_flags_values[] = {AEROCMD_VALUES_COPY_FLAGS(LISTED)};
TABLE(aerocmd_priv_enum_copy_flags, "aerogpu_copy_flags", copy_flags_values);

static const struct aerocmd_enum_value blend_factor_values[] = {
    AEROCMD_VALUES_BLEND_FACTOR(LISTED)};
TABLE(aerocmd_priv_enum_blend_factor, "aerogpu_blend_factor", blend_factor_values);

static const struct aerocmd_enum_value blend_op_values[] = {AEROCMD_VALUES_BLEND_OP(LISTED)};
TABLE(aerocmd_priv_enum_blend_op, "aerogpu_blend_op", blend_op_values);

static const struct aerocmd_enum_value compare_func_values[] = {
    AEROCMD_VALUES_COMPARE_FUNC(LISTED)};
TABLE(aerocmd_priv_enum_compare_func, "aerogpu_compare_func", compare_func_values);

static const struct aerocmd_enum_value fill_mode_values[] = {AEROCMD_VALUES_FILL_MODE(LISTED)};
TABLE(aerocmd_priv_enum_fill_mode, "aerogpu_fill_mode", fill_mode_values);

static const struct aerocmd_enum_value cull_mode_values[] = {AEROCMD_VALUES_CULL_MODE(LISTED)};
TABLE(aerocmd_priv_enum_cull_mode, "aerogpu_cull_mode", cull_mode_values);

static const struct aerocmd_enum_value rasterizer_flags_values[] = {
    AEROCMD_VALUES_RASTERIZER_FLAGS(LISTED)};
TABLE(aerocmd_priv_enum_rasterizer_flags, "aerogpu_rasterizer_flags", rasterizer_flags_values);

static const struct aerocmd_enum_value clear_flags_values[] = {AEROCMD_VALUES_CLEAR_FLAGS(LISTED)};
TABLE(aerocmd_priv_enum_clear_flags, "aerogpu_clear_flags", clear_flags_values);

static const struct aerocmd_enum_value present_flags_values[] = {
    AEROCMD_VALUES_PRESENT_FLAGS(LISTED)};
TABLE(aerocmd_priv_enum_present_flags, "aerogpu_present_flags", present_flags_values);

static const struct aerocmd_enum_value submit_flags_values[] = {
    VALUE(AEROGPU_SUBMIT_FLAG_NONE),
    VALUE(AEROGPU_SUBMIT_FLAG_PRESENT),
    VALUE(AEROGPU_SUBMIT_FLAG_NO_IRQ),
};
TABLE(aerocmd_priv_enum_submit_flags, "aerogpu_submit_flags", submit_flags_values);

static const struct aerocmd_enum_value engine_id_values[] = {
    VALUE(AEROGPU_ENGINE_0),
};
TABLE(aerocmd_priv_enum_engine_id, "aerogpu_engine_id", engine_id_values);

static const struct aerocmd_enum_value alloc_flags_values[] = {
    VALUE(AEROGPU_ALLOC_FLAG_NONE),
    VALUE(AEROGPU_ALLOC_FLAG_READONLY),
};
TABLE(aerocmd_priv_enum_alloc_flags, "aerogpu_alloc_flags", alloc_flags_values);

static const struct aerocmd_enum_value wddm_alloc_private_flags_values[] = {
    VALUE(AEROGPU_WDDM_ALLOC_PRIV_FLAG_NONE),
    VALUE(AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED),
    VALUE(AEROGPU_WDDM_ALLOC_PRIV_FLAG_CPU_VISIBLE),
    VALUE(AEROGPU_WDDM_ALLOC_PRIV_FLAG_STAGING),
};
TABLE(aerocmd_priv_enum_wddm_alloc_private_flags, "aerogpu_wddm_alloc_private_flags",
      wddm_alloc_private_flags_values);

static const struct aerocmd_enum_value wddm_alloc_kind_values[] = {
    VALUE(AEROGPU_WDDM_ALLOC_KIND_UNKNOWN),
    VALUE(AEROGPU_WDDM_ALLOC_KIND_BUFFER),
    VALUE(AEROGPU_WDDM_ALLOC_KIND_TEXTURE2D),
};
TABLE(aerocmd_priv_enum_wddm_alloc_kind, "aerogpu_wddm_alloc_kind", wddm_alloc_kind_values);

/* In the order the ABI JSON lists them. */
static const struct aerocmd_enum_info *const all_tables[] = {
    &aerocmd_priv_enum_error_code,
    &aerocmd_enum_format,
    &aerocmd_priv_enum_stream_flags,
    &aerocmd_priv_enum_opcode,
    &aerocmd_enum_shader_stage,
    &aerocmd_priv_enum_shader_stage_ex,
    &aerocmd_priv_enum_index_format,
    &aerocmd_priv_enum_sampler_filter,
    &aerocmd_priv_enum_sampler_address_mode,
    &aerocmd_enum_topology,
    &aerocmd_priv_enum_resource_usage_flags,
    &aerocmd_priv_enum_copy_flags,
    &aerocmd_priv_enum_blend_factor,
    &aerocmd_priv_enum_blend_op,
    &aerocmd_priv_enum_compare_func,
    &aerocmd_priv_enum_fill_mode,
    &aerocmd_priv_enum_cull_mode,
    &aerocmd_priv_enum_rasterizer_flags,
    &aerocmd_priv_enum_clear_flags,
    &aerocmd_priv_enum_present_flags,
    &aerocmd_priv_enum_submit_flags,
    &aerocmd_priv_enum_engine_id,
    &aerocmd_priv_enum_alloc_flags,
    &aerocmd_priv_enum_wddm_alloc_private_flags,
    &aerocmd_priv_enum_wddm_alloc_kind,
};

const struct aerocmd_enum_info *const *aerocmd_enum_tables(uint32_t *count)
{
    if (count != NULL)
        *count = (uint32_t)(sizeof(all_tables) / sizeof(all_tables[0]));
    return all_tables;
}

const char *aerocmd_enum_value_name(const struct aerocmd_enum_info *info, uint32_t value)
{
    uint32_t low = 0, high;
    if (info == NULL)
        return NULL;
    high = info->count;
    while (low < high) {
        uint32_t mid = low + (high - low) / 2;
        if (info->values[mid].value == value)
            return info->values[mid].name;
        if (info->values[mid].value < value)
            low = mid + 1;
        else
            high = mid;
    }
    return NULL;
}

uint32_t aerocmd_priv_enum_flag_mask(const struct aerocmd_enum_info *info)
{
    uint32_t mask = 0, i;
    for (i = 0; i < info->count; i++)
        mask |= info->values[i].value;
    return mask;
}
