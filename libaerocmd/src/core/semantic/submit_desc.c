/* SPDX-License-Identifier: MIT */
/* submit_desc.c — checking one ring submit descriptor. */
#include "aerocmd/submission.h"

#include "../common/le_bytes.h"

#define DESC_MIN_BYTES 64u

#define OFF_DESC_SIZE       0u
#define OFF_FLAGS           4u
#define OFF_ENGINE_ID       12u
#define OFF_CMD_GPA         16u
#define OFF_CMD_SIZE        24u
#define OFF_CMD_RESERVED0   28u
#define OFF_ALLOC_GPA       32u
#define OFF_ALLOC_SIZE      40u
#define OFF_ALLOC_RESERVED0 44u
#define OFF_RESERVED0       56u

/* A (gpa, size) pair names either nothing (both zero) or a range that must not wrap. */
static aerocmd_result check_range(const uint8_t *d, uint32_t gpa_off, uint32_t size_off,
                                  aerocmd_reason pair_reason, aerocmd_reason overflow_reason,
                                  struct aerocmd_diag *diag)
{
    uint64_t gpa = aerocmd_load_u64(d + gpa_off);
    uint32_t size = aerocmd_load_u32(d + size_off);
    if ((gpa == 0) != (size == 0))
        return aerocmd_diag_fail(diag, pair_reason, gpa_off, 0);
    if (gpa > UINT64_MAX - size)
        return aerocmd_diag_fail(diag, overflow_reason, gpa_off, 0);
    return AEROCMD_OK;
}

aerocmd_result aerocmd_submit_desc_check(const void *desc, size_t len, struct aerocmd_diag *diag)
{
    const uint32_t known_flags = AEROGPU_SUBMIT_FLAG_PRESENT | AEROGPU_SUBMIT_FLAG_NO_IRQ;
    const uint8_t *d = (const uint8_t *)desc;
    uint32_t desc_size;
    aerocmd_result r;
    aerocmd_diag_clear(diag);
    if (!desc && len != 0)
        return AEROCMD_E_INVALID_ARG;
    if (len < DESC_MIN_BYTES)
        return aerocmd_diag_fail(diag, AEROCMD_R_SUBMIT_DESC_SIZE, OFF_DESC_SIZE, 0);
    desc_size = aerocmd_load_u32(d + OFF_DESC_SIZE);
    if (desc_size < DESC_MIN_BYTES || (size_t)desc_size > len)
        return aerocmd_diag_fail(diag, AEROCMD_R_SUBMIT_DESC_SIZE, OFF_DESC_SIZE, 0);
    if ((aerocmd_load_u32(d + OFF_FLAGS) & ~known_flags) != 0)
        return aerocmd_diag_fail(diag, AEROCMD_R_SUBMIT_FLAGS, OFF_FLAGS, 0);
    if (aerocmd_load_u32(d + OFF_ENGINE_ID) != AEROGPU_ENGINE_0)
        return aerocmd_diag_fail(diag, AEROCMD_R_SUBMIT_ENGINE, OFF_ENGINE_ID, 0);
    r = check_range(d, OFF_CMD_GPA, OFF_CMD_SIZE, AEROCMD_R_SUBMIT_CMD_PAIR,
                    AEROCMD_R_SUBMIT_CMD_OVERFLOW, diag);
    if (r != AEROCMD_OK)
        return r;
    if (aerocmd_load_u32(d + OFF_CMD_RESERVED0) != 0)
        return aerocmd_diag_fail(diag, AEROCMD_R_RESERVED_NONZERO, OFF_CMD_RESERVED0, 0);
    r = check_range(d, OFF_ALLOC_GPA, OFF_ALLOC_SIZE, AEROCMD_R_SUBMIT_ALLOC_PAIR,
                    AEROCMD_R_SUBMIT_ALLOC_OVERFLOW, diag);
    if (r != AEROCMD_OK)
        return r;
    if (aerocmd_load_u32(d + OFF_ALLOC_RESERVED0) != 0)
        return aerocmd_diag_fail(diag, AEROCMD_R_RESERVED_NONZERO, OFF_ALLOC_RESERVED0, 0);
    if (aerocmd_load_u64(d + OFF_RESERVED0) != 0)
        return aerocmd_diag_fail(diag, AEROCMD_R_RESERVED_NONZERO, OFF_RESERVED0, 0);
    return AEROCMD_OK;
}
