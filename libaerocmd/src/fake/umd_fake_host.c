/* SPDX-License-Identifier: MIT */
/* umd_fake_host.c — the fake playing the host: each recorded submission is applied to a
 * model of the host's resources and of guest memory, so tests check bytes, not packets.
 * Anything the model cannot apply (unknown handle, range out of bounds, missing guest
 * allocation, model memory exhausted) counts in fake->host_faults. */
#include <stdint.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/layout.h"
#include "umd_fake_host.h"

typedef struct aerocmd_umd_fake_resource fake_res;

static void *host_alloc(struct aerocmd_umd_fake *f, size_t size)
{
    return f->alloc->resize(f->alloc->user, NULL, 0, size ? size : 1u);
}

static void host_free(struct aerocmd_umd_fake *f, void *p, size_t size)
{
    if (p != NULL)
        f->alloc->release(f->alloc->user, p, size ? size : 1u);
}

/* A resource's bytes, behind a count of the handles that name them: an import names the
 * exported resource's bytes (RULES.md: an alias), which live until the last handle goes. */
struct storage_head {
    uint64_t handles;
};

static uint8_t *storage_new(struct aerocmd_umd_fake *f, uint32_t size)
{
    struct storage_head *head;
#if SIZE_MAX <= UINT32_MAX
    if (size > SIZE_MAX - sizeof *head) /* a stream's size, on a 32-bit host */
        return NULL;
#endif
    head = (struct storage_head *)host_alloc(f, sizeof *head + size);
    if (head == NULL)
        return NULL;
    head->handles = 1;
    return (uint8_t *)(head + 1);
}

static uint8_t *storage_share(uint8_t *bytes)
{
    ((struct storage_head *)(void *)bytes - 1)->handles++;
    return bytes;
}

static void storage_release(struct aerocmd_umd_fake *f, uint8_t *bytes, uint32_t size)
{
    struct storage_head *head;
    if (bytes == NULL)
        return;
    head = (struct storage_head *)(void *)bytes - 1;
    if (--head->handles == 0)
        host_free(f, head, sizeof *head + size);
}

static fake_res *find_res(const struct aerocmd_umd_fake *f, uint32_t handle)
{
    uint32_t i;
    for (i = 0; handle != 0 && i < f->resource_count; i++)
        if (f->resources[i].handle == handle)
            return &f->resources[i];
    return NULL;
}

const struct aerocmd_umd_fake_resource *
aerocmd_umd_fake_resource(const struct aerocmd_umd_fake *fake, uint32_t handle)
{
    return find_res(fake, handle);
}

/* Guest bytes [offset, offset + size) of allocation alloc_id, NULL when out of bounds. */
static uint8_t *guest_bytes(const struct aerocmd_umd_fake *f, uint32_t alloc_id, uint64_t offset,
                            uint64_t size)
{
    const struct aerocmd_umd_fake_memory *m = aerocmd_umd_fake_find_memory(f, alloc_id);
    if (m == NULL || offset > m->size_bytes || size > m->size_bytes - offset)
        return NULL;
    return m->bytes + offset;
}

static int range_ok(const fake_res *r, uint64_t offset, uint64_t size)
{
    return r != NULL && offset <= r->size_bytes && size <= r->size_bytes - offset;
}

static void add_resource(struct aerocmd_umd_fake *f, const fake_res *proto)
{
    fake_res r = *proto;
    uint8_t *guest = NULL;
    if (r.backing_alloc_id != 0) {
        guest = guest_bytes(f, r.backing_alloc_id, r.backing_offset_bytes, r.size_bytes);
        if (guest == NULL) {
            f->host_faults++;
            return;
        }
    }
    if (f->resource_count == f->resource_capacity) {
        uint32_t cap = f->resource_capacity ? f->resource_capacity * 2u : 16u;
        void *p = f->alloc->resize(f->alloc->user, f->resources,
                                   (size_t)f->resource_capacity * sizeof r, (size_t)cap * sizeof r);
        if (p == NULL) {
            f->host_faults++;
            return;
        }
        f->resources = (fake_res *)p;
        f->resource_capacity = cap;
    }
    if (r.bytes != NULL) { /* an alias: the bytes it names */
        r.bytes = storage_share(r.bytes);
    } else {
        r.bytes = storage_new(f, r.size_bytes);
        if (r.bytes == NULL) {
            f->host_faults++;
            return;
        }
        if (guest != NULL)
            memcpy(r.bytes, guest, r.size_bytes);
        else
            memset(r.bytes, 0, r.size_bytes);
    }
    f->resources[f->resource_count++] = r;
}

