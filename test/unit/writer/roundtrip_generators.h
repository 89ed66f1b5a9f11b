/* SPDX-License-Identifier: MIT */
/* roundtrip_generators.h — one random generator per opcode for test_roundtrip.c. Each
 * draws valid field values (RULES.md ranges, the stream's ABI minor respected), appends
 * through the writer and records what the decoder must give back. Included once, by
 * test_roundtrip.c, which defines struct gen, struct expect and the helpers used here. */
#ifndef AEROCMD_TEST_ROUNDTRIP_GENERATORS_H
#define AEROCMD_TEST_ROUNDTRIP_GENERATORS_H

typedef int (*generator_fn)(struct gen *g, struct expect *e);

static int gen_nop(struct gen *g, struct expect *e)
{
    exp_begin(e, AEROGPU_CMD_NOP, 8);
    return APPEND_OK(aerocmd_append_nop(g->w));
}

static int gen_debug_marker(struct gen *g, struct expect *e)
{
    uint32_t len = BELOW(40);
    const uint8_t *text = random_bytes(g, len);
    exp_begin(e, AEROGPU_CMD_DEBUG_MARKER, 8);
    exp_payload(e, text, len, len);
    e->rest_payload = 1;
    return APPEND_OK(aerocmd_append_debug_marker(g->w, (const char *)text, len));
}

static int gen_create_buffer(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_create_buffer *x =
        exp_begin(e, AEROGPU_CMD_CREATE_BUFFER, sizeof(struct aerogpu_cmd_create_buffer));
    x->buffer_handle = R32();
    x->usage_flags = R32() & 0xFFu;
    /* 4 .. 2^31 in steps of 4: Direct3D 11 has no empty buffer and none over 2 GiB */
    x->size_bytes = ((R64() % (1ull << 31)) & ~3ull) + 4u;
    x->backing_alloc_id = R32();
    x->backing_offset_bytes = R32();
    return APPEND_OK(aerocmd_append_create_buffer(g->w, x->buffer_handle, x->usage_flags,
                                                  x->size_bytes, x->backing_alloc_id,
                                                  x->backing_offset_bytes));
}

/* Levels of a full mip chain: floor(log2(max(width, height))) + 1. */
static uint32_t full_chain(uint32_t width, uint32_t height)
{
    uint32_t extent = width > height ? width : height, levels = 1;
    for (; extent > 1; extent >>= 1)
        levels++;
    return levels;
}

static int gen_create_texture2d(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_create_texture2d *x =
        exp_begin(e, AEROGPU_CMD_CREATE_TEXTURE2D, sizeof(struct aerogpu_cmd_create_texture2d));
    struct aerocmd_texture2d_args a;
    a.texture_handle = x->texture_handle = R32();
    a.usage_flags = x->usage_flags = R32() & 0xFFu;
    a.format = x->format = pick_format(g, 0);
    /* inside Direct3D 11's limits (d3d11.h): 16384 texels a side, 2048 array slices, at
     * most the full mip chain */
    a.width = x->width = 1 + BELOW(16384);
    a.height = x->height = 1 + BELOW(16384);
    if (x->format >= 64) { /* block-compressed: whole 4x4 blocks at mip 0 */
        a.width = x->width = (x->width + 3u) & ~3u;
        a.height = x->height = (x->height + 3u) & ~3u;
    }
    a.mip_levels = x->mip_levels = 1 + BELOW(full_chain(x->width, x->height));
    a.array_layers = x->array_layers = 1 + BELOW(2048);
    a.row_pitch_bytes = x->row_pitch_bytes = R32();
    a.backing_alloc_id = x->backing_alloc_id = R32();
    a.backing_offset_bytes = x->backing_offset_bytes = R32();
    return APPEND_OK(aerocmd_append_create_texture2d(g->w, &a));
}

static int gen_destroy_resource(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_destroy_resource *x =
        exp_begin(e, AEROGPU_CMD_DESTROY_RESOURCE, sizeof(struct aerogpu_cmd_destroy_resource));
    x->resource_handle = R32();
    return APPEND_OK(aerocmd_append_destroy_resource(g->w, x->resource_handle));
}

/* offset + size must not wrap. */
static uint64_t size_after(uint64_t offset, uint64_t size)
{
    return offset > UINT64_MAX - size ? UINT64_MAX - offset : size;
}

static int gen_dirty_range(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_resource_dirty_range *x = exp_begin(
        e, AEROGPU_CMD_RESOURCE_DIRTY_RANGE, sizeof(struct aerogpu_cmd_resource_dirty_range));
    x->resource_handle = R32();
    x->offset_bytes = R64();
    x->size_bytes = size_after(x->offset_bytes, R64());
    return APPEND_OK(aerocmd_append_resource_dirty_range(g->w, x->resource_handle, x->offset_bytes,
                                                         x->size_bytes));
}

