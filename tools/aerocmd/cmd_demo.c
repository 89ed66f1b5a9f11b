/* aerocmd demo: encodes one small frame (a coloured triangle on a cleared render target)
 * through the public writer API, validates it and prints its dump. Doubles as a worked
 * example of the writer. */
#include <stdio.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/dump.h"
#include "aerocmd/semantic.h"
#include "aerocmd/writer.h"
#include "commands.h"
#include "io.h"

enum demo_handle {
    DEMO_RENDER_TARGET = 1,
    DEMO_VERTEX_BUFFER = 2,
    DEMO_VERTEX_SHADER = 3,
    DEMO_PIXEL_SHADER = 4,
    DEMO_INPUT_LAYOUT = 5
};

#define DEMO_WIDTH  64u
#define DEMO_HEIGHT 64u

struct demo_vertex {
    float x, y;       /* POSITION, R32G32_FLOAT at offset 0 */
    float r, g, b, a; /* COLOR, R32G32B32A32_FLOAT at offset 8 */
};

/* DXGI_FORMAT numbers the input layout refers to. */
#define DXGI_FORMAT_R32G32B32A32_FLOAT 2u
#define DXGI_FORMAT_R32G32_FLOAT       16u

/* Stand-in bytecode: a DXBC container header (magic, zero checksum, version 1, total size,
 * no chunks). Real shaders come from the D3D runtime; the stream treats them as opaque. */
static const uint8_t fake_dxbc[32] = {
    'D', 'X', 'B', 'C', 0, 0, 0, 0, 0,  0, 0, 0, 0, 0, 0, 0,
    0,   0,   0,   0,   1, 0, 0, 0, 32, 0, 0, 0, 0, 0, 0, 0,
};

static uint32_t f32_bits(float value)
{
    uint32_t bits;
    memcpy(&bits, &value, sizeof(bits));
    return bits;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: aerocmd demo [--json] [-o FILE]\n\n"
                 "Encodes a small frame with the libaerocmd writer (render target, vertex\n"
                 "buffer upload, shaders, input layout, state, clear, draw, present), validates\n"
                 "it and prints its dump.\n\n"
                 "  --json     dump as JSON lines\n"
                 "  -o FILE    also write the raw command stream to FILE\n");
}

static aerocmd_result encode_resources(struct aerocmd_writer *w)
{
    /* One red, one green, one blue corner. */
    static const struct demo_vertex vertices[3] = {
        {0.0f, 0.5f, 1.0f, 0.0f, 0.0f, 1.0f},
        {0.5f, -0.5f, 0.0f, 1.0f, 0.0f, 1.0f},
        {-0.5f, -0.5f, 0.0f, 0.0f, 1.0f, 1.0f},
    };
    static const struct aerocmd_input_element elements[2] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, 0, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, 0, 0},
    };
    struct aerocmd_texture2d_args rt;
    aerocmd_result r;
    memset(&rt, 0, sizeof(rt));
    rt.texture_handle = DEMO_RENDER_TARGET;
    rt.usage_flags = AEROGPU_RESOURCE_USAGE_RENDER_TARGET | AEROGPU_RESOURCE_USAGE_SCANOUT;
    rt.format = AEROGPU_FORMAT_B8G8R8A8_UNORM;
    rt.width = DEMO_WIDTH;
    rt.height = DEMO_HEIGHT;
    rt.mip_levels = 1;
    rt.array_layers = 1;
    if ((r = aerocmd_append_create_texture2d(w, &rt)) != AEROCMD_OK ||
        (r = aerocmd_append_create_buffer(w, DEMO_VERTEX_BUFFER,
                                          AEROGPU_RESOURCE_USAGE_VERTEX_BUFFER, sizeof(vertices), 0,
                                          0)) != AEROCMD_OK ||
        (r = aerocmd_append_upload_resource(w, DEMO_VERTEX_BUFFER, 0, vertices,
                                            (uint32_t)sizeof(vertices))) != AEROCMD_OK ||
        (r = aerocmd_append_create_shader_dxbc(w, DEMO_VERTEX_SHADER, AEROCMD_SHADER_VS, fake_dxbc,
                                               sizeof(fake_dxbc))) != AEROCMD_OK ||
        (r = aerocmd_append_create_shader_dxbc(w, DEMO_PIXEL_SHADER, AEROCMD_SHADER_PS, fake_dxbc,
                                               sizeof(fake_dxbc))) != AEROCMD_OK)
        return r;
    return aerocmd_append_create_input_layout(w, DEMO_INPUT_LAYOUT, elements, 2);
}

static aerocmd_result encode_state(struct aerocmd_writer *w)
{
    struct aerogpu_blend_state blend;
    struct aerogpu_depth_stencil_state depth;
    struct aerogpu_rasterizer_state raster;
    aerocmd_result r;
    memset(&blend, 0, sizeof(blend));
    blend.src_factor = AEROGPU_BLEND_ONE;
    blend.dst_factor = AEROGPU_BLEND_ZERO;
    blend.blend_op = AEROGPU_BLEND_OP_ADD;
    blend.color_write_mask = 0xF;
    blend.src_factor_alpha = AEROGPU_BLEND_ONE;
    blend.dst_factor_alpha = AEROGPU_BLEND_ZERO;
    blend.blend_op_alpha = AEROGPU_BLEND_OP_ADD;
    blend.sample_mask = 0xFFFFFFFFu;
    memset(&depth, 0, sizeof(depth));
    depth.depth_func = AEROGPU_COMPARE_ALWAYS;
    depth.stencil_read_mask = 0xFF;
    depth.stencil_write_mask = 0xFF;
    memset(&raster, 0, sizeof(raster));
    raster.fill_mode = AEROGPU_FILL_SOLID;
    raster.cull_mode = AEROGPU_CULL_BACK;
    if ((r = aerocmd_append_set_blend_state(w, &blend)) != AEROCMD_OK ||
        (r = aerocmd_append_set_depth_stencil_state(w, &depth)) != AEROCMD_OK)
        return r;
    return aerocmd_append_set_rasterizer_state(w, &raster);
}

