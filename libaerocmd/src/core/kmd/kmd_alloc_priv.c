/* SPDX-License-Identifier: MIT */
/* kmd_alloc_priv.c — the allocation private-data blob: parsing, filling, and the create /
 * open rules for share tokens. */
#include <stddef.h>

#include "aerocmd/kmd_alloc.h"
#include "kmd_bytes.h"

#define PRIV_FIELD(name) ((uint32_t)offsetof(struct aerogpu_wddm_alloc_priv_v2, name))

#define PRIV_KNOWN_FLAGS                                                                           \
    (AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED | AEROGPU_WDDM_ALLOC_PRIV_FLAG_CPU_VISIBLE |           \
     AEROGPU_WDDM_ALLOC_PRIV_FLAG_STAGING)

static void read_fields(const uint8_t *b, uint32_t version, struct aerocmd_kmd_alloc_info *info)
{
    memset(info, 0, sizeof *info);
    info->version = version;
    info->alloc_id = aerocmd_load_u32(b + PRIV_FIELD(alloc_id));
    info->flags = aerocmd_load_u32(b + PRIV_FIELD(flags));
    info->share_token = aerocmd_load_u64(b + PRIV_FIELD(share_token));
    info->size_bytes = aerocmd_load_u64(b + PRIV_FIELD(size_bytes));
    info->reserved0 = aerocmd_load_u64(b + PRIV_FIELD(reserved0));
    if (version < AEROGPU_WDDM_ALLOC_PRIV_VERSION_2)
        return;
    info->kind = aerocmd_load_u32(b + PRIV_FIELD(kind));
    info->width = aerocmd_load_u32(b + PRIV_FIELD(width));
    info->height = aerocmd_load_u32(b + PRIV_FIELD(height));
    info->format = aerocmd_load_u32(b + PRIV_FIELD(format));
    info->row_pitch_bytes = aerocmd_load_u32(b + PRIV_FIELD(row_pitch_bytes));
}

/* The blob's header rules; *version receives the version when they hold. */
static uint32_t header_fault(const uint8_t *b, size_t len, uint32_t *version, uint32_t *offset)
{
    *offset = 0;
    if (len < 8u)
        return AEROCMD_KMD_R_PRIV_SIZE;
    if (aerocmd_load_u32(b + PRIV_FIELD(magic)) != AEROGPU_WDDM_ALLOC_PRIV_MAGIC)
        return AEROCMD_KMD_R_PRIV_MAGIC;
    *offset = PRIV_FIELD(version);
    *version = aerocmd_load_u32(b + PRIV_FIELD(version));
    if (*version == AEROGPU_WDDM_ALLOC_PRIV_VERSION)
        return len < AEROCMD_KMD_ALLOC_PRIV_V1_BYTES ? AEROCMD_KMD_R_PRIV_SIZE : AEROCMD_R_NONE;
    if (*version == AEROGPU_WDDM_ALLOC_PRIV_VERSION_2)
        return len < AEROCMD_KMD_ALLOC_PRIV_V2_BYTES ? AEROCMD_KMD_R_PRIV_SIZE : AEROCMD_R_NONE;
    return AEROCMD_KMD_R_PRIV_VERSION;
}

static uint32_t field_fault(const uint8_t *b, const struct aerocmd_kmd_alloc_info *info,
                            uint32_t *offset)
{
    *offset = PRIV_FIELD(alloc_id);
    if (info->alloc_id == 0 || info->alloc_id > AEROGPU_WDDM_ALLOC_ID_UMD_MAX)
        return AEROCMD_KMD_R_PRIV_ALLOC_ID;
    *offset = PRIV_FIELD(flags);
    if ((info->flags & ~(uint32_t)PRIV_KNOWN_FLAGS) != 0)
        return AEROCMD_KMD_R_PRIV_FLAGS;
    *offset = PRIV_FIELD(share_token);
    if (info->share_token != 0 && (info->flags & AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED) == 0)
        return AEROCMD_KMD_R_PRIV_TOKEN_UNSHARED;
    if (info->version < AEROGPU_WDDM_ALLOC_PRIV_VERSION_2)
        return AEROCMD_R_NONE;
    *offset = PRIV_FIELD(kind);
    if (info->kind > AEROGPU_WDDM_ALLOC_KIND_TEXTURE2D)
        return AEROCMD_KMD_R_PRIV_KIND;
    *offset = PRIV_FIELD(reserved1);
    if (aerocmd_load_u32(b + PRIV_FIELD(reserved1)) != 0)
        return AEROCMD_KMD_R_PRIV_RESERVED;
    return AEROCMD_R_NONE;
}

aerocmd_result aerocmd_kmd_alloc_priv_parse(const void *blob, size_t len,
                                            struct aerocmd_kmd_alloc_info *info,
                                            struct aerocmd_kmd_fault *fault)
{
    const uint8_t *b = (const uint8_t *)blob;
    uint32_t version = 0, offset = 0, reason;