static int gen_upload(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_upload_resource *x =
        exp_begin(e, AEROGPU_CMD_UPLOAD_RESOURCE, sizeof(struct aerogpu_cmd_upload_resource));
    uint32_t len = BELOW(120);
    const uint8_t *data = random_bytes(g, len);
    x->resource_handle = R32();
    x->offset_bytes = R64() % (UINT64_MAX - len);
    x->size_bytes = len;
    exp_payload(e, data, len, len);
    return APPEND_OK(
        aerocmd_append_upload_resource(g->w, x->resource_handle, x->offset_bytes, data, len));
}

static int gen_copy_buffer(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_copy_buffer *x =
        exp_begin(e, AEROGPU_CMD_COPY_BUFFER, sizeof(struct aerogpu_cmd_copy_buffer));
    x->dst_buffer = R32();
    x->src_buffer = R32();
    x->dst_offset_bytes = R64() & ~3ull;
    x->src_offset_bytes = R64() & ~3ull;
    x->size_bytes = size_after(x->dst_offset_bytes, R64()) & ~3ull;
    x->size_bytes = size_after(x->src_offset_bytes, x->size_bytes) & ~3ull;
    x->flags = BELOW(2);
    return APPEND_OK(aerocmd_append_copy_buffer(g->w, x->dst_buffer, x->src_buffer,
                                                x->dst_offset_bytes, x->src_offset_bytes,
                                                x->size_bytes, x->flags));
}

static int gen_copy_texture2d(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_copy_texture2d *x =
        exp_begin(e, AEROGPU_CMD_COPY_TEXTURE2D, sizeof(struct aerogpu_cmd_copy_texture2d));
    struct aerocmd_copy_texture2d_args a;
    a.dst_texture = x->dst_texture = R32();
    a.src_texture = x->src_texture = R32();
    a.dst_mip_level = x->dst_mip_level = R32();
    a.dst_array_layer = x->dst_array_layer = R32();
    a.src_mip_level = x->src_mip_level = R32();
    a.src_array_layer = x->src_array_layer = R32();
    /* Halved values: x + width and y + height can never wrap. */
    a.dst_x = x->dst_x = R32() >> 1;
    a.dst_y = x->dst_y = R32() >> 1;
    a.src_x = x->src_x = R32() >> 1;
    a.src_y = x->src_y = R32() >> 1;
    a.width = x->width = R32() >> 1;
    a.height = x->height = R32() >> 1;
    a.flags = x->flags = BELOW(2);
    return APPEND_OK(aerocmd_append_copy_texture2d(g->w, &a));
}

static int gen_create_texture_view(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_create_texture_view *x = exp_begin(
        e, AEROGPU_CMD_CREATE_TEXTURE_VIEW, sizeof(struct aerogpu_cmd_create_texture_view));
    struct aerocmd_texture_view_args a;
    a.view_handle = x->view_handle = R32();
    a.texture_handle = x->texture_handle = R32();
    a.format = x->format = pick_format(g, 1);
    /* a range inside some texture Direct3D 11 allows: 15 mips, 2048 slices */
    a.base_mip_level = x->base_mip_level = BELOW(15);
    a.mip_level_count = x->mip_level_count = 1 + BELOW(15 - x->base_mip_level);
    a.base_array_layer = x->base_array_layer = BELOW(2048);
    a.array_layer_count = x->array_layer_count = 1 + BELOW(2048 - x->base_array_layer);
    return APPEND_OK(aerocmd_append_create_texture_view(g->w, &a));
}

static int gen_destroy_texture_view(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_destroy_texture_view *x = exp_begin(
        e, AEROGPU_CMD_DESTROY_TEXTURE_VIEW, sizeof(struct aerogpu_cmd_destroy_texture_view));
    x->view_handle = R32();
    return APPEND_OK(aerocmd_append_destroy_texture_view(g->w, x->view_handle));
}

static int gen_create_shader(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_create_shader_dxbc *x =
        exp_begin(e, AEROGPU_CMD_CREATE_SHADER_DXBC, sizeof(struct aerogpu_cmd_create_shader_dxbc));
    /* DXBC program types of the kinds VS, PS, GS, CS, HS, DS */
    static const uint32_t program_of_kind[6] = {1, 0, 2, 5, 3, 4};
    enum aerocmd_shader_kind kind = pick_kind(g, e);
    uint32_t extra = BELOW(200), len = 68u + extra;
    uint8_t *dxbc = pool_take(g, len);
    min_dxbc_extra(dxbc, program_of_kind[kind], random_bytes(g, extra), extra);
    x->shader_handle = R32();
    x->stage = e->stage;
    x->dxbc_size_bytes = len;
    x->reserved0 = e->stage_ex;
    exp_payload(e, dxbc, len, len);
    return APPEND_OK(aerocmd_append_create_shader_dxbc(g->w, x->shader_handle, kind, dxbc, len));
}

