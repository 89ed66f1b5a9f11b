/* SPDX-License-Identifier: MIT */
/* Pixel tests: bytes moving. Buffer copies (not inside one buffer: refused), a texture copy of a
 * sub-rectangle, staging readback (COPY_* with WRITEBACK_DST into guest memory, padding
 * between rows left alone), depth copies (D24: the stencil byte is masked, Direct3D 12
 * leaves it undefined in a depth-plane copy), RESOURCE_DIRTY_RANGE re-reading exactly its
 * range from guest memory, a compute shader writing raw and typed UAV buffers, and what the
 * guest never wrote reading zero. The expected bytes are the copy rules of RULES.md and the
 * Direct3D copy semantics. */
#include "pixels_kit.h"

static void buffer_copies(void)
{
    struct aerocmd_exec_error err;
    uint8_t a[64], b[64], want[64];
    uint32_t ha, hb, i;
    struct px p;
    if (!px_start(&p))
        return;
    for (i = 0; i < 64; i++)
        a[i] = (uint8_t)(i * 3u + 1u);
    ha = px_buffer(&p, a, 64);
    hb = px_buffer(&p, NULL, 64);
    memset(b, 0, sizeof(b));
    CHECK(aerocmd_append_upload_resource(&p.w, hb, 0, b, 64) == AEROCMD_OK);
    CHECK(aerocmd_append_copy_buffer(&p.w, hb, ha, 8, 20, 24, 0) == AEROCMD_OK);
    if (px_submit(&p)) {
        memset(want, 0, sizeof(want));
        memcpy(want + 8, a + 20, 24);
        CHECK(px_read_buffer(&p, hb, 0, 64, b) == AEROCMD_OK);
        CHECK(memcmp(b, want, 64) == 0);
    }
    /* Direct3D copies between different subresources, and a buffer is one: refused, even
     * where the ranges do not overlap */
    CHECK(aerocmd_append_copy_buffer(&p.w, ha, ha, 0, 32, 16, 0) == AEROCMD_OK);
    if (px_submit_expect(&p, AEROCMD_E_MALFORMED, &err))
        CHECK(strstr(err.message, "COPY_BUFFER: copy_same_subresource") != NULL);
    /* Nothing of it ran. Not through a live host: there the refusal lost the device
     * (doc/host.md), and nothing of it can be read any more. */
    if (!px_through_host(&p)) {
        CHECK(px_read_buffer(&p, ha, 0, 64, b) == AEROCMD_OK);
        CHECK(memcmp(b, a, 64) == 0);
    }
    px_stop(&p);
}

static void texture_sub_rectangle(void)
{
    static const float clear0[4] = {0, 0, 0, 0};
    struct aerocmd_copy_texture2d_args c;
    struct aerocmd_exec_image img;
    uint8_t texels[8 * 8 * 4];
    uint32_t src, dst, x, y;
    struct px p;
    if (!px_start(&p))
        return;
    for (y = 0; y < 8; y++)
        for (x = 0; x < 8; x++) {
            uint8_t *t = texels + (y * 8u + x) * 4u;
            t[0] = (uint8_t)(x * 32u), t[1] = (uint8_t)(y * 32u), t[2] = 7, t[3] = 255;
        }
    src = px_texture(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8);
    CHECK(aerocmd_append_upload_resource(&p.w, src, 0, texels, sizeof(texels)) == AEROCMD_OK);
    dst = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, clear0);
    memset(&c, 0, sizeof(c));
    c.dst_texture = dst, c.src_texture = src;
    c.dst_x = 4, c.dst_y = 1, c.src_x = 2, c.src_y = 3, c.width = 3, c.height = 2;
    CHECK(aerocmd_append_copy_texture2d(&p.w, &c) == AEROCMD_OK);
    if (px_submit(&p) && px_read(&p, dst, &img)) {
        int ok = 1;
        for (y = 0; y < 8; y++)
            for (x = 0; x < 8; x++) {
                int in = x >= 4 && x < 7 && y >= 1 && y < 3;
                const uint8_t *want = in ? texels + ((y + 2u) * 8u + (x - 2u)) * 4u : NULL;
                const uint8_t zero[4] = {0, 0, 0, 0};
                ok = ok && px_expect(&img, x, y, want != NULL ? want : zero,
                                     "copy of (2,3) 3x2 to (4,1); the rest untouched");
            }
        (void)ok;
    }
    aerocmd_exec_image_release(&img);
    px_stop(&p);
}

