/* SPDX-License-Identifier: MIT */
/* umd_dxbc.c — wrapping a DDI token stream and its signatures into a DXBC container. */
#include <string.h>

#include "aerocmd/dxbc.h"
#include "aerocmd/umd_dxbc.h"

#define DXBC_CHUNK_COUNT    3u
#define DXBC_CHUNK_HEADER   8u
#define SIG_HEADER_BYTES    8u
#define SIG_ENTRY_BYTES     24u
#define SB_NAME_LAST_PLAIN  10u /* SAMPLE_INDEX; 11..22 are tessellation factors */
#define SB_NAME_LAST_TESS   22u
#define COMPONENT_TYPE_UINT 1u
#define COMPONENT_TYPE_LAST 3u /* FLOAT32 */
#define SB_NAME_RT_INDEX    4u /* RENDER_TARGET_ARRAY_INDEX; 5 VIEWPORT_ARRAY_INDEX */
#define SB_NAME_VERTEX_ID   6u /* 6..10: VERTEX_ID .. SAMPLE_INDEX, all integers */
#define STRING_PAD          0xABu
#define FOURCC(a, b, c, d)                                                                         \
    ((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | (uint32_t)(d) << 24)

/* Names by D3D10_SB_NAME value; index 0 is the synthesized one. */
static const char *const system_value_names[SB_NAME_LAST_PLAIN + 1u] = {
    AEROCMD_UMD_SYNTH_SEMANTIC,
    "SV_Position",
    "SV_ClipDistance",
    "SV_CullDistance",
    "SV_RenderTargetArrayIndex",
    "SV_ViewportArrayIndex",
    "SV_VertexID",
    "SV_PrimitiveID",
    "SV_InstanceID",
    "SV_IsFrontFace",
    "SV_SampleIndex",
};

static void put_u32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, sizeof v);
}

/* The DDI gives no component type (0, unknown), but a consumer translating the container
 * needs one (vkd3d-shader stops on an unknown type): the integer system values are
 * uint32, as the HLSL compiler declares them; every other entry is float32, the type of
 * all but integer vertex attributes and integer render targets (an approximation for
 * those: compatibility table). */
static uint32_t component_type_of(const struct aerocmd_umd_signature_entry *e)
{
    if (e->component_type != 0)
        return e->component_type;
    if (e->system_value == SB_NAME_RT_INDEX || e->system_value == SB_NAME_RT_INDEX + 1u ||
        (e->system_value >= SB_NAME_VERTEX_ID && e->system_value <= SB_NAME_LAST_PLAIN))
        return COMPONENT_TYPE_UINT;
    return COMPONENT_TYPE_LAST;
}

/* NULL (synthesized) or 1..AEROCMD_UMD_MAX_SEMANTIC_NAME printable characters. */
static int semantic_name_ok(const char *name)
{
    uint32_t len;
    if (name == NULL)
        return 1;
    for (len = 0; name[len] != '\0'; len++)
        if (len == AEROCMD_UMD_MAX_SEMANTIC_NAME || name[len] <= ' ' || name[len] > '~')
            return 0;
    return len > 0;
}

static aerocmd_result check_signature(const struct aerocmd_umd_signature_entry *e, uint32_t n)
{
    uint32_t i;
    if (n > AEROCMD_UMD_MAX_SIGNATURE_ENTRIES || (n > 0 && e == NULL))
        return AEROCMD_E_INVALID_ARG;
    for (i = 0; i < n; i++) {
        if (e[i].register_index >= AEROCMD_UMD_MAX_SIGNATURE_REGISTERS || e[i].mask == 0 ||
            e[i].mask > 0xFu || e[i].component_type > COMPONENT_TYPE_LAST ||
            !semantic_name_ok(e[i].semantic_name))
            return AEROCMD_E_INVALID_ARG;
        if (e[i].system_value > SB_NAME_LAST_TESS)
            return AEROCMD_E_INVALID_ARG;
        if (e[i].system_value > SB_NAME_LAST_PLAIN)
            return AEROCMD_E_NOT_IMPLEMENTED;
    }
    return AEROCMD_OK;
}

struct sig_name {
    const char *name;
    uint32_t index;
};

