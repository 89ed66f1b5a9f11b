/* SPDX-License-Identifier: MIT */
/* exec_internal.h — the reference executor's private state (see aerocmd/exec.h).
 *
 * Layout of the module:
 *   exec_api.c        create/destroy, submissions, traces, results, error text
 *   exec_budget.c     the memory budget: every byte held counted until it is freed
 *   exec_packets.c    one handler per opcode (the dispatch switch)
 *   exec_objects.c    the guest-wide handle namespace (open addressing)
 *   exec_gpu.c        the D3D12 device, command list, flushes, descriptor rings, uploads
 *   exec_format.c     aerogpu_format -> DXGI storage / view formats
 *   exec_resource.c   buffers, textures, views, sharing, resource states
 *   exec_transfer.c   uploads, dirty ranges, copies, writebacks (guest layout <-> texels)
 *   exec_dxbc.c       DXBC container, checksum, token walk, declarations, vkd3d-shader check
 *   exec_dxbc_fixup.c rewrite of masked movs that vkd3d 1.2 miscompiles
 *   exec_shader.c     shaders, input layouts (semantic names recovered from hashes)
 *   exec_state.c      fixed-function state, targets, IA and binding-table packets
 *   exec_pipeline.c   pipeline-state descriptions and their cache
 *   exec_descriptors.c root signatures and per-stage descriptor tables
 *   exec_targets.c    render-target and depth views, gaps between targets
 *   exec_draw.c       clear, draw, draw indexed, dispatch
 *   exec_readback.c   subresource readback, conversion to RGBA8 / float, present capture
 *
 * Every D3D12 call goes through ex->gpu.device; in a dry run it is NULL and the GPU side of
 * each step is skipped while everything before it (decoding, checks, translation) runs. */
#ifndef AEROCMD_EXEC_INTERNAL_H
#define AEROCMD_EXEC_INTERNAL_H

#include <vkd3d.h>

#include <stddef.h>
#include <stdint.h>

#include "aerocmd/decode.h"
#include "aerocmd/exec.h"
#include "aerocmd/layout.h"
#include "aerocmd/semantic.h"
#include "aerocmd/submission.h"
#include "aerogpu_cmd.h"

#define EXEC_MAX_RTS      8u
#define EXEC_MAX_CBS      14u
#define EXEC_MAX_SRVS     128u
#define EXEC_MAX_SAMPLERS 16u
#define EXEC_MAX_UAVS     8u
#define EXEC_MAX_VBS      32u
#define EXEC_MAX_TEX_DIM  16384u /* D3D11's Texture2D limit */
/* Shader resources one stage may declare: vkd3d 1.2 on lavapipe crashes executing a draw
 * whose pixel-stage table holds more than 64 (exec_descriptors.c). */
#define EXEC_MAX_STAGE_SRVS 64u
/* Bytes a null constant buffer reads as zero: D3D11's largest constant buffer. */
#define EXEC_CB_MAX_BYTES 65536u

/* Binding stages, in the order of the graphics root signature. */
enum exec_stage { EXEC_VS = 0, EXEC_PS = 1, EXEC_GS = 2, EXEC_CS = 3, EXEC_STAGES = 4 };

enum exec_kind {
    EXEC_OBJ_NONE = 0,
    EXEC_OBJ_BUFFER,
    EXEC_OBJ_TEXTURE,
    EXEC_OBJ_VIEW,
    EXEC_OBJ_SHADER,
    EXEC_OBJ_INPUT_LAYOUT,
    EXEC_OBJ_SAMPLER
};

/* A buffer or texture. Several handles may name it (IMPORT_SHARED_SURFACE aliases). */
struct exec_resource {
    uint32_t refs;
    uint32_t serial;
    int is_texture;
    uint64_t size_bytes; /* buffers: as created; textures: bytes of the guest layout */
    struct aerocmd_texture_layout_desc tex;
    uint32_t subresources;
    uint32_t backing_alloc_id, backing_offset;
    uint64_t budget_bytes; /* counted against the memory budget until the object is freed */
    ID3D12Resource *res;
    D3D12_RESOURCE_STATES *states; /* one per subresource (1 for buffers) */
    int fresh; /* never used, nothing of the guest in it: zeroed at its first use */
};