/* A guest-backed staging texture with a 64-byte row pitch (rows of 32 bytes), its padding
 * preset to 0xCD, receives a render target through WRITEBACK_DST. */
static void staging_readback(void)
{
    static const float c[4] = {0.2f, 0.4f, 0.6f, 1.0f};
    struct aerocmd_copy_texture2d_args copy;
    uint8_t memory[256], buf_src[32];
    const uint8_t *guest;
    uint64_t size = 0;
    uint32_t rt, staging, sbuf, x, y, i;
    struct px p;
    if (!px_start(&p))
        return;
    memset(memory, 0xCD, sizeof(memory));
    CHECK(px_set_memory(&p, 7, 0x10000, memory, sizeof(memory)) == AEROCMD_OK);
    CHECK(px_set_memory(&p, 8, 0x20000, memory, 32) == AEROCMD_OK);
    rt = px_target(&p, AEROGPU_FORMAT_B8G8R8A8_UNORM, 8, 4, c);
    staging = px_texture_full(&p, AEROGPU_FORMAT_B8G8R8A8_UNORM, 8, 4, 1, 1, 7, 64);
    memset(&copy, 0, sizeof(copy));
    copy.dst_texture = staging, copy.src_texture = rt, copy.width = 8, copy.height = 4;
    copy.flags = AEROGPU_COPY_FLAG_WRITEBACK_DST;
    CHECK(aerocmd_append_copy_texture2d(&p.w, &copy) == AEROCMD_OK);
    for (i = 0; i < 32; i++)
        buf_src[i] = (uint8_t)(255u - i);
    sbuf = px_handle(&p);
    CHECK(aerocmd_append_create_buffer(&p.w, sbuf, 0, 32, 8, 0) == AEROCMD_OK);
    CHECK(aerocmd_append_copy_buffer(&p.w, sbuf, px_buffer(&p, buf_src, 32), 0, 0, 32,
                                     AEROGPU_COPY_FLAG_WRITEBACK_DST) == AEROCMD_OK);
    if (!px_submit(&p))
        goto out;
    guest = px_guest_memory(&p, 7, &size);
    if (CHECK(guest != NULL && size == 256))
        for (y = 0; y < 4; y++)
            for (x = 0; x < 16; x++) {
                const uint8_t *t = guest + y * 64u + x * 4u;
                if (x < 8) /* B, G, R, A */
                    CHECK(t[0] == px_unorm8(0.6f) && t[1] == px_unorm8(0.4f) &&
                          t[2] == px_unorm8(0.2f) && t[3] == 255);
                else
                    CHECK(t[0] == 0xCD && t[1] == 0xCD && t[2] == 0xCD && t[3] == 0xCD);
            }
    guest = px_guest_memory(&p, 8, &size);
    CHECK(guest != NULL && size == 32 && memcmp(guest, buf_src, 32) == 0);
out:
    px_stop(&p);
}

