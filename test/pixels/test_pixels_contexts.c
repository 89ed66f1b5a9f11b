/* SPDX-License-Identifier: MIT */
/* Pixel tests: contexts. A device's contexts share its objects but each keeps its own
 * bindings (aerocmd_exec_set_context; the host's SUBMIT context_id), as the emulator keeps
 * them per aerogpu_submit_desc.context_id and as the driver expects: it sends only what
 * changed since its own last packets. Two contexts interleaved each draw into their own
 * target with their own pipeline and viewport; a resource one context destroys leaves every
 * context's bindings; a context that never bound a vertex shader cannot draw, whatever
 * another bound; the executor keeps at most AEROCMD_EXEC_MAX_CONTEXTS of them at once, and
 * a context that ends (aerocmd_exec_end_context; the host's END_CONTEXT) is dropped: its id
 * starts again with the default state and no longer counts. */
#include "aerocmd/alloc.h"
#include "aerocmd/trace.h"
#include "pixels_kit.h"

static const float black[4] = {0, 0, 0, 1}, red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
static const uint8_t red8[4] = {255, 0, 0, 255}, green8[4] = {0, 255, 0, 255},
                     black8[4] = {0, 0, 0, 255};

static int left_half(uint32_t x, uint32_t y)
{
    (void)y;
    return x < 4;
}

static int right_half(uint32_t x, uint32_t y)
{
    (void)y;
    return x >= 4;
}

/* Context 1 draws the left half red into A, context 2 the right half green into B, each
 * after the other context bound its own target, pipeline and viewport. */
static void interleaved(void)
{
    struct aerocmd_exec_image img;
    uint32_t a, b;
    struct px p;
    if (!px_start(&p))
        return;
    if (!px_context(&p, 1))
        goto out;
    px_color_pipeline(&p);
    a = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
    if (!px_context(&p, 2))
        goto out;
    px_color_pipeline(&p);
    b = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
    px_viewport(&p, 0.0f, 0.0f, 8.0f, 8.0f);
    if (!px_context(&p, 1))
        goto out;
    px_rect(&p, -1.0f, -1.0f, 0.0f, 1.0f, 0.0f, red);
    if (!px_context(&p, 2))
        goto out;
    px_rect(&p, 0.0f, -1.0f, 1.0f, 1.0f, 0.0f, green);
    if (!px_submit(&p))
        goto out;
    if (px_read(&p, a, &img))
        px_expect_map(&img, left_half, red8, black8, "context 1's target: its left half red");
    aerocmd_exec_image_release(&img);
    if (px_read(&p, b, &img))
        px_expect_map(&img, right_half, green8, black8, "context 2's target: its right half");
    aerocmd_exec_image_release(&img);
out:
    px_stop(&p);
}

/* A target context 1 has bound, destroyed by context 2: context 1's next draw has no target
 * (it runs and writes nothing), and a new target it binds is drawn into. */
static void destroyed_elsewhere(void)
{
    struct aerocmd_exec_image img;
    uint32_t gone, c;
    struct px p;
    if (!px_start(&p) || !px_context(&p, 1))
        goto out;
    px_color_pipeline(&p);
    gone = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
    if (!px_context(&p, 2))
        goto out;
    CHECK(aerocmd_append_destroy_resource(&p.w, gone) == AEROCMD_OK);
    if (!px_context(&p, 1))
        goto out;
    px_rect(&p, -1.0f, -1.0f, 1.0f, 1.0f, 0.0f, red);
    c = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
    px_rect(&p, 0.0f, -1.0f, 1.0f, 1.0f, 0.0f, green);
    if (px_submit(&p) && px_read(&p, c, &img))
        px_expect_map(&img, right_half, green8, black8, "the new target of context 1");
    aerocmd_exec_image_release(&img);
out:
    px_stop(&p);
}