struct exec_view {
    struct exec_resource *res;
    uint32_t format; /* aerogpu_format */
    uint32_t base_mip, mip_count, base_layer, layer_count;
};

/* What a shader declares in a t# or u# register. */
enum exec_decl {
    EXEC_DECL_NONE = 0,
    EXEC_DECL_TEX2D,
    EXEC_DECL_TEX2D_ARRAY,
    EXEC_DECL_BUFFER_TYPED,
    EXEC_DECL_BUFFER_RAW,
    EXEC_DECL_BUFFER_STRUCTURED,
    EXEC_DECL_OTHER /* 1D, 3D, cube, multisample: not expressible with Texture2D handles */
};

struct exec_sig_element {
    const char *name; /* into exec_shader.names */
    uint32_t index;
    uint32_t reg;
    uint32_t sysval; /* vkd3d_shader_sysval_semantic; 0 = none */
    uint32_t mask;
};

/* The registers a shader declares, ascending: its descriptor tables hold exactly these. */
struct exec_stage_layout {
    uint8_t cbs[EXEC_MAX_CBS], srvs[EXEC_MAX_SRVS], uavs[EXEC_MAX_UAVS],
        samplers[EXEC_MAX_SAMPLERS];
    uint32_t cb_count, srv_count, uav_count, sampler_count;
};

struct exec_shader {
    uint32_t serial;
    uint64_t budget_bytes; /* counted while it lives */
    struct exec_stage_layout layout;
    uint32_t program_type; /* DXBC: 0 PS, 1 VS, 2 GS, 3 HS, 4 DS, 5 CS */
    uint8_t *dxbc;
    size_t dxbc_size;
    struct exec_sig_element *inputs;
    uint32_t input_count;
    char *names;
    uint8_t srv_decl[EXEC_MAX_SRVS];
    uint32_t srv_stride[EXEC_MAX_SRVS]; /* structured: the stride; typed: the return type */
    uint8_t uav_decl[EXEC_MAX_UAVS];
    uint32_t uav_stride[EXEC_MAX_UAVS];
    uint32_t uav_counter_mask; /* u# whose hidden counter the shader uses */
};

/* A root signature for one combination of shaders (their serials), with the parameter
 * index of each stage's view and sampler table (-1: the stage has none). */
struct exec_root {
    uint32_t key[4]; /* compute, vs / cs, ps, gs */
    ID3D12RootSignature *sig;
    int view_param[EXEC_STAGES], sampler_param[EXEC_STAGES];
};

struct exec_input_layout {
    uint32_t serial;
    uint32_t count;
    struct aerogpu_input_layout_element_dxgi *elements;
};

struct exec_sampler {
    uint32_t filter, address_u, address_v, address_w;
};

/* A slot is free when kind is EXEC_OBJ_NONE; tomb marks a deleted one (probing goes on). */
struct exec_object {
    uint32_t handle;
    uint16_t kind; /* enum exec_kind */
    uint16_t tomb;
    union {
        struct exec_resource *res;
        struct exec_view *view;
        struct exec_shader *shader;
        struct exec_input_layout *layout;
        struct exec_sampler *sampler;
        void *any;
    } u;
};

struct exec_objects {
    struct exec_object *slots;
    uint32_t capacity; /* power of two */
    uint32_t used;     /* live + tombstones */
    uint32_t live;
};

/* One shader-resource slot: a texture / view handle (SET_TEXTURE) or a buffer range
 * (SET_SHADER_RESOURCE_BUFFERS); the later packet wins. */
struct exec_srv_slot {
    uint32_t handle;
    uint32_t is_buffer;
    uint32_t offset, size;
};

struct exec_range_slot {
    uint32_t handle;
    uint32_t offset, size;
};

