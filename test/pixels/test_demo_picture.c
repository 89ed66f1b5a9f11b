/* SPDX-License-Identifier: MIT */
/* The picture of `aerocmd demo`: its frame (demo_scene.c) runs through the state tracker
 * over the fake, every submission also on the reference executor as it is made. What it
 * draws: a 64x64 B8G8R8A8 target cleared to (0.1, 0.2, 0.3, 1), one triangle with red
 * (0, 0.5), green (0.5, -0.5) and blue (-0.5, -0.5) corners, each multiplied in the vertex
 * shader by the tint (1, 0.5, 0.25, 1) the CPU wrote into the constant buffer; it is
 * presented, then copied into a staging texture whose guest memory the copy writes back.
 *
 * usage: test_demo_picture              the frame, run live
 *        test_demo_picture --rgba FILE  a picture of the frame made elsewhere (64x64 RGBA8) */
#include <stdlib.h>

#include "aerocmd/alloc.h"
#include "demo_scene.h"
#include "pixel_runner.h"
#include "shaders/stream_dxbc.h"

static struct pixel_run run;

static void wrap(struct aerocmd_umd_callbacks *cb, struct aerocmd_umd_fake *fake, void *user)
{
    (void)user;
    live_wrap_callbacks(cb, fake, &run);
}

static void demo_scene_expected(struct pic_scene *s)
{
    static const float clear[4] = {0.1f, 0.2f, 0.3f, 1.0f};
    static const float tinted[3][4] = {{1, 0, 0, 1}, {0, 0.5f, 0, 1}, {0, 0, 0.25f, 1}};
    pic_init(s, "demo", 64, 64, clear);
    pic_add(s, pic_ndc(64, 64, 0, 0.5f, tinted[0]), pic_ndc(64, 64, 0.5f, -0.5f, tinted[1]),
            pic_ndc(64, 64, -0.5f, -0.5f, tinted[2]));
}

/* The staging texture's guest memory (B8G8R8A8 rows of row_pitch bytes) as RGBA8. */
static void check_staging(const struct pic_scene *s)
{
    static uint8_t rgba[64 * 64 * 4];
    struct pic_results res = run_results(&run);
    uint32_t size = 0, x, y, pitch = run.texture_pitch[1];
    const uint8_t *mem = res.texture_memory(res.user, 1, &size);
    if (!CHECK(mem != NULL && pitch >= 256 && size >= 63u * pitch + 256u))
        return;
    for (y = 0; y < 64; y++)
        for (x = 0; x < 64; x++) {
            const uint8_t *bgra = mem + y * pitch + 4u * x;
            uint8_t *p = rgba + 4u * (64u * y + x);
            p[0] = bgra[2];
            p[1] = bgra[1];
            p[2] = bgra[0];
            p[3] = bgra[3];
        }
    pic_check(s, rgba, 64, 64, 3500);
}

/* --rgba FILE: a picture of the demo's frame from elsewhere (aerocmd render of the demo's
 * trace, as run_fixtures.py converts its PNG: 64x64 RGBA8 rows, nothing else), judged
 * against the same expectations. */
static int check_rgba_file(const char *path)
{
    static uint8_t rgba[DEMO_WIDTH * DEMO_HEIGHT * 4 + 1];
    struct pic_scene want;
    FILE *f = fopen(path, "rb");
    size_t got = f != NULL ? fread(rgba, 1, sizeof rgba, f) : 0;
    if (f != NULL)
        fclose(f);
    if (CHECK_EQ(got, sizeof rgba - 1)) {
        demo_scene_expected(&want);
        pic_check(&want, rgba, DEMO_WIDTH, DEMO_HEIGHT, 3500);
    } else {
        fprintf(stderr, "%s: not a 64x64 RGBA8 picture\n", path);
    }
    return check_finish();
}

int main(int argc, char **argv)
{
    static struct demo_scene scene;
    struct pic_scene want;
    struct pic_results res;
    struct pic_image img;
    uint32_t i, containers = 0;
    if (argc == 3 && strcmp(argv[1], "--rgba") == 0)
        return check_rgba_file(argv[2]);
    if (!run_open(&run, "demo"))
        return check_finish();
    CHECK_EQ(demo_scene_run_hooked(&scene, aerocmd_allocator_libc(), wrap, NULL), AEROCMD_OK);
    for (i = 0; i < scene.fake.submission_count; i++)
        containers += stream_dxbc_check(scene.fake.submissions[i].cmd,
                                        scene.fake.submissions[i].cmd_bytes, "demo");
    CHECK_EQ(containers, 2);
    demo_scene_expected(&want);
    res = run_results(&run);
    if (CHECK_EQ(run.result, AEROCMD_OK) && CHECK_EQ(res.present_count, 1) &&
        CHECK(res.present(res.user, 0, &img)))
        pic_check(&want, img.rgba8, img.width, img.height, 3500);
    check_staging(&want);
    demo_scene_release(&scene);
    run_close(&run);
    return check_finish();
}
