/* SPDX-License-Identifier: MIT */
/* semantic_harness.h — shared by the semantic pass tests: a tracker in static memory, the
 * standard set of objects most cases start from, its allocation table, and running one
 * stream through structural validation and the semantic pass. */
#ifndef SEMANTIC_HARNESS_H
#define SEMANTIC_HARNESS_H

#include <stdio.h>

#include "aerocmd/decode.h"
#include "aerocmd/semantic.h"
#include "check.h"
#include "stream_builder.h"

/* Standard objects. */
enum {
    BUF_HOST = 1,      /* 256 bytes, host-owned */
    BUF_BACKED = 2,    /* 256 bytes in alloc 1 at 0 */
    BUF_READONLY = 3,  /* 64 bytes in alloc 2 (READONLY) at 0 */
    TEX_HOST = 10,     /* RGBA8 64x64, 4 mips, 2 layers, host-owned */
    TEX_BACKED = 11,   /* RGBA8 64x64, 1 mip, 1 layer, alloc 1 at 256 */
    TEX_BGRA = 12,     /* BGRA8 32x32, 1 mip, 1 layer, host-owned */
    TEX_READONLY = 13, /* RGBA8 16x16, 1 mip, 1 layer, alloc 2 at 1024 */
    TEX_DEPTH = 14,    /* D24S8 32x32, 1 mip, 1 layer, host-owned */
    VIEW = 20,         /* TEX_HOST mips 0..1, layers 0..1 */
    VS = 30,
    PS = 31,
    CS = 32,
    GS = 33,
    HS = 34, /* COMPUTE + stage_ex HULL */
    DS = 35, /* COMPUTE + stage_ex DOMAIN */
    LAYOUT = 40,
    SAMPLER = 50,
    UNKNOWN = 99
};

enum { ALLOC_RW = 1, ALLOC_RO = 2, ALLOC_RW_SIZE = 0x10000, ALLOC_RO_SIZE = 0x1000 };

/* Layout size of TEX_HOST: per layer 16384 + 4096 + 1024 + 256, two layers. */
#define TEX_HOST_BYTES 43520u

static void std_objects(struct sb *s)
{
    static const struct sb_texture host = {AEROGPU_FORMAT_R8G8B8A8_UNORM, 64, 64, 4, 2, 0, 0, 0};
    static const struct sb_texture backed = {
        AEROGPU_FORMAT_R8G8B8A8_UNORM, 64, 64, 1, 1, 256, ALLOC_RW, 256};
    static const struct sb_texture bgra = {AEROGPU_FORMAT_B8G8R8A8_UNORM, 32, 32, 1, 1, 0, 0, 0};
    static const struct sb_texture ro = {
        AEROGPU_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 1, 64, ALLOC_RO, 1024};
    static const struct sb_texture depth = {
        AEROGPU_FORMAT_D24_UNORM_S8_UINT, 32, 32, 1, 1, 0, 0, 0};
    sb_create_buffer(s, BUF_HOST, 256, 0, 0);
    sb_create_buffer(s, BUF_BACKED, 256, ALLOC_RW, 0);
    sb_create_buffer(s, BUF_READONLY, 64, ALLOC_RO, 0);
    sb_create_texture(s, TEX_HOST, &host);
    sb_create_texture(s, TEX_BACKED, &backed);
    sb_create_texture(s, TEX_BGRA, &bgra);
    sb_create_texture(s, TEX_READONLY, &ro);
    sb_create_texture(s, TEX_DEPTH, &depth);
    sb_create_view(s, VIEW, TEX_HOST, 0, 2, 0, 2);
    sb_create_shader(s, VS, AEROGPU_SHADER_STAGE_VERTEX, 0);
    sb_create_shader(s, PS, AEROGPU_SHADER_STAGE_PIXEL, 0);
    sb_create_shader(s, CS, AEROGPU_SHADER_STAGE_COMPUTE, 0);
    sb_create_shader(s, GS, AEROGPU_SHADER_STAGE_GEOMETRY, 0);
    sb_create_shader(s, HS, AEROGPU_SHADER_STAGE_COMPUTE, AEROGPU_SHADER_STAGE_EX_HULL);
    sb_create_shader(s, DS, AEROGPU_SHADER_STAGE_COMPUTE, AEROGPU_SHADER_STAGE_EX_DOMAIN);
    sb_create_input_layout(s, LAYOUT);
    sb_create_sampler(s, SAMPLER);
}

static uint8_t std_table_bytes[256];