static void create_buffer(struct aerocmd_umd_fake *f, const struct aerogpu_cmd_create_buffer *c)
{
    fake_res r;
    memset(&r, 0, sizeof r);
    r.handle = c->buffer_handle;
    r.size_bytes = (uint32_t)c->size_bytes;
    r.backing_alloc_id = c->backing_alloc_id;
    r.backing_offset_bytes = c->backing_offset_bytes;
    add_resource(f, &r);
}

static struct aerocmd_texture_layout_desc layout_of(const fake_res *r)
{
    struct aerocmd_texture_layout_desc ld;
    memset(&ld, 0, sizeof ld);
    ld.format = r->format;
    ld.width = r->width;
    ld.height = r->height;
    ld.mip_levels = r->mip_levels;
    ld.array_layers = r->array_layers;
    ld.row_pitch_bytes = r->row_pitch_bytes;
    return ld;
}

static void create_texture(struct aerocmd_umd_fake *f, const struct aerogpu_cmd_create_texture2d *c)
{
    struct aerocmd_texture_layout_desc ld;
    struct aerocmd_texture_layout layout;
    fake_res r;
    memset(&r, 0, sizeof r);
    r.handle = c->texture_handle;
    r.is_texture = 1;
    r.format = c->format;
    r.width = c->width;
    r.height = c->height;
    r.mip_levels = c->mip_levels;
    r.array_layers = c->array_layers;
    r.row_pitch_bytes = c->row_pitch_bytes;
    r.backing_alloc_id = c->backing_alloc_id;
    r.backing_offset_bytes = c->backing_offset_bytes;
    ld = layout_of(&r);
    if (aerocmd_texture_layout(&ld, &layout, NULL) != AEROCMD_OK) {
        f->host_faults++;
        return;
    }
    r.size_bytes = layout.total_bytes;
    add_resource(f, &r);
}

static void destroy_resource(struct aerocmd_umd_fake *f, uint32_t handle)
{
    fake_res *r = find_res(f, handle);
    if (r == NULL)
        return;
    storage_release(f, r->bytes, r->size_bytes);
    *r = f->resources[--f->resource_count];
}

static fake_res *find_export(const struct aerocmd_umd_fake *f, uint64_t token)
{
    uint32_t i;
    for (i = 0; token != 0 && i < f->resource_count; i++)
        if (f->resources[i].share_token == token)
            return &f->resources[i];
    return NULL;
}

static void export_surface(struct aerocmd_umd_fake *f,
                           const struct aerogpu_cmd_export_shared_surface *c)
{
    fake_res *r = find_res(f, c->resource_handle);
    if (r == NULL || c->share_token == 0 || find_export(f, c->share_token) != NULL) {
        f->host_faults++;
        return;
    }
    r->share_token = c->share_token;
}

/* The alias names the exported resource's bytes: writes through either show through both,
 * and the bytes outlive whichever handle goes first. */
static void import_surface(struct aerocmd_umd_fake *f,
                           const struct aerogpu_cmd_import_shared_surface *c)
{
    const fake_res *src = find_export(f, c->share_token);
    fake_res proto;
    if (src == NULL || find_res(f, c->out_resource_handle) != NULL) {
        f->host_faults++;
        return;
    }
    proto = *src;
    proto.handle = c->out_resource_handle;
    proto.share_token = 0;
    add_resource(f, &proto); /* proto.bytes set: the alias shares them */
}

static void release_surface(struct aerocmd_umd_fake *f,
                            const struct aerogpu_cmd_release_shared_surface *c)
{
    fake_res *r = find_export(f, c->share_token);
    if (r != NULL)
        r->share_token = 0;
}

static void upload(struct aerocmd_umd_fake *f, const struct aerocmd_packet *p)
{
    const struct aerogpu_cmd_upload_resource *u =
        AEROCMD_VIEW(p, aerogpu_cmd_upload_resource, AEROGPU_CMD_UPLOAD_RESOURCE);
    fake_res *r = u != NULL ? find_res(f, u->resource_handle) : NULL;
    uint32_t len = 0;
    const uint8_t *payload = aerocmd_packet_payload(p, &len, NULL);
    if (!range_ok(r, u->offset_bytes, u->size_bytes) || payload == NULL || len < u->size_bytes) {
        f->host_faults++;
        return;
    }
    memcpy(r->bytes + u->offset_bytes, payload, (size_t)u->size_bytes);
}

