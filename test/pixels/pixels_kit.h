/* SPDX-License-Identifier: MIT */
/* pixels_kit.h — what the pixel tests share: an executor (in process, or a live host's
 * device: pixel_backend.h), a stream being written, real SM4 shaders from the builder
 * (aerocmd/sm4.h), small scenes, and pixel checks.
 *
 * Expected values in the tests come from what Direct3D defines (rasterisation rules, blend
 * equations, UNORM / sRGB conversions, texture addressing), written in the test; never
 * from an image this project produced. A test whose executor cannot start fails: the kit
 * never skips. */
#ifndef AEROCMD_TEST_PIXELS_KIT_H
#define AEROCMD_TEST_PIXELS_KIT_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/exec.h"
#include "aerocmd/format.h"
#include "aerocmd/sm4.h"
#include "aerocmd/writer.h"
#include "check.h"
#include "pixel_backend.h"

#define PX_FLOAT      3u /* D3D_REGISTER_COMPONENT_FLOAT32 */
#define PX_UINT       1u /* D3D_REGISTER_COMPONENT_UINT32 */
#define PX_XYZW       AEROCMD_SM4_XYZW
#define PX_VERTEX     32u /* float4 position + float4 colour (or texcoord) */
#define PX_MAX_TOKENS 256u
#define PX_MAX_DXBC   2048u

struct px {
    struct px_backend be;
    struct aerocmd_writer w;
    uint32_t next;   /* next handle */
    uint32_t target; /* the colour target bound by px_target */
    int ok;
};

