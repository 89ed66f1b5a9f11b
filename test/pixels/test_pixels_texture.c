/* SPDX-License-Identifier: MIT */
/* Pixel tests: textures. Point and linear filtering, wrap / mirror / clamp addressing, a mip
 * level and an array slice reached through texture views, B5G6R5 / B5G5R5A1 texels and
 * targets, sRGB decoding and encoding, and the decode of known BC1 blocks.
 *
 * A sample is taken by drawing a triangle whose three vertices carry the same texture
 * coordinate over a 1x1 target: the shader samples exactly there, with zero derivatives
 * (level of detail = mip 0 of what the view shows). Expected values: Direct3D's texel
 * addressing (texel centres at (i + 0.5) / size), its UNORM conversions (c / (2^n - 1)),
 * the sRGB transfer function, and BC1's palette (two 5:6:5 endpoints, 2/3 and 1/3 mixes or
 * half and transparent black). Filtering, sRGB and BC palette arithmetic may round: +-1. */
#include "pixels_kit.h"

static const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};

static const struct aerocmd_umd_signature_entry sig_uv[2] = {
    {0, PX_XYZW, AEROCMD_SM4_SV_POSITION, PX_FLOAT, "SV_Position", 0},
    {1, PX_XYZW, 0, PX_FLOAT, "COLOR", 0}};

/* PS: SV_Target0 = t0.Sample(s0, COLOR.xy) (Texture2D) or COLOR.xyz (Texture2DArray). */
static void build_ps_sample(struct aerocmd_sm4_builder *b, enum aerocmd_sm4_dimension dim)
{
    aerocmd_sm4_dcl_sampler(b, 0);
    aerocmd_sm4_dcl_resource(b, 0, dim, AEROCMD_SM4_RETURN_FLOAT);
    aerocmd_sm4_dcl_input_ps(b, 1, PX_XYZW, AEROCMD_SM4_INTERP_LINEAR);
    aerocmd_sm4_dcl_output(b, 0, PX_XYZW);
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_SAMPLE, aerocmd_sm4_o(0, PX_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW),
                    aerocmd_sm4_resource(0, AEROCMD_SM4_SWZ_XYZW), aerocmd_sm4_sampler(0));
}

static void build_ps_sample_2d(struct aerocmd_sm4_builder *b)
{
    build_ps_sample(b, AEROCMD_SM4_DIM_TEXTURE2D);
}

static void build_ps_sample_array(struct aerocmd_sm4_builder *b)
{
    build_ps_sample(b, AEROCMD_SM4_DIM_TEXTURE2DARRAY);
}

/* PS: SV_Target0 = t0.Load(int3(SV_Position.xy, 0)): target pixel (x, y) shows texel
 * (x, y) of mip 0. */
static void build_ps_load(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_resource(b, 0, AEROCMD_SM4_DIM_TEXTURE2D, AEROCMD_SM4_RETURN_FLOAT);
    aerocmd_sm4_dcl_input_ps_siv(b, 0, AEROCMD_SM4_XY, AEROCMD_SM4_SV_POSITION,
                                 AEROCMD_SM4_INTERP_LINEAR_NOPERSPECTIVE);
    aerocmd_sm4_dcl_output(b, 0, PX_XYZW);
    aerocmd_sm4_dcl_temps(b, 1);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_FTOI, aerocmd_sm4_r_dst(0, AEROCMD_SM4_XY),
                    aerocmd_sm4_v(0, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_r_dst(0, AEROCMD_SM4_Z | AEROCMD_SM4_W),
                    aerocmd_sm4_imm1(0));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_LD, aerocmd_sm4_o(0, PX_XYZW),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XYZW),
                    aerocmd_sm4_resource(0, AEROCMD_SM4_SWZ_XYZW));
}

struct shaders {
    uint32_t vs, ps_2d, ps_array, ps_load, layout;
};

