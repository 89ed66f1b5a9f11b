/* SPDX-License-Identifier: MIT */
/* umd_uav.c — buffer unordered-access views and the compute stage's unordered-access
 * slots: creation, binding with Direct3D 11's read/write hazards, and what a dispatch
 * does to the bound views (umd_compute.h). */
#include <string.h>

#include "umd_internal.h"

#define DXGI_R32_TYPELESS 39u

size_t aerocmd_umd_uav_size(void)
{
    return sizeof(struct aerocmd_umd_uav);
}

/* Bytes of one element of a typed view; 0 for formats a buffer view cannot have. */
static uint32_t typed_element_bytes(uint32_t dxgi_format)
{
    const struct aerocmd_dxgi_info *info = aerocmd_dxgi_info(dxgi_format);
    uint32_t bytes = 0;
    if (info == NULL || info->dxgi_class != AEROCMD_DXGI_CLASS_COLOR ||
        !(info->flags & AEROCMD_DXGI_FLAG_VERTEX))
        return 0;
    if (aerocmd_dxgi_vertex_format(dxgi_format, &bytes) != AEROCMD_OK || bytes > 16u)
        return 0;
    return bytes;
}

/* A structured view's stride: a buffer created BUFFER_STRUCTURED has its own (the desc
 * may repeat it); for other buffers the desc names it. A typed view of a structured buffer
 * is INVALID_ARG, as in Direct3D 11. */
static aerocmd_result structure_stride_of(const struct aerocmd_umd_resource *res,
                                          const struct aerocmd_umd_uav_desc *desc, uint32_t *out)
{
    uint32_t stride = desc->element_bytes;
    if (!(res->buffer_misc & AEROCMD_UMD_MISC_BUFFER_STRUCTURED)) {
        *out = stride;
        return AEROCMD_OK;
    }
    if (desc->dxgi_format != 0 || (stride != 0 && stride != res->structure_stride))
        return AEROCMD_E_INVALID_ARG;
    *out = res->structure_stride;
    return AEROCMD_OK;
}

/* The element size the desc implies, checking that its flags fit its kind of view. */
static aerocmd_result element_bytes_of(const struct aerocmd_umd_resource *res,
                                       const struct aerocmd_umd_uav_desc *desc, uint32_t *out)
{
    uint32_t counters = AEROCMD_UMD_UAV_FLAG_APPEND | AEROCMD_UMD_UAV_FLAG_COUNTER;
    uint32_t flags = desc->flags, stride = 0;
    if (flags & ~(AEROCMD_UMD_UAV_FLAG_RAW | counters) || (flags & counters) == counters)
        return AEROCMD_E_INVALID_ARG;
    if (flags & AEROCMD_UMD_UAV_FLAG_RAW) {
        if (desc->dxgi_format != DXGI_R32_TYPELESS || (flags & counters) ||
            (res->buffer_misc & AEROCMD_UMD_MISC_BUFFER_STRUCTURED))
            return AEROCMD_E_INVALID_ARG;
        *out = 4;
        return AEROCMD_OK;
    }
    if (structure_stride_of(res, desc, &stride) != AEROCMD_OK)
        return AEROCMD_E_INVALID_ARG;
    if (desc->dxgi_format == 0) {
        if (stride == 0 || stride % 4u != 0 || stride > AEROCMD_UMD_MAX_STRUCTURE_STRIDE)
            return AEROCMD_E_INVALID_ARG;
        *out = stride;
        return AEROCMD_OK;
    }
    *out = typed_element_bytes(desc->dxgi_format);
    return *out != 0 && !(flags & counters) ? AEROCMD_OK : AEROCMD_E_INVALID_ARG;
}

aerocmd_result aerocmd_umd_create_uav(struct aerocmd_umd_device *dev, void *mem, size_t mem_size,
                                      struct aerocmd_umd_resource *res,
                                      const struct aerocmd_umd_uav_desc *desc,
                                      struct aerocmd_umd_uav **out)
{
    struct aerocmd_umd_uav *uav = (struct aerocmd_umd_uav *)mem;
    uint32_t element_bytes = 0;
    uint64_t begin, size;
    aerocmd_result r;
    if (dev == NULL || res == NULL || res->dev != dev || desc == NULL || out == NULL ||
        !aerocmd_priv_umd_mem_ok(mem, mem_size, sizeof *uav))
        return AEROCMD_E_INVALID_ARG;
    if (!(res->bind_flags & AEROCMD_UMD_BIND_UNORDERED_ACCESS))
        return AEROCMD_E_INVALID_ARG;
    if (res->kind != UMD_RESOURCE_BUFFER)
        return AEROCMD_E_NOT_IMPLEMENTED;
    r = element_bytes_of(res, desc, &element_bytes);
    if (r != AEROCMD_OK)
        return r;
    begin = (uint64_t)desc->first_element * element_bytes;
    size = (uint64_t)desc->element_count * element_bytes;
    if (size == 0 || begin > res->size_bytes || size > res->size_bytes - begin)
        return AEROCMD_E_INVALID_ARG;
    memset(uav, 0, sizeof *uav);
    uav->dev = dev;
    uav->res = res;
    uav->offset_bytes = (uint32_t)begin;
    uav->size_bytes = (uint32_t)size;
    uav->element_bytes = element_bytes;
    uav->dxgi_format = desc->flags & AEROCMD_UMD_UAV_FLAG_RAW ? 0u : desc->dxgi_format;
    uav->flags = desc->flags;
    uav->next_count = AEROCMD_UMD_UAV_KEEP_COUNT;
    if (desc->flags & (AEROCMD_UMD_UAV_FLAG_APPEND | AEROCMD_UMD_UAV_FLAG_COUNTER)) {
        uav->known_count =
            desc->initial_count == AEROCMD_UMD_UAV_KEEP_COUNT ? 0u : desc->initial_count;
        uav->next_count = uav->known_count;
        uav->count_known = 1;
    }
    *out = uav;
    return AEROCMD_OK;
}

