/* SPDX-License-Identifier: MIT */
/* exec_resource.c — buffers, textures, texture views and shared surfaces.
 *
 * A resource may be named by several handles (its creator's and IMPORT_SHARED_SURFACE
 * aliases) and kept alive by views and exported tokens; it goes when the last reference
 * does, and its D3D12 object is released after the next flush (recorded commands may still
 * use it). Buffers are created 256-byte rounded (constant-buffer views read whole 256-byte
 * units) and with UAV access; guest-backed resources start with their guest memory. */
#include <stdlib.h>
#include <string.h>

#include "aerocmd/format.h"
#include "exec_internal.h"

uint32_t aerocmd_priv_exec_subresource(const struct exec_resource *res, uint32_t mip,
                                       uint32_t layer)
{
    return mip + layer * (res->is_texture ? res->tex.mip_levels : 1u);
}

static struct exec_resource *new_resource(struct exec_ctx *ctx, uint32_t subresources,
                                          uint64_t budget)
{
    struct exec_resource *res = calloc(1, sizeof(*res));
    uint32_t i;
    if (res != NULL)
        res->states = calloc(subresources, sizeof(*res->states));
    if (res == NULL || res->states == NULL) {
        free(res);
        aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                               "no memory for a resource");
        return NULL;
    }
    if (aerocmd_priv_exec_charge(ctx, budget, "a resource") != AEROCMD_OK) {
        free(res->states);
        free(res);
        return NULL;
    }
    for (i = 0; i < subresources; i++)
        res->states[i] = D3D12_RESOURCE_STATE_COMMON;
    res->subresources = subresources;
    res->budget_bytes = budget;
    res->refs = 1;
    res->serial = ++ctx->ex->next_serial;
    return res;
}

void aerocmd_priv_exec_resource_unref(struct aerocmd_exec *ex, struct exec_resource *res)
{
    if (res == NULL || --res->refs != 0)
        return;
    aerocmd_priv_exec_defer_release(ex, (IUnknown *)res->res, res->budget_bytes);
    free(res->states);
    free(res);
}

/* Registers res under handle (as a buffer or texture) or drops it. */
static aerocmd_result publish(struct exec_ctx *ctx, uint32_t handle, struct exec_resource *res)
{
    if (aerocmd_priv_exec_insert(&ctx->ex->objects, handle,
                                 res->is_texture ? EXEC_OBJ_TEXTURE : EXEC_OBJ_BUFFER, res) != 0) {
        aerocmd_priv_exec_resource_unref(ctx->ex, res);
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                      "no memory for the handle table");
    }
    return AEROCMD_OK;
}

/* Fills a new guest-backed resource from its allocation. */
static aerocmd_result fill_from_guest(struct exec_ctx *ctx, struct exec_resource *res)
{
    const uint8_t *bytes;
    if (res->backing_alloc_id == 0)
        return AEROCMD_OK;
    bytes = aerocmd_priv_exec_backing(ctx, res, 0, res->size_bytes);
    if (bytes == NULL)
        return AEROCMD_E_MALFORMED;
    return aerocmd_priv_exec_write_bytes(ctx, res, 0, bytes, res->size_bytes);
}

aerocmd_result aerocmd_priv_exec_create_buffer_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_create_buffer *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_create_buffer, AEROGPU_CMD_CREATE_BUFFER);
    struct exec_resource *res;
    aerocmd_result r = aerocmd_priv_exec_check_new(ctx, p->buffer_handle);
    HRESULT hr = S_OK;
    if (r != AEROCMD_OK)
        return r;
    /* the validator holds the size to 4 .. 2^31 bytes, a multiple of 4 */
    res = new_resource(ctx, 1, ((p->size_bytes + 255u) & ~255ull) + EXEC_RESOURCE_OVERHEAD);
    if (res == NULL)
        return ctx->err->result;
    res->size_bytes = p->size_bytes;
    res->backing_alloc_id = p->backing_alloc_id;
    res->backing_offset = p->backing_offset_bytes;
    if (ctx->ex->gpu.device != NULL) {
        res->res = aerocmd_priv_exec_create_buffer(
            ctx->ex, D3D12_HEAP_TYPE_DEFAULT, (p->size_bytes + 255u) & ~255ull,
            D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COMMON, &hr);
        if (res->res == NULL) {
            aerocmd_priv_exec_resource_unref(ctx->ex, res);
            return aerocmd_priv_exec_hr(ctx, hr, "creating a buffer");
        }
    }
    res->fresh = p->backing_alloc_id == 0;
    r = fill_from_guest(ctx, res);
    if (r != AEROCMD_OK) {
        aerocmd_priv_exec_resource_unref(ctx->ex, res);
        return r;
    }
    return publish(ctx, p->buffer_handle, res);
}