static uint32_t the_vs; /* the kit VS, bound with every pixel shader */

static void make_shaders(struct px *p, struct shaders *s)
{
    struct aerogpu_rasterizer_state rs;
    s->vs = the_vs =
        px_shader(p, AEROCMD_SHADER_VS, 4, px_build_vs, px_sig_vs_in, 2, px_sig_varying, 2);
    s->ps_2d = px_shader(p, AEROCMD_SHADER_PS, 4, build_ps_sample_2d, sig_uv, 2, px_sig_targets, 1);
    s->ps_array =
        px_shader(p, AEROCMD_SHADER_PS, 4, build_ps_sample_array, sig_uv, 2, px_sig_targets, 1);
    s->ps_load = px_shader(p, AEROCMD_SHADER_PS, 4, build_ps_load, sig_uv, 1, px_sig_targets, 1);
    s->layout = px_layout(p);
    CHECK(aerocmd_append_set_input_layout(&p->w, s->layout) == AEROCMD_OK);
    CHECK(aerocmd_append_set_primitive_topology(&p->w, AEROGPU_TOPOLOGY_TRIANGLELIST) ==
          AEROCMD_OK);
    memset(&rs, 0, sizeof(rs));
    rs.cull_mode = AEROGPU_CULL_NONE;
    CHECK(aerocmd_append_set_rasterizer_state(&p->w, &rs) == AEROCMD_OK);
}

static uint32_t sampler(struct px *p, uint32_t filter, uint32_t address)
{
    uint32_t h = px_handle(p);
    CHECK(aerocmd_append_create_sampler(&p->w, h, filter, address, address, address) == AEROCMD_OK);
    return h;
}

/* Samples `texture` (a texture or view) with `smp` (0: none bound) at (u, v, slice) into
 * a new 1x1 target, returned. */
static uint32_t sample_at(struct px *p, uint32_t ps, uint32_t texture, uint32_t smp, float u,
                          float v, float slice)
{
    const float uv[4] = {u, v, slice, 0.0f};
    struct px_vertex tri[3];
    uint32_t rt;
    CHECK(aerocmd_append_bind_shaders(&p->w, the_vs, ps, 0, 0, 0, 0) == AEROCMD_OK);
    rt = px_target(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 1, 1, black);
    CHECK(aerocmd_append_set_texture(&p->w, AEROCMD_SHADER_PS, 0, texture) == AEROCMD_OK);
    CHECK(aerocmd_append_set_samplers(&p->w, AEROCMD_SHADER_PS, 0, 1, &smp) == AEROCMD_OK);
    px_vertex(&tri[0], -1.0f, 3.0f, 0.0f, uv);
    px_vertex(&tri[1], 3.0f, -1.0f, 0.0f, uv);
    px_vertex(&tri[2], -1.0f, -1.0f, 0.0f, uv);
    px_draw(p, tri, 3);
    return rt;
}

struct sample_case {
    const char *what;
    uint32_t rt;
    uint8_t want[4];
    int tol;
};

static void expect_all(struct px *p, const struct sample_case *c, size_t n)
{
    size_t i;
    if (!px_submit(p))
        return;
    for (i = 0; i < n; i++) {
        struct aerocmd_exec_image img;
        if (px_read(p, c[i].rt, &img))
            px_expect_tol(&img, 0, 0, c[i].want, c[i].tol, c[i].what);
        aerocmd_exec_image_release(&img);
    }
}

static void set_case(struct sample_case *c, const char *what, uint32_t rt, const uint8_t want[4],
                     int tol)
{
    c->what = what, c->rt = rt, c->tol = tol;
    memcpy(c->want, want, 4);
}

/* 2x2 RGBA8: (0,0) red, (1,0) green, (0,1) blue, (1,1) white. */
static const uint8_t quad_texels[16] = {255, 0, 0,   255, 0,   255, 0,   255,
                                        0,   0, 255, 255, 255, 255, 255, 255};
