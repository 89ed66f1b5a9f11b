/* SPDX-License-Identifier: MIT */
/* umd_map.c — Map/Unmap: CPU shadows of host-owned dynamic resources, locked guest memory
 * of guest-backed ones, and the waits that make either safe (umd_data.h). */
#include <string.h>

#include "aerocmd/umd_data.h"
#include "umd_internal.h"
#include "umd_packets.h"
#include "umd_wait.h"

static int map_reads(uint32_t type)
{
    return type == AEROCMD_UMD_MAP_READ || type == AEROCMD_UMD_MAP_READ_WRITE;
}

static int map_writes(uint32_t type)
{
    return type != AEROCMD_UMD_MAP_READ;
}

/* Direct3D's rules: DISCARD / NO_OVERWRITE for DYNAMIC, READ / WRITE / READ_WRITE for
 * STAGING, and the CPU access the resource was created with. */
static aerocmd_result check_map_type(const struct aerocmd_umd_resource *res, uint32_t type)
{
    int dynamic_type =
        type == AEROCMD_UMD_MAP_WRITE_DISCARD || type == AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE;
    if (type < AEROCMD_UMD_MAP_READ || type > AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE)
        return AEROCMD_E_INVALID_ARG;
    if (dynamic_type != (res->usage == AEROCMD_UMD_USAGE_DYNAMIC))
        return AEROCMD_E_INVALID_ARG;
    if (!dynamic_type && res->usage != AEROCMD_UMD_USAGE_STAGING)
        return AEROCMD_E_INVALID_ARG;
    if ((map_reads(type) && !(res->cpu_access & AEROCMD_UMD_CPU_ACCESS_READ)) ||
        (map_writes(type) && !(res->cpu_access & AEROCMD_UMD_CPU_ACCESS_WRITE)))
        return AEROCMD_E_INVALID_ARG;
    if (!res->guest_backed && map_reads(type))
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (!res->guest_backed && res->shadow == NULL)
        return AEROCMD_E_INVALID_ARG;
    return AEROCMD_OK;
}

/* The command buffer whose work must be done before the CPU may touch the memory: a read
 * needs the last GPU write; a write must not race the host reading the allocation for
 * work already submitted (creates, dirty ranges, writebacks list it). */
static uint64_t serial_to_wait_for(const struct aerocmd_umd_resource *res, uint32_t type)
{
    uint64_t serial = res->write_serial;
    if (type == AEROCMD_UMD_MAP_WRITE_NO_OVERWRITE)
        return 0;
    if (map_writes(type) && res->listed_serial > serial)
        serial = res->listed_serial;
    return serial;
}

static aerocmd_result lock_guest(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                                 uint32_t type, uint32_t flags, uint8_t **base)
{
    void *cpu = NULL;
    aerocmd_result r = aerocmd_priv_umd_lock_when_done(ctx, &res->memory,
                                                       serial_to_wait_for(res, type), flags, &cpu);
    *base = (uint8_t *)cpu;
    return r;
}

/* A write map of a host-owned dynamic buffer: exactly the case check_map_type accepts for
 * a buffer with a shadow (only DYNAMIC host-owned resources have one) and CPU write access
 * (what res->shadow_buffer says), given DISCARD or NO_OVERWRITE (4 and 5). */
static inline int is_shadow_buffer_write(const struct aerocmd_umd_resource *res, uint32_t type,
                                         uint32_t subresource)
{
    return res->shadow_buffer && type - (uint32_t)AEROCMD_UMD_MAP_WRITE_DISCARD <= 1u &&
           subresource == 0;
}

static inline void begin_mapping(struct aerocmd_umd_resource *res, uint32_t subresource,
                                 uint32_t type)
{
    res->mapped = 1;
    res->map_subresource = subresource;
    res->map_type = type;
}

