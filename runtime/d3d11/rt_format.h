/* SPDX-License-Identifier: MIT */
/* rt_format.h — the runtime's knowledge of DXGI formats. */
#ifndef RT_FORMAT_H
#define RT_FORMAT_H

#include "rt_internal.h"

struct rt_format_info {
    unsigned short bits; /* per element (per 4x4 block for block-compressed formats) */
    char kind;           /* 'C' typed colour, 'T' typeless, 'D' depth, 'B' block, 'P' other */
};

const struct rt_format_info *rt_format_info(DXGI_FORMAT format);
/* Bytes per element; 0 for block-compressed or unknown formats. */
UINT rt_format_bytes(DXGI_FORMAT format);
/* D3D11_FORMAT_SUPPORT_* bits. */
UINT rt_format_support(struct rt_device *dev, DXGI_FORMAT format);

#endif
