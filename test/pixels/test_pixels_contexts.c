/* SPDX-License-Identifier: MIT */
/* Pixel tests: contexts. A device's contexts share its objects but each keeps its own
 * bindings (aerocmd_exec_set_context; the host's SUBMIT context_id), as the emulator keeps
 * them per aerogpu_submit_desc.context_id and as the driver expects: it sends only what
 * changed since its own last packets. Two contexts interleaved each draw into their own
 * target with their own pipeline and viewport; a resource one context destroys leaves every
 * context's bindings; a context that never bound a vertex shader cannot draw, whatever
 * another bound; and the executor keeps at most AEROCMD_EXEC_MAX_CONTEXTS of them. */
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

/* Context 1 binds a vertex shader; context 2 never did: its draw is refused
 * (no_vertex_shader), as a lone context's would be. */
static void vertex_shader_per_context(void)
{
    struct aerocmd_exec_error err;
    struct px p;
    if (!px_start(&p) || !px_context(&p, 1))
        goto out;
    px_color_pipeline(&p);
    px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
    if (!px_context(&p, 2))
        goto out;
    px_target(&p, AEROGPU_FORMAT_R8G8B8A8_UNORM, 8, 8, black);
    px_rect(&p, -1.0f, -1.0f, 1.0f, 1.0f, 0.0f, red);
    if (px_submit_expect(&p, AEROCMD_E_MALFORMED, &err))
        CHECK(strstr(err.message, "no_vertex_shader") != NULL);
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

int main(void)
{
    interleaved();
    destroyed_elsewhere();
    vertex_shader_per_context();
    context_limit();
    return check_finish();
}
