/* SPDX-License-Identifier: MIT */
/* Golden tests: each scenario runs through the state tracker and the fake, every submission
 * is validated (structure and semantics, with the allocation table the KMD would build)
 * and disassembled, and the text is compared with test/data/golden/umd/NAME.txt.
 *
 * usage: test_umd_golden GOLDEN_DIR [--update]   (--update rewrites the files; review the
 * diff before committing it) */
#include <stdio.h>
#include <stdlib.h>

#include "aerocmd/dump.h"
#include "golden_scenarios.h"

static uint64_t sem_mem[8192];

/* Submission headers (fence, flags, allocation list), then each stream's disassembly. */
static void render(const struct aerocmd_umd_fake *fake, FILE *out)
{
    uint32_t i, j;
    for (i = 0; i < fake->submission_count; i++) {
        const struct aerocmd_umd_fake_submission *s = &fake->submissions[i];
        struct aerocmd_diag diag;
        fprintf(out, "# submission %u fence=%llu%s allocs=%u\n", i, (unsigned long long)s->fence,
                (s->flags & AEROCMD_UMD_SUBMIT_PRESENT) ? " PRESENT" : "", s->alloc_count);
        for (j = 0; j < s->alloc_count; j++)
            fprintf(out, "#   alloc_id=0x%08x %s\n", s->allocs[j].alloc_id,
                    (s->allocs[j].flags & AEROCMD_UMD_ALLOC_REF_WRITE) ? "write" : "read");
        if (aerocmd_dump_stream(out, AEROCMD_DUMP_TEXT, s->cmd, s->cmd_bytes, &diag) != AEROCMD_OK)
            fprintf(out, "# MALFORMED: %s\n", aerocmd_reason_name(diag.reason));
    }
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long size;
    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (size = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = (char *)malloc((size_t)size + 1u);
    if (buf != NULL && fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf != NULL) {
        buf[size] = '\0';
        *len = (size_t)size;
    }
    return buf;
}

/* Prints the first line that differs, with its number. */
static void report_difference(const char *name, const char *got, const char *want)
{
    unsigned line = 1;
    size_t i = 0;
    while (got[i] != '\0' && got[i] == want[i]) {
        if (got[i] == '\n')
            line++;
        i++;
    }
    while (i > 0 && got[i - 1] != '\n')
        i--;
    fprintf(stderr, "%s: differs at line %u\n  got:  %.200s\n  want: %.200s\n", name, line, got + i,
            want + (want[0] != '\0' && strlen(want) > i ? i : strlen(want)));
}

static int compare_or_update(const char *dir, const char *name, const char *text, size_t len,
                             int update)
{
    char path[1024];
    size_t want_len = 0;
    char *want;
    int same;
    snprintf(path, sizeof path, "%s/%s.txt", dir, name);
    if (update) {
        FILE *f = fopen(path, "wb");
        int ok = f != NULL && fwrite(text, 1, len, f) == len;
        if (f != NULL)
            ok = fclose(f) == 0 && ok;
        if (!ok)
            fprintf(stderr, "%s: cannot write\n", path);
        return ok;
    }
    want = read_file(path, &want_len);
    if (want == NULL) {
        fprintf(stderr, "%s: missing (run with --update)\n", path);
        return 0;
    }
    same = want_len == len && memcmp(want, text, len) == 0;
    if (!same)
        report_difference(name, text, want);
    free(want);
    return same;
}

static int all_valid(const struct aerocmd_umd_fake *fake)
{
    struct aerocmd_semantic sem;
    if (aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem) != AEROCMD_OK)
        return 0;
    return validate_submissions(fake, &sem) == 0;
}

static void run_case(const struct golden_case *gc, const char *dir, int update)
{
    static struct harness h;
    char *text = NULL;
    size_t len = 0;
    FILE *out;
    kit_reset();
    if (!CHECK(harness_open(&h, gc->buffer_bytes, gc->alloc_entries)))
        return;
    gc->run(&h);
    CHECK_EQ(aerocmd_umd_flush(h.ctx), AEROCMD_OK);
    if (!all_valid(&h.fake))
        fprintf(stderr, "%s: invalid stream\n", gc->name);
    CHECK(all_valid(&h.fake));
    CHECK_EQ(h.fake.host_faults, 0);
    out = open_memstream(&text, &len);
    if (CHECK(out != NULL)) {
        fprintf(out, "# umd golden: %s\n", gc->name);
        render(&h.fake, out);
        fclose(out);
        CHECK(compare_or_update(dir, gc->name, text, len, update));
        free(text);
    }
    kit_close(&h);
}

int main(int argc, char **argv)
{
    size_t i;
    int update = argc > 2 && strcmp(argv[2], "--update") == 0;
    harness_process_id = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: %s GOLDEN_DIR [--update]\n", argv[0]);
        return 2;
    }
    for (i = 0; i < sizeof golden_cases / sizeof golden_cases[0]; i++)
        run_case(&golden_cases[i], argv[1], update);
    return check_finish();
}