struct exec_stage_bind {
    struct exec_range_slot cbs[EXEC_MAX_CBS];
    struct exec_srv_slot srvs[EXEC_MAX_SRVS];
    uint32_t samplers[EXEC_MAX_SAMPLERS];
    struct exec_range_slot uavs[EXEC_MAX_UAVS];
    int table_dirty;
    int samplers_dirty;
    D3D12_GPU_DESCRIPTOR_HANDLE table, sampler_table;
};

struct exec_state {
    uint32_t vs, ps, gs, cs, hs, ds;
    uint32_t input_layout;
    struct aerogpu_blend_state blend;
    struct aerogpu_depth_stencil_state depth;
    struct aerogpu_rasterizer_state raster;
    uint32_t rt_count;
    uint32_t rts[EXEC_MAX_RTS];
    uint32_t dsv;
    float viewport[6];
    int viewport_set;
    int32_t scissor[4];
    int scissor_set;
    struct aerogpu_vertex_buffer_binding vbs[EXEC_MAX_VBS];
    uint32_t ib, ib_format, ib_offset;
    uint32_t topology;
    struct exec_stage_bind stages[EXEC_STAGES];
};

/* Guest memory of one allocation. */
struct exec_guest {
    uint32_t alloc_id;
    uint64_t gpa;
    uint8_t *bytes;
    uint64_t size;
};

struct exec_upload_chunk {
    ID3D12Resource *buf;
    uint8_t *map;
    uint64_t size, used;
};

/* An object released after the next flush, with the bytes it still holds. */
struct exec_deferred {
    IUnknown *obj;
    uint64_t bytes;
};

struct exec_pso_entry {
    uint64_t hash;
    void *key; /* struct exec_pso_key (exec_pipeline.c) */
    ID3D12PipelineState *pso;
    uint64_t last_use; /* pso_clock when last found or added */
};

struct exec_gpu {
    ID3D12Device *device; /* NULL in a dry run */
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12Fence *fence;
    uint64_t fence_value;
    void *event;
    int recorded; /* commands since the last flush */
    ID3D12DescriptorHeap *view_heap, *sampler_heap, *rtv_heap, *dsv_heap;
    uint32_t view_inc, sampler_inc, rtv_inc, dsv_inc;
    uint32_t view_used, sampler_used, rtv_used, dsv_used;
    struct exec_upload_chunk *uploads;
    uint32_t upload_count, upload_cap;
    uint64_t upload_bytes;          /* of the chunks (counted; freed at the flush) */
    struct exec_deferred *deferred; /* released after the next flush */
    uint32_t deferred_count, deferred_cap;
    uint64_t deferred_bytes;     /* counted bytes the deferred objects free */
    ID3D12Resource *zero_buffer; /* EXEC_CB_MAX_BYTES of zeros: unbound CBs and buffers */
    ID3D12Resource *zero_tex, *zero_tex_array; /* 1x1 zeros: unbound texture SRVs */
    ID3D12Resource *scratch_uav;               /* unbound UAVs write here */
    ID3D12Resource *gap_target;                /* gaps between render targets */
    uint32_t gap_width, gap_height;
    uint64_t gap_bytes; /* counted for it */
};