static int gen_destroy_shader(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_destroy_shader *x =
        exp_begin(e, AEROGPU_CMD_DESTROY_SHADER, sizeof(struct aerogpu_cmd_destroy_shader));
    x->shader_handle = R32();
    return APPEND_OK(aerocmd_append_destroy_shader(g->w, x->shader_handle));
}

static aerogpu_handle_t maybe_handle(struct gen *g)
{
    return BELOW(3) == 0 ? 0 : R32();
}

static int gen_bind_shaders(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_bind_shaders *x =
        exp_begin(e, AEROGPU_CMD_BIND_SHADERS, sizeof(struct aerogpu_cmd_bind_shaders));
    struct aerocmd_bound_shaders *b = &e->bind;
    int legacy_only = BELOW(2);
    b->vs = x->vs = maybe_handle(g);
    b->ps = x->ps = maybe_handle(g);
    b->cs = x->cs = maybe_handle(g);
    b->gs = legacy_only ? 0 : maybe_handle(g);
    b->hs = legacy_only ? 0 : maybe_handle(g);
    b->ds = legacy_only ? 0 : maybe_handle(g);
    b->extended = b->gs != 0 || b->hs != 0 || b->ds != 0;
    x->reserved0 = b->gs;
    e->is_bind = 1;
    e->size = b->extended ? 36 : 24;
    return APPEND_OK(aerocmd_append_bind_shaders(g->w, b->vs, b->ps, b->cs, b->gs, b->hs, b->ds));
}

typedef aerocmd_result (*constants_fn)(struct aerocmd_writer *, enum aerocmd_shader_kind, uint32_t,
                                       const void *, uint32_t);

/* The three constant packets share one layout (checked by the writer's own tests). */
static int gen_constants(struct gen *g, struct expect *e, uint32_t opcode, constants_fn append)
{
    struct aerogpu_cmd_set_shader_constants_f *x =
        exp_begin(e, opcode, sizeof(struct aerogpu_cmd_set_shader_constants_f));
    enum aerocmd_shader_kind kind = pick_kind(g, e);
    uint32_t count = BELOW(7);
    const uint8_t *regs = random_bytes(g, count * 16);
    x->stage = e->stage;
    x->start_register = BELOW(4096 + 1 - count); /* one constant buffer's 4096 vec4 */
    x->vec4_count = count;
    x->reserved0 = e->stage_ex;
    exp_payload(e, regs, count * 16, count);
    return APPEND_OK(append(g->w, kind, x->start_register, regs, count));
}

static int gen_constants_f(struct gen *g, struct expect *e)
{
    return gen_constants(g, e, AEROGPU_CMD_SET_SHADER_CONSTANTS_F,
                         aerocmd_append_set_shader_constants_f);
}

static int gen_constants_i(struct gen *g, struct expect *e)
{
    return gen_constants(g, e, AEROGPU_CMD_SET_SHADER_CONSTANTS_I,
                         aerocmd_append_set_shader_constants_i);
}

static int gen_constants_b(struct gen *g, struct expect *e)
{
    return gen_constants(g, e, AEROGPU_CMD_SET_SHADER_CONSTANTS_B,
                         aerocmd_append_set_shader_constants_b);
}

/* FNV-1a of the upper-cased name, as RULES.md defines semantic_name_hash. */
static uint32_t reference_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) {
        uint32_t c = (unsigned char)*s;
        h = (h ^ (c >= 'a' && c <= 'z' ? c - 32 : c)) * 16777619u;
    }
    return h;
}

static const char *random_semantic(struct gen *g)
{
    static const char alphabet[] =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789";
    uint32_t len = 1 + BELOW(12), i;
    char *s = (char *)pool_take(g, len + 1);
    for (i = 0; i < len; i++)
        s[i] = alphabet[BELOW(sizeof alphabet - 1)];
    s[len] = 0;
    return s;
}

static void put32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, 4);
}