/* Every map but the dynamic buffer's. */
static aerocmd_result map_other_kind(struct aerocmd_umd_context *ctx,
                                     struct aerocmd_umd_resource *res, uint32_t subresource,
                                     uint32_t type, uint32_t flags, struct aerocmd_umd_mapped *out)
{
    struct aerocmd_subresource_layout sub;
    uint8_t *base = NULL;
    aerocmd_result r;
    if (ctx == NULL || res == NULL || out == NULL || res->dev != ctx->dev || res->mapped)
        return AEROCMD_E_INVALID_ARG;
    r = check_map_type(res, type);
    if (r == AEROCMD_OK)
        r = aerocmd_priv_umd_subresource_of(res, subresource, &sub);
    if (r != AEROCMD_OK)
        return r;
    if (res->guest_backed)
        r = lock_guest(ctx, res, type, flags, &base);
    else
        base = res->shadow;
    if (r != AEROCMD_OK)
        return r;
    begin_mapping(res, subresource, type);
    out->data = base + sub.offset_bytes;
    out->row_pitch = sub.row_pitch_bytes;
    out->depth_pitch = sub.size_bytes;
    return AEROCMD_OK;
}

static UMD_NOINLINE aerocmd_result map_other(struct aerocmd_umd_context *ctx,
                                             struct aerocmd_umd_resource *res, uint32_t subresource,
                                             uint32_t type, uint32_t flags,
                                             struct aerocmd_umd_mapped *out)
{
    return aerocmd_priv_umd_report(ctx, map_other_kind(ctx, res, subresource, type, flags, out));
}

aerocmd_result aerocmd_umd_map(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                               uint32_t subresource, enum aerocmd_umd_map_type type, uint32_t flags,
                               struct aerocmd_umd_mapped *out)
{
    if (UMD_LIKELY(ctx != NULL && res != NULL && out != NULL &&
                   is_shadow_buffer_write(res, (uint32_t)type, subresource) && !res->mapped &&
                   res->dev == ctx->dev)) {
        /* The dynamic buffer case: the whole shadow, nothing to wait for. */
        begin_mapping(res, 0, (uint32_t)type);
        out->data = res->shadow;
        out->row_pitch = res->size_bytes;
        out->depth_pitch = res->size_bytes;
        return AEROCMD_OK;
    }
    return map_other(ctx, res, subresource, (uint32_t)type, flags, out);
}

/* Host-owned: the written bytes of the shadow travel as UPLOAD_RESOURCE; buffer ranges
 * widen to whole 4-byte units (the shadow holds the neighbours). */
static aerocmd_result upload_shadow(struct aerocmd_umd_context *ctx,
                                    struct aerocmd_umd_resource *res, uint32_t begin, uint32_t end)
{
    if (res->kind == UMD_RESOURCE_BUFFER) {
        begin &= ~3u;
        end = (end + 3u) & ~3u;
        return aerocmd_priv_umd_upload_rows(ctx, res->handle, begin, res->shadow + begin, 4, 4,
                                            (end - begin) / 4u);
    }
    return aerocmd_priv_umd_upload_span(ctx, res->handle, begin, res->shadow + begin, end - begin);
}

/* Ends the mapping of a subresource at sub_offset (sub_size bytes) of which
 * [offset, offset + size) was written, when the map was for writing. */
static aerocmd_result end_mapping(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                                  uint32_t sub_offset, uint32_t sub_size, uint32_t offset,
                                  uint32_t size)
{
    if (offset > sub_size || size > sub_size - offset)
        return AEROCMD_E_INVALID_ARG;
    res->mapped = 0;
    if (res->guest_backed)
        ctx->dev->cb.unlock_memory(ctx->dev->cb.user, &res->memory);
    if (!map_writes(res->map_type) || size == 0)
        return AEROCMD_OK;
    if (res->guest_backed)
        return aerocmd_priv_umd_emit_dirty_range(ctx, res, sub_offset + offset, size);
    return upload_shadow(ctx, res, sub_offset + offset, sub_offset + offset + size);
}

/* Unmap without a range of a buffer whose draws upload what they read. */
static inline aerocmd_result end_mapping_on_use(struct aerocmd_umd_context *ctx,
                                                struct aerocmd_umd_resource *res)
{
    res->mapped = 0;
    if (UMD_UNLIKELY(res->stale_lo != 0 || res->stale_hi != res->size_bytes)) {
        aerocmd_priv_umd_stale_mark(ctx, res, 0, res->size_bytes);
        return AEROCMD_OK;
    }
    /* What aerocmd_priv_umd_stale_mark does when the whole buffer is stale already. */
    res->clean_lo = res->clean_hi = 0;
    ctx->dirty |= UMD_DIRTY_STALE;
    return AEROCMD_OK;
}