/* Depth cleared to 0.25 (stencil 0x5A) and 0.75, copied into guest-backed staging. */
static void depth_copies(void)
{
    struct aerocmd_copy_texture2d_args copy;
    uint32_t none[4] = {0, 0, 0, 0}, d24, d32, s24, s32, i;
    aerogpu_handle_t colors[8] = {0};
    uint8_t memory[64];
    const uint8_t *guest;
    struct px p;
    if (!px_start(&p))
        return;
    memset(memory, 0, sizeof(memory));
    CHECK(px_set_memory(&p, 9, 0x30000, memory, 64) == AEROCMD_OK);
    CHECK(px_set_memory(&p, 10, 0x40000, memory, 64) == AEROCMD_OK);
    d24 = px_texture(&p, AEROGPU_FORMAT_D24_UNORM_S8_UINT, 4, 4);
    d32 = px_texture(&p, AEROGPU_FORMAT_D32_FLOAT, 4, 4);
    s24 = px_texture_full(&p, AEROGPU_FORMAT_D24_UNORM_S8_UINT, 4, 4, 1, 1, 9, 16);
    s32 = px_texture_full(&p, AEROGPU_FORMAT_D32_FLOAT, 4, 4, 1, 1, 10, 16);
    CHECK(aerocmd_append_set_render_targets(&p.w, 0, colors, d24) == AEROCMD_OK);
    CHECK(aerocmd_append_clear(&p.w, AEROGPU_CLEAR_DEPTH | AEROGPU_CLEAR_STENCIL, none,
                               px_f32(0.25f), 0x5A) == AEROCMD_OK);
    CHECK(aerocmd_append_set_render_targets(&p.w, 0, colors, d32) == AEROCMD_OK);
    CHECK(aerocmd_append_clear(&p.w, AEROGPU_CLEAR_DEPTH, none, px_f32(0.75f), 0) == AEROCMD_OK);
    CHECK(aerocmd_append_set_render_targets(&p.w, 0, colors, 0) == AEROCMD_OK);
    memset(&copy, 0, sizeof(copy));
    copy.width = 4, copy.height = 4, copy.flags = AEROGPU_COPY_FLAG_WRITEBACK_DST;
    copy.dst_texture = s24, copy.src_texture = d24;
    CHECK(aerocmd_append_copy_texture2d(&p.w, &copy) == AEROCMD_OK);
    copy.dst_texture = s32, copy.src_texture = d32;
    CHECK(aerocmd_append_copy_texture2d(&p.w, &copy) == AEROCMD_OK);
    if (!px_submit(&p))
        goto out;
    guest = px_guest_memory(&p, 9, NULL);
    for (i = 0; guest != NULL && i < 16; i++) {
        uint32_t v;
        memcpy(&v, guest + 4u * i, 4);
        /* 0.25 x (2^24 - 1) = 4194303.75, rounded to nearest; stencil byte masked */
        CHECK_EQ(v & 0xFFFFFFu, 4194304u);
    }
    guest = px_guest_memory(&p, 10, NULL);
    for (i = 0; guest != NULL && i < 16; i++) {
        float f;
        memcpy(&f, guest + 4u * i, 4);
        CHECK(f == 0.75f);
    }
out:
    px_stop(&p);
}

/* A guest-backed 2x2 texture, all red in guest memory; then the memory turns all green
 * but only texel 1's bytes are named dirty: texel 1 reads green, the others stay red. */
static void dirty_range(void)
{
    static const float clear0[4] = {0, 0, 0, 0};
    static const uint8_t red[4] = {255, 0, 0, 255}, green[4] = {0, 255, 0, 255};
    struct aerocmd_copy_texture2d_args copy;
    struct aerocmd_exec_image img;
    uint8_t memory[16];
    uint32_t tex, dst, i;
    struct px p;
    if (!px_start(&p))
        return;
    for (i = 0; i < 4; i++)
        memcpy(memory + 4u * i, red, 4);
    CHECK(px_set_memory(&p, 11, 0x50000, memory, 16) == AEROCMD_OK);
    tex = px_texture_full(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1, 11, 8);
    dst = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 2, 2, clear0);
    if (!px_submit(&p))
        goto out;
    for (i = 0; i < 4; i++)
        memcpy(memory + 4u * i, green, 4);
    CHECK(px_set_memory(&p, 11, 0x50000, memory, 16) == AEROCMD_OK);
    CHECK(aerocmd_append_resource_dirty_range(&p.w, tex, 4, 4) == AEROCMD_OK);
    memset(&copy, 0, sizeof(copy));
    copy.dst_texture = dst, copy.src_texture = tex, copy.width = 2, copy.height = 2;
    CHECK(aerocmd_append_copy_texture2d(&p.w, &copy) == AEROCMD_OK);
    if (px_submit(&p) && px_read(&p, dst, &img)) {
        px_expect(&img, 0, 0, red, "texel 0 outside the dirty range keeps the old bytes");
        px_expect(&img, 1, 0, green, "texel 1 re-read from guest memory");
        px_expect(&img, 0, 1, red, "texel 2 outside the dirty range keeps the old bytes");
    }
    aerocmd_exec_image_release(&img);
