/* SPDX-License-Identifier: MIT */
/* demo_shaders.h — the SM4 shaders of `aerocmd demo`, built with the SM4 builder. */
#ifndef AEROCMD_TOOL_DEMO_SHADERS_H
#define AEROCMD_TOOL_DEMO_SHADERS_H

#include <stdint.h>

#include "aerocmd/result.h"
#include "aerocmd/writer.h"

/* Large enough for either container. */
#define DEMO_SHADER_MAX_DXBC 1024u

/* The DXBC container of the demo's vertex shader (kind VS: POSITION float2 + COLOR in;
 * SV_Position = (x, y, 0, 1), COLOR = COLOR * cb0[0]) or pixel shader (kind PS: the
 * interpolated COLOR to SV_Target0) into out; *size gets its size. */
aerocmd_result demo_shader_dxbc(enum aerocmd_shader_kind kind, uint8_t *out, uint32_t capacity,
                                uint32_t *size);

#endif
