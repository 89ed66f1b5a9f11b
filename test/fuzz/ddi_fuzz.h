/* SPDX-License-Identifier: MIT */
/* ddi_fuzz.h — shared by the parts of fuzz_ddi_sequence: the input reader, the device
 * under test with its object slots, and the operations (ddi_ops_*.c) the input picks. */
#ifndef AEROCMD_FUZZ_DDI_FUZZ_H
#define AEROCMD_FUZZ_DDI_FUZZ_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "aerocmd/kmd_render.h"
#include "aerocmd/semantic.h"
#include "aerocmd/umd_compute.h"
#include "aerocmd/umd_data.h"
#include "aerocmd/umd_device.h"
#include "aerocmd/umd_fake.h"
#include "aerocmd/umd_objects.h"
#include "aerocmd/umd_pipeline.h"

#define N_RES         6u
#define N_VIEW        6u
#define N_SHADER      4u
#define N_LAYOUT      2u
#define N_SAMPLER     2u
#define N_STATE       2u
#define N_UAV         4u
#define N_QUERY       4u
#define N_TOKENS      32u
#define SLOT_WORDS    64u /* 512 bytes per object slot */
#define MAX_IDS       64u
#define COUNT_OF(a)   (sizeof(a) / sizeof((a)[0]))
#define PATTERN_BYTES 65536u

/* ---- input reader --------------------------------------------------------------------- */

struct reader {
    const uint8_t *p;
    size_t left;
};

static inline uint32_t rd8(struct reader *r)
{
    if (r->left == 0)
        return 0;
    r->left--;
    return *r->p++;
}

static inline uint32_t rd16(struct reader *r)
{
    uint32_t lo = rd8(r);
    return lo | rd8(r) << 8;
}

static inline uint32_t rd32(struct reader *r)
{
    uint32_t lo = rd16(r);
    return lo | rd16(r) << 16;
}

/* One of `n` table values, or (for selector values past the table) the raw byte itself. */
static inline uint32_t pick(struct reader *r, const uint32_t *table, uint32_t n)
{
    uint32_t b = rd8(r);
    return b < n * 8u ? table[b % n] : b;
}

/* ---- allocators and ids --------------------------------------------------------------- */

struct counting_alloc {
    struct aerocmd_allocator iface;
    long live_blocks;
    unsigned long calls;
    unsigned long fail_at; /* 1-based call that fails; 0 never */
};

/* Ids from a counter, optionally handing released handles out again at once (LIFO), so
 * that a handle released while the host may still know it shows up as a duplicate create.
 * Released alloc_ids are not reused: the fake's allocation table looks allocations up by
 * alloc_id among freed ones too and would pick the wrong one. */
struct reusing_ids {
    struct aerocmd_umd_id_space space;
    uint32_t free_ids[MAX_IDS];
    uint32_t free_count;
    uint32_t fail_in; /* the fail_in-th next call fails; 0 never */
};

/* ---- the device under test and its objects -------------------------------------------- */

struct slot {
    uint64_t mem[SLOT_WORDS];
    void *obj;
    uint32_t res;    /* views, UAVs: index of the resource they look at */
    uint32_t kind;   /* resources: KIND_BUFFER / KIND_TEXTURE; views: enum aerocmd_view_kind */
    uint32_t mapped; /* resources: 1 + the mapped subresource; 0 when not mapped */
    /* resources, as created (the oracles of ddi_ops_views.c judge views by them) */
    uint32_t size;   /* buffers: bytes */
    uint32_t bind;   /* AEROCMD_UMD_BIND_* */
    uint32_t misc;   /* buffers: AEROCMD_UMD_MISC_BUFFER_* */
    uint32_t stride; /* structured buffers: bytes of one structure */
    uint32_t opened; /* 1 + the slot of the resource this one was opened from; 0 created */
};

/* Exported share tokens seen in submitted streams and not yet released. */
struct token_record {
    uint64_t token;
    uint32_t handle;
};

#define KIND_BUFFER  1u
#define KIND_TEXTURE 2u