/* The texture's layout. The validator holds the description to Direct3D's rules (a known
 * format, 16384 texels a side, 2048 layers, at most the full mip chain, BC in whole 4x4
 * blocks, a backed texture's pitch at least tight), run before every submission. */
static aerocmd_result texture_layout(struct exec_ctx *ctx,
                                     const struct aerogpu_cmd_create_texture2d *p,
                                     struct exec_format *f, struct aerocmd_texture_layout *layout)
{
    struct aerocmd_texture_layout_desc d;
    aerocmd_priv_exec_format(p->format, f);
    d.format = p->format, d.width = p->width, d.height = p->height;
    d.mip_levels = p->mip_levels, d.array_layers = p->array_layers;
    d.row_pitch_bytes = p->backing_alloc_id != 0 ? p->row_pitch_bytes : 0;
    if (aerocmd_texture_layout(&d, layout, NULL) != AEROCMD_OK)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "row pitch %u is below the tight pitch or the layout does "
                                      "not fit 32 bits",
                                      p->row_pitch_bytes);
    return AEROCMD_OK;
}

/* Bytes of a texture as Direct3D 12 stores it: emulated 16-bit formats take more per
 * texel than the guest layout. */
static uint64_t storage_bytes(uint32_t format, const struct aerocmd_texture_layout *layout)
{
    uint64_t per = aerocmd_priv_exec_storage_bytes(format, layout->block_bytes);
    return per <= layout->block_bytes ? (uint64_t)layout->total_bytes
                                      : (uint64_t)layout->total_bytes / layout->block_bytes * per;
}

static HRESULT create_texture(struct aerocmd_exec *ex, const struct aerogpu_cmd_create_texture2d *p,
                              const struct exec_format *f, ID3D12Resource **out)
{
    D3D12_HEAP_PROPERTIES props;
    D3D12_RESOURCE_DESC desc;
    memset(&props, 0, sizeof(props));
    props.Type = D3D12_HEAP_TYPE_DEFAULT;
    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = p->width;
    desc.Height = p->height;
    desc.DepthOrArraySize = (UINT16)p->array_layers;
    desc.MipLevels = (UINT16)p->mip_levels;
    desc.Format = f->storage;
    desc.SampleDesc.Count = 1;
    desc.Flags = f->is_depth   ? D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL
                 : f->is_block ? D3D12_RESOURCE_FLAG_NONE
                               : D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    return ID3D12Device_CreateCommittedResource(ex->gpu.device, &props, D3D12_HEAP_FLAG_NONE, &desc,
                                                D3D12_RESOURCE_STATE_COMMON, NULL,
                                                &IID_ID3D12Resource, (void **)out);
}

aerocmd_result aerocmd_priv_exec_create_texture_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_create_texture2d *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_create_texture2d, AEROGPU_CMD_CREATE_TEXTURE2D);
    struct aerocmd_texture_layout layout;
    struct exec_format f;
    struct exec_resource *res;
    HRESULT hr;
    aerocmd_result r = aerocmd_priv_exec_check_new(ctx, p->texture_handle);
    if (r != AEROCMD_OK || (r = texture_layout(ctx, p, &f, &layout)) != AEROCMD_OK)
        return r;
    res = new_resource(ctx, layout.subresource_count,
                       storage_bytes(p->format, &layout) + EXEC_RESOURCE_OVERHEAD);
    if (res == NULL)
        return ctx->err->result;
    res->is_texture = 1;
    res->size_bytes = layout.total_bytes;
    res->tex.format = p->format, res->tex.width = p->width, res->tex.height = p->height;
    res->tex.mip_levels = p->mip_levels, res->tex.array_layers = p->array_layers;
    res->tex.row_pitch_bytes = p->backing_alloc_id != 0 ? p->row_pitch_bytes : 0;
    res->backing_alloc_id = p->backing_alloc_id;
    res->backing_offset = p->backing_offset_bytes;
    if (ctx->ex->gpu.device != NULL && FAILED(hr = create_texture(ctx->ex, p, &f, &res->res))) {
        res->res = NULL;
        aerocmd_priv_exec_resource_unref(ctx->ex, res);
        return aerocmd_priv_exec_hr(ctx, hr, "creating a texture");
    }
    res->fresh = p->backing_alloc_id == 0;
    r = fill_from_guest(ctx, res);
    if (r != AEROCMD_OK) {
        aerocmd_priv_exec_resource_unref(ctx->ex, res);
        return r;
    }
    return publish(ctx, p->texture_handle, res);
}