static struct sig_name name_of(const struct aerocmd_umd_signature_entry *e, uint32_t i,
                               int pixel_outputs)
{
    struct sig_name s;
    uint32_t k;
    if (e[i].semantic_name != NULL) {
        s.name = e[i].semantic_name;
        s.index = e[i].semantic_index;
        return s;
    }
    s.name = system_value_names[e[i].system_value];
    s.index = e[i].register_index;
    if (e[i].system_value == 0) {
        if (pixel_outputs)
            s.name = "SV_Target";
        return s;
    }
    s.index = 0;
    for (k = 0; k < i; k++)
        s.index += e[k].system_value == e[i].system_value;
    return s;
}

/* Offset of `name` if an earlier entry already wrote it (0 if not). */
static uint32_t earlier_name_offset(const uint32_t *offsets, const char *const *names, uint32_t i)
{
    uint32_t k;
    for (k = 0; k < i; k++)
        if (strcmp(names[k], names[i]) == 0)
            return offsets[k];
    return 0;
}

/* Writes the signature chunk's data at dst (NULL: only measures); returns its size. */
static uint32_t put_signature(uint8_t *dst, const struct aerocmd_umd_signature_entry *e, uint32_t n,
                              int outputs, int pixel_outputs)
{
    const char *names[AEROCMD_UMD_MAX_SIGNATURE_ENTRIES];
    uint32_t offsets[AEROCMD_UMD_MAX_SIGNATURE_ENTRIES];
    uint32_t at = SIG_HEADER_BYTES + n * SIG_ENTRY_BYTES, i, padded;
    for (i = 0; i < n; i++) {
        struct sig_name s = name_of(e, i, pixel_outputs);
        uint8_t *entry;
        uint32_t len = (uint32_t)strlen(s.name) + 1u;
        names[i] = s.name;
        offsets[i] = earlier_name_offset(offsets, names, i);
        if (offsets[i] == 0) {
            offsets[i] = at;
            if (dst != NULL)
                memcpy(dst + at, s.name, len);
            at += len;
        }
        if (dst == NULL)
            continue;
        entry = dst + SIG_HEADER_BYTES + i * SIG_ENTRY_BYTES;
        put_u32(entry, offsets[i]);
        put_u32(entry + 4, s.index);
        put_u32(entry + 8, e[i].system_value);
        put_u32(entry + 12, component_type_of(&e[i]));
        put_u32(entry + 16, e[i].register_index);
        /* Inputs: every declared component is read; outputs: none is left unwritten. */
        put_u32(entry + 20, e[i].mask | (outputs ? 0u : e[i].mask << 8));
    }
    padded = (at + 3u) & ~3u;
    if (dst != NULL) {
        memset(dst + at, STRING_PAD, padded - at);
        put_u32(dst, n);
        put_u32(dst + 4, SIG_HEADER_BYTES);
    }
    return padded;
}

static aerocmd_result program_type_of(enum aerocmd_shader_kind kind, uint32_t *out)
{
    switch (kind) {
    case AEROCMD_SHADER_VS:
        *out = AEROCMD_DXBC_VERTEX;
        return AEROCMD_OK;
    case AEROCMD_SHADER_PS:
        *out = AEROCMD_DXBC_PIXEL;
        return AEROCMD_OK;
    case AEROCMD_SHADER_GS:
        *out = AEROCMD_DXBC_GEOMETRY;
        return AEROCMD_OK;
    case AEROCMD_SHADER_CS:
        *out = AEROCMD_DXBC_COMPUTE;
        return AEROCMD_OK;
    case AEROCMD_SHADER_HS:
    case AEROCMD_SHADER_DS:
        return AEROCMD_E_NOT_IMPLEMENTED;
    default:
        return AEROCMD_E_INVALID_ARG;
    }
}

/* Checks the version and length tokens; *shex = 1 for a 5.0 program. */
static aerocmd_result check_tokens(enum aerocmd_shader_kind kind, const uint32_t *tokens,
                                   uint32_t capacity, int *shex)
{
    uint32_t program = 0, major, minor;
    aerocmd_result r = program_type_of(kind, &program);
    if (r != AEROCMD_OK)
        return r;
    if (tokens == NULL || capacity < 2u)
        return AEROCMD_E_INVALID_ARG;
    major = (tokens[0] >> 4) & 0xFu;
    minor = tokens[0] & 0xFu;
    if ((tokens[0] >> 16) != program || (tokens[0] & 0xFF00u) != 0)
        return AEROCMD_E_INVALID_ARG;
    if (!((major == 4u && minor <= 1u) || (major == 5u && minor == 0u)))
        return AEROCMD_E_INVALID_ARG;
    if (tokens[1] < 2u || tokens[1] > capacity || tokens[1] > AEROCMD_UMD_MAX_SHADER_TOKENS)
        return AEROCMD_E_INVALID_ARG;
    *shex = major == 5u;
    return AEROCMD_OK;
}

