/* SPDX-License-Identifier: MIT */
/* trace_test_util.h — helpers shared by the trace tests: the fixture list, file loading,
 * little-endian patching and an allocator that counts (and can refuse) requests. */
#ifndef AEROCMD_TEST_TRACE_UTIL_H
#define AEROCMD_TEST_TRACE_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/alloc.h"
#include "aerocmd/trace.h"

struct trace_fixture {
    const char *name;
    uint32_t abi;        /* header command_abi_version */
    uint32_t stream_len; /* bytes of its single command stream */
    int has_memory;      /* an allocation table and one guest memory range */
};

/* The captures in test/data/fixtures/aerogputrace: one frame, one submission each. */
static const struct trace_fixture trace_fixtures[] = {
    {"aerogpu_cmd_clear_b8g8r8a8", 0x10004, 212, 0},
    {"aerogpu_cmd_clear_b8g8r8x8", 0x10004, 212, 0},
    {"aerogpu_cmd_copy_buffer", 0x10004, 1220, 0},
    {"aerogpu_cmd_copy_texture2d", 0x10004, 380, 0},
    {"aerogpu_cmd_indexed_triangle", 0x10004, 1244, 0},
    {"aerogpu_cmd_indexed_triangle_u16", 0x10004, 1240, 0},
    {"aerogpu_cmd_texture_ld_b5g6r5", 0x10004, 1256, 0},
    {"aerogpu_cmd_texture_ld_b8g8r8a8", 0x10003, 1256, 0},
    {"aerogpu_cmd_triangle", 0x10004, 324, 1},
    {"aerogpu_cmd_triangle_first_vertex", 0x10003, 1216, 0},
};
#define TRACE_FIXTURE_COUNT (sizeof(trace_fixtures) / sizeof(trace_fixtures[0]))

/* The whole file in an exactly sized heap block (so sanitizers see any overread); NULL
 * and a message when it cannot be read. */
static uint8_t *load_file(const char *dir, const char *name, const char *ext, size_t *len)
{
    char path[1024];
    FILE *f;
    long size;
    uint8_t *bytes = NULL;
    snprintf(path, sizeof(path), "%s/%s%s", dir, name, ext);
    f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0) {
        bytes = malloc((size_t)size);
        if (bytes && fread(bytes, 1, (size_t)size, f) != (size_t)size) {
            free(bytes);
            bytes = NULL;
        }
        *len = (size_t)size;
    }
    fclose(f);
    if (!bytes)
        fprintf(stderr, "cannot read %s\n", path);
    return bytes;
}

static uint8_t *load_fixture(const char *dir, const struct trace_fixture *fixture, size_t *len)
{
    return load_file(dir, fixture->name, ".aerogputrace", len);
}

static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_u32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void put_u64(uint8_t *p, uint64_t v)
{
    put_u32(p, (uint32_t)v);
    put_u32(p + 4, (uint32_t)(v >> 32));
}

/* A stream header plus packets given as (opcode, size_bytes) pairs, zero-filled; a size
 * below 8 is declared as given but 8 bytes are written. Returns the stream's length. */
static size_t build_stream(uint8_t *out, uint32_t abi, const uint32_t *packets, size_t count)
{
    size_t at = 24, i;
    memset(out, 0, 24);
    memcpy(out, "ACMD", 4);
    put_u32(out + 4, abi);
    for (i = 0; i < count; i++) {
        uint32_t size = packets[2 * i + 1] < 8 ? 8 : packets[2 * i + 1];
        memset(out + at, 0, size);
        put_u32(out + at, packets[2 * i]);
        put_u32(out + at + 4, packets[2 * i + 1]);
        at += size;
    }
    put_u32(out + 8, (uint32_t)at);
    return at;
}

/* A hand-made container version 1: BeginFrame, command-stream blob A (one NOP, 32 bytes),
 * a Packet record, a buffer blob, command-stream blob B (two NOPs, 40 bytes), Present. */
#define V1_META        "{\"emulator_version\":\"v1\",\"command_abi_version\":65540}"
#define V1_BEGIN       85u
#define V1_BLOB_A      97u
#define V1_PACKET      153u
#define V1_BLOB_BUFFER 169u
#define V1_BLOB_B      197u
#define V1_PRESENT     261u
#define V1_TOC         273u
#define V1_FOOTER      321u
#define V1_SIZE        353u
#define V1_STREAM_A    32u
#define V1_STREAM_B    40u