static const uint8_t red[4] = {255, 0, 0, 255}, green[4] = {0, 255, 0, 255};
static const uint8_t blue[4] = {0, 0, 255, 255}, white[4] = {255, 255, 255, 255};

static void filtering_and_addressing(struct px *p, const struct shaders *s)
{
    struct sample_case c[16];
    uint32_t t = px_texture(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 2, 2), n = 0;
    uint32_t point_wrap =
        sampler(p, AEROGPU_SAMPLER_FILTER_NEAREST, AEROGPU_SAMPLER_ADDRESS_REPEAT);
    uint32_t point_mirror =
        sampler(p, AEROGPU_SAMPLER_FILTER_NEAREST, AEROGPU_SAMPLER_ADDRESS_MIRROR_REPEAT);
    uint32_t point_clamp =
        sampler(p, AEROGPU_SAMPLER_FILTER_NEAREST, AEROGPU_SAMPLER_ADDRESS_CLAMP_TO_EDGE);
    uint32_t linear =
        sampler(p, AEROGPU_SAMPLER_FILTER_LINEAR, AEROGPU_SAMPLER_ADDRESS_CLAMP_TO_EDGE);
    static const uint8_t mid[4] = {128, 128, 128, 255}, red_green[4] = {128, 128, 0, 255};
    CHECK(aerocmd_append_upload_resource(&p->w, t, 0, quad_texels, 16) == AEROCMD_OK);
    set_case(&c[n++], "point (0.25, 0.25): texel (0,0)",
             sample_at(p, s->ps_2d, t, point_clamp, 0.25f, 0.25f, 0), red, 0);
    set_case(&c[n++], "point (0.75, 0.25): texel (1,0)",
             sample_at(p, s->ps_2d, t, point_clamp, 0.75f, 0.25f, 0), green, 0);
    set_case(&c[n++], "point (0.25, 0.75): texel (0,1)",
             sample_at(p, s->ps_2d, t, point_clamp, 0.25f, 0.75f, 0), blue, 0);
    set_case(&c[n++], "linear (0.5, 0.5): the four texels' mean",
             sample_at(p, s->ps_2d, t, linear, 0.5f, 0.5f, 0), mid, 1);
    set_case(&c[n++], "linear (0.5, 0.25): between (0,0) and (1,0)",
             sample_at(p, s->ps_2d, t, linear, 0.5f, 0.25f, 0), red_green, 1);
    set_case(&c[n++], "no sampler bound: Direct3D's default (linear, clamp) at a texel centre",
             sample_at(p, s->ps_2d, t, 0, 0.75f, 0.75f, 0), white, 0);
    set_case(&c[n++], "wrap u 1.25 -> 0.25", sample_at(p, s->ps_2d, t, point_wrap, 1.25f, 0.25f, 0),
             red, 0);
    set_case(&c[n++], "mirror u 1.25 -> 0.75",
             sample_at(p, s->ps_2d, t, point_mirror, 1.25f, 0.25f, 0), green, 0);
    set_case(&c[n++], "clamp u 1.25 -> 1", sample_at(p, s->ps_2d, t, point_clamp, 1.25f, 0.25f, 0),
             green, 0);
    set_case(&c[n++], "wrap u -0.25 -> 0.75",
             sample_at(p, s->ps_2d, t, point_wrap, -0.25f, 0.25f, 0), green, 0);
    set_case(&c[n++], "mirror u -0.25 -> 0.25",
             sample_at(p, s->ps_2d, t, point_mirror, -0.25f, 0.25f, 0), red, 0);
    set_case(&c[n++], "clamp u -0.25 -> 0",
             sample_at(p, s->ps_2d, t, point_clamp, -0.25f, 0.25f, 0), red, 0);
    set_case(&c[n++], "wrap v 1.75 -> 0.75", sample_at(p, s->ps_2d, t, point_wrap, 0.25f, 1.75f, 0),
             blue, 0);
    set_case(&c[n++], "mirror v 1.75 -> 0.25",
             sample_at(p, s->ps_2d, t, point_mirror, 0.25f, 1.75f, 0), red, 0);
    expect_all(p, c, n);
}