static void put_chunk_header(uint8_t *at, uint32_t fourcc, uint32_t size)
{
    put_u32(at, fourcc);
    put_u32(at + 4, size);
}

/* Lays out the header, the chunk table and the three chunks at out (size already known). */
static void put_container(uint8_t *out, uint32_t total, const uint32_t sizes[3],
                          const struct aerocmd_umd_shader_signatures *s, int pixel,
                          const uint32_t *tokens, int shex)
{
    static const uint32_t version = 1u, chunk_count = DXBC_CHUNK_COUNT;
    uint32_t at = AEROCMD_UMD_DXBC_HEADER_BYTES + 4u * DXBC_CHUNK_COUNT, i;
    uint32_t fourcc[3] = {FOURCC('I', 'S', 'G', 'N'), FOURCC('O', 'S', 'G', 'N'),
                          shex ? FOURCC('S', 'H', 'E', 'X') : FOURCC('S', 'H', 'D', 'R')};
    memcpy(out, "DXBC", 4);
    memset(out + 4, 0, 16);
    put_u32(out + 20, version);
    put_u32(out + 24, total);
    put_u32(out + 28, chunk_count);
    for (i = 0; i < DXBC_CHUNK_COUNT; i++) {
        put_u32(out + AEROCMD_UMD_DXBC_HEADER_BYTES + 4u * i, at);
        put_chunk_header(out + at, fourcc[i], sizes[i]);
        at += DXBC_CHUNK_HEADER + sizes[i];
    }
    at = AEROCMD_UMD_DXBC_HEADER_BYTES + 4u * DXBC_CHUNK_COUNT + DXBC_CHUNK_HEADER;
    put_signature(out + at, s->inputs, s->input_count, 0, 0);
    at += sizes[0] + DXBC_CHUNK_HEADER;
    put_signature(out + at, s->outputs, s->output_count, 1, pixel);
    at += sizes[1] + DXBC_CHUNK_HEADER;
    memcpy(out + at, tokens, sizes[2]);
    aerocmd_dxbc_checksum(out, total, out + 4);
}

aerocmd_result aerocmd_umd_dxbc_from_tokens(enum aerocmd_shader_kind kind, const uint32_t *tokens,
                                            uint32_t token_capacity,
                                            const struct aerocmd_umd_shader_signatures *sigs,
                                            void *out, uint32_t out_capacity, uint32_t *out_size)
{
    static const struct aerocmd_umd_shader_signatures none = {NULL, 0, NULL, 0};
    const struct aerocmd_umd_shader_signatures *s = sigs != NULL ? sigs : &none;
    int shex = 0, pixel = kind == AEROCMD_SHADER_PS;
    uint32_t sizes[3], total;
    aerocmd_result r;
    if (out_size == NULL)
        return AEROCMD_E_INVALID_ARG;
    r = check_tokens(kind, tokens, token_capacity, &shex);
    if (r == AEROCMD_OK)
        r = check_signature(s->inputs, s->input_count);
    if (r == AEROCMD_OK)
        r = check_signature(s->outputs, s->output_count);
    if (r != AEROCMD_OK)
        return r;
    sizes[0] = put_signature(NULL, s->inputs, s->input_count, 0, 0);
    sizes[1] = put_signature(NULL, s->outputs, s->output_count, 1, pixel);
    sizes[2] = tokens[1] * 4u;
    /* Bounded by the limits above: no overflow. */
    total = AEROCMD_UMD_DXBC_HEADER_BYTES + 4u * DXBC_CHUNK_COUNT +
            DXBC_CHUNK_COUNT * DXBC_CHUNK_HEADER + sizes[0] + sizes[1] + sizes[2];
    *out_size = total;
    if (out == NULL)
        return AEROCMD_OK;
    if (out_capacity < total)
        return AEROCMD_E_BUFFER_FULL;
    put_container((uint8_t *)out, total, sizes, s, pixel, tokens, shex);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_umd_dxbc_checksum(const void *dxbc, uint32_t size, uint8_t out[16])
{
    return aerocmd_dxbc_checksum(dxbc, size, out);
}
