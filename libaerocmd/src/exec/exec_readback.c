/* SPDX-License-Identifier: MIT */
/* exec_readback.c — reading resources back: one subresource or a buffer range is copied
 * into a readback buffer, the GPU is flushed, and the bytes come back tight. Texels are
 * also converted to RGBA8 and float by their format's meaning. PRESENT captures the first
 * non-zero render target bound when it runs (RULES.md). */
#include <stdlib.h>
#include <string.h>

#include "exec_internal.h"

void aerocmd_exec_image_release(struct aerocmd_exec_image *image)
{
    if (image == NULL)
        return;
    free(image->rgba8);
    free(image->rgba32f);
    free(image->raw);
    image->rgba8 = NULL;
    image->rgba32f = NULL;
    image->raw = NULL;
}

static uint8_t to8(uint32_t v, uint32_t max)
{
    return (uint8_t)((v * 255u + max / 2u) / max);
}

/* One texel of `format` at p into rgba8 and float. */
static void convert_texel(uint32_t format, const uint8_t *p, uint8_t *c8, float *cf)
{
    uint32_t v, i, max[4] = {255, 255, 255, 255}, ch[4] = {0, 0, 0, 255};
    struct exec_format f;
    aerocmd_priv_exec_format(format, &f);
    switch (format) {
    case AEROGPU_FORMAT_B5G6R5_UNORM:
        v = (uint32_t)p[0] | ((uint32_t)p[1] << 8);
        ch[0] = v >> 11, ch[1] = (v >> 5) & 63u, ch[2] = v & 31u, ch[3] = 1;
        max[0] = max[2] = 31, max[1] = 63, max[3] = 1;
        break;
    case AEROGPU_FORMAT_B5G5R5A1_UNORM:
        v = (uint32_t)p[0] | ((uint32_t)p[1] << 8);
        ch[0] = (v >> 10) & 31u, ch[1] = (v >> 5) & 31u, ch[2] = v & 31u, ch[3] = v >> 15;
        max[0] = max[1] = max[2] = 31, max[3] = 1;
        break;
    case AEROGPU_FORMAT_D24_UNORM_S8_UINT:
        memcpy(&v, p, 4);
        cf[0] = (float)(v & 0xFFFFFFu) / 16777215.0f;
        cf[1] = (float)(v >> 24), cf[2] = 0.0f, cf[3] = 1.0f;
        c8[0] = c8[1] = c8[2] = to8(v & 0xFFFFFFu, 0xFFFFFFu), c8[3] = 255;
        return;
    case AEROGPU_FORMAT_D32_FLOAT:
        memcpy(&cf[0], p, 4);
        cf[1] = cf[2] = 0.0f, cf[3] = 1.0f;
        c8[0] = c8[1] = c8[2] = (uint8_t)(cf[0] <= 0.0f   ? 0
                                          : cf[0] >= 1.0f ? 255
                                                          : cf[0] * 255.0f + 0.5f);
        c8[3] = 255;
        return;
    default: /* 8-bit channels, RGBA or BGRA order */
        if (f.view == DXGI_FORMAT_B8G8R8A8_UNORM || f.view == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB)
            ch[0] = p[2], ch[1] = p[1], ch[2] = p[0], ch[3] = p[3];
        else
            ch[0] = p[0], ch[1] = p[1], ch[2] = p[2], ch[3] = p[3];
        break;
    }
    if (f.no_alpha)
        ch[3] = max[3];
    for (i = 0; i < 4; i++) {
        c8[i] = max[i] == 255u ? (uint8_t)ch[i] : to8(ch[i], max[i]);
        cf[i] = (float)ch[i] / (float)max[i];
    }
}

