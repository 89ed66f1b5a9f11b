/* SPDX-License-Identifier: MIT */
/* umd_internal.h — the layout of the umd objects and the helpers shared by the umd files. */
#ifndef AEROCMD_UMD_INTERNAL_H
#define AEROCMD_UMD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "aerocmd/layout.h"
#include "aerocmd/umd_callbacks.h"
#include "aerocmd/umd_fault_sites.h"
#include "aerocmd/umd_compute.h"
#include "aerocmd/umd_device.h"
#include "aerocmd/umd_objects.h"
#include "aerocmd/umd_pipeline.h"
#include "aerocmd/umd_policy.h"
#include "aerocmd/writer.h"
#include "aerogpu_cmd.h"

#if defined(__GNUC__) || defined(__clang__)
#define UMD_LIKELY(x)   __builtin_expect(!!(x), 1)
#define UMD_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define UMD_NOINLINE    __attribute__((noinline))
#define UMD_INLINE      inline __attribute__((always_inline))
#else
#define UMD_INLINE      inline
#define UMD_LIKELY(x)   (x)
#define UMD_UNLIKELY(x) (x)
#define UMD_NOINLINE
#endif

/* Index of the lowest set bit of a non-zero word. */
static inline uint32_t umd_lowest_bit(uint32_t bits)
{
#if defined(__GNUC__) || defined(__clang__)
    return (uint32_t)__builtin_ctz(bits);
#else
    uint32_t i = 0;
    while (!(bits & 1u)) {
        bits >>= 1;
        i++;
    }
    return i;
#endif
}

/* The IEEE-754 single bits of an integer (viewport sizes). */
static inline uint32_t umd_f32_of_u32(uint32_t v)
{
    float f = (float)v;
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}

/* Stages the tracker keeps tables for: VS, PS, GS, CS (enum aerocmd_shader_kind 0..3). */
#define UMD_STAGE_COUNT 4u
#define UMD_SRV_WORDS   (AEROCMD_UMD_MAX_SHADER_RESOURCES / 32u)
/* Submissions whose fences are remembered exactly; older ones answer with the oldest. */
#define UMD_FENCE_HISTORY 64u
/* Destroyed objects whose DESTROY packet has not been submitted yet (see umd_retire.c). */
#define UMD_PENDING_DESTROYS 64u
/* Presents that may be queued before the next one waits (DXGI's default frame latency). */
#define UMD_PRESENT_LATENCY 3u

/* Dirty bits: one per piece of host state, then three per stage (constant buffers, shader
 * resources, samplers). Their order is the order the packets are emitted in. */
enum {
    UMD_DIRTY_SHADERS = 1u << 0,
    UMD_DIRTY_INPUT_LAYOUT = 1u << 1,
    UMD_DIRTY_TOPOLOGY = 1u << 2,
    UMD_DIRTY_VERTEX_BUFFERS = 1u << 3,
    UMD_DIRTY_INDEX_BUFFER = 1u << 4,
    UMD_DIRTY_RENDER_TARGETS = 1u << 5,
    UMD_DIRTY_VIEWPORT = 1u << 6,
    UMD_DIRTY_SCISSOR = 1u << 7,
    UMD_DIRTY_BLEND = 1u << 8,
    UMD_DIRTY_DEPTH_STENCIL = 1u << 9,
    UMD_DIRTY_RASTERIZER = 1u << 10
};
#define UMD_DIRTY_FIRST_STAGE_BIT 11u
#define UMD_DIRTY_CB(stage)       (1u << (UMD_DIRTY_FIRST_STAGE_BIT + 3u * (uint32_t)(stage)))
#define UMD_DIRTY_SRV(stage)      (1u << (UMD_DIRTY_FIRST_STAGE_BIT + 1u + 3u * (uint32_t)(stage)))
#define UMD_DIRTY_SAMPLER(stage)  (1u << (UMD_DIRTY_FIRST_STAGE_BIT + 2u + 3u * (uint32_t)(stage)))
#define UMD_DIRTY_STAGE_TABLES(stage)                                                              \
    (UMD_DIRTY_CB(stage) | UMD_DIRTY_SRV(stage) | UMD_DIRTY_SAMPLER(stage))
/* The compute stage's unordered-access buffers: after every stage table, so their packet
 * follows the compute tables. */
#define UMD_DIRTY_UAV_BIT    (UMD_DIRTY_FIRST_STAGE_BIT + 3u * UMD_STAGE_COUNT)
#define UMD_DIRTY_UAV        (1u << UMD_DIRTY_UAV_BIT)
#define UMD_DIRTY_STATE_BITS ((UMD_DIRTY_UAV << 1) - 1u)
#define UMD_DIRTY_COMPUTE                                                                          \
    (UMD_DIRTY_SHADERS | UMD_DIRTY_STAGE_TABLES(AEROCMD_SHADER_CS) | UMD_DIRTY_UAV)
#define UMD_DIRTY_GRAPHICS                                                                         \
    (UMD_DIRTY_STATE_BITS & ~(UMD_DIRTY_STAGE_TABLES(AEROCMD_SHADER_CS) | UMD_DIRTY_UAV))
/* Not state: the next draw must take the careful path, because the bound targets are not
 * yet stamped as written by the open command buffer (targets changed, or a new buffer),
 * or a failed PRESENT waits to be resubmitted, or the device is lost. Only a draw that
 * went into the open buffer clears it, so while it is clear a buffer is open and ready
 * (umd_ready would do nothing). The fast path of a draw tests this bit and the graphics
 * bits with one instruction. */
#define UMD_DIRTY_DRAW_CHECK (1u << 31)
/* Not state either: a vertex or index buffer the draw may read has bytes the host does not
 * have yet (umd_stale.c). */