static int gen_input_layout(struct gen *g, struct expect *e)
{
    struct aerocmd_input_element elems[6];
    uint32_t count = BELOW(7), i, j;
    uint32_t blob_len = 16 + 28 * count;
    uint8_t *blob = pool_take(g, blob_len);
    struct aerogpu_cmd_create_input_layout *x = exp_begin(
        e, AEROGPU_CMD_CREATE_INPUT_LAYOUT, sizeof(struct aerogpu_cmd_create_input_layout));

    put32(blob, 0x59414C49u);
    put32(blob + 4, 1);
    put32(blob + 8, count);
    put32(blob + 12, 0);
    for (i = 0; i < count; i++) {
        uint32_t *fields = &elems[i].semantic_index;
        elems[i].semantic_name = random_semantic(g);
        for (j = 0; j < 6; j++)
            fields[j] = R32();
        elems[i].input_slot = BELOW(32); /* D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT */
        elems[i].input_slot_class = BELOW(2);
        put32(blob + 16 + 28 * i, reference_hash(elems[i].semantic_name));
        for (j = 0; j < 6; j++)
            put32(blob + 16 + 28 * i + 4 + 4 * j, fields[j]);
    }
    x->input_layout_handle = R32();
    x->blob_size_bytes = blob_len;
    exp_payload(e, blob, blob_len, blob_len);
    return APPEND_OK(
        aerocmd_append_create_input_layout(g->w, x->input_layout_handle, elems, count));
}

static int gen_input_layout_blob(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_create_input_layout *x = exp_begin(
        e, AEROGPU_CMD_CREATE_INPUT_LAYOUT, sizeof(struct aerogpu_cmd_create_input_layout));
    uint32_t len = BELOW(80);
    uint8_t *blob = (uint8_t *)random_bytes(g, len);
    if (len > 0 && blob[0] == 'I')
        blob[0] = 'i'; /* an opaque blob must not pose as an ILAY blob */
    x->input_layout_handle = R32();
    x->blob_size_bytes = len;
    exp_payload(e, blob, len, len);
    return APPEND_OK(
        aerocmd_append_create_input_layout_blob(g->w, x->input_layout_handle, blob, len));
}

static int gen_destroy_input_layout(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_destroy_input_layout *x = exp_begin(
        e, AEROGPU_CMD_DESTROY_INPUT_LAYOUT, sizeof(struct aerogpu_cmd_destroy_input_layout));
    x->input_layout_handle = R32();
    return APPEND_OK(aerocmd_append_destroy_input_layout(g->w, x->input_layout_handle));
}

static int gen_set_input_layout(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_input_layout *x =
        exp_begin(e, AEROGPU_CMD_SET_INPUT_LAYOUT, sizeof(struct aerogpu_cmd_set_input_layout));
    x->input_layout_handle = maybe_handle(g);
    return APPEND_OK(aerocmd_append_set_input_layout(g->w, x->input_layout_handle));
}

static int gen_blend(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_blend_state *x =
        exp_begin(e, AEROGPU_CMD_SET_BLEND_STATE, sizeof(struct aerogpu_cmd_set_blend_state));
    struct aerogpu_blend_state in;
    uint32_t i;
    x->state.enable = BELOW(2);
    x->state.src_factor = BELOW(8);
    x->state.dst_factor = BELOW(8);
    x->state.blend_op = BELOW(5);
    x->state.color_write_mask = (uint8_t)BELOW(16);
    x->state.src_factor_alpha = BELOW(8);
    x->state.dst_factor_alpha = BELOW(8);
    x->state.blend_op_alpha = BELOW(5);
    for (i = 0; i < 4; i++)
        x->state.blend_constant_rgba_f32[i] = R32();
    x->state.sample_mask = R32();
    in = x->state;
    in.reserved0[0] = (uint8_t)R32(); /* the writer must clear these */
    in.reserved0[2] = 0xFF;
    return APPEND_OK(aerocmd_append_set_blend_state(g->w, &in));
}

static int gen_depth_stencil(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_depth_stencil_state *x = exp_begin(
        e, AEROGPU_CMD_SET_DEPTH_STENCIL_STATE, sizeof(struct aerogpu_cmd_set_depth_stencil_state));
    struct aerogpu_depth_stencil_state in;
    x->state.depth_enable = BELOW(2);
    x->state.depth_write_enable = x->state.depth_enable ? BELOW(2) : 0;
    x->state.depth_func = BELOW(8);
    x->state.stencil_enable = BELOW(2);
    x->state.stencil_read_mask = (uint8_t)R32();
    x->state.stencil_write_mask = (uint8_t)R32();
    in = x->state;
    in.reserved0[1] = 0xA5;
    return APPEND_OK(aerocmd_append_set_depth_stencil_state(g->w, &in));
}