/* A 4x4 texture with three mips (red, green, blue) and a 2x2 array of three layers (red,
 * green, blue), each read through views. */
static void views(struct px *p, const struct shaders *s)
{
    struct aerocmd_texture_view_args va;
    struct sample_case c[8];
    uint8_t mips[84], layers[48];
    uint32_t mipped, array, v_mip1, v_mip2, v_layer2, i, n = 0;
    uint32_t point =
        sampler(p, AEROGPU_SAMPLER_FILTER_NEAREST, AEROGPU_SAMPLER_ADDRESS_CLAMP_TO_EDGE);
    for (i = 0; i < 21; i++) /* mip 0 texels 0..15, mip 1 16..19, mip 2 20 */
        memcpy(mips + 4u * i, i < 16 ? red : i < 20 ? green : blue, 4);
    for (i = 0; i < 12; i++) /* layer stride: 4 texels */
        memcpy(layers + 4u * i, i < 4 ? red : i < 8 ? green : blue, 4);
    mipped = px_texture_full(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4, 3, 1, 0, 0);
    array = px_texture_full(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 3, 0, 0);
    CHECK(aerocmd_append_upload_resource(&p->w, mipped, 0, mips, sizeof(mips)) == AEROCMD_OK);
    CHECK(aerocmd_append_upload_resource(&p->w, array, 0, layers, sizeof(layers)) == AEROCMD_OK);
    memset(&va, 0, sizeof(va));
    va.texture_handle = mipped, va.mip_level_count = 1, va.array_layer_count = 1;
    va.view_handle = v_mip1 = px_handle(p), va.base_mip_level = 1;
    CHECK(aerocmd_append_create_texture_view(&p->w, &va) == AEROCMD_OK);
    va.view_handle = v_mip2 = px_handle(p), va.base_mip_level = 2;
    CHECK(aerocmd_append_create_texture_view(&p->w, &va) == AEROCMD_OK);
    va.texture_handle = array, va.base_mip_level = 0, va.base_array_layer = 2;
    va.view_handle = v_layer2 = px_handle(p);
    CHECK(aerocmd_append_create_texture_view(&p->w, &va) == AEROCMD_OK);
    set_case(&c[n++], "the texture itself: mip 0",
             sample_at(p, s->ps_2d, mipped, point, 0.5f, 0.5f, 0), red, 0);
    set_case(&c[n++], "view of mip 1", sample_at(p, s->ps_2d, v_mip1, point, 0.5f, 0.5f, 0), green,
             0);
    set_case(&c[n++], "view of mip 2", sample_at(p, s->ps_2d, v_mip2, point, 0.5f, 0.5f, 0), blue,
             0);
    set_case(&c[n++], "array, slice 1", sample_at(p, s->ps_array, array, point, 0.5f, 0.5f, 1.0f),
             green, 0);
    set_case(&c[n++], "view of layer 2 as an array, its slice 0",
             sample_at(p, s->ps_array, v_layer2, point, 0.5f, 0.5f, 0.0f), blue, 0);
    expect_all(p, c, n);
}

/* A view starting at layer 1 bound where the shader declares a Texture2D: Direct3D calls
 * that a dimension mismatch (such views bind as Texture2DArray); the executor refuses it,
 * naming the slot, rather than draw something undefined. */
