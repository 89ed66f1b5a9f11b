/* SPDX-License-Identifier: MIT */
/* aerogpu_wddm_alloc.h — Allocation private data exchanged between the user-mode and kernel-mode
 * drivers. */
#ifndef AEROGPU_WDDM_ALLOC_H
#define AEROGPU_WDDM_ALLOC_H

#include "aerogpu_protocol_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t aerogpu_wddm_u32;
typedef uint64_t aerogpu_wddm_u64;

#define AEROGPU_WDDM_ALLOC_PRIV_MAGIC           0x414C4C4Fu /* "OLLA" */
#define AEROGPU_WDDM_ALLOC_PRIV_VERSION         1u
#define AEROGPU_WDDM_ALLOC_PRIV_VERSION_2       2u
#define AEROGPU_WDDM_ALLOC_PRIVATE_DATA_MAGIC   0x414C4C4Fu /* "OLLA" */
#define AEROGPU_WDDM_ALLOC_PRIVATE_DATA_VERSION 1u
#define AEROGPU_WDDM_ALLOC_ID_UMD_MAX           0x7FFFFFFFu
#define AEROGPU_WDDM_ALLOC_ID_KMD_MIN           0x80000000u
#define AEROGPU_WDDM_ALLOC_PRIV_FLAG_SHARED     1u
#define AEROGPU_WDDM_ALLOC_PRIV_DESC_MARKER     0x8000000000000000ull
#define AEROGPU_WDDM_ALLOC_PRIV_DESC_MAX_WIDTH  65535u
#define AEROGPU_WDDM_ALLOC_PRIV_DESC_MAX_HEIGHT 32767u

/* Bit set in the allocation private data flags. */
enum aerogpu_wddm_alloc_private_flags {
    AEROGPU_WDDM_ALLOC_PRIV_FLAG_NONE = 0,
    AEROGPU_WDDM_ALLOC_PRIV_FLAG_IS_SHARED = 1,
    AEROGPU_WDDM_ALLOC_PRIV_FLAG_CPU_VISIBLE = 2,
    AEROGPU_WDDM_ALLOC_PRIV_FLAG_STAGING = 4,
};

/* What an allocation (private data v2) holds. */
enum aerogpu_wddm_alloc_kind {
    AEROGPU_WDDM_ALLOC_KIND_UNKNOWN = 0,
    AEROGPU_WDDM_ALLOC_KIND_BUFFER = 1,
    AEROGPU_WDDM_ALLOC_KIND_TEXTURE2D = 2,
};

/* Allocation private data v1, stored by the OS and replayed byte for byte when a shared allocation
 * is opened. */
AEROGPU_PACKED_BEGIN
struct aerogpu_wddm_alloc_priv {
    aerogpu_wddm_u32 magic;
    aerogpu_wddm_u32 version;
    aerogpu_wddm_u32 alloc_id;
    aerogpu_wddm_u32 flags;
    aerogpu_wddm_u64 share_token;
    aerogpu_wddm_u64 size_bytes;
    aerogpu_wddm_u64 reserved0;
};
AEROGPU_PACKED_END

/* Allocation private data v2: v1 plus a description of the resource. */
AEROGPU_PACKED_BEGIN
struct aerogpu_wddm_alloc_priv_v2 {
    aerogpu_wddm_u32 magic;
    aerogpu_wddm_u32 version;
    aerogpu_wddm_u32 alloc_id;
    aerogpu_wddm_u32 flags;
    aerogpu_wddm_u64 share_token;
    aerogpu_wddm_u64 size_bytes;
    aerogpu_wddm_u64 reserved0;
    aerogpu_wddm_u32 kind;
    aerogpu_wddm_u32 width;
    aerogpu_wddm_u32 height;
    aerogpu_wddm_u32 format;
    aerogpu_wddm_u32 row_pitch_bytes;
    aerogpu_wddm_u32 reserved1;
};
AEROGPU_PACKED_END

AEROGPU_ASSERT_SIZE(aerogpu_wddm_alloc_priv, struct aerogpu_wddm_alloc_priv, 40);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv, struct aerogpu_wddm_alloc_priv, magic, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv, struct aerogpu_wddm_alloc_priv, version, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv, struct aerogpu_wddm_alloc_priv, alloc_id, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv, struct aerogpu_wddm_alloc_priv, flags, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv, struct aerogpu_wddm_alloc_priv, share_token, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv, struct aerogpu_wddm_alloc_priv, size_bytes, 24);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv, struct aerogpu_wddm_alloc_priv, reserved0, 32);

AEROGPU_ASSERT_SIZE(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, 64);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, magic, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, version, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, alloc_id, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, flags, 12);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, share_token,
                      16);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, size_bytes,
                      24);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, reserved0, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, kind, 40);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, width, 44);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, height, 48);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, format, 52);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2,
                      row_pitch_bytes, 56);
AEROGPU_ASSERT_OFFSET(aerogpu_wddm_alloc_priv_v2, struct aerogpu_wddm_alloc_priv_v2, reserved1, 60);

#ifdef __cplusplus
}
#endif

#endif /* AEROGPU_WDDM_ALLOC_H */