static aerocmd_result encode_draw(struct aerocmd_writer *w)
{
    const aerogpu_handle_t colors[1] = {DEMO_RENDER_TARGET};
    uint32_t clear_color[4];
    struct aerogpu_vertex_buffer_binding vb;
    aerocmd_result r;
    clear_color[0] = f32_bits(0.1f);
    clear_color[1] = f32_bits(0.2f);
    clear_color[2] = f32_bits(0.3f);
    clear_color[3] = f32_bits(1.0f);
    memset(&vb, 0, sizeof(vb));
    vb.buffer = DEMO_VERTEX_BUFFER;
    vb.stride_bytes = (uint32_t)sizeof(struct demo_vertex);
    if ((r = aerocmd_append_set_render_targets(w, 1, colors, 0)) != AEROCMD_OK ||
        (r = aerocmd_append_set_viewport(w, f32_bits(0.0f), f32_bits(0.0f),
                                         f32_bits((float)DEMO_WIDTH), f32_bits((float)DEMO_HEIGHT),
                                         f32_bits(0.0f), f32_bits(1.0f))) != AEROCMD_OK ||
        (r = aerocmd_append_clear(w, AEROGPU_CLEAR_COLOR, clear_color, f32_bits(1.0f), 0)) !=
            AEROCMD_OK ||
        (r = aerocmd_append_set_input_layout(w, DEMO_INPUT_LAYOUT)) != AEROCMD_OK ||
        (r = aerocmd_append_set_vertex_buffers(w, 0, 1, &vb)) != AEROCMD_OK ||
        (r = aerocmd_append_set_primitive_topology(w, AEROGPU_TOPOLOGY_TRIANGLELIST)) !=
            AEROCMD_OK ||
        (r = aerocmd_append_bind_shaders(w, DEMO_VERTEX_SHADER, DEMO_PIXEL_SHADER, 0, 0, 0, 0)) !=
            AEROCMD_OK ||
        (r = aerocmd_append_draw(w, 3, 1, 0, 0)) != AEROCMD_OK)
        return r;
    return aerocmd_append_present(w, 0, AEROGPU_PRESENT_FLAG_VSYNC);
}

static int parse_args(int argc, char **argv, int *json, const char **out_path)
{
    int i;
    *json = 0;
    *out_path = NULL;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--json") == 0) {
            *json = 1;
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            *out_path = argv[++i];
        } else {
            fprintf(stderr, "aerocmd demo: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    return -1;
}

/* Object lifetimes and bounds of the frame, from an empty tracker (no allocation table:
 * every resource of the demo is host-owned). */
static int check_semantics(const uint8_t *data, uint32_t size, struct aerocmd_diag *diag)
{
    uint8_t tracker_mem[4096];
    struct aerocmd_semantic tracker;
    struct aerocmd_stream stream;
    if (aerocmd_semantic_bytes_for(16) > sizeof(tracker_mem) ||
        aerocmd_semantic_init(&tracker, tracker_mem, sizeof(tracker_mem)) != AEROCMD_OK ||
        aerocmd_stream_open(&stream, data, size, diag) != AEROCMD_OK)
        return 0;
    return aerocmd_semantic_check_stream(&tracker, &stream, NULL, diag) == AEROCMD_OK;
}

static int report_and_write(const struct aerocmd_writer *w, int json, const char *out_path)
{
    struct aerocmd_diag diag;
    const uint8_t *data = aerocmd_writer_data(w);
    uint32_t size = aerocmd_writer_size(w);
    memset(&diag, 0, sizeof(diag));
    if (aerocmd_validate_stream(data, size, &diag) != AEROCMD_OK ||
        !check_semantics(data, size, &diag)) {
        fprintf(stderr, "aerocmd demo: encoded stream invalid at offset %u: %s\n",
                (unsigned)diag.offset, aerocmd_reason_name(diag.reason));
        return 1;
    }
    aerocmd_dump_stream(stdout, json ? AEROCMD_DUMP_JSON : AEROCMD_DUMP_TEXT, data, size, NULL);
    if (!json)
        printf("# %u bytes; aerocmd_validate_stream and aerocmd_semantic_check_stream: ok\n",
               (unsigned)size);
    if (out_path != NULL && aerocmd_write_file(out_path, data, size) != 0)
        return 2;
    return fflush(stdout) == 0 ? 0 : 2;
}

int aerocmd_cmd_demo(int argc, char **argv)
{
    struct aerocmd_writer w;
    const char *out_path;
    int json, status = parse_args(argc, argv, &json, &out_path);
    aerocmd_result r;
    if (status >= 0)
        return status;
    r = aerocmd_writer_init_growable(&w, aerocmd_allocator_libc(), 0, AEROGPU_ABI_VERSION_U32);
    if (r == AEROCMD_OK && (r = encode_resources(&w)) == AEROCMD_OK &&
        (r = encode_state(&w)) == AEROCMD_OK)
        r = encode_draw(&w);
    if (r != AEROCMD_OK) {
        fprintf(stderr, "aerocmd demo: encoding failed: %s\n", aerocmd_result_name(r));
        aerocmd_writer_release(&w);
        return 1;
    }
    status = report_and_write(&w, json, out_path);
    aerocmd_writer_release(&w);
    return status;
}
