/* SPDX-License-Identifier: MIT */
/* faults_scenes_more.h — the data-path scenarios of the fault sweeps beyond the first
 * set: Map / Unmap of dynamic and staging textures, UpdateSubresourceUP with boxes into BC
 * textures, a buffer copy read back through staging with DO_NOT_WAIT polling, compute
 * unordered-access clears and dispatches, a surface shared between two devices, swap-chain
 * rotation with bound views, and a ResizeBuffers-style replacement of the backbuffers.
 * Included by faults_scenes.h, whose helpers they use. */
#ifndef AEROCMD_TEST_FAULTS_SCENES_MORE_H
#define AEROCMD_TEST_FAULTS_SCENES_MORE_H

#define DXGI_R32_FLOAT 41u
#define DXGI_R32_UINT  42u
#define DXGI_BC1_UNORM 71u

/* Fills `rows` rows of `row_bytes` of a mapping with `value`. */
static void fill_rows(const struct aerocmd_umd_mapped *m, uint32_t rows, uint32_t row_bytes,
                      uint8_t value)
{
    uint32_t y;
    for (y = 0; y < rows; y++)
        memset((uint8_t *)m->data + (size_t)y * m->row_pitch, value, row_bytes);
}

/* A host-owned and a guest-backed dynamic texture sampled by draws and rewritten with
 * WRITE_DISCARD between them; a staging texture with mips and layers written at mip 2 of
 * layer 1 and copied into a default texture. */