static int gen_rasterizer(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_rasterizer_state *x = exp_begin(
        e, AEROGPU_CMD_SET_RASTERIZER_STATE, sizeof(struct aerogpu_cmd_set_rasterizer_state));
    x->state.fill_mode = BELOW(2);
    x->state.cull_mode = BELOW(3);
    x->state.front_ccw = BELOW(2);
    x->state.scissor_enable = BELOW(2);
    x->state.depth_bias = (int32_t)R32();
    x->state.flags = BELOW(2);
    return APPEND_OK(aerocmd_append_set_rasterizer_state(g->w, &x->state));
}

static int gen_render_targets(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_render_targets *x =
        exp_begin(e, AEROGPU_CMD_SET_RENDER_TARGETS, sizeof(struct aerogpu_cmd_set_render_targets));
    aerogpu_handle_t colors[8];
    uint32_t i;
    x->color_count = BELOW(9);
    x->depth_stencil = maybe_handle(g);
    for (i = 0; i < 8; i++) {
        colors[i] = R32(); /* slots past the count are garbage the writer must not copy */
        x->colors[i] = i < x->color_count ? colors[i] : 0;
    }
    return APPEND_OK(
        aerocmd_append_set_render_targets(g->w, x->color_count, colors, x->depth_stencil));
}

static int gen_viewport(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_viewport *x =
        exp_begin(e, AEROGPU_CMD_SET_VIEWPORT, sizeof(struct aerogpu_cmd_set_viewport));
    x->x_f32 = R32();
    x->y_f32 = R32();
    x->width_f32 = R32();
    x->height_f32 = R32();
    x->min_depth_f32 = R32();
    x->max_depth_f32 = R32();
    return APPEND_OK(aerocmd_append_set_viewport(
        g->w, x->x_f32, x->y_f32, x->width_f32, x->height_f32, x->min_depth_f32, x->max_depth_f32));
}

static int gen_scissor(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_scissor *x =
        exp_begin(e, AEROGPU_CMD_SET_SCISSOR, sizeof(struct aerogpu_cmd_set_scissor));
    x->x = (int32_t)R32();
    x->y = (int32_t)R32();
    x->width = (int32_t)R32();
    x->height = (int32_t)R32();
    return APPEND_OK(aerocmd_append_set_scissor(g->w, x->x, x->y, x->width, x->height));
}

/* count x 16-byte binding records: random words, the 4th word of each cleared in the
 * expectation when the writer must zero it (reserved0). */
static const uint8_t *random_bindings(struct gen *g, uint32_t count, int last_word_reserved,
                                      uint8_t **expected)
{
    const uint8_t *in = random_bytes(g, count * 16);
    uint32_t i;
    *expected = pool_take(g, count * 16);
    memcpy(*expected, in, count * 16);
    for (i = 0; last_word_reserved && i < count; i++)
        memset(*expected + 16 * i + 12, 0, 4);
    return in;
}

static int gen_vertex_buffers(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_vertex_buffers *x =
        exp_begin(e, AEROGPU_CMD_SET_VERTEX_BUFFERS, sizeof(struct aerogpu_cmd_set_vertex_buffers));
    uint32_t count = BELOW(9);
    uint8_t *want;
    const uint8_t *in = random_bindings(g, count, 1, &want);
    x->start_slot = BELOW(32 + 1 - count); /* D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT */
    x->buffer_count = count;
    exp_payload(e, want, count * 16, count);
    return APPEND_OK(aerocmd_append_set_vertex_buffers(
        g->w, x->start_slot, count, (const struct aerogpu_vertex_buffer_binding *)in));
}

static int gen_index_buffer(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_index_buffer *x =
        exp_begin(e, AEROGPU_CMD_SET_INDEX_BUFFER, sizeof(struct aerogpu_cmd_set_index_buffer));
    x->buffer = maybe_handle(g);
    x->format = BELOW(2);
    x->offset_bytes = R32();
    return APPEND_OK(aerocmd_append_set_index_buffer(g->w, x->buffer, x->format, x->offset_bytes));
}

static int gen_topology(struct gen *g, struct expect *e)
{
    static const uint32_t simple[] = {1, 2, 3, 4, 5, 6, 10, 11, 12, 13};
    struct aerogpu_cmd_set_primitive_topology *x = exp_begin(
        e, AEROGPU_CMD_SET_PRIMITIVE_TOPOLOGY, sizeof(struct aerogpu_cmd_set_primitive_topology));
    x->topology = BELOW(2) ? simple[BELOW(10)] : 33 + BELOW(32);
    return APPEND_OK(aerocmd_append_set_primitive_topology(g->w, x->topology));
}