static uint32_t px_f32(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

static uint32_t px_handle(struct px *p)
{
    return ++p->next;
}

/* The executor (never a dry run) and an empty stream. Fails the test when vkd3d / the
 * Vulkan driver cannot start, or the host (AEROCMD_PIXELS_HOST) cannot be reached. */
static int px_start(struct px *p)
{
    struct aerocmd_exec_error err;
    memset(p, 0, sizeof(*p));
    p->next = 100;
    if (!CHECK(pxb_open(&p->be, &err) == AEROCMD_OK)) {
        fprintf(stderr, "    the reference executor cannot start: %s\n", err.message);
        return 0;
    }
    p->ok = CHECK(aerocmd_writer_init_growable(&p->w, aerocmd_allocator_libc(), 0,
                                               AEROGPU_ABI_VERSION_U32) == AEROCMD_OK);
    return p->ok;
}

static void px_stop(struct px *p)
{
    aerocmd_writer_release(&p->w);
    pxb_close(&p->be);
}

/* 1 when the scenario runs through a live host (where a refused submission loses the
 * device: doc/host.md). */
static int px_through_host(const struct px *p)
{
    return pxb_through_host(&p->be);
}

/* With PX_SAVE_STREAMS=DIR set, every submitted stream is also written to DIR (seeds for
 * fuzz_exec). */
static void px_save_stream(const struct px *p)
{
    static unsigned saved;
    const char *dir = getenv("PX_SAVE_STREAMS");
    char path[4096];
    FILE *f;
    if (dir == NULL)
        return;
    snprintf(path, sizeof(path), "%s/pixels-%u-%u.acmd", dir, (unsigned)p->next, saved++);
    f = fopen(path, "wb");
    if (f != NULL) {
        fwrite(aerocmd_writer_data(&p->w), 1, aerocmd_writer_size(&p->w), f);
        fclose(f);
    }
}

/* Runs what was written as one submission; `expect` is the result it must give. */
static int px_submit_expect(struct px *p, aerocmd_result expect, struct aerocmd_exec_error *err)
{
    struct aerocmd_exec_submission sub;
    struct aerocmd_exec_error local;
    aerocmd_result r;
    if (err == NULL)
        err = &local;
    px_save_stream(p);
    memset(&sub, 0, sizeof(sub));
    sub.stream = aerocmd_writer_data(&p->w);
    sub.stream_len = aerocmd_writer_size(&p->w);
    r = pxb_submit(&p->be, &sub, err);
    aerocmd_writer_reset(&p->w);
    if (!CHECK_EQ(r, expect))
        fprintf(stderr, "    executor: %s\n", err->message);
    return r == expect;
}

static int px_submit(struct px *p)
{
    return px_submit_expect(p, AEROCMD_OK, NULL);
}

/* Submits what was written so far, if anything: a context switch or end is not a
 * submission of its own (an empty one would run in the context being left). */
static int px_submit_pending(struct px *p)
{
    return aerocmd_writer_is_empty(&p->w) || px_submit(p);
}

/* Submits what was written so far, then makes `id` the context of what follows. */
static int px_context(struct px *p, uint32_t id)
{
    struct aerocmd_exec_error err;
    if (!px_submit_pending(p))
        return 0;
    if (!CHECK_EQ(pxb_set_context(&p->be, id, &err), AEROCMD_OK)) {
        fprintf(stderr, "    context %u: %s\n", id, err.message);
        return 0;
    }
    return 1;
}

/* Submits what was written so far, then ends context `id` (its device context is gone). */
static int px_end_context(struct px *p, uint32_t id)
{
    return px_submit_pending(p) && CHECK_EQ(pxb_end_context(&p->be, id), AEROCMD_OK);
}

/* ---- resources -------------------------------------------------------------------------- */

static uint32_t px_texture_full(struct px *p, uint32_t format, uint32_t w, uint32_t h,
                                uint32_t mips, uint32_t layers, uint32_t alloc_id,
                                uint32_t row_pitch)
{
    struct aerocmd_texture2d_args t;
    memset(&t, 0, sizeof(t));
    t.texture_handle = px_handle(p);
    t.usage_flags = AEROGPU_RESOURCE_USAGE_TEXTURE | AEROGPU_RESOURCE_USAGE_RENDER_TARGET;
    t.format = format, t.width = w, t.height = h, t.mip_levels = mips, t.array_layers = layers;
    t.backing_alloc_id = alloc_id, t.row_pitch_bytes = row_pitch;
    CHECK(aerocmd_append_create_texture2d(&p->w, &t) == AEROCMD_OK);
    return t.texture_handle;
}

static uint32_t px_texture(struct px *p, uint32_t format, uint32_t w, uint32_t h)
{
    return px_texture_full(p, format, w, h, 1, 1, 0, 0);
}

static uint32_t px_buffer(struct px *p, const void *data, uint32_t size)
{
    uint32_t h = px_handle(p);
    CHECK(aerocmd_append_create_buffer(&p->w, h, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, size, 0,
                                       0) == AEROCMD_OK);
    if (data != NULL)
        CHECK(aerocmd_append_upload_resource(&p->w, h, 0, data, size) == AEROCMD_OK);
    return h;
}

static void px_viewport(struct px *p, float x, float y, float w, float h)
{
    CHECK(aerocmd_append_set_viewport(&p->w, px_f32(x), px_f32(y), px_f32(w), px_f32(h),
                                      px_f32(0.0f), px_f32(1.0f)) == AEROCMD_OK);
}

/* A w x h colour target of `format`, bound alone (with depth `dsv`, 0 none), viewport over
 * it, cleared to rgba. */
static uint32_t px_target_depth(struct px *p, uint32_t format, uint32_t w, uint32_t h,
                                const float rgba[4], uint32_t dsv)
{
    aerogpu_handle_t colors[8] = {0};
    uint32_t c[4], i;
    colors[0] = p->target = px_texture(p, format, w, h);
    CHECK(aerocmd_append_set_render_targets(&p->w, 1, colors, dsv) == AEROCMD_OK);
    px_viewport(p, 0.0f, 0.0f, (float)w, (float)h);
    for (i = 0; i < 4; i++)
        c[i] = px_f32(rgba[i]);
    CHECK(aerocmd_append_clear(&p->w, AEROGPU_CLEAR_COLOR, c, px_f32(1.0f), 0) == AEROCMD_OK);
    return p->target;
}

static uint32_t px_target(struct px *p, uint32_t format, uint32_t w, uint32_t h,
                          const float rgba[4])
{
    return px_target_depth(p, format, w, h, rgba, 0);
}

/* ---- shaders ------------------------------------------------------------------------------ */

typedef void (*px_build_fn)(struct aerocmd_sm4_builder *b);

/* Builds, wraps and checks (aerocmd_exec_check_dxbc) a shader, then creates it. */
static uint32_t px_shader(struct px *p, enum aerocmd_shader_kind kind, uint32_t major,
                          px_build_fn build, const struct aerocmd_umd_signature_entry *in,
                          uint32_t n_in, const struct aerocmd_umd_signature_entry *out,
                          uint32_t n_out)
{
    uint32_t tokens[PX_MAX_TOKENS], size = 0, h = px_handle(p);
    uint8_t dxbc[PX_MAX_DXBC];
    struct aerocmd_umd_shader_signatures sigs;
    struct aerocmd_sm4_builder b;
    char why[256];
    sigs.inputs = in, sigs.input_count = n_in, sigs.outputs = out, sigs.output_count = n_out;
    aerocmd_sm4_begin(&b, kind, major, 0, tokens, PX_MAX_TOKENS);
    build(&b);
    aerocmd_sm4_ret(&b);
    if (!CHECK(aerocmd_sm4_dxbc(&b, &sigs, dxbc, sizeof(dxbc), &size) == AEROCMD_OK))
        return 0;
    if (!CHECK(aerocmd_exec_check_dxbc(dxbc, size, why, sizeof(why)) == AEROCMD_OK))
        fprintf(stderr, "    %s\n", why);
    CHECK(aerocmd_append_create_shader_dxbc(&p->w, h, kind, dxbc, size) == AEROCMD_OK);
    return h;
}

static const struct aerocmd_umd_signature_entry px_sig_vs_in[2] = {
    {0, PX_XYZW, 0, PX_FLOAT, "POSITION", 0}, {1, PX_XYZW, 0, PX_FLOAT, "COLOR", 0}};
static const struct aerocmd_umd_signature_entry px_sig_varying[2] = {
    {0, PX_XYZW, AEROCMD_SM4_SV_POSITION, PX_FLOAT, "SV_Position", 0},
    {1, PX_XYZW, 0, PX_FLOAT, "COLOR", 0}};
static const struct aerocmd_umd_signature_entry px_sig_targets[3] = {
    {0, PX_XYZW, 0, PX_FLOAT, "SV_Target", 0},
    {1, PX_XYZW, 0, PX_FLOAT, "SV_Target", 1},
    {2, PX_XYZW, 0, PX_FLOAT, "SV_Target", 2}};

/* VS: o0 = POSITION (float4, as given), o1 = COLOR (float4; texture coordinates too). */
static void px_build_vs(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input(b, 0, PX_XYZW);
    aerocmd_sm4_dcl_input(b, 1, PX_XYZW);
    aerocmd_sm4_dcl_output_siv(b, 0, PX_XYZW, AEROCMD_SM4_SV_POSITION);
    aerocmd_sm4_dcl_output(b, 1, PX_XYZW);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, PX_XYZW),
                    aerocmd_sm4_v(0, AEROCMD_SM4_SWZ_XYZW));
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(1, PX_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW));
}