static void layer_view_in_texture2d(struct px *p, const struct shaders *s)
{
    struct aerocmd_texture_view_args va;
    struct aerocmd_exec_error err;
    uint32_t array = px_texture_full(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 2, 0, 0);
    memset(&va, 0, sizeof(va));
    va.view_handle = px_handle(p), va.texture_handle = array;
    va.mip_level_count = 1, va.base_array_layer = 1, va.array_layer_count = 1;
    CHECK(aerocmd_append_create_texture_view(&p->w, &va) == AEROCMD_OK);
    sample_at(p, s->ps_2d, va.view_handle, 0, 0.5f, 0.5f, 0.0f);
    if (px_submit_expect(p, AEROCMD_E_NOT_IMPLEMENTED, &err))
        CHECK(strstr(err.message, "DRAW: t0 is a Texture2D in the shader") != NULL);
}

/* UNORM value of an n-bit channel c as an 8-bit target stores it. */
static uint8_t bits_to8(uint32_t c, uint32_t max)
{
    return px_unorm8((float)c / (float)max);
}

static void sixteen_bit(struct px *p, const struct shaders *s)
{
    /* B5G6R5 texels (R in bits 11..15, G 5..10, B 0..4) and B5G5R5A1 (A bit 15) */
    static const uint16_t b5g6r5[4] = {0xF800, 0x07E0, 0x001F, 0x8410};
    static const uint16_t b5g5r5a1[4] = {0x7C00, 0x83E0, 0x801F, 0x4210};
    struct sample_case c[8];
    uint8_t want[4];
    uint32_t t565 = px_texture(p, AEROGPU_FORMAT_B5G6R5_UNORM, 2, 2);
    uint32_t t5551 = px_texture(p, AEROGPU_FORMAT_B5G5R5A1_UNORM, 2, 2), n = 0;
    uint32_t point =
        sampler(p, AEROGPU_SAMPLER_FILTER_NEAREST, AEROGPU_SAMPLER_ADDRESS_CLAMP_TO_EDGE);
    CHECK(aerocmd_append_upload_resource(&p->w, t565, 0, b5g6r5, 8) == AEROCMD_OK);
    CHECK(aerocmd_append_upload_resource(&p->w, t5551, 0, b5g5r5a1, 8) == AEROCMD_OK);
    set_case(&c[n++], "B5G6R5 0xF800: red, opaque",
             sample_at(p, s->ps_2d, t565, point, 0.25f, 0.25f, 0), red, 0);
    set_case(&c[n++], "B5G6R5 0x07E0: green", sample_at(p, s->ps_2d, t565, point, 0.75f, 0.25f, 0),
             green, 0);
    want[0] = bits_to8(16, 31), want[1] = bits_to8(32, 63), want[2] = bits_to8(16, 31);
    want[3] = 255;
    set_case(&c[n++], "B5G6R5 0x8410: R 16/31, G 32/63, B 16/31",
             sample_at(p, s->ps_2d, t565, point, 0.75f, 0.75f, 0), want, 0);
    want[0] = 255, want[1] = want[2] = want[3] = 0;
    set_case(&c[n++], "B5G5R5A1 0x7C00: red, alpha 0",
             sample_at(p, s->ps_2d, t5551, point, 0.25f, 0.25f, 0), want, 0);
    set_case(&c[n++], "B5G5R5A1 0x83E0: green, alpha 1",
             sample_at(p, s->ps_2d, t5551, point, 0.75f, 0.25f, 0), green, 0);
    want[0] = want[1] = want[2] = bits_to8(16, 31), want[3] = 0;
    set_case(&c[n++], "B5G5R5A1 0x4210: 16/31 grey, alpha 0",
             sample_at(p, s->ps_2d, t5551, point, 0.75f, 0.75f, 0), want, 0);
    expect_all(p, c, n);
}

