/* SPDX-License-Identifier: MIT */
/* Every DXBC container the project emits on the host is accepted by vkd3d-shader: the
 * shaders of every umd golden scenario's stream and of `aerocmd demo`'s frame (the Wine
 * scenarios' streams are checked by test/shims/run_wine.py). */
#include <stdlib.h>

#include "aerocmd/alloc.h"
#include "demo_scene.h"
#include "shaders/stream_dxbc.h"
#include "unit/umd/golden_scenarios.h"

static uint32_t submissions_dxbc(const struct aerocmd_umd_fake *fake, const char *what)
{
    uint32_t i, n = 0;
    for (i = 0; i < fake->submission_count; i++)
        n += stream_dxbc_check(fake->submissions[i].cmd, fake->submissions[i].cmd_bytes, what);
    return n;
}

static uint32_t golden_dxbc(void)
{
    static struct harness h;
    uint32_t i, n, total = 0;
    for (i = 0; i < sizeof golden_cases / sizeof golden_cases[0]; i++) {
        const struct golden_case *gc = &golden_cases[i];
        kit_reset();
        if (!CHECK(harness_open(&h, gc->buffer_bytes, gc->alloc_entries)))
            continue;
        gc->run(&h);
        CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
        n = submissions_dxbc(&h.fake, gc->name);
        printf("%-28s %u shader containers\n", gc->name, n);
        total += n;
        kit_close(&h);
    }
    return total;
}

static uint32_t demo_dxbc(void)
{
    static struct demo_scene scene;
    uint32_t n = 0;
    if (CHECK_EQ(demo_scene_run(&scene, aerocmd_allocator_libc()), AEROCMD_OK))
        n = submissions_dxbc(&scene.fake, "demo");
    demo_scene_release(&scene);
    printf("%-28s %u shader containers\n", "demo", n);
    return n;
}

int main(void)
{
    uint32_t golden = golden_dxbc(), demo = demo_dxbc();
    /* Every drawing or dispatching scenario creates shaders. */
    CHECK(golden >= 20);
    CHECK_EQ(demo, 2);
    printf("%u containers checked (aerocmd_exec_check_dxbc)\n", golden + demo);
    return check_finish();
}