static aerocmd_result convert(struct aerocmd_exec_image *img)
{
    struct exec_format f;
    uint32_t x, y, bpp = img->raw_row_bytes / (img->width != 0 ? img->width : 1u);
    aerocmd_priv_exec_format(img->format, &f);
    if (f.is_block)
        return AEROCMD_OK;
    img->rgba8 = malloc((size_t)img->width * img->height * 4u);
    img->rgba32f = malloc((size_t)img->width * img->height * 4u * sizeof(float));
    if (img->rgba8 == NULL || img->rgba32f == NULL)
        return AEROCMD_E_OUT_OF_MEMORY;
    for (y = 0; y < img->height; y++)
        for (x = 0; x < img->width; x++) {
            size_t at = (size_t)y * img->width + x;
            convert_texel(img->format, img->raw + (size_t)y * img->raw_row_bytes + (size_t)x * bpp,
                          img->rgba8 + at * 4u, img->rgba32f + at * 4u);
        }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_exec_image_from_texels(uint32_t format, uint32_t width, uint32_t height,
                                              const void *texels, uint32_t row_pitch, size_t size,
                                              struct aerocmd_exec_image *out)
{
    struct aerocmd_texture_layout_desc d;
    struct aerocmd_subresource_layout sub;
    struct exec_format f;
    uint32_t y;
    if (out == NULL)
        return AEROCMD_E_INVALID_ARG;
    memset(out, 0, sizeof(*out));
    memset(&d, 0, sizeof(d));
    d.format = format, d.width = width, d.height = height;
    d.mip_levels = 1, d.array_layers = 1, d.row_pitch_bytes = row_pitch;
    if (texels == NULL || aerocmd_priv_exec_format(format, &f) != 0 ||
        aerocmd_texture_subresource(&d, 0, &sub, NULL) != AEROCMD_OK ||
        size < (uint64_t)sub.row_pitch_bytes * (sub.rows - 1u) + sub.row_bytes)
        return AEROCMD_E_INVALID_ARG;
    out->format = format;
    out->width = width, out->height = height;
    out->raw_row_bytes = sub.row_bytes, out->raw_rows = sub.rows;
    out->raw = malloc((size_t)sub.row_bytes * sub.rows);
    for (y = 0; out->raw != NULL && y < sub.rows; y++)
        memcpy(out->raw + (size_t)y * sub.row_bytes,
               (const uint8_t *)texels + (size_t)y * sub.row_pitch_bytes, sub.row_bytes);
    if (out->raw == NULL || convert(out) != AEROCMD_OK) {
        aerocmd_exec_image_release(out);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    return AEROCMD_OK;
}

/* Records a copy into a new readback buffer, flushes, and maps it. */
static aerocmd_result readback(struct exec_ctx *ctx, uint64_t size, ID3D12Resource **buf,
                               void (*record)(struct exec_ctx *, ID3D12Resource *, void *),
                               void *user, uint8_t **map)
{
    struct aerocmd_exec *ex = ctx->ex;
    D3D12_RANGE all;
    HRESULT hr = S_OK;
    *buf = aerocmd_priv_exec_create_buffer(ex, D3D12_HEAP_TYPE_READBACK, size,
                                           D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_COPY_DEST,
                                           &hr);
    if (*buf == NULL)
        return aerocmd_priv_exec_hr(ctx, hr, "creating a readback buffer");
    record(ctx, *buf, user);
    ex->gpu.recorded = 1;
    if (aerocmd_priv_exec_flush(ex) != AEROCMD_OK) {
        IUnknown_Release((IUnknown *)*buf);
        return aerocmd_priv_exec_hr(ctx, E_FAIL, "executing the command list");
    }
    all.Begin = 0;
    all.End = (SIZE_T)size;
    hr = ID3D12Resource_Map(*buf, 0, &all, (void **)map);
    if (FAILED(hr)) {
        IUnknown_Release((IUnknown *)*buf);
        return aerocmd_priv_exec_hr(ctx, hr, "mapping a readback buffer");
    }
    return AEROCMD_OK;
}

struct texture_copy {
    struct exec_resource *res;
    uint32_t index;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
};

static void record_texture_copy(struct exec_ctx *ctx, ID3D12Resource *buf, void *user)
{
    struct texture_copy *c = user;
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    memset(&dst, 0, sizeof(dst));
    memset(&src, 0, sizeof(src));
    dst.pResource = buf;
    dst.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    dst.PlacedFootprint = c->fp;
    src.pResource = c->res->res;
    src.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    src.SubresourceIndex = c->index;
    aerocmd_priv_exec_transition(ctx->ex, c->res, c->index, 1, D3D12_RESOURCE_STATE_COPY_SOURCE);
    ID3D12GraphicsCommandList_CopyTextureRegion(ctx->ex->gpu.list, &dst, 0, 0, 0, &src, NULL);
}

/* The mapped rows (pitch apart) as the guest stores them, tight, into out->raw. */
static void take_rows(struct aerocmd_exec_image *out, uint32_t format,
                      const struct aerocmd_subresource_layout *sub, const uint8_t *map,
                      uint32_t pitch, uint32_t texels, uint32_t block_bytes)
{
    uint32_t y;
    out->raw_row_bytes = sub->row_bytes, out->raw_rows = sub->rows;
    out->raw = malloc((size_t)sub->row_bytes * sub->rows);
    for (y = 0; out->raw != NULL && y < sub->rows; y++)
        aerocmd_priv_exec_from_storage(format, map + (size_t)y * pitch,
                                       out->raw + (size_t)y * sub->row_bytes, texels, block_bytes);
}

aerocmd_result aerocmd_priv_exec_read_subresource(struct exec_ctx *ctx, struct exec_resource *res,
                                                  uint32_t format, uint32_t mip, uint32_t layer,
                                                  struct aerocmd_exec_image *out)
{
    struct aerocmd_texture_layout_desc tight = res->tex;
    struct aerocmd_subresource_layout sub;
    struct texture_copy c;
    struct exec_format f;
    ID3D12Resource *buf;
    uint8_t *map;
    uint32_t texels, block_bytes;
    uint64_t size, images;
    aerocmd_result r;
    memset(out, 0, sizeof(*out));
    if (ctx->ex->gpu.device == NULL)
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_NOT_IMPLEMENTED, AEROCMD_R_NONE,
                                      "a dry run has no pixels");
    tight.row_pitch_bytes = 0;
    c.res = res;
    c.index = aerocmd_priv_exec_subresource(res, mip, layer);
    aerocmd_texture_subresource(&tight, c.index, &sub, NULL);
    aerocmd_priv_exec_format(res->tex.format, &f);
    block_bytes = sub.row_bytes / (f.is_block ? (sub.width + 3u) / 4u : sub.width);
    memset(&c.fp, 0, sizeof(c.fp));
    c.fp.Footprint.Format = f.storage;
    c.fp.Footprint.Width = f.is_block ? (sub.width + 3u) & ~3u : sub.width;
    c.fp.Footprint.Height = f.is_block ? sub.rows * 4u : sub.rows;
    c.fp.Footprint.Depth = 1;
    texels = sub.row_bytes / block_bytes;
    c.fp.Footprint.RowPitch =
        (texels * aerocmd_priv_exec_storage_bytes(res->tex.format, block_bytes) + 255u) & ~255u;
    size = (uint64_t)c.fp.Footprint.RowPitch * sub.rows;
    images = (uint64_t)sub.row_bytes * sub.rows +
             (f.is_block ? 0 : (uint64_t)sub.width * sub.height * (4u + 4u * sizeof(float)));
    if ((r = aerocmd_priv_exec_charge(ctx, size + images, "a readback and its images")) !=
        AEROCMD_OK)
        return r;
    r = readback(ctx, size, &buf, record_texture_copy, &c, &map);
    aerocmd_priv_exec_uncharge(ctx->ex, r == AEROCMD_OK ? size : size + images);
    if (r != AEROCMD_OK)
        return r;
    out->format = format;
    out->width = sub.width, out->height = sub.height;
    out->mip_level = mip, out->array_layer = layer;
    take_rows(out, res->tex.format, &sub, map, c.fp.Footprint.RowPitch, texels, block_bytes);
    ID3D12Resource_Unmap(buf, 0, NULL);
    IUnknown_Release((IUnknown *)buf);
    if (out->raw == NULL || convert(out) != AEROCMD_OK) {
        aerocmd_exec_image_release(out);
        aerocmd_priv_exec_uncharge(ctx->ex, images);
        return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                      "no memory for a %ux%u image", sub.width, sub.height);
    }
    return AEROCMD_OK; /* the images stay counted: aerocmd_priv_exec_image_drop */
}