static aerocmd_result sc_dynamic_texture(struct env *e)
{
    struct aerocmd_umd_texture2d_desc dd =
        tex_desc(8, 4, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_texture2d_desc sd = tex_desc(16, 16, DXGI_R8G8B8A8_UNORM, 0, 1);
    struct aerocmd_umd_texture2d_desc td =
        tex_desc(16, 16, DXGI_R8G8B8A8_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 1);
    struct aerocmd_umd_resource *dyn[2], *staging, *dst;
    struct aerocmd_umd_view *srvs[2];
    struct aerocmd_umd_mapped m;
    uint32_t i, frame;
    dd.usage = AEROCMD_UMD_USAGE_DYNAMIC;
    dd.cpu_access = AEROCMD_UMD_CPU_ACCESS_WRITE;
    for (i = 0; i < 2; i++) {
        dd.guest_backed = i;
        TRY(mk_texture(e, &dd, NULL, &dyn[i]));
        TRY(mk_view(e, AEROCMD_VIEW_SHADER_RESOURCE, dyn[i], NULL, &srvs[i]));
    }
    TRY(basic_pipeline(e, NULL));
    TRY(aerocmd_umd_set_shader_resources(e->ctx, AEROCMD_SHADER_PS, 0, 2, srvs));
    for (frame = 1; frame <= 2; frame++) {
        for (i = 0; i < 2; i++) {
            TRY(aerocmd_umd_map(e->ctx, dyn[i], 0, AEROCMD_UMD_MAP_WRITE_DISCARD, 0, &m));
            fill_rows(&m, 4, 32, (uint8_t)(frame * 0x20u + i));
            TRY(aerocmd_umd_unmap(e->ctx, dyn[i], 0));
        }
        TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    }
    sd.mip_levels = td.mip_levels = 3;
    sd.array_size = td.array_size = 2;
    sd.usage = AEROCMD_UMD_USAGE_STAGING;
    sd.cpu_access = AEROCMD_UMD_CPU_ACCESS_READ | AEROCMD_UMD_CPU_ACCESS_WRITE;
    TRY(mk_texture(e, &sd, NULL, &staging));
    TRY(mk_texture(e, &td, NULL, &dst));
    TRY(aerocmd_umd_map(e->ctx, staging, 2 + 1 * 3, AEROCMD_UMD_MAP_WRITE, 0, &m));
    fill_rows(&m, 4, 16, 0x5A);
    TRY(aerocmd_umd_unmap(e->ctx, staging, 2 + 1 * 3));
    TRY(aerocmd_umd_copy_subresource_region(e->ctx, dst, 2 + 1 * 3, 0, 0, 0, staging, 2 + 1 * 3,
                                            NULL));
    return aerocmd_umd_flush(e->ctx);
}

/* UpdateSubresourceUP with boxes into BC1 textures (host-owned and guest-backed, mip 1)
 * and a box into a guest-backed buffer. */
static aerocmd_result sc_update_bc_box(struct env *e)
{
    static const uint8_t blocks[32] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88,
                                       0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xF0, 0x0F};
    struct aerocmd_umd_texture2d_desc td =
        tex_desc(16, 16, DXGI_BC1_UNORM, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_buffer_desc bd = buf_desc(64, AEROCMD_UMD_BIND_VERTEX_BUFFER, 1);
    struct aerocmd_box block_box = {4, 0, 0, 8, 8, 1}, bytes = {6, 0, 0, 30, 1, 1};
    struct aerocmd_umd_resource *tex[2], *buf;
    uint32_t i;
    td.mip_levels = 2;
    for (i = 0; i < 2; i++) {
        td.guest_backed = i;
        TRY(mk_texture(e, &td, NULL, &tex[i]));
        /* mip 1 is 8x8 texels: the right column of 4x4 blocks, rows of 8-byte blocks */
        TRY(aerocmd_umd_update_subresource(e->ctx, tex[i], 1, &block_box, blocks, 16, 0));
    }
    TRY(mk_buffer(e, &bd, NULL, &buf));
    TRY(aerocmd_umd_update_subresource(e->ctx, buf, 0, &bytes, blocks, 0, 0));
    return aerocmd_umd_flush(e->ctx);
}

/* Maps `res` for reading, polling with DO_NOT_WAIT a few times before blocking. */
static aerocmd_result map_read_polling(struct env *e, struct aerocmd_umd_resource *res,
                                       struct aerocmd_umd_mapped *m)
{
    uint32_t tries;
    for (tries = 0; tries < 3; tries++) {
        aerocmd_result r =
            aerocmd_umd_map(e->ctx, res, 0, AEROCMD_UMD_MAP_READ, AEROCMD_UMD_MAP_DO_NOT_WAIT, m);
        if (r != AEROCMD_E_STILL_DRAWING)
            return r;
    }
    return aerocmd_umd_map(e->ctx, res, 0, AEROCMD_UMD_MAP_READ, 0, m);
}

/* A default buffer with initial data copied whole into a staging buffer, read back. */
static aerocmd_result sc_buffer_readback(struct env *e)
{
    static const uint32_t words[8] = {0x01020304u, 5, 6, 7, 8, 9, 10, 0xCAFEF00Du};
    struct aerocmd_umd_buffer_desc src_d = buf_desc(32, AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_buffer_desc dst_d = buf_desc(32, 0, 1);
    struct aerocmd_umd_resource *src, *dst;
    struct aerocmd_umd_mapped m;
    int same;
    dst_d.usage = AEROCMD_UMD_USAGE_STAGING;
    dst_d.cpu_access = AEROCMD_UMD_CPU_ACCESS_READ;
    TRY(mk_buffer(e, &src_d, words, &src));
    TRY(mk_buffer(e, &dst_d, NULL, &dst));
    TRY(aerocmd_umd_copy_resource(e->ctx, dst, src));
    TRY(map_read_polling(e, dst, &m));
    same = memcmp(m.data, words, sizeof words) == 0;
    TRY(aerocmd_umd_unmap(e->ctx, dst, 0));
    return same ? AEROCMD_OK : AEROCMD_E_MALFORMED; /* the readback lost the bytes */
}

static aerocmd_result mk_uav(struct env *e, struct aerocmd_umd_resource *res,
                             const struct aerocmd_umd_uav_desc *d, struct aerocmd_umd_uav **out)
{
    size_t size = aerocmd_umd_uav_size();
    void *mem = env_take(e, size);
    *out = NULL;
    if (mem == NULL)
        return AEROCMD_E_INVALID_ARG;
    TRY(aerocmd_umd_create_uav(e->dev, mem, size, res, d, out));
    env_remember(e, ENV_UAV, *out);
    return AEROCMD_OK;
}

/* Typed and structured (counter) unordered-access views of a host-owned and a guest-backed
 * buffer: cleared (uint and float), bound to the compute stage, dispatched twice. */
static aerocmd_result sc_compute_uav(struct env *e)
{
    static const uint32_t ones[4] = {0x01010101u, 2, 3, 4}, half[4] = {F32_HALF, 0, 0, 0};
    struct aerocmd_umd_buffer_desc bd =
        buf_desc(256, AEROCMD_UMD_BIND_UNORDERED_ACCESS | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_uav_desc typed, counted;
    struct aerocmd_umd_resource *host, *backed;
    struct aerocmd_umd_uav *uavs[2];
    struct aerocmd_umd_shader *cs;
    uint32_t counts[2] = {AEROCMD_UMD_UAV_KEEP_COUNT, 7};
    memset(&typed, 0, sizeof typed);
    typed.dxgi_format = DXGI_R32_UINT;
    typed.first_element = 4;
    typed.element_count = 16;
    counted = typed;
    counted.dxgi_format = 0;
    counted.first_element = 1;
    counted.element_count = 8;
    counted.element_bytes = 16;
    counted.flags = AEROCMD_UMD_UAV_FLAG_COUNTER;
    counted.initial_count = 5;
    TRY(mk_buffer(e, &bd, NULL, &host));
    bd.guest_backed = 1;
    TRY(mk_buffer(e, &bd, NULL, &backed));
    TRY(mk_uav(e, host, &typed, &uavs[0]));
    TRY(mk_uav(e, backed, &counted, &uavs[1]));
    TRY(mk_shader(e, SCENE_CS_UAV, &cs));
    TRY(aerocmd_umd_clear_uav_uint(e->ctx, uavs[0], ones));
    TRY(aerocmd_umd_clear_uav_float(e->ctx, uavs[1], half));
    TRY(aerocmd_umd_set_shader(e->ctx, AEROCMD_SHADER_CS, cs));
    TRY(aerocmd_umd_set_cs_uavs(e->ctx, 0, 2, uavs, counts));
    TRY(aerocmd_umd_dispatch(e->ctx, 2, 1, 1));
    TRY(aerocmd_umd_clear_uav_uint(e->ctx, uavs[1], ones));
    TRY(aerocmd_umd_dispatch(e->ctx, 1, 1, 1));
    return aerocmd_umd_flush(e->ctx);
}

/* Opens `created` (a shareable resource of the first device) on the second device from
 * the blob the OS preserved for its allocation. */
static aerocmd_result open_on_second(struct env *e, const struct aerocmd_umd_resource *created,
                                     struct aerocmd_umd_resource **out)
{
    const struct aerocmd_umd_fake_memory *m =
        aerocmd_umd_fake_find_memory(&e->fake, aerocmd_umd_resource_alloc_id(created));
    struct aerocmd_umd_open_desc od;
    size_t size = aerocmd_umd_resource_size();
    void *mem = env_take(e, size);
    *out = NULL;
    if (m == NULL || mem == NULL)
        return AEROCMD_E_INVALID_ARG;
    memset(&od, 0, sizeof od);
    od.private_data = m->private_data;
    od.private_data_bytes = m->private_data_bytes;
    od.os_handle = m->os_handle;
    TRY(aerocmd_umd_open_resource(e->dev2, mem, size, &od, out));
    env_remember_second(e, ENV_RESOURCE, *out);
    return AEROCMD_OK;
}

/* A shareable render target and vertex buffer created by one device (one "process"),
 * opened by a second from the preserved blobs; the second clears the texture through its
 * alias and draws nothing but submits; the first renders into the original. */
static aerocmd_result sc_shared_surface(struct env *e)
{
    static const uint32_t red[4] = {F32_1, F32_0, F32_0, F32_1};
    static const uint32_t data[4] = {1, 2, 3, 4};
    struct aerocmd_umd_texture2d_desc td =
        tex_desc(16, 16, DXGI_B8G8R8A8_UNORM,
                 AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_buffer_desc bd = buf_desc(16, AEROCMD_UMD_BIND_VERTEX_BUFFER, 0);
    struct aerocmd_umd_resource *tex, *buf, *tex_alias, *buf_alias;
    struct aerocmd_umd_view *rtv, *alias_rtv;
    size_t vsize = aerocmd_umd_view_size();
    void *vmem;
    td.misc_flags = bd.misc_flags = AEROCMD_UMD_MISC_SHARED;
    TRY(env_open_second(e));
    TRY(mk_texture(e, &td, NULL, &tex));
    TRY(mk_buffer(e, &bd, data, &buf));
    TRY(open_on_second(e, tex, &tex_alias));
    TRY(open_on_second(e, buf, &buf_alias));
    vmem = env_take(e, vsize);
    if (vmem == NULL)
        return AEROCMD_E_INVALID_ARG;
    {
        struct aerocmd_umd_view_desc whole;
        memset(&whole, 0, sizeof whole);
        TRY(aerocmd_umd_create_view(e->dev2, vmem, vsize, AEROCMD_VIEW_RENDER_TARGET, tex_alias,
                                    &whole, &alias_rtv));
    }
    env_remember_second(e, ENV_VIEW, alias_rtv);
    TRY(aerocmd_umd_set_render_targets(e->ctx2, 1, &alias_rtv, NULL));
    TRY(aerocmd_umd_clear_render_target(e->ctx2, alias_rtv, red));
    TRY(aerocmd_umd_flush(e->ctx2));
    TRY(mk_view(e, AEROCMD_VIEW_RENDER_TARGET, tex, NULL, &rtv));
    TRY(bind_basic(e, buf, rtv, NULL));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    return aerocmd_umd_flush(e->ctx);
}

/* `count` backbuffers of w x h (host-owned or guest-backed) and their RTVs. */
static aerocmd_result mk_backbuffers(struct env *e, uint32_t count, uint32_t w, uint32_t h,
                                     uint32_t backed, struct aerocmd_umd_resource **res,
                                     struct aerocmd_umd_view **rtvs)
{
    struct aerocmd_umd_texture2d_desc td =
        tex_desc(w, h, DXGI_B8G8R8A8_UNORM,
                 AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, backed);
    uint32_t i;
    for (i = 0; i < count; i++) {
        TRY(mk_texture(e, &td, NULL, &res[i]));
        TRY(mk_view(e, AEROCMD_VIEW_RENDER_TARGET, res[i], NULL, &rtvs[i]));
    }
    return AEROCMD_OK;
}

/* Three host-owned backbuffers rotated after each present with buffer 0's RTV bound and
 * buffer 1 sampled through a sub-range view (a view with its own host object); then two
 * guest-backed ones. */
static aerocmd_result sc_rotate(struct env *e)
{
    struct aerocmd_umd_resource *bb[3], *gb[2];
    struct aerocmd_umd_view *rtvs[3], *grtvs[2], *srv;
    struct aerocmd_umd_view_desc one_mip;
    uint32_t frame;
    memset(&one_mip, 0, sizeof one_mip);
    one_mip.dxgi_format = DXGI_B8G8R8A8_UNORM;
    one_mip.mip_count = 1;
    one_mip.layer_count = 1;
    TRY(mk_backbuffers(e, 3, 64, 64, 0, bb, rtvs));
    TRY(mk_view(e, AEROCMD_VIEW_SHADER_RESOURCE, bb[1], &one_mip, &srv));
    TRY(basic_pipeline(e, NULL));
    TRY(aerocmd_umd_set_render_targets(e->ctx, 1, &rtvs[0], NULL));
    TRY(aerocmd_umd_set_shader_resources(e->ctx, AEROCMD_SHADER_PS, 0, 1, &srv));
    for (frame = 0; frame < 2; frame++) {
        TRY(aerocmd_umd_draw(e->ctx, 3, 0));
        TRY(aerocmd_umd_present(e->ctx, 1));
        TRY(aerocmd_umd_rotate_resources(e->ctx, bb, 3));
    }
    TRY(mk_backbuffers(e, 2, 32, 32, 1, gb, grtvs));
    TRY(aerocmd_umd_set_render_targets(e->ctx, 1, &grtvs[0], NULL));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    TRY(aerocmd_umd_present(e->ctx, 0));
    TRY(aerocmd_umd_rotate_resources(e->ctx, gb, 2));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    return aerocmd_umd_present(e->ctx, 0);
}

/* Rotation of views that own a host view object: three two-mip backbuffers, each with a
 * render-target view of mip 0 and a shader-resource view of mip 1 (neither is the whole
 * texture, so each has a host view of its own), one pair bound. Each rotation creates the
 * new host views first and retires the old ones after the identities moved; in a small
 * command buffer retiring submits, and a failure there must reach the caller. */
static aerocmd_result sc_rotate_owned_views(struct env *e)
{
    struct aerocmd_umd_texture2d_desc td =
        tex_desc(32, 32, DXGI_B8G8R8A8_UNORM,
                 AEROCMD_UMD_BIND_RENDER_TARGET | AEROCMD_UMD_BIND_SHADER_RESOURCE, 0);
    struct aerocmd_umd_resource *bb[3];
    struct aerocmd_umd_view *rtv[3], *srv[3];
    struct aerocmd_umd_view_desc mip0, mip1;
    uint32_t i;
    memset(&mip0, 0, sizeof mip0);
    mip0.dxgi_format = DXGI_B8G8R8A8_UNORM;
    mip0.mip_count = 1;
    mip0.layer_count = 1;
    mip1 = mip0;
    mip1.first_mip = 1;
    td.mip_levels = 2;
    for (i = 0; i < 3; i++) {
        TRY(mk_texture(e, &td, NULL, &bb[i]));
        TRY(mk_view(e, AEROCMD_VIEW_RENDER_TARGET, bb[i], &mip0, &rtv[i]));
        TRY(mk_view(e, AEROCMD_VIEW_SHADER_RESOURCE, bb[i], &mip1, &srv[i]));
    }
    TRY(basic_pipeline(e, NULL));
    TRY(aerocmd_umd_set_render_targets(e->ctx, 1, &rtv[0], NULL));
    TRY(aerocmd_umd_set_shader_resources(e->ctx, AEROCMD_SHADER_PS, 0, 1, &srv[1]));
    for (i = 0; i < 2; i++) {
        TRY(aerocmd_umd_draw(e->ctx, 3, 0));
        TRY(aerocmd_umd_present(e->ctx, 0));
        TRY(aerocmd_umd_rotate_resources(e->ctx, bb, 3));
    }
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    return aerocmd_umd_flush(e->ctx);
}

/* Shaders as the Direct3D 10/11 runtime hands them to a driver: bare SM4 token streams
 * (version, length, ret) that the library wraps into DXBC containers of its own. */
static aerocmd_result sc_token_shaders(struct env *e)
{
    static const uint32_t vs40[3] = {0x00010040u, 3u, 0x0100003Eu}; /* vs_4_0: ret */
    static const uint32_t ps40[3] = {0x00000040u, 3u, 0x0100003Eu}; /* ps_4_0: ret */
    struct aerocmd_umd_shader *vs, *ps;
    size_t size = aerocmd_umd_shader_size();
    void *vs_mem = env_take(e, size), *ps_mem = env_take(e, size);
    if (vs_mem == NULL || ps_mem == NULL)
        return AEROCMD_E_INVALID_ARG;
    TRY(basic_pipeline(e, NULL));
    TRY(aerocmd_umd_create_shader_from_tokens(e->dev, vs_mem, size, AEROCMD_SHADER_VS, vs40, 3,
                                              NULL, &vs));
    env_remember(e, ENV_SHADER, vs);
    TRY(aerocmd_umd_create_shader_from_tokens(e->dev, ps_mem, size, AEROCMD_SHADER_PS, ps40, 3,
                                              NULL, &ps));
    env_remember(e, ENV_SHADER, ps);
    TRY(aerocmd_umd_set_shader(e->ctx, AEROCMD_SHADER_VS, vs));
    TRY(aerocmd_umd_set_shader(e->ctx, AEROCMD_SHADER_PS, ps));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    return aerocmd_umd_flush(e->ctx);
}

/* An EVENT and an OCCLUSION query around a draw, read back: where the operating system's
 * locks wait (Windows 7) each owns a guest allocation listed by the submission that ends
 * it. A query still in flight is not a failure of the scene. */
static aerocmd_result sc_queries(struct env *e)
{
    static const uint32_t kinds[2] = {AEROCMD_UMD_QUERY_EVENT, AEROCMD_UMD_QUERY_OCCLUSION};
    struct aerocmd_umd_query *q[2];
    size_t size = aerocmd_umd_query_size();
    uint64_t data[2];
    uint32_t i;
    TRY(basic_pipeline(e, NULL));
    for (i = 0; i < 2; i++) {
        void *mem = env_take(e, size);
        if (mem == NULL)
            return AEROCMD_E_INVALID_ARG;
        TRY(aerocmd_umd_create_query(e->dev, mem, size, kinds[i], &q[i]));
        env_remember(e, ENV_QUERY, q[i]);
        TRY(aerocmd_umd_query_begin(e->ctx, q[i]));
    }
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    for (i = 0; i < 2; i++) {
        aerocmd_result r;
        TRY(aerocmd_umd_query_end(e->ctx, q[i]));
        r = aerocmd_umd_query_get_data(e->ctx, q[i], data, sizeof data, 0);
        if (r != AEROCMD_OK && r != AEROCMD_E_STILL_DRAWING)
            return r;
    }
    return aerocmd_umd_flush(e->ctx);
}

/* ResizeBuffers as the runtime does it: two guest-backed backbuffers drawn and presented,
 * their views and then themselves destroyed while bound, two larger ones created, bound,
 * drawn and presented. */
static aerocmd_result sc_resize(struct env *e)
{
    struct aerocmd_umd_resource *bb[2], *nb[2];
    struct aerocmd_umd_view *rtvs[2], *nrtvs[2];
    uint32_t i;
    TRY(mk_backbuffers(e, 2, 64, 64, 1, bb, rtvs));
    TRY(basic_pipeline(e, NULL));
    TRY(aerocmd_umd_set_render_targets(e->ctx, 1, &rtvs[0], NULL));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    TRY(aerocmd_umd_present(e->ctx, 1));
    for (i = 0; i < 2; i++) {
        env_forget(e, rtvs[i]);
        TRY(aerocmd_umd_destroy_view(rtvs[i]));
        env_forget(e, bb[i]);
        TRY(aerocmd_umd_destroy_resource(bb[i]));
    }
    TRY(mk_backbuffers(e, 2, 128, 96, 1, nb, nrtvs));
    TRY(aerocmd_umd_set_render_targets(e->ctx, 1, &nrtvs[0], NULL));
    TRY(aerocmd_umd_draw(e->ctx, 3, 0));
    return aerocmd_umd_present(e->ctx, 1);
}

#endif /* AEROCMD_TEST_FAULTS_SCENES_MORE_H */