/* PS: SV_Target0 = the interpolated COLOR. */
static void px_build_ps_color(struct aerocmd_sm4_builder *b)
{
    aerocmd_sm4_dcl_input_ps(b, 1, PX_XYZW, AEROCMD_SM4_INTERP_LINEAR);
    aerocmd_sm4_dcl_output(b, 0, PX_XYZW);
    aerocmd_sm4_op1(b, AEROCMD_SM4_OP_MOV, aerocmd_sm4_o(0, PX_XYZW),
                    aerocmd_sm4_v(1, AEROCMD_SM4_SWZ_XYZW));
}

/* The input layout of the kit's vertices: POSITION and COLOR, float4 each, slot 0. */
static uint32_t px_layout(struct px *p)
{
    static const struct aerocmd_input_element el[2] = {
        {"POSITION", 0, AEROCMD_DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, 0, 0},
        {"COLOR", 0, AEROCMD_DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, 0, 0}};
    uint32_t h = px_handle(p);
    CHECK(aerocmd_append_create_input_layout(&p->w, h, el, 2) == AEROCMD_OK);
    return h;
}

/* Binds the kit VS with `ps`, the kit layout, triangle lists, no culling. */
static void px_pipeline(struct px *p, uint32_t ps)
{
    struct aerogpu_rasterizer_state rs;
    uint32_t vs =
        px_shader(p, AEROCMD_SHADER_VS, 4, px_build_vs, px_sig_vs_in, 2, px_sig_varying, 2);
    CHECK(aerocmd_append_bind_shaders(&p->w, vs, ps, 0, 0, 0, 0) == AEROCMD_OK);
    CHECK(aerocmd_append_set_input_layout(&p->w, px_layout(p)) == AEROCMD_OK);
    CHECK(aerocmd_append_set_primitive_topology(&p->w, AEROGPU_TOPOLOGY_TRIANGLELIST) ==
          AEROCMD_OK);
    memset(&rs, 0, sizeof(rs));
    rs.cull_mode = AEROGPU_CULL_NONE;
    CHECK(aerocmd_append_set_rasterizer_state(&p->w, &rs) == AEROCMD_OK);
}

