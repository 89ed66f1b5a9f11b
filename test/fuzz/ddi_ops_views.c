/* SPDX-License-Identifier: MIT */
/* ddi_ops_views.c — fuzz_ddi_sequence's operations for the kinds of buffer that views read
 * differently (raw, structured), views with flags (raw buffer SRVs, read-only DSVs) and
 * unordered-access views, with an oracle for each creation.
 *
 * The oracles restate Direct3D 11's rules as umd_objects.h and umd_compute.h document them,
 * from what the fuzzer itself asked for (the slot records each resource's size, binds,
 * buffer flags and stride). These creations call no fallible callback, so the library's
 * answer must be exactly the predicted one; descriptions whose answer hinges on a format
 * outside the fuzzer's table are only checked for results nothing may return. */
#include "ddi_fuzz.h"

#define DXGI_R32_TYPELESS 39u
#define EXPECT_UNKNOWN    (-1)

/* Element sizes of the typed formats the fuzzer picks (DXGI facts). */
struct typed_format {
    uint32_t dxgi_format, bytes;
};
static const struct typed_format typed_formats[] = {
    {2, 16}, {6, 12}, {10, 8}, {16, 8}, {24, 4}, {28, 4},
    {34, 4}, {41, 4}, {42, 4}, {61, 1}, {87, 4}, {57, 2},
};
/* Formats no buffer view can be typed with: typeless, depth, block-compressed. */
static const uint32_t untyped_formats[] = {1, 39, 40, 45, 71};

/* Selector tables: what views of buffers are described with. */
static const uint32_t view_formats[] = {0,  39, 2,  6,  10, 16, 24, 28, 34,
                                        41, 42, 61, 87, 57, 1,  40, 45, 71};
static const uint32_t strides[] = {4, 8, 12, 16, 20, 32, 48, 64, 256, 2048, 0, 2, 6, 2052, 4096};
static const uint32_t float_bits[] = {0x00000000u, 0x3F800000u, 0xBF800000u, 0x3F000000u,
                                      0x7FC00000u, 0x7F800000u, 0x477FE000u, 0x00000001u};

/* 1..16: the format's element size; 0: one of untyped_formats; EXPECT_UNKNOWN: neither. */
static int typed_bytes(uint32_t dxgi_format)
{
    uint32_t i;
    for (i = 0; i < COUNT_OF(typed_formats); i++)
        if (typed_formats[i].dxgi_format == dxgi_format)
            return (int)typed_formats[i].bytes;
    for (i = 0; i < COUNT_OF(untyped_formats); i++)
        if (untyped_formats[i] == dxgi_format)
            return 0;
    return EXPECT_UNKNOWN;
}

static void expect(struct ddi *d, aerocmd_result got, int want)
{
    ddi_check(d, got);
    if (want != EXPECT_UNKNOWN && (int)got != want)
        abort(); /* the library's answer is not the one Direct3D's rules give */
}

/* ---- buffers with structure ------------------------------------------------------------ */

/* D3D11's rules for BUFFER_STRUCTURED / ALLOW_RAW_VIEWS (umd_objects.h). */
static int structure_ok(const struct aerocmd_umd_buffer_desc *bd)
{
    uint32_t stride = bd->structure_stride;
    if (!(bd->misc_flags & AEROCMD_UMD_MISC_BUFFER_STRUCTURED))
        return 1;
    return !(bd->misc_flags & AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS) && stride != 0 &&
           stride % 4u == 0 && stride <= AEROCMD_UMD_MAX_STRUCTURE_STRIDE &&
           bd->size_bytes % stride == 0;
}

void ddi_note_resource(struct slot *s, uint32_t kind, uint32_t size, uint32_t bind)
{
    s->kind = kind;
    s->size = size;
    s->bind = bind;
    s->misc = 0;
    s->stride = 0;
    s->opened = 0;
    s->mapped = 0;
}

/* Like create_buffer, plus the buffer kind flags and a structure stride; the size is either
 * raw or a whole number of strides. cfg: bits 0-1 none / ALLOW_RAW_VIEWS / STRUCTURED /
 * both, bit 2 SHARED, bit 3 guest-backed, bit 4 initial data, bit 5 size from the stride. */