    kmd_set_fault(fault, AEROCMD_R_NONE, 0, 0);
    if (info == NULL || (b == NULL && len != 0)) {
        kmd_set_fault(fault, AEROCMD_KMD_R_BAD_ARGUMENT, 0, 0);
        return AEROCMD_E_INVALID_ARG;
    }
    reason = header_fault(b, len, &version, &offset);
    if (reason == AEROCMD_R_NONE) {
        read_fields(b, version, info);
        reason = field_fault(b, info, &offset);
    }
    if (reason != AEROCMD_R_NONE) {
        kmd_set_fault(fault, reason, offset, 0);
        return AEROCMD_E_MALFORMED;
    }
    return AEROCMD_OK;
}

aerocmd_result aerocmd_kmd_alloc_priv_fill(const struct aerocmd_kmd_alloc_info *info, void *blob,
                                           size_t len, size_t *written)
{
    uint8_t *b = (uint8_t *)blob;
    size_t need;

    if (info == NULL || b == NULL)
        return AEROCMD_E_INVALID_ARG;
    if (info->version == AEROGPU_WDDM_ALLOC_PRIV_VERSION)
        need = AEROCMD_KMD_ALLOC_PRIV_V1_BYTES;
    else if (info->version == AEROGPU_WDDM_ALLOC_PRIV_VERSION_2)
        need = AEROCMD_KMD_ALLOC_PRIV_V2_BYTES;
    else
        return AEROCMD_E_INVALID_ARG;
    if (len < need)
        return AEROCMD_E_INVALID_ARG;
    memset(b, 0, need);
    aerocmd_store_u32(b + PRIV_FIELD(magic), AEROGPU_WDDM_ALLOC_PRIV_MAGIC);
    aerocmd_store_u32(b + PRIV_FIELD(version), info->version);
    aerocmd_store_u32(b + PRIV_FIELD(alloc_id), info->alloc_id);
    aerocmd_store_u32(b + PRIV_FIELD(flags), info->flags);
    aerocmd_store_u64(b + PRIV_FIELD(share_token), info->share_token);
    aerocmd_store_u64(b + PRIV_FIELD(size_bytes), info->size_bytes);
    aerocmd_store_u64(b + PRIV_FIELD(reserved0), info->reserved0);
    if (need == AEROCMD_KMD_ALLOC_PRIV_V2_BYTES) {
        aerocmd_store_u32(b + PRIV_FIELD(kind), info->kind);
        aerocmd_store_u32(b + PRIV_FIELD(width), info->width);
        aerocmd_store_u32(b + PRIV_FIELD(height), info->height);
        aerocmd_store_u32(b + PRIV_FIELD(format), info->format);
        aerocmd_store_u32(b + PRIV_FIELD(row_pitch_bytes), info->row_pitch_bytes);
    }
    if (written != NULL)
        *written = need;
    return AEROCMD_OK;
}

aerocmd_result aerocmd_kmd_alloc_create(void *blob, size_t len,
                                        const struct aerocmd_kmd_token_source *tokens,
                                        struct aerocmd_kmd_alloc_info *info,
                                        struct aerocmd_kmd_fault *fault)
{
    aerocmd_result r;

    if (tokens == NULL || tokens->next == NULL) {
        kmd_set_fault(fault, AEROCMD_KMD_R_BAD_ARGUMENT, 0, 0);
        return AEROCMD_E_INVALID_ARG;
    }
    r = aerocmd_kmd_alloc_priv_parse(blob, len, info, fault);
    if (r != AEROCMD_OK)
        return r;
    /* A token picked by user mode could name another process's surface. */
    if (info->share_token != 0) {
        kmd_set_fault(fault, AEROCMD_KMD_R_PRIV_TOKEN_PRESET, PRIV_FIELD(share_token), 0);
        return AEROCMD_E_MALFORMED;
    }
    if ((info->flags & AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED) == 0)
        return AEROCMD_OK;
    info->share_token = tokens->next(tokens->user);
    if (info->share_token == 0) {
        kmd_set_fault(fault, AEROCMD_KMD_R_TOKEN_EXHAUSTED, PRIV_FIELD(share_token), 0);
        return AEROCMD_E_OUT_OF_MEMORY;
    }
    aerocmd_store_u64((uint8_t *)blob + PRIV_FIELD(share_token), info->share_token);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_kmd_alloc_open(const void *blob, size_t len,
                                      struct aerocmd_kmd_alloc_info *info,
                                      struct aerocmd_kmd_fault *fault)
{
    aerocmd_result r = aerocmd_kmd_alloc_priv_parse(blob, len, info, fault);
    if (r != AEROCMD_OK)
        return r;
    if ((info->flags & AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED) != 0 && info->share_token == 0) {
        kmd_set_fault(fault, AEROCMD_KMD_R_PRIV_TOKEN_MISSING, PRIV_FIELD(share_token), 0);
        return AEROCMD_E_MALFORMED;
    }
    return AEROCMD_OK;
}
