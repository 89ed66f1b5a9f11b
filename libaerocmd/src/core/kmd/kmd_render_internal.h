/* SPDX-License-Identifier: MIT */
/* kmd_render_internal.h — private: the render path's copy phase, shared with its driver. */
#ifndef AEROCMD_KMD_RENDER_INTERNAL_H
#define AEROCMD_KMD_RENDER_INTERNAL_H

#include "aerocmd/kmd_render.h"

#define KMD_STREAM_HEADER_BYTES ((uint32_t)sizeof(struct aerogpu_cmd_stream_header))
#define KMD_PACKET_HEADER_BYTES ((uint32_t)sizeof(struct aerogpu_cmd_hdr))

/* What the copy phase put in the DMA buffer. */
struct kmd_copy_outcome {
    uint32_t abi_version; /* of the stream being copied */
    uint32_t stream_size; /* the user stream's size_bytes */
    uint32_t user_next;   /* user offset after the last packet copied */
    uint32_t dma_used;    /* the DMA stream's size_bytes (already written to its header) */
};

/* Copies the user stream (or, on a continuation, its next part) into the DMA buffer.
 * Returns AEROCMD_R_NONE or the reason it stopped, with fault filled. */
uint32_t aerocmd_priv_kmd_render_copy(const struct aerocmd_kmd_validator *v,
                                      const struct aerocmd_kmd_render_args *args,
                                      struct kmd_copy_outcome *copied,
                                      struct aerocmd_kmd_fault *fault);

#endif /* AEROCMD_KMD_RENDER_INTERNAL_H */