static int gen_set_texture(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_texture *x =
        exp_begin(e, AEROGPU_CMD_SET_TEXTURE, sizeof(struct aerogpu_cmd_set_texture));
    enum aerocmd_shader_kind kind = pick_kind(g, e);
    x->shader_stage = e->stage;
    x->slot = BELOW(128); /* D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT */
    x->texture = maybe_handle(g);
    x->reserved0 = e->stage_ex;
    return APPEND_OK(aerocmd_append_set_texture(g->w, kind, x->slot, x->texture));
}

static int gen_sampler_state(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_sampler_state *x =
        exp_begin(e, AEROGPU_CMD_SET_SAMPLER_STATE, sizeof(struct aerogpu_cmd_set_sampler_state));
    enum aerocmd_shader_kind kind = (enum aerocmd_shader_kind)BELOW(4); /* VS, PS, GS, CS */
    e->has_stage = 1;
    e->stage = kind_stage[kind][0];
    x->shader_stage = e->stage;
    x->slot = BELOW(16); /* D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT */
    x->state = R32();
    x->value = R32();
    return APPEND_OK(aerocmd_append_set_sampler_state(g->w, kind, x->slot, x->state, x->value));
}

static int gen_render_state(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_set_render_state *x =
        exp_begin(e, AEROGPU_CMD_SET_RENDER_STATE, sizeof(struct aerogpu_cmd_set_render_state));
    x->state = R32();
    x->value = R32();
    return APPEND_OK(aerocmd_append_set_render_state(g->w, x->state, x->value));
}

static int gen_create_sampler(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_create_sampler *x =
        exp_begin(e, AEROGPU_CMD_CREATE_SAMPLER, sizeof(struct aerogpu_cmd_create_sampler));
    x->sampler_handle = R32();
    x->filter = BELOW(2);
    x->address_u = BELOW(3);
    x->address_v = BELOW(3);
    x->address_w = BELOW(3);
    return APPEND_OK(aerocmd_append_create_sampler(g->w, x->sampler_handle, x->filter, x->address_u,
                                                   x->address_v, x->address_w));
}

static int gen_destroy_sampler(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_destroy_sampler *x =
        exp_begin(e, AEROGPU_CMD_DESTROY_SAMPLER, sizeof(struct aerogpu_cmd_destroy_sampler));
    x->sampler_handle = R32();
    return APPEND_OK(aerocmd_append_destroy_sampler(g->w, x->sampler_handle));
}

/* Fills the shared stage-table layout (stage, start, count, stage_ex) of the expectation;
 * the range lies inside the stage's `slots`. */
static enum aerocmd_shader_kind stage_table(struct gen *g, struct expect *e, uint32_t opcode,
                                            uint32_t count, uint32_t slots, uint32_t *start)
{
    struct aerogpu_cmd_set_samplers *x =
        exp_begin(e, opcode, sizeof(struct aerogpu_cmd_set_samplers));
    enum aerocmd_shader_kind kind = pick_kind(g, e);
    x->shader_stage = e->stage;
    x->start_slot = *start = BELOW(slots + 1 - count);
    x->sampler_count = count;
    x->reserved0 = e->stage_ex;
    return kind;
}

static int gen_samplers(struct gen *g, struct expect *e)
{
    uint32_t count = BELOW(17), start;
    enum aerocmd_shader_kind kind = stage_table(g, e, AEROGPU_CMD_SET_SAMPLERS, count, 16, &start);
    const uint8_t *handles = random_bytes(g, count * 4);
    exp_payload(e, handles, count * 4, count);
    return APPEND_OK(aerocmd_append_set_samplers(g->w, kind, start, count,
                                                 (const aerogpu_handle_t *)(const void *)handles));
}

static int gen_constant_buffers(struct gen *g, struct expect *e)
{
    uint32_t count = BELOW(15), start;
    enum aerocmd_shader_kind kind =
        stage_table(g, e, AEROGPU_CMD_SET_CONSTANT_BUFFERS, count, 14, &start);
    uint8_t *want;
    const uint8_t *in = random_bindings(g, count, 1, &want);
    uint32_t i;
    /* a binding's size: at most one constant buffer's 4096 vec4 (65536 bytes) */
    for (i = 0; i < count; i++) {
        put32(want + 16 * i + 8, BELOW(65536 + 1));
        memcpy((uint8_t *)(uintptr_t)in + 16 * i + 8, want + 16 * i + 8, 4);
    }
    exp_payload(e, want, count * 16, count);
    return APPEND_OK(aerocmd_append_set_constant_buffers(
        g->w, kind, start, count, (const struct aerogpu_constant_buffer_binding *)in));
}

