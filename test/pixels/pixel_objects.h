/* SPDX-License-Identifier: MIT */
/* pixel_objects.h — what the handles of one device name, learned from the streams it ran,
 * as a guest driver knows its own objects: buffers with their size, textures with their
 * description, views (their texture, first mip and layer, format), and the aliases
 * IMPORT_SHARED_SURFACE makes. A client of a live host needs this to read a resource back
 * the way a guest does: a copy into a staging resource of the same shape (pixel_host.h). */
#ifndef AEROCMD_TEST_PIXEL_OBJECTS_H
#define AEROCMD_TEST_PIXEL_OBJECTS_H

#include <stdlib.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerogpu_cmd.h"

enum { PX_OBJ_BUFFER = 1, PX_OBJ_TEXTURE = 2, PX_OBJ_VIEW = 3 };

struct px_object {
    uint32_t handle, kind;
    uint64_t size; /* buffers */
    /* Textures and views: the texture to copy from (a view's texture, an alias's own
     * handle), its format and mip-0 extent; the format the texels are read as (a view's
     * own, when it has one); the first mip and layer a read's mip and layer count from. */
    uint32_t texture, texture_format, width, height;
    uint32_t format, base_mip, base_layer;
    uint32_t mips, layers; /* what a read may name */
};

struct px_share {
    uint64_t token;
    struct px_object object;
};

struct px_objects {
    struct px_object *o;
    uint32_t count, cap;
    struct px_share *shares;
    uint32_t share_count, share_cap;
};

static struct px_object *px_objects_find(struct px_objects *s, uint32_t handle)
{
    uint32_t i;
    for (i = 0; handle != 0 && i < s->count; i++)
        if (s->o[i].handle == handle)
            return &s->o[i];
    return NULL;
}

static void px_objects_forget(struct px_objects *s, uint32_t handle)
{
    struct px_object *o = px_objects_find(s, handle);
    if (o != NULL)
        *o = s->o[--s->count];
}

/* Adds (or replaces) o; 0 when no memory is left. */
static int px_objects_add(struct px_objects *s, const struct px_object *o)
{
    struct px_object *grown;
    px_objects_forget(s, o->handle);
    if (s->count == s->cap) {
        uint32_t cap = s->cap == 0 ? 64u : s->cap * 2u;
        grown = (struct px_object *)realloc(s->o, (size_t)cap * sizeof(*grown));
        if (grown == NULL)
            return 0;
        s->o = grown, s->cap = cap;
    }
    s->o[s->count++] = *o;
    return 1;
}

static void px_objects_export(struct px_objects *s, uint32_t handle, uint64_t token)
{
    const struct px_object *o = px_objects_find(s, handle);
    struct px_share *grown;
    if (o == NULL)
        return;
    if (s->share_count == s->share_cap) {
        uint32_t cap = s->share_cap == 0 ? 8u : s->share_cap * 2u;
        grown = (struct px_share *)realloc(s->shares, (size_t)cap * sizeof(*grown));
        if (grown == NULL)
            return;
        s->shares = grown, s->share_cap = cap;
    }
    s->shares[s->share_count].token = token;
    s->shares[s->share_count++].object = *o;
}

/* The alias reads its texture through its own handle. */
static void px_objects_import(struct px_objects *s, uint32_t handle, uint64_t token)
{
    uint32_t i;
    for (i = 0; i < s->share_count; i++)
        if (s->shares[i].token == token) {
            struct px_object alias = s->shares[i].object;
            alias.handle = handle;
            if (alias.kind == PX_OBJ_TEXTURE)
                alias.texture = handle;
            px_objects_add(s, &alias);
            return;
        }
}

static void px_objects_release_share(struct px_objects *s, uint64_t token)
{
    uint32_t i;
    for (i = 0; i < s->share_count; i++)
        if (s->shares[i].token == token)
            s->shares[i--] = s->shares[--s->share_count];
}

static void px_objects_texture(struct px_objects *s, const struct aerogpu_cmd_create_texture2d *t)
{
    struct px_object o;
    memset(&o, 0, sizeof(o));
    o.handle = o.texture = t->texture_handle;
    o.kind = PX_OBJ_TEXTURE;
    o.texture_format = o.format = t->format;
    o.width = t->width, o.height = t->height;
    o.mips = t->mip_levels, o.layers = t->array_layers;
    px_objects_add(s, &o);
}