struct aerocmd_exec {
    struct aerocmd_exec_options options;
    uint64_t mem_budget, mem_used, mem_peak; /* bytes (exec_budget.c) */
    uint64_t work_budget, work_used;         /* units, per submission */
    uint32_t next_serial;
    struct exec_objects objects;
    struct exec_state state;
    struct exec_gpu gpu;
    struct exec_guest *guests;
    uint32_t guest_count, guest_cap;
    struct {
        uint64_t token;
        struct exec_resource *res;
    } * shares;
    uint32_t share_count, share_cap;
    uint64_t *retired_tokens;
    uint32_t retired_count, retired_cap;
    struct exec_pso_entry *psos;
    uint32_t pso_count, pso_cap;
    uint64_t pso_clock;    /* ticks at every lookup that hits and every add */
    uint64_t psos_created; /* pipelines created so far */
    uint64_t flushes;      /* command lists executed so far */
    struct exec_root *roots;
    uint32_t root_count, root_cap;
    struct aerocmd_exec_present *presents;
    uint32_t present_count, present_cap;
    struct aerocmd_exec_hooks hooks;
    struct aerocmd_semantic tracker;
    void *tracker_mem;
    uint32_t submission;                           /* index of the submission running */
    const struct aerocmd_alloc_table_view *allocs; /* of the submission running, or NULL */
    int gpu_state_dirty; /* everything must be re-bound on the command list */
    int pipeline_dirty;
    int ia_dirty, om_dirty, rs_dirty;
    struct exec_compile_cache *compile_cache; /* exec_isolate.c */
    uint32_t context_id;                      /* the context running (exec_context.c) */
    struct exec_saved_context *contexts;      /* the others' state, and this one's slot */
    uint32_t context_count;
    int context_ended; /* the running context ended and nothing ran in it since */
};

/* A context's binding state while another runs (exec_context.c). */
struct exec_saved_context {
    uint32_t id;
    uint32_t vertex_shader; /* the semantic tracker's */
    uint32_t left_at;       /* ex->submission when it last stopped running */
    struct exec_state state;
};

/* Ends the context that stopped running longest ago (not the running one): a trace has no
 * record of a context's end, so past AEROCMD_EXEC_MAX_CONTEXTS its run makes room so.
 * AEROCMD_E_NOT_IMPLEMENTED when there is none to end. */
aerocmd_result aerocmd_priv_exec_end_stalest_context(struct aerocmd_exec *ex);

/* Applies fn to the state of every context: the running one's and the saved ones'. */
void aerocmd_priv_exec_each_state(struct aerocmd_exec *ex,
                                  void (*fn)(struct exec_state *s, uint32_t handle),
                                  uint32_t handle);
void aerocmd_priv_exec_contexts_free(struct aerocmd_exec *ex);

/* The packet being executed, and where errors go. */
struct exec_ctx {
    struct aerocmd_exec *ex;
    const struct aerocmd_stream *stream;
    const struct aerocmd_packet *packet;
    struct aerocmd_exec_error *err;
};

/* ---- errors (exec_api.c) --------------------------------------------------------------- */