static void px_color_pipeline(struct px *p)
{
    px_pipeline(p, px_shader(p, AEROCMD_SHADER_PS, 4, px_build_ps_color, px_sig_varying, 2,
                             px_sig_targets, 1));
}

/* ---- geometry ------------------------------------------------------------------------------ */

struct px_vertex {
    float pos[4];
    float attr[4]; /* COLOR, or texture coordinates */
};

/* Draws `count` vertices (a fresh vertex buffer) with the bound pipeline. */
static void px_draw(struct px *p, const struct px_vertex *v, uint32_t count)
{
    struct aerogpu_vertex_buffer_binding vb;
    vb.buffer = px_buffer(p, v, count * PX_VERTEX);
    vb.stride_bytes = PX_VERTEX, vb.offset_bytes = 0, vb.reserved0 = 0;
    CHECK(aerocmd_append_set_vertex_buffers(&p->w, 0, 1, &vb) == AEROCMD_OK);
    CHECK(aerocmd_append_draw(&p->w, count, 1, 0, 0) == AEROCMD_OK);
}

static void px_vertex(struct px_vertex *v, float x, float y, float z, const float attr[4])
{
    v->pos[0] = x, v->pos[1] = y, v->pos[2] = z, v->pos[3] = 1.0f;
    memcpy(v->attr, attr, sizeof(v->attr));
}

/* An axis-aligned rectangle in clip space as two clockwise triangles, at depth z. */
static void px_rect(struct px *p, float x0, float y0, float x1, float y1, float z,
                    const float attr[4])
{
    struct px_vertex v[6];
    px_vertex(&v[0], x0, y1, z, attr);
    px_vertex(&v[1], x1, y1, z, attr);
    px_vertex(&v[2], x0, y0, z, attr);
    px_vertex(&v[3], x0, y0, z, attr);
    px_vertex(&v[4], x1, y1, z, attr);
    px_vertex(&v[5], x1, y0, z, attr);
    px_draw(p, v, 6);
}

/* Clip-space x, y of a pixel-space point of a w x h viewport at the origin. */
static float px_ndc_x(float x, uint32_t w)
{
    return x / (float)w * 2.0f - 1.0f;
}

