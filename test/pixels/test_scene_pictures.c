/* Pixels of the umd golden scenarios: each scenario runs through the state tracker over the
 * in-memory fake, every submission also runs on the reference executor as it is made, and
 * the results are checked against what the scenario draws (scene_pictures.h). A scenario
 * whose picture is wrong is a bug in the driver path. */
#include <stdlib.h>

#include "pixel_runner.h"
#include "unit/umd/golden_scenarios.h"

static const struct pic_case *pic_case_of(const char *name)
{
    size_t i;
    for (i = 0; i < sizeof pic_cases / sizeof pic_cases[0]; i++)
        if (strcmp(pic_cases[i].name, name) == 0)
            return &pic_cases[i];
    return NULL;
}

static void run_golden(const struct golden_case *gc)
{
    static struct harness h;
    static struct pixel_run run;
    const struct pic_case *pc = pic_case_of(gc->name);
    struct pic_results res;
    uint32_t failed = check_failed_count;
    if (!CHECK(pc != NULL) || !run_open(&run, gc->name))
        return;
    kit_reset();
    if (CHECK(harness_open_fake(&h, gc->buffer_bytes, gc->alloc_entries))) {
        aerocmd_umd_fake_callbacks(&h.fake, &h.cb);
        live_wrap_callbacks(&h.cb, &h.fake, &run);
        if (CHECK(harness_open_device(&h))) {
            gc->run(&h);
            CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
            if (CHECK_EQ(run.result, AEROCMD_OK) && pc->check != NULL) {
                res = run_results(&run);
                pc->check(&res);
            }
            kit_close(&h);
        }
    }
    run_close(&run);
    printf("%-28s %s\n", gc->name, check_failed_count == failed ? "ok" : "WRONG");
}

int main(void)
{
    size_t i;
    for (i = 0; i < sizeof golden_cases / sizeof golden_cases[0]; i++)
        run_golden(&golden_cases[i]);
    return check_finish();
}