static void dirty_range(struct aerocmd_umd_fake *f,
                        const struct aerogpu_cmd_resource_dirty_range *d)
{
    fake_res *r = find_res(f, d->resource_handle);
    uint8_t *guest = NULL;
    if (range_ok(r, d->offset_bytes, d->size_bytes) && r->backing_alloc_id != 0)
        guest = guest_bytes(f, r->backing_alloc_id, r->backing_offset_bytes + d->offset_bytes,
                            d->size_bytes);
    if (guest == NULL) {
        f->host_faults++;
        return;
    }
    memcpy(r->bytes + d->offset_bytes, guest, (size_t)d->size_bytes);
}

/* The host's bytes [offset, offset + size) of r written back to its guest memory. */
static void write_back(struct aerocmd_umd_fake *f, const fake_res *r, uint64_t offset,
                       uint64_t size)
{
    uint8_t *guest = r->backing_alloc_id != 0 ? guest_bytes(f, r->backing_alloc_id,
                                                            r->backing_offset_bytes + offset, size)
                                              : NULL;
    if (guest == NULL) {
        f->host_faults++;
        return;
    }
    memcpy(guest, r->bytes + offset, (size_t)size);
}

static void copy_buffer(struct aerocmd_umd_fake *f, const struct aerogpu_cmd_copy_buffer *c)
{
    fake_res *dst = find_res(f, c->dst_buffer);
    fake_res *src = find_res(f, c->src_buffer);
    if (!range_ok(dst, c->dst_offset_bytes, c->size_bytes) ||
        !range_ok(src, c->src_offset_bytes, c->size_bytes)) {
        f->host_faults++;
        return;
    }
    memmove(dst->bytes + c->dst_offset_bytes, src->bytes + c->src_offset_bytes,
            (size_t)c->size_bytes);
    if (c->flags & AEROGPU_COPY_FLAG_WRITEBACK_DST)
        write_back(f, dst, c->dst_offset_bytes, c->size_bytes);
}

/* Byte offset of pixel (x, y) of a subresource, in whole blocks. */
static uint32_t texel_offset(const struct aerocmd_subresource_layout *s, uint32_t block_size,
                             uint32_t block_bytes, uint32_t x, uint32_t y)
{
    return s->offset_bytes + y / block_size * s->row_pitch_bytes + x / block_size * block_bytes;
}

static int texture_sub(const fake_res *r, uint32_t mip, uint32_t layer,
                       struct aerocmd_subresource_layout *s, struct aerocmd_texture_layout *t)
{
    struct aerocmd_texture_layout_desc ld;
    if (r == NULL || !r->is_texture || mip >= r->mip_levels || layer >= r->array_layers)
        return 0;
    ld = layout_of(r);
    return aerocmd_texture_layout(&ld, t, NULL) == AEROCMD_OK &&
           aerocmd_texture_subresource(&ld, mip + layer * r->mip_levels, s, NULL) == AEROCMD_OK;
}

static void copy_texture(struct aerocmd_umd_fake *f, const struct aerogpu_cmd_copy_texture2d *c)
{
    fake_res *dst = find_res(f, c->dst_texture), *src = find_res(f, c->src_texture);
    struct aerocmd_subresource_layout ds, ss;
    struct aerocmd_texture_layout dt, st;
    uint32_t y, bs, row_bytes;
    if (!texture_sub(dst, c->dst_mip_level, c->dst_array_layer, &ds, &dt) ||
        !texture_sub(src, c->src_mip_level, c->src_array_layer, &ss, &st) ||
        c->src_x + c->width > ss.width || c->src_y + c->height > ss.height ||
        c->dst_x + c->width > ds.width || c->dst_y + c->height > ds.height) {
        f->host_faults++;
        return;
    }
    bs = dt.block_size;
    row_bytes = (c->width + bs - 1u) / bs * dt.block_bytes;
    for (y = 0; y < c->height; y += bs) {
        uint32_t d = texel_offset(&ds, bs, dt.block_bytes, c->dst_x, c->dst_y + y);
        uint32_t s = texel_offset(&ss, bs, st.block_bytes, c->src_x, c->src_y + y);
        memmove(dst->bytes + d, src->bytes + s, row_bytes);
        if (c->flags & AEROGPU_COPY_FLAG_WRITEBACK_DST)
            write_back(f, dst, d, row_bytes);
    }
}