struct buffer_copy {
    struct exec_resource *res;
    uint64_t offset, size;
};

static void record_buffer_copy(struct exec_ctx *ctx, ID3D12Resource *buf, void *user)
{
    struct buffer_copy *c = user;
    aerocmd_priv_exec_transition(ctx->ex, c->res, 0, 1, D3D12_RESOURCE_STATE_GENERIC_READ);
    ID3D12GraphicsCommandList_CopyBufferRegion(ctx->ex->gpu.list, buf, 0, c->res->res, c->offset,
                                               c->size);
}

aerocmd_result aerocmd_priv_exec_read_buffer_range(struct exec_ctx *ctx, struct exec_resource *res,
                                                   uint64_t offset, uint64_t size, void *out)
{
    struct buffer_copy c;
    ID3D12Resource *buf;
    uint8_t *map;
    aerocmd_result r;
    if (out == NULL)
        return ctx->err->result; /* the caller's guest range failed and said why */
    if (ctx->ex->gpu.device == NULL || size == 0)
        return AEROCMD_OK;
    c.res = res, c.offset = offset, c.size = size;
    if ((r = aerocmd_priv_exec_charge(ctx, size, "a readback")) != AEROCMD_OK)
        return r;
    r = readback(ctx, size, &buf, record_buffer_copy, &c, &map);
    if (r == AEROCMD_OK) {
        memcpy(out, map, (size_t)size);
        ID3D12Resource_Unmap(buf, 0, NULL);
        IUnknown_Release((IUnknown *)buf);
    }
    aerocmd_priv_exec_uncharge(ctx->ex, size);
    return r;
}

