/* SPDX-License-Identifier: MIT */
/* ddi_ops_objects.c — fuzz_ddi_sequence's create and destroy operations: descriptions
 * drawn from the input, mostly from tables of values the umd layer accepts, sometimes
 * raw, into the object slots. */
#include "ddi_fuzz.h"
#include "../shaders/min_dxbc.h"

static const uint32_t texture_formats[] = {28, 29, 87, 91, 88, 85, 86, 45, 40, 71,
                                           74, 77, 98, 27, 41, 10, 2,  44, 19, 0};
static const uint32_t vertex_formats[] = {6, 16, 2, 28, 41, 87, 35, 0};
static const uint32_t blend_factors[] = {1, 2, 5, 6, 7, 8, 14, 15, 3, 19, 12, 0};
static const uint32_t filters[] = {0x00, 0x15, 0x01, 0x55, 0x80, 0x95, 0xD5};

static uint8_t dxbc[1200];

/* D3D11 usage 0..3 and the CPU access bits, from one input byte. */
static void read_usage(struct reader *r, uint32_t *usage, uint32_t *cpu_access)
{
    uint32_t b = rd8(r);
    *usage = b % 4u;
    *cpu_access = ((b >> 2) & 1u ? AEROCMD_UMD_CPU_ACCESS_WRITE : 0u) |
                  ((b >> 3) & 1u ? AEROCMD_UMD_CPU_ACCESS_READ : 0u);
}

void ddi_op_create_buffer(struct ddi *d, struct reader *r)
{
    struct slot *s = &d->res[rd8(r) % N_RES];
    struct aerocmd_umd_buffer_desc bd;
    uint32_t cfg;
    if (s->obj != NULL)
        return;
    memset(&bd, 0, sizeof bd);
    bd.size_bytes = rd16(r) & 0x1FFFu;
    bd.bind_flags = rd8(r);
    cfg = rd8(r);
    bd.guest_backed = (cfg >> 4) & 1u;
    bd.misc_flags = ((cfg >> 6) & 3u) << 1; /* SHARED, TEXTURECUBE */
    read_usage(r, &bd.usage, &bd.cpu_access);
    ddi_note_resource(s, KIND_BUFFER, bd.size_bytes, bd.bind_flags);
    ddi_check(d, aerocmd_umd_create_buffer(d->dev, s->mem, sizeof s->mem, &bd,
                                           (cfg & 0x20u) ? ddi_pattern : NULL,
                                           (struct aerocmd_umd_resource **)&s->obj));
}

void ddi_op_create_texture(struct ddi *d, struct reader *r)
{
    ddi_create_texture(d, r, 0, 0);
}

void ddi_create_texture(struct ddi *d, struct reader *r, uint32_t misc, uint32_t vidpn)
{
    static struct aerocmd_umd_subresource_data init[64];
    struct slot *s = &d->res[rd8(r) % N_RES];
    struct aerocmd_umd_texture2d_desc td;
    uint32_t cfg, i;
    if (s->obj != NULL)
        return;
    memset(&td, 0, sizeof td);
    td.width = rd8(r) % 64u + 1u;
    td.height = rd8(r) % 64u + 1u;
    td.mip_levels = rd8(r) % 8u;
    td.array_size = rd8(r) % 4u + 1u;
    td.dxgi_format = pick(r, texture_formats, COUNT_OF(texture_formats));
    td.bind_flags = rd8(r);
    cfg = rd8(r);
    td.sample_count = cfg & 3u;
    td.guest_backed = (cfg >> 4) & 1u;
    td.misc_flags = ((cfg >> 6) & 3u) << 1 | misc; /* SHARED, TEXTURECUBE */
    td.vidpn_source_id = vidpn;
    read_usage(r, &td.usage, &td.cpu_access);
    for (i = 0; i < 64; i++) {
        init[i].data = ddi_pattern;
        init[i].row_pitch = 1024; /* 64 texels of 16 bytes: no row of a 64-texel mip is longer */
    }
    ddi_note_resource(s, KIND_TEXTURE, 0, td.bind_flags);
    ddi_check(d, aerocmd_umd_create_texture2d(d->dev, s->mem, sizeof s->mem, &td,
                                              (cfg & 0x20u) ? init : NULL,
                                              (struct aerocmd_umd_resource **)&s->obj));
}

uint32_t ddi_texture_format(struct reader *r)
{
    return pick(r, texture_formats, COUNT_OF(texture_formats));
}