static uint8_t unorm8(uint32_t f32_bits)
{
    float v;
    memcpy(&v, &f32_bits, sizeof v);
    if (!(v > 0.0f))
        return 0;
    if (v >= 1.0f)
        return 255;
    return (uint8_t)(v * 255.0f + 0.5f);
}

/* Colour clears of 8-bit RGBA/BGRA targets bound by handle (views are not modelled). */
static void clear_targets(struct aerocmd_umd_fake *f, const struct aerogpu_cmd_clear *c)
{
    uint32_t i, j;
    if (!(c->flags & AEROGPU_CLEAR_COLOR))
        return;
    for (i = 0; i < f->rt_count; i++) {
        fake_res *r = find_res(f, f->rt_colors[i]);
        struct aerocmd_subresource_layout s;
        struct aerocmd_texture_layout t;
        uint8_t px[4];
        int bgra;
        if (!texture_sub(r, 0, 0, &s, &t) || t.block_bytes != 4 || t.block_size != 1)
            continue;
        bgra = r->format == AEROGPU_FORMAT_B8G8R8A8_UNORM ||
               r->format == AEROGPU_FORMAT_B8G8R8X8_UNORM;
        px[0] = unorm8(c->color_rgba_f32[bgra ? 2 : 0]);
        px[1] = unorm8(c->color_rgba_f32[1]);
        px[2] = unorm8(c->color_rgba_f32[bgra ? 0 : 2]);
        px[3] = unorm8(c->color_rgba_f32[3]);
        for (j = 0; j < s.width * s.height; j++)
            memcpy(r->bytes + texel_offset(&s, 1, 4, j % s.width, j / s.width), px, 4);
    }
}

static void set_targets(struct aerocmd_umd_fake *f, const struct aerogpu_cmd_set_render_targets *t)
{
    uint32_t i;
    f->rt_count = t->color_count <= 8u ? t->color_count : 8u;
    for (i = 0; i < f->rt_count; i++)
        f->rt_colors[i] = t->colors[i];
}

static void set_vertex_buffers(struct aerocmd_umd_fake *f, const struct aerocmd_packet *p)
{
    const struct aerogpu_cmd_set_vertex_buffers *c =
        AEROCMD_VIEW(p, aerogpu_cmd_set_vertex_buffers, AEROGPU_CMD_SET_VERTEX_BUFFERS);
    const uint8_t *b = aerocmd_packet_payload(p, NULL, NULL);
    uint32_t i;
    if (c == NULL || b == NULL || c->start_slot > AEROCMD_UMD_MAX_VERTEX_BUFFERS ||
        c->buffer_count > AEROCMD_UMD_MAX_VERTEX_BUFFERS - c->start_slot) {
        f->host_faults++;
        return;
    }
    for (i = 0; i < c->buffer_count; i++) {
        struct aerogpu_vertex_buffer_binding v;
        memcpy(&v, b + i * sizeof v, sizeof v);
        f->ia.vb_handle[c->start_slot + i] = v.buffer;
        f->ia.vb_stride[c->start_slot + i] = v.stride_bytes;
        f->ia.vb_offset[c->start_slot + i] = v.offset_bytes;
    }
}

static void set_index_buffer(struct aerocmd_umd_fake *f,
                             const struct aerogpu_cmd_set_index_buffer *c)
{
    f->ia.ib_handle = c->buffer;
    f->ia.ib_format = c->format;
    f->ia.ib_offset = c->offset_bytes;
}

/* The host shows the first non-zero render target bound at the PRESENT. */
static void present(struct aerocmd_umd_fake *f)
{
    struct aerocmd_umd_fake_present *rec =
        &f->presents[f->present_count++ % AEROCMD_UMD_FAKE_PRESENT_HISTORY];
    const fake_res *r;
    uint32_t i;
    memset(rec, 0, sizeof *rec);
    for (i = 0; i < f->rt_count && f->rt_colors[i] == 0; i++)
        ;
    if (i == f->rt_count)
        return;
    rec->handle = f->rt_colors[i];
    r = find_res(f, rec->handle);
    if (r != NULL && r->bytes != NULL && r->size_bytes >= 4)
        memcpy(&rec->first_texel, r->bytes, 4);
}

#define HOST_VIEW(type, opcode) AEROCMD_VIEW(&p, type, opcode)

