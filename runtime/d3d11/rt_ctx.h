/* SPDX-License-Identifier: MIT */
/* rt_ctx.h — what the context's files share. */
#ifndef RT_CTX_H
#define RT_CTX_H

#include "rt_internal.h"

void rt_ctx_set_shader(struct rt_context *ctx, UINT stage, struct rt_object *shader);
/* what: 0 constant buffers, 1 shader resources, 2 samplers. */
void rt_ctx_set_slots(struct rt_context *ctx, UINT stage, UINT what, UINT start, UINT n,
                      struct rt_object *const *objs);
/* A subresource of view v is bound as a render target, depth-stencil or unordered-access
 * view. */
BOOL rt_ctx_bound_for_output(const struct rt_context *ctx, const struct rt_view *v);
/* Unbinds, in every stage, every shader-resource view sharing a subresource with the view
 * `output` (about to be written; NULL: nothing). */
void rt_ctx_unbind_inputs(struct rt_context *ctx, const struct rt_object *output);
void rt_ctx_fill_uavs(ID3D11DeviceContextVtbl *t);

/* The setters behind the methods (objects already of the right kind). */
void rt_ctx_set_vertex_buffers(struct rt_context *ctx, UINT start, UINT n,
                               struct rt_object *const *bufs, const UINT *strides,
                               const UINT *offsets);
void rt_ctx_set_index_buffer(struct rt_context *ctx, struct rt_object *buf, DXGI_FORMAT format,
                             UINT offset);
void rt_ctx_set_topology(struct rt_context *ctx, D3D11_PRIMITIVE_TOPOLOGY topology);
void rt_ctx_set_targets(struct rt_context *ctx, UINT n, struct rt_object *const *rtvs,
                        struct rt_object *dsv);
void rt_ctx_set_blend(struct rt_context *ctx, struct rt_object *state, const FLOAT factor[4],
                      UINT mask);
void rt_ctx_set_depth(struct rt_context *ctx, struct rt_object *state, UINT ref);
void rt_ctx_set_rasterizer(struct rt_context *ctx, struct rt_object *state);
void rt_ctx_set_viewports(struct rt_context *ctx, UINT n, const D3D11_VIEWPORT *vps);
void rt_ctx_set_scissors(struct rt_context *ctx, UINT n, const D3D11_RECT *rects);
void rt_ctx_set_so(struct rt_context *ctx, UINT n, struct rt_object *const *bufs,
                   const UINT *offsets);
void rt_ctx_set_cs_uavs(struct rt_context *ctx, UINT start, UINT n, struct rt_object *const *uavs,
                        const UINT *counts);
void rt_ctx_set_predication(struct rt_context *ctx, struct rt_object *pred, BOOL value);
/* Applies every binding of `from` to ctx through the setters above (ExecuteCommandList). */
void rt_ctx_apply_state(struct rt_context *ctx, const struct rt_context *from);
/* ClearState: every binding to its default, the driver told. */
void rt_ctx_clear_all(ID3D11DeviceContext *iface);

/* An action of the context (a draw, a clear, a copy, ...) with its arguments: performed at
 * once by the immediate context, recorded by a deferred one. */
enum rt_op {
    RT_OP_DRAW,
    RT_OP_DRAW_INDEXED,
    RT_OP_DRAW_INSTANCED,
    RT_OP_DRAW_INDEXED_INSTANCED,
    RT_OP_DRAW_AUTO,
    RT_OP_DRAW_INSTANCED_INDIRECT,
    RT_OP_DRAW_INDEXED_INSTANCED_INDIRECT,
    RT_OP_DISPATCH,
    RT_OP_DISPATCH_INDIRECT,
    RT_OP_CLEAR_RTV,
    RT_OP_CLEAR_DSV,
    RT_OP_CLEAR_UAV_UINT,
    RT_OP_CLEAR_UAV_FLOAT,
    RT_OP_COPY_RESOURCE,
    RT_OP_COPY_REGION,
    RT_OP_UPDATE,
    RT_OP_COPY_STRUCTURE_COUNT,
    RT_OP_GENERATE_MIPS,
    RT_OP_RESOLVE,
    RT_OP_MIN_LOD,
    RT_OP_MAP_WRITE,
    RT_OP_BEGIN,
    RT_OP_END,
    RT_OP_EXECUTE, /* a command list executed on a deferred context: obj[0], u[0] restore */
    RT_OP_COUNT
};

struct rt_op_args {
    enum rt_op op;
    UINT u[6];
    INT base;
    FLOAT f[4];
    struct rt_object *obj[2];
    D3D11_BOX box;
    BOOL has_box;
    const void *data; /* RT_OP_UPDATE: the application's bytes (copied when recorded) */
    UINT data_size;
};

void rt_ctx_perform(struct rt_context *ctx, const struct rt_op_args *a);
/* Performs or records. */
void rt_ctx_action(struct rt_context *ctx, const struct rt_op_args *a);

/* RT_OP_MAP_WRITE: a deferred context's Map(WRITE_DISCARD) of a dynamic resource, replayed
 * as that map on the immediate context filled with the recorded bytes (rt_ctx_map.c). */
void rt_ctx_perform_map_write(struct rt_context *ctx, const struct rt_op_args *a);
/* Deferred Map / Unmap (rt_deferred_map.c). */
HRESULT rt_deferred_map(struct rt_context *ctx, struct rt_resource *r, UINT sub, D3D11_MAP type,
                        D3D11_MAPPED_SUBRESOURCE *out);
void rt_deferred_unmap(struct rt_context *ctx, struct rt_resource *r, UINT sub);
void rt_deferred_forget_maps(struct rt_context *ctx);

/* Deferred contexts (rt_deferred.c): the bindings changed since the last recorded call. */
void rt_deferred_dirty(struct rt_context *ctx);
void rt_deferred_record(struct rt_context *ctx, const struct rt_op_args *a);

/* Runs `call` on the device's driver with the lock held and the error read back. */
#define RT_DDI(ctx, call)                                                                          \
    do {                                                                                           \
        struct rt_device *dev_ = (ctx)->device;                                                    \
        RT_LOCK(dev_);                                                                             \
        rt_ddi_begin(dev_);                                                                        \
        call;                                                                                      \
        rt_ddi_end(dev_);                                                                          \
        RT_UNLOCK(dev_);                                                                           \
    } while (0)

#endif
