/* SPDX-License-Identifier: MIT */
/* exec_shader.c — shaders (DXBC passed through after aerocmd_exec_check_dxbc's checks; the
 * container and its program type against the stage are the validator's, run before every
 * submission), BIND_SHADERS, and input layouts.
 *
 * The protocol's input layout names each element by the FNV-1a hash of its upper-cased
 * semantic name; Direct3D 12 wants the name. The name is recovered at draw time from the
 * bound vertex shader's input signature: the entry with the same hash and semantic index.
 * Elements the shader does not read are left out (Direct3D ignores them too); a shader
 * input (other than a system value) that no element feeds is refused, as Direct3D 10/11
 * refuse such a pairing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/format.h"
#include "exec_internal.h"

#define MAX_LAYOUT_ELEMENTS 32u /* D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT */

static const char *program_name(uint32_t type)
{
    static const char *const names[] = {"pixel", "vertex", "geometry", "hull", "domain", "compute"};
    return type < 6u ? names[type] : "unknown";
}

static uint64_t shader_bytes(uint32_t dxbc_len)
{
    return EXEC_OBJECT_BYTES + sizeof(struct exec_shader) + 2u * (uint64_t)dxbc_len;
}

static void shader_drop(struct aerocmd_exec *ex, struct exec_shader *sh)
{
    aerocmd_priv_exec_uncharge(ex, sh->budget_bytes);
    aerocmd_priv_exec_shader_free(sh);
}

aerocmd_result aerocmd_priv_exec_create_shader_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_create_shader_dxbc *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_create_shader_dxbc, AEROGPU_CMD_CREATE_SHADER_DXBC);
    struct exec_shader *sh;
    uint32_t len = 0;
    const uint8_t *dxbc = aerocmd_packet_payload(ctx->packet, &len, NULL);
    char why[256];
    aerocmd_result r = aerocmd_priv_exec_check_new(ctx, p->shader_handle);
    if (r != AEROCMD_OK)
        return r;
    if (dxbc == NULL)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_PAYLOAD_LENGTH,
                                      "DXBC payload shorter than dxbc_size_bytes");
    /* the blob, what is read out of it (at most as much again), the object */
    if ((r = aerocmd_priv_exec_charge(ctx, shader_bytes(len), "a shader")) != AEROCMD_OK)
        return r;
    sh = calloc(1, sizeof(*sh));
    if (sh == NULL) {
        aerocmd_priv_exec_uncharge(ctx->ex, shader_bytes(len));
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                      "no memory for a shader");
    }
    sh->budget_bytes = shader_bytes(len);
    r = aerocmd_priv_exec_dxbc_load(ctx->ex, sh, dxbc, len, why, sizeof(why));
    if (r != AEROCMD_OK) {
        shader_drop(ctx->ex, sh);
        return aerocmd_priv_exec_fail(ctx, r == AEROCMD_E_NOT_IMPLEMENTED ? r : AEROCMD_E_MALFORMED,
                                      r == AEROCMD_E_NOT_IMPLEMENTED ? AEROCMD_R_NONE
                                                                     : AEROCMD_R_FIELD_INVALID,
                                      "shader h:%u refused: %s", p->shader_handle, why);
    }
    /* the validator has matched the program type with the stage (shader_stage) */
    sh->serial = ++ctx->ex->next_serial;
    if (aerocmd_priv_exec_insert(&ctx->ex->objects, p->shader_handle, EXEC_OBJ_SHADER, sh) != 0) {
        shader_drop(ctx->ex, sh);
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                      "no memory for the handle table");
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_destroy_shader_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_destroy_shader *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_destroy_shader, AEROGPU_CMD_DESTROY_SHADER);
    struct exec_object *o =
        aerocmd_priv_exec_need(ctx, p->shader_handle, EXEC_OBJ_SHADER, "DESTROY_SHADER's");
    if (o == NULL)
        return ctx->err->result;
    aerocmd_priv_exec_unbind_everywhere(ctx->ex, p->shader_handle);
    shader_drop(ctx->ex, o->u.shader);
    aerocmd_priv_exec_remove(&ctx->ex->objects, o);
    return AEROCMD_OK;
}