/* A draw into a new target in a context with no vertex shader bound is refused. */
static void draw_refused_without_vs(struct px *p)
{
    struct aerocmd_exec_error err;
    px_target(p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
    px_rect(p, -1.0f, -1.0f, 1.0f, 1.0f, 0.0f, red);
    if (px_submit_expect(p, AEROCMD_E_MALFORMED, &err))
        CHECK(strstr(err.message, "no_vertex_shader") != NULL);
}

/* Context 1 binds a vertex shader; context 2 never did: its draw is refused
 * (no_vertex_shader), as a lone context's would be. */
static void vertex_shader_per_context(void)
{
    struct px p;
    if (!px_start(&p) || !px_context(&p, 1))
        goto out;
    px_color_pipeline(&p);
    px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
    if (!px_context(&p, 2))
        goto out;
    draw_refused_without_vs(&p);
out:
    px_stop(&p);
}

/* Contexts 0 to AEROCMD_EXEC_MAX_CONTEXTS - 1 are kept; one more is refused, and the
 * context running stays the one it was. In process only: through a host the refusal comes
 * at the next SUBMIT and loses the device. */
static void context_limit(void)
{
    struct aerocmd_exec_error err;
    uint32_t id;
    struct px p;
    if (!px_start(&p))
        return;
    if (!px_through_host(&p)) {
        for (id = 1; id < AEROCMD_EXEC_MAX_CONTEXTS; id++)
            CHECK_EQ(aerocmd_exec_set_context(p.be.ex, id, &err), AEROCMD_OK);
        CHECK_EQ(aerocmd_exec_set_context(p.be.ex, 1000, &err), AEROCMD_E_NOT_IMPLEMENTED);
        CHECK(strstr(err.message, "contexts at most") != NULL);
        CHECK_EQ(aerocmd_exec_set_context(p.be.ex, 0, &err), AEROCMD_OK);
    }
    px_stop(&p);
}

/* A context that ended starts again with Direct3D's default state: no vertex shader, so
 * its draw is refused (no_vertex_shader), whether it was running when it ended (context 1
 * here) or not (context 2, ended from context 3). */
static void ended_context_starts_default(uint32_t running)
{
    struct px p;
    if (!px_start(&p) || !px_context(&p, 1))
        goto out;
    px_color_pipeline(&p);
    px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
    if (!px_context(&p, running) || !px_end_context(&p, 1) || !px_context(&p, 1))
        goto out;
    draw_refused_without_vs(&p);
out:
    px_stop(&p);
}

/* Contexts that end count no more: AEROCMD_EXEC_MAX_CONTEXTS + 8 contexts one after the
 * other, each drawing its own colour into its own target and then ending, all draw (as a
 * program creating and releasing a device per test does). */
static void contexts_over_time(void)
{
    struct aerocmd_exec_image img;
    uint32_t id, target;
    float color[4] = {0, 0, 0, 1};
    uint8_t want[4] = {0, 0, 0, 255};
    struct px p;
    if (!px_start(&p))
        return;
    for (id = 1; id <= AEROCMD_EXEC_MAX_CONTEXTS + 8u; id++) {
        if (!px_context(&p, id))
            break;
        want[0] = (uint8_t)(id * 3u), want[1] = (uint8_t)(255u - id);
        color[0] = (float)want[0] / 255.0f, color[1] = (float)want[1] / 255.0f;
        px_color_pipeline(&p);
        target = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4, black);
        px_rect(&p, -1.0f, -1.0f, 1.0f, 1.0f, 0.0f, color);
        if (!px_submit(&p) || !px_read(&p, target, &img))
            break;
        if (!px_expect(&img, 1, 2, want, "the context's own colour"))
            fprintf(stderr, "    context %u\n", id);
        aerocmd_exec_image_release(&img);
        if (!px_end_context(&p, id))
            break;
    }
    CHECK_EQ(id, AEROCMD_EXEC_MAX_CONTEXTS + 9u);
    px_stop(&p);
}

/* What the writer holds so far, taken out as the next submission of a trace (context id). */
static void take_submission(struct px *p, struct aerocmd_trace_submission_in *sub,
                            uint32_t context_id)
{
    size_t n = aerocmd_writer_size(&p->w);
    void *copy = malloc(n);
    memset(sub, 0, sizeof(*sub));
    if (CHECK(copy != NULL))
        memcpy(copy, aerocmd_writer_data(&p->w), n);
    sub->cmd_stream = copy;
    sub->cmd_stream_len = (uint32_t)n;
    sub->context_id = context_id;
    aerocmd_writer_reset(&p->w);
}

/* A trace keeps each submission's context: `interleaved`'s four submissions (contexts 1, 2,
 * 1, 2) written as a trace and run whole (aerocmd_exec_run, what aerocmd render does) draw
 * what they drew live. Run in one context, context 1's draw would land in B. */
