/* SPDX-License-Identifier: MIT */
/* rt_guids.c — the runtime's private interface identifier. */
#include "aerort_private.h"

const GUID IID_IAeroRtDevice = {
    0x5e1c0a7a, 0x3d2b, 0x4f61, {0x9a, 0x58, 0x0c, 0x4a, 0x2e, 0x7b, 0x9d, 0x11}};