static void put_uav(struct aerocmd_umd_context *ctx, uint32_t slot, struct aerocmd_umd_uav *uav,
                    uint32_t count)
{
    struct umd_uav_slot *s = &ctx->uav[slot];
    struct aerogpu_unordered_access_buffer_binding b;
    memset(&b, 0, sizeof b);
    b.initial_count = AEROCMD_UMD_UAV_KEEP_COUNT;
    if (uav != NULL) {
        b.buffer = uav->res->handle;
        b.offset_bytes = uav->offset_bytes;
        b.size_bytes = uav->size_bytes;
        if (uav->count_known || count != AEROCMD_UMD_UAV_KEEP_COUNT) {
            if (count == AEROCMD_UMD_UAV_KEEP_COUNT)
                count = uav->next_count;
            b.initial_count = count;
            if (count != AEROCMD_UMD_UAV_KEEP_COUNT) {
                uav->known_count = count;
                uav->count_known = 1;
            }
            uav->next_count = AEROCMD_UMD_UAV_KEEP_COUNT;
        }
    }
    if (s->uav == uav && memcmp(&s->b, &b, sizeof b) == 0)
        return;
    if (s->uav != NULL)
        s->uav->res->uav_slots &= ~(1u << slot);
    if (uav != NULL)
        uav->res->uav_slots |= 1u << slot;
    s->uav = uav;
    s->b = b;
    ctx->uav_dirty |= 1u << slot;
    ctx->dirty |= UMD_DIRTY_UAV;
}

static int has_counter(const struct aerocmd_umd_uav *uav)
{
    return (uav->flags & (AEROCMD_UMD_UAV_FLAG_APPEND | AEROCMD_UMD_UAV_FLAG_COUNTER)) != 0;
}

aerocmd_result aerocmd_umd_set_cs_uavs(struct aerocmd_umd_context *ctx, uint32_t start,
                                       uint32_t count, struct aerocmd_umd_uav *const *uavs,
                                       const uint32_t *initial_counts)
{
    uint32_t i;
    if (ctx == NULL || start > AEROCMD_UMD_MAX_UAVS || count > AEROCMD_UMD_MAX_UAVS - start)
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < count && uavs != NULL; i++)
        if (uavs[i] != NULL && uavs[i]->dev != ctx->dev)
            return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < count; i++) {
        struct aerocmd_umd_uav *uav = uavs != NULL ? uavs[i] : NULL;
        uint32_t c = AEROCMD_UMD_UAV_KEEP_COUNT;
        if (uav != NULL) {
            if (initial_counts != NULL && has_counter(uav))
                c = initial_counts[i];
            /* The same resource may not be read or be a target while it is written. */
            aerocmd_priv_umd_unbind_from_srvs(ctx, uav->res, NULL);
            aerocmd_priv_umd_unbind_from_targets(ctx, uav->res, NULL);
        }
        put_uav(ctx, start + i, uav, c);
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_set_om_uavs(struct aerocmd_umd_context *ctx, uint32_t start,
                                       uint32_t count, struct aerocmd_umd_uav *const *uavs,
                                       const uint32_t *initial_counts)
{
    uint32_t i;
    (void)initial_counts;
    if (ctx == NULL || start > AEROCMD_UMD_MAX_RENDER_TARGETS ||
        count > AEROCMD_UMD_MAX_RENDER_TARGETS - start)
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < count && uavs != NULL; i++)
        if (uavs[i] != NULL)
            return AEROCMD_E_NOT_IMPLEMENTED;
    return AEROCMD_OK;
}

void aerocmd_priv_umd_unbind_from_uavs(struct aerocmd_umd_context *ctx,
                                       const struct aerocmd_umd_resource *res)
{
    uint32_t slot;
    for (slot = 0; slot < AEROCMD_UMD_MAX_UAVS && res->uav_slots != 0; slot++)
        if (ctx->uav[slot].uav != NULL && ctx->uav[slot].uav->res == res)
            put_uav(ctx, slot, NULL, AEROCMD_UMD_UAV_KEEP_COUNT);
}

aerocmd_result aerocmd_umd_destroy_uav(struct aerocmd_umd_uav *uav)
{
    struct aerocmd_umd_context *ctx;
    uint32_t slot;
    if (uav == NULL || uav->dev == NULL)
        return AEROCMD_E_INVALID_ARG;
    ctx = aerocmd_priv_umd_ctx_of(uav->dev);
    for (slot = 0; ctx != NULL && slot < AEROCMD_UMD_MAX_UAVS; slot++)
        if (ctx->uav[slot].uav == uav)
            put_uav(ctx, slot, NULL, AEROCMD_UMD_UAV_KEEP_COUNT);
    memset(uav, 0, sizeof *uav);
    return AEROCMD_OK;
}

/* After a dispatch went into the open buffer: the bound views' buffers are written by it,
 * their counters are the host's business now, and a rebind must not reset them. */
void aerocmd_priv_umd_stamp_uavs(struct aerocmd_umd_context *ctx)
{
    uint32_t slot;
    for (slot = 0; slot < AEROCMD_UMD_MAX_UAVS; slot++) {
        struct umd_uav_slot *s = &ctx->uav[slot];
        if (s->uav == NULL)
            continue;
        s->uav->res->write_serial = ctx->serial;
        s->uav->res->uav_written = 1;
        s->uav->count_known = 0;
    }
}