/* ---- present ----------------------------------------------------------------------------------
 */

/* Room for one more present record. */
static aerocmd_result present_slot(struct exec_ctx *ctx)
{
    struct aerocmd_exec *ex = ctx->ex;
    if (ex->present_count == ex->present_cap) {
        uint32_t cap = ex->present_cap == 0 ? 8u : ex->present_cap * 2u;
        struct aerocmd_exec_present *grown = realloc(ex->presents, (size_t)cap * sizeof(*grown));
        if (grown == NULL)
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                          "no memory for a present");
        ex->presents = grown;
        ex->present_cap = cap;
    }
    return aerocmd_priv_exec_charge(ctx, sizeof(*ex->presents), "a present's record");
}

/* Hands the present to the present hook and drops it at once (a run that hands its
 * presents out holds none of them); kept when no hook is set. */
static void deliver(struct aerocmd_exec *ex, struct aerocmd_exec_present *pr)
{
    if (ex->hooks.present == NULL) {
        ex->present_count++;
        return;
    }
    ex->hooks.present(ex->hooks.user, pr);
    aerocmd_priv_exec_image_drop(ex, &pr->image);
    aerocmd_priv_exec_uncharge(ex, sizeof(*pr));
}

aerocmd_result aerocmd_priv_exec_present_packet(struct exec_ctx *ctx)
{
    struct aerocmd_exec *ex = ctx->ex;
    struct aerocmd_exec_present *pr;
    struct exec_texture_ref ref;
    uint32_t i, h = 0;
    aerocmd_result r = present_slot(ctx);
    if (r != AEROCMD_OK)
        return r;
    pr = &ex->presents[ex->present_count];
    memset(pr, 0, sizeof(*pr));
    pr->submission = ex->submission;
    pr->offset = ctx->packet->offset;
    for (i = 0; i < ex->state.rt_count && h == 0; i++)
        h = ex->state.rts[i];
    if (h != 0 && aerocmd_priv_exec_texture_ref(ex, h, &ref) == 0) {
        if (ex->gpu.device != NULL)
            r = aerocmd_priv_exec_read_subresource(ctx, ref.res, ref.format, ref.base_mip,
                                                   ref.base_layer, &pr->image);
        pr->image.handle = h;
        pr->image.format = ref.format;
        pr->image.mip_level = ref.base_mip, pr->image.array_layer = ref.base_layer;
        pr->image.width = ref.res->tex.width >> ref.base_mip;
        pr->image.height = ref.res->tex.height >> ref.base_mip;
        pr->image.width += pr->image.width == 0, pr->image.height += pr->image.height == 0;
    }
    if (r != AEROCMD_OK) {
        aerocmd_priv_exec_uncharge(ex, sizeof(*pr));
        return r;
    }
    deliver(ex, pr);
    return AEROCMD_OK;
}