aerocmd_result aerocmd_priv_exec_destroy_resource_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_destroy_resource *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_destroy_resource, AEROGPU_CMD_DESTROY_RESOURCE);
    struct exec_object *o = aerocmd_priv_exec_find(&ctx->ex->objects, p->resource_handle);
    struct exec_resource *res;
    if (o == NULL || (o->kind != EXEC_OBJ_BUFFER && o->kind != EXEC_OBJ_TEXTURE))
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED,
                                      o == NULL ? AEROCMD_R_HANDLE_UNKNOWN : AEROCMD_R_HANDLE_KIND,
                                      "h:%u is not a live buffer or texture", p->resource_handle);
    res = o->u.res;
    aerocmd_priv_exec_unbind_everywhere(ctx->ex, p->resource_handle);
    aerocmd_priv_exec_remove(&ctx->ex->objects, o);
    aerocmd_priv_exec_resource_unref(ctx->ex, res);
    return AEROCMD_OK;
}

int aerocmd_priv_exec_texture_ref(struct aerocmd_exec *ex, uint32_t handle,
                                  struct exec_texture_ref *out)
{
    struct exec_object *o = aerocmd_priv_exec_find(&ex->objects, handle);
    if (o == NULL)
        return -1;
    if (o->kind == EXEC_OBJ_TEXTURE) {
        out->res = o->u.res;
        out->format = o->u.res->tex.format;
        out->base_mip = 0, out->mip_count = o->u.res->tex.mip_levels;
        out->base_layer = 0, out->layer_count = o->u.res->tex.array_layers;
        return 0;
    }
    if (o->kind == EXEC_OBJ_VIEW) {
        const struct exec_view *v = o->u.view;
        out->res = v->res;
        out->format = v->format;
        out->base_mip = v->base_mip, out->mip_count = v->mip_count;
        out->base_layer = v->base_layer, out->layer_count = v->layer_count;
        return 0;
    }
    return -1;
}

