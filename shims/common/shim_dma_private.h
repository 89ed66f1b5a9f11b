/* SPDX-License-Identifier: MIT */
/* shim_dma_private.h — what the user-mode driver tells the kernel driver about each
 * submission, in D3DDDICB_RENDER.pPrivateDriverData.
 *
 * Pointer-free and of one fixed size on x86 and x64 (a 32-bit process talks to a 64-bit
 * kernel): the kernel copies it and checks magic, version and size before trusting it. */
#ifndef SHIM_DMA_PRIVATE_H
#define SHIM_DMA_PRIVATE_H

#include <stddef.h>
#include <stdint.h>

#define SHIM_DMA_PRIVATE_MAGIC   0x50444741u /* "AGDP" */
#define SHIM_DMA_PRIVATE_VERSION 1u

#define SHIM_DMA_PRIVATE_PRESENT 1u /* the stream is a present (PRESENT packet only) */

struct shim_dma_private {
    uint32_t magic;
    uint32_t version;
    uint32_t size_bytes; /* sizeof(struct shim_dma_private) */
    uint32_t flags;      /* SHIM_DMA_PRIVATE_* */
    uint64_t fence;      /* the user-mode driver's number for this submission, per context */
    uint64_t reserved0;
};

/* The same bytes in 32- and 64-bit processes and kernels. */
typedef char shim_dma_private_is_32_bytes[sizeof(struct shim_dma_private) == 32 ? 1 : -1];
typedef char shim_dma_private_flags_at_12[offsetof(struct shim_dma_private, flags) == 12 ? 1 : -1];
typedef char shim_dma_private_fence_at_16[offsetof(struct shim_dma_private, fence) == 16 ? 1 : -1];
typedef char
    shim_dma_private_reserved_at_24[offsetof(struct shim_dma_private, reserved0) == 24 ? 1 : -1];

#endif