static const struct aerocmd_alloc_table_view *std_table(void)
{
    static const struct sb_alloc a[] = {
        {ALLOC_RW, 0, 0x100000, ALLOC_RW_SIZE},
        {ALLOC_RO, AEROGPU_ALLOC_FLAG_READONLY, 0x200000, ALLOC_RO_SIZE},
    };
    static struct aerocmd_alloc_table_view view;
    uint32_t len = sb_alloc_table(std_table_bytes, a, 2);
    if (aerocmd_alloc_table_open(&view, std_table_bytes, len, NULL) != AEROCMD_OK)
        return NULL;
    return &view;
}

/* Tracker memory for up to 4096 records; tests that need less build their own. */
static uint64_t tracker_mem[4096 * 8];

static void tracker_init(struct aerocmd_semantic *st)
{
    aerocmd_semantic_init(st, tracker_mem, sizeof tracker_mem);
}

static aerocmd_result run_stream_unvalidated(struct aerocmd_semantic *st, const struct sb *s,
                                             const struct aerocmd_alloc_table_view *allocs,
                                             struct aerocmd_diag *diag)
{
    struct aerocmd_stream stream;
    aerocmd_result r = aerocmd_stream_open(&stream, s->bytes, s->len, diag);
    if (r != AEROCMD_OK)
        return r;
    return aerocmd_semantic_check_stream(st, &stream, allocs, diag);
}

/* Structural validation must pass first (so a semantic fault is really semantic), then the
 * semantic pass runs. */
static aerocmd_result run_stream(struct aerocmd_semantic *st, const struct sb *s,
                                 const struct aerocmd_alloc_table_view *allocs,
                                 struct aerocmd_diag *diag)
{
    struct aerocmd_stream stream;
    struct aerocmd_diag sdiag;
    aerocmd_result r = aerocmd_validate_stream(s->bytes, s->len, &sdiag);
    if (r != AEROCMD_OK) {
        fprintf(stderr, "    structural validation failed: %s at %u (opcode 0x%x)\n",
                aerocmd_reason_name(sdiag.reason), sdiag.offset, sdiag.opcode);
        *diag = sdiag;
        return r;
    }
    r = aerocmd_stream_open(&stream, s->bytes, s->len, diag);
    if (r != AEROCMD_OK)
        return r;
    return aerocmd_semantic_check_stream(st, &stream, allocs, diag);
}

/* Table-driven cases: each builds on std_objects and names the packet that must fail. */

#define V  AEROGPU_SHADER_STAGE_VERTEX
#define P  AEROGPU_SHADER_STAGE_PIXEL
#define WB AEROGPU_COPY_FLAG_WRITEBACK_DST

typedef uint32_t (*build_fn)(struct sb *s);

struct sem_case {
    const char *name;
    build_fn build; /* appends packets; returns the offset of the faulty packet (0: none) */
    aerocmd_reason reason;
    uint32_t opcode;
    unsigned flags; /* NO_TABLE, UNVALIDATED */
};

enum {
    NO_TABLE = 1,   /* run without an allocation table */
    UNVALIDATED = 2 /* structurally invalid too: skip aerocmd_validate_stream, which would
                       refuse it first, and show that the pass alone still judges it safely */
};

static const uint32_t one_host_buffer[] = {BUF_HOST};

static void run_case(const struct sem_case *c)
{
    static struct sb s;
    struct aerocmd_semantic st;
    struct aerocmd_diag diag;
    const struct aerocmd_alloc_table_view *table = (c->flags & NO_TABLE) ? NULL : std_table();
    uint32_t at;
    aerocmd_result want = c->reason == AEROCMD_R_NONE ? AEROCMD_OK : AEROCMD_E_MALFORMED;
    int ok = 1;
    tracker_init(&st);
    sb_begin(&s);
    std_objects(&s);
    at = c->build(&s);
    sb_flush(&s); /* something after the fault: the pass must stop at the fault */
    sb_end(&s);
    if (c->flags & UNVALIDATED)
        ok &= CHECK_EQ(run_stream_unvalidated(&st, &s, table, &diag), want);
    else
        ok &= CHECK_EQ(run_stream(&st, &s, table, &diag), want);
    ok &= CHECK_EQ(diag.reason, c->reason);
    if (c->reason != AEROCMD_R_NONE) {
        ok &= CHECK_EQ(diag.offset, at);
        ok &= CHECK_EQ(diag.opcode, c->opcode);
    }
    if (!ok)
        fprintf(stderr, "  in case: %s\n", c->name);
}

static void run_cases(const struct sem_case *cases, size_t count)
{
    size_t i;
    for (i = 0; i < count; i++)
        run_case(&cases[i]);
}

#endif
