/* SPDX-License-Identifier: MIT */
/* append_shader.c — shader objects, pipeline binding, D3D9-style constants and the
 * input-layout packets that carry a prepared blob. */
#include <string.h>

#include "aerocmd/decode.h"
#include "writer_internal.h"

/* Bytes per D3D9-style constant register (four 32-bit lanes). */
#define CONSTANT_REGISTER_BYTES 16u

aerocmd_result aerocmd_append_create_shader_dxbc(struct aerocmd_writer *w, aerogpu_handle_t shader,
                                                 enum aerocmd_shader_kind kind, const void *dxbc,
                                                 uint32_t dxbc_size)
{
    struct aerogpu_cmd_create_shader_dxbc *p;
    uint32_t stage, stage_ex;
    uint8_t *raw;
    aerocmd_result r;

    if (dxbc == NULL && dxbc_size != 0)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_shader_stage_encode(w->abi_version, kind, &stage, &stage_ex);
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_CREATE_SHADER_DXBC, sizeof *p, dxbc_size, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_create_shader_dxbc *)raw;
    p->shader_handle = shader;
    p->stage = stage;
    p->dxbc_size_bytes = dxbc_size;
    p->reserved0 = stage_ex;
    if (dxbc_size != 0)
        memcpy(raw + sizeof *p, dxbc, dxbc_size);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_destroy_shader(struct aerocmd_writer *w, aerogpu_handle_t shader)
{
    struct aerogpu_cmd_destroy_shader *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_DESTROY_SHADER, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_destroy_shader *)raw;
    p->shader_handle = shader;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_bind_shaders(struct aerocmd_writer *w, aerogpu_handle_t vs,
                                           aerogpu_handle_t ps, aerogpu_handle_t cs,
                                           aerogpu_handle_t gs, aerogpu_handle_t hs,
                                           aerogpu_handle_t ds)
{
    struct aerogpu_cmd_bind_shaders *p;
    int extended = gs != 0 || hs != 0 || ds != 0;
    uint32_t extra = extended ? AEROCMD_BIND_SHADERS_EXT_SIZE - (uint32_t)sizeof *p : 0;
    aerogpu_handle_t tail[3];
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_BIND_SHADERS, sizeof *p, extra, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_bind_shaders *)raw;
    p->vs = vs;
    p->ps = ps;
    p->cs = cs;
    /* Hosts that only know the 24-byte form still find the geometry shader here. */
    p->reserved0 = gs;
    if (extended) {
        tail[0] = gs;
        tail[1] = hs;
        tail[2] = ds;
        memcpy(raw + sizeof *p, tail, sizeof tail);
    }
    return AEROCMD_OK;
}

/* SET_SHADER_CONSTANTS_F, _I and _B share one layout: stage, start, count, reserved0. */
static aerocmd_result append_shader_constants(struct aerocmd_writer *w, uint32_t opcode,
                                              enum aerocmd_shader_kind kind,
                                              uint32_t start_register, const void *data,
                                              uint32_t count)
{
    struct aerogpu_cmd_set_shader_constants_f *p;
    uint32_t stage, stage_ex, bytes;
    uint8_t *raw;
    aerocmd_result r;

    if (data == NULL && count != 0)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_array_bytes(count, CONSTANT_REGISTER_BYTES, &bytes);
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_shader_stage_encode(w->abi_version, kind, &stage, &stage_ex);
    if (r != AEROCMD_OK)
        return r;
    r = aerocmd_writer_emplace(w, opcode, sizeof *p, bytes, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_shader_constants_f *)raw;
    p->stage = stage;
    p->start_register = start_register;
    p->vec4_count = count;
    p->reserved0 = stage_ex;
    if (bytes != 0)
        memcpy(raw + sizeof *p, data, bytes);
    return AEROCMD_OK;
}

AEROGPU_STATIC_ASSERT(sizeof(struct aerogpu_cmd_set_shader_constants_f) ==
                          sizeof(struct aerogpu_cmd_set_shader_constants_i),
                      writer_constants_i_layout);
AEROGPU_STATIC_ASSERT(offsetof(struct aerogpu_cmd_set_shader_constants_f, vec4_count) ==
                          offsetof(struct aerogpu_cmd_set_shader_constants_b, bool_count),
                      writer_constants_b_layout);

aerocmd_result aerocmd_append_set_shader_constants_f(struct aerocmd_writer *w,
                                                     enum aerocmd_shader_kind kind,
                                                     uint32_t start_register, const void *data,
                                                     uint32_t vec4_count)
{
    return append_shader_constants(w, AEROGPU_CMD_SET_SHADER_CONSTANTS_F, kind, start_register,
                                   data, vec4_count);
}

aerocmd_result aerocmd_append_set_shader_constants_i(struct aerocmd_writer *w,
                                                     enum aerocmd_shader_kind kind,
                                                     uint32_t start_register, const void *data,
                                                     uint32_t vec4_count)
{
    return append_shader_constants(w, AEROGPU_CMD_SET_SHADER_CONSTANTS_I, kind, start_register,
                                   data, vec4_count);
}

aerocmd_result aerocmd_append_set_shader_constants_b(struct aerocmd_writer *w,
                                                     enum aerocmd_shader_kind kind,
                                                     uint32_t start_register, const void *data,
                                                     uint32_t bool_count)
{
    return append_shader_constants(w, AEROGPU_CMD_SET_SHADER_CONSTANTS_B, kind, start_register,
                                   data, bool_count);
}

aerocmd_result aerocmd_append_create_input_layout_blob(struct aerocmd_writer *w,
                                                       aerogpu_handle_t input_layout,
                                                       const void *blob, uint32_t blob_size)
{
    struct aerogpu_cmd_create_input_layout *p;
    uint8_t *raw;
    aerocmd_result r;

    if (blob == NULL && blob_size != 0)
        return AEROCMD_E_INVALID_ARG;
    r = aerocmd_writer_emplace(w, AEROGPU_CMD_CREATE_INPUT_LAYOUT, sizeof *p, blob_size, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_create_input_layout *)raw;
    p->input_layout_handle = input_layout;
    p->blob_size_bytes = blob_size;
    if (blob_size != 0)
        memcpy(raw + sizeof *p, blob, blob_size);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_destroy_input_layout(struct aerocmd_writer *w,
                                                   aerogpu_handle_t input_layout)
{
    struct aerogpu_cmd_destroy_input_layout *p;
    uint8_t *raw;
    aerocmd_result r =
        aerocmd_writer_emplace(w, AEROGPU_CMD_DESTROY_INPUT_LAYOUT, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_destroy_input_layout *)raw;
    p->input_layout_handle = input_layout;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_append_set_input_layout(struct aerocmd_writer *w,
                                               aerogpu_handle_t input_layout)
{
    struct aerogpu_cmd_set_input_layout *p;
    uint8_t *raw;
    aerocmd_result r = aerocmd_writer_emplace(w, AEROGPU_CMD_SET_INPUT_LAYOUT, sizeof *p, 0, &raw);
    if (r != AEROCMD_OK)
        return r;
    p = (struct aerogpu_cmd_set_input_layout *)raw;
    p->input_layout_handle = input_layout;
    return AEROCMD_OK;
}
