/* SPDX-License-Identifier: MIT */
/* demo_render.c — aerocmd demo's picture through the reference executor. */
#include "demo_render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"

#ifdef AEROCMD_HAVE_EXEC
#include "aerocmd/exec.h"
#include "aerocmd/submission.h"
#include "png_write.h"

#define DEMO_ALLOC_TABLE_WORDS 128u /* 1 KiB: the header and 16 entries */

/* A JSON string: quotes, backslashes and control characters escaped. */
static void put_json_string(const char *s)
{
    putchar('"');
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static void say(int json, const char *path, const char *what)
{
    if (json) {
        printf("{\"type\":\"picture\",\"picture\":");
        if (path != NULL)
            put_json_string(path);
        else
            printf("null");
        printf(",\"note\":");
        put_json_string(what);
        printf("}\n");
    } else if (path != NULL) {
        printf("# picture: %s (%s)\n", path, what);
    } else {
        printf("# picture: none (%s)\n", what);
    }
}

/* Submission `index` with its allocation table and the guest memory of every allocation
 * the table lists. The fake keeps only the memory's last contents, and none once freed: a
 * freed allocation (the staging texture's, written by its copy) is given as zeros. */
static aerocmd_result submit(struct aerocmd_exec *ex, const struct aerocmd_umd_fake *fake,
                             uint32_t index, struct aerocmd_exec_error *err)
{
    const struct aerocmd_umd_fake_submission *sub = &fake->submissions[index];
    uint64_t table[DEMO_ALLOC_TABLE_WORDS];
    struct aerocmd_alloc_table_view view;
    struct aerocmd_exec_memory *mem;
    struct aerocmd_exec_submission s;
    struct aerocmd_diag diag;
    uint8_t **zeros;
    size_t table_size = 0;
    uint32_t i;
    aerocmd_result r;
    if (aerocmd_umd_fake_alloc_table(fake, index, table, sizeof(table), &table_size) !=
            AEROCMD_OK ||
        aerocmd_alloc_table_open(&view, table, table_size, &diag) != AEROCMD_OK)
        return AEROCMD_E_INVALID_ARG;
    mem = calloc(view.entry_count + 1u, sizeof(*mem));
    zeros = calloc(view.entry_count + 1u, sizeof(*zeros));
    r = mem != NULL && zeros != NULL ? AEROCMD_OK : AEROCMD_E_OUT_OF_MEMORY;
    for (i = 0; r == AEROCMD_OK && i < view.entry_count; i++) {
        struct aerogpu_alloc_entry e;
        const struct aerocmd_umd_fake_memory *m;
        aerocmd_alloc_table_entry(&view, i, &e);
        m = aerocmd_umd_fake_find_memory(fake, e.alloc_id);
        mem[i].alloc_id = e.alloc_id;
        mem[i].gpa = e.gpa;
        mem[i].size_bytes = e.size_bytes;
        mem[i].bytes = m != NULL ? (const void *)m->bytes : (zeros[i] = calloc(1, e.size_bytes));
        if (mem[i].bytes == NULL)
            r = AEROCMD_E_OUT_OF_MEMORY;
    }
    memset(&s, 0, sizeof(s));
    s.stream = sub->cmd;
    s.stream_len = sub->cmd_bytes;
    s.alloc_table = table;
    s.alloc_table_len = table_size;
    s.memory = mem;
    s.memory_count = view.entry_count;
    if (r == AEROCMD_OK)
        r = aerocmd_exec_submit(ex, &s, err);
    for (i = 0; zeros != NULL && i < view.entry_count; i++)
        free(zeros[i]);
    free(zeros);
    free(mem);
    return r;
}

int aerocmd_demo_render(const struct aerocmd_umd_fake *fake, const char *png_path, int json)
{
    struct aerocmd_exec_error err;
    struct aerocmd_exec *ex = NULL;
    const struct aerocmd_exec_present *pr;
    uint32_t i;
    int status = 1;
    if (png_path == NULL) {
        say(json, NULL, "--no-png");
        return 0;
    }
    aerocmd_render_prepare_env();
    if (aerocmd_exec_create(NULL, &ex, &err) != AEROCMD_OK) {
        fprintf(stderr, "aerocmd demo: %s\n", err.message);
        say(json, NULL, "the reference executor cannot start");
        return 1;
    }
    for (i = 0; i < fake->submission_count; i++)
        if (submit(ex, fake, i, &err) != AEROCMD_OK) {
            fprintf(stderr, "aerocmd demo: reference executor: %s\n", err.message);
            break;
        }
    pr = aerocmd_exec_get_present(ex, 0);
    if (i < fake->submission_count || pr == NULL || pr->image.rgba8 == NULL)
        say(json, NULL, "the reference executor drew no frame");
    else if (aerocmd_write_png(png_path, pr->image.rgba8, pr->image.width, pr->image.height) == 0) {
        say(json, png_path, "the frame's PRESENT as the reference executor drew it");
        status = 0;
    }
    aerocmd_exec_destroy(ex);
    return status;
}
#else
int aerocmd_demo_render(const struct aerocmd_umd_fake *fake, const char *png_path, int json)
{
    (void)fake;
    (void)png_path;
    if (json)
        printf("{\"type\":\"picture\",\"picture\":null,\"note\":\"built without the reference "
               "executor\"}\n");
    else
        printf("# picture: none (built without the reference executor)\n");
    return 0;
}
#endif
