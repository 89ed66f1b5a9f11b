/* SPDX-License-Identifier: MIT */
/* The driver's own shaders (umd_builtin.h): every container passes the executor's check
 * (framing, checksum, token walk, vkd3d-shader's compilation); small buffers and unknown
 * ids are refused. */
#include "check.h"
#include "shaders/dxbc_check.h"

#include "aerocmd/umd_builtin.h"

int main(void)
{
    static uint8_t c[AEROCMD_UMD_BUILTIN_MAX_DXBC];
    static const char *const names[AEROCMD_UMD_BUILTIN_COUNT] = {"vs_fullscreen", "ps_sample",
                                                                 "ps_sample_array"};
    uint32_t i, size = 0;
    for (i = 0; i < AEROCMD_UMD_BUILTIN_COUNT; i++) {
        size = 0;
        if (CHECK_EQ(aerocmd_umd_builtin_dxbc((enum aerocmd_umd_builtin)i, c, sizeof c, &size),
                     AEROCMD_OK))
            CHECK(dxbc_ok(c, size, names[i]));
        CHECK(memcmp(c, "DXBC", 4) == 0);
        CHECK_EQ(aerocmd_umd_builtin_dxbc((enum aerocmd_umd_builtin)i, c, 16, &size),
                 AEROCMD_E_BUFFER_FULL);
    }
    CHECK_EQ(aerocmd_umd_builtin_dxbc(AEROCMD_UMD_BUILTIN_COUNT, c, sizeof c, &size),
             AEROCMD_E_INVALID_ARG);
    return check_finish();
}
