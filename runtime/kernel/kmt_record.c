/* SPDX-License-Identifier: MIT */
/* kmt_record.c — what a host connection was sent, for `aerocmd trace wrap --memory`: with
 * AEROCMD_RT_RECORD_DIR set, connection N of the process (every device of the process until
 * the connection is lost: their contexts) writes DIR/connection-N/NNNN.acmd (the DMA buffer),
 * NNNN.alloc (the KMD's allocation table), NNNN.mem (u32 alloc_id, u32 0, u64 gpa, u64 size, then
 * the bytes padded to 8, per allocation: the guest memory as sent) and NNNN.ctx (u32: the context
 * the submission ran in), numbered in the order the host got them. A context's end is not recorded
 * (a trace has no record for it): a device taking a freed context id sends its fixed-function state
 * with its first draw, and destroyed objects left every binding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kmt_internal.h"

struct kmt_recorder {
    char dir[MAX_PATH];
    uint32_t next;
};

struct kmt_recorder *kmt_record_open(void)
{
    static volatile LONG connections;
    const char *root = getenv("AEROCMD_RT_RECORD_DIR");
    struct kmt_recorder *rec;
    if (root == NULL || root[0] == '\0')
        return NULL;
    rec = (struct kmt_recorder *)HeapAlloc(GetProcessHeap(), HEAP_ZERO_MEMORY, sizeof *rec);
    if (rec == NULL)
        return NULL;
    snprintf(rec->dir, sizeof rec->dir, "%s\\connection-%ld", root,
             (long)InterlockedIncrement(&connections) - 1);
    CreateDirectoryA(root, NULL);
    if (!CreateDirectoryA(rec->dir, NULL) && GetLastError() != ERROR_ALREADY_EXISTS) {
        aerort_log("cannot record into %s", rec->dir);
        HeapFree(GetProcessHeap(), 0, rec);
        return NULL;
    }
    return rec;
}

static FILE *open_file(struct kmt_recorder *rec, const char *ext)
{
    char path[MAX_PATH + 32];
    FILE *f;
    snprintf(path, sizeof path, "%s\\%04u.%s", rec->dir, rec->next, ext);
    f = fopen(path, "wb");
    if (f == NULL)
        aerort_log("cannot write %s", path);
    return f;
}

static void write_bytes(struct kmt_recorder *rec, const char *ext, const void *bytes, size_t len)
{
    FILE *f = open_file(rec, ext);
    if (f == NULL)
        return;
    if (fwrite(bytes, 1, len, f) != len)
        aerort_log("short write of a recorded submission");
    fclose(f);
}

static void write_memory(struct kmt_recorder *rec, const struct kmt_submission *s)
{
    static const uint8_t pad[8];
    FILE *f = open_file(rec, "mem");
    uint32_t i;
    if (f == NULL)
        return;
    for (i = 0; i < s->memory_count; i++) {
        const struct kmt_memory *m = &s->memory[i];
        uint32_t head[2];
        uint64_t range[2];
        size_t padding = (size_t)((8u - m->size_bytes % 8u) % 8u);
        head[0] = m->alloc_id;
        head[1] = 0;
        range[0] = m->gpa;
        range[1] = m->size_bytes;
        if (fwrite(head, sizeof head, 1, f) != 1 || fwrite(range, sizeof range, 1, f) != 1 ||
            fwrite(m->bytes, 1, (size_t)m->size_bytes, f) != m->size_bytes ||
            fwrite(pad, 1, padding, f) != padding)
            aerort_log("short write of a recorded submission's memory");
    }
    fclose(f);
}

void kmt_record_submission(struct kmt_recorder *rec, const struct kmt_submission *s)
{
    if (rec == NULL)
        return;
    write_bytes(rec, "acmd", s->stream, s->stream_len);
    if (s->alloc_table_len != 0)
        write_bytes(rec, "alloc", s->alloc_table, s->alloc_table_len);
    write_memory(rec, s);
    write_bytes(rec, "ctx", &s->context_id, sizeof s->context_id);
    rec->next++;
}

void kmt_record_close(struct kmt_recorder *rec)
{
    if (rec != NULL)
        HeapFree(GetProcessHeap(), 0, rec);
}
