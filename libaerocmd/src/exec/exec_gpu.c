/* SPDX-License-Identifier: MIT */
/* exec_gpu.c — the Direct3D 12 device through vkd3d: one direct queue and command list,
 * flushes that wait infinitely (vkd3d 1.2 on lavapipe implements no timed fence waits),
 * descriptor rings that are reset at each flush, linear upload memory, deferred releases,
 * and per-subresource state transitions. */
#define INITGUID
#include <vkd3d_utils.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_internal.h"

#if defined(__SANITIZE_ADDRESS__)
#define EXEC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EXEC_ASAN 1
#endif
#endif

#define VIEW_RING    (1u << 16)
#define SAMPLER_RING 2048u
#define RTV_RING     1024u
#define DSV_RING     256u
#define UPLOAD_CHUNK (8u << 20)

static void gpu_error(struct aerocmd_exec_error *err, const char *what, HRESULT hr)
{
    if (err == NULL)
        return;
    err->result = AEROCMD_E_DEVICE_REMOVED;
    snprintf(err->message, sizeof(err->message),
             "cannot start Direct3D 12 on vkd3d: %s failed (HRESULT 0x%08x); is a Vulkan driver "
             "installed (Mesa lavapipe: VK_ICD_FILENAMES=/usr/share/vulkan/icd.d/"
             "lvp_icd.x86_64.json)?",
             what, (unsigned)hr);
}

static HRESULT create_heap(ID3D12Device *dev, D3D12_DESCRIPTOR_HEAP_TYPE type, uint32_t count,
                           int visible, ID3D12DescriptorHeap **out)
{
    D3D12_DESCRIPTOR_HEAP_DESC desc;
    memset(&desc, 0, sizeof(desc));
    desc.Type = type;
    desc.NumDescriptors = count;
    desc.Flags = visible ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE : 0;
    return ID3D12Device_CreateDescriptorHeap(dev, &desc, &IID_ID3D12DescriptorHeap, (void **)out);
}