void ddi_op_create_buffer_ex(struct ddi *d, struct reader *r)
{
    static const uint32_t kinds[4] = {
        0, AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS, AEROCMD_UMD_MISC_BUFFER_STRUCTURED,
        AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS | AEROCMD_UMD_MISC_BUFFER_STRUCTURED};
    struct slot *s = &d->res[rd8(r) % N_RES];
    struct aerocmd_umd_buffer_desc bd;
    aerocmd_result result;
    uint32_t cfg, usage_byte;
    if (s->obj != NULL)
        return;
    memset(&bd, 0, sizeof bd);
    bd.bind_flags = rd8(r);
    cfg = rd8(r);
    usage_byte = rd8(r);
    bd.usage = usage_byte % 4u;
    bd.cpu_access = ((usage_byte >> 2) & 1u ? AEROCMD_UMD_CPU_ACCESS_WRITE : 0u) |
                    ((usage_byte >> 3) & 1u ? AEROCMD_UMD_CPU_ACCESS_READ : 0u);
    bd.misc_flags = kinds[cfg & 3u] | ((cfg & 4u) ? AEROCMD_UMD_MISC_SHARED : 0u);
    bd.guest_backed = (cfg >> 3) & 1u;
    bd.structure_stride = pick(r, strides, COUNT_OF(strides));
    /* at most 16 strides of at most 4096 bytes: whole-buffer updates stay in the pattern */
    if (cfg & 0x20u)
        bd.size_bytes = (bd.structure_stride ? bd.structure_stride : 1u) * (rd8(r) % 16u + 1u);
    else
        bd.size_bytes = rd16(r) & 0x1FFFu;
    result = aerocmd_umd_create_buffer(d->dev, s->mem, sizeof s->mem, &bd,
                                       (cfg & 0x10u) ? ddi_pattern : NULL,
                                       (struct aerocmd_umd_resource **)&s->obj);
    expect(d, result, structure_ok(&bd) ? EXPECT_UNKNOWN : AEROCMD_E_INVALID_ARG);
    if (result != AEROCMD_OK)
        return;
    ddi_note_resource(s, KIND_BUFFER, bd.size_bytes, bd.bind_flags);
    s->misc = bd.misc_flags &
              (AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS | AEROCMD_UMD_MISC_BUFFER_STRUCTURED);
    s->stride = (s->misc & AEROCMD_UMD_MISC_BUFFER_STRUCTURED) ? bd.structure_stride : 0u;
}

/* ---- element ranges ----------------------------------------------------------------------- */

/* first / count in elements of e bytes over a buffer of `bytes`: all of it, a range inside
 * (possibly empty), one reaching to or just past the end, ranges whose byte offsets
 * overflow 32 bits, or raw bytes. */
static void read_range(struct reader *r, uint32_t bytes, uint32_t e, uint32_t *first,
                       uint32_t *count)
{
    uint32_t mode = rd8(r) % 6u, a = rd8(r), b = rd8(r), n = e != 0 ? bytes / e : 0u;
    if (mode == 0) {
        *first = 0;
        *count = n;
    } else if (mode == 1) {
        *first = a % (n + 1u);
        *count = b % (n - *first + 1u);
    } else if (mode == 2) {
        *first = n - a % (n + 1u);
        *count = a % (n + 1u) + (b & 1u);
    } else if (mode == 3) {
        *first = 0xFFFFFFFFu - a;
        *count = b + 1u;
    } else if (mode == 4) {
        *first = a;
        *count = 0x80000000u + b;
    } else {
        *first = a;
        *count = b;
    }
}

/* element_bytes as a view description gives it: 0, the right size, a wrong one, raw. */
static uint32_t read_element_bytes(struct reader *r, uint32_t e)
{
    uint32_t sel = rd8(r) % 4u;
    if (sel == 0)
        return 0;
    if (sel == 1)
        return e;
    if (sel == 2)
        return e + 4u;
    return rd8(r);
}

