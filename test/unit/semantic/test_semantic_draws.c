/* SPDX-License-Identifier: MIT */
/* Draws need a vertex shader. Direct3D calls a draw without one an error (its debug layer:
 * "a Vertex Shader is always required when drawing"), so DRAW and DRAW_INDEXED with no
 * vertex shader bound are no_vertex_shader at the draw. Binding state persists across
 * submissions (the host keeps it; the state tracker relies on it), BIND_SHADERS with vs 0
 * unbinds, and destroying the bound vertex shader unbinds it (the host unbinds a destroyed
 * object everywhere). What Direct3D defines instead of refusing is not refused: an indexed
 * draw with no index buffer, or with an offset past the buffer's end, reads indices 0. */
#include "semantic_harness.h"

static uint32_t draw_indexed(struct sb *s)
{
    struct aerogpu_cmd_draw_indexed c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_DRAW_INDEXED;
    c.index_count = 3;
    c.instance_count = 1;
    return sb_add(s, &c, sizeof c);
}

static uint32_t index_buffer_at(struct sb *s, uint32_t buffer, uint32_t offset)
{
    struct aerogpu_cmd_set_index_buffer c;
    memset(&c, 0, sizeof c);
    c.hdr.opcode = AEROGPU_CMD_SET_INDEX_BUFFER;
    c.buffer = buffer;
    c.format = AEROGPU_INDEX_FORMAT_UINT32;
    c.offset_bytes = offset;
    return sb_add(s, &c, sizeof c);
}

static uint32_t draw_unbound(struct sb *s)
{
    return sb_draw(s);
}
static uint32_t draw_indexed_unbound(struct sb *s)
{
    return draw_indexed(s);
}
static uint32_t draw_pixel_shader_only(struct sb *s)
{
    sb_bind_shaders(s, 0, PS, CS, GS);
    return sb_draw(s);
}
static uint32_t draw_after_unbind(struct sb *s)
{
    sb_bind_shaders(s, VS, PS, 0, 0);
    sb_draw(s);
    sb_bind_shaders_ex(s, 0, PS, 0, 0, 0);
    return draw_indexed(s);
}
static uint32_t draw_after_destroy(struct sb *s)
{
    sb_bind_shaders(s, VS, PS, 0, 0);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_SHADER, VS);
    return sb_draw(s);
}
/* the handle made again as another vertex shader is not bound by the old binding */
static uint32_t draw_after_recreate(struct sb *s)
{
    sb_bind_shaders(s, VS, 0, 0, 0);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_SHADER, VS);
    sb_create_shader(s, VS, AEROGPU_SHADER_STAGE_VERTEX, 0);
    return sb_draw(s);
}
static uint32_t draw_with_vertex_shader(struct sb *s)
{
    sb_bind_shaders(s, VS, 0, 0, 0);
    sb_draw(s);
    sb_handle_packet(s, AEROGPU_CMD_DESTROY_SHADER, PS); /* another shader goes */
    sb_bind_shaders_ex(s, VS, 0, GS, HS, DS);
    draw_indexed(s);
    return 0;
}
/* Direct3D: a missing index buffer reads 0, so does one read past its end */
static uint32_t draw_indexed_without_index_buffer(struct sb *s)
{
    sb_bind_shaders(s, VS, 0, 0, 0);
    sb_set_index_buffer(s, 0);
    draw_indexed(s);
    return 0;
}
static uint32_t draw_indexed_offset_past_end(struct sb *s)
{
    sb_bind_shaders(s, VS, 0, 0, 0);
    index_buffer_at(s, BUF_HOST, 4096); /* the buffer has 256 bytes */
    draw_indexed(s);
    return 0;
}

#define R(name)  AEROCMD_R_##name
#define OP(name) AEROGPU_CMD_##name
#define OK(name)                                                                                   \
    {                                                                                              \
#name, name, R(NONE), 0, 0                                                                 \
    }

static const struct sem_case cases[] = {
    {"DRAW with nothing bound", draw_unbound, R(NO_VERTEX_SHADER), OP(DRAW), 0},
    {"DRAW_INDEXED with nothing bound", draw_indexed_unbound, R(NO_VERTEX_SHADER), OP(DRAW_INDEXED),
     0},
    {"DRAW with a pixel shader alone", draw_pixel_shader_only, R(NO_VERTEX_SHADER), OP(DRAW), 0},
    {"DRAW_INDEXED after vs 0", draw_after_unbind, R(NO_VERTEX_SHADER), OP(DRAW_INDEXED), 0},
    {"DRAW after its vertex shader is destroyed", draw_after_destroy, R(NO_VERTEX_SHADER), OP(DRAW),
     0},
    {"DRAW after the handle is made again", draw_after_recreate, R(NO_VERTEX_SHADER), OP(DRAW), 0},
    OK(draw_with_vertex_shader),
    OK(draw_indexed_without_index_buffer),
    OK(draw_indexed_offset_past_end),
};