static void trace_keeps_contexts(void)
{
    struct aerocmd_trace_submission_in subs[4];
    struct aerocmd_exec_image img;
    struct aerocmd_exec_error err;
    uint8_t *trace = NULL;
    size_t len = 0;
    uint32_t a, b, i;
    struct px p;
    if (!px_start(&p))
        return;
    if (!px_through_host(&p)) {
        px_color_pipeline(&p);
        a = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
        take_submission(&p, &subs[0], 1);
        px_color_pipeline(&p);
        b = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
        take_submission(&p, &subs[1], 2);
        px_rect(&p, -1.0f, -1.0f, 0.0f, 1.0f, 0.0f, red);
        take_submission(&p, &subs[2], 1);
        px_rect(&p, 0.0f, -1.0f, 1.0f, 1.0f, 0.0f, green);
        take_submission(&p, &subs[3], 2);
        CHECK_EQ(
            aerocmd_trace_write_ex(aerocmd_allocator_libc(), subs, 4, "0.0.0-dev", &trace, &len),
            AEROCMD_OK);
        if (CHECK_EQ(aerocmd_exec_run(p.be.ex, trace, len, &err), AEROCMD_OK) &&
            px_read(&p, a, &img)) {
            px_expect_map(&img, left_half, red8, black8, "A from the trace: context 1's half");
            aerocmd_exec_image_release(&img);
        }
        if (px_read(&p, b, &img))
            px_expect_map(&img, right_half, green8, black8, "B from the trace: context 2's half");
        aerocmd_exec_image_release(&img);
        aerocmd_allocator_libc()->release(aerocmd_allocator_libc()->user, trace, len);
        for (i = 0; i < 4; i++)
            free((void *)subs[i].cmd_stream);
    }
    px_stop(&p);
}

/* A trace cannot say when a context ended: AEROCMD_EXEC_MAX_CONTEXTS + 6 contexts, each
 * drawing its own colour into its own target in one submission and never coming back, run
 * as a trace (aerocmd render's path): past 64 kept, the context left longest ago is ended
 * to make room, and every target holds its colour. */
static void trace_many_contexts(void)
{
    enum { N = AEROCMD_EXEC_MAX_CONTEXTS + 6u };
    static struct aerocmd_trace_submission_in subs[N];
    static uint32_t targets[N];
    struct aerocmd_exec_image img;
    struct aerocmd_exec_error err;
    float color[4] = {0, 0, 0, 1};
    uint8_t want[4] = {0, 0, 0, 255};
    uint8_t *trace = NULL;
    size_t len = 0;
    uint32_t i;
    struct px p;
    if (!px_start(&p))
        return;
    for (i = 0; i < N && !px_through_host(&p); i++) {
        color[0] = (float)(i * 3u) / 255.0f;
        px_color_pipeline(&p);
        targets[i] = px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 4, 4, black);
        px_rect(&p, -1.0f, -1.0f, 1.0f, 1.0f, 0.0f, color);
        take_submission(&p, &subs[i], 100u + i);
    }
    if (!px_through_host(&p)) {
        CHECK_EQ(
            aerocmd_trace_write_ex(aerocmd_allocator_libc(), subs, N, "0.0.0-dev", &trace, &len),
            AEROCMD_OK);
        if (!CHECK_EQ(aerocmd_exec_run(p.be.ex, trace, len, &err), AEROCMD_OK))
            fprintf(stderr, "    %s\n", err.message);
        for (i = 0; i < N; i += N - 1u) { /* the first context and the last */
            want[0] = (uint8_t)(i * 3u);
            if (px_read(&p, targets[i], &img))
                px_expect(&img, 1, 1, want, "a context's own colour after the trace ran");
            aerocmd_exec_image_release(&img);
        }
        aerocmd_allocator_libc()->release(aerocmd_allocator_libc()->user, trace, len);
        for (i = 0; i < N; i++)
            free((void *)subs[i].cmd_stream);
    }
    px_stop(&p);
}

int main(void)
{
    interleaved();
    destroyed_elsewhere();
    vertex_shader_per_context();
    context_limit();
    ended_context_starts_default(1);
    ended_context_starts_default(3);
    contexts_over_time();
    trace_keeps_contexts();
    trace_many_contexts();
    return check_finish();
}