/* Formats a reason into why (cut to cap; nothing when why is NULL or cap 0). */
void aerocmd_priv_exec_say(char *why, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Fills ctx->err for the current packet: result, reason (AEROCMD_R_NONE when no code
 * fits) and a printf-style explanation. Returns `result` so handlers can return it. */
aerocmd_result aerocmd_priv_exec_fail(struct exec_ctx *ctx, aerocmd_result result,
                                      aerocmd_reason reason, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* A D3D12 call failed (device lost, out of memory): DEVICE_REMOVED / OUT_OF_MEMORY. */
aerocmd_result aerocmd_priv_exec_hr(struct exec_ctx *ctx, HRESULT hr, const char *what);

/* ---- memory budget (exec_budget.c) ------------------------------------------------------ */

/* Counts `bytes` the executor is about to hold, or fails the packet with OUT_OF_MEMORY
 * naming `what`. When bytes waiting for a flush would make room, flushes first. */
aerocmd_result aerocmd_priv_exec_charge(struct exec_ctx *ctx, uint64_t bytes, const char *what);
/* The same outside packets: OUT_OF_MEMORY (or DEVICE_REMOVED when the flush failed). */
aerocmd_result aerocmd_priv_exec_reserve(struct aerocmd_exec *ex, uint64_t bytes);
/* Bytes no longer held. */
void aerocmd_priv_exec_uncharge(struct aerocmd_exec *ex, uint64_t bytes);
/* Bytes an image's arrays hold; drop = uncharge them and free the image. */
uint64_t aerocmd_priv_exec_image_bytes(const struct aerocmd_exec_image *img);
void aerocmd_priv_exec_image_drop(struct aerocmd_exec *ex, struct aerocmd_exec_image *img);
/* Memory an object (view, sampler, shader, input layout) costs besides its payload: its
 * structure and its share of the handle table, rounded up. */
#define EXEC_OBJECT_BYTES 256u
/* Memory a Direct3D 12 resource costs besides its bytes: vkd3d's and lavapipe's objects
 * for it (about 5 KiB measured for a buffer), rounded up. */
#define EXEC_RESOURCE_OVERHEAD 16384u

/* Counts `units` of work of the current packet against the submission's work budget, or
 * fails it with NOT_IMPLEMENTED naming `what` (exec_budget.c). */
aerocmd_result aerocmd_priv_exec_work(struct exec_ctx *ctx, uint64_t units, const char *what);
/* a x b, or UINT64_MAX when it does not fit. */
uint64_t aerocmd_priv_exec_mul_sat(uint64_t a, uint64_t b);
/* Work a pipeline's compilation counts: lavapipe takes about 30 ms (LLVM), as long as
 * shading some 5 million vertices. */
#define EXEC_PIPELINE_WORK (1ull << 22)

/* ---- objects (exec_objects.c) ---------------------------------------------------------- */

void aerocmd_priv_exec_objects_free(struct exec_objects *objects);
struct exec_object *aerocmd_priv_exec_find(struct exec_objects *objects, uint32_t handle);
/* Adds a live object; the caller checked that the handle is free. -1: out of memory. The
 * table may move: a slot pointer found before the insert is no longer valid after it. */
int aerocmd_priv_exec_insert(struct exec_objects *objects, uint32_t handle, uint32_t kind,
                             void *object);
void aerocmd_priv_exec_remove(struct exec_objects *objects, struct exec_object *slot);
/* Fails with HANDLE_UNKNOWN / HANDLE_KIND naming `what` unless `handle` is a live object
 * of `kind`. */
struct exec_object *aerocmd_priv_exec_need(struct exec_ctx *ctx, uint32_t handle, uint32_t kind,
                                           const char *what);
/* Fails with HANDLE_ZERO / HANDLE_EXISTS unless `handle` can be created. */
aerocmd_result aerocmd_priv_exec_check_new(struct exec_ctx *ctx, uint32_t handle);

/* ---- GPU (exec_gpu.c) ------------------------------------------------------------------- */

aerocmd_result aerocmd_priv_exec_gpu_start(struct aerocmd_exec *ex, struct aerocmd_exec_error *err);
void aerocmd_priv_exec_gpu_stop(struct aerocmd_exec *ex);
/* Executes what is recorded and waits (infinitely: vkd3d 1.2 on lavapipe has no timed
 * waits), then releases deferred objects and resets the rings. */
aerocmd_result aerocmd_priv_exec_flush(struct aerocmd_exec *ex);
/* Releases obj after the next flush (the command list may still use it); `bytes` of the
 * memory budget stay counted until then (uncounted at once when obj is NULL). */
void aerocmd_priv_exec_defer_release(struct aerocmd_exec *ex, IUnknown *obj, uint64_t bytes);
/* Objects waiting for a flush past which the executor flushes between packets: each is a
 * live object to vkd3d, whose address allocator slows down past 64k of them. */
#define EXEC_MAX_DEFERRED 1024u
/* Room in the shader-visible heaps / RTV / DSV heap; flushes when a ring is full. The
 * returned index is the first of `count` descriptors. */
aerocmd_result aerocmd_priv_exec_descriptors(struct exec_ctx *ctx, D3D12_DESCRIPTOR_HEAP_TYPE type,
                                             uint32_t count, D3D12_CPU_DESCRIPTOR_HANDLE *cpu,
                                             D3D12_GPU_DESCRIPTOR_HANDLE *gpu);
/* `size` bytes of upload memory, aligned to `align`: write at *map, copy from *buf at
 * *offset. Valid until the next flush. */
aerocmd_result aerocmd_priv_exec_upload_alloc(struct exec_ctx *ctx, uint64_t size, uint64_t align,
                                              uint8_t **map, ID3D12Resource **buf,
                                              uint64_t *offset);
ID3D12Resource *aerocmd_priv_exec_create_buffer(struct aerocmd_exec *ex, D3D12_HEAP_TYPE heap,
                                                uint64_t size, D3D12_RESOURCE_FLAGS flags,
                                                D3D12_RESOURCE_STATES state, HRESULT *hr);
/* Transitions subresources [first, first + count) of res into `state` (no-op when there). */
void aerocmd_priv_exec_transition(struct aerocmd_exec *ex, struct exec_resource *res,
                                  uint32_t first, uint32_t count, D3D12_RESOURCE_STATES state);
/* Every subresource of a (mip range x layer range). */
void aerocmd_priv_exec_transition_range(struct aerocmd_exec *ex, struct exec_resource *res,
                                        uint32_t base_mip, uint32_t mips, uint32_t base_layer,
                                        uint32_t layers, D3D12_RESOURCE_STATES state);
/* Records the zeroing of a fresh resource and counts it as work (exec_zero.c); the first
 * transition of a fresh resource calls it. */
void aerocmd_priv_exec_zero_fresh(struct aerocmd_exec *ex, struct exec_resource *res);

/* ---- formats (exec_format.c) ------------------------------------------------------------ */

struct exec_format {
    DXGI_FORMAT storage; /* resource format (typeless where a family exists) */
    DXGI_FORMAT view;    /* render-target / shader-resource format */
    DXGI_FORMAT depth;   /* depth-stencil view format (depth formats) */
    int no_alpha;        /* X8: alpha reads as 1 */
    int is_depth, is_block;
    int emulated; /* 16-bit formats vkd3d lacks: stored as R32G32B32A32_FLOAT */
};
/* 0 and *out filled for an aerogpu_format; -1 for one the executor does not know. */
int aerocmd_priv_exec_format(uint32_t aerogpu_format, struct exec_format *out);
const char *aerocmd_priv_exec_format_name(uint32_t aerogpu_format);
/* Bytes of one texel (or block) in the D3D12 resource, for guest_bytes in guest memory. */
uint32_t aerocmd_priv_exec_storage_bytes(uint32_t format, uint32_t guest_bytes);
/* texels guest texels -> storage texels and back (a copy unless the format is emulated). */
void aerocmd_priv_exec_to_storage(uint32_t format, const uint8_t *src, uint8_t *dst,
                                  uint32_t texels, uint32_t guest_bytes);
void aerocmd_priv_exec_from_storage(uint32_t format, const uint8_t *src, uint8_t *dst,
                                    uint32_t texels, uint32_t guest_bytes);
/* Direct3D's float -> UNORM conversion for a channel of max + 1 levels. */
uint32_t aerocmd_priv_exec_unorm(float f, uint32_t max);

/* ---- resources (exec_resource.c) --------------------------------------------------------- */

aerocmd_result aerocmd_priv_exec_create_buffer_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_create_texture_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_destroy_resource_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_create_view_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_destroy_view_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_export_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_import_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_release_packet(struct exec_ctx *ctx);
void aerocmd_priv_exec_resource_unref(struct aerocmd_exec *ex, struct exec_resource *res);
/* A texture handle or view resolved to its resource and subresource range. */
struct exec_texture_ref {
    struct exec_resource *res;
    uint32_t format;
    uint32_t base_mip, mip_count, base_layer, layer_count;
};
/* 0 when handle names a texture or view (filled), -1 otherwise (nothing failed). */
int aerocmd_priv_exec_texture_ref(struct aerocmd_exec *ex, uint32_t handle,
                                  struct exec_texture_ref *out);
uint32_t aerocmd_priv_exec_subresource(const struct exec_resource *res, uint32_t mip,
                                       uint32_t layer);
/* Unbinds `handle` from every binding point (its object is going away). */
void aerocmd_priv_exec_unbind_everywhere(struct aerocmd_exec *ex, uint32_t handle);

/* ---- guest memory and transfers (exec_transfer.c) ---------------------------------------- */

struct exec_guest *aerocmd_priv_exec_guest(struct aerocmd_exec *ex, uint32_t alloc_id);
/* The resource's backing bytes [offset, offset + size) in guest memory, or NULL after
 * failing the packet with a clear reason. */
uint8_t *aerocmd_priv_exec_backing(struct exec_ctx *ctx, const struct exec_resource *res,
                                   uint64_t offset, uint64_t size);
/* Writes bytes [offset, offset + size) of the resource's guest layout from src. */
aerocmd_result aerocmd_priv_exec_write_bytes(struct exec_ctx *ctx, struct exec_resource *res,
                                             uint64_t offset, const uint8_t *src, uint64_t size);
aerocmd_result aerocmd_priv_exec_upload_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_dirty_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_copy_buffer_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_copy_texture_packet(struct exec_ctx *ctx);

/* ---- shaders and input layouts (exec_dxbc.c, exec_shader.c) ------------------------------ */

/* ---- vkd3d-shader in a child process (exec_isolate.c) ---------------------------------- */

struct exec_compile_cache;
struct exec_compile_cache *aerocmd_priv_exec_compile_cache_new(void);
void aerocmd_priv_exec_compile_cache_free(struct exec_compile_cache *cache);
/* vkd3d-shader's compilation, descriptor scan and input signature of a checked blob, here:
 * 0, or -1 with why. */
int aerocmd_priv_exec_vkd3d_calls(const uint8_t *dxbc, size_t size, char *why, size_t cap);
/* The same in a child process: 0, -1 refused (a crash included), -2 no child started. */
int aerocmd_priv_exec_vkd3d_isolated(const uint8_t *dxbc, size_t size, char *why, size_t cap);
/* The same through ex's cache (ex may be NULL: no cache), or in this process when ex asks
 * for AEROCMD_EXEC_COMPILE_IN_PROCESS. OK, MALFORMED, or OUT_OF_MEMORY (no child). */
aerocmd_result aerocmd_priv_exec_compile_checked(struct aerocmd_exec *ex, const uint8_t *dxbc,
                                                 size_t size, char *why, size_t cap);

/* Checks a blob (aerocmd_exec_check_dxbc) and fills the shader's program type,
 * declarations and input signature. why gets the reason on failure. */
aerocmd_result aerocmd_priv_exec_dxbc_load(struct aerocmd_exec *ex, struct exec_shader *shader,
                                           const uint8_t *dxbc, size_t size, char *why,
                                           size_t why_cap);
void aerocmd_priv_exec_shader_free(struct exec_shader *shader);
/* Rewrites a checked blob so that vkd3d 1.2 compiles its masked movs right (see
 * exec_dxbc_fixup.c); 1 when it changed (checksum recomputed). */
int aerocmd_priv_exec_dxbc_fixup(uint8_t *dxbc, size_t size);
uint32_t aerocmd_priv_exec_fnv1a_upper(const char *name);
aerocmd_result aerocmd_priv_exec_create_shader_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_destroy_shader_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_bind_shaders_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_create_layout_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_destroy_layout_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_set_layout_packet(struct exec_ctx *ctx);
/* D3D12 input elements for the bound input layout against the vertex shader's input
 * signature; *count = 0 when no layout is bound. elems holds EXEC_MAX_VBS x 2 entries. */
aerocmd_result aerocmd_priv_exec_resolve_layout(struct exec_ctx *ctx, const struct exec_shader *vs,
                                                D3D12_INPUT_ELEMENT_DESC *elems, uint32_t cap,
                                                uint32_t *count);

/* ---- state packets (exec_state.c) --------------------------------------------------------- */

void aerocmd_priv_exec_state_reset(struct exec_state *state);
aerocmd_result aerocmd_priv_exec_state_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_binding_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_sampler_packet(struct exec_ctx *ctx);
/* Binding-table stage of a stage-bearing packet, or -1 after failing the packet. */
int aerocmd_priv_exec_packet_stage(struct exec_ctx *ctx);

/* ---- pipelines, descriptors, draws (exec_pipeline.c, exec_descriptors.c, exec_draw.c) ---- */

/* The root signature of the bound graphics shaders (sh: VS, PS, GS; NULL for absent ones)
 * or of a compute shader (sh[0]); created on first use, cached. NULL in a dry run. */
aerocmd_result aerocmd_priv_exec_root(struct exec_ctx *ctx, int compute,
                                      const struct exec_shader *const sh[3],
                                      const struct exec_root **out);
void aerocmd_priv_exec_root_cache_free(struct aerocmd_exec *ex);
aerocmd_result aerocmd_priv_exec_graphics_pso(struct exec_ctx *ctx, int indexed,
                                              const struct exec_root *root,
                                              ID3D12PipelineState **out);
aerocmd_result aerocmd_priv_exec_compute_pso(struct exec_ctx *ctx, const struct exec_root *root,
                                             ID3D12PipelineState **out);
void aerocmd_priv_exec_pso_cache_free(struct aerocmd_exec *ex);
/* Writes the descriptor tables of a stage whose bindings or shader changed. */
aerocmd_result aerocmd_priv_exec_stage_tables(struct exec_ctx *ctx, enum exec_stage stage,
                                              const struct exec_shader *shader);
/* Moves every resource the stage's bindings use into the state reading needs. */
aerocmd_result aerocmd_priv_exec_stage_states(struct exec_ctx *ctx, enum exec_stage stage,
                                              const struct exec_shader *shader);
aerocmd_result aerocmd_priv_exec_clear_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_draw_packet(struct exec_ctx *ctx);
aerocmd_result aerocmd_priv_exec_dispatch_packet(struct exec_ctx *ctx);
/* ---- targets (exec_targets.c) ------------------------------------------------------------- */

struct exec_targets {
    uint32_t count; /* colour slots up to the last non-zero one */
    DXGI_FORMAT rt[EXEC_MAX_RTS];
    uint32_t no_alpha_mask, gap_mask;
    DXGI_FORMAT dsv;
    uint32_t width, height; /* the smallest target's extent */
};
/* Fails unless handle is a texture / view usable as a colour (depth = 0) or depth target. */
aerocmd_result aerocmd_priv_exec_target_ref(struct exec_ctx *ctx, uint32_t handle, int depth,
                                            struct exec_texture_ref *ref, struct exec_format *f);
/* Creates a render-target (depth 0) or depth-stencil view in the ring and moves the
 * subresources into the target state. */
aerocmd_result aerocmd_priv_exec_make_target(struct exec_ctx *ctx, int depth,
                                             const struct exec_texture_ref *ref,
                                             const struct exec_format *f,
                                             D3D12_CPU_DESCRIPTOR_HANDLE *out);
/* Checks the bound targets and describes them; with `record` (and a device) also creates
 * their views, moves them into target states and binds them. */
aerocmd_result aerocmd_priv_exec_bind_targets(struct exec_ctx *ctx, int record,
                                              struct exec_targets *t);

/* ---- readback (exec_readback.c) ------------------------------------------------------------ */

aerocmd_result aerocmd_priv_exec_read_subresource(struct exec_ctx *ctx, struct exec_resource *res,
                                                  uint32_t format, uint32_t mip, uint32_t layer,
                                                  struct aerocmd_exec_image *out);
/* Copies [offset, offset + size) of a buffer out (flushes). */
aerocmd_result aerocmd_priv_exec_read_buffer_range(struct exec_ctx *ctx, struct exec_resource *res,
                                                   uint64_t offset, uint64_t size, void *out);
aerocmd_result aerocmd_priv_exec_present_packet(struct exec_ctx *ctx);

/* ---- packets (exec_packets.c) --------------------------------------------------------------- */

aerocmd_result aerocmd_priv_exec_packet(struct exec_ctx *ctx);

#endif /* AEROCMD_EXEC_INTERNAL_H */