aerocmd_result aerocmd_priv_exec_create_view_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_create_texture_view *p =
        AEROCMD_VIEW(ctx->packet, aerogpu_cmd_create_texture_view, AEROGPU_CMD_CREATE_TEXTURE_VIEW);
    struct exec_object *o;
    struct exec_resource *res;
    struct exec_view *v;
    const struct aerocmd_texture_layout_desc *t;
    aerocmd_result r = aerocmd_priv_exec_check_new(ctx, p->view_handle);
    if (r != AEROCMD_OK)
        return r;
    o = aerocmd_priv_exec_need(ctx, p->texture_handle, EXEC_OBJ_TEXTURE, "the viewed texture");
    if (o == NULL)
        return ctx->err->result;
    /* o points into the handle table, which the insert below may move: keep the resource. */
    res = o->u.res;
    t = &res->tex;
    if (p->mip_level_count == 0 || p->base_mip_level >= t->mip_levels ||
        p->mip_level_count > t->mip_levels - p->base_mip_level || p->array_layer_count == 0 ||
        p->base_array_layer >= t->array_layers ||
        p->array_layer_count > t->array_layers - p->base_array_layer)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_VIEW_OUT_OF_RANGE,
                                      "mips %u+%u, layers %u+%u outside h:%u's %u mips, %u layers",
                                      p->base_mip_level, p->mip_level_count, p->base_array_layer,
                                      p->array_layer_count, p->texture_handle, t->mip_levels,
                                      t->array_layers);
    /* the validator's rule (view_format); reached only when its tracker was given up */
    if (p->format != 0 && !aerocmd_format_view_compatible(t->format, p->format))
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_VIEW_FORMAT,
                                      "a %s view of a %s texture reinterprets different bytes",
                                      aerocmd_priv_exec_format_name(p->format),
                                      aerocmd_priv_exec_format_name(t->format));
    if ((r = aerocmd_priv_exec_charge(ctx, EXEC_OBJECT_BYTES, "a view")) != AEROCMD_OK)
        return r;
    v = calloc(1, sizeof(*v));
    if (v == NULL ||
        aerocmd_priv_exec_insert(&ctx->ex->objects, p->view_handle, EXEC_OBJ_VIEW, v) != 0) {
        free(v);
        aerocmd_priv_exec_uncharge(ctx->ex, EXEC_OBJECT_BYTES);
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                      "no memory for a view");
    }
    v->res = res;
    res->refs++;
    v->format = p->format != 0 ? p->format : t->format;
    v->base_mip = p->base_mip_level, v->mip_count = p->mip_level_count;
    v->base_layer = p->base_array_layer, v->layer_count = p->array_layer_count;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_destroy_view_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_destroy_texture_view *p = AEROCMD_VIEW(
        ctx->packet, aerogpu_cmd_destroy_texture_view, AEROGPU_CMD_DESTROY_TEXTURE_VIEW);
    struct exec_object *o = aerocmd_priv_exec_find(&ctx->ex->objects, p->view_handle);
    struct exec_view *v;
    if (o == NULL || o->kind != EXEC_OBJ_VIEW)
        return AEROCMD_OK; /* RULES.md: destroying an unknown view is a no-op */
    v = o->u.view;
    aerocmd_priv_exec_unbind_everywhere(ctx->ex, p->view_handle);
    aerocmd_priv_exec_remove(&ctx->ex->objects, o);
    aerocmd_priv_exec_resource_unref(ctx->ex, v->res);
    aerocmd_priv_exec_uncharge(ctx->ex, EXEC_OBJECT_BYTES);
    free(v);
    return AEROCMD_OK;
}

/* ---- shared surfaces ----------------------------------------------------------------------- */

static int share_index(const struct aerocmd_exec *ex, uint64_t token)
{
    uint32_t i;
    for (i = 0; i < ex->share_count; i++)
        if (ex->shares[i].token == token)
            return (int)i;
    return -1;
}

static int token_retired(const struct aerocmd_exec *ex, uint64_t token)
{
    uint32_t i;
    for (i = 0; i < ex->retired_count; i++)
        if (ex->retired_tokens[i] == token)
            return 1;
    return 0;
}

aerocmd_result aerocmd_priv_exec_export_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_export_shared_surface *p = AEROCMD_VIEW(
        ctx->packet, aerogpu_cmd_export_shared_surface, AEROGPU_CMD_EXPORT_SHARED_SURFACE);
    struct aerocmd_exec *ex = ctx->ex;
    struct exec_object *o = aerocmd_priv_exec_find(&ex->objects, p->resource_handle);
    int at;
    if (o == NULL || (o->kind != EXEC_OBJ_BUFFER && o->kind != EXEC_OBJ_TEXTURE))
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_UNKNOWN,
                                      "h:%u is not a live buffer or texture", p->resource_handle);
    if (p->share_token == 0 || token_retired(ex, p->share_token))
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_FIELD_INVALID,
                                      "share token 0x%llx is zero or was released",
                                      (unsigned long long)p->share_token);
    at = share_index(ex, p->share_token);
    if (at >= 0)
        return ex->shares[at].res == o->u.res
                   ? AEROCMD_OK
                   : aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_HANDLE_EXISTS,
                                            "share token 0x%llx already names another resource",
                                            (unsigned long long)p->share_token);
    if (ex->share_count == ex->share_cap) {
        uint32_t cap = ex->share_cap == 0 ? 16u : ex->share_cap * 2u;
        void *grown = realloc(ex->shares, (size_t)cap * sizeof(*ex->shares));
        if (grown == NULL)
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                          "no memory for a share token");
        ex->shares = grown;
        ex->share_cap = cap;
    }
    ex->shares[ex->share_count].token = p->share_token;
    ex->shares[ex->share_count++].res = o->u.res;
    o->u.res->refs++;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_import_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_import_shared_surface *p = AEROCMD_VIEW(
        ctx->packet, aerogpu_cmd_import_shared_surface, AEROGPU_CMD_IMPORT_SHARED_SURFACE);
    struct aerocmd_exec *ex = ctx->ex;
    struct exec_resource *res;
    aerocmd_result r = aerocmd_priv_exec_check_new(ctx, p->out_resource_handle);
    int at = share_index(ex, p->share_token);
    if (r != AEROCMD_OK)
        return r;
    /* the validator's rule (share_token_unknown); reached only when its tracker was given up */
    if (at < 0)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_MALFORMED, AEROCMD_R_SHARE_TOKEN_UNKNOWN,
                                      "share token 0x%llx is not exported",
                                      (unsigned long long)p->share_token);
    res = ex->shares[at].res;
    res->refs++;
    return publish(ctx, p->out_resource_handle, res);
}

