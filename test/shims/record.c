/* SPDX-License-Identifier: MIT */
/* record.c — writes what the shim submitted and checks it the way the kernel would. */
#include <stdio.h>
#include <string.h>

#include "aerocmd/decode.h"
#include "aerocmd/semantic.h"
#include "aerocmd/submission.h"
#include "harness.h"

static uint64_t sem_mem[8192];
static uint64_t table_mem[1024];

/* Structure, then semantics across the scenario with the allocation table the kernel
 * builds from each submission's list. */
static void validate(struct fake_runtime *rt, const char *name, uint32_t count)
{
    struct aerocmd_semantic sem;
    uint32_t i;
    if (!CHECK_EQ(aerocmd_semantic_init(&sem, sem_mem, sizeof sem_mem), AEROCMD_OK))
        return;
    for (i = 0; i < count; i++) {
        const struct aerocmd_umd_fake_submission *s = &rt->host->submissions[i];
        struct aerocmd_diag diag;
        struct aerocmd_stream st;
        struct aerocmd_alloc_table_view view;
        size_t size = 0;
        memset(&diag, 0, sizeof diag);
        if (!CHECK(aerocmd_validate_stream(s->cmd, s->cmd_bytes, &diag) == AEROCMD_OK &&
                   aerocmd_stream_open(&st, s->cmd, s->cmd_bytes, &diag) == AEROCMD_OK &&
                   aerocmd_umd_fake_alloc_table(rt->host, i, table_mem, sizeof table_mem, &size) ==
                       AEROCMD_OK &&
                   aerocmd_alloc_table_open(&view, table_mem, size, &diag) == AEROCMD_OK &&
                   aerocmd_semantic_check_stream(&sem, &st, &view, &diag) == AEROCMD_OK))
            fprintf(stderr, "%s: submission %u: %s at 0x%x opcode 0x%x\n", name, i,
                    aerocmd_reason_name(diag.reason), diag.offset, diag.opcode);
    }
    CHECK_EQ(rt->host->host_faults, 0);
    CHECK_EQ(rt->bad_private, 0);
}

static int write_file(const char *path, const void *bytes, size_t len)
{
    FILE *f = fopen(path, "wb");
    int ok = f != NULL && fwrite(bytes, 1, len, f) == len;
    if (f != NULL)
        ok = fclose(f) == 0 && ok;
    return ok;
}

/* DIR/NAME/NNNN.acmd per submission, and DIR/NAME/submissions.txt with the headers the
 * host golden files print (fence, PRESENT, allocation list). */
void record_scenario(struct fake_runtime *rt, const char *dir, const char *name, uint32_t count)
{
    char path[1024];
    FILE *f;
    uint32_t i, j;
    validate(rt, name, count);
    if (dir == NULL)
        return;
    snprintf(path, sizeof path, "%s\\%s", dir, name);
    CreateDirectoryA(path, NULL);
    snprintf(path, sizeof path, "%s\\%s\\submissions.txt", dir, name);
    f = fopen(path, "wb");
    if (!CHECK(f != NULL))
        return;
    for (i = 0; i < count; i++) {
        const struct aerocmd_umd_fake_submission *s = &rt->host->submissions[i];
        char stream_path[1024];
        fprintf(f, "# submission %u fence=%llu%s allocs=%u\n", i, (unsigned long long)s->fence,
                (s->flags & AEROCMD_UMD_SUBMIT_PRESENT) ? " PRESENT" : "", s->alloc_count);
        for (j = 0; j < s->alloc_count; j++)
            fprintf(f, "#   alloc_id=0x%08x %s\n", s->allocs[j].alloc_id,
                    (s->allocs[j].flags & AEROCMD_UMD_ALLOC_REF_WRITE) ? "write" : "read");
        snprintf(stream_path, sizeof stream_path, "%s\\%s\\%04u.acmd", dir, name, i);
        CHECK(write_file(stream_path, s->cmd, s->cmd_bytes));
    }
    CHECK(fclose(f) == 0);
}