uint32_t ddi_vertex_format(struct reader *r)
{
    return pick(r, vertex_formats, COUNT_OF(vertex_formats));
}

void ddi_read_view_desc(struct reader *r, struct aerocmd_umd_view_desc *vd)
{
    memset(vd, 0, sizeof *vd);
    vd->dxgi_format = rd8(r) & 1u ? ddi_texture_format(r) : 0u;
    vd->first_mip = rd8(r) % 4u;
    vd->mip_count = rd8(r) % 4u;
    vd->first_layer = rd8(r) % 3u;
    vd->layer_count = rd8(r) % 3u;
    vd->first_element = rd8(r);
    vd->element_count = rd8(r);
    vd->element_bytes = (rd8(r) % 3u) * 8u;
}

void ddi_op_create_view(struct ddi *d, struct reader *r)
{
    struct slot *s = &d->view[rd8(r) % N_VIEW];
    uint32_t kind = rd8(r) % 3u, res = rd8(r) % N_RES;
    struct aerocmd_umd_view_desc vd;
    if (s->obj != NULL || d->res[res].obj == NULL)
        return;
    ddi_read_view_desc(r, &vd);
    s->res = res;
    s->kind = kind;
    ddi_check(d,
              aerocmd_umd_create_view(d->dev, s->mem, sizeof s->mem, (enum aerocmd_view_kind)kind,
                                      (struct aerocmd_umd_resource *)d->res[res].obj, &vd,
                                      (struct aerocmd_umd_view **)&s->obj));
}

/* A sound DXBC container of about `size` bytes holding a program of `kind` (a "ret"
 * followed by a chunk of fill bytes: min_dxbc.h), or, when asked, one with a broken magic.
 * Returns its length. */
static uint32_t make_dxbc(uint32_t kind, uint32_t size, uint32_t fill, int broken)
{
    /* DXBC program types of the kinds VS, PS, GS, CS, HS, DS */
    static const uint32_t program_of_kind[6] = {1, 0, 2, 5, 3, 4};
    static uint8_t extra[sizeof dxbc];
    uint32_t len = MIN_DXBC_BYTES;
    if (size >= 68u) {
        memset(extra, (int)fill, size - 68u);
        len = min_dxbc_extra(dxbc, program_of_kind[kind % 6u], extra, size - 68u);
    } else {
        min_dxbc(dxbc, program_of_kind[kind % 6u]);
    }
    if (broken)
        dxbc[3] = 'X';
    return len;
}

void ddi_op_create_shader(struct ddi *d, struct reader *r)
{
    struct slot *s = &d->shader[rd8(r) % N_SHADER];
    uint32_t kind = rd8(r), size = 32u + rd8(r) * 4u, fill = rd8(r);
    if (s->obj != NULL)
        return;
    size = make_dxbc(kind, size, fill, (kind & 0x80u) != 0);
    ddi_check(d, aerocmd_umd_create_shader(
                     d->dev, s->mem, sizeof s->mem, (enum aerocmd_shader_kind)(kind % 6u), dxbc,
                     (kind & 0x40u) ? size - 4u : size, (struct aerocmd_umd_shader **)&s->obj));
}

void ddi_op_create_layout(struct ddi *d, struct reader *r)
{
    static const char *const names[] = {"POSITION", "TEXCOORD", "COLOR", "normal"};
    struct aerocmd_input_element el[4];
    struct slot *s = &d->layout[rd8(r) % N_LAYOUT];
    uint32_t count = rd8(r) % 5u, i;
    if (s->obj != NULL)
        return;
    memset(el, 0, sizeof el);
    for (i = 0; i < count; i++) {
        uint32_t b = rd8(r);
        el[i].semantic_name = names[b & 3u];
        el[i].semantic_index = (b >> 2) & 3u;
        el[i].input_slot_class = (b >> 4) % 3u;
        el[i].instance_data_step_rate = b >> 6;
        el[i].dxgi_format = pick(r, vertex_formats, COUNT_OF(vertex_formats));
        el[i].input_slot = rd8(r) % 17u;
        el[i].aligned_byte_offset = rd8(r) == 0xFFu ? 0xFFFFFFFFu : (uint32_t)rd8(r) * 4u;
    }
    ddi_check(d, aerocmd_umd_create_input_layout(d->dev, s->mem, sizeof s->mem, el, count,
                                                 (struct aerocmd_umd_input_layout **)&s->obj));
}