static void px_objects_view(struct px_objects *s, const struct aerogpu_cmd_create_texture_view *v)
{
    const struct px_object *t = px_objects_find(s, v->texture_handle);
    struct px_object o;
    if (t == NULL || t->kind != PX_OBJ_TEXTURE)
        return;
    o = *t;
    o.handle = v->view_handle;
    o.kind = PX_OBJ_VIEW;
    o.format = v->format != 0 ? v->format : t->format;
    o.base_mip = v->base_mip_level, o.base_layer = v->base_array_layer;
    o.mips = v->mip_level_count, o.layers = v->array_layer_count;
    px_objects_add(s, &o);
}

/* Takes in one packet of a stream that ran. */
static void px_objects_packet(struct px_objects *s, const struct aerocmd_packet *pkt)
{
    const struct aerogpu_cmd_create_buffer *b =
        AEROCMD_VIEW(pkt, aerogpu_cmd_create_buffer, AEROGPU_CMD_CREATE_BUFFER);
    const struct aerogpu_cmd_create_texture2d *t =
        AEROCMD_VIEW(pkt, aerogpu_cmd_create_texture2d, AEROGPU_CMD_CREATE_TEXTURE2D);
    const struct aerogpu_cmd_create_texture_view *v =
        AEROCMD_VIEW(pkt, aerogpu_cmd_create_texture_view, AEROGPU_CMD_CREATE_TEXTURE_VIEW);
    const struct aerogpu_cmd_destroy_resource *d =
        AEROCMD_VIEW(pkt, aerogpu_cmd_destroy_resource, AEROGPU_CMD_DESTROY_RESOURCE);
    const struct aerogpu_cmd_destroy_texture_view *dv =
        AEROCMD_VIEW(pkt, aerogpu_cmd_destroy_texture_view, AEROGPU_CMD_DESTROY_TEXTURE_VIEW);
    const struct aerogpu_cmd_export_shared_surface *ex =
        AEROCMD_VIEW(pkt, aerogpu_cmd_export_shared_surface, AEROGPU_CMD_EXPORT_SHARED_SURFACE);
    const struct aerogpu_cmd_import_shared_surface *im =
        AEROCMD_VIEW(pkt, aerogpu_cmd_import_shared_surface, AEROGPU_CMD_IMPORT_SHARED_SURFACE);
    const struct aerogpu_cmd_release_shared_surface *rel =
        AEROCMD_VIEW(pkt, aerogpu_cmd_release_shared_surface, AEROGPU_CMD_RELEASE_SHARED_SURFACE);
    if (b != NULL) {
        struct px_object o;
        memset(&o, 0, sizeof(o));
        o.handle = b->buffer_handle, o.kind = PX_OBJ_BUFFER, o.size = b->size_bytes;
        px_objects_add(s, &o);
    }
    if (t != NULL)
        px_objects_texture(s, t);
    if (v != NULL)
        px_objects_view(s, v);
    if (d != NULL)
        px_objects_forget(s, d->resource_handle);
    if (dv != NULL)
        px_objects_forget(s, dv->view_handle);
    if (ex != NULL)
        px_objects_export(s, ex->resource_handle, ex->share_token);
    if (im != NULL)
        px_objects_import(s, im->out_resource_handle, im->share_token);
    if (rel != NULL)
        px_objects_release_share(s, rel->share_token);
}

/* Takes in every packet of a stream that ran. */
static void px_objects_note(struct px_objects *s, const void *stream, size_t len)
{
    struct aerocmd_stream st;
    struct aerocmd_cursor cur;
    struct aerocmd_packet pkt;
    struct aerocmd_diag diag;
    if (aerocmd_stream_open(&st, stream, len, &diag) != AEROCMD_OK)
        return;
    aerocmd_cursor_init(&cur, &st);
    while (aerocmd_cursor_next(&cur, &pkt, &diag) == 1)
        px_objects_packet(s, &pkt);
}

static void px_objects_release(struct px_objects *s)
{
    free(s->o);
    free(s->shares);
    memset(s, 0, sizeof(*s));
}

#endif