static int gen_srv_buffers(struct gen *g, struct expect *e)
{
    uint32_t count = BELOW(15), start;
    enum aerocmd_shader_kind kind =
        stage_table(g, e, AEROGPU_CMD_SET_SHADER_RESOURCE_BUFFERS, count, 128, &start);
    uint8_t *want;
    const uint8_t *in = random_bindings(g, count, 1, &want);
    exp_payload(e, want, count * 16, count);
    return APPEND_OK(aerocmd_append_set_shader_resource_buffers(
        g->w, kind, start, count, (const struct aerogpu_shader_resource_buffer_binding *)in));
}

static int gen_uav_buffers(struct gen *g, struct expect *e)
{
    uint32_t count = BELOW(9), start;
    enum aerocmd_shader_kind kind =
        stage_table(g, e, AEROGPU_CMD_SET_UNORDERED_ACCESS_BUFFERS, count, 8, &start);
    uint8_t *want;
    const uint8_t *in = random_bindings(g, count, 0, &want);
    exp_payload(e, want, count * 16, count);
    return APPEND_OK(aerocmd_append_set_unordered_access_buffers(
        g->w, kind, start, count, (const struct aerogpu_unordered_access_buffer_binding *)in));
}

static int gen_clear(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_clear *x = exp_begin(e, AEROGPU_CMD_CLEAR, sizeof(struct aerogpu_cmd_clear));
    uint32_t i;
    x->flags = BELOW(8);
    for (i = 0; i < 4; i++)
        x->color_rgba_f32[i] = R32();
    x->depth_f32 = R32();
    x->stencil = BELOW(256);
    return APPEND_OK(
        aerocmd_append_clear(g->w, x->flags, x->color_rgba_f32, x->depth_f32, x->stencil));
}

static int gen_draw(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_draw *x = exp_begin(e, AEROGPU_CMD_DRAW, sizeof(struct aerogpu_cmd_draw));
    x->vertex_count = R32();
    x->instance_count = R32();
    x->first_vertex = R32();
    x->first_instance = R32();
    return APPEND_OK(aerocmd_append_draw(g->w, x->vertex_count, x->instance_count, x->first_vertex,
                                         x->first_instance));
}

static int gen_draw_indexed(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_draw_indexed *x =
        exp_begin(e, AEROGPU_CMD_DRAW_INDEXED, sizeof(struct aerogpu_cmd_draw_indexed));
    x->index_count = R32();
    x->instance_count = R32();
    x->first_index = R32();
    x->base_vertex = (int32_t)R32();
    x->first_instance = R32();
    return APPEND_OK(aerocmd_append_draw_indexed(g->w, x->index_count, x->instance_count,
                                                 x->first_index, x->base_vertex,
                                                 x->first_instance));
}

static int gen_dispatch(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_dispatch *x =
        exp_begin(e, AEROGPU_CMD_DISPATCH, sizeof(struct aerogpu_cmd_dispatch));
    /* D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION */
    x->group_count_x = BELOW(65536);
    x->group_count_y = BELOW(65536);
    x->group_count_z = BELOW(65536);
    e->has_stage = 1;
    e->stage = AEROGPU_SHADER_STAGE_COMPUTE;
    return APPEND_OK(
        aerocmd_append_dispatch(g->w, x->group_count_x, x->group_count_y, x->group_count_z));
}

static int gen_present(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_present *x =
        exp_begin(e, AEROGPU_CMD_PRESENT, sizeof(struct aerogpu_cmd_present));
    x->flags = BELOW(2);
    return APPEND_OK(aerocmd_append_present(g->w, 0, x->flags));
}

static int gen_present_ex(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_present_ex *x =
        exp_begin(e, AEROGPU_CMD_PRESENT_EX, sizeof(struct aerogpu_cmd_present_ex));
    x->flags = BELOW(2);
    x->d3d9_present_flags = R32();
    return APPEND_OK(aerocmd_append_present_ex(g->w, 0, x->flags, x->d3d9_present_flags));
}

static uint64_t nonzero64(struct gen *g)
{
    uint64_t v = R64();
    return v != 0 ? v : 1;
}

static int gen_export(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_export_shared_surface *x = exp_begin(
        e, AEROGPU_CMD_EXPORT_SHARED_SURFACE, sizeof(struct aerogpu_cmd_export_shared_surface));
    x->resource_handle = R32();
    x->share_token = nonzero64(g);
    return APPEND_OK(
        aerocmd_append_export_shared_surface(g->w, x->resource_handle, x->share_token));
}

static int gen_import(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_import_shared_surface *x = exp_begin(
        e, AEROGPU_CMD_IMPORT_SHARED_SURFACE, sizeof(struct aerogpu_cmd_import_shared_surface));
    x->out_resource_handle = R32();
    x->share_token = nonzero64(g);
    return APPEND_OK(
        aerocmd_append_import_shared_surface(g->w, x->out_resource_handle, x->share_token));
}