#define UMD_DIRTY_STALE     (1u << 30)
#define UMD_DIRTY_DRAW_SLOW (UMD_DIRTY_GRAPHICS | UMD_DIRTY_DRAW_CHECK | UMD_DIRTY_STALE)

/* The output-merger slot bits a resource carries while it is a target. */
#define UMD_OM_DEPTH_BIT (1u << AEROCMD_UMD_MAX_RENDER_TARGETS)

enum umd_resource_kind { UMD_RESOURCE_BUFFER = 1, UMD_RESOURCE_TEXTURE2D = 2 };

#define UMD_MISC_PRESENT_BITS (AEROCMD_UMD_MISC_PRESENTABLE | AEROCMD_UMD_MISC_PRIMARY)

/* A shareable resource is either the creator's (owns the allocation, exports the token) or
 * an opened alias (borrows the allocation, owns only its handle). */
enum umd_share_role { UMD_SHARE_NONE = 0, UMD_SHARE_CREATOR = 1, UMD_SHARE_OPENED = 2 };

struct aerocmd_umd_device {
    uint32_t abi_version;
    uint64_t features;
    struct aerocmd_umd_callbacks cb;
    const struct aerocmd_allocator *alloc;
    struct aerocmd_umd_id_source ids;
    struct aerocmd_umd_context *ctx;
    const volatile void *fence_page; /* optional aerogpu_fence_page */
    uint32_t policy;                 /* enum aerocmd_umd_policy */
    uint64_t approx_counts[AEROCMD_UMD_APPROX_COUNT];
    uint32_t *fault_site; /* aerocmd_umd_device_watch_faults; NULL: not watched */
};

/* ---- fault sites (aerocmd/umd_fault_sites.h) ----
 * Every call that can fail goes through one of these, naming its site first: the
 * allocator (UMD_ALLOC), a callback with a result (UMD_CALL), the id source (UMD_NEW_ID). */