/* Where the mapped subresource lies; a buffer is its one subresource. */
static aerocmd_result mapped_span(const struct aerocmd_umd_context *ctx,
                                  const struct aerocmd_umd_resource *res, uint32_t subresource,
                                  uint32_t *offset, uint32_t *size)
{
    struct aerocmd_subresource_layout sub;
    aerocmd_result r;
    if (ctx == NULL || res == NULL || !res->mapped || res->map_subresource != subresource)
        return AEROCMD_E_INVALID_ARG;
    if (res->kind == UMD_RESOURCE_BUFFER) {
        *offset = 0;
        *size = res->size_bytes;
        return AEROCMD_OK;
    }
    r = aerocmd_priv_umd_subresource_of(res, subresource, &sub);
    *offset = sub.offset_bytes;
    *size = sub.size_bytes;
    return r != AEROCMD_OK ? AEROCMD_E_INVALID_ARG : AEROCMD_OK;
}

aerocmd_result aerocmd_umd_unmap_range(struct aerocmd_umd_context *ctx,
                                       struct aerocmd_umd_resource *res, uint32_t subresource,
                                       uint32_t offset, uint32_t size)
{
    uint32_t sub_offset, sub_size;
    aerocmd_result r = mapped_span(ctx, res, subresource, &sub_offset, &sub_size);
    if (r != AEROCMD_OK)
        return r;
    return end_mapping(ctx, res, sub_offset, sub_size, offset, size);
}

static UMD_NOINLINE aerocmd_result unmap_whole(struct aerocmd_umd_context *ctx,
                                               struct aerocmd_umd_resource *res,
                                               uint32_t subresource)
{
    uint32_t sub_offset, sub_size;
    aerocmd_result r = mapped_span(ctx, res, subresource, &sub_offset, &sub_size);
    if (r == AEROCMD_OK)
        r = end_mapping(ctx, res, sub_offset, sub_size, 0, sub_size);
    return aerocmd_priv_umd_report(ctx, r);
}

/* Unmap of any other dynamic buffer: its bytes (the shadow's whole 4-byte units) as one
 * UPLOAD_RESOURCE in the open buffer when it fits, which is what end_mapping writes then. */
static inline aerocmd_result end_mapping_upload(struct aerocmd_umd_context *ctx,
                                                struct aerocmd_umd_resource *res)
{
    uint32_t bytes = (uint32_t)res->memory.size_bytes; /* the shadow: whole 4-byte units */
    struct aerocmd_writer *w = &ctx->w;
    uint8_t *at;
    /* Without the draw-check bit a buffer is open and ready (umd_internal.h). */
    if (UMD_UNLIKELY(
            ((ctx->dirty & UMD_DIRTY_DRAW_CHECK) && (!ctx->have_buffer || ctx->present_pending)) ||
            UMD_UPLOAD_BYTES + bytes > w->capacity - w->used))
        return unmap_whole(ctx, res, 0);
    res->mapped = 0;
    at = w->base + w->used;
    umd_put_upload_header(at, res->handle, 0, bytes);
    aerocmd_writer_fixed_publish(w, w->base, w->used + UMD_UPLOAD_BYTES + bytes);
    /* Last, so that nothing is live across the copy. */
    umd_copy_payload(at + UMD_UPLOAD_BYTES, res->shadow, bytes);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_unmap(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                                 uint32_t subresource)
{
    /* A write map (the only kind a DYNAMIC buffer has) of a host-owned buffer. */
    if (UMD_LIKELY(ctx != NULL && res != NULL && res->shadow_buffer && res->mapped &&
                   subresource == 0)) {
        if (res->upload_on_use)
            return end_mapping_on_use(ctx, res);
        return end_mapping_upload(ctx, res);
    }
    return unmap_whole(ctx, res, subresource);
}