static int gen_release(struct gen *g, struct expect *e)
{
    struct aerogpu_cmd_release_shared_surface *x = exp_begin(
        e, AEROGPU_CMD_RELEASE_SHARED_SURFACE, sizeof(struct aerogpu_cmd_release_shared_surface));
    x->share_token = nonzero64(g);
    return APPEND_OK(aerocmd_append_release_shared_surface(g->w, x->share_token));
}

static int gen_flush(struct gen *g, struct expect *e)
{
    exp_begin(e, AEROGPU_CMD_FLUSH, sizeof(struct aerogpu_cmd_flush));
    return APPEND_OK(aerocmd_append_flush(g->w));
}

static const struct {
    const char *name;
    generator_fn fn;
    uint32_t min_minor;
} generators[] = {
    {"NOP", gen_nop, 0},
    {"DEBUG_MARKER", gen_debug_marker, 0},
    {"CREATE_BUFFER", gen_create_buffer, 0},
    {"CREATE_TEXTURE2D", gen_create_texture2d, 0},
    {"DESTROY_RESOURCE", gen_destroy_resource, 0},
    {"RESOURCE_DIRTY_RANGE", gen_dirty_range, 0},
    {"UPLOAD_RESOURCE", gen_upload, 0},
    {"COPY_BUFFER", gen_copy_buffer, 1},
    {"COPY_TEXTURE2D", gen_copy_texture2d, 1},
    {"CREATE_TEXTURE_VIEW", gen_create_texture_view, 0},
    {"DESTROY_TEXTURE_VIEW", gen_destroy_texture_view, 0},
    {"CREATE_SHADER_DXBC", gen_create_shader, 0},
    {"DESTROY_SHADER", gen_destroy_shader, 0},
    {"BIND_SHADERS", gen_bind_shaders, 0},
    {"SET_SHADER_CONSTANTS_F", gen_constants_f, 0},
    {"SET_SHADER_CONSTANTS_I", gen_constants_i, 0},
    {"SET_SHADER_CONSTANTS_B", gen_constants_b, 0},
    {"CREATE_INPUT_LAYOUT (elements)", gen_input_layout, 0},
    {"CREATE_INPUT_LAYOUT (blob)", gen_input_layout_blob, 0},
    {"DESTROY_INPUT_LAYOUT", gen_destroy_input_layout, 0},
    {"SET_INPUT_LAYOUT", gen_set_input_layout, 0},
    {"SET_BLEND_STATE", gen_blend, 0},
    {"SET_DEPTH_STENCIL_STATE", gen_depth_stencil, 0},
    {"SET_RASTERIZER_STATE", gen_rasterizer, 0},
    {"SET_RENDER_TARGETS", gen_render_targets, 0},
    {"SET_VIEWPORT", gen_viewport, 0},
    {"SET_SCISSOR", gen_scissor, 0},
    {"SET_VERTEX_BUFFERS", gen_vertex_buffers, 0},
    {"SET_INDEX_BUFFER", gen_index_buffer, 0},
    {"SET_PRIMITIVE_TOPOLOGY", gen_topology, 0},
    {"SET_TEXTURE", gen_set_texture, 0},
    {"SET_SAMPLER_STATE", gen_sampler_state, 0},
    {"SET_RENDER_STATE", gen_render_state, 0},
    {"CREATE_SAMPLER", gen_create_sampler, 0},
    {"DESTROY_SAMPLER", gen_destroy_sampler, 0},
    {"SET_SAMPLERS", gen_samplers, 0},
    {"SET_CONSTANT_BUFFERS", gen_constant_buffers, 0},
    {"SET_SHADER_RESOURCE_BUFFERS", gen_srv_buffers, 0},
    {"SET_UNORDERED_ACCESS_BUFFERS", gen_uav_buffers, 0},
    {"CLEAR", gen_clear, 0},
    {"DRAW", gen_draw, 0},
    {"DRAW_INDEXED", gen_draw_indexed, 0},
    {"DISPATCH", gen_dispatch, 0},
    {"PRESENT", gen_present, 0},
    {"PRESENT_EX", gen_present_ex, 0},
    {"EXPORT_SHARED_SURFACE", gen_export, 0},
    {"IMPORT_SHARED_SURFACE", gen_import, 0},
    {"RELEASE_SHARED_SURFACE", gen_release, 0},
    {"FLUSH", gen_flush, 0},
};
#define GENERATOR_COUNT ((unsigned)(sizeof generators / sizeof generators[0]))

#endif /* AEROCMD_TEST_ROUNDTRIP_GENERATORS_H */
