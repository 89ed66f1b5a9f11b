/* SPDX-License-Identifier: MIT */
/* exec_zero.c — what the guest never wrote reads zero.
 *
 * Direct3D 12 zeroes the memory of a committed resource; vkd3d 1.2 over lavapipe hands it
 * out as malloc left it: bytes of resources destroyed before, or anything else the process
 * held, which a guest could read back (and a live host would then show one process's
 * leftovers to a guest, and one run's pictures would differ from another's). A resource
 * created without guest memory is zeroed from the zero buffer at its first use (its first
 * barrier), not at its creation: a stream may create many it never uses. A use that writes
 * all of it (an upload of every byte, a clear of its only mip and every layer) needs no
 * zeros first. The bytes zeroed are work of the submission that first uses the resource
 * (bytes moved); they are counted as they are recorded, so a packet may pass the work
 * budget by them and the next packet that counts work is refused. */
#include <string.h>

#include "exec_internal.h"

static uint32_t min32(uint32_t a, uint32_t b)
{
    return a < b ? a : b;
}

static void zero_buffer(struct aerocmd_exec *ex, struct exec_resource *res)
{
    uint64_t at;
    aerocmd_priv_exec_transition(ex, res, 0, 1, D3D12_RESOURCE_STATE_COPY_DEST);
    for (at = 0; at < res->size_bytes; at += EXEC_CB_MAX_BYTES) {
        uint64_t n = res->size_bytes - at;
        ID3D12GraphicsCommandList_CopyBufferRegion(ex->gpu.list, res->res, at, ex->gpu.zero_buffer,
                                                   0,
                                                   n < EXEC_CB_MAX_BYTES ? n : EXEC_CB_MAX_BYTES);
    }
}

/* One subresource in copies from the zero buffer, each at most its size: rectangles of
 * texels (of 4x4 blocks for BC formats). */
static void zero_subresource(struct aerocmd_exec *ex, struct exec_resource *res, uint32_t index,
                             const struct aerocmd_texture_layout *layout, DXGI_FORMAT storage)
{
    struct aerocmd_subresource_layout sub;
    D3D12_TEXTURE_COPY_LOCATION dst, src;
    D3D12_BOX box;
    uint32_t b = layout->block_size, x, y, cols, chunk_cols, chunk_rows, pitch;
    uint32_t bpb = aerocmd_priv_exec_storage_bytes(res->tex.format, layout->block_bytes);
    aerocmd_texture_subresource(&res->tex, index, &sub, NULL);
    cols = (sub.width + b - 1u) / b;
    chunk_cols = min32(cols, EXEC_CB_MAX_BYTES / bpb);
    pitch = (chunk_cols * bpb + 255u) & ~255u;
    chunk_rows = EXEC_CB_MAX_BYTES / pitch;
    memset(&dst, 0, sizeof(dst));
    memset(&src, 0, sizeof(src));
    dst.pResource = res->res;
    dst.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    dst.SubresourceIndex = index;
    src.pResource = ex->gpu.zero_buffer;
    src.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    src.PlacedFootprint.Footprint.Format = storage;
    src.PlacedFootprint.Footprint.Depth = 1;
    src.PlacedFootprint.Footprint.RowPitch = pitch;
    aerocmd_priv_exec_transition(ex, res, index, 1, D3D12_RESOURCE_STATE_COPY_DEST);
    for (y = 0; y < sub.rows; y += chunk_rows)
        for (x = 0; x < cols; x += chunk_cols) {
            uint32_t w = min32(chunk_cols, cols - x), h = min32(chunk_rows, sub.rows - y);
            src.PlacedFootprint.Footprint.Width = w * b;
            src.PlacedFootprint.Footprint.Height = h * b;
            box.left = box.top = box.front = 0;
            box.right = min32(w * b, sub.width - x * b);
            box.bottom = min32(h * b, sub.height - y * b);
            box.back = 1;
            ID3D12GraphicsCommandList_CopyTextureRegion(ex->gpu.list, &dst, x * b, y * b, 0, &src,
                                                        &box);
        }
}

void aerocmd_priv_exec_zero_fresh(struct aerocmd_exec *ex, struct exec_resource *res)
{
    struct aerocmd_texture_layout layout;
    struct exec_format f;
    uint32_t i;
    res->fresh = 0;
    ex->work_used = res->size_bytes <= UINT64_MAX - ex->work_used ? ex->work_used + res->size_bytes
                                                                  : UINT64_MAX;
    if (!res->is_texture) {
        zero_buffer(ex, res);
        return;
    }
    if (aerocmd_texture_layout(&res->tex, &layout, NULL) != AEROCMD_OK ||
        aerocmd_priv_exec_format(res->tex.format, &f) != 0)
        return;
    for (i = 0; i < layout.subresource_count; i++)
        zero_subresource(ex, res, i, &layout, f.storage);
}
