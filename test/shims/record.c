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

/* NNNN.alloc: the KMD's allocation table; NNNN.mem: records of u32 alloc_id, u32 0, u64 gpa,
 * u64 size, then size bytes padded to 8 (the snapshots the host fake took at submission). */
static void write_memory(struct fake_runtime *rt, const char *dir, const char *name, uint32_t i)
{
    static uint64_t table[1024];
    static const uint8_t pad[8] = {0};
    const struct aerocmd_umd_fake_submission *s = &rt->host->submissions[i];
    char path[1024];
    size_t size = 0;
    uint32_t k;
    FILE *f;
    snprintf(path, sizeof path, "%s\\%s\\%04u.alloc", dir, name, i);
    if (CHECK_EQ(aerocmd_umd_fake_alloc_table(rt->host, i, table, sizeof table, &size), AEROCMD_OK))
        CHECK(write_file(path, table, size));
    snprintf(path, sizeof path, "%s\\%s\\%04u.mem", dir, name, i);
    f = fopen(path, "wb");
    if (!CHECK(f != NULL))
        return;
    for (k = 0; k < s->snapshot_count; k++) {
        const struct aerocmd_umd_fake_snapshot *sn = &s->snapshots[k];
        uint32_t head[2];
        uint64_t range[2];
        head[0] = sn->alloc_id;
        head[1] = 0;
        range[0] = sn->gpa;
        range[1] = sn->size_bytes;
        CHECK(fwrite(head, sizeof head, 1, f) == 1 && fwrite(range, sizeof range, 1, f) == 1 &&
              fwrite(sn->bytes, 1, (size_t)sn->size_bytes, f) == sn->size_bytes &&
              fwrite(pad, 1, (size_t)((8u - sn->size_bytes % 8u) % 8u), f) ==
                  (8u - sn->size_bytes % 8u) % 8u);
    }
    CHECK(fclose(f) == 0);
}

/* DIR/NAME/NNNN.acmd per submission (with NNNN.alloc and NNNN.mem), and
 * DIR/NAME/submissions.txt with the headers the host golden files print (fence, PRESENT,
 * allocation list). */
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
        write_memory(rt, dir, name, i);
    }
    CHECK(fclose(f) == 0);
}