out:
    px_stop(&p);
}

/* cs_5_0, 4x1x1: u0 (raw) word id = id x 3 + 1; u1 (typed uint) [id] = id + 1000. */
static void build_cs(struct aerocmd_sm4_builder *b)
{
    struct aerocmd_sm4_operand id =
        aerocmd_sm4_special(AEROCMD_SM4_REG_THREAD_ID, AEROCMD_SM4_SWZ_XXXX);
    aerocmd_sm4_dcl_uav_raw(b, 0);
    aerocmd_sm4_dcl_uav_typed(b, 1, AEROCMD_SM4_DIM_BUFFER, AEROCMD_SM4_RETURN_UINT);
    aerocmd_sm4_dcl_input_special(b, AEROCMD_SM4_REG_THREAD_ID, AEROCMD_SM4_X);
    aerocmd_sm4_dcl_temps(b, 2);
    aerocmd_sm4_dcl_thread_group(b, 4, 1, 1);
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_ISHL, aerocmd_sm4_r_dst(0, AEROCMD_SM4_X), id,
                    aerocmd_sm4_imm1(2));
    aerocmd_sm4_op3(b, AEROCMD_SM4_OP_IMUL, aerocmd_sm4_null(), aerocmd_sm4_r_dst(0, AEROCMD_SM4_Y),
                    id, aerocmd_sm4_imm1(3));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_IADD, aerocmd_sm4_r_dst(0, AEROCMD_SM4_Y),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_YYYY), aerocmd_sm4_imm1(1));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_STORE_RAW, aerocmd_sm4_uav(0, AEROCMD_SM4_X),
                    aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_XXXX), aerocmd_sm4_r(0, AEROCMD_SM4_SWZ_YYYY));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_IADD, aerocmd_sm4_r_dst(1, AEROCMD_SM4_X), id,
                    aerocmd_sm4_imm1(1000));
    aerocmd_sm4_op2(b, AEROCMD_SM4_OP_STORE_UAV_TYPED, aerocmd_sm4_uav(1, PX_XYZW), id,
                    aerocmd_sm4_r(1, AEROCMD_SM4_SWZ_XXXX));
}

static void compute(void)
{
    struct aerogpu_unordered_access_buffer_binding u[2];
    uint32_t cs, raw, typed, got[4], i;
    struct px p;
    if (!px_start(&p))
        return;
    cs = px_shader(&p, AEROCMD_SHADER_CS, 5, build_cs, NULL, 0, NULL, 0);
    raw = px_buffer(&p, NULL, 16);
    typed = px_buffer(&p, NULL, 16);
    CHECK(aerocmd_append_bind_shaders(&p.w, 0, 0, cs, 0, 0, 0) == AEROCMD_OK);
    memset(u, 0, sizeof(u));
    u[0].buffer = raw, u[0].size_bytes = 16, u[0].initial_count = 0xFFFFFFFFu;
    u[1].buffer = typed, u[1].size_bytes = 16, u[1].initial_count = 0xFFFFFFFFu;
    CHECK(aerocmd_append_set_unordered_access_buffers(&p.w, AEROCMD_SHADER_CS, 0, 2, u) ==
          AEROCMD_OK);
    CHECK(aerocmd_append_dispatch(&p.w, 1, 1, 1) == AEROCMD_OK);
    if (px_submit(&p)) {
        CHECK(px_read_buffer(&p, raw, 0, 16, got) == AEROCMD_OK);
        for (i = 0; i < 4; i++)
            CHECK_EQ(got[i], i * 3u + 1u);
        CHECK(px_read_buffer(&p, typed, 0, 16, got) == AEROCMD_OK);
        for (i = 0; i < 4; i++)
            CHECK_EQ(got[i], i + 1000u);
    }
    px_stop(&p);
}