/* Rendering into B5G6R5: a clear and a draw, read back as the 16-bit texels. */
static void sixteen_bit_target(struct px *p, const struct shaders *s)
{
    static const float magenta[4] = {1.0f, 0.0f, 1.0f, 1.0f}, green_f[4] = {0, 1.0f, 0, 1.0f};
    struct aerocmd_exec_image img;
    uint32_t rt;
    uint16_t texel;
    CHECK(aerocmd_append_bind_shaders(&p->w, s->vs,
                                      px_shader(p, AEROCMD_SHADER_PS, 4, px_build_ps_color,
                                                px_sig_varying, 2, px_sig_targets, 1),
                                      0, 0, 0, 0) == AEROCMD_OK);
    rt = px_target(p, AEROGPU_FORMAT_B5G6R5_UNORM, 4, 2, magenta);
    px_rect(p, 0.0f, -1.0f, 1.0f, 1.0f, 0.0f, green_f); /* the right half */
    if (!px_submit(p) || !px_read(p, rt, &img) || !CHECK(img.raw != NULL))
        return;
    memcpy(&texel, img.raw, 2);
    CHECK_EQ(texel, 0xF81F); /* magenta clear: R 31, G 0, B 31 */
    memcpy(&texel, img.raw + 2u * 3u, 2);
    CHECK_EQ(texel, 0x07E0); /* drawn green: G 63 */
    aerocmd_exec_image_release(&img);
}