static HRESULT create_heaps(struct exec_gpu *g)
{
    HRESULT hr =
        create_heap(g->device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, VIEW_RING, 1, &g->view_heap);
    if (SUCCEEDED(hr))
        hr = create_heap(g->device, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, SAMPLER_RING, 1,
                         &g->sampler_heap);
    if (SUCCEEDED(hr))
        hr = create_heap(g->device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV, RTV_RING, 0, &g->rtv_heap);
    if (SUCCEEDED(hr))
        hr = create_heap(g->device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV, DSV_RING, 0, &g->dsv_heap);
    if (FAILED(hr))
        return hr;
    g->view_inc = ID3D12Device_GetDescriptorHandleIncrementSize(
        g->device, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    g->sampler_inc = ID3D12Device_GetDescriptorHandleIncrementSize(
        g->device, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);
    g->rtv_inc =
        ID3D12Device_GetDescriptorHandleIncrementSize(g->device, D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
    g->dsv_inc =
        ID3D12Device_GetDescriptorHandleIncrementSize(g->device, D3D12_DESCRIPTOR_HEAP_TYPE_DSV);
    return S_OK;
}

ID3D12Resource *aerocmd_priv_exec_create_buffer(struct aerocmd_exec *ex, D3D12_HEAP_TYPE heap,
                                                uint64_t size, D3D12_RESOURCE_FLAGS flags,
                                                D3D12_RESOURCE_STATES state, HRESULT *hr_out)
{
    D3D12_HEAP_PROPERTIES props;
    D3D12_RESOURCE_DESC desc;
    ID3D12Resource *res = NULL;
    HRESULT hr;
    memset(&props, 0, sizeof(props));
    props.Type = heap;
    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    desc.Width = size;
    desc.Height = 1;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    desc.Flags = flags;
    hr = ID3D12Device_CreateCommittedResource(ex->gpu.device, &props, D3D12_HEAP_FLAG_NONE, &desc,
                                              state, NULL, &IID_ID3D12Resource, (void **)&res);
    if (hr_out != NULL)
        *hr_out = hr;
    return SUCCEEDED(hr) ? res : NULL;
}

static HRESULT create_zero_texture(struct aerocmd_exec *ex, uint16_t layers, ID3D12Resource **out)
{
    D3D12_HEAP_PROPERTIES props;
    D3D12_RESOURCE_DESC desc;
    memset(&props, 0, sizeof(props));
    props.Type = D3D12_HEAP_TYPE_DEFAULT;
    memset(&desc, 0, sizeof(desc));
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = 1;
    desc.Height = 1;
    desc.DepthOrArraySize = layers;
    desc.MipLevels = 1;
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;
    return ID3D12Device_CreateCommittedResource(ex->gpu.device, &props, D3D12_HEAP_FLAG_NONE, &desc,
                                                D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE |
                                                    D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE,
                                                NULL, &IID_ID3D12Resource, (void **)out);
}

/* What an unbound slot reads in Direct3D 10/11: zeros (constants, vertices, indices, buffer
 * views). vkd3d does not zero the memory it allocates (a perturbed malloc shows it), so the
 * buffer lives in upload memory, written with zeros once and only ever read. */
static HRESULT create_zero_buffer(struct aerocmd_exec *ex)
{
    struct exec_gpu *g = &ex->gpu;
    D3D12_RANGE none = {0, 0};
    void *map = NULL;
    HRESULT hr = S_OK;
    g->zero_buffer = aerocmd_priv_exec_create_buffer(ex, D3D12_HEAP_TYPE_UPLOAD, EXEC_CB_MAX_BYTES,
                                                     D3D12_RESOURCE_FLAG_NONE,
                                                     D3D12_RESOURCE_STATE_GENERIC_READ, &hr);
    if (g->zero_buffer == NULL)
        return hr;
    hr = ID3D12Resource_Map(g->zero_buffer, 0, &none, &map);
    if (FAILED(hr))
        return hr;
    memset(map, 0, EXEC_CB_MAX_BYTES);
    ID3D12Resource_Unmap(g->zero_buffer, 0, NULL);
    return S_OK;
}

static HRESULT create_defaults(struct aerocmd_exec *ex)
{
    struct exec_gpu *g = &ex->gpu;
    HRESULT hr = create_zero_buffer(ex);
    if (FAILED(hr))
        return hr;
    g->scratch_uav = aerocmd_priv_exec_create_buffer(ex, D3D12_HEAP_TYPE_DEFAULT, EXEC_CB_MAX_BYTES,
                                                     D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
                                                     D3D12_RESOURCE_STATE_UNORDERED_ACCESS, &hr);
    if (g->scratch_uav == NULL)
        return hr;
    if (FAILED(hr = create_zero_texture(ex, 1, &g->zero_tex)) ||
        FAILED(hr = create_zero_texture(ex, 2, &g->zero_tex_array)))
        return hr;
    return S_OK;
}

static HRESULT start_device(struct aerocmd_exec *ex, const char **what)
{
    struct exec_gpu *g = &ex->gpu;
    D3D12_COMMAND_QUEUE_DESC qd;
    HRESULT hr;
    *what = "D3D12CreateDevice";
    hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&g->device);
    if (FAILED(hr))
        return hr;
    memset(&qd, 0, sizeof(qd));
    qd.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
    *what = "CreateCommandQueue";
    hr = ID3D12Device_CreateCommandQueue(g->device, &qd, &IID_ID3D12CommandQueue,
                                         (void **)&g->queue);
    if (SUCCEEDED(hr))
        hr = ID3D12Device_CreateCommandAllocator(g->device, D3D12_COMMAND_LIST_TYPE_DIRECT,
                                                 &IID_ID3D12CommandAllocator,
                                                 (void **)&g->allocator);
    if (SUCCEEDED(hr))
        hr = ID3D12Device_CreateCommandList(g->device, 0, D3D12_COMMAND_LIST_TYPE_DIRECT,
                                            g->allocator, NULL, &IID_ID3D12GraphicsCommandList,
                                            (void **)&g->list);
    if (FAILED(hr))
        return hr;
    *what = "CreateFence";
    hr = ID3D12Device_CreateFence(g->device, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence,
                                  (void **)&g->fence);
    if (FAILED(hr))
        return hr;
    g->event = vkd3d_create_event();
    *what = "CreateDescriptorHeap";
    if (g->event == NULL || FAILED(hr = create_heaps(g)))
        return g->event == NULL ? E_OUTOFMEMORY : hr;
    *what = "creating the default resources";
    return create_defaults(ex);
}

/* The descriptor heaps and the default resources, held for the whole run. */
static aerocmd_result charge_device(struct aerocmd_exec *ex, struct aerocmd_exec_error *err)
{
    const struct exec_gpu *g = &ex->gpu;
    uint64_t bytes = (uint64_t)VIEW_RING * g->view_inc + (uint64_t)SAMPLER_RING * g->sampler_inc +
                     (uint64_t)RTV_RING * g->rtv_inc + (uint64_t)DSV_RING * g->dsv_inc +
                     2u * EXEC_CB_MAX_BYTES + 4u * EXEC_RESOURCE_OVERHEAD;
    if (aerocmd_priv_exec_reserve(ex, bytes) == AEROCMD_OK)
        return AEROCMD_OK;
    if (err != NULL) {
        err->result = AEROCMD_E_OUT_OF_MEMORY;
        snprintf(err->message, sizeof(err->message),
                 "a memory budget of %llu bytes does not hold the device's descriptor heaps and "
                 "default resources (%llu bytes)",
                 (unsigned long long)ex->mem_budget, (unsigned long long)bytes);
    }
    return AEROCMD_E_OUT_OF_MEMORY;
}

aerocmd_result aerocmd_priv_exec_gpu_start(struct aerocmd_exec *ex, struct aerocmd_exec_error *err)
{
    const char *what = "";
    HRESULT hr;
#ifdef EXEC_ASAN
    /* AddressSanitizer builds: the Vulkan loader unloads the driver when the device goes;
     * kept mapped, LeakSanitizer can name the driver's own allocations (and the tests set
     * them aside: test/pixels/lsan.supp). */
    (void)dlopen("libvulkan_lvp.so", RTLD_NOW | RTLD_NODELETE);
#endif
    hr = start_device(ex, &what);
    if (FAILED(hr)) {
        gpu_error(err, what, hr);
        return AEROCMD_E_DEVICE_REMOVED;
    }
    return charge_device(ex, err);
}

#define RELEASE(p)                                                                                 \
    do {                                                                                           \
        if ((p) != NULL)                                                                           \
            IUnknown_Release((IUnknown *)(p));                                                     \
        (p) = NULL;                                                                                \
    } while (0)

static void release_transient(struct aerocmd_exec *ex)
{
    struct exec_gpu *g = &ex->gpu;
    uint32_t i;
    for (i = 0; i < g->deferred_count; i++)
        IUnknown_Release(g->deferred[i].obj);
    g->deferred_count = 0;
    for (i = 0; i < g->upload_count; i++)
        RELEASE(g->uploads[i].buf);
    g->upload_count = 0;
    aerocmd_priv_exec_uncharge(ex, g->deferred_bytes + g->upload_bytes);
    g->deferred_bytes = g->upload_bytes = 0;
}

void aerocmd_priv_exec_gpu_stop(struct aerocmd_exec *ex)
{
    struct exec_gpu *g = &ex->gpu;
    if (g->device != NULL && g->recorded)
        aerocmd_priv_exec_flush(ex);
    release_transient(ex);
    free(g->deferred);
    free(g->uploads);
    RELEASE(g->zero_buffer);
    RELEASE(g->scratch_uav);
    RELEASE(g->zero_tex);
    RELEASE(g->zero_tex_array);
    RELEASE(g->gap_target);
    RELEASE(g->view_heap);
    RELEASE(g->sampler_heap);
    RELEASE(g->rtv_heap);
    RELEASE(g->dsv_heap);
    RELEASE(g->list);
    RELEASE(g->allocator);
    RELEASE(g->fence);
    RELEASE(g->queue);
    if (g->event != NULL)
        vkd3d_destroy_event(g->event);
    g->event = NULL;
    RELEASE(g->device);
}

aerocmd_result aerocmd_priv_exec_flush(struct aerocmd_exec *ex)
{
    struct exec_gpu *g = &ex->gpu;
    uint32_t st;
    HRESULT hr;
    if (g->device == NULL)
        return AEROCMD_OK;
    ex->flushes++;
    hr = ID3D12GraphicsCommandList_Close(g->list);
    if (SUCCEEDED(hr)) {
        ID3D12CommandQueue_ExecuteCommandLists(g->queue, 1, (ID3D12CommandList **)&g->list);
        hr = ID3D12CommandQueue_Signal(g->queue, g->fence, ++g->fence_value);
    }
    if (SUCCEEDED(hr))
        hr = ID3D12Fence_SetEventOnCompletion(g->fence, g->fence_value, g->event);
    if (SUCCEEDED(hr) && vkd3d_wait_event(g->event, VKD3D_INFINITE) != VKD3D_WAIT_OBJECT_0)
        hr = E_FAIL;
    if (SUCCEEDED(hr))
        hr = ID3D12CommandAllocator_Reset(g->allocator);
    if (SUCCEEDED(hr))
        hr = ID3D12GraphicsCommandList_Reset(g->list, g->allocator, NULL);
    release_transient(ex);
    g->view_used = g->sampler_used = g->rtv_used = g->dsv_used = 0;
    for (st = 0; st < EXEC_STAGES; st++) /* the rings start over: every table is gone */
        ex->state.stages[st].table_dirty = ex->state.stages[st].samplers_dirty = 1;
    g->recorded = 0;
    return SUCCEEDED(hr) ? AEROCMD_OK : AEROCMD_E_DEVICE_REMOVED;
}

void aerocmd_priv_exec_defer_release(struct aerocmd_exec *ex, IUnknown *obj, uint64_t bytes)
{
    struct exec_gpu *g = &ex->gpu;
    if (obj == NULL) {
        aerocmd_priv_exec_uncharge(ex, bytes);
        return;
    }
    if (g->deferred_count == g->deferred_cap) {
        uint32_t cap = g->deferred_cap == 0 ? 64u : g->deferred_cap * 2u;
        struct exec_deferred *grown = realloc(g->deferred, (size_t)cap * sizeof(*grown));
        if (grown == NULL) {
            /* No room to wait: finish the GPU work now, then release at once. */
            if (g->recorded)
                aerocmd_priv_exec_flush(ex);
            IUnknown_Release(obj);
            aerocmd_priv_exec_uncharge(ex, bytes);
            return;
        }
        g->deferred = grown;
        g->deferred_cap = cap;
    }
    g->deferred[g->deferred_count].obj = obj;
    g->deferred[g->deferred_count++].bytes = bytes;
    g->deferred_bytes += bytes;
}

static int ring_take(uint32_t *used, uint32_t cap, uint32_t count, uint32_t *first)
{
    if (count > cap - *used)
        return -1;
    *first = *used;
    *used += count;
    return 0;
}

aerocmd_result aerocmd_priv_exec_descriptors(struct exec_ctx *ctx, D3D12_DESCRIPTOR_HEAP_TYPE type,
                                             uint32_t count, D3D12_CPU_DESCRIPTOR_HANDLE *cpu,
                                             D3D12_GPU_DESCRIPTOR_HANDLE *gpu)
{
    struct exec_gpu *g = &ctx->ex->gpu;
    ID3D12DescriptorHeap *heap = g->view_heap;
    uint32_t *used = &g->view_used, cap = VIEW_RING, inc = g->view_inc, first = 0;
    if (type == D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER) {
        heap = g->sampler_heap, used = &g->sampler_used, cap = SAMPLER_RING, inc = g->sampler_inc;
    } else if (type == D3D12_DESCRIPTOR_HEAP_TYPE_RTV) {
        heap = g->rtv_heap, used = &g->rtv_used, cap = RTV_RING, inc = g->rtv_inc;
    } else if (type == D3D12_DESCRIPTOR_HEAP_TYPE_DSV) {
        heap = g->dsv_heap, used = &g->dsv_used, cap = DSV_RING, inc = g->dsv_inc;
    }
    if (ring_take(used, cap, count, &first) != 0) {
        aerocmd_result r = aerocmd_priv_exec_flush(ctx->ex);
        if (r != AEROCMD_OK)
            return aerocmd_priv_exec_hr(ctx, E_FAIL, "a flush for descriptor space");
        if (ring_take(used, cap, count, &first) != 0)
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                          "%u descriptors do not fit a descriptor heap", count);
    }
    *cpu = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(heap);
    cpu->ptr += (SIZE_T)first * inc;
    if (gpu != NULL) {
        *gpu = ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(heap);
        gpu->ptr += (UINT64)first * inc;
    }
    return AEROCMD_OK;
}