/* Binding state outlives the submission; a reset forgets it; a refused BIND_SHADERS binds
 * nothing. */
static void test_across_submissions(void)
{
    static struct sb s;
    struct aerocmd_semantic st;
    struct aerocmd_diag diag;
    uint32_t at;
    tracker_init(&st);
    sb_begin(&s);
    std_objects(&s);
    sb_bind_shaders(&s, VS, PS, 0, 0);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, std_table(), &diag), AEROCMD_OK);
    sb_begin(&s);
    sb_draw(&s);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, std_table(), &diag), AEROCMD_OK);
    /* vs PS is the wrong kind: refused, and the earlier vertex shader stays bound */
    sb_begin(&s);
    at = sb_bind_shaders(&s, PS, 0, 0, 0);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, std_table(), &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_HANDLE_KIND);
    CHECK_EQ(diag.offset, at);
    sb_begin(&s);
    sb_draw(&s);
    sb_end(&s);
    CHECK_EQ(run_stream(&st, &s, std_table(), &diag), AEROCMD_OK);
    aerocmd_semantic_reset(&st);
    CHECK_EQ(run_stream(&st, &s, std_table(), &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_NO_VERTEX_SHADER);
    CHECK_EQ(diag.offset, 24);
}

/* One stream of `s` (begun by the caller) run in context `id`. */
static aerocmd_result run_in(struct aerocmd_semantic *st, struct aerocmd_semantic_contexts *c,
                             uint32_t id, struct sb *s, struct aerocmd_diag *diag)
{
    sb_end(s);
    CHECK_EQ(aerocmd_semantic_switch_context(st, c, id), AEROCMD_OK);
    return run_stream(st, s, std_table(), diag);
}

/* The vertex-shader binding is a context's, as the host keeps it: context 2 has bound none
 * whatever context 1 bound; context 1 keeps its own across context 2's binding and
 * destroying another vertex shader; a context's shader destroyed elsewhere is unbound
 * (the host unbinds it in every context); 64 contexts are kept, a 65th is refused. */
static void test_contexts(void)
{
    static struct sb s;
    struct aerocmd_semantic st;
    struct aerocmd_semantic_contexts c;
    struct aerocmd_diag diag;
    uint32_t id;
    tracker_init(&st);
    aerocmd_semantic_contexts_init(&c);
    sb_begin(&s);
    std_objects(&s);
    sb_bind_shaders(&s, VS, PS, 0, 0);
    CHECK_EQ(run_in(&st, &c, 1, &s, &diag), AEROCMD_OK);
    sb_begin(&s);
    sb_draw(&s);
    CHECK_EQ(run_in(&st, &c, 2, &s, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_NO_VERTEX_SHADER);
    sb_begin(&s);
    sb_create_shader(&s, UNKNOWN, AEROGPU_SHADER_STAGE_VERTEX, 0);
    sb_bind_shaders(&s, UNKNOWN, PS, 0, 0);
    sb_draw(&s);
    sb_handle_packet(&s, AEROGPU_CMD_DESTROY_SHADER, UNKNOWN);
    CHECK_EQ(run_in(&st, &c, 2, &s, &diag), AEROCMD_OK);
    sb_begin(&s);
    sb_draw(&s);
    CHECK_EQ(run_in(&st, &c, 1, &s, &diag), AEROCMD_OK); /* its own VS, still bound */
    sb_begin(&s);
    sb_handle_packet(&s, AEROGPU_CMD_DESTROY_SHADER, VS);
    CHECK_EQ(run_in(&st, &c, 3, &s, &diag), AEROCMD_OK);
    sb_begin(&s);
    sb_draw(&s);
    CHECK_EQ(run_in(&st, &c, 1, &s, &diag), AEROCMD_E_MALFORMED);
    CHECK_EQ(diag.reason, AEROCMD_R_NO_VERTEX_SHADER);
    for (id = 4; id < AEROCMD_SEMANTIC_MAX_CONTEXTS; id++)
        CHECK_EQ(aerocmd_semantic_switch_context(&st, &c, id), AEROCMD_OK);
    CHECK_EQ(c.count, AEROCMD_SEMANTIC_MAX_CONTEXTS); /* contexts 0..63 */
    CHECK_EQ(aerocmd_semantic_switch_context(&st, &c, 0), AEROCMD_OK);
    CHECK_EQ(aerocmd_semantic_switch_context(&st, &c, 1000), AEROCMD_E_NOT_IMPLEMENTED);
    CHECK_EQ(c.running, 0u);
}

int main(void)
{
    run_cases(cases, sizeof cases / sizeof cases[0]);
    test_across_submissions();
    test_contexts();
    return check_finish();
}