void ddi_op_create_sampler(struct ddi *d, struct reader *r)
{
    struct slot *s = &d->sampler[rd8(r) % N_SAMPLER];
    struct aerocmd_umd_sampler_desc sd;
    uint32_t cfg;
    if (s->obj != NULL)
        return;
    memset(&sd, 0, sizeof sd);
    sd.filter = pick(r, filters, COUNT_OF(filters));
    cfg = rd8(r);
    sd.address_u = cfg % 6u;
    sd.address_v = (cfg >> 3) % 6u;
    sd.address_w = (cfg >> 5) + 1u;
    cfg = rd8(r);
    sd.mip_lod_bias_f32 = (cfg & 1u) ? 0x3F800000u : 0u;
    sd.max_anisotropy = (cfg >> 1) % 17u;
    sd.comparison_func = (cfg >> 5);
    sd.min_lod_f32 = (cfg & 0x40u) ? 0u : 0xFF7FFFFFu;
    sd.max_lod_f32 = (cfg & 0x80u) ? 0x3F800000u : 0x7F7FFFFFu;
    ddi_check(d, aerocmd_umd_create_sampler(d->dev, s->mem, sizeof s->mem, &sd,
                                            (struct aerocmd_umd_sampler **)&s->obj));
}

static void read_blend_target(struct reader *r, struct aerocmd_umd_blend_target *t)
{
    uint32_t b0 = rd8(r), b1 = rd8(r), b2 = rd8(r);
    t->enable = b0 & 1u;
    t->op = (b0 >> 1) % 7u;
    t->op_alpha = (b0 >> 4) % 7u;
    t->src = blend_factors[(b1 & 15u) % COUNT_OF(blend_factors)];
    t->dst = blend_factors[(b1 >> 4) % COUNT_OF(blend_factors)];
    t->src_alpha = blend_factors[(b2 & 15u) % COUNT_OF(blend_factors)];
    t->dst_alpha = blend_factors[(b2 >> 4) % COUNT_OF(blend_factors)];
    t->write_mask = (b0 & 0x80u) ? 0xFu : rd8(r) & 0xFu;
}

static void create_blend(struct ddi *d, struct reader *r, struct slot *s)
{
    struct aerocmd_umd_blend_desc bd;
    uint32_t cfg = rd8(r), i;
    memset(&bd, 0, sizeof bd);
    bd.alpha_to_coverage = (cfg & 0x80u) != 0;
    bd.independent = cfg & 1u;
    read_blend_target(r, &bd.targets[0]);
    for (i = 1; i < 8; i++) {
        if ((cfg >> 1) & 1u && i < 4)
            read_blend_target(r, &bd.targets[i]);
        else
            bd.targets[i] = bd.targets[0];
    }
    ddi_check(d, aerocmd_umd_create_blend_state(d->dev, s->mem, sizeof s->mem, &bd,
                                                (struct aerocmd_umd_blend_state **)&s->obj));
}

static void create_depth(struct ddi *d, struct reader *r, struct slot *s)
{
    struct aerocmd_umd_depth_stencil_desc dd;
    uint32_t cfg = rd8(r), ops = rd8(r);
    memset(&dd, 0, sizeof dd);
    dd.depth_enable = cfg & 1u;
    dd.depth_write = (cfg >> 1) & 1u;
    dd.depth_func = (cfg >> 2) % 10u;
    dd.stencil_enable = (cfg >> 6) & 1u;
    dd.stencil_read_mask = rd8(r);
    dd.stencil_write_mask = (cfg & 0x80u) ? 0x100u : rd8(r);
    dd.front.fail_op = dd.back.fail_op = (ops & 3u) + 1u;
    dd.front.depth_fail_op = dd.back.depth_fail_op = ((ops >> 2) & 1u) + 1u;
    dd.front.pass_op = dd.back.pass_op = ((ops >> 3) & 1u) + 1u;
    dd.front.func = dd.back.func = (ops >> 4) % 10u;
    ddi_check(d, aerocmd_umd_create_depth_stencil_state(
                     d->dev, s->mem, sizeof s->mem, &dd,
                     (struct aerocmd_umd_depth_stencil_state **)&s->obj));
}