static int range_result(uint32_t bytes, uint32_t e, uint32_t first, uint32_t count)
{
    uint64_t begin = (uint64_t)first * e, size = (uint64_t)count * e;
    return size != 0 && begin + size <= bytes ? AEROCMD_OK : AEROCMD_E_INVALID_ARG;
}

/* ---- shader-resource, render-target and depth-stencil views ----------------------------- */

static uint32_t bind_of_kind(uint32_t kind)
{
    if (kind == AEROCMD_VIEW_SHADER_RESOURCE)
        return AEROCMD_UMD_BIND_SHADER_RESOURCE;
    if (kind == AEROCMD_VIEW_RENDER_TARGET)
        return AEROCMD_UMD_BIND_RENDER_TARGET;
    return AEROCMD_UMD_BIND_DEPTH_STENCIL;
}

/* The element size of a buffer SRV (> 0), or the result the description must get. */
static int srv_element_bytes(const struct slot *res, const struct aerocmd_umd_view_desc *vd,
                             uint32_t *e)
{
    int typed;
    if (vd->flags & AEROCMD_UMD_VIEW_RAW) {
        if (!(res->misc & AEROCMD_UMD_MISC_BUFFER_ALLOW_RAW_VIEWS) ||
            vd->dxgi_format != DXGI_R32_TYPELESS)
            return AEROCMD_E_INVALID_ARG;
        *e = 4;
        return AEROCMD_OK;
    }
    if (vd->dxgi_format == 0) {
        if (!(res->misc & AEROCMD_UMD_MISC_BUFFER_STRUCTURED))
            return AEROCMD_E_INVALID_ARG;
        *e = res->stride;
        return AEROCMD_OK;
    }
    if (res->misc & AEROCMD_UMD_MISC_BUFFER_STRUCTURED)
        return AEROCMD_E_INVALID_ARG;
    typed = typed_bytes(vd->dxgi_format);
    if (typed <= 0)
        return typed == 0 ? AEROCMD_E_NOT_IMPLEMENTED : EXPECT_UNKNOWN;
    *e = (uint32_t)typed;
    return AEROCMD_OK;
}

/* What create_view must answer for a view of the resource in slot `res`. Texture views
 * without flags follow rules this oracle does not restate (formats, subranges). */
static int view_expectation(const struct slot *res, uint32_t kind,
                            const struct aerocmd_umd_view_desc *vd)
{
    uint32_t allowed = 0, e = 0;
    int want;
    if (!(res->bind & bind_of_kind(kind)))
        return AEROCMD_E_INVALID_ARG;
    if (kind == AEROCMD_VIEW_SHADER_RESOURCE && res->kind == KIND_BUFFER)
        allowed = AEROCMD_UMD_VIEW_RAW;
    else if (kind == AEROCMD_VIEW_DEPTH_STENCIL)
        allowed = AEROCMD_UMD_VIEW_READ_ONLY_DEPTH | AEROCMD_UMD_VIEW_READ_ONLY_STENCIL;
    if (vd->flags & ~allowed)
        return AEROCMD_E_INVALID_ARG;
    if (kind == AEROCMD_VIEW_DEPTH_STENCIL && vd->flags != 0)
        return AEROCMD_E_NOT_IMPLEMENTED; /* the protocol has no read-only depth target */
    if (res->kind != KIND_BUFFER)
        return EXPECT_UNKNOWN;
    want = srv_element_bytes(res, vd, &e);
    if (want != AEROCMD_OK)
        return want;
    if (vd->element_bytes != 0 && vd->element_bytes != e)
        return AEROCMD_E_INVALID_ARG;
    return range_result(res->size, e, vd->first_element, vd->element_count);
}

/* A view with flags: for buffers an SRV description (typed, structured or raw) with an
 * element range derived from the buffer's size, for textures a subrange as create_view
 * reads it. flags byte: bits 0-1 the flags, bit 7 adds bits 2-6 (never valid). */