static float px_ndc_y(float y, uint32_t h)
{
    return 1.0f - y / (float)h * 2.0f;
}

/* ---- reading and checking -------------------------------------------------------------------- */

/* Mip `mip`, layer `layer` of a texture (or view) as it is now. */
static int px_read_sub(struct px *p, uint32_t handle, uint32_t mip, uint32_t layer,
                       struct aerocmd_exec_image *img)
{
    memset(img, 0, sizeof(*img));
    return CHECK(pxb_read_texture(&p->be, handle, mip, layer, img) == AEROCMD_OK);
}

static int px_read(struct px *p, uint32_t handle, struct aerocmd_exec_image *img)
{
    return px_read_sub(p, handle, 0, 0, img);
}

/* Bytes [offset, offset + size) of a buffer as it is now. */
static aerocmd_result px_read_buffer(struct px *p, uint32_t handle, uint64_t offset, uint64_t size,
                                     void *out)
{
    return pxb_read_buffer(&p->be, handle, offset, size, out);
}

/* Sets an allocation's guest memory (every later submission sees it). */
static aerocmd_result px_set_memory(struct px *p, uint32_t alloc_id, uint64_t gpa,
                                    const void *bytes, uint64_t size)
{
    return pxb_set_memory(&p->be, alloc_id, gpa, bytes, size);
}

/* An allocation's guest memory as the device left it (NULL when unknown). */
static const uint8_t *px_guest_memory(struct px *p, uint32_t alloc_id, uint64_t *size)
{
    return pxb_memory(&p->be, alloc_id, size);
}

/* Direct3D's float -> UNORM8: clamp, then round to nearest. */
static uint8_t px_unorm8(float f)
{
    return (uint8_t)(f <= 0.0f ? 0 : f >= 1.0f ? 255 : (int)floorf(f * 255.0f + 0.5f));
}

/* Pixel (x, y) of img is rgba within `tol` per channel. */
static int px_expect_tol(const struct aerocmd_exec_image *img, uint32_t x, uint32_t y,
                         const uint8_t want[4], int tol, const char *what)
{
    const uint8_t *got;
    int i, ok = img->rgba8 != NULL && x < img->width && y < img->height;
    if (ok) {
        got = img->rgba8 + ((size_t)y * img->width + x) * 4u;
        for (i = 0; i < 4; i++)
            ok = ok && abs((int)got[i] - (int)want[i]) <= tol;
    }
    if (!check_report(ok, __FILE__, __LINE__, what)) {
        got = img->rgba8 != NULL && x < img->width && y < img->height
                  ? img->rgba8 + ((size_t)y * img->width + x) * 4u
                  : want;
        fprintf(stderr, "    pixel (%u, %u): got %u %u %u %u, want %u %u %u %u (+-%d)\n", x, y,
                got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3], tol);
    }
    return ok;
}

static int px_expect(const struct aerocmd_exec_image *img, uint32_t x, uint32_t y,
                     const uint8_t want[4], const char *what)
{
    return px_expect_tol(img, x, y, want, 0, what);
}

/* Every pixel is `inside` where covered(x, y) says so and `outside` elsewhere; reports
 * the first mismatch only. */
static int px_expect_map(const struct aerocmd_exec_image *img,
                         int (*covered)(uint32_t x, uint32_t y), const uint8_t inside[4],
                         const uint8_t outside[4], const char *what)
{
    uint32_t x, y;
    if (!CHECK(img->rgba8 != NULL))
        return 0;
    for (y = 0; y < img->height; y++)
        for (x = 0; x < img->width; x++) {
            const uint8_t *want = covered(x, y) ? inside : outside;
            if (memcmp(img->rgba8 + ((size_t)y * img->width + x) * 4u, want, 4) != 0)
                return px_expect(img, x, y, want, what);
        }
    return check_report(1, __FILE__, __LINE__, what);
}

#endif