static aerocmd_result check_bound(struct exec_ctx *ctx, uint32_t handle, uint32_t program)
{
    struct exec_object *o;
    char what[48];
    if (handle == 0)
        return AEROCMD_OK;
    snprintf(what, sizeof(what), "the %s shader", program_name(program));
    o = aerocmd_priv_exec_need(ctx, handle, EXEC_OBJ_SHADER, what);
    if (o == NULL)
        return ctx->err->result;
    if (o->u.shader->program_type != program)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_KIND,
                                      "h:%u is a %s shader, bound as the %s shader", handle,
                                      program_name(o->u.shader->program_type),
                                      program_name(program));
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_bind_shaders_packet(struct exec_ctx *ctx)
{
    struct aerocmd_bound_shaders b;
    struct exec_state *s = &ctx->ex->state;
    aerocmd_result r;
    if (!aerocmd_packet_bind_shaders(ctx->packet, &b))
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_PACKET_TOO_SHORT,
                                      "BIND_SHADERS too short");
    if ((r = check_bound(ctx, b.vs, 1)) != AEROCMD_OK || (r = check_bound(ctx, b.ps, 0)) ||
        (r = check_bound(ctx, b.gs, 2)) || (r = check_bound(ctx, b.cs, 5)) ||
        (r = check_bound(ctx, b.hs, 3)) || (r = check_bound(ctx, b.ds, 4)))
        return r;
    /* A new shader declares other registers: its tables are written afresh. */
    if (s->vs != b.vs)
        s->stages[EXEC_VS].table_dirty = s->stages[EXEC_VS].samplers_dirty = 1;
    if (s->ps != b.ps)
        s->stages[EXEC_PS].table_dirty = s->stages[EXEC_PS].samplers_dirty = 1;
    if (s->gs != b.gs)
        s->stages[EXEC_GS].table_dirty = s->stages[EXEC_GS].samplers_dirty = 1;
    if (s->cs != b.cs)
        s->stages[EXEC_CS].table_dirty = s->stages[EXEC_CS].samplers_dirty = 1;
    s->vs = b.vs, s->ps = b.ps, s->gs = b.gs, s->cs = b.cs, s->hs = b.hs, s->ds = b.ds;
    return AEROCMD_OK;
}

/* ---- input layouts -------------------------------------------------------------------------- */

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static aerocmd_result check_element(struct exec_ctx *ctx, uint32_t i,
                                    const struct aerogpu_input_layout_element_dxgi *e)
{
    uint32_t bytes;
    aerocmd_result r = aerocmd_dxgi_vertex_format(e->dxgi_format, &bytes);
    if (r != AEROCMD_OK)
        return aerocmd_priv_exec_fail(
            ctx, r == AEROCMD_E_NOT_IMPLEMENTED ? AEROCMD_E_NOT_IMPLEMENTED : AEROCMD_E_MALFORMED,
            AEROCMD_R_FIELD_INVALID, "element %u: DXGI format %u is not a vertex format", i,
            e->dxgi_format);
    if (e->input_slot >= EXEC_MAX_VBS || e->input_slot_class > 1u ||
        (e->input_slot_class == 0 && e->instance_data_step_rate != 0))
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "element %u: slot %u, class %u, step rate %u", i,
                                      e->input_slot, e->input_slot_class,
                                      e->instance_data_step_rate);
    return AEROCMD_OK;
}

static uint64_t layout_bytes(uint32_t count)
{
    return EXEC_OBJECT_BYTES + sizeof(struct exec_input_layout) +
           (count + 1u) * sizeof(struct aerogpu_input_layout_element_dxgi);
}

aerocmd_result aerocmd_priv_exec_create_layout_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_create_input_layout *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_create_input_layout, AEROGPU_CMD_CREATE_INPUT_LAYOUT);
    uint32_t len = 0, count, i;
    const uint8_t *blob = aerocmd_packet_payload(ctx->packet, &len, NULL);
    struct exec_input_layout *il;
    aerocmd_result r = aerocmd_priv_exec_check_new(ctx, p->input_layout_handle);
    if (r != AEROCMD_OK)
        return r;
    if (blob == NULL || len < 16u || rd32(blob) != AEROGPU_INPUT_LAYOUT_BLOB_MAGIC ||
        rd32(blob + 4) != AEROGPU_INPUT_LAYOUT_BLOB_VERSION)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_FIELD_INVALID,
                                      "the blob is not a D3D10/11 ILAY v1 input layout");
    count = rd32(blob + 8);
    if (count > MAX_LAYOUT_ELEMENTS || len < 16u + count * 28u)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_PAYLOAD_LENGTH,
                                      "%u elements do not fit %u bytes (Direct3D allows 32)", count,
                                      len);
    if ((r = aerocmd_priv_exec_charge(ctx, layout_bytes(count), "an input layout")) != AEROCMD_OK)
        return r;
    il = calloc(1, sizeof(*il));
    if (il != NULL)
        il->elements = calloc(count + 1u, sizeof(*il->elements));
    if (il == NULL || il->elements == NULL) {
        free(il);
        aerocmd_priv_exec_uncharge(ctx->ex, layout_bytes(count));
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                      "no memory for an input layout");
    }
    memcpy(il->elements, blob + 16, (size_t)count * 28u);
    il->count = count;
    for (i = 0; i < count && r == AEROCMD_OK; i++)
        r = check_element(ctx, i, &il->elements[i]);
    il->serial = ++ctx->ex->next_serial;
    if (r == AEROCMD_OK && aerocmd_priv_exec_insert(&ctx->ex->objects, p->input_layout_handle,
                                                    EXEC_OBJ_INPUT_LAYOUT, il) != 0)
        r = aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                   "no memory for the handle table");
    if (r != AEROCMD_OK) {
        free(il->elements);
        free(il);
        aerocmd_priv_exec_uncharge(ctx->ex, layout_bytes(count));
    }
    return r;
}