/* The sRGB transfer functions (IEC 61966-2-1). */
static float srgb_to_linear(float c)
{
    return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

static float linear_to_srgb(float l)
{
    return l <= 0.0031308f ? l * 12.92f : 1.055f * powf(l, 1.0f / 2.4f) - 0.055f;
}

static void srgb(struct px *p, const struct shaders *s)
{
    static const float half[4] = {0.5f, 0.5f, 0.5f, 1.0f};
    static const uint8_t texel[4] = {188, 64, 255, 255};
    struct aerocmd_texture_view_args va;
    struct sample_case c[4];
    struct aerocmd_exec_image img;
    uint8_t want[4];
    uint32_t i, n = 0, tex, unorm_tex, srgb_view, target;
    uint32_t point =
        sampler(p, AEROGPU_SAMPLER_FILTER_NEAREST, AEROGPU_SAMPLER_ADDRESS_CLAMP_TO_EDGE);
    tex = px_texture(p, AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB, 1, 1);
    unorm_tex = px_texture(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 1, 1);
    CHECK(aerocmd_append_upload_resource(&p->w, tex, 0, texel, 4) == AEROCMD_OK);
    CHECK(aerocmd_append_upload_resource(&p->w, unorm_tex, 0, texel, 4) == AEROCMD_OK);
    memset(&va, 0, sizeof(va));
    va.view_handle = srgb_view = px_handle(p), va.texture_handle = unorm_tex;
    va.format = AEROGPU_FORMAT_R8G8B8A8_UNORM_SRGB, va.mip_level_count = 1;
    va.array_layer_count = 1;
    CHECK(aerocmd_append_create_texture_view(&p->w, &va) == AEROCMD_OK);
    for (i = 0; i < 3; i++)
        want[i] = px_unorm8(srgb_to_linear((float)texel[i] / 255.0f));
    want[3] = 255;
    set_case(&c[n++], "sRGB texel decoded to linear",
             sample_at(p, s->ps_2d, tex, point, 0.5f, 0.5f, 0), want, 1);
    set_case(&c[n++], "UNORM texture read through an sRGB view decodes too",
             sample_at(p, s->ps_2d, srgb_view, point, 0.5f, 0.5f, 0), want, 1);
    set_case(&c[n++], "UNORM texture read as it is",
             sample_at(p, s->ps_2d, unorm_tex, point, 0.5f, 0.5f, 0), texel, 0);
    expect_all(p, c, n);
    target = px_target(p, AEROGPU_FORMAT_B8G8R8A8_UNORM_SRGB, 1, 1, half);
    if (!px_submit(p) || !px_read(p, target, &img))
        return;
    for (i = 0; i < 3; i++)
        want[i] = px_unorm8(linear_to_srgb(0.5f));
    want[3] = 255;
    px_expect_tol(&img, 0, 0, want, 1, "a linear 0.5 clear is stored sRGB-encoded");
    aerocmd_exec_image_release(&img);
}

static int load_texels(struct px *p, const struct shaders *s, uint32_t texture,
                       struct aerocmd_exec_image *img)
{
    static const float uv[4] = {0, 0, 0, 0};
    struct px_vertex tri[3];
    uint32_t rt;
    CHECK(aerocmd_append_bind_shaders(&p->w, s->vs, s->ps_load, 0, 0, 0, 0) == AEROCMD_OK);
    rt = px_target(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4, black);
    CHECK(aerocmd_append_set_texture(&p->w, AEROCMD_SHADER_PS, 0, texture) == AEROCMD_OK);
    px_vertex(&tri[0], -1.0f, 3.0f, 0.0f, uv);
    px_vertex(&tri[1], 3.0f, -1.0f, 0.0f, uv);
    px_vertex(&tri[2], -1.0f, -1.0f, 0.0f, uv);
    px_draw(p, tri, 3);
    return px_submit(p) && px_read(p, rt, img);
}

/* Two BC1 blocks: color0 = red 0xF800 > color1 = blue 0x001F (four colours: c0, c1,
 * 2/3 c0 + 1/3 c1, 1/3 c0 + 2/3 c1), and color0 = blue <= color1 = red (three colours:
 * c0, c1, (c0 + c1) / 2, and transparent black). Every row's indices are 0, 1, 2, 3. */
static void bc1(struct px *p, const struct shaders *s)
{
    static const uint8_t four[8] = {0x00, 0xF8, 0x1F, 0x00, 0xE4, 0xE4, 0xE4, 0xE4};
    static const uint8_t three[8] = {0x1F, 0x00, 0x00, 0xF8, 0xE4, 0xE4, 0xE4, 0xE4};
    const uint8_t mix4[2][4] = {{170, 0, 85, 255}, {85, 0, 170, 255}};
    const uint8_t mix3[2][4] = {{128, 0, 128, 255}, {0, 0, 0, 0}};
    struct aerocmd_exec_image img;
    uint32_t y, t4, t3;
    t4 = px_texture(p, AEROGPU_FORMAT_BC1_RGBA_UNORM, 4, 4);
    t3 = px_texture(p, AEROGPU_FORMAT_BC1_RGBA_UNORM, 4, 4);
    CHECK(aerocmd_append_upload_resource(&p->w, t4, 0, four, 8) == AEROCMD_OK);
    CHECK(aerocmd_append_upload_resource(&p->w, t3, 0, three, 8) == AEROCMD_OK);
    if (load_texels(p, s, t4, &img))
        for (y = 0; y < 4; y++) {
            px_expect(&img, 0, y, red, "BC1 four-colour: index 0 = color0");
            px_expect(&img, 1, y, blue, "BC1 four-colour: index 1 = color1");
            px_expect_tol(&img, 2, y, mix4[0], 1, "BC1 four-colour: index 2 = 2/3 c0 + 1/3 c1");
            px_expect_tol(&img, 3, y, mix4[1], 1, "BC1 four-colour: index 3 = 1/3 c0 + 2/3 c1");
        }
    aerocmd_exec_image_release(&img);
    if (load_texels(p, s, t3, &img))
        for (y = 0; y < 4; y++) {
            px_expect(&img, 0, y, blue, "BC1 three-colour: index 0 = color0");
            px_expect(&img, 1, y, red, "BC1 three-colour: index 1 = color1");
            px_expect_tol(&img, 2, y, mix3[0], 1, "BC1 three-colour: index 2 = (c0 + c1) / 2");
            px_expect(&img, 3, y, mix3[1], "BC1 three-colour: index 3 = transparent black");
        }
    aerocmd_exec_image_release(&img);
}

/* aerocmd_exec_image_from_texels: texels in the guest layout (RULES.md: rows a pitch apart)
 * as a readback gives them, without an executor (a live host's client reads back this
 * way): B, G, R, A bytes as R, G, B, A; B5G6R5 channels c / (2^n - 1); padding left out;
 * BC blocks raw only. */
static void texels_converted(void)
{
    static const uint8_t bgra[2 * 12] = {0x10, 0x20, 0x30, 0x40, 1,    2,    3,    4,
                                         0xEE, 0xEE, 0xEE, 0xEE, 5,    6,    7,    8,
                                         9,    10,   11,   12,   0xEE, 0xEE, 0xEE, 0xEE};
    static const uint16_t b5g6r5[2] = {0xF800, 0x07E0};
    static const uint8_t block[8] = {0x00, 0xF8, 0x1F, 0x00, 0xE4, 0xE4, 0xE4, 0xE4};
    static const uint8_t want0[4] = {0x30, 0x20, 0x10, 0x40}, want3[4] = {11, 10, 9, 12};
    struct aerocmd_exec_image img;
    if (CHECK(aerocmd_exec_image_from_texels(AEROGPU_FORMAT_B8G8R8A8_UNORM, 2, 2, bgra, 12,
                                             sizeof(bgra), &img) == AEROCMD_OK)) {
        px_expect(&img, 0, 0, want0, "B8G8R8A8 bytes read as R, G, B, A");
        px_expect(&img, 1, 1, want3, "the second row starts a pitch after the first");
        CHECK(img.raw_row_bytes == 8 && img.raw_rows == 2 && img.raw[8] == 5);
    }
    aerocmd_exec_image_release(&img);
    if (CHECK(aerocmd_exec_image_from_texels(AEROGPU_FORMAT_B5G6R5_UNORM, 2, 1, b5g6r5, 0, 4,
                                             &img) == AEROCMD_OK)) {
        px_expect(&img, 0, 0, red, "B5G6R5 0xF800: red");
        px_expect(&img, 1, 0, green, "B5G6R5 0x07E0: green");
        CHECK(img.rgba32f != NULL && img.rgba32f[0] == 1.0f && img.rgba32f[5] == 1.0f);
    }
    aerocmd_exec_image_release(&img);
    if (CHECK(aerocmd_exec_image_from_texels(AEROGPU_FORMAT_BC1_RGBA_UNORM, 4, 4, block, 0, 8,
                                             &img) == AEROCMD_OK))
        CHECK(img.rgba8 == NULL && img.raw_row_bytes == 8 && img.raw_rows == 1 &&
              memcmp(img.raw, block, 8) == 0);
    aerocmd_exec_image_release(&img);
    CHECK_EQ(
        aerocmd_exec_image_from_texels(AEROGPU_FORMAT_B8G8R8A8_UNORM, 2, 2, bgra, 12, 12 + 7, &img),
        AEROCMD_E_INVALID_ARG); /* the last row cut short */
    CHECK_EQ(aerocmd_exec_image_from_texels(0xFFFFu, 2, 2, bgra, 12, sizeof(bgra), &img),
             AEROCMD_E_INVALID_ARG);
    CHECK(img.raw == NULL && img.rgba8 == NULL);
}

int main(void)
{
    struct shaders s;
    struct px p;
    texels_converted();
    if (!px_start(&p))
        return check_finish();
    make_shaders(&p, &s);
    CHECK(aerocmd_append_bind_shaders(&p.w, s.vs, s.ps_2d, 0, 0, 0, 0) == AEROCMD_OK);
    filtering_and_addressing(&p, &s);
    views(&p, &s);
    sixteen_bit(&p, &s);
    sixteen_bit_target(&p, &s);
    srgb(&p, &s);
    bc1(&p, &s);
    layer_view_in_texture2d(&p, &s); /* last: through a live host a refusal loses the device */
    px_stop(&p);
    return check_finish();
}
