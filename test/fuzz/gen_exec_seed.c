/* SPDX-License-Identifier: MIT */
/* gen_exec_seed — writes fuzz_exec's many-objects seed: one stream that creates every
 * scene shader (test/shaders/scene_shaders.h: vertex, pixel, geometry and compute shaders
 * with constant buffers, textures, samplers, UAVs, raw and structured buffers), a render
 * target, a texture, a sampler, vertex, constant and storage buffers and an input layout,
 * then draws with three pipelines (colour, textured, with the geometry shader), dispatches
 * and presents. Every shader is created before anything uses it, so each one reaches the
 * token checker and vkd3d-shader whatever the mutator did to the ones after it.
 *
 * usage: gen_exec_seed OUT.acmd   (test/fuzz/README.md: rerun after changing the shaders) */
#include <stdio.h>
#include <string.h>

#include "aerocmd/alloc.h"
#include "aerocmd/writer.h"
#include "aerogpu_cmd.h"
#include "aerogpu_pci.h"
#include "shaders/scene_shaders.h"

#define RT        100u
#define TEX       101u
#define SAMPLER   102u
#define VB        103u
#define CB        104u
#define STORAGE   105u
#define LAYOUT    106u
#define LAYOUT_UV 107u
#define F1        0x3F800000u /* 1.0f */
#define F64       0x42800000u /* 64.0f */

static aerocmd_result shaders(struct aerocmd_writer *w)
{
    static uint8_t dxbc[8192];
    struct scene_shader sh;
    uint32_t i, size;
    aerocmd_result r = AEROCMD_OK;
    for (i = 0; r == AEROCMD_OK && i < SCENE_SHADER_COUNT; i++) {
        if (!scene_shader_build((enum scene_shader_id)i, &sh))
            return AEROCMD_E_INVALID_ARG;
        r = aerocmd_umd_dxbc_from_tokens(sh.kind, sh.tokens, sh.token_count, &sh.sigs, dxbc,
                                         sizeof dxbc, &size);
        if (r == AEROCMD_OK)
            r = aerocmd_append_create_shader_dxbc(w, 1u + i, sh.kind, dxbc, size);
    }
    return r;
}

static aerocmd_result resources(struct aerocmd_writer *w)
{
    static const float vertices[3][7] = {
        {0, 0.5f, 0, 1, 0, 0, 1}, {0.5f, -0.5f, 0, 0, 1, 0, 1}, {-0.5f, -0.5f, 0, 0, 0, 1, 1}};
    static const float tint[4] = {1, 1, 1, 1};
    static const uint8_t texels[4 * 4 * 4] = {255, 0, 0, 255, 0, 255, 0, 255};
    static const struct aerocmd_input_element layout[2] = {
        {"POSITION", 0, 6 /* R32G32B32_FLOAT */, 0, 0, 0, 0},
        {"COLOR", 0, 2 /* R32G32B32A32_FLOAT */, 0, 12, 0, 0}};
    static const struct aerocmd_input_element layout_uv[2] = {
        {"POSITION", 0, 6 /* R32G32B32_FLOAT */, 0, 0, 0, 0},
        {"TEXCOORD", 0, 16 /* R32G32_FLOAT */, 0, 12, 0, 0}};
    struct aerocmd_texture2d_args t;
    aerocmd_result r;
    memset(&t, 0, sizeof t);
    t.texture_handle = RT, t.usage_flags = AEROGPU_RESOURCE_USAGE_RENDER_TARGET;
    t.format = AEROGPU_FORMAT_B8G8R8A8_UNORM, t.width = t.height = 64;
    t.mip_levels = t.array_layers = 1;
    if ((r = aerocmd_append_create_texture2d(w, &t)) != AEROCMD_OK)
        return r;
    t.texture_handle = TEX, t.usage_flags = AEROGPU_RESOURCE_USAGE_TEXTURE;
    t.format = AEROGPU_FORMAT_R8G8B8A8_UNORM, t.width = t.height = 4;
    if ((r = aerocmd_append_create_texture2d(w, &t)) != AEROCMD_OK ||
        (r = aerocmd_append_upload_resource(w, TEX, 0, texels, sizeof texels)) != AEROCMD_OK ||
        (r = aerocmd_append_create_sampler(w, SAMPLER, AEROGPU_SAMPLER_FILTER_LINEAR, 0, 0, 0)) ||
        (r = aerocmd_append_create_buffer(w, VB, AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER,
                                          sizeof vertices, 0, 0)) ||
        (r = aerocmd_append_upload_resource(w, VB, 0, vertices, sizeof vertices)) ||
        (r = aerocmd_append_create_buffer(w, CB, AEROGPU_RESOURCE_USAGE_CONSTANT_BUFFER, 256, 0,
                                          0)) ||
        (r = aerocmd_append_upload_resource(w, CB, 0, tint, sizeof tint)) ||
        (r = aerocmd_append_create_buffer(w, STORAGE, AEROGPU_RESOURCE_USAGE_STORAGE, 4096, 0, 0)))
        return r;
    if ((r = aerocmd_append_create_input_layout(w, LAYOUT, layout, 2)) != AEROCMD_OK)
        return r;
    return aerocmd_append_create_input_layout(w, LAYOUT_UV, layout_uv, 2);
}

