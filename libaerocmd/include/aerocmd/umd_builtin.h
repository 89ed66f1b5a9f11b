/* SPDX-License-Identifier: MIT */
/* umd_builtin.h — the driver's own shaders (umd layer).
 *
 * The protocol has no blit with scaling or format conversion and no mip generation, but it
 * has draws. DXGI's Blt and GenerateMips are drawn with two shaders of the driver's own,
 * built with the SM4 builder (sm4.h) and created on the host lazily, once per context, the
 * first time one of them is needed (destroyed with the context):
 * - VS_FULLSCREEN (vs_4_0): from SV_VertexID alone (no vertex buffer, no input layout), a
 *   triangle covering the viewport, with TEXCOORD0 = (0, 0) at its top-left corner and
 *   (1, 1) at its bottom-right: vertices 0, 1, 2 at clip (-1, 1), (3, 1), (-1, -3) with
 *   texture coordinates (0, 0), (2, 0), (0, 2).
 * - PS_SAMPLE (ps_4_0): t0 sampled through s0 at TEXCOORD0, level 0 of the view
 *   (sample_l), written to SV_Target. It copies, converts and downsamples alike: a point
 *   sampler gives each destination pixel the source texel under its centre (a copy, or a
 *   conversion when the views' formats differ), a linear one the bilinear blend there
 *   (stretching, and a mip level from the one above). Format conversion is the texture
 *   unit's decode and the render target's encode.
 * - PS_SAMPLE_ARRAY (ps_4_0): the same from a Texture2DArray view of one layer (its slice
 *   0), for levels of array textures: a view of a later layer is an array view.
 * The containers are exposed for tests and tools: every one is checked by vkd3d-shader. */
#ifndef AEROCMD_UMD_BUILTIN_H
#define AEROCMD_UMD_BUILTIN_H

#include <stdint.h>

#include "aerocmd/result.h"

#include "aerocmd/export.h"

#ifdef __cplusplus
extern "C" {
#endif

AEROCMD_EXPORT_BEGIN

enum aerocmd_umd_builtin {
    AEROCMD_UMD_BUILTIN_VS_FULLSCREEN = 0,
    AEROCMD_UMD_BUILTIN_PS_SAMPLE = 1,
    AEROCMD_UMD_BUILTIN_PS_SAMPLE_ARRAY = 2,
    AEROCMD_UMD_BUILTIN_COUNT
};

/* Largest container of any built-in shader. */
#define AEROCMD_UMD_BUILTIN_MAX_DXBC 1024u

/* The DXBC container of built-in `which` into out (capacity bytes); *size receives its
 * size. INVALID_ARG: unknown `which`, NULL pointers. BUFFER_FULL: capacity too small. */
aerocmd_result aerocmd_umd_builtin_dxbc(enum aerocmd_umd_builtin which, void *out,
                                        uint32_t capacity, uint32_t *size);

AEROCMD_EXPORT_END

#ifdef __cplusplus
}
#endif

#endif /* AEROCMD_UMD_BUILTIN_H */