static size_t put_record(uint8_t *out, size_t at, uint8_t type, const void *payload, uint32_t len)
{
    memset(out + at, 0, 8);
    out[at] = type;
    put_u32(out + at + 4, len);
    memcpy(out + at + 8, payload, len);
    return at + 8 + len;
}

static size_t put_blob(uint8_t *out, size_t at, uint64_t id, uint32_t kind, const uint8_t *data,
                       uint32_t len)
{
    uint8_t payload[128];
    memset(payload, 0, 16);
    put_u64(payload, id);
    put_u32(payload + 8, kind);
    memcpy(payload + 16, data, len);
    return put_record(out, at, 4, payload, 16 + len);
}

static size_t build_v1_trace(uint8_t out[V1_SIZE])
{
    static const uint32_t one_nop[] = {0, 8};
    static const uint32_t two_nops[] = {0, 8, 0, 8};
    static const uint8_t zero_frame[4] = {0, 0, 0, 0}, buffer_data[4] = {1, 2, 3, 4};
    uint8_t stream[64];
    size_t at = 32 + strlen(V1_META), stream_len, present;
    memset(out, 0, V1_SIZE);
    memcpy(out, "AEROGPUT", 8);
    put_u32(out + 8, 32);
    put_u32(out + 12, 1);
    put_u32(out + 16, 0x10004);
    put_u32(out + 24, (uint32_t)strlen(V1_META));
    memcpy(out + 32, V1_META, strlen(V1_META));
    at = put_record(out, at, 1, zero_frame, 4);
    stream_len = build_stream(stream, 0x10004, one_nop, 1);
    at = put_blob(out, at, 1, 0x100, stream, (uint32_t)stream_len);
    at = put_record(out, at, 3, stream + 24, 8);
    at = put_blob(out, at, 2, 0x01, buffer_data, 4);
    stream_len = build_stream(stream, 0x10004, two_nops, 2);
    at = put_blob(out, at, 3, 0x100, stream, (uint32_t)stream_len);
    present = at;
    at = put_record(out, at, 2, zero_frame, 4);
    memcpy(out + at, "AEROTOC", 8);
    put_u32(out + at + 8, 1);
    put_u32(out + at + 12, 1);
    put_u64(out + at + 24, V1_BEGIN);
    put_u64(out + at + 32, present);
    put_u64(out + at + 40, present + 12);
    memcpy(out + at + 48, "AEROGPUF", 8);
    put_u32(out + at + 56, 32);
    put_u32(out + at + 60, 1);
    put_u64(out + at + 64, at);
    put_u64(out + at + 72, 48);
    return at + 80;
}

/* Refuses request number fail_at (1-based; 0 = never); counts blocks and bytes live. */
struct counting_allocator {
    unsigned requests;
    unsigned fail_at;
    long live_blocks;
    long long live_bytes;
};

static void *counting_resize(void *user, void *ptr, size_t old_size, size_t new_size)
{
    struct counting_allocator *c = user;
    void *p;
    c->requests++;
    if (c->fail_at && c->requests == c->fail_at)
        return NULL;
    p = realloc(ptr, new_size ? new_size : 1);
    if (!p)
        return NULL;
    if (!ptr)
        c->live_blocks++;
    c->live_bytes += (long long)new_size - (long long)old_size;
    return p;
}

static void counting_release(void *user, void *ptr, size_t size)
{
    struct counting_allocator *c = user;
    if (!ptr)
        return;
    c->live_blocks--;
    c->live_bytes -= (long long)size;
    free(ptr);
}

static struct aerocmd_allocator counting_allocator_make(struct counting_allocator *c)
{
    struct aerocmd_allocator a;
    a.resize = counting_resize;
    a.release = counting_release;
    a.user = c;
    return a;
}

/* Gives back a writer's output block through the counting allocator. */
static void release_output(struct counting_allocator *counter, uint8_t *out, size_t len)
{
    struct aerocmd_allocator alloc = counting_allocator_make(counter);
    alloc.release(alloc.user, out, len);
}

/* Counts submissions until the end (or -1 when the iterator reports a fault). */
static int count_submissions(const struct aerocmd_trace *trace, struct aerocmd_diag *diag)
{
    struct aerocmd_trace_iter iter;
    struct aerocmd_trace_submission sub;
    int n = 0, step;
    aerocmd_trace_iter_init(&iter, trace);
    while ((step = aerocmd_trace_next_submission(&iter, &sub, diag)) > 0)
        n++;
    return step < 0 ? -1 : n;
}

#endif