struct ddi {
    struct counting_alloc fake_alloc, dev_alloc;
    struct aerocmd_umd_fake fake;
    struct aerocmd_umd_callbacks fake_cb; /* the fake's own table */
    struct aerocmd_umd_callbacks cb;      /* what the device calls: fake_cb wrapped */
    struct reusing_ids ids;
    struct aerocmd_umd_device *dev;
    struct aerocmd_umd_context *ctx;
    uint64_t dev_mem[128];
    uint64_t ctx_mem[8192];
    uint32_t abi_version;
    int may_lose;        /* DEVICE_REMOVED is a possible answer: injected, or fences held */
    int removed;         /* a call answered DEVICE_REMOVED or an injected DEVICE_REMOVED fired */
    int extended;        /* setup: the whole operation table (ops past 30) */
    int win7;            /* setup: the fake waits the way Windows 7 does (win7_locks) */
    int compatible;      /* setup: the COMPATIBLE policy (approximations allowed) */
    uint32_t burst_len;  /* extended set: fallible callbacks that fail after the armed one */
    uint32_t burst_left; /* of those, still to fail */

    struct slot res[N_RES], view[N_VIEW], shader[N_SHADER], layout[N_LAYOUT];
    struct slot sampler[N_SAMPLER], blend[N_STATE], depth[N_STATE], raster[N_STATE];
    struct slot uav[N_UAV];
    struct slot query[N_QUERY]; /* kind: enum aerocmd_umd_query_kind; mapped: 1 once ended */
    uint32_t predicate;         /* 1 + the query slot set as predicate; 0 none */
    int predicate_skips;        /* commands are left out (ddi_ops_query.c's reading) */

    /* share tokens exported and not yet released, from the submitted streams */
    struct token_record tokens[N_TOKENS];
    uint32_t token_count;
    int tokens_overflowed;

    /* the emulator's view of what was submitted */
    struct aerocmd_semantic sem;
    int sem_on;
    struct aerocmd_kmd_validator kmd;
    int kmd_on;
    struct aerocmd_kmd_policy policy;
};

/* Bytes initial data, updates and uploads are taken from (filled once). */
extern uint8_t ddi_pattern[PATTERN_BYTES];

/* Aborts on a result the umd layer must never return: BUFFER_FULL, MALFORMED, values
 * outside the enum, DEVICE_REMOVED without an injected failure or held fences, and
 * STILL_DRAWING (ddi_check_wait: unless the call was told not to wait). */
void ddi_check(struct ddi *d, aerocmd_result r);
void ddi_check_wait(struct ddi *d, aerocmd_result r, int did_not_wait);

/* The object in slot `index`, NULL when out of range or empty. */
void *ddi_live(const struct slot *slots, uint32_t n, uint32_t index);
/* The same, but only when the slot holds an object of `kind` (KIND_* for resources, enum
 * aerocmd_view_kind for views): the runtime's interfaces are typed (an ID3D11Buffer for a
 * vertex buffer, an ID3D11RenderTargetView for a target), so nothing else reaches those
 * calls. */
void *ddi_typed(const struct slot *slots, uint32_t n, uint32_t index, uint32_t kind);

/* kind: 0 resource (its views, UAVs and opened aliases first), 1 view, 2 shader, 3 input layout, 4
 * sampler, 5..7 blend / depth-stencil / rasterizer state. */
void ddi_destroy_object(struct ddi *d, uint32_t kind, uint32_t index);
/* The resource slot's bookkeeping after a successful creation or open. */
void ddi_note_resource(struct slot *s, uint32_t kind, uint32_t size, uint32_t bind);

/* ddi_ops_objects.c */
void ddi_op_create_buffer(struct ddi *d, struct reader *r);
void ddi_op_create_texture(struct ddi *d, struct reader *r);
/* A format from the table of texture (vertex) formats (or, past it, the raw byte). */
uint32_t ddi_texture_format(struct reader *r);
uint32_t ddi_vertex_format(struct reader *r);
/* create_view's description bytes. */
void ddi_read_view_desc(struct reader *r, struct aerocmd_umd_view_desc *vd);
/* create_texture's arguments, with misc flags added and a VidPN source id. */
void ddi_create_texture(struct ddi *d, struct reader *r, uint32_t misc, uint32_t vidpn);
void ddi_op_create_view(struct ddi *d, struct reader *r);
void ddi_op_create_shader(struct ddi *d, struct reader *r);
void ddi_op_create_layout(struct ddi *d, struct reader *r);
void ddi_op_create_sampler(struct ddi *d, struct reader *r);
void ddi_op_create_state(struct ddi *d, struct reader *r);
void ddi_op_destroy(struct ddi *d, struct reader *r);