void ddi_op_create_view_ex(struct ddi *d, struct reader *r)
{
    struct slot *s = &d->view[rd8(r) % N_VIEW];
    uint32_t kind = rd8(r) % 3u, index = rd8(r) % N_RES, fb = rd8(r), e = 4;
    struct slot *res = &d->res[index];
    struct aerocmd_umd_view_desc vd;
    aerocmd_result result;
    if (s->obj != NULL || res->obj == NULL)
        return;
    memset(&vd, 0, sizeof vd);
    vd.flags = (fb & 3u) | ((fb & 0x80u) ? fb & 0x7Cu : 0u);
    vd.dxgi_format = pick(r, view_formats, COUNT_OF(view_formats));
    if (res->kind == KIND_BUFFER) {
        if (srv_element_bytes(res, &vd, &e) != AEROCMD_OK || e == 0)
            e = 4;
        read_range(r, res->size, e, &vd.first_element, &vd.element_count);
        vd.element_bytes = read_element_bytes(r, e);
    } else {
        vd.first_mip = rd8(r) % 4u;
        vd.mip_count = rd8(r) % 4u;
        vd.first_layer = rd8(r) % 3u;
        vd.layer_count = rd8(r) % 3u;
    }
    s->res = index;
    s->kind = kind;
    result = aerocmd_umd_create_view(d->dev, s->mem, sizeof s->mem, (enum aerocmd_view_kind)kind,
                                     (struct aerocmd_umd_resource *)res->obj, &vd,
                                     (struct aerocmd_umd_view **)&s->obj);
    expect(d, result, view_expectation(res, kind, &vd));
}

/* ---- unordered-access views -------------------------------------------------------------- */

/* The element size of a buffer UAV, or the result the description must get (umd_compute.h:
 * raw needs R32_TYPELESS and no counter, structured buffers take only structured views,
 * counters only on structured views). */
static int uav_element_bytes(const struct slot *res, const struct aerocmd_umd_uav_desc *ud,
                             uint32_t *e)
{
    uint32_t counters = AEROCMD_UMD_UAV_FLAG_APPEND | AEROCMD_UMD_UAV_FLAG_COUNTER;
    int typed;
    if ((ud->flags & ~(AEROCMD_UMD_UAV_FLAG_RAW | counters)) || (ud->flags & counters) == counters)
        return AEROCMD_E_INVALID_ARG;
    if (ud->flags & AEROCMD_UMD_UAV_FLAG_RAW) {
        if (ud->dxgi_format != DXGI_R32_TYPELESS || (ud->flags & counters) ||
            (res->misc & AEROCMD_UMD_MISC_BUFFER_STRUCTURED))
            return AEROCMD_E_INVALID_ARG;
        *e = 4;
        return AEROCMD_OK;
    }
    if (res->misc & AEROCMD_UMD_MISC_BUFFER_STRUCTURED) {
        if (ud->dxgi_format != 0 || (ud->element_bytes != 0 && ud->element_bytes != res->stride))
            return AEROCMD_E_INVALID_ARG;
        *e = res->stride;
        return AEROCMD_OK;
    }
    if (ud->dxgi_format == 0) {
        if (ud->element_bytes == 0 || ud->element_bytes % 4u != 0 ||
            ud->element_bytes > AEROCMD_UMD_MAX_STRUCTURE_STRIDE)
            return AEROCMD_E_INVALID_ARG;
        *e = ud->element_bytes;
        return AEROCMD_OK;
    }
    typed = typed_bytes(ud->dxgi_format);
    if (typed == EXPECT_UNKNOWN)
        return (ud->flags & counters) ? AEROCMD_E_INVALID_ARG : EXPECT_UNKNOWN;
    if (typed == 0 || (ud->flags & counters))
        return AEROCMD_E_INVALID_ARG;
    *e = (uint32_t)typed;
    return AEROCMD_OK;
}

static int uav_expectation(const struct slot *res, const struct aerocmd_umd_uav_desc *ud)
{
    uint32_t e = 0;
    int want;
    if (!(res->bind & AEROCMD_UMD_BIND_UNORDERED_ACCESS))
        return AEROCMD_E_INVALID_ARG;
    if (res->kind != KIND_BUFFER)
        return AEROCMD_E_NOT_IMPLEMENTED;
    want = uav_element_bytes(res, ud, &e);
    if (want != AEROCMD_OK)
        return want;
    return range_result(res->size, e, ud->first_element, ud->element_count);
}