aerocmd_result aerocmd_priv_exec_destroy_layout_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_destroy_input_layout *p = AEROCMD_VIEW(
        ctx->packet, aerogpu_cmd_destroy_input_layout, AEROGPU_CMD_DESTROY_INPUT_LAYOUT);
    struct exec_object *o = aerocmd_priv_exec_need(ctx, p->input_layout_handle,
                                                   EXEC_OBJ_INPUT_LAYOUT, "DESTROY_INPUT_LAYOUT's");
    if (o == NULL)
        return ctx->err->result;
    aerocmd_priv_exec_unbind_everywhere(ctx->ex, p->input_layout_handle);
    aerocmd_priv_exec_uncharge(ctx->ex, layout_bytes(o->u.layout->count));
    free(o->u.layout->elements);
    free(o->u.layout);
    aerocmd_priv_exec_remove(&ctx->ex->objects, o);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_set_layout_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_set_input_layout *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_set_input_layout, AEROGPU_CMD_SET_INPUT_LAYOUT);
    if (p->input_layout_handle != 0 &&
        aerocmd_priv_exec_need(ctx, p->input_layout_handle, EXEC_OBJ_INPUT_LAYOUT,
                               "SET_INPUT_LAYOUT's") == NULL)
        return ctx->err->result;
    ctx->ex->state.input_layout = p->input_layout_handle;
    return AEROCMD_OK;
}

/* The vertex shader's input entry an element names; NULL when none. Fails (sets *r) when
 * two different names of the signature share the hash. */
static const struct exec_sig_element *
match_element(struct exec_ctx *ctx, const struct exec_shader *vs,
              const struct aerogpu_input_layout_element_dxgi *e, aerocmd_result *r)
{
    const struct exec_sig_element *found = NULL;
    uint32_t i;
    for (i = 0; i < vs->input_count; i++) {
        const struct exec_sig_element *in = &vs->inputs[i];
        if (in->sysval != 0 || aerocmd_priv_exec_fnv1a_upper(in->name) != e->semantic_name_hash)
            continue;
        if (found != NULL && strcmp(found->name, in->name) != 0) {
            *r = aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                        "semantic names %s and %s share the hash 0x%08x",
                                        found->name, in->name, e->semantic_name_hash);
            return NULL;
        }
        if (in->index == e->semantic_index)
            found = in;
    }
    return found;
}

static aerocmd_result every_input_fed(struct exec_ctx *ctx, const struct exec_shader *vs,
                                      const D3D12_INPUT_ELEMENT_DESC *elems, uint32_t count)
{
    uint32_t i, j;
    for (i = 0; i < vs->input_count; i++) {
        const struct exec_sig_element *in = &vs->inputs[i];
        int fed = in->sysval != 0;
        for (j = 0; j < count && !fed; j++)
            fed = elems[j].SemanticName == in->name && elems[j].SemanticIndex == in->index;
        if (!fed)
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                          "vertex shader input %s%u has no element in input "
                                          "layout h:%u",
                                          in->name, in->index, ctx->ex->state.input_layout);
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_resolve_layout(struct exec_ctx *ctx, const struct exec_shader *vs,
                                                D3D12_INPUT_ELEMENT_DESC *elems, uint32_t cap,
                                                uint32_t *count)
{
    struct exec_object *o = aerocmd_priv_exec_find(&ctx->ex->objects, ctx->ex->state.input_layout);
    const struct exec_input_layout *il =
        o != NULL && o->kind == EXEC_OBJ_INPUT_LAYOUT ? o->u.layout : NULL;
    aerocmd_result r = AEROCMD_OK;
    uint32_t i, n = 0, slot_end[EXEC_MAX_VBS];
    memset(slot_end, 0, sizeof(slot_end));
    for (i = 0; il != NULL && i < il->count && n < cap; i++) {
        const struct aerogpu_input_layout_element_dxgi *e = &il->elements[i];
        const struct exec_sig_element *in = match_element(ctx, vs, e, &r);
        uint32_t offset = e->aligned_byte_offset, bytes = 0;
        /* Append-aligned offsets follow every element of the slot, read or not. */
        if (offset == D3D12_APPEND_ALIGNED_ELEMENT)
            offset = slot_end[e->input_slot];
        aerocmd_dxgi_vertex_format(e->dxgi_format, &bytes);
        slot_end[e->input_slot] = offset + bytes;
        if (r != AEROCMD_OK)
            return r;
        if (in == NULL)
            continue;
        elems[n].SemanticName = in->name;
        elems[n].SemanticIndex = in->index;
        elems[n].Format = (DXGI_FORMAT)e->dxgi_format;
        elems[n].InputSlot = e->input_slot;
        elems[n].AlignedByteOffset = offset;
        elems[n].InputSlotClass = e->input_slot_class != 0
                                      ? D3D12_INPUT_CLASSIFICATION_PER_INSTANCE_DATA
                                      : D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA;
        elems[n].InstanceDataStepRate = e->instance_data_step_rate;
        n++;
    }
    *count = n;
    return every_input_fed(ctx, vs, elems, n);
}