/* EXPORT / IMPORT make a second handle of the same texture: drawn through one, read
 * through the other; the alias outlives the creator's DESTROY; a released token imports
 * nothing. */
static void sharing(void)
{
    static const float c[4] = {0.0f, 0.5f, 1.0f, 1.0f};
    aerogpu_handle_t colors[8] = {0};
    struct aerocmd_exec_image img;
    struct aerocmd_exec_error err;
    uint8_t want[4];
    uint32_t a, alias, i, cf[4];
    struct px p;
    if (!px_start(&p))
        return;
    a = px_texture(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 2, 2);
    alias = px_handle(&p);
    CHECK(aerocmd_append_export_shared_surface(&p.w, a, 0x1234567890ull) == AEROCMD_OK);
    CHECK(aerocmd_append_import_shared_surface(&p.w, alias, 0x1234567890ull) == AEROCMD_OK);
    colors[0] = alias;
    CHECK(aerocmd_append_set_render_targets(&p.w, 1, colors, 0) == AEROCMD_OK);
    for (i = 0; i < 4; i++)
        cf[i] = px_f32(c[i]), want[i] = px_unorm8(c[i]);
    CHECK(aerocmd_append_clear(&p.w, AEROGPU_CLEAR_COLOR, cf, 0, 0) == AEROCMD_OK);
    if (px_submit(&p) && px_read(&p, a, &img))
        px_expect(&img, 1, 1, want, "cleared through the imported handle, read through the first");
    aerocmd_exec_image_release(&img);
    CHECK(aerocmd_append_release_shared_surface(&p.w, 0x1234567890ull) == AEROCMD_OK);
    CHECK(aerocmd_append_destroy_resource(&p.w, a) == AEROCMD_OK);
    if (px_submit(&p) && px_read(&p, alias, &img))
        px_expect(&img, 0, 1, want, "the alias keeps the texture after the creator's destroy");
    aerocmd_exec_image_release(&img);
    CHECK(aerocmd_append_import_shared_surface(&p.w, px_handle(&p), 0x1234567890ull) == AEROCMD_OK);
    if (px_submit_expect(&p, AEROCMD_E_MALFORMED, &err))
        CHECK(strstr(err.message, "IMPORT_SHARED_SURFACE") != NULL);
    px_stop(&p);
}

/* Every byte of an image is zero (raw; depth and colour alike). */
static void all_zero(const struct aerocmd_exec_image *img, const char *what)
{
    size_t i, n = (size_t)img->raw_row_bytes * img->raw_rows;
    for (i = 0; img->raw != NULL && i < n && img->raw[i] == 0; i++)
        continue;
    if (!check_report(img->raw != NULL && n != 0 && i == n, __FILE__, __LINE__, what))
        fprintf(stderr, "    byte %zu of %zu is %02x\n", i, n,
                img->raw != NULL && i < n ? img->raw[i] : 0);
}

static int left_of_4(uint32_t x, uint32_t y)
{
    (void)y;
    return x < 4;
}

/* Every texel of a D24_UNORM_S8_UINT image is `depth` (24 bits) with stencil 0. */
static void all_depth_stencil_zero(const struct aerocmd_exec_image *img, uint32_t depth,
                                   const char *what)
{
    size_t i, n = (size_t)img->raw_row_bytes * img->raw_rows;
    uint32_t v = depth;
    for (i = 0; img->raw != NULL && i + 4u <= n; i += 4u) {
        memcpy(&v, img->raw + i, 4);
        if (v != depth)
            break;
    }
    if (!check_report(img->raw != NULL && n != 0 && i == n, __FILE__, __LINE__, what))
        fprintf(stderr, "    texel %zu is %08x, not %08x\n", i / 4u, v, depth);
}