/* ---- public reads ------------------------------------------------------------------------------
 */

/* A context for work outside any packet; its errors go to err. */
static struct exec_ctx outside_packets(struct aerocmd_exec *ex, struct aerocmd_exec_error *err)
{
    struct exec_ctx ctx;
    memset(&ctx, 0, sizeof(ctx));
    memset(err, 0, sizeof(*err));
    ctx.ex = ex;
    ctx.err = err;
    return ctx;
}

aerocmd_result aerocmd_exec_read_texture(struct aerocmd_exec *ex, uint32_t handle,
                                         uint32_t mip_level, uint32_t array_layer,
                                         struct aerocmd_exec_image *out)
{
    struct aerocmd_exec_error err;
    struct exec_ctx ctx;
    struct exec_texture_ref ref;
    aerocmd_result r;
    if (ex == NULL || out == NULL || aerocmd_priv_exec_texture_ref(ex, handle, &ref) != 0 ||
        mip_level >= ref.mip_count || array_layer >= ref.layer_count)
        return AEROCMD_E_INVALID_ARG;
    if (ex->gpu.device == NULL)
        return AEROCMD_E_NOT_IMPLEMENTED;
    ctx = outside_packets(ex, &err);
    r = aerocmd_priv_exec_read_subresource(&ctx, ref.res, ref.format, ref.base_mip + mip_level,
                                           ref.base_layer + array_layer, out);
    if (r == AEROCMD_OK) { /* the caller's from now on */
        out->handle = handle;
        aerocmd_priv_exec_uncharge(ex, aerocmd_priv_exec_image_bytes(out));
    }
    return r;
}

aerocmd_result aerocmd_exec_read_buffer(struct aerocmd_exec *ex, uint32_t handle, uint64_t offset,
                                        uint64_t size, void *out)
{
    struct aerocmd_exec_error err;
    struct exec_ctx ctx;
    struct exec_object *o = ex != NULL ? aerocmd_priv_exec_find(&ex->objects, handle) : NULL;
    if (o == NULL || o->kind != EXEC_OBJ_BUFFER || out == NULL || offset > o->u.res->size_bytes ||
        size > o->u.res->size_bytes - offset)
        return AEROCMD_E_INVALID_ARG;
    if (ex->gpu.device == NULL)
        return AEROCMD_E_NOT_IMPLEMENTED;
    ctx = outside_packets(ex, &err);
    return aerocmd_priv_exec_read_buffer_range(&ctx, o->u.res, offset, size, out);
}

aerocmd_result aerocmd_exec_resource_info(const struct aerocmd_exec *ex, uint32_t handle,
                                          struct aerocmd_exec_resource_info *out)
{
    struct exec_object *o =
        ex != NULL ? aerocmd_priv_exec_find((struct exec_objects *)&ex->objects, handle) : NULL;
    struct exec_texture_ref ref;
    if (o == NULL || out == NULL)
        return AEROCMD_E_INVALID_ARG;
    memset(out, 0, sizeof(*out));
    if (o->kind == EXEC_OBJ_BUFFER) {
        out->size_bytes = o->u.res->size_bytes;
        return AEROCMD_OK;
    }
    if (aerocmd_priv_exec_texture_ref((struct aerocmd_exec *)ex, handle, &ref) != 0)
        return AEROCMD_E_INVALID_ARG;
    out->is_texture = 1;
    out->size_bytes = ref.res->size_bytes;
    out->format = ref.format;
    out->width = ref.res->tex.width >> ref.base_mip;
    out->height = ref.res->tex.height >> ref.base_mip;
    out->width += out->width == 0, out->height += out->height == 0;
    out->mip_levels = ref.mip_count;
    out->array_layers = ref.layer_count;
    return AEROCMD_OK;
}