static aerocmd_result new_upload_chunk(struct exec_ctx *ctx, uint64_t size)
{
    struct exec_gpu *g = &ctx->ex->gpu;
    struct exec_upload_chunk *c;
    D3D12_RANGE none = {0, 0};
    HRESULT hr = S_OK;
    aerocmd_result r;
    if (g->upload_count == g->upload_cap) {
        uint32_t cap = g->upload_cap == 0 ? 8u : g->upload_cap * 2u;
        struct exec_upload_chunk *grown = realloc(g->uploads, (size_t)cap * sizeof(*grown));
        if (grown == NULL)
            return aerocmd_priv_exec_fail(ctx, AEROCMD_E_OUT_OF_MEMORY, AEROCMD_R_NONE,
                                          "no memory for upload bookkeeping");
        g->uploads = grown;
        g->upload_cap = cap;
    }
    r = aerocmd_priv_exec_charge(
        ctx, (size < UPLOAD_CHUNK ? UPLOAD_CHUNK : size) + EXEC_RESOURCE_OVERHEAD, "upload memory");
    if (r != AEROCMD_OK)
        return r;
    c = &g->uploads[g->upload_count]; /* the charge may have flushed: upload_count is 0 */
    memset(c, 0, sizeof(*c));
    c->size = size < UPLOAD_CHUNK ? UPLOAD_CHUNK : size;
    c->buf = aerocmd_priv_exec_create_buffer(ctx->ex, D3D12_HEAP_TYPE_UPLOAD, c->size,
                                             D3D12_RESOURCE_FLAG_NONE,
                                             D3D12_RESOURCE_STATE_GENERIC_READ, &hr);
    if (c->buf == NULL || FAILED(hr = ID3D12Resource_Map(c->buf, 0, &none, (void **)&c->map))) {
        if (c->buf != NULL)
            IUnknown_Release((IUnknown *)c->buf);
        aerocmd_priv_exec_uncharge(ctx->ex, c->size + EXEC_RESOURCE_OVERHEAD);
        return aerocmd_priv_exec_hr(ctx, hr, "creating upload memory");
    }
    g->upload_bytes += c->size + EXEC_RESOURCE_OVERHEAD;
    g->upload_count++;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_priv_exec_upload_alloc(struct exec_ctx *ctx, uint64_t size, uint64_t align,
                                              uint8_t **map, ID3D12Resource **buf, uint64_t *offset)
{
    struct exec_gpu *g = &ctx->ex->gpu;
    struct exec_upload_chunk *c = g->upload_count > 0 ? &g->uploads[g->upload_count - 1u] : NULL;
    uint64_t at = c != NULL ? (c->used + align - 1u) / align * align : 0;
    if (c == NULL || at > c->size || size > c->size - at) {
        aerocmd_result r;
        if (g->upload_count >= 64u) { /* 512 MiB in flight: let the GPU catch up */
            if (aerocmd_priv_exec_flush(ctx->ex) != AEROCMD_OK)
                return aerocmd_priv_exec_hr(ctx, E_FAIL, "a flush for upload space");
        }
        r = new_upload_chunk(ctx, size);
        if (r != AEROCMD_OK)
            return r;
        c = &g->uploads[g->upload_count - 1u];
        at = 0;
    }
    c->used = at + size;
    *map = c->map + at;
    *buf = c->buf;
    *offset = at;
    return AEROCMD_OK;
}

void aerocmd_priv_exec_transition(struct aerocmd_exec *ex, struct exec_resource *res,
                                  uint32_t first, uint32_t count, D3D12_RESOURCE_STATES state)
{
    D3D12_RESOURCE_BARRIER barriers[16];
    uint32_t i, n = 0;
    if (ex->gpu.device == NULL || res->res == NULL)
        return;
    if (res->fresh)
        aerocmd_priv_exec_zero_fresh(ex, res);
    for (i = first; i < first + count && i < res->subresources; i++) {
        D3D12_RESOURCE_BARRIER *b;
        if (res->states[i] == state)
            continue;
        if (n == 16u) {
            ID3D12GraphicsCommandList_ResourceBarrier(ex->gpu.list, n, barriers);
            n = 0;
        }
        b = &barriers[n++];
        memset(b, 0, sizeof(*b));
        b->Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
        b->Transition.pResource = res->res;
        b->Transition.Subresource = i;
        b->Transition.StateBefore = res->states[i];
        b->Transition.StateAfter = state;
        res->states[i] = state;
    }
    if (n > 0)
        ID3D12GraphicsCommandList_ResourceBarrier(ex->gpu.list, n, barriers);
    ex->gpu.recorded = 1;
}

void aerocmd_priv_exec_transition_range(struct aerocmd_exec *ex, struct exec_resource *res,
                                        uint32_t base_mip, uint32_t mips, uint32_t base_layer,
                                        uint32_t layers, D3D12_RESOURCE_STATES state)
{
    uint32_t layer;
    for (layer = base_layer; layer < base_layer + layers; layer++)
        aerocmd_priv_exec_transition(ex, res, aerocmd_priv_exec_subresource(res, base_mip, layer),
                                     mips, state);
}
