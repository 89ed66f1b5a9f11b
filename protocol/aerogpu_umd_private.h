/* SPDX-License-Identifier: MIT */
/* aerogpu_umd_private.h — Adapter discovery blob the kernel driver returns to the user-mode driver.
 * Self-contained on purpose: user-mode code may include it without the device headers. */
#ifndef AEROGPU_UMD_PRIVATE_H
#define AEROGPU_UMD_PRIVATE_H

#include "aerogpu_protocol_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef uint32_t aerogpu_umdpriv_u32;
typedef uint64_t aerogpu_umdpriv_u64;

#define AEROGPU_UMDPRIV_MMIO_MAGIC_LEGACY_ARGP 0x41524750u /* "PGRA" */
#define AEROGPU_UMDPRIV_MMIO_MAGIC_NEW_AGPU    0x55504741u /* "AGPU" */
#define AEROGPU_UMDPRIV_MMIO_REG_MAGIC         0x0u
#define AEROGPU_UMDPRIV_MMIO_REG_ABI_VERSION   0x4u
#define AEROGPU_UMDPRIV_MMIO_REG_FEATURES_LO   0x8u
#define AEROGPU_UMDPRIV_MMIO_REG_FEATURES_HI   0xCu
#define AEROGPU_UMDPRIV_FEATURE_FENCE_PAGE     1u
#define AEROGPU_UMDPRIV_FEATURE_CURSOR         2u
#define AEROGPU_UMDPRIV_FEATURE_SCANOUT        4u
#define AEROGPU_UMDPRIV_FEATURE_VBLANK         8u
#define AEROGPU_UMDPRIV_FEATURE_TRANSFER       16u
#define AEROGPU_UMDPRIV_FEATURE_ERROR_INFO     32u
#define AEROGPU_UMDPRIV_STRUCT_VERSION_V1      1u
#define AEROGPU_UMDPRIV_FLAG_IS_LEGACY         1u
#define AEROGPU_UMDPRIV_FLAG_HAS_VBLANK        2u
#define AEROGPU_UMDPRIV_FLAG_HAS_FENCE_PAGE    4u

/* Adapter facts the kernel driver hands the user-mode driver. Accept struct_version 1 with
 * size_bytes >= 64. */
AEROGPU_PACKED_BEGIN
struct aerogpu_umd_private_v1 {
    aerogpu_umdpriv_u32 size_bytes;
    aerogpu_umdpriv_u32 struct_version;
    aerogpu_umdpriv_u32 device_mmio_magic;
    aerogpu_umdpriv_u32 device_abi_version_u32;
    aerogpu_umdpriv_u32 reserved0;
    aerogpu_umdpriv_u64 device_features;
    aerogpu_umdpriv_u32 flags;
    aerogpu_umdpriv_u32 reserved1;
    aerogpu_umdpriv_u32 reserved2;
    aerogpu_umdpriv_u64 reserved3[3];
};
AEROGPU_PACKED_END

AEROGPU_ASSERT_SIZE(aerogpu_umd_private_v1, struct aerogpu_umd_private_v1, 64);
AEROGPU_ASSERT_OFFSET(aerogpu_umd_private_v1, struct aerogpu_umd_private_v1, size_bytes, 0);
AEROGPU_ASSERT_OFFSET(aerogpu_umd_private_v1, struct aerogpu_umd_private_v1, struct_version, 4);
AEROGPU_ASSERT_OFFSET(aerogpu_umd_private_v1, struct aerogpu_umd_private_v1, device_mmio_magic, 8);
AEROGPU_ASSERT_OFFSET(aerogpu_umd_private_v1, struct aerogpu_umd_private_v1, device_abi_version_u32,
                      12);
AEROGPU_ASSERT_OFFSET(aerogpu_umd_private_v1, struct aerogpu_umd_private_v1, reserved0, 16);
AEROGPU_ASSERT_OFFSET(aerogpu_umd_private_v1, struct aerogpu_umd_private_v1, device_features, 20);
AEROGPU_ASSERT_OFFSET(aerogpu_umd_private_v1, struct aerogpu_umd_private_v1, flags, 28);
AEROGPU_ASSERT_OFFSET(aerogpu_umd_private_v1, struct aerogpu_umd_private_v1, reserved1, 32);
AEROGPU_ASSERT_OFFSET(aerogpu_umd_private_v1, struct aerogpu_umd_private_v1, reserved2, 36);
AEROGPU_ASSERT_OFFSET(aerogpu_umd_private_v1, struct aerogpu_umd_private_v1, reserved3, 40);

#ifdef __cplusplus
}
#endif

#endif /* AEROGPU_UMD_PRIVATE_H */