/* flags byte: bits 0-2 RAW / APPEND / COUNTER, bit 7 adds an undefined flag. */
void ddi_op_create_uav(struct ddi *d, struct reader *r)
{
    uint32_t slot = rd8(r) % N_UAV, index = rd8(r) % N_RES, fb = rd8(r), e = 4, count;
    struct slot *s = &d->uav[slot], *res = &d->res[index];
    struct aerocmd_umd_uav_desc ud;
    aerocmd_result result;
    if (s->obj != NULL || res->obj == NULL)
        return;
    memset(&ud, 0, sizeof ud);
    ud.flags = (fb & 7u) | ((fb & 0x80u) ? 0x8u : 0u);
    ud.dxgi_format = pick(r, view_formats, COUNT_OF(view_formats));
    ud.element_bytes = pick(r, strides, COUNT_OF(strides));
    if (res->kind == KIND_BUFFER && uav_element_bytes(res, &ud, &e) != AEROCMD_OK)
        e = 4;
    read_range(r, res->size, e, &ud.first_element, &ud.element_count);
    count = rd8(r);
    ud.initial_count = count == 0xFFu ? AEROCMD_UMD_UAV_KEEP_COUNT : count;
    s->res = index;
    result = aerocmd_umd_create_uav(d->dev, s->mem, sizeof s->mem,
                                    (struct aerocmd_umd_resource *)res->obj, &ud,
                                    (struct aerocmd_umd_uav **)&s->obj);
    expect(d, result, uav_expectation(res, &ud));
}

/* CSSetUnorderedAccessViews over slots 0..9 (8 and 9 do not exist), entries from the UAV
 * slots (past them: NULL), initial counts or none. */
void ddi_op_set_cs_uavs(struct ddi *d, struct reader *r)
{
    struct aerocmd_umd_uav *uavs[4];
    uint32_t counts[4], start = rd8(r) % 10u, count = rd8(r) % 5u, cfg = rd8(r), i;
    for (i = 0; i < count; i++) {
        uint32_t b = rd8(r);
        uavs[i] = (struct aerocmd_umd_uav *)ddi_live(d->uav, N_UAV, b % (N_UAV + 2u));
        counts[i] = (b & 0x80u) ? AEROCMD_UMD_UAV_KEEP_COUNT : rd8(r);
    }
    expect(d,
           aerocmd_umd_set_cs_uavs(d->ctx, start, count, (cfg & 1u) ? NULL : uavs,
                                   (cfg & 2u) ? counts : NULL),
           start + count <= AEROCMD_UMD_MAX_UAVS ? AEROCMD_OK : AEROCMD_E_INVALID_ARG);
}

void ddi_op_clear_uav(struct ddi *d, struct reader *r)
{
    uint32_t slot = rd8(r) % N_UAV, cfg = rd8(r), values[4], i;
    struct aerocmd_umd_uav *uav = (struct aerocmd_umd_uav *)d->uav[slot].obj;
    for (i = 0; i < 4; i++)
        values[i] = (cfg & 1u) ? float_bits[(cfg >> (1u + i)) & 7u] : rd8(r) * 0x01010101u;
    if (uav == NULL)
        return;
    if (cfg & 1u)
        ddi_check(d, aerocmd_umd_clear_uav_float(d->ctx, uav, values));
    else
        ddi_check(d, aerocmd_umd_clear_uav_uint(d->ctx, uav, values));
}

void ddi_destroy_uav(struct ddi *d, uint32_t index)
{
    struct slot *s = &d->uav[index];
    if (s->obj == NULL)
        return;
    if (aerocmd_umd_destroy_uav((struct aerocmd_umd_uav *)s->obj) != AEROCMD_OK)
        abort(); /* always OK for a live view */
    s->obj = NULL;
}

void ddi_op_destroy_uav(struct ddi *d, struct reader *r)
{
    ddi_destroy_uav(d, rd8(r) % N_UAV);
}
