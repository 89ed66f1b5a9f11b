/* SPDX-License-Identifier: MIT */
/* umd_uav_clear.c — ClearUnorderedAccessView{Uint,Float} of buffer views. The protocol has
 * no clear packet, so the clear value is turned into the bytes of one element and that
 * pattern is written over the view's range: as UPLOAD_RESOURCE for host-owned buffers, into
 * guest memory (and announced as a dirty range) for guest-backed ones. */
#include <string.h>

#include "umd_internal.h"
#include "umd_wait.h"

enum component_type { COMP_FLOAT, COMP_UNORM, COMP_SNORM, COMP_UINT, COMP_SINT };

/* A typed buffer format: its components' widths in bits, lowest first, and their type. */
struct typed_format {
    uint8_t dxgi;
    uint8_t type;
    uint8_t bits[4];
};

static const struct typed_format typed_formats[] = {
    {2, COMP_FLOAT, {32, 32, 32, 32}},  {3, COMP_UINT, {32, 32, 32, 32}},
    {4, COMP_SINT, {32, 32, 32, 32}},   {6, COMP_FLOAT, {32, 32, 32, 0}},
    {7, COMP_UINT, {32, 32, 32, 0}},    {8, COMP_SINT, {32, 32, 32, 0}},
    {10, COMP_FLOAT, {16, 16, 16, 16}}, {11, COMP_UNORM, {16, 16, 16, 16}},
    {12, COMP_UINT, {16, 16, 16, 16}},  {13, COMP_SNORM, {16, 16, 16, 16}},
    {14, COMP_SINT, {16, 16, 16, 16}},  {16, COMP_FLOAT, {32, 32, 0, 0}},
    {17, COMP_UINT, {32, 32, 0, 0}},    {18, COMP_SINT, {32, 32, 0, 0}},
    {24, COMP_UNORM, {10, 10, 10, 2}},  {25, COMP_UINT, {10, 10, 10, 2}},
    {28, COMP_UNORM, {8, 8, 8, 8}},     {30, COMP_UINT, {8, 8, 8, 8}},
    {31, COMP_SNORM, {8, 8, 8, 8}},     {32, COMP_SINT, {8, 8, 8, 8}},
    {34, COMP_FLOAT, {16, 16, 0, 0}},   {35, COMP_UNORM, {16, 16, 0, 0}},
    {36, COMP_UINT, {16, 16, 0, 0}},    {37, COMP_SNORM, {16, 16, 0, 0}},
    {38, COMP_SINT, {16, 16, 0, 0}},    {41, COMP_FLOAT, {32, 0, 0, 0}},
    {42, COMP_UINT, {32, 0, 0, 0}},     {43, COMP_SINT, {32, 0, 0, 0}},
    {49, COMP_UNORM, {8, 8, 0, 0}},     {50, COMP_UINT, {8, 8, 0, 0}},
    {51, COMP_SNORM, {8, 8, 0, 0}},     {52, COMP_SINT, {8, 8, 0, 0}},
    {54, COMP_FLOAT, {16, 0, 0, 0}},    {56, COMP_UNORM, {16, 0, 0, 0}},
    {57, COMP_UINT, {16, 0, 0, 0}},     {58, COMP_SNORM, {16, 0, 0, 0}},
    {59, COMP_SINT, {16, 0, 0, 0}},     {61, COMP_UNORM, {8, 0, 0, 0}},
    {62, COMP_UINT, {8, 0, 0, 0}},      {63, COMP_SNORM, {8, 0, 0, 0}},
    {64, COMP_SINT, {8, 0, 0, 0}},
};

static const struct typed_format *find_format(uint32_t dxgi)
{
    size_t i;
    for (i = 0; i < sizeof typed_formats / sizeof typed_formats[0]; i++)
        if (typed_formats[i].dxgi == dxgi)
            return &typed_formats[i];
    return NULL;
}

/* Packs the low bits of each component value, lowest component first, little-endian. */
static void pack_components(const struct typed_format *f, const uint32_t v[4], uint8_t *out)
{
    uint32_t bit = 0, c, b;
    for (c = 0; c < 4 && f->bits[c] != 0; c++)
        for (b = 0; b < f->bits[c]; b++, bit++)
            if ((v[c] >> b) & 1u)
                out[bit / 8u] |= (uint8_t)(1u << (bit % 8u));
}

static float f32_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* A normalised integer of `bits` bits from a float, rounded to nearest; NaN becomes 0. */
static uint32_t to_norm(float x, uint32_t bits, int is_signed)
{
    float max = (float)((1u << (bits - (is_signed ? 1u : 0u))) - 1u);
    float lo = is_signed ? -1.0f : 0.0f;
    float scaled;
    if (x != x)
        x = 0.0f; /* NaN */
    if (x < lo)
        x = lo;
    if (x > 1.0f)
        x = 1.0f;
    scaled = x * max;
    scaled += scaled < 0.0f ? -0.5f : 0.5f;
    return (uint32_t)(int32_t)scaled & (bits == 32u ? 0xFFFFFFFFu : (1u << bits) - 1u);
}

/* The float clear's component values for a typed format, as the bits Uint would take. */
static aerocmd_result float_components(const struct typed_format *f, const uint32_t in[4],
                                       uint32_t out[4])
{
    uint32_t c;
    for (c = 0; c < 4; c++) {
        out[c] = 0;
        if (f->bits[c] == 0)
            continue;
        if (f->type == COMP_UINT || f->type == COMP_SINT)
            return AEROCMD_E_INVALID_ARG; /* Direct3D: float clears are for float formats */
        if (f->type == COMP_FLOAT) {
            if (f->bits[c] != 32u)
                return AEROCMD_E_NOT_IMPLEMENTED;
            out[c] = in[c];
        } else {
            if (f->bits[c] > 16u)
                return AEROCMD_E_NOT_IMPLEMENTED;
            out[c] = to_norm(f32_of(in[c]), f->bits[c], f->type == COMP_SNORM);
        }
    }
    return AEROCMD_OK;
}

