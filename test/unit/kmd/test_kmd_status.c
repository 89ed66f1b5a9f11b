/* SPDX-License-Identifier: MIT */
/* The one reason -> NTSTATUS table: complete, unique, and the documented values. */
#include "aerocmd/kmd_status.h"
#include "check.h"

static unsigned count_rows(const struct aerocmd_kmd_status_entry *t, uint32_t n, uint32_t reason)
{
    unsigned hits = 0;
    uint32_t i;
    for (i = 0; i < n; i++)
        hits += t[i].reason == reason;
    return hits;
}

int main(void)
{
    uint32_t n = 0, r;
    const struct aerocmd_kmd_status_entry *t = aerocmd_kmd_status_table(&n);

    CHECK_EQ(n, (uint32_t)AEROCMD_R_COUNT_ + (AEROCMD_KMD_R_END_ - AEROCMD_KMD_R_FIRST_));
    for (r = 0; r < (uint32_t)AEROCMD_R_COUNT_; r++)
        CHECK_EQ(count_rows(t, n, r), 1);
    for (r = AEROCMD_KMD_R_FIRST_; r < AEROCMD_KMD_R_END_; r++)
        CHECK_EQ(count_rows(t, n, r), 1);

    /* numeric values as Windows defines them */
    CHECK_EQ(AEROCMD_STATUS_NO_MEMORY, 0xC0000017u);
    CHECK_EQ(AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER, 0xC01E0001u);
    CHECK_EQ(AEROCMD_STATUS_GRAPHICS_DRIVER_MISMATCH, 0xC01E0009u);

    CHECK_EQ(aerocmd_kmd_status_for_reason(AEROCMD_R_NONE), AEROCMD_STATUS_SUCCESS);
    CHECK_EQ(aerocmd_kmd_status_for_reason(AEROCMD_R_BAD_MAGIC),
             AEROCMD_STATUS_GRAPHICS_DRIVER_MISMATCH);
    CHECK_EQ(aerocmd_kmd_status_for_reason(AEROCMD_R_ABI_MAJOR),
             AEROCMD_STATUS_GRAPHICS_DRIVER_MISMATCH);
    CHECK_EQ(aerocmd_kmd_status_for_reason(AEROCMD_R_PACKET_PAST_END),
             AEROCMD_STATUS_INVALID_USER_BUFFER);
    CHECK_EQ(aerocmd_kmd_status_for_reason(AEROCMD_R_ENUM_RANGE), AEROCMD_STATUS_INVALID_PARAMETER);
    CHECK_EQ(aerocmd_kmd_status_for_reason(AEROCMD_R_HANDLE_UNKNOWN),
             AEROCMD_STATUS_INVALID_HANDLE);
    CHECK_EQ(aerocmd_kmd_status_for_reason(AEROCMD_R_ALLOC_MISSING), AEROCMD_STATUS_INVALID_HANDLE);
    CHECK_EQ(aerocmd_kmd_status_for_reason(AEROCMD_R_TRACKER_FULL), AEROCMD_STATUS_NO_MEMORY);
    CHECK_EQ(aerocmd_kmd_status_for_reason(AEROCMD_KMD_R_OPCODE_UNKNOWN),
             AEROCMD_STATUS_ILLEGAL_INSTRUCTION);
    CHECK_EQ(aerocmd_kmd_status_for_reason(AEROCMD_KMD_R_DMA_BUFFER_FULL),
             AEROCMD_STATUS_GRAPHICS_INSUFFICIENT_DMA_BUFFER);
    CHECK_EQ(aerocmd_kmd_status_for_reason(AEROCMD_KMD_R_ALLOC_TABLE_NO_ROOM),
             AEROCMD_STATUS_NO_MEMORY);
    CHECK_EQ(aerocmd_kmd_status_for_reason(0xFFFFu), AEROCMD_STATUS_INVALID_PARAMETER);
    return check_finish();
}
