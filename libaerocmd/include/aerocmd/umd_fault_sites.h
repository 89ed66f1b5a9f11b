/* SPDX-License-Identifier: MIT */
/* umd_fault_sites.h — every call the state tracker makes that can fail, by name.
 *
 * The umd layer fails only where it asks something of its environment: the allocator, a
 * callback that answers with a result (umd_callbacks.h), the id source. Each such call in
 * the library is one site below, and names itself just before it is made, so a
 * fault-injection harness can tell which sites its failures reached and prove that none was
 * never made to fail (test/faults). test/faults/check_fault_sites.py keeps this list and the
 * sources in step: every fallible call goes through a site, every site is used once. */
#ifndef AEROCMD_UMD_FAULT_SITES_H
#define AEROCMD_UMD_FAULT_SITES_H

#include <stdint.h>

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

/* X(name, class, what): class is ALLOCATOR, CALLBACK or ID. */
#define AEROCMD_UMD_FAULT_SITES(X)                                                                 \
    X(RESOURCE_HANDLE, ID, "a resource's host handle")                                             \
    X(RESOURCE_ALLOC_ID, ID, "a guest-backed resource's alloc_id")                                 \
    X(RESOURCE_SHADOW, ALLOCATOR, "a DYNAMIC resource's CPU shadow")                               \
    X(RESOURCE_MEMORY, CALLBACK, "allocate_memory: a guest-backed resource's allocation")          \
    X(RESOURCE_INITIAL_BUFFER, CALLBACK, "lock_memory: a guest buffer's initial data")             \
    X(RESOURCE_INITIAL_TEXTURE, CALLBACK, "lock_memory: a guest texture's initial data")           \
    X(SHARED_MEMORY, CALLBACK, "allocate_memory: a shareable resource's allocation")               \
    X(OPENED_HANDLE, ID, "an opened shared resource's host handle")                                \
    X(VIEW_HANDLE, ID, "a view's own host handle")                                                 \
    X(ROTATED_VIEW_HANDLE, ID, "the new host view of a rotated texture's view")                    \
    X(SHADER_HANDLE, ID, "a shader's handle")                                                      \
    X(SHADER_BYTECODE, ALLOCATOR, "a shader's copy of its DXBC")                                   \
    X(SHADER_CONTAINER, ALLOCATOR, "a shader's DXBC container built from bare tokens")             \
    X(INPUT_LAYOUT_HANDLE, ID, "an input layout's handle")                                         \
    X(SAMPLER_HANDLE, ID, "a sampler's handle")                                                    \
    X(QUERY_ALLOC_ID, ID, "a query's guest allocation's alloc_id")                                 \
    X(QUERY_MEMORY, CALLBACK, "allocate_memory: a query's guest allocation")                       \
    X(ACQUIRE_BUFFER, CALLBACK, "acquire_buffer: a command buffer")                                \
    X(SUBMIT, CALLBACK, "submit: a command buffer")                                                \
    X(WAIT_FENCE, CALLBACK, "wait_fence: a fence")                                                 \
    X(WAIT_FENCE_RAW, CALLBACK, "wait_fence_raw: a fence, answered with an OS code")               \
    X(LOCK_WHEN_DONE, CALLBACK, "lock_memory: guest memory the GPU is done with")

#define AEROCMD_UMD_SITE_ENUM_(name, class, what) AEROCMD_UMD_SITE_##name,
enum aerocmd_umd_fault_site {
    AEROCMD_UMD_SITE_NONE = 0,
    AEROCMD_UMD_FAULT_SITES(AEROCMD_UMD_SITE_ENUM_) AEROCMD_UMD_SITE_COUNT
};
#undef AEROCMD_UMD_SITE_ENUM_

enum aerocmd_umd_fault_class {
    AEROCMD_UMD_FAULT_ALLOCATOR = 1,
    AEROCMD_UMD_FAULT_CALLBACK = 2,
    AEROCMD_UMD_FAULT_ID = 3
};

struct aerocmd_umd_device;

/* From now on the device stores the site of each fallible call in *site just before making
 * it (NULL stops it). For fault-injection harnesses; costs one store per fallible call. */
void aerocmd_umd_device_watch_faults(struct aerocmd_umd_device *dev, uint32_t *site);

/* The site's name ("SUBMIT") and class; NULL and 0 for a value that is no site. */
const char *aerocmd_umd_fault_site_name(uint32_t site);
enum aerocmd_umd_fault_class aerocmd_umd_fault_site_class(uint32_t site);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_FAULT_SITES_H */