/* One element's bytes for the clear, repeated to a whole number of 32-bit words: `*unit`
 * bytes of `pattern`. */
static aerocmd_result make_pattern(const struct aerocmd_umd_uav *uav, const uint32_t values[4],
                                   int is_float, uint8_t pattern[16], uint32_t *unit)
{
    const struct typed_format *f;
    uint32_t comps[4], i;
    aerocmd_result r;
    memset(pattern, 0, 16);
    if (uav->dxgi_format == 0) {
        /* raw and structured: the first value's bits in every word */
        memcpy(pattern, &values[0], 4);
        *unit = 4;
        return AEROCMD_OK;
    }
    f = find_format(uav->dxgi_format);
    if (f == NULL)
        return AEROCMD_E_NOT_IMPLEMENTED;
    if (is_float) {
        r = float_components(f, values, comps);
        if (r != AEROCMD_OK)
            return r;
        pack_components(f, comps, pattern);
    } else {
        pack_components(f, values, pattern);
    }
    *unit = uav->element_bytes;
    for (i = uav->element_bytes; i < 4u; i++)
        pattern[i] = pattern[i - uav->element_bytes];
    if (*unit < 4u)
        *unit = 4u;
    return AEROCMD_OK;
}

/* `size` bytes of the repeated element pattern at `dst`, which starts on an element. */
static void fill(uint8_t *dst, uint32_t size, const uint8_t *pattern, uint32_t element_bytes)
{
    uint32_t i;
    for (i = 0; i < size; i++)
        dst[i] = pattern[i % element_bytes];
}

static aerocmd_result clear_guest(struct aerocmd_umd_context *ctx, struct aerocmd_umd_uav *uav,
                                  const uint8_t *pattern, uint32_t element_bytes)
{
    struct aerocmd_umd_device *dev = ctx->dev;
    struct aerocmd_umd_resource *res = uav->res;
    uint64_t serial =
        res->listed_serial > res->write_serial ? res->listed_serial : res->write_serial;
    void *cpu = NULL;
    aerocmd_result r = aerocmd_priv_umd_lock_when_done(ctx, &res->memory, serial, 0, &cpu);
    if (r != AEROCMD_OK)
        return r;
    fill((uint8_t *)cpu + uav->offset_bytes, uav->size_bytes, pattern, element_bytes);
    dev->cb.unlock_memory(dev->cb.user, &res->memory);
    return aerocmd_priv_umd_emit_dirty_range(ctx, res, uav->offset_bytes, uav->size_bytes);
}

static aerocmd_result clear_host(struct aerocmd_umd_context *ctx, struct aerocmd_umd_uav *uav,
                                 const uint8_t *pattern, uint32_t element_bytes, uint32_t unit)
{
    struct aerocmd_umd_resource *res = uav->res;
    uint32_t begin = uav->offset_bytes, end = uav->offset_bytes + uav->size_bytes;
    if (res->shadow != NULL) {
        fill(res->shadow + begin, uav->size_bytes, pattern, element_bytes);
        begin &= ~3u;
        end = (end + 3u) & ~3u;
        return aerocmd_priv_umd_upload_rows(ctx, res->handle, begin, res->shadow + begin, 4, 4,
                                            (end - begin) / 4u);
    }
    /* Without a shadow the neighbours of a partial word are unknown. */
    if ((begin & 3u) != 0 || uav->size_bytes % unit != 0)
        return AEROCMD_E_NOT_IMPLEMENTED;
    return aerocmd_priv_umd_upload_rows(ctx, res->handle, begin, pattern, 0, unit,
                                        uav->size_bytes / unit);
}

static aerocmd_result clear_uav(struct aerocmd_umd_context *ctx, struct aerocmd_umd_uav *uav,
                                const uint32_t values[4], int is_float)
{
    uint8_t pattern[16];
    uint32_t unit = 0, element_bytes;
    aerocmd_result r;
    if (ctx == NULL || uav == NULL || uav->dev != ctx->dev || values == NULL || uav->res->mapped)
        return AEROCMD_E_INVALID_ARG;
    if (ctx->lost)
        return AEROCMD_E_DEVICE_REMOVED;
    r = make_pattern(uav, values, is_float, pattern, &unit);
    if (r != AEROCMD_OK)
        return r;
    element_bytes = uav->dxgi_format == 0 ? 4u : uav->element_bytes;
    if (uav->res->guest_backed)
        return clear_guest(ctx, uav, pattern, element_bytes);
    return clear_host(ctx, uav, pattern, element_bytes, unit);
}

aerocmd_result aerocmd_umd_clear_uav_uint(struct aerocmd_umd_context *ctx,
                                          struct aerocmd_umd_uav *uav, const uint32_t values[4])
{
    return umd_predicated_out(ctx) ? AEROCMD_OK : clear_uav(ctx, uav, values, 0);
}

aerocmd_result aerocmd_umd_clear_uav_float(struct aerocmd_umd_context *ctx,
                                           struct aerocmd_umd_uav *uav,
                                           const uint32_t values_f32[4])
{
    return umd_predicated_out(ctx) ? AEROCMD_OK : clear_uav(ctx, uav, values_f32, 1);
}