aerocmd_result aerocmd_priv_exec_release_packet(struct exec_ctx *ctx)
{
    const struct aerogpu_cmd_release_shared_surface *p = AEROCMD_VIEW(
        ctx->packet, aerogpu_cmd_release_shared_surface, AEROGPU_CMD_RELEASE_SHARED_SURFACE);
    struct aerocmd_exec *ex = ctx->ex;
    int at = share_index(ex, p->share_token);
    if (!token_retired(ex, p->share_token)) {
        if (ex->retired_count == ex->retired_cap) {
            uint32_t cap = ex->retired_cap == 0 ? 16u : ex->retired_cap * 2u;
            uint64_t *grown = realloc(ex->retired_tokens, (size_t)cap * sizeof(*grown));
            if (grown == NULL)
                return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                              "no memory for a released token");
            ex->retired_tokens = grown;
            ex->retired_cap = cap;
        }
        ex->retired_tokens[ex->retired_count++] = p->share_token;
    }
    if (at >= 0) {
        struct exec_resource *res = ex->shares[at].res;
        ex->shares[at] = ex->shares[--ex->share_count];
        aerocmd_priv_exec_resource_unref(ex, res);
    }
    return AEROCMD_OK;
}

/* ---- unbinding ------------------------------------------------------------------------------ */

static void unbind_stage(struct exec_stage_bind *sb, uint32_t handle)
{
    uint32_t i;
    for (i = 0; i < EXEC_MAX_CBS; i++)
        if (sb->cbs[i].handle == handle)
            sb->cbs[i].handle = 0, sb->table_dirty = 1;
    for (i = 0; i < EXEC_MAX_SRVS; i++)
        if (sb->srvs[i].handle == handle)
            sb->srvs[i].handle = 0, sb->table_dirty = 1;
    for (i = 0; i < EXEC_MAX_UAVS; i++)
        if (sb->uavs[i].handle == handle)
            sb->uavs[i].handle = 0, sb->table_dirty = 1;
    for (i = 0; i < EXEC_MAX_SAMPLERS; i++)
        if (sb->samplers[i] == handle)
            sb->samplers[i] = 0, sb->samplers_dirty = 1;
}

static void unbind_in_state(struct exec_state *s, uint32_t handle)
{
    uint32_t i, *shaders[6];
    shaders[0] = &s->vs, shaders[1] = &s->ps, shaders[2] = &s->gs;
    shaders[3] = &s->cs, shaders[4] = &s->hs, shaders[5] = &s->ds;
    for (i = 0; i < EXEC_STAGES; i++)
        unbind_stage(&s->stages[i], handle);
    for (i = 0; i < EXEC_MAX_RTS; i++)
        if (s->rts[i] == handle)
            s->rts[i] = 0;
    if (s->dsv == handle)
        s->dsv = 0;
    for (i = 0; i < EXEC_MAX_VBS; i++)
        if (s->vbs[i].buffer == handle)
            s->vbs[i].buffer = 0;
    if (s->ib == handle)
        s->ib = 0;
    if (s->input_layout == handle)
        s->input_layout = 0;
    for (i = 0; i < 6; i++)
        if (*shaders[i] == handle) {
            *shaders[i] = 0;
            s->stages[i < EXEC_STAGES ? i : 0].table_dirty = 1;
        }
}

/* Every context's bindings of the handle go (exec_context.c). */
void aerocmd_priv_exec_unbind_everywhere(struct aerocmd_exec *ex, uint32_t handle)
{
    aerocmd_priv_exec_each_state(ex, unbind_in_state, handle);
}