static void create_raster(struct ddi *d, struct reader *r, struct slot *s)
{
    struct aerocmd_umd_rasterizer_desc rd;
    uint32_t cfg = rd8(r), flags = rd8(r);
    memset(&rd, 0, sizeof rd);
    rd.fill_mode = cfg % 5u;
    rd.cull_mode = (cfg >> 3) % 5u;
    rd.front_ccw = (cfg >> 6) & 1u;
    rd.depth_bias = (int32_t)(int8_t)rd8(r);
    rd.depth_bias_clamp_f32 = (flags & 1u) ? 0x3F800000u : 0u;
    rd.slope_scaled_depth_bias_f32 = (flags & 2u) ? 0x3F800000u : 0u;
    rd.depth_clip_enable = (flags >> 2) & 1u;
    rd.scissor_enable = (flags >> 3) & 1u;
    rd.multisample_enable = (flags >> 4) & 1u;
    rd.antialiased_line_enable = (flags >> 5) & 1u;
    ddi_check(d,
              aerocmd_umd_create_rasterizer_state(d->dev, s->mem, sizeof s->mem, &rd,
                                                  (struct aerocmd_umd_rasterizer_state **)&s->obj));
}

void ddi_op_create_state(struct ddi *d, struct reader *r)
{
    uint32_t which = rd8(r), i = (which >> 2) % N_STATE;
    if (which % 3u == 0 && d->blend[i].obj == NULL)
        create_blend(d, r, &d->blend[i]);
    else if (which % 3u == 1 && d->depth[i].obj == NULL)
        create_depth(d, r, &d->depth[i]);
    else if (which % 3u == 2 && d->raster[i].obj == NULL)
        create_raster(d, r, &d->raster[i]);
}

/* ---- destroying -------------------------------------------------------------------------- */

/* What the runtime destroys before a resource: its views, and (standing in for another
 * process that still holds the allocation) the aliases opened from it. */
static void destroy_dependents_of(struct ddi *d, uint32_t res)
{
    uint32_t i;
    for (i = 0; i < N_VIEW; i++) {
        if (d->view[i].obj != NULL && d->view[i].res == res) {
            ddi_check(d, aerocmd_umd_destroy_view((struct aerocmd_umd_view *)d->view[i].obj));
            d->view[i].obj = NULL;
        }
    }
    for (i = 0; i < N_UAV; i++)
        if (d->uav[i].res == res)
            ddi_destroy_uav(d, i);
    for (i = 0; i < N_RES; i++)
        if (d->res[i].obj != NULL && d->res[i].opened == res + 1u)
            ddi_destroy_object(d, 0, i);
}

void ddi_destroy_object(struct ddi *d, uint32_t kind, uint32_t i)
{
    struct slot *s[8];
    s[0] = i < N_RES ? &d->res[i] : NULL;
    s[1] = i < N_VIEW ? &d->view[i] : NULL;
    s[2] = i < N_SHADER ? &d->shader[i] : NULL;
    s[3] = i < N_LAYOUT ? &d->layout[i] : NULL;
    s[4] = i < N_SAMPLER ? &d->sampler[i] : NULL;
    s[5] = i < N_STATE ? &d->blend[i] : NULL;
    s[6] = i < N_STATE ? &d->depth[i] : NULL;
    s[7] = i < N_STATE ? &d->raster[i] : NULL;
    if (kind >= 8 || s[kind] == NULL || s[kind]->obj == NULL)
        return;
    if (kind == 0) {
        destroy_dependents_of(d, i);
        ddi_check(d, aerocmd_umd_destroy_resource((struct aerocmd_umd_resource *)s[0]->obj));
    } else if (kind == 1) {
        ddi_check(d, aerocmd_umd_destroy_view((struct aerocmd_umd_view *)s[1]->obj));
    } else if (kind == 2) {
        ddi_check(d, aerocmd_umd_destroy_shader((struct aerocmd_umd_shader *)s[2]->obj));
    } else if (kind == 3) {
        ddi_check(d,
                  aerocmd_umd_destroy_input_layout((struct aerocmd_umd_input_layout *)s[3]->obj));
    } else if (kind == 4) {
        ddi_check(d, aerocmd_umd_destroy_sampler((struct aerocmd_umd_sampler *)s[4]->obj));
    } else if (kind == 5) {
        aerocmd_umd_destroy_blend_state((struct aerocmd_umd_blend_state *)s[5]->obj);
    } else if (kind == 6) {
        aerocmd_umd_destroy_depth_stencil_state(
            (struct aerocmd_umd_depth_stencil_state *)s[6]->obj);
    } else {
        aerocmd_umd_destroy_rasterizer_state((struct aerocmd_umd_rasterizer_state *)s[7]->obj);
    }
    s[kind]->obj = NULL;
}

void ddi_op_destroy(struct ddi *d, struct reader *r)
{
    uint32_t a = rd8(r);
    ddi_destroy_object(d, a % 8u, a >> 3);
}
