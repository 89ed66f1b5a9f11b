/* SPDX-License-Identifier: MIT */
/* Pixels of the umd golden scenarios and of their Wine twins: the results of each scenario
 * on the reference executor are checked against what it draws (scene_pictures.h). A
 * scenario whose picture is wrong is a bug in the driver path.
 *
 * usage: test_scene_pictures                  every golden scenario, in process: it runs
 *                                             through the state tracker over the fake and
 *                                             every submission also runs on the executor as
 *                                             it is made
 *        test_scene_pictures --dir DIR NAME   the submissions a Wine scenario recorded in
 *                                             DIR (test/shims/record.c: NNNN.acmd, .alloc,
 *                                             .mem), every shader container checked too,
 *                                             judged as golden scenario NAME */
#include <stdlib.h>

#include "pixel_runner.h"
#include "shaders/stream_dxbc.h"
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

/* The whole file, or NULL (missing is not an error: *len = 0). */
static uint8_t *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    long size;
    *len = 0;
    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = (uint8_t *)malloc((size_t)size + 1u)) != NULL &&
        fread(buf, 1, (size_t)size, f) == (size_t)size)
        *len = (size_t)size;
    fclose(f);
    return buf;
}

/* The snapshot records of a .mem file as executor memory ranges (pointing into mem). */
static uint32_t memory_ranges(const uint8_t *mem, size_t len, struct aerocmd_exec_memory *out,
                              uint32_t cap)
{
    size_t at = 0;
    uint32_t n = 0;
    while (n < cap && at + 24 <= len) {
        uint32_t id;
        uint64_t range[2];
        memcpy(&id, mem + at, 4);
        memcpy(range, mem + at + 8, 16);
        if (!CHECK(range[1] <= len - at - 24))
            break;
        out[n].alloc_id = id;
        out[n].gpa = range[0];
        out[n].size_bytes = range[1];
        out[n++].bytes = mem + at + 24;
        at += 24 + (size_t)((range[1] + 7u) & ~(uint64_t)7u);
    }
    return n;
}

/* Runs submission n of DIR on the executor; 0 when there is no such submission. */
static int run_recorded(struct pixel_run *run, const char *dir, uint32_t n, uint32_t *containers)
{
    static const char *const ext[3] = {"acmd", "alloc", "mem"};
    struct aerocmd_exec_memory mem[32];
    struct aerocmd_exec_submission sub;
    uint8_t *bytes[3];
    size_t len[3];
    char path[1024];
    int i;
    for (i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%04u.%s", dir, n, ext[i]);
        bytes[i] = read_all(path, &len[i]);
    }
    if (bytes[0] != NULL) {
        *containers += stream_dxbc_check(bytes[0], len[0], run->name);
        memset(&sub, 0, sizeof sub);
        sub.stream = bytes[0];
        sub.stream_len = len[0];
        sub.alloc_table = bytes[1];
        sub.alloc_table_len = len[1];
        sub.memory = mem;
        sub.memory_count = bytes[2] != NULL ? memory_ranges(bytes[2], len[2], mem, 32) : 0;
        run_submit(run, &sub);
    }
    for (i = 0; i < 3; i++)
        free(bytes[i]);
    return bytes[0] != NULL;
}

static int run_dir(const char *dir, const char *name)
{
    static struct pixel_run run;
    const struct pic_case *pc = pic_case_of(name);
    uint32_t n = 0, containers = 0;
    struct pic_results res;
    if (pc == NULL) {
        fprintf(stderr, "%s: no picture check for scenario %s\n", dir, name);
        CHECK(0);
        return check_finish();
    }
    if (!run_open(&run, dir))
        return check_finish();
    while (run_recorded(&run, dir, n, &containers))
        n++;
    CHECK(n > 0);
    if (CHECK_EQ(run.result, AEROCMD_OK) && pc->check != NULL) {
        res = run_results(&run);
        pc->check(&res);
    }
    run_close(&run);
    printf("%s: %u submissions, %u shader containers, picture of %s %s\n", dir, n, containers, name,
           check_failed_count == 0 ? "right" : "WRONG");
    return check_finish();
}

int main(int argc, char **argv)
{
    size_t i;
    if (argc == 4 && strcmp(argv[1], "--dir") == 0)
        return run_dir(argv[2], argv[3]);
    for (i = 0; i < sizeof golden_cases / sizeof golden_cases[0]; i++)
        run_golden(&golden_cases[i]);
    return check_finish();
}