static inline void aerocmd_priv_umd_at(const struct aerocmd_umd_device *dev, uint32_t site)
{
    if (dev->fault_site != NULL)
        *dev->fault_site = site;
}
#define UMD_CALL(dev, site, callback, ...)                                                         \
    (aerocmd_priv_umd_at((dev), AEROCMD_UMD_SITE_##site),                                          \
     (dev)->cb.callback((dev)->cb.user, __VA_ARGS__))
#define UMD_ALLOC(dev, site, size)                                                                 \
    (aerocmd_priv_umd_at((dev), AEROCMD_UMD_SITE_##site),                                          \
     (dev)->alloc->resize((dev)->alloc->user, NULL, 0, (size)))
#define UMD_NEW_ID(dev, site, kind, out)                                                           \
    aerocmd_priv_umd_new_id((dev), AEROCMD_UMD_SITE_##site, (kind), (out))

struct aerocmd_umd_resource {
    struct aerocmd_umd_device *dev;
    uint32_t kind; /* enum umd_resource_kind */
    uint32_t handle;
    uint32_t bind_flags;
    uint32_t size_bytes;       /* buffer: as created; texture: bytes of its layout */
    uint32_t cb_bytes;         /* whole-buffer constant binding size; 0: no constant buffer */
    uint32_t buffer_misc;      /* AEROCMD_UMD_MISC_BUFFER_* it was created with */
    uint32_t structure_stride; /* BUFFER_STRUCTURED: bytes of one structure; 0 otherwise */
    uint32_t dxgi_format;
    uint32_t format; /* aerogpu_format; 0 for buffers */
    uint32_t width, height, mip_levels, array_layers;
    uint32_t guest_backed;
    struct aerocmd_umd_memory memory; /* valid when guest_backed */
    uint64_t listed_serial;           /* command buffer whose allocation list has it */
    uint32_t listed_index;
    uint32_t srv_refs;     /* shader-resource slots (any stage) bound to it */
    uint32_t om_slots;     /* render-target slot bits and UMD_OM_DEPTH_BIT */
    uint32_t uav_slots;    /* compute unordered-access slot bits bound to it */
    uint32_t uav_written;  /* a dispatch wrote it: only the host has its bytes */
    uint64_t write_serial; /* command buffer of its last GPU write; 0 none */
    uint32_t usage;        /* AEROCMD_UMD_USAGE_* */
    uint32_t cpu_access;   /* AEROCMD_UMD_CPU_ACCESS_* */
    uint8_t *shadow;       /* host-owned DYNAMIC: CPU copy of the whole layout */
    uint32_t mapped;       /* 1 while a subresource is mapped */
    uint32_t map_subresource;
    uint32_t map_type;
    /* Host-owned DYNAMIC buffer bound only as vertex / index buffer: Unmap leaves the
     * upload to the draws that read it (umd_stale.c), which track these spans. */
    uint32_t upload_on_use;
    uint32_t shadow_buffer;         /* a buffer with a shadow and CPU write access */
    uint32_t stale_lo, stale_hi;    /* the host may differ from the shadow here; lo == hi none */
    uint32_t clean_lo, clean_hi;    /* sent since the last Map, inside the stale span */
    struct aerocmd_umd_view *views; /* live views of it, linked by next_on_res */
    uint32_t presentable;           /* AEROCMD_UMD_MISC_PRESENTABLE / _PRIMARY bits */
    uint32_t generate_mips;         /* created AEROCMD_UMD_MISC_GENERATE_MIPS */
    uint32_t share;                 /* enum umd_share_role */
    uint32_t exported;              /* EXPORT written and no RELEASE yet */
    uint64_t share_token;
};

/* A texture view's CREATE_TEXTURE_VIEW fields besides the handles, kept small so that a
 * view stays within 64 bytes (mips <= 15, layers <= 2048, formats < 65536). */
struct umd_view_range {
    uint16_t format;
    uint8_t base_mip, mip_count;
    uint16_t base_layer, layer_count;
};

struct aerocmd_umd_view {
    struct aerocmd_umd_device *dev;
    struct aerocmd_umd_resource *res;
    uint32_t kind;        /* enum aerocmd_view_kind */
    uint32_t handle;      /* bound handle */
    uint32_t owns_handle; /* 1: a CREATE_TEXTURE_VIEW of its own */
    uint32_t is_buffer;
    uint32_t offset_bytes, size_bytes; /* buffer views */
    struct aerocmd_umd_view *next_on_res;
    uint32_t rotated_handle;     /* during a rotation: the replacement host view, 0 none */
    struct umd_view_range range; /* owned views: the subrange the host view was made of */
};

/* A buffer unordered-access view (umd_compute.h). */
struct aerocmd_umd_uav {
    struct aerocmd_umd_device *dev;
    struct aerocmd_umd_resource *res;
    uint32_t offset_bytes, size_bytes;
    uint32_t element_bytes; /* bytes one clear value covers */
    uint32_t dxgi_format;   /* 0 for raw and structured views */
    uint32_t flags;         /* AEROCMD_UMD_UAV_FLAG_* */
    uint32_t next_count;    /* counter the next bind sends unless it gives one; ~0 none */
    uint32_t known_count;   /* the counter's value while count_known */
    uint32_t count_known;   /* 0 once a dispatch may have moved the counter */
};

/* One compute unordered-access slot as the host gets it, and the view behind it. */
struct umd_uav_slot {
    struct aerogpu_unordered_access_buffer_binding b;
    struct aerocmd_umd_uav *uav;
};

struct aerocmd_umd_shader {
    struct aerocmd_umd_device *dev;
    uint32_t kind;
    uint32_t handle;
    void *dxbc;
    uint32_t dxbc_size;
    uint64_t hash;
};

/* What the elements read of each vertex-buffer slot: the elements of one vertex (or
 * instance) start at its first byte and reach at most `extent` bytes past it. */
struct aerocmd_umd_input_layout {
    struct aerocmd_umd_device *dev;
    uint32_t handle;
    uint32_t slots;      /* bit per slot an element reads */
    uint32_t per_vertex; /* bit per slot with per-vertex elements */
    uint32_t instanced;  /* bit per slot with per-instance elements */
    uint32_t ring_slot;  /* slot + 1 when one slot is read, per vertex only; else 0 */
    uint32_t extent[AEROCMD_UMD_MAX_VERTEX_BUFFERS];
    uint32_t instance_rate[AEROCMD_UMD_MAX_VERTEX_BUFFERS]; /* lowest step rate, at least 1 */
};

struct aerocmd_umd_sampler {
    struct aerocmd_umd_device *dev;
    uint32_t handle;
};

/* One render target's blend equation and write mask in protocol values; targets that do not
 * blend carry ONE, ZERO, ADD (see umd_blend.c). */
struct umd_blend_target {
    uint8_t enable, src, dst, op, src_alpha, dst_alpha, op_alpha, write_mask;
};

struct aerocmd_umd_blend_state {
    struct umd_blend_target targets[AEROCMD_UMD_MAX_RENDER_TARGETS];
    uint32_t mixed; /* the targets differ: resolved against the bound targets at each draw */
};

/* The bound blend state's per-target equations and the setter's values; `active` while the
 * bound state is mixed. */
struct umd_blend_mixed {
    uint32_t active;
    uint32_t constants[4];
    uint32_t sample_mask;
    struct umd_blend_target targets[AEROCMD_UMD_MAX_RENDER_TARGETS];
};

struct aerocmd_umd_depth_stencil_state {
    struct aerogpu_depth_stencil_state state;
};

struct aerocmd_umd_rasterizer_state {
    struct aerogpu_rasterizer_state state;
};

/* A vertex or constant buffer slot: the binding as the host gets it, next to the resource
 * behind it (needed to unbind a destroyed resource), so that a bind touches one place. */
struct umd_vertex_slot {
    struct aerogpu_vertex_buffer_binding b;
    struct aerocmd_umd_resource *res;
};

struct umd_constant_slot {
    struct aerogpu_constant_buffer_binding b;
    struct aerocmd_umd_resource *res;
};

struct umd_stage_bindings {
    uint32_t shader;
    uint32_t cb_dirty;      /* slot bits */
    uint32_t sampler_dirty; /* slot bits */
    uint32_t srv_dirty[UMD_SRV_WORDS];
    uint32_t host_buffer_srv[UMD_SRV_WORDS]; /* slots holding a buffer SRV on the host */
    struct umd_constant_slot cb[AEROCMD_UMD_MAX_CONSTANT_BUFFERS];
    uint32_t samplers[AEROCMD_UMD_MAX_SAMPLERS];
    struct aerocmd_umd_view *srv[AEROCMD_UMD_MAX_SHADER_RESOURCES];
};

/* An object the runtime has destroyed but the host may still know: its DESTROY packet is
 * not yet written (destroy_serial 0) or not yet submitted, so its handle, and its guest
 * allocation when it has one, must stay alive. */
struct umd_pending_destroy {
    uint32_t opcode; /* DESTROY_RESOURCE, DESTROY_SHADER, ... */
    uint32_t handle;
    uint32_t has_memory;
    struct aerocmd_umd_memory memory;
    uint64_t destroy_serial; /* command buffer holding the DESTROY packet; 0 = not written */
    /* DESTROY_RESOURCE of a shared resource whose RELEASE_SHARED_SURFACE could not be
     * written yet: written first, its allocation listed. 0 = none owed. */
    uint64_t share_token;
};

struct umd_render_targets {
    uint32_t count;
    uint32_t depth;
    uint32_t colors[AEROCMD_UMD_MAX_RENDER_TARGETS];
};

/* The driver's own shaders and samplers (umd_blit.c), made at their first use. */
enum {
    UMD_BUILTIN_VS = 1u << 0,
    UMD_BUILTIN_PS = 1u << 1,
    UMD_BUILTIN_PS_ARRAY = 1u << 2,
    UMD_BUILTIN_POINT = 1u << 3,
    UMD_BUILTIN_LINEAR = 1u << 4
};
struct umd_builtins {
    uint32_t ready;
    uint32_t made; /* UMD_BUILTIN_* bits of the objects that exist */
    struct aerocmd_umd_shader vs, ps, ps_array;
    struct aerocmd_umd_sampler point, linear;
};

/* Work counted for queries (umd_query.c) while one that counts is running: running totals
 * since the context began; a query's answer is the difference between its End and Begin. */
struct umd_query_totals {
    uint64_t ia_vertices;       /* vertices (or indices) times instances */
    uint64_t ia_primitives;     /* primitives the input assembler made */
    uint64_t gs_primitives;     /* primitives that reached a bound geometry shader */
    uint64_t raster_primitives; /* primitives after the geometry stage */
    uint64_t samples;           /* viewport area per instance drawn */
    uint64_t cs_groups;         /* thread groups dispatched */
};

struct aerocmd_umd_query;

struct aerocmd_umd_context {
    struct aerocmd_umd_device *dev;
    aerocmd_umd_error_hook error_hook; /* aerocmd_umd_context_set_error_hook */
    void *error_user;
    struct aerocmd_writer w;
    struct aerocmd_umd_cmd_buffer buf;
    int have_buffer;
    uint32_t alloc_count; /* allocation-list entries used in buf */
    uint64_t serial;      /* number of the open command buffer (submissions + 1) */
    uint64_t last_fence;
    uint64_t fences[UMD_FENCE_HISTORY]; /* by serial modulo the history */
    int lost;
    int present_pending; /* the open buffer holds a PRESENT whose submission failed */
    uint32_t present_count;
    uint64_t present_serials[UMD_PRESENT_LATENCY]; /* command buffers of recent presents */
    uint32_t pending_count;
    struct umd_pending_destroy pending[UMD_PENDING_DESTROYS];

    uint32_t dirty;
    uint64_t om_stamped_serial; /* targets stamped as written in this buffer */

    /* input assembler */
    uint32_t input_layout;
    const struct aerocmd_umd_input_layout *layout; /* the one input_layout names, or NULL */
    uint32_t stale_count;                          /* resources with a stale span (umd_stale.c) */
    uint32_t topology;
    uint32_t index_format;
    uint32_t index_offset;
    struct aerocmd_umd_resource *index_res;
    uint32_t vb_dirty; /* slot bits */
    struct umd_vertex_slot vb[AEROCMD_UMD_MAX_VERTEX_BUFFERS];

    struct umd_stage_bindings stages[UMD_STAGE_COUNT];
    uint32_t uav_dirty; /* compute unordered-access slot bits */
    struct umd_uav_slot uav[AEROCMD_UMD_MAX_UAVS];

    /* output merger, rasterizer */
    struct aerocmd_umd_view *rtv[AEROCMD_UMD_MAX_RENDER_TARGETS];
    struct aerocmd_umd_view *dsv;
    uint32_t rt_count;
    struct umd_render_targets host_rt; /* what the host has (clears rebind targets) */
    /* host_rt had a destroyed handle zeroed out: the host may still hold it, so the next
     * SET_RENDER_TARGETS goes out even when it matches host_rt. */
    uint32_t host_rt_inexact;
    /* The extent of host_rt's colour targets, when a clear bound them (else 0s: unknown). */
    uint32_t host_colour_extent[3];
    struct aerogpu_blend_state blend;
    struct umd_blend_mixed blend_mixed;
    struct aerogpu_depth_stencil_state depth_stencil;
    struct aerogpu_rasterizer_state rasterizer;
    uint32_t stencil_ref;
    uint32_t viewport_count, scissor_count;
    struct aerocmd_umd_viewport viewport;
    struct aerocmd_umd_rect scissor;

    struct umd_builtins builtins;
    /* Pieces of host state (dirty bits) that still hold what the last pass of the driver's
     * own shaders sent, and that pass's viewport: cleared when the application's state goes
     * out (umd_emit.c), so that passes in a row send them once. */
    uint32_t pass_pieces;
    struct aerocmd_umd_viewport pass_viewport;
    uint32_t pass_ps;
    uint32_t pass_sampler; /* PS sampler slot 0 as the last pass set it (see pass_pieces) */
    /* queries (umd_query.c) */
    uint32_t counting; /* running queries that count work: draws take the careful path */
    struct umd_query_totals totals;
    struct aerocmd_umd_query *predicate; /* SetPredication's query */
    int predicate_value;
    /* The predicate's data (always known: umd_query.h) equals predicate_value: Direct3D's
     * rendering and resource-manipulation commands are not performed (umd_predicated_out). */
    int predicate_skips;
};

/* Whether a rendering or resource-manipulation command of the application (a draw,
 * dispatch, clear, copy, update or GenerateMips) is left out under the bound predicate.
 * Draws find out on their careful path: predication that skips keeps the draw-check bit. */
static inline int umd_predicated_out(const struct aerocmd_umd_context *ctx)
{
    return ctx != NULL && ctx->predicate_skips != 0;
}

/* Largest constant buffer a shader can see: 4096 constants of 16 bytes. */
#define UMD_CB_MAX_BYTES 65536u

/* A whole buffer bound as constant buffer: its size in 4-byte units, at most what a shader
 * can see (never 0 for a buffer that exists). */
static inline uint32_t umd_constant_binding_bytes(uint32_t size_bytes)
{
    uint32_t size = (size_bytes + 3u) & ~3u;
    return size < UMD_CB_MAX_BYTES ? size : UMD_CB_MAX_BYTES;
}

/* ---- memory checks and ids (umd_device.c) -------------------------------------------- */

/* allocate_memory for `memory` (alloc_id, size and flags set), with the allocation private
 * data the kernel driver reads: the v1 blob built from alloc_id, flags and size, unless the
 * caller already put a blob in memory->private_data (shareable resources). The blob is lent
 * for the call only. DEVICE_REMOVED loses the context. */
aerocmd_result aerocmd_priv_umd_allocate(struct aerocmd_umd_device *dev, uint32_t site,
                                         struct aerocmd_umd_memory *memory);
/* Through UMD_ALLOCATE, which names the site. */
#define UMD_ALLOCATE(dev, site, memory)                                                            \
    aerocmd_priv_umd_allocate((dev), AEROCMD_UMD_SITE_##site, (memory))

int aerocmd_priv_umd_mem_ok(const void *mem, size_t mem_size, size_t need);
/* Through UMD_NEW_ID, which names the site. */
aerocmd_result aerocmd_priv_umd_new_id(struct aerocmd_umd_device *dev, uint32_t site,
                                       enum aerocmd_umd_id_kind kind, uint32_t *out);
void aerocmd_priv_umd_release_id(struct aerocmd_umd_device *dev, enum aerocmd_umd_id_kind kind,
                                 uint32_t id);
/* Returns r, after giving a failure to the context's error hook (umd_device.h lists the
 * operations that report; their slow paths end here). */
aerocmd_result aerocmd_priv_umd_report(struct aerocmd_umd_context *ctx, aerocmd_result r);
/* The device's context, or NULL (object creation then fails with INVALID_ARG). */
struct aerocmd_umd_context *aerocmd_priv_umd_ctx_of(struct aerocmd_umd_device *dev);

/* ---- compatibility policy (umd_policy.c) ------------------------------------------------ */

/* Approximation masks: bit (1 << enum aerocmd_umd_approx). */
#define UMD_APPROX(kind) (1u << (uint32_t)(kind))
/* OK when the device may apply the approximations of `approx_mask` (none, or COMPATIBLE);
 * NOT_IMPLEMENTED under STRICT. */
aerocmd_result aerocmd_priv_umd_policy_allows(const struct aerocmd_umd_device *dev,
                                              uint32_t approx_mask);
/* Counts one use of each approximation in `approx_mask` (after the object exists). */
void aerocmd_priv_umd_count_approx(struct aerocmd_umd_device *dev, uint32_t approx_mask);
/* The approximation a texture or view of `dxgi_format` takes on this device: sRGB formats
 * are carried as their UNORM twin below ABI 1.2 (no gamma conversion). */
uint32_t aerocmd_priv_umd_format_approx(const struct aerocmd_umd_device *dev, uint32_t dxgi_format);

/* Unbinds `handle` everywhere and retires the host object (DESTROY_* `opcode`). */
aerocmd_result aerocmd_priv_umd_destroy_host_object(struct aerocmd_umd_device *dev, uint32_t opcode,
                                                    uint32_t handle);

/* ---- command buffers (aerocmd_priv_umd_submit.c)
 * -------------------------------------------------- */

/* Makes a command buffer ready for packets: first submits a buffer holding a failed
 * PRESENT (a present travels in a submission of its own), then acquires a buffer if none
 * is open (DEVICE_REMOVED once lost). */
aerocmd_result aerocmd_priv_umd_open_buffer(struct aerocmd_umd_context *ctx);

/* Makes sure a command buffer is open. */
static inline aerocmd_result umd_ready(struct aerocmd_umd_context *ctx)
{
    if (UMD_LIKELY(ctx->have_buffer && !ctx->present_pending))
        return AEROCMD_OK;
    return aerocmd_priv_umd_open_buffer(ctx);
}

/* Retry wrapper: `expr` appends into ctx->w; a full buffer is submitted and retried. */
#define UMD_APPEND(ctx, r, expr)                                                                   \
    do {                                                                                           \
        (r) = umd_ready(ctx);                                                                      \
        if ((r) == AEROCMD_OK)                                                                     \
            (r) = (expr);                                                                          \
    } while (aerocmd_priv_umd_again((ctx), &(r)))

/* Loop condition after an append attempt. A full buffer is submitted and the append is
 * tried again (returns 1); a packet that does not fit even an empty buffer turns into
 * OUT_OF_MEMORY; anything else ends the loop with *r unchanged. */
int aerocmd_priv_umd_again(struct aerocmd_umd_context *ctx, aerocmd_result *r);

/* Submits the open buffer if it holds packets (or always, with PRESENT). */
aerocmd_result aerocmd_priv_umd_submit(struct aerocmd_umd_context *ctx, uint32_t flags);

/* Lists res's allocation in the open buffer (write intent is upgraded, never lowered).
 * BUFFER_FULL when the list has no room. */
aerocmd_result aerocmd_priv_umd_list_allocation(struct aerocmd_umd_context *ctx,
                                                struct aerocmd_umd_resource *res, int write);

/* The same for a bare allocation, whose listing is remembered in *listed_serial and
 * *listed_index. */
aerocmd_result aerocmd_priv_umd_list_memory(struct aerocmd_umd_context *ctx,
                                            const struct aerocmd_umd_memory *memory,
                                            uint64_t *listed_serial, uint32_t *listed_index,
                                            int write);

/* The fence of command buffer `serial` (see aerocmd_umd_resource_write_fence). */
uint64_t aerocmd_priv_umd_fence_of_serial(const struct aerocmd_umd_context *ctx, uint64_t serial);

/* Appends a one-handle packet (DESTROY_*) with retries. */
aerocmd_result aerocmd_priv_umd_emit_destroy(struct aerocmd_umd_context *ctx, uint32_t opcode,
                                             uint32_t handle);
/* The same into the open buffer only (BUFFER_FULL when it does not fit). */
aerocmd_result aerocmd_priv_umd_emit_destroy_once(struct aerocmd_umd_context *ctx, uint32_t opcode,
                                                  uint32_t handle);

/* The device answered DEVICE_REMOVED: drop the buffer, release everything pending. */
void aerocmd_priv_umd_mark_lost(struct aerocmd_umd_context *ctx);
/* The answer of a memory callback (allocate, lock): DEVICE_REMOVED loses the context
 * whichever callback said it. Returns r. */
aerocmd_result aerocmd_priv_umd_memory_result(struct aerocmd_umd_device *dev, aerocmd_result r);

/* ---- retiring destroyed objects (umd_retire.c) ----------------------------------------- */

/* Tells the host to forget `handle` and gives its id (and `memory`, NULL when host-owned)
 * back only once that is certain: a guest allocation is freed after its DESTROY has been
 * submitted. What cannot happen now is remembered and finished by later submissions. The
 * result says whether the DESTROY could be sent (and, with memory, submitted) now. */
aerocmd_result aerocmd_priv_umd_retire_object(struct aerocmd_umd_context *ctx, uint32_t opcode,
                                              uint32_t handle,
                                              const struct aerocmd_umd_memory *memory);
/* A shared resource whose RELEASE_SHARED_SURFACE (of share_token) failed: the release and
 * the DESTROY_RESOURCE both wait in the pending table and go into the next buffer opened,
 * release first, so the host never sees the handle go while the token names it. OK, or
 * DEVICE_REMOVED when the host is gone (everything is released at once). */
aerocmd_result aerocmd_priv_umd_retire_unreleased(struct aerocmd_umd_context *ctx, uint32_t handle,
                                                  const struct aerocmd_umd_memory *memory,
                                                  uint64_t share_token);
/* In a freshly opened buffer: writes the DESTROY packets (and owed releases) that could not
 * be written before. */
void aerocmd_priv_umd_retire_write_pending(struct aerocmd_umd_context *ctx);
/* Context teardown, before the last submission: releases still owed are written and
 * submitted (best effort). The host forgets the context's handles with it, but a share
 * token is guest-wide and outlives the context that exported it. */
void aerocmd_priv_umd_retire_send_releases(struct aerocmd_umd_context *ctx);
/* An allocation with no handle (a query's) that command buffer `serial` may list: freed
 * after that buffer's submission. */
void aerocmd_priv_umd_retire_memory_after(struct aerocmd_umd_context *ctx,
                                          const struct aerocmd_umd_memory *memory, uint64_t serial);
/* After a successful submission: frees what that submission's DESTROY packets released. */
void aerocmd_priv_umd_retire_submitted(struct aerocmd_umd_context *ctx);
/* The host is gone (device lost, context destroyed): everything pending is released. */
void aerocmd_priv_umd_retire_all(struct aerocmd_umd_context *ctx);

/* ---- CPU bytes to the host (umd_upload.c) ---------------------------------------------- */

void aerocmd_priv_umd_layout_desc_of(const struct aerocmd_umd_resource *res,
                                     struct aerocmd_texture_layout_desc *ld);
/* Where subresource `subresource` lies (a buffer is one subresource of one row). */
aerocmd_result aerocmd_priv_umd_subresource_of(const struct aerocmd_umd_resource *res,
                                               uint32_t subresource,
                                               struct aerocmd_subresource_layout *out);
/* `rows` rows of `row_bytes`, read with `src_pitch`, uploaded tightly packed at `offset`;
 * as many rows per UPLOAD_RESOURCE as the open buffer holds. */
aerocmd_result aerocmd_priv_umd_upload_rows(struct aerocmd_umd_context *ctx, uint32_t handle,
                                            uint64_t offset, const uint8_t *src, uint32_t src_pitch,
                                            uint32_t row_bytes, uint32_t rows);
/* `size` contiguous bytes at `offset` (packets in 4-byte units, the last one exact). */
aerocmd_result aerocmd_priv_umd_upload_span(struct aerocmd_umd_context *ctx, uint32_t handle,
                                            uint64_t offset, const uint8_t *src, uint32_t size);
/* RESOURCE_DIRTY_RANGE of a guest-backed resource, its allocation listed read-only. */
aerocmd_result aerocmd_priv_umd_emit_dirty_range(struct aerocmd_umd_context *ctx,
                                                 struct aerocmd_umd_resource *res, uint64_t offset,
                                                 uint64_t size);

/* ---- uploads on use (umd_stale.c) ----------------------------------------------------------- */

struct umd_work_packet;
/* Unmap of an upload_on_use buffer: [lo, hi) may have changed. */
void aerocmd_priv_umd_stale_mark(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *res,
                                 uint32_t lo, uint32_t hi);
/* Every stale byte of res to the host (before a use the driver cannot bound). */
aerocmd_result aerocmd_priv_umd_stale_flush(struct aerocmd_umd_context *ctx,
                                            struct aerocmd_umd_resource *res);
/* The resource goes away: its stale bytes no longer matter. */
void aerocmd_priv_umd_stale_forget(struct aerocmd_umd_context *ctx,
                                   struct aerocmd_umd_resource *res);
/* Before the draw `p`: the stale bytes it reads from bound vertex and index buffers. */
aerocmd_result aerocmd_priv_umd_stale_draw(struct aerocmd_umd_context *ctx,
                                           const struct umd_work_packet *p);
/* The draw `p` when UMD_DIRTY_STALE is all the dirty state: the vertex-ring case in one
 * reservation (umd_stale.c), anything else aerocmd_priv_umd_emit_draw_careful. */
aerocmd_result aerocmd_priv_umd_stale_ring_draw(struct aerocmd_umd_context *ctx,
                                                const struct umd_work_packet *p);

/* ---- shared surfaces (umd_share.c) ------------------------------------------------------ */

/* What a shareable desc may not ask for (INVALID_ARG / NOT_IMPLEMENTED), OK otherwise. */
aerocmd_result aerocmd_priv_umd_share_check(uint32_t usage, uint32_t mip_levels,
                                            uint32_t array_layers);
/* allocate_memory with the v2 blob; on success res->share_token is the kernel's token.
 * On failure nothing stays allocated (the ids are the caller's). */
aerocmd_result aerocmd_priv_umd_share_allocate(struct aerocmd_umd_device *dev,
                                               struct aerocmd_umd_resource *res);
/* EXPORT_SHARED_SURFACE (allocation listed), then a submission. */
aerocmd_result aerocmd_priv_umd_share_export(struct aerocmd_umd_context *ctx,
                                             struct aerocmd_umd_resource *res);
/* RELEASE_SHARED_SURFACE when the resource exported its token (OK otherwise). res->exported
 * stays set when the release could not be written (two attempts failed, device not lost). */
aerocmd_result aerocmd_priv_umd_share_release(struct aerocmd_umd_context *ctx,
                                              struct aerocmd_umd_resource *res);

/* ---- waiting (umd_wait.c) ----------------------------------------------------------------- */

/* Makes sure the work of command buffer `serial` is done: submits it if it is the open
 * one, then waits for its fence (AEROCMD_UMD_MAP_DO_NOT_WAIT: STILL_DRAWING instead). */
aerocmd_result aerocmd_priv_umd_wait_serial(struct aerocmd_umd_context *ctx, uint64_t serial,
                                            uint32_t flags);

/* ---- views (umd_view.c) ----------------------------------------------------------------- */

/* Appends CREATE_TEXTURE_VIEW with retries. */
aerocmd_result aerocmd_priv_umd_emit_texture_view(struct aerocmd_umd_context *ctx,
                                                  const struct aerocmd_texture_view_args *args);
/* The same for a handle the caller just took (UMD_NEW_ID, its own fault site): given back
 * when the packet fails. */
aerocmd_result aerocmd_priv_umd_new_texture_view(struct aerocmd_umd_context *ctx,
                                                 struct aerocmd_texture_view_args *args);

/* ---- unbinding on destroy (umd_bind.c) ----------------------------------------------- */

void aerocmd_priv_umd_unbind_resource(struct aerocmd_umd_context *ctx,
                                      struct aerocmd_umd_resource *res);
void aerocmd_priv_umd_unbind_view(struct aerocmd_umd_context *ctx, struct aerocmd_umd_view *view);
void aerocmd_priv_umd_unbind_handle(struct aerocmd_umd_context *ctx, uint32_t handle);
/* Hazards (Direct3D unbinds the older binding): a resource bound for writing leaves every
 * shader-resource slot and target, and one bound for reading leaves every unordered-access
 * slot. Direct3D tracks them per subresource: with a view given, only the bindings whose
 * mips and layers meet the view's go (NULL: all of the resource). */
void aerocmd_priv_umd_unbind_from_srvs(struct aerocmd_umd_context *ctx,
                                       const struct aerocmd_umd_resource *res,
                                       const struct aerocmd_umd_view *written);
void aerocmd_priv_umd_unbind_from_targets(struct aerocmd_umd_context *ctx,
                                          const struct aerocmd_umd_resource *res,
                                          const struct aerocmd_umd_view *read);
void aerocmd_priv_umd_unbind_from_uavs(struct aerocmd_umd_context *ctx,
                                       const struct aerocmd_umd_resource *res);
/* Marks the resources of the bound unordered-access views as written by the open buffer
 * (umd_uav.c). */
void aerocmd_priv_umd_stamp_uavs(struct aerocmd_umd_context *ctx);

/* ---- state defaults and emission (umd_state.c, umd_emit.c) ---------------------------- */

void aerocmd_priv_umd_default_blend(struct aerogpu_blend_state *out);
/* A mixed blend state bound (umd_blend.c): makes ctx->blend the one state the bound colour
 * targets agree on (dirty when it changes); NOT_IMPLEMENTED, nothing changed, when they
 * disagree. */
aerocmd_result aerocmd_priv_umd_resolve_blend(struct aerocmd_umd_context *ctx);
void aerocmd_priv_umd_default_depth_stencil(struct aerogpu_depth_stencil_state *out);
void aerocmd_priv_umd_default_rasterizer(struct aerogpu_rasterizer_state *out);

/* A draw or DISPATCH (the packet's opcode and words) went out while ctx->counting: adds it
 * to ctx->totals (umd_query.c). */
void aerocmd_priv_umd_count_work(struct aerocmd_umd_context *ctx, uint32_t opcode,
                                 const uint32_t *words);

/* Emits every dirty piece of state in `mask`, packet by packet (each one submits a full
 * buffer and retries). */
aerocmd_result aerocmd_priv_umd_emit_dirty(struct aerocmd_umd_context *ctx, uint32_t mask);
struct umd_work_packet;
/* Dirty graphics state, then the draw packet `p`: in one reservation when it all fits the
 * open buffer, else packet by packet with submissions in between. Afterwards the bound
 * targets are stamped as written by the open buffer. */
aerocmd_result aerocmd_priv_umd_emit_draw(struct aerocmd_umd_context *ctx,
                                          const struct umd_work_packet *p);
/* The one-instance Draw and DrawIndexed when their fast path declined (umd_draw.c): the
 * packet built here, then aerocmd_priv_umd_emit_draw's way. */
aerocmd_result aerocmd_priv_umd_draw_careful(struct aerocmd_umd_context *ctx, uint32_t vertex_count,
                                             uint32_t first_vertex);
aerocmd_result aerocmd_priv_umd_draw_indexed_careful(struct aerocmd_umd_context *ctx,
                                                     uint32_t index_count, uint32_t first_index,
                                                     int32_t base_vertex);
/* The same the careful way, packet by packet (stale uploads first, report on failure). */
aerocmd_result aerocmd_priv_umd_emit_draw_careful(struct aerocmd_umd_context *ctx,
                                                  const struct umd_work_packet *p);
/* The same for compute state and a DISPATCH. */
aerocmd_result aerocmd_priv_umd_emit_dispatch(struct aerocmd_umd_context *ctx,
                                              const struct umd_work_packet *p);
/* Makes everything written up to `end` in the open buffer part of the stream. */
static inline void umd_commit_to(struct aerocmd_umd_context *ctx, const uint8_t *end)
{
    aerocmd_writer_fixed_publish(&ctx->w, ctx->w.base, (uint32_t)(end - ctx->w.base));
}
/* What SET_RENDER_TARGETS should hold for the bound views. */
void aerocmd_priv_umd_desired_targets(const struct aerocmd_umd_context *ctx,
                                      struct umd_render_targets *rt);
/* What a target view renders to: Direct3D 11's "effective dimensions", its first mip's
 * width and height and its layer count. Targets bound together have one. */
void aerocmd_priv_umd_target_extent(const struct aerocmd_umd_view *v, uint32_t out[3]);
/* Whether the bound colour views have dsv's extent, so it may be bound with them. */
int aerocmd_priv_umd_colours_fit(const struct aerocmd_umd_context *ctx,
                                 const struct aerocmd_umd_view *dsv);
/* The host is about to forget `handle`: host_rt stops naming it, so that no packet built
 * from host_rt (clears) names a destroyed object, and the next draw rebinds the targets. */
void aerocmd_priv_umd_forget_host_target(struct aerocmd_umd_context *ctx, uint32_t handle);
/* Emits SET_RENDER_TARGETS for `rt` unless the host already has it. */
aerocmd_result aerocmd_priv_umd_emit_render_targets(struct aerocmd_umd_context *ctx,
                                                    const struct umd_render_targets *rt);

/* ---- copies (umd_copy.c) ----------------------------------------------------------------- */

/* CopySubresourceRegion whatever the predicate: DXGI's Blt is no rendering command. */
aerocmd_result
aerocmd_priv_umd_copy_region(struct aerocmd_umd_context *ctx, struct aerocmd_umd_resource *dst,
                             uint32_t dst_subresource, uint32_t dst_x, uint32_t dst_y,
                             uint32_t dst_z, struct aerocmd_umd_resource *src,
                             uint32_t src_subresource, const struct aerocmd_box *src_box);

/* ---- draws with the driver's own shaders (umd_blit.c) ----------------------------------- */

/* One pass: src_handle (a texture or view of one level) sampled with the point or linear
 * sampler over `viewport` of dst_handle (a texture or view of dst, one level). */
struct umd_blit_pass {
    uint32_t src_handle;
    uint32_t dst_handle;
    struct aerocmd_umd_resource *dst; /* stamped as written */
    struct aerocmd_umd_viewport viewport;
    uint32_t linear;
    uint32_t array; /* the source is a layer of an array texture: PS_SAMPLE_ARRAY */
};

/* The driver's shaders and samplers exist on the host (made the first time). */
aerocmd_result aerocmd_priv_umd_builtins_ready(struct aerocmd_umd_context *ctx);
/* Context teardown: destroys what builtins_ready made. */
void aerocmd_priv_umd_builtins_release(struct aerocmd_umd_context *ctx);
/* Draws the pass; the application's bindings are untouched and every piece of host state
 * the pass replaced is re-sent before the application's next draw. */
aerocmd_result aerocmd_priv_umd_blit_draw(struct aerocmd_umd_context *ctx,
                                          const struct umd_blit_pass *p);
/* A host view of level `mip` of layer `layer` of a texture in aerogpu `format`: the
 * texture's own handle when that is all of it in its own format, else a new
 * CREATE_TEXTURE_VIEW; pass_view_done gives the latter back (DESTROY after the pass). */
aerocmd_result aerocmd_priv_umd_pass_view(struct aerocmd_umd_context *ctx,
                                          const struct aerocmd_umd_resource *res, uint32_t mip,
                                          uint32_t layer, uint32_t format, uint32_t *handle);
aerocmd_result aerocmd_priv_umd_pass_view_done(struct aerocmd_umd_context *ctx,
                                               const struct aerocmd_umd_resource *res,
                                               uint32_t handle);

#endif /* AEROCMD_UMD_INTERNAL_H */