static aerocmd_result pipeline_state(struct aerocmd_writer *w)
{
    const aerogpu_handle_t rt = RT;
    struct aerogpu_vertex_buffer_binding vb = {VB, 28, 0, 0};
    struct aerogpu_constant_buffer_binding cb = {CB, 0, 256, 0};
    const aerogpu_handle_t sampler = SAMPLER;
    aerocmd_result r;
    if ((r = aerocmd_append_set_render_targets(w, 1, &rt, 0)) != AEROCMD_OK ||
        (r = aerocmd_append_set_viewport(w, 0, 0, F64, F64, 0, F1)) ||
        (r = aerocmd_append_set_input_layout(w, LAYOUT)) ||
        (r = aerocmd_append_set_vertex_buffers(w, 0, 1, &vb)) ||
        (r = aerocmd_append_set_primitive_topology(w, AEROGPU_TOPOLOGY_TRIANGLELIST)) ||
        (r = aerocmd_append_set_constant_buffers(w, AEROCMD_SHADER_VS, 0, 1, &cb)) ||
        (r = aerocmd_append_set_texture(w, AEROCMD_SHADER_PS, 0, TEX)))
        return r;
    return aerocmd_append_set_samplers(w, AEROCMD_SHADER_PS, 0, 1, &sampler);
}

static aerocmd_result work(struct aerocmd_writer *w)
{
    struct aerogpu_unordered_access_buffer_binding uav = {STORAGE, 0, 4096, 0};
    aerocmd_result r;
    /* handles are scene shader ids + 1 */
    if ((r = aerocmd_append_bind_shaders(w, 1u + SCENE_VS_COLOR, 1u + SCENE_PS_COLOR, 0, 0, 0,
                                         0)) != AEROCMD_OK ||
        (r = aerocmd_append_draw(w, 3, 1, 0, 0)) ||
        (r = aerocmd_append_bind_shaders(w, 1u + SCENE_VS_CB, 1u + SCENE_PS_COLOR, 0,
                                         1u + SCENE_GS_SHIFT, 0, 0)) ||
        (r = aerocmd_append_draw(w, 3, 1, 0, 0)) ||
        (r = aerocmd_append_set_input_layout(w, LAYOUT_UV)) ||
        (r = aerocmd_append_bind_shaders(w, 1u + SCENE_VS_TEXTURE, 1u + SCENE_PS_TEXTURE, 0, 0, 0,
                                         0)) ||
        (r = aerocmd_append_draw(w, 3, 1, 0, 0)) ||
        (r = aerocmd_append_set_unordered_access_buffers(w, AEROCMD_SHADER_CS, 0, 1, &uav)) ||
        (r = aerocmd_append_bind_shaders(w, 0, 0, 1u + SCENE_CS_UAV, 0, 0, 0)) ||
        (r = aerocmd_append_dispatch(w, 1, 1, 1)))
        return r;
    return aerocmd_append_present(w, 0, 0);
}

int main(int argc, char **argv)
{
    struct aerocmd_writer w;
    aerocmd_result r;
    FILE *f;
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUT.acmd\n", argv[0]);
        return 2;
    }
    r = aerocmd_writer_init_growable(&w, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32);
    if (r == AEROCMD_OK && (r = shaders(&w)) == AEROCMD_OK && (r = resources(&w)) == AEROCMD_OK &&
        (r = pipeline_state(&w)) == AEROCMD_OK)
        r = work(&w);
    if (r != AEROCMD_OK) {
        fprintf(stderr, "%s: writing the stream failed (%d)\n", argv[0], (int)r);
        aerocmd_writer_release(&w);
        return 1;
    }
    f = fopen(argv[1], "wb");
    if (f == NULL ||
        fwrite(aerocmd_writer_data(&w), 1, aerocmd_writer_size(&w), f) != aerocmd_writer_size(&w)) {
        perror(argv[1]);
        aerocmd_writer_release(&w);
        return 2;
    }
    fclose(f);
    aerocmd_writer_release(&w);
    return 0;
}