/* ddi_ops_pipeline.c */
void ddi_op_set_vertex_buffers(struct ddi *d, struct reader *r);
void ddi_op_set_index_buffer(struct ddi *d, struct reader *r);
void ddi_op_set_input_layout(struct ddi *d, struct reader *r);
void ddi_op_set_topology(struct ddi *d, struct reader *r);
void ddi_op_set_shader(struct ddi *d, struct reader *r);
void ddi_op_set_constant_buffers(struct ddi *d, struct reader *r);
void ddi_op_set_shader_resources(struct ddi *d, struct reader *r);
void ddi_op_set_samplers(struct ddi *d, struct reader *r);
void ddi_op_set_render_targets(struct ddi *d, struct reader *r);
void ddi_op_set_state(struct ddi *d, struct reader *r);
void ddi_op_set_viewports_scissors(struct ddi *d, struct reader *r);
void ddi_op_draw(struct ddi *d, struct reader *r);
void ddi_op_dispatch(struct ddi *d, struct reader *r);
void ddi_op_clear(struct ddi *d, struct reader *r);
void ddi_op_present(struct ddi *d, struct reader *r);
void ddi_op_flush(struct ddi *d, struct reader *r);

/* ddi_ops_data.c */
void ddi_op_map(struct ddi *d, struct reader *r);
void ddi_op_unmap(struct ddi *d, struct reader *r);
void ddi_op_update(struct ddi *d, struct reader *r);
void ddi_op_copy(struct ddi *d, struct reader *r);
void ddi_op_wait_idle(struct ddi *d, struct reader *r);
void ddi_op_fences(struct ddi *d, struct reader *r);

/* ddi_failures.c: the device's callback table (the fake's, wrapped for bursts of
 * failures), arming and disarming failures, and whether an armed DEVICE_REMOVED fired. */
void ddi_wrap_callbacks(struct ddi *d);
void ddi_op_inject(struct ddi *d, struct reader *r);
void ddi_disarm(struct ddi *d);
void ddi_note_removal(struct ddi *d);

/* ddi_ops_views.c: buffer kinds, views with flags, unordered access (extended set) */
void ddi_op_create_buffer_ex(struct ddi *d, struct reader *r);
void ddi_op_create_view_ex(struct ddi *d, struct reader *r);
void ddi_op_create_uav(struct ddi *d, struct reader *r);
void ddi_op_set_cs_uavs(struct ddi *d, struct reader *r);
void ddi_op_clear_uav(struct ddi *d, struct reader *r);
void ddi_op_destroy_uav(struct ddi *d, struct reader *r);
void ddi_destroy_uav(struct ddi *d, uint32_t index);

/* ddi_ops_share.c: opening shared resources, indirect work (extended set) */
void ddi_op_open_shared(struct ddi *d, struct reader *r);
void ddi_op_indirect(struct ddi *d, struct reader *r);

/* ddi_ops_query.c: queries and predication (extended set) */
void ddi_op_create_query(struct ddi *d, struct reader *r);
void ddi_op_query_mark(struct ddi *d, struct reader *r);
void ddi_op_query_get_data(struct ddi *d, struct reader *r);
void ddi_op_set_predication(struct ddi *d, struct reader *r);
void ddi_op_destroy_query(struct ddi *d, struct reader *r);
void ddi_destroy_query(struct ddi *d, uint32_t index);

/* ddi_ops_dxgi.c: what DXGI and the runtime's helpers ask (extended set): swap-chain
 * textures, Blt, RotateResourceIdentities, present through a surface, GenerateMips,
 * CopyStructureCount, the one-slot shader-resource and sampler binds */
void ddi_op_create_texture_misc(struct ddi *d, struct reader *r);
void ddi_op_blt(struct ddi *d, struct reader *r);
void ddi_op_rotate(struct ddi *d, struct reader *r);
void ddi_op_present_surface(struct ddi *d, struct reader *r);
void ddi_op_generate_mips(struct ddi *d, struct reader *r);
void ddi_op_copy_structure_count(struct ddi *d, struct reader *r);
void ddi_op_set_one_slot(struct ddi *d, struct reader *r);

/* ddi_ops_ddi.c: resources, views, shaders and input layouts described as the DDI
 * describes them (extended set) */
void ddi_op_create_ddi_resource(struct ddi *d, struct reader *r);
void ddi_op_create_ddi_view(struct ddi *d, struct reader *r);
void ddi_op_create_shader_tokens(struct ddi *d, struct reader *r);
void ddi_op_create_register_layout(struct ddi *d, struct reader *r);

#endif /* AEROCMD_FUZZ_DDI_FUZZ_H */