/* What the guest never wrote reads zero: Direct3D 12 zeroes a committed resource's memory
 * (the executor's Direct3D), whatever the memory held before. Resources of the same sizes
 * are filled and destroyed first, twice, so that new ones may be given their memory. A
 * clear of the depth alone leaves the stencil of a D24S8 texture as it was: zero. */
static void never_written(void)
{
    static const float white[4] = {1, 1, 1, 1};
    static const uint8_t white8[4] = {255, 255, 255, 255}, zero8[4] = {0, 0, 0, 0};
    uint8_t bytes[4096], got[4096];
    struct aerocmd_exec_image img;
    const uint32_t no_colour[4] = {0, 0, 0, 0};
    uint32_t i, buf, tex, depth, d24, d24_cleared, drawn;
    aerogpu_handle_t colors[8] = {0};
    struct px p;
    if (!px_start(&p))
        return;
    memset(bytes, 0xAB, sizeof(bytes));
    for (i = 0; i < 2; i++) {
        uint32_t b = px_buffer(&p, bytes, sizeof(bytes));
        uint32_t t = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 64, 64, white);
        CHECK(aerocmd_append_destroy_resource(&p.w, b) == AEROCMD_OK);
        CHECK(aerocmd_append_destroy_resource(&p.w, t) == AEROCMD_OK);
        px_submit(&p);
    }
    px_color_pipeline(&p);
    buf = px_buffer(&p, NULL, sizeof(bytes));
    tex = px_texture_full(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 32, 32, 2, 2, 0, 0);
    depth = px_texture(&p, AEROGPU_FORMAT_D32_FLOAT, 64, 64);
    d24 = px_texture(&p, AEROGPU_FORMAT_D24_UNORM_S8_UINT, 64, 64);
    d24_cleared = px_texture(&p, AEROGPU_FORMAT_D24_UNORM_S8_UINT, 64, 64);
    CHECK(aerocmd_append_set_render_targets(&p.w, 0, colors, d24_cleared) == AEROCMD_OK);
    CHECK(aerocmd_append_clear(&p.w, AEROGPU_CLEAR_DEPTH, no_colour, px_f32(1.0f), 0x77) ==
          AEROCMD_OK);
    colors[0] = drawn = px_texture(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8);
    CHECK(aerocmd_append_set_render_targets(&p.w, 1, colors, 0) == AEROCMD_OK);
    px_viewport(&p, 0.0f, 0.0f, 8.0f, 8.0f);
    px_rect(&p, -1.0f, -1.0f, 0.0f, 1.0f, 0.0f, white); /* the left half, never cleared */
    if (!px_submit(&p))
        goto out;
    CHECK(px_read_buffer(&p, buf, 0, sizeof(got), got) == AEROCMD_OK);
    for (i = 0; i < sizeof(got) && got[i] == 0; i++)
        continue;
    CHECK_EQ(i, sizeof(got));
    if (px_read(&p, tex, &img))
        all_zero(&img, "a texture never written: mip 0, layer 0");
    aerocmd_exec_image_release(&img);
    if (px_read_sub(&p, tex, 1, 1, &img))
        all_zero(&img, "a texture never written: mip 1, layer 1");
    aerocmd_exec_image_release(&img);
    if (px_read(&p, depth, &img))
        all_zero(&img, "a depth texture never written");
    aerocmd_exec_image_release(&img);
    if (px_read(&p, d24, &img))
        all_zero(&img, "a D24S8 texture never written");
    aerocmd_exec_image_release(&img);
    if (px_read(&p, d24_cleared, &img)) /* depth 1.0: 2^24 - 1 */
        all_depth_stencil_zero(&img, 0xFFFFFFu, "a D24S8 texture, its depth alone cleared");
    aerocmd_exec_image_release(&img);
    if (px_read(&p, drawn, &img))
        px_expect_map(&img, left_of_4, white8, zero8, "drawn into without a clear: the rest 0");
    aerocmd_exec_image_release(&img);
out:
    px_stop(&p);
}

int main(void)
{
    never_written();
    sharing();
    buffer_copies();
    texture_sub_rectangle();
    staging_readback();
    depth_copies();
    dirty_range();
    compute();
    return check_finish();
}