static void apply_packet(struct aerocmd_umd_fake *f, const struct aerocmd_packet *pp)
{
    struct aerocmd_packet p = *pp;
    switch (p.opcode) {
    case AEROGPU_CMD_CREATE_BUFFER:
        create_buffer(f, HOST_VIEW(aerogpu_cmd_create_buffer, AEROGPU_CMD_CREATE_BUFFER));
        break;
    case AEROGPU_CMD_CREATE_TEXTURE2D:
        create_texture(f, HOST_VIEW(aerogpu_cmd_create_texture2d, AEROGPU_CMD_CREATE_TEXTURE2D));
        break;
    case AEROGPU_CMD_DESTROY_RESOURCE:
        destroy_resource(f, HOST_VIEW(aerogpu_cmd_destroy_resource, p.opcode)->resource_handle);
        break;
    case AEROGPU_CMD_UPLOAD_RESOURCE:
        upload(f, &p);
        break;
    case AEROGPU_CMD_RESOURCE_DIRTY_RANGE:
        dirty_range(f, HOST_VIEW(aerogpu_cmd_resource_dirty_range, p.opcode));
        break;
    case AEROGPU_CMD_COPY_BUFFER:
        copy_buffer(f, HOST_VIEW(aerogpu_cmd_copy_buffer, p.opcode));
        break;
    case AEROGPU_CMD_COPY_TEXTURE2D:
        copy_texture(f, HOST_VIEW(aerogpu_cmd_copy_texture2d, p.opcode));
        break;
    case AEROGPU_CMD_SET_VERTEX_BUFFERS:
        set_vertex_buffers(f, &p);
        break;
    case AEROGPU_CMD_SET_INDEX_BUFFER:
        set_index_buffer(f, HOST_VIEW(aerogpu_cmd_set_index_buffer, p.opcode));
        break;
    case AEROGPU_CMD_DRAW:
    case AEROGPU_CMD_DRAW_INDEXED:
        if (f->on_draw != NULL)
            f->on_draw(f->on_draw_user, f, p.bytes);
        break;
    case AEROGPU_CMD_SET_RENDER_TARGETS:
        set_targets(f, HOST_VIEW(aerogpu_cmd_set_render_targets, p.opcode));
        break;
    case AEROGPU_CMD_CLEAR:
        clear_targets(f, HOST_VIEW(aerogpu_cmd_clear, p.opcode));
        break;
    case AEROGPU_CMD_EXPORT_SHARED_SURFACE:
        export_surface(f, HOST_VIEW(aerogpu_cmd_export_shared_surface, p.opcode));
        break;
    case AEROGPU_CMD_IMPORT_SHARED_SURFACE:
        import_surface(f, HOST_VIEW(aerogpu_cmd_import_shared_surface, p.opcode));
        break;
    case AEROGPU_CMD_PRESENT:
    case AEROGPU_CMD_PRESENT_EX:
        present(f);
        break;
    case AEROGPU_CMD_RELEASE_SHARED_SURFACE:
        release_surface(f, HOST_VIEW(aerogpu_cmd_release_shared_surface, p.opcode));
        break;
    default:
        break;
    }
}

void aerocmd_priv_umd_fake_host_apply(struct aerocmd_umd_fake *f, const uint8_t *cmd,
                                      uint32_t cmd_bytes)
{
    struct aerocmd_stream st;
    struct aerocmd_cursor cur;
    struct aerocmd_packet p;
    struct aerocmd_diag diag;
    /* Only packets that pass the structural check are applied: the views are then sized. */
    if (aerocmd_validate_stream(cmd, cmd_bytes, &diag) != AEROCMD_OK ||
        aerocmd_stream_open(&st, cmd, cmd_bytes, &diag) != AEROCMD_OK) {
        f->host_faults++;
        return;
    }
    aerocmd_cursor_init(&cur, &st);
    while (aerocmd_cursor_next(&cur, &p, &diag) == 1)
        apply_packet(f, &p);
}

void aerocmd_priv_umd_fake_host_release(struct aerocmd_umd_fake *f)
{
    uint32_t i;
    for (i = 0; i < f->resource_count; i++)
        storage_release(f, f->resources[i].bytes, f->resources[i].size_bytes);
    host_free(f, f->resources, (size_t)f->resource_capacity * sizeof(fake_res));
    f->resources = NULL;
    f->resource_count = f->resource_capacity = 0;
}
